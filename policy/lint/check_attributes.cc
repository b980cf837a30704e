// unknown-attribute: attribute references in policy expressions that no ad
// in scope has (checks.h).
#include <set>

#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/lint/policy_expressions.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kCheck = "unknown-attribute";

// "MY." / "TARGET." / "" as written before the name.
std::string_view ScopePrefix(const AttributeRef& ref) {
  switch (ref.scope) {
    case AttributeRef::Scope::kMy:
      return "MY.";
    case AttributeRef::Scope::kTarget:
      return "TARGET.";
    case AttributeRef::Scope::kUnscoped:
      break;
  }
  return "";
}

// " (did you mean A, B or C?)" or "".
std::string DidYouMean(const std::vector<std::string>& names) {
  if (names.empty()) return "";
  std::string out = "; did you mean ";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out + "?";
}

// The kinds of ad in `ads`, for messages ("a slot attribute").
std::string KindsOf(uint8_t ads) {
  std::vector<std::string_view> kinds;
  if (ads & kSlotAd) kinds.push_back("slot");
  if (ads & kJobAd) kinds.push_back("job");
  if (ads & kSubmitterAd) kinds.push_back("submitter");
  if (ads & kGroupSortAd) kinds.push_back("group sort");
  std::string out;
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (i > 0) out += i + 1 == kinds.size() ? " or " : ", ";
    out += kinds[i];
  }
  return out;
}

// Whether the sample ads of the kinds in `ads` hold `entry`.
bool Sampled(const AttributeCatalogue::Entry& entry, uint8_t ads) {
  return ((ads & kSlotAd) && entry.in_sample_slot) || ((ads & kJobAd) && entry.in_sample_job);
}

// The problem with `ref` in `e` (without the knob's name), or an empty
// string. `context_free`: the problem does not depend on the knob's ads.
std::string Problem(const LintContext& context, const LintedExpression& e, const AttributeRef& ref,
                    bool* context_free) {
  *context_free = false;
  const ExpressionContext& scope = e.context();
  const std::string written = std::string(ScopePrefix(ref)) + std::string(ref.name);
  if (ref.scope == AttributeRef::Scope::kTarget && scope.target == 0) {
    return written + " is always undefined: the knob is evaluated against " +
           std::string(AdName(scope.my)) + " alone, with no TARGET ad";
  }
  const uint8_t ads = AdsOf(ref, scope);
  const AttributeCatalogue::Entry* entry = context.attributes.Find(ref.name);
  if (entry != nullptr && entry->ephemeral) return "";  // the ephemeral-* checks'
  if (ads == kGroupSortAd) {
    // The sort ad holds exactly what the negotiator puts there.
    if (entry != nullptr && (entry->ads & kGroupSortAd) != 0 && entry->ads != kAnyAd) return "";
    return written +
           " is always undefined: the knob is evaluated in each group's sort ad, which has only "
           "AccountingGroup, GroupQuota, GroupResourcesAllocated and GroupResourcesInUse" +
           DidYouMean(context.attributes.Suggest(ref.name, kGroupSortAd));
  }
  if (entry != nullptr) {
    // A slot attribute where only a job, submitter or sort ad is in scope.
    // (Job attributes on the slot side are not flagged: a claimed slot
    // carries some of its job's, STARTD_JOB_ATTRS.)
    if (ads == kAnyAd || (entry->ads & ads) != 0 || entry->ads != kSlotAd || Sampled(*entry, ads)) {
      return "";
    }
    std::string message = written + " is a " + KindsOf(entry->ads) + " attribute, but ";
    switch (ref.scope) {
      case AttributeRef::Scope::kUnscoped:
        message += "the knob is evaluated against " + std::string(AdName(ads)) + " alone";
        break;
      case AttributeRef::Scope::kMy:
        message += "MY is " + std::string(AdName(ads)) + " here";
        if (scope.target & entry->ads) {
          message += " (TARGET is " + std::string(AdName(scope.target)) + ")";
        }
        break;
      case AttributeRef::Scope::kTarget:
        message += "TARGET is " + std::string(AdName(ads)) + " here";
        if (scope.my & entry->ads) message += " (MY is " + std::string(AdName(scope.my)) + ")";
        break;
    }
    return message;
  }
  // Not known at all: a site's own attribute (STARTD_ATTRS, +Attr in a
  // submit file) or a typo. Only a close known name says it is a typo.
  std::vector<std::string> close = context.attributes.Suggest(ref.name, ads);
  if (close.empty()) return "";
  *context_free = true;  // the macro, linted with every ad in scope, finds it too
  return written + " is not an attribute HTCondor or the sample ads define" + DidYouMean(close);
}

}  // namespace

void CheckUnknownAttributes(const LintContext& context, std::vector<Diagnostic>* out) {
  for (const LintedExpression& e : LintedExpressions(context.config)) {
    std::set<std::string> seen;  // written names looked at (one diagnostic per name)
    VisitNodes(e.expr(), [&](const classad::Expr& node, const auto&) {
      const std::optional<AttributeRef> ref = AsAttributeRef(node);
      if (!ref) return true;
      const std::string key = std::string(ScopePrefix(*ref)) + LowerAscii(ref->name);
      if (seen.size() >= context.options.max_suggested_names || !seen.insert(key).second) {
        return false;
      }
      bool context_free = false;
      std::string message = Problem(context, e, *ref, &context_free);
      if (message.empty()) return false;
      const std::optional<size_t> at = e.positions().NameAt(node);
      // A problem inside a macro that is linted on its own is reported there.
      if (context_free && e.FromLintedMacro(at)) return false;
      out->push_back(e.MakeAt(at, Severity::kWarning, e.knob() + ": " + message, kCheck));
      return false;
    });
  }
}

}  // namespace policy::lint
