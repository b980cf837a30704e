// AdBuilder (classad/ad_builder.h): ads built name by name against the
// previous ad's layout are exactly the ads ClassAd::Insert builds, and
// share that layout when their names come in the same order.
#include "classad/ad_builder.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "classad/attribute_packer.h"
#include "classad/unparse.h"

namespace classad {
namespace {

StoredAttr IntAttr(int64_t i) { return StoredAttr(Expr::Literal(Value::Integer(i))); }

// The ad as (name, value) pairs in insertion order, and every name found.
void ExpectSameAd(const ClassAd& built, const ClassAd& expected) {
  ASSERT_EQ(built.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(built.name(i), expected.name(i)) << i;
    EXPECT_EQ(UnparseValue(built.at(i).literal()), UnparseValue(expected.at(i).literal())) << i;
    const AttrRef found = built.Find(expected.name(i));
    ASSERT_TRUE(found) << expected.name(i);
    EXPECT_EQ(UnparseValue(found.literal()), UnparseValue(expected.Find(expected.name(i)).literal()));
  }
}

TEST(AdBuilderTest, AlikeAdsShareTheFirstOnesLayout) {
  AdBuilder builder;
  std::vector<std::shared_ptr<ClassAd>> ads;
  for (int a = 0; a < 5; ++a) {
    builder.Insert("Name", IntAttr(a));
    builder.Insert("Memory", IntAttr(1024));
    builder.Insert("Cpus", IntAttr(a * 2));
    ads.push_back(builder.Finish());
  }
  for (const auto& ad : ads) {
    EXPECT_EQ(ad->layout(), ads[0]->layout());
    EXPECT_EQ(ad->size(), 3u);
  }
  EXPECT_EQ(ads[3]->Find("cpus").literal().integer(), 6);
  EXPECT_EQ(builder.Finish(), nullptr) << "nothing inserted since";
}

TEST(AdBuilderTest, AnAdThatDiffersGetsItsOwnLayout) {
  AdBuilder builder;
  builder.Insert("A", IntAttr(1));
  builder.Insert("B", IntAttr(2));
  builder.Insert("C", IntAttr(3));
  auto first = builder.Finish();
  builder.Insert("A", IntAttr(4));
  builder.Insert("X", IntAttr(5));  // differs at the second name
  builder.Insert("C", IntAttr(6));
  EXPECT_TRUE(builder.Has("x"));
  EXPECT_TRUE(builder.Has("A"));
  EXPECT_FALSE(builder.Has("B"));
  auto second = builder.Finish();
  EXPECT_NE(second->layout(), first->layout());
  ClassAd expected;
  expected.Insert("A", IntAttr(4));
  expected.Insert("X", IntAttr(5));
  expected.Insert("C", IntAttr(6));
  ExpectSameAd(*second, expected);
  ExpectSameAd(*first, *first);
  EXPECT_FALSE(first->Find("X"));
}

TEST(AdBuilderTest, FewerOrMoreNamesThanExpected) {
  AdBuilder builder;
  builder.Insert("A", IntAttr(1));
  builder.Insert("B", IntAttr(2));
  auto first = builder.Finish();
  builder.Insert("A", IntAttr(3));  // a prefix of the expected names
  auto shorter = builder.Finish();
  ASSERT_EQ(shorter->size(), 1u);
  EXPECT_FALSE(shorter->Find("B"));
  EXPECT_EQ(shorter->Find("A").literal().integer(), 3);
  builder.Insert("A", IntAttr(4));  // expects {A} now
  builder.Insert("B", IntAttr(5));
  builder.Insert("C", IntAttr(6));
  auto longer = builder.Finish();
  ClassAd expected;
  expected.Insert("A", IntAttr(4));
  expected.Insert("B", IntAttr(5));
  expected.Insert("C", IntAttr(6));
  ExpectSameAd(*longer, expected);
  EXPECT_EQ(first->size(), 2u);
}

TEST(AdBuilderTest, ARepeatedNameReplacesTheEarlierValue) {
  AdBuilder builder;
  builder.Insert("A", IntAttr(1));
  builder.Insert("B", IntAttr(2));
  auto first = builder.Finish();
  builder.Insert("A", IntAttr(3));
  builder.Insert("a", IntAttr(4));  // the same attribute, spelled otherwise
  builder.Insert("B", IntAttr(5));
  auto second = builder.Finish();
  EXPECT_EQ(second->layout(), first->layout());
  ASSERT_EQ(second->size(), 2u);
  EXPECT_EQ(second->name(0), "A");
  EXPECT_EQ(second->Find("A").literal().integer(), 4);
  EXPECT_EQ(second->Find("B").literal().integer(), 5);
}

TEST(AdBuilderTest, NamesAreComparedAsSpelled) {
  AdBuilder builder;
  builder.Insert("Memory", IntAttr(1));
  auto first = builder.Finish();
  builder.Insert("memory", IntAttr(2));
  auto second = builder.Finish();
  EXPECT_NE(second->layout(), first->layout());
  EXPECT_EQ(second->name(0), "memory");
}

TEST(AdBuilderTest, AgreesWithInsertOnRandomAds) {
  const std::vector<std::string> names = {"A", "B", "C", "D", "E", "a", "b", "Target", "MY", "F"};
  std::mt19937 random(7);
  AdBuilder builder;
  std::vector<std::shared_ptr<ClassAd>> built;
  std::vector<ClassAd> expected;
  for (int a = 0; a < 400; ++a) {
    ClassAd plain;
    // Often the same sequence as before, sometimes changed a little.
    const int n = static_cast<int>(random() % 8);
    for (int i = 0; i < n; ++i) {
      const std::string& name = (random() % 4 == 0) ? names[random() % names.size()]
                                                    : names[static_cast<size_t>(i)];
      const int64_t value = static_cast<int64_t>(random() % 100);
      builder.Insert(name, IntAttr(value));
      plain.Insert(name, IntAttr(value));
      ASSERT_EQ(builder.size(), plain.size());
      for (const std::string& probe : names) {
        ASSERT_EQ(builder.Has(probe), static_cast<bool>(plain.Find(probe))) << probe;
      }
    }
    std::shared_ptr<ClassAd> ad = builder.Finish();
    if (n == 0) {
      EXPECT_EQ(ad, nullptr);
      continue;
    }
    ExpectSameAd(*ad, plain);
    EXPECT_EQ(ad->has_special_names(), plain.has_special_names());
    built.push_back(std::move(ad));
    expected.push_back(std::move(plain));
  }
  // Ads built earlier are unchanged by what was built after them.
  for (size_t i = 0; i < built.size(); ++i) ExpectSameAd(*built[i], expected[i]);
}

TEST(AdBuilderTest, PackingAFinishedAdLeavesTheNextAlone) {
  AdBuilder builder;
  builder.Insert("A", IntAttr(1));
  builder.Insert("B", IntAttr(2));
  auto first = builder.Finish();
  AttributePacker packer({"B"});
  packer.Pack(first.get());  // B now stored first
  builder.Insert("A", IntAttr(3));
  builder.Insert("B", IntAttr(4));
  auto second = builder.Finish();
  EXPECT_EQ(second->name(0), "A");
  EXPECT_EQ(second->Find("B").literal().integer(), 4);
}

}  // namespace
}  // namespace classad
