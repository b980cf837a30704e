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
// and one int32_t per load) per program, layout and side seen until
// Clear(); the table is kept at most half full, and Clear() keeps the
// memory for the next pass. Not thread-safe; one per evaluating thread.
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
  // valid (and unchanged) until Clear(). For kMine, null when the layout
  // has a name that is a special name (`TARGET`, `MY`, ...): in such an ad
  // `TARGET.x` and `MY.x` need the evaluator's general resolution, and
  // saying so here spares the evaluator a look at the layout.
  [[gnu::always_inline]] const int32_t* Positions(const Program& program, const AdLayout* layout,
                                                  LoadSide side) {
    const uintptr_t key = Key(layout, side);
    if (size_ != 0) {
      const Slot* slots = slots_.data();
      for (size_t i = Hash(layout) >> shift_;; i = (i + 1) & mask_) {
        const Slot& slot = slots[i];
        if (slot.program == &program && slot.key == key) return slot.positions;
        if (slot.program == nullptr) break;
      }
    }
    return Learn(program, layout, side);
  }

  // Forgets everything learned (keeps its memory for what comes next).
  void Clear();
  // The number of (program, layout, side) entries learned.
  size_t size() const { return size_; }

 private:
  // Entries are placed by their layout alone, so that the few programs run
  // against one layout (both sides of a match) sit together in the table,
  // and their positions, learned one after the other, together in the
  // store: evaluating one slot touches a line or two of each.
  struct Slot {
    const Program* program = nullptr;  // null: an empty slot
    uintptr_t key = 0;                 // Key(layout, side)
    const int32_t* positions = nullptr;
  };
  // The layout's address with the side in its lowest bit (layouts are
  // aligned to at least 8 bytes).
  static uintptr_t Key(const AdLayout* layout, LoadSide side) {
    return reinterpret_cast<uintptr_t>(layout) | static_cast<uintptr_t>(side);
  }
  // Multiplicative hashing: the top bits of the product index the table.
  static uint64_t Hash(const AdLayout* layout) {
    return (reinterpret_cast<uintptr_t>(layout) >> 3) * 0x9E3779B97F4A7C15ull;
  }
  const int32_t* Learn(const Program& program, const AdLayout* layout, LoadSide side);
  // Doubles the table (64 slots at first) and places every entry again.
  void Grow();
  // Room for `n` positions that stays put until the cache is destroyed.
  int32_t* Store(size_t n);

  std::vector<Slot> slots_;  // open addressing, a power of two in size
  uint32_t shift_ = 64;      // 64 - log2(slots_.size())
  size_t mask_ = 0;          // slots_.size() - 1
  size_t size_ = 0;
  // The positions: chunks filled in order (the last one partly), kept by
  // Clear() for reuse.
  std::vector<std::unique_ptr<int32_t[]>> chunks_;
  std::vector<size_t> chunk_sizes_;
  size_t chunk_ = 0;  // the chunk being filled
  size_t used_ = 0;   // positions used in it
};

}  // namespace classad

#endif  // CLASSAD_LOAD_CACHE_H_
