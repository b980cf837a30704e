// Parse and evaluation speed of a typical job Requirements (issue: speed).
// Prints items per second; the reference figures are in docs/performance.md.
#include <benchmark/benchmark.h>

#include <string>

#include "classad/evaluator.h"
#include "classad/parser.h"

namespace classad {
namespace {

constexpr char kRequirements[] =
    "(TARGET.Arch == \"X86_64\") && (TARGET.OpSys == \"LINUX\") && "
    "(TARGET.Memory >= RequestMemory) && (TARGET.Disk >= RequestDisk) && "
    "(TARGET.HasFileTransfer)";

std::shared_ptr<ClassAd> MustParseAd(const std::string& text) {
  Result<std::shared_ptr<ClassAd>> ad = ParseAd(text);
  if (!ad.ok()) std::abort();
  return *ad;
}

std::shared_ptr<ClassAd> JobAd() {
  return MustParseAd(std::string("[ Requirements = ") + kRequirements +
                     "; RequestMemory = 2048; RequestDisk = 1048576; RequestCpus = 1;"
                     "  Owner = \"alice\"; ClusterId = 17; ProcId = 3; JobUniverse = 5;"
                     "  Rank = TARGET.KFlops / 1000 ]");
}

std::shared_ptr<ClassAd> SlotAd() {
  return MustParseAd(
      "[ Arch = \"X86_64\"; OpSys = \"LINUX\"; Memory = 16384; Disk = 50000000; Cpus = 8;"
      "  HasFileTransfer = true; KFlops = 2500000; Mips = 25000; State = \"Unclaimed\";"
      "  Activity = \"Idle\"; LoadAvg = 0.25; KeyboardIdle = 1234; SlotID = 1;"
      "  Name = \"slot1@node01.example.org\"; Machine = \"node01.example.org\";"
      "  Start = true; Requirements = START && (TARGET.RequestCpus <= Cpus) ]");
}

void BM_ParseRequirements(benchmark::State& state) {
  for (auto _ : state) {
    Result<ExprPtr> e = ParseExpression(kRequirements);
    benchmark::DoNotOptimize(e);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ParseRequirements);

void BM_EvaluateRequirements(benchmark::State& state) {
  auto job = JobAd();
  auto slot = SlotAd();
  const ExprPtr requirements = job->LookupPtr("Requirements");
  EvalOptions options;
  MatchContext match(job.get(), slot.get());
  for (auto _ : state) {
    EvalContext ctx(options, BorrowScope(match.my_scope()));
    Value v = ctx.Evaluate(*requirements);
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EvaluateRequirements);

}  // namespace
}  // namespace classad

BENCHMARK_MAIN();
