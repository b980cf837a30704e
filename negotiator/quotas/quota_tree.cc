// GroupQuotaTree (quota_tree.h), following GroupEntry.cpp's
// hgq_assign_quotas, hgq_fairshare, hgq_allocate_surplus,
// hgq_allocate_surplus_loop, hgq_recover_remainders and hgq_round_robin.
#include "negotiator/quotas/quota_tree.h"

#include <algorithm>
#include <utility>

namespace negotiator {

namespace {

// HTCondor's round_for_precision: the nearest integer, halves up
// (floor(0.5 + x)). Exact values need it only where it is not a no-op: a
// fractional demand is rounded to a whole number of slots.
Quantity RoundHalfUp(const Quantity& q) { return Floor(q + Quantity(1, 2)); }

using Pending = std::vector<std::pair<int, Quantity>>;

}  // namespace

GroupQuotaTree::GroupQuotaTree(const policy::GroupTree& tree) {
  nodes_.reserve(tree.groups().size());
  for (const policy::GroupConfig& g : tree.groups()) {
    GroupQuotaNode node;
    node.parent = g.parent;
    node.children = g.children;
    node.static_quota = g.static_quota;
    node.config_quota = QuantityFromDouble(g.config_quota);
    node.accept_surplus = g.accept_surplus;
    nodes_.push_back(std::move(node));
  }
}

void GroupQuotaTree::AssignQuotas(const Quantity& total, bool allow_oversubscription) {
  for (GroupQuotaNode& n : nodes_) {
    n.quota = 0;
    n.subtree_quota = 0;
  }
  if (nodes_.empty()) return;
  // What each subtree receives from its parent; parents come first.
  std::vector<Quantity> incoming(nodes_.size());
  incoming[0] = total;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    GroupQuotaNode& n = nodes_[i];
    const Quantity q = incoming[i];
    if (q <= 0) continue;  // the subtree keeps quotas of 0
    n.subtree_quota = q;
    Quantity static_sum = 0;
    Quantity dynamic_sum = 0;
    for (int c : n.children) {
      const GroupQuotaNode& child = nodes_[static_cast<size_t>(c)];
      (child.static_quota ? static_sum : dynamic_sum) += child.config_quota;
    }
    // Static children first, bounded by q unless oversubscription is allowed;
    // dynamic children share what is left.
    const Quantity static_amount = allow_oversubscription ? static_sum : std::min(static_sum, q);
    const Quantity dynamic_amount = std::max(Quantity(0), Quantity(q - static_amount));
    const Quantity static_norm = static_sum > 0 ? static_sum : Quantity(1);
    const Quantity dynamic_norm = std::max(dynamic_sum, Quantity(1));
    Quantity children_total = 0;
    for (int c : n.children) {
      const GroupQuotaNode& child = nodes_[static_cast<size_t>(c)];
      Quantity share = child.static_quota ? child.config_quota * static_amount / static_norm
                                          : child.config_quota * dynamic_amount / dynamic_norm;
      if (share < 0) share = 0;
      incoming[static_cast<size_t>(c)] = share;
      children_total += share;
    }
    // The root's "quota" is the pool minus what its subtree holds, whatever
    // the oversubscription rule, so that surplus is not counted twice.
    n.quota = (allow_oversubscription && i != 0) ? q : q - children_total;
    if (n.quota < 0) n.quota = 0;
  }
}

Quantity GroupQuotaTree::Fairshare() {
  if (nodes_.empty()) return 0;
  // The surplus each node returns to its parent; children come last.
  std::vector<Quantity> returned(nodes_.size());
  for (size_t k = nodes_.size(); k-- > 0;) {
    GroupQuotaNode& n = nodes_[k];
    n.allocated = std::min(n.requested, n.quota);
    n.requested -= n.allocated;
    n.subtree_requested = n.requested;
    Quantity surplus = n.quota - n.allocated;
    if (n.children.empty()) {
      returned[k] = std::move(surplus);
      continue;
    }
    for (int c : n.children) {
      const GroupQuotaNode& child = nodes_[static_cast<size_t>(c)];
      surplus += returned[static_cast<size_t>(c)];
      // Surplus always flows up; demand only from children that accept it.
      if (child.accept_surplus) n.subtree_requested += child.subtree_requested;
    }
    returned[k] = AllocateSurplus(static_cast<int>(k), std::move(surplus));
  }
  return returned[0];
}

Quantity GroupQuotaTree::AllocateSurplus(int i, Quantity surplus) {
  Pending pending;
  Quantity left = AllocateSurplusAt(i, std::move(surplus), &pending);
  // Each child's share spread in its own subtree; what a child cannot place
  // is dropped, as HTCondor drops it (with a warning there).
  while (!pending.empty()) {
    std::pair<int, Quantity> work = std::move(pending.back());
    pending.pop_back();
    AllocateSurplusAt(work.first, std::move(work.second), &pending);
  }
  return left;
}

Quantity GroupQuotaTree::AllocateSurplusAt(int i, Quantity surplus, Pending* pending) {
  GroupQuotaNode& n = nodes_[static_cast<size_t>(i)];
  if (surplus <= 0) return 0;
  if (n.subtree_requested <= 0) return surplus;

  // The participants: the children, then the node itself, which takes part
  // as if it accepted surplus, weighted by its own quota and limited by its
  // own demand.
  const size_t count = n.children.size() + 1;
  const size_t self = count - 1;
  auto accepts = [&](size_t j) { return j == self || nodes_[static_cast<size_t>(n.children[j])].accept_surplus; };
  auto weight = [&](size_t j) -> const Quantity& {
    return j == self ? n.quota : nodes_[static_cast<size_t>(n.children[j])].subtree_quota;
  };
  auto demand = [&](size_t j) -> const Quantity& {
    return j == self ? n.requested : nodes_[static_cast<size_t>(n.children[j])].subtree_requested;
  };
  std::vector<Quantity> share(count);
  Quantity requested = n.subtree_requested;

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
    std::vector<Quantity> wanting(count);
    for (size_t j = 0; j < count; ++j) {
      if (accepts(j) && demand(j) > 0) wanting[j] = demand(j);
    }
    for (const bool by_quota : {true, false}) {
      while (surplus > 0) {
        Quantity norm = 0;
        for (size_t j = 0; j < count; ++j) {
          if (wanting[j] > 0) norm += by_quota ? weight(j) : Quantity(1);
        }
        if (norm <= 0) break;
        bool none_capped = true;
        Quantity handed = 0;
        for (size_t j = 0; j < count; ++j) {
          if (wanting[j] <= 0) continue;
          Quantity a = by_quota ? Quantity(surplus * weight(j) / norm) : Quantity(surplus / norm);
          if (a > wanting[j]) {
            a = wanting[j];
            none_capped = false;
          }
          share[j] += a;
          wanting[j] -= a;
          handed += a;
        }
        surplus -= handed;
        requested -= handed;
        if (none_capped || surplus < 0) surplus = 0;
      }
    }
  }

  for (size_t j = 0; j < self; ++j) {
    if (share[j] > 0) pending->emplace_back(n.children[j], std::move(share[j]));
  }
  n.allocated += share[self];
  n.requested -= share[self];
  n.subtree_requested = std::move(requested);
  return surplus;
}

Quantity GroupQuotaTree::RecoverRemainders() {
  if (nodes_.empty()) return 0;
  std::vector<Quantity> returned(nodes_.size());
  for (size_t k = nodes_.size(); k-- > 0;) {
    GroupQuotaNode& n = nodes_[k];
    Quantity surplus = n.allocated - Floor(n.allocated);
    n.allocated -= surplus;
    n.requested += surplus;
    n.allocated = RoundHalfUp(n.allocated);
    n.requested = RoundHalfUp(n.requested);
    n.subtree_requested = n.requested;
    n.subtree_rr_time = n.requested > 0 ? n.rr_time : kNeverServed;
    if (n.children.empty()) {
      returned[k] = std::move(surplus);
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
    returned[k] = RoundRobin(static_cast<int>(k), std::move(surplus));
  }
  return returned[0];
}

Quantity GroupQuotaTree::RoundRobin(int i, Quantity surplus) {
  Pending pending;
  Quantity left = RoundRobinAt(i, std::move(surplus), &pending);
  while (!pending.empty()) {
    std::pair<int, Quantity> work = std::move(pending.back());
    pending.pop_back();
    RoundRobinAt(work.first, std::move(work.second), &pending);
  }
  return left;
}

Quantity GroupQuotaTree::RoundRobinAt(int i, Quantity surplus, Pending* pending) {
  GroupQuotaNode& n = nodes_[static_cast<size_t>(i)];
  if (n.subtree_requested != Floor(n.subtree_requested)) n.subtree_requested = Floor(n.subtree_requested);
  if (n.subtree_requested <= 0) return surplus;
  if (surplus < 1) return surplus;  // nothing to do without one whole slot

  const size_t count = n.children.size() + 1;
  const size_t self = count - 1;
  auto node = [&](size_t j) -> GroupQuotaNode& {
    return j == self ? n : nodes_[static_cast<size_t>(n.children[j])];
  };
  auto accepts = [&](size_t j) { return j == self || node(j).accept_surplus; };
  auto weight = [&](size_t j) -> const Quantity& { return j == self ? n.quota : node(j).subtree_quota; };
  auto demand = [&](size_t j) -> const Quantity& { return j == self ? n.requested : node(j).subtree_requested; };
  auto served_at = [&](size_t j) { return j == self ? n.rr_time : node(j).subtree_rr_time; };

  std::vector<Quantity> share(count);
  std::vector<Quantity> wanting(count);
  Quantity requested = n.subtree_requested;
  int64_t outstanding = 0;
  for (size_t j = 0; j < count; ++j) {
    if (accepts(j) && demand(j) > 0) {
      wanting[j] = demand(j);
      ++outstanding;
    }
  }
  // Least recently served first, then the larger quota, then the larger
  // demand. HTCondor's std::sort leaves ties unspecified (its small
  // vectors keep the configured order); a stable sort keeps the configured
  // order always.
  std::vector<size_t> order(count);
  for (size_t j = 0; j < count; ++j) order[j] = j;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (served_at(a) != served_at(b)) return served_at(a) < served_at(b);
    if (weight(a) != weight(b)) return weight(a) > weight(b);
    return demand(a) > demand(b);
  });

  while (surplus >= 1 && requested > 0) {
    if (outstanding == 0) break;  // cannot happen with whole demands; HTCondor would divide by 0
    const Quantity most = std::max(Quantity(1), Floor(surplus / outstanding));
    outstanding = 0;
    Quantity handed = 0;
    for (size_t j : order) {
      if (!accepts(j) || wanting[j] <= 0) continue;
      const Quantity a = std::min(wanting[j], most);
      share[j] += a;
      wanting[j] -= a;
      handed += a;
      surplus -= a;
      requested -= a;
      node(j).rr = true;
      if (wanting[j] > 0) ++outstanding;
      if (surplus < most) break;
    }
    if (handed < 1) break;  // HTCondor's defensive halt
  }

  for (size_t j = 0; j < self; ++j) {
    if (share[j] > 0) pending->emplace_back(n.children[j], std::move(share[j]));
  }
  n.allocated += share[self];
  n.requested -= share[self];
  n.subtree_requested = std::move(requested);
  return surplus;
}

}  // namespace negotiator
