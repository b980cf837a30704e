// Parsing and printing of absolute and relative times.
//
// The accepted forms and the values read follow HTCondor's ClassAd library
// step for step, its accidents included (out-of-range fields carried over,
// the epoch-minus-one-second hole, int arithmetic that wraps; see
// docs/compatibility.md). Calendar arithmetic is our own proleptic-Gregorian
// code: nothing here reads the process time zone or locale.

#include "classad/time_util.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>

#include "classad/convert.h"

namespace classad {

namespace {

constexpr int64_t kSecondsPerDay = 86400;

// ASCII-only character classes: the C ones depend on the locale and are
// undefined for negative chars.
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// C's atoi() of text that starts with a digit: the leading digits' value.
int LeadingDigits(std::string_view text) {
  int value = 0;
  for (char c : text) {
    if (!IsDigit(c)) break;
    value = value * 10 + (c - '0');
  }
  return value;
}

// HTCondor's extractTimeZone: a "+hhmm"/"-hhmm" ending `text` is removed
// and read into *hours and *minutes (both negative for '-').
bool ExtractZone(std::string* text, int* hours, int* minutes) {
  const size_t len = text->size();
  const std::string_view zone = std::string_view(*text).substr(len - 5, 5);
  if ((zone[0] != '+' && zone[0] != '-') || !IsDigit(zone[1]) || !IsDigit(zone[2]) ||
      !IsDigit(zone[3]) || !IsDigit(zone[4])) {
    return false;
  }
  const int sign = zone[0] == '+' ? 1 : -1;
  *hours = sign * LeadingDigits(zone.substr(1, 2));
  *minutes = sign * LeadingDigits(zone.substr(3, 2));
  text->erase(len - 5, 5);
  return true;
}

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

// HTCondor's revInt(): a run of digits read by std::from_chars into an
// int, which leaves it 0 when the run is empty or does not fit.
int32_t DigitsValue(std::string_view digits) {
  int32_t value = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), value, 10);
  return value;
}

// Reads the optional component that ends at *i with one of the marker
// characters `markers` (a unit letter or a separator): its digits' value
// (DigitsValue), 0 when there is no such component.
int32_t ReadComponentBackward(std::string_view text, int64_t* i, const char* markers) {
  SkipSpacesBackward(text, i);
  if (*i < 0 || std::string_view(markers).find(text[*i]) == std::string_view::npos) return 0;
  --*i;
  SkipSpacesBackward(text, i);
  return DigitsValue(DigitsBackward(text, i));
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
  // strtod() of the digits, as HTCondor reads them; from_chars wants a
  // digit after the point ("5.", ".").
  std::string padded(number);
  if (padded.back() == '.') padded += '0';
  double seconds = 0;
  auto [ptr, ec] = std::from_chars(padded.data(), padded.data() + padded.size(), seconds);
  if (ec == std::errc::result_out_of_range) {
    // strtod() gives HUGE_VAL for a number too large and 0 for one too
    // small; from_chars leaves the result alone.
    seconds = padded.find_first_of("123456789") < padded.find('.')
                  ? std::numeric_limits<double>::infinity()
                  : 0.0;
  } else if (ec != std::errc() || ptr != padded.data() + padded.size()) {
    return false;
  }
  *total = seconds;
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

}  // namespace

bool ParseAbsTimeString(std::string_view input, AbsTime* out) {
  // HTCondor's Literal::MakeAbsTime, step for step, with the process in UTC
  // (its mktime() then normalises like timegm: month 13, day 0, hour 25
  // carry over, "2020" is 2019-12-31).
  std::string text(input);
  const int64_t len = static_cast<int64_t>(text.size());
  int64_t i = len - 1;
  SkipSpacesBackward(text, &i);
  bool has_zone = false;
  int zone_hours = 0, zone_minutes = 0;
  if (i > 0 && (text[i] == 'z' || text[i] == 'Z')) {
    has_zone = true;
    text.erase(static_cast<size_t>(i), 1);
  } else if (len > 5 && (text[len - 5] == '+' || text[len - 5] == '-')) {
    has_zone = ExtractZone(&text, &zone_hours, &zone_minutes);
  } else if (len > 6 && (text[len - 6] == '+' || text[len - 6] == '-') && text[len - 3] == ':') {
    text.erase(static_cast<size_t>(len - 3), 1);
    has_zone = ExtractZone(&text, &zone_hours, &zone_minutes);
  }
  // D* dddd [D* dd [D* dd [D* dd [D* dd [D* dd D*]]]]]
  const std::string_view t = text;
  const size_t n = t.size();
  size_t pos = 0;
  const auto next_digit = [&] {
    while (pos < n && !IsDigit(t[pos])) ++pos;
  };
  next_digit();
  if (pos + 4 > n) return false;  // a year needs four characters
  const int64_t year = LeadingDigits(t.substr(pos, 4));
  pos += 4;
  int64_t fields[5] = {0, 0, 0, 0, 0};  // month (0-based), day, hour, minute, second
  const int64_t first[5] = {-1, 0, 0, 0, 0};
  for (int f = 0; f < 5; ++f) {
    next_digit();
    if (pos + 2 <= n) {
      fields[f] = LeadingDigits(t.substr(pos, 2)) + first[f];
      pos += 2;
    }
  }
  next_digit();
  if (pos < n && IsDigit(t[pos])) return false;  // more digits than fields
  // mktime's normalisation: the month carries into the year, then the day
  // counts from the first of that month.
  const int64_t month0 = fields[0];
  const int64_t days = DaysFromCivil(year + FloorDiv(month0, 12), FloorMod(month0, 12) + 1, 1) +
                       fields[1] - 1;
  const int64_t wall = days * kSecondsPerDay + fields[2] * 3600 + fields[3] * 60 + fields[4];
  if (wall == -1) return false;  // mktime's error value
  const int32_t offset = has_zone ? zone_hours * 3600 + zone_minutes * 60 : 0;
  out->seconds = wall - offset;
  out->offset = offset;
  return true;
}

bool ParseRelTimeString(std::string_view text, double* seconds) {
  // HTCondor's Literal::MakeRelTime, step for step.
  int64_t i = static_cast<int64_t>(text.size()) - 1;
  double secs = 0;
  if (!ReadSecondsBackward(text, &i, &secs)) return false;
  const int32_t minutes = ReadComponentBackward(text, &i, "mM:");
  const int32_t hours = ReadComponentBackward(text, &i, "hH:");
  const int32_t days = ReadComponentBackward(text, &i, "dD+");
  SkipSpacesBackward(text, &i);
  bool negative = false;
  if (i >= 0 && text[i] == '-') {
    negative = true;
    --i;
  }
  SkipSpacesBackward(text, &i);
  if (i >= 0) return false;
  // days*86400 + hrs*3600 + mins*60 in C int arithmetic (wrapping as x86-64
  // does: 25000 days is -2134967296 seconds), then the seconds added as a
  // double.
  const int32_t whole = static_cast<int32_t>(
      static_cast<uint32_t>(days) * 86400u + static_cast<uint32_t>(hours) * 3600u +
      static_cast<uint32_t>(minutes) * 60u);
  *seconds = (negative ? -1 : +1) * (whole + secs);
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

  // HTCondor prints the date with strftime's %Y, which glibc does not pad:
  // the year 99 is "99", the year -1 "-1".
  std::string out = std::to_string(year);
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
  // HTCondor's relTimeToString (util.cpp), step for step: the whole seconds
  // go through an int (x86-64: INT_MIN when they do not fit, and for NaN
  // and the infinities), a fraction is printed with "%02g" (so 3600.5 is
  // "01:00:0.5" and 1e-05 is "1e-05"), and a non-finite value gives what
  // that arithmetic gives (relTime(60) / 0 is "-24855+-3:-14:-nan").
  std::string out;
  if (seconds < 0) {
    out += '-';
    seconds = -seconds;
  }
  const double fraction = seconds - std::floor(seconds);
  const int32_t whole = TruncateToIntLikeX86(seconds);
  int32_t days = whole;
  int32_t hours = days % 86400;
  int32_t minutes = hours % 3600;
  const double secs = (minutes % 60) + fraction;
  days /= 86400;
  hours /= 3600;
  minutes /= 60;
  const bool has_fraction = fraction != 0;  // NaN counts as a fraction
  char buf[128];
  if (days != 0) {
    if (has_fraction) {
      std::snprintf(buf, sizeof(buf), "%d+%02d:%02d:%02g", days, hours, minutes, secs);
    } else {
      std::snprintf(buf, sizeof(buf), "%d+%02d:%02d:%02d", days, hours, minutes,
                    TruncateToIntLikeX86(secs));
    }
  } else if (hours != 0) {
    if (has_fraction) {
      std::snprintf(buf, sizeof(buf), "%02d:%02d:%02g", hours, minutes, secs);
    } else {
      std::snprintf(buf, sizeof(buf), "%02d:%02d:%02d", hours, minutes, TruncateToIntLikeX86(secs));
    }
  } else if (minutes != 0) {
    if (has_fraction) {
      std::snprintf(buf, sizeof(buf), "%02d:%02g", minutes, secs);
    } else {
      std::snprintf(buf, sizeof(buf), "%02d:%02d", minutes, TruncateToIntLikeX86(secs));
    }
  } else if (has_fraction) {
    std::snprintf(buf, sizeof(buf), "%02g", secs);
  } else {
    std::snprintf(buf, sizeof(buf), "%02d", TruncateToIntLikeX86(secs));
  }
  out += buf;
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
