// Conversions between value types: int(), real(), string(), bool() and the
// text strcat() and friends build from values.
//
// Strings are read the way C's strtod() reads them (leading white space, an
// optional sign, the longest decimal number prefix; "inf", "infinity" and
// "nan" in any case), but decimal only: HTCondor's library goes through
// strtod() and so accepts hexadecimal ("0x1A" -> 26), which its manual does
// not intend (int() is documented as atoi()-like). Here "0x1A" reads as 0.
// Integer strings are read exactly, not through a double, and a number that
// does not fit in 64 bits gives error instead of an out-of-range cast.

#include "classad/convert.h"

#include <locale.h>
#include <stdlib.h>

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

#include "classad/time_util.h"
#include "classad/unparse.h"

namespace classad {
namespace {

// The numeric prefix of a string, as found by ScanNumberPrefix.
struct NumberPrefix {
  std::string text;       // sign and number, ready for strtod/from_chars
  bool integral = false;  // only digits: no point, exponent, inf or nan
};

// True for the bytes C's isspace() accepts in the C locale.
bool IsCSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// ASCII case-insensitive test that `text` starts with `word` at `pos`.
bool HasWordAt(std::string_view text, size_t pos, std::string_view word) {
  if (text.size() - pos < word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    char c = text[pos + i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != word[i]) return false;
  }
  return true;
}

// Length of "inf", "infinity" or "nan[(chars)]" at `pos`, or 0.
size_t SpecialNumberLength(std::string_view text, size_t pos) {
  if (HasWordAt(text, pos, "infinity")) return 8;
  if (HasWordAt(text, pos, "inf")) return 3;
  if (!HasWordAt(text, pos, "nan")) return 0;
  size_t end = pos + 3;
  if (end < text.size() && text[end] == '(') {
    size_t close = end + 1;
    while (close < text.size() &&
           (IsDigit(text[close]) || text[close] == '_' ||
            (text[close] >= 'a' && text[close] <= 'z') ||
            (text[close] >= 'A' && text[close] <= 'Z'))) {
      ++close;
    }
    if (close < text.size() && text[close] == ')') end = close + 1;
  }
  return end - pos;
}

// Length of a decimal number "d+[.d*]" or ".d+" with an optional exponent
// at `pos`, or 0 when there is none. Sets *integral when it has neither a
// point nor an exponent.
size_t DecimalNumberLength(std::string_view text, size_t pos, bool* integral) {
  size_t i = pos;
  size_t digits = 0;
  while (i < text.size() && IsDigit(text[i])) { ++i; ++digits; }
  *integral = true;
  if (i < text.size() && text[i] == '.') {
    size_t j = i + 1;
    size_t fraction = 0;
    while (j < text.size() && IsDigit(text[j])) { ++j; ++fraction; }
    if (digits + fraction > 0) {
      i = j;
      digits += fraction;
      *integral = false;
    }
  }
  if (digits == 0) return 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    size_t exponent_start = j;
    while (j < text.size() && IsDigit(text[j])) ++j;
    if (j > exponent_start) {
      i = j;
      *integral = false;
    }
  }
  return i - pos;
}

// Finds the number a string starts with, as strtod() would (decimal only).
// Returns false when the string does not start with a number.
bool ScanNumberPrefix(std::string_view text, NumberPrefix* out) {
  size_t pos = 0;
  while (pos < text.size() && IsCSpace(text[pos])) ++pos;
  size_t sign_pos = pos;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) ++pos;
  bool integral = false;
  size_t length = SpecialNumberLength(text, pos);
  if (length == 0) length = DecimalNumberLength(text, pos, &integral);
  if (length == 0) return false;
  out->text.assign(text.substr(sign_pos, pos + length - sign_pos));
  out->integral = integral;
  return true;
}

// The C locale, so that reading numbers never depends on the process locale.
locale_t CLocale() {
  static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(0));
  return c_locale;
}

// Reads a number found by ScanNumberPrefix as a double (overflow gives
// +-INF and underflow 0, as strtod does).
double PrefixToDouble(const NumberPrefix& prefix) {
  locale_t c_locale = CLocale();
  if (c_locale == static_cast<locale_t>(0)) return strtod(prefix.text.c_str(), nullptr);
  return strtod_l(prefix.text.c_str(), nullptr, c_locale);
}

// Reads an integral prefix exactly. Returns false when it does not fit.
bool PrefixToInt64(const NumberPrefix& prefix, int64_t* out) {
  const char* begin = prefix.text.data();
  const char* end = begin + prefix.text.size();
  if (*begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, *out);
  return ec == std::errc() && ptr == end;
}

// A real truncated toward zero, or error when it is NaN, infinite or
// outside the 64-bit range.
Value TruncateToInteger(double r) {
  if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0)) return Value::Error();
  return Value::Integer(static_cast<int64_t>(r));
}

// int() of a string.
Value StringToInteger(std::string_view text) {
  NumberPrefix prefix;
  if (!ScanNumberPrefix(text, &prefix)) return Value::Error();
  if (prefix.integral) {
    int64_t i = 0;
    if (!PrefixToInt64(prefix, &i)) return Value::Error();
    return Value::Integer(i);
  }
  return TruncateToInteger(PrefixToDouble(prefix));
}

// real() of a string.
Value StringToReal(std::string_view text) {
  NumberPrefix prefix;
  if (!ScanNumberPrefix(text, &prefix)) return Value::Error();
  return Value::Real(PrefixToDouble(prefix));
}

// ASCII case-insensitive equality.
bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && HasWordAt(a, 0, b);
}

}  // namespace

bool ValueToString(const Value& value, std::string* out) {
  out->clear();
  switch (value.type()) {
    case ValueType::kUndefined:
    case ValueType::kError:
      return false;
    case ValueType::kString:
      out->assign(value.string());
      return true;
    case ValueType::kAbsTime:
      out->assign(FormatAbsTime(value.abstime()));
      return true;
    case ValueType::kRelTime:
      out->assign(FormatRelTime(value.reltime()));
      return true;
    case ValueType::kBoolean:
    case ValueType::kInteger:
    case ValueType::kReal:
    case ValueType::kList:
    case ValueType::kAd:
      UnparseValueTo(value, out);
      return true;
  }
  return false;
}

Value ConvertToInteger(const Value& value) {
  switch (value.type()) {
    case ValueType::kUndefined: return Value::Undefined();
    case ValueType::kInteger: return value;
    case ValueType::kBoolean: return Value::Integer(value.boolean() ? 1 : 0);
    case ValueType::kReal: return TruncateToInteger(value.real());
    case ValueType::kRelTime: return TruncateToInteger(value.reltime());
    case ValueType::kAbsTime: return Value::Integer(value.abstime().seconds);
    case ValueType::kString: return StringToInteger(value.string());
    case ValueType::kError:
    case ValueType::kList:
    case ValueType::kAd:
      return Value::Error();
  }
  return Value::Error();
}

Value ConvertToReal(const Value& value) {
  switch (value.type()) {
    case ValueType::kUndefined: return Value::Undefined();
    case ValueType::kReal: return value;
    case ValueType::kInteger: return Value::Real(static_cast<double>(value.integer()));
    case ValueType::kBoolean: return Value::Real(value.boolean() ? 1.0 : 0.0);
    case ValueType::kRelTime: return Value::Real(value.reltime());
    case ValueType::kAbsTime: return Value::Real(static_cast<double>(value.abstime().seconds));
    case ValueType::kString: return StringToReal(value.string());
    case ValueType::kError:
    case ValueType::kList:
    case ValueType::kAd:
      return Value::Error();
  }
  return Value::Error();
}

Value ConvertToStringValue(const Value& value) {
  if (value.IsUndefined()) return Value::Undefined();
  if (value.IsString()) return value;
  std::string text;
  if (!ValueToString(value, &text)) return Value::Error();
  return Value::String(std::move(text));
}

Value ConvertToBoolean(const Value& value) {
  switch (value.type()) {
    case ValueType::kUndefined: return Value::Undefined();
    case ValueType::kBoolean: return value;
    case ValueType::kInteger: return Value::Boolean(value.integer() != 0);
    case ValueType::kReal: return Value::Boolean(value.real() != 0.0);
    case ValueType::kRelTime: return Value::Boolean(value.reltime() != 0.0);
    case ValueType::kString:
      if (EqualsIgnoreCase(value.string(), "true")) return Value::Boolean(true);
      if (EqualsIgnoreCase(value.string(), "false")) return Value::Boolean(false);
      return Value::Undefined();
    case ValueType::kError:
    case ValueType::kList:
    case ValueType::kAd:
    case ValueType::kAbsTime:
      return Value::Error();
  }
  return Value::Error();
}

}  // namespace classad
