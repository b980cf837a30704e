// RunOnThreads: a loop over independent items spread over a few threads,
// as the negotiator's phases that need no order do (autoclusters, the
// match tables, the candidate lists).
#ifndef NEGOTIATOR_PARALLEL_H_
#define NEGOTIATOR_PARALLEL_H_

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace negotiator {

// Calls work(i) once for each i in [0, items), on up to `threads` threads
// (the caller's among them), each taking the next item when it is free;
// returns when all are done. `work` must be safe to call concurrently for
// different items.
template <typename Work>
void RunOnThreads(size_t items, int threads, const Work& work) {
  std::atomic<size_t> next{0};
  auto loop = [&] {
    for (size_t i = next++; i < items; i = next++) work(i);
  };
  const int count = std::max(1, std::min<int>(threads, static_cast<int>(items)));
  std::vector<std::thread> helpers;
  for (int t = 1; t < count; ++t) helpers.emplace_back(loop);
  loop();
  for (std::thread& t : helpers) t.join();
}

}  // namespace negotiator

#endif  // NEGOTIATOR_PARALLEL_H_
