// Shared helpers of the check families (lint_util.h).
#include "policy/lint/lint_util.h"

#include <algorithm>
#include <vector>

#include "policy/text_util.h"

namespace policy::lint {

Diagnostic MakeDiagnostic(const classad::SourceLocation& where, Severity severity,
                          std::string message, std::string_view check) {
  Diagnostic d;
  d.where = where;
  d.severity = severity;
  d.message = std::move(message);
  d.check = std::string(check);
  return d;
}

std::optional<WrittenDefinition> WrittenAs(const LintContext& context, const ConfigEntry& entry) {
  if (entry.origin != ConfigEntry::Origin::kFile) return std::nullopt;
  const SourceLine* line = context.sources.LogicalLine(entry.name_at.file, entry.name_at.line);
  if (line == nullptr || line->content.empty()) return std::nullopt;
  // The statement starts at the name (a leading ':' in an if block is skipped).
  const size_t start = line->content.text()[0] == ':' ? 1 : 0;
  classad::Result<Statement> statement = ParseStatement(*line, start, entry.name_at.file);
  if (!statement.ok() || (statement->kind != Statement::Kind::kAssign &&
                          statement->kind != Statement::Kind::kHereDocument)) {
    return std::nullopt;
  }
  WrittenDefinition out;
  out.line = line;
  out.statement = std::move(*statement);
  if (out.statement.value_begin > line->content.size()) return std::nullopt;
  return out;
}

std::string_view BareKnobName(const Config& config, std::string_view name) {
  for (const std::string* prefix : {&config.local_name(), &config.subsystem()}) {
    if (!prefix->empty() && name.size() > prefix->size() + 1 && name[prefix->size()] == '.' &&
        EqualsNoCase(name.substr(0, prefix->size()), *prefix)) {
      return name.substr(prefix->size() + 1);
    }
  }
  return name;
}

bool RefersToMacro(std::string_view text, std::string_view name) {
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != '$') continue;
    size_t j = i + 1;
    if (text[j] == 'F') {  // $F<flags>(name)
      ++j;
      while (j < text.size() && IsAsciiLetter(text[j])) ++j;
    }
    if (j >= text.size() || text[j] != '(') continue;
    ++j;
    size_t end = j;
    while (end < text.size() && IsNameChar(text[end])) ++end;
    if (end >= text.size() || (text[end] != ')' && text[end] != ':')) continue;
    std::string_view body = text.substr(j, end - j);
    if (EqualsNoCase(body, name)) return true;
    const size_t dot = body.rfind('.');
    if (dot != std::string_view::npos && EqualsNoCase(body.substr(dot + 1), name)) return true;
    if (const size_t d = name.rfind('.');
        d != std::string_view::npos && EqualsNoCase(body, name.substr(d + 1))) {
      return true;
    }
  }
  return false;
}

bool BuildsOnPreviousValue(const LintContext& context, const ConfigEntry& entry) {
  std::optional<WrittenDefinition> written = WrittenAs(context, entry);
  if (!written) {
    // No source: text the reader put in (other than a here-document's line
    // breaks) came from the previous value.
    const auto& pieces = entry.value_pieces;
    for (size_t k = 0; k < pieces.size(); ++k) {
      if (pieces[k].verbatim || pieces[k].offset >= entry.raw_value.size()) continue;
      const size_t end = k + 1 < pieces.size() ? pieces[k + 1].offset : entry.raw_value.size();
      if (std::string_view(entry.raw_value).substr(pieces[k].offset, end - pieces[k].offset) !=
          "\n") {
        return true;
      }
    }
    return false;
  }
  if (written->statement.kind == Statement::Kind::kAssign && written->statement.op == '+') {
    return true;
  }
  return RefersToMacro(written->value(), entry.name);
}

size_t EditDistance(std::string_view a, std::string_view b, size_t limit) {
  if (a.size() > b.size() + limit || b.size() > a.size() + limit) return limit + 1;
  // Optimal string alignment: insertions, deletions, substitutions and
  // swaps of two adjacent characters (QOUTA for QUOTA) cost one each.
  std::vector<size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    size_t row_min = current[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      const bool same = LowerAsciiChar(a[i - 1]) == LowerAsciiChar(b[j - 1]);
      current[j] =
          std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && LowerAsciiChar(a[i - 1]) == LowerAsciiChar(b[j - 2]) &&
          LowerAsciiChar(a[i - 2]) == LowerAsciiChar(b[j - 1])) {
        current[j] = std::min(current[j], before[j - 2] + 1);
      }
      row_min = std::min(row_min, current[j]);
    }
    if (row_min > limit) return limit + 1;
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return std::min(previous[b.size()], limit + 1);
}

std::optional<size_t> TrailingCommentOffset(std::string_view value) {
  bool in_string = false;
  for (size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '#' && i > 0 && IsAsciiSpace(value[i - 1])) {
      return i;
    }
  }
  return std::nullopt;
}

void AddMacroNotes(const Config& config, std::string_view raw, Diagnostic* d) {
  std::vector<std::string> seen;
  for (size_t i = raw.find("$("); i != std::string_view::npos; i = raw.find("$(", i + 2)) {
    size_t end = i + 2;
    while (end < raw.size() && IsNameChar(raw[end])) ++end;
    if (end == i + 2 || end >= raw.size() || (raw[end] != ')' && raw[end] != ':')) continue;
    std::string name(raw.substr(i + 2, end - i - 2));
    const ConfigEntry* macro = config.Find(name);
    if (macro == nullptr || std::find(seen.begin(), seen.end(), LowerAscii(name)) != seen.end()) {
      continue;
    }
    seen.push_back(LowerAscii(name));
    d->notes.push_back({macro->value_at, "macro " + name + " defined here"});
  }
}

int LastLineOf(const ConfigEntry& entry) {
  const classad::SourceLocation end = entry.LocationOf(entry.raw_value.size());
  return std::max(entry.name_at.line, end.file == entry.name_at.file ? end.line : 0);
}

}  // namespace policy::lint
