// negotiator compare (negotiator/simulate/comparison.h): the third
// acceptance scenario (the recipe's workload with surplus sharing on and
// off: utilisation and waits differ, and the knob that differs is named
// with its file and line), a snapshot's one cycle under each
// configuration, and the command through its binary.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "negotiator/simulate/comparison.h"
#include "tests/tool_run.h"

namespace negotiator {
namespace {

const std::string kRecipe = std::string(CLASSAD_EXAMPLES_DIR) + "/simulate/quota-preemption";
const std::string kShares = std::string(CLASSAD_EXAMPLES_DIR) + "/negotiator/01-shares";

const ComparedFigure* Find(const Comparison& c, const std::string& kind, const std::string& party,
                           const std::string& figure) {
  for (const ComparedFigure& f : c.figures) {
    if (f.kind == kind && f.party == party && f.figure == figure) return &f;
  }
  return nullptr;
}

ComparisonInputs RecipeInputs() {
  ComparisonInputs in;
  in.config_a = {kRecipe + "/condor_config"};
  in.config_b = {kRecipe + "/no-surplus.config"};
  in.label_a = "surplus";
  in.label_b = "no surplus";
  in.simulation.slot_files = {kRecipe + "/slots.ads"};
  in.simulation.workload_file = kRecipe + "/history.ads";
  in.simulation.options.duration = 8 * 3600;
  return in;
}

TEST(ComparisonTest, SurplusSharingOnAndOffDifferInUtilisationAndWait) {
  classad::Result<Comparison> run = RunComparison(RecipeInputs());
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  const Comparison& c = *run;
  EXPECT_TRUE(c.simulated);
  ASSERT_EQ(c.knobs.size(), 1u);
  EXPECT_EQ(c.knobs[0].name, "GROUP_ACCEPT_SURPLUS");
  EXPECT_EQ(c.knobs[0].a.value, "True");
  EXPECT_EQ(c.knobs[0].b.value, "False");
  EXPECT_EQ(c.knobs[0].a.where.line, 11);
  EXPECT_NE(c.knobs[0].b.where.file.find("no-surplus.config"), std::string::npos);
  // Without surplus sharing, slots stay idle while B's jobs wait.
  const ComparedFigure* utilisation = Find(c, "pool", "", "utilisation (%)");
  ASSERT_NE(utilisation, nullptr);
  EXPECT_LT(*utilisation->b, *utilisation->a - 1);
  const ComparedFigure* wait = Find(c, "pool", "", "mean wait (s)");
  ASSERT_NE(wait, nullptr);
  EXPECT_GT(*wait->b, *wait->a);
  // Nothing to preempt without surplus.
  EXPECT_GT(*Find(c, "pool", "", "preemptions")->a, 0);
  EXPECT_EQ(*Find(c, "pool", "", "preemptions")->b, 0);
  // B never runs above its quota without surplus.
  EXPECT_LE(*Find(c, "group", "B", "usage / quota")->b, 1.0 + 1e-9);
  // The figures are those of each side's own simulation.
  EXPECT_EQ(*utilisation->a, 100 * c.simulation_a->metrics.utilisation);
  const std::string text = FormatComparisonText(c);
  EXPECT_NE(text.find("GROUP_ACCEPT_SURPLUS"), std::string::npos);
  EXPECT_NE(text.find("condor_config:11"), std::string::npos);
  EXPECT_NE(text.find("utilisation (%)"), std::string::npos);
  const std::string json = FormatComparisonJson(c);
  EXPECT_NE(json.find("\"mode\": \"simulation\""), std::string::npos);
  EXPECT_NE(json.find("\"difference\""), std::string::npos);
  ChartLibrary charts;
  const std::string page = FormatComparisonHtml(c, "t", charts);
  EXPECT_NE(page.find("id=\"chart-compare-running\""), std::string::npos);
  EXPECT_NE(page.find("var A = {"), std::string::npos);
}

TEST(ComparisonTest, ASnapshotRunsOneCycleUnderEachAndTheSameConfigurationDiffersInNothing) {
  ComparisonInputs in;
  in.config_a = {kShares + "/negotiator.config"};
  in.config_b = {kShares + "/negotiator.config"};
  in.simulation.slot_files = {kShares + "/slots.ads"};
  in.job_files = {kShares + "/jobs.ads"};
  in.simulation.start = 1767225600;
  in.simulation.accountant.json_file = kShares + "/accountant.userprio.json";
  classad::Result<Comparison> run = RunComparison(in);
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  EXPECT_FALSE(run->simulated);
  EXPECT_TRUE(run->knobs.empty());
  // What negotiator cycle finds on this scenario: 70 matches.
  const ComparedFigure* matches = Find(*run, "pool", "", "matches");
  ASSERT_NE(matches, nullptr);
  EXPECT_EQ(*matches->a, 70);
  for (const ComparedFigure& f : run->figures) {
    ASSERT_TRUE(f.a && f.b) << f.party << " " << f.figure;
    EXPECT_EQ(*f.a, *f.b) << f.party << " " << f.figure;
  }
  EXPECT_NE(Find(*run, "submitter", "alice@example.org", "EUP"), nullptr);
}

TEST(ComparisonTest, AConfigurationThatCannotBeReadIsNamed) {
  ComparisonInputs in = RecipeInputs();
  in.config_b = {kRecipe + "/missing.config"};
  classad::Result<Comparison> run = RunComparison(in);
  ASSERT_FALSE(run.ok());
  EXPECT_NE(run.status().message().find("configuration no surplus: "), std::string::npos)
      << run.status().message();
}

TEST(ComparisonTest, InputsThatCannotRunAreFoundBeforeAnythingIsRead) {
  using Problem = ComparisonInputProblem;
  EXPECT_EQ(FindComparisonInputProblem(RecipeInputs(), false), Problem::kNone);
  ComparisonInputs in = RecipeInputs();
  in.config_a.clear();
  EXPECT_EQ(FindComparisonInputProblem(in, false), Problem::kNoConfigA);
  in = RecipeInputs();
  in.config_b.clear();
  EXPECT_EQ(FindComparisonInputProblem(in, false), Problem::kNoConfigB);
  EXPECT_EQ(FindComparisonInputProblem(in, true), Problem::kNone);  // one configuration, two models
  in = RecipeInputs();
  in.simulation.slot_files.clear();
  EXPECT_EQ(FindComparisonInputProblem(in, false), Problem::kNoSlots);
  in = RecipeInputs();
  in.job_files = {kRecipe + "/jobs.ads"};  // and the workload
  EXPECT_EQ(FindComparisonInputProblem(in, false), Problem::kNotJobsOrWorkload);
  in.job_files.clear();
  in.simulation.workload_file.clear();  // neither
  EXPECT_EQ(FindComparisonInputProblem(in, false), Problem::kNotJobsOrWorkload);
  in = RecipeInputs();
  in.simulation.accountant.store = "accountant.db";
  in.simulation.accountant.json_file = "accountant.json";
  EXPECT_EQ(FindComparisonInputProblem(in, false), Problem::kStateAndAccountant);

  // RunComparison refuses them too, before reading a file (the store named
  // here does not exist and is not created).
  classad::Result<Comparison> run = RunComparison(in);
  ASSERT_FALSE(run.ok());
  EXPECT_EQ(run.status().code(), classad::StatusCode::kInvalidArgument);
  EXPECT_EQ(run.status().message(), ComparisonInputProblemText(Problem::kStateAndAccountant));
  EXPECT_EQ(DefaultComparisonTitle("A", "B"), "Comparison of A and B");
}

class CompareToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = ::testing::TempDir() + "compare_tool_XXXXXX";
    ASSERT_NE(mkdtemp(folder_.data()), nullptr);
  }
  test_tools::ToolRun Run(std::vector<std::string> args) {
    args.insert(args.begin(), "compare");
    return test_tools::RunToolIn(folder_, NEGOTIATOR_BINARY, args);
  }
  std::string folder_;
};

TEST_F(CompareToolTest, ComparesTheRecipeAndWritesTheReports) {
  test_tools::ToolRun run =
      Run({"-config-a", kRecipe + "/condor_config", "-config-b", kRecipe + "/no-surplus.config",
           "--slots", kRecipe + "/slots.ads", "--workload", kRecipe + "/history.ads",
           "--duration", "8h", "--out", folder_ + "/out"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Knobs that differ (1):"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("utilisation (%)"), std::string::npos);
  for (const char* file : {"compare.txt", "compare.json", "a/summary.json", "b/series.csv"}) {
    EXPECT_TRUE(std::filesystem::exists(folder_ + "/out/" + file)) << file;
  }
  EXPECT_EQ(test_tools::Slurp(folder_ + "/out/compare.txt"), run.out);
}

TEST_F(CompareToolTest, BadUsageHasItsExitCode) {
  EXPECT_EQ(Run({"-config-a", "x"}).exit_code, 3);
  // Both a snapshot and a workload.
  test_tools::ToolRun run = Run({"-config-a", "a", "-config-b", "b", "--slots", "s", "--jobs", "j",
                                 "--workload", "w"});
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("one of them"), std::string::npos) << run.err;
  run = Run({"-config-a", kRecipe + "/condor_config", "-config-b", kRecipe + "/nothing",
             "--slots", kRecipe + "/slots.ads", "--workload", kRecipe + "/history.ads"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("configuration B: "), std::string::npos) << run.err;
}

}  // namespace
}  // namespace negotiator
