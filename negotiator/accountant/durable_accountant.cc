// DurableAccountant (durable_accountant.h).
#include "negotiator/accountant/durable_accountant.h"

#include <utility>

namespace negotiator {

using classad::Result;
using classad::Status;
using classad::StatusCode;

namespace {

// How many times a reload retries when other processes keep committing
// while it reads, and an update retries after losing a conflict.
constexpr int kMaxReloadAttempts = 100;
constexpr int kMaxConflictRetries = 20;

}  // namespace

DurableAccountant::DurableAccountant(std::shared_ptr<const policy::Policy> policy,
                                     std::unique_ptr<AccountantStore> store)
    : accountant_(std::make_unique<Accountant>(std::move(policy))), store_(std::move(store)) {}

Result<std::unique_ptr<DurableAccountant>> DurableAccountant::Open(
    std::shared_ptr<const policy::Policy> policy, std::unique_ptr<AccountantStore> store,
    int64_t now, const DurableAccountantOptions& options) {
  std::unique_ptr<DurableAccountant> durable(
      new DurableAccountant(std::move(policy), std::move(store)));
  if (!options.initialize) {
    if (Status s = durable->Reload(); !s.ok()) return s;
    return durable;
  }
  // HTCondor's first Initialize: the sanity recount, a record for every
  // configured group, and the downtime charged by UpdatePriorities.
  Status s = durable->Update([now](Accountant& a) {
    a.StartUp(now);
    return Status::Ok();
  });
  if (!s.ok()) return s;
  return durable;
}

Status DurableAccountant::Reload() {
  // Optimistic: the records read belong to generation g when the
  // generation is g both before and after the read (it only grows).
  for (int attempt = 0; attempt < kMaxReloadAttempts; ++attempt) {
    Result<int64_t> before = store_->Generation();
    if (!before.ok()) return before.status();
    AccountantSnapshot snapshot;
    if (Status s = store_->LoadAll(&snapshot); !s.ok()) return s;
    Result<int64_t> after = store_->Generation();
    if (!after.ok()) return after.status();
    if (*before == *after) {
      accountant_->Restore(std::move(snapshot));
      generation_ = *after;
      return Status::Ok();
    }
  }
  return Status(StatusCode::kUnavailable, store_->Describe() +
                                              ": other processes kept committing; could not read a "
                                              "consistent state");
}

Status DurableAccountant::Refresh() {
  Result<int64_t> generation = store_->Generation();
  if (!generation.ok()) return generation.status();
  return *generation == generation_ ? Status::Ok() : Reload();
}

Status DurableAccountant::Update(const std::function<Status(Accountant&)>& change) {
  for (int attempt = 0;; ++attempt) {
    Result<int64_t> generation = store_->BeginWrite();
    if (!generation.ok()) {
      if (generation.status().code() == StatusCode::kAborted && attempt < kMaxConflictRetries) {
        continue;
      }
      return generation.status();
    }
    if (*generation != generation_) {
      // Another process committed since this one last looked.
      AccountantSnapshot snapshot;
      if (Status s = store_->LoadAll(&snapshot); !s.ok()) {
        store_->Rollback();
        return s;
      }
      accountant_->Restore(std::move(snapshot));
      generation_ = *generation;
    }
    accountant_->BeginTracking();
    Status changed = change(*accountant_);
    Result<int64_t> committed =
        changed.ok() ? store_->Commit(accountant_->TrackedChanges()) : Result<int64_t>(changed);
    accountant_->EndTracking();
    if (committed.ok()) {
      generation_ = *committed;
      return Status::Ok();
    }
    // Nothing was stored: put memory back as the store has it.
    store_->Rollback();
    generation_ = -1;
    const Status failure = committed.status();
    if (Status s = Reload(); !s.ok() && failure.code() != StatusCode::kAborted) {
      return Status(failure.code(),
                    failure.message() + " (and reloading failed: " + s.message() + ")");
    }
    if (failure.code() == StatusCode::kAborted && attempt < kMaxConflictRetries) continue;
    return failure;
  }
}

}  // namespace negotiator
