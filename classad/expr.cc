#include "classad/expr.h"

#include <algorithm>
#include <utility>

#include "classad/bytes.h"
#include "classad/classad.h"
#include "classad/operators.h"
#include "classad/program.h"
#include "classad/tree_builder.h"

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
  // A word at a time: each word's letters folded to lower case (FoldWord),
  // mixed in by a multiply, then MurmurHash3's finalizer so that every bit
  // of the result depends on every byte (the ad index and the overlay use
  // different bits). Short names are read with overlapping loads, which
  // the length (in the seed) keeps apart.
  using bytes::FoldWord;
  const char* p = name.data();
  const size_t n = name.size();
  uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
  auto mix = [&h](uint64_t word) {
    h = (h ^ FoldWord(word)) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  };
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) mix(bytes::Load8(p + i));
    mix(bytes::Load8(p + n - 8));
  } else if (n >= 4) {
    mix(bytes::Load4(p) | uint64_t{bytes::Load4(p + n - 4)} << 32);
  } else if (n > 0) {
    const auto byte = [p](size_t i) { return uint64_t{static_cast<unsigned char>(p[i])}; };
    mix(byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16);
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

NameClass ClassifyName(std::string_view name) {
  // The length and the first letter rule out most names before any
  // comparison.
  const char first = name.empty() ? '\0' : static_cast<char>(name[0] | 0x20);
  switch (name.size()) {
    case 2:
      if (first == 'm' && AttributeNamesEqual(name, "my")) return NameClass::kMy;
      break;
    case 4:
      if (first == 's' && AttributeNamesEqual(name, "self")) return NameClass::kSelf;
      if (first == 'r' && AttributeNamesEqual(name, "root")) return NameClass::kRoot;
      break;
    case 6:
      if (first == 'p' && AttributeNamesEqual(name, "parent")) return NameClass::kParent;
      if (first == 't' && AttributeNamesEqual(name, "target")) return NameClass::kTarget;
      break;
    case 8:
      if (first == 't' && AttributeNamesEqual(name, "toplevel")) return NameClass::kRoot;
      break;
    case 11:
      if (first == 'c' && AttributeNamesEqual(name, "CurrentTime")) return NameClass::kCurrentTime;
      break;
    default:
      break;
  }
  return NameClass::kOrdinary;
}

// Each factory builds a tree of one node (its operands are other trees,
// which it keeps).
ExprPtr Expr::Literal(Value value) {
  TreeBuilder b(NodeBytes(ExprKind::kLiteral));
  return b.Finish(b.Literal(std::move(value)));
}

ExprPtr Expr::Attribute(std::string name, bool absolute) {
  TreeBuilder b(NodeBytes(ExprKind::kAttribute));
  return b.Finish(b.Attribute(name, absolute));
}

ExprPtr Expr::Select(ExprPtr base, std::string name) {
  TreeBuilder b(NodeBytes(ExprKind::kSelect));
  return b.Finish(b.Select(std::move(base), name));
}

ExprPtr Expr::Subscript(ExprPtr base, ExprPtr index) {
  TreeBuilder b(NodeBytes(ExprKind::kSubscript));
  return b.Finish(b.Subscript(std::move(base), std::move(index)));
}

ExprPtr Expr::Unary(Op op, ExprPtr operand) {
  TreeBuilder b(NodeBytes(ExprKind::kUnary));
  return b.Finish(b.Unary(op, std::move(operand)));
}

ExprPtr Expr::Binary(Op op, ExprPtr left, ExprPtr right) {
  TreeBuilder b(NodeBytes(ExprKind::kBinary));
  return b.Finish(b.Binary(op, std::move(left), std::move(right)));
}

ExprPtr Expr::Conditional(ExprPtr cond, ExprPtr if_true, ExprPtr if_false) {
  TreeBuilder b(NodeBytes(ExprKind::kConditional));
  return b.Finish(b.Conditional(std::move(cond), std::move(if_true), std::move(if_false)));
}

ExprPtr Expr::Elvis(ExprPtr left, ExprPtr right) {
  TreeBuilder b(NodeBytes(ExprKind::kElvis));
  return b.Finish(b.Elvis(std::move(left), std::move(right)));
}

ExprPtr Expr::Call(std::string name, std::vector<ExprPtr> args, const Builtin* builtin) {
  TreeBuilder b(NodeBytes(ExprKind::kCall));
  return b.Finish(b.Call(std::move(name), std::move(args), builtin));
}

ExprPtr Expr::List(std::vector<ExprPtr> items) {
  TreeBuilder b(NodeBytes(ExprKind::kList));
  return b.Finish(b.List(std::move(items)));
}

ExprPtr Expr::Ad(std::shared_ptr<const ClassAd> ad) {
  TreeBuilder b(NodeBytes(ExprKind::kAd));
  return b.Finish(b.Ad(std::move(ad)));
}

ExprPtr Expr::Parens(ExprPtr inner) {
  TreeBuilder b(NodeBytes(ExprKind::kParens));
  return b.Finish(b.Parens(std::move(inner)));
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

size_t Expr::DestroyInPlace(Expr* e) {
  const ExprKind kind = e->kind_;
  WithShape(kind, [e](auto shape) {
    using N = typename decltype(shape)::type;
    if constexpr (std::is_void_v<N>) {
      e->~Expr();
    } else {
      reinterpret_cast<Packed<N>*>(e)->~Packed();
    }
    return 0;
  });
  return NodeBytes(kind);
}

std::span<const ExprPtr> Expr::children() const {
  return WithShape(kind_, [this](auto shape) -> std::span<const ExprPtr> {
    using N = typename decltype(shape)::type;
    if constexpr (std::is_same_v<N, SelectNode>) {
      return std::span<const ExprPtr>(&static_cast<const SelectNode*>(node_)->base, 1);
    } else if constexpr (std::is_same_v<N, CallNode>) {
      return *static_cast<const CallNode*>(node_)->args;
    } else if constexpr (std::is_same_v<N, ListNode>) {
      return *static_cast<const ListNode*>(node_)->items;
    } else if constexpr (std::is_same_v<N, OperatorNode>) {
      return std::span<const ExprPtr>(static_cast<const OperatorNode*>(node_)->operands,
                                      OperandCount(kind_));
    } else {
      return {};  // literals, attributes, ads
    }
  });
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

bool Expr::SameAs(const Expr& other, Names names) const {
  const auto same_name = [names](std::string_view a, std::string_view b) {
    return names == Names::kExactCase ? a == b : AttributeNamesEqual(a, b);
  };
  if (this == &other) return true;
  if (kind_ != other.kind_ || op_ != other.op_) return false;
  switch (kind_) {
    case ExprKind::kLiteral:
      return IdenticalValues(literal_, other.literal_);
    case ExprKind::kAttribute:
      if (absolute_ != other.absolute_) return false;
      return same_name(name(), other.name());
    case ExprKind::kSelect:
      if (!same_name(name(), other.name())) return false;
      break;
    case ExprKind::kCall:
      if (!same_name(name(), other.name())) return false;
      break;
    case ExprKind::kAd: {
      const ClassAd& a = *ad();
      const ClassAd& b = *other.ad();
      if (a.size() != b.size()) return false;
      for (size_t i = 0; i < a.size(); ++i) {
        const AttrRef mine = a.at(i);
        const AttrRef theirs = b.Find(a.name(i), a.layout()->hash(a.layout()->position(i)));
        if (!theirs) return false;
        if (mine.is_literal() && theirs.is_literal()) {
          if (!IdenticalValues(mine.literal(), theirs.literal())) return false;
        } else if (!mine.ToExpr()->SameAs(*theirs.ToExpr(), names)) {
          return false;  // (a literal stored either way compares as a node)
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
    if (!mine[i]->SameAs(*theirs[i], names)) return false;
  }
  return true;
}

}  // namespace classad
