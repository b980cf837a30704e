// Inline byte comparisons for the hot paths (attribute lookup, string
// equality): short texts compared in whole machine words, with no call to
// the C library. Header-only; pure functions, safe from any thread.
#ifndef CLASSAD_BYTES_H_
#define CLASSAD_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace classad::bytes {

// Lower-cases an ASCII letter; other bytes are returned unchanged.
inline char FoldAscii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

// A copy of `text` with its ASCII capital letters lower-cased.
inline std::string FoldAsciiCopy(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = FoldAscii(c);
  return out;
}

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

// Whether `same(word of a, word of b)` holds for words covering the `n`
// bytes at `a` and `b`, each word zero-extended to 64 bits. Reads exactly
// those bytes (overlapping word loads, never past the end). The skeleton of
// SameBytes and SameBytesFolded.
template <typename SameWord>
[[gnu::always_inline]] inline bool SameWords(const char* a, const char* b, size_t n,
                                             SameWord same) {
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) {
      if (!same(Load8(a + i), Load8(b + i))) return false;
    }
    return same(Load8(a + n - 8), Load8(b + n - 8));
  }
  if (n >= 4) return same(Load4(a), Load4(b)) && same(Load4(a + n - 4), Load4(b + n - 4));
  if (n >= 2) return same(Load2(a), Load2(b)) && same(Load2(a + n - 2), Load2(b + n - 2));
  return n == 0 || same(static_cast<unsigned char>(*a), static_cast<unsigned char>(*b));
}

// Whether the `n` bytes at `a` and `b` are the same. Names and values are
// short, so this beats a call to memcmp.
inline bool SameBytes(const char* a, const char* b, size_t n) {
  return SameWords(a, b, n, [](uint64_t x, uint64_t y) { return x == y; });
}

// `w` (8 bytes, or fewer zero-extended) with each ASCII capital letter
// lower-cased, all in one word; every other byte, those of 0x80 and above
// included, is left as it is.
inline uint64_t FoldWord(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  const uint64_t low7 = w & (0x7f * kOnes);           // no carry between bytes below
  const uint64_t at_least_a = low7 + (0x80 - 'A') * kOnes;  // top bit: low7 >= 'A'
  const uint64_t above_z = low7 + (0x80 - 'Z' - 1) * kOnes; // top bit: low7 > 'Z'
  const uint64_t capitals = at_least_a & ~above_z & ~w & (0x80 * kOnes);
  return w | (capitals >> 2);  // 0x80 >> 2 is the case bit 0x20
}

// SameBytesFolded once the bytes are known to differ: compared word by
// word with FoldWord.
inline bool SameBytesFoldedSlow(const char* a, const char* b, size_t n) {
  return SameWords(a, b, n, [](uint64_t x, uint64_t y) { return FoldWord(x) == FoldWord(y); });
}

// Whether the `n` bytes at `a` and `b` are the same once ASCII letters are
// folded to lower case. Reads exactly those bytes, a word at a time; the
// common case, the same spelling on both sides, costs no folding.
[[gnu::always_inline]] inline bool SameBytesFolded(const char* a, const char* b, size_t n) {
  if (SameBytes(a, b, n)) return true;
  return SameBytesFoldedSlow(a, b, n);
}

}  // namespace classad::bytes

#endif  // CLASSAD_BYTES_H_
