// Opening the accountant a tool works with, in one place: a store (a
// SQLite file or a PostgreSQL URI), a `userprio --export` JSON file, or
// none (a fresh accountant in memory).
#ifndef NEGOTIATOR_ACCOUNTANT_OPEN_ACCOUNTANT_H_
#define NEGOTIATOR_ACCOUNTANT_OPEN_ACCOUNTANT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "classad/status.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/durable_accountant.h"
#include "policy/policy.h"

namespace negotiator {

// Where the accountant is: at most one of the two (both empty: none).
struct AccountantLocation {
  std::string store = "";      // a SQLite file or a postgresql:// URI
  std::string json_file = "";  // a `userprio --export` file, read only
};

// How to open it.
struct OpenAccountantOptions {
  // A store is opened for writing, and created when missing; otherwise
  // read-only, and it must exist. A JSON file is never written.
  bool write = false;
  // Run HTCondor's startup steps (recount the usage from the resource
  // records, a record for every configured group, UpdatePriorities at
  // `now`); false: the records exactly as stored. With a store opened
  // read-only, the steps run on a copy in memory (the store is not
  // changed; accountant() is the copy and Update() changes only it).
  bool initialize = true;
};

// An opened accountant: a store's (durable) or one in memory (a JSON file
// restored, a read-only store's records initialized, or fresh). Owns it.
class OpenedAccountant {
 public:
  // The accountant as of opening (or the last update).
  const Accountant& accountant() const {
    return durable_ != nullptr ? durable_->accountant() : *memory_;
  }
  // Runs `change` on the accountant: in one transaction of the store, or
  // in memory. Returns the error of `change` or of the store.
  classad::Status Update(const std::function<classad::Status(Accountant&)>& change);
  // The store (opened for writing, or read-only without initializing), or
  // null for an accountant in memory.
  DurableAccountant* durable() { return durable_.get(); }
  // What was opened, for messages: the store as it describes itself, the
  // JSON file's path, or "a fresh accountant".
  const std::string& name() const { return name_; }

 private:
  friend classad::Result<OpenedAccountant> OpenAccountant(
      std::shared_ptr<const policy::Policy> policy, const AccountantLocation& where,
      const OpenAccountantOptions& options, int64_t now);
  std::unique_ptr<DurableAccountant> durable_;
  std::unique_ptr<Accountant> memory_;
  std::string name_;
};

// Opens the accountant at `where` under `policy` (not null) at time `now`.
// Errors: both locations given (kInvalidArgument); the store's or the JSON
// reader's (the file's errors carry file:line:col).
classad::Result<OpenedAccountant> OpenAccountant(std::shared_ptr<const policy::Policy> policy,
                                                 const AccountantLocation& where,
                                                 const OpenAccountantOptions& options,
                                                 int64_t now);

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_OPEN_ACCOUNTANT_H_
