// HTCondor map files (CLASSAD_USER_MAPFILE_<name>, CERTIFICATE_MAPFILE),
// read as HTCondor's MapFile::ParseCanonicalization reads a usermap
// (assume_hash: a principal is a regular expression only between slashes),
// and the lookups of MapFile::GetCanonicalization and of the ClassAd
// function userMap() (compat_classad.cpp userMap_func).
//
// A map file is a list of lines `METHOD PRINCIPAL CANON`, fields separated
// by blanks:
//   * METHOD names the submap the line belongs to (`*` is the submap that
//     userMap("name", ...) reads; userMap("name.sub", ...) reads `sub`;
//     methods compare without regard to case). A line whose METHOD starts
//     with `#` is a comment; blank lines are skipped.
//   * PRINCIPAL is a literal (compared exactly), `"a quoted literal"` (with
//     \" for a quote and \\ for a backslash), or `/a regex/` followed by
//     optional flags i (caseless) and U (ungreedy), searched anywhere in the
//     input (see usermap_regex.h for how PCRE2 patterns are matched).
//   * CANON is the result, `\0`..`\9` replaced by the regex's groups (a
//     literal's `\0` is the literal). For userMap() it is a comma list of
//     groups.
//   * `@include PATH` reads another map file, or each regular file of a
//     folder (names matching Options::include_dir_exclude_regexp skipped)
//     in byte order of their paths, at that point. A relative PATH is
//     relative to the folder of the file being read (to the current
//     directory when that file's name has no `/`).
// The first line of the method's submap, in file order, that matches wins.
//
// Read as HTCondor reads it, each oddity kept as a warning with file, line
// and column: a line with a missing field, an @include that cannot be read
// or that is in an included file (HTCondor logs them and goes on with the
// next line) are skipped; a quote or regex left open takes the rest of the
// line, its newline included; text right after a closing quote or slash
// starts the next field; text after the third field is ignored; a CRLF
// line end leaves its \r in the line's last field. Errors: a regular
// expression RE2 cannot match as PCRE2 would or cannot compile (HTCondor
// skips a pattern PCRE2 rejects; RE2 cannot tell those from the ones PCRE2
// reads differently), a canonical name that ends in a lone backslash (HTCondor
// reads past its end), NUL bytes and bytes that are not UTF-8, and the
// Options limits. A UserMap is immutable: copies share it, and every const
// method is thread-safe.
#ifndef POLICY_USERMAP_H_
#define POLICY_USERMAP_H_

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"

namespace policy {

// Limits and settings for reading map files (UserMap::Options).
struct UserMapOptions {
  // Bytes read in all (the text and every included file together).
  size_t max_bytes = 16 << 20;
  // How deeply @include may nest. HTCondor reads an included file with
  // @include disabled, so 1 reads map files as HTCondor does; 0 refuses
  // every @include (for untrusted text: no file is opened); more lets an
  // included file include others (an extension; cycles are errors).
  int max_include_depth = 1;
  // Map lines (entries) in all.
  size_t max_entries = 1 << 20;
  // A prefix map (HTCondor's CLASSAD_USER_MAP_PREFIX_<name>): principals
  // are literal prefixes, never regular expressions, and a principal maps
  // by the longest of them it starts with (of equal prefixes, the last
  // line's).
  bool prefix = false;
  // File names an @include of a folder skips: HTCondor's default
  // LOCAL_CONFIG_DIR_EXCLUDE_REGEXP (RE2 syntax; searched in the name).
  std::string include_dir_exclude_regexp =
      R"(^((\..*)|(.*\.pl)|(.*\.py)|(.*\.sh)|(.*~)|(#.*)|(.*\.rpmsave)|(.*\.rpmnew)|(.*\.dpkg-old)|(.*\.dpkg-dist)|(.*\.cfsaved))$)";
};

// A map file as read: immutable, cheap to copy (copies share the entries).
class UserMap {
 public:
  using Options = UserMapOptions;

  // Reads map-file text; `source_name` names it in errors and decides where
  // relative @include paths lead. Errors: a Status with the file, line and
  // column (kInvalidArgument for a regular expression that cannot be used,
  // a lone backslash ending a canonical name, NUL bytes or bytes that are
  // not UTF-8; kLimitExceeded for Options limits).
  static classad::Result<UserMap> Parse(std::string_view text, std::string_view source_name,
                                        const Options& options = {});
  // Reads the map file at `path` (a regular file). Errors as Parse, and
  // kIoError when it cannot be read.
  static classad::Result<UserMap> Load(const std::string& path, const Options& options = {});

  // GetCanonicalization: CANON of the first entry of submap `method`
  // (compared without regard to case; `*` only matches the submap `*`)
  // whose principal matches, with its groups substituted; nullopt when
  // none matches, or when TryMap would give an error.
  std::optional<std::string> Map(std::string_view method, std::string_view principal) const;
  // Map, with an error (kInvalidArgument) instead of nullopt where this
  // tool cannot match as PCRE2 would: a principal holding a newline tested
  // against a regex that uses `$` or inline flags.
  classad::Result<std::optional<std::string>> TryMap(std::string_view method,
                                                     std::string_view principal) const;

  // HTCondor's 3-argument userMap("name", user, requested_group): the
  // groups `user` maps to in submap `*` (CANON split on commas, blanks
  // trimmed, empty items dropped); the group equal to `requested_group`
  // without regard to case, as the map spells it, else the first; nullopt
  // when the user maps to nothing (or only to empty items). An empty
  // `requested_group` requests nothing.
  std::optional<std::string> MapGroup(std::string_view user,
                                      std::string_view requested_group) const;
  // The same for userMap("name.method", user, requested_group): submap
  // `method`.
  std::optional<std::string> MapGroup(std::string_view method, std::string_view user,
                                      std::string_view requested_group) const;

  // The number of entries (map lines) read.
  size_t size() const;
  // What HTCondor reads oddly or skips (lines with a missing field,
  // includes it skips, open quotes, text after the third field, CRLF line
  // endings), with file, line and column; in file order.
  const std::vector<classad::Status>& warnings() const;

  // The entries (an implementation detail, opaque to callers).
  struct Data;

 private:
  explicit UserMap(std::shared_ptr<const Data> data) : data_(std::move(data)) {}
  std::shared_ptr<const Data> data_;
};

}  // namespace policy

#endif  // POLICY_USERMAP_H_
