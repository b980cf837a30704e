// The files `negotiator test` reads: what to run (a configuration, slot
// ads, and a workload to simulate or a snapshot for one cycle) and the
// promises to check on the outcome, one `expect` line each. Modelled on
// Open Policy Agent's `opa test`: small files beside the policy, run in CI.
//
//   # Physics keeps its share while it has work.
//   config = condor_config          # paths are relative to the test file
//   slots = slots.ads
//   workload = history.ads          # or: jobs = queue.ads (one cycle)
//   duration = 2d
//   expect "physics keeps 40 %": min share(group physics) when demanding >= 40%
//   expect "no group starves an hour below quota": max starved(group *) <= 1h
//   expect "nobody preempted in their first 2 h": min run_before_preemption >= 2h
//
// Settings (`name = value`): config, slots, workload, jobs (each
// repeatable but workload), format (history or swf), swf-map,
// run-time-attribute, accountant, state, start (or now), duration,
// interval, claim-reuse (true or false), htcondor-version.
//
// An expectation: `expect "NAME": [AGG] METRIC[(KIND PARTY)] [WINDOW]
// [when demanding] OP VALUE`, where
// - AGG is min, max, mean, p50, p95, p99 or total (each metric takes some;
//   see kMetrics in policy_test_file.cc and docs/simulate.md);
// - METRIC is share, utilisation, running, idle, wait, starved,
//   run_before_preemption, preemptions, matches, badput, fairness,
//   allocation or quota;
// - KIND is group or submitter and PARTY a name, or * for every one (each
//   must keep the promise);
// - WINDOW is `at D`, `after D` or `from D to D`, offsets from the start
//   (D a duration: 90m, 2h, 1d);
// - OP is >=, <=, >, <, == or !=, and VALUE a number, a percentage (40%)
//   or a duration (1h) for the metrics in seconds.
#ifndef NEGOTIATOR_SIMULATE_POLICY_TEST_FILE_H_
#define NEGOTIATOR_SIMULATE_POLICY_TEST_FILE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "negotiator/simulate/comparison.h"
#include "negotiator/simulate/simulation_files.h"

namespace negotiator {

enum class Aggregate { kNone, kMin, kMax, kMean, kP50, kP95, kP99, kTotal };
enum class Comparator { kGe, kLe, kGt, kLt, kEq, kNe };

// "min", ">=", ...
const char* AggregateName(Aggregate a);
const char* ComparatorName(Comparator c);

// What a metric is and takes (one home for the parser and the runner).
struct MetricInfo {
  std::string_view name;
  bool in_simulation;   // measurable on a workload's simulation
  bool in_snapshot;     // on a snapshot's one cycle
  bool takes_party;     // (group X) / (submitter X); without one: the pool
  bool needs_party;
  bool groups_only;
  bool takes_window;
  bool takes_demanding;  // `when demanding`: the cycles its party has idle jobs
  bool seconds;          // measured in seconds: the value may be a duration
  bool fraction;         // measured as a fraction: the value may be a percentage
  Aggregate default_aggregate;
  unsigned aggregates;   // bit (1 << Aggregate) for each it takes
  std::string_view description;
};

// The metric `name` (exact), or null.
const MetricInfo* FindMetric(std::string_view name);

// One promise.
struct Expectation {
  std::string name;
  classad::SourceLocation where;  // of `expect`
  Aggregate aggregate = Aggregate::kNone;  // kNone: the metric's default
  std::string metric;
  std::string party_kind;  // "group", "submitter", or empty (the pool)
  std::string party;       // a name, or "*"
  // The window, in seconds after the start; nullopt: from the start, to
  // the end. `at` sets both to the same cycle.
  std::optional<int64_t> from, to;
  bool at = false;
  bool when_demanding = false;
  Comparator comparator = Comparator::kGe;
  double value = 0;        // percentages divided by 100, durations in seconds
  std::string value_text;  // as written
  std::string text;        // the whole line's expectation, as written after the name
};

// A test file.
struct PolicyTestFile {
  std::string path;
  // What to run: inputs.config_files etc., paths resolved against the
  // file's folder. A snapshot when job_files is not empty.
  SimulationInputs inputs;
  std::vector<std::string> job_files;
  std::vector<Expectation> expectations;
};

// Parses `text`, read from `path` (which names it in errors and against
// whose folder relative paths are resolved). Errors (kParseError) carry
// the file, line and column: an unknown setting or metric, a bad value, a
// metric that takes no party or that aggregate, a window on a snapshot, a
// file with no configuration, slots, workload or jobs, or no expectation.
classad::Result<PolicyTestFile> ParsePolicyTestFile(std::string_view text,
                                                    const std::string& path);

// Reads and parses the file at `path`. Errors: it cannot be read
// (kIoError), or ParsePolicyTestFile's.
classad::Result<PolicyTestFile> ReadPolicyTestFile(const std::string& path);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_POLICY_TEST_FILE_H_
