// negotiator simulate: days of negotiation cycles on a pool with a
// workload arriving (negotiator/simulate/, docs/simulate.md).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>

#include "negotiator/simulate/simulation_files.h"
#include "negotiator/simulate/simulation_html.h"
#include "policy/policy.h"
#include "tools/negotiator_commands.h"

namespace {

using classad::Status;

constexpr int kOk = 0;
constexpr int kFailed = 2;
constexpr int kUsage = 3;

constexpr char kUsageText[] =
    "usage: negotiator simulate -config FILE --slots FILE --workload FILE\n"
    "                           [--format history|swf] [--swf-map FILE]\n"
    "                           [--run-time-attribute NAME]\n"
    "                           [--state DB | --accountant FILE.json] [--start EPOCH]\n"
    "                           [--duration 7d] [--interval SECONDS] [--no-claim-reuse]\n"
    "                           [--out DIR] [--title TEXT] [--json] [--threads N]\n"
    "                           [--htcondor-version X.Y]\n"
    "\n"
    "  -config FILE        the configuration (repeatable; default: CONDOR_CONFIG's)\n"
    "  --slots FILE        slot ads (condor_status -long, new ClassAds or JSON; repeatable);\n"
    "                      the claims they show end at the start\n"
    "  --workload FILE     the jobs: condor_history -long or -json (or condor_q -long)\n"
    "                      output, or a Standard Workload Format trace\n"
    "  --format F          history or swf (default: told from the file's first line)\n"
    "  --swf-map FILE      SWF user and group numbers to names: `user 3 alice`,\n"
    "                      `group 2 physics` lines\n"
    "  --run-time-attribute NAME\n"
    "                      the job attribute holding its run time in seconds (default:\n"
    "                      CompletionDate - JobCurrentStartDate, else RemoteWallClockTime)\n"
    "  --state DB          start from this accountant store (read only; never written)\n"
    "  --accountant FILE   start from a `userprio --export` file\n"
    "  --start EPOCH       the first cycle's time (default: the workload's first arrival,\n"
    "                      or the latest start of its running jobs)\n"
    "  --duration D        simulated time after the start: seconds, or 90m, 36h, 7d, 2w\n"
    "                      (default 7d)\n"
    "  --interval D        time between cycles (default: NEGOTIATOR_INTERVAL)\n"
    "  --no-claim-reuse    every claim ends with its job (default: the schedd reuses it for\n"
    "                      the submitter's next job while CLAIM_WORKLIFE allows)\n"
    "  --out DIR           write series.csv, events.csv, summary.json, summary.txt and\n"
    "                      report.html there\n"
    "  --title TEXT        the report's title\n"
    "  --json              print the summary as JSON instead of text\n"
    "  --threads N         threads matching autoclusters (default 2)\n"
    "  --htcondor-version X.Y\n"
    "                      the HTCondor release to reproduce (as with negotiator cycle)\n";

struct Request {
  negotiator::SimulationInputs inputs;
  std::string out;
  std::string title;
  bool json = false;
};

bool ParseWhole(const std::string& text, int64_t* out) {
  if (text.empty() || text.size() > 19) return false;
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (*end != '\0') return false;
  *out = v;
  return true;
}

bool ParseArgs(int argc, char** argv, Request* r) {
  negotiator::SimulationInputs& in = r->inputs;
  in.options.duration = 7 * 86400;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.starts_with("--") && arg.size() > 2) arg = arg.substr(1);  // -x and --x alike
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) {
        std::cerr << "negotiator: " << argv[i] << " needs a value\n" << kUsageText;
        return false;
      }
      *out = argv[++i];
      return true;
    };
    auto duration = [&](int64_t* out) {
      std::string text;
      if (!value(&text)) return false;
      classad::Result<int64_t> d = negotiator::ParseDuration(text);
      if (!d.ok()) {
        std::cerr << "negotiator: " << argv[i - 1] << ": " << d.status().message() << "\n";
        return false;
      }
      *out = *d;
      return true;
    };
    std::string text;
    int64_t n = 0;
    if (arg == "-config") {
      if (!value(&text)) return false;
      in.config_files.push_back(text);
    } else if (arg == "-slots") {
      if (!value(&text)) return false;
      in.slot_files.push_back(text);
    } else if (arg == "-workload") {
      if (!value(&in.workload_file)) return false;
    } else if (arg == "-format") {
      if (!value(&text)) return false;
      if (text == "history") {
        in.workload_format = negotiator::WorkloadFormat::kHistory;
      } else if (text == "swf") {
        in.workload_format = negotiator::WorkloadFormat::kSwf;
      } else {
        std::cerr << "negotiator: --format: '" << text << "' is not history or swf\n";
        return false;
      }
    } else if (arg == "-swf-map") {
      if (!value(&in.swf_map_file)) return false;
    } else if (arg == "-run-time-attribute") {
      if (!value(&in.run_time_attribute)) return false;
    } else if (arg == "-state") {
      if (!value(&in.accountant.store)) return false;
    } else if (arg == "-accountant") {
      if (!value(&in.accountant.json_file)) return false;
    } else if (arg == "-start") {
      if (!value(&text)) return false;
      if (!ParseWhole(text, &n) || n < 0) {
        std::cerr << "negotiator: --start: '" << text << "' is not an epoch second\n";
        return false;
      }
      in.start = n;
    } else if (arg == "-duration") {
      if (!duration(&in.options.duration)) return false;
    } else if (arg == "-interval") {
      if (!duration(&in.options.interval)) return false;
    } else if (arg == "-no-claim-reuse") {
      in.options.claim_reuse = false;
    } else if (arg == "-out") {
      if (!value(&r->out)) return false;
    } else if (arg == "-title") {
      if (!value(&r->title)) return false;
    } else if (arg == "-json") {
      r->json = true;
    } else if (arg == "-threads") {
      if (!value(&text)) return false;
      if (!ParseWhole(text, &n) || n < 1) {
        std::cerr << "negotiator: --threads: '" << text << "' is not a whole number of at least 1\n";
        return false;
      }
      in.options.threads = static_cast<int>(std::min<int64_t>(n, 256));
    } else if (arg == "-htcondor-version") {
      if (!value(&text)) return false;
      if (Status set = policy::SetHTCondorRelease(text, &in.policy_options); !set.ok()) {
        std::cerr << "negotiator: --htcondor-version: " << set.message() << "\n";
        return false;
      }
    } else if (arg == "-help" || arg == "-h") {
      std::cout << kUsageText;
      std::exit(kOk);
    } else {
      std::cerr << "negotiator: unknown option '" << argv[i] << "'\n" << kUsageText;
      return false;
    }
  }
  if (in.slot_files.empty() || in.workload_file.empty()) {
    std::cerr << "negotiator: --slots and --workload are required\n" << kUsageText;
    return false;
  }
  if (!in.accountant.store.empty() && !in.accountant.json_file.empty()) {
    std::cerr << "negotiator: give --state or --accountant, not both\n";
    return false;
  }
  return true;
}

// A progress bar on stderr: simulated time, cycles per second and the
// time left, redrawn at most ten times a second.
class ProgressBar {
 public:
  // Cycle `cycle` of `cycles` ran at simulated `time`.
  void Update(int64_t cycle, int64_t cycles, int64_t time) {
    if (cycle == 1) start_ = time;
    const auto now = std::chrono::steady_clock::now();
    if (cycle < cycles && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - began_).count();
    const double rate = elapsed > 0 ? static_cast<double>(cycle) / elapsed : 0;
    const double left = rate > 0 ? static_cast<double>(cycles - cycle) / rate : 0;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(kWidth * cycle / std::max<int64_t>(cycles, 1));
    std::fprintf(stderr, "\r[%.*s%*s] day %.2f, cycle %" PRId64 "/%" PRId64
                         ", %.0f cycles/s, %.0f s left ",
                 filled, "==============================", kWidth - filled, "",
                 static_cast<double>(time - start_) / 86400.0, cycle, cycles, rate, left);
    if (cycle == cycles) std::fputc('\n', stderr);
    std::fflush(stderr);
  }

 private:
  std::chrono::steady_clock::time_point began_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_{};
  int64_t start_ = 0;
};

int Fail(const Status& s) {
  std::cerr << "negotiator: " << s.ToString() << "\n";
  return kFailed;
}

}  // namespace

const char* SimulateUsage() { return kUsageText; }

int RunSimulateCommand(int argc, char** argv) {
  Request r;
  if (!ParseArgs(argc, argv, &r)) return kUsage;
  // The chart library first: a missing one is known before hours of work.
  std::optional<negotiator::ChartLibrary> charts;
  if (!r.out.empty()) {
    classad::Result<negotiator::ChartLibrary> loaded =
        negotiator::LoadChartLibrary(negotiator::DefaultChartLibraryFolder());
    if (loaded.ok()) {
      charts = std::move(loaded).value();
    } else {
      std::cerr << "warning: no report.html: " << loaded.status().ToString() << "\n";
    }
  }
  ProgressBar bar;
  if (isatty(STDERR_FILENO)) {
    r.inputs.options.progress = [&bar](int64_t cycle, int64_t cycles, int64_t time) {
      bar.Update(cycle, cycles, time);
    };
  }
  classad::Result<negotiator::SimulationRun> run =
      negotiator::RunSimulationFromFiles(r.inputs);
  if (!run.ok()) return Fail(run.status());
  for (const Status& warning : run->warnings) {
    std::cerr << "warning: " << warning.ToString() << "\n";
  }
  std::cerr << "negotiator: simulated " << run->result.cycles.size() << " cycles of "
            << run->slots << " slots in " << static_cast<int64_t>(run->seconds * 1000) << " ms\n";
  if (!r.out.empty()) {
    const std::string title =
        !r.title.empty() ? r.title : "Simulation of " + r.inputs.workload_file;
    if (Status s = negotiator::WriteSimulationOutputs(*run, r.out, title,
                                                      charts ? &*charts : nullptr);
        !s.ok()) {
      return Fail(s);
    }
  }
  std::cout << (r.json ? negotiator::FormatMetricsJson(run->metrics)
                       : negotiator::FormatMetricsText(run->metrics));
  return kOk;
}
