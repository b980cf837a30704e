// autocluster-merge: significant-attribute knobs that make the schedd put
// jobs with different Requirements, Rank or ConcurrencyLimits into one
// autocluster (checks.h).
#include <array>
#include <string>

#include "policy/knob_value.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kCheck = "autocluster-merge";

// The attributes HTCondor's schedd always compares unless told otherwise.
constexpr std::array<std::string_view, 3> kKept = {"Requirements", "Rank", "ConcurrencyLimits"};

// What merging on `name` does, for the message.
std::string Consequence(std::string_view name) {
  return "jobs that differ only in " + std::string(name) +
         " share an autocluster, and HTCondor's negotiator matches every job of it as the "
         "autocluster's first job (its " +
         std::string(name) + " is the one used)";
}

// The expanded value of knob `name` and its entry, when it is set.
std::optional<std::string> Value(const Config& config, std::string_view name) {
  classad::Result<std::optional<ExpandedValue>> found = config.Lookup(name);
  if (!found.ok() || !found->has_value()) return std::nullopt;
  return (*found)->value;
}

}  // namespace

void CheckAutoclusterMerges(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  if (const ConfigEntry* entry = config.Find("SIGNIFICANT_ATTRIBUTES")) {
    std::optional<std::string> value = Value(config, "SIGNIFICANT_ATTRIBUTES");
    if (value && !TrimSpace(*value).empty()) {
      const std::vector<std::string> names = SplitKnobList(*value);
      for (std::string_view kept : kKept) {
        bool listed = false;
        for (const std::string& n : names) listed = listed || EqualsNoCase(n, kept);
        if (listed) continue;
        out->push_back(MakeDiagnostic(
            entry->value_at, Severity::kWarning,
            "SIGNIFICANT_ATTRIBUTES replaces the schedd's whole list and does not name " +
                std::string(kept) + ": " + Consequence(kept),
            kCheck));
      }
    }
  }
  if (const ConfigEntry* entry = config.Find("REMOVE_SIGNIFICANT_ATTRIBUTES")) {
    std::optional<std::string> value = Value(config, "REMOVE_SIGNIFICANT_ATTRIBUTES");
    if (!value) return;
    for (const std::string& n : SplitKnobList(*value)) {
      for (std::string_view kept : kKept) {
        if (!EqualsNoCase(n, kept)) continue;
        const size_t at = entry->raw_value.find(n);
        out->push_back(MakeDiagnostic(
            at == std::string::npos ? entry->value_at : entry->LocationOf(at),
            Severity::kWarning,
            "REMOVE_SIGNIFICANT_ATTRIBUTES takes " + std::string(kept) +
                " out of the schedd's significant attributes: " + Consequence(kept),
            kCheck));
      }
    }
  }
}

}  // namespace policy::lint
