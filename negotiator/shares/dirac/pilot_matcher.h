// How a DIRAC pilot picks work (TaskQueueDB.matchAndGetJob;
// ../shared/reference/dirac-shares.md §5): among the task queues it can
// run, MySQL orders them by RAND() / Priority and the first 10 are tried in
// that order, the first that yields a job winning; inside the queue a job
// priority value is drawn by RAND() / weight over its jobs, then one job
// at random among the 50 lowest job ids with that value.
//
// Two forms: the expected value (each queue's probability of coming first,
// in closed form, for tests and reports) and seeded draws (the same seed
// gives the same choices). The filter (which queues a resource can run) is
// the caller's.
#ifndef NEGOTIATOR_SHARES_DIRAC_PILOT_MATCHER_H_
#define NEGOTIATOR_SHARES_DIRAC_PILOT_MATCHER_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "negotiator/shares/dirac/task_queues.h"

namespace negotiator::dirac {

// DIRAC's matcher constants.
inline constexpr size_t kTaskQueuesTriedPerMatch = 10;  // numQueuesPerTry
inline constexpr size_t kJobsDrawnAmong = 50;           // numJobsPerTry

// The probability that each queue comes first under ORDER BY RAND() / P:
// for queue i, the integral over x from 0 to 1/Pᵢ of
// Pᵢ · Π_{j≠i} max(0, 1 − Pⱼ·x). Not proportional to priority: two queues
// at 3:1 give 0.8333… and 0.1666…. `priorities` must be positive (DIRAC's
// are at least 0.001); an empty span gives an empty result. The first key
// is at most 1/P_max, where every integrand is a polynomial of degree
// n − 1, integrated exactly (up to rounding) by Gauss–Legendre quadrature
// of n/2 + 1 points: cost O(n²) for n queues. Pure.
std::vector<double> FirstChoiceProbabilities(std::span<const double> priorities);

// A job chosen inside a task queue.
struct JobChoice {
  size_t job = 0;          // index into the queue's jobs
  int64_t priority = 0;    // the JDL priority value drawn
  size_t candidates = 0;   // jobs with that value among which it was drawn (≤ 50)
};

// The jobs of one task queue that no pilot has taken yet, kept for the
// pilots' draws: per JDL priority value, its jobs in job-id order, the 50
// lowest ids still there (those DIRAC draws among) apart. Built in
// O(n log n) for n jobs; a draw (PilotDraws::PickJob) then costs O(values
// + 50) whatever n. Copies of the queue's values only; plain value type.
class JobsLeft {
 public:
  explicit JobsLeft(const TaskQueue& task_queue);

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // One job still there (an index into the queue's jobs); must not be
  // empty().
  size_t AnyJob() const;

 private:
  friend class PilotDraws;
  struct Value {
    int64_t priority = 0;
    double weight = 0;           // JobPriorityWeight(priority)
    std::vector<size_t> by_id;   // the value's jobs (indices) in job-id order
    size_t next = 0;             // by_id[next...] have not entered the window
    std::vector<size_t> window;  // the lowest ids still there, at most 50, in id order
    size_t Left() const { return window.size() + by_id.size() - next; }
  };
  std::vector<Value> values_;  // in the order of their first job in the queue
  size_t size_ = 0;
};

// Seeded draws of DIRAC's random choices. RAND() is a double in [0, 1)
// from the top 53 bits of a std::mt19937_64 output; integers are drawn
// without bias by rejection. The same seed and calls give the same
// results on every platform. Not thread-safe (it holds the generator).
class PilotDraws {
 public:
  explicit PilotDraws(uint64_t seed) : generator_(seed) {}

  // The order in which a pilot tries the queues of `priorities` (indices):
  // ascending RAND() / Pᵢ, at most `limit` of them (DIRAC's 10).
  std::vector<size_t> TaskQueueOrder(std::span<const double> priorities,
                                     size_t limit = kTaskQueuesTriedPerMatch);

  // The job a pilot takes from `*jobs` (taken out of it), or nullopt
  // when none is left: the priority value of the job with the lowest
  // RAND() / weight, then one at random among the 50 lowest ids left with
  // that value. DIRAC's SQL draws RAND() for every job; the lowest of a
  // value's n keys RAND() / w is drawn here at once, as (lowest of n
  // uniforms) / w with the lowest of n uniforms 1 − (1 − RAND())^(1/n):
  // the same distribution from one RAND() per value, so the cost does not
  // grow with the queue. O(values + 50).
  std::optional<JobChoice> PickJob(JobsLeft* jobs);
  // The same from the whole of `task_queue`, which is left as it is.
  std::optional<JobChoice> PickJob(const TaskQueue& task_queue);

  // MySQL's RAND() as modelled: uniform in [0, 1).
  double Rand();
  // Uniform in [0, n), n > 0.
  uint64_t Below(uint64_t n);

 private:
  std::mt19937_64 generator_;
};

}  // namespace negotiator::dirac

#endif  // NEGOTIATOR_SHARES_DIRAC_PILOT_MATCHER_H_
