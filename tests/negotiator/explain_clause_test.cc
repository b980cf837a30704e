// The clause explainer (negotiator/explain/clause_explainer.h): the clauses of
// && and || chains, nested chains and attribute definitions, the clauses
// that decided a value under ClassAd's rules for UNDEFINED and ERROR, the
// operand values of comparisons, and the limits on hostile expressions.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/overlay.h"
#include "classad/parser.h"
#include "classad/scope.h"
#include "classad/unparse.h"
#include "negotiator/explain/clause_explainer.h"
#include "negotiator/explain/display_text.h"
#include "negotiator/explain/report.h"
#include "tests/test_ads.h"

namespace negotiator::explain {
namespace {

using classad::TestAd;

class ClauseExplainerTest : public ::testing::Test {
 protected:
  // `text` explained with MY = job, TARGET = slot.
  Clause Explain(const std::string& text, const ExplainOptions& options = {}) {
    classad::Result<classad::ExprPtr> expr = classad::ParseExpression(text);
    EXPECT_TRUE(expr.ok()) << text << ": " << expr.status().ToString();
    if (!expr.ok()) return Clause{};
    exprs_.push_back(*expr);
    classad::MatchContext match(job_.get(), slot_.get());
    match.SetOverlays(&job_overlay_, nullptr);
    classad::EvalContext context(eval_, classad::BorrowScope(match.my_scope()));
    return ExplainExpression(**expr, &context, options);
  }

  // The evaluator's own value of `text` in the same match.
  std::string Evaluate(const std::string& text) {
    classad::Result<classad::ExprPtr> expr = classad::ParseExpression(text);
    if (!expr.ok()) return "PARSE_ERROR";
    classad::MatchContext match(job_.get(), slot_.get());
    match.SetOverlays(&job_overlay_, nullptr);
    classad::EvalContext context(eval_, classad::BorrowScope(match.my_scope()));
    return classad::UnparseValue(context.Evaluate(**expr));
  }

  // "v1 v2 ..." of the members' values, `*` before the deciding ones and
  // `-` before those not evaluated.
  static std::string Marks(const Clause& c) {
    std::string out;
    for (const Clause& m : c.clauses) {
      if (!out.empty()) out += ' ';
      if (!m.evaluated) out += '-';
      if (m.decided) out += '*';
      out += FormatValue(m.value);
    }
    return out;
  }

  classad::EvalOptions eval_;
  classad::AttributeOverlay job_overlay_;
  std::vector<classad::ExprPtr> exprs_;
  std::shared_ptr<classad::ClassAd> job_ = TestAd(
      "[ RequestMemory = 4096; RequestCpus = 2; Owner = \"alice\"; Str = \"s\";"
      "  WantGpu = (RequestGpus =!= undefined) && RequestGpus > 0 ]");
  std::shared_ptr<classad::ClassAd> slot_ = TestAd(
      "[ Memory = 2048; Cpus = 8; OpSys = \"WINDOWS\"; Arch = \"X86_64\"; HasDocker = false;"
      "  Tags = \"a,b\"; LoadAvg = 0.75;"
      "  Start = (TARGET.RequestMemory <= Memory) && (LoadAvg < 0.5);"
      "  Requirements = START && (TARGET.RequestCpus <= Cpus) ]");
};

TEST_F(ClauseExplainerTest, AndFalseIsDecidedByTheFirstFalseClause) {
  Clause c = Explain("TARGET.Cpus >= RequestCpus && TARGET.Memory >= RequestMemory && "
                     "TARGET.Arch == \"X86_64\" && TARGET.OpSys == \"LINUX\"");
  EXPECT_EQ(c.chain, classad::Op::kAnd);
  EXPECT_EQ(FormatValue(c.value), "false");
  EXPECT_EQ(Marks(c), "true *false -true -false");
  EXPECT_EQ(c.clauses[1].text, "TARGET.Memory >= RequestMemory");
}

TEST_F(ClauseExplainerTest, AndTrueIsDecidedByEveryClause) {
  Clause c = Explain("TARGET.Cpus >= RequestCpus && TARGET.Arch == \"X86_64\"");
  EXPECT_TRUE(c.IsTrue());
  EXPECT_EQ(Marks(c), "*true *true");
}

TEST_F(ClauseExplainerTest, OrTrueIsDecidedByTheFirstTrueClause) {
  Clause c = Explain("TARGET.OpSys == \"LINUX\" || TARGET.Cpus > 4 || TARGET.Memory > 1");
  EXPECT_EQ(Marks(c), "false *true -true");
  Clause f = Explain("TARGET.OpSys == \"LINUX\" || TARGET.Cpus > 100");
  EXPECT_EQ(FormatValue(f.value), "false");
  EXPECT_EQ(Marks(f), "*false *false");
}

TEST_F(ClauseExplainerTest, UndefinedFollowsClassAdsTruthTables) {
  // undefined && false is false: the false clause decides.
  EXPECT_EQ(Marks(Explain("TARGET.NoSuch > 1 && TARGET.Cpus > 100")), "undefined *false");
  // undefined && true is undefined: the undefined clause decides.
  EXPECT_EQ(Marks(Explain("TARGET.NoSuch > 1 && TARGET.Cpus > 1")), "*undefined true");
  EXPECT_EQ(Marks(Explain("TARGET.NoSuch > 1 && TARGET.NoSuchEither > 1")), "*undefined *undefined");
  // undefined || true is true; undefined || false is undefined.
  EXPECT_EQ(Marks(Explain("TARGET.NoSuch > 1 || TARGET.Cpus > 1")), "undefined *true");
  EXPECT_EQ(Marks(Explain("TARGET.NoSuch > 1 || TARGET.Cpus > 100")), "*undefined false");
  // true && undefined && false: false, decided by the last.
  EXPECT_EQ(Marks(Explain("true && TARGET.NoSuch > 1 && false")), "true undefined *false");
}

TEST_F(ClauseExplainerTest, ErrorFollowsClassAdsTruthTables) {
  // error && false is error (no short-circuit on error): decided by the error.
  EXPECT_EQ(Marks(Explain("(1 / 0 > 1) && false")), "*error false");
  // A string is no condition: true && "s" is error, decided by the string.
  EXPECT_EQ(Marks(Explain("true && Str")), "true *\"s\"");
  Clause c = Explain("true && Str");
  EXPECT_EQ(FormatValue(c.clauses[1].value), "\"s\"");
  EXPECT_EQ(FormatValue(c.value), "error");
  EXPECT_EQ(Marks(Explain("Str && false")), "*\"s\" false");
  // false && error: the error is never reached.
  EXPECT_EQ(Marks(Explain("false && (1 / 0 > 1)")), "*false -error");
  // error || true is error.
  EXPECT_EQ(Marks(Explain("(1 / 0 > 1) || true")), "*error true");
  // Numbers are conditions: 0 && x short-circuits.
  EXPECT_EQ(Marks(Explain("0 && TARGET.Cpus > 1")), "*0 -true");
}

TEST_F(ClauseExplainerTest, TheFoldAgreesWithTheEvaluatorOnEveryMix) {
  const std::vector<std::string> operands = {"true", "false", "undefined", "error", "\"s\"",
                                             "0",    "1",     "TARGET.NoSuch"};
  std::mt19937 random(17);
  for (int round = 0; round < 600; ++round) {
    const size_t n = 2 + random() % 3;
    const char* op = random() % 2 ? " && " : " || ";
    std::string text;
    for (size_t i = 0; i < n; ++i) {
      if (i > 0) text += op;
      text += operands[random() % operands.size()];
    }
    Clause c = Explain(text);
    EXPECT_EQ(classad::UnparseValue(c.value), Evaluate(text)) << text;
    ASSERT_EQ(c.clauses.size(), n) << text;
    size_t decided = 0;
    for (const Clause& m : c.clauses) decided += m.decided ? 1 : 0;
    EXPECT_GT(decided, 0u) << text;
    EXPECT_FALSE(DecidingLeaves(c).empty()) << text;
    // A member after a short-circuit is never a decider.
    for (const Clause& m : c.clauses) EXPECT_FALSE(!m.evaluated && m.decided) << text;
  }
}

TEST_F(ClauseExplainerTest, NestedChainsAreExplainedToo) {
  Clause c = Explain("(TARGET.OpSys == \"LINUX\" || TARGET.Cpus > 4) && "
                     "(TARGET.Memory >= RequestMemory || TARGET.HasDocker)");
  EXPECT_EQ(Marks(c), "true *false");
  ASSERT_EQ(c.clauses[0].chain, classad::Op::kOr);
  EXPECT_EQ(Marks(c.clauses[0]), "false *true");
  EXPECT_EQ(Marks(c.clauses[1]), "*false *false");
  std::vector<DecidingLeaf> leaves = DecidingLeaves(c);
  ASSERT_EQ(leaves.size(), 2u);
  EXPECT_EQ(leaves[0].text, "TARGET.Memory >= RequestMemory");
  EXPECT_EQ(leaves[1].text, "TARGET.HasDocker");
}

TEST_F(ClauseExplainerTest, AttributeReferencesAreExplainedThroughTheirDefinitions) {
  // The slot's Requirements, with MY = slot: START is explained in the slot.
  classad::MatchContext match(slot_.get(), job_.get());
  classad::EvalContext context(eval_, classad::BorrowScope(match.my_scope()));
  Clause c = ExplainExpression(*slot_->LookupPtr("Requirements"), &context);
  ASSERT_EQ(c.clauses.size(), 2u);
  const Clause& start = c.clauses[0];
  EXPECT_TRUE(start.decided);
  EXPECT_EQ(start.defined_as, "START");
  ASSERT_EQ(start.definition.size(), 1u);
  EXPECT_EQ(start.definition[0].text, "(TARGET.RequestMemory <= Memory) && (LoadAvg < 0.5)");
  EXPECT_EQ(Marks(start.definition[0]), "*false -false");
  std::vector<DecidingLeaf> leaves = DecidingLeaves(c);
  ASSERT_EQ(leaves.size(), 1u);
  EXPECT_EQ(leaves[0].text, "(TARGET.RequestMemory <= Memory)");
  EXPECT_EQ(leaves[0].within, std::vector<std::string>{"START"});

  // From the job's side, TARGET.Start is the slot's, evaluated in the slot.
  Clause t = Explain("TARGET.Start");
  ASSERT_EQ(t.definition.size(), 1u);
  EXPECT_EQ(FormatValue(t.definition[0].value), "false");
  EXPECT_EQ(t.definition[0].clauses[0].comparison->ToString(),
            "TARGET.RequestMemory = 4096 > Memory = 2048");

  // A job attribute holding an expression.
  Clause w = Explain("WantGpu");
  ASSERT_EQ(w.definition.size(), 1u);
  EXPECT_EQ(Marks(w.definition[0]), "*false -undefined");

  // Nothing to follow for a literal or an overlay binding.
  EXPECT_TRUE(Explain("RequestCpus").definition.empty());
  EXPECT_TRUE(Explain("TARGET.Cpus").definition.empty());

  ExplainOptions flat;
  flat.expand_attributes = false;
  EXPECT_TRUE(Explain("WantGpu", flat).definition.empty());
}

TEST_F(ClauseExplainerTest, ReferenceCyclesStop) {
  job_ = TestAd("[ A = B && true; B = A || false ]");
  Clause c = Explain("A");
  // A -> B -> A: the second A is not followed.
  const Clause* at = &c;
  int levels = 0;
  while (!at->definition.empty() || !at->clauses.empty()) {
    at = !at->definition.empty() ? &at->definition[0] : &at->clauses[0];
    ++levels;
    ASSERT_LT(levels, 20);
  }
  EXPECT_TRUE(at->truncated);
  EXPECT_EQ(FormatValue(c.value), "undefined");  // the evaluator's loop value
}

TEST_F(ClauseExplainerTest, FalseComparisonsShowTheirOperands) {
  Clause c = Explain("TARGET.Memory >= RequestMemory");
  ASSERT_TRUE(c.comparison.has_value());
  EXPECT_EQ(c.comparison->ToString(), "TARGET.Memory = 2048 < RequestMemory = 4096");
  EXPECT_EQ(Explain("TARGET.OpSys == \"LINUX\"").comparison->ToString(),
            "TARGET.OpSys = \"WINDOWS\" != \"LINUX\"");
  EXPECT_EQ(Explain("TARGET.Cpus == 8").comparison->ToString(), "TARGET.Cpus = 8 == 8");
  EXPECT_EQ(Explain("TARGET.Cpus * 512 > RequestMemory").comparison->ToString(),
            "TARGET.Cpus * 512 = 4096 == RequestMemory = 4096");
  EXPECT_EQ(Explain("TARGET.LoadAvg < 0.5").comparison->ToString(),
            "TARGET.LoadAvg = 0.75 > 0.5");
  // Values that cannot be compared keep the operator.
  EXPECT_EQ(Explain("TARGET.NoSuch >= 4").comparison->ToString(), "TARGET.NoSuch = undefined >= 4");
  EXPECT_EQ(Explain("TARGET.NoSuch =?= 4").comparison->ToString(),
            "TARGET.NoSuch = undefined =!= 4");
  EXPECT_EQ(Explain("Owner =!= \"alice\"").comparison->ToString(), "Owner = \"alice\" =?= \"alice\"");
  // String comparison as ClassAd compares: without case.
  EXPECT_EQ(Explain("TARGET.Arch == \"x86_64\"").comparison->ToString(),
            "TARGET.Arch = \"X86_64\" == \"x86_64\"");

  ExplainOptions bare;
  bare.details = false;
  EXPECT_FALSE(Explain("TARGET.Memory >= RequestMemory", bare).comparison.has_value());
}

TEST_F(ClauseExplainerTest, FalseClausesListTheAttributesTheyRead) {
  Clause c = Explain("stringListMember(\"gpu\", TARGET.Tags) || TARGET.HasDocker");
  ASSERT_EQ(c.clauses.size(), 2u);
  ASSERT_EQ(c.clauses[0].attributes.size(), 1u);
  EXPECT_EQ(c.clauses[0].attributes[0].name, "TARGET.Tags");
  EXPECT_EQ(FormatValue(c.clauses[0].attributes[0].value), "\"a,b\"");
  EXPECT_EQ(c.clauses[0].attributes[0].source, AttributeSource::kTargetAd);
  ASSERT_EQ(c.clauses[1].attributes.size(), 1u);
  EXPECT_EQ(c.clauses[1].attributes[0].name, "TARGET.HasDocker");

  // Where a value comes from: bound over MY, absent, or (compat scoping)
  // an unqualified name found in TARGET.
  const int prio = job_overlay_.Add("SubmitterUserPrio");
  job_overlay_.Set(prio, classad::Value::Real(1500));
  Clause s = Explain("SubmitterUserPrio < 100 && Missing > 1 && Memory < 100");
  ASSERT_EQ(s.clauses.size(), 3u);
  ASSERT_EQ(s.clauses[0].comparison->ToString(), "SubmitterUserPrio = 1500.0 > 100");
  Clause only = Explain("isUndefined(SubmitterUserPrio) || Missing =!= undefined || Memory < 0");
  ASSERT_EQ(only.clauses.size(), 3u);
  ASSERT_EQ(only.clauses[0].attributes.size(), 1u);
  EXPECT_EQ(only.clauses[0].attributes[0].source, AttributeSource::kMyBound);
  EXPECT_EQ(only.clauses[2].comparison->left.text, "Memory");
  EXPECT_TRUE(only.clauses[2].attributes.empty());  // shown as an operand
  Clause where = Explain("isUndefined(Memory) || isUndefined(Missing)");
  ASSERT_EQ(where.clauses[0].attributes.size(), 1u);
  EXPECT_EQ(where.clauses[0].attributes[0].source, AttributeSource::kTargetAd);
  ASSERT_EQ(where.clauses[1].attributes.size(), 0u);  // true: nothing listed
  Clause absent = Explain("Missing > 1");
  ASSERT_EQ(absent.comparison->left.text, "Missing");
  Clause absent2 = Explain("regexp(\"x\", Missing)");
  ASSERT_EQ(absent2.attributes.size(), 1u);
  EXPECT_EQ(absent2.attributes[0].source, AttributeSource::kAbsent);
}

TEST_F(ClauseExplainerTest, HostileExpressionsAreExplainedWithinTheLimits) {
  // A chain longer than max_clauses is left unsplit.
  std::string text = "TARGET.Cpus > 0";
  for (int i = 1; i < 800; ++i) {
    text += " && TARGET.Cpus > " + std::to_string(i == 7 ? 100 : i % 7);
  }
  Clause c = Explain(text);
  EXPECT_TRUE(c.truncated);
  EXPECT_TRUE(c.clauses.empty());
  EXPECT_EQ(FormatValue(c.value), "false");
  ExplainOptions roomy;
  roomy.max_clauses = 1000;
  Clause all = Explain(text, roomy);
  EXPECT_EQ(all.clauses.size(), 800u);
  EXPECT_EQ(Marks(all).substr(0, 40), "true true true true true true true *fals");

  // Nesting deeper than max_depth stops there.
  std::string nested = "TARGET.Cpus > 1";
  for (int i = 0; i < 30; ++i) nested = "(" + nested + " || false) && true";
  ExplainOptions shallow;
  shallow.max_depth = 3;
  Clause d = Explain(nested, shallow);
  const Clause* at = &d;
  int depth = 0;
  while (!at->clauses.empty()) {
    at = &at->clauses[0];
    ++depth;
  }
  EXPECT_EQ(depth, 3);
  EXPECT_TRUE(at->truncated);
}

TEST_F(ClauseExplainerTest, ClauseTextMarksTheDecidingClauses) {
  Clause c = Explain("TARGET.Cpus >= RequestCpus && TARGET.Memory >= RequestMemory && "
                     "TARGET.OpSys == \"LINUX\"");
  EXPECT_EQ(ClauseText(c, 2),
            "     true      TARGET.Cpus >= RequestCpus\n"
            "  => false     TARGET.Memory >= RequestMemory\n"
            "               TARGET.Memory = 2048 < RequestMemory = 4096\n"
            "     false     TARGET.OpSys == \"LINUX\"  [not evaluated]\n"
            "               TARGET.OpSys = \"WINDOWS\" != \"LINUX\"\n");
}

TEST(DisplayTextTest, WritesExpressionsAsAdministratorsDo) {
  auto display = [](const std::string& text) {
    classad::Result<classad::ExprPtr> e = classad::ParseExpression(text);
    EXPECT_TRUE(e.ok()) << text;
    return e.ok() ? DisplayText(**e) : std::string();
  };
  EXPECT_EQ(display("RemoteOwner =?= UNDEFINED"), "RemoteOwner =?= undefined");
  EXPECT_EQ(display("a =!= b"), "a =!= b");
  EXPECT_EQ(display("LoadAvg < 0.5 && x > 1e10"), "LoadAvg < 0.5 && x > 1e+10");
  EXPECT_EQ(display("ifThenElse(isUndefined(K),1000,K)"), "ifThenElse(isUndefined(K), 1000, K)");
  EXPECT_EQ(display("- -x"), "- -x");
  EXPECT_EQ(display("!(a)"), "!(a)");
  EXPECT_EQ(display("{1,2.0,\"x\"}"), "{ 1, 2.0, \"x\" }");
  for (const char* text :
       {"(TARGET.Memory >= RequestMemory) && (TARGET.Arch == \"X86_64\")", "x is y", "- -1",
        "a ? 1.5 : -2.25", "a ?: 3", "b[2].c", "MY.x + TARGET.y * -3", "'odd name' + 1",
        "[ a = 1; b = 2.5 ]", "1e300 * 1e-300", "- (-1)", "x isnt undefined"}) {
    classad::Result<classad::ExprPtr> e = classad::ParseExpression(text);
    ASSERT_TRUE(e.ok()) << text;
    const std::string shown = DisplayText(**e);
    classad::Result<classad::ExprPtr> back = classad::ParseExpression(shown);
    ASSERT_TRUE(back.ok()) << text << " -> " << shown;
    EXPECT_TRUE((*back)->SameAs(**e)) << text << " -> " << shown;
  }
}

TEST(FormatValueTest, ValuesAsPeopleReadThem) {
  EXPECT_EQ(FormatValue(classad::Value::Integer(2048)), "2048");
  EXPECT_EQ(FormatValue(classad::Value::Real(1500)), "1500.0");
  EXPECT_EQ(FormatValue(classad::Value::Real(0.1)), "0.1");
  EXPECT_EQ(FormatValue(classad::Value::Real(static_cast<float>(1234.567))),
            "1234.5670166015625");
  EXPECT_EQ(FormatValue(classad::Value::String("a\"b")), "\"a\\\"b\"");
  EXPECT_EQ(FormatValue(classad::Value::Undefined()), "undefined");
  EXPECT_EQ(FormatValue(classad::Value::Error()), "error");
  EXPECT_EQ(FormatValue(classad::Value::Boolean(false)), "false");
}

}  // namespace
}  // namespace negotiator::explain
