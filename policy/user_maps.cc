#include "policy/user_maps.h"

#include <utility>

#include "policy/text_util.h"

namespace policy {

std::shared_ptr<const ConfiguredUserMaps> ConfiguredUserMaps::Read(
    KnobReader& knobs, std::string_view subsystem, const UserMap::Options& options) {
  const std::string names_knob = std::string(subsystem) + "_CLASSAD_USER_MAP_NAMES";
  if (!knobs.Text(names_knob).has_value()) return nullptr;
  auto maps = std::make_shared<ConfiguredUserMaps>();
  for (const std::string& name : knobs.List(names_knob)) {
    const std::string file_knob = "CLASSAD_USER_MAPFILE_" + name;
    const std::string data_knob = "CLASSAD_USER_MAPDATA_" + name;
    std::optional<KnobText> file = knobs.Text(file_knob);
    std::optional<KnobText> data = file ? std::nullopt : knobs.Text(data_knob);
    if (!file && !data) continue;
    classad::Result<UserMap> read = file ? UserMap::Load(file->value, options)
                                         : UserMap::Parse(data->value, data_knob, options);
    if (!read.ok()) {
      const KnobText& knob = file ? *file : *data;
      knobs.problems()->Error(knob.where, (file ? file_knob : data_knob) + ": " +
                                              read.status().ToString());
      continue;
    }
    maps->maps_.insert_or_assign(LowerAscii(name), std::move(*read));
  }
  return maps;
}

std::optional<std::string> ConfiguredUserMaps::Map(std::string_view map_name,
                                                   std::string_view method,
                                                   std::string_view input) const {
  auto found = maps_.find(LowerAscii(map_name));
  if (found == maps_.end()) return std::nullopt;
  return found->second.Map(method, input);
}

}  // namespace policy
