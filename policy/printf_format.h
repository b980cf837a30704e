// Checked printf formats for the $INT, $REAL and $STRING macro functions.
// HTCondor (printf_format.cpp, validatePrintfFormat) accepts a format with
// one conversion of the right kind and passes it to the C library's
// printf. This file accepts exactly the formats HTCondor accepts whose
// output the C standard defines for the argument HTCondor passes, and
// formats with them; everything else is an error that says why. Nothing
// here keeps state: every function is thread-safe.
#ifndef POLICY_PRINTF_FORMAT_H_
#define POLICY_PRINTF_FORMAT_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "classad/status.h"

namespace policy {

// The kind of value a format will print (HTCondor passes a long long, a
// double or a char*).
enum class FormatArg { kInteger, kReal, kString };

// A format that CheckPrintfFormat accepted: literal text (`%%` for a
// percent sign) around exactly one conversion.
struct PrintfFormat {
  std::string text;     // the whole format, as given
  char conversion = 0;  // d i o u x X c p (integers), e E f F g G a A (reals), s (strings)
  std::string length;   // "", "hh", "h", "l", "ll", "q", "j", "z" or "t" (integers); "" or "l"
};

// Checks `format` for an argument of kind `arg`. Width and precision must
// be at most `max_width`. On failure a Status (kInvalidArgument) whose
// message says what is wrong with the format (without naming the caller):
// no conversion, two conversions, `*` width, `%n`, a conversion for another
// type (all refused by HTCondor too), or a combination whose output the C
// standard leaves undefined (`%#d`, `%Lf`, `%ls`, `%p` for a real; HTCondor
// passes those to printf: "not supported by this tool").
classad::Result<PrintfFormat> CheckPrintfFormat(std::string_view format, FormatArg arg,
                                                int max_width);

// The output of printf(format, value) as HTCondor's call produces it on an
// LP64 system (Linux x86-64): the long long is read as an int (its low 32
// bits) by conversions without an l/ll/q/j/z/t length, as a pointer by
// %p. Every byte is returned, including a NUL that %c prints. C locale.
// `format` must come from CheckPrintfFormat with FormatArg::kInteger.
std::string FormatInteger(const PrintfFormat& format, int64_t value);

// printf(format, value) in the C locale; `format` from CheckPrintfFormat
// with FormatArg::kReal.
std::string FormatReal(const PrintfFormat& format, double value);

// printf(format, value) in the C locale; `format` from CheckPrintfFormat
// with FormatArg::kString. `value` is read up to its first NUL, as a C
// string would be.
std::string FormatString(const PrintfFormat& format, std::string_view value);

}  // namespace policy

#endif  // POLICY_PRINTF_FORMAT_H_
