// The real file system behind ConfigOptions::FileSystem: POSIX open/read,
// opendir and getpwnam_r, with the errors the configuration reader reports.
#ifndef POLICY_CONFIG_FILE_SYSTEM_H_
#define POLICY_CONFIG_FILE_SYSTEM_H_

#include "policy/config.h"

namespace policy {

// A FileSystem whose every member reads the real file system:
//  - read_file opens `path` as fopen would (relative paths from the current
//    directory), refuses directories (kIoError) and files over `max_bytes`
//    (kLimitExceeded), and identifies a file by device and inode;
//  - list_directory gives the full paths (`dir` + '/' + name) of the
//    regular files in `dir` (symbolic links followed; FIFOs, sockets and
//    devices are left out: reading them could block forever);
//  - home_directory looks the user up with getpwnam_r.
// Thread-safe.
ConfigOptions::FileSystem PosixFileSystem();

// `fs` with each null member replaced by PosixFileSystem()'s.
ConfigOptions::FileSystem WithPosixDefaults(ConfigOptions::FileSystem fs);

// The macros HTCondor detects about the machine that this reader can know
// without running anything, for ConfigOptions::detected: HOSTNAME (the host
// name up to its first '.'), FULL_HOSTNAME (gethostname's answer), TILDE
// (the condor user's home, when there is one), USERNAME (the effective
// user's name). Thread-safe.
std::vector<std::pair<std::string, std::string>> DetectMachineMacros();

// Every variable of the process's environment as (name, value), for
// ConfigOptions::environment. Not thread-safe against setenv.
std::vector<std::pair<std::string, std::string>> ProcessEnvironment();

// The options a command-line tool reads the pool's configuration with, as
// the daemon `subsystem` (e.g. "NEGOTIATOR") named `local_name` (may be
// empty) would: the real file system and environment (CONDOR_CONFIG and
// the _condor_ overrides), the machine macros DetectMachineMacros finds,
// every limit at its default.
ConfigOptions DaemonConfigOptions(std::string subsystem, std::string local_name = "");

}  // namespace policy

#endif  // POLICY_CONFIG_FILE_SYSTEM_H_
