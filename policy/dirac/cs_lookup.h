// Finding things in a DIRAC configuration tree: an option or section by
// its path (/Registry/Groups/lhcb_user/JobShare), and the /Operations
// section as DIRAC's Operations helper sees it.
//
// The Operations helper does not look in one section then another: it
// merges, option by option and section by section (CFG.mergeWith), a list
// of sections, the later ones winning. Which list depends on DIRAC's line:
//  - with setups (the 8.0 line): /Operations/Defaults, /Operations/<setup>,
//    then, when a VO is known, /Operations/<vo>/Defaults and
//    /Operations/<vo>/<setup>;
//  - without setups (DIRAC 9, the head): /Operations/Defaults, then
//    /Operations/<vo> when a VO is known.
// So a JobScheduling section in Defaults and one in the setup are merged:
// a corrector instance defined in Defaults and given one more time span in
// the setup has both spans. Pure functions; safe from any thread.
#ifndef POLICY_DIRAC_CS_LOOKUP_H_
#define POLICY_DIRAC_CS_LOOKUP_H_

#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "policy/dirac/cs_config.h"

namespace policy::dirac {

// The names of a path: split at '/', each trimmed, empty ones dropped
// (CFG.getRecursive's reading: "/A//B/" is A, B).
std::vector<std::string> SplitCsPath(std::string_view path);

// The section or option at `path` below `root`, or null when a step is
// missing or is not a section. The empty path is `root` itself.
const CsSection* FindSectionAt(const CsSection& root, std::string_view path);
const CsOption* FindOptionAt(const CsSection& root, std::string_view path);

// Which DIRAC line's Operations helper to follow.
enum class OperationsLayout {
  kWithSetups,  // the 8.0 line: Defaults, <setup>, <vo>/Defaults, <vo>/<setup>
  kVoOnly,      // DIRAC 9: Defaults, <vo>
};

// Whose view of /Operations to take.
struct OperationsScope {
  std::string setup;  // kWithSetups only; empty: none (only the VO's sections)
  std::string vo;     // empty: none
  OperationsLayout layout = OperationsLayout::kWithSetups;
};

// The sections the Operations helper merges for `scope`, most general
// first, as absolute paths ("/Operations/Defaults", ...).
std::vector<std::string> OperationsSearchPaths(const OperationsScope& scope);

// The Operations view: the sections of OperationsSearchPaths(scope) that
// exist, merged in order (MergeCsSections), as one section whose options
// and subsections keep the positions they were written at. Empty when none
// exists. Error: a name that is an option in one of them and a section in
// a later one (DIRAC raises there).
classad::Result<CsSection> MergedOperations(const CsConfig& config, const OperationsScope& scope);

}  // namespace policy::dirac

#endif  // POLICY_DIRAC_CS_LOOKUP_H_
