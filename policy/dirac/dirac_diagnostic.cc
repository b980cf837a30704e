// DIRAC diagnostics with their suggested fixes (dirac_diagnostic.h).
#include "policy/dirac/dirac_diagnostic.h"

namespace policy::dirac {

lint::Diagnostic MakeDiracDiagnostic(const classad::SourceLocation& where,
                                     lint::Severity severity, std::string_view check,
                                     std::string message, std::string_view fix) {
  lint::Diagnostic d;
  d.where = where;
  d.severity = severity;
  d.check = std::string(check);
  d.message = std::move(message);
  if (!fix.empty()) d.notes.push_back({where, std::string(kFixPrefix) + std::string(fix)});
  return d;
}

std::string SuggestedFix(const lint::Diagnostic& diagnostic) {
  for (const lint::DiagnosticNote& note : diagnostic.notes) {
    if (note.message.starts_with(kFixPrefix)) return note.message.substr(kFixPrefix.size());
  }
  return {};
}

}  // namespace policy::dirac
