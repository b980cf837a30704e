// The planner and the compiled path: what programs look like, and that
// running them gives exactly what the tree walker gives.
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/program.h"
#include "classad/unparse.h"
#include "tests/test_ads.h"

namespace classad {
namespace {

ExprPtr MustParse(const std::string& text, bool compat = true) {
  ParseOptions options;
  options.compat = compat;
  Result<ExprPtr> e = ParseExpression(text, options);
  EXPECT_TRUE(e.ok()) << text << ": " << e.status().ToString();
  return e.ok() ? *e : Expr::Literal(Value::Error());
}

std::string Listing(const std::string& text) {
  ExprPtr e = MustParse(text);
  return e->kind() == ExprKind::kLiteral ? "literal\n" : e->program().Disassemble();
}

std::string Eval(const Expr& e, const ClassAd* my, const ClassAd* target, ScopingMode mode,
                 bool compiled) {
  EvalOptions options;
  options.mode = mode;
  options.compiled = compiled;
  options.now = [] { return int64_t{1700000000}; };
  return UnparseValue(EvaluateExpr(e, my, target, options));
}

TEST(ProgramTest, ReferenceRequirementsCompilesToDirectLoadsAndJumps) {
  EXPECT_EQ(Listing("(TARGET.Arch == \"X86_64\") && (TARGET.Memory >= RequestMemory)"),
            "0: select-binary-const TARGET.Arch == \"X86_64\"\n"
            "1: and-jump -> 6\n"
            "2: select TARGET.Memory\n"
            "3: load RequestMemory\n"
            "4: binary >=\n"
            "5: logical-end &&\n");
}

TEST(ProgramTest, AConstantRightOperandBecomesTheOperatorsOperand) {
  // A left operand that is one load makes one instruction with it.
  EXPECT_EQ(Listing("x + 1"), "0: load-binary-const x + 1\n");
  EXPECT_EQ(Listing("(x + y) + 1"), "0: load x\n1: load y\n2: binary +\n3: binary-const + 1\n");
  // Not for && and ||, whose right operand is jumped over.
  EXPECT_EQ(Listing("x && true"), "0: load x\n1: and-jump -> 4\n2: literal\n3: logical-end &&\n");
  // A jump that lands where the constant was pushed lands on the operator,
  // with the left operand on the stack as before.
  EXPECT_EQ(Listing("(a && b) == true"),
            "0: load a\n1: and-jump -> 4\n2: load b\n3: logical-end &&\n4: binary-const == true\n");
  EXPECT_EQ(Listing("(x ? 1 : y) * 2"),
            "0: load x\n1: cond-jump else -> 4, end 5\n2: literal\n3: jump -> 5\n4: load y\n"
            "5: binary-const * 2\n");
  auto my = TestAd("[a = false; b = true; x = undefined; y = 4]");
  for (const char* text : {"(a && b) == true", "(x ? 1 : y) * 2", "(b ? 1 : y) * 2",
                           "(x ?: y) - 1", "(a || b) =?= true", "x + 1"}) {
    ExprPtr e = MustParse(text);
    EXPECT_EQ(Eval(*e, my.get(), nullptr, ScopingMode::kCompat, true),
              Eval(*e, my.get(), nullptr, ScopingMode::kCompat, false))
        << text;
  }
  EXPECT_EQ(Eval(*MustParse("(a && b) == true"), my.get(), nullptr, ScopingMode::kCompat, true),
            "false");
  EXPECT_EQ(Eval(*MustParse("(x ? 1 : y) * 2"), my.get(), nullptr, ScopingMode::kCompat, true),
            "undefined");
  EXPECT_EQ(Eval(*MustParse("(a ? 1 : y) * 2"), my.get(), nullptr, ScopingMode::kCompat, true),
            "8");
}

TEST(ProgramTest, ConstantOperatorsAreFolded) {
  EXPECT_EQ(Listing("KeyboardIdle > 15 * 60"), "0: load-binary-const KeyboardIdle > 900\n");
  ExprPtr e = MustParse("15 * 60 + 1");
  ASSERT_EQ(e->program().code().size(), 1u);
  EXPECT_EQ(UnparseValue(e->program().constant(e->program().code()[0].index)), "901");
  // A constant left operand that decides && or || folds the whole operator.
  EXPECT_EQ(Listing("true || x"), "0: const true\n");
  EXPECT_EQ(Listing("false && x"), "0: const false\n");
  // One that does not decide keeps the right operand.
  EXPECT_EQ(Listing("true && x"), "0: literal\n1: and-jump -> 4\n2: load x\n3: logical-end &&\n");
  // Folding keeps the operators' rules: division by zero is error.
  ExprPtr div = MustParse("1 / 0");
  EXPECT_EQ(UnparseValue(div->program().constant(div->program().code()[0].index)), "error");
}

TEST(ProgramTest, IfThenElseAndConditionalBecomeJumps) {
  EXPECT_EQ(Listing("ifThenElse(x, 1, 2)"),
            "0: load x\n1: cond-jump else -> 4, end 5\n2: literal\n3: jump -> 5\n4: literal\n");
  EXPECT_EQ(Listing("x ? 1 : 2"), Listing("ifThenElse(x, 1, 2)"));
  // Other arities keep the built-in's own checks.
  EXPECT_EQ(Listing("ifThenElse(x, 1)"), "0: call ifThenElse\n");
  EXPECT_EQ(Listing("nosuchfunction(x)"), "0: const error\n");
}

TEST(ProgramTest, SpecialNamesAndNestedStructureGoToTheTreeWalker) {
  EXPECT_EQ(Listing("parent.x"), "0: tree\n");
  EXPECT_EQ(Listing("TARGET.parent"), "0: tree\n");
  EXPECT_EQ(Listing(".x"), "0: tree\n");
  EXPECT_EQ(Listing("{1, 2}[0]"), "0: tree\n");
  EXPECT_EQ(Listing("[a = 1].a"), "0: tree\n");
}

// Expressions and ads that exercise every instruction and every fallback.
const char* const kExpressions[] = {
    "(TARGET.Arch == \"X86_64\") && (TARGET.OpSys == \"LINUX\") && "
    "(TARGET.Memory >= RequestMemory) && (TARGET.Disk >= RequestDisk) && TARGET.HasFileTransfer",
    "Requirements", "Rank", "TARGET.Requirements", "TARGET.Rank", "MY.Requirements",
    "Memory", "TARGET.Memory", "MY.Memory", "MY.RequestMemory", "Missing", "TARGET.Missing",
    "LoopA", "LoopB", "SelfLoop", "TARGET.LoopA", "Indirect",
    "x && y", "x || y", "0 && Missing", "1 || Missing", "\"s\" && true", "undefined && false",
    "error || true", "Missing ? 1 : 2", "\"s\" ? 1 : 2", "0.0 ? 1 : 2", "1 ? Missing : 2",
    "Missing ?: 3", "4 ?: Missing", "Missing ? : Missing ?: 5", "error ?: 5",
    "ifThenElse(Missing, 1, 2)", "ifThenElse(\"x\", 1, 2)", "ifThenElse(2.5, TARGET.Memory, 2)",
    "ifThenElse(1, 2)", "-TARGET.Memory", "!x", "~RequestCpus", "+\"s\"",
    "Nested.a", "Nested.b", "Nested.c", "TARGET.TARGET.Owner", "MY.MY.Owner", "parent",
    "{TARGET.Memory, RequestMemory}[1]", "size({1, Missing, TARGET.Cpus})",
    "strcat(Owner, \"-\", TARGET.Name)", "[a = TARGET.Memory; b = a + 1].b",
    "CurrentTime > 0", "time() > 0", "unparse(Requirements)", "eval(\"1 + RequestCpus\")",
    "Owner =?= \"alice\"", "Owner =!= \"ALICE\"", "Owner == \"ALICE\"",
    "1 + 2 * 3 - RequestCpus / 2 % 3 << 1 >> 1 >>> 0 | 4 & 5 ^ 6",
    "((((((((((1 + RequestCpus) + 2) + 3) + 4) + 5) + 6) + 7) + 8) + 9) + 10)",
    "1 + (2 + (3 + (4 + (5 + (6 + (7 + (8 + (9 + (10 + RequestCpus)))))))))",
    "TARGET", "MY", "self.Owner", "root.Owner", "toplevel.Owner",
};

TEST(ProgramTest, CompiledPathGivesTheTreeWalkersValues) {
  auto job = TestAd(
      "[ Owner = \"alice\"; RequestMemory = 2048; RequestCpus = 4; RequestDisk = 100;"
      "  x = true; y = undefined;"
      "  Requirements = TARGET.Memory >= RequestMemory && Cpus >= RequestCpus;"
      "  Rank = Memory / 1024 + ifThenElse(TARGET.Cpus > 4, 10, 0);"
      "  Nested = [ a = RequestCpus; b = parent.Owner; c = TARGET.Memory ];"
      "  LoopA = LoopB + 1; LoopB = LoopA; SelfLoop = SelfLoop; Indirect = Rank * 2 ]");
  auto slot = TestAd(
      "[ Memory = 16384; Cpus = 8; Disk = 1000; Arch = \"X86_64\"; OpSys = \"LINUX\";"
      "  HasFileTransfer = true; Name = \"slot1\"; Requirements = TARGET.RequestMemory <= Memory;"
      "  Rank = TARGET.Owner == \"alice\"; LoopA = LoopA ]");
  auto odd = TestAd("[ TARGET = [ Memory = 5 ]; MY = 3; Memory = 1; parent = 2 ]");
  const std::vector<std::pair<const ClassAd*, const ClassAd*>> pairs = {
      {job.get(), slot.get()}, {slot.get(), job.get()}, {job.get(), nullptr},
      {nullptr, nullptr},      {odd.get(), job.get()},  {job.get(), odd.get()}};
  int compared = 0;
  for (ScopingMode mode : {ScopingMode::kCompat, ScopingMode::kStrict}) {
    for (const char* text : kExpressions) {
      ExprPtr e = MustParse(text, mode == ScopingMode::kCompat);
      for (const auto& [my, target] : pairs) {
        EXPECT_EQ(Eval(*e, my, target, mode, true), Eval(*e, my, target, mode, false))
            << text << " (mode " << static_cast<int>(mode) << ")";
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 700);
}

// && and || over every kind of operand on either side (each value through
// an attribute, so that nothing folds), chained and nested, as the tree
// walker gives them: the left operand that does not decide is dropped and
// the right one alone gives the result (kLogicalEnd).
TEST(ProgramTest, LogicalOperatorsGiveTheTreeWalkersValuesForEveryKindOfOperand) {
  auto ad = TestAd(
      "[ t = true; f = false; u = undefined; e = error; zero = 0; two = 2; half = 0.5;"
      "  nil = 0.0; s = \"x\"; l = { 1 }; n = [ a = 1 ] ]");
  const std::vector<std::string> operands = {"t", "f", "u", "e", "zero", "two", "half",
                                             "nil", "s", "l", "n", "missing"};
  int compared = 0;
  for (const std::string& a : operands) {
    for (const std::string& b : operands) {
      for (const char* op : {" && ", " || "}) {
        for (const std::string& text :
             {a + op + b, "(" + a + op + b + ")" + op + "t", "f ||" + a + op + b,
              "t && (" + a + op + b + ") && " + b, a + op + "(" + b + op + a + ")"}) {
          ExprPtr e = MustParse(text);
          EXPECT_EQ(Eval(*e, ad.get(), nullptr, ScopingMode::kCompat, true),
                    Eval(*e, ad.get(), nullptr, ScopingMode::kCompat, false))
              << text;
          ++compared;
        }
      }
    }
  }
  EXPECT_EQ(compared, 12 * 12 * 2 * 5);
}

TEST(ProgramTest, BoundProgramsTakeTheAdsLiteralsAsConstants) {
  auto job = TestAd("[ RequestDisk = 100; Owner = \"alice\"; Later = RequestDisk * 2 ]");
  ExprPtr e = MustParse("TARGET.Disk >= RequestDisk && Owner == \"alice\" && Later > 0");
  EXPECT_EQ(Program::CompileBound(*e, *job)->Disassemble(),
            "0: select-binary-const TARGET.Disk >= 100\n"
            "1: and-jump -> 4\n"
            "2: const true\n"  // Owner == "alice", folded
            "3: logical-end &&\n"
            "4: and-jump -> 7\n"
            "5: load-binary-const Later > 0\n"  // an expression: still loaded
            "6: logical-end &&\n");
}

// A program bound to MY gives what the expression gives in MY's scope,
// for every expression of the comparison above and both scoping modes.
TEST(ProgramTest, BoundProgramsGiveTheValuesOfTheExpression) {
  auto job = TestAd(
      "[ Owner = \"alice\"; RequestMemory = 2048; RequestCpus = 4; RequestDisk = 100;"
      "  x = true; y = undefined; Requirements = TARGET.Memory >= RequestMemory;"
      "  Rank = Memory / 1024; Nested = [ a = RequestCpus ]; LoopA = LoopB + 1; LoopB = LoopA ]");
  auto slot = TestAd("[ Memory = 16384; Cpus = 8; Owner = \"bob\"; Requirements = true ]");
  int compared = 0;
  for (ScopingMode mode : {ScopingMode::kCompat, ScopingMode::kStrict}) {
    EvalOptions options;
    options.mode = mode;
    options.now = [] { return int64_t{1700000000}; };
    for (const char* text : kExpressions) {
      ExprPtr e = MustParse(text, mode == ScopingMode::kCompat);
      if (e->kind() == ExprKind::kLiteral) continue;
      for (const ClassAd* target : {static_cast<const ClassAd*>(slot.get()),
                                    static_cast<const ClassAd*>(nullptr)}) {
        MatchContext match(job.get(), target);
        EvalContext plain(options, BorrowScope(match.my_scope()));
        EvalContext bound(options, BorrowScope(match.my_scope()));
        const std::unique_ptr<Program> program = Program::CompileBound(*e, *job);
        EXPECT_EQ(UnparseValue(bound.EvaluateBound(*program, *e)),
                  UnparseValue(plain.Evaluate(*e)))
            << text << " (mode " << static_cast<int>(mode) << ")";
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 200);
}

TEST(ProgramTest, DeepStacksSpillToTheHeap) {
  ExprPtr e = MustParse("1 + (2 + (3 + (4 + (5 + (6 + (7 + (8 + (9 + (10 + x)))))))))");
  EXPECT_GT(e->program().max_stack(), 8u);
  auto ad = TestAd("[ x = 1 ]");
  EXPECT_EQ(UnparseValue(EvaluateExpr(*e, ad.get(), nullptr)), "56");
}

TEST(ProgramTest, TheWorkBudgetCoversPrograms) {
  ExprPtr e = MustParse("x + x + x + x + x + x + x + x");
  auto ad = TestAd("[ x = 1 ]");
  EvalOptions options;
  options.limits.max_eval_steps = 5;  // the program has 15 instructions
  EXPECT_EQ(UnparseValue(EvaluateExpr(*e, ad.get(), nullptr, options)), "error");
  options.limits.max_eval_steps = 100;
  EXPECT_EQ(UnparseValue(EvaluateExpr(*e, ad.get(), nullptr, options)), "8");
}

TEST(ProgramTest, ConcurrentFirstUsesShareOneExpression) {
  auto job = TestAd("[ RequestMemory = 2048 ]");
  auto slot = TestAd("[ Memory = 4096 ]");
  for (int round = 0; round < 20; ++round) {
    ExprPtr e = MustParse("TARGET.Memory >= RequestMemory && TARGET.Memory < 8192");
    std::vector<std::thread> threads;
    std::vector<std::string> results(4);
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&, t] { results[t] = UnparseValue(EvaluateExpr(*e, job.get(), slot.get())); });
    }
    for (auto& thread : threads) thread.join();
    for (const std::string& r : results) EXPECT_EQ(r, "true");
  }
}

}  // namespace
}  // namespace classad
