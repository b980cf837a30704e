#include "negotiator/explain/pool_analysis.h"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "classad/match.h"
#include "classad/scope.h"
#include "classad/unparse.h"
#include "negotiator/matching/slot_trim.h"
#include "policy/accounting_view.h"
#include "negotiator/explain/display_text.h"
#include "policy/ephemeral.h"
#include "policy/text_util.h"

namespace negotiator::explain {

using policy::LowerAscii;
using policy::MatchPolicy;
using policy::Policy;
using policy::PolicyExpression;
using policy::RemoteAttributeOptions;
using policy::RemoteAttributes;
using policy::StaticAccounting;
using policy::SubmitterAttributes;
namespace {

using classad::ClassAd;
using classad::Expr;
using classad::Value;

// Attribute names, each once (compared without case), with a bound.
class NameSet {
 public:
  explicit NameSet(size_t cap) : cap_(cap) {}
  // Adds `name`; false when the set is full (the name is not added).
  bool Add(const std::string& name) {
    std::string lower = LowerAscii(name);
    if (lower_.count(lower) != 0) return true;
    if (lower_.size() >= cap_) {
      full_ = true;
      return false;
    }
    lower_.insert(std::move(lower));
    return true;
  }
  bool full() const { return full_; }
  const std::unordered_set<std::string>& lower() const { return lower_; }

 private:
  size_t cap_;
  bool full_ = false;
  std::unordered_set<std::string> lower_;
};

// Adds the names that `root` (an expression of `ad`) reads from the other
// ad of a match, following the expressions of `ad` it refers to. With
// `mine_too`, names `ad` itself reads are added as well (a job's own
// attributes); otherwise only those `ad` lacks (in HTCondor's scoping an
// unqualified name missing from a slot is looked up in the job).
void FollowNames(const ClassAd& ad, const Expr& root, bool mine_too,
                 std::unordered_set<const Expr*>* seen, NameSet* names) {
  std::vector<const Expr*> work = {&root};
  while (!work.empty() && !names->full()) {
    const Expr* expr = work.back();
    work.pop_back();
    if (!seen->insert(expr).second) continue;
    std::vector<std::string> mine, theirs;
    classad::CollectReferencedNames(*expr, &mine, &theirs);
    for (const std::string& name : theirs) names->Add(name);
    for (const std::string& name : mine) {
      classad::AttrRef attr = ad.Find(name);
      if (!attr || mine_too) names->Add(name);
      if (attr && !attr.is_literal()) work.push_back(&attr.expr());
    }
  }
}

// The names matching can read from a job, as far as the slots and the
// policy tell (see FollowNames).
void SlotSideNames(const Policy& policy, std::span<const std::shared_ptr<ClassAd>> slots,
                   NameSet* names) {
  std::unordered_set<const Expr*> seen;
  for (const std::shared_ptr<ClassAd>& slot : slots) {
    for (const char* attribute : {"Requirements", "Rank", "Start"}) {
      classad::AttrRef ref = slot->Find(attribute);
      if (ref && !ref.is_literal()) FollowNames(*slot, ref.expr(), false, &seen, names);
    }
    if (names->full()) return;
  }
  const MatchPolicy& m = policy.matching;
  for (const PolicyExpression* knob :
       {&m.pre_job_rank, &m.post_job_rank, &m.preemption_requirements, &m.preemption_rank}) {
    if (!knob->is_set()) continue;
    std::vector<std::string> mine, theirs;
    classad::CollectReferencedNames(*knob->expr, &mine, &theirs);
    for (const std::string& name : theirs) names->Add(name);
  }
  if (m.job_constraint.is_set()) {
    std::vector<std::string> mine, theirs;
    classad::CollectReferencedNames(*m.job_constraint.expr, &mine, &theirs);
    for (const std::string& name : mine) names->Add(name);
  }
  for (const std::string& name : m.significant_attributes) names->Add(name);
}

// The grouping key of `job`: its submitter and the text of every
// significant attribute it has; empty when its names exceed the bound.
std::string GroupKey(const ClassAd& job, const std::string& submitter, const NameSet& slot_side,
                     size_t cap) {
  NameSet names(cap);
  for (const char* attribute : {"Requirements", "Rank", "ConcurrencyLimits"}) names.Add(attribute);
  std::unordered_set<const Expr*> seen;
  for (const char* attribute : {"Requirements", "Rank", "ConcurrencyLimits"}) {
    classad::AttrRef ref = job.Find(attribute);
    if (ref && !ref.is_literal()) FollowNames(job, ref.expr(), true, &seen, &names);
  }
  if (names.full()) return "";
  std::vector<std::string> all(names.lower().begin(), names.lower().end());
  for (const std::string& name : slot_side.lower()) {
    if (names.lower().count(name) == 0) all.push_back(name);
  }
  std::sort(all.begin(), all.end());
  std::string key = submitter;
  key += '\n';
  for (const std::string& name : all) {
    key += name;
    classad::AttrRef ref = job.Find(name);
    if (!ref) {
      key += "\x01\n";
      continue;
    }
    key += '=';
    if (ref.is_literal()) {
      classad::UnparseValueTo(ref.literal(), &key);
    } else {
      classad::UnparseTo(ref.expr(), &key);
    }
    key += '\n';
  }
  return key;
}

std::string DefaultSubmitter(const ClassAd& job) {
  std::string name;
  if (classad::EvaluateAttrString(job, "User", &name)) return name;
  if (classad::EvaluateAttrString(job, "Owner", &name)) return name;
  return "";
}

// One group while the pool is scanned.
struct GroupState {
  const ClassAd* job = nullptr;
  classad::ExprPtr requirements;        // the job's, or null
  std::vector<const Expr*> top_clauses;  // its top-level clauses
  std::unique_ptr<SubmitterAttributes> attributes;
  std::string negotiating_group;
  // The rejecting clauses so far, told apart by side, node and path
  // (their texts are written at the end): key -> index in `rejections`
  // and `rejection_nodes`.
  std::unordered_map<std::string, size_t> rejection_index;
  std::vector<const Expr*> rejection_nodes;
};

void Tally(bool slot_side, const std::vector<DecidingLeaf>& leaves, GroupState* state,
           JobGroup* group) {
  for (const DecidingLeaf& leaf : leaves) {
    std::string key(1, slot_side ? 's' : 'j');
    const uintptr_t node = reinterpret_cast<uintptr_t>(leaf.expr);
    key.append(reinterpret_cast<const char*>(&node), sizeof node);
    for (const std::string& w : leaf.within) key += w + '\x01';
    key += '\x02' + leaf.text;
    auto [it, added] = state->rejection_index.emplace(std::move(key), group->rejections.size());
    if (added) {
      group->rejections.push_back(RejectingClause{slot_side, leaf.text, leaf.within, 0});
      state->rejection_nodes.push_back(leaf.expr);
    }
    ++group->rejections[it->second].slots;
  }
}

// Writes the texts of `group`'s rejecting clauses and merges those that
// read alike (the same clause in the ads of different slots).
void Finish(GroupState* state, JobGroup* group) {
  std::vector<RejectingClause> merged;
  std::unordered_map<std::string, size_t> by_text;
  for (size_t i = 0; i < group->rejections.size(); ++i) {
    RejectingClause& r = group->rejections[i];
    if (r.text.empty() && state->rejection_nodes[i] != nullptr) {
      r.text = DisplayText(*state->rejection_nodes[i]);
    }
    std::string key(1, r.slot_side ? 's' : 'j');
    for (const std::string& w : r.within) key += w + '\x01';
    key += '\x02' + r.text;
    auto [it, added] = by_text.emplace(std::move(key), merged.size());
    if (added) {
      merged.push_back(std::move(r));
    } else {
      merged[it->second].slots += r.slots;
    }
  }
  group->rejections = std::move(merged);
  state->rejection_index.clear();
  state->rejection_nodes.clear();
}

// The deciding leaves of an expression that is not true, explained in
// `context`; a missing expression is its own leaf.
std::vector<DecidingLeaf> RejectingLeaves(const classad::AttrRef& attribute,
                                          classad::EvalContext* context,
                                          const ExplainOptions& options) {
  if (!attribute) return {DecidingLeaf{"(no Requirements)", nullptr, {}}};
  if (attribute.is_literal()) {
    return {DecidingLeaf{DisplayValue(attribute.literal()), nullptr, {}}};
  }
  return DecidingLeaves(ExplainExpression(attribute.expr(), context, options));
}

}  // namespace

std::string JobIdOf(const ClassAd& job) {
  double cluster = 0, proc = 0;
  if (!classad::EvaluateAttrNumber(job, "ClusterId", &cluster) ||
      !classad::EvaluateAttrNumber(job, "ProcId", &proc) || !std::isfinite(cluster) ||
      !std::isfinite(proc) || std::fabs(cluster) > 1e15 || std::fabs(proc) > 1e15) {
    return "";
  }
  return std::to_string(static_cast<int64_t>(cluster)) + "." +
         std::to_string(static_cast<int64_t>(proc));
}

classad::Result<PoolAnalysis> AnalyzePool(const Policy& policy,
                                          std::span<const std::shared_ptr<ClassAd>> jobs,
                                          std::span<const std::shared_ptr<ClassAd>> slots,
                                          const PoolOptions& options) {
  PoolAnalysis out;
  out.jobs = jobs.size();
  out.slots = slots.size();

  // Group the jobs.
  NameSet slot_side(options.max_significant_names);
  bool grouping = options.group_jobs;
  if (grouping) {
    SlotSideNames(policy, slots, &slot_side);
    grouping = !slot_side.full();
  }
  std::vector<GroupState> states;
  std::unordered_map<std::string, size_t> by_key;
  StaticAccounting accounting;
  accounting.default_priority = 0.5 * policy.accountant.default_prio_factor;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const ClassAd& job = *jobs[i];
    const std::string submitter =
        options.submitter_of ? options.submitter_of(job) : DefaultSubmitter(job);
    std::string key;
    if (grouping) key = GroupKey(job, submitter, slot_side, options.max_significant_names);
    size_t index = states.size();
    if (!key.empty()) {
      auto [it, added] = by_key.emplace(std::move(key), states.size());
      index = it->second;
    }
    if (index == states.size()) {
      states.emplace_back();
      GroupState& state = states.back();
      state.job = &job;
      state.requirements = job.LookupPtr("Requirements");
      if (state.requirements != nullptr) state.top_clauses = ChainClauses(*state.requirements);
      JobGroup group;
      group.representative = i;
      group.submitter = submitter;
      if (state.requirements != nullptr) {
        for (const Expr* clause : state.top_clauses) {
          group.job_clauses.push_back(ClauseTally{DisplayText(*clause), 0});
        }
      }
      if (policy.matching.job_constraint.is_set()) {
        classad::MatchContext alone(&job, nullptr);
        classad::EvalContext context(options.eval, classad::BorrowScope(alone.my_scope()));
        group.job_constraint_excludes =
            !classad::IsTrueValue(context.Evaluate(*policy.matching.job_constraint.expr));
      }
      const std::optional<std::string> group_name =
          AddBoundUser(policy, options.bindings, false, submitter, &accounting);
      state.attributes = std::make_unique<SubmitterAttributes>();
      state.attributes->Bind(BoundSubmitterContext(policy, options.bindings, submitter,
                                                   group_name, &state.negotiating_group),
                             accounting);
      out.groups.push_back(std::move(group));
    }
    JobGroup& group = out.groups[index];
    ++group.jobs;
    if (group.job_ids.size() < options.max_job_ids) {
      std::string id = JobIdOf(job);
      group.job_ids.push_back(id.empty() ? "#" + std::to_string(i + 1) : id);
    }
  }

  // Scan the slots.
  const RemoteAttributeOptions remote_options = policy::RemoteOptionsOf(policy.matching);
  RemoteAttributes remote;
  for (const std::shared_ptr<ClassAd>& slot_ptr : slots) {
    const ClassAd& slot = *slot_ptr;
    switch (TrimBeforeMatching(policy, slot, &options.eval)) {
      case SlotTrim::kSlotConstraint: ++out.trimmed_by_constraint; continue;
      case SlotTrim::kClaimedWithoutPreemption: ++out.trimmed_claimed; continue;
      case SlotTrim::kRetiring: ++out.trimmed_retiring; continue;
      case SlotTrim::kKept: break;
    }
    ++out.slots_considered;
    const std::string remote_user = policy::RemoteUserOf(slot);
    if (!remote_user.empty()) AddBoundUser(policy, options.bindings, true, remote_user, &accounting);
    classad::Status bound = remote.Bind(slot, accounting, remote_options);
    if (!bound.ok()) {
      std::string name;
      classad::EvaluateAttrString(slot, "Name", &name);
      return classad::Status(bound.code(), "slot " + (name.empty() ? "(no Name)" : name) + ": " +
                                               bound.message());
    }
    const bool claimed = !remote_user.empty() && policy.matching.consider_preemption;
    const classad::AttrRef slot_requirements = slot.Find("Requirements");
    for (size_t g = 0; g < states.size(); ++g) {
      GroupState& state = states[g];
      JobGroup& group = out.groups[g];
      if (group.job_constraint_excludes) continue;
      const ClassAd& job = *state.job;
      classad::MatchContext job_match(&job, &slot);
      job_match.SetOverlays(&state.attributes->overlay(), &remote.overlay());
      // The slot's Requirements with the job LEFT, as HTCondor's IsAMatch.
      classad::MatchContext slot_match(&slot, &job, classad::MatchLeft::kTarget);
      slot_match.SetOverlays(&remote.overlay(), &state.attributes->overlay());
      classad::EvalContext job_context(options.eval, classad::BorrowScope(job_match.my_scope()));
      classad::EvalContext slot_context(options.eval,
                                        classad::BorrowScope(slot_match.my_scope()));
      const Value job_value = state.requirements != nullptr
                                  ? job_context.Evaluate(*state.requirements)
                                  : Value::Undefined();
      slot_context.Restart();
      const Value slot_value = slot_context.Evaluate(slot_requirements);
      const bool job_ok = classad::IsTrueValue(job_value);
      const bool slot_ok = classad::IsTrueValue(slot_value);
      if (state.top_clauses.size() == 1) {
        if (job_ok) ++group.job_clauses[0].true_slots;
      } else {
        for (size_t c = 0; c < state.top_clauses.size(); ++c) {
          job_context.Restart();
          if (classad::IsTrueValue(job_context.Evaluate(*state.top_clauses[c]))) {
            ++group.job_clauses[c].true_slots;
          }
        }
      }
      if (job_ok && slot_ok) {
        ++group.matched;
        ++(claimed ? group.matched_claimed : group.matched_unclaimed);
        continue;
      }
      if (!job_ok) {
        ++group.rejected_by_job;
        Tally(false, RejectingLeaves(job.Find("Requirements"), &job_context, options.explain),
              &state, &group);
      }
      if (!slot_ok) {
        ++group.rejected_by_slot;
        Tally(true, RejectingLeaves(slot_requirements, &slot_context, options.explain), &state,
              &group);
      }
      if (!job_ok && !slot_ok) ++group.rejected_by_both;
    }
  }

  for (size_t g = 0; g < out.groups.size(); ++g) {
    JobGroup& group = out.groups[g];
    Finish(&states[g], &group);
    std::stable_sort(group.rejections.begin(), group.rejections.end(),
                     [](const RejectingClause& a, const RejectingClause& b) {
                       if (a.slots != b.slots) return a.slots > b.slots;
                       return a.slot_side < b.slot_side;
                     });
    if (group.rejections.size() > options.max_rejections) {
      group.rejections.resize(options.max_rejections);
    }
  }
  return out;
}

}  // namespace negotiator::explain
