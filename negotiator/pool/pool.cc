// The pool and its changes (pool.h).
#include "negotiator/pool/pool.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <random>
#include <unordered_map>
#include <utility>

#include "classad/ad_file_reader.h"
#include "classad/evaluator.h"
#include "classad/freed_memory.h"
#include "classad/parser.h"
#include "classad/value.h"
#include "policy/ephemeral.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/pool/submitter_identity.h"

namespace negotiator {
namespace {

using classad::ClassAd;
using classad::Result;
using classad::Status;
using classad::StatusCode;
using classad::Value;

SlotState ParseState(std::string_view state) {
  if (state == "Unclaimed") return SlotState::kUnclaimed;
  if (state == "Claimed") return SlotState::kClaimed;
  if (state == "Matched") return SlotState::kMatched;
  if (state == "Preempting") return SlotState::kPreempting;
  if (state == "Owner") return SlotState::kOwner;
  return SlotState::kOther;
}

bool IntegerAttr(const ClassAd& ad, std::string_view name, int64_t* out) {
  double v = 0;
  if (!classad::EvaluateAttrNumber(ad, name, &v)) return false;
  *out = static_cast<int64_t>(v);
  return true;
}

// A number as HTCondor's EvalInteger reads it (an integer, a real
// truncated, a boolean as 1 or 0); nullopt for anything else.
std::optional<int64_t> IntegerOf(const Value& v) {
  std::optional<double> n = classad::RankNumber(v);
  if (!n || !std::isfinite(*n)) return std::nullopt;
  return static_cast<int64_t>(*n);
}

// The resources a startd carves a dynamic slot by, with its default
// MODIFY_REQUEST_EXPR_<attr> (HTCondor's param_info.in; CATALOG_SPACE is 0
// for a job that requests no catalogs).
struct Resource {
  const char* slot_attr;
  const char* request_attr;
  const char* modify;
};
constexpr std::array<Resource, 3> kResources = {{
    {"Cpus", "RequestCpus", "quantize(RequestCpus, {1})"},
    {"Disk", "RequestDisk", "quantize(RequestDisk, {TARGET.DiskQuantum ?: 1024})"},
    {"Memory", "RequestMemory", "quantize(RequestMemory, {128})"},
}};

// Whether a kept field differs from its ad's value `a`, read twice as `a`
// and `b`: a value that changed between the two readings (random(),
// time()) cannot be compared and counts as agreeing.
template <typename T>
bool KeptDiffers(const T& kept, const T& a, const T& b) {
  return a == b && kept != a;
}

// "slot1@host" and 3 give "slot1_3@host", as a startd names the dynamic
// slots of a partitionable slot.
std::string DynamicSlotName(std::string_view parent, int64_t n) {
  const size_t at = std::min(parent.find('@'), parent.size());
  std::string out(parent.substr(0, at));
  out += '_';
  out += std::to_string(n);
  out += parent.substr(at);
  return out;
}


}  // namespace

std::string ParentSlotName(std::string_view name, int64_t* number) {
  const size_t at = std::min(name.find('@'), name.size());
  const size_t underscore = name.substr(0, at).rfind('_');
  if (underscore == std::string_view::npos || underscore + 1 == at || at - underscore > 10) {
    return "";
  }
  int64_t n = 0;
  for (size_t i = underscore + 1; i < at; ++i) {
    if (name[i] < '0' || name[i] > '9') return "";
    n = n * 10 + (name[i] - '0');
  }
  *number = n;
  return std::string(name.substr(0, underscore)) + std::string(name.substr(at));
}

Pool::Pool(std::shared_ptr<const policy::Policy> policy, AdHolding holding)
    : policy_(std::move(policy)),
      job_cutter_(holding == AdHolding::kCut ? std::make_unique<AdCutter>(*policy_, AdSide::kJob)
                                             : nullptr),
      slot_cutter_(holding == AdHolding::kCut ? std::make_unique<AdCutter>(*policy_, AdSide::kSlot)
                                              : nullptr),
      identity_((static_cast<uint64_t>(std::random_device()()) << 32) ^ std::random_device()()),
      naming_(IdentityConfig::FromPolicy(*policy_)),
      empty_ad_(std::make_shared<const ClassAd>()) {}

bool ConstraintAccepts(const policy::PolicyExpression& constraint, const ClassAd& ad,
                       const classad::EvalOptions& options) {
  if (!constraint.is_set()) return true;
  return classad::IsTrueValue(classad::EvaluateExpr(*constraint.expr, &ad, nullptr, options));
}

Status Pool::DescribeSlot(PoolSlot* slot) const { return negotiator::DescribeSlot(*policy_, slot); }

Status DescribeSlot(const policy::Policy& policy, PoolSlot* slot) {
  const ClassAd& ad = *slot->ad;
  slot->name.clear();
  Status named = Status::Ok();
  if (!classad::EvaluateAttrString(ad, "Name", &slot->name)) {
    named = Status(StatusCode::kInvalidArgument, "slot ad has no string Name");
  }
  slot->accounting = ReadSlotAccounting(ad, policy.accountant);
  if (named.ok() && slot->accounting.resource.empty()) {
    // The accountant keys the slot's claim by <Name>@<StartdIpAddr>.
    named = Accountant::ResourceName(ad).status();
  }
  std::string state;
  classad::EvaluateAttrString(ad, "State", &state);
  slot->state = ParseState(state);
  slot->remote_user = policy::RemoteUserOf(ad);
  slot->partitionable =
      classad::AttrIsTrue(ad, "PartitionableSlot", nullptr, classad::EvalOptions());
  slot->weight = slot->accounting.weight;
  slot->retirement_remaining = 0;
  IntegerAttr(ad, "RetirementTimeRemaining", &slot->retirement_remaining);
  return named;
}

namespace {

// The slot ads copied on a threaded read go to arenas of one ordinary
// chunk each (classad/ad_arena.h's first chunk, never a huge one): an ad
// goes to a new arena when the current one has not room for it with
// kArenaAdSlackBytes to spare (its object, control block and alignment),
// and an ad larger than a quarter of a chunk stays on the heap.
constexpr size_t kArenaAdSlackBytes = 512;
constexpr size_t kLargestArenaAdBytes = classad::AdArena::kFirstChunkBytes / 4;

// The names DescribeJob reads besides those a cut keeps (and, at any
// depth, what they read): the threads reading a job file keep them in the
// ads they trim, so that a job is described from its trimmed ad as from
// its whole one.
constexpr std::string_view kDescribedJobNames[] = {
    "ClusterId", "ProcId", "JobStatus", "JobPrio", "JobCurrentStartDate", "RequestCpus"};

}  // namespace

Status Pool::DescribeJob(PoolJob* job, std::string* submitter_name) const {
  const ClassAd& ad = *job->ad;
  int64_t cluster = 0, proc = 0;
  if (!IntegerAttr(ad, "ClusterId", &cluster) || !IntegerAttr(ad, "ProcId", &proc)) {
    return Status(StatusCode::kInvalidArgument, "job ad has no numeric ClusterId and ProcId");
  }
  if (!FitsJobId(cluster) || !FitsJobId(proc)) {
    return Status(StatusCode::kInvalidArgument, "job " + std::to_string(cluster) + "." +
                                                    std::to_string(proc) + ": " +
                                                    std::string(kJobIdRangeError));
  }
  job->cluster = static_cast<int32_t>(cluster);
  job->proc = static_cast<int32_t>(proc);
  int64_t status = 0;
  IntegerAttr(ad, "JobStatus", &status);
  // Read into an int as before; a status beyond a byte's range is none the
  // negotiator knows, as 0 is.
  const int status_int = static_cast<int>(status);
  job->status = status_int == static_cast<int8_t>(status_int) ? static_cast<int8_t>(status_int) : 0;
  job->prio = 0;
  IntegerAttr(ad, "JobPrio", &job->prio);
  job->start_time = 0;
  IntegerAttr(ad, "JobCurrentStartDate", &job->start_time);
  Result<JobSubmitter> submitter = SubmitterOfJob(ad, naming_);
  if (!submitter.ok()) {
    return Status(StatusCode::kInvalidArgument,
                  "job " + job->id() + ": " + submitter.status().message());
  }
  *submitter_name = std::move(submitter->name);
  job->group = submitter->group;
  // The schedd's job weight: RequestCpus under slot weights, else 1.
  job->weight = 1;
  if (policy_->accountant.use_slot_weights) {
    double cpus = 1;
    if (classad::EvaluateAttrNumber(ad, "RequestCpus", &cpus) && cpus >= 0) job->weight = cpus;
  }
  return Status::Ok();
}

Result<std::optional<SlotId>> Pool::AddSlot(std::shared_ptr<const ClassAd> ad,
                                            const std::string& where) {
  const WatchMarks mark = WatchMark();
  Result<std::optional<SlotId>> added = AddSlotAd(std::move(ad), where, /*cut=*/false);
  if (!added.ok() || !added->has_value()) return added;
  if (Status s = CutAgainIfNeeded(mark); !s.ok()) {
    slots_.pop_back();
    return Status(s.code(), where + ": " + s.message());
  }
  return added;
}

Result<std::optional<SlotId>> Pool::AddSlotAd(std::shared_ptr<const ClassAd> ad,
                                              const std::string& where, bool cut,
                                              classad::ValueCopier* copier,
                                              classad::AdArenaRef* copy_arena) {
  if (!ConstraintAccepts(policy_->matching.slot_constraint, *ad)) {
    ++slots_filtered_;
    return std::optional<SlotId>();
  }
  PoolSlot slot;
  if (cut && copier != nullptr) {
    std::shared_ptr<ClassAd> copy = AdCutter::Copy(*ad, copier);
    changed_layouts_.Intern(copy.get());
    // The copies go to small arenas, a few hundred consecutive slots each:
    // widening replaces the ads in file order, and each arena's memory
    // then goes back whole as soon as its last ad is replaced, for the
    // widened ads that follow (rather than staying as holes between what
    // the pool keeps, beside all the widened ads).
    const size_t bytes = copy->size() * sizeof(classad::Value) + kArenaAdSlackBytes;
    if (bytes <= kLargestArenaAdBytes) {
      if (!*copy_arena ||
          (*copy_arena)->bytes_allocated() + bytes > classad::AdArena::kFirstChunkBytes) {
        *copy_arena = classad::AdArenaRef::Create();
      }
      slot.ad = ClassAd::MoveToArena(std::move(*copy), *copy_arena);
    } else {
      slot.ad = std::move(copy);
    }
  } else {
    slot.ad = std::move(ad);
  }
  if (cut) slot.cut_from = static_cast<SlotId>(slots_.size());
  if (Status s = DescribeSlot(&slot); !s.ok()) {
    return Status(s.code(), where + ": " + s.message());
  }
  WatchSlot(slot.ad);
  slots_.push_back(std::move(slot));
  linked_ = false;  // the links are made again (for this slot) when next needed
  return std::optional<SlotId>(static_cast<SlotId>(slots_.size() - 1));
}

Result<std::optional<JobId>> Pool::AddJob(std::shared_ptr<const ClassAd> ad,
                                          const std::string& where) {
  const WatchMarks mark = WatchMark();
  Result<std::optional<JobId>> added = AddJobAd(std::move(ad), where, /*cuttable=*/false);
  if (!added.ok() || !added->has_value()) return added;
  if (Status s = CutAgainIfNeeded(mark); !s.ok()) {
    jobs_.pop_back();
    return Status(s.code(), where + ": " + s.message());
  }
  return added;
}

Result<std::optional<JobId>> Pool::AddJobAd(std::shared_ptr<const ClassAd> ad,
                                            const std::string& where, bool cuttable,
                                            classad::ValueCopier* copier) {
  if (!ConstraintAccepts(policy_->matching.job_constraint, *ad)) {
    ++jobs_filtered_;
    return std::optional<JobId>();
  }
  PoolJob job;
  job.ad = std::move(ad);
  std::string submitter;
  if (Status s = DescribeJob(&job, &submitter); !s.ok()) {
    return Status(s.code(), where + ": " + s.message());
  }
  job.submitter = HeldName(*submitter_names_.insert(std::move(submitter)).first);
  if (cuttable && job_cutter_ != nullptr) job.ad = job_cutter_->Cut(job.ad, &job.cut, copier);
  WatchJob(job.ad);
  jobs_.push_back(std::move(job));
  // A running job is linked to its slot when next needed.
  if (jobs_.back().status == 2) linked_ = false;
  return std::optional<JobId>(static_cast<JobId>(jobs_.size() - 1));
}

namespace {

// Reads every ad of `path` (each through a transform `make_transform`
// makes, when set) and hands each to `add`, stopping at the first error.
template <typename Add>
Status ReadEach(const std::string& path, const PoolOptions& options, const char* what,
                classad::AdTransformMaker make_transform, Add add) {
  size_t n = 0;
  classad::AdFileReading reading;
  reading.threads = options.read_threads;
  reading.make_transform = std::move(make_transform);
  return classad::ReadAdFile(path, options.read, reading,
                             [&](std::shared_ptr<ClassAd> ad) -> Status {
                               ++n;
                               auto added =
                                   add(std::move(ad), path + ": " + what + " ad " + std::to_string(n));
                               return added.ok() ? Status::Ok() : added.status();
                             });
}

// `copier` when ads are read from a file on several threads (whose values
// a pool keeps as copies made on its own thread: classad/value_copier.h),
// else null.
classad::ValueCopier* CopierFor(const PoolOptions& options, classad::ValueCopier* copier) {
  return options.read_threads > 1 ? copier : nullptr;
}

// What tells whether a file changed since it was read.
struct FileStamp {
  uint64_t size = 0;
  int64_t modified = 0;
};

Result<FileStamp> StampOf(const std::string& path) {
  std::error_code ec;
  FileStamp stamp;
  stamp.size = static_cast<uint64_t>(std::filesystem::file_size(path, ec));
  if (!ec) stamp.modified = std::filesystem::last_write_time(path, ec).time_since_epoch().count();
  if (ec) return Status(StatusCode::kIoError, "cannot read '" + path + "': " + ec.message());
  return stamp;
}

}  // namespace

std::optional<Pool::AdSource> Pool::SourceOf(const std::string& path,
                                             const PoolOptions& options) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  Result<FileStamp> stamp = StampOf(path);
  if (!stamp.ok()) return std::nullopt;
  AdSource source;
  source.path = path;
  source.options = options;
  source.size = stamp->size;
  source.modified = stamp->modified;
  return source;
}

Status Pool::ReadSlots(const std::string& path, const PoolOptions& options) {
  const size_t before = slots_.size();
  const size_t filtered = slots_filtered_;
  const WatchMarks mark = WatchMark();
  // Ads are cut only when they can be read again: from a regular file.
  std::optional<AdSource> source;
  if (slot_cutter_ != nullptr) source = SourceOf(path, options);
  std::vector<std::shared_ptr<AdCutter>> noted;
  classad::ValueCopier copier;
  classad::AdArenaRef copy_arena;  // the arena the slot copies go to now
  Status s = ReadEach(path, options, "slot", source ? TrimmingSlots(&noted) : nullptr,
                      [&](std::shared_ptr<const ClassAd> ad, const std::string& where) {
                        Result<std::optional<SlotId>> added =
                            AddSlotAd(std::move(ad), where, source.has_value(),
                                      CopierFor(options, &copier), &copy_arena);
                        if (added.ok() && source) source->ids.push_back(added->value_or(kNoId));
                        return added;
                      });
  if (s.ok()) {
    // The job ads are cut with what the whole slot ads read.
    for (const std::shared_ptr<AdCutter>& copy : noted) {
      if (job_cutter_->WatchWhatCopyWatched(*copy)) cut_again_ = true;
    }
    if (source) slot_sources_.push_back(std::move(*source));
    if (Status cut = CutAgainIfNeeded(mark); !cut.ok()) {
      if (source) slot_sources_.pop_back();
      s = Status(cut.code(), path + ": " + cut.message());
    }
  } else {
    ForgetWatchesSince(mark);
  }
  if (!s.ok()) {
    slots_.resize(before);
    slots_filtered_ = filtered;
  }
  LetGoOfReadingThreads(options, &copier);
  return s;
}

Status Pool::ReadJobs(const std::string& path, const PoolOptions& options) {
  const size_t before = jobs_.size();
  const size_t filtered = jobs_filtered_;
  const WatchMarks mark = WatchMark();
  // Ads are cut only when they can be read again: from a regular file.
  std::optional<AdSource> source;
  if (job_cutter_ != nullptr) source = SourceOf(path, options);
  classad::ValueCopier copier;
  Status s = ReadEach(path, options, "job", source ? TrimmingJobs() : nullptr,
                      [&](std::shared_ptr<const ClassAd> ad, const std::string& where) {
                        Result<std::optional<JobId>> added = AddJobAd(
                            std::move(ad), where, source.has_value(), CopierFor(options, &copier));
                        if (added.ok() && source) source->ids.push_back(added->value_or(kNoId));
                        return added;
                      });
  if (s.ok()) {
    if (source) job_sources_.push_back(std::move(*source));
    if (Status widen = CutAgainIfNeeded(mark); !widen.ok()) {
      if (source) job_sources_.pop_back();
      s = Status(widen.code(), path + ": " + widen.message());
    }
  } else {
    ForgetWatchesSince(mark);
  }
  if (!s.ok()) {
    jobs_.resize(before);
    jobs_filtered_ = filtered;
  }
  LetGoOfReadingThreads(options, &copier);
  return s;
}

void Pool::LetGoOfReadingThreads(const PoolOptions& options, classad::ValueCopier* copier) {
  if (CopierFor(options, copier) == nullptr) return;
  copier->Clear();
  if (job_cutter_ != nullptr) job_cutter_->ForgetKeptExpressions();
  if (slot_cutter_ != nullptr) slot_cutter_->ForgetKeptExpressions();
  classad::ReleaseFreedMemory();
}

classad::AdTransformMaker Pool::Trimming(const AdCutter* cutter,
                                         std::span<const std::string_view> also) {
  return [cutter, also]() -> classad::AdTransform {
    std::shared_ptr<AdCutter> trimmer = cutter->ForReadingThread(also);
    return [trimmer](std::shared_ptr<ClassAd> ad) { return trimmer->Trim(std::move(ad)); };
  };
}

classad::AdTransformMaker Pool::TrimmingJobs() const {
  return Trimming(job_cutter_.get(), kDescribedJobNames);
}

classad::AdTransformMaker Pool::TrimmingSlots(
    std::vector<std::shared_ptr<AdCutter>>* noted) const {
  return [this, noted]() -> classad::AdTransform {
    // Called on the calling thread, once per reading thread.
    std::shared_ptr<AdCutter> reads = job_cutter_->ForReadingThread({});
    noted->push_back(reads);
    std::shared_ptr<AdCutter> trimmer = slot_cutter_->ForReadingThread({});
    return [reads, trimmer](std::shared_ptr<ClassAd> ad) {
      reads->WatchReadsOf(ad);
      return trimmer->Trim(std::move(ad));
    };
  };
}

void Pool::WatchSlot(const std::shared_ptr<const ClassAd>& slot_ad) {
  if (job_cutter_ != nullptr && job_cutter_->WatchReadsOf(slot_ad)) cut_again_ = true;
}

void Pool::WatchJob(const std::shared_ptr<const ClassAd>& job_ad) {
  if (slot_cutter_ != nullptr && slot_cutter_->WatchReadsOf(job_ad)) widen_slots_ = true;
}

Pool::WatchMarks Pool::WatchMark() const {
  WatchMarks marks;
  if (job_cutter_ != nullptr) marks.jobs = job_cutter_->Mark();
  if (slot_cutter_ != nullptr) marks.slots = slot_cutter_->Mark();
  return marks;
}

void Pool::ForgetWatchesSince(const WatchMarks& mark) {
  if (job_cutter_ != nullptr) job_cutter_->ForgetWatchesSince(mark.jobs);
  if (slot_cutter_ != nullptr) slot_cutter_->ForgetWatchesSince(mark.slots);
  cut_again_ = false;
  widen_slots_ = false;
}

Status Pool::CutAgainIfNeeded(const WatchMarks& mark) {
  // Job ads cut again may read more of the slots: the slots come second.
  Status s = CutAgain();
  if (s.ok()) s = WidenSlots();
  if (!s.ok()) ForgetWatchesSince(mark);
  cut_again_ = false;
  widen_slots_ = false;
  return s;
}

Status Pool::ReadAgain(const std::vector<AdSource>& sources, const char* what,
                       const char* kind, const classad::AdTransformMaker& make_transform,
                       const std::function<Status(uint32_t id, std::shared_ptr<ClassAd> ad,
                                                  classad::ValueCopier* copier)>& take) const {
  for (const AdSource& source : sources) {
    Result<FileStamp> stamp = StampOf(source.path);
    if (!stamp.ok()) return stamp.status();
    if (stamp->size != source.size || stamp->modified != source.modified) {
      return Status(StatusCode::kFailedPrecondition,
                    std::string(what) + " the pool left out of the " + kind +
                        " ads it read from '" + source.path + "', and that file changed since");
    }
  }
  for (const AdSource& source : sources) {
    classad::ValueCopier copier;
    size_t n = 0;
    classad::AdFileReading reading;
    reading.threads = source.options.read_threads;
    reading.make_transform = make_transform;
    Status s = classad::ReadAdFile(
        source.path, source.options.read, reading, [&](std::shared_ptr<ClassAd> ad) -> Status {
          const size_t k = n++;
          if (k >= source.ids.size()) {
            return Status(StatusCode::kFailedPrecondition, "'" + source.path + "' holds more " +
                                                               kind + " ads than when it was read");
          }
          return source.ids[k] == kNoId
                     ? Status::Ok()
                     : take(source.ids[k], std::move(ad), CopierFor(source.options, &copier));
        });
    if (!s.ok()) return s;
  }
  return Status::Ok();
}

Status Pool::CutAgain() {
  if (!cut_again_) return Status::Ok();
  cut_again_ = false;
  bool any_cut = false;
  for (const PoolJob& job : jobs_) any_cut |= job.present && job.cut;
  if (!any_cut) return Status::Ok();
  return ReadAgain(job_sources_, "slots now read job attributes", "job", TrimmingJobs(),
                   [this](JobId j, std::shared_ptr<ClassAd> ad, classad::ValueCopier* copier) {
                     PoolJob& job = jobs_[j];
                     if (!job.present || !job.cut) return Status::Ok();
                     SetPoolStatus(job, ad.get());
                     job.ad = job_cutter_->Cut(std::move(ad), &job.cut, copier);
                     ++job.ad_version;
                     WatchJob(job.ad);
                     return Status::Ok();
                   });
}

Status Pool::WidenSlots() {
  if (!widen_slots_) return Status::Ok();
  widen_slots_ = false;
  // The slots cut from each slot read from a file: itself and the dynamic
  // slots the pool carved from it.
  std::unordered_map<SlotId, std::vector<SlotId>> cut_from;
  for (SlotId i = 0; i < slots_.size(); ++i) {
    const PoolSlot& slot = slots_[i];
    if (slot.present && slot.cut_from != kNoId) cut_from[slot.cut_from].push_back(i);
  }
  if (cut_from.empty()) return Status::Ok();
  return ReadAgain(slot_sources_, "jobs now read slot attributes", "slot",
                   Trimming(slot_cutter_.get(), {}),
                   [&](SlotId read, std::shared_ptr<ClassAd> ad, classad::ValueCopier* copier) {
                     auto found = cut_from.find(read);
                     if (found == cut_from.end()) return Status::Ok();
                     for (SlotId i : found->second) {
                       PoolSlot& slot = slots_[i];
                       std::shared_ptr<ClassAd> widened = AdCutter::Widen(*slot.ad, *ad, copier);
                       if (widened == nullptr) {
                         // An ad in an arena leaves it, so that the arena
                         // goes with the ads widened beside it. (A pool's
                         // slot ad is never empty: in_arena() tells. An ad
                         // the caller read into an arena of its own, with
                         // AdReadOptions::use_arena, is copied out too.)
                         if (slot.ad->in_arena()) {
                           slot.ad = std::make_shared<const ClassAd>(*slot.ad);
                         }
                         continue;
                       }
                       changed_layouts_.Intern(widened.get());
                       slot.ad = std::move(widened);
                       if (Status d = DescribeSlot(&slot); !d.ok()) return d;
                     }
                     return Status::Ok();
                   });
}

void Pool::SetPoolStatus(const PoolJob& job, ClassAd* ad) const {
  if (!job.status_changed) return;
  ad->InsertValue("JobStatus", Value::Integer(job.status));
  if (job.status == 2 && job.slot != kNoId) {
    ad->InsertValue("RemoteHost", Value::String(slots_[job.slot].name));
    ad->InsertValue("JobCurrentStartDate", Value::Integer(job.start_time));
  } else {
    ad->Remove("RemoteHost");
    ad->Remove("JobCurrentStartDate");
  }
}

std::shared_ptr<const ClassAd> Pool::WithPoolStatus(const PoolJob& job,
                                                    std::shared_ptr<const ClassAd> ad) {
  if (!job.status_changed) return ad;
  auto changed = std::make_shared<ClassAd>(*ad);
  SetPoolStatus(job, changed.get());
  if (!job.cut) {
    changed_layouts_.Intern(changed.get());
    return changed;
  }
  return job_cutter_->Cut(std::move(changed));
}

Status Pool::CheckSlot(SlotId slot, const char* what) const {
  if (slot >= slots_.size() || !slots_[slot].present) {
    return Status(StatusCode::kInvalidArgument,
                  std::string(what) + ": no slot " + std::to_string(slot) + " in the pool");
  }
  return Status::Ok();
}

Status Pool::CheckJob(JobId job, const char* what) const {
  if (job >= jobs_.size() || !jobs_[job].present) {
    return Status(StatusCode::kInvalidArgument,
                  std::string(what) + ": no job " + std::to_string(job) + " in the pool");
  }
  return Status::Ok();
}

void Pool::LinkRunningJobs() {
  if (linked_) return;
  linked_ = true;
  std::unordered_map<std::string, std::vector<JobId>> running;
  for (JobId j = 0; j < jobs_.size(); ++j) {
    const PoolJob& job = jobs_[j];
    if (job.present && job.status == 2 && job.slot == kNoId) running[job.id()].push_back(j);
  }
  std::unordered_map<std::string, SlotId> by_name;
  for (SlotId i = 0; i < slots_.size(); ++i) {
    if (slots_[i].present && slots_[i].partitionable) by_name.emplace(slots_[i].name, i);
  }
  for (SlotId i = 0; i < slots_.size(); ++i) {
    PoolSlot& slot = slots_[i];
    if (!slot.present) continue;
    if (slot.parent == kNoId && !slot.partitionable &&
        classad::AttrIsTrue(*slot.ad, "DynamicSlot", nullptr, classad::EvalOptions())) {
      int64_t number = 0;
      if (auto p = by_name.find(ParentSlotName(slot.name, &number)); p != by_name.end()) {
        slot.parent = p->second;
        // The next carved slot must not take this one's name.
        PoolSlot& parent = slots_[p->second];
        parent.next_dynamic = std::max(parent.next_dynamic, number + 1);
      }
    }
    if (slot.job != kNoId) continue;
    if (slot.state != SlotState::kClaimed && slot.state != SlotState::kPreempting) continue;
    std::string job_id;
    if (!classad::EvaluateAttrString(*slot.ad, "JobId", &job_id)) continue;
    auto found = running.find(job_id);
    if (found == running.end() || found->second.empty()) continue;
    const JobId j = found->second.front();
    found->second.erase(found->second.begin());
    slot.job = j;
    jobs_[j].slot = i;
  }
}

int64_t Pool::LostRunTime(JobId job) const {
  auto found = lost_run_time_.find(job);
  return found != lost_run_time_.end() ? found->second : 0;
}

void Pool::Forget(PoolSlot* slot) {
  slot->present = false;
  slot->ad = empty_ad_;
  slot->job = kNoId;
  slot->state = SlotState::kOther;
  ++removed_slots_;
}

void Pool::Forget(PoolJob* job) {
  job->present = false;
  job->ad = empty_ad_;
  job->slot = kNoId;
  job->status = 0;
  ++removed_jobs_;
}

void Pool::RequeueJob(JobId j, int64_t now) {
  PoolJob& job = jobs_[j];
  lost_run_time_[j] += std::max<int64_t>(0, now - job.start_time);
  job.status = 1;
  job.slot = kNoId;
  job.start_time = 0;
  job.status_changed = true;
  job.ad = WithPoolStatus(job, std::move(job.ad));
  ++job.ad_version;
}

Status Pool::ReleaseSlot(SlotId i, int64_t now) {
  PoolSlot& slot = slots_[i];
  slot.job = kNoId;
  if (slot.parent != kNoId && slots_[slot.parent].present) {
    // A dynamic slot: the startd deletes it and gives its resources back.
    const SlotId parent = slot.parent;
    auto merged = std::make_shared<ClassAd>(*slots_[parent].ad);
    for (const Resource& r : kResources) {
      double have = 0, back = 0;
      if (classad::EvaluateAttrNumber(*merged, r.slot_attr, &have) &&
          classad::EvaluateAttrNumber(*slot.ad, r.slot_attr, &back)) {
        merged->InsertValue(r.slot_attr,
                            Value::Integer(static_cast<int64_t>(have) + static_cast<int64_t>(back)));
      }
    }
    Forget(&slot);
    slots_[parent].ad = std::move(merged);
    return DescribeSlot(&slots_[parent]);
  }
  auto idle = std::make_shared<ClassAd>(*slot.ad);
  idle->InsertValue("State", Value::String("Unclaimed"));
  idle->InsertValue("Activity", Value::String("Idle"));
  idle->InsertValue("EnteredCurrentState", Value::Integer(now));
  idle->InsertValue("EnteredCurrentActivity", Value::Integer(now));
  for (std::string_view attr : {"RemoteUser", "AccountingGroup", "RemoteOwner", "JobId",
                                "CurrentRank", "ConcurrencyLimits", "PreemptingAccountingGroup",
                                "PreemptingUser", "PreemptingRank", "RemoteScheddName"}) {
    idle->Remove(attr);
  }
  changed_layouts_.Intern(idle.get());
  slot.ad = std::move(idle);
  return DescribeSlot(&slot);
}

Result<SlotId> Pool::CarveDynamicSlot(SlotId p, JobId j, int64_t now) {
  const ClassAd& parent = *slots_[p].ad;
  const ClassAd& job = *jobs_[j].ad;
  // The startd evaluates at the claim's time.
  classad::EvalOptions eval;
  eval.now = [now] { return now; };
  // The request as the startd modifies it, unless the modified request
  // no longer matches the partitionable slot (MUST_MODIFY_REQUEST_EXPRS
  // false): then the request as the job states it.
  ClassAd modified(job);
  for (const Resource& r : kResources) {
    Result<classad::ExprPtr> e = classad::ParseExpression(r.modify);
    if (!e.ok()) return e.status();
    if (std::optional<int64_t> v = IntegerOf(classad::EvaluateExpr(**e, &job, &parent, eval))) {
      modified.InsertValue(r.request_attr, Value::Integer(*v));
    }
  }
  const ClassAd* request = &modified;
  if (!classad::IsTrueValue(classad::EvaluateAttr(parent, "Requirements", &modified, eval))) {
    request = &job;
    if (!classad::IsTrueValue(classad::EvaluateAttr(parent, "Requirements", &job, eval))) {
      return Status(StatusCode::kFailedPrecondition,
                    "partitionable slot " + slots_[p].name + " cannot hold job " +
                        jobs_[j].id() + "'s request");
    }
  }
  int64_t amount[kResources.size()];
  for (size_t k = 0; k < kResources.size(); ++k) {
    const Resource& r = kResources[k];
    std::optional<int64_t> v =
        IntegerOf(classad::EvaluateAttr(*request, r.request_attr, &parent, eval));
    if (!v) {
      if (k == 0) {
        v = 1;  // a startd's default for RequestCpus
      } else {
        return Status(StatusCode::kFailedPrecondition,
                      "job " + jobs_[j].id() + " has no " + r.request_attr +
                          " to carve a dynamic slot by");
      }
    }
    amount[k] = *v;
  }
  int64_t have[kResources.size()];
  for (size_t k = 0; k < kResources.size(); ++k) {
    double v = 0;
    const bool known = classad::EvaluateAttrNumber(parent, kResources[k].slot_attr, &v);
    have[k] = known && std::isfinite(v) ? static_cast<int64_t>(v) : 0;
    if (amount[k] < 0 || amount[k] > have[k]) {
      return Status(StatusCode::kFailedPrecondition,
                    "partitionable slot " + slots_[p].name + " has not the " +
                        kResources[k].slot_attr + " job " + jobs_[j].id() + " requests");
    }
  }
  auto dynamic = std::make_shared<ClassAd>(parent);
  auto rest = std::make_shared<ClassAd>(parent);
  for (size_t k = 0; k < kResources.size(); ++k) {
    dynamic->InsertValue(kResources[k].slot_attr, Value::Integer(amount[k]));
    rest->InsertValue(kResources[k].slot_attr, Value::Integer(have[k] - amount[k]));
  }
  const int64_t n = slots_[p].next_dynamic++;
  dynamic->InsertValue("Name", Value::String(DynamicSlotName(slots_[p].name, n)));
  dynamic->InsertValue("PartitionableSlot", Value::Boolean(false));
  dynamic->InsertValue("DynamicSlot", Value::Boolean(true));
  dynamic->InsertValue("SlotType", Value::String("Dynamic"));
  dynamic->InsertValue("EnteredCurrentState", Value::Integer(now));
  changed_layouts_.Intern(dynamic.get());
  PoolSlot carved;
  carved.ad = std::move(dynamic);
  carved.parent = p;
  carved.cut_from = slots_[p].cut_from;
  if (Status s = DescribeSlot(&carved); !s.ok()) return s;
  slots_[p].ad = std::move(rest);
  if (Status s = DescribeSlot(&slots_[p]); !s.ok()) return s;
  slots_.push_back(std::move(carved));
  return static_cast<SlotId>(slots_.size() - 1);
}

Status Pool::ClaimSlot(SlotId slot_id, JobId job_id, std::string_view submitter, double rank,
                       std::string_view concurrency_limits, int64_t now) {
  if (Status s = CheckSlot(slot_id, "ClaimSlot"); !s.ok()) return s;
  if (Status s = CheckJob(job_id, "ClaimSlot"); !s.ok()) return s;
  LinkRunningJobs();
  if (jobs_[job_id].slot != kNoId) {
    return Status(StatusCode::kFailedPrecondition,
                  "ClaimSlot: job " + jobs_[job_id].id() + " already runs on " +
                      slots_[jobs_[job_id].slot].name);
  }
  SlotId target = slot_id;
  if (slots_[slot_id].partitionable) {
    Result<SlotId> carved = CarveDynamicSlot(slot_id, job_id, now);
    if (!carved.ok()) return carved.status();
    target = *carved;
  } else if (slots_[slot_id].job != kNoId) {
    // The job the slot ran goes back to the queue (it was preempted).
    RequeueJob(slots_[slot_id].job, now);
  }
  PoolSlot& slot = slots_[target];
  PoolJob& job = jobs_[job_id];
  auto claimed = std::make_shared<ClassAd>(*slot.ad);
  claimed->InsertValue("State", Value::String("Claimed"));
  claimed->InsertValue("Activity", Value::String("Busy"));
  claimed->InsertValue("RemoteUser", Value::String(std::string(submitter)));
  claimed->InsertValue("AccountingGroup", Value::String(std::string(submitter)));
  claimed->InsertValue("RemoteOwner", Value::String(std::string(submitter)));
  claimed->InsertValue("CurrentRank", Value::Real(rank));
  claimed->InsertValue("JobId", Value::String(job.id()));
  claimed->InsertValue("EnteredCurrentState", Value::Integer(now));
  claimed->InsertValue("EnteredCurrentActivity", Value::Integer(now));
  claimed->Remove("PreemptingAccountingGroup");
  claimed->Remove("PreemptingUser");
  if (concurrency_limits.empty()) {
    claimed->Remove("ConcurrencyLimits");
  } else {
    claimed->InsertValue("ConcurrencyLimits", Value::String(std::string(concurrency_limits)));
  }
  changed_layouts_.Intern(claimed.get());
  slot.ad = std::move(claimed);
  if (Status s = DescribeSlot(&slot); !s.ok()) return s;
  slot.job = job_id;
  job.status = 2;
  job.slot = target;
  job.start_time = now;
  job.status_changed = true;
  job.ad = WithPoolStatus(job, std::move(job.ad));
  ++job.ad_version;
  return Status::Ok();
}

Status Pool::EndClaim(SlotId slot_id, ClaimEnd how, int64_t now) {
  if (Status s = CheckSlot(slot_id, "EndClaim"); !s.ok()) return s;
  const SlotState state = slots_[slot_id].state;
  if (state != SlotState::kClaimed && state != SlotState::kPreempting) {
    return Status(StatusCode::kInvalidArgument,
                  "EndClaim: slot " + slots_[slot_id].name + " is not claimed");
  }
  LinkRunningJobs();
  if (const JobId j = slots_[slot_id].job; j != kNoId) {
    if (how == ClaimEnd::kJobDone) {
      Forget(&jobs_[j]);
    } else {
      RequeueJob(j, now);
    }
  }
  return ReleaseSlot(slot_id, now);
}

Status Pool::ReuseClaim(SlotId slot_id, JobId next, int64_t now) {
  if (Status s = CheckSlot(slot_id, "ReuseClaim"); !s.ok()) return s;
  if (Status s = CheckJob(next, "ReuseClaim"); !s.ok()) return s;
  LinkRunningJobs();
  PoolSlot& slot = slots_[slot_id];
  if (slot.state != SlotState::kClaimed || slot.job == kNoId) {
    return Status(StatusCode::kFailedPrecondition,
                  "ReuseClaim: slot " + slot.name + " has no claim with a job the pool knows");
  }
  PoolJob& job = jobs_[next];
  if (job.status != 1 || job.slot != kNoId) {
    return Status(StatusCode::kFailedPrecondition,
                  "ReuseClaim: job " + job.id() + " is not idle");
  }
  if (job.submitter != slot.remote_user) {
    return Status(StatusCode::kFailedPrecondition,
                  "ReuseClaim: job " + job.id() + " belongs to " + std::string(job.submitter) +
                      ", the claim on " + slot.name + " to " + slot.remote_user);
  }
  auto reused = std::make_shared<ClassAd>(*slot.ad);
  reused->InsertValue("JobId", Value::String(job.id()));
  reused->InsertValue("EnteredCurrentActivity", Value::Integer(now));
  changed_layouts_.Intern(reused.get());
  PoolSlot described = slot;
  described.ad = std::move(reused);
  if (Status s = DescribeSlot(&described); !s.ok()) return s;
  Forget(&jobs_[slot.job]);
  slot = std::move(described);
  slot.job = next;
  job.status = 2;
  job.slot = slot_id;
  job.start_time = now;
  job.status_changed = true;
  job.ad = WithPoolStatus(job, std::move(job.ad));
  ++job.ad_version;
  return Status::Ok();
}

Status Pool::RemoveJob(JobId job_id, int64_t now) {
  if (Status s = CheckJob(job_id, "RemoveJob"); !s.ok()) return s;
  LinkRunningJobs();
  if (const SlotId slot = jobs_[job_id].slot; slot != kNoId) {
    return EndClaim(slot, ClaimEnd::kJobDone, now);
  }
  Forget(&jobs_[job_id]);
  return Status::Ok();
}

Status Pool::RemoveSlot(SlotId slot_id, int64_t now) {
  if (Status s = CheckSlot(slot_id, "RemoveSlot"); !s.ok()) return s;
  LinkRunningJobs();
  if (slots_[slot_id].partitionable) {
    for (SlotId d = 0; d < slots_.size(); ++d) {
      PoolSlot& dynamic = slots_[d];
      if (!dynamic.present || dynamic.parent != slot_id) continue;
      if (dynamic.job != kNoId) RequeueJob(dynamic.job, now);
      Forget(&dynamic);
    }
  }
  if (const JobId j = slots_[slot_id].job; j != kNoId) RequeueJob(j, now);
  if (slots_[slot_id].parent != kNoId) return ReleaseSlot(slot_id, now);
  Forget(&slots_[slot_id]);
  return Status::Ok();
}

Status Pool::ReplaceSlot(SlotId slot_id, std::shared_ptr<const ClassAd> ad, int64_t now) {
  if (Status s = CheckSlot(slot_id, "ReplaceSlot"); !s.ok()) return s;
  LinkRunningJobs();
  PoolSlot replaced = slots_[slot_id];
  replaced.ad = std::move(ad);
  replaced.cut_from = kNoId;  // held whole
  if (Status s = DescribeSlot(&replaced); !s.ok()) {
    return Status(s.code(), "ReplaceSlot: " + s.message());
  }
  const WatchMarks mark = WatchMark();
  WatchSlot(replaced.ad);
  if (Status s = CutAgainIfNeeded(mark); !s.ok()) {
    return Status(s.code(), "ReplaceSlot: " + s.message());
  }
  if (slots_[slot_id].partitionable && !replaced.partitionable) {
    for (const PoolSlot& other : slots_) {
      if (other.present && other.parent == slot_id) {
        return Status(StatusCode::kFailedPrecondition,
                      "ReplaceSlot: " + replaced.name +
                          " would stop being partitionable while it has dynamic slots");
      }
    }
  }
  // The claim the pool knew, if the new ad no longer shows it.
  if (const JobId j = replaced.job; j != kNoId) {
    std::string job_id;
    const bool claimed =
        replaced.state == SlotState::kClaimed || replaced.state == SlotState::kPreempting;
    if (!claimed || !classad::EvaluateAttrString(*replaced.ad, "JobId", &job_id) ||
        job_id != jobs_[j].id()) {
      RequeueJob(j, now);
      replaced.job = kNoId;
    }
  }
  slots_[slot_id] = std::move(replaced);
  linked_ = false;  // a claim the new ad shows is linked when next needed
  return Status::Ok();
}

Status Pool::CheckConsistency() const {
  auto fail = [](const std::string& what) { return Status(StatusCode::kFailedPrecondition, what); };
  size_t removed_slots = 0, removed_jobs = 0;
  for (SlotId i = 0; i < slots_.size(); ++i) {
    const PoolSlot& slot = slots_[i];
    if (!slot.present) {
      ++removed_slots;
      continue;
    }
    // Read afresh twice: a field whose expression gives another value each
    // time (random(), time()) cannot be compared, and is not.
    PoolSlot fresh, again;
    fresh.ad = again.ad = slot.ad;
    if (Status s = DescribeSlot(&fresh); !s.ok()) return fail("slot " + slot.name + ": " + s.message());
    if (Status s = DescribeSlot(&again); !s.ok()) return fail("slot " + slot.name + ": " + s.message());
    if (KeptDiffers(slot.name, fresh.name, again.name) ||
        KeptDiffers(slot.state, fresh.state, again.state) ||
        KeptDiffers(slot.remote_user, fresh.remote_user, again.remote_user) ||
        KeptDiffers(slot.partitionable, fresh.partitionable, again.partitionable) ||
        KeptDiffers(slot.weight, fresh.weight, again.weight) ||
        KeptDiffers(slot.accounting, fresh.accounting, again.accounting) ||
        KeptDiffers(slot.retirement_remaining, fresh.retirement_remaining,
                again.retirement_remaining)) {
      return fail("slot " + slot.name + ": its fields differ from its ad's");
    }
    if (slot.job != kNoId) {
      if (slot.job >= jobs_.size() || !jobs_[slot.job].present || jobs_[slot.job].slot != i) {
        return fail("slot " + slot.name + ": its job does not run on it");
      }
      if (slot.state != SlotState::kClaimed && slot.state != SlotState::kPreempting) {
        return fail("slot " + slot.name + ": runs a job but is not claimed");
      }
      std::string job_id;
      if (!classad::EvaluateAttrString(*slot.ad, "JobId", &job_id) ||
          job_id != jobs_[slot.job].id()) {
        return fail("slot " + slot.name + ": its JobId is not its job's");
      }
    }
    if (slot.cut_from != kNoId && (slot_cutter_ == nullptr || slot.cut_from >= slots_.size())) {
      return fail("slot " + slot.name + ": cut from no slot ad a pool that cuts read");
    }
    if (slot.parent != kNoId &&
        (slot.parent >= slots_.size() || !slots_[slot.parent].present ||
         !slots_[slot.parent].partitionable)) {
      return fail("slot " + slot.name + ": its partitionable slot is gone");
    }
  }
  for (JobId j = 0; j < jobs_.size(); ++j) {
    const PoolJob& job = jobs_[j];
    if (!job.present) {
      ++removed_jobs;
      continue;
    }
    if (job.cut && job_cutter_ == nullptr) {
      return fail("job " + job.id() + ": cut by a pool that holds ads whole");
    }
    // A cut ad may lack what the fields were read from: they are compared
    // for whole ads only.
    if (!job.cut) {
      PoolJob fresh, again;
      fresh.ad = again.ad = job.ad;
      std::string fresh_submitter, again_submitter;
      if (Status s = DescribeJob(&fresh, &fresh_submitter); !s.ok()) {
        return fail("job " + job.id() + ": " + s.message());
      }
      if (Status s = DescribeJob(&again, &again_submitter); !s.ok()) {
        return fail("job " + job.id() + ": " + s.message());
      }
      if (KeptDiffers(job.cluster, fresh.cluster, again.cluster) ||
          KeptDiffers(job.proc, fresh.proc, again.proc) ||
          KeptDiffers(job.status, fresh.status, again.status) ||
          KeptDiffers(job.prio, fresh.prio, again.prio) ||
          KeptDiffers(std::string(job.submitter), fresh_submitter, again_submitter) ||
          KeptDiffers(job.group, fresh.group, again.group) ||
          KeptDiffers(job.weight, fresh.weight, again.weight) ||
          KeptDiffers(job.start_time, fresh.start_time, again.start_time)) {
        return fail("job " + job.id() + ": its fields differ from its ad's");
      }
    }
    if (job.slot != kNoId) {
      if (job.slot >= slots_.size() || !slots_[job.slot].present || slots_[job.slot].job != j) {
        return fail("job " + job.id() + ": its slot does not run it");
      }
      if (job.status != 2) return fail("job " + job.id() + ": on a slot but not running");
    }
  }
  if (removed_slots != removed_slots_ || removed_jobs != removed_jobs_) {
    return fail("the counts of slots and jobs that left are off");
  }
  return Status::Ok();
}

}  // namespace negotiator
