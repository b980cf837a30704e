// MatchSides: which side of a match an expression can read, so that the
// match tables evaluate a clause over the slots with less work.
//
// An expression evaluated in a match between a job and a slot (one of
// them MY, the other TARGET) may read the job, the slot, both or neither.
// A clause that reads only the job has one value against every slot: it
// is evaluated once. A comparison `x op y` whose one side reads only the
// slot and the other only the job is the operator applied to the slot
// side's value (evaluated once per slot, for every job alike) and the job
// side's (evaluated once per job): ClassAd comparisons evaluate both
// operands and apply the operator, with no short-circuit, so this is
// exactly the clause's value.
//
// "Reads" follows the ads' own expressions and their fall-backs: an
// unqualified name an ad lacks is looked up in the other ad. An expression
// that reads more than named attributes (ReadsOnlyNamedAttributes) reads
// both sides.
//
// Borrows the slot shapes; remembers what it found per name.
// Not thread-safe.
#ifndef NEGOTIATOR_MATCHING_MATCH_SIDES_H_
#define NEGOTIATOR_MATCHING_MATCH_SIDES_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>

#include "classad/classad.h"
#include "classad/expr.h"

namespace negotiator {

// Whose ad is MY when an expression is evaluated.
enum class MyAd { kJob, kSlot };

// A comparison clause split into the side that reads only the slots and
// the side that reads only the job.
struct SplitComparison {
  classad::Op op = classad::Op::kNone;
  const classad::Expr* slot_side = nullptr;
  const classad::Expr* job_side = nullptr;
  bool slot_side_left = false;  // the slot side is the left operand
};

class MatchSides {
 public:
  // For matches against the slots whose distinct shapes are `slot_shapes`
  // (one ad each, slot_shapes.h: what these questions ask of a slot is the
  // same for every slot of a shape).
  explicit MatchSides(std::span<const classad::ClassAd* const> slot_shapes);
  MatchSides(const MatchSides&) = delete;
  MatchSides& operator=(const MatchSides&) = delete;

  // Whether `e`, evaluated in a match of `job` with any of the slots (MY
  // as `my` says), has the same value against every one of them.
  bool ReadsOnlyJob(const classad::Expr& e, const classad::ClassAd& job, MyAd my);

  // Whether `e`, evaluated in a match with any of the slots (MY as `my`
  // says), has a value that does not depend on the job.
  bool ReadsOnlySlot(const classad::Expr& e, MyAd my);

  // `e` (through parentheses) split as the file comment says, for `job`;
  // nullopt when it is not a comparison or its sides do not split so.
  std::optional<SplitComparison> Split(const classad::Expr& e, const classad::ClassAd& job,
                                       MyAd my);

 private:
  // Whether some slot has attribute `name` (lower case).
  bool AnySlotHas(const std::string& name);
  // Whether every slot has attribute `name` (lower case) and it reads
  // nothing of the job there, followed through the slot's expressions.
  bool SlotNameReadsOnlySlot(const std::string& name);

  std::span<const classad::ClassAd* const> slot_shapes_;
  std::unordered_map<std::string, bool> any_slot_has_;
  std::unordered_map<std::string, bool> slot_only_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_MATCH_SIDES_H_
