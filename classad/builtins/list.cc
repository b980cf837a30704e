// List functions: size(), member(), identicalMember(), anyCompare(),
// allCompare(), sum(), avg(), min(), max(), and HTCondor's
// evalInEachContext() and countMatches().
//
// List elements are expressions; each is evaluated where it is used, in
// order, and every comparison goes through the language's own operators.
// As HTCondor's library does, including where it looks accidental (the
// htcondor-quirk checks of policy_lint name these): a lone boolean is
// returned unconverted by sum/min/max (booleans count as 0 and 1 only once
// an operator sees them), a list of only undefined values sums and averages
// to 0, and anyCompare() stops with false at the first element that
// compares undefined.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/operators.h"
#include "classad/scope.h"
#include "classad/value.h"

namespace classad {
namespace {

// --- size --------------------------------------------------------------------

// The attributes of the ad value `ad`, counting those an overlay binds over
// it (overlay.h) as the inserted attributes they stand for.
int64_t AttributeCount(const Value& ad) {
  int64_t count = static_cast<int64_t>(ad.ad().size());
  const Scope* scope = ad.ad_scope().get();
  if (scope == nullptr || scope->overlay == nullptr) return count;
  const AttributeOverlay& overlay = *scope->overlay;
  for (size_t i = 0; i < overlay.size(); ++i) {
    const AttributeOverlay::Entry& e = overlay.entry(i);
    if (e.present && !ad.ad().Find(e.name, e.hash)) ++count;
  }
  return count;
}

// size(x): the bytes of a string, the elements of a list, the attributes of
// an ad; undefined for undefined, error for anything else.
Value Size(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  Value arg = EvalArg(ctx, args, 0);
  switch (arg.type()) {
    case ValueType::kUndefined: return Value::Undefined();
    case ValueType::kString: return Value::Integer(static_cast<int64_t>(arg.string().size()));
    case ValueType::kList: return Value::Integer(static_cast<int64_t>(arg.list().size()));
    case ValueType::kAd: return Value::Integer(AttributeCount(arg));
    default: return Value::Error();
  }
}

// --- member ------------------------------------------------------------------

// member(x, list) with `==` (identical = false) or identicalMember(x, list)
// with `is` (identical = true): true when some element compares true with
// x, false otherwise. undefined when the list is undefined (or, for
// member, x is); error when the list is not a list, x is a list or an ad,
// or (for member) x is error.
Value TestMember(EvalContext& ctx, const std::vector<ExprPtr>& args, bool identical) {
  if (args.size() != 2) return Value::Error();
  Value needle = EvalArg(ctx, args, 0);
  Value haystack = EvalArg(ctx, args, 1);
  if (haystack.IsUndefined() || (!identical && needle.IsUndefined())) return Value::Undefined();
  if (!haystack.IsList() || needle.IsList() || needle.IsAd()) return Value::Error();
  if (!identical && needle.IsError()) return Value::Error();
  for (const ExprPtr& item : haystack.list()) {
    if (!ctx.Charge(1)) return Value::Error();
    Value element = ctx.EvaluateElement(haystack, *item);
    if (identical) {
      if (IdenticalValues(element, needle)) return Value::Boolean(true);
    } else {
      Value equal = ApplyBinaryOp(Op::kEqual, element, needle);
      if (equal.IsBoolean() && equal.boolean()) return Value::Boolean(true);
    }
  }
  return Value::Boolean(false);
}

// member(x, list): see TestMember.
Value Member(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return TestMember(ctx, args, /*identical=*/false);
}

// identicalMember(x, list): see TestMember.
Value IdenticalMember(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return TestMember(ctx, args, /*identical=*/true);
}

// --- anyCompare / allCompare -------------------------------------------------

// The operator an anyCompare()/allCompare() operator string names
// (case-sensitive: "<", "<=", "==", "!=", ">", ">=", "is", "isnt"), or
// Op::kNone.
Op ComparisonNamed(std::string_view name) {
  if (name == "<") return Op::kLess;
  if (name == "<=") return Op::kLessEq;
  if (name == "==") return Op::kEqual;
  if (name == "!=") return Op::kNotEqual;
  if (name == ">") return Op::kGreater;
  if (name == ">=") return Op::kGreaterEq;
  if (name == "is") return Op::kIs;
  if (name == "isnt") return Op::kIsnt;
  return Op::kNone;
}

// anyCompare(op, list, x) (need_all = false) / allCompare(op, list, x)
// (need_all = true): compares each element, in order, with x (element on
// the left). any: true at the first comparison that is true, false at the
// first that is undefined (HTCondor's loop stops there). all: false at the
// first comparison that is false or undefined. Either gives error at a comparison that is error.
// undefined when op or the list is undefined; error for a bad operator
// string or a non-list.
Value ListCompare(EvalContext& ctx, const std::vector<ExprPtr>& args, bool need_all) {
  if (args.size() != 3) return Value::Error();
  Value op_name = EvalArg(ctx, args, 0);
  if (op_name.IsUndefined()) return Value::Undefined();
  if (!op_name.IsString()) return Value::Error();
  const Op op = ComparisonNamed(op_name.string());
  if (op == Op::kNone) return Value::Error();
  Value list = EvalArg(ctx, args, 1);
  if (list.IsUndefined()) return Value::Undefined();
  if (!list.IsList()) return Value::Error();
  Value target = EvalArg(ctx, args, 2);

  for (const ExprPtr& item : list.list()) {
    if (!ctx.Charge(1)) return Value::Error();
    Value outcome = ApplyBinaryOp(op, ctx.EvaluateElement(list, *item), target);
    if (outcome.IsBoolean()) {
      if (!need_all && outcome.boolean()) return Value::Boolean(true);
      if (need_all && !outcome.boolean()) return Value::Boolean(false);
    } else if (outcome.IsUndefined()) {
      if (!need_all) ctx.NoteQuirk(Quirk::kListAggregate);  // anyCompare stops there
      return Value::Boolean(false);
    } else {
      return Value::Error();
    }
  }
  return Value::Boolean(need_all);
}

// anyCompare(op, list, x): see ListCompare.
Value AnyCompare(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return ListCompare(ctx, args, /*need_all=*/false);
}

// allCompare(op, list, x): see ListCompare.
Value AllCompare(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return ListCompare(ctx, args, /*need_all=*/true);
}

// --- sum / avg / min / max ---------------------------------------------------

// The numbers of a list, evaluated in order, for the aggregate functions.
struct NumericElements {
  std::vector<Value> numbers;  // integers, reals and booleans
  bool any_real = false;
};

// Evaluates the single list argument of an aggregate function into
// *elements and returns true. Otherwise returns false with *failure set:
// undefined for an undefined list, error for a bad argument or a
// non-numeric element.
bool CollectNumbers(EvalContext& ctx, const std::vector<ExprPtr>& args,
                    NumericElements* elements, Value* failure) {
  *failure = Value::Error();
  if (args.size() != 1) return false;
  Value list = EvalArg(ctx, args, 0);
  if (list.IsUndefined()) *failure = Value::Undefined();
  if (!list.IsList()) return false;
  elements->numbers.reserve(list.list().size());
  for (const ExprPtr& item : list.list()) {
    if (!ctx.Charge(1)) return false;
    Value element = ctx.EvaluateElement(list, *item);
    if (element.IsUndefined()) {
      ctx.NoteQuirk(Quirk::kListAggregate);  // skipped (an all-undefined list is 0)
      continue;
    } else if (element.IsNumber() || element.IsBoolean()) {
      if (element.IsBoolean()) ctx.NoteQuirk(Quirk::kListAggregate);
      elements->any_real |= element.IsReal();
      elements->numbers.push_back(std::move(element));
    } else {
      return false;
    }
  }
  return true;
}

// The sum of `numbers` with the language's `+` (integer overflow wraps, an
// integer and a real give a real, booleans count as 0 and 1); integer 0 for
// none; a lone element as it is (so a lone boolean stays one, as in
// HTCondor, which starts from the first element).
Value SumOf(const std::vector<Value>& numbers) {
  if (numbers.empty()) return Value::Integer(0);
  Value total = numbers.front();
  for (size_t i = 1; i < numbers.size() && !total.IsError(); ++i) {
    total = ApplyBinaryOp(Op::kAdd, total, numbers[i]);
  }
  return total;
}

// sum(list): the sum of the numbers in the list, skipping undefined
// elements; 0 for an empty list and, as in HTCondor, when every element is
// undefined.
Value Sum(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  NumericElements elements;
  Value failure;
  if (!CollectNumbers(ctx, args, &elements, &failure)) return failure;
  return SumOf(elements.numbers);
}

// avg(list): the real average of the numbers in the list, skipping
// undefined elements; integer 0 for an empty list and, as in HTCondor, when
// every element is undefined.
Value Avg(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  NumericElements elements;
  Value failure;
  if (!CollectNumbers(ctx, args, &elements, &failure)) return failure;
  if (elements.numbers.empty()) return Value::Integer(0);
  const double count = static_cast<double>(elements.numbers.size());
  return ApplyBinaryOp(Op::kDivide, SumOf(elements.numbers), Value::Real(count));
}

// min(list) (op = kLess) / max(list) (op = kGreater): the extreme number of
// the list by the language's comparison, skipping undefined elements; a
// real when any element is a real; undefined for an empty list. A lone
// element is returned as it is (a boolean too); with more, HTCondor's
// comparisons turn the bound into a number (`min({true, 2})` is 1).
Value Bound(EvalContext& ctx, const std::vector<ExprPtr>& args, Op op) {
  NumericElements elements;
  Value failure;
  if (!CollectNumbers(ctx, args, &elements, &failure)) return failure;
  if (elements.numbers.empty()) return Value::Undefined();
  if (elements.numbers.size() == 1) return elements.numbers.front();
  const Value* best = &elements.numbers.front();
  for (const Value& candidate : elements.numbers) {
    Value better = ApplyBinaryOp(op, candidate, *best);
    if (better.IsBoolean() && better.boolean()) best = &candidate;
  }
  const Value number =
      best->IsBoolean() ? Value::Integer(best->boolean() ? 1 : 0) : *best;
  if (elements.any_real && number.IsInteger()) {
    return Value::Real(static_cast<double>(number.integer()));
  }
  return number;
}

// min(list): see Bound.
Value Min(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return Bound(ctx, args, Op::kLess);
}

// max(list): see Bound.
Value Max(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return Bound(ctx, args, Op::kGreater);
}

// --- evalInEachContext / countMatches ----------------------------------------

// The value of `expr` evaluated with the ad `context` evaluates to as its
// scope: undefined when `context` is undefined, error when it is not an ad.
Value EvaluateInContext(EvalContext& ctx, const Expr& expr, const Expr& context) {
  Value ad = ctx.Evaluate(context);
  if (ad.IsUndefined()) return Value::Undefined();
  if (!ad.IsAd()) return Value::Error();
  return ctx.EvaluateIn(expr, ad.ad_scope());
}

// An expression that evaluates to `value` anywhere: a literal, or a copy
// of the list or ad it holds.
ExprPtr ValueAsExpr(const Value& value) {
  if (value.IsList()) return Expr::List(value.list());
  if (value.IsAd()) return Expr::Ad(std::make_shared<const ClassAd>(value.ad()));
  return Expr::Literal(value);
}

// evalInEachContext(expr, ads) (count = false) / countMatches(expr, ads)
// (count = true). When `expr` is an attribute reference that resolves, the
// expression it names is used instead (so an attribute of MY can be
// applied to each ad). evalInEachContext gives the list of the values of
// the expression in the scope of each element of `ads` (undefined for an
// undefined element, error for a non-ad one); countMatches counts the
// values that are true or a non-zero number. For an undefined `ads`
// evalInEachContext gives undefined and countMatches 0; any other non-list
// gives error.
Value EvalInContexts(EvalContext& ctx, const std::vector<ExprPtr>& args, bool count) {
  if (args.size() != 2) return Value::Error();
  const Expr* expr = args[0].get();
  std::shared_ptr<const Scope> holder;  // keeps the ad of a named expression alive
  ExprPtr named;                        // the named expression itself
  if (expr->kind() == ExprKind::kAttribute || expr->kind() == ExprKind::kSelect) {
    named = ctx.FindReferencedExpr(*expr, &holder);
    if (named != nullptr) expr = named.get();
  }
  Value contexts = EvalArg(ctx, args, 1);
  if (contexts.IsUndefined()) return count ? Value::Integer(0) : Value::Undefined();
  if (!contexts.IsList()) return Value::Error();

  int64_t matches = 0;
  std::vector<ExprPtr> results;
  if (!count) results.reserve(contexts.list().size());
  for (const ExprPtr& item : contexts.list()) {
    if (!ctx.Charge(1)) return Value::Error();
    Value value = EvaluateInContext(ctx, *expr, *item);
    if (count) {
      bool truth = false;
      if (ValueAsCondition(value, &truth) && truth) ++matches;
    } else {
      results.push_back(ValueAsExpr(value));
    }
  }
  if (count) return Value::Integer(matches);
  return Value::List(std::make_shared<const ExprList>(std::move(results)));
}

// evalInEachContext(expr, ads): see EvalInContexts.
Value EvalInEachContext(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return EvalInContexts(ctx, args, /*count=*/false);
}

// countMatches(expr, ads): see EvalInContexts.
Value CountMatches(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return EvalInContexts(ctx, args, /*count=*/true);
}

}  // namespace

void RegisterListBuiltins(BuiltinTableBuilder& table) {
  table.Add("size", Size);
  table.Add("member", Member);
  table.Add("identicalMember", IdenticalMember);
  table.Add("anyCompare", AnyCompare);
  table.Add("allCompare", AllCompare);
  table.Add("sum", Sum);
  table.Add("avg", Avg);
  table.Add("min", Min);
  table.Add("max", Max);
  table.AddDaemonFunction("evalInEachContext", EvalInEachContext);
  table.AddDaemonFunction("countMatches", CountMatches);
}

}  // namespace classad
