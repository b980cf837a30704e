// policy_explain with an accountant (POLICY_EXPLAIN_BINARY): the bindings
// the command line leaves out are read from `--accountant FILE.json` (the
// bundled examples/accountant/accountant.json, for the pool of
// examples/policy/) or from `--state DB` (a SQLite store made with
// `userprio --import`, USERPRIO_BINARY, opened read-only), the values
// change PREEMPTION_REQUIREMENTS' outcome, the command line wins, the text
// says where each value came from, and a bad accountant is exit 2 with
// file:line:col.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "tests/policy/config_test_util.h"
#include "tests/tool_run.h"

namespace {

using policy::testing_util::TempFolder;
using test_tools::ShellQuote;
using test_tools::Slurp;
using test_tools::ToolRun;

const std::string kExamples = CLASSAD_EXAMPLES_DIR;
const std::string kConfig = kExamples + "/policy/condor_config";
const std::string kAccountant = kExamples + "/accountant/accountant.json";
// The example accountant's LastUpdateTime.
constexpr const char* kNow = "1700000000";

// A slot of the example pool claimed by frank@partner.org (no group: the
// root "<none>", EUP 1.5 * 1e7) for two hours, with a MATLAB licence.
constexpr const char* kFranksSlot = R"([
  MyType = "Machine";
  Name = "slot1_2@bio01.pool.example.org";
  Machine = "bio01.pool.example.org";
  StartdIpAddr = "<10.0.4.1:9618>";
  State = "Claimed";
  Activity = "Busy";
  OpSys = "LINUX";
  Cpus = 4;
  Memory = 16384;
  RemoteUser = "frank@partner.org";
  EnteredCurrentState = 1699992800;
  TotalJobRunTime = 7200;
  ConcurrencyLimits = "matlab";
  Start = true;
  Requirements = START && (TARGET.RequestCpus <= Cpus);
  Rank = 0;
  CurrentRank = 0
]
)";

// A job of carol's in group_chemistry (EUP 58 * 1000, group usage 64 of a
// static quota of 400).
constexpr const char* kCarolsJob = R"(MyType = "Job"
ClusterId = 7
ProcId = 0
Owner = "carol"
User = "carol@pool.example.org"
AccountingGroup = "group_chemistry.carol"
RequestCpus = 4
RequestMemory = 4096
ConcurrencyLimits = "matlab"
Requirements = (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory)
)";

// A job of zoe's, whom the accountant has never seen, in group_bio
// (GROUP_PRIO_FACTOR_group_bio = 2000).
constexpr const char* kZoesJob = R"(MyType = "Job"
ClusterId = 8
ProcId = 0
Owner = "zoe"
AccountingGroup = "group_bio.zoe"
RequestCpus = 1
RequestMemory = 1024
Requirements = (TARGET.OpSys == "LINUX")
)";

class ExplainAccountantTest : public ::testing::Test {
 protected:
  void SetUp() override {
    slot_ = folder_.Write("slot.ad", kFranksSlot);
    job_ = folder_.Write("job.ad", kCarolsJob);
  }

  // Runs `binary` with `args` in a clean environment (TZ=UTC, LC_ALL=C).
  ToolRun RunTool(const std::string& binary, const std::vector<std::string>& args) {
    std::string command = "env -i TZ=UTC LC_ALL=C " + ShellQuote(binary);
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

  // policy_explain on the test's slot and job (or `job`) at kNow, with
  // `more` options.
  ToolRun Explain(const std::vector<std::string>& more, const std::string& job = "") {
    std::vector<std::string> args = {
        "--config", kConfig, "--slot", slot_, "--job", job.empty() ? job_ : job, "--now", kNow};
    args.insert(args.end(), more.begin(), more.end());
    return RunTool(POLICY_EXPLAIN_BINARY, args);
  }

  // The example accountant with a group quota table (the last cycle's):
  // group_chemistry's effective quota `chemistry`, the root's `root`.
  std::string AccountantWithQuotas(const std::string& chemistry, const std::string& root) {
    std::string text = Slurp(kAccountant);
    const size_t end = text.rfind('}');
    EXPECT_NE(end, std::string::npos);
    const size_t last = text.find_last_not_of(" \n", end - 1);
    text = text.substr(0, last + 1) +
           ",\n"
           "  \"GroupQuotas\": {\n"
           "    \"<none>\": { \"EffectiveQuota\": " +
           root +
           ", \"CycleTime\": 1700000000 },\n"
           "    \"group_chemistry\": { \"StaticQuota\": true, \"ConfigQuota\": 400, "
           "\"EffectiveQuota\": " +
           chemistry +
           ", \"CycleTime\": 1700000000 }\n"
           "  }\n"
           "}\n";
    return folder_.Write("quotas.json", text);
  }

  TempFolder folder_;
  std::string slot_, job_;
};

// The line of `text` that starts with `prefix` (after blanks), or "".
std::string LineStartingWith(const std::string& text, const std::string& prefix) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    const size_t first = line.find_first_not_of(' ');
    if (first != std::string::npos && line.compare(first, prefix.size(), prefix) == 0) return line;
    start = end + 1;
  }
  return "";
}

TEST_F(ExplainAccountantTest, WithoutAnAccountantTheDefaultsRefuseThePreemption) {
  const ToolRun run = Explain({});
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("Result: no match"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("RemoteUserPrio = 500.0 (default)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("SubmitterUserPrio = 500.0 (default)"), std::string::npos) << run.out;
  // No accountant, no section about it.
  EXPECT_EQ(run.out.find("Where the bound values came from"), std::string::npos) << run.out;
}

TEST_F(ExplainAccountantTest, TheExampleAccountantBindsBothSidesAndAllowsThePreemption) {
  const ToolRun run = Explain({"--accountant", kAccountant});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_NE(run.out.find("Result: match, by preempting for priority"), std::string::npos)
      << run.out;
  // The submitter's EUP (RUP 58 * factor 1000), usage, group and the group
  // record's usage; the remote user's EUP (1.5 * 1e7), usage, group (the
  // root) and the root record's usage.
  for (const char* bound :
       {"SubmittorPrio = 58000.0,", "SubmitterUserPrio = 58000.0,",
        "SubmitterUserResourcesInUse = 64.0,", "SubmitterGroup = \"group_chemistry\",",
        "SubmitterGroupResourcesInUse = 64.0,", "RemoteUserPrio = 1.5e+07,",
        "RemoteUserResourcesInUse = 4.0,", "RemoteGroup = \"<none>\",",
        "RemoteGroupResourcesInUse = 12.0,"}) {
    EXPECT_NE(run.out.find(bound), std::string::npos) << bound << "\n" << run.out;
  }
  EXPECT_NE(run.out.find("RemoteUserPrio = 1.5e+07 > TARGET.SubmitterUserPrio * 1.2 = 69600.0"),
            std::string::npos)
      << run.out;
  // Where each value came from.
  EXPECT_NE(run.out.find("\nWhere the bound values came from:\n  the accountant: " + kAccountant +
                         ", LastUpdateTime 1700000000 = 2023-11-14 22:13:20 UTC\n"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(LineStartingWith(run.out, "from the accountant:"),
            "  from the accountant: SubmittorPrio, SubmitterUserPrio, "
            "SubmitterUserResourcesInUse, SubmitterGroup, SubmitterGroupResourcesInUse, "
            "RemoteUserPrio, RemoteUserResourcesInUse, RemoteGroup, RemoteGroupResourcesInUse")
      << run.out;
  EXPECT_EQ(LineStartingWith(run.out, "defaults:"),
            "  defaults: SubmitterNegotiatingGroup, SubmitterAutoregroup, SubmitterGroupQuota, "
            "RemoteGroupQuota")
      << run.out;
  EXPECT_EQ(LineStartingWith(run.out, "from the command line:"), "") << run.out;
  // frank's slot's record holds the one MATLAB licence in use.
  EXPECT_NE(run.out.find("matlab: needs 1, 1 in use of 60: fits"), std::string::npos) << run.out;
  EXPECT_EQ(LineStartingWith(run.out, "concurrency limits in use:"),
            "  concurrency limits in use: matlab = 1 (the accountant)")
      << run.out;
  // The example holds no group quota table: the quotas are the defaults.
  EXPECT_NE(run.out.find("  note: the accountant holds no group quota table"), std::string::npos)
      << run.out;
}

TEST_F(ExplainAccountantTest, TheCommandLineWinsOverTheAccountant) {
  const ToolRun run = Explain({"--accountant", kAccountant, "--remote-prio", "100",
                               "--limit-in-use", "MATLAB=60", "--submitter-group-quota", "500"});
  // frank's priority from the command line is better than carol's: no
  // preemption; and the licences are all in use.
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("RemoteUserPrio = 100.0 < TARGET.SubmitterUserPrio * 1.2 = 69600.0"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("SubmitterUserPrio = 58000.0,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("matlab: needs 1, 60 in use of 60"), std::string::npos) << run.out;
  EXPECT_EQ(LineStartingWith(run.out, "from the command line:"),
            "  from the command line: SubmitterGroupQuota, RemoteUserPrio")
      << run.out;
  const std::string accountant = LineStartingWith(run.out, "from the accountant:");
  EXPECT_NE(accountant.find("SubmitterUserPrio"), std::string::npos) << run.out;
  EXPECT_EQ(accountant.find("RemoteUserPrio"), std::string::npos) << run.out;
  EXPECT_EQ(LineStartingWith(run.out, "concurrency limits in use:"),
            "  concurrency limits in use: matlab = 60 (the command line)")
      << run.out;
}

TEST_F(ExplainAccountantTest, TheSubmitterOptionNamesWhomTheAccountantIsAskedAbout) {
  // bob (group_physics.lep, RUP 14.25) instead of carol.
  const ToolRun run = Explain(
      {"--accountant", kAccountant, "--submitter", "group_physics.lep.bob@pool.example.org"});
  EXPECT_NE(run.out.find("SubmitterUserPrio = 14250.0,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("SubmitterGroup = \"group_physics.lep\","), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("SubmitterGroupResourcesInUse = 16.0,"), std::string::npos) << run.out;
}

TEST_F(ExplainAccountantTest, TheLastCyclesGroupQuotaTableGivesTheQuotas) {
  // An effective quota of 50 for chemistry: carol's group (64 in use) is
  // above it, so the quota clause refuses the preemption.
  ToolRun run = Explain({"--accountant", AccountantWithQuotas("50", "5")});
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("SubmitterGroupResourcesInUse = 64.0 > SubmitterGroupQuota = 50.0"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("SubmitterGroupQuota = 50.0\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("RemoteGroupQuota = 5.0\n"), std::string::npos) << run.out;
  const std::string accountant = LineStartingWith(run.out, "from the accountant:");
  EXPECT_NE(accountant.find("SubmitterGroupQuota"), std::string::npos) << run.out;
  EXPECT_NE(accountant.find("RemoteGroupQuota"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("note: the accountant holds no group quota table"), std::string::npos)
      << run.out;

  // 100 for chemistry, 20 for the root: chemistry below, the root (12 in
  // use) not above: refused by the other side.
  run = Explain({"--accountant", AccountantWithQuotas("100", "20")});
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("RemoteGroupResourcesInUse = 12.0 < RemoteGroupQuota = 20.0"),
            std::string::npos)
      << run.out;

  // 100 and 5: allowed.
  run = Explain({"--accountant", AccountantWithQuotas("100", "5")});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
}

TEST_F(ExplainAccountantTest, ASubmitterWithoutARecordGetsANewRecordsPriority) {
  const std::string job = folder_.Write("zoe.ad", kZoesJob);
  const ToolRun run = Explain({"--accountant", kAccountant}, job);
  // 0.5 times group_bio's factor, 2000.
  EXPECT_NE(run.out.find("SubmitterUserPrio = 1000.0,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("SubmitterUserResourcesInUse = 0.0,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("SubmitterGroupResourcesInUse = 8.0,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("note: the submitter group_bio.zoe@pool.example.org has no record in "
                         "the accountant: its priority is a new record's (0.5 times the factor "
                         "2000)"),
            std::string::npos)
      << run.out;
}

TEST_F(ExplainAccountantTest, AnUnclaimedSlotBindsOnlyTheSubmitter) {
  std::string idle = kFranksSlot;
  idle.replace(idle.find("  RemoteUser = \"frank@partner.org\";\n"),
               std::string("  RemoteUser = \"frank@partner.org\";\n").size(), "");
  idle.replace(idle.find("\"Claimed\""), 9, "\"Unclaimed\"");
  slot_ = folder_.Write("idle.ad", idle);
  ToolRun run = Explain({"--accountant", kAccountant});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("  on the slot: none\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("note: the accountant holds no group quota table"), std::string::npos)
      << run.out;
  // With the submitter's quota given, no quota is left to a default.
  run = Explain({"--accountant", kAccountant, "--submitter-group-quota", "10"});
  EXPECT_EQ(run.out.find("note:"), std::string::npos) << run.out;
}

TEST_F(ExplainAccountantTest, JsonMarksTheAccountantsValuesAsNotDefaults) {
  const ToolRun run = Explain({"--accountant", kAccountant, "--json"});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("\"name\": \"RemoteUserPrio\",\n"
                         "      \"on\": \"slot\",\n"
                         "      \"value\": {\n"
                         "        \"type\": \"real\",\n"
                         "        \"value\": 1.5e+07\n"
                         "      },\n"
                         "      \"default\": false\n"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("Where the bound values came from"), std::string::npos);
}

TEST_F(ExplainAccountantTest, ABadAccountantFileIsExit2WithItsPosition) {
  const std::string bad =
      folder_.Write("bad.json", "{\n  \"FormatVersion\": 1,\n  \"LastUpdateTime\": \"x\"\n}\n");
  ToolRun run = Explain({"--accountant", bad});
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err.rfind(bad + ":3:21: ", 0), 0u) << run.err;

  const std::string truncated = folder_.Write("truncated.json", Slurp(kAccountant).substr(0, 700));
  run = Explain({"--accountant", truncated});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.err.rfind(truncated + ":", 0), 0u) << run.err;

  const std::string binary = folder_.Write("binary.json", std::string("{\0\xff\n", 4));
  run = Explain({"--accountant", binary});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.err.rfind(binary + ":1:", 0), 0u) << run.err;

  run = Explain({"--accountant", folder_.path() + "/missing.json"});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.err, "policy_explain: cannot read " + folder_.path() +
                         "/missing.json: No such file or directory\n");

  run = Explain({"--accountant", folder_.path()});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("not a regular file"), std::string::npos) << run.err;
}

TEST_F(ExplainAccountantTest, AStoreMadeByUserprioIsReadAndNeverWritten) {
  const std::string db = folder_.path() + "/acct.db";
  const ToolRun import = RunTool(USERPRIO_BINARY, {"-config", kConfig, "--state", db, "--import",
                                                   AccountantWithQuotas("100", "5")});
  ASSERT_EQ(import.exit_code, 0) << import.err;
  const std::string before = Slurp(db);
  ASSERT_FALSE(before.empty());

  const ToolRun run = Explain({"--state", db, "--remote-prio", "1e9"});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("Result: match, by preempting for priority"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("  the accountant: " + db + ", LastUpdateTime 1700000000"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("SubmitterUserPrio = 58000.0,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("SubmitterGroupQuota = 100.0\n"), std::string::npos) << run.out;
  EXPECT_EQ(LineStartingWith(run.out, "from the command line:"),
            "  from the command line: RemoteUserPrio")
      << run.out;
  EXPECT_EQ(LineStartingWith(run.out, "concurrency limits in use:"),
            "  concurrency limits in use: matlab = 1 (the accountant)")
      << run.out;
  EXPECT_EQ(Slurp(db), before) << "policy_explain changed the store";
}

TEST_F(ExplainAccountantTest, AMissingOrBrokenStoreIsExit2AndNothingIsCreated) {
  const std::string missing = folder_.path() + "/missing.db";
  ToolRun run = Explain({"--state", missing});
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find(missing), std::string::npos) << run.err;
  struct stat info;
  EXPECT_NE(::stat(missing.c_str(), &info), 0) << "the store was created";

  const std::string not_a_store = folder_.Write("not.db", "this is not a database\n");
  run = Explain({"--state", not_a_store});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find(not_a_store), std::string::npos) << run.err;
  EXPECT_EQ(Slurp(not_a_store), "this is not a database\n");
}

TEST_F(ExplainAccountantTest, BadUsesOfTheOptions) {
  ToolRun run = Explain({"--accountant", kAccountant, "--state", folder_.path() + "/a.db"});
  EXPECT_EQ(run.exit_code, 3) << run.err;
  EXPECT_NE(run.err.find("give --accountant or --state, not both"), std::string::npos) << run.err;

  run = Explain({"--accountant="});
  EXPECT_EQ(run.exit_code, 3) << run.err;
  EXPECT_NE(run.err.find("--accountant needs a value"), std::string::npos) << run.err;

  run = RunTool(POLICY_EXPLAIN_BINARY, {"--config", kConfig, "--slots", slot_, "--jobs", job_,
                                        "--accountant", kAccountant});
  EXPECT_EQ(run.exit_code, 3) << run.err;
  EXPECT_NE(run.err.find("the pool mode binds the same values for every pair"), std::string::npos)
      << run.err;
}

}  // namespace
