// MatchSides: which side of a match an expression reads, and comparisons
// split into a slot side and a job side.
#include "negotiator/matching/match_sides.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "classad/parser.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::SlotText;

classad::ExprPtr Parse(const std::string& text) {
  classad::Result<classad::ExprPtr> e = classad::ParseExpression(text);
  EXPECT_TRUE(e.ok()) << text;
  return e.ok() ? *e : nullptr;
}

// A pool of `slots` and one job with `job_extra`; the checks run against
// every slot (each ad standing for itself: an ad of its own shape).
class MatchSidesTest : public testing::Test {
 protected:
  void Make(const std::vector<std::string>& slots, const std::string& job_extra) {
    pool_ = MakePool(MakePolicy(""), slots, {JobText("u", 1, 0, job_extra)});
    slot_ads_.clear();
    for (const PoolSlot& slot : pool_->slots()) slot_ads_.push_back(slot.ad.get());
    sides_ = std::make_unique<MatchSides>(slot_ads_);
  }
  const classad::ClassAd& job() const { return *pool_->jobs()[0].ad; }

  std::unique_ptr<Pool> pool_;
  std::vector<const classad::ClassAd*> slot_ads_;
  std::unique_ptr<MatchSides> sides_;
};

TEST_F(MatchSidesTest, SplitsAJobClauseComparingASlotLiteralWithAJobValue) {
  Make({SlotText("a", "Mem = 2048"), SlotText("b", "Mem = \"big\"")},
       "NeedMem = ifThenElse(Used =!= undefined, Used, 512); Used = 700");
  for (const char* text : {"TARGET.Mem >= NeedMem", "(TARGET.Mem =?= NeedMem)"}) {
    const classad::ExprPtr e = Parse(text);
    auto split = sides_->Split(*e, job(), MyAd::kJob);
    ASSERT_TRUE(split.has_value()) << text;
    EXPECT_TRUE(split->slot_side_left) << text;
  }
  const classad::ExprPtr reversed = Parse("NeedMem < TARGET.Mem");
  auto split = sides_->Split(*reversed, job(), MyAd::kJob);
  ASSERT_TRUE(split.has_value());
  EXPECT_FALSE(split->slot_side_left);
  EXPECT_EQ(split->op, classad::Op::kLess);
}

TEST_F(MatchSidesTest, DoesNotSplitWhenASideCanReadTheOtherAd) {
  // A slot lacks Mem: TARGET.Mem is not known to read only slots.
  Make({SlotText("a", "Mem = 2048"), SlotText("b")}, "NeedMem = 512");
  EXPECT_FALSE(sides_->Split(*Parse("TARGET.Mem >= NeedMem"), job(), MyAd::kJob));
  // A slot's Mem reads the job.
  Make({SlotText("a", "Mem = TARGET.NeedMem * 2")}, "NeedMem = 512");
  EXPECT_FALSE(sides_->Split(*Parse("TARGET.Mem >= NeedMem"), job(), MyAd::kJob));
  // The job's NeedMem reads the slot, plainly or through a name it lacks
  // that a slot has.
  Make({SlotText("a", "Mem = 2048; Extra = 1")}, "NeedMem = TARGET.Cpus * 512");
  EXPECT_FALSE(sides_->Split(*Parse("TARGET.Mem >= NeedMem"), job(), MyAd::kJob));
  Make({SlotText("a", "Mem = 2048; Extra = 1")}, "NeedMem = Extra + 1");
  EXPECT_FALSE(sides_->Split(*Parse("TARGET.Mem >= NeedMem"), job(), MyAd::kJob));
  // ... but a name no slot has is undefined against every slot.
  Make({SlotText("a", "Mem = 2048")}, "NeedMem = Missing");
  EXPECT_TRUE(sides_->Split(*Parse("TARGET.Mem >= NeedMem"), job(), MyAd::kJob));
  // An unqualified name in a job clause is the job's first.
  Make({SlotText("a", "Mem = 2048")}, "NeedMem = 1");
  EXPECT_FALSE(sides_->Split(*Parse("Mem >= NeedMem"), job(), MyAd::kJob));
  // Not a comparison, or both sides read both ads.
  EXPECT_FALSE(sides_->Split(*Parse("TARGET.Mem + NeedMem"), job(), MyAd::kJob));
  EXPECT_FALSE(sides_->Split(*Parse("TARGET.Mem + NeedMem > NeedMem"), job(), MyAd::kJob));
  EXPECT_FALSE(sides_->Split(*Parse("TARGET.Mem && NeedMem"), job(), MyAd::kJob));
  // More than named attributes.
  EXPECT_FALSE(sides_->Split(*Parse("TARGET.Mem > random(10)"), job(), MyAd::kJob));
}

TEST_F(MatchSidesTest, SplitsASlotClause) {
  Make({SlotText("a", "Mem = 2048"), SlotText("b", "Mem = Cpus * 1024")}, "NeedMem = 512");
  auto split = sides_->Split(*Parse("TARGET.NeedMem <= MY.Mem"), job(), MyAd::kSlot);
  ASSERT_TRUE(split.has_value());
  EXPECT_FALSE(split->slot_side_left);
  // Seen from a slot, an unqualified name is the slot's.
  EXPECT_TRUE(sides_->Split(*Parse("Mem >= TARGET.NeedMem"), job(), MyAd::kSlot));
  // A name a slot lacks falls back to the job.
  EXPECT_FALSE(sides_->Split(*Parse("Other >= TARGET.NeedMem"), job(), MyAd::kSlot));
}

TEST_F(MatchSidesTest, TellsWhatReadsOnlyOneSide) {
  Make({SlotText("a", "Mem = 2048; KeyboardIdle = 3")}, "NeedMem = 512");
  EXPECT_TRUE(sides_->ReadsOnlyJob(*Parse("NeedMem > 100 && RequestCpus < 3"), job(), MyAd::kJob));
  EXPECT_TRUE(sides_->ReadsOnlyJob(*Parse("TARGET.NeedMem >= 65536"), job(), MyAd::kSlot));
  EXPECT_FALSE(sides_->ReadsOnlyJob(*Parse("TARGET.Mem > 1"), job(), MyAd::kJob));
  EXPECT_FALSE(sides_->ReadsOnlyJob(*Parse("KeyboardIdle > 1"), job(), MyAd::kSlot));
  EXPECT_FALSE(sides_->ReadsOnlyJob(*Parse("random(2) > 1"), job(), MyAd::kJob));
  EXPECT_TRUE(sides_->ReadsOnlySlot(*Parse("KeyboardIdle > 1"), MyAd::kSlot));
  EXPECT_TRUE(sides_->ReadsOnlySlot(*Parse("TARGET.Mem"), MyAd::kJob));
  EXPECT_FALSE(sides_->ReadsOnlySlot(*Parse("Mem"), MyAd::kJob));
  EXPECT_FALSE(sides_->ReadsOnlySlot(*Parse("TARGET.NeedMem"), MyAd::kSlot));
}

}  // namespace
}  // namespace negotiator
