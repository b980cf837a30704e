// unknown-knob: misspelled negotiator knobs and per-group forms of knobs
// that have none (checks.h).
#include <set>

#include "policy/knobs.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kCheck = "unknown-knob";

// Names that look like the negotiator's own knobs (a site's macros
// usually do not).
bool LooksLikeNegotiatorKnob(std::string_view name) {
  for (std::string_view prefix : {"NEGOTIATOR_", "GROUP_", "PREEMPTION_", "CONCURRENCY_"}) {
    if (StartsWithNoCase(name, prefix)) return true;
  }
  return EndsWithNoCase(name, "_LIMIT");
}

// The lower-cased names used as $(NAME) anywhere in the configuration.
std::set<std::string> ReferencedMacros(const Config& config) {
  std::set<std::string> names;
  for (const ConfigEntry& entry : config.History()) {
    const std::string_view raw = entry.raw_value;
    for (size_t i = raw.find("$("); i != std::string_view::npos; i = raw.find("$(", i + 2)) {
      size_t end = i + 2;
      while (end < raw.size() && IsNameChar(raw[end])) ++end;
      if (end > i + 2) names.insert(LowerAscii(raw.substr(i + 2, end - i - 2)));
    }
  }
  return names;
}

// The knob name nearest to `name` (a plain knob, or a family prefix
// followed by the member `name` has), if it is near enough.
std::optional<std::string> Nearest(std::string_view name, std::span<const KnobInfo> knobs) {
  // How far a name may be from the one it was meant to be: about one edit
  // per eight characters, at least one, at most three.
  const auto limit_for = [](size_t length) {
    return std::min<size_t>(3, std::max<size_t>(1, length / 8));
  };
  size_t best = 4;
  std::string suggestion;
  for (const KnobInfo& knob : knobs) {
    if (knob.form == KnobForm::kPlain) {
      const size_t limit = limit_for(name.size());
      const size_t d = EditDistance(name, knob.name, limit);
      if (d <= limit && d < best) {
        best = d;
        suggestion = std::string(knob.name);
      }
    } else if (knob.form == KnobForm::kPerGroup || knob.form == KnobForm::kPerLimitSet) {
      // Compare the prefix with the start of the name, shifted by up to the
      // prefix's own limit.
      const size_t limit = limit_for(knob.name.size());
      for (size_t cut = knob.name.size() > limit ? knob.name.size() - limit : 1;
           cut <= knob.name.size() + limit && cut < name.size(); ++cut) {
        const size_t d = EditDistance(name.substr(0, cut), knob.name, limit);
        if (d <= limit && d < best && d > 0) {
          best = d;
          suggestion = std::string(knob.name) + std::string(name.substr(cut));
        }
      }
    }
  }
  if (suggestion.empty()) return std::nullopt;
  return suggestion;
}

}  // namespace

void CheckKnobNames(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  const std::set<std::string> referenced = ReferencedMacros(config);
  for (const ConfigEntry* entry : config.Entries()) {
    if (entry->origin != ConfigEntry::Origin::kFile) continue;
    std::string_view name = BareKnobName(config, entry->name);
    if (FindKnob(name) != nullptr) continue;
    // Another daemon's SUBSYS.KNOB: judge the knob part.
    if (const size_t dot = name.find('.'); dot != std::string_view::npos) {
      name = name.substr(dot + 1);
      if (FindKnob(name) != nullptr) continue;
    }
    if (!LooksLikeNegotiatorKnob(name) || referenced.count(LowerAscii(entry->name)) != 0) continue;

    // A plain knob with a member appended: a per-group form it does not have.
    const KnobInfo* base = nullptr;
    for (const KnobInfo& knob : context.knobs) {
      if (knob.form == KnobForm::kPlain && name.size() > knob.name.size() + 1 &&
          StartsWithNoCase(name, knob.name) && name[knob.name.size()] == '_' &&
          (base == nullptr || knob.name.size() > base->name.size())) {
        base = &knob;
      }
    }
    if (base != nullptr) {
      out->push_back(MakeDiagnostic(
          entry->name_at, Severity::kWarning,
          std::string(name) + " is not read by HTCondor: " + std::string(base->name) +
              " has no per-group or per-name form (\"" +
              std::string(name.substr(base->name.size() + 1)) + "\" is ignored)",
          kCheck));
      continue;
    }
    if (std::optional<std::string> near = Nearest(name, context.knobs)) {
      out->push_back(MakeDiagnostic(entry->name_at, Severity::kWarning,
                                    "unknown knob " + std::string(name) +
                                        ": HTCondor does not read it; did you mean " + *near + "?",
                                    kCheck));
    }
  }
}

}  // namespace policy::lint
