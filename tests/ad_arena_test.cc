// AdArena and ads stored in one: same content as heap ads, alive as long
// as any ad of the arena, and changed like any ad.
#include "classad/ad_arena.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "classad/ad_io.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

TEST(AdArenaTest, BlocksAreAlignedDistinctAndCounted) {
  AdArenaRef arena = AdArenaRef::Create();
  std::vector<char*> blocks;
  for (size_t i = 0; i < 1000; ++i) {
    const size_t alignment = size_t{1} << (i % 7);  // 1 to 64
    char* p = static_cast<char*>(arena->Allocate(100 + i, alignment));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignment, 0u) << i;
    for (size_t j = 0; j < 100 + i; ++j) p[j] = static_cast<char>(i);
    blocks.push_back(p);
  }
  for (size_t i = 0; i < blocks.size(); ++i) {
    for (size_t j = 0; j < 100 + i; ++j) ASSERT_EQ(blocks[i][j], static_cast<char>(i)) << i;
  }
  EXPECT_GE(arena->bytes_allocated(), 1000u * 100);
  EXPECT_GE(arena->bytes_reserved(), arena->bytes_allocated());
}

// A block larger than any chunk gets a chunk of its own; allocation goes
// on afterwards.
TEST(AdArenaTest, HugeBlocksGetTheirOwnChunk) {
  AdArenaRef arena = AdArenaRef::Create();
  const size_t huge = AdArena::kMaxChunkBytes + 12345;
  char* p = static_cast<char*>(arena->Allocate(huge, 16));
  p[0] = 1;
  p[huge - 1] = 2;
  char* q = static_cast<char*>(arena->Allocate(64, 8));
  q[63] = 3;
  EXPECT_TRUE(q + 64 <= p || q >= p + huge);
  EXPECT_GE(arena->bytes_reserved(), huge);
}

TEST(AdArenaTest, AMovedAdKeepsItsContentAndItsArena) {
  const std::string text =
      "[ Name = \"slot1@host\"; Memory = 4096; Requirements = START; Start = KeyboardIdle > 60;"
      "  KeyboardIdle = 100; List = { 1, 2, \"three\" }; Nested = [ A = 1 ] ]";
  auto heap = TestAd(text);
  std::shared_ptr<ClassAd> stored;
  {
    AdArenaRef arena = AdArenaRef::Create();
    ClassAd scratch = *heap;
    stored = ClassAd::MoveToArena(std::move(scratch), arena);
    EXPECT_TRUE(scratch.empty());
  }  // the only reference left to the arena is the ad's
  EXPECT_TRUE(stored->in_arena());
  EXPECT_EQ(UnparseAd(*stored), UnparseAd(*heap));
  EXPECT_EQ(UnparseValue(EvaluateAttr(*stored, "Requirements", nullptr)), "true");
}

TEST(AdArenaTest, AnAdInAnArenaChangesLikeAnyAd) {
  auto heap = TestAd("[ A = 1; B = \"two\"; C = A + 1 ]");
  AdArenaRef arena = AdArenaRef::Create();
  ClassAd scratch = *heap;
  std::shared_ptr<ClassAd> stored = ClassAd::MoveToArena(std::move(scratch), arena);
  arena = AdArenaRef();

  // A copy is on the heap and does not keep the arena.
  ClassAd copy = *stored;
  EXPECT_FALSE(copy.in_arena());
  EXPECT_EQ(UnparseAd(copy), UnparseAd(*stored));

  // Replacing and removing stay in place; growing moves to the heap.
  stored->InsertValue("A", Value::Integer(10));
  EXPECT_TRUE(stored->Remove("B"));
  EXPECT_TRUE(stored->in_arena());
  stored->InsertValue("D", Value::Integer(4));  // the room B left
  for (int i = 0; i < 20; ++i) stored->InsertValue("E" + std::to_string(i), Value::Integer(i));
  EXPECT_FALSE(stored->in_arena());
  EXPECT_EQ(UnparseValue(EvaluateAttr(*stored, "C", nullptr)), "11");
  EXPECT_EQ(stored->size(), 23u);
  EXPECT_FALSE(stored->Find("B"));

  stored->Clear();
  EXPECT_TRUE(stored->empty());
  stored->InsertValue("Z", Value::Integer(1));
  EXPECT_EQ(UnparseAd(*stored), "[ Z = 1 ]");
}

// Ads read with AdReadOptions::use_arena are those read without, in every
// format, and outlive their reader.
TEST(AdArenaTest, ReadersStoreTheSameAdsInAnArena) {
  const std::vector<std::string> inputs = {
      "MyType = \"Machine\"\nName = \"slot1\"\nMemory = 1024\nStart = KeyboardIdle > 15 * 60\n\n"
      "MyType = \"Machine\"\nName = \"slot2\"\nMemory = 2048\nStart = true\nExtra = {1,2}\n",
      "[ Name = \"a\"; X = 1 ]\n[ Name = \"b\"; X = 2; Y = X * 2 ]\n",
      "[ { \"Name\": \"a\", \"X\": 1 }, { \"Name\": \"b\", \"Y\": [1, 2] } ]",
  };
  for (const std::string& input : inputs) {
    auto plain = ReadAdsFromString(input);
    ASSERT_TRUE(plain.ok()) << plain.status().ToString();
    AdReadOptions options;
    options.use_arena = true;
    Result<std::vector<std::shared_ptr<ClassAd>>> stored = ReadAdsFromString(input, options);
    ASSERT_TRUE(stored.ok()) << stored.status().ToString();
    ASSERT_EQ(stored->size(), plain->size());
    for (size_t i = 0; i < plain->size(); ++i) {
      EXPECT_TRUE((*stored)[i]->in_arena()) << input;
      EXPECT_FALSE((*plain)[i]->in_arena()) << input;
      EXPECT_EQ(UnparseAd(*(*stored)[i]), UnparseAd(*(*plain)[i])) << input;
    }
  }
}

// Bad input read into an arena fails as it does onto the heap: the same
// located error, and no ad.
TEST(AdArenaTest, ReadingBadInputIntoAnArenaGivesTheSameError) {
  const std::vector<std::string> inputs = {
      "Name = \"slot1\"\nMemory = 1024\n\nName = \"slot2\"\nMemory = (1 +\n",
      "[ a = 1 ]\n[ b = ",
      "[ { \"a\": 1 }, { \"b\": ] ",
  };
  for (const std::string& input : inputs) {
    auto plain = ReadAdsFromString(input, {}, "in");
    ASSERT_FALSE(plain.ok()) << input;
    AdReadOptions options;
    options.use_arena = true;
    auto stored = ReadAdsFromString(input, options, "in");
    ASSERT_FALSE(stored.ok()) << input;
    EXPECT_EQ(stored.status().ToString(), plain.status().ToString());
    EXPECT_GT(stored.status().where().line, 0) << stored.status().ToString();
  }
}

}  // namespace
}  // namespace classad
