// AttributeOverlay: attributes bound over an ad for a while, without
// copying or changing the ad. HTCondor's negotiator inserts ephemeral
// attributes (SubmitterUserPrio, RemoteGroupQuota, ...) into the ads it
// evaluates policy with; here they are bound in an overlay attached to the
// ad's top-level scope (Scope::overlay, MatchContext::SetOverlays), and
// name lookups see them exactly where the inserted attributes would be.
#ifndef CLASSAD_OVERLAY_H_
#define CLASSAD_OVERLAY_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "classad/value.h"

namespace classad {

// A small set of named values that shadows the attributes of the same
// names in one ad. Each entry is present or absent; an absent entry hides
// nothing (the ad's own attribute, if any, is seen). A present entry holds
// a value, or a function that computes the value each time it is read
// (HTCondor's live attributes, such as RemoteUserResourcesInUse, which
// read the accountant as the cycle goes).
//
// Lookups (what evaluation does) never allocate: an entry is found by the
// name's hash (HashAttributeName) among at most kMaxEntries entries. The
// overlay is built once (Add) and its values changed in place between
// evaluations (Set, Compute, Clear); a string value allocates when set, not
// when read.
//
// Thread-safety: const methods may run concurrently; changing an overlay
// while an evaluation that uses it runs is not allowed. The owner keeps it
// alive and unmoved while a scope refers to it.
class AttributeOverlay {
 public:
  // What a computed entry calls: the value now, from `context`.
  using ComputeFn = Value (*)(const void* context);

  // The most entries one overlay holds (HTCondor's slot side has seven
  // attributes, and five more per slot of a machine with cross-slot
  // priorities). Lookups scan the entries whose hash passes a 64-bit
  // filter, so a few dozen entries cost little and a thousand still work.
  static constexpr size_t kMaxEntries = 1024;

  AttributeOverlay() = default;
  AttributeOverlay(const AttributeOverlay&) = delete;
  AttributeOverlay& operator=(const AttributeOverlay&) = delete;

  // Adds an absent entry named `name` and returns its index (for Set and
  // friends); an existing entry of that name (compared as attribute names
  // are, case-insensitively) is not added twice: its index is returned.
  // Returns -1 when the overlay is full.
  int Add(std::string_view name);
  // The index of the entry named `name`, or -1.
  int IndexOf(std::string_view name) const;

  // Makes entry `index` present with `value`.
  void Set(int index, Value value);
  // Makes entry `index` present, computed by `fn(context)` when read;
  // `context` is borrowed and must outlive the overlay's use.
  void Compute(int index, ComputeFn fn, const void* context);
  // Makes entry `index` absent.
  void Clear(int index);
  // Makes every entry absent.
  void ClearAll();

  // One entry: found by Find, read by Get.
  struct Entry {
    std::string name;
    uint64_t hash = 0;
    bool present = false;
    Value value;
    ComputeFn compute = nullptr;
    const void* context = nullptr;
    // The value: the stored one, or a computed one in *scratch (the
    // returned pointer is either &value or scratch).
    const Value* Get(Value* scratch) const {
      if (compute == nullptr) return &value;
      *scratch = compute(context);
      return scratch;
    }
  };

  // The present entry named `name` (`hash` = HashAttributeName(name)), or
  // null. The common case, no entry of that hash, costs one test.
  const Entry* Find(std::string_view name, uint64_t hash) const {
    if ((present_mask_ & MaskBit(hash)) == 0) return nullptr;
    return FindSlow(name, hash);
  }

  size_t size() const { return entries_.size(); }
  const Entry& entry(size_t i) const { return entries_[i]; }

 private:
  static uint64_t MaskBit(uint64_t hash) { return uint64_t{1} << ((hash >> 7) & 63); }
  const Entry* FindSlow(std::string_view name, uint64_t hash) const;
  // Recomputes present_mask_ from the present entries.
  void RebuildMask();

  std::vector<Entry> entries_;
  // One bit per present entry's hash (MaskBit): most names miss here.
  uint64_t present_mask_ = 0;
};

}  // namespace classad

#endif  // CLASSAD_OVERLAY_H_
