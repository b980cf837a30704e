// Internal pieces shared by the ad readers and writers (classad/ad_io.cc and
// the formats in classad/formats/: new.cc, old.cc, json.cc).
// Not part of the public interface: include classad/ad_io.h instead.
#ifndef CLASSAD_FORMATS_AD_IO_INTERNAL_H_
#define CLASSAD_FORMATS_AD_IO_INTERNAL_H_

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/ad_io.h"
#include "classad/utf8.h"
#include "classad/classad.h"
#include "classad/status.h"

namespace classad::ad_io_internal {

// A byte-at-a-time view of an input with line and column tracking. Reads a
// stream in blocks and keeps only a small window, so an input of any size
// takes constant memory. Lines and columns count from 1; columns count
// UTF-8 code points (bytes that are not continuation bytes), as the
// expression parser does. Not thread-safe.
class TextCursor {
 public:
  // `in` must outlive the cursor.
  TextCursor(std::istream* in, std::string name);
  // `text` must outlive the cursor.
  TextCursor(std::string_view text, std::string name);
  TextCursor(const TextCursor&) = delete;
  TextCursor& operator=(const TextCursor&) = delete;

  // The byte `ahead` positions past the current one, or -1 past the end
  // of the input. Keep `ahead` small: the window grows to hold it.
  int Peek(size_t ahead = 0) {
    if (pos_ + ahead < view_.size()) return static_cast<unsigned char>(view_[pos_ + ahead]);
    return PeekSlow(ahead);
  }
  // Consumes and returns the current byte, or -1 at the end.
  int Get() {
    if (pos_ >= view_.size() && !Fill(1)) return -1;
    unsigned char c = static_cast<unsigned char>(view_[pos_++]);
    Advance(c);
    return c;
  }
  // Reads the rest of the current line (without its '\n', which is
  // consumed) into `*line`. Returns false at the end of the input when
  // nothing was left. A line longer than `max_bytes` sets `*too_long`, and
  // the rest of it is skipped.
  bool ReadLine(std::string* line, size_t max_bytes, bool* too_long);

  // Up to `max_bytes` of the unread input, without consuming them.
  std::string_view Lookahead(size_t max_bytes);
  // Consumes a UTF-8 byte order mark at the current position, if any,
  // without counting it as a column.
  void SkipByteOrderMark();

  int line() const { return line_; }
  int column() const { return column_; }
  // Bytes of the input consumed so far.
  size_t offset() const { return dropped_ + pos_; }
  const std::string& name() const { return name_; }
  SourceLocation location() const { return SourceLocation{name_, line_, column_}; }
  // True when reading the stream failed (not merely reached its end).
  bool read_failed() const { return read_failed_; }

 private:
  void Advance(unsigned char c) {
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++column_;
    }
  }
  int PeekSlow(size_t ahead);
  // Makes at least `need` unread bytes available if the input has them.
  bool Fill(size_t need);

  std::istream* in_ = nullptr;
  std::string buffer_;     // stream mode: the window of the input
  std::string_view view_;  // the bytes available (buffer_ or the caller's text)
  size_t pos_ = 0;         // next unread byte in view_
  size_t dropped_ = 0;     // stream mode: bytes consumed and dropped from buffer_
  bool at_end_ = false;    // the stream has no more bytes
  bool read_failed_ = false;
  std::string name_;
  int line_ = 1;
  int column_ = 1;
};

// One format's reader. Next() returns true with an ad, or false at the end
// (`*status` untouched) or on error (`*status` set).
class FormatReader {
 public:
  virtual ~FormatReader() = default;
  virtual bool Next(std::shared_ptr<ClassAd>* ad, Status* status) = 0;
};

std::unique_ptr<FormatReader> MakeNewFormatReader(TextCursor* cursor, const AdReadOptions& options);
std::unique_ptr<FormatReader> MakeOldFormatReader(TextCursor* cursor, const AdReadOptions& options);
std::unique_ptr<FormatReader> MakeJsonFormatReader(TextCursor* cursor, const AdReadOptions& options);

// Offset of the first byte of `text` that does not start or continue a
// valid UTF-8 sequence (overlong forms, surrogates and values above
// U+10FFFF are invalid), or npos when all of it is valid.


// The line and column (1-based, columns in code points) of `offset` in a
// text that starts at `origin`.
SourceLocation LocationInText(std::string_view text, size_t offset, const SourceLocation& origin);

// `c` for messages: 'x', or a name for blanks and control bytes.
std::string DescribeByte(int c);

// Appends `text` as the body of a new-syntax literal delimited by `quote`:
// backslash and the quote escaped, bytes below 0x20 and from 0x7F up as
// three-digit octal escapes, so that the result is plain ASCII.
void AppendNewSyntaxEscaped(std::string_view text, char quote, std::string* out);

// Builds the commonest right-hand sides of a dump directly, exactly as the
// parser would: an integer without leading zeros that cannot overflow, a
// real `d.d[e[+-]d]`, either possibly preceded by `-`, true/false, a string
// of printable ASCII with no backslash or quote inside, or a list `{ ... }`
// of those. Null for anything else (use the parser), and whenever the
// parser could refuse the text for one of `limits`.
ExprPtr ParseSimpleLiteral(std::string_view text, const Limits& limits);

// ParseOldExpression without the shortcut of ParseSimpleLiteral: always
// rewrites the old-syntax text and hands it to the parser. What the
// shortcut must agree with (fuzz/fuzz_ingest_fastpath.cc).
Result<ExprPtr> ParseOldExpressionWithParser(std::string_view text, const ParseOptions& options);

// The attributes of `ad` at the top level, in `order`.
std::vector<Attribute> OrderedAttributes(const ClassAd& ad, AttributeOrder order);

// The writers of each format (see AppendAd for the contracts).
void AppendNewAd(const ClassAd& ad, AttributeOrder order, bool pretty, std::string* out);
Status AppendOldAd(const ClassAd& ad, AttributeOrder order, std::string* out);
void AppendJsonAd(const ClassAd& ad, AttributeOrder order, bool pretty, std::string* out);

}  // namespace classad::ad_io_internal

#endif  // CLASSAD_FORMATS_AD_IO_INTERNAL_H_
