// HTCondor's pie (htcondor_pie.h), after matchmaker.cpp negotiateWithGroup.
#include "negotiator/shares/htcondor_pie.h"

#include <algorithm>
#include <cfloat>
#include <climits>
#include <string>

namespace negotiator {

void HTCondorPie::Share(const ShareCall& call, ShareContext& context,
                        std::vector<uint32_t>* members, SubmitterNegotiation& negotiation) const {
  // The floor round: the members below their floor, each up to it.
  std::vector<uint32_t> below;
  for (uint32_t s : *members) {
    const std::string& name = context.submitters[s].name;
    const int64_t floor = context.accountant.GetFloor(name);
    if (floor > 0 &&
        context.accountant.GetWeightedResourcesUsed(name) < static_cast<double>(floor)) {
      below.push_back(s);
    }
  }
  if (!below.empty()) Spins(/*floor_round=*/true, call, context, &below, negotiation);
  Spins(/*floor_round=*/false, call, context, members, negotiation);
}

void HTCondorPie::Spins(bool floor_round, const ShareCall& call, ShareContext& context,
                        std::vector<uint32_t>* members, SubmitterNegotiation& negotiation) const {
  const policy::MatchPolicy& m = context.matching;
  Accountant& accountant = context.accountant;
  const std::vector<Submitter>& submitters = context.submitters;
  std::vector<SubmitterOutcome>& outcomes = context.outcomes;
  const double group_limit = call.limit;
  const std::string* group_name = call.group;
  std::vector<uint32_t>& active = *members;
  for (int spin = 1;; ++spin) {
    const bool ignore_limit = spin == 1 && m.consider_preemption;
    const double group_usage =
        group_name != nullptr ? accountant.GetWeightedResourcesUsed(*group_name) : 0;
    if (!ignore_limit && group_name != nullptr && group_usage >= group_limit) {
      for (uint32_t s : active) outcomes[s].stopped = StopReason::kGroupLimit;
      break;
    }
    negotiation.BeginSpin();
    if (!m.consider_preemption) {
      // The submitter ad's IdleJobs: fixed for the cycle.
      std::erase_if(active, [&](uint32_t s) { return submitters[s].idle <= 0; });
    }
    if (active.empty()) break;
    // Normalisation (§3.2): shares by EUP over the submitters left.
    std::vector<double> eup(submitters.size(), 0);
    double max_prio = 0;
    for (uint32_t s : active) {
      eup[s] = accountant.GetPriority(submitters[s].name);
      max_prio = std::max(max_prio, eup[s]);
    }
    double normal_factor = 0;
    for (uint32_t s : active) normal_factor += max_prio / eup[s];
    const double pie = std::min(context.pool_size, group_limit);
    // HTCondor's calculateSubmitterLimit; the floor applies only where it
    // is asked for (calculatePieLeft leaves it out even in a floor round).
    auto limits_of = [&](uint32_t s, double* limit, double* limit_unclaimed, bool apply_floor) {
      const std::string& name = submitters[s].name;
      const double usage = accountant.GetWeightedResourcesUsed(name);
      const double share = max_prio / (eup[s] * normal_factor);
      *limit = std::max(0.0, share * pie - usage);
      if (m.ignore_user_priorities) *limit = DBL_MAX;
      *limit_unclaimed = *limit;
      if (group_name != nullptr) {
        // calculateSubmitterLimit takes the group's quota and usage as
        // float parameters and subtracts them in float.
        float max_allowed = static_cast<float>(group_limit) - static_cast<float>(group_usage);
        if (max_allowed < 0) max_allowed = 0.0f;
        if (*limit_unclaimed > max_allowed) *limit_unclaimed = max_allowed;
      }
      if (!m.consider_preemption) *limit = *limit_unclaimed;
      if (apply_floor) *limit = std::min(static_cast<double>(accountant.GetFloor(name)), *limit);
      return share;
    };
    double pie_left = 0;
    std::vector<double> starvation(submitters.size(), 0);
    for (uint32_t s : active) {
      double limit = 0, unclaimed = 0;
      const double share = limits_of(s, &limit, &unclaimed, /*apply_floor=*/false);
      pie_left += limit;
      const double usage = accountant.GetWeightedResourcesUsed(submitters[s].name);
      starvation[s] = usage + limit > 0 ? usage / (usage + limit) : FLT_MAX;
      SubmitterOutcome& outcome = outcomes[s];
      if (context.reported[s] == 0) {
        context.reported[s] = 1;
        outcome.priority = eup[s];
        outcome.share = share;
        outcome.limit = share * pie;
      }
    }
    if (!m.consider_preemption && pie_left <= 0) {
      for (uint32_t s : active) outcomes[s].stopped = StopReason::kPieExhausted;
      break;
    }
    if (spin == 1) {
      std::stable_sort(active.begin(), active.end(), [&](uint32_t a, uint32_t b) {
        if (eup[a] != eup[b]) return eup[a] < eup[b];
        if (starvation[a] != starvation[b]) return starvation[a] < starvation[b];
        return submitters[a].name < submitters[b].name;
      });
    }
    const double pie_left_before = pie_left;
    bool removed_any = false;
    std::vector<uint32_t> still;
    for (size_t i = 0; i < active.size(); ++i) {
      const uint32_t s = active[i];
      if (group_name != nullptr && !ignore_limit &&
          accountant.GetWeightedResourcesUsed(*group_name) >= group_limit) {
        for (size_t k = i; k < active.size(); ++k) {
          outcomes[active[k]].stopped = StopReason::kGroupLimit;
          still.push_back(active[k]);
        }
        break;
      }
      double limit = 0, limit_unclaimed = 0;
      limits_of(s, &limit, &limit_unclaimed, /*apply_floor=*/floor_round);
      if (limit > pie_left) limit = pie_left;
      const std::string& name = submitters[s].name;
      const int64_t ceiling = accountant.GetCeiling(name);
      const double headroom =
          ceiling < 0 ? static_cast<double>(INT_MAX)
                      : std::max<double>(0, static_cast<double>(ceiling) -
                                                static_cast<double>(static_cast<int64_t>(
                                                    accountant.GetWeightedResourcesUsed(name))));
      if (submitters[s].idle <= 0) {
        outcomes[s].stopped = StopReason::kNoMoreJobs;
        removed_any = true;
        continue;
      }
      if (spin > 1 && (limit < context.min_slot_weight || pie_left < context.min_slot_weight)) {
        still.push_back(s);
        continue;
      }
      if (headroom <= 0 || headroom < context.min_slot_weight) {
        outcomes[s].stopped = StopReason::kCeiling;
        removed_any = true;
        continue;
      }
      const SubmitterLimits limits{eup[s],       limit,      limit_unclaimed, headroom,
                                   ignore_limit, group_name, spin,            floor_round};
      if (negotiation.Negotiate(s, limits, &pie_left) == TurnOutcome::kDone) {
        removed_any = true;
      } else {
        still.push_back(s);
      }
    }
    active = std::move(still);
    if (!(pie_left < pie_left_before || removed_any) || active.empty() ||
        negotiation.SlotsLeft() == 0 || floor_round) {
      break;
    }
  }
}

}  // namespace negotiator
