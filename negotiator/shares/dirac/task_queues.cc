// Task queues and job weights (task_queues.h).
#include "negotiator/shares/dirac/task_queues.h"

#include <algorithm>
#include <array>

namespace negotiator::dirac {
namespace {

constexpr std::array<int64_t, 13> kDefaultSegments = {
    6 * 60,     30 * 60,    3600,       6 * 3600,   12 * 3600,  86400,  2 * 86400,
    3 * 86400,  4 * 86400,  6 * 86400,  8 * 86400,  10 * 86400, 1080000 /* 12.5 days */};

// Appends `values` as a set (sorted, without repeats), each value's length
// first so that no separator inside a value can make two sets look alike.
void AppendSet(const std::vector<std::string>& values, std::string* key) {
  std::vector<std::string> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  *key += std::to_string(sorted.size()) + "[";
  for (const std::string& value : sorted) *key += std::to_string(value.size()) + ":" + value;
  *key += "]";
}

}  // namespace

double JobPriorityWeight(int64_t priority) {
  if (priority <= 0) return kLowestJobWeight;
  if (priority >= 10) return kHighestJobWeight;
  return static_cast<double>(priority);
}

std::span<const int64_t> DefaultCpuTimeSegments() { return kDefaultSegments; }

int64_t FitCpuTimeToSegment(int64_t cpu_time, std::span<const int64_t> segments) {
  bool increasing = !segments.empty();
  for (size_t i = 0; increasing && i < segments.size(); ++i) {
    increasing = segments[i] > (i == 0 ? 0 : segments[i - 1]);
  }
  if (!increasing) segments = kDefaultSegments;
  for (int64_t segment : segments) {
    if (cpu_time <= segment) return segment;
  }
  return segments.back();
}

std::string MergeKey(const TaskQueue& task_queue) {
  std::string key = std::to_string(task_queue.owner.size()) + ":" + task_queue.owner + "|" +
                    std::to_string(task_queue.group.size()) + ":" + task_queue.group + "|" +
                    std::to_string(task_queue.cpu_time) + "|";
  AppendSet(task_queue.grid_ces, &key);
  AppendSet(task_queue.platforms, &key);
  AppendSet(task_queue.job_types, &key);
  AppendSet(task_queue.tags, &key);
  return key;
}

std::string TaskQueueKey(const TaskQueue& task_queue) {
  std::string key = MergeKey(task_queue);
  AppendSet(task_queue.sites, &key);
  AppendSet(task_queue.banned_sites, &key);
  return key;
}

}  // namespace negotiator::dirac
