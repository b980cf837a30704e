// Finding `$(NAME)`, `$(NAME:default)` and `$FUNCTION(body)` macros in a
// configuration value exactly where HTCondor's next_config_macro finds
// them: which bytes may form a body, where a scan that fails starts again,
// `$$(...)` never matching. The expansion itself is in config_expand.cc.
#ifndef POLICY_CONFIG_MACROS_H_
#define POLICY_CONFIG_MACROS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policy {

// A sequence in which replacing a range near the previous replacement is
// cheap: a gap buffer made of two vectors, the elements before the gap in
// order and those after it reversed. Expansion replaces macros left to
// right, so the text after a replacement is never moved as a whole (which
// made a value with many macros quadratic). Not thread-safe.
template <typename T>
class SpliceBuffer {
 public:
  SpliceBuffer() = default;
  template <typename It>
  SpliceBuffer(It begin, It end) : head_(begin, end) {}

  size_t size() const { return head_.size() + tail_.size(); }
  const T& operator[](size_t i) const {
    return i < head_.size() ? head_[i] : tail_[tail_.size() - 1 - (i - head_.size())];
  }
  // The first position at or after `from` holding `value`, or npos.
  size_t Find(const T& value, size_t from) const {
    for (size_t i = from; i < head_.size(); ++i) {
      if (head_[i] == value) return i;
    }
    const size_t start = from > head_.size() ? from - head_.size() : 0;
    for (size_t k = start; k < tail_.size(); ++k) {
      if (tail_[tail_.size() - 1 - k] == value) return head_.size() + k;
    }
    return static_cast<size_t>(-1);
  }
  // The elements [pos, pos + length).
  std::vector<T> Copy(size_t pos, size_t length) const {
    std::vector<T> out;
    out.reserve(length);
    for (size_t i = pos; i < pos + length; ++i) out.push_back((*this)[i]);
    return out;
  }
  // Replaces [pos, pos + length) with [begin, end); returns the number of
  // elements moved or written (the cost).
  template <typename It>
  size_t Replace(size_t pos, size_t length, It begin, It end) {
    size_t cost = MoveGap(pos);
    tail_.resize(tail_.size() - length);
    tail_.insert(tail_.end(), std::make_reverse_iterator(end), std::make_reverse_iterator(begin));
    cost += length + static_cast<size_t>(std::distance(begin, end));
    return cost;
  }
  // Everything, in order.
  std::vector<T> All() const { return Copy(0, size()); }

 private:
  // Puts the gap at `pos`; returns how many elements moved.
  size_t MoveGap(size_t pos) {
    size_t moved = 0;
    while (head_.size() > pos) {
      tail_.push_back(head_.back());
      head_.pop_back();
      ++moved;
    }
    while (head_.size() < pos) {
      head_.push_back(tail_.back());
      tail_.pop_back();
      ++moved;
    }
    return moved;
  }

  std::vector<T> head_;
  std::vector<T> tail_;  // reversed: tail_.back() is the element at head_.size()
};

using SpliceText = SpliceBuffer<char>;

// The characters [pos, pos + length) of `text`.
inline std::string Substring(const SpliceText& text, size_t pos, size_t length) {
  std::string out;
  out.reserve(length);
  for (size_t i = pos; i < pos + length; ++i) out.push_back(text[i]);
  return out;
}

// One macro found in a text.
struct MacroRef {
  static constexpr size_t kNoDefault = static_cast<size_t>(-1);
  size_t dollar = 0;    // offset of the '$'
  size_t body = 0;      // offset of the body's first byte (just after '(')
  size_t body_end = 0;  // offset of the closing ')'
  // For $(NAME:default) and $ENV(NAME:default): the offset just after the
  // first ':' of the body; kNoDefault when the body has no ':'.
  size_t default_begin = kNoDefault;
  std::string function;  // "" for $(...), else the name between '$' and '(' ("ENV", "Fpq")

  bool is_function() const { return !function.empty(); }
  size_t end() const { return body_end + 1; }  // one past the ')'
  // The knob name of $(NAME) / $(NAME:default): the body up to the ':'.
  size_t NameEnd() const { return default_begin == kNoDefault ? body_end : default_begin - 1; }
  std::string Name(const SpliceText& text) const { return Substring(text, body, NameEnd() - body); }
  std::string Body(const SpliceText& text) const { return Substring(text, body, body_end - body); }
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
  void AddWork(uint64_t bytes) { work_ += bytes; }
  // The text changed from `offset` on: forgets the attempts that examined
  // anything there and returns where to scan again.
  size_t Rewind(size_t offset);
  // Bytes examined so far.
  uint64_t work() const { return work_; }
  // FindMacro gives up (finds nothing) once work() passes `limit`.
  void set_work_limit(uint64_t limit) { work_limit_ = limit; }
  bool exhausted() const { return work_ > work_limit_; }

 private:
  std::vector<size_t> starts_;
  std::vector<size_t> max_reach_;  // running maximum of the reaches, for the binary search
  uint64_t work_ = 0;
  uint64_t work_limit_ = static_cast<uint64_t>(-1);
};

// Decides whether a found macro is the one a caller wants (HTCondor's
// ConfigMacroBodyCheck): false makes the scan skip it and go on after it.
using MacroFilter = std::function<bool(const MacroRef& macro, const SpliceText& text)>;

// The first macro at or after `from` in `text` that `accept` takes (all
// when it is null), found as HTCondor's next_config_macro finds it with
// is_config_macro:
//  - a prefix is '$', an optional second '$', letters/digits/'_', then '(';
//    `$(` is a plain macro, `$NAME(` a function when IsMacroFunction(NAME)
//    (macro_functions.h); `$$...(` and other names are not macros and the
//    scan goes on after the name;
//  - the body of $(...) and $ENV(...) is [A-Za-z0-9_./] up to a first ':',
//    then also space $ , \ : and a `(...)` group (skipped to the next ')');
//    any other byte means it is no macro and the scan goes on from the body's
//    first byte (so `$(A$(B))` finds `$(B)`);
//  - the body of any other function is everything up to the first ')'.
// `log` (may be null) records the attempts and the work, and makes the
// scan give up early (nullopt, log->exhausted()) past its work limit.
// nullopt when there is no such macro.
std::optional<MacroRef> FindMacro(const SpliceText& text, size_t from, const MacroFilter& accept,
                                  MacroScanLog* log);

// The body of `macro` is exactly DOLLAR (any case) and it is a plain $(...).
bool IsDollarMacro(const MacroRef& macro, const SpliceText& text);

}  // namespace policy

#endif  // POLICY_CONFIG_MACROS_H_
