// The evaluator notes the HTCondor quirks an evaluation goes through
// (classad/quirks.h), on both paths, and notes nothing when not asked or
// when no quirk was taken.
#include "classad/quirks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

// The quirks noted while evaluating `text` with MY = `ad` (compiled, or
// the tree walker).
std::vector<Quirk> Noted(const std::string& text, bool compiled,
                         const std::string& ad_text = "[ s = \"0x10\"; t = \"2020\"; "
                                                      "n = undefined; l = { 1, undefined } ]") {
  auto ad = TestAd(ad_text);
  Result<ExprPtr> expr = ParseExpression(text);
  EXPECT_TRUE(expr.ok()) << text;
  if (!expr.ok()) return {};
  QuirkNotes notes;
  EvalOptions options;
  options.compiled = compiled;
  options.quirk_notes = &notes;
  EvaluateExpr(**expr, ad.get(), nullptr, options);
  return notes.List();
}

using Q = std::vector<Quirk>;

TEST(QuirkNotesTest, EachRuntimeQuirkIsNoted) {
  for (bool compiled : {true, false}) {
    SCOPED_TRACE(compiled ? "compiled" : "tree");
    EXPECT_EQ(Noted("sum(l)", compiled), Q{Quirk::kListAggregate});
    EXPECT_EQ(Noted("max({ true, 2 })", compiled), Q{Quirk::kListAggregate});
    EXPECT_EQ(Noted("anyCompare(\"<\", l, 0)", compiled), Q{Quirk::kListAggregate});
    EXPECT_EQ(Noted("pow(3, 38)", compiled), Q{Quirk::kIntegerPow});
    EXPECT_EQ(Noted("pow(-2, 3)", compiled), Q{Quirk::kIntegerPow});   // -7
    EXPECT_EQ(Noted("pow(-1, 63)", compiled), Q{Quirk::kIntegerPow});  // 0
    EXPECT_EQ(Noted("stringListAvg(\"1,2\")", compiled), Q{Quirk::kStringListSummary});
    EXPECT_EQ(Noted("stringListMax(\"-5,-3\")", compiled), Q{Quirk::kStringListSummary});
    EXPECT_EQ(Noted("join(\" \", \"\", \"a\")", compiled), Q{Quirk::kJoinEmpty});
    EXPECT_EQ(Noted("regexp(\"A\", \"a\", \"I\")", compiled), Q{Quirk::kRegexpOptions});
    EXPECT_EQ(Noted("int(s)", compiled), Q{Quirk::kConversion});
    EXPECT_EQ(Noted("real(strcat(\"in\", \"f\"))", compiled), Q{Quirk::kConversion});
    EXPECT_EQ(Noted("absTime(t)", compiled), Q{Quirk::kTimeOfString});
    EXPECT_EQ(Noted("relTime(t)", compiled), Q{Quirk::kTimeOfString});
    EXPECT_EQ(Noted("quantize(3, -2)", compiled), Q{Quirk::kQuantize});
    EXPECT_EQ(Noted("sum(l) + pow(3, 38)", compiled),
              (Q{Quirk::kListAggregate, Quirk::kIntegerPow}));
  }
}

TEST(QuirkNotesTest, PlainEvaluationsNoteNothing) {
  for (bool compiled : {true, false}) {
    SCOPED_TRACE(compiled ? "compiled" : "tree");
    for (const char* text :
         {"sum({ 1, 2.5 })", "max({ 1, 2 })", "anyCompare(\"<\", { 1, 2 }, 2)", "pow(3, 4)",
          "pow(-3, 2)", "pow(2, 62)", "stringListAvg(\"2,4\")",
          "stringListMax(\"1,3\")", "join(\",\", \"a\", \"\", \"b\")", "regexp(\"A\", \"a\", \"i\")",
          "int(\"12\")", "real(\"1.5e3\")", "quantize(3, 2)", "absTime(0)"}) {
      EXPECT_EQ(Noted(text, compiled), Q{}) << text;
    }
  }
}

// HTCondor's daemons register 21 functions on top of its ClassAd library
// once they have read their configuration (compat_classad.cpp's
// registerClassadFunctions, called from the first ClassAdReconfig); before
// that a call of one is a call of an unknown function, error.
TEST(QuirkNotesTest, DaemonFunctionsAreErrorUntilTheyAreRegistered) {
  std::vector<std::string> daemon_functions;
  for (const Builtin* builtin : AllBuiltins()) {
    if (builtin->daemon_function) daemon_functions.push_back(builtin->name);
  }
  std::sort(daemon_functions.begin(), daemon_functions.end());
  EXPECT_EQ(daemon_functions,
            (std::vector<std::string>{
                "argsToList", "countMatches", "envV1ToV2", "evalInEachContext", "listToArgs",
                "mergeEnvironment", "split", "splitSlotName", "splitUserName", "stringListAvg",
                "stringListIMember", "stringListISubsetMatch", "stringListMax", "stringListMember",
                "stringListMin", "stringListSize", "stringListSubsetMatch", "stringListSum",
                "stringList_regexpMember", "userHome", "userMap"}));
  for (bool compiled : {true, false}) {
    SCOPED_TRACE(compiled ? "compiled" : "tree");
    const auto evaluate = [&](const std::string& text, bool registered, QuirkNotes* notes) {
      Result<ExprPtr> expr = ParseExpression(text);
      EXPECT_TRUE(expr.ok()) << text;
      EvalOptions options;
      options.compiled = compiled;
      options.daemon_functions_registered = registered;
      options.quirk_notes = notes;
      return expr.ok() ? EvaluateExpr(**expr, nullptr, nullptr, options) : Value::Error();
    };
    QuirkNotes notes;
    EXPECT_TRUE(evaluate("stringListSize(\"a,b\")", false, &notes).IsError());
    EXPECT_EQ(notes.List(), Q{Quirk::kUnregisteredFunction});
    notes.Clear();
    const Value both =
        evaluate("isError(userMap(\"m\", \"x\")) && size(split(\"a b\")) =?= error", false, &notes);
    EXPECT_TRUE(both.IsBoolean() && both.boolean());
    EXPECT_EQ(notes.List(), Q{Quirk::kUnregisteredFunction});
    // The library's own functions are there from the start.
    notes.Clear();
    const Value library =
        evaluate("strcat(\"a\", \"b\") == \"ab\" && stringListsIntersect(\"a\", \"a\")", false,
                 &notes);
    EXPECT_TRUE(library.IsBoolean() && library.boolean());
    EXPECT_TRUE(notes.empty());
    // Registered (the default): the functions themselves, nothing noted.
    EXPECT_EQ(evaluate("stringListSize(\"a,b\")", true, &notes).integer(), 2);
    EXPECT_TRUE(evaluate("userMap(\"m\", \"x\")", true, &notes).IsUndefined());
    EXPECT_TRUE(notes.empty());
  }
}

TEST(QuirkNotesTest, NamesAreThoseOfTheLintChecks) {
  EXPECT_EQ(QuirkName(Quirk::kListAggregate), "htcondor-quirk-list-aggregate");
  EXPECT_EQ(QuirkName(Quirk::kTimeOfString), "htcondor-quirk-time-of-string");
  for (unsigned q = 0; q < static_cast<unsigned>(Quirk::kCount); ++q) {
    EXPECT_FALSE(QuirkDescription(static_cast<Quirk>(q)).empty()) << q;
  }
}

}  // namespace
}  // namespace classad
