// HTCondor's MatchClassAd wrapper, as names in a match see it. HTCondor
// evaluates a match inside a wrapper ad
//   [ lCtx = [ ad = .LEFT; my = .LEFT; other = .RIGHT; target = .RIGHT ];
//     LEFT = <MY ad>; rCtx = [ ad = .RIGHT; my = .RIGHT; other = .LEFT;
//     target = .LEFT ]; RIGHT = <TARGET ad>; leftRankValue = LEFT.rank;
//     rightRankValue = RIGHT.rank; symmetricMatch = RIGHT.requirements &&
//     LEFT.requirements; leftMatchesRight = RIGHT.requirements;
//     rightMatchesLeft = LEFT.requirements ]
// and makes lCtx (rCtx) the parent of the LEFT (RIGHT) ad, so a name that
// neither ad defines climbs into them (`other.Memory` is the other ad's
// Memory), `.name` is looked up in the wrapper, and `root` is the wrapper.
// Here the wrapper is not built for every match: its names are answered
// past the outermost ad of a side's scope chain, where HTCondor's chain
// climbs into the context ad and the wrapper, and so before the fallback
// to TARGET (a TARGET attribute named like one of them does not win, as in
// HTCondor); the wrapper ad is built only when `root`, `parent` of a side,
// lCtx, rCtx or an absolute special name (`.self`) ask for it. Built, it
// is a top-level scope whose LEFT and RIGHT are the live sides
// (Scope::wrapped_left), so what is read through it (`root.LEFT.x`,
// `parent.my.x`, `lCtx.symmetricMatch`) is what the match itself gives.
// Compiled programs leave these names to the tree walker (planner.cc), so
// other names pay nothing for them.
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/operators.h"
#include "classad/parser.h"

namespace classad {

namespace {

constexpr std::pair<std::string_view, MatchWrapperName> kWrapperNames[] = {
    {"ad", MatchWrapperName::kOwnAd},
    {"other", MatchWrapperName::kOtherAd},
    {"LEFT", MatchWrapperName::kLeftOrRight},
    {"RIGHT", MatchWrapperName::kLeftOrRight},
    {"lCtx", MatchWrapperName::kContext},
    {"rCtx", MatchWrapperName::kContext},
    {"symmetricMatch", MatchWrapperName::kRequirements},
    {"leftMatchesRight", MatchWrapperName::kRequirements},
    {"rightMatchesLeft", MatchWrapperName::kRequirements},
    {"leftRankValue", MatchWrapperName::kRank},
    {"rightRankValue", MatchWrapperName::kRank}};

// The wrapper ad's text around the two ads (parsed when `root` is used).
constexpr std::string_view kWrapperText =
    "[ lCtx = [ ad = .LEFT; my = .LEFT; other = .RIGHT; target = .RIGHT ]; "
    "rCtx = [ ad = .RIGHT; my = .RIGHT; other = .LEFT; target = .LEFT ]; "
    "leftRankValue = LEFT.rank; rightRankValue = RIGHT.rank; "
    "symmetricMatch = RIGHT.requirements && LEFT.requirements; "
    "leftMatchesRight = RIGHT.requirements; rightMatchesLeft = LEFT.requirements ]";

}  // namespace

MatchWrapperName KindOfMatchWrapperName(std::string_view name) {
  // Most names asked about are longer than any of these, or not of their
  // lengths (2, 4, 5, 13, 14, 16).
  switch (name.size()) {
    case 2: case 4: case 5: case 13: case 14: case 16:
      break;
    default:
      return MatchWrapperName::kNone;
  }
  for (const auto& [wrapper, kind] : kWrapperNames) {
    if (AttributeNamesEqual(name, wrapper)) return kind;
  }
  return MatchWrapperName::kNone;
}

bool EvalContext::MatchWrapperName(std::string_view name, bool absolute,
                                   const std::shared_ptr<const Scope>& at, Found* out) {
  const Scope* top = at->TopLevel();
  if (top->target == nullptr || !IsMatchWrapperName(name)) return false;
  // The two sides of a match share one owner (see MatchContext).
  std::shared_ptr<const Scope> owner = at;
  while (owner->parent) owner = owner->parent;
  const Scope* left = top->left ? top : top->target;
  const Scope* right = left->target;
  auto side = [&](const Scope* s) { return std::shared_ptr<const Scope>(owner, s); };
  if (!absolute && AttributeNamesEqual(name, "ad")) {
    out->kind = Found::kScope;
    out->scope = side(top);
    return true;
  }
  if (!absolute && AttributeNamesEqual(name, "other")) {
    out->kind = Found::kScope;
    out->scope = side(top->target);
    return true;
  }
  if (AttributeNamesEqual(name, "LEFT") || AttributeNamesEqual(name, "RIGHT")) {
    out->kind = Found::kScope;
    out->scope = side(AttributeNamesEqual(name, "LEFT") ? left : right);
    return true;
  }
  if (AttributeNamesEqual(name, "ad") || AttributeNamesEqual(name, "other")) return false;
  // The match attributes: a side's requirements or rank, evaluated in that
  // side (where TARGET is the other).
  auto attribute = [&](const Scope* s, std::string_view attr) {
    Found found = LookupName(attr, HashAttributeName(attr), NameClass::kOrdinary, side(s),
                             /*climb=*/false);
    return EvalFound(found);
  };
  out->kind = Found::kValue;
  if (AttributeNamesEqual(name, "leftMatchesRight")) {
    out->value = attribute(right, "requirements");
  } else if (AttributeNamesEqual(name, "rightMatchesLeft")) {
    out->value = attribute(left, "requirements");
  } else if (AttributeNamesEqual(name, "symmetricMatch")) {
    out->value = ApplyBinaryOp(Op::kAnd, attribute(right, "requirements"),
                               attribute(left, "requirements"));
  } else if (AttributeNamesEqual(name, "leftRankValue")) {
    out->value = attribute(left, "rank");
  } else if (AttributeNamesEqual(name, "rightRankValue")) {
    out->value = attribute(right, "rank");
  } else {
    // lCtx, rCtx: the context ads, read from the wrapper ad.
    Value wrapper = MatchWrapperAd(at);
    if (!wrapper.IsAd()) return false;
    *out = LookupName(name, HashAttributeName(name), NameClass::kOrdinary, wrapper.ad_scope(),
                      /*climb=*/false);
    return out->kind != Found::kNone;
  }
  return true;
}

Value EvalContext::MatchWrapperAd(const std::shared_ptr<const Scope>& at) {
  const Scope* top = at->TopLevel();
  if (top->target == nullptr) return Value::Undefined();
  const Scope* left = top->left ? top : top->target;
  const Scope* right = left->target;
  Result<std::shared_ptr<ClassAd>> wrapper = ParseAd(kWrapperText);
  if (!wrapper.ok()) return Value::Error();
  // Copies of the two ads, for printing the wrapper as HTCondor prints it;
  // names looked up in the wrapper (LEFT, RIGHT, and through them the
  // match attributes and the context ads) reach the live sides instead.
  (*wrapper)->Insert("LEFT", Expr::Ad(std::make_shared<const ClassAd>(*left->ad)));
  (*wrapper)->Insert("RIGHT", Expr::Ad(std::make_shared<const ClassAd>(*right->ad)));
  // The two sides of a match share one owner (see MatchContext).
  std::shared_ptr<const Scope> owner = at;
  while (owner->parent) owner = owner->parent;
  auto scope = std::make_shared<Scope>();
  scope->ad = wrapper->get();
  scope->keep_alive = std::move(*wrapper);
  scope->wrapped_left = std::shared_ptr<const Scope>(owner, left);
  return Value::Ad(std::move(scope));
}

}  // namespace classad
