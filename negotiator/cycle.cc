// The negotiation cycle (cycle.h), after HTCondor's matchmaker.cpp:
// negotiationTime, negotiateWithGroup, negotiate.
#include "negotiator/cycle.h"

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <map>
#include <unordered_map>

#include "classad/evaluator.h"
#include "classad/value.h"
#include "negotiator/autoclusters/autoclusters.h"
#include "negotiator/matching/slot_trim.h"
#include "negotiator/pool/submitters.h"
#include "negotiator/shares/htcondor_pie.h"
#include "negotiator/quotas/group_quota_allocator.h"
#include "policy/ephemeral.h"

namespace negotiator {
namespace {

using classad::ClassAd;
using classad::Status;
using Clock = std::chrono::steady_clock;

double Millis(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

}  // namespace

// One cycle's working state; the share model's turns come back to it.
class Negotiator::Cycle : public SubmitterNegotiation {
 public:
  Cycle(Negotiator& negotiator, const Pool& pool, Accountant& accountant, int64_t now)
      : policy_(*negotiator.policy_),
        negotiator_(negotiator),
        pool_(pool),
        accountant_(accountant),
        now_(now) {
    // Every expression of the cycle reads the cycle's time, never the wall
    // clock (a simulator steps time by argument), and the daemon's user maps.
    eval_ = policy_.EvalOptionsAt(now);
    eval_.quirk_notes = &quirks_;
  }

  classad::Result<CycleResult> Run();

  // HTCondor's negotiate() for one submitter in one spin.
  TurnOutcome Negotiate(uint32_t s, const SubmitterLimits& limits, double* pie_left) override;
  size_t SlotsLeft() const override { return matchmaker_->remaining(); }
  void BeginSpin() override { matchmaker_->ForgetMatchList(); }
  std::vector<SlotId> PilotSlots() const override;
  bool CanRun(JobId job, SlotId slot) override;
  uint32_t MatchClassOf(JobId job) const override {
    const uint32_t ac = autoclusters_.of_job[job];
    return ac == Autoclusters::kNone ? Autoclusters::kNone : autoclusters_.match_class[ac];
  }
  double StartJob(uint32_t s, JobId job, SlotId slot) override;

 private:
  // Per submitter, across the spins of the cycle.
  struct SubmitterState {
    size_t cursor = 0;      // idle_jobs before it are all matched
    int64_t idle_left = 0;  // idle jobs not matched yet
  };

  void ComputePoolSize();
  std::vector<uint32_t> TrimmedSlots() const;
  // The share model over `*members` (indices into submitters_), which
  // drops the submitters that are done, as HTCondor changes the group's
  // list it is handed (a later allocation round sees only those left).
  void Share(const ShareCall& call, std::vector<uint32_t>* members);
  // Group quotas (§2): the allocator's rounds calling Share.
  // Errors are the allocator's (a demand or usage that is not finite).
  Status NegotiateGroups();
  // Job `j` of submitter `s` matched `offer`: charged at once, the slot off
  // the list, counted in the submitter's outcome and the result.
  void RecordMatch(uint32_t s, uint32_t j, const Offer& offer);

  const policy::Policy& policy_;
  Negotiator& negotiator_;
  const Pool& pool_;
  Accountant& accountant_;
  const int64_t now_;
  classad::QuirkNotes quirks_;  // what the cycle's evaluations went through
  classad::EvalOptions eval_;   // the cycle's clock (now_), noting into quirks_

  CycleResult result_;
  double pool_size_ = 0;
  double min_slot_weight_ = 1;
  std::vector<Submitter> submitters_;
  std::vector<SubmitterState> states_;
  std::vector<SubmitterOutcome> outcomes_;
  std::vector<uint8_t> reported_;  // by submitter: the share model recorded its share
  Autoclusters autoclusters_;
  std::unique_ptr<AccountantWithQuotas> remote_view_;
  std::unique_ptr<Matchmaker> matchmaker_;
  std::vector<uint8_t> job_matched_;
  // CanRun's answers: (match class << 32 | slot) -> match.
  std::unordered_map<uint64_t, bool> can_run_;
  policy::SubmitterAttributes request_attributes_;
  // (submitter, autocluster) -> reasons counted and the first job rejected.
  struct Rejections {
    std::map<std::string, int64_t> reasons;
    uint32_t example_job = 0;
  };
  std::map<std::pair<uint32_t, uint32_t>, Rejections> rejections_;
  // The first error of the accountant's during the negotiation (none is
  // expected: Pool refuses the slots it could not charge); the cycle
  // returns it.
  Status failure_;
};

void Negotiator::Cycle::ComputePoolSize() {
  const bool weights = policy_.accountant.use_slot_weights;
  const bool hgq = policy_.groups.tree.enabled();
  const policy::PolicyExpression& only = policy_.matching.slot_poolsize_constraint;
  double total = 0;
  double min_weight = DBL_MAX;
  for (const PoolSlot& slot : pool_.slots()) {
    if (!slot.present) continue;
    min_weight = std::min(min_weight, slot.weight);
    if (only.is_set() &&
        !classad::IsTrueValue(classad::EvaluateExpr(*only.expr, slot.ad.get(), nullptr, eval_))) {
      continue;
    }
    if (weights) {
      total += slot.weight;
    } else if (hgq && slot.partitionable) {
      // HGQ without weights counts "effective slots": a p-slot's Cpus.
      double cpus = 1;
      classad::EvaluateAttrNumber(*slot.ad, "Cpus", &cpus);
      total += cpus;
    } else {
      total += 1;
    }
  }
  pool_size_ = total;
  min_slot_weight_ = min_weight == DBL_MAX ? 1 : min_weight;
}

std::vector<uint32_t> Negotiator::Cycle::TrimmedSlots() const {
  std::vector<uint32_t> out;
  out.reserve(pool_.slots().size());
  for (uint32_t i = 0; i < pool_.slots().size(); ++i) {
    const PoolSlot& slot = pool_.slots()[i];
    if (slot.present && TrimBeforeMatching(policy_.matching, slot, /*check_constraint=*/false) ==
                            SlotTrim::kKept) {
      out.push_back(i);
    }
  }
  return out;
}

void Negotiator::Cycle::Share(const ShareCall& call, std::vector<uint32_t>* members) {
  ShareContext context{policy_.matching, accountant_, pool_,
                       now_,             submitters_, outcomes_,
                       reported_,        pool_size_,  min_slot_weight_,
                       result_.share_records};
  negotiator_.share_model_->Share(call, context, members, *this);
}

TurnOutcome Negotiator::Cycle::Negotiate(uint32_t s, const SubmitterLimits& limits,
                                         double* pie_left) {
  const double eup = limits.eup;
  const double limit = limits.limit;
  const double limit_unclaimed = limits.limit_unclaimed;
  const double headroom = limits.headroom;
  const bool ignore_limit = limits.ignore_limit;
  const std::string* group_name = limits.group_name;
  const Submitter& submitter = submitters_[s];
  SubmitterState& state = states_[s];
  SubmitterOutcome& outcome = outcomes_[s];
  const policy::MatchPolicy& m = policy_.matching;
  const std::vector<PoolJob>& jobs = pool_.jobs();
  double limit_used = 0;
  double limit_used_unclaimed = 0;
  bool rejected_for_limit = false;
  std::vector<uint8_t> rejected(autoclusters_.representative.size(), 0);
  const policy::SubmitterContext context{
      submitter.name, eup, group_name != nullptr ? std::string_view(*group_name) : "<none>",
      policy_.groups.tree.autoregroup_global() &&
          (group_name == nullptr || *group_name == policy::kRootGroupName)};

  while (state.cursor < submitter.idle_jobs.size() &&
         job_matched_[submitter.idle_jobs[state.cursor]] != 0) {
    ++state.cursor;
  }
  // The schedd sends one request for each run of jobs of one autocluster
  // (in its order, of the jobs not matched yet), with the run's first job's
  // ad, and the negotiator repeats it for each job of the run.
  uint32_t run_autocluster = Autoclusters::kNone;
  uint32_t run_first = 0;
  for (size_t k = state.cursor; k < submitter.idle_jobs.size(); ++k) {
    const uint32_t j = submitter.idle_jobs[k];
    if (job_matched_[j] != 0) continue;
    const uint32_t ac = autoclusters_.of_job[j];
    if (ac != run_autocluster) {
      run_autocluster = ac;
      run_first = j;
    }
    if (rejected[ac] != 0) continue;
    bool only_startd_rank = false;
    if (limit_used >= limit) {
      if (!ignore_limit) {
        outcome.stopped = StopReason::kSubmitterLimit;
        return TurnOutcome::kResume;
      }
      only_startd_rank = true;
    }
    if (limit_used >= headroom) {
      outcome.stopped = StopReason::kCeiling;
      return TurnOutcome::kResume;
    }
    // The request's ephemeral attributes, as inserted into a fresh copy of
    // the job for each request.
    request_attributes_.Bind(context, accountant_);
    MatchRequest request;
    request.job = j;
    request.ad_job = run_first;
    request.autocluster = ac;
    request.submitter = s;
    request.submitter_name = submitter.name;
    request.request_overlay = &request_attributes_.overlay();
    request.eup = eup;
    request.only_startd_rank = only_startd_rank;
    request.limit = limit;
    request.limit_used = limit_used;
    request.limit_unclaimed = limit_unclaimed;
    request.limit_used_unclaimed = limit_used_unclaimed;
    Rejection why;
    std::optional<Offer> offer = matchmaker_->FindOffer(request, &why);
    RequestRecord* record = nullptr;
    if (negotiator_.options_.record_requests) {
      record = &result_.requests.emplace_back();
      record->job = j;
      record->job_name = jobs[j].id();
      record->submitter = submitter.name;
      record->group = group_name != nullptr ? *group_name : std::string(policy::kRootGroupName);
      record->spin = limits.spin;
      record->floor_round = limits.floor_round;
      record->limit = limit;
      record->limit_used = limit_used;
      record->only_rank_preemption = only_startd_rank;
    }
    if (!offer) {
      rejected[ac] = 1;
      // HTCondor's reason. (Past its limit on spin 1 a submitter may only
      // take slots whose Rank prefers its job: HTCondor then says "no
      // match found"; the request's record tells why, only_rank_preemption.)
      const std::string reason = why.Reason();
      if (record != nullptr) record->refusal = reason;
      Rejections& r = rejections_[{s, ac}];
      if (r.reasons.empty()) r.example_job = j;
      r.reasons[reason] += 1;
      if (why.submitter_limit) rejected_for_limit = true;
      outcome.stopped =
          why.concurrency_limit ? StopReason::kConcurrencyLimit : StopReason::kNoMatchingSlot;
      if (why.submitter_limit && !m.consider_preemption && !policy_.accountant.use_slot_weights) {
        outcome.stopped = StopReason::kSubmitterLimit;
        return TurnOutcome::kResume;
      }
      continue;
    }
    // The match: charged at once, the slot off the list.
    if (record != nullptr) {
      record->matched = true;
      record->slot = offer->slot;
      record->slot_name = pool_.slots()[offer->slot].name;
      record->preemption = offer->state;
    }
    RecordMatch(s, j, *offer);
    limit_used += offer->cost;
    if (offer->state == PreemptState::kNone) limit_used_unclaimed += offer->cost;
    *pie_left -= offer->cost;
  }
  if (state.idle_left == 0) outcome.stopped = StopReason::kNoMoreJobs;
  // HTCondor checks the ceiling before it asks for another request, so a
  // submitter whose last match reached its ceiling resumes (and stays in
  // the next spin's normalisation) rather than being done.
  if (limit_used >= headroom) {
    outcome.stopped = StopReason::kCeiling;
    return TurnOutcome::kResume;
  }
  if (limit_used >= limit || rejected_for_limit) {
    if (limit_used >= limit) outcome.stopped = StopReason::kSubmitterLimit;
    return TurnOutcome::kResume;
  }
  return TurnOutcome::kDone;
}

void Negotiator::Cycle::RecordMatch(uint32_t s, uint32_t j, const Offer& offer) {
  const Submitter& submitter = submitters_[s];
  const PoolSlot& slot = pool_.slots()[offer.slot];
  CycleMatch match;
  match.job_index = j;
  match.slot_index = offer.slot;
  match.job = pool_.jobs()[j].id();
  match.slot = slot.name;
  match.submitter = submitter.name;
  match.group = std::string(
      policy_.groups.tree.enabled()
          ? std::string_view(
                policy_.groups.tree.groups()[static_cast<size_t>(submitter.group)].name)
          : std::string_view(policy::kRootGroupName));
  match.reason = offer.state;
  match.cost = offer.cost;
  match.slot_rank = offer.slot_rank;
  match.concurrency_limits = offer.matched_limits;
  if (offer.state != PreemptState::kNone) {
    match.preempted_user = slot.remote_user;
    classad::EvaluateAttrString(*slot.ad, "JobId", &match.preempted_job);
    ++result_.preemptions;
  }
  if (Status charged = accountant_.AddNewMatch(submitter.name, slot.accounting,
                                               offer.matched_limits, now_);
      !charged.ok() && failure_.ok()) {
    failure_ = charged;  // cannot happen: Pool refuses slots it cannot charge
  }
  matchmaker_->Take(offer.slot);
  job_matched_[j] = 1;
  --states_[s].idle_left;
  SubmitterOutcome& outcome = outcomes_[s];
  ++outcome.matches;
  outcome.matched_weight += offer.cost;
  result_.matches.push_back(std::move(match));
}

std::vector<SlotId> Negotiator::Cycle::PilotSlots() const {
  std::vector<SlotId> out;
  for (uint32_t slot : matchmaker_->slots()) {
    if (!matchmaker_->taken(slot) && pool_.slots()[slot].state == SlotState::kUnclaimed) {
      out.push_back(slot);
    }
  }
  return out;
}

bool Negotiator::Cycle::CanRun(JobId job, SlotId slot) {
  const uint32_t match_class = MatchClassOf(job);
  const uint64_t key = static_cast<uint64_t>(match_class) << 32 | slot;
  if (auto known = can_run_.find(key); known != can_run_.end()) return known->second;
  const bool match =
      classad::SymmetricMatch(*pool_.jobs()[job].ad, *pool_.slots()[slot].ad, eval_);
  // A job without a class (not idle) is answered on its own.
  if (match_class != Autoclusters::kNone) can_run_.emplace(key, match);
  return match;
}

double Negotiator::Cycle::StartJob(uint32_t s, JobId job, SlotId slot) {
  Offer offer;
  offer.slot = slot;
  offer.cost = pool_.slots()[slot].weight;
  // The slot's Rank of the job: its CurrentRank once claimed.
  offer.slot_rank = classad::RankOf(*pool_.slots()[slot].ad, *pool_.jobs()[job].ad, eval_);
  RecordMatch(s, job, offer);
  if (states_[s].idle_left == 0) outcomes_[s].stopped = StopReason::kNoMoreJobs;
  return offer.cost;
}

Status Negotiator::Cycle::NegotiateGroups() {
  const policy::GroupTree& tree = policy_.groups.tree;
  const std::vector<policy::GroupConfig>& groups = tree.groups();
  // Submitters by group; names without '@' (groups themselves) are left out.
  std::vector<std::vector<uint32_t>> members(groups.size());
  std::vector<GroupDemand> demand(groups.size());
  const bool weighted = policy_.groups.use_weighted_demand;
  for (uint32_t s = 0; s < submitters_.size(); ++s) {
    const Submitter& sub = submitters_[s];
    if (sub.name.find('@') == std::string::npos) continue;
    const size_t g = static_cast<size_t>(sub.group);
    members[g].push_back(s);
    demand[g].has_submitters = true;
    demand[g].requested += weighted ? sub.weighted_idle + sub.weighted_running
                                    : static_cast<double>(sub.idle + sub.running);
  }
  for (size_t g = 0; g < groups.size(); ++g) {
    demand[g].usage = accountant_.GetWeightedResourcesUsed(groups[g].name);
  }
  // Autoregroup: their submitters negotiate again with the root, last.
  std::vector<uint32_t> root_members = members[0];
  for (size_t g = 1; g < groups.size(); ++g) {
    if (!groups[g].autoregroup) continue;
    root_members.insert(root_members.end(), members[g].begin(), members[g].end());
  }
  if (!root_members.empty()) demand[0].has_submitters = true;

  GroupQuotaAllocator& allocator = *negotiator_.groups_;
  auto negotiate = [&](const GroupNegotiation& call) {
    accountant_.SetGroupQuotas(allocator.quota_map());
    std::vector<uint32_t>& list =
        call.group == 0 ? root_members : members[static_cast<size_t>(call.group)];
    if (list.empty()) return;
    const std::string* name =
        call.unlimited ? nullptr : &groups[static_cast<size_t>(call.group)].name;
    const double limit =
        static_cast<double>(call.limit);  // the root under autoregroup: its pie is the limit too
    Share(ShareCall{limit, name}, &list);
  };
  auto usage = [&](int g) {
    return accountant_.GetWeightedResourcesUsed(groups[static_cast<size_t>(g)].name);
  };
  Status s = allocator.NegotiateAllGroups(pool_size_, std::move(demand), now_, negotiate, usage);
  if (!s.ok()) return s;
  negotiator_.last_quotas_ = allocator.quota_map();
  result_.groups = allocator.report();
  return Status::Ok();
}

classad::Result<CycleResult> Negotiator::Cycle::Run() {
  const Clock::time_point start = Clock::now();
  result_.now = now_;
  result_.requests_recorded = negotiator_.options_.record_requests;
  result_.slots_total = pool_.present_slots();

  // Phase 2: the pie, the accountant, the slots on offer.
  ComputePoolSize();
  result_.pool_size = pool_size_;
  Clock::time_point phase = Clock::now();
  accountant_.UpdatePriorities(now_);
  // The slots as the accountant reads them, read when their ads changed.
  std::vector<const SlotAccounting*> slot_accounting;
  slot_accounting.reserve(pool_.slots().size());
  for (const PoolSlot& slot : pool_.slots()) {
    if (slot.present) slot_accounting.push_back(&slot.accounting);
  }
  if (Status checked = accountant_.CheckMatches(slot_accounting, now_); !checked.ok()) {
    return checked;
  }
  result_.phases.accountant = Millis(phase);

  phase = Clock::now();
  submitters_ = BuildSubmitters(pool_);
  autoclusters_ = negotiator_.autoclusters_.Build(pool_, negotiator_.options_.threads);
  result_.autoclusters = autoclusters_.representative.size();
  result_.significant_attributes = autoclusters_.schedd_significant;
  result_.match_classes = autoclusters_.class_representative.size();
  result_.jobs_clustered = negotiator_.autoclusters_.stats().computed;
  job_matched_.assign(pool_.jobs().size(), 0);
  states_.resize(submitters_.size());
  outcomes_.resize(submitters_.size());
  reported_.assign(submitters_.size(), 0);
  for (uint32_t s = 0; s < submitters_.size(); ++s) {
    const Submitter& sub = submitters_[s];
    states_[s].idle_left = sub.idle;
    SubmitterOutcome& o = outcomes_[s];
    o.name = sub.name;
    o.group = std::string(
        policy_.groups.tree.enabled()
            ? std::string_view(policy_.groups.tree.groups()[static_cast<size_t>(sub.group)].name)
            : std::string_view(policy::kRootGroupName));
    o.usage_start = accountant_.GetWeightedResourcesUsed(sub.name);
    o.idle = sub.idle;
    o.running = sub.running;
    o.floor = accountant_.GetFloor(sub.name);
    o.ceiling = accountant_.GetCeiling(sub.name);
  }
  result_.phases.autoclusters = Millis(phase);

  phase = Clock::now();
  std::vector<uint32_t> offered = TrimmedSlots();
  result_.slots_considered = offered.size();
  // The slots' Remote* attributes read the previous cycle's quota map.
  remote_view_ = std::make_unique<AccountantWithQuotas>(accountant_, negotiator_.last_quotas_);
  MatchmakerOptions matchmaker_options;
  matchmaker_options.threads = negotiator_.options_.threads;
  matchmaker_options.shortcuts = negotiator_.options_.shortcuts;
  matchmaker_options.eval = eval_;
  matchmaker_ = std::make_unique<Matchmaker>(pool_, autoclusters_, accountant_, std::move(offered),
                                             matchmaker_options, remote_view_.get(),
                                             negotiator_.options_.shortcuts
                                                 ? &negotiator_.matchmaker_memory_
                                                 : nullptr);
  matchmaker_->PrepareAll();
  result_.phases.matching = Millis(phase);

  phase = Clock::now();
  if (!policy_.groups.tree.enabled()) {
    std::vector<uint32_t> all(submitters_.size());
    for (uint32_t s = 0; s < all.size(); ++s) all[s] = s;
    Share(ShareCall{static_cast<double>(INT_MAX), nullptr}, &all);
  } else {
    if (Status s = NegotiateGroups(); !s.ok()) return s;
  }
  result_.phases.negotiation = Millis(phase);
  if (!failure_.ok()) return failure_;

  for (uint32_t s = 0; s < submitters_.size(); ++s) {
    outcomes_[s].usage_end = accountant_.GetWeightedResourcesUsed(submitters_[s].name);
  }
  result_.submitters = std::move(outcomes_);
  for (const auto& [key, r] : rejections_) {
    UnmatchedAutocluster u;
    u.autocluster = key.second;
    u.submitter = submitters_[key.first].name;
    u.example_job = pool_.jobs()[r.example_job].id();
    for (const auto& [reason, count] : r.reasons) {
      u.rejections += count;
      if (u.reason.empty() || count > r.reasons.at(u.reason)) u.reason = reason;
    }
    result_.unmatched.push_back(std::move(u));
  }
  result_.quirks = quirks_.List();
  result_.phases.total = Millis(start);
  return std::move(result_);
}

Negotiator::Negotiator(std::shared_ptr<const policy::Policy> policy,
                       const NegotiatorOptions& options)
    : policy_(std::move(policy)),
      options_(options),
      share_model_(options.share_model != nullptr ? options.share_model
                                                  : std::make_shared<const HTCondorPie>()),
      groups_(std::make_unique<GroupQuotaAllocator>(policy_)) {}

Negotiator::~Negotiator() = default;

classad::Result<CycleResult> Negotiator::RunCycle(const Pool& pool, Accountant& accountant,
                                                  int64_t now) {
  Cycle cycle(*this, pool, accountant, now);
  return cycle.Run();
}

Status ApplyMatches(const CycleResult& result, int64_t now, Pool* pool, size_t* refused) {
  if (refused != nullptr) *refused = 0;
  for (const CycleMatch& m : result.matches) {
    Status s = pool->ClaimSlot(m.slot_index, m.job_index, m.submitter, m.slot_rank,
                               m.concurrency_limits, now);
    if (s.code() == classad::StatusCode::kFailedPrecondition) {
      if (refused != nullptr) ++*refused;
      continue;
    }
    if (!s.ok()) return s;
  }
  return Status::Ok();
}

}  // namespace negotiator
