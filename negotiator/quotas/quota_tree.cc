// GroupQuotaTree (quota_tree.h), following GroupEntry.cpp's
// hgq_assign_quotas, hgq_fairshare, hgq_allocate_surplus,
// hgq_allocate_surplus_loop, hgq_recover_remainders, round_for_precision
// and hgq_round_robin operation for operation. std::min and std::max are
// called with HTCondor's arguments in HTCondor's order, so that even ties
// and signed zeros come out the same.
#include "negotiator/quotas/quota_tree.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace negotiator {

namespace {

// HTCondor's round_for_precision: floor(0.5 + x).
double RoundForPrecision(double x) { return std::floor(0.5 + x); }

// hgq_allocate_surplus_loop(by_quota, ...): hands `*surplus` out among the
// participants still wanting (`wanting[j] > 0`), in proportion to
// `weight(j)` (by quota) or equally, capped at what each wants, until it
// is gone or nobody wants more. Each pass either hands out everything or
// satisfies one participant, so it makes at most `wanting.size()` passes.
template <typename Weight>
void AllocateSurplusLoop(bool by_quota, const Weight& weight, std::vector<double>& wanting,
                         std::vector<double>& share, double* surplus, double* requested) {
  while (*surplus > 0) {
    double z = 0;
    for (size_t j = 0; j < wanting.size(); ++j) {
      if (wanting[j] > 0) z += by_quota ? weight(j) : 1.0;
    }
    if (z <= 0) break;
    bool never_capped = true;
    double handed = 0;
    for (size_t j = 0; j < wanting.size(); ++j) {
      if (!(wanting[j] > 0)) continue;
      const double n = by_quota ? weight(j) : 1.0;
      double a = *surplus * (n / z);
      if (a > wanting[j]) {
        a = wanting[j];
        never_capped = false;
      }
      share[j] += a;
      wanting[j] -= a;
      handed += a;
    }
    *surplus -= handed;
    *requested -= handed;
    // HTCondor's guard against rounding jitter: what a pass without a cap
    // leaves (a rounding residue) is dropped.
    if (never_capped || *surplus < 0) *surplus = 0;
  }
}

}  // namespace

GroupQuotaTree::GroupQuotaTree(const policy::GroupTree& tree) {
  nodes_.reserve(tree.groups().size());
  for (const policy::GroupConfig& g : tree.groups()) {
    GroupQuotaNode node;
    node.parent = g.parent;
    node.children = g.children;
    node.static_quota = g.static_quota;
    node.config_quota = g.config_quota;
    node.accept_surplus = g.accept_surplus;
    nodes_.push_back(std::move(node));
  }
}

void GroupQuotaTree::AssignQuotas(double total, bool allow_oversubscription) {
  for (GroupQuotaNode& n : nodes_) {
    n.quota = 0;
    n.subtree_quota = 0;
  }
  if (nodes_.empty()) return;
  // What each subtree receives from its parent; parents come first.
  std::vector<double> incoming(nodes_.size(), 0.0);
  incoming[0] = total;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    GroupQuotaNode& n = nodes_[i];
    const double q = incoming[i];
    if (q <= 0) continue;  // the subtree keeps quotas of 0
    n.subtree_quota = q;
    double sqsum = 0;
    double dqsum = 0;
    for (int c : n.children) {
      const GroupQuotaNode& child = nodes_[static_cast<size_t>(c)];
      (child.static_quota ? sqsum : dqsum) += child.config_quota;
    }
    // Static children first, bounded by q unless oversubscription is allowed;
    // dynamic children share what is left.
    const double sqa = allow_oversubscription ? sqsum : std::min(sqsum, q);
    const double dqa = std::max(0.0, q - sqa);
    const double zs = sqsum > 0 ? sqsum : 1;
    const double zd = std::max(dqsum, 1.0);
    double chq = 0;
    for (int c : n.children) {
      const GroupQuotaNode& child = nodes_[static_cast<size_t>(c)];
      double share = child.static_quota ? child.config_quota * (sqa / zs) : child.config_quota * (dqa / zd);
      if (share < 0) share = 0;
      incoming[static_cast<size_t>(c)] = share;
      chq += share;
    }
    // The root's "quota" is the pool minus what its subtree holds, whatever
    // the oversubscription rule, so that surplus is not counted twice.
    n.quota = (allow_oversubscription && i != 0) ? q : q - chq;
    if (n.quota < 0) n.quota = 0;
  }
}

double GroupQuotaTree::Fairshare() {
  if (nodes_.empty()) return 0;
  // The surplus each node returns to its parent; children come last.
  std::vector<double> returned(nodes_.size(), 0.0);
  for (size_t k = nodes_.size(); k-- > 0;) {
    GroupQuotaNode& n = nodes_[k];
    n.allocated = std::min(n.requested, n.quota);
    n.requested -= n.allocated;
    n.subtree_requested = n.requested;
    double surplus = n.quota - n.allocated;
    if (n.children.empty()) {
      returned[k] = surplus;
      continue;
    }
    for (int c : n.children) {
      const GroupQuotaNode& child = nodes_[static_cast<size_t>(c)];
      surplus += returned[static_cast<size_t>(c)];
      // Surplus always flows up; demand only from children that accept it.
      if (child.accept_surplus) n.subtree_requested += child.subtree_requested;
    }
    returned[k] = AllocateSurplus(static_cast<int>(k), surplus);
  }
  return returned[0];
}

double GroupQuotaTree::AllocateSurplus(int i, double surplus) {
  Pending pending;
  const double left = AllocateSurplusAt(i, surplus, &pending);
  // Each child's share spread in its own subtree; what a child cannot place
  // is dropped, as HTCondor drops it (with a warning there).
  while (!pending.empty()) {
    const std::pair<int, double> work = pending.back();
    pending.pop_back();
    AllocateSurplusAt(work.first, work.second, &pending);
  }
  return left;
}

double GroupQuotaTree::AllocateSurplusAt(int i, double surplus, Pending* pending) {
  GroupQuotaNode& n = nodes_[static_cast<size_t>(i)];
  if (surplus <= 0) return 0;
  if (n.subtree_requested <= 0) return surplus;

  // The participants: the children, then the node itself, which takes part
  // as if it accepted surplus, weighted by its own quota and limited by its
  // own demand.
  const size_t count = n.children.size() + 1;
  const size_t self = count - 1;
  auto child = [&](size_t j) -> const GroupQuotaNode& { return nodes_[static_cast<size_t>(n.children[j])]; };
  auto accepts = [&](size_t j) { return j == self || child(j).accept_surplus; };
  auto weight = [&](size_t j) { return j == self ? n.quota : child(j).subtree_quota; };
  auto demand = [&](size_t j) { return j == self ? n.requested : child(j).subtree_requested; };
  std::vector<double> share(count, 0.0);
  double requested = n.subtree_requested;

  if (surplus >= requested) {
    // Enough for everyone: each participant gets its outstanding demand.
    for (size_t j = 0; j < count; ++j) {
      if (accepts(j) && demand(j) > 0) share[j] = demand(j);
    }
    surplus -= requested;
    requested = 0;
  } else {
    // Participants compete: in proportion to their quotas while some with a
    // quota still want more, then equally among all that still want more.
    std::vector<double> wanting(count, 0.0);
    for (size_t j = 0; j < count; ++j) {
      if (accepts(j) && demand(j) > 0) wanting[j] = demand(j);
    }
    AllocateSurplusLoop(true, weight, wanting, share, &surplus, &requested);
    AllocateSurplusLoop(false, weight, wanting, share, &surplus, &requested);
  }

  for (size_t j = 0; j < self; ++j) {
    if (share[j] > 0) pending->emplace_back(n.children[j], share[j]);
  }
  n.allocated += share[self];
  n.requested -= share[self];
  n.subtree_requested = requested;
  return surplus;
}

double GroupQuotaTree::RecoverRemainders() {
  if (nodes_.empty()) return 0;
  std::vector<double> returned(nodes_.size(), 0.0);
  for (size_t k = nodes_.size(); k-- > 0;) {
    GroupQuotaNode& n = nodes_[k];
    double surplus = n.allocated - std::floor(n.allocated);
    n.allocated -= surplus;
    n.requested += surplus;
    n.allocated = RoundForPrecision(n.allocated);
    n.requested = RoundForPrecision(n.requested);
    n.subtree_requested = n.requested;
    n.subtree_rr_time = n.requested > 0 ? n.rr_time : kNeverServed;
    if (n.children.empty()) {
      returned[k] = surplus;
      continue;
    }
    for (int c : n.children) {
      const GroupQuotaNode& child = nodes_[static_cast<size_t>(c)];
      surplus += returned[static_cast<size_t>(c)];
      if (child.accept_surplus) {
        n.subtree_requested += child.subtree_requested;
        if (child.subtree_requested > 0) n.subtree_rr_time = std::min(n.subtree_rr_time, child.subtree_rr_time);
      }
    }
    returned[k] = RoundRobin(static_cast<int>(k), surplus);
  }
  return returned[0];
}

double GroupQuotaTree::RoundRobin(int i, double surplus) {
  Pending pending;
  const double left = RoundRobinAt(i, surplus, &pending);
  while (!pending.empty()) {
    const std::pair<int, double> work = pending.back();
    pending.pop_back();
    RoundRobinAt(work.first, work.second, &pending);
  }
  return left;
}

double GroupQuotaTree::RoundRobinAt(int i, double surplus, Pending* pending) {
  GroupQuotaNode& n = nodes_[static_cast<size_t>(i)];
  if (n.subtree_requested != std::floor(n.subtree_requested)) n.subtree_requested = std::floor(n.subtree_requested);
  if (n.subtree_requested <= 0) return surplus;
  if (surplus < 1) return surplus;  // nothing to do without one whole slot

  const size_t count = n.children.size() + 1;
  const size_t self = count - 1;
  auto node = [&](size_t j) -> GroupQuotaNode& {
    return j == self ? n : nodes_[static_cast<size_t>(n.children[j])];
  };
  auto accepts = [&](size_t j) { return j == self || node(j).accept_surplus; };
  auto weight = [&](size_t j) { return j == self ? n.quota : node(j).subtree_quota; };
  auto demand = [&](size_t j) { return j == self ? n.requested : node(j).subtree_requested; };
  auto served_at = [&](size_t j) { return j == self ? n.rr_time : node(j).subtree_rr_time; };

  std::vector<double> share(count, 0.0);
  std::vector<double> wanting(count, 0.0);
  double requested = n.subtree_requested;
  double outstanding = 0;
  for (size_t j = 0; j < count; ++j) {
    if (accepts(j) && demand(j) > 0) {
      wanting[j] = demand(j);
      outstanding += 1;
    }
  }
  // Least recently served first, then the larger quota, then the larger
  // demand (ord_by_rr_time). HTCondor sorts with std::sort from the
  // children in order and the node last; the same std::sort from the same
  // order places ties as a g++-built negotiator does.
  std::vector<size_t> order(count);
  for (size_t j = 0; j < count; ++j) order[j] = j;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (served_at(a) != served_at(b)) return served_at(a) < served_at(b);
    if (weight(a) > weight(b)) return true;
    if (weight(a) < weight(b)) return false;
    return demand(a) > demand(b);
  });

  // Each pass hands out at least one whole slot or stops, and the surplus
  // is at most one slot per group (the fractions recovered), so the passes
  // are few.
  while (surplus >= 1 && requested > 0) {
    // With nobody left wanting (which whole demands rule out) this is
    // 1/0 = infinity, as in HTCondor, and the pass hands out nothing.
    const double most = std::max(1.0, std::floor(surplus / outstanding));
    outstanding = 0;
    double handed = 0;
    for (size_t j : order) {
      if (!accepts(j) || !(wanting[j] > 0)) continue;
      const double a = std::min(wanting[j], most);
      share[j] += a;
      wanting[j] -= a;
      handed += a;
      surplus -= a;
      requested -= a;
      node(j).rr = true;
      if (wanting[j] > 0) outstanding += 1;
      if (surplus < most) break;
    }
    if (handed < 1) break;  // HTCondor's defensive halt
  }

  for (size_t j = 0; j < self; ++j) {
    if (share[j] > 0) pending->emplace_back(n.children[j], share[j]);
  }
  n.allocated += share[self];
  n.requested -= share[self];
  n.subtree_requested = requested;
  return surplus;
}

}  // namespace negotiator
