// MatchSides (match_sides.h).
#include "negotiator/matching/match_sides.h"

#include <set>

#include "classad/expression_reads.h"

namespace negotiator {
namespace {

using classad::Expr;
using classad::ExprKind;
using classad::Op;

// Whether `op` is a comparison (both operands evaluated, then compared).
bool IsComparison(Op op) {
  switch (op) {
    case Op::kEqual:
    case Op::kNotEqual:
    case Op::kIs:
    case Op::kIsnt:
    case Op::kLess:
    case Op::kLessEq:
    case Op::kGreater:
    case Op::kGreaterEq:
      return true;
    default:
      return false;
  }
}

// Whether every expression among `names` of `ad` reads only named
// attributes.
bool NamedOnly(const classad::ClassAd& ad, const std::set<std::string>& names) {
  for (const std::string& n : names) {
    const classad::AttrRef ref = ad.Find(n);
    if (ref && !ref.is_literal() && !classad::ReadsOnlyNamedAttributes(ref.expr())) return false;
  }
  return true;
}

// The names `e` reads from the job's ad and from the slot's (MY as `my`
// says: its own names are MY's, TARGET.x the other's); false when it reads
// more than named attributes.
bool NamesBySide(const Expr& e, MyAd my, std::set<std::string>* job_names,
                 std::set<std::string>* slot_names) {
  if (!classad::ReadsOnlyNamedAttributes(e)) return false;
  if (my == MyAd::kJob) {
    classad::NamesRead(e, job_names, slot_names);
  } else {
    classad::NamesRead(e, slot_names, job_names);
  }
  return true;
}

}  // namespace

MatchSides::MatchSides(std::span<const classad::ClassAd* const> slot_shapes)
    : slot_shapes_(slot_shapes) {}

bool MatchSides::ReadsOnlyJob(const Expr& e, const classad::ClassAd& job, MyAd my) {
  std::set<std::string> job_names, slot_names;
  if (!NamesBySide(e, my, &job_names, &slot_names) || !slot_names.empty()) return false;
  for (const std::string& name : job_names) {
    std::set<std::string> own, other;
    bool complete = true;
    classad::FollowReads(job, name, &own, &other, &complete);
    if (!complete || !NamedOnly(job, own)) return false;
    for (const std::string& o : other) {
      if (AnySlotHas(o)) return false;
    }
  }
  return true;
}

bool MatchSides::ReadsOnlySlot(const Expr& e, MyAd my) {
  std::set<std::string> job_names, slot_names;
  if (!NamesBySide(e, my, &job_names, &slot_names) || !job_names.empty()) return false;
  for (const std::string& name : slot_names) {
    if (!SlotNameReadsOnlySlot(name)) return false;
  }
  return true;
}

std::optional<SplitComparison> MatchSides::Split(const Expr& e, const classad::ClassAd& job,
                                                 MyAd my) {
  // A job's attribute named like a special name (`target`, `my`, ...)
  // changes what `TARGET.x` and the like resolve to in its expressions,
  // which the names read do not show: its clauses are not split.
  if (my == MyAd::kJob && job.has_special_names()) return std::nullopt;
  const Expr* x = &e;
  while (x->kind() == ExprKind::kParens) x = &x->child(0);
  if (x->kind() != ExprKind::kBinary || !IsComparison(x->op())) return std::nullopt;
  const Expr& left = x->child(0);
  const Expr& right = x->child(1);
  if (ReadsOnlySlot(left, my) && ReadsOnlyJob(right, job, my)) {
    return SplitComparison{x->op(), &left, &right, true};
  }
  if (ReadsOnlySlot(right, my) && ReadsOnlyJob(left, job, my)) {
    return SplitComparison{x->op(), &right, &left, false};
  }
  return std::nullopt;
}

bool MatchSides::AnySlotHas(const std::string& name) {
  auto [it, added] = any_slot_has_.emplace(name, false);
  if (added) {
    for (const classad::ClassAd* slot : slot_shapes_) {
      if (slot->Find(name)) {
        it->second = true;
        break;
      }
    }
  }
  return it->second;
}

bool MatchSides::SlotNameReadsOnlySlot(const std::string& name) {
  auto [it, added] = slot_only_.emplace(name, true);
  if (added) {
    for (const classad::ClassAd* shape : slot_shapes_) {
      const classad::ClassAd& slot = *shape;
      const classad::AttrRef ref = slot.Find(name);
      if (!ref) {
        it->second = false;
        break;
      }
      if (ref.is_literal()) continue;
      std::set<std::string> own, other;
      bool complete = true;
      classad::FollowReads(slot, name, &own, &other, &complete);
      if (!complete || !other.empty() || !NamedOnly(slot, own)) {
        it->second = false;
        break;
      }
    }
  }
  return it->second;
}

}  // namespace negotiator
