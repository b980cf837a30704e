// Running compiled programs (program.h): EvalContext's stack machine.
#include <new>
#include <vector>

#include "classad/builtins/builtins.h"
#include "classad/evaluator.h"
#include "classad/operators.h"

namespace classad {

namespace {

// Stack entries kept in the runner's frame; deeper programs use the heap.
constexpr uint32_t kInlineStack = 8;

// *out = l op r: the common cases inline (TryFastBinaryOp), the rest
// through the general dispatch. `out` may be `&l` or `&r`.
[[gnu::always_inline]] inline void BinaryOpInto(Op op, const Value& l, const Value& r, Value* out) {
  if (!TryFastBinaryOp(op, l, r, out)) *out = ApplyBinaryOp(op, l, r);
}

}  // namespace

// The loads are inline in the program loop (they run for most of its
// instructions); what they rarely need is out of line.

[[gnu::always_inline]] inline void EvalContext::LoadFound(const AttrRef& attribute,
                                                          const Scope* where, const Value** ref,
                                                          Value* owned) {
  if (attribute.is_literal()) {
    *ref = &attribute.literal();  // lives as long as the ad
    return;
  }
  LoadFoundExpr(attribute.expr(), where, owned);
  *ref = owned;
}

[[gnu::noinline]] void EvalContext::LoadFoundExpr(const Expr& expr, const Scope* where,
                                                  Value* owned) {
  if (where == scope_.get() && options_.compiled && expr.kind() != ExprKind::kLiteral) {
    // EvalAttributeExpr(expr, nullptr) below, without its general set-up,
    // for an expression of the current ad that is compiled.
    if (!EnterAttribute(InProgressEntry{where->ad, &expr})) {
      *owned = Value::Undefined();  // a loop
      return;
    }
    *owned = Run(expr.program(), /*cached=*/true);
    LeaveAttribute();
    return;
  }
  *owned = where == scope_.get()
               ? EvalAttributeExpr(expr, nullptr)
               : EvalAttributeExpr(expr, std::shared_ptr<const Scope>(scope_, where));
}

// The value `overlay` binds to the name of `node` (a kAttribute or kSelect),
// if any: pushed (a stored value in place, a computed one in *owned) and
// true; false when the overlay does not bind that name.
[[gnu::always_inline]] inline bool EvalContext::LoadOverlay(const AttributeOverlay& overlay,
                                                            const Expr& node, const Value** ref,
                                                            Value* owned) {
  const AttributeOverlay::Entry* entry = overlay.Find(node.name(), node.name_hash());
  if (entry == nullptr) return false;
  *ref = entry->Get(owned);
  return true;
}

[[gnu::always_inline]] inline void EvalContext::LoadName(const Expr& node,
                                                         const int32_t* positions, uint32_t place,
                                                         const Value** ref, Value* owned) {
  // The common case, decided without building a Found: a top-level ad (and
  // in compat mode its match target) looked up by the precomputed hash, or
  // at its known position. The general resolution (nested ads, climbing,
  // special names) below it gives the same answer for this case.
  const Scope* s = scope_.get();
  if (s->is_top_level()) {
    if (s->overlay != nullptr && LoadOverlay(*s->overlay, node, ref, owned)) return;
    AttrRef e;
    if (positions != nullptr) {
      const int32_t position = positions[place];
      if (position >= 0) e = s->ad->AtPosition(static_cast<size_t>(position));
    } else {
      e = s->ad->Find(node.name(), node.name_hash());
    }
    if (e) return LoadFound(e, s, ref, owned);
    const Scope* target = s->target;
    if (target == nullptr) {
      *owned = Value::Undefined();
      *ref = owned;
      return;
    }
    // Not a name of the match wrapper (the planner leaves those to the
    // tree walker): past MY, only TARGET may bind it.
    if (!compat()) {
      *owned = Value::Undefined();
      *ref = owned;
      return;
    }
    if (target->is_top_level()) {
      if (target->overlay != nullptr && LoadOverlay(*target->overlay, node, ref, owned)) return;
      const AttrRef t = target->ad->Find(node.name(), node.name_hash());
      if (t) return LoadFound(t, target, ref, owned);
      *owned = Value::Undefined();
      *ref = owned;
      return;
    }
  }
  *owned = EvalAttribute(node);
  *ref = owned;
}

[[gnu::always_inline]] inline void EvalContext::LoadSelect(const Expr& node, bool target_base,
                                                           const int32_t* positions, uint32_t place,
                                                           const Value** ref, Value* owned) {
  // `TARGET.x` and (compat) `MY.x` from a top-level ad that has no
  // attribute named like a special name: the base is the match target or
  // the ad itself, and x is looked up there alone (no TARGET fallback).
  // With positions, PositionsFor has checked the scope already.
  const Scope* s = scope_.get();
  if (positions != nullptr && (target_base || compat())) {
    const Scope* where = target_base ? s->target : s;
    if (where->overlay != nullptr && LoadOverlay(*where->overlay, node, ref, owned)) return;
    const int32_t position = positions[place];
    const AttrRef e =
        position >= 0 ? where->ad->AtPosition(static_cast<size_t>(position)) : AttrRef();
    if (e) return LoadFound(e, where, ref, owned);
    *owned = Value::Undefined();
    *ref = owned;
    return;
  }
  if (s->is_top_level() && !s->ad->has_special_names() && (target_base || compat())) {
    const Scope* where = target_base ? s->target : s;
    if (where == nullptr) {
      *owned = Value::Undefined();
      *ref = owned;
      return;
    }
    if (where->is_top_level()) {
      if (where->overlay != nullptr && LoadOverlay(*where->overlay, node, ref, owned)) return;
      const AttrRef e = where->ad->Find(node.name(), node.name_hash());
      if (e) return LoadFound(e, where, ref, owned);
      *owned = Value::Undefined();
      *ref = owned;
      return;
    }
  }
  *owned = EvalSelect(node);
  *ref = owned;
}

[[gnu::cold, gnu::noinline]] Value EvalContext::RunOverLimit() {
  NoteLimit(depth_remaining_ <= 0
                ? "evaluation nested too deeply (Limits::max_eval_depth)"
                : "evaluation exceeded its work budget (Limits::max_eval_steps)");
  if (depth_remaining_ > 0) steps_remaining_ = 0;
  return Value::Error();
}

[[gnu::always_inline]] inline EvalContext::LoadPositions EvalContext::PositionsFor(
    const Program& program) const {
  // Only in the scope the cache serves (top-level: see UseLoadCache), and
  // not when its ad has an attribute named like a special name (TARGET.x
  // and MY.x then need the general resolution; the cache says so for the
  // ad's own layout). LoadSelect relies on both.
  LoadPositions positions;
  const Scope* s = scope_.get();
  if (s != home_scope_) return positions;
  const AdLayout* my_layout = s->ad->layout();
  const bool reads_mine = !program.reads(LoadSide::kMine).empty() && my_layout != nullptr;
  if (reads_mine) {
    positions.mine = load_cache_->Positions(program, my_layout, LoadSide::kMine);
    if (positions.mine == nullptr) return positions;  // special names
  }
  if (!program.reads(LoadSide::kTheirs).empty()) {
    if (!reads_mine && s->ad->has_special_names()) return LoadPositions{};
    const Scope* target = s->target;
    if (target != nullptr && target->is_top_level()) {
      if (const AdLayout* layout = target->ad->layout()) {
        positions.theirs = load_cache_->Positions(program, layout, LoadSide::kTheirs);
      }
    }
  }
  return positions;
}

template <uint32_t kEntries>
[[gnu::always_inline]] inline Value EvalContext::RunOnStack(const Program& program,
                                                            const LoadPositions& positions) {
  // A constant number of entries: making and destroying them is a few
  // stores and tests, not a loop.
  const Value* refs[kEntries];
  Value owned[kEntries];
  return Execute(program, refs, owned, positions);
}

Value EvalContext::Run(const Program& program, bool cached) {
  const uint32_t size = program.size();
  // One depth unit per program run (the program itself does not recurse);
  // the work budget is charged the whole program up front.
  if (depth_remaining_ <= 0 || steps_remaining_ < size) [[unlikely]] return RunOverLimit();
  --depth_remaining_;
  steps_remaining_ -= size;
  const LoadPositions positions =
      cached && load_cache_ != nullptr ? PositionsFor(program) : LoadPositions{};
  const Instr& first = program.code()[0];
  if (size == 1 && (first.code == OpCode::kLoadName || first.code == OpCode::kLoadSelect)) {
    // A program that is one load (`Requirements = START`) needs no stack.
    Value result;
    const Value* ref;
    if (first.code == OpCode::kLoadName) {
      LoadName(*first.node, positions.mine, first.target, &ref, &result);
    } else {
      LoadSelect(*first.node, first.target_base, positions.For(first.target_base), first.target,
                 &ref, &result);
    }
    if (ref != &result) result = *ref;
    ++depth_remaining_;
    return result;
  }
  // The stack in this frame when it is small (almost always), else on the
  // heap.
  const uint32_t depth = program.max_stack();
  Value result = depth <= 2            ? RunOnStack<2>(program, positions)
                 : depth <= 4          ? RunOnStack<4>(program, positions)
                 : depth <= kInlineStack ? RunOnStack<kInlineStack>(program, positions)
                                         : RunOnHeap(program, positions);
  ++depth_remaining_;
  return result;
}

[[gnu::noinline]] Value EvalContext::RunOnHeap(const Program& program,
                                               const LoadPositions& positions) {
  std::vector<const Value*> refs(program.max_stack());
  std::vector<Value> owned(program.max_stack());
  return Execute(program, refs.data(), owned.data(), positions);
}

Value EvalContext::Execute(const Program& program, const Value** refs, Value* owned,
                           const LoadPositions& positions) {
  // The stack: refs[i] is entry i; it points either at a value that lives
  // longer than this run (a constant, a literal of the tree or of an ad) or
  // at owned[i].
  //
  // Threaded dispatch (GNU "labels as values", which g++ and clang have):
  // each instruction ends by jumping straight to the next one's code, and
  // the program's closing kEnd leaves the loop, so an instruction costs no
  // bounds check and no test for the end. The table is in OpCode order.
  // Locals with destructors live in blocks closed before that jump (clang
  // refuses an indirect goto out of their scope).
  static const void* const kDispatch[] = {
      &&op_const,  &&op_literal,    &&op_load_name, &&op_load_select, &&op_unary,
      &&op_binary, &&op_binary_const, &&op_load_name_binary_const,
      &&op_load_select_binary_const, &&op_and_or_jump, &&op_and_or_jump, &&op_logical_end,
      &&op_cond_jump, &&op_jump,   &&op_elvis_jump, &&op_call,       &&op_tree,
      &&op_end};
  static_assert(sizeof(kDispatch) / sizeof(kDispatch[0]) == static_cast<size_t>(OpCode::kEnd) + 1,
                "one entry per OpCode");
#define CLASSAD_NEXT()                                     \
  do {                                                     \
    in = next++;                                           \
    goto* kDispatch[static_cast<size_t>(in->code)];        \
  } while (0)

  const Instr* const code = program.code().data();
  uint32_t sp = 0;  // entries on the stack
  const Instr* next = code;
  const Instr* in;
  const Value* left;  // operands of binary_tail
  const Value* right;
  CLASSAD_NEXT();

op_const:
  refs[sp++] = &program.constant(in->index);
  CLASSAD_NEXT();
op_literal:
  refs[sp++] = &in->node->literal();
  CLASSAD_NEXT();
op_load_name:
op_load_name_binary_const:
  LoadName(*in->node, positions.mine, in->target, &refs[sp], &owned[sp]);
  ++sp;
  if (in->code == OpCode::kLoadNameBinaryConst) goto op_binary_const;
  CLASSAD_NEXT();
op_load_select:
op_load_select_binary_const:
  LoadSelect(*in->node, in->target_base, positions.For(in->target_base), in->target, &refs[sp],
             &owned[sp]);
  ++sp;
  if (in->code == OpCode::kLoadSelectBinaryConst) goto op_binary_const;
  CLASSAD_NEXT();
op_unary:
  {
    Value result = ApplyUnaryOp(in->op, *refs[sp - 1]);
    owned[sp - 1] = std::move(result);
    refs[sp - 1] = &owned[sp - 1];
  }
  CLASSAD_NEXT();
  // The binary operators share one copy of the operator code (binary_tail):
  // `left` and `right` are the operands, the result replaces the left one.
op_binary:
  --sp;
  left = refs[sp - 1];
  right = refs[sp];
  goto binary_tail;
op_binary_const:  // also the second half of the fused loads (same fields)
  left = refs[sp - 1];
  right = &program.constant(in->index);
binary_tail:
  BinaryOpInto(in->op, *left, *right, &owned[sp - 1]);
  refs[sp - 1] = &owned[sp - 1];
  CLASSAD_NEXT();
op_and_or_jump: {
  // The evaluator's short-circuit: a left operand that decides the
  // operator gives a boolean without the right operand; one that is a
  // condition but does not decide leaves the result to the right operand,
  // and is marked so (a null entry) for kLogicalEnd.
  const bool decides_to = in->code == OpCode::kOrJump;
  bool truth;
  if (ValueAsCondition(*refs[sp - 1], &truth)) {
    if (truth == decides_to) {
      owned[sp - 1] = Value::Boolean(decides_to);
      refs[sp - 1] = &owned[sp - 1];
      next = code + in->target;
    } else {
      refs[sp - 1] = nullptr;
    }
  }
  CLASSAD_NEXT();
}
op_logical_end:
  right = refs[sp - 1];
  --sp;
  left = refs[sp - 1];
  if (left != nullptr) goto binary_tail;  // the general && / ||
  // `true && r`, `false || r`: r as a truth value.
  if (right->IsBoolean() || right->IsExceptional()) {
    if (right == &owned[sp]) {
      owned[sp - 1] = std::move(owned[sp]);
      right = &owned[sp - 1];
    }
    refs[sp - 1] = right;
  } else {
    bool truth;
    owned[sp - 1] = ValueAsCondition(*right, &truth) ? Value::Boolean(truth) : Value::Error();
    refs[sp - 1] = &owned[sp - 1];
  }
  CLASSAD_NEXT();
op_cond_jump: {
  const Value& condition = *refs[--sp];
  bool truth;
  if (condition.IsUndefined()) {
    owned[sp] = Value::Undefined();
  } else if (!ValueAsCondition(condition, &truth)) {
    owned[sp] = Value::Error();
  } else {
    if (!truth) next = code + in->target;
    CLASSAD_NEXT();
  }
  refs[sp] = &owned[sp];
  ++sp;
  next = code + in->index;
  CLASSAD_NEXT();
}
op_jump:
  next = code + in->target;
  CLASSAD_NEXT();
op_elvis_jump:
  if (!refs[sp - 1]->IsUndefined()) {
    next = code + in->target;
  } else {
    --sp;
  }
  CLASSAD_NEXT();
op_call: {
  const Builtin* builtin = in->node->builtin();
  owned[sp] = MayCall(builtin->daemon_function) ? builtin->fn(*this, in->node->args())
                                                 : Value::Error();
}
  refs[sp] = &owned[sp];
  ++sp;
  CLASSAD_NEXT();
op_tree:
  owned[sp] = EvalTree(*in->node);
  refs[sp] = &owned[sp];
  ++sp;
  CLASSAD_NEXT();
op_end:
#undef CLASSAD_NEXT
  // A well-formed program leaves exactly one value.
  if (refs[0] == &owned[0]) return std::move(owned[0]);
  return *refs[0];
}

}  // namespace classad
