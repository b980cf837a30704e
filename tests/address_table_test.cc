// AddressTable: values found by address and tag, several per key, through
// growth and after Clear().
#include "classad/address_table.h"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

namespace classad {
namespace {

TEST(AddressTableTest, FindsWhatWasAddedByAddressAndTag) {
  std::vector<uint64_t> objects(500);
  AddressTable<int> table;
  EXPECT_EQ(table.Find(AddressTable<int>::Key(&objects[0])), nullptr);
  for (size_t i = 0; i < objects.size(); ++i) {
    for (unsigned tag = 0; tag < 4; ++tag) {
      table.Add(AddressTable<int>::Key(&objects[i], tag), static_cast<int>(i * 4 + tag));
    }
  }
  table.Add(AddressTable<int>::Key(nullptr), -1);  // a null address is a key too
  EXPECT_EQ(table.size(), 2001u);
  for (size_t i = 0; i < objects.size(); ++i) {
    for (unsigned tag = 0; tag < 4; ++tag) {
      const int* found = table.Find(AddressTable<int>::Key(&objects[i], tag));
      ASSERT_NE(found, nullptr) << i << " " << tag;
      EXPECT_EQ(*found, static_cast<int>(i * 4 + tag));
    }
  }
  ASSERT_NE(table.Find(AddressTable<int>::Key(nullptr)), nullptr);
  EXPECT_EQ(*table.Find(AddressTable<int>::Key(nullptr)), -1);
  uint64_t absent = 0;
  EXPECT_EQ(table.Find(AddressTable<int>::Key(&absent)), nullptr);
  table.Clear();
  EXPECT_EQ(table.size(), 0u);
  EXPECT_EQ(table.Find(AddressTable<int>::Key(&objects[7], 1)), nullptr);
  table.Add(AddressTable<int>::Key(&objects[7], 1), 99);
  EXPECT_EQ(*table.Find(AddressTable<int>::Key(&objects[7], 1)), 99);
}

// Several values under one key, told apart by the caller's match.
TEST(AddressTableTest, SeveralValuesUnderOneKey) {
  uint64_t object = 0;
  AddressTable<int> table;
  const uintptr_t key = AddressTable<int>::Key(&object);
  for (int v = 0; v < 10; ++v) table.Add(key, v);
  for (int v = 0; v < 10; ++v) {
    const int* found = table.Find(key, [v](int x) { return x == v; });
    ASSERT_NE(found, nullptr) << v;
    EXPECT_EQ(*found, v);
  }
  EXPECT_EQ(table.Find(key, [](int x) { return x == 10; }), nullptr);
}

}  // namespace
}  // namespace classad
