// negotiator_bench: one full negotiation cycle, preemption on, on a pool
// that gen_pool.py wrote (slots.ads, jobs.ads, negotiator.config in one
// folder), as issue 15 asks: the snapshot read (reported apart), then the
// cycle from a fresh accountant, several times, with its phases
// (accountant, autoclusters, matching up front, negotiation), the number
// of autoclusters and matches, and the peak memory; for three cycles: the
// first after a start (no previous quota map), the same snapshot to a
// negotiator that has run before (what HTCondor's anchor measures), and
// the next cycle (the first one's matches claimed, ten minutes later, the
// priorities now apart, so many claims are preempted). Then a pool stepped
// as a simulator steps it (issue 27's figures): cycle 3's matches claimed
// and a cycle 60 s later with nothing else changed; then 1 % of the jobs
// changed (that many running jobs finish, as many new idle jobs arrive,
// copies of idle jobs under new ids) and a cycle 60 s after that; then
// cycles 60 s apart with nothing changed but the time (the issue's
// repeated cycle).
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
#include <unordered_set>
#include <vector>

#include "classad/classad.h"
#include "classad/value.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/cycle.h"
#include "negotiator/pool/pool.h"
#include "policy/config_reader.h"
#include "policy/policy.h"

namespace {

using Clock = std::chrono::steady_clock;

double Millis(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double PeakMebibytes() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

// The phases of several runs of one cycle.
struct Figures {
  std::vector<double> total, accountant, autoclusters, matching, negotiation;
  negotiator::CycleResult last;

  void Add(negotiator::CycleResult result) {
    total.push_back(result.phases.total);
    accountant.push_back(result.phases.accountant);
    autoclusters.push_back(result.phases.autoclusters);
    matching.push_back(result.phases.matching);
    negotiation.push_back(result.phases.negotiation);
    last = std::move(result);
  }

  void Print(const char* label, int threads) const {
    std::printf("%s (%d threads): median %.0f ms over %zu runs (min %.0f, max %.0f)\n", label,
                threads, Median(total), total.size(), *std::min_element(total.begin(), total.end()),
                *std::max_element(total.begin(), total.end()));
    std::printf(
        "  phases (median ms): accountant %.0f, autoclusters %.0f, matching %.0f, "
        "negotiation %.0f\n",
        Median(accountant), Median(autoclusters), Median(matching), Median(negotiation));
    std::printf(
        "  %zu autoclusters (%zu match classes; %zu idle jobs clustered afresh), %zu slots "
        "considered, %zu matches, %lld preemptions; peak memory so far %.0f MiB\n",
        last.autoclusters, last.match_classes, last.jobs_clustered, last.slots_considered,
        last.matches.size(),
        static_cast<long long>(last.preemptions), PeakMebibytes());
  }
};

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
  negotiator::Pool pool(policy, negotiator::AdHolding::kCut);
  negotiator::PoolOptions read_options;
  read_options.read_threads = threads;
  if (classad::Status s = pool.ReadSlots(dir + "/slots.ads", read_options); !s.ok()) {
    std::fprintf(stderr, "%s\n", s.ToString().c_str());
    return 1;
  }
  const double slots_ms = Millis(Clock::now() - start);
  start = Clock::now();
  if (classad::Status s = pool.ReadJobs(dir + "/jobs.ads", read_options); !s.ok()) {
    std::fprintf(stderr, "%s\n", s.ToString().c_str());
    return 1;
  }
  const double jobs_ms = Millis(Clock::now() - start);
  std::printf(
      "pool %s: %zu slots, %zu jobs; read in %.0f ms (slots %.0f, jobs %.0f); peak memory so far "
      "%.0f MiB\n",
      dir.c_str(), pool.slots().size(), pool.jobs().size(), slots_ms + jobs_ms, slots_ms, jobs_ms,
      PeakMebibytes());
  {
    // How the job ads are held (negotiator/pool/ad_cutter.h).
    std::unordered_set<const classad::ClassAd*> distinct;
    size_t cut = 0, attributes = 0;
    for (const negotiator::PoolJob& job : pool.jobs()) {
      if (!job.cut) continue;
      ++cut;
      if (distinct.insert(job.ad.get()).second) attributes += job.ad->size();
    }
    std::printf("job ads: %zu of %zu cut to what the pool reads, into %zu distinct ads of "
                "%.1f attributes on average\n",
                cut, pool.jobs().size(), distinct.size(),
                distinct.empty() ? 0.0 : static_cast<double>(attributes) / distinct.size());
  }

  const int64_t now = 1732000000;  // gen_pool.py's default --now
  auto fail = [](const classad::Status& status) {
    std::fprintf(stderr, "%s\n", status.ToString().c_str());
    return 1;
  };

  // 1. The first cycle after a start: a fresh accountant and negotiator
  // (no previous quota map, so RemoteGroupQuota is undefined).
  Figures first;
  for (int r = 0; r < runs; ++r) {
    negotiator::Accountant accountant(policy);
    accountant.Initialize(now);
    negotiator::Negotiator negotiator(policy, negotiator::NegotiatorOptions{.threads = threads});
    classad::Result<negotiator::CycleResult> result = negotiator.RunCycle(pool, accountant, now);
    if (!result.ok()) return fail(result.status());
    first.Add(std::move(result).value());
  }
  first.Print("cycle 1, the first after a start", threads);

  // 2. The same snapshot to a negotiator that has run a cycle before (its
  // quota map is the previous cycle's): HTCondor's anchor measures this.
  negotiator::Negotiator running(policy, negotiator::NegotiatorOptions{.threads = threads});
  {
    negotiator::Accountant accountant(policy);
    accountant.Initialize(now);
    if (auto warm = running.RunCycle(pool, accountant, now); !warm.ok()) return fail(warm.status());
  }
  Figures steady;
  for (int r = 0; r < runs; ++r) {
    negotiator::Accountant accountant(policy);
    accountant.Initialize(now);
    classad::Result<negotiator::CycleResult> result = running.RunCycle(pool, accountant, now);
    if (!result.ok()) return fail(result.status());
    steady.Add(std::move(result).value());
  }
  steady.Print("cycle 2, the same pool to the negotiator running", threads);

  // 3. The next cycle: the first one's matches as claims, ten minutes
  // later, the accountant carried over (usage was charged, so priorities
  // differ and many claims are preempted).
  negotiator::Accountant carried(policy);
  carried.Initialize(now);
  classad::Result<negotiator::CycleResult> ran = running.RunCycle(pool, carried, now);
  if (!ran.ok()) return fail(ran.status());
  if (classad::Status c = negotiator::ApplyMatches(*ran, now, &pool); !c.ok()) return fail(c);
  const negotiator::AccountantSnapshot after = carried.Snapshot();
  Figures next;
  for (int r = 0; r < runs; ++r) {
    negotiator::Accountant accountant(policy);
    accountant.Restore(after);
    classad::Result<negotiator::CycleResult> result = running.RunCycle(pool, accountant, now + 600);
    if (!result.ok()) return fail(result.status());
    next.Add(std::move(result).value());
  }
  next.Print("cycle 3, the next (cycle 2's matches claimed, 10 minutes later)", threads);

  // 4. Stepping: cycle 3's matches claimed, then a cycle 60 s later.
  negotiator::Accountant stepped(policy);
  stepped.Restore(after);
  int64_t t = now + 600;
  classad::Result<negotiator::CycleResult> third = running.RunCycle(pool, stepped, t);
  if (!third.ok()) return fail(third.status());
  Clock::time_point applied = Clock::now();
  if (classad::Status c = negotiator::ApplyMatches(*third, t, &pool); !c.ok()) return fail(c);
  std::printf("stepping: %zu matches claimed in %.0f ms\n", third->matches.size(),
              Millis(Clock::now() - applied));
  t += 60;
  Figures quiet;
  {
    classad::Result<negotiator::CycleResult> result = running.RunCycle(pool, stepped, t);
    if (!result.ok()) return fail(result.status());
    quiet.Add(std::move(result).value());
  }
  quiet.Print("cycle 4, 60 s later, nothing changed but the claims", threads);

  // 5. 1 % of the jobs change: running jobs finish, new idle jobs arrive.
  const size_t churn = pool.present_jobs() / 100;
  Clock::time_point changed = Clock::now();
  size_t finished = 0;
  for (negotiator::JobId j = 0; j < pool.jobs().size() && finished < churn; ++j) {
    const negotiator::PoolJob& job = pool.jobs()[j];
    if (!job.present || job.status != 2) continue;
    if (classad::Status s = pool.RemoveJob(j, t); !s.ok()) return fail(s);
    ++finished;
  }
  size_t arrived = 0;
  int64_t next_cluster = 1000000000;
  for (negotiator::JobId j = 0; j < pool.jobs().size() && arrived < churn; ++j) {
    const negotiator::PoolJob& job = pool.jobs()[j];
    if (!job.present || job.status != 1) continue;
    // The pool may hold the job's ad cut to what it reads: what it keeps
    // of the job besides is set again.
    auto copy = std::make_shared<classad::ClassAd>(*job.ad);
    copy->InsertValue("ClusterId", classad::Value::Integer(next_cluster++));
    copy->InsertValue("ProcId", classad::Value::Integer(0));
    copy->InsertValue("JobStatus", classad::Value::Integer(1));
    copy->InsertValue("JobPrio", classad::Value::Integer(job.prio));
    auto added = pool.AddJob(std::move(copy), "arrival");
    if (!added.ok()) return fail(added.status());
    ++arrived;
  }
  std::printf("stepping: %zu jobs finished and %zu arrived in %.0f ms\n", finished, arrived,
              Millis(Clock::now() - changed));
  t += 60;
  Figures churned;
  {
    classad::Result<negotiator::CycleResult> result = running.RunCycle(pool, stepped, t);
    if (!result.ok()) return fail(result.status());
    churned.Add(std::move(result).value());
  }
  churned.Print("cycle 5, 60 s later, after 1 % of the jobs changed", threads);

  // 6. Nothing changed but time: the same pool (cycle 5's matches not
  // claimed, as when the schedds have not acted yet) to the same
  // negotiator and accountant, 60 s after the last cycle each time.
  Figures repeated;
  for (int r = 0; r < runs; ++r) {
    t += 60;
    classad::Result<negotiator::CycleResult> result = running.RunCycle(pool, stepped, t);
    if (!result.ok()) return fail(result.status());
    repeated.Add(std::move(result).value());
  }
  repeated.Print("cycle 6, 60 s later each time, nothing changed but the time", threads);
  return 0;
}
