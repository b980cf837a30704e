// The hand-written parser (classad/fast_parser.h) against the ANTLR parser:
// wherever it accepts a text it must build the very tree ANTLR builds
// (same shape, same names with the same case, same literals), and it must
// decline every text ANTLR refuses. Checked on every expression of the
// conformance corpus, on every expression of the reference pool's kind,
// and on hand-picked corners.
#include "classad/fast_parser.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "classad/parser.h"
#include "classad/unparse.h"
#include "tests/conformance_runner.h"

namespace classad {
namespace {

ParseOptions AntlrOnly() {
  ParseOptions options;
  options.fast_path = false;
  return options;
}

// Whether the two trees are the same, names compared with their case.
bool Identical(const Expr& a, const Expr& b) { return a.SameAs(b) && Unparse(a) == Unparse(b); }

// Checks one text; returns whether the fast parser accepted it.
bool Check(const std::string& text, const ParseOptions& options = {}) {
  std::optional<ExprPtr> fast = FastParseExpression(text, options);
  ParseOptions antlr_options = options;
  antlr_options.fast_path = false;
  Result<ExprPtr> antlr = ParseExpression(text, antlr_options);
  if (!fast) return false;
  EXPECT_TRUE(antlr.ok()) << "the fast parser accepted what ANTLR refuses: " << text << "\n  "
                          << antlr.status().ToString();
  if (antlr.ok()) {
    EXPECT_TRUE(Identical(**fast, **antlr))
        << text << "\n  fast:  " << Unparse(**fast) << "\n  antlr: " << Unparse(**antlr);
  }
  return true;
}

TEST(FastParserTest, AgreesWithAntlrOnTheConformanceCorpus) {
  Result<std::vector<testing::ConformanceCase>> cases =
      testing::LoadCases(std::string(CLASSAD_TEST_DATA_DIR) + "/conformance/cases.tsv");
  ASSERT_TRUE(cases.ok()) << cases.status().ToString();
  int accepted = 0;
  for (const testing::ConformanceCase& c : *cases) {
    ParseOptions options;
    options.compat = c.kind != "eval-strict";
    if (Check(c.expression, options)) ++accepted;
    if (HasFailure()) return;
  }
  // Most of the corpus is in the subset (the rest exercises escapes,
  // comments, nested ads, errors...).
  EXPECT_GT(accepted, static_cast<int>(cases->size()) / 2);
  std::printf("fast parser: %d of %zu conformance expressions\n", accepted, cases->size());
}

TEST(FastParserTest, AcceptsTheCommonForms) {
  for (const char* text :
       {"(TARGET.Arch == \"X86_64\") && (TARGET.OpSys == \"LINUX\") && "
        "(TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory)",
        "ifThenElse(MemoryUsage =!= undefined, MemoryUsage, (ImageSize + 1023) / 1024)",
        "-1",
        "- 1",
        "-9223372036854775808",
        "--5",
        "-(5)",
        "-5[0]",
        "-a.b",
        "-2.5e3",
        "1.5E-3",
        "0.5",
        "01.5",
        "0",
        "a ? b : c ? d : e",
        "a ? b ? c : d : e",
        "x || a ? b : c",
        "a ? b : c || d",
        "!a == b",
        "~a & b | c ^ d",
        "a << 2 >> 1 >>> 3",
        "a =?= b && c =!= d && e is f && g isnt h",
        "TRUE || False || UNDEFINED || Error",
        "\"a\" \"b\"",
        "\"\"",
        "{}",
        "{1, 2.5, \"x\", {a}}[1]",
        "f()",
        "strcat(a, \"b\", 3)",
        "stringListIMember(\"osdf\", TARGET.HasFileTransferPluginMethods)",
        "MY.x + TARGET.y",
        "a.b.c[d].e",
        "(a)",
        "((a))",
        "a-b",
        "a - -b",
        "a--5",
        "a*-5",
        "x % 3 != 0",
        "True1 + is_x + trueish",
        "a\t&&\nb\r\f\v",
        "\"a\\nb\"",
        "\"\\a\\b\\f\\n\\r\\t\\v\\\\\\\"\\'\\?\\q\"",
        "\"\\101\\1012\\477\\7\\18\\3777\\400\"",
        "\"x\\\"y\" \"z\\\\\"",
        "regexp(\"^foo\\\\.bar$\", Name)",
        "a // comment",
        "a // comment\n+ b",
        "a // comment\r+ b",
        "a /* c */ + b",
        "a /* * / ** */ + /**/ b",
        "/* lead */ a",
        "a//",
        "a /* c */",
        "a / b",
        "a ?: b",
        "a ? : b",
        "a?:b",
        "a ?: b ?: c",
        "a ? : b ? : c",
        "a ?: b ? : c",
        "a ? : b ?: c",
        "!undefined ?: 4",
        "-a ?: b",
        "-1 ?: 2",
        "-1.5 ?: 2",
        "a ?: -1",
        "a ?: b.c[0] ?: d",
        "a.b ?: c.d",
        "a[1] ?: {1}[0]",
        "x * -a ?: b",
        "a ?: b * c",
        "a ?: b + c ?: d",
        "a + b ? : c * d",
        "a ?\t\n: b",
        "-2 ?: 3",
        "-2 ? :-3",
        "-2[0] ?: 3",
        "a ?: -3 ?: 4",
        "a ?: -3[0] ?: 4",
        "x * -2.5 ?: 3",
        "-a ? : b",
        "(a ? : b) ? : c",
        "a || b ? : c && d",
        "a ? b ?: c : d",
        "a ? b : c ?: d",
        "a ? : b ? c : d",
        "f(a ?: b, c ? : d)",
        "{a ?: b, c}",
        "a ?: \"x\" \"y\"",
        "a ?: f(b)"}) {
    EXPECT_TRUE(Check(text)) << "declined: " << text;
  }
}

TEST(FastParserTest, AcceptsTextsLongerThanItsInPlaceTokens) {
  // The tokens of a text over 511 bytes are kept on the heap.
  std::string text = "a0";
  for (int i = 1; i < 400; ++i) text += " && (TARGET.x" + std::to_string(i) + " >= -" +
                                       std::to_string(i) + ")";
  EXPECT_GT(text.size(), 5000u);
  EXPECT_TRUE(Check(text));
  EXPECT_TRUE(Check(std::string(511, ' ') + "x"));
  EXPECT_TRUE(Check(std::string(512, ' ') + "x"));
  EXPECT_TRUE(Check("x" + std::string(510, ' ')));
}

TEST(FastParserTest, LeavesTheRestToAntlr) {
  // Outside the subset (ANTLR accepts these) or refused (ANTLR says why).
  for (const char* text : {".a",
                           "a.'b c'",
                           "'x y'",
                           "[a = 1].a",
                           "absTime(\"2024-01-01T00:00:00Z\")",
                           "relTime(\"1:00\")",
                           ".5",
                           "1.",
                           "1.5e",
                           "2e",
                           "0x10",
                           "007",
                           "1x",
                           "a; b",
                           "f(a; b)",
                           "a = b",
                           "a.true",
                           "\"caf\xC3\xA9\"",
                           "\"unterminated",
                           "\"a\\0b\"",
                           "\"a\\000\"",
                           "\"a\\",
                           "\"a\\\xC3\xA9\"",
                           "a /* unterminated",
                           "a /* \xC3\xA9 */",
                           "a // \xC3\xA9",
                           "a ?:",
                           "?: a",
                           "a ?: ?: b",
                           "a ? : ",
                           "a ?: b : c",
                           "a ?: -b ?: c",
                           "a ?: -b.c ?: d",
                           "-a ? : -b",
                           "!a ? : !b ?: c",
                           "a ? /* c */ : b",
                           "x ?: !y",
                           "1 ? 2 : 3 : 4",
                           "..a",
                           "a..b",
                           "'it''s'",
                           "a +",
                           "(a",
                           "a)",
                           "",
                           "9223372036854775808",
                           "-9223372036854775809",
                           "a !== b",
                           "\xEF\xBB\xBF"
                           "a",
                           "é",
                           "is",
                           "a.5",
                           "@"}) {
    EXPECT_FALSE(FastParseExpression(text, ParseOptions{}).has_value()) << text;
    // And ParseExpression still gives ANTLR's answer.
    Result<ExprPtr> with = ParseExpression(text);
    Result<ExprPtr> without = ParseExpression(text, AntlrOnly());
    ASSERT_EQ(with.ok(), without.ok()) << text;
    if (with.ok()) {
      EXPECT_TRUE(Identical(**with, **without)) << text;
    } else {
      EXPECT_EQ(with.status().ToString(), without.status().ToString()) << text;
    }
  }
}

TEST(FastParserTest, DeclinesWhatTheLimitsRefuse) {
  ParseOptions options;
  options.limits.max_tree_depth = 10;
  std::string chain = "a";
  for (int i = 0; i < 20; ++i) chain += " || a";
  EXPECT_FALSE(FastParseExpression(chain, options).has_value());
  EXPECT_FALSE(ParseExpression(chain, options).ok());

  options = ParseOptions{};
  options.limits.max_nesting_depth = 5;
  // ANTLR counts every prefix operator within one bracket level.
  EXPECT_FALSE(FastParseExpression("!a && !b && !c && !d && !e && !f", options).has_value());
  EXPECT_FALSE(ParseExpression("!a && !b && !c && !d && !e && !f", options).ok());
  EXPECT_TRUE(FastParseExpression("!a && !b", options).has_value());
  // And every `?:`, as every `?`.
  EXPECT_FALSE(FastParseExpression("a ?: b ?: c ?: d ?: e ?: f ?: g", options).has_value());
  EXPECT_FALSE(ParseExpression("a ?: b ?: c ?: d ?: e ?: f ?: g", options).ok());
  EXPECT_TRUE(FastParseExpression("a ?: b ?: c", options).has_value());
  options.limits.max_nesting_depth = 200;
  options.limits.max_tree_depth = 10;
  std::string elvis = "a";
  for (int i = 0; i < 20; ++i) elvis += " ?: a";
  EXPECT_FALSE(FastParseExpression(elvis, options).has_value());
  EXPECT_FALSE(ParseExpression(elvis, options).ok());
  EXPECT_FALSE(FastParseExpression("a ? : b ? : c ? : d ? : e ? : f ? : g ? : h ? : i ? : j ? : k",
                                   options)
                   .has_value());

  options = ParseOptions{};
  options.limits.max_tokens = 3;
  EXPECT_FALSE(FastParseExpression("a + b", options).has_value());
  options.limits = Limits{};
  options.limits.max_string_bytes = 3;
  EXPECT_FALSE(FastParseExpression("\"ab\" \"cd\"", options).has_value());
  EXPECT_FALSE(FastParseExpression("\"ab\\ncd\"", options).has_value());
  EXPECT_TRUE(FastParseExpression("\"a\\nc\"", options).has_value());
  options.limits = Limits{};
  options.limits.max_input_bytes = 4;
  EXPECT_FALSE(FastParseExpression("a + b", options).has_value());
}

}  // namespace
// Texts around `?:` and negative numbers, with the text HTCondor 25.13.2's
// own library unparses each to (or its parse error), as its parser read
// them (checked with a driver against its libclassad, 2026-11-29; F21):
// both parsers give the same.
TEST(FastParserTest, ElvisAndGluedNumbersReadAsHTCondorReadsThem) {
  struct Case {
    const char* text;
    const char* htcondor;  // its unparsed text, or PARSE_ERROR
  };
  const Case cases[] = {
      {"-2 ?: 3", "-2 ?: 3"},
      {"-2 ? : 3", "-2 ?: 3"},
      {"-2 ? :-3", "-2 ?: -3"},
      {"-2 ?: -3", "-2 ?: -3"},
      {"-2.5 ?: 3", "-2.500000000000000E+00 ?: 3"},
      {"1 + -2 ?: 3", "1 + -2 ?: 3"},
      {"-2 ?: -3 ?: 4", "-2 ?: -3 ?: 4"},
      {"x ?: -3 ?: 4", "x ?: -3 ?: 4"},
      {"x ?: -3[0] ?: 4", "x ?: -3[0] ?: 4"},
      {"x ?: -3 ?: 4[0]", "x ?: -3 ?: 4[0]"},
      {"-2[0] ?: 3", "-2[0] ?: 3"},
      {"-2[0]", "-2[0]"},
      {"-2.5[1]", "-2.500000000000000E+00[1]"},
      {"- 2 ?: 3", " -2 ?: 3"},
      {"x ? /*c*/ : 5", "PARSE_ERROR"},
      {"x ?\t: 5", "x ?: 5"},
      {"x + 1 ? : 5", "x + 1 ?: 5"},
      {"x + 1 ?: 5", "x + 1 ?: 5"},
      {"a ? : b ? : c", "a ?: b ?: c"},
      {"a ? : b ?: c", "a ?: b ?: c"},
      {"a ?: b ?: c", "a ?: b ?: c"},
      {"-a ? : -b", "PARSE_ERROR"},
      {"!a ? : !b ?: c", "PARSE_ERROR"},
      {"a ? : -b ?: c", "PARSE_ERROR"},
      {"-a ? : b", " -a ?: b"},
      {"(-2) ?: 3", "(-2) ?: 3"},
      {"f(-2 ?: 3)", "f(-2 ?: 3)"},
      {"{-2 ?: 3}", "{ -2 ?: 3 }"},
      {"x*-2?:3", "x * -2 ?: 3"},
      {"-2e3 ?: 1", "-2.000000000000000E+03 ?: 1"},
      {"- -2 ?: 3", " --2 ?: 3"},
      {"!-2 ?: 3", " !-2 ?: 3"},
      {"x - 2 ?: 3", "x - 2 ?: 3"},
      {"x -2 ?: 3", "x - 2 ?: 3"},
      {"3 -2 ?: 4", "3 - 2 ?: 4"},
      {"(x)-2 ?: 4", "(x) - 2 ?: 4"},
      {"x ? -2 ?: 1 : 3", "x ? -2 ?: 1 : 3"},
      {"x ? 1 : -2 ?: 3", "x ? 1 : -2 ?: 3"},
      {"undefined ? : 5", "undefined ?: 5"},
      {"a ? :", "PARSE_ERROR"},
      {"-9223372036854775808 ?: 1", "-9223372036854775808 ?: 1"},
      {"-x ?: 3", " -x ?: 3"},
      {"x is -2 ?: 3", "x is -2 ?: 3"},
      {"{1 -2 ?: 3}", "{ 1 - 2 ?: 3 }"},
      {"x ?: -2.5e1 ?: 3", "x ?: -2.500000000000000E+01 ?: 3"},
      {"-1 ?: 2 ?: 3", "-1 ?: 2 ?: 3"},
      {"x ?  :  y", "x ?: y"},
      {"x ? : y ? : z ? w : v", "x ?: y ?: z ? w : v"},
      {"a.b ?: -1", "a.b ?: -1"},
  };
  for (const Case& c : cases) {
    for (bool fast : {true, false}) {
      ParseOptions options;
      options.fast_path = fast;
      Result<ExprPtr> parsed = ParseExpression(c.text, options);
      const std::string got = parsed.ok() ? Unparse(**parsed) : "PARSE_ERROR";
      EXPECT_EQ(got, c.htcondor) << c.text << (fast ? "" : " (ANTLR alone)");
    }
  }
}

}  // namespace classad
