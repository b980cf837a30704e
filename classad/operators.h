// The operators of the language applied to values, with HTCondor's rules
// for undefined/error, integer/real promotion, overflow, and comparisons.
#ifndef CLASSAD_OPERATORS_H_
#define CLASSAD_OPERATORS_H_

#include "classad/expr.h"
#include "classad/value.h"

namespace classad {

// -x, +x, !x, ~x on a value.
Value ApplyUnaryOp(Op op, const Value& operand);

// Any binary operator on two already evaluated operands. For && and || this
// is the strict (non-short-circuit) truth table; the evaluator applies the
// short-circuit before evaluating the right operand.
Value ApplyBinaryOp(Op op, const Value& left, const Value& right);

// The meta-equality =?= ("is") as a plain truth: same type and same value,
// strings compared case-sensitively. Lists and ads are never identical here
// (the operator itself gives error for two lists or two ads).
bool IdenticalValues(const Value& left, const Value& right);

// The truth of a value used as a condition (?:, &&, ||, ifThenElse):
// booleans as they are, numbers non-zero; returns false for other types
// (the caller decides what a non-boolean gives).
bool ValueAsCondition(const Value& value, bool* truth);

}  // namespace classad

#endif  // CLASSAD_OPERATORS_H_
