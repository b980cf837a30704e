// Finding `$(NAME)`, `$(NAME:default)` and `$FUNCTION(body)` macros in a
// configuration value exactly where HTCondor's next_config_macro finds
// them: which bytes may form a body, where a scan that fails starts again,
// `$$(...)` never matching. The expansion itself is in config_expand.cc.
#ifndef POLICY_CONFIG_MACROS_H_
#define POLICY_CONFIG_MACROS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace policy {

// One macro found in a text.
struct MacroRef {
  static constexpr size_t kNoDefault = static_cast<size_t>(-1);
  size_t dollar = 0;       // offset of the '$'
  size_t body = 0;         // offset of the body's first byte (just after '(')
  size_t body_end = 0;     // offset of the closing ')'
  // For $(NAME:default) and $ENV(NAME:default): the offset just after the
  // first ':' of the body; kNoDefault when the body has no ':'.
  size_t default_begin = kNoDefault;
  std::string_view function;  // "" for $(...), else the name between '$' and '(' ("ENV", "Fpq")

  bool is_function() const { return !function.empty(); }
  size_t end() const { return body_end + 1; }  // one past the ')'
  // The knob name of $(NAME) / $(NAME:default): the body up to the ':'.
  std::string_view Name(std::string_view text) const {
    const size_t stop = default_begin == kNoDefault ? body_end : default_begin - 1;
    return text.substr(body, stop - body);
  }
  std::string_view Body(std::string_view text) const {
    return text.substr(body, body_end - body);
  }
};

// The scans one expansion made, so that after a replacement at some offset
// the next scan starts where HTCondor's rescan from the beginning would
// first see a difference, instead of at 0 (same result, linear work).
// Also counts the bytes examined. Not thread-safe.
class MacroScanLog {
 public:
  // Records a scan attempt at the '$' at `start` that examined bytes up to
  // `reach` (inclusive; the text's size when it ran to the end).
  void Record(size_t start, size_t reach);
  // Counts bytes examined outside attempts (the search for the next '$').
  void AddWork(uint64_t bytes);
  // The text changed from `offset` on: forgets the attempts that examined
  // anything there and returns where to scan again.
  size_t Rewind(size_t offset);
  // Bytes examined so far.
  uint64_t work() const { return work_; }

 private:
  std::vector<size_t> starts_;
  std::vector<size_t> max_reach_;  // running maximum of the reaches, for the binary search
  uint64_t work_ = 0;
};

// Decides whether a found macro is the one a caller wants (HTCondor's
// ConfigMacroBodyCheck): false makes the scan skip it and go on after it.
using MacroFilter = std::function<bool(const MacroRef& macro, std::string_view text)>;

// The first macro at or after `from` in `text` that `accept` takes, found as
// HTCondor's next_config_macro finds it with is_config_macro:
//  - a prefix is '$', an optional second '$', letters/digits/'_', then '(';
//    `$(` is a plain macro, `$NAME(` a function when IsMacroFunction(NAME)
//    (macro_functions.h); `$$...(` and other names are not macros and the
//    scan goes on after the name;
//  - the body of $(...) and $ENV(...) is [A-Za-z0-9_./] up to a first ':',
//    then also space $ , \ : and a `(...)` group (skipped to the next ')');
//    any other byte means it is no macro and the scan goes on from the body's
//    first byte (so `$(A$(B))` finds `$(B)`);
//  - the body of any other function is everything up to the first ')'.
// `log` (may be null) records the attempts. nullopt when there is none.
std::optional<MacroRef> FindMacro(std::string_view text, size_t from, const MacroFilter& accept,
                                  MacroScanLog* log);

// The body of `macro` is exactly DOLLAR (any case) and it is a plain $(...).
bool IsDollarMacro(const MacroRef& macro, std::string_view text);

}  // namespace policy

#endif  // POLICY_CONFIG_MACROS_H_
