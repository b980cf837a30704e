// The submitter a job is charged to, named as HTCondor's schedd names it
// (reference §1.7): `<AccountingGroup or Owner>@<ACCOUNTING_DOMAIN>`, with
// AccountingGroup formed as condor_submit forms it (`<AcctGroup>.<AcctGroupUser
// or Owner>`, nice_user jobs in the nice-user group, the legacy
// `AccountingGroup = "group.user"` kept as written), the AssignAccountingGroup
// map applied to jobs that name no group, and the configured group the name
// is charged to (GroupEntry::GetAssignedGroup).
#ifndef NEGOTIATOR_POOL_SUBMITTER_IDENTITY_H_
#define NEGOTIATOR_POOL_SUBMITTER_IDENTITY_H_

#include <string>
#include <string_view>

#include "classad/classad.h"
#include "classad/status.h"
#include "policy/group_tree.h"
#include "policy/policy.h"
#include "policy/usermap.h"

namespace negotiator {

// What naming a submitter needs from the configuration. Borrows the group
// tree and the map: both must outlive every call that uses this.
struct IdentityConfig {
  // ACCOUNTING_DOMAIN, which defaults to UID_DOMAIN.
  std::string accounting_domain;
  // The group of nice_user jobs that name no group (condor_submit's
  // NICE_USER_ACCOUNTING_GROUP_NAME, default "nice-user"; submit normally
  // writes AccountingGroup itself, so this serves ads that lack it).
  std::string nice_user_group = "nice-user";
  // The configured groups; null: no groups (everyone in "<none>").
  const policy::GroupTree* groups = nullptr;
  // The AssignAccountingGroup map (`use FEATURE : AssignAccountingGroup`);
  // null when not configured.
  const policy::UserMap* assign_group_map = nullptr;

  // The settings of `policy`, which is borrowed (see above).
  static IdentityConfig FromPolicy(const policy::Policy& policy);
};

// A job's submitter.
struct JobSubmitter {
  std::string owner;             // the job's Owner (or User without its domain)
  std::string accounting_group;  // AccountingGroup as the schedd reads it; empty for none
  std::string name;              // the submitter name: `<group.user or owner>@<domain>`
  int group = 0;                 // the assigned group's index in the tree (0: "<none>")
  std::string_view group_name;   // its name, borrowed from the tree ("<none>" without one)
};

// Names the submitter of `job`:
//   * the owner is `Owner`, else `User` up to its last `@`;
//   * AccountingGroup is the job's `AccountingGroup` when set (the legacy
//     "group.user" form or a user alias, used as written, as the schedd
//     does); else `<AcctGroup>.<AcctGroupUser or owner>` when AcctGroup is
//     set; else `<nice_user_group>.<AcctGroupUser or owner>` for a job with
//     `NiceUser = true`; else AcctGroupUser alone (a user alias); else, when
//     the AssignAccountingGroup map is configured, `<group>.<owner>` with
//     the owner's first group in the map;
//   * the name is that AccountingGroup (unless equal to the owner) or the
//     owner, then `@` and the accounting domain.
// Errors (kInvalidArgument, naming the attribute): no owner; an attribute
// that is not a string (NiceUser: not a boolean); a name or group holding
// whitespace (submit and the negotiator reject these); an owner the map
// gives no group (HTCondor's submit requirement refuses such a job).
// Thread-safe (reads only).
classad::Result<JobSubmitter> SubmitterOfJob(const classad::ClassAd& job,
                                             const IdentityConfig& config);

// The job attributes SubmitterOfJob reads (what a pool keeps of a job ad
// so that its submitter can be named again).
inline constexpr std::string_view kSubmitterIdentityNames[] = {
    "Owner", "User", "AccountingGroup", "AcctGroup", "AcctGroupUser", "NiceUser"};

// HTCondor's IsValidSubmitterName: true when `name` holds no whitespace
// (isspace in the C locale: space, \t, \n, \v, \f, \r).
bool IsValidSubmitterName(std::string_view name);

// Whether the accountant can keep `name` as a record key (and its stores
// and JSON export hold it unchanged): not empty, valid UTF-8, no control
// characters, and no whitespace unless `spaces_allowed` (submitter and
// group names: no; resource names: yes).
bool IsStorableName(std::string_view name, bool spaces_allowed);

// The domain of submitter `name` as HTCondor's Accountant::GetDomain reads
// it under `rules`: the text after its first `@` before 25.10 (25.0 LTS),
// after its last `@` since; empty when there is none.
std::string_view SubmitterDomain(std::string_view name, policy::AccountantRules rules);

// The name of the group `submitter` is charged to (GroupTree::AssignedGroup;
// "<none>" when `groups` is null). Borrowed from the tree.
std::string_view AssignedGroupName(const policy::GroupTree* groups, std::string_view submitter);

}  // namespace negotiator

#endif  // NEGOTIATOR_POOL_SUBMITTER_IDENTITY_H_
