// GroupQuotaAllocator (group_quota_allocator.h), following GroupEntry.cpp's
// hgq_prepare_for_matchmaking, hgq_negotiate_with_all_groups and
// strict_enforce_quota.
#include "negotiator/quotas/group_quota_allocator.h"

#include <algorithm>
#include <cfloat>
#include <charconv>
#include <climits>
#include <cmath>
#include <numeric>
#include <utility>

#include "classad/convert.h"
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

// `value` in the fewest digits that read back as the same double
// (28.999999999999996, 29, 1e+12).
std::string Shortest(double value) {
  char text[64];
  const std::to_chars_result r = std::to_chars(text, text + sizeof text, value);
  return std::string(text, r.ptr);
}

// Where group `g`'s quota comes from, for a note: its knob and value, or
// for the root the pool's rest.
std::string QuotaSource(const policy::GroupConfig& g) {
  if (g.parent < 0) return "the quota of " + g.name + " (the pool less its children's quotas)";
  return (g.static_quota ? "GROUP_QUOTA_" : "GROUP_QUOTA_DYNAMIC_") + g.name + " = " + Shortest(g.config_quota);
}

}  // namespace

bool JustBelowWholeNumber(double value, double scale, double* whole) {
  if (!std::isfinite(value) || !std::isfinite(scale)) return false;
  const double up = std::ceil(value);
  if (up == value) return false;
  const double tolerance = 1e-12 * std::max({1.0, std::fabs(value), std::fabs(scale)});
  if (up - value > tolerance) return false;
  *whole = up;
  return true;
}

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
  const classad::EvalOptions eval = policy_->EvalOptionsAt(now);
  for (size_t g = 0; g < nodes.size(); ++g) {
    classad::ClassAd& ad = sort_ads_[g];
    ad.InsertValue(kGroupQuota, classad::Value::Real(nodes[g].quota));
    ad.InsertValue(kGroupResourcesAllocated, classad::Value::Real(nodes[g].allocated));
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

void GroupQuotaAllocator::Note(int group, std::string note) {
  std::vector<std::string>& notes = report_[static_cast<size_t>(group)].notes;
  if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(std::move(note));
}

classad::Result<double> GroupQuotaAllocator::StrictlyEnforced(int group, double slots,
                                                              const std::function<double(int)>& usage) {
  if (!groups_.strict_enforce_quota) return slots;
  const std::vector<GroupQuotaNode>& nodes = tree_.nodes();
  // The new allocation above the usage HGQ knows (as of the round's start),
  // capped by the headroom of every non-accepting group on the way up: its
  // configured quota (unscaled) when static, its subtree quota otherwise.
  // Even with nothing to cap, HTCondor subtracts the usage and adds it
  // back, which can move the value by a rounding error; so do we.
  const double own_usage = usage_[static_cast<size_t>(group)];
  double more = slots - own_usage;
  // Only groups that do not accept surplus cap anything (the root accepts);
  // their subtree usage now (calculate_subtree_usage) is needed, which the
  // subtree of the topmost of them covers.
  int topmost = -1;
  for (int p = group; p >= 0; p = nodes[static_cast<size_t>(p)].parent) {
    if (!nodes[static_cast<size_t>(p)].accept_surplus) topmost = p;
  }
  if (topmost >= 0) {
    std::vector<int>& subtree = strict_scratch_;
    subtree.assign(1, topmost);
    for (size_t k = 0; k < subtree.size(); ++k) {
      const GroupQuotaNode& n = nodes[static_cast<size_t>(subtree[k])];
      subtree.insert(subtree.end(), n.children.begin(), n.children.end());
    }
    // calculate_subtree_usage's sums: the children in order, then the node.
    std::vector<double>& subtree_usage = strict_usage_;
    subtree_usage.resize(nodes.size());
    for (size_t k = subtree.size(); k-- > 0;) {  // children before parents
      const size_t g = static_cast<size_t>(subtree[k]);
      double sum = 0.0;
      for (int c : nodes[g].children) sum += subtree_usage[static_cast<size_t>(c)];
      const double u = usage(static_cast<int>(g));
      if (!std::isfinite(u)) return NotFinite("the usage of group \"" + groups_.tree.groups()[g].name + "\"", u);
      subtree_usage[g] = sum + u;
    }
    for (int p = group; p >= 0; p = nodes[static_cast<size_t>(p)].parent) {
      const GroupQuotaNode& n = nodes[static_cast<size_t>(p)];
      if (n.accept_surplus) continue;
      double headroom = (n.static_quota ? n.config_quota : n.subtree_quota) - subtree_usage[static_cast<size_t>(p)];
      if (headroom < 0) headroom = 0;
      if (more > headroom) more = headroom;
    }
  }
  return more + own_usage;
}

classad::Result<int> GroupQuotaAllocator::PassLimit(int group, double n, double maxdelta,
                                                    const std::function<double(int)>& usage) {
  const GroupQuotaNode& node = tree_.nodes()[static_cast<size_t>(group)];
  const double own_usage = usage_[static_cast<size_t>(group)];
  const double target = std::max(node.allocated, node.quota);
  const double delta = std::max(0.0, target - own_usage);
  // With maxdelta 0 and delta > 0 this is usage + delta × 0/0: NaN, which
  // the steps below carry through as HTCondor's do.
  double slots = (delta > 0) ? own_usage + (delta * (n / maxdelta)) : target;
  slots = std::min(slots, target);
  const double unfloored = slots;
  if (!use_slot_weights_) slots = std::floor(slots);
  classad::Result<double> enforced = StrictlyEnforced(group, slots, usage);
  if (!enforced.ok()) return enforced.status();

  const int limit = classad::TruncateToIntLikeX86(*enforced);
  if (std::isnan(*enforced)) {
    Note(group, "no group was below its target (maxdelta = 0) while this one was below max(allocated, quota) = " +
                    Shortest(target) + ": HTCondor's limit is its usage + " + Shortest(delta) +
                    " × 0/0, NaN, which reaches negotiateWithGroup as INT_MIN (x86-64, g++): the group has no room");
  } else if (limit == INT_MIN) {
    Note(group, "the limit " + Shortest(*enforced) +
                    " does not fit in HTCondor's int and reaches negotiateWithGroup as INT_MIN (x86-64, g++): the "
                    "group has no room");
  }
  double whole = 0;
  if (JustBelowWholeNumber(unfloored, 0, &whole) && static_cast<double>(limit) == whole - 1) {
    Note(group, QuotaSource(groups_.tree.groups()[static_cast<size_t>(group)]) + ": the limit works out to " +
                    Shortest(unfloored) + " in HTCondor's double arithmetic, a rounding error below " + Shortest(whole) +
                    ", so the group's limit is " + Shortest(whole - 1) + ", not " + Shortest(whole));
  }
  return limit;
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
  usage_.assign(count, 0.0);
  has_submitters_.assign(count, false);
  sort_keys_.assign(count, 0.0);
  sort_failed_.assign(count, false);
  quota_map_.clear();
  summary_ = GroupQuotaSummary();
  summary_.total_quota = total_quota;
  for (size_t g = 0; g < count; ++g) {
    GroupQuotaNode& n = nodes[g];
    n.requested = demand[g].requested;
    n.allocated = 0;
    n.subtree_requested = 0;
    n.rr = false;
    usage_[g] = demand[g].usage;
    has_submitters_[g] = demand[g].has_submitters;
  }
  // Autoregroup groups' submitters also negotiate in the root (no demand).
  if (autoregroup) {
    for (size_t g = 1; g < count; ++g) {
      if (configs[g].autoregroup && demand[g].has_submitters) has_submitters_[0] = true;
    }
  }
  tree_.AssignQuotas(total_quota, groups_.allow_quota_oversubscription);

  report_.assign(count, GroupQuotaReport());
  for (size_t g = 0; g < count; ++g) {
    GroupQuotaReport& r = report_[g];
    r.name = configs[g].name;
    r.static_quota = configs[g].static_quota;
    r.config_quota = configs[g].config_quota;
    r.accept_surplus = configs[g].accept_surplus;
    r.autoregroup = configs[g].autoregroup;
    r.subtree_quota = nodes[g].subtree_quota;
    r.quota = nodes[g].quota;
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
  std::vector<double> live_usage(count);
  std::vector<int> order(count);

  for (int round = 1; round <= max_rounds; ++round) {
    quota_map_.clear();
    std::vector<double> fairshare(count);
    for (size_t g = 0; g < count; ++g) {
      GroupQuotaNode& n = nodes[g];
      n.allocated = 0;
      n.subtree_requested = 0;
      n.rr = false;
      fairshare[g] = std::min(n.requested, n.quota);
      GroupQuotaRound r;
      r.round = round;
      r.requested = n.requested;
      r.fairshare = fairshare[g];
      report_[g].rounds.push_back(std::move(r));
    }

    double surplus = tree_.Fairshare();
    std::vector<double> after_fairshare(count);
    for (size_t g = 0; g < count; ++g) after_fairshare[g] = nodes[g].allocated;
    if (!use_slot_weights_) {
      const double left = tree_.RecoverRemainders();
      surplus += left;
      // Whole slots that the recovered fractions make exactly, lost to a
      // rounding error while some accepting group still wants one.
      double whole = 0;
      if (JustBelowWholeNumber(left, total_quota, &whole) && nodes[0].subtree_requested > 0) {
        Note(0, "the fractional remainders left over work out to " + Shortest(left) +
                    " in HTCondor's double arithmetic, a rounding error below " + Shortest(whole) +
                    ", so round robin hands out " + Shortest(whole - 1) + " more slots, not " + Shortest(whole) +
                    ", though groups accepting surplus still want them");
      }
    }
    for (size_t g = 0; g < count; ++g) {
      GroupQuotaRound& r = report_[g].rounds.back();
      r.surplus = after_fairshare[g] - fairshare[g];
      r.remainder = nodes[g].allocated - after_fairshare[g];
    }
    if (autoregroup) {
      nodes[0].quota = total_quota;
      nodes[0].allocated = total_quota;
    }

    double maxdelta = 0;
    double allocated_total = 0;
    for (size_t g = 0; g < count; ++g) {
      const GroupQuotaNode& n = nodes[g];
      quota_map_.emplace(configs[g].name, n.quota);
      // What HTCondor reports as EffectiveQuota: the group's quota now (the
      // pool for the root under autoregroup).
      report_[g].quota = n.quota;
      allocated_total += n.allocated;
      const double target = accept_surplus_global ? n.allocated : n.quota;
      maxdelta = std::max(maxdelta, std::max(0.0, target - usage_[g]));
      report_[g].rounds.back().allocated = n.allocated;
    }

    // The negotiation order: GROUP_SORT_EXPR ascending, the root last under
    // autoregroup. HTCondor sorts its breadth-first list with std::sort
    // (hgq_negotiate_with_all_groups, group_order), which leaves ties in no
    // promised order; the same std::sort, comparator and starting order
    // place them as a g++-built negotiator does (insertion order up to 16
    // groups, introsort's beyond).
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
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      if (autoregroup) {
        if (a == 0) return false;
        if (b == 0) return true;
      }
      return sort_keys_[static_cast<size_t>(a)] < sort_keys_[static_cast<size_t>(b)];
    });

    // Weighted round robin: pass after pass, each group's limit moves a
    // fraction n / maxdelta of the way from its usage to its target.
    double step = rate;
    const double max_passes = static_cast<double>(options_.max_round_robin_passes);
    if (maxdelta > 0 && max_passes > 0 && maxdelta > step * max_passes) {
      step = maxdelta / max_passes;
      summary_.notes.push_back("round " + std::to_string(round) + ": GROUP_QUOTA_ROUND_ROBIN_RATE raised to " +
                               std::to_string(step) + " to keep within " +
                               std::to_string(options_.max_round_robin_passes) + " passes");
    }
    double n = 0;
    for (int pass = 1;; ++pass) {
      n = std::min(n + step, maxdelta);
      for (int g : order) {
        const size_t k = static_cast<size_t>(g);
        const GroupQuotaNode& node = nodes[k];
        if (node.allocated <= 0) continue;
        if (usage_[k] >= node.allocated && !consider_preemption_) continue;
        if (!has_submitters_[k]) continue;
        classad::Result<int> limit = PassLimit(g, n, maxdelta, usage);
        if (!limit.ok()) return limit.status();
        GroupNegotiation call;
        call.group = g;
        call.unlimited = autoregroup && g == 0;
        call.limit = *limit;
        call.round = round;
        call.pass = pass;
        report_[k].rounds.back().limits.push_back(call.limit);
        negotiate(call);
      }
      if (n >= maxdelta) break;
    }

    // Where the round left each group: a group short of its allocation
    // keeps only its usage as demand, freeing the rest for the others.
    double usage_total = 0;
    for (size_t g = 0; g < count; ++g) {
      const double u = usage(static_cast<int>(g));
      if (!std::isfinite(u)) return NotFinite("the usage of group \"" + configs[g].name + "\"", u);
      GroupQuotaNode& node = nodes[g];
      usage_[g] = u;
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
    summary_.allocated_total = allocated_total;
    summary_.usage_total = usage_total;
    summary_.surplus_left = surplus;
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
