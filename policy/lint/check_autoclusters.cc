// autocluster-merge: significant-attribute knobs that make the schedd put
// jobs with different Requirements, Rank or ConcurrencyLimits into one
// autocluster (checks.h).
#include <array>
#include <set>
#include <string>

#include "policy/knob_value.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/lint/policy_expressions.h"
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

// Job attributes HTCondor's negotiator leaves out of the significant
// attributes it publishes from 25.5 whatever the configuration.
constexpr std::array<std::string_view, 2> kJobAttributesLeftOut = {"JobCurrentStartDate",
                                                                   "JobState"};
// REMOVE_SIGNIFICANT_ATTRIBUTES' default from 25.5.
constexpr std::array<std::string_view, 5> kRemovedByDefault = {
    "CpusUsage", "DiskUsage", "GPUsUsage", "MemoryUsage", "ResidentSetSize"};

// PREEMPTION_REQUIREMENTS and PREEMPTION_RANK read with the request's job
// ad, which is the first job of the run of its autocluster: a job
// attribute they read that is not significant is that job's for the run.
void CheckPolicyReadsOfLeftOut(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  std::vector<std::string> removed;
  const bool removed_configured = config.Find("REMOVE_SIGNIFICANT_ATTRIBUTES") != nullptr;
  if (removed_configured) {
    if (std::optional<std::string> value = Value(config, "REMOVE_SIGNIFICANT_ATTRIBUTES")) {
      removed = SplitKnobList(*value);
    }
  } else {
    removed.assign(kRemovedByDefault.begin(), kRemovedByDefault.end());
  }
  // Why HTCondor does not compare `name` between jobs, or "".
  auto left_out = [&](std::string_view name) -> std::string {
    for (const std::string& r : removed) {
      if (EqualsNoCase(name, r)) {
        return removed_configured ? "REMOVE_SIGNIFICANT_ATTRIBUTES names it"
                                  : "REMOVE_SIGNIFICANT_ATTRIBUTES names it by default from 25.5";
      }
    }
    for (std::string_view always : kJobAttributesLeftOut) {
      if (EqualsNoCase(name, always)) {
        return "HTCondor's negotiator leaves it out of the significant attributes from 25.5";
      }
    }
    return "";
  };
  for (const LintedExpression& e : LintedExpressions(config)) {
    if (e.context().when != EvaluatedWhen::kPreemption) continue;
    std::set<std::string> reported;
    VisitNodes(e.expr(), [&](const classad::Expr& node, const auto&) {
      const std::optional<AttributeRef> ref = AsAttributeRef(node);
      if (!ref) return true;
      if (ref->scope != AttributeRef::Scope::kTarget) return false;
      const std::string why = left_out(ref->name);
      if (why.empty() || !reported.insert(LowerAscii(ref->name)).second) return false;
      const std::string name(ref->name);
      out->push_back(e.MakeAt(
          std::nullopt, Severity::kWarning,
          e.knob() + " reads the job's " + name + ", but " + why +
              ": unless another significant attribute of the job reads it (as a RequestMemory "
              "that reads MemoryUsage does), jobs that differ only there share an autocluster, "
              "and every job of a run of it is judged with the first job's " +
              name,
          kCheck));
      return false;
    });
  }
}

}  // namespace

void CheckAutoclusterMerges(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  CheckPolicyReadsOfLeftOut(context, out);
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
