// TreeBuilder (classad/tree_builder.h): a tree's nodes in one block, linked
// by views; operands from other trees, call arguments and list items owned;
// every node destroyed with its block, whether the builder finished or not
// and whether or not the estimate was enough.
#include "classad/tree_builder.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"

namespace classad {
namespace {

// An ad whose life the test can watch through `*watch`.
std::shared_ptr<const ClassAd> WatchedAd(std::weak_ptr<const ClassAd>* watch) {
  auto ad = std::make_shared<const ClassAd>();
  *watch = ad;
  return ad;
}

TEST(TreeBuilder, ParsedTreeLinksItsNodesByViews) {
  Result<ExprPtr> parsed = ParseExpression("(TARGET.Memory >= 2048) && (Arch == \"X86_64\")");
  ASSERT_TRUE(parsed.ok());
  const ExprPtr& root = *parsed;
  ASSERT_EQ(root->kind(), ExprKind::kBinary);
  // The root owns the block; the nodes below are views into it.
  EXPECT_EQ(root.use_count(), 1);
  for (const ExprPtr& child : root->children()) {
    EXPECT_EQ(child.use_count(), 0);
    EXPECT_EQ(child->kind(), ExprKind::kParens);
  }
  // Keeping the root keeps every subtree.
  ExprPtr copy = root;
  parsed = Status(StatusCode::kParseError, "dropped");
  EXPECT_EQ(Unparse(*copy), "(TARGET.Memory >= 2048) && (Arch == \"X86_64\")");
  EXPECT_EQ(copy->depth(), 5u);  // &&, (), >=, ., TARGET
}

TEST(TreeBuilder, AntlrsPathBuildsTheSameBlocks) {
  ParseOptions antlr_only;
  antlr_only.fast_path = false;
  Result<ExprPtr> parsed = ParseExpression("'a b' + size({ 1, x.y })", antlr_only);
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ((*parsed).use_count(), 1);
  for (const ExprPtr& child : (*parsed)->children()) EXPECT_EQ(child.use_count(), 0);
  const Expr& call = *(*parsed)->children()[1];
  ASSERT_EQ(call.kind(), ExprKind::kCall);
  EXPECT_EQ(call.args()[0].use_count(), 1);  // the argument's block, owned by it alone
  const Expr& list = *call.args()[0];
  for (const ExprPtr& item : *list.items()) EXPECT_EQ(item.use_count(), 2);
  EXPECT_EQ(Unparse(**parsed), "'a b' + size({ 1,x.y })");
}

TEST(TreeBuilder, FactoryNodesOwnTheirOperands) {
  ExprPtr sum =
      Expr::Binary(Op::kAdd, Expr::Attribute("a", false), Expr::Literal(Value::Integer(1)));
  for (const ExprPtr& child : sum->children()) EXPECT_EQ(child.use_count(), 1);
  EXPECT_EQ(Unparse(*sum), "a + 1");
  EXPECT_EQ(sum->depth(), 2u);
}

TEST(TreeBuilder, OperandsFromOtherTreesAreKept) {
  Result<ExprPtr> left = ParseExpression("x * 2");
  ASSERT_TRUE(left.ok());
  std::weak_ptr<const Expr> watch = *left;
  TreeBuilder builder(TreeBuilder::NodeBytes(ExprKind::kBinary) +
                      TreeBuilder::NodeBytes(ExprKind::kLiteral));
  ExprPtr tree = builder.Finish(builder.Binary(
      Op::kSubtract, std::move(*left), TreeBuilder::View(builder.Literal(Value::Integer(3)))));
  left = Status(StatusCode::kParseError, "dropped");
  EXPECT_FALSE(watch.expired());
  EXPECT_EQ(Unparse(*tree), "x * 2 - 3");
  tree.reset();
  EXPECT_TRUE(watch.expired());
}

TEST(TreeBuilder, EveryNodeIsDestroyedWithItsTree) {
  std::weak_ptr<const ClassAd> in_room, in_chunk;
  {
    // Room for exactly the first node: the rest go to extra chunks.
    TreeBuilder builder(TreeBuilder::NodeBytes(ExprKind::kAd));
    const Expr* e = builder.Ad(WatchedAd(&in_room));
    for (int i = 0; i < 200; ++i) {
      e = builder.Binary(Op::kOr, TreeBuilder::View(e),
                         TreeBuilder::View(builder.Attribute("x", false)));
    }
    e = builder.Binary(Op::kOr, TreeBuilder::View(e),
                       TreeBuilder::View(builder.Ad(WatchedAd(&in_chunk))));
    ExprPtr tree = builder.Finish(e);
    EXPECT_EQ(tree->depth(), 202u);
    EXPECT_FALSE(in_room.expired());
    EXPECT_FALSE(in_chunk.expired());
    std::string text = Unparse(*tree);
    EXPECT_EQ(text.substr(0, 9), "[  ] || x");
    EXPECT_EQ(text.substr(text.size() - 9), "x || [  ]");
  }
  EXPECT_TRUE(in_room.expired());
  EXPECT_TRUE(in_chunk.expired());
}

TEST(TreeBuilder, AnUnfinishedTreeIsDestroyedWithItsBuilder) {
  std::weak_ptr<const ClassAd> watch;
  {
    TreeBuilder builder(0);
    builder.Unary(Op::kNot, TreeBuilder::View(builder.Ad(WatchedAd(&watch))));
    EXPECT_FALSE(watch.expired());
  }
  EXPECT_TRUE(watch.expired());
}

TEST(TreeBuilder, ListItemsAndArgumentsAreTreesOfTheirOwn) {
  Result<ExprPtr> parsed = ParseExpression("{ \"a\", x + 1, size({ 1, 2 }) }");
  ASSERT_TRUE(parsed.ok());
  // The items of one list share one block, which each of them owns.
  for (const ExprPtr& item : *(*parsed)->items()) EXPECT_EQ(item.use_count(), 3);
  const Expr& call = *(*parsed)->children()[2];
  ASSERT_EQ(call.kind(), ExprKind::kCall);
  EXPECT_GE(call.args()[0].use_count(), 1);
  // A list value shares the items: it outlives the tree that held them.
  Value list = EvaluateExpr(**parsed, nullptr, nullptr, EvalOptions{});
  parsed = Status(StatusCode::kParseError, "dropped");
  ASSERT_TRUE(list.IsList());
  EXPECT_EQ(UnparseValue(list), "{ \"a\",x + 1,size({ 1,2 }) }");
}

}  // namespace
}  // namespace classad
