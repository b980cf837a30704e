// SlotVector: the attribute array of a ClassAd (one Value per attribute),
// kept either on the heap or, once moved there, in an AdArena.
//
// What a std::vector<Value> would do, plus arena storage: MoveToArena puts
// the values in an exactly sized block of an arena and keeps a reference
// to it. Anything that needs more room later (an Insert into an ad read
// from a pool) moves the values back to the heap and lets go of the
// arena, so an arena only ever grows while its ads are being built. A copy
// is always on the heap. Not thread-safe for writing (like std::vector).
#ifndef CLASSAD_SLOT_VECTOR_H_
#define CLASSAD_SLOT_VECTOR_H_

#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

#include "classad/ad_arena.h"
#include "classad/value.h"

namespace classad {

class SlotVector {
 public:
  SlotVector() = default;
  // A copy is on the heap (it never keeps an arena alive). Moving keeps the
  // storage, arena included.
  SlotVector(const SlotVector& other) { CopyFrom(other); }
  SlotVector(SlotVector&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)),
        arena_(std::move(other.arena_)) {}
  SlotVector& operator=(const SlotVector& other) {
    if (this != &other) {
      SlotVector copy(other);
      Swap(copy);
    }
    return *this;
  }
  SlotVector& operator=(SlotVector&& other) noexcept {
    SlotVector moved(std::move(other));
    Swap(moved);
    return *this;
  }
  ~SlotVector() { Free(); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Value `i` (< size(); not checked).
  Value& operator[](size_t i) { return data_[i]; }
  const Value& operator[](size_t i) const { return data_[i]; }
  // Whether the values are in an arena (false when empty).
  bool in_arena() const { return static_cast<bool>(arena_); }

  // Appends `value`, growing the storage (on the heap) when full.
  void push_back(Value value);
  // Removes the value at `i` (< size()), keeping the order of the others.
  void erase(size_t i);
  // Makes room for `n` values in all (on the heap unless already there).
  void reserve(size_t n);
  // Drops spare capacity (nothing to do in an arena: blocks are exact).
  void shrink_to_fit();
  // Rearranges the values in place (heap or arena alike): value q becomes
  // what value from[q] was. `from` must be a permutation of 0..size()-1.
  void Permute(const std::vector<uint32_t>& from);
  // Removes every value; keeps heap capacity, lets go of an arena.
  void clear();
  // Moves the values into a block of exactly size() values from `arena`
  // (a non-empty reference) and holds a reference to it; does nothing for
  // an empty vector. Throws std::bad_alloc only if the arena does.
  void MoveToArena(const AdArenaRef& arena);

 private:
  void CopyFrom(const SlotVector& other);
  // Moves the values to a heap block of `capacity` (>= size()) values.
  void Reallocate(size_t capacity);
  // Destroys the values and releases the storage (heap block or arena).
  void Free();
  // Moves the values into `block` (room for size() at least) and releases
  // the old storage; `block` becomes the storage (on the heap, until the
  // caller says otherwise by setting arena_).
  void Relocate(Value* block);
  // Gives back the heap block, or lets go of the arena (values already
  // destroyed or moved).
  void ReleaseStorage();
  void Swap(SlotVector& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
    std::swap(arena_, other.arena_);
  }

  Value* data_ = nullptr;
  uint32_t size_ = 0;
  uint32_t capacity_ = 0;
  // Set when data_ is an arena's (the block is given back with the arena).
  AdArenaRef arena_;
};

}  // namespace classad

#endif  // CLASSAD_SLOT_VECTOR_H_
