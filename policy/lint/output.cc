// The output formats (output.h).
#include "policy/lint/output.h"

#include <cstdio>

#include "classad/json_writer.h"

namespace policy::lint {

namespace {

constexpr std::string_view kBold = "\033[1m", kRed = "\033[1;31m", kMagenta = "\033[1;35m",
                           kCyan = "\033[1;36m", kGreen = "\033[1;32m", kReset = "\033[0m";

std::string_view ColorOf(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return kRed;
    case Severity::kWarning:
      return kMagenta;
    case Severity::kNote:
      return kCyan;
  }
  return kCyan;
}

// "file:line:col: severity: message" with optional colours.
void AppendLine(std::string* out, const classad::SourceLocation& where, Severity severity,
                std::string_view message, std::string_view check, bool color) {
  if (color) out->append(kBold);
  if (where.file.empty()) {
    out->append("policy_lint");
  } else {
    out->append(where.file);
    if (where.line > 0) {
      out->append(":" + std::to_string(where.line));
      if (where.column > 0) out->append(":" + std::to_string(where.column));
    }
  }
  out->append(":");
  if (color) out->append(kReset);
  out->append(" ");
  if (color) out->append(ColorOf(severity));
  out->append(SeverityName(severity));
  out->append(":");
  if (color) out->append(kReset);
  out->append(" ");
  out->append(message);
  if (!check.empty()) {
    out->append(" [");
    out->append(check);
    out->append("]");
  }
  out->push_back('\n');
}

// The source line of `where` and a caret under its column.
void AppendSource(std::string* out, const classad::SourceLocation& where,
                  const SourceIndex& sources, bool color) {
  if (where.file.empty() || where.line <= 0) return;
  std::optional<std::string_view> line = sources.PhysicalLine(where.file, where.line);
  if (!line) return;
  out->append(" ");
  out->append(*line);
  out->append("\n ");
  // Columns count code points; keep tabs so the caret lines up.
  int column = 1;
  for (size_t i = 0; i < line->size() && column < where.column; ++i) {
    const unsigned char c = static_cast<unsigned char>((*line)[i]);
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte
    out->push_back(c == '\t' ? '\t' : ' ');
    ++column;
  }
  while (column < where.column) {
    out->push_back(' ');
    ++column;
  }
  if (color) out->append(kGreen);
  out->push_back('^');
  if (color) out->append(kReset);
  out->push_back('\n');
}

// `path` as a URI reference: bytes outside RFC 3986's unreserved set and
// '/' percent-encoded.
std::string UriOf(std::string_view path) {
  std::string uri;
  for (const char ch : path) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '.' || c == '_' || c == '~' || c == '/') {
      uri.push_back(ch);
    } else {
      char buffer[4];
      std::snprintf(buffer, sizeof buffer, "%%%02X", c);
      uri.append(buffer);
    }
  }
  return uri;
}

std::string SarifLevel(Severity severity) {
  return severity == Severity::kError     ? "error"
         : severity == Severity::kWarning ? "warning"
                                          : "note";
}

// A SARIF physicalLocation object.
std::string PhysicalLocation(const classad::SourceLocation& where) {
  std::string out = "{\"artifactLocation\":{\"uri\":" + JsonString(UriOf(where.file)) + "}";
  if (where.line > 0) {
    out += ",\"region\":{\"startLine\":" + std::to_string(where.line);
    if (where.column > 0) out += ",\"startColumn\":" + std::to_string(where.column);
    out += "}";
  }
  return out + "}";
}

}  // namespace

std::string JsonString(std::string_view text) { return classad::JsonQuote(text); }

std::string FormatText(const std::vector<Diagnostic>& diagnostics, const SourceIndex* sources,
                       const TextOptions& options) {
  std::string out;
  const bool source = options.show_source && sources != nullptr;
  for (const Diagnostic& d : diagnostics) {
    AppendLine(&out, d.where, d.severity, d.message, d.check, options.color);
    if (source) AppendSource(&out, d.where, *sources, options.color);
    for (const DiagnosticNote& note : d.notes) {
      AppendLine(&out, note.where, Severity::kNote, note.message, "", options.color);
      if (source) AppendSource(&out, note.where, *sources, options.color);
    }
  }
  return out;
}

std::string FormatJson(const std::vector<Diagnostic>& diagnostics) {
  std::string out = "[";
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    const Diagnostic& d = diagnostics[i];
    out += i == 0 ? "\n  " : ",\n  ";
    out += "{\"file\":" + JsonString(d.where.file) + ",\"line\":" + std::to_string(d.where.line) +
           ",\"column\":" + std::to_string(d.where.column) +
           ",\"severity\":" + JsonString(SeverityName(d.severity)) +
           ",\"message\":" + JsonString(d.message) + ",\"check\":" + JsonString(d.check) +
           ",\"notes\":[";
    for (size_t n = 0; n < d.notes.size(); ++n) {
      const DiagnosticNote& note = d.notes[n];
      if (n > 0) out += ",";
      out += "{\"file\":" + JsonString(note.where.file) +
             ",\"line\":" + std::to_string(note.where.line) +
             ",\"column\":" + std::to_string(note.where.column) +
             ",\"message\":" + JsonString(note.message) + "}";
    }
    out += "]}";
  }
  out += diagnostics.empty() ? "]\n" : "\n]\n";
  return out;
}

std::string FormatSarif(const std::vector<Diagnostic>& diagnostics, std::span<const Check> rules,
                        std::string_view tool_version) {
  std::string out =
      "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
      "  \"version\": \"2.1.0\",\n  \"runs\": [{\n    \"tool\": {\"driver\": {"
      "\"name\": \"policy_lint\", \"version\": " +
      JsonString(tool_version) + ", \"rules\": [";
  for (size_t i = 0; i < rules.size(); ++i) {
    out += i == 0 ? "\n      " : ",\n      ";
    out += "{\"id\":" + JsonString(rules[i].name) + ",\"name\":" + JsonString(rules[i].name) +
           ",\"shortDescription\":{\"text\":" + JsonString(rules[i].description) + "}}";
  }
  out += "]}},\n    \"results\": [";
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    const Diagnostic& d = diagnostics[i];
    out += i == 0 ? "\n      " : ",\n      ";
    out += "{\"ruleId\":" + JsonString(d.check);
    for (size_t r = 0; r < rules.size(); ++r) {
      if (rules[r].name == d.check) out += ",\"ruleIndex\":" + std::to_string(r);
    }
    out += ",\"level\":" + JsonString(SarifLevel(d.severity)) +
           ",\"message\":{\"text\":" + JsonString(d.message) + "}";
    if (!d.where.file.empty() && d.where.line > 0) {
      out += ",\"locations\":[{\"physicalLocation\":" + PhysicalLocation(d.where) + "}]";
    }
    std::string related;
    int id = 0;
    for (const DiagnosticNote& note : d.notes) {
      if (note.where.file.empty() || note.where.line <= 0) continue;
      related += related.empty() ? "" : ",";
      related += "{\"id\":" + std::to_string(id++) +
                 ",\"physicalLocation\":" + PhysicalLocation(note.where) +
                 ",\"message\":{\"text\":" + JsonString(note.message) + "}}";
    }
    if (!related.empty()) out += ",\"relatedLocations\":[" + related + "]";
    out += "}";
  }
  out += diagnostics.empty() ? "]\n  }]\n}\n" : "\n    ]\n  }]\n}\n";
  return out;
}

}  // namespace policy::lint
