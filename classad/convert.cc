// Conversions between value types: int(), real(), string(), bool() and the
// text strcat() and friends build from values.
//
// Strings are read as HTCondor's library reads them, with C's strtod() in
// the C locale: leading white space, an optional sign, the longest number
// prefix, hexadecimal included ("0x1A" is 26, "0x1p3" is 8), "inf",
// "infinity" and "nan" in any case. int() truncates that double, so integer
// strings above 2^53 lose precision and out-of-range ones give INT64_MIN
// (TruncateLikeX86).

#include "classad/convert.h"

#include <locale.h>
#include <stdlib.h>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "classad/time_util.h"
#include "classad/unparse.h"

namespace classad {
namespace {

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

// The C locale, so that reading numbers never depends on the process locale.
locale_t CLocale() {
  static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(0));
  return c_locale;
}

// strtod() of `text` in the C locale; false (HTCondor's test) when nothing
// was read and the result is 0.
bool StringToDouble(std::string_view text, double* out) {
  const std::string copy(text);  // NUL-terminated
  char* end = nullptr;
  locale_t c_locale = CLocale();
  *out = c_locale == static_cast<locale_t>(0) ? strtod(copy.c_str(), &end)
                                              : strtod_l(copy.c_str(), &end, c_locale);
  return !(end == copy.c_str() && *out == 0.0);
}

// int() of a string: the strtod() reading truncated (HTCondor's cast).
Value StringToInteger(std::string_view text) {
  double r = 0;
  if (!StringToDouble(text, &r)) return Value::Error();
  return Value::Integer(TruncateLikeX86(r));
}

// real() of a string.
Value StringToReal(std::string_view text) {
  double r = 0;
  if (!StringToDouble(text, &r)) return Value::Error();
  return Value::Real(r);
}

// ASCII case-insensitive equality.
bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && HasWordAt(a, 0, b);
}

}  // namespace

int64_t TruncateLikeX86(double r) {
  if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0)) {
    return std::numeric_limits<int64_t>::min();
  }
  return static_cast<int64_t>(r);
}

int32_t TruncateToIntLikeX86(double r) {
  if (!(r > -2147483649.0 && r < 2147483648.0)) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(r);
}

int32_t RelTimeWholeSeconds(double seconds) { return TruncateToIntLikeX86(seconds); }

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
      // HTCondor reads the relative time into a time_t first: whole seconds.
      out->assign(FormatRelTime(static_cast<double>(RelTimeWholeSeconds(value.reltime()))));
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

bool StrtodSurprises(std::string_view text, bool for_integer) {
  constexpr std::string_view kSpace = " \t\n\r\f\v";
  const size_t first = text.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return false;
  text = text.substr(first, text.find_last_not_of(kSpace) - first + 1);
  const std::string_view digits =
      text.starts_with("-") || text.starts_with("+") ? text.substr(1) : text;
  const bool hex = digits.size() > 1 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  auto starts_no_case = [&](std::string_view word) {
    return digits.size() >= word.size() && EqualsIgnoreCase(digits.substr(0, word.size()), word);
  };
  const bool special = starts_no_case("inf") || starts_no_case("nan");
  const bool long_integer = for_integer && digits.size() > 15 &&
                            digits.find_first_not_of("0123456789") == std::string_view::npos;
  return hex || special || long_integer;
}

Value ConvertToInteger(const Value& value) {
  switch (value.type()) {
    case ValueType::kUndefined: return Value::Undefined();
    case ValueType::kInteger: return value;
    case ValueType::kBoolean: return Value::Integer(value.boolean() ? 1 : 0);
    case ValueType::kReal: return Value::Integer(TruncateLikeX86(value.real()));
    case ValueType::kRelTime: return Value::Integer(RelTimeWholeSeconds(value.reltime()));
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
    // HTCondor reads a relative time as whole seconds (a time_t) here.
    case ValueType::kRelTime:
      return Value::Real(static_cast<double>(RelTimeWholeSeconds(value.reltime())));
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
    case ValueType::kRelTime: return Value::Boolean(RelTimeWholeSeconds(value.reltime()) != 0);
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
