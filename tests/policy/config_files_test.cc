// Tests of the order in which ReadConfigFiles reads files (root files,
// LOCAL_CONFIG_DIR, LOCAL_CONFIG_FILE, the _condor_ environment) and of
// FindRootConfig.
#include <gtest/gtest.h>

#include <string>

#include "policy/config_reader.h"
#include "tests/policy/config_test_util.h"

namespace policy {
namespace {

using testing_util::TempFolder;
using testing_util::TestOptions;
using testing_util::ValueOf;

// The configuration read from `roots`; fails the test on an error.
Config MustReadFiles(const std::vector<std::string>& roots,
                     const ConfigOptions& options = TestOptions()) {
  classad::Result<Config> config = ReadConfigFiles(roots, options);
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  if (!config.ok()) return std::move(ReadConfigText("", "empty", options)).value();
  return std::move(config).value();
}

std::string ReadFilesError(const std::vector<std::string>& roots,
                           const ConfigOptions& options = TestOptions()) {
  classad::Result<Config> config = ReadConfigFiles(roots, options);
  return config.ok() ? "OK" : config.status().ToString();
}

TEST(ConfigFilesTest, LocalConfigDirFilesAreReadInPathOrderWithExclusions) {
  TempFolder folder;
  const std::string dir = folder.Mkdir("config.d");
  folder.Write("config.d/20-b.conf", "ORDER = $(ORDER) b\nB = 1\n");
  folder.Write("config.d/10-a.conf", "ORDER = $(ORDER) a\n");
  folder.Write("config.d/30-c", "ORDER = $(ORDER) c\n");
  for (const char* skipped : {".hidden", "x.sh", "y.py", "z.pl", "backup~", "#draft", "p.rpmsave",
                              "p.rpmnew", "p.dpkg-old", "p.dpkg-dist", "p.cfsaved"}) {
    folder.Write(std::string("config.d/") + skipped,
                 "ORDER = $(ORDER) " + std::string(skipped) + "\n");
  }
  folder.Mkdir("config.d/subfolder.conf");
  const std::string root =
      folder.Write("condor_config", "ORDER = root\nLOCAL_CONFIG_DIR = " + dir + "\n");
  const Config config = MustReadFiles({root});
  EXPECT_EQ(ValueOf(config, "ORDER"), "root a b c");
  EXPECT_EQ(config.sources(), (std::vector<std::string>{root, dir + "/10-a.conf",
                                                        dir + "/20-b.conf", dir + "/30-c"}));
}

TEST(ConfigFilesTest, ExcludeRegexpIsTheConfiguredOne) {
  TempFolder folder;
  const std::string dir = folder.Mkdir("d");
  folder.Write("d/keep.conf", "K = 1\n");
  folder.Write("d/skip.conf", "S = 1\n");
  folder.Write("d/.dot", "D = 1\n");
  const std::string root = folder.Write(
      "root", "LOCAL_CONFIG_DIR = " + dir + "\nLOCAL_CONFIG_DIR_EXCLUDE_REGEXP = ^skip\n");
  const Config config = MustReadFiles({root});
  EXPECT_EQ(ValueOf(config, "K"), "1");
  EXPECT_EQ(ValueOf(config, "S"), "<undefined>");
  EXPECT_EQ(ValueOf(config, "D"), "1");
  folder.Write("root", "LOCAL_CONFIG_DIR = " + dir + "\nLOCAL_CONFIG_DIR_EXCLUDE_REGEXP = (\n");
  EXPECT_EQ(ReadFilesError({root}).substr(0, root.size() + 5), root + ":2:1:");
}

TEST(ConfigFilesTest, SeveralLocalConfigDirsAndAMissingOne) {
  TempFolder folder;
  const std::string one = folder.Mkdir("one");
  const std::string two = folder.Mkdir("two");
  folder.Write("one/z.conf", "V = $(V) one\n");
  folder.Write("two/a.conf", "V = $(V) two\n");
  const std::string root = folder.Write(
      "root", "LOCAL_CONFIG_DIR = " + one + ", " + folder.path() + "/missing " + two + "\n");
  EXPECT_EQ(ValueOf(MustReadFiles({root}), "V"), " one two");
}

TEST(ConfigFilesTest, LocalConfigFileComesAfterTheDirectoryAndWins) {
  TempFolder folder;
  const std::string dir = folder.Mkdir("d");
  folder.Write("d/a.conf", "X = from dir\nORDER = $(ORDER) dir\n");
  const std::string local1 = folder.Write("local1", "X = from local1\nORDER = $(ORDER) l1\n");
  const std::string local2 = folder.Write("local2", "ORDER = $(ORDER) l2\n");
  const std::string root =
      folder.Write("root", "ORDER = root\nLOCAL_CONFIG_FILE = " + local1 + ", " + local2 +
                               "\nLOCAL_CONFIG_DIR = " + dir + "\n");
  const Config config = MustReadFiles({root});
  EXPECT_EQ(ValueOf(config, "X"), "from local1");
  EXPECT_EQ(ValueOf(config, "ORDER"), "root dir l1 l2");
}

TEST(ConfigFilesTest, ALocalFileThatChangesTheListContinuesWithTheNewList) {
  TempFolder folder;
  const std::string a = folder.path() + "/a";
  const std::string b = folder.path() + "/b";
  const std::string c = folder.path() + "/c";
  folder.Write("a", "ORDER = $(ORDER) a\nLOCAL_CONFIG_FILE = " + a + " " + c + "\n");
  folder.Write("b", "ORDER = $(ORDER) b\n");
  folder.Write("c", "ORDER = $(ORDER) c\n");
  const std::string root = folder.Write("root", "LOCAL_CONFIG_FILE = " + a + " " + b + "\n");
  EXPECT_EQ(ValueOf(MustReadFiles({root}), "ORDER"), " a c");
}

TEST(ConfigFilesTest, LocalConfigDirIsReadAgainWhenALocalFileChangesIt) {
  TempFolder folder;
  const std::string d1 = folder.Mkdir("d1");
  const std::string d2 = folder.Mkdir("d2");
  folder.Write("d1/x", "ORDER = $(ORDER) d1\n");
  folder.Write("d2/x", "ORDER = $(ORDER) d2\n");
  const std::string local =
      folder.Write("local", "ORDER = $(ORDER) local\nLOCAL_CONFIG_DIR = " + d2 + "\n");
  const std::string root =
      folder.Write("root", "LOCAL_CONFIG_DIR = " + d1 + "\nLOCAL_CONFIG_FILE = " + local + "\n");
  EXPECT_EQ(ValueOf(MustReadFiles({root}), "ORDER"), " d1 local d2");
  // Unchanged: read once.
  folder.Write("local", "ORDER = $(ORDER) local\n");
  EXPECT_EQ(ValueOf(MustReadFiles({root}), "ORDER"), " d1 local");
}

TEST(ConfigFilesTest, MissingLocalFilesAreErrorsUnlessNotRequired) {
  TempFolder folder;
  const std::string missing = folder.path() + "/missing.local";
  const std::string root = folder.Write("root", "LOCAL_CONFIG_FILE = " + missing + "\n");
  EXPECT_EQ(ReadFilesError({root}),
            missing + ": cannot read config source '" + missing + "': No such file or directory");
  folder.Write("root",
               "LOCAL_CONFIG_FILE = " + missing + "\nREQUIRE_LOCAL_CONFIG_FILE = False\nX = 1\n");
  EXPECT_EQ(ValueOf(MustReadFiles({root}), "X"), "1");
  // param_boolean_crufty: the first letter t/f, else param_boolean's reading,
  // a ClassAd expression included.
  for (const char* off : {"fALSE", "f", "0", "1 > 2", "0.0", "false || false"}) {
    folder.Write("root", "LOCAL_CONFIG_FILE = " + missing + "\nREQUIRE_LOCAL_CONFIG_FILE = " +
                             off + "\nX = 1\n");
    EXPECT_EQ(ValueOf(MustReadFiles({root}), "X"), "1") << off;
  }
  for (const char* on : {"tx", "1", "2 > 1", "-1", "", "$(UNDEFINED_KNOB)"}) {
    folder.Write("root", "LOCAL_CONFIG_FILE = " + missing + "\nREQUIRE_LOCAL_CONFIG_FILE = " + on +
                             "\nX = 1\n");
    EXPECT_NE(ReadFilesError({root}).find("cannot read config source"), std::string::npos) << on;
  }
  // Not a boolean: HTCondor's daemons stop (param_boolean), and so does reading here.
  folder.Write("root", "LOCAL_CONFIG_FILE = " + missing + "\nREQUIRE_LOCAL_CONFIG_FILE = yes\n");
  const std::string not_boolean = ReadFilesError({root});
  EXPECT_EQ(not_boolean.rfind(root + ":2:1: REQUIRE_LOCAL_CONFIG_FILE: ", 0), 0u) << not_boolean;
  EXPECT_NE(not_boolean.find("yes"), std::string::npos) << not_boolean;
  // Read while the configuration is first read: a function HTCondor's
  // daemons register afterwards is unknown, its call error, not a boolean.
  folder.Write("root", "LOCAL_CONFIG_FILE = " + missing +
                           "\nREQUIRE_LOCAL_CONFIG_FILE = stringListSize(\"a,b\") < 1\nX = 1\n");
  const std::string unregistered = ReadFilesError({root});
  EXPECT_EQ(unregistered.rfind(root + ":2:1: REQUIRE_LOCAL_CONFIG_FILE: ", 0), 0u) << unregistered;
  EXPECT_NE(unregistered.find("register only once the configuration is read"), std::string::npos)
      << unregistered;
}

TEST(ConfigFilesTest, ALocalConfigFileThatIsAFolderReadsNothing) {
  TempFolder folder;
  const std::string local = folder.Mkdir("local.d");
  folder.Write("local.d/inside", "INSIDE = 1\n");
  const std::string root = folder.Write("root", "LOCAL_CONFIG_FILE = " + local + "\nX = 1\n");
  const Config config = MustReadFiles({root});
  EXPECT_EQ(ValueOf(config, "X"), "1");
  EXPECT_EQ(ValueOf(config, "INSIDE"), "<undefined>");
  ASSERT_EQ(config.warnings().size(), 1u);
  EXPECT_NE(config.warnings()[0].message().find("is a directory, which HTCondor reads as an empty"),
            std::string::npos);
}

TEST(ConfigFilesTest, LocalConfigFileCommandsAreRefused) {
  TempFolder folder;
  const std::string root = folder.Write("root", "\nLOCAL_CONFIG_FILE = /bin/make_config |\n");
  EXPECT_EQ(ReadFilesError({root}),
            root +
                ":2:1: LOCAL_CONFIG_FILE is a command ('/bin/make_config |'), and this tool "
                "never runs programs");
}

TEST(ConfigFilesTest, ALocalConfigFileThatKeepsChangingIsBounded) {
  TempFolder folder;
  ConfigOptions options = TestOptions();
  options.max_local_config_files = 50;
  // Each file names a new one: HTCondor would follow the chain for ever.
  for (int i = 0; i < 60; ++i) {
    folder.Write("l" + std::to_string(i),
                 "LOCAL_CONFIG_FILE = " + folder.path() + "/l" + std::to_string(i + 1) + "\n");
  }
  const std::string root = folder.Write(
      "root", "LOCAL_CONFIG_FILE = " + folder.path() + "/l0\nREQUIRE_LOCAL_CONFIG_FILE = false\n");
  const std::string error = ReadFilesError({root}, options);
  EXPECT_NE(error.find("ConfigOptions::max_local_config_files"), std::string::npos) << error;
}

TEST(ConfigFilesTest, SeveralRootFilesAndARootDirectory) {
  TempFolder folder;
  const std::string first = folder.Write("first", "ORDER = first\nX = 1\n");
  const std::string dir = folder.Mkdir("rootdir");
  folder.Write("rootdir/b", "ORDER = $(ORDER) b\n");
  folder.Write("rootdir/a", "ORDER = $(ORDER) a\nX = 2\n");
  const Config config = MustReadFiles({first, dir});
  EXPECT_EQ(ValueOf(config, "ORDER"), "first a b");
  EXPECT_EQ(ValueOf(config, "X"), "2");
  EXPECT_EQ(ValueOf(config, "CONFIG_ROOT"), folder.path());
  EXPECT_EQ(ValueOf(MustReadFiles({dir}), "CONFIG_ROOT"), dir);
}

TEST(ConfigFilesTest, AMissingRootFileIsAnError) {
  TempFolder folder;
  const std::string missing = folder.path() + "/none";
  EXPECT_EQ(ReadFilesError({missing}), missing + ": cannot read configuration file '" + missing +
                                           "': No such file or directory");
}

TEST(ConfigFilesTest, DetectedMacrosAndWhenHostNameIsKnown) {
  TempFolder folder;
  ConfigOptions options = TestOptions();
  options.detected = {{"HOSTNAME", "node1"},
                      {"FULL_HOSTNAME", "node1.example.org"},
                      {"ARCH", "X86_64"},
                      {"TILDE", "/home/condor"}};
  const std::string local = folder.Write("local", "LOCAL_HOST = $(HOSTNAME)\nH_$(HOSTNAME) = 1\n");
  const std::string root =
      folder.Write("root",
                   "ROOT_HOST = $(HOSTNAME)\nH_$(HOSTNAME) = 1\nA = $(ARCH)\nHOSTNAME = mine\n"
                   "LOCAL_CONFIG_FILE = " +
                       local + "\n");
  const Config config = MustReadFiles({root}, options);
  // In the root file HOSTNAME is not known yet (HTCondor defines it after).
  EXPECT_NE(config.Find("H_"), nullptr);
  EXPECT_NE(config.Find("H_node1"), nullptr);
  EXPECT_EQ(ValueOf(config, "A"), "X86_64");
  // HOSTNAME is defined again after all the files.
  EXPECT_EQ(ValueOf(config, "ROOT_HOST"), "node1");
  EXPECT_EQ(config.Find("HOSTNAME")->origin, ConfigEntry::Origin::kDetected);
  EXPECT_EQ(ValueOf(config, "TILDE"), "/home/condor");
}

TEST(ConfigFilesTest, CondorEnvironmentVariablesOverrideTheFiles) {
  TempFolder folder;
  ConfigOptions options = TestOptions();
  options.environment = [] {
    return std::vector<std::pair<std::string, std::string>>{{"_condor_NEGOTIATOR_INTERVAL", "  30"},
                                                            {"_CONDOR_X", "env"},
                                                            {"PATH", "/bin"},
                                                            {"_condor_", "ignored"}};
  };
  const std::string root = folder.Write("root", "NEGOTIATOR_INTERVAL = 60\nX = file\n");
  const Config config = MustReadFiles({root}, options);
  EXPECT_EQ(ValueOf(config, "NEGOTIATOR_INTERVAL"), "30");
  EXPECT_EQ(ValueOf(config, "X"), "env");
  EXPECT_EQ(config.Find("X")->origin, ConfigEntry::Origin::kEnvironment);
  EXPECT_EQ(ValueOf(config, "PATH"), "<undefined>");
}

// ---------------------------------------------------------------- FindRootConfig

std::string Roots(const ConfigOptions& options) {
  classad::Result<std::vector<std::string>> roots = FindRootConfig(options);
  if (!roots.ok()) return "error: " + roots.status().ToString();
  std::string out;
  for (const std::string& root : *roots) out += "[" + root + "]";
  return out;
}

TEST(ConfigFilesTest, FindRootConfigFromTheEnvironment) {
  TempFolder folder;
  const std::string file = folder.Write("cfg", "X = 1\n");
  EXPECT_EQ(Roots(TestOptions({{"CONDOR_CONFIG", file}})), "[" + file + "]");
  EXPECT_EQ(Roots(TestOptions({{"CONDOR_CONFIG", "only_env"}})), "");
  EXPECT_EQ(Roots(TestOptions({{"CONDOR_CONFIG", folder.path()}})),
            "error: File specified in CONDOR_CONFIG environment variable: \"" + folder.path() +
                "\" is a directory.  Please specify a file.");
  EXPECT_EQ(Roots(TestOptions({{"CONDOR_CONFIG", folder.path() + "/none"}})),
            "error: File specified in CONDOR_CONFIG environment variable: \"" + folder.path() +
                "/none\" does not exist.");
  EXPECT_EQ(Roots(TestOptions({{"CONDOR_CONFIG", "make_config |"}})),
            "error: CONDOR_CONFIG is a command (\"make_config |\"), and this tool never runs "
            "programs");
}

TEST(ConfigFilesTest, FindRootConfigTriesTheStandardPlaces) {
  TempFolder folder;
  const std::string home = folder.Mkdir("home");
  folder.Write("home/condor_config", "X = 1\n");
  ConfigOptions options = TestOptions();
  options.root_config_candidates = {folder.path() + "/etc/condor_config",
                                    folder.path() + "/usr/condor_config", "~condor/condor_config"};
  options.file_system.home_directory =
      [home](const std::string& user) -> std::optional<std::string> {
    if (user == "condor") return home;
    return std::nullopt;
  };
  EXPECT_EQ(Roots(options), "[" + home + "/condor_config]");
  const std::string usr = folder.Write("usr/condor_config", "X = 1\n");
  EXPECT_EQ(Roots(options), "[" + usr + "]");
  options.file_system.home_directory = [](const std::string&) { return std::nullopt; };
  options.root_config_candidates.pop_back();
  options.root_config_candidates.pop_back();
  EXPECT_EQ(Roots(options),
            "error: Neither the environment variable CONDOR_CONFIG, /etc/condor/, "
            "/usr/local/etc/, nor ~condor/ contain a condor_config source.");
}

}  // namespace
}  // namespace policy
