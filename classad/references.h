// The attribute references of an expression within its ad, as HTCondor's
// ClassAd library reports them (ClassAd::GetExternalReferences and
// GetInternalReferences, compat_classad's TrimReferenceNames and
// GetAttrRefsOfScope). HTCondor's negotiator and schedd build the
// significant attributes of autoclusters from these, so they are
// reproduced walk for walk, including where the walk gives up:
//
// * a name the ad has is internal and its expression is walked in turn; a
//   name it lacks (unqualified, or `MY.x`) is external;
// * `base.x` evaluates `base` in the ad alone: undefined (`TARGET`, a
//   missing name, `parent`) makes `base.x` external as a whole (with full
//   names: "TARGET.x"); an ad is searched for `x`; anything else fails;
// * the walk fails (returns false, keeping what it found so far and
//   skipping the rest) when the depth budget of 400 nested references is
//   spent, as on a circular reference (`A = B; B = A`), or a base
//   evaluates to neither undefined nor an ad.
//
// The names of an ad nested in the root's expressions, at any depth, are
// looked up along its scope chain (the ads enclosing it, then the root),
// and `parent` in it is the ad enclosing it, as in HTCondor. The one
// departure is bounded work: a walk stops (fails) after kMaxReferenceSteps
// nodes, where HTCondor's walk, which revisits shared subexpressions, can
// take exponential time.
#ifndef CLASSAD_REFERENCES_H_
#define CLASSAD_REFERENCES_H_

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "classad/classad.h"
#include "classad/expr.h"

namespace classad {

// Orders names case-insensitively (ASCII), as HTCondor's CaseIgnLTStr.
struct LessIgnoringCase {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const;
};

// A set of attribute names as HTCondor's classad::References holds them:
// compared case-insensitively, each kept as first spelled.
using References = std::set<std::string, LessIgnoringCase>;

// Nodes one walk may visit before it gives up (fails).
inline constexpr size_t kMaxReferenceSteps = size_t{1} << 20;

// What a walk looked up in its root ad, so that a caller may reuse its
// result for another ad that gives the same answers: each name looked up
// (as spelled) with what the root held (null `expr`: absent when
// `present` is false, a literal otherwise). `exact` is false when the walk
// also evaluated something (a base other than MY, self, root or a name
// the ad lacks), whose result the lookups do not pin down.
struct ReferenceTrace {
  struct Lookup {
    std::string name;
    uint64_t hash = 0;  // HashAttributeName(name)
    bool present = false;
    const Expr* expr = nullptr;
  };
  std::vector<Lookup> lookups;
  bool exact = true;
};

// Whether `ad` gives every lookup of `trace` the same answer (absent, a
// literal, or the same expression), so that a walk whose trace is exact
// finds the same in `ad`. The trace's expressions must still live.
bool SameLookups(const ReferenceTrace& trace, const ClassAd& ad);

// Adds to `*refs` the external references of `e` evaluated in `ad` (the
// root of the walk): ClassAd::GetExternalReferences(e, refs, full_names).
// With `full_names`, `TARGET.x` (any base that is undefined in the ad) is
// added as "TARGET.x", the base unparsed; without, the base's own
// references are walked instead. Returns false where HTCondor's walk
// fails (see the file comment); what was found is kept either way.
// Thread-safe for an ad and expression no one changes.
// `trace`, when given, receives what the walk looked up.
bool ExternalReferences(const ClassAd& ad, const Expr& e, bool full_names, References* refs,
                        ReferenceTrace* trace = nullptr);

// Adds to `*refs` the names of `ad` that `e` reads, followed through the
// ad's expressions: ClassAd::GetInternalReferences(e, refs, false).
// Returns false where HTCondor's walk fails. Thread-safe likewise.
bool InternalReferences(const ClassAd& ad, const Expr& e, References* refs,
                        ReferenceTrace* trace = nullptr);

// compat_classad's TrimReferenceNames: external names lose a leading
// "target.", "other.", ".left.", ".right." or "." (case-insensitively),
// internal ones a leading "."; then every name is cut at its first '.' or
// '['.
void TrimReferenceNames(References* refs, bool external);

// compat_classad_util's GetAttrRefsOfScope: adds `x` for every `scope.x`
// in `e` (`scope` a plain name, compared case-insensitively).
void AttrRefsOfScope(const Expr& e, std::string_view scope, References* refs);

}  // namespace classad

#endif  // CLASSAD_REFERENCES_H_
