// String built-ins of the ClassAd library: strcat, join, toUpper, toLower,
// substr, strcmp, stricmp.
//
// Non-string arguments are turned into text the way HTCondor's
// convertValueToStringValue does (see convert.h); undefined and error are
// never converted, each function says how it propagates them.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/convert.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/value.h"

namespace classad {
namespace {

// What turning a value into text gave.
enum class TextResult { kOk, kUndefined, kError };

// Appends the text of `value` to `*out`: strings as they are, other values
// as string() prints them. Undefined and error append nothing and are
// reported.
TextResult AppendText(const Value& value, std::string* out) {
  if (value.IsUndefined()) return TextResult::kUndefined;
  if (value.IsError()) return TextResult::kError;
  if (value.IsString()) {
    out->append(value.string());
    return TextResult::kOk;
  }
  std::string text;
  if (!ValueToString(value, &text)) return TextResult::kError;
  out->append(text);
  return TextResult::kOk;
}

// True when a string of `size` bytes is allowed; otherwise records why
// in the context (the caller then returns error).
bool StringSizeAllowed(EvalContext& ctx, size_t size) {
  if (size <= ctx.limits().max_string_bytes) return true;
  ctx.NoteLimit("string result longer than max_string_bytes");
  return false;
}

// Charges the work of producing `bytes` bytes of output.
bool ChargeBytes(EvalContext& ctx, size_t bytes) {
  return ctx.Charge(1 + static_cast<uint64_t>(bytes));
}

// strcat(e1, e2, ...): the concatenation of the arguments' text. The first
// argument that is undefined or error decides the result (undefined or
// error); strcat() with no argument is "".
Value StrcatFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  std::string result;
  for (size_t i = 0; i < args.size(); ++i) {
    Value value = EvalArg(ctx, args, i);
    switch (AppendText(value, &result)) {
      case TextResult::kOk:
        break;
      case TextResult::kUndefined:
        return Value::Undefined();
      case TextResult::kError:
        return Value::Error();
    }
    if (!StringSizeAllowed(ctx, result.size()) || !ChargeBytes(ctx, result.size())) {
      return Value::Error();
    }
  }
  return Value::String(std::move(result));
}

// The running state of a join(): the separator, the text so far, and
// whether any item or any undefined value was seen.
struct JoinState {
  std::string separator;
  std::string text;
  bool have_item = false;
  bool saw_undefined = false;
};

// Adds one evaluated join() argument: the separator when `is_separator`,
// otherwise an item. Undefined values are skipped (an undefined separator
// leaves it empty). Returns false when the result must be error.
bool JoinAdd(EvalContext& ctx, const Value& value, bool is_separator, JoinState* state) {
  if (value.IsUndefined()) {
    state->saw_undefined = true;
    return true;
  }
  if (is_separator) {
    return AppendText(value, &state->separator) == TextResult::kOk;
  }
  // As HTCondor: the separator goes before an item only when the text so
  // far is not empty, so leading empty items vanish (`join(" ", "", "a")`
  // is "a").
  if (!state->text.empty()) {
    state->text.append(state->separator);
  } else if (state->have_item && !state->separator.empty()) {
    ctx.NoteQuirk(Quirk::kJoinEmpty);  // the empty items before lost their separators
  }
  if (AppendText(value, &state->text) != TextResult::kOk) return false;
  state->have_item = true;
  return StringSizeAllowed(ctx, state->text.size()) && ChargeBytes(ctx, state->text.size());
}

// The value join() returns once every argument was added.
Value JoinResult(JoinState* state) {
  if (state->saw_undefined && !state->have_item) return Value::Undefined();
  return Value::String(std::move(state->text));
}

// join(sep, e1, e2, ...), join(sep, list), join(list): the items' text with
// `sep` between them. Undefined items are skipped; all-undefined gives
// undefined; an error item gives error. With one or two arguments whose
// last one is a list, the list's elements are the items (and the
// separator is "" when there is no first argument).
Value JoinFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  JoinState state;
  if (args.empty()) return Value::String("");
  const size_t last = args.size() - 1;
  Value last_value;
  bool last_evaluated = false;
  if (args.size() <= 2) {
    last_value = EvalArg(ctx, args, last);
    last_evaluated = true;
    if (last_value.IsList()) {
      if (args.size() == 2 && !JoinAdd(ctx, EvalArg(ctx, args, 0), true, &state)) {
        return Value::Error();
      }
      for (const ExprPtr& item : last_value.list()) {
        if (!JoinAdd(ctx, ctx.EvaluateElement(last_value, *item), false, &state)) {
          return Value::Error();
        }
      }
      return JoinResult(&state);
    }
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const bool reuse = last_evaluated && i == last;
    if (!JoinAdd(ctx, reuse ? last_value : EvalArg(ctx, args, i), i == 0, &state)) {
      return Value::Error();
    }
  }
  return JoinResult(&state);
}

// ASCII upper/lower case of one byte (the C locale's toupper/tolower).
char AsciiUpper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }
char AsciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// toUpper(e) / toLower(e): the argument's text with ASCII letters changed;
// undefined stays undefined, error stays error; other than one argument is
// error.
Value ChangeCase(EvalContext& ctx, const std::vector<ExprPtr>& args, bool upper) {
  if (args.size() != 1) return Value::Error();
  Value value = EvalArg(ctx, args, 0);
  std::string text;
  switch (AppendText(value, &text)) {
    case TextResult::kOk:
      break;
    case TextResult::kUndefined:
      return Value::Undefined();
    case TextResult::kError:
      return Value::Error();
  }
  if (!ChargeBytes(ctx, text.size())) return Value::Error();
  for (char& c : text) c = upper ? AsciiUpper(c) : AsciiLower(c);
  return Value::String(std::move(text));
}

// toUpper(e): see ChangeCase.
Value ToUpperFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return ChangeCase(ctx, args, true);
}

// toLower(e): see ChangeCase.
Value ToLowerFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return ChangeCase(ctx, args, false);
}

// The [begin, begin + count) byte range substr(s, offset[, length]) takes
// from a string of `size` bytes, Perl-style: a negative offset counts from
// the end, a length <= 0 stops that many bytes before the end, an explicit
// length 0 is empty.
std::pair<size_t, size_t> SubstrRange(size_t size, int64_t offset, int64_t length,
                                      bool has_length) {
  const int64_t total = static_cast<int64_t>(size);
  int64_t begin = offset;
  if (begin < 0) {
    begin = total + begin;  // total >= 0, so this cannot overflow
    if (begin < 0) begin = 0;
  } else if (begin > total) {
    begin = total;
  }
  const int64_t available = total - begin;
  int64_t count;
  if (has_length && length == 0) {
    count = 0;
  } else if (length <= 0) {
    // available >= 0 and length <= 0: the sum cannot overflow.
    count = available + length;
    if (count < 0) count = 0;
  } else {
    count = length > available ? available : length;
  }
  return {static_cast<size_t>(begin), static_cast<size_t>(count)};
}

// substr(s, offset[, length]): see SubstrRange. Undefined in any argument
// gives undefined; otherwise s must be a string and offset/length integers
// (reals and booleans are errors); other than 2 or 3 arguments is error.
Value SubstrFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() < 2 || args.size() > 3) return Value::Error();
  const bool has_length = args.size() == 3;
  Value text = EvalArg(ctx, args, 0);
  Value offset = EvalArg(ctx, args, 1);
  Value length = has_length ? EvalArg(ctx, args, 2) : Value::Integer(0);
  if (text.IsUndefined() || offset.IsUndefined() || length.IsUndefined()) {
    return Value::Undefined();
  }
  if (!text.IsString() || !offset.IsInteger() || !length.IsInteger()) return Value::Error();
  std::string_view s = text.string();
  // HTCondor reads offset and length into an int: they wrap to 32 bits
  // (`substr("abcdef", 4294967297)` starts at 1).
  auto [begin, count] = SubstrRange(s.size(), static_cast<int32_t>(offset.integer()),
                                    static_cast<int32_t>(length.integer()), has_length);
  if (!ChargeBytes(ctx, count)) return Value::Error();
  return Value::String(s.substr(begin, count));
}

// -1, 0 or 1 as `diff` is negative, zero or positive.
int SignOf(int diff) { return (diff > 0) - (diff < 0); }

// Byte-wise comparison of two strings as C's strcmp (unsigned bytes) or
// strcasecmp in the C locale (ASCII letters folded to lower case).
int CompareText(std::string_view a, std::string_view b, bool ignore_case) {
  const size_t n = a.size() < b.size() ? a.size() : b.size();
  for (size_t i = 0; i < n; ++i) {
    unsigned char ca = static_cast<unsigned char>(ignore_case ? AsciiLower(a[i]) : a[i]);
    unsigned char cb = static_cast<unsigned char>(ignore_case ? AsciiLower(b[i]) : b[i]);
    if (ca != cb) return SignOf(static_cast<int>(ca) - static_cast<int>(cb));
  }
  return SignOf(static_cast<int>(a.size() > b.size()) - static_cast<int>(a.size() < b.size()));
}

// strcmp(a, b) / stricmp(a, b): -1, 0 or 1 comparing the arguments' text.
// Undefined in either gives undefined (checked first), then error gives
// error; other than two arguments is error.
Value CompareStrings(EvalContext& ctx, const std::vector<ExprPtr>& args, bool ignore_case) {
  if (args.size() != 2) return Value::Error();
  Value left = EvalArg(ctx, args, 0);
  Value right = EvalArg(ctx, args, 1);
  if (left.IsUndefined() || right.IsUndefined()) return Value::Undefined();
  std::string left_text, right_text;
  if (AppendText(left, &left_text) != TextResult::kOk ||
      AppendText(right, &right_text) != TextResult::kOk) {
    return Value::Error();
  }
  if (!ChargeBytes(ctx, left_text.size() + right_text.size())) return Value::Error();
  return Value::Integer(CompareText(left_text, right_text, ignore_case));
}

// strcmp(a, b): see CompareStrings.
Value StrcmpFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return CompareStrings(ctx, args, false);
}

// stricmp(a, b): see CompareStrings.
Value StricmpFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return CompareStrings(ctx, args, true);
}

}  // namespace

void RegisterStringBuiltins(BuiltinTableBuilder& table) {
  table.Add("strcat", StrcatFn);
  table.Add("join", JoinFn);
  table.Add("toUpper", ToUpperFn);
  table.Add("toLower", ToLowerFn);
  table.Add("substr", SubstrFn);
  table.Add("strcmp", StrcmpFn);
  table.Add("stricmp", StricmpFn);
}

}  // namespace classad
