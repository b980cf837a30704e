// The policy_lint tool: exit status, output formats, folders, and every
// bundled example configuration lints clean (also with --werror).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "tests/policy/config_test_util.h"

namespace {

using policy::testing_util::TempFolder;

struct ToolRun {
  int status = -1;
  std::string out;
};

// Runs policy_lint with `args` (shell words), stdout captured, stderr dropped.
ToolRun Lint(const std::string& args) {
  ToolRun run;
  const std::string command = std::string(POLICY_LINT_BINARY) + " " + args + " 2>/dev/null";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
  const int status = ::pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::string Quoted(const std::string& path) { return "'" + path + "'"; }

TEST(LintTool, BundledExampleIsClean) {
  const ToolRun run =
      Lint("--werror " + Quoted(std::string(CLASSAD_EXAMPLES_DIR) + "/policy/condor_config"));
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(run.out, "");
}

TEST(LintTool, RealisticConfigurationsAreClean) {
  const std::filesystem::path dir = std::filesystem::path(CLASSAD_EXAMPLES_DIR) / "policy/lint";
  int count = 0;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    if (file.path().extension() != ".config") continue;
    ++count;
    const ToolRun run = Lint("--werror " + Quoted(file.path().string()));
    EXPECT_EQ(run.status, 0) << file.path() << "\n" << run.out;
    EXPECT_EQ(run.out, "") << file.path();
  }
  EXPECT_GE(count, 5);
}

TEST(LintTool, ExitStatus) {
  TempFolder folder;
  const std::string warn = folder.Write("warn.conf", "SLOT_WEIGHT = $(CPU_WEIGHT)\n");
  const std::string error = folder.Write("error.conf", "NEGOTIATOR_INTERVAL = 1O\n");
  const std::string broken = folder.Write("broken.conf", "NEGOTIATOR_INTERVAL\n");
  const std::string clean = folder.Write("clean.conf", "NEGOTIATOR_INTERVAL = 60\n");

  EXPECT_EQ(Lint(Quoted(clean)).status, 0);
  ToolRun run = Lint(Quoted(warn));
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out, warn +
                         ":1:15: warning: $(CPU_WEIGHT) is never defined and has no default: "
                         "HTCondor expands it to nothing (write $(CPU_WEIGHT:default) if that "
                         "is meant) [undefined-macro]\n");
  EXPECT_EQ(Lint("--werror " + Quoted(warn)).status, 1);
  EXPECT_EQ(Lint("--werror --disable=undefined-macro " + Quoted(warn)).status, 0);
  EXPECT_EQ(Lint(Quoted(error)).status, 2);
  run = Lint(Quoted(broken));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find(broken + ":1:"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("[config-read]"), std::string::npos) << run.out;

  const std::string binary = folder.Write("binary.conf", std::string("X = \xff\x00\x01\n", 8));
  run = Lint(Quoted(binary));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find(binary + ":1:5: error: "), std::string::npos) << run.out;

  EXPECT_EQ(Lint(Quoted(folder.path() + "/missing.conf")).status, 3);
  EXPECT_EQ(Lint("").status, 3);
  EXPECT_EQ(Lint("--format=xml " + Quoted(clean)).status, 3);
  EXPECT_EQ(Lint("--disable=no-such-check " + Quoted(clean)).status, 3);
  EXPECT_EQ(Lint("--bogus " + Quoted(clean)).status, 3);
  EXPECT_EQ(Lint("--help").status, 0);
}

TEST(LintTool, SeveralFilesMergeAndAFolderIsItsFiles) {
  TempFolder folder;
  const std::string first = folder.Write("conf/10-a.conf", "NEGOTIATOR_INTERVAL = 60\n");
  folder.Write("conf/20-b.conf", "NEGOTIATOR_INTERVAL = 30\n");
  ToolRun run = Lint(Quoted(folder.path() + "/conf"));
  EXPECT_NE(run.out.find("20-b.conf:1:1: warning: NEGOTIATOR_INTERVAL is set again"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("10-a.conf:1:1: note: NEGOTIATOR_INTERVAL first set here"),
            std::string::npos)
      << run.out;
  run = Lint(Quoted(first) + " " + Quoted(folder.path() + "/conf/20-b.conf"));
  EXPECT_NE(run.out.find("[redefinition]"), std::string::npos) << run.out;
}

TEST(LintTool, Formats) {
  TempFolder folder;
  const std::string file = folder.Write("p.conf", "PREEMPTION_REQUIREMENTS = True\n");
  ToolRun run = Lint("--format=json " + Quoted(file));
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("\"check\":\"preemption-guard\""), std::string::npos) << run.out;
  run = Lint("--format=sarif " + Quoted(file));
  EXPECT_NE(run.out.find("\"version\": \"2.1.0\""), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"ruleId\":\"preemption-guard\""), std::string::npos) << run.out;
  run = Lint("--color=always " + Quoted(file));
  EXPECT_NE(run.out.find(" PREEMPTION_REQUIREMENTS = True\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\033["), std::string::npos) << run.out;
  run = Lint("--color=never " + Quoted(file));  // not a terminal: no source lines
  EXPECT_EQ(run.out.find("\n "), std::string::npos) << run.out;
  run = Lint("--list-checks");
  EXPECT_NE(run.out.find("expr-syntax\t"), std::string::npos) << run.out;
}

}  // namespace
