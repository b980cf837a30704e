// The macro functions of HTCondor's configuration language ($ENV, $INT,
// $REAL, $STRING, $EVAL, $CHOICE, $SUBSTR, $RANDOM_CHOICE,
// $RANDOM_INTEGER, $BASENAME, $DIRNAME, $F<flags>), evaluated the way
// HTCondor's config.cpp (evaluate_macro_func) evaluates them. The
// configuration reader (config.cc) finds `$NAME(body)` in a value and asks
// this file for its expansion.
#ifndef POLICY_MACRO_FUNCTIONS_H_
#define POLICY_MACRO_FUNCTIONS_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "classad/status.h"

namespace policy {

// What a macro function may read. Every member must be set.
struct MacroFunctionContext {
  // The fully expanded value of knob `name` as `$(name)` would give it
  // (configuration, then table default); nullopt when it is undefined.
  // An error (an expansion loop) is returned as a non-OK Status.
  std::function<classad::Result<std::optional<std::string>>(std::string_view name)> lookup;
  // Expands every $(...) macro in `text` (for bodies that HTCondor expands
  // before using them).
  std::function<classad::Result<std::string>(std::string_view text)> expand;
  // The environment variable `name`, or nullopt when unset (tests and the
  // fuzzer pass a fake environment).
  std::function<std::optional<std::string>(std::string_view name)> getenv;
  // A source of random numbers for $RANDOM_CHOICE and $RANDOM_INTEGER
  // (uniform over all 64-bit values).
  std::function<uint64_t()> random;
};

// Whether `name` (the text between `$` and `(`, e.g. "INT", "ENV", "Fpq")
// is a macro function HTCondor recognises (names are case-sensitive, as in
// HTCondor).
bool IsMacroFunction(std::string_view name);

// The expansion of `$name(body)` (`body` is the text between the
// parentheses, its own macros not yet expanded). On success, the text that
// replaces the whole `$name(...)`. On failure, a Status (kInvalidArgument)
// whose message says what is wrong ("$INT(X): 'abc' is not an integer");
// a function that cannot be computed faithfully here says "not supported by
// this tool" instead of giving a wrong value. The position is left to the
// caller, which knows the file and line.
classad::Result<std::string> EvaluateMacroFunction(std::string_view name, std::string_view body,
                                                   const MacroFunctionContext& context);

}  // namespace policy

#endif  // POLICY_MACRO_FUNCTIONS_H_
