// RunSnapshotCycle: one negotiation cycle on a snapshot of a pool (a
// configuration, slot and job ad files, optionally an accountant state),
// as `negotiator cycle` runs its first cycle; the entry point language
// bindings call.
#ifndef NEGOTIATOR_SNAPSHOT_CYCLE_H_
#define NEGOTIATOR_SNAPSHOT_CYCLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "classad/status.h"
#include "negotiator/cycle.h"

namespace negotiator {

// The snapshot and how to run on it.
struct SnapshotCycleInputs {
  std::vector<std::string> config_files;  // read as the negotiator reads its configuration
  std::vector<std::string> slot_files;    // condor_status -long / -json dumps
  std::vector<std::string> job_files;     // condor_q -long / -json dumps
  // The accountant: a `userprio --export` JSON file (read only); else a
  // store (SQLite file or postgresql:// URI, written); else the
  // configuration's ACCOUNTANT_DATABASE; else a fresh one, nothing written.
  std::string accountant_json;
  std::string state;
  int64_t now = 0;  // seconds since the epoch the cycle runs at
  int threads = 1;
  // As `negotiator cycle --restarted`: the cycle runs as the first after a
  // negotiator's start (no previous quota map); false: the accountant's
  // stored group quota table is that map (Negotiator::ResumeWithQuotaMap).
  bool restarted = false;
};

// Loads the policy, reads the ads, opens the accountant and runs one cycle
// with HTCondor's pie; the cycle's group quota records are written with its
// accountant changes. Warnings from reading the configuration go to
// `*warnings` (may be null). Errors: the first step's that failed (with
// file, line and column where the input has them).
classad::Result<CycleResult> RunSnapshotCycle(const SnapshotCycleInputs& inputs,
                                              std::vector<classad::Status>* warnings);

}  // namespace negotiator

#endif  // NEGOTIATOR_SNAPSHOT_CYCLE_H_
