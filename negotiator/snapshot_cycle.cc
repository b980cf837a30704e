// RunSnapshotCycle (snapshot_cycle.h).
#include "negotiator/snapshot_cycle.h"

#include <memory>
#include <optional>
#include <utility>

#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/open_accountant.h"
#include "negotiator/cycle_quota_records.h"
#include "negotiator/pool/pool.h"
#include "policy/load_policy.h"

namespace negotiator {

classad::Result<CycleResult> RunSnapshotCycle(const SnapshotCycleInputs& inputs,
                                              std::vector<classad::Status>* warnings) {
  std::vector<classad::Status> config_warnings;
  classad::Result<std::shared_ptr<const policy::Policy>> loaded = policy::LoadPolicy(
      inputs.config_files, policy::DaemonConfigOptions("NEGOTIATOR"), &config_warnings);
  if (warnings != nullptr) {
    warnings->insert(warnings->end(), config_warnings.begin(), config_warnings.end());
  }
  if (!loaded.ok()) return loaded.status();
  const std::shared_ptr<const policy::Policy>& policy = *loaded;

  Pool pool(policy, JobAdHolding::kCut);
  PoolOptions read_options;
  read_options.read_threads = inputs.threads;
  for (const std::string& path : inputs.slot_files) {
    if (classad::Status s = pool.ReadSlots(path, read_options); !s.ok()) return s;
  }
  for (const std::string& path : inputs.job_files) {
    if (classad::Status s = pool.ReadJobs(path, read_options); !s.ok()) return s;
  }

  AccountantLocation where;
  if (!inputs.accountant_json.empty()) {
    where.json_file = inputs.accountant_json;
  } else {
    where.store = !inputs.state.empty() ? inputs.state : policy->accountant.database;
  }
  classad::Result<OpenedAccountant> accountant =
      OpenAccountant(policy, where, {.write = true, .initialize = true}, inputs.now);
  if (!accountant.ok()) return accountant.status();

  Negotiator negotiator(policy, NegotiatorOptions{.threads = inputs.threads});
  if (!inputs.restarted) {
    negotiator.ResumeWithQuotaMap(QuotaMapOf(accountant->accountant().group_quota_records()));
  }
  std::optional<CycleResult> result;
  classad::Status updated = accountant->Update([&](Accountant& live) -> classad::Status {
    classad::Result<CycleResult> ran = negotiator.RunCycle(pool, live, inputs.now);
    if (!ran.ok()) return ran.status();
    result = std::move(ran).value();
    live.SetGroupQuotaRecords(GroupQuotaRecordsOf(*result));
    return classad::Status::Ok();
  });
  if (!updated.ok()) return updated;
  return std::move(*result);
}

}  // namespace negotiator
