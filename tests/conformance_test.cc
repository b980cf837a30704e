// Runs every case of the conformance corpus (tests/data/conformance, a copy
// of ../shared/conformance) through every path a case can take -- the
// library with the hand-written parser first or ANTLR alone, compiled
// programs or the tree walker, and `classad_eval -stdin` -- and requires
// byte-for-byte equal output. The corpus files: conformance/cases.tsv, and
// conformance/quirks.tsv, HTCondor's accidental-looking behaviours, which we
// reproduce too (docs/compatibility.md); and htcondor_edges.tsv, the edges
// settled from HTCondor's code for issue 29 (not in the shared corpus).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "tests/conformance_runner.h"

namespace classad::testing {
namespace {

// The ads the cases name live here; corpus files are named relative to the
// parent folder.
const std::string kDataDir = std::string(CLASSAD_TEST_DATA_DIR) + "/conformance";
const std::string kCases = "conformance/cases.tsv";
const std::string kQuirks = "conformance/quirks.tsv";
const std::string kEdges = "htcondor_edges.tsv";

std::vector<ConformanceCase> AllCases(const std::string& file) {
  Result<std::vector<ConformanceCase>> cases =
      LoadCases(std::string(CLASSAD_TEST_DATA_DIR) + "/" + file);
  EXPECT_TRUE(cases.ok()) << cases.status().ToString();
  return cases.ok() ? *cases : std::vector<ConformanceCase>{};
}

// Whether a classad_eval output line matches the expectation (a parse
// failure prints PARSE_ERROR followed by the reason).
bool EvalLineMatches(const ConformanceCase& c, const std::string& line) {
  return c.expected == "PARSE_ERROR" ? line.rfind("PARSE_ERROR", 0) == 0 : line == c.expected;
}

// Runs the cases of one kind of `file` through the library along `path`;
// reports each mismatch.
void RunKindThroughLibrary(const std::string& file, const std::string& kind,
                           const LibraryPath& path = {}) {
  AdLibrary ads(kDataDir);
  int ran = 0, failed = 0;
  for (const ConformanceCase& c : AllCases(file)) {
    if (c.kind != kind) continue;
    ++ran;
    std::string got = RunCaseWithLibrary(c, ads, path);
    if (got != c.expected) {
      ++failed;
      ADD_FAILURE() << c.id << " [" << c.my_ad << "|" << c.target_ad << "] " << c.expression
                    << "\n  expected: " << c.expected << "\n  got:      " << got;
    }
  }
  EXPECT_GT(ran, 0) << "no " << kind << " cases found in " << file;
  std::printf("%s %s: %d cases, %d failed\n", file.c_str(), kind.c_str(), ran, failed);
}

constexpr LibraryPath kTreeWalker{.compiled = false, .fast_path = true};
constexpr LibraryPath kAntlrOnly{.compiled = true, .fast_path = false};

TEST(Conformance, EvalCompatThroughLibrary) { RunKindThroughLibrary(kCases, "eval-compat"); }
TEST(Conformance, EvalStrictThroughLibrary) { RunKindThroughLibrary(kCases, "eval-strict"); }
TEST(Conformance, UnparseThroughLibrary) { RunKindThroughLibrary(kCases, "unparse"); }
TEST(Conformance, ParseErrorThroughLibrary) { RunKindThroughLibrary(kCases, "parse-error"); }
// The tree walker, which the compiled path is checked against, must pass
// the corpus on its own too; so must the ANTLR parser without the fast one.
TEST(Conformance, EvalCompatThroughTreeWalker) {
  RunKindThroughLibrary(kCases, "eval-compat", kTreeWalker);
}
TEST(Conformance, EvalStrictThroughTreeWalker) {
  RunKindThroughLibrary(kCases, "eval-strict", kTreeWalker);
}
TEST(Conformance, AllKindsThroughAntlrAlone) {
  for (const char* kind : {"eval-compat", "eval-strict", "unparse", "parse-error"}) {
    RunKindThroughLibrary(kCases, kind, kAntlrOnly);
  }
}

// The quirk corpus through the same library paths.
TEST(Conformance, QuirksThroughLibrary) {
  for (const char* kind : {"eval-compat", "eval-strict", "unparse", "parse-error"}) {
    RunKindThroughLibrary(kQuirks, kind);
    RunKindThroughLibrary(kQuirks, kind, kAntlrOnly);
  }
}
TEST(Conformance, QuirksThroughTreeWalker) {
  for (const char* kind : {"eval-compat", "eval-strict"}) {
    RunKindThroughLibrary(kQuirks, kind, kTreeWalker);
    RunKindThroughLibrary(kQuirks, kind, {.compiled = false, .fast_path = false});
  }
}

// Reads a whole file.
std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every case of `file` through `classad_eval -stdin`, one process per group
// of cases that share kind and ads, as the corpus README prescribes: the
// output line of each case by id ("<no output line>" when missing).
std::map<std::string, std::string> RunThroughClassadEval(const std::string& file) {
  using Key = std::tuple<std::string, std::string, std::string>;
  std::map<Key, std::vector<ConformanceCase>> groups;
  for (const ConformanceCase& c : AllCases(file)) {
    groups[{c.kind, c.my_ad, c.target_ad}].push_back(c);
  }
  const std::string tmp = ::testing::TempDir();
  std::map<std::string, std::string> lines;
  for (const auto& [key, cases] : groups) {
    const auto& [kind, my, target] = key;
    // Per corpus and process: ctest runs the corpora's tests in parallel.
    std::string name = file;
    for (char& ch : name) ch = ch == '/' ? '_' : ch;
    const std::string stem = tmp + "/conformance_" + name + "_" + std::to_string(getpid());
    const std::string in_path = stem + "_in.txt";
    const std::string out_path = stem + "_out.txt";
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
    EXPECT_EQ(rc, 0) << "command failed: " << cmd;
    std::istringstream out(Slurp(out_path));
    for (const ConformanceCase& c : cases) {
      std::string line;
      lines[c.id] = std::getline(out, line) ? line : "<no output line>";
    }
    std::string extra;
    EXPECT_FALSE(std::getline(out, extra)) << "extra output line: " << extra;
    std::remove(in_path.c_str());
    std::remove(out_path.c_str());
  }
  return lines;
}

// Compares classad_eval's lines for `file` with the expectations.
void CheckClassadEval(const std::string& file) {
  std::map<std::string, std::string> lines = RunThroughClassadEval(file);
  int ran = 0, failed = 0;
  for (const ConformanceCase& c : AllCases(file)) {
    ++ran;
    const std::string& line = lines[c.id];
    if (!EvalLineMatches(c, line)) {
      ++failed;
      ADD_FAILURE() << c.id << " [" << c.my_ad << "|" << c.target_ad << "] " << c.expression
                    << "\n  expected: " << c.expected << "\n  got:      " << line;
    }
  }
  std::printf("%s through classad_eval -stdin: %d cases, %d failed\n", file.c_str(), ran, failed);
}

TEST(Conformance, AllCasesThroughClassadEval) { CheckClassadEval(kCases); }
TEST(Conformance, QuirksThroughClassadEval) { CheckClassadEval(kQuirks); }

// The settled edges through every path.
TEST(Conformance, HTCondorEdgesThroughEveryPath) {
  for (const char* kind : {"eval-compat", "unparse"}) {
    for (LibraryPath path : {LibraryPath{}, kTreeWalker, kAntlrOnly}) {
      RunKindThroughLibrary(kEdges, kind, path);
    }
  }
  CheckClassadEval(kEdges);
}

}  // namespace
}  // namespace classad::testing
