// policy_lint --slots FILE / --jobs FILE: sample ads in any of the ad
// formats extend the attribute catalogue and give types; unreadable or
// malformed sample files are bad input (exit 3).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "tests/policy/config_test_util.h"
#include "tests/tool_run.h"

namespace {

using policy::testing_util::TempFolder;
using test_tools::ShellQuote;
using test_tools::ToolRun;

// Runs policy_lint with `args` (shell words); stdout, and stderr apart.
ToolRun Lint(const TempFolder& folder, const std::string& args) {
  ToolRun run;
  const std::string err = folder.path() + "/stderr.txt";
  const std::string command =
      std::string(POLICY_LINT_BINARY) + " --color=never " + args + " 2>" + ShellQuote(err);
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.err = test_tools::Slurp(err);
  return run;
}

constexpr const char* kConfig =
    "NEGOTIATOR_SLOT_CONSTRAINT = (HasFastScrach =?= True) && (GpuModel > 3)\n"
    "NEGOTIATOR_JOB_CONSTRAINT = GrantNumbr =!= \"x\"\n";

TEST(LintSampleAds, EveryAdFormatExtendsTheCatalogue) {
  TempFolder folder;
  const std::string config = folder.Write("pool.conf", kConfig);
  // Without samples the site's attributes are unknown but far from any
  // standard name: nothing to say.
  ToolRun run = Lint(folder, "--werror " + ShellQuote(config));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;

  const std::string slots_new =
      folder.Write("slots.ad",
                   "[ Name = \"slot1@a\"; HasFastScratch = true; GpuModel = \"A100\" ]\n"
                   "[ Name = \"slot2@a\"; HasFastScratch = false ]\n");
  const std::string jobs_old = folder.Write("jobs.ad",
                                            "Owner = \"alice\"\nGrantNumber = \"phys-1\"\n\n"
                                            "Owner = \"bob\"\nGrantNumber = \"chem-2\"\n\n");
  const std::string slots_json =
      folder.Write("slots.json", "[ { \"Name\": \"slot1@b\", \"HasFastScratch\": true } ]\n");
  run = Lint(folder, "--slots " + ShellQuote(slots_new) + " --jobs=" + ShellQuote(jobs_old) + " " +
                         ShellQuote(config));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("pool.conf:1:31: warning: NEGOTIATOR_SLOT_CONSTRAINT: HasFastScrach is "
                         "not an attribute HTCondor or the sample ads define; did you mean "
                         "HasFastScratch? [unknown-attribute]"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("pool.conf:1:59: warning: NEGOTIATOR_SLOT_CONSTRAINT: GpuModel (a "
                         "string) is compared with 3 (a number) by >"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("pool.conf:2:29: warning: NEGOTIATOR_JOB_CONSTRAINT: GrantNumbr is not"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(Lint(folder, "--werror --slots=" + ShellQuote(slots_new) + " " + ShellQuote(config))
                .exit_code,
            1);
  // JSON, and two files of one kind.
  run = Lint(folder, "--slots " + ShellQuote(slots_json) + " --slots " + ShellQuote(slots_new) +
                         " " + ShellQuote(config));
  EXPECT_NE(run.out.find("did you mean HasFastScratch?"), std::string::npos) << run.out;
}

TEST(LintSampleAds, UnreadableOrMalformedSamplesAreBadInput) {
  TempFolder folder;
  const std::string config = folder.Write("pool.conf", kConfig);
  ToolRun run = Lint(
      folder, "--slots " + ShellQuote(folder.path() + "/missing.ad") + " " + ShellQuote(config));
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("missing.ad"), std::string::npos) << run.err;
  const std::string bad = folder.Write("bad.ad", "[ Memory = ; ]\n");
  run = Lint(folder, "--jobs " + ShellQuote(bad) + " " + ShellQuote(config));
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("bad.ad:1:"), std::string::npos) << run.err;
  EXPECT_EQ(Lint(folder, "--slots").exit_code, 3);
}

}  // namespace
