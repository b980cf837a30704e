// Expr: the abstract syntax tree of a ClassAd expression (our own, built by
// the parser front-end; no ANTLR type ever appears here).
#ifndef CLASSAD_EXPR_H_
#define CLASSAD_EXPR_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "classad/value.h"

namespace classad {

struct Builtin;
class Program;

enum class ExprKind : uint8_t {
  kLiteral,      // a constant: number, string, boolean, undefined, error, time
  kAttribute,    // `name` or `.name` (absolute)
  kSelect,       // `base.name`
  kSubscript,    // `base[index]`
  kUnary,        // `-x`, `+x`, `!x`, `~x`
  kBinary,       // every binary operator
  kConditional,  // `c ? a : b`
  kElvis,        // `a ?: b`
  kCall,         // `name(args...)`
  kList,         // `{ a, b }`
  kAd,           // `[ name = expr; ... ]`
  kParens,       // `( x )`: kept so that unparsing reproduces the text
};

enum class Op : uint8_t {
  kNone,
  // unary
  kNegate, kPlus, kNot, kBitNot,
  // binary, loosest first
  kOr, kAnd, kBitOr, kBitXor, kBitAnd,
  kEqual, kNotEqual, kIs, kIsnt,
  kLess, kLessEq, kGreater, kGreaterEq,
  kShiftLeft, kShiftRight, kShiftRightLogical,
  kAdd, kSubtract, kMultiply, kDivide, kModulo,
};

// Canonical spelling of an operator ("&&", "is", ...).
const char* OpSpelling(Op op);

// What an attribute name means to the evaluator besides naming an attribute
// (classified once, when the expression is built).
enum class NameClass : uint8_t {
  kOrdinary,
  kSelf,         // self
  kMy,           // MY (special in compat mode)
  kParent,       // parent
  kRoot,         // root, toplevel
  kCurrentTime,  // CurrentTime
  kTarget,       // TARGET (bound by a match)
};

// The class of `name` (case-insensitive).
NameClass ClassifyName(std::string_view name);

// Case-insensitive hash of an attribute name (ASCII folding), computed once
// per name at parse time so that lookups do not rehash.
uint64_t HashAttributeName(std::string_view name);

// One node of an expression tree. Immutable after construction and shared
// through ExprPtr, so one tree may serve many ads and threads at once.
class Expr {
 public:
  static ExprPtr Literal(Value value);
  static ExprPtr Attribute(std::string name, bool absolute);
  static ExprPtr Select(ExprPtr base, std::string name);
  static ExprPtr Subscript(ExprPtr base, ExprPtr index);
  static ExprPtr Unary(Op op, ExprPtr operand);
  static ExprPtr Binary(Op op, ExprPtr left, ExprPtr right);
  static ExprPtr Conditional(ExprPtr cond, ExprPtr if_true, ExprPtr if_false);
  static ExprPtr Elvis(ExprPtr left, ExprPtr right);
  // `builtin` is the resolved function, or null when the name is unknown
  // (such a call evaluates to error).
  static ExprPtr Call(std::string name, std::vector<ExprPtr> args, const Builtin* builtin);
  static ExprPtr List(std::vector<ExprPtr> items);
  static ExprPtr Ad(std::shared_ptr<const ClassAd> ad);
  static ExprPtr Parens(ExprPtr inner);

  ExprKind kind() const { return kind_; }
  Op op() const { return op_; }
  // kLiteral: the constant.
  const Value& literal() const { return literal_; }
  // kAttribute / kSelect: the attribute name; kCall: the function name, as written.
  const std::string& name() const {
    return HasName() ? static_cast<const NamedNode*>(node_)->name : EmptyName();
  }
  uint64_t name_hash() const {
    return HasName() ? static_cast<const NamedNode*>(node_)->name_hash : 0;
  }
  NameClass name_class() const { return name_class_; }
  // kAttribute: true for `.name`.
  bool absolute() const { return absolute_ && kind_ == ExprKind::kAttribute; }
  // kLiteral: true for relTime("...") folded at parse time. As in HTCondor
  // (its ReltimeLiteral), such a literal holds and evaluates to its seconds
  // as a real, and prints as the relative time it was written as.
  bool reltime_text() const { return absolute_ && kind_ == ExprKind::kLiteral; }
  // Operands: kSelect {base}; kSubscript {base, index}; kUnary {x};
  // kBinary {l, r}; kConditional {c, t, f}; kElvis {l, r}; kCall and kList
  // the arguments or items; kParens {inner}. A view into the node, valid
  // while the node lives. The pointers of a node to others built with it
  // (by one parse) do not own them: the tree owns all its nodes at once
  // (tree_builder.h). To keep a subtree, keep its tree's root.
  std::span<const ExprPtr> children() const;
  const Expr& child(size_t i) const { return *children()[i]; }
  // kList: the items as a shareable list (what a list value refers to).
  const std::shared_ptr<const ExprList>& items() const {
    return static_cast<const ListNode*>(node_)->items;
  }
  // kCall: the arguments, as built-in functions take them.
  const ExprList& args() const { return *static_cast<const CallNode*>(node_)->args; }
  // kAd: the nested ad.
  const std::shared_ptr<const ClassAd>& ad() const { return static_cast<const AdNode*>(node_)->ad; }
  // kCall: the built-in, or null.
  const Builtin* builtin() const {
    return kind_ == ExprKind::kCall ? static_cast<const CallNode*>(node_)->builtin : nullptr;
  }
  // Height of the tree below and including this node (a leaf is 1).
  uint32_t depth() const { return depth_; }

  // The compiled form of this expression (see program.h), built on first
  // use and kept with the node. Not for literals (they need no program).
  // Thread-safe: concurrent first uses may each compile, and one result is
  // kept; the reference stays valid while this node lives.
  const Program& program() const {
    const Program* existing = node_->program.load(std::memory_order_acquire);
    return existing != nullptr ? *existing : CompileProgram();
  }

  // How SameAs compares the names of attributes and functions.
  enum class Names : uint8_t {
    kAnyCase,    // as the language looks them up
    kExactCase,  // byte for byte, as HTCondor's ExprTree::SameAs (and so
                 // classad2's `==`) compares them
  };
  // Structural equality (same shape, literals compared identically, names
  // compared as `names` says; a nested ad's attributes are found by name in
  // any case and compared in turn).
  bool SameAs(const Expr& other, Names names = Names::kAnyCase) const;

  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;

 private:
  friend class TreeBuilder;  // builds every node (tree_builder.h)
  Expr(ExprKind kind, Op op) : kind_(kind), op_(op) {}
  // program()'s first use: compiles and installs the program.
  const Program& CompileProgram() const;
  // What only non-literal nodes need, kept out of line so that a literal
  // node (most of an ad) is 32 bytes, and shaped by kind so that a node and
  // its Expr stay small. Every non-literal node has a Node, placed right
  // after its Expr (Packed); node_ points to it, and the kind says which
  // of the shapes below it is.
  struct Node {
    // The compiled program, owned; null until first needed.
    mutable std::atomic<const Program*> program{nullptr};
    Node() = default;
    Node(const Node&) = delete;
    Node& operator=(const Node&) = delete;
    ~Node();
  };
  // kAttribute.
  struct NamedNode : Node {
    std::string name;
    uint64_t name_hash = 0;
  };
  // kSelect: the name and the base.
  struct SelectNode : NamedNode {
    ExprPtr base;
  };
  // kCall.
  struct CallNode : NamedNode {
    std::shared_ptr<const ExprList> args;  // never null
    const Builtin* builtin = nullptr;
  };
  // kUnary, kBinary, kConditional, kElvis, kSubscript, kParens: the
  // operands in place (as many as the kind has).
  struct OperatorNode : Node {
    ExprPtr operands[3];
  };
  // kList.
  struct ListNode : Node {
    std::shared_ptr<const ExprList> items;
  };
  // kAd.
  struct AdNode : Node {
    std::shared_ptr<const ClassAd> ad;
  };
  bool HasName() const {
    return kind_ == ExprKind::kAttribute || kind_ == ExprKind::kSelect ||
           kind_ == ExprKind::kCall;
  }
  static const std::string& EmptyName();
  // A non-literal node as it lies in a tree's block: the Expr, then its
  // node of shape N.
  template <typename N>
  struct Packed;
  // Calls `f(ShapeOf<N>{})` with N the node shape of `kind` (void for a
  // literal, which has none) and returns what it returns: the one place
  // that maps kinds to shapes for the block's sizes and destructors.
  template <typename N>
  struct ShapeOf {
    using type = N;
  };
  template <typename F>
  static constexpr auto WithShape(ExprKind kind, F f);
  // How many operands an OperatorNode of `kind` holds (1 to 3).
  static size_t OperandCount(ExprKind kind);
  // The bytes a node of `kind` takes in a tree's block (a multiple of 8).
  static constexpr size_t NodeBytes(ExprKind kind);
  // Runs the destructor of the node at `e` (placed by TreeBuilder);
  // returns NodeBytes of its kind.
  static size_t DestroyInPlace(Expr* e);

  ExprKind kind_;
  Op op_;
  bool absolute_ = false;  // absolute() for kAttribute, reltime_text() for kLiteral
  NameClass name_class_ = NameClass::kOrdinary;
  uint32_t depth_ = 1;
  Value literal_;
  // Null for literals; else the node allocated with this Expr
  // (MakeWithNode), which lives as long as it does.
  Node* node_ = nullptr;
};

template <typename N>
struct Expr::Packed {
  Expr expr;
  N node;
  Packed(ExprKind kind, Op op) : expr(kind, op) { expr.node_ = &node; }
};

template <typename F>
constexpr auto Expr::WithShape(ExprKind kind, F f) {
  switch (kind) {
    case ExprKind::kLiteral:
      break;
    case ExprKind::kAttribute:
      return f(ShapeOf<NamedNode>{});
    case ExprKind::kSelect:
      return f(ShapeOf<SelectNode>{});
    case ExprKind::kCall:
      return f(ShapeOf<CallNode>{});
    case ExprKind::kList:
      return f(ShapeOf<ListNode>{});
    case ExprKind::kAd:
      return f(ShapeOf<AdNode>{});
    case ExprKind::kUnary:
    case ExprKind::kParens:
    case ExprKind::kBinary:
    case ExprKind::kSubscript:
    case ExprKind::kElvis:
    case ExprKind::kConditional:
      return f(ShapeOf<OperatorNode>{});
  }
  return f(ShapeOf<void>{});
}

constexpr size_t Expr::NodeBytes(ExprKind kind) {
  return WithShape(kind, [](auto shape) -> size_t {
    using N = typename decltype(shape)::type;
    size_t bytes = sizeof(Expr);
    if constexpr (!std::is_void_v<N>) bytes = sizeof(Packed<N>);
    return (bytes + 7) & ~size_t{7};
  });
}

}  // namespace classad

#endif  // CLASSAD_EXPR_H_
