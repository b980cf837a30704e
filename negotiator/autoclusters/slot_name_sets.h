// SlotNameSets: a set of names found in each slot ad by a walk (what its
// expressions reference, what its Requirements and Rank read from a job),
// kept by slot id while the slot's ad stays the same object, so that a
// cycle after few changes walks only the new and changed ads. The
// autoclusters keep one per walk between cycles.
#ifndef NEGOTIATOR_AUTOCLUSTERS_SLOT_NAME_SETS_H_
#define NEGOTIATOR_AUTOCLUSTERS_SLOT_NAME_SETS_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "classad/classad.h"
#include "negotiator/pool/pool.h"

namespace negotiator {

class SlotNameSets {
 public:
  // The names a walk finds in one slot ad, in the order it wants them
  // visited. Called only for ads not walked before (by slot id).
  using Walk = std::function<std::vector<std::string>(const classad::ClassAd&)>;
  // Calls `visit` once for each distinct set of names among the present
  // slots of `pool`, in the order of the first slot that has it; `walk`
  // (the same function at every call: what is kept is its result) finds
  // the set of each new or changed ad. What is kept is dropped for another
  // pool. Not thread-safe.
  void Collect(const Pool& pool, const Walk& walk,
               const std::function<void(const std::vector<std::string>&)>& visit);

 private:
  struct Entry {
    std::shared_ptr<const classad::ClassAd> ad;  // what `set` was found for (kept alive)
    uint32_t set = 0;
  };
  uint64_t pool_identity_ = 0;
  std::vector<Entry> entries_;                         // by slot id
  std::vector<std::vector<std::string>> sets_;         // distinct sets, as found
  std::unordered_map<std::string, uint32_t> set_ids_;  // a set's names joined -> its index
};

}  // namespace negotiator

#endif  // NEGOTIATOR_AUTOCLUSTERS_SLOT_NAME_SETS_H_
