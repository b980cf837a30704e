// What differs between two configurations, knob by knob: the question
// `negotiator compare` answers before it shows what the difference does.
#ifndef POLICY_CONFIG_DIFF_H_
#define POLICY_CONFIG_DIFF_H_

#include <optional>
#include <string>
#include <vector>

#include "classad/status.h"
#include "policy/config.h"

namespace policy {

// One configuration's side of a knob.
struct KnobSide {
  // The fully expanded value; nullopt when neither the files nor the
  // param table give one.
  std::optional<std::string> value;
  // Where it was set (file, line, column); empty file: the param table's
  // default (or no value).
  classad::SourceLocation where;
  std::string error;  // set when expanding it failed (a loop, a limit): the message
};

// A knob whose value differs.
struct KnobDifference {
  std::string name;  // as the knob table spells it, else as first written
  KnobSide a, b;
  bool negotiator_reads = false;  // the knob table lists it (the negotiator or accountant reads it)
};

// The knobs whose expanded values differ between `a` and `b`: every name
// either configuration defines in its files, metaknobs or environment
// (names the reader sets itself, such as CONFIG_ROOT, left out; SUBSYS.
// and LOCALNAME. prefixes resolved as the daemon resolves them), compared
// by their values as the daemon sees them (Config::Lookup, blanks around
// them ignored; a knob that fails to expand on both sides is no
// difference). Sorted by name, case-insensitively. Thread-safe as
// Config's const methods are.
std::vector<KnobDifference> DiffConfigs(const Config& a, const Config& b);

}  // namespace policy

#endif  // POLICY_CONFIG_DIFF_H_
