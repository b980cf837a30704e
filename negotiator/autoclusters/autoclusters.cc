// Autoclusters (autoclusters.h).
#include "negotiator/autoclusters/autoclusters.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "classad/expression_reads.h"
#include "classad/match.h"
#include "classad/unparse.h"
#include "negotiator/parallel.h"
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
    if (!slot.present) continue;
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
    classad::FollowReads(*slot.ad, "Requirements", &slot_own, &names);
    classad::FollowReads(*slot.ad, "Rank", &slot_own, &names);
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



// The autoclusters of a run of jobs, numbered by first appearance within
// the run (BuildAutoclusters merges runs in order).
struct RunClusters {
  std::vector<std::string> class_signatures;        // local class -> its signature
  std::vector<uint32_t> class_first_job;            // local class -> its first job
  std::vector<std::string> cluster_signatures;      // local cluster -> its signature
  std::vector<uint32_t> cluster_first_job;          // local cluster -> its first job
  std::vector<uint32_t> cluster_class;              // local cluster -> its local class
  std::vector<std::pair<uint32_t, uint32_t>> jobs;  // (idle job, local cluster)
};

// Groups the idle jobs in [begin, end) (see the file comment of
// submitters.h): `match_names` are compared for the match class,
// `global` for the autocluster.
void ClusterRun(const Pool& pool, size_t begin, size_t end,
                const std::set<std::string>& match_names, const std::set<std::string>& global,
                bool every_job, RunClusters* out) {
  const std::vector<PoolJob>& jobs = pool.jobs();
  // What a job's own Requirements and Rank (and ConcurrencyLimits) read
  // from the job. Found once per shape (the three texts) and the way the
  // following went: a job of that shape reads the same when each name
  // followed is absent, a literal or the same expression in it as in the
  // job it was found for.
  struct OwnReads {
    std::vector<std::string> matching;  // read by Requirements and Rank
    std::vector<std::string> other;     // read by ConcurrencyLimits only
    // Each name followed, with its expression there (null: a literal;
    // absent names are in `absent`).
    std::vector<std::pair<std::string, classad::ExprPtr>> followed;
    std::vector<std::string> absent;
    bool Fits(const ClassAd& ad) const {
      for (const std::string& name : absent) {
        if (ad.Find(name)) return false;
      }
      for (const auto& [name, expr] : followed) {
        const classad::AttrRef ref = ad.Find(name);
        if (!ref || ref.is_literal() != (expr == nullptr)) return false;
        if (expr != nullptr && ref.expr_ptr() != expr && !ref.expr().SameAs(*expr)) return false;
      }
      return true;
    }
  };
  std::unordered_map<std::string, std::vector<OwnReads>> own_reads;
  std::unordered_map<std::string, uint32_t> by_signature;
  std::unordered_map<std::string, uint32_t> by_class;
  std::string shape, class_signature, signature;
  classad::AttributeTextWriter texts;
  for (size_t j = begin; j < end; ++j) {
    if (jobs[j].status != 1) continue;
    const ClassAd& ad = *jobs[j].ad;
    shape.clear();
    for (const char* name : {"requirements", "rank", "concurrencylimits"}) {
      texts.Append(ad, name, &shape);
    }
    std::vector<OwnReads>& of_shape = own_reads[shape];
    const OwnReads* reads = nullptr;
    for (const OwnReads& known : of_shape) {
      if (known.Fits(ad)) {
        reads = &known;
        break;
      }
    }
    if (reads == nullptr) {
      std::set<std::string> matching, limits, other;
      classad::FollowReads(ad, "requirements", &matching, &other);
      classad::FollowReads(ad, "rank", &matching, &other);
      classad::FollowReads(ad, "concurrencylimits", &limits, &other);
      OwnReads found;
      for (const std::string& n : matching) {
        if (!match_names.contains(n)) found.matching.push_back(n);
      }
      for (const std::string& n : limits) {
        if (!global.contains(n) && !matching.contains(n)) found.other.push_back(n);
      }
      for (const std::set<std::string>* names : {&matching, &limits}) {
        for (const std::string& n : *names) {
          const classad::AttrRef ref = ad.Find(n);
          if (!ref) {
            found.absent.push_back(n);
          } else {
            found.followed.emplace_back(n, ref.is_literal() ? nullptr : ref.expr_ptr());
          }
        }
      }
      of_shape.push_back(std::move(found));
      reads = &of_shape.back();
    }
    // The match class: what matching reads.
    class_signature.clear();
    for (const std::string& name : match_names) texts.Append(ad, name, &class_signature);
    class_signature.push_back('\x02');
    for (const std::string& name : reads->matching) {
      texts.Append(ad, name, &class_signature);
    }
    auto [match_class, new_class] =
        by_class.emplace(class_signature, static_cast<uint32_t>(out->class_signatures.size()));
    if (new_class) {
      out->class_signatures.push_back(class_signature);
      out->class_first_job.push_back(static_cast<uint32_t>(j));
    }
    // The autocluster: every significant name.
    bool new_cluster = every_job;
    uint32_t cluster = static_cast<uint32_t>(out->cluster_first_job.size());
    if (!every_job) {
      signature = class_signature;
      signature.push_back('\x03');
      for (const std::string& name : global) {
        if (!match_names.contains(name)) texts.Append(ad, name, &signature);
      }
      signature.push_back('\x02');
      for (const std::string& name : reads->other) texts.Append(ad, name, &signature);
      auto [found, inserted] = by_signature.emplace(signature, cluster);
      new_cluster = inserted;
      cluster = found->second;
      if (inserted) out->cluster_signatures.push_back(signature);
    }
    if (new_cluster) {
      out->cluster_first_job.push_back(static_cast<uint32_t>(j));
      out->cluster_class.push_back(match_class->second);
    }
    out->jobs.emplace_back(static_cast<uint32_t>(j), cluster);
  }
}

}  // namespace

Autoclusters BuildAutoclusters(const Pool& pool, int threads) {
  Autoclusters out;
  const std::vector<PoolJob>& jobs = pool.jobs();
  out.of_job.assign(jobs.size(), Autoclusters::kNone);
  const std::set<std::string> match_names = MatchSignificantNames(pool);
  const std::set<std::string> global = GlobalSignificantNames(pool, match_names);
  out.significant.assign(global.begin(), global.end());
  const bool every_job = pool.policy().matching.negotiate_all_jobs_in_cluster;
  // Runs of jobs grouped on the threads, then numbered in job order (the
  // numbers are those one pass over all jobs would give).
  const size_t runs = static_cast<size_t>(std::max(1, threads));
  std::vector<RunClusters> run(runs);
  RunOnThreads(runs, threads, [&](size_t r) {
    ClusterRun(pool, jobs.size() * r / runs, jobs.size() * (r + 1) / runs, match_names, global,
               every_job, &run[r]);
  });
  std::unordered_map<std::string_view, uint32_t> by_class, by_signature;
  for (const RunClusters& r : run) {
    std::vector<uint32_t> class_of(r.class_signatures.size());
    for (size_t c = 0; c < r.class_signatures.size(); ++c) {
      auto [it, added] = by_class.emplace(r.class_signatures[c],
                                          static_cast<uint32_t>(out.class_representative.size()));
      if (added) out.class_representative.push_back(r.class_first_job[c]);
      class_of[c] = it->second;
    }
    std::vector<uint32_t> cluster_of(r.cluster_first_job.size());
    for (size_t k = 0; k < r.cluster_first_job.size(); ++k) {
      bool added = true;
      uint32_t cluster = static_cast<uint32_t>(out.representative.size());
      if (!every_job) {
        auto [it, inserted] = by_signature.emplace(r.cluster_signatures[k], cluster);
        added = inserted;
        cluster = it->second;
      }
      if (added) {
        out.representative.push_back(r.cluster_first_job[k]);
        out.match_class.push_back(class_of[r.cluster_class[k]]);
      }
      cluster_of[k] = cluster;
    }
    for (auto [job, cluster] : r.jobs) out.of_job[job] = cluster_of[cluster];
  }
  return out;
}

}  // namespace negotiator
