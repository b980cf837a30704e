// HTCondor's JSON form of ads (its jsonSink/jsonSource): an ad is an
// object, a list an array, undefined is null, strings, numbers and booleans
// are JSON scalars, and every other expression is a string
// "\/Expr(<new syntax>)\/". A file holds one object, several objects in a
// row, or arrays of objects (what `condor_q -json` prints).
//
// Like HTCondor's reader we accept stray commas between attributes and a
// trailing comma in arrays, keywords in any case, and unknown escapes
// (`\x` is `x`); a string is an expression only when its raw text starts
// and ends with `\/` and reads "/Expr(...)/" once unescaped.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "classad/ad_io.h"
#include "classad/formats/ad_io_internal.h"
#include "classad/utf8.h"
#include "classad/parser.h"
#include "classad/unparse.h"

namespace classad {
namespace ad_io_internal {
namespace {

bool IsJsonBlank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool IsDigit(int c) { return c >= '0' && c <= '9'; }
bool IsAlpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

int HexValue(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}


bool StartsWithNoCase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    char a = text[i], b = prefix[i];
    if (a >= 'A' && a <= 'Z') a = static_cast<char>(a - 'A' + 'a');
    if (b >= 'A' && b <= 'Z') b = static_cast<char>(b - 'A' + 'a');
    if (a != b) return false;
  }
  return true;
}

class JsonFormatReader : public FormatReader {
 public:
  JsonFormatReader(TextCursor* cursor, const AdReadOptions& options)
      : cursor_(cursor), options_(options), limits_(options.parse.limits) {}

  bool Next(std::shared_ptr<ClassAd>* ad, Status* status) override {
    for (;;) {
      SkipBlanks();
      int c = cursor_->Peek();
      if (in_array_) {
        if (c == ']') {
          cursor_->Get();
          in_array_ = false;
          continue;
        }
        if (c == -1) return Fail(status, "the JSON array opened here is not closed with ']'", array_start_);
        if (need_comma_) {
          if (c != ',') return FailHere(status, "expected ',' or ']' after an ad, found " + DescribeByte(c));
          cursor_->Get();
          need_comma_ = false;
          continue;
        }
        if (c != '{') return FailHere(status, "expected '{' to start an ad, found " + DescribeByte(c));
        need_comma_ = true;
        return ParseTopLevelObject(ad, status);
      }
      if (c == -1) return false;
      if (c == '[') {
        array_start_ = cursor_->location();
        cursor_->Get();
        in_array_ = true;
        need_comma_ = false;
        continue;
      }
      if (c == '{') return ParseTopLevelObject(ad, status);
      return FailHere(status, "expected '[' or '{' to start JSON ads, found " + DescribeByte(c));
    }
  }

 private:
  bool ParseTopLevelObject(std::shared_ptr<ClassAd>* ad, Status* status) {
    std::shared_ptr<ClassAd> parsed;
    if (!ParseObject(1, &parsed)) {
      *status = std::move(error_);
      return false;
    }
    *ad = std::move(parsed);
    return true;
  }

  bool Fail(Status* status, const std::string& message, SourceLocation where) {
    *status = Status(StatusCode::kParseError, message, std::move(where));
    return false;
  }
  bool FailHere(Status* status, const std::string& message) {
    return Fail(status, message, cursor_->location());
  }
  // Records an error for the recursive parser; always returns false.
  bool Error(const std::string& message, SourceLocation where,
             StatusCode code = StatusCode::kParseError) {
    error_ = Status(code, message, std::move(where));
    return false;
  }
  bool ErrorHere(const std::string& message) { return Error(message, cursor_->location()); }

  void SkipBlanks() {
    while (IsJsonBlank(cursor_->Peek())) cursor_->Get();
  }

  bool CheckDepth(int depth) {
    if (depth > limits_.max_nesting_depth) {
      return Error("JSON nesting is deeper than the limit of " +
                       std::to_string(limits_.max_nesting_depth),
                   cursor_->location(), StatusCode::kLimitExceeded);
    }
    return true;
  }

  bool ParseObject(int depth, std::shared_ptr<ClassAd>* out) {
    if (!CheckDepth(depth)) return false;
    SourceLocation start = cursor_->location();
    cursor_->Get();  // '{'
    auto ad = std::make_shared<ClassAd>();
    std::string name;
    for (;;) {
      SkipBlanks();
      int c = cursor_->Peek();
      if (c == '}') {
        cursor_->Get();
        break;
      }
      if (c == ',') {  // HTCondor tolerates stray commas
        cursor_->Get();
        continue;
      }
      if (c == -1) return Error("the JSON object opened here is not closed with '}'", start);
      if (c != '"') return ErrorHere("expected '\"' to start an attribute name, or '}', found " + DescribeByte(c));
      SourceLocation name_start = cursor_->location();
      if (!ParseString(&name, nullptr)) return false;
      if (name.empty()) return Error("empty attribute name", name_start);
      SkipBlanks();
      c = cursor_->Peek();
      if (c != ':') return ErrorHere("expected ':' after the attribute name, found " + DescribeByte(c));
      cursor_->Get();
      SkipBlanks();
      ExprPtr value;
      if (!ParseValue(depth, &value)) return false;
      if (ad->size() >= limits_.max_ad_attributes && !ad->Find(name)) {
        return Error("ad has more than the limit of " + std::to_string(limits_.max_ad_attributes) +
                         " attributes",
                     name_start, StatusCode::kLimitExceeded);
      }
      ad->Insert(name, std::move(value));
      SkipBlanks();
      c = cursor_->Peek();
      if (c != ',' && c != '}') {
        return ErrorHere("expected ',' or '}' after an attribute value, found " + DescribeByte(c));
      }
    }
    *out = std::move(ad);
    return true;
  }

  bool ParseArray(int depth, ExprPtr* out) {
    if (!CheckDepth(depth)) return false;
    SourceLocation start = cursor_->location();
    cursor_->Get();  // '['
    std::vector<ExprPtr> items;
    for (;;) {
      SkipBlanks();
      int c = cursor_->Peek();
      if (c == ']') {
        cursor_->Get();
        break;
      }
      if (c == -1) return Error("the JSON array opened here is not closed with ']'", start);
      if (items.size() >= limits_.max_list_items) {
        return Error("list has more than the limit of " + std::to_string(limits_.max_list_items) +
                         " items",
                     cursor_->location(), StatusCode::kLimitExceeded);
      }
      ExprPtr item;
      if (!ParseValue(depth, &item)) return false;
      items.push_back(std::move(item));
      SkipBlanks();
      c = cursor_->Peek();
      if (c == ',') {
        cursor_->Get();
      } else if (c != ']') {
        return ErrorHere("expected ',' or ']' after a list item, found " + DescribeByte(c));
      }
    }
    *out = Expr::List(std::move(items));
    return true;
  }

  bool ParseValue(int depth, ExprPtr* out) {
    int c = cursor_->Peek();
    if (c == '{') {
      std::shared_ptr<ClassAd> nested;
      if (!ParseObject(depth + 1, &nested)) return false;
      *out = Expr::Ad(std::move(nested));
      return true;
    }
    if (c == '[') return ParseArray(depth + 1, out);
    if (c == '"') return ParseStringValue(out);
    if (c == '-' || IsDigit(c)) return ParseNumber(out);
    if (IsAlpha(c)) return ParseKeyword(out);
    return ErrorHere("expected a JSON value, found " + DescribeByte(c));
  }

  bool ParseKeyword(ExprPtr* out) {
    SourceLocation start = cursor_->location();
    std::string word;
    while (IsAlpha(cursor_->Peek()) && word.size() < 32) word.push_back(static_cast<char>(cursor_->Get()));
    if (AttributeNamesEqual(word, "true")) {
      *out = Expr::Literal(Value::Boolean(true));
    } else if (AttributeNamesEqual(word, "false")) {
      *out = Expr::Literal(Value::Boolean(false));
    } else if (AttributeNamesEqual(word, "null")) {
      *out = Expr::Literal(Value::Undefined());
    } else {
      return Error("unknown word '" + word + "' (expected true, false or null)", start);
    }
    return true;
  }

  bool ParseNumber(ExprPtr* out) {
    SourceLocation start = cursor_->location();
    std::string text;
    auto take_digits = [&]() {
      size_t before = text.size();
      while (IsDigit(cursor_->Peek()) && text.size() < 400) text.push_back(static_cast<char>(cursor_->Get()));
      return text.size() > before;
    };
    bool is_real = false;
    if (cursor_->Peek() == '-') text.push_back(static_cast<char>(cursor_->Get()));
    bool ok = take_digits();
    if (ok && cursor_->Peek() == '.') {
      is_real = true;
      text.push_back(static_cast<char>(cursor_->Get()));
      ok = take_digits();
    }
    if (ok && (cursor_->Peek() == 'e' || cursor_->Peek() == 'E')) {
      is_real = true;
      text.push_back(static_cast<char>(cursor_->Get()));
      if (cursor_->Peek() == '+' || cursor_->Peek() == '-') text.push_back(static_cast<char>(cursor_->Get()));
      ok = take_digits();
    }
    int next = cursor_->Peek();
    if (!ok || IsAlpha(next) || IsDigit(next) || next == '.' || next == '_') {
      return Error("invalid number '" + text + (next >= 0x20 && next < 0x7F ? std::string(1, static_cast<char>(next)) : "") + "'", start);
    }
    const char* first = text.data();
    const char* last = text.data() + text.size();
    if (!is_real) {
      int64_t value = 0;
      auto result = std::from_chars(first, last, value);
      if (result.ec != std::errc() || result.ptr != last) {
        // HTCondor's JSON reader uses its ClassAd lexer, which ignores
        // std::from_chars's failure: an integer beyond 64 bits reads as 0.
        value = 0;
      }
      *out = Expr::Literal(Value::Integer(value));
      return true;
    }
    double value = 0;
    auto result = std::from_chars(first, last, value);
    if (result.ec == std::errc::result_out_of_range) {
      // As strtod (HTCondor's reader, and our expression parser): beyond
      // the largest real is an infinity, below the smallest subnormal zero.
      size_t e = text.find_first_of("eE");
      bool negative_exponent = e != std::string::npos && e + 1 < text.size() && text[e + 1] == '-';
      double magnitude = negative_exponent ? 0.0 : HUGE_VAL;
      value = text[0] == '-' ? -magnitude : magnitude;
    } else if (result.ec != std::errc() || result.ptr != last) {
      return Error("invalid number '" + text + "'", start);
    }
    *out = Expr::Literal(Value::Real(value));
    return true;
  }

  // Reads a JSON string (the cursor is on its opening quote). `raw`, when
  // not null, receives the text between the quotes as written.
  bool ParseString(std::string* value, std::string* raw) {
    SourceLocation start = cursor_->location();
    cursor_->Get();  // '"'
    value->clear();
    if (raw != nullptr) raw->clear();
    for (;;) {
      if (value->size() > limits_.max_string_bytes) {
        return Error("string is longer than the limit of " + std::to_string(limits_.max_string_bytes) +
                         " bytes",
                     start, StatusCode::kLimitExceeded);
      }
      int c = cursor_->Peek();
      if (c == -1) return Error("string is not closed with '\"'", start);
      if (c == 0) return ErrorHere("unexpected NUL byte");
      int line = cursor_->line(), column = cursor_->column();
      cursor_->Get();
      if (c == '"') return true;
      if (raw != nullptr) raw->push_back(static_cast<char>(c));
      if (c != '\\') {
        value->push_back(static_cast<char>(c));
        continue;
      }
      int e = cursor_->Peek();
      if (e == -1) continue;  // reported as unterminated
      if (e == 0) return ErrorHere("unexpected NUL byte");
      cursor_->Get();
      if (raw != nullptr) raw->push_back(static_cast<char>(e));
      switch (e) {
        case 'b': value->push_back('\b'); break;
        case 'f': value->push_back('\f'); break;
        case 'n': value->push_back('\n'); break;
        case 'r': value->push_back('\r'); break;
        case 't': value->push_back('\t'); break;
        case 'u': {
          SourceLocation escape{cursor_->name(), line, column};
          uint32_t code = 0;
          if (!ReadHex4(&code, raw)) return Error("expected four hex digits after \\u", escape);
          if (code >= 0xD800 && code <= 0xDBFF) {
            uint32_t low = 0;
            if (cursor_->Peek() != '\\' || cursor_->Peek(1) != 'u') {
              return Error("\\u escape is half of a UTF-16 surrogate pair", escape);
            }
            for (int i = 0; i < 2; ++i) {
              int b = cursor_->Get();
              if (raw != nullptr) raw->push_back(static_cast<char>(b));
            }
            if (!ReadHex4(&low, raw) || low < 0xDC00 || low > 0xDFFF) {
              return Error("\\u escape is half of a UTF-16 surrogate pair", escape);
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          } else if (code >= 0xDC00 && code <= 0xDFFF) {
            return Error("\\u escape is half of a UTF-16 surrogate pair", escape);
          }
          if (code == 0) return Error("\\u0000 (a NUL character) is not allowed in a string", escape);
          AppendUtf8(code, value);
          break;
        }
        default:  // \" \\ \/ and, as HTCondor does, any other character
          value->push_back(static_cast<char>(e));
          break;
      }
    }
  }

  bool ReadHex4(uint32_t* code, std::string* raw) {
    for (int i = 0; i < 4; ++i) {
      int digit = HexValue(cursor_->Peek());
      if (digit < 0) return false;
      int c = cursor_->Get();
      if (raw != nullptr) raw->push_back(static_cast<char>(c));
      *code = (*code << 4) | static_cast<uint32_t>(digit);
    }
    return true;
  }

  bool ParseStringValue(ExprPtr* out) {
    SourceLocation start = cursor_->location();
    std::string value, raw;
    if (!ParseString(&value, &raw)) return false;
    bool quoted_expr = raw.size() >= 4 && raw.compare(0, 2, "\\/") == 0 &&
                       raw.compare(raw.size() - 2, 2, "\\/") == 0 && value.size() >= 8 &&
                       StartsWithNoCase(value, "/Expr(") &&
                       value.compare(value.size() - 2, 2, ")/") == 0;
    if (!quoted_expr) {
      *out = Expr::Literal(Value::String(std::move(value)));
      return true;
    }
    std::string_view inner = std::string_view(value).substr(6, value.size() - 8);
    if (FindInvalidUtf8(inner) != std::string_view::npos) {
      return Error("invalid UTF-8 in a \"\\/Expr(...)\\/\" expression", start);
    }
    Result<ExprPtr> expr = ParseExpression(inner, options_.parse);
    if (!expr.ok()) {
      std::string message = "invalid expression in \"\\/Expr(...)\\/\"";
      if (expr.status().where().column > 0) {
        message += " at column " + std::to_string(expr.status().where().column) + " of the expression";
      }
      return Error(message + ": " + expr.status().message(), start, expr.status().code());
    }
    *out = std::move(expr).value();
    return true;
  }

  TextCursor* cursor_;
  AdReadOptions options_;
  const Limits& limits_;
  bool in_array_ = false;
  bool need_comma_ = false;
  SourceLocation array_start_;
  Status error_;
};

// ---------------------------------------------------------------- writing

class JsonWriter {
 public:
  JsonWriter(bool pretty, std::string* out) : pretty_(pretty), out_(out) {}

  void WriteAd(const std::vector<Attribute>& attributes) {
    out_->push_back('{');
    indent_ += 2;
    for (size_t i = 0; i < attributes.size(); ++i) {
      if (i > 0) out_->push_back(',');
      NewLine();
      out_->push_back('"');
      AppendJsonEscaped(attributes[i].name, out_);
      out_->append("\": ");
      WriteExpr(*attributes[i].expr);
    }
    indent_ -= 2;
    NewLine();
    out_->push_back('}');
  }

  void WriteExpr(const Expr& expr) {
    switch (expr.kind()) {
      case ExprKind::kLiteral:
        WriteValue(expr.literal());
        return;
      case ExprKind::kList:
        WriteList(expr.children());
        return;
      case ExprKind::kAd:
        WriteAd(AttributesInPrintOrder(*expr.ad()));
        return;
      default:
        WriteQuotedExpr(Unparse(expr));
        return;
    }
  }

 private:
  void NewLine() {
    if (!pretty_) return;
    out_->push_back('\n');
    out_->append(static_cast<size_t>(indent_), ' ');
  }

  void WriteList(std::span<const ExprPtr> items) {
    out_->push_back('[');
    indent_ += 2;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out_->push_back(',');
      NewLine();
      WriteExpr(*items[i]);
    }
    indent_ -= 2;
    NewLine();
    out_->push_back(']');
  }

  void WriteQuotedExpr(std::string_view text) {
    out_->append("\"\\/Expr(");
    AppendJsonEscaped(text, out_);
    out_->append(")\\/\"");
  }

  void WriteValue(const Value& value) {
    switch (value.type()) {
      case ValueType::kString:
        out_->push_back('"');
        AppendJsonEscaped(value.string(), out_);
        out_->push_back('"');
        return;
      case ValueType::kInteger:
        out_->append(std::to_string(value.integer()));
        return;
      case ValueType::kReal: {
        double real = value.real();
        if (std::isnan(real) || std::isinf(real)) {
          std::string text;
          AppendOldReal(real, &text);  // real("NaN"), real("INF"), real("-INF")
          WriteQuotedExpr(text);
        } else {
          AppendOldReal(real, out_);
        }
        return;
      }
      case ValueType::kBoolean:
        out_->append(value.boolean() ? "true" : "false");
        return;
      case ValueType::kUndefined:
        out_->append("null");
        return;
      case ValueType::kList:
        WriteList(value.list());
        return;
      case ValueType::kAd:
        WriteAd(AttributesInPrintOrder(value.ad()));
        return;
      case ValueType::kError:
      case ValueType::kAbsTime:
      case ValueType::kRelTime:
        WriteQuotedExpr(UnparseValue(value));
        return;
    }
  }

  bool pretty_;
  std::string* out_;
  int indent_ = 0;
};

}  // namespace

std::unique_ptr<FormatReader> MakeJsonFormatReader(TextCursor* cursor, const AdReadOptions& options) {
  return std::make_unique<JsonFormatReader>(cursor, options);
}

void AppendJsonAd(const ClassAd& ad, AttributeOrder order, bool pretty, std::string* out) {
  JsonWriter(pretty, out).WriteAd(OrderedAttributes(ad, order));
}

}  // namespace ad_io_internal

void AppendJsonExpr(const Expr& expr, bool pretty, std::string* out) {
  ad_io_internal::JsonWriter(pretty, out).WriteExpr(expr);
}

void AppendJsonEscaped(std::string_view text, std::string* out) {
  static const char kHex[] = "0123456789ABCDEF";
  for (char ch : text) {
    switch (ch) {
      case '"': out->append("\\\""); continue;
      case '\\': out->append("\\\\"); continue;
      case '\b': out->append("\\b"); continue;
      case '\f': out->append("\\f"); continue;
      case '\n': out->append("\\n"); continue;
      case '\r': out->append("\\r"); continue;
      case '\t': out->append("\\t"); continue;
      default: break;
    }
    unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20) {
      out->append("\\u00");
      out->push_back(kHex[c >> 4]);
      out->push_back(kHex[c & 0xF]);
    } else {
      out->push_back(ch);
    }
  }
}

}  // namespace classad
