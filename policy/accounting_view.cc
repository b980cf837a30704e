// StaticAccounting (accounting_view.h).
#include "policy/accounting_view.h"

namespace policy {

double StaticAccounting::UserPriority(std::string_view user) const {
  const auto it = users_.find(user);
  return it == users_.end() ? default_priority : it->second.priority;
}

double StaticAccounting::UserResourcesInUse(std::string_view user) const {
  const auto it = users_.find(user);
  return it == users_.end() ? 0 : it->second.resources_in_use;
}

bool StaticAccounting::UserGroup(std::string_view user, GroupInfo* group) const {
  // Users charged to no group belong to the root, "<none>", which is in
  // the quota map whenever group quotas are on.
  const auto assigned = user_groups_.find(user);
  const std::string_view name =
      assigned == user_groups_.end() ? std::string_view("<none>") : assigned->second;
  const auto found = groups_.find(name);
  if (found == groups_.end()) return false;
  *group = GroupInfo{found->first, found->second.quota, found->second.usage};
  return true;
}

bool StaticAccounting::GroupResourcesInUse(std::string_view group, double* usage) const {
  const auto found = groups_.find(group);
  if (found == groups_.end()) return false;
  *usage = found->second.usage;
  return true;
}

}  // namespace policy
