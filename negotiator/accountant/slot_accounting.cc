// A slot ad as the accountant reads it (slot_accounting.h).
#include "negotiator/accountant/slot_accounting.h"

#include "classad/evaluator.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/pool/submitter_identity.h"
#include "policy/text_util.h"

namespace negotiator {
namespace {

std::optional<std::string> StringAttr(const classad::ClassAd& slot, std::string_view name) {
  std::string value;
  if (!classad::EvaluateAttrString(slot, name, &value)) return std::nullopt;
  return value;
}

SlotAccounting::State StateOf(const classad::ClassAd& slot) {
  std::string state;
  classad::EvaluateAttrString(slot, "State", &state);
  if (state == "Claimed") return SlotAccounting::State::kClaimed;
  if (state == "Preempting") return SlotAccounting::State::kPreempting;
  if (state == "Matched") return SlotAccounting::State::kMatched;
  return SlotAccounting::State::kOther;
}

}  // namespace

SlotAccounting ReadSlotAccounting(const classad::ClassAd& slot,
                                  const policy::AccountantPolicy& policy) {
  SlotAccounting out;
  if (classad::Result<std::string> name = Accountant::ResourceName(slot); name.ok()) {
    out.resource = std::move(name).value();
    out.resource_hash = RecordKeyHash()(out.resource);
  }
  out.state = StateOf(slot);
  out.customer = StringAttr(slot, "AccountingGroup");
  if (!out.customer) out.customer = StringAttr(slot, "RemoteUser");
  out.customer_storable = out.customer && IsStorableName(*out.customer, /*spaces_allowed=*/false);
  std::string activity;
  out.has_activity = classad::EvaluateAttrString(slot, "Activity", &activity);
  out.suspended = out.has_activity && policy::EqualsNoCase(activity, "Suspended");
  out.weight = SlotWeightOf(slot, policy);
  double cost = 0;
  if (classad::EvaluateAttrNumber(slot, "_cp_match_cost", &cost)) out.cp_match_cost = cost;
  out.limits = SharedSlotLimits(SlotLimitLists{StringAttr(slot, "ConcurrencyLimits"),
                                               StringAttr(slot, "PreemptingConcurrencyLimits"),
                                               StringAttr(slot, "MatchedConcurrencyLimits")});
  return out;
}

SharedSlotLimits::SharedSlotLimits(SlotLimitLists lists) {
  if (lists != SlotLimitLists()) lists_ = std::make_shared<const SlotLimitLists>(std::move(lists));
}

bool SharedSlotLimits::operator==(const SharedSlotLimits& other) const {
  if (lists_ == nullptr || other.lists_ == nullptr) return lists_ == other.lists_;
  return *lists_ == *other.lists_;
}

}  // namespace negotiator
