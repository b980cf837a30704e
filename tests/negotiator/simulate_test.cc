// Simulate (negotiator/simulate/simulation.h): a pool through days of
// cycles, with the acceptance scenarios: a lone submitter's RUP
// against the formula and a second one arriving; the quota-driven
// preemption recipe settling at the quotas; and what the model promises
// (nothing lost, claims reused, preempted jobs run again, the same result
// every time).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>
#include <string>

#include "negotiator/accountant/accountant.h"
#include "negotiator/pool/pool.h"
#include "negotiator/simulate/simulation.h"
#include "negotiator/simulate/simulation_report.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::Ad;
using testing_util::MakePolicy;
using testing_util::SlotText;

constexpr int64_t kStart = 1700000000;

// `count` jobs of `owner` (in `group` when not empty) arriving at `arrival`
// and running `run_time` seconds, numbered from cluster `cluster`.
void AddJobs(Workload* w, const std::string& owner, const std::string& group, int count,
             int64_t arrival, int64_t run_time, int cluster) {
  for (int i = 0; i < count; ++i) {
    WorkloadJob job;
    job.arrival = arrival;
    job.run_time = run_time;
    job.origin = "test";
    std::string text = "[ Owner = \"" + owner + "\"; ClusterId = " + std::to_string(cluster) +
                       "; ProcId = " + std::to_string(i) +
                       "; JobStatus = 1; RequestCpus = 1; RequestMemory = 1024; QDate = " +
                       std::to_string(arrival) + "; Requirements = true; ";
    if (!group.empty()) text += "AccountingGroup = \"" + group + "." + owner + "\"; ";
    job.ad = Ad(text + "]");
    w->jobs.push_back(std::move(job));
  }
}

std::unique_ptr<Pool> SlotsPool(std::shared_ptr<const policy::Policy> policy, int slots) {
  auto pool = std::make_unique<Pool>(policy);
  for (int i = 0; i < slots; ++i) {
    auto added = pool->AddSlot(Ad(SlotText("slot" + std::to_string(i) + "@m")), "test");
    EXPECT_TRUE(added.ok());
  }
  return pool;
}

// Running jobs per submitter after each cycle.
std::map<std::string, int64_t> RunningAt(const SimulationResult& r, size_t cycle) {
  std::map<std::string, int64_t> out;
  for (const SubmitterSample& s : r.cycles[cycle].submitters) out[s.name] = s.running;
  return out;
}

TEST(SimulateTest, ALoneSubmittersPriorityFollowsTheFormulaAndASecondOneTakesItsShare) {
  auto policy = MakePolicy(
      "UID_DOMAIN = x\nDEFAULT_PRIO_FACTOR = 1\nNEGOTIATOR_INTERVAL = 300\n"
      "NEGOTIATOR_CONSIDER_PREEMPTION = False\n");
  auto pool = SlotsPool(policy, 100);
  Workload w;
  // Jobs of 4 h: a's end together at 48 h, when b arrives; enough of
  // them for both to keep every slot busy.
  AddJobs(&w, "a", "", 2500, kStart, 4 * 3600, 1);
  AddJobs(&w, "b", "", 2500, kStart + 48 * 3600, 4 * 3600, 2);
  FinishWorkload(&w);
  Accountant accountant(policy);
  accountant.Initialize(kStart);
  SimulationOptions options;
  options.start = kStart;
  options.duration = 96 * 3600;
  auto run = Simulate(policy, w, options, pool.get(), &accountant);
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  const SimulationResult& r = *run;
  ASSERT_EQ(r.cycles.size(), 96u * 12 + 1);
  // 48 h of 100 slots, from RUP 0.5 with a half-life of a day: the
  // accountant's recurrence RUP' = RUP·β + (1−β)·usage over 576 updates,
  // β = 0.5^(300/86400), is 0.5·0.5^2 + 100·(1 − 0.5^2) (HTCondor keeps six
  // decimals at each update: the steps' rounding stays below 1e-3).
  const size_t at_48h = 48 * 12;
  ASSERT_EQ(r.cycles[at_48h].time, kStart + 48 * 3600);
  double rup_a = 0;
  for (const SubmitterSample& s : r.cycles[at_48h].submitters) {
    if (s.name == "a@x") rup_a = s.rup;
  }
  EXPECT_NEAR(rup_a, 0.5 * 0.25 + 100 * 0.75, 1e-3);
  EXPECT_EQ(RunningAt(r, at_48h - 1)["a@x"], 100);
  // b arrives: its priority is far better, so it takes nearly every slot
  // a's jobs leave (they end each hour, their claims too old to reuse).
  std::map<std::string, int64_t> after = RunningAt(r, at_48h);
  EXPECT_GE(after["b@x"], 90);
  EXPECT_LE(after["a@x"], 10);
  // Then the priorities converge and so do the shares: a's grows back
  // toward half.
  std::map<std::string, int64_t> at_72h = RunningAt(r, 72 * 12);
  std::map<std::string, int64_t> at_96h = RunningAt(r, 96 * 12);
  EXPECT_GT(at_72h["a@x"], after["a@x"]);
  EXPECT_GE(at_96h["a@x"], 35);
  EXPECT_LE(at_96h["a@x"], 50);
  // Every slot busy, but for a crumb of the pie: with two submitters'
  // fractional shares, a slot freed as a batch ends can wait a cycle.
  EXPECT_GE(at_96h["a@x"] + at_96h["b@x"], 99);
  // Nothing lost.
  const SimulationMetrics m = ComputeMetrics(r);
  EXPECT_EQ(m.arrived, 5000);
  EXPECT_EQ(m.arrived, m.done + m.running + m.idle);
  EXPECT_GE(m.running, 99);
  EXPECT_LE(m.running, 100);
  EXPECT_EQ(m.max_running, 100);
  EXPECT_EQ(m.preemptions, 0);
}

TEST(SimulateTest, TheQuotaDrivenPreemptionRecipeSettlesAtTheQuotas) {
  auto policy = MakePolicy(
      "UID_DOMAIN = x\nNEGOTIATOR_INTERVAL = 60\nCLAIM_WORKLIFE = 0\n"
      "NEGOTIATOR_CONSIDER_PREEMPTION = True\nPREEMPTION_REQUIREMENTS = True\n"
      "GROUP_NAMES = A, B, C\nGROUP_QUOTA_A = 5\nGROUP_QUOTA_B = 5\nGROUP_QUOTA_C = 5\n"
      "GROUP_ACCEPT_SURPLUS = TRUE\n"
      "PREEMPTION_REQUIREMENTS = $(PREEMPTION_REQUIREMENTS) && "
      "(((SubmitterGroupResourcesInUse < SubmitterGroupQuota) && "
      "(RemoteGroupResourcesInUse > RemoteGroupQuota)) || (SubmitterGroup =?= RemoteGroup))\n");
  auto pool = SlotsPool(policy, 15);
  Workload w;
  AddJobs(&w, "user", "A", 5, kStart, 1000000, 1);
  AddJobs(&w, "user", "B", 10, kStart, 1000000, 2);
  AddJobs(&w, "user", "C", 10, kStart + 3600, 1000000, 3);
  FinishWorkload(&w);
  Accountant accountant(policy);
  accountant.Initialize(kStart);
  SimulationOptions options;
  options.start = kStart;
  options.duration = 6 * 3600;
  auto run = Simulate(policy, w, options, pool.get(), &accountant);
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  const SimulationResult& r = *run;
  auto groups_at = [&r](size_t cycle) {
    std::map<std::string, int64_t> out;
    for (const GroupSample& g : r.cycles[cycle].groups) out[g.name] = g.running;
    return out;
  };
  // A and B fill the pool.
  EXPECT_EQ(groups_at(59)["A"], 5);
  EXPECT_EQ(groups_at(59)["B"], 10);
  // C arrives at 1 h, preempts B's surplus, and the pool stays at 5/5/5.
  for (size_t c = 61; c < r.cycles.size(); ++c) {
    std::map<std::string, int64_t> g = groups_at(c);
    ASSERT_EQ(g["A"], 5) << "cycle " << c;
    ASSERT_EQ(g["B"], 5) << "cycle " << c;
    ASSERT_EQ(g["C"], 5) << "cycle " << c;
  }
  const SimulationMetrics m = ComputeMetrics(r);
  EXPECT_EQ(m.preemptions, 5);
  EXPECT_GT(m.badput_hours, 0);
  EXPECT_EQ(m.arrived, m.done + m.running + m.idle);
  EXPECT_EQ(m.running, 15);
  EXPECT_EQ(m.idle, 10);
  EXPECT_NEAR(m.jain_fairness, 1.0, 0.05);
}

TEST(SimulateTest, AClaimServesTheSubmittersNextJobWhileYoungerThanItsWorklife) {
  // Jobs of 100 s on 2 slots, cycles every 600 s: without reuse each slot
  // runs one job per cycle; with it, a claim keeps starting the next job
  // until it is older than CLAIM_WORKLIFE.
  auto run = [](const std::string& worklife, bool reuse) {
    auto policy = MakePolicy("UID_DOMAIN = x\nNEGOTIATOR_INTERVAL = 600\nCLAIM_WORKLIFE = " +
                             worklife + "\n");
    auto pool = SlotsPool(policy, 2);
    Workload w;
    AddJobs(&w, "a", "", 40, kStart, 100, 1);
    FinishWorkload(&w);
    Accountant accountant(policy);
    accountant.Initialize(kStart);
    SimulationOptions options;
    options.start = kStart;
    options.duration = 600;
    options.claim_reuse = reuse;
    auto result = Simulate(policy, w, options, pool.get(), &accountant);
    EXPECT_TRUE(result.ok()) << result.status().ToString();
    return ComputeMetrics(*result);
  };
  const SimulationMetrics reused = run("1200", true);
  // 100 s jobs on each slot: the claim is reused at 100, 200, ..., 500 and
  // at 600, when the job ending at the second cycle's time is replaced
  // before that cycle runs (what happens at a cycle's time comes first).
  EXPECT_EQ(reused.claims_reused, 12);
  EXPECT_EQ(reused.done, 12);
  EXPECT_EQ(reused.arrived, reused.done + reused.running + reused.idle);
  const SimulationMetrics short_life = run("250", true);
  EXPECT_EQ(short_life.claims_reused, 4);  // starts at 100 and 200; not at 300
  EXPECT_EQ(short_life.done, 6);
  const SimulationMetrics none = run("1200", false);
  EXPECT_EQ(none.claims_reused, 0);
  EXPECT_EQ(none.done, 2);
  EXPECT_EQ(none.matches, 4);
}

TEST(SimulateTest, APreemptedJobRunsItsWholeRunAgainAndTheRunLostIsBadput) {
  // b's jobs, preferred by the slot's Rank, take the slot from a's job at
  // the second cycle; a's job runs again once b's are done.
  auto policy = MakePolicy("UID_DOMAIN = x\nNEGOTIATOR_INTERVAL = 60\nCLAIM_WORKLIFE = 0\n");
  auto pool = std::make_unique<Pool>(policy);
  ASSERT_TRUE(pool->AddSlot(Ad(SlotText("slot1@m", "Rank = TARGET.Owner == \"b\"")), "t").ok());
  Workload w;
  AddJobs(&w, "a", "", 1, kStart, 600, 1);
  AddJobs(&w, "b", "", 1, kStart + 30, 120, 2);
  FinishWorkload(&w);
  Accountant accountant(policy);
  accountant.Initialize(kStart);
  SimulationOptions options;
  options.start = kStart;
  options.duration = 1200;
  auto run = Simulate(policy, w, options, pool.get(), &accountant);
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  const SimulationMetrics m = ComputeMetrics(*run);
  EXPECT_EQ(m.preemptions, 1);
  EXPECT_EQ(m.done, 2);
  const JobOutcome& a = run->jobs[0];
  EXPECT_EQ(a.preemptions, 1);
  EXPECT_EQ(a.lost_seconds, 60);
  EXPECT_NEAR(m.badput_hours, 60.0 / 3600, 1e-9);
  EXPECT_EQ(a.first_start, kStart);
  // b ran from 60 to 180; a started again at 180 and runs 600 s: done at 780.
  EXPECT_EQ(run->jobs[1].first_start, kStart + 60);
  EXPECT_EQ(run->jobs[1].end, kStart + 180);
  EXPECT_EQ(a.state, JobEnd::kDone);
  EXPECT_EQ(a.end, kStart + 780);
}

TEST(SimulateTest, TheSameInputsGiveTheSameRecordsAndTheReportsSayIt) {
  auto simulate = []() {
    auto policy = MakePolicy(
        "UID_DOMAIN = x\nNEGOTIATOR_INTERVAL = 120\nGROUP_NAMES = g1, g2\n"
        "GROUP_QUOTA_DYNAMIC_g1 = 0.5\nGROUP_QUOTA_DYNAMIC_g2 = 0.5\n"
        "GROUP_ACCEPT_SURPLUS = True\n");
    auto pool = SlotsPool(policy, 7);
    Workload w;
    AddJobs(&w, "u1", "g1", 30, kStart, 700, 1);
    AddJobs(&w, "u2", "g2", 20, kStart + 500, 300, 2);
    AddJobs(&w, "u3", "", 10, kStart + 900, 200, 3);
    FinishWorkload(&w);
    Accountant accountant(policy);
    accountant.Initialize(kStart);
    SimulationOptions options;
    options.start = kStart;
    options.duration = 3 * 3600;
    auto run = Simulate(policy, w, options, pool.get(), &accountant);
    EXPECT_TRUE(run.ok());
    std::ostringstream series, events;
    WriteSeriesCsv(*run, series);
    WriteEventsCsv(*run, events);
    const SimulationMetrics m = ComputeMetrics(*run);
    return series.str() + events.str() + FormatMetricsJson(m) + FormatMetricsText(m);
  };
  const std::string first = simulate();
  EXPECT_EQ(first, simulate());
  EXPECT_NE(first.find("time,kind,name,group,running"), std::string::npos);
  EXPECT_NE(first.find(",group,g1,g1,"), std::string::npos);
  EXPECT_NE(first.find(",arrival,3.0,u3@x,,"), std::string::npos);
  EXPECT_NE(first.find("\"arrived\": 60"), std::string::npos);
  EXPECT_NE(first.find("Jobs: 60 arrived = "), std::string::npos);
}

TEST(SimulateTest, JobsRunningAtTheStartKeepTheirSlotAndTheRestOfTheirRun) {
  auto policy = MakePolicy("UID_DOMAIN = x\nNEGOTIATOR_INTERVAL = 60\n");
  auto pool = std::make_unique<Pool>(policy);
  // slot1 shows a claim the workload knows nothing of: it ends at the start.
  ASSERT_TRUE(pool->AddSlot(Ad(testing_util::ClaimedSlotText("slot1@m", "z@x", "99.0")), "t").ok());
  ASSERT_TRUE(pool->AddSlot(Ad(SlotText("slot2@m")), "t").ok());
  Workload w;
  AddJobs(&w, "a", "", 1, kStart - 1000, 1300, 1);
  w.jobs[0].state = WorkloadState::kRunning;
  w.jobs[0].started = kStart - 100;
  w.jobs[0].remote_host = "slot2@m";
  AddJobs(&w, "b", "", 1, kStart - 1000, 500, 2);
  w.jobs[1].state = WorkloadState::kRunning;
  w.jobs[1].started = kStart - 100;
  w.jobs[1].remote_host = "slot9@m";  // not in the pool: idle at the start
  FinishWorkload(&w);
  Accountant accountant(policy);
  accountant.Initialize(kStart);
  SimulationOptions options;
  options.start = kStart;
  options.duration = 1200;
  auto run = Simulate(policy, w, options, pool.get(), &accountant);
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  EXPECT_EQ(run->claims_ended_at_start, 1);
  EXPECT_EQ(run->running_without_slot, 1);
  const JobOutcome& a = run->jobs[0];
  EXPECT_EQ(a.first_start, kStart - 100);
  EXPECT_EQ(a.end, kStart + 1200);  // started 100 s before, 1300 s of run
  const JobOutcome& b = run->jobs[1];
  EXPECT_EQ(b.first_start, kStart);  // matched to slot1 at the first cycle
  EXPECT_EQ(b.end, kStart + 500);
}

TEST(SimulateTest, TheFirstCycleIsARunningNegotiatorsNextUnlessRestarted) {
  // b (group g) runs on the only slot at the start; a (group g, a far
  // better priority) arrives. Preemption within a group is forbidden, if
  // the claim's RemoteGroup is known: from the stored quota table, as in a
  // negotiator that has been running; not after a start.
  auto policy = MakePolicy(
      "UID_DOMAIN = x\nDEFAULT_PRIO_FACTOR = 1\nNEGOTIATOR_INTERVAL = 60\nGROUP_NAMES = g\n"
      "GROUP_QUOTA_g = 1\nPREEMPTION_REQUIREMENTS = RemoteGroup =!= SubmitterGroup\n");
  for (bool restarted : {false, true}) {
    SCOPED_TRACE(restarted ? "restarted" : "running");
    auto pool = SlotsPool(policy, 1);
    Workload w;
    AddJobs(&w, "b", "g", 1, kStart - 1000, 3600, 1);
    w.jobs[0].state = WorkloadState::kRunning;
    w.jobs[0].started = kStart - 100;
    w.jobs[0].remote_host = "slot0@m";
    AddJobs(&w, "a", "g", 1, kStart - 10, 600, 2);
    FinishWorkload(&w);
    Accountant accountant(policy);
    accountant.Initialize(kStart);
    accountant.SetPriority("g.b@x", 1000);
    accountant.SetGroupQuotaRecords(
        {GroupQuotaRecord{"<none>", false, 0, 1, 0, 0, 0, 0, 0, kStart - 60},
         GroupQuotaRecord{"g", true, 1, 1, 1, 1, 0, 1, 1, kStart - 60}});
    SimulationOptions options;
    options.start = kStart;
    options.duration = 0;  // one cycle
    options.restarted = restarted;
    auto run = Simulate(policy, w, options, pool.get(), &accountant);
    ASSERT_TRUE(run.ok()) << run.status().ToString();
    ASSERT_EQ(run->cycles.size(), 1u);
    EXPECT_EQ(run->cycles[0].preemptions, restarted ? 1 : 0);
  }
}

TEST(SimulateTest, BadOptionsAndAPoolWithJobsAreRefused) {
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  Accountant accountant(policy);
  Workload w;
  SimulationOptions options;
  options.duration = -1;
  auto pool = SlotsPool(policy, 1);
  EXPECT_EQ(Simulate(policy, w, options, pool.get(), &accountant).status().code(),
            classad::StatusCode::kInvalidArgument);
  // A century of one-second cycles is refused, not run.
  options.duration = 100LL * 365 * 86400;
  options.interval = 1;
  classad::Status too_long = Simulate(policy, w, options, pool.get(), &accountant).status();
  EXPECT_EQ(too_long.code(), classad::StatusCode::kInvalidArgument);
  EXPECT_NE(too_long.message().find("more than the limit of 1000000"), std::string::npos);
  options.interval = 0;
  ASSERT_TRUE(pool->AddJob(Ad(testing_util::JobText("a", 1, 0)), "t").ok());
  options.duration = 60;
  EXPECT_EQ(Simulate(policy, w, options, pool.get(), &accountant).status().code(),
            classad::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace negotiator
