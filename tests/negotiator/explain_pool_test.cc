// The pool analysis (negotiator/explain/pool_analysis.h): jobs grouped by
// their significant attributes, slots matched and rejected per group, the
// clauses that decided the rejections, and the slots the negotiator leaves
// out.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "policy/config_reader.h"
#include "negotiator/explain/pool_analysis.h"
#include "negotiator/explain/report.h"
#include "policy/policy.h"
#include "tests/test_ads.h"

namespace negotiator::explain {

using policy::Config;
using policy::ConfigOptions;
using policy::Policy;
using policy::ReadConfigText;
namespace {

using Ads = std::vector<std::shared_ptr<classad::ClassAd>>;
using classad::TestAd;

Policy Build(const std::string& text) {
  ConfigOptions options;
  options.getenv = [](std::string_view) { return std::optional<std::string>(); };
  options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  classad::Result<Config> config = ReadConfigText(text, "pool.config", options);
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  classad::Result<Policy> policy =
      Policy::Build(config.ok() ? *config : *ReadConfigText("", "empty", options));
  EXPECT_TRUE(policy.ok()) << policy.status().ToString();
  return std::move(policy).value();
}

// A job ad: ClusterId, ProcId, Owner, Cmd (different for each job, read by
// nothing), the attributes of `extra`, and those of RequestCpus,
// RequestMemory and Requirements that `extra` does not set.
std::string Job(int cluster, int proc, const std::string& extra) {
  std::string ad = "[ ClusterId = " + std::to_string(cluster) + "; ProcId = " +
                   std::to_string(proc) + "; Owner = \"alice\"; Cmd = \"/bin/run" +
                   std::to_string(proc) + "\"";
  if (!extra.empty()) ad += "; " + extra;
  if (extra.find("RequestCpus") == std::string::npos) ad += "; RequestCpus = 1";
  if (extra.find("RequestMemory") == std::string::npos) ad += "; RequestMemory = 4096";
  if (extra.find("Requirements") == std::string::npos) {
    ad += "; Requirements = (TARGET.Arch == \"X86_64\") && (TARGET.Memory >= RequestMemory)";
  }
  return ad + " ]";
}

class PoolAnalysisTest : public ::testing::Test {
 protected:
  PoolAnalysis Analyze(const Policy& policy, const PoolOptions& options = {}) {
    classad::Result<PoolAnalysis> pool = AnalyzePool(policy, jobs_, slots_, options);
    EXPECT_TRUE(pool.ok()) << pool.status().ToString();
    return pool.ok() ? std::move(pool).value() : PoolAnalysis{};
  }

  Ads slots_ = {
      TestAd("[ Name = \"small1\"; Arch = \"X86_64\"; Memory = 2048; Cpus = 4; LoadAvg = 0.0;"
             "  Start = (TARGET.RequestMemory <= Memory) && (LoadAvg < 0.5);"
             "  Requirements = START ]"),
      TestAd("[ Name = \"small2\"; Arch = \"X86_64\"; Memory = 2048; Cpus = 4; LoadAvg = 0.0;"
             "  Start = (TARGET.RequestMemory <= Memory) && (LoadAvg < 0.5);"
             "  Requirements = START ]"),
      TestAd("[ Name = \"arm\"; Arch = \"aarch64\"; Memory = 65536; Cpus = 64;"
             "  Requirements = TARGET.RequestCpus <= Cpus ]"),
      TestAd("[ Name = \"big\"; Arch = \"X86_64\"; Memory = 65536; Cpus = 64;"
             "  State = \"Claimed\"; RemoteUser = \"bob@site\";"
             "  Requirements = TARGET.RequestCpus <= Cpus ]"),
      TestAd("[ Name = \"idle\"; Arch = \"X86_64\"; Memory = 65536; Cpus = 64;"
             "  Requirements = TARGET.RequestCpus <= Cpus ]"),
  };
  Ads jobs_ = {
      TestAd(Job(1, 0, "")),
      TestAd(Job(1, 1, "")),
      TestAd(Job(1, 2, "")),
      TestAd(Job(2, 0, "RequestCpus = 128")),
      TestAd(Job(3, 0, "RequestMemory = 1024")),
  };
};

TEST_F(PoolAnalysisTest, AlikeJobsAreAnalysedOnce) {
  const Policy policy = Build("");
  PoolAnalysis pool = Analyze(policy);
  EXPECT_EQ(pool.jobs, 5u);
  EXPECT_EQ(pool.slots, 5u);
  EXPECT_EQ(pool.slots_considered, 5u);
  ASSERT_EQ(pool.groups.size(), 3u);

  const JobGroup& g = pool.groups[0];
  EXPECT_EQ(g.jobs, 3u);
  EXPECT_EQ(g.job_ids, (std::vector<std::string>{"1.0", "1.1", "1.2"}));
  EXPECT_EQ(g.submitter, "alice");  // no submitter_of: the Owner
  EXPECT_EQ(g.matched, 2u);
  EXPECT_EQ(g.matched_unclaimed, 1u);
  EXPECT_EQ(g.matched_claimed, 1u);
  EXPECT_EQ(g.rejected_by_job, 3u);   // small1, small2 (memory), arm (arch)
  EXPECT_EQ(g.rejected_by_slot, 2u);  // small1, small2 (START)
  EXPECT_EQ(g.rejected_by_both, 2u);
  ASSERT_EQ(g.rejections.size(), 3u);
  EXPECT_FALSE(g.rejections[0].slot_side);
  EXPECT_EQ(g.rejections[0].text, "(TARGET.Memory >= RequestMemory)");
  EXPECT_EQ(g.rejections[0].slots, 2u);
  EXPECT_TRUE(g.rejections[1].slot_side);
  EXPECT_EQ(g.rejections[1].text, "(TARGET.RequestMemory <= Memory)");
  EXPECT_EQ(g.rejections[1].within, std::vector<std::string>{"START"});
  EXPECT_EQ(g.rejections[1].slots, 2u);
  EXPECT_EQ(g.rejections[2].text, "(TARGET.Arch == \"X86_64\")");
  EXPECT_EQ(g.rejections[2].slots, 1u);
  ASSERT_EQ(g.job_clauses.size(), 2u);
  EXPECT_EQ(g.job_clauses[0].true_slots, 4u);  // every slot but arm
  EXPECT_EQ(g.job_clauses[1].true_slots, 3u);  // the big ones

  // RequestCpus = 128 fits no slot: the slots' Requirements reject them all.
  const JobGroup& wide = pool.groups[1];
  EXPECT_EQ(wide.job_ids, std::vector<std::string>{"2.0"});
  EXPECT_EQ(wide.matched, 0u);
  ASSERT_FALSE(wide.rejections.empty());
  EXPECT_TRUE(wide.rejections[0].slot_side);
  EXPECT_EQ(wide.rejections[0].text, "TARGET.RequestCpus <= Cpus");
  EXPECT_EQ(wide.rejections[0].slots, 3u);

  // RequestMemory = 1024 fits the small slots too.
  EXPECT_EQ(pool.groups[2].matched, 4u);

  PoolOptions alone;
  alone.group_jobs = false;
  EXPECT_EQ(Analyze(policy, alone).groups.size(), 5u);
}

TEST_F(PoolAnalysisTest, GroupingFollowsWhatMatchingReads) {
  const Policy policy = Build("");
  // Department is read by a slot's START: jobs that differ in it differ.
  slots_[0] = TestAd("[ Name = \"small1\"; Arch = \"X86_64\"; Memory = 2048; Cpus = 4;"
                     "  Start = TARGET.Department =?= \"physics\"; Requirements = START ]");
  jobs_ = {TestAd(Job(1, 0, "Department = \"physics\"")), TestAd(Job(1, 1, "Department = \"bio\"")),
           TestAd(Job(1, 2, "Department = \"bio\"; Unread = 7"))};
  PoolAnalysis pool = Analyze(policy);
  ASSERT_EQ(pool.groups.size(), 2u);
  EXPECT_EQ(pool.groups[0].job_ids, std::vector<std::string>{"1.0"});
  EXPECT_EQ(pool.groups[1].job_ids, (std::vector<std::string>{"1.1", "1.2"}));

  // A job attribute its own Requirements reach through another expression.
  jobs_ = {TestAd(Job(1, 0, "Requirements = MyReq; MyReq = Limit > 1; Limit = 2")),
           TestAd(Job(1, 1, "Requirements = MyReq; MyReq = Limit > 1; Limit = 0"))};
  EXPECT_EQ(Analyze(policy).groups.size(), 2u);

  // SIGNIFICANT_ATTRIBUTES count too; submitters are never merged.
  const Policy significant = Build("SIGNIFICANT_ATTRIBUTES = Unread\n");
  jobs_ = {TestAd(Job(1, 0, "Unread = 1")), TestAd(Job(1, 1, "Unread = 2"))};
  EXPECT_EQ(Analyze(policy).groups.size(), 1u);
  EXPECT_EQ(Analyze(significant).groups.size(), 2u);
  PoolOptions by_proc;
  by_proc.submitter_of = [](const classad::ClassAd& job) {
    return job.Find("ProcId").literal().integer() == 0 ? "a@site" : "b@site";
  };
  PoolAnalysis two = Analyze(policy, by_proc);
  ASSERT_EQ(two.groups.size(), 2u);
  EXPECT_EQ(two.groups[1].submitter, "b@site");

  // A job whose names exceed the bound is analysed alone.
  PoolOptions tight;
  tight.max_significant_names = 2;
  jobs_ = {TestAd(Job(1, 0, "")), TestAd(Job(1, 1, ""))};
  EXPECT_EQ(Analyze(policy, tight).groups.size(), 2u);
}

TEST_F(PoolAnalysisTest, SlotsAndJobsTheNegotiatorLeavesOut) {
  const Policy policy = Build("NEGOTIATOR_CONSIDER_PREEMPTION = False\n"
                              "NEGOTIATOR_SLOT_CONSTRAINT = Name =!= \"arm\"\n"
                              "NEGOTIATOR_JOB_CONSTRAINT = RequestCpus < 100\n");
  PoolAnalysis pool = Analyze(policy);
  EXPECT_EQ(pool.slots_considered, 3u);
  EXPECT_EQ(pool.trimmed_by_constraint, 1u);
  EXPECT_EQ(pool.trimmed_claimed, 1u);
  ASSERT_EQ(pool.groups.size(), 3u);
  EXPECT_EQ(pool.groups[0].matched, 1u);
  EXPECT_EQ(pool.groups[0].matched_claimed, 0u);
  EXPECT_TRUE(pool.groups[1].job_constraint_excludes);
  EXPECT_EQ(pool.groups[1].matched, 0u);
  EXPECT_TRUE(pool.groups[1].rejections.empty());

  const std::string text = PoolText(pool);
  EXPECT_NE(text.find("Pool: 5 slots, 3 considered (1 left out by NEGOTIATOR_SLOT_CONSTRAINT, "
                      "1 claimed, without preemption)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("Job 2.0 (1 job, submitter alice)\n"
                      "  left out by NEGOTIATOR_JOB_CONSTRAINT: never matched\n"),
            std::string::npos)
      << text;
}

TEST_F(PoolAnalysisTest, TheReportsNameTheMostRejectingClause) {
  const Policy policy = Build("");
  PoolAnalysis pool = Analyze(policy);
  const std::string text = PoolText(pool);
  EXPECT_NE(text.find("Jobs 1.0 1.1 1.2 (3 jobs, submitter alice)\n"
                      "  matches 2 of 5 slots: 1 unclaimed, 1 claimed (a preemption is needed)\n"
                      "  rejected by the job's Requirements: 3 slots; by the slot's Requirements: "
                      "2 slots; by both: 2\n"
                      "  rejections by the clause that decided them:\n"
                      "    2     job   (TARGET.Memory >= RequestMemory)\n"
                      "    2     slot  (TARGET.RequestMemory <= Memory)  (in START)\n"
                      "    1     job   (TARGET.Arch == \"X86_64\")\n"),
            std::string::npos)
      << text;
  const std::string json = PoolJson(pool);
  EXPECT_NE(json.find("\"side\": \"slot\",\n"
                      "          \"clause\": \"(TARGET.RequestMemory <= Memory)\",\n"
                      "          \"within\": [\n"
                      "            \"START\"\n"
                      "          ],\n"
                      "          \"slots\": 2"),
            std::string::npos)
      << json;
}

TEST_F(PoolAnalysisTest, AHostileSlotIsNamed) {
  const Policy policy = Build("NEGOTIATOR_CROSS_SLOT_PRIOS = True\n");
  slots_.push_back(TestAd("[ Name = \"huge\"; RemoteUser = \"bob@site\"; TotalSlots = 1e12;"
                          "  Requirements = true ]"));
  classad::Result<PoolAnalysis> pool = AnalyzePool(policy, jobs_, slots_, {});
  ASSERT_FALSE(pool.ok());
  EXPECT_EQ(pool.status().code(), classad::StatusCode::kLimitExceeded);
  EXPECT_EQ(pool.status().message().rfind("slot huge: TotalSlots = ", 0), 0u)
      << pool.status().message();
}

}  // namespace
}  // namespace negotiator::explain
