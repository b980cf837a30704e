// RunSnapshotCycle: one cycle on a scenario's files, as `negotiator cycle`
// runs its first cycle (the entry point of the Python module).
#include "negotiator/snapshot_cycle.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace negotiator {
namespace {

namespace fs = std::filesystem;

fs::path Scenario(const std::string& name) {
  return fs::path(CLASSAD_EXAMPLES_DIR) / "negotiator" / name;
}

TEST(SnapshotCycleTest, PriorityPreemptionScenario) {
  const fs::path dir = Scenario("06b-priority-preemption");
  SnapshotCycleInputs inputs;
  inputs.config_files = {(dir / "negotiator.config").string()};
  inputs.slot_files = {(dir / "slots.ads").string()};
  inputs.job_files = {(dir / "jobs.ads").string(), (dir / "running.ads").string()};
  inputs.accountant_json = (dir / "accountant.userprio.json").string();
  inputs.now = 1767225600;
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

}  // namespace
}  // namespace negotiator
