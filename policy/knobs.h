// The knob table: every configuration knob the negotiator and the
// accountant read, with its type, HTCondor's effective default and a
// one-line description. Data, kept in one place (knobs.cc) for the
// configuration reader (table defaults in macro expansion), the Policy
// builder (types, ranges) and the linter (unknown-knob suggestions).
#ifndef POLICY_KNOBS_H_
#define POLICY_KNOBS_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace policy {

// What a knob's value means once expanded.
enum class KnobType {
  kBool,     // a ClassAd boolean: true/false (any case), or an expression giving one
  kInt,      // an integer (HTCondor's param_integer: an expression giving a number)
  kReal,     // a real number (param_double)
  kString,   // text used as it is (names, paths, domains)
  kExpr,     // a ClassAd expression evaluated by the negotiator
  kList,     // a list split on commas and/or whitespace
};

// Whether a knob is one name or a family of names.
enum class KnobForm {
  kPlain,        // exactly `name`
  kPerGroup,     // `name` + a group from GROUP_NAMES (GROUP_QUOTA_<g>): `name` is the prefix
  kPerLimit,     // a concurrency-limit name + `name` (<NAME>_LIMIT): `name` is the suffix
  kPerLimitSet,  // `name` + a limit set (CONCURRENCY_LIMIT_DEFAULT_<SET>): `name` is the prefix
};

// One row of the table. Every string is static data.
struct KnobInfo {
  std::string_view name;  // upper case; the prefix or suffix for a family
  KnobType type;
  KnobForm form;
  bool has_default;             // whether HTCondor's param table has a default
  std::string_view default_value;  // the effective default (unexpanded); empty if none
  double min;                   // the accepted range for kInt/kReal (inclusive);
  double max;                   // -inf/+inf when unbounded
  std::string_view description;  // one line
};

// Every row, plain knobs and families, sorted by name (case-insensitively).
std::span<const KnobInfo> AllKnobs();

// The row for `name` (case-insensitive): a plain knob of that name, or else
// the family `name` belongs to (GROUP_QUOTA_physics -> GROUP_QUOTA_,
// xsw_LIMIT -> _LIMIT, CONCURRENCY_LIMIT_DEFAULT_SMALL ->
// CONCURRENCY_LIMIT_DEFAULT_); `member`, when given, receives the group,
// limit or set part of a family member (as spelled in `name`), and is
// cleared for a plain knob. Null when `name` is in no row. Thread-safe.
const KnobInfo* FindKnob(std::string_view name, std::string* member = nullptr);

// The default HTCondor uses for `name` when the configuration does not set
// it (unexpanded; a family member takes the family's default), or null when
// there is none. Thread-safe.
std::optional<std::string_view> KnobDefault(std::string_view name);

// The spelling of `type` for messages ("boolean", "integer", ...).
std::string_view KnobTypeName(KnobType type);

}  // namespace policy

#endif  // POLICY_KNOBS_H_
