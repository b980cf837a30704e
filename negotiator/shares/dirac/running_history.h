// DIRAC's WMSHistory report, from the running-jobs history the accountant
// keeps (Accountant::running_history, one sample per entity per cycle):
// what each cycle records, and each corrector span's average per entity
// (share_corrector.h's SpanHistory), as DIRAC's report gives it
// (../shared/reference/dirac-shares.md §4): running jobs by group for the
// groups' instance, jobs in every status by owner for a group's instance.
#ifndef NEGOTIATOR_SHARES_DIRAC_RUNNING_HISTORY_H_
#define NEGOTIATOR_SHARES_DIRAC_RUNNING_HISTORY_H_

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "classad/evaluator.h"
#include "negotiator/accountant/records.h"
#include "negotiator/pool/pool.h"
#include "negotiator/shares/dirac/share_corrector.h"
#include "policy/dirac/dirac_settings.h"

namespace negotiator::dirac {

// The samples of one cycle at `now`: for each DIRAC group (job_ad_fields.h)
// with jobs in `pool` (idle or running, present), a group row (user empty)
// and a row per owner, each with its running jobs and its jobs in every
// status; sorted by group, then user. Job attributes are evaluated with
// `options`. Never fails.
std::vector<RunningJobsRecord> RunningJobsSamples(const Pool& pool, int64_t now,
                                                  const classad::EvalOptions& options = {});

// The span [now − time_span, now] of `history` (sorted by time) for the
// groups' instance: per group, its running jobs summed over the cycles
// recorded in the span and divided by their number. has_data: some cycle
// was recorded in the span.
SpanHistory GroupSpanHistory(std::span<const RunningJobsRecord> history, int64_t now,
                             int64_t time_span);

// The same for the instance of `group`'s users: per owner of `group`, its
// jobs in every status, averaged over the cycles recorded in the span.
SpanHistory UserSpanHistory(std::span<const RunningJobsRecord> history, std::string_view group,
                            int64_t now, int64_t time_span);

// How long the history must be kept for `settings`: the longest TimeSpan
// of any instance (DIRAC's default, a week, when there is none).
int64_t HistoryRetention(const policy::dirac::DiracSettings& settings);

}  // namespace negotiator::dirac

#endif  // NEGOTIATOR_SHARES_DIRAC_RUNNING_HISTORY_H_
