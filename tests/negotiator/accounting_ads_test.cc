// The accounting ads (negotiator/accountant/accounting_ads.h), as
// condor_userprio -long shows them.
#include "negotiator/accountant/accounting_ads.h"

#include <gtest/gtest.h>

#include <string>

#include "classad/evaluator.h"
#include "tests/negotiator/accountant_test_util.h"

namespace negotiator {
namespace {

using testing_util::MakePolicy;

constexpr int64_t kNow = 1767225600;

std::string StringOf(const classad::ClassAd& ad, const char* name) {
  std::string out;
  EXPECT_TRUE(classad::EvaluateAttrString(ad, name, &out)) << name;
  return out;
}

double NumberOf(const classad::ClassAd& ad, const char* name) {
  double out = -1;
  EXPECT_TRUE(classad::EvaluateAttrNumber(ad, name, &out)) << name;
  return out;
}

TEST(AccountingAdsTest, UsersAndGroupsAsHTCondorReportsThem) {
  Accountant a(MakePolicy(
      "UID_DOMAIN = x\nGROUP_NAMES = physics\nGROUP_QUOTA_physics = 10\n"
      "GROUP_ACCEPT_SURPLUS_physics = True\n"));
  a.Initialize(kNow);
  a.SetPriority("physics.alice@x", 7.5);
  a.SetPriority("physics", 2);
  const AccountingAdMaker maker(a);
  const CustomerRecord* user = a.FindCustomer("physics.alice@x");
  const CustomerRecord* group = a.FindCustomer("physics");
  ASSERT_NE(user, nullptr);
  ASSERT_NE(group, nullptr);

  const classad::ClassAd u = maker.Make(*user);
  EXPECT_EQ(StringOf(u, "Name"), "physics.alice@x");
  EXPECT_DOUBLE_EQ(NumberOf(u, "Priority"), a.EffectivePriority("physics.alice@x"));
  EXPECT_EQ(StringOf(u, "AccountingGroup"), "physics");
  EXPECT_EQ(NumberOf(u, "IsAccountingGroup"), 0);
  EXPECT_FALSE(u.Find("HierWeightedResourcesUsed"));
  EXPECT_FALSE(u.Find("SurplusPolicy"));

  const classad::ClassAd g = maker.Make(*group);
  EXPECT_EQ(NumberOf(g, "IsAccountingGroup"), 1);
  EXPECT_EQ(StringOf(g, "SurplusPolicy"), "byquota");
  EXPECT_EQ(NumberOf(g, "ConfigQuota"), 10);
  EXPECT_TRUE(g.Find("HierWeightedResourcesUsed"));
  // No cycle stored: no EffectiveQuota.
  EXPECT_FALSE(g.Find("EffectiveQuota"));
}

}  // namespace
}  // namespace negotiator
