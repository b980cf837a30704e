// String-list built-ins: the library's stringListsIntersect, and the
// functions HTCondor's daemons register on top of the library
// (compat_classad.cpp): stringListSize, stringListSum, stringListAvg,
// stringListMin, stringListMax, stringListMember, stringListIMember,
// stringListSubsetMatch, stringListISubsetMatch, split, splitUserName,
// splitSlotName, envV1ToV2, mergeEnvironment, argsToList, listToArgs,
// userMap, userHome.
// (stringList_regexpMember lives with the regular expressions.)
//
// A "string list" is one string holding items separated by any byte of a
// delimiter set. The daemon functions split it as HTCondor's
// StringTokenIterator does (items trimmed of white space, empty items
// dropped); stringListsIntersect keeps the library's own simpler rule.

#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/convert.h"
#include "classad/string_list.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/tree_builder.h"
#include "classad/user_maps.h"
#include "classad/value.h"

namespace classad {
namespace {

// C's isspace in the C locale.
bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// ASCII lower case of one byte.
char AsciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }



// The items of a string list as the library's stringListsIntersect splits
// it: at any byte of `delimiters` (" ," when empty), nothing trimmed,
// empty items dropped.
std::vector<std::string_view> RawItems(std::string_view list, std::string_view delimiters) {
  if (delimiters.empty()) delimiters = " ,";
  std::vector<std::string_view> items;
  size_t begin = 0;
  while (begin <= list.size()) {
    size_t end = list.find_first_of(delimiters, begin);
    if (end == std::string_view::npos) end = list.size();
    if (end > begin) items.push_back(list.substr(begin, end - begin));
    begin = end + 1;
  }
  return items;
}

// Case-insensitive (ASCII) equality.
bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

// `text` with ASCII letters in lower case (a key for case-insensitive sets).
std::string LowerCased(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = AsciiLower(c);
  return out;
}

// A list value of string literals.
Value StringListValue(EvalContext& ctx, const std::vector<std::string>& strings) {
  if (strings.size() > ctx.limits().max_list_items) {
    ctx.NoteLimit("list longer than max_list_items");
    return Value::Error();
  }
  auto items = std::make_shared<ExprList>();
  items->reserve(strings.size());
  // The literals in one block (tree_builder.h).
  TreeBuilder builder(strings.size() * TreeBuilder::NodeBytes(ExprKind::kLiteral));
  for (const std::string& s : strings) {
    items->push_back(builder.Share(builder.Literal(Value::String(s))));
  }
  return Value::List(std::move(items));
}

// The string of argument `i` when it was given, else `fallback`. The
// argument must be a string.
std::string_view StringArgOr(const std::vector<Value>& values, size_t i,
                             std::string_view fallback) {
  return i < values.size() ? std::string_view(values[i].string()) : fallback;
}

// Evaluates every argument; returns false (the caller returns error) when
// one of them is not a string. Used by the functions whose arguments must
// all be strings, undefined included.
bool EvaluateStrings(EvalContext& ctx, const std::vector<ExprPtr>& args,
                     std::vector<Value>* values) {
  values->reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    values->push_back(EvalArg(ctx, args, i));
    if (!values->back().IsString()) return false;
  }
  return true;
}

// stringListsIntersect(list1, list2[, delimiters]) (library): whether the
// two string lists share an item (exact comparison; default delimiters
// " ,"). Error in any argument gives error, then undefined gives
// undefined; non-strings and other than 2 or 3 arguments give error.
Value StringListsIntersectFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 2 && args.size() != 3) return Value::Error();
  std::vector<Value> values;
  for (size_t i = 0; i < args.size(); ++i) values.push_back(EvalArg(ctx, args, i));
  for (const Value& value : values) {
    if (value.IsError()) return Value::Error();
  }
  for (const Value& value : values) {
    if (value.IsUndefined()) return Value::Undefined();
  }
  for (const Value& value : values) {
    if (!value.IsString()) return Value::Error();
  }
  const std::string_view delimiters = StringArgOr(values, 2, "");
  if (!ctx.Charge(1 + values[0].string().size() + values[1].string().size())) {
    return Value::Error();
  }
  std::vector<std::string_view> second = RawItems(values[1].string(), delimiters);
  std::set<std::string_view> second_set(second.begin(), second.end());
  for (std::string_view item : RawItems(values[0].string(), delimiters)) {
    if (second_set.count(item) != 0) return Value::Boolean(true);
  }
  return Value::Boolean(false);
}

// stringListSize(list[, delimiters]): the number of items (default
// delimiters ", "). Both arguments must be strings; other than 1 or 2
// arguments is error.
Value StringListSizeFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.empty() || args.size() > 2) return Value::Error();
  std::vector<Value> values;
  if (!EvaluateStrings(ctx, args, &values)) return Value::Error();
  const std::string_view delimiters = StringArgOr(values, 1, ", ");
  if (!ctx.Charge(1 + values[0].string().size())) return Value::Error();
  return Value::Integer(static_cast<int64_t>(SplitStringList(values[0].string(), delimiters).size()));
}

// What a stringList summary function computes.
enum class Summary { kSum, kAvg, kMin, kMax };

// Parses a list item as C's sscanf("%lf") does: the longest prefix that is
// a number. Returns false when no prefix is. `*integral` tells whether the
// item consists of signs and digits only.
bool ParseNumberItem(std::string_view item, double* value, bool* integral) {
  const std::string text(item);
  char* end = nullptr;
  *value = std::strtod(text.c_str(), &end);
  if (end == text.c_str()) return false;
  *integral = text.find_first_not_of("+-0123456789") == std::string::npos;
  return true;
}

// stringListSum/Avg/Min/Max(list[, delimiters]): the items read as numbers
// and summarized as HTCondor does: the result is an integer (truncated,
// TruncateLikeX86) when every item is written with signs and digits only,
// a real otherwise -- so the average of integers is truncated
// (stringListAvg("1,2") is 1). Min starts from FLT_MAX and max from FLT_MIN
// (stringListMax("-5,-3") is 0). An item that is not a number gives error.
// The empty list gives 0.0 for sum and avg, undefined for min and max.
// Both arguments must be strings; other than 1 or 2 is error.
Value SummarizeStringList(EvalContext& ctx, const std::vector<ExprPtr>& args, Summary summary) {
  if (args.empty() || args.size() > 2) return Value::Error();
  std::vector<Value> values;
  if (!EvaluateStrings(ctx, args, &values)) return Value::Error();
  const std::string_view delimiters = StringArgOr(values, 1, ", ");
  if (!ctx.Charge(1 + values[0].string().size())) return Value::Error();
  std::vector<std::string_view> items = SplitStringList(values[0].string(), delimiters);
  if (items.empty()) {
    if (summary == Summary::kSum || summary == Summary::kAvg) return Value::Real(0.0);
    return Value::Undefined();
  }
  double accumulator = summary == Summary::kMin   ? static_cast<double>(FLT_MAX)
                       : summary == Summary::kMax ? static_cast<double>(FLT_MIN)
                                                  : 0.0;
  bool all_integral = true;
  for (std::string_view item : items) {
    double number = 0.0;
    bool integral = false;
    if (!ParseNumberItem(item, &number, &integral)) return Value::Error();
    all_integral = all_integral && integral;
    switch (summary) {
      case Summary::kSum:
      case Summary::kAvg: accumulator = number + accumulator; break;
      case Summary::kMin: accumulator = number < accumulator ? number : accumulator; break;
      case Summary::kMax: accumulator = number > accumulator ? number : accumulator; break;
    }
  }
  if (summary == Summary::kAvg) accumulator /= static_cast<double>(items.size());
  if (all_integral && ((summary == Summary::kAvg && accumulator != std::trunc(accumulator)) ||
                       (summary == Summary::kMax && accumulator == static_cast<double>(FLT_MIN)))) {
    ctx.NoteQuirk(Quirk::kStringListSummary);  // truncated; or no item above FLT_MIN
  }
  return all_integral ? Value::Integer(TruncateLikeX86(accumulator)) : Value::Real(accumulator);
}

// stringListSum(list[, delimiters]).
Value StringListSumFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return SummarizeStringList(ctx, args, Summary::kSum);
}
// stringListAvg(list[, delimiters]).
Value StringListAvgFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return SummarizeStringList(ctx, args, Summary::kAvg);
}
// stringListMin(list[, delimiters]).
Value StringListMinFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return SummarizeStringList(ctx, args, Summary::kMin);
}
// stringListMax(list[, delimiters]).
Value StringListMaxFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return SummarizeStringList(ctx, args, Summary::kMax);
}

// What a stringList membership function tests.
enum class Membership { kMember, kSubset };

// stringList[I]Member(item, list[, delimiters]) and
// stringList[I]SubsetMatch(items, list[, delimiters]): whether `item` is
// one of the items of `list`, or every item of the string list `items` is
// (the I forms ignore ASCII case). Default delimiters are ", \t\r\n".
// Undefined stands for the empty string, except that both first arguments
// undefined give undefined (an undefined delimiter argument means the
// default). Any argument that is neither a string nor undefined gives
// error; other than 2 or 3 arguments is error. SubsetMatch is true for an
// empty `items` string and, as in HTCondor, false for a non-empty one that
// holds no items (delimiters only).
Value StringListMembership(EvalContext& ctx, const std::vector<ExprPtr>& args,
                           Membership membership, bool ignore_case) {
  if (args.size() < 2 || args.size() > 3) return Value::Error();
  std::vector<Value> values;
  for (size_t i = 0; i < args.size(); ++i) {
    values.push_back(EvalArg(ctx, args, i));
    if (!values.back().IsString() && !values.back().IsUndefined()) return Value::Error();
  }
  if (values[0].IsUndefined() && values[1].IsUndefined()) return Value::Undefined();
  static const std::string kEmpty;
  std::string_view first = values[0].IsString() ? values[0].string() : std::string_view(kEmpty);
  std::string_view list = values[1].IsString() ? values[1].string() : std::string_view(kEmpty);
  const std::string_view delimiters =
      (values.size() == 3 && values[2].IsString()) ? std::string_view(values[2].string())
                                                   : std::string_view(", \t\r\n");
  if (!ctx.Charge(1 + first.size() + list.size())) return Value::Error();
  std::vector<std::string_view> list_items = SplitStringList(list, delimiters);
  if (membership == Membership::kMember) {
    for (std::string_view item : list_items) {
      if (ignore_case ? EqualsIgnoreCase(item, first) : item == first) return Value::Boolean(true);
    }
    return Value::Boolean(false);
  }
  std::set<std::string> list_set;
  for (std::string_view item : list_items) {
    list_set.insert(ignore_case ? LowerCased(item) : std::string(item));
  }
  if (first.empty()) return Value::Boolean(true);
  bool found = false;  // HTCondor's rc: false until an item was found
  for (std::string_view item : SplitStringList(first, delimiters)) {
    const std::string key = ignore_case ? LowerCased(item) : std::string(item);
    found = list_set.count(key) != 0;
    if (!found) break;
  }
  return Value::Boolean(found);
}

// stringListMember(item, list[, delimiters]).
Value StringListMemberFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return StringListMembership(ctx, args, Membership::kMember, false);
}
// stringListIMember(item, list[, delimiters]).
Value StringListIMemberFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return StringListMembership(ctx, args, Membership::kMember, true);
}
// stringListSubsetMatch(items, list[, delimiters]).
Value StringListSubsetMatchFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return StringListMembership(ctx, args, Membership::kSubset, false);
}
// stringListISubsetMatch(items, list[, delimiters]).
Value StringListISubsetMatchFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return StringListMembership(ctx, args, Membership::kSubset, true);
}

// The pieces split() makes of `text` with separator bytes `separators`:
// empty pieces are dropped, except that a separator that is not white
// space and repeats the previous non-space separator yields an empty
// piece. So "a, b" and "a ,b" give {a, b} but "a,,b" gives {a, "", b}.
std::vector<std::string> SplitPieces(std::string_view text, std::string_view separators) {
  std::vector<std::string> pieces;
  size_t piece_begin = 0;
  int previous = -1;  // the last non-space separator seen, or -1
  if (!separators.empty()) {
    size_t at = text.find_first_of(separators);
    while (at != std::string_view::npos) {
      const unsigned char sep = static_cast<unsigned char>(text[at]);
      if (at > piece_begin) {
        pieces.emplace_back(text.substr(piece_begin, at - piece_begin));
      } else if (previous == sep && !IsSpace(text[at])) {
        pieces.emplace_back();
      }
      if (!IsSpace(text[at])) previous = sep;
      piece_begin = at + 1;
      at = text.find_first_of(separators, piece_begin);
    }
  }
  if (text.size() > piece_begin) pieces.emplace_back(text.substr(piece_begin));
  return pieces;
}

// split(s[, separators]): the list of pieces of `s` (see SplitPieces);
// default separators are comma, space and tab. Both arguments must be
// strings; other than 1 or 2 arguments is error.
Value SplitFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.empty() || args.size() > 2) return Value::Error();
  std::vector<Value> values;
  if (!EvaluateStrings(ctx, args, &values)) return Value::Error();
  const std::string_view separators = StringArgOr(values, 1, ", \t");
  if (!ctx.Charge(1 + values[0].string().size())) return Value::Error();
  return StringListValue(ctx, SplitPieces(values[0].string(), separators));
}

// Which half a name without '@' fills in splitUserName/splitSlotName.
enum class AtDefault { kFirst, kSecond };

// splitUserName(name) / splitSlotName(name): {before, after} the first '@'.
// Without '@' the whole name is the first item (user name) or the second
// (slot name) and the other is "". The argument must be a string; other
// than one argument is error.
Value SplitAt(EvalContext& ctx, const std::vector<ExprPtr>& args, AtDefault whole) {
  if (args.size() != 1) return Value::Error();
  std::vector<Value> values;
  if (!EvaluateStrings(ctx, args, &values)) return Value::Error();
  std::string_view name = values[0].string();
  const size_t at = name.find('@');
  if (at == std::string::npos) {
    if (whole == AtDefault::kFirst) return StringListValue(ctx, {std::string(name), ""});
    return StringListValue(ctx, {"", std::string(name)});
  }
  return StringListValue(ctx, {std::string(name.substr(0, at)), std::string(name.substr(at + 1))});
}

// splitUserName(name).
Value SplitUserNameFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return SplitAt(ctx, args, AtDefault::kFirst);
}
// splitSlotName(name).
Value SplitSlotNameFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return SplitAt(ctx, args, AtDefault::kSecond);
}

// --- User maps and home directories (compat_classad.cpp) -----------------

// userMap(map, user[, preferred[, default]]), as HTCondor's userMap_func:
// what the map (EvalOptions::user_maps; `name.method` reads submap
// `method`, `name` submap `*`) maps `user` to. Two arguments: the mapped
// text, a comma list of groups; three or four: the group equal to
// `preferred` without regard to case, else the first. No mapping (or an
// empty list): undefined, or `default` with four arguments. A map or user
// that is not a string: error if either is error, else undefined (or
// `default`).
Value UserMapFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() < 2 || args.size() > 4) return Value::Error();
  const Value map = EvalArg(ctx, args, 0);
  const Value user = EvalArg(ctx, args, 1);
  const Value preferred = args.size() >= 3 ? EvalArg(ctx, args, 2) : Value::Undefined();
  const bool has_default = args.size() == 4;
  const Value fallback = has_default ? EvalArg(ctx, args, 3) : Value::Undefined();
  if (!map.IsString() || !user.IsString()) {
    if (map.IsError() || user.IsError()) return Value::Error();
    return fallback;
  }
  std::string_view name = map.string();
  std::string_view method = "*";
  if (const size_t dot = name.find('.'); dot != std::string_view::npos) {
    method = name.substr(dot + 1);
    name = name.substr(0, dot);
  }
  const UserMaps* maps = ctx.options().user_maps;
  const std::optional<std::string> mapped =
      maps == nullptr ? std::nullopt : maps->Map(name, method, user.string());
  if (!mapped.has_value()) return fallback;
  if (!ctx.Charge(1 + mapped->size())) return Value::Error();
  if (args.size() == 2) return Value::String(*mapped);
  const std::optional<std::string_view> chosen =
      ChooseUserMapItem(*mapped, preferred.IsString() ? preferred.string() : std::string_view());
  if (!chosen.has_value()) return fallback;
  return Value::String(std::string(*chosen));
}

// userHome(user[, default]), as HTCondor's userHome_func when
// CLASSAD_ENABLE_USER_HOME is false (its default is true, and HTCondor then
// asks the daemon host's password database, which this tool, not running
// there, cannot read; docs/compatibility.md). `default` (when it is a
// non-empty string), else undefined for a string or undefined user and
// error for anything else; other than one or two arguments is error.
Value UserHomeFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1 && args.size() != 2) return Value::Error();
  std::string fallback;
  if (args.size() == 2) {
    Value home = EvalArg(ctx, args, 1);
    if (home.IsString()) fallback = home.take_string();
  }
  const Value user = EvalArg(ctx, args, 0);
  if (!fallback.empty()) return Value::String(std::move(fallback));
  if (user.IsUndefined() || user.IsString()) return Value::Undefined();
  return Value::Error();
}

// --- Environments and argument strings (HTCondor's Env and ArgList) ------

// An environment entry's value; `bare` marks an unexpanded $$() entry kept
// verbatim without '='.
struct EnvValue {
  std::string text;
  bool bare = false;
};

// An environment: variables by name, in byte order (as HTCondor's Env,
// which keeps a std::map).
using Environment = std::map<std::string, EnvValue>;

// Adds one "NAME=value" entry. An entry without '=' that contains "$$" is
// kept as a bare name; otherwise a missing '=' or an empty name is
// invalid (returns false).
bool AddEnvEntry(std::string_view entry, Environment* env) {
  const size_t equals = entry.find('=');
  if (equals == std::string_view::npos) {
    if (entry.find("$$") == std::string_view::npos) return false;
    (*env)[std::string(entry)] = EnvValue{"", true};
    return true;
  }
  if (equals == 0) return false;
  EnvValue value{std::string(entry.substr(equals + 1)), false};
  (*env)[std::string(entry.substr(0, equals))] = std::move(value);
  return true;
}

// Whether `c` may announce the delimiter of a V1 environment string.
bool IsPermittedEnvDelimiter(char c) {
  static constexpr std::string_view kPermitted = "!#$%&*+,-/:;<>?@^`|~\x1F";
  return c != '\0' && kPermitted.find(c) != std::string_view::npos;
}

// Merges a V1 environment string ("A=1;B=2"): entries end at ';' or a
// newline, leading white space of each entry is skipped, empty entries are
// ignored. A first byte that is a permitted delimiter character names the
// delimiter instead of ';'. Returns false for an invalid entry.
bool MergeEnvV1(std::string_view text, Environment* env) {
  char delimiter = ';';
  if (!text.empty() && (text[0] == delimiter || IsPermittedEnvDelimiter(text[0]))) {
    delimiter = text[0];
    text.remove_prefix(1);
  }
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() &&
           (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) {
      ++i;
    }
    const size_t begin = i;
    while (i < text.size() && text[i] != '\n' && text[i] != delimiter) ++i;
    const std::string_view entry = text.substr(begin, i - begin);
    if (i < text.size()) ++i;  // the delimiter
    if (!entry.empty() && !AddEnvEntry(entry, env)) return false;
  }
  return true;
}

// Splits a V2 argument string: arguments separated by white space (space,
// tab, newline, CR); single quotes group, and '' inside quotes is one
// quote. Returns false for an unbalanced quote.
bool SplitArgsV2(std::string_view text, std::vector<std::string>* args) {
  std::string current;
  bool in_token = false;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\'') {
      in_token = true;
      ++i;
      while (true) {
        if (i >= text.size()) return false;
        if (text[i] == '\'') {
          if (i + 1 < text.size() && text[i + 1] == '\'') {
            current.push_back('\'');
            i += 2;
            continue;
          }
          ++i;  // closing quote
          break;
        }
        current.push_back(text[i++]);
      }
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
      if (in_token) {
        args->push_back(std::move(current));
        current.clear();
        in_token = false;
      }
    } else {
      in_token = true;
      current.push_back(c);
      ++i;
    }
  }
  if (in_token) args->push_back(std::move(current));
  return true;
}

// Splits a V1 argument string: at white space, no quoting.
std::vector<std::string> SplitArgsV1(std::string_view text) {
  std::vector<std::string> args;
  std::string current;
  bool in_token = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_token) {
        args.push_back(std::move(current));
        current.clear();
        in_token = false;
      }
    } else {
      in_token = true;
      current.push_back(c);
    }
  }
  if (in_token) args.push_back(std::move(current));
  return args;
}

// Appends one argument in V2 syntax (after a space when `*out` is not
// empty): white space and quotes go inside single quotes, a quote doubled,
// adjacent quoted runs merged; the empty argument is ''.
void AppendArgV2(std::string_view arg, std::string* out) {
  if (!out->empty()) out->push_back(' ');
  if (arg.empty()) out->append("''");
  for (char c : arg) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\'') {
      if (!out->empty() && out->back() == '\'') {
        out->pop_back();  // continue the quoted run just closed
      } else {
        out->push_back('\'');
      }
      if (c == '\'') out->push_back('\'');
      out->push_back(c);
      out->push_back('\'');
    } else {
      out->push_back(c);
    }
  }
}

// The V2 string of an environment: its entries in name order.
std::string EnvToV2(const Environment& env) {
  std::string out;
  for (const auto& [name, value] : env) {
    AppendArgV2(value.bare ? name : name + "=" + value.text, &out);
  }
  return out;
}

// envV1ToV2(env): a V1 environment string in V2 syntax. Undefined gives
// undefined; a non-string or an invalid entry gives error; other than one
// argument is error.
Value EnvV1ToV2Fn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 1) return Value::Error();
  Value text = EvalArg(ctx, args, 0);
  if (text.IsUndefined()) return Value::Undefined();
  if (!text.IsString()) return Value::Error();
  if (!ctx.Charge(1 + text.string().size())) return Value::Error();
  Environment env;
  if (!MergeEnvV1(text.string(), &env)) return Value::Error();
  return Value::String(EnvToV2(env));
}

// mergeEnvironment(env1, env2, ...): the V2 environment strings merged, a
// later definition of a variable replacing an earlier one. Undefined
// arguments are skipped; a non-string or an invalid string gives error.
Value MergeEnvironmentFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  Environment env;
  for (size_t i = 0; i < args.size(); ++i) {
    Value text = EvalArg(ctx, args, i);
    if (text.IsUndefined()) continue;
    if (!text.IsString()) return Value::Error();
    if (!ctx.Charge(1 + text.string().size())) return Value::Error();
    std::vector<std::string> entries;
    if (!SplitArgsV2(text.string(), &entries)) return Value::Error();
    for (const std::string& entry : entries) {
      if (!AddEnvEntry(entry, &env)) return Value::Error();
    }
  }
  return Value::String(EnvToV2(env));
}

// Reads the optional syntax version argument of argsToList/listToArgs
// (default 2) into `*version`; false when it is not the integer 1 or 2.
bool ArgsVersion(EvalContext& ctx, const std::vector<ExprPtr>& args, int* version) {
  *version = 2;
  if (args.size() < 2) return true;
  Value value = EvalArg(ctx, args, 1);
  if (!value.IsInteger() || (value.integer() != 1 && value.integer() != 2)) return false;
  *version = static_cast<int>(value.integer());
  return true;
}

// argsToList(args[, version]): an argument string (V2 syntax by default,
// V1 with version 1) as a list of strings. A non-string, an unbalanced
// quote or a bad version gives error; other than 1 or 2 arguments is
// error.
Value ArgsToListFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.empty() || args.size() > 2) return Value::Error();
  int version = 2;
  if (!ArgsVersion(ctx, args, &version)) return Value::Error();
  Value text = EvalArg(ctx, args, 0);
  if (!text.IsString()) return Value::Error();
  if (!ctx.Charge(1 + text.string().size())) return Value::Error();
  std::vector<std::string> pieces;
  if (version == 1) {
    pieces = SplitArgsV1(text.string());
  } else if (!SplitArgsV2(text.string(), &pieces)) {
    return Value::Error();
  }
  return StringListValue(ctx, pieces);
}

// listToArgs(list[, version]): a list of strings as an argument string (V2
// syntax by default; V1 joins with spaces and fails on an argument holding
// white space). A non-list, a non-string element or a bad version gives
// error; other than 1 or 2 arguments is error.
Value ListToArgsFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.empty() || args.size() > 2) return Value::Error();
  int version = 2;
  if (!ArgsVersion(ctx, args, &version)) return Value::Error();
  Value list = EvalArg(ctx, args, 0);
  if (!list.IsList()) return Value::Error();
  std::string out;
  for (const ExprPtr& item : list.list()) {
    Value element = ctx.EvaluateElement(list, *item);
    if (!element.IsString()) return Value::Error();
    std::string_view arg = element.string();
    if (!ctx.Charge(1 + arg.size())) return Value::Error();
    if (version == 2) {
      AppendArgV2(arg, &out);
      continue;
    }
    if (arg.find_first_of(" \t\r\n") != std::string::npos) return Value::Error();
    if (!out.empty()) out.push_back(' ');
    out.append(arg);
  }
  return Value::String(std::move(out));
}

}  // namespace

void RegisterStringListBuiltins(BuiltinTableBuilder& table) {
  table.Add("stringListsIntersect", StringListsIntersectFn);
  table.AddDaemonFunction("userMap", UserMapFn);
  table.AddDaemonFunction("userHome", UserHomeFn);
  table.AddDaemonFunction("stringListSize", StringListSizeFn);
  table.AddDaemonFunction("stringListSum", StringListSumFn);
  table.AddDaemonFunction("stringListAvg", StringListAvgFn);
  table.AddDaemonFunction("stringListMin", StringListMinFn);
  table.AddDaemonFunction("stringListMax", StringListMaxFn);
  table.AddDaemonFunction("stringListMember", StringListMemberFn);
  table.AddDaemonFunction("stringListIMember", StringListIMemberFn);
  table.AddDaemonFunction("stringListSubsetMatch", StringListSubsetMatchFn);
  table.AddDaemonFunction("stringListISubsetMatch", StringListISubsetMatchFn);
  table.AddDaemonFunction("split", SplitFn);
  table.AddDaemonFunction("splitUserName", SplitUserNameFn);
  table.AddDaemonFunction("splitSlotName", SplitSlotNameFn);
  table.AddDaemonFunction("envV1ToV2", EnvV1ToV2Fn);
  table.AddDaemonFunction("mergeEnvironment", MergeEnvironmentFn);
  table.AddDaemonFunction("argsToList", ArgsToListFn);
  table.AddDaemonFunction("listToArgs", ListToArgsFn);
}

}  // namespace classad
