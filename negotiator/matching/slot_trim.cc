// Slots left out before matching (slot_trim.h).
#include "negotiator/matching/slot_trim.h"

namespace negotiator {

SlotTrim TrimBeforeMatching(const policy::MatchPolicy& matching, const PoolSlot& slot,
                            bool check_constraint) {
  if (check_constraint && !ConstraintAccepts(matching.slot_constraint, *slot.ad)) {
    return SlotTrim::kSlotConstraint;
  }
  const bool claimed = slot.state == SlotState::kClaimed || slot.state == SlotState::kPreempting;
  if (!matching.consider_preemption) {
    if (claimed && !slot.partitionable) return SlotTrim::kClaimedWithoutPreemption;
  } else if (!matching.consider_early_preemption && slot.retirement_remaining > 0) {
    return SlotTrim::kRetiring;
  }
  return SlotTrim::kKept;
}

SlotTrim TrimBeforeMatching(const policy::Policy& policy, const classad::ClassAd& slot,
                            const classad::EvalOptions* constraint_eval) {
  if (constraint_eval != nullptr &&
      !ConstraintAccepts(policy.matching.slot_constraint, slot, *constraint_eval)) {
    return SlotTrim::kSlotConstraint;
  }
  PoolSlot described;
  described.ad = std::shared_ptr<const classad::ClassAd>(std::shared_ptr<const classad::ClassAd>(),
                                                         &slot);  // borrowed for the call
  // Only the fields trimming reads matter here; a missing Name is not a
  // reason to trim (a Pool refuses such an ad before any trimming).
  (void)DescribeSlot(policy, &described);
  return TrimBeforeMatching(policy.matching, described, /*check_constraint=*/false);
}

}  // namespace negotiator
