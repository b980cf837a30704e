// `use CATEGORY : NAME(args)` metaknobs: the configuration text each one
// stands for. HTCondor keeps its metaknobs in its param table (the
// `[$CATEGORY.NAME]` sections of param_info.in: ROLE, FEATURE, POLICY,
// SECURITY, UPGRADE, EXPERIMENTAL); metaknob_templates.h holds every one of
// them, and this file finds one and substitutes its arguments as HTCondor
// does. Everything here is static data or pure computation: thread-safe.
#ifndef POLICY_METAKNOBS_H_
#define POLICY_METAKNOBS_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "classad/status.h"

namespace policy {

// Whether HTCondor knows metaknob `name` in `category` (both
// case-insensitive); `name` empty asks whether the category exists. For
// `if defined use CAT[:NAME]`.
bool MetaknobExists(std::string_view category, std::string_view name);

// The configuration text that `use category : name(args)` stands for, its
// arguments already substituted by ExpandMetaArgs, to be read by the caller
// like a file (it may hold if/else, @=, `error :` and nested use lines; a
// missing required argument is reported by the body's own `error :` line,
// with HTCondor's text, when the caller reads it). `args` is the text
// between the parentheses, or empty when there are none. Errors
// (kInvalidArgument): an unknown category ("use BOGUS: does not recognise
// NAME (there is no metaknob category BOGUS; ...)") or name ("use FEATURE:
// does not recognise NAME", HTCondor's wording); (kLimitExceeded) arguments
// whose expansion does not end (ExpandMetaArgs).
classad::Result<std::string> MetaknobBody(std::string_view category, std::string_view name,
                                          std::string_view args);

// Bounds on ExpandMetaArgs. An argument that holds `$(1)` expands to
// itself again: HTCondor loops forever there; this stops with an error.
struct MetaArgLimits {
  size_t max_substitutions = 4096;  // `$(N)` replacements in one expansion
  size_t max_bytes = 1 << 20;       // length of the text at any step
};

// HTCondor's expand_meta_args (config.cpp): replaces the metaknob argument
// references in `text` with parts of `args` (a comma-separated list; its
// items are trimmed and EMPTY ITEMS ARE SKIPPED, so in "a, , c" the second
// argument is "c"):
//   $(0)    all of `args`, trimmed          $(0#), $(0+)  the number of items
//   $(N)    item N (from 1), "" if none     $(N:def)      item N, or def if none
//   $(N?)   1 if item N is non-empty else 0 (with :def, a missing item counts def)
//   $(N+), $(N#)  the text of `args` from item N on (N >= 1), or def when that is empty
// A reference must be `$(` digits, then `?`, `#` or `+`, then `:def`, then
// `)`; anything else (`$(NAME)`, `$$(1)`) is left alone. After each
// replacement the text is scanned again from its start, so an argument
// holding `$(2)` is itself expanded. Errors (kLimitExceeded) when `limits`
// are exceeded.
classad::Result<std::string> ExpandMetaArgs(std::string_view text, std::string_view args,
                                            const MetaArgLimits& limits = {});

}  // namespace policy

#endif  // POLICY_METAKNOBS_H_
