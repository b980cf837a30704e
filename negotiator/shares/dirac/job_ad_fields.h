// How an HTCondor job ad stands for a DIRAC job (docs/dirac.md, "From job
// ads to task queues"): the task-queue fields DIRAC groups jobs by and the
// JDL priority, read from the attributes below. One home for the mapping.
//
//   owner        Owner (a string), else the submitter's name
//   group        DiracGroup, else AcctGroup, else AccountingGroup without
//                its last ".user" part, else "<none>" (no group: not in
//                the Registry, so share 1000)
//   CPU time     CPUTime in seconds (DIRAC's JDL name), else
//                MaxWallTimeMins × 60, else 86400; fitted to DIRAC's
//                default segments
//   sites        Site; banned sites BannedSite; grid CEs GridCE;
//                platforms Platform; job types JobType; tags Tags: each a
//                ClassAd list of strings or one string split at ','
//   priority     Priority (DIRAC's JDL name, its integer part), else JobPrio
#ifndef NEGOTIATOR_SHARES_DIRAC_JOB_AD_FIELDS_H_
#define NEGOTIATOR_SHARES_DIRAC_JOB_AD_FIELDS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "negotiator/shares/dirac/task_queues.h"

namespace negotiator::dirac {

// The CPU time taken for a job that states none (a day).
inline constexpr int64_t kDefaultJobCpuTime = 86400;
// The group of a job that names none.
inline constexpr std::string_view kNoGroup = "<none>";

// A job's task-queue fields and priority. Plain value type.
struct DiracJobFields {
  // The task queue the job belongs in: owner, group and the requirements
  // (CPU time fitted to a segment); no id and no jobs.
  TaskQueue queue;
  int64_t priority = 0;  // the JDL priority
};

// Reads `job`'s fields as the file comment says; `job_prio` is its JobPrio
// (the pool's reading) and `submitter` its submitter name. Values of the
// wrong type are treated as missing. Evaluated with `options` (the
// cycle's clock). Never fails; thread-safe for distinct outputs.
DiracJobFields ReadDiracJobFields(const classad::ClassAd& job, int64_t job_prio,
                                  std::string_view submitter,
                                  const classad::EvalOptions& options = {});

}  // namespace negotiator::dirac

#endif  // NEGOTIATOR_SHARES_DIRAC_JOB_AD_FIELDS_H_
