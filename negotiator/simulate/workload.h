// A workload: the jobs a simulation submits, each with the time it arrives
// and how long it runs once started, read from the files an administrator
// has: job ads with their history (`condor_history -long` or `-json`,
// history_workload.h) or a trace of the Parallel Workloads Archive's
// Standard Workload Format (swf_workload.h).
//
// A workload is plain data, built once by a reader and then read by the
// simulator; it owns its ads (shared, immutable).
#ifndef NEGOTIATOR_SIMULATE_WORKLOAD_H_
#define NEGOTIATOR_SIMULATE_WORKLOAD_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "classad/classad.h"

namespace negotiator {

// What a job is doing when the simulation starts.
enum class WorkloadState {
  kArrives,  // submitted at `arrival` (before the start: idle at the start)
  kRunning,  // running at the start, since `started`
};

// One job of a workload.
struct WorkloadJob {
  // The job as its schedd would send it to the negotiator: JobStatus 1
  // (idle), QDate the arrival time. Never null.
  std::shared_ptr<const classad::ClassAd> ad;
  int64_t arrival = 0;  // QDate
  // Seconds of running the job needs to complete; nullopt when the input
  // does not say (the job then runs until the simulation ends).
  std::optional<int64_t> run_time;
  WorkloadState state = WorkloadState::kArrives;
  int64_t started = 0;      // kRunning: when its current run began (JobCurrentStartDate)
  std::string remote_host;  // kRunning: the slot it runs on (RemoteHost), may be empty
  std::string origin;       // where it was read ("file:line"), for messages
};

// What reading found, for the simulation's report: every input record is
// either a job of the workload or counted under a reason in `skipped`.
struct WorkloadCounts {
  size_t records = 0;  // ads or data lines read
  size_t jobs = 0;     // jobs in the workload
  size_t with_run_time = 0;
  size_t running_at_start = 0;
  // Records left out, by reason ("removed", "held", "cancelled before it
  // ran", ...): records == jobs + the sum of these.
  std::map<std::string, size_t> skipped;
  // Jobs whose reading took a default, by what was assumed ("no processor
  // count: 1", ...): they are in the workload.
  std::map<std::string, size_t> assumed;
};

struct Workload {
  // In order of arrival; jobs arriving at the same second in input order.
  std::vector<WorkloadJob> jobs;
  WorkloadCounts counts;
};

// Sorts `workload->jobs` by arrival, keeping input order among equal
// arrivals, and sets counts.jobs, with_run_time and running_at_start from
// them. Readers call it last.
void FinishWorkload(Workload* workload);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_WORKLOAD_H_
