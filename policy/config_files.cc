// The order in which an HTCondor daemon reads its configuration files
// (condor_config.cpp: real_config, process_directory, process_locals,
// find_file): ReadConfigFiles and FindRootConfig.
#include <re2/re2.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "policy/config_file_system.h"
#include "policy/config_reader.h"
#include "policy/config_reader_internal.h"
#include "policy/knob_value.h"

namespace policy {
namespace {

using classad::Result;
using classad::SourceLocation;
using classad::Status;
using classad::StatusCode;
using config_internal::Reader;
using config_internal::SplitConfigList;
using PathKind = ConfigOptions::FileSystem::PathKind;

// HTCondor's condor_dirname: "." for a bare name, "/" for a file at the root.
std::string DirName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// The value param(name) gives: expanded, nullopt when undefined or empty.
Result<std::optional<std::string>> Param(const Config& config, std::string_view name) {
  Result<std::optional<ExpandedValue>> found = config.Lookup(name);
  if (!found.ok()) return found.status();
  if (!found->has_value() || (*found)->value.empty()) return std::optional<std::string>();
  return std::optional<std::string>((*found)->value);
}

// Where `name` is defined, for errors about its value.
SourceLocation WhereDefined(const Config& config, std::string_view name) {
  const ConfigEntry* entry = config.Find(name);
  return entry != nullptr ? entry->name_at : SourceLocation{};
}

// REQUIRE_LOCAL_CONFIG_FILE as param_boolean_crufty reads it: a value
// starting with t/T is true, with f/F false, else param_boolean's reading
// (1, 0, a ClassAd expression), true when undefined or empty. A value that
// is not a boolean stops HTCondor's daemons (param_boolean's might_EXCEPT)
// and is an error here, at its definition.
Result<bool> RequireLocalFiles(const Config& config) {
  Result<std::optional<std::string>> value = Param(config, "REQUIRE_LOCAL_CONFIG_FILE");
  if (!value.ok()) return value.status();
  if (!value->has_value()) return true;
  const std::string_view text = TrimSpace(**value);
  if (text.empty()) return true;
  if (text[0] == 't' || text[0] == 'T') return true;
  if (text[0] == 'f' || text[0] == 'F') return false;
  // Read while the configuration is first read: the daemons' functions
  // are not registered yet.
  Result<bool> parsed = ParseKnobBool(text, /*daemon_functions_registered=*/false);
  if (!parsed.ok()) {
    return Status(parsed.status().code(), "REQUIRE_LOCAL_CONFIG_FILE: " + parsed.status().message(),
                  WhereDefined(config, "REQUIRE_LOCAL_CONFIG_FILE"));
  }
  return parsed;
}

// Reads the files of one LOCAL_CONFIG_DIR value.
class LocalReader {
 public:
  LocalReader(Reader* reader, const ConfigOptions& options) : reader_(reader), options_(options) {}

  // process_directory: every folder of `list`, each folder's regular files
  // not matching LOCAL_CONFIG_DIR_EXCLUDE_REGEXP, sorted by full path.
  Status ReadDirectories(const std::string& list) {
    Result<bool> required = RequireLocalFiles(reader_->config());
    if (!required.ok()) return required.status();
    for (const std::string& dir : SplitConfigList(list)) {
      Result<std::vector<std::string>> files = options_.file_system.list_directory(dir);
      if (!files.ok()) continue;  // HTCondor skips a folder it cannot open, silently
      Result<std::optional<std::string>> exclude =
          Param(reader_->config(), "LOCAL_CONFIG_DIR_EXCLUDE_REGEXP");
      if (!exclude.ok()) return exclude.status();
      std::optional<RE2> pattern;
      if (exclude->has_value()) {
        pattern.emplace(**exclude, RE2::Quiet);
        if (!pattern->ok()) {
          return Status(
              StatusCode::kInvalidArgument,
              "LOCAL_CONFIG_DIR_EXCLUDE_REGEXP is not a valid regular expression (RE2): " +
                  pattern->error(),
              WhereDefined(reader_->config(), "LOCAL_CONFIG_DIR_EXCLUDE_REGEXP"));
        }
      }
      std::vector<std::string> chosen;
      for (const std::string& path : *files) {
        const size_t slash = path.find_last_of('/');
        const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
        if (pattern && RE2::PartialMatch(name, *pattern)) continue;
        chosen.push_back(path);
      }
      std::sort(chosen.begin(), chosen.end());
      for (const std::string& path : chosen) {
        if (Status counted = Count(path); !counted.ok()) return counted;
        if (Status read = reader_->ReadFile(path, 1, *required, {}); !read.ok()) return read;
      }
    }
    return Status::Ok();
  }

  // process_locals: the LOCAL_CONFIG_FILE list, looked up again after each
  // file; when a file changed it, the new list without the files done.
  Status ReadLocalFiles() {
    Result<bool> required = RequireLocalFiles(reader_->config());
    if (!required.ok()) return required.status();
    Result<std::optional<std::string>> value = Param(reader_->config(), "LOCAL_CONFIG_FILE");
    if (!value.ok()) return value.status();
    if (!value->has_value()) return Status::Ok();
    std::string current = **value;
    Result<std::vector<std::string>> list = SplitLocalFiles(current);
    if (!list.ok()) return list.status();
    std::vector<std::string> done;
    for (size_t i = 0; i < list->size();) {
      const std::string source = (*list)[i];
      if (Status counted = Count(source); !counted.ok()) return counted;
      if (Status read = reader_->ReadFile(source, 1, *required, {}); !read.ok()) return read;
      done.push_back(source);
      Result<std::optional<std::string>> now = Param(reader_->config(), "LOCAL_CONFIG_FILE");
      if (!now.ok()) return now.status();
      if (now->has_value() && **now != current) {
        current = **now;
        list = SplitLocalFiles(current);
        if (!list.ok()) return list.status();
        for (const std::string& file : done) std::erase(*list, file);
        i = 0;
        continue;
      }
      ++i;
    }
    return Status::Ok();
  }

 private:
  Result<std::vector<std::string>> SplitLocalFiles(const std::string& value) {
    if (value.find('|') != std::string::npos) {
      return Status(
          StatusCode::kInvalidArgument,
          "LOCAL_CONFIG_FILE is a command ('" + value + "'), and this tool never runs programs",
          WhereDefined(reader_->config(), "LOCAL_CONFIG_FILE"));
    }
    return SplitConfigList(value);
  }

  // Counts one more local file against ConfigOptions::max_local_config_files.
  Status Count(const std::string& path) {
    if (++count_ <= options_.max_local_config_files) return Status::Ok();
    return Status(StatusCode::kLimitExceeded,
                  "more than " + std::to_string(options_.max_local_config_files) +
                      " LOCAL_CONFIG_DIR / LOCAL_CONFIG_FILE files (ConfigOptions::"
                      "max_local_config_files); LOCAL_CONFIG_FILE may keep changing",
                  SourceLocation{path, 0, 0});
  }

  Reader* reader_;
  const ConfigOptions& options_;
  size_t count_ = 0;
};

// The macros HTCondor's reinsert_specials defines again after the files.
bool IsReinsertedSpecial(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "TILDE",        "HOSTNAME",     "FULL_HOSTNAME", "USERNAME",   "REAL_UID",
      "REAL_GID",     "PID",          "PPID",          "IP_ADDRESS", "IP_ADDRESS_IS_IPV6",
      "IPV4_ADDRESS", "IPV6_ADDRESS", "DETECTED_CPUS"};
  return std::any_of(std::begin(kNames), std::end(kNames),
                     [&](std::string_view n) { return EqualsNoCase(n, name); });
}

// HOSTNAME and FULL_HOSTNAME are defined only after the root files.
bool IsHostName(std::string_view name) {
  return EqualsNoCase(name, "HOSTNAME") || EqualsNoCase(name, "FULL_HOSTNAME");
}

Status DefineSubsystem(Reader* reader, const ConfigOptions& options) {
  Status status =
      reader->DefineSpecial("SUBSYSTEM", options.subsystem, ConfigEntry::Origin::kDetected);
  if (!status.ok()) return status;
  return reader->DefineSpecial("LOCALNAME",
                               options.local_name.empty() ? options.subsystem : options.local_name,
                               ConfigEntry::Origin::kDetected);
}

// Everything ReadConfigFiles does, in order.
Status ReadAll(Reader* reader, const std::vector<std::string>& root_files,
               const ConfigOptions& options) {
  const ConfigOptions::FileSystem& fs = options.file_system;
  if (Status s = DefineSubsystem(reader, options); !s.ok()) return s;
  for (const auto& [name, value] : options.detected) {
    if (IsHostName(name)) continue;
    Status s = reader->DefineSpecial(name, value, ConfigEntry::Origin::kDetected);
    if (!s.ok()) return s;
  }
  if (!root_files.empty()) {
    const std::string& first = root_files.front();
    const std::string root = fs.path_kind(first) == PathKind::kDirectory ? first : DirName(first);
    Status s = reader->DefineSpecial("CONFIG_ROOT", root, ConfigEntry::Origin::kDetected);
    if (!s.ok()) return s;
  }
  for (const std::string& root : root_files) {
    if (fs.path_kind(root) == PathKind::kDirectory) {
      Result<std::vector<std::string>> files = fs.list_directory(root);
      if (!files.ok()) {
        return Status(
            StatusCode::kIoError,
            "cannot list configuration directory '" + root + "': " + files.status().message(),
            SourceLocation{root, 0, 0});
      }
      std::sort(files->begin(), files->end());
      for (const std::string& file : *files) {
        if (Status s = reader->ReadFile(file, 0, true, {}); !s.ok()) return s;
      }
    } else if (Status s = reader->ReadFile(root, 0, true, {}); !s.ok()) {
      return s;
    }
  }
  for (const auto& [name, value] : options.detected) {
    if (!IsHostName(name)) continue;
    Status s = reader->DefineSpecial(name, value, ConfigEntry::Origin::kDetected);
    if (!s.ok()) return s;
  }

  LocalReader locals(reader, options);
  Result<std::optional<std::string>> dirs = Param(reader->config(), "LOCAL_CONFIG_DIR");
  if (!dirs.ok()) return dirs.status();
  if (dirs->has_value()) {
    if (Status s = locals.ReadDirectories(**dirs); !s.ok()) return s;
  }
  if (Status s = locals.ReadLocalFiles(); !s.ok()) return s;
  Result<std::optional<std::string>> new_dirs = Param(reader->config(), "LOCAL_CONFIG_DIR");
  if (!new_dirs.ok()) return new_dirs.status();
  if (new_dirs->has_value() && *new_dirs != *dirs) {
    if (Status s = locals.ReadDirectories(**new_dirs); !s.ok()) return s;
  }

  if (options.environment) {
    for (const auto& [variable, value] : options.environment()) {
      if (variable.size() <= 8 || !StartsWithNoCase(variable, "_condor_")) continue;
      const std::string_view trimmed = TrimSpace(value);
      const std::string_view left =
          std::string_view(value).substr(static_cast<size_t>(trimmed.data() - value.data()));
      Status s = reader->DefineSpecial(std::string(TrimSpace(variable.substr(8))),
                                       std::string(left), ConfigEntry::Origin::kEnvironment);
      if (!s.ok()) return s;
    }
  }

  if (Status s = DefineSubsystem(reader, options); !s.ok()) return s;
  for (const auto& [name, value] : options.detected) {
    if (!IsReinsertedSpecial(name)) continue;
    Status s = reader->DefineSpecial(name, value, ConfigEntry::Origin::kDetected);
    if (!s.ok()) return s;
  }
  return Status::Ok();
}

}  // namespace

Result<Config> ReadConfigFiles(const std::vector<std::string>& root_files,
                               const ConfigOptions& options) {
  ConfigOptions effective = options;
  effective.file_system = WithPosixDefaults(options.file_system);
  ConfigBuilder builder(effective);
  Reader reader(&builder, builder.config().options());
  Status status = ReadAll(&reader, root_files, builder.config().options());
  if (status.ok()) status = reader.ApplyAutoUse();
  if (!status.ok()) return status;
  return std::move(builder).Finish();
}

Result<std::vector<std::string>> FindRootConfig(const ConfigOptions& options) {
  const ConfigOptions::FileSystem fs = WithPosixDefaults(options.file_system);
  std::optional<std::string> env;
  if (options.getenv) {
    env = options.getenv("CONDOR_CONFIG");
  } else if (const char* value = std::getenv("CONDOR_CONFIG")) {
    env = std::string(value);
  }
  if (env) {
    if (EqualsNoCase(*env, "ONLY_ENV")) return std::vector<std::string>();
    const PathKind kind = fs.path_kind(*env);
    if (kind == PathKind::kDirectory) {
      return Status(StatusCode::kInvalidArgument,
                    "File specified in CONDOR_CONFIG environment variable: \"" + *env +
                        "\" is a directory.  Please specify a file.");
    }
    if (kind == PathKind::kFile) return std::vector<std::string>{*env};
    if (env->find('|') != std::string::npos) {
      return Status(StatusCode::kInvalidArgument, "CONDOR_CONFIG is a command (\"" + *env +
                                                      "\"), and this tool never runs programs");
    }
    return Status(
        StatusCode::kNotFound,
        "File specified in CONDOR_CONFIG environment variable: \"" + *env + "\" does not exist.");
  }
  for (std::string candidate : options.root_config_candidates) {
    static constexpr std::string_view kTilde = "~condor/";
    if (candidate.compare(0, kTilde.size(), kTilde) == 0) {
      const std::optional<std::string> home = fs.home_directory("condor");
      if (!home) continue;
      candidate = *home + "/" + candidate.substr(kTilde.size());
    }
    if (fs.path_kind(candidate) == PathKind::kFile) return std::vector<std::string>{candidate};
  }
  return Status(StatusCode::kNotFound,
                "Neither the environment variable CONDOR_CONFIG, /etc/condor/, /usr/local/etc/, "
                "nor ~condor/ contain a condor_config source.");
}

}  // namespace policy
