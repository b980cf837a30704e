// GroupTree and the concurrency-limit table: the reference's §2.1, §1.7,
// §4.1 and §4.2.
#include <gtest/gtest.h>

#include <cmath>

#include "policy/concurrency_limits.h"
#include "policy/group_tree.h"
#include "tests/policy/map_knob_source.h"

namespace policy {
namespace {

class GroupTreeTest : public ::testing::Test {
 protected:
  GroupTree Build() {
    KnobReader reader(source_, &problems_);
    return GroupTree::Build(reader);
  }
  MapKnobSource source_;
  Problems problems_;
};

TEST_F(GroupTreeTest, NoGroupsMeansOnlyTheRoot) {
  GroupTree tree = Build();
  ASSERT_EQ(tree.groups().size(), 1u);
  EXPECT_FALSE(tree.enabled());
  EXPECT_EQ(tree.root().name, "<none>");
  EXPECT_TRUE(tree.root().accept_surplus);
  EXPECT_EQ(tree.AssignedGroup("a.alice@site"), 0);
  EXPECT_TRUE(problems_.errors().empty());
}

TEST_F(GroupTreeTest, TreeIsBreadthFirstWithQuotasAndFlags) {
  source_.Set("GROUP_NAMES", "group_physics.hep, group_chem group_physics,GROUP_PHYSICS.lep");
  source_.Set("GROUP_QUOTA_group_physics", "60");
  source_.Set("GROUP_QUOTA_DYNAMIC_group_physics.hep", "0.5");
  source_.Set("GROUP_QUOTA_group_physics.hep", "20");  // static wins over dynamic
  source_.Set("GROUP_QUOTA_DYNAMIC_group_physics.lep", "0.25");
  source_.Set("GROUP_ACCEPT_SURPLUS", "true");
  source_.Set("GROUP_ACCEPT_SURPLUS_group_physics", "false");
  source_.Set("GROUP_AUTOREGROUP_group_chem", "TRUE");
  source_.Set("GROUP_PRIO_FACTOR_group_chem", "2000");
  GroupTree tree = Build();
  ASSERT_EQ(tree.groups().size(), 5u);
  EXPECT_EQ(tree.groups()[1].name, "group_chem");
  EXPECT_EQ(tree.groups()[2].name, "group_physics");
  EXPECT_EQ(tree.groups()[3].parent, 2);
  EXPECT_EQ(tree.groups()[4].parent, 2);
  const GroupConfig& hep = tree.groups()[tree.Find("GROUP_PHYSICS.HEP")];
  EXPECT_TRUE(hep.static_quota);
  EXPECT_EQ(hep.config_quota, 20);
  const GroupConfig& lep = tree.groups()[tree.Find("group_physics.lep")];
  EXPECT_FALSE(lep.static_quota);
  EXPECT_EQ(lep.config_quota, 0.25);
  EXPECT_EQ(lep.depth, 2);
  EXPECT_FALSE(tree.groups()[2].accept_surplus);
  EXPECT_TRUE(hep.accept_surplus);  // the default
  EXPECT_TRUE(tree.groups()[1].autoregroup);
  EXPECT_TRUE(tree.autoregroup_global());
  EXPECT_TRUE(tree.root().autoregroup);  // the root follows the global flag
  EXPECT_EQ(tree.groups()[1].prio_factor, 2000);
  // group_chem has no quota: a warning, dynamic 0.
  ASSERT_EQ(problems_.warnings().size(), 1u);
  EXPECT_NE(problems_.warnings()[0].message().find("group_chem"), std::string::npos);
  EXPECT_TRUE(problems_.errors().empty());
}

TEST_F(GroupTreeTest, AGroupNameWithAControlCharacterIsRefused) {
  source_.Set("GROUP_NAMES", "physi\bs, chemistry");
  GroupTree tree = Build();
  ASSERT_EQ(tree.groups().size(), 2u);  // <none>, chemistry
  ASSERT_EQ(problems_.errors().size(), 1u);
  EXPECT_NE(problems_.errors()[0].message().find("control character"), std::string::npos);
}

TEST_F(GroupTreeTest, IgnoredAndBadGroups) {
  source_.Set("GROUP_NAMES", "a, <none>, b.c, A, a.x.");
  source_.Set("GROUP_QUOTA_a", "-5");
  source_.Set("GROUP_QUOTA_DYNAMIC_a", "0.5");
  GroupTree tree = Build();
  ASSERT_EQ(tree.groups().size(), 2u);  // <none>, a
  EXPECT_EQ(problems_.errors().size(), 2u);  // reserved name, quota < 0
  EXPECT_EQ(problems_.errors()[0].where().file, "test.config");
  // b.c and a.x.: missing parent (a.x. has an empty component too); A: duplicate.
  int missing = 0, duplicate = 0, empty = 0;
  for (const classad::Status& w : problems_.warnings()) {
    missing += w.message().find("parent") != std::string::npos;
    duplicate += w.message().find("duplicate") != std::string::npos;
    empty += w.message().find("empty component") != std::string::npos;
  }
  EXPECT_EQ(missing, 2);
  EXPECT_EQ(duplicate, 1);
  EXPECT_EQ(empty, 1);
  EXPECT_NE(problems_.ToStatus().message().find("GROUP_QUOTA_a"), std::string::npos);
}

// HTCondor's parse_group_name keeps empty components: "a." is a child of
// a whose last component is empty, made as written, with its own knobs.
TEST_F(GroupTreeTest, AnEmptyComponentMakesTheGroupAsHTCondorDoes) {
  source_.Set("GROUP_NAMES", "a, a.");
  source_.Set("GROUP_QUOTA_a", "10");
  GroupTree tree = Build();
  ASSERT_EQ(tree.groups().size(), 3u);  // <none>, a, a.
  EXPECT_EQ(tree.groups()[2].name, "a.");
  EXPECT_EQ(tree.groups()[2].parent, 1);
  EXPECT_TRUE(problems_.errors().empty());
  ASSERT_EQ(problems_.warnings().size(), 2u);  // the empty component; a. has no quota
}

TEST_F(GroupTreeTest, QuotaRangesAreChecked) {
  source_.Set("GROUP_NAMES", "a b");
  source_.Set("GROUP_QUOTA_DYNAMIC_a", "1.5");
  source_.Set("GROUP_QUOTA_b", "lots");
  Build();
  ASSERT_EQ(problems_.errors().size(), 2u);
  EXPECT_NE(problems_.errors()[0].message().find("out of range"), std::string::npos);
  EXPECT_NE(problems_.errors()[1].message().find("\"lots\""), std::string::npos);
}

TEST_F(GroupTreeTest, AssignedGroupFollowsGetAssignedGroup) {
  source_.Set("GROUP_NAMES", "group_a, group_a.b");
  GroupTree tree = Build();
  const int a = tree.Find("group_a"), ab = tree.Find("group_a.b");
  EXPECT_EQ(tree.AssignedGroup("group_a.user@x"), a);
  EXPECT_EQ(tree.AssignedGroup("group_a.b.user@x"), ab);
  EXPECT_EQ(tree.AssignedGroup("GROUP_A.B.user@x"), ab);     // case-insensitive
  EXPECT_EQ(tree.AssignedGroup("group_a.c.user@x"), a);      // deepest existing prefix
  EXPECT_EQ(tree.AssignedGroup("group_a.john.smith@x"), a);  // path group_a.john
  EXPECT_EQ(tree.AssignedGroup("other.user@x"), 0);          // unknown top level
  EXPECT_EQ(tree.AssignedGroup("alice@x"), 0);               // no group
  EXPECT_EQ(tree.AssignedGroup("group_a.b"), ab);            // a group name maps to itself
  EXPECT_EQ(tree.AssignedGroup("group_z"), 0);               // an unknown group name: root
  EXPECT_EQ(tree.AssignedGroup("a.b@c@x"), 0);               // the last @ counts: "a.b@c"
}

TEST(ConcurrencyLimitsTest, ParsingEdgeCases) {
  auto limits = ParseConcurrencyLimits("XSW, lic:0.5 large.license:2,a.b.c bad:0 neg:-3,9x, nan:nan");
  ASSERT_EQ(limits.size(), 8u);
  EXPECT_EQ(limits[0].name, "xsw");
  EXPECT_EQ(limits[0].amount, 1);
  EXPECT_EQ(limits[1].amount, 0.5);
  EXPECT_EQ(limits[2].name, "large.license");
  EXPECT_EQ(limits[2].amount, 2);
  EXPECT_TRUE(limits[2].valid);
  EXPECT_FALSE(limits[3].valid);  // two dots
  EXPECT_EQ(limits[4].amount, 1);  // :0 -> 1
  EXPECT_EQ(limits[5].amount, 1);  // negative -> 1
  EXPECT_EQ(limits[6].name, "9x");
  EXPECT_FALSE(limits[6].valid);  // starts with a digit
  EXPECT_EQ(limits[7].name, "nan");
  EXPECT_TRUE(std::isnan(limits[7].amount));  // as HTCondor's ParseConcurrencyLimit leaves it
}

TEST(ConcurrencyLimitsTest, MaximaBySetAndName) {
  MapKnobSource source;
  source.Set("CONCURRENCY_LIMIT_DEFAULT_SMALL", "3");
  source.Set("CONCURRENCY_LIMIT_DEFAULT_LARGE", "1");
  source.Set("XSW_LIMIT", "4");
  source.Set("large.special_LIMIT", "7");
  Problems problems;
  KnobReader reader(source, &problems);
  ConcurrencyLimitTable table = ConcurrencyLimitTable::Build(reader, source.Names());
  EXPECT_EQ(table.MaxFor("xsw"), 4);
  EXPECT_EQ(table.MaxFor("XSW"), 4);
  EXPECT_EQ(table.MaxFor("small.license"), 3);
  EXPECT_EQ(table.MaxFor("large.license"), 1);
  EXPECT_EQ(table.MaxFor("large.special"), 7);
  EXPECT_EQ(table.MaxFor("other.x"), 2308032);  // the table default
  EXPECT_EQ(table.MaxFor("undefined"), 2308032);
  source.Set("CONCURRENCY_LIMIT_DEFAULT", "2");
  KnobReader again(source, &problems);
  EXPECT_EQ(ConcurrencyLimitTable::Build(again, source.Names()).MaxFor("undefined"), 2);
  EXPECT_TRUE(problems.errors().empty());
}

}  // namespace
}  // namespace policy
