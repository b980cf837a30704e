// Exact quantities for the group-quota arithmetic (quota_tree.h):
// rationals of unbounded precision, and the conversions between them and
// the doubles that configuration, submitter ads and the accountant hold.
//
// A double enters as the decimal it prints as (its shortest round-trip
// representation): the 0.7 an administrator writes is 7/10, not the binary
// fraction 0.6999999999999999555910790149937 that a double holds, so that
// 0.7 × 10 is 7 and not a hair below it. The map is exact for every decimal
// of up to 15 significant digits and strictly increasing, so no comparison
// between two inputs changes.
#ifndef NEGOTIATOR_QUOTAS_EXACT_QUANTITY_H_
#define NEGOTIATOR_QUOTAS_EXACT_QUANTITY_H_

#include <cstdint>

#include <boost/multiprecision/cpp_int.hpp>

namespace negotiator {

// An exact rational number.
using Quantity = boost::multiprecision::cpp_rational;

// `value` as the decimal its shortest round-trip representation spells.
// `value` must be finite (the caller checks; a non-finite value gives 0).
Quantity QuantityFromDouble(double value);

// The double nearest `q` (within one unit in the last place; ±infinity
// beyond the range of double). Never NaN.
double QuantityToDouble(const Quantity& q);

// The largest integer not above `q` (std::floor).
Quantity Floor(const Quantity& q);

// `q` rounded toward zero, as C++ converts a double to an integer, and
// clamped to [`low`, `high`] (where a conversion to int would be undefined).
int64_t TruncateClamped(const Quantity& q, int64_t low, int64_t high);

}  // namespace negotiator

#endif  // NEGOTIATOR_QUOTAS_EXACT_QUANTITY_H_
