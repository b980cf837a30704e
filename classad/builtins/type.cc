// Type predicates, conversions and the meta functions: isUndefined() ...
// isReltime(), int(), real(), string(), bool(), ifThenElse(), eval(),
// unparse(), unresolved() and debug().

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <re2/re2.h>

#include "classad/builtins/builtins.h"
#include "classad/classad.h"
#include "classad/convert.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/parser.h"
#include "classad/scope.h"
#include "classad/unparse.h"
#include "classad/value.h"

namespace classad {
namespace {

// --- type predicates ---------------------------------------------------------

// isX(expr): true when `expr` evaluates to a value of type kType; error
// unless there is exactly one argument.
template <ValueType kType>
Value IsType(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  return Value::Boolean(EvalArg(ctx, args, 0).type() == kType);
}

// --- conversions -------------------------------------------------------------

// f(expr) for a one-argument conversion `Convert`; error unless there is
// exactly one argument.
template <Value (*Convert)(const Value&)>
Value ConvertCall(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  return Convert(EvalArg(ctx, args, 0));
}

// int(x) / real(x): ConvertCall, noting a string strtod() reads in a way
// the text does not show (StrtodSurprises).
template <Value (*Convert)(const Value&), bool kForInteger>
Value NumberConvertCall(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  Value arg = EvalArg(ctx, args, 0);
  if (arg.IsString() && ctx.options().quirk_notes != nullptr &&
      StrtodSurprises(arg.string(), kForInteger)) {
    ctx.NoteQuirk(Quirk::kConversion);
  }
  return Convert(arg);
}

// --- ifThenElse --------------------------------------------------------------

// ifThenElse(c, a, b): a when c is true or a non-zero number, b when it is
// false or zero; only the chosen branch is evaluated. undefined when c is
// undefined, error for any other condition or argument count.
Value IfThenElse(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 3) return Value::Error();
  Value condition = EvalArg(ctx, args, 0);
  bool truth = false;
  switch (condition.type()) {
    case ValueType::kBoolean: truth = condition.boolean(); break;
    case ValueType::kInteger: truth = condition.integer() != 0; break;
    case ValueType::kReal: truth = condition.real() != 0.0; break;
    case ValueType::kUndefined: return Value::Undefined();
    default: return Value::Error();
  }
  return EvalArg(ctx, args, truth ? 1 : 2);
}

// --- eval --------------------------------------------------------------------

// eval(expr): converts the value of `expr` to a string (as string() does),
// parses it as an expression and evaluates that in the current scope.
// error when the value has no string form, the text does not parse, or the
// nesting limit is reached.
Value Eval(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  Value text = ConvertToStringValue(EvalArg(ctx, args, 0));
  if (!text.IsString()) return Value::Error();
  if (!ctx.Charge(text.string().size())) return Value::Error();
  ParseOptions options;
  options.limits = ctx.limits();
  options.compat = ctx.compat();
  Result<ExprPtr> parsed = ParseExpression(text.string(), options);
  if (!parsed.ok() || *parsed == nullptr) return Value::Error();
  if (!ctx.EnterNested()) return Value::Error();
  Value result = ctx.Evaluate(**parsed);
  ctx.LeaveNested();
  return result;
}

// --- attribute references ----------------------------------------------------

// True for `name`, `.name` and `base.name`: what HTCondor calls an
// attribute reference.
bool IsAttributeReference(const Expr& expr) {
  return expr.kind() == ExprKind::kAttribute || expr.kind() == ExprKind::kSelect;
}

// The ad evaluation is currently in, or null.
const ClassAd* CurrentAd(const EvalContext& ctx) {
  const Scope* scope = ctx.current_scope();
  return scope == nullptr ? nullptr : scope->ad;
}

// The value an overlay over `scope`'s ad binds to `name` (see overlay.h),
// or null.
const AttributeOverlay::Entry* BoundInOverlay(const Scope* scope, std::string_view name,
                                              uint64_t hash) {
  return scope != nullptr && scope->overlay != nullptr ? scope->overlay->Find(name, hash) : nullptr;
}

// Looks `expr`'s name up in the ad of `scope` and then in its enclosing
// ads (never in TARGET). On success sets *found_in to the scope that holds
// it and returns what the attribute holds (empty when not found). A name
// bound by an overlay sets *bound and returns empty.
AttrRef LookupInScopeChain(const std::shared_ptr<const Scope>& scope, const Expr& expr,
                           std::shared_ptr<const Scope>* found_in, bool* bound) {
  *bound = false;
  for (const std::shared_ptr<const Scope>* cur = &scope; *cur != nullptr; cur = &(*cur)->parent) {
    if (BoundInOverlay(cur->get(), expr.name(), expr.name_hash()) != nullptr) {
      *bound = true;
      return AttrRef();
    }
    if ((*cur)->ad == nullptr) continue;
    if (AttrRef found = (*cur)->ad->Find(expr.name(), expr.name_hash())) {
      *found_in = *cur;
      return found;
    }
  }
  return AttrRef();
}

// The outermost scope of the chain `scope` belongs to, shared.
std::shared_ptr<const Scope> TopLevelOf(std::shared_ptr<const Scope> scope) {
  while (scope != nullptr && scope->parent != nullptr) scope = scope->parent;
  return scope;
}

// --- unparse -----------------------------------------------------------------

// unparse(attr): the text of the expression of attribute `attr` of the
// current ad, not evaluated, as HTCondor's PrettyPrint writes it (lists and
// ads over several indented lines: UnparsePrettyTo); "" when the ad has no attribute spelled
// as the reference unparses (so `a.b`, `.a` and quoted names find nothing
// unless an attribute is literally named that way). error unless the single
// argument is an attribute reference.
Value UnparseAttr(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1 || !IsAttributeReference(*args[0])) return Value::Error();
  std::string text;
  const ClassAd* ad = CurrentAd(ctx);
  if (ad != nullptr) {
    const std::string name = Unparse(*args[0]);
    if (const AttributeOverlay::Entry* bound =
            BoundInOverlay(ctx.current_scope(), name, HashAttributeName(name))) {
      Value computed;
      UnparseValueTo(*bound->Get(&computed), &text);  // an attribute bound over the ad
    } else if (ExprPtr expr = ad->LookupPtr(name)) {
      UnparsePrettyTo(*expr, &text);
    }
  }
  return Value::String(std::move(text));
}

// --- unresolved --------------------------------------------------------------

// Case-insensitive ordering of attribute names (the first spelling is kept).
struct NameLess {
  bool operator()(const std::string& a, const std::string& b) const {
    const size_t n = a.size() < b.size() ? a.size() : b.size();
    for (size_t i = 0; i < n; ++i) {
      char x = a[i], y = b[i];
      if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
      if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
      if (x != y) return static_cast<unsigned char>(x) < static_cast<unsigned char>(y);
    }
    return a.size() < b.size();
  }
};

using NameSet = std::set<std::string, NameLess>;

// Collects the names an expression refers to that are not attributes of
// the ads in scope, following every reference that does resolve into the
// expression it names (as HTCondor's external-reference walk does): an
// unqualified name is looked up in the current ad and its enclosing ads,
// never in TARGET; `base.name` is looked up in the ad `base` evaluates to,
// and is reported whole when `base` is undefined.
class ExternalRefCollector {
 public:
  ExternalRefCollector(EvalContext& ctx, NameSet* names)
      : ctx_(ctx), names_(names), depth_left_(ctx.limits().max_eval_depth) {}

  // Walks `expr` as seen from `scope`. Returns false when the walk fails
  // (a base that is neither an ad nor undefined, a loop, or a limit).
  bool Walk(const Expr& expr, const std::shared_ptr<const Scope>& scope) {
    if (depth_left_ <= 0 || !ctx_.Charge(1)) return false;
    --depth_left_;
    bool ok = WalkNode(expr, scope);
    ++depth_left_;
    return ok;
  }

 private:
  // Dispatches on the node kind.
  bool WalkNode(const Expr& expr, const std::shared_ptr<const Scope>& scope) {
    switch (expr.kind()) {
      case ExprKind::kLiteral:
        return true;
      case ExprKind::kAttribute:
        return ResolveAndFollow(expr, expr.absolute() ? TopLevelOf(scope) : scope);
      case ExprKind::kSelect:
        return WalkSelect(expr, scope);
      case ExprKind::kAd:
        return WalkNestedAd(expr, scope);
      default:
        return WalkChildren(expr, scope);
    }
  }

  // Walks every operand, argument or list item.
  bool WalkChildren(const Expr& expr, const std::shared_ptr<const Scope>& scope) {
    for (const ExprPtr& child : expr.children()) {
      if (child != nullptr && !Walk(*child, scope)) return false;
    }
    return true;
  }

  // Walks the attributes of an ad literal, resolving their names from the
  // same scope as the ad literal itself (as the reference does).
  bool WalkNestedAd(const Expr& expr, const std::shared_ptr<const Scope>& scope) {
    if (expr.ad() == nullptr) return true;
    const ClassAd& ad = *expr.ad();
    for (size_t i = 0; i < ad.size(); ++i) {
      const AttrRef attribute = ad.at(i);
      if (!attribute.is_literal() && !Walk(attribute.expr(), scope)) return false;
    }
    return true;
  }

  // `base.name`: reported whole when `base` is undefined; looked up in the
  // ad `base` evaluates to otherwise (that ad only, as evaluation does).
  bool WalkSelect(const Expr& expr, const std::shared_ptr<const Scope>& scope) {
    const Expr& base = expr.child(0);
    Value base_value = ctx_.EvaluateIn(base, scope);
    if (base_value.IsUndefined()) {
      names_->insert(Unparse(base) + "." + expr.name());
      return true;
    }
    if (!base_value.IsAd()) return false;
    if (BoundInOverlay(base_value.ad_scope().get(), expr.name(), expr.name_hash()) != nullptr) {
      return true;  // bound over the ad: a value, refers to nothing
    }
    const AttrRef target = base_value.ad().Find(expr.name(), expr.name_hash());
    if (!target) {
      names_->insert(expr.name());
      return true;
    }
    // A literal refers to nothing (and is walked as true).
    return target.is_literal() || Walk(target.expr(), base_value.ad_scope());
  }

  // Looks `expr`'s name up from `start`: reports it when absent, walks its
  // expression (from the scope that holds it) when present.
  bool ResolveAndFollow(const Expr& expr, const std::shared_ptr<const Scope>& start) {
    std::shared_ptr<const Scope> found_in;
    bool bound = false;
    const AttrRef target = LookupInScopeChain(start, expr, &found_in, &bound);
    if (bound) return true;  // bound by an overlay: a value, refers to nothing
    if (!target) {
      names_->insert(expr.name());
      return true;
    }
    return target.is_literal() || Walk(target.expr(), found_in);
  }

  EvalContext& ctx_;
  NameSet* names_;
  int depth_left_;
};

// Strips a leading "target." (any case), as the reference does when it
// reports names.
std::string_view WithoutTargetPrefix(std::string_view name) {
  static constexpr std::string_view kPrefix = "target.";
  if (name.size() < kPrefix.size()) return name;
  for (size_t i = 0; i < kPrefix.size(); ++i) {
    char c = name[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != kPrefix[i]) return name;
  }
  return name.substr(kPrefix.size());
}

// True when `re` (compiled for leftmost-longest matching) matches a
// non-empty part of `text` (PCRE's NOTEMPTY).
bool HasNonEmptyMatch(const RE2& re, std::string_view text) {
  re2::StringPiece match;
  for (size_t start = 0; start <= text.size(); ++start) {
    if (!re.Match(text, start, text.size(), RE2::UNANCHORED, &match, 1)) return false;
    if (!match.empty()) return true;
    // The leftmost match is empty: look again one byte after it.
    start = static_cast<size_t>(match.data() - text.data());
  }
  return false;
}

// unresolved(attr [, pattern]): the names the expression of `attr` refers
// to that no ad in scope defines, comma-separated in case-insensitive
// order; with `pattern`, whether any such name matches that regular
// expression (case-insensitive). undefined when `attr` names nothing;
// error for a bad argument or pattern.
Value Unresolved(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.empty() || args.size() > 2 || !IsAttributeReference(*args[0])) {
    return Value::Error();
  }
  std::shared_ptr<const Scope> found_in;
  const ExprPtr expr = ctx.FindReferencedExpr(*args[0], &found_in);
  if (expr == nullptr) return Value::Undefined();

  std::unique_ptr<RE2> pattern;
  if (args.size() == 2) {
    Value text = EvalArg(ctx, args, 1);
    if (!text.IsString()) return Value::Error();
    RE2::Options options;
    options.set_case_sensitive(false);
    options.set_longest_match(true);
    options.set_log_errors(false);
    pattern = std::make_unique<RE2>(text.string(), options);
    if (!pattern->ok()) return Value::Error();
  }

  NameSet names;
  ExternalRefCollector collector(ctx, &names);
  if (!collector.Walk(*expr, found_in)) names.clear();

  if (pattern != nullptr) {
    for (const std::string& name : names) {
      if (HasNonEmptyMatch(*pattern, WithoutTargetPrefix(name))) return Value::Boolean(true);
    }
    return Value::Boolean(false);
  }
  std::string joined;
  for (const std::string& name : names) {
    if (!joined.empty()) joined += ',';
    joined += WithoutTargetPrefix(name);
  }
  return Value::String(std::move(joined));
}

// --- debug -------------------------------------------------------------------

// debug(expr): the value of `expr` (HTCondor also logs the evaluation;
// this library has no log, so it is the identity).
Value Debug(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  return EvalArg(ctx, args, 0);
}

}  // namespace

void RegisterTypeBuiltins(BuiltinTableBuilder& table) {
  table.Add("isUndefined", IsType<ValueType::kUndefined>);
  table.Add("isError", IsType<ValueType::kError>);
  table.Add("isString", IsType<ValueType::kString>);
  table.Add("isInteger", IsType<ValueType::kInteger>);
  table.Add("isReal", IsType<ValueType::kReal>);
  table.Add("isList", IsType<ValueType::kList>);
  table.Add("isClassAd", IsType<ValueType::kAd>);
  table.Add("isBoolean", IsType<ValueType::kBoolean>);
  table.Add("isAbstime", IsType<ValueType::kAbsTime>);
  table.Add("isReltime", IsType<ValueType::kRelTime>);
  table.Add("int", NumberConvertCall<ConvertToInteger, true>);
  table.Add("real", NumberConvertCall<ConvertToReal, false>);
  table.Add("string", ConvertCall<ConvertToStringValue>);
  table.Add("bool", ConvertCall<ConvertToBoolean>);
  table.Add("ifThenElse", IfThenElse, BuiltinLowering::kConditional);
  table.Add("eval", Eval);
  table.Add("unparse", UnparseAttr);
  table.Add("unresolved", Unresolved);
  table.Add("debug", Debug);
}

}  // namespace classad
