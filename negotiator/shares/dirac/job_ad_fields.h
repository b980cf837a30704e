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

namespace negotiator::dirac {

// The CPU time taken for a job that states none (a day).
inline constexpr int64_t kDefaultJobCpuTime = 86400;
// The group of a job that names none.
inline constexpr std::string_view kNoGroup = "<none>";

// A job's task-queue fields. Plain value type.
struct DiracJobFields {
  std::string owner;
  std::string group;
  int64_t cpu_time = 0;  // fitted to a segment
  std::vector<std::string> sites;
  std::vector<std::string> banned_sites;
  std::vector<std::string> grid_ces;
  std::vector<std::string> platforms;
  std::vector<std::string> job_types;
  std::vector<std::string> tags;
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
