// The accountant's JSON document (accountant_json.h): a writer, and a small
// strict reader that follows the document's fixed shape. The language
// floor's JSON reader (classad/ad_format_json.cc) reads HTCondor's lenient
// dialect of ads (stray commas, keywords in any case, unknown escapes) and
// keeps numbers as ClassAd values, so it cannot give the exactness and the
// strictness this format promises; this reader is its own.
#include "negotiator/accountant/accountant_json.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include "classad/json_writer.h"
#include "classad/utf8.h"

namespace negotiator {
namespace {

using classad::Result;
using classad::SourceLocation;
using classad::Status;
using classad::StatusCode;

// One attribute of a record: its HTCondor name and the member it maps to
// (exactly one of the four pointers is set).
template <typename Record>
struct Field {
  std::string_view name;
  double Record::*real = nullptr;
  int64_t Record::*integer = nullptr;
  std::string Record::*text = nullptr;
  bool Record::*boolean = nullptr;
};

// The customer attributes, in the order they are written.
const Field<CustomerRecord> kCustomerFields[] = {
    {"Priority", &CustomerRecord::priority},
    {"PriorityFactor", &CustomerRecord::priority_factor},
    {"Ceiling", nullptr, &CustomerRecord::ceiling},
    {"Floor", nullptr, &CustomerRecord::floor},
    {"ResourcesUsed", nullptr, &CustomerRecord::resources_used},
    {"WeightedResourcesUsed", &CustomerRecord::weighted_resources_used},
    {"HierWeightedResourcesUsed", &CustomerRecord::hier_weighted_resources_used},
    {"UnchargedTime", nullptr, &CustomerRecord::uncharged_time},
    {"WeightedUnchargedTime", &CustomerRecord::weighted_uncharged_time},
    {"AccumulatedUsage", &CustomerRecord::accumulated_usage},
    {"WeightedAccumulatedUsage", &CustomerRecord::weighted_accumulated_usage},
    {"BeginUsageTime", nullptr, &CustomerRecord::begin_usage_time},
    {"LastUsageTime", nullptr, &CustomerRecord::last_usage_time},
};

// The resource attributes, in the order they are written.
const Field<ResourceRecord> kResourceFields[] = {
    {"RemoteUser", nullptr, nullptr, &ResourceRecord::remote_user},
    {"SlotWeight", &ResourceRecord::slot_weight},
    {"StartTime", nullptr, &ResourceRecord::start_time},
    {"MatchedConcurrencyLimits", nullptr, nullptr, &ResourceRecord::matched_concurrency_limits},
    {"NumCpMatches", nullptr, &ResourceRecord::num_cp_matches},
};

// The group quota attributes, in the order they are written.
const Field<GroupQuotaRecord> kGroupQuotaFields[] = {
    {"StaticQuota", nullptr, nullptr, nullptr, &GroupQuotaRecord::static_quota},
    {"ConfigQuota", &GroupQuotaRecord::configured_quota},
    {"SubtreeQuota", &GroupQuotaRecord::subtree_quota},
    {"EffectiveQuota", &GroupQuotaRecord::effective_quota},
    {"Requested", &GroupQuotaRecord::requested},
    {"SurplusReceived", &GroupQuotaRecord::surplus},
    {"Allocated", &GroupQuotaRecord::allocated},
    {"WeightedResourcesUsed", &GroupQuotaRecord::usage},
    {"CycleTime", nullptr, &GroupQuotaRecord::cycle_time},
};

// What a table's record names are, for messages, and whether a blank is
// allowed in one (HTCondor refuses blanks in submitter and group names).
struct NameRule {
  std::string_view kind;
  bool spaces_allowed;
  std::string_view why_no_spaces;
};
constexpr NameRule kCustomerNames{"customer", false, "HTCondor refuses submitter names with blanks"};
constexpr NameRule kResourceNames{"resource", true, ""};
constexpr NameRule kGroupNames{"group", false, "GROUP_NAMES cannot name a group with a blank"};

// ---------------------------------------------------------------- writing

// The floor's JSON quoting: a byte that is not UTF-8 (a name that came
// from an escape in an ad) is written as U+FFFD, so the export always
// reads back.
void AppendQuoted(std::string_view text, std::string* out) { out->append(classad::JsonQuote(text)); }

void AppendReal(double value, std::string* out) {
  if (!std::isfinite(value)) {
    out->append("null");
    return;
  }
  char buffer[32];
  // Without a precision, to_chars writes the shortest form that reads back
  // to the same value.
  const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof(buffer), value);
  out->append(buffer, r.ptr);
}

void AppendInteger(int64_t value, std::string* out) {
  char buffer[24];
  const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof(buffer), value);
  out->append(buffer, r.ptr);
}

template <typename Record, size_t N>
void AppendRecord(const Record& record, const Field<Record> (&fields)[N], std::string* out) {
  out->append("{\n");
  for (size_t i = 0; i < N; ++i) {
    const Field<Record>& f = fields[i];
    out->append("      ");
    AppendQuoted(f.name, out);
    out->append(": ");
    if (f.real != nullptr) {
      AppendReal(record.*f.real, out);
    } else if (f.integer != nullptr) {
      AppendInteger(record.*f.integer, out);
    } else if (f.boolean != nullptr) {
      out->append(record.*f.boolean ? "true" : "false");
    } else {
      AppendQuoted(record.*f.text, out);
    }
    out->append(i + 1 < N ? ",\n" : "\n");
  }
  out->append("    }");
}

// Appends `"Key": { "name": {...}, ... }` with the records sorted by name.
template <typename Record, size_t N>
void AppendTable(std::string_view key, const std::vector<Record>& records,
                 const Field<Record> (&fields)[N], std::string* out) {
  std::vector<const Record*> sorted;
  sorted.reserve(records.size());
  for (const Record& r : records) sorted.push_back(&r);
  std::sort(sorted.begin(), sorted.end(),
            [](const Record* a, const Record* b) { return a->name < b->name; });
  out->append("  ");
  AppendQuoted(key, out);
  if (sorted.empty()) {
    out->append(": {}");
    return;
  }
  out->append(": {\n");
  for (size_t i = 0; i < sorted.size(); ++i) {
    out->append("    ");
    AppendQuoted(sorted[i]->name, out);
    out->append(": ");
    AppendRecord(*sorted[i], fields, out);
    out->append(i + 1 < sorted.size() ? ",\n" : "\n");
  }
  out->append("  }");
}

// ---------------------------------------------------------------- reading

// A number as written: its text, and whether it is an integer (no
// fraction, no exponent).
struct NumberToken {
  std::string_view text;
  bool integer = true;
};

// The reader: a cursor over the text with line and column, and the
// document's shape.
class Reader {
 public:
  Reader(std::string_view text, const std::string& source, const AccountantJsonOptions& options)
      : text_(text), source_(source), options_(options) {}

  Result<AccountantSnapshot> ReadDocument();

 private:
  // ---- the cursor
  bool AtEnd() const { return pos_ >= text_.size(); }
  unsigned char Peek() const { return static_cast<unsigned char>(text_[pos_]); }
  void Advance() {
    const unsigned char c = Peek();
    ++pos_;
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++column_;  // a continuation byte is part of the code point before it
    }
  }
  SourceLocation Here() const { return SourceLocation{source_, line_, column_}; }
  void SkipBlanks() {
    while (!AtEnd() && (Peek() == ' ' || Peek() == '\t' || Peek() == '\n' || Peek() == '\r')) {
      Advance();
    }
  }
  Status Error(const SourceLocation& at, std::string message,
               StatusCode code = StatusCode::kParseError) const {
    return Status(code, std::move(message), at);
  }
  // What stands at the cursor, for "expected X, found Y".
  std::string Found() const;
  // Consumes `c` (after blanks) or fails with "expected <what>".
  Status Expect(char c, std::string_view what);

  // ---- values
  Status ReadString(std::string* out);
  Status ReadNumber(NumberToken* out);
  Status ReadReal(std::string_view key, double* out);
  Status ReadInteger(std::string_view key, int64_t* out);
  Status ReadText(std::string_view key, std::string* out);
  Status ReadBoolean(std::string_view key, bool* out);

  // Reads `{ "key": value, ... }` (the cursor on its first blank or `{`):
  // `member(key, where)` is called with the cursor after the colon and must
  // read the value. `what` names the object in messages.
  template <typename Member>
  Status ReadObject(std::string_view what, Member&& member);

  template <typename Record, size_t N>
  Status ReadRecord(const Field<Record> (&fields)[N], Record* record);
  template <typename Record, size_t N>
  Status ReadTable(std::string_view what, const NameRule& rule, const Field<Record> (&fields)[N],
                   std::vector<Record>* out);
  // Checks a record name: not empty, no control characters, and no spaces
  // unless `rule` allows them.
  Status CheckName(std::string_view name, const NameRule& rule, const SourceLocation& at) const;

  std::string_view text_;
  const std::string& source_;
  const AccountantJsonOptions& options_;
  size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
  size_t records_ = 0;
};

std::string Reader::Found() const {
  if (AtEnd()) return "the end of the input";
  const unsigned char c = Peek();
  switch (c) {
    case '{':
      return "an object";
    case '[':
      return "an array";
    case '"':
      return "a string";
    case 't':
    case 'f':
      return text_.substr(pos_, 4) == "true" || text_.substr(pos_, 5) == "false"
                 ? "a boolean"
                 : "'" + std::string(1, static_cast<char>(c)) + "'";
    case 'n':
      return text_.substr(pos_, 4) == "null" ? "null" : "'n'";
    default:
      break;
  }
  if (c == '-' || (c >= '0' && c <= '9')) return "a number";
  if (c >= 0x21 && c < 0x7f) return "'" + std::string(1, static_cast<char>(c)) + "'";
  static constexpr char kHex[] = "0123456789ABCDEF";
  return std::string("the byte 0x") + kHex[c >> 4] + kHex[c & 0xf];
}

Status Reader::Expect(char c, std::string_view what) {
  SkipBlanks();
  if (AtEnd() || Peek() != static_cast<unsigned char>(c)) {
    return Error(Here(), "expected " + std::string(what) + ", found " + Found());
  }
  Advance();
  return Status::Ok();
}


int HexDigit(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Status Reader::ReadString(std::string* out) {
  out->clear();
  const SourceLocation start = Here();
  Advance();  // the opening quote
  for (;;) {
    if (AtEnd()) return Error(start, "this string is not closed");
    if (out->size() > options_.max_string_bytes) {
      return Error(start,
                   "this string is longer than the limit of " +
                       std::to_string(options_.max_string_bytes) + " bytes",
                   StatusCode::kLimitExceeded);
    }
    const unsigned char c = Peek();
    if (c == '"') {
      Advance();
      break;
    }
    if (c < 0x20) {
      return Error(Here(), "a control character (byte " + std::to_string(c) +
                               ") must be escaped inside a string");
    }
    if (c != '\\') {
      const size_t n = classad::Utf8SequenceLength(text_.substr(pos_));
      if (n == 0) return Error(Here(), "this string is not valid UTF-8");
      out->append(text_.substr(pos_, n));
      for (size_t i = 0; i < n; ++i) Advance();
      continue;
    }
    const SourceLocation escape_at = Here();
    Advance();
    if (AtEnd()) return Error(start, "this string is not closed");
    const unsigned char e = Peek();
    Advance();
    switch (e) {
      case '"':
      case '\\':
      case '/':
        out->push_back(static_cast<char>(e));
        continue;
      case 'b':
        out->push_back('\b');
        continue;
      case 'f':
        out->push_back('\f');
        continue;
      case 'n':
        out->push_back('\n');
        continue;
      case 'r':
        out->push_back('\r');
        continue;
      case 't':
        out->push_back('\t');
        continue;
      case 'u':
        break;
      default:
        return Error(escape_at, "unknown escape \\" + std::string(1, static_cast<char>(e)) +
                                    " (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
    }
    // \uXXXX, and a low surrogate after a high one.
    auto read_hex4 = [&](uint32_t* code) {
      uint32_t value = 0;
      for (int i = 0; i < 4; ++i) {
        const int d = AtEnd() ? -1 : HexDigit(Peek());
        if (d < 0) return false;
        value = (value << 4) | static_cast<uint32_t>(d);
        Advance();
      }
      *code = value;
      return true;
    };
    uint32_t code;
    if (!read_hex4(&code)) return Error(escape_at, "\\u must be followed by four hex digits");
    if (code >= 0xDC00 && code <= 0xDFFF) {
      return Error(escape_at, "\\u escape of a lone low surrogate");
    }
    if (code >= 0xD800 && code <= 0xDBFF) {
      uint32_t low;
      if (text_.substr(pos_, 2) != "\\u") {
        return Error(escape_at, "\\u escape of a high surrogate not followed by a low one");
      }
      Advance();
      Advance();
      if (!read_hex4(&low) || low < 0xDC00 || low > 0xDFFF) {
        return Error(escape_at, "\\u escape of a high surrogate not followed by a low one");
      }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    classad::AppendUtf8(code, out);
  }
  if (out->size() > options_.max_string_bytes) {
    return Error(start,
                 "this string is longer than the limit of " +
                     std::to_string(options_.max_string_bytes) + " bytes",
                 StatusCode::kLimitExceeded);
  }
  return Status::Ok();
}

Status Reader::ReadNumber(NumberToken* out) {
  const size_t begin = pos_;
  const SourceLocation start = Here();
  auto digit = [&] { return !AtEnd() && Peek() >= '0' && Peek() <= '9'; };
  auto bad = [&] {
    return Error(start, "this is not a JSON number (JSON numbers are like -12, 0.5 or 1e+10)");
  };
  out->integer = true;
  if (!AtEnd() && Peek() == '-') Advance();
  if (!digit()) return bad();
  if (Peek() == '0') {
    Advance();
    if (digit()) return bad();  // no leading zeros
  } else {
    while (digit()) Advance();
  }
  if (!AtEnd() && Peek() == '.') {
    out->integer = false;
    Advance();
    if (!digit()) return bad();
    while (digit()) Advance();
  }
  if (!AtEnd() && (Peek() == 'e' || Peek() == 'E')) {
    out->integer = false;
    Advance();
    if (!AtEnd() && (Peek() == '+' || Peek() == '-')) Advance();
    if (!digit()) return bad();
    while (digit()) Advance();
  }
  // A number runs into the next token only through a letter or a dot
  // (`1.2.3`, `12abc`, `Infinity`): refuse it rather than stop early.
  if (!AtEnd()) {
    const unsigned char c = Peek();
    if (c == '.' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return bad();
  }
  out->text = text_.substr(begin, pos_ - begin);
  return Status::Ok();
}

Status Reader::ReadReal(std::string_view key, double* out) {
  SkipBlanks();
  const SourceLocation at = Here();
  if (AtEnd() || !(Peek() == '-' || (Peek() >= '0' && Peek() <= '9'))) {
    return Error(at, std::string(key) + ": expected a number, found " + Found());
  }
  NumberToken number;
  if (Status s = ReadNumber(&number); !s.ok()) return s;
  double value = 0;
  const char* first = number.text.data();
  const char* last = first + number.text.size();
  const std::from_chars_result r = std::from_chars(first, last, value);
  if (r.ec == std::errc::result_out_of_range) {
    return Error(at, std::string(key) + ": " + std::string(number.text) +
                         " is out of the range of a double (it is not finite, or not zero "
                         "but rounds to zero)");
  }
  if (r.ec != std::errc() || r.ptr != last || !std::isfinite(value)) {
    return Error(at,
                 std::string(key) + ": " + std::string(number.text) + " is not a finite number");
  }
  *out = value;
  return Status::Ok();
}

Status Reader::ReadInteger(std::string_view key, int64_t* out) {
  SkipBlanks();
  const SourceLocation at = Here();
  if (AtEnd() || !(Peek() == '-' || (Peek() >= '0' && Peek() <= '9'))) {
    return Error(at, std::string(key) + ": expected an integer, found " + Found());
  }
  NumberToken number;
  if (Status s = ReadNumber(&number); !s.ok()) return s;
  if (!number.integer) {
    return Error(at, std::string(key) + ": expected an integer (no fraction or exponent), found " +
                         std::string(number.text));
  }
  int64_t value = 0;
  const char* first = number.text.data();
  const char* last = first + number.text.size();
  const std::from_chars_result r = std::from_chars(first, last, value);
  if (r.ec != std::errc() || r.ptr != last) {
    return Error(at, std::string(key) + ": " + std::string(number.text) +
                         " does not fit in a 64-bit integer");
  }
  *out = value;
  return Status::Ok();
}

Status Reader::ReadText(std::string_view key, std::string* out) {
  SkipBlanks();
  const SourceLocation at = Here();
  if (AtEnd() || Peek() != '"') {
    return Error(at, std::string(key) + ": expected a string, found " + Found());
  }
  if (Status s = ReadString(out); !s.ok()) return s;
  if (out->find('\0') != std::string::npos) {
    return Error(at, std::string(key) + ": the string holds a NUL character");
  }
  return Status::Ok();
}

Status Reader::ReadBoolean(std::string_view key, bool* out) {
  SkipBlanks();
  const SourceLocation at = Here();
  if (text_.substr(pos_, 4) == "true") {
    for (int i = 0; i < 4; ++i) Advance();
    *out = true;
  } else if (text_.substr(pos_, 5) == "false") {
    for (int i = 0; i < 5; ++i) Advance();
    *out = false;
  } else {
    return Error(at, std::string(key) + ": expected true or false, found " + Found());
  }
  // `trueish` is not a boolean.
  if (!AtEnd()) {
    const unsigned char c = Peek();
    if (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      return Error(at, std::string(key) + ": expected true or false");
    }
  }
  return Status::Ok();
}

template <typename Member>
Status Reader::ReadObject(std::string_view what, Member&& member) {
  SkipBlanks();
  if (AtEnd() || Peek() != '{') {
    return Error(Here(), std::string(what) + ": expected an object, found " + Found());
  }
  Advance();
  SkipBlanks();
  if (!AtEnd() && Peek() == '}') {
    Advance();
    return Status::Ok();
  }
  std::string key;
  for (;;) {
    SkipBlanks();
    const SourceLocation key_at = Here();
    if (AtEnd() || Peek() != '"') {
      return Error(key_at,
                   "expected a key (a string) in " + std::string(what) + ", found " + Found());
    }
    if (Status s = ReadString(&key); !s.ok()) return s;
    if (Status s = Expect(':', "':' after the key"); !s.ok()) return s;
    if (Status s = member(key, key_at); !s.ok()) return s;
    SkipBlanks();
    if (AtEnd()) return Error(Here(), std::string(what) + " is not closed (expected ',' or '}')");
    if (Peek() == '}') {
      Advance();
      return Status::Ok();
    }
    if (Peek() != ',') {
      return Error(Here(), "expected ',' or '}' in " + std::string(what) + ", found " + Found());
    }
    Advance();
  }
}

std::string Position(const SourceLocation& at) {
  return "line " + std::to_string(at.line) + ", column " + std::to_string(at.column);
}

template <typename Record, size_t N>
Status Reader::ReadRecord(const Field<Record> (&fields)[N], Record* record) {
  SourceLocation seen[N];
  bool have[N] = {};
  const std::string what = "the record \"" + record->name + "\"";
  return ReadObject(what, [&](const std::string& key, const SourceLocation& key_at) {
    size_t i = 0;
    while (i < N && fields[i].name != key) ++i;
    if (i == N) {
      std::string known;
      for (size_t j = 0; j < N; ++j) known += (j ? ", " : "") + std::string(fields[j].name);
      return Error(key_at,
                   "unknown attribute \"" + key + "\" in " + what + " (known: " + known + ")");
    }
    if (have[i]) {
      return Error(key_at, "duplicate attribute \"" + key + "\" in " + what + " (first at " +
                               Position(seen[i]) + ")");
    }
    have[i] = true;
    seen[i] = key_at;
    const Field<Record>& f = fields[i];
    if (f.real != nullptr) return ReadReal(f.name, &(record->*f.real));
    if (f.integer != nullptr) return ReadInteger(f.name, &(record->*f.integer));
    if (f.boolean != nullptr) return ReadBoolean(f.name, &(record->*f.boolean));
    return ReadText(f.name, &(record->*f.text));
  });
}

Status Reader::CheckName(std::string_view name, const NameRule& rule,
                         const SourceLocation& at) const {
  const std::string kind(rule.kind);
  if (name.empty()) return Error(at, "a " + kind + " name is empty");
  for (char ch : name) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) {
      return Error(at, "the " + kind + " name holds a control character");
    }
    if (!rule.spaces_allowed && c == ' ') {
      return Error(at, "the " + kind + " name \"" + std::string(name) + "\" holds a space (" +
                           std::string(rule.why_no_spaces) + ")");
    }
  }
  return Status::Ok();
}

template <typename Record, size_t N>
Status Reader::ReadTable(std::string_view what, const NameRule& rule,
                         const Field<Record> (&fields)[N], std::vector<Record>* out) {
  std::unordered_map<std::string, SourceLocation> names;
  return ReadObject(what, [&](const std::string& key, const SourceLocation& key_at) {
    if (Status s = CheckName(key, rule, key_at); !s.ok()) return s;
    auto [it, inserted] = names.emplace(key, key_at);
    if (!inserted) {
      return Error(key_at, "duplicate record \"" + key + "\" in " + std::string(what) +
                               " (first at " + Position(it->second) + ")");
    }
    if (++records_ > options_.max_records) {
      return Error(key_at,
                   "more than " + std::to_string(options_.max_records) + " records (the limit)",
                   StatusCode::kLimitExceeded);
    }
    Record record;
    record.name = key;
    if (Status s = ReadRecord(fields, &record); !s.ok()) return s;
    out->push_back(std::move(record));
    return Status::Ok();
  });
}

Result<AccountantSnapshot> Reader::ReadDocument() {
  if (text_.size() > options_.max_input_bytes) {
    return Error(SourceLocation{source_, 0, 0},
                 "the document is " + std::to_string(text_.size()) +
                     " bytes, more than the limit of " + std::to_string(options_.max_input_bytes),
                 StatusCode::kLimitExceeded);
  }
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // a byte order mark
  AccountantSnapshot snapshot;
  bool have_version = false, have_time = false, have_customers = false, have_resources = false,
       have_groups = false;
  SourceLocation version_at, time_at, customers_at, resources_at, groups_at;
  SkipBlanks();
  const SourceLocation document_at = Here();
  Status s = ReadObject("the document", [&](const std::string& key, const SourceLocation& at) {
    auto once = [&](bool* have, SourceLocation* first) {
      if (*have) {
        return Error(at, "duplicate key \"" + key + "\" (first at " + Position(*first) + ")");
      }
      *have = true;
      *first = at;
      return Status::Ok();
    };
    if (key == "FormatVersion") {
      if (Status d = once(&have_version, &version_at); !d.ok()) return d;
      SkipBlanks();
      const SourceLocation value_at = Here();
      int64_t version = 0;
      if (Status v = ReadInteger(key, &version); !v.ok()) return v;
      if (version != kAccountantJsonFormatVersion) {
        return Error(value_at,
                     "FormatVersion " + std::to_string(version) +
                         " is not one this program reads (it reads version " +
                         std::to_string(kAccountantJsonFormatVersion) + ")",
                     StatusCode::kFailedPrecondition);
      }
      return Status::Ok();
    }
    if (key == "LastUpdateTime") {
      if (Status d = once(&have_time, &time_at); !d.ok()) return d;
      return ReadInteger(key, &snapshot.last_update_time);
    }
    if (key == "Customers") {
      if (Status d = once(&have_customers, &customers_at); !d.ok()) return d;
      return ReadTable("Customers", kCustomerNames, kCustomerFields, &snapshot.customers);
    }
    if (key == "Resources") {
      if (Status d = once(&have_resources, &resources_at); !d.ok()) return d;
      return ReadTable("Resources", kResourceNames, kResourceFields, &snapshot.resources);
    }
    if (key == "GroupQuotas") {
      if (Status d = once(&have_groups, &groups_at); !d.ok()) return d;
      return ReadTable("GroupQuotas", kGroupNames, kGroupQuotaFields, &snapshot.group_quotas);
    }
    return Error(at, "unknown key \"" + key +
                         "\" (the document has FormatVersion, LastUpdateTime, Customers, "
                         "Resources and GroupQuotas)");
  });
  if (!s.ok()) return s;
  SkipBlanks();
  if (!AtEnd()) return Error(Here(), "found " + Found() + " after the end of the document");
  if (!have_version) return Error(document_at, "the document has no FormatVersion");
  if (!have_time) return Error(document_at, "the document has no LastUpdateTime");
  std::sort(snapshot.customers.begin(), snapshot.customers.end(),
            [](const CustomerRecord& a, const CustomerRecord& b) { return a.name < b.name; });
  std::sort(snapshot.resources.begin(), snapshot.resources.end(),
            [](const ResourceRecord& a, const ResourceRecord& b) { return a.name < b.name; });
  std::sort(snapshot.group_quotas.begin(), snapshot.group_quotas.end(),
            [](const GroupQuotaRecord& a, const GroupQuotaRecord& b) { return a.name < b.name; });
  return snapshot;
}

}  // namespace

std::string ExportAccountantJson(const AccountantSnapshot& snapshot) {
  std::string out;
  out.reserve(64 + snapshot.customers.size() * 560 + snapshot.resources.size() * 200 +
              snapshot.group_quotas.size() * 320);
  out.append("{\n  \"FormatVersion\": ");
  AppendInteger(kAccountantJsonFormatVersion, &out);
  out.append(",\n  \"LastUpdateTime\": ");
  AppendInteger(snapshot.last_update_time, &out);
  out.append(",\n");
  AppendTable("Customers", snapshot.customers, kCustomerFields, &out);
  out.append(",\n");
  AppendTable("Resources", snapshot.resources, kResourceFields, &out);
  // Only when there is a table, so that a state without one exports as it
  // did before GroupQuotas existed.
  if (!snapshot.group_quotas.empty()) {
    out.append(",\n");
    AppendTable("GroupQuotas", snapshot.group_quotas, kGroupQuotaFields, &out);
  }
  out.append("\n}\n");
  return out;
}

Result<AccountantSnapshot> ParseAccountantJson(std::string_view text,
                                               const std::string& source_name,
                                               const AccountantJsonOptions& options) {
  Reader reader(text, source_name, options);
  return reader.ReadDocument();
}

classad::Result<AccountantSnapshot> ReadAccountantJsonFile(const std::string& path,
                                                           const AccountantJsonOptions& options) {
  const std::string name = path == "-" ? "<stdin>" : path;
  const size_t limit = options.max_input_bytes;
  auto too_large = [&] {
    return Status(StatusCode::kLimitExceeded,
                  name + " is larger than the limit of " + std::to_string(limit) + " bytes");
  };
  std::istream* in = &std::cin;
  std::ifstream file;
  if (path != "-") {
    struct stat info;
    if (::stat(path.c_str(), &info) != 0) {
      return Status(StatusCode::kIoError, "cannot read " + path + ": " + std::strerror(errno));
    }
    if (!S_ISREG(info.st_mode)) {
      return Status(StatusCode::kIoError, "cannot read " + path + ": not a regular file");
    }
    if (static_cast<uint64_t>(info.st_size) > limit) return too_large();
    file.open(path, std::ios::binary);
    if (!file) {
      return Status(StatusCode::kIoError, "cannot read " + path + ": " + std::strerror(errno));
    }
    in = &file;
  }
  std::string text;
  char buffer[1 << 16];
  while (in->read(buffer, sizeof buffer) || in->gcount() > 0) {
    text.append(buffer, static_cast<size_t>(in->gcount()));
    if (text.size() > limit) return too_large();  // stdin, or a file that grew since stat
  }
  if (in->bad()) return Status(StatusCode::kIoError, "cannot read " + name);
  return ParseAccountantJson(text, name, options);
}

}  // namespace negotiator
