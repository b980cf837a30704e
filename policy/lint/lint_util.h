// Helpers the check families share: what a definition looked like as
// written, the bare knob name of a definition, edit distance, and building
// a diagnostic.
#ifndef POLICY_LINT_LINT_UTIL_H_
#define POLICY_LINT_LINT_UTIL_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "policy/config.h"
#include "policy/config_source.h"
#include "policy/lint/diagnostic.h"

namespace policy::lint {

// A diagnostic of check `check`.
Diagnostic MakeDiagnostic(const classad::SourceLocation& where, Severity severity,
                          std::string message, std::string_view check);

// The statement a file definition was written as, with its logical line;
// nullopt when the entry is not from a file or its source is unknown.
struct WrittenDefinition {
  const SourceLine* line = nullptr;
  Statement statement;
  std::string_view value() const {
    return std::string_view(line->content.text()).substr(statement.value_begin);
  }
};
std::optional<WrittenDefinition> WrittenAs(const LintContext& context, const ConfigEntry& entry);

// `name` without a leading LOCALNAME. or SUBSYSTEM. prefix of `config`
// (case-insensitive); `name` itself otherwise.
std::string_view BareKnobName(const Config& config, std::string_view name);

// Whether `text` refers to knob `name` (any case) as a macro: $(name),
// $(name:default) or $F...(name), also in the prefixed forms
// SUBSYS.name / LOCALNAME.name.
bool RefersToMacro(std::string_view text, std::string_view name);

// Whether the definition, as written, builds on its previous value: `+=`
// or a self-reference. When the source is unknown, whether the reader put
// text of an earlier value into it.
bool BuildsOnPreviousValue(const LintContext& context, const ConfigEntry& entry);

// Edit distance between `a` and `b` (insertions, deletions, substitutions
// and swaps of adjacent characters, each costing one: the optimal string
// alignment distance), letters compared without case; stops early and
// returns `limit + 1` once the distance exceeds `limit`.
size_t EditDistance(std::string_view a, std::string_view b, size_t limit);

// The offset in `value` of a `#` that HTCondor keeps as part of the value
// although it looks like a trailing comment (a `#` after a blank, outside
// a double-quoted string); nullopt when there is none.
std::optional<size_t> TrailingCommentOffset(std::string_view value);

// Adds to `d` a note "macro NAME defined here" for each distinct $(NAME)
// in `raw` that a file defines (for a value whose problem comes through a
// macro).
void AddMacroNotes(const Config& config, std::string_view raw, Diagnostic* d);

// The position just past the last byte of the entry's value (for line
// ranges).
int LastLineOf(const ConfigEntry& entry);

}  // namespace policy::lint

#endif  // POLICY_LINT_LINT_UTIL_H_
