// Tests of the string, regular-expression, version and string-list
// built-ins (classad/builtins/: string.cc, regex.cc, version.cc,
// stringlist.cc): the daemon functions the conformance corpus does
// not cover, the cases where we chose the evident intent over a reference
// accident, and the limits.

#include <optional>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "classad/user_maps.h"
#include "classad/value.h"

namespace classad {
namespace {

// Parses and evaluates `text` with no ads; returns the value unparsed, or
// PARSE_ERROR.
std::string Eval(const std::string& text, const EvalOptions& options = {}) {
  Result<ExprPtr> parsed = ParseExpression(text);
  if (!parsed.ok()) return "PARSE_ERROR";
  Value value = EvaluateExpr(**parsed, nullptr, nullptr, options);
  return UnparseValue(value);
}

// --- strcat, join, case, substr, strcmp -----------------------------------

TEST(StringBuiltins, StrcatConvertsAndPropagates) {
  EXPECT_EQ(Eval(R"(strcat("a", 1, true, 2.5))"), R"("a1true2.500000000000000E+00")");
  EXPECT_EQ(Eval("strcat()"), R"("")");
  EXPECT_EQ(Eval(R"(strcat("x", {1, "y"}))"), R"("x{ 1,\"y\" }")");
  EXPECT_EQ(Eval(R"(strcat(undefined, error))"), "undefined");
  EXPECT_EQ(Eval(R"(strcat(error, undefined))"), "error");
  EXPECT_EQ(Eval(R"(StrCat("a", "b"))"), R"("ab")");
}

// HTCondor adds the separator only after text that is not empty.
TEST(StringBuiltins, JoinDropsLeadingEmptyItems) {
  EXPECT_EQ(Eval(R"(join("x", "", "", ""))"), R"("")");
  EXPECT_EQ(Eval(R"(join(" ", "", "a"))"), R"("a")");
  EXPECT_EQ(Eval(R"(join(",", {"", "b"}))"), R"("b")");
  EXPECT_EQ(Eval(R"(join(",", "a", "", "b"))"), R"("a,,b")");
}

TEST(StringBuiltins, JoinForms) {
  EXPECT_EQ(Eval(R"(join(", ", "a", "b", "c"))"), R"("a, b, c")");
  EXPECT_EQ(Eval(R"(join(";", {"a", "b"}))"), R"("a;b")");
  EXPECT_EQ(Eval(R"(join({"a", "b"}))"), R"("ab")");
  EXPECT_EQ(Eval(R"(join("-", "a", undefined, "b"))"), R"("a-b")");
  EXPECT_EQ(Eval(R"(join("-", undefined))"), "undefined");
  EXPECT_EQ(Eval(R"(join("-", "a", error))"), "error");
  EXPECT_EQ(Eval(R"(join(";", split("a b c")))"), R"("a;b;c")");
  EXPECT_EQ(Eval(R"(join(split("a b c")))"), R"("abc")");
}

TEST(StringBuiltins, ChangeCaseIsAscii) {
  EXPECT_EQ(Eval(R"(toUpper("abc-é"))"), R"("ABC-\303\251")");
  EXPECT_EQ(Eval(R"(TOLOWER("ABC"))"), R"("abc")");
  EXPECT_EQ(Eval("toupper(undefined)"), "undefined");
  EXPECT_EQ(Eval("toLower()"), "error");
}

// HTCondor reads offset and length into an int: they wrap to 32 bits.
TEST(StringBuiltins, SubstrWrapsOffsetsToThirtyTwoBits) {
  EXPECT_EQ(Eval(R"(substr("abcdef", 4294967297))"), R"("bcdef")");
  EXPECT_EQ(Eval(R"(substr("abcdef", 1, 4294967298))"), R"("bc")");
  EXPECT_EQ(Eval(R"(substr("abcdef", -4294967296))"), R"("abcdef")");
  EXPECT_EQ(Eval(R"(substr("abc", -9223372036854775807 - 1))"), R"("abc")");
  EXPECT_EQ(Eval(R"(substr("abc", 1, -9223372036854775807 - 1))"), R"("")");
  EXPECT_EQ(Eval(R"(substr("abc", 9223372036854775807, 9223372036854775807))"), R"("")");
}

TEST(StringBuiltins, SubstrPerlRules) {
  EXPECT_EQ(Eval(R"(substr("abcde", -3, -1))"), R"("cd")");
  EXPECT_EQ(Eval(R"(substr("abcde", 1, 0))"), R"("")");
  EXPECT_EQ(Eval(R"(substr("abcde", 1.0))"), "error");
  EXPECT_EQ(Eval(R"(substr(undefined, error))"), "undefined");
}

TEST(StringBuiltins, CompareStrings) {
  EXPECT_EQ(Eval(R"(strcmp("abc", "abd"))"), "-1");
  EXPECT_EQ(Eval(R"(strcmp("b", "B"))"), "1");
  EXPECT_EQ(Eval(R"(stricmp("b", "B"))"), "0");
  EXPECT_EQ(Eval(R"(stricmp("[", "a"))"), "-1");  // '[' < 'a' after folding
  EXPECT_EQ(Eval(R"(strcmp("\303", "a"))"), "1");  // bytes compare unsigned
  EXPECT_EQ(Eval(R"(strcmp(error, undefined))"), "undefined");
}

TEST(StringBuiltins, LongStringsHitTheLimit) {
  EvalOptions options;
  options.limits.max_string_bytes = 8;
  EXPECT_EQ(Eval(R"(strcat("abcd", "efgh"))", options), R"("abcdefgh")");
  EXPECT_EQ(Eval(R"(strcat("abcd", "efghi"))", options), "error");
  EXPECT_EQ(Eval(R"(join("--", "abcd", "efgh"))", options), "error");
  EXPECT_EQ(Eval(R"(replaceAll("a", "aaaa", "xyz"))", options), "error");
}

// --- regular expressions ----------------------------------------------------

// HTCondor's library honours only lower-case option letters.
TEST(RegexBuiltins, UpperCaseOptionLettersAreIgnored) {
  EXPECT_EQ(Eval(R"(regexp("abc", "ABC", "I"))"), "false");
  EXPECT_EQ(Eval(R"(regexp("abc", "ABC", "i"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^b$", "a\nb", "M"))"), "false");
  EXPECT_EQ(Eval(R"(regexp("a.b", "a\nb", "S"))"), "false");
  EXPECT_EQ(Eval(R"(regexp("a b", "ab", "X"))"), "false");
  EXPECT_EQ(Eval(R"(replaceAll("a", "aAa", "x", "I"))"), R"("xAx")");
  EXPECT_EQ(Eval(R"(regexps("a", "aa", "x", "FG"))"), R"("x")");
  EXPECT_EQ(Eval(R"(regexps("a", "aa", "x", "fg"))"), R"("xx")");
}

TEST(RegexBuiltins, InvalidPatterns) {
  EXPECT_EQ(Eval(R"(regexp("(", "a"))"), "error");
  // regexpMember: an invalid pattern matches nothing, as in HTCondor.
  EXPECT_EQ(Eval(R"(regexpMember("(", {"b"}))"), "false");
  EXPECT_EQ(Eval(R"(regexpMember("(", {}))"), "false");
  EXPECT_EQ(Eval(R"(regexpMember("(", {undefined}))"), "undefined");
  EXPECT_EQ(Eval(R"(regexp("(a)\\1", "aa"))"), "error");    // back-reference
  EXPECT_EQ(Eval(R"x(regexp("a(?=b)", "ab"))x"), "error");    // look-ahead
  EXPECT_EQ(Eval(R"(regexp("a++", "aa"))"), "error");       // possessive
}

// HTCondor's global loop steps over an empty match one character at a
// time and runs past the end after an empty match there: error.
TEST(RegexBuiltins, GlobalEmptyMatchAtTheEndIsAnError) {
  EXPECT_EQ(Eval(R"(regexps("", "abc", "X", "g"))"), "error");
  EXPECT_EQ(Eval(R"(regexps("x*", "abc", "-", "fg"))"), "error");
  EXPECT_EQ(Eval(R"(regexps("", "", "X", "fg"))"), "error");
  EXPECT_EQ(Eval(R"(replaceAll("", "abc", "-"))"), "error");
  EXPECT_EQ(Eval(R"(replaceAll("b*", "abc", "-"))"), "error");
  EXPECT_EQ(Eval(R"(replaceAll("$", "abc", "<"))"), "error");
  EXPECT_EQ(Eval(R"(replaceAll("\\b", "ab cd", "|"))"), "error");
  // Empty matches before the end are fine.
  EXPECT_EQ(Eval(R"(replaceall("^", "abc", ">"))"), R"(">abc")");
  EXPECT_EQ(Eval(R"(regexps("b*", "abc", "-", "f"))"), R"("-abc")");
  EXPECT_EQ(Eval(R"(replaceAll("b", "abc", "-"))"), R"("a-c")");
}

TEST(RegexBuiltins, Substitutions) {
  EXPECT_EQ(Eval(R"x(regexps("(\\w+)@(\\w+)", "alice@example", "\\2 at \\1"))x"),
            R"("example at alice")");
  EXPECT_EQ(Eval(R"(regexps("b", "abcb", "X", "g"))"), R"("XX")");
  EXPECT_EQ(Eval(R"(regexps("z", "abc", "X"))"), R"("")");
  EXPECT_EQ(Eval(R"(replace("o", "foo", "0"))"), R"("f0o")");
  EXPECT_EQ(Eval(R"(regexps("a", "a", "x\\y\\"))"), R"("x\\y\\")");
  EXPECT_EQ(Eval(R"x(regexps("(a)", "a", "\\\\1"))x"), R"("\\a")");
  // A group beyond the highest one that took part is an error; one below
  // it that did not take part is empty.
  EXPECT_EQ(Eval(R"x(regexps("(a)|(b)", "a", "\\2"))x"), "error");
  EXPECT_EQ(Eval(R"x(regexps("(a)|(b)", "b", "[\\1]"))x"), R"("[]")");
  EXPECT_EQ(Eval(R"x(regexps("(a)", "a", "\\3"))x"), "error");
}

TEST(RegexBuiltins, PcreDialect) {
  EXPECT_EQ(Eval(R"(regexp("^\\s$", "\v"))"), "true");  // PCRE2's \s has VT
  EXPECT_EQ(Eval(R"(regexp("^[\\S]$", "\v"))"), "false");
  EXPECT_EQ(Eval(R"(regexp("^[a\\S]$", "x"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^\\h$", "\t"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^\\v$", "\n"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^\\R$", "\r"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("\\Qa.b\\E", "axb"))"), "false");
  EXPECT_EQ(Eval(R"(regexp("\\Qa.b\\E", "a.b"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^a(?#note)b$", "ab"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^.{5}$", "café"))"), "true");  // bytes, not UTF-8
  EXPECT_EQ(Eval(R"(regexp("[[:digit:]]+", "x12"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("[]a]", "]"))"), "true");
}

TEST(RegexBuiltins, PcreDialectDetails) {
  // `$` also matches before a final newline, as in PCRE2.
  EXPECT_EQ(Eval(R"(regexp("b$", "ab\n"))"), "true");
  EXPECT_EQ(Eval(R"(regexps("b$", "ab\n", "X", "f"))"), R"("aX\n")");
  EXPECT_EQ(Eval(R"(regexp("b\\Z", "ab\n"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("b\\z", "ab\n"))"), "false");
  // Caseless matching folds ASCII letters only (PCRE2's C-locale tables),
  // with the option or inline.
  EXPECT_EQ(Eval(R"(regexp("^[a-c]+$", "AbC", "i"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^[^a]$", "A", "i"))"), "false");
  EXPECT_EQ(Eval(R"(regexp("\311", "\351", "i"))"), "false");
  EXPECT_EQ(Eval(R"(regexp("(?i)\311", "\351"))"), "false");
  EXPECT_EQ(Eval(R"(regexp("a(?i)b", "aB"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("(?i:a)b", "AB"))"), "false");
  EXPECT_EQ(Eval(R"(regexp("(?x) a b ", "ab"))"), "true");
  // Alternatives sharing a non-ASCII prefix (an RE2 Latin-1 pitfall).
  EXPECT_EQ(Eval(R"(regexp("café|cafés", "un café"))"), "true");
  EXPECT_EQ(Eval(R"q(regexps("(é|e)x", "éx", "\\1"))q"), R"("\303\251")");
  // Escapes and groups.
  EXPECT_EQ(Eval(R"(regexp("^\\x41\\101\\x{42}\\cA$", "AAB\001"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^[\\101-\\x43]+$", "ABC"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^[[:^digit:]]+$", "ab"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^[\\pL]+$", "a\351"))"), "true");  // Latin-1 letter
  EXPECT_EQ(Eval(R"(regexp("^[\\pL]+$", "a\251"))"), "false");
  EXPECT_EQ(Eval(R"x(regexps("(?<word>\\w+)", "hi there", "<\\1>"))x"), R"("<hi>")");
  EXPECT_EQ(Eval(R"(regexp("^a{2}$", "aa"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("^a{x}$", "a{x}"))"), "true");  // not a quantifier
  // What PCRE2 rejects is an error here too.
  EXPECT_EQ(Eval(R"(regexp("^*a", "a"))"), "error");       // quantified assertion
  EXPECT_EQ(Eval(R"(regexp("[:alpha:]", "a"))"), "error");  // POSIX item outside []
  EXPECT_EQ(Eval(R"(regexp("[z-a]", "a"))"), "error");      // range out of order
  EXPECT_EQ(Eval(R"(regexp("[\\d-z]", "a"))"), "error");    // range from a set
  EXPECT_EQ(Eval(R"(regexp("[a", "a"))"), "error");
}

TEST(RegexBuiltins, ExtendedSyntax) {
  EXPECT_EQ(Eval(R"(regexp("a b c # comment", "abc", "x"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("a[ ]b", "a b", "x"))"), "true");   // class keeps space
  EXPECT_EQ(Eval(R"(regexp("a\\ b", "a b", "x"))"), "true");   // escaped space
  EXPECT_EQ(Eval(R"(regexp("a\\#b", "a#b", "x"))"), "true");
  EXPECT_EQ(Eval(R"(regexp("a b", "ab"))"), "false");
}

TEST(RegexBuiltins, RegexpMember) {
  EXPECT_EQ(Eval(R"(regexpMember("^b", {"a", "bc"}))"), "true");
  EXPECT_EQ(Eval(R"(regexpMember("^z", {"a", undefined}))"), "undefined");
  EXPECT_EQ(Eval(R"(regexpMember("^z", {"a", 1}))"), "error");
  EXPECT_EQ(Eval(R"(regexpMember("^A", {"a"}, "i"))"), "true");
}

TEST(RegexBuiltins, StringListRegexpMember) {
  EXPECT_EQ(Eval(R"(stringList_regexpMember("^b", "a, bc"))"), "true");
  EXPECT_EQ(Eval(R"(stringList_regexpMember("^c", "a, bc"))"), "false");
  EXPECT_EQ(Eval(R"(stringList_regexpMember("^B", "a;bc", ";", "i"))"), "true");
  EXPECT_EQ(Eval(R"(stringList_regexpMember("^B", "a;bc", ";", "I"))"), "true");
  EXPECT_EQ(Eval(R"(stringList_regexpMember("x", ""))"), "undefined");
  EXPECT_EQ(Eval(R"(stringList_regexpMember("(", "a"))"), "error");
  EXPECT_EQ(Eval(R"(stringList_regexpMember("a", undefined))"), "error");
  EXPECT_EQ(Eval(R"(stringList_regexpMember("a"))"), "error");
}

// --- versions ---------------------------------------------------------------

// versioncmp() returns HTCondor's natural_cmp value: a raw difference.
TEST(VersionBuiltins, CompareReturnsTheRawDifference) {
  EXPECT_EQ(Eval(R"(versioncmp("01", "010"))"), "-48");
  EXPECT_EQ(Eval(R"(versioncmp("010", "09"))"), "-8");
  EXPECT_EQ(Eval(R"(versioncmp("a", "B"))"), "31");
  EXPECT_EQ(Eval(R"(versioncmp("1", ""))"), "49");
  EXPECT_EQ(Eval(R"(versioncmp("1.0-rc1", "1.0"))"), "45");
  EXPECT_EQ(Eval(R"(versioncmp("1.10", "1.9"))"), "1");
  EXPECT_EQ(Eval(R"(versioncmp("x", "x"))"), "0");
}

TEST(VersionBuiltins, DocumentedOrder) {
  const char* order[] = {"000", "00", "01", "010", "09", "0", "1", "9", "10"};
  for (size_t i = 0; i + 1 < sizeof(order) / sizeof(order[0]); ++i) {
    const std::string call =
        std::string("versionLT(\"") + order[i] + "\", \"" + order[i + 1] + "\")";
    EXPECT_EQ(Eval(call), "true") << call;
  }
}

TEST(VersionBuiltins, Relations) {
  EXPECT_EQ(Eval(R"(versionGE("8.9.11", "8.9.9"))"), "true");
  EXPECT_EQ(Eval(R"(VersionEq("1.0", "1.0"))"), "true");
  EXPECT_EQ(Eval(R"(version_in_range("8.5", "8.0", "9.0"))"), "true");
  EXPECT_EQ(Eval(R"(version_in_range(undefined, "8.0", "9.0"))"), "error");
  EXPECT_EQ(Eval(R"(version_in_range("8.5", undefined, "9.0"))"), "undefined");
}

// --- string lists -------------------------------------------------------------

TEST(StringListBuiltins, Size) {
  EXPECT_EQ(Eval(R"(stringListSize("a, b,c"))"), "3");
  EXPECT_EQ(Eval(R"(stringListSize(" a ,, b "))"), "2");
  EXPECT_EQ(Eval(R"(stringListSize(""))"), "0");
  EXPECT_EQ(Eval(R"(stringListSize("a;b c", ";"))"), "2");
  EXPECT_EQ(Eval(R"(stringListSize("a b", ""))"), "1");
  EXPECT_EQ(Eval("stringListSize(undefined)"), "error");
  EXPECT_EQ(Eval("stringListSize(1)"), "error");
  EXPECT_EQ(Eval(R"(STRINGLISTSIZE("a,b"))"), "2");
}

TEST(StringListBuiltins, Summaries) {
  EXPECT_EQ(Eval(R"(stringListSum("1, 2, 3"))"), "6");
  EXPECT_EQ(Eval(R"(stringListSum("1, 2.5"))"), "3.500000000000000E+00");
  EXPECT_EQ(Eval(R"(stringListSum(""))"), "0.0");
  EXPECT_EQ(Eval(R"(stringListSum("1, x"))"), "error");
  EXPECT_EQ(Eval(R"(stringListAvg("1, 2"))"), "1");  // integers: truncated (HTCondor)
  EXPECT_EQ(Eval(R"(stringListAvg("1, 2.5"))"), "1.750000000000000E+00");
  EXPECT_EQ(Eval(R"(stringListAvg(""))"), "0.0");
  EXPECT_EQ(Eval(R"(stringListMin("3, -2, 7"))"), "-2");
  EXPECT_EQ(Eval(R"(stringListMax("-5, -3"))"), "0");  // starts from FLT_MIN (HTCondor)
  EXPECT_EQ(Eval(R"(stringListMin("1e39"))"), "3.402823466385289E+38");  // FLT_MAX
  EXPECT_EQ(Eval(R"(stringListMax("1e40, 2"))"), "1.000000000000000E+40");
  EXPECT_EQ(Eval(R"(stringListMin(""))"), "undefined");
  EXPECT_EQ(Eval(R"(stringListMax("1;2;3", ";"))"), "3");
  EXPECT_EQ(Eval(R"(stringListMax("12abc"))"), "1.200000000000000E+01");
}

TEST(StringListBuiltins, Member) {
  EXPECT_EQ(Eval(R"(stringListMember("b", "a, b, c"))"), "true");
  EXPECT_EQ(Eval(R"(stringListMember("B", "a, b, c"))"), "false");
  EXPECT_EQ(Eval(R"(stringListIMember("B", "a, b, c"))"), "true");
  EXPECT_EQ(Eval(R"(stringListMember("b", "a\tb\nc"))"), "true");
  EXPECT_EQ(Eval(R"(stringListMember("b", "a;b", ";"))"), "true");
  EXPECT_EQ(Eval(R"(stringListMember("", "a,,b"))"), "false");
  EXPECT_EQ(Eval(R"(stringListMember(undefined, "a"))"), "false");
  EXPECT_EQ(Eval(R"(stringListMember("a", undefined))"), "false");
  EXPECT_EQ(Eval(R"(stringListMember(undefined, undefined))"), "undefined");
  EXPECT_EQ(Eval(R"(stringListMember("a", "a", undefined))"), "true");
  EXPECT_EQ(Eval(R"(stringListMember(1, "1"))"), "error");
  EXPECT_EQ(Eval(R"(stringListMember("a", error))"), "error");
  EXPECT_EQ(Eval(R"(stringListMember("a"))"), "error");
}

TEST(StringListBuiltins, SubsetMatch) {
  EXPECT_EQ(Eval(R"(stringListSubsetMatch("a,b", "a,b,c,d"))"), "true");
  EXPECT_EQ(Eval(R"(stringListSubsetMatch("a,b,x", "a,b,c,d"))"), "false");
  EXPECT_EQ(Eval(R"(stringListSubsetMatch("B, a", "a,b"))"), "false");
  EXPECT_EQ(Eval(R"(stringListISubsetMatch("B, a", "a,b"))"), "true");
  EXPECT_EQ(Eval(R"(stringListSubsetMatch("", "a"))"), "true");
  EXPECT_EQ(Eval(R"(stringListSubsetMatch(undefined, "a"))"), "true");
  EXPECT_EQ(Eval(R"(stringListSubsetMatch("a", undefined))"), "false");
  EXPECT_EQ(Eval(R"(stringListSubsetMatch(undefined, undefined))"), "undefined");
  EXPECT_EQ(Eval(R"(stringListSubsetMatch(" , ", "a"))"), "false");  // no item found (HTCondor)
  EXPECT_EQ(Eval(R"(stringListSubsetMatch("a;b", "b;a;c", ";"))"), "true");
  EXPECT_EQ(Eval(R"(stringListSubsetMatch("a", 1))"), "error");
}

TEST(StringListBuiltins, ListsIntersect) {
  EXPECT_EQ(Eval(R"(stringListsIntersect("a,b", "b,c"))"), "true");
  EXPECT_EQ(Eval(R"(stringListsIntersect("a; b", "b", ";"))"), "false");  // no trimming
  EXPECT_EQ(Eval(R"(stringListsIntersect("a b", "b", ""))"), "true");     // default " ,"
  EXPECT_EQ(Eval(R"(stringListsIntersect(undefined, error))"), "error");
}

TEST(StringListBuiltins, Split) {
  EXPECT_EQ(Eval(R"(split("a b c"))"), R"({ "a","b","c" })");
  EXPECT_EQ(Eval(R"(split("foo, bar"))"), R"({ "foo","bar" })");
  EXPECT_EQ(Eval(R"(split("foo ,bar"))"), R"({ "foo","bar" })");
  EXPECT_EQ(Eval(R"(split("foo,,bar"))"), R"({ "foo","","bar" })");
  EXPECT_EQ(Eval(R"(split(" ,a, "))"), R"({ "a" })");
  EXPECT_EQ(Eval(R"(split("a:b;c", ":;"))"), R"({ "a","b","c" })");
  EXPECT_EQ(Eval(R"(split("a b", ""))"), R"({ "a b" })");
  EXPECT_EQ(Eval(R"(split(""))"), "{  }");
  EXPECT_EQ(Eval("split(undefined)"), "error");
  EXPECT_EQ(Eval(R"(size(split("x y z")))"), "3");
}

TEST(StringListBuiltins, SplitNames) {
  EXPECT_EQ(Eval(R"(splitUserName("user@domain"))"), R"({ "user","domain" })");
  EXPECT_EQ(Eval(R"(splitUserName("user"))"), R"({ "user","" })");
  EXPECT_EQ(Eval(R"(splitSlotName("slot1@machine"))"), R"({ "slot1","machine" })");
  EXPECT_EQ(Eval(R"(splitSlotName("machine"))"), R"({ "","machine" })");
  EXPECT_EQ(Eval(R"(splitSlotName("slot1_2@m@x"))"), R"({ "slot1_2","m@x" })");
  EXPECT_EQ(Eval("splitUserName(undefined)"), "error");
  EXPECT_EQ(Eval(R"(splitUserName("a", "b"))"), "error");
}

// Expectations are HTCondor 25.13.2's (condor_utils' userMap_func and
// userHome_func; userHome with CLASSAD_ENABLE_USER_HOME false).
TEST(StringListBuiltins, UserMapWithoutMapsAndUserHome) {
  EXPECT_EQ(Eval(R"(userMap("x", "y"))"), "undefined");
  EXPECT_EQ(Eval(R"(userMap("x", "y", "z"))"), "undefined");
  EXPECT_EQ(Eval(R"(userMap("x", "y", "z", "w"))"), R"("w")");
  EXPECT_EQ(Eval(R"(userMap("x", "y", "z", 5))"), "5");
  EXPECT_EQ(Eval(R"(userMap(1, "y"))"), "undefined");
  EXPECT_EQ(Eval(R"(userMap(error, "y"))"), "error");
  EXPECT_EQ(Eval(R"(userMap(1, "y", "p", "d"))"), R"("d")");
  EXPECT_EQ(Eval(R"(userMap("x"))"), "error");
  EXPECT_EQ(Eval("userMap(undefined, error, 1, 2)"), "error");
  EXPECT_EQ(Eval(R"(userHome("root"))"), "undefined");
  EXPECT_EQ(Eval(R"(userHome("nosuchuser", "dflt"))"), R"("dflt")");
  EXPECT_EQ(Eval("userHome(3)"), "error");
  EXPECT_EQ(Eval(R"(userHome(undefined, "d"))"), R"("d")");
  EXPECT_EQ(Eval(R"(userHome("x", ""))"), "undefined");
  EXPECT_EQ(Eval("userHome()"), "error");
}

// A map that gives "Physics, chem ,," for every input of submap `*`.
class FixedUserMaps : public UserMaps {
 public:
  std::optional<std::string> Map(std::string_view map_name, std::string_view method,
                                 std::string_view) const override {
    if (map_name != "groups") return std::nullopt;
    if (method == "*") return std::string("Physics, chem ,,");
    if (method == "empty") return std::string(" , ");
    return std::nullopt;
  }
};

TEST(StringListBuiltins, UserMapChoosesTheGroup) {
  FixedUserMaps maps;
  EvalOptions options;
  options.user_maps = &maps;
  EXPECT_EQ(Eval(R"(userMap("groups", "u"))", options), R"("Physics, chem ,,")");
  EXPECT_EQ(Eval(R"(userMap("groups", "u", "CHEM"))", options), R"("chem")");
  EXPECT_EQ(Eval(R"(userMap("groups", "u", "bio"))", options), R"("Physics")");
  EXPECT_EQ(Eval(R"(userMap("groups", "u", 3))", options), R"("Physics")");
  EXPECT_EQ(Eval(R"(userMap("groups.empty", "u", "x"))", options), "undefined");
  EXPECT_EQ(Eval(R"(userMap("groups.empty", "u", "x", "d"))", options), R"("d")");
  EXPECT_EQ(Eval(R"(userMap("groups.other", "u"))", options), "undefined");
}

TEST(StringListBuiltins, Environment) {
  EXPECT_EQ(Eval(R"(envV1ToV2("B=2;A=1"))"), R"("A=1 B=2")");
  EXPECT_EQ(Eval(R"(envV1ToV2("A=x y;B='q'"))"), R"("A=x' 'y B=''''q''''")");
  EXPECT_EQ(Eval(R"(envV1ToV2("|A=1;2|B=3"))"), R"("A=1;2 B=3")");
  EXPECT_EQ(Eval(R"(envV1ToV2(""))"), R"("")");
  EXPECT_EQ(Eval(R"(envV1ToV2("A=1;oops"))"), "error");
  EXPECT_EQ(Eval("envV1ToV2(undefined)"), "undefined");
  EXPECT_EQ(Eval(R"(mergeEnvironment("A=1 B=2", undefined, "B=3 C=''"))"),
            R"("A=1 B=3 C=")");
  EXPECT_EQ(Eval(R"(mergeEnvironment("A='x y'"))"), R"("A=x' 'y")");
  EXPECT_EQ(Eval(R"(mergeEnvironment("A='x"))"), "error");
  EXPECT_EQ(Eval(R"(mergeEnvironment(1))"), "error");
  EXPECT_EQ(Eval("mergeEnvironment()"), R"("")");
}

TEST(StringListBuiltins, Arguments) {
  EXPECT_EQ(Eval(R"(argsToList("a 'b c' d''e"))"), R"({ "a","b c","de" })");
  EXPECT_EQ(Eval(R"(argsToList("a 'it''s'"))"), R"({ "a","it's" })");
  EXPECT_EQ(Eval(R"(argsToList("a 'b c'", 1))"), R"({ "a","'b","c'" })");
  EXPECT_EQ(Eval(R"(argsToList("a 'b"))"), "error");
  EXPECT_EQ(Eval(R"(argsToList("a", 3))"), "error");
  EXPECT_EQ(Eval(R"(listToArgs({"a", "b c", ""}))"), R"("a b' 'c ''")");
  EXPECT_EQ(Eval(R"(listToArgs({"a", "b"}, 1))"), R"("a b")");
  EXPECT_EQ(Eval(R"(listToArgs({"a", "b c"}, 1))"), "error");
  EXPECT_EQ(Eval(R"(listToArgs({"a", 1}))"), "error");
  EXPECT_EQ(Eval(R"(argsToList(listToArgs({"x y", "it's", ""})))"), R"({ "x y","it's","" })");
}

}  // namespace
}  // namespace classad
