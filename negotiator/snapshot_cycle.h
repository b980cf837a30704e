// RunSnapshotCycles: negotiation cycles on a snapshot of a pool (a
// configuration, slot and job ad files, optionally an accountant), the one
// home of what `negotiator cycle` runs, of the snapshot side of
// `negotiator compare` and `negotiator test`, and of the Python module's
// run_cycle.
#ifndef NEGOTIATOR_SNAPSHOT_CYCLE_H_
#define NEGOTIATOR_SNAPSHOT_CYCLE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "classad/status.h"
#include "negotiator/cycle.h"
#include "negotiator/shares/share_model.h"
#include "policy/policy.h"

namespace negotiator {

// The snapshot and how to run on it.
struct SnapshotCycleInputs {
  std::vector<std::string> config_files;  // read as the negotiator reads its configuration
  policy::PolicyOptions policy_options;   // the HTCondor release to reproduce
  std::vector<std::string> slot_files;    // condor_status -long / -json dumps
  std::vector<std::string> job_files;     // condor_q -long / -json dumps
  // The accountant: a `userprio --export` JSON file (never written) or a
  // store (SQLite file or postgresql:// URI); not both. Neither: with
  // `commit`, the configuration's ACCOUNTANT_DATABASE, else (or when that
  // is empty too) a fresh one.
  std::string accountant_json;
  std::string state;
  // true (`negotiator cycle`): a store is opened for writing (created when
  // missing) and each cycle's changes, with its group quota table, are
  // committed to it in one transaction. false (a what-if, as `negotiator
  // compare` and `test` run): a store is only read, and the cycles change
  // a copy in memory.
  bool commit = true;
  int64_t now = 0;  // seconds since the epoch the first cycle runs at
  // Cycles to run (at least 1): each cycle's matches become claims for the
  // next (ApplyMatches), `interval` seconds later.
  int cycles = 1;
  int64_t interval = 0;
  int threads = 1;  // reading large ad files and matching autoclusters
  // As `negotiator cycle --restarted`: the first cycle runs as the first
  // after a negotiator's start (no previous quota map); false: the
  // accountant's stored group quota table is that map
  // (Negotiator::ResumeWithQuotaMap).
  bool restarted = false;
  // The share model (LoadModel, shares/load_share_model.h); null:
  // HTCondor's pie.
  std::shared_ptr<const ShareModel> share_model;
  bool record_requests = false;  // NegotiatorOptions::record_requests
};

// What a caller that reports as the run goes is told (each may be empty).
struct SnapshotCycleHooks {
  // The configuration was read (also when reading it failed): its warnings.
  std::function<void(const std::vector<classad::Status>& warnings)> configuration_read;
  // The ads were read: how many, in how many milliseconds.
  std::function<void(size_t slots, size_t jobs, double milliseconds)> ads_read;
  // A cycle ran (numbered from 1), before the next starts.
  std::function<void(int cycle, const CycleResult& result)> cycle_ran;
};

// The cycles that ran, with what they ran under.
struct SnapshotCycles {
  std::shared_ptr<const policy::Policy> policy;
  std::vector<classad::Status> warnings;  // the configuration's
  std::vector<CycleResult> cycles;        // in order; inputs.cycles of them
};

// Loads the policy, reads the ads, opens the accountant and runs the
// cycles, telling `hooks` as it goes. Errors: the first step's that failed
// (with file, line and column where the input has them): fewer than one
// cycle (kInvalidArgument), the configuration's, the ads', the
// accountant's (both a JSON file and a store given: kInvalidArgument), a
// cycle's.
classad::Result<SnapshotCycles> RunSnapshotCycles(const SnapshotCycleInputs& inputs,
                                                  const SnapshotCycleHooks& hooks = {});

// RunSnapshotCycles(inputs) with one cycle, its result; the configuration's
// warnings appended to `*warnings` (may be null), also on failure.
classad::Result<CycleResult> RunSnapshotCycle(const SnapshotCycleInputs& inputs,
                                              std::vector<classad::Status>* warnings);

}  // namespace negotiator

#endif  // NEGOTIATOR_SNAPSHOT_CYCLE_H_
