// LoadCache: where the names that compiled programs load sit in the ads
// they run against, learned once per program and ad layout.
//
// Matching one job against a pool runs the same few programs (the job's
// Requirements and Rank, the slots' Requirements and what it reaches, such
// as START) against thousands of ads that share a few dozen layouts. Each
// load would look its name up in the layout's index; with a cache attached
// (EvalContext::UseLoadCache), a program's run asks the cache once for the
// positions of all its loads in the ad at hand and then indexes the ad.
//
// Keys are addresses (of a program and of a layout), so an entry is right
// only while both live unchanged: the owner clears the cache before either
// may be freed (MatchKernel: at the start and the end of every pass, whose
// ads stay alive and unchanged during it). Memory: one entry (a table slot
// and an array of one int32_t per load) per program, layout and side seen
// until Clear(); the table is kept at most half full. Not thread-safe; one
// per evaluating thread.
#ifndef CLASSAD_LOAD_CACHE_H_
#define CLASSAD_LOAD_CACHE_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "classad/classad.h"
#include "classad/program.h"

namespace classad {

class LoadCache {
 public:
  LoadCache() = default;
  LoadCache(const LoadCache&) = delete;
  LoadCache& operator=(const LoadCache&) = delete;

  // The positions, in `layout` (not null), of the names of
  // program.reads(side): entry i is the index AdLayout::Find gives for
  // reads(side)[i]'s name, or -1 when the layout has no such name. Learned
  // on the first call for this program, layout and side; the array stays
  // valid (and unchanged) until Clear().
  [[gnu::always_inline]] const int32_t* Positions(const Program& program, const AdLayout* layout,
                                                  LoadSide side) {
    const uintptr_t key = Key(layout, side);
    if (!slots_.empty()) {
      const Slot* slots = slots_.data();
      for (size_t i = Hash(&program, key) >> shift_;; i = (i + 1) & mask_) {
        const Slot& slot = slots[i];
        if (slot.program == &program && slot.key == key) return slot.positions.get();
        if (slot.program == nullptr) break;
      }
    }
    return Learn(program, layout, side);
  }

  // Forgets everything learned.
  void Clear();
  // The number of (program, layout, side) entries learned.
  size_t size() const { return size_; }

 private:
  struct Slot {
    const Program* program = nullptr;  // null: an empty slot
    uintptr_t key = 0;                 // Key(layout, side)
    std::unique_ptr<int32_t[]> positions;
  };
  // The layout's address with the side in its lowest bit (layouts are
  // aligned to at least 8 bytes).
  static uintptr_t Key(const AdLayout* layout, LoadSide side) {
    return reinterpret_cast<uintptr_t>(layout) | static_cast<uintptr_t>(side);
  }
  // Multiplicative hashing: the top bits of the product index the table.
  static uint64_t Hash(const Program* program, uintptr_t key) {
    return (reinterpret_cast<uintptr_t>(program) ^ (key * 0x9E3779B97F4A7C15ull)) *
           0xC2B2AE3D27D4EB4Full;
  }
  const int32_t* Learn(const Program& program, const AdLayout* layout, LoadSide side);
  // Doubles the table (64 slots at first) and places every entry again.
  void Grow();
  // Places an entry whose key is not in the table (which has room).
  Slot& EmptySlotFor(const Program* program, uintptr_t key);

  std::vector<Slot> slots_;  // open addressing, a power of two in size
  uint32_t shift_ = 64;      // 64 - log2(slots_.size())
  size_t mask_ = 0;          // slots_.size() - 1
  size_t size_ = 0;
};

}  // namespace classad

#endif  // CLASSAD_LOAD_CACHE_H_
