// ClassAd storage: literal and expression slots, shared layouts with copy
// on write, stored attributes shared between ads, and the readers' use of
// both.
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "classad/ad_io.h"
#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"

namespace classad {
namespace {

ExprPtr MustParse(const std::string& text) {
  Result<ExprPtr> e = ParseExpression(text);
  EXPECT_TRUE(e.ok()) << e.status().ToString();
  return e.ok() ? *e : Expr::Literal(Value::Error());
}

TEST(ClassAdTest, LiteralsAreStoredAsValuesAndExpressionsAsShared) {
  ClassAd ad;
  ExprPtr expr = MustParse("Memory * 2");
  ad.Insert("Number", MustParse("42"));
  ad.Insert("Formula", expr);
  ad.InsertValue("Text", Value::String("abc"));
  ASSERT_EQ(ad.size(), 3u);
  AttrRef number = ad.Find("number");
  ASSERT_TRUE(number);
  ASSERT_TRUE(number.is_literal());
  EXPECT_EQ(UnparseValue(number.literal()), "42");
  AttrRef formula = ad.Find("FORMULA");
  ASSERT_TRUE(formula);
  EXPECT_FALSE(formula.is_literal());
  EXPECT_EQ(&formula.expr(), expr.get());  // the very tree inserted, not a copy
  EXPECT_EQ(formula.expr_ptr(), expr);
  EXPECT_FALSE(ad.Find("Missing"));
  EXPECT_EQ(Unparse(*ad.LookupPtr("Text")), "\"abc\"");
  EXPECT_EQ(ad.LookupPtr("Missing"), nullptr);
}

TEST(ClassAdTest, ReplacingKeepsTheFirstSpellingAndOrder) {
  ClassAd ad;
  ad.InsertValue("Alpha", Value::Integer(1));
  ad.InsertValue("Beta", Value::Integer(2));
  ad.Insert("ALPHA", MustParse("Beta + 1"));
  ASSERT_EQ(ad.size(), 2u);
  EXPECT_EQ(ad.name(0), "Alpha");
  EXPECT_FALSE(ad.at(0).is_literal());
  EXPECT_EQ(UnparseValue(EvaluateAttr(ad, "alpha", nullptr)), "3");
  EXPECT_TRUE(ad.Remove("alpha"));
  EXPECT_FALSE(ad.Remove("alpha"));
  ASSERT_EQ(ad.size(), 1u);
  EXPECT_EQ(ad.name(0), "Beta");
}

TEST(ClassAdTest, ManyAttributesUseTheHashIndex) {
  ClassAd ad;
  for (int i = 0; i < 300; ++i) ad.InsertValue("Attr" + std::to_string(i), Value::Integer(i));
  for (int i = 0; i < 300; i += 7) {
    AttrRef a = ad.Find("attr" + std::to_string(i));
    ASSERT_TRUE(a) << i;
    EXPECT_EQ(a.literal().integer(), i);
  }
  for (int i = 0; i < 300; i += 2) ASSERT_TRUE(ad.Remove("ATTR" + std::to_string(i)));
  EXPECT_EQ(ad.size(), 150u);
  EXPECT_FALSE(ad.Find("Attr10"));
  EXPECT_EQ(ad.Find("Attr11").literal().integer(), 11);
}

TEST(ClassAdTest, LayoutTableSharesEqualNameSequences) {
  LayoutTable table;
  auto make = [](const std::string& a, const std::string& b, int value) {
    ClassAd ad;
    ad.InsertValue(a, Value::Integer(value));
    ad.InsertValue(b, Value::Integer(value + 1));
    return ad;
  };
  ClassAd first = make("Cpus", "Memory", 1);
  ClassAd second = make("Cpus", "Memory", 5);
  ClassAd other_order = make("Memory", "Cpus", 1);
  ClassAd other_case = make("cpus", "Memory", 1);
  table.Intern(&first);
  table.Intern(&second);
  table.Intern(&other_order);
  table.Intern(&other_case);
  EXPECT_EQ(first.layout(), second.layout());
  EXPECT_NE(first.layout(), other_order.layout());
  // Names keep their spelling, so another spelling is another layout.
  EXPECT_NE(first.layout(), other_case.layout());
  EXPECT_EQ(second.Find("memory").literal().integer(), 6);
}

// A layout's fingerprint follows its names however they came to be (kept
// up to date as names are added and removed), so that equal names intern
// to one layout.
TEST(ClassAdTest, FingerprintsFollowAddedAndRemovedNames) {
  ClassAd built;
  for (const char* name : {"A", "C", "D"}) built.InsertValue(name, Value::Integer(1));
  ClassAd edited;
  for (const char* name : {"A", "B", "C", "E", "D"}) edited.InsertValue(name, Value::Integer(2));
  EXPECT_NE(built.layout()->Fingerprint(), edited.layout()->Fingerprint());
  EXPECT_TRUE(edited.Remove("B"));
  EXPECT_TRUE(edited.Remove("E"));
  EXPECT_EQ(built.layout()->Fingerprint(), edited.layout()->Fingerprint());
  LayoutTable table;
  table.Intern(&built);
  table.Intern(&edited);
  EXPECT_EQ(built.layout(), edited.layout());
  ClassAd longer = built;
  longer.InsertValue("F", Value::Integer(3));
  EXPECT_NE(built.layout()->Fingerprint(), longer.layout()->Fingerprint());
}

TEST(ClassAdTest, ChangingAnAdWithASharedLayoutCopiesIt) {
  LayoutTable table;
  ClassAd first, second;
  for (ClassAd* ad : {&first, &second}) {
    ad->InsertValue("Cpus", Value::Integer(1));
    ad->InsertValue("Memory", Value::Integer(2));
    table.Intern(ad);
  }
  ASSERT_EQ(first.layout(), second.layout());
  // Replacing a value leaves the shared names alone.
  first.InsertValue("Memory", Value::Integer(9));
  EXPECT_EQ(first.layout(), second.layout());
  EXPECT_EQ(second.Find("Memory").literal().integer(), 2);
  // A new name, or a removal, gives the changed ad its own layout.
  first.InsertValue("Disk", Value::Integer(3));
  EXPECT_NE(first.layout(), second.layout());
  EXPECT_EQ(second.size(), 2u);
  EXPECT_FALSE(second.Find("Disk"));
  second.Remove("Cpus");
  EXPECT_EQ(second.size(), 1u);
  EXPECT_TRUE(first.Find("Cpus"));
  // Copies share until one of them changes.
  ClassAd copy = first;
  EXPECT_EQ(copy.layout(), first.layout());
  copy.InsertValue("Extra", Value::Integer(0));
  EXPECT_FALSE(first.Find("Extra"));
}

TEST(ClassAdTest, StoredAttributesAreSharedBetweenAds) {
  ExprPtr expr = MustParse("TARGET.Memory >= RequestMemory");
  StoredAttr stored(expr);
  ClassAd a, b;
  a.Insert("Requirements", stored);
  b.Insert("Requirements", stored);
  EXPECT_EQ(&a.Find("Requirements").expr(), &b.Find("Requirements").expr());
  StoredAttr literal(MustParse("\"x86_64\""));
  a.Insert("Arch", literal);
  b.Insert("Arch", literal);
  EXPECT_EQ(a.Find("Arch").literal().string().data(), b.Find("Arch").literal().string().data());
}

TEST(ClassAdTest, ReadersShareLayoutsAndRepeatedValues) {
  std::string dump;
  for (int i = 0; i < 50; ++i) {
    dump += "Name = \"slot" + std::to_string(i) + "\"\nArch = \"X86_64\"\nMemory = " +
            std::to_string(1000 + i) + "\nStart = (KeyboardIdle > 15 * 60)\n\n";
  }
  AdReadOptions options;
  options.format = AdFormat::kOld;
  Result<std::vector<std::shared_ptr<ClassAd>>> ads = ReadAdsFromString(dump, options);
  ASSERT_TRUE(ads.ok()) << ads.status().ToString();
  ASSERT_EQ(ads->size(), 50u);
  const ClassAd& first = *(*ads)[0];
  // Values are kept from their second sight on (text_cache.h).
  const ClassAd& second = *(*ads)[1];
  for (const auto& ad : *ads) {
    EXPECT_EQ(ad->layout(), first.layout());
    if (ad.get() == &first) continue;
    EXPECT_EQ(&ad->Find("Start").expr(), &second.Find("Start").expr());
    EXPECT_EQ(ad->Find("Arch").literal().string().data(),
              second.Find("Arch").literal().string().data());
  }
  EXPECT_EQ((*ads)[49]->Find("Memory").literal().integer(), 1049);
}

}  // namespace
}  // namespace classad
