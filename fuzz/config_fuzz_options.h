// The configuration reader's options for the fuzz targets that read
// configuration text (fuzz_config, fuzz_lint): a fake environment and
// randomness, small limits, and a virtual file system of a few files that
// include, use and LOCAL_CONFIG_* may reach (never the disk).
#ifndef CLASSAD_FUZZ_CONFIG_FUZZ_OPTIONS_H_
#define CLASSAD_FUZZ_CONFIG_FUZZ_OPTIONS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "policy/config.h"

namespace classad_fuzz {

using PathKind = policy::ConfigOptions::FileSystem::PathKind;

// The virtual files includes and local configuration may name.
inline const std::map<std::string, std::string>& VirtualFiles() {
  static const std::map<std::string, std::string> files = {
      {"a.conf", "A = 1\ninclude : b.conf\n"},
      {"b.conf", "B = $(A)\ninclude ifexist : $(CYCLE:none).conf\n"},
      {"c.conf", "if defined A\nC = 1\nelse\nC = 2\nendif\n"},
      {"d/1.conf", "D = 1\n"},
      {"d/2.conf", "D = $(D) 2\nLOCAL_CONFIG_FILE = c.conf\n"},
      {"d/.hidden", "D = hidden\n"},
      {"local.conf", "LOCAL_CONFIG_DIR = d\nL = $(L) local\n"},
      {"loop.conf", "include : loop.conf\n"},
      {"here.conf", "H @=end\n$(H)\nif\n@end\n"},
  };
  return files;
}

// The options every configuration input is read with.
inline policy::ConfigOptions FuzzOptions() {
  policy::ConfigOptions options;
  options.getenv = [](std::string_view name) -> std::optional<std::string> {
    if (name == "HOME") return std::string("/home/fuzz");
    if (name == "EMPTY") return std::string();
    if (name == "LOOP") return std::string("$ENV(LOOP)");
    if (name == "MACRO") return std::string("$(A)$(A)");
    if (name == "CONDOR_CONFIG") return std::string("a.conf");
    return std::nullopt;
  };
  options.random = [counter = uint64_t{0}]() mutable { return counter += 0x9E3779B97F4A7C15ull; };
  options.detected = {{"HOSTNAME", "fuzzhost"}, {"FULL_HOSTNAME", "fuzzhost.example"}};
  // Small limits keep each input fast.
  options.source.max_file_bytes = 1 << 16;
  options.source.max_line_bytes = 1 << 16;
  options.max_expanded_bytes = 1 << 18;
  options.max_expansion_work = 1 << 22;
  options.max_total_value_bytes = 1 << 24;
  options.max_definitions = 1 << 14;
  options.max_local_config_files = 64;
  // Map files are real files: only CLASSAD_USER_MAPDATA_ maps are loaded.
  options.read_user_map_files = false;
  options.user_map.max_include_depth = 0;
  options.file_system.read_file =
      [](const std::string& path,
         size_t max_bytes) -> classad::Result<std::pair<std::string, std::string>> {
    const auto it = VirtualFiles().find(path);
    if (it == VirtualFiles().end()) {
      if (path == "d") return classad::Status(classad::StatusCode::kIoError, "is a directory");
      return classad::Status(classad::StatusCode::kNotFound, "no such virtual file");
    }
    if (it->second.size() > max_bytes) {
      return classad::Status(classad::StatusCode::kLimitExceeded, "too large");
    }
    return std::make_pair(it->second, path);
  };
  options.file_system.path_kind = [](const std::string& path) {
    if (path == "d") return PathKind::kDirectory;
    return VirtualFiles().count(path) != 0 ? PathKind::kFile : PathKind::kMissing;
  };
  options.file_system.list_directory =
      [](const std::string& dir) -> classad::Result<std::vector<std::string>> {
    if (dir != "d") return classad::Status(classad::StatusCode::kNotFound, "no such folder");
    return std::vector<std::string>{"d/2.conf", "d/.hidden", "d/1.conf"};
  };
  options.file_system.home_directory = [](const std::string&) -> std::optional<std::string> {
    return std::nullopt;
  };
  return options;
}

}  // namespace classad_fuzz

#endif  // CLASSAD_FUZZ_CONFIG_FUZZ_OPTIONS_H_
