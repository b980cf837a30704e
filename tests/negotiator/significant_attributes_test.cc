// Significant attributes of autoclusters as HTCondor's negotiator publishes
// them (compute_significant_attrs), its schedd keeps them
// (AutoCluster::config) and expands them per job (getClusterid).
#include "negotiator/autoclusters/significant_attributes.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "negotiator/accountant/accountant.h"
#include "negotiator/autoclusters/autoclusters.h"
#include "negotiator/cycle.h"
#include "negotiator/cycle_output.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::SlotText;
using Names = std::vector<std::string>;

constexpr char kSlotExtra[] =
    "Start = TARGET.RequestMemory <= Memory && TARGET.JobCurrentStartDate =!= 0 && "
    "TARGET.Slot1_Foo =?= undefined; WithinLimits = TARGET.RequestCpus <= Cpus; "
    "ChildCpus = { TARGET.Listed }";
constexpr char kPolicy[] =
    "PREEMPTION_REQUIREMENTS = RemoteUserPrio > SubmitterUserPrio * 1.2 && ImageSize > 0 && "
    "PrTouched\n"
    "NEGOTIATOR_JOB_CONSTRAINT = Vo =!= \"x\"\n";

TEST(SignificantAttributesTest, PublishedAsTheReleaseComputesThem) {
  // Before 25.5: every external reference of every slot attribute (lists
  // left out), of the policy expressions in a sample slot ad (where
  // SYSTEM_STARTD_JOB_ATTRS such as ImageSize are set) and of the job
  // constraint, less the priority and usage attributes. The default
  // PREEMPTION_RANK and NEGOTIATOR_POST_JOB_RANK read KFlops, Offline,
  // RemoteOwner, SlotID and TotalJobRuntime, which this slot lacks.
  auto before = MakePolicy(kPolicy);
  auto pool = MakePool(before, {SlotText("s1@m", kSlotExtra)}, {});
  EXPECT_EQ(PublishedSignificantAttributes(*pool),
            (Names{"JobCurrentStartDate", "KFlops", "Offline", "PrTouched", "RemoteOwner",
                   "RequestCpus", "RequestMemory", "Slot1_Foo", "SlotID", "TotalJobRuntime",
                   "Vo"}));
  // From 25.5 JobCurrentStartDate, KFlops, Offline, RemoteOwner, SlotID
  // and TotalJobRunTime are left out, and so are the names
  // REMOVE_SIGNIFICANT_ATTRIBUTES_REGEX (^Slot[0-9]*_) matches.
  policy::PolicyOptions since;
  since.significant_attribute_rules = policy::SignificantAttributeRules::kSince25_5;
  auto after = MakePolicy(kPolicy, since);
  auto pool_after = MakePool(after, {SlotText("s1@m", kSlotExtra)}, {});
  EXPECT_EQ(PublishedSignificantAttributes(*pool_after),
            (Names{"PrTouched", "RequestCpus", "RequestMemory", "Vo"}));
  // No slot: nothing is published.
  EXPECT_TRUE(PublishedSignificantAttributes(*MakePool(before, {}, {})).empty());
}

TEST(SignificantAttributesTest, TheScheddMergesWhatItIsToldIntoWhatItKeeps) {
  auto policy = MakePolicy(
      "ADD_SIGNIFICANT_ATTRIBUTES = Extra\nREMOVE_SIGNIFICANT_ATTRIBUTES = Vo, Rank\n");
  ScheddSignificantAttributes schedd;
  EXPECT_TRUE(schedd.Update(policy->matching, {"RequestMemory", "Vo"}));
  EXPECT_EQ(schedd.names(),
            (Names{"RequestMemory", "ConcurrencyLimits", "Extra", "FlockTo", "Requirements"}));
  // New names are appended; names no longer published stay.
  EXPECT_TRUE(schedd.Update(policy->matching, {"Other", "RequestMemory"}));
  EXPECT_EQ(schedd.names(), (Names{"RequestMemory", "ConcurrencyLimits", "Extra", "FlockTo",
                                   "Requirements", "Other"}));
  EXPECT_FALSE(schedd.Update(policy->matching, {"RequestMemory"}));
  // Told nothing, the schedd changes nothing.
  EXPECT_FALSE(schedd.Update(policy->matching, {}));
  EXPECT_EQ(schedd.names().size(), 6u);
  // SIGNIFICANT_ATTRIBUTES is the list, exactly.
  auto configured = MakePolicy("SIGNIFICANT_ATTRIBUTES = A, B\n");
  EXPECT_TRUE(schedd.Update(configured->matching, {"RequestMemory"}));
  EXPECT_EQ(schedd.names(), (Names{"A", "B"}));
}

TEST(SignificantAttributesTest, AJobsSignatureExpandsWhatItsExpressionsReference) {
  auto job = testing_util::Ad(
      "[ Requirements = TARGET.Memory >= RequestMemory && MY.Missing =?= undefined && Foo; "
      "RequestMemory = ImageSize * 2; ImageSize = 5; Rank = 0 ]");
  classad::ReferenceTrace trace;
  EXPECT_EQ(ExpandedNames(*job, {"Requirements", "Rank", "ImageSize"}, &trace),
            (Names{"Foo", "Missing", "RequestMemory"}));
  EXPECT_TRUE(trace.exact);
}

TEST(SignificantAttributesTest, AutoclustersFollowTheScheddsList) {
  auto policy = MakePolicy("");
  const std::vector<std::string> jobs = {
      JobText("u1", 1, 0, "ImageSize = 1"), JobText("u1", 1, 1, "ImageSize = 2"),
      JobText("u1", 1, 2, "ImageSize = 1; Requirements = TARGET.Memory > 1")};
  // ImageSize read by no slot: the first two jobs share an autocluster.
  auto plain = MakePool(policy, {SlotText("s1@m", "Within = TARGET.RequestCpus <= Cpus")}, jobs);
  EXPECT_EQ(BuildAutoclusters(*plain).of_job, (std::vector<uint32_t>{0, 0, 1}));
  // A slot reading it tells them apart.
  auto reading = MakePool(policy, {SlotText("s1@m", "Rank = TARGET.ImageSize")}, jobs);
  EXPECT_EQ(BuildAutoclusters(*reading).of_job, (std::vector<uint32_t>{0, 1, 2}));
  // No slot reads any job attribute: the negotiator publishes nothing, the
  // schedd has no list, and every job of the pool is one autocluster,
  // matched as its first job.
  auto quiet = MakePolicy(
      "PREEMPTION_REQUIREMENTS =\nPREEMPTION_RANK =\nNEGOTIATOR_PRE_JOB_RANK =\n"
      "NEGOTIATOR_POST_JOB_RANK =\n");
  auto none = MakePool(quiet, {SlotText("s1@m")}, jobs);
  const Autoclusters one = BuildAutoclusters(*none);
  EXPECT_EQ(one.of_job, (std::vector<uint32_t>{0, 0, 0}));
  EXPECT_EQ(one.class_representative, (std::vector<uint32_t>{0}));
}

TEST(SignificantAttributesTest, ARequestIsEvaluatedWithTheFirstJobOfItsRun) {
  // ConcurrencyLimits removed from the significant attributes: jobs that
  // differ only there share an autocluster, and the schedd sends one
  // request for a run of them, with the first job's ad. Its limits are the
  // ones checked for every job of the run.
  const std::string config =
      "REMOVE_SIGNIFICANT_ATTRIBUTES = ConcurrencyLimits\nLIC_LIMIT = 0\n"
      "NEGOTIATOR_CONSIDER_PREEMPTION = False\n";
  auto policy = MakePolicy(config);
  const std::vector<std::string> slots = {
      SlotText("s1@m", "Within = TARGET.RequestCpus <= Cpus"),
      SlotText("s2@m", "Within = TARGET.RequestCpus <= Cpus")};
  auto run = [&](const std::vector<std::string>& jobs) {
    auto pool = MakePool(policy, slots, jobs);
    Accountant accountant(policy);
    accountant.Initialize(testing_util::kCycleNow);
    Negotiator negotiator(policy);
    return testing_util::RunOneCycle(negotiator, *pool, accountant).matches.size();
  };
  // The cycle reports the list its autoclusters compared.
  {
    auto pool = MakePool(policy, slots, {JobText("u1", 1, 0)});
    Accountant accountant(policy);
    accountant.Initialize(testing_util::kCycleNow);
    Negotiator negotiator(policy);
    const CycleResult result = testing_util::RunOneCycle(negotiator, *pool, accountant);
    EXPECT_EQ(result.significant_attributes,
              (Names{"KFlops", "Offline", "RemoteOwner", "RequestCpus", "SlotID",
                     "TotalJobRuntime", "FlockTo", "Rank", "Requirements"}));
    EXPECT_NE(FormatCycleJson(result).find("\"significant_attributes\": [\n    \"KFlops\""),
              std::string::npos)
        << FormatCycleJson(result);
  }
  // The unlimited job first: both jobs are matched under its ad.
  EXPECT_EQ(run({JobText("u1", 1, 0), JobText("u1", 1, 1, "ConcurrencyLimits = \"lic\"")}), 2u);
  // The limited job first: its full limit refuses the run's request, and
  // the autocluster with it.
  EXPECT_EQ(run({JobText("u1", 1, 0, "ConcurrencyLimits = \"lic\""), JobText("u1", 1, 1)}), 0u);
}

}  // namespace
}  // namespace negotiator
