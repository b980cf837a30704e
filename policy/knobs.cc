// Placeholder: the table is being written (issue 13).
#include "policy/knobs.h"
namespace policy {
std::span<const KnobInfo> AllKnobs() { return {}; }
const KnobInfo* FindKnob(std::string_view, std::string* member) {
  if (member) member->clear();
  return nullptr;
}
std::optional<std::string_view> KnobDefault(std::string_view) { return std::nullopt; }
std::string_view KnobTypeName(KnobType) { return "?"; }
}  // namespace policy
