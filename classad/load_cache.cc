#include "classad/load_cache.h"

#include <utility>

namespace classad {

void LoadCache::Clear() {
  slots_.clear();
  shift_ = 64;
  mask_ = 0;
  size_ = 0;
}

LoadCache::Slot& LoadCache::EmptySlotFor(const Program* program, uintptr_t key) {
  size_t i = Hash(program, key) >> shift_;
  while (slots_[i].program != nullptr) i = (i + 1) & mask_;
  return slots_[i];
}

void LoadCache::Grow() {
  std::vector<Slot> old = std::move(slots_);
  const size_t size = old.empty() ? 64 : old.size() * 2;
  slots_ = std::vector<Slot>(size);
  mask_ = size - 1;
  shift_ = static_cast<uint32_t>(64 - __builtin_ctzll(size));
  for (Slot& slot : old) {
    if (slot.program != nullptr) EmptySlotFor(slot.program, slot.key) = std::move(slot);
  }
}

const int32_t* LoadCache::Learn(const Program& program, const AdLayout* layout, LoadSide side) {
  // At most half full, so that a probe soon meets an empty slot.
  if ((size_ + 1) * 2 > slots_.size()) Grow();
  const std::vector<const Expr*>& reads = program.reads(side);
  auto positions = std::make_unique<int32_t[]>(reads.size() + 1);  // never a null array
  for (size_t i = 0; i < reads.size(); ++i) {
    positions[i] = layout->Find(reads[i]->name(), reads[i]->name_hash());
  }
  Slot& slot = EmptySlotFor(&program, Key(layout, side));
  slot.program = &program;
  slot.key = Key(layout, side);
  slot.positions = std::move(positions);
  ++size_;
  return slot.positions.get();
}

}  // namespace classad
