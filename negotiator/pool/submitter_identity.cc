// Naming a job's submitter (submitter_identity.h).
#include "negotiator/pool/submitter_identity.h"

#include <cstdint>
#include <optional>

#include "classad/evaluator.h"
#include "classad/utf8.h"

namespace negotiator {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;

Status Invalid(std::string message) {
  return Status(StatusCode::kInvalidArgument, std::move(message));
}

// The string attribute `name` of `job`: nullopt when undefined or absent;
// an error when it evaluates to anything but a string.
Result<std::optional<std::string>> StringAttr(const classad::ClassAd& job, std::string_view name) {
  const classad::Value v = classad::EvaluateAttr(job, name, nullptr);
  if (v.IsUndefined()) return std::optional<std::string>();
  if (!v.IsString()) return Invalid("job attribute " + std::string(name) + " is not a string");
  return std::optional<std::string>(std::string(v.string()));
}

// `value` (attribute `name`) checked for whitespace.
Status CheckName(std::string_view name, std::string_view value) {
  if (IsValidSubmitterName(value)) return Status::Ok();
  return Invalid("job attribute " + std::string(name) + " holds whitespace: \"" +
                 std::string(value) + "\"");
}

}  // namespace

IdentityConfig IdentityConfig::FromPolicy(const policy::Policy& policy) {
  IdentityConfig c;
  c.accounting_domain = policy.accountant.accounting_domain.empty()
                            ? policy.accountant.uid_domain
                            : policy.accountant.accounting_domain;
  c.nice_user_group = policy.accountant.nice_user_prefix;
  c.groups = &policy.groups.tree;
  c.assign_group_map = policy.accounting_group_map.get();
  return c;
}

bool IsValidSubmitterName(std::string_view name) {
  for (char c : name) {
    if (c == ' ' || (c >= '\t' && c <= '\r')) return false;
  }
  return true;
}

bool IsStorableName(std::string_view name, bool spaces_allowed) {
  if (name.empty() || !classad::IsValidUtf8(name)) return false;
  for (char ch : name) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) return false;
    if (c == ' ' && !spaces_allowed) return false;
  }
  return true;
}

std::string_view SubmitterDomain(std::string_view name, policy::AccountantRules rules) {
  const size_t at =
      rules == policy::AccountantRules::kBefore25_10 ? name.find('@') : name.rfind('@');
  return at == std::string_view::npos ? std::string_view() : name.substr(at + 1);
}

std::string_view AssignedGroupName(const policy::GroupTree* groups, std::string_view submitter) {
  if (groups == nullptr || groups->groups().empty()) return policy::kRootGroupName;
  return groups->groups()[static_cast<size_t>(groups->AssignedGroup(submitter))].name;
}

Result<JobSubmitter> SubmitterOfJob(const classad::ClassAd& job, const IdentityConfig& config) {
  JobSubmitter out;
  // The owner: Owner, else User without its domain.
  auto owner = StringAttr(job, "Owner");
  if (!owner.ok()) return owner.status();
  if (owner->has_value()) {
    out.owner = **owner;
  } else {
    auto user = StringAttr(job, "User");
    if (!user.ok()) return user.status();
    if (!user->has_value()) return Invalid("job has neither Owner nor User");
    const std::string& u = **user;
    out.owner = u.substr(0, std::min(u.size(), u.rfind('@')));
  }
  if (out.owner.empty()) return Invalid("job's owner is empty");
  if (Status s = CheckName("Owner", out.owner); !s.ok()) return s;

  auto accounting_group = StringAttr(job, "AccountingGroup");
  if (!accounting_group.ok()) return accounting_group.status();
  auto acct_group = StringAttr(job, "AcctGroup");
  if (!acct_group.ok()) return acct_group.status();
  auto group_user = StringAttr(job, "AcctGroupUser");
  if (!group_user.ok()) return group_user.status();
  if (acct_group->has_value()) {
    if (Status s = CheckName("AcctGroup", **acct_group); !s.ok()) return s;
  }
  if (group_user->has_value()) {
    if (Status s = CheckName("AcctGroupUser", **group_user); !s.ok()) return s;
  }
  const std::string& user = group_user->has_value() ? **group_user : out.owner;

  if (accounting_group->has_value() && !(*accounting_group)->empty()) {
    out.accounting_group = **accounting_group;
  } else if (acct_group->has_value() && !(*acct_group)->empty()) {
    out.accounting_group = **acct_group + "." + user;
  } else {
    const classad::Value nice = classad::EvaluateAttr(job, "NiceUser", nullptr);
    if (!nice.IsUndefined() && !nice.IsBoolean()) {
      return Invalid("job attribute NiceUser is not a boolean");
    }
    if (nice.IsBoolean() && nice.boolean() && !config.nice_user_group.empty()) {
      out.accounting_group = config.nice_user_group + "." + user;
    } else if (group_user->has_value() && !(*group_user)->empty()) {
      out.accounting_group = user;  // a user alias
    } else if (config.assign_group_map != nullptr) {
      std::optional<std::string> group = config.assign_group_map->MapGroup(out.owner, "");
      if (!group.has_value() || group->empty()) {
        return Invalid("could not map '" + out.owner +
                       "' to an accounting group (AssignAccountingGroup)");
      }
      if (Status s = CheckName("AcctGroup (from the AssignAccountingGroup map)", *group); !s.ok()) {
        return s;
      }
      out.accounting_group = *group + "." + out.owner;
    }
  }
  if (Status s = CheckName("AccountingGroup", out.accounting_group); !s.ok()) return s;

  const std::string& base = out.accounting_group.empty() || out.accounting_group == out.owner
                                ? out.owner
                                : out.accounting_group;
  out.name = base + "@" + config.accounting_domain;
  if (!IsStorableName(out.name, /*spaces_allowed=*/false)) {
    return Invalid("the submitter name \"" + out.name +
                   "\" holds whitespace or a control character, or is not UTF-8 "
                   "(check ACCOUNTING_DOMAIN / UID_DOMAIN and the job's Owner)");
  }
  if (config.groups != nullptr && !config.groups->groups().empty()) {
    out.group = config.groups->AssignedGroup(out.name);
    out.group_name = config.groups->groups()[static_cast<size_t>(out.group)].name;
  } else {
    out.group_name = policy::kRootGroupName;
  }
  return out;
}

}  // namespace negotiator
