// policy_lint's checks that read the policy expressions themselves:
// unknown-attribute, ephemeral-never, ephemeral-unguarded, type-mismatch,
// contradiction, redundant-clause; and what they stand on (positions
// inside an expression, the attribute catalogue). Each check is triggered
// at its exact position and silent on realistic policies.
#include <gtest/gtest.h>

#include <set>

#include "classad/parser.h"
#include "policy/lint/attribute_catalogue.h"
#include "policy/lint/diagnostic.h"
#include "policy/lint/expr_positions.h"
#include "tests/policy/lint_test_util.h"

namespace policy::lint {
namespace {

using testing_util::At;
using testing_util::Dump;
using testing_util::First;
using testing_util::LintText;
using V = std::vector<std::string>;

// The checks of this file.
const std::vector<std::string_view> kSemanticChecks = {"unknown-attribute",   "ephemeral-never",
                                                       "ephemeral-unguarded", "type-mismatch",
                                                       "contradiction",       "redundant-clause"};

// The diagnostics of the semantic checks only.
std::vector<Diagnostic> Semantic(const std::vector<Diagnostic>& all) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : all) {
    for (std::string_view check : kSemanticChecks) {
      if (d.check == check) out.push_back(d);
    }
  }
  return out;
}

std::shared_ptr<classad::ClassAd> Ad(std::string_view text) {
  classad::Result<std::shared_ptr<classad::ClassAd>> ad = classad::ParseAd(text);
  EXPECT_TRUE(ad.ok()) << ad.status().ToString();
  return ad.ok() ? *ad : std::make_shared<classad::ClassAd>();
}

// ---- positions inside an expression

// The offset of the first node named `name` (attribute, select or call),
// found through its name.
std::optional<size_t> NameOffset(const classad::Expr& root, const ExprPositions& positions,
                                 std::string_view name) {
  if ((root.kind() == classad::ExprKind::kAttribute || root.kind() == classad::ExprKind::kSelect ||
       root.kind() == classad::ExprKind::kCall) &&
      root.name() == name) {
    return positions.NameAt(root);
  }
  if (root.kind() == classad::ExprKind::kAd) return std::nullopt;
  for (const classad::ExprPtr& child : root.children()) {
    if (child == nullptr) continue;
    if (std::optional<size_t> at = NameOffset(*child, positions, name)) return at;
  }
  return std::nullopt;
}

TEST(LintExprPositions, EveryKindOfNode) {
  const std::string text =
      "-5 + MY.Alpha * f(Beta; \"s\" \"t\") > 2 ? {Gamma, [a = Zeta]} : Delta[0] ?: .Eps\n"
      "  /* comment */ && (Iota is undefined) =!= ! Kappa // end\n";
  classad::Result<classad::ExprPtr> expr = classad::ParseExpression(text);
  ASSERT_TRUE(expr.ok()) << expr.status().ToString();
  const ExprPositions positions = ExprPositions::Compute(text, **expr);
  ASSERT_TRUE(positions.complete());
  for (std::string_view name : {"Alpha", "f", "Beta", "Gamma", "Delta", "Eps", "Iota", "Kappa"}) {
    const std::optional<size_t> at = NameOffset(**expr, positions, name);
    ASSERT_TRUE(at.has_value()) << name;
    EXPECT_EQ(text.substr(*at, name.size()), name);
  }
  // An attribute of a nested ad is another scope: not walked into.
  EXPECT_EQ(NameOffset(**expr, positions, "Zeta"), std::nullopt);
  EXPECT_EQ(positions.Begin(**expr), 0u);
}

TEST(LintExprPositions, ParenthesesTheParserAdds) {
  // `a + b ? : c` is an elvis whose left side the parser parenthesizes.
  const std::string text = "Alpha + Beta ? : Gamma";
  classad::Result<classad::ExprPtr> expr = classad::ParseExpression(text);
  ASSERT_TRUE(expr.ok());
  const ExprPositions positions = ExprPositions::Compute(text, **expr);
  ASSERT_TRUE(positions.complete());
  EXPECT_EQ(NameOffset(**expr, positions, "Gamma"), 17u);
}

TEST(LintExprPositions, TextThatDoesNotBelongGivesNoPositions) {
  classad::Result<classad::ExprPtr> expr = classad::ParseExpression("Alpha + Beta");
  ASSERT_TRUE(expr.ok());
  const ExprPositions positions = ExprPositions::Compute("Alpha - Beta", **expr);
  EXPECT_FALSE(positions.complete());
  EXPECT_EQ(positions.Begin(**expr), std::nullopt);
  EXPECT_FALSE(ExprPositions::Compute("\"unterminated", **expr).complete());
}

// ---- the attribute catalogue

TEST(LintAttributeCatalogue, StandardEphemeralAndCrossSlotNames) {
  const AttributeCatalogue catalogue;
  const AttributeCatalogue::Entry* memory = catalogue.Find("MEMORY");
  ASSERT_NE(memory, nullptr);
  EXPECT_EQ(memory->type, AttributeType::kNumber);
  EXPECT_EQ(memory->ads, kSlotAd);
  EXPECT_EQ(catalogue.Find("Owner")->type, AttributeType::kString);
  EXPECT_EQ(catalogue.Find("Owner")->ads, kJobAd);
  EXPECT_EQ(catalogue.Find("GroupQuota")->ads, kGroupSortAd);
  EXPECT_TRUE(catalogue.Find("RemoteUserPrio")->ephemeral);
  EXPECT_EQ(catalogue.Find("RemoteUserPrio")->ads, kSlotAd);
  EXPECT_EQ(catalogue.Find("SubmitterGroup")->type, AttributeType::kString);
  EXPECT_EQ(catalogue.Find("slot3_RemoteUserPrio"), catalogue.Find("RemoteUserPrio"));
  EXPECT_EQ(catalogue.Find("slot3_Memory"), nullptr);
  EXPECT_EQ(catalogue.Find("LabNode"), nullptr);
  // From condor_attributes.h only: known, of no recorded type or ad.
  ASSERT_NE(catalogue.Find("AzureImage"), nullptr);
  EXPECT_GE(StandardAttributes().size(), 1000u);
}

TEST(LintAttributeCatalogue, SuggestionsByEditDistance) {
  const AttributeCatalogue catalogue;
  EXPECT_EQ(catalogue.Suggest("Memroy", kSlotAd), V{"Memory"});
  EXPECT_EQ(catalogue.Suggest("remoteuserprios", kAnyAd), V{"RemoteUserPrio"});
  EXPECT_EQ(catalogue.Suggest("Cpu", kAnyAd), V{});  // too short to guess
  EXPECT_EQ(catalogue.Suggest("LabNode", kAnyAd), V{});
  EXPECT_EQ(catalogue.Suggest("GroupQuotaa", kGroupSortAd), V{"GroupQuota"});
}

TEST(LintAttributeCatalogue, SampleAdsExtendAndType) {
  const std::vector<std::shared_ptr<classad::ClassAd>> slots = {
      Ad("[ LabNode = true; Memory = 2048; Mixed = 1 ]"), Ad("[ Mixed = \"one\" ]")};
  const std::vector<std::shared_ptr<classad::ClassAd>> jobs = {
      Ad("[ Project = \"x\"; Memory = \"lots\" ]")};
  const AttributeCatalogue catalogue(slots, jobs);
  EXPECT_TRUE(catalogue.has_sample_slots());
  EXPECT_TRUE(catalogue.has_sample_jobs());
  ASSERT_NE(catalogue.Find("labnode"), nullptr);
  EXPECT_EQ(catalogue.Find("LabNode")->type, AttributeType::kBoolean);
  EXPECT_TRUE(catalogue.Find("LabNode")->in_sample_slot);
  EXPECT_EQ(catalogue.Find("Project")->ads & kJobAd, kJobAd);
  // Disagreeing samples, or a sample against the table: no type.
  EXPECT_EQ(catalogue.Find("Mixed")->type, AttributeType::kUnknown);
  EXPECT_EQ(catalogue.Find("Memory")->type, AttributeType::kUnknown);
  EXPECT_EQ(catalogue.Suggest("LabNodes", kSlotAd), V{"LabNode"});
}

// ---- unknown-attribute

TEST(LintUnknownAttribute, TypoWithDidYouMeanInsideAContinuation) {
  const auto d = LintText(
      "NEGOTIATOR_POST_JOB_RANK = (RemoteOwner =?= UNDEFINED) * \\\n"
      "    (KFlops - SlotId - Memroy)\n");
  EXPECT_EQ(At(d, "unknown-attribute"), V{"2:24"}) << Dump(d);
  EXPECT_NE(First(d, "unknown-attribute")->message.find("did you mean Memory?"), std::string::npos);
}

TEST(LintUnknownAttribute, SlotAttributeOnTheJobSide) {
  const auto d = LintText(
      "NEGOTIATOR_PRE_JOB_RANK = TARGET.Memory + MY.RequestMemory\n"
      "NEGOTIATOR_JOB_CONSTRAINT = Memory > 100\n");
  EXPECT_EQ(At(d, "unknown-attribute"), (V{"1:34", "2:29"})) << Dump(d);
  EXPECT_NE(First(d, "unknown-attribute")->message.find("TARGET is the job ad"), std::string::npos);
}

TEST(LintUnknownAttribute, TargetInAOneAdKnobAndTheGroupSortAd) {
  const auto d = LintText(
      "NEGOTIATOR_SLOT_CONSTRAINT = TARGET.RequestCpus > 1\n"
      "GROUP_SORT_EXPR = GroupResourcesInUse / GroupQuota + Cpus\n");
  EXPECT_EQ(At(d, "unknown-attribute"), (V{"1:37", "2:54"})) << Dump(d);
}

TEST(LintUnknownAttribute, ThroughAMacroNotesItsDefinition) {
  const auto d = LintText(
      "MY_TIMER = (time() - EnteredCurentState)\n"
      "PREEMPTION_REQUIREMENTS = $(MY_TIMER) > 3600\n");
  EXPECT_EQ(At(d, "unknown-attribute"), V{"2:27"}) << Dump(d);
  const Diagnostic* first = First(d, "unknown-attribute");
  ASSERT_EQ(first->notes.size(), 1u);
  EXPECT_EQ(first->notes[0].where.line, 1);
  EXPECT_EQ(first->notes[0].where.column, 22);  // the very byte in the macro
}

TEST(LintUnknownAttribute, InTheEarlierValueOfASelfReference) {
  const auto d = LintText(
      "PREEMPTION_REQUIREMENTS = (time() - EnteredCurentState) > 3600\n"
      "PREEMPTION_REQUIREMENTS = $(PREEMPTION_REQUIREMENTS) && (RemoteUserPrio > 10)\n");
  EXPECT_EQ(At(d, "unknown-attribute"), V{"2:27"}) << Dump(d);
  const Diagnostic* first = First(d, "unknown-attribute");
  ASSERT_EQ(first->notes.size(), 1u);
  EXPECT_EQ(first->notes[0].where.line, 1);
  EXPECT_EQ(first->notes[0].where.column, 37);
  EXPECT_NE(first->notes[0].message.find("earlier value"), std::string::npos);
}

TEST(LintUnknownAttribute, APolicyMacroIsReportedOnceWhereItIsDefined) {
  const auto d = LintText(
      "StateTimer = (time() - EnteredCurentState)\n"
      "PREEMPTION_REQUIREMENTS = $(StateTimer) > 3600\n");
  EXPECT_EQ(At(d, "unknown-attribute"), V{"1:24"}) << Dump(d);
}

TEST(LintUnknownAttribute, SiteAttributesAndSampleAdsAreClean) {
  const std::string config =
      "NEGOTIATOR_SLOT_CONSTRAINT = (LabNode =?= True) && (HasFastScratch =!= False)\n"
      "NEGOTIATOR_PRE_JOB_RANK = TARGET.ProjectWeight * 10 + MY.GpuModelNumberX\n";
  EXPECT_EQ(At(LintText(config), "unknown-attribute"), V{}) << Dump(LintText(config));
  // A sample ad's attribute is known; a near miss of it is a typo.
  LintOptions options;
  options.sample_slots = {Ad("[ HasFastScratch = true ]")};
  const auto d = LintText("NEGOTIATOR_SLOT_CONSTRAINT = HasFastScrach\n", options);
  EXPECT_EQ(At(d, "unknown-attribute"), V{"1:30"}) << Dump(d);
  EXPECT_NE(d[0].message.find("HasFastScratch"), std::string::npos);
}

// ---- ephemeral-never

TEST(LintEphemeralNever, KnobsEvaluatedWithoutThem) {
  const auto d = LintText(
      "GROUP_SORT_EXPR = SubmitterUserPrio\n"
      "NEGOTIATOR_SLOT_CONSTRAINT = RemoteUserPrio < 100\n"
      "NEGOTIATOR_JOB_CONSTRAINT = SubmitterGroup =?= \"a\"\n");
  EXPECT_EQ(At(d, "ephemeral-never"), (V{"1:19", "2:30", "3:29"})) << Dump(d);
  EXPECT_EQ(At(d, "unknown-attribute"), V{}) << Dump(d);
}

TEST(LintEphemeralNever, WrongSideAndRemoteAutoregroup) {
  const auto d = LintText(
      "PREEMPTION_REQUIREMENTS = (time() - EnteredCurrentState > 3600) && \\\n"
      "   MY.SubmitterUserPrio < TARGET.RemoteUserPrio && RemoteAutoregroup =!= True\n");
  EXPECT_EQ(At(d, "ephemeral-never"), (V{"2:7", "2:34", "2:52"})) << Dump(d);
}

TEST(LintEphemeralNever, GroupAttributesNeedGroupQuotas) {
  const std::string recipe =
      "PREEMPTION_REQUIREMENTS = (time() - EnteredCurrentState > 3600) && \\\n"
      "  ((SubmitterGroupResourcesInUse < SubmitterGroupQuota) || \\\n"
      "   (SubmitterGroup =?= RemoteGroup))\n";
  const auto d = LintText(recipe);
  // `SubmitterGroup =?= RemoteGroup` copes with their absence (the old UWCS
  // policy relies on it): only the comparison with < is flagged.
  EXPECT_EQ(At(d, "ephemeral-never"), (V{"2:5", "2:36"})) << Dump(d);
  EXPECT_TRUE(
      Semantic(LintText("GROUP_NAMES = a, b\nGROUP_QUOTA_a = 1\nGROUP_QUOTA_b = 1\n" + recipe))
          .empty())
      << Dump(LintText("GROUP_NAMES = a, b\n" + recipe));
}

TEST(LintEphemeralNever, NoPreemptionAndCrossSlotForms) {
  const auto d = LintText(
      "NEGOTIATOR_CONSIDER_PREEMPTION = False\n"
      "NEGOTIATOR_POST_JOB_RANK = ifThenElse(isUndefined(RemoteGroup), 0, 1) + RemoteUserPrio\n");
  EXPECT_EQ(At(d, "ephemeral-never"), V{"2:73"}) << Dump(d);
  EXPECT_EQ(At(d, "ephemeral-unguarded"), V{}) << Dump(d);
  const std::string cross =
      "PREEMPTION_REQUIREMENTS = (time() - EnteredCurrentState > 3600) && "
      "slot1_RemoteUserPrio > SubmitterUserPrio\n";
  EXPECT_EQ(At(LintText(cross), "ephemeral-never"), V{"1:68"}) << Dump(LintText(cross));
  EXPECT_TRUE(Semantic(LintText("NEGOTIATOR_CROSS_SLOT_PRIOS = True\n" + cross)).empty());
}

// ---- ephemeral-unguarded

TEST(LintEphemeralUnguarded, ClaimedSlotAttributeInAJobRank) {
  const auto d = LintText(
      "NEGOTIATOR_PRE_JOB_RANK = (10000000 * My.Rank) + (1000000 * (RemoteOwner =?= UNDEFINED)) "
      "- RemoteUserPrio\n");
  EXPECT_EQ(At(d, "ephemeral-unguarded"), V{"1:92"}) << Dump(d);
  // PREEMPTION_RANK is evaluated for claimed slots only.
  EXPECT_TRUE(Semantic(LintText("PREEMPTION_RANK = RemoteUserPrio * 1000000\n")).empty());
}

TEST(LintEphemeralUnguarded, GuardedFormsAreClean) {
  for (const char* rank : {
           "ifThenElse(isUndefined(RemoteUserPrio), 0, RemoteUserPrio)",
           "(RemoteUserPrio =?= UNDEFINED) * 10",
           "RemoteUserPrio ?: 0",
           "(RemoteOwner =!= UNDEFINED) && (RemoteUserPrio > 10)",
           "(RemoteUserPrio is undefined) ? 0 : RemoteUserPrio",
           "strcat(RemoteGroup)",
       }) {
    const auto d =
        LintText("GROUP_NAMES = a\nNEGOTIATOR_POST_JOB_RANK = " + std::string(rank) + "\n");
    EXPECT_EQ(At(d, "ephemeral-unguarded"), V{}) << rank << "\n" << Dump(d);
  }
}

// ---- type-mismatch

TEST(LintTypeMismatch, OperatorsOnTheWrongTypes) {
  const auto d = LintText(
      "NEGOTIATOR_JOB_CONSTRAINT = (Owner + 1 > 3) && (JobUniverse == \"vanilla\") && \\\n"
      "   (-Owner < 0) && (AcctGroup && true) && (JobStatus =?= \"2\") && \\\n"
      "   (Owner == UNDEFINED) && (NiceUser ? 1 : 0)\n");
  EXPECT_EQ(At(d, "type-mismatch"), (V{"1:30", "1:49", "2:6", "2:21", "2:44", "3:5"})) << Dump(d);
  EXPECT_NE(d[0].message.find("Owner (a string) is an operand of +"), std::string::npos) << Dump(d);
}

TEST(LintTypeMismatch, BuiltInArguments) {
  const auto d = LintText(
      "NEGOTIATOR_JOB_CONSTRAINT = substr(JobStatus, 1) == \"a\" && max(1, 2) > 0 && \\\n"
      "   regexp(\"^a\", Owner) && stringListMember(Owner, 5) && ifThenElse(Owner, 1, 0)\n");
  EXPECT_EQ(At(d, "type-mismatch"), (V{"1:36", "1:60", "2:51", "2:68"})) << Dump(d);
}

TEST(LintTypeMismatch, SampleAdsGiveTypes) {
  LintOptions options;
  options.sample_slots = {Ad("[ GpuModel = \"A100\" ]")};
  const auto d = LintText("NEGOTIATOR_SLOT_CONSTRAINT = GpuModel > 3\n", options);
  EXPECT_EQ(At(d, "type-mismatch"), V{"1:30"}) << Dump(d);
  EXPECT_EQ(At(LintText("NEGOTIATOR_SLOT_CONSTRAINT = GpuModel > 3\n"), "type-mismatch"), V{});
}

TEST(LintTypeMismatch, BooleanArithmeticAndUnknownTypesAreClean) {
  const auto d = LintText(
      "NEGOTIATOR_PRE_JOB_RANK = (10000000 * My.Rank) + (1000000 * (RemoteOwner =?= UNDEFINED)) "
      "- (100000 * Cpus) - Memory\n"
      "NEGOTIATOR_POST_JOB_RANK = (RemoteOwner =?= UNDEFINED) * (ifthenElse(isUndefined(KFlops), "
      "1000, Kflops) - SlotID - 1.0e10*(Offline=?=True))\n"
      "NEGOTIATOR_SLOT_CONSTRAINT = SiteThing > 3 && OtherThing == \"x\" && int(\"12\") > 3 && "
      "stringListMember(\"a\", AllowedGroups)\n");
  EXPECT_TRUE(Semantic(d).empty()) << Dump(d);
}

// ---- contradiction and redundant-clause

TEST(LintContradiction, IntervalsAndSets) {
  const auto d = LintText(
      "NEGOTIATOR_SLOT_CONSTRAINT = (Disk > 500 && Disk < 100) || \\\n"
      "   (OpSys == \"LINUX\" && OpSys == \"WINDOWS\") || (500 < Memory && Memory < 100)\n"
      "NEGOTIATOR_JOB_CONSTRAINT = (OpSys =?= \"LINUX\" && OpSys =?= \"linux\") || \\\n"
      "   (KFlops > 10 || KFlops <= 1000)\n");
  EXPECT_EQ(At(d, "contradiction"), (V{"1:45", "2:25", "2:65", "3:51", "4:20"})) << Dump(d);
  const Diagnostic* first = First(d, "contradiction");
  ASSERT_EQ(first->notes.size(), 1u);
  EXPECT_EQ(first->notes[0].where.column, 31);
}

TEST(LintContradiction, NotInferredWhenValuesMayExist) {
  const auto d = LintText(
      "NEGOTIATOR_SLOT_CONSTRAINT = (Cpus > 1 && Cpus < 2) && (OpSys == \"LINUX\" || "
      "OpSys == \"WINDOWS\") && (Disk > 5 && Memory < 1) && (Arch =?= \"X86_64\" || Arch =?= "
      "\"x86_64\") && (MY.Disk > 500 && Disk < 100)\n");
  EXPECT_EQ(At(d, "contradiction"), V{}) << Dump(d);
  EXPECT_EQ(At(d, "redundant-clause"), V{}) << Dump(d);
}

TEST(LintRedundantClause, ImpliedCoveredAndRepeated) {
  const auto d = LintText(
      "NEGOTIATOR_SLOT_CONSTRAINT = (Memory > 1024 && Memory > 2048) && \\\n"
      "   (Disk > 100 || Disk > 500) && (OpSys == \"LINUX\" && OpSys == \"linux\") && \\\n"
      "   (Arch != \"INTEL\" && Arch == \"X86_64\")\n");
  EXPECT_EQ(At(d, "redundant-clause"), (V{"1:31", "2:19", "2:55", "3:5"})) << Dump(d);
  EXPECT_EQ(At(d, "contradiction"), V{}) << Dump(d);
}

TEST(LintRedundantClause, OneReportPerAttributeAndChain) {
  const auto d = LintText(
      "NEGOTIATOR_SLOT_CONSTRAINT = Memory > 1 && Memory > 2 && Memory > 3 && Memory > 1\n");
  EXPECT_EQ(At(d, "redundant-clause"), V{"1:30"}) << Dump(d);
}

TEST(LintSemantic, HostileExpressionsStayBounded) {
  // Long chains of comparisons of one attribute, many ephemeral references
  // under && / ||, many distinct unknown names: bounded work
  // (LintOptions::max_compared_clauses, max_suggested_names), one report
  // per attribute.
  std::string config = "NEGOTIATOR_SLOT_CONSTRAINT = X != 0";
  for (int i = 1; i < 900; ++i) config += " && X != " + std::to_string(i);
  config += "\nNEGOTIATOR_JOB_CONSTRAINT = OpSys =!= \"v0\"";
  for (int i = 1; i < 900; ++i) config += " && OpSys =!= \"v" + std::to_string(i) + "\"";
  config += "\nNEGOTIATOR_PRE_JOB_RANK = (RemoteUserPrio > 1";
  for (int i = 1; i < 150; ++i)
    config += i % 30 == 0 ? ") || (RemoteUserPrio > 1" : " && RemoteUserPrio > 1";
  config += ")\nNEGOTIATOR_POST_JOB_RANK = Memroyy0x";
  for (int i = 1; i < 900; ++i) config += " + Memroyy" + std::to_string(i) + "x";
  config += "\n";
  const auto d = LintText(config);
  EXPECT_EQ(At(d, "ephemeral-unguarded").size(), 1u) << Dump(d);
  EXPECT_LE(At(d, "redundant-clause").size(), 5u) << Dump(d);
  EXPECT_EQ(At(d, "contradiction"), V{}) << Dump(d);
}

// ---- realistic policies

TEST(LintSemantic, RealisticPoliciesAreClean) {
  const char* configs[] = {
      // HTCondor's defaults, written out.
      "NEGOTIATOR_PRE_JOB_RANK = (10000000 * My.Rank) + (1000000 * (RemoteOwner =?= UNDEFINED)) "
      "- (100000 * Cpus) - Memory\n"
      "NEGOTIATOR_POST_JOB_RANK = (RemoteOwner =?= UNDEFINED) * (ifthenElse(isUndefined(KFlops), "
      "1000, Kflops) - SlotID - 1.0e10*(Offline=?=True))\n"
      "PREEMPTION_RANK = (RemoteUserPrio * 1000000) - ifThenElse(isUndefined(TotalJobRuntime), 0, "
      "TotalJobRuntime)\n"
      "GROUP_SORT_EXPR = ifThenElse(AccountingGroup=?=\"<none>\",3.4e+38,ifThenElse(GroupQuota>0,"
      "GroupResourcesInUse/GroupQuota,3.3e+38))\n"
      "STARTD_AD_REEVAL_EXPR = target.UpdateSequenceNumber > my.UpdateSequenceNumber\n"
      "SLOT_WEIGHT = Cpus\n",
      // The old UWCS policy of HTCondor's annotated configuration, without
      // and with group quotas.
      "StateTimer = (time() - EnteredCurrentState)\n"
      "PREEMPTION_REQUIREMENTS = ((SubmitterGroup =?= RemoteGroup) && ($(StateTimer) > (1 * "
      "$(HOUR))) && (RemoteUserPrio > TARGET.SubmitterUserPrio * 1.2)) || (MY.NiceUser == True)\n"
      "NEGOTIATOR_PRE_JOB_RANK = RemoteOwner =?= UNDEFINED\n"
      "PREEMPTION_RANK = (RemoteUserPrio * 1000000) - TARGET.ImageSize\n"
      "NEGOTIATOR_POST_JOB_RANK = isUndefined(RemoteOwner) * (- SlotId)\n"
      "SLOT_WEIGHT = floor(Memory / 25)\n",
      "GROUP_NAMES = group_a, group_b\n"
      "GROUP_QUOTA_DYNAMIC_group_a = 0.5\nGROUP_QUOTA_DYNAMIC_group_b = 0.5\n"
      "StateTimer = (time() - EnteredCurrentState)\n"
      "PREEMPTION_REQUIREMENTS = ((SubmitterGroup =?= RemoteGroup) && ($(StateTimer) > (1 * "
      "$(HOUR))) && (RemoteUserPrio > TARGET.SubmitterUserPrio * 1.2)) || (MY.NiceUser == True)\n",
      // Slot and job selection of a GPU pool.
      "NEGOTIATOR_SLOT_CONSTRAINT = (State == \"Unclaimed\" || State == \"Claimed\") && "
      "(Arch == \"X86_64\") && (OpSys == \"LINUX\") && (TotalGPUs =?= UNDEFINED || TotalGPUs > 0)\n"
      "NEGOTIATOR_JOB_CONSTRAINT = (JobUniverse == 5 || JobUniverse == 7) && RequestCpus <= 64 && "
      "stringListIMember(\"gpu\", ifThenElse(isString(WantFeatures), WantFeatures, \"\"))\n"
      "NEGOTIATOR_SUBMITTER_CONSTRAINT = IdleJobs > 0 && Name =!= \"nobody@example.org\"\n"
      "NEGOTIATOR_PRE_JOB_RANK = 10 * (TARGET.RequestGPUs > 0) * (MY.TotalGPUs > 0) - "
      "(Memory - TARGET.RequestMemory) / 1024\n",
      // Preemption guarded by how long the running job has run.
      "PREEMPTION_REQUIREMENTS = (TotalJobRunTime =!= UNDEFINED) && (TotalJobRunTime > 2 * "
      "$(HOUR)) && (RemoteUserPrio > SubmitterUserPrio * 1.5) && "
      "(regexp(\"^group_prod\", SubmitterNegotiatingGroup) =!= True)\n"
      "PREEMPTION_RANK = RemoteUserPrio - TotalJobRunTime / 3600.0\n",
  };
  for (const char* config : configs) {
    const auto d = LintText(config);
    EXPECT_TRUE(Semantic(d).empty()) << config << "\n" << Dump(d);
  }
}

TEST(LintSemantic, InlineCommentDisablesEach) {
  for (std::string_view check : kSemanticChecks) {
    const auto d = LintText("# policy_lint: disable=" + std::string(check) +
                            "\n"
                            "NEGOTIATOR_PRE_JOB_RANK = (Disk > 5 && Disk < 1) + (Disk > 5 && "
                            "Disk > 6) + RemoteUserPrio + Owner * 2 + TARGET.Memory + "
                            "MY.SubmitterUserPrio + Memroy\n");
    EXPECT_EQ(At(d, check), V{}) << check << "\n" << Dump(d);
    EXPECT_GE(Semantic(d).size(), kSemanticChecks.size() - 1) << check << "\n" << Dump(d);
  }
}

}  // namespace
}  // namespace policy::lint
