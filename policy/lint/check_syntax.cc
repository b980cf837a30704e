// expr-syntax: every expression-valued knob parses (checks.h).
#include <algorithm>

#include "classad/parser.h"
#include "policy/knob_value.h"
#include "policy/knobs.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kCheck = "expr-syntax";

// The byte offset of (line, column), both from 1, in `text`.
size_t OffsetOf(std::string_view text, int line, int column) {
  size_t offset = 0;
  for (int l = 1; l < line && offset < text.size(); ++offset) {
    if (text[offset] == '\n') ++l;
  }
  return std::min(text.size(), offset + static_cast<size_t>(std::max(column, 1) - 1));
}

// A run of an expanded value: literal text of the raw value, or the whole
// expansion of one $(NAME) reference in it.
struct Segment {
  size_t begin = 0, end = 0;  // in the expanded text
  size_t raw_offset = 0;      // where it starts in the raw value
  std::string macro;          // empty for literal text
};

// Splits `entry`'s expansion into literal runs and top-level $(NAME)
// references; nullopt when the raw value holds other macro forms or the
// runs do not add up to `expanded`.
std::optional<std::vector<Segment>> SegmentsOf(const Config& config, const ConfigEntry& entry,
                                               std::string_view expanded) {
  const std::string_view raw = entry.raw_value;
  std::vector<Segment> segments;
  std::string rebuilt;
  size_t literal_start = 0;
  auto add_literal = [&](size_t end) {
    if (end <= literal_start) return;
    segments.push_back({rebuilt.size(), rebuilt.size() + end - literal_start, literal_start, ""});
    rebuilt.append(raw.substr(literal_start, end - literal_start));
  };
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '$') continue;
    if (i + 1 < raw.size() && raw[i + 1] == '$') return std::nullopt;
    if (i + 1 >= raw.size() || raw[i + 1] != '(') {
      if (i + 1 < raw.size() && IsAsciiLetter(raw[i + 1])) return std::nullopt;  // $INT(...)
      continue;
    }
    size_t end = i + 2;
    while (end < raw.size() && IsNameChar(raw[end])) ++end;
    if (end >= raw.size() || end == i + 2) return std::nullopt;
    const std::string name(raw.substr(i + 2, end - i - 2));
    if (raw[end] == ':') end = raw.find(')', end);
    if (end == std::string_view::npos || raw[end] != ')') return std::nullopt;
    if (EqualsNoCase(name, "DOLLAR")) return std::nullopt;
    add_literal(i);
    classad::Result<std::string> value = config.Expand(raw.substr(i, end + 1 - i));
    if (!value.ok()) return std::nullopt;
    segments.push_back({rebuilt.size(), rebuilt.size() + value->size(), i, name});
    rebuilt += *value;
    literal_start = end + 1;
    i = end;
  }
  add_literal(raw.size());
  if (rebuilt != expanded) return std::nullopt;
  return segments;
}

}  // namespace

std::vector<std::string> ExpressionKnobNames(const Config& config) {
  std::vector<std::string> names;
  for (const KnobInfo& knob : AllKnobs()) {
    if (knob.type == KnobType::kExpr && knob.form == KnobForm::kPlain &&
        config.Find(knob.name) != nullptr) {
      names.emplace_back(knob.name);
    }
  }
  classad::Result<std::optional<ExpandedValue>> match = config.Lookup("NEGOTIATOR_MATCH_EXPRS");
  if (match.ok() && match->has_value()) {
    for (std::string& name : SplitKnobList((*match)->value)) {
      if (config.Find(name) == nullptr) continue;
      const bool seen = std::any_of(names.begin(), names.end(),
                                    [&](const std::string& n) { return EqualsNoCase(n, name); });
      if (!seen) names.push_back(std::move(name));
    }
  }
  return names;
}

void CheckExpressionSyntax(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  for (const std::string& name : ExpressionKnobNames(config)) {
    const ConfigEntry* entry = config.Find(name);
    if (entry == nullptr || TrailingCommentOffset(entry->raw_value)) continue;
    classad::Result<std::optional<ExpandedValue>> found = config.Lookup(name);
    if (!found.ok() || !found->has_value() || (*found)->value.empty()) continue;
    const std::string& text = (*found)->value;
    if (TrimSpace(text).empty()) continue;
    classad::Result<classad::ExprPtr> parsed = classad::ParseExpression(text);
    if (parsed.ok()) continue;
    const classad::SourceLocation& inner = parsed.status().where();
    const size_t offset = OffsetOf(text, inner.line, inner.column);
    std::string message = name + ": " + parsed.status().message();
    if (entry->raw_value == text) {
      out->push_back(
          MakeDiagnostic(entry->LocationOf(offset), Severity::kError, std::move(message), kCheck));
      continue;
    }
    std::optional<std::vector<Segment>> segments = SegmentsOf(config, *entry, text);
    const Segment* at = nullptr;
    if (segments) {
      for (const Segment& s : *segments) {
        if (offset >= s.begin && (offset < s.end || (offset == s.end && &s == &segments->back()))) {
          at = &s;
          break;
        }
      }
    }
    if (at == nullptr) {
      message += " (at column " + std::to_string(offset + 1) +
                 " of the value after macro expansion: " + text + ")";
      Diagnostic d = MakeDiagnostic(entry->value_at, Severity::kError, std::move(message), kCheck);
      AddMacroNotes(config, entry->raw_value, &d);
      out->push_back(std::move(d));
      continue;
    }
    if (at->macro.empty()) {
      out->push_back(MakeDiagnostic(entry->LocationOf(at->raw_offset + offset - at->begin),
                                    Severity::kError, std::move(message), kCheck));
      continue;
    }
    const std::string_view expansion =
        std::string_view(text).substr(at->begin, at->end - at->begin);
    message += " (in the expansion of $(" + at->macro + "): " + std::string(expansion) + ")";
    Diagnostic d = MakeDiagnostic(entry->LocationOf(at->raw_offset), Severity::kError,
                                  std::move(message), kCheck);
    if (const ConfigEntry* macro = config.Find(at->macro)) {
      classad::SourceLocation where = macro->value_at;
      if (macro->raw_value == expansion) where = macro->LocationOf(offset - at->begin);
      d.notes.push_back({where, "macro " + at->macro + " defined here"});
    } else {
      d.notes.push_back({{}, "macro " + at->macro + " is HTCondor's default"});
    }
    out->push_back(std::move(d));
  }
}

}  // namespace policy::lint
