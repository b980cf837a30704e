// LintFiles: reads configuration files as policy_lint does and lints them
// (the entry point of policy_lint and of the language bindings).
#ifndef POLICY_LINT_LINT_FILES_H_
#define POLICY_LINT_LINT_FILES_H_

#include <string>
#include <vector>

#include "classad/status.h"
#include "policy/lint/diagnostic.h"

namespace policy::lint {

// Reads `files` (the files alone: the machine's detected macros, no
// _condor_ environment variables) for the daemon `subsystem` (and
// `local_name`, may be empty) and lints the configuration (Lint). A
// configuration that cannot be read at some place gives one error
// diagnostic of the check "config-read" (none when that check is
// disabled). Fails only when a file cannot be read at all (kNotFound,
// kIoError, at no line).
classad::Result<std::vector<Diagnostic>> LintFiles(const std::vector<std::string>& files,
                                                   const std::string& subsystem,
                                                   const std::string& local_name,
                                                   const LintOptions& options);

}  // namespace policy::lint

#endif  // POLICY_LINT_LINT_FILES_H_
