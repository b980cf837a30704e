// The preemption decision for one request and one slot, as HTCondor's
// matchmakingAlgorithm takes it (reference §3.5): the one home of what a
// claim on a slot means to a request, shared by the matchmaker (which
// decides) and the explainer (which shows the decision).
//
// A request meets a slot unclaimed, or claimed by a user the negotiator
// considers. A claimed slot whose Rank of the job is above its
// CurrentRank may be preempted for rank; otherwise a claim of another
// submitter may be preempted for priority (when PREEMPTION_REQUIREMENTS
// holds, the Rank is at least the CurrentRank and the submitter limit
// allows it), and the submitter's own claim is never preempted.
//
// HTCondor compares the ranks by evaluating `MY.Rank > MY.CurrentRank` and
// `MY.Rank >= MY.CurrentRank` (rankCondStd, rankCondPrioPreempt) with MY =
// the slot (CurrentRank replaced by PreemptingRank, policy/ephemeral.h) and
// TARGET = the job: each holds only when it is boolean true, so a Rank or
// CurrentRank that is undefined, an error or a string preempts nothing.
//
// Everything here is thread-safe (pure functions, immutable objects).
#ifndef NEGOTIATOR_MATCHING_PREEMPTION_H_
#define NEGOTIATOR_MATCHING_PREEMPTION_H_

#include <optional>
#include <string_view>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/overlay.h"
#include "classad/value.h"
#include "policy/policy.h"

namespace negotiator {

// How a match treats the job already on the slot (HTCondor's numbers,
// larger is better: a MatchList prefers no preemption, then rank, then
// priority).
enum class PreemptState { kPriority = 0, kRank = 1, kNone = 2 };

// "no preemption", "rank", "priority".
const char* PreemptStateName(PreemptState state);

// What a request meets on a slot, before PREEMPTION_REQUIREMENTS, the
// rank floor and the submitter limit are asked.
enum class ClaimKind {
  kUnclaimed,      // no remote user
  kNotConsidered,  // a claim, but NEGOTIATOR_CONSIDER_PREEMPTION is false: matched as unclaimed
  kRank,           // MY.Rank > MY.CurrentRank: preemption for rank
  kPriority,       // another submitter's claim: preemption for priority, if allowed
  kOwnClaim,       // the submitter's own claim, not preferred by rank: never taken
};

// "none", "not-considered", "rank", "priority", "same-submitter".
const char* ClaimKindName(ClaimKind kind);

// Whether the negotiator sees the claim of `remote_user` (RemoteUserOf of
// the slot): there is one and preemption is considered.
inline bool ClaimConsidered(const policy::MatchPolicy& matching, std::string_view remote_user) {
  return matching.consider_preemption && !remote_user.empty();
}

// The kind of claim a request of `submitter` meets on a slot claimed by
// `remote_user`, given whether the slot's Rank of the job is above its
// CurrentRank (`rank_above`, RankConditions). HTCondor compares the two
// names as strings, so a user submitting into another group is another
// submitter.
ClaimKind KindOfClaim(const policy::MatchPolicy& matching, std::string_view remote_user,
                      std::string_view submitter, bool rank_above);

// HTCondor's two rank conditions for a claimed slot and a job.
struct RankConditions {
  bool above = false;     // MY.Rank > MY.CurrentRank is true
  bool at_least = false;  // MY.Rank >= MY.CurrentRank is true
};

// A slot's Rank or CurrentRank as the matchmaker keeps it: its RankValue
// when it compares with another such value exactly as that double does (a
// real that is not NaN, a boolean, an integer within ±2^53), else NaN (then
// the conditions are evaluated: RankConditionEvaluator).
double RankForComparison(const classad::Value& v);

// The conditions for a slot Rank and a CurrentRank kept as
// RankForComparison gives them; nullopt when either is NaN (not
// comparable as doubles: evaluate the conditions instead).
inline std::optional<RankConditions> CompareRanks(double rank, double current_rank) {
  if (rank != rank || current_rank != current_rank) return std::nullopt;
  return RankConditions{rank > current_rank, rank >= current_rank};
}

// The conditions evaluated as HTCondor evaluates them: `MY.Rank >
// MY.CurrentRank` and `MY.Rank >= MY.CurrentRank` with MY = `slot` and
// TARGET = `job`, each overlay bound to its ad (the slot's Remote*
// attributes, which replace CurrentRank by PreemptingRank; the request's
// Submitter* attributes). The expressions are parsed once; an object is
// immutable after construction.
class RankConditionEvaluator {
 public:
  RankConditionEvaluator();
  RankConditions Evaluate(const classad::ClassAd& slot, const classad::ClassAd& job,
                          const classad::AttributeOverlay* slot_overlay,
                          const classad::AttributeOverlay* job_overlay,
                          const classad::EvalOptions& options) const;

 private:
  classad::ExprPtr above_;
  classad::ExprPtr at_least_;
};

// The value `MY.CurrentRank` has for a claimed slot evaluated alone:
// its PreemptingRank as a real when that is a number (PreemptingRankOf,
// which the slot's Remote* overlay binds as CurrentRank), else its
// CurrentRank evaluated with no TARGET.
classad::Value CurrentRankValue(const classad::ClassAd& slot, const classad::EvalOptions& options);

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_PREEMPTION_H_
