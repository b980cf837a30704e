#include "policy/config_macros.h"

#include <algorithm>

#include "policy/config_source.h"
#include "policy/macro_functions.h"

namespace policy {
namespace {

bool IsAlnumOrUnderscore(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The characters a $(NAME:default) default may hold besides name characters
// (HTCondor's COLON_DEF_EXTRACHARSET).
bool IsDefaultExtraChar(char c) {
  return c == '$' || c == ' ' || c == ',' || c == '\\' || c == ':';
}

}  // namespace

void MacroScanLog::Record(size_t start, size_t reach) {
  starts_.push_back(start);
  max_reach_.push_back(max_reach_.empty() ? reach : std::max(reach, max_reach_.back()));
}

size_t MacroScanLog::Rewind(size_t offset) {
  const auto it = std::lower_bound(max_reach_.begin(), max_reach_.end(), offset);
  if (it == max_reach_.end()) {
    // No attempt saw the changed bytes (cannot happen after a replacement
    // of a macro the log found); scanning from the last start is safe.
    const size_t start = starts_.empty() ? 0 : starts_.back();
    if (!starts_.empty()) {
      starts_.pop_back();
      max_reach_.pop_back();
    }
    return std::min(start, offset);
  }
  const size_t k = static_cast<size_t>(it - max_reach_.begin());
  const size_t start = starts_[k];
  starts_.resize(k);
  max_reach_.resize(k);
  return start;
}

std::optional<MacroRef> FindMacro(const SpliceText& text, size_t from, const MacroFilter& accept,
                                  MacroScanLog* log) {
  constexpr size_t npos = static_cast<size_t>(-1);
  const size_t n = text.size();
  // An attempt is recorded from its '$': the bytes before it hold no '$'
  // and every later replacement is at or after it, so a scan started again
  // there finds the same '$'.
  size_t start = 0;
  const auto record = [&](size_t reach, size_t examined) {
    if (log == nullptr) return;
    log->Record(start, reach);
    log->AddWork(examined - start + 1);
  };
  // The text does not change during the call: the answer of the last
  // search for ')' serves every later search between it and its result
  // (a long text of unclosed `$(A:(` would otherwise be quadratic).
  size_t close_from = npos, close_at = npos;
  const auto find_close = [&](size_t from_pos) {
    if (close_from != npos && from_pos >= close_from && from_pos <= close_at) return close_at;
    const size_t found = text.Find(')', from_pos);
    if (log != nullptr) log->AddWork((found == npos ? n : found) - from_pos);
    close_from = from_pos;
    close_at = found;
    return found;
  };
  size_t t = std::min(from, n);
  for (;;) {
    if (log != nullptr && log->exhausted()) return std::nullopt;
    const size_t dollar = text.Find('$', t);
    if (log != nullptr) log->AddWork((dollar == npos ? n : dollar) - t);
    if (dollar == npos) return std::nullopt;
    start = dollar;
    size_t p = dollar + 1;
    if (p < n && text[p] == '$') ++p;
    while (p < n && IsAlnumOrUnderscore(text[p])) ++p;
    if (p < n && text[p] == '(') {
      bool is_macro = false;
      bool name_body = true;  // the body is a name (and maybe a default), not anything
      std::string function;
      if (p == dollar + 1) {
        is_macro = true;
      } else if (text[dollar + 1] != '$') {
        function = Substring(text, dollar + 1, p - dollar - 1);
        if (IsMacroFunction(function)) {
          is_macro = true;
          name_body = function == "ENV";
        }
      }
      if (is_macro) {
        const size_t body = p + 1;
        size_t v = body;
        size_t after_colon = 0;  // offset past the first ':' relative to body, 0 if none
        bool failed = false;
        size_t fail_reach = n;
        size_t examined = body;  // the last byte looked at
        if (!name_body) {
          v = find_close(body);
          if (v == npos) v = n;
          examined = std::min(v, n - 1);
        } else {
          while (v < n && text[v] != ')') {
            const char c = text[v++];
            if (c == ':' && after_colon == 0) {
              after_colon = v - body;
              continue;
            }
            if (after_colon != 0) {
              if (c == '(') {
                const size_t close = find_close(v);
                if (close != npos) {
                  v = close + 1;
                  continue;
                }
                // No ')' at all: '(' is not a name character, so it fails
                // below, having looked to the end of the text.
              } else if (IsDefaultExtraChar(c)) {
                continue;
              }
            }
            if (!IsNameChar(c)) {
              failed = true;
              fail_reach = (c == '(' && after_colon != 0) ? n : v - 1;
              break;
            }
          }
          examined = std::min(v, n - 1);
        }
        if (!failed && v < n && text[v] == ')') {
          record(v, v);
          MacroRef macro;
          macro.dollar = dollar;
          macro.body = body;
          macro.body_end = v;
          macro.default_begin = after_colon != 0 ? body + after_colon : MacroRef::kNoDefault;
          macro.function = std::move(function);
          if (accept && !accept(macro, text)) {
            t = v;  // skip the whole macro
            continue;
          }
          return macro;
        }
        // Not a macro after all: scan again from the body's first byte.
        record(failed ? fail_reach : n, examined);
        t = body;
        continue;
      }
    }
    record(std::min(p, n), std::min(p, n - 1));
    t = p;
  }
}

bool IsDollarMacro(const MacroRef& macro, const SpliceText& text) {
  return !macro.is_function() && macro.body_end - macro.body == 6 &&
         EqualsNoCase(macro.Body(text), "DOLLAR");
}

}  // namespace policy
