// `negotiator sweep`: a what-if study as a grid of simulations
// (configurations × workloads), run on every local core, or written out as
// an HTCondor submit description (one job per point, `queue ... from` a
// table of the points) and a DAG whose final node merges the points'
// summaries into one table: administrators run a large study on their own
// pool.
#ifndef NEGOTIATOR_SIMULATE_SWEEP_H_
#define NEGOTIATOR_SIMULATE_SWEEP_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "classad/status.h"
#include "negotiator/simulate/simulation_files.h"

namespace negotiator {

// One configuration or workload of the grid: a label and its path(s).
struct SweepAxisValue {
  std::string label;               // letters, digits, '-', '_' and '.'
  std::vector<std::string> paths;  // a configuration's files or folders; one workload file
};

struct SweepInputs {
  std::vector<SweepAxisValue> configs;
  std::vector<SweepAxisValue> workloads;
  // Everything else every point shares (its config_files and
  // workload_file are the point's).
  SimulationInputs common;
  std::string out;  // the study's folder: points/<point>/ and the tables
};

// Whether `c` may stand in a label: a letter, a digit, '-' or '_'.
bool IsSweepLabelCharacter(char c);

// One point of the grid.
struct SweepPoint {
  std::string name;  // "<config>.<workload>"
  const SweepAxisValue* config = nullptr;
  const SweepAxisValue* workload = nullptr;
};

// The grid's points, configurations outer, workloads inner.
std::vector<SweepPoint> SweepPoints(const SweepInputs& inputs);

// Checks the inputs: at least one configuration and one workload, labels
// that are words of letters, digits, '-', '_', '.', each once per axis
// (kInvalidArgument, naming the label).
classad::Status CheckSweep(const SweepInputs& inputs);

// Runs every point on `workers` threads (each simulation on one thread),
// writing each point's outputs (WriteSimulationOutputs, no report page)
// into <out>/points/<point>/, then merges (MergeSweep). `progress`, when
// set, is called after each point with the number done and the total
// (from any worker thread, one call at a time). Errors: the first
// point's that failed, naming the point; the others still run.
classad::Status RunSweepLocally(const SweepInputs& inputs, int workers,
                                const std::function<void(size_t done, size_t total)>& progress);

// Writes the study for HTCondor into <out>: points.txt (one line per
// point: name, configuration paths, workload path), sweep.sub (one job per
// point running `negotiator simulate`, `queue point, config, workload from
// points.txt`), merge.sub (the local-universe job running `negotiator
// sweep --merge`), and sweep.dag (the simulations as one node, the merge
// as its FINAL node). `negotiator` is the program's absolute path; the
// paths in the files are absolute (a shared filesystem is assumed).
// Errors: a path with a character the submit language cannot quote (',' in
// points.txt fields, '\'' or '"' in arguments), or a file that cannot be
// written.
classad::Status WriteSweepForHTCondor(const SweepInputs& inputs, const std::string& negotiator);

// Reads <out>/points/*/summary.json and writes <out>/sweep.csv and
// sweep.txt: one row per point (configuration, workload, utilisation,
// mean and p95 wait, jobs done and never started, preemptions, badput,
// fairness), points without a summary listed as missing. Returns the text
// table. Errors: no points folder, or a file that cannot be written.
classad::Result<std::string> MergeSweep(const std::string& out);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_SWEEP_H_
