// CopyExpr and ValueCopier (classad/value_copier.h): a copy shares no node
// or string with its original and is the same expression in every way the
// language can see (structure with names as written, unparsed text,
// evaluation), over every expression of the conformance corpus; a copier
// keeps shared strings and trees shared, copies each once, and keeps the
// originals alive until cleared.
#include "classad/value_copier.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "conformance_runner.h"

namespace classad {
namespace {

ExprPtr Parse(const std::string& text) {
  Result<ExprPtr> parsed = ParseExpression(text);
  EXPECT_TRUE(parsed.ok()) << text << ": " << parsed.status().ToString();
  return parsed.ok() ? *parsed : nullptr;
}

// Every node of `tree` (operands, arguments, items), root first.
void Nodes(const Expr& tree, std::vector<const Expr*>* out) {
  out->push_back(&tree);
  for (const ExprPtr& child : tree.children()) Nodes(*child, out);
}

// Whether `copy` is `original` copied: the same in every respect
// (SameAs with names as written; per node the kind, operator, name class,
// depth, built-in and folded relTime mark; the text), with no node and no
// string literal of its own shared (nested ads copied, attribute by
// attribute, names as spelled).
void ExpectCopied(const Expr& original, const Expr& copy) {
  EXPECT_TRUE(copy.SameAs(original, Expr::Names::kExactCase)) << Unparse(original);
  EXPECT_EQ(Unparse(copy), Unparse(original));
  std::vector<const Expr*> a, b;
  Nodes(original, &a);
  Nodes(copy, &b);
  ASSERT_EQ(a.size(), b.size()) << Unparse(original);
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_NE(a[i], b[i]) << "node " << i << " of " << Unparse(original) << " is shared";
    EXPECT_EQ(a[i]->kind(), b[i]->kind());
    EXPECT_EQ(a[i]->op(), b[i]->op());
    EXPECT_EQ(a[i]->name(), b[i]->name());
    EXPECT_EQ(a[i]->name_hash(), b[i]->name_hash());
    EXPECT_EQ(a[i]->name_class(), b[i]->name_class());
    EXPECT_EQ(a[i]->absolute(), b[i]->absolute());
    EXPECT_EQ(a[i]->reltime_text(), b[i]->reltime_text());
    EXPECT_EQ(a[i]->builtin(), b[i]->builtin());
    EXPECT_EQ(a[i]->depth(), b[i]->depth());
    if (a[i]->kind() == ExprKind::kAd) {
      EXPECT_NE(a[i]->ad(), b[i]->ad());
      EXPECT_EQ(UnparseAd(*a[i]->ad()), UnparseAd(*b[i]->ad()));
      for (size_t k = 0; k < a[i]->ad()->size(); ++k) {
        EXPECT_EQ(a[i]->ad()->name(k), b[i]->ad()->name(k));  // spelled alike, in order
      }
    }
    if (a[i]->kind() == ExprKind::kLiteral && a[i]->literal().IsString()) {
      EXPECT_EQ(a[i]->literal().string(), b[i]->literal().string());
      EXPECT_NE(a[i]->literal().string().data(), b[i]->literal().string().data());
    }
  }
}

TEST(CopyExpr, EveryKindOfNode) {
  const char* texts[] = {
      "Memory",
      ".Memory",
      "TARGET.Memory >= 2048 && MY.Arch == \"X86_64\"",
      "{1, \"two\", 3.5, {4}}[1]",
      "-x + !y - ~z",
      "a ? b : c",
      "a ?: b",
      "strcat(\"a\", Name, toUpper(\"b\"))",
      "noSuchFunction(1, 2)",
      "[a = 1; b = a + 1].b",
      "[Name = \"n\"; Nested = [X = relTime(\"5\"); y = {1, [z = 2]}]; f = strcat(Name)]",
      "((1 + 2)) * 3",
      "relTime(\"1:00:00\") + 1",
      "absTime(\"2024-01-01T00:00:00Z\")",
      "undefined =?= error",
      "x is undefined isnt y",
      "1 << 2 >> 3 >>> 4 | 5 & 6 ^ 7 % 8 / 9",
      "\"a string\"",
      "1.0e300 * 2",
      "self.x + parent.y + root.z + CurrentTime",
  };
  for (const char* text : texts) {
    ExprPtr original = Parse(text);
    ASSERT_NE(original, nullptr);
    ExprPtr copy = CopyExpr(*original);
    ExpectCopied(*original, *copy);
  }
}

TEST(CopyExpr, EveryExpressionOfTheConformanceCorpusEvaluatesAlike) {
  size_t copied = 0;
  for (const char* file : {"conformance/cases.tsv", "conformance/quirks.tsv"}) {
    Result<std::vector<testing::ConformanceCase>> cases =
        testing::LoadCases(std::string(CLASSAD_TEST_DATA_DIR) + "/" + file);
    ASSERT_TRUE(cases.ok()) << cases.status().ToString();
    testing::AdLibrary ads(std::string(CLASSAD_TEST_DATA_DIR) + "/conformance");
    for (const testing::ConformanceCase& c : *cases) {
      Result<ExprPtr> parsed = ParseExpression(c.expression);
      if (!parsed.ok()) continue;
      ExprPtr copy = CopyExpr(**parsed);
      ExpectCopied(**parsed, *copy);
      Result<const ClassAd*> my = ads.Get(c.my_ad);
      Result<const ClassAd*> target = ads.Get(c.target_ad);
      ASSERT_TRUE(my.ok() && target.ok()) << c.id;
      EXPECT_EQ(UnparseValue(EvaluateExpr(*copy, *my, *target)),
                UnparseValue(EvaluateExpr(**parsed, *my, *target)))
          << c.id << ": " << c.expression;
      ++copied;
    }
  }
  EXPECT_GT(copied, 1000u);
}

TEST(ValueCopier, SharedStringsAndTreesAreCopiedOnceEach) {
  ValueCopier copier;
  const Value shared = Value::String("X86_64");
  const Value also = shared;  // a second value holding the same string
  const Value first = copier.Copy(shared);
  const Value second = copier.Copy(also);
  EXPECT_EQ(first.string(), "X86_64");
  EXPECT_NE(first.string().data(), shared.string().data());
  EXPECT_EQ(first.string().data(), second.string().data());  // one copy for both

  // A string no other value holds is copied each time, not remembered.
  const size_t remembered = copier.size();
  const Value own = Value::String("slot1@host");
  EXPECT_EQ(copier.Copy(own).string(), "slot1@host");
  EXPECT_NE(copier.Copy(own).string().data(), own.string().data());
  EXPECT_EQ(copier.size(), remembered);

  // Scalars come back as they are.
  EXPECT_EQ(copier.Copy(Value::Integer(7)).integer(), 7);
  EXPECT_EQ(copier.Copy(Value::Real(0.5)).real(), 0.5);

  ExprPtr tree = Parse("Memory >= RequestMemory && Arch == \"X86_64\"");
  ExprPtr a = copier.Copy(tree);
  ExprPtr b = copier.Copy(tree);
  EXPECT_EQ(a, b);  // one copy of one tree
  EXPECT_NE(a.get(), tree.get());
  ExpectCopied(*tree, *a);
  EXPECT_EQ(copier.Copy(ExprPtr()), nullptr);
}

TEST(ValueCopier, KeepsOriginalsAliveUntilCleared) {
  ValueCopier copier;
  std::weak_ptr<const Expr> watch;
  ExprPtr copy;
  {
    ExprPtr tree = Parse("a + b");
    watch = tree;
    copy = copier.Copy(tree);
  }
  // Remembered by address: the original may not go (and its address be
  // reused by another tree) while the copier remembers it.
  EXPECT_FALSE(watch.expired());
  copier.Clear();
  EXPECT_TRUE(watch.expired());
  EXPECT_EQ(copier.size(), 0u);
  EXPECT_EQ(Unparse(*copy), "a + b");  // the copy lives on its own
}

}  // namespace
}  // namespace classad
