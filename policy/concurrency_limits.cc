// Concurrency limits (concurrency_limits.h).
#include "policy/concurrency_limits.h"

#include <cmath>
#include <cstdlib>

#include "policy/knob_value.h"
#include "policy/text_util.h"

namespace policy {

namespace {

// HTCondor's IsValidAttrName.
bool IsValidAttrName(std::string_view name) {
  if (name.empty() || !(IsAsciiLetter(name[0]) || name[0] == '_')) return false;
  for (char c : name) {
    if (!(IsAsciiAlnum(c) || c == '_')) return false;
  }
  return true;
}

// Whether `s` is `suffix` (`prefix`) after (before) something not empty.
bool HasSuffixAfterSomething(std::string_view s, std::string_view suffix) {
  return s.size() > suffix.size() && EndsWithNoCase(s, suffix);
}
bool HasPrefixBeforeSomething(std::string_view s, std::string_view prefix) {
  return s.size() > prefix.size() && StartsWithNoCase(s, prefix);
}

}  // namespace

std::vector<ConcurrencyLimit> ParseConcurrencyLimits(std::string_view list) {
  std::vector<ConcurrencyLimit> out;
  for (const std::string& item : SplitKnobList(LowerAscii(list))) {
    ConcurrencyLimit limit;
    std::string_view name = item;
    const size_t colon = name.find(':');
    if (colon != std::string_view::npos) {
      const std::string amount(name.substr(colon + 1));
      limit.amount = std::strtod(amount.c_str(), nullptr);
      name = name.substr(0, colon);
    }
    // HTCondor's test (ParseConcurrencyLimit): a NaN passes it, and such a
    // limit never binds (count + NaN > max is false).
    if (limit.amount <= 0) limit.amount = 1;
    const size_t dot = name.find('.');
    limit.valid = dot == std::string_view::npos
                      ? IsValidAttrName(name)
                      : IsValidAttrName(name.substr(0, dot)) && IsValidAttrName(name.substr(dot + 1));
    limit.name = std::string(name);
    out.push_back(std::move(limit));
  }
  return out;
}

ConcurrencyLimitTable ConcurrencyLimitTable::Build(
    KnobReader& knobs, const std::vector<std::string>& configured_names) {
  ConcurrencyLimitTable table;
  table.default_max_ = knobs.Real("CONCURRENCY_LIMIT_DEFAULT", 2308032);
  constexpr std::string_view kSetPrefix = "CONCURRENCY_LIMIT_DEFAULT_";
  for (const std::string& name : configured_names) {
    if (HasPrefixBeforeSomething(name, kSetPrefix)) {
      if (std::optional<double> v = knobs.OptionalReal(name, -INFINITY, INFINITY)) {
        table.set_defaults_[LowerAscii(name.substr(kSetPrefix.size()))] = *v;
      }
    } else if (HasSuffixAfterSomething(name, "_LIMIT")) {
      if (std::optional<double> v = knobs.OptionalReal(name, -INFINITY, INFINITY)) {
        table.limits_[LowerAscii(name.substr(0, name.size() - 6))] = *v;
      }
    }
  }
  return table;
}

double ConcurrencyLimitTable::MaxFor(std::string_view name) const {
  const std::string lower = LowerAscii(name);
  if (const auto it = limits_.find(lower); it != limits_.end()) return it->second;
  const size_t dot = lower.rfind('.');
  if (dot != std::string::npos) {
    if (const auto it = set_defaults_.find(std::string_view(lower).substr(0, dot));
        it != set_defaults_.end()) {
      return it->second;
    }
  }
  return default_max_;
}

}  // namespace policy
