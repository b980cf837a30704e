#include "classad/load_cache.h"

#include <algorithm>
#include <utility>

namespace classad {

namespace {
constexpr size_t kChunkPositions = 4096;
}  // namespace

void LoadCache::Clear() {
  table_.Clear();
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

const int32_t* LoadCache::Learn(const Program& program, const AdLayout* layout, LoadSide side) {
  const std::vector<const Expr*>& reads = program.reads(side);
  int32_t* positions = nullptr;
  if (side != LoadSide::kMine || !layout->has_special_names()) {
    positions = Store(std::max<size_t>(reads.size(), 1));
    for (size_t i = 0; i < reads.size(); ++i) {
      positions[i] = layout->Find(reads[i]->name(), reads[i]->name_hash());
    }
  }
  table_.Add(Table::Key(layout, static_cast<unsigned>(side)), Entry{&program, positions});
  return positions;
}

}  // namespace classad
