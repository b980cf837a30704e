// AddressTable: a flat hash table of small values keyed by an object's
// address, for memos that live while the objects do (the match kernel's
// per-pass tables: LoadCache, MatchKernel's per-layout values).
//
// A key is an 8-byte-aligned address (null allowed) with a tag of up to two
// bits (Key()). Entries are placed by the address alone, so the entries of
// one address — with different tags, or with the same key and values the
// caller tells apart — sit next to each other, and looking several of them
// up reads a line or two. Open addressing with linear probing, kept at most
// half full; Clear() keeps the memory. Addresses are only compared, never
// followed: an entry is right while the caller knows the object at that
// address is the one it learned about. Not thread-safe.
#ifndef CLASSAD_ADDRESS_TABLE_H_
#define CLASSAD_ADDRESS_TABLE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace classad {

template <typename T>
class AddressTable {
 public:
  // The key of `address` (aligned to at least 8 bytes; may be null) with
  // `tag` (0 to 3). Never 0, which marks an empty entry.
  static uintptr_t Key(const void* address, unsigned tag = 0) {
    return reinterpret_cast<uintptr_t>(address) | (uintptr_t{tag} << 1) | 1;
  }

  // The first value stored under `key` that `match` accepts, or null. The
  // pointer stays valid until the next Add() or Clear().
  template <typename Match>
  [[gnu::always_inline]] const T* Find(uintptr_t key, Match match) const {
    if (size_ == 0) return nullptr;
    for (size_t i = Home(key);; i = (i + 1) & mask_) {
      const Entry& entry = entries_[i];
      if (entry.key == 0) return nullptr;
      if (entry.key == key && match(entry.value)) return &entry.value;
    }
  }
  const T* Find(uintptr_t key) const {
    return Find(key, [](const T&) { return true; });
  }

  // Stores `value` under `key` (beside any value already there).
  void Add(uintptr_t key, T value) {
    if ((size_ + 1) * 2 > entries_.size()) Grow();
    Place(key, std::move(value));
    ++size_;
  }

  // Forgets every entry (keeps the memory).
  void Clear() {
    std::fill(entries_.begin(), entries_.end(), Entry{});
    size_ = 0;
  }
  size_t size() const { return size_; }

 private:
  struct Entry {
    uintptr_t key = 0;  // 0: empty
    T value{};
  };
  // Multiplicative hashing of the address alone: the top bits of the
  // product index the table.
  size_t Home(uintptr_t key) const {
    return static_cast<size_t>(((key >> 3) + 1) * 0x9E3779B97F4A7C15ull >> shift_);
  }
  void Place(uintptr_t key, T value) {
    size_t i = Home(key);
    while (entries_[i].key != 0) i = (i + 1) & mask_;
    entries_[i] = Entry{key, std::move(value)};
  }
  // Doubles the table (64 entries at first) and places every entry again.
  void Grow() {
    std::vector<Entry> old = std::move(entries_);
    entries_ = std::vector<Entry>(old.empty() ? 64 : old.size() * 2);
    mask_ = entries_.size() - 1;
    shift_ = static_cast<uint32_t>(64 - __builtin_ctzll(entries_.size()));
    for (Entry& entry : old) {
      if (entry.key != 0) Place(entry.key, std::move(entry.value));
    }
  }

  std::vector<Entry> entries_;  // a power of two in size
  uint32_t shift_ = 64;         // 64 - log2(entries_.size())
  size_t mask_ = 0;             // entries_.size() - 1
  size_t size_ = 0;
};

}  // namespace classad

#endif  // CLASSAD_ADDRESS_TABLE_H_
