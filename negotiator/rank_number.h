// RankNumber: how the negotiator reads a rank's value where it evaluates
// one itself (a slot's Rank, the job's Rank matched pair by pair, the
// policy ranks): an integer's or a real's value, anything else (booleans
// included) no number.
#ifndef NEGOTIATOR_RANK_NUMBER_H_
#define NEGOTIATOR_RANK_NUMBER_H_

#include <optional>

#include "classad/value.h"

namespace negotiator {

// The value of `v` when it is an integer or a real, else nullopt.
inline std::optional<double> RankNumber(const classad::Value& v) {
  if (v.IsInteger()) return static_cast<double>(v.integer());
  if (v.IsReal()) return v.real();
  return std::nullopt;
}

}  // namespace negotiator

#endif  // NEGOTIATOR_RANK_NUMBER_H_
