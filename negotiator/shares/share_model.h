// The interface a share model implements: how the slots of one negotiation
// (the whole pool, or one group's quota) are shared among its submitters,
// in what order they are offered slots and under what limits. HTCondor's
// pie (htcondor_pie.h) is the first; DIRAC's task-queue priorities will be
// another. A share model decides nothing about which slot a job gets: it
// calls back into the cycle (SubmitterNegotiation), which walks the
// submitter's jobs and asks the matchmaker.
#ifndef NEGOTIATOR_SHARES_SHARE_MODEL_H_
#define NEGOTIATOR_SHARES_SHARE_MODEL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "negotiator/accountant/accountant.h"
#include "negotiator/pool/submitters.h"
#include "policy/policy.h"

namespace negotiator {

// Why a submitter stopped being offered slots in a cycle.
enum class StopReason {
  kNotNegotiated,    // it never got a turn
  kNoMoreJobs,       // every idle job matched
  kSubmitterLimit,   // its share of the pie was used up
  kCeiling,          // its ceiling was reached
  kNoMatchingSlot,   // its jobs matched no slot on offer
  kConcurrencyLimit, // a concurrency limit was full
  kPieExhausted,     // nothing was left to share
  kGroupLimit,       // its group's quota was used up
};

// The one text of each reason ("no more jobs", "submitter limit reached",
// ...), as the tables and the JSON document print it.
const char* StopReasonText(StopReason reason);

// How one submitter fared in a cycle.
struct SubmitterOutcome {
  std::string name;
  std::string group;
  double priority = 0;     // EUP at the first spin it took part in
  double share = 0;        // its share of the pie at that spin
  double limit = 0;        // its submitter limit at that spin (before usage is subtracted)
  double usage_start = 0;  // weighted usage when the cycle began (after CheckMatches)
  double usage_end = 0;
  int64_t idle = 0;
  int64_t running = 0;
  int64_t matches = 0;
  double matched_weight = 0;
  int64_t floor = 0;
  int64_t ceiling = -1;
  StopReason stopped = StopReason::kNotNegotiated;
};

// The limits a submitter negotiates under in one turn (HTCondor's
// negotiate() arguments).
struct SubmitterLimits {
  double eup = 0;              // its effective user priority this spin
  double limit = 0;            // the submitter limit (weight it may take)
  double limit_unclaimed = 0;  // of which unclaimed slots (the group's room)
  double headroom = 0;         // what its ceiling leaves
  bool ignore_limit = false;   // spin 1 with preemption: past the limit, rank preemption only
  const std::string* group_name = nullptr;  // its group's name; null: no group limit
  int spin = 1;                // the spin of the negotiation (for the records)
  bool floor_round = false;    // the floor round (for the records)
};

// What a submitter's turn ended with.
enum class TurnOutcome {
  kResume,  // it may be offered more in a later spin
  kDone,    // it needs nothing more this cycle
};

// What a share model calls back: one submitter's turn (HTCondor's
// negotiate()), implemented by the cycle.
class SubmitterNegotiation {
 public:
  virtual ~SubmitterNegotiation() = default;
  // Offers slots to submitter `s` (an index into the submitters) under
  // `limits`; the weight matched is subtracted from `*pie_left`, and the
  // submitter's outcome (matches, why it stopped) is updated.
  virtual TurnOutcome Negotiate(uint32_t s, const SubmitterLimits& limits, double* pie_left) = 0;
  // How many slots are still on offer this cycle.
  virtual size_t SlotsLeft() const = 0;
  // A pie spin begins: the matchmaker drops the candidate list it keeps
  // between consecutive requests (HTCondor clears its MatchList cache at
  // the start of every spin of negotiateWithGroup).
  virtual void BeginSpin() = 0;
};

// What a share model reads and writes in one cycle. Borrowed; the model
// writes only `outcomes` and `reported`, and the accountant only as its
// getters do (GetPriority makes a missing record, as HTCondor's does).
struct ShareContext {
  const policy::MatchPolicy& matching;
  Accountant& accountant;
  const std::vector<Submitter>& submitters;
  std::vector<SubmitterOutcome>& outcomes;  // by submitter
  // By submitter: whether its priority, share and limit are recorded yet
  // (at the first spin it takes part in).
  std::vector<uint8_t>& reported;
  double pool_size = 0;        // the pie: total slot weight
  double min_slot_weight = 1;  // the smallest slot weight of the pool
};

// One negotiation to share: the pool, or one group under its quota.
struct ShareCall {
  double limit = 0;                   // the weight that may be given out
  const std::string* group = nullptr; // the group's name; null: no group limit
};

// A share model. Implementations are immutable values, safe to share
// between negotiators and threads; all state of a cycle is in the context.
class ShareModel {
 public:
  virtual ~ShareModel() = default;
  // Shares `call`'s slots among `*members` (indices into the submitters),
  // calling `negotiation` for each turn. `*members` is left holding the
  // submitters that may still want more (a later allocation round of
  // group quotas offers slots again to those only).
  virtual void Share(const ShareCall& call, ShareContext& context,
                     std::vector<uint32_t>* members,
                     SubmitterNegotiation& negotiation) const = 0;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_SHARES_SHARE_MODEL_H_
