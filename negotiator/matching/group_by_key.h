// GroupByKey: orders (key, value) pairs by key, keeping the pairs of one
// key in their order (a stable sort by key), by counting when the keys are
// few beside the pairs and by sorting otherwise, so that the work stays
// O(pairs + keys) or O(pairs log pairs), whichever is smaller. The
// matchmaker groups the closed claims of an order's split with it.
//
// Thread-compatible (a free function on the caller's data).
#ifndef NEGOTIATOR_MATCHING_GROUP_BY_KEY_H_
#define NEGOTIATOR_MATCHING_GROUP_BY_KEY_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace negotiator {

// Orders `*pairs` stably by their first member, every key below
// `key_count`. Counts when `key_count` is at most 8 × the pairs + 1024,
// else sorts.
inline void GroupByKey(std::vector<std::pair<uint32_t, uint32_t>>* pairs, size_t key_count) {
  if (key_count > 8 * pairs->size() + 1024) {
    std::stable_sort(pairs->begin(), pairs->end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    return;
  }
  std::vector<uint32_t> start(key_count + 1, 0);
  for (const auto& pair : *pairs) ++start[pair.first + 1];
  for (size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
  std::vector<std::pair<uint32_t, uint32_t>> grouped(pairs->size());
  for (const auto& pair : *pairs) grouped[start[pair.first]++] = pair;
  *pairs = std::move(grouped);
}

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_GROUP_BY_KEY_H_
