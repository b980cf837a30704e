// `userprio -quotas` showing the group quota table of the last negotiation
// cycle: the negotiator tool (NEGOTIATOR_BINARY) runs a cycle on a bundled
// scenario with --state DB and commits the cycle's table with it; userprio
// (USERPRIO_BINARY) reads it back (the table, --json, export and import),
// falls back to n/d before any cycle, and reads a version-1 store, which
// the negotiator then migrates.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "negotiator/accountant/accountant_json.h"
#include "tests/negotiator/accountant_test_util.h"
#include "tests/policy/config_test_util.h"
#include "tests/tool_run.h"

namespace negotiator {
namespace {

using policy::testing_util::TempFolder;
using test_tools::ShellQuote;
using test_tools::Slurp;
using test_tools::ToolRun;

// Scenario 2d4 (one the scenario tests find in agreement with HTCondor):
// dynamic quotas of a pool of 30 without oversubscription, every group
// accepting surplus, so each group receives a fraction of a slot as surplus.
const std::string kScenario =
    std::string(CLASSAD_EXAMPLES_DIR) + "/negotiator/02d4-dynamic-quotas-surplus-no-oversubscription";
const std::string kConfig = kScenario + "/negotiator.config";
constexpr const char* kNow = "1767225600";  // 2026-01-01 00:00 UTC

// The table the scenario's cycle gives.
constexpr const char* kCycleTable =
    "Last Priority Update:  1/1  00:00\n"
    "Last Negotiation Cycle:  1/1  00:00\n"
    "Group              Effective  Config     Use    Subtree  Wghted  Weighted   Surplus  Weighted\n"
    "Name                 Quota     Quota   Surplus   Quota   In Use Requested  Received  Allocated\n"
    "------------------ --------- --------- ------- --------- ------ ---------- --------- ---------\n"
    "group_chemistry         9.90      0.33 ByQuota      9.90     10      30.00      0.10     10.00\n"
    "group_physics           0.00      0.66 ByQuota     19.80      0       0.00      0.00      0.00\n"
    "group_physics.hep      14.85      0.75 ByQuota     14.85     15      30.00      0.15     15.00\n"
    "group_physics.lep       4.95      0.25 ByQuota      4.95      5      30.00      0.05      5.00\n"
    "<none>                  0.30      0.00 yes         30.00      0       0.00      0.00      0.00\n"
    "------------------ --------- --------- ------- --------- ------ ---------- --------- ---------\n"
    "Number of users: 0                     ByQuota\n";

// The table before any cycle: the configuration and in use only.
constexpr const char* kNoCycleTable =
    "Group              Effective  Config     Use    Subtree  Wghted  Weighted\n"
    "Name                 Quota     Quota   Surplus   Quota   In Use Requested\n"
    "------------------ --------- --------- ------- --------- ------ ----------\n"
    "group_chemistry          n/d      0.33 ByQuota       n/d      0        n/d\n"
    "group_physics            n/d      0.66 ByQuota       n/d      0        n/d\n"
    "group_physics.hep        n/d      0.75 ByQuota       n/d      0        n/d\n"
    "group_physics.lep        n/d      0.25 ByQuota       n/d      0        n/d\n"
    "<none>                   n/d      0.00 yes           n/d      0        n/d\n"
    "------------------ --------- --------- ------- --------- ------ ----------\n"
    "Number of users: 0                     ByQuota\n";

class UserprioQuotasTest : public ::testing::Test {
 protected:
  void SetUp() override { db_ = folder_.path() + "/acct.db"; }

  // Runs `binary` with `args` in a clean environment (TZ=UTC, LC_ALL=C).
  ToolRun RunTool(const std::string& binary, const std::vector<std::string>& args) {
    std::string command = "cd " + ShellQuote(folder_.path()) + " && env -i TZ=UTC LC_ALL=C " +
                          ShellQuote(binary);
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
  // userprio with the scenario's configuration on `db` (default: the
  // test's database).
  ToolRun Userprio(std::vector<std::string> args, const std::string& db = "",
                   const std::string& config = kConfig) {
    args.insert(args.begin(), {"-config", config, "--state", db.empty() ? db_ : db});
    return RunTool(USERPRIO_BINARY, args);
  }
  // One negotiation cycle (or more) of the scenario, committed to the
  // test's database.
  void RunCycle(std::vector<std::string> more = {}, const std::string& config = kConfig) {
    std::vector<std::string> args = {"cycle",   "-config", config,  "--slots",
                                     kScenario + "/slots.ads", "--jobs", kScenario + "/jobs.ads",
                                     "--state", db_,       "--now", kNow};
    args.insert(args.end(), more.begin(), more.end());
    const ToolRun run = RunTool(NEGOTIATOR_BINARY, args);
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }

  TempFolder folder_;
  std::string db_;
};

TEST_F(UserprioQuotasTest, TheNegotiatorStoresItsCycleAndUserprioShowsIt) {
  RunCycle();
  const ToolRun run = Userprio({"--now", kNow, "-quotas"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, kCycleTable);
  EXPECT_EQ(run.err, "");
}

TEST_F(UserprioQuotasTest, TheJsonFormCarriesTheCycle) {
  RunCycle();
  const ToolRun run = Userprio({"-quotas", "--json", "group_physics.hep"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  \"AccountingGroup\": \"group_physics.hep\",\n"
                         "  \"ConfigQuota\": 0.75,\n"
                         "  \"SurplusPolicy\": \"byquota\",\n"
                         "  \"EffectiveQuota\": 14.85,\n"
                         "  \"SubtreeQuota\": 14.85,\n"
                         "  \"Requested\": 30.0,\n"
                         // 15 - 14.850000000000001 in HTCondor's doubles.
                         "  \"SurplusReceived\": 0.1499999999999986,\n"
                         "  \"GroupResourcesAllocated\": 15.0,\n"
                         "  \"GroupResourcesInUse\": 15.0,\n"
                         "  \"StaticQuota\": false,\n"
                         "  \"NegotiationCycleTime\": 1767225600\n"
                         "}\n]\n"),
            std::string::npos)
      << run.out;
  // A submitter's ad has none of it.
  const ToolRun user = Userprio({"--json", "group_physics.hep.higgs@example.org"});
  EXPECT_EQ(user.exit_code, 0) << user.err;
  EXPECT_EQ(user.out.find("EffectiveQuota"), std::string::npos) << user.out;
}

TEST_F(UserprioQuotasTest, BeforeAnyCycleTheTableIsNotDeterminedAndSaysWhy) {
  ToolRun run = Userprio({"--now", kNow, "-setfactor", "a@example.org", "2"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  run = Userprio({"--now", kNow, "-quotas"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, std::string("Last Priority Update:  1/1  00:00\n") + kNoCycleTable);
  EXPECT_EQ(run.err, "userprio: note: no negotiation cycle with group quotas is stored in " + db_ +
                         ", so effective quota, subtree quota and requested are n/d; `negotiator "
                         "cycle --state " +
                         db_ + " ...` stores the group quotas of each cycle it runs\n");
  run = Userprio({"-quotas", "--json"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.find("EffectiveQuota"), std::string::npos) << run.out;
}

TEST_F(UserprioQuotasTest, EachCycleReplacesTheTable) {
  RunCycle({"--cycles", "2", "--interval", "600"});
  ToolRun run = Userprio({"--now", kNow, "-quotas"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Last Negotiation Cycle:  1/1  00:10\n"), std::string::npos) << run.out;
  // A cycle without group quotas leaves an empty table: n/d again.
  const std::string flat = folder_.Write("flat.config", "UID_DOMAIN = example.org\n");
  RunCycle({}, flat);
  run = Userprio({"--now", kNow, "-quotas"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.find("Last Negotiation Cycle"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("group_physics.hep        n/d      0.75 ByQuota       n/d"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.err.find("no negotiation cycle with group quotas is stored"), std::string::npos);
}

TEST_F(UserprioQuotasTest, AGroupOfTheCycleNoLongerConfiguredIsListedAfterTheOthers) {
  RunCycle();
  const std::string fewer = folder_.Write(
      "fewer.config",
      "UID_DOMAIN = example.org\n"
      "GROUP_NAMES = group_physics, group_physics.hep, group_physics.lep\n"
      "GROUP_QUOTA_DYNAMIC_group_physics = 0.66\nGROUP_QUOTA_DYNAMIC_group_physics.hep = 0.75\n"
      "GROUP_QUOTA_DYNAMIC_group_physics.lep = 0.25\nGROUP_ACCEPT_SURPLUS = True\n");
  const ToolRun run = Userprio({"--now", kNow, "-quotas"}, "", fewer);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("<none>                  0.30      0.00 yes         30.00      0       "
                         "0.00      0.00      0.00\n"
                         "group_chemistry         9.90      0.33              9.90     10      "
                         "30.00      0.10     10.00\n"),
            std::string::npos)
      << run.out;
}

TEST_F(UserprioQuotasTest, ExportAndImportCarryTheTable) {
  RunCycle();
  const std::string exported = folder_.path() + "/state.json";
  ToolRun run = Userprio({"--export", exported});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(" resource records and 5 group quota records to "), std::string::npos)
      << run.out;
  const std::string text = Slurp(exported);
  auto snapshot = ParseAccountantJson(text, exported);
  ASSERT_TRUE(snapshot.ok()) << snapshot.status().ToString();
  ASSERT_EQ(snapshot->group_quotas.size(), 5u);
  EXPECT_EQ(snapshot->group_quotas[3].name, "group_physics.hep");
  EXPECT_EQ(snapshot->group_quotas[3].surplus, 0.14999999999999858);  // 15 - 14.850000000000001
  EXPECT_FALSE(snapshot->group_quotas[3].static_quota);

  const std::string other = folder_.path() + "/other.db";
  run = Userprio({"--import", exported}, other);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(" and 5 group quota records from "), std::string::npos) << run.out;
  run = Userprio({"--now", kNow, "-quotas"}, other);
  EXPECT_EQ(run.out, kCycleTable);
  EXPECT_EQ(Userprio({"--export", "-"}, other).out, text);
}

// A version-1 store, as this program's first schema made it, with one
// submitter (by hand, through SQLite directly).
void MakeVersion1Store(const std::string& path) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  const std::string sql =
      std::string(negotiator::testing_util::kVersion1Tables) +
      "INSERT INTO accountant_meta VALUES (1, 1, 3, 1767225000);"
      "INSERT INTO customers VALUES ('group_physics.hep.higgs@example.org', 12.5, 1000, -1, 0,"
      " 0, 0, 0, 0, 0, 3600, 7200, 1767000000, 1767225000);";
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
  sqlite3_free(error);
  sqlite3_close(db);
}

TEST_F(UserprioQuotasTest, AVersion1StoreIsListedAndThenMigratedByTheNegotiator) {
  MakeVersion1Store(db_);
  const std::string bytes = Slurp(db_);
  ToolRun run = Userprio({"--now", kNow, "-quotas"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("group_physics.hep        n/d      0.75 ByQuota       n/d"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.err, "userprio: note: " + db_ +
                         " has schema version 1, which keeps no negotiation cycle, so effective "
                         "quota, subtree quota and requested are n/d; the negotiator migrates the "
                         "store when it next opens it (as does any userprio edit) and stores every "
                         "cycle's group quotas from then on\n");
  // Other listings read it too, and nothing was written.
  run = Userprio({"--now", kNow, "-allusers", "-flat", "-priority"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("group_physics.hep.higgs@example.org     12500.00    12.50   1000.00"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(Slurp(db_), bytes);

  RunCycle();
  run = Userprio({"--now", kNow, "-quotas"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Last Negotiation Cycle:  1/1  00:00\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("group_physics.hep      14.85      0.75 ByQuota     14.85"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.err, "");
  // The submitter of the version-1 store is still there.
  run = Userprio({"--export", "-"});
  EXPECT_NE(run.out.find("\"group_physics.hep.higgs@example.org\""), std::string::npos);
}

}  // namespace
}  // namespace negotiator
