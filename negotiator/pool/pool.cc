// The pool snapshot (pool.h).
#include "negotiator/pool.h"

#include <utility>

#include "classad/evaluator.h"
#include "classad/value.h"
#include "negotiator/accountant.h"
#include "negotiator/submitter_identity.h"

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

// Whether `constraint` (when set) accepts `ad`.
bool Accepts(const policy::PolicyExpression& constraint, const ClassAd& ad) {
  if (!constraint.is_set()) return true;
  return classad::IsTrueValue(classad::EvaluateExpr(*constraint.expr, &ad, nullptr));
}

bool IntegerAttr(const ClassAd& ad, std::string_view name, int64_t* out) {
  double v = 0;
  if (!classad::EvaluateAttrNumber(ad, name, &v)) return false;
  *out = static_cast<int64_t>(v);
  return true;
}

}  // namespace

Pool::Pool(std::shared_ptr<const policy::Policy> policy)
    : policy_(std::move(policy)), identity_(IdentityConfig::FromPolicy(*policy_)) {}

Status Pool::DescribeSlot(PoolSlot* slot) const {
  const ClassAd& ad = *slot->ad;
  if (!classad::EvaluateAttrString(ad, "Name", &slot->name)) {
    return Status(StatusCode::kInvalidArgument, "slot ad has no string Name");
  }
  // The accountant keys the slot's claim by <Name>@<StartdIpAddr>.
  if (classad::Result<std::string> key = Accountant::ResourceName(ad); !key.ok()) {
    return key.status();
  }
  std::string state;
  classad::EvaluateAttrString(ad, "State", &state);
  slot->state = ParseState(state);
  slot->remote_user.clear();
  for (std::string_view attr :
       {"PreemptingAccountingGroup", "PreemptingUser", "AccountingGroup", "RemoteUser"}) {
    if (classad::EvaluateAttrString(ad, attr, &slot->remote_user)) break;
  }
  slot->partitionable =
      classad::AttrIsTrue(ad, "PartitionableSlot", nullptr, classad::EvalOptions());
  slot->weight = SlotWeightOf(ad, policy_->accountant);
  slot->retirement_remaining = 0;
  IntegerAttr(ad, "RetirementTimeRemaining", &slot->retirement_remaining);
  return Status::Ok();
}

Status Pool::DescribeJob(PoolJob* job) const {
  const ClassAd& ad = *job->ad;
  if (!IntegerAttr(ad, "ClusterId", &job->cluster) || !IntegerAttr(ad, "ProcId", &job->proc)) {
    return Status(StatusCode::kInvalidArgument, "job ad has no numeric ClusterId and ProcId");
  }
  int64_t status = 0;
  IntegerAttr(ad, "JobStatus", &status);
  job->status = static_cast<int>(status);
  job->prio = 0;
  IntegerAttr(ad, "JobPrio", &job->prio);
  job->qdate = 0;
  IntegerAttr(ad, "QDate", &job->qdate);
  Result<JobSubmitter> submitter = SubmitterOfJob(ad, identity_);
  if (!submitter.ok()) {
    return Status(StatusCode::kInvalidArgument,
                  "job " + job->id() + ": " + submitter.status().message());
  }
  job->submitter = std::move(submitter->name);
  job->group = submitter->group;
  // The schedd's job weight: RequestCpus under slot weights, else 1.
  job->weight = 1;
  if (policy_->accountant.use_slot_weights) {
    double cpus = 1;
    if (classad::EvaluateAttrNumber(ad, "RequestCpus", &cpus) && cpus >= 0) job->weight = cpus;
  }
  return Status::Ok();
}

Result<bool> Pool::AddSlot(std::shared_ptr<const ClassAd> ad, const std::string& where) {
  if (!Accepts(policy_->matching.slot_constraint, *ad)) {
    ++slots_filtered_;
    return false;
  }
  PoolSlot slot;
  slot.ad = std::move(ad);
  if (Status s = DescribeSlot(&slot); !s.ok()) {
    return Status(s.code(), where + ": " + s.message());
  }
  slots_.push_back(std::move(slot));
  return true;
}

Result<bool> Pool::AddJob(std::shared_ptr<const ClassAd> ad, const std::string& where) {
  if (!Accepts(policy_->matching.job_constraint, *ad)) {
    ++jobs_filtered_;
    return false;
  }
  PoolJob job;
  job.ad = std::move(ad);
  if (Status s = DescribeJob(&job); !s.ok()) {
    return Status(s.code(), where + ": " + s.message());
  }
  if (jobs_by_id_built_) jobs_by_id_[job.id()].push_back(static_cast<uint32_t>(jobs_.size()));
  jobs_.push_back(std::move(job));
  return true;
}

namespace {

// Reads every ad of `path` and hands each to `add`, stopping at the first
// error.
template <typename Add>
Status ReadEach(const std::string& path, const PoolOptions& options, const char* what, Add add) {
  Result<std::unique_ptr<classad::AdReader>> reader =
      classad::AdReader::OpenFile(path, options.read);
  if (!reader.ok()) return reader.status();
  size_t n = 0;
  std::shared_ptr<ClassAd> ad;
  while ((*reader)->Next(&ad)) {
    ++n;
    Result<bool> added = add(std::move(ad), path + ": " + what + " ad " + std::to_string(n));
    if (!added.ok()) return added.status();
  }
  return (*reader)->status();
}

}  // namespace

Status Pool::ReadSlots(const std::string& path, const PoolOptions& options) {
  const size_t before = slots_.size();
  const size_t filtered = slots_filtered_;
  Status s = ReadEach(path, options, "slot",
                      [this](std::shared_ptr<const ClassAd> ad, const std::string& where) {
                        return AddSlot(std::move(ad), where);
                      });
  if (!s.ok()) {
    slots_.resize(before);
    slots_filtered_ = filtered;
  }
  return s;
}

Status Pool::ReadJobs(const std::string& path, const PoolOptions& options) {
  const size_t before = jobs_.size();
  const size_t filtered = jobs_filtered_;
  Status s = ReadEach(path, options, "job",
                      [this](std::shared_ptr<const ClassAd> ad, const std::string& where) {
                        return AddJob(std::move(ad), where);
                      });
  if (!s.ok()) {
    jobs_.resize(before);
    jobs_filtered_ = filtered;
  }
  return s;
}

Status Pool::ClaimSlot(size_t slot_index, size_t job_index, std::string_view submitter, double rank,
                       std::string_view concurrency_limits, int64_t now) {
  if (slot_index >= slots_.size() || job_index >= jobs_.size()) {
    return Status(StatusCode::kInvalidArgument, "ClaimSlot: no such slot or job");
  }
  PoolSlot& slot = slots_[slot_index];
  PoolJob& job = jobs_[job_index];
  // The job the slot ran goes back to the queue (it was preempted).
  std::string running;
  if (classad::EvaluateAttrString(*slot.ad, "JobId", &running)) {
    if (!jobs_by_id_built_) {
      for (uint32_t j = 0; j < jobs_.size(); ++j) jobs_by_id_[jobs_[j].id()].push_back(j);
      jobs_by_id_built_ = true;
    }
    if (auto found = jobs_by_id_.find(running); found != jobs_by_id_.end()) {
      for (uint32_t j : found->second) {
        PoolJob& other = jobs_[j];
        if (other.status != 2) continue;
        auto idle = std::make_shared<ClassAd>(*other.ad);
        idle->InsertValue("JobStatus", Value::Integer(1));
        other.ad = std::move(idle);
        other.status = 1;
        break;
      }
    }
  }
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
  slot.ad = std::move(claimed);
  if (Status s = DescribeSlot(&slot); !s.ok()) return s;
  auto running_job = std::make_shared<ClassAd>(*job.ad);
  running_job->InsertValue("JobStatus", Value::Integer(2));
  running_job->InsertValue("RemoteHost", Value::String(slot.name));
  job.ad = std::move(running_job);
  job.status = 2;
  return Status::Ok();
}

}  // namespace negotiator
