// Typed knob values (knob_value.h).
#include "policy/knob_value.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "policy/text_util.h"

namespace policy {

namespace {

using classad::Status;
using classad::StatusCode;
using classad::Value;

// Whether `rest` is only white space.
bool OnlyBlanks(std::string_view rest) {
  for (char c : rest) {
    if (!IsAsciiSpace(c)) return false;
  }
  return true;
}

// The text evaluated as a ClassAd expression with no ads, or a Status
// saying why it is not an expression.
classad::Result<Value> EvaluateText(std::string_view text,
                                    bool daemon_functions_registered = true) {
  classad::Result<classad::ExprPtr> expr = classad::ParseExpression(text);
  if (!expr.ok()) {
    return Status(StatusCode::kInvalidArgument,
                  "\"" + std::string(text) + "\" does not parse: " + expr.status().message());
  }
  classad::EvalOptions options;
  options.now = [] { return int64_t{0}; };  // values of knobs do not depend on the clock
  options.daemon_functions_registered = daemon_functions_registered;
  return classad::EvaluateExpr(**expr, nullptr, nullptr, options);
}

Status NotA(std::string_view what, std::string_view text, const Value& value) {
  std::string why;
  if (value.IsUndefined()) {
    why = " (it evaluates to undefined: a misspelled word is read as an attribute name)";
  } else if (value.IsError()) {
    why = " (it evaluates to error)";
  } else if (value.IsString()) {
    why = " (it is a string)";
  }
  return Status(StatusCode::kInvalidArgument,
                "\"" + std::string(text) + "\" is not " + std::string(what) + why);
}

}  // namespace

classad::Result<bool> ParseKnobBool(std::string_view text, bool daemon_functions_registered) {
  for (auto [word, value] : {std::pair<std::string_view, bool>{"true", true}, {"1", true},
                             {"false", false}, {"0", false}}) {
    if (StartsWithNoCase(text, word) && OnlyBlanks(text.substr(word.size()))) return value;
  }
  classad::Result<Value> v = EvaluateText(text, daemon_functions_registered);
  if (!v.ok()) return v.status();
  if (v->IsBoolean()) return v->boolean();
  if (v->IsInteger()) return v->integer() != 0;
  if (v->IsReal()) return v->real() != 0;
  if (v->IsError() && !daemon_functions_registered) {
    classad::Result<Value> later = EvaluateText(text, /*daemon_functions_registered=*/true);
    if (later.ok() && !later->IsError()) {
      return Status(StatusCode::kInvalidArgument,
                    "\"" + std::string(text) +
                        "\" is not a boolean (it evaluates to error: it calls a function "
                        "HTCondor's daemons register only once the configuration is read)");
    }
  }
  return NotA("a boolean", text, *v);
}

classad::Result<int64_t> ParseKnobInt(std::string_view text) {
  const std::string copy(text);  // strtoll needs a terminated string
  char* end = nullptr;
  errno = 0;
  const long long literal = std::strtoll(copy.c_str(), &end, 10);
  if (end != copy.c_str() && OnlyBlanks(std::string_view(end))) {
    if (errno == ERANGE) {
      return Status(StatusCode::kInvalidArgument,
                    "\"" + copy + "\" is outside the range of a 64-bit integer");
    }
    return static_cast<int64_t>(literal);
  }
  classad::Result<Value> v = EvaluateText(text);
  if (!v.ok()) return v.status();
  if (v->IsInteger()) return v->integer();
  if (v->IsBoolean()) return static_cast<int64_t>(v->boolean() ? 1 : 0);
  if (v->IsReal()) {
    const double r = v->real();
    if (!std::isfinite(r) || r >= 9.2233720368547758e18 || r < -9.2233720368547758e18) {
      return Status(StatusCode::kInvalidArgument,
                    "\"" + copy + "\" is outside the range of a 64-bit integer");
    }
    return static_cast<int64_t>(r);  // truncation, as Value::IsNumber
  }
  return NotA("an integer", text, *v);
}

classad::Result<double> ParseKnobReal(std::string_view text) {
  const std::string copy(text);
  char* end = nullptr;
  const double literal = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() && OnlyBlanks(std::string_view(end))) return literal;
  classad::Result<Value> v = EvaluateText(text);
  if (!v.ok()) return v.status();
  if (v->IsReal()) return v->real();
  if (v->IsInteger()) return static_cast<double>(v->integer());
  if (v->IsBoolean()) return v->boolean() ? 1.0 : 0.0;
  return NotA("a number", text, *v);
}

std::vector<std::string> SplitKnobList(std::string_view text) {
  std::vector<std::string> items;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ',' || IsAsciiSpace(text[i]))) ++i;
    const size_t start = i;
    while (i < text.size() && text[i] != ',' && !IsAsciiSpace(text[i])) ++i;
    if (i > start) items.emplace_back(text.substr(start, i - start));
  }
  return items;
}

}  // namespace policy
