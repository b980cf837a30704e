// ClauseExplainer: why an expression has the value it has in a match. The
// expression is split into its top-level `&&` / `||` clauses (and those
// into theirs, down to ExplainOptions::max_depth levels); every clause is
// evaluated in the same match context, and the clauses that decided the
// result are marked, following the short-circuit rules of ClassAd's `&&`
// and `||` with UNDEFINED and ERROR (classad/operators.cc). A clause that
// is a bare reference to an attribute holding an expression (a slot's
// `START` inside its `Requirements`) is explained through that
// expression. For a comparison, the values of both operands are kept, so
// that a false clause can be shown as
// `TARGET.Memory = 2048 < RequestMemory = 4096`; for any clause that is
// not true, the values of the attributes it reads are kept too.
//
// Evaluation has no side effects, so a clause evaluated on its own has the
// value it has inside the whole expression; each part is evaluated once:
// the value of a chain is the fold of its members' values (exactly what
// the evaluator computes), that of a reference its definition's. Clauses that the real
// evaluation skips (after a false clause of `&&`, a true one of `||`) are
// evaluated all the same, for the reader, and marked `evaluated = false`.
#ifndef NEGOTIATOR_EXPLAIN_CLAUSE_EXPLAINER_H_
#define NEGOTIATOR_EXPLAIN_CLAUSE_EXPLAINER_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/value.h"

namespace negotiator::explain {

// How much explaining one expression may do: hostile or huge expressions
// (a chain of 100,000 clauses, attributes that refer to each other) are
// explained up to these bounds and marked `truncated` there.
struct ExplainOptions {
  // Levels of nested chains and of attribute definitions explained below
  // the expression itself (the top-level clauses are level 1).
  int max_depth = 8;
  // Clauses explained in all, over every level, for one expression. A
  // chain that does not fit is left unsplit (truncated).
  size_t max_clauses = 512;
  // Follow a clause that is a bare attribute reference (`START`,
  // `MY.IsGpuSlot`, `TARGET.WantGpu`) into the expression it holds.
  bool expand_attributes = true;
  // Keep the operands of comparisons and the attributes read by clauses
  // that are not true. Off for bulk use (pool analysis), where only the
  // values and the deciding clauses are needed.
  bool details = true;
  // Attributes listed for one clause (names beyond are dropped).
  size_t max_attributes = 16;
  // Write each clause's text (DisplayText). Off for bulk use: `text` stays
  // empty and `Clause::expr` identifies the clause.
  bool keep_text = true;
};

// Where the value of an attribute a clause reads was found.
enum class AttributeSource {
  kMyAd,         // the ad the expression is evaluated in (MY)
  kTargetAd,     // the other ad of the match (TARGET, or an unqualified name MY lacks)
  kMyBound,      // an ephemeral attribute bound over MY (classad/overlay.h)
  kTargetBound,  // an ephemeral attribute bound over TARGET
  kAbsent,       // nowhere: the reference is undefined
};

// "my ad", "target ad", "bound on my ad", "bound on target ad", "absent".
const char* AttributeSourceName(AttributeSource source);

// One attribute a clause reads and its value.
struct AttributeReading {
  std::string name;  // as shown: `Memory`, or `TARGET.Memory` for the other ad
  classad::Value value;
  AttributeSource source = AttributeSource::kAbsent;
};

// One operand of a comparison.
struct Operand {
  std::string text;  // as written (DisplayText)
  classad::Value value;
  bool literal = false;  // a constant: its value is its text
};

// A comparison clause with its operands evaluated.
struct Comparison {
  Operand left;
  Operand right;
  classad::Op op = classad::Op::kNone;
  // What holds between the two values: for == and !=, "==" or "!="; for
  // the order operators "<", "==" or ">" (numbers, or strings compared as
  // ClassAd compares them: without case), "!=" when neither holds; "=?="
  // or "=!=" for is / isnt; the operator's own spelling when the values
  // cannot be compared (an operand undefined or error).
  std::string relation;

  // `left = value relation right = value`, a literal operand shown once:
  // `TARGET.Memory = 2048 < RequestMemory = 4096`.
  std::string ToString() const;
};

// One expression or clause, explained.
struct Clause {
  std::string text;      // the clause as written (DisplayText: parentheses as in the source)
  // The clause's node, borrowed from the expression explained (or from the
  // ad holding a definition): valid while they live.
  const classad::Expr* expr = nullptr;
  classad::Value value;  // its value in the match
  // Marked as having decided the value of the chain it belongs to (the
  // expression itself is always marked).
  bool decided = true;
  // False when the real evaluation never reaches this clause (an earlier
  // clause of its chain short-circuited); the value is computed anyway.
  bool evaluated = true;
  // Op::kAnd or Op::kOr when `clauses` are the members of this clause's
  // chain, in order; Op::kNone otherwise.
  classad::Op chain = classad::Op::kNone;
  std::vector<Clause> clauses;
  // When this clause is a bare reference to an attribute holding an
  // expression: the attribute's name and, in `definition` (one element),
  // that expression explained in the ad that holds it.
  std::string defined_as;
  std::vector<Clause> definition;
  // The operands, for a comparison (ExplainOptions::details).
  std::optional<Comparison> comparison;
  // The attributes read, for a clause that is not true
  // (ExplainOptions::details); names that are operands of `comparison`
  // are not repeated here.
  std::vector<AttributeReading> attributes;
  // A limit of ExplainOptions stopped the explanation here: a chain left
  // unsplit or a definition not followed.
  bool truncated = false;

  // The value is boolean true (or a non-zero number): what Requirements
  // need.
  bool IsTrue() const;
};

// Explains `expr` in `context` (whose scope is MY, with TARGET and the
// overlays of the match: see classad::MatchContext). The context is
// restarted (Restart()) before each evaluation, so each clause gets the
// whole work budget. Never fails: problems evaluating give error values,
// limits give `truncated`. Allocates; the values borrow from the ads of
// the context, which must outlive the result. `options` must outlive the
// call only.
Clause ExplainExpression(const classad::Expr& expr, classad::EvalContext* context,
                         const ExplainOptions& options = {});

// The members of `expr`'s top-level `&&` or `||` chain, left to right
// (parentheses around the whole are looked through; a parenthesised chain
// inside is one member); `expr` alone when it is no chain. Pointers into
// `expr`.
std::vector<const classad::Expr*> ChainClauses(const classad::Expr& expr);

// The value as a person reads it: true, 2048, 0.5, "LINUX", undefined,
// error; reals in their shortest exact form, with a `.` or an exponent
// (1500.0, 1234.5670166015625), lists and ads in ClassAd syntax
// (DisplayValue).
std::string FormatValue(const classad::Value& value);

// A clause that decided a result, at the bottom of the path of deciding
// clauses (and definitions) from the expression down.
struct DecidingLeaf {
  std::string text;                     // the clause's text (empty without keep_text)
  const classad::Expr* expr = nullptr;  // the clause's node (Clause::expr)
  // The attributes whose definitions the path went through, outermost
  // first (`START` for a clause of the slot's START).
  std::vector<std::string> within;
};

// Follows the deciding clauses of `root` down to the leaves: the clauses
// with no explained parts below them. For a false `&&` chain that is the
// first false clause (and inside it, what made it false). Each leaf (node
// and path) once.
std::vector<DecidingLeaf> DecidingLeaves(const Clause& root);

}  // namespace negotiator::explain

#endif  // NEGOTIATOR_EXPLAIN_CLAUSE_EXPLAINER_H_
