// The check families of policy_lint, one function per family (each in its
// own check_*.cc); the registry (diagnostic.cc) lists them with their
// names. Each appends diagnostics carrying its own check name.
#ifndef POLICY_LINT_CHECKS_H_
#define POLICY_LINT_CHECKS_H_

#include <vector>

#include "policy/lint/diagnostic.h"

namespace policy::lint {

// expr-syntax: every expression-valued knob set in the configuration (the
// knob table's expression knobs, the policy macros, the knobs
// NEGOTIATOR_MATCH_EXPRS names) parses as a ClassAd expression; an error
// is placed at its byte in the file, or at the $(MACRO) it came through
// with a note where the macro was defined.
void CheckExpressionSyntax(const LintContext& context, std::vector<Diagnostic>* out);

// unknown-knob: a name that looks like a negotiator, group, preemption or
// concurrency knob but is in no row of the knob table, with a
// did-you-mean. knob-form: a per-group / per-limit form of a knob that has
// none (GROUP_SORT_EXPR_physics).
void CheckKnobNames(const LintContext& context, std::vector<Diagnostic>* out);

// knob-type: a boolean, integer or real knob whose value does not read as
// its type (Ture, "true", 1O) or is out of the table's range.
void CheckKnobTypes(const LintContext& context, std::vector<Diagnostic>* out);

// undefined-macro: $(NAME) without a default where NAME is never defined
// (HTCondor silently expands it to nothing).
void CheckUndefinedMacros(const LintContext& context, std::vector<Diagnostic>* out);

// redefinition: a knob set again (same or later file) without referring to
// its previous value, which is lost; a note says where it was first set.
void CheckRedefinitions(const LintContext& context, std::vector<Diagnostic>* out);

// group-quota: per-group knobs for groups not in GROUP_NAMES (with a
// did-you-mean), missing parents, static children above a static parent,
// a dynamic fraction of 0 (below 0 or above 1 is knob-type's, the knob's
// range), dynamic siblings summing above 1, a static and a dynamic quota
// on one group.
void CheckGroupQuotas(const LintContext& context, std::vector<Diagnostic>* out);

// concurrency-limit: limit names that are not valid, maxima that are not
// non-negative numbers.
void CheckConcurrencyLimits(const LintContext& context, std::vector<Diagnostic>* out);

// preemption-guard: PREEMPTION_REQUIREMENTS without a running-time guard
// in its top-level && chain, set empty, or constantly true.
void CheckPreemptionGuard(const LintContext& context, std::vector<Diagnostic>* out);

// autocluster-merge: SIGNIFICANT_ATTRIBUTES that does not name
// Requirements, Rank or ConcurrencyLimits, or REMOVE_SIGNIFICANT_ATTRIBUTES
// that names one: jobs differing there share an autocluster and are all
// matched as its first job; PREEMPTION_REQUIREMENTS or PREEMPTION_RANK
// reading a job attribute left out of the significant attributes
// (JobCurrentStartDate, JobState, REMOVE_SIGNIFICANT_ATTRIBUTES): every job
// of a run is judged with the first job's value.
void CheckAutoclusterMerges(const LintContext& context, std::vector<Diagnostic>* out);

// The configuration language's traps: trailing-comment (`# ...` after a
// value is part of it), self-reference-default (a self-reference or +=
// whose only earlier value is HTCondor's default), continuation-glue (a
// continuation that joins two words), if-empty (`if` on a name defined
// empty).
void CheckTrailingComments(const LintContext& context, std::vector<Diagnostic>* out);
void CheckSelfReferenceDefault(const LintContext& context, std::vector<Diagnostic>* out);
void CheckContinuationGlue(const LintContext& context, std::vector<Diagnostic>* out);
void CheckIfOnEmpty(const LintContext& context, std::vector<Diagnostic>* out);

// unknown-attribute: an attribute a policy expression refers to that no ad
// in its scope has: a name close to a known one (did-you-mean; a name far
// from every known one is taken for a site's own attribute), a slot
// attribute where only a job, submitter or group sort ad is in scope,
// anything but the sort ad's own attributes in GROUP_SORT_EXPR, TARGET.x
// in a knob evaluated against one ad alone. Known: the attribute
// catalogue (standard, ephemeral, sample ads).
void CheckUnknownAttributes(const LintContext& context, std::vector<Diagnostic>* out);

// ephemeral-never: an ephemeral attribute (policy/ephemeral.h) where the
// negotiator never sets it: a knob evaluated before it inserts any
// (constraints, GROUP_SORT_EXPR), the wrong side (MY.SubmitterUserPrio
// with MY = slot), group attributes without GROUP_NAMES, remote-user
// attributes in the ranks with NEGOTIATOR_CONSIDER_PREEMPTION = False,
// cross-slot forms without NEGOTIATOR_CROSS_SLOT_PRIOS, RemoteAutoregroup.
// ephemeral-unguarded: a claimed-slot attribute (RemoteUserPrio, ...) in
// the pre/post job ranks, evaluated for unclaimed slots too, with nothing
// on its way to the top that copes with undefined (=?=, isUndefined(),
// ifThenElse, ?:, a && / || whose other side tests for it).
void CheckEphemeralNever(const LintContext& context, std::vector<Diagnostic>* out);
void CheckEphemeralUnguarded(const LintContext& context, std::vector<Diagnostic>* out);

// type-mismatch: operations whose operand types, inferred from literals,
// the attribute catalogue and the sample ads, make them an error or never
// true: a string compared with a number, arithmetic or && on a string, a
// built-in given an argument of the wrong type or number, == UNDEFINED.
void CheckTypes(const LintContext& context, std::vector<Diagnostic>* out);

// contradiction: comparisons of one attribute with constants in one &&
// chain that cannot hold together (always false), or in one || chain
// that cover every value (always true). redundant-clause: such a
// comparison implied by (&&) or covered by (||) another, or repeated.
void CheckContradictions(const LintContext& context, std::vector<Diagnostic>* out);
void CheckRedundantClauses(const LintContext& context, std::vector<Diagnostic>* out);

// The htcondor-quirk family (check_quirks.cc): an expression whose value in
// HTCondor, which the engine reproduces, is not what it seems to say; each
// says what HTCondor gives and what to write instead. Static: each fires
// only where the expression itself shows the quirk.
// htcondor-quirk-reltime-literal: relTime("...") folds to a plain real.
void CheckQuirkRelTimeLiteral(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-shift-count: a literal shift count outside 0..63 (masked
// to 6 bits on x86-64), or `>>> 0`.
void CheckQuirkShiftCount(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-unary-boolean: unary - or + of a boolean, which is error.
void CheckQuirkUnaryBoolean(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-integer-pow: pow() of integer literals whose double-based
// result differs from the exact one.
void CheckQuirkIntegerPow(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-list-aggregate: sum/avg/min/max of a list literal of only
// undefined values or with booleans; anyCompare() over a list with undefined.
void CheckQuirkListAggregate(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-join-empty: join() whose first item is "" (dropped).
void CheckQuirkJoinEmpty(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-regexp-options: upper-case option letters, which the
// regular-expression functions ignore.
void CheckQuirkRegexpOptions(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-integer-literal: an integer literal beyond 64 bits (read as 0).
void CheckQuirkIntegerLiteral(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-stringlist-summary: stringListAvg() of integers (truncated),
// stringListMax() of negative numbers (0), stringListMin() above FLT_MAX.
void CheckQuirkStringListSummary(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-abstime-literal: absTime("2020"), absTime("2020-06") (day
// 0) and dates with fields out of range (carried over).
void CheckQuirkAbsTimeLiteral(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-reltime-conversion: floor/ceiling/round/real/string of a
// relTime(), which see only its whole seconds.
void CheckQuirkRelTimeConversion(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-conversion: int()/real() of a string literal that strtod()
// reads unexpectedly (hexadecimal, inf, nan, integers beyond 2^53).
void CheckQuirkConversionString(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-trailing-text: text after a top-level conditional, which
// HTCondor's parser ignores.
void CheckQuirkTrailingText(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-versioncmp: versioncmp() compared with a non-zero constant
// (it returns a raw difference).
void CheckQuirkVersionCompare(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-time-zone: formatTime() with %z, %Z or %s, and the get*()
// field functions on an absTime literal with an offset (read in the
// process's zone).
void CheckQuirkTimeZone(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-match-wrapper: a name only HTCondor's internal MatchClassAd
// wrapper binds (other, LEFT, symmetricMatch, root, ...), and `.name`,
// which in a match is looked up in that wrapper.
void CheckQuirkMatchWrapper(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-time-of-string: absTime()/relTime() of a string computed at
// run time (the string itself / relTime(0)).
void CheckQuirkTimeOfString(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-32-bits: an integer literal beyond 32 bits where HTCondor
// reads an int (a list index, substr() offsets, interval(), absTime(),
// relTime()).
void CheckQuirkThirtyTwoBits(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-time-overflow: splitTime()/formatTime() of a time beyond a
// struct tm's years, or formatTime() with a format whose result passes
// HTCondor's 1,023-byte buffer (HTCondor returns stack contents).
void CheckQuirkTimeOverflow(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-subscript-select: ad["x"].y, which is undefined.
void CheckQuirkSubscriptSelect(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-quantize: quantize() with a negative integer quantum.
void CheckQuirkQuantize(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-elvis-precedence: `?:` written after the operand of a
// binary or prefix operator, which HTCondor's parser binds to that operand
// alone (`x + 1 ?: 5` is `x + (1 ?: 5)`, `!a ?: b` is `!(a ?: b)`).
void CheckQuirkElvisPrecedence(const LintContext& context, std::vector<Diagnostic>* out);
// htcondor-quirk-unregistered-function: a function HTCondor's daemons
// register only once the configuration is read (userMap, split, the
// stringList* family, ...) called while it is read, where it is error
// (Config::read_quirks).
void CheckQuirkUnregisteredFunction(const LintContext& context, std::vector<Diagnostic>* out);

// policy-build: the problems Policy::Build reports that no other check
// covers (a map file that cannot be read, a malformed group name, ...).
void CheckPolicyBuild(const LintContext& context, std::vector<Diagnostic>* out);

// The names of the expression-valued knobs set in `config` (as spelled in
// the table or in NEGOTIATOR_MATCH_EXPRS), for expr-syntax and
// policy-build.
std::vector<std::string> ExpressionKnobNames(const Config& config);

}  // namespace policy::lint

#endif  // POLICY_LINT_CHECKS_H_
