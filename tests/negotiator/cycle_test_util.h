// Helpers for the negotiation cycle's tests: pools built from ads written
// in the test, a cycle run, and matches counted per submitter.
#ifndef TESTS_NEGOTIATOR_CYCLE_TEST_UTIL_H_
#define TESTS_NEGOTIATOR_CYCLE_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "classad/ad_io.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/cycle.h"
#include "negotiator/pool/pool.h"
#include "tests/negotiator/accountant_test_util.h"
#include "tests/policy/config_test_util.h"

namespace negotiator::testing_util {

inline constexpr int64_t kCycleNow = 1700000000;

// A seeded random source for generated pools: the same seed, the same pool.
class TestRandom {
 public:
  explicit TestRandom(uint64_t seed) : engine_(seed) {}
  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }
  bool Chance(int percent) { return Int(1, 100) <= percent; }
  const std::string& Pick(const std::vector<std::string>& v) {
    return v[static_cast<size_t>(Int(0, static_cast<int>(v.size()) - 1))];
  }

 private:
  std::mt19937_64 engine_;
};

// Parses one ad in new syntax ("[ a = 1; b = 2 ]"); a test failure and an
// empty ad when it does not parse.
inline std::shared_ptr<const classad::ClassAd> Ad(std::string_view text) {
  classad::Result<std::vector<std::shared_ptr<classad::ClassAd>>> ads =
      classad::ReadAdsFromString(text);
  EXPECT_TRUE(ads.ok()) << ads.status().ToString() << "\n" << text;
  if (!ads.ok() || ads->size() != 1) return std::make_shared<classad::ClassAd>();
  return (*ads)[0];
}

// An unclaimed slot `name` with one CPU; `extra` adds attributes
// ("Rank = 1; Memory = 2").
inline std::string SlotText(const std::string& name, const std::string& extra = "") {
  return "[ Name = \"" + name +
         "\"; StartdIpAddr = \"<10.0.0.1:9618>\"; State = \"Unclaimed\"; Activity = \"Idle\"; "
         "Cpus = 1; Memory = 4096; SlotWeight = Cpus; Requirements = true; Rank = 0.0; "
         "CurrentRank = 0.0; " +
         extra + " ]";
}

// A slot claimed by `user` (running job `job_id`), with `extra`.
inline std::string ClaimedSlotText(const std::string& name, const std::string& user,
                                   const std::string& job_id, const std::string& extra = "") {
  return SlotText(name, "State = \"Claimed\"; Activity = \"Busy\"; RemoteUser = \"" + user +
                            "\"; RemoteOwner = \"" + user + "\"; AccountingGroup = \"" + user +
                            "\"; JobId = \"" + job_id + "\"; " + extra);
}

// Idle job `cluster`.`proc` of `owner`, with `extra`.
inline std::string JobText(const std::string& owner, int cluster, int proc,
                           const std::string& extra = "") {
  return "[ Owner = \"" + owner + "\"; ClusterId = " + std::to_string(cluster) +
         "; ProcId = " + std::to_string(proc) +
         "; JobStatus = 1; RequestCpus = 1; RequestMemory = 1024; Requirements = true; " + extra +
         " ]";
}

// A pool of those ads under `policy`.
inline std::unique_ptr<Pool> MakePool(std::shared_ptr<const policy::Policy> policy,
                                      const std::vector<std::string>& slots,
                                      const std::vector<std::string>& jobs) {
  auto pool = std::make_unique<Pool>(std::move(policy));
  for (size_t i = 0; i < slots.size(); ++i) {
    auto added = pool->AddSlot(Ad(slots[i]), "slot " + std::to_string(i));
    EXPECT_TRUE(added.ok()) << added.status().ToString();
  }
  for (size_t i = 0; i < jobs.size(); ++i) {
    auto added = pool->AddJob(Ad(jobs[i]), "job " + std::to_string(i));
    EXPECT_TRUE(added.ok()) << added.status().ToString();
  }
  return pool;
}

// A pool of those ads read as the tools read pools: the slots, then the
// jobs, each written to a file in `folder` (one ad after another), the job
// ads held as `holding` says. The files must stay while the pool lives.
inline std::unique_ptr<Pool> ReadPool(std::shared_ptr<const policy::Policy> policy,
                                      const std::vector<std::string>& slots,
                                      const std::vector<std::string>& jobs,
                                      AdHolding holding,
                                      const policy::testing_util::TempFolder& folder) {
  auto pool = std::make_unique<Pool>(std::move(policy), holding);
  std::string slot_text, job_text;
  for (const std::string& s : slots) slot_text += s + "\n";
  for (const std::string& j : jobs) job_text += j + "\n";
  if (!slots.empty()) {
    classad::Status read = pool->ReadSlots(folder.Write("slots.ads", slot_text));
    EXPECT_TRUE(read.ok()) << read.ToString();
  }
  if (!jobs.empty()) {
    classad::Status read = pool->ReadJobs(folder.Write("jobs.ads", job_text));
    EXPECT_TRUE(read.ok()) << read.ToString();
  }
  return pool;
}

// Runs one cycle; a test failure (and an empty result) on error.
inline CycleResult RunOneCycle(Negotiator& negotiator, const Pool& pool, Accountant& accountant,
                               int64_t now = kCycleNow) {
  classad::Result<CycleResult> result = negotiator.RunCycle(pool, accountant, now);
  EXPECT_TRUE(result.ok()) << result.status().ToString();
  return result.ok() ? std::move(result).value() : CycleResult();
}

// Matches per submitter.
inline std::map<std::string, int> MatchesBySubmitter(const CycleResult& result) {
  std::map<std::string, int> out;
  for (const CycleMatch& m : result.matches) out[m.submitter] += 1;
  return out;
}

// Matches per group.
inline std::map<std::string, int> MatchesByGroup(const CycleResult& result) {
  std::map<std::string, int> out;
  for (const CycleMatch& m : result.matches) out[m.group] += 1;
  return out;
}

}  // namespace negotiator::testing_util

#endif  // TESTS_NEGOTIATOR_CYCLE_TEST_UTIL_H_
