#include "classad/json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "classad/unparse.h"
#include "classad/utf8.h"

namespace classad {
namespace {


}  // namespace

std::string JsonQuote(std::string_view text) {
  std::string out = "\"";
  while (!text.empty()) {
    const unsigned char c = static_cast<unsigned char>(text[0]);
    const size_t n = Utf8SequenceLength(text);
    if (n == 0) {
      out += "\\ufffd";
      text.remove_prefix(1);
      continue;
    }
    if (n > 1) {
      out.append(text.data(), n);
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7F) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out += buffer;
    } else {
      out.push_back(static_cast<char>(c));
    }
    text.remove_prefix(n);
  }
  return out + "\"";
}

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (has_member_.empty()) return;
  if (has_member_.back()) out_ += ',';
  has_member_.back() = true;
  out_ += '\n';
  out_.append(2 * has_member_.size(), ' ');
}

void JsonWriter::Open(char bracket) {
  BeforeValue();
  out_ += bracket;
  has_member_.push_back(false);
}

void JsonWriter::Close(char bracket) {
  const bool had_members = has_member_.back();
  has_member_.pop_back();
  if (had_members) {
    out_ += '\n';
    out_.append(2 * has_member_.size(), ' ');
  }
  out_ += bracket;
  if (has_member_.empty()) out_ += '\n';
}

void JsonWriter::BeginObject() { Open('{'); }
void JsonWriter::EndObject() { Close('}'); }
void JsonWriter::BeginArray() { Open('['); }
void JsonWriter::EndArray() { Close(']'); }

void JsonWriter::Key(std::string_view key) {
  BeforeValue();
  out_ += JsonQuote(key);
  out_ += ": ";
  after_key_ = true;
}

void JsonWriter::String(std::string_view text) {
  BeforeValue();
  out_ += JsonQuote(text);
}

void JsonWriter::Number(double number) {
  if (!std::isfinite(number)) {
    String(std::isnan(number) ? "NaN" : number > 0 ? "INF" : "-INF");
    return;
  }
  BeforeValue();
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, number);
  if (ec != std::errc()) {
    out_ += "0";
    return;
  }
  out_.append(buffer, end);
}

void JsonWriter::Integer(int64_t number) {
  BeforeValue();
  out_ += std::to_string(number);
}

void JsonWriter::Bool(bool value) {
  BeforeValue();
  out_ += value ? "true" : "false";
}

void JsonWriter::Null() {
  BeforeValue();
  out_ += "null";
}

void JsonWriter::ClassAdValue(const classad::Value& value) {
  BeginObject();
  Key("type");
  switch (value.type()) {
    case classad::ValueType::kUndefined:
      String("undefined");
      break;
    case classad::ValueType::kError:
      String("error");
      break;
    case classad::ValueType::kBoolean:
      String("boolean");
      Key("value");
      Bool(value.boolean());
      break;
    case classad::ValueType::kInteger:
      String("integer");
      Key("value");
      Integer(value.integer());
      break;
    case classad::ValueType::kReal:
      String("real");
      Key("value");
      Number(value.real());
      break;
    case classad::ValueType::kRelTime:
      String("reltime");
      Key("value");
      Number(value.reltime());
      break;
    case classad::ValueType::kString:
      String("string");
      Key("value");
      String(value.string());
      break;
    case classad::ValueType::kAbsTime:
      String("abstime");
      Key("value");
      String(classad::UnparseValue(value));
      break;
    case classad::ValueType::kList:
      String("list");
      Key("value");
      String(classad::UnparseValue(value));
      break;
    case classad::ValueType::kAd:
      String("ad");
      Key("value");
      String(classad::UnparseValue(value));
      break;
  }
  EndObject();
}

}  // namespace classad
