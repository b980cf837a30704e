// Parse and evaluation speed of a typical job Requirements (issue: speed).
// Prints items per second; the reference figures are in docs/performance.md.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "classad/ad_io.h"
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

// Evaluates the job's Requirements with `slot` as TARGET, once per
// iteration, as a negotiator does for each pair.
void EvaluateRequirementsAgainst(benchmark::State& state, const ClassAd& slot) {
  auto job = JobAd();
  const ExprPtr requirements = job->LookupPtr("Requirements");
  EvalOptions options;
  MatchContext match(job.get(), &slot);
  for (auto _ : state) {
    EvalContext ctx(options, BorrowScope(match.my_scope()));
    Value v = ctx.Evaluate(*requirements);
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_EvaluateRequirements(benchmark::State& state) {
  EvaluateRequirementsAgainst(state, *SlotAd());
}
BENCHMARK(BM_EvaluateRequirements);

// The same, with a real slot ad of the reference pool as TARGET (about 150
// attributes): the first ad of $CLASSAD_BENCH_POOL/slots.ads, which
// scripts/run-bench.sh sets. Skipped when the variable is not set.
void BM_EvaluateRequirementsPoolSlot(benchmark::State& state) {
  const char* pool = std::getenv("CLASSAD_BENCH_POOL");
  if (pool == nullptr) {
    state.SkipWithError("CLASSAD_BENCH_POOL not set (scripts/run-bench.sh sets it)");
    return;
  }
  auto reader = AdReader::OpenFile(std::string(pool) + "/slots.ads", {});
  std::shared_ptr<ClassAd> slot;
  if (!reader.ok() || !(*reader)->Next(&slot)) {
    state.SkipWithError("cannot read a slot ad from CLASSAD_BENCH_POOL");
    return;
  }
  EvaluateRequirementsAgainst(state, *slot);
}
BENCHMARK(BM_EvaluateRequirementsPoolSlot);

}  // namespace
}  // namespace classad

BENCHMARK_MAIN();
