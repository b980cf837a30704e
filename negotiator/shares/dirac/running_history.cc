// DIRAC's WMSHistory report from the running-jobs history (running_history.h).
#include "negotiator/shares/dirac/running_history.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "negotiator/shares/dirac/job_ad_fields.h"

namespace negotiator::dirac {
namespace {

// Per entity, `value` of the rows `take` accepts in [now − span, now],
// averaged over the distinct times recorded there.
template <typename Take, typename Value>
SpanHistory Average(std::span<const RunningJobsRecord> history, int64_t now, int64_t span,
                    Take take, Value value) {
  SpanHistory out;
  const int64_t from = span > 0 && now > INT64_MIN + span ? now - span : now;
  std::set<int64_t> times;
  std::map<std::string, double> sums;
  for (const RunningJobsRecord& r : history) {
    if (r.time < from || r.time > now) continue;
    times.insert(r.time);
    if (const std::string* entity = take(r)) sums[*entity] += value(r);
  }
  out.has_data = !times.empty();
  for (auto& [entity, sum] : sums) {
    out.average_jobs[entity] = sum / static_cast<double>(times.size());
  }
  return out;
}

}  // namespace

std::vector<RunningJobsRecord> RunningJobsSamples(const Pool& pool, int64_t now,
                                                  const classad::EvalOptions& options) {
  // (group, user) -> (running, jobs); user "" is the group's row.
  std::map<std::pair<std::string, std::string>, std::pair<double, double>> counts;
  for (const PoolJob& job : pool.jobs()) {
    if (!job.present || (job.status != 1 && job.status != 2)) continue;
    DiracJobFields f = ReadDiracJobFields(*job.ad, job.prio, job.submitter, options);
    const double running = job.status == 2 ? 1 : 0;
    for (const std::string& user : {std::string(), f.queue.owner}) {
      std::pair<double, double>& c = counts[{f.queue.group, user}];
      c.first += running;
      c.second += 1;
    }
  }
  std::vector<RunningJobsRecord> out;
  out.reserve(counts.size());
  for (const auto& [key, c] : counts) {
    out.push_back(RunningJobsRecord{now, key.first, key.second, c.first, c.second});
  }
  return out;
}

SpanHistory GroupSpanHistory(std::span<const RunningJobsRecord> history, int64_t now,
                             int64_t time_span) {
  return Average(
      history, now, time_span,
      [](const RunningJobsRecord& r) { return r.user.empty() ? &r.group : nullptr; },
      [](const RunningJobsRecord& r) { return r.running; });
}

SpanHistory UserSpanHistory(std::span<const RunningJobsRecord> history, std::string_view group,
                            int64_t now, int64_t time_span) {
  return Average(
      history, now, time_span,
      [group](const RunningJobsRecord& r) {
        return !r.user.empty() && r.group == group ? &r.user : nullptr;
      },
      [](const RunningJobsRecord& r) { return r.jobs; });
}

int64_t HistoryRetention(const policy::dirac::DiracSettings& settings) {
  int64_t longest = 0;
  for (const policy::dirac::CorrectorInstance& instance : settings.scheduling.wms_history) {
    for (const policy::dirac::CorrectorSpan& span : instance.spans) {
      longest = std::max(longest, span.time_span);
    }
  }
  return longest > 0 ? longest : policy::dirac::kDefaultTimeSpan;
}

}  // namespace negotiator::dirac
