// undefined-macro and redefinition (checks.h).
#include <map>

#include "policy/knobs.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

// Macros HTCondor defines at run time (detected from the machine, or in its
// full param table) that a linted configuration may lack.
// clang-format off
constexpr std::string_view kRuntimeMacros[] = {
    "ARCH", "OPSYS", "OPSYSVER", "OPSYSANDVER", "OPSYSMAJORVER", "OPSYS_AND_VER",
    "OPSYSLONGNAME", "OPSYSNAME", "OPSYSSHORTNAME", "OPSYSLEGACY", "UNAME_ARCH", "UNAME_OPSYS",
    "IP_ADDRESS", "IPV4_ADDRESS", "IPV6_ADDRESS", "IP_ADDRESS_IS_V6", "DETECTED_CORES",
    "DETECTED_CPUS", "DETECTED_MEMORY", "DETECTED_PHYSICAL_CPUS", "DETECTED_HYPER_CPUS",
    "DETECTED_CPUS_LIMIT", "PID", "PPID", "USERNAME", "REAL_UID", "REAL_GID", "HOSTNAME",
    "FULL_HOSTNAME", "TILDE", "SUBSYSTEM", "LOCALNAME", "CONFIG_ROOT", "DOLLAR",
    "FILESYSTEM_DOMAIN", "COLLECTOR_HOST", "CONDOR_HOST", "LOCAL_DIR", "RELEASE_DIR", "HOUR"};
// clang-format on

bool IsRuntimeMacro(std::string_view name) {
  for (std::string_view known : kRuntimeMacros) {
    if (EqualsNoCase(known, name)) return true;
  }
  return false;
}

}  // namespace

void CheckUndefinedMacros(const LintContext& context, std::vector<Diagnostic>* out) {
  const Config& config = context.config;
  for (const ConfigEntry* entry : config.Entries()) {
    if (entry->origin != ConfigEntry::Origin::kFile) continue;
    const std::string_view raw = entry->raw_value;
    for (size_t i = raw.find("$("); i != std::string_view::npos; i = raw.find("$(", i + 2)) {
      if (i > 0 && raw[i - 1] == '$') continue;  // $$(...) is for the schedd
      size_t end = i + 2;
      while (end < raw.size() && IsNameChar(raw[end])) ++end;
      if (end == i + 2 || end >= raw.size() || raw[end] != ')')
        continue;  // a default, or not a macro
      const std::string_view name = raw.substr(i + 2, end - i - 2);
      if (IsAsciiDigit(name.front()) || IsRuntimeMacro(name) || config.RawValue(name)) continue;
      out->push_back(
          MakeDiagnostic(entry->LocationOf(i), Severity::kWarning,
                         "$(" + std::string(name) +
                             ") is never defined and has no default: HTCondor expands it "
                             "to nothing (write $(" +
                             std::string(name) + ":default) if that is meant)",
                         "undefined-macro"));
    }
  }
}

void CheckRedefinitions(const LintContext& context, std::vector<Diagnostic>* out) {
  std::map<std::string, const ConfigEntry*> first;  // lower-cased name -> first file definition
  for (const ConfigEntry& entry : context.config.History()) {
    if (entry.origin != ConfigEntry::Origin::kFile) continue;
    auto [it, inserted] = first.emplace(LowerAscii(entry.name), &entry);
    if (inserted || BuildsOnPreviousValue(context, entry)) continue;
    const ConfigEntry& earlier = *it->second;
    const std::string first_at = earlier.name_at.file + ":" + std::to_string(earlier.name_at.line);
    Diagnostic d =
        entry.raw_value == earlier.raw_value
            ? MakeDiagnostic(entry.name_at, Severity::kNote,
                             entry.name + " is set again to the value it was given at " + first_at +
                                 ": one of the two can go",
                             "redefinition")
            : MakeDiagnostic(entry.name_at, Severity::kWarning,
                             entry.name +
                                 " is set again without referring to its previous value: the "
                                 "value set at " +
                                 first_at + " is lost (write $(" + entry.name +
                                 ") to build on it, or remove one of them)",
                             "redefinition");
    d.notes.push_back({earlier.name_at, entry.name + " first set here"});
    out->push_back(std::move(d));
  }
}

}  // namespace policy::lint
