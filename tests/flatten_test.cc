// Flatten: HTCondor's partial evaluation (ClassAd::Flatten), node kind by
// node kind, as its _Flatten methods compute it.
#include "classad/flatten.h"

#include <gtest/gtest.h>

#include <string>

#include "classad/parser.h"
#include "classad/unparse.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

// `expr` flattened in the ad `ad_text`: "value <v>" for a value, "expr
// <text>" for a residual expression, "failed" when flattening fails.
std::string Flat(std::string_view ad_text, std::string_view expr_text) {
  auto ad = TestAd(ad_text);
  auto expr = ParseExpression(expr_text);
  EXPECT_TRUE(expr.ok()) << expr_text;
  if (!expr.ok()) return "unparsable";
  Result<Flattened> flat = Flatten(**expr, *ad);
  if (!flat.ok()) return "failed";
  if (flat->residual == nullptr) return "value " + Unparse(*Expr::Literal(flat->value));
  return "expr " + Unparse(*flat->residual);
}

// The text `text` unparses to, for comparing residuals in the unparser's form.
std::string Canonical(std::string_view text) {
  auto expr = ParseExpression(text);
  EXPECT_TRUE(expr.ok()) << text;
  return expr.ok() ? "expr " + Unparse(**expr) : "unparsable";
}

TEST(FlattenTest, DefinedAttributesBecomeValues) {
  EXPECT_EQ(Flat("[RequestMemory = 2]", "RequestMemory * 1024 * 1024"), "value 2097152");
  EXPECT_EQ(Flat("[A = 1; B = A + 1]", "B * 3"), "value 6");
  EXPECT_EQ(Flat("[]", "1 + 2"), "value 3");
}

TEST(FlattenTest, AssociativeOperatorsGatherConstantsOnTheLeft) {
  EXPECT_EQ(Flat("[]", "RequestMemory * 1024 * 1024"), Canonical("1048576 * RequestMemory"));
  EXPECT_EQ(Flat("[A = 1]", "A + B + 2"), Canonical("3 + B"));
  // Built as 3 + (x + y), printed without parentheses, as HTCondor prints it.
  EXPECT_EQ(Flat("[]", "x + 1 + y + 2"), "expr 3 + x + y");
  EXPECT_EQ(Flat("[]", "x + y"), Canonical("x + y"));
}

TEST(FlattenTest, LogicalOperatorsDropWhatCannotChangeTheResult) {
  EXPECT_EQ(Flat("[]", "x && true"), Canonical("x"));
  EXPECT_EQ(Flat("[]", "true && x"), Canonical("x"));
  EXPECT_EQ(Flat("[]", "false && x"), "value false");
  EXPECT_EQ(Flat("[]", "x || true"), "value true");
  EXPECT_EQ(Flat("[]", "x || false"), Canonical("false || x"));
  EXPECT_EQ(Flat("[Memory = 2048]", "TARGET.Memory >= Memory && Memory > 1000"),
            Canonical("TARGET.Memory >= 2048"));
}

TEST(FlattenTest, OtherBinaryOperatorsKeepTheirShape) {
  EXPECT_EQ(Flat("[Memory = 2048]", "TARGET.Memory >= Memory"),
            Canonical("TARGET.Memory >= 2048"));
  EXPECT_EQ(Flat("[]", "x - 1 - 2"), Canonical("x - 1 - 2"));
  EXPECT_EQ(Flat("[]", "(x + 1) * 2"), Canonical("2 * (1 + x)"));
  EXPECT_EQ(Flat("[]", "10 - 4 / 2"), "value 8");
}

TEST(FlattenTest, UnaryParensAndConditionals) {
  EXPECT_EQ(Flat("[]", "-x"), Canonical("-x"));
  EXPECT_EQ(Flat("[]", "-(2)"), "value -2");
  EXPECT_EQ(Flat("[A = true]", "A ? x : y"), Canonical("x"));
  EXPECT_EQ(Flat("[A = 0]", "A ? x : y + 1"), Canonical("1 + y"));
  EXPECT_EQ(Flat("[]", "A ? 1 + 1 : y"), Canonical("A ? 2 : y"));
  EXPECT_EQ(Flat("[A = \"s\"]", "A ? 1 : 2"), "value error");
  EXPECT_EQ(Flat("[]", "x ?: (1 + 1)"), Canonical("x ?: 2"));
  EXPECT_EQ(Flat("[]", "{ 1, 2 }[1]"), Canonical("{ 1, 2 }[1]"));
}

TEST(FlattenTest, ReferencesAreKeptWhenTheyDoNotReduceToValues) {
  EXPECT_EQ(Flat("[A = B + 1]", "A"), Canonical("A"));
  EXPECT_EQ(Flat("[N = [x = 1]]", "N"), Canonical("N"));
  EXPECT_EQ(Flat("[N = [x = 1]]", "N.x + 1"), "value 2");
  EXPECT_EQ(Flat("[]", "MY.x"), Canonical("MY.x"));
  EXPECT_EQ(Flat("[x = 3]", "MY.x"), "value 3");
}

TEST(FlattenTest, FunctionCalls) {
  EXPECT_EQ(Flat("[]", "strcat(\"a\", \"b\")"), "value \"ab\"");
  EXPECT_EQ(Flat("[A = \"a\"]", "strcat(A, x)"), Canonical("strcat(\"a\", x)"));
  EXPECT_EQ(Flat("[]", "nosuchfunction(1)"), "value error");
}

TEST(FlattenTest, ListsAndAdsStayExpressions) {
  EXPECT_EQ(Flat("[]", "{ 1 + 1, x }"), Canonical("{ 2, x }"));
  EXPECT_EQ(Flat("[]", "{ 1, 2 }"), Canonical("{ 1, 2 }"));
  EXPECT_EQ(Flat("[y = 4]", "[ a = 1 + 1; b = y; c = z ]"), Canonical("[ a = 2; b = 4; c = z ]"));
}

TEST(FlattenTest, AReferenceLoopFails) {
  EXPECT_EQ(Flat("[a = b; b = a]", "a"), "failed");
  EXPECT_EQ(Flat("[a = a + 1]", "a"), "failed");
}

}  // namespace
}  // namespace classad
