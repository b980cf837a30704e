// Evaluator: scoping (compat and strict), matching, loops, budgets.
#include <string>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

std::string Eval(const std::string& text, const ClassAd* my = nullptr,
                 const ClassAd* target = nullptr, ScopingMode mode = ScopingMode::kCompat) {
  ParseOptions parse_options;
  parse_options.compat = mode == ScopingMode::kCompat;
  Result<ExprPtr> e = ParseExpression(text, parse_options);
  if (!e.ok()) return "PARSE_ERROR";
  EvalOptions options;
  options.mode = mode;
  return UnparseValue(EvaluateExpr(**e, my, target, options));
}

class EvaluatorTest : public ::testing::Test {
 protected:
  std::shared_ptr<ClassAd> job_ = TestAd(
      "[ Owner = \"alice\"; RequestMemory = 2048; RequestCpus = 4;"
      "  Requirements = TARGET.Memory >= RequestMemory && Cpus >= RequestCpus;"
      "  Rank = Memory / 1024; Nested = [ a = RequestCpus; b = parent.Owner ] ]");
  std::shared_ptr<ClassAd> slot_ = TestAd(
      "[ Memory = 16384; Cpus = 8; Requirements = TARGET.RequestMemory <= Memory;"
      "  Rank = TARGET.Owner == \"alice\"; LoopA = LoopB; LoopB = LoopA ]");
};

TEST_F(EvaluatorTest, EvaluateAttrStringAndNumberTakeTheirTypesAsHTCondorDoes) {
  std::string owner = "unchanged";
  EXPECT_TRUE(EvaluateAttrString(*job_, "Owner", &owner));
  EXPECT_EQ(owner, "alice");
  std::string other = "unchanged";
  EXPECT_FALSE(EvaluateAttrString(*job_, "RequestCpus", &other));
  EXPECT_FALSE(EvaluateAttrString(*job_, "NoSuchAttribute", &other));
  EXPECT_EQ(other, "unchanged");
  double number = -1;
  EXPECT_TRUE(EvaluateAttrNumber(*job_, "RequestMemory", &number));
  EXPECT_EQ(number, 2048);
  EXPECT_FALSE(EvaluateAttrNumber(*job_, "Rank", &number));  // Memory / 1024: undefined here
  EXPECT_FALSE(EvaluateAttrNumber(*job_, "Owner", &number));
  auto ad = TestAd("[ half = 1.0 / 2; flag = true ]");
  EXPECT_TRUE(EvaluateAttrNumber(*ad, "half", &number));
  EXPECT_EQ(number, 0.5);
  EXPECT_TRUE(EvaluateAttrNumber(*ad, "flag", &number));  // HTCondor's IsNumber: true is 1
  EXPECT_EQ(number, 1.0);
}

TEST_F(EvaluatorTest, CompatFallsBackToTargetForUnqualifiedNames) {
  EXPECT_EQ(Eval("Memory", job_.get(), slot_.get()), "16384");
  EXPECT_EQ(Eval("Memory", job_.get(), slot_.get(), ScopingMode::kStrict), "undefined");
  EXPECT_EQ(Eval("TARGET.Memory", job_.get(), slot_.get(), ScopingMode::kStrict), "16384");
}

TEST_F(EvaluatorTest, MyAndTargetAndParent) {
  EXPECT_EQ(Eval("MY.Owner", job_.get(), slot_.get()), "\"alice\"");
  EXPECT_EQ(Eval("TARGET.TARGET.Owner", job_.get(), slot_.get()), "\"alice\"");
  EXPECT_EQ(Eval("Nested.a", job_.get(), slot_.get()), "4");
  EXPECT_EQ(Eval("Nested.b", job_.get(), slot_.get()), "\"alice\"");
  EXPECT_EQ(Eval("[x = MY.Owner].x", job_.get()), "\"alice\"");
  EXPECT_EQ(Eval(".Owner", job_.get()), "\"alice\"");
}

TEST_F(EvaluatorTest, AttributesNamedLikeSpecialNamesShadowThem) {
  auto odd = TestAd("[ TARGET = [ Memory = 5 ]; Parent = 7; x = TARGET.Memory; y = parent ]");
  EXPECT_EQ(Eval("x", odd.get(), slot_.get()), "5");
  EXPECT_EQ(Eval("y", odd.get(), slot_.get()), "7");
  EXPECT_EQ(Eval("TARGET.Memory", odd.get(), slot_.get()), "5");
  odd->Remove("TARGET");
  EXPECT_EQ(Eval("x", odd.get(), slot_.get()), "16384");
}

TEST_F(EvaluatorTest, MatchingBothWays) {
  EXPECT_TRUE(LeftMatchesRight(*job_, *slot_));
  EXPECT_TRUE(LeftMatchesRight(*slot_, *job_));
  EXPECT_TRUE(SymmetricMatch(*job_, *slot_));
  EXPECT_DOUBLE_EQ(RankOf(*job_, *slot_), 16.0);
  EXPECT_DOUBLE_EQ(RankOf(*slot_, *job_), 1.0);
  auto small = TestAd("[ Memory = 1024; Cpus = 8; Requirements = true ]");
  EXPECT_FALSE(LeftMatchesRight(*job_, *small));
  EXPECT_FALSE(SymmetricMatch(*job_, *small));
}

TEST_F(EvaluatorTest, ReferenceLoopsAreUndefinedNotHangs) {
  EXPECT_EQ(Eval("LoopA", slot_.get()), "undefined");
  EXPECT_EQ(Eval("TARGET.LoopA + 1", job_.get(), slot_.get()), "undefined");
  auto self = TestAd("[ x = x + 1; y = [ z = y ].z ]");
  EXPECT_EQ(Eval("x", self.get()), "undefined");
  EXPECT_EQ(Eval("y", self.get()), "undefined");
}

TEST_F(EvaluatorTest, SharedExpressionsAreNotMistakenForLoops) {
  // One expression object used by attributes of two ads, and twice in one ad.
  auto shared = ParseExpression("Base * 2");
  ASSERT_TRUE(shared.ok());
  auto a = TestAd("[ Base = 1; Other = TARGET.Doubled ]");
  auto b = TestAd("[ Base = 10 ]");
  a->Insert("Doubled", *shared);
  b->Insert("Doubled", *shared);
  b->Insert("AlsoDoubled", *shared);
  EXPECT_EQ(Eval("Other + Doubled", a.get(), b.get()), "22");
  EXPECT_EQ(Eval("Doubled + AlsoDoubled", b.get()), "40");
  // A real cycle through a shared expression is still a loop.
  auto cyclic = ParseExpression("Next + 1");
  ASSERT_TRUE(cyclic.ok());
  auto c = TestAd("[ Next = Loop ]");
  c->Insert("Loop", *cyclic);
  EXPECT_EQ(Eval("Loop", c.get()), "undefined");
}

TEST_F(EvaluatorTest, ListElementsAreEvaluatedWhereTheListLives) {
  auto machine = TestAd("[ Cpus = 8; Gpus = 2; Resources = { Cpus, Gpus }; Names = { Name } ;"
                    "  Name = \"slot1\" ]");
  auto job = TestAd("[ Cpus = 1; Name = \"job\" ]");
  for (ScopingMode mode : {ScopingMode::kCompat, ScopingMode::kStrict}) {
    EXPECT_EQ(Eval("TARGET.Resources[0]", job.get(), machine.get(), mode), "8");
    EXPECT_EQ(Eval("sum(TARGET.Resources)", job.get(), machine.get(), mode), "10");
    EXPECT_EQ(Eval("member(8, TARGET.Resources)", job.get(), machine.get(), mode), "true");
    EXPECT_EQ(Eval("TARGET.Names[0]", job.get(), machine.get(), mode), "\"slot1\"");
  }
  EXPECT_EQ(Eval("{ Cpus }[0]", job.get(), machine.get()), "1");
}

// `list.attr` selects from every element, and from a list element's
// elements in turn, as HTCondor's AttributeReference does (checked with
// HTCondor 25.13.2's own library).
TEST_F(EvaluatorTest, SelectingFromAListGoesIntoNestedLists) {
  EXPECT_EQ(Eval("{[a=1],{1,2}}.a"), "{ 1,{ error,error } }");
  EXPECT_EQ(Eval("{[a=1],{[a=2],{[a=3]}}}.a"), "{ 1,{ 2,{ 3 } } }");
  EXPECT_EQ(Eval("{[a=1],undefined,2}.a"), "{ 1,undefined,error }");
}

TEST_F(EvaluatorTest, DeepReferenceChainsHitTheDepthLimit) {
  // a0 = a1 + 1; a1 = a2 + 1; ... 10000 levels: error, not a stack overflow.
  auto chain = std::make_shared<ClassAd>();
  for (int i = 0; i < 10000; ++i) {
    auto e = ParseExpression("a" + std::to_string(i + 1) + " + 1");
    ASSERT_TRUE(e.ok());
    chain->Insert("a" + std::to_string(i), *e);
  }
  chain->InsertValue("a10000", Value::Integer(0));
  EXPECT_EQ(Eval("a0", chain.get()), "error");
  EXPECT_EQ(Eval("a9990", chain.get()), "10");
}

TEST_F(EvaluatorTest, WorkBudgetStopsExponentialExpressions) {
  // Each level doubles the work: 2^60 evaluations without a budget.
  auto blowup = std::make_shared<ClassAd>();
  blowup->InsertValue("b0", Value::Integer(1));
  for (int i = 1; i <= 60; ++i) {
    std::string prev = "b" + std::to_string(i - 1);
    auto e = ParseExpression(prev + " + " + prev);
    ASSERT_TRUE(e.ok());
    blowup->Insert("b" + std::to_string(i), *e);
  }
  EvalOptions options;
  options.limits.max_eval_steps = 1'000'000;
  auto expr = ParseExpression("b60");
  ASSERT_TRUE(expr.ok());
  EXPECT_TRUE(EvaluateExpr(**expr, blowup.get(), nullptr, options).IsError());
}

TEST_F(EvaluatorTest, CurrentTimeUsesTheInjectedClock) {
  EvalOptions options;
  options.now = [] { return int64_t{1234}; };
  auto expr = ParseExpression("CurrentTime + 1");
  ASSERT_TRUE(expr.ok());
  EXPECT_EQ(UnparseValue(EvaluateExpr(**expr, job_.get(), nullptr, options)), "1235");
}

TEST_F(EvaluatorTest, CurrentTimeIsAnOrdinaryNameInStrictMode) {
  // HTCondor makes CurrentTime (like MY) a special name only under old
  // ClassAd semantics.
  EXPECT_EQ(Eval("isUndefined(CurrentTime)", job_.get(), nullptr, ScopingMode::kStrict), "true");
  EXPECT_EQ(Eval("[CurrentTime = 5].CurrentTime", job_.get(), nullptr, ScopingMode::kStrict), "5");
  EXPECT_EQ(Eval("isUndefined(CurrentTime)", job_.get(), nullptr), "false");
}

TEST_F(EvaluatorTest, ValuesOutliveTheirExpressions) {
  Value v;
  {
    auto expr = ParseExpression("[a = {1, 2}; b = a[1]]");
    ASSERT_TRUE(expr.ok());
    v = EvaluateExpr(**expr, job_.get(), nullptr);
  }
  ASSERT_TRUE(v.IsAd());
  EXPECT_EQ(UnparseValue(v), "[ a = { 1,2 }; b = a[1] ]");
}

// Ranks read as HTCondor's EvalFloat reads them: numbers as they are,
// booleans as 1 or 0, anything else no number (RankValue: 0).
TEST(RankNumberTest, NumbersAndBooleansAreRanks) {
  EXPECT_EQ(RankNumber(Value::Integer(-3)), -3.0);
  EXPECT_EQ(RankNumber(Value::Real(2.5)), 2.5);
  EXPECT_EQ(RankNumber(Value::Boolean(true)), 1.0);
  EXPECT_EQ(RankNumber(Value::Boolean(false)), 0.0);
  EXPECT_EQ(RankNumber(Value::String("7")), std::nullopt);
  EXPECT_EQ(RankNumber(Value::Undefined()), std::nullopt);
  EXPECT_EQ(RankNumber(Value::Error()), std::nullopt);
  EXPECT_EQ(RankValue(Value::Boolean(true)), 1.0);
  EXPECT_EQ(RankValue(Value::Undefined()), 0.0);
}

}  // namespace
}  // namespace classad
