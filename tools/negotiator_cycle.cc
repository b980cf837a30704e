// negotiator cycle: runs HTCondor's negotiation cycle on a pool snapshot.
//
//   negotiator cycle -config FILE --slots FILE --jobs FILE
//                    [--state DB | --accountant FILE.json] [--now EPOCH]
//                    [--cycles N] [--interval S] [--threads N] [--json [--requests]]
//                    [--restarted]
//                    [--model htcondor|dirac --dirac-config FILE [--seed N]]
//
// Reads the configuration as HTCondor would (the policy layer), the slot
// and job ads (old `Name = value` ads, new `[...]` ads or JSON), and the
// accountant: a store (--state, else ACCOUNTANT_DATABASE; the cycle's
// changes, and its group quota table for `userprio -quotas`, are committed
// to it in one transaction), or a JSON export
// (--accountant, read only: nothing is written back), or none (a fresh
// accountant, nothing written). Prints the matches and the group,
// submitter and unmatched-autocluster tables, or one JSON document with
// --json (docs/negotiator.md). With --cycles N, each cycle's matches
// become claims for the next; no time passes unless --interval S. With
// the accountant holding the group quota table of a cycle (a store the
// tool ran a cycle on, or a live pool's imported with `userprio
// --import-condor`), the first cycle runs as the next one of a negotiator
// that has been running (its previous quota map binds RemoteGroup and
// RemoteGroupQuota); --restarted runs it as the first cycle after a start,
// with no map. With
// --model dirac, DIRAC's share model (docs/dirac.md) shares the slots
// instead of HTCondor's pie, and the report shows each task queue's
// priority step by step.
//
// Exit status: 0 done; 2 the configuration, the ads or the accountant
// could not be read or written; 3 bad usage.
#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "negotiator/cycle.h"
#include "negotiator/cycle_output.h"
#include "negotiator/snapshot_cycle.h"
#include "policy/policy.h"
#include "tools/negotiator_args.h"
#include "tools/negotiator_commands.h"

namespace {

using classad::Status;

constexpr int kOk = 0;
constexpr int kUsage = 3;

constexpr char kUsageText[] =
    "usage: negotiator cycle -config FILE --slots FILE --jobs FILE\n"
    "                        [--state DB | --accountant FILE.json] [--now EPOCH]\n"
    "                        [--cycles N] [--interval SECONDS] [--threads N]\n"
    "                        [--json [--requests]] [--htcondor-version X.Y] [--restarted]\n"
    "                        [--model htcondor|dirac --dirac-config FILE [--dirac-setup NAME]\n"
    "                         [--dirac-vo NAME] [--seed N]]\n"
    "\n"
    "  -config FILE        the configuration (repeatable; default: CONDOR_CONFIG's)\n"
    "  --slots FILE        slot ads (condor_status -long, new ClassAds or JSON; repeatable)\n"
    "  --jobs FILE         job ads (condor_q -long, new ClassAds or JSON; repeatable)\n"
    "  --state DB          the accountant store (SQLite file or postgresql:// URI); the\n"
    "                      cycle is committed to it (default: ACCOUNTANT_DATABASE)\n"
    "  --accountant FILE   start from a `userprio --export` file (nothing is written)\n"
    "  --now EPOCH         the cycle's clock (default: now)\n"
    "  --cycles N          run N cycles, each cycle's matches becoming claims (default 1)\n"
    "  --interval SECONDS  time between cycles (default 0)\n"
    "  --threads N         threads reading large ad files and matching autoclusters\n"
    "                      (default 2)\n"
    "  --json              one JSON document instead of tables\n"
    "  --requests          with --json: every request and how it ended (\"requests\")\n"
    "  --restarted         run the first cycle as a negotiator just started does: no\n"
    "                      previous cycle's quota map, so RemoteGroup, RemoteGroupQuota\n"
    "                      and RemoteGroupResourcesInUse are undefined (default: the\n"
    "                      accountant's stored group quota table is that map, as in a\n"
    "                      negotiator that has been running)\n"
    "  --htcondor-version X.Y\n"
    "                      the HTCondor release whose accountant and autoclusters to\n"
    "                      reproduce: from 25.5 the negotiator leaves more names out of\n"
    "                      the significant attributes; from 25.10 a preempted user keeps\n"
    "                      its usage until the next cycle (default: 25.0, the LTS series)\n";

// The usage text with the share model's options.
const std::string& FullUsage() {
  static const std::string text = std::string(kUsageText) + negotiator_tool::kModelOptionsUsage;
  return text;
}

struct Request {
  // What the library runs; `now` and the share model are set after parsing.
  negotiator::SnapshotCycleInputs in{.threads = 2};
  std::optional<int64_t> now;
  bool json = false;
  negotiator::ShareModelChoice model;
};

// Parses the command line; prints the problem and returns false on bad usage.
bool ParseArgs(int argc, char** argv, Request* r) {
  negotiator_tool::Args args(argc, argv, FullUsage().c_str());
  while (args.Next()) {
    const int model = negotiator_tool::ReadModelOption(args, &r->model);
    if (model < 0) return false;
    if (model > 0) continue;
    const std::string& arg = args.name();
    std::string text;
    int64_t n = 0;
    if (arg == "-config") {
      if (!args.Value(&text)) return false;
      r->in.config_files.push_back(text);
    } else if (arg == "-slots") {
      if (!args.Value(&text)) return false;
      r->in.slot_files.push_back(text);
    } else if (arg == "-jobs") {
      if (!args.Value(&text)) return false;
      r->in.job_files.push_back(text);
    } else if (arg == "-state") {
      if (!args.Value(&r->in.state)) return false;
    } else if (arg == "-accountant") {
      if (!args.Value(&r->in.accountant_json)) return false;
    } else if (arg == "-now") {
      if (!args.Whole(&n, 0)) return false;
      r->now = n;
    } else if (arg == "-cycles") {
      if (!args.Whole(&n, 1)) return false;
      r->in.cycles = static_cast<int>(std::min<int64_t>(n, 1000000));
    } else if (arg == "-interval") {
      if (!args.Whole(&r->in.interval, 0)) return false;
    } else if (arg == "-threads") {
      if (!args.Whole(&n, 1)) return false;
      r->in.threads = static_cast<int>(std::min<int64_t>(n, 256));
    } else if (arg == "-json") {
      r->json = true;
    } else if (arg == "-requests") {
      r->in.record_requests = true;
    } else if (arg == "-restarted") {
      r->in.restarted = true;
    } else if (arg == "-htcondor-version") {
      if (!args.Value(&text)) return false;
      if (classad::Status set = policy::SetHTCondorRelease(text, &r->in.policy_options); !set.ok()) {
        std::cerr << "negotiator: --htcondor-version: " << set.message() << "\n";
        return false;
      }
    } else if (arg == "-help" || arg == "-h") {
      std::cout << FullUsage();
      std::exit(kOk);
    } else {
      return args.Unknown();
    }
  }
  if (r->in.slot_files.empty() || r->in.job_files.empty()) {
    std::cerr << "negotiator: --slots and --jobs are required\n" << FullUsage();
    return false;
  }
  if (r->in.record_requests && !r->json) {
    std::cerr << "negotiator: --requests needs --json\n" << FullUsage();
    return false;
  }
  if (!r->in.state.empty() && !r->in.accountant_json.empty()) {
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

const char* CycleUsage() { return FullUsage().c_str(); }

int RunCycleCommand(int argc, char** argv) {
  Request r;
  if (!ParseArgs(argc, argv, &r)) return kUsage;
  classad::Result<std::shared_ptr<const negotiator::ShareModel>> model =
      negotiator_tool::LoadModel(r.model);
  if (!model.ok()) return negotiator_tool::Fail(model.status());

  r.in.now = r.now.value_or(static_cast<int64_t>(std::time(nullptr)));
  r.in.share_model = *model;

  negotiator::SnapshotCycleHooks hooks;
  hooks.configuration_read = [](const std::vector<Status>& warnings) {
    for (const Status& warning : warnings) std::cerr << "warning: " << warning.ToString() << "\n";
  };
  if (!r.json) {
    hooks.ads_read = [](size_t slots, size_t jobs, double ms) {
      std::cerr << "negotiator: read " << slots << " slots and " << jobs << " jobs in "
                << static_cast<int64_t>(ms) << " ms\n";
    };
    hooks.cycle_ran = [&r](int cycle, const negotiator::CycleResult& result) {
      std::cout << negotiator::FormatCycleText(result, r.in.cycles > 1 ? cycle : 0);
      if (cycle < r.in.cycles) std::cout << "\n";
    };
  }
  classad::Result<negotiator::SnapshotCycles> ran = negotiator::RunSnapshotCycles(r.in, hooks);
  if (!ran.ok()) return negotiator_tool::Fail(ran.status());
  if (r.json) {
    if (ran->cycles.size() == 1) {
      std::cout << negotiator::FormatCycleJson(ran->cycles[0]) << "\n";
    } else {
      std::cout << negotiator::FormatCyclesJson(ran->cycles);
    }
  }
  return kOk;
}
