// HTCondor's pie (reference §3.2–§3.4; matchmaker.cpp negotiateWithGroup):
// the slots of one negotiation are shared among its submitters by their
// effective user priorities, spin after spin, until nothing is left or no
// one can take more.
//
// First a floor round for the submitters below their floor (each limited
// to its floor), then the spins: each spin normalises the shares of the
// submitters left by EUP (share = (max EUP / own EUP) / Σ of those), gives
// each a submitter limit of share × pie − its usage (unbounded with
// NEGOTIATOR_IGNORE_USER_PRIORITIES; without preemption, also within the
// group's room), capped by what is left of the pie and by its ceiling, and
// offers slots in starvation order (EUP, then usage / (usage + limit),
// then name: HTCondor breaks the last tie at random) on spin 1, in the
// order left after it later. On spin 1 with preemption a submitter past
// its limit may still take slots by rank preemption. A group's negotiation
// stops when the group's usage reaches its limit (after spin 1 with
// preemption), and without preemption when nothing of the pie is left to
// share. The spins stop when a spin gave nothing and no one finished, when
// no one is left, or when no slot is.
#ifndef NEGOTIATOR_SHARES_HTCONDOR_PIE_H_
#define NEGOTIATOR_SHARES_HTCONDOR_PIE_H_

#include <cstdint>
#include <vector>

#include "negotiator/shares/share_model.h"

namespace negotiator {

class HTCondorPie : public ShareModel {
 public:
  void Share(const ShareCall& call, ShareContext& context, std::vector<uint32_t>* members,
             SubmitterNegotiation& negotiation) const override;

 private:
  // The spins over `*members` (a floor round: one spin, each submitter
  // limited to its floor), dropping the submitters that are done.
  void Spins(bool floor_round, const ShareCall& call, ShareContext& context,
             std::vector<uint32_t>* members, SubmitterNegotiation& negotiation) const;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_SHARES_HTCONDOR_PIE_H_
