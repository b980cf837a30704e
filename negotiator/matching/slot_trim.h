// Which slots the negotiator leaves out before matching (HTCondor's
// trimStartdAds, reference §3.9): the one home of the rule, shared by the
// cycle (which trims) and the explainer (which says why a slot was left
// out). Thread-safe (pure functions).
#ifndef NEGOTIATOR_MATCHING_SLOT_TRIM_H_
#define NEGOTIATOR_MATCHING_SLOT_TRIM_H_

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "negotiator/pool/pool.h"
#include "policy/policy.h"

namespace negotiator {

// Why a slot is left out before matching.
enum class SlotTrim {
  kKept,
  kSlotConstraint,            // NEGOTIATOR_SLOT_CONSTRAINT is not true for it
  kClaimedWithoutPreemption,  // Claimed or Preempting (not partitionable), preemption off
  kRetiring,                  // RetirementTimeRemaining > 0 without early preemption
};

// The first reason `slot` (described by DescribeSlot) is left out, or
// kKept. `check_constraint` false: the slot is known to pass
// NEGOTIATOR_SLOT_CONSTRAINT (a Pool admits only such slots).
SlotTrim TrimBeforeMatching(const policy::MatchPolicy& matching, const PoolSlot& slot,
                            bool check_constraint);

// The same for a slot ad no Pool has read (the explainer's): described as
// a Pool describes it (DescribeSlot; an ad without a Name, which a Pool
// refuses, is judged by its other fields). NEGOTIATOR_SLOT_CONSTRAINT is
// checked with `constraint_eval` (its clock), or not at all when it is null
// (for a caller that evaluates the constraint itself).
SlotTrim TrimBeforeMatching(const policy::Policy& policy, const classad::ClassAd& slot,
                            const classad::EvalOptions* constraint_eval);

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_SLOT_TRIM_H_
