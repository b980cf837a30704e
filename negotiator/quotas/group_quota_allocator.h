// GroupQuotaAllocator: hierarchical group quotas for one negotiation cycle,
// as HTCondor's GroupEntry.cpp computes them (reference §1.5, §2): quotas
// assigned from the pool's total (static, dynamic, oversubscription), then
// up to GROUP_QUOTA_MAX_ALLOCATION_ROUNDS allocation rounds, each one
// fairshare with surplus flowing up the tree (GROUP_ACCEPT_SURPLUS[_g]),
// fractional remainders recovered by round robin when slot weights are
// off, the groups ordered by GROUP_SORT_EXPR (the root last under
// GROUP_AUTOREGROUP), limits handed out at GROUP_QUOTA_ROUND_ROBIN_RATE,
// capped by NEGOTIATOR_STRICT_ENFORCE_QUOTA, and one call of the
// negotiator's callback (HTCondor's negotiateWithGroup) per group and pass.
//
// Arithmetic. As HTCondor's: every quota, demand, surplus share and limit
// is a double computed with HTCondor's operations in HTCondor's order
// (quota_tree.h), so its rounding errors decide what they decide there:
// GROUP_QUOTA_DYNAMIC_a = 0.29 of a pool of 100 is 28.999999999999996,
// and the limit passed is 28, not 29. Where that happens (a limit a
// rounding error below a whole number), the group's report carries a note
// saying so; so does the root's when the remainders recovered add up to a
// rounding error below a whole slot that some group wanted. The limit
// reaches the callback as HTCondor's int parameter receives it on x86-64
// Linux built with g++: truncated toward zero, and INT_MIN where the
// double is NaN or outside int's range (a conversion C++ leaves undefined;
// the cvttsd2si instruction gives INT_MIN, deterministically;
// classad::TruncateToIntLikeX86). So:
//   * when a group is below max(allocated, quota) (delta > 0) while no
//     group is below its target of maxdelta (allocated with some group
//     accepting surplus, else quota; maxdelta = 0), the limit is
//     usage + delta × 0/0 = NaN, passed as INT_MIN. It happens often: in a
//     second round every group whose demand fell to its usage is in this
//     case. negotiateWithGroup then gives the group no room (in the first
//     spin with preemption on, only matches the slot's Rank prefers); the
//     report's note says so;
//   * a limit of 2^31 or more (a pool of huge slot weights) is INT_MIN
//     too, and noted.
// The group sort key is a double, as HTCondor's (GroupEntry::sort_key is
// a double; only the fallback for a failed evaluation is FLT_MAX), from an
// ad whose GroupQuota, GroupResourcesAllocated and GroupResourcesInUse are
// reals (so `GroupResourcesInUse/GroupQuota` divides as reals); as in
// HTCondor's LookupFloat, a boolean key counts as 1.0 or 0.0.
//
// Other choices (docs/compatibility.md):
//   * Ties in GROUP_SORT_EXPR, and in round robin's order, are placed by
//     std::sort from HTCondor's starting order, with its comparators: as a
//     g++-built negotiator places them (the breadth-first order up to 16
//     groups, introsort's order beyond).
//   * A sort key that is NaN is treated as a failed evaluation (FLT_MAX);
//     HTCondor would sort with it, which std::sort does not allow.
//   * Round-robin passes are bounded by Options::max_round_robin_passes.
//
// HTCondor's behaviour kept as it is (reference §2.4–2.5, GroupEntry.cpp):
//   * A group's limit is max(allocated, quota), not its allocation: a group
//     with less demand than quota may still negotiate up to its quota.
//   * Under oversubscription (the default) a parent keeps its whole quota
//     besides its children's, and with no submitters of its own hands it
//     to its accepting children as surplus; only strict enforcement under a
//     non-accepting ancestor caps the subtree at that ancestor's quota.
//   * Strict enforcement measures the headroom with the usage now but adds
//     it to the group's usage as of the round's start, so with a small
//     GROUP_QUOTA_ROUND_ROBIN_RATE the passes after the first can end below
//     the target (a group may stop at 6 of 10 in a round).
//   * Fractional remainders recovered with slot weights off round each
//     leftover demand to the nearest whole slot (round_for_precision), so a
//     demand of 2.5 can be allocated 3.
//   * Under autoregroup the root's allocation is the whole pool, so usage
//     never covers Σ allocated and every allocation round runs.
//
// State across cycles: HTCondor keeps its group tree (and each group's
// round-robin time, rr_time) from one cycle to the next until a reconfig.
// So does this object: call NegotiateAllGroups once per cycle on the same
// allocator to simulate cycle after cycle; make a new one when the policy
// changes.
//
// Thread-safety: none; one cycle at a time. The callbacks run on the
// calling thread.
#ifndef NEGOTIATOR_QUOTAS_GROUP_QUOTA_ALLOCATOR_H_
#define NEGOTIATOR_QUOTAS_GROUP_QUOTA_ALLOCATOR_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "classad/classad.h"
#include "classad/status.h"
#include "negotiator/quotas/quota_tree.h"
#include "policy/policy.h"

namespace negotiator {

// One group's inputs for a cycle (index as in GroupTree::groups()).
struct GroupDemand {
  // Σ over the submitters assigned to this group (not its subgroups) of
  // WeightedIdleJobs + WeightedRunningJobs, or IdleJobs + RunningJobs when
  // NEGOTIATOR_USE_WEIGHTED_DEMAND is false (reference §2.2). For the root,
  // its own submitters only: autoregroup submitters add no demand there.
  double requested = 0;
  // The group's node-only WeightedResourcesUsed at the start of the cycle.
  double usage = 0;
  // Whether some submitter is assigned to this group. For the root under
  // autoregroup the allocator adds the submitters of autoregroup groups.
  bool has_submitters = false;
};

// One call of the negotiation callback: negotiate for `group` up to
// `limit` (HTCondor's negotiateWithGroup, its floor round first).
struct GroupNegotiation {
  int group = 0;           // index in GroupTree::groups(); 0 is "<none>"
  // The root under autoregroup: HTCondor passes a NULL group name, so no
  // group limit is enforced and every submitter of the root and of the
  // autoregroup groups negotiates for the whole pool, each charged to its
  // own group.
  bool unlimited = false;
  // The group's usage limit as HTCondor's int parameter receives it
  // (classad::TruncateToIntLikeX86).
  int64_t limit = 0;
  int round = 0;           // allocation round, from 1
  int pass = 0;            // round-robin pass within the round, from 1
};

// One allocation round of one group, for the explanation.
struct GroupQuotaRound {
  int round = 0;
  double requested = 0;   // demand still to allocate at the round's start
  double fairshare = 0;   // min(requested, quota): allocated from its own quota
  double surplus = 0;     // received as surplus (from its subtree, siblings and ancestors)
  double remainder = 0;   // the change by remainder recovery: −fraction floored, +slots by round robin
  double allocated = 0;   // the round's allocation (the whole pool for the root under autoregroup)
  double sort_key = 0;    // GROUP_SORT_EXPR's value (FLT_MAX when it failed)
  bool sort_key_failed = false;
  std::vector<int64_t> limits;  // the limits passed to the callback, one per pass it negotiated in
  double usage_after = 0;  // its usage read back after the round
};

// One group's explanation for the last cycle.
struct GroupQuotaReport {
  std::string name;            // as spelled in GROUP_NAMES; "<none>" for the root
  bool static_quota = false;   // GROUP_QUOTA_<g> (slots) rather than GROUP_QUOTA_DYNAMIC_<g>
  double config_quota = 0;     // the configured value (slots, or a fraction)
  bool accept_surplus = false;
  bool autoregroup = false;
  double subtree_quota = 0;    // what the subtree received from its parent
  double quota = 0;            // the effective quota after scaling (the root: the pool's rest;
                               // the whole pool under autoregroup, as in quota_map())
  double demand = 0;           // GroupDemand::requested
  bool has_submitters = false; // as the allocator saw it (autoregroup included)
  double usage_start = 0;
  double usage_end = 0;
  double sort_key = 0;         // from the last round
  int64_t round_robin_time = 0;  // rr_time after the cycle
  std::vector<GroupQuotaRound> rounds;
  // Where HTCondor's arithmetic gives this group a limit other than the
  // configuration seems to mean: a double a rounding error below a whole
  // number, a limit that reached the callback as INT_MIN. Each once.
  std::vector<std::string> notes;
};

// The cycle as a whole, for the explanation.
struct GroupQuotaSummary {
  double total_quota = 0;      // the pool total the quotas came from
  int rounds = 0;              // allocation rounds run
  bool satisfied = false;      // stopped because every allocation was used (else: the round limit)
  double allocated_total = 0;  // Σ allocated in the last round
  double usage_total = 0;      // Σ min(usage, allocated) after the last round
  double surplus_left = 0;     // surplus nobody could take in the last round
  // Notes (a sort key that failed to evaluate, a round-robin rate raised
  // to respect Options::max_round_robin_passes).
  std::vector<std::string> notes;
};

// Whether `value` lies a rounding error below a whole number, as a
// decimal computation lands there in double (0.29 × 100 is
// 28.999999999999996; fractions of 3.3 and 7.699999999999999 add up to
// 0.9999999999999991): below it by at most 1e-12 × max(1, |value|,
// |scale|), where `scale` is the size of the quantities the value was
// computed from (the pool, for a sum of remainders). Sets `*whole` to that
// number. False for whole numbers, NaN and infinities. Pure.
bool JustBelowWholeNumber(double value, double scale, double* whole);

// The allocator. Holds the policy (shared) and the state HTCondor keeps
// across cycles.
class GroupQuotaAllocator {
 public:
  // Limits of this implementation (HTCondor has none).
  struct Options {
    // Round-robin passes in one allocation round at most. HTCondor makes
    // ceil(maxdelta / GROUP_QUOTA_ROUND_ROBIN_RATE) passes (one with the
    // default rate); when that is more, the rate is raised to maxdelta /
    // max_round_robin_passes for the round and a note says so.
    int64_t max_round_robin_passes = 100000;
  };

  // Reads the group tree, GROUP_SORT_EXPR and the group knobs from
  // `policy->groups`, NEGOTIATOR_USE_SLOT_WEIGHTS from `policy->accountant`
  // and NEGOTIATOR_CONSIDER_PREEMPTION from `policy->matching`. `policy`
  // must not be null; it is kept alive by the allocator.
  explicit GroupQuotaAllocator(std::shared_ptr<const policy::Policy> policy);
  GroupQuotaAllocator(std::shared_ptr<const policy::Policy> policy, Options options);

  // Runs one cycle of group negotiation (hgq_prepare_for_matchmaking's
  // quota assignment, then hgq_negotiate_with_all_groups):
  //   * quotas from `total_quota` (reference §1.5: the weighted pool size
  //     with slot weights on, else the number of effective slots);
  //   * each allocation round: fairshare and surplus (§2.4), remainders
  //     when slot weights are off, the root's quota and allocation set to
  //     the pool under autoregroup, quota_map() refilled, the groups
  //     sorted by GROUP_SORT_EXPR (the root last under autoregroup), then
  //     the round-robin passes: for each group in order with an allocation,
  //     submitters, and room (or preemption on), `negotiate` is called with
  //     its limit, after strict enforcement under non-accepting ancestors;
  //   * after each round each group's usage is read with `usage(group)`;
  //     a group short of its allocation keeps its usage as its demand, the
  //     others get their demand back; the rounds stop when Σ min(usage,
  //     allocated) ≥ Σ allocated, or after GROUP_QUOTA_MAX_ALLOCATION_ROUNDS.
  // `demand` has one entry per group of the tree, in its order.
  // `usage(group)` must return the group's node-only weighted usage now
  // (before any negotiation, demand[group].usage); it is also read for the
  // sort ad and for strict enforcement. `now` stamps the round-robin
  // times and is the sort expression's time().
  // Returns kInvalidArgument (before any callback) when `demand` has the
  // wrong size or a value that is not finite, or when `total_quota` is not
  // finite, and kInvalidArgument when `usage` returns a value that is not
  // finite (the cycle stops there; the reports cover what ran).
  classad::Status NegotiateAllGroups(double total_quota, std::vector<GroupDemand> demand, int64_t now,
                                     const std::function<void(const GroupNegotiation&)>& negotiate,
                                     const std::function<double(int group)>& usage);

  // Group name (spelled as in GROUP_NAMES, "<none>" for the root) -> quota
  // of the current (during the callbacks) or last round (HTCondor's
  // groupQuotasHash: `quota`, not `allocated`; the pool under autoregroup
  // for the root). Feeds SubmitterGroupQuota and RemoteGroupQuota. Empty
  // before the first cycle.
  const std::map<std::string, double, std::less<>>& quota_map() const { return quota_map_; }

  // Per group (tree order), the last cycle's explanation.
  const std::vector<GroupQuotaReport>& report() const { return report_; }
  const GroupQuotaSummary& summary() const { return summary_; }

  // The round-robin time of `group` (0 until round robin served it or
  // found it satisfied); kept across cycles.
  int64_t round_robin_time(int group) const { return tree_.nodes()[static_cast<size_t>(group)].rr_time; }

 private:
  // The limit for `group` in this pass (the round-robin fraction n of
  // maxdelta, floors, strict enforcement) as negotiateWithGroup receives
  // it: the double converted to int as on x86-64 (INT_MIN for the NaN of
  // maxdelta 0 with the group below its target), or an error from `usage`.
  // Adds the group's notes on the arithmetic.
  classad::Result<int> PassLimit(int group, double n, double maxdelta, const std::function<double(int)>& usage);
  // NEGOTIATOR_STRICT_ENFORCE_QUOTA's cap on `slots` for `group`
  // (strict_enforce_quota; the identity when the knob is off).
  classad::Result<double> StrictlyEnforced(int group, double slots, const std::function<double(int)>& usage);
  // Adds `note` to `group`'s report unless it is there already.
  void Note(int group, std::string note);
  // Evaluates GROUP_SORT_EXPR for every group into sort_keys_.
  void ComputeSortKeys(const std::vector<double>& live_usage, int64_t now, int round);

  std::shared_ptr<const policy::Policy> policy_;
  Options options_;
  const policy::GroupQuotaPolicy& groups_;
  bool use_slot_weights_;
  bool consider_preemption_;
  GroupQuotaTree tree_;
  std::vector<classad::ClassAd> sort_ads_;  // per group: AccountingGroup, SortExpr, SortExprString
  // Per cycle.
  std::vector<double> usage_;   // HGQ's `usage`: the start, then re-read after each round
  std::vector<bool> has_submitters_;
  std::vector<double> sort_keys_;
  std::vector<bool> sort_failed_;
  std::vector<int> strict_scratch_;       // StrictlyEnforced's subtree walk
  std::vector<double> strict_usage_;      // and its subtree usage
  std::map<std::string, double, std::less<>> quota_map_;
  std::vector<GroupQuotaReport> report_;
  GroupQuotaSummary summary_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_QUOTAS_GROUP_QUOTA_ALLOCATOR_H_
