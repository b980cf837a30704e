// The interface a share model implements: how the slots of one negotiation
// (the whole pool, or one group's quota) are shared among its submitters,
// in what order they are offered slots and under what limits. HTCondor's
// pie (htcondor_pie.h) is the first; DIRAC's task-queue priorities
// (dirac/dirac_share_model.h) the second. A share model decides nothing
// about whether a job and a slot match: it calls back into the cycle
// (SubmitterNegotiation). A push model (the pie) gives a submitter a turn,
// in which the cycle walks the submitter's jobs and asks the matchmaker
// for the best slot of each; a pull model (DIRAC's pilots) takes the free
// slots one by one, picks the work each runs among the jobs the cycle says
// can run there, and has the cycle start it.
#ifndef NEGOTIATOR_SHARES_SHARE_MODEL_H_
#define NEGOTIATOR_SHARES_SHARE_MODEL_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "negotiator/accountant/accountant.h"
#include "negotiator/pool/pool.h"
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

  // For pull models. The slots a pilot may start on now, in the order the
  // cycle scans its slots: on offer this cycle (trimmed), not matched yet,
  // and unclaimed (a pilot never preempts). A new vector each call.
  virtual std::vector<SlotId> PilotSlots() const = 0;
  // Whether idle job `job` (an index into Pool::jobs()) may run on slot
  // `slot`: the job's and the slot's Requirements both true, evaluated at
  // the cycle's clock (the same ClassAd match the matchmaker makes, without
  // the request's Submitter* attributes or any preemption test: the slot is
  // unclaimed). Jobs of one match class get one answer per slot, kept for
  // the cycle.
  virtual bool CanRun(JobId job, SlotId slot) = 0;
  // The match class of idle job `job` (autoclusters.h): jobs of one class
  // match every slot alike, so CanRun answers them alike. UINT32_MAX for
  // a job that is not idle.
  virtual uint32_t MatchClassOf(JobId job) const = 0;
  // Starts idle job `job` of submitter `s` (an index into the submitters)
  // on slot `slot`, which must be one of PilotSlots() that CanRun(job,
  // slot) accepted: the match is charged to the accountant and recorded,
  // the slot is no longer on offer, the submitter's outcome counts it.
  // Returns the slot weight charged.
  virtual double StartJob(uint32_t s, JobId job, SlotId slot) = 0;
};

// What a share model records in a cycle beyond the submitters' outcomes
// (DIRAC's: each task queue's priority step by step, the corrections and
// the pilots' choices), one object per negotiation it shared. The cycle
// result holds them (CycleResult::share_records); the renderers in
// negotiator/explain/ read them by their concrete type. Immutable once
// made; safe to read from any thread.
class ShareRecords {
 public:
  virtual ~ShareRecords() = default;
};

// What a share model reads and writes in one cycle. Borrowed; the model
// writes only `outcomes`, `reported` and `records`, and the accountant
// only as its getters do (GetPriority makes a missing record, as
// HTCondor's does) and through its running-jobs history (AddRunningJobs:
// DIRAC's corrector keeps its samples there).
struct ShareContext {
  const policy::MatchPolicy& matching;
  Accountant& accountant;
  const Pool& pool;   // the jobs' ads (for a model that reads them)
  int64_t now = 0;    // the cycle's clock
  const std::vector<Submitter>& submitters;
  std::vector<SubmitterOutcome>& outcomes;  // by submitter
  // By submitter: whether its priority, share and limit are recorded yet
  // (at the first spin it takes part in).
  std::vector<uint8_t>& reported;
  double pool_size = 0;        // the pie: total slot weight
  double min_slot_weight = 1;  // the smallest slot weight of the pool
  // Where the model appends what it recorded (ShareRecords), in the order
  // of its negotiations.
  std::vector<std::shared_ptr<const ShareRecords>>& records;
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
  // Whether the model reads job attributes that matching does not (a pool
  // cutting its job ads, AdHolding::kCut, would drop them: the caller
  // then holds the ads whole). False for the pie.
  virtual bool ReadsJobAttributes() const { return false; }
  // Whether a claim outlives its job (HTCondor's schedd reuses it for the
  // same submitter's next job, simulate/simulation.h). True for the pie, a
  // push model; false for a pull model, whose free slot asks the model for
  // work again (DIRAC's pilot: the next job comes from the task-queue draw,
  // not from the owner of the job that ended).
  virtual bool ReusesClaims() const { return true; }
};

}  // namespace negotiator

#endif  // NEGOTIATOR_SHARES_SHARE_MODEL_H_
