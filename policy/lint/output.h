// policy_lint's output formats: GCC-style text (optionally with the source
// line, a caret and colours, for terminals), JSON, and SARIF 2.1.0 for CI
// systems that annotate lines (GitHub code scanning).
#ifndef POLICY_LINT_OUTPUT_H_
#define POLICY_LINT_OUTPUT_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "policy/lint/diagnostic.h"
#include "policy/lint/source_index.h"

namespace policy::lint {

// How the text format looks.
struct TextOptions {
  // Under each diagnostic and note: the physical source line and a caret
  // under the column (needs `sources`).
  bool show_source = false;
  // ANSI colours (bold positions, red errors, magenta warnings, cyan
  // notes, green carets), as GCC's -fdiagnostics-color.
  bool color = false;
};

// One diagnostic per line, `file:line:col: error|warning|note: message
// [check-name]`, each followed by its notes (`file:line:col: note:
// message`), in the order given (sort them first: SortDiagnostics). A
// diagnostic without a position is written `policy_lint: severity: ...`.
// `sources` may be null (then no source lines are shown).
std::string FormatText(const std::vector<Diagnostic>& diagnostics, const SourceIndex* sources,
                       const TextOptions& options);

// A JSON array with one object per diagnostic: file, line, column,
// severity, message, check and notes (an array of {file, line, column,
// message}). Ends with a newline.
std::string FormatJson(const std::vector<Diagnostic>& diagnostics);

// A SARIF 2.1.0 log with one run: tool.driver {name, version,
// informationUri, rules[] = every check in `rules` as {id, name,
// shortDescription.text}}, results[] = one per diagnostic {ruleId,
// ruleIndex, level, message.text, locations[] (physicalLocation with
// artifactLocation.uri — the file name percent-encoded — and
// region.startLine / startColumn; left out without a position),
// relatedLocations[] for the notes}. Ends with a newline.
std::string FormatSarif(const std::vector<Diagnostic>& diagnostics, std::span<const Check> rules,
                        std::string_view tool_version);

// `text` as a JSON string literal, quotes included (classad::JsonQuote:
// control characters escaped, bytes that are not UTF-8 as U+FFFD).
std::string JsonString(std::string_view text);

}  // namespace policy::lint

#endif  // POLICY_LINT_OUTPUT_H_
