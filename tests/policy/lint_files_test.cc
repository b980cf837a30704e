// LintFiles: reading configuration files and linting them (policy_lint's
// and the Python module's entry point).
#include "policy/lint/lint_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace policy::lint {
namespace {

namespace fs = std::filesystem;

// A file `name` holding `text` in a fresh folder of the test's own.
std::string WriteConfig(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() /
                       ("lint_files_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(LintFilesTest, LintsTheFilesConfiguration) {
  const std::string path = WriteConfig("bad.config", "NEGOTIATOR_INTERVALL = 5\n");
  auto found = LintFiles({path}, "NEGOTIATOR", "", {});
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  ASSERT_EQ(found->size(), 1u);
  EXPECT_EQ((*found)[0].check, "unknown-knob");
  EXPECT_EQ((*found)[0].where.file, path);
  EXPECT_EQ((*found)[0].where.line, 1);
}

TEST(LintFilesTest, AnUnreadableConfigurationIsOneDiagnostic) {
  const std::string path = WriteConfig("broken.config", "A = 1\nif\n");
  auto found = LintFiles({path}, "NEGOTIATOR", "", {});
  ASSERT_TRUE(found.ok());
  ASSERT_EQ(found->size(), 1u);
  EXPECT_EQ((*found)[0].check, "config-read");
  EXPECT_EQ((*found)[0].severity, Severity::kError);
  EXPECT_EQ((*found)[0].where.line, 2);
  LintOptions off;
  off.toggles = {{false, "config-read"}};
  auto silent = LintFiles({path}, "NEGOTIATOR", "", off);
  ASSERT_TRUE(silent.ok());
  EXPECT_TRUE(silent->empty());
}

TEST(LintFilesTest, AMissingFileFails) {
  auto found = LintFiles({"/nonexistent/condor_config"}, "NEGOTIATOR", "", {});
  EXPECT_FALSE(found.ok());
}

}  // namespace
}  // namespace policy::lint
