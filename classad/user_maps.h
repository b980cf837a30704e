// UserMaps: the named maps HTCondor's ClassAd function userMap() reads
// (a daemon's <SUBSYS>_CLASSAD_USER_MAP_NAMES, each from
// CLASSAD_USER_MAPFILE_<name> or CLASSAD_USER_MAPDATA_<name>). The ClassAd
// library only asks; the policy layer, which reads the configuration and
// the map files, answers (policy/user_maps.h).
#ifndef CLASSAD_USER_MAPS_H_
#define CLASSAD_USER_MAPS_H_

#include <optional>
#include <string>
#include <string_view>

namespace classad {

class UserMaps {
 public:
  virtual ~UserMaps() = default;
  // HTCondor's user_map_do_mapping(): what map `map_name` maps `input` to
  // (the CANON of its first matching line, groups substituted), in the
  // submap `method` ("*" for userMap("name", ...), `sub` for
  // userMap("name.sub", ...)); nullopt when there is no such map or no
  // line matches. Must be thread-safe: evaluations on several threads may
  // ask at once.
  virtual std::optional<std::string> Map(std::string_view map_name, std::string_view method,
                                         std::string_view input) const = 0;
};

}  // namespace classad

#endif  // CLASSAD_USER_MAPS_H_
