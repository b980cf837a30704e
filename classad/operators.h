// The operators of the language applied to values, with HTCondor's rules
// for undefined/error, integer/real promotion, overflow, and comparisons.
#ifndef CLASSAD_OPERATORS_H_
#define CLASSAD_OPERATORS_H_

#include <strings.h>

#include <limits>
#include <string_view>

#include "classad/bytes.h"
#include "classad/expr.h"
#include "classad/value.h"

namespace classad {

// -x, +x, !x, ~x on a value.
Value ApplyUnaryOp(Op op, const Value& operand);

// Any binary operator on two already evaluated operands. For && and || this
// is the strict (non-short-circuit) truth table; the evaluator applies the
// short-circuit before evaluating the right operand.
Value ApplyBinaryOp(Op op, const Value& left, const Value& right);

namespace operators_internal {
// x op y for a comparison operator other than is/isnt; false (and *out
// untouched) for any other operator.
template <typename T>
[[gnu::always_inline]] inline bool CompareNumbers(Op op, T x, T y, Value* out) {
  switch (op) {
    case Op::kLess: *out = Value::Boolean(x < y); return true;
    case Op::kLessEq: *out = Value::Boolean(x <= y); return true;
    case Op::kGreater: *out = Value::Boolean(x > y); return true;
    case Op::kGreaterEq: *out = Value::Boolean(x >= y); return true;
    case Op::kEqual: *out = Value::Boolean(x == y); return true;
    case Op::kNotEqual: *out = Value::Boolean(x != y); return true;
    default: return false;
  }
}
// x op y for +, -, * and / on reals, as HTCondor computes it: the IEEE
// result in *r and true, except that a result of +infinity is error (as
// 1.0/0 is) while -infinity and NaN pass through, exactly as HTCondor's
// overflow check (which compares with HUGE_VAL only). False (and *r
// untouched) for error and for any other operator.
[[gnu::always_inline]] inline bool RealResult(Op op, double x, double y, double* r) {
  double result;
  switch (op) {
    case Op::kAdd: result = x + y; break;
    case Op::kSubtract: result = x - y; break;
    case Op::kMultiply: result = x * y; break;
    case Op::kDivide: result = x / y; break;
    default: return false;
  }
  if (result == std::numeric_limits<double>::infinity()) return false;
  *r = result;
  return true;
}
}  // namespace operators_internal

// The common cases of ApplyBinaryOp without its general dispatch: two
// integers or reals (or one of each) under a comparison other than is/isnt,
// two integers under +, - or *, an integer and a real or two reals under
// +, -, * or / (a result of +infinity, which is error, aside), two booleans
// under && or ||, two strings under == or !=. Sets *out and returns true
// with exactly ApplyBinaryOp's result; returns false (and leaves *out
// alone) for every other case.
// `out` may be `&a` or `&b`: both are read before *out is written.
[[gnu::always_inline]] inline bool TryFastBinaryOp(Op op, const Value& a, const Value& b,
                                                   Value* out) {
  using operators_internal::CompareNumbers;
  if (a.IsBoolean()) {
    if (!b.IsBoolean()) return false;
    if (op == Op::kAnd) { *out = Value::Boolean(a.boolean() && b.boolean()); return true; }
    if (op == Op::kOr) { *out = Value::Boolean(a.boolean() || b.boolean()); return true; }
    return false;
  }
  if (a.IsString()) {
    if (!b.IsString() || (op != Op::kEqual && op != Op::kNotEqual)) return false;
    // As ApplyBinaryOp: case-insensitive, up to the first NUL. The same
    // bytes are the common case and need no call.
    const std::string_view x = a.string(), y = b.string();
    const bool same = (x.size() == y.size() && bytes::SameBytes(x.data(), y.data(), x.size())) ||
                      strcasecmp(x.data(), y.data()) == 0;
    *out = Value::Boolean(same == (op == Op::kEqual));
    return true;
  }
  const bool ints = a.IsInteger() && b.IsInteger();
  if (ints || (a.IsNumber() && b.IsNumber())) {
    if (ints) {
      const int64_t x = a.integer(), y = b.integer();
      if (CompareNumbers(op, x, y, out)) return true;
      switch (op) {
        case Op::kAdd:  // two's-complement wrap-around, as ApplyBinaryOp
          *out = Value::Integer(static_cast<int64_t>(static_cast<uint64_t>(x) +
                                                     static_cast<uint64_t>(y)));
          return true;
        case Op::kSubtract:
          *out = Value::Integer(static_cast<int64_t>(static_cast<uint64_t>(x) -
                                                     static_cast<uint64_t>(y)));
          return true;
        case Op::kMultiply:
          *out = Value::Integer(static_cast<int64_t>(static_cast<uint64_t>(x) *
                                                     static_cast<uint64_t>(y)));
          return true;
        default: return false;
      }
    }
    const double x = a.IsReal() ? a.real() : static_cast<double>(a.integer());
    const double y = b.IsReal() ? b.real() : static_cast<double>(b.integer());
    if (CompareNumbers(op, x, y, out)) return true;
    double r;
    if (!operators_internal::RealResult(op, x, y, &r)) return false;
    *out = Value::Real(r);
    return true;
  }
  return false;
}

// The meta-equality =?= ("is") as a plain truth: same type and same value,
// strings compared case-sensitively. Lists and ads are never identical here
// (the operator itself gives error for two lists or two ads).
bool IdenticalValues(const Value& left, const Value& right);

// The truth of a value used as a condition (?:, &&, ||, ifThenElse):
// booleans as they are, numbers non-zero; returns false for other types
// (the caller decides what a non-boolean gives).
inline bool ValueAsCondition(const Value& value, bool* truth) {
  switch (value.type()) {
    case ValueType::kBoolean: *truth = value.boolean(); return true;
    case ValueType::kInteger: *truth = value.integer() != 0; return true;
    case ValueType::kReal: *truth = value.real() != 0.0; return true;
    default: return false;
  }
}

}  // namespace classad

#endif  // CLASSAD_OPERATORS_H_
