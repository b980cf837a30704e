// RemoteReads: what an ad's expressions name of a claimed slot's Remote*
// attributes, and the memo that keeps each ad's answer between cycles.
#include "negotiator/matching/remote_reads.h"

#include <gtest/gtest.h>

#include <memory>

#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::Ad;

TEST(RemoteReadsTest, NamesTheRemoteAttributesAnExpressionReads) {
  const RemoteReads none = RemoteReadsOf(*Ad("[ Requirements = TARGET.Memory > 1; Rank = 0 ]"));
  EXPECT_FALSE(none.any);
  EXPECT_FALSE(none.live);
  const RemoteReads prio = RemoteReadsOf(*Ad("[ Rank = TARGET.RemoteUserPrio > 3; Cpus = 1 ]"));
  EXPECT_TRUE(prio.any);
  EXPECT_FALSE(prio.live);  // fixed for the cycle
  const RemoteReads usage =
      RemoteReadsOf(*Ad("[ Requirements = MY.RemoteUserResourcesInUse < 10 ]"));
  EXPECT_TRUE(usage.any);
  EXPECT_TRUE(usage.live);  // changes as the cycle matches
  // A literal names nothing, even a string that spells a name; the
  // cross-slot forms are Remote* attributes too.
  EXPECT_FALSE(RemoteReadsOf(*Ad("[ Note = \"RemoteUserPrio\" ]")).any);
  EXPECT_TRUE(RemoteReadsOf(*Ad("[ Rank = slot2_RemoteUserPrio ]")).any);
  // The submitter side's attributes are not the slot's.
  EXPECT_FALSE(RemoteReadsOf(*Ad("[ Rank = SubmitterUserPrio ]")).any);
}

TEST(RemoteReadsTest, TheMemoKeepsAnAdsAnswerWhileItIsAskedForEveryCycle) {
  RemoteReadsMemo memo;
  std::shared_ptr<const classad::ClassAd> reads = Ad("[ Rank = RemoteUserPrio ]");
  std::shared_ptr<const classad::ClassAd> plain = Ad("[ Rank = 1 + Cpus ]");
  memo.BeginCycle();
  EXPECT_TRUE(memo.Of(reads).any);
  EXPECT_FALSE(memo.Of(plain).any);
  EXPECT_EQ(memo.size(), 2u);
  // The memo keeps its ads alive (no other ad can take one's address) and
  // forgets those not asked for in a whole cycle.
  std::weak_ptr<const classad::ClassAd> kept = reads;
  reads.reset();
  EXPECT_FALSE(kept.expired());
  memo.BeginCycle();
  EXPECT_FALSE(memo.Of(plain).any);
  EXPECT_EQ(memo.size(), 2u);  // the first was asked for in the last cycle
  memo.BeginCycle();           // ... but not in this one's predecessor
  EXPECT_EQ(memo.size(), 1u);
  EXPECT_TRUE(kept.expired());
}

}  // namespace
}  // namespace negotiator
