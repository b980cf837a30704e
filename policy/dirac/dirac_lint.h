// Lint for DIRAC configuration: what DIRAC's code does with the share and
// correction settings other than what their author most likely meant
// (../shared/reference/dirac-shares.md, and DIRAC's own sources). Every
// finding is a policy_lint Diagnostic (file:line:column, severity, message,
// a check name of the dirac-* family) with a suggested fix as a note
// (dirac_diagnostic.h).
//
// The linter reads the Registry's groups and every JobScheduling section
// under /Operations (Defaults, each setup, each VO) on its own, so that
// each finding points at the file and line it comes from, whichever
// setup the agent runs in.
#ifndef POLICY_DIRAC_DIRAC_LINT_H_
#define POLICY_DIRAC_DIRAC_LINT_H_

#include <span>
#include <string_view>
#include <vector>

#include "policy/dirac/cs_config.h"
#include "policy/lint/diagnostic.h"

namespace policy::dirac {

// One check of the dirac-* family.
struct DiracCheck {
  std::string_view name;         // stable, "dirac-..."
  std::string_view description;  // one line
};

// Every check LintDiracConfig makes, in a fixed order. Static data.
std::span<const DiracCheck> AllDiracChecks();

// Lints `config`; the findings sorted by position. Pure; safe from any
// thread for distinct or const configs.
std::vector<lint::Diagnostic> LintDiracConfig(const CsConfig& config);

}  // namespace policy::dirac

#endif  // POLICY_DIRAC_DIRAC_LINT_H_
