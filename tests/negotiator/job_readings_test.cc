// JobReadings: jobs get the same key exactly when an expression of the
// slots cannot tell them apart, following reads from the job into the
// slots and back, keeping slot-independent job expressions by value.
#include "negotiator/job_readings.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::SlotText;

// The keys of `pool`'s jobs, in order, for a slot expression reading
// `mine` of the slot and `theirs` of the job; empty when not keyed.
std::vector<std::string> Keys(const Pool& pool, const std::set<std::string>& mine,
                              const std::set<std::string>& theirs, bool remote_bound = false) {
  std::vector<uint32_t> slots;
  for (uint32_t s = 0; s < pool.slots().size(); ++s) slots.push_back(s);
  const classad::EvalOptions options;
  JobReadings readings(pool, slots, options, remote_bound);
  std::vector<std::string> keys;
  for (const PoolJob& job : pool.jobs()) {
    std::string key;
    if (!readings.AppendForSlotExpression(*job.ad, mine, theirs, &key)) return {};
    keys.push_back(key);
  }
  return keys;
}

TEST(JobReadingsTest, JobsThatReadAlikeShareAKey) {
  auto pool = MakePool(
      MakePolicy(""), {SlotText("s", "Speed = 2")},
      {JobText("u", 1, 0, "Want = 1; Other = 1"), JobText("u", 2, 0, "Want = 1; Other = 2"),
       JobText("u", 3, 0, "Want = 2; Other = 1")});
  const std::vector<std::string> keys = Keys(*pool, {}, {"want"});
  ASSERT_EQ(keys.size(), 3u);
  EXPECT_EQ(keys[0], keys[1]);
  EXPECT_NE(keys[0], keys[2]);
}

TEST(JobReadingsTest, FollowsTheJobIntoTheSlotsAndBack) {
  // TARGET.Want reads the slot's Speed, which reads the job's Boost.
  auto pool = MakePool(MakePolicy(""), {SlotText("s", "Speed = TARGET.Boost * 2")},
                       {JobText("u", 1, 0, "Want = TARGET.Speed > 1; Boost = 1"),
                        JobText("u", 2, 0, "Want = TARGET.Speed > 1; Boost = 3")});
  const std::vector<std::string> keys = Keys(*pool, {}, {"want"});
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_NE(keys[0], keys[1]);
}

TEST(JobReadingsTest, AJobExpressionThatReadsNoSlotStandsByItsValue) {
  const std::vector<std::string> jobs = {
      JobText("u", 1, 0, "Size = ifThenElse(MemoryUsage =!= undefined, MemoryUsage, 100)"),
      JobText("u", 2, 0, "Size = ifThenElse(isUndefined(MemoryUsage), 100, MemoryUsage)")};
  auto without = MakePool(MakePolicy(""), {SlotText("s")}, jobs);
  std::vector<std::string> keys = Keys(*without, {}, {"size"});
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0], keys[1]);
  // A slot that has MemoryUsage may answer for the job: by text.
  auto with = MakePool(MakePolicy(""), {SlotText("s", "MemoryUsage = 5")}, jobs);
  keys = Keys(*with, {}, {"size"});
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_NE(keys[0], keys[1]);
}

TEST(JobReadingsTest, AJobExpressionThatReadsMoreThanNamesStandsByItsText) {
  // eval() may read the slot's Memory, which CollectReferencedNames cannot
  // see: no value is taken without a slot.
  auto pool = MakePool(MakePolicy(""), {SlotText("s")},
                       {JobText("u", 1, 0, "Size = eval(\"Mem\" + \"ory\") / 2"),
                        JobText("u", 2, 0, "Size = eval(\"Mem\" + \"ory\") * 2")});
  const std::vector<std::string> keys = Keys(*pool, {}, {"size"});
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_NE(keys[0], keys[1]);
  // Nor is its text enough when it may read other attributes of the job.
  auto same_text = MakePool(MakePolicy(""), {SlotText("s")},
                            {JobText("u", 1, 0, "Size = eval(\"Fo\" + \"o\"); Foo = 1"),
                             JobText("u", 2, 0, "Size = eval(\"Fo\" + \"o\"); Foo = 2")});
  const std::vector<std::string> same_text_keys = Keys(*same_text, {}, {"size"});
  ASSERT_EQ(same_text_keys.size(), 2u);
  EXPECT_NE(same_text_keys[0], same_text_keys[1]);
}

TEST(JobReadingsTest, BoundRemoteAttributesCountAsTheSlots) {
  const std::vector<std::string> jobs = {
      JobText("u", 1, 0, "Prio = ifThenElse(RemoteUserPrio =!= undefined, RemoteUserPrio, 0)"),
      JobText("u", 2, 0, "Prio = ifThenElse(isUndefined(RemoteUserPrio), 0, RemoteUserPrio)")};
  auto pool = MakePool(MakePolicy(""), {SlotText("s")}, jobs);
  std::vector<std::string> keys = Keys(*pool, {}, {"prio"});
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0], keys[1]);
  keys = Keys(*pool, {}, {"prio"}, /*remote_bound=*/true);
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_NE(keys[0], keys[1]);
}

TEST(JobReadingsTest, UnqualifiedNamesCountOnBothSides) {
  // `Cpus` is the slot's where it has it, else the job's: the slot's
  // Weight reads the job's Factor.
  auto pool = MakePool(MakePolicy(""), {SlotText("s", "Weight = Cpus * Factor")},
                       {JobText("u", 1, 0, "Factor = 1"), JobText("u", 2, 0, "Factor = 2")});
  const std::vector<std::string> keys = Keys(*pool, {"weight"}, {});
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_NE(keys[0], keys[1]);
}

TEST(JobReadingsTest, NotKeyedWhenASlotExpressionReadsMoreThanNames) {
  auto pool =
      MakePool(MakePolicy(""), {SlotText("s", "Weight = random(10)")}, {JobText("u", 1, 0)});
  EXPECT_TRUE(Keys(*pool, {"weight"}, {}).empty());
}

}  // namespace
}  // namespace negotiator
