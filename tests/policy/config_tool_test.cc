// Tests of the policy_config tool (condor_config_val's behaviour): runs the
// built binary (POLICY_CONFIG_BINARY) with a configuration in a temporary
// folder and checks its output and exit status.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/policy/config_test_util.h"
#include "tests/tool_run.h"

namespace policy {
namespace {

using test_tools::ShellQuote;
using test_tools::Slurp;
using test_tools::ToolRun;
using testing_util::TempFolder;

class PolicyConfigToolTest : public ::testing::Test {
 protected:
  // Runs the tool with `args` and the environment `env` (NAME=value words,
  // after `env -i` so that nothing of the test's environment leaks in).
  ToolRun Run(const std::vector<std::string>& args, const std::string& env) {
    std::string command = "env -i TZ=UTC LC_ALL=C " + env + " " + ShellQuote(POLICY_CONFIG_BINARY);
    for (const std::string& arg : args) command += " " + ShellQuote(arg);
    command += " > " + ShellQuote(folder_.path() + "/out.txt") + " 2> " +
               ShellQuote(folder_.path() + "/err.txt");
    const int status = std::system(command.c_str());
    ToolRun run;
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.out = Slurp(folder_.path() + "/out.txt");
    run.err = Slurp(folder_.path() + "/err.txt");
    return run;
  }
  // Runs with CONDOR_CONFIG naming a file holding `config`.
  ToolRun RunWith(const std::string& config, const std::vector<std::string>& args) {
    config_ = folder_.Write("condor_config", config);
    return Run(args, "CONDOR_CONFIG=" + ShellQuote(config_));
  }

  TempFolder folder_;
  std::string config_;
};

TEST_F(PolicyConfigToolTest, PrintsEachValueFullyExpanded) {
  const ToolRun run = RunWith("A = 1\nB = $(A) and $(C)\nC = three\n", {"B", "a"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "1 and three\n1\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(PolicyConfigToolTest, UndefinedAndEmptyAreNotDefined) {
  const ToolRun run = RunWith("A = 1\nE =\n", {"NOPE", "A", "E"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "1\n");
  EXPECT_EQ(run.err, "Not defined: NOPE\nNot defined: E\n");
}

TEST_F(PolicyConfigToolTest, TableDefaultsAreValues) {
  const ToolRun run = RunWith("X = 1\n", {"NEGOTIATOR_INTERVAL", "-v"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "60\n  # default\n");
}

TEST_F(PolicyConfigToolTest, VerboseSaysWhereEachValueWasSet) {
  const ToolRun run = RunWith("\nA = 1\nNEGOTIATOR.A = 2\n", {"-v", "A"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "2\n  # at " + config_ + ", line 3\n");
}

TEST_F(PolicyConfigToolTest, SubsystemChoosesThePrefixedSettings) {
  const std::string config = "A = plain\nNEGOTIATOR.A = negotiator\nSCHEDD.A = schedd\n";
  EXPECT_EQ(RunWith(config, {"A"}).out, "negotiator\n");
  EXPECT_EQ(RunWith(config, {"-subsystem", "SCHEDD", "A"}).out, "schedd\n");
  EXPECT_EQ(RunWith(config, {"-subsystem", "STARTD", "A"}).out, "plain\n");
  EXPECT_EQ(RunWith(config + "N2.A = local\n", {"-local-name", "N2", "A"}).out, "local\n");
}

TEST_F(PolicyConfigToolTest, AConfigurationThatCannotBeReadExitsTwo) {
  ToolRun run = RunWith("A = 1\nif bogus && stuff\nendif\n", {"A"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, config_ +
                         ":2:4: bogus && stuff is not a valid if condition because complex "
                         "conditionals are not supported\n");
  run = Run({"A"}, "CONDOR_CONFIG=" + ShellQuote(folder_.path() + "/missing"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("does not exist"), std::string::npos) << run.err;
}

TEST_F(PolicyConfigToolTest, AnExpansionLoopExitsTwo) {
  const ToolRun run = RunWith("A = $(B)\nB = $(A)\nC = 1\n", {"C", "A"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "1\n");
  EXPECT_NE(run.err.find("macro expansion loop: A -> B -> A"), std::string::npos) << run.err;
}

TEST_F(PolicyConfigToolTest, WarningsGoToStandardError) {
  const ToolRun run = RunWith("A : 1\n", {"A"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "1\n");
  EXPECT_EQ(run.err, config_ +
                         ":1:1: obsolete use of ':' for parameter assignment at A : 1 (write A = "
                         "...)\n");
}

TEST_F(PolicyConfigToolTest, DumpPrintsEveryKnobTheFilesSet) {
  const std::string config = "b = $(A)!\nA = 1\nNEG_X = 2\nneg_y = 3\n";
  ToolRun run = RunWith(config, {"-dump"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "A = 1\nb = 1!\nNEG_X = 2\nneg_y = 3\n");
  run = RunWith(config, {"-dump", "neg_"});
  EXPECT_EQ(run.out, "NEG_X = 2\nneg_y = 3\n");
}

TEST_F(PolicyConfigToolTest, NegotiatorListsTheTablesKnobsWithTheirOrigin) {
  const ToolRun run = RunWith("\nNEGOTIATOR_INTERVAL = 30\n", {"-negotiator"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("NEGOTIATOR_INTERVAL = 30\n  # at " + config_ + ", line 2\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("PREEMPTION_REQUIREMENTS = False\n  # default\n"), std::string::npos)
      << run.out;
}

TEST_F(PolicyConfigToolTest, ConfigOptionReplacesCondorConfigAndRepeats) {
  const std::string first = folder_.Write("first", "A = first\nB = b\n");
  const std::string second = folder_.Write("second", "A = second\n");
  const ToolRun run = Run({"-config", first, "-config", second, "A", "B"},
                          "CONDOR_CONFIG=" + ShellQuote(folder_.path() + "/missing"));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "second\nb\n");
}

TEST_F(PolicyConfigToolTest, OnlyEnvReadsNoFileButTheCondorVariables) {
  const ToolRun run = Run({"X", "-v"}, "CONDOR_CONFIG=ONLY_ENV _condor_X=from_env");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "from_env\n  # environment (_condor_X)\n");
}

TEST_F(PolicyConfigToolTest, LocalConfigDirOfTheExample) {
  const std::string dir = folder_.Mkdir("config.d");
  folder_.Write("config.d/10-a", "A = from dir\n");
  const ToolRun run =
      RunWith("LOCAL_CONFIG_DIR = $(CONFIG_ROOT)/config.d\nA = root\n", {"A", "-v"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "from dir\n  # at " + dir + "/10-a, line 1\n");
}

TEST_F(PolicyConfigToolTest, BadUsageExitsThree) {
  ToolRun run = Run({}, "");
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("usage: policy_config"), std::string::npos);
  run = Run({"-bogus", "A"}, "");
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("unknown option -bogus"), std::string::npos);
  run = Run({"-config"}, "");
  EXPECT_EQ(run.exit_code, 3);
  run = Run({"-dump", "-negotiator"}, "");
  EXPECT_EQ(run.exit_code, 3);
  run = Run({"-help"}, "");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("Exit status"), std::string::npos);
}

TEST_F(PolicyConfigToolTest, TheExampleConfigurationReads) {
  const std::string root = std::string(CLASSAD_EXAMPLES_DIR) + "/policy/condor_config";
  if (!std::ifstream(root).good()) GTEST_SKIP() << "no " << root;
  const ToolRun run =
      Run({"PREEMPTION_REQUIREMENTS", "NEGOTIATOR_INTERVAL"}, "CONDOR_CONFIG=" + ShellQuote(root));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("(SubmitterGroup =?= RemoteGroup))\n60\n"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace policy

namespace policy {
namespace {

TEST_F(PolicyConfigToolTest, CheckListsEveryPolicyProblem) {
  ToolRun run = RunWith(
      "NEGOTIATOR_CONSIDER_PREEMPTION = Flase\n"
      "GROUP_NAMES = a b\n"
      "GROUP_QUOTA_a = lots\n"
      "PREEMPTION_REQUIREMENTS = RemoteUserPrio > \\\n"
      "  SubmitterUserPrio *\n",
      {"-check"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.out.find(config_ + ":1:34: error: NEGOTIATOR_CONSIDER_PREEMPTION: \"Flase\""),
            std::string::npos) << run.out;
  EXPECT_NE(run.out.find(config_ + ":3:17: error: GROUP_QUOTA_a:"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(config_ + ":5:22: error: PREEMPTION_REQUIREMENTS:"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("warning: GROUP_NAMES: group \"b\" has no GROUP_QUOTA_b"),
            std::string::npos) << run.out;
  EXPECT_NE(run.out.find("3 errors, 1 warnings\n"), std::string::npos) << run.out;
  run = RunWith("GROUP_NAMES = a\nGROUP_QUOTA_a = 10\n", {"-check"});
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_EQ(run.out, "0 errors, 0 warnings\n");
  const std::string root = std::string(CLASSAD_EXAMPLES_DIR) + "/policy/condor_config";
  run = Run({"-check"}, "CONDOR_CONFIG=" + ShellQuote(root));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
}

}  // namespace
}  // namespace policy
