// The text of the configuration files a Config was read from, for the
// checks that must see what was written (a `$(NAME)` that self-reference
// expansion already replaced, an `if` line, a continuation) and for the
// source line the text output shows under a diagnostic.
#ifndef POLICY_LINT_SOURCE_INDEX_H_
#define POLICY_LINT_SOURCE_INDEX_H_

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "policy/config_source.h"

namespace policy::lint {

// The files' physical and logical lines. Immutable once built; thread-safe
// to read.
class SourceIndex {
 public:
  // Reads each of `files` through `read` (nullopt: the file is skipped).
  // A file whose bytes SplitLogicalLines refuses keeps its physical lines
  // only.
  static SourceIndex Build(
      const std::vector<std::string>& files,
      const std::function<std::optional<std::string>(const std::string&)>& read);

  // Physical line `line` (from 1) of `file`, without its newline; nullopt
  // when the file was not read or has no such line.
  std::optional<std::string_view> PhysicalLine(const std::string& file, int line) const;

  // The logical line that physical line `line` of `file` belongs to (its
  // first line or a continuation line); null when unknown.
  const SourceLine* LogicalLine(const std::string& file, int line) const;

  // Every logical line of `file` in order (empty when not read).
  const std::vector<SourceLine>& LogicalLines(const std::string& file) const;

 private:
  struct File {
    std::string bytes;
    std::vector<std::string_view> physical;  // views into bytes
    std::vector<SourceLine> logical;
    std::vector<int> logical_of_line;  // physical line - 1 -> index in logical, or -1
  };
  std::map<std::string, File, std::less<>> files_;
};

}  // namespace policy::lint

#endif  // POLICY_LINT_SOURCE_INDEX_H_
