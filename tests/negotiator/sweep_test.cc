// negotiator sweep (negotiator/simulate/sweep.h): the grid run locally
// (every point's outputs and the merged table, the same figures as the
// point's own simulation), and the study written for HTCondor checked
// against the documented syntax of submit description files
// (condor_submit: `command = value` lines, new-syntax arguments, `queue
// <varname>, ... from <file>`) and of DAG files (JOB, FINAL).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "negotiator/simulate/sweep.h"
#include "tests/tool_run.h"

namespace negotiator {
namespace {

const std::string kRecipe = std::string(CLASSAD_EXAMPLES_DIR) + "/simulate/quota-preemption";

class SweepTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = ::testing::TempDir() + "sweep_XXXXXX";
    ASSERT_NE(mkdtemp(folder_.data()), nullptr);
    inputs_.configs = {{"surplus", {kRecipe + "/condor_config"}},
                       {"no-surplus", {kRecipe + "/no-surplus.config"}}};
    inputs_.workloads = {{"recipe", {kRecipe + "/history.ads"}}};
    inputs_.common.slot_files = {kRecipe + "/slots.ads"};
    inputs_.common.options.duration = 8 * 3600;
    inputs_.out = folder_ + "/study";
  }
  std::vector<std::string> Lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }
  std::string folder_;
  SweepInputs inputs_;
};

TEST_F(SweepTest, TheGridRunsLocallyAndMergesIntoOneTable) {
  size_t calls = 0;
  ASSERT_TRUE(RunSweepLocally(inputs_, 2, [&calls](size_t done, size_t total) {
                ++calls;
                EXPECT_LE(done, total);
              }).ok());
  EXPECT_EQ(calls, 2u);
  for (const char* point : {"surplus.recipe", "no-surplus.recipe"}) {
    EXPECT_TRUE(std::filesystem::exists(inputs_.out + "/points/" + point + "/summary.json"))
        << point;
  }
  const std::vector<std::string> csv = Lines(inputs_.out + "/sweep.csv");
  ASSERT_EQ(csv.size(), 3u);
  EXPECT_EQ(csv[0].rfind("point,config,workload,utilisation,", 0), 0u);
  // The figures of the point's own simulation (negotiator compare's test
  // has them: 64.05 % and 59.04 %).
  EXPECT_EQ(csv[1].rfind("surplus.recipe,surplus,recipe,64.05,4975,14400,38,0,6,", 0), 0u)
      << csv[1];
  EXPECT_EQ(csv[2].rfind("no-surplus.recipe,no-surplus,recipe,59.04,6963,21600,38,0,0,", 0), 0u)
      << csv[2];
  // A point without its summary is listed as missing.
  std::filesystem::remove_all(inputs_.out + "/points/surplus.recipe");
  classad::Result<std::string> merged = MergeSweep(inputs_.out);
  ASSERT_TRUE(merged.ok());
  EXPECT_NE(merged->find("surplus.recipe           surplus          recipe            (no summary"),
            std::string::npos)
      << *merged;
  EXPECT_NE(merged->find("1 point(s) without a summary"), std::string::npos);
}

TEST_F(SweepTest, BadGridsAreRefused) {
  SweepInputs bad = inputs_;
  bad.configs.push_back({"surplus", {kRecipe + "/condor_config"}});
  EXPECT_NE(CheckSweep(bad).message().find("'surplus' is used twice"), std::string::npos);
  bad = inputs_;
  bad.workloads[0].label = "a.b";
  EXPECT_NE(CheckSweep(bad).message().find("'a.b' is not a label"), std::string::npos);
  bad = inputs_;
  bad.workloads.clear();
  EXPECT_FALSE(CheckSweep(bad).ok());
  // A point that fails is named; the others still run.
  bad = inputs_;
  bad.configs[1].paths = {folder_ + "/missing.config"};
  classad::Status s = RunSweepLocally(bad, 1, nullptr);
  EXPECT_NE(s.message().find("point no-surplus.recipe: "), std::string::npos) << s.ToString();
  EXPECT_TRUE(std::filesystem::exists(bad.out + "/points/surplus.recipe/summary.json"));
}

TEST_F(SweepTest, TheStudyForHTCondorFollowsTheSubmitAndDagSyntax) {
  ASSERT_TRUE(WriteSweepForHTCondor(inputs_, "/opt/negotiator/bin/negotiator").ok());
  const std::string out = std::filesystem::absolute(inputs_.out).lexically_normal().string();
  // points.txt: one line per point, three fields separated by commas.
  const std::vector<std::string> points = Lines(out + "/points.txt");
  ASSERT_EQ(points.size(), 2u);
  const std::regex point_line(R"(^([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), (/[^, ]+), (/[^, ]+)$)");
  for (const std::string& line : points) EXPECT_TRUE(std::regex_match(line, point_line)) << line;
  EXPECT_EQ(points[0].rfind("surplus.recipe, /", 0), 0u);

  // Submit files: comments, `command = value` with known commands, and
  // one queue statement last.
  const std::set<std::string> commands = {
      "universe", "executable", "arguments", "initialdir", "output", "error", "log",
      "request_cpus", "request_memory", "request_disk", "should_transfer_files", "getenv"};
  const std::regex assignment(R"(^([A-Za-z_]+) = (.+)$)");
  for (const char* name : {"sweep.sub", "merge.sub"}) {
    SCOPED_TRACE(name);
    const std::vector<std::string> lines = Lines(out + "/" + name);
    std::set<std::string> seen;
    std::string queue;
    for (const std::string& line : lines) {
      if (line.empty() || line[0] == '#') continue;
      ASSERT_TRUE(queue.empty()) << "a command after the queue statement: " << line;
      if (line.rfind("queue", 0) == 0) {
        queue = line;
        continue;
      }
      std::smatch m;
      ASSERT_TRUE(std::regex_match(line, m, assignment)) << line;
      EXPECT_TRUE(commands.contains(m[1].str())) << "unknown submit command " << m[1];
      EXPECT_TRUE(seen.insert(m[1].str()).second) << "set twice: " << m[1];
      if (m[1] == "arguments") {
        // New syntax: the whole in double quotes, arguments with blanks
        // in single quotes, no stray double quote inside.
        const std::string v = m[2].str();
        ASSERT_GE(v.size(), 2u);
        EXPECT_EQ(v.front(), '"');
        EXPECT_EQ(v.back(), '"');
        const std::string inner = v.substr(1, v.size() - 2);
        EXPECT_EQ(inner.find('"'), std::string::npos);
        EXPECT_EQ(std::count(inner.begin(), inner.end(), '\'') % 2, 0) << inner;
      }
      if (m[1] == "executable") {
        EXPECT_EQ(m[2].str(), "/opt/negotiator/bin/negotiator");
      }
    }
    EXPECT_TRUE(seen.contains("executable"));
    EXPECT_TRUE(seen.contains("log"));
    ASSERT_FALSE(queue.empty());
    if (std::string(name) == "sweep.sub") {
      std::smatch q;
      ASSERT_TRUE(std::regex_match(queue, q, std::regex(R"(^queue (\w+(?:, \w+)*) from (/\S+)$)")))
          << queue;
      EXPECT_EQ(q[1].str(), "point, config, workload");
      EXPECT_EQ(q[2].str(), out + "/points.txt");
      // Every $(var) the file uses is one the queue statement defines.
      const std::string text = test_tools::Slurp(out + "/sweep.sub");
      const std::regex use(R"(\$\((\w+)\))");
      for (auto it = std::sregex_iterator(text.begin(), text.end(), use);
           it != std::sregex_iterator(); ++it) {
        const std::string var = (*it)[1].str();
        EXPECT_TRUE(var == "point" || var == "config" || var == "workload") << var;
      }
      EXPECT_NE(text.find("arguments = \"simulate -config '$(config)' --workload '$(workload)'"),
                std::string::npos);
      EXPECT_NE(text.find("universe = vanilla"), std::string::npos);
    } else {
      EXPECT_EQ(queue, "queue");
      EXPECT_NE(test_tools::Slurp(out + "/merge.sub").find("universe = local"), std::string::npos);
    }
  }

  // The DAG: JOB and FINAL lines naming submit files that exist.
  const std::vector<std::string> dag = Lines(out + "/sweep.dag");
  const std::regex node(R"(^(JOB|FINAL) (\w+) (/\S+)$)");
  std::vector<std::string> kinds;
  for (const std::string& line : dag) {
    if (line.empty() || line[0] == '#') continue;
    std::smatch m;
    ASSERT_TRUE(std::regex_match(line, m, node)) << line;
    kinds.push_back(m[1].str());
    EXPECT_TRUE(std::filesystem::exists(m[3].str())) << m[3];
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"JOB", "FINAL"}));

  // What a point's job and the final node run works: a point's
  // simulation as the submit file writes it, then the merge.
  SweepInputs one = inputs_;
  one.configs.resize(1);
  ASSERT_TRUE(RunSweepLocally(one, 1, nullptr).ok());
  test_tools::ToolRun merged = test_tools::RunToolIn(folder_, NEGOTIATOR_BINARY,
                                                     {"sweep", "--merge", inputs_.out});
  EXPECT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_NE(merged.out.find("surplus.recipe"), std::string::npos) << merged.out;
}

TEST_F(SweepTest, PathsASubmitTableCannotHoldAreRefused) {
  SweepInputs bad = inputs_;
  bad.workloads[0].paths = {folder_ + "/a, b.ads"};
  EXPECT_EQ(WriteSweepForHTCondor(bad, "/bin/negotiator").code(),
            classad::StatusCode::kInvalidArgument);
  bad = inputs_;
  bad.configs[0].paths = {kRecipe + "/condor_config", kRecipe + "/no-surplus.config"};
  EXPECT_EQ(WriteSweepForHTCondor(bad, "/bin/negotiator").code(),
            classad::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace negotiator
