// GroupByKey (group_by_key.h): the same order as a stable sort by key,
// whether it counts or sorts.
#include "negotiator/matching/group_by_key.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace negotiator {
namespace {

using Pairs = std::vector<std::pair<uint32_t, uint32_t>>;

Pairs StableByKey(Pairs pairs) {
  std::stable_sort(pairs.begin(), pairs.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  return pairs;
}

TEST(GroupByKeyTest, CountingAndSortingGiveAStableSortByKey) {
  std::mt19937 random(27);
  for (int round = 0; round < 200; ++round) {
    const size_t n = random() % 300;
    const uint32_t keys = 1 + random() % 40;
    Pairs pairs;
    for (size_t i = 0; i < n; ++i) pairs.emplace_back(random() % keys, random() % 1000);
    const Pairs expected = StableByKey(pairs);
    Pairs counted = pairs;
    GroupByKey(&counted, keys);  // few keys: counted
    EXPECT_EQ(counted, expected) << "round " << round;
    Pairs sorted = pairs;
    GroupByKey(&sorted, 8 * n + 1025 + keys);  // many keys: sorted
    EXPECT_EQ(sorted, expected) << "round " << round;
  }
}

TEST(GroupByKeyTest, EmptyAndSingleKey) {
  Pairs none;
  GroupByKey(&none, 0);
  EXPECT_TRUE(none.empty());
  Pairs one = {{0, 3}, {0, 1}, {0, 2}};
  GroupByKey(&one, 1);
  EXPECT_EQ(one, (Pairs{{0, 3}, {0, 1}, {0, 2}}));
}

}  // namespace
}  // namespace negotiator
