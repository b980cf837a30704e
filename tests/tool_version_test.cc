// Every tool answers -version (and --version) with its name and the
// engine's version: the project's CMake version, which CMakeLists.txt gives
// this file as CLASSAD_ENGINE_VERSION.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <regex>
#include <string>

#include "tests/tool_run.h"

namespace {

using test_tools::RunToolIn;
using test_tools::ToolRun;

class ToolVersionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/tool_version_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    folder_ = pattern;
  }
  void TearDown() override { std::system(("rm -rf " + test_tools::ShellQuote(folder_)).c_str()); }

  // The one line `binary FLAG` must print for the tool `name`.
  void ExpectVersion(const std::string& binary, const std::string& name, const std::string& flag) {
    const ToolRun run = RunToolIn(folder_, binary, {flag});
    EXPECT_EQ(run.exit_code, 0) << name << " " << flag << ": " << run.err;
    EXPECT_EQ(run.out, name + " (classad_engine) " + CLASSAD_ENGINE_VERSION + "\n");
  }

  std::string folder_;
};

TEST(EngineVersionTest, IsMajorMinorPatch) {
  EXPECT_TRUE(std::regex_match(std::string(CLASSAD_ENGINE_VERSION),
                               std::regex("[0-9]+\\.[0-9]+\\.[0-9]+")))
      << CLASSAD_ENGINE_VERSION;
}

TEST_F(ToolVersionTest, EveryToolPrintsItsVersion) {
  ExpectVersion(CLASSAD_EVAL_BINARY, "classad_eval", "-version");
  ExpectVersion(POLICY_CONFIG_BINARY, "policy_config", "-version");
  ExpectVersion(POLICY_LINT_BINARY, "policy_lint", "--version");
  ExpectVersion(POLICY_EXPLAIN_BINARY, "policy_explain", "--version");
  ExpectVersion(USERPRIO_BINARY, "userprio", "-version");
  ExpectVersion(NEGOTIATOR_BINARY, "negotiator", "-version");
}

TEST_F(ToolVersionTest, VersionWinsWhereverItStands) {
  const ToolRun run = RunToolIn(folder_, CLASSAD_EVAL_BINARY, {"1 + 1", "-version"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, std::string("classad_eval (classad_engine) ") + CLASSAD_ENGINE_VERSION + "\n");
}

}  // namespace
