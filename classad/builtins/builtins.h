// The table of built-in functions. Each family lives in its own file
// (classad/builtins/*.cc) and adds itself through a Register* function.
#ifndef CLASSAD_BUILTINS_BUILTINS_H_
#define CLASSAD_BUILTINS_BUILTINS_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/value.h"

namespace classad {

// A built-in receives its arguments unevaluated (so that ifThenElse, eval,
// unparse and the is* predicates can treat them as they must) and the
// context to evaluate them in. It returns the call's value; wrong argument
// counts or types give error, never an exception.
using BuiltinFn = Value (*)(EvalContext& ctx, const std::vector<ExprPtr>& args);

// How the planner (program.h) may compile a call of a built-in.
enum class BuiltinLowering : uint8_t {
  kCall,         // call `fn` with the unevaluated arguments
  kConditional,  // exactly `c ? a : b` for three arguments (ifThenElse)
};

struct Builtin {
  const char* name;  // canonical spelling, e.g. "stringListMember"
  BuiltinFn fn;
  BuiltinLowering lowering = BuiltinLowering::kCall;
  // One of the functions HTCondor's daemons and tools register on top of
  // its ClassAd library (condor_utils' registerClassadFunctions(): the
  // stringList* family but stringListsIntersect, split, splitUserName,
  // splitSlotName, userMap, userHome, envV1ToV2, mergeEnvironment,
  // argsToList, listToArgs, evalInEachContext, countMatches). They exist
  // only once a process has read its configuration: a call evaluated while
  // it is first read is error (EvalOptions::daemon_functions_registered).
  bool daemon_function = false;
};

// Collects built-ins while the table is being built.
class BuiltinTableBuilder {
 public:
  void Add(const char* name, BuiltinFn fn, BuiltinLowering lowering = BuiltinLowering::kCall) {
    entries_.push_back({name, fn, lowering, false});
  }
  // Adds one of the functions HTCondor's condor_utils registers
  // (Builtin::daemon_function).
  void AddDaemonFunction(const char* name, BuiltinFn fn) {
    entries_.push_back({name, fn, BuiltinLowering::kCall, true});
  }
  const std::vector<Builtin>& entries() const { return entries_; }

 private:
  std::vector<Builtin> entries_;
};

// The built-in named `name` (case-insensitive), or null. Thread-safe: the
// table is built once, on first use, and never changes.
const Builtin* FindBuiltin(std::string_view name);

// Every registered built-in, sorted by name (for documentation and tests).
std::vector<const Builtin*> AllBuiltins();

// Family registration functions, one per builtins_*.cc file.
void RegisterTypeBuiltins(BuiltinTableBuilder& table);    // is*, conversions, ifThenElse, eval, unparse
void RegisterMathBuiltins(BuiltinTableBuilder& table);    // floor, ceiling, round, pow, quantize, random
void RegisterListBuiltins(BuiltinTableBuilder& table);    // size, member, sum, avg, min, max, *Compare
void RegisterStringBuiltins(BuiltinTableBuilder& table);  // strcat, substr, strcmp, toUpper, join, split...
void RegisterStringListBuiltins(BuiltinTableBuilder& table);  // stringList*, split*, ...
void RegisterRegexBuiltins(BuiltinTableBuilder& table);   // regexp, regexps, replace, regexpMember...
void RegisterTimeBuiltins(BuiltinTableBuilder& table);    // time, absTime, relTime, formatTime, splitTime...
void RegisterVersionBuiltins(BuiltinTableBuilder& table); // versioncmp, versionGT..., version_in_range

// Helpers shared by the families.
// Evaluates argument `i` of `args`.
inline Value EvalArg(EvalContext& ctx, const std::vector<ExprPtr>& args, size_t i) {
  return ctx.Evaluate(*args[i]);
}

}  // namespace classad

#endif  // CLASSAD_BUILTINS_BUILTINS_H_
