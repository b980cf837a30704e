// DiffConfigs (policy/config_diff.h): the knobs whose values differ between
// two configurations, with where each side set its value.
#include <gtest/gtest.h>

#include "policy/config_diff.h"
#include "tests/policy/config_test_util.h"

namespace policy {
namespace {

using testing_util::TestOptions;

Config Read(std::string_view text, std::string_view file) {
  classad::Result<Config> config = ReadConfigText(text, file, TestOptions());
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  return std::move(config).value();
}

TEST(ConfigDiffTest, KnobsWhoseValuesDifferWithWhereEachWasSet) {
  ConfigOptions options = TestOptions();
  options.subsystem = "NEGOTIATOR";
  Config a = std::move(ReadConfigText("GROUP_NAMES = A, B\nGROUP_ACCEPT_SURPLUS = True\n"
                                      "Q = 5\nGROUP_QUOTA_A = $(Q)\nSAME = 1\n",
                                      "a.conf", options))
                 .value();
  Config b = std::move(ReadConfigText("GROUP_NAMES = A, B\n\nQ = 5\nGROUP_QUOTA_A = 5\n"
                                      "SAME = 1\nNEGOTIATOR.GROUP_ACCEPT_SURPLUS = false\n"
                                      "PRIORITY_HALFLIFE = 3600\nMY_OWN = x\n",
                                      "b.conf", options))
                 .value();
  std::vector<KnobDifference> diff = DiffConfigs(a, b);
  // GROUP_QUOTA_A expands alike; SAME and GROUP_NAMES are the same.
  ASSERT_EQ(diff.size(), 3u);
  EXPECT_EQ(diff[0].name, "GROUP_ACCEPT_SURPLUS");
  EXPECT_TRUE(diff[0].negotiator_reads);
  EXPECT_EQ(diff[0].a.value, "True");
  EXPECT_EQ(diff[0].a.where.file, "a.conf");
  EXPECT_EQ(diff[0].a.where.line, 2);
  EXPECT_EQ(diff[0].b.value, "false");  // the subsystem's definition
  EXPECT_EQ(diff[0].b.where.line, 6);
  EXPECT_EQ(diff[1].name, "MY_OWN");
  EXPECT_FALSE(diff[1].negotiator_reads);
  EXPECT_FALSE(diff[1].a.value.has_value());
  EXPECT_EQ(diff[1].b.value, "x");
  EXPECT_EQ(diff[2].name, "PRIORITY_HALFLIFE");
  EXPECT_EQ(diff[2].a.value, "86400");  // the param table's default
  EXPECT_TRUE(diff[2].a.where.file.empty());
  EXPECT_EQ(diff[2].b.value, "3600");
  EXPECT_EQ(diff[2].b.where.line, 7);
}

TEST(ConfigDiffTest, TheSameConfigurationHasNoDifferenceAndALoopIsShown) {
  const char* text = "X = $(Y)\nY = $(X)\nZ = 1\n";
  EXPECT_TRUE(DiffConfigs(Read(text, "a"), Read(text, "b")).empty());
  std::vector<KnobDifference> diff =
      DiffConfigs(Read("X = $(Y)\nY = $(X)\n", "a"), Read("X = 1\nY = 2\n", "b"));
  ASSERT_EQ(diff.size(), 2u);
  EXPECT_FALSE(diff[0].a.error.empty());
  EXPECT_EQ(diff[0].b.value, "1");
}

}  // namespace
}  // namespace policy
