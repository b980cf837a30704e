// DIRAC's share model in the negotiation cycle
// (negotiator/shares/dirac/dirac_share_model.h): task queues formed from
// job ads, pilots that pull in DIRAC's random priority order, seeded runs,
// the records the report renders, and choosing the model by name.
#include "negotiator/shares/dirac/dirac_share_model.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "negotiator/cycle.h"
#include "negotiator/cycle_output.h"
#include "negotiator/shares/dirac/dirac_share_records.h"
#include "negotiator/shares/dirac/job_ad_fields.h"
#include "negotiator/shares/load_share_model.h"
#include "negotiator/simulate/simulation.h"
#include "negotiator/simulate/workload.h"
#include "policy/dirac/cs_config.h"
#include "tests/negotiator/cycle_test_util.h"
#include "tests/policy/config_test_util.h"

namespace negotiator::dirac {
namespace {

using testing_util::Ad;
using testing_util::ClaimedSlotText;
using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::MatchesBySubmitter;
using testing_util::RunOneCycle;
using testing_util::SlotText;

constexpr char kBase[] = "UID_DOMAIN = x\nDEFAULT_PRIO_FACTOR = 1\n";

// Two groups at 3:1, one owner each.
constexpr char kTwoGroups[] =
    "Registry\n{\n  Groups\n  {\n    prod\n    {\n      JobShare = 300\n    }\n"
    "    user\n    {\n      JobShare = 100\n    }\n  }\n}\n";

std::shared_ptr<const DiracShareModel> Model(const std::string& cs, uint64_t seed) {
  classad::Result<policy::dirac::CsConfig> config = policy::dirac::ReadCsText(cs, "dirac.cfg");
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  classad::Result<policy::dirac::DiracSettings> settings =
      policy::dirac::ReadDiracSettings(*config, policy::dirac::OperationsScope{});
  EXPECT_TRUE(settings.ok()) << settings.status().ToString();
  return std::make_shared<const DiracShareModel>(
      std::make_shared<const policy::dirac::DiracSettings>(*settings), seed);
}

std::vector<std::string> Slots(int n, const std::string& extra = "") {
  std::vector<std::string> out;
  for (int i = 1; i <= n; ++i) out.push_back(SlotText("slot" + std::to_string(i) + "@m", extra));
  return out;
}

void AddJobs(std::vector<std::string>* jobs, const std::string& owner, int cluster, int n,
             const std::string& extra) {
  for (int p = 0; p < n; ++p) jobs->push_back(JobText(owner, cluster, p, extra));
}

const DiracShareRecords* DiracRecords(const CycleResult& result, size_t i = 0) {
  if (result.share_records.size() <= i) return nullptr;
  return dynamic_cast<const DiracShareRecords*>(result.share_records[i].get());
}

TEST(DiracJobFields, HTCondorJobAdsMapToTaskQueueFields) {
  // DiracGroup first; lists from ClassAd lists or comma-separated text;
  // DIRAC's Priority over JobPrio; CPUTime fitted to a segment.
  DiracJobFields f = ReadDiracJobFields(
      *Ad("[ Owner = \"alice\"; DiracGroup = \"lhcb_user\"; AcctGroup = \"physics\"; "
          "CPUTime = 4000; Site = { \"LCG.CERN.ch\", \"LCG.RAL.uk\" }; BannedSite = \"A, B\"; "
          "Platform = \"x86_64-el9\"; Tags = { \"GPU\" }; Priority = 7 ]"),
      /*job_prio=*/3, "alice@x");
  EXPECT_EQ(f.queue.owner, "alice");
  EXPECT_EQ(f.queue.group, "lhcb_user");
  EXPECT_EQ(f.queue.cpu_time, 6 * 3600);  // 4000 s fits the 6 h segment
  EXPECT_EQ(f.queue.sites, (std::vector<std::string>{"LCG.CERN.ch", "LCG.RAL.uk"}));
  EXPECT_EQ(f.queue.banned_sites, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(f.queue.platforms, (std::vector<std::string>{"x86_64-el9"}));
  EXPECT_EQ(f.queue.tags, (std::vector<std::string>{"GPU"}));
  EXPECT_EQ(f.priority, 7);

  // AcctGroup, then AccountingGroup without its ".user"; JobPrio; MaxWallTimeMins.
  f = ReadDiracJobFields(*Ad("[ AcctGroup = \"physics\"; MaxWallTimeMins = 20 ]"), 4, "bob@x");
  EXPECT_EQ(f.queue.owner, "bob@x");  // no Owner: the submitter's name
  EXPECT_EQ(f.queue.group, "physics");
  EXPECT_EQ(f.queue.cpu_time, 1800);
  EXPECT_EQ(f.priority, 4);
  f = ReadDiracJobFields(*Ad("[ Owner = \"c\"; AccountingGroup = \"group_a.sub.c\" ]"), 0, "c@x");
  EXPECT_EQ(f.queue.group, "group_a.sub");
  EXPECT_EQ(f.queue.cpu_time, 86400);  // the default, a day
  f = ReadDiracJobFields(*Ad("[ Owner = \"d\"; CPUTime = \"long\" ]"), 0, "d@x");
  EXPECT_EQ(f.queue.group, std::string(kNoGroup));
  EXPECT_EQ(f.queue.cpu_time, 86400);  // not a number: missing
}

TEST(DiracShareModelTest, PilotsTakeQueuesInRandomPriorityOrderNotProportionally) {
  // prod (300) and user (100), one queue each, more jobs than slots: each
  // pilot takes prod first with probability 5/6 (dirac-shares.md §5: not
  // 3/4). 600 slots: 500 expected for prod, standard deviation 9.1.
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  AddJobs(&jobs, "alice", 1, 700, "DiracGroup = \"prod\";");
  AddJobs(&jobs, "bob", 2, 700, "DiracGroup = \"user\";");
  auto pool = MakePool(policy, Slots(600), jobs);
  Accountant accountant(policy);
  accountant.Initialize(testing_util::kCycleNow);
  Negotiator negotiator(policy, NegotiatorOptions{.share_model = Model(kTwoGroups, 7)});
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  std::map<std::string, int> by = MatchesBySubmitter(result);
  EXPECT_EQ(by["alice@x"] + by["bob@x"], 600);
  EXPECT_NEAR(by["alice@x"], 500, 40);
  const DiracShareRecords* r = DiracRecords(result);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->task_queues.size(), 2u);
  EXPECT_EQ(r->priorities.task_queues[0].stored_priority, 300);
  EXPECT_EQ(r->priorities.task_queues[1].stored_priority, 100);
  EXPECT_NEAR(r->first_choice[0], 5.0 / 6, 1e-12);
  EXPECT_EQ(r->pilots.size(), 600u);
  EXPECT_NEAR(r->pilots[0].first_choice,
              r->task_queues[0].id == r->pilots[0].task_queue ? 5.0 / 6 : 1.0 / 6, 1e-12);
}

TEST(DiracShareModelTest, TheSameSeedGivesTheSameRunAnotherSeedAnother) {
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  AddJobs(&jobs, "alice", 1, 40, "DiracGroup = \"prod\";");
  AddJobs(&jobs, "bob", 2, 40, "DiracGroup = \"user\";");
  auto run = [&](uint64_t seed) {
    auto pool = MakePool(policy, Slots(30), jobs);
    Accountant accountant(policy);
    accountant.Initialize(testing_util::kCycleNow);
    Negotiator negotiator(policy, NegotiatorOptions{.share_model = Model(kTwoGroups, seed)});
    CycleResult result = RunOneCycle(negotiator, *pool, accountant);
    result.phases = CyclePhases();  // wall time
    return FormatCycleJson(result);
  };
  EXPECT_EQ(run(11), run(11));
  EXPECT_NE(run(11), run(12));
}

TEST(DiracShareModelTest, ASlotTakesTheFirstQueueItCanRun) {
  // bob's jobs need a GPU; the two GPU slots go to bob whatever the order
  // (alice's queue is not eligible there), the plain slots to alice,
  // whose queue is the only one they can run.
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  AddJobs(&jobs, "alice", 1, 10, "DiracGroup = \"prod\"; Requirements = TARGET.HasGpu =!= true;");
  AddJobs(&jobs, "bob", 2, 10, "DiracGroup = \"user\"; Requirements = TARGET.HasGpu =?= true;");
  std::vector<std::string> slots = Slots(3);
  slots.push_back(SlotText("gpu1@m", "HasGpu = true;"));
  slots.push_back(SlotText("gpu2@m", "HasGpu = true;"));
  auto pool = MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(testing_util::kCycleNow);
  Negotiator negotiator(policy, NegotiatorOptions{.share_model = Model(kTwoGroups, 1)});
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  for (const CycleMatch& m : result.matches) {
    EXPECT_EQ(m.submitter, m.slot.rfind("gpu", 0) == 0 ? "bob@x" : "alice@x") << m.slot;
  }
  EXPECT_EQ(result.matches.size(), 5u);
  const DiracShareRecords* r = DiracRecords(result);
  ASSERT_NE(r, nullptr);
  for (const PilotRecord& p : r->pilots) {
    EXPECT_EQ(p.eligible, 1u);
    EXPECT_EQ(p.first_choice, 1.0);
  }
}

TEST(DiracShareModelTest, PilotsNeverPreemptAndQueuesFollowTheRequirements) {
  // A claimed slot is not offered to pilots; alice's two requirement sets
  // are two queues that differ only in where they run: merged (each gets
  // the sum, dirac-shares.md §3.5, as for sites).
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  AddJobs(&jobs, "alice", 1, 3, "DiracGroup = \"prod\"; Requirements = TARGET.Memory > 1;");
  AddJobs(&jobs, "alice", 2, 3, "DiracGroup = \"prod\"; Requirements = TARGET.Memory > 2;");
  std::vector<std::string> slots = Slots(2);
  slots.push_back(ClaimedSlotText("busy@m", "carol@x", "9.0"));
  auto pool = MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(testing_util::kCycleNow);
  Negotiator negotiator(policy, NegotiatorOptions{.share_model = Model(kTwoGroups, 3)});
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  EXPECT_EQ(result.matches.size(), 2u);
  EXPECT_EQ(result.preemptions, 0);
  for (const CycleMatch& m : result.matches) EXPECT_NE(m.slot, "busy@m");
  const DiracShareRecords* r = DiracRecords(result);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->task_queues.size(), 2u);
  // Each W = 1e-5 (JobPrio 0), E = 300 for the one owner: 150 each, merged: 300.
  EXPECT_EQ(r->priorities.task_queues[0].raw_priority, 150);
  EXPECT_EQ(r->priorities.task_queues[0].merged_with, (std::vector<int64_t>{2}));
  EXPECT_EQ(r->priorities.task_queues[1].stored_priority, 300);
}

TEST(DiracShareModelTest, TheReportShowsEachQueuesPriorityStepByStep) {
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  // alice's two platforms are two queues of one entity: W 1e6 and 1e-5;
  // the second gets 300 × 1e-5 / (1e6 + 1e-5), below the floor.
  AddJobs(&jobs, "alice", 1, 2, "DiracGroup = \"prod\"; Platform = \"a\"; JobPrio = 10;");
  AddJobs(&jobs, "alice", 4, 1, "DiracGroup = \"prod\"; Platform = \"b\";");
  AddJobs(&jobs, "bob", 2, 2, "DiracGroup = \"user\"; JobPrio = 5;");
  AddJobs(&jobs, "carol", 3, 1, "DiracGroup = \"user\";");
  auto pool = MakePool(policy, Slots(2), jobs);
  Accountant accountant(policy);
  accountant.Initialize(testing_util::kCycleNow);
  Negotiator negotiator(policy, NegotiatorOptions{.share_model = Model(kTwoGroups, 5)});
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  const std::string text = FormatCycleText(result);
  EXPECT_NE(text.find("Each task queue's priority, step by step"), std::string::npos) << text;
  // user (100) has two owners: 50 each; bob's W = 5 (JobPrio 5).
  EXPECT_NE(text.find("entity bob: 100 / U = 2 owners with a queue = 50: E = 50"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("W = average weight of its 2 jobs = 5"), std::string::npos) << text;
  EXPECT_NE(text.find("below the floor: 0.001"), std::string::npos) << text;
  const std::string json = FormatCycleJson(result);
  EXPECT_NE(json.find("\"share_model\""), std::string::npos);
  EXPECT_NE(json.find("\"stored_priority\""), std::string::npos);
}

TEST(DiracShareModelTest, ThePieIsUnchangedAndRecordsNothing) {
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  AddJobs(&jobs, "alice", 1, 5, "");
  auto pool = MakePool(policy, Slots(3), jobs);
  Accountant accountant(policy);
  accountant.Initialize(testing_util::kCycleNow);
  Negotiator negotiator(policy);
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  EXPECT_TRUE(result.share_records.empty());
  EXPECT_EQ(FormatCycleJson(result).find("share_model"), std::string::npos);
}

TEST(DiracShareModelTest, APilotWhoseJobEndsAsksTheDrawAgainInsteadOfReusingTheClaim) {
  // One slot, cycles every 600 s. user's jobs (JobShare 0: priority at
  // the floor, 0.001) arrive first and take the slot; prod's (1000)
  // arrive 10 s later. user's job ends at 100 s: HTCondor's schedd reuses
  // the claim for user's next job; DIRAC's pilot asks the Matcher again
  // (JobAgent), so the slot waits for the next cycle's draw, which gives
  // it to prod (user comes first with probability 5e-7), even with the
  // simulation's claim reuse on.
  auto policy = MakePolicy(std::string(kBase) +
                           "NEGOTIATOR_INTERVAL = 600\nNEGOTIATOR_CONSIDER_PREEMPTION = False\n");
  constexpr char kCs[] =
      "Registry\n{\n  Groups\n  {\n    prod\n    {\n      JobShare = 1000\n    }\n"
      "    user\n    {\n      JobShare = 0\n    }\n  }\n}\n";
  const int64_t start = testing_util::kCycleNow;
  Workload w;
  auto add = [&](const std::string& owner, const std::string& group, int cluster,
                 int64_t arrival) {
    for (int p = 0; p < 3; ++p) {
      WorkloadJob job;
      job.arrival = arrival;
      job.run_time = 100;
      job.origin = "test";
      job.ad = Ad(JobText(owner, cluster, p,
                          "DiracGroup = \"" + group + "\"; QDate = " + std::to_string(arrival) +
                              ";"));
      w.jobs.push_back(std::move(job));
    }
  };
  add("user", "user", 1, start);
  add("prod", "prod", 2, start + 10);
  FinishWorkload(&w);
  auto run = [&](std::shared_ptr<const ShareModel> model) {
    auto pool = MakePool(policy, Slots(1), {});
    Accountant accountant(policy);
    accountant.Initialize(start);
    const SimulationOptions options{
        .start = start, .duration = 600, .claim_reuse = true, .share_model = std::move(model)};
    classad::Result<SimulationResult> r = Simulate(policy, w, options, pool.get(), &accountant);
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    std::vector<std::string> starts;  // time, submitter, how
    if (!r.ok()) return starts;
    for (const SimulationEvent& e : r->events) {
      if (e.kind != EventKind::kStart) continue;
      starts.push_back(std::to_string(e.time - start) + " " + e.submitter + " " + e.detail);
    }
    return starts;
  };
  // The pie: user's claim is reused at 100 and 200 s; prod gets the slot
  // only once user's jobs are done.
  EXPECT_EQ(run(nullptr), (std::vector<std::string>{"0 user@x match", "100 user@x reuse",
                                                    "200 user@x reuse", "600 prod@x match"}));
  // DIRAC: the slot is free from 100 s; the draw at 600 s gives it to prod.
  EXPECT_EQ(run(Model(kCs, 5)), (std::vector<std::string>{"0 user@x match", "600 prod@x match"}));
}

TEST(LoadShareModelTest, ChoosesByNameAndLocatesBadDiracConfiguration) {
  ShareModelKind kind = ShareModelKind::kHTCondor;
  EXPECT_TRUE(ParseShareModelKind("dirac", &kind));
  EXPECT_EQ(kind, ShareModelKind::kDirac);
  EXPECT_FALSE(ParseShareModelKind("DIRAC", &kind));
  classad::Result<std::shared_ptr<const ShareModel>> pie = LoadShareModel({});
  ASSERT_TRUE(pie.ok());
  EXPECT_EQ(*pie, nullptr);

  ShareModelChoice choice;
  choice.kind = ShareModelKind::kDirac;
  EXPECT_EQ(LoadShareModel(choice).status().code(), classad::StatusCode::kInvalidArgument);
  policy::testing_util::TempFolder folder;
  choice.dirac_config = {folder.Write("bad.cfg", "Registry\n{\n  Groups\n  {\n}\n}\n}\n")};
  classad::Result<std::shared_ptr<const ShareModel>> bad = LoadShareModel(choice);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().ToString().find("bad.cfg:7:"), std::string::npos)
      << bad.status().ToString();

  // Two files, merged as DIRAC merges them; the second's group has a
  // JobShare DIRAC reads as the default.
  choice.dirac_config = {folder.Write("good.cfg", kTwoGroups),
                         folder.Write("more.cfg",
                                      "Registry\n{\n  Groups\n  {\n    x\n    {\n"
                                      "      JobShare = 0.5\n    }\n  }\n}\n")};
  std::vector<policy::lint::Diagnostic> diagnostics;
  classad::Result<std::shared_ptr<const ShareModel>> good = LoadShareModel(choice, &diagnostics);
  ASSERT_TRUE(good.ok()) << good.status().ToString();
  ASSERT_NE(*good, nullptr);
  EXPECT_TRUE((*good)->ReadsJobAttributes());
  ASSERT_FALSE(diagnostics.empty());
  EXPECT_EQ(diagnostics[0].check, "dirac-non-integer");
}

}  // namespace
}  // namespace negotiator::dirac
