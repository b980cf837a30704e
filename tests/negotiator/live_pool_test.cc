// A live pool's snapshot (examples/live-pool, README there): the command
// sequence an administrator runs on what `condor_status -long`/`-json`,
// `condor_q -allusers -long`/`-json` and `condor_userprio -negotiator
// -long` print, through the built tools: the priorities imported, a cycle
// run as the running negotiator's next one (and as after a restart), the
// same decisions from either dump format, and the explainer and linter on
// the same files.
#include <stdlib.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/tool_run.h"

namespace {

using test_tools::RunToolIn;
using test_tools::ToolRun;

const std::string kDir = std::string(CLASSAD_EXAMPLES_DIR) + "/live-pool";
constexpr const char* kNow = "1767225600";

class LivePoolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = ::testing::TempDir() + "live_pool_XXXXXX";
    ASSERT_NE(mkdtemp(folder_.data()), nullptr);
    db_ = folder_ + "/pool.db";
  }
  // `userprio --import-condor` of the example's condor_userprio output.
  void Import() {
    const ToolRun run = RunToolIn(folder_, USERPRIO_BINARY,
                                  {"-config", kDir + "/condor_config", "--state", db_,
                                   "--import-condor", kDir + "/userprio.long"});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, "Imported 7 customer records, 0 resource records and 3 group quota "
                       "records from " + kDir + "/userprio.long\n");
  }
  // One cycle on the dumps of `format` ("long" or "json") with `extra`
  // options; a fresh import first, since a cycle commits to the store.
  ToolRun Cycle(const std::string& format, std::vector<std::string> extra = {}) {
    Import();
    std::vector<std::string> args = {"cycle", "-config", kDir + "/condor_config", "--state", db_,
                                     "--slots", kDir + "/status." + format, "--jobs",
                                     kDir + "/q." + format, "--now", kNow};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunToolIn(folder_, NEGOTIATOR_BINARY, args);
  }
  // The cycle's JSON without its timings.
  static std::string WithoutTimings(std::string json) {
    const size_t at = json.find("\"phases_ms\"");
    return at == std::string::npos ? json : json.substr(0, at);
  }
  std::string folder_;
  std::string db_;
};

TEST_F(LivePoolTest, TheNextCycleOfTheRunningNegotiator) {
  const ToolRun run = Cycle("long");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("pool: 7 slots (7 considered), size 32; 4 autoclusters; 5 matches, "
                         "1 preemptions"),
            std::string::npos)
      << run.out;
  // bob (group_physics) preempts carol (group_chemistry, a far worse
  // priority), but not alice: PREEMPTION_REQUIREMENTS wants another group,
  // and the imported quota table gives the claims their RemoteGroup.
  EXPECT_NE(run.out.find("202.3      slot1@node02.example.org           "
                         "group_physics.bob@example.org      priority       "
                         "group_chemistry.carol@example.org (job 303.0)"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("group_physics.alice@example.org (job 101.0)"), std::string::npos);
  EXPECT_NE(run.out.find("(job 202.4): PREEMPTION_REQUIREMENTS == False"), std::string::npos);
}

TEST_F(LivePoolTest, AfterARestartTheClaimsHaveNoRemoteGroup) {
  const ToolRun run = Cycle("long", {"--restarted"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("6 matches, 2 preemptions"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("group_physics.alice@example.org (job 101.0)"), std::string::npos)
      << run.out;
}

TEST_F(LivePoolTest, TheLongAndJsonDumpsGiveTheSameCycle) {
  const ToolRun from_long = Cycle("long", {"--json"});
  const ToolRun from_json = Cycle("json", {"--json"});
  ASSERT_EQ(from_long.exit_code, 0) << from_long.err;
  ASSERT_EQ(from_json.exit_code, 0) << from_json.err;
  EXPECT_NE(from_long.out.find("\"preemptions\": 1"), std::string::npos) << from_long.out;
  EXPECT_EQ(WithoutTimings(from_long.out), WithoutTimings(from_json.out));
}

TEST_F(LivePoolTest, TheSimulatorStartsFromTheImportedStoreWithoutWritingIt) {
  Import();
  const std::string bytes = test_tools::Slurp(db_);
  const ToolRun run = RunToolIn(folder_, NEGOTIATOR_BINARY,
                                {"simulate", "-config", kDir + "/condor_config", "--slots",
                                 kDir + "/status.long", "--workload", kDir + "/q.long", "--state",
                                 db_, "--duration", "1d"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Jobs: 17 arrived = 0 done + 8 running + 9 idle"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("Matches 6, claims reused 0, preemptions 1"), std::string::npos)
      << run.out;
  EXPECT_EQ(test_tools::Slurp(db_), bytes);
}

TEST_F(LivePoolTest, TheExplainerAndTheLinterReadTheSameFiles) {
  Import();
  ToolRun run = RunToolIn(
      folder_, POLICY_EXPLAIN_BINARY,
      {"--config", kDir + "/condor_config", "--slot", kDir + "/status.json", "--slot-name",
       "slot1_1@node01.example.org", "--job", kDir + "/q.json", "--job-id", "202.4", "--state",
       db_, "--now", kNow});
  ASSERT_EQ(run.exit_code, 1) << run.err;  // 1: no match
  EXPECT_NE(run.out.find("PREEMPTION_REQUIREMENTS is false: the claim of "
                         "group_physics.alice@example.org may not be preempted"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("RemoteGroup = \"group_physics\" =?= SubmitterGroup = \"group_physics\""),
            std::string::npos)
      << run.out;

  run = RunToolIn(folder_, POLICY_LINT_BINARY,
                  {"--slots=" + kDir + "/status.long", "--jobs=" + kDir + "/q.long",
                   kDir + "/condor_config"});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
}

}  // namespace
