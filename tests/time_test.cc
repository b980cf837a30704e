// Tests of absolute and relative times: the string forms (time_util.cc) and
// the time built-ins (classad/builtins/time.cc), beyond what the conformance corpus
// covers: bad strings, limits, round trips, and HTCondor's accidents, which
// the engine reproduces.

#include <charconv>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "classad/builtins/builtins.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/time_util.h"
#include "classad/unparse.h"
#include "classad/value.h"

namespace classad {
namespace {

// --- helpers ---------------------------------------------------------------------

// FormatAbsTime of the parse of `text`, or "BAD" when it does not parse.
std::string Abs(const std::string& text) {
  AbsTime t;
  if (!ParseAbsTimeString(text, &t)) return "BAD";
  return FormatAbsTime(t);
}

// FormatRelTime of the parse of `text`, or "BAD" when it does not parse.
std::string Rel(const std::string& text) {
  double seconds = 0;
  if (!ParseRelTimeString(text, &seconds)) return "BAD";
  return FormatRelTime(seconds);
}

// Seconds of the parse of `text` (NaN when it does not parse).
double RelSeconds(const std::string& text) {
  double seconds = 0;
  if (!ParseRelTimeString(text, &seconds)) return std::nan("");
  return seconds;
}

// Options whose clock reads 2023-11-14T22:13:20Z.
EvalOptions FixedClock() {
  EvalOptions options;
  options.now = [] { return int64_t{1700000000}; };
  return options;
}

// Parses and evaluates `text` with no ads and a fixed clock; returns the
// value unparsed, or PARSE_ERROR.
std::string Eval(const std::string& text) {
  Result<ExprPtr> parsed = ParseExpression(text);
  if (!parsed.ok()) return "PARSE_ERROR";
  return UnparseValue(EvaluateExpr(**parsed, nullptr, nullptr, FixedClock()));
}

// --- absTime strings ---------------------------------------------------------------

TEST(AbsTimeString, AcceptsTheReferenceForms) {
  EXPECT_EQ(Abs("2020-01-01T00:00:00Z"), "2020-01-01T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-01-01T00:00:00z"), "2020-01-01T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-01-01T00:00:00+05:30"), "2020-01-01T00:00:00+05:30");
  EXPECT_EQ(Abs("2020-01-01T00:00:00+0130"), "2020-01-01T00:00:00+01:30");
  EXPECT_EQ(Abs("1997-08-30T16:04:05-0500"), "1997-08-30T16:04:05-05:00");
  EXPECT_EQ(Abs("2020-01-01T00:00:00-00:30"), "2020-01-01T00:00:00-00:30");
  EXPECT_EQ(Abs("2020-01-01"), "2020-01-01T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-06-15 12:34:56"), "2020-06-15T12:34:56-00:00");
  EXPECT_EQ(Abs("20200615T123456Z"), "2020-06-15T12:34:56-00:00");
  EXPECT_EQ(Abs("2020/06/15 12:34:56 Z"), "2020-06-15T12:34:56-00:00");
  EXPECT_EQ(Abs("2003-09-03T"), "2003-09-03T00:00:00-00:00");
  EXPECT_EQ(Abs("  2020-01-01T00:00:00Z  "), "2020-01-01T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-01-01T00:00:00+14:00"), "2020-01-01T00:00:00+14:00");
  EXPECT_EQ(Abs("9999-12-31T23:59:59Z"), "9999-12-31T23:59:59-00:00");
  EXPECT_EQ(Abs("0000-01-01T00:00:00Z"), "0-01-01T00:00:00-00:00");  // %Y does not pad
  // A one-digit field is read as the reference reads it (digit, separator).
  EXPECT_EQ(Abs("2020-6-15"), "2020-06-15T00:00:00-00:00");
}

TEST(AbsTimeString, ZoneGivesTheInstant) {
  AbsTime t;
  ASSERT_TRUE(ParseAbsTimeString("2020-01-01T01:00:00+01:00", &t));
  EXPECT_EQ(t.seconds, 1577836800);
  EXPECT_EQ(t.offset, 3600);
  ASSERT_TRUE(ParseAbsTimeString("1997-08-30T16:04:05-0500", &t));
  EXPECT_EQ(t.seconds, 872975045);
  EXPECT_EQ(t.offset, -18000);
  ASSERT_TRUE(ParseAbsTimeString("2020-01-01", &t));
  EXPECT_EQ(t.offset, 0);  // no zone means UTC, whatever the process TZ
}

// HTCondor's Literal::MakeAbsTime: a missing day is day 0, fields are not
// checked but carried over by mktime() (here in UTC, as pools run).
TEST(AbsTimeString, MissingMonthAndDayAreDayZero) {
  EXPECT_EQ(Abs("2020"), "2019-12-31T00:00:00-00:00");
  EXPECT_EQ(Abs("2020Z"), "2019-12-31T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-06"), "2020-05-31T00:00:00-00:00");
  EXPECT_EQ(Abs("abc 2020"), "2019-12-31T00:00:00-00:00");
}

TEST(AbsTimeString, OutOfRangeFieldsCarryOver) {
  EXPECT_EQ(Abs("2020-13-45T00:00:00Z"), "2021-02-14T00:00:00-00:00");
  EXPECT_EQ(Abs("2021-02-29T25:61:61Z"), "2021-03-02T02:02:01-00:00");
  EXPECT_EQ(Abs("2020-00-10"), "2019-12-10T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-01-00"), "2019-12-31T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-04-31"), "2020-05-01T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-01-01T24:00:00Z"), "2020-01-02T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-01-01T23:59:60Z"), "2020-01-02T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-01-01T00:00:00+05:60"), "2020-01-01T00:00:00+06:00");
  EXPECT_EQ(Abs("99-01-01"), "99-01-01T00:00:00-00:00");  // "99-0" is the year 99
  // Years before 1000 as HTCondor 25.13.2's own library prints them
  // (strftime's %Y, unpadded and signed; checked with a driver against it).
  EXPECT_EQ(Abs("0999-01-01"), "999-01-01T00:00:00-00:00");
  EXPECT_EQ(Abs("0000-06-01"), "0-06-01T00:00:00-00:00");
  EXPECT_EQ(Abs("-5-01-01"), "4-12-31T00:00:00-00:00");
  EXPECT_EQ(Abs("00-201"), "-1-12-31T00:00:00-00:00");
}

TEST(AbsTimeString, LeapYears) {
  EXPECT_EQ(Abs("2000-02-29"), "2000-02-29T00:00:00-00:00");
  EXPECT_EQ(Abs("2004-02-29T12:00:00Z"), "2004-02-29T12:00:00-00:00");
  EXPECT_EQ(Abs("1900-02-29"), "1900-03-01T00:00:00-00:00");
  EXPECT_EQ(Abs("2100-02-29"), "2100-03-01T00:00:00-00:00");
  EXPECT_EQ(Abs("2021-02-29"), "2021-03-01T00:00:00-00:00");
}

TEST(AbsTimeString, TheSecondBeforeTheEpochIsMktimesError) {
  // mktime's -1 doubles as its error marker: only that wall-clock second.
  AbsTime t;
  EXPECT_FALSE(ParseAbsTimeString("1969-12-31T23:59:59Z", &t));
  EXPECT_EQ(Abs("1969-12-31T23:59:58Z"), "1969-12-31T23:59:58-00:00");
  EXPECT_EQ(Abs("1970-01-01T00:59:59+01:00"), "1970-01-01T00:59:59+01:00");
  EXPECT_EQ(Abs("1900-01-01T00:00:00Z"), "1900-01-01T00:00:00-00:00");
}

TEST(AbsTimeString, RejectsMalformedText) {
  EXPECT_EQ(Abs(""), "BAD");
  EXPECT_EQ(Abs("   "), "BAD");
  EXPECT_EQ(Abs("garbage"), "BAD");
  EXPECT_EQ(Abs("Z"), "BAD");
  EXPECT_EQ(Abs("202"), "BAD");
  EXPECT_EQ(Abs("2020-01-01T00:00:00.5Z"), "BAD");  // digits left over
  EXPECT_EQ(Abs("2020-01-01T00:00:00+05"), "BAD");  // not a zone: digits left over
  EXPECT_EQ(Abs("2020-01-01T00:00:00 1"), "BAD");
  EXPECT_EQ(Abs("2020-06-1"), "BAD");
  // A zone is found from the end of the text as it is, blanks included.
  EXPECT_EQ(Abs("2020-01-01T00:00:00+05:30  "), "BAD");
}

TEST(AbsTimeString, TrailingNonDigitsAreIgnored) {
  EXPECT_EQ(Abs("2020-01-01T00:00:00 UTC"), "2020-01-01T00:00:00-00:00");
  EXPECT_EQ(Abs("2020-01-01T00:00:00Z  "), "2020-01-01T00:00:00-00:00");
}

// --- FormatAbsTime -------------------------------------------------------------------

TEST(FormatAbsTime, Offsets) {
  EXPECT_EQ(FormatAbsTime({0, 0}), "1970-01-01T00:00:00-00:00");
  EXPECT_EQ(FormatAbsTime({0, 1}), "1970-01-01T00:00:01+00:00");
  EXPECT_EQ(FormatAbsTime({0, -1}), "1969-12-31T23:59:59-00:00");
  EXPECT_EQ(FormatAbsTime({0, -19800}), "1969-12-31T18:30:00-05:30");
  EXPECT_EQ(FormatAbsTime({1700000000, 19800}), "2023-11-15T03:43:20+05:30");
  EXPECT_EQ(FormatAbsTime({-86400, 0}), "1969-12-31T00:00:00-00:00");
}

TEST(FormatAbsTime, YearsOutsideFourDigits) {
  EXPECT_EQ(FormatAbsTime({-62135596800, 0}), "1-01-01T00:00:00-00:00");
  EXPECT_EQ(FormatAbsTime({-62167219201, 0}), "-1-12-31T23:59:59-00:00");
  EXPECT_EQ(FormatAbsTime({253402300800, 0}), "10000-01-01T00:00:00-00:00");
}

TEST(FormatAbsTime, ExtremesDoNotOverflow) {
  // Only that these are computed without undefined behaviour.
  EXPECT_FALSE(FormatAbsTime({INT64_MAX, INT32_MAX}).empty());
  EXPECT_FALSE(FormatAbsTime({INT64_MIN, INT32_MIN}).empty());
}

// Years 1000-9999: before 1000 the year prints with fewer than four digits
// (strftime's %Y), which the reader, taking four characters for the year,
// reads back only sometimes, as HTCondor's does.
TEST(FormatAbsTime, RoundTripsThroughTheParser) {
  std::mt19937_64 rng(20240611);
  const int64_t kFirst = -30610224000;  // 1000-01-01
  const int64_t kLast = 253402300799;   // 9999-12-31T23:59:59
  for (int i = 0; i < 20000; ++i) {
    AbsTime t;
    t.seconds = kFirst + static_cast<int64_t>(rng() % static_cast<uint64_t>(kLast - kFirst));
    t.offset = static_cast<int32_t>(static_cast<int64_t>(rng() % 2879) - 1439) * 60;
    // The earliest and latest instants shown at some offsets leave 1000-9999.
    if (t.seconds + t.offset < kFirst || t.seconds + t.offset > kLast) continue;
    const std::string text = FormatAbsTime(t);
    AbsTime back;
    ASSERT_TRUE(ParseAbsTimeString(text, &back)) << text;
    EXPECT_EQ(back.seconds, t.seconds) << text;
    EXPECT_EQ(back.offset, t.offset) << text;
  }
}

// --- relTime strings --------------------------------------------------------------

TEST(RelTimeString, AcceptsTheReferenceForms) {
  EXPECT_EQ(Rel("0"), "00");
  EXPECT_EQ(Rel("1"), "01");
  EXPECT_EQ(Rel("59"), "59");
  EXPECT_EQ(Rel("60"), "01:00");
  EXPECT_EQ(Rel("1:00"), "01:00");
  EXPECT_EQ(Rel("01:00:00"), "01:00:00");
  EXPECT_EQ(Rel("1:2:3"), "01:02:03");
  EXPECT_EQ(Rel("1+00:00:00"), "1+00:00:00");
  EXPECT_EQ(Rel("-1+00:00:01"), "-1+00:00:01");
  EXPECT_EQ(Rel("2+25:14:16.123"), "3+01:14:16.123");
  EXPECT_EQ(Rel("100:00:00"), "4+04:00:00");
  EXPECT_EQ(Rel("10+"), "10+00:00:00");
  EXPECT_EQ(Rel("1d2h3m4s"), "1+02:03:04");
  EXPECT_EQ(Rel("1D2H3M4S"), "1+02:03:04");
  EXPECT_EQ(Rel("1h30m"), "01:30:00");
  EXPECT_EQ(Rel("90m"), "01:30:00");
  EXPECT_EQ(Rel("3600s"), "01:00:00");
  EXPECT_EQ(Rel("0.5s"), "0.5");
  EXPECT_EQ(Rel("  5  "), "05");
  EXPECT_EQ(Rel("1 : 30"), "01:30");
  EXPECT_EQ(Rel(".5"), "0.5");
  EXPECT_EQ(Rel("+5"), "05");  // an empty day count, as the reference reads it
}

TEST(RelTimeString, EmptyAndSignOnlyAreZero) {
  EXPECT_EQ(Rel(""), "00");
  EXPECT_EQ(Rel("   "), "00");
  EXPECT_EQ(Rel("-0"), "00");
  EXPECT_EQ(Rel("-"), "00");
  EXPECT_TRUE(std::signbit(RelSeconds("-0")));
}

TEST(RelTimeString, Values) {
  EXPECT_DOUBLE_EQ(RelSeconds("1d2h3m4.5s"), 93784.5);
  EXPECT_DOUBLE_EQ(RelSeconds("-1:00"), -60);
  EXPECT_DOUBLE_EQ(RelSeconds("0.001"), 0.001);
  // As HTCondor's Literal::MakeRelTime: a count that does not fit in an
  // int reads 0 (std::from_chars), days*86400 + hours*3600 + minutes*60 is
  // int arithmetic that wraps, and the seconds are strtod()'s.
  EXPECT_DOUBLE_EQ(RelSeconds("123456789012345+"), 0);
  EXPECT_DOUBLE_EQ(RelSeconds("99999999999:00"), 0);
  EXPECT_DOUBLE_EQ(RelSeconds("25000+00:00:00"), -2134967296.0);
  EXPECT_DOUBLE_EQ(RelSeconds("24856d"), -2147408896.0);
  EXPECT_DOUBLE_EQ(RelSeconds("100000000000000000000"), 1e20);
  EXPECT_EQ(RelSeconds("1" + std::string(400, '0')), HUGE_VAL);
}

TEST(RelTimeString, RejectsMalformedText) {
  EXPECT_EQ(Rel("garbage"), "BAD");
  EXPECT_EQ(Rel("1x"), "BAD");
  EXPECT_EQ(Rel("1:2:3:4:5"), "BAD");
  EXPECT_EQ(Rel("--1"), "BAD");
  EXPECT_EQ(Rel("1 day"), "BAD");
  EXPECT_EQ(Rel("a1"), "BAD");
  EXPECT_EQ(Rel("1.2.3"), "BAD");
  EXPECT_EQ(Rel("5."), "BAD");
  EXPECT_EQ(Rel("1e5"), "BAD");
  EXPECT_EQ(Rel("1-2"), "BAD");
  EXPECT_EQ(Rel("\xc3\xa9"), "BAD");
}

// --- FormatRelTime -----------------------------------------------------------------

TEST(FormatRelTime, LeadingZeroComponentsAreLeftOut) {
  EXPECT_EQ(FormatRelTime(0), "00");
  EXPECT_EQ(FormatRelTime(-0.0), "00");
  EXPECT_EQ(FormatRelTime(5), "05");
  EXPECT_EQ(FormatRelTime(-5), "-05");
  EXPECT_EQ(FormatRelTime(90), "01:30");
  EXPECT_EQ(FormatRelTime(3600), "01:00:00");
  EXPECT_EQ(FormatRelTime(86400), "1+00:00:00");
  EXPECT_EQ(FormatRelTime(-90061), "-1+01:01:01");
  EXPECT_EQ(FormatRelTime(123456789), "1428+21:33:09");
}

// HTCondor's relTimeToString prints a fraction with "%02g": no padding
// after a colon, an exponent for tiny fractions. (This settles the text of
// a relative time a fraction above a whole second: 61.5 is "01:1.5".)
TEST(FormatRelTime, FractionsAsHTCondorPrintsThem) {
  EXPECT_EQ(FormatRelTime(1.5), "1.5");
  EXPECT_EQ(FormatRelTime(0.25), "0.25");
  EXPECT_EQ(FormatRelTime(-0.5), "-0.5");
  EXPECT_EQ(FormatRelTime(12.25), "12.25");
  EXPECT_EQ(FormatRelTime(60.5), "01:0.5");
  EXPECT_EQ(FormatRelTime(61.5), "01:1.5");
  EXPECT_EQ(FormatRelTime(3600.5), "01:00:0.5");
  EXPECT_EQ(FormatRelTime(93784.5), "1+02:03:4.5");
  EXPECT_EQ(FormatRelTime(172799.5), "1+23:59:59.5");
  EXPECT_EQ(FormatRelTime(-3661.25), "-01:01:1.25");
  EXPECT_EQ(FormatRelTime(0.00001), "1e-05");
  EXPECT_EQ(FormatRelTime(-3.170534138736012667e-24), "-3.17053e-24");
  EXPECT_EQ(FormatRelTime(61.00001), "01:1.00001");
}

// The whole seconds go through an int: beyond 2^31 and for non-finite
// values HTCondor prints what x86-64's INT_MIN arithmetic gives.
TEST(FormatRelTime, HugeAndNonFiniteValuesAsHTCondorPrintsThem) {
  EXPECT_EQ(FormatRelTime(2147483647.0), "24855+03:14:07");
  EXPECT_EQ(FormatRelTime(2147483648.0), "-24855+-3:-14:-8");
  EXPECT_EQ(FormatRelTime(-2147483648.0), "--24855+-3:-14:-8");
  EXPECT_EQ(FormatRelTime(86400.0 * 1e10), "-24855+-3:-14:-8");
  EXPECT_EQ(FormatRelTime(std::nan("")), "-24855+-3:-14:nan");
  EXPECT_EQ(FormatRelTime(HUGE_VAL), "-24855+-3:-14:-nan");
  EXPECT_EQ(FormatRelTime(-HUGE_VAL), "--24855+-3:-14:-nan");
  // HTCondor reads any number of digits of seconds (strtod).
  EXPECT_DOUBLE_EQ(RelSeconds("01D 4888888888888888888888888888888888888888888S"),
                   86400 + 4.888888888888888888e42);
}

TEST(FormatRelTime, WholeSecondsWithinAnIntRoundTrip) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    const double seconds =
        static_cast<double>(static_cast<int64_t>(rng() % 4294967295ULL) - 2147483647LL);
    EXPECT_EQ(RelSeconds(FormatRelTime(seconds)), seconds) << FormatRelTime(seconds);
  }
  for (double seconds : {0.5, 59.25, 60.5, 3599.75, 86399.5, -93784.5}) {
    EXPECT_EQ(RelSeconds(FormatRelTime(seconds)), seconds) << FormatRelTime(seconds);
  }
}

// --- time(), absTime(), relTime() -----------------------------------------------

TEST(TimeBuiltins, ClockFunctionsUseTheContextClock) {
  EXPECT_EQ(Eval("time()"), "1700000000");
  EXPECT_EQ(Eval("absTime()"), R"(absTime("2023-11-14T22:13:20-00:00"))");
  EXPECT_EQ(Eval("currentTime()"), R"(absTime("2023-11-14T22:13:20-00:00"))");
  EXPECT_EQ(Eval("dayTime()"), R"(relTime("22:13:20"))");
  EXPECT_EQ(Eval("timeZoneOffset()"), R"(relTime("00"))");
  EXPECT_EQ(Eval("formatTime()"), R"("Tue Nov 14 22:13:20 2023")");
  EXPECT_EQ(Eval("time(1)"), "error");
  EXPECT_EQ(Eval("currentTime(1)"), "error");
  EXPECT_EQ(Eval("dayTime(1)"), "error");
  EXPECT_EQ(Eval("timeZoneOffset(0)"), "error");
}

TEST(TimeBuiltins, NamesAreCaseInsensitive) {
  for (const char* name : {"time", "currentTime", "timeZoneOffset", "dayTime", "absTime",
                           "relTime", "splitTime", "formatTime", "interval", "getYear",
                           "GETMONTH", "getdayofyear", "getDayOfMonth", "getDayOfWeek",
                           "getDays", "getHours", "getMinutes", "getSeconds"}) {
    EXPECT_NE(FindBuiltin(name), nullptr) << name;
  }
  EXPECT_EQ(Eval("GETHOURS(absTime(3600))"), "1");
}

// absTime("literal") and relTime("literal") fold at parse time; a string
// computed at run time falls, in HTCondor, into the absolute-time case,
// which reads nothing from it.
TEST(TimeBuiltins, AbsTimeOfComputedStringsIsTheString) {
  EXPECT_EQ(Eval(R"(absTime(strcat("2020", "-01-01")))"), R"("2020-01-01")");
  EXPECT_EQ(Eval(R"(absTime(strcat("garbage")))"), R"("garbage")");
  EXPECT_EQ(Eval(R"(absTime("2020-01-01", 3600))"), R"("2020-01-01")");
}

TEST(TimeBuiltins, RelTimeOfComputedStringsIsZero) {
  EXPECT_EQ(Eval(R"(relTime(strcat("1", "0")))"), R"(relTime("00"))");
  EXPECT_EQ(Eval(R"(relTime(strcat("1x")))"), R"(relTime("00"))");
}

// HTCondor's ReltimeLiteral evaluates to its seconds as a plain real, and
// prints as the relative time it was written as.
TEST(TimeBuiltins, RelTimeLiteralsAreRealsThatPrintAsRelativeTimes) {
  EXPECT_EQ(Eval(R"(isReltime(relTime("60")))"), "false");
  EXPECT_EQ(Eval(R"(relTime("60"))"), "6.000000000000000E+01");
  EXPECT_EQ(Eval(R"(relTime(60) == relTime("1:00"))"), "error");
  EXPECT_EQ(Eval(R"(relTime("2:00:00") < 7201)"), "true");
  EXPECT_EQ(Eval(R"(relTime("1d2h3m4.5s"))"), "9.378450000000000E+04");
  Result<ExprPtr> parsed = ParseExpression(R"(relTime("1d2h3m4.5s"))");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(Unparse(**parsed), R"(relTime("1+02:03:4.5"))");
  Result<std::shared_ptr<ClassAd>> ad = ParseAd(R"([ t = relTime("1:00") ])");
  ASSERT_TRUE(ad.ok());
  EXPECT_EQ(UnparseAd(**ad), R"([ t = relTime("01:00") ])");
  EXPECT_EQ(Eval(R"(relTime("garbage"))"), "PARSE_ERROR");
  EXPECT_EQ(Eval(R"(absTime("garbage"))"), "PARSE_ERROR");
  EXPECT_EQ(Eval(R"(absTime("2020-13-45T00:00:00Z"))"), R"(absTime("2021-02-14T00:00:00-00:00"))");
}

// HTCondor reads the offset into an int; an integer time with an offset of
// -1 (its error marker) is error; an absolute time ignores the offset.
TEST(TimeBuiltins, AbsTimeOffsetArgument) {
  EXPECT_EQ(Eval("absTime(0, 3600)"), R"(absTime("1970-01-01T01:00:00+01:00"))");
  EXPECT_EQ(Eval("absTime(0, -1)"), "error");
  EXPECT_EQ(Eval("absTime(0.0, -1)"), R"(absTime("1969-12-31T23:59:59-00:00"))");
  EXPECT_EQ(Eval("absTime(0, relTime(-3600))"), R"(absTime("1969-12-31T23:00:00-01:00"))");
  EXPECT_EQ(Eval("absTime(0, -1.9)"), "error");  // (int)-1.9 is -1
  EXPECT_EQ(Eval(R"(absTime(absTime("2020-01-01T00:00:00Z"), 3600))"),
            R"(absTime("2020-01-01T00:00:00-00:00"))");
  EXPECT_EQ(Eval("absTime(0, undefined)"), "error");
  EXPECT_EQ(Eval("absTime(undefined, 0)"), "undefined");
  EXPECT_EQ(Eval("absTime(undefined, \"x\")"), "error");
  EXPECT_EQ(Eval("absTime(0, 4294967296 + 60)"), R"(absTime("1970-01-01T00:01:00+00:01"))");
}

// The seconds of absTime(number) go through an int: integers wrap to 32
// bits, reals out of range (and NaN) become INT_MIN (x86-64).
TEST(TimeBuiltins, AbsTimeOfNumbers) {
  EXPECT_EQ(Eval("absTime(2147483647)"), R"(absTime("2038-01-19T03:14:07-00:00"))");
  EXPECT_EQ(Eval("absTime(2147483648)"), R"(absTime("1901-12-13T20:45:52-00:00"))");
  EXPECT_EQ(Eval("absTime(4294967296 + 60)"), R"(absTime("1970-01-01T00:01:00-00:00"))");
  EXPECT_EQ(Eval("absTime(-1.9)"), R"(absTime("1969-12-31T23:59:59-00:00"))");
  EXPECT_EQ(Eval("absTime(relTime(90.9))"), R"(absTime("1970-01-01T00:01:30-00:00"))");
  EXPECT_EQ(Eval("absTime(1e300)"), R"(absTime("1901-12-13T20:45:52-00:00"))");
  EXPECT_EQ(Eval("absTime(real(\"NaN\"))"), R"(absTime("1901-12-13T20:45:52-00:00"))");
  EXPECT_EQ(Eval("absTime(true)"), "error");
  EXPECT_EQ(Eval("absTime([a = 1])"), "error");
  EXPECT_EQ(Eval("absTime(error)"), "error");
}

TEST(TimeBuiltins, RelTimeConversions) {
  // An integer goes through an int (wraps to 32 bits); a real does not, and
  // prints through an int as HTCondor prints it.
  EXPECT_EQ(Eval("relTime(4294967296 + 60)"), R"(relTime("01:00"))");
  EXPECT_EQ(Eval("relTime(4294967296.0)"), R"(relTime("-24855+-3:-14:-8"))");
  EXPECT_EQ(Eval(R"(relTime(absTime("1970-01-02T00:00:00Z")))"), R"(relTime("1+00:00:00"))");
  EXPECT_EQ(Eval("relTime(true)"), "error");
  EXPECT_EQ(Eval("relTime([a = 1])"), "error");
  EXPECT_EQ(Eval("relTime(5, 1)"), "error");
  EXPECT_EQ(Eval("relTime(undefined, 1)"), "error");
}

// --- get*() ---------------------------------------------------------------------

// HTCondor reads the fields with localtime(): in the process's zone (UTC),
// not in the offset the time carries.
TEST(TimeBuiltins, FieldsOfAbsoluteTimesAreReadInUtc) {
  EXPECT_EQ(Eval(R"(getHours(absTime("2020-02-29T12:34:56+01:00")))"), "11");
  const std::string new_year = R"(absTime("2020-01-01T00:30:00+01:00"))";
  EXPECT_EQ(Eval("getYear(" + new_year + ")"), "2019");
  EXPECT_EQ(Eval("getMonth(" + new_year + ")"), "12");
  EXPECT_EQ(Eval("getDayOfMonth(" + new_year + ")"), "31");
  EXPECT_EQ(Eval("getDayOfYear(" + new_year + ")"), "364");
  EXPECT_EQ(Eval("getDayOfWeek(" + new_year + ")"), "2");
  EXPECT_EQ(Eval("getMinutes(" + new_year + ")"), "30");
  EXPECT_EQ(Eval("getDays(" + new_year + ")"), "error");
}

TEST(TimeBuiltins, FieldsOfAbsoluteTimesBeforeTheEpoch) {
  EXPECT_EQ(Eval("getYear(absTime(-1))"), "1969");
  EXPECT_EQ(Eval("getDayOfYear(absTime(-1))"), "364");
  EXPECT_EQ(Eval("getDayOfWeek(absTime(-1))"), "3");
  EXPECT_EQ(Eval("getSeconds(absTime(-1))"), "59");
  EXPECT_EQ(Eval("getDayOfYear(absTime(\"2020-12-31\"))"), "365");
}

TEST(TimeBuiltins, FieldsOfRelativeTimes) {
  EXPECT_EQ(Eval("getDays(relTime(-90061))"), "-1");
  EXPECT_EQ(Eval("getHours(relTime(-90061))"), "-1");
  EXPECT_EQ(Eval("getSeconds(relTime(-0.5))"), "0");
  // Whole seconds through HTCondor's (int) cast: INT_MIN beyond 32 bits
  // (x86-64), so -24855 days.
  EXPECT_EQ(Eval("getDays(relTime(1e12))"), "-24855");
  EXPECT_EQ(Eval("getDays(relTime(1e300))"), "-24855");
  EXPECT_EQ(Eval("getMinutes(relTime(3e9))"), "-14");
  EXPECT_EQ(Eval("getDays(relTime(2147483647))"), "24855");
  EXPECT_EQ(Eval("getYear(relTime(5))"), "error");
  EXPECT_EQ(Eval("getSeconds(5)"), "error");
  EXPECT_EQ(Eval("getSeconds(relTime(5), 1)"), "error");
}

// --- splitTime() -------------------------------------------------------------------

TEST(TimeBuiltins, SplitTimeValues) {
  EXPECT_EQ(Eval("splitTime(relTime(-0.5))"),
            R"([ Days = 0; Type = "RelativeTime"; Hours = 0; Minutes = 0; )"
            R"(Seconds = -5.000000000000000E-01 ])");
  EXPECT_EQ(Eval("splitTime(absTime(0, -3600))"),
            R"([ Day = 31; Type = "AbsoluteTime"; Year = 1969; Hours = 23; Month = 12; )"
            R"(Offset = -3600; Minutes = 0; Seconds = 0 ])");
  EXPECT_EQ(Eval("splitTime(4294967296).Year"), "2106");
  // A real is cast to an int by HTCondor's doSplitTime: INT_MIN when it does
  // not fit (HTCondor 25.13.2's own library gives 1901 for both).
  EXPECT_EQ(Eval("splitTime(3e9).Year"), "1901");
  EXPECT_EQ(Eval("splitTime(1e300).Year"), "1901");
  EXPECT_EQ(Eval(R"(formatTime(3e9, "%Y-%m-%dT%H:%M:%S"))"), R"("1901-12-13T20:45:52")");
  EXPECT_EQ(Eval("splitTime(-2.5).Seconds"), "58");
  EXPECT_EQ(Eval("splitTime(relTime(93784.5)).Seconds"), "4.500000000000000E+00");
  // relTime("...") is a plain real: split as an absolute time.
  EXPECT_EQ(Eval(R"(splitTime(relTime("1d2h3m4.5s")).Seconds)"), "4");
}

TEST(TimeBuiltins, SplitTimeRejects) {
  EXPECT_EQ(Eval(R"(splitTime("2020"))"), "error");
  EXPECT_EQ(Eval("splitTime(true)"), "error");
  EXPECT_EQ(Eval("splitTime(1, 2)"), "error");
  EXPECT_EQ(Eval("splitTime([Year = 2020])"), "error");
}

// --- formatTime() --------------------------------------------------------------------

// HTCondor's formatTime() fills a struct tm with the time's own fields and
// no zone: strftime shows the process's zone (UTC) for %z and %Z, and %s
// is mktime() of the shown wall-clock fields in that zone. (This settles
// formatTime(t, "%s") of an absolute time with a zone: the wall-clock time
// read as UTC, 872957045 here, not the instant, 872975045.)
TEST(TimeBuiltins, FormatTimeZoneConversionsShowTheProcessZone) {
  const std::string t = R"(absTime("1997-08-30T16:04:05-0500"))";
  EXPECT_EQ(Eval("formatTime(" + t + R"(, "%z %Z"))"), R"("+0000 UTC")");
  EXPECT_EQ(Eval(R"(formatTime(absTime("2020-01-01T00:00:00+05:30"), "%z"))"), R"("+0000")");
  EXPECT_EQ(Eval(R"(formatTime(0, "%z %Z"))"), R"("+0000 UTC")");
  EXPECT_EQ(Eval("formatTime(" + t + R"(, "%s"))"), R"("872957045")");
  EXPECT_EQ(Eval(R"(formatTime(absTime("1997-08-30T16:04:05Z"), "%s"))"), R"("872957045")");
  EXPECT_EQ(Eval("formatTime(" + t + R"(, "%H:%M"))"), R"("16:04")");  // its own fields
}

TEST(TimeBuiltins, FormatTimeConversions) {
  const std::string t = R"(absTime("1997-08-30T16:04:05-0500"))";
  EXPECT_EQ(Eval("formatTime(" + t + R"(, "%F %T %r %P"))"),
            R"("1997-08-30 16:04:05 04:04:05 PM pm")");
  EXPECT_EQ(Eval("formatTime(" + t + R"(, "%e|%k|%-d|%_5H|%^a|%#b|%10A"))"),
            R"("30|16|30|   16|SAT|AUG|  Saturday")");
  EXPECT_EQ(Eval("formatTime(" + t + R"(, "%W %g %y %Ey %OH %n"))"), R"("34 97 97 97 16 \n")");
  // Unknown and unfinished conversions are copied as written.
  EXPECT_EQ(Eval("formatTime(" + t + R"(, "%Q %+ 100%"))"), R"("%Q %+ 100%")");
  EXPECT_EQ(Eval(R"(formatTime(absTime("2020-12-31"), "%G-W%V-%u %j"))"), R"("2020-W53-4 366")");
  EXPECT_EQ(Eval(R"(formatTime(absTime("2021-01-03"), "%G-W%V-%u"))"), R"("2020-W53-7")");
  EXPECT_EQ(Eval(R"(formatTime(absTime("2019-12-30"), "%G-W%V-%u"))"), R"("2020-W01-1")");
}

TEST(TimeBuiltins, FormatTimeOfMoreThan1022BytesIsAnError) {
  // HTCondor formats into a 1,024-byte buffer with strftime(buf, 1023, ..):
  // a longer result leaves the buffer unterminated, and HTCondor returns
  // whatever the stack held after it (its size changes from run to run).
  std::string format;
  for (int i = 0; i < 255; ++i) format += "%Y";
  EXPECT_EQ(Eval(R"(size(formatTime(0, ")" + format + R"(")))"), "1020");
  format += "%Y";
  EXPECT_EQ(Eval(R"(formatTime(0, ")" + format + R"("))"), "error");
  EXPECT_EQ(Eval(R"(size(formatTime(0, ")" + std::string(1022, 'a') + R"(")))"), "1022");
  EXPECT_EQ(Eval(R"(formatTime(0, ")" + std::string(1023, 'a') + R"("))"), "error");
}

TEST(TimeBuiltins, FormatTimeRespectsTheStringLimit) {
  EvalOptions options = FixedClock();
  options.limits.max_string_bytes = 100;
  Result<ExprPtr> small = ParseExpression(R"(formatTime(0, "%90Y"))");
  Result<ExprPtr> large = ParseExpression(R"(formatTime(0, "%60Y%60Y"))");
  ASSERT_TRUE(small.ok() && large.ok());
  EXPECT_TRUE(EvaluateExpr(**small, nullptr, nullptr, options).IsString());
  EXPECT_TRUE(EvaluateExpr(**large, nullptr, nullptr, options).IsError());
  // A huge field width is capped rather than allocated (and its result,
  // beyond HTCondor's buffer, is an error).
  EXPECT_EQ(Eval(R"(formatTime(0, "%99999999999Y"))"), "error");
}

TEST(TimeBuiltins, FormatTimeOfAds) {
  EXPECT_EQ(Eval(R"(formatTime([Year = 2001; Month = 2; Day = 3; Offset = 3600], "%F %a %z"))"),
            R"("2001-02-03 Sat +0000")");
  EXPECT_EQ(Eval(R"(formatTime([Year = 2001; Month = 13; Day = 1], "%b %m"))"), R"("? 13")");
  EXPECT_EQ(Eval(R"(formatTime([Hours = 5.5; Minutes = "x"], "%H:%M %Y"))"),
            R"("00:00 1900")");
  // Fields are read into ints (wrapped), the weekday and the day of the
  // year computed by HTCondor's day_numbers() in int arithmetic (a date
  // before year 1 has a negative weekday, printed "?"). Expectations are
  // HTCondor 25.13.2's.
  EXPECT_EQ(Eval(R"(formatTime([Year = 3000000000], "%Y"))"), R"("-1294967296")");
  EXPECT_EQ(Eval(R"(formatTime([Month = -1], "%Y-%m-%d %A %j"))"),
            R"("1900--1-00 Wednesday -60")");
  EXPECT_EQ(Eval(R"(formatTime([Day = 2147483648], "%d %A %j"))"),
            R"("-2147483648 ? -2147483648")");
  EXPECT_EQ(Eval(R"(formatTime([Year = 0], "%Y %A %u %w"))"), R"("0 ? 6 -1")");
  EXPECT_EQ(Eval(R"(formatTime(absTime("0.5-08-30T16:04:05-0500"), "%a %u"))"), R"("? 4")");
  // A time whose year no struct tm holds: HTCondor prints what its stack
  // held (different from run to run).
  EXPECT_EQ(Eval(R"(formatTime(9223372036854775807))"), "error");
  EXPECT_EQ(Eval(R"(splitTime(-9223372036854775808))"), "error");
  // The last second a struct tm holds; its year, tm_year + 1900 in int
  // arithmetic, wraps in HTCondor.
  EXPECT_EQ(Eval(R"(splitTime(67768036191676799).Year)"), "-2147481749");
  EXPECT_EQ(Eval(R"(formatTime(67768036191676799, "%Y %j %a"))"), R"("-2147481749 365 Mon")");
  EXPECT_EQ(Eval(R"(splitTime(67768036191676800))"), "error");
  EXPECT_EQ(Eval(R"(formatTime([Year = 2000 + 1], "%Y"))"), R"("2001")");
}

TEST(TimeBuiltins, FormatTimeRejects) {
  EXPECT_EQ(Eval(R"(formatTime(relTime(5)))"), "error");
  EXPECT_EQ(Eval(R"(formatTime("2020", "%Y"))"), "error");
  EXPECT_EQ(Eval(R"(formatTime(true, "%Y"))"), "error");
  EXPECT_EQ(Eval(R"(formatTime(0, 5))"), "error");
  EXPECT_EQ(Eval(R"(formatTime(0, "%Y", 1))"), "error");
}

// --- interval() ------------------------------------------------------------------

// HTCondor reads the seconds into an int: 32 bits.
TEST(TimeBuiltins, IntervalWrapsToThirtyTwoBits) {
  EXPECT_EQ(Eval("interval(4294967296 + 61)"), R"("1:01")");
  EXPECT_EQ(Eval("interval(2147483647)"), R"("24855+03:14:07")");
  EXPECT_EQ(Eval("interval(2147483648)"), R"("-24855+03:14:08")");
}

TEST(TimeBuiltins, IntervalForms) {
  EXPECT_EQ(Eval("interval(-30)"), R"("-30")");
  EXPECT_EQ(Eval("interval(-3541)"), R"("-59:01")");
  EXPECT_EQ(Eval("interval(-86430)"), R"("-1+00:00:30")");
  EXPECT_EQ(Eval("interval(absTime(3600))"), R"("1:00:00")");
  EXPECT_EQ(Eval("interval(error)"), "error");
  EXPECT_EQ(Eval("interval({1})"), "error");
}

}  // namespace
}  // namespace classad
