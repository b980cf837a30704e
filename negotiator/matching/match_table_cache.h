// MatchTableCache: the match tables' per-slot results kept from one cycle
// to the next, so that a cycle evaluates a table only against the slots
// whose ads changed since it was last evaluated (issue 27's incremental
// cycle: a pool where a few claims began or ended re-evaluates a few
// slots, not all of them).
//
// A row holds one table's results by slot id (a bit for a Requirements
// clause, a number for a rank) under the table's key: the clause's text
// and the key of the job attributes it reads (job_keys.h), or the key of
// the job's Rank. Two tables with the same key give the same value against
// a slot whose ad is the same object, whichever cycle evaluates them,
// except when an evaluation reads the clock or notes an HTCondor quirk:
// a row whose evaluations did either is not kept. A key made of a job's
// identity (JobKeys' opaque keys) must not be given to the cache.
//
// Kept by the negotiator between cycles. A cycle calls BeginCycle, then
// gets its rows on one thread (Row) and fills each on one thread at a
// time; Fresh may be called from any thread while no BeginCycle runs.
// Rows not asked for in kUnusedCyclesKept cycles are dropped at a
// BeginCycle.
#ifndef NEGOTIATOR_MATCHING_MATCH_TABLE_CACHE_H_
#define NEGOTIATOR_MATCHING_MATCH_TABLE_CACHE_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/quirks.h"
#include "classad/value.h"
#include "negotiator/pool/pool.h"

namespace negotiator {

// Numbers for texts, the same number for the same text: the keys the
// match tables file tables by (JobKeys' keys), so that a class's keys are
// kept as numbers and a cycle finds its tables by number, not by text; and
// MatchTableCache::Number's. Not thread-safe.
class KeyNumbers {
 public:
  // `key`'s number (a new one for a new text).
  uint32_t Number(std::string_view key);
  // The text of number `n` (< size()); valid until Clear.
  std::string_view Text(uint32_t n) const { return *texts_[n]; }
  size_t size() const { return texts_.size(); }
  void Clear() {
    numbers_.clear();
    texts_.clear();
  }

 private:
  struct TextHash {
    using is_transparent = void;
    size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
  };
  std::unordered_map<std::string, uint32_t, TextHash, std::equal_to<>> numbers_;
  std::vector<const std::string*> texts_;  // by number, into numbers_' keys
};

class MatchTableCache {
 public:
  // One table's results by slot id.
  struct Row {
    std::vector<uint64_t> known;  // a bit per slot id: the value below is the slot's
    std::vector<uint64_t> bits;   // a clause's results
    std::vector<double> values;   // a rank's results
    std::vector<classad::Value> side_values;  // a comparison's slot side (match_sides.h)
    uint64_t cycle = 0;           // the cycle that last filled it
    uint64_t last_used = 0;       // the last cycle that asked for it
    // An evaluation read the clock or noted a quirk: not kept.
    bool unkept = false;

    // Records slot `slot`'s result.
    void SetBit(uint32_t slot, bool value) {
      known[slot / 64] |= uint64_t{1} << (slot % 64);
      if (value) {
        bits[slot / 64] |= uint64_t{1} << (slot % 64);
      } else {
        bits[slot / 64] &= ~(uint64_t{1} << (slot % 64));
      }
    }
    bool Bit(uint32_t slot) const { return (bits[slot / 64] >> (slot % 64)) & 1; }
    void SetValue(uint32_t slot, double value) {
      known[slot / 64] |= uint64_t{1} << (slot % 64);
      values[slot] = value;
    }
    void SetSideValue(uint32_t slot, classad::Value value) {
      known[slot / 64] |= uint64_t{1} << (slot % 64);
      side_values[slot] = std::move(value);
    }
  };
  // What a row holds.
  enum class Holds { kBits, kNumbers, kSideValues };

  // Rows not asked for in this many cycles are dropped (an autocluster's
  // rows outlive a few cycles without idle jobs; a pool whose jobs keep
  // changing does not hold rows for ever).
  static constexpr uint64_t kUnusedCyclesKept = 60;
  // Past this many key numbers (kept for classes since gone), the class
  // keys are all forgotten at the next KeyClassesAgainst.
  static constexpr size_t kMaxKeyNumbers = size_t{1} << 20;

  // Starts a cycle over the slots `slots` (indices into pool.slots()):
  // notes the slots whose ads are other objects than at the last cycle,
  // and drops the rows and class keys not asked for in the last
  // kUnusedCyclesKept cycles. Everything is dropped for another pool.
  // `slot_shapes`: the distinct shapes of `slots` (SlotShapes::Distinct's
  // owners), what class keys are made against; none: no class keys are
  // kept this cycle.
  void BeginCycle(const Pool& pool, std::span<const uint32_t> slots,
                  std::span<const std::shared_ptr<const classad::ClassAd>> slot_shapes = {});

  // How the match tables key a match class's representative job (JobKeys):
  // the keys of its Requirements' clauses and of the slots' clause texts,
  // in the order the tables take them, and the key of its Rank. JobKeys
  // gives the same keys to the same job ad object while the slots' side
  // is the same (their clause texts, and their shapes: what JobKeys reads
  // of the slots), so they are kept for the ad. Only keys that are not
  // made of the job's identity, and whose making read no clock and noted
  // no quirk, are kept.
  struct ClassKeys {
    bool never = false;  // its Requirements never hold
    // Its Requirements' clauses (pointing into its ad, which the entry
    // keeps alive); the keys' numbers (key_numbers()), of each clause then
    // of each slot text; its Rank's key's number.
    std::vector<const classad::Expr*> clauses;
    std::vector<uint32_t> keys;
    uint32_t rank_key = 0;

    // Empties it, keeping its memory.
    void Clear() {
      never = false;
      clauses.clear();
      keys.clear();
      rank_key = 0;
    }
  };
  // Starts keying classes against slots whose clause texts are
  // `slot_texts` (all of them, as one string) and whose shapes are those
  // BeginCycle was given: the keys kept are forgotten unless they were
  // made against the same. False (nothing can be kept this cycle) when
  // BeginCycle was given no shapes.
  bool KeyClassesAgainst(std::string slot_texts);
  // The keys kept for `job`'s ad, or null.
  const ClassKeys* ClassKeysOf(const std::shared_ptr<const classad::ClassAd>& job);
  // Keeps `keys` for `job`'s ad (after KeyClassesAgainst returned true).
  void KeepClassKeys(const std::shared_ptr<const classad::ClassAd>& job, const ClassKeys& keys);
  // The numbers of the keys kept (forgotten with them).
  KeyNumbers& key_numbers() { return key_numbers_; }

  // The row of the table with key `key` for this cycle (made empty when
  // new), holding what `holds` says (one kind per key); stable until the
  // next BeginCycle.
  Row* RowFor(const std::string& key, Holds holds);

  // Whether `row` holds slot `slot`'s result for its ad of this cycle.
  bool Fresh(const Row& row, uint32_t slot) const {
    return ((row.known[slot / 64] >> (slot % 64)) & 1) != 0 && changed_at_[slot] <= row.cycle;
  }

  // Ends the filling of `row` this cycle; `kept` false when an evaluation
  // read the clock or noted a quirk (the row is then not trusted again).
  void Filled(Row* row, bool kept) {
    row->cycle = cycle_;
    row->unkept = row->unkept || !kept;
  }

  // A slot's Requirements split into its clauses (SplitConjuncts, the
  // slot's own attributes inlined and literals folded): a literal's truth,
  // or whether it may hold at all and its clauses, which point into the
  // slot's ad (kept alive here).
  struct SlotClauses {
    enum class Kind : uint8_t { kNone, kLiteral, kSplit } kind = Kind::kNone;
    bool may_hold = false;  // kLiteral: it is true; kSplit: no folded literal is false
    std::vector<const classad::Expr*> clauses;
    uint64_t cycle = 0;  // when found
  };
  // Slot `slot`'s split as found for its ad of this cycle, or null.
  const SlotClauses* ClausesOf(uint32_t slot) const {
    if (slot >= clauses_.size()) return nullptr;
    const SlotClauses& c = clauses_[slot];
    return c.kind != SlotClauses::Kind::kNone && changed_at_[slot] <= c.cycle ? &c : nullptr;
  }
  // Keeps slot `slot`'s split for its ad of this cycle.
  void KeepClauses(uint32_t slot, SlotClauses clauses) {
    if (clauses_.size() <= slot) clauses_.resize(ads_.size());
    clauses.cycle = cycle_;
    clauses_[slot] = std::move(clauses);
  }

  // What a matchmaker reads from a slot's ad itself, kept while the ad is
  // the same object (each part filled when first needed; all of it
  // forgotten when the ad changes).
  struct SlotReadings {
    static constexpr uint32_t kNoKey = UINT32_MAX;
    uint64_t cycle = 0;  // the cycle the slot's ad was read in (0: never)
    bool rank_read = false;
    classad::AttrRef rank;  // its Rank (points into the ad, kept alive here)
    bool claim_read = false;
    // RemoteAttributes::BindingKey, numbered (Number), when the slot has
    // one and it is fixed (BindingKeyIsFixed); kNoKey otherwise.
    uint32_t binding_key = kNoKey;
    uint32_t remote_user = 0;  // PoolSlot::remote_user, numbered
    bool current_rank_kept = false;  // current_rank is the ad's, whatever the clock
    double current_rank = 0;         // CurrentRankValue as RankForComparison keeps it
    // PREEMPTION_REQUIREMENTS' clauses that read only the slot, numbered
    // (kNoKey: not kept), and whether they all hold.
    uint32_t slot_clauses = kNoKey;
    bool slot_clauses_hold = false;
  };
  // Slot `slot`'s readings for its ad of this cycle (emptied when the ad is
  // another object than when they were read). One thread at a time; stable
  // until the next call for another slot or the next BeginCycle.
  SlotReadings& ReadingsOf(uint32_t slot);

  // A number for `text`, the same for the same text until the next
  // BeginCycle that forgets them all (it forgets the readings' numbers with
  // them, and does so only when the numbers are many more than the slots).
  // One thread at a time.
  uint32_t Number(std::string_view text) { return numbers_.Number(text); }

  // How many rows are kept, and how many slots changed at the last
  // BeginCycle (for tests and benchmarks).
  size_t rows() const { return rows_.size(); }
  size_t class_keys() const { return class_keys_.size(); }
  size_t changed_slots() const { return changed_slots_; }

 private:
  uint64_t pool_identity_ = 0;
  uint64_t cycle_ = 0;
  size_t changed_slots_ = 0;
  // By slot id: the ad seen at the last cycle that looked at the slot
  // (kept alive, so that another ad is never taken for it), and the cycle
  // it was first seen in.
  std::vector<std::shared_ptr<const classad::ClassAd>> ads_;
  std::vector<uint64_t> changed_at_;
  std::unordered_map<std::string, std::unique_ptr<Row>> rows_;
  // The slots whose ads changed, by cycle (oldest first), back to the
  // oldest filling of a kept row: RowFor forgets their results in a row
  // filled before. A row filled at or before log_covers_after_ forgets all.
  struct Change {
    uint64_t cycle;
    uint32_t slot;
  };
  std::vector<Change> change_log_;
  uint64_t log_covers_after_ = 0;
  std::vector<SlotClauses> clauses_;  // by slot id
  std::vector<SlotReadings> readings_;  // by slot id
  KeyNumbers numbers_;  // Number
  // The class keys, by job ad, and what they were made against: the slot
  // texts and shapes (kept alive, so that no other ad takes an address).
  struct KeptClassKeys {
    std::shared_ptr<const classad::ClassAd> job;
    ClassKeys keys;
    uint64_t last_used = 0;
  };
  std::unordered_map<const classad::ClassAd*, KeptClassKeys> class_keys_;
  KeyNumbers key_numbers_;
  std::string keys_slot_texts_;
  std::vector<std::shared_ptr<const classad::ClassAd>> keys_slot_shapes_;
  std::vector<std::shared_ptr<const classad::ClassAd>> cycle_slot_shapes_;
};

// The options a cached row's evaluations run with: the cycle's, watching
// whether an evaluation read the clock or went through an HTCondor quirk,
// either of which keeps the row out of the cache (keepable() false). The
// quirks noted are passed on to the cycle's notes when it is destroyed.
// Borrows `cycle`. Not movable (its clock reader points to it); one per
// row (or per keying: Restart), used on one thread.
class WatchedEvalOptions {
 public:
  explicit WatchedEvalOptions(const classad::EvalOptions& cycle);
  WatchedEvalOptions(const WatchedEvalOptions&) = delete;
  WatchedEvalOptions& operator=(const WatchedEvalOptions&) = delete;
  ~WatchedEvalOptions();

  const classad::EvalOptions& options() const { return options_; }
  // Whether no evaluation read the clock (or could: the cycle's options
  // name no clock, so the system clock would be read) or noted a quirk.
  bool keepable() const { return !clock_read_ && notes_.empty(); }
  // Passes the quirks noted so far on to the cycle's notes and forgets
  // what was watched, so that one object watches one evaluation after
  // another.
  void Restart();

 private:
  const classad::EvalOptions& cycle_;
  classad::EvalOptions options_;
  classad::QuirkNotes notes_;
  bool clock_read_ = false;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_MATCH_TABLE_CACHE_H_
