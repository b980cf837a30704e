// Math functions: floor(), ceiling()/ceil(), round(), pow(), quantize() and
// random().
//
// As HTCondor's library computes them: a double cast to a 64-bit integer
// gives what x86-64 gives (TruncateLikeX86: floor(1e30), round(NaN) and
// pow(2, 63) are INT64_MIN), integer pow() goes through a double (pow(-2, 3)
// is -7), integer quantize() uses C's truncating division (quantize(3, -2)
// is 0). The htcondor-quirk checks of policy_lint name these.

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/convert.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/value.h"

namespace classad {
namespace {

// --- rounding ----------------------------------------------------------------

// A real rounded by `rounder`, cast to an integer as HTCondor does.
Value RoundedToInteger(double r, double (*rounder)(double)) {
  return Value::Integer(TruncateLikeX86(rounder(r)));
}

// round-half-to-even in the default floating-point environment.
double RoundHalfEven(double r) { return std::nearbyint(r); }
double Floor(double r) { return std::floor(r); }
double Ceil(double r) { return std::ceil(r); }

// f(x) for floor/ceiling/round: integers unchanged; anything else goes
// through real() and is rounded by `rounder` (error when real() fails, for
// undefined too, as the manual says).
template <double (*kRounder)(double)>
Value RoundCall(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  Value arg = EvalArg(ctx, args, 0);
  if (arg.IsInteger()) return arg;
  Value real = ConvertToReal(arg);
  if (!real.IsReal()) return Value::Error();
  return RoundedToInteger(real.real(), kRounder);
}

// --- pow ---------------------------------------------------------------------

// base^exponent for integers, exponent >= 0, as HTCondor computes it:
// std::pow on doubles, plus 0.5, cast to an integer (TruncateLikeX86).
Value IntegerPower(int64_t base, int64_t exponent) {
  const double power = std::pow(static_cast<double>(base), static_cast<double>(exponent));
  return Value::Integer(TruncateLikeX86(power + 0.5));
}

// Whether `power` is base^exponent exactly (exponent >= 0), computed
// without a double; false when the exact power does not fit in 64 bits.
bool IsExactPower(int64_t base, int64_t exponent, int64_t power) {
  int64_t exact = 1;
  for (int64_t i = 0; i < exponent; ++i) {
    if (__builtin_mul_overflow(exact, base, &exact)) return false;
    if (exact == 0 || exact == 1) break;  // stays 0 or 1 (base 0 or 1)
    if (exact == -1) {  // base -1: the sign of the remaining steps decides
      if ((exponent - i - 1) % 2 != 0) exact = 1;
      break;
    }
  }
  return exact == power;
}

// pow(base, exponent): an integer when both are integers and the exponent is
// not negative, otherwise a real computed with std::pow after real();
// error when either has no real value.
Value Pow(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 2) return Value::Error();
  Value base = EvalArg(ctx, args, 0);
  Value exponent = EvalArg(ctx, args, 1);
  if (base.IsInteger() && exponent.IsInteger() && exponent.integer() >= 0) {
    Value power = IntegerPower(base.integer(), exponent.integer());
    if (ctx.options().quirk_notes != nullptr &&
        !IsExactPower(base.integer(), exponent.integer(), power.integer())) {
      ctx.NoteQuirk(Quirk::kIntegerPow);
    }
    return power;
  }
  Value real_base = ConvertToReal(base);
  Value real_exponent = ConvertToReal(exponent);
  if (!real_base.IsReal() || !real_exponent.IsReal()) return Value::Error();
  return Value::Real(std::pow(real_base.real(), real_exponent.real()));
}

// --- quantize ----------------------------------------------------------------

// HTCondor's integer quantize: ((value + quantum - 1) / quantum) * quantum
// with C's truncating division and x86's wrap-around (so a negative quantum
// or value may not round up: quantize(3, -2) is 0). The one case where
// HTCondor's division traps (INT64_MIN / -1) gives error here.
Value IntegerQuantize(int64_t value, int64_t quantum) {
  const auto wrap = [](uint64_t u) { return static_cast<int64_t>(u); };
  const int64_t dividend =
      wrap(static_cast<uint64_t>(value) + static_cast<uint64_t>(quantum) - 1);
  if (dividend == INT64_MIN && quantum == -1) return Value::Error();
  return Value::Integer(wrap(static_cast<uint64_t>(dividend / quantum) *
                             static_cast<uint64_t>(quantum)));
}

// Rounds `value` (whose real value is `real_value`) up to a multiple of
// `quantum`: an integer result for integer operands, a real one otherwise;
// `value` itself when the quantum is zero.
Value QuantizeTo(const Value& value, double real_value, const Value& quantum) {
  if (quantum.IsInteger()) {
    if (quantum.integer() == 0) return value;
    if (value.IsInteger()) return IntegerQuantize(value.integer(), quantum.integer());
    double q = static_cast<double>(quantum.integer());
    return Value::Real(std::ceil(real_value / q) * q);
  }
  Value real_quantum = ConvertToReal(quantum);
  if (!real_quantum.IsReal()) return Value::Error();
  double q = real_quantum.real();
  const double kEpsilon = 1e-8;
  if (q >= -kEpsilon && q <= kEpsilon) return value;
  return Value::Real(std::ceil(real_value / q) * q);
}

// quantize(a, b): a rounded up to a multiple of b. When b is a list, the
// first element (evaluated in order) whose real value is >= a is returned
// as it is; when none is, a is rounded up to a multiple of the last one
// (an empty list leaves a unchanged). error when a or a considered element
// has no real value.
Value Quantize(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 2) return Value::Error();
  Value value = EvalArg(ctx, args, 0);
  Value quantum = EvalArg(ctx, args, 1);
  Value real_value = ConvertToReal(value);
  if (!real_value.IsReal()) return Value::Error();
  if (!quantum.IsList()) {
    if (quantum.IsInteger() && quantum.integer() < 0 && value.IsInteger()) {
      ctx.NoteQuirk(Quirk::kQuantize);
    }
    return QuantizeTo(value, real_value.real(), quantum);
  }

  Value last = Value::Real(0.0);
  for (const ExprPtr& item : quantum.list()) {
    if (!ctx.Charge(1)) return Value::Error();
    last = ctx.EvaluateElement(quantum, *item);
    Value real_item = ConvertToReal(last);
    if (!real_item.IsReal()) return Value::Error();
    if (real_item.real() >= real_value.real()) return last;
  }
  if (last.IsInteger() && last.integer() < 0 && value.IsInteger()) {
    ctx.NoteQuirk(Quirk::kQuantize);
  }
  return QuantizeTo(value, real_value.real(), last);
}

// --- random ------------------------------------------------------------------

// random([x]): an integer in [0, x) for a positive integer x, a real in
// [0, x) for a positive real x, a real in [0, 1) without an argument;
// error otherwise. Each call seeds its own engine: no shared state.
Value Random(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() > 1) return Value::Error();
  Value limit = args.empty() ? Value::Real(1.0) : EvalArg(ctx, args, 0);
  std::random_device seed;
  std::mt19937_64 engine(seed());
  if (limit.IsInteger()) {
    if (limit.integer() <= 0) return Value::Error();
    std::uniform_int_distribution<int64_t> pick(0, limit.integer() - 1);
    return Value::Integer(pick(engine));
  }
  if (limit.IsReal()) {
    if (!(limit.real() > 0.0) || !std::isfinite(limit.real())) return Value::Error();
    std::uniform_real_distribution<double> pick(0.0, limit.real());
    double r = pick(engine);
    return Value::Real(r < limit.real() ? r : 0.0);
  }
  return Value::Error();
}

}  // namespace

void RegisterMathBuiltins(BuiltinTableBuilder& table) {
  table.Add("floor", RoundCall<Floor>);
  table.Add("ceiling", RoundCall<Ceil>);
  table.Add("ceil", RoundCall<Ceil>);
  table.Add("round", RoundCall<RoundHalfEven>);
  table.Add("pow", Pow);
  table.Add("quantize", Quantize);
  table.Add("random", Random);
}

}  // namespace classad
