// Workload (workload.h).
#include "negotiator/simulate/workload.h"

#include <algorithm>

namespace negotiator {

void FinishWorkload(Workload* workload) {
  std::stable_sort(
      workload->jobs.begin(), workload->jobs.end(),
      [](const WorkloadJob& a, const WorkloadJob& b) { return a.arrival < b.arrival; });
  WorkloadCounts& counts = workload->counts;
  counts.jobs = workload->jobs.size();
  counts.with_run_time = 0;
  counts.running_at_start = 0;
  for (const WorkloadJob& job : workload->jobs) {
    if (job.run_time) ++counts.with_run_time;
    if (job.state == WorkloadState::kRunning) ++counts.running_at_start;
  }
}

}  // namespace negotiator
