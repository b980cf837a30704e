// GroupQuotaAllocator (group_quota_allocator.h), following GroupEntry.cpp's
// hgq_prepare_for_matchmaking, hgq_negotiate_with_all_groups and
// strict_enforce_quota.
#include "negotiator/quotas/group_quota_allocator.h"

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <numeric>
#include <utility>

#include "classad/evaluator.h"
#include "classad/value.h"

namespace negotiator {

namespace {

// The sort ad's attributes (HTCondor's ATTR_* of the same meaning).
constexpr std::string_view kAccountingGroup = "AccountingGroup";
constexpr std::string_view kSortExpr = "SortExpr";
constexpr std::string_view kSortExprString = "SortExprString";
constexpr std::string_view kGroupQuota = "GroupQuota";
constexpr std::string_view kGroupResourcesAllocated = "GroupResourcesAllocated";
constexpr std::string_view kGroupResourcesInUse = "GroupResourcesInUse";

// HTCondor's ClassAd::LookupFloat (EvaluateAttrNumber into a double): an
// integer, a real, or a boolean as 1.0 / 0.0; false for anything else.
bool LookupFloat(const classad::ClassAd& ad, std::string_view name, const classad::EvalOptions& options,
                 double* out) {
  const classad::Value v = classad::EvaluateAttr(ad, name, nullptr, options);
  if (v.IsInteger()) {
    *out = static_cast<double>(v.integer());
  } else if (v.IsReal()) {
    *out = v.real();
  } else if (v.IsBoolean()) {
    *out = v.boolean() ? 1.0 : 0.0;
  } else {
    return false;
  }
  return true;
}

classad::Status NotFinite(const std::string& what, double value) {
  return classad::Status(classad::StatusCode::kInvalidArgument,
                         "group quotas: " + what + " is not a finite number (" + std::to_string(value) + ")");
}

}  // namespace

GroupQuotaAllocator::GroupQuotaAllocator(std::shared_ptr<const policy::Policy> policy)
    : GroupQuotaAllocator(std::move(policy), Options()) {}

GroupQuotaAllocator::GroupQuotaAllocator(std::shared_ptr<const policy::Policy> policy, Options options)
    : policy_(std::move(policy)),
      options_(options),
      groups_(policy_->groups),
      use_slot_weights_(policy_->accountant.use_slot_weights),
      consider_preemption_(policy_->matching.consider_preemption),
      tree_(groups_.tree) {
  // Every group's sort ad, as hgq_construct_tree makes it.
  sort_ads_.resize(groups_.tree.groups().size());
  for (size_t g = 0; g < sort_ads_.size(); ++g) {
    classad::ClassAd& ad = sort_ads_[g];
    ad.InsertValue(kAccountingGroup, classad::Value::String(groups_.tree.groups()[g].name));
    if (groups_.sort_expr.is_set()) {
      ad.Insert(kSortExpr, groups_.sort_expr.expr);
      ad.InsertValue(kSortExprString, classad::Value::String(groups_.sort_expr.text));
    }
  }
}

void GroupQuotaAllocator::ComputeSortKeys(const std::vector<double>& live_usage, int64_t now, int round) {
  const std::vector<GroupQuotaNode>& nodes = tree_.nodes();
  classad::EvalOptions eval;
  eval.now = [now] { return now; };
  for (size_t g = 0; g < nodes.size(); ++g) {
    classad::ClassAd& ad = sort_ads_[g];
    ad.InsertValue(kGroupQuota, classad::Value::Real(QuantityToDouble(nodes[g].quota)));
    ad.InsertValue(kGroupResourcesAllocated, classad::Value::Real(QuantityToDouble(nodes[g].allocated)));
    ad.InsertValue(kGroupResourcesInUse, classad::Value::Real(live_usage[g]));
    double key = 0;
    const bool ok = groups_.sort_expr.is_set() && LookupFloat(ad, kSortExpr, eval, &key) && !std::isnan(key);
    sort_failed_[g] = !ok;
    if (!ok) {
      key = FLT_MAX;
      summary_.notes.push_back("round " + std::to_string(round) + ": GROUP_SORT_EXPR did not evaluate to a number for group \"" +
                               groups_.tree.groups()[g].name + "\"; its sort key is FLT_MAX");
    }
    sort_keys_[g] = key;
  }
}

classad::Result<Quantity> GroupQuotaAllocator::StrictlyEnforced(int group, Quantity slots,
                                                                const std::function<double(int)>& usage) {
  if (!groups_.strict_enforce_quota) return slots;
  const std::vector<GroupQuotaNode>& nodes = tree_.nodes();
  // Only groups that do not accept surplus cap anything (the root accepts);
  // their subtree usage now (calculate_subtree_usage) is needed, which the
  // subtree of the topmost of them covers.
  int topmost = -1;
  for (int p = group; p >= 0; p = nodes[static_cast<size_t>(p)].parent) {
    if (!nodes[static_cast<size_t>(p)].accept_surplus) topmost = p;
  }
  if (topmost < 0) return slots;
  std::vector<int>& subtree = strict_scratch_;
  subtree.assign(1, topmost);
  for (size_t k = 0; k < subtree.size(); ++k) {
    const GroupQuotaNode& n = nodes[static_cast<size_t>(subtree[k])];
    subtree.insert(subtree.end(), n.children.begin(), n.children.end());
  }
  std::vector<Quantity>& subtree_usage = strict_usage_;
  subtree_usage.resize(nodes.size());
  for (int k : subtree) subtree_usage[static_cast<size_t>(k)] = 0;
  for (size_t k = subtree.size(); k-- > 0;) {  // children before parents
    const size_t g = static_cast<size_t>(subtree[k]);
    const double u = usage(static_cast<int>(g));
    if (!std::isfinite(u)) return NotFinite("the usage of group \"" + groups_.tree.groups()[g].name + "\"", u);
    subtree_usage[g] += QuantityFromDouble(u);
    if (k > 0) subtree_usage[static_cast<size_t>(nodes[g].parent)] += subtree_usage[g];
  }
  // The new allocation above the usage HGQ knows (as of the round's start),
  // capped by the headroom of every non-accepting group on the way up: its
  // configured quota (unscaled) when static, its subtree quota otherwise.
  const Quantity& own_usage = usage_[static_cast<size_t>(group)];
  Quantity more = slots - own_usage;
  for (int p = group; p >= 0; p = nodes[static_cast<size_t>(p)].parent) {
    const GroupQuotaNode& n = nodes[static_cast<size_t>(p)];
    if (n.accept_surplus) continue;
    Quantity headroom = (n.static_quota ? n.config_quota : n.subtree_quota) - subtree_usage[static_cast<size_t>(p)];
    if (headroom < 0) headroom = 0;
    if (more > headroom) more = headroom;
  }
  return Quantity(more + own_usage);
}

classad::Result<Quantity> GroupQuotaAllocator::PassLimit(int group, const Quantity& n, const Quantity& maxdelta,
                                                         const std::function<double(int)>& usage) {
  const GroupQuotaNode& node = tree_.nodes()[static_cast<size_t>(group)];
  const Quantity& own_usage = usage_[static_cast<size_t>(group)];
  const Quantity target = std::max(node.allocated, node.quota);
  const Quantity delta = std::max(Quantity(0), Quantity(target - own_usage));
  Quantity slots;
  if (delta > 0 && maxdelta <= 0) {
    // HTCondor computes usage + delta × 0/0: NaN, which strict enforcement
    // leaves alone and whose conversion to int is undefined (INT_MIN on
    // x86-64, 0 on ARM64). negotiateWithGroup treats any limit at or below
    // the group's usage alike: no room. We pass 0.
    return Quantity(0);
  }
  if (delta > 0) {
    slots = own_usage + delta * n / maxdelta;
  } else {
    slots = target;  // at or over its target: it negotiates for the target
  }
  if (slots > target) slots = target;
  if (!use_slot_weights_) slots = Floor(slots);
  return StrictlyEnforced(group, std::move(slots), usage);
}

classad::Status GroupQuotaAllocator::NegotiateAllGroups(
    double total_quota, std::vector<GroupDemand> demand, int64_t now,
    const std::function<void(const GroupNegotiation&)>& negotiate, const std::function<double(int group)>& usage) {
  const std::vector<policy::GroupConfig>& configs = groups_.tree.groups();
  std::vector<GroupQuotaNode>& nodes = tree_.nodes();
  const size_t count = nodes.size();
  if (demand.size() != count) {
    return classad::Status(classad::StatusCode::kInvalidArgument,
                           "group quotas: demand has " + std::to_string(demand.size()) + " entries for " +
                               std::to_string(count) + " groups");
  }
  if (!std::isfinite(total_quota)) return NotFinite("the total quota", total_quota);
  for (size_t g = 0; g < count; ++g) {
    if (!std::isfinite(demand[g].requested)) return NotFinite("the demand of group \"" + configs[g].name + "\"", demand[g].requested);
    if (!std::isfinite(demand[g].usage)) return NotFinite("the usage of group \"" + configs[g].name + "\"", demand[g].usage);
  }

  // ---- hgq_prepare_for_matchmaking
  const bool autoregroup = groups_.tree.autoregroup_global();
  const bool accept_surplus_global = groups_.tree.accept_surplus_global();
  const Quantity total = QuantityFromDouble(total_quota);
  usage_.assign(count, Quantity(0));
  has_submitters_.assign(count, false);
  sort_keys_.assign(count, 0.0);
  sort_failed_.assign(count, false);
  quota_map_.clear();
  summary_ = GroupQuotaSummary();
  summary_.total_quota = total_quota;
  for (size_t g = 0; g < count; ++g) {
    GroupQuotaNode& n = nodes[g];
    n.requested = QuantityFromDouble(demand[g].requested);
    n.allocated = 0;
    n.subtree_requested = 0;
    n.rr = false;
    usage_[g] = QuantityFromDouble(demand[g].usage);
    has_submitters_[g] = demand[g].has_submitters;
  }
  // Autoregroup groups' submitters also negotiate in the root (no demand).
  if (autoregroup) {
    for (size_t g = 1; g < count; ++g) {
      if (configs[g].autoregroup && demand[g].has_submitters) has_submitters_[0] = true;
    }
  }
  tree_.AssignQuotas(total, groups_.allow_quota_oversubscription);

  report_.assign(count, GroupQuotaReport());
  for (size_t g = 0; g < count; ++g) {
    GroupQuotaReport& r = report_[g];
    r.name = configs[g].name;
    r.static_quota = configs[g].static_quota;
    r.config_quota = configs[g].config_quota;
    r.accept_surplus = configs[g].accept_surplus;
    r.autoregroup = configs[g].autoregroup;
    r.subtree_quota = QuantityToDouble(nodes[g].subtree_quota);
    r.quota = QuantityToDouble(nodes[g].quota);
    r.demand = demand[g].requested;
    r.has_submitters = has_submitters_[g];
    r.usage_start = demand[g].usage;
    r.usage_end = demand[g].usage;
  }

  // ---- hgq_negotiate_with_all_groups
  const int64_t max_rounds = std::clamp<int64_t>(groups_.max_allocation_rounds, 1, INT_MAX);
  // GROUP_QUOTA_ROUND_ROBIN_RATE: at least 1 (HTCondor's range).
  const double rate = groups_.round_robin_rate >= 1 && std::isfinite(groups_.round_robin_rate)
                          ? groups_.round_robin_rate
                          : (groups_.round_robin_rate > 1 ? DBL_MAX : 1.0);
  const Quantity rate_exact = QuantityFromDouble(rate);
  std::vector<double> live_usage(count);
  std::vector<int> order(count);

  for (int round = 1; round <= max_rounds; ++round) {
    quota_map_.clear();
    std::vector<Quantity> fairshare(count);
    for (size_t g = 0; g < count; ++g) {
      GroupQuotaNode& n = nodes[g];
      n.allocated = 0;
      n.subtree_requested = 0;
      n.rr = false;
      fairshare[g] = std::min(n.requested, n.quota);
      GroupQuotaRound r;
      r.round = round;
      r.requested = QuantityToDouble(n.requested);
      r.fairshare = QuantityToDouble(fairshare[g]);
      report_[g].rounds.push_back(std::move(r));
    }

    Quantity surplus = tree_.Fairshare();
    std::vector<Quantity> after_fairshare(count);
    for (size_t g = 0; g < count; ++g) after_fairshare[g] = nodes[g].allocated;
    if (!use_slot_weights_) surplus += tree_.RecoverRemainders();
    for (size_t g = 0; g < count; ++g) {
      GroupQuotaRound& r = report_[g].rounds.back();
      r.surplus = QuantityToDouble(after_fairshare[g] - fairshare[g]);
      r.remainder = QuantityToDouble(nodes[g].allocated - after_fairshare[g]);
    }
    if (autoregroup) {
      nodes[0].quota = total;
      nodes[0].allocated = total;
    }

    Quantity maxdelta = 0;
    Quantity allocated_total = 0;
    for (size_t g = 0; g < count; ++g) {
      const GroupQuotaNode& n = nodes[g];
      quota_map_.emplace(configs[g].name, QuantityToDouble(n.quota));
      allocated_total += n.allocated;
      const Quantity& target = accept_surplus_global ? n.allocated : n.quota;
      maxdelta = std::max(maxdelta, Quantity(target - usage_[g]));
      report_[g].rounds.back().allocated = QuantityToDouble(n.allocated);
    }

    // The negotiation order: GROUP_SORT_EXPR ascending, the root last under
    // autoregroup, ties in tree order.
    for (size_t g = 0; g < count; ++g) {
      live_usage[g] = usage(static_cast<int>(g));
      if (!std::isfinite(live_usage[g])) return NotFinite("the usage of group \"" + configs[g].name + "\"", live_usage[g]);
    }
    ComputeSortKeys(live_usage, now, round);
    for (size_t g = 0; g < count; ++g) {
      report_[g].rounds.back().sort_key = sort_keys_[g];
      report_[g].rounds.back().sort_key_failed = sort_failed_[g];
      report_[g].sort_key = sort_keys_[g];
    }
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      if (autoregroup) {
        if (a == 0) return false;
        if (b == 0) return true;
      }
      return sort_keys_[static_cast<size_t>(a)] < sort_keys_[static_cast<size_t>(b)];
    });

    // Weighted round robin: pass after pass, each group's limit moves a
    // fraction n / maxdelta of the way from its usage to its target.
    Quantity step = rate_exact;
    if (maxdelta > 0 && options_.max_round_robin_passes > 0 &&
        maxdelta > step * options_.max_round_robin_passes) {
      step = maxdelta / options_.max_round_robin_passes;
      summary_.notes.push_back("round " + std::to_string(round) + ": GROUP_QUOTA_ROUND_ROBIN_RATE raised to " +
                               std::to_string(QuantityToDouble(step)) + " to keep within " +
                               std::to_string(options_.max_round_robin_passes) + " passes");
    }
    Quantity n = 0;
    for (int pass = 1;; ++pass) {
      n = std::min(Quantity(n + step), maxdelta);
      for (int g : order) {
        const size_t k = static_cast<size_t>(g);
        const GroupQuotaNode& node = nodes[k];
        if (node.allocated <= 0) continue;
        if (usage_[k] >= node.allocated && !consider_preemption_) continue;
        if (!has_submitters_[k]) continue;
        classad::Result<Quantity> slots = PassLimit(g, n, maxdelta, usage);
        if (!slots.ok()) return slots.status();
        GroupNegotiation call;
        call.group = g;
        call.unlimited = autoregroup && g == 0;
        call.limit = TruncateClamped(*slots, INT_MIN, INT_MAX);
        call.round = round;
        call.pass = pass;
        report_[k].rounds.back().limits.push_back(call.limit);
        negotiate(call);
      }
      if (n >= maxdelta) break;
    }

    // Where the round left each group: a group short of its allocation
    // keeps only its usage as demand, freeing the rest for the others.
    Quantity usage_total = 0;
    for (size_t g = 0; g < count; ++g) {
      const double u = usage(static_cast<int>(g));
      if (!std::isfinite(u)) return NotFinite("the usage of group \"" + configs[g].name + "\"", u);
      GroupQuotaNode& node = nodes[g];
      usage_[g] = QuantityFromDouble(u);
      usage_total += std::min(usage_[g], node.allocated);
      if (usage_[g] < node.allocated) {
        node.requested = usage_[g];
      } else {
        node.requested += node.allocated;
      }
      report_[g].rounds.back().usage_after = u;
      report_[g].usage_end = u;
    }
    summary_.rounds = round;
    summary_.allocated_total = QuantityToDouble(allocated_total);
    summary_.usage_total = QuantityToDouble(usage_total);
    summary_.surplus_left = QuantityToDouble(surplus);
    if (usage_total >= allocated_total) {
      summary_.satisfied = true;
      break;
    }
  }

  // Round-robin times change once, after all rounds.
  for (size_t g = 0; g < count; ++g) {
    GroupQuotaNode& node = nodes[g];
    if (node.rr || node.requested <= 0) node.rr_time = now;
    report_[g].round_robin_time = node.rr_time;
  }
  return classad::Status::Ok();
}

}  // namespace negotiator
