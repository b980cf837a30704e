// The macro functions of HTCondor's configuration language ($ENV, $INT,
// $REAL, $STRING, $EVAL, $CHOICE, $SUBSTR, $RANDOM_CHOICE,
// $RANDOM_INTEGER, $BASENAME, $DIRNAME, $F<flags>), evaluated the way
// HTCondor's config.cpp evaluates them when a daemon or condor_config_val
// reads a knob (param() -> expand_macro(char*) -> evaluate_macro_func, the
// first of the two functions of that name). The configuration reader
// (config.cc) finds `$NAME(body)` in a value and asks this file for its
// expansion; HTCondor then puts the result in place of `$NAME(body)` and
// scans the whole value again from its start, so the result is itself
// expanded by the caller.
//
// Where HTCondor's result is undefined (a printf format whose output the C
// library leaves undefined, an index past the end of a buffer), this file
// returns an error saying so ("not supported by this tool") instead of a
// value.
#ifndef POLICY_MACRO_FUNCTIONS_H_
#define POLICY_MACRO_FUNCTIONS_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "classad/status.h"
#include "classad/quirks.h"
#include "classad/user_maps.h"

namespace policy {

// Bounds on the work a macro function may do on hostile input.
struct MacroFunctionLimits {
  // The largest width or precision a printf format of $INT, $REAL or
  // $STRING may give (`%5000d` is refused with the default). HTCondor has
  // none; its $INT and $REAL keep only the first 55 characters anyway.
  int max_format_width = 4096;
};

// What a macro function may read. The four functions must be set; they
// are called only during EvaluateMacroFunction, on the calling thread.
struct MacroFunctionContext {
  // The fully expanded value of knob `name` as `$(name)` would give it
  // (configuration with subsystem/local prefixes, then table default);
  // nullopt when it is undefined; "" when it is defined empty. Called
  // only with names made of [A-Za-z0-9_./] (names that can be defined).
  // An error (an expansion loop, a limit) is returned as a non-OK Status
  // and passed on unchanged.
  std::function<classad::Result<std::optional<std::string>>(std::string_view name)> lookup;
  // The unexpanded value of knob `name`, as HTCondor's lookup_macro gives
  // it (the same prefixes and default as `lookup`); nullopt when it is
  // undefined. The text must stay valid while the context is used. $EVAL
  // asks it whether that text holds a `$`.
  std::function<std::optional<std::string_view>(std::string_view name)> raw_lookup;
  // Expands every $(...) macro in `text` (for arguments that HTCondor
  // expands before using them). Errors are passed on unchanged.
  std::function<classad::Result<std::string>(std::string_view text)> expand;
  // The environment variable `name`, or nullopt when unset (tests and the
  // fuzzer pass a fake environment).
  std::function<std::optional<std::string>(std::string_view name)> getenv;
  // A source of random numbers for $RANDOM_CHOICE and $RANDOM_INTEGER
  // (uniform over all 64-bit values). Like HTCondor (lrand48() & INT_MAX),
  // only its low 31 bits are used.
  std::function<uint64_t()> random;
  // The maps userMap() reads when $EVAL, $INT, $REAL, $STRING, $CHOICE or
  // $SUBSTR evaluate an expression (the configuration's, once read); null
  // for none.
  const classad::UserMaps* user_maps = nullptr;
  // Whether those expressions find the functions HTCondor registers only
  // once its configuration is read (EvalOptions::daemon_functions_registered):
  // false while the configuration is first read.
  bool daemon_functions_registered = true;
  // Where those evaluations note the quirks they go through; null: none.
  classad::QuirkNotes* quirk_notes = nullptr;
  MacroFunctionLimits limits;
};

// Whether `name` (the text between `$` and `(`, e.g. "INT", "ENV", "Fpq")
// is a macro function HTCondor recognises: one of ENV, RANDOM_CHOICE,
// RANDOM_INTEGER, CHOICE, SUBSTR, INT, REAL, STRING, EVAL, BASENAME,
// DIRNAME (case-sensitive, as in HTCondor), or `F` followed by any number
// of the flags p n x d q a b f w u (flags in either case). Thread-safe.
bool IsMacroFunction(std::string_view name);

// The expansion of `$name(body)` (`body` is the text between the
// parentheses, its own macros not yet expanded; HTCondor ends it at the
// first `)`, and $ENV's body holds only [A-Za-z0-9_./] up to an optional
// `:default`: finding the body is the caller's job). On success, the text
// that replaces the whole `$name(...)`. On failure, a Status
// (kInvalidArgument) whose message names the call and says what is wrong
// (`$INT(X): "abc" does not evaluate to an integer`), or an error from the
// context's functions passed on. Where HTCondor prints an error and goes on
// with a fallback value (condor_config_val) or aborts (daemons), this
// returns the error. The position is left to the caller, which knows the
// file and line. Thread-safe when the context's functions are.
classad::Result<std::string> EvaluateMacroFunction(std::string_view name, std::string_view body,
                                                   const MacroFunctionContext& context);

}  // namespace policy

#endif  // POLICY_MACRO_FUNCTIONS_H_
