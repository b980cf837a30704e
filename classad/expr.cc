#include "classad/expr.h"

#include <algorithm>
#include <utility>

#include "classad/classad.h"
#include "classad/operators.h"
#include "classad/program.h"

namespace classad {

const char* OpSpelling(Op op) {
  switch (op) {
    case Op::kNone: return "";
    case Op::kNegate: return "-";
    case Op::kPlus: return "+";
    case Op::kNot: return "!";
    case Op::kBitNot: return "~";
    case Op::kOr: return "||";
    case Op::kAnd: return "&&";
    case Op::kBitOr: return "|";
    case Op::kBitXor: return "^";
    case Op::kBitAnd: return "&";
    case Op::kEqual: return "==";
    case Op::kNotEqual: return "!=";
    case Op::kIs: return "is";
    case Op::kIsnt: return "isnt";
    case Op::kLess: return "<";
    case Op::kLessEq: return "<=";
    case Op::kGreater: return ">";
    case Op::kGreaterEq: return ">=";
    case Op::kShiftLeft: return "<<";
    case Op::kShiftRight: return ">>";
    case Op::kShiftRightLogical: return ">>>";
    case Op::kAdd: return "+";
    case Op::kSubtract: return "-";
    case Op::kMultiply: return "*";
    case Op::kDivide: return "/";
    case Op::kModulo: return "%";
  }
  return "?";
}

uint64_t HashAttributeName(std::string_view name) {
  // FNV-1a over ASCII-lower-cased bytes.
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : name) {
    if (c >= 'A' && c <= 'Z') c = static_cast<unsigned char>(c + ('a' - 'A'));
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

NameClass ClassifyName(std::string_view name) {
  switch (name.size()) {
    case 2: if (AttributeNamesEqual(name, "my")) return NameClass::kMy; break;
    case 4:
      if (AttributeNamesEqual(name, "self")) return NameClass::kSelf;
      if (AttributeNamesEqual(name, "root")) return NameClass::kRoot;
      break;
    case 6:
      if (AttributeNamesEqual(name, "parent")) return NameClass::kParent;
      if (AttributeNamesEqual(name, "target")) return NameClass::kTarget;
      break;
    case 8: if (AttributeNamesEqual(name, "toplevel")) return NameClass::kRoot; break;
    case 11: if (AttributeNamesEqual(name, "CurrentTime")) return NameClass::kCurrentTime; break;
    default: break;
  }
  return NameClass::kOrdinary;
}

ExprPtr Expr::Literal(Value value) {
  auto e = std::make_shared<Expr>(ExprKind::kLiteral, Op::kNone);
  e->literal_ = std::move(value);
  return e;
}

ExprPtr Expr::Attribute(std::string name, bool absolute) {
  NamedNode* node = nullptr;
  auto e = MakeWithNode(ExprKind::kAttribute, Op::kNone, &node);
  node->name_hash = HashAttributeName(name);
  e->name_class_ = ClassifyName(name);
  node->name = std::move(name);
  e->absolute_ = absolute;
  return e;
}

ExprPtr Expr::Select(ExprPtr base, std::string name) {
  SelectNode* node = nullptr;
  auto e = MakeWithNode(ExprKind::kSelect, Op::kNone, &node);
  node->name_hash = HashAttributeName(name);
  e->name_class_ = ClassifyName(name);
  node->name = std::move(name);
  node->base = std::move(base);
  e->ComputeDepth();
  return e;
}

size_t Expr::OperandCount(ExprKind kind) {
  switch (kind) {
    case ExprKind::kConditional:
      return 3;
    case ExprKind::kBinary:
    case ExprKind::kSubscript:
    case ExprKind::kElvis:
      return 2;
    default:
      return 1;  // kUnary, kParens
  }
}

ExprPtr Expr::MakeOperator(ExprKind kind, Op op, ExprPtr* operands) {
  OperatorNode* node = nullptr;
  auto e = MakeWithNode(kind, op, &node);
  const size_t count = OperandCount(kind);
  for (size_t i = 0; i < count; ++i) node->operands[i] = std::move(operands[i]);
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::Subscript(ExprPtr base, ExprPtr index) {
  ExprPtr operands[] = {std::move(base), std::move(index)};
  return MakeOperator(ExprKind::kSubscript, Op::kNone, operands);
}

ExprPtr Expr::Unary(Op op, ExprPtr operand) {
  return MakeOperator(ExprKind::kUnary, op, &operand);
}

ExprPtr Expr::Binary(Op op, ExprPtr left, ExprPtr right) {
  ExprPtr operands[] = {std::move(left), std::move(right)};
  return MakeOperator(ExprKind::kBinary, op, operands);
}

ExprPtr Expr::Conditional(ExprPtr cond, ExprPtr if_true, ExprPtr if_false) {
  ExprPtr operands[] = {std::move(cond), std::move(if_true), std::move(if_false)};
  return MakeOperator(ExprKind::kConditional, Op::kNone, operands);
}

ExprPtr Expr::Elvis(ExprPtr left, ExprPtr right) {
  ExprPtr operands[] = {std::move(left), std::move(right)};
  return MakeOperator(ExprKind::kElvis, Op::kNone, operands);
}

ExprPtr Expr::Call(std::string name, std::vector<ExprPtr> args, const Builtin* builtin) {
  CallNode* node = nullptr;
  auto e = MakeWithNode(ExprKind::kCall, Op::kNone, &node);
  node->name_hash = HashAttributeName(name);
  node->name = std::move(name);
  node->args = std::make_shared<const ExprList>(std::move(args));
  node->builtin = builtin;
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::List(std::vector<ExprPtr> items) {
  ListNode* node = nullptr;
  auto e = MakeWithNode(ExprKind::kList, Op::kNone, &node);
  node->items = std::make_shared<const ExprList>(std::move(items));
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::Ad(std::shared_ptr<const ClassAd> ad) {
  AdNode* node = nullptr;
  auto e = MakeWithNode(ExprKind::kAd, Op::kNone, &node);
  node->ad = std::move(ad);
  return e;
}

ExprPtr Expr::Parens(ExprPtr inner) {
  return MakeOperator(ExprKind::kParens, Op::kNone, &inner);
}

std::span<const ExprPtr> Expr::children() const {
  switch (kind_) {
    case ExprKind::kLiteral:
    case ExprKind::kAttribute:
    case ExprKind::kAd:
      return {};
    case ExprKind::kSelect:
      return std::span<const ExprPtr>(&static_cast<const SelectNode*>(node_)->base, 1);
    case ExprKind::kCall:
      return *static_cast<const CallNode*>(node_)->args;
    case ExprKind::kList:
      return *static_cast<const ListNode*>(node_)->items;
    case ExprKind::kUnary:
    case ExprKind::kParens:
    case ExprKind::kBinary:
    case ExprKind::kSubscript:
    case ExprKind::kElvis:
    case ExprKind::kConditional:
      return std::span<const ExprPtr>(static_cast<const OperatorNode*>(node_)->operands,
                                      OperandCount(kind_));
  }
  return {};
}

const std::string& Expr::EmptyName() {
  static const std::string empty;
  return empty;
}

Expr::Node::~Node() { delete program.load(std::memory_order_acquire); }

const Program& Expr::CompileProgram() const {
  const Program* existing = nullptr;
  std::unique_ptr<Program> compiled = Program::Compile(*this);
  if (node_->program.compare_exchange_strong(existing, compiled.get(),
                                             std::memory_order_acq_rel,
                                             std::memory_order_acquire)) {
    return *compiled.release();
  }
  return *existing;  // another thread installed its program first
}

template <typename N>
std::shared_ptr<Expr> Expr::MakeWithNode(ExprKind kind, Op op, N** shape) {
  struct Block {
    Expr expr;
    N node;
    Block(ExprKind k, Op o) : expr(k, o) {}
  };
  auto block = std::make_shared<Block>(kind, op);
  block->expr.node_ = &block->node;
  *shape = &block->node;
  // Moved, not copied: a copy and the release of `block` that follows
  // would read the counts over the store that just raised them, a
  // store-forwarding stall as long as the rest of the construction.
  Expr* expr = &block->expr;
  return std::shared_ptr<Expr>(std::move(block), expr);
}

void Expr::ComputeDepth() {
  uint32_t deepest = 0;
  for (const ExprPtr& c : children()) deepest = std::max(deepest, c->depth_);
  depth_ = deepest + 1;
}

bool Expr::SameAs(const Expr& other) const {
  if (this == &other) return true;
  if (kind_ != other.kind_ || op_ != other.op_) return false;
  switch (kind_) {
    case ExprKind::kLiteral:
      return IdenticalValues(literal_, other.literal_);
    case ExprKind::kAttribute:
      if (absolute_ != other.absolute_) return false;
      return AttributeNamesEqual(name(), other.name());
    case ExprKind::kSelect:
      if (!AttributeNamesEqual(name(), other.name())) return false;
      break;
    case ExprKind::kCall:
      if (!AttributeNamesEqual(name(), other.name())) return false;
      break;
    case ExprKind::kAd: {
      const ClassAd& a = *ad();
      const ClassAd& b = *other.ad();
      if (a.size() != b.size()) return false;
      for (size_t i = 0; i < a.size(); ++i) {
        const AttrRef mine = a.at(i);
        const AttrRef theirs = b.Find(a.name(i), a.layout()->hash(a.layout()->position(i)));
        if (!theirs || mine.is_literal() != theirs.is_literal()) return false;
        if (mine.is_literal() ? !IdenticalValues(mine.literal(), theirs.literal())
                              : !mine.expr().SameAs(theirs.expr())) {
          return false;
        }
      }
      return true;
    }
    default:
      break;
  }
  const auto& mine = children();
  const auto& theirs = other.children();
  if (mine.size() != theirs.size()) return false;
  for (size_t i = 0; i < mine.size(); ++i) {
    if (!mine[i]->SameAs(*theirs[i])) return false;
  }
  return true;
}

}  // namespace classad
