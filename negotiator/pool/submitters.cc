// Submitters (submitters.h).
#include "negotiator/pool/submitters.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace negotiator {

bool OfferedBefore(const PoolJob& x, const PoolJob& y) {
  if (x.prio != y.prio) return x.prio > y.prio;
  if (x.cluster != y.cluster) return x.cluster < y.cluster;
  return x.proc < y.proc;
}

std::vector<Submitter> BuildSubmitters(const Pool& pool) {
  std::vector<Submitter> out;
  // The pool holds each submitter name once and its jobs view it: a name is
  // found by the view's address, its text hashed only for a new address.
  std::unordered_map<std::string_view, size_t> by_name;
  std::unordered_map<const char*, size_t> by_address;
  const std::vector<PoolJob>& jobs = pool.jobs();
  for (size_t j = 0; j < jobs.size(); ++j) {
    const PoolJob& job = jobs[j];
    if (job.status != 1 && job.status != 2) continue;
    const std::string_view name = job.submitter;
    size_t index = 0;
    if (auto known = by_address.find(name.data());
        known != by_address.end() && out[known->second].name.size() == name.size()) {
      index = known->second;
    } else {
      auto [it, inserted] = by_name.emplace(name, out.size());
      if (inserted) {
        out.emplace_back();
        out.back().name = name;
        out.back().group = job.group;
      }
      index = it->second;
      by_address[name.data()] = index;
    }
    Submitter& s = out[index];
    if (job.status == 1) {
      s.idle_jobs.push_back(static_cast<uint32_t>(j));
      s.idle += 1;
      s.weighted_idle += job.weight;
    } else {
      s.running += 1;
      s.weighted_running += job.weight;
    }
  }
  const auto offered_before = [&jobs](uint32_t a, uint32_t b) {
    return OfferedBefore(jobs[a], jobs[b]);
  };
  for (Submitter& s : out) {
    // Jobs are mostly added in submission order with one JobPrio: the
    // check (a pass in index order) usually spares the sort.
    if (std::is_sorted(s.idle_jobs.begin(), s.idle_jobs.end(), offered_before)) continue;
    std::stable_sort(s.idle_jobs.begin(), s.idle_jobs.end(), offered_before);
  }
  std::sort(out.begin(), out.end(),
            [](const Submitter& a, const Submitter& b) { return a.name < b.name; });
  return out;
}

}  // namespace negotiator
