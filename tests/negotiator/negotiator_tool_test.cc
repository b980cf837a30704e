// tools/negotiator through its binary (NEGOTIATOR_BINARY): a bundled
// scenario in text and JSON, several cycles, and bad usage and bad input
// with their exit codes and positioned errors.
#include <stdlib.h>

#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/tool_run.h"

namespace {

using test_tools::RunToolIn;
using test_tools::ToolRun;

const std::string kScenario = std::string(CLASSAD_EXAMPLES_DIR) + "/negotiator/01-shares";

class NegotiatorToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = ::testing::TempDir() + "negotiator_tool_XXXXXX";
    ASSERT_NE(mkdtemp(folder_.data()), nullptr);
  }
  ToolRun Run(std::vector<std::string> args) {
    return RunToolIn(folder_, NEGOTIATOR_BINARY, args);
  }
  std::vector<std::string> Scenario() {
    return {"cycle", "-config", kScenario + "/negotiator.config", "--slots",
            kScenario + "/slots.ads", "--jobs", kScenario + "/jobs.ads", "--now", "1767225600",
            "--accountant", kScenario + "/accountant.userprio.json"};
  }
  std::string folder_;
};

TEST_F(NegotiatorToolTest, RunsTheSharesScenario) {
  ToolRun run = Run(Scenario());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("70 matches, 0 preemptions"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("alice@example.org"), std::string::npos);

  std::vector<std::string> json = Scenario();
  json.push_back("--json");
  run = Run(json);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.rfind("{", 0), 0u) << run.out.substr(0, 200);
  EXPECT_NE(run.out.find("\"preemptions\": 0"), std::string::npos);
  EXPECT_NE(run.out.find("\"reason\": \"no preemption\""), std::string::npos);

  json.insert(json.end(), {"--cycles", "2"});
  run = Run(json);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("\"cycles\""), std::string::npos);
  EXPECT_NE(run.out.find("\"cycle\": 2"), std::string::npos);

  std::vector<std::string> requests = Scenario();
  requests.insert(requests.end(), {"--json", "--requests"});
  run = Run(requests);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("\"requests\": ["), std::string::npos) << run.out.substr(0, 400);
}

TEST_F(NegotiatorToolTest, BadUsageIsExitThree) {
  EXPECT_EQ(Run({}).exit_code, 3);
  EXPECT_EQ(Run({"spin"}).exit_code, 3);
  EXPECT_EQ(Run({"cycle", "--slots", "x"}).exit_code, 3);  // no --jobs
  std::vector<std::string> args = Scenario();
  args.insert(args.end(), {"--state", folder_ + "/a.db"});  // with --accountant
  EXPECT_EQ(Run(args).exit_code, 3);
  args = Scenario();
  args.insert(args.end(), {"--cycles", "0"});
  const ToolRun run = Run(args);
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("not a whole number of at least 1"), std::string::npos) << run.err;
  args = Scenario();
  args.push_back("--requests");  // without --json
  const ToolRun requests = Run(args);
  EXPECT_EQ(requests.exit_code, 3);
  EXPECT_NE(requests.err.find("--requests needs --json"), std::string::npos) << requests.err;
  args = Scenario();
  args.insert(args.end(), {"--htcondor-version", "25.x"});
  const ToolRun version = Run(args);
  EXPECT_EQ(version.exit_code, 3);
  EXPECT_NE(version.err.find("MAJOR[.MINOR[.PATCH]]"), std::string::npos) << version.err;
}

TEST_F(NegotiatorToolTest, TakesTheHTCondorRelease) {
  for (const char* release : {"25.0.13", "25.13.2"}) {
    std::vector<std::string> args = Scenario();
    args.insert(args.end(), {"--htcondor-version", release});
    const ToolRun run = Run(args);
    ASSERT_EQ(run.exit_code, 0) << release << ": " << run.err;
    EXPECT_NE(run.out.find("70 matches, 0 preemptions"), std::string::npos) << run.out;
  }
}

TEST_F(NegotiatorToolTest, BadInputIsExitTwoWithItsPosition) {
  const std::string bad = folder_ + "/bad.ads";
  std::ofstream(bad) << "Name = \"slot1@m\"\nRequirements = (true\n";
  std::vector<std::string> args = Scenario();
  args[4] = bad;  // --slots
  ToolRun run = Run(args);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find(bad + ":2:"), std::string::npos) << run.err;

  args = Scenario();
  args.back() = folder_ + "/missing.json";  // --accountant
  run = Run(args);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("cannot read"), std::string::npos) << run.err;
}

}  // namespace
