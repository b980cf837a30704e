// GroupQuotaTree: the working tree of hierarchical group quotas for one
// negotiation cycle, and the arithmetic HTCondor's GroupEntry.cpp does over
// it (reference §2.3, §2.4): hgq_assign_quotas, hgq_fairshare with
// hgq_allocate_surplus, and hgq_recover_remainders with hgq_round_robin.
// Used by GroupQuotaAllocator (group_quota_allocator.h), which runs the allocation
// rounds and the negotiation order around it.
//
// Every quantity is a double, and every value goes through the same
// floating-point operations, in the same order and with the same
// association, as in HTCondor (read in 25.0.13 and 25.13.2, which do not
// differ here): `config × (SA / Ss)`, `surplus × (N / Z)` and so on. So
// HTCondor's rounding errors are ours too: GROUP_QUOTA_DYNAMIC_a = 0.29
// of 100 slots is 28.999999999999996, not 29, in both.
//
// HTCondor's recursions are done with explicit work lists over the
// breadth-first order, so a deep tree cannot exhaust the stack. The order
// of the work differs from the recursion's but no value does: each step
// writes only its own subtree, reads what HTCondor's recursion has also
// finished by then, and every sum is accumulated in HTCondor's order
// (the node's own term, then its children in configured order).
//
// Thread-safety: none; one cycle at a time.
#ifndef NEGOTIATOR_QUOTAS_QUOTA_TREE_H_
#define NEGOTIATOR_QUOTAS_QUOTA_TREE_H_

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "policy/group_tree.h"

namespace negotiator {

// One group of the working tree: GroupEntry's fields of the same names.
struct GroupQuotaNode {
  // The configuration (fixed for the tree's life).
  int parent = -1;            // -1 for the root
  std::vector<int> children;  // in the configured order
  bool static_quota = false;
  double config_quota = 0;    // slots when static, a fraction when dynamic
  bool accept_surplus = false;

  // One cycle's values, reset by AssignQuotas.
  double quota = 0;              // the effective quota (hgq_assign_quotas)
  double subtree_quota = 0;      // what the subtree received
  double requested = 0;          // demand at this node not yet allocated
  double allocated = 0;          // this round's allocation
  double subtree_requested = 0;  // outstanding demand of the node and its accepting children
  bool rr = false;               // served by round robin this round

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
  void AssignQuotas(double total, bool allow_oversubscription);

  // hgq_fairshare from the root: each node is allocated min(requested,
  // quota) (requested keeps the rest), and the unused quota flows up,
  // shared at every internal node among the node and its children that
  // accept surplus (hgq_allocate_surplus). Expects `allocated` and
  // `subtree_requested` zero. Returns the surplus left at the root.
  double Fairshare();

  // hgq_recover_remainders from the root: every allocation is floored, the
  // fractions become surplus, and whole slots of it go out by round robin
  // (hgq_round_robin), least recently served first, marking the groups
  // served (`rr`). Run after Fairshare when slot weights are off. Returns
  // the surplus left at the root.
  double RecoverRemainders();

 private:
  using Pending = std::vector<std::pair<int, double>>;

  // One node's part of hgq_allocate_surplus(surplus): shares `surplus`
  // among node `i` and its accepting children, takes its own share, and
  // appends each child's share to `pending` (to be spread in its subtree).
  // Returns what is left.
  double AllocateSurplusAt(int i, double surplus, Pending* pending);
  // hgq_allocate_surplus at `i`, its subtree included.
  double AllocateSurplus(int i, double surplus);
  // The same two for hgq_round_robin.
  double RoundRobinAt(int i, double surplus, Pending* pending);
  double RoundRobin(int i, double surplus);

  std::vector<GroupQuotaNode> nodes_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_QUOTAS_QUOTA_TREE_H_
