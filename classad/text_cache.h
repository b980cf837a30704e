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
#include <string>
#include <string_view>
#include <unordered_map>

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
      auto it = entries_.find(Key{text, hash});
      if (it != entries_.end()) {
        it->second.found_again = true;
        return &it->second.value;
      }
    }
    *keep = NoteSeen(hash) && text.size() <= limits_.max_entry_bytes;
    return nullptr;
  }

  // Keeps `value` as what `text` makes; returns the kept value (valid
  // until the next Keep).
  const V& Keep(std::string_view text, V value) {
    if (entries_.size() >= limits_.max_entries ||
        text_bytes_ + text.size() > limits_.max_text_bytes) {
      Evict();
    }
    auto owned = std::make_unique<char[]>(text.size());
    std::copy(text.begin(), text.end(), owned.get());
    const Key key{std::string_view(owned.get(), text.size()),
                  std::hash<std::string_view>{}(text)};
    auto [it, inserted] = entries_.try_emplace(key, Entry{std::move(owned), std::move(value)});
    if (inserted) text_bytes_ += text.size();
    return it->second.value;
  }

  // Texts kept now.
  size_t size() const { return entries_.size(); }

 private:
  // A text and its hash (computed once per lookup); the text's bytes are
  // owned by the entry.
  struct Key {
    std::string_view text;
    uint64_t hash;
    bool operator==(const Key& other) const { return text == other.text; }
  };
  struct KeyHash {
    size_t operator()(const Key& key) const { return key.hash; }
  };
  struct Entry {
    std::unique_ptr<char[]> text;
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

  // Makes room: drops the entries not found again since they were kept
  // (and clears the mark of those that stay), or everything when what
  // stays would fill more than half the cache.
  void Evict() {
    size_t again = 0;
    size_t again_bytes = 0;
    for (const auto& [key, entry] : entries_) {
      if (entry.found_again) {
        ++again;
        again_bytes += key.text.size();
      }
    }
    if (again * 2 > limits_.max_entries || again_bytes * 2 > limits_.max_text_bytes) {
      entries_.clear();
      text_bytes_ = 0;
      return;
    }
    for (auto it = entries_.begin(); it != entries_.end();) {
      if (it->second.found_again) {
        it->second.found_again = false;
        ++it;
      } else {
        it = entries_.erase(it);
      }
    }
    text_bytes_ = again_bytes;
  }

  TextCacheLimits limits_;
  std::unordered_map<Key, Entry, KeyHash> entries_;
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
