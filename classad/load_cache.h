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

#include "classad/address_table.h"
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
    const uintptr_t key = Table::Key(layout, static_cast<unsigned>(side));
    const Entry* entry =
        table_.Find(key, [&program](const Entry& e) { return e.program == &program; });
    return entry != nullptr ? entry->positions : Learn(program, layout, side);
  }

  // Forgets everything learned (keeps its memory for what comes next).
  void Clear();
  // The number of (program, layout, side) entries learned.
  size_t size() const { return table_.size(); }

 private:
  // Entries are keyed by layout and side and placed by layout, so that the
  // few programs run against one layout (both sides of a match) sit
  // together in the table, and their positions, learned one after the
  // other, together in the store: evaluating one slot touches a line or
  // two of each.
  struct Entry {
    const Program* program = nullptr;
    const int32_t* positions = nullptr;
  };
  using Table = AddressTable<Entry>;
  const int32_t* Learn(const Program& program, const AdLayout* layout, LoadSide side);
  // Room for `n` positions that stays put until the cache is destroyed.
  int32_t* Store(size_t n);

  Table table_;
  // The positions: chunks filled in order (the last one partly), kept by
  // Clear() for reuse.
  std::vector<std::unique_ptr<int32_t[]>> chunks_;
  std::vector<size_t> chunk_sizes_;
  size_t chunk_ = 0;  // the chunk being filled
  size_t used_ = 0;   // positions used in it
};

}  // namespace classad

#endif  // CLASSAD_LOAD_CACHE_H_
