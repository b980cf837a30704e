#include "negotiator/explain/match_explainer.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <utility>

#include "classad/parser.h"
#include "classad/scope.h"
#include "classad/unparse.h"
#include "policy/accounting_view.h"
#include "policy/concurrency_limits.h"
#include "negotiator/explain/display_text.h"
#include "negotiator/matching/slot_trim.h"
#include "policy/ephemeral.h"
#include "policy/text_util.h"

namespace negotiator::explain {

using policy::ConcurrencyLimit;
using policy::EqualsNoCase;
using policy::GroupConfig;
using policy::GroupTree;
using policy::LowerAscii;
using policy::MatchPolicy;
using policy::Policy;
using policy::PolicyExpression;
using policy::RemoteAttributeOptions;
using policy::RemoteAttributes;
using policy::StaticAccounting;
using policy::SubmitterAttributes;
using policy::SubmitterContext;
using policy::kRemoteGroup;
using policy::kRemoteGroupQuota;
using policy::kRemoteGroupResourcesInUse;
using policy::kRemoteUserPrio;
using policy::kRemoteUserResourcesInUse;
using policy::kSubmitterAutoregroup;
using policy::kSubmitterGroup;
using policy::kSubmitterGroupQuota;
using policy::kSubmitterGroupResourcesInUse;
using policy::kSubmitterNegotiatingGroup;
using policy::kSubmitterUserPrio;
using policy::kSubmitterUserResourcesInUse;
using policy::kSubmittorPrio;
using policy::kRootGroupName;
using policy::ParseConcurrencyLimits;
namespace {

using classad::ClassAd;
using classad::EvalContext;
using classad::MatchContext;
using classad::Value;

// Explains attribute `name` of `ad` in `context` (whose MY is `ad`).
RankExplanation ExplainAttribute(const ClassAd& ad, std::string_view name, EvalContext* context,
                                 const ExplainOptions& options) {
  RankExplanation out;
  out.name = std::string(name);
  classad::ExprPtr expr = ad.LookupPtr(name);
  if (expr == nullptr) {
    out.clause.decided = true;
    return out;
  }
  out.set = true;
  out.clause = ExplainExpression(*expr, context, options);
  return out;
}

// A knob's expression explained in `context`; `rank` is the value cast to
// float as the negotiator does, -DBL_MAX when unset or not a number.
RankExplanation ExplainKnobRank(const PolicyExpression& knob, EvalContext* context,
                                const ExplainOptions& options) {
  RankExplanation out;
  out.name = knob.knob;
  out.rank = -DBL_MAX;
  if (!knob.is_set()) return out;
  out.set = true;
  out.clause = ExplainExpression(*knob.expr, context, options);
  const Value& v = out.clause.value;
  if (v.IsNumber() || v.IsBoolean()) {
    double real = 0;
    v.ToReal(&real);
    out.rank = static_cast<double>(static_cast<float>(real));
  }
  return out;
}

Value EvaluateText(const char* text, EvalContext* context) {
  classad::Result<classad::ExprPtr> expr = classad::ParseExpression(text);
  if (!expr.ok()) return Value::Error();
  context->Restart();
  return context->Evaluate(**expr);
}

// The configured quota of `group` when static, else 0.
double ConfiguredQuota(const GroupTree& tree, std::string_view group) {
  const int i = tree.Find(group);
  if (i < 0) return 0;
  const GroupConfig& g = tree.groups()[static_cast<size_t>(i)];
  return g.static_quota ? g.config_quota : 0;
}

// Whether the binding behind ephemeral attribute `name` was given.
bool Given(const EphemeralBindings& b, std::string_view name) {
  // Cross-slot forms (slot2_RemoteUserPrio) are named by their base.
  const size_t underscore = name.find('_');
  if (underscore != std::string_view::npos) name.remove_prefix(underscore + 1);
  auto is = [&](std::string_view n) { return EqualsNoCase(name, n); };
  if (is(kSubmittorPrio) || is(kSubmitterUserPrio)) return b.submitter_user_prio.has_value();
  if (is(kSubmitterUserResourcesInUse)) return b.submitter_user_resources_in_use.has_value();
  if (is(kSubmitterGroup)) return b.submitter_group.has_value();
  if (is(kSubmitterGroupQuota)) return b.submitter_group_quota.has_value();
  if (is(kSubmitterGroupResourcesInUse)) return b.submitter_group_resources_in_use.has_value();
  if (is(kSubmitterNegotiatingGroup)) return b.submitter_negotiating_group.has_value();
  if (is(kSubmitterAutoregroup)) return b.submitter_autoregroup.has_value();
  if (is(kRemoteUserPrio)) return b.remote_user_prio.has_value();
  if (is(kRemoteUserResourcesInUse)) return b.remote_user_resources_in_use.has_value();
  if (is(kRemoteGroup)) return b.remote_group.has_value();
  if (is(kRemoteGroupQuota)) return b.remote_group_quota.has_value();
  if (is(kRemoteGroupResourcesInUse)) return b.remote_group_resources_in_use.has_value();
  return true;  // CurrentRank (from PreemptingRank): the slot's own
}

void ListBound(const classad::AttributeOverlay& overlay, bool on_slot,
               const EphemeralBindings& bindings, std::vector<BoundAttribute>* out) {
  for (size_t i = 0; i < overlay.size(); ++i) {
    const classad::AttributeOverlay::Entry& e = overlay.entry(i);
    if (!e.present) continue;
    Value scratch;
    BoundAttribute bound;
    bound.name = e.name;
    bound.value = *e.Get(&scratch);
    bound.on_slot = on_slot;
    bound.defaulted = !Given(bindings, e.name);
    out->push_back(std::move(bound));
  }
}

// The job's concurrency limits (reference §4.3): its ConcurrencyLimits
// evaluated without the slot, else against it (`job_context`).
LimitsExplanation ExplainLimits(const Policy& policy, const ClassAd& job,
                                const classad::AttributeOverlay* submitter_overlay,
                                EvalContext* job_context, const MatchInput& input) {
  LimitsExplanation out;
  classad::ExprPtr expr = job.LookupPtr("ConcurrencyLimits");
  if (expr == nullptr) return out;
  out.set = true;
  out.text = DisplayText(*expr);
  MatchContext alone(&job, nullptr);
  alone.SetOverlays(submitter_overlay, nullptr);
  EvalContext alone_context(job_context->options(), classad::BorrowScope(alone.my_scope()));
  out.value = alone_context.Evaluate(*expr);
  if (!out.value.IsString()) {
    out.needs_slot = true;
    job_context->Restart();
    out.value = job_context->Evaluate(*expr);
  }
  if (!out.value.IsString()) return out;
  std::map<std::string, double> in_use;
  for (const auto& [name, count] : input.bindings.limits_in_use) in_use[LowerAscii(name)] = count;
  for (const ConcurrencyLimit& limit : ParseConcurrencyLimits(out.value.string())) {
    LimitUse use;
    use.name = limit.name;
    use.amount = limit.amount;
    use.valid = limit.valid;
    use.max = policy.limits.MaxFor(limit.name);
    auto found = in_use.find(limit.name);
    use.in_use = found == in_use.end() ? 0 : found->second;
    use.exceeded = limit.valid && !policy::LimitHasRoom(use.in_use, use.amount, use.max);
    out.rejects |= use.exceeded;
    out.limits.push_back(std::move(use));
  }
  return out;
}

// A count or an amount: whole numbers without a fraction.
std::string Quantity(double x) {
  if (x == std::floor(x) && std::fabs(x) < 1e15) return std::to_string(static_cast<int64_t>(x));
  return FormatValue(Value::Real(x));
}

void AddLimitReasons(const LimitsExplanation& limits, std::vector<std::string>* reasons) {
  for (const LimitUse& use : limits.limits) {
    if (!use.exceeded) continue;
    reasons->push_back("concurrency limit " + use.name + " reached: " + Quantity(use.in_use) +
                       " in use + " + Quantity(use.amount) + " > " + Quantity(use.max));
  }
}

}  // namespace

std::optional<std::string> AddBoundUser(const Policy& policy, const EphemeralBindings& b,
                                        bool remote, const std::string& user,
                                        StaticAccounting* accounting) {
  const GroupTree& tree = policy.groups.tree;
  const double default_prio = 0.5 * policy.accountant.default_prio_factor;
  const std::optional<double>& prio = remote ? b.remote_user_prio : b.submitter_user_prio;
  const std::optional<double>& usage =
      remote ? b.remote_user_resources_in_use : b.submitter_user_resources_in_use;
  const std::optional<double>& quota = remote ? b.remote_group_quota : b.submitter_group_quota;
  const std::optional<double>& group_usage =
      remote ? b.remote_group_resources_in_use : b.submitter_group_resources_in_use;
  accounting->SetUser(user, prio.value_or(default_prio), usage.value_or(0));
  std::optional<std::string> group = remote ? b.remote_group : b.submitter_group;
  if (!group.has_value() && tree.enabled()) {
    group = tree.groups()[static_cast<size_t>(tree.AssignedGroup(user))].name;
  }
  if (group.has_value()) {
    accounting->SetUserGroup(user, *group);
    accounting->SetGroup(*group, quota.value_or(ConfiguredQuota(tree, *group)),
                         group_usage.value_or(0));
  }
  return group;
}

SubmitterContext BoundSubmitterContext(const Policy& policy, const EphemeralBindings& b,
                                       const std::string& submitter,
                                       const std::optional<std::string>& group,
                                       std::string* negotiating_group) {
  *negotiating_group =
      b.submitter_negotiating_group.value_or(group.value_or(std::string(kRootGroupName)));
  SubmitterContext context;
  context.submitter = submitter;
  context.priority = b.submitter_user_prio.value_or(0.5 * policy.accountant.default_prio_factor);
  context.negotiating_group = *negotiating_group;
  context.autoregroup = b.submitter_autoregroup.value_or(policy.groups.tree.autoregroup_global());
  return context;
}

classad::Result<MatchExplanation> ExplainMatch(const Policy& policy, const ClassAd& slot,
                                               const ClassAd& job, const MatchInput& input) {
  MatchExplanation out;
  // Every evaluation notes the HTCondor quirks it goes through.
  classad::QuirkNotes quirks;
  classad::EvalOptions eval = input.eval;
  eval.quirk_notes = &quirks;
  out.submitter = input.submitter;
  const EphemeralBindings& b = input.bindings;
  const MatchPolicy& matching = policy.matching;
  const std::string remote_user = policy::RemoteUserOf(slot);

  // The accountant's answers, from the bindings. The remote side first, so
  // that a user or group on both sides takes the submitter side's values.
  StaticAccounting accounting;
  accounting.default_priority = 0.5 * policy.accountant.default_prio_factor;
  if (!remote_user.empty()) AddBoundUser(policy, b, true, remote_user, &accounting);
  const std::optional<std::string> submitter_group =
      AddBoundUser(policy, b, false, input.submitter, &accounting);
  SubmitterAttributes submitter_attributes;
  std::string negotiating_group;
  submitter_attributes.Bind(
      BoundSubmitterContext(policy, b, input.submitter, submitter_group, &negotiating_group),
      accounting);
  RemoteAttributes remote_attributes;
  classad::Status bound = remote_attributes.Bind(slot, accounting, policy::RemoteOptionsOf(matching));
  if (!bound.ok()) return bound;
  ListBound(submitter_attributes.overlay(), false, b, &out.bound);
  ListBound(remote_attributes.overlay(), true, b, &out.bound);

  MatchContext job_match(&job, &slot);
  job_match.SetOverlays(&submitter_attributes.overlay(), &remote_attributes.overlay());
  MatchContext slot_match(&slot, &job);
  slot_match.SetOverlays(&remote_attributes.overlay(), &submitter_attributes.overlay());
  // The slot's Requirements are matched as HTCondor's IsAMatch(job, slot)
  // does, with the job LEFT; its ranks and the policy's have the slot LEFT.
  MatchContext slot_requirements_match(&slot, &job, classad::MatchLeft::kTarget);
  slot_requirements_match.SetOverlays(&remote_attributes.overlay(),
                                      &submitter_attributes.overlay());
  EvalContext job_context(eval, classad::BorrowScope(job_match.my_scope()));
  EvalContext slot_context(eval, classad::BorrowScope(slot_match.my_scope()));
  EvalContext slot_requirements_context(
      eval, classad::BorrowScope(slot_requirements_match.my_scope()));
  const ExplainOptions& explain = input.explain;
  std::vector<std::string>& reasons = out.reasons;

  // Left out before matching (reference §3.9): the constraints see the ads
  // as the collector and the schedd hold them, without a TARGET.
  if (matching.slot_constraint.is_set()) {
    MatchContext alone(&slot, nullptr);
    EvalContext context(eval, classad::BorrowScope(alone.my_scope()));
    out.slot_constraint = ExplainExpression(*matching.slot_constraint.expr, &context, explain);
    if (!out.slot_constraint->IsTrue()) {
      out.slot_trimmed = true;
      reasons.push_back("NEGOTIATOR_SLOT_CONSTRAINT is " + FormatValue(out.slot_constraint->value) +
                        " for the slot: the negotiator never considers it");
    }
  }
  if (matching.job_constraint.is_set()) {
    MatchContext alone(&job, nullptr);
    EvalContext context(eval, classad::BorrowScope(alone.my_scope()));
    out.job_constraint = ExplainExpression(*matching.job_constraint.expr, &context, explain);
    if (!out.job_constraint->IsTrue()) {
      reasons.push_back("NEGOTIATOR_JOB_CONSTRAINT is " + FormatValue(out.job_constraint->value) +
                        " for the job: the negotiator never considers it");
    }
  }
  // (NEGOTIATOR_SLOT_CONSTRAINT was explained above.)
  const SlotTrim trim = TrimBeforeMatching(policy, slot, /*constraint_eval=*/nullptr);
  if (trim == SlotTrim::kClaimedWithoutPreemption) {
    std::string state;
    classad::EvaluateAttrString(slot, "State", &state);
    out.slot_trimmed = true;
    reasons.push_back("the slot is " + state +
                      " and NEGOTIATOR_CONSIDER_PREEMPTION is false: claimed slots are left out");
  } else if (trim == SlotTrim::kRetiring) {
    double retirement = 0;
    classad::EvaluateAttrNumber(slot, "RetirementTimeRemaining", &retirement);
    out.slot_trimmed = true;
    reasons.push_back("the slot is retiring (RetirementTimeRemaining = " +
                      Quantity(retirement) +
                      ") and NEGOTIATOR_CONSIDER_EARLY_PREEMPTION is false");
  }

  // Both Requirements (IsAMatch).
  RankExplanation job_requirements = ExplainAttribute(job, "Requirements", &job_context, explain);
  RankExplanation slot_requirements =
      ExplainAttribute(slot, "Requirements", &slot_requirements_context, explain);
  out.job_requirements = std::move(job_requirements.clause);
  out.slot_requirements = std::move(slot_requirements.clause);
  if (!job_requirements.set) out.job_requirements.text = "";
  if (!slot_requirements.set) out.slot_requirements.text = "";
  out.requirements_match = out.job_requirements.IsTrue() && out.slot_requirements.IsTrue();
  if (!out.job_requirements.IsTrue()) {
    reasons.push_back(job_requirements.set
                          ? "the job's Requirements are " + FormatValue(out.job_requirements.value)
                          : "the job has no Requirements");
  }
  if (!out.slot_requirements.IsTrue()) {
    reasons.push_back(slot_requirements.set ? "the slot's Requirements are " +
                                                  FormatValue(out.slot_requirements.value)
                                            : "the slot has no Requirements");
  }

  // Concurrency limits that need no slot are checked before the scan.
  out.limits = ExplainLimits(policy, job, &submitter_attributes.overlay(), &job_context, input);
  if (!out.limits.needs_slot) AddLimitReasons(out.limits, &reasons);

  // Ranks (reference §3.7).
  out.job_rank = ExplainAttribute(job, "Rank", &job_context, explain);
  out.job_rank.rank = classad::RankValue(out.job_rank.clause.value);
  out.slot_rank = ExplainAttribute(slot, "Rank", &slot_context, explain);
  out.slot_rank.rank = classad::RankValue(out.slot_rank.clause.value);
  out.pre_job_rank = ExplainKnobRank(matching.pre_job_rank, &slot_context, explain);
  out.post_job_rank = ExplainKnobRank(matching.post_job_rank, &slot_context, explain);

  // Preemption (reference §3.5, §3.6).
  PreemptionExplanation& p = out.preemption;
  p.remote_user = remote_user;
  p.current_rank = EvaluateText("MY.CurrentRank", &slot_context);
  const RankConditions ranks =
      RankConditionEvaluator().Evaluate(slot, job, &remote_attributes.overlay(),
                                        &submitter_attributes.overlay(), eval);
  p.rank_preempts = ranks.above;
  p.rank_at_least = ranks.at_least;
  p.requirements_set = matching.preemption_requirements.is_set();
  if (p.requirements_set) {
    p.requirements =
        ExplainExpression(*matching.preemption_requirements.expr, &slot_context, explain);
  }
  p.requirements_allow =
      !p.requirements_set || (p.requirements.value.IsBoolean() && p.requirements.value.boolean());
  p.rank = ExplainKnobRank(matching.preemption_rank, &slot_context, explain);
  p.kind = KindOfClaim(matching, remote_user, input.submitter, p.rank_preempts);
  p.claimed = ClaimConsidered(matching, remote_user);
  if (p.kind == ClaimKind::kPriority) {
    if (!p.requirements_allow) {
      reasons.push_back("PREEMPTION_REQUIREMENTS is " + FormatValue(p.requirements.value) +
                        ": the claim of " + remote_user + " may not be preempted");
    } else if (!p.rank_at_least) {
      reasons.push_back("the slot ranks the job below its running job (Rank = " +
                        FormatValue(out.slot_rank.clause.value) + ", CurrentRank = " +
                        FormatValue(p.current_rank) + ")");
    }
  } else if (p.kind == ClaimKind::kOwnClaim) {
    reasons.push_back("the slot is claimed by the submitter itself and its Rank (" +
                      FormatValue(out.slot_rank.clause.value) +
                      ") is not above its CurrentRank (" + FormatValue(p.current_rank) + ")");
  }

  // Concurrency limits that need the slot are checked per candidate.
  if (out.limits.needs_slot) AddLimitReasons(out.limits, &reasons);
  out.matches = reasons.empty();
  out.quirks = quirks.List();
  return out;
}

}  // namespace negotiator::explain
