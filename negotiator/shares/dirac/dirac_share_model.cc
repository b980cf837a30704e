// DIRAC's share model (dirac_share_model.h).
#include "negotiator/shares/dirac/dirac_share_model.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "negotiator/shares/dirac/dirac_priorities.h"
#include "negotiator/shares/dirac/dirac_share_records.h"
#include "negotiator/shares/dirac/job_ad_fields.h"
#include "negotiator/shares/dirac/pilot_matcher.h"
#include "negotiator/shares/dirac/pool_task_queues.h"
#include "negotiator/shares/dirac/running_history.h"

namespace negotiator::dirac {
namespace {

uint64_t SplitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// DIRAC's share corrector over `queues` (SharesCorrector's periodic pass):
// the groups' instance, then each group's users' instance, each span's
// history read from `history` at `now`; every correction recorded.
CorrectionFactors CorrectFromHistory(std::span<const TaskQueue> queues,
                                     const policy::dirac::DiracSettings& settings,
                                     std::span<const RunningJobsRecord> history, int64_t now,
                                     std::vector<CorrectionRecord>* records) {
  CorrectionFactors factors;
  const policy::dirac::CorrectorInstance* groups = settings.GroupsCorrector();
  if (groups != nullptr) {
    std::vector<SpanHistory> spans;
    for (const policy::dirac::CorrectorSpan& span : groups->spans) {
      spans.push_back(GroupSpanHistory(history, now, span.time_span));
    }
    CorrectionRecord record =
        ApplyHistoryCorrection(*groups, GroupSharesToCorrect(queues, settings), spans);
    for (const EntityCorrectionRecord& e : record.entities) factors.groups[e.entity] = e.factor;
    records->push_back(std::move(record));
  }
  std::vector<std::string> seen;
  for (const TaskQueue& q : queues) {
    if (std::find(seen.begin(), seen.end(), q.group) != seen.end()) continue;
    seen.push_back(q.group);
    const policy::dirac::CorrectorInstance* users = settings.UsersCorrector(q.group);
    const policy::dirac::DiracGroup* group = settings.FindGroup(q.group);
    // DIRAC never asks the instance of a JobSharing group's users.
    if (users == nullptr || (group != nullptr && group->job_sharing)) continue;
    double share = group != nullptr ? static_cast<double>(group->job_share)
                                    : static_cast<double>(policy::dirac::kDefaultJobShare);
    if (group != nullptr && groups != nullptr) {
      if (auto f = factors.groups.find(q.group); f != factors.groups.end()) share *= f->second;
    }
    std::vector<SpanHistory> spans;
    for (const policy::dirac::CorrectorSpan& span : users->spans) {
      spans.push_back(UserSpanHistory(history, q.group, now, span.time_span));
    }
    CorrectionRecord record =
        ApplyHistoryCorrection(*users, OwnerSharesToCorrect(queues, q.group, share), spans);
    for (const EntityCorrectionRecord& e : record.entities) {
      factors.users[q.group][e.entity] = e.factor;
    }
    records->push_back(std::move(record));
  }
  return factors;
}

}  // namespace

uint64_t NegotiationSeed(uint64_t seed, int64_t now, std::string_view group) {
  uint64_t h = SplitMix64(seed);
  h = SplitMix64(h ^ static_cast<uint64_t>(now));
  for (unsigned char c : group) h = SplitMix64(h ^ c);
  return h;
}

DiracShareModel::DiracShareModel(std::shared_ptr<const policy::dirac::DiracSettings> settings,
                                 uint64_t seed)
    : settings_(std::move(settings)), seed_(seed) {}

void DiracShareModel::Share(const ShareCall& call, ShareContext& context,
                            std::vector<uint32_t>* members,
                            SubmitterNegotiation& negotiation) const {
  auto records = std::make_shared<DiracShareRecords>();
  DiracShareRecords& r = *records;
  r.group = call.group != nullptr ? *call.group : std::string(kNoGroup);
  r.seed = NegotiationSeed(seed_, context.now, r.group);
  classad::EvalOptions eval;
  const int64_t now = context.now;
  eval.now = [now] { return now; };

  // 1. The task queues and 2. their priorities (the periodic pass).
  PoolTaskQueues formed =
      FormTaskQueues(context.pool, context.submitters, *members, negotiation, eval);
  CorrectionFactors factors;
  if (settings_->CorrectionActive()) {
    // This cycle's sample joins the running-jobs history (kept as long as
    // the longest span), which the corrector then reads.
    context.accountant.AddRunningJobs(now, RunningJobsSamples(context.pool, now, eval),
                                      HistoryRetention(*settings_));
    factors = CorrectFromHistory(formed.queues, *settings_, context.accountant.running_history(),
                                 now, &r.corrections);
  }
  r.priorities = ComputeTaskQueuePriorities(formed.queues, *settings_, factors);
  std::vector<double> stored;
  stored.reserve(formed.queues.size());
  for (const TaskQueuePriorityRecord& p : r.priorities.task_queues) {
    stored.push_back(p.stored_priority);
  }
  r.first_choice = FirstChoiceProbabilities(stored);
  for (uint32_t s : formed.submitter) r.submitters.push_back(context.submitters[s].name);
  r.task_queues = formed.queues;
  for (const std::vector<JobId>& queue_jobs : formed.pool_jobs) {
    std::vector<CondorJobId>& ids = r.job_ids.emplace_back();
    ids.reserve(queue_jobs.size());
    for (JobId j : queue_jobs) ids.push_back({context.pool.jobs()[j].cluster, context.pool.jobs()[j].proc});
  }

  // What each submitter is reported with: the sum of its queues'
  // priorities, and of their first-choice probabilities.
  for (size_t q = 0; q < formed.queues.size(); ++q) {
    const uint32_t s = formed.submitter[q];
    SubmitterOutcome& outcome = context.outcomes[s];
    if (context.reported[s] == 0) {
      context.reported[s] = 1;
      outcome.priority = 0;
      outcome.share = 0;
    }
    outcome.priority += stored[q];
    outcome.share += r.first_choice[q];
  }

  // 3. The pilots. The queues' jobs left (emptied as jobs start).
  std::vector<JobsLeft> left;
  left.reserve(formed.queues.size());
  for (const TaskQueue& q : formed.queues) left.emplace_back(q);
  PilotDraws draws(r.seed);
  // First-choice probabilities of the eligible sets met, by the set.
  std::map<std::vector<size_t>, std::vector<double>> eligible_odds;
  const std::vector<PoolJob>& jobs = context.pool.jobs();
  for (SlotId slot : negotiation.PilotSlots()) {
    if (call.group != nullptr &&
        context.accountant.GetWeightedResourcesUsed(*call.group) >= call.limit) {
      break;
    }
    std::vector<size_t> eligible;
    for (size_t q = 0; q < left.size(); ++q) {
      if (!left[q].empty() && negotiation.CanRun(formed.pool_jobs[q][left[q].AnyJob()], slot)) {
        eligible.push_back(q);
      }
    }
    PilotRecord& pilot = r.pilots.emplace_back();
    pilot.slot = context.pool.slots()[slot].name;
    pilot.eligible = eligible.size();
    if (eligible.empty()) continue;
    std::vector<double> priorities;
    priorities.reserve(eligible.size());
    for (size_t q : eligible) priorities.push_back(stored[q]);
    const std::vector<size_t> order = draws.TaskQueueOrder(priorities);
    const size_t pick = order.front();  // every eligible queue has a job: the first yields one
    const size_t q = eligible[pick];
    auto odds = eligible_odds.find(eligible);
    if (odds == eligible_odds.end()) {
      odds = eligible_odds.emplace(eligible, FirstChoiceProbabilities(priorities)).first;
    }
    const std::optional<JobChoice> choice = draws.PickJob(&left[q]);
    if (!choice) continue;  // cannot happen: the queue has jobs
    const JobId j = formed.pool_jobs[q][choice->job];
    pilot.task_queue = formed.queues[q].id;
    pilot.first_choice = odds->second[pick];
    pilot.job = jobs[j].id();
    pilot.submitter = context.submitters[formed.submitter[q]].name;
    pilot.priority_drawn = choice->priority;
    pilot.candidates = choice->candidates;
    pilot.cost = negotiation.StartJob(formed.submitter[q], j, slot);
  }

  // The members that still have jobs may want more in a later round.
  std::vector<uint8_t> waiting(context.submitters.size(), 0);
  for (size_t q = 0; q < left.size(); ++q) {
    if (!left[q].empty()) waiting[formed.submitter[q]] = 1;
  }
  const bool slots_left = !negotiation.PilotSlots().empty();
  for (uint32_t s : *members) {
    if (waiting[s] == 0 && context.outcomes[s].stopped == StopReason::kNotNegotiated) {
      context.outcomes[s].stopped = StopReason::kNoMoreJobs;  // it had no idle job
    }
  }
  std::erase_if(*members, [&](uint32_t s) { return waiting[s] == 0; });
  for (uint32_t s : *members) {
    context.outcomes[s].stopped =
        slots_left ? StopReason::kNoMatchingSlot : StopReason::kPieExhausted;
  }
  if (call.group != nullptr &&
      context.accountant.GetWeightedResourcesUsed(*call.group) >= call.limit) {
    for (uint32_t s : *members) context.outcomes[s].stopped = StopReason::kGroupLimit;
  }
  context.records.push_back(std::move(records));
}

}  // namespace negotiator::dirac
