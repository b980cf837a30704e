// Pool::ClaimSlot, as a simulator drives it between cycles.
#include "negotiator/pool/pool.h"

#include <gtest/gtest.h>

#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::ClaimedSlotText;
using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::SlotText;

TEST(PoolTest, ClaimSlotSendsThePreemptedJobBackToTheQueue) {
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  auto pool = MakePool(policy,
                       {ClaimedSlotText("slot1@m", "b@x", "9.0"), SlotText("slot2@m"),
                        ClaimedSlotText("slot3@m", "b@x", "9.1")},
                       {JobText("b", 9, 0, "JobStatus = 2"), JobText("b", 9, 1, "JobStatus = 2"),
                        JobText("a", 1, 0), JobText("a", 1, 1)});
  // An unclaimed slot: nothing goes back.
  ASSERT_TRUE(pool->ClaimSlot(1, 2, "a@x", 0, "", 100).ok());
  EXPECT_EQ(pool->jobs()[2].status, 2);
  EXPECT_EQ(pool->slots()[1].remote_user, "a@x");
  // A claimed slot: the job it ran (9.0) is idle again, the other (9.1) runs on.
  ASSERT_TRUE(pool->ClaimSlot(0, 3, "a@x", 0, "", 100).ok());
  EXPECT_EQ(pool->jobs()[0].status, 1);
  EXPECT_EQ(pool->jobs()[1].status, 2);
  EXPECT_EQ(pool->jobs()[3].status, 2);
  // A job added after the first claim is found too.
  ASSERT_TRUE(pool->AddJob(testing_util::Ad(JobText("c", 5, 0)), "late").ok());
  ASSERT_TRUE(pool->ClaimSlot(2, 4, "c@x", 0, "", 100).ok());
  EXPECT_EQ(pool->jobs()[1].status, 1);
  EXPECT_EQ(pool->jobs()[4].status, 2);
  ASSERT_TRUE(pool->ClaimSlot(0, 1, "b@x", 0, "", 100).ok());  // 9.1 back on slot1, preempting 1.1
  EXPECT_EQ(pool->jobs()[3].status, 1);
}

}  // namespace
}  // namespace negotiator
