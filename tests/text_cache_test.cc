// TextCache (classad/text_cache.h): texts are kept from their second sight,
// distinct texts are never kept, the bounds hold, and parses through the
// cache give the same trees and the same errors.
#include "classad/text_cache.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "classad/unparse.h"

namespace classad {
namespace {

// Shows `text` to `cache` twice and keeps `value` for it.
void SeeTwiceAndKeep(TextCache<int>* cache, const std::string& text, int value) {
  bool keep = false;
  cache->Find(text, &keep);
  cache->Find(text, &keep);
  ASSERT_TRUE(keep) << text;
  cache->Keep(text, value);
}

TEST(TextCacheTest, KeepsATextFromItsSecondSight) {
  TextCache<int> cache;
  bool keep = true;
  EXPECT_EQ(cache.Find("a + b", &keep), nullptr);
  EXPECT_FALSE(keep) << "first sight: only noted";
  EXPECT_EQ(cache.Find("a + b", &keep), nullptr);
  EXPECT_TRUE(keep) << "second sight: worth keeping";
  const int& kept = cache.Keep("a + b", 42);
  EXPECT_EQ(kept, 42);
  const int* found = cache.Find("a + b", &keep);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(*found, 42);
  EXPECT_EQ(found, &kept);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(TextCacheTest, KeepOrHoldKeepsOnlyWhatFindSaidToKeep) {
  TextCache<int> cache;
  std::optional<int> held;
  bool keep = true;
  cache.Find("x", &keep);
  const int& first = cache.KeepOrHold("x", 1, keep, &held);
  EXPECT_EQ(&first, &*held);
  EXPECT_EQ(cache.size(), 0u);
  cache.Find("x", &keep);
  const int& second = cache.KeepOrHold("x", 2, keep, &held);
  EXPECT_EQ(second, 2);
  EXPECT_EQ(held, 1) << "a kept value leaves `held` alone";
  EXPECT_EQ(cache.Find("x", &keep), &second);
}

TEST(TextCacheTest, DistinctTextsAreNeverKept) {
  TextCache<int> cache;
  for (int i = 0; i < 100000; ++i) {
    bool keep = true;
    EXPECT_EQ(cache.Find("x == " + std::to_string(i), &keep), nullptr);
    ASSERT_FALSE(keep) << i;
  }
  EXPECT_EQ(cache.size(), 0u);
}

TEST(TextCacheTest, TextsOverTheEntryLimitAreNeverKept) {
  TextCacheLimits limits;
  limits.max_entry_bytes = 8;
  TextCache<int> cache(limits);
  bool keep = true;
  cache.Find("123456789", &keep);
  cache.Find("123456789", &keep);
  EXPECT_FALSE(keep);
  cache.Find("12345678", &keep);
  cache.Find("12345678", &keep);
  EXPECT_TRUE(keep);
}

TEST(TextCacheTest, WhenFullKeepsWhatRecursAndDropsTheRest) {
  TextCacheLimits limits;
  limits.max_entries = 8;
  TextCache<int> cache(limits);
  for (int i = 0; i < 8; ++i) SeeTwiceAndKeep(&cache, "t" + std::to_string(i), i);
  bool keep = false;
  ASSERT_NE(cache.Find("t3", &keep), nullptr);  // found again: stays
  SeeTwiceAndKeep(&cache, "new", 100);          // full: evicts
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_NE(cache.Find("t3", &keep), nullptr);
  EXPECT_NE(cache.Find("new", &keep), nullptr);
  EXPECT_EQ(cache.Find("t4", &keep), nullptr);
}

TEST(TextCacheTest, WhenEverythingRecursItStartsOver) {
  TextCacheLimits limits;
  limits.max_entries = 4;
  TextCache<int> cache(limits);
  bool keep = false;
  for (int i = 0; i < 4; ++i) {
    const std::string text = "t" + std::to_string(i);
    SeeTwiceAndKeep(&cache, text, i);
    ASSERT_NE(cache.Find(text, &keep), nullptr);
  }
  SeeTwiceAndKeep(&cache, "u", 9);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_NE(cache.Find("u", &keep), nullptr);
}

TEST(TextCacheTest, TheTextBytesAreBounded) {
  TextCacheLimits limits;
  limits.max_text_bytes = 10;
  TextCache<int> cache(limits);
  for (const char* text : {"aaaa", "bbbb", "cccc"}) SeeTwiceAndKeep(&cache, text, 1);
  bool keep = false;
  EXPECT_LE(cache.size(), 2u);
  EXPECT_NE(cache.Find("cccc", &keep), nullptr);
}

TEST(TextCacheTest, ParsesThroughTheCacheGiveTheSameTreesAndErrors) {
  TextCache<ExprPtr> cache;
  const ParseOptions options;
  Result<ExprPtr> first = ParseExpressionCached("TARGET.Memory >= 1024", options, &cache);
  Result<ExprPtr> second = ParseExpressionCached("TARGET.Memory >= 1024", options, &cache);
  Result<ExprPtr> third = ParseExpressionCached("TARGET.Memory >= 1024", options, &cache);
  ASSERT_TRUE(first.ok() && second.ok() && third.ok());
  EXPECT_NE(first->get(), second->get()) << "the first sight is parsed and not kept";
  EXPECT_EQ(second->get(), third->get()) << "the second is kept and shared";
  EXPECT_EQ(Unparse(**first), Unparse(**third));
  for (int i = 0; i < 3; ++i) {
    Result<ExprPtr> bad = ParseExpressionCached("a +* b", options, &cache);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.status().ToString(), ParseExpression("a +* b").status().ToString());
  }
  EXPECT_EQ(cache.size(), 1u);
}

}  // namespace
}  // namespace classad
