// policy_lint's output formats: GCC-style text (with source lines, carets
// and colours), JSON, and SARIF 2.1.0 checked by a small validator of the
// parts of the schema the format relies on.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "policy/lint/output.h"
#include "tests/policy/lint_test_util.h"

namespace policy::lint {
namespace {

// ---- a minimal JSON reader, enough to validate what the formats write
struct Json {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  bool integer = false;
  std::string string;
  std::vector<Json> array;
  std::map<std::string, Json> object;
  const Json* Get(const std::string& key) const {
    auto it = object.find(key);
    return it == object.end() ? nullptr : &it->second;
  }
};

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : text_(text) {}
  // The value of the whole text; false on any syntax error or trailing bytes.
  bool Read(Json* out) {
    if (!Value(out)) return false;
    Blanks();
    return pos_ == text_.size();
  }

 private:
  void Blanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\t' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }
  bool Literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  bool String(std::string* out) {
    if (pos_ >= text_.size() || text_[pos_] != '"') return false;
    ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      const char c = text_[pos_++];
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        out->push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) return false;
      const char e = text_[pos_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out->push_back(e);
          break;
        case 'n':
          out->push_back('\n');
          break;
        case 't':
          out->push_back('\t');
          break;
        case 'r':
          out->push_back('\r');
          break;
        case 'b':
          out->push_back('\b');
          break;
        case 'f':
          out->push_back('\f');
          break;
        case 'u': {
          if (pos_ + 4 > text_.size()) return false;
          const unsigned code = std::stoul(std::string(text_.substr(pos_, 4)), nullptr, 16);
          pos_ += 4;
          if (code >= 0x80) return false;  // the writers only escape ASCII controls
          out->push_back(static_cast<char>(code));
          break;
        }
        default:
          return false;
      }
    }
    if (pos_ >= text_.size()) return false;
    ++pos_;
    return true;
  }
  bool Value(Json* out) {
    Blanks();
    if (pos_ >= text_.size()) return false;
    const char c = text_[pos_];
    if (c == '{') {
      out->kind = Json::Kind::kObject;
      ++pos_;
      Blanks();
      if (pos_ < text_.size() && text_[pos_] == '}') return ++pos_, true;
      while (true) {
        Blanks();
        std::string key;
        if (!String(&key)) return false;
        Blanks();
        if (pos_ >= text_.size() || text_[pos_++] != ':') return false;
        Json value;
        if (!Value(&value) || out->object.count(key) != 0) return false;
        out->object[key] = std::move(value);
        Blanks();
        if (pos_ >= text_.size()) return false;
        if (text_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (text_[pos_] == '}') return ++pos_, true;
        return false;
      }
    }
    if (c == '[') {
      out->kind = Json::Kind::kArray;
      ++pos_;
      Blanks();
      if (pos_ < text_.size() && text_[pos_] == ']') return ++pos_, true;
      while (true) {
        Json value;
        if (!Value(&value)) return false;
        out->array.push_back(std::move(value));
        Blanks();
        if (pos_ >= text_.size()) return false;
        if (text_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (text_[pos_] == ']') return ++pos_, true;
        return false;
      }
    }
    if (c == '"') {
      out->kind = Json::Kind::kString;
      return String(&out->string);
    }
    if (Literal("true")) return out->kind = Json::Kind::kBool, out->boolean = true, true;
    if (Literal("false")) return out->kind = Json::Kind::kBool, true;
    if (Literal("null")) return true;
    const size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    bool fraction = false;
    while (pos_ < text_.size() &&
           (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.' ||
            text_[pos_] == 'e' || text_[pos_] == 'E' || text_[pos_] == '+' || text_[pos_] == '-')) {
      fraction |= !std::isdigit(static_cast<unsigned char>(text_[pos_]));
      ++pos_;
    }
    if (pos_ == start) return false;
    out->kind = Json::Kind::kNumber;
    out->number = std::stod(std::string(text_.substr(start, pos_ - start)));
    out->integer = !fraction;
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

// ---- the required parts of SARIF 2.1.0 the output uses
std::vector<std::string> SarifProblems(const Json& log) {
  std::vector<std::string> problems;
  auto need = [&](const Json* j, Json::Kind kind, const std::string& what) {
    if (j == nullptr) {
      problems.push_back(what + " missing");
      return false;
    }
    if (j->kind != kind) {
      problems.push_back(what + " has the wrong type");
      return false;
    }
    return true;
  };
  auto positive_int = [&](const Json* j, const std::string& what) {
    if (need(j, Json::Kind::kNumber, what) && (!j->integer || j->number < 1)) {
      problems.push_back(what + " is not an integer >= 1");
    }
  };
  if (log.kind != Json::Kind::kObject) return {"the log is not an object"};
  if (need(log.Get("$schema"), Json::Kind::kString, "$schema") &&
      log.Get("$schema")->string.find("sarif") == std::string::npos) {
    problems.push_back("$schema does not name SARIF");
  }
  if (need(log.Get("version"), Json::Kind::kString, "version") &&
      log.Get("version")->string != "2.1.0") {
    problems.push_back("version is not 2.1.0");
  }
  if (!need(log.Get("runs"), Json::Kind::kArray, "runs")) return problems;
  for (const Json& run : log.Get("runs")->array) {
    if (!need(&run, Json::Kind::kObject, "run") ||
        !need(run.Get("tool"), Json::Kind::kObject, "run.tool")) {
      continue;
    }
    const Json* driver = run.Get("tool")->Get("driver");
    if (!need(driver, Json::Kind::kObject, "tool.driver")) continue;
    need(driver->Get("name"), Json::Kind::kString, "driver.name");
    std::vector<std::string> rule_ids;
    if (need(driver->Get("rules"), Json::Kind::kArray, "driver.rules")) {
      for (const Json& rule : driver->Get("rules")->array) {
        if (!need(&rule, Json::Kind::kObject, "rule")) continue;
        if (need(rule.Get("id"), Json::Kind::kString, "rule.id")) {
          rule_ids.push_back(rule.Get("id")->string);
        }
        if (need(rule.Get("shortDescription"), Json::Kind::kObject, "rule.shortDescription")) {
          need(rule.Get("shortDescription")->Get("text"), Json::Kind::kString,
               "shortDescription.text");
        }
      }
    }
    if (!need(run.Get("results"), Json::Kind::kArray, "run.results")) continue;
    for (const Json& result : run.Get("results")->array) {
      if (!need(&result, Json::Kind::kObject, "result")) continue;
      if (need(result.Get("ruleId"), Json::Kind::kString, "result.ruleId") &&
          std::find(rule_ids.begin(), rule_ids.end(), result.Get("ruleId")->string) ==
              rule_ids.end()) {
        problems.push_back("ruleId " + result.Get("ruleId")->string + " is not a rule");
      }
      if (const Json* index = result.Get("ruleIndex")) {
        if (!index->integer || index->number < 0 || index->number >= rule_ids.size() ||
            rule_ids[static_cast<size_t>(index->number)] != result.Get("ruleId")->string) {
          problems.push_back("ruleIndex does not point at ruleId");
        }
      }
      if (need(result.Get("level"), Json::Kind::kString, "result.level")) {
        const std::string& level = result.Get("level")->string;
        if (level != "error" && level != "warning" && level != "note" && level != "none") {
          problems.push_back("level " + level + " is not a SARIF level");
        }
      }
      if (need(result.Get("message"), Json::Kind::kObject, "result.message")) {
        need(result.Get("message")->Get("text"), Json::Kind::kString, "message.text");
      }
      for (const char* list : {"locations", "relatedLocations"}) {
        const Json* locations = result.Get(list);
        if (locations == nullptr) continue;
        if (!need(locations, Json::Kind::kArray, list)) continue;
        for (const Json& location : locations->array) {
          const Json* physical = location.Get("physicalLocation");
          if (!need(physical, Json::Kind::kObject, "physicalLocation")) continue;
          if (need(physical->Get("artifactLocation"), Json::Kind::kObject, "artifactLocation")) {
            need(physical->Get("artifactLocation")->Get("uri"), Json::Kind::kString, "uri");
          }
          if (need(physical->Get("region"), Json::Kind::kObject, "region")) {
            positive_int(physical->Get("region")->Get("startLine"), "region.startLine");
            positive_int(physical->Get("region")->Get("startColumn"), "region.startColumn");
          }
        }
      }
    }
  }
  return problems;
}

std::vector<Diagnostic> Sample() {
  std::vector<Diagnostic> d(3);
  d[0] = {{"pool conf/a.conf", 2, 5}, Severity::kError, "bad \"thing\"\tthere", "expr-syntax", {}};
  d[0].notes.push_back({{"pool conf/a.conf", 1, 1}, "macro X defined here"});
  d[0].notes.push_back({{}, "no place"});
  d[1] = {{"a.conf", 3, 1}, Severity::kWarning, "lost value", "redefinition", {}};
  d[2] = {{}, Severity::kNote, "nowhere", "policy-build", {}};
  return d;
}

TEST(LintOutput, TextIsGccStyle) {
  const std::string text = FormatText(Sample(), nullptr, TextOptions{});
  EXPECT_EQ(text,
            "pool conf/a.conf:2:5: error: bad \"thing\"\tthere [expr-syntax]\n"
            "pool conf/a.conf:1:1: note: macro X defined here\n"
            "policy_lint: note: no place\n"
            "a.conf:3:1: warning: lost value [redefinition]\n"
            "policy_lint: note: nowhere [policy-build]\n");
}

TEST(LintOutput, TextWithSourceLineAndCaret) {
  const SourceIndex sources =
      SourceIndex::Build({"t.conf"}, [](const std::string&) -> std::optional<std::string> {
        return std::string("A = 1\n\tX = é + )\n");
      });
  std::vector<Diagnostic> d(1);
  d[0] = {{"t.conf", 2, 10}, Severity::kError, "syntax", "expr-syntax", {}};
  TextOptions options;
  options.show_source = true;
  EXPECT_EQ(FormatText(d, &sources, options),
            "t.conf:2:10: error: syntax [expr-syntax]\n"
            " \tX = é + )\n"
            " \t        ^\n");
  options.color = true;
  const std::string colored = FormatText(d, &sources, options);
  EXPECT_NE(colored.find("\033[1;31merror:\033[0m"), std::string::npos) << colored;
  EXPECT_NE(colored.find("\033[1;32m^\033[0m"), std::string::npos) << colored;
}

TEST(LintOutput, JsonCarriesEveryField) {
  const std::string text = FormatJson(Sample());
  Json json;
  ASSERT_TRUE(JsonReader(text).Read(&json)) << text;
  ASSERT_EQ(json.kind, Json::Kind::kArray);
  ASSERT_EQ(json.array.size(), 3u);
  const Json& first = json.array[0];
  EXPECT_EQ(first.Get("file")->string, "pool conf/a.conf");
  EXPECT_EQ(first.Get("line")->number, 2);
  EXPECT_EQ(first.Get("column")->number, 5);
  EXPECT_EQ(first.Get("severity")->string, "error");
  EXPECT_EQ(first.Get("message")->string, "bad \"thing\"\tthere");
  EXPECT_EQ(first.Get("check")->string, "expr-syntax");
  ASSERT_EQ(first.Get("notes")->array.size(), 2u);
  EXPECT_EQ(first.Get("notes")->array[0].Get("message")->string, "macro X defined here");
  Json empty;
  EXPECT_TRUE(JsonReader(FormatJson({})).Read(&empty));
  EXPECT_TRUE(empty.array.empty());
}

TEST(LintOutput, SarifHasTheRequiredStructure) {
  const std::string text = FormatSarif(Sample(), AllChecks(), "0.1.0");
  Json log;
  ASSERT_TRUE(JsonReader(text).Read(&log)) << text;
  EXPECT_EQ(SarifProblems(log), std::vector<std::string>{}) << text;
  const Json& run = log.Get("runs")->array.at(0);
  EXPECT_EQ(run.Get("tool")->Get("driver")->Get("rules")->array.size(), AllChecks().size());
  const std::vector<Json>& results = run.Get("results")->array;
  ASSERT_EQ(results.size(), 3u);
  const Json& located = results[0].Get("locations")->array.at(0);
  EXPECT_EQ(located.Get("physicalLocation")->Get("artifactLocation")->Get("uri")->string,
            "pool%20conf/a.conf");
  EXPECT_EQ(located.Get("physicalLocation")->Get("region")->Get("startLine")->number, 2);
  EXPECT_EQ(results[0].Get("relatedLocations")->array.size(), 1u);  // the placeless note left out
  EXPECT_EQ(results[2].Get("locations"), nullptr);                  // no position, no location
  EXPECT_EQ(results[1].Get("level")->string, "warning");

  Json empty;
  ASSERT_TRUE(JsonReader(FormatSarif({}, AllChecks(), "0.1.0")).Read(&empty));
  EXPECT_EQ(SarifProblems(empty), std::vector<std::string>{});
}

TEST(LintOutput, TheValidatorCatchesMissingParts) {
  Json log;
  ASSERT_TRUE(JsonReader("{\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"x\","
                         "\"rules\":[]}},\"results\":[{\"ruleId\":\"r\",\"level\":\"bad\","
                         "\"message\":{}}]}]}")
                  .Read(&log));
  const std::vector<std::string> problems = SarifProblems(log);
  EXPECT_EQ(problems,
            (std::vector<std::string>{"$schema missing", "ruleId r is not a rule",
                                      "level bad is not a SARIF level", "message.text missing"}));
}

TEST(LintOutput, JsonStringEscapes) {
  EXPECT_EQ(JsonString("a\"b\\c\n\x01é"), "\"a\\\"b\\\\c\\n\\u0001é\"");
}

}  // namespace
}  // namespace policy::lint
