// JsonWriter: a small streaming writer of indented JSON, for the tools'
// reports (policy_explain, the negotiator, policy_lint). Strings are written as valid UTF-8: a byte that does not
// belong to a valid UTF-8 sequence (ad values may hold any bytes) becomes
// U+FFFD, control characters are escaped. Numbers that are not finite are
// written as the strings "NaN", "INF", "-INF" (JSON has no such numbers).
#ifndef CLASSAD_JSON_WRITER_H_
#define CLASSAD_JSON_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "classad/value.h"

namespace classad {

// Builds one JSON document. Calls must nest properly (the writer does not
// check): inside an object, Key() before every value. Not thread-safe.
class JsonWriter {
 public:
  void BeginObject();
  void EndObject();
  void BeginArray();
  void EndArray();
  void Key(std::string_view key);
  void String(std::string_view text);
  void Number(double number);
  void Integer(int64_t number);
  void Bool(bool value);
  void Null();
  // A ClassAd value as {"type": ..., "value": ...}: "value" is the JSON
  // boolean, number or string for those types, the ClassAd text for
  // absolute times, lists and ads, seconds for relative times, and left
  // out for undefined and error.
  void ClassAdValue(const classad::Value& value);

  // The document, with a final newline once the outermost value is closed.
  const std::string& text() const { return out_; }

 private:
  // Separator and indentation before a value (not after a key).
  void BeforeValue();
  void Open(char bracket);
  void Close(char bracket);

  std::string out_;
  // One entry per open container: whether it has a member yet.
  std::vector<bool> has_member_;
  bool after_key_ = false;
};

// `text` as a JSON string literal (see JsonWriter).
std::string JsonQuote(std::string_view text);

}  // namespace classad

#endif  // CLASSAD_JSON_WRITER_H_
