// Running `negotiator test` files (policy_test_file.h): each file's
// simulation (or snapshot cycle) once, every expectation measured on it,
// and the results as GCC-style lines, JSON or JUnit XML for CI systems.
#ifndef NEGOTIATOR_SIMULATE_POLICY_TEST_RUN_H_
#define NEGOTIATOR_SIMULATE_POLICY_TEST_RUN_H_

#include <optional>
#include <string>
#include <vector>

#include "classad/status.h"
#include "negotiator/cycle.h"
#include "negotiator/simulate/policy_test_file.h"
#include "negotiator/simulate/simulation_files.h"

namespace negotiator {

// One expectation's outcome.
struct ExpectationResult {
  Expectation expectation;
  bool passed = false;
  // What was measured: for `*`, the party furthest from the promise. None
  // when there was nothing to measure (no preemption for
  // run_before_preemption: the promise is kept; no cycle or job in the
  // window, or a party never seen: it is not).
  std::optional<double> measured;
  std::string party;   // the party measured (with `*`: the worst one)
  std::string detail;  // why, when there is more to say ("2 of 5 groups do not keep it: a, b")
};

// One file's outcome.
struct PolicyTestResult {
  std::string path;
  // The file could not be read or parsed, or its simulation not run: the
  // expectations were not checked.
  classad::Status error = classad::Status::Ok();
  std::vector<ExpectationResult> results;
  double seconds = 0;  // wall time, for JUnit's time attributes
};

// Measures every expectation of `file` on `run` (a simulation) or `cycle`
// (a snapshot's cycle). Pure: the same inputs give the same results.
std::vector<ExpectationResult> CheckExpectations(const PolicyTestFile& file,
                                                 const SimulationRun* run,
                                                 const CycleRun* cycle);

// Reads the file at `path`, runs what it names and checks its
// expectations. Errors are kept in the result (error), never thrown.
PolicyTestResult RunPolicyTest(const std::string& path);

// The results as lines `file:line:col: error: NAME: measured X, expected
// OP Y` for failures (and `note: NAME: passed ...` for passes when
// `verbose`), the files that could not run as positioned errors, then
// OPA-style totals (PASS: n/N, FAIL: n/N, ERROR: n).
std::string FormatPolicyTestText(const std::vector<PolicyTestResult>& results, bool verbose);
// One JSON document: every file, its error or its expectations with the
// measured values, and the totals.
std::string FormatPolicyTestJson(const std::vector<PolicyTestResult>& results);
// JUnit XML (the schema Jenkins, GitLab and GitHub read): a testsuite per
// file, a testcase per expectation with a <failure> when it failed, and a
// file that could not run as one testcase with an <error>.
std::string FormatPolicyTestJunit(const std::vector<PolicyTestResult>& results);

// The exit status like policy_lint's: 0 every expectation kept; 2 one
// failed; 3 a file could not be read or run.
int PolicyTestExitStatus(const std::vector<PolicyTestResult>& results);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_POLICY_TEST_RUN_H_
