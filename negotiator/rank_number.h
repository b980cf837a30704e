// RankNumber: how the negotiator reads a rank's value where it evaluates
// one itself (a slot's Rank, the job's Rank matched pair by pair, the
// policy ranks): an integer's or a real's value, a boolean's 1 or 0 (as
// HTCondor's EvalFloat and Value::IsNumber read it: `Rank = TARGET.Owner ==
// "alice"` ranks alice's jobs 1), anything else no number.
#ifndef NEGOTIATOR_RANK_NUMBER_H_
#define NEGOTIATOR_RANK_NUMBER_H_

#include <optional>

#include "classad/value.h"

namespace negotiator {

// The value of `v` when it is an integer, a real or a boolean (1 or 0),
// else nullopt.
inline std::optional<double> RankNumber(const classad::Value& v) {
  if (v.IsInteger()) return static_cast<double>(v.integer());
  if (v.IsReal()) return v.real();
  if (v.IsBoolean()) return v.boolean() ? 1.0 : 0.0;
  return std::nullopt;
}

}  // namespace negotiator

#endif  // NEGOTIATOR_RANK_NUMBER_H_
