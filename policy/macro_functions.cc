// The macro functions, after config.cpp's first evaluate_macro_func (the
// one expand_macro(const char*) calls, which is what param() and
// condor_config_val use). Each function's comment says which text HTCondor
// looks up as a knob name, which it expands, and how it splits arguments;
// those details decide results such as $CHOICE's list splitting and are
// kept exactly.
#include "policy/macro_functions.h"

#include <locale.h>
#include <strings.h>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "policy/printf_format.h"
#include "policy/text_util.h"

namespace policy {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;

// Longest text of a body repeated in an error message.
constexpr size_t kShownBody = 80;

// HTCondor formats $INT and $REAL into a 57-byte buffer with
// snprintf(buf, 56, ...): at most 55 characters survive.
constexpr size_t kNumberBuffer = 55;


// Text for an error message: at most kShownBody bytes, control bytes
// escaped, so hostile input never floods a message.
std::string Shown(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size() && i < kShownBody; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > kShownBody) out += "...";
  return out;
}

std::string Quoted(std::string_view text) { return "\"" + Shown(text) + "\""; }

// One macro call being evaluated: its name and body (for messages) and the
// context.
struct Call {
  std::string_view name;
  std::string_view body;
  const MacroFunctionContext& context;

  Status Error(const std::string& message) const {
    return Status(StatusCode::kInvalidArgument,
                  "$" + std::string(name) + "(" + Shown(body) + "): " + message);
  }
  Status Unsupported(const std::string& message) const {
    return Error(message + "; not supported by this tool");
  }
};

// Whether `text` can be a knob name ([A-Za-z0-9_./]+, HTCondor's
// is_valid_param_name): only such names can be defined, so only they are
// looked up.
bool IsKnobName(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.' || c == '/';
    if (!ok) return false;
  }
  return true;
}

// lookup_macro: the knob's (expanded) value, nullopt when undefined.
Result<std::optional<std::string>> Lookup(const Call& call, std::string_view name) {
  if (!IsKnobName(name)) return std::optional<std::string>();
  return call.context.lookup(name);
}

// The pattern HTCondor uses for most arguments: the knob's value when
// `text` names one, else `text` itself, macro-expanded when it holds a `$`.
Result<std::string> ValueOrLiteral(const Call& call, std::string_view text) {
  Result<std::optional<std::string>> found = Lookup(call, text);
  if (!found.ok()) return found.status();
  if (found->has_value()) return std::move(**found);
  if (text.find('$') == std::string_view::npos) return std::string(text);
  return call.context.expand(text);
}

// HTCondor's StringTokenIterator with trimming: tokens separated by any
// byte of `delims`, blanks around them dropped, empty tokens skipped.
std::vector<std::string_view> Tokens(std::string_view text, std::string_view delims) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < text.size()) {
    while (pos < text.size() &&
           (delims.find(text[pos]) != std::string_view::npos || IsAsciiSpace(text[pos]))) {
      ++pos;
    }
    size_t start = pos;
    size_t last = std::string_view::npos;
    while (pos < text.size() && delims.find(text[pos]) == std::string_view::npos) {
      if (!IsAsciiSpace(text[pos])) last = pos;
      ++pos;
    }
    if (last != std::string_view::npos) out.push_back(text.substr(start, last - start + 1));
  }
  return out;
}

// config.cpp's nth_list_item: item `index` of a `,`-separated list, blanks
// around it trimmed, empty items counted; nullopt when there are fewer
// items. (Unlike Tokens, "a,,b" has three items.)
std::optional<std::string_view> NthItem(std::string_view list, size_t index) {
  size_t start = 0;
  for (size_t i = 0;; ++i) {
    size_t comma = list.find(',', start);
    std::string_view item =
        list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (i == index) {
      while (!item.empty() && IsAsciiSpace(item.front())) item.remove_prefix(1);
      while (!item.empty() && IsAsciiSpace(item.back())) item.remove_suffix(1);
      return item;
    }
    if (comma == std::string_view::npos) return std::nullopt;
    start = comma + 1;
  }
}

// Switches the calling thread to the C locale for strtod (HTCondor's
// daemons run in it) and back.
class CLocale {
 public:
  CLocale() : c_(newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr))) {
    if (c_) previous_ = uselocale(c_);
  }
  ~CLocale() {
    if (c_) {
      uselocale(previous_);
      freelocale(c_);
    }
  }
  CLocale(const CLocale&) = delete;
  CLocale& operator=(const CLocale&) = delete;

 private:
  locale_t c_;
  locale_t previous_ = static_cast<locale_t>(nullptr);
};

// `text` parsed as a ClassAd expression (old ClassAd syntax, as
// ParseClassAdRvalExpr) and evaluated with no ad around it; nullopt when it
// does not parse.
std::optional<classad::Value> EvaluateText(std::string_view text,
                                           const MacroFunctionContext& context) {
  Result<classad::ExprPtr> expr = classad::ParseExpression(text);
  if (!expr.ok()) return std::nullopt;
  classad::EvalOptions options;
  options.user_maps = context.user_maps;
  options.daemon_functions_registered = context.daemon_functions_registered;
  options.quirk_notes = context.quirk_notes;
  return classad::EvaluateExpr(**expr, nullptr, nullptr, options);
}

// A number read from a configuration value: string_is_long_param /
// string_is_double_param (condor_config.cpp).
enum class NumberParse { kOk, kNotNumber, kOutOfRange };

// strtoll base 10 with only blanks after the digits; else the text
// evaluated as a ClassAd expression giving an integer, a real (truncated)
// or a boolean (0/1).
NumberParse ParseLongParam(std::string_view text, const MacroFunctionContext& context,
                           int64_t* out) {
  std::string s(text);
  char* end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (end != s.c_str()) {
    while (IsAsciiSpace(*end)) ++end;
    if (*end == '\0') {
      *out = v;
      return NumberParse::kOk;
    }
  }
  std::optional<classad::Value> value = EvaluateText(text, context);
  if (!value.has_value()) return NumberParse::kNotNumber;
  if (value->IsInteger()) {
    *out = value->integer();
  } else if (value->IsBoolean()) {
    *out = value->boolean() ? 1 : 0;
  } else if (value->IsReal()) {
    double r = value->real();
    // HTCondor casts to long long; outside this range that cast is undefined.
    if (!(r > -9223372036854775808.0 && r < 9223372036854775808.0)) return NumberParse::kOutOfRange;
    *out = static_cast<int64_t>(r);
  } else {
    return NumberParse::kNotNumber;
  }
  return NumberParse::kOk;
}

// strtod (C locale) with only blanks after the number; else a ClassAd
// expression giving a real, an integer or a boolean.
bool ParseDoubleParam(std::string_view text, const MacroFunctionContext& context, double* out) {
  std::string s(text);
  char* end = nullptr;
  double v;
  {
    CLocale c_locale;
    v = std::strtod(s.c_str(), &end);
  }
  if (end != s.c_str()) {
    while (IsAsciiSpace(*end)) ++end;
    if (*end == '\0') {
      *out = v;
      return true;
    }
  }
  std::optional<classad::Value> value = EvaluateText(text, context);
  if (!value.has_value()) return false;
  if (value->IsReal()) {
    *out = value->real();
  } else if (value->IsInteger()) {
    *out = static_cast<double>(value->integer());
  } else if (value->IsBoolean()) {
    *out = value->boolean() ? 1.0 : 0.0;
  } else {
    return false;
  }
  return true;
}

// string_to_long (config.cpp): strtol base 10 that only requires some
// digits to be read (`5x` is 5).
std::optional<int64_t> StringToLong(std::string_view text) {
  std::string s(text);
  char* end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (end == s.c_str()) return std::nullopt;
  return v;
}

// Reads an integer argument for $CHOICE and $SUBSTR and checks HTCondor's
// range for it ([min, max]).
Result<int64_t> IntegerArgument(const Call& call, std::string_view text, const char* what,
                                int64_t min, int64_t max) {
  int64_t value = 0;
  NumberParse parsed = ParseLongParam(text, call.context, &value);
  if (parsed == NumberParse::kOutOfRange) {
    return call.Error(Quoted(text) + " is out of range for the " + std::string(what));
  }
  if (parsed != NumberParse::kOk) {
    return call.Error(Quoted(text) + " is not a valid " + std::string(what) +
                      " (not an integer)");
  }
  if (value < min || value > max) {
    return call.Error(Quoted(text) + " is out of range for the " + std::string(what));
  }
  return value;
}

// $ENV(NAME[:default]): the variable, else the default, else "UNDEFINED".
// A variable set to "" gives "".
Result<std::string> Env(const Call& call) {
  size_t colon = call.body.find(':');
  std::string_view name = call.body.substr(0, colon);
  std::optional<std::string> value = call.context.getenv(name);
  if (value.has_value()) return std::move(*value);
  if (colon != std::string_view::npos) return std::string(call.body.substr(colon + 1));
  return std::string("UNDEFINED");
}

// A number in [0, 2^31): lrand48() & INT_MAX in HTCondor.
uint64_t Random31(const Call& call) { return call.context.random() & 0x7fffffffu; }

// $RANDOM_CHOICE(a,b,...): one of the `,`-separated items. A single item
// that names a knob stands for that knob's value, split on commas and
// blanks; a single item that names no knob is the only choice.
Result<std::string> RandomChoice(const Call& call) {
  std::vector<std::string_view> items = Tokens(call.body, ",");
  std::string list_value;
  if (items.size() == 1) {
    Result<std::optional<std::string>> found = Lookup(call, items[0]);
    if (!found.ok()) return found.status();
    if (found->has_value()) {
      list_value = std::move(**found);
      items = Tokens(list_value, ", \t\r\n");
    }
  }
  if (items.empty()) return call.Error("there is nothing to choose from");
  return std::string(items[Random31(call) % items.size()]);
}

// $RANDOM_INTEGER(min,max[,step]): min + k*step <= max, k random. The
// arguments are read with strtol (so `5x` is 5) and never looked up.
Result<std::string> RandomInteger(const Call& call) {
  std::vector<std::string_view> args = Tokens(call.body, ",");
  std::optional<int64_t> min = args.size() > 0 ? StringToLong(args[0]) : std::nullopt;
  if (!min.has_value()) return call.Error("the minimum is not an integer");
  std::optional<int64_t> max = args.size() > 1 ? StringToLong(args[1]) : std::nullopt;
  if (!max.has_value()) return call.Error("the maximum is not an integer");
  int64_t step = 1;
  if (args.size() > 2) {
    std::optional<int64_t> s = StringToLong(args[2]);
    if (!s.has_value()) return call.Error("the step is not an integer");
    step = *s;
  }
  if (step < 1) return call.Error("the step must be at least 1");
  if (*min > *max) return call.Error("the minimum is larger than the maximum");
  // HTCondor computes (step + max) - min in a long; beyond that range its
  // arithmetic overflows.
  __int128 range = static_cast<__int128>(step) + *max;
  if (range > INT64_MAX) return call.Unsupported("the range overflows HTCondor's arithmetic");
  range -= *min;
  if (range > INT64_MAX) return call.Unsupported("the range overflows HTCondor's arithmetic");
  int64_t count = static_cast<int64_t>(range) / step;
  int64_t pick = static_cast<int64_t>(Random31(call) % static_cast<uint64_t>(count));
  return std::to_string(*min + pick * step);
}

// $CHOICE(index, list_knob) or $CHOICE(index, a, b, ...): item `index`
// (0-based) of the list. The index is looked up as a knob (else used as
// written), expanded, and read as an integer or an integer expression. A
// second argument with no comma after it names the knob holding the list,
// split on commas only.
Result<std::string> Choice(const Call& call) {
  std::string_view index_text = *NthItem(call.body, 0);
  Result<std::string> index_value = ValueOrLiteral(call, index_text);
  if (!index_value.ok()) return index_value.status();
  Result<int64_t> index = IntegerArgument(call, *index_value, "index", 0, INT_MAX - 1);
  if (!index.ok()) return index.status();

  size_t first_comma = call.body.find(',');
  if (first_comma == std::string_view::npos) return call.Error("there is no list");
  std::string_view rest = call.body.substr(first_comma + 1);
  std::string list_value;
  std::string_view items = rest;
  if (rest.find(',') == std::string_view::npos) {
    std::string_view list_name = *NthItem(rest, 0);
    Result<std::optional<std::string>> found = Lookup(call, list_name);
    if (!found.ok()) return found.status();
    if (!found->has_value()) return call.Error("there is no list named " + Quoted(list_name));
    list_value = std::move(**found);
    items = list_value;
  } else {
    while (!items.empty() && IsAsciiSpace(items.front())) items.remove_prefix(1);
  }
  std::optional<std::string_view> item = NthItem(items, static_cast<size_t>(*index));
  if (!item.has_value()) {
    return call.Error("index " + std::to_string(*index) + " is out of range");
  }
  return std::string(*item);
}

// $SUBSTR(knob, start[, length]): bytes of the knob's value. The knob name
// is the text before the first comma as written (not trimmed); an
// undefined knob gives "". Start and length are looked up as knobs, else
// used as written, and may be integer expressions; negative values count
// from the end.
Result<std::string> Substr(const Call& call) {
  size_t comma1 = call.body.find(',');
  if (comma1 == std::string_view::npos) return call.Error("no start position is given");
  std::string_view name = call.body.substr(0, comma1);
  std::string_view rest = call.body.substr(comma1 + 1);
  size_t comma2 = rest.find(',');
  std::string_view start_text = rest.substr(0, comma2);

  Result<std::string> start_value = ValueOrLiteral(call, start_text);
  if (!start_value.ok()) return start_value.status();
  Result<int64_t> start = IntegerArgument(call, *start_value, "start", INT_MIN, INT_MAX - 1);
  if (!start.ok()) return start.status();

  int64_t length = INT_MAX / 2;
  if (comma2 != std::string_view::npos) {
    Result<std::string> length_value = ValueOrLiteral(call, rest.substr(comma2 + 1));
    if (!length_value.ok()) return length_value.status();
    Result<int64_t> parsed = IntegerArgument(call, *length_value, "length", INT_MIN, INT_MAX);
    if (!parsed.ok()) return parsed.status();
    length = *parsed;
  }

  Result<std::optional<std::string>> found = Lookup(call, name);
  if (!found.ok()) return found.status();
  if (!found->has_value()) return std::string();
  const std::string& value = **found;
  int64_t size = static_cast<int64_t>(value.size());
  int64_t from = *start;
  if (from < 0) from += size;
  if (from < 0) from = 0;
  if (from > size) from = size;
  int64_t remaining = size - from;
  if (length < 0) length += remaining;
  if (length < 0) length = 0;
  if (length > remaining) length = remaining;
  return value.substr(static_cast<size_t>(from), static_cast<size_t>(length));
}

// Splits the body of $INT, $REAL and $STRING at its first comma: the knob
// name or literal before it, the printf format (as written) after it.
struct NameAndFormat {
  std::string_view name;
  std::optional<std::string_view> format;
};
NameAndFormat SplitFormat(std::string_view body) {
  size_t comma = body.find(',');
  if (comma == std::string_view::npos) return {body, std::nullopt};
  return {body.substr(0, comma), body.substr(comma + 1)};
}

// $INT(x[,fmt]) and $REAL(x[,fmt]): x is a knob (else a literal),
// expanded, read as a number or a numeric expression, printed with fmt
// (default %lld / %.16G); only the first 55 characters are kept. With a
// format, a real that prints without a '.' gets ".0" appended.
Result<std::string> Number(const Call& call, bool integer) {
  NameAndFormat parts = SplitFormat(call.body);
  std::optional<PrintfFormat> format;
  if (parts.format.has_value()) {
    Result<PrintfFormat> checked =
        CheckPrintfFormat(*parts.format, integer ? FormatArg::kInteger : FormatArg::kReal,
                          call.context.limits.max_format_width);
    if (!checked.ok()) return call.Error(checked.status().message());
    format = std::move(*checked);
  }
  Result<std::string> text = ValueOrLiteral(call, parts.name);
  if (!text.ok()) return text.status();

  std::string out;
  if (integer) {
    int64_t value = 0;
    NumberParse parsed = ParseLongParam(*text, call.context, &value);
    if (parsed == NumberParse::kOutOfRange) {
      return call.Unsupported(Quoted(*text) + " is a real beyond the range of an integer");
    }
    if (parsed != NumberParse::kOk) {
      return call.Error(Quoted(*text) + " does not evaluate to an integer");
    }
    out = format.has_value() ? FormatInteger(*format, value) : std::to_string(value);
  } else {
    double value = 0;
    if (!ParseDoubleParam(*text, call.context, &value)) {
      return call.Error(Quoted(*text) + " does not evaluate to a real");
    }
    PrintfFormat fallback;
    fallback.text = "%.16G";
    fallback.conversion = 'G';
    out = FormatReal(format.has_value() ? *format : fallback, value);
  }
  if (out.size() > kNumberBuffer) out.resize(kNumberBuffer);
  out.resize(std::strlen(out.c_str()));  // a NUL printed by %c ends the C string
  if (!integer && format.has_value() && out.find('.') == std::string::npos) {
    if (out.size() == kNumberBuffer) {
      return call.Unsupported("the formatted real fills HTCondor's buffer, which its \".0\" "
                              "then overflows");
    }
    out += ".0";
  }
  return out;
}

// $STRING(x[,fmt]): x is a knob (else a literal), expanded; if that text
// is a ClassAd expression giving a string, the string, else the text
// itself; printed with fmt when there is one.
Result<std::string> StringFunction(const Call& call) {
  NameAndFormat parts = SplitFormat(call.body);
  std::optional<PrintfFormat> format;
  if (parts.format.has_value()) {
    Result<PrintfFormat> checked = CheckPrintfFormat(*parts.format, FormatArg::kString,
                                                     call.context.limits.max_format_width);
    if (!checked.ok()) return call.Error(checked.status().message());
    format = std::move(*checked);
  }
  Result<std::string> text = ValueOrLiteral(call, parts.name);
  if (!text.ok()) return text.status();
  std::string value = std::move(*text);
  std::optional<classad::Value> evaluated = EvaluateText(value, call.context);
  if (evaluated.has_value() && evaluated->IsString()) value = std::string(evaluated->string());
  if (format.has_value()) return FormatString(*format, value);
  return value;
}

// $EVAL(x): x is a knob (else the literal body), expanded, evaluated as a
// ClassAd expression with no ad around it; a string result is given bare,
// any other value as the unparser prints it (undefined, error, 3, true,
// 1.500000000000000E+00, { 1,2 }).
Result<std::string> Eval(const Call& call) {
  Result<std::optional<std::string>> found = Lookup(call, call.body);
  if (!found.ok()) return found.status();
  std::string text;
  if (found->has_value()) {
    text = std::move(**found);
  } else if (call.body.find('$') != std::string_view::npos) {
    Result<std::string> expanded = call.context.expand(call.body);
    if (!expanded.ok()) return expanded.status();
    text = std::move(*expanded);
  } else {
    text = std::string(call.body);
  }
  std::optional<classad::Value> value = EvaluateText(text, call.context);
  if (value.has_value()) {
    if (value->IsString()) return std::string(value->string());
    return classad::UnparseValue(*value);
  }
  // What HTCondor gives for text that is not an expression depends on
  // whether the unexpanded text (the knob's own value as written, or the
  // body) held a `$`: the expanded text if so, else nothing (config.cpp's
  // expand_macro: it keeps the buffer it expanded into, if it made one).
  bool had_dollar = false;
  if (!found->has_value()) {
    had_dollar = call.body.find('$') != std::string_view::npos;
  } else {
    const std::optional<std::string_view> raw = call.context.raw_lookup(call.body);
    had_dollar = raw.has_value() && raw->find('$') != std::string_view::npos;
  }
  if (had_dollar) return text;
  return std::string();
}

// The parts of a path the $F flags select (config.cpp's bit values).
constexpr int kExtension = 1;  // x
constexpr int kName = 2;       // n
constexpr int kPath = 4;       // p
constexpr int kDir = 8;        // d

struct FileFlags {
  int parts = 0;
  int num_dirs = 0;
  bool quoted = false;
  bool bare = false;
  bool arg_quote = false;
  bool full_path = false;
  char to_path_char = 0;
};

// condor_basename_plus_dirs: the offset in `buf` (up to its first NUL)
// just after the separator (`/` or `\`) `num_dirs` separators before the
// last; nullopt where HTCondor pops more separators than there are.
std::optional<size_t> BasenamePlusDirs(const std::string& buf, int num_dirs) {
  std::vector<size_t> seps;
  size_t p = 0;
  if (buf.size() >= 2 && buf[0] == '\\' && buf[1] == '\\') {
    if (buf.size() >= 4 && buf[2] == '.' && buf[3] == '\\') {
      seps.push_back(4);
      p = 4;
    } else {
      seps.push_back(2);
      p = 2;
    }
  }
  for (; p < buf.size() && buf[p] != '\0'; ++p) {
    if (buf[p] == '\\' || buf[p] == '/') seps.push_back(p + 1);
  }
  if (static_cast<size_t>(num_dirs) > seps.size()) return std::nullopt;
  seps.resize(seps.size() - static_cast<size_t>(num_dirs));
  return seps.empty() ? 0 : seps.back();
}

// $F<flags>(x), $BASENAME(x[,suffix]), $DIRNAME(x): parts of the path in
// knob x (else the literal x). Computed on a buffer laid out as HTCondor
// lays it out, index for index, so that the quoting corner cases give what
// HTCondor gives; where HTCondor would read or write outside its buffer
// (or assert), an error. HTCondor's configuration has no current
// directory, so `f` changes nothing.
Result<std::string> FileName(const Call& call, FileFlags flags,
                             std::optional<std::string_view> kill_suffix,
                             std::string_view name) {
  Result<std::string> found = ValueOrLiteral(call, name);
  if (!found.ok()) return found.status();
  const std::string& mval = *found;

  const char quote_char = flags.quoted ? (flags.arg_quote ? '\'' : '"') : 0;
  // strlen_unquote: one pair of matching outer quotes goes.
  size_t start = 0;
  size_t count = mval.size();
  if (count > 1 && mval[0] == mval[count - 1] && (mval[0] == '"' || mval[0] == '\'')) {
    start = 1;
    count -= 2;
  }
  // HTCondor allocates that length + 3 bytes (zero-filled past the copy
  // for the path flags; the other case never reads past the copy).
  const size_t capacity = count + 3;
  // strcpy_quoted: a leading `"` (or the requested quote) goes, and then a
  // trailing one of the same kind. It peeks at the byte after an empty
  // view, which is the closing quote just removed.
  char first = mval.c_str()[start];
  char stripped = 0;
  if (first == '"' || (first != 0 && first == quote_char)) {
    if (count == 0) {
      return call.Unsupported("HTCondor's copy of the quoted empty value " + Quoted(mval) +
                              " runs past its buffer");
    }
    stripped = first;
    ++start;
    --count;
  }
  if (count > 0 && stripped != 0 && mval[start + count - 1] == stripped) --count;
  std::string buf;
  if (quote_char) buf += quote_char;
  buf.append(mval, start, count);
  if (quote_char) buf += quote_char;
  const bool path_copy =
      flags.full_path || flags.parts != 0 || flags.to_path_char != 0 || flags.bare;
  if (path_copy && flags.to_path_char != 0) {
    const char other = flags.to_path_char == '/' ? '\\' : '/';
    for (char& c : buf) {
      if (c == other) c = flags.to_path_char;
    }
  }
  buf.resize(capacity, '\0');

  int parts = flags.parts;
  size_t ixend = std::strlen(buf.c_str());
  size_t ixn = 0;
  for (size_t i = 0; i < ixend; ++i) {
    if (buf[i] == '/') ixn = i + 1;
  }
  // condor_basename_extension_ptr: the last '.' after the first byte of
  // the name, else the end.
  size_t ixx = ixend;
  for (size_t p = ixend; p > ixn; --p) {
    if (buf[p] == '.') {
      ixx = p;
      break;
    }
  }
  if (kill_suffix.has_value()) {
    size_t n = kill_suffix->size();
    if (ixend >= n && ixend - n >= ixn &&
        strncasecmp(std::string(*kill_suffix).c_str(), buf.c_str() + ixend - n, n) == 0) {
      ixx = ixend - n;
      parts &= ~kExtension;
    }
  }
  if (ixn == 0 && (parts & (kName | kExtension)) != 0) parts &= ~(kPath | kDir);

  size_t tvalue = 0;
  switch (parts & 0xF) {
    case kExtension:
      tvalue = ixx;
      if (flags.bare && ixx < ixend) ++tvalue;
      break;
    case kName | kExtension:
      tvalue = ixn;
      break;
    case kName:
      tvalue = ixn;
      ixend = ixx;
      break;
    case 0:
    case kPath | kName | kExtension:
    case kPath | kExtension:
      tvalue = 0;
      break;
    case kPath:
      tvalue = 0;
      ixend = ixn;
      if (flags.bare && ixn > 0) ixend = ixn - 1;
      break;
    case kPath | kName:
      tvalue = 0;
      ixend = ixx;
      break;
    default:
      if (ixn > 0) {
        std::optional<size_t> at = BasenamePlusDirs(buf, flags.num_dirs);
        if (!at.has_value()) {
          return call.Unsupported("more 'd' flags than directories in " + Quoted(mval) +
                                  " (HTCondor then reads outside its list of separators)");
        }
        tvalue = *at;
        if ((parts & 3) == kName) {
          ixend = ixx;
        } else if ((parts & 3) == 0) {
          ixend = ixn;
          if (flags.bare && ixn > 0) ixend = ixn - 1;
        }
      } else {
        ixend = 1;
        tvalue = 1;
      }
      break;
  }
  if (flags.quoted) {
    if (tvalue >= capacity || buf[tvalue] != quote_char) {
      if (tvalue == 0) return call.Unsupported("HTCondor asserts on this quoting");
      buf[--tvalue] = quote_char;
    }
    if (ixend > 1 && buf[ixend - 1] == quote_char) --ixend;
    if (ixend >= capacity) return call.Unsupported("HTCondor writes past its buffer here");
    buf[ixend++] = quote_char;
  }
  if (ixend >= capacity || tvalue >= capacity) {
    return call.Unsupported("HTCondor reads or writes past its buffer here");
  }
  buf[ixend] = '\0';
  return std::string(buf.c_str() + tvalue);
}

Result<std::string> FileFunction(const Call& call) {
  FileFlags flags;
  std::optional<std::string_view> kill_suffix;
  std::string_view name = call.body;
  if (call.name == "BASENAME") {
    flags.parts = kName | kExtension;
    size_t comma = call.body.rfind(',');
    if (comma != std::string_view::npos) {
      name = call.body.substr(0, comma);
      std::string_view suffix = call.body.substr(comma + 1);
      while (!suffix.empty() && IsAsciiSpace(suffix.front())) suffix.remove_prefix(1);
      kill_suffix = suffix;
    }
  } else if (call.name == "DIRNAME") {
    flags.parts = kPath;
  } else {
    for (char c : call.name.substr(1)) {
      switch (c | 0x20) {
        case 'x': flags.parts |= kExtension; break;
        case 'n': flags.parts |= kName; break;
        case 'p': flags.parts |= kPath; break;
        case 'd': flags.parts |= kDir; ++flags.num_dirs; break;
        case 'a': flags.arg_quote = true; break;
        case 'b': flags.bare = true; break;
        case 'f': flags.full_path = true; break;
        case 'w': flags.to_path_char = '\\'; break;
        case 'u': flags.to_path_char = '/'; break;
        case 'q': flags.quoted = true; break;
      }
    }
  }
  return FileName(call, flags, kill_suffix, name);
}

bool IsFileFunction(std::string_view name) {
  if (name.empty() || name[0] != 'F') return false;
  for (char c : name.substr(1)) {
    if (std::strchr("pnxdqabfwu", c | 0x20) == nullptr) return false;
  }
  return true;
}

}  // namespace

bool IsMacroFunction(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "ENV", "RANDOM_CHOICE", "RANDOM_INTEGER", "CHOICE", "SUBSTR", "INT",
      "REAL", "STRING", "EVAL", "BASENAME", "DIRNAME"};
  if (IsFileFunction(name)) return true;
  for (std::string_view known : kNames) {
    if (name == known) return true;
  }
  return false;
}

classad::Result<std::string> EvaluateMacroFunction(std::string_view name, std::string_view body,
                                                   const MacroFunctionContext& context) {
  Call call{name, body, context};
  if (!IsMacroFunction(name)) return call.Error("not a macro function HTCondor knows");
  if (body.find('\0') != std::string_view::npos) return call.Error("the body holds a NUL byte");
  if (name == "ENV") return Env(call);
  if (name == "RANDOM_CHOICE") return RandomChoice(call);
  if (name == "RANDOM_INTEGER") return RandomInteger(call);
  if (name == "CHOICE") return Choice(call);
  if (name == "SUBSTR") return Substr(call);
  if (name == "INT") return Number(call, /*integer=*/true);
  if (name == "REAL") return Number(call, /*integer=*/false);
  if (name == "STRING") return StringFunction(call);
  if (name == "EVAL") return Eval(call);
  return FileFunction(call);
}

}  // namespace policy
