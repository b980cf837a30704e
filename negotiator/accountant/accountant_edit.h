// An administrator's edit of the accountant: condor_userprio's -setprio,
// -setfactor, -setfloor, -setceiling, -setaccum, -setbegin, -setlast,
// -resetusage, -resetall and -delete, applied and reported as HTCondor's
// tool does. The tools parse and check the values; this applies them.
#ifndef NEGOTIATOR_ACCOUNTANT_ACCOUNTANT_EDIT_H_
#define NEGOTIATOR_ACCOUNTANT_ACCOUNTANT_EDIT_H_

#include <cstdint>
#include <string>

#include "classad/status.h"
#include "negotiator/accountant/accountant.h"

namespace negotiator {

enum class AccountantEditKind {
  kSetPriority,           // the RUP (real)
  kSetFactor,             // the priority factor (real)
  kSetFloor,              // integer
  kSetCeiling,            // integer, -1 for none
  kSetAccumulatedUsage,   // WeightedAccumulatedUsage (real)
  kSetBeginUsageTime,     // seconds since the epoch (integer)
  kSetLastUsageTime,      // seconds since the epoch (integer)
  kResetUsage,            // the record's accumulated usage, from now
  kResetAllUsage,         // every record's (no name)
  kDelete,                // the record
};

struct AccountantEdit {
  AccountantEditKind kind = AccountantEditKind::kSetPriority;
  std::string name;  // the record's full name (unused by kResetAllUsage)
  double real = 0;
  int64_t integer = 0;
};

// Applies `edit` to `*accountant` at `now` (a set on a name without a
// record makes the record, as HTCondor's does). Errors: kNotFound when
// kDelete names no record (nothing changes).
classad::Status ApplyEdit(const AccountantEdit& edit, int64_t now, Accountant* accountant);

// The line condor_userprio prints once the edit is done ("The priority of
// alice@x was set to 2.000000").
std::string EditReport(const AccountantEdit& edit);

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_ACCOUNTANT_EDIT_H_
