// The knob table: every configuration knob the negotiator and the
// accountant read, with its type, HTCondor's effective default and a
// one-line description. Data, kept in one place (knobs.cc) for the
// configuration reader (table defaults in macro expansion), the Policy
// builder (types, ranges) and the linter (unknown-knob suggestions).
//
// The defaults are those of HTCondor's param table (src/condor_utils/
// param_info.in) where it has one, else the fallback the daemon's code uses;
// KnobInfo::default_source says which. Unix defaults only (a few knobs have
// another default on Windows). The table is static data: every function
// here is thread-safe and allocates nothing except into `member`.
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

// Where a knob's default comes from.
enum class KnobDefaultSource {
  kNone,        // no default: unset (or empty) means "not configured"
  kParamTable,  // HTCondor's param table: the configuration language sees it too
                // ($(NAME), `if defined NAME`, `NAME = $(NAME) x`, condor_config_val)
  kCode,        // the daemon's code falls back to it when the knob is unset or empty
                // (the knob is absent from the param table, or empty there); the
                // configuration language does not see it. Such a default may name
                // another knob: $(GROUP_ACCEPT_SURPLUS) means "that knob's value".
};

// One row of the table. Every string is static data.
struct KnobInfo {
  std::string_view name;  // as HTCondor spells it (upper case but for policy macros such
                          // as StateTimer; lookups ignore case); a family's prefix or suffix
  KnobType type;
  KnobForm form;
  bool has_default;                // default_source != kNone
  std::string_view default_value;  // the effective default (unexpanded); empty if none
  double min;                      // the accepted range for kInt/kReal (inclusive), as
  double max;                      // HTCondor declares it; -inf/+inf when unbounded
  std::string_view description;    // one line
  KnobDefaultSource default_source;
};

// Every row, plain knobs and families, sorted by name (case-insensitively,
// ASCII letters folded to upper case), without duplicates.
std::span<const KnobInfo> AllKnobs();

// The row for `name` (case-insensitive): a plain knob of that name, or else
// the family `name` belongs to (GROUP_QUOTA_physics -> GROUP_QUOTA_,
// xsw_LIMIT -> _LIMIT, CONCURRENCY_LIMIT_DEFAULT_SMALL ->
// CONCURRENCY_LIMIT_DEFAULT_); `member`, when given, receives the group,
// limit or set part of a family member (as spelled in `name`), and is
// cleared for a plain knob. Null when `name` is in no row. Thread-safe.
//
// Precedence: a plain knob wins over every family
// (GROUP_QUOTA_MAX_ALLOCATION_ROUNDS is plain); among prefix families the
// longest prefix wins (GROUP_QUOTA_DYNAMIC_x is GROUP_QUOTA_DYNAMIC_, not
// GROUP_QUOTA_ of group DYNAMIC_x); a prefix family wins over the _LIMIT
// suffix family (GROUP_QUOTA_x_LIMIT is the quota of group x_LIMIT). The
// member part must be non-empty: GROUP_QUOTA_ alone and _LIMIT alone are in
// no row (but GROUP_QUOTA_DYNAMIC_ alone is GROUP_QUOTA_ of a group named
// DYNAMIC_, as it is for HTCondor). `name` is a bare knob name: SUBSYS.NAME and LOCALNAME.NAME
// prefixes are the configuration reader's business.
const KnobInfo* FindKnob(std::string_view name, std::string* member = nullptr);

// Whether HTCondor reads knob `name` with atof rather than as a typed real
// (its accountant's NICE_USER_PRIO_FACTOR, REMOTE_PRIO_FACTOR and
// DEFAULT_PRIO_FACTOR: `2*3` is 2). KnobReader::Real reads them so, and
// policy_lint says what atof gives. Case-insensitive; thread-safe.
bool ReadWithAtof(std::string_view name);

// The default HTCondor's daemons use for `name` when the configuration does
// not set it (unexpanded; a family member takes the family's default): the
// param table's, or else the code's fallback. Null when there is none.
// For what $(NAME) expands to in configuration text, use ParamTableDefault.
// Thread-safe.
std::optional<std::string_view> KnobDefault(std::string_view name);

// The default the configuration language itself sees for `name`: the
// param table's default (unexpanded), used by $(NAME), `if defined`, +=
// and condor_config_val; null for a knob whose default is only the code's
// fallback, for a knob without default and for a name in no row (this
// table carries the param-table defaults of the knobs it lists, not all
// of HTCondor's). Thread-safe.
std::optional<std::string_view> ParamTableDefault(std::string_view name);

// The spelling of `type` for messages ("boolean", "integer", ...).
std::string_view KnobTypeName(KnobType type);

}  // namespace policy

#endif  // POLICY_KNOBS_H_
