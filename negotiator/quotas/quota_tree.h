// GroupQuotaTree: the working tree of hierarchical group quotas for one
// negotiation cycle, and the arithmetic HTCondor's GroupEntry.cpp does over
// it (reference §2.3, §2.4): hgq_assign_quotas, hgq_fairshare with
// hgq_allocate_surplus, and hgq_recover_remainders with hgq_round_robin.
// Used by GroupQuotaAllocator (group_quota_allocator.h), which runs the allocation
// rounds and the negotiation order around it.
//
// Every quantity is exact (exact_quantity.h): HTCondor computes in
// double, and where its double differs from the exact value by rounding
// noise we follow the exact value (see group_quota.h). HTCondor's
// recursions are done with explicit work lists over the breadth-first
// order, so a deep tree cannot exhaust the stack; the order of the work
// does not change any result (each step touches only its own node and
// reads its children).
//
// Thread-safety: none; one cycle at a time.
#ifndef NEGOTIATOR_QUOTAS_QUOTA_TREE_H_
#define NEGOTIATOR_QUOTAS_QUOTA_TREE_H_

#include <cstdint>
#include <limits>
#include <vector>

#include "negotiator/quotas/exact_quantity.h"
#include "policy/group_tree.h"

namespace negotiator {

// One group of the working tree: GroupEntry's fields of the same names.
struct GroupQuotaNode {
  // The configuration (fixed for the tree's life).
  int parent = -1;            // -1 for the root
  std::vector<int> children;  // in the configured order
  bool static_quota = false;
  Quantity config_quota;      // slots when static, a fraction when dynamic
  bool accept_surplus = false;

  // One cycle's values, reset by AssignQuotas.
  Quantity quota;              // the effective quota (hgq_assign_quotas)
  Quantity subtree_quota;      // what the subtree received
  Quantity requested;          // demand at this node not yet allocated
  Quantity allocated;          // this round's allocation
  Quantity subtree_requested;  // outstanding demand of the node and its accepting children
  bool rr = false;             // served by round robin this round

  // Kept from cycle to cycle (HTCondor keeps its tree until a reconfig).
  int64_t rr_time = 0;          // when round robin last served it (or found it satisfied)
  int64_t subtree_rr_time = 0;  // the earliest rr_time among the subtree's waiting groups
};

// "Never served": the time of a group with no demand in round robin order
// (HTCondor's DBL_MAX).
inline constexpr int64_t kNeverServed = std::numeric_limits<int64_t>::max();

// The tree. Its nodes are indexed as GroupTree::groups() (breadth first,
// the root at 0, every parent before its children).
class GroupQuotaTree {
 public:
  // The configuration of `tree`'s groups; every per-cycle value zero.
  explicit GroupQuotaTree(const policy::GroupTree& tree);

  std::vector<GroupQuotaNode>& nodes() { return nodes_; }
  const std::vector<GroupQuotaNode>& nodes() const { return nodes_; }

  // hgq_assign_quotas(total) from the root, after clearing every quota and
  // subtree quota: static children take their configured quota (scaled
  // down to what the parent has unless `allow_oversubscription`), dynamic
  // children their fraction of what is left (fractions summing above 1
  // normalised), a node keeps the whole amount it received under
  // oversubscription or what its children left otherwise, and the root
  // always keeps what its children left. A subtree receiving 0 or less
  // keeps quotas of 0.
  void AssignQuotas(const Quantity& total, bool allow_oversubscription);

  // hgq_fairshare from the root: each node is allocated min(requested,
  // quota) (requested keeps the rest), and the unused quota flows up,
  // shared at every internal node among the node and its children that
  // accept surplus (hgq_allocate_surplus). Expects `allocated` and
  // `subtree_requested` zero. Returns the surplus left at the root.
  Quantity Fairshare();

  // hgq_recover_remainders from the root: every allocation is floored, the
  // fractions become surplus, and whole slots of it go out by round robin
  // (hgq_round_robin), least recently served first, marking the groups
  // served (`rr`). Run after Fairshare when slot weights are off. Returns
  // the surplus left at the root.
  Quantity RecoverRemainders();

 private:
  // One node's part of hgq_allocate_surplus(surplus): shares `surplus`
  // among node `i` and its accepting children, takes its own share, and
  // appends each child's share to `pending` (to be spread in its subtree).
  // Returns what is left.
  Quantity AllocateSurplusAt(int i, Quantity surplus, std::vector<std::pair<int, Quantity>>* pending);
  // hgq_allocate_surplus at `i`, its subtree included.
  Quantity AllocateSurplus(int i, Quantity surplus);
  // The same two for hgq_round_robin.
  Quantity RoundRobinAt(int i, Quantity surplus, std::vector<std::pair<int, Quantity>>* pending);
  Quantity RoundRobin(int i, Quantity surplus);

  std::vector<GroupQuotaNode> nodes_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_QUOTAS_QUOTA_TREE_H_
