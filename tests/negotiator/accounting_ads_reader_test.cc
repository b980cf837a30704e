// Reading HTCondor's accounting ads into an accountant snapshot
// (negotiator/accountant/accounting_ads_reader.h).
#include "negotiator/accountant/accounting_ads_reader.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "classad/ad_io.h"
#include "negotiator/accountant/accounting_ads.h"
#include "tests/negotiator/accountant_test_util.h"

namespace negotiator {
namespace {

using testing_util::MakePolicy;

constexpr int64_t kNow = 1767225600;

classad::Result<AccountantSnapshot> Read(std::string_view text) {
  classad::AdReader reader(text, "userprio.ads", {});
  return ReadAccountingAds(reader, "userprio.ads");
}

const CustomerRecord* Find(const AccountantSnapshot& s, std::string_view name) {
  for (const CustomerRecord& c : s.customers) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

// An accountant with users and groups, charged for a while, with edits.
std::unique_ptr<Accountant> ChargedAccountant() {
  auto owned = std::make_unique<Accountant>(MakePolicy(
      "UID_DOMAIN = x\nGROUP_NAMES = physics\nGROUP_QUOTA_physics = 10\n"
      "PRIORITY_HALFLIFE = 3600\n"));
  Accountant& a = *owned;
  a.Initialize(kNow);
  a.SetPriority("physics.alice@x", 7.123457);
  a.SetPriorityFactor("physics.alice@x", 1000);
  a.SetPriority("bob@x", 42.25);
  a.SetCeiling("bob@x", 12);
  a.SetFloor("bob@x", 2);
  a.SetPriority("physics", 3.5);
  a.SetAccumUsage("bob@x", 3600.5);
  a.SetBeginUsageTime("bob@x", kNow - 86400);
  a.SetLastUsageTime("bob@x", kNow - 60);
  // A claim: charged for 600 s, and counted in ResourcesUsed.
  EXPECT_TRUE(
      a.AddMatch("bob@x", testing_util::Slot("slot1@n1", "Claimed", "bob@x", 4), kNow).ok());
  a.UpdatePriorities(kNow + 600);
  EXPECT_EQ(a.GetResourcesUsed("bob@x"), 1);
  // The last cycle's group quota table.
  a.SetGroupQuotaRecords({
      GroupQuotaRecord{"<none>", false, 0, 24, 14, 2, 0.5, 14, 1, kNow + 600},
      GroupQuotaRecord{"physics", true, 10, 10, 10, 12, 0, 10, 8.25, kNow + 600},
  });
  return owned;
}

// What condor_userprio -long prints of every record of `a`.
std::string ModularLong(const Accountant& a, classad::AdFormat format) {
  const AccountingAdMaker maker(a);
  std::string out = format == classad::AdFormat::kJson ? "[\n" : "";
  bool first = true;
  for (const CustomerRecord& c : a.Snapshot().customers) {
    if (format == classad::AdFormat::kJson && !first) out += ",\n";
    first = false;
    classad::AdWriteOptions options;
    options.format = format;
    options.pretty = true;
    EXPECT_TRUE(classad::AppendAd(maker.Make(c), options, &out).ok());
  }
  if (format == classad::AdFormat::kJson) out += "]\n";
  return out;
}

void ExpectSameCustomers(const AccountantSnapshot& read, const Accountant& a) {
  const AccountantSnapshot stored = a.Snapshot();
  ASSERT_EQ(read.customers.size(), stored.customers.size());
  for (size_t i = 0; i < stored.customers.size(); ++i) {
    const CustomerRecord& want = stored.customers[i];
    const CustomerRecord& got = read.customers[i];
    SCOPED_TRACE(want.name);
    EXPECT_EQ(got.name, want.name);
    // The RUP comes back exactly from EUP / factor, once rounded as stored.
    EXPECT_EQ(got.priority, want.priority);
    // The factor as reported: a record without one gets the default, which
    // HTCondor's accountant writes into its log when it reports it.
    EXPECT_EQ(got.priority_factor, a.PriorityFactor(want.name));
    EXPECT_EQ(got.ceiling, want.ceiling);
    EXPECT_EQ(got.floor, want.floor);
    EXPECT_EQ(got.accumulated_usage, want.accumulated_usage);
    EXPECT_EQ(got.weighted_accumulated_usage, want.weighted_accumulated_usage);
    EXPECT_EQ(got.begin_usage_time, want.begin_usage_time);
    EXPECT_EQ(got.last_usage_time, want.last_usage_time);
    // Claims are not imported: the next cycle finds them in the slot ads.
    EXPECT_EQ(got.resources_used, 0);
    EXPECT_EQ(got.weighted_resources_used, 0);
  }
  EXPECT_EQ(read.last_update_time, stored.last_update_time);
  EXPECT_TRUE(read.resources.empty());
  ASSERT_EQ(read.group_quotas.size(), stored.group_quotas.size());
  for (size_t i = 0; i < stored.group_quotas.size(); ++i) {
    const GroupQuotaRecord& want = stored.group_quotas[i];
    const GroupQuotaRecord& got = read.group_quotas[i];
    SCOPED_TRACE(want.name);
    EXPECT_EQ(got.name, want.name);
    EXPECT_EQ(got.static_quota, want.static_quota);
    EXPECT_EQ(got.configured_quota, want.configured_quota);
    EXPECT_EQ(got.subtree_quota, want.subtree_quota);
    EXPECT_EQ(got.effective_quota, want.effective_quota);
    EXPECT_EQ(got.requested, want.requested);
    EXPECT_EQ(got.surplus, want.surplus);
    EXPECT_EQ(got.allocated, want.allocated);
    EXPECT_EQ(got.usage, want.usage);
    EXPECT_EQ(got.cycle_time, want.cycle_time);
  }
}

TEST(AccountingAdsReaderTest, ReadsBackWhatUserprioLongPrints) {
  const std::unique_ptr<Accountant> owned = ChargedAccountant();
  const Accountant& a = *owned;
  for (classad::AdFormat format :
       {classad::AdFormat::kOld, classad::AdFormat::kNew, classad::AdFormat::kJson}) {
    SCOPED_TRACE(classad::AdFormatName(format));
    auto read = Read(ModularLong(a, format));
    ASSERT_TRUE(read.ok()) << read.status().ToString();
    ExpectSameCustomers(*read, a);
  }
}

TEST(AccountingAdsReaderTest, EffectivePriorityIsDividedByTheFactor) {
  auto read = Read(
      "Name = \"alice@x\"\nPriority = 5000.5\nPriorityFactor = 1000.0\n"
      "Ceiling = -1\nFloor = 0\nResourcesUsed = 8\nWeightedResourcesUsed = 8.0\n"
      "LastUpdate = 1767225000\nMyType = \"Accounting\"\nNegotiatorName = \"cm\"\n\n"
      "Name = \"group_cms\"\nPriority = 0.5\nPriorityFactor = 1.0\n"
      "LastUpdate = 1767225600\nIsAccountingGroup = true\n\n");
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  const CustomerRecord* alice = Find(*read, "alice@x");
  ASSERT_NE(alice, nullptr);
  EXPECT_EQ(alice->priority, 5.0005);
  EXPECT_EQ(alice->priority_factor, 1000);
  EXPECT_EQ(alice->resources_used, 0);
  ASSERT_NE(Find(*read, "group_cms"), nullptr);
  EXPECT_EQ(read->last_update_time, 1767225600);
  EXPECT_TRUE(read->group_quotas.empty());  // no EffectiveQuota
}

TEST(AccountingAdsReaderTest, AGroupsQuotaFiguresAreTheLastCyclesTable) {
  // As HTCondor's negotiator reports a group: its last cycle's quotas.
  auto read = Read(
      "Name = \"group_cms\"\nPriority = 500.0\nPriorityFactor = 1000.0\n"
      "IsAccountingGroup = true\nAccountingGroup = \"group_cms\"\nEffectiveQuota = 14.4\n"
      "ConfigQuota = 0.6\nSubtreeQuota = 14.4\nGroupSortKey = 0.0\nSurplusPolicy = \"byquota\"\n"
      "Requested = 44.0\nLastUpdate = 1767225600\n\n"
      "Name = \"alice@x\"\nEffectiveQuota = 3.0\n\n");
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  ASSERT_EQ(read->group_quotas.size(), 1u);  // a submitter's ad gives none
  const GroupQuotaRecord& g = read->group_quotas[0];
  EXPECT_EQ(g.name, "group_cms");
  EXPECT_EQ(g.effective_quota, 14.4);
  EXPECT_EQ(g.configured_quota, 0.6);
  EXPECT_EQ(g.subtree_quota, 14.4);
  EXPECT_EQ(g.requested, 44);
  EXPECT_EQ(g.cycle_time, 1767225600);
  EXPECT_FALSE(g.static_quota);
}

TEST(AccountingAdsReaderTest, ReadsTheLegacyNumberedAd) {
  // condor_userprio -long -legacy: one ad, records numbered from 1; a
  // concurrency limit whose name ends in a digit is not a record's.
  auto read = Read(
      "LastUpdate = 1767225600\nNumSubmittors = 2\n"
      "Name1 = \"<none>\"\nPriority1 = 0.5\nPriorityFactor1 = 1.0\nIsAccountingGroup1 = true\n"
      "EffectiveQuota1 = 24.0\n"
      "Name2 = \"bob@x\"\nPriority2 = 84.5\nPriorityFactor2 = 2.0\nCeiling2 = 12\nFloor2 = 2\n"
      "AccumulatedUsage2 = 3600.5\nBeginUsageTime2 = 1767139200\nLastUsageTime2 = 1767225540\n"
      "ConcurrencyLimit_matlab2 = 3.0\n\n");
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  ASSERT_EQ(read->customers.size(), 2u);
  const CustomerRecord* bob = Find(*read, "bob@x");
  ASSERT_NE(bob, nullptr);
  EXPECT_EQ(bob->priority, 42.25);
  EXPECT_EQ(bob->priority_factor, 2);
  EXPECT_EQ(bob->ceiling, 12);
  EXPECT_EQ(bob->floor, 2);
  EXPECT_EQ(bob->accumulated_usage, 3600.5);
  EXPECT_EQ(bob->begin_usage_time, 1767139200);
  EXPECT_EQ(bob->last_usage_time, 1767225540);
  EXPECT_NE(Find(*read, "<none>"), nullptr);
  EXPECT_EQ(read->last_update_time, 1767225600);
  // The group's quota line, stamped with the legacy ad's own LastUpdate.
  ASSERT_EQ(read->group_quotas.size(), 1u);
  EXPECT_EQ(read->group_quotas[0].name, "<none>");
  EXPECT_EQ(read->group_quotas[0].effective_quota, 24);
  EXPECT_EQ(read->group_quotas[0].cycle_time, 1767225600);
}

TEST(AccountingAdsReaderTest, BadAdsAreRefusedWithTheirLine) {
  struct Case {
    const char* text;
    const char* message;
  } cases[] = {
      {"Name = \"a@x\"\nPriority = 1.0\n\nPriority = 2.0\n\n",
       "userprio.ads:4: an accounting ad without a string Name"},
      {"Name = \"a@x\"\n\nName = \"a@x\"\n\n",
       "userprio.ads:3: accounting ad a@x (the ad from here): a second ad of this name"},
      {"Name = \"a@x\"\nPriority = \"high\"\n\n",
       "userprio.ads:1: accounting ad a@x (the ad from here): Priority is not a finite number"},
      {"Name = \"a@x\"\nFloor = 1e300\n\n", "Floor is not a finite number"},
      {"Name = \"a@x\"\nPriority = (1.0\n\n", "userprio.ads:2:"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    auto read = Read(c.text);
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.status().ToString().find(c.message), std::string::npos)
        << read.status().ToString();
  }
}

TEST(AccountingAdsReaderTest, AnEmptyInputIsAnEmptyAccountant) {
  auto read = Read("");
  ASSERT_TRUE(read.ok());
  EXPECT_TRUE(read->customers.empty());
  EXPECT_EQ(read->last_update_time, 0);
}

}  // namespace
}  // namespace negotiator
