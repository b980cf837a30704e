// The negotiation cycle (negotiator/cycle.h) on issue 15's acceptance
// scenarios without group quotas: shares by EUP (1), the rank-sorting
// example of the manual (4), concurrency limits (5), rank and priority
// preemption (6), nice users, floors and ceilings (7).
#include "negotiator/cycle.h"
#include "negotiator/cycle_output.h"

#include <gtest/gtest.h>

#include <cmath>

#include <algorithm>
#include <string>
#include <vector>

#include "negotiator/accountant/accountant.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::ClaimedSlotText;
using testing_util::JobText;
using testing_util::kCycleNow;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::MatchesBySubmitter;
using testing_util::RunOneCycle;
using testing_util::SlotText;

std::vector<std::string> Slots(int n, const std::string& extra = "") {
  std::vector<std::string> out;
  for (int i = 1; i <= n; ++i) out.push_back(SlotText("slot" + std::to_string(i) + "@m", extra));
  return out;
}

void AddJobs(std::vector<std::string>* jobs, const std::string& owner, int cluster, int n,
             const std::string& extra = "") {
  for (int p = 0; p < n; ++p) jobs->push_back(JobText(owner, cluster, p, extra));
}

constexpr char kBase[] = "UID_DOMAIN = x\nDEFAULT_PRIO_FACTOR = 1\n";

// ---- scenario 1: shares

TEST(CycleTest, SharesFollowEffectivePriorities) {
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 100);
  AddJobs(&jobs, "b", 2, 100);
  AddJobs(&jobs, "c", 3, 100);
  auto pool = MakePool(policy, Slots(70), jobs);
  Accountant accountant(policy);
  accountant.Initialize(kCycleNow);
  accountant.SetPriority("a@x", 5);
  accountant.SetPriority("b@x", 10);
  accountant.SetPriority("c@x", 20);
  Negotiator negotiator(policy);
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  EXPECT_EQ(MatchesBySubmitter(result),
            (std::map<std::string, int>{{"a@x", 40}, {"b@x", 20}, {"c@x", 10}}));
  EXPECT_EQ(result.preemptions, 0);
  EXPECT_DOUBLE_EQ(accountant.GetWeightedResourcesUsed("a@x"), 40);
}

TEST(CycleTest, TheSameSnapshotGivesTheSameResult) {
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 30);
  AddJobs(&jobs, "b", 2, 30);
  auto pool = MakePool(policy, Slots(25), jobs);
  std::vector<std::string> runs;
  for (int i = 0; i < 3; ++i) {
    Accountant accountant(policy);
    accountant.Initialize(kCycleNow);
    Negotiator negotiator(policy);
    CycleResult result = RunOneCycle(negotiator, *pool, accountant);
    std::string text;
    for (const CycleMatch& m : result.matches) text += m.job + ">" + m.slot + " ";
    runs.push_back(text);
  }
  EXPECT_EQ(runs[0], runs[1]);
  EXPECT_EQ(runs[1], runs[2]);
}

// ---- scenario 4: the manual's rank-sorting example

TEST(CycleTest, CandidatesSortByPreJobRankJobRankPostJobRank) {
  auto policy = MakePolicy(std::string(kBase) +
                           "NEGOTIATOR_PRE_JOB_RANK = MY.PreRank\n"
                           "NEGOTIATOR_POST_JOB_RANK = MY.PostRank\n");
  const int pre[] = {100, 100, 100, 0, 200};
  const int job_rank[] = {1, 2, 2, 1, 1};
  const int post[] = {10, 20, 30, 40, 50};
  std::vector<std::string> slots;
  for (int i = 0; i < 5; ++i) {
    slots.push_back(SlotText("slot" + std::to_string(i + 1) + "@m",
                             "PreRank = " + std::to_string(pre[i]) +
                                 "; PostRank = " + std::to_string(post[i]) +
                                 "; JobRankValue = " + std::to_string(job_rank[i])));
  }
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 3, "Rank = TARGET.JobRankValue");
  auto pool = MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(kCycleNow);
  Negotiator negotiator(policy);
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  ASSERT_EQ(result.matches.size(), 3u);
  EXPECT_EQ(result.matches[0].slot, "slot5@m");
  EXPECT_EQ(result.matches[1].slot, "slot3@m");
  EXPECT_EQ(result.matches[2].slot, "slot2@m");
}

// ---- scenario 5: concurrency limits

TEST(CycleTest, ANamedLimitLetsThatManyRun) {
  auto policy = MakePolicy(std::string(kBase) + "XSW_LIMIT = 3\n");
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 10, "ConcurrencyLimits = \"XSW\"");
  auto pool = MakePool(policy, Slots(20), jobs);
  Accountant accountant(policy);
  accountant.Initialize(kCycleNow);
  Negotiator negotiator(policy);
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  EXPECT_EQ(result.matches.size(), 3u);
  EXPECT_DOUBLE_EQ(accountant.LimitCount("xsw"), 3);
  ASSERT_FALSE(result.unmatched.empty());
  EXPECT_EQ(result.unmatched[0].reason, "concurrency limit xsw reached");
}

// HTCondor's ParseConcurrencyLimit keeps a NaN amount: the job's limit
// never binds (count + NaN > max is false), and once it is matched the
// count is NaN, so the limit binds for no job after it either.
TEST(CycleTest, ANaNLimitAmountNeverBinds) {
  auto policy = MakePolicy(std::string(kBase) + "XSW_LIMIT = 3\n");
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 1, "ConcurrencyLimits = \"XSW:nan\"");
  AddJobs(&jobs, "a", 2, 9, "ConcurrencyLimits = \"XSW\"");
  auto pool = MakePool(policy, Slots(20), jobs);
  Accountant accountant(policy);
  accountant.Initialize(kCycleNow);
  Negotiator negotiator(policy);
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  EXPECT_EQ(result.matches.size(), 10u);
  EXPECT_TRUE(std::isnan(accountant.LimitCount("xsw")));
}

TEST(CycleTest, RequestsAreRecordedAsTheCycleDecidedThem) {
  auto policy = MakePolicy(std::string(kBase) + "XSW_LIMIT = 3\n");
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 10, "ConcurrencyLimits = \"XSW\"");
  AddJobs(&jobs, "b", 2, 4);
  auto pool = MakePool(policy, Slots(10), jobs);
  auto run = [&](bool record) {
    Accountant accountant(policy);
    accountant.Initialize(kCycleNow);
    Negotiator negotiator(policy, NegotiatorOptions{.record_requests = record});
    return RunOneCycle(negotiator, *pool, accountant);
  };
  const CycleResult plain = run(false);
  const CycleResult recorded = run(true);
  EXPECT_TRUE(plain.requests.empty());
  // Recording changes nothing decided.
  ASSERT_EQ(plain.matches.size(), recorded.matches.size());
  for (size_t i = 0; i < plain.matches.size(); ++i) {
    EXPECT_EQ(plain.matches[i].job, recorded.matches[i].job);
    EXPECT_EQ(plain.matches[i].slot, recorded.matches[i].slot);
  }
  // Every match is a matched request, in order; the limit's refusal is there.
  std::vector<std::string> matched;
  int refused = 0;
  for (const RequestRecord& q : recorded.requests) {
    if (q.matched) {
      matched.push_back(q.job_name + " " + q.slot_name);
      EXPECT_EQ(q.preemption, PreemptState::kNone);
    } else {
      ++refused;
      EXPECT_EQ(q.submitter, "a@x");
      EXPECT_EQ(q.refusal, "concurrency limit xsw reached");
    }
    EXPECT_EQ(q.group, "<none>");
    EXPECT_GE(q.spin, 1);
  }
  std::vector<std::string> made;
  for (const CycleMatch& m : recorded.matches) made.push_back(m.job + " " + m.slot);
  EXPECT_EQ(matched, made);
  EXPECT_GE(refused, 1);
  // The JSON document has them only when recorded.
  EXPECT_EQ(FormatCycleJson(plain).find("\"requests\""), std::string::npos);
  EXPECT_NE(FormatCycleJson(recorded).find("\"concurrency limit xsw reached\""),
            std::string::npos)
      << FormatCycleJson(recorded);
  EXPECT_EQ(recorded.matches.size(), 7u);  // a: 3 (its limit), b: all 4
}

TEST(CycleTest, SetDefaultsAmountsAndLimitsCountedOnTheMatchedSlot) {
  auto policy = MakePolicy(std::string(kBase) +
                           "CONCURRENCY_LIMIT_DEFAULT = 4\n"
                           "CONCURRENCY_LIMIT_DEFAULT_LARGE = 100\n"
                           "CONCURRENCY_LIMIT_DEFAULT_SMALL = 2\n"
                           "FILESERVER_LIMIT = 10\n"
                           "SWX_LIMIT = 1000\n"
                           "NET_A_LIMIT = 2\n");
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 120, "ConcurrencyLimits = \"LARGE.SWLICENSE\"");
  AddJobs(&jobs, "b", 2, 10, "ConcurrencyLimits = \"OTHER.LICENSE\"");
  AddJobs(&jobs, "c", 3, 10, "ConcurrencyLimits = \"SMALL.LICENSE\"");
  AddJobs(&jobs, "d", 4, 10, "ConcurrencyLimits = \"FILESERVER:3\"");
  // The expression form: counted against the slot it matches.
  AddJobs(&jobs, "e", 5, 10, "ConcurrencyLimits = strcat(\"SWX:2 \", TARGET.NETWORK)");
  std::vector<std::string> slots = Slots(300, "NETWORK = \"net_a\"");
  auto pool = MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(kCycleNow);
  Negotiator negotiator(policy);
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  EXPECT_EQ(
      MatchesBySubmitter(result),
      (std::map<std::string, int>{{"a@x", 100}, {"b@x", 4}, {"c@x", 2}, {"d@x", 3}, {"e@x", 2}}));
  EXPECT_DOUBLE_EQ(accountant.LimitCount("fileserver"), 9);
  EXPECT_DOUBLE_EQ(accountant.LimitCount("swx"), 4);
  EXPECT_DOUBLE_EQ(accountant.LimitCount("net_a"), 2);
  for (const CycleMatch& m : result.matches) {
    if (m.submitter == "e@x") {
      EXPECT_EQ(m.concurrency_limits, "swx:2 net_a");
    }
  }
}

// ---- scenario 6: preemption

// The second rank is a boolean: HTCondor reads a rank with EvalFloat, where
// a boolean is a number (1 or 0), so `RANK = TARGET.Owner == "alice"`, the
// startd's common idiom, ranks alice's jobs above others too.
TEST(CycleTest, RankPreemptionIgnoresPriorities) {
  for (const char* rank : {"(TARGET.Owner == \"alice\") * 10", "TARGET.Owner == \"alice\""}) {
    auto policy = MakePolicy(std::string(kBase) + "PREEMPTION_REQUIREMENTS = False\n");
    std::vector<std::string> slots = {
        ClaimedSlotText("slot1@m", "b@x", "9.0", std::string("Rank = ") + rank)};
    std::vector<std::string> jobs;
    AddJobs(&jobs, "alice", 1, 1);
    jobs.push_back(JobText("b", 9, 0, "JobStatus = 2"));
    auto pool = MakePool(policy, slots, jobs);
    Accountant accountant(policy);
    accountant.Initialize(kCycleNow);
    accountant.SetPriority("alice@x", 1000);  // a much worse priority
    Negotiator negotiator(policy);
    CycleResult result = RunOneCycle(negotiator, *pool, accountant);
    ASSERT_EQ(result.matches.size(), 1u) << rank;
    EXPECT_EQ(result.matches[0].reason, PreemptState::kRank) << rank;
    EXPECT_EQ(result.matches[0].preempted_user, "b@x");
    EXPECT_EQ(result.matches[0].preempted_job, "9.0");
    EXPECT_EQ(result.preemptions, 1);
  }
}

// One cycle of a pool of `slots` and `jobs` with a fresh accountant, the
// matchmaker's shortcuts on or off.
CycleResult RunFreshCycle(std::shared_ptr<const policy::Policy> policy,
                          const std::vector<std::string>& slots,
                          const std::vector<std::string>& jobs, bool shortcuts) {
  auto pool = MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(kCycleNow);
  NegotiatorOptions options;
  options.shortcuts = shortcuts;
  Negotiator negotiator(policy, options);
  return RunOneCycle(negotiator, *pool, accountant);
}

// A job with an attribute named `target`: in its own expressions
// `TARGET.Memory` is that attribute's Memory, not the slot's (as HTCondor's
// library evaluates it, and as policy_explain shows). The job beside it
// without one matches; it does not, however the matchmaker groups them.
TEST(CycleTest, AJobsOwnTargetAttributeIsWhatTargetReadsInIt) {
  for (bool shortcuts : {true, false}) {
    auto policy = MakePolicy(kBase);
    std::vector<std::string> slots = {SlotText("slot1@m", "Memory = 2048"),
                                      SlotText("slot2@m", "Memory = 2048")};
    std::vector<std::string> jobs = {
        JobText("a", 1, 0, "Requirements = TARGET.Memory >= 1024"),
        JobText("a", 2, 0, "Requirements = TARGET.Memory >= 1024; target = [ Memory = 1 ]")};
    CycleResult result = RunFreshCycle(policy, slots, jobs, shortcuts);
    ASSERT_EQ(result.matches.size(), 1u) << "shortcuts " << shortcuts;
    EXPECT_EQ(result.matches[0].job, "1.0") << "shortcuts " << shortcuts;
  }
}

// The same with the ads written out whole, as a fuzz input gives them
// (before the fix the second job was matched here with the matchmaker's
// shortcuts on and, when all three parts of the fix were left out, off).
TEST(CycleTest, AJobsOwnTargetAttributeKeepsItOutOfItsNeighboursMatchClass) {
  const std::string slot =
      "StartdIpAddr = \"<10.0.0.1:9618>\"; State = \"Unclaimed\"; Activity = \"Idle\"; "
      "Cpus = 1; Memory = 2048; SlotWeight = Cpus; Requirements = true; Rank = 0.0; "
      "CurrentRank = 0.0";
  const std::string job =
      "Owner = \"a\"; ProcId = 0; JobStatus = 1; RequestCpus = 1; RequestMemory = 1024; "
      "Requirements = TARGET.Memory >= 1024";
  for (bool shortcuts : {true, false}) {
    CycleResult result = RunFreshCycle(
        MakePolicy(kBase),
        {"[ Name = \"slot1@m\"; " + slot + " ]", "[ Name = \"slot2@m\"; " + slot + " ]"},
        {"[ ClusterId = 1; " + job + " ]",
         "[ ClusterId = 2; " + job + "; target = [ Memory = 1 ] ]"},
        shortcuts);
    ASSERT_EQ(result.matches.size(), 1u) << "shortcuts " << shortcuts;
    EXPECT_EQ(result.matches[0].job, "1.0") << "shortcuts " << shortcuts;
  }
}

// Two slots whose Requirements read alike (`START`) but whose START reads
// different job attributes: both attributes tell the jobs apart for
// matching, so a job only the second slot takes is matched there, however
// the jobs are grouped.
TEST(CycleTest, SlotsWhoseRequirementsReadAlikeButFollowApart) {
  for (bool shortcuts : {true, false}) {
    auto policy = MakePolicy(kBase);
    std::vector<std::string> slots = {
        SlotText("slot1@m", "Requirements = START; START = TARGET.A > 1"),
        SlotText("slot2@m", "Requirements = START; START = TARGET.B > 1")};
    std::vector<std::string> jobs = {JobText("a", 1, 0, "A = 0; B = 0"),
                                     JobText("a", 1, 1, "A = 0; B = 5")};
    CycleResult result = RunFreshCycle(policy, slots, jobs, shortcuts);
    ASSERT_EQ(result.matches.size(), 1u) << "shortcuts " << shortcuts;
    EXPECT_EQ(result.matches[0].job, "1.1");
    EXPECT_EQ(result.matches[0].slot, "slot2@m");
  }
}

// `other.x` in a slot's Requirements reads the job's x through HTCondor's
// match wrapper: jobs that differ in x are told apart when matching (one
// match class each), and the slot's `LEFT` is the job when its
// Requirements are matched.
TEST(CycleTest, SlotsReadingTheJobThroughTheMatchWrapper) {
  for (bool shortcuts : {true, false}) {
    auto policy = MakePolicy(kBase);
    std::vector<std::string> slots = {
        SlotText("slot1@m", "Requirements = other.A > 1 && LEFT.B > 1")};
    std::vector<std::string> jobs = {JobText("a", 1, 0, "A = 0; B = 5"),
                                     JobText("a", 1, 1, "A = 5; B = 5")};
    CycleResult result = RunFreshCycle(policy, slots, jobs, shortcuts);
    ASSERT_EQ(result.matches.size(), 1u) << "shortcuts " << shortcuts;
    EXPECT_EQ(result.matches[0].job, "1.1");
  }
}

// Every expression the cycle evaluates reads the cycle's time, never the
// wall clock: CurrentTime and time() in both Requirements, the ranks,
// PREEMPTION_REQUIREMENTS and the pool-size constraint are the `now` the
// cycle was run at (a simulator steps time by argument).
TEST(CycleTest, ExpressionsReadTheCyclesTimeNotTheWallClock) {
  const std::string soon = std::to_string(kCycleNow + 100);
  for (bool shortcuts : {true, false}) {
    auto policy = MakePolicy(std::string(kBase) + "PREEMPTION_REQUIREMENTS = time() < " + soon +
                             "\nNEGOTIATOR_PRE_JOB_RANK = CurrentTime < " + soon +
                             "\nNEGOTIATOR_SLOT_POOLSIZE_CONSTRAINT = CurrentTime < " + soon + "\n");
    std::vector<std::string> slots = {
        SlotText("slot1@m", "Requirements = CurrentTime < " + soon),
        SlotText("slot2@m", "Requirements = time() < " + soon + "; Rank = CurrentTime < " + soon)};
    std::vector<std::string> jobs = {
        JobText("a", 1, 0, "Requirements = CurrentTime < " + soon + " && time() < " + soon),
        JobText("a", 1, 1, "Requirements = CurrentTime < " + soon)};
    CycleResult result = RunFreshCycle(policy, slots, jobs, shortcuts);
    EXPECT_EQ(result.matches.size(), 2u) << "shortcuts " << shortcuts;
    EXPECT_EQ(result.pool_size, 2.0);
  }
}

// The cycle says which HTCondor quirks its evaluations went through (on
// every thread, through the tables or pair by pair), and names none when
// none was taken.
TEST(CycleTest, QuirksTheDecisionsWentThroughAreReported) {
  for (bool shortcuts : {true, false}) {
    auto policy = MakePolicy(std::string(kBase) + "NEGOTIATOR_PRE_JOB_RANK = pow(3, 38) > 0\n");
    std::vector<std::string> slots = {
        SlotText("slot1@m", "Requirements = sum({ 1, TARGET.NoSuch }) == 1"),
        SlotText("slot2@m", "Requirements = true")};
    std::vector<std::string> jobs = {JobText("a", 1, 0, "")};
    CycleResult result = RunFreshCycle(policy, slots, jobs, shortcuts);
    EXPECT_EQ(result.quirks,
              (std::vector<classad::Quirk>{classad::Quirk::kListAggregate,
                                           classad::Quirk::kIntegerPow}))
        << "shortcuts " << shortcuts;
    EXPECT_NE(FormatCycleText(result).find("htcondor-quirk-list-aggregate"), std::string::npos);
    EXPECT_NE(FormatCycleJson(result).find("\"htcondor_quirks\""), std::string::npos);
    CycleResult plain = RunFreshCycle(MakePolicy(kBase), {SlotText("slot1@m", "")},
                                      jobs, shortcuts);
    EXPECT_TRUE(plain.quirks.empty());
    EXPECT_EQ(FormatCycleJson(plain).find("htcondor_quirks"), std::string::npos);
  }
}

// A boolean job Rank or NEGOTIATOR_PRE/POST_JOB_RANK orders the candidates
// as 1 or 0, with the matchmaker's shortcuts and without.
TEST(CycleTest, BooleanJobAndPolicyRanksCountAsOneOrZero) {
  for (const char* config : {"", "NEGOTIATOR_PRE_JOB_RANK = MY.Fast\n",
                             "NEGOTIATOR_POST_JOB_RANK = MY.Fast\n"}) {
    for (bool shortcuts : {true, false}) {
      auto policy = MakePolicy(std::string(kBase) + config);
      std::vector<std::string> slots = {SlotText("slot1@m", "Fast = false"),
                                        SlotText("slot2@m", "Fast = true"),
                                        SlotText("slot3@m", "Fast = false")};
      std::vector<std::string> jobs;
      AddJobs(&jobs, "a", 1, 1, *config == '\0' ? "Rank = TARGET.Fast" : "");
      CycleResult result = RunFreshCycle(policy, slots, jobs, shortcuts);
      ASSERT_EQ(result.matches.size(), 1u) << config;
      EXPECT_EQ(result.matches[0].slot, "slot2@m") << config << " shortcuts " << shortcuts;
    }
  }
}

// Two slots claimed by hog@x (priority 100), two idle jobs of a@x, one
// cycle under PREEMPTION_REQUIREMENTS = `requirements`; `hog_jobs` adds
// hog's running jobs to the queue.
CycleResult RunAgainstHog(const std::string& requirements, bool hog_jobs = false) {
  auto policy = MakePolicy(std::string(kBase) + "PREEMPTION_REQUIREMENTS = " + requirements + "\n");
  std::vector<std::string> slots = {ClaimedSlotText("slot1@m", "hog@x", "9.0"),
                                    ClaimedSlotText("slot2@m", "hog@x", "9.1")};
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 2);
  if (hog_jobs) {
    jobs.push_back(JobText("hog", 9, 0, "JobStatus = 2"));
    jobs.push_back(JobText("hog", 9, 1, "JobStatus = 2"));
  }
  auto pool = MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(kCycleNow);
  accountant.SetPriority("hog@x", 100);
  Negotiator negotiator(policy);
  return RunOneCycle(negotiator, *pool, accountant);
}

TEST(CycleTest, PriorityPreemptionOnlyWherePreemptionRequirementsAllowIt) {
  for (const std::string& requirements :
       {std::string("False"), std::string("True"), std::string("MY.Name == \"slot2@m\"")}) {
    CycleResult result = RunAgainstHog(requirements, /*hog_jobs=*/true);
    if (requirements == "False") {
      EXPECT_TRUE(result.matches.empty());
      ASSERT_FALSE(result.unmatched.empty());
      EXPECT_EQ(result.unmatched[0].reason, "PREEMPTION_REQUIREMENTS == False");
    } else if (requirements == "True") {
      EXPECT_EQ(result.matches.size(), 2u);
      for (const CycleMatch& m : result.matches) EXPECT_EQ(m.reason, PreemptState::kPriority);
    } else {
      ASSERT_EQ(result.matches.size(), 1u);
      EXPECT_EQ(result.matches[0].slot, "slot2@m");
    }
  }
}

TEST(CycleTest, ClausesThatReadOnlyTheRequestDecideOncePerRequest) {
  // The first clause reads only the request's Submitter* attributes: when
  // it is false no slot may be preempted, when true the slot clause
  // decides, exactly as evaluating the whole expression per slot would.
  for (const bool request_side_true : {false, true}) {
    CycleResult result = RunAgainstHog(std::string("(SubmitterUserPrio ") +
                                       (request_side_true ? "<" : ">") +
                                       " 1e9) && (MY.Name == \"slot2@m\")");
    if (request_side_true) {
      ASSERT_EQ(result.matches.size(), 1u);
      EXPECT_EQ(result.matches[0].slot, "slot2@m");
    } else {
      EXPECT_TRUE(result.matches.empty());
      ASSERT_FALSE(result.unmatched.empty());
      EXPECT_EQ(result.unmatched[0].reason, "PREEMPTION_REQUIREMENTS == False");
    }
  }
}

TEST(CycleTest, PreemptionRequirementsClauseByClauseAsTheWhole) {
  // Clauses that read only the slot are kept per slot, the request's per
  // request, the rest per pair; numbers are conditions inside `&&`, but a
  // whole expression must be true itself (HTCondor's IsBooleanValue).
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"1 && (MY.Name == \"slot2@m\") && (RemoteUserPrio > SubmitterUserPrio)", {"slot2@m"}},
      {"2.5 && MY.Name =!= \"slot2@m\"", {"slot1@m"}},
      {"(MY.Name == \"slot2@m\") && (RemoteUserPrio < SubmitterUserPrio)", {}},
      {"1", {}},
      {"MY.Name =!= \"slot1@m\" && 0", {}},
      {"TARGET.Owner == \"a\" && MY.Name =!= \"slot1@m\" && true", {"slot2@m"}}};
  for (const auto& [requirements, expected] : cases) {
    CycleResult result = RunAgainstHog(requirements);
    std::vector<std::string> preempted;
    for (const CycleMatch& m : result.matches) preempted.push_back(m.slot);
    std::sort(preempted.begin(), preempted.end());
    EXPECT_EQ(preempted, expected) << requirements;
  }
}

// ---- scenario 7: nice users, floors, ceilings

TEST(CycleTest, NiceUsersGetOnlyWhatNobodyElseWants) {
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 6);
  AddJobs(&jobs, "bob", 2, 10, "NiceUser = true");
  auto pool = MakePool(policy, Slots(10), jobs);
  Accountant accountant(policy);
  accountant.Initialize(kCycleNow);
  Negotiator negotiator(policy);
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  EXPECT_EQ(MatchesBySubmitter(result),
            (std::map<std::string, int>{{"a@x", 6}, {"nice-user.bob@x", 4}}));
}

TEST(CycleTest, AFloorIsServedFirstAndACeilingCaps) {
  auto policy = MakePolicy(kBase);
  std::vector<std::string> jobs;
  AddJobs(&jobs, "a", 1, 20);
  AddJobs(&jobs, "b", 2, 20);
  AddJobs(&jobs, "c", 3, 20);
  // a's floor round gives it 8 of 16; in the normal round its share (16/3)
  // is below its usage, b takes its share rounded up by one match, c stops
  // at its ceiling, and the slot left goes to b in a later spin.
  auto pool = MakePool(policy, Slots(16), jobs);
  Accountant accountant(policy);
  accountant.Initialize(kCycleNow);
  accountant.SetFloor("a@x", 8);
  accountant.SetCeiling("c@x", 1);
  Negotiator negotiator(policy);
  CycleResult result = RunOneCycle(negotiator, *pool, accountant);
  EXPECT_EQ(MatchesBySubmitter(result),
            (std::map<std::string, int>{{"a@x", 8}, {"b@x", 7}, {"c@x", 1}}));
}

// ---- the accountant's rules by HTCondor release

// z runs on three slots; u, v and w (one idle job each) negotiate in turn,
// and PREEMPTION_REQUIREMENTS lets a slot go while its user uses more than
// one. Before 25.10 each preemption uncharges z at once (AddMatch removes
// the match it replaces): after two, z uses 1 and the third is refused.
// From 25.10 z keeps its usage until the next cycle: all three go.
TEST(CycleTest, APreemptedUsersUsageFollowsTheHTCondorRelease) {
  const std::string config = std::string(kBase) +
                             "PREEMPTION_REQUIREMENTS = RemoteUserResourcesInUse > 1\n";
  std::vector<std::string> slots;
  for (int i = 1; i <= 3; ++i) {
    slots.push_back(ClaimedSlotText("slot" + std::to_string(i) + "@m", "z@x",
                                    "900." + std::to_string(i)));
  }
  std::vector<std::string> jobs;
  AddJobs(&jobs, "u", 1, 1);
  AddJobs(&jobs, "v", 2, 1);
  AddJobs(&jobs, "w", 3, 1);
  struct Release {
    policy::AccountantRules rules;
    int preemptions;
    double z_usage_after;  // z's weighted usage when the cycle ends
  };
  for (const Release& release : {Release{policy::AccountantRules::kBefore25_10, 2, 1},
                                 Release{policy::AccountantRules::kSince25_10, 3, 3}}) {
    const policy::AccountantRules rules = release.rules;
    policy::PolicyOptions options;
    options.accountant_rules = rules;
    auto policy = MakePolicy(config, options);
    auto pool = MakePool(policy, slots, jobs);
    Accountant accountant(policy);
    accountant.Initialize(kCycleNow);
    accountant.SetPriority("z@x", 100);
    Negotiator negotiator(policy);
    CycleResult result = RunOneCycle(negotiator, *pool, accountant);
    EXPECT_EQ(result.preemptions, release.preemptions) << static_cast<int>(rules);
    EXPECT_DOUBLE_EQ(accountant.GetWeightedResourcesUsed("z@x"), release.z_usage_after)
        << static_cast<int>(rules);
  }
}

}  // namespace
}  // namespace negotiator
