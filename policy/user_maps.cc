#include "policy/user_maps.h"

#include <utility>

#include "policy/config_knob_source.h"
#include "policy/knob_value.h"
#include "policy/text_util.h"

namespace policy {
std::shared_ptr<const ConfiguredUserMaps> ConfiguredUserMaps::Read(
    const Config& config, const UserMap::Options& options, bool read_files, Problems* problems) {
  const ConfigKnobSource source(config);
  KnobReader knobs(source, problems);
  const std::string names_knob = config.subsystem() + "_CLASSAD_USER_MAP_NAMES";
  std::optional<KnobText> names = knobs.Text(names_knob);
  if (!names.has_value()) return nullptr;
  auto maps = std::make_shared<ConfiguredUserMaps>();
  for (const std::string& name : SplitKnobList(names->value)) {
    const std::string file_knob = "CLASSAD_USER_MAPFILE_" + name;
    const std::string data_knob = "CLASSAD_USER_MAPDATA_" + name;
    std::optional<KnobText> file = knobs.Text(file_knob);
    std::optional<KnobText> data = file ? std::nullopt : knobs.Text(data_knob);
    if (!file && !data) continue;
    if (file && !read_files) {
      maps->maps_.erase(LowerAscii(name));
      problems->Warning(file->where, file_knob + ": map file not read "
                                                 "(ConfigOptions::read_user_map_files is false)");
      continue;
    }
    UserMap::Options map_options = options;
    const std::string prefix_knob = "CLASSAD_USER_MAP_PREFIX_" + name;
    if (std::optional<KnobText> prefix = knobs.Text(prefix_knob)) {
      // Looked up before the daemons' functions are registered.
      classad::Result<bool> is_prefix =
          ParseKnobBool(prefix->value, /*daemon_functions_registered=*/false);
      if (is_prefix.ok()) {
        map_options.prefix = *is_prefix;
      } else {  // param_boolean logs it and takes the default, false
        problems->Warning(prefix->where, prefix_knob + ": " + is_prefix.status().message() +
                                             " (HTCondor reads false)");
      }
    }
    classad::Result<UserMap> read = file ? UserMap::Load(file->value, map_options)
                                         : UserMap::Parse(data->value, data_knob, map_options);
    if (!read.ok()) {
      // HTCondor drops the map of that name before loading it again.
      maps->maps_.erase(LowerAscii(name));
      problems->Warning((file ? file : data)->where,
                        (file ? file_knob : data_knob) + ": " + read.status().ToString() +
                            " (HTCondor logs this and userMap() finds nothing in the map)");
      continue;
    }
    // What HTCondor reads oddly or skips in it, at its own lines.
    for (const classad::Status& odd : read->warnings()) {
      problems->Warning(odd.where(), "map " + name + ": " + odd.message());
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
