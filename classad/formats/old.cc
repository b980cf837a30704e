// Old-syntax ads, as `condor_q -long` and `condor_status -long` print them:
// one `Name = expr` line per attribute, a blank line after each ad.
//
// Reading follows HTCondor's line-oriented reader: blank lines end an ad,
// lines whose first non-blank character is `#` are comments, the name is
// everything before the first `=`. The right-hand side is an expression
// whose string literals use the old escaping rule (HTCondor's
// Lexer::tokenizeStringOld): a backslash is an ordinary character, except
// that `\"` stands for a quote when more text follows it on the line; a
// quote that ends the line closes the string even after a backslash. We
// rewrite such literals into new-syntax escapes and hand the expression to
// the normal parser, mapping error columns back to the original text.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "classad/ad_builder.h"
#include "classad/ad_io.h"
#include "classad/formats/ad_io_internal.h"
#include "classad/parser.h"
#include "classad/text_cache.h"
#include "classad/unparse.h"

namespace classad {
namespace {

using ad_io_internal::DescribeByte;

// Where each byte of a rewritten text came from.
struct Origin {
  int line;
  int column;
};

// Rewrites old-syntax expression text into new-syntax text the parser
// accepts with the same meaning, recording the origin of every output byte.
// The output is plain ASCII: bytes >= 0x80 inside literals become octal
// escapes, inside comments '?'; outside both they are an error.
class OldTextRewriter {
 public:
  explicit OldTextRewriter(std::string_view text) : text_(text) {}

  // Rewrites the text into *out, with the origin of each byte. On failure
  // (a NUL byte, a byte beyond ASCII outside a literal, a literal left
  // open) *error_offset is the byte of the text where the offending token
  // starts. A literal followed, after white space, by another closed by
  // the same quote ends the rewritten text there: HTCondor's old-syntax
  // lexer does not join them as the new syntax would, and its parser can
  // go on from neither (the rest is ignored, or an error inside brackets).
  Status Rewrite(std::string* out, std::vector<Origin>* origins, size_t* error_offset) {
    out_ = out;
    origins_ = origins;
    out_->clear();
    origins_->clear();
    out_->reserve(text_.size() + 8);
    origins_->reserve(text_.size() + 8);
    while (i_ < text_.size()) {
      unsigned char c = static_cast<unsigned char>(text_[i_]);
      *error_offset = i_;
      if (c == 0) return ErrorHere("unexpected NUL byte");
      if (c == '"' || c == '\'') {
        Status status = RewriteLiteral(static_cast<char>(c));
        if (!status.ok()) return status;
        size_t next = i_;
        while (next < text_.size() && IsAsciiSpaceByte(text_[next])) ++next;
        if (next < text_.size() && text_[next] == static_cast<char>(c)) break;
      } else if (c == '/' && Next() == '/') {
        while (i_ < text_.size() && text_[i_] != '\n') CopyCommentByte();
      } else if (c == '/' && Next() == '*') {
        CopyCommentByte();
        CopyCommentByte();
        while (i_ < text_.size() && !(text_[i_] == '*' && Next() == '/')) CopyCommentByte();
        if (i_ < text_.size()) {
          CopyCommentByte();
          CopyCommentByte();
        }
      } else if (c >= 0x80) {
        return ErrorHere("unexpected " + DescribeByte(c) + " outside a string literal");
      } else {
        Emit(static_cast<char>(c), Here());
        Consume();
      }
    }
    // One past the end, for errors at the end of the text.
    origins_->push_back(Here());
    return Status::Ok();
  }

 private:
  int Next() const {
    return i_ + 1 < text_.size() ? static_cast<unsigned char>(text_[i_ + 1]) : -1;
  }
  static bool IsAsciiSpaceByte(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
  }
  Origin Here() const { return Origin{line_, column_}; }
  void Consume() {
    unsigned char c = static_cast<unsigned char>(text_[i_++]);
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++column_;
    }
  }
  void Emit(char c, Origin origin) {
    out_->push_back(c);
    origins_->push_back(origin);
  }
  void CopyCommentByte() {
    unsigned char c = static_cast<unsigned char>(text_[i_]);
    Emit(c >= 0x80 ? '?' : static_cast<char>(c), Here());
    Consume();
  }
  Status ErrorHere(const std::string& message) const {
    return Status(StatusCode::kParseError, message, SourceLocation{"", line_, column_});
  }

  // A string literal ("...") or quoted attribute name ('...') read with the
  // old rule and written with new-syntax escapes.
  Status RewriteLiteral(char quote) {
    Origin start = Here();
    size_t open = i_;
    Consume();
    std::string value;
    for (;;) {
      if (i_ >= text_.size()) {
        return Status(StatusCode::kParseError,
                      quote == '"' ? "string literal is not closed with '\"'"
                                   : "quoted attribute name is not closed with \"'\"",
                      SourceLocation{"", start.line, start.column});
      }
      char c = text_[i_];
      if (c == '\0') return ErrorHere("unexpected NUL byte");
      if (c != quote) {
        value.push_back(c);
        Consume();
        continue;
      }
      bool after_backslash = i_ > open + 1 && text_[i_ - 1] == '\\';
      int following = Next();
      Consume();
      if (after_backslash && following != -1 && following != '\n') {
        value.back() = quote;  // `\"` inside the literal stands for a quote
        continue;
      }
      break;  // the closing quote (possibly after a final backslash)
    }
    std::string escaped;
    escaped.push_back(quote);
    ad_io_internal::AppendNewSyntaxEscaped(value, quote, &escaped);
    escaped.push_back(quote);
    for (char c : escaped) Emit(c, start);
    return Status::Ok();
  }

  std::string_view text_;
  size_t i_ = 0;
  int line_ = 1;
  int column_ = 1;
  std::string* out_ = nullptr;
  std::vector<Origin>* origins_ = nullptr;
};

// Moves an error found in rewritten text back to the original text.
Status MapError(const Status& status, const std::string& rewritten,
                const std::vector<Origin>& origins) {
  const SourceLocation& where = status.where();
  if (where.line <= 0 || origins.empty()) return status;
  // Output is ASCII, so columns are byte offsets within their line.
  size_t offset = 0;
  for (int line = 1; line < where.line && offset < rewritten.size(); ++offset) {
    if (rewritten[offset] == '\n') ++line;
  }
  if (where.column > 0) offset += static_cast<size_t>(where.column - 1);
  const Origin& origin = origins[std::min(offset, origins.size() - 1)];
  return Status(status.code(), status.message(), SourceLocation{where.file, origin.line, origin.column});
}

bool IsLineBlank(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r'; }

int ColumnOfByte(std::string_view line, size_t byte) {
  int column = 1;
  for (size_t i = 0; i < byte && i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++column;
  }
  return column;
}

class OldFormatReader : public ad_io_internal::FormatReader {
 public:
  OldFormatReader(ad_io_internal::TextCursor* cursor, const AdReadOptions& options)
      : cursor_(cursor), options_(options) {}

  bool Next(std::shared_ptr<ClassAd>* ad, Status* status) override {
    const size_t max_line = options_.parse.limits.max_input_bytes;
    for (;;) {
      int line_number = cursor_->line();
      bool too_long = false;
      if (!cursor_->ReadLine(&line_, max_line, &too_long)) break;
      if (too_long) {
        *status = Status(StatusCode::kLimitExceeded,
                         "line is longer than the limit of " + std::to_string(max_line) + " bytes",
                         SourceLocation{cursor_->name(), line_number, 1});
        return false;
      }
      if (!line_.empty() && line_.back() == '\r') line_.pop_back();
      size_t first = 0;
      while (first < line_.size() && IsLineBlank(line_[first])) ++first;
      // (Bytes compared in place: a call of compare() per line cost as
      // much as a tenth of reading a large file.)
      if (first == line_.size() ||
          (line_[first] == '-' && first + 1 < line_.size() && line_[first + 1] == '-')) {
        // A blank line (or a `-- Schedd: ...` banner) ends the ad.
        if (builder_.size() > 0) break;
        continue;
      }
      if (line_[first] == '#') continue;
      if (builder_.size() >= options_.parse.limits.max_ad_attributes) {
        *status = Status(StatusCode::kLimitExceeded,
                         "ad has more than the limit of " +
                             std::to_string(options_.parse.limits.max_ad_attributes) + " attributes",
                         SourceLocation{cursor_->name(), line_number, 1});
        return false;
      }
      if (!ParseLine(first, line_number, status)) return false;
    }
    std::shared_ptr<ClassAd> current = builder_.Finish();
    if (current == nullptr) return false;
    *ad = std::move(current);
    return true;
  }

 private:
  Status ErrorAt(int line_number, size_t byte, const std::string& message) const {
    return Status(StatusCode::kParseError, message,
                  SourceLocation{cursor_->name(), line_number, ColumnOfByte(line_, byte)});
  }

  // Parses `Name = expr` (the name may be 'quoted') and inserts it.
  bool ParseLine(size_t first, int line_number, Status* status) {
    const void* nul = std::memchr(line_.data(), '\0', line_.size());
    if (nul != nullptr) {
      *status = ErrorAt(line_number, static_cast<const char*>(nul) - line_.data(), "unexpected NUL byte");
      return false;
    }
    std::string quoted_name;  // a quoted name, decoded
    std::string_view name;
    size_t equals;
    if (line_[first] == '\'') {
      // A quoted name: read it as an old-syntax literal.
      size_t close = first + 1;
      while (close < line_.size() &&
             !(line_[close] == '\'' && !(line_[close - 1] == '\\' && close + 1 < line_.size()))) {
        ++close;
      }
      if (close >= line_.size()) {
        *status = ErrorAt(line_number, first, "quoted attribute name is not closed with \"'\"");
        return false;
      }
      Result<ExprPtr> quoted = ParseOldExpression(std::string_view(line_).substr(first, close + 1 - first),
                                                  options_.parse);
      if (!quoted.ok() || (*quoted)->kind() != ExprKind::kAttribute) {
        *status = ErrorAt(line_number, first, "invalid quoted attribute name");
        return false;
      }
      quoted_name = (*quoted)->name();
      name = quoted_name;
      if (name.empty()) {  // as HTCondor's ClassAd::Insert
        *status = ErrorAt(line_number, first, "empty attribute name");
        return false;
      }
      equals = close + 1;
      while (equals < line_.size() && IsLineBlank(line_[equals])) ++equals;
      if (equals >= line_.size() || line_[equals] != '=') {
        *status = ErrorAt(line_number, equals, "expected '=' after the attribute name");
        return false;
      }
    } else {
      equals = line_.find('=', first);
      if (equals == std::string::npos) {
        *status = ErrorAt(line_number, first, "expected 'Name = expression'");
        return false;
      }
      size_t end = equals;
      while (end > first && IsLineBlank(line_[end - 1])) --end;
      name = std::string_view(line_).substr(first, end - first);
      if (name.empty()) {
        *status = ErrorAt(line_number, first, "expected an attribute name before '='");
        return false;
      }
      if (!IsIdentifierName(name)) {
        *status = ErrorAt(line_number, first,
                          "invalid attribute name '" + std::string(name) +
                              "' (expected letters, digits and '_', not starting with a digit)");
        return false;
      }
    }
    size_t rhs = equals + 1;
    while (rhs < line_.size() && IsLineBlank(line_[rhs])) ++rhs;
    std::string_view text = std::string_view(line_).substr(rhs);
    bool keep = false;
    if (const StoredAttr* cached = cache_.Find(text, &keep)) {
      builder_.Insert(name, *cached);
      return true;
    }
    if (ExprPtr simple = ad_io_internal::ParseSimpleLiteral(text, options_.parse.limits)) {
      Insert(name, text, std::move(simple), keep);
      return true;
    }
    Result<ExprPtr> expr = ParseOldExpression(text, options_.parse);
    if (!expr.ok()) {
      const Status& inner = expr.status();
      const int rhs_column = ColumnOfByte(line_, rhs);  // counted only for an error
      int column = inner.where().column > 0 ? rhs_column + inner.where().column - 1 : rhs_column;
      *status = Status(inner.code(), inner.message(),
                       SourceLocation{cursor_->name(), line_number, column});
      return false;
    }
    Insert(name, text, std::move(expr).value(), keep);
    return true;
  }

  // Inserts what `text` made, kept in the cache when `keep`.
  void Insert(std::string_view name, std::string_view text, ExprPtr expr, bool keep) {
    std::optional<StoredAttr> held;
    builder_.Insert(name, cache_.KeepOrHold(text, StoredAttr(std::move(expr)), keep, &held));
  }

  ad_io_internal::TextCursor* cursor_;
  AdReadOptions options_;
  std::string line_;
  TextCache<StoredAttr> cache_;
  AdBuilder builder_;
};

// ---------------------------------------------------------------- writing

// Old-syntax attribute name inside an expression: bare when it is an
// identifier and not a reserved word, otherwise 'quoted' with only the
// quote escaped. False when it cannot be written.
bool AppendOldAttributeName(std::string_view name, bool allow_reserved, std::string* out) {
  if (IsIdentifierName(name) && (allow_reserved || !IsReservedName(name))) {
    out->append(name);
    return true;
  }
  if (name.empty() || name.back() == '\\' || name.find('\n') != std::string_view::npos ||
      name.find('\0') != std::string_view::npos) {
    return false;
  }
  out->push_back('\'');
  for (char c : name) {
    if (c == '\'') out->push_back('\\');
    out->push_back(c);
  }
  out->push_back('\'');
  return true;
}

bool AppendOldString(std::string_view text, bool may_end_line, std::string* out) {
  if (text.find('\n') != std::string_view::npos || text.find('\0') != std::string_view::npos) {
    return false;
  }
  if (!text.empty() && text.back() == '\\' && !may_end_line) return false;
  out->push_back('"');
  for (char c : text) {
    if (c == '"') out->push_back('\\');
    out->push_back(c);
  }
  out->push_back('"');
  return true;
}

bool AppendOldValue(const Value& value, bool may_end_line, std::string* out);

const char* OldOperatorSpelling(Op op) {
  if (op == Op::kIs) return "=?=";
  if (op == Op::kIsnt) return "=!=";
  return OpSpelling(op);
}

bool AppendOldAdBody(const ClassAd& ad, std::string* out) {
  std::vector<Attribute> attributes = AttributesInPrintOrder(ad);
  out->append("[ ");
  for (size_t i = 0; i < attributes.size(); ++i) {
    if (i > 0) out->append("; ");
    if (!AppendOldAttributeName(attributes[i].name, false, out)) return false;
    out->append(" = ");
    if (!AppendOldExpr(*attributes[i].expr, false, out)) return false;
  }
  out->append(" ]");
  return true;
}

bool AppendOldList(std::span<const ExprPtr> items, std::string* out) {
  out->append("{ ");
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out->push_back(',');
    if (!AppendOldExpr(*items[i], false, out)) return false;
  }
  out->append(" }");
  return true;
}

bool AppendOldValue(const Value& value, bool may_end_line, std::string* out) {
  switch (value.type()) {
    case ValueType::kString:
      return AppendOldString(value.string(), may_end_line, out);
    case ValueType::kReal:
      AppendOldReal(value.real(), out);
      return true;
    case ValueType::kList:
      return AppendOldList(value.list(), out);
    case ValueType::kAd:
      return AppendOldAdBody(value.ad(), out);
    default:
      UnparseValueTo(value, out);
      return true;
  }
}

}  // namespace

Result<ExprPtr> ParseOldExpression(std::string_view text, const ParseOptions& options) {
  if (text.size() <= options.limits.max_input_bytes) {
    if (ExprPtr simple = ad_io_internal::ParseSimpleLiteral(text, options.limits)) return simple;
  }
  return ad_io_internal::ParseOldExpressionWithParser(text, options);
}

namespace ad_io_internal {

Result<ExprPtr> ParseOldExpressionWithParser(std::string_view text, const ParseOptions& options) {
  if (text.size() > options.limits.max_input_bytes) {
    return Status(StatusCode::kLimitExceeded,
                  "expression is longer than the limit of " +
                      std::to_string(options.limits.max_input_bytes) + " bytes",
                  SourceLocation{"", 1, 1});
  }
  // HTCondor reads an old-syntax value with a parse that is not full
  // (ParseOptions::ignore_text_after_expression): its lexer reads tokens
  // only as far as the expression goes, so a byte or a literal its lexer
  // refuses after a complete expression is ignored with the rest.
  ParseOptions head_options = options;
  head_options.ignore_text_after_expression = true;
  // A NUL byte is an error wherever it is, also in text that would be
  // ignored (the old-syntax reader refuses such a line as a whole).
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos) {
    const std::string_view before = text.substr(0, nul);
    const size_t line_start = before.rfind('\n');
    const std::string_view last_line =
        line_start == std::string_view::npos ? before : before.substr(line_start + 1);
    int line = 1;
    for (char c : before) line += c == '\n' ? 1 : 0;
    return Status(StatusCode::kParseError, "unexpected NUL byte",
                  SourceLocation{"", line, ColumnOfByte(last_line, last_line.size())});
  }
  std::string rewritten;
  std::vector<Origin> origins;
  size_t error_offset = 0;
  Status status = OldTextRewriter(text).Rewrite(&rewritten, &origins, &error_offset);
  if (!status.ok()) {
    if (error_offset > 0) {
      std::string head;
      std::vector<Origin> head_origins;
      size_t ignored = 0;
      const std::string_view before = text.substr(0, error_offset);
      if (OldTextRewriter(before).Rewrite(&head, &head_origins, &ignored).ok()) {
        Result<ExprPtr> expr = ParseExpression(head, head_options);
        if (expr.ok()) return expr;
      }
    }
    return status;
  }
  Result<ExprPtr> expr = ParseExpression(rewritten, head_options);
  if (!expr.ok()) return MapError(expr.status(), rewritten, origins);
  return expr;
}

}  // namespace ad_io_internal

void AppendOldReal(double value, std::string* out) {
  if (value == 0.0) {
    out->append(std::signbit(value) ? "-0.0" : "0.0");
    return;
  }
  if (std::isnan(value)) {
    out->append("real(\"NaN\")");
    return;
  }
  if (std::isinf(value)) {
    out->append(value > 0 ? "real(\"INF\")" : "real(\"-INF\")");
    return;
  }
  // %.16G without depending on the C locale: to_chars is defined to format
  // as printf does in the "C" locale.
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value, std::chars_format::general, 16);
  bool has_point_or_exponent = false;
  for (char* p = buffer; p != result.ptr; ++p) {
    if (*p == 'e') *p = 'E';
    if (*p == '.' || *p == 'E') has_point_or_exponent = true;
  }
  out->append(buffer, result.ptr);
  if (!has_point_or_exponent) out->append(".0");
}

bool AppendOldExpr(const Expr& expr, bool string_may_end_line, std::string* out) {
  const auto& children = expr.children();
  switch (expr.kind()) {
    case ExprKind::kLiteral:
      return AppendOldValue(expr.literal(), string_may_end_line, out);
    case ExprKind::kAttribute:
      if (expr.absolute()) out->push_back('.');
      return AppendOldAttributeName(expr.name(), false, out);
    case ExprKind::kSelect:
      if (!AppendOldExpr(*children[0], false, out)) return false;
      // `1.s` would read back as the malformed number `1.`.
      if (children[0]->kind() == ExprKind::kLiteral && children[0]->literal().IsInteger()) {
        out->push_back(' ');
      }
      out->push_back('.');
      return AppendOldAttributeName(expr.name(), false, out);
    case ExprKind::kSubscript:
      if (!AppendOldExpr(*children[0], false, out)) return false;
      out->push_back('[');
      if (!AppendOldExpr(*children[1], false, out)) return false;
      out->push_back(']');
      return true;
    case ExprKind::kUnary:
      out->push_back(' ');
      out->append(OpSpelling(expr.op()));
      return AppendOldExpr(*children[0], false, out);
    case ExprKind::kBinary:
      if (!AppendOldExpr(*children[0], false, out)) return false;
      out->push_back(' ');
      out->append(OldOperatorSpelling(expr.op()));
      out->push_back(' ');
      return AppendOldExpr(*children[1], false, out);
    case ExprKind::kConditional:
      if (!AppendOldExpr(*children[0], false, out)) return false;
      out->append(" ? ");
      if (!AppendOldExpr(*children[1], false, out)) return false;
      out->append(" : ");
      return AppendOldExpr(*children[2], false, out);
    case ExprKind::kElvis:
      if (!AppendOldExpr(*children[0], false, out)) return false;
      out->append(" ?: ");
      return AppendOldExpr(*children[1], false, out);
    case ExprKind::kCall:
      out->append(expr.name());
      out->push_back('(');
      for (size_t i = 0; i < children.size(); ++i) {
        if (i > 0) out->push_back(',');
        if (!AppendOldExpr(*children[i], false, out)) return false;
      }
      out->push_back(')');
      return true;
    case ExprKind::kList:
      return AppendOldList(children, out);
    case ExprKind::kAd:
      return AppendOldAdBody(*expr.ad(), out);
    case ExprKind::kParens:
      out->push_back('(');
      if (!AppendOldExpr(*children[0], false, out)) return false;
      out->push_back(')');
      return true;
  }
  return false;
}

namespace ad_io_internal {

std::unique_ptr<FormatReader> MakeOldFormatReader(TextCursor* cursor, const AdReadOptions& options) {
  return std::make_unique<OldFormatReader>(cursor, options);
}

Status AppendOldAd(const ClassAd& ad, AttributeOrder order, std::string* out) {
  const size_t mark = out->size();
  for (const Attribute& attribute : OrderedAttributes(ad, order)) {
    bool ok = AppendOldAttributeName(attribute.name, true, out);
    if (ok) {
      out->append(" = ");
      ok = AppendOldExpr(*attribute.expr, true, out);
    }
    if (!ok) {
      out->resize(mark);
      return Status(StatusCode::kInvalidArgument,
                    "attribute '" + std::string(attribute.name) +
                        "' cannot be written in old ClassAd syntax (a string or name holds a "
                        "line break, a NUL byte or a trailing backslash)");
    }
    out->push_back('\n');
  }
  out->push_back('\n');
  return Status::Ok();
}

}  // namespace ad_io_internal
}  // namespace classad
