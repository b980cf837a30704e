#include "classad/operators.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <strings.h>

#include "classad/convert.h"

namespace classad {
namespace {

bool IsStrict(Op op) {
  return op != Op::kIs && op != Op::kIsnt && op != Op::kAnd && op != Op::kOr;
}

// Two's-complement wrap-around without undefined behaviour.
int64_t WrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t WrapSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
int64_t WrapMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

// The class two operands are brought to before an operator runs
// (HTCondor's coerceToNumber): anything non-numeric decides the class by
// itself; booleans count as integers; an integer beside a real is real.
enum class Coerced { kAd, kList, kString, kUndefined, kError, kAbsTime, kRelTime, kInteger, kReal };

Coerced Classify(const Value& a, const Value& b) {
  if (a.IsAd() || b.IsAd()) return Coerced::kAd;
  if (a.IsList() || b.IsList()) return Coerced::kList;
  if (a.IsString() || b.IsString()) return Coerced::kString;
  if (a.IsUndefined() || b.IsUndefined()) return Coerced::kUndefined;
  if (a.IsError() || b.IsError()) return Coerced::kError;
  if (a.IsAbsTime() || b.IsAbsTime()) return Coerced::kAbsTime;
  if (a.IsRelTime() || b.IsRelTime()) return Coerced::kRelTime;
  if (a.IsReal() || b.IsReal()) return Coerced::kReal;
  return Coerced::kInteger;
}

// An integer or boolean operand as an integer.
int64_t AsInteger(const Value& v) { return v.IsBoolean() ? (v.boolean() ? 1 : 0) : v.integer(); }
// An integer, boolean or real operand as a real.
double AsReal(const Value& v) {
  if (v.IsReal()) return v.real();
  return static_cast<double>(AsInteger(v));
}

template <typename T>
bool CompareOrdered(Op op, const T& a, const T& b) {
  switch (op) {
    case Op::kLess: return a < b;
    case Op::kLessEq: return a <= b;
    case Op::kGreater: return a > b;
    case Op::kGreaterEq: return a >= b;
    case Op::kEqual: case Op::kIs: return a == b;
    default: return a != b;  // kNotEqual, kIsnt
  }
}

Value Compare(Op op, const Value& a, const Value& b) {
  const bool meta = op == Op::kIs || op == Op::kIsnt;
  Coerced kind;
  if (meta) {
    if (a.type() != b.type()) return Value::Boolean(op == Op::kIsnt);
    if (a.IsExceptional()) return Value::Boolean(op == Op::kIs);
    switch (a.type()) {
      case ValueType::kBoolean:
        return Value::Boolean(CompareOrdered(op, a.boolean(), b.boolean()));
      case ValueType::kInteger: kind = Coerced::kInteger; break;
      case ValueType::kReal: kind = Coerced::kReal; break;
      case ValueType::kString: kind = Coerced::kString; break;
      case ValueType::kAbsTime: kind = Coerced::kAbsTime; break;
      case ValueType::kRelTime: kind = Coerced::kRelTime; break;
      default: return Value::Error();  // two lists or two ads
    }
  } else {
    kind = Classify(a, b);
  }
  switch (kind) {
    case Coerced::kString: {
      if (!a.IsString() || !b.IsString()) return Value::Error();
      int cmp = meta ? std::strcmp(a.string().data(), b.string().data())
                     : strcasecmp(a.string().data(), b.string().data());
      return Value::Boolean(CompareOrdered(op, cmp, 0));
    }
    case Coerced::kInteger:
      return Value::Boolean(CompareOrdered(op, AsInteger(a), AsInteger(b)));
    case Coerced::kReal:
      return Value::Boolean(CompareOrdered(op, AsReal(a), AsReal(b)));
    case Coerced::kAbsTime: {
      if (!a.IsAbsTime() || !b.IsAbsTime()) return Value::Error();
      bool same = CompareOrdered(op, a.abstime().seconds, b.abstime().seconds);
      if (op == Op::kIs) same = same && a.abstime().offset == b.abstime().offset;
      if (op == Op::kIsnt) same = same || a.abstime().offset != b.abstime().offset;
      return Value::Boolean(same);
    }
    case Coerced::kRelTime:
      if (!a.IsRelTime() || !b.IsRelTime()) return Value::Error();
      return Value::Boolean(CompareOrdered(op, a.reltime(), b.reltime()));
    default:
      return Value::Error();  // lists, ads
  }
}

// Real arithmetic (RealResult); real modulo is always error.
Value RealArithmetic(Op op, double a, double b) {
  double r;
  if (!operators_internal::RealResult(op, a, b, &r)) return Value::Error();
  return Value::Real(r);
}

Value IntegerArithmetic(Op op, int64_t a, int64_t b) {
  switch (op) {
    case Op::kAdd: return Value::Integer(WrapAdd(a, b));
    case Op::kSubtract: return Value::Integer(WrapSub(a, b));
    case Op::kMultiply: return Value::Integer(WrapMul(a, b));
    case Op::kDivide:
      if (b == 0) return Value::Error();
      if (a == std::numeric_limits<int64_t>::min() && b == -1) {
        return Value::Integer(std::numeric_limits<int64_t>::max());
      }
      return Value::Integer(a / b);
    case Op::kModulo:
      if (b == 0) return Value::Error();
      if (a == std::numeric_limits<int64_t>::min() && b == -1) return Value::Integer(0);
      return Value::Integer(a % b);
    default:
      return Value::Error();
  }
}

Value TimeArithmetic(Op op, const Value& a, const Value& b) {
  if (op == Op::kAdd) {
    if (a.IsAbsTime() && b.IsRelTime()) {
      return Value::AbsoluteTime({WrapAdd(a.abstime().seconds, RelTimeWholeSeconds(b.reltime())),
                                  a.abstime().offset});
    }
    if (a.IsRelTime() && b.IsAbsTime()) {
      return Value::AbsoluteTime({WrapAdd(b.abstime().seconds, RelTimeWholeSeconds(a.reltime())),
                                  b.abstime().offset});
    }
    if (a.IsRelTime() && b.IsRelTime()) return Value::RelTime(a.reltime() + b.reltime());
  } else if (op == Op::kSubtract) {
    if (a.IsAbsTime() && b.IsAbsTime()) {
      return Value::RelTime(static_cast<double>(WrapSub(a.abstime().seconds, b.abstime().seconds)));
    }
    if (a.IsAbsTime() && b.IsRelTime()) {
      return Value::AbsoluteTime({WrapSub(a.abstime().seconds, RelTimeWholeSeconds(b.reltime())),
                                  a.abstime().offset});
    }
    if (a.IsRelTime() && b.IsRelTime()) return Value::RelTime(a.reltime() - b.reltime());
  } else if (op == Op::kMultiply || op == Op::kDivide) {
    double factor;
    if (a.IsRelTime() && (b.IsInteger() || b.IsReal()) && b.ToReal(&factor)) {
      if (op == Op::kMultiply) return Value::RelTime(a.reltime() * factor);
      // As HTCondor: dividing by zero gives an infinite (or NaN) relative
      // time, which prints as its int arithmetic makes it (FormatRelTime).
      return Value::RelTime(a.reltime() / factor);
    }
    if (op == Op::kMultiply && b.IsRelTime() && (a.IsInteger() || a.IsReal()) &&
        a.ToReal(&factor)) {
      return Value::RelTime(factor * b.reltime());
    }
  }
  return Value::Error();
}

bool IsArithmeticOperand(const Value& v) {
  return v.IsInteger() || v.IsReal() || v.IsAbsTime() || v.IsRelTime() || v.IsBoolean();
}

Value Arithmetic(Op op, const Value& a, const Value& b) {
  if (!IsArithmeticOperand(a) || !IsArithmeticOperand(b)) return Value::Error();
  switch (Classify(a, b)) {
    case Coerced::kInteger: return IntegerArithmetic(op, AsInteger(a), AsInteger(b));
    case Coerced::kReal: return RealArithmetic(op, AsReal(a), AsReal(b));
    case Coerced::kAbsTime:
    case Coerced::kRelTime: return TimeArithmetic(op, a, b);
    default: return Value::Error();
  }
}

// HTCondor's shifts (operators.cpp, doBitwise) as they run on x86-64 built
// by g++: a shift count outside 0..63 is undefined behaviour in C++, and the
// shift instructions use the count's low 6 bits, so `1 << 64` is 1 and
// `1 << -1` is INT64_MIN. `>>` of a negative value shifts one bit at a time
// min(64, count) times (so 64 or more gives -1, a count <= 0 changes
// nothing); `>>>` of a negative value shifts once, clears the sign bit and
// shifts by count - 1 (masked: `-1 >>> 0` is 0).
Value Shift(Op op, int64_t value, int64_t count) {
  const uint64_t bits = static_cast<uint64_t>(value);
  const unsigned masked = static_cast<unsigned>(count) & 63;
  switch (op) {
    case Op::kShiftLeft:
      return Value::Integer(static_cast<int64_t>(bits << masked));
    case Op::kShiftRight:
      if (value >= 0) return Value::Integer(value >> masked);
      if (count <= 0) return Value::Integer(value);
      if (count >= 64) return Value::Integer(-1);
      return Value::Integer(value >> count);
    default: {  // kShiftRightLogical
      if (value >= 0) return Value::Integer(value >> masked);
      const int64_t half = (value >> 1) & std::numeric_limits<int64_t>::max();
      return Value::Integer(half >> ((static_cast<uint64_t>(count) - 1) & 63));
    }
  }
}

Value Bitwise(Op op, const Value& a, const Value& b) {
  if (!a.IsInteger() || !b.IsInteger()) return Value::Error();
  const int64_t x = a.integer(), y = b.integer();
  switch (op) {
    case Op::kBitOr: return Value::Integer(x | y);
    case Op::kBitAnd: return Value::Integer(x & y);
    case Op::kBitXor: return Value::Integer(x ^ y);
    default: return Shift(op, x, y);
  }
}

// && and || without the short-circuit: booleans as they are, numbers by
// being non-zero (ValueAsCondition), undefined and error as HTCondor.
Value Logical(Op op, const Value& a, const Value& b) {
  bool x = false, y = false;
  const bool a_bool = ValueAsCondition(a, &x);
  const bool b_bool = ValueAsCondition(b, &y);
  if (!a_bool && !a.IsExceptional()) return Value::Error();
  if (!b_bool && !b.IsExceptional()) return Value::Error();
  if (op == Op::kOr) {
    if (a_bool && x) return Value::Boolean(true);
    if (a.IsError()) return Value::Error();
    if (a_bool) return b_bool ? Value::Boolean(y) : b;  // a is false
    // a is undefined
    if (!b_bool) return b;
    return y ? Value::Boolean(true) : Value::Undefined();
  }
  // kAnd
  if (a_bool && !x) return Value::Boolean(false);
  if (a.IsError()) return Value::Error();
  if (a_bool) return b_bool ? Value::Boolean(y) : b;  // a is true
  if (!b_bool) return b;
  return y ? Value::Undefined() : Value::Boolean(false);
}

}  // namespace

Value ApplyUnaryOp(Op op, const Value& v) {
  if (op == Op::kPlus) {
    if (v.IsBoolean() || v.IsString() || v.IsList() || v.IsAd() || v.IsAbsTime()) {
      return Value::Error();
    }
    return v;
  }
  if (v.IsError()) return Value::Error();
  if (v.IsUndefined()) return Value::Undefined();
  switch (op) {
    case Op::kNegate:
      if (v.IsInteger()) return Value::Integer(WrapSub(0, v.integer()));
      if (v.IsReal()) return Value::Real(-v.real());
      if (v.IsRelTime()) return Value::RelTime(-v.reltime());
      return Value::Error();
    case Op::kNot: {
      bool truth;
      if (!ValueAsCondition(v, &truth)) return Value::Error();
      return Value::Boolean(!truth);
    }
    case Op::kBitNot:
      if (!v.IsInteger()) return Value::Error();
      return Value::Integer(~v.integer());
    default:
      return Value::Error();
  }
}

Value ApplyBinaryOp(Op op, const Value& left, const Value& right) {
  if (IsStrict(op)) {
    if (left.IsError() || right.IsError()) return Value::Error();
    if (left.IsUndefined() || right.IsUndefined()) return Value::Undefined();
  }
  switch (op) {
    case Op::kOr:
    case Op::kAnd:
      return Logical(op, left, right);
    case Op::kBitOr: case Op::kBitXor: case Op::kBitAnd:
    case Op::kShiftLeft: case Op::kShiftRight: case Op::kShiftRightLogical:
      return Bitwise(op, left, right);
    case Op::kEqual: case Op::kNotEqual: case Op::kIs: case Op::kIsnt:
    case Op::kLess: case Op::kLessEq: case Op::kGreater: case Op::kGreaterEq:
      return Compare(op, left, right);
    case Op::kAdd: case Op::kSubtract: case Op::kMultiply: case Op::kDivide: case Op::kModulo:
      return Arithmetic(op, left, right);
    default:
      return Value::Error();
  }
}

bool IdenticalValues(const Value& left, const Value& right) {
  Value v = Compare(Op::kIs, left, right);
  return v.IsBoolean() && v.boolean();
}

}  // namespace classad
