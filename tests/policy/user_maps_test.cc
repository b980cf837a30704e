// Tests of the maps userMap() reads (policy/user_maps.h), loaded once a
// configuration is read, and of what the configuration's own $EVAL, $INT,
// $REAL and $STRING see of them. HTCondor loads them in real_config's
// ClassAdReconfig, after reading and before any param() lookup, for the
// process's subsystem; condor_config_val's $EVAL sees them (checked with
// HTCondor 25.13.2 as TOOL_CLASSAD_USER_MAP_NAMES, see PolicyTest.
// UserMapsAreTheDaemonsNamedMaps).
#include "policy/user_maps.h"

#include <gtest/gtest.h>

#include <string>

#include "policy/config.h"
#include "tests/policy/config_test_util.h"

namespace policy {
namespace {

using testing_util::MustRead;
using testing_util::TempFolder;
using testing_util::TestOptions;
using testing_util::ValueOf;

constexpr const char* kMaps =
    "NEGOTIATOR_CLASSAD_USER_MAP_NAMES = groups\n"
    "CLASSAD_USER_MAPDATA_groups @=end\n"
    "* alice physics\n"
    "* bob 7\n"
    "@end\n";

TEST(ConfiguredUserMapsTest, TheConfigurationsMacroFunctionsSeeItsMaps) {
  // A macro function's body ends at its first ')', so the expressions are
  // knobs of their own.
  const Config config = MustRead(std::string(kMaps) +
                                 "ALICE = userMap(\"groups\", \"alice\")\n"
                                 "BOB = int(userMap(\"groups\", \"bob\"))\n"
                                 "ZED = userMap(\"groups\", \"zed\")\n"
                                 "GROUP = $EVAL(ALICE)\n"
                                 "NUMBER = $INT(BOB)\n"
                                 "CHOSEN = $CHOICE(BOB, a, b, c, d, e, f, g, h)\n"
                                 "TEXT = $STRING(ALICE)\n"
                                 "MISSING = $EVAL(ZED)\n");
  ASSERT_NE(config.user_maps(), nullptr);
  EXPECT_EQ(config.user_maps()->size(), 1u);
  EXPECT_EQ(ValueOf(config, "GROUP"), "physics");
  EXPECT_EQ(ValueOf(config, "NUMBER"), "7");
  EXPECT_EQ(ValueOf(config, "CHOSEN"), "h");
  EXPECT_EQ(ValueOf(config, "TEXT"), "physics");
  EXPECT_EQ(ValueOf(config, "MISSING"), "undefined");
  EXPECT_TRUE(config.warnings().empty());
}

// A line HTCondor skips (it logs it) is skipped here and reported as a
// configuration warning at the map's own line.
TEST(ConfiguredUserMapsTest, LinesHTCondorSkipsAreWarnings) {
  const Config config = MustRead(
      "NEGOTIATOR_CLASSAD_USER_MAP_NAMES = groups\n"
      "CLASSAD_USER_MAPDATA_groups @=end\n"
      "* alice\n"
      "* bob 7\n"
      "@end\n"
      "ALICE = userMap(\"groups\", \"alice\")\n"
      "BOB = userMap(\"groups\", \"bob\")\n"
      "A = $EVAL(ALICE)\nB = $EVAL(BOB)\n");
  EXPECT_EQ(ValueOf(config, "A"), "undefined");
  EXPECT_EQ(ValueOf(config, "B"), "7");
  ASSERT_EQ(config.warnings().size(), 1u);
  EXPECT_EQ(config.warnings()[0].ToString(),
            "CLASSAD_USER_MAPDATA_groups:1:8: map groups: the line has no canonical name: "
            "HTCondor skips it");
}

TEST(ConfiguredUserMapsTest, TheMapsAreThoseOfTheConfigurationsSubsystem) {
  ConfigOptions tool = TestOptions();
  tool.subsystem = "TOOL";
  const std::string text =
      std::string(kMaps) + "ALICE = userMap(\"groups\", \"alice\")\nGROUP = $EVAL(ALICE)\n";
  const Config as_tool = MustRead(text, tool);
  EXPECT_EQ(as_tool.user_maps(), nullptr);
  EXPECT_EQ(ValueOf(as_tool, "GROUP"), "undefined");
  const Config named = MustRead("TOOL_CLASSAD_USER_MAP_NAMES = groups\n" + text, tool);
  EXPECT_EQ(ValueOf(named, "GROUP"), "physics");
}

// CLASSAD_USER_MAP_PREFIX_<name> (POLICY : OnlyRegisteredCheckpointDestinations
// sets it): principals are literal prefixes and the longest wins.
TEST(ConfiguredUserMapsTest, PrefixMaps) {
  const Config config = MustRead(
      "NEGOTIATOR_CLASSAD_USER_MAP_NAMES = dest\n"
      "CLASSAD_USER_MAP_PREFIX_dest = true\n"
      "CLASSAD_USER_MAPDATA_dest @=end\n"
      "* https://a/ short\n"
      "* https://a/b/ long\n"
      "* /x/ slashes\n"
      "* https://a/ again\n"
      "@end\n"
      "LONG = userMap(\"dest\", \"https://a/b/c\")\n"
      "SHORT = userMap(\"dest\", \"https://a/c\")\n"
      "SLASH = userMap(\"dest\", \"/x/y\")\n"
      "NONE = userMap(\"dest\", \"https://b/\")\n"
      "A = $EVAL(LONG)\nB = $EVAL(SHORT)\nC = $EVAL(SLASH)\nD = $EVAL(NONE)\n");
  EXPECT_EQ(ValueOf(config, "A"), "long");
  EXPECT_EQ(ValueOf(config, "B"), "again");  // of equal prefixes, the last line's
  EXPECT_EQ(ValueOf(config, "C"), "slashes");  // no regular expressions
  EXPECT_EQ(ValueOf(config, "D"), "undefined");
  EXPECT_TRUE(config.warnings().empty());
  const Config plain = MustRead(
      "NEGOTIATOR_CLASSAD_USER_MAP_NAMES = dest\n"
      "CLASSAD_USER_MAP_PREFIX_dest = Ture\n"
      "CLASSAD_USER_MAPDATA_dest = * https://a/ short\n"
      "SHORT = userMap(\"dest\", \"https://a/c\")\nB = $EVAL(SHORT)\n");
  EXPECT_EQ(ValueOf(plain, "B"), "undefined");
  ASSERT_EQ(plain.warnings().size(), 1u);
  EXPECT_NE(plain.warnings()[0].message().find("HTCondor reads false"), std::string::npos);
  // The knob is looked up before the daemons' functions are registered:
  // stringListSize is unknown then, the value error, and the map not a
  // prefix map.
  const Config early = MustRead(
      "NEGOTIATOR_CLASSAD_USER_MAP_NAMES = dest\n"
      "CLASSAD_USER_MAP_PREFIX_dest = stringListSize(\"a\") == 1\n"
      "CLASSAD_USER_MAPDATA_dest = * https://a/ short\n"
      "SHORT = userMap(\"dest\", \"https://a/c\")\nB = $EVAL(SHORT)\n");
  EXPECT_EQ(ValueOf(early, "B"), "undefined");
  ASSERT_EQ(early.warnings().size(), 1u);
  EXPECT_NE(early.warnings()[0].message().find("register only once"), std::string::npos)
      << early.warnings()[0].ToString();
}

TEST(ConfiguredUserMapsTest, AMapThatCannotBeReadIsLeftOutWithAWarning) {
  TempFolder folder;
  const Config config = MustRead(
      "NEGOTIATOR_CLASSAD_USER_MAP_NAMES = gone, groups\n"
      "CLASSAD_USER_MAPFILE_gone = " + folder.path() + "/no-such.map\n"
      "CLASSAD_USER_MAPDATA_groups = * alice physics\n"
      "ALICE = userMap(\"groups\", \"alice\")\nGROUP = $EVAL(ALICE)\n");
  ASSERT_NE(config.user_maps(), nullptr);
  EXPECT_EQ(config.user_maps()->size(), 1u);
  EXPECT_EQ(ValueOf(config, "GROUP"), "physics");
  ASSERT_EQ(config.warnings().size(), 1u);
  const std::string warning = config.warnings()[0].ToString();
  EXPECT_EQ(warning.rfind("test.conf:2:29: CLASSAD_USER_MAPFILE_gone: ", 0), 0u) << warning;
}

TEST(ConfiguredUserMapsTest, MapFilesCanBeLeftUnopened) {
  TempFolder folder;
  const std::string path = folder.Write("groups.map", "* alice physics\n");
  ConfigOptions options = TestOptions();
  options.read_user_map_files = false;
  const std::string text = "NEGOTIATOR_CLASSAD_USER_MAP_NAMES = groups\n"
                           "CLASSAD_USER_MAPFILE_groups = " + path + "\n"
                           "ALICE = userMap(\"groups\", \"alice\")\nGROUP = $EVAL(ALICE)\n";
  const Config unopened = MustRead(text, options);
  EXPECT_EQ(ValueOf(unopened, "GROUP"), "undefined");
  ASSERT_EQ(unopened.warnings().size(), 1u);
  EXPECT_NE(unopened.warnings()[0].message().find("read_user_map_files is false"),
            std::string::npos);
  EXPECT_EQ(ValueOf(MustRead(text), "GROUP"), "physics");
}

}  // namespace
}  // namespace policy
