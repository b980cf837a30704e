// Absolute and relative times: parsing their string forms and printing
// them canonically. Pure functions; thread-safe; no dependence on TZ.
#ifndef CLASSAD_TIME_UTIL_H_
#define CLASSAD_TIME_UTIL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "classad/value.h"

namespace classad {

// Parses the text accepted by absTime("..."): ISO 8601 forms such as
// "2020-01-01T00:00:00Z", "2020-01-01T00:00:00+05:30", "20200615T123456Z",
// "1997-08-30T16:04:05-0500", "2020-01-01" (no zone means UTC). Returns
// false when the text is not a valid time.
bool ParseAbsTimeString(std::string_view text, AbsTime* out);

// Parses the text accepted by relTime("..."): "[-][D+]hh:mm:ss[.frac]",
// plain seconds, or unit forms such as "1d2h3m4.5s". Returns false when the
// text is not a valid relative time or is 10^15 - 1 days or more (which
// FormatRelTime could not print in a form that parses again).
bool ParseRelTimeString(std::string_view text, double* seconds);

// "2020-01-01T00:00:00-00:00" (a zero offset prints -00:00), without the
// absTime(...) wrapper or quotes.
std::string FormatAbsTime(AbsTime time);

// "[-][D+]hh:mm:ss" with leading zero components left out ("00", "01:30",
// "1+00:00:00"), fractional seconds via %g; without relTime(...) or quotes.
std::string FormatRelTime(double seconds);

// ---- calendar arithmetic (proleptic Gregorian, no time zone database) ----

// Floor division and its non-negative remainder (divisor > 0).
int64_t FloorDiv(int64_t a, int64_t b);
int64_t FloorMod(int64_t a, int64_t b);
bool IsLeapYear(int64_t year);
// Days from 1970-01-01 to year-month-day (month 1..12; a day outside the
// month's range simply counts on).
int64_t DaysFromCivil(int64_t year, int64_t month, int64_t day);
// The inverse of DaysFromCivil.
void CivilFromDays(int64_t days, int64_t* year, int64_t* month, int64_t* day);

}  // namespace classad

#endif  // CLASSAD_TIME_UTIL_H_
