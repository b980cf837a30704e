// Reading a knob's expanded text as a typed value, as HTCondor's
// param_boolean, param_integer and param_double read it
// (condor_config.cpp string_is_boolean_param, string_is_long_param,
// string_is_double_param): a plain literal first, else the text evaluated
// as a ClassAd expression with no ads.
#ifndef POLICY_KNOB_VALUE_H_
#define POLICY_KNOB_VALUE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"

namespace policy {

// A boolean: `true`/`false`/`1`/`0` (any case, trailing blanks allowed),
// else an expression that evaluates to a boolean or a number (non-zero is
// true). `Ture`, `yes` and `"true"` are not booleans (HTCondor then uses
// the default and logs an error; we report it). Errors are kInvalidArgument
// with a message naming the text; the caller adds the position.
// `daemon_functions_registered` false evaluates the expression as a knob
// read while HTCondor first reads its configuration is: the daemons'
// functions (classad::Builtin::daemon_function) are not known yet and a
// call of one is `error`, so not a boolean.
classad::Result<bool> ParseKnobBool(std::string_view text, bool daemon_functions_registered = true);

// An integer: a decimal literal (strtoll, trailing blanks allowed), else an
// expression that evaluates to a number or boolean (a real is truncated
// toward zero, a boolean is 0 or 1). `1O` and `ten` are errors; so is a
// value outside int64.
classad::Result<int64_t> ParseKnobInt(std::string_view text);

// A real: a strtod literal (trailing blanks allowed), else an expression
// that evaluates to a number or boolean.
classad::Result<double> ParseKnobReal(std::string_view text);

// A list as HTCondor's StringList splits it: on commas and white space,
// empty items dropped.
std::vector<std::string> SplitKnobList(std::string_view text);

}  // namespace policy

#endif  // POLICY_KNOB_VALUE_H_
