// The preemption decision (preemption.h).
#include "negotiator/matching/preemption.h"

#include <cmath>

#include "classad/parser.h"
#include "policy/ephemeral.h"

namespace negotiator {

namespace {

classad::ExprPtr ParseCondition(std::string_view text) {
  classad::Result<classad::ExprPtr> parsed = classad::ParseExpression(text);
  // The texts are constants of this file: they always parse.
  return parsed.ok() ? std::move(parsed).value() : nullptr;
}

bool StrictlyTrue(const classad::Value& v) { return v.IsBoolean() && v.boolean(); }

// Whether `v` compares with another such value exactly as its RankValue
// does.
bool ComparesAsDouble(const classad::Value& v) {
  constexpr int64_t kExact = int64_t{1} << 53;
  if (v.IsBoolean()) return true;
  if (v.IsReal()) return !std::isnan(v.real());
  if (v.IsInteger()) return v.integer() >= -kExact && v.integer() <= kExact;
  return false;
}

}  // namespace

const char* PreemptStateName(PreemptState state) {
  switch (state) {
    case PreemptState::kNone: return "no preemption";
    case PreemptState::kRank: return "rank";
    case PreemptState::kPriority: return "priority";
  }
  return "?";
}

const char* ClaimKindName(ClaimKind kind) {
  switch (kind) {
    case ClaimKind::kUnclaimed: return "none";
    case ClaimKind::kNotConsidered: return "not-considered";
    case ClaimKind::kRank: return "rank";
    case ClaimKind::kPriority: return "priority";
    case ClaimKind::kOwnClaim: return "same-submitter";
  }
  return "?";
}

ClaimKind KindOfClaim(const policy::MatchPolicy& matching, std::string_view remote_user,
                      std::string_view submitter, bool rank_above) {
  if (remote_user.empty()) return ClaimKind::kUnclaimed;
  if (!matching.consider_preemption) return ClaimKind::kNotConsidered;
  if (rank_above) return ClaimKind::kRank;
  return remote_user != submitter ? ClaimKind::kPriority : ClaimKind::kOwnClaim;
}

double RankForComparison(const classad::Value& v) {
  return ComparesAsDouble(v) ? classad::RankValue(v) : std::nan("");
}

RankConditionEvaluator::RankConditionEvaluator()
    : above_(ParseCondition("MY.Rank > MY.CurrentRank")),
      at_least_(ParseCondition("MY.Rank >= MY.CurrentRank")) {}

RankConditions RankConditionEvaluator::Evaluate(const classad::ClassAd& slot,
                                                const classad::ClassAd& job,
                                                const classad::AttributeOverlay* slot_overlay,
                                                const classad::AttributeOverlay* job_overlay,
                                                const classad::EvalOptions& options) const {
  classad::MatchContext pair(&slot, &job);
  pair.SetOverlays(slot_overlay, job_overlay);
  classad::EvalContext eval(options, classad::BorrowScope(pair.my_scope()));
  RankConditions out;
  out.above = StrictlyTrue(eval.Evaluate(*above_));
  out.at_least = StrictlyTrue(eval.Evaluate(*at_least_));
  return out;
}

classad::Value CurrentRankValue(const classad::ClassAd& slot, const classad::EvalOptions& options) {
  if (std::optional<double> preempting = policy::PreemptingRankOf(slot)) {
    return classad::Value::Real(*preempting);
  }
  return classad::EvaluateAttr(slot, "CurrentRank", nullptr, options);
}

}  // namespace negotiator
