// group-quota: the sanity of GROUP_NAMES and the per-group knobs
// (checks.h).
#include <cmath>
#include <map>

#include "policy/knob_value.h"
#include "policy/knobs.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kCheck = "group-quota";

// One group of GROUP_NAMES with its quota knobs.
struct Group {
  std::string name;
  classad::SourceLocation at;  // its place in GROUP_NAMES
  const ConfigEntry* static_entry = nullptr;
  const ConfigEntry* dynamic_entry = nullptr;
  std::optional<double> static_quota, dynamic_quota;
};

std::string Number(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

// The value of a quota knob, if set and a number.
std::optional<double> QuotaOf(const Config& config, const std::string& knob) {
  classad::Result<std::optional<ExpandedValue>> found = config.Lookup(knob);
  if (!found.ok() || !found->has_value() || TrimSpace((*found)->value).empty()) return std::nullopt;
  classad::Result<double> value = ParseKnobReal((*found)->value);
  if (!value.ok()) return std::nullopt;
  return *value;
}

// The offset of `name` in `list` as a whole item (not inside a longer
// name), or npos.
size_t FindItem(std::string_view list, std::string_view name) {
  for (size_t at = list.find(name); at != std::string_view::npos; at = list.find(name, at + 1)) {
    const size_t end = at + name.size();
    if ((at == 0 || !IsNameChar(list[at - 1])) && (end == list.size() || !IsNameChar(list[end]))) {
      return at;
    }
  }
  return std::string_view::npos;
}

}  // namespace

void CheckGroupQuotas(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  const ConfigEntry* names_entry = config.Find("GROUP_NAMES");
  std::vector<Group> groups;
  std::map<std::string, size_t> index;  // lower-cased name -> groups[]
  if (names_entry != nullptr) {
    classad::Result<std::optional<ExpandedValue>> names = config.Lookup("GROUP_NAMES");
    if (names.ok() && names->has_value()) {
      for (std::string& name : SplitKnobList((*names)->value)) {
        if (index.count(LowerAscii(name)) != 0) continue;
        Group g;
        const size_t offset = FindItem(names_entry->raw_value, name);
        g.at =
            offset == std::string::npos ? names_entry->value_at : names_entry->LocationOf(offset);
        g.name = std::move(name);
        index.emplace(LowerAscii(g.name), groups.size());
        groups.push_back(std::move(g));
      }
    }
  }

  // Per-group knobs of groups that are not configured.
  for (const ConfigEntry* entry : config.Entries()) {
    if (entry->origin != ConfigEntry::Origin::kFile) continue;
    std::string member;
    const KnobInfo* knob = FindKnob(BareKnobName(config, entry->name), &member);
    if (knob == nullptr || knob->form != KnobForm::kPerGroup || index.count(LowerAscii(member))) {
      continue;
    }
    std::string message = entry->name + " is for group \"" + member +
                          "\", which is not in GROUP_NAMES: HTCondor never reads it";
    size_t best = 3;
    for (const Group& g : groups) {
      const size_t d = EditDistance(member, g.name, 2);
      if (d < best) {
        best = d;
        message = entry->name + " is for group \"" + member +
                  "\", which is not in GROUP_NAMES: did you mean \"" + g.name + "\"?";
      }
    }
    Diagnostic d = MakeDiagnostic(entry->name_at, Severity::kWarning, std::move(message), kCheck);
    if (names_entry != nullptr) d.notes.push_back({names_entry->name_at, "GROUP_NAMES set here"});
    out->push_back(std::move(d));
  }

  // Parents, quotas.
  for (Group& g : groups) {
    g.static_entry = config.Find("GROUP_QUOTA_" + g.name);
    g.dynamic_entry = config.Find("GROUP_QUOTA_DYNAMIC_" + g.name);
    g.static_quota = QuotaOf(config, "GROUP_QUOTA_" + g.name);
    g.dynamic_quota = QuotaOf(config, "GROUP_QUOTA_DYNAMIC_" + g.name);
    if (const size_t dot = g.name.rfind('.'); dot != std::string::npos) {
      const std::string parent = g.name.substr(0, dot);
      if (index.count(LowerAscii(parent)) == 0) {
        out->push_back(MakeDiagnostic(g.at, Severity::kWarning,
                                      "group \"" + g.name + "\" has no parent: \"" + parent +
                                          "\" is not in GROUP_NAMES, so HTCondor ignores it",
                                      kCheck));
      }
    }
    if (g.static_quota && g.dynamic_entry != nullptr) {
      Diagnostic d = MakeDiagnostic(g.dynamic_entry->name_at, Severity::kWarning,
                                    "group \"" + g.name +
                                        "\" has both a static and a dynamic quota: GROUP_QUOTA_" +
                                        g.name + " wins and this one is ignored",
                                    kCheck);
      d.notes.push_back({g.static_entry->name_at, "static quota set here"});
      out->push_back(std::move(d));
    } else if (g.dynamic_quota && g.dynamic_entry != nullptr && *g.dynamic_quota == 0) {
      // Below 0 or above 1 is out of the knob's range: knob-type says so.
      out->push_back(MakeDiagnostic(
          g.dynamic_entry->value_at, Severity::kWarning,
          "GROUP_QUOTA_DYNAMIC_" + g.name +
              " is 0: the group gets no share of its parent's quota (a dynamic quota is a "
              "fraction in (0, 1])",
          kCheck));
    }
  }

  // Siblings: static children above a static parent, dynamic ones above 1.
  std::map<std::string, std::vector<const Group*>> children;  // lower-cased parent ("" = root)
  for (const Group& g : groups) {
    const size_t dot = g.name.rfind('.');
    children[dot == std::string::npos ? "" : LowerAscii(g.name.substr(0, dot))].push_back(&g);
  }
  for (const auto& [parent_key, kids] : children) {
    double static_sum = 0, dynamic_sum = 0;
    const Group* last_dynamic = nullptr;
    for (const Group* kid : kids) {
      if (kid->static_quota) {
        static_sum += *kid->static_quota;
      } else if (kid->dynamic_quota) {
        dynamic_sum += *kid->dynamic_quota;
        last_dynamic = kid;
      }
    }
    const Group* parent = nullptr;
    if (auto it = index.find(parent_key); it != index.end()) parent = &groups[it->second];
    const std::string parent_name = parent == nullptr ? "the pool" : "\"" + parent->name + "\"";
    if (parent != nullptr && parent->static_quota && static_sum > *parent->static_quota) {
      Diagnostic d = MakeDiagnostic(
          parent->static_entry->value_at, Severity::kWarning,
          "the static quotas of the subgroups of " + parent_name + " sum to " + Number(static_sum) +
              ", above its own quota " + Number(*parent->static_quota) +
              " (with NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION, the default, they get more than "
              "their parent; without it they are scaled down)",
          kCheck);
      for (const Group* kid : kids) {
        if (kid->static_quota) {
          d.notes.push_back({kid->static_entry->name_at,
                             "GROUP_QUOTA_" + kid->name + " = " + Number(*kid->static_quota)});
        }
      }
      out->push_back(std::move(d));
    }
    if (last_dynamic != nullptr && dynamic_sum > 1 + 1e-9) {
      Diagnostic d = MakeDiagnostic(last_dynamic->dynamic_entry->value_at, Severity::kWarning,
                                    "the dynamic quotas of the subgroups of " + parent_name +
                                        " sum to " + Number(dynamic_sum) +
                                        ", above 1 (HTCondor scales them so that they sum to 1)",
                                    kCheck);
      for (const Group* kid : kids) {
        if (!kid->static_quota && kid->dynamic_quota && kid != last_dynamic) {
          d.notes.push_back({kid->dynamic_entry->name_at, "GROUP_QUOTA_DYNAMIC_" + kid->name +
                                                              " = " + Number(*kid->dynamic_quota)});
        }
      }
      out->push_back(std::move(d));
    }
  }
}

}  // namespace policy::lint
