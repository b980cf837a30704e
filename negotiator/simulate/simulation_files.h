// A simulation from the files an administrator has, in one place for every
// command that runs one (`negotiator simulate`, `compare`, `test`): the
// configuration as HTCondor's negotiator reads it, the slot ads, a
// workload (job ads with their history or an SWF trace) and a starting
// accountant (a store or a `userprio --export` file, only ever read), run
// by Simulate, and the outputs written into a folder.
#ifndef NEGOTIATOR_SIMULATE_SIMULATION_FILES_H_
#define NEGOTIATOR_SIMULATE_SIMULATION_FILES_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "negotiator/accountant/open_accountant.h"
#include "negotiator/simulate/simulation.h"
#include "negotiator/simulate/simulation_html.h"
#include "negotiator/simulate/simulation_report.h"
#include "negotiator/simulate/workload.h"
#include "policy/policy.h"

namespace negotiator {

// How a workload file is written.
enum class WorkloadFormat {
  kDetect,   // SWF when its first line that is not blank is a `;` comment
             // or 18 numbers; job ads otherwise
  kHistory,  // condor_history -long or -json, condor_q -long
  kSwf,      // the Standard Workload Format
};

// The name a command line or test file gives a format ("history", "swf");
// null for kDetect, which has none.
const char* WorkloadFormatName(WorkloadFormat format);
// The format named `name` (as WorkloadFormatName spells it); false for
// any other text, `*format` then unchanged.
bool ParseWorkloadFormat(std::string_view name, WorkloadFormat* format);

struct SimulationInputs {
  std::vector<std::string> config_files;  // empty: CONDOR_CONFIG's
  policy::PolicyOptions policy_options;
  std::vector<std::string> slot_files;  // at least one
  std::string workload_file;
  WorkloadFormat workload_format = WorkloadFormat::kDetect;
  std::string swf_map_file;        // SWF: user and group numbers to names
  std::string run_time_attribute;  // history: the run time's attribute
  // The starting accountant, opened read-only: the simulation changes a
  // copy in memory and never writes the store. Both empty: a fresh one.
  AccountantLocation accountant;
  // The first cycle's time; nullopt: the workload's first arrival (the
  // time its first job is submitted).
  std::optional<int64_t> start;
  // duration, interval, claim_reuse, threads, progress; `start` is
  // ignored (the field above sets it).
  SimulationOptions options;
};

// A simulation that ran, with what it ran under.
struct SimulationRun {
  std::shared_ptr<const policy::Policy> policy;
  SimulationResult result;
  SimulationMetrics metrics;
  std::vector<classad::Status> warnings;  // the configuration's
  size_t slots = 0;                       // slot ads read
  double seconds = 0;                     // the simulation's own wall time
};

// Reads the inputs and simulates. Errors: the configuration's, the ads',
// the workload's (file:line:col) and the accountant's, returned as they
// come; a workload with no jobs and no --start (kInvalidArgument).
// Simulate's errors as they come.
classad::Result<SimulationRun> RunSimulationFromFiles(const SimulationInputs& inputs);

// A span of time as the commands take it: a whole number of seconds, or
// followed by s, m, h, d or w ("90m", "7d"). Errors: anything else, zero
// or negative, or more than 100 years (kInvalidArgument, quoting it).
classad::Result<int64_t> ParseDuration(std::string_view text);

// Creates `folder` and its parents when missing. Errors: kIoError naming
// it, with the system's reason.
classad::Status MakeOutputFolder(const std::string& folder);
// Writes `text` to `path`, replacing the file. Errors: kIoError with the
// path and the system's reason. The one way the simulation's commands
// write their outputs.
classad::Status WriteOutputFile(const std::string& path, const std::string& text);

// The names of the files WriteSimulationOutputs writes.
inline constexpr char kSeriesFile[] = "series.csv";
inline constexpr char kEventsFile[] = "events.csv";
inline constexpr char kSummaryJsonFile[] = "summary.json";
inline constexpr char kSummaryTextFile[] = "summary.txt";
inline constexpr char kReportFile[] = "report.html";
inline constexpr char kShareModelTextFile[] = "share_model.txt";
inline constexpr char kShareModelJsonFile[] = "share_model.json";

// Writes series.csv, events.csv, summary.json and summary.txt into
// `folder` (created when missing), share_model.txt and share_model.json
// when the share model recorded something in the last cycle (DIRAC's),
// and report.html, titled `title`, when `charts` is not null. Errors: a
// folder or file that cannot be written (kIoError, with the path and the
// system's reason).
classad::Status WriteSimulationOutputs(const SimulationRun& run, const std::string& folder,
                                       const std::string& title, const ChartLibrary* charts);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_SIMULATION_FILES_H_
