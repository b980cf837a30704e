// LoadCache: the positions it learns are AdLayout::Find's, they stay put as
// the cache grows, and evaluation with a cache attached gives exactly the
// values it gives without one.
#include "classad/load_cache.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/program.h"
#include "classad/unparse.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

ExprPtr Parse(const std::string& text) {
  Result<ExprPtr> expr = ParseExpression(text);
  EXPECT_TRUE(expr.ok()) << text << ": " << expr.status().ToString();
  return expr.ok() ? *expr : nullptr;
}

TEST(LoadCacheTest, PositionsAreWhereTheLayoutHasTheNames) {
  auto ad = TestAd("[ A = 1; B = 2; c = 3 ]");
  ExprPtr expr = Parse("B + MY.C + Missing + TARGET.a + TARGET.Nope");
  const Program& program = expr->program();
  ASSERT_EQ(program.reads(LoadSide::kMine).size(), 3u);
  ASSERT_EQ(program.reads(LoadSide::kTheirs).size(), 2u);
  LoadCache cache;
  const int32_t* mine = cache.Positions(program, ad->layout(), LoadSide::kMine);
  EXPECT_EQ(mine[0], 1);
  EXPECT_EQ(mine[1], 2);  // case-insensitive, as lookups are
  EXPECT_EQ(mine[2], -1);
  const int32_t* theirs = cache.Positions(program, ad->layout(), LoadSide::kTheirs);
  EXPECT_EQ(theirs[0], 0);
  EXPECT_EQ(theirs[1], -1);
  EXPECT_EQ(cache.size(), 2u);
  // Asked again: the same arrays, nothing new learned.
  EXPECT_EQ(cache.Positions(program, ad->layout(), LoadSide::kMine), mine);
  EXPECT_EQ(cache.Positions(program, ad->layout(), LoadSide::kTheirs), theirs);
  EXPECT_EQ(cache.size(), 2u);
  cache.Clear();
  EXPECT_EQ(cache.size(), 0u);
}

// An ad with an attribute named like a special name needs the general
// resolution for MY.x and TARGET.x: the cache gives no positions in its own
// layout (as the ad evaluated), and still gives them as a target's.
TEST(LoadCacheTest, NoPositionsInALayoutWithASpecialName) {
  auto ad = TestAd("[ TARGET = 1; Memory = 4 ]");
  ExprPtr expr = Parse("Memory + TARGET.Memory");
  const Program& program = expr->program();
  LoadCache cache;
  EXPECT_EQ(cache.Positions(program, ad->layout(), LoadSide::kMine), nullptr);
  const int32_t* theirs = cache.Positions(program, ad->layout(), LoadSide::kTheirs);
  ASSERT_NE(theirs, nullptr);
  EXPECT_EQ(theirs[0], 1);
  EXPECT_EQ(cache.size(), 2u);
}

// Arrays handed out stay valid and unchanged while the table grows (a
// running program holds its arrays while nested runs learn more).
TEST(LoadCacheTest, ArraysStayPutAsTheCacheGrows) {
  ExprPtr expr = Parse("Pos0 + Pos1");
  const Program& program = expr->program();
  std::vector<std::shared_ptr<ClassAd>> ads;
  std::vector<const int32_t*> arrays;
  LoadCache cache;
  for (int i = 0; i < 300; ++i) {
    // Pos0 at i % 7, Pos1 absent or last: many layouts, known answers.
    std::string text = "[";
    for (int j = 0; j < i % 7; ++j) text += " Pad" + std::to_string(j) + " = 0;";
    text += " Pos0 = 1;";
    if (i % 2 == 1) text += " Pos1 = 2;";
    text += " Unique" + std::to_string(i) + " = 3 ]";
    ads.push_back(TestAd(text));
    arrays.push_back(cache.Positions(program, ads.back()->layout(), LoadSide::kMine));
  }
  EXPECT_EQ(cache.size(), 300u);
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ(cache.Positions(program, ads[i]->layout(), LoadSide::kMine), arrays[i]) << i;
    EXPECT_EQ(arrays[i][0], i % 7) << i;
    EXPECT_EQ(arrays[i][1], i % 2 == 1 ? i % 7 + 1 : -1) << i;
  }
}

// Ads of two layouts each, for the same expressions: values with a cache
// attached (asked twice, so the second run takes every position from what
// the first learned) against values without one.
TEST(LoadCacheTest, EvaluationWithACacheGivesTheSameValues) {
  const std::vector<std::string> my_ads = {
      "[ Memory = 2048; Cpus = 2; Owner = \"alice\"; Start = Memory > 1024 && KeyboardIdle > 5;"
      "  KeyboardIdle = 10; Requirements = START; Self = MY.Memory ]",
      "[ Owner = \"bob\"; KeyboardIdle = 1; Memory = 512; Requirements = Start;"
      "  Start = TARGET.RequestCpus <= Cpus; Self = MY.Cpus ]",
      "[ TARGET = 1; Memory = 4; Requirements = TARGET ]",  // a special name as an attribute
  };
  const std::vector<std::string> target_ads = {
      "[ RequestCpus = 1; RequestMemory = 1000; Cpus = 99; Rank = Memory ]",
      "[ RequestMemory = Owner; Owner = \"carol\"; RequestCpus = 4 ]",
  };
  const std::vector<std::string> expressions = {
      "Requirements",
      "Memory >= TARGET.RequestMemory && Cpus > 1",
      "Cpus",  // absent from some MY ads: the target's, in compat mode
      "MY.Memory + MY.Cpus",
      "TARGET.Owner == Owner",
      "ifThenElse(TARGET.Rank > 0, Self, KeyboardIdle)",
      "eval(\"Memory + 1\")",
      "[ Memory = 1; X = Memory + Cpus ].X",
      "Nothing =?= undefined",
  };
  for (ScopingMode mode : {ScopingMode::kCompat, ScopingMode::kStrict}) {
    EvalOptions options;
    options.mode = mode;
    for (const std::string& my_text : my_ads) {
      for (const std::string& target_text : target_ads) {
        auto my = TestAd(my_text);
        auto target = TestAd(target_text);
        for (const std::string& text : expressions) {
          auto holder = TestAd("[ Probe = " + text + " ]");
          auto probe = std::make_shared<ClassAd>(*my);
          probe->Insert("Probe", holder->Find("Probe").ToExpr());
          MatchContext match(probe.get(), target.get());
          EvalContext plain(options, BorrowScope(match.my_scope()));
          const std::string expected = UnparseValue(plain.Evaluate(probe->Find("Probe")));
          LoadCache cache;
          EvalContext cached(options, BorrowScope(match.my_scope()));
          cached.UseLoadCache(&cache);
          for (int round = 0; round < 2; ++round) {
            cached.Restart();
            EXPECT_EQ(UnparseValue(cached.Evaluate(probe->Find("Probe"))), expected)
                << text << " in " << my_text << " against " << target_text << ", round "
                << round;
          }
        }
      }
    }
  }
}

// Programs made on the fly (eval()'s) never enter the cache: their
// addresses may be reused by other programs while the cache lives.
TEST(LoadCacheTest, ProgramsMadeOnTheFlyAreNotCached) {
  auto ad = TestAd("[ Memory = 4; Probe = eval(\"Memory + 1\") ]");
  MatchContext match(ad.get(), ad.get());
  EvalOptions options;
  EvalContext ctx(options, BorrowScope(match.my_scope()));
  LoadCache cache;
  ctx.UseLoadCache(&cache);
  EXPECT_EQ(UnparseValue(ctx.Evaluate(ad->Find("Probe"))), "5");
  EXPECT_EQ(cache.size(), 0u);  // Probe's own program loads nothing
}

}  // namespace
}  // namespace classad
