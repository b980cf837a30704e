// HTCondor's MatchClassAd wrapper as names in a match reach it
// (classad/match_wrapper.cc): where in the lookup it sits, which ad is
// LEFT, and what `parent` of a side is. Every case runs through compiled
// programs and through the tree walker, which must agree.
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/expression_reads.h"
#include "classad/match.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

// `text` evaluated with MY = `my` and TARGET = `target` (`left` says which
// is LEFT), in compat mode; compiled and tree-walked must agree.
std::string Eval(const std::string& text, const ClassAd* my, const ClassAd* target,
                 MatchLeft left = MatchLeft::kMy) {
  Result<ExprPtr> e = ParseExpression(text);
  if (!e.ok()) return "PARSE_ERROR";
  std::string results[2];
  for (int compiled = 0; compiled < 2; ++compiled) {
    EvalOptions options;
    options.compiled = compiled != 0;
    MatchContext pair(my, target, left);
    EvalContext eval(options, BorrowScope(pair.my_scope()));
    results[compiled] = UnparseValue(eval.Evaluate(**e));
  }
  EXPECT_EQ(results[0], results[1]) << text;
  return results[1];
}

class MatchWrapperTest : public ::testing::Test {
 protected:
  std::shared_ptr<ClassAd> job_ = TestAd(
      "[ Owner = \"alice\"; RequestMemory = 2048; Requirements = TARGET.Memory >= 1024;"
      "  Rank = 3 ]");
  // A slot that names attributes like the wrapper's.
  std::shared_ptr<ClassAd> slot_ = TestAd(
      "[ Memory = 16384; Requirements = TARGET.RequestMemory <= Memory; Rank = 7;"
      "  other = 5; symmetricMatch = \"slot's\"; LEFT = 1; lCtx = 2 ]");
};

TEST_F(MatchWrapperTest, WrapperNamesComeBeforeTheTargetFallback) {
  // HTCondor climbs from MY into the context ad and the wrapper before it
  // looks in TARGET (its alternateScope): the slot's `other` does not win.
  EXPECT_EQ(Eval("other.Memory", job_.get(), slot_.get()), "16384");
  EXPECT_EQ(Eval("other.other", job_.get(), slot_.get()), "5");
  EXPECT_EQ(Eval("symmetricMatch", job_.get(), slot_.get()), "true");
  EXPECT_EQ(Eval("LEFT.Owner", job_.get(), slot_.get()), "\"alice\"");
  EXPECT_EQ(Eval("leftRankValue + rightRankValue", job_.get(), slot_.get()), "10");
  // Names the wrapper does not have still fall back to TARGET.
  EXPECT_EQ(Eval("Memory", job_.get(), slot_.get()), "16384");
  // The ad's own attribute is found first, as in HTCondor.
  EXPECT_EQ(Eval("symmetricMatch", slot_.get(), job_.get()), "\"slot's\"");
  EXPECT_EQ(Eval("other", slot_.get(), job_.get()), "5");
}

TEST_F(MatchWrapperTest, SelectionsClimbIntoTheWrapper) {
  // TARGET.x: x missing from TARGET climbs through its context ad (rCtx),
  // whose `other` is MY.
  EXPECT_EQ(Eval("TARGET.ad.Owner", job_.get(), job_.get()), "\"alice\"");
  EXPECT_EQ(Eval("TARGET.other.Owner", job_.get(), TestAd("[ Memory = 1 ]").get()),
            "\"alice\"");
  EXPECT_EQ(Eval("MY.other.Memory", job_.get(), slot_.get()), "16384");
  EXPECT_EQ(Eval("MY.leftMatchesRight", job_.get(), slot_.get()), "true");
  // A comparison with the other ad itself is an error.
  EXPECT_EQ(Eval("TARGET.Other > 1", job_.get(), TestAd("[ Memory = 1 ]").get()), "error");
}

TEST_F(MatchWrapperTest, TheJobIsLeftWhenTheSlotsRequirementsAreMatched) {
  // HTCondor's IsAMatch(job, slot): the slot's Requirements see the job
  // as LEFT; its Rank, evaluated on its own, sees the slot as LEFT.
  auto plain = TestAd("[ Memory = 16384; Rank = 7 ]");
  EXPECT_EQ(Eval("LEFT.RequestMemory", plain.get(), job_.get(), MatchLeft::kTarget), "2048");
  EXPECT_EQ(Eval("RIGHT.Memory", plain.get(), job_.get(), MatchLeft::kTarget), "16384");
  EXPECT_EQ(Eval("root.LEFT.Owner", plain.get(), job_.get(), MatchLeft::kTarget), "\"alice\"");
  EXPECT_EQ(Eval("rightRankValue", plain.get(), job_.get(), MatchLeft::kTarget), "7");
  EXPECT_EQ(Eval("RIGHT.Memory", plain.get(), job_.get(), MatchLeft::kMy), "undefined");
  // The slot's own LEFT attribute still comes first.
  EXPECT_EQ(Eval("MY.LEFT", slot_.get(), job_.get(), MatchLeft::kTarget), "1");
}

TEST_F(MatchWrapperTest, ParentOfASideIsItsContextAd) {
  EXPECT_EQ(Eval("parent", job_.get(), slot_.get()),
            "[ ad = .LEFT; my = .LEFT; other = .RIGHT; target = .RIGHT ]");
  EXPECT_EQ(Eval("parent.other.Memory", job_.get(), slot_.get()), "16384");
  EXPECT_EQ(Eval("parent", slot_.get(), job_.get(), MatchLeft::kTarget),
            "[ ad = .RIGHT; my = .RIGHT; other = .LEFT; target = .LEFT ]");
  // Outside a match the top-level ad has no parent.
  EXPECT_EQ(Eval("parent", job_.get(), nullptr), "undefined");
}

TEST_F(MatchWrapperTest, TheWrapperReachedByNameHoldsTheLiveSides) {
  // What is read through the wrapper (root, parent, lCtx, rCtx, `.self`)
  // is what the match itself gives: its LEFT and RIGHT are the two sides,
  // which see each other. Expectations are HTCondor 25.13.2's libclassad
  // on these ads (a MatchClassAd, expressions evaluated in the job).
  auto job = TestAd(
      "[ Owner = \"alice\"; RequestMemory = 2048; NeedsMemory = Memory;"
      "  Requirements = TARGET.Memory >= 1024; Rank = 3 ]");
  auto slot = TestAd("[ Memory = 16384; Requirements = TARGET.RequestMemory <= Memory; Rank = 7 ]");
  const std::pair<const char*, const char*> cases[] = {
      {"PARENT.MY.NeedsMemory", "16384"},
      {"root.LEFT.NeedsMemory", "16384"},
      {"lCtx.symmetricMatch", "true"},
      {".self.leftRankValue", "3"},
      {"1/.self", "error"},
      {".parent", "undefined"},
      {"root.RIGHT.other.Owner", "\"alice\""},
      {".lCtx.LEFT.parent", "[ ad = .LEFT; my = .LEFT; other = .RIGHT; target = .RIGHT ]"},
      {"isClassAd(.my)", "true"},
      {"root.parent", "undefined"},
      {".root.rightRankValue", "7"},
      {"rCtx.TARGET.NeedsMemory", "16384"},
      {"root[\"LEFT\"].NeedsMemory", "undefined"},
  };
  for (const auto& [text, expected] : cases) {
    EXPECT_EQ(Eval(text, job.get(), slot.get()), expected) << text;
  }
}

TEST_F(MatchWrapperTest, AnalysesCountWhatWrapperNamesRead) {
  auto parse = [](const char* text) { return *ParseExpression(text); };
  std::vector<std::string> mine, theirs;
  CollectReferencedNames(*parse("other.RequestMemory <= Memory && symmetricMatch"), &mine,
                         &theirs);
  EXPECT_EQ(std::set<std::string>(theirs.begin(), theirs.end()),
            (std::set<std::string>{"RequestMemory", "Requirements"}));
  EXPECT_TRUE(std::set<std::string>(mine.begin(), mine.end()).contains("Requirements"));

  std::set<std::string> names;
  EXPECT_TRUE(AllNamesRead(*parse("other.RequestMemory + leftRankValue"), &names));
  EXPECT_TRUE(names.contains("requestmemory"));
  EXPECT_TRUE(names.contains("rank"));
  EXPECT_FALSE(AllNamesRead(*parse("size(other)"), &names));
  EXPECT_FALSE(AllNamesRead(*parse("MY.other"), &names));

  EXPECT_FALSE(ReadsOnlyNamedAttributes(*parse("symmetricMatch")));
  EXPECT_FALSE(ReadsOnlyNamedAttributes(*parse("TARGET.LEFT")));
  EXPECT_TRUE(ReadsOnlyNamedAttributes(*parse("TARGET.Memory > Memory")));
}

}  // namespace
}  // namespace classad
