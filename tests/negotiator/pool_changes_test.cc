// A pool that changes between cycles (pool.h): claims ending, jobs and
// slots leaving and arriving, partitionable slots carved and given their
// resources back; and a pool driven through many cycles whose state, after
// every change, equals the state of a pool rebuilt from the same ads.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "classad/evaluator.h"
#include "classad/unparse.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/autoclusters/autoclusters.h"
#include "negotiator/cycle.h"
#include "negotiator/pool/pool.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::Ad;
using testing_util::ClaimedSlotText;
using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::SlotText;

constexpr int64_t kNow = testing_util::kCycleNow;

// A partitionable slot `name` with 8 CPUs, 16 GiB and 100 GB of disk that
// takes any job that fits.
std::string PartitionableSlotText(const std::string& name, const std::string& extra = "") {
  return SlotText(name,
                  "PartitionableSlot = true; SlotType = \"Partitionable\"; Cpus = 8; "
                  "Memory = 16384; Disk = 100000; Requirements = TARGET.RequestCpus <= MY.Cpus "
                  "&& TARGET.RequestMemory <= MY.Memory && TARGET.RequestDisk <= MY.Disk; " +
                      extra);
}

double Number(const PoolSlot& slot, const char* attr) {
  double v = -1;
  classad::EvaluateAttrNumber(*slot.ad, attr, &v);
  return v;
}

TEST(PoolChangesTest, AJobThatIsDoneLeavesAndItsSlotIsFree) {
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"),
                       {ClaimedSlotText("slot1@m", "b@x", "9.0")},
                       {JobText("b", 9, 0, "JobStatus = 2"), JobText("a", 1, 0)});
  ASSERT_TRUE(pool->EndClaim(0, ClaimEnd::kJobDone, kNow).ok());
  EXPECT_FALSE(pool->jobs()[0].present);
  EXPECT_EQ(pool->present_jobs(), 1u);
  EXPECT_EQ(pool->slots()[0].state, SlotState::kUnclaimed);
  EXPECT_EQ(pool->slots()[0].remote_user, "");
  EXPECT_FALSE(pool->slots()[0].ad->Find("JobId"));
  // Ids stay: the other job is still job 1.
  EXPECT_EQ(pool->jobs()[1].id(), "1.0");
  // A slot that is not claimed has no claim to end.
  EXPECT_FALSE(pool->EndClaim(0, ClaimEnd::kJobDone, kNow).ok());
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
}

TEST(PoolChangesTest, APreemptedJobGoesBackToIdleWithItsRunLost) {
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"), {SlotText("slot1@m")},
                       {JobText("a", 1, 0)});
  ASSERT_TRUE(pool->ClaimSlot(0, 0, "a@x", 0, "", kNow).ok());
  EXPECT_EQ(pool->jobs()[0].status, 2);
  EXPECT_EQ(pool->jobs()[0].slot, 0u);
  EXPECT_EQ(pool->slots()[0].job, 0u);
  ASSERT_TRUE(pool->EndClaim(0, ClaimEnd::kPreempted, kNow + 600).ok());
  EXPECT_EQ(pool->jobs()[0].status, 1);
  EXPECT_EQ(pool->LostRunTime(0), 600);
  EXPECT_EQ(pool->jobs()[0].slot, kNoId);
  EXPECT_TRUE(pool->jobs()[0].present);
  EXPECT_EQ(pool->slots()[0].state, SlotState::kUnclaimed);
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
}

TEST(PoolChangesTest, AClaimServesTheSubmittersNextJob) {
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"), {SlotText("slot1@m"), SlotText("slot2@m")},
                       {JobText("a", 1, 0), JobText("a", 1, 1), JobText("b", 2, 0)});
  ASSERT_TRUE(pool->ClaimSlot(0, 0, "a@x", 3.5, "", kNow).ok());
  ASSERT_TRUE(pool->ReuseClaim(0, 1, kNow + 300).ok());
  EXPECT_FALSE(pool->jobs()[0].present);  // the first job completed
  const PoolSlot& slot = pool->slots()[0];
  EXPECT_EQ(slot.state, SlotState::kClaimed);
  EXPECT_EQ(slot.remote_user, "a@x");
  EXPECT_EQ(slot.job, 1u);
  EXPECT_EQ(Number(slot, "CurrentRank"), 3.5);
  EXPECT_EQ(Number(slot, "EnteredCurrentState"), kNow);  // the claim's age goes on
  EXPECT_EQ(Number(slot, "EnteredCurrentActivity"), kNow + 300);
  std::string job_id;
  ASSERT_TRUE(classad::EvaluateAttrString(*slot.ad, "JobId", &job_id));
  EXPECT_EQ(job_id, "1.1");
  EXPECT_EQ(pool->jobs()[1].status, 2);
  EXPECT_EQ(pool->jobs()[1].start_time, kNow + 300);
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
  // Another submitter's job, a job that is not idle, a slot not claimed.
  EXPECT_EQ(pool->ReuseClaim(0, 2, kNow).code(), classad::StatusCode::kFailedPrecondition);
  EXPECT_EQ(pool->ReuseClaim(0, 1, kNow).code(), classad::StatusCode::kFailedPrecondition);
  EXPECT_EQ(pool->ReuseClaim(1, 2, kNow).code(), classad::StatusCode::kFailedPrecondition);
  EXPECT_EQ(pool->ReuseClaim(7, 2, kNow).code(), classad::StatusCode::kInvalidArgument);
  EXPECT_EQ(pool->jobs()[2].status, 1);
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
}

TEST(PoolChangesTest, RemovingARunningJobEndsItsClaim) {
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"),
                       {ClaimedSlotText("slot1@m", "b@x", "9.0"), SlotText("slot2@m")},
                       {JobText("b", 9, 0, "JobStatus = 2"), JobText("a", 1, 0)});
  ASSERT_TRUE(pool->RemoveJob(0, kNow).ok());
  EXPECT_EQ(pool->slots()[0].state, SlotState::kUnclaimed);
  ASSERT_TRUE(pool->RemoveJob(1, kNow).ok());
  EXPECT_EQ(pool->present_jobs(), 0u);
  EXPECT_FALSE(pool->RemoveJob(1, kNow).ok());  // gone already
  EXPECT_FALSE(pool->RemoveJob(7, kNow).ok());  // never was
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
}

TEST(PoolChangesTest, APartitionableSlotIsCarvedAndGetsItsResourcesBack) {
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"), {PartitionableSlotText("slot1@m")},
                       {JobText("a", 1, 0, "RequestCpus = 2; RequestMemory = 1000; "
                                           "RequestDisk = 1500"),
                        JobText("a", 1, 1, "RequestMemory = 129; RequestDisk = 1")});
  ASSERT_TRUE(pool->ClaimSlot(0, 0, "a@x", 0, "", kNow).ok());
  ASSERT_EQ(pool->slots().size(), 2u);
  const PoolSlot& dynamic = pool->slots()[1];
  EXPECT_EQ(dynamic.name, "slot1_1@m");
  EXPECT_FALSE(dynamic.partitionable);
  EXPECT_EQ(dynamic.parent, 0u);
  EXPECT_EQ(dynamic.state, SlotState::kClaimed);
  // The startd's default quantization: memory to 128 MB, disk to 1024 KB.
  EXPECT_EQ(Number(dynamic, "Cpus"), 2);
  EXPECT_EQ(Number(dynamic, "Memory"), 1024);
  EXPECT_EQ(Number(dynamic, "Disk"), 2048);
  EXPECT_EQ(dynamic.weight, 2);  // SlotWeight = Cpus, of the carved slot
  const PoolSlot& parent = pool->slots()[0];
  EXPECT_EQ(parent.state, SlotState::kUnclaimed);
  EXPECT_EQ(Number(parent, "Cpus"), 6);
  EXPECT_EQ(Number(parent, "Memory"), 16384 - 1024);
  EXPECT_EQ(parent.weight, 6);
  EXPECT_EQ(pool->jobs()[0].slot, 1u);

  ASSERT_TRUE(pool->ClaimSlot(0, 1, "a@x", 0, "", kNow).ok());
  EXPECT_EQ(pool->slots()[2].name, "slot1_2@m");
  EXPECT_EQ(Number(pool->slots()[2], "Memory"), 256);
  EXPECT_EQ(Number(pool->slots()[0], "Cpus"), 5);

  // The first claim ends: its slot leaves, its resources go back.
  ASSERT_TRUE(pool->EndClaim(1, ClaimEnd::kJobDone, kNow + 60).ok());
  EXPECT_FALSE(pool->slots()[1].present);
  EXPECT_EQ(Number(pool->slots()[0], "Cpus"), 7);
  EXPECT_EQ(Number(pool->slots()[0], "Memory"), 16384 - 256);
  EXPECT_EQ(Number(pool->slots()[0], "Disk"), 100000 - 1024);
  EXPECT_EQ(pool->present_slots(), 2u);
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
}

TEST(PoolChangesTest, APartitionableSlotThatCannotHoldTheJobIsNotCarved) {
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"), {PartitionableSlotText("slot1@m")},
                       {JobText("a", 1, 0, "RequestCpus = 9; RequestDisk = 1")});
  classad::Status s = pool->ClaimSlot(0, 0, "a@x", 0, "", kNow);
  EXPECT_EQ(s.code(), classad::StatusCode::kFailedPrecondition) << s.ToString();
  EXPECT_EQ(pool->slots().size(), 1u);
  EXPECT_EQ(Number(pool->slots()[0], "Cpus"), 8);
  EXPECT_EQ(pool->jobs()[0].status, 1);
}

TEST(PoolChangesTest, ASlotThatLeavesSendsItsJobsBackToTheQueue) {
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"),
                       {PartitionableSlotText("slot1@m"), ClaimedSlotText("slot2@m", "b@x", "9.0")},
                       {JobText("a", 1, 0, "RequestDisk = 1"), JobText("b", 9, 0, "JobStatus = 2")});
  ASSERT_TRUE(pool->ClaimSlot(0, 0, "a@x", 0, "", kNow).ok());
  ASSERT_TRUE(pool->RemoveSlot(1, kNow + 100).ok());
  EXPECT_EQ(pool->jobs()[1].status, 1);
  ASSERT_TRUE(pool->RemoveSlot(0, kNow + 100).ok());  // its dynamic slot leaves with it
  EXPECT_EQ(pool->present_slots(), 0u);
  EXPECT_EQ(pool->jobs()[0].status, 1);
  EXPECT_EQ(pool->LostRunTime(0), 100);
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
}

TEST(PoolChangesTest, DynamicSlotsReadFromAFileFindTheirPartitionableSlot) {
  auto pool = MakePool(
      MakePolicy("UID_DOMAIN = x\n"),
      {PartitionableSlotText("slot1@m"),
       ClaimedSlotText("slot1_4@m", "b@x", "9.0", "DynamicSlot = true; Cpus = 3; Memory = 512; "
                                                  "Disk = 10")},
      {JobText("b", 9, 0, "JobStatus = 2")});
  ASSERT_TRUE(pool->EndClaim(1, ClaimEnd::kJobDone, kNow).ok());
  EXPECT_FALSE(pool->slots()[1].present);
  EXPECT_EQ(Number(pool->slots()[0], "Cpus"), 11);
  EXPECT_EQ(Number(pool->slots()[0], "Memory"), 16384 + 512);
}

TEST(PoolChangesTest, ASlotCanBeReplacedAndReadsAsItsNewAd) {
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"), {SlotText("slot1@m")}, {});
  ASSERT_TRUE(pool->ReplaceSlot(0, Ad(SlotText("slot1@m", "State = \"Owner\"")), kNow).ok());
  EXPECT_EQ(pool->slots()[0].state, SlotState::kOwner);
  EXPECT_FALSE(pool->ReplaceSlot(0, Ad("[ State = \"Owner\" ]"), kNow).ok());  // no Name
  EXPECT_EQ(pool->slots()[0].state, SlotState::kOwner);
  EXPECT_TRUE(pool->CheckConsistency().ok());
}

TEST(PoolChangesTest, AReplacedAdThatNoLongerShowsTheClaimSendsItsJobBack) {
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"),
                       {ClaimedSlotText("slot1@m", "b@x", "9.0"), PartitionableSlotText("slot2@m")},
                       {JobText("b", 9, 0, "JobStatus = 2"), JobText("a", 1, 0, "RequestDisk = 1")});
  // The same claim published again: nothing changes.
  ASSERT_TRUE(pool->ReplaceSlot(0, Ad(ClaimedSlotText("slot1@m", "b@x", "9.0", "Memory = 8")),
                                kNow)
                  .ok());
  EXPECT_EQ(pool->jobs()[0].status, 2);
  EXPECT_EQ(pool->slots()[0].job, 0u);
  // The claim is gone from the ad: the job is idle again, the slot free.
  ASSERT_TRUE(pool->ReplaceSlot(0, Ad(SlotText("slot1@m")), kNow + 30).ok());
  EXPECT_EQ(pool->jobs()[0].status, 1);
  EXPECT_EQ(pool->slots()[0].job, kNoId);
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
  // A partitionable slot with a dynamic slot stays partitionable.
  ASSERT_TRUE(pool->ClaimSlot(1, 1, "a@x", 0, "", kNow).ok());
  EXPECT_EQ(pool->ReplaceSlot(1, Ad(SlotText("slot2@m")), kNow).code(),
            classad::StatusCode::kFailedPrecondition);
  EXPECT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
}

TEST(PoolChangesTest, ACarvedSlotNeverTakesTheNameOfOneReadFromAFile) {
  auto pool = MakePool(
      MakePolicy("UID_DOMAIN = x\n"),
      {PartitionableSlotText("slot1@m"),
       ClaimedSlotText("slot1_1@m", "b@x", "9.0", "DynamicSlot = true; Cpus = 1; Memory = 128; "
                                                  "Disk = 10"),
       ClaimedSlotText("slot1_4@m", "b@x", "9.1", "DynamicSlot = true; Cpus = 1; Memory = 128; "
                                                  "Disk = 10")},
      {JobText("b", 9, 0, "JobStatus = 2"), JobText("b", 9, 1, "JobStatus = 2"),
       JobText("a", 1, 0, "RequestDisk = 1")});
  ASSERT_TRUE(pool->ClaimSlot(0, 2, "a@x", 0, "", kNow).ok());
  EXPECT_EQ(pool->slots()[3].name, "slot1_5@m");
}

TEST(PoolChangesTest, AJobLargerThanWhatIsLeftIsNotCarved) {
  // Requirements that test no resources: the carve itself refuses.
  auto pool = MakePool(MakePolicy("UID_DOMAIN = x\n"),
                       {SlotText("slot1@m", "PartitionableSlot = true; Cpus = 2; Memory = 1000; "
                                            "Disk = 100")},
                       {JobText("a", 1, 0, "RequestMemory = 2000; RequestDisk = 1")});
  EXPECT_EQ(pool->ClaimSlot(0, 0, "a@x", 0, "", kNow).code(),
            classad::StatusCode::kFailedPrecondition);
  EXPECT_EQ(pool->slots().size(), 1u);
  EXPECT_EQ(pool->jobs()[0].status, 1);
}

// A cycle's matches, one line each, by names (ids differ between a
// changed pool and one rebuilt from its ads).
std::string MatchLines(const CycleResult& result) {
  std::string out;
  for (const CycleMatch& m : result.matches) {
    out += m.job + " " + m.slot + " " + m.submitter + " " + PreemptStateName(m.reason) + "\n";
  }
  return out;
}

// A pool read afresh from `pool`'s present ads, in id order.
std::unique_ptr<Pool> Rebuilt(const Pool& pool, std::shared_ptr<const policy::Policy> policy) {
  std::vector<std::string> slots, jobs;
  for (const PoolSlot& slot : pool.slots()) {
    if (slot.present) slots.push_back(classad::UnparseAd(*slot.ad));
  }
  for (const PoolJob& job : pool.jobs()) {
    if (job.present) jobs.push_back(classad::UnparseAd(*job.ad));
  }
  return MakePool(std::move(policy), slots, jobs);
}

// `changed` and `rebuilt` hold the same slots and jobs, read alike.
void ExpectSameState(const Pool& changed, const Pool& rebuilt) {
  std::vector<const PoolSlot*> slots;
  for (const PoolSlot& s : changed.slots()) {
    if (s.present) slots.push_back(&s);
  }
  ASSERT_EQ(slots.size(), rebuilt.slots().size());
  for (size_t i = 0; i < slots.size(); ++i) {
    const PoolSlot& a = *slots[i];
    const PoolSlot& b = rebuilt.slots()[i];
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.state, b.state) << a.name;
    EXPECT_EQ(a.remote_user, b.remote_user) << a.name;
    EXPECT_EQ(a.weight, b.weight) << a.name;
    EXPECT_EQ(a.partitionable, b.partitionable) << a.name;
  }
  std::vector<const PoolJob*> jobs;
  for (const PoolJob& j : changed.jobs()) {
    if (j.present) jobs.push_back(&j);
  }
  ASSERT_EQ(jobs.size(), rebuilt.jobs().size());
  for (size_t i = 0; i < jobs.size(); ++i) {
    EXPECT_EQ(jobs[i]->id(), rebuilt.jobs()[i].id());
    EXPECT_EQ(jobs[i]->status, rebuilt.jobs()[i].status) << jobs[i]->id();
    EXPECT_EQ(jobs[i]->submitter, rebuilt.jobs()[i].submitter) << jobs[i]->id();
  }
}

TEST(PoolChangesTest, ManyCyclesOfChangesLeaveTheStateARebuiltPoolHas) {
  auto policy = MakePolicy(
      "UID_DOMAIN = x\n"
      "PRIORITY_HALFLIFE = 600\n"
      "PREEMPTION_REQUIREMENTS = RemoteUserPrio > SubmitterUserPrio * 1.2 && MY.Memory > 1024 "
      "&& (CurrentTime - EnteredCurrentState) % 1000 > 300\n");
  std::vector<std::string> slots;
  for (int i = 1; i <= 12; ++i) slots.push_back(SlotText("slot" + std::to_string(i) + "@s"));
  for (int i = 1; i <= 3; ++i) slots.push_back(PartitionableSlotText("slot1@p" + std::to_string(i)));
  const std::vector<std::string> owners = {"alice", "bob", "carol", "dave"};
  std::vector<std::string> jobs;
  int cluster = 1;
  for (const std::string& owner : owners) {
    for (int p = 0; p < 10; ++p) {
      jobs.push_back(JobText(owner, cluster, p,
                             "RequestDisk = 100; RequestMemory = " + std::to_string(500 + 300 * p)));
    }
    ++cluster;
  }
  auto pool = MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(kNow);
  Negotiator negotiator(policy);
  std::mt19937 random(7);
  auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(random) < p; };
  int64_t now = kNow;
  int64_t matches = 0, preemptions = 0, done = 0, evicted = 0, carved = 0, slots_lost = 0;
  int next_slot = 100;
  AutoclusterKeeper keeper;  // stepped alongside: what it keeps must equal a fresh build
  std::string expected;  // what a fresh negotiator decided on the same pool and accountant
  for (int cycle = 1; cycle <= 20; ++cycle) {
    SCOPED_TRACE("cycle " + std::to_string(cycle));
    const size_t slots_before = pool->slots().size();
    CycleResult result = testing_util::RunOneCycle(negotiator, *pool, accountant, now);
    // The negotiator stepped along (its autoclusters kept) decides as a
    // fresh one did.
    if (cycle > 1) {
      EXPECT_EQ(MatchLines(result), expected);
    }
    matches += static_cast<int64_t>(result.matches.size());
    preemptions += result.preemptions;
    ASSERT_TRUE(ApplyMatches(result, now, pool.get()).ok());
    carved += static_cast<int64_t>(pool->slots().size() - slots_before);
    ASSERT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
    now += 300;
    // Claims end: most jobs complete, a few are evicted.
    for (SlotId i = 0; i < pool->slots().size(); ++i) {
      const PoolSlot& slot = pool->slots()[i];
      if (!slot.present || slot.state != SlotState::kClaimed) continue;
      if (chance(0.25)) {
        ASSERT_TRUE(pool->EndClaim(i, ClaimEnd::kJobDone, now).ok());
        ++done;
      } else if (chance(0.05)) {
        ASSERT_TRUE(pool->EndClaim(i, ClaimEnd::kPreempted, now).ok());
        ++evicted;
      }
    }
    // Some idle jobs are removed, new ones arrive.
    for (JobId j = 0; j < pool->jobs().size(); ++j) {
      if (pool->jobs()[j].present && pool->jobs()[j].status == 1 && chance(0.03)) {
        ASSERT_TRUE(pool->RemoveJob(j, now).ok());
      }
    }
    for (int k = 0; k < 6; ++k) {
      const std::string& owner = owners[random() % owners.size()];
      auto added = pool->AddJob(
          Ad(JobText(owner, cluster, k,
                     "RequestDisk = 100; RequestMemory = " + std::to_string(128 * (1 + k)))),
          "arrival");
      ASSERT_TRUE(added.ok() && added->has_value());
    }
    ++cluster;
    // A machine goes away now and then, and another comes.
    if (chance(0.3)) {
      for (SlotId i = static_cast<SlotId>(random() % pool->slots().size());
           i < pool->slots().size(); ++i) {
        if (!pool->slots()[i].present || pool->slots()[i].parent != kNoId) continue;
        ASSERT_TRUE(pool->RemoveSlot(i, now).ok());
        ++slots_lost;
        break;
      }
    }
    if (chance(0.3)) {
      ASSERT_TRUE(
          pool->AddSlot(Ad(SlotText("slot" + std::to_string(next_slot++) + "@s")), "new").ok());
    }
    ASSERT_TRUE(pool->CheckConsistency().ok()) << pool->CheckConsistency().ToString();
    {
      const Autoclusters kept = keeper.Build(*pool, 2);
      EXPECT_TRUE(kept == BuildAutoclusters(*pool, 1, &keeper.schedd()));
    }

    // The next cycle on the changed pool and on one rebuilt from its ads,
    // from the same accountant, decides the same.
    std::unique_ptr<Pool> rebuilt = Rebuilt(*pool, policy);
    ASSERT_NO_FATAL_FAILURE(ExpectSameState(*pool, *rebuilt));
    Accountant a(policy), b(policy);
    a.Restore(accountant.Snapshot());
    b.Restore(accountant.Snapshot());
    Negotiator na(policy), nb(policy);
    const CycleResult on_changed = testing_util::RunOneCycle(na, *pool, a, now);
    const CycleResult on_rebuilt = testing_util::RunOneCycle(nb, *rebuilt, b, now);
    EXPECT_EQ(MatchLines(on_changed), MatchLines(on_rebuilt));
    expected = MatchLines(on_changed);
    EXPECT_EQ(on_changed.pool_size, on_rebuilt.pool_size);
  }
  // The run exercised what it is for.
  EXPECT_GT(matches, 40);
  EXPECT_GT(preemptions, 0);
  EXPECT_GT(done, 10);
  EXPECT_GT(evicted, 0);
  EXPECT_GT(carved, 3);
  EXPECT_GT(slots_lost, 0);
}

// A pool holding its ads cut (the tools' way) and one holding them whole,
// driven through the same changes (claims, completions, evictions,
// arrivals, slots lost and added, some of which read job attributes the
// cut job ads had left out, some jobs that read slot attributes the cut
// slot ads had left out), decide alike at every cycle.
TEST(PoolChangesTest, CutAdsAndWholeOnesDecideAlikeThroughChanges) {
  auto policy = MakePolicy(
      "UID_DOMAIN = x\n"
      "PRIORITY_HALFLIFE = 600\n"
      "PREEMPTION_REQUIREMENTS = RemoteUserPrio > SubmitterUserPrio * 1.2 && MY.Memory > 1024 "
      "&& (CurrentTime - EnteredCurrentState) % 1000 > 300\n");
  std::vector<std::string> slots;
  // What nothing reads at first: a site, a benchmark, a child list.
  auto unread = [](int i) {
    return "Site = \"s" + std::to_string(i % 2) + "\"; Bench = " + std::to_string(100 * i) +
           "; ChildCpus = { 1, 2 }";
  };
  for (int i = 1; i <= 10; ++i) {
    slots.push_back(SlotText("slot" + std::to_string(i) + "@s", unread(i)));
  }
  for (int i = 1; i <= 2; ++i) {
    slots.push_back(PartitionableSlotText("slot1@p" + std::to_string(i), unread(i)));
  }
  const std::vector<std::string> owners = {"alice", "bob", "carol"};
  std::vector<std::string> jobs;
  int cluster = 1;
  for (const std::string& owner : owners) {
    for (int p = 0; p < 12; ++p) {
      jobs.push_back(JobText(owner, cluster, p,
                             "RequestDisk = 100; RequestMemory = " + std::to_string(500 + 300 * p) +
                                 "; Project = \"p" + std::to_string(p % 3) +
                                 "\"; Cmd = \"/bin/x\"; Args = \"" + std::to_string(p) + "\""));
    }
    ++cluster;
  }
  policy::testing_util::TempFolder whole_folder, cut_folder;
  auto whole = testing_util::ReadPool(policy, slots, jobs, AdHolding::kWhole, whole_folder);
  auto cut = testing_util::ReadPool(policy, slots, jobs, AdHolding::kCut, cut_folder);
  ASSERT_TRUE(cut->jobs()[0].cut);
  ASSERT_FALSE(cut->jobs()[0].ad->Find("Project"));
  ASSERT_EQ(cut->slots()[0].cut_from, 0u);
  ASSERT_FALSE(cut->slots()[0].ad->Find("Site"));
  Accountant whole_accountant(policy), cut_accountant(policy);
  whole_accountant.Initialize(kNow);
  cut_accountant.Initialize(kNow);
  Negotiator whole_negotiator(policy), cut_negotiator(policy);
  std::mt19937 random(11);
  auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(random) < p; };
  int64_t now = kNow;
  int next_slot = 100;
  int64_t matches = 0;
  for (int cycle = 1; cycle <= 16; ++cycle) {
    SCOPED_TRACE("cycle " + std::to_string(cycle));
    const CycleResult a = testing_util::RunOneCycle(whole_negotiator, *whole, whole_accountant, now);
    const CycleResult b = testing_util::RunOneCycle(cut_negotiator, *cut, cut_accountant, now);
    ASSERT_EQ(MatchLines(a), MatchLines(b));
    ASSERT_EQ(a.pool_size, b.pool_size);
    ASSERT_EQ(a.autoclusters, b.autoclusters);
    matches += static_cast<int64_t>(a.matches.size());
    ASSERT_TRUE(ApplyMatches(a, now, whole.get()).ok());
    ASSERT_TRUE(ApplyMatches(b, now, cut.get()).ok());
    now += 300;
    // The same changes to both (decided from the whole pool; ids agree).
    for (SlotId i = 0; i < whole->slots().size(); ++i) {
      const PoolSlot& slot = whole->slots()[i];
      if (!slot.present || slot.state != SlotState::kClaimed) continue;
      const double draw = std::uniform_real_distribution<double>(0, 1)(random);
      if (draw < 0.25 || draw > 0.95) {
        const ClaimEnd how = draw < 0.25 ? ClaimEnd::kJobDone : ClaimEnd::kPreempted;
        ASSERT_TRUE(whole->EndClaim(i, how, now).ok());
        ASSERT_TRUE(cut->EndClaim(i, how, now).ok());
      }
    }
    for (int k = 0; k < 4; ++k) {
      // Now and then a job that reads what the cut slot ads left out.
      const std::string reads = k > 0         ? ""
                                : cycle == 3 ? "; Requirements = TARGET.Site == \"s1\""
                                : cycle == 7 ? "; Rank = TARGET.Bench"
                                             : "";
      const std::string text = JobText(owners[random() % owners.size()], cluster, k,
                                       "RequestDisk = 100; Project = \"p1\"; RequestMemory = " +
                                           std::to_string(128 * (1 + k)) + reads);
      ASSERT_TRUE(whole->AddJob(Ad(text), "arrival").ok());
      ASSERT_TRUE(cut->AddJob(Ad(text), "arrival").ok());
    }
    ++cluster;
    if (chance(0.3)) {
      for (SlotId i = static_cast<SlotId>(random() % whole->slots().size());
           i < whole->slots().size(); ++i) {
        if (!whole->slots()[i].present || whole->slots()[i].parent != kNoId) continue;
        ASSERT_TRUE(whole->RemoveSlot(i, now).ok());
        ASSERT_TRUE(cut->RemoveSlot(i, now).ok());
        break;
      }
    }
    // Now and then a machine comes whose START reads what the cut ads left
    // out at first.
    if (cycle % 4 == 2) {
      const std::string text =
          SlotText("slot" + std::to_string(next_slot++) + "@s",
                   cycle == 2 ? "Requirements = TARGET.Project == \"p1\"; Rank = 1.0"
                              : "Requirements = TARGET.Args =!= \"3\"");
      ASSERT_TRUE(whole->AddSlot(Ad(text), "new").ok());
      auto added = cut->AddSlot(Ad(text), "new");
      ASSERT_TRUE(added.ok()) << added.status().ToString();
    }
    ASSERT_TRUE(cut->CheckConsistency().ok()) << cut->CheckConsistency().ToString();
  }
  // Read again once a slot read it.
  size_t still_cut = 0;
  for (const PoolJob& job : cut->jobs()) {
    if (!job.present || !job.cut) continue;
    ++still_cut;
    EXPECT_TRUE(job.ad->Find("Project")) << job.id();
  }
  EXPECT_GT(still_cut, 0u);
  // Completed once a job read it; what no job read stays out.
  size_t slots_cut = 0;
  for (const PoolSlot& slot : cut->slots()) {
    if (!slot.present || slot.cut_from == kNoId) continue;
    ++slots_cut;
    EXPECT_TRUE(slot.ad->Find("Site")) << slot.name;
    EXPECT_TRUE(slot.ad->Find("Bench")) << slot.name;
    EXPECT_FALSE(slot.ad->Find("ChildCpus")) << slot.name;
  }
  EXPECT_GT(slots_cut, 5u);
  EXPECT_GT(matches, 30);
}

// What a negotiator keeps between cycles (the slots' shapes, the match
// tables' and policy ranks' results for slots that did not change, shared
// Remote* bindings) decides as evaluating every pair afresh does, through
// claims, completions, changed slot ads, lost slots and arrivals, with
// expressions that read the clock.
TEST(PoolChangesTest, WhatANegotiatorKeepsBetweenCyclesDecidesAsEvaluatingEverythingAfresh) {
  auto policy = MakePolicy(
      "UID_DOMAIN = x\n"
      "PRIORITY_HALFLIFE = 600\n"
      "NEGOTIATOR_PRE_JOB_RANK = Memory - (CurrentTime % 3000)\n"
      "PREEMPTION_REQUIREMENTS = RemoteUserPrio > SubmitterUserPrio * 1.2 && MY.Memory > 1024 "
      "&& (CurrentTime - EnteredCurrentState) % 1000 > 300\n");
  // Slot `i` in its `version`: its memory, and a START that reads the clock.
  auto slot_text = [](int i, int version) {
    return SlotText("slot" + std::to_string(i) + "@s",
                    "Memory = " + std::to_string(1024 * (1 + (i + version) % 4)) +
                        "; EnteredCurrentState = " + std::to_string(kNow - 200 * (i % 5)) +
                        (i % 3 == 0 ? "; START = CurrentTime - EnteredCurrentState > 900"
                                    : "; START = KeyboardIdle >= 0; KeyboardIdle = 5") +
                        "; Requirements = START && TARGET.RequestMemory <= Memory");
  };
  std::vector<std::string> slots;
  for (int i = 1; i <= 30; ++i) slots.push_back(slot_text(i, 0));
  const std::vector<std::string> owners = {"alice", "bob", "carol"};
  std::vector<std::string> jobs;
  int cluster = 1;
  for (const std::string& owner : owners) {
    for (int p = 0; p < 8; ++p) {
      jobs.push_back(JobText(owner, cluster, p,
                             "RequestMemory = " + std::to_string(512 * (1 + p % 4)) +
                                 "; Rank = TARGET.Memory + (CurrentTime % 700)"));
    }
    ++cluster;
  }
  auto kept_pool = MakePool(policy, slots, jobs);
  auto fresh_pool = MakePool(policy, slots, jobs);
  Accountant kept_accountant(policy), fresh_accountant(policy);
  kept_accountant.Initialize(kNow);
  fresh_accountant.Initialize(kNow);
  NegotiatorOptions evaluate_everything;
  evaluate_everything.shortcuts = false;
  Negotiator kept(policy), fresh(policy, evaluate_everything);
  std::mt19937 random(5);
  int64_t now = kNow;
  int64_t matches = 0, preemptions = 0;
  for (int cycle = 1; cycle <= 20; ++cycle) {
    SCOPED_TRACE("cycle " + std::to_string(cycle));
    const CycleResult a = testing_util::RunOneCycle(kept, *kept_pool, kept_accountant, now);
    const CycleResult b = testing_util::RunOneCycle(fresh, *fresh_pool, fresh_accountant, now);
    ASSERT_EQ(MatchLines(a), MatchLines(b));
    matches += static_cast<int64_t>(a.matches.size());
    preemptions += a.preemptions;
    ASSERT_TRUE(ApplyMatches(a, now, kept_pool.get()).ok());
    ASSERT_TRUE(ApplyMatches(b, now, fresh_pool.get()).ok());
    now += 170;
    for (SlotId i = 0; i < kept_pool->slots().size(); ++i) {
      const PoolSlot& slot = kept_pool->slots()[i];
      if (!slot.present) continue;
      const uint32_t draw = random() % 20;
      if (slot.state == SlotState::kClaimed && draw < 4) {
        const ClaimEnd how = draw < 3 ? ClaimEnd::kJobDone : ClaimEnd::kPreempted;
        ASSERT_TRUE(kept_pool->EndClaim(i, how, now).ok());
        ASSERT_TRUE(fresh_pool->EndClaim(i, how, now).ok());
      } else if (slot.state != SlotState::kClaimed && draw == 7) {
        // The startd publishes a changed ad.
        const std::string text = slot_text(static_cast<int>(i) + 1, cycle);
        ASSERT_TRUE(kept_pool->ReplaceSlot(i, Ad(text), now).ok());
        ASSERT_TRUE(fresh_pool->ReplaceSlot(i, Ad(text), now).ok());
      } else if (draw == 19 && kept_pool->present_slots() > 12) {
        ASSERT_TRUE(kept_pool->RemoveSlot(i, now).ok());
        ASSERT_TRUE(fresh_pool->RemoveSlot(i, now).ok());
      }
    }
    for (int k = 0; k < 2; ++k) {
      const std::string text =
          JobText(owners[random() % owners.size()], cluster, k,
                  "RequestMemory = 1024; Rank = TARGET.Memory + (CurrentTime % 700)");
      ASSERT_TRUE(kept_pool->AddJob(Ad(text), "arrival").ok());
      ASSERT_TRUE(fresh_pool->AddJob(Ad(text), "arrival").ok());
    }
    ++cluster;
  }
  EXPECT_GT(matches, 30);
  EXPECT_GT(preemptions, 0);  // PREEMPTION_REQUIREMENTS' kept slot clauses were used
}

}  // namespace
}  // namespace negotiator
