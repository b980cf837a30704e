// Parser front-end: syntax, error locations and messages, limits, hostile input.
#include <string>

#include <gtest/gtest.h>

#include "classad/parser.h"
#include "classad/unparse.h"

namespace classad {
namespace {

std::string RoundTrip(const std::string& text) {
  Result<ExprPtr> e = ParseExpression(text);
  if (!e.ok()) return "PARSE_ERROR: " + e.status().ToString();
  return Unparse(**e);
}

// The library's strict lexer (no `;` argument separator, octal read as decimal).
ParseOptions StrictOptions() {
  ParseOptions options;
  options.compat = false;
  return options;
}

Status ParseError(const std::string& text, const ParseOptions& options = {}) {
  Result<ExprPtr> e = ParseExpression(text, options);
  EXPECT_FALSE(e.ok()) << text << " parsed as " << (e.ok() ? Unparse(**e) : "");
  return e.ok() ? Status() : e.status();
}

TEST(Parser, PrecedenceAndCanonicalForm) {
  EXPECT_EQ(RoundTrip("a+b*c"), "a + b * c");
  EXPECT_EQ(RoundTrip("a || b && c"), "a || b && c");
  EXPECT_EQ(RoundTrip("a =?= b =!= c"), "a is b isnt c");
  EXPECT_EQ(RoundTrip("x ?: -2"), "x ?: -2");
  EXPECT_EQ(RoundTrip("a ? : b"), "a ?: b");
  EXPECT_EQ(RoundTrip("-9223372036854775808"), "-9223372036854775808");
  EXPECT_EQ(RoundTrip("1 -2"), "1 - 2");
  EXPECT_EQ(RoundTrip("- 2"), " -2");
  EXPECT_EQ(RoundTrip("[b=1;a=2]"), "[ a = 2; b = 1 ]");
  EXPECT_EQ(RoundTrip("[;a=1;;b=2;;]"), "[ a = 1; b = 2 ]");
  EXPECT_EQ(RoundTrip("f(1; 2)"), "f(1,2)");
}

TEST(Parser, ErrorsNameLineColumnAndWhatWentWrong) {
  Status s = ParseError("a +\n  (b * ");
  EXPECT_EQ(s.code(), StatusCode::kParseError);
  EXPECT_EQ(s.where().line, 2);
  EXPECT_GT(s.where().column, 0);

  s = ParseError("\"abc");
  EXPECT_NE(s.message().find("unterminated string"), std::string::npos) << s.ToString();
  s = ParseError("/* never closed");
  EXPECT_NE(s.message().find("unterminated /* comment"), std::string::npos) << s.ToString();
  s = ParseError("0x10");
  EXPECT_NE(s.message().find("hexadecimal"), std::string::npos) << s.ToString();
  s = ParseError("010");
  EXPECT_NE(s.message().find("leading zero"), std::string::npos) << s.ToString();
  s = ParseError("10.");
  EXPECT_NE(s.message().find("malformed number"), std::string::npos) << s.ToString();
  s = ParseError("1 @ 2");
  EXPECT_NE(s.message().find("unexpected character '@'"), std::string::npos) << s.ToString();
  EXPECT_EQ(s.where().column, 3);
  s = ParseError("0xz", StrictOptions());
  EXPECT_NE(s.message().find("hexadecimal"), std::string::npos) << s.ToString();
  s = ParseError("09", StrictOptions());
  EXPECT_NE(s.message().find("non-octal"), std::string::npos) << s.ToString();
  s = ParseError("absTime(\"not a time\")");
  EXPECT_NE(s.message().find("invalid absolute time"), std::string::npos) << s.ToString();
}

// HTCondor's parser ends a top-level conditional at its last operand and
// ignores the rest; anywhere else extra tokens are an error.
TEST(Parser, TrailingTokensAfterATopLevelTernaryAreIgnored) {
  EXPECT_EQ(RoundTrip("1 ? 2 : 3 : 4"), "1 ? 2 : 3");
  EXPECT_EQ(RoundTrip("true ? 1 : 2 3"), "true ? 1 : 2");
  EXPECT_EQ(RoundTrip("false ? 1 : 2 )"), "false ? 1 : 2");
  ParseError("(1 ? 2 : 3) 4");
  ParseError("1 + 2 3");
  ParseError("a ? b : c +");
  ParseError("f(a ? b : c d)");
  // Where the text is part of a larger one (an attribute of a new-syntax
  // ad), HTCondor's parser goes on and the extra tokens are an error.
  ParseOptions inside;
  inside.ignore_text_after_conditional = false;
  ParseError("1 ? 2 : 3 : 4", inside);
}

// A parse that is not full (HTCondor's ParseExpression(text, false), which
// reads old-syntax ad lines) ends any expression before the first token
// that cannot continue it.
TEST(Parser, APrefixParseIgnoresWhatCannotContinueTheExpression) {
  ParseOptions prefix;
  prefix.ignore_text_after_expression = true;
  auto text = [&](const std::string& input) {
    Result<ExprPtr> e = ParseExpression(input, prefix);
    return e.ok() ? Unparse(**e) : "PARSE_ERROR";
  };
  EXPECT_EQ(text("1 + 2 3"), "1 + 2");
  EXPECT_EQ(text("a b.c"), "a");
  EXPECT_EQ(text("(1) (2)"), "(1)");
  EXPECT_EQ(text("1 2e"), "1");  // a token the lexer refuses, after the end
  EXPECT_EQ(text("f(1 2)"), "PARSE_ERROR");  // inside brackets it cannot stop
  EXPECT_EQ(text("1 +"), "PARSE_ERROR");
}

// Integer literals as HTCondor's lexer reads them.
TEST(Parser, IntegerLiteralsAsHTCondorReadsThem) {
  EXPECT_EQ(RoundTrip("9223372036854775808"), "0");  // out of range: 0
  EXPECT_EQ(RoundTrip("-9223372036854775809"), "0");
  EXPECT_EQ(RoundTrip("-9223372036854775808"), "-9223372036854775808");
  EXPECT_EQ(RoundTrip("-010"), "-10");  // a glued sign skips the leading-zero check
  EXPECT_EQ(RoundTrip("-0x10"), "0");
  ParseError("010");
  ParseError("0x10");
  ParseError("-09");
  const ParseOptions strict = StrictOptions();
  auto strict_text = [&](const std::string& text) {
    Result<ExprPtr> e = ParseExpression(text, strict);
    return e.ok() ? Unparse(**e) : "PARSE_ERROR";
  };
  EXPECT_EQ(strict_text("010"), "10");
  EXPECT_EQ(strict_text("0777"), "777");
  EXPECT_EQ(strict_text("0x1F"), "0");
  EXPECT_EQ(strict_text("09"), "PARSE_ERROR");
  EXPECT_EQ(strict_text("0x"), "PARSE_ERROR");
}

TEST(Parser, HTCondorLexerOddities) {
  EXPECT_EQ(RoundTrip("..a"), ".a");  // `..` is one selection operator
  EXPECT_EQ(RoundTrip("a..b"), "a.b");
  // `..` before digits is one real token, which strtod() reads as 0 (and a
  // `-` before it stays an operator).
  EXPECT_EQ(RoundTrip("..2"), "0.0");
  EXPECT_EQ(RoundTrip("..5 + 1"), "0.0 + 1");
  EXPECT_EQ(RoundTrip("-..5"), " -0.0");
  EXPECT_EQ(RoundTrip("-.5"), "-5.000000000000000E-01");
  EXPECT_EQ(RoundTrip("'it''s'"), "its");  // adjacent quoted names join
  EXPECT_EQ(RoundTrip("a.'b c'"), "a.b c");  // selection names print unquoted
  EXPECT_EQ(RoundTrip("x ?: -1"), "x ?: -1");  // a glued sign is part of the literal
  ParseError("x ?: !y");  // the right side of ?: is a postfix expression
  ParseError("x ?: - 1");
  ParseError("x ?: +1");
  // From a hexadecimal integer the lexer goes on into a fraction and an
  // exponent, and strtod() reads a hexadecimal float, in compat mode too
  // (`e` is a hex digit there); a '.' with no digit after it is an error.
  // Checked with HTCondor 25.13.2's own library.
  EXPECT_EQ(RoundTrip("0x1F.5"), "3.131250000000000E+01");
  EXPECT_EQ(RoundTrip("0x1F.5e2 + 1"), "3.136767578125000E+01 + 1");
  EXPECT_EQ(RoundTrip("-0x1F.5"), "-3.131250000000000E+01");
  ParseError("0x1F.a");
  ParseError("0x1F.");
  ParseError("0x1F.5e");
}

// A number whose exponent has no digits is a token HTCondor's lexer
// refuses: a parse error even as the last operand of a conditional, after
// which other text is ignored (checked with HTCondor 25.13.2's own library).
TEST(Parser, AnExponentWithoutDigitsIsAMalformedNumber) {
  for (const char* text : {"x ? 1 : 2esT", "x ? 1 : 2.5e", "x ? 1 : 2e+", "1e", "2 + 3e"}) {
    Result<ExprPtr> parsed = ParseExpression(text);
    EXPECT_FALSE(parsed.ok()) << text;
  }
  EXPECT_NE(ParseExpression("x ? 1 : 2esT").status().message().find("exponent has no digits"),
            std::string::npos);
  for (const char* text : {"x ? 1 : 2e5 z", "x ? 1 : 2 3e", "x ? 1 : 2 esT", "2e5", ".5e-3"}) {
    EXPECT_TRUE(ParseExpression(text).ok()) << text;
  }
}

// Text after a top-level conditional is ignored, but a quote left open
// right after the last operand's string continues that string in
// HTCondor's lexer (adjacent literals join), which then fails (checked with
// HTCondor 25.13.2's own library).
TEST(Parser, AnOpenQuoteAfterTheLastStringIsNotIgnored) {
  EXPECT_FALSE(ParseExpression("x ? 1 : \"a\"\"").ok());
  EXPECT_FALSE(ParseExpression("x ? 1 : \"a\" \"b").ok());
  EXPECT_FALSE(ParseExpression("x ? 1 : 'a' 'b").ok());
  EXPECT_TRUE(ParseExpression("x ? 1 : 2 \"abc").ok());  // after a number: ignored
  EXPECT_TRUE(ParseExpression("x ? 1 : \"a\" \"b\" c").ok());
}

// Semicolons before the first attribute and after each are skipped, but
// HTCondor's parseClassAd wants an attribute after leading ones: an ad of
// semicolons alone is its parse error (checked with HTCondor 25.13.2's own
// library).
TEST(Parser, SemicolonsInAnAdAsHTCondorReadsThem) {
  for (const char* text : {"[;a=1]", "[ ; a = 1 ]", "[;;a=1]", "[a=1;;]", "[a=1;;;b=2;]", "[]"}) {
    EXPECT_TRUE(ParseAd(text).ok()) << text;
  }
  for (const char* text : {"[;]", "[;;;]", "[ ; ]"}) EXPECT_FALSE(ParseAd(text).ok()) << text;
  EXPECT_EQ((*ParseAd("[a=1;;;b=2;]"))->size(), 2u);
}

// HTCondor's parser counts a level for each parseExpression, unary and
// postfix call and refuses more than 500.
TEST(Parser, HTCondorsDepthGuard) {
  auto nested = [](const std::string& open, const std::string& mid, const std::string& close,
                   int n) {
    std::string text;
    for (int i = 0; i < n; ++i) text += open;
    text += mid;
    for (int i = 0; i < n; ++i) text += close;
    return text;
  };
  EXPECT_TRUE(ParseExpression(nested("(", "1", ")", 165)).ok());
  Status s = ParseError(nested("(", "1", ")", 166));
  EXPECT_NE(s.message().find("HTCondor's parser"), std::string::npos) << s.ToString();
  EXPECT_TRUE(ParseExpression(nested("!", "true", "", 497)).ok());
  ParseError(nested("!", "true", "", 498));
  EXPECT_TRUE(ParseExpression(nested("{", "", "}", 166)).ok());
  ParseError(nested("{", "", "}", 167));
  EXPECT_TRUE(ParseAd("[a = " + nested("(", "1", ")", 165) + "]").ok());
  EXPECT_FALSE(ParseAd("[a = " + nested("(", "1", ")", 166) + "]").ok());
}

TEST(Parser, StrictModeRejectsSemicolonArguments) {
  ParseOptions strict;
  strict.compat = false;
  Status s = ParseError("strcat(\"a\"; \"b\")", strict);
  EXPECT_NE(s.message().find("';'"), std::string::npos);
  EXPECT_TRUE(ParseExpression("strcat(\"a\"; \"b\")").ok());
}

TEST(Parser, HostileInputGivesErrorsNotCrashes) {
  // NUL bytes and invalid UTF-8.
  Status s = ParseError(std::string("a + \0b", 6));
  EXPECT_NE(s.message().find("NUL"), std::string::npos);
  s = ParseError("\"\xff\xfe\"");
  EXPECT_NE(s.message().find("UTF-8"), std::string::npos);
  s = ParseError("\"caf\xc3\"");
  EXPECT_NE(s.message().find("UTF-8"), std::string::npos);
  // NUL written as an escape.
  s = ParseError("\"a\\0b\"");
  EXPECT_NE(s.message().find("NUL"), std::string::npos);
  // Deep nesting is refused before the recursive parser runs.
  s = ParseError(std::string(100000, '(') + "1" + std::string(100000, ')'));
  EXPECT_EQ(s.code(), StatusCode::kLimitExceeded);
  s = ParseError(std::string(100000, '!') + "true");
  EXPECT_EQ(s.code(), StatusCode::kLimitExceeded);
  s = ParseError(std::string(100000, '[') + std::string(100000, ']'));
  EXPECT_EQ(s.code(), StatusCode::kLimitExceeded);
  std::string ternaries;
  for (int i = 0; i < 10000; ++i) ternaries += "a ? b : ";
  s = ParseError(ternaries + "c");
  EXPECT_EQ(s.code(), StatusCode::kLimitExceeded);
}

TEST(Parser, LongOperatorChainsHitTheTreeDepthLimit) {
  std::string chain = "1";
  for (int i = 0; i < 5000; ++i) chain += " + 1";
  Status s = ParseError(chain);
  EXPECT_EQ(s.code(), StatusCode::kLimitExceeded);
  EXPECT_NE(s.message().find("max_tree_depth"), std::string::npos);
  std::string ok = "1";
  for (int i = 0; i < 900; ++i) ok += " || x";
  EXPECT_TRUE(ParseExpression(ok).ok());
  // Far longer chains (and selections, subscripts) are refused cleanly:
  // neither the parser nor the tree builder recurses along them.
  std::string huge = "a";
  for (int i = 0; i < 200000; ++i) huge += " || a";
  EXPECT_EQ(ParseError(huge).code(), StatusCode::kLimitExceeded);
  std::string selections = "a";
  for (int i = 0; i < 100000; ++i) selections += ".b[0]";
  EXPECT_EQ(ParseError(selections).code(), StatusCode::kLimitExceeded);
}

TEST(Parser, InputSizeLimit) {
  ParseOptions options;
  options.limits.max_input_bytes = 10;
  Status s = ParseError("12345 + 67890", options);
  EXPECT_EQ(s.code(), StatusCode::kLimitExceeded);
}

TEST(Parser, StringAndListLimits) {
  ParseOptions options;
  options.limits.max_string_bytes = 4;
  EXPECT_EQ(ParseError("\"12345\"", options).code(), StatusCode::kLimitExceeded);
  EXPECT_EQ(ParseError("\"12\" \"345\"", options).code(), StatusCode::kLimitExceeded);
  options.limits.max_list_items = 2;
  EXPECT_EQ(ParseError("{1,2,3}", options).code(), StatusCode::kLimitExceeded);
  options.limits.max_ad_attributes = 1;
  EXPECT_EQ(ParseError("[a=1;b=2]", options).code(), StatusCode::kLimitExceeded);
}

TEST(Parser, AdsAndAdSequences) {
  Result<std::shared_ptr<ClassAd>> ad = ParseAd("  // comment\n [ a = 1; B = \"x\" ] ");
  ASSERT_TRUE(ad.ok()) << ad.status().ToString();
  EXPECT_EQ((*ad)->size(), 2u);
  EXPECT_TRUE((*ad)->Find("b"));
  auto seq = ParseAdSequence("[a=1] /* x */ [b=2]\n[c=3]");
  ASSERT_TRUE(seq.ok()) << seq.status().ToString();
  EXPECT_EQ(seq->size(), 3u);
  auto bad = ParseAdSequence("[a=1]\n[b=]");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().where().line, 2);
}

TEST(Parser, UnparseRoundTripIsStable) {
  for (const char* text : {"(a + b) * -c", "x.y[3].z", "f(g(1), {1, 2}, [a = b])",
                           "a ?: b ? c : d", "'quoted name' + .abs", "\"\\t\\\"\\\\\"",
                           "absTime(\"2020-01-01T00:00:00Z\")", "relTime(\"1:00\")",
                           "-0.0 + 1e300 - .5", "a isnt undefined && !b || ~c"}) {
    Result<ExprPtr> first = ParseExpression(text);
    ASSERT_TRUE(first.ok()) << text << ": " << first.status().ToString();
    std::string printed = Unparse(**first);
    Result<ExprPtr> second = ParseExpression(printed);
    ASSERT_TRUE(second.ok()) << printed << ": " << second.status().ToString();
    EXPECT_TRUE((*first)->SameAs(**second)) << text << " -> " << printed;
    EXPECT_EQ(Unparse(**second), printed);
  }
}

}  // namespace
}  // namespace classad
