// The regular expressions of HTCondor map files, matched with RE2.
// HTCondor compiles a map file's `/regex/` principals with PCRE2, without
// UTF mode (bytes are characters), with PCRE2_CASELESS for the `i` flag and
// PCRE2_UNGREEDY for `U` (MapFile.cpp). RE2 matches bytes
// the same way for the common syntax (each byte is given to RE2 as one
// character); this file refuses, with a clear
// error, every construct whose meaning differs or that RE2 lacks, so that
// a pattern either matches exactly what PCRE2 would or is rejected.
// Thread-safe: MapRegex is immutable after Compile.
#ifndef POLICY_USERMAP_REGEX_H_
#define POLICY_USERMAP_REGEX_H_

#include <re2/re2.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"

namespace policy {

// A compiled map-file regular expression.
class MapRegex {
 public:
  // Compiles `pattern` (as the map file gives it, between the slashes,
  // after HTCondor's unescaping). On failure a Status (kInvalidArgument)
  // whose message names the construct: backreferences, lookaround, `\v`
  // (a class in PCRE2, one byte in RE2), `{,n}` (read differently by
  // PCRE2 versions), case-insensitive non-ASCII bytes, or RE2's own
  // complaint. The message does not repeat the pattern.
  static classad::Result<std::unique_ptr<MapRegex>> Compile(std::string_view pattern,
                                                           bool caseless, bool ungreedy);

  // Searches `subject` anywhere (PCRE2's unanchored match). On a match,
  // true and `groups` holds group 0 and each group up to the last one that
  // took part (as PCRE2's match count gives them; a group that did not
  // take part is ""). Precondition: Exact(subject).
  bool Match(std::string_view subject, std::vector<std::string>* groups) const;

  // Whether Match gives PCRE2's answer for `subject`: false only when the
  // subject holds a newline and the pattern uses `$` or inline flags
  // (PCRE2's `$` also matches before a final newline; RE2's does not).
  bool Exact(std::string_view subject) const;

 private:
  MapRegex() = default;
  std::unique_ptr<RE2> re_;
  bool newline_sensitive_ = false;
};

}  // namespace policy

#endif  // POLICY_USERMAP_REGEX_H_
