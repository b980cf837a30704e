// A pool: the slot ads and job ads negotiation cycles read, owned, with
// what the negotiator reads from each ad taken once (names, states, remote
// users, weights, job ids and priorities), and the changes a simulator
// makes between cycles.
//
// Slot ads are read as a real startd publishes them (`condor_status
// -long`, new syntax or JSON): `State`, `Activity`, `RemoteUser`,
// `AccountingGroup`, `CurrentRank`, `ConcurrencyLimits`, `SlotWeight`,
// `PartitionableSlot`. Job ads as `condor_q -long` writes them:
// `ClusterId`, `ProcId`, `JobStatus` (1 idle, 2 running), `JobPrio`,
// `Owner`/`AcctGroup`/`AcctGroupUser`/`AccountingGroup`,
// `RequestCpus`. Ads that cannot take part (a slot without a string Name,
// a job without ClusterId/ProcId, with one beyond 32 bits, or whose
// submitter cannot be named) are refused with an error naming the ad; NEGOTIATOR_SLOT_CONSTRAINT and
// NEGOTIATOR_JOB_CONSTRAINT leave out the ads they do not accept.
//
// Ids. A slot's and a job's id is its index in slots() / jobs(); it stays
// valid while the pool changes and is never given to another slot or job.
// A slot or job that left the pool stays in the vector as a tombstone
// (`present` false, its ad released to an empty one); every reader of
// slots() and jobs() skips those.
//
// Changes (what a simulator applies between cycles; time is always an
// argument, never the wall clock): jobs arrive (AddJob) and leave
// (RemoveJob: completed or removed, ending the claim that ran them); a
// match becomes a claim (ClaimSlot; `ApplyMatches` in cycle.h applies a
// whole cycle's); a claim ends (EndClaim: the job done, or preempted back
// to idle with its lost run time recorded); slots appear (AddSlot),
// disappear (RemoveSlot) or change (ReplaceSlot). A partitionable slot is
// carved as a startd carves it: a match on it makes a dynamic slot of the
// job's quantized request, and the resources go back to it when that
// claim ends.
//
// Ads (AdHolding). A pool holds each ad whole, or cut down to what can be
// read from it in the pool (ad_cutter.h), equal cut job ads shared: a few
// percent of the memory for a real queue (200,000 job ads of about 90
// attributes became 21,296 shared ads of 17; 20,000 slot ads of about 150
// attributes kept about 45 each), with every result the same. A pool that
// cuts keeps where each ad read from a file came from (the file's size and
// time, the ad's place in it). When a slot added or replaced later reads
// job attributes the cut job ads left out, the pool reads the job files
// again and cuts anew; when a job added later (or a job ad cut anew) reads
// slot attributes the cut slot ads left out, the pool reads the slot files
// again and adds what they lack to the slot ads, keeping the pool's own
// changes (claims, carved slots); either is an error, changing nothing,
// when a file changed since. Job ads are cut with the names whole slot
// ads read (noted on the threads reading the slot files), so that adding
// to the slot ads never makes the job ads be cut again. Ads added one by
// one (AddJob, AddSlot, ReplaceSlot) are held whole.
//
// Thread-safety: const methods may be called from several threads while
// nothing changes the pool.
#ifndef NEGOTIATOR_POOL_POOL_H_
#define NEGOTIATOR_POOL_POOL_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "classad/ad_file_reader.h"
#include "classad/ad_io.h"
#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/status.h"
#include "negotiator/accountant/slot_accounting.h"
#include "negotiator/pool/ad_cutter.h"
#include "negotiator/pool/submitter_identity.h"
#include "policy/policy.h"

namespace negotiator {

// Ids of slots and jobs: indices into Pool::slots() / Pool::jobs().
using SlotId = uint32_t;
using JobId = uint32_t;
inline constexpr uint32_t kNoId = UINT32_MAX;

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
  // What the accountant reads from the ad (under the pool's policy), read
  // again whenever the ad changes: a cycle's CheckMatches and AddMatch
  // use it instead of looking in the ad.
  SlotAccounting accounting;
  int64_t retirement_remaining = 0;  // RetirementTimeRemaining (0 when absent)
  bool present = true;               // false: the slot left the pool (a tombstone)
  // When its ad is cut to what the pool reads (AdHolding::kCut): the slot
  // whose ad as read from a file it was cut from (itself, or for a dynamic
  // slot the pool carved, its partitionable slot). kNoId: the ad is whole.
  SlotId cut_from = kNoId;
  JobId job = kNoId;       // the job running on it, when the pool knows it
  SlotId parent = kNoId;   // for a dynamic slot the pool carved: its partitionable slot
  int64_t next_dynamic = 1;  // for a partitionable slot: the number of its next dynamic slot
};

// Whether `id`, a ClusterId or a ProcId, is one HTCondor's job ids hold
// (PROC_ID: two ints; a schedd makes no other). A pool refuses a job
// whose ids are not, with kJobIdRangeError; the workload readers refuse
// it where they read it.
inline bool FitsJobId(int64_t id) { return id == static_cast<int32_t>(id); }
inline constexpr std::string_view kJobIdRangeError =
    "ClusterId and ProcId must be 32-bit integers, as HTCondor's are";

// A name the pool holds once for all its jobs (a submitter's), seen as a
// string_view: 8 bytes where a view takes 16. Empty when default-made.
// Valid while the string it was made from lives (the pool's, for a job).
class HeldName {
 public:
  HeldName() = default;
  explicit HeldName(const std::string& held) : held_(&held) {}
  operator std::string_view() const { return view(); }
  std::string_view view() const { return held_ != nullptr ? *held_ : std::string_view(); }
  const char* data() const { return view().data(); }
  size_t size() const { return view().size(); }
  bool empty() const { return view().empty(); }
  friend bool operator==(HeldName x, std::string_view y) { return x.view() == y; }

 private:
  const std::string* held_ = nullptr;
};

// One job ad and what the negotiator reads from it, in 72 bytes (a pool
// holds hundreds of thousands): the ids are 32-bit as HTCondor's are
// (PROC_ID), the status one byte, and what only a simulator's preempted
// jobs have (their lost run time) is kept by the pool beside.
struct PoolJob {
  std::shared_ptr<const classad::ClassAd> ad;
  // The submitter name (submitter_identity.h), held once by the pool for
  // all its jobs: valid while the pool lives.
  HeldName submitter;
  int64_t prio = 0;        // JobPrio (0 when absent)
  double weight = 1;       // what the job counts in WeightedIdleJobs/WeightedRunningJobs
  int64_t start_time = 0;  // when its current run began (JobCurrentStartDate)
  int32_t cluster = 0;     // ClusterId
  int32_t proc = 0;        // ProcId
  int32_t group = 0;       // the submitter's assigned group (index in the tree)
  SlotId slot = kNoId;     // the slot running it, when the pool knows it
  // How many times the pool replaced the job's ad: (id, ad_version) names
  // one ad of one job for the life of the pool (caches key on it).
  uint32_t ad_version = 0;
  // JobStatus: 1 idle, 2 running; others (0 for one out of a byte's range)
  // are ignored.
  int8_t status = 0;
  bool present = true;  // false: the job left the pool (a tombstone)
  // The pool changed the job's status (a claim, a requeue): its ad shows
  // the pool's (JobStatus, RemoteHost, JobCurrentStartDate).
  bool status_changed = false;
  // Its ad is cut to what the pool reads (AdHolding::kCut), perhaps
  // shared with other jobs; else it is whole.
  bool cut = false;
  std::string id() const { return std::to_string(cluster) + "." + std::to_string(proc); }
};
static_assert(sizeof(PoolJob) <= 72, "a pool holds hundreds of thousands of jobs");

// Fills `slot`'s fields from its ad (`slot->ad`, set) as a Pool reads
// every slot ad under `policy`. kInvalidArgument when the ad has no string
// Name, which a Pool refuses (the other fields are filled all the same).
// Thread-safe.
classad::Status DescribeSlot(const policy::Policy& policy, PoolSlot* slot);

// The partitionable slot's name of dynamic slot `name` ("slot1_3@host"
// gives "slot1@host") and, in `*number`, the dynamic slot's number (3);
// an empty name when `name` does not have that form. Thread-safe.
std::string ParentSlotName(std::string_view name, int64_t* number);

// Whether `constraint` (NEGOTIATOR_SLOT_CONSTRAINT or
// NEGOTIATOR_JOB_CONSTRAINT) lets `ad` take part: unset, or true evaluated
// with the ad alone (no TARGET), as the collector's and the schedd's
// queries evaluate it. Thread-safe.
bool ConstraintAccepts(const policy::PolicyExpression& constraint, const classad::ClassAd& ad,
                       const classad::EvalOptions& options = {});

// How a claim ends (EndClaim).
enum class ClaimEnd {
  kJobDone,    // the job completed: it leaves the pool
  kPreempted,  // the job was evicted: it goes back to idle, its run time lost
};

// How a Pool holds ads (see the file comment).
enum class AdHolding {
  kWhole,  // every ad whole (what a test rebuilding pools from the ads needs)
  kCut,    // ads read from files cut to what the pool reads, equal job ads shared
};

// How a Pool reads ads.
struct PoolOptions {
  classad::AdReadOptions read;
  // Threads a large old-syntax file is read on (classad/ad_file_reader.h);
  // the ads are added in file order whatever the number.
  int read_threads = 1;
};

class Pool {
 public:
  // An empty pool under `policy` (not null), holding ads as `holding`
  // says.
  explicit Pool(std::shared_ptr<const policy::Policy> policy,
                AdHolding holding = AdHolding::kWhole);
  // Not copyable: a pool is heavy, and a copy would share its identity
  // (which caches key on) while its ads diverge.
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  // Reads slot ads from `path` (any supported format), cut when the pool
  // cuts and `path` is a regular file (the file must then stay as it is
  // while the pool lives: it is read again when jobs come to read what
  // was cut); whole from anything else (a pipe cannot be read again). Ads
  // NEGOTIATOR_SLOT_CONSTRAINT rejects are counted in slots_filtered().
  // Errors name the file and the ad's position; on error nothing of the
  // file is kept (and the ids its ads had are given to later ads: they
  // were never handed out).
  classad::Status ReadSlots(const std::string& path, const PoolOptions& options = {});
  // Reads job ads from `path` (NEGOTIATOR_JOB_CONSTRAINT applied), cut
  // when the pool cuts and `path` is a regular file (the file must then
  // stay as it is while the pool lives: it is read again if slots come to
  // read what was cut); whole from anything else. Slot ads cut before are
  // completed from their files with what these jobs read. Errors as
  // ReadSlots'.
  classad::Status ReadJobs(const std::string& path, const PoolOptions& options = {});

  // Adds one slot / job ad (the constraint applied; the ad held whole).
  // `where` names it in errors. Returns its id, nothing when the
  // constraint left it out, or an error (nothing added; also when the
  // pool must cut its job ads again, or complete its cut slot ads, and
  // cannot).
  classad::Result<std::optional<SlotId>> AddSlot(std::shared_ptr<const classad::ClassAd> ad,
                                                 const std::string& where);
  classad::Result<std::optional<JobId>> AddJob(std::shared_ptr<const classad::ClassAd> ad,
                                               const std::string& where);

  // Every slot and job ever added, by id; tombstones included (`present`).
  const std::vector<PoolSlot>& slots() const { return slots_; }
  const std::vector<PoolJob>& jobs() const { return jobs_; }
  // How many are present.
  size_t present_slots() const { return slots_.size() - removed_slots_; }
  size_t present_jobs() const { return jobs_.size() - removed_jobs_; }
  size_t slots_filtered() const { return slots_filtered_; }
  size_t jobs_filtered() const { return jobs_filtered_; }
  const policy::Policy& policy() const { return *policy_; }
  // A number drawn when the pool is made, telling it from every other pool
  // (caches that outlive a cycle key on it with the ids).
  uint64_t identity() const { return identity_; }
  // The seconds of job `job`'s runs that preemption ended (EndClaim
  // kPreempted, RemoveSlot): a simulator's badput. 0 for a job never
  // preempted or not in the pool.
  int64_t LostRunTime(JobId job) const;

  // Slot `slot` becomes Claimed/Busy by `submitter` for job `job` from
  // `now` (State, Activity, RemoteUser, AccountingGroup, RemoteOwner,
  // CurrentRank = `rank`, ConcurrencyLimits, JobId, EnteredCurrentState);
  // the job it ran (if any) goes back to idle (EndClaim kPreempted), and job
  // `job` becomes running. A partitionable slot is not claimed itself: a
  // dynamic slot is carved from it for the job (CarveDynamicSlot), and
  // claimed. The ads are replaced by changed copies. Errors: no such slot
  // or job (kInvalidArgument); the job already runs on a slot, or a
  // partitionable slot cannot hold the job's request (its Requirements
  // refuse it, it has not the resources, or the job states no
  // RequestMemory/RequestDisk: a startd refuses such a claim)
  // (kFailedPrecondition). Nothing is changed on error.
  classad::Status ClaimSlot(SlotId slot, JobId job, std::string_view submitter, double rank,
                            std::string_view concurrency_limits, int64_t now);

  // The claim on slot `slot` ends at `now`. Its job, if the pool knows it,
  // completes (kJobDone: it leaves the pool) or goes back to idle
  // (kPreempted: `now` − its start time added to its lost run time). The
  // slot becomes Unclaimed/Idle, or, when the pool carved it from a
  // partitionable slot, leaves the pool and gives its resources back.
  // Errors: no such slot, or one that is not claimed (kInvalidArgument).
  classad::Status EndClaim(SlotId slot, ClaimEnd how, int64_t now);

  // The job running on claimed slot `slot` completes at `now` (it leaves
  // the pool) and idle job `next` starts on the same claim, as a schedd
  // reuses a claim for its submitter's next job: the slot stays Claimed
  // and Busy with the claim's user, CurrentRank, ConcurrencyLimits and
  // EnteredCurrentState, its JobId becomes `next`'s and
  // EnteredCurrentActivity `now`. Whether the claim may serve `next`
  // (matching, rank, limits, CLAIM_WORKLIFE) is the caller's to judge.
  // Errors: no such slot or job (kInvalidArgument); a slot not claimed or
  // whose job the pool does not know, a `next` that is not idle or that
  // belongs to another submitter than the claim's user
  // (kFailedPrecondition). Nothing is changed on error.
  classad::Status ReuseClaim(SlotId slot, JobId next, int64_t now);

  // Job `job` leaves the pool at `now` (completed or removed); when it
  // runs on a slot the pool knows, that claim ends as kJobDone. Errors: no
  // such job (kInvalidArgument).
  classad::Status RemoveJob(JobId job, int64_t now);

  // Slot `slot` leaves the pool at `now` (its machine went away); the job
  // it ran goes back to idle (its run lost). The dynamic slots carved from
  // a partitionable slot leave with it. Errors: no such slot.
  classad::Status RemoveSlot(SlotId slot, int64_t now);

  // Slot `slot`'s ad is replaced by `ad` (the startd published a change);
  // the constraint is not applied again. When the new ad no longer shows
  // the claim the pool knew (not Claimed or Preempting, or another JobId),
  // that job goes back to idle at `now`, its run lost; a new claim it shows is
  // linked to its job when next needed. Errors: no such slot; an ad that
  // cannot take part; a partitionable slot that would stop being one while
  // it has dynamic slots (kFailedPrecondition); job ads that must be cut
  // again and cannot. Nothing is changed on error.
  classad::Status ReplaceSlot(SlotId slot, std::shared_ptr<const classad::ClassAd> ad,
                              int64_t now);

  // Whether what the pool keeps besides the ads agrees with the ads: every
  // present slot's and job's fields are what reading its ad afresh gives;
  // a slot's job runs on that slot and the other way round; a carved
  // slot's partitionable slot is present; the tombstone counts are right.
  // The state changes leave behind must equal the state a pool rebuilt
  // from the same ads has (tests and the fuzz target call this after every
  // change). A field whose expression gives another value each time it is
  // read (random(), time()) is not compared, nor are the fields of a job
  // whose ad is cut (it may lack what they were read from). Ok, or
  // kFailedPrecondition naming the first disagreement.
  classad::Status CheckConsistency() const;

 private:
  // Fills `slot`'s fields from its ad.
  classad::Status DescribeSlot(PoolSlot* slot) const;
  // Fills `job`'s fields from its ad, the submitter's name into `*submitter`
  // (job->submitter is left as it is).
  classad::Status DescribeJob(PoolJob* job, std::string* submitter) const;
  // The transforms of threads reading a file: each ad trimmed by a copy of
  // `cutter` (not null, unchanged while they run) that also keeps `also`.
  static classad::AdTransformMaker Trimming(const AdCutter* cutter,
                                            std::span<const std::string_view> also);
  // What the threads reading a job file run on each ad (the pool cuts its
  // job ads): the ad trimmed to what a cut keeps and what DescribeJob
  // reads, so that only that much waits to be handed over.
  classad::AdTransformMaker TrimmingJobs() const;
  // What the threads reading a slot file run on each ad (the pool cuts):
  // the names the whole ad reads noted in `*noted` (one cutter per
  // thread, copies of the job cutter), the ad trimmed to what the slot
  // cutter keeps.
  classad::AdTransformMaker TrimmingSlots(
      std::vector<std::shared_ptr<AdCutter>>* noted) const;
  // After a file was read on several threads (`options`): lets go of what
  // still holds what those threads parsed (`copier`'s originals, the
  // cutters' kept expressions) and gives the memory freed back to the
  // system, so that the threads' arenas are left empty
  // (classad/value_copier.h).
  void LetGoOfReadingThreads(const PoolOptions& options, classad::ValueCopier* copier);
  // AddSlot without cutting job ads again; the slot marked `cut` as said.
  // With a `copier`, a cut slot keeps a copy of `ad` it makes (values
  // parsed on reading threads are kept so: classad/value_copier.h), in
  // `*copy_arena` (not null with a copier), which it replaces with a new
  // arena when empty or full.
  classad::Result<std::optional<SlotId>> AddSlotAd(std::shared_ptr<const classad::ClassAd> ad,
                                                   const std::string& where, bool cut,
                                                   classad::ValueCopier* copier = nullptr,
                                                   classad::AdArenaRef* copy_arena = nullptr);
  // AddJob, the ad cut when `cuttable` and the pool cuts (with values
  // copied by `copier`, when given: see AdCutter::Cut).
  classad::Result<std::optional<JobId>> AddJobAd(std::shared_ptr<const classad::ClassAd> ad,
                                                 const std::string& where, bool cuttable,
                                                 classad::ValueCopier* copier = nullptr);
  // Sets in `ad` (job `job`'s) the status the pool gave the job, when it
  // gave one (status_changed): JobStatus, and RemoteHost and
  // JobCurrentStartDate while it runs (removed otherwise). The one place a
  // job ad takes the pool's changes.
  void SetPoolStatus(const PoolJob& job, classad::ClassAd* ad) const;
  // `ad` (job `job`'s, whole or cut) with SetPoolStatus applied to a copy,
  // cut again when the job's ad is cut.
  std::shared_ptr<const classad::ClassAd> WithPoolStatus(
      const PoolJob& job, std::shared_ptr<const classad::ClassAd> ad);
  // Notes that `slot_ad` is in the pool: the job ads must be cut again when
  // it reads what they left out.
  void WatchSlot(const std::shared_ptr<const classad::ClassAd>& slot_ad);
  // Notes that `job_ad` is in the pool: the cut slot ads must be completed
  // when it reads what they left out.
  void WatchJob(const std::shared_ptr<const classad::ClassAd>& job_ad);
  // The cutters' marks of the names they watch (empty ones when ads are
  // held whole).
  struct WatchMarks {
    AdCutter::WatchMark jobs;
    AdCutter::WatchMark slots;
  };
  WatchMarks WatchMark() const;
  // Cuts the job ads read from files again from those files, when a slot
  // came to read what they left out, then completes the cut slot ads from
  // their files, when a job came to read what they left out. Errors: a
  // file changed or cannot be read; the names watched since `mark` are
  // then forgotten (the caller refuses the ads that brought them), and
  // the cut ads hold at least what the names left watched read.
  classad::Status CutAgainIfNeeded(const WatchMarks& mark);
  // CutAgainIfNeeded's reading of the job files, without the forgetting.
  classad::Status CutAgain();
  // CutAgainIfNeeded's reading of the slot files, without the forgetting.
  classad::Status WidenSlots();
  // Forgets the names watched since `mark` (ads that brought them are
  // refused); nothing is left to cut again.
  void ForgetWatchesSince(const WatchMarks& mark);
  // Links running jobs and the slots that run them (a slot's JobId),
  // once: ads read from files name their jobs only by id. Afterwards every
  // change keeps the links.
  void LinkRunningJobs();
  // Job `job` (running) goes back to idle at `now`, its run lost.
  void RequeueJob(JobId job, int64_t now);
  // Slot `slot` becomes Unclaimed/Idle, or leaves the pool when it is a
  // dynamic slot the pool carved (its resources back to its parent).
  classad::Status ReleaseSlot(SlotId slot, int64_t now);
  // Carves a dynamic slot for job `job` out of partitionable slot `slot`
  // (the startd's create_dslot with its default MODIFY_REQUEST_EXPR_*
  // quantization) and returns its id.
  classad::Result<SlotId> CarveDynamicSlot(SlotId slot, JobId job, int64_t now);
  // Marks slot / job `id` as gone.
  void Forget(PoolSlot* slot);
  void Forget(PoolJob* job);
  classad::Status CheckSlot(SlotId slot, const char* what) const;
  classad::Status CheckJob(JobId job, const char* what) const;

  // Where ads read from a file came from (AdHolding::kCut).
  struct AdSource {
    std::string path;
    PoolOptions options;
    uint64_t size = 0;
    int64_t modified = 0;  // the file's time, in its clock's ticks
    std::vector<uint32_t> ids;  // by the ad's place in the file; kNoId: not kept
  };
  // `path`'s source, when ads read from it can be read again (a regular
  // file whose size and time can be read).
  static std::optional<AdSource> SourceOf(const std::string& path, const PoolOptions& options);
  // Reads the files of `sources` again (`what` and `kind` name them in
  // errors: "slots now read job attributes", "job"), each ad through a
  // transform `make_transform` makes, and gives `take` each ad the pool
  // kept (by its id when read). Errors: a file changed since (nothing is
  // read), cannot be read, or holds more ads; `take`'s.
  classad::Status ReadAgain(
      const std::vector<AdSource>& sources, const char* what, const char* kind,
      const classad::AdTransformMaker& make_transform,
      const std::function<classad::Status(uint32_t id, std::shared_ptr<classad::ClassAd> ad,
                                          classad::ValueCopier* copier)>& take) const;

  std::shared_ptr<const policy::Policy> policy_;
  std::unique_ptr<AdCutter> job_cutter_;       // job ads'; null: held whole
  std::unique_ptr<AdCutter> slot_cutter_;  // slot ads'; null: held whole
  std::vector<AdSource> job_sources_;       // of the job ads
  std::vector<AdSource> slot_sources_;  // of the slot ads
  // The submitter names of the jobs (PoolJob::submitter points into it).
  std::unordered_set<std::string> submitter_names_;
  // The layouts of the ads the pool changes (a claim adds names to a slot
  // ad, and a changed ad would otherwise hold a copy of its names and
  // their index: 25 KB for a slot ad of 190 attributes), shared.
  classad::LayoutTable changed_layouts_;
  // Slots read what the cut job ads left out (set by WatchSlot, cleared by
  // CutAgainIfNeeded before every public method returns).
  bool cut_again_ = false;
  // Jobs read what the cut slot ads left out (set by WatchJob, cleared
  // likewise).
  bool widen_slots_ = false;
  uint64_t identity_;
  IdentityConfig naming_;  // how jobs' submitters are named (borrows *policy_)
  std::vector<PoolSlot> slots_;
  std::vector<PoolJob> jobs_;
  // LostRunTime of the jobs preemption ended a run of (few: kept beside
  // the jobs rather than in each).
  std::unordered_map<JobId, int64_t> lost_run_time_;
  bool linked_ = false;  // LinkRunningJobs ran
  std::shared_ptr<const classad::ClassAd> empty_ad_;  // what a tombstone holds
  size_t removed_slots_ = 0;
  size_t removed_jobs_ = 0;
  size_t slots_filtered_ = 0;
  size_t jobs_filtered_ = 0;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_POOL_POOL_H_
