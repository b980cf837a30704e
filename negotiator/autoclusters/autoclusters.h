// Autoclusters, built from a pool's idle jobs as HTCondor's schedd builds
// them before it negotiates: two idle jobs share one autocluster when they
// agree on HTCondor's significant attributes and on what the jobs'
// expressions for those reference (significant_attributes.h: what the
// negotiator publishes from the slots and its policy, merged into the
// schedd's list with Requirements, Rank, ConcurrencyLimits and the
// configuration's additions and removals). HTCondor's negotiator sees one
// job ad of each autocluster and matches every request of it as that job;
// so does this negotiator, with the autocluster's first job. With
// NEGOTIATE_ALL_JOBS_IN_CLUSTER every job is its own autocluster.
#ifndef NEGOTIATOR_AUTOCLUSTERS_AUTOCLUSTERS_H_
#define NEGOTIATOR_AUTOCLUSTERS_AUTOCLUSTERS_H_

#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "negotiator/autoclusters/significant_attributes.h"
#include "negotiator/pool/pool.h"
#include "policy/policy.h"

namespace negotiator {

// The autoclusters of a pool's idle jobs.
//
// Autoclusters that differ only in what matching never reads (their
// ConcurrencyLimits, what PREEMPTION_REQUIREMENTS and PREEMPTION_RANK read
// from the job: both are evaluated per request) share a match class: the
// same slots match them, with the same ranks, so the matchmaker finds
// those once per class. A match class compares Requirements and Rank, what
// they read from the job, and what the slots' Requirements and Rank and
// NEGOTIATOR_PRE/POST_JOB_RANK read from a job.
struct Autoclusters {
  static constexpr uint32_t kNone = UINT32_MAX;
  std::vector<uint32_t> of_job;                // job index -> autocluster (kNone: not idle)
  std::vector<uint32_t> representative;        // autocluster -> its first job's index
  // The job attributes matching reads (lower case, sorted): what match
  // classes compare (the slots' Requirements and Rank, the policy ranks).
  std::vector<std::string> matching_names;
  // HTCondor's significant attributes (the schedd's list,
  // significant_attributes.h): what autoclusters compare, each expanded
  // by what the job's expressions for it reference.
  std::vector<std::string> schedd_significant;
  std::vector<uint32_t> match_class;           // autocluster -> its match class
  std::vector<uint32_t> class_representative;  // match class -> its first job's index

  // Equal in every field (what "a kept build equals a fresh one" means).
  bool operator==(const Autoclusters&) const = default;
};

// Keeps autoclusters from one cycle to the next, as HTCondor's schedd
// keeps them while jobs arrive and leave: each idle job's signatures (what
// makes it one match class and one autocluster with others) are computed
// when it first shows up idle, or when the pool replaced its ad, and kept
// by its id; a cycle where few jobs changed computes only theirs. What is
// kept holds for one pool (Pool::identity) and one set of significant
// names: when the slots' expressions or the policy read other job
// attributes, or another pool is given, everything is computed afresh.
// The schedd's significant attributes are kept too, and only grow while
// the negotiator publishes new names (as a schedd merges them): Build's
// result is always exactly what BuildAutoclusters gives with the same
// schedd list.
// Not thread-safe (Build uses its own threads).
class AutoclusterKeeper {
 public:
  // Groups `pool`'s idle jobs into autoclusters (see the file comment), on
  // `threads` threads; the numbering does not depend on them, nor on what
  // was kept (autoclusters and classes in the order of their first jobs).
  Autoclusters Build(const Pool& pool, int threads = 1);

  // How the last Build went: idle jobs whose signatures were computed, and
  // those whose signatures were kept.
  struct Stats {
    size_t computed = 0;
    size_t kept = 0;
  };
  const Stats& stats() const { return stats_; }
  // The schedd's significant attributes after the last Build.
  const ScheddSignificantAttributes& schedd() const { return schedd_; }

 private:
  friend Autoclusters BuildAutoclusters(const Pool&, int, const ScheddSignificantAttributes*);
  // One job's signatures, as numbers interned in class_ids_ / cluster_ids_
  // (12 bytes: one per job of the pool).
  struct Entry {
    uint32_t ad_version = 0;  // PoolJob::ad_version they were computed from
    uint32_t match_class = kUnknown;  // kUnknown: not computed
    uint32_t cluster = 0;
    bool known() const { return match_class != kUnknown; }
  };
  static constexpr uint32_t kUnknown = UINT32_MAX;
  uint64_t pool_identity_ = 0;
  std::set<std::string> match_names_;
  ScheddSignificantAttributes schedd_;
  SlotReferenceCache slot_references_;
  SlotNameSets slot_reads_;  // what each slot's Requirements and Rank read from a job
  bool every_job_ = false;
  std::vector<Entry> entries_;  // by job id
  std::unordered_map<std::string, uint32_t> class_ids_;
  std::unordered_map<std::string, uint32_t> cluster_ids_;
  Stats stats_;
};

// The autoclusters of `pool` computed afresh: AutoclusterKeeper().Build,
// by a schedd whose list of significant attributes was `schedd` (a copy;
// null: a schedd that starts now). Thread-safe for a pool no one changes.
Autoclusters BuildAutoclusters(const Pool& pool, int threads = 1,
                               const ScheddSignificantAttributes* schedd = nullptr);

}  // namespace negotiator

#endif  // NEGOTIATOR_AUTOCLUSTERS_AUTOCLUSTERS_H_
