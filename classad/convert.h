// Conversions between value types, as the conversion functions (int(),
// real(), string(), bool()) and string-building functions (strcat(), ...)
// of HTCondor's library perform them.
#ifndef CLASSAD_CONVERT_H_
#define CLASSAD_CONVERT_H_

#include <cstdint>
#include <string>

#include "classad/value.h"

namespace classad {

// The text a value contributes to strcat()/string(): strings as they are,
// numbers and booleans as HTCondor prints them, lists and ads unparsed,
// times as their canonical strings. Returns false for undefined and error
// (the caller propagates them).
bool ValueToString(const Value& value, std::string* out);

// A double converted to a 64-bit integer as HTCondor's casts do on x86-64
// with g++ (cvttsd2si): truncated toward zero, and INT64_MIN for NaN, the
// infinities and everything outside [-2^63, 2^63) -- undefined behaviour in
// C++, but what every HTCondor pool computes. The one place this rule lives.
int64_t TruncateLikeX86(double r);
// The same rule for a double converted to a 32-bit int: truncated toward
// zero, and INT_MIN for NaN, the infinities and everything whose truncation
// lies outside [INT_MIN, INT_MAX].
int32_t TruncateToIntLikeX86(double r);
// A relative time's seconds as HTCondor reads them wherever it takes the
// time into a time_t (Value::IsRelativeTimeValue(time_t&), which casts
// through an int): int(), real(), string(), bool(), the get*() functions,
// absTime() of it and absolute-time arithmetic. TruncateToIntLikeX86, so
// relTime(0.5) is 0 and relTime(3e9) is INT_MIN (-24855+-3:-14:-8).
int32_t RelTimeWholeSeconds(double seconds);

// int(): integers as they are, reals truncated (TruncateLikeX86), booleans
// 0/1, strings read by strtod() (hexadecimal too) and truncated, times as
// whole seconds. Returns the result value (error when
// not convertible, undefined for undefined).
Value ConvertToInteger(const Value& value);

// Whether int() (`for_integer`) or real() of the string `text` reads it in
// a way the text does not show, as strtod() does: hexadecimal, inf or nan,
// or (int()) an integer of more than 15 digits, read through a double.
// Pure function; the htcondor-quirk-conversion check and the evaluator's
// quirk notes both ask it.
bool StrtodSurprises(std::string_view text, bool for_integer);
// real(): as above, giving reals; a relative time gives its whole seconds
// (HTCondor reads it into a time_t).
Value ConvertToReal(const Value& value);
// string(): as ValueToString, giving a string value.
Value ConvertToStringValue(const Value& value);
// bool(): numbers non-zero, strings "true"/"false" (any case), ...
Value ConvertToBoolean(const Value& value);

}  // namespace classad

#endif  // CLASSAD_CONVERT_H_
