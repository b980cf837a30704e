// Program: the compiled form of an expression, a flat sequence of
// instructions for a small stack machine (the planner's output, run by
// EvalContext). The tree stays the expression of record; a program is a
// cache derived from it, built once per expression node on first evaluation
// and shared by every evaluation of that node.
#ifndef CLASSAD_PROGRAM_H_
#define CLASSAD_PROGRAM_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "classad/classad.h"
#include "classad/expr.h"
#include "classad/value.h"

namespace classad {

// What one instruction does. Operands are taken from and results pushed to
// the evaluation stack; `Instr::target` is a jump destination.
enum class OpCode : uint8_t {
  kConst,       // push constants[index]
  kLiteral,     // push the literal of `node` (a kLiteral Expr of the tree)
  kLoadName,    // push the value of the unqualified ordinary name `node`
  kLoadSelect,  // push `TARGET.x` / `MY.x` (`node` is the kSelect;
                // `target_base` tells which)
  kUnary,       // pop x, push op x
  kBinary,      // pop r, pop l, push l op r
  kBinaryConst, // pop l, push l op constants[index] (a constant right
                // operand, which is most comparisons)
  kLoadNameBinaryConst,    // kLoadName then kBinaryConst, in one step
  kLoadSelectBinaryConst,  // kLoadSelect then kBinaryConst, in one step
  kAndJump,     // && after its left operand: a false condition decides
                // (replace it by false, jump to target); a true one cannot,
                // so it is marked as dropped (a null entry) and the right
                // operand alone decides (kLogicalEnd); anything else stays
  kOrJump,      // the same for || (true decides, false is dropped)
  kLogicalEnd,  // the end of && / || (`op`): pop r; if the left operand was
                // dropped, replace it by r as a truth value (booleans,
                // undefined and error as they are, numbers non-zero, else
                // error); otherwise pop l, push l op r
  kCondJump,    // pop the condition of ?: / ifThenElse: undefined -> push
                // undefined and jump to `index`; not a condition -> push
                // error and jump to `index`; false -> jump to target
  kJump,        // jump to target
  kElvisJump,   // top is not undefined: jump to target; else pop it
  kCall,        // push the built-in call `node` (arguments evaluated by it)
  kTree,        // push `node` evaluated by the tree walker (what the planner
                // does not compile: lists, nested ads, subscripts, ...)
  kEnd,         // the end of the program (each has one, after code())
};

// Which ad a load looks in first: the current scope's own (an unqualified
// name, MY.x) or the match target (TARGET.x).
enum class LoadSide : uint8_t { kMine = 0, kTheirs = 1 };

// One instruction (24 bytes).
struct Instr {
  OpCode code;
  Op op = Op::kNone;      // kUnary, kBinary, kBinaryConst, kLogicalEnd and
                          // the fused loads
  bool target_base = false;  // kLoadSelect(BinaryConst): TARGET.x, not MY.x
  uint32_t target = 0;    // jump destination; for a load, its place in
                          // Program::reads() of its side
  uint32_t index = 0;     // kConst, k*BinaryConst: constant; kCondJump: the
                          // end of the ?:
  const Expr* node = nullptr;  // the tree node the instruction stands for
};

// A compiled expression. Immutable once built; safe to run from many
// threads at once. Borrows the tree it was compiled from (the nodes named by
// Instr::node): it must not outlive that tree, which is guaranteed when it is
// owned by the tree's root (see Expr::program()).
class Program {
 public:
  // Compiles `expr`: folds operators whose operands are constants, lowers
  // &&, ||, ?:, ?: (elvis) and ifThenElse to jumps, resolves TARGET.x and
  // MY.x to direct lookups, and leaves the rest to the tree walker. Never
  // fails: anything not compiled runs through kTree.
  static std::unique_ptr<Program> Compile(const Expr& expr);
  // Compiles `expr` for evaluation with `my` as the current (top-level)
  // ad and no other: an unqualified name that `my` holds as a literal value
  // becomes that constant (and folds with what it meets), which is what
  // the runner would have found there. For evaluating one ad's expression
  // against many others (a job against every slot). The program is valid
  // only while `my` lives unchanged, and only run in a scope whose ad is
  // `my` (EvalContext::EvaluateBound); it borrows `expr` as Compile does.
  static std::unique_ptr<Program> CompileBound(const Expr& expr, const ClassAd& my);

  // The instructions, without the closing kEnd.
  std::span<const Instr> code() const { return {code_.data(), size_}; }
  // The number of instructions, code().size().
  uint32_t size() const { return size_; }
  const Value& constant(uint32_t i) const { return constants_[i]; }
  // The loads that look first in `side`'s ad (kLoadName and MY.x: their
  // kAttribute and kSelect nodes; TARGET.x: their kSelect nodes), in the
  // order of their places (Instr::target), for LoadCache.
  const std::vector<const Expr*>& reads(LoadSide side) const {
    return reads_[static_cast<size_t>(side)];
  }
  // The deepest the evaluation stack gets while running the program.
  uint32_t max_stack() const { return max_stack_; }
  // A human-readable listing, one instruction a line (for tests and for
  // explaining what the planner made of an expression).
  std::string Disassemble() const;

 private:
  friend class Planner;
  // Compile and CompileBound (`my` null for Compile).
  static std::unique_ptr<Program> Build(const Expr& expr, const ClassAd* my);
  std::vector<Instr> code_;  // ends with kEnd
  uint32_t size_ = 0;        // without the kEnd
  std::vector<Value> constants_;
  std::vector<const Expr*> reads_[2];  // by LoadSide
  uint32_t max_stack_ = 0;
};

}  // namespace classad

#endif  // CLASSAD_PROGRAM_H_
