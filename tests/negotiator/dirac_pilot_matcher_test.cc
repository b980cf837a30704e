// How a DIRAC pilot picks a task queue and a job
// (negotiator/shares/dirac/pilot_matcher.h; dirac-shares.md §5).
#include "negotiator/shares/dirac/pilot_matcher.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

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

TEST(DiracPilotMatcher, TheValueDrawnFollowsEveryJobsKeyThoughOneRandPerValueIsDrawn) {
  // DIRAC draws RAND() / weight for every job and takes the lowest's value;
  // the value's chance is then the sum of its jobs' chances of coming
  // first, FirstChoiceProbabilities over the jobs' weights. Three jobs of
  // priority 1, one of 3, two of 2: one RAND() per value must give the
  // same odds (taking a value's weight once, ignoring its count, would give
  // priority 1 about 0.13 instead of 0.27).
  TaskQueue queue;
  queue.jobs = {{1, 1}, {2, 3}, {3, 1}, {4, 2}, {5, 1}, {6, 2}};
  std::vector<double> weights;
  for (const DiracJob& j : queue.jobs) weights.push_back(JobPriorityWeight(j.priority));
  const std::vector<double> by_job = FirstChoiceProbabilities(weights);
  std::map<int64_t, double> expected;
  for (size_t j = 0; j < queue.jobs.size(); ++j) expected[queue.jobs[j].priority] += by_job[j];
  PilotDraws draws(42);
  constexpr int kDraws = 40000;
  std::map<int64_t, int> drawn;
  for (int i = 0; i < kDraws; ++i) ++drawn[draws.PickJob(queue)->priority];
  for (const auto& [value, p] : expected) {
    const double sigma = std::sqrt(p * (1 - p) / kDraws);
    EXPECT_NEAR(static_cast<double>(drawn[value]) / kDraws, p, 4.5 * sigma) << "priority " << value;
  }
}

TEST(DiracPilotMatcher, JobsLeftGivesEachJobOnceAmongTheFiftyLowestIdsLeftOfItsValue) {
  // 230 jobs, two values, ids in no order: taken one by one until none is
  // left, each pick is one of the 50 lowest ids still there with the
  // value drawn, among as many candidates as that, and no job twice.
  TaskQueue queue;
  for (int64_t i = 0; i < 230; ++i) queue.jobs.push_back({(i * 97) % 1009, i % 3 == 0 ? 4 : 7});
  JobsLeft left(queue);
  std::vector<bool> taken(queue.jobs.size(), false);
  PilotDraws draws(9);
  for (size_t n = queue.jobs.size(); n > 0; --n) {
    ASSERT_EQ(left.size(), n);
    EXPECT_FALSE(taken[left.AnyJob()]);
    const std::optional<JobChoice> choice = draws.PickJob(&left);
    ASSERT_TRUE(choice.has_value());
    ASSERT_FALSE(taken[choice->job]);
    EXPECT_EQ(queue.jobs[choice->job].priority, choice->priority);
    std::vector<int64_t> ids;  // the ids still there with that value
    for (size_t j = 0; j < queue.jobs.size(); ++j) {
      if (!taken[j] && queue.jobs[j].priority == choice->priority) ids.push_back(queue.jobs[j].id);
    }
    std::sort(ids.begin(), ids.end());
    EXPECT_EQ(choice->candidates, std::min(ids.size(), kJobsDrawnAmong));
    const auto at = std::find(ids.begin(), ids.end(), queue.jobs[choice->job].id);
    EXPECT_LT(at - ids.begin(), static_cast<std::ptrdiff_t>(kJobsDrawnAmong));
    taken[choice->job] = true;
  }
  EXPECT_TRUE(left.empty());
  EXPECT_FALSE(draws.PickJob(&left).has_value());
}

}  // namespace
}  // namespace negotiator::dirac
