// MatchKernel: the same results as SymmetricMatch and RankOf, slot by slot,
// whatever the ads hold, in both scoping modes and through the tree walker.
#include "classad/match.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

// Jobs whose Requirements and Rank read their own literals (bound by the
// kernel), their own expressions, the slot, both, or nothing that exists.
const char* const kJobs[] = {
    "[ Requirements = TARGET.Memory >= RequestMemory && TARGET.Arch == \"X86_64\";"
    "  RequestMemory = 2048; Rank = TARGET.Memory / 1024 ]",
    "[ Requirements = (TARGET.Disk >= RequestDisk) && (TARGET.HasFileTransfer);"
    "  RequestDisk = 100; Rank = ifThenElse(TARGET.Cpus > 4, Wanted, 0); Wanted = 10 ]",
    "[ Requirements = Cpus >= RequestCpus && Big; RequestCpus = 2; Big = TARGET.Cpus > 1;"
    "  Rank = Memory ]",  // unqualified names that fall back to the slot (compat)
    "[ Requirements = true; Rank = \"not a number\" ]",
    "[ Requirements = 1; Rank = undefined ]",
    "[ Requirements = RequestMemory; RequestMemory = 0 ]",  // a false number, no Rank
    "[ Requirements = Loop; Loop = Loop ]",                  // a loop: undefined
    "[ Requirements = MY.RequestCpus < TARGET.Cpus || TARGET.Owner =?= Owner;"
    "  RequestCpus = 4; Owner = \"alice\"; Rank = -TARGET.LoadAvg ]",
    "[ Rank = 1 ]",  // no Requirements at all
};

// Slots of several layouts: Requirements through Start, on the job's
// attributes, missing, literal, looping; attributes of every kind.
const char* const kSlots[] = {
    "[ Arch = \"X86_64\"; Memory = 4096; Disk = 1000; Cpus = 8; HasFileTransfer = true;"
    "  Requirements = START; Start = (KeyboardIdle > 15 * 60) && (LoadAvg <= 0.3);"
    "  KeyboardIdle = 1000; LoadAvg = 0.1; Owner = \"alice\" ]",
    "[ Arch = \"X86_64\"; Memory = 1024; Disk = 50; Cpus = 1; HasFileTransfer = false;"
    "  Requirements = START; Start = (KeyboardIdle > 15 * 60) && (LoadAvg <= 0.3);"
    "  KeyboardIdle = 10; LoadAvg = 0.5 ]",
    "[ Arch = \"arm64\"; Memory = 65536; Disk = 1e9; Cpus = 64; HasFileTransfer = true;"
    "  Requirements = TARGET.RequestMemory =?= undefined || TARGET.RequestMemory <= Memory;"
    "  LoadAvg = 2.5 ]",
    "[ Memory = 8192; Cpus = 4; Requirements = START && WithinResourceLimits; Start = true;"
    "  WithinResourceLimits = TARGET.RequestCpus =?= undefined || TARGET.RequestCpus <= Cpus ]",
    "[ Memory = 8192; Arch = \"X86_64\"; Requirements = Loop; Loop = Loop ]",
    "[ Memory = \"lots\"; Arch = \"x86_64\"; Disk = 1000; HasFileTransfer = 1;"
    "  Requirements = true ]",
    "[ Arch = \"X86_64\"; Memory = 4096; Cpus = 2 ]",  // no Requirements: never matches
    "[ ]",
};

std::vector<std::shared_ptr<ClassAd>> Ads(const std::vector<const char*>& texts) {
  std::vector<std::shared_ptr<ClassAd>> ads;
  for (const char* text : texts) ads.push_back(TestAd(text));
  return ads;
}

TEST(MatchKernelTest, AgreesWithSymmetricMatchAndRankOfForEveryPair) {
  const auto jobs = Ads(std::vector<const char*>(std::begin(kJobs), std::end(kJobs)));
  const auto slot_ads = Ads(std::vector<const char*>(std::begin(kSlots), std::end(kSlots)));
  std::vector<const ClassAd*> slots;
  // Each slot several times over, so that the kernel sees layouts again.
  for (int round = 0; round < 3; ++round) {
    for (const auto& slot : slot_ads) slots.push_back(slot.get());
  }
  int compared = 0, matched = 0;
  for (ScopingMode mode : {ScopingMode::kCompat, ScopingMode::kStrict}) {
    for (bool compiled : {true, false}) {
      EvalOptions options;
      options.mode = mode;
      options.compiled = compiled;
      for (const auto& job : jobs) {
        MatchKernel kernel(job.get(), options);
        std::vector<MatchResult> results;
        kernel.Match(slots, &results);
        ASSERT_EQ(results.size(), slots.size());
        for (size_t i = 0; i < slots.size(); ++i) {
          const bool expected = SymmetricMatch(*job, *slots[i], options);
          const double rank = expected ? RankOf(*job, *slots[i], options) : 0.0;
          const MatchResult one = kernel.MatchOne(*slots[i]);
          EXPECT_EQ(results[i].matched, expected) << "slot " << i % std::size(kSlots);
          EXPECT_EQ(results[i].rank, rank) << "slot " << i % std::size(kSlots);
          EXPECT_EQ(one.matched, results[i].matched);
          EXPECT_EQ(one.rank, results[i].rank);
          ++compared;
          matched += expected;
        }
      }
    }
  }
  EXPECT_EQ(compared, 2 * 2 * 9 * 3 * 8);
  EXPECT_GT(matched, 50);  // the pairs are not all refusals
}

// The work budget (Limits::max_eval_steps) is each evaluation's, as for a
// fresh SymmetricMatch: a pass over many slots does not run out of it.
TEST(MatchKernelTest, EachEvaluationHasTheWholeWorkBudget) {
  auto job = TestAd(kJobs[0]);
  auto slot = TestAd(kSlots[0]);
  EvalOptions options;
  options.limits.max_eval_steps = 64;  // enough for one evaluation, not for many
  ASSERT_TRUE(SymmetricMatch(*job, *slot, options));
  std::vector<const ClassAd*> slots(1000, slot.get());
  MatchKernel kernel(job.get(), options);
  std::vector<MatchResult> results;
  kernel.Match(slots, &results);
  for (const MatchResult& result : results) ASSERT_TRUE(result.matched);
  EXPECT_DOUBLE_EQ(results.back().rank, 4.0);
}

// What a pass learns about slot layouts (where the names both sides read
// are, and the slot's Requirements) is not carried into the next pass,
// whose slots may be new ads with other layouts and expressions at the
// addresses of freed ones.
TEST(MatchKernelTest, APassLearnsNothingThatOutlivesItsSlots) {
  auto job = TestAd(kJobs[0]);
  EvalOptions options;
  MatchKernel kernel(job.get(), options);
  const char* const orders[] = {
      "[ Arch = \"X86_64\"; Memory = 4096; Requirements = Start; Start = Memory > 2048 ]",
      "[ Memory = 4096; Requirements = START; Arch = \"X86_64\"; Start = Cpus =?= undefined ]",
      "[ Requirements = Memory < 2048; Memory = 1024; Arch = \"X86_64\"; Pad = 1 ]",
      "[ Start = true; Requirements = Start && Arch != \"X86_64\"; Arch = \"arm64\";"
      "  Memory = 8192 ]",
      "[ Cpus = 1; Requirements = Memory > 1; Memory = 8192; Start = false ]",
  };
  for (int round = 0; round < 20; ++round) {
    std::vector<std::shared_ptr<ClassAd>> owned;
    std::vector<const ClassAd*> slots;
    for (int i = 0; i < 5; ++i) {
      owned.push_back(TestAd(orders[(round + i) % 5]));
      slots.push_back(owned.back().get());
    }
    std::vector<MatchResult> results;
    kernel.Match(slots, &results);
    for (size_t i = 0; i < slots.size(); ++i) {
      ASSERT_EQ(results[i].matched, SymmetricMatch(*job, *slots[i], options)) << round << " " << i;
      if (results[i].matched) {
        ASSERT_EQ(results[i].rank, RankOf(*job, *slots[i], options));
      }
    }
  }
}

// Ads without attributes have no layout: a pass of them (the first slot
// fetched ahead is one) used to dereference a null fetch list.
TEST(MatchKernelTest, SlotsWithoutAttributesMatchNothing) {
  auto job = TestAd(kJobs[0]);
  std::vector<std::shared_ptr<ClassAd>> owned;
  std::vector<const ClassAd*> slots;
  for (int i = 0; i < 10; ++i) {
    owned.push_back(TestAd(i % 3 == 2 ? kSlots[0] : "[ ]"));
    slots.push_back(owned.back().get());
  }
  MatchKernel kernel(job.get(), EvalOptions{});
  std::vector<MatchResult> results;
  kernel.Match(slots, &results);
  for (size_t i = 0; i < slots.size(); ++i) {
    EXPECT_EQ(results[i].matched, i % 3 == 2) << i;
  }
}

TEST(MatchKernelTest, AnEmptyPassGivesNoResults) {
  auto job = TestAd(kJobs[0]);
  MatchKernel kernel(job.get(), EvalOptions{});
  std::vector<MatchResult> results(3);
  kernel.Match({}, &results);
  EXPECT_TRUE(results.empty());
}

// What a cycle's jobs read from its slots, ranked: each distinct pair of
// job expressions once, each slot layout once (its first slot), spellings
// that differ in case counted as one name.
TEST(MatchKernelTest, NamesJobsReadFromSlotsAreRankedByHowManyRead) {
  const auto jobs = Ads({
      "[ Requirements = TARGET.Memory >= 1024 && TARGET.Arch == \"X86_64\";"
      "  Rank = TARGET.Cpus; Owner = \"a\" ]",
      "[ Requirements = TARGET.Memory >= 1024 && TARGET.Arch == \"X86_64\";"
      "  Rank = TARGET.Cpus; Owner = \"b\" ]",  // the same expressions
      "[ Requirements = TARGET.Disk > 10 ]",
  });
  auto slots = Ads({
      "[ Memory = 2048; Arch = \"X86_64\"; Cpus = 4; Disk = 100; Requirements = START;"
      "  Start = KeyboardIdle > 5; KeyboardIdle = 10; Unread = 1 ]",
      "[ memory = 1; ARCH = \"arm64\"; Requirements = true ]",
  });
  slots.push_back(std::make_shared<ClassAd>(*slots[0]));  // the first's layout
  slots.back()->InsertValue("Memory", Value::Integer(4096));
  ASSERT_EQ(slots.back()->layout(), slots[0]->layout());
  std::vector<const ClassAd*> job_ads, slot_ads;
  for (const auto& ad : jobs) job_ads.push_back(ad.get());
  for (const auto& ad : slots) slot_ads.push_back(ad.get());
  EXPECT_EQ(NamesJobsReadFromSlots(job_ads, slot_ads, EvalOptions{}),
            (std::vector<std::string>{"Requirements", "ARCH", "KeyboardIdle", "Memory", "Start",
                                      "Cpus", "Disk"}));
  EXPECT_TRUE(NamesJobsReadFromSlots({}, slot_ads, EvalOptions{}).empty());
  EXPECT_TRUE(NamesJobsReadFromSlots(job_ads, {}, EvalOptions{}).empty());
}

}  // namespace
}  // namespace classad
