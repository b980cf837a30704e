// dirac_bench: one negotiation cycle under DIRAC's share model on a pool
// built in memory, to measure what a pilot's draw costs as a task queue
// grows: `slots` free slots, and idle jobs of three owners in three
// groups, one of whom has a single long queue of `long_queue` jobs (the
// others 5,000 each). Prints the cycle's phases (median of the runs) and
// the matches.
//
// Usage: dirac_bench [slots [long_queue [runs]]]   (defaults 5000 40000 3)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <string>
#include <vector>

#include "classad/ad_io.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/cycle.h"
#include "negotiator/pool/pool.h"
#include "negotiator/shares/dirac/dirac_share_model.h"
#include "policy/config_reader.h"
#include "policy/dirac/cs_config.h"
#include "policy/dirac/dirac_settings.h"
#include "policy/policy.h"

namespace {

constexpr int64_t kNow = 1700000000;

constexpr char kRegistry[] =
    "Registry\n{\n  Groups\n  {\n    prod\n    {\n      JobShare = 1000\n    }\n"
    "    user\n    {\n      JobShare = 300\n    }\n    test\n    {\n      JobShare = 100\n"
    "    }\n  }\n}\n";

std::shared_ptr<const classad::ClassAd> Ad(const std::string& text) {
  classad::Result<std::vector<std::shared_ptr<classad::ClassAd>>> ads =
      classad::ReadAdsFromString(text);
  if (!ads.ok() || ads->size() != 1) {
    std::fprintf(stderr, "bad ad: %s\n", text.c_str());
    std::exit(1);
  }
  return (*ads)[0];
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const int slots = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5000;
  const int long_queue = argc > 2 ? std::max(1, std::atoi(argv[2])) : 40000;
  const int runs = argc > 3 ? std::max(1, std::atoi(argv[3])) : 3;

  policy::ConfigOptions options;
  options.getenv = [](std::string_view) { return std::optional<std::string>(); };
  options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  classad::Result<policy::Config> config = policy::ReadConfigText(
      "UID_DOMAIN = x\nNEGOTIATOR_CONSIDER_PREEMPTION = False\n", "bench.config", options);
  if (!config.ok()) return std::fprintf(stderr, "%s\n", config.status().ToString().c_str()), 1;
  classad::Result<policy::Policy> built = policy::Policy::Build(*config);
  if (!built.ok()) return std::fprintf(stderr, "%s\n", built.status().ToString().c_str()), 1;
  auto policy = std::make_shared<const policy::Policy>(std::move(built).value());
  classad::Result<policy::dirac::CsConfig> cs = policy::dirac::ReadCsText(kRegistry, "dirac.cfg");
  if (!cs.ok()) return std::fprintf(stderr, "%s\n", cs.status().ToString().c_str()), 1;
  classad::Result<policy::dirac::DiracSettings> settings =
      policy::dirac::ReadDiracSettings(*cs, policy::dirac::OperationsScope{});
  if (!settings.ok()) return std::fprintf(stderr, "%s\n", settings.status().ToString().c_str()), 1;
  auto model = std::make_shared<const negotiator::dirac::DiracShareModel>(
      std::make_shared<const policy::dirac::DiracSettings>(*settings), 1);

  // Priorities 1 to 3 in the long queue (three values), one value elsewhere.
  struct Owner {
    const char* name;
    const char* group;
    int jobs;
    int priorities;
  };
  const std::vector<Owner> owners = {
      {"alice", "prod", long_queue, 3}, {"bob", "user", 5000, 1}, {"carol", "test", 5000, 1}};

  std::vector<double> total, negotiation;
  size_t matches = 0;
  for (int run = 0; run < runs; ++run) {
    negotiator::Pool pool(policy, negotiator::AdHolding::kWhole);
    for (int i = 0; i < slots; ++i) {
      const std::string name = "slot" + std::to_string(i) + "@m";
      auto added = pool.AddSlot(
          Ad("[ MyType = \"Machine\"; Name = \"" + name + "\"; Machine = \"m\"; Cpus = 1; "
             "Memory = 2048; State = \"Unclaimed\"; Activity = \"Idle\"; Requirements = true ]"),
          "bench");
      if (!added.ok()) return std::fprintf(stderr, "%s\n", added.status().ToString().c_str()), 1;
    }
    int cluster = 1;
    for (const Owner& o : owners) {
      for (int p = 0; p < o.jobs; ++p) {
        auto added = pool.AddJob(
            Ad("[ Owner = \"" + std::string(o.name) + "\"; ClusterId = " +
               std::to_string(cluster) + "; ProcId = " + std::to_string(p) +
               "; JobStatus = 1; RequestCpus = 1; RequestMemory = 1024; Requirements = true; "
               "DiracGroup = \"" + o.group + "\"; Priority = " +
               std::to_string(1 + p % o.priorities) + " ]"),
            "bench");
        if (!added.ok()) return std::fprintf(stderr, "%s\n", added.status().ToString().c_str()), 1;
      }
      ++cluster;
    }
    negotiator::Accountant accountant(policy);
    accountant.Initialize(kNow);
    negotiator::Negotiator negotiator(policy, negotiator::NegotiatorOptions{.share_model = model});
    classad::Result<negotiator::CycleResult> result = negotiator.RunCycle(pool, accountant, kNow);
    if (!result.ok()) return std::fprintf(stderr, "%s\n", result.status().ToString().c_str()), 1;
    total.push_back(result->phases.total);
    negotiation.push_back(result->phases.negotiation);
    matches = result->matches.size();
  }
  std::printf("dirac cycle: %d free slots, queues of %d, 5000, 5000 idle jobs\n", slots,
              long_queue);
  std::printf("  total %.1f ms, negotiation %.1f ms (median of %d), %zu matches\n", Median(total),
              Median(negotiation), runs, matches);
  return 0;
}
