// Loading a tool's policy (load_policy.h).
#include "policy/load_policy.h"

#include <utility>

#include "policy/config_reader.h"

namespace policy {

classad::Result<LoadedPolicy> LoadPolicy(const std::vector<std::string>& config_files,
                                         const ConfigOptions& options, Problems* problems) {
  classad::Result<Config> config = ReadToolConfig(config_files, options);
  if (!config.ok()) return config.status();
  classad::Result<Policy> built = Policy::Build(*config, {}, problems);
  if (!built.ok()) return built.status();
  LoadedPolicy loaded;
  loaded.config_warnings = config->warnings();
  loaded.policy = std::make_shared<const Policy>(std::move(built).value());
  return loaded;
}

}  // namespace policy
