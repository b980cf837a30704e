// The pilot's choices, expected and drawn (pilot_matcher.h).
#include "negotiator/shares/dirac/pilot_matcher.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <utility>
#include <vector>

namespace negotiator::dirac {
namespace {

// Gauss–Legendre nodes and weights on [-1, 1] for `m` points: the roots of
// the Legendre polynomial P_m found by Newton's method from the usual
// cosine guesses, the weights from P_m'.
struct Quadrature {
  std::vector<double> nodes;
  std::vector<double> weights;
};

// P_m(x) and P_{m-1}(x) (m >= 1) by the three-term recurrence.
std::pair<double, double> Legendre(size_t m, double x) {
  double p0 = 1;
  double p1 = x;
  for (size_t k = 2; k <= m; ++k) {
    const double kd = static_cast<double>(k);
    const double p2 = ((2 * kd - 1) * x * p1 - (kd - 1) * p0) / kd;
    p0 = p1;
    p1 = p2;
  }
  return {p1, p0};
}

Quadrature GaussLegendre(size_t m) {
  Quadrature q;
  q.nodes.resize(m);
  q.weights.resize(m);
  const double md = static_cast<double>(m);
  for (size_t i = 0; i < (m + 1) / 2; ++i) {
    double x = std::cos(std::numbers::pi * (static_cast<double>(i) + 0.75) / (md + 0.5));
    double derivative = 1;
    for (int iteration = 0; iteration < 100; ++iteration) {
      const auto [pm, pm1] = Legendre(m, x);
      derivative = md * (x * pm - pm1) / (x * x - 1);
      const double step = pm / derivative;
      x -= step;
      if (std::abs(step) < 1e-16) break;
    }
    // Recompute the derivative at the converged node.
    const auto [pm, pm1] = Legendre(m, x);
    derivative = m == 1 ? 1 : md * (x * pm - pm1) / (x * x - 1);
    const double weight = 2 / ((1 - x * x) * derivative * derivative);
    q.nodes[i] = -x;
    q.nodes[m - 1 - i] = x;
    q.weights[i] = weight;
    q.weights[m - 1 - i] = weight;
  }
  return q;
}

}  // namespace

std::vector<double> FirstChoiceProbabilities(std::span<const double> priorities) {
  const size_t n = priorities.size();
  std::vector<double> probability(n, 0.0);
  if (n == 0) return probability;
  if (n == 1) {
    probability[0] = 1;
    return probability;
  }
  // Every key RAND() / Pⱼ is at most 1/Pⱼ, so the first is at most
  // 1/P_max: beyond, the integrand of every queue is 0 (its own density
  // ends, or the term of the highest queue is). On [0, 1/P_max] every
  // term 1 − Pⱼ·x is non-negative and the integrand is a polynomial of
  // degree n − 1: n/2 + 1 Gauss–Legendre points integrate it exactly.
  const double end = 1 / *std::max_element(priorities.begin(), priorities.end());
  const size_t points = n / 2 + 1;
  const Quadrature rule = GaussLegendre(points);
  const double half = end / 2;
  std::vector<double> terms(n);
  std::vector<double> prefix(n + 1);
  std::vector<double> suffix(n + 1);
  for (size_t p = 0; p < points; ++p) {
    const double x = half + half * rule.nodes[p];
    for (size_t j = 0; j < n; ++j) terms[j] = std::max(0.0, 1 - priorities[j] * x);
    prefix[0] = 1;
    for (size_t j = 0; j < n; ++j) prefix[j + 1] = prefix[j] * terms[j];
    suffix[n] = 1;
    for (size_t j = n; j > 0; --j) suffix[j - 1] = suffix[j] * terms[j - 1];
    for (size_t i = 0; i < n; ++i) {
      probability[i] += rule.weights[p] * half * priorities[i] * prefix[i] * suffix[i + 1];
    }
  }
  return probability;
}

double PilotDraws::Rand() {
  return static_cast<double>(generator_() >> 11) * 0x1.0p-53;
}

uint64_t PilotDraws::Below(uint64_t n) {
  // Rejection: accept draws below the largest multiple of n.
  const uint64_t limit = std::numeric_limits<uint64_t>::max() -
                         std::numeric_limits<uint64_t>::max() % n;
  uint64_t draw = generator_();
  while (draw >= limit) draw = generator_();
  return draw % n;
}

std::vector<size_t> PilotDraws::TaskQueueOrder(std::span<const double> priorities,
                                               size_t limit) {
  std::vector<std::pair<double, size_t>> keys;
  keys.reserve(priorities.size());
  for (size_t i = 0; i < priorities.size(); ++i) keys.emplace_back(Rand() / priorities[i], i);
  std::stable_sort(keys.begin(), keys.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<size_t> order;
  for (size_t i = 0; i < keys.size() && i < limit; ++i) order.push_back(keys[i].second);
  return order;
}

JobsLeft::JobsLeft(const TaskQueue& task_queue) : size_(task_queue.jobs.size()) {
  std::map<int64_t, size_t> value_of;  // priority -> index into values_
  for (size_t j = 0; j < task_queue.jobs.size(); ++j) {
    const int64_t priority = task_queue.jobs[j].priority;
    auto [it, added] = value_of.emplace(priority, values_.size());
    if (added) {
      Value& v = values_.emplace_back();
      v.priority = priority;
      v.weight = JobPriorityWeight(priority);
    }
    values_[it->second].by_id.push_back(j);
  }
  for (Value& v : values_) {
    std::stable_sort(v.by_id.begin(), v.by_id.end(), [&](size_t a, size_t b) {
      return task_queue.jobs[a].id < task_queue.jobs[b].id;
    });
    v.next = std::min(v.by_id.size(), kJobsDrawnAmong);
    v.window.assign(v.by_id.begin(), v.by_id.begin() + static_cast<std::ptrdiff_t>(v.next));
  }
}

size_t JobsLeft::AnyJob() const {
  for (const Value& v : values_) {
    if (!v.window.empty()) return v.window.front();
  }
  return 0;  // empty(): the contract says not to ask
}

std::optional<JobChoice> PilotDraws::PickJob(JobsLeft* jobs) {
  if (jobs->empty()) return std::nullopt;
  JobsLeft::Value* best = nullptr;
  double best_key = std::numeric_limits<double>::infinity();
  for (JobsLeft::Value& v : jobs->values_) {
    const size_t n = v.Left();
    if (n == 0) continue;
    const double u = Rand();
    // The lowest of n uniforms: 1 − (1 − u)^(1/n), computed without
    // cancellation for large n.
    const double lowest = n == 1 ? u : -std::expm1(std::log1p(-u) / static_cast<double>(n));
    const double key = lowest / v.weight;
    if (best == nullptr || key < best_key) {
      best_key = key;
      best = &v;
    }
  }
  JobChoice choice;
  choice.priority = best->priority;
  choice.candidates = best->window.size();
  const size_t k = Below(best->window.size());
  choice.job = best->window[k];
  // Out of the window; the next lowest id of the value (higher than every
  // id in the window) comes in at its end.
  best->window.erase(best->window.begin() + static_cast<std::ptrdiff_t>(k));
  if (best->next < best->by_id.size()) best->window.push_back(best->by_id[best->next++]);
  --jobs->size_;
  return choice;
}

std::optional<JobChoice> PilotDraws::PickJob(const TaskQueue& task_queue) {
  JobsLeft jobs(task_queue);
  return PickJob(&jobs);
}

}  // namespace negotiator::dirac
