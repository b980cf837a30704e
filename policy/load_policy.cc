// Loading a tool's policy (load_policy.h).
#include "policy/load_policy.h"

#include <utility>

#include "policy/config_reader.h"

namespace policy {

classad::Result<std::shared_ptr<const Policy>> LoadPolicy(
    const std::vector<std::string>& config_files, const ConfigOptions& options,
    std::vector<classad::Status>* config_warnings, Problems* problems,
    const PolicyOptions& policy_options) {
  classad::Result<Config> config = ReadToolConfig(config_files, options);
  if (!config.ok()) return config.status();
  *config_warnings = config->warnings();
  classad::Result<Policy> built = Policy::Build(*config, policy_options, problems);
  if (!built.ok()) return built.status();
  return std::shared_ptr<const Policy>(std::make_shared<const Policy>(std::move(built).value()));
}

}  // namespace policy
