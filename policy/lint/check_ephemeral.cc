// ephemeral-never and ephemeral-unguarded: the negotiator's ephemeral
// attributes where HTCondor never sets them, or leaves them absent with
// nothing in the expression to cope (checks.h). Facts: reference §3.8,
// §3.9 and policy/ephemeral.h.
#include <array>
#include <functional>
#include <set>
#include <unordered_map>

#include "policy/ephemeral.h"
#include "policy/knob_value.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/lint/policy_expressions.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kNever = "ephemeral-never";
constexpr std::string_view kUnguarded = "ephemeral-unguarded";

// What the configuration says about when ephemeral attributes exist.
struct Mode {
  bool group_quotas = false;        // GROUP_NAMES names a group
  bool consider_preemption = true;  // NEGOTIATOR_CONSIDER_PREEMPTION
  bool cross_slot_prios = false;    // NEGOTIATOR_CROSS_SLOT_PRIOS
};

// The boolean knob `name`, or `fallback` when unset or not a boolean.
bool BoolKnob(const Config& config, std::string_view name, bool fallback) {
  classad::Result<std::optional<ExpandedValue>> found = config.Lookup(name);
  if (!found.ok() || !found->has_value() || TrimSpace((*found)->value).empty()) return fallback;
  classad::Result<bool> value = ParseKnobBool((*found)->value);
  return value.ok() ? *value : fallback;
}

Mode ModeOf(const Config& config) {
  Mode mode;
  classad::Result<std::optional<ExpandedValue>> groups = config.Lookup("GROUP_NAMES");
  if (groups.ok() && groups->has_value()) {
    for (const std::string& group : SplitKnobList((*groups)->value)) {
      if (group != "<none>") mode.group_quotas = true;
    }
  }
  mode.consider_preemption = BoolKnob(config, "NEGOTIATOR_CONSIDER_PREEMPTION", true);
  mode.cross_slot_prios = BoolKnob(config, "NEGOTIATOR_CROSS_SLOT_PRIOS", false);
  return mode;
}

// Functions through which an undefined argument makes an undefined result.
constexpr std::array<std::string_view, 16> kStrictFunctions = {
    "floor",   "ceiling", "ceil",   "round", "int", "real", "pow", "quantize",
    "toUpper", "toLower", "substr", "size",  "min", "max",  "sum", "avg"};

// Attributes that tell whether a slot is claimed (a test of one guards the
// claimed-only attributes in the same && / || chain).
constexpr std::array<std::string_view, 8> kClaimIndicators = {"RemoteOwner",
                                                              "RemoteUser",
                                                              "State",
                                                              "Activity",
                                                              "AccountingGroup",
                                                              "PreemptingUser",
                                                              "PreemptingAccountingGroup",
                                                              "JobId"};

// Whether `node` holds a test that copes with undefined or checks whether
// the slot is claimed: isUndefined() and friends, =?= / =!= / is / isnt,
// ?:, ifThenElse, or a claim indicator.
bool HoldsGuard(const classad::Expr& root) {
  bool found = false;
  VisitNodes(root, [&](const classad::Expr& node, const auto&) {
    if (found) return false;
    switch (node.kind()) {
      case classad::ExprKind::kBinary:
        found = node.op() == classad::Op::kIs || node.op() == classad::Op::kIsnt;
        break;
      case classad::ExprKind::kElvis:
      case classad::ExprKind::kConditional:
        found = true;
        break;
      case classad::ExprKind::kCall:
        found = StartsWithNoCase(node.name(), "is") || EqualsNoCase(node.name(), "ifThenElse");
        break;
      default:
        if (std::optional<AttributeRef> ref = AsAttributeRef(node)) {
          for (std::string_view name : kClaimIndicators) found |= EqualsNoCase(ref->name, name);
        }
    }
    return !found;
  });
  return found;
}

// Whether an undefined value of `node` can reach the top of the
// expression whose nodes from the root down are `ancestors`: false as soon
// as something on the way copes with it (a meta-comparison, a test
// function, a branch of ?: or ifThenElse, the left of ?:, a && / || whose
// other side holds a guard, a function not known to pass undefined on).
// With `clause_only`, whether it reaches the clause of the && / || chain
// it is in (or the top): the clause is then always undefined when the
// attribute never exists, whatever the other clauses do.
bool ReachesTop(const classad::Expr& node, const std::vector<const classad::Expr*>& ancestors,
                std::unordered_map<const classad::Expr*, bool>* guards, bool clause_only = false) {
  const classad::Expr* child = &node;
  for (size_t i = ancestors.size(); i-- > 0;) {
    const classad::Expr& a = *ancestors[i];
    switch (a.kind()) {
      case classad::ExprKind::kParens:
      case classad::ExprKind::kUnary:
      case classad::ExprKind::kSelect:
      case classad::ExprKind::kSubscript:
        break;
      case classad::ExprKind::kBinary:
        if (a.op() == classad::Op::kIs || a.op() == classad::Op::kIsnt) return false;
        if (a.op() == classad::Op::kAnd || a.op() == classad::Op::kOr) {
          if (clause_only) return true;
          const classad::Expr& other = &a.child(0) == child ? a.child(1) : a.child(0);
          auto [it, added] = guards->emplace(&other, false);
          if (added) it->second = HoldsGuard(other);  // each subtree searched once
          if (it->second) return false;
        }
        break;
      case classad::ExprKind::kConditional:
        if (&a.child(0) != child) return false;  // a branch: the condition decides
        break;
      case classad::ExprKind::kElvis:
        if (&a.child(0) == child) return false;
        break;
      case classad::ExprKind::kCall: {
        if (EqualsNoCase(a.name(), "ifThenElse")) {
          if (a.children().empty() || a.children()[0].get() != child) return false;
          break;
        }
        bool strict = false;
        for (std::string_view f : kStrictFunctions) strict |= EqualsNoCase(a.name(), f);
        if (!strict) return false;
        break;
      }
      default:
        return false;
    }
    child = &a;
  }
  return true;
}

// Why `ref` (an ephemeral attribute described by `info`) never exists
// where `e` is evaluated, or an empty string. The reasons that depend on
// the configuration's mode (no group quotas, no preemption, no cross-slot
// forms) count only for a reference whose absence is not `guarded`
// against: `SubmitterGroup =?= RemoteGroup` in a pool without groups is
// HTCondor's own old UWCS policy, and deliberately true there.
std::string NeverReason(const LintedExpression& e, const AttributeRef& ref,
                        const EphemeralAttributeInfo& info, const Mode& mode,
                        const std::function<bool()>& guarded) {
  const std::string name(ref.name);
  const std::string_view side = info.on_slot ? "the slot ad" : "the job ad";
  if (e.context().when == EvaluatedWhen::kNoEphemeral) {
    if (e.context().my == kGroupSortAd) {
      return name +
             " never exists here: the knob is evaluated in each group's sort ad, which "
             "the negotiator gives only AccountingGroup, GroupQuota, "
             "GroupResourcesAllocated and GroupResourcesInUse";
    }
    return name + " never exists here: the knob is evaluated on " +
           std::string(AdName(e.context().my)) +
           " as fetched, before the negotiator inserts its ephemeral attributes";
  }
  if (EqualsNoCase(info.name, kRemoteAutoregroup)) {
    return name +
           " never exists: HTCondor copies it from the offer's own SubmitterAutoregroup, "
           "which is never set, so it is deleted";
  }
  if (ref.scope == AttributeRef::Scope::kMy &&
      (e.context().my & (info.on_slot ? kSlotAd : kJobAd)) == 0) {
    return "MY." + name + " never exists: MY is " + std::string(AdName(e.context().my)) +
           " here, and the negotiator inserts " + name + " into " + std::string(side) + " (TARGET)";
  }
  if (ref.scope == AttributeRef::Scope::kTarget &&
      (e.context().target & (info.on_slot ? kSlotAd : kJobAd)) == 0) {
    return "TARGET." + name + " never exists: TARGET is " +
           std::string(AdName(e.context().target)) + " here, and the negotiator inserts " + name +
           " into " + std::string(side) + " (MY)";
  }
  const bool cross_slot = !EqualsNoCase(info.name, ref.name);
  const bool mode_matters = (info.group_quotas_only && !mode.group_quotas) ||
                            (cross_slot && !mode.cross_slot_prios) ||
                            (info.needs_preemption && !mode.consider_preemption);
  if (!mode_matters || guarded()) return "";
  if (info.group_quotas_only && !mode.group_quotas) {
    return name +
           " never exists: the negotiator sets it only with group quotas, and "
           "GROUP_NAMES names no group";
  }
  if (cross_slot && !mode.cross_slot_prios) {
    return name +
           " never exists: the negotiator publishes the slot<N>_ forms only with "
           "NEGOTIATOR_CROSS_SLOT_PRIOS = True";
  }
  // Without preemption the negotiator inserts nothing on slots (the startd
  // itself publishes RemoteGroup and RemoteNegotiatingGroup of a claim).
  if (info.needs_preemption && !mode.consider_preemption &&
      e.context().when == EvaluatedWhen::kCandidateSlot && !EqualsNoCase(info.name, kRemoteGroup) &&
      !EqualsNoCase(info.name, kRemoteNegotiatingGroup)) {
    return name +
           " never exists: NEGOTIATOR_CONSIDER_PREEMPTION is False, so the negotiator "
           "inserts no remote-user attribute into slot ads";
  }
  return "";
}

// Both checks: `never` for ephemeral-never, `unguarded` for
// ephemeral-unguarded.
void Run(const LintContext& context, bool never_check, bool unguarded_check,
         std::vector<Diagnostic>* out) {
  const Mode mode = ModeOf(context.config);
  for (const LintedExpression& e : LintedExpressions(context.config)) {
    if (e.context().when == EvaluatedWhen::kUnknown) continue;
    std::set<std::string> reported;
    std::unordered_map<const classad::Expr*, bool> guards;  // HoldsGuard of subtrees
    VisitNodes(e.expr(), [&](const classad::Expr& node, const auto& ancestors) {
      const std::optional<AttributeRef> ref = AsAttributeRef(node);
      if (!ref) return true;
      const EphemeralAttributeInfo* info = FindEphemeralAttribute(ref->name);
      if (info == nullptr) return false;
      const std::string key = LowerAscii(ref->name);
      if (reported.count(key) != 0) return false;
      const std::optional<size_t> at = e.positions().NameAt(node);
      const auto guarded = [&] { return !ReachesTop(node, ancestors, &guards, true); };
      if (std::string never = NeverReason(e, *ref, *info, mode, guarded); !never.empty()) {
        if (never_check && reported.insert(key).second) {
          out->push_back(e.MakeAt(at, Severity::kWarning, e.knob() + ": " + never, kNever));
        }
        return false;
      }
      // Ranks are evaluated for unclaimed slots too, where the remote-user
      // attributes are absent; an undefined rank ranks the slot last.
      if (unguarded_check && e.context().when == EvaluatedWhen::kCandidateSlot &&
          info->claimed_only && ReachesTop(node, ancestors, &guards) &&
          reported.insert(key).second) {
        out->push_back(e.MakeAt(
            at, Severity::kWarning,
            e.knob() + ": " + std::string(ref->name) +
                " is set only on claimed slots, but the knob is evaluated for every candidate "
                "slot: on an unclaimed slot it is undefined and so is the whole rank, which "
                "HTCondor then treats as the lowest; guard it, e.g. ifThenElse(isUndefined(" +
                std::string(ref->name) + "), 0, " + std::string(ref->name) + ")",
            kUnguarded));
      }
      return false;
    });
  }
}

}  // namespace

void CheckEphemeralNever(const LintContext& context, std::vector<Diagnostic>* out) {
  Run(context, true, false, out);
}

void CheckEphemeralUnguarded(const LintContext& context, std::vector<Diagnostic>* out) {
  Run(context, false, true, out);
}

}  // namespace policy::lint
