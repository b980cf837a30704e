// TextCache: remembers what was made of texts that recur (the parse of an
// expression, the stored form of an ad's value), so that a text seen again
// is not parsed again and what it made is shared.
//
// It costs next to nothing on texts that never recur: a text seen for the
// first time is only noted, by a 64-bit hash in a fixed table; it is kept
// (copied, with its value) only when it comes again. So a stream of
// distinct texts (a batch of expressions, the names and counters of a pool
// dump) pays one hash and one table write per text, and a stream where
// texts recur (the Requirements and Rank of every job, a configuration
// where many knobs share a value) parses each recurring text twice and
// then never again.
//
// Bounded: at most TextCacheLimits::max_entries texts and max_text_bytes of
// them are kept; when full, the kept texts not found again since they were
// last kept are dropped (everything, if that frees less than half), so the
// texts that keep recurring stay. A text over max_entry_bytes is never
// kept. The table of texts seen once forgets a text when another lands on
// its slot, which only costs that text one more parse.
//
// Not thread-safe: one per reader, per tool, per configuration read.
// Values handed out are valid until the next call of Keep.
#ifndef CLASSAD_TEXT_CACHE_H_
#define CLASSAD_TEXT_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "classad/parser.h"

namespace classad {

struct TextCacheLimits {
  size_t max_entries = size_t{1} << 14;
  size_t max_text_bytes = size_t{4} << 20;
  size_t max_entry_bytes = size_t{64} << 10;
  // Slots of the table of texts seen once (a power of two; 8 bytes each,
  // allocated on the first miss).
  size_t seen_slots = size_t{1} << 14;
};

template <typename V>
class TextCache {
 public:
  explicit TextCache(TextCacheLimits limits = {}) : limits_(limits) {}
  TextCache(const TextCache&) = delete;
  TextCache& operator=(const TextCache&) = delete;

  // What was kept for `text`, or null. On a miss, `*keep` says whether the
  // text was seen before (then make its value and Keep it) and the text is
  // noted as seen.
  const V* Find(std::string_view text, bool* keep) {
    const uint64_t hash = std::hash<std::string_view>{}(text);
    if (!entries_.empty()) {
      const size_t mask = index_.size() - 1;
      for (size_t slot = hash & mask; index_[slot] != 0; slot = (slot + 1) & mask) {
        Entry& entry = entries_[index_[slot] - 1];
        if (entry.hash == hash && entry.text == text) {
          entry.found_again = true;
          return &entry.value;
        }
      }
    }
    *keep = NoteSeen(hash) && text.size() <= limits_.max_entry_bytes;
    return nullptr;
  }

  // Keeps `value` as what `text` makes (a text not kept now: call it only
  // after Find said so); returns the kept value (valid until the next Keep).
  const V& Keep(std::string_view text, V value) {
    if (entries_.size() >= limits_.max_entries ||
        text_bytes_ + text.size() > limits_.max_text_bytes) {
      Evict();
    }
    entries_.push_back(Entry{std::hash<std::string_view>{}(text), std::string(text),
                             std::move(value)});
    text_bytes_ += text.size();
    if (index_.size() < 2 * entries_.size()) {
      Reindex();
    } else {
      IndexLast();
    }
    return entries_.back().value;
  }

  // What `text` makes, `value`, for a caller that found no kept value:
  // kept when `keep` (as Find said), else held in `*held`. Returns it
  // either way (valid until the next Keep, or while `*held` holds it).
  const V& KeepOrHold(std::string_view text, V value, bool keep, std::optional<V>* held) {
    return keep ? Keep(text, std::move(value)) : held->emplace(std::move(value));
  }

  // Texts kept now.
  size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    uint64_t hash;
    std::string text;
    V value;
    bool found_again = false;  // since it was kept (or last survived an eviction)
  };

  // Notes `hash` as seen; returns whether it was seen before.
  bool NoteSeen(uint64_t hash) {
    if (seen_ == nullptr) seen_ = std::make_unique<uint64_t[]>(limits_.seen_slots);
    // A hash of 0 is stored as 1, so an empty slot never matches.
    const uint64_t mark = hash == 0 ? 1 : hash;
    uint64_t& slot = seen_[(hash ^ (hash >> 29)) & (limits_.seen_slots - 1)];
    if (slot == mark) return true;
    slot = mark;
    return false;
  }

  // Enters the last entry into the index (which has room for it).
  void IndexLast() {
    const size_t mask = index_.size() - 1;
    size_t slot = entries_.back().hash & mask;
    while (index_[slot] != 0) slot = (slot + 1) & mask;
    index_[slot] = static_cast<uint32_t>(entries_.size());
  }

  // Rebuilds the index (open addressing, linear probing, at most half
  // full) for the entries there are.
  void Reindex() {
    size_t slots = 16;
    while (slots < 2 * entries_.size()) slots *= 2;
    index_.assign(slots, 0);
    const size_t mask = slots - 1;
    for (size_t i = 0; i < entries_.size(); ++i) {
      size_t slot = entries_[i].hash & mask;
      while (index_[slot] != 0) slot = (slot + 1) & mask;
      index_[slot] = static_cast<uint32_t>(i + 1);
    }
  }

  // Makes room: drops the entries not found again since they were kept
  // (and clears the mark of those that stay), or everything when what
  // stays would fill more than half the cache.
  void Evict() {
    size_t again = 0;
    size_t again_bytes = 0;
    for (const Entry& entry : entries_) {
      if (entry.found_again) {
        ++again;
        again_bytes += entry.text.size();
      }
    }
    if (again * 2 > limits_.max_entries || again_bytes * 2 > limits_.max_text_bytes) {
      entries_.clear();
      text_bytes_ = 0;
    } else {
      std::erase_if(entries_, [](const Entry& entry) { return !entry.found_again; });
      for (Entry& entry : entries_) entry.found_again = false;
      text_bytes_ = again_bytes;
    }
    Reindex();
  }

  TextCacheLimits limits_;
  std::vector<Entry> entries_;
  // entries_ index + 1 by slot; 0 for an empty slot.
  std::vector<uint32_t> index_;
  std::unique_ptr<uint64_t[]> seen_;
  size_t text_bytes_ = 0;
};

// ParseExpression through `cache`: a text kept there gives the tree parsed
// before (the same tree, shared); a text seen for the second time is parsed
// and kept. Errors are never kept: an erroneous text is parsed again and
// gives the same error. `options` must be the same for every call on one
// cache.
Result<ExprPtr> ParseExpressionCached(std::string_view text, const ParseOptions& options,
                                      TextCache<ExprPtr>* cache);

}  // namespace classad

#endif  // CLASSAD_TEXT_CACHE_H_
