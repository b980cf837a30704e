// Version comparison built-ins: versioncmp, versionGT, versionGE, versionLT,
// versionLE, versionEQ, version_in_range.
//
// Versions are compared "naturally" (as strverscmp(3) does, and as
// HTCondor's natural_cmp): lexicographically, except where the first
// difference falls inside a run of digits, which then compare by value,
// more leading zeros meaning a smaller number. So 7.9 < 7.10 and
// 000 < 00 < 01 < 010 < 09 < 0 < 1 < 9 < 10.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/convert.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/value.h"

namespace classad {
namespace {

// The byte at `i` as a C `char` on the reference platform (signed), or 0
// past the end (the C string terminator).
int CharAt(std::string_view s, size_t i) {
  return i < s.size() ? static_cast<int>(static_cast<signed char>(s[i])) : 0;
}

// Whether `c` (as returned by CharAt) is an ASCII digit.
bool IsDigit(int c) { return c >= '0' && c <= '9'; }

// Natural comparison of two versions, returning what HTCondor's natural_cmp
// returns: the raw difference of the first differing bytes, of the counts
// of leading zeros or of the numbers' lengths (versioncmp("a", "B") is 31),
// of which only the sign is documented.
int CompareVersions(std::string_view a, std::string_view b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const int ca = CharAt(a, i);
  const int cb = CharAt(b, i);
  if (ca == cb) return 0;  // both strings ended
  // The run of digits (common to both) that leads up to the difference.
  size_t number_begin = i;
  while (number_begin > 0 && IsDigit(CharAt(a, number_begin - 1))) --number_begin;
  if (number_begin == i && (!IsDigit(ca) || !IsDigit(cb))) return ca - cb;
  // Leading zeros of the number in each string; a lone final zero is the
  // number's value, not a leading zero.
  size_t zeros_a_end = number_begin;
  while (CharAt(a, zeros_a_end) == '0') ++zeros_a_end;
  size_t zeros_b_end = number_begin;
  while (CharAt(b, zeros_b_end) == '0') ++zeros_b_end;
  if (zeros_a_end > number_begin && !IsDigit(CharAt(a, zeros_a_end))) --zeros_a_end;
  if (zeros_b_end > number_begin && !IsDigit(CharAt(b, zeros_b_end))) --zeros_b_end;
  // More leading zeros sorts first.
  if (zeros_a_end != zeros_b_end) {
    return static_cast<int>(zeros_b_end) - static_cast<int>(zeros_a_end);
  }
  if (zeros_a_end > number_begin) return ca - cb;
  // No leading zeros: the longer number is the larger; same length
  // compares at the first difference.
  size_t number_a_end = zeros_a_end;
  while (IsDigit(CharAt(a, number_a_end))) ++number_a_end;
  size_t number_b_end = zeros_b_end;
  while (IsDigit(CharAt(b, number_b_end))) ++number_b_end;
  if (number_a_end != number_b_end) {
    return static_cast<int>(number_a_end) - static_cast<int>(number_b_end);
  }
  return ca - cb;
}

// The text of `value` for a version comparison (strings as they are, other
// values as string() prints them); false for undefined and error.
bool VersionText(const Value& value, std::string* out) {
  if (value.IsString()) {
    *out = value.string();
    return true;
  }
  if (value.IsExceptional()) return false;
  return ValueToString(value, out);
}

// Evaluates the two arguments of a version comparison and sets `*order`
// to their comparison. Returns false, with the value to return in
// `*early`, when there is nothing to compare: undefined in either argument
// gives undefined, then error (a value without text) gives error, and
// other than two arguments is error.
bool CompareArgs(EvalContext& ctx, const std::vector<ExprPtr>& args, int* order, Value* early) {
  if (args.size() != 2) {
    *early = Value::Error();
    return false;
  }
  Value left = EvalArg(ctx, args, 0);
  Value right = EvalArg(ctx, args, 1);
  if (left.IsUndefined() || right.IsUndefined()) {
    *early = Value::Undefined();
    return false;
  }
  std::string left_text, right_text;
  if (!VersionText(left, &left_text) || !VersionText(right, &right_text)) {
    *early = Value::Error();
    return false;
  }
  if (!ctx.Charge(1 + left_text.size() + right_text.size())) {
    *early = Value::Error();
    return false;
  }
  *order = CompareVersions(left_text, right_text);
  return true;
}

// versioncmp(a, b): -1, 0 or 1.
Value VersionCmpFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  int order = 0;
  Value early;
  if (!CompareArgs(ctx, args, &order, &early)) return early;
  return Value::Integer(order);
}

// The relation a version*() function tests.
enum class Relation { kGT, kGE, kLT, kLE, kEQ };

// versionGT/GE/LT/LE/EQ(a, b): whether the order of a and b has `relation`.
Value VersionRelation(EvalContext& ctx, const std::vector<ExprPtr>& args, Relation relation) {
  int order = 0;
  Value early;
  if (!CompareArgs(ctx, args, &order, &early)) return early;
  switch (relation) {
    case Relation::kGT: return Value::Boolean(order > 0);
    case Relation::kGE: return Value::Boolean(order >= 0);
    case Relation::kLT: return Value::Boolean(order < 0);
    case Relation::kLE: return Value::Boolean(order <= 0);
    case Relation::kEQ: return Value::Boolean(order == 0);
  }
  return Value::Error();
}

// versionGT(a, b).
Value VersionGTFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return VersionRelation(ctx, args, Relation::kGT);
}
// versionGE(a, b).
Value VersionGEFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return VersionRelation(ctx, args, Relation::kGE);
}
// versionLT(a, b).
Value VersionLTFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return VersionRelation(ctx, args, Relation::kLT);
}
// versionLE(a, b).
Value VersionLEFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return VersionRelation(ctx, args, Relation::kLE);
}
// versionEQ(a, b).
Value VersionEQFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return VersionRelation(ctx, args, Relation::kEQ);
}

// version_in_range(v, min, max): min <= v <= max in version order.
// Undefined min or max gives undefined; any argument without text
// (including an undefined v, as in the reference) gives error; other than
// three arguments is error.
Value VersionInRangeFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 3) return Value::Error();
  Value version = EvalArg(ctx, args, 0);
  Value low = EvalArg(ctx, args, 1);
  Value high = EvalArg(ctx, args, 2);
  if (low.IsUndefined() || high.IsUndefined()) return Value::Undefined();
  std::string version_text, low_text, high_text;
  if (!VersionText(version, &version_text) || !VersionText(low, &low_text) ||
      !VersionText(high, &high_text)) {
    return Value::Error();
  }
  if (!ctx.Charge(1 + version_text.size() + low_text.size() + high_text.size())) {
    return Value::Error();
  }
  return Value::Boolean(CompareVersions(low_text, version_text) <= 0 &&
                        CompareVersions(version_text, high_text) <= 0);
}

}  // namespace

void RegisterVersionBuiltins(BuiltinTableBuilder& table) {
  table.Add("versioncmp", VersionCmpFn);
  table.Add("versionGT", VersionGTFn);
  table.Add("versionGE", VersionGEFn);
  table.Add("versionLT", VersionLTFn);
  table.Add("versionLE", VersionLEFn);
  table.Add("versionEQ", VersionEQFn);
  table.Add("version_in_range", VersionInRangeFn);
}

}  // namespace classad
