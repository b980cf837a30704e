// negotiator compare: the same snapshot or workload under two
// configurations, side by side (negotiator/simulate/comparison.h).
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <tuple>

#include "negotiator/simulate/comparison.h"
#include "negotiator/simulate/simulation_html.h"
#include "tools/negotiator_args.h"
#include "tools/negotiator_commands.h"
#include "tools/negotiator_progress.h"

namespace {

using classad::Status;

constexpr int kOk = 0;
constexpr int kUsage = 3;

constexpr char kUsageText[] =
    "usage: negotiator compare -config-a FILE [-config-b FILE] --slots FILE\n"
    "                          (--jobs FILE [--now EPOCH] | --workload FILE [simulate's options])\n"
    "                          [--state DB | --accountant FILE.json] [--label-a TEXT]\n"
    "                          [--label-b TEXT] [--out DIR] [--title TEXT] [--json]\n"
    "                          [--model-a htcondor|dirac] [--model-b htcondor|dirac]\n"
    "                          [--dirac-config FILE [--dirac-setup NAME] [--seed N]]\n"
    "\n"
    "  -config-a FILE      configuration A, today's (repeatable; a file or a folder)\n"
    "  -config-b FILE      configuration B, the alternative (repeatable; default: A's)\n"
    "  --model-a M, --model-b M\n"
    "                      each side's share model, htcondor (default) or dirac; with\n"
    "                      dirac, --dirac-config, --dirac-setup, --dirac-vo and --seed\n"
    "                      as for negotiator cycle\n"
    "  --slots FILE        slot ads (repeatable)\n"
    "  --jobs FILE         job ads of a snapshot (repeatable): one cycle under each\n"
    "  --now EPOCH         the snapshot cycle's clock, or the simulation's start\n"
    "  --workload FILE     a workload (as negotiator simulate takes it): a simulation under\n"
    "                      each; --format, --swf-map, --run-time-attribute, --duration,\n"
    "                      --interval, --no-claim-reuse, --restarted as for negotiator\n"
    "                      simulate (--restarted also for the snapshot's cycle)\n"
    "  --state DB, --accountant FILE\n"
    "                      the starting accountant, only read\n"
    "  --label-a TEXT, --label-b TEXT\n"
    "                      the names of A and B in the report (default A, B)\n"
    "  --out DIR           write compare.txt, compare.json, compare.html and, for a\n"
    "                      simulation, each side's outputs in DIR/a and DIR/b\n"
    "  --json              print the comparison as JSON instead of text\n";

struct Request {
  negotiator::ComparisonInputs inputs;
  // The DIRAC options (the kind is each side's).
  negotiator::ShareModelChoice dirac;
  negotiator::ShareModelKind kind_a = negotiator::ShareModelKind::kHTCondor;
  negotiator::ShareModelKind kind_b = negotiator::ShareModelKind::kHTCondor;
  bool label_a_given = false, label_b_given = false;
  std::string out;
  std::string title;
  bool json = false;
};

bool ParseArgs(int argc, char** argv, Request* r) {
  negotiator::ComparisonInputs& in = r->inputs;
  in.simulation.options.duration = 7 * 86400;
  negotiator_tool::Args args(argc, argv, kUsageText);
  while (args.Next()) {
    const int shared = negotiator_tool::ReadInputsOption(args, &in.simulation);
    if (shared < 0) return false;
    if (shared > 0) continue;
    const std::string& arg = args.name();
    std::string text;
    if (arg == "-model-a" || arg == "-model-b") {
      if (!args.Value(&text)) return false;
      if (!negotiator::ParseShareModelKind(text, arg == "-model-a" ? &r->kind_a : &r->kind_b)) {
        std::cerr << "negotiator: " << arg << ": '" << text << "' is not htcondor or dirac\n";
        return false;
      }
      continue;
    }
    if (arg != "-model") {
      const int model = negotiator_tool::ReadModelOption(args, &r->dirac);
      if (model < 0) return false;
      if (model > 0) continue;
    }
    if (arg == "-config-a" || arg == "-config-b") {
      if (!args.Value(&text)) return false;
      (arg == "-config-a" ? in.config_a : in.config_b).push_back(text);
    } else if (arg == "-jobs") {
      if (!args.Value(&text)) return false;
      in.job_files.push_back(text);
    } else if (arg == "-label-a") {
      if (!args.Value(&in.label_a)) return false;
      r->label_a_given = true;
    } else if (arg == "-label-b") {
      if (!args.Value(&in.label_b)) return false;
      r->label_b_given = true;
    } else if (arg == "-out") {
      if (!args.Value(&r->out)) return false;
    } else if (arg == "-title") {
      if (!args.Value(&r->title)) return false;
    } else if (arg == "-json") {
      r->json = true;
    } else if (arg == "-help" || arg == "-h") {
      std::cout << kUsageText;
      std::exit(kOk);
    } else {
      return args.Unknown();
    }
  }
  // Each problem in the options' own names.
  switch (negotiator::FindComparisonInputProblem(in, r->kind_a != r->kind_b)) {
    case negotiator::ComparisonInputProblem::kNone:
      break;
    case negotiator::ComparisonInputProblem::kNoConfigA:
      std::cerr << "negotiator: -config-a is required\n" << kUsageText;
      return false;
    case negotiator::ComparisonInputProblem::kNoConfigB:
      std::cerr << "negotiator: -config-b is required unless the two sides' models differ\n"
                << kUsageText;
      return false;
    case negotiator::ComparisonInputProblem::kNoSlots:
      std::cerr << "negotiator: --slots is required\n" << kUsageText;
      return false;
    case negotiator::ComparisonInputProblem::kNotJobsOrWorkload:
      std::cerr << "negotiator: give --jobs (a snapshot) or --workload (a simulation), one of them\n"
                << kUsageText;
      return false;
    case negotiator::ComparisonInputProblem::kStateAndAccountant:
      std::cerr << "negotiator: give --state or --accountant, not both\n";
      return false;
  }
  if ((r->kind_a == negotiator::ShareModelKind::kDirac ||
       r->kind_b == negotiator::ShareModelKind::kDirac) &&
      r->dirac.dirac_config.empty()) {
    std::cerr << "negotiator: the dirac model needs --dirac-config FILE\n";
    return false;
  }
  return true;
}

}  // namespace

const char* CompareUsage() { return kUsageText; }

int RunCompareCommand(int argc, char** argv) {
  Request r;
  if (!ParseArgs(argc, argv, &r)) return kUsage;
  // Each side's share model; a side's name defaults to its model's when
  // the models differ.
  negotiator::ComparisonInputs& in = r.inputs;
  for (auto [kind, model, name, label, given] :
       {std::tuple{r.kind_a, &in.share_model_a, &in.model_a, &in.label_a, r.label_a_given},
        std::tuple{r.kind_b, &in.share_model_b, &in.model_b, &in.label_b, r.label_b_given}}) {
    negotiator::ShareModelChoice choice = r.dirac;
    choice.kind = kind;
    classad::Result<std::shared_ptr<const negotiator::ShareModel>> loaded =
        negotiator_tool::LoadModel(choice);
    if (!loaded.ok()) return negotiator_tool::Fail(loaded.status());
    *model = *loaded;
    *name = negotiator::ShareModelKindName(kind);
    if (!given && r.kind_a != r.kind_b) *label = *name;
  }
  std::optional<negotiator::ChartLibrary> charts;
  if (!r.out.empty()) charts = negotiator_tool::ChartsFor(negotiator::kComparisonReportFile);
  negotiator_tool::ProgressBar bar;
  bar.Attach(&r.inputs.simulation.options);
  classad::Result<negotiator::Comparison> compared = negotiator::RunComparison(r.inputs);
  if (!compared.ok()) return negotiator_tool::Fail(compared.status());
  const negotiator::Comparison& c = *compared;
  if (!r.out.empty()) {
    const std::string title =
        !r.title.empty() ? r.title : negotiator::DefaultComparisonTitle(c.label_a, c.label_b);
    if (Status s = negotiator::WriteComparisonOutputs(c, r.out, title, charts ? &*charts : nullptr);
        !s.ok()) {
      return negotiator_tool::Fail(s);
    }
  }
  std::cout << (r.json ? negotiator::FormatComparisonJson(c) : negotiator::FormatComparisonText(c));
  return kOk;
}
