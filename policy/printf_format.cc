#include "policy/printf_format.h"

#include <locale.h>

#include <cstdio>
#include <cstring>
#include <optional>

#include "policy/text_util.h"

namespace policy {
namespace {

using classad::Status;
using classad::StatusCode;

// The flags, length modifiers and conversion letters of one `%...` spec
// (printf(3) grammar, as HTCondor's parsePrintfFormat reads it).
struct Spec {
  std::string flags;
  std::string length;
  char conversion = 0;
  bool has_precision = false;
  size_t end = 0;  // offset just past the conversion letter
};

Status Bad(std::string message) {
  return Status(StatusCode::kInvalidArgument, std::move(message));
}

Status Undefined(std::string_view what) {
  return Bad(std::string(what) +
             " (HTCondor passes it to printf, whose output is undefined then; not supported by "
             "this tool)");
}

// Reads the digits at `*pos` as a width or precision; false when the
// number exceeds `max`.
bool ReadCount(std::string_view text, size_t* pos, int max, int* value) {
  long long n = 0;
  while (*pos < text.size() && IsAsciiDigit(text[*pos])) {
    n = n * 10 + (text[*pos] - '0');
    if (n > max) return false;
    ++*pos;
  }
  *value = static_cast<int>(n);
  return true;
}

// Parses the spec whose `%` is at `start` (not a `%%`).
classad::Result<Spec> ParseSpec(std::string_view text, size_t start, int max_width) {
  Spec spec;
  size_t pos = start + 1;
  while (pos < text.size() && std::strchr("#0- +'", text[pos]) != nullptr) {
    spec.flags += text[pos++];
  }
  if (pos < text.size() && text[pos] == '*') {
    return Bad("a width given by '*' is refused (HTCondor refuses it too)");
  }
  int width = 0;
  if (!ReadCount(text, &pos, max_width, &width)) {
    return Bad("the width is larger than this tool's limit of " + std::to_string(max_width));
  }
  if (pos < text.size() && text[pos] == '.') {
    ++pos;
    spec.has_precision = true;
    if (pos < text.size() && text[pos] == '*') {
      return Bad("a precision given by '*' is refused (HTCondor refuses it too)");
    }
    int precision = 0;
    if (!ReadCount(text, &pos, max_width, &precision)) {
      return Bad("the precision is larger than this tool's limit of " +
                 std::to_string(max_width));
    }
  }
  for (std::string_view modifier : {"hh", "ll", "h", "l", "q", "j", "z", "t", "L"}) {
    if (text.substr(pos, modifier.size()) == modifier) {
      spec.length = std::string(modifier);
      pos += modifier.size();
      break;
    }
  }
  if (pos >= text.size()) return Bad("the conversion is incomplete");
  spec.conversion = text[pos];
  spec.end = pos + 1;
  return spec;
}

// The kind of argument HTCondor's parsePrintfFormat gives a conversion
// letter, or nullopt for a letter it does not know.
enum class Kind { kInteger, kReal, kString, kChar, kPointer, kWrites, kOther };
std::optional<Kind> KindOf(char c) {
  if (std::strchr("diouxX", c) != nullptr) return Kind::kInteger;
  if (std::strchr("eEfFgGaA", c) != nullptr) return Kind::kReal;
  if (c == 's' || c == 'S') return Kind::kString;
  if (c == 'c' || c == 'C') return Kind::kChar;
  if (c == 'p') return Kind::kPointer;
  if (c == 'n') return Kind::kWrites;
  // HTCondor's own letters (values, raw, times, dates): never valid for
  // the configuration's macro functions.
  if (std::strchr("vVrRTY", c) != nullptr) return Kind::kOther;
  return std::nullopt;
}

const char* ArgName(FormatArg arg) {
  switch (arg) {
    case FormatArg::kInteger: return "an integer";
    case FormatArg::kReal: return "a real";
    case FormatArg::kString: return "a string";
  }
  return "";
}

// Whether HTCondor's validatePrintfFormat lets conversion kind `kind`
// print an argument of kind `arg`.
bool HTCondorAccepts(Kind kind, FormatArg arg) {
  if (kind == Kind::kPointer) return true;
  switch (arg) {
    case FormatArg::kInteger: return kind == Kind::kInteger || kind == Kind::kChar;
    case FormatArg::kReal: return kind == Kind::kReal;
    case FormatArg::kString: return kind == Kind::kString;
  }
  return false;
}

bool HasFlagOtherThanMinus(const Spec& spec) {
  return spec.flags.find_first_not_of('-') != std::string::npos;
}

// The checks beyond HTCondor's: the combination must have a defined output
// for the argument HTCondor passes.
Status CheckDefined(const Spec& spec, FormatArg arg) {
  const char c = spec.conversion;
  const std::string conversion = std::string("%") + c;
  if (c == 'p') {
    if (arg != FormatArg::kInteger) {
      return Undefined(std::string("%p with ") + ArgName(arg) + " prints an address");
    }
    if (!spec.length.empty() || spec.has_precision || HasFlagOtherThanMinus(spec)) {
      return Undefined("%p with a length, a precision or a flag other than '-'");
    }
    return Status::Ok();
  }
  switch (arg) {
    case FormatArg::kInteger:
      if (spec.length == "L") return Undefined("the length L with " + conversion);
      if (c == 'c') {
        if (!spec.length.empty() || spec.has_precision || HasFlagOtherThanMinus(spec)) {
          return Undefined("%c with a length, a precision or a flag other than '-'");
        }
        return Status::Ok();
      }
      if (spec.flags.find('#') != std::string::npos && std::strchr("oxX", c) == nullptr) {
        return Undefined("the flag '#' with " + conversion);
      }
      if (spec.flags.find('\'') != std::string::npos && std::strchr("diu", c) == nullptr) {
        return Undefined("the flag ' with " + conversion);
      }
      return Status::Ok();
    case FormatArg::kReal:
      if (!spec.length.empty() && spec.length != "l") {
        return Undefined("the length " + spec.length + " with " + conversion);
      }
      if (spec.flags.find('\'') != std::string::npos && std::strchr("fFgG", c) == nullptr) {
        return Undefined("the flag ' with " + conversion);
      }
      return Status::Ok();
    case FormatArg::kString:
      if (c == 'S' || !spec.length.empty()) {
        return Undefined("a wide-string conversion (" + spec.length + conversion + ")");
      }
      if (HasFlagOtherThanMinus(spec)) {
        return Undefined("a flag other than '-' with %s");
      }
      return Status::Ok();
  }
  return Status::Ok();
}

// Runs snprintf twice (size, then text) in the C locale and returns every
// byte it produced; an empty string if the C library reports a failure.
template <typename T>
std::string Print(const std::string& format, T value) {
  locale_t c_locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
  locale_t previous = c_locale ? uselocale(c_locale) : static_cast<locale_t>(nullptr);
  std::string out;
  int n = std::snprintf(nullptr, 0, format.c_str(), value);
  if (n > 0) {
    out.resize(static_cast<size_t>(n) + 1);
    std::snprintf(out.data(), out.size(), format.c_str(), value);
    out.resize(static_cast<size_t>(n));
  }
  if (c_locale) {
    uselocale(previous);
    freelocale(c_locale);
  }
  return out;
}

}  // namespace

classad::Result<PrintfFormat> CheckPrintfFormat(std::string_view format, FormatArg arg,
                                                int max_width) {
  const std::string shown = "'" + std::string(format) + "'";
  if (format.find('\0') != std::string_view::npos) {
    return Bad(shown + " is not a valid format: it holds a NUL byte");
  }
  std::optional<Spec> conversion;
  size_t pos = 0;
  while ((pos = format.find('%', pos)) != std::string_view::npos) {
    if (pos + 1 < format.size() && format[pos + 1] == '%') {
      pos += 2;
      continue;
    }
    classad::Result<Spec> spec = ParseSpec(format, pos, max_width);
    if (!spec.ok()) return Bad(shown + " is not a valid format: " + spec.status().message());
    std::optional<Kind> kind = KindOf(spec->conversion);
    if (spec->conversion == '%') {
      return Bad(shown + " is not a valid format: a '%' conversion with flags, width or "
                 "length (write %% for a percent sign)");
    }
    if (!kind.has_value()) {
      if (conversion.has_value()) {
        // HTCondor ignores what follows its one conversion.
        return Bad(shown + " is not a valid format: " +
                   Undefined(std::string("the unknown conversion %") + spec->conversion)
                       .message());
      }
      return Bad(shown + " is not a valid format: unknown conversion '%" +
                 std::string(1, spec->conversion) + "'");
    }
    if (*kind == Kind::kWrites) {
      return Bad(shown + " is not a valid format: %n is refused (HTCondor refuses it too)");
    }
    if (conversion.has_value()) {
      return Bad(shown + " is not a valid format: more than one conversion");
    }
    if (*kind == Kind::kOther || !HTCondorAccepts(*kind, arg)) {
      return Bad(shown + " is not a valid format: %" + std::string(1, spec->conversion) +
                 " does not print " + ArgName(arg));
    }
    Status defined = CheckDefined(*spec, arg);
    if (!defined.ok()) return Bad(shown + " is not a valid format: " + defined.message());
    conversion = std::move(*spec);
    pos = conversion->end;
  }
  if (!conversion.has_value()) {
    return Bad(shown + " is not a valid format: it has no conversion");
  }
  PrintfFormat result;
  result.text = std::string(format);
  result.conversion = conversion->conversion;
  result.length = conversion->length;
  return result;
}

std::string FormatInteger(const PrintfFormat& format, int64_t value) {
  const bool wide = !format.length.empty() && format.length != "h" && format.length != "hh";
  const uint64_t bits = static_cast<uint64_t>(value);
  switch (format.conversion) {
    case 'p':
      return Print(format.text, reinterpret_cast<void*>(static_cast<uintptr_t>(bits)));
    case 'd':
    case 'i':
    case 'c':
      if (wide) return Print(format.text, static_cast<long long>(value));
      return Print(format.text, static_cast<int>(static_cast<uint32_t>(bits)));
    default:  // o u x X
      if (wide) return Print(format.text, static_cast<unsigned long long>(bits));
      return Print(format.text, static_cast<unsigned int>(static_cast<uint32_t>(bits)));
  }
}

std::string FormatReal(const PrintfFormat& format, double value) {
  return Print(format.text, value);
}

std::string FormatString(const PrintfFormat& format, std::string_view value) {
  std::string text(value.substr(0, value.find('\0')));
  return Print(format.text, text.c_str());
}

}  // namespace policy
