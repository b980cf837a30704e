// OrderIndices (order_indices.h): narrow below 65,536 entries, wide from
// there, the same indices either way.
#include "negotiator/matching/order_indices.h"

#include <gtest/gtest.h>

namespace negotiator {
namespace {

TEST(OrderIndicesTest, NarrowAndWideHoldTheSameIndices) {
  OrderIndices list;
  list.Reset(65536);  // indices 0..65535 fit in two bytes
  EXPECT_FALSE(list.wide());
  list.reserve(3);
  list.push_back(0);
  list.push_back(65535);
  list.push_back(7);
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0], 0u);
  EXPECT_EQ(list[1], 65535u);
  EXPECT_EQ(list[2], 7u);

  list.Reset(65537);  // index 65536 does not
  EXPECT_TRUE(list.wide());
  EXPECT_EQ(list.size(), 0u);
  list.push_back(65536);
  list.push_back(3);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0], 65536u);
  EXPECT_EQ(list[1], 3u);

  list.Reset(10);
  EXPECT_FALSE(list.wide());
  EXPECT_EQ(list.size(), 0u);
}

}  // namespace
}  // namespace negotiator
