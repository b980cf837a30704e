// AttributePacker: stores chosen attributes of ads side by side, at the
// front of each ad's array, so that evaluating expressions that read them
// touches a few cache lines of an ad instead of one line per attribute.
//
// A slot ad of a pool has some 150 attributes, 16 bytes each, in the order
// its daemon wrote them; a match reads ten or so of them (Requirements,
// Start, Arch, OpSys, Memory, ...) spread over as many cache lines. A
// negotiator that knows what its jobs read (NamesJobsReadFromSlots)
// packs the cycle's slot ads once, and every match of the cycle then
// fetches a third of the lines it did.
//
// Packing changes where attributes are stored (their positions, what
// AdLayout::Find gives), not the ad: its content, its attributes' order
// (what iteration and writers see) and every evaluation are unchanged.
// Positions learned before packing (LoadCache, MatchKernel) are stale for
// the packed ad's new layout, whose address differs; a MatchKernel pass
// must not overlap the packing of its ads.
#ifndef CLASSAD_ATTRIBUTE_PACKER_H_
#define CLASSAD_ATTRIBUTE_PACKER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "classad/classad.h"

namespace classad {

class AttributePacker {
 public:
  // Packs `first` (attribute names, compared as attribute names are, most
  // read first; names an ad does not have are skipped).
  explicit AttributePacker(std::vector<std::string> first);
  AttributePacker(const AttributePacker&) = delete;
  AttributePacker& operator=(const AttributePacker&) = delete;

  // Moves `ad`'s attributes named in `first` to its first positions, in
  // that order, the others following in their present positions' order
  // (in place: an ad in an arena stays there). Ads that shared a layout
  // share the packed one; packing an ad twice changes nothing the second
  // time. Never fails. Not thread-safe (one packer per thread), and `ad`
  // must not be read by another thread meanwhile.
  void Pack(ClassAd* ad);

  // The number of layouts packed and remembered (bounded: the memory is
  // that of at most kMaxLayouts layouts and their permutations).
  size_t layouts() const { return packings_.size(); }

 private:
  static constexpr size_t kMaxLayouts = 4096;
  // What to do with the ads of one layout: `from` and `packed` from
  // AdLayout::StoringFirst (packed == source when it would change
  // nothing). `source` is held so that its address is not reused while
  // it is a key here.
  struct Packing {
    std::shared_ptr<AdLayout> source;
    std::shared_ptr<AdLayout> packed;
    std::vector<uint32_t> from;
  };

  std::vector<std::string> first_;
  std::unordered_map<const AdLayout*, Packing> packings_;
};

}  // namespace classad

#endif  // CLASSAD_ATTRIBUTE_PACKER_H_
