// DIRAC's WMSHistory report from the accountant's running-jobs history
// (negotiator/shares/dirac/running_history.h), and the share corrector fed
// by it in the cycle: the second cycle corrects by what the first ran.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "negotiator/cycle.h"
#include "negotiator/shares/dirac/dirac_share_model.h"
#include "negotiator/shares/dirac/dirac_share_records.h"
#include "negotiator/shares/dirac/running_history.h"
#include "policy/dirac/cs_config.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator::dirac {
namespace {

using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::SlotText;

std::vector<RunningJobsRecord> History() {
  // Two cycles: at 100 prod ran 4 (6 jobs), user 2 (alice 1 of 2, bob 1 of 1);
  // at 200 prod ran 2 (2 jobs), user nothing.
  return {{100, "prod", "", 4, 6},      {100, "prod", "p", 4, 6},   {100, "user", "", 2, 3},
          {100, "user", "alice", 1, 2}, {100, "user", "bob", 1, 1}, {200, "prod", "", 2, 2},
          {200, "prod", "p", 2, 2}};
}

TEST(DiracRunningHistory, GroupSpansAverageRunningJobsOverTheCyclesRecorded) {
  const std::vector<RunningJobsRecord> h = History();
  SpanHistory both = GroupSpanHistory(h, 200, 150);  // [50, 200]: two cycles
  EXPECT_TRUE(both.has_data);
  EXPECT_EQ(both.average_jobs, (std::map<std::string, double>{{"prod", 3}, {"user", 1}}));
  SpanHistory last = GroupSpanHistory(h, 200, 50);  // [150, 200]: the second only
  EXPECT_TRUE(last.has_data);
  EXPECT_EQ(last.average_jobs, (std::map<std::string, double>{{"prod", 2}}));  // user absent
  SpanHistory none = GroupSpanHistory(h, 1000, 100);  // [900, 1000]: no cycle
  EXPECT_FALSE(none.has_data);
  EXPECT_TRUE(none.average_jobs.empty());
}

TEST(DiracRunningHistory, UserSpansAverageJobsInEveryStatusOfOneGroup) {
  const std::vector<RunningJobsRecord> h = History();
  SpanHistory users = UserSpanHistory(h, "user", 200, 150);
  EXPECT_TRUE(users.has_data);
  // Two cycles recorded; alice had 2 jobs in one of them, bob 1.
  EXPECT_EQ(users.average_jobs, (std::map<std::string, double>{{"alice", 1}, {"bob", 0.5}}));
}

TEST(DiracRunningHistory, RetentionIsTheLongestSpan) {
  policy::dirac::DiracSettings settings;
  EXPECT_EQ(HistoryRetention(settings), 604800);
  policy::dirac::CorrectorInstance instance;
  instance.spans.resize(2);
  instance.spans[0].time_span = 3600;
  instance.spans[1].time_span = 86400;
  settings.scheduling.wms_history.push_back(instance);
  EXPECT_EQ(HistoryRetention(settings), 86400);
}

constexpr char kCorrected[] =
    "Registry\n{\n  Groups\n  {\n    prod\n    {\n      JobShare = 300\n    }\n"
    "    user\n    {\n      JobShare = 100\n    }\n  }\n}\n"
    "Operations\n{\n  Defaults\n  {\n    JobScheduling\n    {\n"
    "      EnableSharesCorrection = True\n      ShareCorrections\n      {\n"
    "        ShareCorrectorsToStart = WMSHistory\n        WMSHistory\n        {\n"
    "          GroupsInstance\n          {\n            MaxGlobalCorrection = 5\n"
    "            Hour\n            {\n              TimeSpan = 3600\n"
    "              MaxCorrection = 3\n            }\n          }\n        }\n      }\n"
    "    }\n  }\n}\n";

TEST(DiracRunningHistory, TheCycleFeedsTheHistoryAndTheNextCycleCorrectsByIt) {
  classad::Result<policy::dirac::CsConfig> config =
      policy::dirac::ReadCsText(kCorrected, "dirac.cfg");
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  classad::Result<policy::dirac::DiracSettings> settings =
      policy::dirac::ReadDiracSettings(*config, policy::dirac::OperationsScope{});
  ASSERT_TRUE(settings.ok()) << settings.status().ToString();
  ASSERT_NE(settings->GroupsCorrector(), nullptr);
  auto model = std::make_shared<const DiracShareModel>(
      std::make_shared<const policy::dirac::DiracSettings>(*settings), 9);

  auto policy = MakePolicy("UID_DOMAIN = x\nDEFAULT_PRIO_FACTOR = 1\n");
  std::vector<std::string> slots, jobs;
  for (int i = 1; i <= 40; ++i) slots.push_back(SlotText("slot" + std::to_string(i) + "@m"));
  for (int p = 0; p < 60; ++p) jobs.push_back(JobText("alice", 1, p, "DiracGroup = \"prod\";"));
  for (int p = 0; p < 60; ++p) jobs.push_back(JobText("bob", 2, p, "DiracGroup = \"user\";"));
  auto pool = MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(testing_util::kCycleNow);
  Negotiator negotiator(policy, NegotiatorOptions{.share_model = model});

  // Cycle 1: nothing ran yet; the sample (0 running each) makes the span's
  // usage 0: skipped, every factor 1.
  CycleResult first = testing_util::RunOneCycle(negotiator, *pool, accountant);
  ASSERT_EQ(first.share_records.size(), 1u);
  const auto* r1 = dynamic_cast<const DiracShareRecords*>(first.share_records[0].get());
  ASSERT_NE(r1, nullptr);
  ASSERT_EQ(r1->corrections.size(), 1u);
  for (const EntityCorrectionRecord& e : r1->corrections[0].entities) EXPECT_EQ(e.factor, 1);
  EXPECT_EQ(accountant.running_history().size(), 4u);  // two groups, one owner each
  std::map<std::string, int> ran;
  for (const CycleMatch& m : first.matches) ran[m.submitter] += 1;
  ASSERT_EQ(ran["alice@x"] + ran["bob@x"], 40);
  ASSERT_GT(ran["bob@x"], 0);

  // Cycle 2, ten minutes later, the matches running: the hour span holds
  // both cycles, each group's usage averages (0 + ran) / 2, normalised:
  // prod's ran / 40. Its factor is clamp(0.75 / (ran / 40), 1/3, 3).
  ASSERT_TRUE(ApplyMatches(first, testing_util::kCycleNow, pool.get()).ok());
  CycleResult second =
      testing_util::RunOneCycle(negotiator, *pool, accountant, testing_util::kCycleNow + 600);
  const auto* r2 = dynamic_cast<const DiracShareRecords*>(second.share_records[0].get());
  ASSERT_NE(r2, nullptr);
  ASSERT_EQ(r2->corrections.size(), 1u);
  const CorrectionRecord& c = r2->corrections[0];
  EXPECT_TRUE(c.applied) << c.why_not;
  const double prod = std::clamp(0.75 / (ran["alice@x"] / 40.0), 1.0 / 3, 3.0);
  const double user = std::clamp(0.25 / (ran["bob@x"] / 40.0), 1.0 / 3, 3.0);
  EXPECT_NEAR(c.FactorOf("prod"), prod, 1e-12);
  EXPECT_NEAR(c.FactorOf("user"), user, 1e-12);
  for (const TaskQueuePriorityRecord& p : r2->priorities.task_queues) {
    EXPECT_NEAR(p.group_correction, p.group == "prod" ? prod : user, 1e-12);
  }
  EXPECT_EQ(accountant.running_history().size(), 8u);
}

}  // namespace
}  // namespace negotiator::dirac
