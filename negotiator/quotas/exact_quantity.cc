// Exact quantities (exact_quantity.h).
#include "negotiator/quotas/exact_quantity.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace negotiator {

namespace {

using boost::multiprecision::cpp_int;

// 10^n.
cpp_int PowerOfTen(unsigned n) { return boost::multiprecision::pow(cpp_int(10), n); }

// The index of the highest set bit of a positive integer.
int64_t HighBit(const cpp_int& n) { return static_cast<int64_t>(boost::multiprecision::msb(n)); }

}  // namespace

Quantity QuantityFromDouble(double value) {
  if (!std::isfinite(value) || value == 0) return Quantity(0);
  // Whole numbers (most usage and demand) need no decimal text.
  if (std::fabs(value) < 9e15 && value == std::trunc(value)) return Quantity(static_cast<int64_t>(value));
  // The shortest representation that reads back as `value`, e.g. "0.66",
  // "1e+100", "-2.5e-07".
  char text[64];
  const std::to_chars_result printed = std::to_chars(text, text + sizeof(text), value);
  const std::string_view s(text, static_cast<size_t>(printed.ptr - text));
  bool negative = false;
  std::string digits;
  int64_t exponent = 0;  // value = digits × 10^exponent
  size_t i = 0;
  if (i < s.size() && s[i] == '-') {
    negative = true;
    ++i;
  }
  bool after_point = false;
  for (; i < s.size() && s[i] != 'e'; ++i) {
    if (s[i] == '.') {
      after_point = true;
      continue;
    }
    digits.push_back(s[i]);
    if (after_point) --exponent;
  }
  if (i < s.size()) {  // 'e', then a signed decimal exponent
    int64_t e = 0;
    const char* begin = s.data() + i + 1;
    if (*begin == '+') ++begin;
    std::from_chars(begin, s.data() + s.size(), e);
    exponent += e;
  }
  // No leading zeros: cpp_int would read "066" as octal.
  const size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return Quantity(0);
  const cpp_int mantissa(digits.substr(first));
  Quantity q = exponent >= 0 ? Quantity(mantissa * PowerOfTen(static_cast<unsigned>(exponent)))
                             : Quantity(mantissa, PowerOfTen(static_cast<unsigned>(-exponent)));
  return negative ? Quantity(-q) : q;
}

double QuantityToDouble(const Quantity& q) {
  const cpp_int& num = boost::multiprecision::numerator(q);
  const cpp_int& den = boost::multiprecision::denominator(q);
  if (num == 0) return 0;
  const bool negative = num < 0;
  const cpp_int a = negative ? cpp_int(-num) : num;
  // A quotient of about 64 significant bits, then scaled back by 2^-shift.
  const int64_t shift = 64 - (HighBit(a) - HighBit(den));
  cpp_int quotient;
  if (shift >= 0) {
    quotient = (a << static_cast<unsigned>(shift)) / den;
  } else {
    quotient = a / (den << static_cast<unsigned>(-shift));
  }
  const double mantissa = quotient.convert_to<double>();
  constexpr int64_t kMaxShift = 1 << 20;  // far beyond any double's exponent
  const int scale = static_cast<int>(shift > kMaxShift ? kMaxShift : (shift < -kMaxShift ? -kMaxShift : shift));
  const double result = std::ldexp(mantissa, -scale);
  return negative ? -result : result;
}

Quantity Floor(const Quantity& q) {
  const cpp_int& num = boost::multiprecision::numerator(q);
  const cpp_int& den = boost::multiprecision::denominator(q);
  cpp_int whole = num / den;  // truncates toward zero
  if (num < 0 && whole * den != num) whole -= 1;
  return Quantity(whole);
}

int64_t TruncateClamped(const Quantity& q, int64_t low, int64_t high) {
  const cpp_int whole = boost::multiprecision::numerator(q) / boost::multiprecision::denominator(q);
  if (whole < low) return low;
  if (whole > high) return high;
  return whole.convert_to<int64_t>();
}

}  // namespace negotiator
