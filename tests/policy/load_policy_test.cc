// LoadPolicy (policy/load_policy.h): the one way a tool loads its policy.
#include "policy/load_policy.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <string>

namespace policy {
namespace {

// A configuration file with `text`, in a fresh folder.
std::string ConfigFile(const std::string& text) {
  std::string dir = ::testing::TempDir() + "load_policy_XXXXXX";
  EXPECT_NE(mkdtemp(dir.data()), nullptr);
  const std::string path = dir + "/condor_config";
  std::ofstream(path) << text;
  return path;
}

TEST(LoadPolicyTest, BuildsThePolicyOfTheGivenFiles) {
  const std::string path = ConfigFile("GROUP_NAMES = a, b\nPRIORITY_HALFLIFE = 60\n");
  std::vector<classad::Status> warnings;
  classad::Result<std::shared_ptr<const Policy>> loaded =
      LoadPolicy({path}, DaemonConfigOptions("NEGOTIATOR"), &warnings);
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  ASSERT_NE(*loaded, nullptr);
  EXPECT_EQ((*loaded)->groups.tree.groups().size(), 3u);  // the root, a and b
  EXPECT_TRUE(warnings.empty());
}

TEST(LoadPolicyTest, ABuildErrorGivesItsPositionOnce) {
  // A word between the name and `=` is a reader's warning, given even
  // though building fails.
  const std::string path = ConfigFile("GROUP_NAMES = a\nGROUP_QUOTA_a = lots\nX junk = 1\n");
  Problems problems;
  std::vector<classad::Status> warnings;
  classad::Result<std::shared_ptr<const Policy>> loaded =
      LoadPolicy({path}, DaemonConfigOptions("NEGOTIATOR"), &warnings, &problems);
  ASSERT_FALSE(loaded.ok());
  const std::string text = loaded.status().ToString();
  EXPECT_EQ(text.find(path + ":2:17: GROUP_QUOTA_a:"), 0u) << text;
  EXPECT_EQ(text.find(":2:17:", text.find(":2:17:") + 1), std::string::npos) << text;
  EXPECT_EQ(problems.errors().size(), 1u);
  EXPECT_EQ(warnings.size(), 1u);
}

TEST(LoadPolicyTest, AnUnreadableConfigurationSaysWhere) {
  std::vector<classad::Status> warnings;
  classad::Result<std::shared_ptr<const Policy>> loaded =
      LoadPolicy({"/nonexistent/condor_config"}, DaemonConfigOptions("NEGOTIATOR"), &warnings);
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.status().ToString().find("/nonexistent/condor_config"), std::string::npos);
}

}  // namespace
}  // namespace policy
