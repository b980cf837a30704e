// A simulation from files (simulation_files.h).
#include "negotiator/simulate/simulation_files.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>
#include <utility>

#include "negotiator/simulate/history_workload.h"
#include "negotiator/simulate/swf_workload.h"
#include "policy/load_policy.h"

namespace negotiator {
namespace {

using classad::Status;
using classad::StatusCode;

// Whether the file looks like an SWF trace: its first line that is not
// blank is a `;` comment or holds 18 numbers.
classad::Result<bool> LooksLikeSwf(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    return Status(StatusCode::kIoError, path + ": cannot open: " + std::strerror(errno));
  }
  std::string line;
  while (std::getline(in, line)) {
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    if (line[first] == ';') return true;
    std::istringstream fields(line);
    std::string field;
    int count = 0;
    while (fields >> field) {
      char* end = nullptr;
      std::strtod(field.c_str(), &end);
      if (end == field.c_str() || *end != '\0') return false;
      ++count;
    }
    return count == 18;
  }
  return false;
}

classad::Result<Workload> ReadWorkload(const SimulationInputs& inputs,
                                       const policy::Policy& policy) {
  bool swf = inputs.workload_format == WorkloadFormat::kSwf;
  if (inputs.workload_format == WorkloadFormat::kDetect) {
    classad::Result<bool> detected = LooksLikeSwf(inputs.workload_file);
    if (!detected.ok()) return detected.status();
    swf = *detected;
  }
  if (!swf) {
    if (!inputs.swf_map_file.empty()) {
      return Status(StatusCode::kInvalidArgument,
                    inputs.workload_file + ": a mapping of SWF users and groups was given, but "
                                           "the workload is job ads, not an SWF trace");
    }
    HistoryWorkloadOptions options;
    options.run_time_attribute = inputs.run_time_attribute;
    return ReadHistoryWorkload(inputs.workload_file, options);
  }
  if (!inputs.run_time_attribute.empty()) {
    return Status(StatusCode::kInvalidArgument,
                  inputs.workload_file + ": a run time attribute was named, but the workload "
                                         "is an SWF trace (its run times are its 4th field)");
  }
  SwfOptions options;
  if (!policy.accountant.uid_domain.empty()) options.uid_domain = policy.accountant.uid_domain;
  if (inputs.start) options.start = *inputs.start;
  if (!inputs.swf_map_file.empty()) {
    if (Status s = ReadSwfMapping(inputs.swf_map_file, &options); !s.ok()) return s;
  }
  return ReadSwfWorkload(inputs.workload_file, options);
}

}  // namespace

classad::Result<int64_t> ParseDuration(std::string_view text) {
  auto bad = [&text]() {
    return Status(StatusCode::kInvalidArgument,
                  "'" + std::string(text) +
                      "' is not a duration: a positive whole number of seconds, or followed by "
                      "s, m, h, d or w (90m, 7d)");
  };
  if (text.empty() || text.size() > 20) return bad();
  int64_t unit = 1;
  std::string_view digits = text;
  switch (text.back()) {
    case 's': unit = 1; break;
    case 'm': unit = 60; break;
    case 'h': unit = 3600; break;
    case 'd': unit = 86400; break;
    case 'w': unit = 7 * 86400; break;
    default: unit = 0;
  }
  if (unit != 0) digits.remove_suffix(1);
  if (unit == 0) unit = 1;
  if (digits.empty()) return bad();
  int64_t value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return bad();
    value = value * 10 + (c - '0');
    if (value > 100LL * 366 * 86400) return bad();
  }
  value *= unit;
  if (value <= 0 || value > 100LL * 366 * 86400) return bad();
  return value;
}

classad::Result<SimulationRun> RunSimulationFromFiles(const SimulationInputs& inputs) {
  SimulationRun run;
  classad::Result<std::shared_ptr<const policy::Policy>> loaded =
      policy::LoadPolicy(inputs.config_files, policy::DaemonConfigOptions("NEGOTIATOR"),
                         &run.warnings, nullptr, inputs.policy_options);
  if (!loaded.ok()) return loaded.status();
  run.policy = *loaded;

  classad::Result<Workload> workload = ReadWorkload(inputs, *run.policy);
  if (!workload.ok()) return workload.status();
  SimulationOptions options = inputs.options;
  if (inputs.start) {
    options.start = *inputs.start;
  } else if (!workload->jobs.empty()) {
    options.start = workload->jobs.front().arrival;
    for (const WorkloadJob& job : workload->jobs) {
      if (job.state == WorkloadState::kRunning) options.start = std::max(options.start, job.started);
    }
  } else {
    return Status(StatusCode::kInvalidArgument,
                  inputs.workload_file + ": the workload has no jobs: give the start (--start)");
  }

  Pool pool(run.policy, AdHolding::kWhole);  // whole: a share model may read any attribute
  for (const std::string& path : inputs.slot_files) {
    if (Status s = pool.ReadSlots(path); !s.ok()) return s;
  }
  run.slots = pool.slots().size();

  // The starting priorities, opened read-only and copied: a simulation
  // never writes the administrator's accountant.
  classad::Result<OpenedAccountant> opened = OpenAccountant(
      run.policy, inputs.accountant, {.write = false, .initialize = true}, options.start);
  if (!opened.ok()) return opened.status();
  Accountant accountant(run.policy);
  accountant.Restore(opened->accountant().Snapshot());

  const auto began = std::chrono::steady_clock::now();
  classad::Result<SimulationResult> result =
      Simulate(run.policy, *workload, options, &pool, &accountant);
  if (!result.ok()) return result.status();
  run.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  run.result = std::move(result).value();
  run.metrics = ComputeMetrics(run.result);
  return run;
}

classad::Status MakeOutputFolder(const std::string& folder) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) {
    return Status(StatusCode::kIoError, folder + ": cannot create the folder: " + error.message());
  }
  return Status::Ok();
}

classad::Status WriteOutputFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (out) out.close();
  if (!out) {
    return Status(StatusCode::kIoError, path + ": cannot write: " + std::strerror(errno));
  }
  return Status::Ok();
}

classad::Status WriteSimulationOutputs(const SimulationRun& run, const std::string& folder,
                                       const std::string& title, const ChartLibrary* charts) {
  if (Status s = MakeOutputFolder(folder); !s.ok()) return s;
  const std::filesystem::path dir(folder);
  std::ostringstream series, events;
  WriteSeriesCsv(run.result, series);
  WriteEventsCsv(run.result, events);
  if (Status s = WriteOutputFile((dir / kSeriesFile).string(), series.str()); !s.ok()) return s;
  if (Status s = WriteOutputFile((dir / kEventsFile).string(), events.str()); !s.ok()) return s;
  if (Status s = WriteOutputFile((dir / kSummaryJsonFile).string(), FormatMetricsJson(run.metrics)); !s.ok()) {
    return s;
  }
  if (Status s = WriteOutputFile((dir / kSummaryTextFile).string(), FormatMetricsText(run.metrics)); !s.ok()) {
    return s;
  }
  if (!run.result.last_share_records.empty()) {
    if (Status s = WriteOutputFile((dir / kShareModelTextFile).string(),
                                   FormatLastShareRecordsText(run.result));
        !s.ok()) {
      return s;
    }
    if (Status s = WriteOutputFile((dir / kShareModelJsonFile).string(),
                                   FormatLastShareRecordsJson(run.result));
        !s.ok()) {
      return s;
    }
  }
  if (charts != nullptr) {
    const std::string page = FormatSimulationHtml(run.result, run.metrics, title, *charts);
    if (Status s = WriteOutputFile((dir / kReportFile).string(), page); !s.ok()) return s;
  }
  return Status::Ok();
}

const char* WorkloadFormatName(WorkloadFormat format) {
  switch (format) {
    case WorkloadFormat::kHistory:
      return "history";
    case WorkloadFormat::kSwf:
      return "swf";
    case WorkloadFormat::kDetect:
      break;
  }
  return nullptr;
}

bool ParseWorkloadFormat(std::string_view name, WorkloadFormat* format) {
  for (WorkloadFormat f : {WorkloadFormat::kHistory, WorkloadFormat::kSwf}) {
    if (name == WorkloadFormatName(f)) {
      *format = f;
      return true;
    }
  }
  return false;
}

}  // namespace negotiator
