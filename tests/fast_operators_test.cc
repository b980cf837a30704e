// TryFastBinaryOp: where it answers, it answers exactly as ApplyBinaryOp
// (type and bits), for every binary operator over values of every kind,
// extreme numbers included.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "classad/operators.h"
#include "classad/unparse.h"

namespace classad {
namespace {

// Same type and same bits (reals compared bit for bit, so NaN equals NaN
// and -0.0 differs from 0.0); strings byte for byte.
bool SameResult(const Value& a, const Value& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case ValueType::kBoolean: return a.boolean() == b.boolean();
    case ValueType::kInteger: return a.integer() == b.integer();
    case ValueType::kReal: {
      const double x = a.real(), y = b.real();
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    case ValueType::kString: return a.string() == b.string();
    default: return UnparseValue(a) == UnparseValue(b);
  }
}

TEST(FastOperatorsTest, AgreeWithApplyBinaryOpWhereverTheyAnswer) {
  const double inf = std::numeric_limits<double>::infinity();
  const double big = std::numeric_limits<double>::max();
  const std::vector<Value> values = {
      Value::Integer(0), Value::Integer(1), Value::Integer(-7), Value::Integer(1 << 30),
      Value::Integer(std::numeric_limits<int64_t>::max()),
      Value::Integer(std::numeric_limits<int64_t>::min()), Value::Real(0.0), Value::Real(-0.0),
      Value::Real(0.3), Value::Real(-2.5), Value::Real(1e308), Value::Real(big),
      Value::Real(-big), Value::Real(inf), Value::Real(-inf), Value::Real(std::nan("")),
      Value::Real(4.9e-324), Value::Boolean(true), Value::Boolean(false), Value::String("abc"),
      Value::String("ABC"), Value::String(""), Value::Undefined(), Value::Error(),
      Value::RelTime(60.0)};
  int answered = 0, real_arithmetic = 0;
  for (int op_index = static_cast<int>(Op::kOr); op_index <= static_cast<int>(Op::kModulo);
       ++op_index) {
    const Op op = static_cast<Op>(op_index);
    for (const Value& a : values) {
      for (const Value& b : values) {
        Value fast = Value::String("untouched");
        if (!TryFastBinaryOp(op, a, b, &fast)) {
          EXPECT_EQ(fast.string(), "untouched") << OpSpelling(op);
          continue;
        }
        ++answered;
        if (fast.IsReal()) ++real_arithmetic;
        const Value general = ApplyBinaryOp(op, a, b);
        EXPECT_TRUE(SameResult(fast, general))
            << UnparseValue(a) << " " << OpSpelling(op) << " " << UnparseValue(b)
            << ": fast " << UnparseValue(fast) << ", general " << UnparseValue(general);
      }
    }
  }
  EXPECT_GT(answered, 1000);
  EXPECT_GT(real_arithmetic, 300);  // real +, -, *, / are among the answered
}

// An operand may be the output: both are read before it is written.
TEST(FastOperatorsTest, TheOutputMayBeAnOperand) {
  Value a = Value::Real(0.5), b = Value::Integer(2);
  ASSERT_TRUE(TryFastBinaryOp(Op::kSubtract, a, b, &a));
  EXPECT_EQ(a.real(), -1.5);
  ASSERT_TRUE(TryFastBinaryOp(Op::kMultiply, a, b, &b));
  EXPECT_EQ(b.real(), -3.0);
}

// +infinity from real arithmetic is error, which the general path gives.
TEST(FastOperatorsTest, LeaveAPositiveInfinityToTheGeneralPath) {
  const double big = std::numeric_limits<double>::max();
  Value out;
  EXPECT_FALSE(TryFastBinaryOp(Op::kAdd, Value::Real(big), Value::Real(big), &out));
  EXPECT_TRUE(ApplyBinaryOp(Op::kAdd, Value::Real(big), Value::Real(big)).IsError());
  ASSERT_TRUE(TryFastBinaryOp(Op::kSubtract, Value::Real(-big), Value::Real(big), &out));
  EXPECT_EQ(out.real(), -std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace classad
