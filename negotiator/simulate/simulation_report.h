// What a simulation's record says, as figures and files: the metrics
// summary (waits, slowdown, utilisation, preemptions and badput, fairness
// of the groups' usage against their quotas), the per-cycle series and the
// events as CSV, the summary as JSON and text.
//
// Definitions (docs/simulate.md):
// - wait: first start − arrival (QDate), over the jobs that started;
//   jobs still idle at the end are counted apart with the wait so far;
// - bounded slowdown (completed jobs): max(1, (completion − arrival) /
//   max(run time, 10 s));
// - utilisation: slot weight claimed after each cycle over the pool's, summed
//   over the cycles;
// - badput: run time lost to preemption, in slot-weight hours (core-hours
//   with SlotWeight = Cpus);
// - per group (with group quotas), over the cycles where it had jobs:
//   usage / quota (its mean is the group's x in Jain's index (Σx)² / (n·Σx²)),
//   and its share of the pool minus its quota's share (mean and largest
//   absolute deviation).
// Percentiles are nearest-rank. Pure functions; thread-safe.
#ifndef NEGOTIATOR_SIMULATE_SIMULATION_REPORT_H_
#define NEGOTIATOR_SIMULATE_SIMULATION_REPORT_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "negotiator/simulate/simulation.h"

namespace negotiator {

// Distribution of waits (seconds).
struct WaitFigures {
  int64_t jobs = 0;
  double mean = 0;
  int64_t p50 = 0, p95 = 0, p99 = 0, max = 0;
};

// The figures of one submitter or group.
struct PartyFigures {
  std::string name;
  int64_t arrived = 0, done = 0, running = 0, idle = 0;
  WaitFigures wait;             // of the jobs that started
  double mean_bounded_slowdown = 0;  // of the completed jobs (0 when none)
  int64_t preemptions = 0;
  double badput_hours = 0;
  // Groups only, over the cycles where the group had jobs.
  double quota = 0;             // mean effective quota
  double usage_over_quota = 0;  // mean running weight / quota (0 when no quota)
  double mean_share_deviation = 0;
  double max_share_deviation = 0;
};

struct SimulationMetrics {
  int64_t start = 0, end = 0, interval = 0, cycles = 0;
  // Nothing lost: arrived == done + running + idle.
  int64_t arrived = 0, done = 0, running = 0, idle = 0;
  int64_t refused_by_pool = 0, running_without_slot = 0, claims_ended_at_start = 0;
  int64_t matches = 0, preemptions = 0, claims_reused = 0, refused_claims = 0;
  int64_t max_running = 0;         // the most jobs running after a cycle
  WaitFigures wait;                // every job that started
  WaitFigures waiting_at_end;      // jobs never started: their wait so far
  double mean_bounded_slowdown = 0;
  double utilisation = 0;
  double badput_hours = 0;
  double jain_fairness = 0;        // of the groups' usage / quota (1 without groups)
  std::vector<PartyFigures> groups;      // with group quotas, in GROUP_NAMES order
  std::vector<PartyFigures> submitters;  // by name
  WorkloadCounts workload;
  std::vector<classad::Quirk> quirks;
};

// The `fraction` (0 < fraction <= 1) percentile of `sorted` (ascending,
// not empty) by nearest rank: the value at rank ceil(fraction · n). The
// one definition every figure and `negotiator test` uses.
template <typename T>
T NearestRank(const std::vector<T>& sorted, double fraction) {
  const size_t rank =
      static_cast<size_t>(std::ceil(fraction * static_cast<double>(sorted.size())));
  return sorted[std::min(sorted.size(), std::max<size_t>(rank, 1)) - 1];
}

// The run `job` lost to preemption, in slot-weight hours (badput).
inline double BadputHours(const JobOutcome& job) {
  return static_cast<double>(job.lost_seconds) * job.weight / 3600.0;
}

// The figures of `result`.
SimulationMetrics ComputeMetrics(const SimulationResult& result);

// One CSV line per cycle and party: time,kind(submitter|group),name,group,
// running,running_weight,idle,rup,eup,quota,allocated,matches,preempted.
void WriteSeriesCsv(const SimulationResult& result, std::ostream& out);
// One CSV line per event: time,event,job,submitter,slot,detail.
void WriteEventsCsv(const SimulationResult& result, std::ostream& out);
// The metrics as one JSON document, and as text tables.
std::string FormatMetricsJson(const SimulationMetrics& metrics);
std::string FormatMetricsText(const SimulationMetrics& metrics);

// What the share model recorded in the simulation's last cycle
// (SimulationResult::last_share_records), rendered by
// explain/dirac_report.h: as text under a line naming the cycle's time,
// and as one JSON object {"time": T, "records": [...]}. Empty text when the
// model recorded nothing (HTCondor's pie). Pure functions.
std::string FormatLastShareRecordsText(const SimulationResult& result);
std::string FormatLastShareRecordsJson(const SimulationResult& result);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_SIMULATION_REPORT_H_
