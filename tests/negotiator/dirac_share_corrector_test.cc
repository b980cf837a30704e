// DIRAC's WMSHistory corrector (negotiator/shares/dirac/share_corrector.h),
// on cases computed by hand from ../shared/reference/dirac-shares.md §4.
#include "negotiator/shares/dirac/share_corrector.h"

#include <gtest/gtest.h>

#include "policy/dirac/cs_config.h"

namespace negotiator::dirac {
namespace {

using policy::dirac::CorrectorInstance;
using policy::dirac::CorrectorSpan;

CorrectorSpan Span(std::string name, int64_t weight, int64_t max_correction,
                   double normalised_weight) {
  CorrectorSpan span;
  span.name = std::move(name);
  span.weight = weight;
  span.max_correction = max_correction;
  span.normalised_weight = normalised_weight;
  return span;
}

// A week span (weight 80, MaxCorrection 2) and an hour span (weight 20,
// MaxCorrection 5), normalised to 0.8 and 0.2, global clamp `global`.
CorrectorInstance WeekAndHour(int64_t global) {
  CorrectorInstance instance;
  instance.name = "GroupsInstance";
  instance.max_global_correction = global;
  instance.spans = {Span("Week", 80, 2, 0.8), Span("Hour", 20, 5, 0.2)};
  instance.weight_sum = 100;
  return instance;
}

SpanHistory History(std::map<std::string, double> jobs) { return {true, std::move(jobs)}; }

const std::vector<std::pair<std::string, double>> kShares = {{"A", 600}, {"B", 300}, {"C", 100}};

TEST(DiracShareCorrector, AWeekAndAnHourSpanWithTheGlobalClamp) {
  // Normalised shares: A 0.6, B 0.3, C 0.1.
  // Week: A 30, B 60, C 10 (total 100): usage 0.3, 0.6, 0.1.
  //   A: 0.6 / 0.3 = 2 → clamp [1/2, 2] → 2 × 0.8 = 1.6
  //   B: 0.3 / 0.6 = 0.5 → 0.5 × 0.8 = 0.4
  //   C: 0.1 / 0.1 = 1 → 1 × 0.8 = 0.8
  // Hour: A 5, B 15, C absent; X (not corrected) ignored; total 20: A 0.25, B 0.75.
  //   A: 0.6 / 0.25 = 2.4 → clamp [1/5, 5] → 2.4 × 0.2 = 0.48
  //   B: 0.3 / 0.75 = 0.4 → 0.4 × 0.2 = 0.08
  //   C: absent → the span's MaxCorrection, 5, not weighted
  // Sums: A 2.08, B 0.48, C 5.8 → clamp [1/3, 3]: 2.08, 0.48, 3.
  const std::vector<SpanHistory> history = {History({{"A", 30}, {"B", 60}, {"C", 10}}),
                                            History({{"A", 5}, {"B", 15}, {"X", 100}})};
  const CorrectionRecord r = ApplyHistoryCorrection(WeekAndHour(3), kShares, history);
  ASSERT_TRUE(r.applied) << r.why_not;
  ASSERT_EQ(r.entities.size(), 3u);
  const EntityCorrectionRecord& a = r.entities[0];
  EXPECT_EQ(a.normalised_share, 0.6);
  EXPECT_EQ(a.spans[0].ratio, 2);
  EXPECT_EQ(a.spans[0].factor, 1.6);
  EXPECT_EQ(a.spans[1].usage_total, 20);
  EXPECT_EQ(a.spans[1].normalised_usage, 0.25);
  EXPECT_DOUBLE_EQ(a.spans[1].ratio, 2.4);
  EXPECT_DOUBLE_EQ(a.spans[1].factor, 0.48);
  EXPECT_DOUBLE_EQ(a.factor, 2.08);
  EXPECT_FALSE(a.clamped_globally);
  EXPECT_DOUBLE_EQ(a.corrected_share, 1248);  // 600 × 2.08
  const EntityCorrectionRecord& b = r.entities[1];
  EXPECT_EQ(b.spans[0].factor, 0.4);
  EXPECT_DOUBLE_EQ(b.spans[1].factor, 0.08);
  EXPECT_DOUBLE_EQ(b.factor, 0.48);
  EXPECT_DOUBLE_EQ(b.corrected_share, 144);  // 300 × 0.48
  const EntityCorrectionRecord& c = r.entities[2];
  EXPECT_EQ(c.spans[0].factor, 0.8);
  EXPECT_FALSE(c.spans[1].present);
  EXPECT_EQ(c.spans[1].factor, 5);
  EXPECT_DOUBLE_EQ(c.span_sum, 5.8);
  EXPECT_TRUE(c.clamped_globally);
  EXPECT_EQ(c.factor, 3);
  EXPECT_EQ(c.corrected_share, 300);  // 100 × 3
  EXPECT_TRUE(r.warnings.empty());
}

TEST(DiracShareCorrector, ThePagesExampleClampsAtFiveNotThree) {
  // The page's instance, read as DIRAC reads it: MaxGlobalCorrectionFactor
  // is ignored, the clamp is the default 5; C's 0.8 + 5 = 5.8 → 5.
  classad::Result<policy::dirac::CsConfig> config = policy::dirac::ReadCsText(
      "Operations\n{\n  Defaults\n  {\n    JobScheduling\n    {\n"
      "      EnableSharesCorrection = True\n      ShareCorrections\n      {\n"
      "        ShareCorrectorsToStart = WMSHistory\n        WMSHistory\n        {\n"
      "          GroupsInstance\n          {\n            MaxGlobalCorrectionFactor = 3\n"
      "            WeekSlice\n            {\n              TimeSpan = 604800\n"
      "              Weight = 80\n              MaxCorrection = 2\n            }\n"
      "            HourSlice\n            {\n              TimeSpan = 3600\n"
      "              Weight = 20\n              MaxCorrection = 5\n            }\n"
      "          }\n        }\n      }\n    }\n  }\n}\n",
      "page.cfg");
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  classad::Result<policy::dirac::DiracSettings> settings =
      policy::dirac::ReadDiracSettings(*config, {});
  ASSERT_TRUE(settings.ok());
  const CorrectorInstance* instance = settings->GroupsCorrector();
  ASSERT_NE(instance, nullptr);
  const std::vector<SpanHistory> history = {History({{"A", 30}, {"B", 60}, {"C", 10}}),
                                            History({{"A", 5}, {"B", 15}})};
  const CorrectionRecord r = ApplyHistoryCorrection(*instance, kShares, history);
  EXPECT_EQ(r.entities[2].factor, 5);
  EXPECT_EQ(r.FactorOf("C"), 5);
  EXPECT_EQ(r.FactorOf("nobody"), 1);
}

TEST(DiracShareCorrector, AnEntityWithNoHistoryGetsTheSumOfTheSpanMaximaThenTheClamp) {
  // D is in neither span: 2 + 5 = 7 (not weighted), clamped to the global 5.
  const std::vector<std::pair<std::string, double>> shares = {{"A", 500}, {"D", 500}};
  const std::vector<SpanHistory> history = {History({{"A", 10}}), History({{"A", 10}})};
  const CorrectionRecord r = ApplyHistoryCorrection(WeekAndHour(5), shares, history);
  ASSERT_TRUE(r.applied);
  EXPECT_EQ(r.entities[1].spans[0].factor, 2);
  EXPECT_EQ(r.entities[1].spans[1].factor, 5);
  EXPECT_EQ(r.entities[1].span_sum, 7);
  EXPECT_EQ(r.entities[1].factor, 5);
  // A: 0.5 / 1 = 0.5 → week clamp [0.5, 2] 0.5 × 0.8 = 0.4; hour [0.2, 5] 0.5 × 0.2 = 0.1: 0.5.
  EXPECT_DOUBLE_EQ(r.entities[0].factor, 0.5);
}

TEST(DiracShareCorrector, ASpanWithNoneOfTheEntitiesIsSkippedWithoutRenormalising) {
  // Week: only X (not corrected) ran: A and B's total is 0, the span is skipped.
  // Hour: A 10, B 10: both 0.5 / 0.5 = 1 → × 0.2 = 0.2; the weights are not
  // renormalised, so two perfectly balanced entities end at 0.2 → clamp [1/3, 3]: 1/3.
  const std::vector<std::pair<std::string, double>> shares = {{"A", 100}, {"B", 100}};
  const std::vector<SpanHistory> history = {History({{"X", 40}}),
                                            History({{"A", 10}, {"B", 10}})};
  const CorrectionRecord r = ApplyHistoryCorrection(WeekAndHour(3), shares, history);
  ASSERT_TRUE(r.applied);
  EXPECT_TRUE(r.entities[0].spans[0].skipped);
  EXPECT_EQ(r.entities[0].span_sum, 0.2);
  EXPECT_EQ(r.entities[0].factor, 1.0 / 3);
  EXPECT_EQ(r.entities[1].factor, 1.0 / 3);
}

TEST(DiracShareCorrector, EverySpanSkippedLeavesTheFactorAtOneNotTheClamp) {
  const std::vector<std::pair<std::string, double>> shares = {{"A", 100}};
  const std::vector<SpanHistory> history = {History({{"X", 1}}), History({{"A", 0}})};
  const CorrectionRecord r = ApplyHistoryCorrection(WeekAndHour(3), shares, history);
  EXPECT_FALSE(r.applied);
  EXPECT_EQ(r.entities[0].factor, 1);
  EXPECT_EQ(r.entities[0].corrected_share, 100);
}

TEST(DiracShareCorrector, ASpanWithNoDataAtAllTurnsTheWholeInstanceOff) {
  const std::vector<SpanHistory> history = {History({{"A", 30}, {"B", 60}, {"C", 10}}),
                                            SpanHistory{}};
  const CorrectionRecord r = ApplyHistoryCorrection(WeekAndHour(3), kShares, history);
  EXPECT_FALSE(r.applied);
  EXPECT_EQ(r.why_not, "span Hour has no data at all");
  for (const EntityCorrectionRecord& e : r.entities) {
    EXPECT_EQ(e.factor, 1);
    EXPECT_EQ(e.corrected_share, e.share);
  }
}

TEST(DiracShareCorrector, ZeroUsageAmongOthersGetsTheSpanMaximumAndAWarning) {
  // Week: A 0 while B 10: DIRAC divides by zero; here A gets the week's
  // MaxCorrection 2, weighted like any entity present: 2 × 0.8 = 1.6.
  // Hour: A 5, B 5: 0.5 / 0.5 = 1 → 0.2. A: 1.8.
  // B: week 0.5 / 1 = 0.5 → 0.4; hour 0.2: 0.6.
  const std::vector<std::pair<std::string, double>> shares = {{"A", 1}, {"B", 1}};
  const std::vector<SpanHistory> history = {History({{"A", 0}, {"B", 10}}),
                                            History({{"A", 5}, {"B", 5}})};
  const CorrectionRecord r = ApplyHistoryCorrection(WeekAndHour(3), shares, history);
  ASSERT_TRUE(r.applied);
  EXPECT_TRUE(r.entities[0].spans[0].zero_usage);
  EXPECT_EQ(r.entities[0].spans[0].factor, 1.6);
  EXPECT_DOUBLE_EQ(r.entities[0].factor, 1.8);
  EXPECT_DOUBLE_EQ(r.entities[1].factor, 0.6);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0],
            "entity A ran no jobs in span Week while others did: DIRAC divides by zero there; "
            "given the span's MaxCorrection 2, weighted");
}

TEST(DiracShareCorrector, DivisionsByZeroInDiracCorrectNothing) {
  const std::vector<SpanHistory> history = {History({{"A", 1}}), History({{"A", 1}})};
  const std::vector<std::pair<std::string, double>> zero = {{"A", 0}, {"B", 0}};
  CorrectionRecord r = ApplyHistoryCorrection(WeekAndHour(3), zero, history);
  EXPECT_FALSE(r.applied);
  EXPECT_EQ(r.why_not, "the shares sum to 0");
  CorrectorInstance unusable = WeekAndHour(3);
  unusable.usable = false;
  unusable.unusable_reason = "its span weights sum to 0";
  r = ApplyHistoryCorrection(unusable, kShares, history);
  EXPECT_EQ(r.why_not, "instance GroupsInstance does not run: its span weights sum to 0");
  r = ApplyHistoryCorrection(WeekAndHour(0), kShares, history);
  EXPECT_EQ(r.why_not, "MaxGlobalCorrection is 0");
  EXPECT_EQ(r.FactorOf("A"), 1);
}

}  // namespace
}  // namespace negotiator::dirac
