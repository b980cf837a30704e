// JobKeys: what a job looks like to an expression evaluated against a
// set of slots, as a key: two jobs with the same key give the expression
// the same value against every one of those slots, so it is evaluated once
// per key and slot instead of once per job and slot. The match tables key
// the jobs so for the Requirements clauses and both sides' Rank, the
// matchmaker for NEGOTIATOR_PRE_JOB_RANK and NEGOTIATOR_POST_JOB_RANK.
//
// The key holds the text of every job attribute the expression may read,
// followed through the job's expressions and the slots' in turn (a slot
// attribute may read the job, a job attribute the slot); except that a job
// expression that reads nothing any of the slots has stands by its value,
// and a job whose expressions on the way read more than the names they
// show (ReadsOnlyNamedAttributes) gets a key of its own.
// What the slots' expressions read is found once per name and remembered,
// and so is the walk through a job's expressions for each set of names
// asked for: jobs whose attributes on the way hold the same expressions
// (ads read from one file share them) or literals walk alike, so only
// their texts are written again.
//
// Borrows the slot shapes and the options; not thread-safe (one per
// building thread).
#ifndef NEGOTIATOR_MATCHING_JOB_KEYS_H_
#define NEGOTIATOR_MATCHING_JOB_KEYS_H_

#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/expression_reads.h"
#include "negotiator/matching/match_table_cache.h"

namespace negotiator {

class JobKeys {
 public:
  // For the slots whose distinct shapes are `slot_shapes` (one ad each,
  // slot_shapes.h: whether a slot has an attribute and what it reads are
  // the same for every slot of a shape); job expressions kept by value are
  // evaluated with `options`. `remote_bound`: the expressions are
  // evaluated with the slots' Remote* attributes bound through overlays,
  // so a slot may have those too.
  JobKeys(std::span<const classad::ClassAd* const> slot_shapes,
          const classad::EvalOptions& options, bool remote_bound = false);
  JobKeys(const JobKeys&) = delete;
  JobKeys& operator=(const JobKeys&) = delete;

  // Appends to `*key` how `job` reads to an expression that reads
  // `job_names` from the job and `slot_names` from the slot (lower case).
  // False when a slot expression on the way reads something other than
  // named attributes (ReadsOnlyNamedAttributes) or there is too much to
  // follow: then the jobs cannot be keyed.
  bool Append(const classad::ClassAd& job, std::set<std::string> job_names,
              const std::set<std::string>& slot_names, std::string* key);

  // Append for an expression of the slots (MY = a slot, TARGET = the job)
  // that reads `mine` from its own ad and `theirs` from the other: an
  // unqualified name a slot lacks is the job's, so `mine` counts on both
  // sides.
  bool AppendForSlotExpression(const classad::ClassAd& job, const std::set<std::string>& mine,
                               const std::set<std::string>& theirs, std::string* key);

  // How many keys so far were made of a job's identity (its expressions
  // read more than the names they show, or it has an attribute named like
  // a special name, which changes what they read): such a key means
  // nothing once the job's ad is gone, so it must not outlive the cycle.
  size_t identity_keys() const { return identity_keys_; }
  // How many keys so far hold a value whose evaluation read the clock or
  // noted an HTCondor quirk: such a key holds for this cycle only (the
  // clock moves; a quirk is noted again each cycle).
  size_t cycle_keys() const { return cycle_keys_; }

 private:
  // Adds what slot attribute `name` may read from a job, followed through
  // the slots' own expressions (`name` itself included, a slot that lacks
  // it reading the job's), to `*job_names`; false as Append.
  bool AddSlotReads(const std::string& name, std::set<std::string>* job_names);
  // Whether any of the slots has attribute `name`.
  bool AnySlotHas(const std::string& name);
  bool FollowSlots(const std::string& start, std::set<std::string>* reads);
  // Where a walk through a job's expressions from a set of names led: the
  // names whose text is the key (`own`), those that stand by their value
  // (`by_value`, not in `own`), whether a job expression on the way reads
  // more than the names it shows; and what each job attribute the walk
  // looked at held (`seen`: name and HeldBy), which decides the walk.
  struct Walk {
    std::vector<std::string> own, by_value;
    bool opaque = false;
    std::vector<std::pair<std::string, const void*>> seen;
  };
  // The walk of `job` from `job_names` (what the slots read of the job
  // already added): remembered, or walked and remembered; null as Append
  // fails.
  const Walk* WalkFor(const classad::ClassAd& job, const std::set<std::string>& job_names);
  // What `job`'s attribute `name` holds, as far as a walk is concerned: null
  // when absent, one mark for any literal, else its expression.
  static const void* HeldBy(const classad::ClassAd& job, std::string_view name);

  std::span<const classad::ClassAd* const> slot_shapes_;
  // What a job expression kept by value is evaluated with, watched for the
  // clock and quirks (cycle_keys).
  WatchedEvalOptions by_value_options_;
  bool remote_bound_;
  size_t identity_keys_ = 0;
  size_t cycle_keys_ = 0;
  std::unordered_map<std::string, std::set<std::string>> slot_reads_;
  std::unordered_map<std::string, bool> any_slot_has_;
  // The walks by the names they start from and what the job held in each.
  std::unordered_map<std::string, std::vector<std::unique_ptr<Walk>>> walks_;
  std::unique_ptr<Walk> scratch_;  // the last walk not remembered
  classad::AttributeTextWriter texts_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_JOB_KEYS_H_
