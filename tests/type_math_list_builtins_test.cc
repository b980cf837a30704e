// Tests of the type, conversion, math and list built-ins: the choices made
// where the reference behaves by accident (quirks.tsv), the functions the
// conformance corpus does not cover (evalInEachContext, countMatches,
// random), limits, and every conformance case that calls one of them.

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <re2/re2.h>

#include "classad/classad.h"
#include "classad/convert.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/time_util.h"
#include "classad/unparse.h"
#include "classad/value.h"
#include "tests/test_ads.h"
#include "tests/conformance_runner.h"

namespace classad {
namespace {

// Parses `ad_text` as an ad; fails the test when it does not parse.
// Evaluates `text` with MY = `my`, TARGET = `target`, and returns the value
// as the conformance corpus prints it ("PARSE_ERROR" when it does not parse).
std::string Eval(std::string_view text, const ClassAd* my = nullptr,
                 const ClassAd* target = nullptr, const EvalOptions& options = {}) {
  ParseOptions parse_options;
  parse_options.compat = options.mode == ScopingMode::kCompat;
  Result<ExprPtr> expr = ParseExpression(text, parse_options);
  if (!expr.ok()) return "PARSE_ERROR";
  return UnparseValue(EvaluateExpr(**expr, my, target, options));
}

// Evaluates `text` with no ads and returns the value itself.
Value EvalValue(std::string_view text) {
  Result<ExprPtr> expr = ParseExpression(text);
  EXPECT_TRUE(expr.ok()) << text;
  if (!expr.ok()) return Value::Error();
  return EvaluateExpr(**expr, nullptr, nullptr);
}

// --- conversions (convert.h) --------------------------------------------------

TEST(ConvertTest, ValueToStringReplacesTheOutput) {
  std::string out = "stale";
  ASSERT_TRUE(ValueToString(Value::Integer(42), &out));
  EXPECT_EQ(out, "42");
  ASSERT_TRUE(ValueToString(Value::String("a\"b"), &out));
  EXPECT_EQ(out, "a\"b");
  ASSERT_TRUE(ValueToString(Value::Real(0.5), &out));
  EXPECT_EQ(out, "5.000000000000000E-01");
  ASSERT_TRUE(ValueToString(Value::Boolean(false), &out));
  EXPECT_EQ(out, "false");
  EXPECT_FALSE(ValueToString(Value::Undefined(), &out));
  EXPECT_FALSE(ValueToString(Value::Error(), &out));
}

TEST(ConvertTest, TimesConvertToTheirCanonicalText) {
  std::string out;
  ASSERT_TRUE(ValueToString(Value::RelTime(90), &out));
  EXPECT_EQ(out, "01:30");
  ASSERT_TRUE(ValueToString(Value::AbsoluteTime({0, 0}), &out));
  EXPECT_EQ(out, "1970-01-01T00:00:00-00:00");
}

// int() and real() read strings with C's strtod(), as HTCondor does; int()
// truncates that double (precision lost above 2^53, INT64_MIN out of range,
// TruncateLikeX86).
TEST(ConvertTest, IntegersFromStringsGoThroughADouble) {
  EXPECT_EQ(Eval("int(\"9223372036854775807\")"), "-9223372036854775808");
  EXPECT_EQ(Eval("int(\"-9223372036854775808\")"), "-9223372036854775808");
  EXPECT_EQ(Eval("int(\"123456789012345678901\")"), "-9223372036854775808");
  EXPECT_EQ(Eval("int(\"9007199254740993\")"), "9007199254740992");
  EXPECT_EQ(Eval("int(\"  +17xyz\")"), "17");
  EXPECT_EQ(Eval("int(\"2.9e2\")"), "290");
  EXPECT_EQ(Eval("int(\"xyz\")"), "error");
}

// strtod() reads hexadecimal, hexadecimal floats included: this settles
// hexadecimal strings in int() and real().
TEST(ConvertTest, HexadecimalStringsAreNumbers) {
  EXPECT_EQ(Eval("int(\"0x1A\")"), "26");
  EXPECT_EQ(Eval("int(\"-0x10\")"), "-16");
  EXPECT_EQ(Eval("real(\"0x1A\")"), "2.600000000000000E+01");
  EXPECT_EQ(Eval("real(\"0x1p3\")"), "8.000000000000000E+00");
  EXPECT_EQ(Eval("int(\"0x\")"), "0");  // strtod reads the 0
}

// A double outside 64 bits (or NaN) cast to an integer gives INT64_MIN on
// x86-64 (undefined behaviour in C++, what every pool computes).
TEST(ConvertTest, OutOfRangeIntegerConversionsGiveInt64Min) {
  for (const char* text : {"int(\"nan\")", "int(\"inf\")", "int(\"-infinity\")",
                           "int(\"1e400\")", "int(1e30)", "int(-1e30)", "int(real(\"NaN\"))"}) {
    EXPECT_EQ(Eval(text), "-9223372036854775808") << text;
  }
  EXPECT_EQ(Eval("int(9.2e18)"), "9200000000000000000");
  EXPECT_EQ(TruncateLikeX86(-9223372036854775808.0), INT64_MIN);
  EXPECT_EQ(TruncateLikeX86(9223372036854775808.0), INT64_MIN);
  EXPECT_EQ(TruncateLikeX86(-2.9), -2);
}

// The same for a 32-bit int (HTCondor's int parameters and variables).
TEST(ConvertTest, OutOfRangeIntConversionsGiveIntMin) {
  EXPECT_EQ(TruncateToIntLikeX86(0.29 * 100), 28);  // 28.999999999999996
  EXPECT_EQ(TruncateToIntLikeX86(-2.9), -2);
  EXPECT_EQ(TruncateToIntLikeX86(2147483647.9), INT32_MAX);
  EXPECT_EQ(TruncateToIntLikeX86(-2147483648.9), INT32_MIN);  // truncates into range
  for (double r : {std::nan(""), HUGE_VAL, -HUGE_VAL, 2147483648.0, -2147483649.0, 1e12, -1e12}) {
    EXPECT_EQ(TruncateToIntLikeX86(r), INT32_MIN) << r;
  }
}

// HTCondor reads a relative time into a time_t for these: whole seconds.
TEST(ConvertTest, RelativeTimesConvertAsWholeSeconds) {
  EXPECT_EQ(Eval("real(relTime(90.5))"), "9.000000000000000E+01");
  EXPECT_EQ(Eval("int(relTime(90.5))"), "90");
  EXPECT_EQ(Eval("bool(relTime(0.5))"), "false");
  // Through an int: INT_MIN beyond 32 bits.
  EXPECT_EQ(Eval("int(relTime(3e9))"), "-2147483648");
  EXPECT_EQ(Eval("string(relTime(3e9))"), "\"--24855+-3:-14:-8\"");
  EXPECT_EQ(Eval("splitTime(relTime(1e300))"),
            "[ Days = -24855; Type = \"RelativeTime\"; Hours = -3; Minutes = -14; "
            "Seconds = -8.000000000000000E+00 ]");
  EXPECT_EQ(Eval("interval(relTime(3e9))"), "\"-24855+03:14:08\"");
  EXPECT_EQ(Eval("absTime(\"2020-01-01T00:00:00+05:00\") + relTime(3e9)"),
            "absTime(\"1951-12-13T20:45:52+05:00\")");
  EXPECT_EQ(Eval("string(relTime(90.5))"), "\"01:30\"");
  EXPECT_EQ(Eval("strcat(\"x\", relTime(1.5))"), "\"x01\"");
}

TEST(ConvertTest, BooleanConversion) {
  EXPECT_EQ(Eval("bool(\"TrUe\")"), "true");
  EXPECT_EQ(Eval("bool(\"no\")"), "undefined");
  EXPECT_EQ(Eval("bool(real(\"NaN\"))"), "true");
  EXPECT_EQ(Eval("bool({})"), "error");
  EXPECT_EQ(Eval("bool([a=1])"), "error");
}

// --- type predicates and meta functions -------------------------------------

TEST(TypeBuiltinsTest, PredicatesNeedExactlyOneArgument) {
  for (const char* name : {"isUndefined", "isError", "isString", "isInteger", "isReal",
                           "isList", "isClassAd", "isBoolean", "isAbstime", "isReltime"}) {
    EXPECT_EQ(Eval(std::string(name) + "()"), "error") << name;
    EXPECT_EQ(Eval(std::string(name) + "(1, 2)"), "error") << name;
  }
  EXPECT_EQ(Eval("isReltime(relTime(5))"), "true");
  EXPECT_EQ(Eval("isAbstime(absTime(0))"), "true");
}

TEST(TypeBuiltinsTest, IfThenElseEvaluatesOnlyTheChosenBranch) {
  auto ad = TestAd("[ Loop = Loop2; Loop2 = Loop ]");
  EXPECT_EQ(Eval("ifThenElse(true, 1, Loop)", ad.get()), "1");
  EXPECT_EQ(Eval("ifThenElse(0, eval(\"(\"), \"else\")"), "\"else\"");
  EXPECT_EQ(Eval("ifThenElse(\"true\", 1, 2)"), "error");
}

TEST(TypeBuiltinsTest, EvalParsesAndEvaluatesInTheCurrentAd) {
  auto ad = TestAd("[ A = 2; Name = \"A\"; Self = eval(\"Self\") ]");
  EXPECT_EQ(Eval("eval(Name) * 3", ad.get()), "6");
  EXPECT_EQ(Eval("eval(\"[x = 1; y = x + 1]\").y"), "2");
  EXPECT_EQ(Eval("eval(\"{1, 1+1}\")"), "{ 1,1 + 1 }");
  // An eval() that refers back to its own attribute is a loop: undefined.
  EXPECT_EQ(Eval("Self", ad.get()), "undefined");
  EXPECT_EQ(Eval("eval(\"(\")"), "error");
}

TEST(TypeBuiltinsTest, EvalNestingIsBounded) {
  std::string text = "1";
  for (int i = 0; i < 12; ++i) {
    std::string quoted;
    AppendQuotedString(text, '"', &quoted);
    text = "eval(" + quoted + ")";
  }
  EvalOptions options;
  options.limits.max_eval_depth = 20;
  EXPECT_EQ(Eval(text, nullptr, nullptr, options), "error");
  EXPECT_EQ(Eval(text), "1");
}

// unparse() prints as HTCondor's PrettyPrint: lists and ads over several
// lines, indented by 3 and 4.
TEST(TypeBuiltinsTest, UnparsePrintsAsHTCondorsPrettyPrinter) {
  auto ad = TestAd("[ L = { 1, \"two\" }; R = [ a = 1 ]; X = a  +  b; 'odd name' = 1; "
                   "E = {}; N = { [ b = {} ] } ]");
  EXPECT_EQ(Eval("unparse(L)", ad.get()), "\"\\n   {\\n      1,\\n      \\\"two\\\"\\n   }\"");
  EXPECT_EQ(Eval("unparse(R)", ad.get()), "\"\\n    [\\n        a = 1\\n    ]\"");
  EXPECT_EQ(Eval("unparse(E)", ad.get()), "\"\\n   {\\n   }\"");
  std::string nested;
  UnparsePrettyTo(*ParseExpression("{ [ b = {} ] }").value(), &nested);
  EXPECT_EQ(nested,
            "\n   {\n      \n          [\n              b = \n                 {\n"
            "                 }\n          ]\n   }");
  EXPECT_EQ(Eval("unparse(X)", ad.get()), "\"a + b\"");
  EXPECT_EQ(Eval("unparse(x)", ad.get()), "\"a + b\"");
  EXPECT_EQ(Eval("unparse(NoSuch)", ad.get()), "\"\"");
  EXPECT_EQ(Eval("unparse('odd name')", ad.get()), "\"\"");
  EXPECT_EQ(Eval("unparse((X))", ad.get()), "error");
}

TEST(TypeBuiltinsTest, UnresolvedListsExternalReferences) {
  // The manual's example (which prints "Arch,Cpus,OpSys"): names are kept
  // in case-insensitive order of their full spelling, as the reference
  // keeps them, so TARGET.Arch (TARGET is undefined here) sorts last.
  auto job = TestAd(
      "[ Requirements = OpSys == \"LINUX\" && TARGET.Arch == \"ARM\" && Cpus >= RequestCpus;"
      "  RequestCpus = 1; Chain = Requirements || Extra.Thing ]");
  EXPECT_EQ(Eval("unresolved(Requirements)", job.get()), "\"Cpus,OpSys,Arch\"");
  EXPECT_EQ(Eval("unresolved(Requirements, \"^OpSys\")", job.get()), "true");
  EXPECT_EQ(Eval("unresolved(Requirements, \"OpSys.+\")", job.get()), "false");
  EXPECT_EQ(Eval("unresolved(Requirements, \"^opsys$\")", job.get()), "true");
  // Only non-empty matches count (PCRE's NOTEMPTY).
  EXPECT_EQ(Eval("unresolved(Requirements, \"x*\")", job.get()), "false");
  EXPECT_EQ(Eval("unresolved(Requirements, \"z*s\")", job.get()), "true");
  // References are followed through the ad's own attributes.
  EXPECT_EQ(Eval("unresolved(Chain)", job.get()), "\"Cpus,Extra.Thing,OpSys,Arch\"");
  EXPECT_EQ(Eval("unresolved(RequestCpus)", job.get()), "\"\"");
  EXPECT_EQ(Eval("unresolved(NoSuch)", job.get()), "undefined");
  EXPECT_EQ(Eval("unresolved(NoSuch, \"(\")", job.get()), "undefined");
  EXPECT_EQ(Eval("unresolved(Requirements, \"(\")", job.get()), "error");
  EXPECT_EQ(Eval("unresolved(Requirements, 1)", job.get()), "error");
}

TEST(TypeBuiltinsTest, UnresolvedSeesTheTargetAd) {
  auto job = TestAd("[ Requirements = TARGET.Arch == \"X86_64\" && Memory > 1 ]");
  auto machine = TestAd("[ Arch = \"X86_64\"; Memory = 8 ]");
  // TARGET.Arch resolves; the unqualified Memory is not an attribute of MY.
  EXPECT_EQ(Eval("unresolved(Requirements)", job.get(), machine.get()), "\"Memory\"");
}

TEST(TypeBuiltinsTest, UnresolvedSurvivesLoops) {
  auto ad = TestAd("[ A = B; B = A + C ]");
  EXPECT_EQ(Eval("unresolved(A)", ad.get()), "\"\"");
}

TEST(TypeBuiltinsTest, DebugIsTheIdentity) {
  EXPECT_EQ(Eval("debug(1 + 2)"), "3");
  EXPECT_EQ(Eval("debug(1, 2)"), "error");
}

// --- math ---------------------------------------------------------------------

// Integer pow() goes through a double, plus 0.5, cast (HTCondor).
TEST(MathBuiltinsTest, IntegerPowerGoesThroughADouble) {
  EXPECT_EQ(Eval("pow(-2, 3)"), "-7");
  EXPECT_EQ(Eval("pow(-3, 3)"), "-26");
  EXPECT_EQ(Eval("pow(-1, 1000001)"), "0");
  EXPECT_EQ(Eval("pow(-1, 1000000)"), "1");
  EXPECT_EQ(Eval("pow(3, 38)"), "1350851717672992000");
  EXPECT_EQ(Eval("pow(3, 39)"), "4052555153018976256");
  EXPECT_EQ(Eval("pow(2, 62)"), "4611686018427387904");
  EXPECT_EQ(Eval("pow(0, 9223372036854775807)"), "0");
  EXPECT_EQ(Eval("pow(2, -1)"), "5.000000000000000E-01");
}

TEST(MathBuiltinsTest, IntegerPowerOverflowGivesInt64Min) {
  for (const char* text : {"pow(2, 63)", "pow(2, 64)", "pow(10, 400)", "pow(-2, 63)",
                           "pow(-2, 9223372036854775807)"}) {
    EXPECT_EQ(Eval(text), "-9223372036854775808") << text;
  }
}

TEST(MathBuiltinsTest, RoundingOutOfRangeGivesInt64Min) {
  for (const char* fn : {"floor", "ceiling", "ceil", "round"}) {
    for (const char* arg : {"1e30", "-1e30", "real(\"INF\")", "real(\"-INF\")", "real(\"NaN\")"}) {
      EXPECT_EQ(Eval(std::string(fn) + "(" + arg + ")"), "-9223372036854775808")
          << fn << "(" << arg << ")";
    }
  }
  EXPECT_EQ(Eval("floor(-9223372036854775808.0)"), "-9223372036854775808");
  EXPECT_EQ(Eval("ceiling(9223372036854775808.0)"), "-9223372036854775808");
  EXPECT_EQ(Eval("floor(-2.5)"), "-3");
}

TEST(MathBuiltinsTest, RoundingSeesTheWholeSecondsOfRelativeTimes) {
  EXPECT_EQ(Eval("floor(relTime(90.7))"), "90");
  EXPECT_EQ(Eval("ceiling(relTime(90.7))"), "90");
  EXPECT_EQ(Eval("ceil(relTime(90.2))"), "90");
  EXPECT_EQ(Eval("round(relTime(90.7))"), "90");
  EXPECT_EQ(Eval("round(2.5)"), "2");
  EXPECT_EQ(Eval("round(3.5)"), "4");
}

// HTCondor's ((a + b - 1) / b) * b with C's division and wrap-around.
TEST(MathBuiltinsTest, IntegerQuantizeAsHTCondorComputesIt) {
  EXPECT_EQ(Eval("quantize(3, -2)"), "0");
  EXPECT_EQ(Eval("quantize(3, 2)"), "4");
  EXPECT_EQ(Eval("quantize(-4, 2)"), "-2");
  EXPECT_EQ(Eval("quantize(-3, 2)"), "-2");
  EXPECT_EQ(Eval("quantize(-3, -2)"), "-6");
  EXPECT_EQ(Eval("quantize(9223372036854775807, 2)"), "-9223372036854775808");
  EXPECT_EQ(Eval("quantize(-9223372036854775806, -1)"), "error");  // HTCondor traps
  EXPECT_EQ(Eval("quantize(0, {4})"), "4");
  EXPECT_EQ(Eval("quantize(2.7, {1, 2, 0.5})"), "3.000000000000000E+00");
  EXPECT_EQ(Eval("quantize(3, {1, 2, \"A\"})"), "error");
  EXPECT_EQ(Eval("quantize(6.8, 1.2)"), "7.199999999999999E+00");
}

TEST(MathBuiltinsTest, RandomStaysInRange) {
  for (int i = 0; i < 200; ++i) {
    Value small = EvalValue("random(3)");
    ASSERT_TRUE(small.IsInteger());
    EXPECT_GE(small.integer(), 0);
    EXPECT_LT(small.integer(), 3);
    Value real = EvalValue("random(2.5)");
    ASSERT_TRUE(real.IsReal());
    EXPECT_GE(real.real(), 0.0);
    EXPECT_LT(real.real(), 2.5);
    Value unit = EvalValue("random()");
    ASSERT_TRUE(unit.IsReal());
    EXPECT_GE(unit.real(), 0.0);
    EXPECT_LT(unit.real(), 1.0);
  }
  EXPECT_EQ(Eval("random(1)"), "0");
  EXPECT_EQ(Eval("random(0)"), "error");
  EXPECT_EQ(Eval("random(-2.5)"), "error");
  EXPECT_EQ(Eval("random(true)"), "error");
  EXPECT_EQ(Eval("random(real(\"NaN\"))"), "error");
}

// --- lists --------------------------------------------------------------------

// HTCondor starts from the first element as it is; an operator turns
// booleans into 0 and 1.
TEST(ListBuiltinsTest, ALoneBooleanIsReturnedAsItIs) {
  EXPECT_EQ(Eval("sum({true})"), "true");
  EXPECT_EQ(Eval("sum({true, true})"), "2");
  EXPECT_EQ(Eval("min({true})"), "true");
  EXPECT_EQ(Eval("max({true})"), "true");
  EXPECT_EQ(Eval("min({true, 2})"), "1");
  EXPECT_EQ(Eval("max({false, 0.5})"), "5.000000000000000E-01");
  EXPECT_EQ(Eval("avg({true})"), "1.000000000000000E+00");
}

TEST(ListBuiltinsTest, OnlyUndefinedElementsSumToZero) {
  EXPECT_EQ(Eval("sum({undefined})"), "0");
  EXPECT_EQ(Eval("sum({undefined, NoSuch})"), "0");
  EXPECT_EQ(Eval("avg({undefined})"), "0");
  EXPECT_EQ(Eval("sum({})"), "0");
  EXPECT_EQ(Eval("avg({})"), "0");
  EXPECT_EQ(Eval("min({undefined})"), "undefined");
}

TEST(ListBuiltinsTest, MinAndMaxAreRealWhenAnyElementIsReal) {
  EXPECT_EQ(Eval("min({1, 2, 3.5})"), "1.000000000000000E+00");
  EXPECT_EQ(Eval("max({7, 2.5, 3})"), "7.000000000000000E+00");
  EXPECT_EQ(Eval("max({7, 2, 3})"), "7");
}

// HTCondor's loop stops with false at the first comparison that is
// undefined, for anyCompare() as for allCompare().
TEST(ListBuiltinsTest, AnyCompareStopsAtTheFirstUndefinedComparison) {
  EXPECT_EQ(Eval("anyCompare(\"<\", {undefined, 1}, 5)"), "false");
  EXPECT_EQ(Eval("anyCompare(\"<\", {1, undefined}, 5)"), "true");
  EXPECT_EQ(Eval("anyCompare(\"==\", {NoSuch, 3}, 3)"), "false");
  EXPECT_EQ(Eval("anyCompare(\"<\", {undefined}, 1)"), "false");
  EXPECT_EQ(Eval("allCompare(\"<\", {1, undefined}, 5)"), "false");
  // An error before a match still gives error.
  EXPECT_EQ(Eval("anyCompare(\"==\", {\"a\", 3}, 3)"), "error");
  EXPECT_EQ(Eval("anyCompare(\"==\", {3, \"a\"}, 3)"), "true");
}

TEST(ListBuiltinsTest, MemberUsesTheLanguageComparisons) {
  EXPECT_EQ(Eval("member(\"A\", {\"a\"})"), "true");
  EXPECT_EQ(Eval("identicalMember(\"A\", {\"a\"})"), "false");
  EXPECT_EQ(Eval("member(relTime(5), {relTime(5)})"), "true");
}

TEST(ListBuiltinsTest, SizeCountsBytesElementsAndAttributes) {
  EXPECT_EQ(Eval("size(\"\xc3\xa9\")"), "2");
  EXPECT_EQ(Eval("size({1, {2, 3}})"), "2");
  EXPECT_EQ(Eval("size([a = 1; b = 2])"), "2");
  EXPECT_EQ(Eval("size(true)"), "error");
}

TEST(ListBuiltinsTest, EvalInEachContextFollowsTheManual) {
  EXPECT_EQ(Eval("evalInEachContext(Prio > 2, { [Prio=3;], [Prio=1;] })"), "{ true,false }");
  EXPECT_EQ(Eval("evalInEachContext(Prio, { [Prio=3;], [Prio=1;] })"), "{ 3,1 }");
  // The reference code (not its manual) keeps undefined elements and lists.
  EXPECT_EQ(Eval("evalInEachContext(Prio > 2, { [Prio=3;], undefined })"),
            "{ true,undefined }");
  EXPECT_EQ(Eval("evalInEachContext(Prio > 2, UNDEFINED)"), "undefined");
  EXPECT_EQ(Eval("evalInEachContext(Prio > 2, { [Prio=3;], 7 })"), "{ true,error }");
  EXPECT_EQ(Eval("evalInEachContext(Prio > 2, 7)"), "error");
  EXPECT_EQ(Eval("evalInEachContext(Prio > 2, {})"), "{  }");
  EXPECT_EQ(Eval("evalInEachContext(L, { [L = {1, 2}], [L = [a = 1]] })"),
            "{ { 1,2 },[ a = 1 ] }");
  EXPECT_EQ(Eval("evalInEachContext(Prio)"), "error");
}

TEST(ListBuiltinsTest, CountMatchesFollowsTheManual) {
  EXPECT_EQ(Eval("countMatches(Prio > 2, { [Prio=3;], [Prio=1;] })"), "1");
  EXPECT_EQ(Eval("countMatches(Prio > 2, { [Prio=3;], UNDEFINED })"), "1");
  EXPECT_EQ(Eval("countMatches(Prio > 2, UNDEFINED)"), "0");
  EXPECT_EQ(Eval("countMatches(Prio, { [Prio=3], [Prio=0], [Prio=true], [Prio=\"x\"] })"), "2");
  EXPECT_EQ(Eval("countMatches(Prio > 2, error)"), "error");
  EXPECT_EQ(Eval("countMatches(Prio > 2, 1, 2)"), "error");
}

TEST(ListBuiltinsTest, MatchFunctionsApplyMyExpressionsToNestedAds) {
  // HTCondor's heterogeneous-GPU idiom.
  auto machine = TestAd(
      "[ AvailableGPUs = { GPUs_tag1, GPUs_tag2 };"
      "  GPUs_tag1 = [ Capability = 4.0; Name = \"GRX\" ];"
      "  GPUs_tag2 = [ Capability = 5.5; Name = \"Tesla\" ] ]");
  auto job = TestAd("[ RequireGPUs = Capability > 4; RequestGPUs = 1 ]");
  EXPECT_EQ(Eval("countMatches(MY.RequireGPUs, TARGET.AvailableGPUs)", job.get(), machine.get()),
            "1");
  EXPECT_EQ(Eval("evalInEachContext(RequireGPUs, TARGET.AvailableGPUs)", job.get(),
                 machine.get()),
            "{ false,true }");
  EXPECT_EQ(Eval("evalInEachContext(Name, AvailableGPUs)", machine.get()),
            "{ \"GRX\",\"Tesla\" }");
  EXPECT_EQ(Eval("countMatches(RequireGPUs, TARGET.AvailableGPUs) >= RequestGPUs", job.get(),
                 machine.get()),
            "true");
}

TEST(ListBuiltinsTest, LongListsHitTheWorkBudget) {
  std::string list = "{1";
  for (int i = 1; i < 2000; ++i) list += ",1";
  list += "}";
  EvalOptions tight;
  tight.limits.max_eval_steps = 1000;
  const std::vector<std::string> calls = {
      "sum(" + list + ")",           "avg(" + list + ")",
      "min(" + list + ")",           "max(" + list + ")",
      "member(2, " + list + ")",     "anyCompare(\"==\", " + list + ", 2)",
      "quantize(5, " + list + ")",   "countMatches(x, " + list + ")",
  };
  for (const std::string& call : calls) {
    EXPECT_NE(Eval(call), "error") << call.substr(0, 20);
    EXPECT_EQ(Eval(call, nullptr, nullptr, tight), "error") << call.substr(0, 20);
  }
}

// --- the conformance cases of these families -------------------------------------

// Runs every conformance case whose expression calls one of this file's
// functions and reports each mismatch.
TEST(TypeMathListConformanceTest, EveryCaseCallingTheseFunctionsPasses) {
  const std::string dir = std::string(CLASSAD_TEST_DATA_DIR) + "/conformance";
  Result<std::vector<testing::ConformanceCase>> cases = testing::LoadCases(dir + "/cases.tsv");
  ASSERT_TRUE(cases.ok()) << cases.status().ToString();
  static const RE2 kCallsOurs(
      "(?i)\\b(is(undefined|error|string|integer|real|list|classad|boolean|abstime|reltime)|"
      "int|real|string|bool|ifthenelse|eval|unparse|unresolved|debug|floor|ceiling|ceil|round|"
      "pow|quantize|random|size|member|identicalmember|anycompare|allcompare|sum|avg|min|max|"
      "evalineachcontext|countmatches)\\s*\\(");
  testing::AdLibrary ads(dir);
  int run = 0;
  for (const testing::ConformanceCase& c : *cases) {
    if (c.kind != "eval-compat" && c.kind != "eval-strict") continue;
    if (!RE2::PartialMatch(c.expression, kCallsOurs)) continue;
    ++run;
    EXPECT_EQ(testing::RunCaseWithLibrary(c, ads), c.expected)
        << c.id << " " << c.kind << ": " << c.expression;
  }
  EXPECT_GT(run, 900);
}

}  // namespace
}  // namespace classad
