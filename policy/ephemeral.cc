// The ephemeral attributes (ephemeral.h), as HTCondor's matchmaker.cpp
// inserts them: negotiate() on the request, addRemoteUserPrios() on slots,
// matchmakingProtocol() on the offer.
#include "policy/ephemeral.h"

#include <cstdlib>

#include "classad/evaluator.h"
#include "policy/policy.h"
#include "policy/text_util.h"

namespace policy {

using classad::Value;

const std::vector<EphemeralAttributeInfo>& EphemeralAttributes() {
  // name, on_slot, group_quotas_only, needs_preemption, claimed_only, live, offer_only
  static const std::vector<EphemeralAttributeInfo> kTable = {
      {kSubmitterNegotiatingGroup, false, false, false, false, false, false},
      {kSubmitterAutoregroup, false, false, false, false, false, false},
      {kSubmittorPrio, false, false, false, false, false, false},
      {kSubmitterUserPrio, false, false, false, false, false, false},
      {kSubmitterUserResourcesInUse, false, false, false, false, false, false},
      {kSubmitterGroup, false, true, false, false, false, false},
      {kSubmitterGroupResourcesInUse, false, true, false, false, false, false},
      {kSubmitterGroupQuota, false, true, false, false, false, false},
      {kRemoteUserPrio, true, false, true, true, false, false},
      {kRemoteUserResourcesInUse, true, false, true, true, true, false},
      {kRemoteGroup, true, true, true, true, false, false},
      {kRemoteGroupResourcesInUse, true, true, true, true, true, false},
      {kRemoteGroupQuota, true, true, true, true, false, false},
      {kRemoteNegotiatingGroup, true, false, false, true, false, true},
      {kRemoteAutoregroup, true, false, false, true, false, true},
  };
  return kTable;
}

namespace {

// `name` without a leading `<letters><digits>_` (a cross-slot form), or
// `name` itself.
std::string_view WithoutSlotPrefix(std::string_view name) {
  size_t i = 0;
  while (i < name.size() && IsAsciiLetter(name[i])) ++i;
  const size_t letters = i;
  while (i < name.size() && IsAsciiDigit(name[i])) ++i;
  if (letters == 0 || i == letters || i >= name.size() || name[i] != '_') return name;
  return name.substr(i + 1);
}


// The user a slot's accounting attributes name under `prefix`: the first
// string of PreemptingAccountingGroup, PreemptingUser, AccountingGroup,
// RemoteUser.
// The attributes naming a slot's remote user, in the order they are tried.
constexpr std::string_view kRemoteUserAttributes[] = {"PreemptingAccountingGroup",
                                                      "PreemptingUser", "AccountingGroup",
                                                      "RemoteUser"};
constexpr std::string_view kPreemptingRank = "PreemptingRank";

bool FindRemoteUser(const classad::ClassAd& slot, std::string_view prefix, std::string* scratch,
                    std::string* user) {
  for (std::string_view attribute : kRemoteUserAttributes) {
    scratch->assign(prefix);
    scratch->append(attribute);
    if (classad::EvaluateAttrString(slot, *scratch, user)) return true;
  }
  return false;
}

}  // namespace

RemoteAttributeOptions RemoteOptionsOf(const MatchPolicy& matching) {
  RemoteAttributeOptions options;
  options.consider_preemption = matching.consider_preemption;
  options.cross_slot_prios = matching.cross_slot_prios;
  options.resource_prefix = matching.resource_prefix;
  return options;
}

std::optional<double> PreemptingRankOf(const classad::ClassAd& slot) {
  double rank = 0;
  if (!classad::EvaluateAttrNumber(slot, kPreemptingRank, &rank)) return std::nullopt;
  return rank;
}

std::string RemoteUserOf(const classad::ClassAd& slot) {
  std::string scratch, user;
  if (!FindRemoteUser(slot, "", &scratch, &user)) user.clear();
  return user;
}

const EphemeralAttributeInfo* FindEphemeralAttribute(std::string_view name) {
  for (std::string_view candidate : {name, WithoutSlotPrefix(name)}) {
    for (const EphemeralAttributeInfo& info : EphemeralAttributes()) {
      if (EqualsNoCase(info.name, candidate)) return &info;
    }
  }
  return nullptr;
}

// ---------------------------------------------------------------- job side

SubmitterAttributes::SubmitterAttributes() {
  negotiating_group_ = overlay_.Add(kSubmitterNegotiatingGroup);
  autoregroup_ = overlay_.Add(kSubmitterAutoregroup);
  submittor_prio_ = overlay_.Add(kSubmittorPrio);
  user_prio_ = overlay_.Add(kSubmitterUserPrio);
  user_usage_ = overlay_.Add(kSubmitterUserResourcesInUse);
  group_ = overlay_.Add(kSubmitterGroup);
  group_usage_ = overlay_.Add(kSubmitterGroupResourcesInUse);
  group_quota_ = overlay_.Add(kSubmitterGroupQuota);
}

void SubmitterAttributes::Bind(const SubmitterContext& submitter,
                               const AccountingView& accounting) {
  const std::string_view negotiating =
      submitter.negotiating_group.empty() ? std::string_view("<none>") : submitter.negotiating_group;
  // Reuse the stored string when the group is the same (most requests).
  const classad::AttributeOverlay::Entry& current =
      overlay_.entry(static_cast<size_t>(negotiating_group_));
  if (!current.present || !current.value.IsString() || current.value.string() != negotiating) {
    overlay_.Set(negotiating_group_, Value::String(negotiating));
  }
  overlay_.Set(autoregroup_, Value::Boolean(submitter.autoregroup && negotiating == "<none>"));
  overlay_.Set(submittor_prio_, Value::Real(submitter.priority));
  overlay_.Set(user_prio_, Value::Real(submitter.priority));
  overlay_.Set(user_usage_, Value::Real(accounting.UserResourcesInUse(submitter.submitter)));
  GroupInfo group;
  if (accounting.UserGroup(submitter.submitter, &group)) {
    const classad::AttributeOverlay::Entry& name = overlay_.entry(static_cast<size_t>(group_));
    if (!name.present || !name.value.IsString() || name.value.string() != group.name) {
      overlay_.Set(group_, Value::String(group.name));
    }
    overlay_.Set(group_usage_, Value::Real(group.usage));
    overlay_.Set(group_quota_, Value::Real(group.quota));
  } else {
    overlay_.Clear(group_);
    overlay_.Clear(group_usage_);
    overlay_.Clear(group_quota_);
  }
}

// ---------------------------------------------------------------- slot side

RemoteAttributes::RemoteAttributes() {
  // The common entries first, so that a slot without cross-slot forms
  // scans few.
  for (std::string_view name : {kRemoteUserPrio, kRemoteUserResourcesInUse, kRemoteGroup,
                                kRemoteGroupResourcesInUse, kRemoteGroupQuota, kCurrentRank}) {
    overlay_.Add(name);
  }
}

Value RemoteAttributes::UserUsage(const void* live) {
  const Live& l = *static_cast<const Live*>(live);
  // HTCondor's ResourcesInUseByUser() returns the usage as a float.
  return Value::Real(static_cast<float>(l.accounting->UserResourcesInUse(l.user)));
}

Value RemoteAttributes::GroupUsage(const void* live) {
  const Live& l = *static_cast<const Live*>(live);
  // ResourcesInUseByUsersGroup(): error when the group is not known. The
  // user's group is fixed by the group tree: found when bound.
  double usage = 0;
  if (!l.accounting->GroupResourcesInUse(l.group, &usage)) return Value::Error();
  return Value::Real(usage);
}

int RemoteAttributes::Entry(std::string_view prefix, std::string_view name) {
  if (prefix.empty()) return overlay_.IndexOf(name);
  scratch_.assign(prefix);
  scratch_.append(name);
  return overlay_.Add(scratch_);
}

bool RemoteAttributes::BindUser(std::string_view prefix, std::string user,
                                const AccountingView& accounting) {
  if (users_in_use_ == users_.size()) users_.push_back(std::make_unique<Live>());
  Live& live = *users_[users_in_use_++];
  live.accounting = &accounting;
  live.user = std::move(user);

  const int prio = Entry(prefix, kRemoteUserPrio);
  const int usage = Entry(prefix, kRemoteUserResourcesInUse);
  if (prio < 0 || usage < 0) return false;
  // HTCondor casts the priority to float before inserting it.
  overlay_.Set(prio, Value::Real(static_cast<float>(accounting.UserPriority(live.user))));
  overlay_.Compute(usage, &RemoteAttributes::UserUsage, &live);
  GroupInfo group;
  if (accounting.UserGroup(live.user, &group)) {
    const int name = Entry(prefix, kRemoteGroup);
    const int group_usage = Entry(prefix, kRemoteGroupResourcesInUse);
    const int quota = Entry(prefix, kRemoteGroupQuota);
    if (name < 0 || group_usage < 0 || quota < 0) return false;
    overlay_.Set(name, Value::String(group.name));
    live.group = group.name;
    overlay_.Compute(group_usage, &RemoteAttributes::GroupUsage, &live);
    overlay_.Set(quota, Value::Real(group.quota));
  }
  return true;
}

void RemoteAttributes::Clear() {
  overlay_.ClearAll();
  users_in_use_ = 0;
  remote_user_.clear();
}

classad::Status RemoteAttributes::Bind(const classad::ClassAd& slot,
                                       const AccountingView& accounting,
                                       const RemoteAttributeOptions& options) {
  Clear();
  if (!options.consider_preemption) return classad::Status::Ok();
  std::string user;
  if (FindRemoteUser(slot, "", &scratch_, &user)) {
    remote_user_ = user;
    BindUser("", std::move(user), accounting);
  }
  if (std::optional<double> preempting_rank = PreemptingRankOf(slot)) {
    overlay_.Set(overlay_.IndexOf(kCurrentRank), Value::Real(*preempting_rank));
  }
  if (!options.cross_slot_prios) return classad::Status::Ok();
  double total = 0;
  if (!classad::EvaluateAttrNumber(slot, "TotalSlots", &total)) return classad::Status::Ok();
  if (!(total < static_cast<double>(options.max_cross_slots) + 1)) {  // NaN too
    return classad::Status(classad::StatusCode::kLimitExceeded,
                           "TotalSlots = " + std::to_string(total) +
                               ": the cross-slot priorities of more than " +
                               std::to_string(options.max_cross_slots) +
                               " slots are not bound (RemoteAttributeOptions::max_cross_slots)");
  }
  const int total_slots = total < 1 ? 0 : static_cast<int>(total);  // truncated, as LookupInteger
  std::string prefix;
  for (int i = 1; i <= total_slots; ++i) {
    prefix = options.resource_prefix + std::to_string(i) + "_";
    if (!FindRemoteUser(slot, prefix, &scratch_, &user)) continue;
    if (!BindUser(prefix, std::move(user), accounting)) {
      return classad::Status(classad::StatusCode::kLimitExceeded,
                             "cross-slot priorities of " + std::to_string(total_slots) +
                                 " slots do not fit in one overlay (AttributeOverlay::kMaxEntries)");
    }
  }
  return classad::Status::Ok();
}

bool RemoteAttributes::BindingKey(const classad::ClassAd& slot,
                                  const RemoteAttributeOptions& options, std::string* key) {
  key->clear();
  if (!options.consider_preemption) return true;  // nothing is bound
  if (options.cross_slot_prios) return false;
  std::string scratch, user;
  if (FindRemoteUser(slot, "", &scratch, &user)) {
    key->push_back('u');
    key->append(user);
  }
  key->push_back('\0');
  if (std::optional<double> preempting_rank = PreemptingRankOf(slot)) {
    key->push_back('r');
    key->append(reinterpret_cast<const char*>(&*preempting_rank), sizeof(double));
  }
  return true;
}

bool RemoteAttributes::BindingKeyIsFixed(const classad::ClassAd& slot) {
  auto fixed = [&](std::string_view name) {
    const classad::AttrRef ref = slot.Find(name);
    return !ref || ref.is_literal();
  };
  for (std::string_view attribute : kRemoteUserAttributes) {
    if (!fixed(attribute)) return false;
  }
  return fixed(kPreemptingRank);
}

std::vector<std::pair<std::string, Value>> MatchedOfferAttributes(
    const SubmitterAttributes& submitter) {
  const classad::AttributeOverlay& overlay = submitter.overlay();
  std::vector<std::pair<std::string, Value>> out;
  auto copy = [&](std::string_view to, std::string_view from) {
    const int i = overlay.IndexOf(from);
    const classad::AttributeOverlay::Entry& e = overlay.entry(static_cast<size_t>(i));
    out.emplace_back(std::string(to), e.present ? e.value : Value::Undefined());
  };
  copy(kRemoteGroup, kSubmitterGroup);
  copy(kRemoteNegotiatingGroup, kSubmitterNegotiatingGroup);
  out.emplace_back(std::string(kRemoteAutoregroup), Value::Undefined());
  return out;
}

}  // namespace policy
