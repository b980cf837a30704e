// PoolAnalysis: "why does my job not run?" for a whole pool. Every job
// (or every group of jobs whose significant attributes are identical, as
// HTCondor's autoclusters) is matched against every slot the negotiator
// would consider; for each group: how many slots match (unclaimed, or
// claimed and so needing a preemption), how many each side's Requirements
// reject, and which clause of which side decided the most rejections —
// down through attribute definitions, so a slot's `START` is looked into.
// The job's Requirements are also tallied clause by clause, in the manner
// of `condor_q -better-analyze`: for each top-level clause, the slots for
// which it alone is true.
#ifndef NEGOTIATOR_EXPLAIN_POOL_ANALYSIS_H_
#define NEGOTIATOR_EXPLAIN_POOL_ANALYSIS_H_

#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/status.h"
#include "negotiator/explain/clause_explainer.h"
#include "negotiator/explain/match_explainer.h"
#include "policy/policy.h"

namespace negotiator::explain {

struct PoolOptions {
  // Jobs with the same submitter and the same values of every attribute
  // that matching can read are analysed once. False: every job alone.
  bool group_jobs = true;
  // Job ids kept per group (`jobs` is always the exact count).
  size_t max_job_ids = 20;
  // Rejecting clauses kept per group, the most rejecting first.
  size_t max_rejections = 20;
  // Attribute names the grouping follows: from the slots' expressions
  // (with the policy's), and from one job's Requirements, Rank and
  // ConcurrencyLimits through its own expressions. A bound on hostile
  // ads: a job whose names exceed it is analysed alone, and when the
  // slots' names exceed it no jobs are grouped (never merged wrongly).
  size_t max_significant_names = 1024;
  // How the rejecting Requirements are explained (operands and attribute
  // values are not needed here: `details` is off by default).
  ExplainOptions explain = [] {
    ExplainOptions o;
    o.details = false;
    o.keep_text = false;  // the clauses are told apart by their nodes, written once
    return o;
  }();
  classad::EvalOptions eval;
  // The ephemeral attributes, bound alike for every pair.
  EphemeralBindings bindings;
  // The submitter name a job negotiates as (the tool passes
  // negotiator::SubmitterOfJob); null: the job's User, else its Owner.
  std::function<std::string(const classad::ClassAd&)> submitter_of;
};

// A clause that decided rejections, and how many.
struct RejectingClause {
  bool slot_side = false;           // false: the job's Requirements; true: the slot's
  std::string text;                 // the clause at the bottom of the deciding path
  std::vector<std::string> within;  // attribute definitions on the way (`START`)
  size_t slots = 0;                 // the slots whose rejection it decided
};

// One top-level clause of the job's Requirements.
struct ClauseTally {
  std::string text;
  size_t true_slots = 0;  // considered slots for which it is true
};

// One job, or a group of alike jobs.
struct JobGroup {
  size_t representative = 0;          // index in the jobs given (the group's first job)
  std::vector<std::string> job_ids;   // "ClusterId.ProcId" (or "#N", the N-th ad), at most max_job_ids
  size_t jobs = 0;
  std::string submitter;
  bool job_constraint_excludes = false;  // NEGOTIATOR_JOB_CONSTRAINT is not true: never considered
  size_t matched = 0;            // both Requirements true
  size_t matched_unclaimed = 0;  // of which the slot is unclaimed
  size_t matched_claimed = 0;    // of which the slot is claimed (a preemption is needed)
  size_t rejected_by_job = 0;    // the job's Requirements are not true
  size_t rejected_by_slot = 0;   // the slot's Requirements are not true
  size_t rejected_by_both = 0;   // both (counted in the two above as well)
  std::vector<RejectingClause> rejections;  // most slots first
  std::vector<ClauseTally> job_clauses;     // in order
};

struct PoolAnalysis {
  size_t jobs = 0;
  size_t slots = 0;             // all slot ads given
  size_t slots_considered = 0;  // those left after trimming (TrimBeforeMatching)
  size_t trimmed_by_constraint = 0;
  size_t trimmed_claimed = 0;
  size_t trimmed_retiring = 0;
  std::vector<JobGroup> groups;  // in the order of their first job
};

// Analyses `jobs` against `slots` under `policy`. Fails only as
// ExplainMatch does (a slot whose cross-slot attributes exceed their
// limit; the message names the slot). Null pointers are not allowed. Cost: one match per (group,
// considered slot), and one explanation per rejecting side. Allocates;
// thread-safe for ads and a policy no one changes.
classad::Result<PoolAnalysis> AnalyzePool(const policy::Policy& policy,
                                          std::span<const std::shared_ptr<classad::ClassAd>> jobs,
                                          std::span<const std::shared_ptr<classad::ClassAd>> slots,
                                          const PoolOptions& options);

// "ClusterId.ProcId" of `job` when both are numbers, else empty.
std::string JobIdOf(const classad::ClassAd& job);

}  // namespace negotiator::explain

#endif  // NEGOTIATOR_EXPLAIN_POOL_ANALYSIS_H_
