// DIRAC's task queues (TaskQueueDB; ../shared/reference/dirac-shares.md
// "Entities and inputs" and §1): the waiting jobs of one owner and one
// group that share the same requirements, and the weight a job's JDL
// priority gives it.
#ifndef NEGOTIATOR_SHARES_DIRAC_TASK_QUEUES_H_
#define NEGOTIATOR_SHARES_DIRAC_TASK_QUEUES_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace negotiator::dirac {

// One waiting job of a task queue.
struct DiracJob {
  int64_t id = 0;        // DIRAC's JobID
  int64_t priority = 0;  // the integer part of the JDL Priority (0 when missing)
};

// One task queue. Plain value type.
struct TaskQueue {
  int64_t id = 0;  // TQId
  std::string owner;
  std::string group;
  // The requirements DIRAC groups jobs by. CPU time is the task queue's,
  // already fitted to a segment (FitCpuTimeToSegment).
  int64_t cpu_time = 0;
  std::vector<std::string> sites;
  std::vector<std::string> banned_sites;
  std::vector<std::string> grid_ces;
  std::vector<std::string> platforms;
  std::vector<std::string> job_types;
  std::vector<std::string> tags;
  // Its jobs; empty for a task queue row whose jobs are gone but which
  // DIRAC has not deleted yet (it waits 300 s): such a row still counts
  // its owner in the group's U (dirac-shares.md §3.2) and keeps its stored
  // priority.
  std::vector<DiracJob> jobs;
};

// DIRAC's weights of job priorities (TaskQueueDB's RealPriority).
inline constexpr double kLowestJobWeight = 1e-5;   // priority 0 or below
inline constexpr double kHighestJobWeight = 1e6;   // priority 10 or above

// The weight of a job of JDL priority `priority` (§1): 1e-5 for 0 and
// below, the priority itself for 1 to 9, 1e6 for 10 and above.
double JobPriorityWeight(int64_t priority);

// DIRAC's default CPU-time segments in seconds (6 min, 30 min, 1 h, 6 h,
// 12 h, 1 to 10 days, 12.5 days).
std::span<const int64_t> DefaultCpuTimeSegments();

// The segment a job's CPU time is fitted to (TaskQueueDB.fitCPUTimeToSegments):
// the first segment at or above `cpu_time`, else the last. `segments` must
// be non-empty and increasing (DIRAC falls back to the defaults otherwise;
// so does this function).
int64_t FitCpuTimeToSegment(int64_t cpu_time,
                            std::span<const int64_t> segments = DefaultCpuTimeSegments());

// What DIRAC compares to merge task queues (TaskQueueDB.calculate_priority):
// everything but the sites and banned sites — owner, group, CPU time,
// grid CEs, platforms, job types and tags, each list taken as a set. Two
// task queues with the same key are merged.
std::string MergeKey(const TaskQueue& task_queue);

// What makes two jobs one task queue in DIRAC: MergeKey's fields and the
// sites and banned sites (each list taken as a set).
std::string TaskQueueKey(const TaskQueue& task_queue);

}  // namespace negotiator::dirac

#endif  // NEGOTIATOR_SHARES_DIRAC_TASK_QUEUES_H_
