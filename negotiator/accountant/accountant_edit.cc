// Accountant edits (accountant_edit.h).
#include "negotiator/accountant/accountant_edit.h"

#include <cstdarg>
#include <cstdio>

namespace negotiator {
namespace {

// printf into a string, whatever its length (a record name has no bound).
[[gnu::format(printf, 1, 2)]] std::string Format(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  std::string out(n > 0 ? static_cast<size_t>(n) : 0, '\0');
  if (n > 0) std::vsnprintf(out.data(), out.size() + 1, format, again);
  va_end(again);
  return out;
}

}  // namespace

classad::Status ApplyEdit(const AccountantEdit& edit, int64_t now, Accountant* accountant) {
  Accountant& a = *accountant;
  const std::string& name = edit.name;
  switch (edit.kind) {
    case AccountantEditKind::kSetPriority:
      a.SetPriority(name, edit.real);
      break;
    case AccountantEditKind::kSetFactor:
      a.SetPriorityFactor(name, edit.real);
      break;
    case AccountantEditKind::kSetFloor:
      a.SetFloor(name, edit.integer);
      break;
    case AccountantEditKind::kSetCeiling:
      a.SetCeiling(name, edit.integer);
      break;
    case AccountantEditKind::kSetAccumulatedUsage:
      a.SetAccumUsage(name, edit.real);
      break;
    case AccountantEditKind::kSetBeginUsageTime:
      a.SetBeginUsageTime(name, edit.integer);
      break;
    case AccountantEditKind::kSetLastUsageTime:
      a.SetLastUsageTime(name, edit.integer);
      break;
    case AccountantEditKind::kResetUsage:
      a.ResetAccumulatedUsage(name, now);
      break;
    case AccountantEditKind::kResetAllUsage:
      a.ResetAllUsage(now);
      break;
    case AccountantEditKind::kDelete:
      if (!a.DeleteRecord(name)) {
        return classad::Status(classad::StatusCode::kNotFound,
                               "-delete: the accountant has no record named \"" + name + "\"");
      }
      break;
  }
  return classad::Status::Ok();
}

std::string EditReport(const AccountantEdit& edit) {
  const char* name = edit.name.c_str();
  const long long integer = static_cast<long long>(edit.integer);
  switch (edit.kind) {
    case AccountantEditKind::kSetPriority:
      return Format("The priority of %s was set to %f", name, edit.real);
    case AccountantEditKind::kSetFactor:
      return Format("The priority factor of %s was set to %f", name, edit.real);
    case AccountantEditKind::kSetFloor:
      return Format("The floor of %s was set to %lld", name, integer);
    case AccountantEditKind::kSetCeiling:
      return Format("The ceiling of %s was set to %lld", name, integer);
    case AccountantEditKind::kSetAccumulatedUsage:
      return Format("The Accumulated Usage of %s was set to %f", name, edit.real);
    case AccountantEditKind::kSetBeginUsageTime:
      return Format("The Begin Usage Time of %s was set to %lld", name, integer);
    case AccountantEditKind::kSetLastUsageTime:
      return Format("The Last Usage Time of %s was set to %lld", name, integer);
    case AccountantEditKind::kResetUsage:
      return Format("The accumulated usage of %s was reset", name);
    case AccountantEditKind::kResetAllUsage:
      return Format("The accumulated usage was reset for all users");
    case AccountantEditKind::kDelete:
      return Format("The accountant record named %s was deleted", name);
  }
  return "";
}

}  // namespace negotiator
