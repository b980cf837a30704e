// GroupQuotaAllocator: hierarchical group quotas as HTCondor's
// GroupEntry.cpp computes them (reference §2), driven with a fake
// negotiation that matches up to min(limit, demand, free slots) and raises
// the group's usage. Also the tree's arithmetic underneath, in HTCondor's
// doubles.
#include "negotiator/quotas/group_quota_allocator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "negotiator/quotas/quota_tree.h"
#include "policy/config_reader.h"
#include "policy/policy.h"

namespace negotiator {
namespace {

policy::ConfigOptions TestOptions() {
  policy::ConfigOptions options;
  options.getenv = [](std::string_view) { return std::optional<std::string>(); };
  options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  options.random = [] { return uint64_t{4}; };
  return options;
}

// The policy `text` configures; fails the test when it does not build.
std::shared_ptr<const policy::Policy> MakePolicy(const std::string& text) {
  classad::Result<policy::Config> config = policy::ReadConfigText(text, "groups.conf", TestOptions());
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  if (!config.ok()) return nullptr;
  classad::Result<policy::Policy> built = policy::Policy::Build(*config);
  EXPECT_TRUE(built.ok()) << built.status().ToString();
  if (!built.ok()) return nullptr;
  return std::make_shared<const policy::Policy>(std::move(built).value());
}

// A pool of identical slots of weight 1 and, per group, a number of jobs
// (running + idle) of which `matchable` can match at all. A negotiation
// call matches idle jobs of the group (of the root: its own, then those of
// the autoregroup groups) up to its limit (none when unlimited) and the
// free slots, charging each match to the job's own group.
class FakePool {
 public:
  FakePool(const policy::Policy& policy, double slots)
      : tree_(policy.groups.tree), free_(slots), jobs_(tree_.groups().size()), usage_(jobs_.size()),
        matchable_(jobs_.size(), 1e18) {}

  int Index(const std::string& name) const {
    const int g = tree_.Find(name);
    EXPECT_GE(g, 0) << name;
    return g;
  }
  // `jobs` jobs for `group`, of which `running` already run (and use slots).
  void Jobs(const std::string& group, double jobs, double running = 0) {
    const size_t g = static_cast<size_t>(Index(group));
    jobs_[g] = jobs;
    usage_[g] = running;
    free_ -= running;
  }
  void Matchable(const std::string& group, double n) { matchable_[static_cast<size_t>(Index(group))] = n; }

  std::vector<GroupDemand> Demand() const {
    std::vector<GroupDemand> d(jobs_.size());
    for (size_t g = 0; g < d.size(); ++g) {
      d[g].requested = jobs_[g];
      d[g].usage = usage_[g];
      d[g].has_submitters = jobs_[g] > 0;
    }
    return d;
  }

  // The negotiation callback.
  void Negotiate(const GroupNegotiation& call) {
    calls_.push_back(call);
    const size_t g = static_cast<size_t>(call.group);
    if (call.unlimited) {
      Take(g, free_);
      for (size_t k = 1; k < jobs_.size(); ++k) {
        if (tree_.groups()[k].autoregroup) Take(k, free_);
      }
      return;
    }
    Take(g, static_cast<double>(call.limit) - usage_[g]);
  }
  double Usage(int g) const { return usage_[static_cast<size_t>(g)]; }
  double Usage(const std::string& name) const { return Usage(Index(name)); }
  double free() const { return free_; }
  // Releases every slot (the jobs finish) so the next cycle starts afresh.
  void Drain() {
    for (double& u : usage_) {
      free_ += u;
      u = 0;
    }
  }

  // Runs one cycle on `allocator`.
  classad::Status Cycle(GroupQuotaAllocator& allocator, double total, int64_t now = 1000) {
    return allocator.NegotiateAllGroups(
        total, Demand(), now, [this](const GroupNegotiation& call) { Negotiate(call); },
        [this](int g) { return Usage(g); });
  }

  const std::vector<GroupNegotiation>& calls() const { return calls_; }
  void ClearCalls() { calls_.clear(); }
  // "group:limit" for each call of round `round`, in order.
  std::vector<std::string> CallsOf(int round) const {
    std::vector<std::string> out;
    for (const GroupNegotiation& c : calls_) {
      if (c.round != round) continue;
      out.push_back(tree_.groups()[static_cast<size_t>(c.group)].name + ":" + std::to_string(c.limit) +
                    (c.unlimited ? "*" : ""));
    }
    return out;
  }

 private:
  void Take(size_t g, double allowed) {
    const double idle = std::min(jobs_[g], matchable_[g]) - usage_[g];
    const double take = std::max(0.0, std::min({allowed, idle, free_}));
    usage_[g] += take;
    free_ -= take;
  }

  const policy::GroupTree& tree_;
  double free_;
  std::vector<double> jobs_;
  std::vector<double> usage_;
  std::vector<double> matchable_;
  std::vector<GroupNegotiation> calls_;
};

double QuotaOf(const GroupQuotaAllocator& allocator, const std::string& name) {
  const auto it = allocator.quota_map().find(name);
  EXPECT_NE(it, allocator.quota_map().end()) << name;
  return it == allocator.quota_map().end() ? -1 : it->second;
}

const GroupQuotaReport& ReportOf(const GroupQuotaAllocator& allocator, const std::string& name) {
  for (const GroupQuotaReport& r : allocator.report()) {
    if (r.name == name) return r;
  }
  ADD_FAILURE() << "no report for " << name;
  static const GroupQuotaReport kNone;
  return kNone;
}

using Calls = std::vector<std::string>;

// ------------------------------------------------- rounding errors

TEST(GroupQuotaArithmeticTest, JustBelowAWholeNumberIsARoundingError) {
  // HTCondor's product, as this machine's doubles give it.
  EXPECT_EQ(0.29 * 100, 28.999999999999996);
  double whole = 0;
  EXPECT_TRUE(JustBelowWholeNumber(0.29 * 100, 0, &whole));
  EXPECT_EQ(whole, 29);
  EXPECT_TRUE(JustBelowWholeNumber(std::nextafter(1.0, 0.0), 0, &whole));
  EXPECT_EQ(whole, 1);
  EXPECT_TRUE(JustBelowWholeNumber(0.9999999999999964, 0, &whole));
  EXPECT_EQ(whole, 1);
  // Relative to the scale of what it was computed from.
  EXPECT_FALSE(JustBelowWholeNumber(1 - 1e-9, 0, &whole));
  EXPECT_TRUE(JustBelowWholeNumber(1 - 1e-9, 1e5, &whole));
  EXPECT_FALSE(JustBelowWholeNumber(0.9999, 1e5, &whole));
  EXPECT_FALSE(JustBelowWholeNumber(29, 0, &whole));
  EXPECT_FALSE(JustBelowWholeNumber(28.5, 0, &whole));
  EXPECT_FALSE(JustBelowWholeNumber(29.000000000000004, 0, &whole));  // above, not below
  EXPECT_FALSE(JustBelowWholeNumber(NAN, 0, &whole));
  EXPECT_FALSE(JustBelowWholeNumber(INFINITY, 0, &whole));
}

// ------------------------------------------------------ §2.3 assigning quotas

TEST(GroupQuotaTest, StaticQuotasWithAndWithoutOversubscription) {
  const std::string groups = "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 60\nGROUP_QUOTA_b = 70\n";
  {
    auto policy = MakePolicy(groups);  // oversubscription is the default
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 100);
    ASSERT_TRUE(pool.Cycle(allocator, 100).ok());
    EXPECT_EQ(QuotaOf(allocator, "a"), 60);
    EXPECT_EQ(QuotaOf(allocator, "b"), 70);
    EXPECT_EQ(QuotaOf(allocator, "<none>"), 0);
  }
  {
    auto policy = MakePolicy(groups + "NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION = False\n");
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 100);
    ASSERT_TRUE(pool.Cycle(allocator, 100).ok());
    EXPECT_DOUBLE_EQ(QuotaOf(allocator, "a"), 6000.0 / 130);  // 46.15
    EXPECT_DOUBLE_EQ(QuotaOf(allocator, "b"), 7000.0 / 130);  // 53.85
    EXPECT_EQ(QuotaOf(allocator, "<none>"), 0);
  }
}

TEST(GroupQuotaTest, DynamicQuotasShareWhatStaticSiblingsLeave) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b, c\n"
      "GROUP_QUOTA_c = 20\n"
      "GROUP_QUOTA_DYNAMIC_a = 0.5\n"
      "GROUP_QUOTA_DYNAMIC_b = 0.25\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 100);
  ASSERT_TRUE(pool.Cycle(allocator, 100).ok());
  EXPECT_EQ(QuotaOf(allocator, "a"), 40);
  EXPECT_EQ(QuotaOf(allocator, "b"), 20);
  EXPECT_EQ(QuotaOf(allocator, "c"), 20);
  EXPECT_EQ(QuotaOf(allocator, "<none>"), 20);
  EXPECT_EQ(ReportOf(allocator, "a").subtree_quota, 40);
  EXPECT_FALSE(ReportOf(allocator, "a").static_quota);
  EXPECT_EQ(ReportOf(allocator, "a").config_quota, 0.5);
}

TEST(GroupQuotaTest, DynamicFractionsAboveOneAreNormalised) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_DYNAMIC_a = 0.75\nGROUP_QUOTA_DYNAMIC_b = 0.75\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 30);
  ASSERT_TRUE(pool.Cycle(allocator, 30).ok());
  EXPECT_EQ(QuotaOf(allocator, "a"), 15);
  EXPECT_EQ(QuotaOf(allocator, "b"), 15);
  EXPECT_EQ(QuotaOf(allocator, "<none>"), 0);
}

TEST(GroupQuotaTest, SubgroupQuotasAndTheParentsOwnQuota) {
  const std::string groups =
      "GROUP_NAMES = a, b, c, a.x, a.y\n"
      "GROUP_QUOTA_c = 20\n"
      "GROUP_QUOTA_DYNAMIC_a = 0.5\n"
      "GROUP_QUOTA_DYNAMIC_b = 0.25\n"
      "GROUP_QUOTA_a.x = 10\n"
      "GROUP_QUOTA_DYNAMIC_a.y = 0.5\n";
  {
    auto policy = MakePolicy(groups);
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 100);
    ASSERT_TRUE(pool.Cycle(allocator, 100).ok());
    EXPECT_EQ(QuotaOf(allocator, "a.x"), 10);
    EXPECT_EQ(QuotaOf(allocator, "a.y"), 15);
    EXPECT_EQ(QuotaOf(allocator, "a"), 40);  // the whole amount under oversubscription
    EXPECT_EQ(QuotaOf(allocator, "<none>"), 20);
  }
  {
    auto policy = MakePolicy(groups + "NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION = False\n");
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 100);
    ASSERT_TRUE(pool.Cycle(allocator, 100).ok());
    EXPECT_EQ(QuotaOf(allocator, "a.x"), 10);
    EXPECT_EQ(QuotaOf(allocator, "a.y"), 15);
    EXPECT_EQ(QuotaOf(allocator, "a"), 15);  // what its children left
    EXPECT_EQ(ReportOf(allocator, "a").subtree_quota, 40);
  }
}

TEST(GroupQuotaTest, ZeroPoolLeavesEveryQuotaZero) {
  auto policy = MakePolicy("GROUP_NAMES = a\nGROUP_QUOTA_a = 5\nGROUP_ACCEPT_SURPLUS = True\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 0);
  pool.Jobs("a", 5);
  ASSERT_TRUE(pool.Cycle(allocator, 0).ok());
  EXPECT_EQ(QuotaOf(allocator, "a"), 0);
  EXPECT_EQ(QuotaOf(allocator, "<none>"), 0);
  EXPECT_TRUE(pool.calls().empty());  // nothing allocated, nobody negotiates
}

TEST(GroupQuotaTest, QuotaMapKeepsTheConfiguredSpelling) {
  auto policy = MakePolicy("GROUP_NAMES = Group_Physics\nGROUP_QUOTA_group_physics = 4\n");
  GroupQuotaAllocator allocator(policy);
  EXPECT_TRUE(allocator.quota_map().empty());
  FakePool pool(*policy, 10);
  ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
  ASSERT_EQ(allocator.quota_map().size(), 2u);
  EXPECT_EQ(QuotaOf(allocator, "Group_Physics"), 4);
  EXPECT_EQ(QuotaOf(allocator, "<none>"), 6);
  EXPECT_EQ(allocator.quota_map().count("group_physics"), 0u);
}

// -------------------------------------------------------- §2.4 surplus

TEST(GroupQuotaTest, SurplusGoesOnlyToGroupsThatAcceptIt) {
  const std::string groups =
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 5\nGROUP_QUOTA_b = 5\n"
      "GROUP_ACCEPT_SURPLUS_a = True\nGROUP_ACCEPT_SURPLUS_b = False\n";
  auto policy = MakePolicy(groups);
  {
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 10);
    pool.Jobs("a", 8);
    pool.Jobs("b", 2);
    ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
    // Each limit is the larger of allocation and quota: b may use its 5.
    EXPECT_EQ(pool.CallsOf(1), (Calls{"a:8", "b:5"}));
    EXPECT_EQ(pool.Usage("a"), 8);
    EXPECT_EQ(pool.Usage("b"), 2);
    EXPECT_EQ(ReportOf(allocator, "a").rounds[0].fairshare, 5);
    EXPECT_EQ(ReportOf(allocator, "a").rounds[0].surplus, 3);
    EXPECT_EQ(ReportOf(allocator, "a").rounds[0].allocated, 8);
  }
  {
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 10);
    pool.Jobs("a", 8);
    pool.Jobs("b", 8);
    ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
    EXPECT_EQ(pool.CallsOf(1), (Calls{"a:5", "b:5"}));
    EXPECT_EQ(pool.Usage("a"), 5);
    EXPECT_EQ(pool.Usage("b"), 5);
  }
  {
    // b's unused quota does not reach b's sibling when b has the demand
    // and a the room: surplus flows to a only.
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 10);
    pool.Jobs("a", 2);
    pool.Jobs("b", 8);
    ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
    EXPECT_EQ(pool.CallsOf(1), (Calls{"a:5", "b:5"}));
    EXPECT_EQ(pool.Usage("b"), 5);
  }
}

TEST(GroupQuotaTest, SurplusIsSharedByQuotaAndLimitsAreTruncated) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b, c\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_b = 20\nGROUP_QUOTA_c = 10\n"
      "GROUP_ACCEPT_SURPLUS = True\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 40);
  pool.Jobs("a", 30);
  pool.Jobs("b", 40);
  ASSERT_TRUE(pool.Cycle(allocator, 40).ok());
  const GroupQuotaRound& a1 = ReportOf(allocator, "a").rounds.at(0);
  const GroupQuotaRound& b1 = ReportOf(allocator, "b").rounds.at(0);
  // 10 × (10/30) and 10 × (20/30) in double, as HTCondor computes them.
  EXPECT_EQ(a1.allocated, 13.333333333333332);  // 40/3 is nearer 13.333333333333334
  EXPECT_EQ(b1.allocated, 26.666666666666664);
  EXPECT_EQ(a1.surplus, 13.333333333333332 - 10);
  EXPECT_EQ(a1.fairshare, 10);
  EXPECT_EQ(a1.limits, std::vector<int64_t>{13});
  EXPECT_EQ(b1.limits, std::vector<int64_t>{26});
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:13", "b:26"}));
  // 39 of 40 used: a second round; a and b are short of their
  // allocations, so their usage becomes their demand and nothing more is
  // handed out.
  EXPECT_EQ(allocator.summary().rounds, 2);
  EXPECT_TRUE(allocator.summary().satisfied);
  EXPECT_EQ(pool.CallsOf(2), (Calls{"a:13", "b:26"}));
  EXPECT_EQ(ReportOf(allocator, "a").rounds.at(1).requested, 13);  // its usage
  EXPECT_EQ(pool.Usage("a") + pool.Usage("b"), 39);
}

TEST(GroupQuotaTest, ZeroQuotaGroupsShareWhatQuotaGroupsLeave) {
  // z has no quota: it gets surplus only after the groups with a quota
  // have all they want, in equal shares.
  auto policy = MakePolicy(
      "GROUP_NAMES = a, z1, z2\nGROUP_QUOTA_a = 4\nGROUP_QUOTA_z1 = 0\nGROUP_QUOTA_z2 = 0\n"
      "GROUP_ACCEPT_SURPLUS = True\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 20);
  pool.Jobs("a", 6);
  pool.Jobs("z1", 20);
  pool.Jobs("z2", 3);
  ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
  EXPECT_EQ(ReportOf(allocator, "a").rounds[0].allocated, 6);
  // 14 left: z1 and z2 split 7/7, z2 takes only 3, z1 the other 4.
  EXPECT_EQ(ReportOf(allocator, "z2").rounds[0].allocated, 3);
  EXPECT_EQ(ReportOf(allocator, "z1").rounds[0].allocated, 11);
}

// ------------------------------------------------ acceptance scenario 2

const char kPhysics[] =
    "GROUP_NAMES = group_physics, group_physics.hep, group_physics.lep, group_chemistry\n"
    "GROUP_QUOTA_group_physics = 20\n"
    "GROUP_QUOTA_group_physics.hep = 15\n"
    "GROUP_QUOTA_group_physics.lep = 5\n"
    "GROUP_QUOTA_group_chemistry = 10\n";

TEST(GroupQuotaTest, ManualPhysicsAndChemistryOnThirtySlots) {
  auto policy = MakePolicy(kPhysics);
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 30);
  pool.Jobs("group_physics.hep", 100);
  pool.Jobs("group_physics.lep", 100);
  pool.Jobs("group_chemistry", 100);
  ASSERT_TRUE(pool.Cycle(allocator, 30).ok());
  EXPECT_EQ(pool.Usage("group_physics.hep"), 15);
  EXPECT_EQ(pool.Usage("group_physics.lep"), 5);
  EXPECT_EQ(pool.Usage("group_chemistry"), 10);
  EXPECT_EQ(QuotaOf(allocator, "group_physics"), 20);
  EXPECT_EQ(QuotaOf(allocator, "<none>"), 0);
  EXPECT_EQ(allocator.summary().rounds, 1);
}

TEST(GroupQuotaTest, SubgroupsAcceptingSurplusNeverExceedTheirNonAcceptingParent) {
  const std::string surplus = std::string(kPhysics) +
                              "GROUP_ACCEPT_SURPLUS = false\n"
                              "GROUP_ACCEPT_SURPLUS_group_physics = false\n"
                              "GROUP_ACCEPT_SURPLUS_group_physics.lep = true\n"
                              "GROUP_ACCEPT_SURPLUS_group_physics.hep = true\n";
  auto policy = MakePolicy(surplus);
  for (double lep_jobs : {0.0, 2.0, 100.0}) {
    SCOPED_TRACE(lep_jobs);
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 30);
    pool.Jobs("group_physics.hep", 100);
    pool.Jobs("group_physics.lep", lep_jobs);
    ASSERT_TRUE(pool.Cycle(allocator, 30).ok());  // chemistry idle: 10 slots spare
    // hep may pass its 15 (lep's unused quota), but hep + lep stop at 20:
    // strict enforcement caps them under the non-accepting parent.
    EXPECT_EQ(pool.Usage("group_physics.hep") + pool.Usage("group_physics.lep"), 20);
    EXPECT_GE(pool.Usage("group_physics.hep"), 15);
    EXPECT_EQ(pool.free(), 10);
  }
  // Without strict enforcement the allocation alone does not cap them:
  // physics' own quota (oversubscription) flows to its children as surplus.
  auto loose = MakePolicy(surplus + "NEGOTIATOR_STRICT_ENFORCE_QUOTA = False\n");
  GroupQuotaAllocator allocator(loose);
  FakePool pool(*loose, 30);
  pool.Jobs("group_physics.hep", 100);
  ASSERT_TRUE(pool.Cycle(allocator, 30).ok());
  EXPECT_EQ(pool.Usage("group_physics.hep"), 30);
}

TEST(GroupQuotaTest, StrictEnforcementUnderADynamicParentUsesItsSubtreeQuota) {
  auto policy = MakePolicy(
      "GROUP_NAMES = p, p.x, p.y\n"
      "GROUP_QUOTA_DYNAMIC_p = 0.5\n"
      "GROUP_QUOTA_p.x = 15\nGROUP_QUOTA_p.y = 5\n"
      "GROUP_ACCEPT_SURPLUS_p.x = True\nGROUP_ACCEPT_SURPLUS_p.y = True\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 40);
  pool.Jobs("p.x", 100);
  pool.Jobs("p.y", 100);
  ASSERT_TRUE(pool.Cycle(allocator, 40).ok());
  EXPECT_EQ(ReportOf(allocator, "p").subtree_quota, 20);
  EXPECT_EQ(pool.Usage("p.x") + pool.Usage("p.y"), 20);
}

TEST(GroupQuotaTest, StrictEnforcementUsesAStaticParentsUnscaledQuota) {
  // 15 slots without oversubscription scale p to 10 (x 7.5, y 2.5), but
  // strict enforcement measures p's subtree against its configured 20. x
  // already runs 12 (the pool was larger): y's headroom is 20 − 12 = 8, so
  // its 2.5 stands; measured against the scaled 10 it would be 0.
  auto policy = MakePolicy(
      "GROUP_NAMES = p, p.x, p.y, q\n"
      "GROUP_QUOTA_p = 20\nGROUP_QUOTA_q = 10\n"
      "GROUP_QUOTA_p.x = 15\nGROUP_QUOTA_p.y = 5\n"
      "NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION = False\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 15);
  pool.Jobs("p.x", 100, /*running=*/12);
  pool.Jobs("p.y", 100);
  ASSERT_TRUE(pool.Cycle(allocator, 15).ok());
  EXPECT_EQ(QuotaOf(allocator, "p"), 0);
  EXPECT_EQ(ReportOf(allocator, "p").subtree_quota, 10);
  EXPECT_EQ(QuotaOf(allocator, "p.x"), 7.5);
  EXPECT_EQ(QuotaOf(allocator, "p.y"), 2.5);
  EXPECT_EQ(QuotaOf(allocator, "q"), 5);
  // y first (0 of 2.5 used), then x (over its quota: negotiates for 7.5).
  EXPECT_EQ(pool.CallsOf(1), (Calls{"p.y:2", "p.x:7"}));
  EXPECT_EQ(pool.Usage("p.y"), 2);
}

TEST(GroupQuotaTest, SurplusReachesSubgroupsThroughAnAcceptingParent) {
  // q's unused 5 go to p (it accepts), then to x and y by their quotas:
  // 11.25 and 3.75, truncated to 11 and 3.
  auto policy = MakePolicy(
      "GROUP_NAMES = p, p.x, p.y, q\n"
      "GROUP_QUOTA_p = 20\nGROUP_QUOTA_q = 10\n"
      "GROUP_QUOTA_p.x = 15\nGROUP_QUOTA_p.y = 5\n"
      "GROUP_ACCEPT_SURPLUS = True\n"
      "GROUP_ACCEPT_SURPLUS_q = False\n"
      "NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION = False\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 15);
  pool.Jobs("p.x", 100);
  pool.Jobs("p.y", 100);
  ASSERT_TRUE(pool.Cycle(allocator, 15).ok());
  EXPECT_EQ(ReportOf(allocator, "p.x").rounds[0].allocated, 11.25);
  EXPECT_EQ(ReportOf(allocator, "p.y").rounds[0].allocated, 3.75);
  EXPECT_EQ(ReportOf(allocator, "p.x").rounds[0].surplus, 3.75);
  EXPECT_EQ(pool.CallsOf(1), (Calls{"p.x:11", "p.y:3"}));
}

TEST(GroupQuotaTest, FifteenSlotsWithoutOversubscriptionScaleQuotasDown) {
  auto policy = MakePolicy(std::string(kPhysics) + "NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION = False\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 15);
  pool.Jobs("group_physics.hep", 100);
  pool.Jobs("group_physics.lep", 100);
  pool.Jobs("group_chemistry", 100);
  ASSERT_TRUE(pool.Cycle(allocator, 15).ok());
  EXPECT_EQ(QuotaOf(allocator, "group_physics"), 0);  // what hep and lep leave of its 10
  EXPECT_EQ(ReportOf(allocator, "group_physics").subtree_quota, 10);
  EXPECT_EQ(QuotaOf(allocator, "group_chemistry"), 5);
  EXPECT_EQ(QuotaOf(allocator, "group_physics.hep"), 7.5);
  EXPECT_EQ(QuotaOf(allocator, "group_physics.lep"), 2.5);
  EXPECT_EQ(pool.CallsOf(1), (Calls{"group_chemistry:5", "group_physics.hep:7", "group_physics.lep:2"}));
}

TEST(GroupQuotaTest, DynamicQuotasGiveTheStaticAllocationOnThirtySlots) {
  // 0.66 / 0.33 of 30 is 19.8 / 9.9; the pool's last 0.3 goes to physics
  // and chemistry as surplus by quota (2:1), making 20 / 10.
  auto flat = MakePolicy(
      "GROUP_NAMES = group_physics, group_chemistry\n"
      "GROUP_QUOTA_DYNAMIC_group_chemistry = 0.33\n"
      "GROUP_QUOTA_DYNAMIC_group_physics = 0.66\n"
      "GROUP_ACCEPT_SURPLUS = True\n");
  {
    GroupQuotaAllocator allocator(flat);
    FakePool pool(*flat, 30);
    pool.Jobs("group_physics", 100);
    pool.Jobs("group_chemistry", 100);
    ASSERT_TRUE(pool.Cycle(allocator, 30).ok());
    EXPECT_EQ(QuotaOf(allocator, "group_physics"), 19.8);
    EXPECT_EQ(QuotaOf(allocator, "group_chemistry"), 9.9);
    EXPECT_EQ(ReportOf(allocator, "group_physics").rounds[0].allocated, 20);
    EXPECT_EQ(ReportOf(allocator, "group_chemistry").rounds[0].allocated, 10);
    EXPECT_EQ(pool.Usage("group_physics"), 20);
    EXPECT_EQ(pool.Usage("group_chemistry"), 10);
  }
  // 0.75 / 0.25 of physics' 20 is hep 15 and lep 5, the static quotas.
  auto nested = MakePolicy(
      "GROUP_NAMES = group_physics, group_physics.hep, group_physics.lep, group_chemistry\n"
      "GROUP_QUOTA_group_physics = 20\n"
      "GROUP_QUOTA_group_chemistry = 10\n"
      "GROUP_QUOTA_DYNAMIC_group_physics.hep = 0.75\n"
      "GROUP_QUOTA_DYNAMIC_group_physics.lep = 0.25\n");
  {
    GroupQuotaAllocator allocator(nested);
    FakePool pool(*nested, 30);
    pool.Jobs("group_physics.hep", 100);
    pool.Jobs("group_physics.lep", 100);
    pool.Jobs("group_chemistry", 100);
    ASSERT_TRUE(pool.Cycle(allocator, 30).ok());
    EXPECT_EQ(QuotaOf(allocator, "group_physics.hep"), 15);
    EXPECT_EQ(QuotaOf(allocator, "group_physics.lep"), 5);
    EXPECT_EQ(pool.Usage("group_physics.hep"), 15);
    EXPECT_EQ(pool.Usage("group_physics.lep"), 5);
    EXPECT_EQ(pool.Usage("group_chemistry"), 10);
  }
  // The manual's own dynamic example (0.66667 / 0.33334, then 0.75 /
  // 0.25) sums above 1, so it is normalised: hep gets 14.99992…, which
  // HTCondor truncates to 14 (lep 4, chemistry 10); two slots stay idle.
  auto manual = MakePolicy(
      "GROUP_NAMES = group_physics, group_physics.hep, group_physics.lep, group_chemistry\n"
      "GROUP_QUOTA_DYNAMIC_group_chemistry = 0.33334\n"
      "GROUP_QUOTA_DYNAMIC_group_physics = 0.66667\n"
      "GROUP_QUOTA_DYNAMIC_group_physics.hep = 0.75\n"
      "GROUP_QUOTA_DYNAMIC_group_physics.lep = 0.25\n");
  {
    GroupQuotaAllocator allocator(manual);
    FakePool pool(*manual, 30);
    pool.Jobs("group_physics.hep", 100);
    pool.Jobs("group_physics.lep", 100);
    pool.Jobs("group_chemistry", 100);
    ASSERT_TRUE(pool.Cycle(allocator, 30).ok());
    EXPECT_EQ(pool.CallsOf(1), (Calls{"group_chemistry:10", "group_physics.hep:14", "group_physics.lep:4"}));
    EXPECT_DOUBLE_EQ(QuotaOf(allocator, "group_physics.hep"), 0.75 * 30 * 0.66667 / 1.00001);
  }
}

// ------------------------------------------------- HTCondor's doubles

TEST(GroupQuotaTest, DynamicQuotaOf29PercentOf100SlotsIsALimitOf28) {
  // 0.29 × (100 / 1) is 28.999999999999996 in double, and HTCondor's int
  // conversion truncates it: the limit is 28, as in HTCondor. A note says
  // why it is not 29.
  auto policy = MakePolicy("GROUP_NAMES = a\nGROUP_QUOTA_DYNAMIC_a = 0.29\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 100);
  pool.Jobs("a", 50);
  ASSERT_TRUE(pool.Cycle(allocator, 100).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:28"}));
  EXPECT_EQ(QuotaOf(allocator, "a"), 28.999999999999996);
  EXPECT_EQ(QuotaOf(allocator, "<none>"), 100 - 28.999999999999996);
  EXPECT_EQ(ReportOf(allocator, "a").notes,
            std::vector<std::string>{"GROUP_QUOTA_DYNAMIC_a = 0.29: the limit works out to 28.999999999999996 in "
                                     "HTCondor's double arithmetic, a rounding error below 29, so the group's "
                                     "limit is 28, not 29"});
  EXPECT_TRUE(ReportOf(allocator, "<none>").notes.empty());
}

TEST(GroupQuotaTest, SurplusSharedInThirdsKeepsHTCondorsRoundingErrors) {
  // c's unused 7 slots go to a and b by their quotas 1 : 2, as
  // surplus × (N / Z): 7 × (1/3) and 7 × (2/3) in double, not 7/3 and 14/3.
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b, c\nGROUP_QUOTA_a = 1\nGROUP_QUOTA_b = 2\nGROUP_QUOTA_c = 7\n"
      "GROUP_ACCEPT_SURPLUS = True\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 10);
  pool.Jobs("a", 10);
  pool.Jobs("b", 10);
  ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
  const GroupQuotaRound& a = ReportOf(allocator, "a").rounds.at(0);
  const GroupQuotaRound& b = ReportOf(allocator, "b").rounds.at(0);
  EXPECT_EQ(a.allocated, 3.333333333333333);  // exactly 10/3 would be 3.3333333333333335
  EXPECT_EQ(b.allocated, 6.666666666666666);  // 20/3: 6.666666666666667
  EXPECT_EQ(a.surplus, 7 * (1.0 / 3));
  EXPECT_EQ(b.surplus, 7 * (2.0 / 3));
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:3", "b:6"}));
}

TEST(GroupQuotaTest, RemaindersInThirdsLoseTheSlotHTCondorLoses) {
  // The same with slot weights off: 3.333333333333333 and 6.666666666666666
  // floored leave fractions that add up to 0.9999999999999991, less than
  // one slot, so round robin hands nothing out: b's limit is 6 where exact
  // thirds would make it 7, and one slot stays idle, as in HTCondor.
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b, c\nGROUP_QUOTA_a = 1\nGROUP_QUOTA_b = 2\nGROUP_QUOTA_c = 7\n"
      "GROUP_ACCEPT_SURPLUS = True\nNEGOTIATOR_USE_SLOT_WEIGHTS = False\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 10);
  pool.Jobs("a", 10);
  pool.Jobs("b", 10);
  ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:3", "b:6"}));
  EXPECT_EQ(ReportOf(allocator, "a").rounds.at(0).allocated, 3);
  EXPECT_EQ(ReportOf(allocator, "b").rounds.at(0).allocated, 6);
  EXPECT_EQ(allocator.summary().surplus_left, 0.9999999999999991);
  EXPECT_EQ(ReportOf(allocator, "<none>").notes,
            std::vector<std::string>{"the fractional remainders left over work out to 0.9999999999999991 in "
                                     "HTCondor's double arithmetic, a rounding error below 1, so round robin "
                                     "hands out 0 more slots, not 1, though groups accepting surplus still "
                                     "want them"});
  EXPECT_EQ(pool.free(), 1);
}

TEST(GroupQuotaTest, TenthsOfTenSlotsShareSurplusAndRemaindersInDouble) {
  // Dynamic 0.1, 0.2 and 0.7 of 10 slots: quotas 1, 2 and 7 (each product
  // rounds to the whole number). Each group wants 5: c leaves 2, which a
  // and b share 1 : 2 as 2 × (1/3) and 2 × (2/3).
  const std::string groups =
      "GROUP_NAMES = a, b, c\nGROUP_QUOTA_DYNAMIC_a = 0.1\nGROUP_QUOTA_DYNAMIC_b = 0.2\n"
      "GROUP_QUOTA_DYNAMIC_c = 0.7\nGROUP_ACCEPT_SURPLUS = True\n";
  {
    auto policy = MakePolicy(groups);
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 10);
    for (const char* g : {"a", "b", "c"}) pool.Jobs(g, 5);
    ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
    EXPECT_EQ(QuotaOf(allocator, "a"), 1);
    EXPECT_EQ(QuotaOf(allocator, "b"), 2);
    EXPECT_EQ(QuotaOf(allocator, "c"), 7);
    EXPECT_EQ(ReportOf(allocator, "a").rounds.at(0).allocated, 1.6666666666666665);  // 5/3: ...667
    EXPECT_EQ(ReportOf(allocator, "b").rounds.at(0).allocated, 3.333333333333333);   // 10/3: ...335
    // c's limit is its quota, max(allocated, quota).
    EXPECT_EQ(pool.CallsOf(1), (Calls{"a:1", "b:3", "c:7"}));
  }
  {
    // With slot weights off the fractions make 0.9999999999999996: b does
    // not get the fourth slot that exact thirds would give it.
    auto policy = MakePolicy(groups + "NEGOTIATOR_USE_SLOT_WEIGHTS = False\n");
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 10);
    for (const char* g : {"a", "b", "c"}) pool.Jobs(g, 5);
    ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
    EXPECT_EQ(pool.CallsOf(1), (Calls{"a:1", "b:3", "c:7"}));
    EXPECT_EQ(allocator.summary().surplus_left, 0.9999999999999996);
    EXPECT_EQ(ReportOf(allocator, "<none>").notes.size(), 1u);
  }
}

TEST(GroupQuotaTest, ThreeTenthsAndSevenTenthsOfElevenSlots) {
  // 0.7 × (11 / 1) is 7.699999999999999: b's quota is a hair under 7.7,
  // and with slot weights off the remainders 0.3 and 0.7 add up to less
  // than one slot; b gets 7 where the decimals would give it 8.
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_DYNAMIC_a = 0.3\nGROUP_QUOTA_DYNAMIC_b = 0.7\n"
      "GROUP_ACCEPT_SURPLUS = True\nNEGOTIATOR_USE_SLOT_WEIGHTS = False\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 11);
  pool.Jobs("a", 5);
  pool.Jobs("b", 50);
  ASSERT_TRUE(pool.Cycle(allocator, 11).ok());
  EXPECT_EQ(QuotaOf(allocator, "a"), 3.3);
  EXPECT_EQ(QuotaOf(allocator, "b"), 7.699999999999999);
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:3", "b:7"}));
  EXPECT_EQ(allocator.summary().surplus_left, 0.9999999999999991);
}

// ------------------------------------------------------ remainders

TEST(GroupQuotaTest, RemaindersGoByRoundRobinWhenSlotWeightsAreOff) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b, c\nGROUP_QUOTA_a = 2\nGROUP_QUOTA_b = 6\nGROUP_QUOTA_c = 2\n"
      "GROUP_ACCEPT_SURPLUS = True\nNEGOTIATOR_USE_SLOT_WEIGHTS = False\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 10);
  pool.Jobs("a", 30);
  pool.Jobs("b", 40);
  ASSERT_TRUE(pool.Cycle(allocator, 10, /*now=*/1000).ok());
  // c's 2 slots shared 2 : 6 make 2.5 and 7.5, floored to 2 and 7; the
  // halves make one slot, which round robin gives to b (same time, larger
  // quota).
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:2", "b:8"}));
  EXPECT_EQ(ReportOf(allocator, "b").rounds[0].remainder, 0.5);
  EXPECT_EQ(ReportOf(allocator, "a").rounds[0].remainder, -0.5);
  EXPECT_EQ(allocator.summary().rounds, 1);  // 10 of 10 used
  // b was served by round robin: its time is now; a waits.
  EXPECT_EQ(allocator.round_robin_time(pool.Index("b")), 1000);
  EXPECT_EQ(allocator.round_robin_time(pool.Index("a")), 0);
  EXPECT_EQ(allocator.round_robin_time(pool.Index("c")), 1000);  // nothing requested

  // Next cycle, the same demand afresh: a, served longest ago, gets it.
  pool.Drain();
  pool.ClearCalls();
  ASSERT_TRUE(pool.Cycle(allocator, 10, /*now=*/2000).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:3", "b:7"}));
  EXPECT_EQ(allocator.round_robin_time(pool.Index("a")), 2000);
  EXPECT_EQ(allocator.round_robin_time(pool.Index("b")), 1000);
}

TEST(GroupQuotaTest, RemaindersOfThirdsOfFortySlotsAreLostAsInHTCondor) {
  // The reference's example (§2.4) with slot weights off: 13.333333333333332
  // and 26.666666666666664 floored leave fractions that add up to
  // 0.9999999999999964 in double, so round robin has no whole slot to
  // give: the limits are 13 and 26 (exact thirds would give b 27).
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b, c\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_b = 20\nGROUP_QUOTA_c = 10\n"
      "GROUP_ACCEPT_SURPLUS = True\nNEGOTIATOR_USE_SLOT_WEIGHTS = False\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 40);
  pool.Jobs("a", 30);
  pool.Jobs("b", 40);
  ASSERT_TRUE(pool.Cycle(allocator, 40, /*now=*/1000).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:13", "b:26"}));
  EXPECT_EQ(ReportOf(allocator, "a").rounds[0].remainder, 13 - 13.333333333333332);
  EXPECT_EQ(ReportOf(allocator, "b").rounds[0].remainder, 26 - 26.666666666666664);
  EXPECT_EQ(allocator.summary().surplus_left, 0.9999999999999964);
  EXPECT_EQ(allocator.round_robin_time(pool.Index("a")), 0);  // nobody was served
  EXPECT_EQ(allocator.round_robin_time(pool.Index("b")), 0);
  EXPECT_EQ(ReportOf(allocator, "<none>").notes.size(), 1u);
}

TEST(GroupQuotaTest, RemaindersAreLostWithoutAcceptingGroups) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_DYNAMIC_a = 0.5\nGROUP_QUOTA_DYNAMIC_b = 0.5\n"
      "NEGOTIATOR_USE_SLOT_WEIGHTS = False\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 9);
  pool.Jobs("a", 9);
  pool.Jobs("b", 9);
  ASSERT_TRUE(pool.Cycle(allocator, 9).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:4", "b:4"}));
  EXPECT_EQ(allocator.summary().surplus_left, 1);
}

TEST(GroupQuotaTest, FractionalDemandIsRoundedWithSlotWeightsOff) {
  // Demands of 2.5: allocations floored to 2, the halves make one slot of
  // surplus, and round_for_precision rounds each leftover demand of 0.5 up
  // to 1, so round robin hands a a whole slot: 3, more than it asked for.
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_b = 10\n"
      "GROUP_ACCEPT_SURPLUS = True\nNEGOTIATOR_USE_SLOT_WEIGHTS = False\n");
  GroupQuotaAllocator allocator(policy);
  std::vector<GroupDemand> demand(3);
  demand[1].requested = 2.5;
  demand[2].requested = 2.5;
  ASSERT_TRUE(allocator.NegotiateAllGroups(20, demand, 0, [](const GroupNegotiation&) {}, [](int) { return 0.0; })
                  .ok());
  EXPECT_EQ(ReportOf(allocator, "a").rounds[0].allocated, 3);
  EXPECT_EQ(ReportOf(allocator, "a").rounds[0].remainder, 0.5);
  EXPECT_EQ(ReportOf(allocator, "b").rounds[0].allocated, 2);
  EXPECT_EQ(ReportOf(allocator, "b").rounds[0].remainder, -0.5);
}

// -------------------------------------------------------- autoregroup

TEST(GroupQuotaTest, AutoregroupRootNegotiatesLastAndUnlimited) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 5\nGROUP_QUOTA_b = 5\nGROUP_AUTOREGROUP = True\n"
      // A sort expression that would put the root first.
      "GROUP_SORT_EXPR = ifThenElse(AccountingGroup =?= \"<none>\", -1, GroupResourcesInUse)\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 20);
  pool.Jobs("a", 15);
  pool.Jobs("b", 2);
  ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
  // a past its quota gets more only in the root's turn, last.
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:5", "b:5", "<none>:20*"}));
  EXPECT_EQ(pool.Usage("a"), 15);
  EXPECT_EQ(pool.Usage("b"), 2);
  EXPECT_EQ(QuotaOf(allocator, "<none>"), 20);  // the whole pool
  // And what the report (HTCondor's EffectiveQuota) says, not the rest
  // the groups left (10) before the rounds.
  EXPECT_EQ(ReportOf(allocator, "<none>").quota, 20);
  EXPECT_TRUE(ReportOf(allocator, "<none>").has_submitters);
  EXPECT_EQ(ReportOf(allocator, "<none>").rounds[0].sort_key, -1);
  // The root's allocation is the pool, so usage never covers Σ allocated:
  // every round runs.
  EXPECT_EQ(allocator.summary().rounds, 3);
  EXPECT_FALSE(allocator.summary().satisfied);
}

TEST(GroupQuotaTest, WithoutAutoregroupTheRootIsAnOrdinaryGroup) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a\nGROUP_QUOTA_a = 5\n"
      "GROUP_SORT_EXPR = ifThenElse(AccountingGroup =?= \"<none>\", -1, 0)\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 20);
  pool.Jobs("a", 15);
  pool.Jobs("<none>", 30);
  ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"<none>:15", "a:5"}));
}

TEST(GroupQuotaTest, AutoregroupRootWithoutSubmittersIsSkipped) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 5\nGROUP_QUOTA_b = 5\nGROUP_AUTOREGROUP_b = True\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 20);
  pool.Jobs("a", 15);  // a does not autoregroup
  ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:5"}));
  EXPECT_FALSE(ReportOf(allocator, "<none>").has_submitters);
}

// ------------------------------------------------------ GROUP_SORT_EXPR

TEST(GroupQuotaTest, SortExpressionDecidesWhoGetsTheLastSlots) {
  const std::string groups =
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_b = 10\n";
  {
    // Starvation order: b (0 of 10 used) before a (2 of 10).
    auto policy = MakePolicy(groups);
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 10);
    pool.Jobs("a", 10, /*running=*/2);
    pool.Jobs("b", 10);
    ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
    EXPECT_EQ(pool.CallsOf(1), (Calls{"b:10", "a:10"}));
    EXPECT_EQ(pool.Usage("b"), 8);
    EXPECT_EQ(pool.Usage("a"), 2);
    EXPECT_DOUBLE_EQ(ReportOf(allocator, "a").rounds[0].sort_key, 0.2);
    EXPECT_DOUBLE_EQ(ReportOf(allocator, "<none>").rounds[0].sort_key, 3.4e38);
  }
  {
    // The biggest user first.
    auto policy = MakePolicy(groups + "GROUP_SORT_EXPR = -GroupResourcesInUse\n");
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 10);
    pool.Jobs("a", 10, /*running=*/2);
    pool.Jobs("b", 10);
    ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
    EXPECT_EQ(pool.CallsOf(1), (Calls{"a:10", "b:10"}));
    EXPECT_EQ(pool.Usage("a"), 10);
    EXPECT_EQ(pool.Usage("b"), 0);
  }
}

TEST(GroupQuotaTest, SortAdNumbersAreRealsAndTiesKeepTreeOrder) {
  // GroupResourcesAllocated / 4 divides as reals: 10/4 = 2.5 and 9/4 = 2.25
  // (integers would tie at 2 and keep the tree order).
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b, c\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_b = 9\nGROUP_QUOTA_c = 9\n"
      "GROUP_SORT_EXPR = GroupResourcesAllocated / 4\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 28);
  pool.Jobs("a", 10);
  pool.Jobs("b", 9);
  pool.Jobs("c", 9);
  ASSERT_TRUE(pool.Cycle(allocator, 28).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"b:9", "c:9", "a:10"}));
  EXPECT_EQ(ReportOf(allocator, "b").rounds[0].sort_key, 2.25);
  EXPECT_EQ(ReportOf(allocator, "a").sort_key, 2.5);
}

// HTCondor orders the groups with std::sort over its breadth-first list
// (hgq_negotiate_with_all_groups): up to 16 groups that tie keep that
// order (insertion sort), beyond it introsort places them otherwise. With
// the root and 20 groups tied, a g++-built negotiator goes g10 first, then
// g20 down to g11, then g09 down to g01 (the order libstdc++'s std::sort
// gives 21 equal elements).
TEST(GroupQuotaTest, TiesAreOrderedAsHTCondorsStdSortOrdersThem) {
  std::string config = "GROUP_SORT_EXPR = 0\nGROUP_NAMES =";
  for (int g = 1; g <= 20; ++g) config += (g < 10 ? " g0" : " g") + std::to_string(g);
  config += "\n";
  for (int g = 1; g <= 20; ++g) {
    config += std::string("GROUP_QUOTA_g") + (g < 10 ? "0" : "") + std::to_string(g) + " = 1\n";
  }
  auto policy = MakePolicy(config);
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 20);
  for (int g = 1; g <= 20; ++g) pool.Jobs(std::string("g") + (g < 10 ? "0" : "") + std::to_string(g), 1);
  ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
  Calls expected = {"g10:1"};
  for (int g = 20; g >= 11; --g) expected.push_back("g" + std::to_string(g) + ":1");
  for (int g = 9; g >= 1; --g) expected.push_back("g0" + std::to_string(g) + ":1");
  EXPECT_EQ(pool.CallsOf(1), expected);
}

TEST(GroupQuotaTest, SortKeyThatIsNotANumberSortsLast) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 5\nGROUP_QUOTA_b = 5\n"
      "GROUP_SORT_EXPR = ifThenElse(AccountingGroup == \"a\", \"first\", 1)\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 10);
  pool.Jobs("a", 5);
  pool.Jobs("b", 5);
  ASSERT_TRUE(pool.Cycle(allocator, 10, /*now=*/77).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"b:5", "a:5"}));
  EXPECT_EQ(ReportOf(allocator, "a").sort_key, FLT_MAX);
  EXPECT_TRUE(ReportOf(allocator, "a").rounds[0].sort_key_failed);
  EXPECT_FALSE(ReportOf(allocator, "b").rounds[0].sort_key_failed);
  ASSERT_FALSE(allocator.summary().notes.empty());
  EXPECT_NE(allocator.summary().notes[0].find("\"a\""), std::string::npos);
}

TEST(GroupQuotaTest, BooleanSortKeyCountsAsOneOrZero) {
  // HTCondor's LookupFloat takes a boolean as 1.0 / 0.0: a (true, 1)
  // after b (false, 0).
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 5\nGROUP_QUOTA_b = 5\n"
      "GROUP_SORT_EXPR = AccountingGroup == \"a\"\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 10);
  pool.Jobs("a", 5);
  pool.Jobs("b", 5);
  ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"b:5", "a:5"}));
  EXPECT_EQ(ReportOf(allocator, "a").sort_key, 1.0);
  EXPECT_FALSE(ReportOf(allocator, "a").rounds[0].sort_key_failed);
  EXPECT_EQ(ReportOf(allocator, "b").sort_key, 0.0);
}

TEST(GroupQuotaTest, SortExpressionSeesTheCyclesTime) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 5\nGROUP_QUOTA_b = 5\n"
      "GROUP_SORT_EXPR = ifThenElse(AccountingGroup == \"a\", time() - 100, 0)\n");
  for (int64_t now : {50, 150}) {
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 10);
    pool.Jobs("a", 5);
    pool.Jobs("b", 5);
    ASSERT_TRUE(pool.Cycle(allocator, 10, now).ok());
    EXPECT_EQ(pool.CallsOf(1), now < 100 ? (Calls{"a:5", "b:5"}) : (Calls{"b:5", "a:5"}));
  }
}

// ------------------------------------------------ the allocation rounds

TEST(GroupQuotaTest, UnusedAllocationGoesToOthersInTheNextRound) {
  const std::string groups =
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_b = 10\nGROUP_ACCEPT_SURPLUS = True\n";
  {
    auto policy = MakePolicy(groups);
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 20);
    pool.Jobs("a", 10);
    pool.Matchable("a", 4);  // only 4 of a's jobs match any slot
    pool.Jobs("b", 20);
    ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
    EXPECT_EQ(pool.CallsOf(1), (Calls{"a:10", "b:10"}));
    // a got 4 of 10: its demand becomes 4, and b gets the other 6.
    EXPECT_EQ(pool.CallsOf(2), (Calls{"a:10", "b:16"}));  // a: its quota still
    EXPECT_EQ(pool.Usage("b"), 16);
    EXPECT_EQ(allocator.summary().rounds, 2);
    EXPECT_TRUE(allocator.summary().satisfied);
    EXPECT_EQ(ReportOf(allocator, "a").rounds.at(1).requested, 4);
    EXPECT_EQ(ReportOf(allocator, "b").rounds.at(1).requested, 20);
    EXPECT_EQ(ReportOf(allocator, "a").rounds.at(0).usage_after, 4);
  }
  {
    auto policy = MakePolicy(groups + "GROUP_QUOTA_MAX_ALLOCATION_ROUNDS = 1\n");
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 20);
    pool.Jobs("a", 10);
    pool.Matchable("a", 4);
    pool.Jobs("b", 20);
    ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
    EXPECT_EQ(pool.Usage("b"), 10);
    EXPECT_EQ(allocator.summary().rounds, 1);
    EXPECT_FALSE(allocator.summary().satisfied);
  }
}

TEST(GroupQuotaTest, NoRoomAnywhereGivesLimitIntMin) {
  // Round 2: a's demand fell to its usage (4) and b has all it wants, so
  // no group is below its target (maxdelta = 0), yet a is below its quota
  // of 10. HTCondor computes 4 + 6 × 0/0, NaN, and its conversion to int
  // gives INT_MIN on x86-64: a has no room. A note says so.
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_b = 10\nGROUP_ACCEPT_SURPLUS = True\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 20);
  pool.Jobs("a", 10);
  pool.Matchable("a", 4);
  pool.Jobs("b", 10);
  ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:10", "b:10"}));
  EXPECT_EQ(pool.CallsOf(2), (Calls{"a:" + std::to_string(INT_MIN), "b:10"}));
  EXPECT_EQ(pool.Usage("a"), 4);
  EXPECT_EQ(ReportOf(allocator, "a").rounds.at(1).limits, std::vector<int64_t>{INT_MIN});
  EXPECT_EQ(ReportOf(allocator, "a").notes,
            std::vector<std::string>{"no group was below its target (maxdelta = 0) while this one was below "
                                     "max(allocated, quota) = 10: HTCondor's limit is its usage + 6 × 0/0, NaN, "
                                     "which reaches negotiateWithGroup as INT_MIN (x86-64, g++): the group has "
                                     "no room"});
  EXPECT_TRUE(ReportOf(allocator, "b").notes.empty());
}

TEST(GroupQuotaTest, RoundsStopAtTheConfiguredMaximum) {
  // Nothing ever matches: usage never covers the allocation. The first
  // round allocates 10; the second allocates the usage (0), which is met.
  auto policy = MakePolicy("GROUP_NAMES = a\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_MAX_ALLOCATION_ROUNDS = 5\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 20);
  pool.Jobs("a", 10);
  pool.Matchable("a", 0);
  ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
  EXPECT_EQ(allocator.summary().rounds, 2);
  EXPECT_EQ(pool.CallsOf(2), Calls{});  // nothing allocated: a is skipped
  // Under autoregroup the root's allocation is the pool: all 5 rounds run.
  auto regroup = MakePolicy(
      "GROUP_NAMES = a\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_MAX_ALLOCATION_ROUNDS = 5\nGROUP_AUTOREGROUP = True\n");
  GroupQuotaAllocator regrouping(regroup);
  FakePool pool2(*regroup, 20);
  pool2.Jobs("a", 10);
  pool2.Matchable("a", 0);
  ASSERT_TRUE(pool2.Cycle(regrouping, 20).ok());
  EXPECT_EQ(regrouping.summary().rounds, 5);
}

TEST(GroupQuotaTest, GroupsAreSkippedWithoutAllocationSubmittersOrRoom) {
  const std::string groups =
      "GROUP_NAMES = a, b, c\nGROUP_QUOTA_a = 5\nGROUP_QUOTA_b = 5\nGROUP_QUOTA_c = 0\n";
  for (bool preemption : {true, false}) {
    SCOPED_TRACE(preemption);
    auto policy = MakePolicy(groups + (preemption ? "" : "NEGOTIATOR_CONSIDER_PREEMPTION = False\n"));
    GroupQuotaAllocator allocator(policy);
    FakePool pool(*policy, 20);
    pool.Jobs("a", 5, /*running=*/5);  // at its allocation already
    pool.Jobs("c", 5);                 // no quota, nobody accepts surplus: no allocation
    // b: no submitters. The root: no submitters.
    ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
    // With preemption on a group at its allocation still negotiates (to
    // preempt by rank or priority); with it off, it is skipped.
    EXPECT_EQ(pool.CallsOf(1), preemption ? Calls{"a:5"} : Calls{});
  }
}

// ------------------------------------------------- round-robin rate

TEST(GroupQuotaTest, SmallRoundRobinRateHandsOutLimitsInSteps) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a, b\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_b = 10\n"
      "GROUP_QUOTA_ROUND_ROBIN_RATE = 4\nGROUP_ACCEPT_SURPLUS = True\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 20);
  pool.Jobs("a", 10);
  pool.Jobs("b", 10, /*running=*/3);
  ASSERT_TRUE(pool.Cycle(allocator, 20).ok());
  // maxdelta = 10 (a's); n = 4, 8, 10: a moves 0 → 4 → 8 → 10, b from 3 by
  // 7·n/10: 5.8, 8.6, 10 (truncated).
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:4", "b:5", "a:8", "b:8", "a:10", "b:10"}));
  std::vector<int> passes;
  for (const GroupNegotiation& c : pool.calls()) passes.push_back(c.pass);
  EXPECT_EQ(passes, (std::vector<int>{1, 1, 2, 2, 3, 3}));
  EXPECT_EQ(ReportOf(allocator, "b").rounds[0].limits, (std::vector<int64_t>{5, 8, 10}));
  EXPECT_EQ(pool.Usage("a"), 10);
  EXPECT_EQ(pool.Usage("b"), 10);
}

TEST(GroupQuotaTest, SteppedLimitsMeetStrictEnforcementAsInHTCondor) {
  // a does not accept surplus, so strict enforcement caps each pass: the
  // headroom is measured with the usage now (config 10 − usage) but added
  // to the usage at the round's start (0), as HTCondor's
  // strict_enforce_quota does. Pass 2 (n = 8) gets 0 + min(8, 10 − 4) = 6,
  // pass 3 (n = 10) gets min(10, 10 − 6) = 4: a stops at 6 in round 1.
  auto policy = MakePolicy("GROUP_NAMES = a\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_ROUND_ROBIN_RATE = 4\n");
  GroupQuotaAllocator allocator(policy);
  FakePool pool(*policy, 10);
  pool.Jobs("a", 10);
  ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:4", "a:6", "a:4"}));
  EXPECT_EQ(ReportOf(allocator, "a").rounds.at(0).usage_after, 6);
  // Round 2 starts from usage 6 (its demand now): maxdelta 4, one pass,
  // and the limit is the quota again.
  EXPECT_EQ(pool.CallsOf(2), (Calls{"a:10"}));
  EXPECT_EQ(pool.Usage("a"), 10);
  EXPECT_EQ(allocator.summary().rounds, 2);
}

TEST(GroupQuotaTest, RoundRobinPassesAreBounded) {
  auto policy = MakePolicy(
      "GROUP_NAMES = a\nGROUP_QUOTA_a = 10\nGROUP_QUOTA_ROUND_ROBIN_RATE = 1\nGROUP_ACCEPT_SURPLUS = True\n");
  GroupQuotaAllocator::Options options;
  options.max_round_robin_passes = 2;
  GroupQuotaAllocator allocator(policy, options);
  FakePool pool(*policy, 10);
  pool.Jobs("a", 10);
  ASSERT_TRUE(pool.Cycle(allocator, 10).ok());
  EXPECT_EQ(pool.CallsOf(1), (Calls{"a:5", "a:10"}));
  ASSERT_EQ(allocator.summary().notes.size(), 1u);
  EXPECT_NE(allocator.summary().notes[0].find("GROUP_QUOTA_ROUND_ROBIN_RATE"), std::string::npos);
}

// ----------------------------------------------------------- bad input

TEST(GroupQuotaTest, BadInputIsRefusedBeforeAnyCall) {
  auto policy = MakePolicy("GROUP_NAMES = a\nGROUP_QUOTA_a = 10\n");
  GroupQuotaAllocator allocator(policy);
  int calls = 0;
  auto negotiate = [&](const GroupNegotiation&) { ++calls; };
  auto usage = [](int) { return 0.0; };
  std::vector<GroupDemand> demand(2);
  demand[1].requested = 5;
  demand[1].has_submitters = true;

  classad::Status s = allocator.NegotiateAllGroups(10, std::vector<GroupDemand>(3), 0, negotiate, usage);
  EXPECT_EQ(s.code(), classad::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("3 entries for 2 groups"), std::string::npos) << s.message();

  std::vector<GroupDemand> bad = demand;
  bad[1].requested = NAN;
  s = allocator.NegotiateAllGroups(10, bad, 0, negotiate, usage);
  EXPECT_EQ(s.code(), classad::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("\"a\""), std::string::npos) << s.message();
  bad = demand;
  bad[0].usage = INFINITY;
  EXPECT_FALSE(allocator.NegotiateAllGroups(10, bad, 0, negotiate, usage).ok());
  EXPECT_FALSE(allocator.NegotiateAllGroups(NAN, demand, 0, negotiate, usage).ok());
  EXPECT_EQ(calls, 0);

  // A usage callback that returns NaN stops the cycle with an error.
  s = allocator.NegotiateAllGroups(10, demand, 0, negotiate, [](int) { return NAN; });
  EXPECT_EQ(s.code(), classad::StatusCode::kInvalidArgument);
  EXPECT_EQ(calls, 0);

  // Negative demand and a negative pool are computed as HTCondor would.
  std::vector<GroupDemand> negative = demand;
  negative[1].requested = -3;
  EXPECT_TRUE(allocator.NegotiateAllGroups(-5, negative, 0, negotiate, usage).ok());
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(QuotaOf(allocator, "a"), 0);
}

TEST(GroupQuotaTest, LimitsBeyondIntBecomeIntMinAsInHTCondor) {
  // A limit of 10^12 does not fit HTCondor's int parameter; on x86-64 the
  // conversion gives INT_MIN, so the group has no room.
  auto policy = MakePolicy("GROUP_NAMES = a\nGROUP_QUOTA_DYNAMIC_a = 1\n");
  GroupQuotaAllocator allocator(policy);
  std::vector<GroupDemand> demand(2);
  demand[1].requested = 1e15;
  demand[1].has_submitters = true;
  std::vector<int64_t> limits;
  ASSERT_TRUE(allocator
                  .NegotiateAllGroups(
                      1e12, demand, 0, [&](const GroupNegotiation& c) { limits.push_back(c.limit); },
                      [](int) { return 0.0; })
                  .ok());
  ASSERT_FALSE(limits.empty());
  EXPECT_EQ(limits[0], INT_MIN);
  EXPECT_EQ(ReportOf(allocator, "a").notes,
            std::vector<std::string>{"the limit 1e+12 does not fit in HTCondor's int and reaches "
                                     "negotiateWithGroup as INT_MIN (x86-64, g++): the group has no room"});
}

TEST(GroupQuotaTest, ManyGroupsStayFast) {
  // 400 groups, two levels, mixed quotas and flags, random-ish demand:
  // the exact arithmetic must not blow up.
  std::string text = "GROUP_NAMES = ";
  std::string knobs;
  for (int i = 0; i < 20; ++i) {
    text += "g" + std::to_string(i) + ", ";
    knobs += "GROUP_QUOTA_DYNAMIC_g" + std::to_string(i) + " = 0.0" + std::to_string(i % 9 + 1) + "\n";
    for (int j = 0; j < 19; ++j) {
      const std::string name = "g" + std::to_string(i) + ".s" + std::to_string(j);
      text += name + ", ";
      knobs += (j % 3 == 0 ? "GROUP_QUOTA_" + name + " = " + std::to_string(j + 1)
                           : "GROUP_QUOTA_DYNAMIC_" + name + " = 0." + std::to_string(j + 1)) +
               "\n";
      if (j % 2 == 0) knobs += "GROUP_ACCEPT_SURPLUS_" + name + " = True\n";
    }
  }
  auto policy = MakePolicy(text + "\n" + knobs + "NEGOTIATOR_USE_SLOT_WEIGHTS = False\n");
  ASSERT_NE(policy, nullptr);
  GroupQuotaAllocator allocator(policy);
  const size_t count = policy->groups.tree.groups().size();
  ASSERT_EQ(count, 401u);
  std::vector<GroupDemand> demand(count);
  uint64_t seed = 12345;
  for (size_t g = 0; g < count; ++g) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    demand[g].requested = static_cast<double>((seed >> 33) % 300) / 7.0;
    demand[g].has_submitters = true;
  }
  int calls = 0;
  ASSERT_TRUE(allocator
                  .NegotiateAllGroups(
                      9973, demand, 0, [&](const GroupNegotiation&) { ++calls; },
                      [](int) { return 0.0; })
                  .ok());
  EXPECT_GT(calls, 0);
}


// ------------------------------------------- the tree's arithmetic, at random

// A small deterministic generator.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return state_ >> 33;
  }
  int Below(int n) { return static_cast<int>(Next() % static_cast<uint64_t>(n)); }

 private:
  uint64_t state_;
};

// A random configuration of up to 12 groups: names nest under random
// parents, quotas static or dynamic, surplus flags at random.
std::string RandomGroups(Random& rng) {
  const int count = 1 + rng.Below(12);
  std::vector<std::string> names;
  std::string knobs;
  for (int i = 0; i < count; ++i) {
    const int parent = rng.Below(static_cast<int>(names.size()) + 1) - 1;
    const std::string name = (parent < 0 ? "" : names[static_cast<size_t>(parent)] + ".") + "n" + std::to_string(i);
    names.push_back(name);
    if (rng.Below(2) == 0) {
      knobs += "GROUP_QUOTA_" + name + " = " + std::to_string(rng.Below(40)) + "\n";
    } else {
      knobs += "GROUP_QUOTA_DYNAMIC_" + name + " = 0." + std::to_string(rng.Below(100)) + "\n";
    }
    if (rng.Below(2) == 0) knobs += "GROUP_ACCEPT_SURPLUS_" + name + " = True\n";
  }
  std::string text = "GROUP_NAMES =";
  for (const std::string& n : names) text += " " + n;
  return text + "\n" + knobs;
}

TEST(GroupQuotaTreeTest, RandomTreesConserveThePoolUpToRounding) {
  // Without oversubscription the quotas partition the pool, and every
  // step of the allocation only moves quantities: Σ quota = pool, and
  // Σ allocated + the surplus left at the root = pool, up to the rounding
  // errors of HTCondor's doubles. No node is allocated more than its
  // (whole) demand; with slot weights off every allocation is whole.
  Random rng(20260821);
  for (int trial = 0; trial < 300; ++trial) {
    SCOPED_TRACE(trial);
    auto policy = MakePolicy(RandomGroups(rng));
    ASSERT_NE(policy, nullptr);
    GroupQuotaTree tree(policy->groups.tree);
    std::vector<GroupQuotaNode>& nodes = tree.nodes();
    std::vector<double> demand(nodes.size());
    for (size_t g = 0; g < nodes.size(); ++g) {
      demand[g] = rng.Below(3) == 0 ? 0 : rng.Below(60);
      nodes[g].requested = demand[g];
    }
    const double total = rng.Below(2000) / 10.0;
    const double tolerance = 1e-9 * std::max(1.0, total);
    tree.AssignQuotas(total, /*allow_oversubscription=*/false);
    double quotas = 0;
    for (const GroupQuotaNode& n : nodes) {
      EXPECT_GE(n.quota, 0);
      quotas += n.quota;
    }
    if (total > 0) {
      EXPECT_NEAR(quotas, total, tolerance);
    }

    double left = tree.Fairshare();
    const bool whole = rng.Below(2) == 0;
    if (whole) left += tree.RecoverRemainders();
    double allocated = 0;
    for (size_t g = 0; g < nodes.size(); ++g) {
      EXPECT_GE(nodes[g].allocated, 0);
      EXPECT_LE(nodes[g].allocated, demand[g] + tolerance) << g;
      EXPECT_NEAR(nodes[g].allocated + nodes[g].requested, demand[g], tolerance) << g;
      if (whole) {
        EXPECT_EQ(nodes[g].allocated, std::floor(nodes[g].allocated)) << g;
      }
      allocated += nodes[g].allocated;
    }
    EXPECT_NEAR(allocated + left, total > 0 ? total : 0.0, tolerance);
  }
}

TEST(GroupQuotaTreeTest, NonAcceptingSubtreeNeverGetsMoreThanItsSubtreeQuota) {
  // Without oversubscription a group that does not accept surplus holds
  // its subtree to what the subtree received (up to rounding errors).
  Random rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    SCOPED_TRACE(trial);
    auto policy = MakePolicy(RandomGroups(rng));
    ASSERT_NE(policy, nullptr);
    GroupQuotaTree tree(policy->groups.tree);
    std::vector<GroupQuotaNode>& nodes = tree.nodes();
    for (GroupQuotaNode& n : nodes) n.requested = rng.Below(60);
    tree.AssignQuotas(rng.Below(200), /*allow_oversubscription=*/false);
    tree.Fairshare();
    if (rng.Below(2) == 0) tree.RecoverRemainders();
    std::vector<double> subtree(nodes.size(), 0.0);
    for (size_t k = nodes.size(); k-- > 0;) {
      subtree[k] += nodes[k].allocated;
      if (nodes[k].parent >= 0) subtree[static_cast<size_t>(nodes[k].parent)] += subtree[k];
    }
    for (size_t k = 1; k < nodes.size(); ++k) {
      if (!nodes[k].accept_surplus) {
        EXPECT_LE(subtree[k], nodes[k].subtree_quota + 1e-9 * std::max(1.0, nodes[k].subtree_quota)) << k;
      }
    }
  }
}

}  // namespace
}  // namespace negotiator
