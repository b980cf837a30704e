// Evaluation of expressions against ads, with HTCondor's semantics.
#ifndef CLASSAD_EVALUATOR_H_
#define CLASSAD_EVALUATOR_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/classad.h"
#include "classad/limits.h"
#include "classad/load_cache.h"
#include "classad/program.h"
#include "classad/quirks.h"
#include "classad/scope.h"
#include "classad/user_maps.h"
#include "classad/value.h"

namespace classad {

enum class ScopingMode {
  // HTCondor's daemons and tools ("old ClassAd semantics"): an unqualified
  // name missing from MY is looked up in TARGET, and MY names the ad the
  // reference is evaluated in.
  kCompat,
  // The ClassAd library's own default: no TARGET fallback; MY is an ordinary
  // name bound only in a match.
  kStrict,
};

struct EvalOptions {
  ScopingMode mode = ScopingMode::kCompat;
  // Evaluate through compiled programs (program.h), the fast path and the
  // default. False runs the tree walker alone: the reference the compiled
  // path is tested against (same values; limits may be reached at slightly
  // different points, as the two count work differently).
  bool compiled = true;
  Limits limits;
  // Seconds since the epoch for time() and CurrentTime; when empty the
  // system clock is read. Set it for reproducible evaluation.
  std::function<int64_t()> now;
  // Where evaluations note the HTCondor quirks they went through
  // (quirks.h); null: nothing is noted. Borrowed: it must outlive the
  // evaluations; evaluations on several threads may share one.
  QuirkNotes* quirk_notes = nullptr;
  // The maps userMap() reads (user_maps.h); null: none, so userMap()
  // finds no mapping, as in a daemon with no CLASSAD_USER_MAP_NAMES.
  // Borrowed: it must outlive the evaluations.
  const UserMaps* user_maps = nullptr;
  // Whether the functions HTCondor's condor_utils registers on top of its
  // ClassAd library (userMap, split, the stringList* family, ...:
  // Builtin::daemon_function) exist. HTCondor registers them when a
  // process has read its configuration for the first time
  // (ClassAdReconfig), so the expressions the configuration evaluates
  // while it is first read ($EVAL, $INT, ... in an if condition, a
  // self-reference or an AUTO_USE_ trigger) find no such function, and an
  // unknown function's call is error. False only for those evaluations;
  // a refused call notes Quirk::kUnregisteredFunction.
  bool daemon_functions_registered = true;
};

// The state of one evaluation: the current scope, the depth and work budget,
// and the attribute references in progress (for loop detection). Cheap to
// create; not thread-safe; one per thread. Built-in functions receive it to
// evaluate their arguments.
class EvalContext {
 public:
  // `scope` is where unqualified names start; a borrowed scope must
  // outlive the context and the values it returns.
  EvalContext(const EvalOptions& options, std::shared_ptr<const Scope> scope);

  // Evaluates `expr` in the current scope. Never fails: problems give error.
  // Runs the expression's compiled program unless EvalOptions::compiled is
  // false. Does not allocate for the common policy expressions (comparisons
  // and logic over attributes of MY and TARGET) beyond what the values
  // themselves need.
  Value Evaluate(const Expr& expr);
  // The value of what an attribute holds (see ClassAd::Find), evaluated in
  // the current scope; undefined for an empty reference.
  Value Evaluate(const AttrRef& attribute) {
    if (!attribute) return Value::Undefined();
    return attribute.is_literal() ? attribute.literal()
                                  : EvaluateExpr(attribute.expr(), /*cached=*/true);
  }

  // Runs `program`, made by Program::CompileBound for the current scope's
  // ad (which must be that ad, at the top level), in the current scope:
  // the value Evaluate gives for the expression it was compiled from. With
  // EvalOptions::compiled false, evaluates `expr` (that expression) by the
  // tree walker instead. A bound program has folded `my`'s literal
  // attributes into constants: do not run it in a scope whose overlay binds
  // a name that `my` holds.
  Value EvaluateBound(const Program& program, const Expr& expr) {
    return options_.compiled ? Run(program, /*cached=*/true) : EvalTree(expr);
  }
  // Evaluates `expr` with `scope` as the current scope (for example an
  // expression evaluated inside an ad value, as evalInEachContext does).
  Value EvaluateIn(const Expr& expr, std::shared_ptr<const Scope> scope);

  // Evaluates `item`, an element of the list value `list`, in the scope the
  // list belongs to (as HTCondor does), or in the current scope when the
  // list has none. Built-ins that walk a list use this.
  Value EvaluateElement(const Value& list, const Expr& item);

  // The expression an attribute reference (`name`, `.name`, `base.name`)
  // names, without evaluating it (a literal attribute gives a new literal
  // node), and the scope it lives in; null when the reference does not
  // resolve to an attribute. Used by unresolved() and evalInEachContext().
  ExprPtr FindReferencedExpr(const Expr& reference, std::shared_ptr<const Scope>* found_in);

  const EvalOptions& options() const { return options_; }
  // Notes that this evaluation went through `quirk`, when its options ask
  // for notes.
  void NoteQuirk(Quirk quirk) {
    if (options_.quirk_notes != nullptr) options_.quirk_notes->Note(quirk);
  }
  // Whether a built-in may be called: every one may, a daemon function
  // (`daemon_function`, Builtin::daemon_function) only when
  // EvalOptions::daemon_functions_registered. A refused call's value is
  // error; refusing notes Quirk::kUnregisteredFunction.
  bool MayCall(bool daemon_function) {
    if (!daemon_function || options_.daemon_functions_registered) return true;
    NoteQuirk(Quirk::kUnregisteredFunction);
    return false;
  }
  const Limits& limits() const { return options_.limits; }
  bool compat() const { return options_.mode == ScopingMode::kCompat; }
  const Scope* current_scope() const { return scope_.get(); }
  // Shares the current scope (for values that must refer back to it).
  const std::shared_ptr<const Scope>& CurrentScopeRef() const { return scope_; }
  int64_t Now() const;

  // Attaches `cache` (null detaches it). While it is attached, the programs
  // run for Evaluate(AttrRef) and EvaluateBound, and for the attributes
  // they reach by name in the context's own scope (the scope it was made
  // with: its ad and its target's), take the positions of their loads from
  // the cache instead of looking each name up. The caller guarantees that
  // those programs and ads (with their layouts) stay alive and unchanged
  // until it clears the cache or detaches it (MatchKernel: one pass).
  // Programs made on the fly (eval()) and other scopes never use it.
  // A context made with a nested scope never uses a cache.
  void UseLoadCache(LoadCache* cache) {
    load_cache_ = home_scope_ != nullptr && home_scope_->is_top_level() ? cache : nullptr;
  }
  // Prepares the context for a new, independent evaluation in the same
  // scope: the whole work budget again, and no limit message. Call only
  // between evaluations (none running).
  void Restart() {
    steps_remaining_ = options_.limits.max_eval_steps;
    if (!limit_message_.empty()) limit_message_.clear();
  }
  // Spends `units` of the work budget. Returns false (and remembers the
  // reason) when the budget is exhausted; the caller then returns error.
  bool Charge(uint64_t units);
  // Why the last limit was hit, or empty.
  const std::string& limit_message() const { return limit_message_; }
  // Records that a limit was hit (used by built-ins for size limits).
  void NoteLimit(std::string message);
  // Depth guard for nested evaluations started by built-ins (eval()).
  bool EnterNested();
  void LeaveNested();

 private:
  // What a name resolved to: an attribute's expression and the scope it
  // lives in (kExpr), an ad named by a special name such as self, parent,
  // root or TARGET (kScope, in `scope`), or another value computed directly
  // (kValue).
  struct Found {
    enum Kind { kNone, kExpr, kScope, kValue } kind = kNone;
    // kValue: the value is an overlay's (an attribute bound over an ad, see
    // overlay.h), not a special name's.
    bool from_overlay = false;
    AttrRef attr;  // kExpr: what the attribute holds
    std::shared_ptr<const Scope> scope;
    Value value;
  };
  // Evaluate(expr), the program's loads taking their positions from the
  // load cache when `cached` (see Run).
  Value EvaluateExpr(const Expr& expr, bool cached);
  // The tree walker: evaluates `expr` node by node (with depth and budget
  // accounting), and Eval, the step for one node.
  Value EvalTree(const Expr& expr);
  Value Eval(const Expr& expr);
  // Runs a compiled program in the current scope (program_run.cc), with
  // depth and budget accounting; Execute is its loop over the instructions,
  // given the stack (refs and owned, program.max_stack() entries each).
  // `cached`: the program may take its load positions from the load cache
  // (see UseLoadCache; only for programs the cache's owner vouches for).
  Value Run(const Program& program, bool cached = false);
  // What Run gives when the depth or the work budget is spent (noted).
  Value RunOverLimit();
  // Where a program's loads are in the ads of the current scope (from the
  // load cache; null when not known): indexed by the loads' places.
  struct LoadPositions {
    const int32_t* mine = nullptr;    // in the current scope's ad
    const int32_t* theirs = nullptr;  // in its target's ad
    // The array for a load of `TARGET.x` (target_base) or of MY's side.
    const int32_t* For(bool target_base) const { return target_base ? theirs : mine; }
  };
  LoadPositions PositionsFor(const Program& program) const;
  // Run's body for a program of more than one instruction: the stack in
  // this frame (kEntries entries, at least program.max_stack()), or on the
  // heap for a deep program.
  template <uint32_t kEntries>
  Value RunOnStack(const Program& program, const LoadPositions& positions);
  Value RunOnHeap(const Program& program, const LoadPositions& positions);
  Value Execute(const Program& program, const Value** refs, Value* owned,
                const LoadPositions& positions);
  // The value of the ordinary unqualified name `node` (kLoadName) and of
  // `TARGET.x` / `MY.x` (kLoadSelect; `target_base` tells which): either
  // *ref points at a value that outlives the evaluation (a literal of an
  // ad), or the value is stored in *owned and *ref points there.
  // `positions` is the array of the load's side (LoadPositions) or null,
  // `place` the load's place in it.
  void LoadName(const Expr& node, const int32_t* positions, uint32_t place, const Value** ref,
                Value* owned);
  void LoadSelect(const Expr& node, bool target_base, const int32_t* positions, uint32_t place,
                  const Value** ref, Value* owned);
  // Pushes the value of `attribute`, found in `where` (a top-level scope:
  // the current one or its target), for LoadName/LoadSelect; a literal is
  // pushed in place, an expression by LoadFoundExpr, which evaluates it.
  void LoadFound(const AttrRef& attribute, const Scope* where, const Value** ref, Value* owned);
  // Pushes the value `overlay` binds to `node`'s name and returns true, or
  // returns false when it binds none (program_run.cc).
  bool LoadOverlay(const AttributeOverlay& overlay, const Expr& node, const Value** ref,
                   Value* owned);
  void LoadFoundExpr(const Expr& expr, const Scope* where, Value* owned);
  // Evaluates the attribute expression `expr` of `scope`'s ad in that scope,
  // with loop detection (a loop gives undefined).
  // `scope` null means the current scope.
  Value EvalAttributeExpr(const Expr& expr, std::shared_ptr<const Scope> scope);
  // A literal's own value, or `expr` evaluated into `*scratch`.
  const Value& EvaluateOperand(const Expr& expr, Value* scratch);
  Value EvalAttribute(const Expr& expr);
  Value EvalSelect(const Expr& expr);
  Value SelectFrom(const Expr& expr, const Value& base);
  Found ResolveAttribute(const Expr& expr);
  Value EvalSubscript(const Expr& expr);
  // `base[index]` of two values: a list element by (32-bit wrapped) index,
  // an ad's attribute by name.
  Value SubscriptValues(const Value& base, const Value& index);
  Value EvalFound(Found& found);
  Found LookupName(std::string_view name, uint64_t hash, NameClass name_class,
                   const std::shared_ptr<const Scope>& start, bool climb);
  bool SpecialName(NameClass name_class, const std::shared_ptr<const Scope>& at, Found* out);
  // Names of HTCondor's MatchClassAd wrapper (match_wrapper.cc), reached
  // from `at` (any scope of a match) past the outermost ad of its chain,
  // before the TARGET fallback: the
  // context ad's `ad` and `other` (unless `absolute`), and the wrapper
  // ad's LEFT, RIGHT, lCtx, rCtx, symmetricMatch, ... Sets *out and returns
  // true when `name` is one of them and `at` is in a match.
  bool MatchWrapperName(std::string_view name, bool absolute,
                        const std::shared_ptr<const Scope>& at, Found* out);
  // The whole MatchClassAd wrapper of the match `at` is in, as HTCondor's
  // `root` names it: lCtx, LEFT, rCtx, RIGHT and the match attributes.
  Value MatchWrapperAd(const std::shared_ptr<const Scope>& at);
  // An attribute being evaluated: its expression and the ad holding it.
  // (One expression object may be shared by many attributes and ads; a
  // path from it back to an attribute of the same ad holding the same
  // expression is a genuine cycle.)
  struct InProgressEntry {
    const ClassAd* ad;
    const Expr* expr;
    bool operator==(const InProgressEntry& o) const { return ad == o.ad && expr == o.expr; }
  };
  bool InProgress(const InProgressEntry& entry) const;
  // Starts evaluating the attribute `entry`: records it and returns true,
  // or returns false (recording nothing) when it is already being
  // evaluated, which is a loop. Each true is matched by LeaveAttribute().
  bool EnterAttribute(const InProgressEntry& entry) {
    if (InProgress(entry)) return false;
    if (in_progress_count_ < kInlineInProgress) {
      in_progress_[in_progress_count_] = entry;
    } else {
      overflow_.push_back(entry);
    }
    ++in_progress_count_;
    return true;
  }
  void LeaveAttribute() {
    if (--in_progress_count_ >= kInlineInProgress) overflow_.pop_back();
  }

  const EvalOptions& options_;
  std::shared_ptr<const Scope> scope_;
  int depth_remaining_;
  uint64_t steps_remaining_;
  // Attribute expressions being evaluated (for loop detection): the first
  // kInlineInProgress in place, deeper ones in overflow_.
  static constexpr size_t kInlineInProgress = 16;
  InProgressEntry in_progress_[kInlineInProgress];
  size_t in_progress_count_ = 0;
  std::vector<InProgressEntry> overflow_;
  std::string limit_message_;
  // See UseLoadCache: the cache, and the scope it serves (the one the
  // context was made with).
  LoadCache* load_cache_ = nullptr;
  const Scope* home_scope_ = nullptr;
};

// Which ad of a match is LEFT in HTCondor's MatchClassAd (what LEFT,
// RIGHT, root, lCtx and the left*/right* match attributes name): the ad
// evaluated as MY, or the other. HTCondor's negotiator makes the job LEFT
// when it matches (IsAMatch(job, slot): the slot's Requirements too) and
// the ad it evaluates LEFT otherwise (a slot's Rank, the policy's ranks
// and PREEMPTION_REQUIREMENTS have the slot LEFT).
enum class MatchLeft { kMy, kTarget };

// Two ads evaluated against each other, as in matchmaking: within `my`,
// TARGET names `target` and vice versa. Both ads are borrowed and must
// outlive the context and any value it returns.
class MatchContext {
 public:
  MatchContext(const ClassAd* my, const ClassAd* target, MatchLeft left = MatchLeft::kMy);
  MatchContext(const MatchContext&) = delete;
  // Makes `target` (not null) the other ad, in place: contexts borrowing
  // the scopes see the new pair (for a job matched against slot after
  // slot). Not while an evaluation in these scopes is running.
  // Binds `my` over the first ad and `target` over the second (either may
  // be null for none; see overlay.h): lookups in the match see the bound
  // attributes exactly where HTCondor's inserted attributes would be. Both
  // are borrowed and must outlive their use. Not while an evaluation in
  // these scopes is running.
  void SetOverlays(const AttributeOverlay* my, const AttributeOverlay* target) {
    my_.overlay = my;
    target_.overlay = target;
  }
  void Retarget(const ClassAd* target) {
    target_.ad = target;
    my_.target = &target_;
    target_.target = &my_;
  }
  MatchContext& operator=(const MatchContext&) = delete;

  const Scope* my_scope() const { return &my_; }
  // Null when there is no target ad.
  const Scope* target_scope() const { return target_.ad ? &target_ : nullptr; }

 private:
  Scope my_;
  Scope target_;
};

// Evaluates `expr` with MY = `my` and TARGET = `target` (either may be null).
Value EvaluateExpr(const Expr& expr, const ClassAd* my, const ClassAd* target,
                   const EvalOptions& options = {});

// Evaluates attribute `name` of `my` (undefined when absent) with TARGET =
// `target`, which may be null.
Value EvaluateAttr(const ClassAd& my, std::string_view name, const ClassAd* target,
                   const EvalOptions& options = {});

// The string attribute `name` of `my` evaluates to, with no TARGET
// (HTCondor's ClassAd::LookupString): true with *out set when the value is a
// string; false (and *out untouched) for any other value or no attribute.
bool EvaluateAttrString(const ClassAd& my, std::string_view name, std::string* out,
                        const EvalOptions& options = {});
// The same for a number (HTCondor's LookupFloat, Value::IsNumber): true
// with *out set when the value is an integer, a real or a boolean (1 or
// 0); false otherwise.
bool EvaluateAttrNumber(const ClassAd& my, std::string_view name, double* out,
                        const EvalOptions& options = {});

// Evaluates `name` of `ad` against `other` and tells whether it is true.
// Helper for the match functions below.
bool AttrIsTrue(const ClassAd& ad, std::string_view name, const ClassAd* other,
                const EvalOptions& options);

// Whether a Requirements value counts as true: true, or a non-zero number.
bool IsTrueValue(const Value& v);
// A rank's value as a number, as HTCondor's EvalFloat reads it: an
// integer's or a real's value, a boolean's 1 or 0 (`Rank = TARGET.Owner ==
// "alice"` ranks alice's jobs 1); nullopt for anything else.
std::optional<double> RankNumber(const Value& v);
// A Rank value as a real: RankNumber, with 0.0 for anything not a number.
double RankValue(const Value& v);

// Requirements of `left` hold against `right` (HTCondor's leftMatchesRight).
bool LeftMatchesRight(const ClassAd& left, const ClassAd& right, const EvalOptions& options = {});
// Both ads' Requirements hold against each other.
bool SymmetricMatch(const ClassAd& left, const ClassAd& right, const EvalOptions& options = {});
// `ad`'s Rank against `other` as a real, 0.0 when it is not a number
// (HTCondor's convention for RANK).
double RankOf(const ClassAd& ad, const ClassAd& other, const EvalOptions& options = {});

}  // namespace classad

#endif  // CLASSAD_EVALUATOR_H_
