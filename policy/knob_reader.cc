// KnobReader and Problems (knob_reader.h).
#include "policy/knob_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <tuple>

#include "policy/knob_value.h"
#include "policy/knobs.h"

namespace policy {

void Problems::Error(const classad::SourceLocation& where, std::string message) {
  errors_.emplace_back(classad::StatusCode::kInvalidArgument, std::move(message), where);
}

void Problems::Warning(const classad::SourceLocation& where, std::string message) {
  warnings_.emplace_back(classad::StatusCode::kInvalidArgument, std::move(message), where);
}

void Problems::SortByPosition() {
  auto before = [](const classad::Status& a, const classad::Status& b) {
    const classad::SourceLocation& x = a.where();
    const classad::SourceLocation& y = b.where();
    const bool x_known = x.line > 0, y_known = y.line > 0;
    if (x_known != y_known) return x_known;
    return std::tie(x.file, x.line, x.column) < std::tie(y.file, y.line, y.column);
  };
  std::stable_sort(errors_.begin(), errors_.end(), before);
  std::stable_sort(warnings_.begin(), warnings_.end(), before);
}

classad::Status Problems::ToStatus() const {
  if (errors_.empty()) return classad::Status::Ok();
  // The first error's position is the status's location, so its message
  // goes without one; ToString prints every position once.
  std::string all = errors_.front().message();
  for (size_t i = 1; i < errors_.size(); ++i) {
    all += '\n';
    all += errors_[i].ToString();
  }
  return classad::Status(classad::StatusCode::kInvalidArgument, std::move(all),
                         errors_.front().where());
}

std::optional<KnobText> KnobReader::Text(std::string_view name) {
  classad::Result<std::optional<KnobText>> found = source_.Lookup(name);
  if (!found.ok()) {
    problems_->AddError(found.status());
    return std::nullopt;
  }
  return std::move(*found);
}

std::optional<KnobText> KnobReader::TextOrDefault(std::string_view name) {
  classad::Result<std::optional<KnobText>> found = source_.Lookup(name);
  if (!found.ok()) {
    problems_->AddError(found.status());
  } else if (found->has_value()) {
    return std::move(**found);
  }
  return Fallback(name);
}

std::optional<KnobText> KnobReader::Fallback(std::string_view name) {
  const std::optional<std::string_view> fallback = KnobDefault(name);
  if (!fallback || fallback->empty()) return std::nullopt;
  classad::Result<std::string> expanded = source_.Expand(*fallback);
  if (!expanded.ok() || expanded->empty()) return std::nullopt;
  KnobText text;
  text.value = std::move(*expanded);
  text.from_default = true;
  return text;
}

namespace {

// "NAME: message" at the knob's position.
std::string About(std::string_view name, const std::string& message) {
  return std::string(name) + ": " + message;
}

// Checks `value` against [min, max], and with `table_range` against the
// table's range for `name` too: HTCondor's param_integer enforces the
// table's range, param_double only the range its caller passes.
bool InRange(std::string_view name, double value, double min, double max, bool table_range,
             const KnobText& text, Problems* problems) {
  if (const KnobInfo* info = FindKnob(name); info != nullptr && table_range) {
    min = std::max(min, info->min);
    max = std::min(max, info->max);
  }
  if (std::isnan(value) || value < min || value > max) {
    problems->Error(text.where, About(name, "\"" + text.value + "\" is out of range (" +
                                                (std::isinf(min) ? std::string("-inf")
                                                                 : std::to_string(min)) +
                                                " to " +
                                                (std::isinf(max) ? std::string("inf")
                                                                 : std::to_string(max)) +
                                                ")"));
    return false;
  }
  return true;
}

}  // namespace

bool KnobReader::Bool(std::string_view name, bool fallback) {
  std::optional<bool> value = OptionalBool(name);
  return value.value_or(fallback);
}

std::optional<bool> KnobReader::OptionalBool(std::string_view name) {
  std::optional<KnobText> text = TextOrDefault(name);
  if (!text) return std::nullopt;
  classad::Result<bool> value = ParseKnobBool(text->value);
  if (value.ok()) return *value;
  problems_->Error(text->where, About(name, value.status().message()));
  // HTCondor uses the default for a value that is not a boolean.
  if (!text->from_default) {
    if (std::optional<std::string_view> d = KnobDefault(name)) {
      classad::Result<bool> parsed = ParseKnobBool(*d);
      if (parsed.ok()) return *parsed;
    }
  }
  return std::nullopt;
}

int64_t KnobReader::Int(std::string_view name, int64_t fallback) {
  std::optional<KnobText> text = TextOrDefault(name);
  if (!text) return fallback;
  classad::Result<int64_t> value = ParseKnobInt(text->value);
  if (!value.ok()) {
    problems_->Error(text->where, About(name, value.status().message()));
    return fallback;
  }
  if (!InRange(name, static_cast<double>(*value), -INFINITY, INFINITY, /*table_range=*/true,
               *text, problems_)) {
    return fallback;
  }
  return *value;
}

double KnobReader::Real(std::string_view name, double fallback) {
  if (ReadWithAtof(name)) return AtofReal(name, fallback);
  return OptionalReal(name, -INFINITY, INFINITY).value_or(fallback);
}

std::optional<double> KnobReader::OptionalReal(std::string_view name, double min, double max) {
  std::optional<KnobText> text = TextOrDefault(name);
  if (!text) return std::nullopt;
  classad::Result<double> value = ParseKnobReal(text->value);
  if (!value.ok()) {
    problems_->Error(text->where, About(name, value.status().message()));
    return std::nullopt;
  }
  if (!InRange(name, *value, min, max, /*table_range=*/false, *text, problems_)) {
    return std::nullopt;
  }
  return *value;
}

double KnobReader::AtofReal(std::string_view name, double fallback) {
  std::optional<KnobText> text = TextOrDefault(name);
  if (!text || text->value.empty()) return fallback;
  return std::strtod(text->value.c_str(), nullptr);  // atof: no error, 0 when nothing reads
}

std::string KnobReader::String(std::string_view name) {
  std::optional<KnobText> text = TextOrDefault(name);
  return text ? std::move(text->value) : std::string();
}

std::vector<std::string> KnobReader::List(std::string_view name) {
  std::optional<KnobText> text = TextOrDefault(name);
  return text ? SplitKnobList(text->value) : std::vector<std::string>{};
}

}  // namespace policy
