// `if` / `elif` / `else` / `endif` in configuration files: recognising the
// lines, evaluating a condition, and the stack of nested blocks, as
// HTCondor's ConfigIfStack and Test_config_if_expression do (config.cpp).
#ifndef POLICY_CONFIG_IF_H_
#define POLICY_CONFIG_IF_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "classad/status.h"

namespace policy {

// What a condition may consult.
struct IfConditionContext {
  // Expands the macros of `text` (the whole condition, when it holds a '$').
  std::function<classad::Result<std::string>(std::string_view text)> expand;
  // The raw value of knob `name` as $(name) would find it (files, then the
  // table default); nullopt when undefined. For `defined NAME`.
  std::function<std::optional<std::string>(std::string_view name)> raw_value;
  // Whether `use category:name` exists (`name` empty: the category).
  std::function<bool(std::string_view category, std::string_view name)> metaknob_exists;
  // The version `version OP x.y.z` compares with.
  int version_major = 0, version_minor = 0, version_subminor = 0;
};

// Evaluates the condition of an if/elif line (the text after the keyword,
// leading blanks skipped) as Test_config_if_expression: a '$' expands the
// whole condition first (empty means false); a leading '!' negates; then a
// number (true if non-zero), true/false, yes/no/t/f, `defined NAME`,
// `defined <number|boolean>`, `defined use CAT[:NAME]`, or
// `version [!][<|=|>][=] x.y[.z]`. A condition of another form is an error
// whose message is HTCondor's reason ("complex conditionals are not
// supported", "expression is not a conditional", ...). Errors of `expand`
// are returned as they are.
classad::Result<bool> EvaluateIfCondition(std::string_view condition,
                                          const IfConditionContext& context);

// Which keyword a line starts with (any case, followed by a blank or the
// end of the line).
enum class IfKeyword { kNone, kIf, kElif, kElse, kEndif };
IfKeyword IfKeywordOf(std::string_view line);

// The state of the nested if blocks of one file, HTCondor's ConfigIfStack:
// a bit per level of whether that level's current branch is taken, whether
// any branch of it was, and whether its else has been seen. Not
// thread-safe.
class IfStack {
 public:
  // `max_depth` is at most 63 (larger values count as 63).
  explicit IfStack(int max_depth);

  // Whether lines at this point are read (every enclosing branch taken).
  bool enabled() const;
  // Whether any if block is open.
  bool inside_if() const { return top_ > 1; }
  // Whether an elif's condition must be evaluated now: no earlier branch of
  // the innermost block was taken and the enclosing blocks are enabled.
  bool ElifNeedsCondition() const;

  // The transitions; each returns an empty string on success, else
  // HTCondor's message ("if nesting too deep!", "else without matching if",
  // "else is not allowed after else", "elif without matching if", "elif is
  // not allowed after else", "endif without matching if").
  std::string BeginIf(bool condition);
  std::string BeginElif(bool condition);
  std::string BeginElse();
  std::string EndIf();

 private:
  bool inside_else() const { return top_ > 1 && (open_ & top_) == 0; }

  uint64_t state_ = 1;  // bit per level: the current branch is taken
  uint64_t taken_ = 0;  // bit per level: some branch of the block was taken
  uint64_t open_ = 0;   // bit per level: the if was seen and its else not yet
  uint64_t top_ = 1;    // the bit of the innermost level
  uint64_t limit_;      // the bit past the deepest level allowed
};

}  // namespace policy

#endif  // POLICY_CONFIG_IF_H_
