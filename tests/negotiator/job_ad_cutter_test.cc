// Job ads cut to what a pool reads (ad_cutter.h, AdHolding::kCut):
// what a cut ad keeps, that equal cut ads are one, and that a pool reads its
// job files again when a slot comes to read what was cut.
#include "negotiator/pool/ad_cutter.h"

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "classad/evaluator.h"
#include "classad/unparse.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/cycle.h"
#include "negotiator/pool/pool.h"
#include "tests/negotiator/cycle_test_util.h"
#include "tests/policy/config_test_util.h"

namespace negotiator {
namespace {

using policy::testing_util::TempFolder;
using testing_util::Ad;
using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::ReadPool;
using testing_util::SlotText;

constexpr int64_t kNow = testing_util::kCycleNow;

bool Has(const PoolJob& job, const char* name) { return static_cast<bool>(job.ad->Find(name)); }

int64_t IntegerOf(const PoolJob& job, const char* name) {
  double v = -1;
  classad::EvaluateAttrNumber(*job.ad, name, &v);
  return static_cast<int64_t>(v);
}

// The jobs' ads of a typical queue: what slots and policy read, and much
// they do not.
std::vector<std::string> Jobs() {
  return {
      JobText("alice", 1, 0, "Cmd = \"/bin/a\"; Args = \"0\"; Foo = 5"),
      JobText("alice", 1, 1, "Cmd = \"/bin/a\"; Args = \"1\"; Foo = 5"),
      JobText("bob", 2, 0, "Foo = 6; Rank = Kept; Kept = Deeper * 2; Deeper = 3"),
  };
}

TEST(AdCutterTest, ACutAdKeepsWhatIsReadAndEqualOnesAreShared) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = ReadPool(policy, {SlotText("slot1@m")}, Jobs(), AdHolding::kCut, folder);
  ASSERT_EQ(pool->jobs().size(), 3u);
  for (const PoolJob& job : pool->jobs()) {
    EXPECT_TRUE(job.cut) << job.id();
    EXPECT_TRUE(Has(job, "Owner")) << job.id();          // the submitter is named from it
    EXPECT_TRUE(Has(job, "RequestMemory")) << job.id();  // what a startd carves by
    EXPECT_TRUE(Has(job, "Requirements")) << job.id();   // the schedd always compares it
    EXPECT_FALSE(Has(job, "Cmd")) << job.id();           // nothing reads these
    EXPECT_FALSE(Has(job, "Args")) << job.id();
    EXPECT_FALSE(Has(job, "Foo")) << job.id();
  }
  // What the pool keeps besides the ad was read from the whole ad.
  EXPECT_EQ(pool->jobs()[1].id(), "1.1");
  EXPECT_EQ(pool->jobs()[1].submitter, "alice@x");
  // Jobs 1.0 and 1.1 differ only in what is cut: one ad.
  EXPECT_EQ(pool->jobs()[0].ad, pool->jobs()[1].ad);
  EXPECT_NE(pool->jobs()[0].ad, pool->jobs()[2].ad);
  // What the job's kept expressions read is kept, at any depth.
  EXPECT_TRUE(Has(pool->jobs()[2], "Kept"));
  EXPECT_TRUE(Has(pool->jobs()[2], "Deeper"));
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
}

// Reals whose texts agree (16 digits) but whose values differ are not
// one ad.
TEST(AdCutterTest, AdsAreSharedOnlyWhenTheirValuesAreIdentical) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = ReadPool(policy, {SlotText("slot1@m")},
                       {JobText("alice", 1, 0, "RequestDisk = 0.1"),
                        JobText("alice", 1, 1, "RequestDisk = 0.10000000000000002"),
                        JobText("alice", 1, 2, "RequestDisk = 0.1")},
                       AdHolding::kCut, folder);
  EXPECT_NE(pool->jobs()[0].ad, pool->jobs()[1].ad);
  EXPECT_EQ(pool->jobs()[0].ad, pool->jobs()[2].ad);
  double a = 0, b = 0;
  ASSERT_TRUE(classad::EvaluateAttrNumber(*pool->jobs()[0].ad, "RequestDisk", &a));
  ASSERT_TRUE(classad::EvaluateAttrNumber(*pool->jobs()[1].ad, "RequestDisk", &b));
  EXPECT_EQ(a, 0.1);
  EXPECT_EQ(b, 0.10000000000000002);
}

TEST(AdCutterTest, WhatThePolicyReadsIsKept) {
  TempFolder folder;
  auto policy = MakePolicy(
      "UID_DOMAIN = x\n"
      "PREEMPTION_REQUIREMENTS = TARGET.Foo > 5\n"
      "SIGNIFICANT_ATTRIBUTES = Cmd\n");
  auto pool = ReadPool(policy, {SlotText("slot1@m")}, Jobs(), AdHolding::kCut, folder);
  EXPECT_TRUE(Has(pool->jobs()[0], "Foo"));
  EXPECT_TRUE(Has(pool->jobs()[0], "Cmd"));
  EXPECT_FALSE(Has(pool->jobs()[0], "Args"));
}

// A slot added later that reads what was cut: the pool reads its job file
// again, and the cycle matches as with whole ads.
TEST(AdCutterTest, ASlotReadingWhatWasCutMakesThePoolReadItsJobsAgain) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = ReadPool(policy, {}, Jobs(), AdHolding::kCut, folder);
  const uint32_t version = pool->jobs()[2].ad_version;
  ASSERT_FALSE(Has(pool->jobs()[2], "Foo"));
  auto added = pool->AddSlot(Ad(SlotText("slot1@m", "Requirements = TARGET.Foo == 6")), "new");
  ASSERT_TRUE(added.ok()) << added.status().ToString();
  for (const PoolJob& job : pool->jobs()) {
    EXPECT_TRUE(job.cut);
    EXPECT_TRUE(Has(job, "Foo")) << job.id();
    EXPECT_FALSE(Has(job, "Args")) << job.id();
  }
  EXPECT_GT(pool->jobs()[2].ad_version, version);
  Accountant accountant(policy);
  accountant.Initialize(kNow);
  Negotiator negotiator(policy);
  const CycleResult result = testing_util::RunOneCycle(negotiator, *pool, accountant);
  ASSERT_EQ(result.matches.size(), 1u);
  EXPECT_EQ(result.matches[0].job, "2.0");
}

// The status the pool gave a job survives reading its file again.
TEST(AdCutterTest, ReadingAgainKeepsThePoolsChanges) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = ReadPool(policy, {SlotText("slot1@m")}, Jobs(), AdHolding::kCut, folder);
  ASSERT_TRUE(pool->ClaimSlot(0, 1, "alice@x", 0, "", kNow).ok());
  auto added = pool->AddSlot(
      Ad(SlotText("slot2@m", "Requirements = TARGET.JobStatus == 1 && TARGET.RemoteHost =?= "
                             "undefined && TARGET.JobCurrentStartDate =?= undefined")),
      "new");
  ASSERT_TRUE(added.ok()) << added.status().ToString();
  EXPECT_EQ(IntegerOf(pool->jobs()[1], "JobStatus"), 2);
  EXPECT_EQ(IntegerOf(pool->jobs()[1], "JobCurrentStartDate"), kNow);
  EXPECT_EQ(IntegerOf(pool->jobs()[0], "JobStatus"), 1);
  EXPECT_FALSE(Has(pool->jobs()[0], "RemoteHost"));
  // Evicted, then read again: idle, as the pool made it.
  ASSERT_TRUE(pool->EndClaim(0, ClaimEnd::kPreempted, kNow + 10).ok());
  EXPECT_EQ(IntegerOf(pool->jobs()[1], "JobStatus"), 1);
  EXPECT_FALSE(Has(pool->jobs()[1], "RemoteHost"));
  auto again = pool->AddSlot(Ad(SlotText("slot3@m", "Requirements = TARGET.Args =!= \"9\"")), "new");
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_EQ(IntegerOf(pool->jobs()[1], "JobStatus"), 1);
  EXPECT_FALSE(Has(pool->jobs()[1], "RemoteHost"));
  EXPECT_FALSE(Has(pool->jobs()[1], "JobCurrentStartDate"));
  EXPECT_TRUE(Has(pool->jobs()[1], "Args"));
}

// A job file that changed since it was read cannot give back what was cut:
// the slot is refused, with an error naming the file, and is refused again.
TEST(AdCutterTest, AJobFileThatChangedIsAnErrorAndNothingChanges) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = ReadPool(policy, {SlotText("slot1@m")}, Jobs(), AdHolding::kCut, folder);
  {
    std::ofstream out(folder.path() + "/jobs.ads", std::ios::app);
    out << JobText("carol", 3, 0) << "\n";
  }
  const auto slot = Ad(SlotText("slot2@m", "Requirements = TARGET.Args == \"1\""));
  auto added = pool->AddSlot(slot, "new slot");
  ASSERT_FALSE(added.ok());
  EXPECT_NE(added.status().message().find("jobs.ads"), std::string::npos)
      << added.status().ToString();
  EXPECT_NE(added.status().message().find("changed"), std::string::npos);
  EXPECT_EQ(pool->present_slots(), 1u);
  EXPECT_FALSE(pool->AddSlot(slot, "new slot").ok());
  EXPECT_EQ(pool->present_slots(), 1u);
  // A slot that reads nothing new is taken.
  EXPECT_TRUE(pool->AddSlot(Ad(SlotText("slot3@m")), "plain slot").ok());
}

// Where the names read cannot be told (eval), nothing is cut: a slot's
// expression makes every job whole, a job's own makes that job whole.
TEST(AdCutterTest, NamesThatCannotBeToldKeepAdsWhole) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  std::vector<std::string> jobs = Jobs();
  jobs.push_back(JobText("dave", 4, 0, "Rank = eval(\"Foo\")"));
  auto pool = ReadPool(policy, {SlotText("slot1@m")}, jobs, AdHolding::kCut, folder);
  EXPECT_TRUE(pool->jobs()[0].cut);
  EXPECT_FALSE(pool->jobs()[3].cut);
  EXPECT_TRUE(Has(pool->jobs()[3], "ClusterId"));
  auto added =
      pool->AddSlot(Ad(SlotText("slot2@m", "Requirements = eval(\"TARGET.Foo\") == 5")), "new");
  ASSERT_TRUE(added.ok()) << added.status().ToString();
  for (const PoolJob& job : pool->jobs()) {
    EXPECT_FALSE(job.cut) << job.id();
    EXPECT_TRUE(Has(job, "ClusterId")) << job.id();
  }
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
}

// The threads reading a job file trim each ad before the pool cuts it:
// what they keep gives the same cut ad as the whole one, and the job is
// described from it as from the whole ad, even where what the pool
// describes a job by is an expression reading what no cut keeps.
TEST(AdCutterTest, TrimmedAdsGiveTheCutAndTheDescriptionOfWholeOnes) {
  TempFolder folder;
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  std::vector<std::string> jobs = Jobs();
  jobs.push_back(JobText("carol", 3, 0,
                         "JobPrio = BasePrio + 1; BasePrio = 4; JobCurrentStartDate = Started; "
                         "Started = 1700000123; Cmd = \"/bin/c\""));
  auto cut = ReadPool(policy, {SlotText("slot1@m")}, jobs, AdHolding::kCut, folder);
  auto whole = ReadPool(policy, {SlotText("slot1@m")}, jobs, AdHolding::kWhole, folder);
  ASSERT_EQ(cut->jobs().size(), 4u);
  for (size_t j = 0; j < cut->jobs().size(); ++j) {
    const PoolJob& a = cut->jobs()[j];
    const PoolJob& b = whole->jobs()[j];
    EXPECT_EQ(a.id(), b.id());
    EXPECT_EQ(a.prio, b.prio) << a.id();
    EXPECT_EQ(a.start_time, b.start_time) << a.id();
    EXPECT_EQ(a.submitter, b.submitter) << a.id();
    EXPECT_EQ(a.status, b.status) << a.id();
  }
  EXPECT_EQ(cut->jobs()[3].prio, 5);
  EXPECT_EQ(cut->jobs()[3].start_time, 1700000123);
  EXPECT_FALSE(Has(cut->jobs()[3], "BasePrio"));  // read to describe the job, then cut

  AdCutter cutter(*policy, AdSide::kJob);
  cutter.WatchReadsOf(whole->slots()[0].ad);
  const std::string_view also[] = {"JobPrio"};
  std::unique_ptr<AdCutter> trimmer = cutter.ForReadingThread(also);
  for (const PoolJob& job : whole->jobs()) {
    auto copy = std::make_shared<classad::ClassAd>(*job.ad);
    std::shared_ptr<classad::ClassAd> trimmed = trimmer->Trim(copy);
    EXPECT_LT(trimmed->size(), job.ad->size()) << job.id();
    EXPECT_EQ(static_cast<bool>(trimmed->Find("BasePrio")), job.id() == "3.0") << job.id();
    EXPECT_EQ(classad::UnparseAd(*cutter.Cut(trimmed)), classad::UnparseAd(*cutter.Cut(job.ad)))
        << job.id();
  }
}

// A pool that holds ads whole never cuts.
TEST(AdCutterTest, WholeAdsStayWhole) {
  TempFolder folder;
  auto pool = ReadPool(MakePolicy("UID_DOMAIN = x\n"), {SlotText("slot1@m")}, Jobs(),
                       AdHolding::kWhole, folder);
  for (const PoolJob& job : pool->jobs()) {
    EXPECT_FALSE(job.cut);
    EXPECT_TRUE(Has(job, "Cmd") || job.id() == "2.0");
  }
}

}  // namespace
}  // namespace negotiator
