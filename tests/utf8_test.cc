// UTF-8 recognition and encoding (classad/utf8.h).
#include "classad/utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace classad {
namespace {

TEST(Utf8Test, SequenceLengths) {
  EXPECT_EQ(Utf8SequenceLength("a"), 1u);
  EXPECT_EQ(Utf8SequenceLength("\xc3\xbc"), 2u);
  EXPECT_EQ(Utf8SequenceLength("\xe2\x82\xac"), 3u);
  EXPECT_EQ(Utf8SequenceLength("\xf0\x9f\x98\x80"), 4u);
  EXPECT_EQ(Utf8SequenceLength(""), 0u);
  EXPECT_EQ(Utf8SequenceLength("\x80"), 0u);              // a stray continuation byte
  EXPECT_EQ(Utf8SequenceLength("\xc0\xaf"), 0u);          // overlong
  EXPECT_EQ(Utf8SequenceLength("\xe0\x80\xaf"), 0u);      // overlong
  EXPECT_EQ(Utf8SequenceLength("\xed\xa0\x80"), 0u);      // a surrogate
  EXPECT_EQ(Utf8SequenceLength("\xf4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(Utf8SequenceLength("\xe2\x82"), 0u);          // cut short
}

TEST(Utf8Test, WholeTexts) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("gr\xc3\xbc\xc3\x9f \xe2\x82\xac"));
  EXPECT_FALSE(IsValidUtf8("ok\xff"));
}

TEST(Utf8Test, EncodingRoundTrips) {
  for (uint32_t code : {0x41u, 0xFCu, 0x20ACu, 0x1F600u, 0x10FFFFu}) {
    std::string text;
    AppendUtf8(code, &text);
    EXPECT_EQ(Utf8SequenceLength(text), text.size()) << code;
    EXPECT_TRUE(IsValidUtf8(text));
  }
}

}  // namespace
}  // namespace classad
