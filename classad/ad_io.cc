// The format-independent parts of ad reading and writing: the input cursor,
// format detection, AdReader, AppendAd and AdWriter.
#include "classad/ad_io.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <system_error>
#include <utility>

#include "classad/formats/ad_io_internal.h"
#include "classad/tree_builder.h"
#include "classad/unparse.h"

namespace classad {
namespace ad_io_internal {

namespace {
constexpr size_t kReadBlockBytes = size_t{64} << 10;
}  // namespace

TextCursor::TextCursor(std::istream* in, std::string name) : in_(in), name_(std::move(name)) {}

TextCursor::TextCursor(std::string_view text, std::string name)
    : view_(text), at_end_(true), name_(std::move(name)) {}

int TextCursor::PeekSlow(size_t ahead) {
  if (!Fill(ahead + 1)) return -1;
  return static_cast<unsigned char>(view_[pos_ + ahead]);
}

bool TextCursor::Fill(size_t need) {
  if (pos_ + need <= view_.size()) return true;
  if (at_end_ || in_ == nullptr) return false;
  // Drop what has been consumed, then read blocks until enough is there.
  if (pos_ > 0) {
    buffer_.erase(0, pos_);
    dropped_ += pos_;
    pos_ = 0;
  }
  while (buffer_.size() < need && !at_end_) {
    size_t old_size = buffer_.size();
    buffer_.resize(old_size + kReadBlockBytes);
    in_->read(buffer_.data() + old_size, static_cast<std::streamsize>(kReadBlockBytes));
    std::streamsize got = in_->gcount();
    buffer_.resize(old_size + static_cast<size_t>(got > 0 ? got : 0));
    if (!*in_) {
      at_end_ = true;
      if (in_->bad()) read_failed_ = true;
    }
  }
  view_ = buffer_;
  return need <= view_.size();
}

std::string_view TextCursor::Lookahead(size_t max_bytes) {
  Fill(max_bytes);
  size_t available = view_.size() - pos_;
  return view_.substr(pos_, std::min(available, max_bytes));
}

void TextCursor::SkipByteOrderMark() {
  if (Peek(0) == 0xEF && Peek(1) == 0xBB && Peek(2) == 0xBF) pos_ += 3;
}

bool TextCursor::ReadLine(std::string* line, size_t max_bytes, bool* too_long) {
  line->clear();
  *too_long = false;
  bool read_any = false;
  for (;;) {
    if (pos_ >= view_.size() && !Fill(1)) return read_any;
    read_any = true;
    const char* start = view_.data() + pos_;
    size_t available = view_.size() - pos_;
    const void* newline = std::memchr(start, '\n', available);
    size_t length = newline ? static_cast<size_t>(static_cast<const char*>(newline) - start)
                            : available;
    if (!*too_long) {
      if (line->size() + length > max_bytes) {
        *too_long = true;
      } else {
        line->append(start, length);
      }
    }
    if (newline) {
      pos_ += length + 1;
      ++line_;
      column_ = 1;
      return true;
    }
    for (size_t i = 0; i < length; ++i) {
      if ((static_cast<unsigned char>(start[i]) & 0xC0) != 0x80) ++column_;
    }
    pos_ += length;
  }
}


SourceLocation LocationInText(std::string_view text, size_t offset, const SourceLocation& origin) {
  SourceLocation where = origin;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++where.line;
      where.column = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++where.column;
    }
  }
  return where;
}

std::string DescribeByte(int c) {
  switch (c) {
    case -1: return "the end of the input";
    case '\n': return "a line break";
    case '\r': return "a carriage return";
    case '\t': return "a tab";
    case ' ': return "a space";
    case 0: return "a NUL byte";
    default: break;
  }
  if (c < 0x20 || c >= 0x7F) {
    static const char kHex[] = "0123456789ABCDEF";
    std::string out = "byte 0x";
    out += kHex[(c >> 4) & 0xF];
    out += kHex[c & 0xF];
    return out;
  }
  return std::string("'") + static_cast<char>(c) + "'";
}

void AppendNewSyntaxEscaped(std::string_view text, char quote, std::string* out) {
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (ch == '\\' || ch == quote) {
      out->push_back('\\');
      out->push_back(ch);
    } else if (c < 0x20 || c >= 0x7F) {
      out->push_back('\\');
      out->push_back(static_cast<char>('0' + ((c >> 6) & 7)));
      out->push_back(static_cast<char>('0' + ((c >> 3) & 7)));
      out->push_back(static_cast<char>('0' + (c & 7)));
    } else {
      out->push_back(ch);
    }
  }
}

namespace {

bool IsDigitChar(char c) { return c >= '0' && c <= '9'; }

// Length of the digits starting at `i`.
size_t DigitRun(std::string_view text, size_t i) {
  size_t start = i;
  while (i < text.size() && IsDigitChar(text[i])) ++i;
  return i - start;
}

// The value of a plain literal without a sign (see ParseSimpleLiteral), or
// nullopt.
std::optional<Value> ParseSimpleScalar(std::string_view text, const Limits& limits) {
  if (text.empty()) return std::nullopt;
  const char first = text[0];
  if (IsDigitChar(first)) {
    const char* begin = text.data();
    const char* end = text.data() + text.size();
    size_t digits = DigitRun(text, 0);
    if (digits == text.size()) {
      // No leading zeros (the compat lexer rejects them) and no overflow.
      if ((first == '0' && digits > 1) || digits > 18) return std::nullopt;
      int64_t value = 0;
      if (std::from_chars(begin, end, value).ptr != end) return std::nullopt;
      return Value::Integer(value);
    }
    if (first == '0' && digits > 1) return std::nullopt;
    size_t i = digits;
    if (text[i] != '.') return std::nullopt;
    size_t fraction = DigitRun(text, i + 1);
    if (fraction == 0) return std::nullopt;
    i += 1 + fraction;
    if (i < text.size()) {
      if (text[i] != 'e' && text[i] != 'E') return std::nullopt;
      ++i;
      if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
      size_t exponent = DigitRun(text, i);
      if (exponent == 0 || i + exponent != text.size()) return std::nullopt;
    }
    double value = 0;
    auto result = std::from_chars(begin, end, value);
    if (result.ec != std::errc() || result.ptr != end) return std::nullopt;
    return Value::Real(value);
  }
  if (first == '"') {
    if (text.size() < 2 || text.back() != '"' || text.size() - 2 > limits.max_string_bytes) {
      return std::nullopt;
    }
    std::string_view body = text.substr(1, text.size() - 2);
    for (char c : body) {
      if (c == '"' || c == '\\' || c < 0x20 || c > 0x7E) return std::nullopt;
    }
    return Value::String(std::string(body));
  }
  if (AttributeNamesEqual(text, "true")) return Value::Boolean(true);
  if (AttributeNamesEqual(text, "false")) return Value::Boolean(false);
  return std::nullopt;
}

// `-` directly followed by a plain number, folded into the literal exactly
// as the parser folds it.
std::optional<Value> ParseNegativeNumber(std::string_view text, const Limits& limits) {
  std::optional<Value> magnitude = ParseSimpleScalar(text.substr(1), limits);
  if (!magnitude || !magnitude->IsNumber()) return std::nullopt;
  return magnitude->IsInteger() ? Value::Integer(-magnitude->integer())
                                : Value::Real(-magnitude->real());
}

// The value of a plain literal, possibly negative, or nullopt.
std::optional<Value> ParseSimpleItem(std::string_view text, const Limits& limits) {
  if (!text.empty() && text[0] == '-') return ParseNegativeNumber(text, limits);
  return ParseSimpleScalar(text, limits);
}

bool IsListBlank(char c) { return c == ' ' || c == '\t'; }

// Calls `item(text, slot, repeat)` for each item text of the body of a
// list (the text between its braces), left to right. Lists in ads repeat
// their items ({1, 1, 2}, {"Busy", "Busy"}): the last kRecentItems
// distinct item texts each have a slot, and `repeat` says the text is the
// one of `slot` (so the caller may share what it made of it); otherwise
// the text takes `slot`. False when an item is not a plain literal's text
// or `item` returns false.
constexpr size_t kRecentItems = 8;
template <typename ItemFn>
bool ForEachListItem(std::string_view body, ItemFn item) {
  std::string_view recent[kRecentItems];
  size_t recorded = 0;
  size_t i = 0;
  auto skip_blanks = [&] {
    while (i < body.size() && IsListBlank(body[i])) ++i;
  };
  skip_blanks();
  if (i == body.size()) return true;
  for (;;) {
    skip_blanks();
    const size_t start = i;
    if (i < body.size() && body[i] == '"') {
      const size_t close = body.find('"', i + 1);
      if (close == std::string_view::npos) return false;
      i = close + 1;
    } else {
      while (i < body.size() && body[i] != ',' && !IsListBlank(body[i])) ++i;
    }
    const std::string_view text = body.substr(start, i - start);
    const size_t filled = std::min(recorded, kRecentItems);
    size_t slot = 0;
    while (slot < filled && recent[slot] != text) ++slot;  // texts in `recent` are distinct
    const bool repeat = slot < filled;
    if (!repeat) {
      slot = recorded++ % kRecentItems;
      recent[slot] = text;
    }
    if (!item(text, slot, repeat)) return false;
    skip_blanks();
    if (i == body.size()) return true;
    if (body[i] != ',') return false;
    ++i;
  }
}

// `{ a, b, ... }` whose items are plain literals. The items are one tree
// each, all in one block (tree_builder.h), sized by a first pass.
ExprPtr ParseSimpleList(std::string_view text, const Limits& limits) {
  if (text.size() < 2 || text.front() != '{' || text.back() != '}') return nullptr;
  const std::string_view body = text.substr(1, text.size() - 2);
  size_t items_count = 0, distinct = 0;
  const bool plain = ForEachListItem(body, [&](std::string_view, size_t, bool repeat) {
    ++items_count;
    if (!repeat) ++distinct;
    return items_count <= limits.max_list_items;
  });
  if (!plain) return nullptr;
  std::vector<ExprPtr> items;
  if (items_count > 0) {
    items.reserve(items_count);
    TreeBuilder builder(distinct * TreeBuilder::NodeBytes(ExprKind::kLiteral));
    const Expr* recent[kRecentItems];  // the node of each slot's text
    const bool built = ForEachListItem(body, [&](std::string_view item_text, size_t slot,
                                                 bool repeat) {
      if (!repeat) {
        std::optional<Value> value = ParseSimpleItem(item_text, limits);
        if (!value) return false;
        recent[slot] = builder.Literal(std::move(*value));
      }
      items.push_back(builder.Share(recent[slot]));
      return true;
    });
    if (!built) return nullptr;
  }
  return Expr::List(std::move(items));
}

}  // namespace

ExprPtr ParseSimpleLiteral(std::string_view text, const Limits& limits) {
  if (text.empty()) return nullptr;
  // Leave it to the parser (which reports them) whenever a limit could be
  // reached: every token takes a byte and the parser counts one more at the
  // end; a list nests one level and a `-` inside it another; a list is a
  // tree two levels deep.
  if (text.size() > limits.max_input_bytes || text.size() + 1 > limits.max_tokens ||
      limits.max_nesting_depth < 2 || limits.max_tree_depth < 2) {
    return nullptr;
  }
  if (text[0] == '{') return ParseSimpleList(text, limits);
  std::optional<Value> value = ParseSimpleItem(text, limits);
  return value ? Expr::Literal(std::move(*value)) : nullptr;
}

std::vector<Attribute> OrderedAttributes(const ClassAd& ad, AttributeOrder order) {
  if (order == AttributeOrder::kCanonical) return AttributesInPrintOrder(ad);
  std::vector<Attribute> attributes = ad.Attributes();
  if (order == AttributeOrder::kByName) {
    auto lower = [](unsigned char c) { return static_cast<unsigned char>(std::tolower(c)); };
    std::stable_sort(attributes.begin(), attributes.end(),
                     [&](const Attribute& a, const Attribute& b) {
                       return std::lexicographical_compare(
                           a.name.begin(), a.name.end(), b.name.begin(), b.name.end(),
                           [&](char x, char y) { return lower(x) < lower(y); });
                     });
  }
  return attributes;
}

}  // namespace ad_io_internal

using ad_io_internal::TextCursor;

const char* AdFormatName(AdFormat format) {
  switch (format) {
    case AdFormat::kAuto: return "auto";
    case AdFormat::kNew: return "new";
    case AdFormat::kOld: return "old";
    case AdFormat::kJson: return "json";
  }
  return "?";
}

namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

size_t SkipBlanks(std::string_view text, size_t i) {
  while (i < text.size() && IsBlank(text[i])) ++i;
  return i;
}

}  // namespace

AdFormat DetectAdFormat(std::string_view text) {
  size_t i = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  for (;;) {
    i = SkipBlanks(text, i);
    if (i >= text.size()) return AdFormat::kOld;
    char c = text[i];
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (c == '#' || (c == '/' && next == '/')) {
      size_t end = text.find_first_of("\r\n", i);  // where the lexer ends `//`
      if (end == std::string_view::npos) return AdFormat::kOld;
      i = end + 1;
      continue;
    }
    if (c == '/' && next == '*') {
      size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos) return AdFormat::kOld;
      i = end + 2;
      continue;
    }
    size_t j = SkipBlanks(text, i + 1);
    char after = j < text.size() ? text[j] : '\0';
    if (c == '[') return after == '{' ? AdFormat::kJson : AdFormat::kNew;
    if (c == '{') return after == '[' ? AdFormat::kNew : AdFormat::kJson;
    return AdFormat::kOld;
  }
}

// ----------------------------------------------------------------- AdReader

AdReader::AdReader(std::istream* in, std::string source_name, const AdReadOptions& options)
    : cursor_(std::make_unique<TextCursor>(in, std::move(source_name))),
      options_(options),
      format_(options.format) {}

AdReader::AdReader(std::string_view text, std::string source_name, const AdReadOptions& options)
    : cursor_(std::make_unique<TextCursor>(text, std::move(source_name))),
      options_(options),
      format_(options.format) {}

AdReader::~AdReader() = default;

int AdReader::line() const { return cursor_->line(); }

size_t AdReader::offset() const { return cursor_->offset(); }

Result<std::unique_ptr<AdReader>> AdReader::OpenFile(const std::string& path,
                                                     const AdReadOptions& options) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return Status(StatusCode::kIoError, "cannot read '" + path + "': it is a directory");
  }
  auto stream = std::make_unique<std::ifstream>(path, std::ios::in | std::ios::binary);
  if (!stream->is_open()) {
    int error = errno;
    return Status(StatusCode::kIoError,
                  "cannot open '" + path + "': " + (error ? std::strerror(error) : "unknown error"));
  }
  auto reader = std::make_unique<AdReader>(stream.get(), path, options);
  reader->owned_stream_ = std::move(stream);
  return reader;
}

bool AdReader::Start() {
  cursor_->SkipByteOrderMark();
  if (format_ == AdFormat::kAuto) {
    // A window large enough for any sensible run of leading comments.
    format_ = DetectAdFormat(cursor_->Lookahead(size_t{64} << 10));
  }
  switch (format_) {
    case AdFormat::kNew:
      reader_ = ad_io_internal::MakeNewFormatReader(cursor_.get(), options_);
      break;
    case AdFormat::kJson:
      reader_ = ad_io_internal::MakeJsonFormatReader(cursor_.get(), options_);
      break;
    case AdFormat::kOld:
    case AdFormat::kAuto:
      reader_ = ad_io_internal::MakeOldFormatReader(cursor_.get(), options_);
      break;
  }
  return reader_ != nullptr;
}

bool AdReader::Next(std::shared_ptr<ClassAd>* ad) {
  if (failed_) return false;
  if (!reader_ && !Start()) {
    failed_ = true;
    status_ = Status(StatusCode::kInvalidArgument, "no reader for this format");
    return false;
  }
  Status status;
  if (reader_->Next(ad, &status)) {
    // Ads read from a dump are kept, often by the million: they share the
    // layouts (attribute names) they have in common and drop spare capacity.
    layouts_.Intern(ad->get());
    if (!options_.store_first.empty()) {
      if (!packer_) packer_ = std::make_unique<AttributePacker>(options_.store_first);
      packer_->Pack(ad->get());
    }
    if (options_.use_arena) {
      if (!arena_) arena_ = AdArenaRef::Create();
      *ad = ClassAd::MoveToArena(std::move(**ad), arena_);
    } else {
      (*ad)->ShrinkToFit();
    }
    return true;
  }
  failed_ = true;  // finished, one way or the other
  if (!status.ok()) {
    status_ = std::move(status);
  } else if (cursor_->read_failed()) {
    status_ = Status(StatusCode::kIoError, "error while reading the input", cursor_->location());
  }
  ad->reset();
  return false;
}

namespace {

Result<std::vector<std::shared_ptr<ClassAd>>> ReadAll(AdReader* reader) {
  std::vector<std::shared_ptr<ClassAd>> ads;
  std::shared_ptr<ClassAd> ad;
  while (reader->Next(&ad)) ads.push_back(std::move(ad));
  if (!reader->status().ok()) return reader->status();
  return ads;
}

}  // namespace

Result<std::vector<std::shared_ptr<ClassAd>>> ReadAdsFromString(std::string_view text,
                                                                const AdReadOptions& options,
                                                                const std::string& source_name) {
  AdReader reader(text, source_name, options);
  return ReadAll(&reader);
}

Result<std::vector<std::shared_ptr<ClassAd>>> ReadAdsFromFile(const std::string& path,
                                                              const AdReadOptions& options) {
  auto reader = AdReader::OpenFile(path, options);
  if (!reader.ok()) return reader.status();
  return ReadAll(reader->get());
}

// ----------------------------------------------------------------- writing

Status AppendAd(const ClassAd& ad, const AdWriteOptions& options, std::string* out) {
  switch (options.format) {
    case AdFormat::kOld:
      return ad_io_internal::AppendOldAd(ad, options.order, out);
    case AdFormat::kJson:
      ad_io_internal::AppendJsonAd(ad, options.order, options.pretty, out);
      out->push_back('\n');
      return Status::Ok();
    case AdFormat::kNew:
    case AdFormat::kAuto:
      ad_io_internal::AppendNewAd(ad, options.order, options.pretty, out);
      return Status::Ok();
  }
  return Status(StatusCode::kInvalidArgument, "unknown ad format");
}

AdWriter::AdWriter(std::ostream* out, const AdWriteOptions& options)
    : out_(out), options_(options) {}

Status AdWriter::Write(const ClassAd& ad) {
  buffer_.clear();
  if (options_.format == AdFormat::kJson) buffer_ += written_ == 0 ? "[\n" : ",\n";
  Status status = AppendAd(ad, options_, &buffer_);
  if (!status.ok()) return status;
  out_->write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  if (!*out_) return Status(StatusCode::kIoError, "error while writing ads");
  ++written_;
  return Status::Ok();
}

Status AdWriter::Finish() {
  if (options_.format == AdFormat::kJson) *out_ << (written_ == 0 ? "[\n]\n" : "]\n");
  out_->flush();
  if (!*out_) return Status(StatusCode::kIoError, "error while writing ads");
  return Status::Ok();
}

}  // namespace classad
