// The share-model seam's pull side (negotiator/shares/share_model.h): a
// model given the cycle's free slots, asking whether a job can run on one
// and starting it there, as DIRAC's pilots do; tested with a toy model so
// that the cycle's part is checked on its own.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "negotiator/cycle.h"
#include "negotiator/shares/share_model.h"
#include "tests/negotiator/cycle_test_util.h"

namespace negotiator {
namespace {

using testing_util::ClaimedSlotText;
using testing_util::JobText;
using testing_util::MakePolicy;
using testing_util::MakePool;
using testing_util::SlotText;

// What the toy model saw, for the test to check.
struct Seen : ShareRecords {
  std::vector<std::string> slots_offered;
  std::vector<uint32_t> classes;      // of every idle job, in submitter order
  std::vector<std::string> refused;   // "job on slot" CanRun said no to
  std::vector<size_t> offered_after;  // PilotSlots().size() after each start
  double charged = 0;
};

// Each free slot, in order, takes the last idle job of any member that can
// run there.
class LastJobFirst : public ShareModel {
 public:
  void Share(const ShareCall&, ShareContext& context, std::vector<uint32_t>* members,
             SubmitterNegotiation& negotiation) const override {
    auto seen = std::make_shared<Seen>();
    std::vector<std::pair<uint32_t, JobId>> idle;
    for (uint32_t s : *members) {
      for (JobId j : context.submitters[s].idle_jobs) {
        idle.emplace_back(s, j);
        seen->classes.push_back(negotiation.MatchClassOf(j));
      }
    }
    for (SlotId slot : negotiation.PilotSlots()) {
      seen->slots_offered.push_back(context.pool.slots()[slot].name);
      for (size_t k = idle.size(); k-- > 0;) {
        const auto [s, j] = idle[k];
        if (!negotiation.CanRun(j, slot)) {
          seen->refused.push_back(context.pool.jobs()[j].id() + " on " +
                                  context.pool.slots()[slot].name);
          continue;
        }
        seen->charged += negotiation.StartJob(s, j, slot);
        seen->offered_after.push_back(negotiation.PilotSlots().size());
        idle.erase(idle.begin() + static_cast<std::ptrdiff_t>(k));
        break;
      }
    }
    members->clear();
    context.records.push_back(std::move(seen));
  }
};

TEST(ShareModelSeamTest, APullModelGetsFreeSlotsMatchesAndStartsJobs) {
  auto policy = MakePolicy("UID_DOMAIN = x\n");
  std::vector<std::string> slots = {SlotText("a@m"), SlotText("big@m", "Big = true;"),
                                    ClaimedSlotText("busy@m", "carol@x", "9.0"), SlotText("c@m")};
  std::vector<std::string> jobs = {JobText("alice", 1, 0), JobText("alice", 1, 1),
                                   JobText("bob", 2, 0, "Requirements = TARGET.Big =?= true;")};
  auto pool = MakePool(policy, slots, jobs);
  Accountant accountant(policy);
  accountant.Initialize(testing_util::kCycleNow);
  Negotiator negotiator(policy, NegotiatorOptions{.share_model = std::make_shared<LastJobFirst>()});
  CycleResult result = testing_util::RunOneCycle(negotiator, *pool, accountant);

  ASSERT_EQ(result.share_records.size(), 1u);
  const auto* seen = dynamic_cast<const Seen*>(result.share_records[0].get());
  ASSERT_NE(seen, nullptr);
  // The claimed slot is never offered; the others in the pool's order.
  EXPECT_EQ(seen->slots_offered, (std::vector<std::string>{"a@m", "big@m", "c@m"}));
  // alice's two jobs are one match class, bob's another.
  ASSERT_EQ(seen->classes.size(), 3u);
  EXPECT_EQ(seen->classes[0], seen->classes[1]);
  EXPECT_NE(seen->classes[0], seen->classes[2]);
  // bob's job (last) cannot run on a@m: alice's 1.1 goes there; big@m takes
  // bob's; c@m alice's 1.0.
  EXPECT_EQ(seen->refused, (std::vector<std::string>{"2.0 on a@m"}));
  ASSERT_EQ(result.matches.size(), 3u);
  EXPECT_EQ(result.matches[0].job, "1.1");
  EXPECT_EQ(result.matches[0].slot, "a@m");
  EXPECT_EQ(result.matches[1].job, "2.0");
  EXPECT_EQ(result.matches[1].slot, "big@m");
  EXPECT_EQ(result.matches[2].job, "1.0");
  EXPECT_EQ(result.preemptions, 0);
  // A started slot is no longer on offer.
  EXPECT_EQ(seen->offered_after, (std::vector<size_t>{2, 1, 0}));
  // Each start is charged to the accountant and counted in the outcome.
  EXPECT_EQ(seen->charged, 3);
  EXPECT_EQ(accountant.GetWeightedResourcesUsed("alice@x"), 2);
  EXPECT_EQ(accountant.GetWeightedResourcesUsed("bob@x"), 1);
  for (const SubmitterOutcome& o : result.submitters) {
    if (o.name == "alice@x") {
      EXPECT_EQ(o.matches, 2);
      EXPECT_EQ(o.stopped, StopReason::kNoMoreJobs);
    }
  }
}

}  // namespace
}  // namespace negotiator
