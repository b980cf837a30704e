// Autoclusters (negotiator/autoclusters/autoclusters.h): jobs that no expression of the
// cycle can tell apart share one; the numbering is the same on any number
// of threads.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "negotiator/autoclusters/autoclusters.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::SlotText;

// Jobs of a few shapes: what they read differs, and so do values nothing
// reads.
std::vector<std::string> RandomJobs(uint64_t seed, int n) {
  std::mt19937_64 engine(seed);
  auto pick = [&](int k) { return static_cast<int>(engine() % static_cast<uint64_t>(k)); };
  std::vector<std::string> jobs;
  for (int i = 0; i < n; ++i) {
    std::string extra = "RequestMemory = " + std::to_string(512 * (1 + pick(4))) +
                        "; ImageSize = " + std::to_string(pick(1000)) + "; Requirements = " +
                        (pick(2) == 0 ? "TARGET.Memory >= RequestMemory" : "TARGET.Cpus >= Want") +
                        "; Want = " + std::to_string(pick(3)) +
                        "; JobStatus = " + (pick(5) == 0 ? "2" : "1");
    if (pick(3) == 0) extra += "; ConcurrencyLimits = \"lic" + std::to_string(pick(2)) + "\"";
    jobs.push_back(JobText("u" + std::to_string(pick(5)), 100 + i, 0, extra));
  }
  return jobs;
}

TEST(AutoclustersTest, SameOnAnyNumberOfThreads) {
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto pool =
        MakePool(policy, {SlotText("s1", "Rank = TARGET.RequestMemory")}, RandomJobs(seed, 200));
    const Autoclusters one = BuildAutoclusters(*pool, 1);
    EXPECT_GT(one.representative.size(), 5u);
    EXPECT_LT(one.representative.size(), 150u);
    EXPECT_LT(one.class_representative.size(), one.representative.size());
    for (int threads : {2, 3, 7}) {
      const Autoclusters many = BuildAutoclusters(*pool, threads);
      EXPECT_EQ(many.of_job, one.of_job) << "seed " << seed << ", " << threads << " threads";
      EXPECT_EQ(many.representative, one.representative);
      EXPECT_EQ(many.match_class, one.match_class);
      EXPECT_EQ(many.class_representative, one.class_representative);
      EXPECT_EQ(many.matching_names, one.matching_names);
      EXPECT_EQ(many.schedd_significant, one.schedd_significant);
    }
  }
}

// What a keeper gives equals what is built afresh (by a schedd with the
// same list of significant attributes).
void ExpectSame(AutoclusterKeeper* keeper, const Pool& pool, int threads, int fresh_threads) {
  const Autoclusters kept = keeper->Build(pool, threads);
  EXPECT_TRUE(kept == BuildAutoclusters(pool, fresh_threads, &keeper->schedd()));
}

TEST(AutoclustersTest, AKeeperWorksOutOnlyNewAndChangedJobsAndGivesTheSame) {
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = MakePool(policy, {SlotText("s1@m", "Rank = TARGET.RequestMemory")},
                       RandomJobs(3, 300));
  AutoclusterKeeper keeper;
  ExpectSame(&keeper, *pool, 2, 1);
  const size_t idle = keeper.stats().computed;
  EXPECT_GT(idle, 200u);
  // Nothing changed: nothing is worked out again.
  ExpectSame(&keeper, *pool, 2, 1);
  EXPECT_EQ(keeper.stats().computed, 0u);
  EXPECT_EQ(keeper.stats().kept, idle);
  // Jobs leave, arrive and run: only the new and the changed are.
  for (JobId j = 0; j < 40; ++j) {
    if (pool->jobs()[j].status == 1) {
      ASSERT_TRUE(pool->RemoveJob(j, 1).ok());
    }
  }
  for (int i = 0; i < 10; ++i) {
    ASSERT_TRUE(pool->AddJob(testing_util::Ad(JobText("u9", 900 + i, 0, "Want = 1")), "new").ok());
  }
  JobId running = 100;
  while (pool->jobs()[running].status != 1) ++running;
  ASSERT_TRUE(pool->ClaimSlot(0, running, "u1@x", 0, "", 1).ok());
  ASSERT_TRUE(pool->EndClaim(0, ClaimEnd::kPreempted, 2).ok());  // idle again, a new ad
  ExpectSame(&keeper, *pool, 1, 2);
  EXPECT_EQ(keeper.stats().computed, 11u);
  // The slots read another job attribute: everything afresh.
  ASSERT_TRUE(pool->AddSlot(testing_util::Ad(SlotText("s2@m", "Rank = TARGET.ImageSize")), "new")
                  .ok());
  ExpectSame(&keeper, *pool, 2, 1);
  EXPECT_EQ(keeper.stats().kept, 0u);
  // Another pool: afresh, whatever its ids.
  auto other = MakePool(policy, {SlotText("s1@m", "Rank = TARGET.RequestMemory")},
                        RandomJobs(4, 300));
  ExpectSame(&keeper, *other, 2, 1);
  EXPECT_EQ(keeper.stats().kept, 0u);
}

TEST(AutoclustersTest, JobsApartOnlyInWhatNothingReadsShareOne) {
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = MakePool(policy, {SlotText("s1")},
                       {JobText("a", 1, 0, "ImageSize = 1; Requirements = TARGET.Cpus > 0"),
                        JobText("a", 1, 1, "ImageSize = 2; Requirements = TARGET.Cpus > 0"),
                        JobText("a", 1, 2, "ImageSize = 2; Requirements = TARGET.Cpus > 1"),
                        JobText("b", 2, 0,
                                "ImageSize = 3; Requirements = TARGET.Cpus > 0; "
                                "ConcurrencyLimits = \"x\"")});
  const Autoclusters ac = BuildAutoclusters(*pool, 2);
  EXPECT_EQ(ac.of_job, (std::vector<uint32_t>{0, 0, 1, 2}));
  // The limits are not read by matching: jobs 0 and 3 share a match class.
  EXPECT_EQ(ac.match_class, (std::vector<uint32_t>{0, 1, 0}));
}

TEST(AutoclustersTest, WhatIsComparedFollowsEachJobsOwnExpressions) {
  // The same Requirements, but RequestMemory is a literal in the first job
  // and reads ImageSize in the others: those differ in what matching sees
  // and must not share a class because the first job's RequestMemory did
  // not lead to ImageSize.
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  const std::string requirements = "Requirements = TARGET.Memory >= RequestMemory; ";
  auto pool = MakePool(
      policy, {SlotText("s1")},
      {JobText("a", 1, 0, requirements + "RequestMemory = 2000; ImageSize = 1"),
       JobText("a", 1, 1, requirements + "RequestMemory = ImageSize / 1024; ImageSize = 1024000"),
       JobText("a", 1, 2, requirements + "RequestMemory = ImageSize / 1024; ImageSize = 4096000"),
       JobText("a", 1, 3, requirements + "RequestMemory = ImageSize / 1024; ImageSize = 1024000"),
       JobText("a", 1, 4, requirements + "RequestMemory = 2000; ImageSize = 7")});
  for (int threads : {1, 2}) {
    const Autoclusters ac = BuildAutoclusters(*pool, threads);
    EXPECT_EQ(ac.of_job, (std::vector<uint32_t>{0, 1, 2, 1, 0})) << threads << " threads";
    EXPECT_EQ(ac.class_representative.size(), 3u);
  }
}

}  // namespace
}  // namespace negotiator
