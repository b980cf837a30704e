// `negotiator compare`: the same pool under two configurations, A (today's)
// and B (the alternative), side by side. On a snapshot (slot and job ads)
// each runs one cycle; on a workload each runs a simulation. The
// comparison lists, per figure, A's value, B's and the difference, for the
// pool, each group and each submitter, with the knobs whose values differ
// between A and B and where each was set.
#ifndef NEGOTIATOR_SIMULATE_COMPARISON_H_
#define NEGOTIATOR_SIMULATE_COMPARISON_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "classad/status.h"
#include "negotiator/cycle.h"
#include "negotiator/simulate/simulation_files.h"
#include "negotiator/simulate/simulation_html.h"
#include "policy/config_diff.h"
#include "policy/policy.h"

namespace negotiator {

struct ComparisonInputs {
  std::vector<std::string> config_a, config_b;  // each as -config takes it (files or folders)
  std::string label_a = "A", label_b = "B";
  // Each side's share model (null: HTCondor's pie) and its name for the
  // report ("htcondor", "dirac"). Empty config_b: B reads config_a (two
  // models under one configuration).
  std::shared_ptr<const ShareModel> share_model_a, share_model_b;
  std::string model_a = "htcondor", model_b = "htcondor";
  // A snapshot when `job_files` is not empty: one cycle on
  // simulation.slot_files and these job ads, at simulation.start (default:
  // now), from simulation.accountant (read only). Else a simulation of
  // simulation.workload_file under each configuration.
  std::vector<std::string> job_files;
  // Everything but the configuration (its config_files are ignored).
  SimulationInputs simulation;
};

// What makes comparison inputs unusable, found before any model is loaded
// or file read (one home for the checks `negotiator compare` and the
// Python module make; each words a problem with its own option names).
enum class ComparisonInputProblem {
  kNone,
  kNoConfigA,           // config_a is empty
  kNoConfigB,           // config_b is empty while both sides run one model
  kNoSlots,             // simulation.slot_files is empty
  kNotJobsOrWorkload,   // neither or both of job_files and simulation.workload_file
  kStateAndAccountant,  // both simulation.accountant.store and .json_file
};

// The first problem of `inputs`, in the order above (kNone when they can
// run); `models_differ`: the two sides run share models of different
// kinds (config_b may then be empty).
ComparisonInputProblem FindComparisonInputProblem(const ComparisonInputs& inputs,
                                                  bool models_differ);

// A sentence saying what `problem` is, in the inputs' own field names
// (what RunComparison returns for it).
const char* ComparisonInputProblemText(ComparisonInputProblem problem);

// The title of a comparison's report when none is given.
std::string DefaultComparisonTitle(const std::string& label_a, const std::string& label_b);

// One figure of one party under A and B.
struct ComparedFigure {
  std::string kind;    // "pool", "group" or "submitter"
  std::string party;   // the group's or submitter's name ("" for the pool)
  std::string figure;  // "utilisation", "mean running weight", ...
  std::optional<double> a, b;  // nullopt: the party had none under that configuration
};

// One cycle under a configuration, for a snapshot.
struct CycleRun {
  std::shared_ptr<const policy::Policy> policy;
  CycleResult result;
};

// One cycle under the configuration `config` on `inputs.slot_files` and
// `job_files` at `now`, from `inputs.accountant` (only read; a copy
// changes), with inputs.options' share model, threads and restarted: the
// snapshot side of a comparison or a test file, through
// RunSnapshotCycles (snapshot_cycle.h) with commit false. Errors: the
// configuration's, the ads' and the accountant's.
classad::Result<CycleRun> RunReadOnlyCycle(const std::vector<std::string>& config,
                                           const SimulationInputs& inputs,
                                           const std::vector<std::string>& job_files,
                                           int64_t now);

struct Comparison {
  std::string label_a, label_b;
  std::string model_a, model_b;  // the share models' names
  bool simulated = false;  // a workload (else a snapshot's one cycle)
  std::vector<ComparedFigure> figures;  // pool first, then groups, then submitters
  std::vector<policy::KnobDifference> knobs;
  // The runs, for the reports (one pair is set).
  std::optional<SimulationRun> simulation_a, simulation_b;
  std::optional<CycleRun> cycle_a, cycle_b;
};

// Reads both configurations and the inputs, runs both sides and compares.
// Errors: kInvalidArgument for a problem FindComparisonInputProblem finds
// (models differing when model_a and model_b do), either configuration's
// (naming which), the inputs' and the runs', returned as they come.
classad::Result<Comparison> RunComparison(const ComparisonInputs& inputs);

// The figures of two simulations, and of two cycles (one home each for
// which figures a comparison shows).
std::vector<ComparedFigure> CompareSimulations(const SimulationRun& a, const SimulationRun& b);
std::vector<ComparedFigure> CompareCycles(const CycleResult& a, const CycleResult& b);

// The names of the files WriteComparisonOutputs writes.
inline constexpr char kComparisonTextFile[] = "compare.txt";
inline constexpr char kComparisonJsonFile[] = "compare.json";
inline constexpr char kComparisonReportFile[] = "compare.html";

// Writes compare.txt, compare.json and (with `charts`) compare.html, titled
// `title`, into `folder` (created when missing), and for a simulation each
// side's outputs (WriteSimulationOutputs) into `folder`/a and `folder`/b.
// Errors: a folder or file that cannot be written (kIoError, naming it).
classad::Status WriteComparisonOutputs(const Comparison& comparison, const std::string& folder,
                                       const std::string& title, const ChartLibrary* charts);

// The comparison as text tables, as one JSON document, and as a
// self-contained HTML page (with `charts`: for a simulation, each group's
// running weight and the wait distributions under A and B).
std::string FormatComparisonText(const Comparison& comparison);
std::string FormatComparisonJson(const Comparison& comparison);
std::string FormatComparisonHtml(const Comparison& comparison, const std::string& title,
                                 const ChartLibrary& charts);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_COMPARISON_H_
