#include "classad/ad_arena.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>

namespace classad {

AdArenaRef AdArenaRef::Create() { return AdArenaRef(new AdArena()); }

AdArena::~AdArena() {
  for (void* chunk : chunks_) std::free(chunk);
}

void AdArena::AddChunk(size_t bytes) {
  const bool first = chunks_.empty();
  size_t size = std::max(next_chunk_bytes_, bytes);
  // The first chunk on a cache line, later ones on whole huge pages (so that
  // the kernel can back each with one page-table entry); aligned_alloc
  // wants the size a multiple of the alignment.
  const size_t alignment = first ? 64 : kHugePageBytes;
  if (size > SIZE_MAX - alignment) throw std::bad_alloc();
  size = (size + alignment - 1) / alignment * alignment;
  void* chunk = std::aligned_alloc(alignment, size);
  if (chunk == nullptr) throw std::bad_alloc();
  chunks_.push_back(chunk);
  // Advice only: without transparent huge pages the chunk is still memory.
  if (!first) madvise(chunk, size, MADV_HUGEPAGE);
  next_ = static_cast<char*>(chunk);
  end_ = next_ + size;
  bytes_reserved_ += size;
  next_chunk_bytes_ = std::min(std::max(kHugePageBytes, next_chunk_bytes_ * 2), kMaxChunkBytes);
}

void* AdArena::Allocate(size_t bytes, size_t alignment) {
  if (bytes == 0) bytes = 1;
  auto aligned = [alignment](char* p) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    return reinterpret_cast<char*>((a + alignment - 1) & ~(uintptr_t{alignment} - 1));
  };
  char* p = next_ != nullptr ? aligned(next_) : nullptr;
  if (p == nullptr || p > end_ || static_cast<size_t>(end_ - p) < bytes) {
    if (bytes > SIZE_MAX - alignment) throw std::bad_alloc();
    AddChunk(bytes + alignment);
    p = aligned(next_);
  }
  next_ = p + bytes;
  bytes_allocated_ += bytes;
  return p;
}

}  // namespace classad
