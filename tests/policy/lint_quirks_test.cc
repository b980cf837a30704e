// The htcondor-quirk checks of policy_lint (policy/lint/check_quirks.cc):
// each fires where an expression shows a quirk of HTCondor's evaluation, and
// stays silent on the way to write what was meant.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/policy/lint_test_util.h"

namespace policy::lint {
namespace {

using testing_util::At;
using testing_util::Dump;
using testing_util::First;
using testing_util::LintText;

// The positions where `check` fires on NEGOTIATOR_PRE_JOB_RANK = `expr`.
std::vector<std::string> Fires(const std::string& check, const std::string& expr) {
  const std::vector<Diagnostic> d = LintText("NEGOTIATOR_PRE_JOB_RANK = " + expr + "\n");
  return At(d, check);
}

// The message `check` gives for NEGOTIATOR_PRE_JOB_RANK = `expr` ("" if none).
std::string Message(const std::string& check, const std::string& expr) {
  const std::vector<Diagnostic> d = LintText("NEGOTIATOR_PRE_JOB_RANK = " + expr + "\n");
  const Diagnostic* first = First(d, check);
  return first == nullptr ? "" + Dump(d) : first->message;
}

using V = std::vector<std::string>;
constexpr int kCol = 27;  // where the value starts
std::string Col(int offset) { return "1:" + std::to_string(kCol + offset); }

TEST(LintQuirks, RelTimeLiteral) {
  const std::string check = "htcondor-quirk-reltime-literal";
  EXPECT_EQ(Fires(check, "TotalJobRunTime > relTime(\"2:00:00\")"), V{Col(18)});
  EXPECT_NE(Message(check, "relTime(\"2:00:00\")").find("write 7200"), std::string::npos);
  EXPECT_NE(Message(check, "relTime(\"2:00:00\")").find("relTime(\"2:00:00\") is the plain"),
            std::string::npos);
  EXPECT_EQ(Fires(check, "TotalJobRunTime > 7200"), V{});
  EXPECT_EQ(Fires(check, "TotalJobRunTime > relTime(7200)"), V{});  // a call, not folded
}

TEST(LintQuirks, ShiftCount) {
  const std::string check = "htcondor-quirk-shift-count";
  EXPECT_EQ(Fires(check, "Memory << 64"), V{Col(0)});
  EXPECT_EQ(Fires(check, "Memory >> -1"), V{Col(0)});
  EXPECT_EQ(Fires(check, "Memory >>> 0"), V{Col(0)});
  EXPECT_EQ(Fires(check, "Memory << 10 + (Memory >> 63)"), V{});
}

TEST(LintQuirks, UnaryBoolean) {
  const std::string check = "htcondor-quirk-unary-boolean";
  EXPECT_EQ(Fires(check, "-(Memory > 5)"), V{Col(0)});
  EXPECT_EQ(Fires(check, "+true"), V{Col(0)});
  EXPECT_EQ(Fires(check, "-Memory + (0 - (Memory > 5))"), V{});
}

TEST(LintQuirks, IntegerPow) {
  const std::string check = "htcondor-quirk-integer-pow";
  EXPECT_EQ(Fires(check, "pow(3, 38)"), V{Col(0)});
  EXPECT_NE(Message(check, "pow(-2, 3)").find("is -7"), std::string::npos);
  EXPECT_EQ(Fires(check, "pow(2, 63)"), V{Col(0)});
  EXPECT_EQ(Fires(check, "pow(2, 10) + pow(3, 3) + pow(2.0, 63) + pow(Memory, 2)"), V{});
}

TEST(LintQuirks, ListAggregate) {
  const std::string check = "htcondor-quirk-list-aggregate";
  EXPECT_EQ(Fires(check, "sum({undefined})"), V{Col(0)});
  EXPECT_EQ(Fires(check, "max({true})"), V{Col(0)});
  EXPECT_EQ(Fires(check, "anyCompare(\"<\", {undefined, Memory}, 5)"), V{Col(0)});
  EXPECT_EQ(Fires(check, "sum({1, Memory}) + anyCompare(\"<\", {1, Memory}, 5)"), V{});
}

TEST(LintQuirks, JoinEmpty) {
  const std::string check = "htcondor-quirk-join-empty";
  EXPECT_EQ(Fires(check, "size(join(\" \", \"\", Name))"), V{Col(5)});
  EXPECT_EQ(Fires(check, "size(join(\" \", Name, \"\"))"), V{});
}

TEST(LintQuirks, RegexpOptions) {
  const std::string check = "htcondor-quirk-regexp-options";
  EXPECT_EQ(Fires(check, "regexp(\"a\", Name, \"I\")"), V{Col(18)});
  EXPECT_NE(Message(check, "regexp(\"a\", Name, \"IM\")").find("write \"im\""),
            std::string::npos);
  EXPECT_EQ(Fires(check, "regexp(\"a\", Name, \"i\") && regexps(\"a\", Name, \"b\", \"fg\") != \"\""),
            V{});
}

TEST(LintQuirks, IntegerLiteral) {
  const std::string check = "htcondor-quirk-integer-literal";
  EXPECT_EQ(Fires(check, "Memory > 99999999999999999999"), V{Col(9)});
  EXPECT_EQ(Fires(check, "Memory > 9223372036854775807 + 0 + -9223372036854775808"), V{});
}

TEST(LintQuirks, StringListSummary) {
  const std::string check = "htcondor-quirk-stringlist-summary";
  EXPECT_EQ(Fires(check, "stringListAvg(\"1,2\")"), V{Col(0)});
  EXPECT_EQ(Fires(check, "stringListMax(\"-5,-3\")"), V{Col(0)});
  EXPECT_EQ(Fires(check, "stringListAvg(\"1.0,2\") + stringListMax(\"-5,3\") + stringListAvg(Tags)"),
            V{});
}

TEST(LintQuirks, AbsTimeLiteral) {
  const std::string check = "htcondor-quirk-abstime-literal";
  EXPECT_EQ(Fires(check, "QDate > absTime(\"2020-06\")"), V{Col(8)});
  EXPECT_EQ(Fires(check, "QDate > absTime(\"2020-13-45T00:00:00Z\")"), V{Col(8)});
  EXPECT_EQ(Fires(check, "QDate > absTime(\"2020-06-01\") + absTime(\"2020-06-30T10:00:00+01:00\")"),
            V{});
}

TEST(LintQuirks, RelTimeConversion) {
  const std::string check = "htcondor-quirk-reltime-conversion";
  EXPECT_EQ(Fires(check, "ceiling(relTime(MaxRuntime))"), V{Col(0)});
  EXPECT_EQ(Fires(check, "ceiling(MaxRuntime) + relTime(MaxRuntime)"), V{});
}

TEST(LintQuirks, Conversion) {
  const std::string check = "htcondor-quirk-conversion";
  EXPECT_EQ(Fires(check, "int(\"0x1A\")"), V{Col(0)});
  EXPECT_NE(Message(check, "int(\"0x1A\")").find("is 26"), std::string::npos);
  EXPECT_EQ(Fires(check, "int(\"9223372036854775807\")"), V{Col(0)});
  EXPECT_EQ(Fires(check, "int(\"42\") + real(\"1.5\") + int(Name)"), V{});
}

TEST(LintQuirks, TrailingText) {
  const std::string check = "htcondor-quirk-trailing-text";
  EXPECT_EQ(Fires(check, "Memory > 5 ? 1 : 2 3"), V{Col(0)});
  EXPECT_EQ(Fires(check, "Memory > 5 ? 1 : 2"), V{});
}

TEST(LintQuirks, VersionCompare) {
  const std::string check = "htcondor-quirk-versioncmp";
  EXPECT_EQ(Fires(check, "versioncmp(CondorVersion, \"9.0\") == 1"), V{Col(0)});
  EXPECT_EQ(Fires(check, "versioncmp(CondorVersion, \"9.0\") > 0"), V{});
  EXPECT_EQ(Fires(check, "versioncmp(CondorVersion, \"9.0\") == 0"), V{});
}

TEST(LintQuirks, TimeZone) {
  const std::string check = "htcondor-quirk-time-zone";
  EXPECT_EQ(Fires(check, "formatTime(QDate, \"%H %z\") == \"x\""), V{Col(18)});
  EXPECT_EQ(Fires(check, "getHours(absTime(\"2020-01-01T00:00:00+01:00\"))"), V{Col(0)});
  EXPECT_EQ(
      Fires(check, "formatTime(QDate, \"%H:%M\") == getHours(absTime(\"2020-01-01T00:00:00Z\"))"),
      V{});
}

TEST(LintQuirks, MatchWrapper) {
  const std::string check = "htcondor-quirk-match-wrapper";
  EXPECT_EQ(Fires(check, "other.Memory"), V{Col(0)});
  EXPECT_EQ(Fires(check, "Memory + .Memory"), V{Col(9)});
  EXPECT_EQ(Fires(check, "symmetricMatch"), V{Col(0)});
  EXPECT_EQ(Fires(check, "TARGET.Memory + MY.Memory + Memory + Other_Memory"), V{});
  // A selection that the ad lacks climbs into the wrapper.
  EXPECT_EQ(Fires(check, "1 + TARGET.other"), V{Col(4)});
}

TEST(LintQuirks, TimeOfString) {
  const std::string check = "htcondor-quirk-time-of-string";
  EXPECT_EQ(Fires(check, "QDate > absTime(strcat(\"2020\", \"-01-01\"))"), V{Col(8)});
  EXPECT_EQ(Fires(check, "relTime(string(MaxRuntime))"), V{Col(0)});
  EXPECT_EQ(Fires(check, "QDate > absTime(\"2020-01-01\") + relTime(MaxRuntime)"), V{});
}

TEST(LintQuirks, ThirtyTwoBits) {
  const std::string check = "htcondor-quirk-32-bits";
  EXPECT_EQ(Fires(check, "Tags[4294967296]"), V{Col(5)});
  EXPECT_EQ(Fires(check, "size(substr(Name, 4294967297))"), V{Col(18)});
  EXPECT_EQ(Fires(check, "Tags[2] + size(substr(Name, 2147483647)) + interval(86400)"), V{});
  EXPECT_EQ(Fires(check, "splitTime(3e9).Year"), V{Col(10)});
  EXPECT_EQ(Fires(check, "formatTime(3.0e9, \"%Y\") + splitTime(1.7e9).Year + splitTime(3000000000).Year"),
            V{Col(11)});
  // A real relative time beyond 32 bits reads as INT_MIN seconds.
  EXPECT_EQ(Fires(check, "getDays(relTime(3e9))"), V{Col(16)});
  EXPECT_EQ(Fires(check, "getDays(relTime(1.5e9)) + relTime(-2147483648.0)"), V{});
}

TEST(LintQuirks, TimeOverflow) {
  const std::string check = "htcondor-quirk-time-overflow";
  EXPECT_EQ(Fires(check, "splitTime(9223372036854775807).Year"), V{Col(10)});
  EXPECT_EQ(Fires(check, "formatTime(QDate, \"" + std::string(300, 'x') + "%A" +
                             std::string(720, 'x') + "\")"),
            V{Col(18)});
  EXPECT_NE(Message(check, "splitTime(-9223372036854775807).Year").find("struct tm"),
            std::string::npos);
  // Within the buffer (the longest names fit), and years a struct tm holds.
  EXPECT_EQ(Fires(check, "formatTime(QDate, \"" + std::string(1000, 'x') + "%a\") + "
                         "splitTime(67767976233532799).Year + splitTime(QDate).Year"),
            V{});
}

TEST(LintQuirks, SubscriptSelect) {
  const std::string check = "htcondor-quirk-subscript-select";
  EXPECT_EQ(Fires(check, "Resources[\"gpu\"].count"), V{Col(0)});
  EXPECT_EQ(Fires(check, "Resources.gpu.count + Resources[\"gpu\"] + Tags[0].x"), V{});
}

TEST(LintQuirks, Quantize) {
  const std::string check = "htcondor-quirk-quantize";
  EXPECT_EQ(Fires(check, "quantize(RequestMemory, -1024)"), V{Col(0)});
  EXPECT_EQ(Fires(check, "quantize(RequestMemory, 1024) + quantize(2.5, -2)"), V{});
}

TEST(LintQuirks, ElvisPrecedence) {
  const std::string check = "htcondor-quirk-elvis-precedence";
  EXPECT_EQ(Fires(check, "RequestMemory + ExtraMemory ?: 0"), V{Col(0)});
  EXPECT_EQ(Fires(check, "!IsGpuJob ?: false"), V{Col(0)});
  EXPECT_EQ(Fires(check, "x + 1 ? : 5"), V{Col(0)});  // `? :` is `?:` in HTCondor's lexer
  EXPECT_EQ(Fires(check, "x && b ?: c"), V{Col(0)});
  EXPECT_NE(Message(check, "RequestMemory + ExtraMemory ?: 0")
                .find("RequestMemory + (ExtraMemory ?: 0)"),
            std::string::npos);
  // Parentheses, or ?: on a whole operand or at the top, say what is meant.
  EXPECT_EQ(Fires(check, "(RequestMemory + ExtraMemory) ?: 0"), V{});
  EXPECT_EQ(Fires(check, "RequestMemory + (ExtraMemory ?: 0)"), V{});
  EXPECT_EQ(Fires(check, "ExtraMemory ?: 0"), V{});
  EXPECT_EQ(Fires(check, "-1 ?: 0"), V{});  // -1 is one literal in HTCondor's lexer
  EXPECT_EQ(Fires(check, "f(a ?: b, c[0] ?: d)"), V{});
}

TEST(LintQuirks, UnregisteredFunction) {
  const std::string check = "htcondor-quirk-unregistered-function";
  const std::vector<Diagnostic> fires = LintText(
      "MAPPED = isError(userMap(\"groups\", \"alice\"))\n"
      "if $EVAL(MAPPED)\n"
      "  NEGOTIATOR_CONSIDER_PREEMPTION = false\n"
      "endif\n");
  EXPECT_EQ(At(fires, check), V{"2:1"}) << Dump(fires);
  const Diagnostic* first = First(fires, check);
  ASSERT_NE(first, nullptr);
  EXPECT_NE(first->message.find("$EVAL(MAPPED), evaluated while the configuration is read"),
            std::string::npos);
  // The same call from a knob only read after reading.
  EXPECT_EQ(At(LintText("MAPPED = isError(userMap(\"groups\", \"alice\"))\n"
                        "NEGOTIATOR_CONSIDER_PREEMPTION = $EVAL(MAPPED)\n"),
               check),
            V{});
}

// Every check of the family is listed, so --list-checks and --disable know it.
TEST(LintQuirks, EveryCheckIsRegistered) {
  std::vector<std::string> names;
  for (const Check& c : AllChecks()) names.emplace_back(c.name);
  for (const char* name :
       {"htcondor-quirk-reltime-literal", "htcondor-quirk-shift-count",
        "htcondor-quirk-unary-boolean", "htcondor-quirk-integer-pow",
        "htcondor-quirk-list-aggregate", "htcondor-quirk-join-empty",
        "htcondor-quirk-regexp-options", "htcondor-quirk-integer-literal",
        "htcondor-quirk-stringlist-summary", "htcondor-quirk-abstime-literal",
        "htcondor-quirk-reltime-conversion", "htcondor-quirk-conversion",
        "htcondor-quirk-trailing-text", "htcondor-quirk-versioncmp",
        "htcondor-quirk-time-zone", "htcondor-quirk-match-wrapper",
        "htcondor-quirk-time-of-string", "htcondor-quirk-32-bits",
        "htcondor-quirk-time-overflow",
        "htcondor-quirk-subscript-select", "htcondor-quirk-quantize",
        "htcondor-quirk-elvis-precedence", "htcondor-quirk-unregistered-function"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
}

}  // namespace
}  // namespace policy::lint
