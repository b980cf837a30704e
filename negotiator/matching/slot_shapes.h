// SlotShapes: the distinct shapes among a pool's slot ads, so that what
// matching asks of "the slots" as a whole (does any slot have attribute x,
// what does x read when followed through the slots' expressions, does x
// read only the slot in every one of them, does any slot expression name
// a Remote* attribute) is answered from one ad per shape instead of from
// every slot.
//
// Two ads have the same shape when they hold the same attribute names at
// the same positions and, name by name, the same expression object (ads
// read from one file share their expressions, and a claimed or carved
// slot's ad keeps its source's), or a literal in both. A literal list or
// nested ad counts as an expression of its own (a walk may look into it).
// Those questions read only which names an ad has, which of them are
// literals and what its expressions are, never a literal's value, so they
// have the same answer for every ad of a shape: the answers over the
// shapes' representatives are the answers over the slots, exactly.
//
// Kept by the negotiator between cycles: a slot's shape is found again
// only when its ad is another object. Not thread-safe.
#ifndef NEGOTIATOR_MATCHING_SLOT_SHAPES_H_
#define NEGOTIATOR_MATCHING_SLOT_SHAPES_H_

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "classad/classad.h"
#include "negotiator/pool/pool.h"

namespace negotiator {

class SlotShapes {
 public:
  // Drops what is kept when `pool` is another pool than the last one, or
  // when many more shapes are kept than it has slots. The ads Distinct
  // returned before may then be gone.
  void Prune(const Pool& pool);

  // One ad for each distinct shape among the slots `slots` (indices into
  // pool.slots(), present ones), in the order of the first slot of each.
  // The ads stay valid until Prune drops them (this object keeps them
  // alive). Prunes first when `pool` is another pool than the last one.
  // With `owners`, the same ads are also written there, shared.
  std::vector<const classad::ClassAd*> Distinct(
      const Pool& pool, std::span<const uint32_t> slots,
      std::vector<std::shared_ptr<const classad::ClassAd>>* owners = nullptr);

  // How many shapes are known (for tests and benchmarks).
  size_t known() const { return shapes_.size(); }

 private:
  // The shape of `ad`: its number, a new one when no known shape matches.
  uint32_t ShapeOf(const std::shared_ptr<const classad::ClassAd>& ad);
  // Whether `a` and `b` have the same shape (file comment).
  static bool SameShape(const classad::ClassAd& a, const classad::ClassAd& b);
  // A hash of `ad`'s shape: equal shapes hash alike.
  static uint64_t HashShape(const classad::ClassAd& ad);

  struct Entry {
    std::shared_ptr<const classad::ClassAd> ad;  // the ad `shape` was found for
    uint32_t shape = 0;
  };
  uint64_t pool_identity_ = 0;
  std::vector<Entry> entries_;  // by slot id
  // Each shape's representative (the first ad found with it, kept alive).
  std::vector<std::shared_ptr<const classad::ClassAd>> shapes_;
  std::unordered_multimap<uint64_t, uint32_t> shapes_by_hash_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_SLOT_SHAPES_H_
