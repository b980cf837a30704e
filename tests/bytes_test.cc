// The inline byte comparisons of classad/bytes.h, against the plain
// definitions (memcmp, and byte-wise ASCII case folding) for every length
// that takes a different path and a difference at every position.
#include "classad/bytes.h"

#include <cstring>
#include <memory>
#include <string>

#include <gtest/gtest.h>

namespace classad::bytes {
namespace {

// The definition SameBytesFolded must agree with.
bool FoldedReference(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (FoldAscii(a[i]) != FoldAscii(b[i])) return false;
  }
  return true;
}

TEST(BytesTest, SameBytesAgreesWithMemcmpForEveryLengthAndPosition) {
  for (size_t n = 0; n <= 40; ++n) {
    // Buffers of exactly n bytes, so that a read past the end shows up
    // under AddressSanitizer.
    std::unique_ptr<char[]> a(new char[n]), b(new char[n]), c(new char[n]);
    for (size_t i = 0; i < n; ++i) a[i] = static_cast<char>('a' + i % 26);
    std::memcpy(b.get(), a.get(), n);
    EXPECT_TRUE(SameBytes(a.get(), b.get(), n)) << n;
    for (size_t at = 0; at < n; ++at) {
      std::memcpy(c.get(), a.get(), n);
      c[at] = static_cast<char>(c[at] ^ 0x40);
      EXPECT_EQ(SameBytes(a.get(), c.get(), n), std::memcmp(a.get(), c.get(), n) == 0)
          << "length " << n << ", difference at " << at;
      EXPECT_FALSE(SameBytes(a.get(), c.get(), n)) << n << " " << at;
    }
  }
}

TEST(BytesTest, SameBytesFoldedFoldsAsciiLettersOnly) {
  EXPECT_TRUE(SameBytesFolded("Start", "START", 5));
  EXPECT_TRUE(SameBytesFolded("requestmemory", "RequestMemory", 13));
  EXPECT_FALSE(SameBytesFolded("Start", "Stars", 5));
  // '@' (0x40) and '`' (0x60) differ by the case bit but are not letters,
  // nor are '[' and '{'.
  EXPECT_FALSE(SameBytesFolded("@", "`", 1));
  EXPECT_FALSE(SameBytesFolded("a[", "a{", 2));
  // Bytes beyond ASCII are compared as they are.
  EXPECT_FALSE(SameBytesFolded("\xC3\x89", "\xC3\xA9", 2));
  for (size_t n = 0; n <= 24; ++n) {
    std::string lower, upper;
    for (size_t i = 0; i < n; ++i) {
      lower += static_cast<char>('a' + i % 26);
      upper += static_cast<char>('A' + i % 26);
    }
    EXPECT_TRUE(SameBytesFolded(lower.data(), upper.data(), n)) << n;
    for (size_t at = 0; at < n; ++at) {
      std::string other = upper;
      other[at] = '_';
      EXPECT_EQ(SameBytesFolded(lower.data(), other.data(), n), FoldedReference(lower, other));
      EXPECT_FALSE(SameBytesFolded(lower.data(), other.data(), n)) << n << " " << at;
    }
  }
}

TEST(BytesTest, FoldWordFoldsEveryByteValueAtEveryPositionAsFoldAscii) {
  for (int byte = 0; byte < 256; ++byte) {
    for (int at = 0; at < 8; ++at) {
      // The byte among neighbours that are capitals, so that a carry or a
      // borrow between bytes would show.
      unsigned char word[8], expected[8];
      for (int i = 0; i < 8; ++i) word[i] = static_cast<unsigned char>('Z' - i);
      word[at] = static_cast<unsigned char>(byte);
      for (int i = 0; i < 8; ++i) {
        expected[i] = static_cast<unsigned char>(FoldAscii(static_cast<char>(word[i])));
      }
      uint64_t w, folded;
      std::memcpy(&w, word, 8);
      folded = FoldWord(w);
      EXPECT_EQ(std::memcmp(&folded, expected, 8), 0) << "byte " << byte << " at " << at;
    }
  }
}

TEST(BytesTest, SameBytesFoldedAgreesWithTheDefinitionForEveryPairOfBytes) {
  // Every pair of byte values, at the first and the last position of
  // lengths that take each path (1, 2-3, 4-7, 8, more than 8).
  for (size_t n : {1, 3, 5, 8, 13}) {
    for (int x = 0; x < 256; ++x) {
      for (int y = 0; y < 256; ++y) {
        for (size_t at : {size_t{0}, n - 1}) {
          std::string a(n, 'q'), b(n, 'Q');
          a[at] = static_cast<char>(x);
          b[at] = static_cast<char>(y);
          ASSERT_EQ(SameBytesFolded(a.data(), b.data(), n), FoldedReference(a, b))
              << "length " << n << ", bytes " << x << " and " << y << " at " << at;
        }
      }
    }
  }
}

}  // namespace
}  // namespace classad::bytes
