// Flatten (flatten.h): HTCondor's partial evaluator, node kind by node kind.
#include "classad/flatten.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "classad/operators.h"
#include "classad/scope.h"

namespace classad {

namespace {

// One flattened operand as HTCondor's Operation::_Flatten passes it up to
// an associative parent: a value, a residual tree, or both joined by a
// pending operator (`value op tree`, op kNone when there is none).
struct Part {
  Value value;
  ExprPtr tree;
  Op pending = Op::kNone;
};

// Operators HTCondor never splits: comparisons, -, /, % and the shifts.
bool Unsplittable(Op op) {
  switch (op) {
    case Op::kEqual: case Op::kNotEqual: case Op::kIs: case Op::kIsnt:
    case Op::kLess: case Op::kLessEq: case Op::kGreater: case Op::kGreaterEq:
    case Op::kSubtract: case Op::kDivide: case Op::kModulo:
    case Op::kShiftLeft: case Op::kShiftRight: case Op::kShiftRightLogical:
      return true;
    default:
      return false;
  }
}

// A value's truth as HTCondor's IsBooleanValueEquiv reads a condition:
// booleans, and numbers (non-zero true); false for anything else.
bool BooleanEquivalent(const Value& v, bool* out) {
  if (v.IsBoolean()) {
    *out = v.boolean();
    return true;
  }
  if (v.IsInteger()) {
    *out = v.integer() != 0;
    return true;
  }
  if (v.IsReal()) {
    *out = v.real() != 0.0;
    return true;
  }
  return false;
}

// The walk: one per Flatten call, holding the options and the depth left.
class Flattener {
 public:
  explicit Flattener(const EvalOptions& options)
      : options_(options), depth_left_(options.limits.max_eval_depth) {}

  // `expr` flattened with `scope` as the current scope; *part gets the
  // result (a pending operator only when `splittable`, which an
  // associative parent of the same family asks for). False on failure.
  // Fails when the nodes and references being flattened nest deeper than
  // the evaluation depth limit (a reference loop, or a pathological chain).
  bool Run(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part,
           bool splittable = false) {
    if (depth_left_ <= 0) return false;
    --depth_left_;
    const bool ok = Dispatch(expr, scope, part, splittable);
    ++depth_left_;
    return ok;
  }

 private:
  // Run's step for one node, by kind.
  bool Dispatch(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part,
                bool splittable) {
    part->pending = Op::kNone;
    switch (expr.kind()) {
      case ExprKind::kLiteral:
        if (expr.literal().IsList() || expr.literal().IsAd()) {
          part->tree = Share(expr);
        } else {
          part->value = expr.literal();
        }
        return true;
      case ExprKind::kAttribute:
      case ExprKind::kSelect:
        return Reference(expr, scope, part);
      case ExprKind::kParens:
      case ExprKind::kUnary:
        return OneOperand(expr, scope, part);
      case ExprKind::kSubscript:
      case ExprKind::kElvis:
        return TwoOperands(expr, scope, part);
      case ExprKind::kConditional:
        return Conditional(expr, scope, part);
      case ExprKind::kBinary:
        if (Unsplittable(expr.op())) return TwoOperands(expr, scope, part);
        return Associative(expr, scope, part, splittable);
      case ExprKind::kCall:
        return Call(expr, scope, part);
      case ExprKind::kList:
        return List(expr, scope, part);
      case ExprKind::kAd:
        return Ad(expr, scope, part);
    }
    return false;
  }

  // A node to keep as it is. Trees are shared whole (tree_builder.h): a
  // node is kept by copying it (leaves) or by rebuilding it from shared
  // children, so that no node outlives its tree's block.
  ExprPtr Share(const Expr& expr) {
    switch (expr.kind()) {
      case ExprKind::kLiteral:
        return Expr::Literal(expr.literal());
      case ExprKind::kAttribute:
        return Expr::Attribute(expr.name(), expr.absolute());
      default:
        return Rebuild(expr, [this](const Expr& child) { return Share(child); });
    }
  }

  // `expr` with each child replaced by make(child).
  template <typename MakeChild>
  ExprPtr Rebuild(const Expr& expr, MakeChild make) {
    std::vector<ExprPtr> kids;
    for (const ExprPtr& child : expr.children()) kids.push_back(make(*child));
    switch (expr.kind()) {
      case ExprKind::kSelect: return Expr::Select(kids[0], expr.name());
      case ExprKind::kSubscript: return Expr::Subscript(kids[0], kids[1]);
      case ExprKind::kUnary: return Expr::Unary(expr.op(), kids[0]);
      case ExprKind::kBinary: return Expr::Binary(expr.op(), kids[0], kids[1]);
      case ExprKind::kConditional: return Expr::Conditional(kids[0], kids[1], kids[2]);
      case ExprKind::kElvis: return Expr::Elvis(kids[0], kids[1]);
      case ExprKind::kCall: return Expr::Call(expr.name(), std::move(kids), expr.builtin());
      case ExprKind::kList: return Expr::List(std::move(kids));
      case ExprKind::kParens: return Expr::Parens(kids[0]);
      case ExprKind::kAd: return Expr::Ad(expr.ad());
      case ExprKind::kLiteral: return Expr::Literal(expr.literal());
      case ExprKind::kAttribute: return Expr::Attribute(expr.name(), expr.absolute());
    }
    return nullptr;
  }

  // A part as an expression: its tree, a literal of its value, or
  // `value op tree` when an operator is pending.
  static ExprPtr AsExpr(Part part) {
    if (part.tree == nullptr) return Expr::Literal(std::move(part.value));
    if (part.pending == Op::kNone) return std::move(part.tree);
    return Expr::Binary(part.pending, Expr::Literal(std::move(part.value)), std::move(part.tree));
  }

  // Evaluates `expr` (whose operands are all values) in `scope`.
  Value Evaluate(const Expr& expr, const std::shared_ptr<const Scope>& scope) {
    EvalContext context(options_, scope);
    return context.Evaluate(expr);
  }

  // `name`, `.name`, `base.name` (attrrefs.cpp): the attribute's value when
  // it is defined and flattens to one; otherwise the reference itself.
  bool Reference(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part) {
    EvalContext context(options_, scope);
    std::shared_ptr<const Scope> found_in;
    ExprPtr found = context.FindReferencedExpr(expr, &found_in);
    if (found == nullptr) {
      // Not an attribute: a select's base may still give error or a value
      // (a list's projection); undefined keeps the reference.
      Value value = expr.kind() == ExprKind::kSelect ? context.Evaluate(expr) : Value::Undefined();
      if (value.IsUndefined()) {
        part->tree = Share(expr);
      } else {
        part->value = std::move(value);
      }
      return true;
    }
    if (found->kind() == ExprKind::kAd ||
        (found->kind() == ExprKind::kLiteral && found->literal().IsAd())) {
      part->tree = Share(expr);  // a nested ad is not inlined
      return true;
    }
    Part inner;
    if (!Run(*found, found_in != nullptr ? found_in : scope, &inner)) return false;
    if (inner.tree != nullptr) {
      part->tree = Share(expr);  // not a value: keep the reference
    } else {
      part->value = std::move(inner.value);
    }
    return true;
  }

  // `(x)`, `-x`, `+x`, `!x`, `~x` (Operation1/OperationParens::flatten).
  bool OneOperand(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part) {
    Part operand;
    if (!Run(expr.child(0), scope, &operand)) return false;
    if (operand.tree != nullptr) {
      part->tree = expr.kind() == ExprKind::kParens ? Expr::Parens(std::move(operand.tree))
                                                    : Expr::Unary(expr.op(), std::move(operand.tree));
    } else if (expr.kind() == ExprKind::kParens) {
      part->value = std::move(operand.value);
    } else {
      part->value = ApplyUnaryOp(expr.op(), operand.value);
    }
    return true;
  }

  // Binary operators HTCondor does not split, `a[i]` and `a ?: b`
  // (Operation::_Flatten's first branch, Operation2::flatten): both
  // operands values: the result; else the operator over the residuals,
  // values made literals.
  bool TwoOperands(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part) {
    Part left, right;
    if (!Run(expr.child(0), scope, &left) || !Run(expr.child(1), scope, &right)) return false;
    if (left.tree == nullptr && right.tree == nullptr) {
      if (expr.kind() == ExprKind::kBinary) {
        part->value = ApplyBinaryOp(expr.op(), left.value, right.value);
      } else {
        ExprPtr folded = Join(expr, Expr::Literal(left.value), Expr::Literal(right.value));
        part->value = Evaluate(*folded, scope);
      }
      return true;
    }
    part->tree = Join(expr, AsExpr(std::move(left)), AsExpr(std::move(right)));
    return true;
  }

  // A node of `shape`'s kind and operator over two new operands.
  static ExprPtr Join(const Expr& shape, ExprPtr left, ExprPtr right) {
    switch (shape.kind()) {
      case ExprKind::kSubscript: return Expr::Subscript(std::move(left), std::move(right));
      case ExprKind::kElvis: return Expr::Elvis(std::move(left), std::move(right));
      default: return Expr::Binary(shape.op(), std::move(left), std::move(right));
    }
  }

  // `c ? a : b` (Operation3::flatten): a known condition flattens its
  // branch (error when it is no boolean or number); otherwise the
  // conditional over the residuals (the condition as written when it
  // flattened to undefined).
  bool Conditional(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part) {
    Part cond;
    if (!Run(expr.child(0), scope, &cond)) return false;
    if (cond.tree == nullptr && !cond.value.IsUndefined()) {
      bool truth = false;
      if (!BooleanEquivalent(cond.value, &truth)) {
        part->value = Value::Error();
        return true;
      }
      return Run(expr.child(truth ? 1 : 2), scope, part);
    }
    Part yes, no;
    if (!Run(expr.child(1), scope, &yes) || !Run(expr.child(2), scope, &no)) return false;
    ExprPtr condition = cond.tree != nullptr ? std::move(cond.tree) : Share(expr.child(0));
    part->tree = Expr::Conditional(std::move(condition), AsExpr(std::move(yes)), AsExpr(std::move(no)));
    return true;
  }

  // `+`, `*`, `&&`, `||`, `&`, `|`, `^` (Operation::_Flatten's last part
  // and combine()): the operands' constants gathered into one value.
  bool Associative(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part,
                   bool splittable) {
    Part left, right;
    if (!Run(expr.child(0), scope, &left, true) || !Run(expr.child(1), scope, &right, true)) {
      return false;
    }
    Op op = expr.op();
    Combine(&op, std::move(left), std::move(right), part);
    if (!splittable && op != Op::kNone) {
      part->tree = Expr::Binary(op, Expr::Literal(part->value), std::move(part->tree));
      part->pending = Op::kNone;
    } else {
      part->pending = op;
    }
    return true;
  }

  // HTCondor's Operation::combine: the result of `l op r` in *part, *op
  // left as the operator still pending between part's value and tree, or
  // kNone.
  static void Combine(Op* op, Part l, Part r, Part* part) {
    const bool logical = *op == Op::kAnd || *op == Op::kOr;
    if (logical && ((l.tree == nullptr) != (r.tree == nullptr))) {
      // One side a value: the other side cannot change the result?
      Value v = ApplyBinaryOp(*op, l.tree == nullptr ? l.value : Value::Undefined(),
                              r.tree == nullptr ? r.value : Value::Undefined());
      if (v.IsBoolean()) {
        part->value = std::move(v);
        part->tree = nullptr;
        *op = Op::kNone;
        return;
      }
      // true && x, x && true: x.
      if (*op == Op::kAnd && l.tree == nullptr && l.value.IsBoolean() && l.value.boolean()) {
        part->tree = std::move(r.tree);
        *op = Op::kNone;
        return;
      }
      if (*op == Op::kAnd && r.tree == nullptr && r.value.IsBoolean() && r.value.boolean()) {
        part->tree = std::move(l.tree);
        *op = Op::kNone;
        return;
      }
    }
    if (l.tree == nullptr && r.tree == nullptr) {
      part->value = ApplyBinaryOp(*op, l.value, r.value);
      part->tree = nullptr;
      *op = Op::kNone;
    } else if (l.tree == nullptr && r.pending == Op::kNone) {
      part->tree = std::move(r.tree);
      part->value = std::move(l.value);
    } else if (r.tree == nullptr && l.pending == Op::kNone) {
      part->tree = std::move(l.tree);
      part->value = std::move(r.value);
    } else if (l.tree != nullptr && l.pending == Op::kNone && r.tree != nullptr &&
               r.pending == Op::kNone) {
      part->tree = Expr::Binary(*op, std::move(l.tree), std::move(r.tree));
      *op = Op::kNone;
    } else if (*op != l.pending && *op != r.pending) {
      // A child of another operator gave a value and a tree: each side
      // becomes one expression.
      part->tree = Expr::Binary(*op, AsExpr(std::move(l)), AsExpr(std::move(r)));
      *op = Op::kNone;
    } else if (*op == l.pending && *op == r.pending) {
      part->tree = Expr::Binary(*op, std::move(l.tree), std::move(r.tree));
      part->value = ApplyBinaryOp(*op, l.value, r.value);
    } else {
      OneSideCarries(*op, *op == l.pending, std::move(l), std::move(r), part);
    }
  }

  // combine()'s last cases: one side (the left when `left_carries`)
  // brought a value and a tree under `op`; the other a value (folded into
  // that value) or a tree (joined to the carrier's tree, whose value stays).
  static void OneSideCarries(Op op, bool left_carries, Part l, Part r, Part* part) {
    Part& carrier = left_carries ? l : r;
    const Part& other = left_carries ? r : l;
    if (other.tree == nullptr) {
      part->value = ApplyBinaryOp(op, l.value, r.value);
      part->tree = std::move(carrier.tree);
    } else {
      part->value = std::move(carrier.value);
      part->tree = Expr::Binary(op, std::move(l.tree), std::move(r.tree));
    }
  }

  // `f(args)` (fnCall.cpp): error for an unknown function; evaluated when
  // every argument flattens to a value; else the call over the residuals.
  bool Call(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part) {
    if (expr.builtin() == nullptr) {
      part->value = Value::Error();
      return true;
    }
    std::vector<ExprPtr> args;
    bool fold = true;
    for (const ExprPtr& arg : expr.children()) {
      Part flat;
      if (!Run(*arg, scope, &flat)) return false;
      fold = fold && flat.tree == nullptr;
      args.push_back(AsExpr(std::move(flat)));
    }
    if (fold) {
      part->value = Evaluate(expr, scope);
    } else {
      part->tree = Expr::Call(expr.name(), std::move(args), expr.builtin());
    }
    return true;
  }

  // `{ ... }` (exprList.cpp): always an expression, its items flattened.
  bool List(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part) {
    std::vector<ExprPtr> items;
    for (const ExprPtr& item : expr.children()) {
      Part flat;
      if (!Run(*item, scope, &flat)) return false;
      items.push_back(AsExpr(std::move(flat)));
    }
    part->tree = Expr::List(std::move(items));
    return true;
  }

  // `[ ... ]` (ClassAd::_Flatten): always an expression, each attribute
  // flattened with the nested ad as the current scope.
  bool Ad(const Expr& expr, const std::shared_ptr<const Scope>& scope, Part* part) {
    const std::shared_ptr<const ClassAd>& nested = expr.ad();
    auto inner = std::make_shared<Scope>();
    inner->ad = nested.get();
    inner->keep_alive = nested;
    inner->parent = scope;
    auto flat_ad = std::make_shared<ClassAd>();
    for (size_t i = 0; i < nested->size(); ++i) {
      Part flat;
      if (!Run(*nested->at(i).ToExpr(), inner, &flat)) return false;
      flat_ad->Insert(nested->name(i), AsExpr(std::move(flat)));
    }
    part->tree = Expr::Ad(std::move(flat_ad));
    return true;
  }

  const EvalOptions& options_;
  int depth_left_;
};

}  // namespace

Result<Flattened> Flatten(const Expr& expr, const ClassAd& ad, const EvalOptions& options) {
  // Shared, so that values made in it (a list's home) stay valid.
  auto top = std::make_shared<Scope>();
  top->ad = &ad;
  Flattener flattener(options);
  Part part;
  if (!flattener.Run(expr, top, &part)) {
    return Status(StatusCode::kLimitExceeded,
                  "unable to flatten: references nested deeper than " +
                      std::to_string(options.limits.max_eval_depth));
  }
  Flattened result;
  result.residual = part.tree;
  if (result.residual == nullptr) result.value = std::move(part.value);
  return result;
}

}  // namespace classad
