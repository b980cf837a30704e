// `policy_explain --model dirac` on the bundled example (examples/dirac):
// the cycle `negotiator cycle --model dirac` runs, DIRAC's records
// rendered whole, for one job (its queue step by step, the pilot that took
// it or none) and for one slot's pilot; run as subprocesses.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tool_run.h"

namespace negotiator {
namespace {

const std::string kExample = std::string(CLASSAD_EXAMPLES_DIR) + "/dirac";

class DiracExplainToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = ::testing::TempDir() + "dirac_explain_XXXXXX";
    ASSERT_NE(mkdtemp(folder_.data()), nullptr);
  }
  // `first` (a command's name, when not empty), the example's pool,
  // DIRAC's configuration and seed 1, then `more`.
  std::vector<std::string> Args(const std::string& first, std::vector<std::string> more) const {
    std::vector<std::string> args = {"-config",    kExample + "/condor_config",
                                     "--slots",    kExample + "/slots.ads",
                                     "--jobs",     kExample + "/jobs.ads",
                                     "--now",      "1767225600",
                                     "--model",    "dirac",
                                     "--dirac-config", kExample + "/dirac.cfg",
                                     "--seed",     "1"};
    if (!first.empty()) args.insert(args.begin(), first);
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  test_tools::ToolRun Explain(std::vector<std::string> more) {
    return test_tools::RunToolIn(folder_, POLICY_EXPLAIN_BINARY, Args("", std::move(more)));
  }
  std::string folder_;
};

// The pilots' lines of a report: slot, job.
std::vector<std::pair<std::string, std::string>> Pilots(const std::string& report) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream lines(report.substr(report.find("\nPilots (")));
  std::string line;
  std::getline(lines, line);
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string slot, word, job;
    words >> slot;
    while (words >> word && word != "job") {
    }
    words >> job;
    if (!job.empty()) out.emplace_back(slot, job);
  }
  return out;
}

TEST_F(DiracExplainToolTest, ShowsTheRecordsTheCycleKeptNotAnotherComputation) {
  const test_tools::ToolRun explain = Explain({});
  ASSERT_EQ(explain.exit_code, 0) << explain.err;
  // What `negotiator cycle --model dirac` prints after its submitter table,
  // byte for byte: the same cycle's records, rendered by the same code.
  const test_tools::ToolRun cycle =
      test_tools::RunToolIn(folder_, NEGOTIATOR_BINARY, Args("cycle", {}));
  ASSERT_EQ(cycle.exit_code, 0) << cycle.err;
  const size_t at = cycle.out.find("\nDIRAC task queues");
  ASSERT_NE(at, std::string::npos) << cycle.out;
  EXPECT_EQ(explain.out, cycle.out.substr(at));
  EXPECT_NE(explain.out.find("1. group lhcb_prod: JobShare 300, JobSharing"), std::string::npos);
  EXPECT_NE(explain.out.find("entity bob: 100 / U = 2 owners with a queue = 50: E = 50"),
            std::string::npos);
  EXPECT_NE(explain.out.find("5. merged with queue(s)"), std::string::npos);
  const test_tools::ToolRun json = Explain({"--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("\"model\": \"dirac\""), std::string::npos) << json.out;
}

TEST_F(DiracExplainToolTest, SaysWhyAJobAndASlotGotWhatTheyGot) {
  const std::vector<std::pair<std::string, std::string>> pilots = Pilots(Explain({}).out);
  ASSERT_EQ(pilots.size(), 20u);
  const auto& [slot, job] = pilots[0];
  // The job a pilot took: its queue step by step, and that pilot's draw.
  test_tools::ToolRun run = Explain({"--job-id", job});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Job " + job + " (negotiation <none>): DIRAC job "), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("3. W = average weight of its"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Taken by the pilot of " + slot + ": TQ "), std::string::npos)
      << run.out;
  // The slot: what its pilot took and why, then the queue's steps.
  run = Explain({"--slot-name", slot});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("It took job " + job + " of "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("came first with probability"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("6. stored with four decimals"), std::string::npos) << run.out;

  // A job no pilot took (58 idle jobs, 20 slots): exit status 1, and why.
  std::set<std::string> taken;
  for (const auto& p : pilots) taken.insert(p.second);
  std::string idle;
  for (int proc = 0; proc < 12 && idle.empty(); ++proc) {
    if (!taken.contains("201." + std::to_string(proc))) idle = "201." + std::to_string(proc);
  }
  ASSERT_FALSE(idle.empty());
  run = Explain({"--job-id", idle});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.out.find("(bob, lhcb_user; submitter bob@example.org"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("No pilot took it: "), std::string::npos) << run.out;
  run = Explain({"--job-id", idle, "--json"});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.out.find("\"pilot\": null"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"entity_share\": 50"), std::string::npos) << run.out;
  // Neither an idle job nor a slot of the pool.
  run = Explain({"--job-id", "9.9", "--slot-name", "nowhere"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.out.find("Job 9.9: in no task queue"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Slot nowhere: asked for no work"), std::string::npos) << run.out;
}

TEST_F(DiracExplainToolTest, RefusesWhatTheModelCannotExplain) {
  // Without DIRAC's configuration, or for one slot and one job: usage.
  test_tools::ToolRun run = test_tools::RunToolIn(
      folder_, POLICY_EXPLAIN_BINARY,
      {"--model", "dirac", "--slots", kExample + "/slots.ads", "--jobs", kExample + "/jobs.ads"});
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("--model dirac needs --dirac-config"), std::string::npos) << run.err;
  run = test_tools::RunToolIn(folder_, POLICY_EXPLAIN_BINARY,
                              {"--model", "dirac", "--dirac-config", kExample + "/dirac.cfg",
                               "--slot", kExample + "/slots.ads", "--job", kExample + "/jobs.ads"});
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("give --slots and --jobs"), std::string::npos) << run.err;
  // A DIRAC file with a mistake: its position.
  const std::string bad = folder_ + "/bad.cfg";
  ASSERT_EQ(std::system(("printf 'Registry\\n{\\n  Groups {\\n}\\n' > " + bad).c_str()), 0);
  std::vector<std::string> args = {"-config", kExample + "/condor_config", "--slots",
                                   kExample + "/slots.ads", "--jobs", kExample + "/jobs.ads",
                                   "--model", "dirac", "--dirac-config", bad};
  run = test_tools::RunToolIn(folder_, POLICY_EXPLAIN_BINARY, args);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("bad.cfg:1:1: section 'Registry' is never closed"), std::string::npos)
      << run.err;
}

}  // namespace
}  // namespace negotiator
