// Parsing and printing of absolute and relative times.
//
// The accepted forms follow HTCondor's ClassAd library; where that library
// normalises or misreads input by accident (out-of-range fields, missing
// fields, the epoch-minus-one-second hole, badly padded fractions) we
// choose the evident intent instead (see docs/compatibility.md). Calendar
// arithmetic is our own proleptic-Gregorian code: nothing here reads the
// process time zone or locale.

#include "classad/time_util.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace classad {

namespace {

constexpr int64_t kSecondsPerDay = 86400;

// ASCII-only character classes: the C ones depend on the locale and are
// undefined for negative chars.
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

int DaysInMonth(int64_t year, int month) {
  static const int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return (month == 2 && IsLeapYear(year)) ? 29 : kDays[month - 1];
}

// ---------------------------------------------------------------------------
// absTime strings

// A numeric zone "+hhmm"/"-hhmm" at text[pos, pos+5): stores its offset in
// seconds east of UTC. Returns false when those five characters are not a
// well-formed zone.
bool ReadNumericZone(std::string_view text, size_t pos, int32_t* offset) {
  if (pos + 5 > text.size()) return false;
  const char sign = text[pos];
  if (sign != '+' && sign != '-') return false;
  for (size_t i = pos + 1; i < pos + 5; ++i) {
    if (!IsDigit(text[i])) return false;
  }
  const int hours = (text[pos + 1] - '0') * 10 + (text[pos + 2] - '0');
  const int minutes = (text[pos + 3] - '0') * 10 + (text[pos + 4] - '0');
  if (hours > 23 || minutes > 59) return false;
  const int32_t magnitude = hours * 3600 + minutes * 60;
  *offset = sign == '-' ? -magnitude : magnitude;
  return true;
}

// Removes a trailing zone ("Z", "+hhmm", "+hh:mm", either sign) from `text`
// (already free of trailing spaces). Sets *has_zone and *offset when one was
// found. A trailing "+..." that is not a well-formed zone is left in place.
void StripZone(std::string_view* text, bool* has_zone, int32_t* offset) {
  *has_zone = false;
  *offset = 0;
  const size_t n = text->size();
  if (n >= 2 && (text->back() == 'z' || text->back() == 'Z')) {
    *has_zone = true;
    text->remove_suffix(1);
    return;
  }
  if (n > 5 && ReadNumericZone(*text, n - 5, offset)) {
    *has_zone = true;
    text->remove_suffix(5);
    return;
  }
  if (n > 6 && (*text)[n - 3] == ':') {
    std::string joined(text->substr(n - 6, 3));
    joined.append(text->substr(n - 2));
    if (ReadNumericZone(joined, 0, offset)) {
      *has_zone = true;
      text->remove_suffix(6);
    }
  }
}

// Advances *pos past non-digits.
void SkipNonDigits(std::string_view text, size_t* pos) {
  while (*pos < text.size() && !IsDigit(text[*pos])) ++*pos;
}

// Reads an optional two-character field at *pos (the caller has skipped to
// a digit): one or two digits, the second position possibly a separator,
// as the reference reads it. Returns false (and leaves *value) when fewer
// than two characters remain.
bool ReadTwoCharField(std::string_view text, size_t* pos, int* value) {
  if (*pos + 2 > text.size()) return false;
  const char first = text[*pos];
  const char second = text[*pos + 1];
  *value = IsDigit(second) ? (first - '0') * 10 + (second - '0') : first - '0';
  *pos += 2;
  return true;
}

// The date-time fields of an absTime string, defaults filled in.
struct DateTimeFields {
  int64_t year = 0;
  int month = 1;
  int day = 1;
  int hour = 0;
  int minute = 0;
  int second = 0;
};

// Reads "D* dddd [D* dd [D* dd [D* dd [D* dd [D* dd]]]]] D*" (D a non-digit)
// from `text` (zone already removed). Returns false on malformed text.
bool ReadDateTimeFields(std::string_view text, DateTimeFields* fields) {
  size_t pos = 0;
  SkipNonDigits(text, &pos);
  if (pos + 4 > text.size()) return false;
  int64_t year = 0;
  for (size_t i = pos; i < pos + 4; ++i) {
    if (!IsDigit(text[i])) return false;
    year = year * 10 + (text[i] - '0');
  }
  fields->year = year;
  pos += 4;
  int* const later_fields[] = {&fields->month, &fields->day, &fields->hour,
                               &fields->minute, &fields->second};
  for (int* field : later_fields) {
    SkipNonDigits(text, &pos);
    ReadTwoCharField(text, &pos, field);
  }
  SkipNonDigits(text, &pos);
  return pos == text.size();  // no digit may follow the seconds
}

// Whether every field is within its calendar range.
bool FieldsInRange(const DateTimeFields& f) {
  return f.month >= 1 && f.month <= 12 && f.day >= 1 &&
         f.day <= DaysInMonth(f.year, f.month) && f.hour <= 23 && f.minute <= 59 &&
         f.second <= 59;
}

// ---------------------------------------------------------------------------
// relTime strings

// Moves *i (an index into text, -1 when before the start) back over spaces.
void SkipSpacesBackward(std::string_view text, int64_t* i) {
  while (*i >= 0 && IsSpace(text[*i])) --*i;
}

// Collects the digits that end at *i (scanning backward) and returns them
// in reading order.
std::string_view DigitsBackward(std::string_view text, int64_t* i) {
  const int64_t end = *i + 1;
  while (*i >= 0 && IsDigit(text[*i])) --*i;
  return text.substr(static_cast<size_t>(*i + 1), static_cast<size_t>(end - (*i + 1)));
}

// Value of a run of digits (empty means 0). False when it is too long to be
// a sensible count.
bool DigitsValue(std::string_view digits, double* value) {
  if (digits.size() > 15) return false;
  int64_t n = 0;
  for (char c : digits) n = n * 10 + (c - '0');
  *value = static_cast<double>(n);
  return true;
}

// Reads the optional component that ends at *i with one of the marker
// characters `markers` (a unit letter or a separator) and adds its digits
// times `unit` seconds to *total.
bool ReadComponentBackward(std::string_view text, int64_t* i, const char* markers,
                           double unit, double* total) {
  SkipSpacesBackward(text, i);
  if (*i < 0 || std::string_view(markers).find(text[*i]) == std::string_view::npos) {
    return true;
  }
  --*i;
  SkipSpacesBackward(text, i);
  double count = 0;
  if (!DigitsValue(DigitsBackward(text, i), &count)) return false;
  *total += count * unit;
  return true;
}

// Reads the optional seconds that end the text: "[digits][.digits][s]".
bool ReadSecondsBackward(std::string_view text, int64_t* i, double* total) {
  SkipSpacesBackward(text, i);
  if (*i < 0) return true;
  const char last = text[*i];
  if (last != 's' && last != 'S' && !IsDigit(last)) return true;
  if (!IsDigit(last)) --*i;
  SkipSpacesBackward(text, i);
  const int64_t end = *i + 1;
  DigitsBackward(text, i);
  if (*i >= 0 && text[*i] == '.') {
    --*i;
    DigitsBackward(text, i);
  }
  std::string_view number =
      text.substr(static_cast<size_t>(*i + 1), static_cast<size_t>(end - (*i + 1)));
  if (number.empty()) return true;
  double seconds = 0;
  auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), seconds);
  if (ec != std::errc() || ptr != number.data() + number.size()) {
    // "5." or "." : from_chars wants a digit after the point.
    std::string padded(number);
    padded += '0';
    auto [p2, e2] = std::from_chars(padded.data(), padded.data() + padded.size(), seconds);
    if (e2 != std::errc() || p2 != padded.data() + padded.size()) return false;
  }
  *total += seconds;
  return true;
}

// ---------------------------------------------------------------------------
// Printing

// Appends `value` zero-padded to at least `width` digits (value >= 0).
void AppendPadded(int64_t value, int width, std::string* out) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%0*lld", width, static_cast<long long>(value));
  out->append(buf);
}

// %g of a non-negative number, locale-independent.
std::string FormatG(double value) {
  char buf[64];
  auto result = std::to_chars(buf, buf + sizeof(buf), value, std::chars_format::general, 6);
  return std::string(buf, result.ptr);
}

// %g's six significant digits of a positive number below 1e-4 (where %g
// would write an exponent), in fixed notation: 3.17053e-24 is
// "0.00000000000000000000000317053". Locale-independent.
std::string FormatFixedSignificant(double value) {
  const int exponent = static_cast<int>(std::floor(std::log10(value)));
  char buf[400];  // the smallest double needs 5 + 324 decimals
  auto result = std::to_chars(buf, buf + sizeof(buf), value, std::chars_format::fixed,
                              5 - exponent);
  std::string text(buf, result.ptr);
  // As %g: no trailing zeros, no bare point.
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

// The seconds field of a relative time: "%02d" when whole, otherwise %g
// (in fixed notation where %g would write an exponent, which a relative
// time's text cannot hold), with a leading zero when `padded` (a minutes
// field precedes it) and only one integer digit would be shown.
void AppendSeconds(double seconds, bool has_fraction, bool padded, std::string* out) {
  if (!has_fraction) {
    AppendPadded(static_cast<int64_t>(seconds), 2, out);
    return;
  }
  std::string text = FormatG(seconds);
  if (text.find('e') != std::string::npos) text = FormatFixedSignificant(seconds);
  if (padded) {
    size_t int_digits = 0;
    while (int_digits < text.size() && IsDigit(text[int_digits])) ++int_digits;
    const bool plain = int_digits == text.size() || text[int_digits] == '.';
    if (plain && int_digits < 2) out->push_back('0');
  }
  out->append(text);
}

}  // namespace

bool ParseAbsTimeString(std::string_view text, AbsTime* out) {
  while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
  bool has_zone = false;
  int32_t offset = 0;
  StripZone(&text, &has_zone, &offset);
  DateTimeFields fields;
  if (!ReadDateTimeFields(text, &fields) || !FieldsInRange(fields)) return false;
  const int64_t local = DaysFromCivil(fields.year, fields.month, fields.day) * kSecondsPerDay +
                        fields.hour * 3600 + fields.minute * 60 + fields.second;
  out->seconds = local - offset;  // no zone means UTC: offset 0
  out->offset = offset;
  return true;
}

bool ParseRelTimeString(std::string_view text, double* seconds) {
  int64_t i = static_cast<int64_t>(text.size()) - 1;
  double total = 0;
  if (!ReadSecondsBackward(text, &i, &total) ||
      !ReadComponentBackward(text, &i, "mM:", 60, &total) ||
      !ReadComponentBackward(text, &i, "hH:", 3600, &total) ||
      !ReadComponentBackward(text, &i, "dD+", kSecondsPerDay, &total)) {
    return false;
  }
  SkipSpacesBackward(text, &i);
  bool negative = false;
  if (i >= 0 && text[i] == '-') {
    negative = true;
    --i;
  }
  SkipSpacesBackward(text, &i);
  // The day count, however the text spells the time, must fit in the 15
  // digits read back above, so that FormatRelTime's text parses again; one
  // day of margin, as its day count is rounded beyond 2^53 seconds.
  constexpr double kLimit = (1e15 - 1) * static_cast<double>(kSecondsPerDay);
  if (i >= 0 || !std::isfinite(total) || total >= kLimit) return false;
  *seconds = negative ? -total : total;
  return true;
}

std::string FormatAbsTime(AbsTime time) {
  // Local time = UTC seconds + offset, split so that no sum can overflow.
  int64_t days = FloorDiv(time.seconds, kSecondsPerDay) + FloorDiv(time.offset, kSecondsPerDay);
  int64_t second_of_day =
      FloorMod(time.seconds, kSecondsPerDay) + FloorMod(time.offset, kSecondsPerDay);
  days += second_of_day / kSecondsPerDay;
  second_of_day %= kSecondsPerDay;
  int64_t year = 0, month = 0, day = 0;
  CivilFromDays(days, &year, &month, &day);

  std::string out;
  out.reserve(26);
  if (year < 0) {
    out += '-';
    year = -year;
  }
  AppendPadded(year, 4, &out);
  out += '-';
  AppendPadded(month, 2, &out);
  out += '-';
  AppendPadded(day, 2, &out);
  out += 'T';
  AppendPadded(second_of_day / 3600, 2, &out);
  out += ':';
  AppendPadded(second_of_day / 60 % 60, 2, &out);
  out += ':';
  AppendPadded(second_of_day % 60, 2, &out);
  // A zero offset prints as -00:00; seconds of the offset are not shown.
  const int64_t offset = time.offset;
  const int64_t magnitude = offset > 0 ? offset : -offset;
  out += offset > 0 ? '+' : '-';
  AppendPadded(magnitude / 3600, 2, &out);
  out += ':';
  AppendPadded(magnitude / 60 % 60, 2, &out);
  return out;
}

std::string FormatRelTime(double seconds) {
  if (std::isnan(seconds)) return "nan";
  std::string out;
  if (seconds < 0) {
    out += '-';
    seconds = -seconds;
  }
  if (std::isinf(seconds)) return out + "inf";
  const double whole = std::floor(seconds);
  const double fraction = seconds - whole;
  const bool has_fraction = fraction != 0;
  // fmod is exact, so this split loses nothing even beyond 2^53.
  const double within_day = std::fmod(whole, static_cast<double>(kSecondsPerDay));
  const double days = (whole - within_day) / kSecondsPerDay;
  const int64_t rest = static_cast<int64_t>(within_day);
  const int64_t hours = rest / 3600;
  const int64_t minutes = rest / 60 % 60;
  const double secs = static_cast<double>(rest % 60) + fraction;

  if (days != 0) {
    char buf[400];
    std::snprintf(buf, sizeof(buf), "%.0f+", days);
    out += buf;
    AppendPadded(hours, 2, &out);
    out += ':';
    AppendPadded(minutes, 2, &out);
    out += ':';
  } else if (hours != 0) {
    AppendPadded(hours, 2, &out);
    out += ':';
    AppendPadded(minutes, 2, &out);
    out += ':';
  } else if (minutes != 0) {
    AppendPadded(minutes, 2, &out);
    out += ':';
  }
  const bool after_colon = days != 0 || hours != 0 || minutes != 0;
  AppendSeconds(secs, has_fraction, after_colon, &out);
  return out;
}

// ---------------------------------------------------------------------------
// calendar arithmetic

// Floor division and its non-negative remainder (divisor > 0).
int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b < 0) ? q - 1 : q;
}
int64_t FloorMod(int64_t a, int64_t b) {
  int64_t r = a % b;
  return r < 0 ? r + b : r;
}

bool IsLeapYear(int64_t year) {
  return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}


// Counts in 400-year eras of 146097 days, with years starting on March 1 so
// that the leap day falls at the end of the year.
// Counts in 400-year eras of 146097 days, with years starting on March 1 so
// that the leap day falls at the end of the year.
int64_t DaysFromCivil(int64_t year, int64_t month, int64_t day) {
  const int64_t y = year - (month <= 2 ? 1 : 0);
  const int64_t era = FloorDiv(y, 400);
  const int64_t year_of_era = y - era * 400;                        // [0, 399]
  const int64_t shifted_month = (month + 9) % 12;                   // March = 0
  const int64_t day_of_year = (153 * shifted_month + 2) / 5 + day - 1;  // [0, 365]
  const int64_t day_of_era =
      year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;  // 719468: 0000-03-01 to 1970-01-01
}

// The inverse of DaysFromCivil.
void CivilFromDays(int64_t days, int64_t* year, int64_t* month, int64_t* day) {
  const int64_t z = days + 719468;
  const int64_t era = FloorDiv(z, 146097);
  const int64_t day_of_era = z - era * 146097;  // [0, 146096]
  const int64_t year_of_era =
      (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const int64_t day_of_year =
      day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const int64_t shifted_month = (5 * day_of_year + 2) / 153;  // March = 0
  *day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
  *month = shifted_month < 10 ? shifted_month + 3 : shifted_month - 9;
  *year = year_of_era + era * 400 + (*month <= 2 ? 1 : 0);
}

}  // namespace classad
