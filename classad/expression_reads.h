// What an ad's expressions read, for grouping ads that no expression of a
// cycle can tell apart (autoclusters, match classes, the matchmaker's
// per-slot rank tables).
#ifndef CLASSAD_EXPRESSION_READS_H_
#define CLASSAD_EXPRESSION_READS_H_

#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

#include "classad/classad.h"
#include "classad/expr.h"

namespace classad {

// Adds to `own` the names (lower case) that `ad`'s attribute `start` reads
// from `ad` itself, followed through `ad`'s own expressions (at most 64 of
// them), `start` included; and to `other` the names it reads from the
// other ad of a match, at any depth: TARGET.x, and unqualified names `ad`
// lacks (they fall back to the other ad). `*complete` (when not null) is
// set false when the limit stopped the following. Thread-safe for an ad no
// one changes.
void FollowReads(const ClassAd& ad, std::string_view start, std::set<std::string>* own,
                 std::set<std::string>* other, bool* complete = nullptr);

// Adds the names (lower case) `e` reads from its own ad to `*mine` and
// those it reads from the other ad to `*theirs`, as
// CollectReferencedNames splits them.
void NamesRead(const Expr& e, std::set<std::string>* mine, std::set<std::string>* theirs);

// Adds to `*names` (lower case) every attribute name `e` may read, in any
// ad and any scope: plain names, `MY.x`, `TARGET.x`, `base.x` (both
// names), `ad["x"]`, `CurrentTime`, and what the expressions of an ad
// nested in `e` read. A superset of what evaluating `e` against any pair
// of ads looks up. Returns false when no such set can be told from the
// text: `e` names an ad as a whole (MY, TARGET, self, parent, root), calls
// eval(), unresolved() or evalInEachContext(), or subscripts with a
// computed index, or uses a name of the match wrapper as an ad as a whole
// (`other`, `LEFT`, ...; `other.x` is x of an ad and `symmetricMatch` reads
// both ads' Requirements: those are known); what was found is kept either
// way. Thread-safe.
bool AllNamesRead(const Expr& e, std::set<std::string>* names);

// AllNamesRead for a value an ad holds as a literal: what the expressions
// of a list's items or of a nested ad's attributes read (nothing for
// other values).
bool LiteralNamesRead(const Value& v, std::set<std::string>* names);

// Appends `name`, '=', the text of `ad`'s attribute `name` (its value when
// a literal, its expression otherwise; a \x01 mark when absent) and a NUL:
// equal texts for two ads mean the attribute reads the same in both.
void AppendAttributeText(const ClassAd& ad, const std::string& name, std::string* out);

// AppendAttributeText with each expression's text remembered (ads read
// from one file share their expressions, so most are unparsed once). The
// expressions must outlive the writer. Not thread-safe: one per thread.
class AttributeTextWriter {
 public:
  void Append(const ClassAd& ad, const std::string& name, std::string* out);

 private:
  std::unordered_map<const Expr*, std::string> texts_;
};

// Whether `e`'s value depends only on the attributes it names plainly
// (`name`, `MY.name`, `TARGET.name`: those CollectReferencedNames finds)
// and on the time: false when it calls random(), eval(), unresolved() or
// evalInEachContext(), names an ad as a whole (MY, TARGET, self, parent,
// root), reads `.name`, selects from or subscripts anything else, holds
// a nested ad, or reads a name of the match wrapper (symmetricMatch,
// other, ...; see match_wrapper.cc). Results of evaluating an expression for which this is true
// may be shared between ads that agree on those attributes.
bool ReadsOnlyNamedAttributes(const Expr& e);

}  // namespace classad

#endif  // CLASSAD_EXPRESSION_READS_H_
