// A workload from job ads with their history: what `condor_history -long`
// or `-json` prints (completed and removed jobs), or `condor_q -long` (jobs
// idle, running or held now), in any format the ad readers take.
//
// Each ad is one job (ClusterId.ProcId), by its JobStatus:
//   4 completed:  arrives at QDate and, once matched, runs for its run time
//                 (below); one whose run time cannot be told is skipped and
//                 counted;
//   1 idle:       arrives at QDate; runs until the simulation ends unless
//                 HistoryWorkloadOptions::run_time_attribute says;
//   2 running, 6 transferring output: running at the start since
//                 JobCurrentStartDate, on RemoteHost; its run time as for
//                 idle jobs;
//   3 removed, 5 held, 7 suspended: skipped and counted (not demand the
//                 negotiator sees).
// The run time of a completed job is CompletionDate - JobCurrentStartDate
// when both are set: the run that completed (runs lost to preemption
// before it are the simulation's to model); else RemoteWallClockTime,
// which counts those lost runs too. `run_time_attribute` names another
// attribute (seconds) instead, for every job.
//
// Errors (with the file and the line where the ad begins, and the job's id):
// the readers' own, a job without an integer ClusterId, ProcId, JobStatus
// or QDate, a running job without JobCurrentStartDate, a JobStatus that is
// not a job state, a negative run time. Thread-safe.
#ifndef NEGOTIATOR_SIMULATE_HISTORY_WORKLOAD_H_
#define NEGOTIATOR_SIMULATE_HISTORY_WORKLOAD_H_

#include <string>
#include <string_view>

#include "classad/ad_io.h"
#include "classad/status.h"
#include "negotiator/simulate/workload.h"

namespace negotiator {

struct HistoryWorkloadOptions {
  // The attribute holding each job's run time in seconds; empty: the rule
  // above. A job without it is skipped and counted.
  std::string run_time_attribute;
  classad::AdReadOptions read;
};

// Reads the file at `path`.
classad::Result<Workload> ReadHistoryWorkload(const std::string& path,
                                              const HistoryWorkloadOptions& options = {});

// Reads `text`; `source_name` names it in errors and origins.
classad::Result<Workload> ReadHistoryWorkloadText(std::string_view text,
                                                  const std::string& source_name,
                                                  const HistoryWorkloadOptions& options = {});

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_HISTORY_WORKLOAD_H_
