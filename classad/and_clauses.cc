// SplitConjuncts (and_clauses.h).
#include "classad/and_clauses.h"

#include <string_view>

#include "classad/evaluator.h"

namespace classad {
namespace {


// How deep references to the ad's own expressions are followed.
constexpr int kMaxInlineDepth = 16;

// The name a reference reads from its own ad (`name`, `MY.name`), or empty.
std::string_view OwnReference(const Expr& e) {
  if (e.kind() == ExprKind::kAttribute && !e.absolute() &&
      e.name_class() == NameClass::kOrdinary) {
    return e.name();
  }
  if (e.kind() == ExprKind::kSelect) {
    const Expr& base = e.child(0);
    if (base.kind() == ExprKind::kAttribute && !base.absolute() &&
        base.name_class() == NameClass::kMy) {
      return e.name();
    }
  }
  return {};
}

// SplitConjuncts at `depth` references deep; `*never` set when a folded
// literal is not true.
void Split(const Expr& e, const ConjunctOptions& options, int depth, std::vector<const Expr*>* out,
           bool* never) {
  switch (e.kind()) {
    case ExprKind::kParens:
      return Split(e.child(0), options, depth, out, never);
    case ExprKind::kBinary:
      if (e.op() == Op::kAnd) {
        Split(e.child(0), options, depth, out, never);
        Split(e.child(1), options, depth, out, never);
        return;
      }
      break;
    case ExprKind::kLiteral:
      if (options.fold_literals) {
        if (!IsTrueValue(e.literal())) *never = true;
        return;
      }
      break;
    default:
      break;
  }
  if (options.inline_from != nullptr && depth < kMaxInlineDepth) {
    const std::string_view name = OwnReference(e);
    if (!name.empty()) {
      if (const AttrRef ref = options.inline_from->Find(name)) {
        if (!ref.is_literal()) return Split(ref.expr(), options, depth + 1, out, never);
        if (options.fold_literals) {
          if (!IsTrueValue(ref.literal())) *never = true;
          return;
        }
      }
    }
  }
  out->push_back(&e);
}

}  // namespace

bool SplitConjuncts(const Expr& e, const ConjunctOptions& options, std::vector<const Expr*>* out) {
  bool never = false;
  Split(e, options, 0, out, &never);
  return !never;
}

}  // namespace classad
