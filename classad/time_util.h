// Absolute and relative times: parsing their string forms and printing
// them canonically. Pure functions; thread-safe; no dependence on TZ.
#ifndef CLASSAD_TIME_UTIL_H_
#define CLASSAD_TIME_UTIL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "classad/value.h"

namespace classad {

// Parses the text accepted by absTime("...") as HTCondor reads it: a
// four-digit year and up to five two-digit fields (month, day, hour,
// minute, second) separated by anything but digits, then an optional zone
// ("Z", "+05:30", "-0500"; none means UTC). Fields are not checked but
// carried over as mktime() does ("2020-13-45" is 2021-02-14, "2020" and
// "2020-06" are day 0: 2019-12-31 and 2020-05-31). Returns false, as
// HTCondor does, when there is no year, digits remain, or the wall-clock
// time is 1969-12-31T23:59:59 (mktime's error value).
bool ParseAbsTimeString(std::string_view text, AbsTime* out);

// Parses the text accepted by relTime("..."): "[-][D+]hh:mm:ss[.frac]",
// plain seconds, or unit forms such as "1d2h3m4.5s", read as HTCondor's
// Literal::MakeRelTime reads it: a day, hour or minute count that does not
// fit in an int reads 0, days*86400 + hours*3600 + minutes*60 is int
// arithmetic that wraps, and the seconds are strtod()'s (a long run of
// digits may be inf). Returns false when the text is not a relative time.
// A value beyond 2^31 seconds prints (FormatRelTime) as HTCondor's int
// arithmetic makes it, which does not parse back to the same value.
bool ParseRelTimeString(std::string_view text, double* seconds);

// "2020-01-01T00:00:00-00:00" (a zero offset prints -00:00), without the
// absTime(...) wrapper or quotes.
std::string FormatAbsTime(AbsTime time);

// "[-][D+]hh:mm:ss" with leading zero components left out ("00", "01:30",
// "1+00:00:00"), fractional seconds via "%02g" ("01:00:0.5"), exactly as
// HTCondor prints it, non-finite values included; without relTime(...) or
// quotes. Not every text it gives parses again ("1e-05").
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
