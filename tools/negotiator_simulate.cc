// negotiator simulate: days of negotiation cycles on a pool with a
// workload arriving (negotiator/simulate/, docs/simulate.md).
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>

#include "negotiator/simulate/simulation_files.h"
#include "negotiator/simulate/simulation_html.h"
#include "policy/policy.h"
#include "tools/negotiator_args.h"
#include "tools/negotiator_commands.h"
#include "tools/negotiator_progress.h"

namespace {

using classad::Status;

constexpr int kOk = 0;
constexpr int kUsage = 3;

constexpr char kUsageText[] =
    "usage: negotiator simulate -config FILE --slots FILE --workload FILE\n"
    "                           [--format history|swf] [--swf-map FILE]\n"
    "                           [--run-time-attribute NAME]\n"
    "                           [--state DB | --accountant FILE.json] [--start EPOCH]\n"
    "                           [--duration 7d] [--interval SECONDS] [--no-claim-reuse]\n"
    "                           [--out DIR] [--title TEXT] [--json] [--threads N]\n"
    "                           [--htcondor-version X.Y] [--restarted]\n"
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
    "                      the submitter's next job while CLAIM_WORKLIFE allows; never\n"
    "                      with --model dirac: a pilot asks the task-queue draw again)\n"
    "  --restarted         the first cycle runs as a negotiator's first after a start: no\n"
    "                      previous quota map (RemoteGroup, RemoteGroupQuota undefined);\n"
    "                      default: the accountant's stored group quota table is that map\n"
    "  --out DIR           write series.csv, events.csv, summary.json, summary.txt and\n"
    "                      report.html there\n"
    "  --title TEXT        the report's title\n"
    "  --json              print the summary as JSON instead of text\n"
    "  --threads N         threads matching autoclusters (default 2)\n"
    "  --htcondor-version X.Y\n"
    "                      the HTCondor release to reproduce (as with negotiator cycle)\n";

// The usage text with the share model's options.
const std::string& FullUsage() {
  static const std::string text = std::string(kUsageText) + negotiator_tool::kModelOptionsUsage;
  return text;
}

struct Request {
  negotiator::SimulationInputs inputs;
  negotiator::ShareModelChoice model;
  std::string out;
  std::string title;
  bool json = false;
};

bool ParseArgs(int argc, char** argv, Request* r) {
  negotiator::SimulationInputs& in = r->inputs;
  in.options.duration = 7 * 86400;
  negotiator_tool::Args args(argc, argv, FullUsage().c_str());
  while (args.Next()) {
    const int shared = negotiator_tool::ReadInputsOption(args, &in);
    if (shared < 0) return false;
    if (shared > 0) continue;
    const int model = negotiator_tool::ReadModelOption(args, &r->model);
    if (model < 0) return false;
    if (model > 0) continue;
    const std::string& arg = args.name();
    std::string text;
    if (arg == "-config") {
      if (!args.Value(&text)) return false;
      in.config_files.push_back(text);
    } else if (arg == "-out") {
      if (!args.Value(&r->out)) return false;
    } else if (arg == "-title") {
      if (!args.Value(&r->title)) return false;
    } else if (arg == "-json") {
      r->json = true;
    } else if (arg == "-help" || arg == "-h") {
      std::cout << FullUsage();
      std::exit(kOk);
    } else {
      return args.Unknown();
    }
  }
  if (in.slot_files.empty() || in.workload_file.empty()) {
    std::cerr << "negotiator: --slots and --workload are required\n" << FullUsage();
    return false;
  }
  if (!in.accountant.store.empty() && !in.accountant.json_file.empty()) {
    std::cerr << "negotiator: give --state or --accountant, not both\n";
    return false;
  }
  if (r->model.kind == negotiator::ShareModelKind::kDirac && r->model.dirac_config.empty()) {
    std::cerr << "negotiator: --model dirac needs --dirac-config FILE\n";
    return false;
  }
  return true;
}

}  // namespace

const char* SimulateUsage() { return FullUsage().c_str(); }

int RunSimulateCommand(int argc, char** argv) {
  Request r;
  if (!ParseArgs(argc, argv, &r)) return kUsage;
  classad::Result<std::shared_ptr<const negotiator::ShareModel>> model =
      negotiator_tool::LoadModel(r.model);
  if (!model.ok()) return negotiator_tool::Fail(model.status());
  r.inputs.options.share_model = *model;
  // The chart library first: a missing one is known before hours of work.
  std::optional<negotiator::ChartLibrary> charts;
  if (!r.out.empty()) charts = negotiator_tool::ChartsFor(negotiator::kReportFile);
  negotiator_tool::ProgressBar bar;
  bar.Attach(&r.inputs.options);
  classad::Result<negotiator::SimulationRun> run =
      negotiator::RunSimulationFromFiles(r.inputs);
  if (!run.ok()) return negotiator_tool::Fail(run.status());
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
      return negotiator_tool::Fail(s);
    }
  }
  std::cout << (r.json ? negotiator::FormatMetricsJson(run->metrics)
                       : negotiator::FormatMetricsText(run->metrics));
  return kOk;
}
