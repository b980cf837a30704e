// What differs between two configurations (config_diff.h).
#include "policy/config_diff.h"

#include <map>

#include "policy/knobs.h"
#include "policy/text_util.h"

namespace policy {
namespace {

std::string Trimmed(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const size_t last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

KnobSide SideOf(const Config& config, const std::string& name) {
  KnobSide side;
  classad::Result<std::optional<ExpandedValue>> looked = config.Lookup(name);
  if (!looked.ok()) {
    side.error = looked.status().message();
    return side;
  }
  if (!looked->has_value()) return side;
  side.value = Trimmed((*looked)->value);
  if ((*looked)->entry != nullptr) side.where = (*looked)->entry->name_at;
  return side;
}

// The bare name of an entry: without a SUBSYS. or LOCALNAME. prefix.
std::string BareName(const std::string& name) {
  const size_t dot = name.find('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

void AddNames(const Config& config, std::map<std::string, std::string>* names) {
  for (const ConfigEntry* entry : config.Entries()) {
    if (entry->origin == ConfigEntry::Origin::kDetected) continue;
    const std::string bare = BareName(entry->name);
    if (bare.empty()) continue;
    names->emplace(LowerAscii(bare), bare);
  }
}

}  // namespace

std::vector<KnobDifference> DiffConfigs(const Config& a, const Config& b) {
  // Lower-cased name -> spelling.
  std::map<std::string, std::string> names;
  AddNames(a, &names);
  AddNames(b, &names);
  std::vector<KnobDifference> out;
  for (const auto& [upper, spelled] : names) {
    KnobSide side_a = SideOf(a, spelled);
    KnobSide side_b = SideOf(b, spelled);
    // Both failing to expand is no difference (the messages name each
    // side's files); one failing is.
    const bool a_failed = !side_a.error.empty(), b_failed = !side_b.error.empty();
    if (a_failed && b_failed) continue;
    if (!a_failed && !b_failed && side_a.value == side_b.value) continue;
    KnobDifference d;
    const KnobInfo* knob = FindKnob(spelled);
    d.negotiator_reads = knob != nullptr;
    d.name = knob != nullptr && knob->form == KnobForm::kPlain ? std::string(knob->name) : spelled;
    d.a = std::move(side_a);
    d.b = std::move(side_b);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace policy
