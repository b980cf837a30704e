// Concurrency limits as configured: the maximum of each limit
// (CONCURRENCY_LIMIT_DEFAULT, CONCURRENCY_LIMIT_DEFAULT_<SET>,
// <NAME>_LIMIT; HTCondor's Accountant::GetLimitMax) and the parsing of a
// job's limit list (NegotiationUtils.cpp ParseConcurrencyLimit). Counting
// limits through a cycle belongs to the negotiator.
#ifndef POLICY_CONCURRENCY_LIMITS_H_
#define POLICY_CONCURRENCY_LIMITS_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "policy/knob_reader.h"

namespace policy {

// One item of a limit list: `name[:amount]`.
struct ConcurrencyLimit {
  std::string name;   // lower case, as the negotiator compares them
  double amount = 1;  // what one job consumes
  bool valid = true;  // false: skipped by the negotiator (submit rejects it)
};

// Parses a job's ConcurrencyLimits string: items split on commas and white
// space, each `name[:amount]`; the amount is read with strtod after the
// first `:`, and a missing, zero, negative or unreadable amount is 1 (a
// NaN stays NaN, as in HTCondor: the limit then never binds, and a count
// it is added to is NaN too); the name may hold at most one `.`,
// and each part must be an attribute name (a letter or `_`, then letters,
// digits, `_`). Names are lower-cased. Every item is returned, invalid
// ones marked.
std::vector<ConcurrencyLimit> ParseConcurrencyLimits(std::string_view list);

// Whether a limit counted at `in_use` has room for `amount` more under its
// maximum `max`, as the negotiator checks a match: not when the count is
// negative, nor when in_use + amount is above max. Pure function.
inline bool LimitHasRoom(double in_use, double amount, double max) {
  return !(in_use < 0 || in_use + amount > max);
}

// The configured maxima. Immutable once built; thread-safe to read.
class ConcurrencyLimitTable {
 public:
  // Reads CONCURRENCY_LIMIT_DEFAULT and every configured knob of the
  // families CONCURRENCY_LIMIT_DEFAULT_<SET> and <NAME>_LIMIT among
  // `configured_names` (the names set in the configuration), through
  // `knobs`, which records values that are not numbers.
  static ConcurrencyLimitTable Build(KnobReader& knobs,
                                     const std::vector<std::string>& configured_names);

  // The maximum of limit `name` (case-insensitive): <name>_LIMIT, else
  // CONCURRENCY_LIMIT_DEFAULT_<part before the last '.'> for a dotted
  // name, else CONCURRENCY_LIMIT_DEFAULT.
  double MaxFor(std::string_view name) const;
  double default_max() const { return default_max_; }
  // The configured <NAME>_LIMIT and CONCURRENCY_LIMIT_DEFAULT_<SET> values,
  // by lower-cased name / set.
  const std::map<std::string, double, std::less<>>& limits() const { return limits_; }
  const std::map<std::string, double, std::less<>>& set_defaults() const { return set_defaults_; }

 private:
  double default_max_ = 2308032;
  std::map<std::string, double, std::less<>> limits_;
  std::map<std::string, double, std::less<>> set_defaults_;
};

}  // namespace policy

#endif  // POLICY_CONCURRENCY_LIMITS_H_
