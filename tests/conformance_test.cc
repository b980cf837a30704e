// Runs every case of the conformance corpus (tests/data/conformance, a copy
// of ../shared/conformance) through the library and through
// `classad_eval -stdin`, and requires byte-for-byte equal output.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "tests/conformance_runner.h"

namespace classad::testing {
namespace {

const std::string kDataDir = std::string(CLASSAD_TEST_DATA_DIR) + "/conformance";

std::vector<ConformanceCase> AllCases() {
  Result<std::vector<ConformanceCase>> cases = LoadCases(kDataDir + "/cases.tsv");
  EXPECT_TRUE(cases.ok()) << cases.status().ToString();
  return cases.ok() ? *cases : std::vector<ConformanceCase>{};
}

// Runs the cases of one kind through the library (compiled programs, or the
// tree walker alone); reports each mismatch.
void RunKindThroughLibrary(const std::string& kind, bool compiled = true) {
  AdLibrary ads(kDataDir);
  int ran = 0, failed = 0;
  for (const ConformanceCase& c : AllCases()) {
    if (c.kind != kind) continue;
    ++ran;
    std::string got = RunCaseWithLibrary(c, ads, compiled);
    if (got != c.expected) {
      ++failed;
      ADD_FAILURE() << c.id << " [" << c.my_ad << "|" << c.target_ad << "] " << c.expression
                    << "\n  expected: " << c.expected << "\n  got:      " << got;
    }
  }
  EXPECT_GT(ran, 0) << "no " << kind << " cases found";
  std::printf("%s: %d cases, %d failed\n", kind.c_str(), ran, failed);
}

TEST(Conformance, EvalCompatThroughLibrary) { RunKindThroughLibrary("eval-compat"); }
TEST(Conformance, EvalStrictThroughLibrary) { RunKindThroughLibrary("eval-strict"); }
TEST(Conformance, UnparseThroughLibrary) { RunKindThroughLibrary("unparse"); }
TEST(Conformance, ParseErrorThroughLibrary) { RunKindThroughLibrary("parse-error"); }
// The tree walker, which the compiled path is checked against, must pass
// the corpus on its own too.
TEST(Conformance, EvalCompatThroughTreeWalker) { RunKindThroughLibrary("eval-compat", false); }
TEST(Conformance, EvalStrictThroughTreeWalker) { RunKindThroughLibrary("eval-strict", false); }

// Reads a whole file.
std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every case through `classad_eval -stdin`, one process per group of cases
// that share kind and ads, as the corpus README prescribes.
TEST(Conformance, AllCasesThroughClassadEval) {
  using Key = std::tuple<std::string, std::string, std::string>;
  std::map<Key, std::vector<ConformanceCase>> groups;
  for (const ConformanceCase& c : AllCases()) {
    groups[{c.kind, c.my_ad, c.target_ad}].push_back(c);
  }
  const std::string tmp = ::testing::TempDir();
  int ran = 0, failed = 0;
  for (const auto& [key, cases] : groups) {
    const auto& [kind, my, target] = key;
    const std::string in_path = tmp + "/conformance_in.txt";
    const std::string out_path = tmp + "/conformance_out.txt";
    {
      std::ofstream in(in_path);
      for (const ConformanceCase& c : cases) in << c.expression << "\n";
    }
    std::string cmd = std::string("TZ=UTC LC_ALL=C ") + CLASSAD_EVAL_BINARY + " -stdin";
    if (my != "-") cmd += " -my-file " + kDataDir + "/" + my;
    if (target != "-") cmd += " -target-file " + kDataDir + "/" + target;
    if (kind == "eval-strict") cmd += " -strict";
    if (kind == "unparse") cmd += " -unparse";
    cmd += " < " + in_path + " > " + out_path;
    int rc = std::system(cmd.c_str());
    ASSERT_EQ(rc, 0) << "command failed: " << cmd;
    std::istringstream out(Slurp(out_path));
    for (const ConformanceCase& c : cases) {
      ++ran;
      std::string line;
      if (!std::getline(out, line)) {
        ++failed;
        ADD_FAILURE() << c.id << ": no output line";
        continue;
      }
      // A parse failure prints PARSE_ERROR followed by the reason.
      bool ok = c.expected == "PARSE_ERROR" ? line.rfind("PARSE_ERROR", 0) == 0
                                            : line == c.expected;
      if (!ok) {
        ++failed;
        ADD_FAILURE() << c.id << " [" << my << "|" << target << "] " << c.expression
                      << "\n  expected: " << c.expected << "\n  got:      " << line;
      }
    }
    std::string extra;
    EXPECT_FALSE(std::getline(out, extra)) << "extra output line: " << extra;
  }
  std::printf("classad_eval -stdin: %d cases, %d failed\n", ran, failed);
}

}  // namespace
}  // namespace classad::testing
