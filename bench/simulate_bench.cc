// simulate_bench: a week of negotiation cycles on a generated pool, as
// issue 25 asks: a pool gen_pool.py wrote (its slots and configuration; its
// jobs only as the shapes of the workload's jobs), 100,000 jobs arriving
// over the week from a seeded generator (a steady load, a burst, a new
// group arriving, a user going quiet), and a cycle every 60 s of simulated
// time. Prints the wall time, cycles per second, times real time, the
// share of time per phase of the cycles and of the simulator's own work,
// the outcome's counts, and the peak memory.
//
// Usage: simulate_bench POOL_DIR [jobs [days [interval [seed [threads]]]]]
//   scripts/run-bench.sh generates the pool (never committed) and runs it.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "classad/ad_io.h"
#include "classad/evaluator.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/pool/pool.h"
#include "negotiator/simulate/simulation.h"
#include "negotiator/simulate/simulation_report.h"
#include "policy/config_file_system.h"
#include "policy/load_policy.h"

namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

// The workload: `count` jobs over `days` from `start`, shaped like the
// pool's job ads, each submitter's jobs like its own.
negotiator::Workload Generate(const std::vector<std::shared_ptr<classad::ClassAd>>& templates,
                              int64_t count, int64_t start, int64_t days, uint64_t seed) {
  std::mt19937_64 random(seed);
  // The submitters, by how many jobs the dump gives them (a Zipf-like mix).
  std::map<std::string, std::vector<const classad::ClassAd*>> by_submitter;
  for (const auto& ad : templates) {
    std::string owner, group;
    classad::EvaluateAttrString(*ad, "Owner", &owner);
    classad::EvaluateAttrString(*ad, "AccountingGroup", &group);
    by_submitter[group.empty() ? owner : group].push_back(ad.get());
  }
  std::vector<std::string> names;
  std::vector<double> weights;
  for (const auto& [name, ads] : by_submitter) {
    names.push_back(name);
    weights.push_back(static_cast<double>(ads.size()));
  }
  // The busiest goes quiet after day 3; the submitters of the last group
  // in name order arrive on day 4; one submitter bursts on day 2.
  const size_t quiet = static_cast<size_t>(
      std::max_element(weights.begin(), weights.end()) - weights.begin());
  const std::string late_prefix = names.back().substr(0, names.back().find('.'));
  const size_t burster = names.size() / 2;
  std::discrete_distribution<size_t> pick(weights.begin(), weights.end());
  std::lognormal_distribution<double> run_hours(std::log(8.0), 1.0);
  std::uniform_real_distribution<double> unit(0, 1);
  const double span = static_cast<double>(days * 86400);
  negotiator::Workload w;
  // The jobs' ads share their layouts (names and index), as ads read from
  // a file do; each would hold its own copy after the removals below.
  classad::LayoutTable layouts;
  int64_t cluster = 1000;
  for (int64_t i = 0; i < count; ++i) {
    size_t who = pick(random);
    double at = unit(random) * span;
    const double shape = unit(random);
    if (shape < 0.15) {  // the burst: six hours of day 2
      who = burster;
      at = 86400 + unit(random) * 6 * 3600;
    }
    if (who == quiet && at > 3 * 86400) at = unit(random) * 3 * 86400;
    if (names[who].starts_with(late_prefix) && at < 4 * 86400) at = 4 * 86400 + unit(random) * (span - 4 * 86400);
    const auto& ads = by_submitter[names[who]];
    auto ad = std::make_shared<classad::ClassAd>(*ads[static_cast<size_t>(unit(random) * static_cast<double>(ads.size())) % ads.size()]);
    const int64_t arrival = start + static_cast<int64_t>(at);
    ad->InsertValue("ClusterId", classad::Value::Integer(++cluster));
    ad->InsertValue("ProcId", classad::Value::Integer(0));
    ad->InsertValue("QDate", classad::Value::Integer(arrival));
    ad->InsertValue("JobStatus", classad::Value::Integer(1));
    for (const char* name : {"RemoteHost", "JobCurrentStartDate", "RemoteWallClockTime",
                             "ShadowBday", "JobStartDate"}) {
      ad->Remove(name);
    }
    layouts.Intern(ad.get());
    negotiator::WorkloadJob job;
    job.ad = std::move(ad);
    job.arrival = arrival;
    job.run_time = static_cast<int64_t>(std::clamp(run_hours(random), 1.0 / 60, 72.0) * 3600);
    job.origin = "generated";
    w.jobs.push_back(std::move(job));
  }
  w.counts.records = static_cast<size_t>(count);
  negotiator::FinishWorkload(&w);
  return w;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: simulate_bench POOL_DIR [jobs [days [interval [seed [threads]]]]]\n");
    return 3;
  }
  const std::string dir = argv[1];
  const int64_t jobs = argc > 2 ? std::atoll(argv[2]) : 100000;
  const int64_t days = argc > 3 ? std::atoll(argv[3]) : 7;
  const int64_t interval = argc > 4 ? std::atoll(argv[4]) : 60;
  const uint64_t seed = argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 1;
  const int threads = argc > 6 ? std::atoi(argv[6]) : 2;
  const int64_t start = 1732000000;

  auto began = Clock::now();
  std::vector<classad::Status> warnings;
  auto policy = policy::LoadPolicy({dir + "/negotiator.config"},
                                   policy::DaemonConfigOptions("NEGOTIATOR"), &warnings);
  if (!policy.ok()) {
    std::fprintf(stderr, "%s\n", policy.status().ToString().c_str());
    return 2;
  }
  negotiator::Pool pool(*policy);
  if (auto s = pool.ReadSlots(dir + "/slots.ads"); !s.ok()) {
    std::fprintf(stderr, "%s\n", s.ToString().c_str());
    return 2;
  }
  auto templates = classad::ReadAdsFromFile(dir + "/jobs.ads");
  if (!templates.ok()) {
    std::fprintf(stderr, "%s\n", templates.status().ToString().c_str());
    return 2;
  }
  negotiator::Workload workload = Generate(*templates, jobs, start, days, seed);
  templates->clear();
  std::printf("simulate_bench: %zu slots, %zu jobs over %lld days, a cycle every %lld s, "
              "seed %llu, %d threads; read and generated in %.1f s\n",
              pool.slots().size(), workload.jobs.size(), static_cast<long long>(days),
              static_cast<long long>(interval), static_cast<unsigned long long>(seed), threads,
              Seconds(began));

  negotiator::Accountant accountant(*policy);
  accountant.Initialize(start);
  negotiator::SimulationOptions options;
  options.start = start;
  options.duration = days * 86400;
  options.interval = interval;
  options.threads = threads;
  Clock::time_point last = Clock::now();
  options.progress = [&last](int64_t cycle, int64_t cycles, int64_t) {
    if (Seconds(last) > 10 || cycle == cycles) {
      last = Clock::now();
      std::fprintf(stderr, "  cycle %lld of %lld\n", static_cast<long long>(cycle),
                   static_cast<long long>(cycles));
    }
  };
  began = Clock::now();
  auto run = negotiator::Simulate(*policy, workload, options, &pool, &accountant);
  const double wall = Seconds(began);
  if (!run.ok()) {
    std::fprintf(stderr, "%s\n", run.status().ToString().c_str());
    return 2;
  }
  negotiator::CyclePhases sum;
  for (const negotiator::CycleSample& c : run->cycles) {
    sum.accountant += c.phases.accountant;
    sum.autoclusters += c.phases.autoclusters;
    sum.matching += c.phases.matching;
    sum.negotiation += c.phases.negotiation;
    sum.total += c.phases.total;
  }
  const double wall_ms = wall * 1000;
  const double cycles = static_cast<double>(run->cycles.size());
  std::printf("simulated %zu cycles (%lld days) in %.1f s: %.0f cycles/s, %.0fx real time\n",
              run->cycles.size(), static_cast<long long>(days), wall, cycles / wall,
              static_cast<double>(days * 86400) / wall);
  std::printf("time: cycles %.1f %% (accountant %.1f, autoclusters %.1f, matching %.1f, "
              "negotiation %.1f), simulator %.1f %% (arrivals, completions, claims, samples)\n",
              100 * sum.total / wall_ms, 100 * sum.accountant / wall_ms,
              100 * sum.autoclusters / wall_ms, 100 * sum.matching / wall_ms,
              100 * sum.negotiation / wall_ms, 100 * (wall_ms - sum.total) / wall_ms);
  const negotiator::SimulationMetrics m = negotiator::ComputeMetrics(*run);
  std::printf("outcome: %lld arrived = %lld done + %lld running + %lld idle; %lld matches, "
              "%lld claims reused, %lld preemptions; utilisation %.1f %%; wait p50 %lld s, "
              "p95 %lld s\n",
              static_cast<long long>(m.arrived), static_cast<long long>(m.done),
              static_cast<long long>(m.running), static_cast<long long>(m.idle),
              static_cast<long long>(m.matches), static_cast<long long>(m.claims_reused),
              static_cast<long long>(m.preemptions), 100 * m.utilisation,
              static_cast<long long>(m.wait.p50), static_cast<long long>(m.wait.p95));
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("peak memory: %.0f MiB\n", static_cast<double>(usage.ru_maxrss) / 1024);
  return 0;
}
