// `negotiator sweep` (sweep.h).
#include "negotiator/simulate/sweep.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "classad/ad_io.h"
#include "classad/evaluator.h"
#include "classad/parser.h"

namespace negotiator {
namespace {

using classad::Status;
using classad::StatusCode;
namespace fs = std::filesystem;

bool IsLabel(const std::string& label) {
  return !label.empty() && label.size() <= 100 &&
         std::all_of(label.begin(), label.end(), IsSweepLabelCharacter);
}

std::string Absolute(const std::string& path) {
  std::error_code error;
  const fs::path absolute = fs::absolute(path, error);
  return error ? path : absolute.lexically_normal().string();
}

// The points table every mode writes: "name, config, workload" per line,
// in grid order.
std::string PointsTable(const std::vector<SweepPoint>& points) {
  std::string out;
  for (const SweepPoint& p : points) {
    out += p.name + ", " + Absolute(p.config->paths.front()) + ", " +
           Absolute(p.workload->paths.front()) + "\n";
  }
  return out;
}

// A figure of a summary (JSON read as a ClassAd), or "-".
std::string Figure(const classad::ClassAd& ad, const char* expression, const char* format,
                   double scale = 1) {
  classad::Result<classad::ExprPtr> expr = classad::ParseExpression(expression);
  if (!expr.ok()) return "-";
  const classad::Value value = classad::EvaluateExpr(**expr, &ad, nullptr);
  if (!value.IsNumber()) return "-";
  const double v = value.type() == classad::ValueType::kInteger
                       ? static_cast<double>(value.integer())
                       : value.real();
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, v * scale);
  return buffer;
}

}  // namespace

bool IsSweepLabelCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

std::vector<SweepPoint> SweepPoints(const SweepInputs& inputs) {
  std::vector<SweepPoint> out;
  for (const SweepAxisValue& c : inputs.configs) {
    for (const SweepAxisValue& w : inputs.workloads) {
      out.push_back(SweepPoint{c.label + "." + w.label, &c, &w});
    }
  }
  return out;
}

classad::Status CheckSweep(const SweepInputs& inputs) {
  if (inputs.configs.empty() || inputs.workloads.empty()) {
    return Status(StatusCode::kInvalidArgument,
                  "a sweep needs at least one configuration and one workload");
  }
  for (const auto* axis : {&inputs.configs, &inputs.workloads}) {
    std::set<std::string> seen;
    for (const SweepAxisValue& v : *axis) {
      if (!IsLabel(v.label)) {
        return Status(StatusCode::kInvalidArgument,
                      "'" + v.label + "' is not a label: letters, digits, '-' and '_'");
      }
      if (!seen.insert(v.label).second) {
        return Status(StatusCode::kInvalidArgument, "the label '" + v.label + "' is used twice");
      }
      if (v.paths.empty()) {
        return Status(StatusCode::kInvalidArgument, "'" + v.label + "' names no file");
      }
    }
  }
  if (inputs.out.empty()) {
    return Status(StatusCode::kInvalidArgument, "a sweep needs a folder for its results (--out)");
  }
  return Status::Ok();
}

classad::Status RunSweepLocally(const SweepInputs& inputs, int workers,
                                const std::function<void(size_t, size_t)>& progress) {
  if (Status s = CheckSweep(inputs); !s.ok()) return s;
  const std::vector<SweepPoint> points = SweepPoints(inputs);
  const fs::path out(inputs.out);
  if (Status s = MakeOutputFolder((out / "points").string()); !s.ok()) return s;
  if (Status s = WriteOutputFile((out / "points.txt").string(), PointsTable(points)); !s.ok()) return s;
  std::atomic<size_t> next{0};
  std::mutex lock;  // guards first_error, done and progress calls
  Status first_error = Status::Ok();
  size_t done = 0;
  auto work = [&]() {
    for (size_t i = next++; i < points.size(); i = next++) {
      const SweepPoint& p = points[i];
      SimulationInputs in = inputs.common;
      in.config_files = p.config->paths;
      in.workload_file = p.workload->paths.front();
      in.options.threads = 1;
      in.options.progress = nullptr;
      Status status = Status::Ok();
      classad::Result<SimulationRun> run = RunSimulationFromFiles(in);
      if (!run.ok()) {
        status = run.status();
      } else {
        status = WriteSimulationOutputs(*run, (out / "points" / p.name).string(), p.name, nullptr);
      }
      std::lock_guard<std::mutex> guard(lock);
      if (!status.ok() && first_error.ok()) {
        first_error = Status(status.code(), "point " + p.name + ": " + status.message(),
                             status.where());
      }
      ++done;
      if (progress) progress(done, points.size());
    }
  };
  std::vector<std::thread> threads;
  const int count = std::max(1, std::min<int>(workers, static_cast<int>(points.size())));
  for (int t = 1; t < count; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  classad::Result<std::string> merged = MergeSweep(inputs.out);
  if (!merged.ok()) return merged.status();
  return first_error;
}

classad::Status WriteSweepForHTCondor(const SweepInputs& inputs, const std::string& negotiator) {
  if (Status s = CheckSweep(inputs); !s.ok()) return s;
  const std::vector<SweepPoint> points = SweepPoints(inputs);
  for (const auto* axis : {&inputs.configs, &inputs.workloads}) {
    for (const SweepAxisValue& v : *axis) {
      if (v.paths.size() != 1) {
        return Status(StatusCode::kInvalidArgument,
                      "'" + v.label + "': on HTCondor each configuration is one file or folder");
      }
      const std::string path = Absolute(v.paths.front());
      if (path.find_first_of(",'\"\n ") != std::string::npos) {
        return Status(StatusCode::kInvalidArgument,
                      path + ": a path in a submit table may hold no comma, quote or blank");
      }
    }
  }
  const fs::path out = fs::absolute(inputs.out).lexically_normal();
  if (Status s = MakeOutputFolder((out / "points").string()); !s.ok()) return s;
  // What every point shares, as arguments of negotiator simulate.
  const SimulationInputs& c = inputs.common;
  std::string shared;
  auto arg = [&shared](const std::string& a) {
    if (a.find_first_of("'\"\n") != std::string::npos) return false;
    shared += " '" + a + "'";
    return true;
  };
  bool quotable = true;
  for (const std::string& slots : c.slot_files) {
    quotable = quotable && arg("--slots") && arg(Absolute(slots));
  }
  if (const char* format = WorkloadFormatName(c.workload_format); format != nullptr) {
    quotable = quotable && arg("--format") && arg(format);
  }
  if (!c.swf_map_file.empty()) quotable = quotable && arg("--swf-map") && arg(Absolute(c.swf_map_file));
  if (!c.run_time_attribute.empty()) {
    quotable = quotable && arg("--run-time-attribute") && arg(c.run_time_attribute);
  }
  if (!c.accountant.store.empty()) quotable = quotable && arg("--state") && arg(c.accountant.store);
  if (!c.accountant.json_file.empty()) {
    quotable = quotable && arg("--accountant") && arg(Absolute(c.accountant.json_file));
  }
  if (c.start) quotable = quotable && arg("--start") && arg(std::to_string(*c.start));
  quotable = quotable && arg("--duration") && arg(std::to_string(c.options.duration));
  if (c.options.interval > 0) {
    quotable = quotable && arg("--interval") && arg(std::to_string(c.options.interval));
  }
  if (!c.options.claim_reuse) quotable = quotable && arg("--no-claim-reuse");
  if (!quotable) {
    return Status(StatusCode::kInvalidArgument,
                  "an argument holds a quote or a line break, which a submit file cannot quote");
  }
  const std::string points_dir = (out / "points").string();
  std::string sub =
      "# One negotiator simulation per point of the sweep (written by negotiator sweep\n"
      "# --htcondor); the points are the lines of points.txt: name, configuration, workload.\n"
      "universe = vanilla\n"
      "executable = " + negotiator + "\n"
      "arguments = \"simulate -config '$(config)' --workload '$(workload)'" + shared +
      " --threads 1 --out '" + points_dir + "/$(point)' --title '$(point)'\"\n"
      "initialdir = " + out.string() + "\n"
      "output = " + points_dir + "/$(point).out\n"
      "error = " + points_dir + "/$(point).err\n"
      "log = " + (out / "sweep.log").string() + "\n"
      "request_cpus = 1\n"
      "request_memory = 2GB\n"
      "request_disk = 1GB\n"
      "should_transfer_files = NO\n"
      "getenv = NEGOTIATOR_CHART_LIBRARY\n"
      "queue point, config, workload from " + (out / "points.txt").string() + "\n";
  const std::string merge =
      "# Merges the points' summaries into sweep.csv and sweep.txt once every simulation\n"
      "# has ended (the DAG's final node), on the submit machine.\n"
      "universe = local\n"
      "executable = " + negotiator + "\n"
      "arguments = \"sweep --merge '" + out.string() + "'\"\n"
      "output = " + (out / "merge.out").string() + "\n"
      "error = " + (out / "merge.err").string() + "\n"
      "log = " + (out / "sweep.log").string() + "\n"
      "queue\n";
  const std::string dag =
      "# The sweep: every point's simulation, then the merge (FINAL: it runs even when\n"
      "# some simulations failed, and lists their points as missing).\n"
      "# condor_submit_dag " + (out / "sweep.dag").string() + "\n"
      "JOB simulations " + (out / "sweep.sub").string() + "\n"
      "FINAL merge " + (out / "merge.sub").string() + "\n";
  for (const auto& [name, text] :
       {std::pair<const char*, std::string>{"points.txt", PointsTable(points)},
        {"sweep.sub", sub},
        {"merge.sub", merge},
        {"sweep.dag", dag}}) {
    if (Status s = WriteOutputFile((out / name).string(), text); !s.ok()) return s;
  }
  return Status::Ok();
}

classad::Result<std::string> MergeSweep(const std::string& out_folder) {
  const fs::path out(out_folder);
  std::ifstream table(out / "points.txt");
  if (!table) {
    return Status(StatusCode::kNotFound,
                  (out / "points.txt").string() + ": no points table: not a sweep's folder");
  }
  std::string csv =
      "point,config,workload,utilisation,mean_wait,p95_wait,done,never_started,preemptions,"
      "badput_hours,fairness\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-24s %-16s %-16s %7s %10s %10s %8s %8s %8s %9s %6s\n",
                "point", "config", "workload", "util%", "wait-mean", "wait-p95", "done",
                "waiting", "preempt", "badput-h", "jain");
  std::string text = line;
  std::string row;
  size_t missing = 0;
  while (std::getline(table, row)) {
    const size_t comma = row.find(',');
    if (row.empty() || comma == std::string::npos) continue;
    const std::string name = row.substr(0, comma);
    const size_t dot = name.find('.');
    const std::string config = name.substr(0, dot);
    const std::string workload = dot == std::string::npos ? "" : name.substr(dot + 1);
    const fs::path summary = out / "points" / name / kSummaryJsonFile;
    classad::AdReadOptions options;
    options.format = classad::AdFormat::kJson;
    auto ads = fs::exists(summary)
                   ? classad::ReadAdsFromFile(summary.string(), options)
                   : classad::Result<std::vector<std::shared_ptr<classad::ClassAd>>>(
                         Status(StatusCode::kNotFound, "missing"));
    if (!ads.ok() || ads->empty()) {
      ++missing;
      csv += name + "," + config + "," + workload + ",,,,,,,,\n";
      std::snprintf(line, sizeof line, "%-24s %-16s %-16s  (no summary: the simulation did not "
                    "finish; see points/%s.err)\n", name.c_str(), config.c_str(),
                    workload.c_str(), name.c_str());
      text += line;
      continue;
    }
    const classad::ClassAd& s = *ads->front();
    const std::string util = Figure(s, "utilisation", "%.2f", 100);
    const std::string wait_mean = Figure(s, "wait.mean", "%.0f");
    const std::string wait_p95 = Figure(s, "wait.p95", "%.0f");
    const std::string done = Figure(s, "done", "%.0f");
    const std::string waiting = Figure(s, "waiting_at_end.jobs", "%.0f");
    const std::string preempt = Figure(s, "preemptions", "%.0f");
    const std::string badput = Figure(s, "badput_hours", "%.2f");
    const std::string jain = Figure(s, "jain_fairness", "%.3f");
    csv += name + "," + config + "," + workload + "," + util + "," + wait_mean + "," + wait_p95 +
           "," + done + "," + waiting + "," + preempt + "," + badput + "," + jain + "\n";
    std::snprintf(line, sizeof line, "%-24s %-16s %-16s %7s %10s %10s %8s %8s %8s %9s %6s\n",
                  name.c_str(), config.c_str(), workload.c_str(), util.c_str(), wait_mean.c_str(),
                  wait_p95.c_str(), done.c_str(), waiting.c_str(), preempt.c_str(),
                  badput.c_str(), jain.c_str());
    text += line;
  }
  if (missing > 0) text += std::to_string(missing) + " point(s) without a summary\n";
  if (Status s = WriteOutputFile((out / "sweep.csv").string(), csv); !s.ok()) return s;
  if (Status s = WriteOutputFile((out / "sweep.txt").string(), text); !s.ok()) return s;
  return text;
}

}  // namespace negotiator
