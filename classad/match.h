// MatchKernel: one job evaluated against many slot ads, as a negotiator
// does for each job of a cycle: the job's Requirements, then the slot's
// Requirements, then the job's Rank.
#ifndef CLASSAD_MATCH_H_
#define CLASSAD_MATCH_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "classad/address_table.h"
#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/load_cache.h"
#include "classad/program.h"

namespace classad {

// The outcome for one slot.
struct MatchResult {
  bool matched = false;  // both Requirements are true
  double rank = 0.0;     // the job's Rank of the slot when matched (0.0 when
                         // not a number, as RankOf), else 0.0
};

// Evaluates a job against slot ads. Results are exactly those of
// SymmetricMatch and RankOf for each pair; the kernel only makes them
// cheaper: the job's Requirements and Rank are compiled once with the job's
// own literal attributes as constants (Program::CompileBound); during a
// pass, where the names that both sides' programs load sit in each slot
// layout is learned once per layout (LoadCache), as is the position of the
// slot's Requirements; and the slots' attributes are fetched into the cache
// a few slots ahead of their evaluation. Not thread-safe (it learns as it
// goes); use one per thread. The job ad and the options are borrowed and
// must outlive the kernel, and the job ad must not change while the kernel
// lives.
class MatchKernel {
 public:
  MatchKernel(const ClassAd* job, const EvalOptions& options);
  MatchKernel(const MatchKernel&) = delete;
  MatchKernel& operator=(const MatchKernel&) = delete;

  // Evaluates the job against every slot; `out` gets one result per slot,
  // in order. Slots must not be null.
  void Match(std::span<const ClassAd* const> slots, std::vector<MatchResult>* out);

  // One slot (no prefetching, nothing learned).
  MatchResult MatchOne(const ClassAd& slot);

  // The names of `slot`'s attributes that matching the job with it may
  // read, as spelled in the slot, each once, most certain first: what the
  // job's Requirements and Rank read from a slot, the slot's Requirements,
  // then what the slot's expressions among them read in turn (at most 64
  // expressions followed, 48 names). Names the slot lacks are left out;
  // names read in one branch only are in. For fetching ahead and for
  // AttributePacker (a negotiator packs its slots with the names its jobs
  // read). Allocates; does not change the kernel.
  std::vector<std::string> SlotReads(const ClassAd& slot) const;

 private:
  // Something small learned once per slot layout (null for an ad without
  // attributes) and kept until Clear() (an AddressTable: one line a
  // lookup); the layout asked about last is answered without one, as
  // consecutive slots often share a layout. T is a small value.
  template <typename T>
  class PerLayout {
   public:
    // The value for `layout`, made by learn(layout, &value) the first time.
    template <typename Learn>
    [[gnu::always_inline]] T Get(const AdLayout* layout, Learn learn) {
      if (has_last_ && layout == last_layout_) return last_;
      last_layout_ = layout;
      has_last_ = true;
      const uintptr_t key = AddressTable<T>::Key(layout);
      if (const T* known = values_.Find(key)) return last_ = *known;
      T value{};
      learn(layout, &value);
      values_.Add(key, value);
      return last_ = value;
    }
    // Forgets everything (keeps the table's memory).
    void Clear() {
      values_.Clear();
      has_last_ = false;
    }

   private:
    AddressTable<T> values_;
    const AdLayout* last_layout_ = nullptr;
    bool has_last_ = false;
    T last_{};
  };

  // The slot attributes worth fetching ahead for slots of `slot`'s layout
  // (sorted positions; a hint, possibly beyond a slot's size).
  const std::vector<uint32_t>& AttributesToFetch(const ClassAd& slot);
  // The positions of SlotReads(slot)'s names in `slot`, in that order.
  std::vector<uint32_t> SlotReadPositions(const ClassAd& slot) const;
  // Learns that list from `slot`.
  void LearnFetchList(const ClassAd& slot, std::vector<uint32_t>* list) const;
  void FetchAhead(const ClassAd& slot);

  // Forgets what a pass learned about its ads (fetch_lists_, load_cache_,
  // requirements_at_); the kept fetch lists stay.
  void ForgetPass();
  // MatchOne; `in_pass` during Match (the load cache attached).
  MatchResult Evaluate(const ClassAd& slot, bool in_pass);
  // The job's `attribute` against the current slot: its literal, or its
  // expression run through `program` (CompileBound of it).
  Value EvaluateJobAttr(const AttrRef& attribute, const Program* program);
  // The slot's Requirements (found at its layout's learned position during
  // a pass, by name otherwise).
  AttrRef SlotRequirements(const ClassAd& slot, bool in_pass);

  AttrRef job_requirements_;
  AttrRef job_rank_;
  // CompileBound of each, when it is an expression (else null).
  std::unique_ptr<Program> requirements_program_;
  std::unique_ptr<Program> rank_program_;
  uint64_t requirements_hash_;
  // The job and the slot being matched (retargeted slot by slot; the job
  // stands in as its own target until the first), and one evaluation
  // context for each side, restarted for every evaluation.
  MatchContext match_;
  EvalContext job_context_;
  EvalContext slot_context_;
  // Names of slot attributes the job's expressions read (TARGET.x, and
  // unqualified names that may fall back to the slot).
  std::vector<std::string> job_reads_;
  // For the current pass only (the pass's slots, with their layouts and
  // expressions, stay alive and unchanged during it, not beyond; a layout
  // freed since may be followed by another at the same address): the fetch
  // list of a layout, where the programs of both sides find their names,
  // and where a slot layout has Requirements (-1: nowhere).
  PerLayout<const std::vector<uint32_t>*> fetch_lists_;
  LoadCache load_cache_;
  PerLayout<int32_t> requirements_at_;
  // Fetch lists kept across passes, as learning them costs more than a
  // pass's evaluations of a few slots: by layout address, with the
  // fingerprint of the layout's names they were learned for (an address
  // may be reused by another layout). The pass's fetch_lists_ point here.
  struct KeptFetchList {
    uint64_t fingerprint = 0;
    std::vector<uint32_t> positions;
  };
  std::unordered_map<const AdLayout*, KeptFetchList> kept_fetch_lists_;
};

// The names of slot attributes that matching any of `jobs` against slots
// like `slots` may read: MatchKernel::SlotReads over the first slot of each
// slot layout, for each distinct pair of Requirements and Rank texts among
// the jobs; ranked by how many (job expressions, slot layout) pairs read
// each, most first, ties by name. What a negotiator gives AttributePacker
// (or AdReadOptions::store_first) for a cycle's slots. Pointers must not be
// null. Allocates; thread-safe for ads no one changes meanwhile.
std::vector<std::string> NamesJobsReadFromSlots(std::span<const ClassAd* const> jobs,
                                                std::span<const ClassAd* const> slots,
                                                const EvalOptions& options);

// The names an expression reads from the ad it is evaluated in (`mine`,
// unqualified names and MY.x) and from the other ad of a match (`theirs`,
// TARGET.x), found by walking the tree; nested ads and the special names
// are skipped. The match wrapper's names count as what they read when the
// ad lacks them: `other.x` reads TARGET's x, `ad.x` MY's, `LEFT.x` and
// `RIGHT.x` either's, symmetricMatch and the other match attributes both
// ads' Requirements or Rank. For prefetching, grouping and explaining,
// not for evaluation: names may repeat and some read in only one branch.
void CollectReferencedNames(const Expr& expr, std::vector<std::string>* mine,
                            std::vector<std::string>* theirs);

}  // namespace classad

#endif  // CLASSAD_MATCH_H_
