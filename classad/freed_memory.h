// Giving freed memory back to the system. glibc's allocator keeps what a
// thread freed in that thread's arena, resident: after a large file was
// read on worker threads (ad_file_reader.h), the whole ads they parsed and
// dropped stay in the process's resident set (about 20 MB after a
// 200,000-job dump), and allocations on the calling thread do not reuse
// them.
#ifndef CLASSAD_FREED_MEMORY_H_
#define CLASSAD_FREED_MEMORY_H_

namespace classad {

// Returns the free pages of every arena of the allocator to the system
// (glibc's malloc_trim); a no-op with another C library. Its cost is a
// walk of the free lists, a few milliseconds for a heap of a few hundred
// megabytes: call it after a burst of work that freed much, not often.
// Thread-safe.
void ReleaseFreedMemory();

}  // namespace classad

#endif  // CLASSAD_FREED_MEMORY_H_
