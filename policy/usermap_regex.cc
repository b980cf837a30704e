#include "policy/usermap_regex.h"

#include <cstring>
#include <optional>

namespace policy {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;

Status Refuse(const std::string& why) {
  return Status(StatusCode::kInvalidArgument, why);
}

Status Differs(const std::string& what) {
  return Refuse(what + " means something else in RE2 than in HTCondor's PCRE2; not supported "
                       "by this tool");
}

bool IsHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  return (c | 0x20) - 'a' + 10;
}

// Whether some part of `pattern` can match without regard to case: the
// `i` flag, or an inline `(?i)` / `(?i:` group.
bool MayBeCaseless(std::string_view pattern, bool caseless) {
  if (caseless) return true;
  for (size_t at = pattern.find("(?"); at != std::string_view::npos;
       at = pattern.find("(?", at + 2)) {
    for (size_t i = at + 2; i < pattern.size(); ++i) {
      char c = pattern[i];
      if (c == 'i') return true;
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-')) break;
    }
  }
  return false;
}

// PCRE2's check_posix_syntax: whether the `[` at `at`, followed by `:`,
// `.` or `=`, starts POSIX syntax such as [:alpha:] (PCRE2 looks for the
// matching `:]` before any other `]`).
bool LooksLikePosix(std::string_view pattern, size_t at) {
  const char terminator = pattern[at + 1];
  for (size_t p = at + 2; p < pattern.size(); ++p) {
    if (pattern[p] == '\\' && p + 1 < pattern.size() &&
        (pattern[p + 1] == ']' || pattern[p + 1] == '\\')) {
      ++p;
    } else if ((pattern[p] == '[' && p + 1 < pattern.size() && pattern[p + 1] == terminator) ||
               pattern[p] == ']') {
      return false;
    } else if (pattern[p] == terminator && p + 1 < pattern.size() && pattern[p + 1] == ']') {
      return true;
    }
  }
  return false;
}

// Rewrites `pattern` into RE2 syntax with the same meaning, or refuses it.
// Sets *dollar when the pattern has a `$` anchor, *inline_flags when it has
// an inline flag group.
class Translator {
 public:
  Translator(std::string_view pattern, bool caseless)
      : p_(pattern), n_(pattern.size()), folds_(MayBeCaseless(pattern, caseless)) {}

  Result<std::string> Run(bool* dollar, bool* inline_flags);

 private:
  // What the next quantifier would repeat: PCRE2 refuses to repeat an
  // assertion (^ $ \b \B \A \z) or a flag group such as (?i); RE2 accepts.
  enum class Prev { kNothing, kAssertion, kItem, kQuantifier };

  Status CheckByte(unsigned value) const {
    if (folds_ && value >= 0x80) {
      return Differs("case-insensitive matching of a byte above 0x7f");
    }
    return Status::Ok();
  }
  // Appends one item (`text`): a set such as \d when `is_set`, an
  // assertion when `is_assertion`. Keeps the class and quantifier state.
  Status Emit(std::string_view text, bool is_set, bool is_assertion) {
    if (in_class_) {
      if (is_set && range_pending_) return Differs("a range ending in a class (like a-\\d)");
      last_was_set_ = is_set;
      range_pending_ = false;
      ++class_items_;
    } else {
      prev_ = is_assertion ? Prev::kAssertion : Prev::kItem;
    }
    out_.append(text);
    return Status::Ok();
  }
  Status Escape();
  Status InClass();
  Status Outside();

  std::string_view p_;
  size_t n_;
  bool folds_;
  size_t i_ = 0;
  std::string out_;
  Prev prev_ = Prev::kNothing;
  bool in_class_ = false;
  bool last_was_set_ = false;   // in a class: the last item was a set (\d, [:alpha:])
  bool range_pending_ = false;  // in a class: the last item was a range's '-'
  size_t class_items_ = 0;      // items since the class opened (after a leading ^)
  bool dollar_ = false;
  bool inline_flags_ = false;
};

Status Translator::Escape() {
  if (i_ + 1 >= n_) return Refuse("the pattern ends with a lone backslash");
  const char d = p_[i_ + 1];
  if (d == 'Q') {
    if (in_class_) return Differs("\\Q...\\E inside a character class");
    size_t end = p_.find("\\E", i_ + 2);
    size_t body_end = end == std::string_view::npos ? n_ : end;
    for (size_t k = i_ + 2; k < body_end; ++k) {
      Status ok = CheckByte(static_cast<unsigned char>(p_[k]));
      if (!ok.ok()) return ok;
    }
    std::string text(p_.substr(i_, body_end - i_));
    text += "\\E";
    i_ = end == std::string_view::npos ? n_ : end + 2;
    return Emit(text, false, false);
  }
  if (d == 's' || d == 'S') {
    // PCRE2's \s includes the vertical tab; RE2's does not.
    i_ += 2;
    if (in_class_) {
      if (d == 'S') return Differs("\\S inside a character class");
      return Emit("\\t\\n\\x0b\\f\\r\\x20", true, false);
    }
    return Emit(d == 's' ? "[\\t\\n\\x0b\\f\\r\\x20]" : "[^\\t\\n\\x0b\\f\\r\\x20]", false,
                false);
  }
  if (d >= '1' && d <= '9') {
    return Refuse(std::string("\\") + d +
                  " (a backreference, or an octal escape depending on the group count) is not "
                  "supported by this tool");
  }
  if (std::strchr("vVhHRNXKGCgkpPeco", d) != nullptr) {
    return Refuse(std::string("\\") + d + " is not supported by this tool");
  }
  if (d == 'x' || d == '0') {
    size_t k = i_ + 2;
    unsigned value = 0;
    if (d == 'x' && k < n_ && p_[k] == '{') {
      size_t close = p_.find('}', k);
      if (close == std::string_view::npos) return Refuse("\\x{ has no closing brace");
      for (size_t h = k + 1; h < close; ++h) {
        if (!IsHex(p_[h])) return Refuse("\\x{...} holds a character that is not hex");
        value = value * 16 + static_cast<unsigned>(HexValue(p_[h]));
        if (value > 0xff) return Refuse("\\x{...} beyond 0xff (matching is by bytes)");
      }
      k = close + 1;
    } else if (d == 'x') {
      for (int digits = 0; digits < 2 && k < n_ && IsHex(p_[k]); ++digits, ++k) {
        value = value * 16 + static_cast<unsigned>(HexValue(p_[k]));
      }
    } else {
      for (int digits = 0; digits < 2 && k < n_ && p_[k] >= '0' && p_[k] <= '7'; ++digits, ++k) {
        value = value * 8 + static_cast<unsigned>(p_[k] - '0');
      }
    }
    Status ok = CheckByte(value);
    if (!ok.ok()) return ok;
    std::string_view text = p_.substr(i_, k - i_);
    i_ = k;
    return Emit(text, false, false);
  }
  Status ok = CheckByte(static_cast<unsigned char>(d));
  if (!ok.ok()) return ok;
  std::string_view text = p_.substr(i_, 2);
  i_ += 2;
  return Emit(text, std::strchr("dDwW", d) != nullptr, std::strchr("bBAz", d) != nullptr);
}

Status Translator::InClass() {
  const char c = p_[i_];
  if (c == ']' && class_items_ > 0) {
    in_class_ = false;
    prev_ = Prev::kItem;
    out_ += c;
    ++i_;
    return Status::Ok();
  }
  if (c == '[' && i_ + 1 < n_ && std::strchr(":.=", p_[i_ + 1]) != nullptr &&
      LooksLikePosix(p_, i_)) {
    if (p_[i_ + 1] != ':') {
      return Refuse("a POSIX collating element ([.x.] or [=x=]) is not supported by this tool");
    }
    size_t close = p_.find(":]", i_ + 2);
    std::string_view text = p_.substr(i_, close + 2 - i_);
    i_ = close + 2;
    return Emit(text, true, false);
  }
  if (c == '-' && class_items_ > 0 && i_ + 1 < n_ && p_[i_ + 1] != ']') {
    // A range. PCRE2 refuses one that starts with a set; RE2 takes the '-'
    // as a literal there.
    if (last_was_set_) return Differs("a range starting with a class (like \\d-z)");
    out_ += c;
    ++i_;
    ++class_items_;
    range_pending_ = true;
    last_was_set_ = false;
    return Status::Ok();
  }
  Status ok = CheckByte(static_cast<unsigned char>(c));
  if (!ok.ok()) return ok;
  ++i_;
  return Emit(std::string_view(&c, 1), false, false);
}

Status Translator::Outside() {
  const char c = p_[i_];
  Status ok = CheckByte(static_cast<unsigned char>(c));
  if (!ok.ok()) return ok;
  auto repeat = [&]() -> Status {
    if (prev_ == Prev::kAssertion) {
      return Refuse("a repeated assertion or flag group (PCRE2 refuses it) is not supported by "
                    "this tool");
    }
    prev_ = Prev::kQuantifier;
    return Status::Ok();
  };
  switch (c) {
    case '[':
      if (i_ + 1 < n_ && std::strchr(":.=", p_[i_ + 1]) != nullptr && LooksLikePosix(p_, i_)) {
        return Refuse("POSIX class syntax outside a character class (PCRE2 refuses it) is not "
                      "supported by this tool");
      }
      in_class_ = true;
      class_items_ = 0;
      last_was_set_ = false;
      range_pending_ = false;
      out_ += c;
      ++i_;
      if (i_ < n_ && p_[i_] == '^') {
        out_ += '^';
        ++i_;
      }
      return Status::Ok();
    case '^':
    case '$':
      if (c == '$') dollar_ = true;
      ++i_;
      return Emit(std::string_view(&c, 1), false, true);
    case '|':
    case ')':
      prev_ = c == '|' ? Prev::kNothing : Prev::kItem;
      break;
    case '(': {
      prev_ = Prev::kNothing;
      if (i_ + 1 < n_ && p_[i_ + 1] == '?') {
        size_t k = i_ + 2;
        while (k < n_ && ((p_[k] >= 'a' && p_[k] <= 'z') || (p_[k] >= 'A' && p_[k] <= 'Z') ||
                          p_[k] == '-')) {
          ++k;
        }
        const std::string_view letters = p_.substr(i_ + 2, k - i_ - 2);
        // (?flags) alone, or the empty (?): sets flags, matches nothing.
        const bool flag_group = k < n_ && p_[k] == ')';
        if (!letters.empty()) inline_flags_ = true;
        if (letters.find('i') != std::string_view::npos && !(i_ == 0 && flag_group)) {
          return Refuse("a case-insensitive inline group other than (?i) at the very start (RE2 "
                        "mixes it up with case-sensitive alternatives) is not supported by this "
                        "tool; use the i flag after the closing /");
        }
        out_.append(p_.substr(i_, k - i_));
        i_ = k;
        if (flag_group) {
          out_ += ')';
          ++i_;
          prev_ = Prev::kAssertion;
        }
        return Status::Ok();
      }
      break;
    }
    case '*':
    case '+':
    case '?': {
      Status repeated = repeat();
      if (!repeated.ok()) return repeated;
      break;
    }
    case '{': {
      if (i_ + 1 < n_ && p_[i_ + 1] == ',') {
        return Refuse("{,n} (a repeat in PCRE2 10.43 and later, literal text before) is not "
                      "supported by this tool; write {0,n} or \\{");
      }
      // {n}, {n,} and {n,m} repeat; any other { is a literal.
      size_t k = i_ + 1;
      size_t digits = 0;
      while (k < n_ && p_[k] >= '0' && p_[k] <= '9') ++k, ++digits;
      if (digits > 0 && k < n_ && p_[k] == ',') {
        ++k;
        while (k < n_ && p_[k] >= '0' && p_[k] <= '9') ++k;
      }
      if (digits > 0 && k < n_ && p_[k] == '}') {
        Status repeated = repeat();
        if (!repeated.ok()) return repeated;
      } else {
        prev_ = Prev::kItem;
      }
      break;
    }
    default:
      prev_ = Prev::kItem;
      break;
  }
  out_ += c;
  ++i_;
  return Status::Ok();
}

Result<std::string> Translator::Run(bool* dollar, bool* inline_flags) {
  while (i_ < n_) {
    Status step = p_[i_] == '\\' ? Escape() : in_class_ ? InClass() : Outside();
    if (!step.ok()) return step;
  }
  *dollar = dollar_;
  *inline_flags = inline_flags_;
  return std::move(out_);
}

Result<std::string> Translate(std::string_view pattern, bool caseless, bool* dollar,
                              bool* inline_flags) {
  return Translator(pattern, caseless).Run(dollar, inline_flags);
}

// Bytes as code points: each byte >= 0x80 becomes the UTF-8 encoding of
// U+0080..U+00FF, so that RE2 in UTF-8 mode sees one character per byte,
// as PCRE2 without UTF does. (RE2's own Latin-1 mode is not used: in the
// RE2 of Debian 12, an alternation whose branches start with the same byte
// above 0x7f, as in /\xa9x|\xa9/, never matches there.)
std::string BytesToUtf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (char c : bytes) {
    unsigned char b = static_cast<unsigned char>(c);
    if (b < 0x80) {
      out += c;
    } else {
      out += static_cast<char>(0xC0 | (b >> 6));
      out += static_cast<char>(0x80 | (b & 0x3F));
    }
  }
  return out;
}

// The inverse of BytesToUtf8 (for text BytesToUtf8 made).
std::string Utf8ToBytes(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char b = static_cast<unsigned char>(text[i]);
    if (b < 0x80 || i + 1 >= text.size()) {
      out += static_cast<char>(b);
    } else {
      out += static_cast<char>(((b & 0x03) << 6) | (static_cast<unsigned char>(text[i + 1]) & 0x3F));
      ++i;
    }
  }
  return out;
}

bool HasHighBytes(std::string_view text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  }
  return false;
}

}  // namespace

classad::Result<std::unique_ptr<MapRegex>> MapRegex::Compile(std::string_view pattern,
                                                            bool caseless, bool ungreedy) {
  if (pattern.find('\0') != std::string_view::npos) {
    return Refuse("the pattern holds a NUL byte");
  }
  bool dollar = false;
  bool inline_flags = false;
  Result<std::string> translated = Translate(pattern, caseless, &dollar, &inline_flags);
  if (!translated.ok()) return translated.status();
  RE2::Options options;
  options.set_case_sensitive(!caseless);
  options.set_log_errors(false);
  std::string text = BytesToUtf8(ungreedy ? "(?U)" + *translated : *translated);
  std::unique_ptr<MapRegex> regex(new MapRegex());
  regex->re_ = std::make_unique<RE2>(text, options);
  if (!regex->re_->ok()) {
    return Refuse("RE2 cannot compile it: " + regex->re_->error());
  }
  regex->newline_sensitive_ = dollar || inline_flags;
  return regex;
}

bool MapRegex::Exact(std::string_view subject) const {
  return !newline_sensitive_ || subject.find('\n') == std::string_view::npos;
}

bool MapRegex::Match(std::string_view subject, std::vector<std::string>* groups) const {
  const bool transcode = HasHighBytes(subject);
  const std::string converted = transcode ? BytesToUtf8(subject) : std::string();
  const std::string_view text = transcode ? std::string_view(converted) : subject;
  const int count = re_->NumberOfCapturingGroups() + 1;
  std::vector<re2::StringPiece> parts(static_cast<size_t>(count));
  if (!re_->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::UNANCHORED,
                  parts.data(), count)) {
    return false;
  }
  if (groups != nullptr) {
    int last = 0;
    for (int i = 0; i < count; ++i) {
      if (parts[static_cast<size_t>(i)].data() != nullptr) last = i;
    }
    groups->clear();
    for (int i = 0; i <= last; ++i) {
      const re2::StringPiece& p = parts[static_cast<size_t>(i)];
      std::string_view piece = p.data() == nullptr ? std::string_view()
                                                   : std::string_view(p.data(), p.size());
      groups->push_back(transcode ? Utf8ToBytes(piece) : std::string(piece));
    }
  }
  return true;
}

}  // namespace policy
