// Helpers shared by the configuration reader's tests: options with a fake
// environment, reading a text, the value of a knob as one string, a
// temporary folder of files.
#ifndef TESTS_POLICY_CONFIG_TEST_UTIL_H_
#define TESTS_POLICY_CONFIG_TEST_UTIL_H_

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "policy/config.h"
#include "policy/config_reader.h"

namespace policy::testing_util {

// Options whose environment is `env` (nothing else) and whose random
// numbers are always 7.
inline ConfigOptions TestOptions(std::map<std::string, std::string> env = {}) {
  ConfigOptions options;
  options.getenv = [env](std::string_view name) -> std::optional<std::string> {
    auto it = env.find(std::string(name));
    if (it == env.end()) return std::nullopt;
    return it->second;
  };
  options.random = [] { return uint64_t{7}; };
  return options;
}

// The configuration `text` gives; fails the test when it cannot be read.
inline Config MustRead(std::string_view text, const ConfigOptions& options = TestOptions()) {
  classad::Result<Config> config = ReadConfigText(text, "test.conf", options);
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  if (!config.ok()) return std::move(ReadConfigText("", "empty", options)).value();
  return std::move(config).value();
}

// The error reading `text` gives ("file:line:col: message"), or "OK".
inline std::string ReadError(std::string_view text, const ConfigOptions& options = TestOptions()) {
  classad::Result<Config> config = ReadConfigText(text, "test.conf", options);
  return config.ok() ? "OK" : config.status().ToString();
}

// Knob `name`'s expanded value, "<undefined>", or "<error: ...>".
inline std::string ValueOf(const Config& config, std::string_view name) {
  classad::Result<std::optional<ExpandedValue>> found = config.Lookup(name);
  if (!found.ok()) return "<error: " + found.status().ToString() + ">";
  if (!found->has_value()) return "<undefined>";
  return (*found)->value;
}

// The value of `name` after reading `text`.
inline std::string ValueIn(std::string_view text, std::string_view name,
                           const ConfigOptions& options = TestOptions()) {
  return ValueOf(MustRead(text, options), name);
}

// "file:line:col" of a location.
inline std::string Where(const classad::SourceLocation& at) {
  return at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

// A fresh temporary folder, removed (with its files) at the end.
class TempFolder {
 public:
  TempFolder() {
    std::string pattern = ::testing::TempDir() + "policy_config_XXXXXX";
    char* made = ::mkdtemp(pattern.data());
    EXPECT_NE(made, nullptr);
    path_ = pattern;
  }
  ~TempFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  const std::string& path() const { return path_; }
  // Writes `text` to `name` (inside the folder; subfolders are made) and
  // returns its full path.
  std::string Write(const std::string& name, const std::string& text) const {
    const std::string full = path_ + "/" + name;
    std::filesystem::create_directories(std::filesystem::path(full).parent_path());
    std::ofstream out(full, std::ios::binary);
    out << text;
    return full;
  }
  std::string Mkdir(const std::string& name) const {
    const std::string full = path_ + "/" + name;
    std::filesystem::create_directories(full);
    return full;
  }

 private:
  std::string path_;
};

// Changes the current directory for the scope.
class CurrentDirectory {
 public:
  explicit CurrentDirectory(const std::string& dir) {
    char buffer[4096];
    EXPECT_NE(::getcwd(buffer, sizeof buffer), nullptr);
    saved_ = buffer;
    EXPECT_EQ(::chdir(dir.c_str()), 0);
  }
  ~CurrentDirectory() { (void)::chdir(saved_.c_str()); }
  CurrentDirectory(const CurrentDirectory&) = delete;
  CurrentDirectory& operator=(const CurrentDirectory&) = delete;

 private:
  std::string saved_;
};

}  // namespace policy::testing_util

#endif  // TESTS_POLICY_CONFIG_TEST_UTIL_H_
