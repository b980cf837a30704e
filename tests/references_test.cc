// ExternalReferences, InternalReferences, TrimReferenceNames and
// AttrRefsOfScope: the walks of HTCondor's ClassAd library
// (classad.cpp _GetExternalReferences / _GetInternalReferences,
// compat_classad.cpp TrimReferenceNames), which its negotiator and schedd
// build autoclusters' significant attributes from.
#include "classad/references.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "classad/parser.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

std::vector<std::string> Names(const References& refs) { return {refs.begin(), refs.end()}; }

struct Walked {
  bool ok;
  std::vector<std::string> names;
};

Walked External(const ClassAd& ad, const std::string& attribute, bool full_names = true) {
  References refs;
  const bool ok = ExternalReferences(ad, ad.Find(attribute).expr(), full_names, &refs);
  return {ok, Names(refs)};
}

Walked Internal(const ClassAd& ad, const std::string& attribute) {
  References refs;
  const bool ok = InternalReferences(ad, ad.Find(attribute).expr(), &refs);
  return {ok, Names(refs)};
}

TEST(ReferencesTest, ExternalNamesFollowTheAdsOwnAttributes) {
  auto slot = TestAd(
      "[ Memory = 1024; Start = TARGET.RequestMemory <= Memory && Owner == \"x\" && "
      "MY.Missing =?= undefined && MY.Memory > 0; Requirements = Start ]");
  const Walked w = External(*slot, "Requirements");
  EXPECT_TRUE(w.ok);
  EXPECT_EQ(w.names, (std::vector<std::string>{"Missing", "Owner", "TARGET.RequestMemory"}));
  // Without full names the undefined base is walked itself: TARGET is a
  // name the ad lacks.
  EXPECT_EQ(External(*slot, "Requirements", false).names,
            (std::vector<std::string>{"Missing", "Owner", "TARGET"}));
}

TEST(ReferencesTest, InternalNamesAreThoseTheAdHasFollowedThrough) {
  auto job = TestAd(
      "[ Requirements = Memory > RequestMemory && MY.Disk > 0 && TARGET.Arch == Arch2; "
      "RequestMemory = ImageSize / 1024; ImageSize = 2048; Disk = 5 ]");
  EXPECT_EQ(Internal(*job, "Requirements").names,
            (std::vector<std::string>{"Disk", "ImageSize", "RequestMemory"}));
  EXPECT_EQ(External(*job, "Requirements").names,
            (std::vector<std::string>{"Arch2", "Memory", "TARGET.Arch"}));
}

TEST(ReferencesTest, ACircularReferenceFailsAndSkipsWhatFollows) {
  auto ad = TestAd("[ A = B; B = A; R1 = A && Foo; R2 = Foo && A; ]");
  const Walked first = External(*ad, "R1");
  EXPECT_FALSE(first.ok);
  EXPECT_TRUE(first.names.empty());
  const Walked second = External(*ad, "R2");
  EXPECT_FALSE(second.ok);
  EXPECT_EQ(second.names, (std::vector<std::string>{"Foo"}));
  const Walked internal = Internal(*ad, "R1");
  EXPECT_FALSE(internal.ok);
  EXPECT_EQ(internal.names, (std::vector<std::string>{"A", "B"}));
}

TEST(ReferencesTest, SpecialNames) {
  auto ad = TestAd("[ a = b; R = MY; P = parent.x; T = CurrentTime + q; S = 3; Bad = S.x ]");
  // A bare MY is the whole ad: every attribute is walked.
  const Walked whole = External(*ad, "R");
  EXPECT_FALSE(whole.ok);  // the ad holds R = MY itself: the walk goes round
  EXPECT_EQ(whole.names, (std::vector<std::string>{"b"}));
  // `parent` is a reserved word HTCondor's unparser quotes.
  EXPECT_EQ(External(*ad, "P").names, (std::vector<std::string>{"'parent'.x"}));
  EXPECT_EQ(External(*ad, "T").names, (std::vector<std::string>{"q"}));
  // A base that is neither undefined nor an ad fails the walk.
  EXPECT_FALSE(External(*ad, "Bad").ok);
}

TEST(ReferencesTest, NestedAdsLookNamesUpAlongTheirScopeChain) {
  // Inner's names climb to Mid, then to the root (HTCondor's
  // LookupInScope); `parent` in Inner is Mid.
  auto ad = TestAd(
      "[ x = 1; Mid = [ y = 2; w = 5; Inner = [ c = y + x + z; d = parent.w + parent.v ] ]; "
      "R = Mid.Inner.c; P = Mid.Inner.d; L = { [ e = x + u ] }[0].e ]");
  EXPECT_EQ(External(*ad, "R").names, (std::vector<std::string>{"z"}));
  EXPECT_EQ(External(*ad, "P").names, (std::vector<std::string>{"v"}));
  EXPECT_EQ(External(*ad, "L").names, (std::vector<std::string>{"u"}));
}

TEST(ReferencesTest, NamesKeepTheirFirstSpelling) {
  auto ad = TestAd("[ R = foo && FOO && Foo ]");
  EXPECT_EQ(External(*ad, "R").names, (std::vector<std::string>{"foo"}));
}

TEST(ReferencesTest, TrimReferenceNames) {
  References external = {"TARGET.x", "other.y", ".left.z", ".RIGHT.w", ".v", "foo.bar", "a[1]"};
  TrimReferenceNames(&external, true);
  EXPECT_EQ(Names(external), (std::vector<std::string>{"a", "foo", "v", "w", "x", "y", "z"}));
  References internal = {"target.x", ".v"};
  TrimReferenceNames(&internal, false);
  EXPECT_EQ(Names(internal), (std::vector<std::string>{"target", "v"}));
}

TEST(ReferencesTest, AttrRefsOfScope) {
  Result<ExprPtr> e = ParseExpression("JOB.x && job.Y > MY.z && JOB && f(JOB.w)");
  ASSERT_TRUE(e.ok());
  References refs;
  AttrRefsOfScope(**e, "JOB", &refs);
  EXPECT_EQ(Names(refs), (std::vector<std::string>{"w", "x", "Y"}));
}

TEST(ReferencesTest, HostileSharingIsBounded) {
  // Each level names the next twice: HTCondor's walk takes 2^40 steps.
  std::string text = "[ A0 = 1";
  for (int i = 1; i <= 40; ++i) {
    text += "; A" + std::to_string(i) + " = A" + std::to_string(i - 1) + " + A" +
            std::to_string(i - 1);
  }
  text += " ]";
  auto ad = TestAd(text);
  References refs;
  EXPECT_FALSE(InternalReferences(*ad, ad->Find("A40").expr(), &refs));
}

}  // namespace
}  // namespace classad
