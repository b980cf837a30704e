// The ephemeral attributes: present and absent exactly as in §3.8 of the
// reference (htcondor-negotiator.md), seen through overlays by compiled
// policy expressions.
#include <string>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/program.h"
#include "classad/unparse.h"
#include "policy/ephemeral.h"
#include "tests/test_ads.h"

namespace policy {
namespace {

using classad::TestAd;

class EphemeralTest : public ::testing::Test {
 protected:
  // `text` evaluated with MY = slot, TARGET = job and both overlays bound
  // (PREEMPTION_REQUIREMENTS' scoping), compiled and by the tree walker.
  std::string Eval(const std::string& text, const classad::ClassAd& slot,
                   const classad::ClassAd& job) {
    classad::Result<classad::ExprPtr> e = classad::ParseExpression(text);
    if (!e.ok()) return "PARSE_ERROR";
    classad::MatchContext match(&slot, &job);
    match.SetOverlays(&remote_.overlay(), &submitter_.overlay());
    std::string results[2];
    for (bool compiled : {false, true}) {
      classad::EvalOptions options;
      options.compiled = compiled;
      classad::EvalContext ctx(options, classad::BorrowScope(match.my_scope()));
      results[compiled] = classad::UnparseValue(ctx.Evaluate(**e));
    }
    EXPECT_EQ(results[0], results[1]) << text;
    return results[1];
  }
  std::string Eval(const std::string& text) { return Eval(text, *claimed_, *job_); }

  // Group quotas on: groups a and b in the quota map, <none> too.
  void GroupQuotasOn() {
    accounting_.SetUserGroup("a.alice@site", "group_a");
    accounting_.SetUserGroup("b.bob@site", "group_b");
    accounting_.SetGroup("group_a", 10, 4);
    accounting_.SetGroup("group_b", 5, 8);
    accounting_.SetGroup("<none>", 2, 0);
  }

  StaticAccounting accounting_;
  SubmitterAttributes submitter_;
  RemoteAttributes remote_;
  std::shared_ptr<classad::ClassAd> job_ =
      TestAd("[ Owner = \"alice\"; RequestCpus = 1; AccountingGroup = \"a.alice\" ]");
  std::shared_ptr<classad::ClassAd> claimed_ = TestAd(
      "[ Name = \"slot1@host\"; State = \"Claimed\"; RemoteUser = \"b.bob@site\";"
      "  CurrentRank = 0; Cpus = 1 ]");
  std::shared_ptr<classad::ClassAd> unclaimed_ =
      TestAd("[ Name = \"slot2@host\"; State = \"Unclaimed\"; Cpus = 1 ]");
};

TEST_F(EphemeralTest, JobSideWithoutGroupQuotas) {
  accounting_.SetUser("a.alice@site", 1500, 3);
  submitter_.Bind({"a.alice@site", 1500, "<none>", false}, accounting_);
  EXPECT_EQ(Eval("SubmitterUserPrio"), "1.500000000000000E+03");
  EXPECT_EQ(Eval("SubmittorPrio"), "1.500000000000000E+03");
  EXPECT_EQ(Eval("SubmitterUserResourcesInUse"), "3.000000000000000E+00");
  EXPECT_EQ(Eval("SubmitterNegotiatingGroup"), "\"<none>\"");
  EXPECT_EQ(Eval("SubmitterAutoregroup"), "false");
  // Absent in non-HGQ mode.
  EXPECT_EQ(Eval("SubmitterGroup =?= UNDEFINED"), "true");
  EXPECT_EQ(Eval("SubmitterGroupQuota =?= UNDEFINED"), "true");
  EXPECT_EQ(Eval("SubmitterGroupResourcesInUse =?= UNDEFINED"), "true");
}

TEST_F(EphemeralTest, JobSideWithGroupQuotas) {
  GroupQuotasOn();
  submitter_.Bind({"a.alice@site", 1500, "group_a", false}, accounting_);
  EXPECT_EQ(Eval("SubmitterGroup"), "\"group_a\"");
  EXPECT_EQ(Eval("SubmitterGroupQuota"), "1.000000000000000E+01");
  EXPECT_EQ(Eval("SubmitterGroupResourcesInUse"), "4.000000000000000E+00");
  EXPECT_EQ(Eval("SubmitterNegotiatingGroup"), "\"group_a\"");
  // An ungrouped user belongs to <none>.
  submitter_.Bind({"carol@site", 500, "<none>", false}, accounting_);
  EXPECT_EQ(Eval("SubmitterGroup"), "\"<none>\"");
  EXPECT_EQ(Eval("SubmitterGroupQuota"), "2.000000000000000E+00");
}

TEST_F(EphemeralTest, AutoregroupIsTrueOnlyWhileNegotiatingInTheRoot) {
  GroupQuotasOn();
  submitter_.Bind({"a.alice@site", 1500, "group_a", true}, accounting_);
  EXPECT_EQ(Eval("SubmitterAutoregroup"), "false");
  submitter_.Bind({"a.alice@site", 1500, "<none>", true}, accounting_);
  EXPECT_EQ(Eval("SubmitterAutoregroup"), "true");
  EXPECT_EQ(Eval("SubmitterNegotiatingGroup"), "\"<none>\"");
  // Plain ungrouped users too, whenever autoregroup is on anywhere.
  submitter_.Bind({"carol@site", 500, "", true}, accounting_);
  EXPECT_EQ(Eval("SubmitterAutoregroup"), "true");
}

TEST_F(EphemeralTest, SlotSideForAClaimedSlot) {
  GroupQuotasOn();
  accounting_.SetUser("b.bob@site", 1234.567, 8);
  ASSERT_TRUE(remote_.Bind(*claimed_, accounting_, {}).ok());
  EXPECT_EQ(remote_.remote_user(), "b.bob@site");
  // HTCondor casts the priority to float.
  const classad::AttributeOverlay& overlay = remote_.overlay();
  EXPECT_EQ(overlay.entry(static_cast<size_t>(overlay.IndexOf("RemoteUserPrio"))).value.real(),
            static_cast<double>(static_cast<float>(1234.567)));
  EXPECT_EQ(Eval("RemoteUserPrio == 1234.567"), "false");
  EXPECT_EQ(Eval("RemoteUserResourcesInUse"), "8.000000000000000E+00");
  EXPECT_EQ(Eval("RemoteGroup"), "\"group_b\"");
  EXPECT_EQ(Eval("RemoteGroupQuota"), "5.000000000000000E+00");
  EXPECT_EQ(Eval("RemoteGroupResourcesInUse"), "8.000000000000000E+00");
}

TEST_F(EphemeralTest, LiveAttributesFollowTheAccountant) {
  GroupQuotasOn();
  accounting_.SetUser("b.bob@site", 100, 8);
  ASSERT_TRUE(remote_.Bind(*claimed_, accounting_, {}).ok());
  EXPECT_EQ(Eval("RemoteUserResourcesInUse"), "8.000000000000000E+00");
  accounting_.SetUserResourcesInUse("b.bob@site", 9);
  accounting_.SetGroupUsage("group_b", 12);
  EXPECT_EQ(Eval("RemoteUserResourcesInUse"), "9.000000000000000E+00");
  EXPECT_EQ(Eval("RemoteGroupResourcesInUse"), "1.200000000000000E+01");
  // Snapshots stay as bound.
  EXPECT_EQ(Eval("RemoteGroupQuota"), "5.000000000000000E+00");
}

TEST_F(EphemeralTest, SlotSideAbsentWhenUnclaimedOrPreemptionOffOrNoQuotaMap) {
  GroupQuotasOn();
  ASSERT_TRUE(remote_.Bind(*unclaimed_, accounting_, {}).ok());
  EXPECT_EQ(Eval("RemoteUserPrio =?= UNDEFINED", *unclaimed_, *job_), "true");
  EXPECT_EQ(remote_.remote_user(), "");

  RemoteAttributeOptions off;
  off.consider_preemption = false;
  ASSERT_TRUE(remote_.Bind(*claimed_, accounting_, off).ok());
  EXPECT_EQ(Eval("RemoteUserPrio =?= UNDEFINED"), "true");
  EXPECT_EQ(Eval("RemoteUserResourcesInUse =?= UNDEFINED"), "true");
  EXPECT_EQ(Eval("RemoteGroup =?= UNDEFINED"), "true");

  // The first cycle after a start: group quotas on, but the quota map empty.
  StaticAccounting first_cycle;
  first_cycle.SetUserGroup("b.bob@site", "group_b");
  ASSERT_TRUE(remote_.Bind(*claimed_, first_cycle, {}).ok());
  EXPECT_EQ(Eval("RemoteUserPrio"), "5.000000000000000E+02");
  EXPECT_EQ(Eval("RemoteGroup =?= UNDEFINED"), "true");
  EXPECT_EQ(Eval("RemoteGroupQuota =?= UNDEFINED"), "true");
  EXPECT_EQ(Eval("RemoteGroupResourcesInUse =?= UNDEFINED"), "true");
}

TEST_F(EphemeralTest, RemoteUserPrecedenceAndPreemptingRank) {
  accounting_.SetUser("pg@site", 10, 0);
  accounting_.SetUser("pu@site", 20, 0);
  accounting_.SetUser("ag@site", 30, 0);
  auto slot = TestAd(
      "[ RemoteUser = \"ru@site\"; AccountingGroup = \"ag@site\"; PreemptingUser = \"pu@site\";"
      "  PreemptingAccountingGroup = \"pg@site\"; CurrentRank = 1; PreemptingRank = 7 ]");
  ASSERT_TRUE(remote_.Bind(*slot, accounting_, {}).ok());
  EXPECT_EQ(remote_.remote_user(), "pg@site");
  EXPECT_EQ(Eval("RemoteUserPrio", *slot, *job_), "1.000000000000000E+01");
  // A pending preemptor's rank replaces CurrentRank.
  EXPECT_EQ(Eval("CurrentRank", *slot, *job_), "7.000000000000000E+00");
  auto by_group = TestAd("[ RemoteUser = \"ru@site\"; AccountingGroup = \"ag@site\" ]");
  ASSERT_TRUE(remote_.Bind(*by_group, accounting_, {}).ok());
  EXPECT_EQ(remote_.remote_user(), "ag@site");
  EXPECT_EQ(Eval("RemoteUserPrio", *by_group, *job_), "3.000000000000000E+01");
  EXPECT_EQ(Eval("CurrentRank =?= UNDEFINED", *by_group, *job_), "true");
}

// Slots with the same binding key get the same attributes bound: the key
// holds the remote user (found or not) and the PreemptingRank, and no key
// stands for the cross-slot forms.
TEST_F(EphemeralTest, BindingKeysTellApartWhatBindReads) {
  RemoteAttributeOptions options;
  auto key = [&](const std::string& text) {
    std::string k;
    EXPECT_TRUE(RemoteAttributes::BindingKey(*TestAd(text), options, &k)) << text;
    return k;
  };
  const std::string bob = key("[ RemoteUser = \"b.bob@site\"; CurrentRank = 0; Cpus = 1 ]");
  EXPECT_EQ(bob, key("[ RemoteUser = \"b.bob@site\"; CurrentRank = 5; Cpus = 8; Name = \"x\" ]"));
  EXPECT_EQ(bob, key("[ AccountingGroup = \"b.bob@site\"; RemoteUser = \"other@site\" ]"));
  EXPECT_NE(bob, key("[ RemoteUser = \"c.carol@site\" ]"));
  EXPECT_NE(bob, key("[ RemoteUser = \"b.bob@site\"; PreemptingRank = 7 ]"));
  EXPECT_NE(key("[ RemoteUser = \"b.bob@site\"; PreemptingRank = 7 ]"),
            key("[ RemoteUser = \"b.bob@site\"; PreemptingRank = 8 ]"));
  EXPECT_NE(key("[ RemoteUser = \"\" ]"), key("[ Cpus = 1 ]"));  // an empty user is bound
  // Two slots of one key: the same values through either binding.
  accounting_.SetUser("b.bob@site", 12, 3);
  auto other = TestAd("[ RemoteUser = \"b.bob@site\"; CurrentRank = 5; Cpus = 8 ]");
  ASSERT_TRUE(remote_.Bind(*claimed_, accounting_, options).ok());
  const std::string through_first = Eval("RemoteUserPrio + RemoteUserResourcesInUse", *other, *job_);
  ASSERT_TRUE(remote_.Bind(*other, accounting_, options).ok());
  EXPECT_EQ(Eval("RemoteUserPrio + RemoteUserResourcesInUse", *other, *job_), through_first);
  EXPECT_EQ(through_first, "1.500000000000000E+01");
  // Nothing is bound without preemption: one key for all; none for the
  // cross-slot forms.
  options.consider_preemption = false;
  EXPECT_EQ(key("[ RemoteUser = \"b.bob@site\" ]"), key("[ Cpus = 1 ]"));
  options.consider_preemption = true;
  options.cross_slot_prios = true;
  std::string k;
  EXPECT_FALSE(RemoteAttributes::BindingKey(*claimed_, options, &k));
}

// A key may be kept with the slot's ad only when what it reads is fixed:
// literals or nothing, never an expression (which may read the clock).
TEST_F(EphemeralTest, ABindingKeyIsFixedWhenWhatItReadsIsLiteral) {
  EXPECT_TRUE(RemoteAttributes::BindingKeyIsFixed(*TestAd("[ Cpus = 1 ]")));
  EXPECT_TRUE(RemoteAttributes::BindingKeyIsFixed(
      *TestAd("[ RemoteUser = \"b@x\"; PreemptingRank = 3; Rank = CurrentTime ]")));
  EXPECT_FALSE(RemoteAttributes::BindingKeyIsFixed(
      *TestAd("[ RemoteUser = strcat(\"b\", \"@x\") ]")));
  EXPECT_FALSE(RemoteAttributes::BindingKeyIsFixed(
      *TestAd("[ AccountingGroup = \"g.b@x\"; PreemptingRank = CurrentTime % 7 ]")));
  EXPECT_FALSE(RemoteAttributes::BindingKeyIsFixed(
      *TestAd("[ PreemptingUser = ifThenElse(true, \"a@x\", \"b@x\") ]")));
}

TEST_F(EphemeralTest, CrossSlotForms) {
  accounting_.SetUser("u1@site", 11, 1);
  accounting_.SetUser("u3@site", 33, 3);
  auto slot = TestAd(
      "[ TotalSlots = 3; RemoteUser = \"u1@site\"; slot1_RemoteUser = \"u1@site\";"
      "  slot3_RemoteUser = \"u3@site\" ]");
  RemoteAttributeOptions options;
  ASSERT_TRUE(remote_.Bind(*slot, accounting_, options).ok());
  EXPECT_EQ(Eval("slot3_RemoteUserPrio =?= UNDEFINED", *slot, *job_), "true");
  options.cross_slot_prios = true;
  ASSERT_TRUE(remote_.Bind(*slot, accounting_, options).ok());
  EXPECT_EQ(Eval("slot3_RemoteUserPrio", *slot, *job_), "3.300000000000000E+01");
  EXPECT_EQ(Eval("slot3_RemoteUserResourcesInUse", *slot, *job_), "3.000000000000000E+00");
  EXPECT_EQ(Eval("slot1_RemoteUserPrio", *slot, *job_), "1.100000000000000E+01");
  EXPECT_EQ(Eval("slot2_RemoteUserPrio =?= UNDEFINED", *slot, *job_), "true");
  options.resource_prefix = "cpu";
  ASSERT_TRUE(remote_.Bind(*slot, accounting_, options).ok());
  EXPECT_EQ(Eval("slot3_RemoteUserPrio =?= UNDEFINED", *slot, *job_), "true");
}

// A hostile TotalSlots neither loops for billions of slots nor converts
// out of int's range (undefined behaviour): Bind refuses it, keeping the
// slot's own attributes.
TEST_F(EphemeralTest, CrossSlotFormsOfAHostileTotalSlotsAreRefused) {
  accounting_.SetUser("u1@site", 11, 1);
  RemoteAttributeOptions options;
  options.cross_slot_prios = true;
  for (const char* total : {"1e300", "2147483648", "4097", "real(\"NaN\")"}) {
    auto slot = TestAd(std::string("[ TotalSlots = ") + total +
                       "; RemoteUser = \"u1@site\"; slot1_RemoteUser = \"u1@site\" ]");
    const classad::Status bound = remote_.Bind(*slot, accounting_, options);
    EXPECT_EQ(bound.code(), classad::StatusCode::kLimitExceeded) << total;
    EXPECT_NE(bound.message().find("max_cross_slots"), std::string::npos) << bound.message();
    EXPECT_EQ(Eval("RemoteUserPrio", *slot, *job_), "1.100000000000000E+01") << total;
  }
  auto slot = TestAd("[ TotalSlots = 4096; slot4096_RemoteUser = \"u1@site\" ]");
  ASSERT_TRUE(remote_.Bind(*slot, accounting_, options).ok());
  EXPECT_EQ(Eval("slot4096_RemoteUserPrio", *slot, *job_), "1.100000000000000E+01");
  slot = TestAd("[ TotalSlots = -5; RemoteUser = \"u1@site\" ]");
  EXPECT_TRUE(remote_.Bind(*slot, accounting_, options).ok());
}

TEST_F(EphemeralTest, QuotaDrivenPreemptionRecipe) {
  // The recipe's clause, MY = the claimed slot, TARGET = the request.
  const std::string recipe =
      "((SubmitterGroupResourcesInUse < SubmitterGroupQuota) && "
      "(RemoteGroupResourcesInUse > RemoteGroupQuota)) || (SubmitterGroup =?= RemoteGroup)";
  GroupQuotasOn();  // group_a: quota 10, usage 4; group_b: quota 5, usage 8
  submitter_.Bind({"a.alice@site", 500, "group_a", false}, accounting_);
  ASSERT_TRUE(remote_.Bind(*claimed_, accounting_, {}).ok());
  EXPECT_EQ(Eval(recipe), "true");  // a below quota takes from b above quota
  accounting_.SetGroupUsage("group_b", 5);  // live: b back at quota
  EXPECT_EQ(Eval(recipe), "false");
  // Without group quotas the Submitter/Remote group attributes are absent:
  // the comparisons are undefined and the =?= holds (both undefined).
  StaticAccounting plain;
  submitter_.Bind({"a.alice@site", 500, "<none>", false}, plain);
  ASSERT_TRUE(remote_.Bind(*claimed_, plain, {}).ok());
  EXPECT_EQ(Eval(recipe), "true");
}

TEST_F(EphemeralTest, PolicyStaysCompiled) {
  classad::Result<classad::ExprPtr> e = classad::ParseExpression(
      "(SubmitterGroupResourcesInUse < SubmitterGroupQuota) && "
      "(RemoteGroupResourcesInUse > RemoteGroupQuota) || (SubmitterGroup =?= RemoteGroup)");
  ASSERT_TRUE(e.ok());
  const std::string listing = (*e)->program().Disassemble();
  EXPECT_EQ(listing.find("tree"), std::string::npos) << listing;
  EXPECT_EQ(listing.find("call"), std::string::npos) << listing;
}

TEST_F(EphemeralTest, MatchedOfferAttributes) {
  GroupQuotasOn();
  submitter_.Bind({"a.alice@site", 500, "group_a", true}, accounting_);
  auto attributes = MatchedOfferAttributes(submitter_);
  ASSERT_EQ(attributes.size(), 3u);
  EXPECT_EQ(attributes[0].first, "RemoteGroup");
  EXPECT_EQ(classad::UnparseValue(attributes[0].second), "\"group_a\"");
  EXPECT_EQ(attributes[1].first, "RemoteNegotiatingGroup");
  EXPECT_EQ(classad::UnparseValue(attributes[1].second), "\"group_a\"");
  EXPECT_EQ(attributes[2].first, "RemoteAutoregroup");
  EXPECT_TRUE(attributes[2].second.IsUndefined());
}

TEST_F(EphemeralTest, TableDescribesEveryAttribute) {
  EXPECT_EQ(EphemeralAttributes().size(), 15u);
  const EphemeralAttributeInfo* info = FindEphemeralAttribute("remotegroupquota");
  ASSERT_NE(info, nullptr);
  EXPECT_TRUE(info->on_slot);
  EXPECT_TRUE(info->group_quotas_only);
  EXPECT_TRUE(info->needs_preemption);
  info = FindEphemeralAttribute("slot12_RemoteUserResourcesInUse");
  ASSERT_NE(info, nullptr);
  EXPECT_TRUE(info->live);
  EXPECT_EQ(FindEphemeralAttribute("SubmitterGroup")->on_slot, false);
  EXPECT_EQ(FindEphemeralAttribute("RequestCpus"), nullptr);
}

}  // namespace
}  // namespace policy
