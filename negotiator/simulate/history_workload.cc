// Reading a workload from job ads (history_workload.h).
#include "negotiator/simulate/history_workload.h"

#include <cmath>
#include <memory>
#include <optional>
#include <sstream>
#include <utility>

#include "classad/evaluator.h"
#include "classad/value.h"
#include "negotiator/pool/pool.h"

namespace negotiator {
namespace {

using classad::ClassAd;
using classad::Status;
using classad::StatusCode;

// HTCondor's JobStatus values.
constexpr int64_t kIdle = 1, kRunning = 2, kRemoved = 3, kCompleted = 4, kHeld = 5,
                  kTransferringOutput = 6, kSuspended = 7;

// Attributes of a job's run that the ad it arrives with does not have.
constexpr const char* kRunAttributes[] = {"RemoteHost", "JobCurrentStartDate", "CompletionDate",
                                          "JobStartDate", "RemoteSlotID", "StartdName"};

// Reads one ad after another, with where each ended.
class HistoryReader {
 public:
  HistoryReader(std::string source_name, const HistoryWorkloadOptions& options)
      : source_(std::move(source_name)), options_(options) {
    // Job ads hold literals; whatever reads the clock reads a fixed one.
    eval_.now = [] { return int64_t{0}; };
  }

  Status ReadAll(classad::AdReader& reader, Workload* out) {
    std::shared_ptr<ClassAd> ad;
    // Where the next ad begins (or the blank or comment lines before it).
    int from = reader.line();
    while (reader.Next(&ad)) {
      ++out->counts.records;
      if (Status s = Add(std::move(ad), from, out); !s.ok()) return s;
      from = reader.line();
    }
    if (!reader.status().ok()) return reader.status();
    FinishWorkload(out);
    return Status::Ok();
  }

 private:
  // An integer attribute; nullopt when absent or not an integral number.
  std::optional<int64_t> Integer(const ClassAd& ad, std::string_view name) const {
    double v = 0;
    if (!classad::EvaluateAttrNumber(ad, name, &v, eval_) || !std::isfinite(v) ||
        v != std::floor(v) || std::fabs(v) > 9.0e15) {
      return std::nullopt;
    }
    return static_cast<int64_t>(v);
  }

  Status Error(int line, const std::string& job, const std::string& message) const {
    return Status(StatusCode::kInvalidArgument,
                  (job.empty() ? "" : "job " + job + " (the ad from here): ") + message,
                  classad::SourceLocation{source_, line, 0});
  }

  // The run time the options or the rule give; nullopt when neither can
  // tell. Errors: a negative value.
  classad::Result<std::optional<int64_t>> RunTime(const ClassAd& ad, bool completed, int line,
                                                  const std::string& job) const {
    std::optional<int64_t> seconds;
    std::string from;
    if (!options_.run_time_attribute.empty()) {
      double v = 0;
      if (!classad::EvaluateAttrNumber(ad, options_.run_time_attribute, &v, eval_)) {
        return std::optional<int64_t>();
      }
      if (!std::isfinite(v) || std::fabs(v) > 9.0e15) {
        return Error(line, job, options_.run_time_attribute + " is not a number of seconds");
      }
      seconds = static_cast<int64_t>(std::llround(v));
      from = options_.run_time_attribute;
    } else if (completed) {
      const std::optional<int64_t> end = Integer(ad, "CompletionDate");
      const std::optional<int64_t> start = Integer(ad, "JobCurrentStartDate");
      if (end && start && *end > 0 && *start > 0) {
        seconds = *end - *start;
        from = "CompletionDate - JobCurrentStartDate";
      } else if (const std::optional<int64_t> wall = Integer(ad, "RemoteWallClockTime")) {
        seconds = *wall;
        from = "RemoteWallClockTime";
      }
    }
    if (seconds && *seconds < 0) {
      return Error(line, job, from + " gives a negative run time (" + std::to_string(*seconds) +
                                  " s)");
    }
    return seconds;
  }

  Status Add(std::shared_ptr<ClassAd> ad, int line, Workload* out) {
    const std::optional<int64_t> cluster = Integer(*ad, "ClusterId");
    const std::optional<int64_t> proc = Integer(*ad, "ProcId");
    if (!cluster || !proc) return Error(line, "", "a job ad without an integer ClusterId and ProcId");
    const std::string job = std::to_string(*cluster) + "." + std::to_string(*proc);
    if (!FitsJobId(*cluster) || !FitsJobId(*proc)) {
      return Error(line, job, std::string(kJobIdRangeError));
    }
    const std::optional<int64_t> status = Integer(*ad, "JobStatus");
    if (!status) return Error(line, job, "no integer JobStatus");
    switch (*status) {
      case kRemoved:
        ++out->counts.skipped["removed"];
        return Status::Ok();
      case kHeld:
        ++out->counts.skipped["held"];
        return Status::Ok();
      case kSuspended:
        ++out->counts.skipped["suspended"];
        return Status::Ok();
      case kIdle:
      case kRunning:
      case kCompleted:
      case kTransferringOutput:
        break;
      default:
        return Error(line, job, "JobStatus " + std::to_string(*status) + " is not a job state");
    }
    const std::optional<int64_t> qdate = Integer(*ad, "QDate");
    if (!qdate) return Error(line, job, "no integer QDate (when the job arrives)");
    WorkloadJob out_job;
    out_job.arrival = *qdate;
    out_job.origin = source_ + ":" + std::to_string(line);
    classad::Result<std::optional<int64_t>> run_time =
        RunTime(*ad, *status == kCompleted, line, job);
    if (!run_time.ok()) return run_time.status();
    out_job.run_time = *run_time;
    if (*status == kCompleted && !out_job.run_time) {
      ++out->counts.skipped[options_.run_time_attribute.empty()
                                ? "completed, run time unknown"
                                : "no " + options_.run_time_attribute];
      return Status::Ok();
    }
    if (!options_.run_time_attribute.empty() && !out_job.run_time) {
      ++out->counts.skipped["no " + options_.run_time_attribute];
      return Status::Ok();
    }
    if (*status == kRunning || *status == kTransferringOutput) {
      const std::optional<int64_t> started = Integer(*ad, "JobCurrentStartDate");
      if (!started) return Error(line, job, "running, but no integer JobCurrentStartDate");
      out_job.state = WorkloadState::kRunning;
      out_job.started = *started;
      classad::EvaluateAttrString(*ad, "RemoteHost", &out_job.remote_host, eval_);
    }
    // The ad as submitted: idle, without what its runs added.
    for (const char* name : kRunAttributes) ad->Remove(name);
    ad->InsertValue("JobStatus", classad::Value::Integer(kIdle));
    out_job.ad = std::move(ad);
    out->jobs.push_back(std::move(out_job));
    return Status::Ok();
  }

  std::string source_;
  const HistoryWorkloadOptions& options_;
  classad::EvalOptions eval_;
};

}  // namespace

classad::Result<Workload> ReadHistoryWorkload(const std::string& path,
                                              const HistoryWorkloadOptions& options) {
  classad::Result<std::unique_ptr<classad::AdReader>> reader =
      classad::AdReader::OpenFile(path, options.read);
  if (!reader.ok()) return reader.status();
  Workload workload;
  HistoryReader history(path, options);
  if (Status s = history.ReadAll(**reader, &workload); !s.ok()) return s;
  return workload;
}

classad::Result<Workload> ReadHistoryWorkloadText(std::string_view text,
                                                  const std::string& source_name,
                                                  const HistoryWorkloadOptions& options) {
  classad::AdReader reader(text, source_name, options.read);
  Workload workload;
  HistoryReader history(source_name, options);
  if (Status s = history.ReadAll(reader, &workload); !s.ok()) return s;
  return workload;
}

}  // namespace negotiator
