// DIRAC's model through the tools: `negotiator cycle --model dirac`,
// `negotiator simulate --model dirac` and `negotiator compare --model-a
// htcondor --model-b dirac` on the bundled example (examples/dirac), run
// as subprocesses, and the comparison through its library entry point.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "negotiator/shares/load_share_model.h"
#include "negotiator/simulate/comparison.h"
#include "tests/tool_run.h"

namespace negotiator {
namespace {

const std::string kExample = std::string(CLASSAD_EXAMPLES_DIR) + "/dirac";
constexpr char kNow[] = "1767225600";

class DiracToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = ::testing::TempDir() + "dirac_tool_XXXXXX";
    ASSERT_NE(mkdtemp(folder_.data()), nullptr);
  }
  test_tools::ToolRun Run(std::vector<std::string> args) {
    return test_tools::RunToolIn(folder_, NEGOTIATOR_BINARY, args);
  }
  std::vector<std::string> CycleArgs(const std::string& seed) const {
    return {"cycle",
            "-config",
            kExample + "/condor_config",
            "--slots",
            kExample + "/slots.ads",
            "--jobs",
            kExample + "/jobs.ads",
            "--now",
            kNow,
            "--model",
            "dirac",
            "--dirac-config",
            kExample + "/dirac.cfg",
            "--seed",
            seed};
  }
  std::string folder_;
};

TEST_F(DiracToolTest, CycleWithDiracExplainsEachTaskQueueAndRepeatsWithTheSeed) {
  test_tools::ToolRun run = Run(CycleArgs("1"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("DIRAC task queues (negotiation <none>"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Each task queue's priority, step by step"), std::string::npos);
  // lhcb_prod is JobSharing: one entity with the whole 300.
  EXPECT_NE(run.out.find("1. group lhcb_prod: JobShare 300, JobSharing"), std::string::npos)
      << run.out;
  // lhcb_user's 100 split between bob and carol (U = 2).
  EXPECT_NE(run.out.find("entity bob: 100 / U = 2 owners with a queue = 50: E = 50"),
            std::string::npos);
  // carol's GPU queue differs from her other only in its requirements: merged.
  EXPECT_NE(run.out.find("5. merged with queue(s)"), std::string::npos);
  EXPECT_NE(run.out.find("Pilots (20 slots asked"), std::string::npos);
  // The same seed, the same report byte for byte; another seed, another draw.
  test_tools::ToolRun again = Run(CycleArgs("1"));
  EXPECT_EQ(again.out, run.out);
  test_tools::ToolRun other = Run(CycleArgs("2"));
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_NE(other.out, run.out);

  std::vector<std::string> json_args = CycleArgs("1");
  json_args.push_back("--json");
  test_tools::ToolRun json = Run(json_args);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("\"share_model\""), std::string::npos);
  EXPECT_NE(json.out.find("\"model\": \"dirac\""), std::string::npos);
  EXPECT_NE(json.out.find("\"first_choice\""), std::string::npos);
}

TEST_F(DiracToolTest, BadDiracOptionsAndConfigurationAreRefusedWithAPosition) {
  std::vector<std::string> args = CycleArgs("1");
  args.resize(args.size() - 4);  // without --dirac-config FILE --seed 1
  test_tools::ToolRun run = Run(args);
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("--model dirac needs --dirac-config"), std::string::npos) << run.err;

  args = CycleArgs("1");
  args[args.size() - 5] = "pie";  // --model pie
  run = Run(args);
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find("is not htcondor or dirac"), std::string::npos) << run.err;

  const std::string bad = folder_ + "/bad.cfg";
  std::ofstream(bad) << "Registry\n{\n  Groups\n  {\n    JobShare 100\n  }\n}\n";
  args = CycleArgs("1");
  args[args.size() - 3] = bad;
  run = Run(args);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("bad.cfg:5:"), std::string::npos) << run.err;

  // What DIRAC reads otherwise than written is a located warning.
  const std::string odd = folder_ + "/odd.cfg";
  std::ofstream(odd) << "Registry\n{\n  Groups\n  {\n    g\n    {\n      JobShare = 0.5\n"
                        "    }\n  }\n}\n";
  args = CycleArgs("1");
  args[args.size() - 3] = odd;
  run = Run(args);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("odd.cfg:7:"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("[dirac-non-integer]"), std::string::npos) << run.err;
}

TEST_F(DiracToolTest, TheCorrectorReadsTheHistoryTheStoreKeepsBetweenRuns) {
  std::vector<std::string> args = CycleArgs("1");
  args[args.size() - 3] = kExample + "/dirac-corrected.cfg";
  const std::string db = folder_ + "/acct.db";
  args.insert(args.end(), {"--state", db});
  // One cycle: its own sample only, nothing running yet: every span skipped.
  test_tools::ToolRun first = Run(args);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.out.find("Share corrections\n  instance GroupsInstance"), std::string::npos)
      << first.out;
  EXPECT_NE(first.out.find("span Week: skipped"), std::string::npos) << first.out;
  // A second run on the same store, ten minutes later, of two cycles (the
  // first's matches running in the second): the spans hold the stored
  // sample and this run's two; production runs most jobs.
  std::vector<std::string> later = args;
  later[8] = std::to_string(std::stoll(kNow) + 600);  // --now
  later.insert(later.end(), {"--cycles", "2", "--interval", "600"});
  test_tools::ToolRun second = Run(later);
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_NE(second.out.find("span Week: usage"), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("lhcb_prod: share 300"), std::string::npos) << second.out;
}

TEST_F(DiracToolTest, UserprioListsTheRunningJobsHistoryTheCyclesStored) {
  std::vector<std::string> args = CycleArgs("1");
  args[args.size() - 3] = kExample + "/dirac-corrected.cfg";
  const std::string db = folder_ + "/acct.db";
  args.insert(args.end(), {"--state", db, "--cycles", "2", "--interval", "600"});
  ASSERT_EQ(Run(args).exit_code, 0);
  auto userprio = [&](std::vector<std::string> more) {
    std::vector<std::string> all = {"-config", kExample + "/condor_config", "--state", db,
                                    "-runninghistory"};
    all.insert(all.end(), more.begin(), more.end());
    return test_tools::RunToolIn(folder_, USERPRIO_BINARY, all);
  };
  // Two cycles, each a sample of each group and of each owner in it; the
  // second sees the first's matches running (18 of production's 30).
  test_tools::ToolRun run = userprio({});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string line = " 1/01/2026 00:10 lhcb_prod                prod"
                           "                            18        30\n";
  EXPECT_NE(run.out.find(line), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Number of samples: 10, from 2 cycle(s)"), std::string::npos) << run.out;
  // JSON, of one owner.
  run = userprio({"--json", "bob"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("\"user\": \"bob\""), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("\"user\": null"), std::string::npos) << run.out;
  // A name with no sample is refused; so is -runninghistory with an edit.
  EXPECT_EQ(userprio({"nobody"}).exit_code, 1);
  EXPECT_EQ(userprio({"-resetall"}).exit_code, 3);
}

TEST_F(DiracToolTest, SimulateWithDiracRunsAndRepeatsWithTheSeed) {
  const std::string sim = std::string(CLASSAD_EXAMPLES_DIR) + "/simulate/two-users";
  auto simulate = [&](const std::string& seed) {
    return Run({"simulate", "-config", sim + "/condor_config", "--slots", sim + "/slots.ads",
                "--workload", sim + "/trace.swf", "--swf-map", sim + "/users.map", "--duration",
                "1d", "--model", "dirac", "--dirac-config", kExample + "/dirac.cfg", "--seed",
                seed});
  };
  test_tools::ToolRun run = simulate("4");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Utilisation"), std::string::npos) << run.out;
  EXPECT_EQ(simulate("4").out, run.out);
  // Without DIRAC's configuration the model cannot run.
  test_tools::ToolRun bad =
      Run({"simulate", "-config", sim + "/condor_config", "--slots", sim + "/slots.ads",
           "--workload", sim + "/trace.swf", "--model", "dirac"});
  EXPECT_EQ(bad.exit_code, 3);
}

TEST_F(DiracToolTest, CompareShowsBothModelsOnOneSnapshot) {
  test_tools::ToolRun run =
      Run({"compare", "-config-a", kExample + "/condor_config", "--slots", kExample + "/slots.ads",
           "--jobs", kExample + "/jobs.ads", "--now", kNow, "--model-a", "htcondor", "--model-b",
           "dirac", "--dirac-config", kExample + "/dirac.cfg", "--seed", "1"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Comparing A = htcondor with B = dirac"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Share models: A htcondor, B dirac"), std::string::npos);
  EXPECT_NE(run.out.find("== dirac: what its share model recorded"), std::string::npos);
  EXPECT_NE(run.out.find("prod@example.org"), std::string::npos);

  // Without a second configuration or a second model there is nothing to compare.
  test_tools::ToolRun same = Run({"compare", "-config-a", kExample + "/condor_config", "--slots",
                                  kExample + "/slots.ads", "--jobs", kExample + "/jobs.ads"});
  EXPECT_EQ(same.exit_code, 3);
}

// The bundled workload (examples/dirac/trace.swf): 120 jobs of 2 h at time
// 0 on the 20 slots, six hours, each side simulated.
std::vector<std::string> WorkloadCompareArgs(const std::string& out) {
  return {"compare", "-config-a", kExample + "/condor_config", "--slots", kExample + "/slots.ads",
          "--workload", kExample + "/trace.swf", "--swf-map", kExample + "/users.map",
          "--duration", "6h", "--interval", "300", "--model-a", "htcondor", "--model-b", "dirac",
          "--dirac-config", kExample + "/dirac.cfg", "--seed", "1", "--out", out};
}

std::string ReadWhole(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST_F(DiracToolTest, CompareOnAWorkloadShowsBothModelsAndDiracsLastCycle) {
  const std::string out = folder_ + "/cmp";
  test_tools::ToolRun run = Run(WorkloadCompareArgs(out));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Comparing A = htcondor with B = dirac, each simulated on the same "
                         "workload"),
            std::string::npos)
      << run.out;
  // The last cycle's records (six hours after 1767225600), step by step.
  EXPECT_NE(run.out.find("== dirac: what its share model recorded in the simulation's last "
                         "cycle (time 1767247200)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("1. group lhcb_prod: JobShare 300, JobSharing"), std::string::npos);
  EXPECT_EQ(run.out.find("== htcondor: what its share model recorded"), std::string::npos);
  // The same seed, the same comparison.
  EXPECT_EQ(Run(WorkloadCompareArgs(folder_ + "/again")).out, run.out);
  const std::string json = ReadWhole(out + "/compare.json");
  EXPECT_NE(json.find("\"share_model\""), std::string::npos);
  EXPECT_NE(json.find("\"model\": \"dirac\""), std::string::npos);

  // Each side's outputs: B's with DIRAC's records of the last cycle, A's
  // without (the pie records nothing).
  const std::string b_text = ReadWhole(out + "/b/share_model.txt");
  EXPECT_NE(b_text.find("What the share model recorded in the last cycle (time 1767247200)"),
            std::string::npos)
      << b_text;
  EXPECT_NE(b_text.find("Each task queue's priority, step by step"), std::string::npos);
  EXPECT_NE(ReadWhole(out + "/b/share_model.json").find("\"time\": 1767247200"),
            std::string::npos);
  EXPECT_FALSE(std::ifstream(out + "/a/share_model.txt").good());

  // Without the chart library the tool writes no page (it says so).
  const std::string page = ReadWhole(out + "/compare.html");
  if (page.empty()) GTEST_SKIP() << "no chart library: " << run.err;
  const size_t at = page.find("<h2 id=\"share-records-b\">dirac: what its share model recorded");
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(page.find("id=\"share-records-a\""), std::string::npos);
  const size_t pre = page.find("<pre class=\"records\">", at);
  ASSERT_NE(pre, std::string::npos);
  const std::string records = page.substr(pre, page.find("</pre>", pre) - pre);
  EXPECT_NE(records.find("1. group lhcb_prod: JobShare 300, JobSharing"), std::string::npos);
  // "<none>" and the like are escaped: the only tag in the block is its own.
  EXPECT_EQ(records.find('<', 1), std::string::npos);
  EXPECT_NE(ReadWhole(out + "/b/report.html").find("<h2 id=\"share-records\">"),
            std::string::npos);
}

TEST(DiracComparisonTest, OnTheWorkloadDiracRunsProductionFirstThePieKeepsThemLevel) {
  ShareModelChoice choice;
  choice.kind = ShareModelKind::kDirac;
  choice.dirac_config = {kExample + "/dirac.cfg"};
  choice.seed = 1;
  classad::Result<std::shared_ptr<const ShareModel>> dirac = LoadShareModel(choice);
  ASSERT_TRUE(dirac.ok()) << dirac.status().ToString();
  ComparisonInputs in;
  in.config_a = {kExample + "/condor_config"};
  in.model_b = "dirac";
  in.share_model_b = *dirac;
  in.simulation.slot_files = {kExample + "/slots.ads"};
  in.simulation.workload_file = kExample + "/trace.swf";
  in.simulation.swf_map_file = kExample + "/users.map";
  in.simulation.options.duration = 6 * 3600;
  in.simulation.options.interval = 300;
  classad::Result<Comparison> c = RunComparison(in);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  auto done = [](const SimulationRun& r, const std::string& who) {
    for (const PartyFigures& s : r.metrics.submitters) {
      if (s.name == who) return s.done;
    }
    return int64_t{-1};
  };
  const std::string prod = "lhcb_prod.prod@example.org", bob = "lhcb_user.bob@example.org";
  EXPECT_EQ(done(*c->simulation_a, prod), done(*c->simulation_a, bob));
  EXPECT_GT(done(*c->simulation_b, prod), 2 * done(*c->simulation_a, prod));
  EXPECT_LT(done(*c->simulation_b, bob), done(*c->simulation_a, bob));
  EXPECT_TRUE(c->simulation_a->result.last_share_records.empty());
  EXPECT_EQ(c->simulation_b->result.last_share_records.size(), 1u);
}

TEST(DiracComparisonTest, DiracGivesProductionWhatItsShareSaysThePieDoesNot) {
  ShareModelChoice choice;
  choice.kind = ShareModelKind::kDirac;
  choice.dirac_config = {kExample + "/dirac.cfg"};
  choice.seed = 1;
  classad::Result<std::shared_ptr<const ShareModel>> dirac = LoadShareModel(choice);
  ASSERT_TRUE(dirac.ok()) << dirac.status().ToString();
  ComparisonInputs in;
  in.config_a = {kExample + "/condor_config"};
  in.label_a = "htcondor";
  in.label_b = "dirac";
  in.model_b = "dirac";
  in.share_model_b = *dirac;
  in.job_files = {kExample + "/jobs.ads"};
  in.simulation.slot_files = {kExample + "/slots.ads"};
  in.simulation.start = 1767225600;
  classad::Result<Comparison> c = RunComparison(in);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  auto matches = [](const CycleResult& r, const std::string& who) {
    int n = 0;
    for (const CycleMatch& m : r.matches) n += m.submitter == who ? 1 : 0;
    return n;
  };
  const CycleResult& a = c->cycle_a->result;
  const CycleResult& b = c->cycle_b->result;
  // The pie: three submitters of equal EUP, each limited to a third of the
  // pie (6.67 slots): 6 each, and the two slots left stay idle this cycle
  // (a limit of 0.67 is less than a slot).
  EXPECT_EQ(a.matches.size(), 18u);
  EXPECT_EQ(matches(a, "prod@example.org"), 6);
  // DIRAC's pilots fill every slot a queue can run on.
  EXPECT_EQ(b.matches.size(), 20u);
  // DIRAC: production (300 against 50 and 50) comes first for most pilots.
  EXPECT_GE(matches(b, "prod@example.org"), 12);
  // The GPU slots run carol's GPU jobs only when a pilot there picks her
  // GPU queue: it is the only queue that needs a GPU, not the only one
  // that may run there; every match is a slot of the pool.
  EXPECT_TRUE(a.share_records.empty());
  EXPECT_EQ(b.share_records.size(), 1u);
}

}  // namespace
}  // namespace negotiator
