// The accountant (negotiator/accountant.h) against the reference's §1.3,
// §1.4, §1.6, §1.8 and issue 14's acceptance items 1–3: priorities over any
// split of time, factors and their defaults, charging matches up the group
// tree, CheckMatches, slot weights, floors and ceilings, resets, deletes.
#include "negotiator/accountant/accountant.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "classad/value.h"
#include "negotiator/pool/submitter_identity.h"
#include "policy/config_reader.h"
#include "policy/policy.h"
#include "tests/negotiator/accountant_test_util.h"

namespace negotiator {
namespace {

using classad::ClassAd;
using classad::Value;

constexpr int64_t kDay = 86400;     // the default PRIORITY_HALFLIFE
constexpr int64_t kT0 = 1700000000;  // an arbitrary start

using testing_util::Key;
using testing_util::MakePolicy;
using testing_util::Slot;

void ExpectRelNear(double actual, double expected, double rel) {
  EXPECT_LE(std::fabs(actual - expected), rel * std::fabs(expected))
      << "actual " << actual << " expected " << expected;
}

// The times of `n` updates splitting [start, start + span] unevenly (whole
// seconds, as HTCondor's clock).
std::vector<int64_t> Split(int64_t start, int64_t span, int n) {
  std::vector<int64_t> times;
  double total = 0;
  std::vector<double> parts;
  for (int i = 0; i < n; ++i) {
    parts.push_back(1.0 + (i * 7919 % 13));  // uneven
    total += parts.back();
  }
  double acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += parts[static_cast<size_t>(i)];
    times.push_back(i + 1 == n ? start + span
                               : start + static_cast<int64_t>(std::llround(span * acc / total)));
  }
  return times;
}

// ---- acceptance item 1

// Within the rounding HTCondor stores each update with (six decimals, at
// most half a millionth per update: StoredReal).
double StoredRoundingBound(int updates) { return updates * 5e-7 + 1e-12; }

TEST(AccountantTest, RupHalvesEachHalfLifeHoweverTimeIsSplit) {
  for (int n : {1, 2, 7, 1000}) {
    Accountant a(MakePolicy(""));
    a.UpdatePriorities(kT0);
    a.SetPriority("u@x", 10);
    for (int64_t t : Split(kT0, kDay, n)) a.UpdatePriorities(t);
    EXPECT_NEAR(a.FindCustomer("u@x")->priority, 5, StoredRoundingBound(n));
    for (int64_t t : Split(kT0 + kDay, kDay, n)) a.UpdatePriorities(t);
    EXPECT_NEAR(a.FindCustomer("u@x")->priority, 2.5, StoredRoundingBound(2 * n));
  }
}

// StoredReal is printf's "%f" read back by strtod, bit for bit: on reals
// of every kind (any bit pattern, small fractions, integers, huge values,
// negative ones, ties at the sixth decimal).
TEST(AccountantTest, StoredRealIsPrintfAndStrtod) {
  auto printf_strtod = [](double v) {
    char text[400];
    std::snprintf(text, sizeof(text), "%f", v);
    return std::strtod(text, nullptr);
  };
  std::mt19937_64 random(27);
  for (int i = 0; i < 400000; ++i) {
    const uint64_t bits = random();
    double v = 0;
    switch (i % 5) {
      case 0:
        std::memcpy(&v, &bits, sizeof v);
        break;
      case 1:
        v = static_cast<double>(bits % 2000000) / static_cast<double>(1 + (bits >> 40) % 1000);
        break;
      case 2:
        v = std::ldexp(static_cast<double>(bits >> 11), -static_cast<int>(bits % 80));
        break;
      case 3:
        v = (static_cast<double>(bits % 100000) - 50000) * 1e-6 *
            static_cast<double>(1 + (bits >> 50) % 7);
        break;
      default:  // near ties at the sixth decimal
        v = (static_cast<double>(bits % 1000000) + 0.5) * 1e-6;
        break;
    }
    if (!std::isfinite(v)) continue;
    const double want = printf_strtod(v);
    const double got = StoredReal(v);
    ASSERT_EQ(std::memcmp(&want, &got, sizeof want), 0) << std::hexfloat << v;
  }
}

TEST(AccountantTest, RealsAreStoredAsHTCondorsLogStoresThem) {
  // printf's %f and back: six decimals.
  EXPECT_EQ(StoredReal(2.0000001), 2.0);
  EXPECT_EQ(StoredReal(1.23456789), 1.234568);
  EXPECT_EQ(StoredReal(StoredReal(0.1 + 0.2)), StoredReal(0.1 + 0.2));
  EXPECT_EQ(StoredReal(1e300), 1e300);
  // Not finite: absent when read back, so the reader's default.
  EXPECT_EQ(StoredReal(std::nan("")), 0.0);
  EXPECT_EQ(StoredReal(INFINITY, 1), 1.0);
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  a.SetPriority("u@x", 1.23456789);
  EXPECT_EQ(a.FindCustomer("u@x")->priority, 1.234568);
  // Aged: each update is stored rounded, so the next one starts from it.
  a.UpdatePriorities(kT0 + 1000);
  const double aging = std::pow(0.5, 1000.0 / kDay);
  EXPECT_EQ(a.FindCustomer("u@x")->priority, StoredReal(1.234568 * aging));
}

TEST(AccountantTest, TenSlotsForOneHalfLifeFromTheMinimum) {
  for (int n : {1, 2, 7, 1000}) {
    Accountant a(MakePolicy(""));
    a.UpdatePriorities(kT0);
    for (int i = 0; i < 10; ++i) {
      ClassAd slot = Slot("slot" + std::to_string(i), "Claimed", "u@x", 1);
      ASSERT_TRUE(a.AddMatch("u@x", slot, kT0).ok());
    }
    for (int64_t t : Split(kT0, kDay, n)) a.UpdatePriorities(t);
    EXPECT_NEAR(a.FindCustomer("u@x")->priority, 5.25, StoredRoundingBound(n));
    EXPECT_NEAR(a.GetPriority("u@x"), 5250, 1000 * StoredRoundingBound(n));
    for (int64_t t : Split(kT0 + kDay, kDay, n)) a.UpdatePriorities(t);
    EXPECT_NEAR(a.FindCustomer("u@x")->priority, 7.625, StoredRoundingBound(2 * n));
  }
}

TEST(AccountantTest, NoUsageNeverFallsBelowTheMinimum) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  a.SetPriority("u@x", 1);
  a.UpdatePriorities(kT0 + 3 * kDay);
  EXPECT_EQ(a.FindCustomer("u@x")->priority, 0.5);
}

TEST(AccountantTest, HalfLifeComesFromThePolicy) {
  Accountant a(MakePolicy("PRIORITY_HALFLIFE = 100\n"));
  a.UpdatePriorities(kT0);
  a.SetPriority("u@x", 8);
  a.UpdatePriorities(kT0 + 200);
  ExpectRelNear(a.FindCustomer("u@x")->priority, 2, 1e-12);
}

// ---- acceptance item 2

TEST(AccountantTest, EupIsRupTimesFactor) {
  Accountant a(MakePolicy(""));
  for (const char* u : {"a@x", "b@x", "c@x"}) a.SetPriority(u, 3);
  a.SetPriorityFactor("a@x", 1000);
  a.SetPriorityFactor("b@x", 2000);
  a.SetPriorityFactor("c@x", 4000);
  const double ea = a.GetPriority("a@x");
  EXPECT_DOUBLE_EQ(ea, 3000);
  EXPECT_DOUBLE_EQ(a.GetPriority("b@x") / ea, 2);
  EXPECT_DOUBLE_EQ(a.GetPriority("c@x") / ea, 4);
}

TEST(AccountantTest, NiceUserFactor) {
  Accountant a(MakePolicy(""));
  EXPECT_EQ(a.GetPriorityFactor("nice-user.bob@cs.wisc.edu"), 1e10);
  EXPECT_EQ(a.GetPriority("nice-user.bob@cs.wisc.edu"), 0.5 * 1e10);
  EXPECT_EQ(a.GetPriorityFactor("bob@cs.wisc.edu"), 1000);
}

TEST(AccountantTest, RemoteUsersGetTheRemoteFactor) {
  Accountant a(MakePolicy("ACCOUNTANT_LOCAL_DOMAIN = cs.wisc.edu\n"));
  EXPECT_EQ(a.GetPriorityFactor("bob@other.org"), 1e7);
  EXPECT_EQ(a.GetPriorityFactor("alice@cs.wisc.edu"), 1000);
  // The domain is the text after the first '@' in 25.0 (GetDomain's
  // find), after the last since 25.10 (find_last_of).
  EXPECT_EQ(a.GetPriorityFactor("carol@other.org@cs.wisc.edu"), 1e7);
  EXPECT_EQ(a.GetPriorityFactor("dave@cs.wisc.edu@other.org"), 1e7);
  EXPECT_EQ(a.GetPriorityFactor("erin@cs.wisc.edu"), 1000);
  policy::PolicyOptions since;
  since.accountant_rules = policy::AccountantRules::kSince25_10;
  Accountant later(MakePolicy("ACCOUNTANT_LOCAL_DOMAIN = cs.wisc.edu\n", since));
  EXPECT_EQ(later.GetPriorityFactor("carol@other.org@cs.wisc.edu"), 1000);
  EXPECT_EQ(later.GetPriorityFactor("dave@cs.wisc.edu@other.org"), 1e7);
  // A name without '@' has an empty domain: remote.
  EXPECT_EQ(a.GetPriorityFactor("nodomain"), 1e7);

  Accountant b(MakePolicy("ACCOUNTANT_LOCAL_DOMAIN = cs.wisc.edu\nREMOTE_PRIO_FACTOR = 42\n"));
  EXPECT_EQ(b.GetPriorityFactor("bob@other.org"), 42);
  // Without ACCOUNTANT_LOCAL_DOMAIN everyone is local.
  Accountant c(MakePolicy("REMOTE_PRIO_FACTOR = 42\n"));
  EXPECT_EQ(c.GetPriorityFactor("bob@other.org"), 1000);
}

TEST(AccountantTest, DefaultFactorPrecedence) {
  Accountant a(MakePolicy(
      "GROUP_NAMES = physics\nGROUP_PRIO_FACTOR_physics = 300\n"
      "ACCOUNTANT_LOCAL_DOMAIN = cs.wisc.edu\nDEFAULT_PRIO_FACTOR = 50\n"));
  // nice-user first, even for a remote user. (No configured group can
  // hold a nice-user name: group knob names cannot contain '-'.)
  EXPECT_EQ(a.GetPriorityFactor("nice-user.bob@other.org"), 1e10);
  // Then the assigned group's factor, even for a remote user.
  EXPECT_EQ(a.GetPriorityFactor("physics.bob@other.org"), 300);
  // The group record itself.
  EXPECT_EQ(a.GetPriorityFactor("physics"), 300);
  // Then remote, then the default.
  EXPECT_EQ(a.GetPriorityFactor("bob@other.org"), 1e7);
  EXPECT_EQ(a.GetPriorityFactor("bob@cs.wisc.edu"), 50);
}

TEST(AccountantTest, FactorsAreStickyAndAtLeastOne) {
  Accountant a(MakePolicy(""));
  EXPECT_EQ(a.GetPriorityFactor("u@x"), 1000);
  EXPECT_EQ(a.FindCustomer("u@x")->priority_factor, 1000);
  a.Reconfigure(MakePolicy("DEFAULT_PRIO_FACTOR = 7\n"), kT0);
  EXPECT_EQ(a.GetPriorityFactor("u@x"), 1000);  // kept
  EXPECT_EQ(a.GetPriorityFactor("v@x"), 7);     // new records take the new default
  EXPECT_FALSE(a.SetPriorityFactor("u@x", 0.25));
  EXPECT_EQ(a.FindCustomer("u@x")->priority_factor, 1);
  // A NaN is written as "nan", which HTCondor's log does not read back:
  // no factor, so the next read takes the default.
  EXPECT_FALSE(a.SetPriorityFactor("u@x", std::nan("")));
  EXPECT_EQ(a.FindCustomer("u@x")->priority_factor, 0);
  EXPECT_EQ(a.GetPriorityFactor("u@x"), 7);
  EXPECT_TRUE(a.SetPriorityFactor("u@x", 1));
  // A default below 1 is stored as 1.
  Accountant b(MakePolicy("DEFAULT_PRIO_FACTOR = 0.5\n"));
  EXPECT_EQ(b.GetPriorityFactor("u@x"), 1);
  EXPECT_EQ(b.PriorityFactor("w@x"), 1);
}

TEST(AccountantTest, GetPriorityCreatesTheRecordAndRaisesTheRup) {
  Accountant a(MakePolicy(""));
  EXPECT_EQ(a.FindCustomer("u@x"), nullptr);
  EXPECT_EQ(a.EffectivePriority("u@x"), 500);  // no write
  EXPECT_EQ(a.FindCustomer("u@x"), nullptr);
  EXPECT_EQ(a.GetPriority("u@x"), 500);
  ASSERT_NE(a.FindCustomer("u@x"), nullptr);
  // -setprio writes as given; a later read raises it to 0.5 and writes it.
  a.SetPriority("u@x", 0.1);
  EXPECT_EQ(a.FindCustomer("u@x")->priority, 0.1);
  EXPECT_EQ(a.EffectivePriority("u@x"), 500);
  EXPECT_EQ(a.RealPriority("u@x"), 0.5);
  EXPECT_EQ(a.GetPriority("u@x"), 500);
  EXPECT_EQ(a.FindCustomer("u@x")->priority, 0.5);
}

// ---- UpdatePriorities details

TEST(AccountantTest, ZeroAndNegativeIntervals) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  a.SetPriority("u@x", 10);
  a.UpdatePriorities(kT0);  // dt == 0: nothing
  EXPECT_EQ(a.FindCustomer("u@x")->priority, 10);
  EXPECT_EQ(a.last_update_time(), kT0);
  a.UpdatePriorities(kT0 - 500);  // the clock went back: only the timestamp
  EXPECT_EQ(a.FindCustomer("u@x")->priority, 10);
  EXPECT_EQ(a.last_update_time(), kT0 - 500);
  a.UpdatePriorities(kT0 - 500 + kDay);
  ExpectRelNear(a.FindCustomer("u@x")->priority, 5, 1e-12);
}

TEST(AccountantTest, UnchargedTimeAndAccumulatedUsage) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  ClassAd slot = Slot("slot1", "Claimed", "u@x", 2);
  // A match 100 s after the update: those 100 s are not charged.
  ASSERT_TRUE(a.AddMatch("u@x", slot, kT0 + 100).ok());
  const CustomerRecord* u = a.FindCustomer("u@x");
  EXPECT_EQ(u->uncharged_time, -100);
  EXPECT_EQ(u->weighted_uncharged_time, -200);
  a.UpdatePriorities(kT0 + 1000);
  u = a.FindCustomer("u@x");
  const double beta = std::pow(0.5, 1000.0 / kDay);
  EXPECT_EQ(u->priority, StoredReal(0.5 * beta + (2 - 200.0 / 1000) * (1 - beta)));
  EXPECT_EQ(u->accumulated_usage, 900);
  EXPECT_EQ(u->weighted_accumulated_usage, 1800);
  EXPECT_EQ(u->begin_usage_time, kT0 + 1000);
  EXPECT_EQ(u->last_usage_time, kT0 + 1000);
  EXPECT_EQ(u->uncharged_time, 0);
  EXPECT_EQ(u->weighted_uncharged_time, 0);
  // Ends 500 s into the next interval: those 500 s are charged then.
  a.RemoveMatch(Key("slot1"), kT0 + 1500);
  u = a.FindCustomer("u@x");
  EXPECT_EQ(u->resources_used, 0);
  EXPECT_EQ(u->uncharged_time, 500);
  EXPECT_EQ(u->weighted_uncharged_time, 1000);
  const double before = u->priority;
  a.UpdatePriorities(kT0 + 2000);
  u = a.FindCustomer("u@x");
  EXPECT_EQ(u->priority, StoredReal(before * beta + 1.0 * (1 - beta)));
  EXPECT_EQ(u->accumulated_usage, 1400);
  EXPECT_EQ(u->weighted_accumulated_usage, 2800);
  EXPECT_EQ(u->begin_usage_time, kT0 + 1000);  // set once
  EXPECT_EQ(u->last_usage_time, kT0 + 2000);
  // No usage at all in the next interval: LastUsageTime stays.
  a.UpdatePriorities(kT0 + 3000);
  EXPECT_EQ(a.FindCustomer("u@x")->last_usage_time, kT0 + 2000);
  // A match that began before the last update is uncharged from the update.
  ASSERT_TRUE(a.AddMatch("u@x", slot, kT0 + 3000).ok());
  a.UpdatePriorities(kT0 + 4000);
  a.RemoveMatch(Key("slot1"), kT0 + 4100);
  EXPECT_EQ(a.FindCustomer("u@x")->uncharged_time, 100);
}

TEST(AccountantTest, RecordsAreNeverDeletedByUpdates) {
  Accountant a(MakePolicy(""));
  a.SetPriority("idle@x", 0.5);
  a.UpdatePriorities(kT0);
  a.UpdatePriorities(kT0 + 100 * kDay);
  EXPECT_NE(a.FindCustomer("idle@x"), nullptr);
}

// ---- AddMatch / RemoveMatch

TEST(AccountantTest, AddMatchTwiceForTheSameCustomerChargesOnce) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  ClassAd slot = Slot("slot1", "Claimed", "u@x", 2);
  ASSERT_TRUE(a.AddMatch("u@x", slot, kT0).ok());
  ClassAd heavier = Slot("slot1", "Claimed", "u@x", 8);
  ASSERT_TRUE(a.AddMatch("u@x", heavier, kT0 + 10).ok());
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 1);
  EXPECT_EQ(a.GetWeightedResourcesUsed("u@x"), 2);  // the weight is frozen
  EXPECT_EQ(a.FindResource(Key("slot1"))->slot_weight, 2);
  EXPECT_EQ(a.FindResource(Key("slot1"))->start_time, kT0);
}

TEST(AccountantTest, AddMatchForAnotherCustomerMovesTheMatch) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  ClassAd slot = Slot("slot1", "Claimed", "u@x", 2);
  ASSERT_TRUE(a.AddMatch("u@x", slot, kT0).ok());
  ASSERT_TRUE(a.AddMatch("v@x", slot, kT0 + 60).ok());
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 0);
  EXPECT_EQ(a.GetWeightedResourcesUsed("u@x"), 0);
  EXPECT_EQ(a.FindCustomer("u@x")->uncharged_time, 60);
  EXPECT_EQ(a.GetResourcesUsed("v@x"), 1);
  EXPECT_EQ(a.GetWeightedResourcesUsed("v@x"), 2);
  EXPECT_EQ(a.FindResource(Key("slot1"))->remote_user, "v@x");
  // <none> holds both users: -1 then +1.
  EXPECT_EQ(a.GetResourcesUsed("<none>"), 1);
  EXPECT_EQ(a.FindCustomer("<none>")->hier_weighted_resources_used, 2);
}

// HTCondor charges a group's hierarchical usage to the dotted prefixes of
// its name (AddMatch's loop over find_last_of('.')): a parent configured
// as "A" is not the prefix "a" of "a.b", so a record "a" is charged.
TEST(AccountantTest, HierarchicalUsageFollowsTheNamesPrefixes) {
  Accountant a(MakePolicy("GROUP_NAMES = A, a.b\nGROUP_QUOTA_A = 10\nGROUP_QUOTA_a.b = 5\n"));
  a.UpdatePriorities(kT0);
  ClassAd slot = Slot("slot1", "Claimed", "a.b.u@x", 2);
  ASSERT_TRUE(a.AddMatch("a.b.u@x", slot, kT0).ok());
  ASSERT_NE(a.FindCustomer("a.b"), nullptr);
  EXPECT_EQ(a.FindCustomer("a.b")->hier_weighted_resources_used, 2);
  ASSERT_NE(a.FindCustomer("a"), nullptr);
  EXPECT_EQ(a.FindCustomer("a")->hier_weighted_resources_used, 2);
  EXPECT_TRUE(a.FindCustomer("A") == nullptr || a.FindCustomer("A")->hier_weighted_resources_used == 0);
  a.RemoveMatch(Key("slot1"), kT0 + 60);
  EXPECT_EQ(a.FindCustomer("a")->hier_weighted_resources_used, 0);
}

// HTCondor 25.10 and later (HTCONDOR-3499): AddMatch overwrites the
// record and leaves the preempted customer's usage in place.
std::shared_ptr<const policy::Policy> PolicySince25_10(std::string_view text = "") {
  policy::PolicyOptions options;
  options.accountant_rules = policy::AccountantRules::kSince25_10;
  return MakePolicy(text, options);
}

TEST(AccountantTest, Since25_10AddMatchLeavesThePreemptedUsage) {
  Accountant a(PolicySince25_10());
  a.UpdatePriorities(kT0);
  ClassAd slot = Slot("slot1", "Claimed", "u@x", 2);
  ASSERT_TRUE(a.AddMatch("u@x", slot, kT0).ok());
  ASSERT_TRUE(a.AddMatch("v@x", slot, kT0 + 60).ok());
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 1);
  EXPECT_EQ(a.GetWeightedResourcesUsed("u@x"), 2);
  EXPECT_EQ(a.GetResourcesUsed("v@x"), 1);
  EXPECT_EQ(a.GetWeightedResourcesUsed("v@x"), 2);
  EXPECT_EQ(a.FindResource(Key("slot1"))->remote_user, "v@x");
  // <none> holds both users: charged twice.
  EXPECT_EQ(a.GetResourcesUsed("<none>"), 2);
  EXPECT_EQ(a.FindCustomer("<none>")->hier_weighted_resources_used, 4);
  // The same customer again is charged again too.
  ASSERT_TRUE(a.AddMatch("v@x", slot, kT0 + 60).ok());
  EXPECT_EQ(a.GetResourcesUsed("v@x"), 2);
}

TEST(AccountantTest, Since25_10CheckMatchesRecomputesOnlyTheWeightedUsage) {
  Accountant a(PolicySince25_10());
  a.UpdatePriorities(kT0);
  ClassAd gone = Slot("gone", "Claimed", "u@x", 1);
  ClassAd claimed = Slot("claimed", "Claimed", "u@x", 2);
  ClassAd moved = Slot("moved", "Claimed", "v@x", 4);
  for (ClassAd* s : {&gone, &claimed}) ASSERT_TRUE(a.AddMatch("u@x", *s, kT0).ok());
  ClassAd moved_before = Slot("moved", "Claimed", "u@x", 4);
  ASSERT_TRUE(a.AddMatch("u@x", moved_before, kT0).ok());
  EXPECT_EQ(a.GetWeightedResourcesUsed("u@x"), 7);
  const std::vector<const ClassAd*> slots = {&claimed, &moved};
  ASSERT_TRUE(a.CheckMatches(slots, kT0).ok());
  // Ended and moved matches are deleted without uncharging; the weighted
  // usage is recomputed from the claimed slots; the counts are not reset.
  EXPECT_EQ(a.FindResource(Key("gone")), nullptr);
  EXPECT_EQ(a.FindResource(Key("moved"))->remote_user, "v@x");
  EXPECT_EQ(a.GetWeightedResourcesUsed("u@x"), 2);
  EXPECT_EQ(a.GetWeightedResourcesUsed("v@x"), 4);
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 4);  // 3 + the claimed slot again
  EXPECT_EQ(a.GetResourcesUsed("v@x"), 1);
  EXPECT_EQ(a.FindCustomer("<none>")->hier_weighted_resources_used, 7 + 6);
  // Each cycle charges the claimed slots again: the weighted usage holds,
  // the counts and the hierarchical usage grow.
  ASSERT_TRUE(a.CheckMatches(slots, kT0).ok());
  EXPECT_EQ(a.GetWeightedResourcesUsed("u@x"), 2);
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 5);
  EXPECT_EQ(a.FindCustomer("<none>")->hier_weighted_resources_used, 7 + 6 + 6);
}

TEST(AccountantTest, AccountantRulesOfVersions) {
  using policy::AccountantRules;
  for (const char* v : {"25.0.13", "25.9.1", "24", "8.8.17", "25"}) {
    ASSERT_TRUE(policy::AccountantRulesOf(v).ok()) << v;
    EXPECT_EQ(*policy::AccountantRulesOf(v), AccountantRules::kBefore25_10) << v;
  }
  for (const char* v : {"25.10.1", "25.13.2", "26.0", "25.10"}) {
    ASSERT_TRUE(policy::AccountantRulesOf(v).ok()) << v;
    EXPECT_EQ(*policy::AccountantRulesOf(v), AccountantRules::kSince25_10) << v;
  }
  for (const char* v : {"", "25.", "v25.13", "25.x", "25.13.2.1", "25 13", ".25"}) {
    EXPECT_FALSE(policy::AccountantRulesOf(v).ok()) << v;
  }
}

TEST(AccountantTest, RemoveMatchNeverGoesBelowZero) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  ClassAd slot = Slot("slot1", "Claimed", "u@x", 3);
  ASSERT_TRUE(a.AddMatch("u@x", slot, kT0).ok());
  a.SetPriority("u@x", 4);
  // -delete removes the customer record only.
  EXPECT_TRUE(a.DeleteRecord("u@x"));
  EXPECT_FALSE(a.DeleteRecord("u@x"));
  EXPECT_EQ(a.FindCustomer("u@x"), nullptr);
  ASSERT_NE(a.FindResource(Key("slot1")), nullptr);
  // A user with running jobs gets a fresh record with no usage.
  EXPECT_EQ(a.GetPriority("u@x"), 500);
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 0);
  a.RemoveMatch(Key("slot1"), kT0 + 10);
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 0);
  EXPECT_EQ(a.GetWeightedResourcesUsed("u@x"), 0);
  EXPECT_EQ(a.FindResource(Key("slot1")), nullptr);
  // An unknown resource: nothing.
  a.RemoveMatch("nope", kT0 + 20);
  EXPECT_EQ(a.resources().size(), 0u);
}

TEST(AccountantTest, AddMatchNeedsASlotName) {
  Accountant a(MakePolicy(""));
  ClassAd nameless;
  nameless.InsertValue("State", Value::String("Claimed"));
  classad::Status s = a.AddMatch("u@x", nameless, kT0);
  EXPECT_EQ(s.code(), classad::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("Name"), std::string::npos);
  EXPECT_TRUE(a.customers().empty());
}

TEST(AccountantTest, ResourceNameWithoutAddress) {
  ClassAd slot;
  slot.InsertValue("Name", Value::String("slot1@host"));
  classad::Result<std::string> name = Accountant::ResourceName(slot);
  ASSERT_TRUE(name.ok());
  EXPECT_EQ(*name, "slot1@host@");
}

// ---- acceptance item 3: groups

constexpr std::string_view kGroups =
    "UID_DOMAIN = cs.wisc.edu\n"
    "GROUP_NAMES = physics, physics.hep, physics.lep, chem\n"
    "GROUP_QUOTA_physics = 10\nGROUP_QUOTA_physics.hep = 5\nGROUP_QUOTA_physics.lep = 5\n"
    "GROUP_QUOTA_chem = 10\n";

TEST(AccountantTest, GroupUsageRollsUp) {
  Accountant a(MakePolicy(kGroups));
  a.Initialize(kT0);
  for (const char* g : {"<none>", "physics", "physics.hep", "physics.lep", "chem"}) {
    EXPECT_NE(a.FindCustomer(g), nullptr) << g;
  }
  ClassAd s1 = Slot("s1", "Claimed", "physics.hep.alice@cs.wisc.edu", 2);
  ClassAd s2 = Slot("s2", "Claimed", "physics.lep.bob@cs.wisc.edu", 3);
  ClassAd s3 = Slot("s3", "Claimed", "physics.carol@cs.wisc.edu", 4);
  ClassAd s4 = Slot("s4", "Claimed", "dave@cs.wisc.edu", 1);
  ASSERT_TRUE(a.AddMatch("physics.hep.alice@cs.wisc.edu", s1, kT0).ok());
  ASSERT_TRUE(a.AddMatch("physics.lep.bob@cs.wisc.edu", s2, kT0).ok());
  ASSERT_TRUE(a.AddMatch("physics.carol@cs.wisc.edu", s3, kT0).ok());
  ASSERT_TRUE(a.AddMatch("dave@cs.wisc.edu", s4, kT0).ok());

  // Node-only usage and the subtree's.
  EXPECT_EQ(a.GetWeightedResourcesUsed("physics.hep"), 2);
  EXPECT_EQ(a.GetWeightedResourcesUsed("physics.lep"), 3);
  EXPECT_EQ(a.GetWeightedResourcesUsed("physics"), 4);
  EXPECT_EQ(a.FindCustomer("physics")->hier_weighted_resources_used, 9);
  EXPECT_EQ(a.FindCustomer("physics.hep")->hier_weighted_resources_used, 2);
  // <none> only has its direct users.
  EXPECT_EQ(a.GetWeightedResourcesUsed("<none>"), 1);
  EXPECT_EQ(a.FindCustomer("<none>")->hier_weighted_resources_used, 1);

  // The group's own RUP follows its subtree.
  a.UpdatePriorities(kT0 + kDay);
  ExpectRelNear(a.FindCustomer("physics")->priority, 9 + (0.5 - 9) / 2, 1e-9);
  ExpectRelNear(a.FindCustomer("physics.hep")->priority, 2 + (0.5 - 2) / 2, 1e-9);

  auto find = [](const std::vector<GroupUsage>& report, std::string_view name) {
    for (const GroupUsage& u : report) {
      if (u.name == name) return u;
    }
    ADD_FAILURE() << name << " not reported";
    return GroupUsage();
  };
  std::vector<GroupUsage> flat = a.GroupReport(false);
  ASSERT_EQ(flat.size(), 5u);
  EXPECT_EQ(flat[0].name, "<none>");
  EXPECT_EQ(flat[0].parent, "<none>");
  EXPECT_EQ(find(flat, "physics").weighted_resources_used, 4);
  EXPECT_EQ(find(flat, "physics").priority, a.EffectivePriority("physics"));
  EXPECT_GT(find(flat, "physics").priority, 500);
  EXPECT_EQ(find(flat, "physics.hep").parent, "physics");
  std::vector<GroupUsage> rolled = a.GroupReport(true);
  const GroupUsage physics = find(rolled, "physics");
  EXPECT_EQ(physics.name, "physics");
  EXPECT_EQ(physics.parent, "<none>");
  EXPECT_EQ(physics.resources_used, 3);
  EXPECT_EQ(physics.weighted_resources_used, 9);
  EXPECT_EQ(physics.weighted_accumulated_usage, 9.0 * kDay);
  EXPECT_EQ(physics.priority, 0);
  // Children roll into the root too.
  EXPECT_EQ(rolled[0].weighted_resources_used, 10);
  EXPECT_EQ(rolled[0].resources_used, 4);
  // chem has no usage: its BeginUsageTime 0 is the root's minimum.
  EXPECT_EQ(rolled[0].begin_usage_time, 0);
  EXPECT_EQ(rolled[0].last_usage_time, kT0 + kDay);

  // Removing brings every level back to 0, never below.
  for (const char* s : {"s1", "s2", "s3", "s4"}) a.RemoveMatch(Key(s), kT0 + kDay);
  for (const char* g : {"<none>", "physics", "physics.hep", "physics.lep"}) {
    EXPECT_EQ(a.GetWeightedResourcesUsed(g), 0) << g;
    EXPECT_EQ(a.GetResourcesUsed(g), 0) << g;
    EXPECT_EQ(a.FindCustomer(g)->hier_weighted_resources_used, 0) << g;
  }
}

TEST(AccountantTest, JobsAreChargedToTheirSubmitterAndGroup) {
  std::shared_ptr<const policy::Policy> p = MakePolicy(kGroups);
  Accountant a(p);
  a.Initialize(kT0);
  const IdentityConfig identity = IdentityConfig::FromPolicy(*p);
  ClassAd job;
  job.InsertValue("Owner", Value::String("alice"));
  job.InsertValue("AcctGroup", Value::String("physics.hep"));
  job.InsertValue("AcctGroupUser", Value::String("alice"));
  classad::Result<JobSubmitter> who = SubmitterOfJob(job, identity);
  ASSERT_TRUE(who.ok()) << who.status().ToString();
  EXPECT_EQ(who->name, "physics.hep.alice@cs.wisc.edu");
  ClassAd s1 = Slot("s1", "Claimed", who->name, 1);
  ASSERT_TRUE(a.AddMatch(who->name, s1, kT0).ok());
  EXPECT_EQ(a.GetResourcesUsed("physics.hep.alice@cs.wisc.edu"), 1);
  EXPECT_EQ(a.GetResourcesUsed("physics.hep"), 1);

  // A group that is not configured is charged as <none>.
  ClassAd stranger;
  stranger.InsertValue("Owner", Value::String("bob"));
  stranger.InsertValue("AcctGroup", Value::String("biology"));
  classad::Result<JobSubmitter> bob = SubmitterOfJob(stranger, identity);
  ASSERT_TRUE(bob.ok());
  EXPECT_EQ(bob->name, "biology.bob@cs.wisc.edu");
  EXPECT_EQ(bob->group_name, "<none>");
  ClassAd s2 = Slot("s2", "Claimed", bob->name, 1);
  ASSERT_TRUE(a.AddMatch(bob->name, s2, kT0).ok());
  EXPECT_EQ(a.GetResourcesUsed("<none>"), 1);
  EXPECT_EQ(a.FindCustomer("biology"), nullptr);
}

TEST(AccountantTest, GroupLookupIgnoresCase) {
  Accountant a(MakePolicy(kGroups));
  a.Initialize(kT0);
  ClassAd s1 = Slot("s1", "Claimed", "PHYSICS.Hep.alice@cs.wisc.edu", 1);
  ASSERT_TRUE(a.AddMatch("PHYSICS.Hep.alice@cs.wisc.edu", s1, kT0).ok());
  EXPECT_EQ(a.GetResourcesUsed("physics.hep"), 1);
  EXPECT_EQ(a.FindCustomer("physics")->hier_weighted_resources_used, 1);
  // The customer key itself stays exact.
  EXPECT_EQ(a.GetResourcesUsed("physics.hep.alice@cs.wisc.edu"), 0);
}

// ---- CheckMatches

TEST(AccountantTest, CheckMatchesFollowsTheSlots) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  ClassAd gone = Slot("gone", "Claimed", "u@x", 1);
  ClassAd idle = Slot("idle", "Unclaimed", "", 1);
  ClassAd other = Slot("other", "Claimed", "v@x", 1);
  ClassAd matched = Slot("matched", "Matched", "", 1);
  ClassAd claimed = Slot("claimed", "Claimed", "u@x", 2);
  ClassAd preempting = Slot("preempting", "Preempting", "w@x", 4);
  // Records from earlier cycles: u on gone, idle, other and matched.
  for (const char* n : {"gone", "idle", "other", "matched"}) {
    ClassAd s = Slot(n, "Claimed", "u@x", 1);
    ASSERT_TRUE(a.AddMatch("u@x", s, kT0).ok());
  }
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 4);
  std::vector<const ClassAd*> slots = {&idle, &other, &matched, &claimed, &preempting};
  ASSERT_TRUE(a.CheckMatches(slots, kT0 + 30).ok());
  EXPECT_EQ(a.FindResource(Key("gone")), nullptr);   // the slot is gone
  EXPECT_EQ(a.FindResource(Key("idle")), nullptr);   // not claimed any more
  EXPECT_EQ(a.FindResource(Key("other"))->remote_user, "v@x");  // claimed by another
  EXPECT_EQ(a.FindResource(Key("matched"))->remote_user, "u@x");  // Matched keeps it
  EXPECT_EQ(a.FindResource(Key("claimed"))->remote_user, "u@x");
  EXPECT_EQ(a.FindResource(Key("preempting"))->remote_user, "w@x");
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 2);  // matched + claimed
  EXPECT_EQ(a.GetWeightedResourcesUsed("u@x"), 3);
  EXPECT_EQ(a.GetResourcesUsed("v@x"), 1);
  EXPECT_EQ(a.GetWeightedResourcesUsed("w@x"), 4);
  EXPECT_EQ(a.FindCustomer("u@x")->uncharged_time, 3 * 30 - 30);  // 3 ended, 1 began
  // A second pass changes nothing.
  ASSERT_TRUE(a.CheckMatches(slots, kT0 + 30).ok());
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 2);
  EXPECT_EQ(a.resources().size(), 4u);
}

// Two slot ads of one name: the first is the record's claim (charged
// already, left as it is), the second claims it for another customer,
// who takes the record over, as charging each in turn would.
TEST(AccountantTest, CheckMatchesOfDuplicateNamesChargesEachInTurn) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  ClassAd first = Slot("s", "Claimed", "u@x", 1);
  ClassAd second = Slot("s", "Claimed", "v@x", 2);
  ASSERT_TRUE(a.AddMatch("u@x", first, kT0).ok());
  std::vector<const ClassAd*> slots = {&first, &second};
  ASSERT_TRUE(a.CheckMatches(slots, kT0 + 10).ok());
  EXPECT_EQ(a.FindResource(Key("s"))->remote_user, "v@x");
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 0);
  EXPECT_EQ(a.GetWeightedResourcesUsed("v@x"), 2);
  // The other way round, the record's claim comes last and wins again.
  std::vector<const ClassAd*> reversed = {&second, &first};
  ASSERT_TRUE(a.CheckMatches(reversed, kT0 + 20).ok());
  EXPECT_EQ(a.FindResource(Key("s"))->remote_user, "u@x");
  EXPECT_EQ(a.GetResourcesUsed("v@x"), 0);
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 1);
}

TEST(AccountantTest, CheckMatchesChargesTheSlotsAccountingGroup) {
  Accountant a(MakePolicy(kGroups));
  a.Initialize(kT0);
  ClassAd slot = Slot("s", "Claimed", "alice@cs.wisc.edu", 1);
  slot.InsertValue("AccountingGroup", Value::String("physics.hep.alice@cs.wisc.edu"));
  std::vector<const ClassAd*> slots = {&slot};
  ASSERT_TRUE(a.CheckMatches(slots, kT0).ok());
  EXPECT_EQ(a.GetResourcesUsed("physics.hep.alice@cs.wisc.edu"), 1);
  EXPECT_EQ(a.GetResourcesUsed("alice@cs.wisc.edu"), 0);
  ASSERT_TRUE(a.CheckMatches(slots, kT0 + 5).ok());
  EXPECT_EQ(a.GetResourcesUsed("physics.hep.alice@cs.wisc.edu"), 1);
}

TEST(AccountantTest, SuspendedSlotsAreDiscountedOnlyWhenConfigured) {
  ClassAd slot = Slot("s", "Claimed", "u@x", 1);
  slot.InsertValue("Activity", Value::String("Suspended"));
  std::vector<const ClassAd*> slots = {&slot};
  {
    Accountant a(MakePolicy(""));
    ASSERT_TRUE(a.CheckMatches(slots, kT0).ok());
    EXPECT_EQ(a.GetResourcesUsed("u@x"), 1);
  }
  Accountant a(MakePolicy("NEGOTIATOR_DISCOUNT_SUSPENDED_RESOURCES = true\n"));
  ASSERT_TRUE(a.CheckMatches(slots, kT0).ok());
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 0);
  // A match recorded earlier is removed once the slot is suspended.
  ClassAd busy = Slot("s", "Claimed", "u@x", 1);
  ASSERT_TRUE(a.AddMatch("u@x", busy, kT0).ok());
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 1);
  ASSERT_TRUE(a.CheckMatches(slots, kT0 + 10).ok());
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 0);
  EXPECT_EQ(a.FindResource(Key("s")), nullptr);
}

TEST(AccountantTest, CheckMatchesReportsNamelessSlots) {
  Accountant a(MakePolicy(""));
  ClassAd nameless;
  nameless.InsertValue("State", Value::String("Claimed"));
  nameless.InsertValue("RemoteUser", Value::String("u@x"));
  ClassAd good = Slot("s", "Claimed", "u@x", 1);
  std::vector<const ClassAd*> slots = {&nameless, &good};
  classad::Status s = a.CheckMatches(slots, kT0);
  EXPECT_EQ(s.code(), classad::StatusCode::kInvalidArgument);
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 1);  // the rest was done
}

// ---- slot weights

TEST(AccountantTest, SlotWeights) {
  Accountant a(MakePolicy(""));
  EXPECT_EQ(a.SlotWeight(Slot("s", "Claimed", "u@x", 4)), 4);
  EXPECT_EQ(a.SlotWeight(Slot("s", "Claimed", "u@x", 0)), 0);   // zero is allowed
  EXPECT_EQ(a.SlotWeight(Slot("s", "Claimed", "u@x", -2)), 1);  // negative: 1
  ClassAd no_weight = Slot("s", "Claimed", "u@x", std::nan(""));
  EXPECT_EQ(a.SlotWeight(no_weight), 1);  // no SlotWeight, no Cpus: 1
  no_weight.InsertValue("Cpus", Value::Integer(8));
  EXPECT_EQ(a.SlotWeight(no_weight), 8);  // SLOT_WEIGHT = Cpus
  ClassAd text = Slot("s", "Claimed", "u@x", std::nan(""));
  text.InsertValue("SlotWeight", Value::String("heavy"));
  EXPECT_EQ(a.SlotWeight(text), 1);

  Accountant custom(MakePolicy("SLOT_WEIGHT = Memory / 1024\n"));
  ClassAd mem = Slot("s", "Claimed", "u@x", std::nan(""));
  mem.InsertValue("Memory", Value::Integer(4096));
  EXPECT_EQ(custom.SlotWeight(mem), 4);

  Accountant off(MakePolicy("NEGOTIATOR_USE_SLOT_WEIGHTS = false\n"));
  EXPECT_EQ(off.SlotWeight(Slot("s", "Claimed", "u@x", 4)), 1);
  ClassAd s = Slot("s", "Claimed", "u@x", 4);
  ASSERT_TRUE(off.AddMatch("u@x", s, kT0).ok());
  EXPECT_EQ(off.GetWeightedResourcesUsed("u@x"), 1);
}

TEST(AccountantTest, ConsumptionPolicyMatchesAreRecordedApart) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  ClassAd pslot = Slot("slot1", "Unclaimed", "", 8);
  pslot.InsertValue("_cp_match_cost", Value::Real(2));
  ASSERT_TRUE(a.AddMatch("u@x", pslot, kT0).ok());
  ASSERT_TRUE(a.AddMatch("u@x", pslot, kT0).ok());
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 2);
  EXPECT_EQ(a.GetWeightedResourcesUsed("u@x"), 4);
  ASSERT_NE(a.FindResource(Key("slot1") + "_cp_match_000"), nullptr);
  ASSERT_NE(a.FindResource(Key("slot1") + "_cp_match_001"), nullptr);
  EXPECT_EQ(a.FindResource(Key("slot1"))->num_cp_matches, 2);
  // The next cycle: the pseudonyms are gone from the slot list.
  ClassAd plain = Slot("slot1", "Unclaimed", "", 8);
  std::vector<const ClassAd*> slots = {&plain};
  ASSERT_TRUE(a.CheckMatches(slots, kT0 + 60).ok());
  EXPECT_TRUE(a.resources().empty());
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 0);
  EXPECT_EQ(a.FindCustomer("u@x")->weighted_uncharged_time, 2 * 2 * 60);
}

// ---- concurrency limits

TEST(AccountantTest, ConcurrencyLimitCounts) {
  Accountant a(MakePolicy(""));
  ClassAd s1 = Slot("s1", "Claimed", "u@x", 1);
  s1.InsertValue("MatchedConcurrencyLimits", Value::String("lic:2,Other"));
  ASSERT_TRUE(a.AddMatch("u@x", s1, kT0).ok());
  EXPECT_EQ(a.LimitCount("lic"), 2);
  EXPECT_EQ(a.LimitCount("other"), 1);
  EXPECT_EQ(a.FindResource(Key("s1"))->matched_concurrency_limits, "lic:2,Other");
  // CheckMatches recounts from the slots: running jobs' limits, preempting
  // ones, and Matched slots' recorded limits.
  ClassAd running = Slot("r", "Claimed", "v@x", 1);
  running.InsertValue("ConcurrencyLimits", Value::String("LIC:0.5"));
  running.InsertValue("PreemptingConcurrencyLimits", Value::String("lic"));
  ClassAd matched = Slot("s1", "Matched", "", 1);
  std::vector<const ClassAd*> slots = {&running, &matched};
  ASSERT_TRUE(a.CheckMatches(slots, kT0 + 10).ok());
  EXPECT_EQ(a.LimitCount("lic"), 0.5 + 1 + 2);
  EXPECT_EQ(a.LimitCount("other"), 1);
  std::vector<const ClassAd*> none;
  ASSERT_TRUE(a.CheckMatches(none, kT0 + 20).ok());
  EXPECT_EQ(a.LimitCount("lic"), 0);
  EXPECT_EQ(a.limit_counts().count("lic"), 1u);  // known limits are kept at 0
}

// ---- floors, ceilings, administration

TEST(AccountantTest, FloorsAndCeilings) {
  Accountant a(MakePolicy(""));
  EXPECT_EQ(a.GetCeiling("u@x"), -1);
  EXPECT_EQ(a.GetFloor("u@x"), 0);
  a.SetCeiling("u@x", 10);
  a.SetFloor("u@x", 5);
  EXPECT_EQ(a.GetCeiling("u@x"), 10);
  EXPECT_EQ(a.GetFloor("u@x"), 5);
  a.SetCeiling("u@x", -7);
  a.SetFloor("u@x", -3);
  EXPECT_EQ(a.GetCeiling("u@x"), -1);
  EXPECT_EQ(a.GetFloor("u@x"), 0);
  a.SetCeiling("u@x", 0);  // blocks the submitter
  EXPECT_EQ(a.GetCeiling("u@x"), 0);
}

TEST(AccountantTest, ResetsAndUsageEdits) {
  Accountant a(MakePolicy(""));
  a.UpdatePriorities(kT0);
  ClassAd s = Slot("s", "Claimed", "u@x", 2);
  ASSERT_TRUE(a.AddMatch("u@x", s, kT0).ok());
  ClassAd t = Slot("t", "Claimed", "v@x", 1);
  ASSERT_TRUE(a.AddMatch("v@x", t, kT0).ok());
  a.UpdatePriorities(kT0 + 100);
  const double rup = a.FindCustomer("u@x")->priority;
  a.ResetAccumulatedUsage("u@x", kT0 + 200);
  const CustomerRecord* u = a.FindCustomer("u@x");
  EXPECT_EQ(u->accumulated_usage, 0);
  EXPECT_EQ(u->weighted_accumulated_usage, 0);
  EXPECT_EQ(u->begin_usage_time, kT0 + 200);
  EXPECT_EQ(u->priority, rup);  // the RUP is untouched
  EXPECT_EQ(a.FindCustomer("v@x")->accumulated_usage, 100);
  a.ResetAllUsage(kT0 + 300);
  for (const CustomerRecord& c : a.customers()) {
    EXPECT_EQ(c.accumulated_usage, 0) << c.name;
    EXPECT_EQ(c.weighted_accumulated_usage, 0) << c.name;
    EXPECT_EQ(c.begin_usage_time, kT0 + 300) << c.name;
  }
  a.SetAccumUsage("u@x", 1234);
  EXPECT_EQ(a.FindCustomer("u@x")->weighted_accumulated_usage, 1234);
  EXPECT_EQ(a.FindCustomer("u@x")->accumulated_usage, 0);
  a.SetBeginUsageTime("u@x", 11);
  a.SetLastUsageTime("u@x", 22);
  EXPECT_EQ(a.FindCustomer("u@x")->begin_usage_time, 11);
  EXPECT_EQ(a.FindCustomer("u@x")->last_usage_time, 22);
  // Edits create records.
  a.SetFloor("new@x", 3);
  EXPECT_NE(a.FindCustomer("new@x"), nullptr);
}

TEST(AccountantTest, DeleteKeepsOtherRecordsReachable) {
  Accountant a(MakePolicy(""));
  for (int i = 0; i < 10; ++i) a.SetPriority("u" + std::to_string(i) + "@x", i + 1);
  EXPECT_TRUE(a.DeleteRecord("u0@x"));
  EXPECT_TRUE(a.DeleteRecord("u5@x"));
  EXPECT_EQ(a.customers().size(), 8u);
  for (int i = 0; i < 10; ++i) {
    const CustomerRecord* c = a.FindCustomer("u" + std::to_string(i) + "@x");
    if (i == 0 || i == 5) {
      EXPECT_EQ(c, nullptr);
    } else {
      ASSERT_NE(c, nullptr);
      EXPECT_EQ(c->priority, i + 1);
    }
  }
}

TEST(AccountantTest, RecountUsageFixesTheRecords) {
  Accountant a(MakePolicy(kGroups));
  a.Initialize(kT0);
  ClassAd s1 = Slot("s1", "Claimed", "physics.hep.alice@cs.wisc.edu", 2);
  ASSERT_TRUE(a.AddMatch("physics.hep.alice@cs.wisc.edu", s1, kT0).ok());
  EXPECT_EQ(a.RecountUsage(), 0);
  a.DeleteRecord("physics.hep.alice@cs.wisc.edu");
  a.SetPriority("physics.hep.alice@cs.wisc.edu", 1);  // a record with no usage
  a.SetPriority("ghost@cs.wisc.edu", 1);
  EXPECT_EQ(a.RecountUsage(), 1);
  EXPECT_EQ(a.GetResourcesUsed("physics.hep.alice@cs.wisc.edu"), 1);
  EXPECT_EQ(a.GetWeightedResourcesUsed("physics.hep.alice@cs.wisc.edu"), 2);
  EXPECT_EQ(a.GetWeightedResourcesUsed("physics.hep"), 2);
}

// ---- AccountingView

TEST(AccountantTest, AccountingView) {
  std::shared_ptr<const policy::Policy> p = MakePolicy(kGroups);
  Accountant a(p);
  a.Initialize(kT0);
  ClassAd s1 = Slot("s1", "Claimed", "physics.hep.alice@cs.wisc.edu", 2);
  ASSERT_TRUE(a.AddMatch("physics.hep.alice@cs.wisc.edu", s1, kT0).ok());
  const policy::AccountingView& view = a;
  EXPECT_EQ(view.UserPriority("physics.hep.alice@cs.wisc.edu"), 500);
  EXPECT_EQ(view.UserPriority("unknown@cs.wisc.edu"), 500);
  EXPECT_EQ(a.FindCustomer("unknown@cs.wisc.edu"), nullptr);
  EXPECT_EQ(view.UserResourcesInUse("physics.hep.alice@cs.wisc.edu"), 2);
  policy::GroupInfo info;
  EXPECT_FALSE(view.UserGroup("physics.hep.alice@cs.wisc.edu", &info));  // no quota map yet
  a.SetGroupQuotas({{"physics.hep", 5}, {"<none>", 1}});
  ASSERT_TRUE(view.UserGroup("physics.hep.alice@cs.wisc.edu", &info));
  EXPECT_EQ(info.name, "physics.hep");
  EXPECT_EQ(info.quota, 5);
  EXPECT_EQ(info.usage, 2);
  ASSERT_TRUE(view.UserGroup("bob@cs.wisc.edu", &info));
  EXPECT_EQ(info.name, "<none>");
  EXPECT_FALSE(view.UserGroup("physics.lep.bob@cs.wisc.edu", &info));
  // A group's usage by the name UserGroup gave, live, as UserGroup reads it.
  double usage = -1;
  ASSERT_TRUE(view.GroupResourcesInUse("physics.hep", &usage));
  EXPECT_EQ(usage, 2);
  ClassAd s2 = Slot("s2", "Claimed", "physics.hep.bob@cs.wisc.edu", 3);
  ASSERT_TRUE(a.AddMatch("physics.hep.bob@cs.wisc.edu", s2, kT0).ok());
  ASSERT_TRUE(view.GroupResourcesInUse("physics.hep", &usage));
  EXPECT_EQ(usage, 5);
  EXPECT_FALSE(view.GroupResourcesInUse("physics", &usage));  // not in the quota map
  // Against another quota map, as the slots' Remote* attributes read it.
  AccountantWithQuotas previous(a, {{"physics", 7}});
  EXPECT_FALSE(previous.GroupResourcesInUse("physics.hep", &usage));
  ASSERT_TRUE(previous.GroupResourcesInUse("physics", &usage));

  Accountant flat(MakePolicy(""));
  flat.SetGroupQuotas({{"<none>", 1}});
  EXPECT_FALSE(flat.UserGroup("bob@x", &info));  // group quotas off
  EXPECT_FALSE(flat.GroupResourcesInUse("<none>", &usage));
}

TEST(AccountantTest, ConstReadsFromManyThreads) {
  Accountant a(MakePolicy(kGroups));
  a.Initialize(kT0);
  for (int i = 0; i < 100; ++i) {
    ClassAd s = Slot("s" + std::to_string(i), "Claimed", "physics.hep.u@cs.wisc.edu", 1);
    ASSERT_TRUE(a.AddMatch("physics.hep.u@cs.wisc.edu", s, kT0).ok());
  }
  a.SetGroupQuotas({{"physics.hep", 5}});
  const size_t before = a.customers().size();
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&a, &wrong, t] {
      policy::GroupInfo info;
      for (int i = 0; i < 2000; ++i) {
        const std::string user = "x" + std::to_string(t * 10000 + i) + "@cs.wisc.edu";
        if (a.UserPriority(user) != 500) ++wrong;
        if (a.UserResourcesInUse("physics.hep.u@cs.wisc.edu") != 100) ++wrong;
        if (!a.UserGroup("physics.hep.u@cs.wisc.edu", &info) || info.usage != 100) ++wrong;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(a.customers().size(), before);  // reads created nothing
}

TEST(AccountantTest, InitializeCreatesGroupRecordsWithTheirFactors) {
  Accountant a(MakePolicy(std::string(kGroups) + "GROUP_PRIO_FACTOR_chem = 20\n"));
  a.Initialize(kT0);
  EXPECT_EQ(a.FindCustomer("chem")->priority_factor, 20);
  EXPECT_EQ(a.FindCustomer("physics")->priority_factor, 1000);
  EXPECT_EQ(a.FindCustomer("<none>")->priority_factor, 1000);
  EXPECT_EQ(a.last_update_time(), kT0);
  EXPECT_EQ(a.customers().size(), 5u);
}

TEST(AccountantTest, CheckMatchesChargesOnlyNamesItCanKeep) {
  Accountant a(MakePolicy(""));
  a.Initialize(kT0);
  ClassAd good = Slot("s1", "Claimed", "u@x");
  ClassAd blank = Slot("s2", "Claimed", "u v@x");
  ClassAd control = Slot("s3\x01", "Claimed", "u@x");
  ClassAd empty_group = Slot("s4", "Claimed", "u@x");
  empty_group.InsertValue("AccountingGroup", Value::String(""));
  const classad::Status s = a.CheckMatches({&good, &blank, &control, &empty_group}, kT0);
  EXPECT_EQ(s.code(), classad::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("1 slot ad(s) without a usable Name"), std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find("2 claimed slot(s)"), std::string::npos) << s.message();
  EXPECT_EQ(a.GetResourcesUsed("u@x"), 1);
  EXPECT_EQ(a.FindCustomer("u v@x"), nullptr);
  EXPECT_EQ(a.FindCustomer(""), nullptr);
}

}  // namespace
}  // namespace negotiator
