// policy_lint's diagnostics and its check registry: what a finding is
// (position, severity, message, the stable name of the check that made it,
// attached notes), what a check sees (the lint context), and the list of
// every check with its name and one-line description.
#ifndef POLICY_LINT_DIAGNOSTIC_H_
#define POLICY_LINT_DIAGNOSTIC_H_

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "policy/config.h"
#include "policy/knob_reader.h"
#include "policy/knobs.h"
#include "policy/lint/attribute_catalogue.h"
#include "policy/lint/source_index.h"

namespace policy::lint {

// How serious a finding is. Errors make policy_lint exit 2; warnings exit
// 1 only with --werror; notes never change the exit status.
enum class Severity { kError, kWarning, kNote };

// "error", "warning" or "note".
std::string_view SeverityName(Severity severity);

// Extra context attached to a diagnostic ("macro X defined here").
struct DiagnosticNote {
  classad::SourceLocation where;  // may be empty (no file) when there is no place
  std::string message;
};

// One finding. `where` is a position inside a configuration file (line and
// column from 1); an empty file means "no position" (sorted last).
struct Diagnostic {
  classad::SourceLocation where;
  Severity severity = Severity::kWarning;
  std::string message;
  std::string check;  // the stable name of the check that made it
  std::vector<DiagnosticNote> notes;
};

// Orders diagnostics by file, line and column (those without a file last),
// keeping the order of those at one place (stable).
void SortDiagnostics(std::vector<Diagnostic>* diagnostics);

struct LintOptions;

// What every check reads. Borrows everything; valid for one Lint call.
struct LintContext {
  const Config& config;
  // Policy::Build's problems (errors and warnings), sorted by position.
  const Problems& problems;
  // The knob table (AllKnobs()).
  std::span<const KnobInfo> knobs;
  // The logical lines of the files the configuration was read from.
  const SourceIndex& sources;
  // The attributes known: standard, ephemeral and those of the sample ads.
  const AttributeCatalogue& attributes;
  // The options Lint was given (the checks' bounds).
  const LintOptions& options;
};

// A check family: appends its findings to `out`. Never fails; a check
// that cannot look at something skips it. Must be thread-compatible (no
// state of its own).
using CheckFunction = void (*)(const LintContext& context, std::vector<Diagnostic>* out);

// One registered check. Every diagnostic a check makes carries `name`.
struct Check {
  std::string_view name;         // stable: used in --disable, inline comments, SARIF rule ids
  std::string_view description;  // one line, for --list-checks and SARIF shortDescription
  CheckFunction run;             // null for a check the tool itself makes (config-read)
};

// Every check, in a fixed order. Static data; thread-safe.
std::span<const Check> AllChecks();

// The check named `name` (exact), or null.
const Check* FindCheck(std::string_view name);

// Which checks run. By default all of them.
struct LintOptions {
  // Names to switch off / back on, applied in order ("all" means every
  // check): {--disable=all, --enable=expr-syntax} runs only expr-syntax.
  // Each element is (enable, name).
  std::vector<std::pair<bool, std::string>> toggles;
  // The bytes of a configuration file the Config was read from (for the
  // source lines some checks read and the text output shows). Null reads
  // the file from disk; nullopt means it cannot be read (those checks then
  // skip the file).
  std::function<std::optional<std::string>(const std::string& file)> read_source;
  // Sample slot and job ads (policy_lint --slots / --jobs): their
  // attributes extend the attribute catalogue, and their literal values
  // give the attributes' types. Shared, not copied; empty for none.
  std::vector<std::shared_ptr<classad::ClassAd>> sample_slots;
  std::vector<std::shared_ptr<classad::ClassAd>> sample_jobs;
  // Bounds on the work of the checks that read expressions, far above any
  // real policy (a hostile expression would otherwise cost quadratic
  // time). Comparisons of one attribute in one && / || chain that
  // contradiction and redundant-clause compare pairwise (the rest are not
  // compared):
  size_t max_compared_clauses = 64;
  // Distinct names per expression that unknown-attribute looks for near
  // misses of (names beyond are not checked):
  size_t max_suggested_names = 256;
};

// Whether `options` leave check `name` enabled.
bool CheckEnabled(const LintOptions& options, std::string_view name);

// The names in `options.toggles` that are neither a check nor "all"
// (bad usage for the tool).
std::vector<std::string> UnknownCheckNames(const LintOptions& options);

// Lints `config`: builds the negotiator's Policy to collect its problems,
// runs every enabled check, drops the diagnostics an inline
// `# policy_lint: disable=CHECK[,CHECK...]` comment on the line(s) just
// before a definition switches off for that definition's lines, and sorts
// the rest by position. Thread-safe for distinct configs.
std::vector<Diagnostic> Lint(const Config& config, const LintOptions& options = {});

}  // namespace policy::lint

#endif  // POLICY_LINT_DIAGNOSTIC_H_
