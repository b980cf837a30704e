// MatchExplainer: everything HTCondor's negotiator decides about one job
// and one slot (reference §3.5–3.8), with the reasons: both Requirements
// and the slot's START clause by clause, the job's Rank, the slot's Rank
// against its CurrentRank, NEGOTIATOR_PRE_JOB_RANK and
// NEGOTIATOR_POST_JOB_RANK, the job's concurrency limits against their
// configured maxima, NEGOTIATOR_SLOT_CONSTRAINT / _JOB_CONSTRAINT, and for
// a claimed slot the kind of preemption, PREEMPTION_REQUIREMENTS and
// PREEMPTION_RANK. Every expression is evaluated with the ephemeral
// attributes bound (policy/ephemeral.h) from values the caller gives
// (EphemeralBindings): the priorities and usage an accountant would
// report. Not modelled: submitter limits (the pie), partitionable-slot
// preemption (ALLOW_PSLOT_PREEMPTION), consumption policies, network
// bandwidth.
#ifndef NEGOTIATOR_EXPLAIN_MATCH_EXPLAINER_H_
#define NEGOTIATOR_EXPLAIN_MATCH_EXPLAINER_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/value.h"
#include "policy/accounting_view.h"
#include "policy/ephemeral.h"
#include "negotiator/explain/clause_explainer.h"
#include "negotiator/matching/preemption.h"
#include "policy/policy.h"

namespace negotiator::explain {

// The values the negotiator's accountant would give the ephemeral
// attributes (names as in policy/ephemeral.h). Each is optional; what is
// not given is defaulted as `MatchExplanation::bound` reports:
//   * priorities: HTCondor's smallest effective priority, 0.5 times
//     DEFAULT_PRIO_FACTOR (500 with the default factor);
//   * resources in use: 0;
//   * groups: with group quotas configured, the group the submitter or
//     the remote user is assigned to (GroupTree::AssignedGroup) and its
//     static quota (0 for a dynamic one); without group quotas, absent,
//     as in HTCondor;
//   * the negotiating group: the submitter's group, else "<none>".
// A group given explicitly is bound even without group quotas.
struct EphemeralBindings {
  std::optional<double> submitter_user_prio;                // SubmitterUserPrio, SubmittorPrio
  std::optional<double> submitter_user_resources_in_use;    // SubmitterUserResourcesInUse
  std::optional<std::string> submitter_group;               // SubmitterGroup
  std::optional<double> submitter_group_quota;              // SubmitterGroupQuota
  std::optional<double> submitter_group_resources_in_use;   // SubmitterGroupResourcesInUse
  std::optional<std::string> submitter_negotiating_group;   // SubmitterNegotiatingGroup
  std::optional<bool> submitter_autoregroup;                // the global autoregroup flag
  std::optional<double> remote_user_prio;                   // RemoteUserPrio
  std::optional<double> remote_user_resources_in_use;       // RemoteUserResourcesInUse
  std::optional<std::string> remote_group;                  // RemoteGroup
  std::optional<double> remote_group_quota;                 // RemoteGroupQuota
  std::optional<double> remote_group_resources_in_use;      // RemoteGroupResourcesInUse
  // Concurrency limits in use now, by name (compared without case); a
  // limit not named is at 0.
  std::map<std::string, double> limits_in_use;
};

// What to explain a match with.
struct MatchInput {
  // The submitter name the job negotiates as (`group.user@domain`, see
  // negotiator/submitter_identity.h); empty when not known.
  std::string submitter;
  EphemeralBindings bindings;
  ExplainOptions explain;
  // How expressions are evaluated (set `now` for reproducible output).
  classad::EvalOptions eval;
};

// A rank expression and its value as the negotiator uses it.
struct RankExplanation {
  std::string name;  // "Rank", "NEGOTIATOR_PRE_JOB_RANK", ...
  bool set = false;  // false: the knob or attribute is not set
  Clause clause;     // the expression explained (when set)
  // The value used: the job's Rank as a real (0 when not a number);
  // the knob ranks cast to float, -DBL_MAX when unset or not a number.
  double rank = 0;
};

// One of the job's concurrency limits.
struct LimitUse {
  std::string name;  // lower case
  double amount = 1;
  double max = 0;     // the configured maximum (ConcurrencyLimitTable::MaxFor)
  double in_use = 0;  // EphemeralBindings::limits_in_use
  bool valid = true;  // false: skipped by the negotiator
  bool exceeded = false;  // in_use + amount > max (or in_use < 0)
};

// The job's ConcurrencyLimits.
struct LimitsExplanation {
  bool set = false;             // the job has ConcurrencyLimits
  std::string text;             // its expression
  classad::Value value;         // its value (against the slot when it needs the slot)
  bool needs_slot = false;      // it is not a string without the slot (reference §4.3)
  std::vector<LimitUse> limits;
  bool rejects = false;         // some valid limit is exceeded
};

struct PreemptionExplanation {
  bool claimed = false;      // the slot has a remote user (and preemption is considered)
  std::string remote_user;   // PreemptingAccountingGroup, PreemptingUser, AccountingGroup or RemoteUser
  // How the request meets the claim, as the matchmaker decides it
  // (negotiator/matching/preemption.h).
  ClaimKind kind = ClaimKind::kUnclaimed;
  classad::Value current_rank;  // MY.CurrentRank (PreemptingRank when bound)
  bool rank_preempts = false;   // MY.Rank > MY.CurrentRank is true
  bool rank_at_least = false;   // MY.Rank >= MY.CurrentRank is true
  // PREEMPTION_REQUIREMENTS (MY = slot, TARGET = job); explained whenever
  // set, but it only counts for a priority preemption.
  bool requirements_set = false;
  Clause requirements;
  bool requirements_allow = false;  // boolean true, or not set
  RankExplanation rank;             // PREEMPTION_RANK
};

// One ephemeral attribute as bound for the explanation.
struct BoundAttribute {
  std::string name;
  classad::Value value;  // for a live attribute, its value when read
  bool on_slot = false;
  bool defaulted = false;  // not given in EphemeralBindings
};

// The whole explanation of one job and one slot.
struct MatchExplanation {
  std::string submitter;
  // What the negotiator would do: true when the job would be matched with
  // the slot (perhaps by preempting), as far as these checks go.
  bool matches = false;
  // Why not, one sentence each, in the order HTCondor checks.
  std::vector<std::string> reasons;

  std::optional<Clause> slot_constraint;  // NEGOTIATOR_SLOT_CONSTRAINT (MY = slot)
  std::optional<Clause> job_constraint;   // NEGOTIATOR_JOB_CONSTRAINT (MY = job)
  bool slot_trimmed = false;  // left out before matching (constraint, claimed without preemption,
                              // retiring without early preemption)
  Clause job_requirements;    // MY = job, TARGET = slot
  Clause slot_requirements;   // MY = slot, TARGET = job
  bool requirements_match = false;
  RankExplanation job_rank;       // the job's Rank (MY = job)
  RankExplanation slot_rank;      // the slot's Rank (MY = slot), compared with CurrentRank
  RankExplanation pre_job_rank;   // MY = slot
  RankExplanation post_job_rank;  // MY = slot
  LimitsExplanation limits;
  PreemptionExplanation preemption;
  std::vector<BoundAttribute> bound;
  // The HTCondor quirks the evaluations went through (classad/quirks.h):
  // what HTCondor decides here depends on them.
  std::vector<classad::Quirk> quirks;
};

// Explains `job` against `slot` under `policy`. Fails (kInvalidArgument)
// only when binding the slot's cross-slot attributes exceeds their limit
// (RemoteAttributes::Bind). The ads and the policy are borrowed for the
// call; the result's values may borrow from the ads (keep them alive
// while it is used). Thread-safe for ads and a policy no one changes.
classad::Result<MatchExplanation> ExplainMatch(const policy::Policy& policy, const classad::ClassAd& slot,
                                               const classad::ClassAd& job,
                                               const MatchInput& input);

// Enters `user` into `accounting` with one side of `bindings` (the remote
// side when `remote`, else the submitter's), defaulted as
// EphemeralBindings says. Returns the group the user was charged to, if
// any (which makes the group attributes present).
std::optional<std::string> AddBoundUser(const policy::Policy& policy, const EphemeralBindings& bindings,
                                        bool remote, const std::string& user,
                                        policy::StaticAccounting* accounting);

// The SubmitterContext of `submitter`, whose group AddBoundUser returned
// (`group`), for SubmitterAttributes::Bind. `negotiating_group` receives
// the group name the context refers to and must outlive the context.
policy::SubmitterContext BoundSubmitterContext(const policy::Policy& policy, const EphemeralBindings& bindings,
                                       const std::string& submitter,
                                       const std::optional<std::string>& group,
                                       std::string* negotiating_group);

}  // namespace negotiator::explain

#endif  // NEGOTIATOR_EXPLAIN_MATCH_EXPLAINER_H_
