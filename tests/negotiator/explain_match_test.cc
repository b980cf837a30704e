// The match explainer (negotiator/explain/match_explainer.h): the verdict and
// its reasons, ranks, concurrency limits, the kinds of preemption and
// PREEMPTION_REQUIREMENTS, and the ephemeral attributes bound from the
// bindings (reference §3.5–3.8).
#include <cfloat>
#include <string>

#include <gtest/gtest.h>

#include "classad/unparse.h"
#include "policy/config_reader.h"
#include "negotiator/explain/match_explainer.h"
#include "negotiator/explain/report.h"
#include "negotiator/matching/slot_trim.h"
#include "policy/ephemeral.h"
#include "policy/policy.h"
#include "tests/test_ads.h"

namespace negotiator::explain {

using policy::Config;
using policy::ConfigOptions;
using policy::Policy;
using policy::ReadConfigText;
namespace {

using classad::TestAd;

Policy Build(const std::string& text) {
  ConfigOptions options;
  options.getenv = [](std::string_view) { return std::optional<std::string>(); };
  options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  classad::Result<Config> config = ReadConfigText(text, "explain.config", options);
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  classad::Result<Policy> policy =
      Policy::Build(config.ok() ? *config : *ReadConfigText("", "empty", options));
  EXPECT_TRUE(policy.ok()) << policy.status().ToString();
  return std::move(policy).value();
}

// The value bound for ephemeral attribute `name`, "absent" when not bound,
// with " (default)" when defaulted.
std::string BoundValue(const MatchExplanation& m, const std::string& name) {
  for (const BoundAttribute& b : m.bound) {
    if (b.name == name) return FormatValue(b.value) + (b.defaulted ? " (default)" : "");
  }
  return "absent";
}

class MatchExplainerTest : public ::testing::Test {
 protected:
  MatchExplanation Explain(const Policy& policy, const classad::ClassAd& slot,
                           const classad::ClassAd& job, const std::string& submitter = "alice@site") {
    MatchInput input;
    input.submitter = submitter;
    input.bindings = bindings_;
    input.eval.now = [] { return int64_t{1732007200}; };
    classad::Result<MatchExplanation> m = ExplainMatch(policy, slot, job, input);
    EXPECT_TRUE(m.ok()) << m.status().ToString();
    return m.ok() ? std::move(m).value() : MatchExplanation{};
  }

  EphemeralBindings bindings_;
  classad::EvalOptions eval_;  // for trimming's slot constraint
  std::shared_ptr<classad::ClassAd> job_ = TestAd(
      "[ Owner = \"alice\"; ClusterId = 7; ProcId = 0; RequestCpus = 2; RequestMemory = 4096;"
      "  Requirements = (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus);"
      "  Rank = TARGET.KFlops / 1000 ]");
  std::shared_ptr<classad::ClassAd> idle_ = TestAd(
      "[ Name = \"slot1@a\"; State = \"Unclaimed\"; Cpus = 4; Memory = 8192; KFlops = 2000000;"
      "  Start = TARGET.RequestMemory <= Memory; Requirements = START; Rank = 0 ]");
  std::shared_ptr<classad::ClassAd> small_ = TestAd(
      "[ Name = \"slot1@b\"; State = \"Unclaimed\"; Cpus = 4; Memory = 2048; KFlops = 1;"
      "  Start = (TARGET.RequestMemory <= Memory) && (TARGET.RequestCpus <= Cpus);"
      "  Requirements = START; Rank = 0 ]");
  std::shared_ptr<classad::ClassAd> claimed_ = TestAd(
      "[ Name = \"slot1@c\"; State = \"Claimed\"; Cpus = 4; Memory = 8192; KFlops = 2000000;"
      "  RemoteUser = \"bob@site\"; EnteredCurrentState = 1732000000;"
      "  Requirements = true; Rank = TARGET.Owner == \"alice\" ? 1 : 0; CurrentRank = 0 ]");
};

TEST_F(MatchExplainerTest, AnUnclaimedSlotThatFits) {
  const Policy policy = Build("");
  MatchExplanation m = Explain(policy, *idle_, *job_);
  EXPECT_TRUE(m.matches);
  EXPECT_TRUE(m.reasons.empty());
  EXPECT_TRUE(m.requirements_match);
  EXPECT_EQ(m.preemption.kind, ClaimKind::kUnclaimed);
  EXPECT_FALSE(m.preemption.claimed);
  EXPECT_EQ(m.job_rank.rank, 2000);
  // NEGOTIATOR_PRE_JOB_RANK by default: 10000000 * 0 + 1000000 * 1 - 100000 * 4 - 8192.
  EXPECT_TRUE(m.pre_job_rank.set);
  EXPECT_EQ(m.pre_job_rank.rank, 1000000 - 400000 - 8192);
  // The default post-job rank reads SlotID, which this slot lacks.
  EXPECT_EQ(FormatValue(m.post_job_rank.clause.value), "undefined");
  EXPECT_EQ(m.post_job_rank.rank, -DBL_MAX);
}

TEST_F(MatchExplainerTest, ARejectingSlotSaysWhichClauseOfStart) {
  const Policy policy = Build("");
  MatchExplanation m = Explain(policy, *small_, *job_);
  EXPECT_FALSE(m.matches);
  ASSERT_EQ(m.reasons.size(), 2u);
  EXPECT_EQ(m.reasons[0], "the job's Requirements are false");
  EXPECT_EQ(m.reasons[1], "the slot's Requirements are false");
  EXPECT_EQ(m.slot_requirements.defined_as, "START");
  ASSERT_EQ(m.slot_requirements.definition.size(), 1u);
  const Clause& start = m.slot_requirements.definition[0];
  ASSERT_EQ(start.clauses.size(), 2u);
  EXPECT_TRUE(start.clauses[0].decided);
  EXPECT_EQ(start.clauses[0].comparison->ToString(),
            "TARGET.RequestMemory = 4096 > Memory = 2048");
  EXPECT_EQ(m.job_requirements.clauses[0].comparison->ToString(),
            "TARGET.Memory = 2048 < RequestMemory = 4096");
}

TEST_F(MatchExplainerTest, MissingRequirementsNeverMatch) {
  const Policy policy = Build("");
  auto bare = TestAd("[ Name = \"slot9@z\"; Cpus = 4; Memory = 8192 ]");
  MatchExplanation m = Explain(policy, *bare, *job_);
  EXPECT_FALSE(m.matches);
  ASSERT_EQ(m.reasons.size(), 1u);
  EXPECT_EQ(m.reasons[0], "the slot has no Requirements");
  EXPECT_EQ(m.slot_requirements.text, "");
}

TEST_F(MatchExplainerTest, RankPreemptionIgnoresPreemptionRequirements) {
  const Policy policy = Build("PREEMPTION_REQUIREMENTS = False\n");
  MatchExplanation m = Explain(policy, *claimed_, *job_);
  EXPECT_TRUE(m.matches) << m.reasons[0];
  EXPECT_EQ(m.preemption.kind, ClaimKind::kRank);
  EXPECT_TRUE(m.preemption.rank_preempts);
  EXPECT_EQ(m.preemption.remote_user, "bob@site");
  EXPECT_FALSE(m.preemption.requirements_allow);  // explained, but does not count
}

TEST_F(MatchExplainerTest, PriorityPreemptionNeedsPreemptionRequirements) {
  const Policy policy = Build(
      "PREEMPTION_REQUIREMENTS = (time() - EnteredCurrentState > 3600) && "
      "(RemoteUserPrio > TARGET.SubmitterUserPrio * 1.2)\n");
  auto carol = TestAd("[ Owner = \"carol\"; RequestCpus = 1; RequestMemory = 1;"
                      "  Requirements = true ]");
  bindings_.remote_user_prio = 1000;
  bindings_.submitter_user_prio = 500;
  MatchExplanation m = Explain(policy, *claimed_, *carol, "carol@site");
  EXPECT_EQ(m.preemption.kind, ClaimKind::kPriority);
  EXPECT_TRUE(m.matches);
  EXPECT_TRUE(m.preemption.requirements_allow);

  bindings_.remote_user_prio = 550;
  m = Explain(policy, *claimed_, *carol, "carol@site");
  EXPECT_FALSE(m.matches);
  ASSERT_EQ(m.reasons.size(), 1u);
  EXPECT_EQ(m.reasons[0], "PREEMPTION_REQUIREMENTS is false: the claim of bob@site may not be "
                          "preempted");
  const Clause& pr = m.preemption.requirements;
  ASSERT_EQ(pr.clauses.size(), 2u);
  EXPECT_FALSE(pr.clauses[0].decided);
  EXPECT_TRUE(pr.clauses[1].decided);
  EXPECT_EQ(pr.clauses[1].comparison->ToString(),
            "RemoteUserPrio = 550.0 < TARGET.SubmitterUserPrio * 1.2 = 600.0");
  EXPECT_EQ(pr.clauses[0].comparison->ToString(),
            "time() - EnteredCurrentState = 7200 > 3600");
}

TEST_F(MatchExplainerTest, TheDefaultPreemptionRequirementsNeverPreemptForPriority) {
  const Policy policy = Build("");
  auto carol = TestAd("[ Owner = \"carol\"; Requirements = true ]");
  MatchExplanation m = Explain(policy, *claimed_, *carol, "carol@site");
  EXPECT_EQ(m.preemption.kind, ClaimKind::kPriority);
  EXPECT_FALSE(m.matches);
  EXPECT_EQ(FormatValue(m.preemption.requirements.value), "false");
}

TEST_F(MatchExplainerTest, AnEmptyPreemptionRequirementsPreemptsFreely) {
  const Policy policy = Build("PREEMPTION_REQUIREMENTS =\n");
  auto carol = TestAd("[ Owner = \"carol\"; Requirements = true ]");
  MatchExplanation m = Explain(policy, *claimed_, *carol, "carol@site");
  EXPECT_FALSE(m.preemption.requirements_set);
  EXPECT_TRUE(m.preemption.requirements_allow);
  EXPECT_TRUE(m.matches);
}

TEST_F(MatchExplainerTest, PriorityPreemptionNeedsTheSlotsRankAtLeastCurrentRank) {
  const Policy policy = Build("PREEMPTION_REQUIREMENTS = True\n");
  auto slot = TestAd("[ Name = \"s\"; RemoteUser = \"bob@site\"; Requirements = true;"
                     "  Rank = 1; CurrentRank = 5 ]");
  auto carol = TestAd("[ Owner = \"carol\"; Requirements = true ]");
  MatchExplanation m = Explain(policy, *slot, *carol, "carol@site");
  EXPECT_EQ(m.preemption.kind, ClaimKind::kPriority);
  EXPECT_FALSE(m.preemption.rank_at_least);
  ASSERT_EQ(m.reasons.size(), 1u);
  EXPECT_EQ(m.reasons[0], "the slot ranks the job below its running job (Rank = 1, "
                          "CurrentRank = 5)");
  // A PreemptingRank takes CurrentRank's place.
  auto preempting = TestAd("[ Name = \"s\"; RemoteUser = \"bob@site\"; Requirements = true;"
                           "  Rank = 1; CurrentRank = 0; PreemptingRank = 3 ]");
  m = Explain(policy, *preempting, *carol, "carol@site");
  EXPECT_EQ(FormatValue(m.preemption.current_rank), "3.0");
  EXPECT_FALSE(m.matches);
}

TEST_F(MatchExplainerTest, TheSubmittersOwnClaim) {
  const Policy policy = Build("PREEMPTION_REQUIREMENTS = True\n");
  auto mine = TestAd("[ Name = \"s\"; RemoteUser = \"alice@site\"; Requirements = true;"
                     "  Memory = 8192; Cpus = 4; Rank = 0; CurrentRank = 0 ]");
  MatchExplanation m = Explain(policy, *mine, *job_);
  EXPECT_EQ(m.preemption.kind, ClaimKind::kOwnClaim);
  EXPECT_FALSE(m.matches);
  ASSERT_EQ(m.reasons.size(), 1u);
  EXPECT_EQ(m.reasons[0], "the slot is claimed by the submitter itself and its Rank (0) is not "
                          "above its CurrentRank (0)");
}

TEST_F(MatchExplainerTest, SlotsTheNegotiatorLeavesOut) {
  const Policy off = Build("NEGOTIATOR_CONSIDER_PREEMPTION = False\n");
  MatchExplanation m = Explain(off, *claimed_, *job_);
  EXPECT_TRUE(m.slot_trimmed);
  EXPECT_EQ(m.preemption.kind, ClaimKind::kNotConsidered);
  ASSERT_FALSE(m.reasons.empty());
  EXPECT_EQ(m.reasons[0], "the slot is Claimed and NEGOTIATOR_CONSIDER_PREEMPTION is false: "
                          "claimed slots are left out");
  EXPECT_EQ(BoundValue(m, "RemoteUserPrio"), "absent");
  EXPECT_EQ(TrimBeforeMatching(off, *claimed_, &eval_), SlotTrim::kClaimedWithoutPreemption);
  auto pslot = TestAd("[ State = \"Claimed\"; PartitionableSlot = true ]");
  EXPECT_EQ(TrimBeforeMatching(off, *pslot, &eval_), SlotTrim::kKept);

  const Policy constrained = Build("NEGOTIATOR_SLOT_CONSTRAINT = IsProduction =!= False\n");
  auto test_slot = TestAd("[ Name = \"t\"; IsProduction = false; Requirements = true ]");
  m = Explain(constrained, *test_slot, *job_);
  EXPECT_TRUE(m.slot_trimmed);
  ASSERT_TRUE(m.slot_constraint.has_value());
  EXPECT_EQ(m.slot_constraint->comparison->ToString(), "IsProduction = false =?= false");
  EXPECT_EQ(m.reasons[0], "NEGOTIATOR_SLOT_CONSTRAINT is false for the slot: the negotiator "
                          "never considers it");
  EXPECT_EQ(TrimBeforeMatching(constrained, *test_slot, &eval_), SlotTrim::kSlotConstraint);
  // A caller that evaluates the constraint itself passes no options.
  EXPECT_EQ(TrimBeforeMatching(constrained, *test_slot, nullptr), SlotTrim::kKept);

  const Policy plain = Build("");
  auto retiring = TestAd("[ Name = \"r\"; RemoteUser = \"bob@site\"; Requirements = true;"
                         "  RetirementTimeRemaining = 600 ]");
  EXPECT_EQ(TrimBeforeMatching(plain, *retiring, &eval_), SlotTrim::kRetiring);
  const Policy early = Build("NEGOTIATOR_CONSIDER_EARLY_PREEMPTION = True\n");
  EXPECT_EQ(TrimBeforeMatching(early, *retiring, &eval_), SlotTrim::kKept);

  const Policy jobs = Build("NEGOTIATOR_JOB_CONSTRAINT = RequestCpus < 2\n");
  m = Explain(jobs, *idle_, *job_);
  EXPECT_FALSE(m.matches);
  EXPECT_EQ(m.reasons[0], "NEGOTIATOR_JOB_CONSTRAINT is false for the job: the negotiator never "
                          "considers it");
}

TEST_F(MatchExplainerTest, EphemeralAttributesAreBoundFromTheBindings) {
  // Without group quotas: no group attributes, priorities from the default factor.
  const Policy plain = Build("DEFAULT_PRIO_FACTOR = 100\n");
  MatchExplanation m = Explain(plain, *claimed_, *job_);
  EXPECT_EQ(BoundValue(m, "SubmitterUserPrio"), "50.0 (default)");
  EXPECT_EQ(BoundValue(m, "SubmittorPrio"), "50.0 (default)");
  EXPECT_EQ(BoundValue(m, "SubmitterGroup"), "absent");
  EXPECT_EQ(BoundValue(m, "SubmitterNegotiatingGroup"), "\"<none>\" (default)");
  EXPECT_EQ(BoundValue(m, "RemoteUserPrio"), "50.0 (default)");
  EXPECT_EQ(BoundValue(m, "RemoteGroup"), "absent");

  // With group quotas: the assigned groups and their static quotas.
  const Policy groups = Build(
      "GROUP_NAMES = group_a, group_b\nGROUP_QUOTA_group_a = 10\n"
      "GROUP_QUOTA_DYNAMIC_group_b = 0.5\n");
  auto slot = TestAd("[ Name = \"s\"; AccountingGroup = \"group_b.bob@site\";"
                     "  RemoteUser = \"bob@site\"; Requirements = true ]");
  m = Explain(groups, *slot, *job_, "group_a.alice@site");
  EXPECT_EQ(BoundValue(m, "SubmitterGroup"), "\"group_a\" (default)");
  EXPECT_EQ(BoundValue(m, "SubmitterGroupQuota"), "10.0 (default)");
  EXPECT_EQ(BoundValue(m, "SubmitterNegotiatingGroup"), "\"group_a\" (default)");
  EXPECT_EQ(BoundValue(m, "RemoteGroup"), "\"group_b\" (default)");
  EXPECT_EQ(BoundValue(m, "RemoteGroupQuota"), "0.0 (default)");  // dynamic: not known
  EXPECT_EQ(m.preemption.remote_user, "group_b.bob@site");

  // Given values win and are not marked as defaults.
  bindings_.submitter_user_prio = 12;
  bindings_.submitter_user_resources_in_use = 3;
  bindings_.submitter_group_quota = 20;
  bindings_.submitter_group_resources_in_use = 19;
  bindings_.remote_user_prio = 3000;
  bindings_.remote_user_resources_in_use = 7;
  bindings_.remote_group = "group_x";
  bindings_.remote_group_quota = 2;
  bindings_.remote_group_resources_in_use = 5;
  bindings_.submitter_negotiating_group = "<none>";
  bindings_.submitter_autoregroup = true;
  m = Explain(groups, *slot, *job_, "group_a.alice@site");
  EXPECT_EQ(BoundValue(m, "SubmitterUserPrio"), "12.0");
  EXPECT_EQ(BoundValue(m, "SubmitterUserResourcesInUse"), "3.0");
  EXPECT_EQ(BoundValue(m, "SubmitterGroupQuota"), "20.0");
  EXPECT_EQ(BoundValue(m, "SubmitterGroupResourcesInUse"), "19.0");
  EXPECT_EQ(BoundValue(m, "SubmitterNegotiatingGroup"), "\"<none>\"");
  EXPECT_EQ(BoundValue(m, "SubmitterAutoregroup"), "true");
  EXPECT_EQ(BoundValue(m, "RemoteUserPrio"), "3000.0");
  EXPECT_EQ(BoundValue(m, "RemoteUserResourcesInUse"), "7.0");
  EXPECT_EQ(BoundValue(m, "RemoteGroup"), "\"group_x\"");
  EXPECT_EQ(BoundValue(m, "RemoteGroupQuota"), "2.0");
  EXPECT_EQ(BoundValue(m, "RemoteGroupResourcesInUse"), "5.0");

  // A group named without group quotas is bound all the same.
  EphemeralBindings given;
  given.submitter_group = "physics";
  bindings_ = given;
  m = Explain(plain, *idle_, *job_);
  EXPECT_EQ(BoundValue(m, "SubmitterGroup"), "\"physics\"");
  EXPECT_EQ(BoundValue(m, "SubmitterGroupQuota"), "0.0 (default)");
}

TEST_F(MatchExplainerTest, ConcurrencyLimitsAgainstTheirMaxima) {
  const Policy policy = Build("MATLAB_LIMIT = 3\nCONCURRENCY_LIMIT_DEFAULT = 10\n");
  auto job = TestAd("[ Owner = \"alice\"; Requirements = true;"
                    "  ConcurrencyLimits = \"matlab:2, Comsol, bad.name.x\" ]");
  bindings_.limits_in_use["MATLAB"] = 2;
  auto open = TestAd("[ Name = \"o\"; Requirements = true ]");
  MatchExplanation m = Explain(policy, *open, *job);
  ASSERT_TRUE(m.limits.set);
  EXPECT_FALSE(m.limits.needs_slot);
  ASSERT_EQ(m.limits.limits.size(), 3u);
  EXPECT_EQ(m.limits.limits[0].name, "matlab");
  EXPECT_EQ(m.limits.limits[0].amount, 2);
  EXPECT_EQ(m.limits.limits[0].max, 3);
  EXPECT_TRUE(m.limits.limits[0].exceeded);
  EXPECT_EQ(m.limits.limits[1].name, "comsol");
  EXPECT_EQ(m.limits.limits[1].max, 10);
  EXPECT_FALSE(m.limits.limits[1].exceeded);
  EXPECT_FALSE(m.limits.limits[2].valid);
  EXPECT_FALSE(m.limits.limits[2].exceeded);
  EXPECT_FALSE(m.matches);
  ASSERT_EQ(m.reasons.size(), 1u);
  EXPECT_EQ(m.reasons[0], "concurrency limit matlab reached: 2 in use + 2 > 3");

  // An expression that needs the slot is evaluated against it.
  auto per_slot = TestAd("[ Owner = \"alice\"; Requirements = true;"
                         "  ConcurrencyLimits = strcat(\"net_\", TARGET.Network) ]");
  auto slot = TestAd("[ Name = \"s\"; Network = \"eth\"; Requirements = true ]");
  m = Explain(policy, *slot, *per_slot);
  EXPECT_TRUE(m.limits.needs_slot);
  EXPECT_EQ(FormatValue(m.limits.value), "\"net_eth\"");
  ASSERT_EQ(m.limits.limits.size(), 1u);
  EXPECT_EQ(m.limits.limits[0].name, "net_eth");
  EXPECT_TRUE(m.matches);
}

// The explainer trims as the cycle does (one rule, slot_trim.h), which
// reads the ads as HTCondor's trimStartdAds does: RetirementTimeRemaining
// through LookupInteger (0.5 is 0: kept), a partitionable slot by
// PartitionableSlot alone (SlotType is not read). The explainer's own copy
// of the rule once trimmed the first and kept the second.
TEST_F(MatchExplainerTest, TrimmingReadsTheAdsAsTheCycleDoes) {
  const Policy plain = Build("");
  auto half_second = TestAd("[ Name = \"r\"; RemoteUser = \"bob@site\"; Requirements = true;"
                            "  RetirementTimeRemaining = 0.5 ]");
  EXPECT_EQ(TrimBeforeMatching(plain, *half_second, &eval_), SlotTrim::kKept);
  const Policy off = Build("NEGOTIATOR_CONSIDER_PREEMPTION = False\n");
  auto typed = TestAd("[ Name = \"p\"; State = \"Claimed\"; SlotType = \"Partitionable\" ]");
  EXPECT_EQ(TrimBeforeMatching(off, *typed, &eval_), SlotTrim::kClaimedWithoutPreemption);
  auto flagged = TestAd("[ Name = \"p\"; State = \"Claimed\"; PartitionableSlot = 1 ]");
  EXPECT_EQ(TrimBeforeMatching(off, *flagged, &eval_), SlotTrim::kKept);
}

// HTCondor's rank conditions hold only when boolean true: a slot Rank
// that is undefined for the job neither preempts for rank nor reaches the
// CurrentRank, whatever the CurrentRank (the matchmaker once read it as 0).
TEST_F(MatchExplainerTest, ARankThatIsNotANumberPreemptsNothing) {
  const Policy policy = Build("PREEMPTION_REQUIREMENTS = True\n");
  auto slot = TestAd("[ Name = \"s\"; RemoteUser = \"bob@site\"; Requirements = true;"
                     "  Memory = 8192; Cpus = 4; Rank = TARGET.NoSuchAttribute; CurrentRank = -1 ]");
  MatchExplanation m = Explain(policy, *slot, *job_);
  EXPECT_EQ(m.preemption.kind, ClaimKind::kPriority);
  EXPECT_FALSE(m.preemption.rank_preempts);
  EXPECT_FALSE(m.preemption.rank_at_least);
  EXPECT_FALSE(m.matches);
  ASSERT_EQ(m.reasons.size(), 1u);
  EXPECT_EQ(m.reasons[0],
            "the slot ranks the job below its running job (Rank = undefined, CurrentRank = -1)");
}

// A decision that went through one of HTCondor's quirks says so.
TEST_F(MatchExplainerTest, ADecisionSaysWhichQuirkItDependedOn) {
  const Policy policy = Build("");
  auto job = TestAd(
      "[ Owner = \"alice\"; ClusterId = 1; ProcId = 0; RequestMemory = 1024;"
      "  Requirements = sum({ TARGET.Disks, TARGET.Cpus }) >= 4 ]");
  MatchExplanation m = Explain(policy, *idle_, *job);
  EXPECT_TRUE(m.matches);
  EXPECT_EQ(m.quirks, std::vector<classad::Quirk>{classad::Quirk::kListAggregate});
  m = Explain(policy, *idle_, *job_);
  EXPECT_TRUE(m.quirks.empty());
}

TEST_F(MatchExplainerTest, TheRemoteUserIsTheFirstOfFourAttributes) {
  EXPECT_EQ(policy::RemoteUserOf(*TestAd("[ RemoteUser = \"r\"; AccountingGroup = \"g\" ]")), "g");
  EXPECT_EQ(policy::RemoteUserOf(*TestAd("[ RemoteUser = \"r\"; PreemptingUser = \"p\" ]")), "p");
  EXPECT_EQ(policy::RemoteUserOf(*TestAd("[ PreemptingAccountingGroup = \"pg\"; PreemptingUser = \"p\" ]")),
            "pg");
  EXPECT_EQ(policy::RemoteUserOf(*TestAd("[ RemoteUser = 3 ]")), "");
  EXPECT_EQ(policy::RemoteUserOf(*TestAd("[ State = \"Unclaimed\" ]")), "");
}

TEST_F(MatchExplainerTest, TheTextReportShowsTheDecidingClauses) {
  const Policy policy = Build("");
  MatchExplanation m = Explain(policy, *small_, *job_);
  const std::string text = MatchText(m, PairLabel{"7.0", "jobs.ad", "slot1@b", "slots.ad"});
  EXPECT_NE(text.find("Job 7.0 (jobs.ad) on slot slot1@b (slots.ad)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Result: no match\n  - the job's Requirements are false\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("The slot's Requirements (MY = slot, TARGET = job): false\n"
                      "  START\n"
                      "  START = (TARGET.RequestMemory <= Memory) && (TARGET.RequestCpus <= Cpus)\n"
                      "    => false     (TARGET.RequestMemory <= Memory)\n"
                      "                 TARGET.RequestMemory = 4096 > Memory = 2048\n"
                      "       true      (TARGET.RequestCpus <= Cpus)  [not evaluated]\n"),
            std::string::npos)
      << text;
  const std::string json = MatchJson(m, PairLabel{"7.0", "jobs.ad", "slot1@b", "slots.ad"});
  EXPECT_NE(json.find("\"matches\": false"), std::string::npos);
  EXPECT_NE(json.find("\"text\": \"TARGET.RequestMemory = 4096 > Memory = 2048\""),
            std::string::npos)
      << json;
}

}  // namespace
}  // namespace negotiator::explain
