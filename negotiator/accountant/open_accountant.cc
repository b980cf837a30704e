// Opening a tool's accountant (open_accountant.h).
#include "negotiator/accountant/open_accountant.h"

#include <utility>

#include "negotiator/accountant/accountant_json.h"
#include "negotiator/accountant/store/accountant_store.h"

namespace negotiator {

classad::Status OpenedAccountant::Update(
    const std::function<classad::Status(Accountant&)>& change) {
  if (durable_ != nullptr) return durable_->Update(change);
  return change(*memory_);
}

classad::Result<OpenedAccountant> OpenAccountant(std::shared_ptr<const policy::Policy> policy,
                                                 const AccountantLocation& where,
                                                 const OpenAccountantOptions& options,
                                                 int64_t now) {
  if (!where.store.empty() && !where.json_file.empty()) {
    return classad::Status(classad::StatusCode::kInvalidArgument,
                           "give an accountant store or an accountant file, not both");
  }
  OpenedAccountant opened;
  if (!where.store.empty()) {
    StoreOptions store_options;
    store_options.read_only = !options.write;
    store_options.create_if_missing = options.write;
    classad::Result<std::unique_ptr<AccountantStore>> store =
        OpenAccountantStore(where.store, store_options);
    if (!store.ok()) return store.status();
    opened.name_ = (*store)->Describe();
    DurableAccountantOptions durable_options;
    // A read-only store cannot take the startup steps' transaction: they
    // run on a copy in memory below.
    const bool copy = options.initialize && !options.write;
    durable_options.initialize = options.initialize && options.write;
    classad::Result<std::unique_ptr<DurableAccountant>> durable =
        DurableAccountant::Open(policy, std::move(store).value(), now, durable_options);
    if (!durable.ok()) return durable.status();
    if (!copy) {
      opened.durable_ = std::move(durable).value();
      return opened;
    }
    opened.memory_ = std::make_unique<Accountant>(std::move(policy));
    opened.memory_->Restore((*durable)->accountant().Snapshot());
  } else {
    opened.memory_ = std::make_unique<Accountant>(std::move(policy));
    if (!where.json_file.empty()) {
      opened.name_ = where.json_file;
      classad::Result<AccountantSnapshot> snapshot = ReadAccountantJsonFile(where.json_file);
      if (!snapshot.ok()) return snapshot.status();
      opened.memory_->Restore(std::move(snapshot).value());
    } else {
      opened.name_ = "a fresh accountant";
    }
  }
  // A fresh accountant has no resource records: StartUp's recount finds
  // nothing to correct.
  if (options.initialize) opened.memory_->StartUp(now);
  return opened;
}

}  // namespace negotiator
