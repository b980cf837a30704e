// policy-build: Policy::Build's problems that no other check covers
// (checks.h).
#include <algorithm>

#include "policy/knobs.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

void CheckPolicyBuild(const LintContext& context, std::vector<Diagnostic>* out) {
  const std::vector<std::string> expressions = ExpressionKnobNames(context.config);
  // "KNOB: ..." about an expression or a typed knob: expr-syntax and
  // knob-type report those, at least as precisely.
  auto covered = [&](const std::string& message) {
    const size_t colon = message.find(": ");
    if (colon == std::string::npos) return false;
    const std::string_view knob = std::string_view(message).substr(0, colon);
    if (std::any_of(expressions.begin(), expressions.end(),
                    [&](const std::string& e) { return EqualsNoCase(e, knob); })) {
      return true;
    }
    const KnobInfo* info = FindKnob(knob);
    return info != nullptr && (info->type == KnobType::kBool || info->type == KnobType::kInt ||
                               info->type == KnobType::kReal);
  };
  for (const classad::Status& error : context.problems.errors()) {
    if (covered(error.message())) continue;
    out->push_back(
        MakeDiagnostic(error.where(), Severity::kError, error.message(), "policy-build"));
  }
  for (const classad::Status& warning : context.problems.warnings()) {
    out->push_back(
        MakeDiagnostic(warning.where(), Severity::kWarning, warning.message(), "policy-build"));
  }
  for (const classad::Status& warning : context.config.warnings()) {
    out->push_back(
        MakeDiagnostic(warning.where(), Severity::kWarning, warning.message(), "policy-build"));
  }
}

}  // namespace policy::lint
