// Submitter names of job ads (negotiator/submitter_identity.h): the
// schedd's `<AccountingGroup or Owner>@<ACCOUNTING_DOMAIN>`, submit's
// AccountingGroup forms, nice_user, the AssignAccountingGroup map, names
// with whitespace, and the assigned group (reference §1.7).
#include "negotiator/pool/submitter_identity.h"

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "classad/parser.h"
#include "classad/value.h"
#include "policy/config_reader.h"
#include "policy/policy.h"

namespace negotiator {
namespace {

using classad::ClassAd;
using classad::Value;

std::shared_ptr<const policy::Policy> MakePolicy(std::string_view text) {
  policy::ConfigOptions options;
  options.getenv = [](std::string_view) { return std::optional<std::string>(); };
  options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  options.random = [] { return uint64_t{4}; };
  classad::Result<policy::Config> config = policy::ReadConfigText(text, "identity.config", options);
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  if (!config.ok()) config = policy::ReadConfigText("", "empty", options);
  classad::Result<policy::Policy> p = policy::Policy::Build(*config);
  EXPECT_TRUE(p.ok()) << p.status().ToString();
  return std::make_shared<const policy::Policy>(std::move(p).value());
}

// A job ad with the given string attributes.
ClassAd Job(std::initializer_list<std::pair<const char*, const char*>> attributes) {
  ClassAd ad;
  for (const auto& [name, value] : attributes) ad.InsertValue(name, Value::String(value));
  return ad;
}

class SubmitterIdentityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    policy_ = MakePolicy(
        "UID_DOMAIN = cs.wisc.edu\n"
        "GROUP_NAMES = Physics, Physics.HEP, chem\n"
        "GROUP_QUOTA_Physics = 10\nGROUP_QUOTA_Physics.HEP = 5\nGROUP_QUOTA_chem = 1\n");
    config_ = IdentityConfig::FromPolicy(*policy_);
  }
  std::string NameOf(const ClassAd& job) {
    classad::Result<JobSubmitter> s = SubmitterOfJob(job, config_);
    return s.ok() ? s->name : "error: " + s.status().message();
  }
  std::string GroupOf(const ClassAd& job) {
    classad::Result<JobSubmitter> s = SubmitterOfJob(job, config_);
    return s.ok() ? std::string(s->group_name) : "error: " + s.status().message();
  }
  std::shared_ptr<const policy::Policy> policy_;
  IdentityConfig config_;
};

TEST_F(SubmitterIdentityTest, OwnerAtTheAccountingDomain) {
  EXPECT_EQ(config_.accounting_domain, "cs.wisc.edu");  // defaults to UID_DOMAIN
  EXPECT_EQ(NameOf(Job({{"Owner", "alice"}})), "alice@cs.wisc.edu");
  EXPECT_EQ(GroupOf(Job({{"Owner", "alice"}})), "<none>");
  // User without its domain when there is no Owner.
  EXPECT_EQ(NameOf(Job({{"User", "bob@submit.example.org"}})), "bob@cs.wisc.edu");
  EXPECT_EQ(NameOf(Job({{"User", "bob"}})), "bob@cs.wisc.edu");
  // ACCOUNTING_DOMAIN wins over UID_DOMAIN.
  std::shared_ptr<const policy::Policy> p =
      MakePolicy("UID_DOMAIN = cs.wisc.edu\nACCOUNTING_DOMAIN = physics.wisc.edu\n");
  EXPECT_EQ(SubmitterOfJob(Job({{"Owner", "alice"}}), IdentityConfig::FromPolicy(*p))->name,
            "alice@physics.wisc.edu");
}

TEST_F(SubmitterIdentityTest, AcctGroupAndAcctGroupUser) {
  ClassAd job = Job({{"Owner", "alice"}, {"AcctGroup", "physics.hep"}, {"AcctGroupUser", "alice"}});
  classad::Result<JobSubmitter> s = SubmitterOfJob(job, config_);
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ(s->name, "physics.hep.alice@cs.wisc.edu");
  EXPECT_EQ(s->accounting_group, "physics.hep.alice");
  EXPECT_EQ(s->owner, "alice");
  // The configured spelling; the lookup ignores case.
  EXPECT_EQ(s->group_name, "Physics.HEP");
  EXPECT_EQ(policy_->groups.tree.groups()[static_cast<size_t>(s->group)].name, "Physics.HEP");
  // AcctGroupUser defaults to the owner; a different one is the user.
  EXPECT_EQ(NameOf(Job({{"Owner", "alice"}, {"AcctGroup", "chem"}})), "chem.alice@cs.wisc.edu");
  EXPECT_EQ(NameOf(Job({{"Owner", "alice"}, {"AcctGroup", "chem"}, {"AcctGroupUser", "lab"}})),
            "chem.lab@cs.wisc.edu");
  // AcctGroupUser alone is a user alias.
  EXPECT_EQ(NameOf(Job({{"Owner", "alice"}, {"AcctGroupUser", "lab"}})), "lab@cs.wisc.edu");
}

TEST_F(SubmitterIdentityTest, LegacyAccountingGroup) {
  EXPECT_EQ(NameOf(Job({{"Owner", "alice"}, {"AccountingGroup", "physics.alice"}})),
            "physics.alice@cs.wisc.edu");
  EXPECT_EQ(GroupOf(Job({{"Owner", "alice"}, {"AccountingGroup", "physics.alice"}})), "Physics");
  // The schedd reads AccountingGroup when the job has it.
  EXPECT_EQ(NameOf(Job({{"Owner", "alice"},
                        {"AccountingGroup", "chem.alice"},
                        {"AcctGroup", "physics"}})),
            "chem.alice@cs.wisc.edu");
  // Equal to the owner: the owner.
  EXPECT_EQ(NameOf(Job({{"Owner", "alice"}, {"AccountingGroup", "alice"}})),
            "alice@cs.wisc.edu");
}

TEST_F(SubmitterIdentityTest, DeepestConfiguredGroupAndUnknownGroups) {
  EXPECT_EQ(GroupOf(Job({{"Owner", "a"}, {"AcctGroup", "physics.hep.sub"}})), "Physics.HEP");
  EXPECT_EQ(GroupOf(Job({{"Owner", "a"}, {"AcctGroup", "physics.lep"}})), "Physics");
  EXPECT_EQ(GroupOf(Job({{"Owner", "a"}, {"AcctGroup", "biology"}})), "<none>");
  EXPECT_EQ(GroupOf(Job({{"Owner", "a"}, {"AcctGroup", "CHEM"}})), "chem");
  EXPECT_EQ(AssignedGroupName(&policy_->groups.tree, "physics"), "Physics");
  EXPECT_EQ(AssignedGroupName(&policy_->groups.tree, "biology"), "<none>");
  EXPECT_EQ(AssignedGroupName(nullptr, "physics.a@x"), "<none>");
  // A name without '.' before its '@' is in no group; a name without '@'
  // is a group name.
  EXPECT_EQ(AssignedGroupName(&policy_->groups.tree, "physics@x"), "<none>");
  EXPECT_EQ(AssignedGroupName(&policy_->groups.tree, "PHYSICS.hep"), "Physics.HEP");
  // group_a.john.smith@x: path "physics.john" maps to the deepest group.
  EXPECT_EQ(AssignedGroupName(&policy_->groups.tree, "physics.john.smith@x"), "Physics");
  // The last '@' ends the user part.
  EXPECT_EQ(AssignedGroupName(&policy_->groups.tree, "chem.a@b@x"), "chem");
}

TEST_F(SubmitterIdentityTest, NiceUserJobs) {
  ClassAd job = Job({{"Owner", "bob"}});
  job.InsertValue("NiceUser", Value::Boolean(true));
  EXPECT_EQ(NameOf(job), "nice-user.bob@cs.wisc.edu");
  EXPECT_EQ(GroupOf(job), "<none>");
  // An explicit group wins over nice_user (submit ignores nice_user then).
  job.InsertValue("AcctGroup", Value::String("chem"));
  EXPECT_EQ(NameOf(job), "chem.bob@cs.wisc.edu");
  ClassAd plain = Job({{"Owner", "bob"}});
  plain.InsertValue("NiceUser", Value::Boolean(false));
  EXPECT_EQ(NameOf(plain), "bob@cs.wisc.edu");
  // The group is configurable (submit's NICE_USER_ACCOUNTING_GROUP_NAME).
  IdentityConfig lowprio = config_;
  lowprio.nice_user_group = "lowprio";
  ClassAd nice = Job({{"Owner", "bob"}});
  nice.InsertValue("NiceUser", Value::Boolean(true));
  EXPECT_EQ(SubmitterOfJob(nice, lowprio)->name, "lowprio.bob@cs.wisc.edu");
  ClassAd odd = Job({{"Owner", "bob"}});
  odd.InsertValue("NiceUser", Value::Integer(3));
  EXPECT_EQ(NameOf(odd), "error: job attribute NiceUser is not a boolean");
}

TEST_F(SubmitterIdentityTest, BadNamesAreErrors) {
  EXPECT_EQ(NameOf(Job({})), "error: job has neither Owner nor User");
  EXPECT_EQ(NameOf(Job({{"Owner", ""}})), "error: job's owner is empty");
  EXPECT_EQ(NameOf(Job({{"Owner", "bob smith"}})),
            "error: job attribute Owner holds whitespace: \"bob smith\"");
  EXPECT_EQ(NameOf(Job({{"Owner", "bob"}, {"AcctGroup", "a\tb"}})),
            "error: job attribute AcctGroup holds whitespace: \"a\tb\"");
  EXPECT_EQ(NameOf(Job({{"Owner", "bob"}, {"AcctGroupUser", "x\ny"}})),
            "error: job attribute AcctGroupUser holds whitespace: \"x\ny\"");
  EXPECT_EQ(NameOf(Job({{"Owner", "bob"}, {"AccountingGroup", "g. u"}})),
            "error: job attribute AccountingGroup holds whitespace: \"g. u\"");
  ClassAd number;
  number.InsertValue("Owner", Value::Integer(7));
  EXPECT_EQ(NameOf(number), "error: job attribute Owner is not a string");
  EXPECT_TRUE(IsValidSubmitterName("a.b@c"));
  EXPECT_FALSE(IsValidSubmitterName("a\vb"));
  EXPECT_FALSE(IsValidSubmitterName("a\fb"));
  EXPECT_FALSE(IsValidSubmitterName("a\rb"));
}

TEST_F(SubmitterIdentityTest, ExpressionsAreEvaluated) {
  ClassAd job = Job({{"Owner", "alice"}});
  classad::Result<classad::ExprPtr> e = classad::ParseExpression("strcat(\"ph\", \"ysics\")");
  ASSERT_TRUE(e.ok());
  job.Insert("AcctGroup", *e);
  EXPECT_EQ(NameOf(job), "physics.alice@cs.wisc.edu");
}

TEST_F(SubmitterIdentityTest, AssignAccountingGroupMap) {
  classad::Result<policy::UserMap> map = policy::UserMap::Parse(
      "* alice physics.hep,chem\n* /^c.*/ chem\n", "groups.map");
  ASSERT_TRUE(map.ok()) << map.status().ToString();
  config_.assign_group_map = &*map;
  // A job naming no group gets the owner's first group.
  EXPECT_EQ(NameOf(Job({{"Owner", "alice"}})), "physics.hep.alice@cs.wisc.edu");
  EXPECT_EQ(NameOf(Job({{"Owner", "carol"}})), "chem.carol@cs.wisc.edu");
  // A job naming its group keeps it.
  EXPECT_EQ(NameOf(Job({{"Owner", "alice"}, {"AcctGroup", "chem"}})), "chem.alice@cs.wisc.edu");
  // An owner the map does not know cannot be charged.
  EXPECT_EQ(NameOf(Job({{"Owner", "bob"}})),
            "error: could not map 'bob' to an accounting group (AssignAccountingGroup)");
}

// Accountant::GetDomain: find('@') in 25.0, find_last_of('@') since 25.10.
TEST(SubmitterDomainTest, TextAfterTheFirstAtThenTheLast) {
  using policy::AccountantRules;
  for (AccountantRules rules : {AccountantRules::kBefore25_10, AccountantRules::kSince25_10}) {
    EXPECT_EQ(SubmitterDomain("bob@other.org", rules), "other.org");
    EXPECT_EQ(SubmitterDomain("group", rules), "");
    EXPECT_EQ(SubmitterDomain("x@", rules), "");
  }
  EXPECT_EQ(SubmitterDomain("a@b@c", AccountantRules::kBefore25_10), "b@c");
  EXPECT_EQ(SubmitterDomain("a@b@c", AccountantRules::kSince25_10), "c");
}

}  // namespace
}  // namespace negotiator

namespace negotiator {
namespace {

TEST(StorableNameTest, OnlyNamesTheStoresAndTheExportKeepUnchanged) {
  EXPECT_TRUE(IsStorableName("group_a.alice@example.org", false));
  EXPECT_TRUE(IsStorableName("gr\xc3\xbc\xc3\x9f@x", false));  // UTF-8
  EXPECT_TRUE(IsStorableName("slot1@<10.0.0.1:9618> x", true));
  EXPECT_FALSE(IsStorableName("", false));
  EXPECT_FALSE(IsStorableName("a b@x", false));
  EXPECT_FALSE(IsStorableName("a\tb@x", true));
  EXPECT_FALSE(IsStorableName("a\x7f@x", true));
  EXPECT_FALSE(IsStorableName("a\xff@x", true));          // not UTF-8
  EXPECT_FALSE(IsStorableName("a\xc3", true));            // cut short
  EXPECT_FALSE(IsStorableName("\xc0\xaf", true));         // overlong
  EXPECT_FALSE(IsStorableName("\xed\xa0\x80", true));     // a surrogate
  EXPECT_FALSE(IsStorableName("\xf4\x90\x80\x80", true));  // above U+10FFFF
}

}  // namespace
}  // namespace negotiator
