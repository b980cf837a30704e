// Simulate: a pool driven through days of negotiation cycles under a
// policy, with a workload's jobs arriving, running and completing, and
// what happened recorded cycle by cycle.
//
// The model (docs/simulate.md says what it leaves out):
// - Cycles run every `interval` seconds of simulated time from `start`
//   to `start + duration`, each one Negotiator::RunCycle over the pool with
//   the accountant, which ages priorities and charges the claims as
//   HTCondor's does (UpdatePriorities, CheckMatches: a claim is charged
//   until the first cycle that no longer sees it).
// - Before each cycle, what happened since the last one, in time order
//   (completions before arrivals within a second): jobs arrive at their
//   QDate; running jobs complete once they have run for their run time.
// - A match becomes a claim at the cycle's time (ApplyMatches): a
//   partitionable slot is carved; a preempted job goes back to idle and
//   its run so far is lost (badput); it runs its whole run time again when
//   next started.
// - When a job completes (unless the share model pulls: then the slot is
//   free for the next cycle's draw, ShareModel::ReusesClaims), its schedd
//   reuses the claim for the submitter's
//   next idle job, as HTCondor's does by default (FindRunnableJob): the
//   first, in offer order, whose Requirements and the slot's match, whose
//   Rank by the slot is at least the claim's CurrentRank and whose
//   concurrency limits are the claim's (CLAIM_RECYCLING_CONSIDER_LIMITS),
//   while the claim is at most CLAIM_WORKLIFE seconds old. Otherwise the
//   claim ends and the slot is free (a dynamic slot's resources go back).
// - The workload says what runs: the claims the slot ads show end at the
//   start (counted), and the workload's jobs running at the start are put
//   on their RemoteHost (a dynamic slot name not in the pool: carved from
//   its partitionable slot) from their start; when that slot cannot take
//   them they arrive idle at the start, counted.
// Ties are broken as the negotiator breaks them: the same inputs always
// give the same result.
#ifndef NEGOTIATOR_SIMULATE_SIMULATION_H_
#define NEGOTIATOR_SIMULATE_SIMULATION_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "classad/quirks.h"
#include "classad/status.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/cycle.h"
#include "negotiator/pool/pool.h"
#include "negotiator/simulate/workload.h"
#include "policy/policy.h"

namespace negotiator {

struct SimulationOptions {
  int64_t start = 0;     // the first cycle's time
  int64_t duration = 0;  // seconds simulated after it (cycles at start + k·interval ≤ start + duration)
  int64_t interval = 0;  // seconds between cycles; 0: NEGOTIATOR_INTERVAL
  // The schedd reuses claims (as HTCondor's does); false: every claim ends
  // with its job. A share model that does not reuse claims
  // (ShareModel::ReusesClaims, DIRAC's pilots) overrides it: with that
  // model every claim ends with its job.
  bool claim_reuse = true;
  // The first cycle runs as a negotiator's first after a start: no previous
  // quota map, so RemoteGroup and RemoteGroupQuota are undefined in it.
  // false: the accountant's stored group quota table is that map, as in a
  // negotiator that has been running (Negotiator::ResumeWithQuotaMap).
  bool restarted = false;
  int threads = 2;  // the negotiator's (NegotiatorOptions::threads)
  // The negotiator's share model (NegotiatorOptions::share_model); null:
  // HTCondor's pie.
  std::shared_ptr<const ShareModel> share_model;
  // The most cycles a simulation runs (duration / interval + 1): a bound
  // on hostile options (a century of one-second cycles); 10^6 cycles is
  // about two years of one-minute cycles.
  int64_t max_cycles = 1000000;
  // Called after each cycle with the cycle's number (from 1), the number
  // of cycles in all and its time; for progress bars. May be empty.
  std::function<void(int64_t cycle, int64_t cycles, int64_t time)> progress;
};

// One submitter after one cycle.
struct SubmitterSample {
  std::string name;
  std::string group;     // its assigned group ("<none>" without one)
  int64_t running = 0;   // jobs running after the cycle's matches became claims
  double running_weight = 0;  // the slot weight they hold
  int64_t idle = 0;
  double rup = 0;  // real and effective priority after the cycle
  double eup = 0;
  int64_t matches = 0;      // matches it got in the cycle
  int64_t preempted = 0;    // its jobs preempted in the cycle
};

// One group after one cycle (with group quotas).
struct GroupSample {
  std::string name;
  double quota = 0;      // the effective quota of the cycle
  double allocated = 0;  // the last allocation round's allocation
  double demand = 0;
  int64_t running = 0;
  double running_weight = 0;
  int64_t idle = 0;
  int64_t matches = 0;
  int64_t preempted = 0;
};

// One cycle.
struct CycleSample {
  int64_t time = 0;
  double pool_weight = 0;  // the pie (slot weights of the pool)
  double busy_weight = 0;  // slot weight claimed after the cycle
  int64_t arrivals = 0;    // since the previous cycle
  int64_t completions = 0;
  int64_t claims_reused = 0;
  int64_t matches = 0;
  int64_t preemptions = 0;
  int64_t refused = 0;  // matches a partitionable slot could not hold
  CyclePhases phases;  // the negotiation cycle's own time, by phase (ms; not deterministic)
  std::vector<SubmitterSample> submitters;  // by name
  std::vector<GroupSample> groups;          // in GROUP_NAMES order, the root first
};

enum class EventKind { kArrival, kStart, kPreemption, kCompletion };
// "arrival", "start", "preemption", "completion".
const char* EventKindName(EventKind kind);

struct SimulationEvent {
  int64_t time = 0;
  EventKind kind = EventKind::kArrival;
  std::string job;        // ClusterId.ProcId
  std::string submitter;  // the job's
  std::string slot;       // start, preemption, completion: the slot
  // start: "match", "reuse" or "running at start"; preemption: the
  // submitter it was preempted for.
  std::string detail;
};

// Every job that arrived, at the end.
enum class JobEnd { kDone, kRunning, kIdle };
struct JobOutcome {
  std::string id;
  std::string submitter;
  std::string group;
  int64_t arrival = 0;
  int64_t first_start = -1;  // -1: never started
  int64_t end = -1;          // kDone: when it completed
  int64_t run_time = -1;     // -1: unknown
  double weight = 1;         // the slot weight of its last slot (1 before it ran)
  int64_t preemptions = 0;
  int64_t lost_seconds = 0;  // run time lost to preemption
  JobEnd state = JobEnd::kIdle;
};

struct SimulationResult {
  int64_t start = 0;
  int64_t end = 0;  // the last cycle's time
  int64_t interval = 0;
  std::vector<CycleSample> cycles;
  std::vector<SimulationEvent> events;  // in time order
  std::vector<JobOutcome> jobs;         // in arrival order
  WorkloadCounts workload;
  // Workload jobs the pool's job constraint left out (never arrived), and
  // jobs running at the start whose slot was not free (arrived idle).
  int64_t refused_by_pool = 0;
  int64_t running_without_slot = 0;
  int64_t claims_ended_at_start = 0;  // claims the slot ads showed
  // HTCondor quirks any cycle's decisions went through (CycleResult::quirks).
  std::vector<classad::Quirk> quirks;
  // What the share model recorded in the last cycle (CycleResult::
  // share_records: DIRAC's task queues step by step; empty under
  // HTCondor's pie) and that cycle's time. Only the last cycle's are kept:
  // a week of one-minute cycles would hold 10,080 of them.
  std::vector<std::shared_ptr<const ShareRecords>> last_share_records;
  int64_t last_share_records_time = 0;
};

// Runs the simulation over `pool` (its slots; it must hold no jobs: the
// workload's are added to it) with `accountant` (changed as the cycles
// change it) under `policy` (the pool's). Errors: options out of range (a
// negative duration, more than max_cycles cycles) or a pool with jobs
// (kInvalidArgument); a cycle's or the pool's error,
// returned as is. Not thread-safe for the pool and the accountant.
classad::Result<SimulationResult> Simulate(std::shared_ptr<const policy::Policy> policy,
                                           const Workload& workload,
                                           const SimulationOptions& options, Pool* pool,
                                           Accountant* accountant);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_SIMULATION_H_
