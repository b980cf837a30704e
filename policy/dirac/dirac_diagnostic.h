// The diagnostics of the DIRAC settings reader and linter: the policy
// linter's Diagnostic (policy/lint/diagnostic.h: position, severity,
// message, check name, notes), with the suggested fix carried as a note at
// the diagnostic's own position whose message starts "suggested fix: ", so
// that policy_lint's text, JSON and SARIF writers show it unchanged.
#ifndef POLICY_DIRAC_DIRAC_DIAGNOSTIC_H_
#define POLICY_DIRAC_DIRAC_DIAGNOSTIC_H_

#include <string>
#include <string_view>

#include "policy/lint/diagnostic.h"

namespace policy::dirac {

// How a suggested fix's note starts.
inline constexpr std::string_view kFixPrefix = "suggested fix: ";

// A diagnostic of check `check` at `where`, with `fix` (when not empty) as
// its suggested-fix note.
lint::Diagnostic MakeDiracDiagnostic(const classad::SourceLocation& where,
                                     lint::Severity severity, std::string_view check,
                                     std::string message, std::string_view fix);

// The suggested fix of `diagnostic` (without the prefix), or empty.
std::string SuggestedFix(const lint::Diagnostic& diagnostic);

}  // namespace policy::dirac

#endif  // POLICY_DIRAC_DIRAC_DIAGNOSTIC_H_
