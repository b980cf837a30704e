// knob-type: typed knobs whose values are not of their type (checks.h).
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "policy/knob_value.h"
#include "policy/knobs.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kCheck = "knob-type";

std::string Number(double value) {
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.15g", value);
  return buffer;
}

}  // namespace

void CheckKnobTypes(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  for (const ConfigEntry* entry : config.Entries()) {
    if (entry->origin != ConfigEntry::Origin::kFile) continue;
    const std::string_view name = BareKnobName(config, entry->name);
    const KnobInfo* knob = FindKnob(name);
    if (knob == nullptr || (knob->type != KnobType::kBool && knob->type != KnobType::kInt &&
                            knob->type != KnobType::kReal)) {
      continue;
    }
    if (TrailingCommentOffset(entry->raw_value)) continue;  // trailing-comment says it
    classad::Result<std::string> value = config.Expand(entry->raw_value);
    if (!value.ok() || TrimSpace(*value).empty()) continue;
    std::string problem;
    double number = 0;
    Severity severity = Severity::kError;
    if (ReadWithAtof(knob->name)) {
      // Never an error in HTCondor: the longest number at the start counts.
      const double read = std::strtod(value->c_str(), nullptr);
      classad::Result<double> meant = ParseKnobReal(*value);
      if (meant.ok() && (*meant == read || (std::isnan(*meant) && std::isnan(read)))) continue;
      Diagnostic d = MakeDiagnostic(
          entry->value_at, Severity::kWarning,
          std::string(entry->name) + ": HTCondor's accountant reads \"" + *value +
              "\" with atof, which gives " + Number(read) +
              (meant.ok() ? " (not " + Number(*meant) + ")" : "") + "; write the number itself",
          kCheck);
      if (*value != entry->raw_value) AddMacroNotes(config, entry->raw_value, &d);
      out->push_back(std::move(d));
      continue;
    }
    if (knob->type == KnobType::kBool) {
      classad::Result<bool> b = ParseKnobBool(*value);
      if (!b.ok()) problem = b.status().message();
    } else if (knob->type == KnobType::kInt) {
      classad::Result<int64_t> i = ParseKnobInt(*value);
      if (i.ok()) {
        number = static_cast<double>(*i);
      } else {
        problem = i.status().message();
      }
    } else {
      classad::Result<double> r = ParseKnobReal(*value);
      if (r.ok()) {
        number = *r;
      } else {
        problem = r.status().message();
      }
    }
    if (problem.empty() && knob->type != KnobType::kBool &&
        (std::isnan(number) || number < knob->min || number > knob->max)) {
      problem = "\"" + *value + "\" is out of range (" + Number(knob->min) + " to " +
                Number(knob->max) + ")";
      // HTCondor's param_double holds a real only to its caller's range,
      // which Policy::Build checks: beyond the table's alone it is used.
      if (knob->type == KnobType::kReal && !std::isnan(number)) {
        problem += "; HTCondor's negotiator uses it as it is";
        severity = Severity::kWarning;
      }
    }
    if (problem.empty()) continue;
    std::string message = std::string(entry->name) + ": " + problem + " (" +
                          std::string(KnobTypeName(knob->type)) + " expected";
    const std::string_view trimmed = TrimSpace(*value);
    if (knob->type == KnobType::kBool && !trimmed.empty() && trimmed.front() == '"') {
      message += "; a quoted string is not a boolean, write True or False";
    }
    message += ")";
    Diagnostic d = MakeDiagnostic(entry->value_at, severity, std::move(message), kCheck);
    if (*value != entry->raw_value) AddMacroNotes(config, entry->raw_value, &d);
    out->push_back(std::move(d));
  }
}

}  // namespace policy::lint
