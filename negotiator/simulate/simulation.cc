// The simulation's event loop (simulation.h).
#include "negotiator/simulate/simulation.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <queue>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "classad/evaluator.h"
#include "negotiator/cycle.h"
#include "negotiator/cycle_quota_records.h"
#include "negotiator/pool/submitters.h"
#include "policy/text_util.h"

namespace negotiator {
namespace {

using classad::Status;
using classad::StatusCode;

constexpr int64_t kNever = INT64_MAX;

// The submitter's idle jobs in the order its schedd offers them.
struct OfferOrder {
  const Pool* pool;
  bool operator()(JobId a, JobId b) const {
    const PoolJob& x = pool->jobs()[a];
    const PoolJob& y = pool->jobs()[b];
    if (OfferedBefore(x, y)) return true;
    if (OfferedBefore(y, x)) return false;
    return a < b;
  }
};

// A run that ends at `end` unless the job is preempted first (then its
// start time no longer matches).
struct RunEnd {
  int64_t end;
  JobId job;
  int64_t start;
  bool operator>(const RunEnd& o) const {
    return end != o.end ? end > o.end : job > o.job;
  }
};

class Simulator {
 public:
  Simulator(std::shared_ptr<const policy::Policy> policy, const Workload& workload,
            const SimulationOptions& options, Pool* pool, Accountant* accountant)
      : policy_(std::move(policy)),
        workload_(workload),
        options_(options),
        pool_(*pool),
        accountant_(*accountant),
        negotiator_(policy_, NegotiatorOptions{.threads = options.threads,
                                                .share_model = options.share_model}),
        reuse_claims_(options.claim_reuse &&
                      (options.share_model == nullptr || options.share_model->ReusesClaims())),
        idle_by_submitter_() {
    if (!options.restarted) {
      negotiator_.ResumeWithQuotaMap(QuotaMapOf(accountant_.group_quota_records()));
    }
  }

  classad::Result<SimulationResult> Run();

 private:
  // Per job of the pool (by JobId), what the simulation keeps.
  struct JobState {
    int64_t outcome = -1;  // index into result_.jobs; -1: a job the pool had before
    int64_t run_time = -1;
    bool counted_running = false;  // in running_ counts
  };
  struct Counts {
    int64_t running = 0;
    double running_weight = 0;
  };

  std::string GroupName(int group) const;
  JobState& StateOf(JobId j);
  std::set<JobId, OfferOrder>& IdleOf(std::string_view submitter);
  void BecameIdle(JobId j);
  // Job `j` started on its slot at `now`, by `how`.
  void Started(JobId j, int64_t now, const char* how);
  // Job `j` stopped running (completed or preempted) at `now`.
  void StoppedRunning(JobId j);
  // Ends the claims the slots show (the workload says what runs) and puts
  // the workload's jobs running at the start on their slots.
  Status PlaceRunningJobs();
  Status Arrive(size_t w, int64_t now);
  Status Complete(JobId j, int64_t now);
  // The submitter's next job the claim on `slot` may serve (FindRunnableJob), or kNoId.
  JobId NextJobForClaim(SlotId slot, int64_t now);
  // Arrivals and completions up to `time`.
  Status AdvanceTo(int64_t time);
  Status RunCycleAt(int64_t time);
  void Event(int64_t time, EventKind kind, JobId j, std::string slot, std::string detail);

  std::shared_ptr<const policy::Policy> policy_;
  const Workload& workload_;
  const SimulationOptions& options_;
  Pool& pool_;
  Accountant& accountant_;
  Negotiator negotiator_;
  // The schedd reuses claims: the option, unless the share model pulls.
  bool reuse_claims_;
  SimulationResult result_;
  std::vector<JobState> states_;  // by JobId
  std::map<std::string, std::set<JobId, OfferOrder>, std::less<>> idle_by_submitter_;
  std::map<std::string, Counts, std::less<>> running_by_submitter_;
  std::priority_queue<RunEnd, std::vector<RunEnd>, std::greater<RunEnd>> ends_;
  size_t next_arrival_ = 0;
  CycleSample pending_;  // what happened since the last cycle
  std::vector<uint8_t> placed_;  // by workload index: put on a slot at the start
};

std::string Simulator::GroupName(int group) const {
  const policy::GroupTree& tree = policy_->groups.tree;
  return tree.enabled() ? tree.groups()[static_cast<size_t>(group)].name
                        : std::string(policy::kRootGroupName);
}

Simulator::JobState& Simulator::StateOf(JobId j) {
  if (states_.size() <= j) states_.resize(static_cast<size_t>(j) + 1);
  return states_[j];
}

std::set<JobId, OfferOrder>& Simulator::IdleOf(std::string_view submitter) {
  auto it = idle_by_submitter_.find(submitter);
  if (it == idle_by_submitter_.end()) {
    it = idle_by_submitter_
             .emplace(std::string(submitter), std::set<JobId, OfferOrder>(OfferOrder{&pool_}))
             .first;
  }
  return it->second;
}

void Simulator::BecameIdle(JobId j) { IdleOf(pool_.jobs()[j].submitter).insert(j); }

void Simulator::Event(int64_t time, EventKind kind, JobId j, std::string slot,
                      std::string detail) {
  const PoolJob& job = pool_.jobs()[j];
  result_.events.push_back(SimulationEvent{time, kind, job.id(), std::string(job.submitter),
                                           std::move(slot), std::move(detail)});
}

void Simulator::Started(JobId j, int64_t now, const char* how) {
  const PoolJob& job = pool_.jobs()[j];
  IdleOf(job.submitter).erase(j);
  JobState& state = StateOf(j);
  const PoolSlot& slot = pool_.slots()[job.slot];
  Counts& counts = running_by_submitter_[std::string(job.submitter)];
  counts.running += 1;
  counts.running_weight += slot.weight;
  state.counted_running = true;
  if (state.outcome >= 0) {
    JobOutcome& outcome = result_.jobs[static_cast<size_t>(state.outcome)];
    if (outcome.first_start < 0) outcome.first_start = now;
    outcome.weight = slot.weight;
  }
  if (state.run_time >= 0) ends_.push(RunEnd{now + state.run_time, j, now});
  Event(now, EventKind::kStart, j, slot.name, how);
}

void Simulator::StoppedRunning(JobId j) {
  JobState& state = StateOf(j);
  if (!state.counted_running) return;
  state.counted_running = false;
  const PoolJob& job = pool_.jobs()[j];
  Counts& counts = running_by_submitter_[std::string(job.submitter)];
  counts.running -= 1;
  if (state.outcome >= 0) {
    counts.running_weight -= result_.jobs[static_cast<size_t>(state.outcome)].weight;
  }
}

Status Simulator::Arrive(size_t w, int64_t now) {
  const WorkloadJob& job = workload_.jobs[w];
  classad::Result<std::optional<JobId>> added = pool_.AddJob(job.ad, job.origin);
  if (!added.ok()) return added.status();
  if (!*added) {
    ++result_.refused_by_pool;
    return Status::Ok();
  }
  const JobId j = **added;
  const PoolJob& pooled = pool_.jobs()[j];
  JobOutcome outcome;
  outcome.id = pooled.id();
  outcome.submitter = std::string(pooled.submitter);
  outcome.group = GroupName(pooled.group);
  outcome.arrival = job.arrival;
  outcome.run_time = job.run_time.value_or(-1);
  JobState& state = StateOf(j);
  state.outcome = static_cast<int64_t>(result_.jobs.size());
  state.run_time = outcome.run_time;
  result_.jobs.push_back(std::move(outcome));
  ++pending_.arrivals;
  BecameIdle(j);
  Event(now, EventKind::kArrival, j, "", "");
  return Status::Ok();
}

Status Simulator::PlaceRunningJobs() {
  for (SlotId s = 0; s < pool_.slots().size(); ++s) {
    const PoolSlot& slot = pool_.slots()[s];
    if (!slot.present) continue;
    if (slot.state != SlotState::kClaimed && slot.state != SlotState::kPreempting) continue;
    if (Status e = pool_.EndClaim(s, ClaimEnd::kJobDone, options_.start); !e.ok()) return e;
    ++result_.claims_ended_at_start;
  }
  // Slots by name, for the RemoteHost of jobs running at the start.
  std::unordered_map<std::string, SlotId> by_name;
  for (SlotId s = 0; s < pool_.slots().size(); ++s) {
    if (pool_.slots()[s].present) by_name.emplace(pool_.slots()[s].name, s);
  }
  placed_.assign(workload_.jobs.size(), 0);
  for (size_t w = 0; w < workload_.jobs.size(); ++w) {
    const WorkloadJob& job = workload_.jobs[w];
    if (job.state != WorkloadState::kRunning) continue;
    if (job.started > options_.start) continue;  // arrives as the others do
    SlotId slot = kNoId;
    if (auto it = by_name.find(job.remote_host); it != by_name.end()) {
      slot = it->second;
    } else {
      // A dynamic slot (slot1_3@host) not in the pool: its partitionable slot.
      int64_t number = 0;
      auto parent = by_name.find(ParentSlotName(job.remote_host, &number));
      if (parent != by_name.end() && pool_.slots()[parent->second].partitionable) {
        slot = parent->second;
      }
    }
    const size_t arrivals_before = result_.jobs.size();
    if (Status s = Arrive(w, job.arrival); !s.ok()) return s;
    placed_[w] = 1;
    if (result_.jobs.size() == arrivals_before) continue;  // refused by the pool
    const JobId j = static_cast<JobId>(pool_.jobs().size() - 1);
    const bool free = slot != kNoId && (pool_.slots()[slot].partitionable ||
                                        pool_.slots()[slot].state == SlotState::kUnclaimed);
    Status claimed = Status(StatusCode::kFailedPrecondition, "no free slot");
    if (free) {
      const PoolJob& pooled = pool_.jobs()[j];
      classad::EvalOptions eval;
      const int64_t started = job.started;
      eval.now = [started] { return started; };
      const double rank = classad::RankValue(
          classad::EvaluateAttr(*pool_.slots()[slot].ad, "Rank", pooled.ad.get(), eval));
      std::string limits;
      classad::EvaluateAttrString(*pooled.ad, "ConcurrencyLimits", &limits, eval);
      claimed = pool_.ClaimSlot(slot, j, pooled.submitter, rank, policy::LowerAscii(limits),
                                job.started);
      if (!claimed.ok() && claimed.code() != StatusCode::kFailedPrecondition) return claimed;
    }
    if (!claimed.ok()) {
      ++result_.running_without_slot;
      continue;
    }
    // It ran before the start: it ends its run time after it began.
    Started(j, job.started, "running at start");
  }
  return Status::Ok();
}

JobId Simulator::NextJobForClaim(SlotId s, int64_t now) {
  const PoolSlot& slot = pool_.slots()[s];
  auto idle = idle_by_submitter_.find(slot.remote_user);
  if (idle == idle_by_submitter_.end() || idle->second.empty()) return kNoId;
  classad::EvalOptions eval;
  eval.now = [now] { return now; };
  double current_rank = 0;
  const bool has_rank = classad::EvaluateAttrNumber(*slot.ad, "CurrentRank", &current_rank, eval);
  std::string claim_limits;
  classad::EvaluateAttrString(*slot.ad, "ConcurrencyLimits", &claim_limits, eval);
  claim_limits = policy::LowerAscii(claim_limits);
  // Ads that failed to match: jobs cut alike share one ad, as an
  // autocluster's jobs (FindRunnableJob skips a rejected autocluster).
  std::set<const classad::ClassAd*> rejected;
  for (JobId j : idle->second) {
    const classad::ClassAd* ad = pool_.jobs()[j].ad.get();
    if (rejected.contains(ad)) continue;
    if (!classad::SymmetricMatch(*ad, *slot.ad, eval)) {
      rejected.insert(ad);
      continue;
    }
    if (has_rank) {
      const std::optional<double> rank =
          classad::RankNumber(classad::EvaluateAttr(*slot.ad, "Rank", ad, eval));
      if (rank && *rank < current_rank) continue;
    }
    if (policy_->claims.recycling_considers_limits) {
      std::string limits;
      classad::EvaluateAttrString(*ad, "ConcurrencyLimits", &limits, eval);
      if (policy::LowerAscii(limits) != claim_limits) continue;
    }
    return j;
  }
  return kNoId;
}

Status Simulator::Complete(JobId j, int64_t now) {
  const SlotId s = pool_.jobs()[j].slot;
  const std::string slot_name = pool_.slots()[s].name;
  StoppedRunning(j);
  JobState& state = StateOf(j);
  if (state.outcome >= 0) {
    JobOutcome& outcome = result_.jobs[static_cast<size_t>(state.outcome)];
    outcome.end = now;
    outcome.state = JobEnd::kDone;
  }
  ++pending_.completions;
  Event(now, EventKind::kCompletion, j, slot_name, "");
  const PoolSlot& slot = pool_.slots()[s];
  if (reuse_claims_ && slot.state == SlotState::kClaimed) {
    double claimed_at = 0;
    classad::EvaluateAttrNumber(*slot.ad, "EnteredCurrentState", &claimed_at);
    const int64_t worklife = policy_->claims.worklife;
    if (worklife < 0 || static_cast<double>(now) - claimed_at <= static_cast<double>(worklife)) {
      if (const JobId next = NextJobForClaim(s, now); next != kNoId) {
        if (Status r = pool_.ReuseClaim(s, next, now); !r.ok()) return r;
        ++pending_.claims_reused;
        Started(next, now, "reuse");
        return Status::Ok();
      }
    }
  }
  return pool_.RemoveJob(j, now);
}

Status Simulator::AdvanceTo(int64_t time) {
  while (true) {
    // The next run that still ends as planned.
    while (!ends_.empty()) {
      const RunEnd& top = ends_.top();
      const PoolJob& job = pool_.jobs()[top.job];
      if (job.present && job.status == 2 && job.start_time == top.start) break;
      ends_.pop();
    }
    while (next_arrival_ < workload_.jobs.size() && !placed_.empty() && placed_[next_arrival_]) {
      ++next_arrival_;
    }
    const int64_t completion = ends_.empty() ? kNever : ends_.top().end;
    const int64_t arrival = next_arrival_ < workload_.jobs.size()
                                ? workload_.jobs[next_arrival_].arrival
                                : kNever;
    if (std::min(completion, arrival) > time) return Status::Ok();
    if (completion <= arrival) {
      const JobId j = ends_.top().job;
      ends_.pop();
      if (Status s = Complete(j, completion); !s.ok()) return s;
    } else {
      if (Status s = Arrive(next_arrival_++, std::max(arrival, options_.start)); !s.ok()) {
        return s;
      }
    }
  }
}

Status Simulator::RunCycleAt(int64_t time) {
  classad::Result<CycleResult> ran = negotiator_.RunCycle(pool_, accountant_, time);
  if (!ran.ok()) return ran.status();
  const CycleResult& cycle = *ran;
  CycleSample sample = std::move(pending_);
  pending_ = CycleSample();
  sample.time = time;
  result_.last_share_records = cycle.share_records;
  result_.last_share_records_time = time;
  sample.pool_weight = cycle.pool_size;
  sample.phases = cycle.phases;
  sample.matches = static_cast<int64_t>(cycle.matches.size());
  sample.preemptions = cycle.preemptions;
  for (classad::Quirk q : cycle.quirks) {
    if (std::find(result_.quirks.begin(), result_.quirks.end(), q) == result_.quirks.end()) {
      result_.quirks.push_back(q);
    }
  }
  // Who ran on each matched slot before (a preempted job), then the claims.
  std::vector<JobId> victims(cycle.matches.size(), kNoId);
  for (size_t m = 0; m < cycle.matches.size(); ++m) {
    const PoolSlot& slot = pool_.slots()[cycle.matches[m].slot_index];
    if (!slot.partitionable) victims[m] = slot.job;
  }
  for (JobId v : victims) {
    if (v != kNoId) StoppedRunning(v);
  }
  size_t refused = 0;
  if (Status s = ApplyMatches(cycle, time, &pool_, &refused); !s.ok()) return s;
  sample.refused = static_cast<int64_t>(refused);
  std::map<std::string, int64_t, std::less<>> preempted_of, matches_of;
  for (size_t m = 0; m < cycle.matches.size(); ++m) {
    const CycleMatch& match = cycle.matches[m];
    if (const JobId v = victims[m]; v != kNoId && pool_.jobs()[v].status == 1) {
      const PoolJob& victim = pool_.jobs()[v];
      JobState& state = StateOf(v);
      if (state.outcome >= 0) {
        JobOutcome& outcome = result_.jobs[static_cast<size_t>(state.outcome)];
        outcome.preemptions += 1;
        outcome.lost_seconds = pool_.LostRunTime(v);
      }
      ++preempted_of[std::string(victim.submitter)];
      BecameIdle(v);
      Event(time, EventKind::kPreemption, v, match.slot, match.submitter);
    }
    const PoolJob& job = pool_.jobs()[match.job_index];
    if (job.status != 2) continue;  // the startd refused the claim
    ++matches_of[match.submitter];
    Started(match.job_index, time, "match");
  }
  // The samples.
  for (const SubmitterOutcome& s : cycle.submitters) {
    SubmitterSample out;
    out.name = s.name;
    out.group = s.group;
    out.rup = accountant_.RealPriority(s.name);
    out.eup = accountant_.EffectivePriority(s.name);
    sample.submitters.push_back(std::move(out));
  }
  // Submitters the cycle did not see (no jobs) but that ran before are
  // left out: they have nothing running or idle.
  for (SubmitterSample& s : sample.submitters) {
    if (auto it = running_by_submitter_.find(s.name); it != running_by_submitter_.end()) {
      s.running = it->second.running;
      s.running_weight = it->second.running_weight;
    }
    if (auto it = idle_by_submitter_.find(s.name); it != idle_by_submitter_.end()) {
      s.idle = static_cast<int64_t>(it->second.size());
    }
    if (auto it = matches_of.find(s.name); it != matches_of.end()) s.matches = it->second;
    if (auto it = preempted_of.find(s.name); it != preempted_of.end()) s.preempted = it->second;
    sample.busy_weight += s.running_weight;
  }
  if (policy_->groups.tree.enabled()) {
    std::map<std::string, size_t, std::less<>> group_index;
    for (const GroupQuotaReport& g : cycle.groups) {
      GroupSample out;
      out.name = g.name;
      out.quota = g.quota;
      out.demand = g.demand;
      out.allocated = g.rounds.empty() ? 0 : g.rounds.back().allocated;
      group_index.emplace(g.name, sample.groups.size());
      sample.groups.push_back(std::move(out));
    }
    for (const SubmitterSample& s : sample.submitters) {
      auto it = group_index.find(s.group);
      if (it == group_index.end()) continue;
      GroupSample& g = sample.groups[it->second];
      g.running += s.running;
      g.running_weight += s.running_weight;
      g.idle += s.idle;
      g.matches += s.matches;
      g.preempted += s.preempted;
    }
  }
  result_.cycles.push_back(std::move(sample));
  return Status::Ok();
}

classad::Result<SimulationResult> Simulator::Run() {
  const int64_t interval = options_.interval > 0 ? options_.interval : policy_->cycle.interval;
  if (interval <= 0) {
    return Status(StatusCode::kInvalidArgument, "the interval between cycles must be positive");
  }
  if (options_.duration < 0) {
    return Status(StatusCode::kInvalidArgument, "the duration must not be negative");
  }
  const int64_t cycles = options_.duration / interval + 1;
  if (cycles > options_.max_cycles) {
    return Status(StatusCode::kInvalidArgument,
                  "the simulation would run " + std::to_string(cycles) + " cycles (" +
                      std::to_string(options_.duration) + " s every " + std::to_string(interval) +
                      " s), more than the limit of " + std::to_string(options_.max_cycles) +
                      ": simulate less time or cycle less often");
  }
  result_.start = options_.start;
  result_.interval = interval;
  result_.workload = workload_.counts;
  if (pool_.present_jobs() != 0) {
    return Status(StatusCode::kInvalidArgument,
                  "the pool holds jobs already: a simulation's jobs are its workload's");
  }
  if (Status s = PlaceRunningJobs(); !s.ok()) return s;
  for (int64_t k = 0; k < cycles; ++k) {
    const int64_t time = options_.start + k * interval;
    if (Status s = AdvanceTo(time); !s.ok()) return s;
    if (Status s = RunCycleAt(time); !s.ok()) return s;
    result_.end = time;
    if (options_.progress) options_.progress(k + 1, cycles, time);
  }
  // Where every job that arrived is at the end.
  for (JobId j = 0; j < states_.size(); ++j) {
    const JobState& state = states_[j];
    if (state.outcome < 0) continue;
    JobOutcome& outcome = result_.jobs[static_cast<size_t>(state.outcome)];
    if (outcome.state == JobEnd::kDone) continue;
    const PoolJob& job = pool_.jobs()[j];
    outcome.state = job.status == 2 ? JobEnd::kRunning : JobEnd::kIdle;
    outcome.lost_seconds = pool_.LostRunTime(j);
  }
  return std::move(result_);
}

}  // namespace

const char* EventKindName(EventKind kind) {
  switch (kind) {
    case EventKind::kArrival:
      return "arrival";
    case EventKind::kStart:
      return "start";
    case EventKind::kPreemption:
      return "preemption";
    case EventKind::kCompletion:
      return "completion";
  }
  return "?";
}

classad::Result<SimulationResult> Simulate(std::shared_ptr<const policy::Policy> policy,
                                           const Workload& workload,
                                           const SimulationOptions& options, Pool* pool,
                                           Accountant* accountant) {
  Simulator simulator(std::move(policy), workload, options, pool, accountant);
  return simulator.Run();
}

}  // namespace negotiator
