// Policy::Build: typed values with HTCondor's defaults, compiled
// expressions, every problem reported at once with its position, and the
// bundled example configuration read without a problem.
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "policy/config_reader.h"
#include "policy/policy.h"

namespace policy {
namespace {

ConfigOptions TestOptions() {
  ConfigOptions options;
  options.getenv = [](std::string_view) { return std::optional<std::string>(); };
  options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  options.random = [] { return uint64_t{4}; };
  return options;
}

Config Read(const std::string& text) {
  classad::Result<Config> config = ReadConfigText(text, "policy.config", TestOptions());
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  if (!config.ok()) return std::move(ReadConfigText("", "empty", TestOptions()).value());
  return std::move(config).value();
}

// Knobs read as HTCondor's negotiator reads them (issue 29): a real knob
// is held only to the range its reader passes (PRIORITY_HALFLIFE = 0 is
// used as it is), and the accountant reads the three priority factors
// with atof.
TEST(PolicyTest, KnobsAreReadAsHTCondorReadsThem) {
  Config config = Read(
      "PRIORITY_HALFLIFE = 0\n"
      "DEFAULT_PRIO_FACTOR = 2 * 3\n"
      "NICE_USER_PRIO_FACTOR = 1e3x\n"
      "REMOTE_PRIO_FACTOR = lots\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->accountant.priority_halflife, 0);
  EXPECT_EQ(p->accountant.default_prio_factor, 2);
  EXPECT_EQ(p->accountant.nice_user_prio_factor, 1000);
  EXPECT_EQ(p->accountant.remote_prio_factor, 0);
  // Integers are held to the table's range (param_integer).
  classad::Result<Policy> bad = Policy::Build(Read("GROUP_QUOTA_MAX_ALLOCATION_ROUNDS = 0\n"));
  EXPECT_FALSE(bad.ok());
}

TEST(PolicyTest, DefaultsAreHTCondorsEffectiveDefaults) {
  Config config = Read("");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->accountant.priority_halflife, 86400);
  EXPECT_EQ(p->accountant.default_prio_factor, 1000);
  EXPECT_EQ(p->accountant.nice_user_prio_factor, 1e10);
  EXPECT_EQ(p->accountant.remote_prio_factor, 1e7);
  EXPECT_TRUE(p->accountant.use_slot_weights);
  EXPECT_EQ(p->accountant.slot_weight.text, "Cpus");
  EXPECT_TRUE(p->matching.consider_preemption);
  EXPECT_FALSE(p->matching.consider_early_preemption);
  // PREEMPTION_REQUIREMENTS defaults to False (the param table), not unset.
  ASSERT_TRUE(p->matching.preemption_requirements.is_set());
  EXPECT_EQ(p->matching.preemption_requirements.text, "False");
  EXPECT_TRUE(p->matching.preemption_requirements.from_default);
  EXPECT_TRUE(p->matching.pre_job_rank.is_set());
  EXPECT_TRUE(p->matching.post_job_rank.is_set());
  EXPECT_TRUE(p->matching.preemption_rank.is_set());
  EXPECT_FALSE(p->matching.slot_constraint.is_set());
  EXPECT_TRUE(p->groups.allow_quota_oversubscription);
  EXPECT_EQ(p->groups.max_allocation_rounds, 3);
  EXPECT_EQ(p->groups.round_robin_rate, 1e100);
  EXPECT_TRUE(p->groups.strict_enforce_quota);  // the code's fallback
  EXPECT_FALSE(p->groups.tree.enabled());
  ASSERT_TRUE(p->groups.sort_expr.is_set());
  EXPECT_EQ(p->limits.default_max(), 2308032);
  EXPECT_EQ(p->cycle.interval, 60);
  EXPECT_EQ(p->cycle.cycle_delay, 20);
  EXPECT_EQ(p->matching.resource_prefix, "slot");
  EXPECT_EQ(p->accounting_group_map, nullptr);
}

TEST(PolicyTest, EmptyExpressionLoadsNothing) {
  // HTCondor: an empty PREEMPTION_REQUIREMENTS loads no expression, so any
  // claimed slot of another user may be preempted.
  Config config = Read("PREEMPTION_REQUIREMENTS =\nNEGOTIATOR_PRE_JOB_RANK =\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_FALSE(p->matching.preemption_requirements.is_set());
  EXPECT_FALSE(p->matching.pre_job_rank.is_set());
}

TEST(PolicyTest, SelfReferenceBuildsOnTheDefault) {
  Config config = Read(
      "PREEMPTION_REQUIREMENTS = $(PREEMPTION_REQUIREMENTS) || (SubmitterGroup =?= RemoteGroup)\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->matching.preemption_requirements.text, "False || (SubmitterGroup =?= RemoteGroup)");
  EXPECT_EQ(p->matching.preemption_requirements.where.line, 1);
}

TEST(PolicyTest, EveryProblemIsReportedWithItsPosition) {
  Config config = Read(
      "NEGOTIATOR_CONSIDER_PREEMPTION = Flase\n"
      "GROUP_NAMES = a, b\n"
      "GROUP_QUOTA_a = lots\n"
      "GROUP_QUOTA_DYNAMIC_b = 0.5\n"
      "PREEMPTION_REQUIREMENTS = RemoteUserPrio > \\\n"
      "    SubmitterUserPrio * 1.2 &&\n"
      "PRIORITY_HALFLIFE = 1O\n"
      "GROUP_SORT_EXPR = GroupQuota +* 2\n");
  Problems problems;
  classad::Result<Policy> p = Policy::Build(config, {}, &problems);
  ASSERT_FALSE(p.ok());
  const std::string all = p.status().ToString();
  EXPECT_NE(all.find("policy.config:1:34: NEGOTIATOR_CONSIDER_PREEMPTION: \"Flase\" is not a boolean"),
            std::string::npos) << all;
  EXPECT_NE(all.find("policy.config:3:17: GROUP_QUOTA_a: \"lots\""), std::string::npos) << all;
  EXPECT_NE(all.find("policy.config:7:21: PRIORITY_HALFLIFE: \"1O\""), std::string::npos) << all;
  // The parse error's own place, inside the continued value: the end of
  // line 6 (nothing after `&&`).
  EXPECT_NE(all.find("policy.config:6:"), std::string::npos) << all;
  EXPECT_NE(all.find("PREEMPTION_REQUIREMENTS:"), std::string::npos) << all;
  EXPECT_NE(all.find("policy.config:8:31: GROUP_SORT_EXPR:"), std::string::npos) << all;
  EXPECT_EQ(problems.errors().size(), 5u) << all;
  EXPECT_EQ(p.status().where().line, 1);
  // Each position once.
  EXPECT_EQ(all.find("policy.config:1:34: policy.config:1:34:"), std::string::npos) << all;
}

TEST(PolicyTest, ParseErrorThroughAMacroSaysSo) {
  Config config = Read("Guard = (StateTimer > \nPREEMPTION_REQUIREMENTS = $(Guard)\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().ToString().find("policy.config:2:27: PREEMPTION_REQUIREMENTS:"),
            std::string::npos) << p.status().ToString();
  EXPECT_NE(p.status().message().find("after macro expansion"), std::string::npos);
}

TEST(PolicyTest, ExpressionsAreCompiledAndEvaluate) {
  Config config = Read(
      "SLOT_WEIGHT = Cpus * 2\n"
      "NEGOTIATOR_SLOT_CONSTRAINT = SlotID == 7\n"
      "NEGOTIATOR_MATCH_EXPRS = Extra Missing\n"
      "Extra = \"hello\"\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  auto slot = classad::ParseAd("[ Cpus = 4; SlotID = 7 ]");
  ASSERT_TRUE(slot.ok());
  EXPECT_EQ(classad::UnparseValue(
                classad::EvaluateExpr(*p->accountant.slot_weight.expr, slot->get(), nullptr)),
            "8");
  EXPECT_EQ(classad::UnparseValue(
                classad::EvaluateExpr(*p->matching.slot_constraint.expr, slot->get(), nullptr)),
            "true");
  ASSERT_EQ(p->matching.match_exprs.size(), 1u);
  EXPECT_EQ(p->matching.match_exprs[0].knob, "Extra");
  // A name that is not set: a warning at NEGOTIATOR_MATCH_EXPRS.
  ASSERT_EQ(p->warnings().size(), 1u);
  EXPECT_EQ(p->warnings()[0].where().line, 3);
  EXPECT_NE(p->warnings()[0].message().find("Missing"), std::string::npos);
}

TEST(PolicyTest, GroupsAndLimits) {
  Config config = Read(
      "GROUP_NAMES = physics, physics.hep, chem\n"
      "GROUP_QUOTA_physics = 100\n"
      "GROUP_QUOTA_DYNAMIC_physics.hep = 0.5\n"
      "GROUP_QUOTA_DYNAMIC_chem = 0.25\n"
      "GROUP_ACCEPT_SURPLUS = true\n"
      "NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION = false\n"
      "MATLAB_LIMIT = 60\n"
      "CONCURRENCY_LIMIT_DEFAULT_STORAGE = 400\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  ASSERT_EQ(p->groups.tree.groups().size(), 4u);
  EXPECT_FALSE(p->groups.allow_quota_oversubscription);
  EXPECT_EQ(p->groups.tree.AssignedGroup("physics.hep.alice@x"), p->groups.tree.Find("physics.hep"));
  EXPECT_EQ(p->limits.MaxFor("matlab"), 60);
  EXPECT_EQ(p->limits.MaxFor("storage.dc2"), 400);
  EXPECT_TRUE(p->warnings().empty());
}

// HTCondor's negotiator reads <NAME>_LIMIT and CONCURRENCY_LIMIT_DEFAULT_<SET>
// through param(), so NEGOTIATOR.<knob> (and LOCALNAME.<knob>) count even
// when the plain name is not set.
TEST(PolicyTest, LimitsSetUnderTheSubsystemPrefix) {
  Config config = Read(
      "NEGOTIATOR.MATLAB_LIMIT = 60\n"
      "negotiator.CONCURRENCY_LIMIT_DEFAULT_STORAGE = 400\n"
      "SCHEDD.XSW_LIMIT = 7\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->limits.MaxFor("matlab"), 60);
  EXPECT_EQ(p->limits.MaxFor("storage.dc2"), 400);
  // Another daemon's knob is not the negotiator's.
  EXPECT_EQ(p->limits.MaxFor("xsw"), 2308032);
}

// The accountant gives NICE_USER_PRIO_FACTOR to names starting with the
// literal "nice-user"; NICE_USER_ACCOUNTING_GROUP_NAME is a submit knob it
// never reads (reference §1.1).
TEST(PolicyTest, NiceUserPrefixIgnoresTheSubmitKnob) {
  Config config = Read("NICE_USER_ACCOUNTING_GROUP_NAME = lowprio\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->accountant.nice_user_prefix, "nice-user");
}

// The maps userMap() reads: NEGOTIATOR_CLASSAD_USER_MAP_NAMES, each from
// CLASSAD_USER_MAPFILE_<name> or CLASSAD_USER_MAPDATA_<name>. Expectations
// are HTCondor 25.13.2's (these maps as TOOL_CLASSAD_USER_MAP_NAMES, the
// calls through condor_config_val's $EVAL).
TEST(PolicyTest, UserMapsAreTheDaemonsNamedMaps) {
  Config config = Read(
      "NEGOTIATOR_CLASSAD_USER_MAP_NAMES = groups Other\n"
      "CLASSAD_USER_MAPDATA_groups @=end\n"
      "* alice physics, chem\n"
      "* /^b(.*)/ bio\\1\n"
      "sub carol x,y\n"
      "@end\n"
      "CLASSAD_USER_MAPDATA_other = * dave d1\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  ASSERT_NE(p->user_maps, nullptr);
  EXPECT_EQ(p->user_maps->size(), 2u);
  const classad::EvalOptions options = p->EvalOptionsAt(1700000000);
  auto eval = [&](const std::string& text) {
    classad::Result<classad::ExprPtr> e = classad::ParseExpression(text);
    if (!e.ok()) return std::string("PARSE_ERROR");
    return classad::UnparseValue(classad::EvaluateExpr(**e, nullptr, nullptr, options));
  };
  // The map line's third field is the result ("physics,": text after it
  // is ignored).
  EXPECT_EQ(eval(R"(userMap("groups", "alice", "chem"))"), R"("physics")");
  EXPECT_EQ(eval(R"(userMap("groups", "alice"))"), R"("physics,")");
  EXPECT_EQ(eval(R"(userMap("groups", "bob"))"), R"("bioob")");
  EXPECT_EQ(eval(R"(userMap("groups.sub", "carol", "Y"))"), R"("y")");
  EXPECT_EQ(eval(R"(userMap("GROUPS", "zed", "x", "none"))"), R"("none")");
  EXPECT_EQ(eval(R"(userMap("other", "dave"))"), R"("d1")");
  EXPECT_EQ(eval(R"(userMap("nomap", "dave"))"), "undefined");
  EXPECT_EQ(eval(R"(userMap("groups", "carol"))"), "undefined");
  // No maps named: none is read.
  classad::Result<Policy> plain = Policy::Build(Read("CLASSAD_USER_MAPDATA_groups = * a b\n"));
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->user_maps, nullptr);
}

TEST(PolicyTest, MissingAccountingGroupMapIsAnError) {
  Config config = Read("use FEATURE : AssignAccountingGroup(/nonexistent/groups.map)\n");
  classad::Result<Policy> p = Policy::Build(config);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("CLASSAD_USER_MAPFILE_AssignAccountingGroup"),
            std::string::npos) << p.status().message();
  EXPECT_NE(p.status().ToString().find("policy.config:1:"), std::string::npos)
      << p.status().ToString();
}

TEST(PolicyTest, AnHTCondorReleaseSetsEveryRuleThatDependsOnIt) {
  PolicyOptions options;
  ASSERT_TRUE(SetHTCondorRelease("25.5", &options).ok());
  EXPECT_EQ(options.accountant_rules, AccountantRules::kBefore25_10);
  EXPECT_EQ(options.significant_attribute_rules, SignificantAttributeRules::kSince25_5);
  ASSERT_TRUE(SetHTCondorRelease("25.13.2", &options).ok());
  EXPECT_EQ(options.accountant_rules, AccountantRules::kSince25_10);
  ASSERT_TRUE(SetHTCondorRelease("25.0.13", &options).ok());
  EXPECT_EQ(options.accountant_rules, AccountantRules::kBefore25_10);
  EXPECT_EQ(options.significant_attribute_rules, SignificantAttributeRules::kBefore25_5);
  // A bad version changes nothing.
  options.accountant_rules = AccountantRules::kSince25_10;
  EXPECT_EQ(SetHTCondorRelease("25.x", &options).code(), classad::StatusCode::kInvalidArgument);
  EXPECT_EQ(options.accountant_rules, AccountantRules::kSince25_10);
  EXPECT_EQ(options.significant_attribute_rules, SignificantAttributeRules::kBefore25_5);
}

TEST(PolicyTest, ARemoveRegexThatDoesNotCompileIsAWarningAtItsPlace) {
  // HTCondor logs the error and leaves nothing out by the regex.
  PolicyOptions options;
  options.significant_attribute_rules = SignificantAttributeRules::kSince25_5;
  Problems problems;
  classad::Result<Policy> p =
      Policy::Build(Read("UID_DOMAIN = x\nREMOVE_SIGNIFICANT_ATTRIBUTES_REGEX = ^Slot(\n"),
                    options, &problems);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->matching.remove_significant_attributes_regex, nullptr);
  ASSERT_EQ(problems.warnings().size(), 1u);
  EXPECT_NE(problems.warnings().front().ToString().find(
                "policy.config:2:39: REMOVE_SIGNIFICANT_ATTRIBUTES_REGEX does not compile"),
            std::string::npos)
      << problems.warnings().front().ToString();
  // The default compiles, and only 25.5 and later have it.
  classad::Result<Policy> defaulted = Policy::Build(Read("UID_DOMAIN = x\n"), options);
  ASSERT_TRUE(defaulted.ok());
  EXPECT_NE(defaulted->matching.remove_significant_attributes_regex, nullptr);
  EXPECT_EQ(defaulted->matching.remove_significant_attributes.size(), 5u);
  classad::Result<Policy> before = Policy::Build(Read("UID_DOMAIN = x\n"));
  ASSERT_TRUE(before.ok());
  EXPECT_EQ(before->matching.remove_significant_attributes_regex, nullptr);
  EXPECT_TRUE(before->matching.remove_significant_attributes.empty());
  // ... unless configured: the schedd honours it in every release.
  classad::Result<Policy> configured =
      Policy::Build(Read("UID_DOMAIN = x\nREMOVE_SIGNIFICANT_ATTRIBUTES = Foo\n"));
  ASSERT_TRUE(configured.ok());
  EXPECT_EQ(configured->matching.remove_significant_attributes, std::vector<std::string>{"Foo"});
}

TEST(PolicyTest, BundledExampleBuildsWithoutAProblem) {
  ConfigOptions options = TestOptions();
  const std::string root = std::string(CLASSAD_EXAMPLES_DIR) + "/policy/condor_config";
  classad::Result<Config> config = ReadConfigFiles({root}, options);
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  Problems problems;
  classad::Result<Policy> p = Policy::Build(*config, {}, &problems);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_TRUE(problems.warnings().empty())
      << problems.warnings().front().ToString();
  EXPECT_EQ(p->groups.tree.groups().size(), 6u);
  EXPECT_TRUE(p->groups.tree.autoregroup_global());
  EXPECT_EQ(p->accountant.priority_halflife, 7 * 24 * 3600);
  EXPECT_EQ(p->accountant.local_domain, "pool.example.org");
  EXPECT_NE(p->matching.preemption_requirements.text.find("SubmitterGroupQuota"),
            std::string::npos);
  EXPECT_EQ(p->limits.MaxFor("storage.dc1"), 150);
  EXPECT_EQ(p->limits.MaxFor("storage.dc2"), 400);
  EXPECT_EQ(p->limits.MaxFor("MATLAB"), 60);
  ASSERT_NE(p->accounting_group_map, nullptr);
  EXPECT_EQ(p->matching.add_significant_attributes.size(), 4u);
}

}  // namespace
}  // namespace policy
