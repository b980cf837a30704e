// MatchTables: which slots match each match class, found clause by clause
// instead of pair by pair.
//
// A class's job Requirements and each slot's Requirements are split into
// their top-level `&&` clauses, following the attributes of its own ad a
// clause names (a slot's `START && WithinResourceLimits` splits into
// START's and WithinResourceLimits' clauses). ClassAd `&&` is true exactly
// when both sides are (numbers counting as conditions), so a pair matches
// exactly when every clause of both sides holds. A clause reads few of a
// job's attributes, so many classes read it alike: each clause is
// evaluated against the slots once for each distinct text of the job
// attributes it may read (followed through the job's and the slots'
// expressions), giving one bit per slot, and a class's matching slots are
// the AND of its clauses' bits. The job's Rank is tabled the same way: one
// value per slot for each distinct text of what it reads from the job.
//
// A table is found with less work where the clause allows (match_sides.h):
// a clause that reads only the job is evaluated once, and a comparison
// whose one side reads only the slot and the other only the job is the
// operator applied to the slot side's values, evaluated once per slot for
// every table of that clause, and the job side's value.
//
// The results are those of MatchKernel for each pair. When an expression
// reads something other than named attributes (ReadsOnlyNamedAttributes),
// or the jobs read the clauses in too many ways, the tables are not built
// (active() is false) and the caller matches pair by pair.
//
// Immutable after construction; thread-safe to read.
#ifndef NEGOTIATOR_MATCHING_MATCH_TABLES_H_
#define NEGOTIATOR_MATCHING_MATCH_TABLES_H_

#include <cstdint>
#include <span>
#include <vector>

#include "classad/evaluator.h"
#include "negotiator/autoclusters/autoclusters.h"
#include "negotiator/matching/match_table_cache.h"
#include "negotiator/pool/pool.h"

namespace negotiator {

class JobKeys;

class MatchTables {
 public:
  // Builds the tables of `autoclusters`' match classes against the slots
  // `slots` (indices into pool.slots(); a position below is an index into
  // `slots`), whose distinct shapes are `slot_shapes` (slot_shapes.h), on
  // `threads` threads. With `cache` (its BeginCycle called for `slots`, once
  // this cycle), the
  // tables evaluated against each slot and the job ranks take the results
  // of slots whose ads did not change from it and leave theirs in it
  // (match_table_cache.h); null: everything is evaluated. Borrows the pool
  // and the autoclusters for its lifetime, the shapes and the cache while
  // it is constructed.
  MatchTables(const Pool& pool, const Autoclusters& autoclusters, std::span<const uint32_t> slots,
              std::span<const classad::ClassAd* const> slot_shapes, int threads,
              const classad::EvalOptions& options, MatchTableCache* cache = nullptr);
  MatchTables(const MatchTables&) = delete;
  MatchTables& operator=(const MatchTables&) = delete;

  // Whether the tables were built.
  bool active() const { return active_; }

  // For an active table: `*bits` gets one bit per position (bit p % 64 of
  // word p / 64), set where both Requirements hold.
  void Matching(uint32_t match_class, std::vector<uint64_t>* bits) const;

  // For an active table: which reading of the job's Rank the class has
  // (classes with the same key have the same JobRank everywhere).
  uint32_t RankKey(uint32_t match_class) const { return rank_key_of_class_[match_class]; }

  // For an active table: the job's Rank of the slot at `position` as
  // MatchResult::rank has it (0.0 when not a number).
  double JobRank(uint32_t match_class, size_t position) const {
    return rank_values_[rank_key_of_class_[match_class]][position];
  }

  // Whether SlotRank may be asked (every slot's Rank reads only named
  // attributes, and the jobs read it in few enough ways).
  bool slot_ranks_active() const { return slot_ranks_active_; }

  // For active slot ranks: the Rank of the slot at `position` for the
  // class's jobs, evaluated without overlays (MY = the slot, TARGET = the
  // job), as RankForComparison keeps it (preemption.h).
  double SlotRank(uint32_t match_class, size_t position) const {
    const uint32_t text = slot_rank_text_[position];
    if (text == kLiteralRank) return slot_rank_literal_[position];
    const uint32_t key = slot_rank_key_of_class_[match_class * slot_rank_texts_ + text];
    return slot_rank_values_[key][slot_rank_member_[position]];
  }

  // For active slot ranks: whether the slot at `position` has a Rank that
  // every class reads alike (a literal), so that SlotRank there does not
  // depend on the class.
  bool SlotRankFixed(size_t position) const {
    return slot_rank_text_[position] == kLiteralRank;
  }

  // For active slot ranks: classes of one signature have the same
  // SlotRank at every position.
  uint32_t SlotRankSignature(uint32_t match_class) const {
    return slot_rank_signature_of_class_[match_class];
  }

  // What building found, for benchmarks and tests: distinct clauses
  // evaluated against the slots (per distinct reading), and distinct
  // slot clause texts.
  size_t clause_tables() const { return tables_.size(); }
  size_t slot_clause_texts() const { return slot_text_count_; }
  // Of the clause tables: those found with one evaluation (the clause
  // reads only the job), and those found from a comparison's slot side
  // evaluated once per slot for several tables (match_sides.h).
  size_t tables_evaluated_once() const { return tables_evaluated_once_; }
  // Results taken from the cache instead of evaluated (a slot's clause,
  // rank or comparison side).
  size_t results_from_cache() const { return results_from_cache_; }
  // How many classes were keyed by the keys the cache kept for their job.
  size_t class_keys_from_cache() const { return class_keys_from_cache_; }
  size_t tables_from_columns() const { return tables_from_columns_; }

 private:
  static constexpr uint32_t kLiteralRank = UINT32_MAX;
  // Tables the slots' Rank (after the rest is built, keying the jobs with
  // the same `readings`; only flips slot_ranks_active_). With `cache`, each
  // slot's Rank is found once for as long as its ad stays.
  void BuildSlotRanks(const Pool& pool, const Autoclusters& autoclusters,
                      std::span<const uint32_t> slots,
                      std::span<const classad::ClassAd* const> slot_shapes, int threads,
                      const classad::EvalOptions& options, JobKeys* readings,
                      MatchTableCache* cache);

  bool active_ = false;
  size_t words_ = 0;
  size_t slot_text_count_ = 0;
  size_t tables_evaluated_once_ = 0;
  size_t tables_from_columns_ = 0;
  size_t results_from_cache_ = 0;
  size_t class_keys_from_cache_ = 0;
  std::vector<uint64_t> slot_ok_;  // slots whose Requirements may hold at all
  // Bit tables, one per (clause, distinct reading); a slot clause's table
  // has the bits of slots without that clause set.
  std::vector<std::vector<uint64_t>> tables_;
  // Match class -> the tables it ANDs (none when its Requirements never
  // hold: class_never_).
  std::vector<std::vector<uint32_t>> tables_of_class_;
  std::vector<uint8_t> class_never_;
  std::vector<uint32_t> rank_key_of_class_;
  std::vector<std::vector<double>> rank_values_;  // [rank key][position]
  // The slots' Rank: by position, its text's number (or kLiteralRank, the
  // value in slot_rank_literal_) and its index among that text's slots;
  // by class and text, the key whose values it reads.
  bool slot_ranks_active_ = false;
  uint32_t slot_rank_texts_ = 0;
  std::vector<uint32_t> slot_rank_text_;
  std::vector<double> slot_rank_literal_;
  std::vector<uint32_t> slot_rank_member_;
  std::vector<uint32_t> slot_rank_key_of_class_;       // [class * texts + text]
  std::vector<std::vector<double>> slot_rank_values_;  // [key][member]
  std::vector<uint32_t> slot_rank_signature_of_class_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_MATCH_TABLES_H_
