// The cycle's submitters and autoclusters, built from a pool's job ads as
// HTCondor's schedd builds them before it negotiates.
//
// Submitters: one per submitter name (submitter_identity.h), with the
// counts of its submitter ad (IdleJobs, RunningJobs and their weighted
// sums) and its idle jobs in the order the schedd offers them: JobPrio
// descending, then submission order (ClusterId, ProcId ascending).
//
// Autoclusters: idle jobs that no expression of the cycle can tell apart
// share one autocluster, so that each autocluster is matched once. Two
// jobs are in one autocluster when they agree on every significant
// attribute: SIGNIFICANT_ATTRIBUTES; Requirements, Rank and
// ConcurrencyLimits; what those read from the job (followed through the
// job's own expressions); and what the slots' expressions and the
// negotiator's policy expressions read from a job (TARGET.x), followed the
// same way. With NEGOTIATE_ALL_JOBS_IN_CLUSTER every job is its own
// autocluster.
#ifndef NEGOTIATOR_SUBMITTERS_H_
#define NEGOTIATOR_SUBMITTERS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "negotiator/pool.h"
#include "policy/policy.h"

namespace negotiator {

// One submitter (HTCondor's submitter ad, as the schedd would send it).
struct Submitter {
  std::string name;
  int group = 0;                    // the assigned group (index in the tree)
  std::vector<uint32_t> idle_jobs;  // indices into Pool::jobs(), in offer order
  int64_t idle = 0;                 // IdleJobs
  int64_t running = 0;              // RunningJobs
  double weighted_idle = 0;         // WeightedIdleJobs
  double weighted_running = 0;      // WeightedRunningJobs
};

// The submitters of `pool`'s idle and running jobs, sorted by name. A
// submitter with neither is not listed (HTCondor drops such ads).
std::vector<Submitter> BuildSubmitters(const Pool& pool);

// The autoclusters of a pool's idle jobs.
//
// Autoclusters that differ only in what matching never reads (their
// ConcurrencyLimits, what PREEMPTION_REQUIREMENTS and PREEMPTION_RANK read
// from the job: both are evaluated per request) share a match class: the
// same slots match them, with the same ranks, so the matchmaker finds
// those once per class. A match class compares Requirements and Rank, what
// they read from the job, and what the slots' Requirements and Rank and
// NEGOTIATOR_PRE/POST_JOB_RANK read from a job.
struct Autoclusters {
  static constexpr uint32_t kNone = UINT32_MAX;
  std::vector<uint32_t> of_job;                // job index -> autocluster (kNone: not idle)
  std::vector<uint32_t> representative;        // autocluster -> its first job's index
  std::vector<std::string> significant;        // the names that were compared, sorted
  std::vector<uint32_t> match_class;           // autocluster -> its match class
  std::vector<uint32_t> class_representative;  // match class -> its first job's index
};

// Groups `pool`'s idle jobs into autoclusters (see the file comment), on
// `threads` threads; the numbering does not depend on them (autoclusters
// and classes in the order of their first jobs). Thread-safe for a pool
// no one changes.
Autoclusters BuildAutoclusters(const Pool& pool, int threads = 1);

}  // namespace negotiator

#endif  // NEGOTIATOR_SUBMITTERS_H_
