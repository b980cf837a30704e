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

TEST(PoolTest, JobIdsAreThirtyTwoBitAsHTCondorsAre) {
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  Pool pool(policy);
  auto job = [](const std::string& cluster, const std::string& proc, const std::string& status) {
    return testing_util::Ad("[ Owner = \"a\"; ClusterId = " + cluster + "; ProcId = " + proc +
                            "; JobStatus = " + status + "; RequestCpus = 1 ]");
  };
  ASSERT_TRUE(pool.AddJob(job("2147483647", "-2147483648", "1"), "largest").ok());
  EXPECT_EQ(pool.jobs()[0].id(), "2147483647.-2147483648");
  EXPECT_EQ(pool.jobs()[0].status, 1);
  auto too_large = pool.AddJob(job("2147483648", "0", "1"), "jobs.ads:7");
  ASSERT_FALSE(too_large.ok());
  EXPECT_EQ(too_large.status().message(),
            "jobs.ads:7: job 2147483648.0: ClusterId and ProcId must be 32-bit integers, as "
            "HTCondor's are");
  EXPECT_FALSE(pool.AddJob(job("1", "-2147483649", "1"), "small").ok());
  EXPECT_EQ(pool.jobs().size(), 1u);
  // A status is read as an int; one no byte holds is none the negotiator
  // knows (as before, when the int was kept): the job is neither idle nor
  // running, and a status that wraps to 1 as an int is idle.
  ASSERT_TRUE(pool.AddJob(job("3", "0", "257"), "odd status").ok());
  EXPECT_EQ(pool.jobs()[1].status, 0);
  ASSERT_TRUE(pool.AddJob(job("3", "1", "4294967297"), "wrapping status").ok());
  EXPECT_EQ(pool.jobs()[2].status, 1);
}

}  // namespace
}  // namespace negotiator
