#include "policy/metaknobs.h"

#include <climits>
#include <cstdint>
#include <optional>

#include "policy/metaknob_templates.h"
#include "policy/text_util.h"

namespace policy {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;

// The category names, as HTCondor spells them, in the table's order.
constexpr std::string_view kCategoryNames[] = {"ROLE",     "FEATURE", "POLICY",
                                               "SECURITY", "UPGRADE", "EXPERIMENTAL"};

std::optional<std::string_view> FindCategory(std::string_view name) {
  for (std::string_view category : kCategoryNames) {
    if (EqualsNoCase(category, name)) return category;
  }
  return std::nullopt;
}

const MetaknobTemplate* FindTemplate(std::string_view category, std::string_view name) {
  for (const MetaknobTemplate& entry : MetaknobTemplates()) {
    if (entry.category == category && EqualsNoCase(entry.name, name)) return &entry;
  }
  return nullptr;
}

// HTCondor's StringTokenIterator over `args` with "," as the delimiter:
// next() gives the next trimmed non-empty item; remain() the text after
// the last item given (nullopt at the end).
class ArgIterator {
 public:
  explicit ArgIterator(std::string_view args) : args_(args) {}
  std::optional<std::string_view> Next() {
    size_t pos = next_;
    while (pos < args_.size() && (args_[pos] == ',' || IsAsciiSpace(args_[pos]))) ++pos;
    size_t start = pos;
    size_t last = std::string_view::npos;
    while (pos < args_.size() && args_[pos] != ',') {
      if (!IsAsciiSpace(args_[pos])) last = pos;
      ++pos;
    }
    if (last == std::string_view::npos) {
      next_ = pos;
      return std::nullopt;
    }
    next_ = pos;
    return args_.substr(start, last - start + 1);
  }
  std::optional<std::string_view> Remain() const {
    if (next_ >= args_.size()) return std::nullopt;
    return args_.substr(next_);
  }

 private:
  std::string_view args_;
  size_t next_ = 0;
};

// One `$(...)` argument reference found in a text.
struct ArgRef {
  size_t dollar = 0;  // offset of '$'
  size_t end = 0;     // offset just past ')'
  int index = 0;
  bool empty_check = false;  // '?'
  bool num_args = false;     // '#' or '+'
  std::optional<std::string_view> def;
};

// HTCondor's next_config_macro with is_meta_arg_macro and MetaArgOnlyBody:
// the leftmost argument reference in `text`, if any.
std::optional<ArgRef> FindArgRef(std::string_view text) {
  const size_t n = text.size();
  size_t from = 0;
  while (true) {
    size_t dollar = text.find('$', from);
    if (dollar == std::string_view::npos) return std::nullopt;
    size_t p = dollar + 1;
    if (p < n && text[p] == '$') ++p;
    while (p < n && (IsAsciiAlnum(text[p]) || text[p] == '_')) ++p;
    if (p >= n || text[p] != '(' || p - dollar != 1) {
      from = p;
      continue;
    }
    const size_t body = p + 1;
    size_t v = body;
    size_t after_colon = 0;
    bool retry = false;
    while (v < n && text[v] != ')') {
      char c = text[v++];
      if (c == ':' && after_colon == 0) {
        after_colon = v - body;
        continue;
      }
      if (after_colon != 0) {
        if (c == '(') {
          size_t close = text.find(')', v);
          if (close != std::string_view::npos) {
            v = close + 1;
            continue;
          }
        } else {
          continue;
        }
      }
      if (!IsAsciiDigit(c) && c != '?' && c != '#' && c != '+') {
        retry = true;
        break;
      }
    }
    if (retry || v >= n) {
      from = body;
      continue;
    }
    // text[v] == ')'
    if (!IsAsciiDigit(text[body])) {
      from = v;
      continue;
    }
    ArgRef ref;
    ref.dollar = dollar;
    ref.end = v + 1;
    // strtol into an int: clamped to LONG_MAX, then the low 32 bits.
    size_t q = body;
    uint64_t value = 0;
    bool clamped = false;
    while (q < v && IsAsciiDigit(text[q])) {
      if (!clamped) {
        value = value * 10 + static_cast<uint64_t>(text[q] - '0');
        if (value > static_cast<uint64_t>(LONG_MAX)) clamped = true;
      }
      ++q;
    }
    if (clamped) value = static_cast<uint64_t>(LONG_MAX);
    ref.index = static_cast<int32_t>(static_cast<uint32_t>(value));
    if (q < v && text[q] == '?') {
      ref.empty_check = true;
      ++q;
    } else if (q < v && (text[q] == '#' || text[q] == '+')) {
      ref.num_args = true;
      ++q;
    }
    if (q < v && text[q] == ':') ref.def = text.substr(q + 1, v - q - 1);
    return ref;
  }
}

// The text that replaces `ref` (expand_meta_args).
std::string Substitute(const ArgRef& ref, std::string_view args) {
  ArgIterator it(args);
  std::string buf;
  if (ref.index <= 0) {
    if (ref.num_args) {
      int count = 0;
      while (it.Next().has_value()) ++count;
      buf = std::to_string(count);
    } else {
      buf = std::string(args);
    }
  } else if (ref.num_args) {
    int ix = 1;
    std::optional<std::string_view> remain = it.Remain();
    while (remain.has_value() && ix < ref.index) {
      ++ix;
      it.Next();
      remain = it.Remain();
    }
    if (remain.has_value()) {
      std::string_view r = *remain;
      if (!r.empty() && r.front() == ',') r.remove_prefix(1);
      buf = std::string(r);
    }
    if (ref.def.has_value() && buf.empty()) buf = std::string(*ref.def);
  } else {
    int ix = 1;
    std::optional<std::string_view> item = it.Next();
    while (item.has_value() && ix < ref.index) {
      ++ix;
      item = it.Next();
    }
    if (item.has_value()) {
      buf = std::string(*item);
    } else if (ref.def.has_value()) {
      buf = std::string(*ref.def);
    }
  }
  std::string_view value = TrimSpace(buf);
  if (ref.empty_check) return value.empty() ? "0" : "1";
  return std::string(value);
}

Status Invalid(std::string message) {
  return Status(StatusCode::kInvalidArgument, std::move(message));
}

}  // namespace

bool MetaknobExists(std::string_view category, std::string_view name) {
  std::optional<std::string_view> found = FindCategory(category);
  if (!found.has_value()) return false;
  return name.empty() || FindTemplate(*found, name) != nullptr;
}

classad::Result<std::string> ExpandMetaArgs(std::string_view text, std::string_view args,
                                            const MetaArgLimits& limits) {
  std::string out(text);
  size_t substitutions = 0;
  while (std::optional<ArgRef> ref = FindArgRef(out)) {
    if (++substitutions > limits.max_substitutions) {
      return Status(StatusCode::kLimitExceeded,
                    "metaknob arguments expand without end (more than " +
                        std::to_string(limits.max_substitutions) +
                        " substitutions; an argument holding $(N) expands again, and HTCondor "
                        "would loop forever)");
    }
    std::string value = Substitute(*ref, args);
    if (out.size() - (ref->end - ref->dollar) + value.size() > limits.max_bytes) {
      return Status(StatusCode::kLimitExceeded,
                    "metaknob arguments expand to more than " + std::to_string(limits.max_bytes) +
                        " bytes");
    }
    out.replace(ref->dollar, ref->end - ref->dollar, value);
  }
  return out;
}

classad::Result<std::string> MetaknobBody(std::string_view category, std::string_view name,
                                          std::string_view args) {
  const std::string cat(category);
  std::optional<std::string_view> found_category = FindCategory(category);
  if (!found_category.has_value()) {
    return Invalid("use " + cat + ": does not recognise " + std::string(name) +
                   " (there is no metaknob category " + cat +
                   "; HTCondor has ROLE, FEATURE, POLICY, SECURITY, UPGRADE and EXPERIMENTAL)");
  }
  if (name.empty()) return Invalid("use " + cat + ": needs a metaknob name after the ':'");
  const MetaknobTemplate* found = FindTemplate(*found_category, name);
  if (found == nullptr) return Invalid("use " + cat + ": does not recognise " + std::string(name));
  return ExpandMetaArgs(found->body, args);
}

}  // namespace policy
