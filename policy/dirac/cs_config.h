// DIRAC's configuration-service syntax (the CFG format of diraccfg, which
// DIRAC's dirac.cfg files and its Configuration Service use), read as
// DIRAC's CFG.loadFromBuffer reads it, into a tree of sections and options
// that remember where each was written:
//
//   # a comment: only a line whose first non-blank byte is '#'
//   Registry
//   {
//     Groups {
//       lhcb_user {
//         JobShare = 200
//         Properties = NormalUser
//         Properties += JobSharing      # appends ", JobSharing"
//       }
//     }
//   }
//
// DIRAC's rules, kept here: lines are split at '\n' and trimmed; a line is
// scanned byte by byte; '{' opens a section named by the text before it
// (which may be on the previous line: `Name` then `{`); '}' closes one; the
// first '=' makes the whole line an option (name before the first '=',
// value after it, both trimmed; the rest of the line, '#', '{' and '}'
// included, is the value); "+=" appends ", " and the trimmed text to an
// option defined before; an option defined again keeps its first place and
// takes the new value. Lists are read later (cs_values.h): split at ','.
//
// Where this reader refuses what DIRAC accepts (each is an error with file,
// line and column): text that is neither an option nor a section header
// (DIRAC drops it silently, or glues it to the next section's name);
// '{' or '}' before an option's '=' on the same line (DIRAC names the
// option "S { A"); a '/' in a name (DIRAC reads it as a path); an option
// that redefines a section (DIRAC drops the section); NUL bytes and bytes
// that are not UTF-8. Where DIRAC raises (and its load fails) this reader
// returns an error too: unbalanced braces, a section defined twice in one
// text, an empty name, "+=" on an option not defined before. Every size is
// bounded (CsLimits).
#ifndef POLICY_DIRAC_CS_CONFIG_H_
#define POLICY_DIRAC_CS_CONFIG_H_

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"

namespace policy::dirac {

// Bounds on one configuration text, far above any real DIRAC
// configuration; a hostile text gets a kLimitExceeded error at the place it
// went past one.
struct CsLimits {
  // Bytes of one text (16 MiB).
  size_t max_text_bytes = size_t{16} << 20;
  // Bytes of one line (256 KiB).
  size_t max_line_bytes = size_t{256} << 10;
  // Sections open inside one another (the root is depth 0).
  int max_depth = 64;
  // Section and option lines of one text together ("+=" lines and
  // redefinitions included).
  size_t max_entries = size_t{1} << 20;
  // Bytes of one option's value, "+=" appends included (1 MiB).
  size_t max_value_bytes = size_t{1} << 20;
  // Bytes of one section or option name.
  size_t max_name_bytes = 4096;
};

// One option: `name = value`, with every "+=" applied.
struct CsOption {
  std::string name;
  // The value as DIRAC keeps it: the trimmed text after the first '=',
  // then ", " and the trimmed text of each "+=" line.
  std::string value;
  classad::SourceLocation where;        // the name's first byte (of the definition that counts)
  classad::SourceLocation value_where;  // the value's first byte (just after '=' when empty)
  // Earlier definitions the last one replaced (DIRAC keeps the last value).
  std::vector<classad::SourceLocation> replaced;
  // The "+=" lines applied after the definition that counts.
  std::vector<classad::SourceLocation> appended;
};

// One section: its options and subsections, each in the order first
// written. Plain value type; copying copies the whole subtree. Not
// thread-safe to modify; const access is safe from any thread.
class CsSection {
 public:
  CsSection() = default;
  CsSection(std::string name, classad::SourceLocation where)
      : name_(std::move(name)), where_(std::move(where)) {}

  const std::string& name() const { return name_; }
  // Where the section's name was written (empty file for the root).
  const classad::SourceLocation& where() const { return where_; }
  const std::vector<CsOption>& options() const { return options_; }
  const std::vector<CsSection>& sections() const { return sections_; }

  // The option or subsection named exactly `name` (DIRAC's names are case
  // sensitive), or null.
  const CsOption* FindOption(std::string_view name) const;
  const CsSection* FindSection(std::string_view name) const;
  CsOption* FindOption(std::string_view name);
  CsSection* FindSection(std::string_view name);

  // Adds an option at the end, or replaces the value of the one of that
  // name (keeping its place, recording the replaced definition). The
  // caller makes sure no subsection has that name. Returns the option.
  CsOption& SetOption(CsOption option);
  // Adds an empty subsection at the end. The caller makes sure no option
  // or subsection has that name. Returns it (valid until the next
  // AddSection on this section).
  CsSection& AddSection(std::string name, classad::SourceLocation where);

 private:
  std::string name_;
  classad::SourceLocation where_;
  std::vector<CsOption> options_;
  std::vector<CsSection> sections_;
  std::map<std::string, size_t, std::less<>> option_index_;
  std::map<std::string, size_t, std::less<>> section_index_;
};

// A whole configuration: the root section (no name) of one or more texts.
struct CsConfig {
  CsSection root;
};

// Reads one configuration text named `file` (for positions). Errors
// (kParseError, or kLimitExceeded for a limit), located file:line:column
// at the offending byte: see the header comment.
classad::Result<CsConfig> ReadCsText(std::string_view text, std::string_view file,
                                     const CsLimits& limits = {});

// `base` merged with `overlay` as DIRAC's CFG.mergeWith merges them: the
// options of `base` in its order, then those of `overlay` not in `base`
// (an option in both takes `overlay`'s value and place record); then the
// sections of `base`, each merged with `overlay`'s section of the same
// name, then `overlay`'s other sections. The result keeps `base`'s name
// and place. Error (kInvalidArgument, at `overlay`'s entry): a name that
// is an option on one side and a section on the other (DIRAC raises).
classad::Result<CsSection> MergeCsSections(const CsSection& base, const CsSection& overlay);

// Reads the files `paths` in order and merges them as DIRAC merges
// configuration files (MergeCsSections: a later file's options win, its
// sections are merged into those of the same name). `read_file` returns a
// file's bytes or an error (null reads the disk). Errors: the first file
// that cannot be read or parsed, or a name that is an option in one file
// and a section in another.
classad::Result<CsConfig> ReadCsFiles(
    const std::vector<std::string>& paths, const CsLimits& limits = {},
    const std::function<classad::Result<std::string>(const std::string& path)>& read_file = {});

}  // namespace policy::dirac

#endif  // POLICY_DIRAC_CS_CONFIG_H_
