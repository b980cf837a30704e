// RunSnapshotCycle: one cycle on a scenario's files, as `negotiator cycle`
// runs its first cycle (the entry point of the Python module).
#include "negotiator/snapshot_cycle.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace negotiator {
namespace {

namespace fs = std::filesystem;

fs::path Scenario(const std::string& name) {
  return fs::path(CLASSAD_EXAMPLES_DIR) / "negotiator" / name;
}

// A scenario's files (with running jobs and an accountant) at its time.
SnapshotCycleInputs ScenarioInputs(const std::string& name) {
  const fs::path dir = Scenario(name);
  SnapshotCycleInputs inputs;
  inputs.config_files = {(dir / "negotiator.config").string()};
  inputs.slot_files = {(dir / "slots.ads").string()};
  inputs.job_files = {(dir / "jobs.ads").string(), (dir / "running.ads").string()};
  inputs.accountant_json = (dir / "accountant.userprio.json").string();
  inputs.now = 1767225600;
  return inputs;
}

TEST(SnapshotCycleTest, PriorityPreemptionScenario) {
  SnapshotCycleInputs inputs = ScenarioInputs("06b-priority-preemption");
  std::vector<classad::Status> warnings;
  classad::Result<CycleResult> result = RunSnapshotCycle(inputs, &warnings);
  ASSERT_TRUE(result.ok()) << result.status().ToString();
  EXPECT_EQ(result->matches.size(), 6u);
  EXPECT_EQ(result->preemptions, 6);
}

TEST(SnapshotCycleTest, ErrorsNameTheInput) {
  SnapshotCycleInputs inputs;
  inputs.config_files = {(Scenario("01-shares") / "negotiator.config").string()};
  inputs.slot_files = {"/nonexistent/slots.ads"};
  classad::Result<CycleResult> result = RunSnapshotCycle(inputs, nullptr);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.status().ToString().find("/nonexistent/slots.ads"), std::string::npos);
}

SnapshotCycleInputs QuotaRecipe() { return ScenarioInputs("03-quota-driven-preemption"); }

TEST(SnapshotCycleTest, EachCyclesMatchesAreClaimsForTheNext) {
  SnapshotCycleInputs inputs = QuotaRecipe();
  inputs.cycles = 2;
  inputs.interval = 60;
  std::vector<int> told;
  SnapshotCycleHooks hooks;
  hooks.cycle_ran = [&](int cycle, const CycleResult&) { told.push_back(cycle); };
  classad::Result<SnapshotCycles> ran = RunSnapshotCycles(inputs, hooks);
  ASSERT_TRUE(ran.ok()) << ran.status().ToString();
  ASSERT_EQ(ran->cycles.size(), 2u);
  EXPECT_EQ(told, (std::vector<int>{1, 2}));
  EXPECT_NE(ran->policy, nullptr);
  // The recipe: nothing in the first cycle, C preempts B's five in the second.
  EXPECT_EQ(ran->cycles[0].matches.size(), 0u);
  EXPECT_EQ(ran->cycles[1].matches.size(), 5u);
  EXPECT_EQ(ran->cycles[1].preemptions, 5);
}

TEST(SnapshotCycleTest, AWhatIfOnlyReadsTheStoreAndNoneIsNotTheConfigurations) {
  const fs::path db = fs::path(testing::TempDir()) / "snapshot_cycle_whatif.db";
  fs::remove(db);
  SnapshotCycleInputs inputs = QuotaRecipe();
  inputs.accountant_json.clear();
  inputs.state = db.string();
  inputs.commit = false;  // a read-only store must exist
  EXPECT_FALSE(RunSnapshotCycles(inputs).ok());
  EXPECT_FALSE(fs::exists(db));
  inputs.commit = true;  // created, and the cycle committed to it
  ASSERT_TRUE(RunSnapshotCycles(inputs).ok());
  EXPECT_TRUE(fs::exists(db));
  inputs.commit = false;
  EXPECT_TRUE(RunSnapshotCycles(inputs).ok());
  fs::remove(db);
}

TEST(SnapshotCycleTest, RefusesFewerThanOneCycleAndTwoAccountants) {
  SnapshotCycleInputs inputs = QuotaRecipe();
  inputs.cycles = 0;
  classad::Result<SnapshotCycles> none = RunSnapshotCycles(inputs);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().code(), classad::StatusCode::kInvalidArgument);
  inputs.cycles = 1;
  inputs.state = (fs::path(testing::TempDir()) / "never.db").string();
  classad::Result<SnapshotCycles> both = RunSnapshotCycles(inputs);
  ASSERT_FALSE(both.ok());
  EXPECT_EQ(both.status().code(), classad::StatusCode::kInvalidArgument);
}

TEST(SnapshotCycleTest, ConfigurationWarningsAreToldAlsoWhenALaterStepFails) {
  const fs::path config = fs::path(testing::TempDir()) / "snapshot_cycle_warns.config";
  std::ofstream(config) << "NEGOTIATOR_INTERVAL : 60\n";  // the obsolete colon: a warning
  SnapshotCycleInputs inputs;
  inputs.config_files = {config.string()};
  inputs.slot_files = {"/nonexistent/slots.ads"};
  std::vector<classad::Status> warnings;
  EXPECT_FALSE(RunSnapshotCycle(inputs, &warnings).ok());
  EXPECT_FALSE(warnings.empty());
  fs::remove(config);
}

}  // namespace
}  // namespace negotiator
