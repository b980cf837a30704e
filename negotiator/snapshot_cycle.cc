// RunSnapshotCycles (snapshot_cycle.h).
#include "negotiator/snapshot_cycle.h"

#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/open_accountant.h"
#include "negotiator/cycle_quota_records.h"
#include "negotiator/pool/pool.h"
#include "policy/load_policy.h"

namespace negotiator {

namespace {

// Where the accountant is: the JSON file, else the store, else (when the
// cycles are committed) the configuration's ACCOUNTANT_DATABASE.
AccountantLocation WhereOf(const SnapshotCycleInputs& inputs, const policy::Policy& policy) {
  AccountantLocation where{.store = inputs.state, .json_file = inputs.accountant_json};
  if (inputs.commit && where.store.empty() && where.json_file.empty()) {
    where.store = policy.accountant.database;
  }
  return where;
}

}  // namespace

classad::Result<SnapshotCycles> RunSnapshotCycles(const SnapshotCycleInputs& inputs,
                                                  const SnapshotCycleHooks& hooks) {
  if (inputs.cycles < 1) {
    return classad::Status(classad::StatusCode::kInvalidArgument,
                           "the number of cycles must be at least 1, not " +
                               std::to_string(inputs.cycles));
  }
  SnapshotCycles out;
  classad::Result<std::shared_ptr<const policy::Policy>> loaded =
      policy::LoadPolicy(inputs.config_files, policy::DaemonConfigOptions("NEGOTIATOR"),
                         &out.warnings, nullptr, inputs.policy_options);
  if (hooks.configuration_read) hooks.configuration_read(out.warnings);
  if (!loaded.ok()) return loaded.status();
  out.policy = *loaded;

  const auto read_start = std::chrono::steady_clock::now();
  // A model reading job attributes matching does not needs the ads whole.
  const std::shared_ptr<const ShareModel>& model = inputs.share_model;
  Pool pool(out.policy, model != nullptr && model->ReadsJobAttributes() ? AdHolding::kWhole
                                                                        : AdHolding::kCut);
  PoolOptions read_options;
  read_options.read_threads = inputs.threads;
  for (const std::string& path : inputs.slot_files) {
    if (classad::Status s = pool.ReadSlots(path, read_options); !s.ok()) return s;
  }
  for (const std::string& path : inputs.job_files) {
    if (classad::Status s = pool.ReadJobs(path, read_options); !s.ok()) return s;
  }
  if (hooks.ads_read) {
    hooks.ads_read(pool.slots().size(), pool.jobs().size(),
                   std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                             read_start)
                       .count());
  }

  int64_t now = inputs.now;
  classad::Result<OpenedAccountant> accountant =
      OpenAccountant(out.policy, WhereOf(inputs, *out.policy),
                     {.write = inputs.commit, .initialize = true}, now);
  if (!accountant.ok()) return accountant.status();

  Negotiator negotiator(out.policy, NegotiatorOptions{.threads = inputs.threads,
                                                      .share_model = model,
                                                      .record_requests = inputs.record_requests});
  // The stored table is the quota map of the cycle before this one.
  if (!inputs.restarted) {
    negotiator.ResumeWithQuotaMap(QuotaMapOf(accountant->accountant().group_quota_records()));
  }
  for (int cycle = 1; cycle <= inputs.cycles; ++cycle) {
    std::optional<CycleResult> result;
    classad::Status updated = accountant->Update([&](Accountant& live) -> classad::Status {
      classad::Result<CycleResult> ran = negotiator.RunCycle(pool, live, now);
      if (!ran.ok()) return ran.status();
      result = std::move(ran).value();
      // The cycle's group quota table goes into the same transaction.
      live.SetGroupQuotaRecords(GroupQuotaRecordsOf(*result));
      return classad::Status::Ok();
    });
    if (!updated.ok()) return updated;
    if (hooks.cycle_ran) hooks.cycle_ran(cycle, *result);
    if (cycle < inputs.cycles) {
      // The matches become claims; the preempted jobs go back to the queue.
      if (classad::Status c = ApplyMatches(*result, now, &pool); !c.ok()) return c;
      now += inputs.interval;
    }
    out.cycles.push_back(std::move(*result));
  }
  return out;
}

classad::Result<CycleResult> RunSnapshotCycle(const SnapshotCycleInputs& inputs,
                                              std::vector<classad::Status>* warnings) {
  SnapshotCycleInputs one = inputs;
  one.cycles = 1;
  SnapshotCycleHooks hooks;
  if (warnings != nullptr) {
    hooks.configuration_read = [warnings](const std::vector<classad::Status>& read) {
      warnings->insert(warnings->end(), read.begin(), read.end());
    };
  }
  classad::Result<SnapshotCycles> ran = RunSnapshotCycles(one, hooks);
  if (!ran.ok()) return ran.status();
  return std::move(ran->cycles.front());
}

}  // namespace negotiator
