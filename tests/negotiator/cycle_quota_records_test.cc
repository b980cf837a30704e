// GroupQuotaRecordsOf (negotiator/cycle_quota_records.h): a cycle's group
// quota report as the records the accountant stores; and a whole cycle's
// quota table in HTCondor's double arithmetic, with its notes.
#include "negotiator/cycle_quota_records.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "negotiator/accountant/accountant.h"
#include "negotiator/cycle_output.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

TEST(GroupQuotaRecordsTest, EachGroupBecomesOneRecordFromItsLastRound) {
  CycleResult result;
  result.now = 1767225600;
  GroupQuotaReport hep;
  hep.name = "group_physics.hep";
  hep.static_quota = true;
  hep.config_quota = 15;
  hep.subtree_quota = 15.5;
  hep.quota = 14.25;
  hep.demand = 30;
  hep.usage_start = 3;
  hep.usage_end = 28;
  GroupQuotaRound first;
  first.round = 1;
  first.surplus = 20;
  first.allocated = 34.25;
  GroupQuotaRound last;
  last.round = 2;
  last.surplus = 13;
  last.allocated = 28;
  hep.rounds = {first, last};
  GroupQuotaReport none;  // no round ran
  none.name = "<none>";
  none.config_quota = 0.5;
  none.usage_start = 4;
  none.usage_end = 4;
  result.groups = {hep, none};

  const std::vector<GroupQuotaRecord> records = GroupQuotaRecordsOf(result);
  ASSERT_EQ(records.size(), 2u);
  const GroupQuotaRecord& r = records[0];
  EXPECT_EQ(r.name, "group_physics.hep");
  EXPECT_TRUE(r.static_quota);
  EXPECT_EQ(r.configured_quota, 15);
  EXPECT_EQ(r.subtree_quota, 15.5);
  EXPECT_EQ(r.effective_quota, 14.25);
  EXPECT_EQ(r.requested, 30);
  EXPECT_EQ(r.surplus, 13);  // the last round's, not the sum
  EXPECT_EQ(r.allocated, 28);
  EXPECT_EQ(r.usage, 28);
  EXPECT_EQ(r.cycle_time, 1767225600);
  EXPECT_EQ(records[1].name, "<none>");
  EXPECT_FALSE(records[1].static_quota);
  EXPECT_EQ(records[1].configured_quota, 0.5);
  EXPECT_EQ(records[1].surplus, 0);
  EXPECT_EQ(records[1].allocated, 0);
  EXPECT_EQ(records[1].usage, 4);
  EXPECT_EQ(records[1].cycle_time, 1767225600);

  // Without group quotas: no records (the stored table is emptied).
  EXPECT_TRUE(GroupQuotaRecordsOf(CycleResult{}).empty());
}

TEST(GroupQuotaRecordsTest, ACycleKeepsHTCondorsDoublesAndSaysWhyTheLimitIs28) {
  // GROUP_QUOTA_DYNAMIC_a = 0.29 of 100 slots is 28.999999999999996 in
  // HTCondor's double arithmetic, and its int limit is 28: of a's 50 idle
  // jobs, 28 match (29 with exact decimals), in both allocation rounds.
  using testing_util::JobText;
  using testing_util::SlotText;
  auto policy = testing_util::MakePolicy(
      "UID_DOMAIN = x\nDEFAULT_PRIO_FACTOR = 1\nGROUP_NAMES = a\nGROUP_QUOTA_DYNAMIC_a = 0.29\n");
  std::vector<std::string> slots;
  for (int i = 1; i <= 100; ++i) slots.push_back(SlotText("slot" + std::to_string(i) + "@m"));
  std::vector<std::string> jobs;
  for (int p = 0; p < 50; ++p) jobs.push_back(JobText("u", 1, p, "AccountingGroup = \"a.u\""));
  auto pool = testing_util::MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(testing_util::kCycleNow);
  Negotiator negotiator(policy);
  const CycleResult result = testing_util::RunOneCycle(negotiator, *pool, accountant);

  EXPECT_EQ(testing_util::MatchesByGroup(result), (std::map<std::string, int>{{"a", 28}}));
  const std::vector<GroupQuotaRecord> records = GroupQuotaRecordsOf(result);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1].name, "a");
  EXPECT_EQ(records[1].effective_quota, 28.999999999999996);
  EXPECT_EQ(records[0].effective_quota, 100 - 28.999999999999996);
  EXPECT_EQ(records[1].usage, 28);
  ASSERT_EQ(result.groups.size(), 2u);
  for (const GroupQuotaRound& round : result.groups[1].rounds) {
    EXPECT_EQ(round.limits, std::vector<int64_t>{28}) << round.round;
  }
  const std::string note =
      "GROUP_QUOTA_DYNAMIC_a = 0.29: the limit works out to 28.999999999999996 in HTCondor's double "
      "arithmetic, a rounding error below 29, so the group's limit is 28, not 29";
  EXPECT_EQ(result.groups[1].notes, std::vector<std::string>{note});
  EXPECT_TRUE(result.groups[0].notes.empty());
  // The cycle's JSON and text carry it.
  const std::string json = FormatCycleJson(result);
  EXPECT_NE(json.find("\"notes\": [\n        \"" + note + "\"\n      ]"), std::string::npos) << json;
  EXPECT_NE(FormatCycleText(result).find("  note: a: " + note + "\n"), std::string::npos)
      << FormatCycleText(result);
}

}  // namespace
}  // namespace negotiator

namespace negotiator {
namespace {

// HTCondor's calculateSubmitterLimit takes the group's quota and usage as
// float and subtracts them in float: with a usage of 2.0000001 (two slots
// of weight 1.00000005) under a limit of 4, the group has 2.0 slots left in
// float (1.9999999 in double), so both of u2's jobs take a slot of weight 1
// (in double only the first would, by the crumbs rule). HTCondor's
// accountant would also store the usage as "2.000000" (docs/
// compatibility.md, the accountant's %f), which this test does not model.
TEST(GroupQuotaRecordsTest, TheGroupsRoomIsReckonedInFloat) {
  using testing_util::JobText;
  using testing_util::SlotText;
  auto policy = testing_util::MakePolicy(
      "UID_DOMAIN = x\nDEFAULT_PRIO_FACTOR = 1\nNEGOTIATOR_CONSIDER_PREEMPTION = False\n"
      "GROUP_NAMES = a\nGROUP_QUOTA_a = 4\n");
  auto claimed = [](const std::string& name, const std::string& job) {
    return "[ Name = \"" + name +
           "\"; StartdIpAddr = \"<10.0.0.1:9618>\"; State = \"Claimed\"; Activity = \"Busy\"; "
           "Cpus = 1; Memory = 4096; SlotWeight = 1.00000005; Requirements = true; Rank = 0.0; "
           "CurrentRank = 0.0; RemoteUser = \"a.u1@x\"; RemoteOwner = \"a.u1@x\"; "
           "AccountingGroup = \"a.u1@x\"; JobId = \"" + job + "\" ]";
  };
  std::vector<std::string> slots = {claimed("slot1@m", "9.0"), claimed("slot2@m", "9.1"),
                                    SlotText("slot3@m"), SlotText("slot4@m")};
  std::vector<std::string> jobs = {
      JobText("u1", 9, 0, "AccountingGroup = \"a.u1\"; JobStatus = 2"),
      JobText("u1", 9, 1, "AccountingGroup = \"a.u1\"; JobStatus = 2"),
      JobText("u2", 1, 0, "AccountingGroup = \"a.u2\""),
      JobText("u2", 1, 1, "AccountingGroup = \"a.u2\"")};
  auto pool = testing_util::MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(testing_util::kCycleNow);
  Negotiator negotiator(policy);
  const CycleResult result = testing_util::RunOneCycle(negotiator, *pool, accountant);
  EXPECT_EQ(testing_util::MatchesByGroup(result), (std::map<std::string, int>{{"a", 2}}))
      << FormatCycleText(result);
}

}  // namespace
}  // namespace negotiator

namespace negotiator {
namespace {

// A new negotiator's first cycle has no quota map, so a claimed slot has no
// RemoteGroup (HTCondor after a start); one resumed with the stored table
// of the cycle before binds it, as a negotiator that has been running.
TEST(GroupQuotaRecordsTest, AResumedNegotiatorBindsRemoteGroupFromTheStoredTable) {
  using testing_util::ClaimedSlotText;
  using testing_util::JobText;
  auto policy = testing_util::MakePolicy(
      "UID_DOMAIN = x\nDEFAULT_PRIO_FACTOR = 1\nGROUP_NAMES = g\nGROUP_QUOTA_g = 2\n"
      "GROUP_ACCEPT_SURPLUS = True\nPREEMPTION_REQUIREMENTS = RemoteGroup =!= SubmitterGroup\n");
  // b (group g) holds the only slot; a (group g, a far better priority)
  // waits. Preemption within the group is not allowed, if RemoteGroup is
  // known.
  auto pool =
      testing_util::MakePool(policy, {ClaimedSlotText("slot1@m", "g.b@x", "2.0")},
                             {JobText("a", 1, 0, "AccountingGroup = \"g.a\""),
                              JobText("b", 2, 0, "AccountingGroup = \"g.b\"; JobStatus = 2")});
  auto run = [&](const std::vector<GroupQuotaRecord>* stored) {
    Accountant accountant(policy);
    accountant.Initialize(testing_util::kCycleNow);
    accountant.SetPriority("g.b@x", 100);
    Negotiator negotiator(policy);
    if (stored != nullptr) negotiator.ResumeWithQuotaMap(QuotaMapOf(*stored));
    return testing_util::RunOneCycle(negotiator, *pool, accountant);
  };
  // After a start: RemoteGroup is undefined, so `=!=` holds and a preempts b.
  const CycleResult first = run(nullptr);
  ASSERT_EQ(first.matches.size(), 1u);
  EXPECT_EQ(first.matches[0].reason, PreemptState::kPriority);
  // Resumed with the table that cycle stored: RemoteGroup is "g", no preemption.
  const std::vector<GroupQuotaRecord> stored = GroupQuotaRecordsOf(first);
  ASSERT_FALSE(stored.empty());
  EXPECT_EQ(QuotaMapOf(stored).count("g"), 1u);
  const CycleResult resumed = run(&stored);
  EXPECT_TRUE(resumed.matches.empty());
  // An empty map is a start again.
  const std::vector<GroupQuotaRecord> none;
  EXPECT_EQ(run(&none).matches.size(), 1u);
}

}  // namespace
}  // namespace negotiator
