// The planner: compiles an expression tree into a Program (program.h).
#include <algorithm>
#include <cassert>
#include <cstdio>
#include <optional>

#include "classad/builtins/builtins.h"
#include "classad/operators.h"
#include "classad/program.h"
#include "classad/scope.h"
#include "classad/unparse.h"

namespace classad {

// Builds one program; a new Planner per compilation.
class Planner {
 public:
  // `bound_my`, when not null, is the ad the program will run in (see
  // Program::CompileBound).
  Planner(Program* out, const ClassAd* bound_my) : out_(out), bound_my_(bound_my) {}

  // Emits code that leaves the value of `e` on the stack.
  void Emit(const Expr& e);

 private:
  // Skips parentheses, which only matter to the unparser.
  static const Expr& Unwrap(const Expr& e) {
    const Expr* p = &e;
    while (p->kind() == ExprKind::kParens) p = &p->child(0);
    return *p;
  }
  uint32_t Here() const { return static_cast<uint32_t>(out_->code_.size()); }
  // Appends an instruction; `pushes` is its net effect on the stack depth.
  uint32_t Add(Instr instr, int pushes) {
    out_->code_.push_back(instr);
    depth_ += pushes;
    out_->max_stack_ = std::max<uint32_t>(out_->max_stack_, static_cast<uint32_t>(depth_));
    return Here() - 1;
  }
  // Whether the code from `start` to the end is a single constant push, and
  // if so its value.
  const Value* ConstantSince(uint32_t start) const {
    if (Here() != start + 1) return nullptr;
    const Instr& i = out_->code_[start];
    if (i.code == OpCode::kConst) return &out_->constants_[i.index];
    if (i.code == OpCode::kLiteral) return &i.node->literal();
    return nullptr;
  }
  // Removes the last instruction, a constant push (see ConstantSince), and
  // returns the index of its value in the constant table.
  uint32_t TakeConstantPush() {
    const Instr push = out_->code_.back();
    out_->code_.pop_back();
    --depth_;
    if (push.code == OpCode::kConst) return push.index;
    out_->constants_.push_back(push.node->literal());
    return static_cast<uint32_t>(out_->constants_.size() - 1);
  }
  // Replaces the code from `start` on by a push of `value`.
  void ReplaceWithConstant(uint32_t start, Value value, int depth_before) {
    out_->code_.resize(start);
    depth_ = depth_before;
    EmitConstant(std::move(value));
  }
  void EmitConstant(Value value) {
    out_->constants_.push_back(std::move(value));
    Instr i{OpCode::kConst};
    i.index = static_cast<uint32_t>(out_->constants_.size() - 1);
    Add(i, +1);
  }
  void EmitNode(OpCode code, const Expr& node) {
    Instr i{code};
    i.node = &node;
    Add(i, +1);
  }
  void EmitUnary(const Expr& e);
  void EmitBinary(const Expr& e);
  void EmitConditional(const Expr& cond, const Expr& if_true, const Expr& if_false);
  void EmitElvis(const Expr& e);
  void EmitSelect(const Expr& e);
  // Gives the load just emitted (for `node`) its place in the program's
  // reads of `side`.
  void AddRead(LoadSide side, const Expr* node);
  void EmitCall(const Expr& e);

  Program* out_;
  const ClassAd* bound_my_;
  int depth_ = 0;
};

void Planner::Emit(const Expr& outer) {
  const Expr& e = Unwrap(outer);
  switch (e.kind()) {
    case ExprKind::kLiteral:
      EmitNode(OpCode::kLiteral, e);
      return;
    case ExprKind::kAttribute: {
      // Special names (TARGET, MY, parent, ...), `.name` and the names of
      // HTCondor's match wrapper (reached before the TARGET fallback, which
      // kLoadName goes to directly) keep their general resolution in the
      // tree walker.
      const bool ordinary = !e.absolute() && e.name_class() == NameClass::kOrdinary &&
                            !IsMatchWrapperName(e.name());
      if (ordinary && bound_my_ != nullptr) {
        // What kLoadName finds first, in the ad itself, known now.
        const AttrRef found = bound_my_->Find(e.name(), e.name_hash());
        if (found && found.is_literal()) {
          EmitConstant(found.literal());
          return;
        }
      }
      EmitNode(ordinary ? OpCode::kLoadName : OpCode::kTree, e);
      if (ordinary) AddRead(LoadSide::kMine, &e);
      return;
    }
    case ExprKind::kSelect:
      EmitSelect(e);
      return;
    case ExprKind::kUnary:
      EmitUnary(e);
      return;
    case ExprKind::kBinary:
      EmitBinary(e);
      return;
    case ExprKind::kConditional:
      EmitConditional(e.child(0), e.child(1), e.child(2));
      return;
    case ExprKind::kElvis:
      EmitElvis(e);
      return;
    case ExprKind::kCall:
      EmitCall(e);
      return;
    case ExprKind::kParens:  // unwrapped above
    case ExprKind::kSubscript:
    case ExprKind::kList:
    case ExprKind::kAd:
      EmitNode(OpCode::kTree, e);
      return;
  }
}

void Planner::EmitUnary(const Expr& e) {
  const int depth_before = depth_;
  const uint32_t start = Here();
  Emit(e.child(0));
  if (const Value* operand = ConstantSince(start)) {
    ReplaceWithConstant(start, ApplyUnaryOp(e.op(), *operand), depth_before);
    return;
  }
  Instr i{OpCode::kUnary};
  i.op = e.op();
  i.node = &e;
  Add(i, 0);
}

void Planner::EmitBinary(const Expr& e) {
  const int depth_before = depth_;
  const uint32_t start = Here();
  const bool logical = e.op() == Op::kAnd || e.op() == Op::kOr;
  Emit(e.child(0));
  // A copy: emitting the right operand may move the constant table.
  std::optional<Value> left;
  if (const Value* v = ConstantSince(start)) left = *v;
  if (logical && left) {
    // A constant left operand that decides the result folds the whole
    // operator, as the evaluator's short-circuit would.
    bool truth;
    if (ValueAsCondition(*left, &truth) && truth == (e.op() == Op::kOr)) {
      ReplaceWithConstant(start, Value::Boolean(truth), depth_before);
      return;
    }
  }
  uint32_t jump = 0;
  if (logical) {
    Instr i{e.op() == Op::kAnd ? OpCode::kAndJump : OpCode::kOrJump};
    i.node = &e;
    jump = Add(i, 0);
  }
  const uint32_t right_start = Here();
  Emit(e.child(1));
  const Value* right = ConstantSince(right_start);
  if (left && right) {
    ReplaceWithConstant(start, ApplyBinaryOp(e.op(), *left, *right), depth_before);
    return;
  }
  Instr i{logical ? OpCode::kLogicalEnd : OpCode::kBinary};
  i.op = e.op();
  i.node = &e;
  if (right != nullptr && !logical) {
    // `x op constant`: the constant becomes the instruction's operand.
    // (Any jump to the push it replaces lands on this instruction, with the
    // left operand on the stack as before.)
    i.code = OpCode::kBinaryConst;
    i.index = TakeConstantPush();
    Instr& left_code = out_->code_.back();
    if (Here() == start + 1 &&
        (left_code.code == OpCode::kLoadName || left_code.code == OpCode::kLoadSelect)) {
      // The left operand is one load (nothing jumps into the middle): the
      // load and the operator become one instruction.
      left_code.code = left_code.code == OpCode::kLoadName ? OpCode::kLoadNameBinaryConst
                                                           : OpCode::kLoadSelectBinaryConst;
      left_code.op = i.op;
      left_code.index = i.index;
      return;
    }
    Add(i, 0);
    return;
  }
  Add(i, -1);
  if (logical) out_->code_[jump].target = Here();
}

void Planner::EmitConditional(const Expr& cond, const Expr& if_true, const Expr& if_false) {
  const int depth_before = depth_;
  Emit(cond);
  Instr test{OpCode::kCondJump};
  const uint32_t test_at = Add(test, -1);
  Emit(if_true);
  const uint32_t skip_else = Add(Instr{OpCode::kJump}, 0);
  out_->code_[test_at].target = Here();
  depth_ = depth_before;
  Emit(if_false);
  out_->code_[skip_else].target = Here();
  out_->code_[test_at].index = Here();
}

void Planner::EmitElvis(const Expr& e) {
  Emit(e.child(0));
  const uint32_t test_at = Add(Instr{OpCode::kElvisJump}, -1);
  Emit(e.child(1));
  out_->code_[test_at].target = Here();
}

void Planner::EmitSelect(const Expr& e) {
  const Expr& base = Unwrap(e.child(0));
  const bool direct = &base == &e.child(0) && base.kind() == ExprKind::kAttribute &&
                      !base.absolute() &&
                      (base.name_class() == NameClass::kTarget ||
                       base.name_class() == NameClass::kMy) &&
                      e.name_class() == NameClass::kOrdinary && !IsMatchWrapperName(e.name());
  EmitNode(direct ? OpCode::kLoadSelect : OpCode::kTree, e);
  if (direct) {
    const bool target = base.name_class() == NameClass::kTarget;
    out_->code_.back().target_base = target;
    AddRead(target ? LoadSide::kTheirs : LoadSide::kMine, &e);
  }
}

void Planner::AddRead(LoadSide side, const Expr* node) {
  std::vector<const Expr*>& reads = out_->reads_[static_cast<size_t>(side)];
  out_->code_.back().target = static_cast<uint32_t>(reads.size());
  reads.push_back(node);
}

void Planner::EmitCall(const Expr& e) {
  const Builtin* builtin = e.builtin();
  if (builtin == nullptr) {
    EmitConstant(Value::Error());  // an unknown function, whatever its arguments
    return;
  }
  if (builtin->lowering == BuiltinLowering::kConditional && e.children().size() == 3) {
    EmitConditional(e.child(0), e.child(1), e.child(2));
    return;
  }
  EmitNode(OpCode::kCall, e);
}

std::unique_ptr<Program> Program::Compile(const Expr& expr) { return Build(expr, nullptr); }

std::unique_ptr<Program> Program::CompileBound(const Expr& expr, const ClassAd& my) {
  return Build(expr, &my);
}

std::unique_ptr<Program> Program::Build(const Expr& expr, const ClassAd* my) {
  auto program = std::make_unique<Program>();
  Planner planner(program.get(), my);
  planner.Emit(expr);
  program->size_ = static_cast<uint32_t>(program->code_.size());
  program->code_.push_back(Instr{OpCode::kEnd});  // where every jump past the end lands
  program->code_.shrink_to_fit();
  program->constants_.shrink_to_fit();
  for (auto& reads : program->reads_) reads.shrink_to_fit();
  return program;
}

namespace {

const char* OpCodeName(OpCode code) {
  switch (code) {
    case OpCode::kConst: return "const";
    case OpCode::kLiteral: return "literal";
    case OpCode::kLoadName: return "load";
    case OpCode::kLoadSelect: return "select";
    case OpCode::kUnary: return "unary";
    case OpCode::kBinary: return "binary";
    case OpCode::kBinaryConst: return "binary-const";
    case OpCode::kLoadNameBinaryConst: return "load-binary-const";
    case OpCode::kLoadSelectBinaryConst: return "select-binary-const";
    case OpCode::kAndJump: return "and-jump";
    case OpCode::kOrJump: return "or-jump";
    case OpCode::kLogicalEnd: return "logical-end";
    case OpCode::kCondJump: return "cond-jump";
    case OpCode::kJump: return "jump";
    case OpCode::kElvisJump: return "elvis-jump";
    case OpCode::kCall: return "call";
    case OpCode::kTree: return "tree";
    case OpCode::kEnd: return "end";
  }
  return "?";
}

}  // namespace

std::string Program::Disassemble() const {
  std::string out;
  char line[64];
  for (size_t pc = 0; pc < code().size(); ++pc) {
    const Instr& i = code_[pc];
    std::snprintf(line, sizeof line, "%zu: %s", pc, OpCodeName(i.code));
    out += line;
    switch (i.code) {
      case OpCode::kUnary:
      case OpCode::kBinary:
      case OpCode::kLogicalEnd:
        out += ' ';
        out += OpSpelling(i.op);
        break;
      case OpCode::kBinaryConst:
        out += ' ';
        out += OpSpelling(i.op);
        out += ' ';
        out += UnparseValue(constants_[i.index]);
        break;
      case OpCode::kConst:
        out += ' ';
        out += UnparseValue(constants_[i.index]);
        break;
      case OpCode::kLoadName:
      case OpCode::kCall:
        out += ' ';
        out += i.node->name();
        break;
      case OpCode::kLoadSelect:
        out += ' ';
        out += i.node->child(0).name() + "." + i.node->name();
        break;
      case OpCode::kLoadNameBinaryConst:
      case OpCode::kLoadSelectBinaryConst:
        out += ' ';
        if (i.code == OpCode::kLoadSelectBinaryConst) out += i.node->child(0).name() + ".";
        out += i.node->name();
        out += ' ';
        out += OpSpelling(i.op);
        out += ' ';
        out += UnparseValue(constants_[i.index]);
        break;
      case OpCode::kAndJump:
      case OpCode::kOrJump:
      case OpCode::kJump:
      case OpCode::kElvisJump:
        out += " -> " + std::to_string(i.target);
        break;
      case OpCode::kCondJump:
        out += " else -> " + std::to_string(i.target) + ", end " + std::to_string(i.index);
        break;
      default:
        break;
    }
    out += '\n';
  }
  return out;
}

}  // namespace classad
