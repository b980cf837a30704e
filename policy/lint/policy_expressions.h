// The policy expressions the semantic checks read (unknown-attribute,
// ephemeral-*, type-mismatch, contradiction, redundant-clause): every
// expression-valued knob set in the configuration, parsed, with the ads
// HTCondor evaluates it against (what MY and TARGET are), and a way to
// place a problem at a byte of its expanded text back in the files, also
// through $(MACRO) references.
#ifndef POLICY_LINT_POLICY_EXPRESSIONS_H_
#define POLICY_LINT_POLICY_EXPRESSIONS_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/expr.h"
#include "policy/config.h"
#include "policy/lint/diagnostic.h"
#include "policy/lint/expr_positions.h"

namespace policy::lint {

// When the negotiator evaluates a knob, as far as the ephemeral attributes
// (reference §3.8) are concerned.
enum class EvaluatedWhen : uint8_t {
  kUnknown,        // not known (a policy macro, SLOT_WEIGHT, NEGOTIATOR_MATCH_EXPRS knobs)
  kNoEphemeral,    // where no ephemeral attribute is ever set: the collector and schedd
                   // constraints, the group sort ad, STARTD_AD_REEVAL_EXPR
  kCandidateSlot,  // for every candidate slot of a request, claimed or not (the pre and
                   // post job ranks)
  kPreemption,     // only for a claimed slot that may be preempted (PREEMPTION_REQUIREMENTS,
                   // PREEMPTION_RANK)
};

// The ads a knob is evaluated against. `my` and `target` are kinds of ad
// (attribute_catalogue.h: kSlotAd, ...), 0 for "no such ad" (TARGET of a
// constraint) and kAnyAd when not known.
struct ExpressionContext {
  uint8_t my = 0;
  uint8_t target = 0;
  EvaluatedWhen when = EvaluatedWhen::kUnknown;
};

// The context of expression knob `knob` (case-insensitive, as the knob
// table spells it): PREEMPTION_REQUIREMENTS has MY = slot and TARGET = job,
// GROUP_SORT_EXPR MY = the group sort ad and no TARGET, ...; for any other
// name, both kAnyAd and kUnknown. SLOT_WEIGHT has MY = slot, TARGET and
// time unknown.
ExpressionContext ContextOf(std::string_view knob);

// "the slot ad", "the job ad", ... for a kind of ad; "no ad" for 0.
std::string_view AdName(uint8_t ads);

// An attribute reference in an expression: `name` (or `.name`), `MY.name`
// or `TARGET.name`.
struct AttributeRef {
  enum class Scope : uint8_t { kUnscoped, kMy, kTarget };
  Scope scope = Scope::kUnscoped;
  std::string_view name;  // as written; points into the tree
  const classad::Expr* node = nullptr;
};

// The reference `node` is; nullopt for any other node, for `MY`, `TARGET`,
// `CurrentTime` and the like themselves, and for selects on anything but
// MY and TARGET.
std::optional<AttributeRef> AsAttributeRef(const classad::Expr& node);

// The kinds of ad `ref` can be looked up in under `context`: MY's, TARGET's,
// or both for an unscoped name (HTCondor looks in MY, then TARGET).
uint8_t AdsOf(const AttributeRef& ref, const ExpressionContext& context);

// Calls `visit(node, ancestors)` for every node of `root` in source order
// (parents before children, `ancestors` from the root down to the parent),
// descending into a node's children when `visit` returns true. Nested ad
// literals are visited but not entered (their attributes are another
// scope).
void VisitNodes(
    const classad::Expr& root,
    const std::function<bool(const classad::Expr& node,
                             const std::vector<const classad::Expr*>& ancestors)>& visit);

// `node` without enclosing parentheses.
const classad::Expr& Unparenthesized(const classad::Expr& node);

// One expression-valued knob set in the configuration, parsed. Holds
// pointers into the Config it was made from.
class LintedExpression {
 public:
  const std::string& knob() const {
    return knob_;
  }  // as named in the table or in
     // NEGOTIATOR_MATCH_EXPRS
  const ConfigEntry& entry() const { return *entry_; }
  const std::string& text() const { return text_; }  // expanded
  const classad::Expr& expr() const { return *expr_; }
  const ExpressionContext& context() const { return context_; }
  const ExprPositions& positions() const { return positions_; }

  // A diagnostic at byte `offset` of text(): at its place in the file when
  // it is literal text of the definition; at the $(MACRO) reference when
  // it comes from a macro's expansion, with a note where the macro is
  // defined (at the very byte when the macro's value is literal); at the
  // value's start, the column in the expanded text named in the message,
  // when the expansion cannot be retraced. A byte that a self-reference
  // ($(KNOB) in KNOB's own value) or += brought in from the earlier
  // definition gets a note at its place there. nullopt offset: the
  // value's start.
  Diagnostic MakeAt(std::optional<size_t> offset, Severity severity, std::string message,
                    std::string_view check) const;
  // Whether byte `offset` came from the expansion of a macro that is itself
  // an expression knob linted on its own (problems that do not depend on
  // where the expression is used are reported there, once).
  bool FromLintedMacro(std::optional<size_t> offset) const;

  // Builds the list (see LintedExpressions).
  friend std::vector<LintedExpression> LintedExpressions(const Config& config);

 private:
  // A run of the expanded text: literal text of the raw value, or the
  // whole expansion of one top-level $(NAME) reference.
  struct Segment {
    size_t begin = 0, end = 0;  // in text_
    size_t raw_offset = 0;      // where it starts in the entry's raw value
    std::string macro;          // empty for literal text
    bool linted = false;        // macro is an expression knob linted on its own
  };
  const Segment* SegmentAt(size_t offset) const;
  // When byte `raw_offset` of the raw value is text a self-reference or +=
  // put in, a note at its place in the earlier definition.
  void NoteEarlierValue(size_t raw_offset, Diagnostic* d) const;

  std::string knob_;
  const ConfigEntry* entry_ = nullptr;
  const Config* config_ = nullptr;
  std::string text_;
  classad::ExprPtr expr_;
  ExpressionContext context_;
  ExprPositions positions_;
  std::vector<Segment> segments_;  // empty when the expansion cannot be retraced
  bool traced_ = false;            // raw value == text, or segments_ retrace it
};

// Every expression knob ExpressionKnobNames lists whose definition comes
// from a file, expands without error, is not empty, has no trailing `#`
// comment (trailing-comment's) and parses (expr-syntax reports those that
// do not). In the order of ExpressionKnobNames. Thread-safe for distinct
// configs.
std::vector<LintedExpression> LintedExpressions(const Config& config);

}  // namespace policy::lint

#endif  // POLICY_LINT_POLICY_EXPRESSIONS_H_
