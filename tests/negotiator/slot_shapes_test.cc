// SlotShapes: slot ads that hold the same names, the same expression
// objects and literals at the same places are one shape; the answers
// matching asks of the slots as a whole are found from one ad per shape.
#include "negotiator/matching/slot_shapes.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "classad/parser.h"
#include "tests/negotiator/cycle_test_util.h"
#include "tests/negotiator/accountant_test_util.h"

namespace negotiator {
namespace {

using testing_util::Ad;
using testing_util::SlotText;

// A copy of `ad` with `name` set to the literal integer `value`.
std::shared_ptr<const classad::ClassAd> WithLiteral(const classad::ClassAd& ad,
                                                    const std::string& name, int64_t value) {
  auto copy = std::make_shared<classad::ClassAd>(ad);
  copy->InsertValue(name, classad::Value::Integer(value));
  return copy;
}

// A copy of `ad` with `name` set to a new parse of `text`.
std::shared_ptr<const classad::ClassAd> WithExpression(const classad::ClassAd& ad,
                                                       const std::string& name,
                                                       const std::string& text) {
  auto copy = std::make_shared<classad::ClassAd>(ad);
  classad::Result<classad::ExprPtr> e = classad::ParseExpression(text);
  EXPECT_TRUE(e.ok());
  if (e.ok()) copy->Insert(name, *e);
  return copy;
}

class SlotShapesTest : public ::testing::Test {
 protected:
  SlotShapesTest()
      : pool_(testing_util::MakePolicy("")),
        base_(Ad(SlotText("slot1@a", "Start = Memory > TARGET.RequestMemory"))) {}

  SlotId Add(std::shared_ptr<const classad::ClassAd> ad, const std::string& name) {
    auto copy = std::make_shared<classad::ClassAd>(*ad);
    copy->InsertValue("Name", classad::Value::String(name));
    auto added = pool_.AddSlot(std::move(copy), name);
    EXPECT_TRUE(added.ok() && added->has_value());
    return added.ok() && added->has_value() ? **added : kNoId;
  }
  std::vector<uint32_t> All() const {
    std::vector<uint32_t> ids;
    for (uint32_t s = 0; s < pool_.slots().size(); ++s) {
      if (pool_.slots()[s].present) ids.push_back(s);
    }
    return ids;
  }

  Pool pool_;
  std::shared_ptr<const classad::ClassAd> base_;
  SlotShapes shapes_;
};

TEST_F(SlotShapesTest, AdsThatDifferOnlyInLiteralValuesAreOneShape) {
  Add(base_, "slot1@a");
  Add(WithLiteral(*base_, "Memory", 8192), "slot2@a");
  Add(WithLiteral(*base_, "Cpus", 4), "slot3@a");
  const std::vector<const classad::ClassAd*> distinct = shapes_.Distinct(pool_, All());
  ASSERT_EQ(distinct.size(), 1u);
  EXPECT_EQ(distinct[0], pool_.slots()[0].ad.get());  // the first slot's ad stands for them
}

TEST_F(SlotShapesTest, AnotherNameAnotherExpressionOrALiteralInPlaceOfAnExpressionIsAnotherShape) {
  Add(base_, "slot1@a");
  Add(WithLiteral(*base_, "Extra", 1), "slot2@a");                                // a name more
  Add(WithExpression(*base_, "Start", "Memory > TARGET.RequestMemory"), "slot3@a");  // same text, another object
  Add(WithLiteral(*base_, "Start", 1), "slot4@a");                                // a literal for an expression
  Add(base_, "slot5@a");                                                          // as the first
  const std::vector<const classad::ClassAd*> distinct = shapes_.Distinct(pool_, All());
  ASSERT_EQ(distinct.size(), 4u);
  EXPECT_EQ(distinct[0], pool_.slots()[0].ad.get());
  EXPECT_EQ(distinct[1], pool_.slots()[1].ad.get());
  EXPECT_EQ(distinct[2], pool_.slots()[2].ad.get());
  EXPECT_EQ(distinct[3], pool_.slots()[3].ad.get());
}

TEST_F(SlotShapesTest, ALiteralListOrNestedAdIsAShapeOfItsOwn) {
  // The same literal list (one value shared by the copies) is one shape;
  // equal lists held apart are two: a walk may look into either.
  auto listed = std::make_shared<classad::ClassAd>(*base_);
  listed->InsertValue("Tags", classad::EvaluateExpr(*classad::ParseExpression("{ 1, 2 }").value(),
                                                    nullptr, nullptr, classad::EvalOptions()));
  ASSERT_EQ(listed->Find("Tags").literal().type(), classad::ValueType::kList);
  auto again = std::make_shared<classad::ClassAd>(*base_);
  again->InsertValue("Tags", classad::EvaluateExpr(*classad::ParseExpression("{ 1, 2 }").value(),
                                                   nullptr, nullptr, classad::EvalOptions()));
  ASSERT_TRUE(pool_.AddSlot(listed, "slot1@a").ok());
  ASSERT_TRUE(pool_.AddSlot(listed, "slot1@a (the same ad again)").ok());
  ASSERT_TRUE(pool_.AddSlot(again, "slot2@a").ok());
  const std::vector<const classad::ClassAd*> distinct = shapes_.Distinct(pool_, All());
  ASSERT_EQ(distinct.size(), 2u);
  EXPECT_EQ(distinct[0], listed.get());
  EXPECT_EQ(distinct[1], again.get());
}

TEST_F(SlotShapesTest, OnlyTheAskedSlotsCountAndAChangedAdIsLookedAtAgain) {
  Add(base_, "slot1@a");
  const SlotId second = Add(WithLiteral(*base_, "Extra", 1), "slot2@a");
  EXPECT_EQ(shapes_.Distinct(pool_, std::vector<uint32_t>{0}).size(), 1u);
  EXPECT_EQ(shapes_.Distinct(pool_, All()).size(), 2u);
  // The second slot's ad becomes one of the first shape.
  auto like_first = std::make_shared<classad::ClassAd>(*base_);
  like_first->InsertValue("Name", classad::Value::String("slot2@a"));
  ASSERT_TRUE(pool_.ReplaceSlot(second, like_first, testing_util::kCycleNow).ok());
  EXPECT_EQ(shapes_.Distinct(pool_, All()).size(), 1u);
  EXPECT_EQ(shapes_.known(), 2u);  // the old shape is still known
}

TEST_F(SlotShapesTest, ASlotThatLeftKeepsNoAdAlive) {
  Add(base_, "slot1@a");
  const SlotId second = Add(WithLiteral(*base_, "Memory", 1), "slot2@a");
  const std::weak_ptr<const classad::ClassAd> second_ad = pool_.slots()[second].ad;
  ASSERT_EQ(shapes_.Distinct(pool_, All()).size(), 1u);  // the first slot's ad stands for both
  ASSERT_TRUE(pool_.RemoveSlot(second, testing_util::kCycleNow).ok());
  EXPECT_FALSE(second_ad.expired());  // held until pruned
  EXPECT_EQ(shapes_.Distinct(pool_, All()).size(), 1u);
  EXPECT_FALSE(second_ad.expired());  // asking does not prune (earlier answers stay valid)
  shapes_.Prune(pool_);
  EXPECT_TRUE(second_ad.expired());
}

TEST_F(SlotShapesTest, AnotherPoolStartsAfresh) {
  Add(base_, "slot1@a");
  ASSERT_EQ(shapes_.Distinct(pool_, All()).size(), 1u);
  Pool other(testing_util::MakePolicy(""));
  ASSERT_TRUE(other.AddSlot(Ad(SlotText("slot9@b")), "other").ok());
  const std::vector<const classad::ClassAd*> distinct =
      shapes_.Distinct(other, std::vector<uint32_t>{0});
  ASSERT_EQ(distinct.size(), 1u);
  EXPECT_EQ(distinct[0], other.slots()[0].ad.get());
  EXPECT_EQ(shapes_.known(), 1u);
}

}  // namespace
}  // namespace negotiator
