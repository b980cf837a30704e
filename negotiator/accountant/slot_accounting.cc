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
  SlotLimitLists limits{StringAttr(slot, "ConcurrencyLimits"),
                        StringAttr(slot, "PreemptingConcurrencyLimits"),
                        StringAttr(slot, "MatchedConcurrencyLimits")};
  if (limits != SlotLimitLists()) {
    out.limits = std::make_shared<const SlotLimitLists>(std::move(limits));
  }
  return out;
}

namespace {
const std::optional<std::string>& Unpublished() {
  static const std::optional<std::string> none;
  return none;
}
}  // namespace

const std::optional<std::string>& SlotAccounting::concurrency_limits() const {
  return limits != nullptr ? limits->concurrency : Unpublished();
}

const std::optional<std::string>& SlotAccounting::preempting_concurrency_limits() const {
  return limits != nullptr ? limits->preempting : Unpublished();
}

const std::optional<std::string>& SlotAccounting::matched_concurrency_limits() const {
  return limits != nullptr ? limits->matched : Unpublished();
}

bool SlotAccounting::operator==(const SlotAccounting& other) const {
  const SlotLimitLists none;
  const SlotLimitLists& mine = limits != nullptr ? *limits : none;
  const SlotLimitLists& theirs = other.limits != nullptr ? *other.limits : none;
  return resource == other.resource && resource_hash == other.resource_hash &&
         state == other.state && customer_storable == other.customer_storable &&
         has_activity == other.has_activity && suspended == other.suspended &&
         customer == other.customer && weight == other.weight &&
         cp_match_cost == other.cp_match_cost && mine == theirs;
}

}  // namespace negotiator
