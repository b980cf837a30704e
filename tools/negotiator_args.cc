// Reading the negotiator program's command lines (negotiator_args.h).
#include "tools/negotiator_args.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "policy/policy.h"

namespace negotiator_tool {

bool Args::Next() {
  if (i_ + 1 >= argc_) return false;
  name_ = argv_[++i_];
  if (name_.starts_with("--") && name_.size() > 2) name_ = name_.substr(1);  // -x and --x alike
  return true;
}

bool Args::Value(std::string* out) {
  if (i_ + 1 >= argc_) {
    std::cerr << "negotiator: " << argv_[i_] << " needs a value\n" << usage_;
    return false;
  }
  *out = argv_[++i_];
  return true;
}

bool Args::Whole(int64_t* out, int64_t min) {
  const char* option = argv_[i_];
  std::string text;
  if (!Value(&text)) return false;
  char* end = nullptr;
  errno = 0;
  const long long v = text.empty() ? 0 : std::strtoll(text.c_str(), &end, 10);
  if (end == nullptr || *end != '\0' || errno != 0 || v < min) {
    std::cerr << "negotiator: " << option << ": '" << text << "' is not a whole number of at least "
              << min << "\n";
    return false;
  }
  *out = v;
  return true;
}

bool Args::Duration(int64_t* out) {
  const char* option = argv_[i_];
  std::string text;
  if (!Value(&text)) return false;
  classad::Result<int64_t> d = negotiator::ParseDuration(text);
  if (!d.ok()) {
    std::cerr << "negotiator: " << option << ": " << d.status().message() << "\n";
    return false;
  }
  *out = *d;
  return true;
}

bool Args::Unknown() {
  std::cerr << "negotiator: unknown option '" << argv_[i_] << "'\n" << usage_;
  return false;
}

const char kModelOptionsUsage[] =
    "  --model htcondor|dirac\n"
    "                      the share model: HTCondor's pie (default) or DIRAC's task\n"
    "                      queues and pilots (docs/dirac.md)\n"
    "  --dirac-config FILE DIRAC's configuration (CS syntax: /Registry/Groups, Operations'\n"
    "                      JobScheduling; repeatable, merged as DIRAC merges them)\n"
    "  --dirac-setup NAME  the Operations setup DIRAC reads (default: Defaults only)\n"
    "  --dirac-vo NAME     the Operations VO (default: none)\n"
    "  --seed N            the seed of DIRAC's pilots' draws (default 0)\n";

int ReadModelOption(Args& args, negotiator::ShareModelChoice* choice) {
  const std::string& arg = args.name();
  std::string text;
  if (arg == "-model") {
    if (!args.Value(&text)) return -1;
    if (!negotiator::ParseShareModelKind(text, &choice->kind)) {
      std::cerr << "negotiator: --model: '" << text << "' is not htcondor or dirac\n";
      return -1;
    }
    return 1;
  }
  if (arg == "-dirac-config") {
    if (!args.Value(&text)) return -1;
    choice->dirac_config.push_back(text);
    return 1;
  }
  if (arg == "-dirac-setup") return args.Value(&choice->dirac_setup) ? 1 : -1;
  if (arg == "-dirac-vo") return args.Value(&choice->dirac_vo) ? 1 : -1;
  if (arg == "-seed") {
    int64_t n = 0;
    if (!args.Whole(&n, 0)) return -1;
    choice->seed = static_cast<uint64_t>(n);
    return 1;
  }
  return 0;
}

classad::Result<std::shared_ptr<const negotiator::ShareModel>> LoadModel(
    const negotiator::ShareModelChoice& choice) {
  std::vector<std::string> warnings;
  auto model = negotiator::LoadModel(choice, &warnings);
  for (const std::string& warning : warnings) std::cerr << warning << "\n";
  return model;
}

int ReadInputsOption(Args& args, negotiator::SimulationInputs* in) {
  const std::string& arg = args.name();
  std::string text;
  int64_t n = 0;
  auto done = [](bool ok) { return ok ? 1 : -1; };
  if (arg == "-slots") {
    if (!args.Value(&text)) return -1;
    in->slot_files.push_back(text);
    return 1;
  }
  if (arg == "-workload") return done(args.Value(&in->workload_file));
  if (arg == "-format") {
    if (!args.Value(&text)) return -1;
    if (!negotiator::ParseWorkloadFormat(text, &in->workload_format)) {
      std::cerr << "negotiator: --format: '" << text << "' is not history or swf\n";
      return -1;
    }
    return 1;
  }
  if (arg == "-swf-map") return done(args.Value(&in->swf_map_file));
  if (arg == "-run-time-attribute") return done(args.Value(&in->run_time_attribute));
  if (arg == "-state") return done(args.Value(&in->accountant.store));
  if (arg == "-accountant") return done(args.Value(&in->accountant.json_file));
  if (arg == "-start" || arg == "-now") {
    if (!args.Whole(&n, 0)) return -1;
    in->start = n;
    return 1;
  }
  if (arg == "-duration") return done(args.Duration(&in->options.duration));
  if (arg == "-interval") return done(args.Duration(&in->options.interval));
  if (arg == "-no-claim-reuse") {
    in->options.claim_reuse = false;
    return 1;
  }
  if (arg == "-restarted") {
    in->options.restarted = true;
    return 1;
  }
  if (arg == "-threads") {
    if (!args.Whole(&n, 1)) return -1;
    in->options.threads = static_cast<int>(std::min<int64_t>(n, 256));
    return 1;
  }
  if (arg == "-htcondor-version") {
    if (!args.Value(&text)) return -1;
    if (classad::Status set = policy::SetHTCondorRelease(text, &in->policy_options); !set.ok()) {
      std::cerr << "negotiator: --htcondor-version: " << set.message() << "\n";
      return -1;
    }
    return 1;
  }
  return 0;
}

std::optional<negotiator::ChartLibrary> ChartsFor(const char* page) {
  std::string warning;
  std::optional<negotiator::ChartLibrary> charts = negotiator::ChartLibraryForPage(page, &warning);
  if (!charts) std::cerr << "warning: " << warning << "\n";
  return charts;
}

int Fail(const classad::Status& status) {
  std::cerr << "negotiator: " << status.ToString() << "\n";
  return 2;
}

}  // namespace negotiator_tool
