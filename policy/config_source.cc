#include "policy/config_source.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "classad/utf8.h"

namespace policy {
namespace {

using classad::Result;
using classad::SourceLocation;
using classad::Status;
using classad::StatusCode;

// Whether `c` is a UTF-8 continuation byte (10xxxxxx).
bool IsContinuationByte(unsigned char c) { return (c & 0xC0) == 0x80; }

// Number of code points in `text` (bytes that are not continuation bytes).
int CodePoints(std::string_view text) {
  int n = 0;
  for (char c : text) n += IsContinuationByte(static_cast<unsigned char>(c)) ? 0 : 1;
  return n;
}



// The location of byte `offset` of a whole file.
SourceLocation FileLocation(std::string_view bytes, size_t offset, const std::string& file) {
  const size_t line_start = offset == 0 ? std::string_view::npos : bytes.rfind('\n', offset - 1);
  const size_t begin = line_start == std::string_view::npos ? 0 : line_start + 1;
  const int line = 1 + static_cast<int>(std::count(bytes.begin(), bytes.begin() + begin, '\n'));
  return SourceLocation{file, line, 1 + CodePoints(bytes.substr(begin, offset - begin))};
}

// Checks that `bytes` is UTF-8 text without NUL bytes.
Status CheckText(std::string_view bytes, const std::string& file) {
  for (size_t i = 0; i < bytes.size();) {
    if (bytes[i] == '\0') {
      return Status(StatusCode::kParseError, "NUL byte in configuration text (a binary file?)",
                    FileLocation(bytes, i, file));
    }
    const size_t len = classad::Utf8SequenceLength(bytes.substr(i));
    if (len == 0) {
      return Status(StatusCode::kParseError, "byte that is not UTF-8 in configuration text",
                    FileLocation(bytes, i, file));
    }
    i += len;
  }
  return Status::Ok();
}

}  // namespace

void PositionedText::Append(std::string_view bytes, int line, int column, bool verbatim) {
  if (bytes.empty()) return;
  const TextPiece piece{text_.size(), line, column, verbatim};
  // A verbatim run that continues the last one exactly needs no new piece.
  if (!pieces_.empty() && verbatim && pieces_.back().verbatim && pieces_.back().line == line) {
    const TextPiece& last = pieces_.back();
    const int end_column = last.column + CodePoints(std::string_view(text_).substr(last.offset));
    if (end_column == column) {
      text_.append(bytes);
      return;
    }
  }
  pieces_.push_back(piece);
  text_.append(bytes);
}

void PositionedText::AppendRange(const PositionedText& other, size_t from, size_t to) {
  to = std::min(to, other.text_.size());
  if (from >= to) return;
  // The piece holding `from`, then every piece that starts before `to`.
  auto it = std::upper_bound(other.pieces_.begin(), other.pieces_.end(), from,
                             [](size_t offset, const TextPiece& p) { return offset < p.offset; });
  if (it != other.pieces_.begin()) --it;
  for (; it != other.pieces_.end() && it->offset < to; ++it) {
    const size_t begin = std::max(from, it->offset);
    const size_t end = std::min(
        to, std::next(it) == other.pieces_.end() ? other.text_.size() : std::next(it)->offset);
    if (begin >= end) continue;
    int column = it->column;
    if (it->verbatim) {
      column += CodePoints(std::string_view(other.text_).substr(it->offset, begin - it->offset));
    }
    Append(std::string_view(other.text_).substr(begin, end - begin), it->line, column,
           it->verbatim);
  }
}

void PositionedText::Truncate(size_t offset) {
  if (offset >= text_.size()) return;
  text_.resize(offset);
  while (!pieces_.empty() && pieces_.back().offset >= offset) pieces_.pop_back();
}

SourceLocation LocationInPieces(std::string_view text, const std::vector<TextPiece>& pieces,
                                size_t offset, const std::string& file) {
  if (pieces.empty()) return SourceLocation{file, 0, 0};
  offset = std::min(offset, text.size());
  auto it = std::upper_bound(pieces.begin(), pieces.end(), offset,
                             [](size_t off, const TextPiece& p) { return off < p.offset; });
  if (it != pieces.begin()) --it;
  int column = it->column;
  if (it->verbatim && offset > it->offset) {
    column += CodePoints(text.substr(it->offset, offset - it->offset));
  }
  return SourceLocation{file, it->line, column};
}

SourceLocation PositionedText::LocationOf(size_t offset, const std::string& file) const {
  return LocationInPieces(text_, pieces_, offset, file);
}

bool SourceLine::IsBlank() const {
  return std::all_of(content.text().begin(), content.text().end(), IsConfigSpace);
}

namespace {

// A source's size within `limits`, then CheckText.
Status CheckSource(std::string_view bytes, const std::string& file, const SourceLimits& limits) {
  if (bytes.size() > limits.max_file_bytes) {
    return Status(StatusCode::kLimitExceeded,
                  "configuration text is larger than " + std::to_string(limits.max_file_bytes) +
                      " bytes (SourceLimits::max_file_bytes)",
                  SourceLocation{file, 1, 1});
  }
  return CheckText(bytes, file);
}

}  // namespace

Result<std::vector<SourceLine>> SplitLogicalLines(std::string_view bytes, const std::string& file,
                                                  const SourceLimits& limits) {
  if (Status checked = CheckSource(bytes, file, limits); !checked.ok()) return checked;

  std::vector<SourceLine> lines;
  size_t pos = 0;
  int line_number = 0;
  while (pos < bytes.size()) {
    SourceLine out;
    bool at_start = true;  // HTCondor's line_ptr == buf: no physical line taken yet
    out.first_line = line_number + 1;
    for (;;) {
      if (pos >= bytes.size()) break;  // EOF inside a continuation: the line so far
      const size_t eol = bytes.find('\n', pos);
      const int physical = line_number + 1;
      if (eol == std::string_view::npos) {
        // fgets hands over the last line without a newline as it is:
        // HTCondor neither trims it nor looks for a continuation in it.
        out.content.Append(bytes.substr(pos), physical, 1);
        out.unterminated = true;
        out.last_line = physical;
        pos = bytes.size();
        break;
      }
      ++line_number;
      std::string_view raw = bytes.substr(pos, eol - pos);
      pos = eol + 1;
      size_t end = raw.size();
      while (end > 0 && IsConfigSpace(raw[end - 1])) --end;
      size_t begin = 0;
      while (begin < end && IsConfigSpace(raw[begin])) ++begin;
      bool in_comment = begin < end && raw[begin] == '#';
      if (in_comment && !at_start) {
        // CONTINUE_MAY_BE_COMMENTED_OUT: HTCondor means to treat the
        // comment as blank but keeps its last character.
        begin = end - 1;
        in_comment = false;
      }
      const int column = 1 + CodePoints(raw.substr(0, begin));
      out.content.Append(raw.substr(begin, end - begin), physical, column);
      out.last_line = physical;
      if (out.content.size() > limits.max_line_bytes) {
        return Status(StatusCode::kLimitExceeded,
                      "logical line is longer than " + std::to_string(limits.max_line_bytes) +
                          " bytes (SourceLimits::max_line_bytes)",
                      SourceLocation{file, physical, column});
      }
      // The whole line so far ending in '\' continues, whichever physical
      // line that '\' came from (HTCondor tests the buffer, not the line).
      if (!out.content.empty() && out.content.text().back() == '\\') {
        out.content.Truncate(out.content.size() - 1);
        if (!in_comment) {  // COMMENT_DOESNT_CONTINUE
          at_start = false;
          continue;
        }
      }
      break;
    }
    lines.push_back(std::move(out));
  }
  return lines;
}

Result<std::vector<SourceLine>> SplitMetaknobBodyLines(std::string_view text,
                                                       const std::string& file,
                                                       const SourceLimits& limits) {
  if (Status checked = CheckSource(text, file, limits); !checked.ok()) return checked;
  std::vector<SourceLine> lines;
  size_t pos = 0;
  int line_number = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view raw = text.substr(pos, eol - pos);
    pos = eol + 1;
    ++line_number;
    size_t end = raw.size();
    while (end > 0 && IsConfigSpace(raw[end - 1])) --end;
    size_t begin = 0;
    while (begin < end && IsConfigSpace(raw[begin])) ++begin;
    if (end - begin > limits.max_line_bytes) {
      return Status(StatusCode::kLimitExceeded,
                    "line is longer than " + std::to_string(limits.max_line_bytes) +
                        " bytes (SourceLimits::max_line_bytes)",
                    SourceLocation{file, line_number, 1});
    }
    SourceLine line;
    line.first_line = line.last_line = line_number;
    line.content.Append(raw.substr(begin, end - begin), line_number,
                        1 + CodePoints(raw.substr(0, begin)));
    lines.push_back(std::move(line));
  }
  return lines;
}

namespace {

// Parses the words between `include` and ':' (HTCondor's
// parse_include_options); false for words it does not accept.
bool ParseIncludeOptions(std::string_view words, Statement* st) {
  std::vector<std::string_view> tokens;
  size_t i = 0;
  while (i < words.size()) {
    while (i < words.size() && (words[i] == ' ' || words[i] == '\t')) ++i;
    const size_t start = i;
    while (i < words.size() && words[i] != ' ' && words[i] != '\t') ++i;
    if (i > start) tokens.push_back(words.substr(start, i - start));
  }
  size_t t = 0;
  if (t < tokens.size() && (tokens[t] == "ifexist" || tokens[t] == "ifexists")) {
    st->include_if_exists = true;
    ++t;
  }
  if (t == tokens.size()) return true;
  if (tokens[t] != "output" && tokens[t] != "command") return false;
  st->include_command = true;
  ++t;
  if (t < tokens.size() && tokens[t] == "into" && t + 1 == tokens.size()) return false;
  return true;
}

bool IsOperator(char c) { return c == '=' || c == ':'; }

// Reads HTCondor's `+=`, `+<sep>=` or `+<sep><sep>=` (sep one of , ; | & *)
// whose '+' is at `plus` in `s`: the offset just past its '=' (and the
// separator and its count in `st`), or nullopt when no '=' follows.
std::optional<size_t> ReadPlusOperator(std::string_view s, size_t plus, Statement* st) {
  static constexpr std::string_view kSeparators = ",;|&*";
  size_t at = plus + 1;
  char separator = 0;
  int count = 0;
  if (at < s.size() && kSeparators.find(s[at]) != std::string_view::npos) {
    separator = s[at++];
    count = 1;
    if (at < s.size() && s[at] == separator) {
      count = 2;
      ++at;
    }
  }
  if (at >= s.size() || s[at] != '=') return std::nullopt;
  st->plus_separator = separator;
  st->plus_count = count;
  return at + 1;
}

}  // namespace

namespace {

// Parse_config_string's reading of one line of a metaknob's body
// (config.cpp), step by step: `use ` (a blank after it) makes a use line
// whose category is the next word; the name ends at a blank, '=' or ':';
// then blanks, operators, `@=` and `+[sep[sep]]=` are taken until another
// character, a second operator (the operator is then none, and the value
// starts there), or an '@' or '+' without its '='; a line whose name runs
// to its end without an operator is an error; `error` and `warning` are
// keywords only before ':'; everything else defines the name (no include,
// no `@` prefix, no .ini header).
Result<Statement> ParseMetaknobBodyStatement(const SourceLine& line, const std::string& file) {
  const std::string& s = line.content.text();
  const size_t n = s.size();
  Statement st;
  size_t ptr = 0;
  const bool is_use = n >= 4 && EqualsNoCase(std::string_view(s).substr(0, 4), "use ");
  if (is_use) {
    ptr = 4;
    while (ptr < n && IsConfigSpace(s[ptr])) ++ptr;
  }
  const size_t name_begin = ptr;
  char op = 0;
  size_t pop = n;
  while (ptr < n) {
    if (IsConfigSpace(s[ptr]) || IsOperator(s[ptr])) {
      pop = ptr;
      op = s[ptr++];
      break;
    }
    ++ptr;
  }
  const size_t name_end = std::min(pop, n);
  while (ptr < n) {
    const char c = s[ptr];
    if (c == '@') {
      if (ptr + 1 >= n || s[ptr + 1] != '=') {
        op = 0;
        break;
      }
      pop = ptr;
      op = '@';
      ++ptr;
    } else if (c == '+') {
      const std::optional<size_t> after = ReadPlusOperator(s, ptr, &st);
      if (!after.has_value()) {
        op = 0;
        break;
      }
      pop = ptr;
      op = '+';
      ptr = *after - 1;  // at the '='
    } else if (IsOperator(c)) {
      if (IsOperator(op)) {
        op = 0;
        break;
      }
      pop = ptr;
      op = c;
    } else if (!IsConfigSpace(c)) {
      break;
    }
    ++ptr;
  }
  if (ptr >= n && !IsOperator(op)) {
    return Status(StatusCode::kParseError,
                  "'" + s + "' has no operator (HTCondor reads a metaknob's line as NAME = "
                  "value)",
                  line.content.LocationOf(0, file));
  }
  while (ptr < n && IsConfigSpace(s[ptr])) ++ptr;
  st.name_begin = name_begin;
  st.name_end = name_end;
  st.value_begin = ptr;
  const std::string_view name(s.data() + name_begin, name_end - name_begin);
  if (op == ':' && (EqualsNoCase(name, "error") || EqualsNoCase(name, "warning"))) {
    st.kind = EqualsNoCase(name, "error") ? Statement::Kind::kError : Statement::Kind::kWarning;
    st.error_code = -1;
    return st;
  }
  if (is_use) {
    st.kind = Statement::Kind::kUse;
    return st;
  }
  if (op == '@') {
    st.kind = Statement::Kind::kHereDocument;
    return st;
  }
  st.kind = Statement::Kind::kAssign;
  st.op = op == '+' ? '+' : '=';
  if (op != '+') {  // a `+=` read before a later operator no longer counts
    st.plus_separator = 0;
    st.plus_count = 0;
  }
  return st;
}

}  // namespace

Result<Statement> ParseStatement(const SourceLine& line, size_t start, const std::string& file,
                                 StatementSyntax syntax) {
  if (syntax == StatementSyntax::kMetaknobBody) return ParseMetaknobBodyStatement(line, file);
  const std::string& s = line.content.text();
  const size_t n = s.size();
  const auto error = [&](size_t offset, const std::string& message) {
    std::string text = message;
    if (line.unterminated) {
      text +=
          " (this is the last line and has no newline: HTCondor reads such a line "
          "without trimming it)";
    }
    return Status(StatusCode::kParseError, text, line.content.LocationOf(offset, file));
  };

  Statement st;
  start = std::min(start, n);
  size_t ptr = start;
  while (ptr < n && !IsConfigSpace(s[ptr]) && !IsOperator(s[ptr])) ++ptr;
  if (ptr == n) {
    if (n > start && s[start] == '[') return st;  // .ini section header: ignored
    return error(
        start, "'" + s.substr(start) + "' is neither a definition nor a statement: no '=' or ':'");
  }
  st.name_begin = start;
  st.name_end = ptr;
  char op = s[ptr];
  size_t pop = ptr;  // where the operator is
  size_t after = ptr + 1;
  if (!IsOperator(op)) {
    // The name ended at white space: the operator comes after it (any
    // words in between are ignored, as HTCondor ignores them).
    size_t q = ptr + 1;
    while (q < n && IsConfigSpace(s[q])) ++q;
    const size_t words = q;
    while (q < n && !IsOperator(s[q]) && s[q] != '@' && s[q] != '+') ++q;
    if (q > words) {
      size_t end = q;
      while (end > words && IsConfigSpace(s[end - 1])) --end;
      st.ignored_begin = words;
      st.ignored_end = end;
    }
    pop = q;
    op = q < n ? s[q] : '\0';
    after = q + 1;
    if (op == '@') {
      if (after < n && s[after] == '=') {
        ++after;
      } else {
        return error(pop, "'@' must be followed by '=' (NAME @=TAG)");
      }
    } else if (op == '+') {
      const std::optional<size_t> end = ReadPlusOperator(s, pop, &st);
      if (!end.has_value()) {
        return error(pop, "'+' must be followed by '=' or by one of , ; | & * and '='");
      }
      after = *end;
    } else if (op == '\0') {
      return error(start,
                   "'" + s.substr(start) + "' has no operator: expected '=', ':', '+=' or '@='");
    }
  }
  size_t value = std::min(after, n);
  while (value < n && IsConfigSpace(s[value])) ++value;
  st.value_begin = value;
  st.op = op;

  const std::string_view name(s.data() + st.name_begin, st.name_end - st.name_begin);
  const size_t has_at = (!name.empty() && name[0] == '@') ? 1 : 0;
  const std::string_view bare = name.substr(has_at);
  if (op == ':') {
    // Words written between the keyword and the ':'.
    const auto words_after = [&](size_t keyword_length) -> std::pair<size_t, size_t> {
      size_t begin = st.name_begin + has_at + keyword_length;
      if (begin >= pop) return {pop, pop};
      size_t end = pop;
      while (begin < end && IsConfigSpace(s[begin])) ++begin;
      while (end > begin && IsConfigSpace(s[end - 1])) --end;
      return {begin, end};
    };
    if (EqualsNoCase(bare, "include")) {
      st.kind = Statement::Kind::kInclude;
      auto [b, e] = words_after(8);
      st.name_begin = b;
      st.name_end = e;
      if (!ParseIncludeOptions(std::string_view(s).substr(b, e - b), &st)) {
        return error(b, "unexpected keyword(s) '" + s.substr(b, e - b) + "' after include");
      }
      return st;
    }
    if (EqualsNoCase(bare, "use")) {
      st.kind = Statement::Kind::kUse;
      auto [b, e] = words_after(4);
      st.name_begin = b;
      st.name_end = e;
      return st;
    }
    if (EqualsNoCase(bare, "error") || EqualsNoCase(bare, "warning")) {
      const bool is_error = EqualsNoCase(bare, "error");
      st.kind = is_error ? Statement::Kind::kError : Statement::Kind::kWarning;
      if (is_error) {
        auto [b, e] = words_after(5);
        const int code = b < e ? std::atoi(s.substr(b, e - b).c_str()) : 0;
        st.error_code = code != 0 ? code : -1;
      }
      return st;
    }
  }
  st.kind = op == '@' ? Statement::Kind::kHereDocument : Statement::Kind::kAssign;
  return st;
}

}  // namespace policy
