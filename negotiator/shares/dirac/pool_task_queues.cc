// A negotiation's task queues (pool_task_queues.h).
#include "negotiator/shares/dirac/pool_task_queues.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "negotiator/shares/dirac/job_ad_fields.h"

namespace negotiator::dirac {

PoolTaskQueues FormTaskQueues(const Pool& pool, const std::vector<Submitter>& submitters,
                              std::span<const uint32_t> members,
                              const SubmitterNegotiation& negotiation,
                              const classad::EvalOptions& options) {
  const std::vector<PoolJob>& jobs = pool.jobs();
  // (job, its submitter), in DIRAC's id order.
  std::vector<std::pair<JobId, uint32_t>> idle;
  for (uint32_t s : members) {
    for (JobId j : submitters[s].idle_jobs) idle.emplace_back(j, s);
  }
  std::sort(idle.begin(), idle.end(), [&](const auto& a, const auto& b) {
    const PoolJob& x = jobs[a.first];
    const PoolJob& y = jobs[b.first];
    return x.cluster != y.cluster ? x.cluster < y.cluster : x.proc < y.proc;
  });
  PoolTaskQueues out;
  std::map<std::string, size_t> queue_of_key;
  for (size_t rank = 0; rank < idle.size(); ++rank) {
    const auto [j, s] = idle[rank];
    const PoolJob& job = jobs[j];
    DiracJobFields f = ReadDiracJobFields(*job.ad, job.prio, submitters[s].name, options);
    TaskQueue queue = std::move(f.queue);
    const std::string key = TaskQueueKey(queue) + "|" + std::to_string(s) + "|" +
                            std::to_string(negotiation.MatchClassOf(j));
    auto [at, added] = queue_of_key.emplace(key, out.queues.size());
    if (added) {
      queue.id = static_cast<int64_t>(out.queues.size()) + 1;
      out.queues.push_back(std::move(queue));
      out.submitter.push_back(s);
      out.pool_jobs.emplace_back();
    }
    const size_t q = at->second;
    out.queues[q].jobs.push_back(DiracJob{static_cast<int64_t>(rank) + 1, f.priority});
    out.pool_jobs[q].push_back(j);
  }
  return out;
}

}  // namespace negotiator::dirac
