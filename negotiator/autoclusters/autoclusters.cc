// Autoclusters (autoclusters.h).
#include "negotiator/autoclusters/autoclusters.h"

#include <algorithm>
#include <set>
#include <span>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "classad/expression_reads.h"
#include "classad/freed_memory.h"
#include "classad/match.h"
#include "classad/unparse.h"
#include "negotiator/autoclusters/significant_attributes.h"
#include "negotiator/parallel.h"
#include "policy/text_util.h"

namespace negotiator {
namespace {

using classad::ClassAd;

// The job attributes matching reads: the job's Requirements and Rank, and
// what the slots' Requirements and Rank and NEGOTIATOR_PRE/POST_JOB_RANK
// read from a job (TARGET.x). The slots' reads are followed through each
// slot's own attributes once per slot ad, kept in `slot_reads` between
// cycles.
std::set<std::string> MatchSignificantNames(const Pool& pool, SlotNameSets* slot_reads) {
  std::set<std::string> names = {"requirements", "rank"};
  const policy::Policy& policy = pool.policy();
  slot_reads->Collect(
      pool,
      [](const ClassAd& ad) {
        std::set<std::string> own, of_job;
        classad::FollowReads(ad, "Requirements", &own, &of_job);
        classad::FollowReads(ad, "Rank", &own, &of_job);
        return std::vector<std::string>(of_job.begin(), of_job.end());
      },
      [&](const std::vector<std::string>& read) { names.insert(read.begin(), read.end()); });
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

// The signatures of some idle jobs: what makes two jobs one match class,
// and one autocluster.
// Each distinct signature is held once (most jobs share theirs).
struct JobSignatures {
  std::vector<uint32_t> match_class;  // by position in the list of jobs: into class_texts
  std::vector<uint32_t> cluster;      // into cluster_texts (0 with NEGOTIATE_ALL_JOBS_IN_CLUSTER)
  std::vector<std::string> class_texts;
  std::vector<std::string> cluster_texts;
};

// The names HTCondor's schedd expands a job's signature with
// (ExpandedNames), found once per shape (the expressions the job holds for
// the significant names) and reused for each job of that shape that gives
// the same answers to what the walks looked up.
class ExpansionCache {
 public:
  explicit ExpansionCache(const std::vector<std::string>& names) : names_(names) {
    for (const std::string& name : names_) hashes_.push_back(classad::HashAttributeName(name));
  }

  const std::vector<std::string>& Of(const ClassAd& job) {
    // The bucket: what the job holds for each name (absent, a literal, or
    // which expression). Jobs of one bucket usually expand alike; whether
    // one does is checked against the lookups of a walk (SameLookups).
    uint64_t shape = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < names_.size(); ++i) {
      const classad::AttrRef ref = job.Find(names_[i], hashes_[i]);
      const uint64_t part = !ref ? 1 : ref.is_literal() ? 2 : reinterpret_cast<uintptr_t>(&ref.expr());
      shape = (shape ^ part) * 0x100000001b3ull;
    }
    std::vector<Known>& of_shape = known_[shape];
    for (const Known& known : of_shape) {
      if (classad::SameLookups(known.trace, job)) return known.names;
    }
    Known found;
    found.names = ExpandedNames(job, names_, &found.trace);
    if (!found.trace.exact) {
      scratch_ = std::move(found.names);
      return scratch_;
    }
    of_shape.push_back(std::move(found));
    return of_shape.back().names;
  }

 private:
  struct Known {
    classad::ReferenceTrace trace;
    std::vector<std::string> names;
  };
  const std::vector<std::string>& names_;
  std::vector<uint64_t> hashes_;
  std::unordered_map<uint64_t, std::vector<Known>> known_;
  std::vector<std::string> scratch_;
};

// The signatures of the idle jobs `todo` (see the file comment of
// autoclusters.h): `match_names` are compared for the match class, the
// schedd's significant attributes `significant` (expanded per job, as
// HTCondor's getClusterid does) for the autocluster.
void SignatureRun(const Pool& pool, std::span<const uint32_t> todo,
                  const std::set<std::string>& match_names,
                  const std::vector<std::string>& significant, bool every_job,
                  JobSignatures* out) {
  const std::vector<PoolJob>& jobs = pool.jobs();
  // What a job's own Requirements and Rank read from the job. Found once
  // per shape (the two texts) and the way the following went: a job of
  // that shape reads the same when each name followed is absent, a
  // literal or the same expression in it as in the job it was found for.
  struct OwnReads {
    std::vector<std::string> matching;  // read by Requirements and Rank
    // What the following looked up: a job that gives the same answers
    // reads the same.
    classad::ReferenceTrace lookups;
  };
  std::unordered_map<std::string, std::vector<OwnReads>> own_reads;
  ExpansionCache expansions(significant);
  std::string shape, class_signature, signature;
  classad::AttributeTextWriter texts;
  out->match_class.resize(todo.size());
  out->cluster.resize(todo.size());
  std::unordered_map<std::string, uint32_t> class_index, cluster_index;
  auto index_of = [](std::unordered_map<std::string, uint32_t>* index,
                     std::vector<std::string>* texts, const std::string& text) {
    auto [it, added] = index->try_emplace(text, static_cast<uint32_t>(texts->size()));
    if (added) texts->push_back(text);
    return it->second;
  };
  // A job's signatures depend on its ad alone, and jobs whose cut ads are
  // equal share one ad object (AdHolding::kCut): found once per ad.
  std::unordered_map<const ClassAd*, size_t> done_for_ad;  // the ad -> a position in `todo`
  for (size_t t = 0; t < todo.size(); ++t) {
    const ClassAd& ad = *jobs[todo[t]].ad;
    if (auto [it, added] = done_for_ad.try_emplace(&ad, t); !added) {
      out->match_class[t] = out->match_class[it->second];
      out->cluster[t] = out->cluster[it->second];
      continue;
    }
    shape.clear();
    for (const char* name : {"requirements", "rank"}) texts.Append(ad, name, &shape);
    std::vector<OwnReads>& of_shape = own_reads[shape];
    const OwnReads* reads = nullptr;
    for (const OwnReads& known : of_shape) {
      if (classad::SameLookups(known.lookups, ad)) {
        reads = &known;
        break;
      }
    }
    if (reads == nullptr) {
      std::set<std::string> matching, other;
      classad::FollowReads(ad, "requirements", &matching, &other);
      classad::FollowReads(ad, "rank", &matching, &other);
      OwnReads found;
      for (const std::string& n : matching) {
        if (!match_names.contains(n)) found.matching.push_back(n);
        const classad::AttrRef ref = ad.Find(n);
        found.lookups.lookups.push_back({n, classad::HashAttributeName(n), static_cast<bool>(ref),
                                         ref && !ref.is_literal() ? &ref.expr() : nullptr});
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
    // An attribute named like a special name (`target`, `my`, ...) changes
    // what `TARGET.x` and the like resolve to in the job's expressions,
    // which the names read do not show: such a job matches alike only
    // with jobs whose ads are the same throughout.
    if (ad.has_special_names()) {
      class_signature.push_back('\x03');
      for (size_t i = 0; i < ad.size(); ++i) {
        class_signature.append(ad.name(i));
        class_signature.push_back('=');
        texts.Append(ad, ad.name(i), &class_signature);
      }
    }
    out->match_class[t] = index_of(&class_index, &out->class_texts, class_signature);
    // The autocluster: HTCondor's signature, the significant names and
    // those they expand to (each name as spelled: the schedd compares the
    // signatures' texts).
    if (!every_job) {
      signature.clear();
      for (const std::string& name : significant) texts.Append(ad, name, &signature);
      signature.push_back('\x02');
      for (const std::string& name : expansions.Of(ad)) texts.Append(ad, name, &signature);
      out->cluster[t] = index_of(&cluster_index, &out->cluster_texts, signature);
    }
  }
}

// Signatures computed on threads from which their memory is given back
// (ReleaseFreedMemory): fewer cost less than the release does.
constexpr size_t kReleaseAfterSignatures = 20000;

// Interns `text` in `*ids`: its number, new ones numbered in order (a
// new text copied: the caller's stays where it is).
uint32_t Intern(std::unordered_map<std::string, uint32_t>* ids, const std::string& text) {
  if (auto found = ids->find(text); found != ids->end()) return found->second;
  return ids->emplace(text, static_cast<uint32_t>(ids->size())).first->second;
}

}  // namespace

Autoclusters AutoclusterKeeper::Build(const Pool& pool, int threads) {
  Autoclusters out;
  const std::vector<PoolJob>& jobs = pool.jobs();
  out.of_job.assign(jobs.size(), Autoclusters::kNone);
  std::set<std::string> match_names = MatchSignificantNames(pool, &slot_reads_);
  out.matching_names.assign(match_names.begin(), match_names.end());
  const bool every_job = pool.policy().matching.negotiate_all_jobs_in_cluster;
  // HTCondor's significant attributes: published by the negotiator for
  // this pool, merged into the schedd's list kept from earlier cycles.
  const bool schedd_changed =
      schedd_.Update(pool.policy().matching, PublishedSignificantAttributes(pool, &slot_references_));
  out.schedd_significant = schedd_.names();

  // The idle jobs that are new or whose ads changed get their signatures
  // computed, on the threads; the others keep theirs (all of them when
  // what is kept is dropped, below).
  entries_.resize(jobs.size());
  size_t idle = 0;
  std::vector<uint32_t> todo;
  for (uint32_t j = 0; j < jobs.size(); ++j) {
    if (jobs[j].status != 1) continue;
    ++idle;
    const Entry& e = entries_[j];
    if (!e.known() || e.ad_version != jobs[j].ad_version) todo.push_back(j);
  }
  // What is kept holds for this pool and these significant names only; the
  // interned signatures are dropped too when those of jobs gone far
  // outnumber the idle jobs.
  if (pool.identity() != pool_identity_ || match_names != match_names_ || schedd_changed ||
      every_job != every_job_ || class_ids_.size() + cluster_ids_.size() > 4 * idle + 4096) {
    pool_identity_ = pool.identity();
    match_names_ = std::move(match_names);
    every_job_ = every_job;
    entries_.assign(jobs.size(), Entry());
    class_ids_.clear();
    cluster_ids_.clear();
    todo.clear();
    for (uint32_t j = 0; j < jobs.size(); ++j) {
      if (jobs[j].status == 1) todo.push_back(j);
    }
  }
  const size_t runs =
      std::min(static_cast<size_t>(std::max(1, threads)), std::max<size_t>(1, todo.size()));
  std::vector<JobSignatures> run(runs);
  RunOnThreads(runs, threads, [&](size_t r) {
    const size_t begin = todo.size() * r / runs;
    const size_t end = todo.size() * (r + 1) / runs;
    SignatureRun(pool, std::span<const uint32_t>(todo).subspan(begin, end - begin), match_names_,
                 schedd_.names(), every_job_, &run[r]);
  });
  for (size_t r = 0, t = 0; r < runs; ++r) {
    // The texts are copied, not moved: what the helper threads allocated
    // is then all freed with `run`.
    std::vector<uint32_t> class_id(run[r].class_texts.size());
    for (size_t c = 0; c < class_id.size(); ++c) {
      class_id[c] = Intern(&class_ids_, run[r].class_texts[c]);
    }
    std::vector<uint32_t> cluster_id(run[r].cluster_texts.size());
    for (size_t c = 0; c < cluster_id.size(); ++c) {
      cluster_id[c] = Intern(&cluster_ids_, run[r].cluster_texts[c]);
    }
    for (size_t k = 0; k < run[r].match_class.size(); ++k, ++t) {
      Entry& e = entries_[todo[t]];
      e.ad_version = jobs[todo[t]].ad_version;
      e.match_class = class_id[run[r].match_class[k]];
      e.cluster = every_job_ ? 0 : cluster_id[run[r].cluster[k]];
    }
  }
  stats_.computed = todo.size();
  stats_.kept = idle - todo.size();
  // The helper threads' pages stay resident once touched, all of them
  // free now: after a large run (a first cycle: 6 MB for 100,000 idle jobs
  // on two threads) they are given back, at a cost of a few milliseconds.
  run.clear();
  run.shrink_to_fit();
  if (runs > 1 && todo.size() >= kReleaseAfterSignatures) classad::ReleaseFreedMemory();

  // Numbered in job order: autoclusters and classes in the order of their
  // first jobs, as one pass over the jobs would number them. An
  // autocluster is matched as its first job (HTCondor's negotiator sees
  // one job ad of each), so its class is that job's; a class only other
  // jobs of autoclusters have is not one.
  std::vector<uint32_t> class_number(class_ids_.size(), Autoclusters::kNone);
  std::vector<uint32_t> cluster_number(cluster_ids_.size(), Autoclusters::kNone);
  for (uint32_t j = 0; j < jobs.size(); ++j) {
    if (jobs[j].status != 1) continue;
    const Entry& e = entries_[j];
    uint32_t cluster = static_cast<uint32_t>(out.representative.size());
    bool added = true;
    if (!every_job_) {
      uint32_t& number = cluster_number[e.cluster];
      added = number == Autoclusters::kNone;
      if (added) number = cluster;
      cluster = number;
    }
    if (added) {
      uint32_t& number_of_class = class_number[e.match_class];
      if (number_of_class == Autoclusters::kNone) {
        number_of_class = static_cast<uint32_t>(out.class_representative.size());
        out.class_representative.push_back(j);
      }
      out.representative.push_back(j);
      out.match_class.push_back(number_of_class);
    }
    out.of_job[j] = cluster;
  }
  return out;
}

Autoclusters BuildAutoclusters(const Pool& pool, int threads,
                               const ScheddSignificantAttributes* schedd) {
  AutoclusterKeeper keeper;
  if (schedd != nullptr) keeper.schedd_ = *schedd;
  return keeper.Build(pool, threads);
}

}  // namespace negotiator
