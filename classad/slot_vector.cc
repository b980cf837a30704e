#include "classad/slot_vector.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <stdexcept>

namespace classad {

namespace {

// Heap blocks for values (n is at most 2^32 - 1, so the size cannot wrap).
Value* AllocateValues(size_t n) { return static_cast<Value*>(::operator new(n * sizeof(Value))); }

void DeallocateValues(Value* p) { ::operator delete(p); }

}  // namespace

void SlotVector::CopyFrom(const SlotVector& other) {
  if (other.size_ == 0) return;
  data_ = AllocateValues(other.size_);
  std::uninitialized_copy(other.data_, other.data_ + other.size_, data_);
  size_ = capacity_ = other.size_;
}

void SlotVector::ReleaseStorage() {
  if (!arena_ && data_ != nullptr) DeallocateValues(data_);
  arena_ = AdArenaRef();
}

void SlotVector::Free() {
  std::destroy(data_, data_ + size_);
  ReleaseStorage();
  data_ = nullptr;
  size_ = capacity_ = 0;
}

void SlotVector::Relocate(Value* block) {
  // Values move without throwing.
  std::uninitialized_move(data_, data_ + size_, block);
  std::destroy(data_, data_ + size_);
  ReleaseStorage();
  data_ = block;
}

void SlotVector::Reallocate(size_t capacity) {
  if (capacity > std::numeric_limits<uint32_t>::max()) {
    throw std::length_error("too many attributes in one ad");
  }
  Relocate(AllocateValues(capacity));
  capacity_ = static_cast<uint32_t>(capacity);
}

void SlotVector::push_back(Value value) {
  if (size_ == capacity_) Reallocate(std::max<size_t>(8, size_t{capacity_} * 2));
  new (&data_[size_]) Value(std::move(value));
  ++size_;
}

void SlotVector::erase(size_t i) {
  std::move(data_ + i + 1, data_ + size_, data_ + i);
  --size_;
  data_[size_].~Value();
}

void SlotVector::reserve(size_t n) {
  if (n > capacity_) Reallocate(n);
}

void SlotVector::shrink_to_fit() {
  if (arena_ || size_ == capacity_) return;
  if (size_ == 0) {
    Free();
    return;
  }
  Reallocate(size_);
}

void SlotVector::Permute(const std::vector<uint32_t>& from) {
  // Cycle by cycle, one value held aside per cycle.
  std::vector<bool> done(size_, false);
  for (uint32_t start = 0; start < size_; ++start) {
    if (done[start]) continue;
    Value held = std::move(data_[start]);
    uint32_t q = start;
    while (true) {
      done[q] = true;
      const uint32_t p = from[q];
      if (p == start) {
        data_[q] = std::move(held);
        break;
      }
      data_[q] = std::move(data_[p]);
      q = p;
    }
  }
}

void SlotVector::clear() {
  if (arena_) {
    Free();
    return;
  }
  std::destroy(data_, data_ + size_);
  size_ = 0;
}

void SlotVector::MoveToArena(const AdArenaRef& arena) {
  if (size_ == 0) return;
  Relocate(static_cast<Value*>(arena->Allocate(size_ * sizeof(Value), alignof(Value))));
  capacity_ = size_;
  arena_ = arena;
}

}  // namespace classad
