// concurrency-limit: limit names and maxima (checks.h).
#include <cmath>

#include "policy/concurrency_limits.h"
#include "policy/knob_value.h"
#include "policy/knobs.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kCheck = "concurrency-limit";

// A limit name as jobs may name it: at most one '.', each part a letter or
// '_' followed by letters, digits and '_'.
bool ValidLimitName(std::string_view name) {
  const std::vector<ConcurrencyLimit> parsed = ParseConcurrencyLimits(name);
  return parsed.size() == 1 && parsed[0].valid && parsed[0].name.size() == name.size();
}

// A limit set (the part before the '.'): one part only.
bool ValidSetName(std::string_view name) {
  return name.find('.') == std::string_view::npos && ValidLimitName(name);
}

}  // namespace

void CheckConcurrencyLimits(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  for (const ConfigEntry* entry : config.Entries()) {
    if (entry->origin != ConfigEntry::Origin::kFile) continue;
    std::string member;
    const std::string_view name = BareKnobName(config, entry->name);
    const KnobInfo* knob = FindKnob(name, &member);
    if (knob == nullptr) continue;
    const bool plain_default =
        knob->form == KnobForm::kPlain && EqualsNoCase(knob->name, "CONCURRENCY_LIMIT_DEFAULT");
    if (knob->form != KnobForm::kPerLimit && knob->form != KnobForm::kPerLimitSet &&
        !plain_default) {
      continue;
    }
    if (knob->form == KnobForm::kPerLimit && !ValidLimitName(member)) {
      out->push_back(MakeDiagnostic(
          entry->name_at, Severity::kWarning,
          entry->name + ": \"" + member +
              "\" is not a valid concurrency limit name (letters, digits and '_', at most one "
              "'.', not starting with a digit): no job can name it",
          kCheck));
      continue;
    }
    if (knob->form == KnobForm::kPerLimitSet && !ValidSetName(member)) {
      out->push_back(MakeDiagnostic(
          entry->name_at, Severity::kWarning,
          entry->name + ": \"" + member +
              "\" is not a valid limit set name (letters, digits and '_', no '.', not starting "
              "with a digit)",
          kCheck));
      continue;
    }
    if (TrailingCommentOffset(entry->raw_value)) continue;  // trailing-comment says it
    classad::Result<std::string> value = config.Expand(entry->raw_value);
    if (!value.ok() || TrimSpace(*value).empty()) continue;
    classad::Result<double> number = ParseKnobReal(*value);
    if (number.ok() && *number >= 0 && std::isfinite(*number)) continue;
    Diagnostic d = MakeDiagnostic(
        entry->value_at, Severity::kError,
        entry->name + ": the maximum of a concurrency limit must be a non-negative number, not \"" +
            *value + "\"",
        kCheck);
    if (*value != entry->raw_value) AddMacroNotes(config, entry->raw_value, &d);
    out->push_back(std::move(d));
  }
}

}  // namespace policy::lint
