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
  classad::Result<LoadedPolicy> loaded = LoadPolicy({path}, DaemonConfigOptions("NEGOTIATOR"));
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  ASSERT_NE(loaded->policy, nullptr);
  EXPECT_EQ(loaded->policy->groups.tree.groups().size(), 3u);  // the root, a and b
}

TEST(LoadPolicyTest, ABuildErrorGivesItsPositionOnce) {
  const std::string path = ConfigFile("GROUP_NAMES = a\nGROUP_QUOTA_a = lots\n");
  Problems problems;
  classad::Result<LoadedPolicy> loaded =
      LoadPolicy({path}, DaemonConfigOptions("NEGOTIATOR"), &problems);
  ASSERT_FALSE(loaded.ok());
  const std::string text = loaded.status().ToString();
  EXPECT_EQ(text.find(path + ":2:17: GROUP_QUOTA_a:"), 0u) << text;
  EXPECT_EQ(text.find(":2:17:", text.find(":2:17:") + 1), std::string::npos) << text;
  EXPECT_EQ(problems.errors().size(), 1u);
}

TEST(LoadPolicyTest, AnUnreadableConfigurationSaysWhere) {
  classad::Result<LoadedPolicy> loaded =
      LoadPolicy({"/nonexistent/condor_config"}, DaemonConfigOptions("NEGOTIATOR"));
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.status().ToString().find("/nonexistent/condor_config"), std::string::npos);
}

}  // namespace
}  // namespace policy
