// A pool snapshot: the slot ads and job ads one negotiation cycle reads,
// owned, with what the negotiator reads from each ad taken once (names,
// states, remote users, weights, job ids and priorities).
//
// Slot ads are read as a real startd publishes them (`condor_status
// -long`, new syntax or JSON): `State`, `Activity`, `RemoteUser`,
// `AccountingGroup`, `CurrentRank`, `ConcurrencyLimits`, `SlotWeight`,
// `PartitionableSlot`. Job ads as `condor_q -long` writes them:
// `ClusterId`, `ProcId`, `JobStatus` (1 idle, 2 running), `JobPrio`,
// `QDate`, `Owner`/`AcctGroup`/`AcctGroupUser`/`AccountingGroup`,
// `RequestCpus`. Ads that cannot take part (a slot without a string Name,
// a job without ClusterId/ProcId or whose submitter cannot be named) are
// refused with an error naming the ad; NEGOTIATOR_SLOT_CONSTRAINT and
// NEGOTIATOR_JOB_CONSTRAINT leave out the ads they do not accept.
//
// A simulator keeps one Pool and changes it between cycles (ClaimSlot),
// so that nothing is read again.
//
// Thread-safety: const methods may be called from several threads while
// nothing changes the pool.
#ifndef NEGOTIATOR_POOL_H_
#define NEGOTIATOR_POOL_H_

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <string_view>
#include <vector>

#include "classad/ad_io.h"
#include "classad/classad.h"
#include "classad/status.h"
#include "negotiator/submitter_identity.h"
#include "policy/policy.h"

namespace negotiator {

// A slot's State as the negotiator distinguishes it.
enum class SlotState { kUnclaimed, kClaimed, kMatched, kPreempting, kOwner, kOther };

// One slot ad and what the negotiator reads from it.
struct PoolSlot {
  std::shared_ptr<const classad::ClassAd> ad;
  std::string name;  // Name
  SlotState state = SlotState::kOther;
  // The user the slot runs for: the first of PreemptingAccountingGroup,
  // PreemptingUser, AccountingGroup, RemoteUser (empty when none).
  std::string remote_user;
  bool partitionable = false;        // PartitionableSlot
  double weight = 1;                 // the accountant's SlotWeight of the slot
  int64_t retirement_remaining = 0;  // RetirementTimeRemaining (0 when absent)
};

// One job ad and what the negotiator reads from it.
struct PoolJob {
  std::shared_ptr<const classad::ClassAd> ad;
  int64_t cluster = 0;    // ClusterId
  int64_t proc = 0;       // ProcId
  int status = 0;         // JobStatus: 1 idle, 2 running, others ignored
  int64_t prio = 0;       // JobPrio (0 when absent)
  int64_t qdate = 0;      // QDate (0 when absent)
  std::string submitter;  // the submitter name (submitter_identity.h)
  int group = 0;          // the submitter's assigned group (index in the tree)
  double weight = 1;      // what the job counts in WeightedIdleJobs/WeightedRunningJobs
  std::string id() const { return std::to_string(cluster) + "." + std::to_string(proc); }
};

// How a Pool reads ads.
struct PoolOptions {
  classad::AdReadOptions read;
};

class Pool {
 public:
  // An empty pool under `policy` (not null).
  explicit Pool(std::shared_ptr<const policy::Policy> policy);

  // Reads slot ads from `path` (any supported format). Ads
  // NEGOTIATOR_SLOT_CONSTRAINT rejects are counted in slots_filtered().
  // Errors name the file and the ad's position; on error nothing of the
  // file is kept.
  classad::Status ReadSlots(const std::string& path, const PoolOptions& options = {});
  // Reads job ads from `path` (NEGOTIATOR_JOB_CONSTRAINT applied).
  classad::Status ReadJobs(const std::string& path, const PoolOptions& options = {});

  // Adds one slot / job ad (the constraint applied). `where` names it in
  // errors. Returns whether it was kept, or an error.
  classad::Result<bool> AddSlot(std::shared_ptr<const classad::ClassAd> ad,
                                const std::string& where);
  classad::Result<bool> AddJob(std::shared_ptr<const classad::ClassAd> ad,
                               const std::string& where);

  const std::vector<PoolSlot>& slots() const { return slots_; }
  const std::vector<PoolJob>& jobs() const { return jobs_; }
  size_t slots_filtered() const { return slots_filtered_; }
  size_t jobs_filtered() const { return jobs_filtered_; }
  const policy::Policy& policy() const { return *policy_; }

  // For a simulator: slot `slot` becomes Claimed/Busy by `submitter` for
  // job `job` from `now` (State, Activity, RemoteUser, AccountingGroup,
  // RemoteOwner, CurrentRank = `rank`, ConcurrencyLimits, JobId,
  // EnteredCurrentState), the job it ran (if any) goes back to idle, and
  // job `job` becomes running. The ads are replaced by changed copies.
  classad::Status ClaimSlot(size_t slot, size_t job, std::string_view submitter, double rank,
                            std::string_view concurrency_limits, int64_t now);

 private:
  // Fills `slot`'s fields from its ad.
  classad::Status DescribeSlot(PoolSlot* slot) const;
  classad::Status DescribeJob(PoolJob* job) const;

  std::shared_ptr<const policy::Policy> policy_;
  IdentityConfig identity_;  // how jobs' submitters are named (borrows *policy_)
  std::vector<PoolSlot> slots_;
  std::vector<PoolJob> jobs_;
  // Job indices by "ClusterId.ProcId", built by the first ClaimSlot (and
  // kept up to date after it), for finding the job a slot ran.
  std::unordered_map<std::string, std::vector<uint32_t>> jobs_by_id_;
  bool jobs_by_id_built_ = false;
  size_t slots_filtered_ = 0;
  size_t jobs_filtered_ = 0;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_POOL_H_
