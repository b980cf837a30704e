// The configuration language's traps: trailing-comment,
// self-reference-default, continuation-glue, if-empty (checks.h).
#include <map>

#include "policy/knobs.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

void CheckTrailingComments(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  for (const ConfigEntry* entry : config.Entries()) {
    if (entry->origin != ConfigEntry::Origin::kFile) continue;
    const KnobInfo* knob = FindKnob(BareKnobName(config, entry->name));
    if (knob == nullptr) continue;
    std::optional<size_t> hash = TrailingCommentOffset(entry->raw_value);
    if (!hash) continue;
    const bool breaks_value = knob->type != KnobType::kString && knob->type != KnobType::kList;
    std::string message = entry->name + ": HTCondor has no comments after a value: \"" +
                          entry->raw_value.substr(*hash) + "\" is part of the value";
    if (breaks_value) {
      message += ", which is then not a valid " + std::string(KnobTypeName(knob->type));
    }
    message += " (put the comment on a line of its own)";
    out->push_back(MakeDiagnostic(entry->LocationOf(*hash),
                                  breaks_value ? Severity::kError : Severity::kWarning,
                                  std::move(message), "trailing-comment"));
  }
}

void CheckSelfReferenceDefault(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  std::map<std::string, bool> defined;  // lower-cased names set so far
  for (const ConfigEntry& entry : config.History()) {
    const std::string lower = LowerAscii(entry.name);
    const bool seen = defined.count(lower) != 0;
    defined[lower] = true;
    if (seen || entry.origin != ConfigEntry::Origin::kFile) continue;
    const std::optional<std::string_view> table =
        ParamTableDefault(BareKnobName(config, entry.name));
    if (!table || TrimSpace(*table).empty() || !BuildsOnPreviousValue(context, entry)) continue;
    std::optional<WrittenDefinition> written = WrittenAs(context, entry);
    classad::SourceLocation at = entry.value_at;
    if (written) {
      const std::string_view value = written->value();
      const size_t ref = value.find("$(");
      if (ref != std::string_view::npos && written->statement.op != '+') {
        at = written->line->content.LocationOf(written->statement.value_begin + ref,
                                               entry.name_at.file);
      }
    }
    out->push_back(MakeDiagnostic(
        at, Severity::kWarning,
        entry.name +
            " builds on its previous value, but nothing set it before: that value is "
            "HTCondor's built-in default \"" +
            std::string(*table) + "\", so the result is \"" + entry.raw_value + "\"",
        "self-reference-default"));
  }
}

void CheckContinuationGlue(const LintContext& context, std::vector<Diagnostic>* out) {
  auto word = [](char c) { return IsAsciiAlnum(c) || c == '_'; };
  for (const ConfigEntry& entry : context.config.History()) {
    std::optional<WrittenDefinition> written = WrittenAs(context, entry);
    if (!written || written->statement.kind != Statement::Kind::kAssign) continue;
    const PositionedText& content = written->line->content;
    const std::string& text = content.text();
    const auto& pieces = content.pieces();
    for (size_t k = 1; k < pieces.size(); ++k) {
      const size_t at = pieces[k].offset;
      if (pieces[k].line == pieces[k - 1].line || at <= written->statement.value_begin ||
          at >= text.size() || !word(text[at - 1]) || !word(text[at])) {
        continue;
      }
      size_t begin = at, end = at;
      while (begin > 0 && word(text[begin - 1])) --begin;
      while (end < text.size() && word(text[end])) ++end;
      out->push_back(MakeDiagnostic(
          content.LocationOf(at, entry.name_at.file), Severity::kWarning,
          entry.name + ": the continuation glues \"" + text.substr(begin, at - begin) +
              "\" and \"" + text.substr(at, end - at) + "\" into \"" +
              text.substr(begin, end - begin) +
              "\" (HTCondor joins continuation lines with nothing in between: put a blank "
              "before the '\\')",
          "continuation-glue"));
    }
  }
}

void CheckIfOnEmpty(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  const std::vector<std::string>& files = config.sources();
  auto file_index = [&](const std::string& file) -> int {
    for (size_t i = 0; i < files.size(); ++i) {
      if (files[i] == file) return static_cast<int>(i);
    }
    return -1;
  };
  for (size_t f = 0; f < files.size(); ++f) {
    for (const SourceLine& line : context.sources.LogicalLines(files[f])) {
      std::string_view text = line.content.text();
      if (!text.empty() && text.front() == ':') text.remove_prefix(1);
      size_t keyword = 0;
      if (StartsWithNoCase(text, "if") && (text.size() == 2 || IsAsciiSpace(text[2]))) {
        keyword = 2;
      } else if (StartsWithNoCase(text, "elif") && (text.size() == 4 || IsAsciiSpace(text[4]))) {
        keyword = 4;
      } else {
        continue;
      }
      std::string_view condition = TrimSpace(text.substr(keyword));
      if (!condition.empty() && condition.front() == '!')
        condition = TrimSpace(condition.substr(1));
      std::string_view name;
      std::string how;
      if (StartsWithNoCase(condition, "defined") && condition.size() > 7 &&
          IsAsciiSpace(condition[7])) {
        name = TrimSpace(condition.substr(7));
        how = "`defined " + std::string(name) + "` is false";
      } else if (condition.size() > 3 && condition.substr(0, 2) == "$(" &&
                 condition.back() == ')') {
        name = condition.substr(2, condition.size() - 3);
        how = "the condition expands to nothing, which is false";
      } else {
        continue;
      }
      if (name.empty() || name.find_first_of(" \t:$()") != std::string_view::npos) continue;
      // The definition of `name` current at this line.
      const ConfigEntry* current = nullptr;
      for (const ConfigEntry& entry : config.History()) {
        if (!EqualsNoCase(entry.name, name)) continue;
        const int index = file_index(entry.name_at.file);
        const bool before =
            entry.origin == ConfigEntry::Origin::kDetected ||
            (index >= 0 && (index < static_cast<int>(f) || (index == static_cast<int>(f) &&
                                                            entry.name_at.line < line.first_line)));
        if (before) current = &entry;
      }
      if (current == nullptr || !TrimSpace(current->raw_value).empty()) continue;
      const size_t offset = std::string_view(line.content.text()).find(name);
      Diagnostic d = MakeDiagnostic(
          line.content.LocationOf(offset == std::string_view::npos ? 0 : offset, files[f]),
          Severity::kWarning,
          std::string(name) + " is defined but empty here, so " + how +
              " (HTCondor treats an empty value as undefined)",
          "if-empty");
      d.notes.push_back({current->name_at, std::string(name) + " set empty here"});
      out->push_back(std::move(d));
    }
  }
}

}  // namespace policy::lint
