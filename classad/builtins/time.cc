// Time functions: time(), currentTime(), timeZoneOffset(), dayTime(),
// absTime(), relTime(), splitTime(), formatTime(), interval() and the
// field getters getYear() ... getSeconds().
//
// HTCondor's library reads the process time zone in several places (the
// default offset of absTime(number), getHours() and friends, formatTime()'s
// %z, %Z and %s). This engine behaves as HTCondor does in a process whose
// zone is UTC (what pools and the reference corpus use): a time made from a
// plain number has offset 0, the field getters read the time in UTC,
// formatTime() shows the time's own offset but its %z/%Z are "+0000"/"UTC"
// and its %s reads the shown wall-clock fields as UTC (strftime's mktime).
// Seconds and offsets are read into a C int where HTCondor does (absTime()
// of a number, relTime() of an integer, interval()). Remaining differences
// from the reference are listed in docs/compatibility.md: formatTime() is
// our own strftime for the C locale.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/classad.h"
#include "classad/convert.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/time_util.h"
#include "classad/value.h"

namespace classad {
namespace {

constexpr int64_t kSecondsPerDay = 86400;

// A broken-down time as shown in some offset (a struct tm of our own).
struct CalendarTime {
  int64_t year = 1970;
  int64_t month = 1;    // 1..12 when derived from seconds
  int64_t day = 1;      // day of the month
  int64_t hour = 0;
  int64_t minute = 0;
  int64_t second = 0;
  int64_t weekday = 4;  // 0 = Sunday
  int64_t yearday = 0;  // 0 = January 1
  int64_t offset = 0;   // seconds east of UTC
  int64_t epoch = 0;    // seconds since the epoch (UTC)
};

// `seconds` since the epoch as seen at `offset` seconds east of UTC.
CalendarTime CalendarFromEpoch(int64_t seconds, int64_t offset) {
  CalendarTime t;
  int64_t days = FloorDiv(seconds, kSecondsPerDay) + FloorDiv(offset, kSecondsPerDay);
  int64_t second_of_day =
      FloorMod(seconds, kSecondsPerDay) + FloorMod(offset, kSecondsPerDay);
  days += second_of_day / kSecondsPerDay;
  second_of_day %= kSecondsPerDay;
  CivilFromDays(days, &t.year, &t.month, &t.day);
  t.hour = second_of_day / 3600;
  t.minute = second_of_day / 60 % 60;
  t.second = second_of_day % 60;
  t.weekday = FloorMod(days + 4, 7);  // 1970-01-01 was a Thursday
  t.yearday = days - DaysFromCivil(t.year, 1, 1);
  t.offset = offset;
  t.epoch = seconds;
  return t;
}

// Whether glibc's gmtime()/localtime() can give `t`'s year (its tm_year,
// year - 1900, must fit in an int); HTCondor's splitTime() and
// formatTime() of a time beyond it read a struct tm those calls left
// unset, whatever the stack held.
bool YearFitsStructTm(const CalendarTime& t) {
  return t.year - 1900 >= INT32_MIN && t.year - 1900 <= INT32_MAX;
}

// A broken-down time from separate fields (as an ad gives them to
// formatTime()); the weekday, day of the year and epoch seconds are derived
// from the date, which may be out of range (day 0 is the day before the 1st).
CalendarTime CalendarFromFields(int64_t year, int64_t month, int64_t day, int64_t hour,
                                int64_t minute, int64_t second, int64_t offset) {
  CalendarTime t;
  t.year = year;
  t.month = month;
  t.day = day;
  t.hour = hour;
  t.minute = minute;
  t.second = second;
  t.offset = offset;
  const int64_t normal_year = year + FloorDiv(month - 1, 12);
  const int64_t normal_month = FloorMod(month - 1, 12) + 1;
  const int64_t days = DaysFromCivil(normal_year, normal_month, 1) + day - 1;
  t.weekday = FloorMod(days + 4, 7);
  t.yearday = days - DaysFromCivil(year, 1, 1);
  t.epoch = days * kSecondsPerDay + hour * 3600 + minute * 60 + second - offset;
  return t;
}

// --- strftime for the C locale -------------------------------------------------

const char* const kWeekdayNames[7] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                      "Thursday", "Friday", "Saturday"};
const char* const kMonthNames[12] = {"January", "February", "March",     "April",
                                     "May",     "June",     "July",      "August",
                                     "September", "October", "November", "December"};

// The full name at `index` of `names`, or "?" when out of range (as glibc).
const char* NameOrQuestion(const char* const* names, int64_t count, int64_t index) {
  if (index < 0 || index >= count) return "?";
  return names[index];
}

// An integer read into a C int as HTCondor reads one, and the result of C
// int arithmetic as x86-64 wraps it: its low 32 bits. (A real read into an
// int is TruncateToIntLikeX86: INT_MIN when it does not fit, for NaN too.)
int32_t Wrap32(int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(v)); }

// glibc's __isleap, with C's truncating remainders.
bool GlibcIsLeap(int32_t year) {
  return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

// glibc strftime's iso_week_days(): days since the Monday that starts the
// ISO week-based year, for a day `yday` of the year falling on `wday`.
int32_t IsoWeekDays(int32_t yday, int32_t wday) {
  constexpr int32_t kBigEnoughMultipleOf7 = (366 / 7 + 2) * 7;
  return Wrap32(int64_t{yday} - Wrap32(int64_t{yday} - wday + 4 + kBigEnoughMultipleOf7) % 7 +
                4 - 1);
}

// The ISO 8601 week-based year's offset from t.year (-1, 0 or 1) and week
// number, as glibc's strftime computes them from tm_year, tm_yday and
// tm_wday (which formatTime() may fill with values no date has).
void IsoWeek(const CalendarTime& t, int64_t* year_adjust, int64_t* iso_week) {
  const int32_t tm_year = Wrap32(t.year - 1900);
  const int32_t year = Wrap32(int64_t{tm_year} + (tm_year < 0 ? 300 : -100));
  const int32_t yday = Wrap32(t.yearday);
  const int32_t wday = Wrap32(t.weekday);
  *year_adjust = 0;
  int32_t days = IsoWeekDays(yday, wday);
  if (days < 0) {
    *year_adjust = -1;
    days = IsoWeekDays(Wrap32(int64_t{yday} + 365 + GlibcIsLeap(Wrap32(int64_t{year} - 1))), wday);
  } else {
    const int32_t d = IsoWeekDays(Wrap32(int64_t{yday} - (365 + GlibcIsLeap(year))), wday);
    if (d >= 0) {
      *year_adjust = 1;
      days = d;
    }
  }
  *iso_week = days / 7 + 1;
}

// The two-digit year of strftime's %y (adjust 0) and %g: glibc's
// arithmetic on tm_year, which keeps the digits of a year before 1 (-1 is
// "01").
int64_t TwoDigitYear(int64_t year, int64_t adjust) {
  const int32_t tm_year = Wrap32(year - 1900);
  const int32_t yy = Wrap32(tm_year % 100 + adjust) % 100;
  if (yy >= 0) return yy;
  return tm_year < -1900 - adjust ? -yy : yy + 100;
}

// How one conversion was modified: glibc's flags and field width.
struct ConversionSpec {
  char pad = 0;            // '_' spaces, '-' none, '0' zeros, 0 default
  bool upper = false;      // '^'
  bool swap_case = false;  // '#'
  int width = -1;          // -1: the conversion's default
};

// HTCondor's formatTime() output buffer (make_formatted_time), of which
// strftime may use all but the terminating byte's.
constexpr size_t kFormatTimeBufferBytes = 1024;

// Longest field width honoured (a guard against "%2000000000Y").
constexpr int kMaxFieldWidth = 1024;

// Appends `text` padded on the left to the spec's width.
void AppendPaddedText(std::string_view text, const ConversionSpec& spec, std::string* out) {
  if (spec.width > static_cast<int>(text.size())) {
    out->append(static_cast<size_t>(spec.width) - text.size(), spec.pad == '0' ? '0' : ' ');
  }
  out->append(text);
}

// Appends a number with at least `digits` digits padded by `default_pad`
// ('0' or ' '), as modified by the spec's flags and width.
void AppendNumber(int64_t value, int digits, char default_pad, const ConversionSpec& spec,
                  std::string* out) {
  char pad = default_pad;
  if (spec.pad == '_') pad = ' ';
  if (spec.pad == '0') pad = '0';
  // '-' drops the default padding; an explicit width still pads (spaces).
  int width = spec.width >= 0 ? spec.width : digits;
  if (spec.pad == '-') {
    pad = ' ';
    if (spec.width < 0) width = 0;
  }
  const bool negative = value < 0;
  const uint64_t magnitude =
      negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  const std::string number_digits = std::to_string(magnitude);
  const int used = static_cast<int>(number_digits.size()) + (negative ? 1 : 0);
  const size_t fill = width > used ? static_cast<size_t>(width - used) : 0;
  if (pad == '0') {
    if (negative) out->push_back('-');
    out->append(fill, '0');
  } else {
    out->append(fill, ' ');
    if (negative) out->push_back('-');
  }
  out->append(number_digits);
}

// How the case flags act on a conversion's text.
enum class CaseRule {
  kName,       // weekday and month names: '^' and '#' upper-case
  kSwapLower,  // AM/PM and the zone: '^' upper-cases, '#' lower-cases
  kUpperOnly,  // composite conversions: only '^' (upper-case)
  kNone,       // %P: always as is
};

// Appends `text` with the spec's case flags applied by `rule`, then padded.
void AppendName(std::string text, CaseRule rule, const ConversionSpec& spec,
                std::string* out) {
  bool upper = false;
  bool lower = false;
  switch (rule) {
    case CaseRule::kName: upper = spec.upper || spec.swap_case; break;
    case CaseRule::kSwapLower:
      lower = spec.swap_case;
      upper = spec.upper && !lower;
      break;
    case CaseRule::kUpperOnly: upper = spec.upper; break;
    case CaseRule::kNone: break;
  }
  for (char& c : text) {
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (lower && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  AppendPaddedText(text, spec, out);
}

// Defined below; the composite conversions recurse into it.
bool FormatCalendar(const CalendarTime& t, std::string_view format, size_t max_bytes,
                    std::string* out);

// Appends a composite conversion (%c, %D, ...): `pattern` formatted, then
// padded and case-converted as a whole.
void AppendComposite(const CalendarTime& t, std::string_view pattern,
                     const ConversionSpec& spec, std::string* out) {
  std::string text;
  FormatCalendar(t, pattern, SIZE_MAX, &text);  // a short, fixed pattern
  AppendName(std::move(text), CaseRule::kUpperOnly, spec, out);
}

// Appends conversion `c` of `t`. Returns false for an unknown conversion.
bool AppendConversion(const CalendarTime& t, char c, const ConversionSpec& spec,
                      std::string* out) {
  auto number = [&](int64_t value, int digits) {
    AppendNumber(value, digits, '0', spec, out);
  };
  auto spaced_number = [&](int64_t value) { AppendNumber(value, 2, ' ', spec, out); };
  auto name = [&](std::string_view text) {
    AppendName(std::string(text), CaseRule::kName, spec, out);
  };
  auto composite = [&](std::string_view pattern) { AppendComposite(t, pattern, spec, out); };
  const std::string_view weekday = NameOrQuestion(kWeekdayNames, 7, t.weekday);
  const std::string_view month = NameOrQuestion(kMonthNames, 12, t.month - 1);
  const int64_t hour12 = (t.hour % 12 == 0) ? 12 : t.hour % 12;
  int64_t year_adjust = 0;
  int64_t iso_week = 0;
  if (c == 'g' || c == 'G' || c == 'V') IsoWeek(t, &year_adjust, &iso_week);
  // tm_wday - 1 + 7, in C int arithmetic (glibc's %u and %W).
  const int32_t monday_based = Wrap32(Wrap32(t.weekday - 1 + 7) % 7);
  switch (c) {
    case 'a': name(weekday.substr(0, 3)); return true;
    case 'A': name(weekday); return true;
    case 'b':
    case 'h': name(month.substr(0, 3)); return true;
    case 'B': name(month); return true;
    case 'c': composite("%a %b %e %H:%M:%S %Y"); return true;
    case 'C': number(FloorDiv(t.year, 100), 1); return true;
    case 'd': number(t.day, 2); return true;
    case 'D': composite("%m/%d/%y"); return true;
    case 'e': spaced_number(t.day); return true;
    case 'F': composite("%Y-%m-%d"); return true;
    case 'g': number(TwoDigitYear(t.year, year_adjust), 2); return true;
    case 'G': number(t.year + year_adjust, 1); return true;
    case 'H': number(t.hour, 2); return true;
    case 'I': number(hour12, 2); return true;
    case 'j': number(Wrap32(t.yearday + 1), 3); return true;
    case 'k': spaced_number(t.hour); return true;
    case 'l': spaced_number(hour12); return true;
    case 'm': number(t.month, 2); return true;
    case 'M': number(t.minute, 2); return true;
    case 'n': AppendPaddedText("\n", spec, out); return true;
    case 'p': AppendName(t.hour > 11 ? "PM" : "AM", CaseRule::kSwapLower, spec, out); return true;
    case 'P': AppendName(t.hour > 11 ? "pm" : "am", CaseRule::kNone, spec, out); return true;
    case 'r': composite("%I:%M:%S %p"); return true;
    case 'R': composite("%H:%M"); return true;
    // strftime's %s runs mktime on the shown fields, in the process zone
    // (UTC): the wall-clock time read as UTC.
    case 's': number(t.epoch + t.offset, 1); return true;
    case 'S': number(t.second, 2); return true;
    case 't': AppendPaddedText("\t", spec, out); return true;
    case 'T': composite("%H:%M:%S"); return true;
    case 'u': number(monday_based + 1, 1); return true;
    case 'U': number(Wrap32(t.yearday - t.weekday + 7) / 7, 2); return true;
    case 'V': number(iso_week, 2); return true;
    case 'w': number(t.weekday, 1); return true;
    case 'W': number(Wrap32(t.yearday - monday_based + 7) / 7, 2); return true;
    case 'x': composite("%m/%d/%y"); return true;
    case 'X': composite("%H:%M:%S"); return true;
    case 'y': number(TwoDigitYear(t.year, 0), 2); return true;
    case 'Y': number(t.year, 1); return true;
    // HTCondor's struct tm carries no zone: strftime shows the process's.
    case 'z': AppendPaddedText("+0000", spec, out); return true;
    case 'Z': AppendName("UTC", CaseRule::kSwapLower, spec, out); return true;
    case '%': AppendPaddedText("%", spec, out); return true;
    default: return false;
  }
}

// Whether `c` is one of glibc's strftime flags.
bool IsFlag(char c) { return c == '_' || c == '-' || c == '0' || c == '^' || c == '#'; }

// Appends `t` formatted by `format`, as glibc's strftime() does in the C
// locale (flags _ - 0 ^ #, a field width, the E and O modifiers ignored).
// An unknown or unfinished conversion is copied as written. Returns false
// (output incomplete) once the output passes `max_bytes`.
bool FormatCalendar(const CalendarTime& t, std::string_view format, size_t max_bytes,
                    std::string* out) {
  size_t i = 0;
  while (i < format.size()) {
    if (out->size() > max_bytes) return false;
    if (format[i] != '%') {
      out->push_back(format[i++]);
      continue;
    }
    const size_t start = i++;
    ConversionSpec spec;
    while (i < format.size() && IsFlag(format[i])) {
      if (format[i] == '^') {
        spec.upper = true;
      } else if (format[i] == '#') {
        spec.swap_case = true;
      } else {
        spec.pad = format[i];
      }
      ++i;
    }
    if (i < format.size() && format[i] >= '1' && format[i] <= '9') {
      int width = 0;
      while (i < format.size() && format[i] >= '0' && format[i] <= '9') {
        width = std::min(width * 10 + (format[i] - '0'), kMaxFieldWidth);
        ++i;
      }
      spec.width = width;
    }
    if (i < format.size() && (format[i] == 'E' || format[i] == 'O')) ++i;
    if (i >= format.size() || !AppendConversion(t, format[i], spec, out)) {
      const size_t end = std::min(i + 1, format.size());
      AppendPaddedText(format.substr(start, end - start), spec, out);
    }
    i = std::min(i + 1, format.size());
  }
  return out->size() <= max_bytes;
}

// --- argument helpers ------------------------------------------------------------


// The offset argument of absTime(t, offset), read as HTCondor reads it into
// an int: an integer (wrapped to 32 bits), a real (cast) or a relative time
// (its whole seconds, RelTimeWholeSeconds); false for other types.
bool OffsetFromValue(const Value& v, int32_t* offset) {
  if (v.IsInteger()) {
    *offset = Wrap32(v.integer());
  } else if (v.IsReal()) {
    *offset = TruncateToIntLikeX86(v.real());
  } else if (v.IsRelTime()) {
    *offset = RelTimeWholeSeconds(v.reltime());
  } else {
    return false;
  }
  return true;
}

// The abstime/number value `v` as a calendar time in its own offset (0 for
// plain numbers; a real cast to an int as HTCondor's doSplitTime casts it).
// False for every other type, and for a time whose year no struct tm holds
// (YearFitsStructTm).
bool CalendarFromTimeValue(const Value& v, CalendarTime* t) {
  int64_t seconds = 0;
  if (v.IsAbsTime()) {
    *t = CalendarFromEpoch(v.abstime().seconds, v.abstime().offset);
    return YearFitsStructTm(*t);
  }
  if (v.IsInteger()) {
    seconds = v.integer();
  } else if (v.IsReal()) {
    seconds = TruncateToIntLikeX86(v.real());
  } else {
    return false;
  }
  *t = CalendarFromEpoch(seconds, 0);
  return YearFitsStructTm(*t);
}

// Reads attribute `name` of ad value `ad` as formatTime() does (its
// EvaluateAttrInt into an int): an integer is taken wrapped to 32 bits,
// anything else (absent, undefined, a real, another type) gives `fallback`.
int32_t AdIntField(EvalContext& ctx, const Value& ad, std::string_view name, int32_t fallback) {
  const AttrRef attribute = ad.ad().Find(name);
  if (!attribute) return fallback;
  Value v = attribute.is_literal() ? attribute.literal()
                                   : ctx.EvaluateIn(attribute.expr(), ad.ad_scope());
  if (!v.IsInteger()) return fallback;
  return Wrap32(v.integer());
}

// The calendar time described by an ad (Year, Month, Day, Hours, Minutes,
// Seconds; HTCondor's formatTime() reads no Offset): missing fields are 0,
// except Month (January) and Year (1900), as the reference fills its
// struct tm; each field wrapped to 32 bits.
CalendarTime CalendarFromAd(EvalContext& ctx, const Value& ad) {
  return CalendarFromFields(AdIntField(ctx, ad, "Year", 1900), AdIntField(ctx, ad, "Month", 1),
                            AdIntField(ctx, ad, "Day", 0), AdIntField(ctx, ad, "Hours", 0),
                            AdIntField(ctx, ad, "Minutes", 0), AdIntField(ctx, ad, "Seconds", 0),
                            0);
}

// HTCondor's day_numbers() (classad/util.cpp), from which formatTime()
// takes the weekday and the day of the year whatever its time argument:
// C int arithmetic on the date's fields, wrapping as x86-64 does, so a date
// before year 1 gets a negative weekday (strftime prints "?" for it).
void DayNumbersLikeHTCondor(CalendarTime* t) {
  auto is_leap = [](int32_t year) {
    const int32_t mod400 = year % 400;
    return year % 4 == 0 && mod400 != 100 && mod400 != 200 && mod400 != 300;
  };
  auto fixed_from_gregorian = [&](int32_t year, int32_t month, int32_t day) {
    const int32_t adjustment = month <= 2 ? 0 : is_leap(year) ? -1 : -2;
    const int32_t y = Wrap32(int64_t{year} - 1);
    const int32_t m = Wrap32(int64_t{367} * month - 362);
    return Wrap32(int64_t{365} * y + y / 4 - y / 100 + y / 400 + m / 12 + adjustment + day);
  };
  const int32_t year = Wrap32(t->year);
  const int32_t fixed = fixed_from_gregorian(year, Wrap32(t->month), Wrap32(t->day));
  t->weekday = fixed % 7;
  t->yearday = Wrap32(int64_t{fixed} - fixed_from_gregorian(year, 1, 1));
}

// --- the built-ins -----------------------------------------------------------------

// time(): the current time as integer seconds since the epoch.
Value Time(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (!args.empty()) return Value::Error();
  return Value::Integer(ctx.Now());
}

// currentTime(): the current time as an absolute time (offset 0).
Value CurrentTime(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (!args.empty()) return Value::Error();
  return Value::AbsoluteTime(AbsTime{ctx.Now(), 0});
}

// timeZoneOffset(): the local offset as a relative time; always 0 here.
Value TimeZoneOffset(EvalContext&, const std::vector<ExprPtr>& args) {
  if (!args.empty()) return Value::Error();
  return Value::RelTime(0);
}

// dayTime(): seconds since midnight (UTC) as a relative time.
Value DayTime(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (!args.empty()) return Value::Error();
  return Value::RelTime(static_cast<double>(FloorMod(ctx.Now(), kSecondsPerDay)));
}

// absTime(): the current time; absTime(x): x as an absolute time (numbers
// are seconds since the epoch, truncated; a string is returned as it is); absTime(x,
// offset): the same instant shown at `offset` seconds east of UTC.
// Undefined gives undefined; other types, or a bad offset, give error.
Value AbsTimeFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.empty()) return Value::AbsoluteTime(AbsTime{ctx.Now(), 0});
  if (args.size() > 2) return Value::Error();
  Value arg = EvalArg(ctx, args, 0);
  bool has_offset = false;
  int32_t offset = 0;
  if (args.size() == 2) {
    if (!OffsetFromValue(EvalArg(ctx, args, 1), &offset)) return Value::Error();
    has_offset = true;
  }
  AbsTime t;
  switch (arg.type()) {
    case ValueType::kUndefined:
      return Value::Undefined();
    case ValueType::kInteger:
      // HTCondor reads the seconds into an int, and takes an offset of -1
      // (its error marker) as an error.
      t.seconds = Wrap32(arg.integer());
      if (has_offset && offset == -1) return Value::Error();
      break;
    case ValueType::kReal:
      t.seconds = TruncateToIntLikeX86(arg.real());
      break;
    case ValueType::kRelTime:
      t.seconds = RelTimeWholeSeconds(arg.reltime());
      break;
    case ValueType::kAbsTime:
      return arg;  // as HTCondor: the offset argument is ignored
    case ValueType::kString:
      // HTCondor folds absTime("literal") at parse time and has no case for
      // a string computed at run time: it falls into the absolute-time case
      // and returns the string itself.
      ctx.NoteQuirk(Quirk::kTimeOfString);
      return arg;
    default:
      return Value::Error();
  }
  if (has_offset) t.offset = offset;
  return Value::AbsoluteTime(t);
}

// relTime(x): x as a relative time (numbers are seconds; an absolute time
// gives its seconds since the epoch; a string gives relTime(0), as in
// HTCondor). Undefined gives
// undefined; no argument, two arguments or other types give error.
Value RelTimeFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  Value arg = EvalArg(ctx, args, 0);
  switch (arg.type()) {
    case ValueType::kUndefined:
      return Value::Undefined();
    case ValueType::kInteger:  // read into an int, as HTCondor does
      return Value::RelTime(static_cast<double>(Wrap32(arg.integer())));
    case ValueType::kReal:
      return Value::RelTime(arg.real());
    case ValueType::kRelTime:
      return arg;
    case ValueType::kAbsTime:
      return Value::RelTime(static_cast<double>(arg.abstime().seconds));
    case ValueType::kString:
      // As HTCondor: a string computed at run time falls into its
      // absolute-time case, which reads no time from it: relTime(0).
      ctx.NoteQuirk(Quirk::kTimeOfString);
      return Value::RelTime(0);
    default:
      return Value::Error();
  }
}

// The ad splitTime() makes of an absolute time: Type, Year, Month, Day,
// Hours, Minutes, Seconds and Offset, in the time's own offset.
Value SplitAbsTime(AbsTime time) {
  const CalendarTime t = CalendarFromEpoch(time.seconds, time.offset);
  // Beyond what a struct tm holds, HTCondor's fields are whatever its
  // stack held: error (policy_lint's htcondor-undefined-time says where).
  if (!YearFitsStructTm(t)) return Value::Error();
  auto ad = std::make_shared<ClassAd>();
  ad->InsertValue("Type", Value::String("AbsoluteTime"));
  // tm_year + 1900 in int arithmetic, as HTCondor inserts it: the years
  // past 2147483647 that a struct tm still holds wrap.
  ad->InsertValue("Year", Value::Integer(Wrap32(t.year)));
  ad->InsertValue("Month", Value::Integer(t.month));
  ad->InsertValue("Day", Value::Integer(t.day));
  ad->InsertValue("Hours", Value::Integer(t.hour));
  ad->InsertValue("Minutes", Value::Integer(t.minute));
  ad->InsertValue("Seconds", Value::Integer(t.second));
  ad->InsertValue("Offset", Value::Integer(time.offset));
  return Value::NewAd(std::move(ad));
}

// The ad splitTime() makes of a relative time: Type, Days, Hours, Minutes
// (integers) and Seconds (a real, with the fraction). A negative time
// carries its sign on the first non-zero component. HTCondor's
// relTimeToClassAd step for step: the whole seconds go through an int
// (TruncateToIntLikeX86, so beyond 32 bits, NaN and the infinities read
// INT_MIN and give Days -24855, Hours -3, Minutes -14) and C's truncating
// remainders.
Value SplitRelTime(double seconds) {
  const bool negative = seconds < 0;
  const double magnitude = negative ? -seconds : seconds;
  int32_t days = TruncateToIntLikeX86(magnitude);
  int32_t hours = days % 86400;
  int32_t minutes = hours % 3600;
  double secs = (minutes % 60) + (magnitude - std::floor(magnitude));
  days /= 86400;
  hours /= 3600;
  minutes /= 60;
  if (negative) {
    if (days > 0) {
      days = -days;
    } else if (hours > 0) {
      hours = -hours;
    } else if (minutes > 0) {
      minutes = -minutes;
    } else {
      secs = -secs;
    }
  }
  auto ad = std::make_shared<ClassAd>();
  ad->InsertValue("Type", Value::String("RelativeTime"));
  ad->InsertValue("Days", Value::Integer(days));
  ad->InsertValue("Hours", Value::Integer(hours));
  ad->InsertValue("Minutes", Value::Integer(minutes));
  ad->InsertValue("Seconds", Value::Real(secs));
  return Value::NewAd(std::move(ad));
}

// splitTime(t): an ad of t's components. Numbers are seconds since the
// epoch (truncated, offset 0). Undefined gives undefined; ads and every
// other type give error.
Value SplitTime(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  Value arg = EvalArg(ctx, args, 0);
  switch (arg.type()) {
    case ValueType::kUndefined:
      return Value::Undefined();
    case ValueType::kRelTime:
      return SplitRelTime(arg.reltime());
    case ValueType::kAbsTime:
      return SplitAbsTime(arg.abstime());
    case ValueType::kInteger:
      return SplitAbsTime(AbsTime{arg.integer(), 0});
    case ValueType::kReal:
      // HTCondor's doSplitTime casts a real to an int: INT_MIN when it does
      // not fit (3e9 is 1901-12-13T20:45:52).
      return SplitAbsTime(AbsTime{TruncateToIntLikeX86(arg.real()), 0});
    default:
      return Value::Error();
  }
}

// formatTime([t [, format]]): t (an absolute time in its own offset, a
// number of seconds since the epoch, or an ad of splitTime() fields)
// formatted by `format` (strftime conversions, C locale; default "%c").
// With no argument, the current time. Relative times, undefined, a
// non-string format or more than two arguments give error.
Value FormatTime(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() > 2) return Value::Error();
  CalendarTime t;
  if (args.empty()) {
    t = CalendarFromEpoch(ctx.Now(), 0);
  } else {
    Value time_arg = EvalArg(ctx, args, 0);
    if (time_arg.IsAd()) {
      t = CalendarFromAd(ctx, time_arg);
    } else if (!CalendarFromTimeValue(time_arg, &t)) {
      return Value::Error();
    } else {
      t.year = Wrap32(t.year);  // read back from splitTime()'s Year
    }
    // HTCondor splits the time into fields and derives the weekday and
    // the day of the year from them with its own arithmetic.
    DayNumbersLikeHTCondor(&t);
  }
  std::string format = "%c";
  if (args.size() == 2) {
    Value format_arg = EvalArg(ctx, args, 1);
    if (!format_arg.IsString()) return Value::Error();
    format = format_arg.take_string();
  }
  std::string out;
  if (!FormatCalendar(t, format, ctx.limits().max_string_bytes, &out)) {
    ctx.NoteLimit("formatTime() result exceeds Limits::max_string_bytes");
    return Value::Error();
  }
  // HTCondor formats into a 1,024-byte buffer with strftime(.., 1023, ..):
  // a longer result leaves the buffer's contents unspecified and HTCondor
  // returns whatever it holds; error here (htcondor-undefined-time).
  if (out.size() >= kFormatTimeBufferBytes - 1) return Value::Error();
  if (!ctx.Charge(format.size() + out.size() + 1)) return Value::Error();
  return Value::String(std::move(out));
}

// interval(n): n seconds (after int()) as "[-]D+hh:mm:ss", "h:mm:ss",
// "m:ss" or "s", leading zero parts left out. Error when int() fails.
Value Interval(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  Value seconds = ConvertToInteger(EvalArg(ctx, args, 0));
  if (!seconds.IsInteger()) return Value::Error();
  const int64_t total = Wrap32(seconds.integer());  // an int, as in HTCondor
  const int64_t days = total / kSecondsPerDay;
  const int64_t within_day = total % kSecondsPerDay;
  const int64_t hours = within_day / 3600;
  const int64_t minutes = within_day % 3600 / 60;
  const int64_t secs = within_day % 60;
  auto abs = [](int64_t v) { return static_cast<long long>(v < 0 ? -v : v); };
  char buf[64];
  if (days != 0) {
    std::snprintf(buf, sizeof(buf), "%lld+%02lld:%02lld:%02lld", static_cast<long long>(days),
                  abs(hours), abs(minutes), abs(secs));
  } else if (hours != 0) {
    std::snprintf(buf, sizeof(buf), "%lld:%02lld:%02lld", static_cast<long long>(hours),
                  abs(minutes), abs(secs));
  } else if (minutes != 0) {
    std::snprintf(buf, sizeof(buf), "%lld:%02lld", static_cast<long long>(minutes), abs(secs));
  } else {
    std::snprintf(buf, sizeof(buf), "%lld", static_cast<long long>(secs));
  }
  return Value::String(buf);
}

// The component a get*() function extracts.
enum class TimeField {
  kYear, kMonth, kDayOfYear, kDayOfMonth, kDayOfWeek, kDays, kHours, kMinutes, kSeconds,
};

// A component of an absolute time as HTCondor reads it (localtime() in a
// process whose zone is UTC: the time's own offset is ignored); error for
// kDays.
Value AbsTimeField(AbsTime time, TimeField field) {
  const CalendarTime t = CalendarFromEpoch(time.seconds, 0);
  switch (field) {
    case TimeField::kYear: return Value::Integer(t.year);
    case TimeField::kMonth: return Value::Integer(t.month);
    case TimeField::kDayOfYear: return Value::Integer(t.yearday);
    case TimeField::kDayOfMonth: return Value::Integer(t.day);
    case TimeField::kDayOfWeek: return Value::Integer(t.weekday);
    case TimeField::kHours: return Value::Integer(t.hour);
    case TimeField::kMinutes: return Value::Integer(t.minute);
    case TimeField::kSeconds: return Value::Integer(t.second);
    case TimeField::kDays: break;
  }
  return Value::Error();
}

// A component of a relative time (its whole seconds as HTCondor reads them,
// RelTimeWholeSeconds; each component keeps the sign); error for the
// calendar fields.
Value RelTimeField(double seconds, TimeField field) {
  const int64_t whole = RelTimeWholeSeconds(seconds);
  switch (field) {
    case TimeField::kDays: return Value::Integer(whole / kSecondsPerDay);
    case TimeField::kHours: return Value::Integer(whole % kSecondsPerDay / 3600);
    case TimeField::kMinutes: return Value::Integer(whole % 3600 / 60);
    case TimeField::kSeconds: return Value::Integer(whole % 60);
    default: break;
  }
  return Value::Error();
}

// getYear(t) ... getSeconds(t): one component of an absolute or relative
// time. Every other argument (undefined included) gives error.
template <TimeField kField>
Value GetField(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  Value arg = EvalArg(ctx, args, 0);
  if (arg.IsAbsTime()) return AbsTimeField(arg.abstime(), kField);
  if (arg.IsRelTime()) return RelTimeField(arg.reltime(), kField);
  return Value::Error();
}

}  // namespace

void RegisterTimeBuiltins(BuiltinTableBuilder& table) {
  table.Add("time", Time);
  table.Add("currentTime", CurrentTime);
  table.Add("timeZoneOffset", TimeZoneOffset);
  table.Add("dayTime", DayTime);
  table.Add("absTime", AbsTimeFn);
  table.Add("relTime", RelTimeFn);
  table.Add("splitTime", SplitTime);
  table.Add("formatTime", FormatTime);
  table.Add("interval", Interval);
  table.Add("getYear", GetField<TimeField::kYear>);
  table.Add("getMonth", GetField<TimeField::kMonth>);
  table.Add("getDayOfYear", GetField<TimeField::kDayOfYear>);
  table.Add("getDayOfMonth", GetField<TimeField::kDayOfMonth>);
  table.Add("getDayOfWeek", GetField<TimeField::kDayOfWeek>);
  table.Add("getDays", GetField<TimeField::kDays>);
  table.Add("getHours", GetField<TimeField::kHours>);
  table.Add("getMinutes", GetField<TimeField::kMinutes>);
  table.Add("getSeconds", GetField<TimeField::kSeconds>);
}

}  // namespace classad
