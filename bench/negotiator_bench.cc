// negotiator_bench: one full negotiation cycle, preemption on, on a pool
// that gen_pool.py wrote (slots.ads, jobs.ads, negotiator.config in one
// folder), as issue 15 asks: the snapshot read (reported apart), then the
// cycle from a fresh accountant, several times, with its phases
// (accountant, autoclusters, matching up front, negotiation), the number
// of autoclusters and matches, and the peak memory. Then the cycle after
// it: the first cycle's matches become claims, ten minutes pass, and the
// priorities now differ (usage was charged), so this one preempts, as a
// pool's cycles do once the negotiator has run for a while.
//
// Usage: negotiator_bench POOL_DIR [runs [threads]]
//   scripts/run-bench.sh generates the pools (never committed) and runs it.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "negotiator/accountant.h"
#include "negotiator/cycle.h"
#include "negotiator/pool.h"
#include "policy/config_reader.h"
#include "policy/policy.h"

namespace {

using Clock = std::chrono::steady_clock;

double Millis(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double PeakMegabytes() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: negotiator_bench POOL_DIR [runs [threads]]\n");
    return 2;
  }
  const std::string dir = argv[1];
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  const int threads = argc > 3 ? std::max(1, std::atoi(argv[3])) : 2;

  policy::ConfigOptions options;
  options.getenv = [](std::string_view) { return std::optional<std::string>(); };
  options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  classad::Result<policy::Config> config =
      policy::ReadConfigFiles({dir + "/negotiator.config"}, options);
  if (!config.ok()) {
    std::fprintf(stderr, "%s\n", config.status().ToString().c_str());
    return 1;
  }
  classad::Result<policy::Policy> built = policy::Policy::Build(*config);
  if (!built.ok()) {
    std::fprintf(stderr, "%s\n", built.status().ToString().c_str());
    return 1;
  }
  auto policy = std::make_shared<const policy::Policy>(std::move(built).value());

  Clock::time_point start = Clock::now();
  negotiator::Pool pool(policy);
  if (classad::Status s = pool.ReadSlots(dir + "/slots.ads"); !s.ok()) {
    std::fprintf(stderr, "%s\n", s.ToString().c_str());
    return 1;
  }
  const double slots_ms = Millis(Clock::now() - start);
  start = Clock::now();
  if (classad::Status s = pool.ReadJobs(dir + "/jobs.ads"); !s.ok()) {
    std::fprintf(stderr, "%s\n", s.ToString().c_str());
    return 1;
  }
  const double jobs_ms = Millis(Clock::now() - start);
  std::printf("pool %s: %zu slots, %zu jobs; read in %.0f ms (slots %.0f, jobs %.0f); %.0f MB\n",
              dir.c_str(), pool.slots().size(), pool.jobs().size(), slots_ms + jobs_ms, slots_ms,
              jobs_ms, PeakMegabytes());

  const int64_t now = 1732000000;  // gen_pool.py's default --now
  std::vector<double> total, accountant_ms, autoclusters_ms, matching_ms, negotiation_ms;
  negotiator::CycleResult last;
  for (int r = 0; r < runs; ++r) {
    negotiator::Accountant accountant(policy);
    accountant.Initialize(now);
    negotiator::Negotiator negotiator(policy, negotiator::NegotiatorOptions{threads});
    classad::Result<negotiator::CycleResult> result = negotiator.RunCycle(pool, accountant, now);
    if (!result.ok()) {
      std::fprintf(stderr, "%s\n", result.status().ToString().c_str());
      return 1;
    }
    total.push_back(result->phases.total);
    accountant_ms.push_back(result->phases.accountant);
    autoclusters_ms.push_back(result->phases.autoclusters);
    matching_ms.push_back(result->phases.matching);
    negotiation_ms.push_back(result->phases.negotiation);
    last = std::move(result).value();
  }
  std::printf("cycle (%d threads): median %.0f ms over %d runs (min %.0f, max %.0f)\n", threads,
              Median(total), runs, *std::min_element(total.begin(), total.end()),
              *std::max_element(total.begin(), total.end()));
  std::printf(
      "  phases (median ms): accountant %.0f, autoclusters %.0f, matching %.0f, "
      "negotiation %.0f\n",
      Median(accountant_ms), Median(autoclusters_ms), Median(matching_ms), Median(negotiation_ms));
  std::printf(
      "  %zu autoclusters (%zu match classes), %zu slots considered, %zu matches, %lld "
      "preemptions\n",
      last.autoclusters, last.match_classes, last.slots_considered, last.matches.size(),
      static_cast<long long>(last.preemptions));
  std::printf("  peak memory %.0f MB\n", PeakMegabytes());

  // The next cycle: the first one's matches as claims, ten minutes later.
  negotiator::Accountant first(policy);
  first.Initialize(now);
  negotiator::Negotiator negotiator(policy, negotiator::NegotiatorOptions{threads});
  classad::Result<negotiator::CycleResult> ran = negotiator.RunCycle(pool, first, now);
  if (!ran.ok()) {
    std::fprintf(stderr, "%s\n", ran.status().ToString().c_str());
    return 1;
  }
  for (const negotiator::CycleMatch& m : ran->matches) {
    if (classad::Status c = pool.ClaimSlot(m.slot_index, m.job_index, m.submitter, m.slot_rank,
                                           m.concurrency_limits, now);
        !c.ok()) {
      std::fprintf(stderr, "%s\n", c.ToString().c_str());
      return 1;
    }
  }
  const negotiator::AccountantSnapshot after_first = first.Snapshot();
  const int64_t later = now + 600;
  total.clear();
  accountant_ms.clear();
  autoclusters_ms.clear();
  matching_ms.clear();
  negotiation_ms.clear();
  for (int r = 0; r < runs; ++r) {
    // The same negotiator each time (it remembers the last cycle's quota
    // map, which the Remote* attributes read; the same on each run).
    negotiator::Accountant accountant(policy);
    accountant.Restore(after_first);
    classad::Result<negotiator::CycleResult> result = negotiator.RunCycle(pool, accountant, later);
    if (!result.ok()) {
      std::fprintf(stderr, "%s\n", result.status().ToString().c_str());
      return 1;
    }
    total.push_back(result->phases.total);
    accountant_ms.push_back(result->phases.accountant);
    autoclusters_ms.push_back(result->phases.autoclusters);
    matching_ms.push_back(result->phases.matching);
    negotiation_ms.push_back(result->phases.negotiation);
    last = std::move(result).value();
  }
  std::printf(
      "next cycle (10 minutes later, cycle 1's matches claimed): median %.0f ms (min %.0f, "
      "max %.0f)\n",
      Median(total), *std::min_element(total.begin(), total.end()),
      *std::max_element(total.begin(), total.end()));
  std::printf(
      "  phases (median ms): accountant %.0f, autoclusters %.0f, matching %.0f, "
      "negotiation %.0f\n",
      Median(accountant_ms), Median(autoclusters_ms), Median(matching_ms), Median(negotiation_ms));
  std::printf(
      "  %zu autoclusters (%zu match classes), %zu slots considered, %zu matches, %lld "
      "preemptions\n",
      last.autoclusters, last.match_classes, last.slots_considered, last.matches.size(),
      static_cast<long long>(last.preemptions));
  std::printf("  peak memory %.0f MB\n", PeakMegabytes());
  return 0;
}
