// The negotiation cycle (reference §0, §3.2–§3.4): given a pool snapshot
// and the accountant, allocates slots to submitters as HTCondor's
// condor_negotiator does, and says why.
//
// In order: the pool size (slot weights of every slot, before trimming);
// UpdatePriorities and CheckMatches on the accountant; the slots trimmed
// (§3.9); autoclusters (kept between cycles) and submitters; every
// autocluster matched against the slots (on several threads); then the
// share model (shares/: HTCondor's pie unless another is given) over all
// submitters without group quotas, and with them the group quota
// allocation (quotas/group_quota_allocator.h) calling the share model for
// each group with its limit; the model calls back for each submitter's
// turn. Each match is charged to the accountant at once (AddNewMatch, as
// HTCondor's AddMatch), so later requests see the new usage and
// concurrency counts.
//
// Ties are broken deterministically: submitters of equal EUP and
// starvation by name (HTCondor uses LastHeardFrom mod 1009, which is
// random in practice); slots of equal ranks by their order in the
// snapshot. The same snapshot and accountant always give the same result.
//
// A Negotiator keeps what HTCondor keeps between cycles (the group quota
// map that feeds RemoteGroupQuota, the group round-robin times) and, as a
// schedd does, the autoclusters of the pool it negotiates for (kept by job
// id, computed again only for jobs that arrived or changed), so a
// simulator drives one Negotiator cycle after cycle over one changing
// Pool. Not thread-safe.
#ifndef NEGOTIATOR_CYCLE_H_
#define NEGOTIATOR_CYCLE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "classad/quirks.h"
#include "classad/status.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/autoclusters/autoclusters.h"
#include "negotiator/matching/matchmaker.h"
#include "negotiator/pool/pool.h"
#include "negotiator/shares/share_model.h"
#include "negotiator/quotas/group_quota_allocator.h"
#include "policy/policy.h"

namespace negotiator {

// One match of the cycle.
struct CycleMatch {
  uint32_t job_index = 0;   // into Pool::jobs()
  uint32_t slot_index = 0;  // into Pool::slots()
  std::string job;          // "ClusterId.ProcId"
  std::string slot;         // the slot's Name
  std::string submitter;
  std::string group;  // the submitter's assigned group ("<none>" without one)
  PreemptState reason = PreemptState::kNone;
  std::string preempted_user;      // the slot's user when preempting
  std::string preempted_job;       // its JobId, when the slot says
  double cost = 1;                 // the slot weight charged
  double slot_rank = 0;            // the slot's Rank of the job (its new CurrentRank)
  std::string concurrency_limits;  // MatchedConcurrencyLimits
};

// One request of the cycle (HTCondor's negotiate() asking the matchmaker
// for a slot for one job), as the cycle decided it. Recorded when
// NegotiatorOptions::record_requests is set. In a submitter's turn each
// unmatched job is asked for in order until its autocluster is refused
// once; the turn's later jobs of that autocluster are not asked for again
// (as in HTCondor).
struct RequestRecord {
  JobId job = 0;
  std::string job_name;  // "ClusterId.ProcId"
  std::string submitter;
  std::string group;     // the negotiation's group ("<none>": no group limit)
  int spin = 1;          // the spin of that negotiation
  bool floor_round = false;
  double limit = 0;       // the submitter limit of the turn
  double limit_used = 0;  // the weight matched before it in the turn
  bool only_rank_preemption = false;  // past the limit on spin 1
  bool matched = false;
  SlotId slot = kNoId;  // when matched: the slot offered (before carving)
  std::string slot_name;
  PreemptState preemption = PreemptState::kNone;
  // When not matched: HTCondor's reason, the text the unmatched table counts.
  std::string refusal;
};

// An autocluster (of one submitter) left with unmatched jobs, and the
// reason given most often.
struct UnmatchedAutocluster {
  uint32_t autocluster = 0;
  std::string submitter;
  std::string example_job;  // one job of it
  int64_t rejections = 0;
  std::string reason;
};

// Where the cycle's time went (milliseconds).
struct CyclePhases {
  double accountant = 0;    // UpdatePriorities + CheckMatches
  double autoclusters = 0;  // submitters and autoclusters
  double matching = 0;      // autoclusters against slots, up front
  double negotiation = 0;   // quotas, pie spins, requests, AddMatch
  double total = 0;
};

struct CycleResult {
  int64_t now = 0;
  double pool_size = 0;  // the pie: total slot weight
  size_t slots_total = 0;
  size_t slots_considered = 0;  // after trimming
  size_t autoclusters = 0;
  size_t match_classes = 0;  // autoclusters that matching cannot tell apart, merged
  // The significant attributes the autoclusters compare (the schedd's
  // list, significant_attributes.h), in its order.
  std::vector<std::string> significant_attributes;
  size_t jobs_clustered = 0;  // idle jobs whose autocluster was worked out this cycle (new
                              // or changed; the others' were kept from earlier cycles)
  std::vector<CycleMatch> matches;
  int64_t preemptions = 0;
  std::vector<SubmitterOutcome> submitters;  // by name
  std::vector<GroupQuotaReport> groups;      // with group quotas only
  std::vector<UnmatchedAutocluster> unmatched;
  std::vector<RequestRecord> requests;  // in the order made (NegotiatorOptions::record_requests)
  bool requests_recorded = false;       // NegotiatorOptions::record_requests was set
  // The HTCondor quirks (classad/quirks.h) that any expression the cycle
  // evaluated went through: its decisions depended on them (policy_lint's
  // htcondor-quirk-* checks say what to write instead). In Quirk order.
  std::vector<classad::Quirk> quirks;
  // What the share model recorded (ShareRecords; empty for the pie), one
  // per negotiation it shared, in order.
  std::vector<std::shared_ptr<const ShareRecords>> share_records;
  CyclePhases phases;
};

struct NegotiatorOptions {
  int threads = 2;  // for matching autoclusters up front
  // MatchmakerOptions::shortcuts (false only for tests that compare);
  // false also keeps nothing from one cycle's matchmaker to the next.
  bool shortcuts = true;
  // How each negotiation's slots are shared among its submitters; null:
  // HTCondor's pie (shares/htcondor_pie.h).
  std::shared_ptr<const ShareModel> share_model = nullptr;
  // Record every request and how it ended (CycleResult::requests).
  bool record_requests = false;
};

class Negotiator {
 public:
  // Under `policy` (not null).
  explicit Negotiator(std::shared_ptr<const policy::Policy> policy,
                      const NegotiatorOptions& options = {});
  ~Negotiator();
  Negotiator(const Negotiator&) = delete;
  Negotiator& operator=(const Negotiator&) = delete;

  // Runs one cycle over `pool` at `now`, changing `accountant` (priorities
  // updated, claims checked, every match charged). Errors: a slot ad the
  // accountant cannot charge (no Name) is reported after the cycle
  // (kInvalidArgument) only when nothing else could be done.
  classad::Result<CycleResult> RunCycle(const Pool& pool, Accountant& accountant, int64_t now);

  // Makes the next cycle the one after a cycle whose last allocation round
  // gave `quota_map` (group name as spelled in GROUP_NAMES, "<none>" for
  // the root -> its quota: HTCondor's groupQuotasHash, which a running
  // negotiator keeps from one cycle to the next), as in a negotiator that
  // has been running: the claimed slots' RemoteGroup,
  // RemoteGroupResourcesInUse and RemoteGroupQuota are bound from it. A new
  // Negotiator runs its first cycle as HTCondor's does after a start: with
  // no map, those are undefined (an empty map does the same). Each cycle
  // replaces the map with its own. Not thread-safe with RunCycle.
  void ResumeWithQuotaMap(std::map<std::string, double, std::less<>> quota_map) {
    last_quotas_ = std::move(quota_map);
  }

  const policy::Policy& policy() const { return *policy_; }

 private:
  class Cycle;
  std::shared_ptr<const policy::Policy> policy_;
  NegotiatorOptions options_;
  std::shared_ptr<const ShareModel> share_model_;  // options_.share_model or the pie
  std::unique_ptr<GroupQuotaAllocator> groups_;
  AutoclusterKeeper autoclusters_;
  MatchmakerMemory matchmaker_memory_;  // what each cycle's matchmaker leaves to the next
  // The last round's group quota map (RemoteGroupQuota in the next cycle).
  std::map<std::string, double, std::less<>> last_quotas_;
};

// What a schedd and the startds do with a cycle's matches: each match of
// `result` becomes a claim in `*pool` at `now` (Pool::ClaimSlot, in the
// order of the matches; a partitionable slot is carved). A claim a startd
// would refuse (a partitionable slot that cannot hold the job:
// kFailedPrecondition) is skipped, the job left idle, and counted in
// `*refused` when given. Any other error (a result of another pool) stops,
// the claims before it made. Not thread-safe for `*pool`.
classad::Status ApplyMatches(const CycleResult& result, int64_t now, Pool* pool,
                             size_t* refused = nullptr);

}  // namespace negotiator

#endif  // NEGOTIATOR_CYCLE_H_
