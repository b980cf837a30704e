// The dirac-* lint checks (policy/dirac/dirac_lint.h).
#include "policy/dirac/dirac_lint.h"

#include <gtest/gtest.h>

#include "policy/dirac/dirac_diagnostic.h"

namespace policy::dirac {
namespace {

std::vector<lint::Diagnostic> LintText(std::string_view text) {
  classad::Result<CsConfig> config = ReadCsText(text, "dirac.cfg");
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  return config.ok() ? LintDiracConfig(*config) : std::vector<lint::Diagnostic>{};
}

// "line:column check" of every diagnostic.
std::vector<std::string> Summary(const std::vector<lint::Diagnostic>& diagnostics) {
  std::vector<std::string> out;
  for (const lint::Diagnostic& d : diagnostics) {
    out.push_back(std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + " " +
                  d.check);
  }
  return out;
}

// The diagnostics of check `check`.
std::vector<lint::Diagnostic> OfCheck(const std::vector<lint::Diagnostic>& all,
                                      std::string_view check) {
  std::vector<lint::Diagnostic> out;
  for (const lint::Diagnostic& d : all) {
    if (d.check == check) out.push_back(d);
  }
  return out;
}

// A JobScheduling section under Operations/Defaults with `instances`
// inside ShareCorrections/WMSHistory, correction enabled and started.
std::string WithInstances(std::string_view instances) {
  return "Operations {\n"
         "  Defaults {\n"
         "    JobScheduling {\n"
         "      EnableSharesCorrection = True\n"
         "      ShareCorrections {\n"
         "        ShareCorrectorsToStart = WMSHistory\n"
         "        WMSHistory {\n" +
         std::string(instances) +
         "        }\n"
         "      }\n"
         "    }\n"
         "  }\n"
         "}\n";
}

TEST(DiracLint, TheChecksAreAllNamedInTheDiracFamily) {
  for (const DiracCheck& check : AllDiracChecks()) {
    EXPECT_TRUE(check.name.starts_with("dirac-")) << check.name;
    EXPECT_FALSE(check.description.empty()) << check.name;
  }
  EXPECT_EQ(AllDiracChecks().size(), 18u);
}

TEST(DiracLint, MaxGlobalCorrectionFactorIsNeverReadAndTheClampStaysAtFive) {
  const auto all = LintText(WithInstances(
      "          G {\n"
      "            MaxGlobalCorrectionFactor = 3\n"
      "            Week {\n"
      "              Weight = 100\n"
      "            }\n"
      "          }\n"));
  const auto found = OfCheck(all, "dirac-global-clamp-name");
  ASSERT_EQ(found.size(), 1u) << ::testing::PrintToString(Summary(all));
  EXPECT_EQ(found[0].where.line, 9);
  EXPECT_EQ(found[0].where.column, 13);
  EXPECT_EQ(found[0].severity, lint::Severity::kWarning);
  EXPECT_EQ(found[0].message,
            "DIRAC never reads MaxGlobalCorrectionFactor (the name its page uses): the global "
            "clamp of instance G is MaxGlobalCorrection, so it clamps at 5 (the default), not 3");
  EXPECT_EQ(SuggestedFix(found[0]), "rename it to MaxGlobalCorrection");
  EXPECT_TRUE(OfCheck(all, "dirac-unknown-option").empty());
}

TEST(DiracLint, NonIntegerValuesThatDiracReplacesByDefaultsAreFound) {
  const auto all = LintText(WithInstances(
      "          G {\n"
      "            Week {\n"
      "              Weight = 0.8\n"
      "              TimeSpan = 1 week\n"
      "            }\n"
      "            Hour {\n"
      "              Weight = 0.2\n"
      "            }\n"
      "          }\n"));
  const auto found = OfCheck(all, "dirac-non-integer");
  EXPECT_EQ(Summary(found), (std::vector<std::string>{"10:24 dirac-non-integer",
                                                      "11:26 dirac-non-integer",
                                                      "14:24 dirac-non-integer"}));
  EXPECT_EQ(found[1].message,
            "JobScheduling/ShareCorrections/WMSHistory/G/Week/TimeSpan = 1 week is not an "
            "integer: DIRAC reads this option with int() and silently takes the default 604800");
  // Both weights become 1: they sum to 2, which the weights check names.
  const auto weights = OfCheck(all, "dirac-span-weights");
  ASSERT_EQ(weights.size(), 1u);
  EXPECT_EQ(weights[0].message,
            "the span weights of instance G sum to 2, not 100 or 1: DIRAC divides each by the "
            "sum (Week 1 -> 0.5, Hour 1 -> 0.5)");
}

TEST(DiracLint, SpanWeightsThatDoNotSumTo100Or1AreExplained) {
  const auto all = LintText(WithInstances(
      "          G {\n"
      "            Week {\n"
      "              Weight = 80\n"
      "            }\n"
      "            Hour {\n"
      "              Weight = 30\n"
      "            }\n"
      "          }\n"
      "          H {\n"
      "            Group = u\n"
      "            Week {\n"
      "              Weight = 80\n"
      "            }\n"
      "            Hour {\n"
      "              Weight = 20\n"
      "            }\n"
      "          }\n"));
  const auto found = OfCheck(all, "dirac-span-weights");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].where.line, 8);
  EXPECT_EQ(found[0].message,
            "the span weights of instance G sum to 110, not 100 or 1: DIRAC divides each by the "
            "sum (Week 80 -> 0.727, Hour 30 -> 0.273)");
  EXPECT_EQ(SuggestedFix(found[0]), "write weights that sum to 100, as percentages");
}

TEST(DiracLint, ACorrectorForAJobSharingGroupDoesNothing) {
  const std::string text =
      "Registry {\n"
      "  Groups {\n"
      "    prod {\n"
      "      Properties = NormalUser, JobSharing\n"
      "    }\n"
      "    user {\n"
      "      Properties = NormalUser\n"
      "    }\n"
      "  }\n"
      "}\n" +
      WithInstances("          P {\n"
                    "            Group = prod\n"
                    "          }\n"
                    "          U {\n"
                    "            Group = user\n"
                    "          }\n"
                    "          X {\n"
                    "            Group = nobody\n"
                    "          }\n");
  const auto all = LintText(text);
  const auto sharing = OfCheck(all, "dirac-corrector-job-sharing");
  ASSERT_EQ(sharing.size(), 1u);
  EXPECT_EQ(sharing[0].where.line, 19);
  EXPECT_EQ(sharing[0].where.column, 21);
  EXPECT_EQ(SuggestedFix(sharing[0]),
            "remove instance P, or correct the group in the groups' instance");
  EXPECT_EQ(Summary(OfCheck(all, "dirac-corrector-unknown-group")),
            (std::vector<std::string>{"25:21 dirac-corrector-unknown-group"}));
  EXPECT_EQ(Summary(OfCheck(all, "dirac-user-corrector-head")),
            (std::vector<std::string>{"22:21 dirac-user-corrector-head"}));
}

TEST(DiracLint, UnknownOptionsInTheSectionsWeKnowAreFound) {
  const auto all = LintText(
      "Registry {\n"
      "  Groups {\n"
      "    user {\n"
      "      Jobshare = 10\n"
      "      Users = a, b\n"
      "      Properties = NormalUser, JOB_SHARING\n"
      "    }\n"
      "  }\n"
      "}\n" +
      WithInstances("          G {\n"
                    "            Groups = x\n"
                    "            MaxGlobalCorection = 3\n"
                    "            Week {\n"
                    "              TimeSpam = 10\n"
                    "              Colour = red\n"
                    "            }\n"
                    "          }\n"));
  EXPECT_EQ(Summary(OfCheck(all, "dirac-unknown-option")),
            (std::vector<std::string>{
                "4:7 dirac-unknown-option",    // Jobshare: did you mean JobShare?
                "18:13 dirac-unknown-option",  // Groups: did you mean Group?
                "19:13 dirac-unknown-option",  // MaxGlobalCorection
                "21:15 dirac-unknown-option",  // TimeSpam
                "22:15 dirac-unknown-option",  // Colour
            }));
  const auto unknown = OfCheck(all, "dirac-unknown-option");
  EXPECT_EQ(unknown[0].message,
            "Jobshare is not an option DIRAC reads in a Registry group (did you mean JobShare? "
            "DIRAC's names are case sensitive)");
  EXPECT_EQ(SuggestedFix(unknown[4]), "remove it");
  // Users is a group option DIRAC reads elsewhere: not a near miss, not flagged.
  EXPECT_EQ(Summary(OfCheck(all, "dirac-property-spelling")),
            (std::vector<std::string>{"6:20 dirac-property-spelling"}));
}

TEST(DiracLint, AllowBackgroundTQsIsReadPerGroupNotInJobScheduling) {
  const auto all = LintText(
      "Operations {\n"
      "  Production {\n"
      "    JobScheduling {\n"
      "      AllowBackgroundTQs = True\n"
      "    }\n"
      "  }\n"
      "}\n");
  EXPECT_EQ(Summary(all), (std::vector<std::string>{"4:7 dirac-misplaced-option"}));
}

TEST(DiracLint, BooleansDiracReadsAsFalseAreFound) {
  const auto all = LintText(
      "Operations {\n"
      "  Defaults {\n"
      "    JobScheduling {\n"
      "      EnableSharesCorrection = on\n"
      "    }\n"
      "  }\n"
      "}\n");
  const auto found = OfCheck(all, "dirac-boolean-spelling");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message,
            "EnableSharesCorrection = on: DIRAC reads true only from y, yes, true or 1, so this "
            "is false");
}

TEST(DiracLint, CorrectorsThatNeverRunAndUnknownCorrectorsAreFound) {
  const auto all = LintText(
      "Operations {\n"
      "  Defaults {\n"
      "    JobScheduling {\n"
      "      ShareCorrections {\n"
      "        ShareCorrectorsToStart = WMSHistory, MonitoringHistory, Foo\n"
      "        WMSHistory {\n"
      "          G {\n"
      "          }\n"
      "        }\n"
      "      }\n"
      "    }\n"
      "  }\n"
      "}\n");
  EXPECT_EQ(Summary(OfCheck(all, "dirac-unknown-corrector")),
            (std::vector<std::string>{"5:34 dirac-unknown-corrector",
                                      "5:34 dirac-unknown-corrector"}));
  const auto not_started = OfCheck(all, "dirac-corrector-not-started");
  ASSERT_EQ(not_started.size(), 1u);
  EXPECT_EQ(not_started[0].where.line, 6);
  EXPECT_EQ(not_started[0].message,
            "the WMSHistory instances here never run: EnableSharesCorrection is not true in any "
            "JobScheduling section");
}

TEST(DiracLint, ClampsOfZeroOrOneAndEmptySpansAreFound) {
  const auto all = LintText(WithInstances(
      "          G {\n"
      "            MaxGlobalCorrection = 0\n"
      "            Week {\n"
      "              MaxCorrection = 1\n"
      "              TimeSpan = 0\n"
      "            }\n"
      "          }\n"));
  EXPECT_EQ(Summary(all), (std::vector<std::string>{"9:35 dirac-max-correction",
                                                    "11:31 dirac-max-correction",
                                                    "12:26 dirac-time-span"}));
  EXPECT_EQ(all[0].severity, lint::Severity::kError);
  EXPECT_EQ(all[1].severity, lint::Severity::kNote);
}

TEST(DiracLint, InlineCommentsRedefinitionsAndJobShareZeroAreFound) {
  const auto all = LintText(
      "Registry {\n"
      "  Groups {\n"
      "    g {\n"
      "      Properties = NormalUser # users\n"
      "      JobShare = 100\n"
      "      JobShare = 0\n"
      "    }\n"
      "  }\n"
      "}\n");
  EXPECT_EQ(Summary(all), (std::vector<std::string>{"4:31 dirac-inline-comment",
                                                    "6:7 dirac-redefined-option",
                                                    "6:18 dirac-job-share"}));
  EXPECT_EQ(all[1].notes.size(), 2u);  // the suggested fix and the earlier definition
  EXPECT_EQ(all[2].message,
            "JobShare = 0: every task queue of group g stays at the floor priority 0.001");
}

TEST(DiracLint, ACleanConfigurationHasNoFindings) {
  const auto all = LintText(
      "Registry {\n"
      "  Groups {\n"
      "    user {\n"
      "      JobShare = 200\n"
      "    }\n"
      "  }\n"
      "}\n" +
      WithInstances("          G {\n"
                    "            MaxGlobalCorrection = 3\n"
                    "            Week {\n"
                    "              TimeSpan = 604800\n"
                    "              Weight = 80\n"
                    "              MaxCorrection = 2\n"
                    "            }\n"
                    "            Hour {\n"
                    "              TimeSpan = 3600\n"
                    "              Weight = 20\n"
                    "              MaxCorrection = 5\n"
                    "            }\n"
                    "          }\n"));
  EXPECT_TRUE(all.empty()) << ::testing::PrintToString(Summary(all));
}

}  // namespace
}  // namespace policy::dirac
