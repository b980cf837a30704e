// AdArena: storage for the ads of a whole pool, laid out densely in large
// chunks that the kernel is asked to back with 2 MiB pages. A negotiator
// scans every slot ad of a pool for every job; on 4 KiB pages each ad is a
// page of its own and the scan pays a page-table walk per ad (the 20,000
// slot ads of the match benchmark span 75 MB, far beyond what the TLB
// covers). Ads moved into an arena (ClassAd::MoveToArena, or
// AdReadOptions::use_arena) put their object and their attribute array there.
//
// Lifetime: an arena is reference-counted (AdArenaRef). Every ad with
// storage in it holds a reference, so the arena lives as long as the last
// of them, whatever happens to the reader that made it. Memory is given
// back to the system only then: one ad kept pins its whole arena (use
// arenas for ads that are read, used and dropped together, as a pool's ads
// in a negotiation cycle are).
//
// Failure modes: allocation throws std::bad_alloc when the system has no
// memory, as operator new does. Where the kernel has no transparent huge
// pages (or refuses them), the chunks are ordinary memory: slower to scan,
// otherwise the same.
#ifndef CLASSAD_AD_ARENA_H_
#define CLASSAD_AD_ARENA_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

namespace classad {

class AdArena {
 public:
  AdArena(const AdArena&) = delete;
  AdArena& operator=(const AdArena&) = delete;

  // `bytes` of memory aligned to `alignment` (a power of two, at most
  // 4096), valid until the arena is destroyed; never null (std::bad_alloc
  // when the system has none). Not thread-safe: one thread builds ads into
  // an arena at a time (the reader that owns it).
  void* Allocate(size_t bytes, size_t alignment);

  // Bytes handed out by Allocate, and bytes of chunks obtained from the
  // system (what the arena costs; its pages are touched only as used).
  // Not thread-safe with Allocate.
  size_t bytes_allocated() const { return bytes_allocated_; }
  size_t bytes_reserved() const { return bytes_reserved_; }

  // The size of the first chunk, kept on ordinary pages (an input of a few
  // ads costs a few pages); later chunks are 2 MiB-aligned and advised to
  // use huge pages, growing to kMaxChunkBytes.
  static constexpr size_t kFirstChunkBytes = size_t{256} << 10;
  static constexpr size_t kHugePageBytes = size_t{2} << 20;
  static constexpr size_t kMaxChunkBytes = size_t{32} << 20;

 private:
  friend class AdArenaRef;
  AdArena() = default;
  ~AdArena();
  // Obtains a chunk large enough for `bytes` (at least the next chunk size).
  void AddChunk(size_t bytes);

  std::atomic<uint32_t> references_{0};
  char* next_ = nullptr;  // free space of the current chunk: [next_, end_)
  char* end_ = nullptr;
  size_t next_chunk_bytes_ = kFirstChunkBytes;
  size_t bytes_allocated_ = 0;
  size_t bytes_reserved_ = 0;
  std::vector<void*> chunks_;  // owned (std::free)
};

// A counted reference to an arena (8 bytes); empty when default-made.
// Copying and destroying references is thread-safe; the last one destroys
// the arena and its memory.
class AdArenaRef {
 public:
  AdArenaRef() = default;
  // A new, empty arena.
  static AdArenaRef Create();

  AdArenaRef(const AdArenaRef& other) : arena_(other.arena_) { Acquire(); }
  AdArenaRef(AdArenaRef&& other) noexcept : arena_(std::exchange(other.arena_, nullptr)) {}
  AdArenaRef& operator=(AdArenaRef other) noexcept {
    std::swap(arena_, other.arena_);
    return *this;
  }
  ~AdArenaRef() { Release(); }

  AdArena* get() const { return arena_; }
  AdArena* operator->() const { return arena_; }
  explicit operator bool() const { return arena_ != nullptr; }
  friend bool operator==(const AdArenaRef& a, const AdArenaRef& b) { return a.arena_ == b.arena_; }

 private:
  explicit AdArenaRef(AdArena* arena) : arena_(arena) { Acquire(); }
  void Acquire() {
    if (arena_ != nullptr) arena_->references_.fetch_add(1, std::memory_order_relaxed);
  }
  void Release() {
    if (arena_ != nullptr && arena_->references_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      delete arena_;
    }
  }
  AdArena* arena_ = nullptr;
};

// A standard allocator over an arena, for objects whose memory is given
// back only with the arena (deallocate does nothing); it holds a reference,
// so whatever holds the allocator (a shared_ptr's control block made by
// std::allocate_shared) keeps the arena alive.
template <typename T>
class ArenaAllocator {
 public:
  using value_type = T;
  explicit ArenaAllocator(AdArenaRef arena) : arena_(std::move(arena)) {}
  template <typename U>
  ArenaAllocator(const ArenaAllocator<U>& other) : arena_(other.arena()) {}

  T* allocate(size_t n) {
    if (n > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
    return static_cast<T*>(arena_->Allocate(n * sizeof(T), alignof(T)));
  }
  void deallocate(T*, size_t) {}
  const AdArenaRef& arena() const { return arena_; }

  template <typename U>
  friend bool operator==(const ArenaAllocator& a, const ArenaAllocator<U>& b) {
    return a.arena() == b.arena();
  }

 private:
  AdArenaRef arena_;
};

}  // namespace classad

#endif  // CLASSAD_AD_ARENA_H_
