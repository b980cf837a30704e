// JobKeys: jobs get the same key exactly when an expression of the
// slots cannot tell them apart, following reads from the job into the
// slots and back, keeping slot-independent job expressions by value.
#include "negotiator/matching/job_keys.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "negotiator/matching/slot_shapes.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

// The keys of `pool`'s jobs, in order, for a slot expression reading
// `mine` of the slot and `theirs` of the job; empty when not keyed.
std::vector<std::string> Keys(const Pool& pool, const std::set<std::string>& mine,
                              const std::set<std::string>& theirs, bool remote_bound) {
  std::vector<uint32_t> slots;
  for (uint32_t s = 0; s < pool.slots().size(); ++s) slots.push_back(s);
  const classad::EvalOptions options;
  SlotShapes shapes;
  const std::vector<const classad::ClassAd*> distinct = shapes.Distinct(pool, slots);
  JobKeys readings(distinct, options, remote_bound);
  std::vector<std::string> keys;
  for (const PoolJob& job : pool.jobs()) {
    std::string key;
    if (!readings.AppendForSlotExpression(*job.ad, mine, theirs, &key)) return {};
    keys.push_back(key);
  }
  return keys;
}

// What the keys say of two jobs (with attributes `job1` and `job2`) next
// to one slot (with `slot`) for a slot expression reading `mine` and
// `theirs`.
enum class Keyed { kAlike, kApart, kNot };
Keyed KeyTwoJobs(const std::string& slot, const std::string& job1, const std::string& job2,
                 const std::set<std::string>& mine, const std::set<std::string>& theirs,
                 bool remote_bound = false) {
  auto pool = testing_util::MakePool(
      testing_util::MakePolicy(""), {testing_util::SlotText("s", slot)},
      {testing_util::JobText("u", 1, 0, job1), testing_util::JobText("u", 2, 0, job2)});
  const std::vector<std::string> keys = Keys(*pool, mine, theirs, remote_bound);
  if (keys.size() != 2) return Keyed::kNot;
  return keys[0] == keys[1] ? Keyed::kAlike : Keyed::kApart;
}

TEST(JobKeysTest, JobsThatReadAlikeShareAKey) {
  EXPECT_EQ(KeyTwoJobs("", "Want = 1; Other = 1", "Want = 1; Other = 2", {}, {"want"}),
            Keyed::kAlike);
  EXPECT_EQ(KeyTwoJobs("", "Want = 1", "Want = 2", {}, {"want"}), Keyed::kApart);
}

TEST(JobKeysTest, FollowsTheJobIntoTheSlotsAndBack) {
  // TARGET.Want reads the slot's Speed, which reads the job's Boost.
  EXPECT_EQ(KeyTwoJobs("Speed = TARGET.Boost * 2", "Want = TARGET.Speed > 1; Boost = 1",
                       "Want = TARGET.Speed > 1; Boost = 3", {}, {"want"}),
            Keyed::kApart);
}

TEST(JobKeysTest, UnqualifiedNamesCountOnBothSides) {
  // `Cpus` is the slot's where it has it, else the job's: the slot's
  // Weight reads the job's Factor.
  EXPECT_EQ(KeyTwoJobs("Weight = Cpus * Factor", "Factor = 1", "Factor = 2", {"weight"}, {}),
            Keyed::kApart);
}

TEST(JobKeysTest, AJobExpressionThatReadsNoSlotStandsByItsValue) {
  const std::string a = "Size = ifThenElse(MemoryUsage =!= undefined, MemoryUsage, 100)";
  const std::string b = "Size = ifThenElse(isUndefined(MemoryUsage), 100, MemoryUsage)";
  EXPECT_EQ(KeyTwoJobs("", a, b, {}, {"size"}), Keyed::kAlike);
  // A slot that has MemoryUsage may answer for the job: by text.
  EXPECT_EQ(KeyTwoJobs("MemoryUsage = 5", a, b, {}, {"size"}), Keyed::kApart);
}

TEST(JobKeysTest, BoundRemoteAttributesCountAsTheSlots) {
  const std::string a = "Prio = ifThenElse(RemoteUserPrio =!= undefined, RemoteUserPrio, 0)";
  const std::string b = "Prio = ifThenElse(isUndefined(RemoteUserPrio), 0, RemoteUserPrio)";
  EXPECT_EQ(KeyTwoJobs("", a, b, {}, {"prio"}), Keyed::kAlike);
  EXPECT_EQ(KeyTwoJobs("", a, b, {}, {"prio"}, /*remote_bound=*/true), Keyed::kApart);
}

TEST(JobKeysTest, AJobExpressionThatReadsMoreThanNamesGetsAKeyOfItsOwn) {
  // eval() may read the slot's Memory, which CollectReferencedNames cannot
  // see: no value is taken without a slot.
  EXPECT_EQ(KeyTwoJobs("", "Size = eval(\"Mem\" + \"ory\") / 2",
                       "Size = eval(\"Mem\" + \"ory\") * 2", {}, {"size"}),
            Keyed::kApart);
  // Nor is its text enough when it may read other attributes of the job.
  EXPECT_EQ(KeyTwoJobs("", "Size = eval(\"Fo\" + \"o\"); Foo = 1",
                       "Size = eval(\"Fo\" + \"o\"); Foo = 2", {}, {"size"}),
            Keyed::kApart);
}

TEST(JobKeysTest, AJobWithAnAttributeNamedLikeASpecialNameGetsAKeyOfItsOwn) {
  // In the second job TARGET.Memory is its own `target`'s Memory, not the
  // slot's: the names read do not show it.
  EXPECT_EQ(KeyTwoJobs("Memory = 2048", "Want = TARGET.Memory >= 1024",
                       "Want = TARGET.Memory >= 1024; target = [ Memory = 1 ]", {}, {"want"}),
            Keyed::kApart);
  EXPECT_EQ(KeyTwoJobs("Memory = 2048", "Want = TARGET.Memory >= 1024; My = 1",
                       "Want = TARGET.Memory >= 1024; My = 1", {}, {"want"}),
            Keyed::kApart);
}

TEST(JobKeysTest, NotKeyedWhenASlotExpressionReadsMoreThanNames) {
  EXPECT_EQ(KeyTwoJobs("Weight = random(10)", "", "", {"weight"}, {}), Keyed::kNot);
}

}  // namespace
}  // namespace negotiator
