// Inline byte comparisons for the hot paths (attribute lookup, string
// equality): short texts compared in whole machine words, with no call to
// the C library. Header-only; pure functions, safe from any thread.
#ifndef CLASSAD_BYTES_H_
#define CLASSAD_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace classad::bytes {

// Lower-cases an ASCII letter; other bytes are returned unchanged.
inline char FoldAscii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

// The 8 (4, 2) bytes at `p`, in any alignment.
inline uint64_t Load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}
inline uint32_t Load4(const char* p) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  return w;
}
inline uint16_t Load2(const char* p) {
  uint16_t w;
  std::memcpy(&w, p, 2);
  return w;
}

// Whether the `n` bytes at `a` and `b` are the same. Reads exactly those
// bytes (overlapping word loads, never past the end); names and values are
// short, so this beats a call to memcmp.
inline bool SameBytes(const char* a, const char* b, size_t n) {
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) {
      if (Load8(a + i) != Load8(b + i)) return false;
    }
    return Load8(a + n - 8) == Load8(b + n - 8);
  }
  if (n >= 4) return Load4(a) == Load4(b) && Load4(a + n - 4) == Load4(b + n - 4);
  if (n >= 2) return Load2(a) == Load2(b) && Load2(a + n - 2) == Load2(b + n - 2);
  return n == 0 || *a == *b;
}

// Whether the `n` bytes at `a` and `b` are the same once ASCII letters are
// folded to lower case.
inline bool SameBytesFolded(const char* a, const char* b, size_t n) {
  // Most comparisons see the same spelling on both sides: try that first.
  if (SameBytes(a, b, n)) return true;
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i] && FoldAscii(a[i]) != FoldAscii(b[i])) return false;
  }
  return true;
}

}  // namespace classad::bytes

#endif  // CLASSAD_BYTES_H_
