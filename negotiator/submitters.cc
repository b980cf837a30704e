// Submitters and autoclusters (submitters.h).
#include "negotiator/submitters.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "classad/match.h"
#include "classad/unparse.h"
#include "negotiator/ad_reads.h"
#include "policy/text_util.h"

namespace negotiator {
namespace {

using classad::ClassAd;

// The job attributes matching reads: the job's Requirements and Rank, and
// what the slots' Requirements and Rank and NEGOTIATOR_PRE/POST_JOB_RANK
// read from a job (TARGET.x).
std::set<std::string> MatchSignificantNames(const Pool& pool) {
  std::set<std::string> names = {"requirements", "rank"};
  const policy::Policy& policy = pool.policy();
  // Slots: one look per distinct Requirements/Rank text.
  std::unordered_set<std::string> seen_texts;
  std::string text;
  for (const PoolSlot& slot : pool.slots()) {
    text.clear();
    for (std::string_view attr : {"Requirements", "Rank"}) {
      if (classad::AttrRef ref = slot.ad->Find(attr)) {
        if (ref.is_literal()) {
          classad::UnparseValueTo(ref.literal(), &text);
        } else {
          classad::UnparseTo(ref.expr(), &text);
        }
      }
      text += '\0';
    }
    if (!seen_texts.insert(text).second) continue;
    std::set<std::string> slot_own;
    FollowReads(*slot.ad, "Requirements", &slot_own, &names);
    FollowReads(*slot.ad, "Rank", &slot_own, &names);
  }
  // The ranks' policy expressions: MY = the slot, TARGET = the job; an
  // unqualified name a slot lacks is looked up in the job.
  const policy::MatchPolicy& m = policy.matching;
  for (const policy::PolicyExpression* e : {&m.pre_job_rank, &m.post_job_rank}) {
    if (!e->is_set()) continue;
    std::vector<std::string> mine, theirs;
    classad::CollectReferencedNames(*e->expr, &mine, &theirs);
    for (const std::string& n : theirs) names.insert(policy::LowerAscii(n));
    for (const std::string& n : mine) names.insert(policy::LowerAscii(n));
  }
  return names;
}

// MatchSignificantNames, plus SIGNIFICANT_ATTRIBUTES, ConcurrencyLimits and
// what PREEMPTION_REQUIREMENTS and PREEMPTION_RANK read from a job.
std::set<std::string> GlobalSignificantNames(const Pool& pool,
                                             const std::set<std::string>& match_names) {
  std::set<std::string> names = match_names;
  names.insert("concurrencylimits");
  const policy::Policy& policy = pool.policy();
  for (const std::string& n : policy.matching.significant_attributes)
    names.insert(policy::LowerAscii(n));
  const policy::MatchPolicy& m = policy.matching;
  for (const policy::PolicyExpression* e : {&m.preemption_requirements, &m.preemption_rank}) {
    if (!e->is_set()) continue;
    std::vector<std::string> mine, theirs;
    classad::CollectReferencedNames(*e->expr, &mine, &theirs);
    for (const std::string& n : theirs) names.insert(policy::LowerAscii(n));
  }
  return names;
}

}  // namespace

std::vector<Submitter> BuildSubmitters(const Pool& pool) {
  std::vector<Submitter> out;
  std::unordered_map<std::string_view, size_t> index;
  const std::vector<PoolJob>& jobs = pool.jobs();
  for (size_t j = 0; j < jobs.size(); ++j) {
    const PoolJob& job = jobs[j];
    if (job.status != 1 && job.status != 2) continue;
    auto [it, inserted] = index.emplace(job.submitter, out.size());
    if (inserted) {
      out.emplace_back();
      out.back().name = job.submitter;
      out.back().group = job.group;
    }
    Submitter& s = out[it->second];
    if (job.status == 1) {
      s.idle_jobs.push_back(static_cast<uint32_t>(j));
      s.idle += 1;
      s.weighted_idle += job.weight;
    } else {
      s.running += 1;
      s.weighted_running += job.weight;
    }
  }
  for (Submitter& s : out) {
    std::stable_sort(s.idle_jobs.begin(), s.idle_jobs.end(), [&jobs](uint32_t a, uint32_t b) {
      const PoolJob& x = jobs[a];
      const PoolJob& y = jobs[b];
      if (x.prio != y.prio) return x.prio > y.prio;
      if (x.cluster != y.cluster) return x.cluster < y.cluster;
      return x.proc < y.proc;
    });
  }
  std::sort(out.begin(), out.end(),
            [](const Submitter& a, const Submitter& b) { return a.name < b.name; });
  return out;
}

Autoclusters BuildAutoclusters(const Pool& pool) {
  Autoclusters out;
  const std::vector<PoolJob>& jobs = pool.jobs();
  out.of_job.assign(jobs.size(), Autoclusters::kNone);
  const std::set<std::string> match_names = MatchSignificantNames(pool);
  const std::set<std::string> global = GlobalSignificantNames(pool, match_names);
  out.significant.assign(global.begin(), global.end());
  const bool every_job = pool.policy().matching.negotiate_all_jobs_in_cluster;
  // What a job's own Requirements and Rank (and ConcurrencyLimits) read
  // from the job, by their text (jobs of one shape share it).
  struct OwnReads {
    std::vector<std::string> matching;  // read by Requirements and Rank
    std::vector<std::string> other;     // read by ConcurrencyLimits only
  };
  std::unordered_map<std::string, OwnReads> own_reads;
  std::unordered_map<std::string, uint32_t> by_signature;
  std::unordered_map<std::string, uint32_t> by_class;
  std::string shape, class_signature, signature;
  for (size_t j = 0; j < jobs.size(); ++j) {
    if (jobs[j].status != 1) continue;
    const ClassAd& ad = *jobs[j].ad;
    shape.clear();
    for (const char* name : {"requirements", "rank", "concurrencylimits"}) {
      AppendAttributeText(ad, name, &shape);
    }
    auto it = own_reads.find(shape);
    if (it == own_reads.end()) {
      std::set<std::string> matching, limits, other;
      FollowReads(ad, "requirements", &matching, &other);
      FollowReads(ad, "rank", &matching, &other);
      FollowReads(ad, "concurrencylimits", &limits, &other);
      OwnReads reads;
      for (const std::string& n : matching) {
        if (!match_names.contains(n)) reads.matching.push_back(n);
      }
      for (const std::string& n : limits) {
        if (!global.contains(n) && !matching.contains(n)) reads.other.push_back(n);
      }
      it = own_reads.emplace(shape, std::move(reads)).first;
    }
    // The match class: what matching reads.
    class_signature.clear();
    for (const std::string& name : match_names) AppendAttributeText(ad, name, &class_signature);
    class_signature.push_back('\x02');
    for (const std::string& name : it->second.matching) AppendAttributeText(ad, name, &class_signature);
    auto [match_class, new_class] =
        by_class.emplace(class_signature, static_cast<uint32_t>(out.class_representative.size()));
    if (new_class) out.class_representative.push_back(static_cast<uint32_t>(j));
    // The autocluster: every significant name.
    bool new_cluster = every_job;
    uint32_t cluster = static_cast<uint32_t>(out.representative.size());
    if (!every_job) {
      signature = class_signature;
      signature.push_back('\x03');
      for (const std::string& name : global) {
        if (!match_names.contains(name)) AppendAttributeText(ad, name, &signature);
      }
      signature.push_back('\x02');
      for (const std::string& name : it->second.other) AppendAttributeText(ad, name, &signature);
      auto [found, inserted] = by_signature.emplace(signature, cluster);
      new_cluster = inserted;
      cluster = found->second;
    }
    if (new_cluster) {
      out.representative.push_back(static_cast<uint32_t>(j));
      out.match_class.push_back(match_class->second);
    }
    out.of_job[j] = cluster;
  }
  return out;
}

}  // namespace negotiator
