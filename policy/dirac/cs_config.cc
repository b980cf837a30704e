// The DIRAC CFG reader (cs_config.h).
#include "policy/dirac/cs_config.h"

#include <fstream>
#include <sstream>
#include <utility>

#include "classad/utf8.h"
#include "policy/text_util.h"

namespace policy::dirac {
namespace {

using classad::Result;
using classad::SourceLocation;
using classad::Status;
using classad::StatusCode;

// Number of code points in `text` (bytes that are not UTF-8 continuation bytes).
int CodePoints(std::string_view text) {
  int n = 0;
  for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0) == 0x80 ? 0 : 1;
  return n;
}

// "line:column" of a location, for messages that point elsewhere.
std::string LineColumn(const SourceLocation& where) {
  return std::to_string(where.line) + ":" + std::to_string(where.column);
}

// The text of a name or value quoted for a message, cut at 60 bytes.
std::string Quoted(std::string_view text) {
  constexpr size_t kShown = 60;
  if (text.size() <= kShown) return "'" + std::string(text) + "'";
  size_t cut = kShown;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return "'" + std::string(text.substr(0, cut)) + "...'";
}

// The reader's state over one text.
class Reader {
 public:
  Reader(std::string_view text, std::string file, const CsLimits& limits)
      : text_(text), file_(std::move(file)), limits_(limits) {}

  Result<CsConfig> Read() {
    if (Status s = CheckBytes(); !s.ok()) return s;
    open_.push_back(&config_.root);
    size_t line_start = 0;
    int line_number = 0;
    while (line_start <= text_.size()) {
      size_t end = text_.find('\n', line_start);
      if (end == std::string_view::npos) end = text_.size();
      ++line_number;
      const std::string_view raw = text_.substr(line_start, end - line_start);
      if (raw.size() > limits_.max_line_bytes) {
        return Status(StatusCode::kLimitExceeded,
                      "line longer than " + std::to_string(limits_.max_line_bytes) + " bytes",
                      SourceLocation{file_, line_number, 1});
      }
      if (Status s = ReadLine(raw, line_number); !s.ok()) return s;
      if (end == text_.size()) break;
      line_start = end + 1;
    }
    if (Status s = DropNoPending(); !s.ok()) return s;
    if (open_.size() > 1) return Unclosed();
    return std::move(config_);
  }

 private:
  // NUL bytes and bytes that are not UTF-8 are errors; so is a text over
  // the size limit.
  Status CheckBytes() const {
    if (text_.size() > limits_.max_text_bytes) {
      return Status(StatusCode::kLimitExceeded,
                    "configuration text larger than " + std::to_string(limits_.max_text_bytes) +
                        " bytes",
                    SourceLocation{file_, 1, 1});
    }
    for (size_t i = 0; i < text_.size();) {
      if (text_[i] == '\0') {
        return Status(StatusCode::kParseError, "NUL byte in configuration text (a binary file?)",
                      LocationOfOffset(i));
      }
      const size_t length = classad::Utf8SequenceLength(text_.substr(i));
      if (length == 0) {
        return Status(StatusCode::kParseError, "byte that is not UTF-8 in configuration text",
                      LocationOfOffset(i));
      }
      i += length;
    }
    return Status::Ok();
  }

  // The location of byte `offset` of the whole text (for the byte checks).
  SourceLocation LocationOfOffset(size_t offset) const {
    int line = 1;
    size_t begin = 0;
    for (size_t i = 0; i < offset; ++i) {
      if (text_[i] == '\n') {
        ++line;
        begin = i + 1;
      }
    }
    return SourceLocation{file_, line, 1 + CodePoints(text_.substr(begin, offset - begin))};
  }

  // The location of byte `offset` of the current physical line.
  SourceLocation At(size_t offset) const {
    return SourceLocation{file_, line_number_, 1 + CodePoints(raw_.substr(0, offset))};
  }

  // One physical line.
  Status ReadLine(std::string_view raw, int line_number) {
    raw_ = raw;
    line_number_ = line_number;
    size_t begin = 0;
    size_t end = raw.size();
    while (begin < end && IsAsciiSpace(raw[begin])) ++begin;
    while (end > begin && IsAsciiSpace(raw[end - 1])) --end;
    if (begin == end || raw[begin] == '#') return Status::Ok();  // blank or comment line
    bool structure_on_line = false;  // a '{' or '}' was met on this line
    for (size_t i = begin; i < end; ++i) {
      const char c = raw[i];
      if (c == '{') {
        if (Status s = OpenSection(i); !s.ok()) return s;
        structure_on_line = true;
      } else if (c == '}') {
        if (Status s = CloseSection(i); !s.ok()) return s;
        structure_on_line = true;
      } else if (c == '=' || (c == '+' && i + 1 < end && raw[i + 1] == '=')) {
        return ReadOption(begin, i, end, c == '+', structure_on_line);
      } else {
        if (Status s = AddPending(c, i); !s.ok()) return s;
      }
    }
    return Status::Ok();
  }

  // Text that is not yet known to be a section's name.
  Status AddPending(char c, size_t offset) {
    if (IsAsciiSpace(c)) {
      if (!pending_.empty()) pending_ += c;
      return Status::Ok();
    }
    if (!pending_.empty() && pending_where_.line != line_number_) {
      // DIRAC glues the lines together ("Sec" + "tion"), or drops the
      // first when the second is an option: either way a mistake.
      return NotAnEntry();
    }
    if (pending_.empty()) pending_where_ = At(offset);
    pending_ += c;
    if (pending_.size() > limits_.max_name_bytes) {
      return Status(StatusCode::kLimitExceeded,
                    "name longer than " + std::to_string(limits_.max_name_bytes) + " bytes",
                    pending_where_);
    }
    return Status::Ok();
  }

  // The error for pending text that is neither an option nor a section.
  Status NotAnEntry() const {
    return Status(StatusCode::kParseError,
                  "text " + Quoted(TrimSpace(pending_)) +
                      " is neither an option (no '=') nor a section (no '{'); DIRAC ignores it "
                      "(a comment must start its line with '#')",
                  pending_where_);
  }

  // Fails when text is pending (before an option, a '}' or the end).
  Status DropNoPending() const {
    if (!TrimSpace(pending_).empty()) return NotAnEntry();
    return Status::Ok();
  }

  // Counts one section or option line (replacements and "+=" included:
  // each keeps a position).
  Status CountEntry(const SourceLocation& where) {
    if (++entries_ > limits_.max_entries) {
      return Status(StatusCode::kLimitExceeded,
                    "more than " + std::to_string(limits_.max_entries) + " sections and options",
                    where);
    }
    return Status::Ok();
  }

  Status CheckName(std::string_view name, const SourceLocation& where, const char* what) const {
    if (name.empty()) {
      return Status(StatusCode::kParseError, std::string(what) + " without a name", where);
    }
    if (name.find('/') != std::string_view::npos) {
      return Status(StatusCode::kParseError,
                    std::string(what) + " name " + Quoted(name) +
                        " holds '/', which DIRAC reads as a path to another section",
                    where);
    }
    if (name.size() > limits_.max_name_bytes) {
      return Status(StatusCode::kLimitExceeded,
                    "name longer than " + std::to_string(limits_.max_name_bytes) + " bytes",
                    where);
    }
    return Status::Ok();
  }

  // '{' at byte `offset`: opens a section named by the pending text.
  Status OpenSection(size_t offset) {
    const std::string name(TrimSpace(pending_));
    const SourceLocation where = name.empty() ? At(offset) : pending_where_;
    pending_.clear();
    if (Status s = CheckName(name, where, "section"); !s.ok()) return s;
    CsSection& parent = *open_.back();
    if (const CsSection* twin = parent.FindSection(name)) {
      return Status(StatusCode::kParseError,
                    "section " + Quoted(name) + " is defined twice in one text (first at " +
                        LineColumn(twin->where()) + "); DIRAC refuses the file",
                    where);
    }
    if (const CsOption* option = parent.FindOption(name)) {
      return Status(StatusCode::kParseError,
                    "section " + Quoted(name) + " has the name of the option set at " +
                        LineColumn(option->where) + "; DIRAC refuses the file",
                    where);
    }
    if (static_cast<int>(open_.size()) > limits_.max_depth) {
      return Status(StatusCode::kLimitExceeded,
                    "sections nested deeper than " + std::to_string(limits_.max_depth), where);
    }
    if (Status s = CountEntry(where); !s.ok()) return s;
    open_.push_back(&parent.AddSection(name, where));
    return Status::Ok();
  }

  // '}' at byte `offset`.
  Status CloseSection(size_t offset) {
    if (Status s = DropNoPending(); !s.ok()) return s;
    pending_.clear();
    if (open_.size() == 1) {
      return Status(StatusCode::kParseError, "'}' closes no section (more '}' than '{')",
                    At(offset));
    }
    open_.pop_back();
    return Status::Ok();
  }

  // An option line: the name is [begin, op), the value after the operator
  // ("=" at `op`, or "+=" at `op` when `append`) up to `end`.
  Status ReadOption(size_t begin, size_t op, size_t end, bool append, bool structure_on_line) {
    const SourceLocation op_where = At(op);
    if (structure_on_line) {
      return Status(StatusCode::kParseError,
                    "an option must start its line: after a '{' or '}' on the same line DIRAC "
                    "takes the whole text before '=' as the option's name",
                    op_where);
    }
    if (!pending_.empty() && pending_where_.line != line_number_) {
      if (Status s = DropNoPending(); !s.ok()) return s;
    }
    pending_.clear();
    const std::string_view name = TrimSpace(raw_.substr(begin, op - begin));
    const SourceLocation name_where = name.empty() ? op_where : At(begin);
    if (Status s = CheckName(name, name_where, "option"); !s.ok()) return s;
    size_t value_begin = op + (append ? 2 : 1);
    while (value_begin < end && IsAsciiSpace(raw_[value_begin])) ++value_begin;
    const std::string_view value = raw_.substr(value_begin, end - value_begin);
    const SourceLocation value_where = At(value_begin);
    CsSection& section = *open_.back();
    if (const CsSection* twin = section.FindSection(name)) {
      return Status(StatusCode::kParseError,
                    "option " + Quoted(name) + " has the name of the section opened at " +
                        LineColumn(twin->where()) + " (DIRAC would drop the section)",
                    name_where);
    }
    if (Status s = CountEntry(name_where); !s.ok()) return s;
    if (append) {
      CsOption* option = section.FindOption(name);
      if (option == nullptr) {
        return Status(StatusCode::kParseError,
                      "'+=' on option " + Quoted(name) +
                          ", which is not set before in this section; DIRAC refuses the file",
                      op_where);
      }
      if (option->value.size() + 2 + value.size() > limits_.max_value_bytes) {
        return ValueTooLong(value_where);
      }
      option->value += ", ";
      option->value += value;
      option->appended.push_back(name_where);
      return Status::Ok();
    }
    if (value.size() > limits_.max_value_bytes) return ValueTooLong(value_where);
    CsOption option;
    option.name = std::string(name);
    option.value = std::string(value);
    option.where = name_where;
    option.value_where = value_where;
    section.SetOption(std::move(option));
    return Status::Ok();
  }

  Status ValueTooLong(const SourceLocation& where) const {
    return Status(StatusCode::kLimitExceeded,
                  "value longer than " + std::to_string(limits_.max_value_bytes) + " bytes",
                  where);
  }

  // The error for a section still open at the end of the text, with a
  // hint when one of its options holds a '}' (a one-line section, which
  // DIRAC reads as `Option = value }`).
  Status Unclosed() const {
    const CsSection& innermost = *open_.back();
    std::string message = "section " + Quoted(innermost.name()) +
                          " is never closed (more '{' than '}'); DIRAC refuses the file";
    for (const CsOption& option : innermost.options()) {
      if (option.value.find('}') != std::string::npos) {
        message += "; the '}' in the value of " + Quoted(option.name) + " at " +
                   LineColumn(option.value_where) +
                   " is part of the value: DIRAC reads everything after '=' to the end of the "
                   "line, so a '}' must be on a line of its own";
        break;
      }
    }
    return Status(StatusCode::kParseError, std::move(message), innermost.where());
  }

  std::string_view text_;
  std::string file_;
  const CsLimits& limits_;
  CsConfig config_;
  std::vector<CsSection*> open_;  // the root, then each open section
  std::string_view raw_;          // the current physical line
  int line_number_ = 0;
  std::string pending_;  // text since the last entry, not yet a name
  SourceLocation pending_where_;
  size_t entries_ = 0;
};

}  // namespace

const CsOption* CsSection::FindOption(std::string_view name) const {
  auto it = option_index_.find(name);
  return it == option_index_.end() ? nullptr : &options_[it->second];
}

const CsSection* CsSection::FindSection(std::string_view name) const {
  auto it = section_index_.find(name);
  return it == section_index_.end() ? nullptr : &sections_[it->second];
}

CsOption* CsSection::FindOption(std::string_view name) {
  auto it = option_index_.find(name);
  return it == option_index_.end() ? nullptr : &options_[it->second];
}

CsSection* CsSection::FindSection(std::string_view name) {
  auto it = section_index_.find(name);
  return it == section_index_.end() ? nullptr : &sections_[it->second];
}

CsOption& CsSection::SetOption(CsOption option) {
  if (CsOption* existing = FindOption(option.name)) {
    option.replaced = std::move(existing->replaced);
    option.replaced.push_back(existing->where);
    *existing = std::move(option);
    return *existing;
  }
  option_index_.emplace(option.name, options_.size());
  options_.push_back(std::move(option));
  return options_.back();
}

CsSection& CsSection::AddSection(std::string name, classad::SourceLocation where) {
  section_index_.emplace(name, sections_.size());
  sections_.emplace_back(std::move(name), std::move(where));
  return sections_.back();
}

Result<CsSection> MergeCsSections(const CsSection& base, const CsSection& overlay) {
  CsSection merged(base.name(), base.where());
  for (const CsOption& option : base.options()) merged.SetOption(option);
  for (const CsOption& option : overlay.options()) {
    if (base.FindSection(option.name) != nullptr) {
      return Status(StatusCode::kInvalidArgument,
                    "option " + Quoted(option.name) + " is a section in another file",
                    option.where);
    }
    merged.SetOption(option);
  }
  for (const CsSection& section : base.sections()) {
    const CsSection* twin = overlay.FindSection(section.name());
    if (twin == nullptr) {
      merged.AddSection(section.name(), section.where()) = section;
      continue;
    }
    Result<CsSection> inner = MergeCsSections(section, *twin);
    if (!inner.ok()) return inner.status();
    merged.AddSection(section.name(), section.where()) = std::move(inner).value();
  }
  for (const CsSection& section : overlay.sections()) {
    if (base.FindSection(section.name()) != nullptr) continue;
    if (base.FindOption(section.name()) != nullptr) {
      return Status(StatusCode::kInvalidArgument,
                    "section " + Quoted(section.name()) + " is an option in another file",
                    section.where());
    }
    merged.AddSection(section.name(), section.where()) = section;
  }
  return merged;
}

Result<CsConfig> ReadCsText(std::string_view text, std::string_view file,
                            const CsLimits& limits) {
  return Reader(text, std::string(file), limits).Read();
}

Result<CsConfig> ReadCsFiles(
    const std::vector<std::string>& paths, const CsLimits& limits,
    const std::function<Result<std::string>(const std::string& path)>& read_file) {
  CsConfig merged;
  for (const std::string& path : paths) {
    Result<std::string> bytes = [&]() -> Result<std::string> {
      if (read_file) return read_file(path);
      std::ifstream in(path, std::ios::binary);
      if (!in) return Status(StatusCode::kIoError, "cannot open " + path, SourceLocation{path});
      std::ostringstream out;
      out << in.rdbuf();
      if (in.bad()) return Status(StatusCode::kIoError, "cannot read " + path, SourceLocation{path});
      return std::move(out).str();
    }();
    if (!bytes.ok()) return bytes.status();
    Result<CsConfig> one = ReadCsText(*bytes, path, limits);
    if (!one.ok()) return one.status();
    Result<CsSection> root = MergeCsSections(merged.root, one->root);
    if (!root.ok()) return root.status();
    merged.root = std::move(root).value();
  }
  return merged;
}

}  // namespace policy::dirac
