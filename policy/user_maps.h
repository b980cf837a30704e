// The maps a daemon's userMap() reads, from its configuration, as HTCondor's
// reconfig_user_maps() loads them: the names in
// <SUBSYSTEM>_CLASSAD_USER_MAP_NAMES, each read from the map file
// CLASSAD_USER_MAPFILE_<name>, or else from the map text
// CLASSAD_USER_MAPDATA_<name> (usermap.h). Map names compare without
// regard to case. HTCondor loads them once the configuration is read
// (real_config's ClassAdReconfig), so every later lookup's $EVAL sees them;
// the configuration reader does the same (Config::user_maps).
#ifndef POLICY_USER_MAPS_H_
#define POLICY_USER_MAPS_H_

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "classad/status.h"
#include "classad/user_maps.h"
#include "policy/knob_reader.h"
#include "policy/usermap.h"

namespace policy {

class Config;

class ConfiguredUserMaps : public classad::UserMaps {
 public:
  // Reads the maps of `config`'s subsystem. A named map with neither knob
  // is left out, as HTCondor leaves it; one that cannot be read is left out
  // too, and `problems` gets a warning why, at the knob's value (HTCondor
  // logs it and userMap() finds no mapping there); a knob whose expansion
  // fails is an error there. With `read_files` false a map given by a file
  // is left out with a warning, unopened. Null when no map is named.
  static std::shared_ptr<const ConfiguredUserMaps> Read(const Config& config,
                                                        const UserMap::Options& options,
                                                        bool read_files, Problems* problems);

  // See classad::UserMaps. Thread-safe.
  std::optional<std::string> Map(std::string_view map_name, std::string_view method,
                                 std::string_view input) const override;

  // The number of maps read.
  size_t size() const { return maps_.size(); }

 private:
  // Lower-cased map name -> map.
  std::map<std::string, UserMap, std::less<>> maps_;
};

}  // namespace policy

#endif  // POLICY_USER_MAPS_H_
