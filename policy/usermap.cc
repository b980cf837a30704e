// Reading map files line by line as MapFile.cpp does (ParseField's rules
// for quotes, slashes and backslashes), and the lookups.
#include "policy/usermap.h"

#include <strings.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <unordered_map>

#include "classad/string_list.h"
#include "classad/utf8.h"
#include "policy/text_util.h"
#include "policy/usermap_regex.h"

namespace policy {
namespace {

using classad::Result;
using classad::SourceLocation;
using classad::Status;
using classad::StatusCode;

// Methods compare without regard to case (MapFile's CaseIgnLTYourString):
// they are keyed by LowerAscii.


}  // namespace

// One run of consecutive entries of a submap: a regex, or literals kept in
// a hash (the first of equal literals wins), as MapFile groups them; in a
// prefix map, prefixes in decreasing byte order, so that the first one a
// principal starts with is the longest (MapFile's PREFIX_MAP).
struct MapBlock {
  std::unique_ptr<MapRegex> regex;
  std::string canon;  // for a regex block
  std::unordered_map<std::string, std::string> literals;  // principal -> canon
  std::map<std::string, std::string, std::greater<>> prefixes;  // prefix -> canon (a prefix block)
};

struct UserMap::Data {
  std::unordered_map<std::string, std::vector<MapBlock>> methods;  // by lower-cased method
  size_t entries = 0;
  std::vector<Status> warnings;
};

namespace {

// A field of a map line (MapFile::ParseField).
struct Field {
  std::string text;
  size_t start = 0;  // byte offset of its first byte in the line
  bool regex = false;
  bool caseless = false;
  bool ungreedy = false;
};

// Builds the UserMap::Data from text and files, with positions for errors.
class Reader {
 public:
  Reader(const UserMap::Options& options, UserMap::Data* data)
      : options_(options), data_(data) {}

  Status ReadText(std::string_view text, const std::string& name, int depth);
  Status ReadFile(const std::string& path, int depth, const SourceLocation& from);

 private:
  Status ReadLine(std::string_view line, bool newline, const std::string& name, int line_number,
                  int depth);
  Status Include(const Field& path_field, std::string_view line, const std::string& name,
                 int line_number, int depth);
  Status AddEntry(std::string_view method, Field principal, std::string canon,
                  const SourceLocation& at);

  const UserMap::Options& options_;
  UserMap::Data* data_;
  size_t bytes_ = 0;
  std::vector<std::string> chain_;  // canonical paths of the files being read
};

// The column (1-based, in UTF-8 code points) of byte `offset` of `line`.
int ColumnOf(std::string_view line, size_t offset) {
  int column = 1;
  for (size_t i = 0; i < offset && i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++column;
  }
  return column;
}



Status ErrorAt(StatusCode code, const std::string& message, const std::string& file, int line,
               int column) {
  return Status(code, message, SourceLocation{file, line, column});
}

// MapFile::ParseField from `*offset` of `line` (without its newline;
// `newline`: whether the file had one after it): blanks skipped; a field
// starting with `"` (or with `/` when `allow_regex`) runs to the matching
// closing character, `\` before that character or before `\` escaping it
// (other `\x` pairs are kept as they are); after a regex's closing `/`,
// the flags i and U. Other fields end at a blank. As in HTCondor, a quote
// or regex left open takes the rest of the line, its newline included, and
// text right after a closing quote or slash starts the next field; for
// these the returned message says what happened, for a warning.
std::optional<std::string> ParseField(std::string_view line, bool newline, size_t* offset,
                                      bool allow_regex, Field* field) {
  size_t pos = *offset;
  while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
  field->start = pos;
  field->text.clear();
  char end_char = 0;
  if (pos < line.size() && (line[pos] == '"' || (allow_regex && line[pos] == '/'))) {
    end_char = line[pos];
    field->regex = end_char == '/';
    ++pos;
  }
  if (end_char == 0) {
    while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t') field->text += line[pos++];
    *offset = pos;
    return std::nullopt;
  }
  while (true) {
    if (pos >= line.size()) {
      if (newline) field->text += '\n';
      *offset = pos;
      return end_char == '"' ? "the quoted field has no closing \": HTCondor takes the rest of "
                               "the line, its newline included"
                             : "the regular expression has no closing /: HTCondor takes the rest "
                               "of the line, its newline included";
    }
    char c = line[pos];
    if (c == end_char) {
      ++pos;
      break;
    }
    if (c == '\\' && pos + 1 < line.size()) {
      char next = line[++pos];
      if (next == end_char) {
        field->text += next;
      } else if (next == '\\') {
        field->text += '\\';
      } else {
        field->text += '\\';
        field->text += next;
      }
    } else {
      field->text += c;
    }
    ++pos;
  }
  if (field->regex) {
    while (pos < line.size() && (line[pos] == 'i' || line[pos] == 'U')) {
      if (line[pos] == 'i') field->caseless = true;
      if (line[pos] == 'U') field->ungreedy = true;
      ++pos;
    }
  }
  *offset = pos;
  if (pos < line.size() && line[pos] != ' ' && line[pos] != '\t') {
    return std::string("'") + line[pos] +
           (field->regex ? "' right after the regular expression (its flags are i and U)"
                         : "' right after the closing quote") +
           " starts the next field, as in HTCondor";
  }
  return std::nullopt;
}

// Whether MapFile::PerformSubstitution runs off the end of `canon` (a `\`
// as its last character, after pairing).
bool EndsWithLoneBackslash(std::string_view canon) {
  for (size_t i = 0; i < canon.size(); ++i) {
    if (canon[i] == '\\') {
      if (i + 1 >= canon.size()) return true;
      ++i;
    }
  }
  return false;
}

// MapFile::PerformSubstitution: `\N` becomes group N when there is one;
// any other `\x` stays as it is.
std::string Substitute(std::string_view pattern, const std::vector<std::string>& groups) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '\\' && i + 1 < pattern.size()) {
      char d = pattern[++i];
      if (d >= '0' && d <= '9' && static_cast<size_t>(d - '0') < groups.size()) {
        out += groups[static_cast<size_t>(d - '0')];
        continue;
      }
      out += '\\';
      out += d;
      continue;
    }
    out += pattern[i];
  }
  return out;
}

Status Reader::ReadText(std::string_view text, const std::string& name, int depth) {
  bytes_ += text.size();
  if (bytes_ > options_.max_bytes) {
    return ErrorAt(StatusCode::kLimitExceeded,
                   "map files larger than UserMap::Options::max_bytes (" +
                       std::to_string(options_.max_bytes) + " bytes in all)",
                   name, 0, 0);
  }
  bool warned_crlf = false;
  int line_number = 0;
  size_t start = 0;
  while (start < text.size()) {
    ++line_number;
    size_t newline = text.find('\n', start);
    size_t end = newline == std::string_view::npos ? text.size() : newline;
    std::string_view line = text.substr(start, end - start);
    start = newline == std::string_view::npos ? text.size() : newline + 1;
    size_t nul = line.find('\0');
    if (nul != std::string_view::npos) {
      return ErrorAt(StatusCode::kInvalidArgument, "NUL byte in a map file", name, line_number,
                     ColumnOf(line, nul));
    }
    size_t bad = classad::FindInvalidUtf8(line);
    if (bad != std::string_view::npos) {
      return ErrorAt(StatusCode::kInvalidArgument, "a byte that is not UTF-8 in a map file",
                     name, line_number, ColumnOf(line, bad));
    }
    if (!line.empty() && line.back() == '\r' && !warned_crlf) {
      warned_crlf = true;
      data_->warnings.push_back(ErrorAt(
          StatusCode::kInvalidArgument,
          "CRLF line endings: HTCondor keeps the \\r as the end of the line's last field (a "
          "canonical name \"physics\\r\" maps to no group of that name), and so does this tool",
          name, line_number, ColumnOf(line, line.size() - 1)));
    }
    Status status = ReadLine(line, newline != std::string_view::npos, name, line_number, depth);
    if (!status.ok()) return status;
  }
  return Status::Ok();
}

Status Reader::ReadLine(std::string_view line, bool newline, const std::string& name,
                        int line_number, int depth) {
  size_t offset = 0;
  const auto warn_at = [&](size_t at, const std::string& message) {
    data_->warnings.push_back(
        ErrorAt(StatusCode::kInvalidArgument, message, name, line_number, ColumnOf(line, at)));
  };
  // Reads the next field; a field HTCondor reads oddly is a warning.
  const auto next_field = [&](bool allow_regex, Field* field) {
    std::optional<std::string> odd = ParseField(line, newline, &offset, allow_regex, field);
    if (odd.has_value()) warn_at(offset, *odd);
  };
  Field method;
  next_field(false, &method);
  if (method.text == "@include") {
    Field path;
    next_field(false, &path);
    return Include(path, line, name, line_number, depth);
  }
  if (method.text.empty() || method.text[0] == '#') return Status::Ok();

  Field principal;
  next_field(!options_.prefix, &principal);
  Field canon;
  next_field(false, &canon);
  if (principal.text.empty()) {
    warn_at(principal.start, "the line has a method but no principal: HTCondor skips it");
    return Status::Ok();
  }
  if (canon.text.empty()) {
    warn_at(canon.start, "the line has no canonical name: HTCondor skips it");
    return Status::Ok();
  }
  if (EndsWithLoneBackslash(canon.text)) {
    return ErrorAt(StatusCode::kInvalidArgument,
                   "the canonical name ends with a lone backslash (HTCondor reads past its end)",
                   name, line_number, ColumnOf(line, canon.start));
  }
  while (offset < line.size() && (line[offset] == ' ' || line[offset] == '\t')) ++offset;
  if (offset < line.size()) {
    warn_at(offset, "text after the canonical name is ignored (as HTCondor ignores it)");
  }
  SourceLocation at{name, line_number, ColumnOf(line, principal.start)};
  return AddEntry(method.text, std::move(principal), std::move(canon.text), at);
}

Status Reader::AddEntry(std::string_view method, Field principal, std::string canon,
                        const SourceLocation& at) {
  if (data_->entries >= options_.max_entries) {
    return Status(StatusCode::kLimitExceeded,
                  "more map entries than UserMap::Options::max_entries (" +
                      std::to_string(options_.max_entries) + ")",
                  at);
  }
  std::vector<MapBlock>& blocks = data_->methods[LowerAscii(method)];
  if (principal.regex) {
    Result<std::unique_ptr<MapRegex>> regex =
        MapRegex::Compile(principal.text, principal.caseless, principal.ungreedy);
    if (!regex.ok()) {
      return Status(StatusCode::kInvalidArgument,
                    "the regular expression /" + principal.text.substr(0, 80) +
                        (principal.text.size() > 80 ? "..." : "") + "/: " +
                        regex.status().message(),
                    at);
    }
    MapBlock block;
    block.regex = std::move(*regex);
    block.canon = std::move(canon);
    blocks.push_back(std::move(block));
  } else if (options_.prefix) {
    if (blocks.empty() || blocks.back().prefixes.empty()) blocks.emplace_back();
    blocks.back().prefixes.insert_or_assign(std::move(principal.text), std::move(canon));
  } else {
    if (blocks.empty() || blocks.back().regex != nullptr) blocks.emplace_back();
    blocks.back().literals.emplace(std::move(principal.text), std::move(canon));
  }
  ++data_->entries;
  return Status::Ok();
}

Status Reader::Include(const Field& path_field, std::string_view line, const std::string& name,
                       int line_number, int depth) {
  const SourceLocation at{name, line_number, ColumnOf(line, path_field.start)};
  // What HTCondor logs before it goes on with the next line.
  const auto skipped = [&](const std::string& message) {
    data_->warnings.push_back(Status(StatusCode::kInvalidArgument, message, at));
    return Status::Ok();
  };
  if (path_field.text.empty()) return skipped("@include needs a file or folder: HTCondor skips it");
  if (depth >= options_.max_include_depth) {
    return skipped(depth == 0 ? "@include is not allowed here (UserMap::Options::"
                                "max_include_depth is 0): skipped"
                              : "@include in an included map file: HTCondor skips it "
                                "(UserMap::Options::max_include_depth is " +
                                    std::to_string(options_.max_include_depth) + ")");
  }
  // MapFile: a path that is not absolute is relative to the including
  // file's folder, when its name has one.
  std::string path = path_field.text;
  const bool absolute = path[0] == '/' || path[0] == '\\' ||
                        (path.size() >= 3 && path[1] == ':' && (path[2] == '\\' || path[2] == '/'));
  size_t slash = name.rfind('/');
  if (!absolute && slash != std::string::npos) {
    size_t dir_end = slash;
    while (dir_end > 0 && name[dir_end - 1] == '/') --dir_end;
    size_t skip = path.find_first_not_of('/');
    path = name.substr(0, dir_end) + "/" + path.substr(skip == std::string::npos ? 0 : skip);
  }
  // A file that cannot be read is logged and skipped by HTCondor.
  const auto read_included = [&](const std::string& file) {
    Status status = ReadFile(file, depth + 1, at);
    if (status.code() == StatusCode::kIoError) {
      return skipped(status.message() + ": HTCondor skips it");
    }
    return status;
  };
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return read_included(path);

  RE2::Options re_options;
  re_options.set_log_errors(false);
  RE2 exclude(options_.include_dir_exclude_regexp, re_options);
  if (!exclude.ok()) {
    return Status(StatusCode::kInvalidArgument,
                  "UserMap::Options::include_dir_exclude_regexp does not compile: " +
                      exclude.error(),
                  at);
  }
  std::vector<std::string> files;
  std::filesystem::directory_iterator it(path, ec);
  if (ec) {
    return skipped("cannot list the folder " + path + ": " + ec.message() + ": HTCondor skips it");
  }
  for (const std::filesystem::directory_entry& entry : it) {
    std::error_code entry_ec;
    if (entry.is_directory(entry_ec)) continue;
    const std::string file_name = entry.path().filename().string();
    if (RE2::PartialMatch(file_name, exclude)) continue;
    files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  for (const std::string& file : files) {
    Status status = read_included(file);
    if (!status.ok()) return status;
  }
  return Status::Ok();
}

Status Reader::ReadFile(const std::string& path, int depth, const SourceLocation& from) {
  struct stat info{};
  if (::stat(path.c_str(), &info) != 0) {
    return Status(StatusCode::kIoError, "cannot read the map file " + path + ": " +
                                            std::strerror(errno), from);
  }
  if (!S_ISREG(info.st_mode)) {
    return Status(StatusCode::kIoError,
                  "the map file " + path + " is not a regular file", from);
  }
  if (static_cast<size_t>(info.st_size) > options_.max_bytes - std::min(bytes_, options_.max_bytes)) {
    return Status(StatusCode::kLimitExceeded,
                  "the map file " + path + " makes map files larger than "
                  "UserMap::Options::max_bytes (" + std::to_string(options_.max_bytes) +
                      " bytes in all)",
                  from);
  }
  std::error_code ec;
  std::string canonical = std::filesystem::weakly_canonical(path, ec).string();
  if (ec) canonical = path;
  if (std::find(chain_.begin(), chain_.end(), canonical) != chain_.end()) {
    std::string cycle;
    for (const std::string& p : chain_) cycle += p + " -> ";
    return Status(StatusCode::kInvalidArgument, "@include cycle: " + cycle + canonical, from);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status(StatusCode::kIoError, "cannot open the map file " + path, from);
  }
  std::string text;
  text.resize(static_cast<size_t>(info.st_size));
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (in.bad()) {
    return Status(StatusCode::kIoError, "cannot read the map file " + path, from);
  }
  chain_.push_back(canonical);
  Status status = ReadText(text, path, depth);
  chain_.pop_back();
  return status;
}

}  // namespace

classad::Result<UserMap> UserMap::Parse(std::string_view text, std::string_view source_name,
                                        const Options& options) {
  auto data = std::make_shared<Data>();
  Reader reader(options, data.get());
  Status status = reader.ReadText(text, std::string(source_name), 0);
  if (!status.ok()) return status;
  return UserMap(std::move(data));
}

classad::Result<UserMap> UserMap::Load(const std::string& path, const Options& options) {
  auto data = std::make_shared<Data>();
  Reader reader(options, data.get());
  Status status = reader.ReadFile(path, 0, SourceLocation{path, 0, 0});
  if (!status.ok()) return status;
  return UserMap(std::move(data));
}

classad::Result<std::optional<std::string>> UserMap::TryMap(std::string_view method,
                                                            std::string_view principal) const {
  auto found = data_->methods.find(LowerAscii(method));
  if (found == data_->methods.end()) return std::optional<std::string>();
  std::vector<std::string> groups;
  const std::string key(principal);
  for (const MapBlock& block : found->second) {
    if (!block.prefixes.empty()) {
      for (const auto& [prefix, canon] : block.prefixes) {
        if (principal.starts_with(prefix)) {
          groups.assign(1, prefix);
          return std::optional<std::string>(Substitute(canon, groups));
        }
      }
      continue;
    }
    if (block.regex == nullptr) {
      auto literal = block.literals.find(key);
      if (literal != block.literals.end()) {
        groups.assign(1, literal->first);
        return std::optional<std::string>(Substitute(literal->second, groups));
      }
      continue;
    }
    if (!block.regex->Exact(principal)) {
      return Status(StatusCode::kInvalidArgument,
                    "the principal holds a newline and a regular expression of the map uses $ "
                    "or inline flags: PCRE2 and RE2 differ there; not supported by this tool");
    }
    if (block.regex->Match(principal, &groups)) {
      return std::optional<std::string>(Substitute(block.canon, groups));
    }
  }
  return std::optional<std::string>();
}

std::optional<std::string> UserMap::Map(std::string_view method,
                                        std::string_view principal) const {
  Result<std::optional<std::string>> result = TryMap(method, principal);
  if (!result.ok()) return std::nullopt;
  return std::move(*result);
}

std::optional<std::string> UserMap::MapGroup(std::string_view user,
                                             std::string_view requested_group) const {
  return MapGroup("*", user, requested_group);
}

std::optional<std::string> UserMap::MapGroup(std::string_view method, std::string_view user,
                                             std::string_view requested_group) const {
  std::optional<std::string> canon = Map(method, user);
  if (!canon.has_value()) return std::nullopt;
  const std::optional<std::string_view> chosen =
      classad::ChooseUserMapItem(*canon, requested_group);
  if (!chosen.has_value()) return std::nullopt;
  return std::string(*chosen);
}

size_t UserMap::size() const { return data_->entries; }

const std::vector<classad::Status>& UserMap::warnings() const { return data_->warnings; }

}  // namespace policy
