// policy_lint's checks: each triggered at its exact position, and silent on
// a realistic configuration that does not have the mistake.
#include <gtest/gtest.h>

#include "policy/lint/diagnostic.h"
#include "tests/policy/lint_test_util.h"

namespace policy::lint {
namespace {

using testing_util::At;
using testing_util::Dump;
using testing_util::First;
using testing_util::LintText;
using V = std::vector<std::string>;

TEST(LintRegistry, NamesAreUniqueAndDescribed) {
  std::set<std::string_view> names;
  for (const Check& check : AllChecks()) {
    EXPECT_TRUE(names.insert(check.name).second) << check.name;
    EXPECT_FALSE(check.description.empty()) << check.name;
    EXPECT_EQ(FindCheck(check.name), &check);
  }
  EXPECT_EQ(FindCheck("no-such-check"), nullptr);
}

// ---- expr-syntax
TEST(LintExprSyntax, ColumnInsideTheExpression) {
  const auto d = LintText("NEGOTIATOR_JOB_CONSTRAINT = RequestCpus >> > 2\n");
  EXPECT_EQ(At(d, "expr-syntax"), V{"1:44"}) << Dump(d);
  EXPECT_EQ(First(d, "expr-syntax")->severity, Severity::kError);
  // Policy::Build's report of the same problem is not repeated.
  EXPECT_EQ(At(d, "policy-build"), V{}) << Dump(d);
}

TEST(LintExprSyntax, ColumnOnAContinuationLine) {
  const auto d = LintText(
      "PREEMPTION_RANK = (RemoteUserPrio * 1000000) - \\\n"
      "                  ifThenElse(isUndefined(TotalJobRunTime), 0, ) \n");
  EXPECT_EQ(At(d, "expr-syntax"), V{"2:63"}) << Dump(d);
}

TEST(LintExprSyntax, PolicyMacrosAreChecked) {
  const auto d = LintText("StateTimer = (time() - EnteredCurrentState\n");
  EXPECT_EQ(At(d, "expr-syntax"), V{"1:43"}) << Dump(d);
}

TEST(LintExprSyntax, ThroughAMacroNotesWhereItWasDefined) {
  const auto d = LintText(
      "Guard = (Memory > ) \n"
      "NEGOTIATOR_SLOT_CONSTRAINT = Cpus > 1 && $(Guard)\n");
  ASSERT_EQ(At(d, "expr-syntax"), V{"2:42"}) << Dump(d);
  const Diagnostic* e = First(d, "expr-syntax");
  ASSERT_EQ(e->notes.size(), 1u);
  EXPECT_EQ(e->notes[0].message, "macro Guard defined here");
  EXPECT_EQ(e->notes[0].where.line, 1);
  EXPECT_EQ(e->notes[0].where.column, 19);
  EXPECT_NE(e->message.find("$(Guard)"), std::string::npos) << e->message;
}

TEST(LintExprSyntax, NamedByNegotiatorMatchExprs) {
  const auto d = LintText(
      "NEGOTIATOR_MATCH_EXPRS = MatchedTier\n"
      "MatchedTier = ifThenElse(Tier =?= 1, \"gold\", \"silver\"\n");
  EXPECT_EQ(At(d, "expr-syntax"), V{"2:54"}) << Dump(d);  // just past the end
}

TEST(LintExprSyntax, HostileExpressionsGiveAnError) {
  const std::string deep =
      "NEGOTIATOR_JOB_CONSTRAINT = " + std::string(5000, '(') + "1" + std::string(5000, ')') + "\n";
  const auto d = LintText(deep);
  ASSERT_EQ(At(d, "expr-syntax").size(), 1u) << Dump(d);
  EXPECT_NE(First(d, "expr-syntax")->message.find("nested"), std::string::npos) << Dump(d);
  const std::string unguarded = "PREEMPTION_REQUIREMENTS = " + std::string(150, '(') +
                                "RemoteUserPrio > 1" + std::string(150, ')') + "\n";
  EXPECT_EQ(At(LintText(unguarded), "preemption-guard"), V{"1:27"});
}

TEST(LintExprSyntax, RealisticExpressionsAreClean) {
  const auto d = LintText(
      "StateTimer = (time() - EnteredCurrentState)\n"
      "NEGOTIATOR_PRE_JOB_RANK = (10000000 * My.Rank) + (1000000 * (RemoteOwner =?= UNDEFINED))\n"
      "NEGOTIATOR_SLOT_CONSTRAINT = (IsProduction =!= False) && \\\n"
      "                             (Arch == \"X86_64\")\n"
      "GROUP_SORT_EXPR = ifThenElse(AccountingGroup =?= \"<none>\", 3.4e+38, \\\n"
      "                  ifThenElse(GroupQuota > 0, GroupResourcesInUse / GroupQuota, 3.3e+38))\n");
  EXPECT_EQ(At(d, "expr-syntax"), V{}) << Dump(d);
}

// ---- unknown-knob
TEST(LintUnknownKnob, DidYouMean) {
  const auto d = LintText("NEGOTIATOR_CONSIDER_PREEMPTON = True\nPREEMPTION_REQUIREMENT = False\n");
  EXPECT_EQ(At(d, "unknown-knob"), (V{"1:1", "2:1"})) << Dump(d);
  EXPECT_NE(First(d, "unknown-knob")->message.find("did you mean NEGOTIATOR_CONSIDER_PREEMPTION?"),
            std::string::npos);
}

TEST(LintUnknownKnob, MisspelledFamilyPrefix) {
  const auto d = LintText("GROUP_NAMES = physics\nGROUP_QOUTA_physics = 10\n");
  ASSERT_EQ(At(d, "unknown-knob"), V{"2:1"}) << Dump(d);
  EXPECT_NE(First(d, "unknown-knob")->message.find("did you mean GROUP_QUOTA_physics?"),
            std::string::npos);
}

TEST(LintUnknownKnob, SwappedLettersInAShortName) {
  // Two letters swapped cost one edit, also in a name too short for two.
  const auto d = LintText("GROUP_NAMES = a\nGROUP_QOUTA_a = 10\nNEGOTIATOR_INTERAVL = 30\n");
  ASSERT_EQ(At(d, "unknown-knob"), (V{"2:1", "3:1"})) << Dump(d);
  EXPECT_NE(First(d, "unknown-knob")->message.find("did you mean GROUP_QUOTA_a?"),
            std::string::npos);
}

TEST(LintUnknownKnob, PerGroupFormOfAKnobWithoutOne) {
  const auto d = LintText(
      "GROUP_NAMES = physics\nGROUP_QUOTA_physics = 10\n"
      "GROUP_SORT_EXPR_physics = 1\n");
  ASSERT_EQ(At(d, "unknown-knob"), V{"3:1"}) << Dump(d);
  EXPECT_NE(First(d, "unknown-knob")->message.find("GROUP_SORT_EXPR has no per-group"),
            std::string::npos);
}

TEST(LintUnknownKnob, SiteMacrosAreNotFlagged) {
  const auto d = LintText(
      "GROUP_LIST = physics, chemistry\n"
      "GROUP_NAMES = $(GROUP_LIST)\n"
      "GROUP_QUOTA_physics = 10\nGROUP_QUOTA_chemistry = 10\n"
      "MY_SITE_NEGOTIATION_THING = 5\n"
      "NEGOTIATOR.NEGOTIATOR_INTERVAL = 30\n"
      "SCHEDD.MAX_JOBS_RUNNING = 100\n"
      "NEGOTIATOR_SOMETHING_UNRELATED_ENTIRELY = 1\n");
  EXPECT_EQ(At(d, "unknown-knob"), V{}) << Dump(d);
}

// ---- knob-type
TEST(LintKnobType, WrongTypes) {
  const auto d = LintText(
      "NEGOTIATOR_USE_SLOT_WEIGHTS = Ture\n"
      "NEGOTIATOR_DEPTH_FIRST = \"true\"\n"
      "NEGOTIATOR_INTERVAL = 1O\n"
      "PRIORITY_HALFLIFE = a day\n");
  EXPECT_EQ(At(d, "knob-type"), (V{"1:31", "2:26", "3:23", "4:21"})) << Dump(d);
  EXPECT_NE(d[1].message.find("a quoted string is not a boolean"), std::string::npos) << Dump(d);
  EXPECT_EQ(At(d, "policy-build"), V{}) << Dump(d);
}

TEST(LintKnobType, ThroughAMacroNotesItsDefinition) {
  const auto d = LintText("CYCLE = 1O\nNEGOTIATOR_INTERVAL = $(CYCLE)\n");
  ASSERT_EQ(At(d, "knob-type"), V{"2:23"}) << Dump(d);
  ASSERT_EQ(First(d, "knob-type")->notes.size(), 1u);
  EXPECT_EQ(First(d, "knob-type")->notes[0].message, "macro CYCLE defined here");
  EXPECT_EQ(First(d, "knob-type")->notes[0].where.line, 1);
  EXPECT_EQ(First(d, "knob-type")->notes[0].where.column, 9);
}

TEST(LintKnobType, OutOfRange) {
  const auto d = LintText("GROUP_NAMES = a\nGROUP_QUOTA_DYNAMIC_a = 1.5\n");
  EXPECT_EQ(At(d, "knob-type"), V{"2:25"}) << Dump(d);
}

// As HTCondor reads them: the accountant's atof knobs say what atof
// gives, and a real beyond the table's range alone is a warning (the
// negotiator uses it).
TEST(LintKnobType, AtofKnobsAndRealsBeyondTheTable) {
  const auto d = LintText(
      "DEFAULT_PRIO_FACTOR = 2 * 3\n"
      "NICE_USER_PRIO_FACTOR = 1e10\n"
      "REMOTE_PRIO_FACTOR = lots\n"
      "PRIORITY_HALFLIFE = 0\n");
  ASSERT_EQ(At(d, "knob-type"), (V{"1:23", "3:22", "4:21"})) << Dump(d);
  EXPECT_NE(d[0].message.find("atof, which gives 2 (not 6)"), std::string::npos) << Dump(d);
  EXPECT_NE(d[1].message.find("atof, which gives 0"), std::string::npos) << Dump(d);
  EXPECT_NE(d[2].message.find("uses it as it is"), std::string::npos) << Dump(d);
  for (const auto& diagnostic : d) {
    if (diagnostic.check == "knob-type") {
      EXPECT_EQ(diagnostic.severity, Severity::kWarning);
    }
  }
  EXPECT_EQ(At(d, "policy-build"), V{}) << Dump(d);
}

TEST(LintKnobType, ValidValuesAreClean) {
  const auto d = LintText(
      "NEGOTIATOR_USE_SLOT_WEIGHTS = true\nNEGOTIATOR_DEPTH_FIRST = FALSE\n"
      "NEGOTIATOR_INTERVAL = 2 * 60\nPRIORITY_HALFLIFE = 7 * 24 * $(HOUR)\n"
      "NEGOTIATOR_CONSIDER_PREEMPTION = 0\n");
  EXPECT_EQ(At(d, "knob-type"), V{}) << Dump(d);
}

// ---- undefined-macro
TEST(LintUndefinedMacro, NeverDefined) {
  const auto d = LintText("SLOT_WEIGHT = $(CPU_WEIGHT) * Cpus\n");
  EXPECT_EQ(At(d, "undefined-macro"), V{"1:15"}) << Dump(d);
}

TEST(LintUndefinedMacro, DefinedDefaultedOrDetectedAreClean) {
  const auto d = LintText(
      "CPU_WEIGHT = 2\nSLOT_WEIGHT = $(CPU_WEIGHT) * Cpus\n"
      "NEGOTIATOR_INTERVAL = $(NO_SUCH_KNOB:60)\n"
      "PRIORITY_HALFLIFE = 24 * $(HOUR)\n"
      "LOCAL_DIR = /var/lib/condor/$(HOSTNAME)\n"
      "LATER = $(DEFINED_BELOW)\nDEFINED_BELOW = 1\n"
      "SUBMIT_ATTRS = $$(OpSys)\n");
  EXPECT_EQ(At(d, "undefined-macro"), V{}) << Dump(d);
}

// ---- redefinition
TEST(LintRedefinition, LostValueWithANote) {
  const auto d = LintText("NEGOTIATOR_INTERVAL = 60\nX = 1\nnegotiator_interval = 30\n");
  ASSERT_EQ(At(d, "redefinition"), V{"3:1"}) << Dump(d);
  const Diagnostic* r = First(d, "redefinition");
  ASSERT_EQ(r->notes.size(), 1u);
  EXPECT_EQ(r->notes[0].where.line, 1);
  EXPECT_EQ(r->severity, Severity::kWarning);
}

TEST(LintRedefinition, TheSameValueAgainIsANote) {
  const auto d = LintText("NEGOTIATOR_INTERVAL = 60\nNEGOTIATOR_INTERVAL = 60\n");
  ASSERT_EQ(At(d, "redefinition"), V{"2:1"}) << Dump(d);
  EXPECT_EQ(First(d, "redefinition")->severity, Severity::kNote);
}

TEST(LintRedefinition, BuildingOnThePreviousValueIsClean) {
  const auto d = LintText(
      "SIGNIFICANT_ATTRIBUTES = RequestCpus\n"
      "SIGNIFICANT_ATTRIBUTES = $(SIGNIFICANT_ATTRIBUTES), RequestMemory\n"
      "SIGNIFICANT_ATTRIBUTES += AcctGroup\n"
      "NEGOTIATOR_JOB_CONSTRAINT = True\n"
      "NEGOTIATOR_JOB_CONSTRAINT = $(NEGOTIATOR_JOB_CONSTRAINT:True) && RequestCpus < 64\n"
      "if false\n  NEGOTIATOR_INTERVAL = 10\nendif\nNEGOTIATOR_INTERVAL = 60\n");
  EXPECT_EQ(At(d, "redefinition"), V{}) << Dump(d);
}

TEST(LintRedefinition, WithoutTheSourceTheReadersPiecesTell) {
  LintOptions options;
  options.toggles = {{false, "all"}, {true, "redefinition"}};
  Config config = policy::testing_util::MustRead(
      "SIGNIFICANT_ATTRIBUTES = RequestCpus\n"
      "SIGNIFICANT_ATTRIBUTES = $(SIGNIFICANT_ATTRIBUTES), RequestMemory\n"
      "SIGNIFICANT_ATTRIBUTES += AcctGroup\n"
      "NEGOTIATOR_INTERVAL = 60\nNEGOTIATOR_INTERVAL = 30\n");
  options.read_source = [](const std::string&) -> std::optional<std::string> {
    return std::nullopt;
  };
  const auto d = Lint(config, options);
  EXPECT_EQ(At(d, "redefinition"), V{"5:1"}) << Dump(d);
}

TEST(LintRedefinition, InlineCommentDisablesIt) {
  const auto d = LintText(
      "NEGOTIATOR_INTERVAL = 60\n"
      "# the test pool negotiates faster\n"
      "# policy_lint: disable=redefinition\n"
      "NEGOTIATOR_INTERVAL = 30\n");
  EXPECT_EQ(At(d, "redefinition"), V{}) << Dump(d);
}

// ---- group-quota
TEST(LintGroupQuota, UnknownGroupWithDidYouMean) {
  const auto d = LintText(
      "GROUP_NAMES = group_physics\nGROUP_QUOTA_group_physics = 10\n"
      "GROUP_QUOTA_group_phyiscs = 10\nGROUP_ACCEPT_SURPLUS_group_bio = True\n");
  EXPECT_EQ(At(d, "group-quota"), (V{"3:1", "4:1"})) << Dump(d);
  EXPECT_NE(First(d, "group-quota")->message.find("did you mean \"group_physics\"?"),
            std::string::npos);
}

TEST(LintGroupQuota, MissingParent) {
  const auto d = LintText("GROUP_NAMES = xb.x, b.x\nGROUP_QUOTA_xb.x = 1\nGROUP_QUOTA_b.x = 1\n");
  EXPECT_EQ(At(d, "group-quota"), (V{"1:15", "1:21"})) << Dump(d);
}

TEST(LintGroupQuota, StaticChildrenAboveTheParent) {
  const auto d = LintText(
      "GROUP_NAMES = a, a.x, a.y\n"
      "GROUP_QUOTA_a = 100\nGROUP_QUOTA_a.x = 60\nGROUP_QUOTA_a.y = 70\n");
  ASSERT_EQ(At(d, "group-quota"), V{"2:17"}) << Dump(d);
  EXPECT_EQ(First(d, "group-quota")->notes.size(), 2u);
}

TEST(LintGroupQuota, DynamicSiblingsAboveOne) {
  const auto d = LintText(
      "GROUP_NAMES = a, b, c\n"
      "GROUP_QUOTA_DYNAMIC_a = 0.5\nGROUP_QUOTA_DYNAMIC_b = 0.4\nGROUP_QUOTA_DYNAMIC_c = 0.3\n");
  EXPECT_EQ(At(d, "group-quota"), V{"4:25"}) << Dump(d);
}

TEST(LintGroupQuota, ZeroFractionAndStaticWithDynamic) {
  const auto d = LintText(
      "GROUP_NAMES = a, b\n"
      "GROUP_QUOTA_DYNAMIC_a = 0\n"
      "GROUP_QUOTA_b = 10\nGROUP_QUOTA_DYNAMIC_b = 0.5\n");
  EXPECT_EQ(At(d, "group-quota"), (V{"2:25", "4:1"})) << Dump(d);
}

TEST(LintGroupQuota, ConsistentTreeIsClean) {
  const auto d = LintText(
      "GROUP_NAMES = a, a.x, a.y, b, c\n"
      "GROUP_QUOTA_a = 100\nGROUP_QUOTA_a.x = 60\nGROUP_QUOTA_DYNAMIC_a.y = 1\n"
      "GROUP_QUOTA_DYNAMIC_b = 0.6\nGROUP_QUOTA_DYNAMIC_c = 0.4\n"
      "GROUP_ACCEPT_SURPLUS_a = True\nGROUP_PRIO_FACTOR_c = 100\n");
  EXPECT_EQ(At(d, "group-quota"), V{}) << Dump(d);
}

// ---- concurrency-limit
TEST(LintConcurrencyLimit, InvalidNamesAndMaxima) {
  const auto d = LintText(
      "3D_LIMIT = 4\nLIC.A.B_LIMIT = 2\nMATLAB_LIMIT = -1\nCOMSOL_LIMIT = lots\n"
      "CONCURRENCY_LIMIT_DEFAULT_A.B = 3\n");
  EXPECT_EQ(At(d, "concurrency-limit"), (V{"1:1", "2:1", "3:16", "4:16", "5:1"})) << Dump(d);
}

TEST(LintConcurrencyLimit, ValidLimitsAreClean) {
  const auto d = LintText(
      "CONCURRENCY_LIMIT_DEFAULT = 1000\nMATLAB_LIMIT = 60\nSTORAGE.DC1_LIMIT = 150\n"
      "CONCURRENCY_LIMIT_DEFAULT_STORAGE = 400\n_private_LIMIT = 0\nNEGOTIATOR.ABAQUS_LIMIT = 8\n");
  EXPECT_EQ(At(d, "concurrency-limit"), V{}) << Dump(d);
}

// ---- autocluster-merge
TEST(LintAutoclusterMerge, SignificantAttributesWithoutWhatTheScheddKeeps) {
  const auto d = LintText(
      "SIGNIFICANT_ATTRIBUTES = Requirements, RequestMemory\n"
      "REMOVE_SIGNIFICANT_ATTRIBUTES = MemoryUsage, concurrencylimits\n");
  // Rank and ConcurrencyLimits missing from the list; ConcurrencyLimits
  // removed.
  EXPECT_EQ(At(d, "autocluster-merge"), (V{"1:26", "1:26", "2:46"})) << Dump(d);
  EXPECT_EQ(At(LintText("SIGNIFICANT_ATTRIBUTES = Requirements, Rank, ConcurrencyLimits, X\n"
                        "REMOVE_SIGNIFICANT_ATTRIBUTES = MemoryUsage\n"),
               "autocluster-merge"),
            V{});
}

TEST(LintAutoclusterMerge, PreemptionPolicyReadingAnAttributeLeftOut) {
  // MemoryUsage: REMOVE_SIGNIFICANT_ATTRIBUTES' default from 25.5;
  // JobCurrentStartDate: always left out from 25.5; RequestMemory is
  // significant. Each name once.
  const auto d = LintText(
      "PREEMPTION_REQUIREMENTS = (time() - EnteredCurrentState) > 3600 && "
      "TARGET.MemoryUsage < 2000 && TARGET.MemoryUsage > 1 && TARGET.JobCurrentStartDate > 0 && "
      "TARGET.RequestMemory > 1\n");
  ASSERT_EQ(At(d, "autocluster-merge"), (V{"1:27", "1:27"})) << Dump(d);
  // A configured REMOVE_SIGNIFICANT_ATTRIBUTES replaces the default.
  const auto configured = LintText(
      "REMOVE_SIGNIFICANT_ATTRIBUTES = DiskUsage\n"
      "PREEMPTION_RANK = TARGET.MemoryUsage + TARGET.DiskUsage\n");
  ASSERT_EQ(At(configured, "autocluster-merge"), V{"2:19"}) << Dump(configured);
  EXPECT_NE(First(configured, "autocluster-merge")->message.find("DiskUsage"), std::string::npos);
}

// ---- preemption-guard
TEST(LintPreemptionGuard, NoRunningTimeGuard) {
  const auto d = LintText("PREEMPTION_REQUIREMENTS = RemoteUserPrio > SubmitterUserPrio * 1.2\n");
  EXPECT_EQ(At(d, "preemption-guard"), V{"1:27"}) << Dump(d);
}

TEST(LintPreemptionGuard, GuardJoinedByOr) {
  const auto d = LintText(
      "PREEMPTION_REQUIREMENTS = (TotalJobRunTime > 3600) || \\\n"
      "                          (RemoteUserPrio > SubmitterUserPrio * 1.2)\n");
  ASSERT_EQ(At(d, "preemption-guard"), V{"1:27"}) << Dump(d);
  EXPECT_NE(First(d, "preemption-guard")->message.find("joined by ||"), std::string::npos);
}

TEST(LintPreemptionGuard, EmptyAndTrue) {
  EXPECT_EQ(At(LintText("PREEMPTION_REQUIREMENTS =\n"), "preemption-guard"), V{"1:26"});
  EXPECT_EQ(At(LintText("PREEMPTION_REQUIREMENTS = ( True )\n"), "preemption-guard"), V{"1:27"});
}

TEST(LintPreemptionGuard, GuardedOffOrUnsetIsClean) {
  EXPECT_EQ(At(LintText("StateTimer = (time() - EnteredCurrentState)\n"
                        "PREEMPTION_REQUIREMENTS = ($(StateTimer) > 3600) && \\\n"
                        "  (RemoteUserPrio > SubmitterUserPrio * 1.2)\n"),
               "preemption-guard"),
            V{});
  EXPECT_EQ(At(LintText("PREEMPTION_REQUIREMENTS = RemoteUserPrio > 10 && "
                        "ifThenElse(isUndefined(TotalJobRunTime), 0, TotalJobRunTime) > 600\n"),
               "preemption-guard"),
            V{});
  EXPECT_EQ(At(LintText("PREEMPTION_REQUIREMENTS = (TotalJobRunTime > 3600 || JobStart < 0) "
                        "&& RemoteUserPrio > 10\n"),
               "preemption-guard"),
            V{});
  EXPECT_EQ(At(LintText("PREEMPTION_REQUIREMENTS = False\n"), "preemption-guard"), V{});
  EXPECT_EQ(At(LintText("NEGOTIATOR_CONSIDER_PREEMPTION = False\nPREEMPTION_REQUIREMENTS = True\n"),
               "preemption-guard"),
            V{});
  EXPECT_EQ(At(LintText("NEGOTIATOR_INTERVAL = 60\n"), "preemption-guard"), V{});
}

// ---- the language's traps
TEST(LintTraps, TrailingComment) {
  const auto d = LintText("GROUP_NAMES = a\nGROUP_QUOTA_a = 10 # ten\n");
  ASSERT_EQ(At(d, "trailing-comment"), V{"2:20"}) << Dump(d);
  EXPECT_EQ(First(d, "trailing-comment")->severity, Severity::kError);
  EXPECT_EQ(At(d, "knob-type"), V{}) << Dump(d);  // said once
  EXPECT_EQ(At(LintText("UID_DOMAIN = \"a # b\"\nNEGOTIATOR_INTERVAL = 60\n# 60 s\n"),
               "trailing-comment"),
            V{});
}

TEST(LintTraps, SelfReferenceToTheDefault) {
  const auto d = LintText(
      "PREEMPTION_REQUIREMENTS = $(PREEMPTION_REQUIREMENTS) && (TotalJobRunTime > 3600)\n");
  ASSERT_EQ(At(d, "self-reference-default"), V{"1:27"}) << Dump(d);
  EXPECT_NE(First(d, "self-reference-default")->message.find("\"False\""), std::string::npos);
  // += takes the default too.
  EXPECT_EQ(At(LintText("PREEMPTION_REQUIREMENTS +&&= (TotalJobRunTime > 3600)\n"),
               "self-reference-default"),
            V{"1:30"});
  // `False && ...` never preempts: no guard is needed.
  EXPECT_EQ(At(LintText("PREEMPTION_REQUIREMENTS = $(PREEMPTION_REQUIREMENTS) && "
                        "(RemoteUserPrio > 10)\n"),
               "preemption-guard"),
            V{});
  // With an earlier definition it is what the administrator meant.
  EXPECT_EQ(At(LintText("PREEMPTION_REQUIREMENTS = TotalJobRunTime > 3600\n"
                        "PREEMPTION_REQUIREMENTS = $(PREEMPTION_REQUIREMENTS) && "
                        "RemoteUserPrio > 10\n"),
               "self-reference-default"),
            V{});
}

TEST(LintTraps, ContinuationGlue) {
  const auto d = LintText(
      "GROUP_NAMES = group_a,group_b,group\\\n   _c\n"
      "GROUP_QUOTA_group_a = 1\nGROUP_QUOTA_group_b = 1\n");
  EXPECT_EQ(At(d, "continuation-glue"), V{"2:4"}) << Dump(d);
  EXPECT_EQ(At(LintText("GROUP_NAMES = group_a, \\\n  group_b\n"
                        "GROUP_QUOTA_group_a = 1\nGROUP_QUOTA_group_b = 1\n"),
               "continuation-glue"),
            V{});
}

TEST(LintTraps, IfOnADefinedButEmptyName) {
  const auto d = LintText(
      "DRAINING =\nif defined DRAINING\n  NEGOTIATOR_CONSIDER_PREEMPTION = False\n"
      "endif\n");
  ASSERT_EQ(At(d, "if-empty"), V{"2:12"}) << Dump(d);
  EXPECT_EQ(First(d, "if-empty")->notes.at(0).where.line, 1);
  EXPECT_EQ(At(LintText("DRAINING = 1\nif defined DRAINING\nendif\nif defined NEVER\nendif\n"),
               "if-empty"),
            V{});
}

// ---- policy-build, suppression and toggles
TEST(LintPolicyBuild, ProblemsNoOtherCheckReports) {
  const auto d = LintText("GROUP_NAMES = <none>\n");
  EXPECT_EQ(At(d, "policy-build"), V{"1:15"}) << Dump(d);
}

TEST(LintPolicyBuild, NotRepeatedForADefinitionAnotherCheckCovers) {
  // group-quota's missing parent (line 2) covers Policy::Build's warning
  // about the same GROUP_NAMES (at its value, line 1).
  auto d = LintText("GROUP_NAMES = a, \\\n  b.x\nGROUP_QUOTA_a = 1\nGROUP_QUOTA_b.x = 1\n");
  EXPECT_EQ(At(d, "group-quota"), V{"2:3"}) << Dump(d);
  EXPECT_EQ(At(d, "policy-build"), V{}) << Dump(d);
  // A warning does not hide an error.
  d = LintText("GROUP_NAMES = <none>, \\\n  b.x\nGROUP_QUOTA_b.x = 1\n");
  EXPECT_EQ(At(d, "policy-build"), V{"1:15"}) << Dump(d);
}

TEST(LintToggles, DisableAndEnable) {
  const std::string text = "NEGOTIATOR_INTERVAL = 1O\nSLOT_WEIGHT = $(NOPE)\n";
  LintOptions options;
  options.toggles = {{false, "all"}, {true, "undefined-macro"}};
  const auto d = LintText(text, options);
  EXPECT_EQ(d.size(), 1u) << Dump(d);
  EXPECT_EQ(At(d, "undefined-macro"), V{"2:15"});
  EXPECT_TRUE(CheckEnabled(options, "undefined-macro"));
  EXPECT_FALSE(CheckEnabled(options, "knob-type"));
  options.toggles = {{false, "nope"}};
  EXPECT_EQ(UnknownCheckNames(options), V{"nope"});
}

TEST(LintSuppression, CommentCoversOnlyTheNextDefinition) {
  const auto d = LintText(
      "# policy_lint: disable=knob-type, some words after\n"
      "NEGOTIATOR_INTERVAL = 1O\n"
      "NEGOTIATOR_CYCLE_DELAY = 2O\n");
  EXPECT_EQ(At(d, "knob-type"), V{"3:26"}) << Dump(d);
}

TEST(LintSort, ByFileLineAndColumn) {
  std::vector<Diagnostic> d(4);
  d[0].where = {"b", 1, 1};
  d[1].where = {"a", 2, 5};
  d[2].where = {"", 0, 0};
  d[3].where = {"a", 2, 1};
  SortDiagnostics(&d);
  EXPECT_EQ(d[0].where.column, 1);
  EXPECT_EQ(d[1].where.column, 5);
  EXPECT_EQ(d[2].where.file, "b");
  EXPECT_EQ(d[3].where.file, "");
}

}  // namespace
}  // namespace policy::lint
