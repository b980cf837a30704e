// Small ASCII text helpers shared by the policy layer (and its tools): the
// character classes of HTCondor's C-locale parsing and comparisons with
// ASCII letters folded, written once here rather than in every .cc file.
// Header-only; pure functions, safe from any thread. Bytes of 0x80 and
// above are never letters, digits or space, and are compared as they are.
#ifndef POLICY_TEXT_UTIL_H_
#define POLICY_TEXT_UTIL_H_

#include <string>
#include <string_view>

#include "classad/bytes.h"

namespace policy {

// isspace in the C locale: space, \t, \n, \v, \f, \r.
constexpr bool IsAsciiSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
// [0-9].
constexpr bool IsAsciiDigit(char c) { return c >= '0' && c <= '9'; }
// [A-Za-z].
constexpr bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// [A-Za-z0-9].
constexpr bool IsAsciiAlnum(char c) { return IsAsciiLetter(c) || IsAsciiDigit(c); }

// `c` lower-cased if it is an ASCII capital letter, else `c`.
constexpr char LowerAsciiChar(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// A copy of `text` with ASCII capital letters lower-cased.
inline std::string LowerAscii(std::string_view text) { return classad::bytes::FoldAsciiCopy(text); }

// Whether `a` and `b` are equal with ASCII letters compared without case.
constexpr bool EqualsNoCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (LowerAsciiChar(a[i]) != LowerAsciiChar(b[i])) return false;
  }
  return true;
}

// Whether `text` starts with `prefix` (ASCII letters compared without case).
constexpr bool StartsWithNoCase(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && EqualsNoCase(text.substr(0, prefix.size()), prefix);
}

// Whether `text` ends with `suffix` (ASCII letters compared without case).
constexpr bool EndsWithNoCase(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() &&
         EqualsNoCase(text.substr(text.size() - suffix.size()), suffix);
}

// `text` without IsAsciiSpace bytes at either end.
constexpr std::string_view TrimSpace(std::string_view text) {
  while (!text.empty() && IsAsciiSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsAsciiSpace(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace policy

#endif  // POLICY_TEXT_UTIL_H_
