// What the accountant reads from a slot ad: the one home of those
// readings. HTCondor's CheckMatches, IsClaimed, CheckClaimedOrMatched and
// AddMatch look these attributes up in every slot ad at every cycle; here
// they are read once per ad (a Pool keeps them with each slot,
// PoolSlot::accounting, and reads them again only when the ad changes),
// and the accountant decides from them.
#ifndef NEGOTIATOR_ACCOUNTANT_SLOT_ACCOUNTING_H_
#define NEGOTIATOR_ACCOUNTANT_SLOT_ACCOUNTING_H_

#include <memory>
#include <optional>
#include <string>

#include "classad/classad.h"
#include "policy/policy.h"

namespace negotiator {

// The concurrency-limit lists a slot ad publishes, when strings. Plain
// data.
struct SlotLimitLists {
  std::optional<std::string> concurrency;  // ConcurrencyLimits
  std::optional<std::string> preempting;   // PreemptingConcurrencyLimits
  std::optional<std::string> matched;      // MatchedConcurrencyLimits
  bool operator==(const SlotLimitLists&) const = default;
};

// A slot's SlotLimitLists, shared and immutable, null when it publishes
// none (as most slots do: 16 bytes a slot rather than 120, and a pool
// holds tens of thousands); compared by what the lists hold.
class SharedSlotLimits {
 public:
  SharedSlotLimits() = default;
  // Holds `lists`, or nothing when none of them is published.
  explicit SharedSlotLimits(SlotLimitLists lists);
  // The lists, or null when none is published.
  const SlotLimitLists* get() const { return lists_.get(); }
  bool operator==(const SharedSlotLimits& other) const;

 private:
  std::shared_ptr<const SlotLimitLists> lists_;
};

// A slot ad as the accountant reads it. Plain data.
struct SlotAccounting {
  // `<Name>@<StartdIpAddr>` (StartdIpAddr may be missing): the key of the
  // slot's resource record. Empty when the slot has no usable Name (not a
  // string, a control character, not UTF-8): such a slot is not charged.
  std::string resource;
  // RecordKeyHash of `resource`, found when it is read (0: not found then;
  // CheckMatches hashes the name itself).
  size_t resource_hash = 0;
  // The slot's State, as the accountant tells them apart.
  enum class State : uint8_t { kOther, kClaimed, kPreempting, kMatched };
  State state = State::kOther;
  // `customer` is a name the accountant can keep (IsStorableName, no
  // blanks): a claim charging anything else is not charged.
  bool customer_storable = false;
  // Activity is a string; and it is "Suspended" (any case). Read whatever
  // NEGOTIATOR_DISCOUNT_SUSPENDED_RESOURCES says; the accountant asks.
  bool has_activity = false;
  bool suspended = false;
  // The customer a claim charges: AccountingGroup, else RemoteUser, when
  // one of them is a string.
  std::optional<std::string> customer;
  // What a match on it costs (SlotWeightOf under the policy it was read
  // with).
  double weight = 1;
  // `_cp_match_cost`, when a number: a consumption-policy match.
  std::optional<double> cp_match_cost;
  // The limit lists the slot publishes.
  SharedSlotLimits limits;

  bool claimed_or_preempting() const {
    return state == State::kClaimed || state == State::kPreempting;
  }
  bool operator==(const SlotAccounting&) const = default;
};

// Reads `slot` as the accountant does under `policy` (its slot weights).
// Thread-safe.
SlotAccounting ReadSlotAccounting(const classad::ClassAd& slot,
                                  const policy::AccountantPolicy& policy);

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_SLOT_ACCOUNTING_H_
