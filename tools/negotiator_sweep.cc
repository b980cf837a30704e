// negotiator sweep: a grid of simulations (configurations × workloads) on
// every local core, or written for HTCondor as a submit file and a DAG
// (negotiator/simulate/sweep.h).
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

#include "negotiator/simulate/sweep.h"
#include "tools/negotiator_args.h"
#include "tools/negotiator_commands.h"

namespace {

using classad::Status;

constexpr int kOk = 0;
constexpr int kUsage = 3;

constexpr char kUsageText[] =
    "usage: negotiator sweep --config [LABEL=]FILE... --workload [LABEL=]FILE...\n"
    "                        --slots FILE --out DIR [simulate's options]\n"
    "                        [--workers N | --htcondor]\n"
    "       negotiator sweep --merge DIR\n"
    "\n"
    "  --config [LABEL=]FILE   a configuration of the grid (repeatable; the label defaults to\n"
    "                          the file's name); a configuration of several files: LABEL=F1,F2\n"
    "  --workload [LABEL=]FILE a workload of the grid (repeatable)\n"
    "  --slots FILE            slot ads every point shares (repeatable); --format, --swf-map,\n"
    "                          --run-time-attribute, --state, --accountant, --start,\n"
    "                          --duration, --interval, --no-claim-reuse, --restarted as\n"
    "                          for simulate\n"
    "  --out DIR               the study: points/<config>.<workload>/ (each point's\n"
    "                          outputs), points.txt, sweep.csv and sweep.txt\n"
    "  --workers N             simulations at once (default: the cores)\n"
    "  --htcondor              do not run: write sweep.sub (one job per point), merge.sub\n"
    "                          and sweep.dag into DIR for condor_submit_dag\n"
    "  --merge DIR             merge the points' summaries of DIR into sweep.csv and\n"
    "                          sweep.txt (the DAG's final node)\n";

// LABEL=PATH[,PATH...] or PATH (the label: its file name without the
// extension, with what a label may not hold made '_').
negotiator::SweepAxisValue AxisValue(const std::string& text) {
  negotiator::SweepAxisValue v;
  std::string paths = text;
  if (const size_t equals = text.find('='); equals != std::string::npos) {
    v.label = text.substr(0, equals);
    paths = text.substr(equals + 1);
  }
  size_t from = 0;
  while (from <= paths.size()) {
    const size_t comma = paths.find(',', from);
    const std::string path = paths.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    if (!path.empty()) v.paths.push_back(path);
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  if (v.label.empty() && !v.paths.empty()) {
    v.label = std::filesystem::path(v.paths.front()).stem().string();
    for (char& c : v.label) {
      if (!negotiator::IsSweepLabelCharacter(c)) c = '_';
    }
  }
  return v;
}

}  // namespace

const char* SweepUsage() { return kUsageText; }

int RunSweepCommand(int argc, char** argv) {
  negotiator::SweepInputs in;
  in.common.options.duration = 7 * 86400;
  int64_t workers = std::max(1u, std::thread::hardware_concurrency());
  bool htcondor = false;
  std::string merge;
  negotiator_tool::Args args(argc, argv, kUsageText);
  while (args.Next()) {
    const std::string& arg = args.name();
    std::string text;
    // A grid's workloads are its own option; the rest as simulate takes them.
    if (arg == "-workload") {
      if (!args.Value(&text)) return kUsage;
      in.workloads.push_back(AxisValue(text));
      continue;
    }
    const int shared = negotiator_tool::ReadInputsOption(args, &in.common);
    if (shared < 0) return kUsage;
    if (shared > 0) continue;
    if (arg == "-config") {
      if (!args.Value(&text)) return kUsage;
      in.configs.push_back(AxisValue(text));
    } else if (arg == "-out") {
      if (!args.Value(&in.out)) return kUsage;
    } else if (arg == "-workers") {
      if (!args.Whole(&workers, 1)) return kUsage;
    } else if (arg == "-htcondor") {
      htcondor = true;
    } else if (arg == "-merge") {
      if (!args.Value(&merge)) return kUsage;
    } else if (arg == "-help" || arg == "-h") {
      std::cout << kUsageText;
      return kOk;
    } else {
      args.Unknown();
      return kUsage;
    }
  }
  if (!merge.empty()) {
    classad::Result<std::string> merged = negotiator::MergeSweep(merge);
    if (!merged.ok()) return negotiator_tool::Fail(merged.status());
    std::cout << *merged;
    return kOk;
  }
  if (in.common.slot_files.empty()) {
    std::cerr << "negotiator: --slots is required\n" << kUsageText;
    return kUsage;
  }
  if (Status s = negotiator::CheckSweep(in); !s.ok()) {
    std::cerr << "negotiator: " << s.message() << "\n" << kUsageText;
    return kUsage;
  }
  if (htcondor) {
    char self[PATH_MAX];
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    const std::string program =
        length > 0 ? std::string(self, static_cast<size_t>(length)) : std::string(argv[0]);
    if (Status s = negotiator::WriteSweepForHTCondor(in, program); !s.ok()) return negotiator_tool::Fail(s);
    std::cout << "wrote " << negotiator::SweepPoints(in).size() << " points to " << in.out
              << ": condor_submit_dag " << in.out << "/sweep.dag\n";
    return kOk;
  }
  const bool terminal = isatty(STDERR_FILENO);
  Status ran = negotiator::RunSweepLocally(
      in, static_cast<int>(std::min<int64_t>(workers, 256)), [terminal](size_t done, size_t total) {
        if (terminal) std::cerr << "\rnegotiator: " << done << " of " << total << " points done" << (done == total ? "\n" : "") << std::flush;
      });
  // The merged table (written even when a point failed).
  std::ifstream table(std::filesystem::path(in.out) / "sweep.txt");
  std::cout << table.rdbuf();
  return ran.ok() ? kOk : negotiator_tool::Fail(ran);
}
