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
#include "negotiator/pool/submitters.h"
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

// negotiate()'s outcome for a submitter.
enum class Outcome { kResume, kDone };

}  // namespace

// One cycle's working state.
class Negotiator::Cycle {
 public:
  Cycle(Negotiator& negotiator, const Pool& pool, Accountant& accountant, int64_t now)
      : policy_(*negotiator.policy_),
        negotiator_(negotiator),
        pool_(pool),
        accountant_(accountant),
        now_(now) {}

  classad::Result<CycleResult> Run();

 private:
  // Per submitter, across the spins of the cycle.
  struct SubmitterState {
    size_t cursor = 0;      // idle_jobs before it are all matched
    int64_t idle_left = 0;  // idle jobs not matched yet
    bool reported = false;  // outcome's priority/share/limit filled in
  };

  void ComputePoolSize();
  std::vector<uint32_t> TrimmedSlots() const;
  // HTCondor's negotiateWithGroup over `*members` (indices into
  // submitters_), which it sorts and from which it drops the submitters
  // that are done, as HTCondor changes the group's list it is handed (a
  // later allocation round sees only those left). `group_name` null: no
  // group limit.
  void NegotiateWithGroup(bool floor_round, std::vector<uint32_t>* members, double group_limit,
                          const std::string* group_name);
  // HTCondor's negotiate() for one submitter in one spin.
  Outcome Negotiate(uint32_t s, double eup, double limit, double limit_unclaimed, double headroom,
                    bool ignore_limit, const std::string* group_name, double* pie_left);
  // Group quotas (§2): the allocator's rounds calling NegotiateWithGroup.
  // Errors are the allocator's (a demand or usage that is not finite).
  Status NegotiateGroups();
  // The members of `members` below their floor.
  std::vector<uint32_t> BelowFloor(const std::vector<uint32_t>& members) const;

  const policy::Policy& policy_;
  Negotiator& negotiator_;
  const Pool& pool_;
  Accountant& accountant_;
  const int64_t now_;

  CycleResult result_;
  double pool_size_ = 0;
  double min_slot_weight_ = 1;
  std::vector<Submitter> submitters_;
  std::vector<SubmitterState> states_;
  std::vector<SubmitterOutcome> outcomes_;
  Autoclusters autoclusters_;
  std::unique_ptr<AccountantWithQuotas> remote_view_;
  std::unique_ptr<Matchmaker> matchmaker_;
  std::vector<uint8_t> job_matched_;
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
        !classad::IsTrueValue(classad::EvaluateExpr(*only.expr, slot.ad.get(), nullptr))) {
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
  const policy::MatchPolicy& m = policy_.matching;
  std::vector<uint32_t> out;
  out.reserve(pool_.slots().size());
  for (uint32_t i = 0; i < pool_.slots().size(); ++i) {
    const PoolSlot& slot = pool_.slots()[i];
    if (!slot.present) continue;
    const bool claimed = slot.state == SlotState::kClaimed || slot.state == SlotState::kPreempting;
    if (!m.consider_preemption) {
      if (claimed && !slot.partitionable) continue;
    } else if (!m.consider_early_preemption && slot.retirement_remaining > 0) {
      continue;
    }
    out.push_back(i);
  }
  return out;
}

std::vector<uint32_t> Negotiator::Cycle::BelowFloor(const std::vector<uint32_t>& members) const {
  std::vector<uint32_t> out;
  for (uint32_t s : members) {
    const std::string& name = submitters_[s].name;
    const int64_t floor = accountant_.GetFloor(name);
    if (floor > 0 && accountant_.GetWeightedResourcesUsed(name) < static_cast<double>(floor)) {
      out.push_back(s);
    }
  }
  return out;
}

Outcome Negotiator::Cycle::Negotiate(uint32_t s, double eup, double limit, double limit_unclaimed,
                                     double headroom, bool ignore_limit,
                                     const std::string* group_name, double* pie_left) {
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
  for (size_t k = state.cursor; k < submitter.idle_jobs.size(); ++k) {
    const uint32_t j = submitter.idle_jobs[k];
    if (job_matched_[j] != 0) continue;
    const uint32_t ac = autoclusters_.of_job[j];
    if (rejected[ac] != 0) continue;
    bool only_startd_rank = false;
    if (limit_used >= limit) {
      if (!ignore_limit) {
        outcome.stopped = "submitter limit reached";
        return Outcome::kResume;
      }
      only_startd_rank = true;
    }
    if (limit_used >= headroom) {
      outcome.stopped = "ceiling reached";
      return Outcome::kResume;
    }
    // The request's ephemeral attributes, as inserted into a fresh copy of
    // the job for each request.
    request_attributes_.Bind(context, accountant_);
    MatchRequest request;
    request.job = j;
    request.autocluster = ac;
    request.submitter = s;
    request.submitter_name = submitter.name;
    request.request_overlay = &request_attributes_.overlay();
    request.only_startd_rank = only_startd_rank;
    request.limit = limit;
    request.limit_used = limit_used;
    request.limit_unclaimed = limit_unclaimed;
    request.limit_used_unclaimed = limit_used_unclaimed;
    Rejection why;
    std::optional<Offer> offer = matchmaker_->FindOffer(request, &why);
    if (!offer) {
      rejected[ac] = 1;
      // Past its limit on spin 1 a submitter may only take slots whose
      // Rank prefers its job (HTCondor then reports "no match found").
      const std::string reason = only_startd_rank && why.Reason() == "no match found"
                                     ? "submitter limit reached (only rank preemption was possible)"
                                     : why.Reason();
      Rejections& r = rejections_[{s, ac}];
      if (r.reasons.empty()) r.example_job = j;
      r.reasons[reason] += 1;
      if (why.submitter_limit) rejected_for_limit = true;
      outcome.stopped = why.concurrency_limit ? "concurrency limit" : "no matching slot";
      if (why.submitter_limit && !m.consider_preemption && !policy_.accountant.use_slot_weights) {
        outcome.stopped = "submitter limit reached";
        return Outcome::kResume;
      }
      continue;
    }
    // The match: charged at once, the slot off the list.
    const PoolSlot& slot = pool_.slots()[offer->slot];
    CycleMatch match;
    match.job_index = j;
    match.slot_index = offer->slot;
    match.job = jobs[j].id();
    match.slot = slot.name;
    match.submitter = submitter.name;
    match.group = std::string(
        policy_.groups.tree.enabled()
            ? std::string_view(
                  policy_.groups.tree.groups()[static_cast<size_t>(submitter.group)].name)
            : std::string_view(policy::kRootGroupName));
    match.reason = offer->state;
    match.cost = offer->cost;
    match.slot_rank = offer->slot_rank;
    match.concurrency_limits = offer->matched_limits;
    if (offer->state != PreemptState::kNone) {
      match.preempted_user = slot.remote_user;
      classad::EvaluateAttrString(*slot.ad, "JobId", &match.preempted_job);
      ++result_.preemptions;
    }
    if (Status charged =
            accountant_.AddNewMatch(submitter.name, *slot.ad, offer->matched_limits, now_);
        !charged.ok() && failure_.ok()) {
      failure_ = charged;  // cannot happen: Pool refuses slots it cannot charge
    }
    matchmaker_->Take(offer->slot);
    job_matched_[j] = 1;
    --state.idle_left;
    ++outcome.matches;
    outcome.matched_weight += offer->cost;
    limit_used += offer->cost;
    if (offer->state == PreemptState::kNone) limit_used_unclaimed += offer->cost;
    *pie_left -= offer->cost;
    result_.matches.push_back(std::move(match));
  }
  if (state.idle_left == 0) outcome.stopped = "no more jobs";
  // HTCondor checks the ceiling before it asks for another request, so a
  // submitter whose last match reached its ceiling resumes (and stays in
  // the next spin's normalisation) rather than being done.
  if (limit_used >= headroom) {
    outcome.stopped = "ceiling reached";
    return Outcome::kResume;
  }
  if (limit_used >= limit || rejected_for_limit) {
    if (limit_used >= limit) outcome.stopped = "submitter limit reached";
    return Outcome::kResume;
  }
  return Outcome::kDone;
}

void Negotiator::Cycle::NegotiateWithGroup(bool floor_round, std::vector<uint32_t>* members,
                                           double group_limit, const std::string* group_name) {
  const policy::MatchPolicy& m = policy_.matching;
  std::vector<uint32_t>& active = *members;
  for (int spin = 1;; ++spin) {
    const bool ignore_limit = spin == 1 && m.consider_preemption;
    const double group_usage =
        group_name != nullptr ? accountant_.GetWeightedResourcesUsed(*group_name) : 0;
    if (!ignore_limit && group_name != nullptr && group_usage >= group_limit) {
      for (uint32_t s : active) outcomes_[s].stopped = "group limit reached";
      break;
    }
    if (!m.consider_preemption) {
      // The submitter ad's IdleJobs: fixed for the cycle.
      std::erase_if(active, [this](uint32_t s) { return submitters_[s].idle <= 0; });
    }
    if (active.empty()) break;
    // Normalisation (§3.2): shares by EUP over the submitters left.
    std::vector<double> eup(submitters_.size(), 0);
    double max_prio = 0;
    for (uint32_t s : active) {
      eup[s] = accountant_.GetPriority(submitters_[s].name);
      max_prio = std::max(max_prio, eup[s]);
    }
    double normal_factor = 0;
    for (uint32_t s : active) normal_factor += max_prio / eup[s];
    const double pie = std::min(pool_size_, group_limit);
    // HTCondor's calculateSubmitterLimit; the floor applies only where it
    // is asked for (calculatePieLeft leaves it out even in a floor round).
    auto limits_of = [&](uint32_t s, double* limit, double* limit_unclaimed, bool apply_floor) {
      const std::string& name = submitters_[s].name;
      const double usage = accountant_.GetWeightedResourcesUsed(name);
      const double share = max_prio / (eup[s] * normal_factor);
      *limit = std::max(0.0, share * pie - usage);
      if (m.ignore_user_priorities) *limit = DBL_MAX;
      *limit_unclaimed = *limit;
      if (group_name != nullptr) {
        *limit_unclaimed = std::min(*limit, std::max(0.0, group_limit - group_usage));
      }
      if (!m.consider_preemption) *limit = *limit_unclaimed;
      if (apply_floor) *limit = std::min(static_cast<double>(accountant_.GetFloor(name)), *limit);
      return share;
    };
    double pie_left = 0;
    std::vector<double> starvation(submitters_.size(), 0);
    for (uint32_t s : active) {
      double limit = 0, unclaimed = 0;
      const double share = limits_of(s, &limit, &unclaimed, /*apply_floor=*/false);
      pie_left += limit;
      const double usage = accountant_.GetWeightedResourcesUsed(submitters_[s].name);
      starvation[s] = usage + limit > 0 ? usage / (usage + limit) : FLT_MAX;
      SubmitterOutcome& outcome = outcomes_[s];
      if (!states_[s].reported) {
        states_[s].reported = true;
        outcome.priority = eup[s];
        outcome.share = share;
        outcome.limit = share * pie;
      }
    }
    if (!m.consider_preemption && pie_left <= 0) {
      for (uint32_t s : active) outcomes_[s].stopped = "pie exhausted";
      break;
    }
    if (spin == 1) {
      std::stable_sort(active.begin(), active.end(), [&](uint32_t a, uint32_t b) {
        if (eup[a] != eup[b]) return eup[a] < eup[b];
        if (starvation[a] != starvation[b]) return starvation[a] < starvation[b];
        return submitters_[a].name < submitters_[b].name;
      });
    }
    const double pie_left_before = pie_left;
    bool removed_any = false;
    std::vector<uint32_t> still;
    for (size_t i = 0; i < active.size(); ++i) {
      const uint32_t s = active[i];
      if (group_name != nullptr && !ignore_limit &&
          accountant_.GetWeightedResourcesUsed(*group_name) >= group_limit) {
        for (size_t k = i; k < active.size(); ++k) {
          outcomes_[active[k]].stopped = "group limit reached";
          still.push_back(active[k]);
        }
        break;
      }
      double limit = 0, limit_unclaimed = 0;
      limits_of(s, &limit, &limit_unclaimed, /*apply_floor=*/floor_round);
      if (limit > pie_left) limit = pie_left;
      const std::string& name = submitters_[s].name;
      const int64_t ceiling = accountant_.GetCeiling(name);
      const double headroom =
          ceiling < 0 ? static_cast<double>(INT_MAX)
                      : std::max<double>(0, static_cast<double>(ceiling) -
                                                static_cast<double>(static_cast<int64_t>(
                                                    accountant_.GetWeightedResourcesUsed(name))));
      if (submitters_[s].idle <= 0) {
        outcomes_[s].stopped = "no more jobs";
        removed_any = true;
        continue;
      }
      if (spin > 1 && (limit < min_slot_weight_ || pie_left < min_slot_weight_)) {
        still.push_back(s);
        continue;
      }
      if (headroom <= 0 || headroom < min_slot_weight_) {
        outcomes_[s].stopped = "ceiling reached";
        removed_any = true;
        continue;
      }
      const Outcome outcome = Negotiate(s, eup[s], limit, limit_unclaimed, headroom, ignore_limit,
                                        group_name, &pie_left);
      if (outcome == Outcome::kDone) {
        removed_any = true;
      } else {
        still.push_back(s);
      }
    }
    active = std::move(still);
    if (!(pie_left < pie_left_before || removed_any) || active.empty() ||
        matchmaker_->remaining() == 0 || floor_round) {
      break;
    }
  }
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
    std::vector<uint32_t> below = BelowFloor(list);
    if (!below.empty()) NegotiateWithGroup(/*floor_round=*/true, &below, limit, name);
    NegotiateWithGroup(/*floor_round=*/false, &list, limit, name);
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
  result_.slots_total = pool_.present_slots();

  // Phase 2: the pie, the accountant, the slots on offer.
  ComputePoolSize();
  result_.pool_size = pool_size_;
  Clock::time_point phase = Clock::now();
  accountant_.UpdatePriorities(now_);
  std::vector<const ClassAd*> slot_ads;
  slot_ads.reserve(pool_.slots().size());
  for (const PoolSlot& slot : pool_.slots()) {
    if (slot.present) slot_ads.push_back(slot.ad.get());
  }
  if (Status checked = accountant_.CheckMatches(slot_ads, now_); !checked.ok()) return checked;
  result_.phases.accountant = Millis(phase);

  phase = Clock::now();
  submitters_ = BuildSubmitters(pool_);
  autoclusters_ = negotiator_.autoclusters_.Build(pool_, negotiator_.options_.threads);
  result_.autoclusters = autoclusters_.representative.size();
  result_.match_classes = autoclusters_.class_representative.size();
  result_.jobs_clustered = negotiator_.autoclusters_.stats().computed;
  job_matched_.assign(pool_.jobs().size(), 0);
  states_.resize(submitters_.size());
  outcomes_.resize(submitters_.size());
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
  matchmaker_ = std::make_unique<Matchmaker>(pool_, autoclusters_, accountant_, std::move(offered),
                                             MatchmakerOptions{negotiator_.options_.threads, negotiator_.options_.shortcuts},
                                             remote_view_.get());
  matchmaker_->PrepareAll();
  result_.phases.matching = Millis(phase);

  phase = Clock::now();
  if (!policy_.groups.tree.enabled()) {
    std::vector<uint32_t> all(submitters_.size());
    for (uint32_t s = 0; s < all.size(); ++s) all[s] = s;
    std::vector<uint32_t> below = BelowFloor(all);
    if (!below.empty()) {
      NegotiateWithGroup(/*floor_round=*/true, &below, static_cast<double>(INT_MAX), nullptr);
    }
    NegotiateWithGroup(/*floor_round=*/false, &all, static_cast<double>(INT_MAX), nullptr);
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
  result_.phases.total = Millis(start);
  return std::move(result_);
}

Negotiator::Negotiator(std::shared_ptr<const policy::Policy> policy,
                       const NegotiatorOptions& options)
    : policy_(std::move(policy)),
      options_(options),
      groups_(std::make_unique<GroupQuotaAllocator>(policy_)) {}

Negotiator::~Negotiator() = default;

classad::Result<CycleResult> Negotiator::RunCycle(const Pool& pool, Accountant& accountant,
                                                  int64_t now) {
  Cycle cycle(*this, pool, accountant, now);
  return cycle.Run();
}

Status ApplyMatches(const CycleResult& result, int64_t now, Pool* pool) {
  for (const CycleMatch& m : result.matches) {
    if (Status s = pool->ClaimSlot(m.slot_index, m.job_index, m.submitter, m.slot_rank,
                                   m.concurrency_limits, now);
        !s.ok()) {
      return s;
    }
  }
  return Status::Ok();
}

}  // namespace negotiator
