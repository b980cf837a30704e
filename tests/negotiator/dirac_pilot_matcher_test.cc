// How a DIRAC pilot picks a task queue and a job
// (negotiator/shares/dirac/pilot_matcher.h; dirac-shares.md §5).
#include "negotiator/shares/dirac/pilot_matcher.h"

#include <gtest/gtest.h>

#include <numeric>

namespace negotiator::dirac {
namespace {

TEST(DiracPilotMatcher, TwoQueuesAtThreeToOneComeFirstFiveTimesInSixNotThreeInFour) {
  // Queue 0 (P = 3) first: ∫₀^{1/3} 3 (1 − x) dx = 3 (1/3 − 1/18) = 5/6 = 0.8333…
  const std::vector<double> p = FirstChoiceProbabilities(std::vector<double>{3, 1});
  ASSERT_EQ(p.size(), 2u);
  EXPECT_NEAR(p[0], 5.0 / 6, 1e-15);
  EXPECT_NEAR(p[1], 1.0 / 6, 1e-15);
}

TEST(DiracPilotMatcher, ThreeQueuesAtTwoOneOne) {
  // P = 2: ∫₀^{1/2} 2 (1 − x)² dx = 2 (1 − 1/8) / 3 = 7/12.
  // P = 1: ∫₀^{1/2} (1 − 2x)(1 − x) dx = 1/2 − 3/8 + 1/12 = 5/24 each.
  const std::vector<double> p = FirstChoiceProbabilities(std::vector<double>{1, 2, 1});
  EXPECT_NEAR(p[0], 5.0 / 24, 1e-15);
  EXPECT_NEAR(p[1], 7.0 / 12, 1e-15);
  EXPECT_NEAR(p[2], 5.0 / 24, 1e-15);
}

TEST(DiracPilotMatcher, EqualQueuesAreEquallyLikelyAndTheProbabilitiesSumToOne) {
  const std::vector<double> equal = FirstChoiceProbabilities(std::vector<double>(7, 0.001));
  for (double q : equal) EXPECT_NEAR(q, 1.0 / 7, 1e-14);
  std::vector<double> many;
  for (int i = 1; i <= 60; ++i) many.push_back(0.001 * i * i + (i % 7));
  const std::vector<double> p = FirstChoiceProbabilities(many);
  EXPECT_NEAR(std::accumulate(p.begin(), p.end(), 0.0), 1.0, 1e-12);
  for (size_t i = 1; i < p.size(); ++i) {
    if (many[i] > many[i - 1]) {
      EXPECT_GT(p[i], p[i - 1]);
    }
  }
  EXPECT_EQ(FirstChoiceProbabilities(std::vector<double>{4.2}), std::vector<double>{1});
  EXPECT_TRUE(FirstChoiceProbabilities({}).empty());
}

TEST(DiracPilotMatcher, DrawsFollowTheClosedForm) {
  PilotDraws draws(42);
  int first = 0;
  constexpr int kDraws = 200000;
  for (int i = 0; i < kDraws; ++i) first += draws.TaskQueueOrder(std::vector<double>{3, 1})[0] == 0;
  // 5/6 with a standard deviation of sqrt(5/36 / 200000) = 0.00083.
  EXPECT_NEAR(static_cast<double>(first) / kDraws, 5.0 / 6, 0.004);
}

TEST(DiracPilotMatcher, TheSameSeedGivesTheSameChoices) {
  std::vector<double> priorities;
  for (int i = 0; i < 15; ++i) priorities.push_back(1 + i);
  PilotDraws one(7);
  PilotDraws two(7);
  PilotDraws other(8);
  std::vector<size_t> a;
  std::vector<size_t> b;
  std::vector<size_t> c;
  for (int i = 0; i < 20; ++i) {
    const std::vector<size_t> order = one.TaskQueueOrder(priorities);
    EXPECT_EQ(order.size(), kTaskQueuesTriedPerMatch);  // the first 10 are tried
    a.insert(a.end(), order.begin(), order.end());
    const std::vector<size_t> again = two.TaskQueueOrder(priorities);
    b.insert(b.end(), again.begin(), again.end());
    const std::vector<size_t> different = other.TaskQueueOrder(priorities);
    c.insert(c.end(), different.begin(), different.end());
  }
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

TEST(DiracPilotMatcher, AJobIsDrawnByWeightThenAmongTheFiftyLowestIds) {
  TaskQueue queue;
  // Priority 0 weighs 1e-5 against 1e6 for 10 and 25: it is (almost) never drawn.
  queue.jobs = {{1, 0}, {5, 10}, {3, 25}};
  PilotDraws draws(1);
  int low = 0;
  for (int i = 0; i < 1000; ++i) {
    const std::optional<JobChoice> choice = draws.PickJob(queue);
    ASSERT_TRUE(choice.has_value());
    EXPECT_EQ(choice->candidates, 1u);  // one job per value
    low += choice->priority == 0;
  }
  EXPECT_EQ(low, 0);
  // 80 jobs of one value, ids 1000 down to 921: drawn among ids 921..970.
  TaskQueue same;
  for (int64_t id = 1000; id > 920; --id) same.jobs.push_back({id, 5});
  int64_t highest = 0;
  int64_t lowest = 2000;
  for (int i = 0; i < 2000; ++i) {
    const std::optional<JobChoice> choice = draws.PickJob(same);
    ASSERT_TRUE(choice.has_value());
    EXPECT_EQ(choice->candidates, kJobsDrawnAmong);
    highest = std::max(highest, same.jobs[choice->job].id);
    lowest = std::min(lowest, same.jobs[choice->job].id);
  }
  EXPECT_EQ(highest, 970);
  EXPECT_EQ(lowest, 921);
  EXPECT_FALSE(draws.PickJob(TaskQueue{}).has_value());
}

}  // namespace
}  // namespace negotiator::dirac
