#include "classad/expr.h"

#include <algorithm>

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
  auto e = MakeWithNode(ExprKind::kAttribute, Op::kNone);
  e->MutableNode().name_hash = HashAttributeName(name);
  e->name_class_ = ClassifyName(name);
  e->MutableNode().name = std::move(name);
  e->absolute_ = absolute;
  return e;
}

ExprPtr Expr::Select(ExprPtr base, std::string name) {
  auto e = MakeWithNode(ExprKind::kSelect, Op::kNone);
  e->MutableNode().name_hash = HashAttributeName(name);
  e->name_class_ = ClassifyName(name);
  e->MutableNode().name = std::move(name);
  e->AddOperand(std::move(base));
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::Subscript(ExprPtr base, ExprPtr index) {
  auto e = MakeWithNode(ExprKind::kSubscript, Op::kNone);
  e->AddOperand(std::move(base));
  e->AddOperand(std::move(index));
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::Unary(Op op, ExprPtr operand) {
  auto e = MakeWithNode(ExprKind::kUnary, op);
  e->AddOperand(std::move(operand));
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::Binary(Op op, ExprPtr left, ExprPtr right) {
  auto e = MakeWithNode(ExprKind::kBinary, op);
  e->AddOperand(std::move(left));
  e->AddOperand(std::move(right));
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::Conditional(ExprPtr cond, ExprPtr if_true, ExprPtr if_false) {
  auto e = MakeWithNode(ExprKind::kConditional, Op::kNone);
  e->AddOperand(std::move(cond));
  e->AddOperand(std::move(if_true));
  e->AddOperand(std::move(if_false));
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::Elvis(ExprPtr left, ExprPtr right) {
  auto e = MakeWithNode(ExprKind::kElvis, Op::kNone);
  e->AddOperand(std::move(left));
  e->AddOperand(std::move(right));
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::Call(std::string name, std::vector<ExprPtr> args, const Builtin* builtin) {
  auto e = MakeWithNode(ExprKind::kCall, Op::kNone);
  e->MutableNode().name_hash = HashAttributeName(name);
  e->MutableNode().name = std::move(name);
  e->MutableNode().items = std::make_shared<const ExprList>(std::move(args));
  e->MutableNode().builtin = builtin;
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::List(std::vector<ExprPtr> items) {
  auto e = MakeWithNode(ExprKind::kList, Op::kNone);
  e->MutableNode().items = std::make_shared<const ExprList>(std::move(items));
  e->ComputeDepth();
  return e;
}

ExprPtr Expr::Ad(std::shared_ptr<const ClassAd> ad) {
  auto e = MakeWithNode(ExprKind::kAd, Op::kNone);
  e->MutableNode().ad = std::move(ad);
  return e;
}

ExprPtr Expr::Parens(ExprPtr inner) {
  auto e = MakeWithNode(ExprKind::kParens, Op::kNone);
  e->AddOperand(std::move(inner));
  e->ComputeDepth();
  return e;
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

std::shared_ptr<Expr> Expr::MakeWithNode(ExprKind kind, Op op) {
  struct Block {
    Expr expr;
    Node node;
    Block(ExprKind k, Op o) : expr(k, o) {}
  };
  auto block = std::make_shared<Block>(kind, op);
  block->expr.node_ = &block->node;
  return std::shared_ptr<Expr>(block, &block->expr);
}

Expr::Node& Expr::MutableNode() { return *node_; }

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
