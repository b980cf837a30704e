// SplitConjuncts: the top-level `&&` clauses, plain (as for
// PREEMPTION_REQUIREMENTS) and following the ad's own attributes with
// literals folded (as for the Requirements).
#include "classad/and_clauses.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "classad/parser.h"
#include "classad/unparse.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

// The clauses' texts, with "never" appended when SplitConjuncts said so.
std::vector<std::string> Split(const std::string& text, const ConjunctOptions& options) {
  Result<ExprPtr> e = ParseExpression(text);
  EXPECT_TRUE(e.ok()) << text;
  if (!e.ok()) return {};
  std::vector<const Expr*> clauses;
  const bool may_hold = SplitConjuncts(**e, options, &clauses);
  std::vector<std::string> out;
  for (const Expr* c : clauses) out.push_back(Unparse(*c));
  if (!may_hold) out.push_back("never");
  return out;
}

TEST(ConjunctsTest, SplitsTopLevelAndsThroughParentheses) {
  EXPECT_EQ(Split("a && (b && c) && (d || e) && true", {}),
            (std::vector<std::string>{"a", "b", "c", "d || e", "true"}));
  EXPECT_EQ(Split("a || b", {}), (std::vector<std::string>{"a || b"}));
}

TEST(ConjunctsTest, FollowsTheAdsOwnAttributesAndFoldsLiterals) {
  auto ad = TestAd("[ Start = x && MY.Within; Within = y > 1; On = true; Off = false ]");
  const ConjunctOptions inlined{.inline_from = ad.get(), .fold_literals = true};
  EXPECT_EQ(Split("Start && On && true && TARGET.z", inlined),
            (std::vector<std::string>{"x", "y > 1", "TARGET.z"}));
  EXPECT_EQ(Split("Start && Off", inlined), (std::vector<std::string>{"x", "y > 1", "never"}));
  EXPECT_EQ(Split("0 && Start", inlined), (std::vector<std::string>{"x", "y > 1", "never"}));
  // Without folding, literals and references to them stay clauses.
  EXPECT_EQ(Split("Start && On && true", {.inline_from = ad.get()}),
            (std::vector<std::string>{"x", "y > 1", "On", "true"}));
}

TEST(ConjunctsTest, StopsFollowingALoop) {
  auto ad = TestAd("[ A = B && x; B = A ]");
  const std::vector<std::string> clauses =
      Split("A", {.inline_from = ad.get(), .fold_literals = true});
  ASSERT_FALSE(clauses.empty());
  EXPECT_EQ(clauses.back(), "x");
}

}  // namespace
}  // namespace classad
