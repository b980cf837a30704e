// `use CATEGORY : NAME(args)` metaknobs: the configuration text each one
// stands for. This tool implements `use FEATURE : AssignAccountingGroup`
// (and the ScheddUsermapFile feature it builds on); every other metaknob
// HTCondor knows is reported as not supported, never ignored silently.
#ifndef POLICY_METAKNOBS_H_
#define POLICY_METAKNOBS_H_

#include <string>
#include <string_view>

#include "classad/status.h"

namespace policy {

// Whether HTCondor knows metaknob `name` in `category` (both
// case-insensitive); `name` empty asks whether the category exists. For
// `if defined use CAT[:NAME]`.
bool MetaknobExists(std::string_view category, std::string_view name);

// The configuration text that `use category : name(args)` stands for, its
// arguments already substituted ($(0), $(1), $(1?), $(0#), $(2+), $(1:def),
// as HTCondor's expand_meta_args does), to be read by the caller like a
// file (it may hold if/else, @=, += and nested use lines). `args` is the
// text between the parentheses, or empty when there are none.
// Errors (kInvalidArgument): an unknown category or name ("use FEATURE:
// does not recognise NAME"), a known metaknob this tool does not implement
// ("use POLICY : PREEMPT_IF_RUNTIME_EXCEEDS is not supported by this
// tool"), missing required arguments. Thread-safe.
classad::Result<std::string> MetaknobBody(std::string_view category, std::string_view name,
                                          std::string_view args);

}  // namespace policy

#endif  // POLICY_METAKNOBS_H_
