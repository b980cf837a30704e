// Regular-expression built-ins: regexp, regexpMember, regexps, replace,
// replaceAll, and the daemon function stringList_regexpMember.
//
// HTCondor runs these with PCRE2 (bytes, no UTF); we run them with RE2 in
// Latin-1 mode, so that one byte is one character as in the reference. The
// pattern is first rewritten where the two dialects differ (see
// PatternTranslator). A pattern RE2 cannot run (back-references,
// look-around, possessive quantifiers, atomic groups, invalid syntax) gives
// error.
//
// Known differences from PCRE2 that remain: without the m option, `$`
// does not match before a final newline of a target that has other
// newlines too; with m, `^` also matches after a newline that ends the
// target; an inline (?i) in the pattern folds Latin-1 letters too (the i
// option folds ASCII only, as PCRE2's C-locale tables); RE2 caps counted
// repetition at 1000.
//
// Option letters (upper or lower case; the reference honours lower case
// only): i ignore case, m multi-line ^/$, s dot matches newline, x extended
// syntax, and for substitutions f (return the whole target with the
// substitutions made) and g (substitute every match). Other letters are
// ignored.

#include <re2/re2.h>

#include <bitset>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/string_list.h"
#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/value.h"

namespace classad {
namespace {

// The options a regular-expression call was given.
struct RegexOptions {
  bool caseless = false;
  bool multiline = false;
  bool dotall = false;
  bool extended = false;
  bool full_target = false;  // f: substitution returns the whole target
  bool global = false;       // g: substitute every match
};

// Which option letters a function honours: HTCondor's library functions
// (regexp, regexpMember, regexps, replace, replaceAll) only the lower-case
// ones; its daemon function stringList_regexpMember either case.
enum class OptionCase { kLowerOnly, kEither };

// Reads option letters; unknown letters (and upper-case ones under
// kLowerOnly, as HTCondor) are ignored. Returns false when an upper-case
// option letter was ignored (an htcondor-quirk-regexp-options).
bool AddOptionLetters(std::string_view letters, OptionCase letter_case, RegexOptions* options) {
  bool all_read = true;
  for (char c : letters) {
    if (letter_case == OptionCase::kLowerOnly && c >= 'A' && c <= 'Z') {
      if (std::string_view("IMSXFG").find(c) != std::string_view::npos) all_read = false;
      continue;
    }
    switch (c) {
      case 'i': case 'I': options->caseless = true; break;
      case 'm': case 'M': options->multiline = true; break;
      case 's': case 'S': options->dotall = true; break;
      case 'x': case 'X': options->extended = true; break;
      case 'f': case 'F': options->full_target = true; break;
      case 'g': case 'G': options->global = true; break;
      default: break;
    }
  }
  return all_read;
}

// White space as PCRE2's extended mode skips it (and C's isspace).
bool IsPatternSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// ASCII letter.
bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// ASCII letter or digit.
bool IsAsciiAlnum(char c) { return IsAsciiLetter(c) || (c >= '0' && c <= '9'); }

// The other case of an ASCII letter.
char OtherCase(char c) { return static_cast<char>(c ^ 0x20); }

// Whether `c` is a hexadecimal digit; its value in `*value`.
bool HexDigitValue(char c, int* value) {
  if (c >= '0' && c <= '9') *value = c - '0';
  else if (c >= 'a' && c <= 'f') *value = c - 'a' + 10;
  else if (c >= 'A' && c <= 'F') *value = c - 'A' + 10;
  else return false;
  return true;
}

// Appends `byte` as an RE2 hexadecimal escape.
void AppendHexEscape(unsigned char byte, std::string* out) {
  static const char kHex[] = "0123456789ABCDEF";
  out->append("\\x");
  out->push_back(kHex[byte >> 4]);
  out->push_back(kHex[byte & 0xF]);
}

// Appends `c` so that RE2 reads it as that literal byte. A byte above 0x7F
// is written as a repetition {1}, which keeps RE2 (2022-06) from merging it
// into a literal string: in Latin-1 mode RE2 mis-encodes such strings when
// it factors common prefixes out of an alternation ("\xE9|\xE9-" would
// never match).
void AppendLiteral(char c, std::string* out) {
  const unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x80) {
    out->append("(?:");
    AppendHexEscape(u, out);
    out->append("{1})");
    return;
  }
  if (u < 0x20 || u == 0x7F) {
    AppendHexEscape(u, out);
    return;
  }
  if (!IsAsciiAlnum(c)) out->push_back('\\');
  out->push_back(c);
}

// A set of bytes: a character class.
using ByteSet = std::bitset<256>;

// Adds the bytes [first, last] to `set`.
void AddRange(int first, int last, ByteSet* set) {
  for (int b = first; b <= last; ++b) set->set(static_cast<size_t>(b));
}

// Adds the other case of every ASCII letter in `set` (PCRE2's caseless
// matching with its C-locale tables folds ASCII only).
void FoldAsciiCase(ByteSet* set) {
  for (int b = 'A'; b <= 'Z'; ++b) {
    if (set->test(static_cast<size_t>(b)) || set->test(static_cast<size_t>(b + 0x20))) {
      set->set(static_cast<size_t>(b));
      set->set(static_cast<size_t>(b + 0x20));
    }
  }
}

// Whether byte `b` is an ASCII letter, digit, white space, hex digit.
bool ByteIsLetter(int b) { return b < 0x80 && IsAsciiLetter(static_cast<char>(b)); }
bool ByteIsAlnum(int b) { return b < 0x80 && IsAsciiAlnum(static_cast<char>(b)); }
bool ByteIsSpace(int b) { return b < 0x80 && IsPatternSpace(static_cast<char>(b)); }
bool ByteIsHexDigit(int b) {
  int value = 0;
  return b < 0x80 && HexDigitValue(static_cast<char>(b), &value);
}

// A POSIX class and the bytes it holds in the C locale.
struct PosixClass {
  const char* name;
  bool (*contains)(int b);
};

// Adds the bytes of the POSIX class `name` to `set`; false for an unknown
// name.
bool AddPosixClass(std::string_view name, ByteSet* set) {
  static const PosixClass kClasses[] = {
      {"alpha", ByteIsLetter},
      {"digit", [](int b) { return b >= '0' && b <= '9'; }},
      {"alnum", ByteIsAlnum},
      {"upper", [](int b) { return b >= 'A' && b <= 'Z'; }},
      {"lower", [](int b) { return b >= 'a' && b <= 'z'; }},
      {"space", ByteIsSpace},
      {"blank", [](int b) { return b == ' ' || b == '\t'; }},
      {"cntrl", [](int b) { return b < 0x20 || b == 0x7F; }},
      {"graph", [](int b) { return b > 0x20 && b < 0x7F; }},
      {"print", [](int b) { return b >= 0x20 && b < 0x7F; }},
      {"punct", [](int b) { return b > 0x20 && b < 0x7F && !ByteIsAlnum(b); }},
      {"xdigit", ByteIsHexDigit},
      {"word", [](int b) { return b == '_' || ByteIsAlnum(b); }},
      {"ascii", [](int b) { return b < 0x80; }},
  };
  for (const PosixClass& posix : kClasses) {
    if (name != posix.name) continue;
    for (int b = 0; b < 256; ++b) {
      if (posix.contains(b)) set->set(static_cast<size_t>(b));
    }
    return true;
  }
  return false;
}

// The bytes a class escape (\d, \s, \h, \v, \w and their negations)
// stands for in PCRE2's non-UTF mode; false when `letter` is not one.
bool ClassEscapeSet(char letter, ByteSet* set) {
  ByteSet members;
  switch (letter) {
    case 'd': case 'D': AddPosixClass("digit", &members); break;
    case 'w': case 'W': AddPosixClass("word", &members); break;
    case 's': case 'S': AddPosixClass("space", &members); break;
    case 'h': case 'H':
      members.set('\t');
      members.set(' ');
      members.set(0xA0);
      break;
    case 'v': case 'V':
      AddRange('\n', '\r', &members);
      members.set(0x85);
      break;
    default:
      return false;
  }
  if (letter >= 'A' && letter <= 'Z') members.flip();
  *set |= members;
  return true;
}

// The byte a single-character escape stands for (\n, \t, \e ...), or -1.
int SimpleEscapeByte(char letter) {
  switch (letter) {
    case 'a': return 0x07;
    case 'e': return 0x1B;
    case 'f': return 0x0C;
    case 'n': return 0x0A;
    case 'r': return 0x0D;
    case 't': return 0x09;
    default: return -1;
  }
}

// Appends `set` as an RE2 class of hexadecimal ranges.
void AppendByteSet(const ByteSet& set, std::string* out) {
  if (set.none()) {
    out->append("[^\\x00-\\xFF]");
    return;
  }
  if (set.count() == 1) {  // RE2 reads a one-byte class as a literal
    for (int b = 0; b < 256; ++b) {
      if (set.test(static_cast<size_t>(b))) AppendLiteral(static_cast<char>(b), out);
    }
    return;
  }
  out->push_back('[');
  int b = 0;
  while (b < 256) {
    if (!set.test(static_cast<size_t>(b))) {
      ++b;
      continue;
    }
    int last = b;
    while (last + 1 < 256 && set.test(static_cast<size_t>(last + 1))) ++last;
    AppendHexEscape(static_cast<unsigned char>(b), out);
    if (last > b) {
      out->push_back('-');
      AppendHexEscape(static_cast<unsigned char>(last), out);
    }
    b = last + 1;
  }
  out->push_back(']');
}

// The length of the counted quantifier ({n}, {n,} or {n,m}) that starts at
// `pattern[i]` (a '{'), or 0 when the brace is a literal there (PCRE2).
size_t CountedQuantifierLength(std::string_view pattern, size_t i) {
  size_t k = i + 1;
  const size_t digits_begin = k;
  while (k < pattern.size() && pattern[k] >= '0' && pattern[k] <= '9') ++k;
  if (k == digits_begin) return 0;
  if (k < pattern.size() && pattern[k] == ',') {
    ++k;
    while (k < pattern.size() && pattern[k] >= '0' && pattern[k] <= '9') ++k;
  }
  if (k >= pattern.size() || pattern[k] != '}') return 0;
  return k + 1 - i;
}

// Rewrites a PCRE2 pattern (non-UTF, as HTCondor compiles it) into an RE2
// pattern with the same meaning. Character classes are parsed and written
// out as explicit byte sets; caseless matching is done here (ASCII only,
// as PCRE2's tables) rather than by RE2 (which would fold Latin-1 too);
// extended mode drops white space and #-comments outside classes; (?#...)
// comments are dropped; \Q...\E, \x, octal and \c escapes become literal
// bytes; \h \v \R \N and \s (which includes VT in PCRE2) are spelled out;
// `$` and \Z get PCRE2's "end, or before a final newline" meaning (see
// `dollar_before_final_newline`); a quantifier after an assertion is
// rejected as PCRE2 rejects it. Other constructs are copied, so that RE2
// rejects what it cannot run (back-references, look-around, possessive
// quantifiers, atomic groups).
class PatternTranslator {
 public:
  // `dollar_before_final_newline` must be true exactly when the target
  // ends with its only newline: then `$` (without m) and \Z become RE2's
  // multi-line `$`, which matches at the same two places. Otherwise `$`
  // stays RE2's end of text (exact when the target does not end with a
  // newline) and \Z becomes \z.
  PatternTranslator(std::string_view pattern, const RegexOptions& options,
                    bool dollar_before_final_newline, std::string* out)
      : pattern_(pattern),
        flags_{options.caseless, options.extended},
        dollar_before_final_newline_(dollar_before_final_newline),
        out_(out) {}

  // Appends the RE2 form of the pattern. Returns false for a construct
  // PCRE2 rejects or that has no RE2 equivalent here.
  bool Translate() {
    while (i_ < pattern_.size()) {
      if (!Step()) return false;
      // Far beyond what RE2 compiles within its memory budget: give up
      // before the rewritten text grows large.
      if (out_->size() > kMaxTranslatedBytes) return false;
    }
    return true;
  }

 private:
  // Translates the construct at `i_` (outside a class).
  bool Step() {
    const char c = pattern_[i_];
    if (c == '\\') return Escape();
    if (c == '[') return CharacterClass();
    if (c == '(') return GroupOpen();
    if (c == ')') {
      ++i_;
      CloseGroup();
      return true;
    }
    if (flags_.extended && IsPatternSpace(c)) {
      ++i_;
      return true;
    }
    if (flags_.extended && c == '#') {
      while (i_ < pattern_.size() && pattern_[i_] != '\n') ++i_;
      return true;
    }
    if (c == '{') return Brace();
    if ((c == '*' || c == '+' || c == '?') && after_assertion_) return false;
    ++i_;
    if (c == '^') {
      Emit("^", true);
    } else if (c == '$') {
      Emit(dollar_before_final_newline_ ? "(?m:$)" : "$", true);
    } else if (IsAsciiLetter(c) || static_cast<unsigned char>(c) >= 0x80) {
      EmitLiteral(c);
    } else {
      Emit(std::string_view(&c, 1), false);
    }
    return true;
  }

  // Translates the escape at `i_` (a backslash) outside a class.
  bool Escape() {
    if (i_ + 1 >= pattern_.size()) return false;  // trailing backslash
    const char letter = pattern_[i_ + 1];
    i_ += 2;
    if (EmitSetEscape(letter)) return true;
    switch (letter) {
      case 'Q':
        QuotedLiteral(nullptr);
        return true;
      case 'E':  // a stray \E means nothing
        return true;
      case 'N':
        if (i_ < pattern_.size() && pattern_[i_] == '{' &&
            CountedQuantifierLength(pattern_, i_) == 0) {
          return false;  // \N{name}
        }
        Emit("[^\\n]", false);
        return true;
      case 'R':
        Emit("(?:\\r\\n|[\\n\\x0B\\f\\r\\x85])", false);
        return true;
      case 'Z':
        Emit(dollar_before_final_newline_ ? "(?m:$)" : "\\z", true);
        return true;
      case 'b': case 'B': case 'A': case 'z': case 'G': {
        const char spelling[] = {'\\', letter};
        Emit(std::string_view(spelling, 2), true);
        return true;
      }
      default:
        break;
    }
    if (letter == 'x' || letter == 'c' || (letter >= '0' && letter <= '7')) {
      return EmitByteEscape(letter);
    }
    if (!IsAsciiAlnum(letter)) {  // \ before any other byte: that byte
      EmitLiteral(letter);
      return true;
    }
    return CopyEscape(letter);
  }

  // Emits an escape that stands for one byte (\n, \t ...) or a set of
  // bytes (\d, \s, \h ...); false when `letter` is neither.
  bool EmitSetEscape(char letter) {
    const int byte = SimpleEscapeByte(letter);
    if (byte >= 0) {
      EmitLiteral(static_cast<char>(byte));
      return true;
    }
    ByteSet set;
    if (!ClassEscapeSet(letter, &set)) return false;
    if (letter == 'd' || letter == 'D' || letter == 'w' || letter == 'W') {
      const char spelling[] = {'\\', letter};  // the same bytes in RE2
      Emit(std::string_view(spelling, 2), false);
    } else {
      AppendByteSet(set, out_);
      after_assertion_ = false;
    }
    return true;
  }

  // Emits \x, \c or an octal escape (its letter just read) as its byte.
  // A single digit 1-7 is a back-reference, which RE2 cannot run; two or
  // more octal digits are a byte (PCRE2 reads them so with fewer groups
  // than the number).
  bool EmitByteEscape(char letter) {
    if (letter >= '1' && letter <= '7' &&
        (i_ >= pattern_.size() || pattern_[i_] < '0' || pattern_[i_] > '7')) {
      return false;
    }
    int byte = 0;
    if (!CharacterEscape(letter, &byte)) return false;
    EmitLiteral(static_cast<char>(byte));
    return true;
  }

  // Copies an escape without special handling for RE2 to judge, with the
  // argument of \p and \P (\pL, \p{Greek}) kept whole.
  bool CopyEscape(char letter) {
    size_t end = i_;
    if (i_ < pattern_.size() && pattern_[i_] == '{') {
      const size_t close = pattern_.find('}', i_);
      if (close != std::string_view::npos) end = close + 1;
    } else if ((letter == 'p' || letter == 'P') && i_ < pattern_.size()) {
      end = i_ + 1;
    }
    out_->push_back('\\');
    out_->push_back(letter);
    Emit(pattern_.substr(i_, end - i_), false);
    i_ = end;
    return true;
  }

  // Reads the rest of a byte escape whose letter (x, c or an octal digit)
  // was just consumed: \xH, \xHH, \x{H...} (hex, none meaning NUL), \cX
  // (X ^ 0x40) or up to three octal digits. False when malformed or above
  // 0xFF.
  bool CharacterEscape(char letter, int* byte) {
    if (letter == 'c') {
      if (i_ >= pattern_.size()) return false;
      char x = pattern_[i_++];
      if (x >= 'a' && x <= 'z') x = OtherCase(x);
      *byte = static_cast<unsigned char>(x) ^ 0x40;
      return true;
    }
    if (letter == 'x') return HexEscape(byte);
    int value = letter - '0';
    for (int digits = 1; digits < 3 && i_ < pattern_.size(); ++digits) {
      const char c = pattern_[i_];
      if (c < '0' || c > '7') break;
      value = value * 8 + (c - '0');
      ++i_;
    }
    *byte = value;
    return value <= 0xFF;
  }

  // The hex digits after \x (see CharacterEscape).
  bool HexEscape(int* byte) {
    int value = 0;
    int digit = 0;
    if (i_ < pattern_.size() && pattern_[i_] == '{') {
      size_t k = i_ + 1;
      while (k < pattern_.size() && HexDigitValue(pattern_[k], &digit)) {
        value = value * 16 + digit;
        if (value > 0xFF) return false;
        ++k;
      }
      if (k == i_ + 1 || k >= pattern_.size() || pattern_[k] != '}') return false;
      i_ = k + 1;
      *byte = value;
      return true;
    }
    for (int digits = 0; digits < 2 && i_ < pattern_.size(); ++digits) {
      if (!HexDigitValue(pattern_[i_], &digit)) break;
      value = value * 16 + digit;
      ++i_;
    }
    *byte = value;
    return true;
  }

  // \Q...\E (or to the end), its text as literal bytes: emitted, or added
  // to `set` inside a class.
  void QuotedLiteral(ByteSet* set) {
    size_t end = pattern_.find("\\E", i_);
    if (end == std::string_view::npos) end = pattern_.size();
    for (size_t k = i_; k < end; ++k) {
      if (set != nullptr) {
        set->set(static_cast<unsigned char>(pattern_[k]));
      } else {
        EmitLiteral(pattern_[k]);
      }
    }
    i_ = end == pattern_.size() ? end : end + 2;
  }

  // A '{': a counted quantifier is copied (PCRE2 rejects one after an
  // assertion); any other brace is a literal.
  bool Brace() {
    const size_t length = CountedQuantifierLength(pattern_, i_);
    if (length == 0) {
      ++i_;
      Emit("\\{", false);
      return true;
    }
    if (after_assertion_) return false;
    Emit(pattern_.substr(i_, length), false);
    i_ += length;
    return true;
  }

  // Whether the text at `at` is "[:", "[." or "[=" with the shape of a
  // POSIX bracket item, as PCRE2 judges it: the closing ":]" (".]", "=]")
  // comes before any other ']'.
  bool PosixItemAt(size_t at) const {
    if (at + 1 >= pattern_.size() || pattern_[at] != '[') return false;
    const char terminator = pattern_[at + 1];
    if (terminator != ':' && terminator != '.' && terminator != '=') return false;
    for (size_t k = at + 2; k + 1 < pattern_.size(); ++k) {
      if (pattern_[k] == '\\' && (pattern_[k + 1] == ']' || pattern_[k + 1] == '\\')) {
        ++k;
      } else if ((pattern_[k] == '[' && pattern_[k + 1] == terminator) || pattern_[k] == ']') {
        return false;
      } else if (pattern_[k] == terminator && pattern_[k + 1] == ']') {
        return true;
      }
    }
    return false;
  }

  // A class item at `i_`: a single byte (`*single` set) or a set of bytes
  // added to `set` (`*single` = -1). False when malformed.
  bool ClassItem(ByteSet* set, int* single) {
    *single = -1;
    const char c = pattern_[i_];
    if (c == '[' && PosixItemAt(i_)) {  // [:name:] or [:^name:]
      if (pattern_[i_ + 1] != ':') return false;  // collating items
      const size_t end = pattern_.find(":]", i_ + 2);
      std::string_view name = pattern_.substr(i_ + 2, end - i_ - 2);
      const bool negated = !name.empty() && name[0] == '^';
      if (negated) name.remove_prefix(1);
      ByteSet members;
      if (!AddPosixClass(name, &members)) return false;
      *set |= negated ? ~members : members;
      i_ = end + 2;
      return true;
    }
    if (c != '\\') {
      *single = static_cast<unsigned char>(c);
      ++i_;
      return true;
    }
    return ClassEscape(set, single);
  }

  // An escape inside a class, at `i_` (a backslash): see ClassItem.
  bool ClassEscape(ByteSet* set, int* single) {
    if (i_ + 1 >= pattern_.size()) return false;
    const char letter = pattern_[i_ + 1];
    i_ += 2;
    if (ClassEscapeSet(letter, set)) return true;
    if (letter == 'p' || letter == 'P') return AddPropertySet(letter, set);
    if (letter == 'Q') {
      QuotedLiteral(set);
      return true;
    }
    if (letter == 'E') return true;
    int byte = SimpleEscapeByte(letter);
    if (letter == 'b') {
      byte = 0x08;  // backspace
    } else if (letter == 'x' || letter == 'c' || (letter >= '0' && letter <= '7')) {
      if (!CharacterEscape(letter, &byte)) return false;
    } else if (byte < 0) {
      // \8, \9 and non-alphanumeric bytes stand for themselves; other
      // letters (\B, \R, \N ...) have no meaning in a class.
      if (IsAsciiAlnum(letter) && letter != '8' && letter != '9') return false;
      byte = static_cast<unsigned char>(letter);
    }
    *single = byte;
    return true;
  }

  // Adds the bytes (as Latin-1 characters) that have the Unicode property
  // of a \p or \P (its letter just read) to `set`, asking RE2 which they
  // are. False when the property is malformed or unknown.
  bool AddPropertySet(char letter, ByteSet* set) {
    if (i_ >= pattern_.size()) return false;
    size_t end = i_ + 1;
    if (pattern_[i_] == '{') {
      const size_t close = pattern_.find('}', i_);
      if (close == std::string_view::npos) return false;
      end = close + 1;
    }
    std::string property = "\\";
    property.push_back(letter);
    property.append(pattern_.substr(i_, end - i_));
    i_ = end;
    RE2::Options options;
    options.set_encoding(RE2::Options::EncodingLatin1);
    options.set_log_errors(false);
    const RE2 re(property, options);
    if (!re.ok()) return false;
    for (int b = 0; b < 256; ++b) {
      const char byte = static_cast<char>(b);
      if (RE2::FullMatch(re2::StringPiece(&byte, 1), re)) set->set(static_cast<size_t>(b));
    }
    return true;
  }

  // A character class starting at `i_` ('['), parsed into a byte set and
  // written out. PCRE2 rejects a POSIX item outside a class, an unclosed
  // class, and a range out of order or ending in a set.
  bool CharacterClass() {
    if (PosixItemAt(i_)) return false;
    ++i_;
    bool negated = false;
    if (i_ < pattern_.size() && pattern_[i_] == '^') {
      negated = true;
      ++i_;
    }
    ByteSet set;
    bool first = true;
    while (true) {
      if (i_ >= pattern_.size()) return false;
      if (pattern_.substr(i_, 2) == "\\E") {  // means nothing, even first
        i_ += 2;
        continue;
      }
      if (pattern_[i_] == ']' && !first) break;
      first = false;
      int low = -1;
      if (!ClassItem(&set, &low)) return false;
      const bool range = i_ + 1 < pattern_.size() && pattern_[i_] == '-' &&
                         pattern_[i_ + 1] != ']';
      if (low < 0) {
        if (range) return false;  // a range cannot start with a set
        continue;
      }
      if (!range) {
        set.set(static_cast<size_t>(low));
        continue;
      }
      ++i_;  // the '-'
      int high = -1;
      if (!ClassItem(&set, &high) || high < 0 || high < low) return false;
      AddRange(low, high, &set);
    }
    ++i_;  // the ']'
    if (flags_.caseless) FoldAsciiCase(&set);
    if (negated) set.flip();
    AppendByteSet(set, out_);
    after_assertion_ = false;
    return true;
  }

  // A '(' outside a class. Every group saves the options it may change,
  // restored at its ')'. The syntax of "(?..." openers (group names) is
  // copied as is, so that it is not read as literals; option letters are
  // handled by OptionGroup.
  bool GroupOpen() {
    if (pattern_.substr(i_, 3) == "(?#") return SkipComment();
    if (pattern_.substr(i_, 2) != "(?") {
      ++i_;
      OpenGroup("(");
      return true;
    }
    const size_t k = i_ + 2;
    const char c = k < pattern_.size() ? pattern_[k] : '\0';
    const char c2 = k + 1 < pattern_.size() ? pattern_[k + 1] : '\0';
    if (c == '<' && IsAsciiLetter(c2)) {  // (?<name>, spelled (?P<name> here
      const size_t end = pattern_.find('>', k);
      if (end == std::string_view::npos) return false;
      OpenGroup("(?P" + std::string(pattern_.substr(k, end + 1 - k)));
      i_ = end + 1;
      return true;
    }
    if (c == 'P' && c2 == '<') {  // (?P<name>
      const size_t end = pattern_.find('>', k);
      if (end == std::string_view::npos) return false;
      OpenGroup(pattern_.substr(i_, end + 1 - i_));
      i_ = end + 1;
      return true;
    }
    if (IsAsciiLetter(c) || c == '-' || c == ':' || c == ')') return OptionGroup();
    // (?=, (?!, (?<=, (?>, (?| ...: look-around and the like, which RE2
    // rejects.
    i_ += 2;
    OpenGroup("(?");
    return true;
  }

  // "(?flags)" or "(?flags:": i and x are applied here (i folds ASCII only,
  // x is not RE2 syntax); m, s and U are left to RE2. Other letters give
  // false.
  bool OptionGroup() {
    size_t k = i_ + 2;
    bool on = true;
    std::string re2_flags;
    Flags flags = flags_;
    for (; k < pattern_.size() && pattern_[k] != ':' && pattern_[k] != ')'; ++k) {
      const char letter = pattern_[k];
      if (letter == '-' && on) {
        on = false;
        re2_flags.push_back('-');
      } else if (letter == 'i') {
        flags.caseless = on;
      } else if (letter == 'x') {
        flags.extended = on;
      } else if (letter == 'm' || letter == 's' || letter == 'U') {
        re2_flags.push_back(letter);
      } else {
        return false;
      }
    }
    if (k >= pattern_.size()) return false;
    if (!re2_flags.empty() && re2_flags.back() == '-') re2_flags.pop_back();
    const bool scoped = pattern_[k] == ':';
    i_ = k + 1;
    if (scoped) {
      OpenGroup(re2_flags.empty() ? "(?:" : "(?" + re2_flags + ":");
    } else if (!re2_flags.empty()) {
      out_->append("(?" + re2_flags + ")");
    }
    flags_ = flags;
    // "(?i)" alone takes no quantifier, like an assertion.
    if (!scoped) after_assertion_ = true;
    return true;
  }

  // Appends the opener of a group and saves the options for its ')'.
  void OpenGroup(std::string_view opener) {
    saved_flags_.push_back(flags_);
    Emit(opener, false);
  }

  // A ')' outside a class: restores the options of the enclosing group.
  void CloseGroup() {
    if (!saved_flags_.empty()) {
      flags_ = saved_flags_.back();
      saved_flags_.pop_back();
    }
    Emit(")", false);
  }

  // Skips a (?#...) comment; false when it is not closed.
  bool SkipComment() {
    const size_t end = pattern_.find(')', i_ + 3);
    if (end == std::string_view::npos) return false;
    i_ = end + 1;
    return true;
  }

  // Appends `text`, remembering whether it is an assertion (which may not
  // be quantified).
  void Emit(std::string_view text, bool is_assertion) {
    out_->append(text);
    after_assertion_ = is_assertion;
  }

  // Appends the literal byte `c` (both cases of a letter when caseless).
  void EmitLiteral(char c) {
    if (flags_.caseless && IsAsciiLetter(c)) {
      out_->push_back('[');
      out_->push_back(c);
      out_->push_back(OtherCase(c));
      out_->push_back(']');
    } else {
      AppendLiteral(c, out_);
    }
    after_assertion_ = false;
  }

  static constexpr size_t kMaxTranslatedBytes = size_t{4} << 20;

  const std::string_view pattern_;
  // The options that the pattern can change as it goes.
  struct Flags {
    bool caseless;
    bool extended;
  };

  Flags flags_;
  std::vector<Flags> saved_flags_;  // one per open group
  const bool dollar_before_final_newline_;
  std::string* const out_;
  size_t i_ = 0;
  bool after_assertion_ = false;
};

// Whether `target` ends with its only newline (see PatternTranslator).
bool EndsWithOnlyNewline(std::string_view target) {
  return !target.empty() && target.back() == '\n' &&
         target.find('\n') == target.size() - 1;
}

// Compiles `pattern` with `options` for targets of the kind
// `dollar_before_final_newline` describes; null when RE2 cannot run it.
std::unique_ptr<RE2> CompilePattern(std::string_view pattern, const RegexOptions& options,
                                    bool dollar_before_final_newline) {
  std::string translated;
  if (options.multiline) translated = "(?m)";
  PatternTranslator translator(pattern, options, dollar_before_final_newline, &translated);
  if (!translator.Translate()) return nullptr;
  RE2::Options re2_options;
  re2_options.set_encoding(RE2::Options::EncodingLatin1);
  re2_options.set_log_errors(false);
  re2_options.set_dot_nl(options.dotall);
  auto re = std::make_unique<RE2>(translated, re2_options);
  if (!re->ok()) return nullptr;
  return re;
}

// A pattern compiled on demand in the two forms targets need (see
// PatternTranslator), for calls that match many targets.
class CompiledPattern {
 public:
  CompiledPattern(std::string_view pattern, const RegexOptions& options)
      : pattern_(pattern), options_(options) {}

  // Whether RE2 can run the pattern (the two forms are equally valid).
  bool Valid() { return ForTarget("") != nullptr; }

  // The form of the pattern for `target`, or null when it is invalid.
  const RE2* ForTarget(std::string_view target) {
    const bool before_newline = EndsWithOnlyNewline(target);
    std::unique_ptr<RE2>& slot = before_newline ? before_newline_ : plain_;
    if (slot == nullptr) slot = CompilePattern(pattern_, options_, before_newline);
    return slot.get();
  }

 private:
  std::string_view pattern_;
  RegexOptions options_;
  std::unique_ptr<RE2> plain_;
  std::unique_ptr<RE2> before_newline_;
};

// Whether `re` matches somewhere in `text`.
bool Search(const RE2& re, std::string_view text) {
  return re.Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::UNANCHORED,
                  nullptr, 0);
}

// True when a string of `size` bytes is allowed; otherwise records why.
bool StringSizeAllowed(EvalContext& ctx, size_t size) {
  if (size <= ctx.limits().max_string_bytes) return true;
  ctx.NoteLimit("string result longer than max_string_bytes");
  return false;
}

// Appends `replacement` for one match: \0 ... \9 stand for the whole match
// and its groups, any other backslash is itself. `groups_set` is one more
// than the highest group that took part in the match; naming a group at or
// beyond it is an error (returns false), as in the reference. Groups below
// it that did not take part are empty.
bool AppendReplacement(std::string_view replacement, const std::vector<re2::StringPiece>& groups,
                       size_t groups_set, std::string* out) {
  for (size_t i = 0; i < replacement.size(); ++i) {
    const char c = replacement[i];
    if (c != '\\' || i + 1 >= replacement.size() || replacement[i + 1] < '0' ||
        replacement[i + 1] > '9') {
      out->push_back(c);
      continue;
    }
    const size_t group = static_cast<size_t>(replacement[i + 1] - '0');
    if (group >= groups_set) return false;
    const re2::StringPiece& piece = groups[group];
    if (piece.data() != nullptr) out->append(piece.data(), piece.size());
    ++i;
  }
  return true;
}

// One more than the highest-numbered group of a match that took part in it
// (pcre2_match's return value).
size_t GroupsSet(const std::vector<re2::StringPiece>& groups) {
  size_t count = groups.size();
  while (count > 1 && groups[count - 1].data() == nullptr) --count;
  return count;
}

// The substitution of regexps(): for the first match of `re` in `target`
// (every match with `global`), appends `replacement` with its group
// references filled in. With `full_target` the text between and around the
// matches is kept, giving the target with the substitutions made; without
// it only the substitutions are returned ("" when nothing matches).
// Global replacement follows HTCondor's loop over PCRE2: an empty match is
// allowed right after a non-empty one, and after an empty match the search
// resumes one character later; an empty match at the very end of the target
// makes HTCondor's loop run past the end, which gives error
// (`replaceAll("b*", "abc", "-")`, `replaceAll("$", "abc", "<")`). Returns
// false, with `*out` unspecified, when the result is error.
bool Substitute(EvalContext& ctx, const RE2& re, std::string_view target,
                std::string_view replacement, const RegexOptions& options, std::string* out) {
  const re2::StringPiece text(target.data(), target.size());
  std::vector<re2::StringPiece> groups(1 + static_cast<size_t>(re.NumberOfCapturingGroups()));
  const int ngroups = static_cast<int>(groups.size());
  size_t pos = 0;  // where the next search starts; text before it is done
  while (pos <= target.size()) {
    if (!re.Match(text, pos, target.size(), RE2::UNANCHORED, groups.data(), ngroups)) break;
    const size_t match_begin = static_cast<size_t>(groups[0].data() - target.data());
    const size_t match_end = match_begin + groups[0].size();
    if (!ctx.Charge(1 + match_end - pos)) return false;
    if (options.full_target) out->append(target.substr(pos, match_begin - pos));
    if (!AppendReplacement(replacement, groups, GroupsSet(groups), out)) return false;
    if (!StringSizeAllowed(ctx, out->size())) return false;
    pos = match_end;
    if (!options.global) break;
    if (match_begin == match_end) {  // empty match: step over one character
      if (pos >= target.size()) return false;  // HTCondor: past the end, error
      if (options.full_target) out->push_back(target[pos]);
      ++pos;
    }
  }
  if (options.full_target && pos < target.size()) out->append(target.substr(pos));
  return StringSizeAllowed(ctx, out->size());
}

// Evaluates `args` (the fixed ones, then the optional options string last
// when `has_options`) into `values`. Returns false, with the value to
// return in `*early`, when an argument is error (first) or undefined, or
// the options are not a string; otherwise reads the options into
// `*options`.
bool EvaluateRegexArgs(EvalContext& ctx, const std::vector<ExprPtr>& args, bool has_options,
                       std::vector<Value>* values, RegexOptions* options, Value* early) {
  values->reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) values->push_back(EvalArg(ctx, args, i));
  for (const Value& value : *values) {
    if (value.IsError()) {
      *early = Value::Error();
      return false;
    }
  }
  for (const Value& value : *values) {
    if (value.IsUndefined()) {
      *early = Value::Undefined();
      return false;
    }
  }
  if (has_options) {
    const Value& letters = values->back();
    if (!letters.IsString()) {
      *early = Value::Error();
      return false;
    }
    if (!AddOptionLetters(letters.string(), OptionCase::kLowerOnly, options)) {
      ctx.NoteQuirk(Quirk::kRegexpOptions);
    }
  }
  return true;
}

// regexp(pattern, target[, options]): whether `pattern` matches somewhere
// in `target`. Error in any argument gives error, then undefined gives
// undefined; non-string arguments, an invalid pattern and other than 2 or
// 3 arguments give error. The f and g options are ignored.
Value RegexpFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 2 && args.size() != 3) return Value::Error();
  std::vector<Value> values;
  RegexOptions options;
  Value early;
  if (!EvaluateRegexArgs(ctx, args, args.size() == 3, &values, &options, &early)) return early;
  if (!values[0].IsString() || !values[1].IsString()) return Value::Error();
  std::string_view target = values[1].string();
  if (!ctx.Charge(1 + values[0].string().size() + target.size())) return Value::Error();
  std::unique_ptr<RE2> re =
      CompilePattern(values[0].string(), options, EndsWithOnlyNewline(target));
  if (re == nullptr) return Value::Error();
  return Value::Boolean(Search(*re, target));
}

// regexpMember(pattern, list[, options]): whether `pattern` matches one of
// the list's strings, its elements evaluated in order. An element that is
// neither a string nor undefined, before a match, gives error; no match
// with an undefined element gives undefined; no match otherwise false.
// The argument rules are those of regexp() with a list second. An invalid
// pattern matches nothing, as in HTCondor (false, or undefined with an
// undefined element); it is error only for an element that is not a string.
Value RegexpMemberFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() != 2 && args.size() != 3) return Value::Error();
  std::vector<Value> values;
  RegexOptions options;
  Value early;
  if (!EvaluateRegexArgs(ctx, args, args.size() == 3, &values, &options, &early)) return early;
  if (!values[0].IsString() || !values[1].IsList()) return Value::Error();
  if (!ctx.Charge(1 + values[0].string().size())) return Value::Error();
  CompiledPattern pattern(values[0].string(), options);
  bool saw_undefined = false;
  for (const ExprPtr& item : values[1].list()) {
    Value element = ctx.EvaluateElement(values[1], *item);
    if (element.IsUndefined()) {
      saw_undefined = true;
      continue;
    }
    if (!element.IsString()) return Value::Error();
    if (!ctx.Charge(1 + element.string().size())) return Value::Error();
    const RE2* re = pattern.Valid() ? pattern.ForTarget(element.string()) : nullptr;
    if (re != nullptr && Search(*re, element.string())) return Value::Boolean(true);
  }
  return saw_undefined ? Value::Undefined() : Value::Boolean(false);
}

// The options a substitution function adds to the caller's.
enum class SubstituteKind { kRegexps, kReplace, kReplaceAll };

// regexps / replace / replaceAll (pattern, target, replacement[, options]):
// see Substitute. replace() adds option f, replaceAll() f and g. Error in
// any argument gives error, then undefined gives undefined; non-string
// arguments, an invalid pattern, a replacement naming a group the match
// did not reach and other than 3 or 4 arguments give error.
Value SubstituteCall(EvalContext& ctx, const std::vector<ExprPtr>& args, SubstituteKind kind) {
  if (args.size() != 3 && args.size() != 4) return Value::Error();
  std::vector<Value> values;
  RegexOptions options;
  Value early;
  if (!EvaluateRegexArgs(ctx, args, args.size() == 4, &values, &options, &early)) return early;
  if (kind != SubstituteKind::kRegexps) options.full_target = true;
  if (kind == SubstituteKind::kReplaceAll) options.global = true;
  if (!values[0].IsString() || !values[1].IsString() || !values[2].IsString()) {
    return Value::Error();
  }
  std::string_view target = values[1].string();
  if (!ctx.Charge(1 + values[0].string().size())) return Value::Error();
  std::unique_ptr<RE2> re =
      CompilePattern(values[0].string(), options, EndsWithOnlyNewline(target));
  if (re == nullptr) return Value::Error();
  std::string result;
  if (!Substitute(ctx, *re, target, values[2].string(), options, &result)) {
    return Value::Error();
  }
  return Value::String(std::move(result));
}

// regexps(pattern, target, replacement[, options]).
Value RegexpsFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return SubstituteCall(ctx, args, SubstituteKind::kRegexps);
}

// replace(pattern, target, replacement[, options]).
Value ReplaceFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return SubstituteCall(ctx, args, SubstituteKind::kReplace);
}

// replaceAll(pattern, target, replacement[, options]).
Value ReplaceAllFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  return SubstituteCall(ctx, args, SubstituteKind::kReplaceAll);
}



// stringList_regexpMember(pattern, list[, delimiters[, options]]) (an
// HTCondor daemon function): whether `pattern` matches one of the items of
// the string list `list` (default delimiters ", "). Every argument must be
// a string (undefined included: error); an invalid pattern gives error; an
// empty list gives undefined.
Value StringListRegexpMemberFn(EvalContext& ctx, const std::vector<ExprPtr>& args) {
  if (args.size() < 2 || args.size() > 4) return Value::Error();
  std::vector<Value> values;
  for (size_t i = 0; i < args.size(); ++i) {
    values.push_back(EvalArg(ctx, args, i));
    if (!values.back().IsString()) return Value::Error();
  }
  const std::string_view delimiters =
      values.size() >= 3 ? std::string_view(values[2].string()) : std::string_view(", ");
  RegexOptions options;
  if (values.size() == 4) (void)AddOptionLetters(values[3].string(), OptionCase::kEither, &options);
  std::string_view list = values[1].string();
  if (!ctx.Charge(1 + values[0].string().size() + list.size())) return Value::Error();
  CompiledPattern pattern(values[0].string(), options);
  if (!pattern.Valid()) return Value::Error();
  std::vector<std::string_view> items = SplitStringList(list, delimiters);
  if (items.empty()) return Value::Undefined();
  for (std::string_view item : items) {
    const RE2* re = pattern.ForTarget(item);
    if (re == nullptr) return Value::Error();
    if (Search(*re, item)) return Value::Boolean(true);
  }
  return Value::Boolean(false);
}

}  // namespace

void RegisterRegexBuiltins(BuiltinTableBuilder& table) {
  table.Add("regexp", RegexpFn);
  table.Add("regexpMember", RegexpMemberFn);
  table.Add("regexps", RegexpsFn);
  table.Add("replace", ReplaceFn);
  table.Add("replaceAll", ReplaceAllFn);
  table.AddDaemonFunction("stringList_regexpMember", StringListRegexpMemberFn);
}

}  // namespace classad
