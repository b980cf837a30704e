// GroupQuotaRecordsOf (negotiator/cycle_quota_records.h): a cycle's group
// quota report as the records the accountant stores.
#include "negotiator/cycle_quota_records.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace negotiator
