// LoadPolicy: the policy a command-line tool works under, loaded one way
// for every tool: the configuration found as HTCondor finds it for a
// daemon (ReadToolConfig: the `-config` files, else CONDOR_CONFIG and the
// files it includes), built into a Policy.
#ifndef POLICY_LOAD_POLICY_H_
#define POLICY_LOAD_POLICY_H_

#include <memory>
#include <string>
#include <vector>

#include "classad/status.h"
#include "policy/config.h"
#include "policy/config_file_system.h"
#include "policy/knob_reader.h"
#include "policy/policy.h"

namespace policy {

// Reads the configuration (`config_files`, else the root HTCondor finds
// under `options`) and builds its policy (its own warnings are its
// warnings()). What reading the configuration warned about (each with its
// position) goes into `*config_warnings` as soon as it is read, so a tool
// prints it even when building then fails. Errors: the reader's (file,
// line and column), or Build's (every error, each position once); with
// `problems` given, Build's errors and warnings are also put there one by
// one; `policy_options` go to Build. Thread-safe as ReadToolConfig and
// Policy::Build are.
classad::Result<std::shared_ptr<const Policy>> LoadPolicy(
    const std::vector<std::string>& config_files, const ConfigOptions& options,
    std::vector<classad::Status>* config_warnings, Problems* problems = nullptr,
    const PolicyOptions& policy_options = {});

}  // namespace policy

#endif  // POLICY_LOAD_POLICY_H_
