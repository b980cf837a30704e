// The configuration text of every metaknob HTCondor defines: what
// `use CATEGORY : NAME(args)` stands for before its arguments are
// substituted (see ExpandMetaArgs in metaknobs.h).
//
// These are facts of the configuration language this project reproduces,
// like the knob table's defaults: the knobs each metaknob sets, with the
// values, conditions, nested `use` lines and `error :` texts of HTCondor's
// param table (src/condor_utils/param_info.in at htcondor/htcondor
// 7491a145f6, the version this project emulates). HTCondor's descriptions
// and comments are not reproduced; every line is written trimmed, as
// HTCondor reads it, and lines outside here-documents are indented by this
// project. Static data: thread-safe.
#ifndef POLICY_METAKNOB_TEMPLATES_H_
#define POLICY_METAKNOB_TEMPLATES_H_

#include <span>
#include <string_view>

namespace policy {

// One metaknob: its category (ROLE, FEATURE, POLICY, SECURITY, UPGRADE or
// EXPERIMENTAL) and name as HTCondor spells them, and its body, which the
// configuration reader reads like a file once its `$(N)` argument
// references are replaced.
struct MetaknobTemplate {
  std::string_view category;
  std::string_view name;
  std::string_view body;
};

// Every metaknob, grouped by category in the order above and in HTCondor's
// order within a category. The span points at static storage.
std::span<const MetaknobTemplate> MetaknobTemplates();

}  // namespace policy

#endif  // POLICY_METAKNOB_TEMPLATES_H_
