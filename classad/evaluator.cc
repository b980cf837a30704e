#include "classad/evaluator.h"

#include <algorithm>
#include <chrono>

#include "classad/builtins/builtins.h"
#include "classad/operators.h"
#include "classad/tree_builder.h"

namespace classad {

EvalContext::EvalContext(const EvalOptions& options, std::shared_ptr<const Scope> scope)
    : options_(options),
      scope_(std::move(scope)),
      depth_remaining_(options.limits.max_eval_depth),
      steps_remaining_(options.limits.max_eval_steps),
      home_scope_(scope_.get()) {}

int64_t EvalContext::Now() const {
  if (options_.now) return options_.now();
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool EvalContext::Charge(uint64_t units) {
  if (units > steps_remaining_) {
    steps_remaining_ = 0;
    NoteLimit("evaluation exceeded its work budget (Limits::max_eval_steps)");
    return false;
  }
  steps_remaining_ -= units;
  return true;
}

void EvalContext::NoteLimit(std::string message) {
  if (limit_message_.empty()) limit_message_ = std::move(message);
}

bool EvalContext::EnterNested() {
  if (depth_remaining_ <= 0) {
    NoteLimit("evaluation nested too deeply (Limits::max_eval_depth)");
    return false;
  }
  --depth_remaining_;
  return true;
}

void EvalContext::LeaveNested() { ++depth_remaining_; }

Value EvalContext::Evaluate(const Expr& expr) { return EvaluateExpr(expr, false); }

Value EvalContext::EvaluateExpr(const Expr& expr, bool cached) {
  if (!options_.compiled) return EvalTree(expr);
  if (expr.kind() == ExprKind::kLiteral) return expr.literal();
  return Run(expr.program(), cached);
}

Value EvalContext::EvalTree(const Expr& expr) {
  if (depth_remaining_ <= 0 || steps_remaining_ == 0) {
    NoteLimit(depth_remaining_ <= 0
                  ? "evaluation nested too deeply (Limits::max_eval_depth)"
                  : "evaluation exceeded its work budget (Limits::max_eval_steps)");
    return Value::Error();
  }
  --depth_remaining_;
  --steps_remaining_;
  Value v = Eval(expr);
  ++depth_remaining_;
  return v;
}

Value EvalContext::EvaluateElement(const Value& list, const Expr& item) {
  const std::shared_ptr<const Scope>& home = list.list_home();
  if (!home || home == scope_) return Evaluate(item);
  return EvaluateIn(item, home);
}

const Value& EvalContext::EvaluateOperand(const Expr& expr, Value* scratch) {
  if (expr.kind() == ExprKind::kLiteral) return expr.literal();
  *scratch = EvalTree(expr);
  return *scratch;
}

Value EvalContext::EvaluateIn(const Expr& expr, std::shared_ptr<const Scope> scope) {
  std::shared_ptr<const Scope> saved = std::move(scope_);
  scope_ = std::move(scope);
  Value v = Evaluate(expr);
  scope_ = std::move(saved);
  return v;
}

// ---------------------------------------------------------------- names

namespace {

// Shares a scope that is an ancestor (or the target) of a shared scope.
std::shared_ptr<const Scope> ShareTopLevel(const std::shared_ptr<const Scope>& from) {
  const Scope* top = from->TopLevel();
  if (top == from.get()) return from;
  // Walk the owning chain so the shared_ptr we return keeps ownership.
  std::shared_ptr<const Scope> s = from;
  while (s->parent) s = s->parent;
  return s;
}

}  // namespace

bool EvalContext::SpecialName(NameClass name_class, const std::shared_ptr<const Scope>& at,
                              Found* out) {
  switch (name_class) {
    case NameClass::kOrdinary:
    case NameClass::kTarget:  // bound past the outermost ad, see LookupName
      return false;
    case NameClass::kMy:
      if (!compat()) return false;  // strict: an ordinary name, bound only in a match
      [[fallthrough]];
    case NameClass::kSelf:
      out->kind = Found::kScope;
      out->scope = at;
      return true;
    case NameClass::kParent:
      if (at->parent) {
        out->kind = Found::kScope;
        out->scope = at->parent;
      } else if (at->target != nullptr) {
        // A side of a match: HTCondor makes its context ad (lCtx for the
        // LEFT ad, rCtx for the RIGHT) the side's parent.
        return MatchWrapperName(at->left ? "lCtx" : "rCtx", /*absolute=*/false, at, out);
      } else {
        out->kind = Found::kValue;
        out->value = Value::Undefined();
      }
      return true;
    case NameClass::kRoot:
      if (at->TopLevel()->target != nullptr) {
        // In a match, HTCondor's root ad is its MatchClassAd wrapper.
        out->kind = Found::kValue;
        out->value = MatchWrapperAd(at);
        return true;
      }
      out->kind = Found::kScope;
      out->scope = ShareTopLevel(at);
      return true;
    case NameClass::kCurrentTime:
      // Old ClassAd semantics only: in strict mode HTCondor's CurrentTime
      // is an ordinary name.
      if (!compat()) return false;
      out->kind = Found::kValue;
      out->value = Value::Integer(Now());
      return true;
  }
  return false;
}

EvalContext::Found EvalContext::LookupName(std::string_view name, uint64_t hash,
                                           NameClass name_class,
                                           const std::shared_ptr<const Scope>& start, bool climb) {
  Found found;
  const std::shared_ptr<const Scope>* cur = &start;
  while (*cur) {
    const Scope& s = **cur;
    if (s.wrapped_left != nullptr && name_class == NameClass::kOrdinary &&
        (AttributeNamesEqual(name, "LEFT") || AttributeNamesEqual(name, "RIGHT"))) {
      // HTCondor's MatchClassAd wrapper: its LEFT and RIGHT are the live
      // sides of the match, which see each other, not the copies it prints.
      found.kind = Found::kScope;
      found.scope = AttributeNamesEqual(name, "LEFT")
                        ? s.wrapped_left
                        : std::shared_ptr<const Scope>(s.wrapped_left, s.wrapped_left->target);
      return found;
    }
    if (s.overlay != nullptr && name_class == NameClass::kOrdinary) {
      if (const AttributeOverlay::Entry* entry = s.overlay->Find(name, hash)) {
        found.kind = Found::kValue;
        found.from_overlay = true;
        Value computed;
        const Value* value = entry->Get(&computed);
        found.value = value == &computed ? std::move(computed) : *value;
        return found;
      }
    }
    const bool may_be_attribute = name_class == NameClass::kOrdinary || s.ad->has_special_names();
    if (const AttrRef e = may_be_attribute ? s.ad->Find(name, hash) : AttrRef()) {
      found.kind = Found::kExpr;
      found.attr = e;
      // A literal needs no scope to be evaluated in.
      if (!e.is_literal()) found.scope = *cur;
      return found;
    }
    if (name_class != NameClass::kOrdinary && SpecialName(name_class, *cur, &found)) return found;
    if (!climb) break;
    cur = &s.parent;
  }
  // Past the outermost ad: the names a match binds (HTCondor's MatchClassAd
  // context ad and the wrapper above it, which the outermost ad's scope
  // chain climbs into before any TARGET fallback): TARGET, in strict mode
  // MY, and the wrapper's names.
  if (name_class == NameClass::kOrdinary) {
    if (climb) MatchWrapperName(name, /*absolute=*/false, start, &found);
    return found;
  }
  if (name_class == NameClass::kTarget || (name_class == NameClass::kMy && !compat())) {
    const Scope* top = start->TopLevel();
    if (top->target != nullptr) {
      found.kind = Found::kScope;
      // The two sides of a match share one owner (see MatchContext).
      found.scope = name_class == NameClass::kTarget
                        ? std::shared_ptr<const Scope>(ShareTopLevel(start), top->target)
                        : ShareTopLevel(start);
    }
  }
  return found;
}

bool EvalContext::InProgress(const InProgressEntry& entry) const {
  const size_t inline_count = std::min(in_progress_count_, kInlineInProgress);
  for (size_t i = 0; i < inline_count; ++i) {
    if (in_progress_[i] == entry) return true;
  }
  return std::find(overflow_.begin(), overflow_.end(), entry) != overflow_.end();
}

Value EvalContext::EvalFound(Found& found) {
  if (found.kind == Found::kValue) return std::move(found.value);
  if (found.kind == Found::kScope) return Value::Ad(std::move(found.scope));
  if (found.kind == Found::kNone) return Value::Undefined();
  if (found.attr.is_literal()) return found.attr.literal();
  return EvalAttributeExpr(found.attr.expr(), std::move(found.scope));
}

Value EvalContext::EvalAttributeExpr(const Expr& expr, std::shared_ptr<const Scope> scope) {
  // An attribute already being evaluated further up refers to itself:
  // HTCondor treats such a loop as undefined.
  if (!EnterAttribute(InProgressEntry{scope ? scope->ad : scope_->ad, &expr})) {
    return Value::Undefined();
  }
  Value v;
  if (!scope) {
    v = Evaluate(expr);
  } else {
    std::shared_ptr<const Scope> saved = std::move(scope_);
    scope_ = std::move(scope);
    v = Evaluate(expr);
    scope_ = std::move(saved);
  }
  LeaveAttribute();
  return v;
}

Value EvalContext::EvalAttribute(const Expr& expr) {
  Found found = ResolveAttribute(expr);
  return EvalFound(found);
}

EvalContext::Found EvalContext::ResolveAttribute(const Expr& expr) {
  if (expr.absolute()) {
    std::shared_ptr<const Scope> root = ShareTopLevel(scope_);
    if (root->target != nullptr) {
      // In a match, `.name` is looked up in HTCondor's MatchClassAd
      // wrapper, which holds only lCtx, LEFT, rCtx, RIGHT and the match
      // attributes; `.self`, `.root` and the other special names are
      // answered there too (`.self` is the wrapper, `.parent` undefined).
      Found found;
      if (expr.name_class() == NameClass::kOrdinary) {
        MatchWrapperName(expr.name(), /*absolute=*/true, root, &found);
        return found;
      }
      Value wrapper = MatchWrapperAd(root);
      if (!wrapper.IsAd()) return found;
      return LookupName(expr.name(), expr.name_hash(), expr.name_class(), wrapper.ad_scope(),
                        /*climb=*/false);
    }
    return LookupName(expr.name(), expr.name_hash(), expr.name_class(), root, false);
  }
  Found found = LookupName(expr.name(), expr.name_hash(), expr.name_class(), scope_, true);
  if (found.kind == Found::kNone && compat()) {
    // Old ClassAd semantics: a name missing from MY, its scope chain and
    // the match wrapper is looked up in TARGET (only for references made
    // from the top-level ad itself, as HTCondor's alternateScope).
    const Scope* s = scope_.get();
    if (s->is_top_level() && s->target != nullptr) {
      found = LookupName(expr.name(), expr.name_hash(), expr.name_class(),
                         std::shared_ptr<const Scope>(scope_, s->target), true);
    }
  }
  return found;
}

Value EvalContext::EvalSelect(const Expr& expr) {
  const Expr& base_expr = expr.child(0);
  if (base_expr.kind() == ExprKind::kAttribute) {
    // `TARGET.x`, `MY.x`, `parent.x`: the base names an ad directly; look x
    // up there without materialising the ad as a value.
    if (!Charge(1)) return Value::Error();
    Found base = ResolveAttribute(base_expr);
    if (base.kind == Found::kScope) {
      Found found = LookupName(expr.name(), expr.name_hash(), expr.name_class(), base.scope, true);
      return EvalFound(found);
    }
    return SelectFrom(expr, EvalFound(base));
  }
  if (base_expr.kind() == ExprKind::kSubscript) {
    // As in HTCondor: an ad taken out of an ad by name (`ad["x"]`) is not
    // one a selection can read from, so `ad["x"].y` is undefined.
    Value ad = EvalTree(base_expr.child(0));
    Value index = EvalTree(base_expr.child(1));
    Value selected = SubscriptValues(ad, index);
    if (ad.IsAd() && index.IsString() && selected.IsAd()) return Value::Undefined();
    return SelectFrom(expr, selected);
  }
  return SelectFrom(expr, EvalTree(base_expr));
}

Value EvalContext::SelectFrom(const Expr& expr, const Value& base) {
  if (base.IsUndefined()) return Value::Undefined();
  if (base.IsAd()) {
    // As in HTCondor, a name missing from the selected ad is looked up in
    // the ads enclosing it (so `[a = MY.x].a` finds x of the outer ad).
    Found found = LookupName(expr.name(), expr.name_hash(), expr.name_class(), base.ad_scope(), true);
    return EvalFound(found);
  }
  if (base.IsList()) {
    // `list.attr` selects attr from every element, and from every element
    // of a list element in turn, as HTCondor's AttributeReference does
    // (`{[a=1], {1, 2}}.a` is `{1, {error, error}}`).
    const ExprList& items = base.list();
    if (!Charge(items.size())) return Value::Error();
    auto results = std::make_shared<ExprList>();
    results->reserve(items.size());
    // The results as literals, all in one block (tree_builder.h).
    TreeBuilder builder(items.size() * TreeBuilder::NodeBytes(ExprKind::kLiteral));
    for (const ExprPtr& item : items) {
      Value element = EvaluateElement(base, *item);
      Value selected;
      if (element.IsAd()) {
        Found found = LookupName(expr.name(), expr.name_hash(), expr.name_class(), element.ad_scope(), true);
        selected = EvalFound(found);
      } else if (element.IsList()) {
        selected = SelectFrom(expr, element);
      } else if (element.IsUndefined()) {
        selected = Value::Undefined();
      } else {
        selected = Value::Error();
      }
      results->push_back(builder.Share(builder.Literal(std::move(selected))));
    }
    return Value::List(std::move(results));
  }
  return Value::Error();
}

Value EvalContext::EvalSubscript(const Expr& expr) {
  Value base = EvalTree(expr.child(0));
  Value index = EvalTree(expr.child(1));
  return SubscriptValues(base, index);
}

Value EvalContext::SubscriptValues(const Value& base, const Value& index) {
  if (base.IsError() || index.IsError()) return Value::Error();
  if (base.IsUndefined() || index.IsUndefined()) return Value::Undefined();
  if (base.IsAd() && index.IsString()) {
    std::string_view name = index.string();
    Found found = LookupName(name, HashAttributeName(name), ClassifyName(name), base.ad_scope(),
                             false);
    if (found.kind != Found::kExpr && !found.from_overlay) return Value::Undefined();
    return EvalFound(found);
  }
  if (base.IsList() && index.IsInteger()) {
    const ExprList& items = base.list();
    // HTCondor reads the index into an int: it wraps to 32 bits
    // (`{1,2,3}[4294967297]` is the element at 1).
    const int64_t i = static_cast<int32_t>(index.integer());
    if (i < 0 || static_cast<uint64_t>(i) >= items.size()) return Value::Error();
    return EvaluateElement(base, *items[static_cast<size_t>(i)]);
  }
  return Value::Error();
}

ExprPtr EvalContext::FindReferencedExpr(const Expr& reference,
                                        std::shared_ptr<const Scope>* found_in) {
  Found found;
  if (reference.kind() == ExprKind::kAttribute) {
    if (reference.absolute()) {
      found = LookupName(reference.name(), reference.name_hash(), reference.name_class(), ShareTopLevel(scope_), false);
    } else {
      found = LookupName(reference.name(), reference.name_hash(), reference.name_class(), scope_, true);
      if (found.kind == Found::kNone && compat() && scope_->is_top_level() &&
          scope_->target != nullptr) {
        found = LookupName(reference.name(), reference.name_hash(), reference.name_class(),
                           std::shared_ptr<const Scope>(scope_, scope_->target), true);
      }
    }
  } else if (reference.kind() == ExprKind::kSelect) {
    Value base = EvalTree(reference.child(0));
    if (!base.IsAd()) return nullptr;
    found = LookupName(reference.name(), reference.name_hash(), reference.name_class(), base.ad_scope(), true);
  }
  if (found.from_overlay) return Expr::Literal(std::move(found.value));
  if (found.kind != Found::kExpr) return nullptr;
  if (found_in != nullptr) *found_in = found.scope;
  return found.attr.ToExpr();
}

// ---------------------------------------------------------------- evaluation

Value EvalContext::Eval(const Expr& outer) {
  // Parentheses only matter to the unparser.
  const Expr* e = &outer;
  while (e->kind() == ExprKind::kParens) e = &e->child(0);
  const Expr& expr = *e;
  switch (expr.kind()) {
    case ExprKind::kLiteral:
      return expr.literal();
    case ExprKind::kParens:
      return Value::Error();  // unreachable
    case ExprKind::kAttribute:
      return EvalAttribute(expr);
    case ExprKind::kSelect:
      return EvalSelect(expr);
    case ExprKind::kSubscript:
      return EvalSubscript(expr);
    case ExprKind::kUnary: {
      Value scratch;
      return ApplyUnaryOp(expr.op(), EvaluateOperand(expr.child(0), &scratch));
    }
    case ExprKind::kBinary: {
      Value left_scratch, right_scratch;
      const Value& left = EvaluateOperand(expr.child(0), &left_scratch);
      if (expr.op() == Op::kAnd || expr.op() == Op::kOr) {
        bool truth;
        if (ValueAsCondition(left, &truth) && truth == (expr.op() == Op::kOr)) {
          return Value::Boolean(truth);
        }
      }
      return ApplyBinaryOp(expr.op(), left, EvaluateOperand(expr.child(1), &right_scratch));
    }
    case ExprKind::kConditional: {
      Value cond = EvalTree(expr.child(0));
      if (cond.IsUndefined()) return Value::Undefined();
      bool truth;
      if (!ValueAsCondition(cond, &truth)) return Value::Error();
      return EvalTree(expr.child(truth ? 1 : 2));
    }
    case ExprKind::kElvis: {
      Value left = EvalTree(expr.child(0));
      if (!left.IsUndefined()) return left;
      return EvalTree(expr.child(1));
    }
    case ExprKind::kCall: {
      const Builtin* builtin = expr.builtin();
      if (builtin == nullptr || !MayCall(builtin->daemon_function)) return Value::Error();
      return builtin->fn(*this, expr.args());
    }
    case ExprKind::kList:
      return Value::List(expr.items(), scope_);
    case ExprKind::kAd: {
      auto scope = std::make_shared<Scope>();
      scope->ad = expr.ad().get();
      scope->keep_alive = expr.ad();
      scope->parent = scope_;
      return Value::Ad(std::move(scope));
    }
  }
  return Value::Error();
}

// ---------------------------------------------------------------- matching

MatchContext::MatchContext(const ClassAd* my, const ClassAd* target, MatchLeft left) {
  my_.ad = my;
  my_.left = left == MatchLeft::kMy;
  target_.left = !my_.left;
  target_.ad = target;
  if (target != nullptr) {
    my_.target = &target_;
    target_.target = &my_;
  }
}

namespace {

// A match whose scopes are owned by the values that refer to them, so that a
// returned ad value stays valid after the call (the ads themselves remain
// borrowed from the caller).
struct OwnedMatch {
  OwnedMatch(const ClassAd* my, const ClassAd* target)
      : empty(), match(my != nullptr ? my : &empty, target) {}
  const ClassAd empty;
  MatchContext match;
};

Value EvaluateInOwnedMatch(const Expr& expr, const ClassAd* my, const ClassAd* target,
                           const EvalOptions& options) {
  auto owned = std::make_shared<OwnedMatch>(my, target);
  EvalContext ctx(options, std::shared_ptr<const Scope>(owned, owned->match.my_scope()));
  return ctx.Evaluate(expr);
}

}  // namespace

Value EvaluateExpr(const Expr& expr, const ClassAd* my, const ClassAd* target,
                   const EvalOptions& options) {
  return EvaluateInOwnedMatch(expr, my, target, options);
}

Value EvaluateAttr(const ClassAd& my, std::string_view name, const ClassAd* target,
                   const EvalOptions& options) {
  const AttrRef attribute = my.Find(name);
  if (!attribute) return Value::Undefined();
  if (attribute.is_literal()) return attribute.literal();
  return EvaluateInOwnedMatch(attribute.expr(), &my, target, options);
}

bool EvaluateAttrString(const ClassAd& my, std::string_view name, std::string* out,
                        const EvalOptions& options) {
  const Value v = EvaluateAttr(my, name, nullptr, options);
  if (!v.IsString()) return false;
  out->assign(v.string());
  return true;
}

bool EvaluateAttrNumber(const ClassAd& my, std::string_view name, double* out,
                        const EvalOptions& options) {
  const Value v = EvaluateAttr(my, name, nullptr, options);
  if (v.IsInteger()) {
    *out = static_cast<double>(v.integer());
  } else if (v.IsReal()) {
    *out = v.real();
  } else if (v.IsBoolean()) {
    *out = v.boolean() ? 1.0 : 0.0;  // HTCondor's Value::IsNumber
  } else {
    return false;
  }
  return true;
}

bool AttrIsTrue(const ClassAd& ad, std::string_view name, const ClassAd* other,
                const EvalOptions& options) {
  return IsTrueValue(EvaluateAttr(ad, name, other, options));
}

bool IsTrueValue(const Value& v) {
  bool truth = false;
  return v.IsBoolean() ? v.boolean() : (ValueAsCondition(v, &truth) && truth);
}

std::optional<double> RankNumber(const Value& v) {
  if (v.IsInteger()) return static_cast<double>(v.integer());
  if (v.IsReal()) return v.real();
  if (v.IsBoolean()) return v.boolean() ? 1.0 : 0.0;
  return std::nullopt;
}

double RankValue(const Value& v) { return RankNumber(v).value_or(0.0); }

bool LeftMatchesRight(const ClassAd& left, const ClassAd& right, const EvalOptions& options) {
  return AttrIsTrue(left, "Requirements", &right, options);
}

bool SymmetricMatch(const ClassAd& left, const ClassAd& right, const EvalOptions& options) {
  return LeftMatchesRight(left, right, options) && LeftMatchesRight(right, left, options);
}

double RankOf(const ClassAd& ad, const ClassAd& other, const EvalOptions& options) {
  return RankValue(EvaluateAttr(ad, "Rank", &other, options));
}

}  // namespace classad
