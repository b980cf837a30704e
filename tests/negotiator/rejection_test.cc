// Rejection::Reason: HTCondor's reason for a request refused, the first of
// its list that applies (matchmaker.cpp, negotiate()).
#include <gtest/gtest.h>

#include "negotiator/matching/matchmaker.h"

namespace negotiator {
namespace {

TEST(RejectionTest, TheFirstReasonThatAppliesAsHTCondorNamesIt) {
  Rejection none;
  EXPECT_EQ(none.Reason(), "no match found");

  Rejection all;
  all.concurrency_limit = true;
  all.limits = {"lic_a", "lic_b"};
  all.preemption_policy = true;
  all.preemption_rank = true;
  all.submitter_limit = true;
  EXPECT_EQ(all.Reason(), "concurrency limit lic_a, lic_b reached");
  all.limits.clear();  // a MatchList that ran out with no name found full
  EXPECT_EQ(all.Reason(), "concurrency limit reached");
  all.concurrency_limit = false;
  EXPECT_EQ(all.Reason(), "PREEMPTION_REQUIREMENTS == False");
  all.preemption_policy = false;
  EXPECT_EQ(all.Reason(), "submitter limit exceeded");

  // HTCondor counts refusals by the slot's Rank but names no reason for
  // them.
  Rejection rank;
  rank.preemption_rank = true;
  EXPECT_EQ(rank.Reason(), "no match found");
}

}  // namespace
}  // namespace negotiator
