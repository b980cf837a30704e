// DurableAccountant: an Accountant whose every update is one transaction
// of an AccountantStore (SQLite or PostgreSQL).
//
// The accountant works in memory; the store is the log. Update() takes the
// store's write lock, reloads the records when another process committed
// since this one last looked (the store's generation moved), runs the
// change on the in-memory accountant while it tracks what the change
// wrote, and commits exactly those records. When the commit fails the
// in-memory accountant is reloaded from the store, so memory never runs
// ahead of what is stored. Nothing is replayed by hand on open: SQLite's
// write-ahead log (or PostgreSQL's) is the log.
//
// Opening does what HTCondor's Accountant::Initialize does on its first
// call, in one transaction: load the records, recount ResourcesUsed and
// WeightedResourcesUsed from the resource records (the sanity check),
// create a record for every configured group, and UpdatePriorities(now),
// which charges the whole downtime since LastUpdateTime as if the recorded
// usage had continued.
//
// Thread-safety: not thread-safe; one thread drives it. Several processes
// may share one store (that is what the generation check is for).
#ifndef NEGOTIATOR_ACCOUNTANT_DURABLE_ACCOUNTANT_H_
#define NEGOTIATOR_ACCOUNTANT_DURABLE_ACCOUNTANT_H_

#include <cstdint>
#include <functional>
#include <memory>

#include "classad/status.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/store/accountant_store.h"
#include "policy/policy.h"

namespace negotiator {

// How a DurableAccountant opens.
struct DurableAccountantOptions {
  // Run HTCondor's first-Initialize steps (recount, group records,
  // UpdatePriorities(now)) when opening. A read-only tool (userprio's
  // listing) sets this to false and sees the records exactly as stored.
  bool initialize = true;
};

class DurableAccountant {
 public:
  // Opens the accountant kept in `store` under `policy` (neither null),
  // at time `now`. Errors are the store's (see OpenAccountantStore and
  // AccountantStore::BeginWrite), with the store named in the message.
  static classad::Result<std::unique_ptr<DurableAccountant>> Open(
      std::shared_ptr<const policy::Policy> policy, std::unique_ptr<AccountantStore> store,
      int64_t now, const DurableAccountantOptions& options = {});

  DurableAccountant(const DurableAccountant&) = delete;
  DurableAccountant& operator=(const DurableAccountant&) = delete;

  // Runs `change` as one transaction: everything it does to the accountant
  // is committed together, or (when `change` returns an error, or the
  // commit fails) nothing is and the accountant is as stored. Returns the
  // error of `change` or of the store. `change` must not call Update.
  classad::Status Update(const std::function<classad::Status(Accountant&)>& change);

  // Reloads the records when another process committed since the last
  // load or commit (a read-only refresh; takes no write lock).
  classad::Status Refresh();

  // The accountant as of the last load or commit. Do not change it
  // directly: changes made outside Update are not stored and are undone
  // by the next reload.
  const Accountant& accountant() const { return *accountant_; }
  const AccountantStore& store() const { return *store_; }

 private:
  DurableAccountant(std::shared_ptr<const policy::Policy> policy,
                    std::unique_ptr<AccountantStore> store);
  // Replaces the in-memory records with the store's.
  classad::Status Reload();

  std::unique_ptr<Accountant> accountant_;
  std::unique_ptr<AccountantStore> store_;
  int64_t generation_ = -1;  // the store's generation the records reflect; -1: never loaded
};

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_DURABLE_ACCOUNTANT_H_
