#include "policy/config_if.h"

#include <algorithm>
#include <cstdlib>

#include "policy/config_source.h"
#include "policy/text_util.h"

namespace policy {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;

// The kinds of condition text (HTCondor's expr_character_t).
enum class ExprKind { kEmpty, kNumber, kBool, kIdentifier, kVersion, kIfDef, kMacro, kComplex };


// The byte at `i`, or NUL past the end (the C string's terminator).
char At(std::string_view s, size_t i) { return i < s.size() ? s[i] : '\0'; }

// HTCondor's matches_literal_ignore_case: `text`, leading blanks skipped,
// starts with the lower-case `literal` (each byte compared with its 0x20
// bit set), followed by only blanks (`alone`) or by a non-alphanumeric.
bool MatchesLiteral(std::string_view text, std::string_view literal, bool alone = true) {
  size_t i = 0;
  while (IsConfigSpace(At(text, i))) ++i;
  for (char l : literal) {
    if ((At(text, i++) | 0x20) != l) return false;
  }
  if (alone) {
    while (IsConfigSpace(At(text, i))) ++i;
    return i >= text.size();
  }
  return !IsAsciiAlnum(At(text, i));
}

// HTCondor's Characterize_config_if_expression: classifies by the set of
// character classes the text holds.
ExprKind Characterize(std::string_view expr, bool keyword_check) {
  enum : int {
    kSpace = 0x01,
    kDigit = 0x02,
    kAlpha = 0x04,
    kIdent = 0x08,
    kCmp = 0x10,
    kSum = 0x20,
    kLogic = 0x40,
    kGroup = 0x80,
    kMoney = 0x100,
    kColon = 0x200,
    kOther = 0x400,
    kFloat = 0x1000,
    kMacro = 0x2000,
  };
  size_t p = 0;
  while (IsConfigSpace(At(expr, p))) ++p;
  if (p >= expr.size()) return ExprKind::kEmpty;
  const std::string_view begin = expr.substr(p);
  if (expr[p] == '-') ++p;  // a leading minus is not a sum
  int set = 0;
  while (p < expr.size()) {
    const char ch = expr[p++];
    const char next = At(expr, p);
    if (IsAsciiDigit(ch)) {
      set |= kDigit;
    } else if (ch == '.') {
      set |= (set == kDigit || next == '\0' || IsAsciiDigit(next)) ? kFloat : kIdent;
    } else if (ch == 'e' || ch == 'E') {
      set |= ((set & ~kFloat) == kDigit) ? kFloat : kAlpha;
    } else if (ch == '-' || ch == '+') {
      if (set != (kDigit | kFloat)) set |= kSum;
    } else if (IsAsciiLetter(ch)) {
      set |= kAlpha;
    } else if (ch == '_' || ch == '/') {
      set |= kIdent;
    } else if (ch >= '<' && ch <= '>') {
      set |= kCmp;
    } else if (ch == '!' && next == '=') {
      set |= kCmp;
    } else if (ch == '$') {
      set |= kMoney;
      if (next == '(') set |= kMacro;
    } else if (IsConfigSpace(ch)) {
      if (next != '\0' && !IsConfigSpace(next)) set |= kSpace;  // internal blanks only
    } else if (ch == '&' || ch == '|') {
      set |= kLogic;
    } else if ((ch >= '{' && ch <= '}') || ch == '(' || ch == ')' || ch == '[' || ch == ']') {
      set |= kGroup;
    } else if (ch == ':') {
      set |= kColon;
    } else {
      set |= kOther;
    }
  }
  switch (set) {
    case 0:
      return ExprKind::kEmpty;
    case kDigit:
    case kDigit | kFloat:
      return ExprKind::kNumber;
    case kAlpha:
      if (MatchesLiteral(expr, "false") || MatchesLiteral(expr, "true")) return ExprKind::kBool;
      if (keyword_check) {
        if (MatchesLiteral(begin, "version")) return ExprKind::kVersion;
        if (MatchesLiteral(begin, "defined")) return ExprKind::kIfDef;
      }
      [[fallthrough]];
    case kAlpha | kDigit:
    case kAlpha | kDigit | kFloat:
    case kAlpha | kIdent:
    case kAlpha | kIdent | kDigit:
    case kAlpha | kIdent | kDigit | kFloat:
      return ExprKind::kIdentifier;
    case kAlpha | kSpace | kCmp | kDigit:
    case kAlpha | kSpace | kCmp | kDigit | kFloat:
      if (keyword_check && MatchesLiteral(begin, "version", false)) return ExprKind::kVersion;
      return ExprKind::kComplex;
    case kAlpha | kSpace:
    case kAlpha | kSpace | kColon:
    case kAlpha | kSpace | kIdent:
    case kAlpha | kSpace | kIdent | kColon:
    case kAlpha | kSpace | kDigit:
    case kAlpha | kSpace | kDigit | kIdent:
    case kAlpha | kSpace | kDigit | kFloat:
    case kAlpha | kSpace | kDigit | kIdent | kFloat:
      if (keyword_check && MatchesLiteral(begin, "defined", false)) return ExprKind::kIfDef;
      return ExprKind::kComplex;
    default:
      break;
  }
  if ((set & kMacro) && (set & ~(kMoney | kIdent | kAlpha | kDigit | kMacro | kColon)) == 0) {
    return ExprKind::kMacro;
  }
  return ExprKind::kComplex;
}

// yes/t are true and no/f false (any case, alone).
bool IsCruftyBool(std::string_view expr, bool* result) {
  if (MatchesLiteral(expr, "yes") || MatchesLiteral(expr, "t")) {
    *result = true;
    return true;
  }
  if (MatchesLiteral(expr, "no") || MatchesLiteral(expr, "f")) {
    *result = false;
    return true;
  }
  return false;
}

// sscanf("%d") at `*p`: blanks, a sign, digits. False when there are none.
bool ScanInt(std::string_view s, size_t* p, long long* value) {
  size_t i = *p;
  while (IsConfigSpace(At(s, i))) ++i;
  bool negative = false;
  if (At(s, i) == '+' || At(s, i) == '-') negative = s[i++] == '-';
  if (!IsAsciiDigit(At(s, i))) return false;
  long long v = 0;
  while (IsAsciiDigit(At(s, i))) {
    if (v < 1'000'000'000'000LL) v = v * 10 + (s[i] - '0');
    ++i;
  }
  *value = negative ? -v : v;
  *p = i;
  return true;
}

// HTCondor's version scalar; 0 for numbers CondorVersionInfo rejects.
long long VersionScalar(long long major, long long minor, long long subminor) {
  if (major < 6 || minor > 99 || subminor > 99) return 0;
  return major * 1'000'000 + minor * 1'000 + subminor;
}

// Evaluate_config_if: the condition after expansion and '!' handling.
Result<bool> EvaluatePlain(std::string_view expr, const IfConditionContext& context) {
  const auto invalid = [](const char* reason) { return Status(StatusCode::kParseError, reason); };
  const ExprKind kind = Characterize(expr, true);
  if (kind == ExprKind::kNumber) {
    const double d = std::strtod(std::string(expr).c_str(), nullptr);
    return d < 0 || d > 0;
  }
  if (kind == ExprKind::kBool) return MatchesLiteral(expr, "true");
  bool crufty = false;
  if (kind == ExprKind::kIdentifier && IsCruftyBool(expr, &crufty)) return crufty;

  if (kind == ExprKind::kVersion) {
    size_t p = 7;  // past "version"
    while (IsConfigSpace(At(expr, p))) ++p;
    const bool negated = At(expr, p) == '!';
    if (negated) ++p;
    int op = 0;  // -1 <, 0 =, 1 >
    if (At(expr, p) >= '<' && At(expr, p) <= '>') op = expr[p++] - '=';
    bool or_equal = false;
    if (At(expr, p) == '=') {
      or_equal = true;
      ++p;
    }
    while (IsConfigSpace(At(expr, p))) ++p;
    if (At(expr, p) == 'v' || At(expr, p) == 'V') ++p;
    long long fields[3] = {0, 0, context.version_subminor};
    int count = 0;
    while (count < 3 && ScanInt(expr, &p, &fields[count])) {
      ++count;
      if (count < 3) {
        if (At(expr, p) != '.') break;
        ++p;
      }
    }
    if (count < 2 || fields[0] < 6) return invalid("the version literal is invalid");
    const long long mine =
        VersionScalar(context.version_major, context.version_minor, context.version_subminor);
    const long long theirs = VersionScalar(fields[0], fields[1], fields[2]);
    const int diff = mine < theirs ? -1 : (mine > theirs ? 1 : 0);
    bool result = diff == op || (or_equal && diff == 0);
    return negated ? !result : result;
  }

  if (kind == ExprKind::kIfDef) {
    size_t p = 7;  // past "defined"
    while (IsConfigSpace(At(expr, p))) ++p;
    const std::string_view arg = expr.substr(std::min(p, expr.size()));
    if (arg.empty()) return false;
    const ExprKind arg_kind = Characterize(arg, false);
    if (arg_kind == ExprKind::kIdentifier) {
      std::optional<std::string> value = context.raw_value(arg);
      bool ignored = false;
      if (!value && IsCruftyBool(arg, &ignored)) value = "true";
      return value.has_value() && !value->empty();
    }
    if (arg_kind == ExprKind::kNumber || arg_kind == ExprKind::kBool) return true;
    if (StartsWithNoCase(arg, "use ")) {
      std::string_view what = arg.substr(4);
      while (!what.empty() && IsConfigSpace(what.front())) what.remove_prefix(1);
      if (what.find_first_of(" \t\r") != std::string_view::npos) {
        return invalid("defined use meta argument with internal spaces will never match");
      }
      const size_t colon = what.find(':');
      const std::string_view category = what.substr(0, colon);
      if (!context.metaknob_exists(category, "")) return false;
      if (colon == std::string_view::npos || colon + 1 == what.size()) return true;
      return context.metaknob_exists(category, what.substr(colon + 1));
    }
    return invalid("defined argument must be param name, boolean, or number");
  }
  if (kind == ExprKind::kComplex) return invalid("complex conditionals are not supported");
  return invalid("expression is not a conditional");
}

}  // namespace

Result<bool> EvaluateIfCondition(std::string_view condition, const IfConditionContext& context) {
  std::string expanded;
  std::string_view expr = condition;
  const bool has_macro = condition.find('$') != std::string_view::npos;
  if (has_macro) {
    Result<std::string> result = context.expand(condition);
    if (!result.ok()) return result.status();
    expanded = std::move(result).value();
    while (!expanded.empty() && IsConfigSpace(expanded.back())) expanded.pop_back();
    expr = expanded;
  }
  while (!expr.empty() && IsConfigSpace(expr.front())) expr.remove_prefix(1);
  bool inverted = false;
  if (!expr.empty() && expr.front() == '!') {
    inverted = true;
    expr.remove_prefix(1);
    while (!expr.empty() && IsConfigSpace(expr.front())) expr.remove_prefix(1);
  }
  bool value = false;
  if (!(has_macro && expr.empty())) {  // a condition that expands to nothing is false
    Result<bool> evaluated = EvaluatePlain(expr, context);
    if (!evaluated.ok()) return evaluated.status();
    value = *evaluated;
  }
  return inverted ? !value : value;
}

IfKeyword IfKeywordOf(std::string_view line) {
  const auto keyword = [&](std::string_view word) {
    return StartsWithNoCase(line, word) &&
           (line.size() == word.size() || IsConfigSpace(line[word.size()]));
  };
  if (keyword("if")) return IfKeyword::kIf;
  if (keyword("else")) return IfKeyword::kElse;
  if (keyword("elif")) return IfKeyword::kElif;
  if (keyword("endif")) return IfKeyword::kEndif;
  return IfKeyword::kNone;
}

IfStack::IfStack(int max_depth) {
  const int depth = std::clamp(max_depth, 0, 63);
  limit_ = uint64_t{1} << depth;
}

bool IfStack::enabled() const {
  const uint64_t mask = top_ | (top_ - 1);
  return (state_ & mask) == mask;
}

bool IfStack::ElifNeedsCondition() const {
  return (taken_ & top_) == 0 && (state_ & (top_ - 1)) == (top_ - 1);
}

std::string IfStack::BeginIf(bool condition) {
  if (top_ == limit_) return "if nesting too deep!";
  top_ <<= 1;
  open_ |= top_;
  if (condition) {
    state_ |= top_;
    taken_ |= top_;
  } else {
    state_ &= ~top_;
    taken_ &= ~top_;
  }
  return "";
}

std::string IfStack::BeginElif(bool condition) {
  if ((open_ & top_) == 0) {
    return inside_else() ? "elif is not allowed after else" : "elif without matching if";
  }
  if (taken_ & top_) {
    state_ &= ~top_;
  } else if (condition) {
    taken_ |= top_;
    state_ |= top_;
  } else {
    state_ &= ~top_;
  }
  return "";
}

std::string IfStack::BeginElse() {
  if ((open_ & top_) == 0) {
    return inside_else() ? "else is not allowed after else" : "else without matching if";
  }
  open_ &= ~top_;
  if ((taken_ | state_) & top_) {
    state_ &= ~top_;
  } else {
    state_ |= top_;
  }
  return "";
}

std::string IfStack::EndIf() {
  if (top_ == 1) return "endif without matching if";
  open_ &= ~top_;
  top_ >>= 1;
  return "";
}

}  // namespace policy
