// Flatten: partial evaluation of an expression against an ad, as HTCondor's
// ClassAd::Flatten does it (classad.cpp, and the _Flatten of each node kind
// in operators.cpp, attrrefs.cpp, fnCall.cpp, exprList.cpp, literals.cpp).
#ifndef CLASSAD_FLATTEN_H_
#define CLASSAD_FLATTEN_H_

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/status.h"
#include "classad/value.h"

namespace classad {

// What flattening gave: a value when the whole expression reduced to one
// (`residual` null), else the expression left (`value` unused).
struct Flattened {
  Value value;
  ExprPtr residual;
};

// Partially evaluates `expr` in `ad` (no TARGET), with HTCondor's rules:
// an attribute the ad does not define is kept as a reference; one it
// defines is replaced by its value when its own expression flattens to a
// value, else kept as a reference (and a reference to a nested ad is kept);
// operators over values are applied; `+`, `*`, `&&`, `||`, `&`, `|`, `^`
// gather their constant operands into one literal on the left
// (`RequestMemory * 1024 * 1024` gives `1048576 * RequestMemory`),
// `true && x` and `x && true` give `x`, `false && x` false, `x || true`
// true; `c ? a : b` with a known condition is the branch's flattening; a
// function call whose arguments all flatten to values is evaluated, and an
// unknown function gives error; lists and nested ads always give an
// expression (their items flattened). Fails (kLimitExceeded) where
// HTCondor's Flatten returns false: a reference loop, or more generally
// nodes and references nested deeper than `options.limits.max_eval_depth`.
Result<Flattened> Flatten(const Expr& expr, const ClassAd& ad, const EvalOptions& options = {});

}  // namespace classad

#endif  // CLASSAD_FLATTEN_H_
