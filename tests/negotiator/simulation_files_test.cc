// A simulation from files (negotiator/simulate/simulation_files.h): the
// small SWF trace and condor_history file of tests/data/simulate give the
// expected arrivals, run times, users and groups (the fourth
// acceptance scenario); durations; the bundled examples run from their
// files and write every output; and `negotiator simulate` through its
// binary, with its exit codes and positioned errors.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include <fstream>
#include "negotiator/simulate/simulation_files.h"
#include "tests/tool_run.h"

namespace negotiator {
namespace {

const std::string kData = std::string(CLASSAD_TEST_DATA_DIR) + "/simulate";
const std::string kExamples = std::string(CLASSAD_EXAMPLES_DIR) + "/simulate";

// A simulation of the workload on `slots` with a cycle a minute.
SimulationRun Simulated(const std::string& config, const std::string& workload,
                        const std::string& swf_map, int64_t duration,
                        const std::string& slots = kData + "/slots.ads") {
  SimulationInputs inputs;
  inputs.config_files = {config};
  inputs.slot_files = {slots};
  inputs.workload_file = workload;
  inputs.swf_map_file = swf_map;
  inputs.options.duration = duration;
  inputs.options.interval = 60;
  classad::Result<SimulationRun> run = RunSimulationFromFiles(inputs);
  EXPECT_TRUE(run.ok()) << run.status().ToString();
  return run.ok() ? std::move(run).value() : SimulationRun();
}

std::string WriteConfig(const std::string& text) {
  std::string folder = ::testing::TempDir() + "simulation_files_XXXXXX";
  EXPECT_NE(mkdtemp(folder.data()), nullptr);
  const std::string path = folder + "/condor_config";
  std::ofstream(path) << text;
  return path;
}

TEST(SimulationFilesTest, TheSmallSwfTraceGivesItsArrivalsRunTimesUsersAndGroups) {
  const std::string config = WriteConfig(
      "UID_DOMAIN = example.org\nGROUP_NAMES = physics, chemistry\n"
      "GROUP_QUOTA_physics = 8\nGROUP_QUOTA_chemistry = 7\n");
  SimulationRun run = Simulated(config, kData + "/small.swf", kData + "/small.map", 7200);
  const SimulationResult& r = run.result;
  // Five lines, one cancelled before it ran.
  EXPECT_EQ(r.workload.records, 5u);
  EXPECT_EQ(r.workload.jobs, 4u);
  EXPECT_EQ(r.workload.skipped.at("cancelled before it ran"), 1u);
  ASSERT_EQ(r.jobs.size(), 4u);
  // The start is the first arrival, the header's UnixStartTime.
  EXPECT_EQ(r.start, 1700000000);
  struct Expected {
    const char* id;
    const char* submitter;
    const char* group;
    int64_t arrival, run_time;
  };
  const Expected expected[] = {
      {"1.0", "physics.alice@example.org", "physics", 1700000000, 3600},
      {"2.0", "chemistry.bob@example.org", "chemistry", 1700000060, 600},
      {"4.0", "physics.bob@example.org", "physics", 1700000120, 1200},
      {"5.0", "user3@example.org", "<none>", 1700003600, 30},
  };
  for (size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(expected[i].id);
    EXPECT_EQ(r.jobs[i].id, expected[i].id);
    EXPECT_EQ(r.jobs[i].submitter, expected[i].submitter);
    EXPECT_EQ(r.jobs[i].group, expected[i].group);
    EXPECT_EQ(r.jobs[i].arrival, expected[i].arrival);
    EXPECT_EQ(r.jobs[i].run_time, expected[i].run_time);
    // Each starts at the first cycle after it arrives and runs its time.
    const int64_t cycle = (expected[i].arrival - r.start + 59) / 60 * 60 + r.start;
    EXPECT_EQ(r.jobs[i].first_start, cycle);
    EXPECT_EQ(r.jobs[i].end, cycle + expected[i].run_time);
  }
  EXPECT_EQ(run.metrics.done, 4);
}

TEST(SimulationFilesTest, TheSmallHistoryGivesItsArrivalsRunTimesUsersAndGroups) {
  const std::string config = WriteConfig(
      "UID_DOMAIN = example.org\nGROUP_NAMES = physics, chemistry\n"
      "GROUP_QUOTA_physics = 8\nGROUP_QUOTA_chemistry = 7\n");
  SimulationRun run = Simulated(config, kData + "/small.history", "", 7200);
  const SimulationResult& r = run.result;
  EXPECT_EQ(r.workload.records, 4u);
  EXPECT_EQ(r.workload.jobs, 3u);
  EXPECT_EQ(r.workload.skipped.at("removed"), 1u);
  ASSERT_EQ(r.jobs.size(), 3u);
  EXPECT_EQ(r.start, 1700000000);
  // 10.0: CompletionDate - JobCurrentStartDate (3600) wins over the wall
  // clock; 10.1: the wall clock alone; 12.0: no group.
  EXPECT_EQ(r.jobs[0].id, "10.0");
  EXPECT_EQ(r.jobs[0].run_time, 3600);
  EXPECT_EQ(r.jobs[0].submitter, "physics.alice@example.org");
  EXPECT_EQ(r.jobs[0].group, "physics");
  EXPECT_EQ(r.jobs[1].id, "10.1");
  EXPECT_EQ(r.jobs[1].run_time, 1800);
  EXPECT_EQ(r.jobs[2].id, "12.0");
  EXPECT_EQ(r.jobs[2].arrival, 1700000900);
  EXPECT_EQ(r.jobs[2].run_time, 600);
  EXPECT_EQ(r.jobs[2].submitter, "bob@example.org");
  EXPECT_EQ(r.jobs[2].group, "<none>");
  EXPECT_EQ(r.jobs[2].first_start, 1700000900);  // the cycle at its arrival
  EXPECT_EQ(r.jobs[2].end, 1700001500);
}

TEST(SimulationFilesTest, DurationsAreSecondsOrAUnit) {
  EXPECT_EQ(*ParseDuration("60"), 60);
  EXPECT_EQ(*ParseDuration("90s"), 90);
  EXPECT_EQ(*ParseDuration("90m"), 5400);
  EXPECT_EQ(*ParseDuration("36h"), 36 * 3600);
  EXPECT_EQ(*ParseDuration("7d"), 7 * 86400);
  EXPECT_EQ(*ParseDuration("2w"), 14 * 86400);
  for (const char* bad : {"", "0", "-5", "7x", "d", "1.5h", "99999999999999999999d", "7 d"}) {
    classad::Result<int64_t> d = ParseDuration(bad);
    ASSERT_FALSE(d.ok()) << bad;
    EXPECT_EQ(d.status().code(), classad::StatusCode::kInvalidArgument);
    EXPECT_NE(d.status().message().find("is not a duration"), std::string::npos);
  }
}

TEST(SimulationFilesTest, WorkloadFormatsAreNamedHistoryAndSwf) {
  for (WorkloadFormat f : {WorkloadFormat::kHistory, WorkloadFormat::kSwf}) {
    WorkloadFormat parsed = WorkloadFormat::kDetect;
    ASSERT_TRUE(ParseWorkloadFormat(WorkloadFormatName(f), &parsed));
    EXPECT_EQ(parsed, f);
  }
  EXPECT_STREQ(WorkloadFormatName(WorkloadFormat::kHistory), "history");
  EXPECT_STREQ(WorkloadFormatName(WorkloadFormat::kSwf), "swf");
  EXPECT_EQ(WorkloadFormatName(WorkloadFormat::kDetect), nullptr);
  for (const char* bad : {"", "History", "SWF", "detect", "json"}) {
    WorkloadFormat kept = WorkloadFormat::kSwf;
    EXPECT_FALSE(ParseWorkloadFormat(bad, &kept)) << bad;
    EXPECT_EQ(kept, WorkloadFormat::kSwf) << bad;
  }
}

TEST(SimulationFilesTest, AMappingForJobAdsOrARunTimeAttributeForATraceIsRefused) {
  const std::string config = WriteConfig("UID_DOMAIN = example.org\n");
  SimulationInputs inputs;
  inputs.config_files = {config};
  inputs.slot_files = {kExamples + "/quota-preemption/slots.ads"};
  inputs.workload_file = kData + "/small.history";
  inputs.swf_map_file = kData + "/small.map";
  inputs.options.duration = 60;
  EXPECT_EQ(RunSimulationFromFiles(inputs).status().code(),
            classad::StatusCode::kInvalidArgument);
  inputs.workload_file = kData + "/small.swf";
  inputs.swf_map_file.clear();
  inputs.run_time_attribute = "RemoteWallClockTime";
  EXPECT_EQ(RunSimulationFromFiles(inputs).status().code(),
            classad::StatusCode::kInvalidArgument);
  // Told to read the trace as job ads, it is not one.
  inputs.run_time_attribute.clear();
  inputs.workload_format = WorkloadFormat::kHistory;
  EXPECT_FALSE(RunSimulationFromFiles(inputs).ok());
}

TEST(SimulationFilesTest, TheRecipeExampleWritesEveryOutput) {
  SimulationRun run = Simulated(kExamples + "/quota-preemption/condor_config",
                                kExamples + "/quota-preemption/history.ads", "", 8 * 3600,
                                kExamples + "/quota-preemption/slots.ads");
  EXPECT_EQ(run.metrics.arrived, 38);
  EXPECT_EQ(run.metrics.arrived, run.metrics.done + run.metrics.running + run.metrics.idle);
  EXPECT_GT(run.metrics.preemptions, 0);
  std::string folder = ::testing::TempDir() + "simulation_out_XXXXXX";
  ASSERT_NE(mkdtemp(folder.data()), nullptr);
  ChartLibrary charts;
  charts.version = "test";
  charts.script = "var uPlot = function () {};";
  ASSERT_TRUE(WriteSimulationOutputs(run, folder + "/out", "Recipe", &charts).ok());
  for (const char* file : {kSeriesFile, kEventsFile, kSummaryJsonFile, kSummaryTextFile,
                           kReportFile}) {
    EXPECT_GT(std::filesystem::file_size(folder + "/out/" + file), 0u) << file;
  }
  const std::string page = test_tools::Slurp(folder + "/out/" + kReportFile);
  EXPECT_NE(page.find("<title>Recipe</title>"), std::string::npos);
  EXPECT_NE(page.find("var DATA = {"), std::string::npos);
  EXPECT_NE(page.find("id=\"report-status\""), std::string::npos);
  // A folder that cannot be made is an error naming it.
  classad::Status bad =
      WriteSimulationOutputs(run, folder + "/out/series.csv/x", "Recipe", nullptr);
  EXPECT_EQ(bad.code(), classad::StatusCode::kIoError);
  EXPECT_NE(bad.message().find("series.csv/x"), std::string::npos);
}

class SimulateToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = ::testing::TempDir() + "simulate_tool_XXXXXX";
    ASSERT_NE(mkdtemp(folder_.data()), nullptr);
  }
  test_tools::ToolRun Run(std::vector<std::string> args) {
    args.insert(args.begin(), "simulate");
    return test_tools::RunToolIn(folder_, NEGOTIATOR_BINARY, args);
  }
  std::vector<std::string> TwoUsers() {
    const std::string dir = kExamples + "/two-users";
    return {"-config", dir + "/condor_config", "--slots", dir + "/slots.ads", "--workload",
            dir + "/trace.swf", "--swf-map", dir + "/users.map", "--duration", "4d"};
  }
  std::string folder_;
};

TEST_F(SimulateToolTest, SimulatesTheTwoUsersExampleAndWritesItsOutputs) {
  std::vector<std::string> args = TwoUsers();
  args.insert(args.end(), {"--out", folder_ + "/out", "--json"});
  test_tools::ToolRun run = Run(args);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("\"cycles\": 1153"), std::string::npos) << run.out.substr(0, 300);
  EXPECT_NE(run.out.find("\"arrived\": 2000"), std::string::npos);
  EXPECT_NE(run.err.find("simulated 1153 cycles of 40 slots"), std::string::npos) << run.err;
  // No terminal: no progress bar.
  EXPECT_EQ(run.err.find("cycles/s"), std::string::npos);
  const std::string series = test_tools::Slurp(folder_ + "/out/series.csv");
  EXPECT_EQ(series.rfind("time,kind,name,group,running", 0), 0u);
  EXPECT_NE(series.find(",submitter,bob@example.org,"), std::string::npos);
  // The same again, byte for byte.
  std::vector<std::string> again = TwoUsers();
  again.insert(again.end(), {"--out", folder_ + "/again"});
  ASSERT_EQ(Run(again).exit_code, 0);
  for (const char* file : {"series.csv", "events.csv", "summary.json", "summary.txt"}) {
    EXPECT_EQ(test_tools::Slurp(folder_ + "/out/" + file),
              test_tools::Slurp(folder_ + "/again/" + file))
        << file;
  }
}

TEST_F(SimulateToolTest, BadUsageAndBadInputHaveTheirExitCodes) {
  EXPECT_EQ(Run({"--slots", "x"}).exit_code, 3);
  std::vector<std::string> args = TwoUsers();
  args.insert(args.end(), {"--duration", "soon"});
  test_tools::ToolRun run = Run(args);
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("'soon' is not a duration"), std::string::npos) << run.err;
  EXPECT_EQ(Run({"--bogus"}).exit_code, 3);
  // A trace with a bad line: its file, line and column.
  std::ofstream(folder_ + "/bad.swf") << "; UnixStartTime: 1700000000\n1 0 -1 60 1\n";
  args = TwoUsers();
  args[5] = folder_ + "/bad.swf";
  run = Run(args);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("bad.swf:2:"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("18 fields"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace negotiator
