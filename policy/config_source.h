// The first stage of reading an HTCondor configuration file: its bytes
// become logical lines (trimmed, continued, with HTCondor's comment rules)
// that remember where each of their bytes came from, and a logical line
// becomes a Statement (a definition, an include, a use, ...). Follows
// getline_implementation and Parse_macros of HTCondor's config.cpp; the
// reader (config_reader.h) handles if/elif/else, @= blocks and meaning.
#ifndef POLICY_CONFIG_SOURCE_H_
#define POLICY_CONFIG_SOURCE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "policy/text_util.h"

namespace policy {

// A run of bytes of a PositionedText that came from one place.
struct TextPiece {
  size_t offset = 0;     // where the run starts in the text
  int line = 0;          // line of its first byte (1-based)
  int column = 0;        // column of its first byte (1-based, in UTF-8 code points)
  bool verbatim = true;  // the run is a copy of the file's bytes from (line, column) on;
                         // false: text the reader made up, all of it at (line, column)
};

// Text together with a map from every offset back to the physical line and
// column it came from, across continuation lines. Plain value type; not
// thread-safe to modify.
class PositionedText {
 public:
  const std::string& text() const { return text_; }
  const std::vector<TextPiece>& pieces() const { return pieces_; }
  size_t size() const { return text_.size(); }
  bool empty() const { return text_.empty(); }

  // Appends `bytes` taken from (line, column) of the file (`verbatim`), or
  // made up and attributed to that place (!verbatim).
  void Append(std::string_view bytes, int line, int column, bool verbatim = true);
  // Appends the bytes [from, to) of `other` with their positions.
  void AppendRange(const PositionedText& other, size_t from, size_t to);
  // Removes everything from `offset` on.
  void Truncate(size_t offset);

  // The line and column of text()[offset]; an offset at or past the end
  // gives the place just after the last byte. {0, 0} for an empty text.
  classad::SourceLocation LocationOf(size_t offset, const std::string& file) const;

 private:
  std::string text_;
  std::vector<TextPiece> pieces_;
};

// The line and column of `offset` in a piece map over `text` (the shared
// implementation of PositionedText::LocationOf and ConfigEntry::LocationOf).
classad::SourceLocation LocationInPieces(std::string_view text,
                                         const std::vector<TextPiece>& pieces, size_t offset,
                                         const std::string& file);

// One logical line: a physical line, trimmed of white space at both ends,
// plus its continuation lines.
struct SourceLine {
  PositionedText content;
  int first_line = 0;  // physical lines it spans
  int last_line = 0;
  bool unterminated = false;  // it ends the file without a newline (see SplitLogicalLines)
  bool IsComment() const { return !content.empty() && content.text()[0] == '#'; }
  bool IsBlank() const;  // empty or only white space
};

// Bounds on one source text.
struct SourceLimits {
  // Bytes of one file or text (16 MiB).
  size_t max_file_bytes = size_t{16} << 20;
  // Bytes of one logical line, continuation lines included (256 KiB).
  size_t max_line_bytes = size_t{256} << 10;
};

// Splits the bytes of a configuration source into logical lines exactly as
// HTCondor's getline_implementation does with its two default options:
//  - each physical line (ending in '\n') is trimmed of white space at both
//    ends; a line ending in '\' loses the '\' and the next physical line is
//    appended, trimmed, with nothing in between;
//  - a logical line that starts with '#' and ends in '\' does not continue;
//  - a line starting with '#' inside a continuation is replaced by its last
//    character (HTCondor's behaviour, a bug: `a \` + `# c` gives `a c`...
//    precisely `a ` + `c`; a `#` line ending in `\` keeps the continuation);
//  - the last line of a file that has no newline is neither trimmed nor
//    continued, as fgets hands it over (`unterminated`).
// Blank lines and comment lines are returned too (the reader keeps the
// comments before a definition). Errors, located at the offending byte:
// NUL bytes, bytes that are not UTF-8, a text or a logical line over the
// limits.
classad::Result<std::vector<SourceLine>> SplitLogicalLines(std::string_view bytes,
                                                           const std::string& file,
                                                           const SourceLimits& limits);

// Splits a metaknob's body (its arguments substituted) into lines as
// HTCondor's Parse_config_string does: at each '\n', each line trimmed of
// white space at both ends and none continued (a line ending in '\' keeps
// it). Blank and comment lines are returned too (the reader skips them, in
// here-documents as well). Errors as SplitLogicalLines.
classad::Result<std::vector<SourceLine>> SplitMetaknobBodyLines(std::string_view text,
                                                                const std::string& file,
                                                                const SourceLimits& limits);

// What a (non-blank, non-comment, non-if) logical line says, as Parse_macros
// reads it. Offsets are into the line's text.
struct Statement {
  enum class Kind {
    kAssign,        // NAME = value, NAME : value, NAME +<sep>= value
    kHereDocument,  // NAME @=TAG: the value is the lines up to @TAG
    kInclude,       // include [ifexist|ifexists] [command|output [into F]] : target
    kUse,           // use CATEGORY : NAME(args), ...
    kError,         // error [code] : text
    kWarning,       // warning : text
    kIgnored,       // `[section]` with no operator (.ini style)
  };
  Kind kind = Kind::kIgnored;
  // kAssign / kHereDocument: the name as written (macros not yet expanded).
  // kUse: the category (trimmed). kInclude: the option words (trimmed).
  size_t name_begin = 0, name_end = 0;
  // kAssign: the operator: '=', ':' (obsolete assignment) or '+' (+=).
  char op = '=';
  char plus_separator = 0;  // for '+': one of , ; | & * or 0
  int plus_count = 0;       // 1 (`+,=`) or 2 (`+&&=`); 0 without separator
  // Where the value (everything after the operator and the blanks after
  // it) starts; it runs to the end of the line. For kInclude: the target;
  // kUse: the list of metaknobs; kHereDocument: the tag; kError/kWarning:
  // the message.
  size_t value_begin = 0;
  // kInclude options.
  bool include_if_exists = false;
  bool include_command = false;  // command or output: we never run commands
  // kError: the code written between `error` and `:`, or -1.
  int error_code = -1;
  // Words between the name and the operator (`X junk = 5`), which HTCondor
  // ignores; empty range when there are none. For kAssign / kHereDocument.
  size_t ignored_begin = 0, ignored_end = 0;
};

// Which of HTCondor's two statement parsers a line is read by.
enum class StatementSyntax {
  kFile,           // Parse_macros: a configuration file
  kMetaknobBody,   // Parse_config_string: the body of a `use`d metaknob
};

// Parses one logical line, from offset `start` of its text (1 to skip the
// ':' HTCondor ignores at the start of a line in an if block), into a
// Statement. Errors (kParseError, located in `line` with `file`): a line
// without '=' or ':' (and not an .ini section), an '@' or '+' not followed
// by '=', unknown words between `include` and ':'. The name itself is
// checked later, once macro-expanded. A metaknob's body is parsed as
// HTCondor's Parse_config_string parses it, which differs: words after the
// name that come before any operator start the value (`X junk = 5` sets X
// to `junk = 5`, `X junk` sets X to `junk`); after the operator an `@=` or
// `+=` still counts, and a second operator ends the scan with no operator;
// `use ` (with its blank) makes a use line whatever the operator; there is
// no include, `@` prefix or .ini header; a line of one word is an error.
classad::Result<Statement> ParseStatement(const SourceLine& line, size_t start,
                                          const std::string& file,
                                          StatementSyntax syntax = StatementSyntax::kFile);

// Whether `c` may appear in a knob name: [A-Za-z0-9_./] (condor_isidchar).
inline bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '/';
}

// HTCondor's isspace in the C locale: space, \t, \n, \v, \f, \r.
inline bool IsConfigSpace(char c) { return IsAsciiSpace(c); }

}  // namespace policy

#endif  // POLICY_CONFIG_SOURCE_H_
