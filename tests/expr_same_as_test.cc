// Expr::SameAs: structural equality, with names in any case (the
// language's lookups) or byte for byte (HTCondor's ExprTree::SameAs).
#include <gtest/gtest.h>

#include <string_view>

#include "classad/expr.h"
#include "classad/parser.h"

namespace classad {
namespace {

bool Same(std::string_view a, std::string_view b, Expr::Names names) {
  auto x = ParseExpression(a);
  auto y = ParseExpression(b);
  EXPECT_TRUE(x.ok() && y.ok()) << a << " / " << b;
  return x.ok() && y.ok() && (*x)->SameAs(**y, names);
}

TEST(ExprSameAsTest, NamesInAnyCaseOrExactly) {
  EXPECT_TRUE(Same("Memory > 1", "memory > 1", Expr::Names::kAnyCase));
  EXPECT_FALSE(Same("Memory > 1", "memory > 1", Expr::Names::kExactCase));
  EXPECT_FALSE(Same("TARGET.Memory", "TARGET.memory", Expr::Names::kExactCase));
  EXPECT_FALSE(Same("strcat(x)", "StrCat(x)", Expr::Names::kExactCase));
  EXPECT_TRUE(Same("strcat(x)", "StrCat(x)", Expr::Names::kAnyCase));
  EXPECT_TRUE(Same("a + 1", "a  +  1", Expr::Names::kExactCase));
}

TEST(ExprSameAsTest, ShapeAndLiteralsMatter) {
  EXPECT_FALSE(Same("a + 1", "(a + 1)", Expr::Names::kAnyCase));
  EXPECT_FALSE(Same("1", "1.0", Expr::Names::kAnyCase));
  EXPECT_FALSE(Same("\"a\"", "\"A\"", Expr::Names::kAnyCase));
  EXPECT_FALSE(Same("a + b", "b + a", Expr::Names::kAnyCase));
}

TEST(ExprSameAsTest, NestedAdsFindAttributesInAnyCase) {
  EXPECT_TRUE(Same("[a = 1; b = x]", "[B = x; A = 1]", Expr::Names::kExactCase));
  EXPECT_FALSE(Same("[a = 1; b = x]", "[a = 1; b = X]", Expr::Names::kExactCase));
  EXPECT_FALSE(Same("[a = 1]", "[a = 1; b = 2]", Expr::Names::kExactCase));
}

}  // namespace
}  // namespace classad
