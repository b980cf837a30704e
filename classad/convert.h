// Conversions between value types, as the conversion functions (int(),
// real(), string(), bool()) and string-building functions (strcat(), ...)
// of HTCondor's library perform them.
#ifndef CLASSAD_CONVERT_H_
#define CLASSAD_CONVERT_H_

#include <string>

#include "classad/value.h"

namespace classad {

// The text a value contributes to strcat()/string(): strings as they are,
// numbers and booleans as HTCondor prints them, lists and ads unparsed,
// times as their canonical strings. Returns false for undefined and error
// (the caller propagates them).
bool ValueToString(const Value& value, std::string* out);

// int(): integers as they are, reals truncated, booleans 0/1, strings
// parsed as numbers, times as seconds. Returns the result value (error when
// not convertible, undefined for undefined).
Value ConvertToInteger(const Value& value);
// real(): as above, giving reals.
Value ConvertToReal(const Value& value);
// string(): as ValueToString, giving a string value.
Value ConvertToStringValue(const Value& value);
// bool(): numbers non-zero, strings "true"/"false" (any case), ...
Value ConvertToBoolean(const Value& value);

}  // namespace classad

#endif  // CLASSAD_CONVERT_H_
