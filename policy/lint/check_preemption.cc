// preemption-guard: PREEMPTION_REQUIREMENTS must not let jobs thrash
// (checks.h).
#include <array>

#include "classad/parser.h"
#include "policy/knob_value.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kCheck = "preemption-guard";

// Attributes that say how long the running job (or the claim) has run.
constexpr std::array<std::string_view, 10> kRunningTimeAttributes = {
    "TotalJobRunTime",     "JobStart",
    "EnteredCurrentState", "EnteredCurrentActivity",
    "JobCurrentStartDate", "JobCurrentStartExecutingDate",
    "CurrentTime",         "StateTimer",
    "ActivityTimer",       "JobRunTime"};

// Whether `expr` mentions a running time anywhere.
bool MentionsRunningTime(const classad::Expr& expr) {
  if (expr.kind() == classad::ExprKind::kAttribute || expr.kind() == classad::ExprKind::kSelect) {
    for (std::string_view name : kRunningTimeAttributes) {
      if (EqualsNoCase(expr.name(), name)) return true;
    }
  }
  if (expr.kind() == classad::ExprKind::kCall && EqualsNoCase(expr.name(), "time")) return true;
  if (expr.kind() == classad::ExprKind::kAd || expr.kind() == classad::ExprKind::kLiteral) {
    return false;
  }
  for (const classad::ExprPtr& child : expr.children()) {
    if (child != nullptr && MentionsRunningTime(*child)) return true;
  }
  return false;
}

// Whether `expr` restricts on a running time: some clause of an && chain
// does, or every alternative of an || does (through parentheses); the
// literal False restricts everything; any other expression does when it
// mentions a running time.
bool Guarded(const classad::Expr& expr) {
  if (expr.kind() == classad::ExprKind::kLiteral) {
    // `False && ...` never preempts (self-reference-default explains why).
    return expr.literal().IsBoolean() && !expr.literal().boolean();
  }
  if (expr.kind() == classad::ExprKind::kParens) return Guarded(expr.child(0));
  if (expr.kind() == classad::ExprKind::kBinary && expr.op() == classad::Op::kAnd) {
    return Guarded(expr.child(0)) || Guarded(expr.child(1));
  }
  if (expr.kind() == classad::ExprKind::kBinary && expr.op() == classad::Op::kOr) {
    return Guarded(expr.child(0)) && Guarded(expr.child(1));
  }
  if (expr.kind() == classad::ExprKind::kUnary && expr.op() == classad::Op::kNot) return false;
  return MentionsRunningTime(expr);
}

// `text` without blanks and enclosing parentheses.
std::string_view Unwrapped(std::string_view text) {
  text = TrimSpace(text);
  while (text.size() >= 2 && text.front() == '(' && text.back() == ')') {
    text = TrimSpace(text.substr(1, text.size() - 2));
  }
  return text;
}

}  // namespace

void CheckPreemptionGuard(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  const ConfigEntry* entry = config.Find("PREEMPTION_REQUIREMENTS");
  if (entry == nullptr) return;
  classad::Result<std::optional<ExpandedValue>> consider =
      config.Lookup("NEGOTIATOR_CONSIDER_PREEMPTION");
  if (consider.ok() && consider->has_value() && !TrimSpace((*consider)->value).empty()) {
    classad::Result<bool> on = ParseKnobBool((*consider)->value);
    if (on.ok() && !*on) return;  // the negotiator never preempts
  }
  classad::Result<std::optional<ExpandedValue>> found = config.Lookup("PREEMPTION_REQUIREMENTS");
  if (!found.ok()) return;
  const std::string text = found->has_value() ? (*found)->value : std::string();
  if (TrimSpace(text).empty()) {
    out->push_back(MakeDiagnostic(
        entry->value_at, Severity::kWarning,
        "PREEMPTION_REQUIREMENTS is empty: HTCondor then loads no expression and lets any job "
        "of a user with a better priority preempt (set it to False to never preempt, or guard "
        "it with a running time)",
        kCheck));
    return;
  }
  if (EqualsNoCase(Unwrapped(text), "true")) {
    out->push_back(MakeDiagnostic(
        entry->value_at, Severity::kWarning,
        "PREEMPTION_REQUIREMENTS is True: any job of a user with a better priority preempts "
        "running jobs at once, and jobs thrash (the manual's warning); require a minimum "
        "running time, e.g. (time() - EnteredCurrentState) > 1 * $(HOUR)",
        kCheck));
    return;
  }
  if (EqualsNoCase(Unwrapped(text), "false")) return;
  classad::Result<classad::ExprPtr> expr = classad::ParseExpression(text);
  if (!expr.ok()) return;  // expr-syntax reports it
  if (Guarded(**expr)) return;
  const bool buried = MentionsRunningTime(**expr);
  out->push_back(MakeDiagnostic(
      entry->value_at, Severity::kWarning,
      std::string("PREEMPTION_REQUIREMENTS has no running-time guard") +
          (buried ? ": its condition on how long the job has run is joined by || (or negated), "
                    "so it does not restrict preemption"
                  : ": no condition of its top-level && chain says how long the running job has "
                    "run (TotalJobRunTime, EnteredCurrentState, JobStart, ...)") +
          "; a job may be preempted moments after it starts, and jobs thrash",
      kCheck));
}

}  // namespace policy::lint
