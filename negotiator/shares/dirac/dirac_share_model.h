// DIRAC's share model (docs/dirac.md, "DIRAC's model in the cycle"):
// instead of HTCondor's pie, pilots pull. For each negotiation it is given
// (the pool, or one group under HTCondor's group quotas when those are
// configured), the model
//  1. forms the task queues of the members' idle jobs (pool_task_queues.h);
//  2. when share correction is configured, adds this cycle's sample to the
//     accountant's running-jobs history (running_history.h) and corrects
//     the shares from it (share_corrector.h); then computes the queues'
//     priorities as DIRAC's periodic recalculation does
//     (dirac_priorities.h);
//  3. takes the free slots one by one in the cycle's scan order (only
//     unclaimed ones: a pilot never preempts); for each, orders the queues
//     with jobs left that the slot can run (the ClassAd match) by DIRAC's
//     RAND() / Priority, takes the first (all have jobs: the first yields
//     one), draws a job inside it (PilotDraws::PickJob) and has the cycle
//     start it; with a group limit, stops when the group's usage reaches
//     it.
// The draws are seeded from the model's seed, the cycle's time and the
// negotiation's group: the same seed gives the same run, byte for byte.
// Every step is recorded (dirac_share_records.h) into the cycle's result.
//
// Immutable; safe to share between negotiators and threads.
#ifndef NEGOTIATOR_SHARES_DIRAC_DIRAC_SHARE_MODEL_H_
#define NEGOTIATOR_SHARES_DIRAC_DIRAC_SHARE_MODEL_H_

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "negotiator/shares/share_model.h"
#include "policy/dirac/dirac_settings.h"

namespace negotiator::dirac {

class DiracShareModel : public ShareModel {
 public:
  // Under `settings` (not null; DIRAC's configuration as read), drawing
  // with `seed`.
  DiracShareModel(std::shared_ptr<const policy::dirac::DiracSettings> settings, uint64_t seed);

  void Share(const ShareCall& call, ShareContext& context, std::vector<uint32_t>* members,
             SubmitterNegotiation& negotiation) const override;
  // It reads DIRAC's fields (job_ad_fields.h), which matching does not.
  bool ReadsJobAttributes() const override { return true; }
  // A pilot whose job ends asks the Matcher again (JobAgent.execute ->
  // TaskQueueDB.matchAndGetJob), the same draw as any free slot: no claim
  // reuse; the slot goes back to the next cycle's draw.
  bool ReusesClaims() const override { return false; }

  const policy::dirac::DiracSettings& settings() const { return *settings_; }
  uint64_t seed() const { return seed_; }

 private:
  std::shared_ptr<const policy::dirac::DiracSettings> settings_;
  uint64_t seed_;
};

// The seed of one negotiation's draws: `seed`, the cycle's time `now` and
// the negotiation's `group` mixed (SplitMix64 steps), so that cycles and
// groups draw differently and the same inputs draw alike. Pure.
uint64_t NegotiationSeed(uint64_t seed, int64_t now, std::string_view group);

}  // namespace negotiator::dirac

#endif  // NEGOTIATOR_SHARES_DIRAC_DIRAC_SHARE_MODEL_H_
