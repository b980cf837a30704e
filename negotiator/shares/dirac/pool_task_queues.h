// The task queues of one negotiation, formed from the idle jobs of the
// submitters it shares (docs/dirac.md, "From job ads to task queues"): a
// queue per submitter, DIRAC fields (job_ad_fields.h: owner, group, CPU
// time, sites, banned sites, grid CEs, platforms, job types, tags) and
// match class. The match class stands for the requirements DIRAC's matcher
// filters by (jobs of one class match every slot alike), so a pilot can
// run either all of a queue's jobs or none; queues that differ only in it
// (or in sites) are merged for their priorities, as DIRAC merges queues
// that differ only in where they may run.
#ifndef NEGOTIATOR_SHARES_DIRAC_POOL_TASK_QUEUES_H_
#define NEGOTIATOR_SHARES_DIRAC_POOL_TASK_QUEUES_H_

#include <cstdint>
#include <span>
#include <vector>

#include "classad/evaluator.h"
#include "negotiator/pool/pool.h"
#include "negotiator/pool/submitters.h"
#include "negotiator/shares/dirac/task_queues.h"
#include "negotiator/shares/share_model.h"

namespace negotiator::dirac {

// A negotiation's task queues and where their jobs are in the pool.
struct PoolTaskQueues {
  // Ids 1, 2, ... in the order of their first job (DIRAC creates a queue
  // with its first job). A job's DIRAC id is its rank among the idle jobs
  // given, by ClusterId then ProcId (DIRAC's ids grow with submission).
  std::vector<TaskQueue> queues;
  std::vector<uint32_t> submitter;            // by queue: index into the submitters
  std::vector<std::vector<JobId>> pool_jobs;  // by queue: the pool job of each of its jobs
};

// Forms the task queues of the idle jobs of `members` (indices into
// `submitters`, which index `pool`'s jobs), with match classes from
// `negotiation` and job attributes evaluated with `options`. Pure apart
// from reading; never fails.
PoolTaskQueues FormTaskQueues(const Pool& pool, const std::vector<Submitter>& submitters,
                              std::span<const uint32_t> members,
                              const SubmitterNegotiation& negotiation,
                              const classad::EvalOptions& options = {});

}  // namespace negotiator::dirac

#endif  // NEGOTIATOR_SHARES_DIRAC_POOL_TASK_QUEUES_H_
