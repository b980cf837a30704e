#include "classad/load_cache.h"

#include <algorithm>
#include <utility>

namespace classad {

namespace {
constexpr size_t kChunkPositions = 4096;
}  // namespace

void LoadCache::Clear() {
  std::fill(slots_.begin(), slots_.end(), Slot{});
  size_ = 0;
  chunk_ = 0;
  used_ = 0;
}

int32_t* LoadCache::Store(size_t n) {
  // The current chunk, or the next one kept from before that is big
  // enough, or a new one.
  while (chunk_ < chunks_.size() && used_ + n > chunk_sizes_[chunk_]) {
    ++chunk_;
    used_ = 0;
  }
  if (chunk_ == chunks_.size()) {
    const size_t size = std::max(kChunkPositions, n);
    chunks_.push_back(std::make_unique<int32_t[]>(size));
    chunk_sizes_.push_back(size);
    used_ = 0;
  }
  int32_t* out = chunks_[chunk_].get() + used_;
  used_ += n;
  return out;
}

void LoadCache::Grow() {
  std::vector<Slot> old = std::move(slots_);
  const size_t size = old.empty() ? 64 : old.size() * 2;
  slots_ = std::vector<Slot>(size);
  mask_ = size - 1;
  shift_ = static_cast<uint32_t>(64 - __builtin_ctzll(size));
  for (const Slot& slot : old) {
    if (slot.program == nullptr) continue;
    size_t i = Hash(reinterpret_cast<const AdLayout*>(slot.key & ~uintptr_t{1})) >> shift_;
    while (slots_[i].program != nullptr) i = (i + 1) & mask_;
    slots_[i] = slot;
  }
}

const int32_t* LoadCache::Learn(const Program& program, const AdLayout* layout, LoadSide side) {
  // At most half full, so that a probe soon meets an empty slot.
  if ((size_ + 1) * 2 > slots_.size()) Grow();
  const std::vector<const Expr*>& reads = program.reads(side);
  int32_t* positions = nullptr;
  if (side != LoadSide::kMine || !layout->has_special_names()) {
    positions = Store(std::max<size_t>(reads.size(), 1));
    for (size_t i = 0; i < reads.size(); ++i) {
      positions[i] = layout->Find(reads[i]->name(), reads[i]->name_hash());
    }
  }
  size_t i = Hash(layout) >> shift_;
  while (slots_[i].program != nullptr) i = (i + 1) & mask_;
  slots_[i] = Slot{&program, Key(layout, side), positions};
  ++size_;
  return positions;
}

}  // namespace classad
