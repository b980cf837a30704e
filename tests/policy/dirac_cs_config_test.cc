// DIRAC's configuration syntax (policy/dirac/cs_config.h), its value
// conversions (cs_values.h) and lookups (cs_lookup.h).
#include "policy/dirac/cs_config.h"

#include <gtest/gtest.h>

#include "policy/dirac/cs_lookup.h"
#include "policy/dirac/cs_values.h"

namespace policy::dirac {
namespace {

CsConfig Read(std::string_view text) {
  classad::Result<CsConfig> config = ReadCsText(text, "dirac.cfg");
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  return config.ok() ? std::move(config).value() : CsConfig{};
}

// The error of reading `text`, as "file:line:column: message".
std::string ErrorOf(std::string_view text, const CsLimits& limits = {}) {
  classad::Result<CsConfig> config = ReadCsText(text, "dirac.cfg", limits);
  EXPECT_FALSE(config.ok());
  return config.ok() ? "" : config.status().ToString();
}

TEST(DiracCsConfig, ReadsNestedSectionsInBothBraceStylesWithPositions) {
  const CsConfig config = Read(
      "# the registry\n"
      "Registry\n"
      "{\n"
      "  Groups {\n"
      "    lhcb_user {\n"
      "      JobShare = 200\n"
      "    }\n"
      "  }\n"
      "}\n");
  const CsSection* user = FindSectionAt(config.root, "/Registry/Groups/lhcb_user");
  ASSERT_NE(user, nullptr);
  EXPECT_EQ(user->where().line, 5);
  EXPECT_EQ(user->where().column, 5);
  const CsOption* share = FindOptionAt(config.root, "/Registry/Groups/lhcb_user/JobShare");
  ASSERT_NE(share, nullptr);
  EXPECT_EQ(share->value, "200");
  EXPECT_EQ(share->where.file, "dirac.cfg");
  EXPECT_EQ(share->where.line, 6);
  EXPECT_EQ(share->where.column, 7);
  EXPECT_EQ(share->value_where.column, 18);
  EXPECT_EQ(FindSectionAt(config.root, "Registry")->where().line, 2);
}

TEST(DiracCsConfig, PlusEqualsAppendsACommaAndTheListSplitsAtCommas) {
  const CsConfig config = Read(
      "G {\n"
      "  Properties = NormalUser\n"
      "  Properties += JobSharing \n"
      "  Properties +=\n"
      "}\n");
  const CsOption* properties = FindOptionAt(config.root, "G/Properties");
  ASSERT_NE(properties, nullptr);
  // ", " and the trimmed text of each +=, an empty one included.
  EXPECT_EQ(properties->value, "NormalUser, JobSharing, ");
  EXPECT_EQ(properties->appended.size(), 2u);
  EXPECT_EQ(SplitDiracList(properties->value),
            (std::vector<std::string>{"NormalUser", "JobSharing"}));
}

TEST(DiracCsConfig, EverythingAfterTheFirstEqualsIsTheValueCommentsIncluded) {
  const CsConfig config = Read("A = x = y # not a comment\nB=\n  # a comment line\n");
  EXPECT_EQ(config.root.FindOption("A")->value, "x = y # not a comment");
  EXPECT_EQ(config.root.FindOption("B")->value, "");
  EXPECT_EQ(config.root.options().size(), 2u);
}

TEST(DiracCsConfig, ARedefinedOptionKeepsItsFirstPlaceAndTakesTheLastValue) {
  const CsConfig config = Read("A = 1\nB = 2\nA = 3\n");
  ASSERT_EQ(config.root.options().size(), 2u);
  EXPECT_EQ(config.root.options()[0].name, "A");
  EXPECT_EQ(config.root.options()[0].value, "3");
  EXPECT_EQ(config.root.options()[0].where.line, 3);
  ASSERT_EQ(config.root.options()[0].replaced.size(), 1u);
  EXPECT_EQ(config.root.options()[0].replaced[0].line, 1);
}

TEST(DiracCsConfig, UnbalancedBracesAreLocatedErrors) {
  EXPECT_EQ(ErrorOf("A {\n}\n}\n"), "dirac.cfg:3:1: '}' closes no section (more '}' than '{')");
  EXPECT_EQ(ErrorOf("A {\n  B {\n  }\n"),
            "dirac.cfg:1:1: section 'A' is never closed (more '{' than '}'); DIRAC refuses the "
            "file");
}

TEST(DiracCsConfig, AOneLineSectionIsNeverClosedAndTheErrorSaysWhy) {
  const std::string error = ErrorOf("Span { TimeSpan = 3600 }\n");
  // The option's '=' comes after a '{' on its line.
  EXPECT_EQ(error,
            "dirac.cfg:1:17: an option must start its line: after a '{' or '}' on the same line "
            "DIRAC takes the whole text before '=' as the option's name");
  EXPECT_NE(ErrorOf("Span {\n  TimeSpan = 3600 }\n").find("the '}' in the value of 'TimeSpan' "
                                                         "at 2:14 is part of the value"),
            std::string::npos);
}

TEST(DiracCsConfig, TextThatIsNeitherAnOptionNorASectionIsAnError) {
  EXPECT_EQ(ErrorOf("A {\n  JobShare 100\n}\n"),
            "dirac.cfg:2:3: text 'JobShare 100' is neither an option (no '=') nor a section "
            "(no '{'); DIRAC ignores it (a comment must start its line with '#')");
  // Two lines of a name: DIRAC would glue them into one section name.
  EXPECT_EQ(ErrorOf("Sec\ntion\n{\n}\n").substr(0, 27), "dirac.cfg:1:1: text 'Sec' i");
  // A comment after a brace is text too.
  EXPECT_NE(ErrorOf("A { # open\n}\n").find("dirac.cfg:1:5: text '# open'"), std::string::npos);
}

TEST(DiracCsConfig, DiracsOwnRefusalsAreErrorsToo) {
  EXPECT_EQ(ErrorOf("A += 1\n"),
            "dirac.cfg:1:3: '+=' on option 'A', which is not set before in this section; DIRAC "
            "refuses the file");
  EXPECT_EQ(ErrorOf("A {\n}\nA {\n}\n"),
            "dirac.cfg:3:1: section 'A' is defined twice in one text (first at 1:1); DIRAC "
            "refuses the file");
  EXPECT_EQ(ErrorOf("= 5\n"), "dirac.cfg:1:1: option without a name");
  EXPECT_EQ(ErrorOf("{\n}\n"), "dirac.cfg:1:1: section without a name");
  EXPECT_EQ(ErrorOf("A/B = 1\n"),
            "dirac.cfg:1:1: option name 'A/B' holds '/', which DIRAC reads as a path to another "
            "section");
  EXPECT_EQ(ErrorOf("A {\n}\nA = 1\n"),
            "dirac.cfg:3:1: option 'A' has the name of the section opened at 1:1 (DIRAC would "
            "drop the section)");
}

TEST(DiracCsConfig, BytesThatAreNotTextAreErrors) {
  EXPECT_EQ(ErrorOf(std::string_view("A = 1\nB = \0\n", 12)),
            "dirac.cfg:2:5: NUL byte in configuration text (a binary file?)");
  EXPECT_EQ(ErrorOf("A = caf\xc3\xa9\nB = \xff\n"),
            "dirac.cfg:2:5: byte that is not UTF-8 in configuration text");
  // Columns count code points: 'é' is one.
  const CsConfig config = Read("\xc3\xa9t\xc3\xa9 = x\n");
  EXPECT_EQ(config.root.options()[0].value_where.column, 7);
}

TEST(DiracCsConfig, HostileSizesHitNamedLimits) {
  CsLimits limits;
  limits.max_depth = 3;
  EXPECT_EQ(ErrorOf("a {\nb {\nc {\nd {\n}\n}\n}\n}\n", limits),
            "dirac.cfg:4:1: sections nested deeper than 3");
  limits = {};
  limits.max_entries = 2;
  EXPECT_EQ(ErrorOf("a = 1\nb = 2\nc = 3\n", limits),
            "dirac.cfg:3:1: more than 2 sections and options");
  limits = {};
  limits.max_value_bytes = 8;
  EXPECT_EQ(ErrorOf("a = 12345\na += 678\n", limits),
            "dirac.cfg:2:6: value longer than 8 bytes");
  limits = {};
  limits.max_line_bytes = 4;
  EXPECT_EQ(ErrorOf("a = 1\n", limits), "dirac.cfg:1:1: line longer than 4 bytes");
}

TEST(DiracCsConfig, FilesMergeAsDiracMergesThem) {
  std::map<std::string, std::string> files = {
      {"one.cfg", "A = 1\nS {\n  X = 1\n  Y = 1\n}\n"},
      {"two.cfg", "S {\n  Y = 2\n  Z = 2\n}\nA = 2\nT {\n}\n"},
  };
  classad::Result<CsConfig> config =
      ReadCsFiles({"one.cfg", "two.cfg"}, {}, [&](const std::string& path) {
        return classad::Result<std::string>(files.at(path));
      });
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(config->root.FindOption("A")->value, "2");
  EXPECT_EQ(config->root.FindOption("A")->where.file, "two.cfg");
  const CsSection* s = config->root.FindSection("S");
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->options().size(), 3u);
  EXPECT_EQ(s->options()[1].name, "Y");
  EXPECT_EQ(s->options()[1].value, "2");
  EXPECT_EQ(s->options()[2].name, "Z");
  ASSERT_EQ(config->root.sections().size(), 2u);
  EXPECT_EQ(config->root.sections()[1].name(), "T");

  files["two.cfg"] = "A {\n}\n";
  classad::Result<CsConfig> clash =
      ReadCsFiles({"one.cfg", "two.cfg"}, {}, [&](const std::string& path) {
        return classad::Result<std::string>(files.at(path));
      });
  ASSERT_FALSE(clash.ok());
  EXPECT_EQ(clash.status().ToString(), "two.cfg:1:1: section 'A' is an option in another file");
}

TEST(DiracCsConfig, OperationsMergesDefaultsAndTheSetupSectionBySection) {
  const CsConfig config = Read(
      "Operations {\n"
      "  Defaults {\n"
      "    JobScheduling {\n"
      "      EnableSharesCorrection = False\n"
      "      Week {\n"
      "        TimeSpan = 604800\n"
      "      }\n"
      "    }\n"
      "  }\n"
      "  Production {\n"
      "    JobScheduling {\n"
      "      EnableSharesCorrection = True\n"
      "      Hour {\n"
      "        TimeSpan = 3600\n"
      "      }\n"
      "    }\n"
      "  }\n"
      "}\n");
  classad::Result<CsSection> production = MergedOperations(config, {"Production", "", {}});
  ASSERT_TRUE(production.ok());
  EXPECT_EQ(FindOptionAt(*production, "JobScheduling/EnableSharesCorrection")->value, "True");
  EXPECT_EQ(FindOptionAt(*production, "JobScheduling/EnableSharesCorrection")->where.line, 12);
  EXPECT_NE(FindSectionAt(*production, "JobScheduling/Week"), nullptr);
  EXPECT_NE(FindSectionAt(*production, "JobScheduling/Hour"), nullptr);
  classad::Result<CsSection> other = MergedOperations(config, {"Certification", "", {}});
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(FindOptionAt(*other, "JobScheduling/EnableSharesCorrection")->value, "False");
  EXPECT_EQ(FindSectionAt(*other, "JobScheduling/Hour"), nullptr);
}

TEST(DiracCsConfig, OperationsSearchPathsFollowDiracsTwoLines) {
  EXPECT_EQ(OperationsSearchPaths({"Production", "lhcb", OperationsLayout::kWithSetups}),
            (std::vector<std::string>{"/Operations/Defaults", "/Operations/Production",
                                      "/Operations/lhcb/Defaults",
                                      "/Operations/lhcb/Production"}));
  EXPECT_EQ(OperationsSearchPaths({"Production", "", OperationsLayout::kWithSetups}),
            (std::vector<std::string>{"/Operations/Defaults", "/Operations/Production"}));
  EXPECT_EQ(OperationsSearchPaths({"Production", "lhcb", OperationsLayout::kVoOnly}),
            (std::vector<std::string>{"/Operations/Defaults", "/Operations/lhcb"}));
}

TEST(DiracCsConfig, PathsDropEmptyAndBlankSteps) {
  EXPECT_EQ(SplitCsPath("/A// B /C/"), (std::vector<std::string>{"A", "B", "C"}));
  const CsConfig config = Read("A {\n  B = 1\n}\n");
  EXPECT_EQ(FindOptionAt(config.root, "//A/ B")->value, "1");
  EXPECT_EQ(FindOptionAt(config.root, "A/B/C"), nullptr);
  EXPECT_EQ(FindSectionAt(config.root, "A/B"), nullptr);  // an option, not a section
  EXPECT_EQ(FindSectionAt(config.root, ""), &config.root);
}

TEST(DiracCsValues, IntegersAreReadAsPythonsIntReadsThem) {
  auto value = [](std::string_view text) { return ParseDiracInteger(text); };
  EXPECT_EQ(value("1000").value, 1000);
  EXPECT_EQ(value(" 12 ").value, 12);
  EXPECT_EQ(value("+5").value, 5);
  EXPECT_EQ(value("-3").value, -3);
  EXPECT_EQ(value("007").value, 7);
  EXPECT_EQ(value("1_000").value, 1000);
  for (std::string_view bad : {"0.5", "1e3", "", "1__0", "_1", "1_", "ten", "5 %", "+", "0x10"}) {
    EXPECT_EQ(value(bad).reading, IntegerReading::kNotInteger) << bad;
  }
  EXPECT_EQ(value("9223372036854775807").value, INT64_MAX);
  EXPECT_EQ(value("-9223372036854775808").value, INT64_MIN);
  EXPECT_EQ(value("9223372036854775808").reading, IntegerReading::kOutOfRange);
  EXPECT_EQ(value("99999999999999999999999").reading, IntegerReading::kOutOfRange);
}

TEST(DiracCsValues, BooleansAreTrueOnlyForDiracsFourSpellings) {
  for (std::string_view yes : {"y", "Yes", "TRUE", "1", " true "}) {
    EXPECT_TRUE(ParseDiracBoolean(yes)) << yes;
    EXPECT_TRUE(IsDiracBooleanSpelling(yes)) << yes;
  }
  for (std::string_view no : {"no", "False", "0", "n"}) {
    EXPECT_FALSE(ParseDiracBoolean(no)) << no;
    EXPECT_TRUE(IsDiracBooleanSpelling(no)) << no;
  }
  for (std::string_view odd : {"on", "enabled", "", "t"}) {
    EXPECT_FALSE(ParseDiracBoolean(odd)) << odd;
    EXPECT_FALSE(IsDiracBooleanSpelling(odd)) << odd;
  }
}

TEST(DiracCsValues, ListsDropEmptyPieces) {
  EXPECT_EQ(SplitDiracList(" a , ,b,"), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(SplitDiracList("").empty());
}

}  // namespace
}  // namespace policy::dirac
