// Tests of reading one configuration source (policy/config_reader.h):
// statements, @= blocks, error/warning, include, use, comments before
// definitions.
#include "policy/config_reader.h"

#include <gtest/gtest.h>

#include <string>

#include "policy/config_reader_internal.h"
#include "policy/metaknob_templates.h"
#include "policy/metaknobs.h"
#include "tests/policy/config_test_util.h"

namespace policy {
namespace {

using testing_util::CurrentDirectory;
using testing_util::MustRead;
using testing_util::ReadError;
using testing_util::TempFolder;
using testing_util::TestOptions;
using testing_util::ValueIn;
using testing_util::ValueOf;
using testing_util::Where;

// ---------------------------------------------------------------- statements

TEST(ConfigReaderTest, ValuesKeepTrailingTextAndInnerBlanks) {
  const Config config = MustRead("X = 5 # note\nY=  a   b  \nZ =\n[section]\n");
  EXPECT_EQ(ValueOf(config, "X"), "5 # note");
  EXPECT_EQ(ValueOf(config, "Y"), "a   b");
  EXPECT_EQ(ValueOf(config, "Z"), "");
}

TEST(ConfigReaderTest, ObsoleteColonAssignmentIsAWarning) {
  const Config config = MustRead("X : 5\nRunBenchmarks : 1\n");
  EXPECT_EQ(ValueOf(config, "X"), "5");
  EXPECT_EQ(ValueOf(config, "RunBenchmarks"), "1");
  ASSERT_EQ(config.warnings().size(), 1u);
  EXPECT_EQ(config.warnings()[0].ToString(),
            "test.conf:1:1: obsolete use of ':' for parameter assignment at X : 5 (write X = ...)");
}

TEST(ConfigReaderTest, WordsBeforeTheOperatorAreIgnoredWithAWarning) {
  const Config config = MustRead("X junk words = 5\n");
  EXPECT_EQ(ValueOf(config, "X"), "5");
  ASSERT_EQ(config.warnings().size(), 1u);
  EXPECT_EQ(config.warnings()[0].ToString(),
            "test.conf:1:3: 'junk words' between the name and the operator is ignored (HTCondor "
            "defines X)");
}

TEST(ConfigReaderTest, IllegalNamesAreErrors) {
  EXPECT_EQ(ReadError("\nX-Y = 1\n"),
            "test.conf:2:1: illegal knob name 'X-Y' (HTCondor: Illegal Identifier): a name holds "
            "only letters, digits, '_', '.' and '/'");
  EXPECT_NE(ReadError("X+=1\n").find("write a blank before += and @="), std::string::npos);
  EXPECT_NE(ReadError("X@=end\nx\n@end\n").find("illegal knob name 'X@'"), std::string::npos);
  EXPECT_NE(ReadError("A = -\n$(A)B = 1\n").find("test.conf:2:1: illegal knob name '-B'"),
            std::string::npos);
  EXPECT_EQ(ValueIn("1X = 2\n", "1X"), "2");
}

TEST(ConfigReaderTest, LinesWithoutOperatorAreErrors) {
  EXPECT_EQ(ReadError("X = 1\n  JUNK\n"),
            "test.conf:2:3: 'JUNK' is neither a definition nor a statement: no '=' or ':'");
}

TEST(ConfigReaderTest, TheLastLineWithoutNewlineIsReadUntrimmed) {
  EXPECT_EQ(ValueIn("X = 1\nY = 5  ", "Y"), "5  ");
  const std::string error = ReadError("X = 1\n  # indented comment");
  EXPECT_EQ(error.substr(0, 14), "test.conf:2:1:") << error;
  EXPECT_NE(error.find("has no newline"), std::string::npos) << error;
}

TEST(ConfigReaderTest, ErrorStatementStopsReadingWithItsExpandedText) {
  EXPECT_EQ(ReadError("V = 5\n  error : bad value $(V)\nX = 1\n"),
            "test.conf:2:3: error: bad value 5");
  EXPECT_EQ(ReadError("error 3 : coded\n"), "test.conf:1:1: error: coded");
}

TEST(ConfigReaderTest, WarningStatementIsKept) {
  const Config config = MustRead("V = 5\nwarning : look at $(V)\nX = 1\n");
  EXPECT_EQ(ValueOf(config, "X"), "1");
  ASSERT_EQ(config.warnings().size(), 1u);
  EXPECT_EQ(config.warnings()[0].ToString(), "test.conf:2:1: warning: look at 5");
}

TEST(ConfigReaderTest, CommentsBeforeADefinitionAreKept) {
  const Config config =
      MustRead("# far\n\n# policy_lint: disable=unused\n# second\nX = 1\nY = 2\n# c\n\nZ = 3\n");
  EXPECT_EQ(config.Find("X")->leading_comments,
            (std::vector<std::string>{"# policy_lint: disable=unused", "# second"}));
  EXPECT_TRUE(config.Find("Y")->leading_comments.empty());
  EXPECT_TRUE(config.Find("Z")->leading_comments.empty());
}

// ---------------------------------------------------------------- @= blocks

TEST(ConfigReaderTest, HereDocumentJoinsItsLinesWithNewlines) {
  const Config config = MustRead(
      "# before\nX @=end\n  first line\n# dropped\n\n  second \\\n    continued\nif false\n@end\n"
      "Y = after\n");
  EXPECT_EQ(ValueOf(config, "X"), "first line\nsecond continued\nif false");
  EXPECT_EQ(ValueOf(config, "Y"), "after");
  const ConfigEntry* x = config.Find("X");
  EXPECT_EQ(Where(x->name_at), "test.conf:2:1");
  EXPECT_EQ(Where(x->value_at), "test.conf:3:3");
  EXPECT_EQ(Where(x->LocationOf(x->raw_value.find("continued"))), "test.conf:7:5");
  EXPECT_EQ(x->leading_comments, (std::vector<std::string>{"# before"}));
}

TEST(ConfigReaderTest, HereDocumentExpandsSelfReferences) {
  EXPECT_EQ(ValueIn("X = one\nX @=e\n$(X)\ntwo $(Y)\n@e\nY = y\n", "X"), "one\ntwo y");
}

TEST(ConfigReaderTest, HereDocumentWithoutEndIsAnError) {
  EXPECT_EQ(ReadError("A = 1\nX @=end\nline\n"),
            "test.conf:2:1: end of file while looking for '@end', the end of the @= block of X");
}

// ---------------------------------------------------------------- conditionals

// The value of R after `if <condition>` sets it to yes, else no.
std::string Branch(const std::string& condition, const std::string& before = "",
                   const ConfigOptions& options = TestOptions()) {
  return ValueIn(before + "if " + condition + "\nR = yes\nelse\nR = no\nendif\n", "R", options);
}

TEST(ConfigReaderTest, IfConditionForms) {
  EXPECT_EQ(Branch("true"), "yes");
  EXPECT_EQ(Branch("FALSE"), "no");
  EXPECT_EQ(Branch("yes"), "yes");
  EXPECT_EQ(Branch("No"), "no");
  EXPECT_EQ(Branch("t"), "yes");
  EXPECT_EQ(Branch("F"), "no");
  EXPECT_EQ(Branch("1"), "yes");
  EXPECT_EQ(Branch("0"), "no");
  EXPECT_EQ(Branch("0.0"), "no");
  EXPECT_EQ(Branch("-2"), "yes");
  EXPECT_EQ(Branch("1.5e3"), "yes");
  EXPECT_EQ(Branch("! true"), "no");
  EXPECT_EQ(Branch("!0"), "yes");
}

TEST(ConfigReaderTest, IfWithMacros) {
  EXPECT_EQ(Branch("$(X)", "X = true\n"), "yes");
  EXPECT_EQ(Branch("$(X)", "X = 0\n"), "no");
  EXPECT_EQ(Branch("$(UNDEFINED_KNOB)"), "no");  // expands to nothing: false
  EXPECT_EQ(Branch("!$(UNDEFINED_KNOB)"), "yes");
  EXPECT_EQ(Branch("$(X:true)"), "yes");
}

TEST(ConfigReaderTest, IfDefined) {
  EXPECT_EQ(Branch("defined X", "X = 1\n"), "yes");
  EXPECT_EQ(Branch("defined x", "X = 1\n"), "yes");
  EXPECT_EQ(Branch("defined X", "X =\n"), "no");
  EXPECT_EQ(Branch("defined X"), "no");
  EXPECT_EQ(Branch("! defined X"), "yes");
  EXPECT_EQ(Branch("defined NEGOTIATOR_INTERVAL"), "yes");  // a table default counts
  EXPECT_EQ(Branch("defined NEGOTIATOR.X", "NEGOTIATOR.X = 1\n"), "yes");
  EXPECT_EQ(Branch("defined 12"), "yes");
  EXPECT_EQ(Branch("defined false"), "yes");
  EXPECT_EQ(Branch("defined yes"), "yes");
  EXPECT_EQ(Branch("defined"), "no");
  EXPECT_EQ(Branch("defined $(NAME)", "NAME = Y\nY = 1\n"), "yes");
}

TEST(ConfigReaderTest, IfDefinedUse) {
  const bool known = MetaknobExists("FEATURE", "AssignAccountingGroup");
  EXPECT_EQ(Branch("defined use NOSUCHCATEGORY"), "no");
  EXPECT_EQ(Branch("defined use FEATURE:NoSuchMetaknobAnywhere"), "no");
  if (known) {
    EXPECT_EQ(Branch("defined use FEATURE"), "yes");
    EXPECT_EQ(Branch("defined use FEATURE:AssignAccountingGroup"), "yes");
  }
  EXPECT_EQ(ReadError("if defined use FEATURE : X\nendif\n"),
            "test.conf:1:4: defined use FEATURE : X is not a valid if condition because defined "
            "use meta argument with internal spaces will never match");
}

TEST(ConfigReaderTest, IfVersion) {
  EXPECT_EQ(Branch("version >= 8.0"), "yes");
  EXPECT_EQ(Branch("version > 8.1.2"), "yes");
  EXPECT_EQ(Branch("version < 30.0"), "yes");
  EXPECT_EQ(Branch("version <= 25.14"), "yes");
  EXPECT_EQ(Branch("version == 25.14.0"), "yes");
  // Without an operator it is no version condition (HTCondor needs one).
  EXPECT_NE(ReadError("if version 25.14.0\nendif\n").find("complex conditionals"),
            std::string::npos);
  EXPECT_EQ(Branch("version != 25.14.0"), "no");
  EXPECT_EQ(Branch("version > 25.14"), "no");
  EXPECT_EQ(Branch("version >= v25.14.1"), "no");
  EXPECT_EQ(Branch("version < 25.15.0"), "yes");
  ConfigOptions old = TestOptions();
  old.version_major = 9;
  old.version_minor = 0;
  EXPECT_EQ(Branch("version >= 10.0", "", old), "no");
  EXPECT_EQ(ReadError("if version > 5.0\nendif\n"),
            "test.conf:1:4: version > 5.0 is not a valid if condition because the version "
            "literal is invalid");
}

TEST(ConfigReaderTest, InvalidConditionsAreLocatedErrors) {
  EXPECT_EQ(ReadError("X = 1\nif $(X) && true\nendif\n"),
            "test.conf:2:4: $(X) && true is not a valid if condition because complex "
            "conditionals are not supported");
  EXPECT_EQ(ReadError("if SOME_KNOB\nendif\n"),
            "test.conf:1:4: SOME_KNOB is not a valid if condition because expression is not a "
            "conditional");
  EXPECT_EQ(ReadError("if\nendif\n"),
            "test.conf:1:3:  is not a valid if condition because expression is not a "
            "conditional");
  EXPECT_EQ(ReadError("if defined a b\nendif\n"),
            "test.conf:1:4: defined a b is not a valid if condition because defined argument "
            "must be param name, boolean, or number");
  EXPECT_EQ(ReadError("if false\nelif 1 + 1\nendif\n"),
            "test.conf:2:6: 1 + 1 is not a valid elif condition because complex conditionals "
            "are not supported");
}

TEST(ConfigReaderTest, ConditionsInBranchesNotTakenAreNotEvaluated) {
  EXPECT_EQ(ValueIn("if false\n  if a && b\n  X = 1\n  endif\nelse\nX = 2\nendif\n", "X"), "2");
  EXPECT_EQ(ValueIn("if true\nX = 1\nelif a && b\nX = 2\nendif\n", "X"), "1");
}

TEST(ConfigReaderTest, ElifChains) {
  const std::string text =
      "if $(A)\nR = a\nelif $(B)\nR = b\nelif $(C)\nR = c\nelse\nR = none\nendif\n";
  EXPECT_EQ(ValueIn("A = 1\nB = 1\n" + text, "R"), "a");
  EXPECT_EQ(ValueIn("B = 1\nC = 1\n" + text, "R"), "b");
  EXPECT_EQ(ValueIn("C = 1\n" + text, "R"), "c");
  EXPECT_EQ(ValueIn(text, "R"), "none");
}

TEST(ConfigReaderTest, NestedIfs) {
  const std::string text =
      "if $(A)\n  if $(B)\n    R = ab\n  else\n    R = a\n  endif\nelse\n  if $(B)\n    R = b\n"
      "  endif\nendif\n";
  EXPECT_EQ(ValueIn("A = 1\nB = 1\n" + text, "R"), "ab");
  EXPECT_EQ(ValueIn("A = 1\n" + text, "R"), "a");
  EXPECT_EQ(ValueIn("B = 1\n" + text, "R"), "b");
  EXPECT_EQ(ValueIn(text, "R"), "<undefined>");
}

TEST(ConfigReaderTest, KeywordsAnyCaseAndTheColonPrefix) {
  EXPECT_EQ(ValueIn("IF true\n:R = 1\nELSE\nR = 2\nEndIf\n", "R"), "1");
  EXPECT_EQ(ValueIn(":if true\n:R = 1\n:endif\n", "R"), "1");
  // Outside an if, a leading ':' is no prefix: it is the operator of a
  // definition with an empty name.
  EXPECT_NE(ReadError(":R = 1\n").find("test.conf:1:1: illegal knob name ''"), std::string::npos);
  // `iffy = 1` is a definition, not an if.
  EXPECT_EQ(ValueIn("iffy = 1\n", "iffy"), "1");
}

TEST(ConfigReaderTest, IfStructureErrors) {
  EXPECT_EQ(ReadError("X = 1\nelse\n"), "test.conf:2:1: else without matching if");
  EXPECT_EQ(ReadError("if true\nelse\nelse\nendif\n"),
            "test.conf:3:1: else is not allowed after else");
  EXPECT_EQ(ReadError("elif true\n"), "test.conf:1:1: elif without matching if");
  EXPECT_EQ(ReadError("if true\nelse\nelif true\nendif\n"),
            "test.conf:3:1: elif is not allowed after else");
  EXPECT_EQ(ReadError("endif\n"), "test.conf:1:1: endif without matching if");
  EXPECT_EQ(ReadError("if true\n  if false\n  endif\nX = 1\n"),
            "test.conf:1:1: endif(s) not found before end-of-file (this if has no endif)");
}

TEST(ConfigReaderTest, IfNestingLimitIs63) {
  std::string ok, too_deep;
  for (int i = 0; i < 63; ++i) ok += "if true\n";
  ok += "R = deep\n";
  for (int i = 0; i < 63; ++i) ok += "endif\n";
  EXPECT_EQ(ValueIn(ok, "R"), "deep");
  for (int i = 0; i < 64; ++i) too_deep += "if true\n";
  EXPECT_EQ(ReadError(too_deep),
            "test.conf:64:1: if nesting too deep! (more than 63 levels: "
            "ConfigOptions::max_if_depth)");
}

TEST(ConfigReaderTest, IfBlocksDoNotCrossFiles) {
  TempFolder folder;
  const std::string inner = folder.Write("inner.conf", "if true\nX = 1\n");
  const std::string error = ReadError("include : " + inner + "\nendif\n");
  EXPECT_EQ(error, inner + ":1:1: endif(s) not found before end-of-file (this if has no endif)");
}

// ---------------------------------------------------------------- include

TEST(ConfigReaderTest, IncludeReadsTheFileInPlace) {
  TempFolder folder;
  const std::string inc = folder.Write("inc.conf", "X = included\nY = $(X)\n");
  const Config config = MustRead("X = before\ninclude : " + inc + "\nZ = $(X)\n@include : " + inc +
                                 "\nINCLUDE: " + inc + "\n");
  EXPECT_EQ(ValueOf(config, "Z"), "included");
  EXPECT_EQ(Where(config.Find("Y")->name_at), inc + ":2:1");
  EXPECT_EQ(config.sources(), (std::vector<std::string>{"test.conf", inc, inc, inc}));
}

TEST(ConfigReaderTest, IncludeTargetIsExpandedWhenRead) {
  TempFolder folder;
  folder.Write("a.conf", "X = a\n");
  folder.Write("b.conf", "X = b\n");
  EXPECT_EQ(ValueIn("D = " + folder.path() + "\nN = a\ninclude : $(D)/$(N).conf\nN = b\n", "X"),
            "a");
}

TEST(ConfigReaderTest, IncludePathsAreRelativeToTheCurrentDirectory) {
  TempFolder folder;
  folder.Write("sub/a.conf", "include : b.conf\n");
  folder.Write("sub/b.conf", "X = next to a.conf\n");
  folder.Write("b.conf", "X = in the current directory\n");
  CurrentDirectory cd(folder.path());
  EXPECT_EQ(ValueIn("include : sub/a.conf\n", "X"), "in the current directory");
  auto config = ReadConfigFiles({"sub/a.conf"}, TestOptions());
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(ValueOf(*config, "X"), "in the current directory");
}

TEST(ConfigReaderTest, MissingIncludes) {
  TempFolder folder;
  const std::string missing = folder.path() + "/nope.conf";
  EXPECT_EQ(ReadError("X = 1\ninclude : " + missing + "\n"),
            "test.conf:2:11: cannot include '" + missing + "': No such file or directory");
  EXPECT_EQ(ValueIn("include ifexist : " + missing + "\nX = 1\n", "X"), "1");
  EXPECT_EQ(ValueIn("include ifexists : " + missing + "\nX = 1\n", "X"), "1");
}

// HTCondor's Open_macro_source opens a folder as it opens a file, and its
// line reader finds no line in it: an empty file, with a warning here.
TEST(ConfigReaderTest, IncludeOfADirectoryReadsNothing) {
  TempFolder folder;
  folder.Write("inside.conf", "INSIDE = 1\n");
  const Config config = MustRead("include : " + folder.path() + "\nX = 1\n");
  EXPECT_EQ(ValueOf(config, "X"), "1");
  EXPECT_EQ(ValueOf(config, "INSIDE"), "<undefined>");
  ASSERT_EQ(config.warnings().size(), 1u);
  EXPECT_EQ(config.warnings()[0].ToString(),
            "test.conf:1:11: '" + folder.path() +
                "' is a directory, which HTCondor reads as an empty file");
}

TEST(ConfigReaderTest, IncludeCommandsAreRefused) {
  EXPECT_EQ(ReadError("include command : echo X = 1\n"),
            "test.conf:1:9: include command/output runs a program, which this tool never does");
  EXPECT_EQ(ReadError("include output into /tmp/x : echo\n").substr(0, 14), "test.conf:1:9:");
  EXPECT_EQ(ReadError("include : /bin/echo X = 1 |\n"),
            "test.conf:1:11: include of '/bin/echo X = 1 |': a target with '|' is a command, "
            "and this tool never runs programs");
}

TEST(ConfigReaderTest, IncludeCyclesAreErrors) {
  TempFolder folder;
  const std::string a = folder.path() + "/a.conf";
  const std::string b = folder.path() + "/b.conf";
  folder.Write("a.conf", "X = 1\ninclude : " + b + "\n");
  folder.Write("b.conf", "\ninclude : " + a + "\n");
  auto config = ReadConfigFiles({a}, TestOptions());
  ASSERT_FALSE(config.ok());
  EXPECT_EQ(config.status().ToString(), b + ":2:11: include cycle: " + a + " -> " + b + " -> " + a);
  folder.Write("self.conf", "include : " + folder.path() + "/self.conf\n");
  config = ReadConfigFiles({folder.path() + "/self.conf"}, TestOptions());
  ASSERT_FALSE(config.ok());
  EXPECT_NE(config.status().message().find("include cycle"), std::string::npos);
  // Two paths to one file are the same file.
  folder.Write("c.conf", "include : " + folder.path() + "/./c.conf\n");
  config = ReadConfigFiles({folder.path() + "/c.conf"}, TestOptions());
  ASSERT_FALSE(config.ok());
  EXPECT_NE(config.status().message().find("include cycle"), std::string::npos);
}

TEST(ConfigReaderTest, TheSameFileMayBeIncludedTwiceInARow) {
  TempFolder folder;
  const std::string inc = folder.Write("inc.conf", "N = $(N)x\n");
  EXPECT_EQ(ValueIn("include : " + inc + "\ninclude : " + inc + "\n", "N"), "xx");
}

TEST(ConfigReaderTest, IncludeDepthLimitIsHTCondors) {
  TempFolder folder;
  for (int i = 0; i < 25; ++i) {
    folder.Write("f" + std::to_string(i) + ".conf", "L" + std::to_string(i) +
                                                        " = 1\ninclude : " + folder.path() + "/f" +
                                                        std::to_string(i + 1) + ".conf\n");
  }
  folder.Write("f25.conf", "END = 1\n");
  auto config = ReadConfigFiles({folder.path() + "/f0.conf"}, TestOptions());
  ASSERT_FALSE(config.ok());
  // f0 is depth 0; f19, at depth 19, is the deepest HTCondor opens.
  EXPECT_EQ(config.status().ToString(),
            folder.path() + "/f19.conf:2:11: includes nested too deep: '" + folder.path() +
                "/f20.conf' would be level 20 (ConfigOptions::max_include_depth is 20)");
  ConfigOptions deeper = TestOptions();
  deeper.max_include_depth = 30;
  config = ReadConfigFiles({folder.path() + "/f0.conf"}, deeper);
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(ValueOf(*config, "END"), "1");
  // Includes and metaknobs count one depth: a use in f19 reads its body at
  // depth 20, where HTCondor's Parse_config_string refuses a nested use.
  folder.Write("f19.conf", "use FEATURE : TESTINGMODE_POLICY_VALUES\n");
  config = ReadConfigFiles({folder.path() + "/f0.conf"}, TestOptions());
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(ValueOf(*config, "TESTINGMODE_START"), "True");
  folder.Write("f19.conf", "use FEATURE : UWCS_DESKTOP_POLICY_VALUES\n");
  config = ReadConfigFiles({folder.path() + "/f0.conf"}, TestOptions());
  ASSERT_FALSE(config.ok());
  EXPECT_NE(config.status().ToString().find("use FEATURE:POLICY_EXPR_FRAGMENTS: includes and "
                                            "metaknobs nested too deep"),
            std::string::npos)
      << config.status().ToString();
}

TEST(ConfigReaderTest, IncludesGoThroughTheInjectedFileSystem) {
  ConfigOptions options = TestOptions();
  options.file_system.read_file =
      [](const std::string& path, size_t) -> classad::Result<std::pair<std::string, std::string>> {
    if (path == "virtual.conf") return std::make_pair(std::string("V = virtual\n"), path);
    return classad::Status(classad::StatusCode::kNotFound, "not in the fake");
  };
  EXPECT_EQ(ValueIn("include : virtual.conf\n", "V", options), "virtual");
  EXPECT_EQ(ReadError("include : other.conf\n", options),
            "test.conf:1:11: cannot include 'other.conf': not in the fake");
}

// ---------------------------------------------------------------- use

TEST(ConfigReaderTest, UseListsSplitAsHTCondorSplitsThem) {
  using config_internal::SplitMetaknobList;
  using Items = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(SplitMetaknobList("A"), (Items{{"A", ""}}));
  EXPECT_EQ(SplitMetaknobList("A(x, y), B (z)"), (Items{{"A", "x, y"}, {"B", "z"}}));
  EXPECT_EQ(SplitMetaknobList("A((x), [y)])"), (Items{{"A", "(x), [y)]"}}));
  // HTCondor's quirks: arguments carry over, a trailing comma repeats.
  EXPECT_EQ(SplitMetaknobList("A(x), B"), (Items{{"A", "x"}, {"B", "x"}}));
  EXPECT_EQ(SplitMetaknobList("A,"), (Items{{"A", ""}, {"A", ""}}));
  EXPECT_EQ(SplitMetaknobList(", ,"), (Items{{"", ""}}));
  EXPECT_EQ(SplitMetaknobList(""), Items{});
  EXPECT_EQ(SplitMetaknobList("A(unclosed"), (Items{{"A", ""}, {"unclosed", ""}}));
}

TEST(ConfigReaderTest, UseErrorsAreReportedAtTheUseLine) {
  const std::string error = ReadError("X = 1\nuse NOSUCHCATEGORY : Whatever\n");
  EXPECT_EQ(error.substr(0, 14), "test.conf:2:1:") << error;
  EXPECT_EQ(ReadError("use : Something\n"),
            "test.conf:1:1: use needs a category before ':' (use CATEGORY : NAME): use : "
            "Something");
}

TEST(ConfigReaderTest, UseAssignAccountingGroup) {
  ASSERT_TRUE(MetaknobExists("FEATURE", "AssignAccountingGroup"));
  const Config config = MustRead(
      "JOB_TRANSFORM_NAMES = Before\nuse FEATURE : AssignAccountingGroup(/etc/groups.map)\n");
  const std::string names = ValueOf(config, "JOB_TRANSFORM_NAMES");
  EXPECT_NE(names.find("Before"), std::string::npos) << names;
  EXPECT_NE(names.find("AssignAccountingGroup"), std::string::npos) << names;
  const ConfigEntry* entry = config.Find("JOB_TRANSFORM_NAMES");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->origin, ConfigEntry::Origin::kMetaknob);
  EXPECT_EQ(entry->metaknob, "FEATURE:AssignAccountingGroup");
  EXPECT_EQ(Where(entry->name_at), "test.conf:2:1");
  EXPECT_EQ(ValueOf(config, "CLASSAD_USER_MAPFILE_AssignAccountingGroup"), "/etc/groups.map");
}

// The roles and the no-preemption policy, as HTCondor 25.13.2's
// condor_config_val gives them.
TEST(ConfigReaderTest, UseRolesAndAlwaysRunJobs) {
  const Config roles = MustRead("DAEMON_LIST = MASTER\nuse role : centralmanager, execute\n");
  EXPECT_EQ(ValueOf(roles, "DAEMON_LIST"), "MASTER COLLECTOR NEGOTIATOR STARTD");
  const ConfigEntry* entry = roles.Find("DAEMON_LIST");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->origin, ConfigEntry::Origin::kMetaknob);
  const Config personal = MustRead("use ROLE : Personal\n");
  EXPECT_EQ(ValueOf(personal, "COLLECTOR_HOST"), "127.0.0.1:0");
  EXPECT_EQ(ValueOf(personal, "DAEMON_LIST"), "MASTER COLLECTOR NEGOTIATOR STARTD SCHEDD");
  const Config policy = MustRead("use POLICY : Always_Run_Jobs\n");
  EXPECT_EQ(ValueOf(policy, "NEGOTIATOR_CONSIDER_PREEMPTION"), "False");
  EXPECT_EQ(ValueOf(policy, "PREEMPTION_REQUIREMENTS"), "False");
  EXPECT_EQ(ValueOf(policy, "MaxJobRetirementTime"), "2147483647");
}

// Every metaknob HTCondor defines reads: with arguments enough for any of
// them, and with none (then only a body's own `error :` line, or a name
// HTCondor refuses too, may stop it, at the use line). UPGRADE's lists are not meant
// for `use` (condor_config_val reads them to find obsolete knobs): DISCARD's
// bare names are not statements, and fail as in HTCondor; the others are
// assignments, or empty on Linux.
TEST(ConfigReaderTest, UseEveryMetaknob) {
  for (const MetaknobTemplate& entry : MetaknobTemplates()) {
    const std::string what = std::string(entry.category) + " : " + std::string(entry.name);
    const std::string with_args = "use " + what + "(1, 2, 3, 4, 5, 6)\n";
    const std::string bare = "use " + what + "\n";
    if (entry.category == "UPGRADE") {
      EXPECT_EQ(ReadError(bare) == "OK", entry.name != "DISCARD") << what;
      continue;
    }
    EXPECT_EQ(ReadError(with_args), "OK") << what;
    const std::string error = ReadError(bare);
    if (error != "OK") {
      // Nested: "in use FEATURE:ScheddCronOneShot: in use FEATURE:OneShotCronHook: error: ..."
      const std::string prefix = "test.conf:1:1: in use " + std::string(entry.category) + ":" +
                                 std::string(entry.name) + ": ";
      EXPECT_EQ(error.rfind(prefix, 0), 0u) << error;
      // A body's error line, or (HADSharedPort) a knob name made of an
      // argument reference that is not a name, which HTCondor refuses too.
      EXPECT_TRUE(error.find(": error: use ") != std::string::npos ||
                  error.find("illegal knob name 'MASTER_$(SHARED_PORT_PORT)_") != std::string::npos)
          << error;
    }
  }
}

// HTCondor reads a metaknob's body with its lines trimmed, so the
// here-documents inside hold no indentation.
TEST(ConfigReaderTest, UseHereDocumentsAsHTCondorReadsThem) {
  const Config config = MustRead("use FEATURE : AssignAccountingGroup(/etc/groups.map)\n");
  EXPECT_EQ(ValueOf(config, "JOB_TRANSFORM_AssignAccountingGroup"),
            "COPY Owner = AcctGroupUser\n"
            "COPY AcctGroup = RequestedAcctGroup\n"
            "EVALSET AcctGroup = usermap(\"AssignAccountingGroup\",AcctGroupUser,AcctGroup)\n"
            "EVALSET AccountingGroup = join(\".\",AcctGroup,AcctGroupUser)");
}

// A metaknob's body is read by HTCondor's Parse_config_string, not as a
// file: no line continues, and words after a name start its value. Both
// show only when an argument brings them in.
TEST(ConfigReaderTest, UseBodiesAreReadAsHTCondorReadsMetaknobs) {
  // "NUM_SLOTS_TYPE_1 2=1", "SLOT_TYPE_1 2_PARTITIONABLE=true",
  // "SLOT_TYPE_1 2=100%": the name ends at the blank.
  const Config spaced = MustRead("use FEATURE : PartitionableSlot(1 2)\n");
  EXPECT_EQ(ValueOf(spaced, "NUM_SLOTS_TYPE_1"), "2=1");
  EXPECT_EQ(ValueOf(spaced, "SLOT_TYPE_1"), "2=100%");
  EXPECT_TRUE(spaced.warnings().empty());
  // The last line ends in '\', which stays.
  const Config slash = MustRead("use FEATURE : PartitionableSlot(1, cpus=1\\)\n");
  EXPECT_EQ(ValueOf(slash, "SLOT_TYPE_1"), "cpus=1\\");
  // In a file the same words are ignored with a warning.
  const Config file = MustRead("NUM_SLOTS_TYPE_1 2=1\n");
  EXPECT_EQ(ValueOf(file, "NUM_SLOTS_TYPE_1"), "1");
  EXPECT_EQ(file.warnings().size(), 1u);
  // An '@' or '+' without its '=' starts the value.
  EXPECT_EQ(ValueIn("use FEATURE : PartitionableSlot(1 +x)\n", "NUM_SLOTS_TYPE_1"), "+x=1");
  // After '=' an `@=` still opens a here-document (which, never closed,
  // swallows the rest of the body and defines nothing), and `+=` appends.
  const Config here = MustRead("use FEATURE : POLICY_HOURS_TO_START(@=x)\n");
  EXPECT_EQ(ValueOf(here, "WorkdayBeginHour"), "<undefined>");
  EXPECT_EQ(ValueOf(here, "NoJobsHours"), "<undefined>");
  EXPECT_EQ(ValueIn("use FEATURE : POLICY_HOURS_TO_START(+=9)\n", "WorkdayBeginHour"), "9");
  // Names are not macro-expanded in a body.
  EXPECT_NE(ReadError("use FEATURE : OneShotCronHook($(SUBSYSTEM)_CRON, t, /bin/x)\n")
                .find("illegal knob name '$(SUBSYSTEM)_CRON_JOBLIST'"),
            std::string::npos);
  // `use ` with a blank makes a use line whatever follows.
  EXPECT_NE(ReadError("use FEATURE : OneShotCronHook(use FEATURE, t, /bin/x)\n")
                .find("does not recognise"),
            std::string::npos);
  // A warning line goes on to define a knob named `warning`.
  const Config warned = MustRead("use FEATURE : DefaultCheckpointDestination\n");
  ASSERT_EQ(warned.warnings().size(), 1u);
  EXPECT_EQ(ValueOf(warned, "warning"),
            "You must set DEFAULT_CHECKPOINT_DESTINATION_PREFIX or "
            "DEFAULT_CHECKPOINT_DESTINATION to use feature:DefaultCheckpointDestination.");
}

// Arguments that bring operators, here-document tags, comments, macros,
// continuations and `if` keywords into a body: every metaknob reads or
// fails with a located message, never loops or crashes.
TEST(ConfigReaderTest, UseEveryMetaknobWithHostileArguments) {
  const std::vector<std::string> hostile = {
      "a b, c d, e f, g h, i j, k l",      "=, :, @=, +=, #, \\",
      "$(1), $(2), $(0)",                  "@=end, @end, endif, else, if true",
      "x @=end, y, z",                     "$(ARG), $ENV(HOME), $INT(1), $EVAL(2)",
      "use FEATURE : GPUs, error : boom", "\\, \\, \\, \\, \\, \\",
      "[x], ], [, (, ), \"",              std::string(3000, 'x') + ", y"};
  for (const MetaknobTemplate& entry : MetaknobTemplates()) {
    for (const std::string& args : hostile) {
      const std::string text = "use " + std::string(entry.category) + " : " +
                               std::string(entry.name) + "(" + args + ")\n";
      classad::Result<Config> read = ReadConfigText(text, "test.conf", TestOptions());
      if (!read.ok()) {
        EXPECT_EQ(read.status().where().file, "test.conf") << text << read.status().ToString();
        EXPECT_FALSE(read.status().message().empty()) << text;
      }
    }
  }
}

// AUTO_USE_<CATEGORY>_<NAME> (do_smart_auto_use): applied once every file
// is read when its value is a true if-condition. The table's own,
// AUTO_USE_FEATURE_PelicanRetryPolicy = $(IsSchedd), applies to a schedd.
TEST(ConfigReaderTest, AutoUseAppliesMetaknobsWhenTheirTriggerIsTrue) {
  ConfigOptions schedd = TestOptions();
  schedd.subsystem = "SCHEDD";
  const Config as_schedd = MustRead("X = 1\n", schedd);
  EXPECT_EQ(ValueOf(as_schedd, "IsSchedd"), "true");
  EXPECT_EQ(ValueOf(as_schedd, "PelicanRetry_MaxRetries"), "4");
  const ConfigEntry* entry = as_schedd.Find("JOB_TRANSFORM_NAMES");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->metaknob, "FEATURE:PelicanRetryPolicy");
  const Config as_negotiator = MustRead("X = 1\n");
  EXPECT_EQ(ValueOf(as_negotiator, "IsSchedd"), "false");
  EXPECT_EQ(ValueOf(as_negotiator, "IsNegotiator"), "true");
  EXPECT_EQ(ValueOf(as_negotiator, "PelicanRetry_MaxRetries"), "<undefined>");

  // The administrator's own: true, false, not a condition, no such metaknob.
  const Config mine = MustRead(
      "AUTO_USE_POLICY_Always_Run_Jobs = $(IsNegotiator)\n"
      "AUTO_USE_ROLE_Submit = false\n"
      "AUTO_USE_ROLE_Execute = a && b\n"
      "AUTO_USE_FEATURE_NoSuchThing = true\n"
      "DAEMON_LIST = MASTER\n");
  EXPECT_EQ(ValueOf(mine, "NEGOTIATOR_CONSIDER_PREEMPTION"), "False");
  EXPECT_EQ(ValueOf(mine, "DAEMON_LIST"), "MASTER");
  ASSERT_EQ(mine.warnings().size(), 2u);
  EXPECT_NE(mine.warnings()[0].ToString().find("no template named FEATURE:NoSuchThing"),
            std::string::npos)
      << mine.warnings()[0].ToString();
  EXPECT_NE(mine.warnings()[1].ToString().find("while interpreting AUTO_USE_ROLE_Execute"),
            std::string::npos)
      << mine.warnings()[1].ToString();
  // Turned off by defining it empty.
  ConfigOptions schedd_off = schedd;
  EXPECT_EQ(ValueIn("AUTO_USE_FEATURE_PelicanRetryPolicy =\n", "PelicanRetry_MaxRetries",
                    schedd_off),
            "<undefined>");
}

// HTCondor registers userMap(), split(), the stringList* functions and the
// others of its daemons once its configuration is first read
// (ClassAdReconfig at the end of real_config): the expressions evaluated
// while it is read find no such function, and the call is error.
TEST(ConfigReaderTest, DaemonFunctionsAreUnknownWhileTheConfigurationIsFirstRead) {
  const Config config = MustRead(
      "PROBE = isError(stringListSize(\"a,b\"))\n"
      "if $EVAL(PROBE)\n"
      "  FIRST = read\n"
      "endif\n"
      "AUTO_USE_POLICY_Always_Run_Jobs = $EVAL(PROBE)\n"
      "LATER = $EVAL(PROBE)\n");
  EXPECT_EQ(ValueOf(config, "FIRST"), "read");
  EXPECT_EQ(ValueOf(config, "NEGOTIATOR_CONSIDER_PREEMPTION"), "False");  // the trigger fired
  EXPECT_EQ(ValueOf(config, "LATER"), "false");  // registered once read
  ASSERT_EQ(config.read_quirks().size(), 2u);
  for (const ConfigQuirk& seen : config.read_quirks()) {
    EXPECT_EQ(seen.quirk, classad::Quirk::kUnregisteredFunction);
  }
  EXPECT_EQ(config.read_quirks()[0].note.ToString(),
            "test.conf:2:1: $EVAL(PROBE), evaluated while the configuration is read: a function "
            "HTCondor registers only once its configuration is read (userMap, split, the "
            "stringList* family, ...) was called while it was first read, and gave error");
  EXPECT_EQ(Where(config.read_quirks()[1].note.where()), "test.conf:5:1");
  EXPECT_TRUE(config.warnings().empty());

  // Nothing is noted when reading calls none of them, or calls them later.
  const Config plain = MustRead(
      "PROBE = isError(strcat(\"a\"))\nif $EVAL(PROBE)\nX = 1\nendif\n"
      "LATER = $EVAL(isError(split(\"a\"))\n");
  EXPECT_TRUE(plain.read_quirks().empty());
  EXPECT_EQ(ValueOf(plain, "X"), "<undefined>");
}

TEST(ConfigReaderTest, UseRequiredArguments) {
  EXPECT_EQ(ReadError("use FEATURE : AssignAccountingGroup\n"),
            "test.conf:1:1: in use FEATURE:AssignAccountingGroup: error: use FEATURE : "
            "AssignAccountingGroup requires a map_file argument");
  EXPECT_EQ(ReadError("X = 1\nuse feature : ScheddUsermapFile(OnlyName)\n"),
            "test.conf:2:1: in use feature:ScheddUsermapFile: error: use FEATURE : "
            "ScheddUsermapFile requires 2 arguments: map_name, map_file");
  EXPECT_EQ(ReadError("use POLICY : WANT_HOLD_IF(MEMORY_EXCEEDED, 102)\n"),
            "test.conf:1:1: in use POLICY:WANT_HOLD_IF: error: use POLICY : WANT_HOLD_IF requires "
            "3 arguments: policy_variable, subcode, reason_text");
}

// The policies a negotiator reads, expanded as HTCondor expands them (the
// values worked out from param_info.in's templates and defaults).
TEST(ConfigReaderTest, UseUwcsDesktopSetsTheNegotiatorsExpressions) {
  const Config config = MustRead("use POLICY : UWCS_Desktop\n");
  EXPECT_EQ(ValueOf(config, "PREEMPTION_REQUIREMENTS"),
            "((SubmitterGroup =?= RemoteGroup) && ((time() - EnteredCurrentState) > (1 * 3600)) "
            "&& (RemoteUserPrio > TARGET.SubmitterUserPrio * 1.2)) || (MY.NiceUser == True)");
  EXPECT_EQ(ValueOf(config, "PREEMPTION_RANK"),
            "(RemoteUserPrio * 1000000) - ifThenElse(isUndefined(TotalJobRuntime), 0, "
            "TotalJobRuntime)");
  EXPECT_EQ(ValueOf(config, "NEGOTIATOR_PRE_JOB_RANK"),
            "(10000000 * My.Rank) + (1000000 * (RemoteOwner =?= UNDEFINED)) - (100000 * Cpus) - "
            "Memory");
  EXPECT_EQ(ValueOf(config, "START"),
            "( (KeyboardIdle > 15 * 60) && ( ((LoadAvg - CondorLoadAvg) <= 0.3) || (State != "
            "\"Unclaimed\" && State != \"Owner\")) )");
  EXPECT_EQ(ValueOf(config, "CLAIM_WORKLIFE"), "");
  const ConfigEntry* entry = config.Find("PREEMPTION_REQUIREMENTS");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->origin, ConfigEntry::Origin::kMetaknob);
  EXPECT_EQ(entry->metaknob, "POLICY:UWCS_Desktop");
}

TEST(ConfigReaderTest, UsePreemptAndHoldPolicies) {
  const Config runtime = MustRead("use POLICY : Preempt_If_Runtime_Exceeds(3600)\n");
  const std::string trigger =
      "(JobState == \"Running\") && ((time() - JobCurrentStartDate) > 3600)";
  EXPECT_EQ(ValueOf(runtime, "PREEMPT"), trigger);
  EXPECT_EQ(ValueOf(runtime, "MAXJOBRETIREMENTTIME"), "ifthenelse(" + trigger + ",-1,0)");
  EXPECT_EQ(ValueOf(runtime, "WANT_SUSPEND"), trigger + " =!= true");

  // A PREEMPT already defined is kept beside the new trigger.
  const Config both = MustRead("PREEMPT = Old\nuse POLICY : Preempt_If_Memory_Exceeded\n");
  const std::string memory = "(JobUniverse != 13 && MemoryUsage =!= UNDEFINED && MemoryUsage > "
                             "Memory)";
  EXPECT_EQ(ValueOf(both, "PREEMPT"), memory + " || Old");

  const Config hold = MustRead("use POLICY : Hold_If_Memory_Exceeded\n");
  EXPECT_EQ(ValueOf(hold, "WANT_HOLD"), "(JobUniverse != 1 && " + memory + ")");
  EXPECT_EQ(ValueOf(hold, "WANT_HOLD_SUBCODE"), "ifThenElse(" + memory + ", 102 , UNDEFINED)");
  EXPECT_EQ(ValueOf(hold, "WANT_HOLD_REASON"),
            "ifThenElse(" + memory + ", \"memory usage exceeded request_memory\", UNDEFINED)");
}

TEST(ConfigReaderTest, UseSecurityAndSlotFeatures) {
  const Config security = MustRead("use SECURITY : recommended_v9_0\n");
  EXPECT_EQ(ValueOf(security, "SECURITY_MODEL"), "9.0");
  EXPECT_EQ(ValueOf(security, "SEC_DEFAULT_ENCRYPTION"), "required");
  EXPECT_EQ(ValueOf(security, "SEC_READ_AUTHENTICATION"), "OPTIONAL");
  EXPECT_EQ(ValueOf(security, "ALLOW_ADMINISTRATOR"), "condor@* condor_pool@* root@*");
  const Config recommended = MustRead("use security : recommended(admin)\n");
  EXPECT_EQ(ValueOf(recommended, "SECURITY_MODEL"), "24.0");
  EXPECT_EQ(ValueOf(recommended, "ALLOW_DAEMON"), "admin@*  condor@password");

  const Config slots = MustRead("use FEATURE : PartitionableSlot\n");
  EXPECT_EQ(ValueOf(slots, "NUM_SLOTS_TYPE_1"), "1");
  EXPECT_EQ(ValueOf(slots, "SLOT_TYPE_1_PARTITIONABLE"), "true");
  EXPECT_EQ(ValueOf(slots, "SLOT_TYPE_1"), "100%");
  const Config typed = MustRead("use FEATURE : PartitionableSlot(2, cpus=8, mem=50%)\n");
  EXPECT_EQ(ValueOf(typed, "SLOT_TYPE_2"), "cpus=8, mem=50%");
}

}  // namespace
}  // namespace policy
