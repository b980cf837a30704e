// The htcondor-quirk family (checks.h): expressions whose value in HTCondor
// (which the engine reproduces, docs/compatibility.md) is not what they seem
// to say. Each check is static: it fires only where the expression itself
// shows the quirk (literals, literal arguments), says what HTCondor gives
// and what to write instead.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>

#include "classad/convert.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/scope.h"
#include "classad/unparse.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/lint/policy_expressions.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

using classad::Expr;
using classad::ExprKind;
using classad::Op;

// Calls `visit(e, node)` for every node of every linted expression (nested
// ad literals not entered, as everywhere in the semantic checks).
void ForEachNode(const LintContext& context,
                 const std::function<void(const LintedExpression&, const Expr&)>& visit) {
  for (const LintedExpression& e : LintedExpressions(context.config)) {
    VisitNodes(e.expr(), [&](const Expr& node, const std::vector<const Expr*>&) {
      visit(e, node);
      return true;
    });
  }
}

// A warning of `check` at `node`, unless a linted macro reports it.
void Report(const LintedExpression& e, const Expr& node, std::string_view check,
            const std::string& message, std::vector<Diagnostic>* out) {
  const std::optional<size_t> offset = e.positions().Begin(node);
  if (e.FromLintedMacro(offset)) return;
  out->push_back(e.MakeAt(offset, Severity::kWarning, e.knob() + ": " + message, check));
}

// A number as a policy would write it: integral values without a point.
std::string NumberText(double value) {
  if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15) {
    return std::to_string(static_cast<int64_t>(value));
  }
  std::string out;
  classad::AppendReal(value, &out);
  return out;
}

// The bare argument `i` of call `node`, or null.
const Expr* Arg(const Expr& node, size_t i) {
  if (node.kind() != ExprKind::kCall || i >= node.children().size()) return nullptr;
  return &Unparenthesized(node.child(i));
}

bool IsCall(const Expr& node, std::string_view name) {
  return node.kind() == ExprKind::kCall && EqualsNoCase(node.name(), name);
}

bool IsIntegerLiteral(const Expr* e) {
  return e != nullptr && e->kind() == ExprKind::kLiteral && e->literal().IsInteger();
}

bool IsStringLiteral(const Expr* e) {
  return e != nullptr && e->kind() == ExprKind::kLiteral && e->literal().IsString();
}

// Whether `e` is certainly a boolean: a boolean literal, a comparison, a
// logical operator or a negation.
bool IsBooleanValued(const Expr& e) {
  const Expr& bare = Unparenthesized(e);
  if (bare.kind() == ExprKind::kLiteral) return bare.literal().IsBoolean();
  if (bare.kind() == ExprKind::kUnary) return bare.op() == Op::kNot;
  if (bare.kind() != ExprKind::kBinary) return false;
  switch (bare.op()) {
    case Op::kOr: case Op::kAnd: case Op::kEqual: case Op::kNotEqual: case Op::kIs:
    case Op::kIsnt: case Op::kLess: case Op::kLessEq: case Op::kGreater: case Op::kGreaterEq:
      return true;
    default:
      return false;
  }
}

}  // namespace

void CheckQuirkRelTimeLiteral(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (node.kind() != ExprKind::kLiteral || !node.reltime_text()) return;
    const std::string seconds = NumberText(node.literal().real());
    // The call as written (relTime("2:00:00")), or its canonical form.
    std::string written = classad::Unparse(node);
    if (const std::optional<size_t> at = e.positions().Begin(node)) {
      const std::string_view text = std::string_view(e.text()).substr(*at);
      const size_t open = text.find('"');
      const size_t close = open == std::string_view::npos ? open : text.find('"', open + 1);
      const size_t paren = close == std::string_view::npos ? close : text.find(')', close);
      if (paren != std::string_view::npos) written = std::string(text.substr(0, paren + 1));
    }
    Report(e, node, "htcondor-quirk-reltime-literal",
           written + " is the plain number " + seconds +
               " in HTCondor (a real, not a relative time: comparing it with a relative "
               "time is an error); write " + seconds,
           out);
  });
}

void CheckQuirkShiftCount(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (node.kind() != ExprKind::kBinary ||
        (node.op() != Op::kShiftLeft && node.op() != Op::kShiftRight &&
         node.op() != Op::kShiftRightLogical)) {
      return;
    }
    const Expr& count = Unparenthesized(node.child(1));
    if (!IsIntegerLiteral(&count)) return;
    const int64_t n = count.literal().integer();
    if (n >= 0 && n <= 63 && !(n == 0 && node.op() == Op::kShiftRightLogical)) return;
    Report(e, node, "htcondor-quirk-shift-count",
           "shift count " + std::to_string(n) +
               " is outside 0..63: HTCondor's shift is undefined in C++ and on x86-64 uses the "
               "count's low 6 bits (" +
               std::to_string(n & 63) + "), and `x >>> 0` of a negative x is 0; write the "
               "count you mean within 1..63",
           out);
  });
}

void CheckQuirkUnaryBoolean(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (node.kind() != ExprKind::kUnary || (node.op() != Op::kNegate && node.op() != Op::kPlus)) {
      return;
    }
    if (!IsBooleanValued(node.child(0))) return;
    Report(e, node, "htcondor-quirk-unary-boolean",
           std::string("unary ") + (node.op() == Op::kNegate ? "-" : "+") +
               " of a boolean is error in HTCondor (booleans count as numbers only for binary "
               "operators); write (b ? -1 : 0) or 0 - b",
           out);
  });
}

void CheckQuirkIntegerPow(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (!IsCall(node, "pow")) return;
    const Expr* base = Arg(node, 0);
    const Expr* exponent = Arg(node, 1);
    if (!IsIntegerLiteral(base) || !IsIntegerLiteral(exponent)) return;
    const int64_t b = base->literal().integer();
    const int64_t x = exponent->literal().integer();
    if (x < 0) return;
    // The exact power, when it fits (repeated multiplication with overflow
    // checks), against HTCondor's double + 0.5 cast.
    const int64_t htcondor = classad::TruncateLikeX86(
        std::pow(static_cast<double>(b), static_cast<double>(x)) + 0.5);
    int64_t exact = 1;
    bool fits = true;
    for (int64_t i = 0; i < x && fits && exact != 0; ++i) {
      fits = !__builtin_mul_overflow(exact, b, &exact);
      if (b == 1 || b == -1) {
        exact = (b == -1 && x % 2 == 1) ? -1 : 1;
        break;
      }
    }
    if (fits && exact == htcondor) return;
    Report(e, node, "htcondor-quirk-integer-pow",
           classad::Unparse(node) + " is " + std::to_string(htcondor) +
               " in HTCondor, which computes an integer pow() through a double and truncates "
               "(" + (fits ? "the exact value is " + std::to_string(exact)
                           : std::string("the exact value does not fit in 64 bits")) +
               "); write the constant you mean",
           out);
  });
}

void CheckQuirkListAggregate(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    const bool aggregate = IsCall(node, "sum") || IsCall(node, "avg") || IsCall(node, "min") ||
                           IsCall(node, "max");
    const bool compare = IsCall(node, "anyCompare");
    if (!aggregate && !compare) return;
    const Expr* list = Arg(node, compare ? 1 : 0);
    if (list == nullptr || list->kind() != ExprKind::kList) return;
    size_t undefined = 0, booleans = 0;
    for (const classad::ExprPtr& item : list->children()) {
      const Expr& bare = Unparenthesized(*item);
      if (bare.kind() != ExprKind::kLiteral) continue;
      undefined += bare.literal().IsUndefined() ? 1 : 0;
      booleans += bare.literal().IsBoolean() ? 1 : 0;
    }
    std::string what;
    if (compare && undefined > 0) {
      what = "anyCompare() stops with false at the first element that compares undefined";
    } else if (aggregate && undefined == list->children().size() && undefined > 0) {
      what = node.name() + "() of a list of only undefined values is 0, not undefined";
    } else if (aggregate && booleans > 0) {
      what = node.name() +
             "() returns a lone boolean as it is (sum({true}) is true) and counts booleans as "
             "0 and 1 otherwise";
    } else {
      return;
    }
    Report(e, node, "htcondor-quirk-list-aggregate",
           "in HTCondor " + what + "; list numbers only, and test for undefined yourself", out);
  });
}

void CheckQuirkJoinEmpty(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (!IsCall(node, "join") || node.children().size() < 3) return;
    const Expr* first = Arg(node, 1);
    if (!IsStringLiteral(first) || !first->literal().string().empty()) return;
    Report(e, node, "htcondor-quirk-join-empty",
           "join() in HTCondor puts the separator only after text that is not empty, so "
           "leading empty items vanish (join(\" \", \"\", \"a\") is \"a\"); leave the empty "
           "item out or strcat() the separator yourself",
           out);
  });
}

void CheckQuirkRegexpOptions(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    size_t options_at = 0;
    if (IsCall(node, "regexp") || IsCall(node, "regexpMember")) {
      options_at = 2;
    } else if (IsCall(node, "regexps") || IsCall(node, "replace") || IsCall(node, "replaceAll")) {
      options_at = 3;
    } else {
      return;
    }
    const Expr* options = Arg(node, options_at);
    if (!IsStringLiteral(options)) return;
    const std::string_view letters = options->literal().string();
    std::string ignored;
    for (char c : letters) {
      if (c >= 'A' && c <= 'Z' && std::string_view("IMSXFG").find(c) != std::string_view::npos) {
        ignored += c;
      }
    }
    if (ignored.empty()) return;
    Report(e, *options, "htcondor-quirk-regexp-options",
           node.name() + "() options \"" + ignored +
               "\" are ignored by HTCondor, which honours only lower-case option letters; write "
               "\"" + LowerAscii(std::string(letters)) + "\"",
           out);
  });
}

void CheckQuirkIntegerLiteral(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (!IsIntegerLiteral(&node) || node.literal().integer() != 0) return;
    const std::optional<size_t> at = e.positions().Begin(node);
    if (!at) return;
    const std::string_view text = std::string_view(e.text()).substr(*at);
    size_t digits = text.starts_with("-") ? 1 : 0;
    const size_t start = digits;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
    const std::string_view written = text.substr(0, digits);
    if (digits - start < 2) return;  // "0" or "-0"
    int64_t value = 0;
    const auto [ptr, ec] = std::from_chars(written.data(), written.data() + written.size(), value);
    if (ec == std::errc() && ptr == written.data() + written.size()) return;
    Report(e, node, "htcondor-quirk-integer-literal",
           "the integer literal " + std::string(written) +
               " is outside the 64-bit range: HTCondor reads it as 0; write a real (" +
               std::string(written) + ".0) or a value that fits",
           out);
  });
}

void CheckQuirkStringListSummary(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    const bool avg = IsCall(node, "stringListAvg");
    const bool max = IsCall(node, "stringListMax");
    const bool min = IsCall(node, "stringListMin");
    if (!avg && !max && !min) return;
    const Expr* list = Arg(node, 0);
    if (!IsStringLiteral(list) || node.children().size() != 1) return;
    classad::Result<classad::ExprPtr> call = classad::ParseExpression(classad::Unparse(node));
    if (!call.ok()) return;
    const classad::Value value = classad::EvaluateExpr(**call, nullptr, nullptr);
    std::string why;
    if (avg && value.IsInteger()) {
      why = "the average of a list of integers is truncated to an integer";
    } else if (max && value.IsNumber()) {
      // Every item negative: HTCondor's maximum, which starts at FLT_MIN,
      // stays there.
      bool all_negative = true;
      const std::string items(list->literal().string());
      size_t pos = 0;
      bool any = false;
      while (pos < items.size()) {
        size_t end = items.find_first_of(", ", pos);
        if (end == std::string::npos) end = items.size();
        if (end > pos) {
          any = true;
          all_negative = all_negative && items[pos] == '-';
        }
        pos = end + 1;
      }
      if (!any || !all_negative) return;
      why = "the maximum starts from FLT_MIN (a tiny positive number), so a list of negative "
            "numbers gives 0";
    } else if (min && value.IsReal() && value.real() >= 3.4e38) {
      why = "the minimum starts from FLT_MAX, so larger items give FLT_MAX";
    } else {
      return;
    }
    Report(e, node, "htcondor-quirk-stringlist-summary",
           classad::Unparse(node) + " is " + classad::UnparseValue(value) + " in HTCondor: " +
               why + "; compute it with the list functions (avg(), max()) on a real list",
           out);
  });
}

void CheckQuirkAbsTimeLiteral(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (node.kind() != ExprKind::kLiteral || !node.literal().IsAbsTime()) return;
    const std::optional<size_t> at = e.positions().Begin(node);
    if (!at) return;
    const std::string_view text = std::string_view(e.text()).substr(*at);
    const size_t open = text.find('"');
    const size_t close = open == std::string_view::npos ? open : text.find('"', open + 1);
    if (close == std::string_view::npos) return;
    const std::string_view written = text.substr(open + 1, close - open - 1);
    // Count the digit runs: a full date has year, month and day.
    size_t runs = 0;
    bool in_digits = false;
    for (char c : written) {
      const bool digit = c >= '0' && c <= '9';
      if (digit && !in_digits) ++runs;
      in_digits = digit;
    }
    const std::string shown = classad::UnparseValue(node.literal());
    // Fewer than three fields: no day (or no month). Otherwise a written
    // YYYY-MM-DD that the printed date does not repeat was carried over.
    const bool partial = runs < 3;
    const std::string canonical = shown.substr(9, 10);  // YYYY-MM-DD of absTime("...")
    const bool normalised = !partial && written.find(canonical) == std::string_view::npos &&
                            written.size() >= 10 && written[4] == '-';
    if (!partial && !normalised) return;
    Report(e, node, "htcondor-quirk-abstime-literal",
           "absTime(\"" + std::string(written) + "\") is " + shown + " in HTCondor, which " +
               (partial ? "takes a missing day as day 0 (the last day of the previous month)"
                        : "carries fields out of range over, as mktime() does") +
               "; write the full date you mean",
           out);
  });
}

void CheckQuirkRelTimeConversion(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    const bool rounding = IsCall(node, "floor") || IsCall(node, "ceiling") ||
                          IsCall(node, "ceil") || IsCall(node, "round") || IsCall(node, "real") ||
                          IsCall(node, "string");
    if (!rounding || node.children().size() != 1) return;
    const Expr* arg = Arg(node, 0);
    if (arg == nullptr || !IsCall(*arg, "relTime")) return;
    Report(e, node, "htcondor-quirk-reltime-conversion",
           node.name() + "() of a relative time sees only its whole seconds in HTCondor (the "
                         "fraction is cut off first: ceiling(relTime(90.7)) is 90); convert the "
                         "seconds as a number instead",
           out);
  });
}

void CheckQuirkConversionString(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if ((!IsCall(node, "int") && !IsCall(node, "real")) || node.children().size() != 1) return;
    const Expr* arg = Arg(node, 0);
    if (!IsStringLiteral(arg)) return;
    if (!classad::StrtodSurprises(arg->literal().string(), node.name().size() == 3)) return;
    classad::Result<classad::ExprPtr> call = classad::ParseExpression(classad::Unparse(node));
    if (!call.ok()) return;
    const classad::Value value = classad::EvaluateExpr(**call, nullptr, nullptr);
    Report(e, node, "htcondor-quirk-conversion",
           classad::Unparse(node) + " is " + classad::UnparseValue(value) +
               " in HTCondor, which reads the string with strtod() (hexadecimal, inf and nan "
               "included; integers through a double, INT64_MIN when out of range); write the "
               "number itself",
           out);
  });
}

void CheckQuirkTrailingText(const LintContext& context, std::vector<Diagnostic>* out) {
  for (const LintedExpression& e : LintedExpressions(context.config)) {
    if (e.expr().kind() != ExprKind::kConditional) continue;
    // The text parses, but not as one parenthesized expression: HTCondor's
    // parser stopped after the conditional and ignored the rest.
    if (classad::ParseExpression("(" + e.text() + ")").ok()) continue;
    Report(e, e.expr(), "htcondor-quirk-trailing-text",
           "HTCondor's parser ends this top-level `c ? a : b` at its last operand and silently "
           "ignores the text after it; remove that text or parenthesize the conditional",
           out);
  }
}

void CheckQuirkVersionCompare(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (node.kind() != ExprKind::kBinary ||
        (node.op() != Op::kEqual && node.op() != Op::kNotEqual && node.op() != Op::kIs &&
         node.op() != Op::kIsnt)) {
      return;
    }
    for (int side = 0; side < 2; ++side) {
      const Expr& call = Unparenthesized(node.child(side));
      const Expr& other = Unparenthesized(node.child(1 - side));
      if (!IsCall(call, "versioncmp") || !IsIntegerLiteral(&other)) continue;
      const int64_t n = other.literal().integer();
      if (n == 0) continue;
      Report(e, node, "htcondor-quirk-versioncmp",
             "versioncmp() returns HTCondor's raw difference (versioncmp(\"a\", \"B\") is 31), "
             "not only -1, 0 or 1, so comparing it with " +
                 std::to_string(n) + " rarely holds; write versioncmp(...) " +
                 (n > 0 ? "> 0" : "< 0"),
             out);
    }
  });
}

void CheckQuirkTimeZone(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (IsCall(node, "formatTime")) {
      const Expr* format = Arg(node, 1);
      if (!IsStringLiteral(format)) return;
      const std::string_view f = format->literal().string();
      if (f.find("%z") == std::string_view::npos && f.find("%Z") == std::string_view::npos &&
          f.find("%s") == std::string_view::npos) {
        return;
      }
      Report(e, *format, "htcondor-quirk-time-zone",
             "formatTime()'s %z and %Z show the negotiator's own time zone (\"+0000\", \"UTC\" "
             "where it runs in UTC), not the time's offset, and %s reads the shown wall-clock "
             "time in that zone; format the offset yourself, or use int(t) for the epoch",
             out);
      return;
    }
    static constexpr std::string_view kGetters[] = {"getYear", "getMonth", "getDayOfYear",
                                                    "getDayOfMonth", "getDayOfWeek", "getHours",
                                                    "getMinutes"};
    for (std::string_view getter : kGetters) {
      if (!IsCall(node, getter)) continue;
      const Expr* arg = Arg(node, 0);
      if (arg == nullptr || arg->kind() != ExprKind::kLiteral || !arg->literal().IsAbsTime() ||
          arg->literal().abstime().offset == 0) {
        return;
      }
      Report(e, node, "htcondor-quirk-time-zone",
             node.name() + "() reads the time in the negotiator's own time zone in HTCondor, not "
                           "in the offset written in the absTime; use splitTime(t) to read it "
                           "in its offset",
             out);
      return;
    }
  });
}

void CheckQuirkTimeOfString(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    const bool abs = IsCall(node, "absTime");
    if ((!abs && !IsCall(node, "relTime")) || node.children().empty()) return;
    const Expr* arg = Arg(node, 0);
    // A string computed at run time: a call that gives a string.
    static constexpr std::string_view kStringCalls[] = {
        "strcat", "string", "substr", "join", "toUpper", "toLower", "formatTime",
        "replace", "replaceAll", "regexps", "unparse", "interval"};
    bool computed = false;
    for (std::string_view name : kStringCalls) computed = computed || IsCall(*arg, name);
    if (!computed) return;
    Report(e, node, "htcondor-quirk-time-of-string",
           node.name() + "() of a string computed at run time " +
               (abs ? "returns the string itself" : "is relTime(0)") +
               " in HTCondor, which reads a time from a string literal only (at parse "
               "time); compute the seconds as a number instead",
           out);
  });
}

void CheckQuirkThirtyTwoBits(const LintContext& context, std::vector<Diagnostic>* out) {
  auto beyond = [](const Expr* e) {
    if (!IsIntegerLiteral(e)) return false;
    const int64_t v = e->literal().integer();
    return v < INT32_MIN || v > INT32_MAX;
  };
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    const Expr* culprit = nullptr;
    if (node.kind() == ExprKind::kSubscript && beyond(&Unparenthesized(node.child(1)))) {
      culprit = &node.child(1);
    } else if (IsCall(node, "substr")) {
      for (size_t i = 1; i < node.children().size() && culprit == nullptr; ++i) {
        if (beyond(Arg(node, i))) culprit = Arg(node, i);
      }
    } else if ((IsCall(node, "interval") || IsCall(node, "absTime") ||
                IsCall(node, "relTime")) &&
               beyond(Arg(node, 0))) {
      culprit = Arg(node, 0);
    }
    const bool relative = IsCall(node, "relTime");
    if (culprit == nullptr &&
        (relative || IsCall(node, "splitTime") || IsCall(node, "formatTime"))) {
      // A real is cast to an int there (for a relative time, wherever
      // HTCondor reads its whole seconds): beyond 32 bits, INT_MIN.
      const Expr* seconds = Arg(node, 0);
      if (seconds != nullptr && seconds->kind() == ExprKind::kLiteral &&
          seconds->literal().IsReal() &&
          !(seconds->literal().real() > -2147483649.0 && seconds->literal().real() < 2147483648.0)) {
        Report(e, *seconds, "htcondor-quirk-32-bits",
               classad::Unparse(*seconds) +
                   (relative ? " seconds do not fit in 32 bits: HTCondor reads a relative time's "
                               "whole seconds through an int, so int(), string(), getDays(), "
                               "interval() and absTime arithmetic all see -2147483648 "
                               "(-24855+-3:-14:-8); use the number of seconds itself"
                             : " does not fit in 32 bits: HTCondor casts a real time into an int "
                               "here, which gives -2147483648 (1901-12-13T20:45:52); write it as "
                               "an integer"),
               out);
      }
      return;
    }
    if (culprit == nullptr) return;
    Report(e, *culprit, "htcondor-quirk-32-bits",
           classad::Unparse(*culprit) +
               " does not fit in 32 bits: HTCondor reads it into an int here, so it wraps "
               "around (to " +
               std::to_string(static_cast<int32_t>(
                   static_cast<uint32_t>(Unparenthesized(*culprit).literal().integer()))) +
               ")",
           out);
  });
}

void CheckQuirkTimeOverflow(const LintContext& context, std::vector<Diagnostic>* out) {
  // Asks the evaluator, which gives error exactly where HTCondor's result
  // is whatever its stack held.
  auto is_error = [](const std::string& text) {
    classad::Result<classad::ExprPtr> call = classad::ParseExpression(text);
    return call.ok() && classad::EvaluateExpr(**call, nullptr, nullptr).IsError();
  };
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    const bool format = IsCall(node, "formatTime");
    if (!format && !IsCall(node, "splitTime")) return;
    const Expr* time = Arg(node, 0);
    if (IsIntegerLiteral(time) && is_error("splitTime(" + classad::Unparse(*time) + ")")) {
      Report(e, *time, "htcondor-quirk-time-overflow",
             classad::Unparse(*time) +
                 " seconds lie beyond the years a struct tm holds: HTCondor's " + node.name() +
                 "() reads fields gmtime() never set and returns whatever its stack held; "
                 "here it is an error",
             out);
      return;
    }
    const Expr* pattern = format ? Arg(node, 1) : nullptr;
    // Formatted on a Wednesday in September, whose names are the longest.
    if (pattern != nullptr && IsStringLiteral(pattern) &&
        is_error("formatTime(1600819200, " + classad::Unparse(*pattern) + ")")) {
      Report(e, *pattern, "htcondor-quirk-time-overflow",
             "this format can give more than 1,022 bytes, which overflows HTCondor's "
             "formatTime() buffer: the result is then whatever its stack held; here it is "
             "an error",
             out);
    }
  });
}

void CheckQuirkSubscriptSelect(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (node.kind() != ExprKind::kSelect || node.child(0).kind() != ExprKind::kSubscript) return;
    if (!IsStringLiteral(&Unparenthesized(node.child(0).child(1)))) return;
    Report(e, node, "htcondor-quirk-subscript-select",
           "in HTCondor a selection from an ad taken by name, ad[\"x\"].y, is undefined; "
           "write ad.x.y",
           out);
  });
}

void CheckQuirkQuantize(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    if (!IsCall(node, "quantize")) return;
    const Expr* value = Arg(node, 0);
    const Expr* quantum = Arg(node, 1);
    if (!IsIntegerLiteral(quantum) || quantum->literal().integer() >= 0) return;
    if (value != nullptr && value->kind() == ExprKind::kLiteral && !value->literal().IsInteger()) {
      return;  // a real value is rounded with ceil(), which is right
    }
    Report(e, node, "htcondor-quirk-quantize",
           "quantize() with a negative integer quantum uses C's truncating division in "
           "HTCondor and does not round up (quantize(3, -2) is 0); use a positive quantum",
           out);
  });
}

void CheckQuirkElvisPrecedence(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    const bool binary = node.kind() == ExprKind::kBinary;
    if (!binary && node.kind() != ExprKind::kUnary) return;
    const Expr& elvis = node.child(binary ? 1 : 0);
    if (elvis.kind() != ExprKind::kElvis) return;  // parentheses say what is meant
    const std::string op = classad::OpSpelling(node.op());
    const std::string operand = classad::Unparse(elvis.child(0));
    const std::string fallback = classad::Unparse(elvis.child(1));
    const std::string before = binary ? classad::Unparse(node.child(0)) + " " + op + " " : op;
    Report(e, node, "htcondor-quirk-elvis-precedence",
           "HTCondor's ?: binds tighter than every other operator, so " + before + operand +
               " ?: " + fallback + " is " + before + "(" + operand + " ?: " + fallback +
               "): the fallback replaces " + operand + " alone; write (" + before + operand +
               ") ?: " + fallback + " to fall back on the whole, or the parentheses HTCondor "
               "reads to say so",
           out);
  });
}

void CheckQuirkMatchWrapper(const LintContext& context, std::vector<Diagnostic>* out) {
  ForEachNode(context, [&](const LintedExpression& e, const Expr& node) {
    const std::string& name = node.name();
    if (node.kind() == ExprKind::kSelect && classad::IsMatchWrapperName(name)) {
      Report(e, node, "htcondor-quirk-match-wrapper",
             "." + name + " selected from an ad that lacks it climbs into HTCondor's internal "
             "MatchClassAd wrapper during a match (TARGET.other is MY, TARGET.symmetricMatch "
             "the match), not undefined; name the attribute otherwise",
             out);
      return;
    }
    if (node.kind() != ExprKind::kAttribute) return;
    std::string message;
    if (node.absolute()) {
      message = "." + name +
                " is looked up in HTCondor's internal MatchClassAd wrapper during a match, "
                "which holds only LEFT, RIGHT and the match attributes, so it is undefined "
                "there; write MY." + name + " or TARGET." + name;
    } else if (classad::IsMatchWrapperName(name) || EqualsNoCase(name, "root") ||
               EqualsNoCase(name, "toplevel")) {
      message = name +
                " names an attribute of HTCondor's internal MatchClassAd wrapper (or the "
                "wrapper itself), which only a match has and which HTCondor does not document; "
                "it is found before a TARGET attribute of that name, and LEFT is the job when "
                "either Requirements is matched but the evaluated ad in ranks and "
                "PREEMPTION_REQUIREMENTS; write MY or TARGET";
    } else {
      return;
    }
    Report(e, node, "htcondor-quirk-match-wrapper", message, out);
  });
}

void CheckQuirkUnregisteredFunction(const LintContext& context, std::vector<Diagnostic>* out) {
  for (const ConfigQuirk& seen : context.config.read_quirks()) {
    if (seen.quirk != classad::Quirk::kUnregisteredFunction) continue;
    out->push_back(MakeDiagnostic(
        seen.note.where(), Severity::kWarning,
        seen.note.message() +
            ". HTCondor registers userMap(), split(), the stringList* functions and the others "
            "of its daemons only once it has read its configuration, so an if condition, a "
            "self-reference or an AUTO_USE_ trigger that calls one sees error; call it from a "
            "knob used after reading instead",
        "htcondor-quirk-unregistered-function"));
  }
}

}  // namespace policy::lint
