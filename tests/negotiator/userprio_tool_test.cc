// Tests of the userprio tool (condor_userprio's behaviour on the
// accountant's database): runs the built binary (USERPRIO_BINARY) in a
// temporary folder on the bundled example (examples/accountant/ with
// examples/policy/condor_config) and checks its output, its exit status and
// what it leaves in the database.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "negotiator/accountant/accountant_json.h"
#include "tests/policy/config_test_util.h"
#include "tests/tool_run.h"

namespace negotiator {
namespace {

using policy::testing_util::TempFolder;
using test_tools::ShellQuote;
using test_tools::Slurp;
using test_tools::ToolRun;

const std::string kExampleJson = std::string(CLASSAD_EXAMPLES_DIR) + "/accountant/accountant.json";
const std::string kExampleConfig = std::string(CLASSAD_EXAMPLES_DIR) + "/policy/condor_config";
constexpr const char* kNow = "1700000000";  // the example's LastUpdateTime
const std::string kAlice = "group_physics.hep.alice@pool.example.org";

class UserprioToolTest : public ::testing::Test {
 protected:
  void SetUp() override { db_ = folder_.path() + "/acct.db"; }

  // Runs the tool with `args` in a clean environment (TZ=UTC, LC_ALL=C,
  // `env` words added), from the temporary folder.
  ToolRun RunEnv(const std::vector<std::string>& args, const std::string& env) {
    std::string command = "cd " + ShellQuote(folder_.path()) + " && env -i TZ=UTC LC_ALL=C " + env +
                          " " + ShellQuote(USERPRIO_BINARY);
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
  // Runs with the example configuration and the test's database.
  ToolRun Run(std::vector<std::string> args) {
    args.insert(args.begin(), {"-config", kExampleConfig, "--state", db_});
    return RunEnv(args, "");
  }
  // Imports the example.
  void ImportExample() {
    const ToolRun run = Run({"--import", kExampleJson});
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  // The database as exported.
  AccountantSnapshot Export() {
    const ToolRun run = Run({"--export", "-"});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    auto snapshot = ParseAccountantJson(run.out, "export");
    EXPECT_TRUE(snapshot.ok()) << snapshot.status().ToString();
    return snapshot.ok() ? *snapshot : AccountantSnapshot{};
  }
  static const CustomerRecord* Find(const AccountantSnapshot& s, const std::string& name) {
    for (const CustomerRecord& c : s.customers) {
      if (c.name == name) return &c;
    }
    return nullptr;
  }
  // Runs an edit that must be refused with exit 1 and `message`, and checks
  // that the database's bytes and its export did not change.
  void ExpectRefused(const std::vector<std::string>& args, const std::string& message) {
    const std::string bytes = Slurp(db_);
    const std::string wal = Slurp(db_ + "-wal");
    const std::string before = Run({"--export", "-"}).out;
    std::vector<std::string> with_now = args;
    with_now.insert(with_now.end(), {"--now", "1700086400"});
    const ToolRun run = Run(with_now);
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, message);
    EXPECT_EQ(Slurp(db_), bytes) << "the database changed";
    EXPECT_EQ(Slurp(db_ + "-wal"), wal) << "the database's log changed";
    EXPECT_EQ(Run({"--export", "-"}).out, before);
  }

  TempFolder folder_;
  std::string db_;
};

// ---- import and export

TEST_F(UserprioToolTest, ImportThenExportGivesTheSameBytes) {
  ToolRun run = Run({"--import", kExampleJson});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "Imported 13 customer records and 9 resource records from " + kExampleJson + "\n");
  EXPECT_EQ(run.err, "");
  const std::string exported = folder_.path() + "/back.json";
  run = Run({"--export", exported});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "Exported 13 customer records and 9 resource records to " + exported + "\n");
  EXPECT_EQ(Slurp(exported), Slurp(kExampleJson));
  EXPECT_EQ(Run({"-export", "-"}).out, Slurp(kExampleJson));
}

TEST_F(UserprioToolTest, ImportReplacesTheWholeState) {
  ImportExample();
  const std::string small = folder_.Write("small.json",
                                          R"({"FormatVersion": 1, "LastUpdateTime": 1700000500,
          "Customers": {"zed@pool.example.org": {"Priority": 7, "PriorityFactor": 1000}}})");
  ToolRun run = Run({"--import", small});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const AccountantSnapshot s = Export();
  ASSERT_EQ(s.customers.size(), 1u);
  EXPECT_EQ(s.customers[0].name, "zed@pool.example.org");
  EXPECT_EQ(s.customers[0].priority, 7);
  EXPECT_TRUE(s.resources.empty());
  EXPECT_EQ(s.last_update_time, 1700000500);
}

TEST_F(UserprioToolTest, ImportFromStandardInput) {
  const std::string command = "cat " + ShellQuote(kExampleJson) + " | env -i TZ=UTC " +
                              ShellQuote(USERPRIO_BINARY) + " -config " +
                              ShellQuote(kExampleConfig) + " --state " + ShellQuote(db_) +
                              " --import - > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(Run({"--export", "-"}).out, Slurp(kExampleJson));
}

TEST_F(UserprioToolTest, ABadImportFileChangesNothing) {
  ImportExample();
  const std::string bytes = Slurp(db_);
  const std::string bad = folder_.Write(
      "bad.json",
      "{\"FormatVersion\": 1, \"LastUpdateTime\": 0,\n \"Customers\": {\"a@x\": {\"Priority\": "
      "\"high\"}}}");
  ToolRun run = Run({"--import", bad});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, bad + ":2:36: Priority: expected a number, found a string\n");
  EXPECT_EQ(Slurp(db_), bytes);
  EXPECT_EQ(Run({"--export", "-"}).out, Slurp(kExampleJson));

  run = Run({"--import", folder_.path() + "/missing.json"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "userprio: cannot read " + folder_.path() +
                         "/missing.json: No such file or directory\n");
  run = Run({"--import", folder_.path()});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err, "userprio: cannot read " + folder_.path() + ": not a regular file\n");
}

// Every line of `long_text` but the claim counts, which --import-condor
// leaves to the next cycle.
std::string WithoutClaimCounts(const std::string& long_text) {
  std::string out;
  size_t start = 0;
  while (start < long_text.size()) {
    size_t end = long_text.find('\n', start);
    if (end == std::string::npos) end = long_text.size();
    const std::string line = long_text.substr(start, end - start);
    if (line.rfind("ResourcesUsed = ", 0) != 0 && line.rfind("WeightedResourcesUsed = ", 0) != 0 &&
        line.rfind("HierWeightedResourcesUsed = ", 0) != 0) {
      out += line + "\n";
    }
    start = end + 1;
  }
  return out;
}

TEST_F(UserprioToolTest, ImportCondorReadsWhatCondorUserprioLongPrints) {
  ImportExample();
  const std::string long_text = Run({"-long", "--now", kNow}).out;
  ASSERT_NE(long_text.find("Name = \"" + kAlice + "\""), std::string::npos);
  // HTCondor's tool prints the same attributes (and more, which are read
  // past); into a second database.
  const std::string ads = folder_.Write("userprio.long", long_text);
  db_ = folder_.path() + "/second.db";
  ToolRun run = Run({"--import-condor", ads});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "Imported 13 customer records and 0 resource records from " + ads + "\n");
  const std::string again = Run({"-long", "--now", kNow}).out;
  EXPECT_NE(again, long_text);  // the claims are not imported
  EXPECT_EQ(WithoutClaimCounts(again), WithoutClaimCounts(long_text));
  const CustomerRecord* alice = Find(Export(), kAlice);
  ASSERT_NE(alice, nullptr);
  EXPECT_EQ(alice->resources_used, 0);

  // The JSON form (condor_status -accounting -json) reads the same.
  const std::string json = folder_.Write("userprio.json", Run({"--json", "--now", kNow}).out);
  db_ = folder_.path() + "/third.db";
  run = Run({"--import-condor", json});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Run({"-long", "--now", kNow}).out, again);
}

TEST_F(UserprioToolTest, ABadCondorImportFileChangesNothing) {
  ImportExample();
  const std::string bytes = Slurp(db_);
  const std::string bad = folder_.Write(
      "bad.long", "Name = \"a@x\"\nPriority = 1.0\n\nName = \"b@x\"\nFloor = \"two\"\n\n");
  const ToolRun run = Run({"--import-condor", bad});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            bad + ":4: accounting ad b@x (the ad from here): Floor is not a finite number\n");
  EXPECT_EQ(Slurp(db_), bytes);
}

TEST_F(UserprioToolTest, ExportOfAMissingDatabaseFailsAndCreatesNothing) {
  const ToolRun run = Run({"--export", folder_.path() + "/x.json"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("userprio: "), std::string::npos);
  EXPECT_EQ(Slurp(db_), "");
  EXPECT_EQ(Slurp(folder_.path() + "/x.json"), "");
}

// ---- listings

TEST_F(UserprioToolTest, TheDefaultTableListsActiveSubmittersUnderTheirGroupsByPriority) {
  ImportExample();
  const ToolRun run = Run({"--now", kNow});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  // erin, last used three days before, is left out; groups are ordered by
  // their priority, <none> last; a group's own priority is not shown.
  EXPECT_EQ(run.out,
            "Last Priority Update: 11/14 22:13\n"
            "Group                               Effective     Real   Priority  Wghted Total Usage"
            "       Usage             Last\n"
            "  User Name                          Priority   Priority  Factor   In Use (wghted-hrs)"
            "    Start Time       Usage Time\n"
            "---------------------------------- ------------ -------- --------- ------ ------------"
            " ---------------- ----------------\n"
            "group_physics.lep                                  14.25   1000.00     16      1920.00"
            " 11/09/2023 22:13 11/14/2023 22:13\n"
            "  bob@pool.example.org                 14250.00    14.25   1000.00     16      1920.00"
            " 11/09/2023 22:13 11/14/2023 22:13\n"
            "group_bio                                           7.50   2000.00      8       960.00"
            " 11/09/2023 22:13 11/14/2023 22:13\n"
            "  dave@pool.example.org                15000.00     7.50   2000.00      8       960.00"
            " 11/09/2023 22:13 11/14/2023 22:13\n"
            "group_chemistry                                    58.00   1000.00     64     30720.00"
            " 10/25/2023 22:13 11/14/2023 22:13\n"
            "  carol@pool.example.org               58000.00    58.00   1000.00     64     30720.00"
            " 10/25/2023 22:13 11/14/2023 22:13\n"
            "group_physics.hep                                  85.50   1000.00     96     23040.00"
            " 11/04/2023 22:13 11/14/2023 22:13\n"
            "  alice@pool.example.org               85500.00    85.50   1000.00     96     23040.00"
            " 11/04/2023 22:13 11/14/2023 22:13\n"
            "<none>                                              9.75   1000.00     12       422.22"
            " 11/03/2023 08:26 11/14/2023 22:13\n"
            "  frank@partner.org                 15000000.00     1.50     1e+07      4         8.00"
            " 11/14/2023 20:13 11/14/2023 22:13\n"
            "  nice-user.grace@pool.example.org        6e+10     6.00     1e+10      8       192.00"
            " 11/13/2023 22:13 11/14/2023 22:13\n"
            "---------------------------------- ------------ -------- --------- ------ ------------"
            " ---------------- ----------------\n"
            "Number of users: 6                                                    196     56840.00"
            "                  11/13/2023 22:13\n");
}

TEST_F(UserprioToolTest, ListingReadsTheDatabaseWithoutChangingIt) {
  ImportExample();
  const std::string bytes = Slurp(db_);
  // More than a day later: a listing charges nothing and moves nothing.
  ToolRun run = Run({"--now", "1700090000", "-all"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(Slurp(db_), bytes);
  EXPECT_EQ(Run({"--export", "-"}).out, Slurp(kExampleJson));
  // Only the records used in the day before --now: none, a day later.
  EXPECT_NE(run.out.find("Number of users: 0"), std::string::npos) << run.out;
}

TEST_F(UserprioToolTest, FlatPriorityTableIsSortedByEffectivePriority) {
  ImportExample();
  const ToolRun run = Run({"--now", kNow, "-flat", "-priority", "-allusers"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "Last Priority Update: 11/14 22:13\n"
            "                                          Effective     Real   Priority\n"
            "User Name                                  Priority   Priority  Factor\n"
            "---------------------------------------- ------------ -------- ---------\n"
            "erin@pool.example.org                         2250.00     2.25   1000.00\n"
            "<none>                                                    9.75   1000.00\n"
            "group_physics.lep                                        14.25   1000.00\n"
            "group_physics.lep.bob@pool.example.org       14250.00    14.25   1000.00\n"
            "group_bio                                                 7.50   2000.00\n"
            "group_bio.dave@pool.example.org              15000.00     7.50   2000.00\n"
            "group_chemistry                                          58.00   1000.00\n"
            "group_chemistry.carol@pool.example.org       58000.00    58.00   1000.00\n"
            "group_physics.hep                                        85.50   1000.00\n"
            "group_physics.hep.alice@pool.example.org     85500.00    85.50   1000.00\n"
            "group_physics                                            99.75   1000.00\n"
            "frank@partner.org                         15000000.00     1.50     1e+07\n"
            "nice-user.grace@pool.example.org                6e+10     6.00     1e+10\n"
            "---------------------------------------- ------------ -------- ---------\n"
            "Number of users: 7\n");
}

TEST_F(UserprioToolTest, UsageTableIsSortedByAccumulatedUsage) {
  ImportExample();
  const ToolRun run = Run({"--now", kNow, "-usage", "-flat", "-grouponly"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "Last Priority Update: 11/14 22:13\n"
            "Group              Wghted Total Usage       Usage             Last\n"
            "Name               In Use (wghted-hrs)    Start Time       Usage Time\n"
            "------------------ ------ ------------ ---------------- ----------------\n"
            "<none>                 12       422.22 11/03/2023 08:26 11/14/2023 22:13\n"
            "group_bio               8       960.00 11/09/2023 22:13 11/14/2023 22:13\n"
            "group_physics.lep      16      1920.00 11/09/2023 22:13 11/14/2023 22:13\n"
            "group_physics.hep      96     23040.00 11/04/2023 22:13 11/14/2023 22:13\n"
            "group_chemistry        64     30720.00 10/25/2023 22:13 11/14/2023 22:13\n"
            "------------------ ------ ------------ ---------------- ----------------\n"
            "Number of users: 6                                      11/13/2023 22:13\n");
}

TEST_F(UserprioToolTest, QuotaTableShowsTheConfigurationAndInUse) {
  ImportExample();
  const ToolRun run = Run({"--now", kNow, "-quotas"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "Last Priority Update: 11/14 22:13\n"
            "Group              Effective  Config     Use    Subtree  Wghted  Weighted\n"
            "Name                 Quota     Quota   Surplus   Quota   In Use Requested\n"
            "------------------ --------- --------- ------- --------- ------ ----------\n"
            "group_bio                n/d      0.20 ByQuota       n/d      8        n/d\n"
            "group_chemistry          n/d    400.00 Regroup       n/d     64        n/d\n"
            "group_physics            n/d      0.50 no            n/d      0        n/d\n"
            "group_physics.hep        n/d      0.70 ByQuota       n/d     96        n/d\n"
            "group_physics.lep        n/d      0.30 ByQuota       n/d     16        n/d\n"
            "<none>                   n/d      0.00 yes           n/d     12        n/d\n"
            "------------------ --------- --------- ------- --------- ------ ----------\n"
            "Number of users: 6                     Regroup\n");
}

TEST_F(UserprioToolTest, MostAndAllShowTheirColumns) {
  ImportExample();
  ToolRun run = Run({"--now", kNow, "-most"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  User Name                          Quota   Surplus   Priority    "
                         "Factor   In Use (wghted-hrs) Last Usage Requested    Floor    Ceiling\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("  dave@pool.example.org                                  15000.00   "
                         "2000.00      8       960.00      <now>                16.00\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("  carol@pool.example.org                                 58000.00   "
                         "1000.00     64     30720.00      <now>                         400.00\n"),
            std::string::npos)
      << run.out;
  run = Run({"--now", kNow, "-all"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(
      run.out.find("Effective  Config     Use    Subtree   Effective     Real   Priority  "
                   "Wghted Total Usage       Usage             Last       Time Since  Weighted"
                   "  Submitter Submitter"),
      std::string::npos)
      << run.out;
}

TEST_F(UserprioToolTest, GroupRollupSumsSubgroups) {
  ImportExample();
  const ToolRun run = Run({"--now", kNow, "-grouprollup", "-grouponly", "-usage", "-allusers"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("group_physics         112     24960.00"), std::string::npos) << run.out;
}

TEST_F(UserprioToolTest, NamesSelectRecords) {
  ImportExample();
  ToolRun run = Run({"--now", kNow, "-flat", "-priority", "erin@pool.example.org", "group_bio"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "Last Priority Update: 11/14 22:13\n"
            "                       Effective     Real   Priority\n"
            "User Name               Priority   Priority  Factor\n"
            "--------------------- ------------ -------- ---------\n"
            "erin@pool.example.org      2250.00     2.25   1000.00\n"
            "group_bio                              7.50   2000.00\n"
            "--------------------- ------------ -------- ---------\n"
            "Number of users: 1\n");
  // A name without @ matches the part before the last @.
  run = Run({"--now", kNow, "-flat", "frank"});
  EXPECT_NE(run.out.find("frank@partner.org"), std::string::npos);
  run = Run({"--now", kNow, "nobody@pool.example.org", "frank"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "userprio: no accountant record matches nobody@pool.example.org\n");
  EXPECT_NE(run.out.find("frank@partner.org"), std::string::npos);
}

TEST_F(UserprioToolTest, LongPrintsOneAdPerRecordWithTheEffectivePriority) {
  ImportExample();
  ToolRun run = Run({"-long", kAlice});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "Name = \"group_physics.hep.alice@pool.example.org\"\n"
            "Priority = 85500.0\n"
            "PriorityFactor = 1000.0\n"
            "Ceiling = -1\n"
            "Floor = 0\n"
            "ResourcesUsed = 3\n"
            "WeightedResourcesUsed = 96.0\n"
            "AccumulatedUsage = 2592000.0\n"
            "WeightedAccumulatedUsage = 82944000.0\n"
            "BeginUsageTime = 1699136000\n"
            "LastUsageTime = 1700000000\n"
            "LastUpdate = 1700000000\n"
            "IsAccountingGroup = false\n"
            "AccountingGroup = \"group_physics.hep\"\n"
            "\n");
  run = Run({"--json", "group_chemistry"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "[\n{\n"
            "  \"Name\": \"group_chemistry\",\n"
            "  \"Priority\": 58000.0,\n"
            "  \"PriorityFactor\": 1000.0,\n"
            "  \"Ceiling\": -1,\n"
            "  \"Floor\": 0,\n"
            "  \"ResourcesUsed\": 2,\n"
            "  \"WeightedResourcesUsed\": 64.0,\n"
            "  \"HierWeightedResourcesUsed\": 64.0,\n"
            "  \"AccumulatedUsage\": 3456000.0,\n"
            "  \"WeightedAccumulatedUsage\": 110592000.0,\n"
            "  \"BeginUsageTime\": 1698272000,\n"
            "  \"LastUsageTime\": 1700000000,\n"
            "  \"LastUpdate\": 1700000000,\n"
            "  \"IsAccountingGroup\": true,\n"
            "  \"AccountingGroup\": \"group_chemistry\",\n"
            "  \"ConfigQuota\": 400.0,\n"
            "  \"SurplusPolicy\": \"regroup\"\n"
            "}\n]\n");
  // Every record, sorted by name.
  run = Run({"-long"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.find("Name = \"<none>\""), 0u);
}

TEST_F(UserprioToolTest, ResourceListUsesNow) {
  ImportExample();
  const ToolRun run = Run({"--now", "1700003600", "-getreslist", kAlice});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out,
            "Resource Name                    Start Time   Match Time\n"
            "-------------                    ----------   ----------\n"
            "slot1@hep01.pool.example.org    11/13 22:13   1+01:00:00\n"
            "slot1@hep02.pool.example.org    11/14 00:13   0+23:00:00\n"
            "slot1@hep03.pool.example.org    11/14 10:00   0+13:13:20\n"
            "-------------                   ------------  ------------\n"
            "Number of Resources Used: 3\n");
}

// ---- edits

TEST_F(UserprioToolTest, EachEditIsStored) {
  ImportExample();
  // One hour after the example's last update: opening for an edit charges
  // that hour (HTCondor's startup), then the edit is made.
  const std::string later = "1700003600";
  struct Case {
    std::vector<std::string> args;
    std::string out;
  };
  const std::string bob = "group_physics.lep.bob@pool.example.org";
  const std::string dave = "group_bio.dave@pool.example.org";
  const std::vector<Case> cases = {
      {{"-setprio", kAlice, "3.5"}, "The priority of " + kAlice + " was set to 3.500000\n"},
      {{"-setfactor", bob, "2500"}, "The priority factor of " + bob + " was set to 2500.000000\n"},
      {{"-setfloor", dave, "32"}, "The floor of " + dave + " was set to 32\n"},
      {{"-setceiling", dave, "64"}, "The ceiling of " + dave + " was set to 64\n"},
      {{"-setaccum", bob, "7200.5"},
       "The Accumulated Usage of " + bob + " was set to 7200.500000\n"},
      {{"-setbegin", bob, "1690000000"},
       "The Begin Usage Time of " + bob + " was set to 1690000000\n"},
      {{"-setlast", bob, "1690000001"},
       "The Last Usage Time of " + bob + " was set to 1690000001\n"},
      {{"-resetusage", dave}, "The accumulated usage of " + dave + " was reset\n"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--now", later});
    const ToolRun run = Run(args);
    EXPECT_EQ(run.exit_code, 0) << c.args[0] << ": " << run.err;
    EXPECT_EQ(run.out, c.out);
    EXPECT_EQ(run.err, "");
  }
  const AccountantSnapshot s = Export();
  EXPECT_EQ(s.last_update_time, 1700003600);
  EXPECT_EQ(Find(s, kAlice)->priority, 3.5);
  EXPECT_EQ(Find(s, bob)->priority_factor, 2500);
  EXPECT_EQ(Find(s, bob)->weighted_accumulated_usage, 7200.5);
  EXPECT_EQ(Find(s, bob)->begin_usage_time, 1690000000);
  EXPECT_EQ(Find(s, bob)->last_usage_time, 1690000001);
  EXPECT_EQ(Find(s, dave)->floor, 32);
  EXPECT_EQ(Find(s, dave)->ceiling, 64);
  EXPECT_EQ(Find(s, dave)->accumulated_usage, 0);
  EXPECT_EQ(Find(s, dave)->weighted_accumulated_usage, 0);
  EXPECT_EQ(Find(s, dave)->begin_usage_time, 1700003600);  // --now
  // The hour was charged to everyone else: carol's 64 cores for an hour.
  EXPECT_EQ(Find(s, "group_chemistry.carol@pool.example.org")->weighted_accumulated_usage,
            110592000 + 64 * 3600);
}

TEST_F(UserprioToolTest, ResetAllAndDelete) {
  ImportExample();
  ToolRun run = Run({"-resetall", "--now", kNow});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "The accumulated usage was reset for all users\n");
  AccountantSnapshot s = Export();
  for (const CustomerRecord& c : s.customers) {
    EXPECT_EQ(c.weighted_accumulated_usage, 0) << c.name;
    EXPECT_EQ(c.begin_usage_time, 1700000000) << c.name;
  }
  run = Run({"-delete", "erin@pool.example.org", "--now", kNow});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "The accountant record named erin@pool.example.org was deleted\n");
  s = Export();
  EXPECT_EQ(Find(s, "erin@pool.example.org"), nullptr);
  EXPECT_EQ(s.customers.size(), 12u);
  EXPECT_EQ(s.resources.size(), 9u);  // resource records stay, as in HTCondor
}

TEST_F(UserprioToolTest, AnEditOfANewNameMakesTheRecordAndSaysSo) {
  ImportExample();
  const ToolRun run = Run({"-setfactor", "newbie@pool.example.org", "5000", "--now", kNow});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "The priority factor of newbie@pool.example.org was set to 5000.000000\n");
  EXPECT_EQ(run.err,
            "userprio: note: the accountant had no record named newbie@pool.example.org; a new "
            "one was made\n");
  // At the example's own LastUpdateTime opening charges nothing, and the
  // example's usage agrees with its slots, so nothing else changed.
  AccountantSnapshot after = Export();
  EXPECT_EQ(Find(after, "newbie@pool.example.org")->priority_factor, 5000);
  after.customers.erase(after.customers.begin() +
                        (Find(after, "newbie@pool.example.org") - after.customers.data()));
  EXPECT_EQ(ExportAccountantJson(after), Slurp(kExampleJson));
}

TEST_F(UserprioToolTest, BadNamesAndValuesChangeNothing) {
  ImportExample();
  ExpectRefused({"-setprio", "alice", "10"},
                "userprio: -setprio needs the full name of a submitter (user@domain), not "
                "\"alice\"\n");
  ExpectRefused({"-setfactor", "a b@x", "10"},
                "userprio: -setfactor: the name \"a b@x\" holds a blank or a control character "
                "(HTCondor refuses such submitter names)\n");
  ExpectRefused({"-setfactor", kAlice, "0.5"},
                "userprio: -setfactor: a priority factor must be at least 1, not 0.5\n");
  ExpectRefused({"-setfactor", kAlice, "nan"},
                "userprio: -setfactor: a priority factor must be a number, not nan\n");
  ExpectRefused({"-setprio", kAlice, "1e999"},
                "userprio: -setprio: a priority must be a number, not 1e999\n");
  ExpectRefused({"-setprio", kAlice, "-1"},
                "userprio: -setprio: a priority must be at least 0, not -1\n");
  ExpectRefused({"-setprio", kAlice, "12abc"},
                "userprio: -setprio: a priority must be a number, not 12abc\n");
  ExpectRefused({"-setfloor", kAlice, "-1"},
                "userprio: -setfloor: a floor must be from 0 to 2147483647, not -1\n");
  ExpectRefused({"-setceiling", kAlice, "-2"},
                "userprio: -setceiling: a ceiling must be from -1 to 2147483647, not -2\n");
  ExpectRefused({"-setceiling", kAlice, "2147483648"},
                "userprio: -setceiling: a ceiling must be from -1 to 2147483647, not 2147483648\n");
  ExpectRefused({"-setaccum", kAlice, "-5"},
                "userprio: -setaccum: the accumulated usage must be at least 0, not -5\n");
  ExpectRefused({"-setbegin", kAlice, "yesterday"},
                "userprio: -setbegin: a time must be a whole number of seconds since the epoch, "
                "not yesterday\n");
  ExpectRefused({"-setlast", kAlice, "-10"},
                "userprio: -setlast: a time must be a whole number of seconds since the epoch, "
                "not -10\n");
  ExpectRefused({"-resetusage", "@pool.example.org"},
                "userprio: -resetusage needs the full name of a submitter (user@domain), not "
                "\"@pool.example.org\"\n");
  ExpectRefused({"-resetusage", std::string("bad\xFF@x")},
                "userprio: -resetusage: the name is not valid UTF-8\n");
  ExpectRefused({"-delete", "nobody@pool.example.org"},
                "userprio: -delete: the accountant has no record named "
                "\"nobody@pool.example.org\"\n");
  ExpectRefused({"-delete", ""}, "userprio: -delete needs a name, not an empty one\n");
}

TEST_F(UserprioToolTest, DeleteTakesAGroupRecord) {
  ImportExample();
  ToolRun run = Run({"-delete", "group_physics", "--now", kNow});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "The accountant record named group_physics was deleted\n");
  EXPECT_EQ(Find(Export(), "group_physics"), nullptr);
  // The next edit's opening makes a configured group's record again, as
  // HTCondor's startup does (with the default factor and RUP).
  run = Run({"-setfactor", kAlice, "1000", "--now", kNow});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const CustomerRecord* group = Find(Export(), "group_physics");
  ASSERT_NE(group, nullptr);
  EXPECT_EQ(group->priority, 0.5);
}

// ---- configuration, database, usage

TEST_F(UserprioToolTest, TheDatabaseComesFromTheConfiguration) {
  const std::string config =
      folder_.Write("condor_config", "ACCOUNTANT_DATABASE = " + folder_.path() + "/from_knob.db\n");
  ToolRun run = RunEnv({"--import", kExampleJson}, "CONDOR_CONFIG=" + ShellQuote(config));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(Slurp(folder_.path() + "/from_knob.db"), "");
  run = RunEnv({"-config", config, "--export", "-"}, "");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, Slurp(kExampleJson));

  const std::string empty = folder_.Write("empty_config", "UID_DOMAIN = x\n");
  run = RunEnv({"-config", empty}, "");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "userprio: no accountant database: give --state DB or set ACCOUNTANT_DATABASE in the "
            "configuration\n");
}

TEST_F(UserprioToolTest, ABadConfigurationExitsTwo) {
  const std::string config = folder_.Write("condor_config", "PRIORITY_HALFLIFE = soon\n");
  const ToolRun run = RunEnv({"-config", config, "--state", db_}, "");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find(config + ":1:"), std::string::npos) << run.err;
}

TEST_F(UserprioToolTest, MissingOrCorruptDatabasesExitTwoAndAreLeftAlone) {
  ToolRun run = Run({"--now", kNow});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err.rfind("userprio: ", 0), 0u) << run.err;
  EXPECT_EQ(Slurp(db_), "");  // a listing creates nothing

  const std::string junk(4096, 'x');
  folder_.Write("acct.db", junk);
  run = Run({"--now", kNow});
  EXPECT_EQ(run.exit_code, 2);
  run = Run({"-setprio", kAlice, "5", "--now", kNow});
  EXPECT_EQ(run.exit_code, 2);
  run = Run({"--import", kExampleJson});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(Slurp(db_), junk);
}

TEST_F(UserprioToolTest, BadUsageExitsThree) {
  const std::vector<std::vector<std::string>> cases = {
      {"-bogus"},
      {"-setprio", "a@x"},
      {"-setprio", "a@x", "1", "-setfactor", "a@x", "2"},
      {"-delete", "a@x", "-all"},
      {"-resetall", "a@x"},
      {"--export", "x.json", "--import", "y.json"},
      {"--export", "x.json", "-resetall"},
      {"--now", "yesterday"},
      {"--now"},
      {"-activefrom", "11", "14"},
  };
  for (const std::vector<std::string>& args : cases) {
    const ToolRun run = Run(args);
    EXPECT_EQ(run.exit_code, 3) << args[0];
    EXPECT_NE(run.err.find("usage: userprio"), std::string::npos) << run.err;
  }
  const ToolRun help = RunEnv({"-help"}, "");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_EQ(help.out.rfind("usage: userprio", 0), 0u);
}

}  // namespace
}  // namespace negotiator
