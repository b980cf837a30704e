// The cycle's submitters, built from a pool's job ads as HTCondor's schedd
// builds its submitter ads before it negotiates: one per submitter name
// (submitter_identity.h), with the counts of its submitter ad (IdleJobs,
// RunningJobs and their weighted sums) and its idle jobs in the order the
// schedd offers them: JobPrio descending, then submission order (ClusterId,
// ProcId ascending).
#ifndef NEGOTIATOR_POOL_SUBMITTERS_H_
#define NEGOTIATOR_POOL_SUBMITTERS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "negotiator/pool/pool.h"

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

// Whether the schedd offers job `a` before job `b` of the same submitter:
// JobPrio descending, then ClusterId and ProcId ascending.
bool OfferedBefore(const PoolJob& a, const PoolJob& b);

// The submitters of `pool`'s idle and running jobs, sorted by name. A
// submitter with neither is not listed (HTCondor drops such ads).
std::vector<Submitter> BuildSubmitters(const Pool& pool);

}  // namespace negotiator

#endif  // NEGOTIATOR_POOL_SUBMITTERS_H_
