// New-syntax ads: `[ a = 1; b = 2 ]`, several in a row, optionally inside
// the `{ [...], [...] }` list `condor_q -long:new` may print.
//
// The reader cuts the input into one ad's text at a time (tracking
// brackets, string literals and comments). A plain ad is then parsed
// attribute by attribute (simple literals directly, repeated values from a
// cache, the rest with ParseExpression); anything else, and every error, is
// left to ParseAd, whose error locations are moved into the file.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "classad/ad_builder.h"
#include "classad/ad_io.h"
#include "classad/formats/ad_io_internal.h"
#include "classad/parser.h"
#include "classad/text_cache.h"
#include "classad/unparse.h"

namespace classad::ad_io_internal {
namespace {

bool IsBlankByte(int c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// Where a `//` comment ends, as the lexer ends it: at a CR or a LF.
bool IsLineEnd(int c) { return c == '\n' || c == '\r'; }

bool IsNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsNameChar(char c) { return IsNameStart(c) || (c >= '0' && c <= '9'); }

// Words the lexer never reads as an identifier.
bool IsKeyword(std::string_view name) {
  static const char* const kKeywords[] = {"true", "false", "undefined", "error", "is", "isnt"};
  for (const char* word : kKeywords) {
    if (AttributeNamesEqual(name, word)) return true;
  }
  return false;
}

// The end of the attribute value starting at `i` in an ad's text: the `;`
// that ends it at bracket depth zero, or `end`. npos when brackets do not
// balance or a literal or comment is not closed.
size_t FindValueEnd(std::string_view text, size_t i, size_t end) {
  int depth = 0;
  while (i < end) {
    char c = text[i];
    if (c == '"' || c == '\'') {
      for (++i; i < end && text[i] != c; ++i) {
        if (text[i] == '\\') ++i;
      }
      if (i >= end) return std::string_view::npos;
    } else if (c == '/' && i + 1 < end && text[i + 1] == '/') {
      while (i < end && !IsLineEnd(text[i])) ++i;
      continue;
    } else if (c == '/' && i + 1 < end && text[i + 1] == '*') {
      size_t close = text.find("*/", i + 2);
      if (close == std::string_view::npos || close + 2 > end) return std::string_view::npos;
      i = close + 2;
      continue;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth < 0) return std::string_view::npos;
    } else if (c == ';' && depth == 0) {
      return i;
    }
    ++i;
  }
  return depth == 0 ? end : std::string_view::npos;
}

// Parses the text of one ad (`[` ... `]`) attribute by attribute: simple
// literals are built directly and other values go to ParseExpression one at
// a time, which is several times faster than one ParseAd over a large ad.
// Returns false whenever the text is anything but a plain list of
// `name = value` (quoted names, comments before a name, a syntax error...):
// the caller then uses ParseAd, which decides and reports errors. The
// attributes go into `builder` (when false, only some of them).
bool FillByAttributes(std::string_view text, const ParseOptions& options,
                      TextCache<StoredAttr>* cache, AdBuilder* builder) {
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') return false;
  ParseOptions value_options = options;
  // The ad's own brackets are one level of nesting.
  value_options.limits.max_nesting_depth = options.limits.max_nesting_depth - 1;
  // A value is part of the ad's text: tokens after a conditional are an
  // error there, as in HTCondor's parseClassAd.
  value_options.ignore_text_after_conditional = false;
  const size_t end = text.size() - 1;
  size_t i = 1;
  for (;;) {
    while (i < end && IsBlankByte(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= end) break;
    if (!IsNameStart(text[i])) return false;
    size_t name_start = i;
    while (i < end && IsNameChar(text[i])) ++i;
    std::string_view name = text.substr(name_start, i - name_start);
    if (IsKeyword(name)) return false;
    while (i < end && IsBlankByte(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= end || text[i] != '=' || (i + 1 < end && text[i + 1] == '=')) return false;
    ++i;
    size_t value_end = FindValueEnd(text, i, end);
    if (value_end == std::string_view::npos) return false;
    std::string_view value = text.substr(i, value_end - i);
    while (!value.empty() && IsBlankByte(static_cast<unsigned char>(value.front()))) value.remove_prefix(1);
    while (!value.empty() && IsBlankByte(static_cast<unsigned char>(value.back()))) value.remove_suffix(1);
    if (value.empty()) return false;
    bool keep = false;
    const StoredAttr* stored = cache->Find(value, &keep);
    std::optional<StoredAttr> held;
    if (stored == nullptr) {
      ExprPtr expr = ParseSimpleLiteral(value, value_options.limits);
      if (!expr) {
        Result<ExprPtr> parsed = ParseExpression(value, value_options);
        if (!parsed.ok()) return false;
        expr = std::move(parsed).value();
      }
      stored = &cache->KeepOrHold(value, StoredAttr(std::move(expr)), keep, &held);
    }
    if (builder->size() >= options.limits.max_ad_attributes && !builder->Has(name)) return false;
    builder->Insert(name, *stored);
    i = value_end < end ? value_end + 1 : end;
  }
  return true;
}

// The ad of `text` by FillByAttributes, or null when the caller must use
// ParseAd; `builder` is left with no ad in progress.
std::shared_ptr<ClassAd> ParseAdByAttributes(std::string_view text, const ParseOptions& options,
                                             TextCache<StoredAttr>* cache, AdBuilder* builder) {
  const bool filled = FillByAttributes(text, options, cache, builder);
  std::shared_ptr<ClassAd> ad = builder->Finish();
  if (!filled) return nullptr;
  return ad != nullptr ? ad : std::make_shared<ClassAd>();  // `[ ]`
}

class NewFormatReader : public FormatReader {
 public:
  NewFormatReader(TextCursor* cursor, const AdReadOptions& options)
      : cursor_(cursor), options_(options) {}

  bool Next(std::shared_ptr<ClassAd>* ad, Status* status) override {
    if (!SkipSeparators(status)) return false;
    if (cursor_->Peek() != '[') return false;  // end of the input
    SourceLocation start = cursor_->location();
    if (!CaptureAd(start, status)) return false;
    size_t bad = FindInvalidUtf8(text_);
    if (bad != std::string::npos) {
      *status = Status(StatusCode::kParseError,
                       "invalid UTF-8 (" + DescribeByte(static_cast<unsigned char>(text_[bad])) + ")",
                       LocationInText(text_, bad, start));
      return false;
    }
    if (std::shared_ptr<ClassAd> fast = ParseAdByAttributes(text_, options_.parse, &cache_, &builder_)) {
      *ad = std::move(fast);
      return true;
    }
    Result<std::shared_ptr<ClassAd>> parsed = ParseAd(text_, options_.parse);
    if (!parsed.ok()) {
      *status = parsed.status().WithOrigin(start.file, start.line, start.column);
      return false;
    }
    *ad = std::move(parsed).value();
    return true;
  }

 private:
  Status Error(const std::string& message, SourceLocation where,
               StatusCode code = StatusCode::kParseError) {
    return Status(code, message, std::move(where));
  }

  // Skips blanks, comments, `,` and the `{` `}` of a list of ads. Stops
  // before a `[` or at the end; false (with *status) on anything else.
  bool SkipSeparators(Status* status) {
    for (;;) {
      int c = cursor_->Peek();
      if (c == -1) {
        if (in_list_) {
          *status = Error("the list of ads opened here is not closed with '}'", list_start_);
          return false;
        }
        return true;
      }
      if (IsBlankByte(c) || c == ',') {
        cursor_->Get();
      } else if (c == '#' || (c == '/' && cursor_->Peek(1) == '/')) {
        while (cursor_->Peek() != -1 && !IsLineEnd(cursor_->Peek())) cursor_->Get();
      } else if (c == '/' && cursor_->Peek(1) == '*') {
        if (!SkipBlockComment(nullptr, status)) return false;
      } else if (c == '{' && !in_list_) {
        list_start_ = cursor_->location();
        in_list_ = true;
        cursor_->Get();
      } else if (c == '}' && in_list_) {
        in_list_ = false;
        cursor_->Get();
      } else if (c == '[') {
        return true;
      } else {
        *status = Error("expected '[' to start an ad, found " + DescribeByte(c), cursor_->location());
        return false;
      }
    }
  }

  // Consumes a `/* ... */` comment, appending it to `text` when not null.
  bool SkipBlockComment(std::string* text, Status* status) {
    SourceLocation start = cursor_->location();
    for (int i = 0; i < 2; ++i) Append(cursor_->Get(), text);
    for (;;) {
      int c = cursor_->Peek();
      if (c == -1) {
        *status = Error("comment is not closed with '*/'", start);
        return false;
      }
      Append(cursor_->Get(), text);
      if (c == '*' && cursor_->Peek() == '/') {
        Append(cursor_->Get(), text);
        return true;
      }
    }
  }

  static void Append(int c, std::string* text) {
    if (text != nullptr) text->push_back(static_cast<char>(c));
  }

  // Copies the ad starting at the current `[` into text_, up to its
  // matching `]`.
  bool CaptureAd(const SourceLocation& start, Status* status) {
    text_.clear();
    const size_t limit = options_.parse.limits.max_input_bytes;
    int depth = 0;
    for (;;) {
      if (text_.size() > limit) {
        *status = Error("ad is longer than the limit of " + std::to_string(limit) + " bytes", start,
                        StatusCode::kLimitExceeded);
        return false;
      }
      int c = cursor_->Peek();
      if (c == -1) {
        *status = Error("ad is not closed: the input ends before its ']'", start);
        return false;
      }
      if (c == 0) {
        *status = Error("unexpected NUL byte", cursor_->location());
        return false;
      }
      if (c == '"' || c == '\'') {
        if (!CaptureQuoted(static_cast<char>(c), status)) return false;
        continue;
      }
      if (c == '/' && cursor_->Peek(1) == '*') {
        if (!SkipBlockComment(&text_, status)) return false;
        continue;
      }
      if (c == '/' && cursor_->Peek(1) == '/') {
        while (cursor_->Peek() != -1 && !IsLineEnd(cursor_->Peek())) {
          text_.push_back(static_cast<char>(cursor_->Get()));
        }
        continue;
      }
      text_.push_back(static_cast<char>(cursor_->Get()));
      if (c == '[') {
        ++depth;
      } else if (c == ']' && --depth == 0) {
        return true;
      }
    }
  }

  // Copies a string literal or quoted name, escapes included.
  bool CaptureQuoted(char quote, Status* status) {
    SourceLocation start = cursor_->location();
    text_.push_back(static_cast<char>(cursor_->Get()));
    for (;;) {
      int c = cursor_->Peek();
      if (c == -1) {
        *status = Error(quote == '"' ? "string literal is not closed with '\"'"
                                     : "quoted attribute name is not closed with \"'\"",
                        start);
        return false;
      }
      if (c == 0) {
        *status = Error("unexpected NUL byte", cursor_->location());
        return false;
      }
      text_.push_back(static_cast<char>(cursor_->Get()));
      if (c == quote) return true;
      if (c == '\\') {
        int escaped = cursor_->Peek();
        if (escaped == -1) continue;  // reported as unterminated next round
        if (escaped == 0) {
          *status = Error("unexpected NUL byte", cursor_->location());
          return false;
        }
        text_.push_back(static_cast<char>(cursor_->Get()));
      }
    }
  }

  TextCursor* cursor_;
  AdReadOptions options_;
  bool in_list_ = false;
  SourceLocation list_start_;
  std::string text_;
  TextCache<StoredAttr> cache_;
  AdBuilder builder_;
};

}  // namespace

std::unique_ptr<FormatReader> MakeNewFormatReader(TextCursor* cursor, const AdReadOptions& options) {
  return std::make_unique<NewFormatReader>(cursor, options);
}

void AppendNewAd(const ClassAd& ad, AttributeOrder order, bool pretty, std::string* out) {
  if (!pretty && order == AttributeOrder::kCanonical) {
    UnparseAdTo(ad, out);
    out->push_back('\n');
    return;
  }
  std::vector<Attribute> attributes = OrderedAttributes(ad, order);
  if (pretty) {
    out->append("[\n");
    for (const Attribute& attribute : attributes) {
      out->append("  ");
      AppendAttributeName(attribute.name, out);
      out->append(" = ");
      UnparseTo(*attribute.expr, out);
      out->append(";\n");
    }
    out->append("]\n");
    return;
  }
  out->append("[ ");
  for (size_t i = 0; i < attributes.size(); ++i) {
    if (i > 0) out->append("; ");
    AppendAttributeName(attributes[i].name, out);
    out->append(" = ");
    UnparseTo(*attributes[i].expr, out);
  }
  out->append(" ]\n");
}

}  // namespace classad::ad_io_internal
