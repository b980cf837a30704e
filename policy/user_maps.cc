#include "policy/user_maps.h"

#include <utility>

#include "policy/config.h"
#include "policy/knob_value.h"
#include "policy/text_util.h"

namespace policy {
namespace {

// Knob `name`'s expanded value as HTCondor's param() gives it: nullopt when
// it is undefined or empty, or when its expansion fails (then `problems`
// gets why).
std::optional<ExpandedValue> Param(const Config& config, std::string_view name,
                                   std::vector<classad::Status>* problems) {
  classad::Result<std::optional<ExpandedValue>> found = config.Lookup(name);
  if (!found.ok()) {
    problems->push_back(found.status());
    return std::nullopt;
  }
  if (!found->has_value() || (*found)->value.empty()) return std::nullopt;
  return std::move(*found);
}

}  // namespace

std::shared_ptr<const ConfiguredUserMaps> ConfiguredUserMaps::Read(
    const Config& config, const UserMap::Options& options, bool read_files,
    std::vector<classad::Status>* problems) {
  const std::string names_knob = config.subsystem() + "_CLASSAD_USER_MAP_NAMES";
  std::optional<ExpandedValue> names = Param(config, names_knob, problems);
  if (!names.has_value()) return nullptr;
  auto maps = std::make_shared<ConfiguredUserMaps>();
  for (const std::string& name : SplitKnobList(names->value)) {
    const std::string file_knob = "CLASSAD_USER_MAPFILE_" + name;
    const std::string data_knob = "CLASSAD_USER_MAPDATA_" + name;
    std::optional<ExpandedValue> file = Param(config, file_knob, problems);
    std::optional<ExpandedValue> data = file ? std::nullopt : Param(config, data_knob, problems);
    if (!file && !data) continue;
    if (file && !read_files) {
      maps->maps_.erase(LowerAscii(name));
      problems->push_back(classad::Status(
          classad::StatusCode::kInvalidArgument,
          file_knob + ": map file not read (ConfigOptions::read_user_map_files is false)",
          file->entry != nullptr ? file->entry->value_at : classad::SourceLocation{}));
      continue;
    }
    UserMap::Options map_options = options;
    if (std::optional<ExpandedValue> prefix =
            Param(config, "CLASSAD_USER_MAP_PREFIX_" + name, problems)) {
      classad::Result<bool> is_prefix = ParseKnobBool(prefix->value);
      if (is_prefix.ok()) {
        map_options.prefix = *is_prefix;
      } else {  // param_boolean logs it and takes the default, false
        problems->push_back(classad::Status(
            is_prefix.status().code(),
            "CLASSAD_USER_MAP_PREFIX_" + name + ": " + is_prefix.status().message() +
                " (HTCondor reads false)",
            prefix->entry != nullptr ? prefix->entry->value_at : classad::SourceLocation{}));
      }
    }
    classad::Result<UserMap> read = file ? UserMap::Load(file->value, map_options)
                                         : UserMap::Parse(data->value, data_knob, map_options);
    if (!read.ok()) {
      // HTCondor drops the map of that name before loading it again.
      maps->maps_.erase(LowerAscii(name));
      const ExpandedValue& knob = file ? *file : *data;
      problems->push_back(classad::Status(
          read.status().code(),
          (file ? file_knob : data_knob) + ": " + read.status().ToString() +
              " (HTCondor logs this and userMap() finds nothing in the map)",
          knob.entry != nullptr ? knob.entry->value_at : classad::SourceLocation{}));
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
