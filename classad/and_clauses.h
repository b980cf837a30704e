// SplitConjuncts: an expression's top-level `&&` clauses. ClassAd `&&` is
// true exactly when both sides are true conditions (numbers counting as
// conditions), so an `&&` chain holds exactly when each of its clauses
// does and the clauses can be decided one by one (the negotiator's match
// tables decide Requirements so, and PREEMPTION_REQUIREMENTS by what each
// clause reads).
#ifndef CLASSAD_AND_CLAUSES_H_
#define CLASSAD_AND_CLAUSES_H_

#include <vector>

#include "classad/classad.h"
#include "classad/expr.h"

namespace classad {

// What SplitConjuncts does besides splitting.
struct ConjunctOptions {
  // The ad the expression is evaluated with as MY, or null. When set, a
  // clause that refers to one of its attributes (`name`, `MY.name`) is
  // split in turn as that attribute's expression (the value of such a
  // reference is that expression's, evaluated in the same pair), up to 16
  // references deep.
  const ClassAd* inline_from = nullptr;
  // Fold literal clauses, and references to literal attributes of
  // `inline_from`: a true one is dropped, any other makes the whole never
  // true.
  bool fold_literals = false;
};

// Appends the top-level `&&` clauses of `e` (through parentheses) to
// `*out`, left to right, as `options` says. False when a folded literal
// is not true: `e` can never be true (the other clauses are appended all
// the same).
bool SplitConjuncts(const Expr& e, const ConjunctOptions& options,
                    std::vector<const Expr*>* out);

}  // namespace classad

#endif  // CLASSAD_AND_CLAUSES_H_
