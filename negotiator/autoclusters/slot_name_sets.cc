// SlotNameSets (slot_name_sets.h).
#include "negotiator/autoclusters/slot_name_sets.h"

namespace negotiator {

void SlotNameSets::Collect(const Pool& pool, const Walk& walk,
                           const std::function<void(const std::vector<std::string>&)>& visit) {
  if (pool.identity() != pool_identity_ || sets_.size() > 4 * pool.present_slots() + 1024) {
    pool_identity_ = pool.identity();
    entries_.clear();
    sets_.clear();
    set_ids_.clear();
  }
  const std::vector<PoolSlot>& slots = pool.slots();
  entries_.resize(slots.size());
  std::vector<uint8_t> visited(sets_.size(), 0);
  std::string key;
  for (size_t id = 0; id < slots.size(); ++id) {
    const PoolSlot& slot = slots[id];
    Entry& e = entries_[id];
    if (!slot.present) {
      e.ad.reset();
      continue;
    }
    if (e.ad != slot.ad) {
      std::vector<std::string> found = walk(*slot.ad);
      key.clear();
      for (const std::string& name : found) {
        key += name;
        key.push_back('\0');
      }
      auto [it, added] = set_ids_.try_emplace(key, static_cast<uint32_t>(sets_.size()));
      if (added) {
        sets_.push_back(std::move(found));
        visited.push_back(0);
      }
      e.ad = slot.ad;
      e.set = it->second;
    }
    if (visited[e.set] == 0) {
      visited[e.set] = 1;
      visit(sets_[e.set]);
    }
  }
}

}  // namespace negotiator
