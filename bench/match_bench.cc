// Matchmaking kernel: one job against every slot of a pool dump — both
// Requirements and the job's Rank, as the negotiator does for each job.
// Usage: match_bench POOL_DIR [slots [heap|arena|both [packed|unpacked]]]
// (POOL_DIR from gen_pool.py; both and packed by default)
// Prints the median (and best) time per job of MatchKernel::Match (with fetching
// ahead) and of a plain loop of MatchKernel::MatchOne (without), for the slot
// ads read as usual and read into an arena (AdReadOptions::use_arena), their
// passes alternating, and checks that all agree with SymmetricMatch and
// RankOf. "packed": before timing, the slot ads are packed (AttributePacker)
// with the names that the pool's jobs read from them, as a negotiator
// prepares a cycle's slots; the packing's cost is printed apart.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "classad/ad_io.h"
#include "classad/attribute_packer.h"
#include "classad/evaluator.h"
#include "classad/match.h"

namespace classad {
namespace {

// The median and the best of timings in milliseconds (sorts them).
struct Millis {
  double median;
  double best;
};
Millis MedianAndBest(std::vector<double>* millis) {
  std::sort(millis->begin(), millis->end());
  return {(*millis)[millis->size() / 2], millis->front()};
}

// The first `max_slots` slot ads of `dir`, stored as `options` says.
Result<std::vector<std::shared_ptr<ClassAd>>> ReadSlots(const std::string& dir, size_t max_slots,
                                                        const AdReadOptions& options) {
  auto reader = AdReader::OpenFile(dir + "/slots.ads", options);
  if (!reader.ok()) return reader.status();
  std::vector<std::shared_ptr<ClassAd>> slots;
  std::shared_ptr<ClassAd> ad;
  while (slots.size() < max_slots && (*reader)->Next(&ad)) slots.push_back(ad);
  if (!(*reader)->status().ok()) return (*reader)->status();
  return slots;
}

int Run(const std::string& dir, size_t max_slots, const std::string& which, bool packed) {
  std::shared_ptr<ClassAd> job;
  std::vector<std::shared_ptr<ClassAd>> jobs;
  {
    auto reader = AdReader::OpenFile(dir + "/jobs.ads", {});
    if (!reader.ok()) { std::fprintf(stderr, "%s\n", reader.status().ToString().c_str()); return 1; }
    std::shared_ptr<ClassAd> ad;
    while ((*reader)->Next(&ad)) jobs.push_back(ad);
    if (!(*reader)->status().ok()) {
      std::fprintf(stderr, "%s\n", (*reader)->status().ToString().c_str());
      return 1;
    }
  }
  // The first idle job, or else the first job (its Requirements and Rank
  // are what the kernel evaluates, whatever its state).
  for (const auto& ad : jobs) {
    const Value status = EvaluateAttr(*ad, "JobStatus", nullptr);
    if (status.IsInteger() && status.integer() == 1) {
      job = ad;
      break;
    }
  }
  if (!job && !jobs.empty()) job = jobs.front();
  if (!job) { std::fprintf(stderr, "no job in %s/jobs.ads\n", dir.c_str()); return 1; }

  EvalOptions options;
  MatchKernel kernel(job.get(), options);
  // The pool twice: every ad in its own heap blocks, and in an arena
  // (AdReadOptions::use_arena, as a negotiator reads a pool). Their passes
  // alternate, so that both see the machine in the same state (its speed
  // drifts from one second to the next).
  struct Copy {
    const char* name = "";
    std::vector<std::shared_ptr<ClassAd>> owned;
    std::vector<const ClassAd*> slots;
    std::vector<double> fetched_ms, plain_ms;
    std::vector<MatchResult> results;
    size_t matches = 0, plain_matches = 0;
  };
  std::vector<Copy> copies;
  for (const bool use_arena : {false, true}) {
    if (which != (use_arena ? "heap" : "arena")) copies.emplace_back();
  }
  for (Copy& copy : copies) {
    AdReadOptions read_options;
    read_options.use_arena = which == "arena" || &copy == &copies[1];
    copy.name = read_options.use_arena ? "ads in an arena" : "ads on the heap";
    auto owned = ReadSlots(dir, max_slots, read_options);
    if (!owned.ok()) {
      std::fprintf(stderr, "%s\n", owned.status().ToString().c_str());
      return 1;
    }
    copy.owned = std::move(*owned);
    for (const auto& ad : copy.owned) copy.slots.push_back(ad.get());
  }
  auto millis_since = [](std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  if (packed && !copies.empty()) {
    std::vector<const ClassAd*> job_ads;
    for (const auto& ad : jobs) job_ads.push_back(ad.get());
    const std::vector<std::string> names =
        NamesJobsReadFromSlots(job_ads, copies[0].slots, options);
    std::string listed;
    for (const std::string& name : names) listed += " " + name;
    std::printf("packing the slot ads with the %zu names the pool's jobs read:%s\n", names.size(),
                listed.c_str());
    for (Copy& copy : copies) {
      AttributePacker packer(names);
      const auto start = std::chrono::steady_clock::now();
      for (const auto& ad : copy.owned) packer.Pack(ad.get());
      std::printf("packed %zu slot ads (%s) in %.2f ms, %zu layouts\n", copy.owned.size(),
                  copy.name, millis_since(start), packer.layouts());
    }
  }
  constexpr int kRounds = 21;
  for (int round = 0; round < kRounds; ++round) {
    for (Copy& copy : copies) {
      auto start = std::chrono::steady_clock::now();
      kernel.Match(copy.slots, &copy.results);
      copy.fetched_ms.push_back(millis_since(start));
      copy.matches = static_cast<size_t>(std::count_if(
          copy.results.begin(), copy.results.end(), [](const MatchResult& r) { return r.matched; }));
    }
    for (Copy& copy : copies) {
      auto start = std::chrono::steady_clock::now();
      size_t n = 0;
      for (const ClassAd* slot : copy.slots) n += kernel.MatchOne(*slot).matched;
      copy.plain_ms.push_back(millis_since(start));
      copy.plain_matches = n;
    }
  }

  int status = 0;
  for (Copy& copy : copies) {
    // The kernel must say what the library's own functions say.
    size_t disagreements = 0;
    for (size_t i = 0; i < copy.slots.size(); ++i) {
      const bool matched = SymmetricMatch(*job, *copy.slots[i], options);
      const double rank = matched ? RankOf(*job, *copy.slots[i], options) : 0.0;
      if (matched != copy.results[i].matched || rank != copy.results[i].rank) ++disagreements;
    }
    const Millis fetched = MedianAndBest(&copy.fetched_ms);
    const Millis plain = MedianAndBest(&copy.plain_ms);
    std::printf("match kernel, %s: %zu slots, %zu matched; median %.2f ms per job with fetching "
                "ahead (best %.2f), %.2f ms without (best %.2f); target <= 5 ms for 20000 slots; "
                "%zu disagreements with SymmetricMatch/RankOf\n",
                copy.name, copy.slots.size(), copy.matches, fetched.median, fetched.best,
                plain.median, plain.best, disagreements);
    if (disagreements != 0 || copy.matches != copy.plain_matches) status = 1;
  }
  return status;
}

}  // namespace
}  // namespace classad

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s POOL_DIR [max_slots [heap|arena|both [packed|unpacked]]]\n",
                 argv[0]);
    return 2;
  }
  const std::string which = argc > 3 ? argv[3] : "both";
  if (which != "heap" && which != "arena" && which != "both") {
    std::fprintf(stderr, "%s: the copies to time are heap, arena or both, not '%s'\n", argv[0],
                 which.c_str());
    return 2;
  }
  const std::string packing = argc > 4 ? argv[4] : "packed";
  if (packing != "packed" && packing != "unpacked") {
    std::fprintf(stderr, "%s: the slot ads are packed or unpacked, not '%s'\n", argv[0],
                 packing.c_str());
    return 2;
  }
  return classad::Run(argv[1], argc > 2 ? std::stoul(argv[2]) : 20000, which,
                      packing == "packed");
}
