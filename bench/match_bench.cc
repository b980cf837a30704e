// Matchmaking kernel: one job against every slot of a pool dump — both
// Requirements and the job's Rank, as the negotiator does for each job.
// Usage: match_bench POOL_DIR [slots]   (POOL_DIR from gen_pool.py)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "classad/ad_io.h"
#include "classad/evaluator.h"

namespace classad {
namespace {

int Run(const std::string& dir, size_t max_slots) {
  std::vector<std::shared_ptr<ClassAd>> slots;
  {
    auto reader = AdReader::OpenFile(dir + "/slots.ads", {});
    if (!reader.ok()) { std::fprintf(stderr, "%s\n", reader.status().ToString().c_str()); return 1; }
    std::shared_ptr<ClassAd> ad;
    while (slots.size() < max_slots && (*reader)->Next(&ad)) slots.push_back(ad);
    if (!(*reader)->status().ok()) {
      std::fprintf(stderr, "%s\n", (*reader)->status().ToString().c_str());
      return 1;
    }
  }
  std::shared_ptr<ClassAd> job;
  {
    auto reader = AdReader::OpenFile(dir + "/jobs.ads", {});
    if (!reader.ok()) { std::fprintf(stderr, "%s\n", reader.status().ToString().c_str()); return 1; }
    // The first idle job, or else the first job (its Requirements and Rank
    // are what the kernel evaluates, whatever its state).
    std::shared_ptr<ClassAd> ad;
    while ((*reader)->Next(&ad)) {
      if (!job) job = ad;
      Value status = EvaluateAttr(*ad, "JobStatus", nullptr);
      if (status.IsInteger() && status.integer() == 1) {
        job = ad;
        break;
      }
    }
  }
  if (!job) { std::fprintf(stderr, "no job in %s/jobs.ads\n", dir.c_str()); return 1; }

  const AttrRef job_req = job->Find("Requirements");
  const AttrRef job_rank = job->Find("Rank");
  EvalOptions options;
  std::vector<double> millis;
  size_t matches = 0;
  for (int round = 0; round < 7; ++round) {
    matches = 0;
    auto start = std::chrono::steady_clock::now();
    for (const auto& slot : slots) {
      MatchContext match(job.get(), slot.get());
      EvalContext job_ctx(options, BorrowScope(match.my_scope()));
      Value ok = job_req ? job_ctx.Evaluate(job_req) : Value::Boolean(true);
      if (!ok.IsBoolean() || !ok.boolean()) continue;
      const AttrRef slot_req = slot->Find("Requirements");
      EvalContext slot_ctx(options, BorrowScope(match.target_scope()));
      Value ok2 = slot_req ? slot_ctx.Evaluate(slot_req) : Value::Boolean(true);
      if (!ok2.IsBoolean() || !ok2.boolean()) continue;
      if (job_rank) {
        EvalContext rank_ctx(options, BorrowScope(match.my_scope()));
        Value rank = rank_ctx.Evaluate(job_rank);
        (void)rank;
      }
      ++matches;
    }
    millis.push_back(std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - start).count());
  }
  std::sort(millis.begin(), millis.end());
  std::printf("match kernel: %zu slots, %zu matched; median %.2f ms per job (min %.2f, max %.2f); "
              "target <= 5 ms for 20000 slots\n",
              slots.size(), matches, millis[millis.size() / 2], millis.front(), millis.back());
  return 0;
}

}  // namespace
}  // namespace classad

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s POOL_DIR [max_slots]\n", argv[0]);
    return 2;
  }
  return classad::Run(argv[1], argc > 2 ? std::stoul(argv[2]) : 20000);
}
