// A job ad's DIRAC fields (job_ad_fields.h).
#include "negotiator/shares/dirac/job_ad_fields.h"

#include <climits>
#include <cmath>

#include "classad/value.h"
#include "negotiator/shares/dirac/task_queues.h"
#include "policy/dirac/cs_values.h"

namespace negotiator::dirac {
namespace {

using classad::ClassAd;
using classad::EvalOptions;
using classad::Value;

// `name` as a string, or empty.
std::string StringOf(const ClassAd& job, std::string_view name, const EvalOptions& options) {
  std::string out;
  if (!classad::EvaluateAttrString(job, name, &out, options)) out.clear();
  return out;
}

// `name` as a whole number (a real's integer part), when it is a finite number.
bool WholeOf(const ClassAd& job, std::string_view name, const EvalOptions& options, int64_t* out) {
  const Value v = classad::EvaluateAttr(job, name, nullptr, options);
  if (v.IsInteger()) {
    *out = v.integer();
    return true;
  }
  if (v.IsReal() && std::isfinite(v.real()) && std::fabs(v.real()) < 9.2e18) {
    *out = static_cast<int64_t>(v.real());
    return true;
  }
  return false;
}

// `name` as a list of strings: a ClassAd list (its string members) or one
// string split at ',' as DIRAC splits lists.
std::vector<std::string> ListOf(const ClassAd& job, std::string_view name,
                                const EvalOptions& options) {
  const Value v = classad::EvaluateAttr(job, name, nullptr, options);
  if (v.IsString()) return policy::dirac::SplitDiracList(v.string());
  std::vector<std::string> out;
  if (!v.IsList()) return out;
  for (const classad::ExprPtr& item : v.list()) {
    const Value member = classad::EvaluateExpr(*item, &job, nullptr, options);
    if (member.IsString() && !member.string().empty()) out.emplace_back(member.string());
  }
  return out;
}

}  // namespace

DiracJobFields ReadDiracJobFields(const ClassAd& job, int64_t job_prio, std::string_view submitter,
                                  const EvalOptions& options) {
  DiracJobFields f;
  f.queue.owner = StringOf(job, "Owner", options);
  if (f.queue.owner.empty()) f.queue.owner = std::string(submitter);
  f.queue.group = StringOf(job, "DiracGroup", options);
  if (f.queue.group.empty()) f.queue.group = StringOf(job, "AcctGroup", options);
  if (f.queue.group.empty()) {
    const std::string accounting = StringOf(job, "AccountingGroup", options);
    const size_t dot = accounting.rfind('.');
    f.queue.group = dot == std::string::npos ? accounting : accounting.substr(0, dot);
  }
  if (f.queue.group.empty()) f.queue.group = std::string(kNoGroup);
  int64_t cpu = 0;
  if (WholeOf(job, "CPUTime", options, &cpu)) {
    f.queue.cpu_time = cpu;
  } else if (WholeOf(job, "MaxWallTimeMins", options, &cpu) && cpu < INT64_MAX / 60 &&
             cpu > INT64_MIN / 60) {
    f.queue.cpu_time = cpu * 60;
  } else {
    f.queue.cpu_time = kDefaultJobCpuTime;
  }
  f.queue.cpu_time = FitCpuTimeToSegment(f.queue.cpu_time);
  f.queue.sites = ListOf(job, "Site", options);
  f.queue.banned_sites = ListOf(job, "BannedSite", options);
  f.queue.grid_ces = ListOf(job, "GridCE", options);
  f.queue.platforms = ListOf(job, "Platform", options);
  f.queue.job_types = ListOf(job, "JobType", options);
  f.queue.tags = ListOf(job, "Tags", options);
  if (!WholeOf(job, "Priority", options, &f.priority)) f.priority = job_prio;
  return f;
}

}  // namespace negotiator::dirac
