// The running-jobs history listed (negotiator/accountant/running_history_listing.h).
#include "negotiator/accountant/running_history_listing.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace negotiator {
namespace {

std::vector<RunningJobsRecord> History() {
  return {{100, "prod", "", 3, 5},   {100, "prod", "alice", 3, 5}, {100, "user", "", 1, 9},
          {100, "user", "bob", 1, 9}, {700, "prod", "", 4, 4},      {700, "prod", "alice", 4, 4}};
}

std::string Date(int64_t t) { return "t" + std::to_string(t); }

TEST(RunningHistoryListing, SelectsByTimeAndByGroupOrUser) {
  const std::vector<RunningJobsRecord> h = History();
  EXPECT_EQ(SelectRunningHistory(h, {}, INT64_MIN).size(), 6u);
  EXPECT_EQ(SelectRunningHistory(h, {}, 700).size(), 2u);
  // A group's name selects its samples, the group's own and its users'.
  EXPECT_EQ(SelectRunningHistory(h, {"prod"}, INT64_MIN).size(), 4u);
  // A user's name selects that user's only.
  const std::vector<RunningJobsRecord> bob = SelectRunningHistory(h, {"bob"}, INT64_MIN);
  ASSERT_EQ(bob.size(), 1u);
  EXPECT_EQ(bob[0].jobs, 9);
  EXPECT_TRUE(SelectRunningHistory(h, {"nobody"}, INT64_MIN).empty());
}

TEST(RunningHistoryListing, TextHasALinePerSampleAndJsonEverySampleWithNullForTheGroup) {
  const std::vector<RunningJobsRecord> h = History();
  const std::string text = RunningHistoryText(h, Date);
  EXPECT_EQ(text.rfind("Cycle Time", 0), 0u) << text;
  const std::string bob = "t100             user                     bob"
                          "                              1         9\n";
  const std::string prod = "t700             prod                     -"
                           "                                4         4\n";
  EXPECT_NE(text.find(bob), std::string::npos) << text;
  EXPECT_NE(text.find(prod), std::string::npos) << text;
  EXPECT_NE(text.find("Number of samples: 6, from 2 cycle(s)\n"), std::string::npos);
  const std::string json =
      RunningHistoryJson(std::vector<RunningJobsRecord>(h.begin(), h.begin() + 2));
  EXPECT_EQ(json,
            "{\n  \"running_history\": [\n    {\n      \"time\": 100,\n      \"group\": \"prod\",\n"
            "      \"user\": null,\n      \"running\": 3,\n      \"jobs\": 5\n    },\n    {\n"
            "      \"time\": 100,\n      \"group\": \"prod\",\n      \"user\": \"alice\",\n"
            "      \"running\": 3,\n      \"jobs\": 5\n    }\n  ]\n}\n");
  EXPECT_EQ(RunningHistoryJson({}), "{\n  \"running_history\": []\n}\n");
}

}  // namespace
}  // namespace negotiator
