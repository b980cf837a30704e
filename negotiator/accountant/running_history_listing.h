// The accountant's running-jobs history (RunningJobsRecord, kept since the
// store's schema v3 for DIRAC's share corrector) listed for people and
// programs: `userprio -runninghistory` prints it as a table or as JSON
// (docs/userprio.md). Pure functions over the records; thread-safe.
#ifndef NEGOTIATOR_ACCOUNTANT_RUNNING_HISTORY_LISTING_H_
#define NEGOTIATOR_ACCOUNTANT_RUNNING_HISTORY_LISTING_H_

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "negotiator/accountant/records.h"

namespace negotiator {

// The samples of `history` taken at or after `since` whose group or user
// is one of `names` (all when `names` is empty), in `history`'s order
// (time, group, user).
std::vector<RunningJobsRecord> SelectRunningHistory(std::span<const RunningJobsRecord> history,
                                                    const std::vector<std::string>& names,
                                                    int64_t since);

// `records` as a table, one line per sample under a heading: the time
// (`date` renders it), the group, the user ("-" for the group as a
// whole), running jobs and jobs in every status; then a line counting the
// samples and the cycles they come from. Ends with a newline.
std::string RunningHistoryText(std::span<const RunningJobsRecord> records,
                               const std::function<std::string(int64_t)>& date);

// `records` as one JSON document: {"running_history": [{"time": epoch,
// "group": ..., "user": ... (null for the group as a whole), "running":
// ..., "jobs": ...}, ...]}, ending with a newline.
std::string RunningHistoryJson(std::span<const RunningJobsRecord> records);

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_RUNNING_HISTORY_LISTING_H_
