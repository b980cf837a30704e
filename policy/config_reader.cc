// One configuration source read statement by statement, as HTCondor's
// Parse_macros reads it (config.cpp), and ReadConfigText.
#include "policy/config_reader.h"

#include <functional>
#include <map>
#include <optional>
#include <utility>

#include "policy/config_file_system.h"
#include "policy/config_if.h"
#include "policy/config_reader_internal.h"
#include "policy/knobs.h"
#include "policy/metaknobs.h"
#include "policy/text_util.h"

namespace policy {
namespace config_internal {

using classad::Result;
using classad::SourceLocation;
using classad::Status;
using classad::StatusCode;

namespace {

// The position of a status, or "its text" when it has none.
std::string WhereInBody(const Status& status, const std::string& body_name) {
  if (status.where().file == body_name && status.where().line > 0) {
    return " (line " + std::to_string(status.where().line) + " of its text)";
  }
  return "";
}

}  // namespace

std::vector<std::string> SplitConfigList(std::string_view list) {
  std::vector<std::string> items;
  size_t i = 0;
  const auto is_separator = [](char c) {
    return c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n';
  };
  while (i < list.size()) {
    while (i < list.size() && is_separator(list[i])) ++i;
    const size_t start = i;
    while (i < list.size() && !is_separator(list[i])) ++i;
    if (i > start) items.emplace_back(list.substr(start, i - start));
  }
  return items;
}

// HTCondor's MetaKnobAndArgs::init_from_string over a whole `use` list, with
// its quirks kept: the arguments of an item carry over to the next items
// that have none (`A(x), B` gives B the arguments x), a trailing comma
// repeats the last item, and a list of only commas names the empty name.
std::vector<std::pair<std::string, std::string>> SplitMetaknobList(std::string_view rhs) {
  // find_close_brace: the index of the brace closing the one at `p`,
  // recursing into ( and [; npos past 25 levels or at the end.
  const std::function<size_t(size_t, int)> close_brace = [&](size_t p, int depth) -> size_t {
    if (depth < 0 || p >= rhs.size()) return std::string_view::npos;
    const char open = rhs[p];
    const char close = open == '(' ? ')' : open == '[' ? ']' : open == '{' ? '}' : open;
    for (size_t q = p + 1;; ++q) {
      if (q >= rhs.size()) return std::string_view::npos;
      if (rhs[q] == close) return q;
      if (rhs[q] == open || rhs[q] == '(' || rhs[q] == '[') {
        const size_t e = close_brace(q, depth - 1);
        if (e == std::string_view::npos) return e;
        q = e;
      }
    }
  };
  std::vector<std::pair<std::string, std::string>> items;
  std::string knob, args;
  size_t p = 0;
  while (p < rhs.size()) {
    const size_t from = p;
    while (p < rhs.size() && (IsConfigSpace(rhs[p]) || rhs[p] == ',')) ++p;
    size_t e = p;
    while (e < rhs.size() && !IsConfigSpace(rhs[e]) && rhs[e] != ',' && rhs[e] != '(') ++e;
    if (e > p) {
      knob.assign(rhs.substr(p, e - p));
      p = e;
      while (p < rhs.size() && IsConfigSpace(rhs[p])) ++p;
      if (p < rhs.size() && rhs[p] == '(') {
        const size_t close = close_brace(p, 25);
        if (close != std::string_view::npos && rhs[close] == ')') {
          args.assign(rhs.substr(p + 1, close - p - 1));
          p = close;
        }
        ++p;
        while (p < rhs.size() && IsConfigSpace(rhs[p])) ++p;
      }
    }
    if (p == from) break;
    items.emplace_back(knob, args);  // knob is empty for a list of only commas
  }
  return items;
}

SourceLocation Reader::Place::At(size_t offset) const {
  if (use != nullptr) return use->at;
  return line->content.LocationOf(offset, *file);
}

Result<std::string> Reader::ExpandAt(std::string_view text, const SourceLocation& at) const {
  if (text.find('$') == std::string_view::npos) return std::string(text);
  Result<std::string> expanded = config().Expand(text);
  if (!expanded.ok() && expanded.status().where().file.empty()) {
    return Status(expanded.status().code(), expanded.status().message(), at);
  }
  return expanded;
}

Result<std::string> Reader::NameAt(const Place& place, std::string_view written,
                                   const SourceLocation& at) const {
  if (place.use != nullptr) return std::string(written);
  return ExpandAt(written, at);
}

Status Reader::DefineSpecial(const std::string& name, const std::string& value,
                             ConfigEntry::Origin origin) {
  ConfigEntry entry;
  entry.name = name;
  entry.raw_value = value;
  entry.origin = origin;
  entry.name_at.file = origin == ConfigEntry::Origin::kEnvironment ? "<environment>" : "<Detected>";
  entry.value_at = entry.name_at;
  return builder_->Define(std::move(entry));
}

Status Reader::Define(std::string name, const PositionedText& value, const Place& place,
                      const SourceLocation& name_at, const SourceLocation& value_at,
                      std::vector<std::string> comments) {
  ConfigEntry entry;
  entry.name = std::move(name);
  entry.raw_value = value.text();
  entry.leading_comments = std::move(comments);
  if (place.use != nullptr) {
    entry.origin = ConfigEntry::Origin::kMetaknob;
    entry.metaknob = place.use->what;
    entry.name_at = entry.value_at = place.use->at;
    if (!value.empty()) {
      entry.value_pieces.push_back(TextPiece{0, place.use->at.line, place.use->at.column, false});
    }
  } else {
    entry.name_at = name_at;
    entry.value_at = value_at;
    entry.value_pieces = value.pieces();
  }
  return builder_->Define(std::move(entry));
}

Status Reader::ReadFile(const std::string& path, int depth, bool required,
                        const SourceLocation& from) {
  Result<std::pair<std::string, std::string>> data =
      options_.file_system.read_file(path, options_.source.max_file_bytes);
  const SourceLocation at = from.file.empty() ? SourceLocation{path, 0, 0} : from;
  if (!data.ok()) {
    if (data.status().code() == StatusCode::kNotFound && !required) return Status::Ok();
    // HTCondor opens an included folder (or a LOCAL_CONFIG_FILE that is
    // one) as a file and reads no line from it.
    if (depth > 0 && options_.file_system.path_kind &&
        options_.file_system.path_kind(path) == ConfigOptions::FileSystem::PathKind::kDirectory) {
      builder_->AddWarning(Status(StatusCode::kInvalidArgument,
                                  "'" + path +
                                      "' is a directory, which HTCondor reads as an empty file",
                                  at));
      return Status::Ok();
    }
    const std::string what = depth == 0          ? "cannot read configuration file '"
                             : from.file.empty() ? "cannot read config source '"
                                                 : "cannot include '";
    return Status(data.status().code(), what + path + "': " + data.status().message(), at);
  }
  if (depth >= options_.max_include_depth) {
    return Status(StatusCode::kLimitExceeded,
                  "includes nested too deep: '" + path + "' would be level " +
                      std::to_string(depth) + " (ConfigOptions::max_include_depth is " +
                      std::to_string(options_.max_include_depth) + ")",
                  at);
  }
  const std::string& identity = data->second;
  for (size_t i = 0; i < open_files_.size(); ++i) {
    if (open_files_[i].first != identity) continue;
    std::string cycle = "include cycle: ";
    for (size_t k = i; k < open_files_.size(); ++k) cycle += open_files_[k].second + " -> ";
    return Status(StatusCode::kInvalidArgument, cycle + path, at);
  }
  open_files_.emplace_back(identity, path);
  builder_->AddSource(path);
  Status read = ReadText(data->first, path, depth);
  open_files_.pop_back();
  return read;
}

Status Reader::ReadText(std::string_view bytes, const std::string& file, int depth) {
  Result<std::vector<SourceLine>> lines = SplitLogicalLines(bytes, file, options_.source);
  if (!lines.ok()) return lines.status();
  return ParseLines(*lines, file, depth, nullptr);
}

IfConditionContext Reader::Conditions() const {
  IfConditionContext conditions;
  conditions.expand = [this](std::string_view text) { return config().Expand(text); };
  conditions.raw_value = [this](std::string_view name) -> std::optional<std::string> {
    std::optional<std::string_view> raw = config().RawValue(name);
    if (!raw) return std::nullopt;
    return std::string(*raw);
  };
  conditions.metaknob_exists = MetaknobExists;
  conditions.version_major = options_.version_major;
  conditions.version_minor = options_.version_minor;
  conditions.version_subminor = options_.version_subminor;
  return conditions;
}

namespace {

// The category and metaknob name of AUTO_USE_<CATEGORY>_<NAME> (HTCondor's
// caseless, anchored `AUTO_USE_([A-Za-z]+)_(.+)`), or nullopt.
std::optional<std::pair<std::string, std::string>> AutoUseTarget(std::string_view knob) {
  constexpr std::string_view kPrefix = "AUTO_USE_";
  if (knob.size() <= kPrefix.size() || !StartsWithNoCase(knob, kPrefix)) return std::nullopt;
  size_t end = kPrefix.size();
  while (end < knob.size() && IsAsciiLetter(knob[end])) ++end;
  if (end == kPrefix.size() || end + 1 >= knob.size() || knob[end] != '_') return std::nullopt;
  return std::make_pair(std::string(knob.substr(kPrefix.size(), end - kPrefix.size())),
                        std::string(knob.substr(end + 1)));
}

}  // namespace

Status Reader::ApplyAutoUse() {
  std::map<std::string, std::string> knobs;  // lower-cased name -> name
  for (const ConfigEntry* entry : config().Entries()) {
    if (AutoUseTarget(entry->name)) knobs.emplace(LowerAscii(entry->name), entry->name);
  }
  for (const KnobInfo& knob : AllKnobs()) {
    if (knob.default_source == KnobDefaultSource::kParamTable && AutoUseTarget(knob.name)) {
      knobs.emplace(LowerAscii(knob.name), std::string(knob.name));
    }
  }
  const IfConditionContext conditions = Conditions();
  for (const auto& [key, knob] : knobs) {
    builder_->ReadingAt(SourceLocation{knob, 0, 0});
    Result<std::optional<ExpandedValue>> trigger = config().Lookup(knob);
    if (!trigger.ok()) {
      builder_->AddWarning(trigger.status());
      continue;
    }
    if (!trigger->has_value() || (*trigger)->value.empty()) continue;
    const ConfigEntry* entry = (*trigger)->entry;
    const SourceLocation at = entry != nullptr ? entry->value_at : SourceLocation{knob, 0, 0};
    Result<bool> fire = EvaluateIfCondition((*trigger)->value, conditions);
    if (!fire.ok()) {
      builder_->AddWarning(Status(StatusCode::kInvalidArgument,
                                  "while interpreting " + knob + ": " + fire.status().message(),
                                  at));
      continue;
    }
    if (!*fire) continue;
    const auto target = AutoUseTarget(knob);
    const std::string what = target->first + ":" + target->second;
    Result<std::string> body = MetaknobBody(target->first, target->second, "");
    if (!body.ok()) {
      builder_->AddWarning(Status(StatusCode::kInvalidArgument,
                                  "while interpreting " + knob + ": no template named " + what,
                                  at));
      continue;
    }
    const std::string body_name = "<" + knob + ">";
    const UseContext context{at, what};
    Result<std::vector<SourceLine>> lines =
        SplitMetaknobBodyLines(*body, body_name, options_.source);
    Status read = lines.ok() ? ParseLines(*lines, body_name, 1, &context) : lines.status();
    if (read.code() == StatusCode::kLimitExceeded) return read;
    if (!read.ok()) {
      builder_->AddWarning(Status(read.code(),
                                  knob + " (use " + what + "): " + read.message() +
                                      " (HTCondor goes on with what was defined before)",
                                  at));
    }
  }
  return Status::Ok();
}

Status Reader::ParseLines(const std::vector<SourceLine>& lines, const std::string& file, int depth,
                          const UseContext* use) {
  IfStack ifs(options_.max_if_depth);
  std::vector<SourceLocation> open_ifs;  // where each open if is
  std::optional<HereDocument> here;
  std::vector<std::string> comments;
  const IfConditionContext conditions = Conditions();

  for (const SourceLine& line : lines) {
    const std::string& text = line.content.text();
    const Place place{&line, &file, use};
    if (line.IsComment()) {
      comments.push_back(text);
      continue;
    }
    if (line.IsBlank()) {
      comments.clear();
      continue;
    }
    builder_->ReadingAt(place.At(0));
    if (here) {
      if (text[0] == '@' && std::string_view(text).substr(1) == here->tag) {
        Status done = FinishHereDocument(std::move(*here), place);
        here.reset();
        comments.clear();
        if (!done.ok()) return done;
        continue;
      }
      // Inside a block, comment and blank lines are dropped (above) and the
      // others joined with newlines.
      if (!here->value.empty()) {
        const SourceLocation at = line.content.LocationOf(0, file);
        here->value.Append("\n", at.line, at.column, false);
      }
      here->value.AppendRange(line.content, 0, text.size());
      continue;
    }

    // A ':' that starts a line of an if block (or `:if`) is ignored, for
    // files that must also be read by HTCondor before 8.1.5 (not in a
    // metaknob's body: Parse_config_string has no such rule).
    size_t start = 0;
    if (text[0] == ':' && use == nullptr &&
        (ifs.inside_if() || (text.size() >= 3 && text[1] == 'i' && text[2] == 'f' &&
                             (text.size() == 3 || IsConfigSpace(text[3]))))) {
      start = 1;
    }
    const std::string_view view = std::string_view(text).substr(start);
    const IfKeyword keyword = IfKeywordOf(view);
    if (keyword != IfKeyword::kNone) {
      comments.clear();
      const SourceLocation keyword_at = place.At(start);
      const size_t length = keyword == IfKeyword::kIf ? 2 : keyword == IfKeyword::kEndif ? 5 : 4;
      size_t cond = start + length;
      while (cond < text.size() && IsConfigSpace(text[cond])) ++cond;
      const std::string_view condition = std::string_view(text).substr(cond);
      const SourceLocation condition_at = place.At(cond);
      const auto evaluate = [&](const char* what) -> Result<bool> {
        Result<bool> value = EvaluateIfCondition(condition, conditions);
        if (value.ok()) return value;
        const Status& failed = value.status();
        if (failed.code() == StatusCode::kParseError && failed.where().file.empty()) {
          return Status(StatusCode::kParseError,
                        std::string(condition) + " is not a valid " + what + " condition because " +
                            failed.message(),
                        condition_at);
        }
        if (failed.where().file.empty()) {
          return Status(failed.code(), failed.message(), condition_at);
        }
        return failed;
      };
      std::string problem;
      if (keyword == IfKeyword::kIf) {
        bool taken = ifs.enabled();
        if (taken) {
          Result<bool> value = evaluate("if");
          if (!value.ok()) return value.status();
          taken = *value;
        }
        problem = ifs.BeginIf(taken);
        if (problem.empty()) open_ifs.push_back(keyword_at);
      } else if (keyword == IfKeyword::kElif) {
        bool taken = ifs.ElifNeedsCondition();
        if (taken) {
          Result<bool> value = evaluate("elif");
          if (!value.ok()) return value.status();
          taken = *value;
        }
        problem = ifs.BeginElif(taken);
      } else if (keyword == IfKeyword::kElse) {
        problem = ifs.BeginElse();
      } else {
        problem = ifs.EndIf();
        if (problem.empty() && !open_ifs.empty()) open_ifs.pop_back();
      }
      if (!problem.empty()) {
        if (problem == "if nesting too deep!") {
          problem += " (more than " + std::to_string(options_.max_if_depth) +
                     " levels: ConfigOptions::max_if_depth)";
        }
        return Status(StatusCode::kParseError, problem, keyword_at);
      }
      continue;
    }
    if (!ifs.enabled()) {
      comments.clear();
      continue;
    }
    Status handled = HandleStatement(place, start, depth, &comments, &here);
    if (!handled.ok()) return handled;
  }
  // Parse_config_string simply stops at the end of a metaknob's body: a
  // block left open there defines nothing, an if left open is dropped.
  if (use != nullptr) return Status::Ok();
  if (here) {
    return Status(StatusCode::kParseError,
                  "end of file while looking for '@" + here->tag +
                      "', the end of the @= block of " + here->name,
                  here->name_at);
  }
  if (ifs.inside_if()) {
    return Status(StatusCode::kParseError,
                  "endif(s) not found before end-of-file (this if has no endif)",
                  open_ifs.empty() ? SourceLocation{file, 0, 0} : open_ifs.back());
  }
  return Status::Ok();
}

Status Reader::HandleStatement(const Place& place, size_t start, int depth,
                               std::vector<std::string>* comments,
                               std::optional<HereDocument>* here) {
  Result<Statement> parsed =
      ParseStatement(*place.line, start, *place.file,
                     place.use != nullptr ? StatementSyntax::kMetaknobBody : StatementSyntax::kFile);
  if (!parsed.ok()) return parsed.status();
  const Statement& st = *parsed;
  const std::string& text = place.line->content.text();
  const std::string_view value = std::string_view(text).substr(st.value_begin);
  switch (st.kind) {
    case Statement::Kind::kIgnored:
      comments->clear();
      return Status::Ok();
    case Statement::Kind::kError:
    case Statement::Kind::kWarning: {
      Result<std::string> message = ExpandAt(value, place.At(st.value_begin));
      if (!message.ok()) return message.status();
      comments->clear();
      if (st.kind == Statement::Kind::kError) {
        return Status(StatusCode::kInvalidArgument, "error: " + *message, place.At(start));
      }
      builder_->AddWarning(
          Status(StatusCode::kInvalidArgument, "warning: " + *message, place.At(start)));
      if (place.use != nullptr) {
        // Parse_config_string goes on after a warning and defines a knob
        // named `warning` with the line's value.
        Statement assign = st;
        assign.kind = Statement::Kind::kAssign;
        assign.op = '=';
        return HandleAssign(place, assign, {});
      }
      return Status::Ok();
    }
    case Statement::Kind::kInclude:
      comments->clear();
      if (place.use != nullptr) {
        return Status(StatusCode::kParseError, "include is not allowed in a metaknob",
                      place.At(start));
      }
      return HandleInclude(place, st, depth);
    case Statement::Kind::kUse:
      comments->clear();
      return HandleUse(place, st, depth);
    case Statement::Kind::kHereDocument: {
      const SourceLocation name_at = place.At(st.name_begin);
      Result<std::string> name = NameAt(
          place, std::string_view(text).substr(st.name_begin, st.name_end - st.name_begin), name_at);
      if (!name.ok()) return name.status();
      if (!IsValidKnobName(*name)) {
        return Status(StatusCode::kParseError,
                      "illegal knob name '" + *name +
                          "' (HTCondor: Illegal Identifier): a name holds only letters, digits, "
                          "'_', '.' and '/'",
                      name_at);
      }
      WarnAboutIgnoredWords(place, st, *name);
      HereDocument doc;
      doc.name = std::move(name).value();
      doc.tag = std::string(value);
      doc.name_at = name_at;
      doc.tag_at = place.At(st.value_begin);
      doc.comments = std::move(*comments);
      comments->clear();
      here->emplace(std::move(doc));
      return Status::Ok();
    }
    case Statement::Kind::kAssign: {
      std::vector<std::string> taken = std::move(*comments);
      comments->clear();
      return HandleAssign(place, st, std::move(taken));
    }
  }
  return Status::Ok();
}

Status Reader::HandleAssign(const Place& place, const Statement& st,
                            std::vector<std::string> comments) {
  const std::string& text = place.line->content.text();
  const SourceLocation name_at = place.At(st.name_begin);
  const std::string_view written =
      std::string_view(text).substr(st.name_begin, st.name_end - st.name_begin);
  Result<std::string> name = NameAt(place, written, name_at);
  if (!name.ok()) return name.status();
  if (!IsValidKnobName(*name)) {
    std::string message = "illegal knob name '" + *name +
                          "' (HTCondor: Illegal Identifier): a name holds only letters, digits, "
                          "'_', '.' and '/'";
    if (name->find_first_of("+@") != std::string::npos) {
      message += "; write a blank before += and @= (NAME += value)";
    }
    return Status(StatusCode::kParseError, message, name_at);
  }
  const SourceLocation value_at = place.At(st.value_begin);
  const std::string_view rhs = std::string_view(text).substr(st.value_begin);
  WarnAboutIgnoredWords(place, st, *name);
  if (st.op == ':' && !EqualsNoCase(*name, "RunBenchmarks")) {
    builder_->AddWarning(Status(StatusCode::kParseError,
                                "obsolete use of ':' for parameter assignment at " + *name + " : " +
                                    std::string(rhs) + " (write " + *name + " = ...)",
                                name_at));
  }
  PositionedText value;
  if (st.op == '+') {
    // NAME += x is NAME = <current value><separator>x when the current
    // value (the table default included) is not empty, else NAME = x.
    const std::optional<std::string_view> current = config().RawValue(*name);
    if (current && !current->empty()) {
      const SourceLocation at = place.line->content.LocationOf(st.value_begin, *place.file);
      std::string separator;
      if (st.plus_separator == 0) {
        separator = " ";
      } else if (st.plus_count == 2) {
        separator = {' ', st.plus_separator, st.plus_separator, ' '};
      } else {
        separator = {st.plus_separator};
      }
      value.Append(*current, at.line, at.column, false);
      value.Append(separator, at.line, at.column, false);
    }
  }
  value.AppendRange(place.line->content, st.value_begin, text.size());
  Result<PositionedText> expanded = builder_->ExpandSelf(*name, value, *place.file);
  if (!expanded.ok()) return expanded.status();
  return Define(std::move(name).value(), *expanded, place, name_at, value_at, std::move(comments));
}

void Reader::WarnAboutIgnoredWords(const Place& place, const Statement& st,
                                   const std::string& name) {
  if (st.ignored_end <= st.ignored_begin) return;
  const std::string& text = place.line->content.text();
  builder_->AddWarning(Status(
      StatusCode::kParseError,
      "'" + text.substr(st.ignored_begin, st.ignored_end - st.ignored_begin) +
          "' between the name and the operator is ignored (HTCondor defines " + name + ")",
      place.At(st.ignored_begin)));
}

Status Reader::FinishHereDocument(HereDocument here, const Place& place) {
  Result<PositionedText> expanded = builder_->ExpandSelf(here.name, here.value, *place.file);
  if (!expanded.ok()) return expanded.status();
  const SourceLocation value_at =
      here.value.empty() ? here.tag_at : here.value.LocationOf(0, *place.file);
  return Define(std::move(here.name), *expanded, place, here.name_at, value_at,
                std::move(here.comments));
}

Status Reader::HandleInclude(const Place& place, const Statement& st, int depth) {
  const std::string& text = place.line->content.text();
  const SourceLocation at = place.At(st.value_begin);
  if (st.include_command) {
    return Status(StatusCode::kInvalidArgument,
                  "include command/output runs a program, which this tool never does",
                  place.At(st.name_begin));
  }
  Result<std::string> target = ExpandAt(std::string_view(text).substr(st.value_begin), at);
  if (!target.ok()) return target.status();
  if (target->find('|') != std::string::npos) {
    return Status(StatusCode::kInvalidArgument,
                  "include of '" + *target +
                      "': a target with '|' is a command, and this tool never runs programs",
                  at);
  }
  return ReadFile(*target, depth + 1, !st.include_if_exists, at);
}

Status Reader::HandleUse(const Place& place, const Statement& st, int depth) {
  const std::string& text = place.line->content.text();
  const SourceLocation use_at = place.At(0);
  Result<std::string> category =
      NameAt(place, std::string_view(text).substr(st.name_begin, st.name_end - st.name_begin),
             use_at);
  if (!category.ok()) return category.status();
  const std::string_view rhs = std::string_view(text).substr(st.value_begin);
  if (category->empty()) {
    return Status(
        StatusCode::kParseError,
        "use needs a category before ':' (use CATEGORY : NAME): use : " + std::string(rhs), use_at);
  }
  const std::vector<std::pair<std::string, std::string>> items = SplitMetaknobList(rhs);
  if (items.empty()) {
    builder_->AddWarning(
        Status(StatusCode::kInvalidArgument, "use " + *category + " names no metaknob", use_at));
  }
  for (const auto& [knob, args] : items) {
    const std::string what = *category + ":" + knob;
    Result<std::string> body = MetaknobBody(*category, knob, args);
    if (!body.ok()) return Status(body.status().code(), body.status().message(), use_at);
    // HTCondor checks the depth of a use inside a metaknob's body
    // (Parse_config_string: "nesting too deep"); a file's own use lines go
    // one level deeper unchecked, as the file could be opened at all.
    if (place.use != nullptr && depth >= options_.max_include_depth) {
      return Status(StatusCode::kLimitExceeded,
                    "use " + what + ": includes and metaknobs nested too deep " +
                        "(ConfigOptions::max_include_depth is " +
                        std::to_string(options_.max_include_depth) + ")",
                    use_at);
    }
    const std::string body_name = "<use " + what + ">";
    const UseContext context{place.use != nullptr ? place.use->at : use_at, what};
    Status read = Status::Ok();
    Result<std::vector<SourceLine>> lines =
        SplitMetaknobBodyLines(*body, body_name, options_.source);
    if (!lines.ok()) {
      read = lines.status();
    } else {
      read = ParseLines(*lines, body_name, depth + 1, &context);
    }
    if (!read.ok()) {
      return Status(read.code(),
                    "in use " + what + ": " + read.message() + WhereInBody(read, body_name),
                    context.at);
    }
  }
  return Status::Ok();
}

}  // namespace config_internal

classad::Result<Config> ReadConfigText(std::string_view text, std::string_view file_name,
                                       const ConfigOptions& options) {
  ConfigOptions effective = options;
  effective.file_system = WithPosixDefaults(options.file_system);
  ConfigBuilder builder(effective);
  config_internal::Reader reader(&builder, builder.config().options());
  const std::string name(file_name);
  classad::Status status =
      reader.DefineSpecial("SUBSYSTEM", effective.subsystem, ConfigEntry::Origin::kDetected);
  if (status.ok()) {
    status = reader.DefineSpecial(
        "LOCALNAME", effective.local_name.empty() ? effective.subsystem : effective.local_name,
        ConfigEntry::Origin::kDetected);
  }
  for (const auto& [macro, value] : effective.detected) {
    if (!status.ok()) break;
    status = reader.DefineSpecial(macro, value, ConfigEntry::Origin::kDetected);
  }
  if (status.ok()) {
    builder.AddSource(name);
    status = reader.ReadText(text, name, 0);
  }
  if (status.ok()) status = reader.ApplyAutoUse();
  if (!status.ok()) return status;
  return std::move(builder).Finish();
}

classad::Result<Config> ReadToolConfig(const std::vector<std::string>& root_files,
                                       const ConfigOptions& options) {
  if (!root_files.empty()) return ReadConfigFiles(root_files, options);
  classad::Result<std::vector<std::string>> found = FindRootConfig(options);
  if (!found.ok()) return found.status();
  return ReadConfigFiles(*found, options);
}

}  // namespace policy
