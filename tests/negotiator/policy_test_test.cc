// negotiator test (negotiator/simulate/policy_test_file.h,
// policy_test_run.h): test files parsed with positioned errors, promises
// measured on a simulation and on a snapshot's cycle, the bundled test
// files (one passes, one fails with the measured values shown), and the
// command's formats and exit codes, its JUnit XML validated against the
// format's schema.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "negotiator/simulate/policy_test_run.h"
#include "tests/tool_run.h"

namespace negotiator {
namespace {

const std::string kTests = std::string(CLASSAD_EXAMPLES_DIR) + "/simulate/tests";
const std::string kShares = std::string(CLASSAD_EXAMPLES_DIR) + "/negotiator/01-shares";

constexpr char kHead[] =
    "config = c\nslots = s\nworkload = w\n";

std::string ErrorOf(const std::string& text) {
  classad::Result<PolicyTestFile> file = ParsePolicyTestFile(text, "/d/t.test");
  if (file.ok()) return "ok";
  EXPECT_EQ(file.status().code(), classad::StatusCode::kParseError);
  return file.status().ToString();
}

TEST(PolicyTestFileTest, SettingsAndExpectationsAreRead) {
  classad::Result<PolicyTestFile> file = ParsePolicyTestFile(
      "# a test\nconfig = ../cm/condor_config\nslots = /abs/slots.ads\nworkload = h.ads\n"
      "duration = 2d\ninterval = 120\nstart = 1700000000\nclaim-reuse = false\n"
      "expect \"physics keeps 40 %\": min share(group physics) from 1h to 1d when demanding "
      ">= 40%   # the promise\n"
      "expect \"short waits\": p95 wait(submitter a@x) <= 1h\n"
      "expect \"C at 61 minutes\": running(group C) at 61m == 5\n",
      "/d/t.test");
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  EXPECT_EQ(file->inputs.config_files, std::vector<std::string>{"/cm/condor_config"});
  EXPECT_EQ(file->inputs.slot_files, std::vector<std::string>{"/abs/slots.ads"});
  EXPECT_EQ(file->inputs.workload_file, "/d/h.ads");
  EXPECT_EQ(file->inputs.options.duration, 2 * 86400);
  EXPECT_EQ(file->inputs.options.interval, 120);
  EXPECT_EQ(file->inputs.start, 1700000000);
  EXPECT_FALSE(file->inputs.options.claim_reuse);
  ASSERT_EQ(file->expectations.size(), 3u);
  const Expectation& e = file->expectations[0];
  EXPECT_EQ(e.name, "physics keeps 40 %");
  EXPECT_EQ(e.where.line, 9);
  EXPECT_EQ(e.aggregate, Aggregate::kMin);
  EXPECT_EQ(e.metric, "share");
  EXPECT_EQ(e.party_kind, "group");
  EXPECT_EQ(e.party, "physics");
  EXPECT_EQ(e.from, 3600);
  EXPECT_EQ(e.to, 86400);
  EXPECT_TRUE(e.when_demanding);
  EXPECT_EQ(e.comparator, Comparator::kGe);
  EXPECT_DOUBLE_EQ(e.value, 0.4);
  EXPECT_EQ(e.text, "min share(group physics) from 1h to 1d when demanding >= 40%");
  EXPECT_DOUBLE_EQ(file->expectations[1].value, 3600);
  EXPECT_EQ(file->expectations[1].party, "a@x");
  EXPECT_TRUE(file->expectations[2].at);
  EXPECT_EQ(file->expectations[2].from, 61 * 60);
}

TEST(PolicyTestFileTest, BadFilesAreErrorsAtTheirLineAndColumn) {
  const std::string head = kHead;
  EXPECT_EQ(ErrorOf(head + "expect \"x\": speed >= 1\n"),
            "/d/t.test:4:13: unknown metric 'speed' (allocation, badput, fairness, idle, matches, "
            "preemptions, quota, run_before_preemption, running, share, starved, utilisation, "
            "wait)");
  EXPECT_EQ(ErrorOf(head + "expect x: wait <= 1h\n"),
            "/d/t.test:4:8: an expectation starts with its name in double quotes: expect "
            "\"NAME\": ...");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": wait <= soon\n"),
            "/d/t.test:4:21: 'soon' is not a number or a duration");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": wait after 1y <= 1h\n"),
            "/d/t.test:4:24: '1y' is not a duration: a positive whole number of seconds, or "
            "followed by s, m, h, d or w (90m, 7d)");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": starved >= 1\n"),
            "/d/t.test:4:21: 'starved' needs a party: starved(group NAME)");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": starved(submitter a) >= 1\n"),
            "/d/t.test:4:21: 'starved' is measured for groups only");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": total wait >= 1\n"),
            "/d/t.test:4:13: 'wait' does not take 'total'");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": wait at 1h >= 1\n"),
            "/d/t.test:4:13: 'wait' is not measured at one cycle");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": wait >= 40%\n"),
            "/d/t.test:4:21: 'wait' is not a fraction: no percentage");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": share => 1\n"),
            "/d/t.test:4:19: expected a comparison (>=, <=, >, <, ==, !=), found '=>'");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": share >= 1 2\n"),
            "/d/t.test:4:24: unexpected '2' after the value");
  EXPECT_EQ(ErrorOf(head + "expect \"x\": allocation(group a) == 1\n"),
            "/d/t.test:4:13: 'allocation' is measured on a snapshot's cycle: give jobs (a "
            "snapshot), not a workload");
  EXPECT_EQ(ErrorOf("config = c\nslots = s\njobs = j\nexpect \"x\": matches after 1h >= 1\n"),
            "/d/t.test:4:21: a snapshot is one cycle: it has no window");
  EXPECT_EQ(ErrorOf(head + "colour = blue\n").substr(0, 40),
            "/d/t.test:4:1: unknown setting 'colour' ");
  EXPECT_EQ(ErrorOf(head + "duration = forever\n").substr(0, 44),
            "/d/t.test:4:12: 'forever' is not a duration:");
  EXPECT_EQ(ErrorOf("config = c\nworkload = w\nexpect \"x\": fairness >= 0.9\n"),
            "/d/t.test:3:1: the test file names no slots");
  EXPECT_EQ(ErrorOf(head), "/d/t.test:3:1: the test file has no expectation (expect \"NAME\": ...)");
  EXPECT_EQ(ErrorOf(""), "/d/t.test:1:1: the test file names no config");  // found by fuzz_workload
  EXPECT_EQ(ErrorOf(head + "just words\n"),
            "/d/t.test:4:1: expected a setting (name = value) or an expectation (expect "
            "\"NAME\": ...)");
}

TEST(PolicyTestRunTest, TheBundledPassingFileKeepsEveryPromise) {
  const PolicyTestResult r = RunPolicyTest(kTests + "/recipe-keeps-quotas.test");
  ASSERT_TRUE(r.error.ok()) << r.error.ToString();
  ASSERT_EQ(r.results.size(), 5u);
  for (const ExpectationResult& e : r.results) {
    EXPECT_TRUE(e.passed) << e.expectation.name << ": " << e.detail;
    EXPECT_TRUE(e.measured.has_value()) << e.expectation.name;
  }
  EXPECT_EQ(*r.results[0].measured, 5);  // C's running weight at 61 minutes
  EXPECT_EQ(r.results[0].party, "C");
  EXPECT_EQ(PolicyTestExitStatus({r}), 0);
}

TEST(PolicyTestRunTest, TheBundledFailingFileShowsWhatWasMeasured) {
  const PolicyTestResult r = RunPolicyTest(kTests + "/no-surplus-wastes-slots.test");
  ASSERT_TRUE(r.error.ok()) << r.error.ToString();
  ASSERT_EQ(r.results.size(), 3u);
  EXPECT_TRUE(r.results[0].passed);   // no preemption without surplus
  EXPECT_FALSE(r.results[1].passed);  // slots stay idle
  EXPECT_LT(*r.results[1].measured, 0.9);
  EXPECT_FALSE(r.results[2].passed);  // B waits
  EXPECT_EQ(*r.results[2].measured, 21600);
  EXPECT_EQ(PolicyTestExitStatus({r}), 2);
  const std::string text = FormatPolicyTestText({r}, false);
  EXPECT_NE(text.find("no-surplus-wastes-slots.test:11:1: error: B's jobs wait at most two "
                      "hours: measured 21600 s for B, expected <= 2h"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("PASS: 1/3\nFAIL: 2/3\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("note:"), std::string::npos);  // passes only with verbose
  EXPECT_NE(FormatPolicyTestText({r}, true).find("note: nobody is preempted: passed"),
            std::string::npos);
  const std::string json = FormatPolicyTestJson({r});
  EXPECT_NE(json.find("\"measured\": 21600"), std::string::npos) << json;
  EXPECT_NE(json.find("\"failed\": 2"), std::string::npos);
}

class PolicyTestFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = ::testing::TempDir() + "policy_test_XXXXXX";
    ASSERT_NE(mkdtemp(folder_.data()), nullptr);
  }
  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = folder_ + "/" + name;
    std::ofstream(path) << text;
    return path;
  }
  std::string folder_;
};

TEST_F(PolicyTestFolder, EveryPartyOfAStarMustKeepThePromiseAndTheWorstIsShown) {
  const std::string recipe = std::string(CLASSAD_EXAMPLES_DIR) + "/simulate/quota-preemption";
  const PolicyTestResult r = RunPolicyTest(Write(
      "star.test", "config = " + recipe + "/condor_config\nslots = " + recipe +
                       "/slots.ads\nworkload = " + recipe + "/history.ads\nduration = 8h\n"
                       "expect \"every group runs 6 at some point\": max running(group *) >= 6\n"
                       "expect \"no such group\": mean running(group Z) >= 0\n"
                       "expect \"none preempted early\": min run_before_preemption >= 0\n"
                       "expect \"fair\": fairness >= 0.9\n"));
  ASSERT_TRUE(r.error.ok()) << r.error.ToString();
  ASSERT_EQ(r.results.size(), 4u);
  EXPECT_FALSE(r.results[0].passed);
  // A and B ran 7 on the surplus before C came; C never ran more than its 5.
  EXPECT_NE(r.results[0].detail.find("1 of 3 groups do not keep it: C"), std::string::npos)
      << r.results[0].detail;
  EXPECT_EQ(r.results[0].party, "C");
  EXPECT_EQ(*r.results[0].measured, 5);
  EXPECT_FALSE(r.results[1].passed);
  EXPECT_FALSE(r.results[1].measured.has_value());
  EXPECT_NE(r.results[1].detail.find("the run has no group 'Z'"), std::string::npos);
  EXPECT_TRUE(r.results[2].passed);
  EXPECT_TRUE(r.results[3].passed);
}

TEST_F(PolicyTestFolder, ASnapshotRunsOneCycle) {
  const PolicyTestResult r = RunPolicyTest(Write(
      "snapshot.test", "config = " + kShares + "/negotiator.config\nslots = " + kShares +
                           "/slots.ads\njobs = " + kShares + "/jobs.ads\naccountant = " + kShares +
                           "/accountant.userprio.json\nnow = 1767225600\n"
                           "expect \"70 matches\": matches == 70\n"
                           "expect \"full\": utilisation == 100%\n"
                           "expect \"alice runs\": running(submitter alice@example.org) > 0\n"));
  ASSERT_TRUE(r.error.ok()) << r.error.ToString();
  for (const ExpectationResult& e : r.results) {
    EXPECT_TRUE(e.passed) << e.expectation.name << " measured "
                          << (e.measured ? *e.measured : -1) << " " << e.detail;
  }
}

TEST_F(PolicyTestFolder, TheCommandsFormatsAndExitCodes) {
  auto run = [this](std::vector<std::string> args) {
    args.insert(args.begin(), "test");
    return test_tools::RunToolIn(folder_, NEGOTIATOR_BINARY, args);
  };
  const std::string pass = kTests + "/recipe-keeps-quotas.test";
  const std::string fail = kTests + "/no-surplus-wastes-slots.test";
  test_tools::ToolRun r = run({pass});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "PASS: 5/5\n");
  r = run({pass, fail, "--junit", folder_ + "/junit.xml"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.out.find("PASS: 6/8\nFAIL: 2/8\n"), std::string::npos) << r.out;
  r = run({"--format=json", fail});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out.rfind("{", 0), 0u);
  const std::string bad = Write("bad.test", "config = c\n");
  r = run({pass, bad});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.out.find("bad.test:1:1: error: the test file names no slots"), std::string::npos)
      << r.out;
  EXPECT_EQ(run({"--format=xml", pass}).exit_code, 3);
  EXPECT_EQ(run({}).exit_code, 3);
  // The JUnit XML validates against the format's schema.
  if (std::system("command -v xmllint > /dev/null 2>&1") != 0) {
    if (std::getenv("CI") != nullptr) FAIL() << "xmllint is missing (libxml2-utils)";
    GTEST_SKIP() << "xmllint (libxml2-utils, installed by scripts/install-deps.sh) is missing";
  }
  r = run({"--format=junit", pass, fail, bad});
  EXPECT_EQ(r.exit_code, 3);
  std::ofstream(folder_ + "/all.xml") << r.out;
  const std::string schema = std::string(CLASSAD_TEST_DATA_DIR) + "/simulate/junit.xsd";
  for (const char* file : {"junit.xml", "all.xml"}) {
    const int status = std::system(("xmllint --noout --schema " + test_tools::ShellQuote(schema) +
                                    " " + test_tools::ShellQuote(folder_ + "/" + file) +
                                    " 2> " + test_tools::ShellQuote(folder_ + "/xmllint.err"))
                                       .c_str());
    EXPECT_EQ(status, 0) << file << ": " << test_tools::Slurp(folder_ + "/xmllint.err");
  }
  EXPECT_NE(r.out.find("<failure message=\"measured 21600 s for B, expected &lt;= 2h\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("<error message="), std::string::npos);
}

}  // namespace
}  // namespace negotiator
