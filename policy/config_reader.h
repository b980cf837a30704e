// Reading HTCondor configuration files into a Config, in HTCondor's order
// (condor_config.cpp real_config): the root file(s), LOCAL_CONFIG_DIR,
// LOCAL_CONFIG_FILE, LOCAL_CONFIG_DIR again if it changed, the _condor_
// environment; inside each file, include, use, if/elif/else, @= blocks,
// error and warning statements (config.cpp Parse_macros).
//
// Where this reader differs from HTCondor on purpose (each is an error with
// file, line and column where HTCondor would hang, run a program, or go
// on silently): an include cycle is reported as such (HTCondor stops at
// depth 20); `include command` and `|` targets are refused (we never run
// programs); an expansion loop is an error (HTCondor hangs); NUL bytes and
// bytes that are not UTF-8 are errors; including a directory is an error
// (HTCondor reads it as an empty file); every size is bounded
// (ConfigOptions).
#ifndef POLICY_CONFIG_READER_H_
#define POLICY_CONFIG_READER_H_

#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "policy/config.h"

namespace policy {

// Reads one configuration text named `file_name` (for positions and for
// include cycles). Includes are opened through options.file_system,
// relative to the current directory as HTCondor's fopen opens them; no
// LOCAL_CONFIG_DIR / LOCAL_CONFIG_FILE processing. SUBSYSTEM, LOCALNAME
// and options.detected are defined first. Errors: the first problem met,
// located (file:line:column) — syntax, an `error :` statement, a missing
// include, a bad if condition, a limit.
classad::Result<Config> ReadConfigText(std::string_view text, std::string_view file_name,
                                       const ConfigOptions& options);

// Reads the configuration the way an HTCondor daemon does: each of
// `root_files` in order (a directory stands for its regular files, sorted
// by full path), then the LOCAL_CONFIG_DIR folders (regular files not
// matching LOCAL_CONFIG_DIR_EXCLUDE_REGEXP, sorted by full path), then the
// LOCAL_CONFIG_FILE list (looked up again after each file: a file may change
// it), then LOCAL_CONFIG_DIR again if its value changed, then the _condor_
// environment overrides (options.environment). A local file that cannot be
// read is an error unless REQUIRE_LOCAL_CONFIG_FILE is false. CONFIG_ROOT is
// the first root file's directory; HOSTNAME and FULL_HOSTNAME (from
// options.detected) are defined after the root files, as HTCondor does.
classad::Result<Config> ReadConfigFiles(const std::vector<std::string>& root_files,
                                        const ConfigOptions& options);

// The root configuration file as HTCondor finds it: the CONDOR_CONFIG
// environment variable (through options.getenv) when set — ONLY_ENV (any
// case) means none, an empty list — else the first readable file of
// options.root_config_candidates. Errors: CONDOR_CONFIG names a directory,
// a command (`...|`) or a missing file; no candidate exists.
classad::Result<std::vector<std::string>> FindRootConfig(const ConfigOptions& options);

// What a command-line tool reads: ReadConfigFiles of `root_files`, or of
// the root FindRootConfig finds when `root_files` is empty (the tools'
// `-config FILE` replaces CONDOR_CONFIG). Errors are those two's.
classad::Result<Config> ReadToolConfig(const std::vector<std::string>& root_files,
                                       const ConfigOptions& options);

}  // namespace policy

#endif  // POLICY_CONFIG_READER_H_
