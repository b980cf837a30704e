// AttributeOverlay: attributes bound over ads for an evaluation, seen
// where HTCondor's inserted attributes would be, compiled or not.
#include <string>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/load_cache.h"
#include "classad/overlay.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

class OverlayTest : public ::testing::Test {
 protected:
  // Evaluates `text` with MY = slot_ and TARGET = job_, the overlays bound,
  // both compiled and by the tree walker; expects them to agree.
  std::string Eval(const std::string& text, ScopingMode mode = ScopingMode::kCompat) {
    ParseOptions parse_options;
    parse_options.compat = mode == ScopingMode::kCompat;
    Result<ExprPtr> e = ParseExpression(text, parse_options);
    if (!e.ok()) return "PARSE_ERROR";
    MatchContext match(slot_.get(), job_.get());
    match.SetOverlays(&slot_overlay_, &job_overlay_);
    std::string results[2];
    for (bool compiled : {true, false}) {
      EvalOptions options;
      options.mode = mode;
      options.compiled = compiled;
      EvalContext ctx(options, BorrowScope(match.my_scope()));
      results[compiled] = UnparseValue(ctx.Evaluate(**e));
    }
    EXPECT_EQ(results[0], results[1]) << text;
    return results[1];
  }

  std::shared_ptr<ClassAd> job_ = TestAd(
      "[ Owner = \"alice\"; RequestCpus = 2; SubmitterUserPrio = 1;"
      "  Doubled = SubmitterUserPrio * 2 ]");
  std::shared_ptr<ClassAd> slot_ = TestAd(
      "[ Cpus = 8; RemoteUser = \"bob@site\"; RemoteGroup = \"stale\";"
      "  Policy = RemoteUserPrio > SubmitterUserPrio ]");
  AttributeOverlay job_overlay_;
  AttributeOverlay slot_overlay_;
};

TEST_F(OverlayTest, UnqualifiedNamesSeeMyOverlayThenMyAdThenTargetOverlay) {
  slot_overlay_.Set(slot_overlay_.Add("RemoteUserPrio"), Value::Real(150.5));
  job_overlay_.Set(job_overlay_.Add("SubmitterGroup"), Value::String("group_a"));
  EXPECT_EQ(Eval("RemoteUserPrio"), "1.505000000000000E+02");
  EXPECT_EQ(Eval("remoteuserprio"), "1.505000000000000E+02");  // names are case-insensitive
  EXPECT_EQ(Eval("SubmitterGroup"), "\"group_a\"");  // MY lacks it: TARGET's overlay
  EXPECT_EQ(Eval("Cpus"), "8");                      // unbound names: the ad
  EXPECT_EQ(Eval("RequestCpus"), "2");
}

TEST_F(OverlayTest, OverlayShadowsTheAdsOwnAttribute) {
  // HTCondor inserts the attribute, replacing what the ad had.
  slot_overlay_.Set(slot_overlay_.Add("RemoteGroup"), Value::String("group_b"));
  job_overlay_.Set(job_overlay_.Add("SubmitterUserPrio"), Value::Real(500));
  EXPECT_EQ(Eval("RemoteGroup"), "\"group_b\"");
  EXPECT_EQ(Eval("MY.RemoteGroup"), "\"group_b\"");
  EXPECT_EQ(Eval("TARGET.SubmitterUserPrio"), "5.000000000000000E+02");
  // The job's own expression, evaluated in the job, sees the job's overlay.
  EXPECT_EQ(Eval("TARGET.Doubled"), "1.000000000000000E+03");
}

TEST_F(OverlayTest, AbsentEntriesHideNothing) {
  const int group = slot_overlay_.Add("RemoteGroup");
  slot_overlay_.Set(group, Value::String("group_b"));
  slot_overlay_.Clear(group);
  EXPECT_EQ(Eval("RemoteGroup"), "\"stale\"");
  EXPECT_EQ(Eval("RemoteGroupQuota"), "undefined");
  const int quota = job_overlay_.Add("SubmitterGroupQuota");
  EXPECT_EQ(Eval("SubmitterGroupQuota =?= UNDEFINED"), "true");
  job_overlay_.Set(quota, Value::Integer(40));
  EXPECT_EQ(Eval("SubmitterGroupQuota =?= UNDEFINED"), "false");
  job_overlay_.ClearAll();
  EXPECT_EQ(Eval("isUndefined(SubmitterGroupQuota)"), "true");
}

TEST_F(OverlayTest, ComputedEntriesAreReadEachTime) {
  int64_t usage = 3;
  const int index = slot_overlay_.Add("RemoteUserResourcesInUse");
  slot_overlay_.Compute(
      index, [](const void* c) { return Value::Integer(*static_cast<const int64_t*>(c)); },
      &usage);
  EXPECT_EQ(Eval("RemoteUserResourcesInUse + 1"), "4");
  usage = 10;
  EXPECT_EQ(Eval("RemoteUserResourcesInUse + 1"), "11");
}

TEST_F(OverlayTest, StrictModeHasNoTargetFallback) {
  job_overlay_.Set(job_overlay_.Add("SubmitterGroup"), Value::String("group_a"));
  EXPECT_EQ(Eval("SubmitterGroup", ScopingMode::kStrict), "undefined");
  EXPECT_EQ(Eval("TARGET.SubmitterGroup", ScopingMode::kStrict), "\"group_a\"");
}

TEST_F(OverlayTest, SubscriptsAndAttributeValuesSeeTheOverlay) {
  slot_overlay_.Set(slot_overlay_.Add("RemoteUserPrio"), Value::Real(10));
  job_overlay_.Set(job_overlay_.Add("SubmitterUserPrio"), Value::Real(5));
  EXPECT_EQ(Eval("MY[\"RemoteUserPrio\"]"), "1.000000000000000E+01");
  EXPECT_EQ(Eval("Policy"), "true");  // an attribute of the slot reading both
  EXPECT_EQ(Eval("isUndefined(RemoteUserPrio)"), "false");
}

TEST_F(OverlayTest, IntrospectionSeesTheOverlay) {
  // unparse() and unresolved() see a bound attribute as HTCondor's inserted
  // one: a literal value.
  slot_overlay_.Set(slot_overlay_.Add("RemoteGroup"), Value::String("group_b"));
  EXPECT_EQ(Eval("unparse(RemoteGroup)"), "\"\\\"group_b\\\"\"");
  EXPECT_EQ(Eval("unresolved(Policy)"), "\"RemoteUserPrio,SubmitterUserPrio\"");
  slot_overlay_.Set(slot_overlay_.Add("RemoteUserPrio"), Value::Real(3));
  EXPECT_EQ(Eval("unresolved(Policy)"), "\"SubmitterUserPrio\"");
}

TEST_F(OverlayTest, SizeOfAnAdCountsTheBoundAttributes) {
  // size(ad) counts an inserted attribute once, whether new or shadowing.
  EXPECT_EQ(Eval("size(MY)"), "4");
  slot_overlay_.Set(slot_overlay_.Add("RemoteGroup"), Value::String("group_b"));  // shadows
  slot_overlay_.Set(slot_overlay_.Add("RemoteUserPrio"), Value::Real(3));         // new
  slot_overlay_.Add("RemoteGroupQuota");                                          // absent
  EXPECT_EQ(Eval("size(MY)"), "5");
  EXPECT_EQ(Eval("size(TARGET)"), "4");
  job_overlay_.Set(job_overlay_.Add("SubmitterGroup"), Value::String("a"));
  EXPECT_EQ(Eval("size(TARGET)"), "5");
}

TEST_F(OverlayTest, LoadCachePositionsDoNotBypassTheOverlay) {
  // A program whose loads take their positions from a load cache (as the
  // match kernel runs them) still sees the overlay first.
  slot_overlay_.Set(slot_overlay_.Add("RemoteGroup"), Value::String("group_b"));
  MatchContext match(slot_.get(), job_.get());
  match.SetOverlays(&slot_overlay_, &job_overlay_);
  EvalOptions options;
  EvalContext ctx(options, BorrowScope(match.my_scope()));
  LoadCache cache;
  ctx.UseLoadCache(&cache);
  const std::shared_ptr<ClassAd> holder =
      TestAd("[ X = RemoteGroup == \"group_b\" && MY.RemoteGroup != \"stale\" ]");
  const AttrRef policy = holder->Find("X");
  // Evaluate twice: learning the positions, then using them.
  EXPECT_EQ(UnparseValue(ctx.Evaluate(policy)), "true");
  ctx.Restart();
  EXPECT_EQ(UnparseValue(ctx.Evaluate(policy)), "true");
}

TEST_F(OverlayTest, AddIsIdempotentAndBounded) {
  AttributeOverlay overlay;
  EXPECT_EQ(overlay.Add("A"), 0);
  EXPECT_EQ(overlay.Add("a"), 0);
  EXPECT_EQ(overlay.IndexOf("A"), 0);
  EXPECT_EQ(overlay.IndexOf("B"), -1);
  for (size_t i = 1; i < AttributeOverlay::kMaxEntries; ++i) {
    EXPECT_GE(overlay.Add("N" + std::to_string(i)), 0);
  }
  EXPECT_EQ(overlay.Add("OneTooMany"), -1);
}

}  // namespace
}  // namespace classad
