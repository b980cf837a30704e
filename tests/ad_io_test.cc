// Tests of classad/ad_io.h: the new, old and JSON ad formats, reading and
// writing, error locations and hostile input.
#include "classad/ad_io.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"

namespace classad {
namespace {

using AdList = std::vector<std::shared_ptr<ClassAd>>;

std::string DataPath(const std::string& name) { return std::string(CLASSAD_TEST_DATA_DIR) + "/" + name; }
std::string ExamplePath(const std::string& name) {
  return std::string(CLASSAD_TEST_DATA_DIR) + "/../../examples/" + name;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

AdReadOptions Format(AdFormat format) {
  AdReadOptions options;
  options.format = format;
  return options;
}

// Reads `text`, expecting success.
AdList Read(std::string_view text, AdFormat format = AdFormat::kAuto) {
  Result<AdList> ads = ReadAdsFromString(text, Format(format), "test.ad");
  EXPECT_TRUE(ads.ok()) << ads.status().ToString();
  return ads.ok() ? std::move(ads).value() : AdList{};
}

// Reads `text`, expecting an error; returns it.
Status ReadError(std::string_view text, AdFormat format = AdFormat::kAuto,
                 const AdReadOptions* options = nullptr) {
  AdReadOptions read_options = options ? *options : Format(format);
  if (!options) read_options.format = format;
  Result<AdList> ads = ReadAdsFromString(text, read_options, "test.ad");
  EXPECT_FALSE(ads.ok()) << "unexpectedly read " << (ads.ok() ? ads->size() : 0) << " ads";
  return ads.ok() ? Status() : ads.status();
}

std::string Canonical(const AdList& ads) {
  std::string out;
  for (const auto& ad : ads) out += UnparseAd(*ad) + "\n";
  return out;
}

// Same attributes, in the same order, with the same spelling and trees.
void ExpectSameAd(const ClassAd& expected, const ClassAd& actual) {
  ASSERT_EQ(expected.size(), actual.size()) << UnparseAd(expected) << "\n" << UnparseAd(actual);
  const std::vector<Attribute> expected_attributes = expected.Attributes();
  const std::vector<Attribute> actual_attributes = actual.Attributes();
  for (size_t i = 0; i < expected.size(); ++i) {
    const Attribute& a = expected_attributes[i];
    const Attribute& b = actual_attributes[i];
    EXPECT_EQ(a.name, b.name);
    EXPECT_TRUE(a.expr->SameAs(*b.expr)) << a.name << ": " << Unparse(*a.expr) << " vs " << Unparse(*b.expr);
    EXPECT_EQ(Unparse(*a.expr), Unparse(*b.expr));
  }
}

std::string StringValue(const ClassAd& ad, const std::string& name) {
  const ExprPtr expr = ad.LookupPtr(name);
  if (expr == nullptr || expr->kind() != ExprKind::kLiteral || !expr->literal().IsString()) {
    ADD_FAILURE() << name << " is not a string literal";
    return "";
  }
  return std::string(expr->literal().string());
}

// ---------------------------------------------------------------- detection

TEST(AdIoDetect, DecidesFromTheFirstSignificantCharacters) {
  EXPECT_EQ(DetectAdFormat("[ a = 1 ]"), AdFormat::kNew);
  EXPECT_EQ(DetectAdFormat("\n  // comment\n/* x */ [a=1]"), AdFormat::kNew);
  EXPECT_EQ(DetectAdFormat("# comment\n[a=1]"), AdFormat::kNew);
  EXPECT_EQ(DetectAdFormat("{\n[ a = 1 ]\n,\n[ b = 2 ]\n}\n"), AdFormat::kNew);
  EXPECT_EQ(DetectAdFormat("[\n{\n  \"a\": 1\n}\n]\n"), AdFormat::kJson);
  EXPECT_EQ(DetectAdFormat("{\"a\": 1}"), AdFormat::kJson);
  EXPECT_EQ(DetectAdFormat("{ }"), AdFormat::kJson);
  EXPECT_EQ(DetectAdFormat("MyType = \"Job\"\n"), AdFormat::kOld);
  EXPECT_EQ(DetectAdFormat("# only a comment\n"), AdFormat::kOld);
  EXPECT_EQ(DetectAdFormat(""), AdFormat::kOld);
  EXPECT_EQ(DetectAdFormat("\xEF\xBB\xBF[a=1]"), AdFormat::kNew);
}

TEST(AdIoReader, ReportsTheDetectedFormat) {
  AdReader reader(std::string_view("A = 1\n"), "x", {});
  EXPECT_EQ(reader.format(), AdFormat::kAuto);
  std::shared_ptr<ClassAd> ad;
  ASSERT_TRUE(reader.Next(&ad));
  EXPECT_EQ(reader.format(), AdFormat::kOld);
  EXPECT_FALSE(reader.Next(&ad));
  EXPECT_TRUE(reader.status().ok());
  EXPECT_FALSE(reader.Next(&ad));  // stays at the end
}

// ---------------------------------------------------------------- new syntax

TEST(AdIoNew, ReadsSeveralAdsWithCommentsBetween) {
  AdList ads = Read(
      "// two ads\n[ a = 1; b = \"x\" ]\n\n/* between */ [ c = a + 1;\n  d = { 1, 2 } ]\n# also\n[]\n");
  ASSERT_EQ(ads.size(), 3u);
  EXPECT_EQ(Canonical(ads), "[ a = 1; b = \"x\" ]\n[ c = a + 1; d = { 1,2 } ]\n[  ]\n");
}

TEST(AdIoNew, ReadsTheBracedListOfLongNewOutput) {
  AdList ads = Read("{\n[ a = 1 ]\n,\n[ b = 2 ]\n}\n");
  EXPECT_EQ(Canonical(ads), "[ a = 1 ]\n[ b = 2 ]\n");
}

TEST(AdIoNew, MatchesParseAdOnTheConformanceAds) {
  for (const char* name : {"job.ad", "machine.ad", "misc.ad"}) {
    SCOPED_TRACE(name);
    std::string text = ReadFile(DataPath(std::string("conformance/") + name));
    Result<std::shared_ptr<ClassAd>> expected = ParseAd(text);
    ASSERT_TRUE(expected.ok()) << expected.status().ToString();
    Result<AdList> ads = ReadAdsFromFile(DataPath(std::string("conformance/") + name));
    ASSERT_TRUE(ads.ok()) << ads.status().ToString();
    ASSERT_EQ(ads->size(), 1u);
    ExpectSameAd(**expected, *(*ads)[0]);
  }
}

TEST(AdIoNew, AttributeByAttributeParsingMatchesParseAd) {
  // Ads that exercise the reader's direct path and its fallback to ParseAd.
  const char* ads[] = {
      "[ a = 1; b = 2.5; c = 1e10; d = 4.800000000000000E+01; e = -3; f = 0; g = true; h = FALSE ]",
      "[ s = \"plain\"; t = \"tab\\there\"; u = \"q\\\"q\"; v = \"a\" \"b\"; w = \"\\303\\251\" ]",
      "[ x = strcat(\"a\"; \"b\"); y = { 1, [ z = 2; w = { 3 } ], \"]\" }; z = (1 + 2) * 3 ]",
      "[ 'quoted name' = 1; plain = 'quoted name' + 1 ]",
      "[ /* c */ a = 1 /* ; */; b = 2 // ]\n; c = 3; ]",
      "[ a = 1 /* ; */; b = 2 // ]\n; c = \"x;y\" ]",
      "[ dup = 1; DUP = 2; Other = dup ]",
      "[ big = 9223372036854775807; r = 0.1; z = 00.5e1 ]",
      "[ a = 1; b = 2 c = 3 ]",
      "[ a = 1; ; b = 2 ]",
      "[ true = 1 ]",
      "[ a == 1 ]",
      "[ a = x ?: 1; b = y =?= undefined; c = z isnt error; d = TARGET.Memory >= MY.Req ]",
      "[]",
      "[ ]",
      "[ a = 1; ]",
  };
  for (const char* text : ads) {
    SCOPED_TRACE(text);
    Result<std::shared_ptr<ClassAd>> expected = ParseAd(text);
    Result<AdList> read = ReadAdsFromString(text, Format(AdFormat::kNew), "x");
    ASSERT_EQ(expected.ok(), read.ok()) << expected.status().ToString() << " / " << read.status().ToString();
    if (!expected.ok()) {
      // The same error, moved into the file.
      EXPECT_EQ(read.status().message(), expected.status().message());
      EXPECT_EQ(read.status().where().line, expected.status().where().line);
      EXPECT_EQ(read.status().where().column, expected.status().where().column);
      continue;
    }
    ASSERT_EQ(read->size(), 1u);
    ExpectSameAd(**expected, *(*read)[0]);
  }
}

TEST(AdIoNew, ErrorsNameFileLineAndColumn) {
  Status status = ReadError("[ a = 1 ]\n\n[ b = 2;\n  c = (1 + ]\n");
  EXPECT_EQ(status.code(), StatusCode::kParseError);
  EXPECT_EQ(status.where().file, "test.ad");
  EXPECT_EQ(status.where().line, 4);
  EXPECT_EQ(status.where().column, 12);
  EXPECT_EQ(status.ToString().rfind("test.ad:4:12: ", 0), 0u) << status.ToString();

  status = ReadError("  [ a = 1; b = ]");
  EXPECT_EQ(status.where().line, 1);
  EXPECT_EQ(status.where().column, 16);
}

// Fuzz finding (fuzz_ad_roundtrip, 2026-11-23): `[''=1]` was read as an
// ad with an attribute named "", which the JSON writer then wrote as
// {"": 1} and the JSON reader refused. As HTCondor's ClassAd::Insert, every
// reader refuses an empty attribute name, where it stands.
TEST(AdIo, EmptyAttributeNamesAreRefusedByEveryReader) {
  Status status = ReadError("[ a = 1; '' = 2 ]", AdFormat::kNew);
  EXPECT_NE(status.message().find("empty attribute name"), std::string::npos) << status.ToString();
  EXPECT_EQ(status.where().line, 1);
  EXPECT_EQ(status.where().column, 10);
  status = ReadError("a = 1\n'' = 2\n", AdFormat::kOld);
  EXPECT_NE(status.message().find("empty attribute name"), std::string::npos) << status.ToString();
  EXPECT_EQ(status.where().line, 2);
  EXPECT_EQ(status.where().column, 1);
  status = ReadError("[{\"\": 1}]", AdFormat::kJson);
  EXPECT_NE(status.message().find("empty attribute name"), std::string::npos) << status.ToString();
  // A nested ad literal in an expression is refused by the parser too.
  Result<ExprPtr> nested = ParseExpression("[ '' = 1 ].x");
  ASSERT_FALSE(nested.ok());
  EXPECT_NE(nested.status().message().find("empty attribute name"), std::string::npos);
}

TEST(AdIoNew, UnterminatedThingsAreReportedWhereTheyStart) {
  Status status = ReadError("[ a = 1 ]\n[ b = \"open ]\n");
  EXPECT_EQ(status.where().line, 2);
  EXPECT_EQ(status.where().column, 7);
  EXPECT_NE(status.message().find("not closed"), std::string::npos) << status.message();

  status = ReadError("[ a = 1 ]\n  [ b = 2\n");
  EXPECT_EQ(status.where().line, 2);
  EXPECT_EQ(status.where().column, 3);
  EXPECT_NE(status.message().find("']'"), std::string::npos) << status.message();

  status = ReadError("[ a = 1 ] /* no end");
  EXPECT_EQ(status.where().column, 11);

  status = ReadError("{ [ a = 1 ]\n", AdFormat::kNew);
  EXPECT_NE(status.message().find("'}'"), std::string::npos) << status.message();
}

TEST(AdIoNew, RejectsTextThatIsNotAnAd) {
  Status status = ReadError("[ a = 1 ]\nb = 2\n", AdFormat::kNew);
  EXPECT_EQ(status.where().line, 2);
  EXPECT_EQ(status.where().column, 1);
  EXPECT_NE(status.message().find("expected '['"), std::string::npos) << status.message();
}

TEST(AdIoNew, RejectsNulBytesAndInvalidUtf8WithLocations) {
  Status status = ReadError(std::string_view("[ a = 1;\n b = 2\0 ]", 18));
  EXPECT_EQ(status.where().line, 2);
  EXPECT_EQ(status.where().column, 7);
  EXPECT_NE(status.message().find("NUL"), std::string::npos);

  status = ReadError("[ a = \"ok \xC3\xA9\";\n  b = \"\xFF\" ]");
  EXPECT_EQ(status.where().line, 2);
  EXPECT_EQ(status.where().column, 8);
  EXPECT_NE(status.message().find("UTF-8"), std::string::npos);

  // Valid UTF-8 in strings is fine.
  AdList ads = Read("[ a = \"h\xC3\xA9llo\" ]");
  ASSERT_EQ(ads.size(), 1u);
  EXPECT_EQ(StringValue(*ads[0], "a"), "h\xC3\xA9llo");
}

TEST(AdIoNew, EnforcesTheSizeLimitPerAd) {
  AdReadOptions options = Format(AdFormat::kNew);
  options.parse.limits.max_input_bytes = 64;
  std::string text = "[ a = 1 ]\n[ b = \"" + std::string(100, 'x') + "\" ]\n";
  Status status = ReadError(text, AdFormat::kNew, &options);
  EXPECT_EQ(status.code(), StatusCode::kLimitExceeded);
  EXPECT_EQ(status.where().line, 2);
  // A small ad under the same limit is fine.
  EXPECT_TRUE(ReadAdsFromString("[ a = 1 ]", options).ok());
}

TEST(AdIoNew, WritesCompactAndPrettyForms) {
  AdList ads = Read("[ bb = 1; a = \"x\"; ccc = a + bb ]");
  ASSERT_EQ(ads.size(), 1u);
  std::string out;
  ASSERT_TRUE(AppendAd(*ads[0], {}, &out).ok());
  EXPECT_EQ(out, UnparseAd(*ads[0]) + "\n");
  EXPECT_EQ(out, "[ a = \"x\"; bb = 1; ccc = a + bb ]\n");

  AdWriteOptions pretty;
  pretty.pretty = true;
  pretty.order = AttributeOrder::kInsertion;
  out.clear();
  ASSERT_TRUE(AppendAd(*ads[0], pretty, &out).ok());
  EXPECT_EQ(out, "[\n  bb = 1;\n  a = \"x\";\n  ccc = a + bb;\n]\n");

  AdWriteOptions by_name;
  by_name.order = AttributeOrder::kByName;
  out.clear();
  ASSERT_TRUE(AppendAd(*ads[0], by_name, &out).ok());
  EXPECT_EQ(out, "[ a = \"x\"; bb = 1; ccc = a + bb ]\n");

  EXPECT_EQ(Canonical(Read(out)), Canonical(ads));
}

// ---------------------------------------------------------------- old syntax

TEST(AdIoOld, ReadsLongOutputWithBlankLineSeparators) {
  AdList ads = Read(
      "MyType = \"Job\"\nClusterId = 12\nRequirements = (TARGET.Memory >= 1024) && Foo =?= undefined\n"
      "\n"
      "# a comment line\n"
      "MyType = \"Machine\"\n   Memory   =   2048\r\nLoadAvg = 0.37\n\n\n");
  ASSERT_EQ(ads.size(), 2u);
  EXPECT_EQ(Canonical(ads),
            "[ MyType = \"Job\"; ClusterId = 12; Requirements = (TARGET.Memory >= 1024) && Foo is "
            "undefined ]\n"
            "[ Memory = 2048; MyType = \"Machine\"; LoadAvg = 3.700000000000000E-01 ]\n");
}

TEST(AdIoOld, ScheddBannersSeparateAds) {
  AdList ads = Read("-- Schedd: s1 : <10.0.0.1:9618?addrs=10.0.0.1-9618>\nA = 1\n-- Schedd: s2\nB = 2\n");
  EXPECT_EQ(Canonical(ads), "[ A = 1 ]\n[ B = 2 ]\n");
}

TEST(AdIoOld, StringsUseTheOldEscapingRule) {
  struct Case {
    const char* line;
    const char* value;
  };
  const Case cases[] = {
      {"S = \"plain\"", "plain"},
      {"S = \"C:\\temp\\new\"", "C:\\temp\\new"},        // backslashes are literal
      {"S = \"say \\\"hi\\\"\"", "say \"hi\""},          // \" inside is a quote
      {"S = \"ends with \\\"", "ends with \\"},           // a final \" closes the string
      {"S = \"two \\\\\"", "two \\\\"},                   // \\ stays two backslashes
      {"S = \"a\\\\\"b\"", "a\\\"b"},                     // \\" : one backslash kept, quote
      {"S = \"\\n\\t\"", "\\n\\t"},                       // no C escapes in old syntax
      {"S = \"tab\there\"", "tab\there"},                 // raw control bytes are kept
      {"S = \"\xC3\xA9t\xC3\xA9\"", "\xC3\xA9t\xC3\xA9"},  // UTF-8 bytes are kept
      {"S = \"\xFF\xFE\"", "\xFF\xFE"},                   // so are any other bytes
      {"S = \"\"", ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.line);
    AdList ads = Read(std::string(c.line) + "\n", AdFormat::kOld);
    ASSERT_EQ(ads.size(), 1u);
    EXPECT_EQ(StringValue(*ads[0], "S"), c.value);
  }
  // Inside a larger expression.
  AdList ads = Read("E = strcat(\"a\\\"b\", \"c:\\d\") == \"x\"\n", AdFormat::kOld);
  ASSERT_EQ(ads.size(), 1u);
  EXPECT_EQ(Unparse(*ads[0]->LookupPtr("E")), "strcat(\"a\\\"b\",\"c:\\\\d\") == \"x\"");
}

TEST(AdIoOld, ParseOldExpressionMapsErrorColumns) {
  Result<ExprPtr> expr = ParseOldExpression("strcat(\"a\\\"b\\\"c\", x) + 2 +* 3");
  ASSERT_FALSE(expr.ok());
  EXPECT_EQ(expr.status().where().line, 1);
  EXPECT_EQ(expr.status().where().column, 27);

  expr = ParseOldExpression("\"\xC3\xA9\xC3\xA9\" + )");
  ASSERT_FALSE(expr.ok());
  EXPECT_EQ(expr.status().where().column, 8);

  expr = ParseOldExpression("\"not closed");
  ASSERT_FALSE(expr.ok());
  EXPECT_EQ(expr.status().where().column, 1);

  expr = ParseOldExpression("x + \xC3\xA9");
  ASSERT_FALSE(expr.ok());
  EXPECT_EQ(expr.status().where().column, 5);
}

TEST(AdIoOld, SimpleLiteralsMatchTheParser) {
  const char* texts[] = {"0",     "7",          "123456789012345678", "9223372036854775807",
                         "0.37",  "48.0",       "1.5E+20",            "1e-300",
                         "TRUE",  "false",      "\"plain text\"",     "\"with \\\"quote\"",
                         "010",   "1.",         "-5",                 "2.5e",
                         "\"\"",  "undefined",  "1.7976931348623157e308"};
  for (const char* text : texts) {
    SCOPED_TRACE(text);
    Result<ExprPtr> old_expr = ParseOldExpression(text);
    Result<ExprPtr> new_expr = ParseExpression(text);
    ASSERT_EQ(old_expr.ok(), new_expr.ok());
    if (old_expr.ok()) {
      EXPECT_TRUE((*old_expr)->SameAs(**new_expr));
      EXPECT_EQ(Unparse(**old_expr), Unparse(**new_expr));
    }
  }
}

TEST(AdIoOld, ErrorsNameFileLineAndColumn) {
  Status status = ReadError("A = 1\nB = \"x\\\"y\" +* 2\n", AdFormat::kOld);
  EXPECT_EQ(status.where().file, "test.ad");
  EXPECT_EQ(status.where().line, 2);
  EXPECT_EQ(status.where().column, 13);

  status = ReadError("A = 1\nB =\n", AdFormat::kOld);
  EXPECT_EQ(status.where().line, 2);

  status = ReadError("A = 1\nno equals sign here\n", AdFormat::kOld);
  EXPECT_EQ(status.where().line, 2);
  EXPECT_NE(status.message().find("Name = expression"), std::string::npos) << status.message();

  status = ReadError("Foo Bar = 1\n", AdFormat::kOld);
  EXPECT_NE(status.message().find("invalid attribute name"), std::string::npos);

  status = ReadError("= 1\n", AdFormat::kOld);
  EXPECT_EQ(status.where().column, 1);

  status = ReadError("A = 1\n\nB = \"open\n", AdFormat::kOld);
  EXPECT_EQ(status.where().line, 3);
  EXPECT_EQ(status.where().column, 5);
}

// HTCondor reads an old-syntax value with a parse that is not full
// (InsertLongFormAttrValue): the expression ends before the first token
// that cannot continue it and the rest of the line is ignored; adjacent
// strings are not joined. Each line checked with HTCondor 25.13.2
// (condor_status -ads FILE -long).
TEST(AdIoOld, TextAfterACompleteExpressionIsIgnored) {
  const std::pair<const char*, const char*> kept[] = {
      {"X = 1 2", "1"},
      {"X = \"a\" \"b\"", "\"a\""},
      {"X = \"a\"   \"b\" + 1", "\"a\""},
      {"X = 1 \"unterminated", "1"},
      {"X = 1 + 2 3 * 4", "1 + 2"},
      {"X = 1 ? 2 : 3 4", "1 ? 2 : 3"},
      {"X = a b.c", "a"},
      {"X = 'a' 'b'", "a"},
      {"X = 1 \xC3\xA9", "1"},
      {"X = \"x\" + 1 garbage", "\"x\" + 1"},
      {"X = 1 2e", "1"},
      {"X = 1 010", "1"},
      {"X = 1 )", "1"},
      {"X = strcat(\"a\", \"b\") \"c\"", "strcat(\"a\",\"b\")"},
      {"X = \"a\\\" \"b\"", "\"a\\\" \""},
      {"X = 1 /* comment */ 2", "1"},
      {"X = true false", "true"},
      {"X = 1, 2", "1"},
  };
  for (const auto& [line, value] : kept) {
    SCOPED_TRACE(line);
    AdList ads = Read(std::string("MyType = \"Machine\"\n") + line + "\n", AdFormat::kOld);
    ASSERT_EQ(ads.size(), 1u);
    ASSERT_NE(ads[0]->LookupPtr("X"), nullptr);
    EXPECT_EQ(Unparse(*ads[0]->LookupPtr("X")), value);
  }
  // A NUL byte stays an error, also in the text that would be ignored
  // (finding of the CI's fuzz run on fuzz_ingest_fastpath: the parser path
  // accepted what the reader, which refuses the line, did not).
  EXPECT_FALSE(ParseOldExpression(std::string_view("\"a\" \xCC\0", 6)).ok());
  EXPECT_FALSE(ParseOldExpression(std::string_view("\"a\" \"b\0\"", 8)).ok());
  // Where the parser cannot stop (inside brackets, or nothing complete
  // yet), the line is an error, as HTCondor refuses the ad.
  for (const char* line : {"X = f(\"a\" \"b\")", "X = { \"a\" \"b\" }", "X = 1 +", "X = -",
                           "X = 010", "X = [a = 1] [b = 2]", "X = 2 . 5"}) {
    SCOPED_TRACE(line);
    ReadError(std::string("MyType = \"Machine\"\n") + line + "\n", AdFormat::kOld);
  }
}

TEST(AdIoOld, HostileLinesGiveClearErrors) {
  Status status = ReadError(std::string_view("A = 1\nB = 2\0\n", 12), AdFormat::kOld);
  EXPECT_EQ(status.where().line, 2);
  EXPECT_NE(status.message().find("NUL"), std::string::npos);

  AdReadOptions options = Format(AdFormat::kOld);
  options.parse.limits.max_input_bytes = 100;
  status = ReadError("A = 1\nB = \"" + std::string(1000, 'x') + "\"\n", AdFormat::kOld, &options);
  EXPECT_EQ(status.code(), StatusCode::kLimitExceeded);
  EXPECT_EQ(status.where().line, 2);

  options.parse.limits.max_ad_attributes = 2;
  status = ReadError("A = 1\nB = 2\nC = 3\n", AdFormat::kOld, &options);
  EXPECT_EQ(status.code(), StatusCode::kLimitExceeded);
  EXPECT_EQ(status.where().line, 3);
}

TEST(AdIoOld, WritesRealsAsPercent16G) {
  struct Case {
    double value;
    const char* text;
  };
  const Case cases[] = {{0.37, "0.37"},      {48.0, "48.0"},
                        {1e20, "1E+20"},     {1e-5, "1E-05"},
                        {-0.0, "-0.0"},      {0.0, "0.0"},
                        {0.1 + 0.2, "0.3"},  {123456789012345678.0, "1.234567890123457E+17"},
                        {-2.5, "-2.5"},      {1.0 / 3, "0.3333333333333333"}};
  for (const Case& c : cases) {
    std::string out;
    AppendOldReal(c.value, &out);
    EXPECT_EQ(out, c.text);
  }
  std::string out;
  AppendOldReal(std::nan(""), &out);
  EXPECT_EQ(out, "real(\"NaN\")");
}

TEST(AdIoOld, WritesTheOldUnparserForm) {
  Result<std::shared_ptr<ClassAd>> ad = ParseAd(
      "[ Req = (TARGET.Memory >= 1024.5) && (Foo is undefined) || Bar isnt \"x\";"
      "  Path = \"C:\\\\temp \\\"q\\\"\"; List = { 1, 2.0, \"s\" }; Nested = [ b = 2; a = 1.0 ];"
      "  Neg = -x; Cond = a ? b : c; Elvis = a ?: b; Call = strcat(a, \"b\"); Sub = l[0];"
      "  Abs = .x; 'odd name' = 'true' + 1; Time = absTime(\"2020-01-01T00:00:00Z\") ]");
  ASSERT_TRUE(ad.ok()) << ad.status().ToString();
  AdWriteOptions options;
  options.format = AdFormat::kOld;
  options.order = AttributeOrder::kInsertion;
  std::string out;
  ASSERT_TRUE(AppendAd(**ad, options, &out).ok());
  EXPECT_EQ(out,
            "Req = (TARGET.Memory >= 1024.5) && (Foo =?= undefined) || Bar =!= \"x\"\n"
            "Path = \"C:\\temp \\\"q\\\"\"\n"
            "List = { 1,2.0,\"s\" }\n"
            "Nested = [ a = 1.0; b = 2 ]\n"
            "Neg =  -x\n"
            "Cond = a ? b : c\n"
            "Elvis = a ?: b\n"
            "Call = strcat(a,\"b\")\n"
            "Sub = l[0]\n"
            "Abs = .x\n"
            "'odd name' = 'true' + 1\n"
            "Time = absTime(\"2020-01-01T00:00:00-00:00\")\n"
            "\n");
  // And it reads back to the same trees.
  AdList back = Read(out, AdFormat::kOld);
  ASSERT_EQ(back.size(), 1u);
  ExpectSameAd(**ad, *back[0]);
}

TEST(AdIoOld, SortsByNameLikeCondorQ) {
  AdList ads = Read("[ has_avx = true; HardwareAddress = \"x\"; HasContainer = false; Arch = \"X\" ]");
  AdWriteOptions options;
  options.format = AdFormat::kOld;
  options.order = AttributeOrder::kByName;
  std::string out;
  ASSERT_TRUE(AppendAd(*ads[0], options, &out).ok());
  EXPECT_EQ(out, "Arch = \"X\"\nHardwareAddress = \"x\"\nhas_avx = true\nHasContainer = false\n\n");
}

TEST(AdIoOld, RefusesStringsOldSyntaxCannotHold) {
  AdWriteOptions options;
  options.format = AdFormat::kOld;
  for (const char* text : {"[ a = \"line\\nbreak\" ]", "[ a = strcat(\"ends\\\\\", x) ]"}) {
    SCOPED_TRACE(text);
    Result<std::shared_ptr<ClassAd>> ad = ParseAd(text);
    ASSERT_TRUE(ad.ok());
    std::string out = "kept";
    Status status = AppendAd(**ad, options, &out);
    EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
    EXPECT_EQ(out, "kept");
  }
  // A trailing backslash is fine when the string ends the line.
  Result<std::shared_ptr<ClassAd>> ad = ParseAd("[ a = \"ends\\\\\" ]");
  ASSERT_TRUE(ad.ok());
  std::string out;
  ASSERT_TRUE(AppendAd(**ad, options, &out).ok());
  EXPECT_EQ(out, "a = \"ends\\\"\n\n");
  AdList back = Read(out, AdFormat::kOld);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(StringValue(*back[0], "a"), "ends\\");
}

// ---------------------------------------------------------------- JSON

TEST(AdIoJson, ReadsHTCondorJson) {
  AdList ads = Read(
      "[\n{\n  \"a\": 1,\n  \"b\": \"text\",\n  \"c\": 2.5,\n  \"d\": null,\n  \"e\": TRUE,\n"
      "  \"f\": [1, \"x\", [2], {\"g\": false},],\n  \"h\": {\"i\": -7, \"j\": 1e3},\n"
      "  \"k\": \"\\/Expr(a + 1)\\/\",\n  \"l\": \"/Expr(a + 1)/\",\n"
      "  \"m\": \"\\u00e9\\ud83d\\ude00 \\\"q\\\" \\\\ \\/ \\n\",\n  \"n\": \"\\/Expr(error)\\/\"\n}\n,\n"
      "{\"x\": 0, , \"y\": -0.0,}\n]\n");
  ASSERT_EQ(ads.size(), 2u);
  EXPECT_EQ(Canonical(ads),
            "[ a = 1; b = \"text\"; c = 2.500000000000000E+00; d = undefined; e = true; "
            "f = { 1,\"x\",{ 2 },[ g = false ] }; h = [ i = -7; j = 1.000000000000000E+03 ]; "
            "k = a + 1; l = \"/Expr(a + 1)/\"; m = \"\\303\\251\\360\\237\\230\\200 \\\"q\\\" \\\\ / \\n\"; "
            "n = error ]\n"
            "[ x = 0; y = -0.0 ]\n");
}

TEST(AdIoJson, ReadsObjectsInARow) {
  EXPECT_EQ(Canonical(Read("{\"a\": 1}\n{\"b\": 2}", AdFormat::kJson)), "[ a = 1 ]\n[ b = 2 ]\n");
  EXPECT_EQ(Canonical(Read("[ {\"a\": 1} ] [ ] [{\"b\": 2}]", AdFormat::kJson)), "[ a = 1 ]\n[ b = 2 ]\n");
  EXPECT_EQ(Read("[ ]", AdFormat::kJson).size(), 0u);
}

// HTCondor reads an old-syntax value as a whole expression, which ignores
// text after a top-level conditional; in a new-syntax ad the extra tokens
// are an error.
TEST(AdIo, TextAfterAConditional) {
  EXPECT_EQ(Canonical(Read("A = true ? 2 : 3 4\nB = 5\n", AdFormat::kOld)),
            "[ A = true ? 2 : 3; B = 5 ]\n");
  Status status = ReadError("[ a = true ? 2 : 3 4; b = 5 ]", AdFormat::kNew);
  EXPECT_EQ(status.where().column, 20) << status.ToString();  // at the 4
}

TEST(AdIoJson, ErrorsNameFileLineAndColumn) {
  struct Case {
    const char* text;
    int line, column;
    const char* words;
  };
  const Case cases[] = {
      {"[ {\"a\": 1 \"b\": 2} ]", 1, 11, "expected ',' or '}'"},
      {"[ {\"a\": 1}\n  {\"b\": 2} ]", 2, 3, "expected ',' or ']'"},
      {"[ {\"a\": 1}", 1, 1, "not closed with ']'"},
      {"{\"a\": \"open", 1, 7, "not closed"},
      {"{\"a\":\n  tru}", 2, 3, "unknown word"},
      {"{\"a\": 01x}", 1, 7, "invalid number"},
      {"{\"a\": \"\\ud800\"}", 1, 8, "surrogate"},
      {"{\"a\": \"\\u12\"}", 1, 8, "hex digits"},
      {"{\"a\": \"\\u0000\"}", 1, 8, "NUL"},
      {"{\"a\": \"\\/Expr(1 +)\\/\"}", 1, 7, "invalid expression"},
      {"{\"\": 1}", 1, 2, "empty attribute name"},
      {"{1: 2}", 1, 2, "attribute name"},
      {"x", 1, 1, "expected '[' or '{'"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    Status status = ReadError(c.text, AdFormat::kJson);
    EXPECT_EQ(status.where().file, "test.ad");
    EXPECT_EQ(status.where().line, c.line);
    EXPECT_EQ(status.where().column, c.column);
    EXPECT_NE(status.message().find(c.words), std::string::npos) << status.message();
  }
}

// HTCondor's JSON reader uses its ClassAd lexer, which reads an integer
// beyond 64 bits as 0.
TEST(AdIoJson, IntegersBeyondSixtyFourBitsReadAsZero) {
  EXPECT_EQ(Canonical(Read("{\"a\": 99999999999999999999, \"b\": -9223372036854775809, "
                           "\"c\": -9223372036854775808}")),
            "[ a = 0; b = 0; c = -9223372036854775808 ]\n");
}

TEST(AdIoJson, RealsOutOfRangeReadAsStrtodDoes) {
  EXPECT_EQ(Canonical(Read("{\"a\": 1e999, \"b\": -1e999, \"c\": 1e-999, \"d\": 4.9e-324}")),
            "[ a = real(\"INF\"); b = real(\"-INF\"); c = 0.0; d = 4.940656458412465E-324 ]\n");
}

TEST(AdIoJson, EnforcesNestingLimit) {
  std::string deep = "{\"a\": " + std::string(5000, '[') + std::string(5000, ']') + "}";
  Status status = ReadError(deep, AdFormat::kJson);
  EXPECT_EQ(status.code(), StatusCode::kLimitExceeded);
}

TEST(AdIoJson, WritesLikeHTCondor) {
  Result<std::shared_ptr<ClassAd>> ad = ParseAd(
      "[ b = \"t\\\"x\\n\\001\"; a = 1; r = 0.5; u = undefined; e = error; "
      "l = { 1, x + 1, [ q = true ] }; x = a + 1; i = real(\"INF\") ]");
  ASSERT_TRUE(ad.ok()) << ad.status().ToString();
  // real("INF") is a call, so it stays an expression.
  AdWriteOptions options;
  options.format = AdFormat::kJson;
  options.order = AttributeOrder::kInsertion;
  std::string out;
  ASSERT_TRUE(AppendAd(**ad, options, &out).ok());
  EXPECT_EQ(out,
            "{\"b\": \"t\\\"x\\n\\u0001\",\"a\": 1,\"r\": 0.5,\"u\": null,"
            "\"e\": \"\\/Expr(error)\\/\",\"l\": [1,\"\\/Expr(x + 1)\\/\",{\"q\": true}],"
            "\"x\": \"\\/Expr(a + 1)\\/\",\"i\": \"\\/Expr(real(\\\"INF\\\"))\\/\"}\n");

  options.pretty = true;
  out.clear();
  ASSERT_TRUE(AppendAd(**Read("[ a = 1; l = { 1, 2 }; n = [ m = 3 ] ]").begin(), options, &out).ok());
  EXPECT_EQ(out,
            "{\n  \"a\": 1,\n  \"l\": [\n    1,\n    2\n  ],\n  \"n\": {\n    \"m\": 3\n  }\n}\n");
}

TEST(AdIoJson, SpecialRealValuesBecomeExpressions) {
  ClassAd ad;
  ad.InsertValue("nan", Value::Real(std::nan("")));
  ad.InsertValue("inf", Value::Real(1.0 / 0.0));
  ad.InsertValue("z", Value::Real(-0.0));
  std::string out;
  AdWriteOptions options;
  options.format = AdFormat::kJson;
  options.order = AttributeOrder::kInsertion;
  ASSERT_TRUE(AppendAd(ad, options, &out).ok());
  EXPECT_EQ(out, "{\"nan\": \"\\/Expr(real(\\\"NaN\\\"))\\/\",\"inf\": \"\\/Expr(real(\\\"INF\\\"))\\/\",\"z\": -0.0}\n");
}

TEST(AdIoWriter, FramesJsonAsAnArray) {
  std::ostringstream empty;
  AdWriteOptions options;
  options.format = AdFormat::kJson;
  AdWriter none(&empty, options);
  ASSERT_TRUE(none.Finish().ok());
  EXPECT_EQ(empty.str(), "[\n]\n");

  std::ostringstream two;
  AdWriter writer(&two, options);
  AdList ads = Read("[ a = 1 ] [ b = 2 ]");
  for (const auto& ad : ads) ASSERT_TRUE(writer.Write(*ad).ok());
  ASSERT_TRUE(writer.Finish().ok());
  EXPECT_EQ(two.str(), "[\n{\"a\": 1}\n,\n{\"b\": 2}\n]\n");
  EXPECT_EQ(Canonical(Read(two.str())), Canonical(ads));
}

// ---------------------------------------------------------------- round trips

AdList SampleAds() {
  AdList ads;
  for (const char* name : {"conformance/job.ad", "conformance/machine.ad", "conformance/misc.ad"}) {
    Result<AdList> read = ReadAdsFromFile(DataPath(name));
    EXPECT_TRUE(read.ok()) << read.status().ToString();
    if (read.ok()) ads.insert(ads.end(), read->begin(), read->end());
  }
  // DBL_MAX does not survive the 16 significant digits that both unparsers
  // print (in HTCondor either): written as 1.797693134862316E+308, it reads
  // back as real("INF").
  for (const auto& ad : ads) ad->Remove("BigReal");
  for (const char* name : {"job.ad", "slot.ad", "job.old.ad", "slot.json"}) {
    Result<AdList> read = ReadAdsFromFile(ExamplePath(name));
    EXPECT_TRUE(read.ok()) << name << ": " << read.status().ToString();
    if (read.ok()) ads.insert(ads.end(), read->begin(), read->end());
  }
  return ads;
}

std::string WriteAll(const AdList& ads, const AdWriteOptions& options) {
  std::ostringstream out;
  AdWriter writer(&out, options);
  for (const auto& ad : ads) EXPECT_TRUE(writer.Write(*ad).ok());
  EXPECT_TRUE(writer.Finish().ok());
  return out.str();
}

TEST(AdIoRoundTrip, NewSyntaxPreservesEveryTree) {
  AdList ads = SampleAds();
  ASSERT_EQ(ads.size(), 7u);
  for (bool pretty : {false, true}) {
    AdWriteOptions options;
    options.pretty = pretty;
    options.order = AttributeOrder::kInsertion;
    AdList back = Read(WriteAll(ads, options), AdFormat::kAuto);
    ASSERT_EQ(back.size(), ads.size());
    for (size_t i = 0; i < ads.size(); ++i) ExpectSameAd(*ads[i], *back[i]);
  }
}

TEST(AdIoRoundTrip, JsonPreservesEveryTree) {
  AdList ads = SampleAds();
  for (bool pretty : {false, true}) {
    AdWriteOptions options;
    options.format = AdFormat::kJson;
    options.pretty = pretty;
    options.order = AttributeOrder::kInsertion;
    std::string text = WriteAll(ads, options);
    EXPECT_EQ(DetectAdFormat(text), AdFormat::kJson);
    AdList back = Read(text);
    ASSERT_EQ(back.size(), ads.size());
    for (size_t i = 0; i < ads.size(); ++i) {
      // JSON writes each value as itself: the same unparsed text.
      EXPECT_EQ(UnparseAd(*ads[i]), UnparseAd(*back[i]));
    }
  }
}

TEST(AdIoRoundTrip, OldSyntaxPreservesEveryTreeItCanHold) {
  AdList ads = SampleAds();
  AdWriteOptions options;
  options.format = AdFormat::kOld;
  options.order = AttributeOrder::kInsertion;
  for (const auto& ad : ads) {
    // Drop what old syntax cannot hold (strings with line breaks), as
    // condor_q -long would mangle them.
    ClassAd writable;
    for (const Attribute& attribute : ad->Attributes()) {
      ClassAd one;
      one.Insert(attribute.name, attribute.expr);
      std::string probe;
      if (AppendAd(one, options, &probe).ok()) writable.Insert(attribute.name, attribute.expr);
    }
    EXPECT_GE(writable.size() + 2, ad->size());
    std::string text;
    ASSERT_TRUE(AppendAd(writable, options, &text).ok());
    AdList back = Read(text, AdFormat::kOld);
    ASSERT_EQ(back.size(), 1u);
    ASSERT_EQ(back[0]->size(), writable.size());
    for (const Attribute& attribute : writable.Attributes()) {
      const ExprPtr read = back[0]->LookupPtr(attribute.name);
      ASSERT_NE(read, nullptr) << attribute.name;
      // Reals pass through %.16G and may lose their last digit; compare text.
      std::string expected, actual;
      ASSERT_TRUE(AppendOldExpr(*attribute.expr, true, &expected));
      ASSERT_TRUE(AppendOldExpr(*read, true, &actual));
      EXPECT_EQ(expected, actual) << attribute.name;
    }
  }
}

TEST(AdIoRoundTrip, ExampleFilesAgreeAcrossFormats) {
  Result<AdList> job = ReadAdsFromFile(ExamplePath("job.ad"));
  Result<AdList> job_old = ReadAdsFromFile(ExamplePath("job.old.ad"));
  Result<AdList> slot = ReadAdsFromFile(ExamplePath("slot.ad"));
  Result<AdList> slot_json = ReadAdsFromFile(ExamplePath("slot.json"));
  ASSERT_TRUE(job.ok() && job_old.ok() && slot.ok() && slot_json.ok());
  EXPECT_EQ(Canonical(*job), Canonical(*job_old));
  EXPECT_EQ(Canonical(*slot), Canonical(*slot_json));
}

// ---------------------------------------------------------------- streaming

TEST(AdIoStreaming, ReadsLargeInputsAcrossBufferBoundaries) {
  // Several hundred KiB, so ads and strings straddle the reader's blocks.
  std::string new_text, old_text, json_text = "[\n";
  const int kAds = 3000;
  for (int i = 0; i < kAds; ++i) {
    std::string value = "v" + std::to_string(i) + std::string(static_cast<size_t>(i % 97), 'x');
    new_text += "[ Id = " + std::to_string(i) + "; S = \"" + value + "\"; E = Id * 2 + 1 ]\n";
    old_text += "Id = " + std::to_string(i) + "\nS = \"" + value + "\"\nE = Id * 2 + 1\n\n";
    json_text += std::string(i ? ",\n" : "") + "{\"Id\": " + std::to_string(i) + ", \"S\": \"" + value +
                 "\", \"E\": \"\\/Expr(Id * 2 + 1)\\/\"}";
  }
  json_text += "\n]\n";
  for (const std::string* text : {&new_text, &old_text, &json_text}) {
    std::istringstream in(*text);
    AdReader reader(&in, "stream", {});
    std::shared_ptr<ClassAd> ad;
    int count = 0;
    while (reader.Next(&ad)) {
      ASSERT_EQ(ad->size(), 3u);
      std::string value = "v" + std::to_string(count) + std::string(static_cast<size_t>(count % 97), 'x');
      ASSERT_EQ(StringValue(*ad, "S"), value);
      ++count;
    }
    ASSERT_TRUE(reader.status().ok()) << reader.status().ToString();
    EXPECT_EQ(count, kAds);
  }
}

TEST(AdIoStreaming, ErrorLinesAreCountedAcrossTheWholeStream) {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += "[ a = " + std::to_string(i) + " ]\n";
  text += "[ a = ) ]\n";
  std::istringstream in(text);
  AdReader reader(&in, "big.ad", {});
  std::shared_ptr<ClassAd> ad;
  int count = 0;
  while (reader.Next(&ad)) ++count;
  EXPECT_EQ(count, 5000);
  EXPECT_EQ(reader.status().where().file, "big.ad");
  EXPECT_EQ(reader.status().where().line, 5001);
  EXPECT_EQ(reader.status().where().column, 7);
}

TEST(AdIoFiles, MissingFilesAndDirectoriesAreIoErrors) {
  Result<std::unique_ptr<AdReader>> reader = AdReader::OpenFile(DataPath("no-such-file.ad"), {});
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.status().code(), StatusCode::kIoError);
  EXPECT_NE(reader.status().message().find("no-such-file.ad"), std::string::npos);

  reader = AdReader::OpenFile(DataPath("conformance"), {});
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.status().code(), StatusCode::kIoError);
}

// ---------------------------------------------------------------- hostile input

TEST(AdIoHostile, MutatedInputsNeverCrashAndErrorsHaveLocations) {
  std::string samples[3];
  {
    AdList ads = SampleAds();
    AdWriteOptions options;
    options.order = AttributeOrder::kInsertion;
    samples[0] = WriteAll(ads, options);
    options.format = AdFormat::kJson;
    samples[1] = WriteAll(ads, options);
    options.format = AdFormat::kOld;
    ClassAd plain;
    plain.Insert("A", Expr::Literal(Value::String("C:\\x \"q\"")));
    plain.Insert("B", *ParseExpression("strcat(A, \"b\") =?= undefined || x[1] > 2.5"));
    std::string old_text;
    EXPECT_TRUE(AppendAd(plain, options, &old_text).ok());
    samples[2] = old_text + old_text;
  }
  const char kBytes[] = {'[', ']', '{', '}', '"', '\'', '\\', '/', '*', '=', ';', ',', ':',
                         '\n', '\0', '\xFF', '\xC3', ' ', '#', '-', 'e', '.', '1'};
  std::mt19937 random(12345);
  for (const std::string& sample : samples) {
    for (int round = 0; round < 300; ++round) {
      std::string text = sample;
      int edits = 1 + static_cast<int>(random() % 4);
      for (int e = 0; e < edits && !text.empty(); ++e) {
        size_t at = random() % text.size();
        switch (random() % 3) {
          case 0: text[at] = kBytes[random() % sizeof(kBytes)]; break;
          case 1: text.erase(at, 1 + random() % 8); break;
          default: text.insert(at, 1, kBytes[random() % sizeof(kBytes)]); break;
        }
      }
      Result<AdList> ads = ReadAdsFromString(text, {}, "fuzz");
      if (!ads.ok()) {
        EXPECT_EQ(ads.status().where().file, "fuzz");
        EXPECT_GT(ads.status().where().line, 0) << ads.status().ToString();
        EXPECT_FALSE(ads.status().message().empty());
      }
    }
  }
}

TEST(AdIoHostile, DeepNestingInNewSyntaxIsALimitNotACrash) {
  std::string deep = "[ a = " + std::string(20000, '(') + "1" + std::string(20000, ')') + " ]";
  Status status = ReadError(deep);
  EXPECT_TRUE(status.code() == StatusCode::kLimitExceeded || status.code() == StatusCode::kParseError)
      << status.ToString();
  EXPECT_GT(status.where().line, 0);
}

// Values that every ad repeats stay stored once across a whole dump, even
// when the ads' unique values fill the reader's cache many times over (its
// eviction keeps what repeats): one expression object, so one program.
TEST(AdIoOld, RepeatedValuesStaySharedAcrossALongInput) {
  std::string text;
  for (int i = 0; i < 3000; ++i) {
    text += "Name = \"slot" + std::to_string(i) + "@host\"\n";
    for (int j = 0; j < 8; ++j) {
      text += "Unique" + std::to_string(j) + " = " + std::to_string(i * 8 + j) + "\n";
    }
    text += "Requirements = START\nStart = KeyboardIdle > 15 * 60\nArch = \"X86_64\"\n\n";
  }
  Result<AdList> ads = ReadAdsFromString(text);
  ASSERT_TRUE(ads.ok()) << ads.status().ToString();
  ASSERT_EQ(ads->size(), 3000u);
  // A text is kept when it comes the second time (text_cache.h): from the
  // second ad on, every ad shares that one value.
  const AttrRef kept_start = (*ads)[1]->Find("Start");
  const AttrRef kept_arch = (*ads)[1]->Find("Arch");
  EXPECT_NE(&ads->front()->Find("Start").expr(), &kept_start.expr());
  for (const auto& ad : *ads) {
    if (ad == ads->front()) continue;
    ASSERT_EQ(&ad->Find("Start").expr(), &kept_start.expr());
    ASSERT_EQ(ad->Find("Arch").literal().string().data(), kept_arch.literal().string().data());
    EXPECT_EQ(UnparseValue(EvaluateAttr(*ad, "Unique7", nullptr)),
              std::to_string((&ad - &ads->front()) * 8 + 7));
  }
}

// A plain-literal list is read without the parser, its items in one block
// (tree_builder.h), a repeated item one node.
TEST(AdIo, PlainLiteralListsShareOneBlockAndRepeatedItems) {
  for (AdFormat format : {AdFormat::kOld, AdFormat::kNew}) {
    const char* text = format == AdFormat::kOld ? "State = { \"Busy\", \"Busy\", -2, 1.5 }\n"
                                                : "[ State = { \"Busy\", \"Busy\", -2, 1.5 } ]";
    AdList ads = Read(text, format);
    ASSERT_EQ(ads.size(), 1u);
    const Value value = EvaluateAttr(*ads[0], "State", nullptr);
    ASSERT_TRUE(value.IsList());
    const ExprList& items = value.list();
    ASSERT_EQ(items.size(), 4u);
    EXPECT_EQ(items[0].get(), items[1].get());
    for (const ExprPtr& item : items) EXPECT_EQ(item.use_count(), 4);
    EXPECT_EQ(UnparseValue(value), "{ \"Busy\",\"Busy\",-2,1.500000000000000E+00 }");
  }
}

}  // namespace
}  // namespace classad

namespace classad {
namespace {

// The offsets an AdReader reports after each ad of `text` (and at the end).
std::vector<size_t> OffsetsAfterEachAd(const std::string& text, AdFormat format,
                                       bool from_stream) {
  AdReadOptions options;
  options.format = format;
  std::istringstream stream(text);
  AdReader reader = from_stream ? AdReader(&stream, "s", options) : AdReader(text, "t", options);
  std::vector<size_t> offsets;
  std::shared_ptr<ClassAd> ad;
  while (reader.Next(&ad)) offsets.push_back(reader.offset());
  EXPECT_TRUE(reader.status().ok()) << reader.status().ToString();
  offsets.push_back(reader.offset());
  return offsets;
}

TEST(AdIoReader, OffsetIsWhereEachAdsTextEnds) {
  for (bool from_stream : {false, true}) {
    const std::string new_text = "[ a = 1 ]\n\n[ b = 2 ]\n";
    std::vector<size_t> got = OffsetsAfterEachAd(new_text, AdFormat::kNew, from_stream);
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(new_text.substr(0, got[0]).find("[ b"), std::string::npos);
    EXPECT_GE(got[0], 9u);
    EXPECT_EQ(new_text.substr(got[0]).find_first_not_of(" \n"), new_text.substr(got[0]).find("[ b"));
    EXPECT_EQ(got[2], new_text.size());

    const std::string old_text = "a = 1\nc = 3\n\nb = 2\n";
    got = OffsetsAfterEachAd(old_text, AdFormat::kOld, from_stream);
    ASSERT_EQ(got.size(), 3u);
    EXPECT_GE(got[0], 12u);
    EXPECT_LE(got[0], 13u);
    EXPECT_EQ(got[2], old_text.size());
  }
}

}  // namespace
}  // namespace classad
