// AccountingView: what the policy layer reads from the accountant while
// the negotiator evaluates policy (user priorities, usage, the submitter's
// group and this cycle's quota). The accountant implements it; tests, the
// benchmark and policy_explain use StaticAccounting, a fixed table.
#ifndef POLICY_ACCOUNTING_VIEW_H_
#define POLICY_ACCOUNTING_VIEW_H_

#include <map>
#include <string>
#include <string_view>

namespace policy {

// The group a user is charged to, with the quota the negotiator's quota
// map holds for it this cycle and the group's node-only weighted usage.
// `name` is borrowed from the view: valid while its group table is
// unchanged (a cycle), so that asking costs no allocation.
struct GroupInfo {
  std::string_view name;
  double quota = 0;
  double usage = 0;
};

// Read-only questions the ephemeral attributes ask. Implementations must
// answer from the state of the moment (usage changes as a cycle matches),
// and must be safe to call from every thread evaluating policy at once.
class AccountingView {
 public:
  virtual ~AccountingView() = default;
  // The effective user priority (EUP) of `user` (a submitter name).
  virtual double UserPriority(std::string_view user) const = 0;
  // The weighted resources `user` uses now.
  virtual double UserResourcesInUse(std::string_view user) const = 0;
  // HTCondor's getGroupInfoFromUserId: the group `user` is assigned to,
  // its quota in the negotiator's quota map and its node-only usage; false
  // when group quotas are off (no GROUP_NAMES) or the group is not in the
  // quota map (the first cycle after a start or reconfiguration).
  virtual bool UserGroup(std::string_view user, GroupInfo* group) const = 0;
  // The node-only usage of group `group` (a name UserGroup gave) into
  // `*usage`, read as UserGroup reads it; false when the group is not in
  // the quota map. For live readers that found the user's group once.
  virtual bool GroupResourcesInUse(std::string_view group, double* usage) const = 0;
};

// An AccountingView over fixed tables: priorities and usage by user, the
// group of each user, and the quota map. Names are exact strings, as the
// accountant's record keys are. Not thread-safe to change; const methods
// are safe to call concurrently.
class StaticAccounting : public AccountingView {
 public:
  // `priority` for users not set (HTCondor's minimum RUP times the default
  // factor: 0.5 * 1000).
  double default_priority = 500;

  void SetUser(std::string user, double priority, double resources_in_use) {
    users_[std::move(user)] = User{priority, resources_in_use};
  }
  // Charges `user` to `group` (which must also be in the quota map to be
  // reported). Users charged to no group belong to "<none>", reported
  // when "<none>" is in the quota map (group quotas on).
  void SetUserGroup(std::string user, std::string group) {
    user_groups_[std::move(user)] = std::move(group);
  }
  // Puts `group` in the quota map with its quota and node-only usage.
  void SetGroup(std::string group, double quota, double usage) {
    groups_[group] = Group{quota, usage};
  }
  void SetUserResourcesInUse(const std::string& user, double usage) {
    users_[user].resources_in_use = usage;
  }
  void SetGroupUsage(const std::string& group, double usage) { groups_[group].usage = usage; }
  // Empties the quota map (as on the first cycle after a start).
  void ClearGroups() { groups_.clear(); }

  double UserPriority(std::string_view user) const override;
  double UserResourcesInUse(std::string_view user) const override;
  bool UserGroup(std::string_view user, GroupInfo* group) const override;
  bool GroupResourcesInUse(std::string_view group, double* usage) const override;

 private:
  struct User {
    double priority = 500;
    double resources_in_use = 0;
  };
  std::map<std::string, User, std::less<>> users_;
  std::map<std::string, std::string, std::less<>> user_groups_;
  struct Group {
    double quota = 0;
    double usage = 0;
  };
  std::map<std::string, Group, std::less<>> groups_;
};

}  // namespace policy

#endif  // POLICY_ACCOUNTING_VIEW_H_
