// LintFiles (lint_files.h).
#include "policy/lint/lint_files.h"

#include <utility>

#include "policy/config.h"
#include "policy/config_file_system.h"
#include "policy/config_reader.h"

namespace policy::lint {

classad::Result<std::vector<Diagnostic>> LintFiles(const std::vector<std::string>& files,
                                                   const std::string& subsystem,
                                                   const std::string& local_name,
                                                   const LintOptions& options) {
  ConfigOptions config_options;
  config_options.subsystem = subsystem;
  config_options.local_name = local_name;
  config_options.detected = DetectMachineMacros();
  // The files alone: the caller's _condor_ variables are not the pool's.
  config_options.environment = nullptr;
  classad::Result<Config> config = ReadConfigFiles(files, config_options);
  if (config.ok()) return Lint(*config, options);

  const classad::Status& status = config.status();
  // A file that cannot be read at all (not an include at some line).
  if (status.where().line == 0 && (status.code() == classad::StatusCode::kNotFound ||
                                   status.code() == classad::StatusCode::kIoError)) {
    return status;
  }
  std::vector<Diagnostic> diagnostics;
  if (!CheckEnabled(options, "config-read")) return diagnostics;
  Diagnostic d;
  d.where = status.where();
  d.severity = Severity::kError;
  d.message = status.message();
  d.check = "config-read";
  diagnostics.push_back(std::move(d));
  return diagnostics;
}

}  // namespace policy::lint
