// DIRAC's task-queue priorities, step by step
// (negotiator/shares/dirac/dirac_priorities.h), on cases computed by hand
// from ../shared/reference/dirac-shares.md §1-§3.
#include "negotiator/shares/dirac/dirac_priorities.h"

#include <gtest/gtest.h>

namespace negotiator::dirac {
namespace {

using policy::dirac::DiracGroup;
using policy::dirac::DiracSettings;

DiracGroup Group(std::string name, int64_t share, bool job_sharing = false,
                 bool background = false) {
  DiracGroup group;
  group.name = std::move(name);
  group.job_share = share;
  group.job_sharing = job_sharing;
  if (job_sharing) group.properties = {"NormalUser", "JobSharing"};
  group.allow_background_tqs = background;
  return group;
}

// A task queue with jobs of the given JDL priorities (ids id*100, id*100+1, ...).
TaskQueue Queue(int64_t id, std::string owner, std::string group,
                std::vector<int64_t> job_priorities, int64_t cpu_time = 3600) {
  TaskQueue queue;
  queue.id = id;
  queue.owner = std::move(owner);
  queue.group = std::move(group);
  queue.cpu_time = cpu_time;
  for (size_t j = 0; j < job_priorities.size(); ++j) {
    queue.jobs.push_back({id * 100 + static_cast<int64_t>(j), job_priorities[j]});
  }
  return queue;
}

TEST(DiracJobWeights, PrioritiesAreMappedNotUsedLinearly) {
  EXPECT_EQ(JobPriorityWeight(-3), 1e-5);
  EXPECT_EQ(JobPriorityWeight(0), 1e-5);
  EXPECT_EQ(JobPriorityWeight(1), 1);
  EXPECT_EQ(JobPriorityWeight(5), 5);
  EXPECT_EQ(JobPriorityWeight(9), 9);
  EXPECT_EQ(JobPriorityWeight(10), 1e6);  // 10 and 25 weigh the same
  EXPECT_EQ(JobPriorityWeight(25), 1e6);
}

TEST(DiracJobWeights, CpuTimeIsFittedToDiracsSegments) {
  EXPECT_EQ(FitCpuTimeToSegment(1), 360);
  EXPECT_EQ(FitCpuTimeToSegment(360), 360);
  EXPECT_EQ(FitCpuTimeToSegment(361), 1800);
  EXPECT_EQ(FitCpuTimeToSegment(2000000), 1080000);  // past the last: the last
  const std::vector<int64_t> bad = {100, 50};         // not increasing: the defaults
  EXPECT_EQ(FitCpuTimeToSegment(70, bad), 360);
}

TEST(DiracPriorities, AJobSharingGroupAndAPerUserGroupWithUserPriorities) {
  DiracSettings settings;
  settings.groups = {Group("prod", 300, /*job_sharing=*/true), Group("user", 100)};
  const std::vector<TaskQueue> queues = {
      Queue(1, "alice", "prod", {1}),         // W = 1
      Queue(2, "bob", "prod", {3, 3}),        // W = 3
      Queue(3, "carol", "user", {0, 5}),      // W = (1e-5 + 5) / 2 = 2.500005
      Queue(4, "carol", "user", {10, 25}, 7200),  // W = (1e6 + 1e6) / 2 = 1e6
      Queue(5, "dave", "user", {5}),          // W = 5
  };
  const DiracPriorities p = ComputeTaskQueuePriorities(queues, settings);
  ASSERT_EQ(p.task_queues.size(), 5u);
  // prod is one entity, E = 300, ΣW = 1 + 3 = 4: 300/4 × 1 = 75, 300/4 × 3 = 225.
  const TaskQueuePriorityRecord& q1 = p.task_queues[0];
  EXPECT_TRUE(q1.job_sharing);
  EXPECT_EQ(q1.entity, "prod");
  EXPECT_EQ(q1.owners_in_group, 0);
  EXPECT_EQ(q1.entity_share, 300);
  EXPECT_EQ(q1.entity_weight_sum, 4);
  EXPECT_EQ(q1.raw_priority, 75);
  EXPECT_EQ(q1.stored_priority, 75);
  EXPECT_EQ(p.task_queues[1].stored_priority, 225);
  // user: U = 2 (carol, dave), E = 100 / 2 = 50 each.
  const TaskQueuePriorityRecord& q3 = p.task_queues[2];
  EXPECT_EQ(q3.entity, "carol");
  EXPECT_EQ(q3.owners_in_group, 2);
  EXPECT_EQ(q3.split_share, 50);
  EXPECT_EQ(q3.weight, 2.500005);
  // carol: ΣW = 2.500005 + 1e6 = 1000002.500005;
  // TQ3: 50 / 1000002.500005 × 2.500005 = 0.000124999937... < 0.001: the floor.
  EXPECT_EQ(q3.entity_weight_sum, 1000002.500005);
  EXPECT_NEAR(q3.raw_priority, 0.000124999937, 1e-12);
  EXPECT_TRUE(q3.floor_applied);
  EXPECT_EQ(q3.floored_priority, 0.001);
  EXPECT_EQ(q3.stored_priority, 0.001);
  // TQ4: 50 / 1000002.500005 × 1e6 = 49.99987500006... → 49.9999.
  const TaskQueuePriorityRecord& q4 = p.task_queues[3];
  EXPECT_EQ(q4.weight, 1e6);
  EXPECT_NEAR(q4.raw_priority, 49.999875000062, 1e-9);
  EXPECT_FALSE(q4.floor_applied);
  EXPECT_EQ(q4.stored_priority, 49.9999);
  // dave: 50 / 5 × 5 = 50.
  EXPECT_EQ(p.task_queues[4].stored_priority, 50);
  EXPECT_TRUE(q4.merged_with.empty());
}

TEST(DiracPriorities, TheFloorComesBeforeTheMergeOfQueuesDifferingOnlyInSites) {
  DiracSettings settings;
  settings.groups = {Group("g", 10)};
  std::vector<TaskQueue> queues = {
      Queue(10, "eve", "g", {1}),        // W = 1
      Queue(11, "eve", "g", {1}),        // W = 1, differs from 10 only in banned sites
      Queue(12, "eve", "g", {0}, 600),   // W = 1e-5
      Queue(13, "eve", "g", {0}, 600),   // W = 1e-5, differs from 12 only in sites
  };
  queues[0].sites = {"LCG.A.ch"};
  queues[1].banned_sites = {"LCG.X.ch"};
  queues[2].sites = {"LCG.B.ch"};
  queues[3].sites = {"LCG.C.ch", "LCG.D.ch"};
  const DiracPriorities p = ComputeTaskQueuePriorities(queues, settings);
  // U = 1, E = 10, ΣW = 1 + 1 + 1e-5 + 1e-5 = 2.00002.
  // TQ10, TQ11: 10 / 2.00002 × 1 = 4.99995000049...; merged: 9.99990000099... → 9.9999.
  EXPECT_NEAR(p.task_queues[0].floored_priority, 4.9999500005, 1e-10);
  EXPECT_EQ(p.task_queues[0].merged_with, (std::vector<int64_t>{11}));
  EXPECT_NEAR(p.task_queues[0].merged_priority, 9.99990000099999, 1e-12);
  EXPECT_EQ(p.task_queues[0].stored_priority, 9.9999);
  EXPECT_EQ(p.task_queues[1].stored_priority, 9.9999);
  // TQ12, TQ13: 10 / 2.00002 × 1e-5 = 4.9999500005e-05 < 0.001: each floored to
  // 0.001 first, then merged: 0.002 each.
  EXPECT_TRUE(p.task_queues[2].floor_applied);
  EXPECT_EQ(p.task_queues[2].floored_priority, 0.001);
  EXPECT_EQ(p.task_queues[2].merged_with, (std::vector<int64_t>{13}));
  EXPECT_EQ(p.task_queues[2].stored_priority, 0.002);
  EXPECT_EQ(p.task_queues[3].stored_priority, 0.002);
  // The entity's stored priorities add up to 2 × 9.9999 + 2 × 0.002 = 20.0038, twice its share.
  double total = 0;
  for (const TaskQueuePriorityRecord& r : p.task_queues) total += r.stored_priority;
  EXPECT_NEAR(total, 20.0038, 1e-12);
}

TEST(DiracPriorities, BackgroundQueuesSitAtTheFloorAndLeaveTheSum) {
  const std::vector<TaskQueue> queues = {
      Queue(20, "f", "bg", {0}),        // W = 1e-5 ≤ 0.1
      Queue(21, "f", "bg", {2}, 600),   // W = 2
  };
  DiracSettings without;
  without.groups = {Group("bg", 100)};
  const DiracPriorities plain = ComputeTaskQueuePriorities(queues, without);
  // ΣW = 2.00001: TQ21 = 100 / 2.00001 × 2 = 99.99950000249... → 99.9995;
  // TQ20 = 100 / 2.00001 × 1e-5 = 0.0004999975 → the floor.
  EXPECT_FALSE(plain.task_queues[0].background);
  EXPECT_EQ(plain.task_queues[0].stored_priority, 0.001);
  EXPECT_EQ(plain.task_queues[1].stored_priority, 99.9995);
  DiracSettings with;
  with.groups = {Group("bg", 100, false, /*background=*/true)};
  const DiracPriorities background = ComputeTaskQueuePriorities(queues, with);
  // TQ20 is background: exactly 0.001 and out of ΣW, so ΣW = 2 and TQ21 = 100 / 2 × 2 = 100.
  EXPECT_TRUE(background.task_queues[0].background);
  EXPECT_EQ(background.task_queues[0].raw_priority, 0);
  EXPECT_EQ(background.task_queues[0].stored_priority, 0.001);
  EXPECT_EQ(background.task_queues[1].entity_weight_sum, 2);
  EXPECT_EQ(background.task_queues[1].stored_priority, 100);
}

TEST(DiracPriorities, JobShareZeroLeavesEveryQueueAtTheFloor) {
  DiracSettings settings;
  settings.groups = {Group("z", 0)};
  const DiracPriorities p =
      ComputeTaskQueuePriorities(std::vector<TaskQueue>{Queue(30, "u", "z", {5})}, settings);
  // 0 / 5 × 5 = 0 → 0.001.
  EXPECT_EQ(p.task_queues[0].raw_priority, 0);
  EXPECT_TRUE(p.task_queues[0].floor_applied);
  EXPECT_EQ(p.task_queues[0].stored_priority, 0.001);
}

TEST(DiracPriorities, UCountsOwnersWithEmptyQueuesAndEmptyQueuesAreNotRecalculated) {
  DiracSettings settings;
  settings.groups = {Group("user", 100)};
  const std::vector<TaskQueue> queues = {Queue(40, "carol", "user", {1}),
                                         Queue(41, "ghost", "user", {})};
  const DiracPriorities p = ComputeTaskQueuePriorities(queues, settings);
  // U = 2 (ghost's row has no jobs but counts): E = 100 / 2 = 50, ΣW = 1: 50.
  EXPECT_EQ(p.task_queues[0].owners_in_group, 2);
  EXPECT_EQ(p.task_queues[0].stored_priority, 50);
  EXPECT_FALSE(p.task_queues[1].recalculated);
  EXPECT_EQ(p.task_queues[1].jobs, 0u);
}

TEST(DiracPriorities, AGroupOutsideTheRegistryHasShare1000) {
  const DiracPriorities p = ComputeTaskQueuePriorities(
      std::vector<TaskQueue>{Queue(50, "u", "nowhere", {1}), Queue(51, "v", "nowhere", {1})},
      DiracSettings{});
  // 1000 / U = 1000 / 2 = 500 each, ΣW = 1: 500.
  EXPECT_FALSE(p.task_queues[0].group_in_registry);
  EXPECT_EQ(p.task_queues[0].group_share, 1000);
  EXPECT_EQ(p.task_queues[0].stored_priority, 500);
}

TEST(DiracPriorities, CorrectionFactorsApplyOnlyWhereDiracRunsACorrector) {
  DiracSettings settings;
  settings.groups = {Group("user", 100)};
  const std::vector<TaskQueue> queues = {Queue(60, "carol", "user", {1}),
                                         Queue(61, "dave", "user", {1})};
  CorrectionFactors factors;
  factors.groups["user"] = 2;
  factors.users["user"]["carol"] = 0.5;
  // No corrector configured: the factors are not applied.
  EXPECT_EQ(ComputeTaskQueuePriorities(queues, settings, factors).task_queues[0].stored_priority,
            50);
  settings.scheduling.enable_shares_correction = true;
  settings.scheduling.correctors_to_start = {"WMSHistory"};
  policy::dirac::CorrectorInstance groups;
  groups.name = "Groups";
  policy::dirac::CorrectorInstance users;
  users.name = "Users";
  users.group = "user";
  settings.scheduling.wms_history = {groups, users};
  const DiracPriorities p = ComputeTaskQueuePriorities(queues, settings, factors);
  // 100 × 2 = 200; / U = 2 → 100; carol × 0.5 = 50, dave × 1 = 100.
  EXPECT_EQ(p.task_queues[0].corrected_group_share, 200);
  EXPECT_EQ(p.task_queues[0].split_share, 100);
  EXPECT_EQ(p.task_queues[0].user_correction, 0.5);
  EXPECT_EQ(p.task_queues[0].stored_priority, 50);
  EXPECT_EQ(p.task_queues[1].stored_priority, 100);
}

TEST(DiracPriorities, SharesGivenToTheCorrectorsAreDiracs) {
  DiracSettings settings;
  settings.groups = {Group("a", 600), Group("b", 300), Group("idle", 50)};
  const std::vector<TaskQueue> queues = {Queue(1, "x", "b", {1}), Queue(2, "y", "a", {1}),
                                         Queue(3, "z", "outside", {1}),
                                         Queue(4, "w", "a", {})};
  // Registry order, active groups in the Registry only.
  EXPECT_EQ(GroupSharesToCorrect(queues, settings),
            (std::vector<std::pair<std::string, double>>{{"a", 600}, {"b", 300}}));
  // Owners of a, empty rows included: 600 / 2 each.
  EXPECT_EQ(OwnerSharesToCorrect(queues, "a", 600),
            (std::vector<std::pair<std::string, double>>{{"y", 300}, {"w", 300}}));
}

TEST(DiracPriorities, StorageRoundsToFourDecimalsAsPythonFormats) {
  EXPECT_EQ(RoundToFourDecimals(0.00015), 0.0001);   // 0.00015 is 0.000149999... in binary
  EXPECT_EQ(RoundToFourDecimals(2.00005), 2.0);       // 2.0000499999999998834... in binary
  EXPECT_EQ(RoundToFourDecimals(1.00015), 1.0002);    // 1.0001500000000000945... in binary
  EXPECT_EQ(RoundToFourDecimals(0.5), 0.5);
  EXPECT_EQ(RoundToFourDecimals(1e9 / 3), 333333333.3333);
}

}  // namespace
}  // namespace negotiator::dirac
