// GroupTree: the accounting groups of GROUP_NAMES with their configured
// quotas and surplus flags, and the submitter -> group mapping, built as
// HTCondor's GroupEntry::hgq_construct_tree and GetAssignedGroup do
// (reference §2.1, §1.7). Configuration only: demand, allocation and the
// negotiation order belong to the negotiator.
#ifndef POLICY_GROUP_TREE_H_
#define POLICY_GROUP_TREE_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "policy/knob_reader.h"

namespace policy {

// The name HTCondor gives the implicit root group.
inline constexpr std::string_view kRootGroupName = "<none>";

// One group as configured.
struct GroupConfig {
  std::string name;           // as spelled in GROUP_NAMES ("<none>" for the root)
  int parent = -1;            // index in GroupTree::groups(); -1 for the root
  std::vector<int> children;  // indices, in the order the children were configured
  int depth = 0;              // 0 for the root
  // GROUP_QUOTA_<name> (static: slot weight units, 0..INT_MAX) takes
  // precedence over GROUP_QUOTA_DYNAMIC_<name> (a fraction 0..1); with
  // neither, the quota is dynamic 0 (HTCondor warns).
  bool static_quota = false;
  double config_quota = 0;
  bool quota_configured = false;
  bool accept_surplus = false;  // GROUP_ACCEPT_SURPLUS_<name>, else GROUP_ACCEPT_SURPLUS
  bool autoregroup = false;     // GROUP_AUTOREGROUP_<name>, else GROUP_AUTOREGROUP
  double prio_factor = 0;       // GROUP_PRIO_FACTOR_<name>; 0 when not set
  classad::SourceLocation where;  // where the quota was set, else where GROUP_NAMES was
};

// The configured group tree. Immutable once built; thread-safe to read.
class GroupTree {
 public:
  // Reads GROUP_NAMES and the per-group knobs through `knobs`. Problems
  // (a reserved or malformed name, a quota out of range or not a number)
  // are recorded in the reader's Problems; groups HTCondor ignores (a
  // missing parent, a duplicate) are left out with a warning, as HTCondor
  // does. Never fails: the result is the tree HTCondor would build.
  static GroupTree Build(KnobReader& knobs);

  // Breadth-first: the root first, then its children, and so on.
  const std::vector<GroupConfig>& groups() const { return groups_; }
  const GroupConfig& root() const { return groups_.front(); }
  // Whether group quotas are in effect (some group besides the root).
  bool enabled() const { return groups_.size() > 1; }
  // Some group (or the default) accepts surplus / autoregroups.
  bool accept_surplus_global() const { return accept_surplus_global_; }
  bool autoregroup_global() const { return autoregroup_global_; }

  // The index of group `name` (case-insensitive, full dotted name), or -1.
  int Find(std::string_view name) const;
  // The group a submitter is charged to (GetAssignedGroup): a name without
  // `@` is a group name (itself when configured, else the root); otherwise
  // the part before the last `@` is split at its last `.` into a group
  // path and a user, and the deepest configured group along that path is
  // used (the root when there is no `.` or no such group).
  int AssignedGroup(std::string_view submitter) const;

 private:
  std::vector<GroupConfig> groups_;
  // Lower-cased full name -> index.
  std::map<std::string, int, std::less<>> index_;
  bool accept_surplus_global_ = false;
  bool autoregroup_global_ = false;
};

}  // namespace policy

#endif  // POLICY_GROUP_TREE_H_
