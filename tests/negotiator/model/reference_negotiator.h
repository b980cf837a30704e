// A reference model of one negotiation cycle, for the random cross-check
// of negotiator/cycle.h (tests/negotiator/model_crosscheck_test.cc).
//
// Plain, slow and meant to be obviously correct: it follows
// ../shared/reference/htcondor-negotiator.md §0, §2, §3 and §4 step by step,
// and HTCondor's own code (matchmaker.cpp, GroupEntry.cpp, Accountant.cpp
// of 25.0) where the reference leaves a detail open; it shares nothing with
// negotiator/ but the ClassAd language. No caching, no autoclusters, no
// overlays: every request is a fresh copy of the job ad with the
// Submitter* attributes inserted as real attributes, every slot a fresh
// copy with the Remote* attributes inserted as literals (the live usage at
// the moment of evaluation), and every job is matched against every slot
// with classad::SymmetricMatch and the tree-walking evaluator.
//
// What it covers (the knobs it reads are the fields of ModelConfig; the
// test writes the configuration from them, so nothing else may be set):
//   * the pool size (slot weights or slot count) and minSlotWeight over the
//     untrimmed slots; CheckMatches' usage from Claimed/Preempting slots
//     (customer: AccountingGroup, else RemoteUser) and the
//     concurrency-limit counts from every slot's ConcurrencyLimits;
//   * trimming (§3.9): claimed slots without preemption, slots in
//     retirement (RetirementTimeRemaining > 0) with it;
//   * submitters: `<AccountingGroup or Owner>@<UID_DOMAIN>`; IdleJobs and
//     RunningJobs as the submitter ad's static counts; jobs offered in
//     JobPrio descending, then ClusterId, ProcId order;
//   * the pie (§3.2–§3.4): EUP = max(RUP, 0.5) × factor, normalisation
//     over the submitters left, limits, the unclaimed limit under a group
//     limit (in float, as HTCondor), the floor round, ceilings, spins and
//     their end condition, NEGOTIATOR_IGNORE_USER_PRIORITIES, the
//     preemption-off and weights-off rules; ties between submitters of
//     equal EUP and starvation broken by name (HTCondor: LastHeardFrom mod
//     1009, i.e. at random);
//   * matchmaking (§3.5–§3.8): both Requirements; startd-rank-only mode;
//     rank preemption (MY.Rank > MY.CurrentRank); priority preemption of
//     another user under PREEMPTION_REQUIREMENTS (strictly boolean true;
//     none loaded when set empty) with MY.Rank >= MY.CurrentRank; the
//     submitter-limit check with the crumbs rule; concurrency limits
//     (string form up front, expression form per candidate); the
//     candidate order pre rank > job Rank > post rank > preemption state >
//     PREEMPTION_RANK (pre/post/preemption ranks cast to float, failures
//     −DBL_MAX), ties by slot order; HTCondor's MatchList cache, kept while
//     consecutive requests of one negotiate() call have the same class
//     (the model's stand-in for an autocluster: equal job ads but for
//     ClusterId, ProcId, QDate, JobPrio, JobStatus), with its pop-time
//     limit checks and the _STABLE knobs (cache_still_valid); a rejected
//     class skipped for the rest of the negotiate() call; HTCondor's
//     rejection counters, which an up-front concurrency-limit rejection
//     does not reset;
//   * AddMatch as 25.0 does it: a slot already charged to the same
//     customer costs nothing more; another customer's match on it is
//     removed first (usage back down, floored at 0); the matched
//     concurrency limits counted at once;
//   * group quotas (§2), for any tree of GROUP_NAMES: static and dynamic
//     quotas, oversubscription, demand (IdleJobs + RunningJobs: the test's
//     group pools have weight-1 slots and one-CPU jobs, so weighted and
//     unweighted demand agree), fairshare with surplus (accept_surplus),
//     autoregroup, up to GROUP_QUOTA_MAX_ALLOCATION_ROUNDS rounds with
//     `requested` reset to usage for groups that fell short, GROUP_SORT_EXPR
//     over the sort ad, remainder recovery by round robin with slot weights
//     off (hgq_recover_remainders, hgq_round_robin; one cycle, so every
//     round-robin time is 0), the group limit floored with slot weights off,
//     with strict enforcement, converted to int as x86-64 does, each
//     group's submitter list shrinking as HTCondor's does, the
//     Submitter* group attributes of requests; the first cycle after a start
//     (RemoteGroup* absent: the previous quota map is empty).
// Not covered (the generator never produces them): partitionable and
// dynamic slots, consumption policies, PreemptingRank/PreemptingUser,
// NEGOTIATOR_CONSIDER_EARLY_PREEMPTION, GROUP_QUOTA_ROUND_ROBIN_RATE,
// nice users, group and remote priority factors, NEGOTIATOR_MATCH_EXPRS,
// several schedds per submitter, time limits.
//
// Every quota quantity is a double computed with GroupEntry.cpp's
// operations in its order. Where HTCondor's behaviour is undefined C++ the
// model takes what it does on x86-64: a limit that is NaN (a group whose
// target exceeds its usage while maxdelta is 0: usage + delta × 0/0) or
// beyond int converts to INT_MIN.
#ifndef TESTS_NEGOTIATOR_MODEL_REFERENCE_NEGOTIATOR_H_
#define TESTS_NEGOTIATOR_MODEL_REFERENCE_NEGOTIATOR_H_

#include <cstdio>
#include <algorithm>
#include <cctype>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "classad/value.h"

namespace negotiator::model {

// One configured group (GROUP_NAMES entry).
struct GroupSpec {
  std::string name;          // full dotted name, e.g. "a" or "a.b"
  bool static_quota = true;  // GROUP_QUOTA_<name> (else GROUP_QUOTA_DYNAMIC_<name>)
  double quota = 0;
  bool accept_surplus = false;  // GROUP_ACCEPT_SURPLUS_<name>
  bool autoregroup = false;     // GROUP_AUTOREGROUP_<name>
};

// The knobs the model reads; everything else has HTCondor's default.
struct ModelConfig {
  std::string uid_domain = "x";
  double default_prio_factor = 1;  // DEFAULT_PRIO_FACTOR (written explicitly)
  bool consider_preemption = true;
  bool use_slot_weights = true;
  bool ignore_user_priorities = false;
  // PREEMPTION_REQUIREMENTS: nullopt = not in the configuration (HTCondor's
  // default False); "" = set empty (no expression loaded).
  std::optional<std::string> preemption_requirements;
  bool preemption_requirements_stable = true;
  bool matchlist_caching = true;               // NEGOTIATOR_MATCHLIST_CACHING
  std::optional<std::string> preemption_rank;  // nullopt: HTCondor's default
  bool preemption_rank_stable = true;
  std::optional<std::string> pre_job_rank;   // nullopt: HTCondor's default
  std::optional<std::string> post_job_rank;  // nullopt: HTCondor's default
  // Concurrency limits: <NAME>_LIMIT, CONCURRENCY_LIMIT_DEFAULT,
  // CONCURRENCY_LIMIT_DEFAULT_<SET>, keys as written in the configuration.
  std::map<std::string, double> limits;
  std::optional<double> limit_default;
  std::map<std::string, double> limit_set_defaults;
  // Group quotas.
  std::vector<GroupSpec> groups;
  bool allow_quota_oversubscription = true;
  int max_allocation_rounds = 3;
  std::optional<std::string> group_sort_expr;  // nullopt: HTCondor's default
};

// What the accountant holds for one name before the cycle.
struct AccountSpec {
  double rup = 0.5;                 // as SetPriority writes it
  std::optional<double> factor;     // SetPriorityFactor; else DEFAULT_PRIO_FACTOR
  int64_t floor = 0;
  int64_t ceiling = -1;
};

struct ModelInput {
  ModelConfig config;
  std::vector<std::shared_ptr<const classad::ClassAd>> slots;
  std::vector<std::shared_ptr<const classad::ClassAd>> jobs;
  std::map<std::string, AccountSpec> accounts;
};

// Switches for telling apart which HTCondor detail a disagreement comes
// from; the defaults follow HTCondor.
struct ModelOptions {
  // HTCondor's MatchList cache (§3.5 item 2): consecutive requests of one
  // class pop candidates off the list built for the first.
  bool matchlist_cache = true;
  // Its pop-time limit check (matchmaker.cpp, matchmakingAlgorithm): a
  // preempting candidate (rank or priority) passes when it fits the
  // submitter limit or, failing that, the unclaimed limit; an unclaimed
  // one when it fits the unclaimed limit. Off: each candidate is checked
  // as in the scan (priority: the limit; unclaimed: the unclaimed limit;
  // rank: never).
  bool cache_pop_limit_rule = true;
  // An up-front concurrency-limit rejection leaves the rejection counters
  // of the previous request as they were (HTCondor resets them later).
  bool stale_rejection_counters = true;
  // IdleJobs is the submitter ad's count, fixed for the cycle. Off: the
  // jobs not matched yet.
  bool static_idle_jobs = true;
  // pieLeft and SubmitterStarvation are computed without the floor
  // (calculatePieLeft passes isFloorRound = false). Off: with it.
  bool floor_free_pie_left = true;
  // The slot's Remote* attributes (addRemoteUserPrios, Phase 2) are seen
  // by both Requirements and ranks, not only by the preemption
  // expressions. Off: only PREEMPTION_REQUIREMENTS/_RANK see them.
  bool remote_attributes_when_matching = true;
  // RemoteGroup* come from the previous cycle's quota map (absent on the
  // first cycle). Off: from the current allocation round's map.
  bool remote_group_from_previous_cycle = true;
  // Each group's submitter list is the one HTCondor keeps in its group
  // entry and hands to negotiateWithGroup by reference: a submitter
  // negotiateWithGroup drops (done) is gone for the later rounds of the
  // cycle, and a group whose list is empty is skipped. Off: every round
  // starts from all the group's submitters.
  bool group_lists_shrink = true;
  // negotiate() checks the ceiling before it asks for the next request, so
  // a submitter whose last job took it to its ceiling returns MM_RESUME
  // (and stays for the next spin). Off: the check only when there is a
  // request, and MM_DONE when there is none.
  bool ceiling_check_before_fetch = true;
};

enum class ModelPreempt { kPriority = 0, kRank = 1, kNone = 2 };

struct ModelMatch {
  size_t job = 0;
  size_t slot = 0;
  std::string submitter;
  std::string group;
  ModelPreempt state = ModelPreempt::kNone;
};

struct ModelResult {
  std::vector<ModelMatch> matches;
  std::map<std::string, int> by_submitter;
  std::map<std::string, int> by_group;
  int preemptions = 0;
  std::vector<std::string> trace;  // what happened, for failure messages
};

namespace internal {

inline std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

inline const classad::EvalOptions& Eval() {
  static const classad::EvalOptions options = [] {
    classad::EvalOptions o;
    o.compiled = false;  // the tree walker: not the negotiator's compiled path
    o.now = [] { return int64_t{1700000000}; };
    return o;
  }();
  return options;
}

inline classad::ExprPtr ParseOrNull(std::string_view text) {
  if (text.empty()) return nullptr;
  classad::Result<classad::ExprPtr> e = classad::ParseExpression(text);
  return e.ok() ? *e : nullptr;
}

// HTCondor's IsNumber: integers, reals and booleans.
inline bool NumberOf(const classad::Value& v, double* out) {
  if (v.IsInteger()) *out = static_cast<double>(v.integer());
  else if (v.IsReal()) *out = v.real();
  else if (v.IsBoolean()) *out = v.boolean() ? 1.0 : 0.0;
  else return false;
  return true;
}

inline bool StrictlyTrue(const classad::Value& v) { return v.IsBoolean() && v.boolean(); }

inline std::optional<std::string> StringOf(const classad::Value& v) {
  if (!v.IsString()) return std::nullopt;
  return std::string(v.string());
}

inline std::optional<std::string> StringAttr(const classad::ClassAd& ad, std::string_view name) {
  return StringOf(classad::EvaluateAttr(ad, name, nullptr, Eval()));
}

inline std::optional<double> NumberAttr(const classad::ClassAd& ad, std::string_view name,
                                        const classad::ClassAd* target = nullptr) {
  double d = 0;
  if (!NumberOf(classad::EvaluateAttr(ad, name, target, Eval()), &d)) return std::nullopt;
  return d;
}

// One concurrency limit token, parsed as ParseConcurrencyLimit does.
struct LimitToken {
  std::string name;  // as written (callers lower-case first)
  double amount = 1;
  bool valid = true;
};

inline bool ValidAttrName(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return true;
}

inline LimitToken ParseLimitToken(std::string_view token) {
  LimitToken t;
  std::string text(token);
  size_t colon = text.find(':');
  if (colon != std::string::npos) {
    t.amount = std::strtod(text.c_str() + colon + 1, nullptr);
    text.resize(colon);
  }
  if (!(t.amount > 0)) t.amount = 1;  // missing, 0, negative (NaN is not modelled)
  size_t dot = text.find('.');
  if (dot != std::string::npos && !ValidAttrName(std::string_view(text).substr(dot + 1))) {
    t.valid = false;
  }
  if (!ValidAttrName(std::string_view(text).substr(0, dot))) t.valid = false;
  t.name = text;
  return t;
}

// StringTokenIterator with its default separators.
inline std::vector<std::string> Tokens(std::string_view list) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : list) {
    if (c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

}  // namespace internal

// One cycle of the model. Construct, Run once, read the result.
class ReferenceNegotiator {
 public:
  ReferenceNegotiator(const ModelInput& input, const ModelOptions& options = {})
      : in_(input), cfg_(input.config), opt_(options) {
    ParseExpressions();
  }

  ModelResult Run() {
    Prepare();
    if (groups_.size() <= 1) {
      std::vector<int> below = BelowFloor(all_subs_);
      if (!below.empty()) NegotiateWithGroup(true, below, static_cast<double>(INT_MAX), nullptr);
      NegotiateWithGroup(false, all_subs_, static_cast<double>(INT_MAX), nullptr);
    } else {
      NegotiateAllGroups();
    }
    for (const ModelMatch& m : result_.matches) {
      result_.by_submitter[m.submitter] += 1;
      result_.by_group[m.group] += 1;
      if (m.state != ModelPreempt::kNone) ++result_.preemptions;
    }
    return result_;
  }

 private:
  // ---------------------------------------------------------------- state
  struct Slot {
    std::shared_ptr<const classad::ClassAd> ad;
    std::string name;
    std::string state;
    double weight = 1;
    std::string remote_user;  // PreemptingAccountingGroup, PreemptingUser, AccountingGroup, RemoteUser
    std::string charged;      // the accountant's resource record customer ("" when none)
    bool taken = false;
  };
  struct Job {
    std::shared_ptr<const classad::ClassAd> ad;
    int64_t cluster = 0, proc = 0, prio = 0;
    int status = 0;
    std::string submitter;
    int klass = 0;
    bool matched = false;
  };
  struct Sub {
    std::string name;
    int group = 0;
    std::vector<size_t> jobs;  // idle jobs in offer order
    int64_t idle = 0, running = 0;
    double starvation = DBL_MAX;
  };
  struct Group {
    std::string name;
    int parent = -1;
    std::vector<int> children;
    bool static_quota = false;
    double config_quota = 0;
    bool accept_surplus = false;
    bool autoregroup = false;
    double quota = 0, subtree_quota = 0, requested = 0, subtree_requested = 0, allocated = 0;
    double usage = 0, subtree_usage = 0, sort_key = 0;
    bool rr = false;
    double rr_time = 0, subtree_rr_time = 0;  // one cycle: rr_time stays 0
    std::vector<int> subs;  // the submitter list HTCondor keeps per group (shrinks)
  };
  struct Candidate {
    size_t slot;
    double job_rank, pre, post, prank;
    ModelPreempt state;
  };
  struct Cache {
    bool valid = false;
    int klass = -1;
    int sub = -1;
    double prio = 0;
    bool only = false;
    std::vector<Candidate> list;
    size_t head = 0;
    int rej_submitter_limit = 0, rej_concurrency = 0, rej_policy = 0, rej_rank = 0;
  };

  // ---------------------------------------------------------------- setup
  void Prepare() {
    const double kNoWeight = DBL_MAX;
    min_slot_weight_ = kNoWeight;
    for (const auto& ad : in_.slots) {
      Slot s;
      s.ad = ad;
      s.name = internal::StringAttr(*ad, "Name").value_or("");
      s.state = internal::StringAttr(*ad, "State").value_or("");
      // GetSlotWeight: 1 without slot weights; else SlotWeight, which the
      // negotiator sets to SLOT_WEIGHT (Cpus) when the ad has no number
      // there (§0); missing or negative: 1.
      s.weight = 1;
      if (cfg_.use_slot_weights) {
        std::optional<double> w = internal::NumberAttr(*ad, "SlotWeight");
        if (!w) w = internal::NumberAttr(*ad, "Cpus");
        s.weight = (!w || *w < 0) ? 1.0 : *w;
      }
      for (const char* attr : {"PreemptingAccountingGroup", "PreemptingUser", "AccountingGroup",
                               "RemoteUser"}) {
        if (std::optional<std::string> u = internal::StringAttr(*ad, attr)) {
          s.remote_user = *u;
          break;
        }
      }
      pool_size_ += s.weight;
      min_slot_weight_ = std::min(min_slot_weight_, s.weight);
      slots_.push_back(std::move(s));
    }
    // Groups (before CheckMatches, which charges groups).
    BuildGroups();
    // Accounts.
    for (const auto& [name, spec] : in_.accounts) {
      (void)spec;
      usage_[name] += 0;
    }
    // CheckMatches: charge every Claimed/Preempting slot; count limits.
    for (Slot& s : slots_) {
      if (s.state == "Claimed" || s.state == "Preempting") {
        std::optional<std::string> c = internal::StringAttr(*s.ad, "AccountingGroup");
        if (!c) c = internal::StringAttr(*s.ad, "RemoteUser");
        if (c) {
          s.charged = *c;
          Charge(*c, s.weight);
        }
      }
      for (const char* attr : {"ConcurrencyLimits", "PreemptingConcurrencyLimits"}) {
        if (std::optional<std::string> l = internal::StringAttr(*s.ad, attr)) {
          IncrementLimits(internal::Lower(*l));
        }
      }
    }
    // Trimming (§3.9).
    for (size_t i = 0; i < slots_.size(); ++i) {
      const Slot& s = slots_[i];
      if (cfg_.consider_preemption) {
        std::optional<double> r = internal::NumberAttr(*s.ad, "RetirementTimeRemaining");
        if (r && static_cast<int64_t>(*r) > 0) continue;
      } else if (s.state == "Claimed" || s.state == "Preempting") {
        continue;
      }
      offered_.push_back(i);
    }
    // Jobs and submitters.
    std::map<std::string, int> classes;
    for (size_t j = 0; j < in_.jobs.size(); ++j) {
      Job job;
      job.ad = in_.jobs[j];
      job.cluster = static_cast<int64_t>(internal::NumberAttr(*job.ad, "ClusterId").value_or(0));
      job.proc = static_cast<int64_t>(internal::NumberAttr(*job.ad, "ProcId").value_or(0));
      job.prio = static_cast<int64_t>(internal::NumberAttr(*job.ad, "JobPrio").value_or(0));
      job.status = static_cast<int>(internal::NumberAttr(*job.ad, "JobStatus").value_or(0));
      std::optional<std::string> group = internal::StringAttr(*job.ad, "AccountingGroup");
      std::string owner = internal::StringAttr(*job.ad, "Owner").value_or("");
      job.submitter = (group ? *group : owner) + "@" + cfg_.uid_domain;
      // The class: the ad without the attributes that tell jobs apart.
      classad::ClassAd copy(*job.ad);
      for (const char* attr : {"ClusterId", "ProcId", "QDate", "JobPrio", "JobStatus"}) {
        copy.Remove(attr);
      }
      const std::string key = job.submitter + "|" + classad::UnparseAd(copy);
      auto it = classes.emplace(key, static_cast<int>(classes.size())).first;
      job.klass = it->second;
      jobs_.push_back(std::move(job));
    }
    std::map<std::string, int> by_name;
    std::vector<size_t> order(jobs_.size());
    for (size_t j = 0; j < order.size(); ++j) order[j] = j;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      const Job& x = jobs_[a];
      const Job& y = jobs_[b];
      if (x.prio != y.prio) return x.prio > y.prio;
      if (x.cluster != y.cluster) return x.cluster < y.cluster;
      return x.proc < y.proc;
    });
    // The submitters in the order their first idle or running job comes in
    // the input. HTCondor's order is the collector's order of the submitter
    // ads (arbitrary in practice); it decides the order of sums over
    // submitters (the normalisation factor, pieLeft), and so their
    // rounding. The model takes the negotiator's stand-in
    // (pool/submitters.h) so that both round alike.
    for (const Job& job : jobs_) {
      if (job.status != 1 && job.status != 2) continue;
      if (by_name.count(job.submitter) != 0) continue;
      Sub s;
      s.name = job.submitter;
      s.group = AssignedGroup(job.submitter);
      subs_.push_back(s);
      by_name.emplace(job.submitter, static_cast<int>(subs_.size() - 1));
    }
    for (size_t j : order) {
      const Job& job = jobs_[j];
      if (job.status != 1 && job.status != 2) continue;
      Sub& s = subs_[static_cast<size_t>(by_name.at(job.submitter))];
      if (job.status == 1) {
        ++s.idle;
        s.jobs.push_back(j);
      } else {
        ++s.running;
      }
    }
    for (size_t s = 0; s < subs_.size(); ++s) all_subs_.push_back(static_cast<int>(s));
  }

  // ---------------------------------------------------------------- accountant
  double Factor(const std::string& name) const {
    auto it = in_.accounts.find(name);
    if (it != in_.accounts.end() && it->second.factor && *it->second.factor >= 1) {
      return *it->second.factor;
    }
    return cfg_.default_prio_factor;
  }
  double Eup(const std::string& name) const {
    auto it = in_.accounts.find(name);
    const double rup = it != in_.accounts.end() ? std::max(0.5, it->second.rup) : 0.5;
    return rup * Factor(name);
  }
  int64_t Floor(const std::string& name) const {
    auto it = in_.accounts.find(name);
    return it != in_.accounts.end() && it->second.floor > 0 ? it->second.floor : 0;
  }
  int64_t Ceiling(const std::string& name) const {
    auto it = in_.accounts.find(name);
    return it != in_.accounts.end() && it->second.ceiling >= 0 ? it->second.ceiling : -1;
  }
  double Usage(const std::string& name) const {
    auto it = usage_.find(name);
    return it == usage_.end() ? 0 : it->second;
  }
  std::string GroupRecord(const std::string& customer) const {
    return groups_.empty() ? std::string("<none>")
                           : groups_[static_cast<size_t>(AssignedGroup(customer))].name;
  }
  // What the accountant's log keeps of a real: SetAttributeFloat writes
  // it with printf's %f, six decimals.
  static double Logged(double v) {
    if (!std::isfinite(v)) return v;
    char text[400];
    std::snprintf(text, sizeof(text), "%f", v);
    return std::strtod(text, nullptr);
  }
  // AddMatch's usage part: the customer and its assigned group.
  void Charge(const std::string& customer, double w) {
    usage_[customer] = Logged(usage_[customer] + w);
    const std::string g = GroupRecord(customer);
    usage_[g] = Logged(usage_[g] + w);
  }
  void Uncharge(const std::string& customer, double w) {
    usage_[customer] = Logged(std::max(0.0, usage_[customer] - w));
    const std::string g = GroupRecord(customer);
    usage_[g] = Logged(std::max(0.0, usage_[g] - w));
  }

  // ---------------------------------------------------------------- limits
  double LimitMax(const std::string& name) const {
    double deflim = cfg_.limit_default.value_or(2308032);
    const size_t dot = name.rfind('.');
    if (dot != std::string::npos) {
      const std::string set = name.substr(0, dot);
      for (const auto& [k, v] : cfg_.limit_set_defaults) {
        if (internal::Lower(k) == set) deflim = v;
      }
    }
    for (const auto& [k, v] : cfg_.limits) {
      if (internal::Lower(k) == name) return v;
    }
    return deflim;
  }
  void IncrementLimits(const std::string& list) {
    for (const std::string& tok : internal::Tokens(list)) {
      internal::LimitToken t = internal::ParseLimitToken(tok);
      if (t.valid) limit_counts_[t.name] += t.amount;
    }
  }
  // rejectForConcurrencyLimits: true when some limit is full.
  bool RejectForLimits(const std::string& raw) {
    const std::string list = internal::Lower(raw);
    for (const std::string& tok : internal::Tokens(list)) {
      internal::LimitToken t = internal::ParseLimitToken(tok);
      if (!t.valid) continue;
      const double count = limit_counts_[t.name];
      if (count < 0) return true;
      if (count + t.amount > LimitMax(t.name)) {
        ++rej_concurrency_;
        return true;
      }
    }
    return false;
  }

  // ---------------------------------------------------------------- groups
  void BuildGroups() {
    if (cfg_.groups.empty()) return;
    Group root;
    root.name = "<none>";
    root.accept_surplus = true;
    groups_.push_back(root);
    std::vector<GroupSpec> specs = cfg_.groups;
    std::stable_sort(specs.begin(), specs.end(), [](const GroupSpec& a, const GroupSpec& b) {
      return internal::Lower(a.name) < internal::Lower(b.name);
    });
    bool any_autoregroup = false;
    for (const GroupSpec& spec : specs) {
      // The parent: the name up to the last dot; it must exist.
      int parent = 0;
      const size_t dot = spec.name.rfind('.');
      if (dot != std::string::npos) {
        parent = FindGroup(spec.name.substr(0, dot));
        if (parent < 0) continue;
      }
      Group g;
      g.name = spec.name;
      g.parent = parent;
      g.static_quota = spec.static_quota;
      g.config_quota = spec.quota;
      g.accept_surplus = spec.accept_surplus;
      g.autoregroup = spec.autoregroup;
      any_autoregroup = any_autoregroup || spec.autoregroup;
      any_accept_surplus_ = any_accept_surplus_ || spec.accept_surplus;
      groups_.push_back(g);
      groups_[static_cast<size_t>(parent)].children.push_back(static_cast<int>(groups_.size() - 1));
    }
    groups_[0].autoregroup = any_autoregroup;
    // Breadth-first order.
    std::vector<int> bfs = {0};
    for (size_t i = 0; i < bfs.size(); ++i) {
      for (int c : groups_[static_cast<size_t>(bfs[i])].children) bfs.push_back(c);
    }
    bfs_ = bfs;
  }
  int FindGroup(const std::string& full) const {
    for (size_t i = 1; i < groups_.size(); ++i) {
      if (internal::Lower(groups_[i].name) == internal::Lower(full)) return static_cast<int>(i);
    }
    return -1;
  }
  // GroupEntry::GetAssignedGroup.
  int AssignedGroup(const std::string& submitter) const {
    if (groups_.empty()) return 0;
    const size_t at = submitter.rfind('@');
    if (at == std::string::npos) return 0;
    const std::string left = submitter.substr(0, at);
    const size_t dot = left.rfind('.');
    if (dot == std::string::npos) return 0;
    const std::string path = left.substr(0, dot);
    int g = 0;
    size_t start = 0;
    while (start <= path.size()) {
      size_t end = path.find('.', start);
      if (end == std::string::npos) end = path.size();
      const std::string part = internal::Lower(path.substr(start, end - start));
      int next = -1;
      for (int c : groups_[static_cast<size_t>(g)].children) {
        const std::string& n = groups_[static_cast<size_t>(c)].name;
        const size_t d = n.rfind('.');
        if (internal::Lower(d == std::string::npos ? n : n.substr(d + 1)) == part) next = c;
      }
      if (next < 0) break;
      g = next;
      start = end + 1;
    }
    return g;
  }

  void AssignQuotas(int gi, double q) {
    Group& g = groups_[static_cast<size_t>(gi)];
    if (q <= 0) return;
    g.subtree_quota = q;
    double sqsum = 0, dqsum = 0;
    for (int c : g.children) {
      const Group& ch = groups_[static_cast<size_t>(c)];
      (ch.static_quota ? sqsum : dqsum) += ch.config_quota;
    }
    const double sqa = cfg_.allow_quota_oversubscription ? sqsum : std::min(sqsum, q);
    const double dqa = std::max(0.0, q - sqa);
    const double zs = sqsum > 0 ? sqsum : 1;
    const double zd = std::max(dqsum, 1.0);
    double chq = 0;
    for (int c : g.children) {
      const Group& ch = groups_[static_cast<size_t>(c)];
      double cq = ch.static_quota ? ch.config_quota * (sqa / zs) : ch.config_quota * (dqa / zd);
      if (cq < 0) cq = 0;
      AssignQuotas(c, cq);
      chq += cq;
    }
    Group& self = groups_[static_cast<size_t>(gi)];
    self.quota = cfg_.allow_quota_oversubscription ? q : q - chq;
    if (gi == 0) self.quota = q - chq;
    if (self.quota < 0) self.quota = 0;
  }

  double Fairshare(int gi) {
    Group& g = groups_[static_cast<size_t>(gi)];
    g.allocated = std::min(g.requested, g.quota);
    g.requested -= g.allocated;
    g.subtree_requested = g.requested;
    double surplus = g.quota - g.allocated;
    if (g.children.empty()) return surplus;
    for (int c : std::vector<int>(g.children)) {
      surplus += Fairshare(c);
      const Group& ch = groups_[static_cast<size_t>(c)];
      if (ch.accept_surplus) groups_[static_cast<size_t>(gi)].subtree_requested += ch.subtree_requested;
    }
    return AllocateSurplus(gi, surplus);
  }

  void SurplusLoop(bool by_quota, const std::vector<int>& parts, std::vector<double>& alloc,
                   std::vector<double>& sreq, double& surplus, double& requested) {
    while (surplus > 0) {
      double z = 0;
      for (size_t j = 0; j < parts.size(); ++j) {
        if (sreq[j] > 0) z += by_quota ? groups_[static_cast<size_t>(parts[j])].subtree_quota : 1.0;
      }
      if (z <= 0) break;
      bool never_gt = true;
      double sum = 0;
      for (size_t j = 0; j < parts.size(); ++j) {
        if (sreq[j] > 0) {
          const double n = by_quota ? groups_[static_cast<size_t>(parts[j])].subtree_quota : 1.0;
          double a = surplus * (n / z);
          if (a > sreq[j]) {
            a = sreq[j];
            never_gt = false;
          }
          alloc[j] += a;
          sreq[j] -= a;
          sum += a;
        }
      }
      surplus -= sum;
      requested -= sum;
      if (never_gt || surplus < 0) surplus = 0;
    }
  }

  double AllocateSurplus(int gi, double surplus) {
    if (surplus <= 0) return 0;
    if (groups_[static_cast<size_t>(gi)].subtree_requested <= 0) return surplus;
    std::vector<int> parts = groups_[static_cast<size_t>(gi)].children;
    parts.push_back(gi);
    std::vector<double> alloc(parts.size(), 0);
    Group& self = groups_[static_cast<size_t>(gi)];
    const bool save_accept = self.accept_surplus;
    const double save_subtree_quota = self.subtree_quota;
    self.accept_surplus = true;
    self.subtree_quota = self.quota;
    double requested = self.subtree_requested;
    self.subtree_requested = self.requested;
    if (surplus >= requested) {
      for (size_t j = 0; j < parts.size(); ++j) {
        const Group& p = groups_[static_cast<size_t>(parts[j])];
        if (p.accept_surplus && p.subtree_requested > 0) alloc[j] = p.subtree_requested;
      }
      surplus -= requested;
      requested = 0;
    } else {
      std::vector<double> sreq(parts.size(), 0);
      for (size_t j = 0; j < parts.size(); ++j) {
        const Group& p = groups_[static_cast<size_t>(parts[j])];
        if (p.accept_surplus && p.subtree_requested > 0) sreq[j] = p.subtree_requested;
      }
      SurplusLoop(true, parts, alloc, sreq, surplus, requested);
      SurplusLoop(false, parts, alloc, sreq, surplus, requested);
    }
    for (size_t j = 0; j + 1 < parts.size(); ++j) {
      if (alloc[j] > 0) AllocateSurplus(parts[j], alloc[j]);
    }
    Group& me = groups_[static_cast<size_t>(gi)];
    me.allocated += alloc.back();
    me.requested -= alloc.back();
    me.subtree_requested = requested;
    me.accept_surplus = save_accept;
    me.subtree_quota = save_subtree_quota;
    return surplus;
  }

  // hgq_recover_remainders.
  double RecoverRemainders(int gi) {
    Group& g = groups_[static_cast<size_t>(gi)];
    double surplus = g.allocated - std::floor(g.allocated);
    g.allocated -= surplus;
    g.requested += surplus;
    g.allocated = std::floor(0.5 + g.allocated);  // round_for_precision
    g.requested = std::floor(0.5 + g.requested);
    g.subtree_requested = g.requested;
    g.subtree_rr_time = g.requested > 0 ? g.rr_time : DBL_MAX;
    if (g.children.empty()) return surplus;
    for (int c : std::vector<int>(g.children)) {
      surplus += RecoverRemainders(c);
      const Group& ch = groups_[static_cast<size_t>(c)];
      Group& me = groups_[static_cast<size_t>(gi)];
      if (ch.accept_surplus) {
        me.subtree_requested += ch.subtree_requested;
        if (ch.subtree_requested > 0) me.subtree_rr_time = std::min(me.subtree_rr_time, ch.subtree_rr_time);
      }
    }
    return RoundRobin(gi, surplus);
  }

  // hgq_round_robin.
  double RoundRobin(int gi, double surplus) {
    Group& g = groups_[static_cast<size_t>(gi)];
    if (g.subtree_requested != std::floor(g.subtree_requested)) g.subtree_requested = std::floor(g.subtree_requested);
    if (g.subtree_requested <= 0) return surplus;
    if (surplus < 1) return surplus;
    std::vector<int> parts = g.children;
    parts.push_back(gi);
    std::vector<double> alloc(parts.size(), 0);
    const bool save_accept = g.accept_surplus;
    const double save_subtree_quota = g.subtree_quota;
    const double save_subtree_rr_time = g.subtree_rr_time;
    g.accept_surplus = true;
    g.subtree_quota = g.quota;
    g.subtree_rr_time = g.rr_time;
    double requested = g.subtree_requested;
    g.subtree_requested = g.requested;
    double outstanding = 0;
    std::vector<double> sreq(parts.size(), 0);
    for (size_t j = 0; j < parts.size(); ++j) {
      const Group& p = groups_[static_cast<size_t>(parts[j])];
      if (p.accept_surplus && p.subtree_requested > 0) {
        sreq[j] = p.subtree_requested;
        outstanding += 1;
      }
    }
    std::vector<size_t> idx(parts.size());
    for (size_t j = 0; j < idx.size(); ++j) idx[j] = j;
    std::stable_sort(idx.begin(), idx.end(), [&](size_t ja, size_t jb) {
      const Group& a = groups_[static_cast<size_t>(parts[ja])];
      const Group& b = groups_[static_cast<size_t>(parts[jb])];
      if (a.subtree_rr_time < b.subtree_rr_time) return true;
      if (a.subtree_rr_time > b.subtree_rr_time) return false;
      if (a.subtree_quota > b.subtree_quota) return true;
      if (a.subtree_quota < b.subtree_quota) return false;
      return a.subtree_requested > b.subtree_requested;
    });
    while (surplus >= 1 && requested > 0) {
      const double amax = std::max(1.0, std::floor(surplus / outstanding));
      outstanding = 0;
      double sum = 0;
      for (size_t j : idx) {
        Group& p = groups_[static_cast<size_t>(parts[j])];
        if (p.accept_surplus && sreq[j] > 0) {
          const double a = std::min(sreq[j], amax);
          alloc[j] += a;
          sreq[j] -= a;
          sum += a;
          surplus -= a;
          requested -= a;
          p.rr = true;
          if (sreq[j] > 0) outstanding += 1;
          if (surplus < amax) break;
        }
      }
      if (sum < 1) break;
    }
    for (size_t j = 0; j + 1 < parts.size(); ++j) {
      if (alloc[j] > 0) RoundRobin(parts[j], alloc[j]);
    }
    Group& me = groups_[static_cast<size_t>(gi)];
    me.allocated += alloc.back();
    me.requested -= alloc.back();
    me.subtree_requested = requested;
    me.accept_surplus = save_accept;
    me.subtree_quota = save_subtree_quota;
    me.subtree_rr_time = save_subtree_rr_time;
    return surplus;
  }

  // A double passed to an int parameter, as x86-64 converts it (cvttsd2si).
  static int IntLikeX86(double x) {
    return (x > -2147483649.0 && x < 2147483648.0) ? static_cast<int>(x) : INT_MIN;
  }

  double SubtreeUsage(int gi) {
    Group& g = groups_[static_cast<size_t>(gi)];
    double u = 0;
    for (int c : std::vector<int>(g.children)) u += SubtreeUsage(c);
    u += Usage(groups_[static_cast<size_t>(gi)].name);
    groups_[static_cast<size_t>(gi)].subtree_usage = u;
    return u;
  }

  double StrictEnforce(int gi, double slots) {
    SubtreeUsage(0);
    const Group& g = groups_[static_cast<size_t>(gi)];
    double mine = slots - g.usage;
    for (int at = gi; at >= 0; at = groups_[static_cast<size_t>(at)].parent) {
      const Group& l = groups_[static_cast<size_t>(at)];
      if (!l.accept_surplus) {
        double avail = (l.static_quota ? l.config_quota : l.subtree_quota) - l.subtree_usage;
        if (avail < 0) avail = 0;
        if (mine > avail) mine = avail;
      }
    }
    return mine + g.usage;
  }

  void NegotiateAllGroups() {
    // hgq_prepare_for_matchmaking.
    for (Group& g : groups_) {
      g.quota = g.requested = g.allocated = g.subtree_quota = g.subtree_requested = 0;
      g.usage = Usage(g.name);
      g.subs.clear();
    }
    for (size_t s = 0; s < subs_.size(); ++s) {
      Group& g = groups_[static_cast<size_t>(subs_[s].group)];
      g.subs.push_back(static_cast<int>(s));
      g.requested += static_cast<double>(subs_[s].idle + subs_[s].running);
    }
    const bool autoregroup = groups_[0].autoregroup;
    if (autoregroup) {
      for (size_t gi = 1; gi < groups_.size(); ++gi) {
        if (!groups_[gi].autoregroup) continue;
        for (int s : groups_[gi].subs) groups_[0].subs.push_back(s);
      }
    }
    AssignQuotas(0, pool_size_);
    const bool global_accept = any_accept_surplus_;

    const classad::ExprPtr sort_expr = internal::ParseOrNull(cfg_.group_sort_expr.value_or(
        "ifThenElse(AccountingGroup=?=\"<none>\", 3.4e+38, ifThenElse(GroupQuota>0, "
        "GroupResourcesInUse/GroupQuota, 3.3e+38))"));
    for (int round = 1; round <= std::max(1, cfg_.max_allocation_rounds); ++round) {
      quota_map_.clear();
      for (Group& g : groups_) {
        g.allocated = 0;
        g.subtree_requested = 0;
        g.rr = false;
      }
      for (int gi : bfs_) {
        const Group& g = groups_[static_cast<size_t>(gi)];
        result_.trace.push_back("  demand " + g.name + " " + std::to_string(g.requested) +
                                " usage " + std::to_string(g.usage));
      }
      Fairshare(0);
      if (!cfg_.use_slot_weights) RecoverRemainders(0);
      if (autoregroup) {
        groups_[0].quota = pool_size_;
        groups_[0].allocated = pool_size_;
      }
      double maxdelta = 0, allocated_total = 0;
      for (int gi : bfs_) {
        const Group& g = groups_[static_cast<size_t>(gi)];
        quota_map_[g.name] = g.quota;
        allocated_total += g.allocated;
        const double target = global_accept ? g.allocated : g.quota;
        maxdelta = std::max(maxdelta, std::max(0.0, target - g.usage));
      }
      for (int gi : bfs_) {
        Group& g = groups_[static_cast<size_t>(gi)];
        classad::ClassAd sort_ad;
        sort_ad.InsertValue("AccountingGroup", classad::Value::String(g.name));
        sort_ad.InsertValue("GroupQuota", classad::Value::Real(g.quota));
        sort_ad.InsertValue("GroupResourcesAllocated", classad::Value::Real(g.allocated));
        sort_ad.InsertValue("GroupResourcesInUse", classad::Value::Real(Usage(g.name)));
        double key = FLT_MAX;
        if (sort_expr) {
          double v = 0;
          if (internal::NumberOf(classad::EvaluateExpr(*sort_expr, &sort_ad, nullptr,
                                                       internal::Eval()),
                                 &v)) {
            key = v;
          }
        }
        g.sort_key = key;
      }
      std::vector<int> order = bfs_;
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        if (autoregroup) {
          if (a == 0) return false;
          if (b == 0) return true;
        }
        return groups_[static_cast<size_t>(a)].sort_key < groups_[static_cast<size_t>(b)].sort_key;
      });
      result_.trace.push_back("round " + std::to_string(round));
      for (int gi : order) {
        Group& g = groups_[static_cast<size_t>(gi)];
        if (g.allocated <= 0) continue;
        if (g.usage >= g.allocated && !cfg_.consider_preemption) continue;
        if (g.subs.empty()) continue;
        const double target = std::max(g.allocated, g.quota);
        const double delta = std::max(0.0, target - g.usage);
        // One pass: n = min(0 + GROUP_QUOTA_ROUND_ROBIN_RATE (1e100),
        // maxdelta). With maxdelta 0 and delta > 0 this is usage + delta ×
        // 0/0, a NaN that std::min, floor and strict enforcement pass
        // through and whose conversion to int gives INT_MIN on x86-64.
        const double n = std::min(0 + 1e100, maxdelta);
        double slots = delta > 0 ? g.usage + delta * (n / maxdelta) : target;
        slots = std::min(slots, target);
        if (!cfg_.use_slot_weights) slots = std::floor(slots);
        slots = StrictEnforce(gi, slots);
        const int limit = IntLikeX86(slots);
        result_.trace.push_back("  group " + g.name + " quota " + std::to_string(g.quota) +
                                " allocated " + std::to_string(g.allocated) + " limit " +
                                std::to_string(limit));
        const std::string name = g.name;
        const std::string* group_name = (autoregroup && gi == 0) ? nullptr : &name;
        std::vector<int> below = BelowFloor(g.subs);
        if (!below.empty()) NegotiateWithGroup(true, below, limit, group_name);
        if (opt_.group_lists_shrink) {
          NegotiateWithGroup(false, groups_[static_cast<size_t>(gi)].subs, limit, group_name);
        } else {
          std::vector<int> copy = groups_[static_cast<size_t>(gi)].subs;
          NegotiateWithGroup(false, copy, limit, group_name);
        }
      }
      double usage_total = 0;
      for (int gi : bfs_) {
        Group& g = groups_[static_cast<size_t>(gi)];
        g.usage = Usage(g.name);
        usage_total += std::min(g.usage, g.allocated);
        if (g.usage < g.allocated) {
          g.requested = g.usage;
        } else {
          g.requested += g.allocated;
        }
      }
      if (usage_total >= allocated_total) break;
    }
  }

  // ---------------------------------------------------------------- the pie
  std::vector<int> BelowFloor(const std::vector<int>& subs) const {
    std::vector<int> out;
    for (int s : subs) {
      const std::string& n = subs_[static_cast<size_t>(s)].name;
      const double floor = static_cast<double>(Floor(n));
      if (floor > 0 && Usage(n) < floor) out.push_back(s);
    }
    return out;
  }

  struct Limits {
    double limit = 0, unclaimed = 0, usage = 0;
  };
  Limits SubmitterLimit(const std::string& name, const std::string* group_name, double group_quota,
                        double group_usage, double max_prio, double normal, double pie,
                        bool floor_round) const {
    Limits l;
    const double prio = Eup(name);
    l.usage = Usage(name);
    const double share = max_prio / (prio * normal);
    l.limit = cfg_.ignore_user_priorities ? DBL_MAX : share * pie - l.usage;
    if (l.limit < 0) l.limit = 0;
    l.unclaimed = l.limit;
    if (group_name != nullptr) {
      float max_allowed = static_cast<float>(group_quota) - static_cast<float>(group_usage);
      if (max_allowed < 0) max_allowed = 0;
      if (l.unclaimed > max_allowed) l.unclaimed = max_allowed;
    }
    if (!cfg_.consider_preemption) l.limit = l.unclaimed;
    if (floor_round) l.limit = std::min(static_cast<double>(Floor(name)), l.limit);
    return l;
  }

  size_t SlotsLeft() const {
    size_t n = 0;
    for (size_t i : offered_) n += slots_[i].taken ? 0 : 1;
    return n;
  }

  enum class Outcome { kResume, kDone };

  void NegotiateWithGroup(bool floor_round, std::vector<int>& subs, double group_quota,
                          const std::string* group_name) {
    const bool pre = cfg_.consider_preemption;
    for (int spin = 1;; ++spin) {
      const bool ignore = spin == 1 && pre;
      const double group_usage = group_name != nullptr ? Usage(*group_name) : 0.0;
      if (!ignore && group_name != nullptr && group_usage >= group_quota) break;
      cache_ = Cache();
      if (!pre) {
        std::erase_if(subs, [&](int s) { return IdleJobs(s) <= 0; });
      }
      double max_prio = DBL_MIN;
      for (int s : subs) max_prio = std::max(max_prio, Eup(subs_[static_cast<size_t>(s)].name));
      double normal = 0;
      std::set<std::string> names;
      for (int s : subs) {
        const std::string& n = subs_[static_cast<size_t>(s)].name;
        if (names.insert(n).second) normal += max_prio / Eup(n);
      }
      const double pie = std::min(pool_size_, group_quota);
      double pie_left = 0;
      for (int s : subs) {
        Sub& sub = subs_[static_cast<size_t>(s)];
        const Limits l =
            SubmitterLimit(sub.name, group_name, group_quota, group_usage, max_prio, normal, pie,
                           opt_.floor_free_pie_left ? false : floor_round);
        sub.starvation = (l.usage + l.limit) > 0 ? l.usage / (l.usage + l.limit) : FLT_MAX;
        pie_left += l.limit;
      }
      if (!pre && pie_left <= 0) break;
      if (spin == 1) {
        std::stable_sort(subs.begin(), subs.end(), [&](int a, int b) {
          const Sub& x = subs_[static_cast<size_t>(a)];
          const Sub& y = subs_[static_cast<size_t>(b)];
          const double pa = Eup(x.name), pb = Eup(y.name);
          if (pa != pb) return pa < pb;
          if (x.starvation != y.starvation) return x.starvation < y.starvation;
          return x.name < y.name;
        });
      }
      const double pie_left_orig = pie_left;
      const size_t count_orig = subs.size();
      result_.trace.push_back(std::string(floor_round ? "floor " : "") + "spin " +
                              std::to_string(spin) + " group " +
                              (group_name ? *group_name : std::string("-")) + " limit " +
                              std::to_string(group_quota) + " pieLeft " +
                              std::to_string(pie_left));
      for (size_t i = 0; i < subs.size();) {
        const int s = subs[i];
        const std::string name = subs_[static_cast<size_t>(s)].name;
        if (!ignore && group_name != nullptr && Usage(*group_name) >= group_quota) break;
        Limits l = SubmitterLimit(name, group_name, group_quota, group_usage, max_prio, normal,
                                  pie, floor_round);
        if (l.limit > pie_left) l.limit = pie_left;
        int64_t ceiling = Ceiling(name);
        if (ceiling < 0) {
          ceiling = INT_MAX;
        } else {
          ceiling -= static_cast<int>(Usage(name));
        }
        if (ceiling < 0) ceiling = 0;
        rej_submitter_limit_ = rej_concurrency_ = rej_policy_ = rej_rank_ = 0;
        Outcome outcome;
        if (IdleJobs(s) == 0) {
          outcome = Outcome::kDone;
        } else if ((l.limit < min_slot_weight_ || pie_left < min_slot_weight_) && spin > 1) {
          outcome = Outcome::kResume;
        } else if (ceiling == 0 || static_cast<double>(ceiling) < min_slot_weight_) {
          outcome = Outcome::kDone;
        } else {
          outcome = Negotiate(s, group_name, Eup(name), l.limit, l.unclaimed,
                              static_cast<double>(ceiling), ignore, &pie_left);
        }
        if (outcome == Outcome::kDone) {
          subs.erase(subs.begin() + static_cast<std::ptrdiff_t>(i));
        } else {
          ++i;
        }
      }
      if (!((pie_left < pie_left_orig || subs.size() < count_orig) && !subs.empty() &&
            SlotsLeft() > 0 && !floor_round)) {
        break;
      }
    }
  }

  int64_t IdleJobs(int s) const {
    const Sub& sub = subs_[static_cast<size_t>(s)];
    if (opt_.static_idle_jobs) return sub.idle;
    int64_t n = 0;
    for (size_t j : sub.jobs) n += jobs_[j].matched ? 0 : 1;
    return n;
  }

  // ---------------------------------------------------------------- negotiate()
  classad::ClassAd RequestAd(size_t j, int s, const std::string* group_name, double prio) const {
    classad::ClassAd r(*jobs_[j].ad);
    const std::string& name = subs_[static_cast<size_t>(s)].name;
    const std::string neg = group_name != nullptr ? *group_name : std::string("<none>");
    r.InsertValue("SubmitterNegotiatingGroup", classad::Value::String(neg));
    r.InsertValue("SubmitterAutoregroup",
                  classad::Value::Boolean(!groups_.empty() && groups_[0].autoregroup &&
                                          neg == "<none>"));
    r.InsertValue("SubmittorPrio", classad::Value::Real(prio));
    r.InsertValue("SubmitterUserPrio", classad::Value::Real(prio));
    r.InsertValue("SubmitterUserResourcesInUse", classad::Value::Real(Usage(name)));
    if (groups_.size() > 1) {
      const std::string& g = groups_[static_cast<size_t>(AssignedGroup(name))].name;
      auto it = quota_map_.find(g);
      if (it != quota_map_.end()) {
        r.InsertValue("SubmitterGroup", classad::Value::String(g));
        r.InsertValue("SubmitterGroupResourcesInUse", classad::Value::Real(Usage(g)));
        r.InsertValue("SubmitterGroupQuota", classad::Value::Real(it->second));
      }
    }
    return r;
  }

  // The slot as the matchmaker sees it now: the Remote* attributes of its
  // user inserted (preemption on, a user on it). `for_matching`: for
  // Requirements and ranks (see ModelOptions::remote_attributes_when_matching).
  classad::ClassAd SlotAd(size_t i, bool for_matching = false) const {
    const Slot& s = slots_[i];
    classad::ClassAd ad(*s.ad);
    if (for_matching && !opt_.remote_attributes_when_matching) return ad;
    if (cfg_.consider_preemption && !s.remote_user.empty()) {
      ad.InsertValue("RemoteUserPrio", classad::Value::Real(static_cast<double>(
                                           static_cast<float>(Eup(s.remote_user)))));
      ad.InsertValue("RemoteUserResourcesInUse", classad::Value::Real(Usage(s.remote_user)));
      // RemoteGroup* come from the previous cycle's quota map: empty on
      // the first cycle, which is the one modelled.
      if (!opt_.remote_group_from_previous_cycle && groups_.size() > 1) {
        const std::string& g = groups_[static_cast<size_t>(AssignedGroup(s.remote_user))].name;
        auto it = quota_map_.find(g);
        if (it != quota_map_.end()) {
          ad.InsertValue("RemoteGroup", classad::Value::String(g));
          ad.InsertValue("RemoteGroupResourcesInUse", classad::Value::Real(Usage(g)));
          ad.InsertValue("RemoteGroupQuota", classad::Value::Real(it->second));
        }
      }
    }
    return ad;
  }

  Outcome Negotiate(int s, const std::string* group_name, double prio, double limit,
                    double limit_unclaimed, double ceiling, bool ignore, double* pie_left) {
    const Sub& sub = subs_[static_cast<size_t>(s)];
    double used = 0, used_unclaimed = 0;
    bool limited = false;
    std::set<int> rejected;
    size_t cursor = 0;
    for (;;) {
      bool only = false;
      if (used >= limit) {
        if (!ignore) return Outcome::kResume;
        only = true;
      }
      if (opt_.ceiling_check_before_fetch && used >= ceiling) return Outcome::kResume;
      // The next request.
      size_t j = SIZE_MAX;
      while (cursor < sub.jobs.size()) {
        const size_t c = sub.jobs[cursor];
        if (!jobs_[c].matched && rejected.count(jobs_[c].klass) == 0) {
          j = c;
          break;
        }
        ++cursor;
      }
      if (j == SIZE_MAX) return (used >= limit || limited) ? Outcome::kResume : Outcome::kDone;
      if (!opt_.ceiling_check_before_fetch && used >= ceiling) return Outcome::kResume;
      const classad::ClassAd request = RequestAd(j, s, group_name, prio);
      std::optional<Candidate> offer = Matchmake(s, j, request, prio, used, used_unclaimed, limit,
                                                 limit_unclaimed, *pie_left, only);
      if (!offer) {
        rejected.insert(jobs_[j].klass);
        if (rej_submitter_limit_ > 0) limited = true;
        result_.trace.push_back("    " + sub.name + " job " + std::to_string(jobs_[j].cluster) +
                                "." + std::to_string(jobs_[j].proc) + " rejected" +
                                (rej_submitter_limit_ ? " (submitter limit)" : "") +
                                (rej_concurrency_ ? " (concurrency)" : "") +
                                (rej_policy_ ? " (PREEMPTION_REQUIREMENTS)" : ""));
        if (rej_submitter_limit_ > 0 && !cfg_.consider_preemption && !cfg_.use_slot_weights) {
          return Outcome::kResume;
        }
        continue;
      }
      // The match.
      Slot& slot = slots_[offer->slot];
      const std::string remote = slot.remote_user;  // looked up whatever the preemption setting
      std::string matched_limits;
      {
        const classad::ClassAd slot_ad = SlotAd(offer->slot);
        if (std::optional<std::string> l = internal::StringOf(
                classad::EvaluateAttr(request, "ConcurrencyLimits", &slot_ad, internal::Eval()))) {
          matched_limits = internal::Lower(*l);
        }
      }
      AddMatch(sub.name, offer->slot, matched_limits);
      slot.taken = true;
      jobs_[j].matched = true;
      ModelMatch m;
      m.job = j;
      m.slot = offer->slot;
      m.submitter = sub.name;
      m.group = GroupRecord(sub.name);
      m.state = offer->state;
      result_.matches.push_back(m);
      result_.trace.push_back("    " + sub.name + " job " + std::to_string(jobs_[j].cluster) +
                              "." + std::to_string(jobs_[j].proc) + " -> " + slot.name +
                              (offer->state == ModelPreempt::kNone       ? ""
                               : offer->state == ModelPreempt::kRank ? " (rank preemption)"
                                                                     : " (priority preemption)"));
      used += slot.weight;
      if (remote.empty()) used_unclaimed += slot.weight;
      *pie_left -= slot.weight;
    }
  }

  void AddMatch(const std::string& customer, size_t i, const std::string& matched_limits) {
    Slot& s = slots_[i];
    if (!s.charged.empty()) {
      if (s.charged == customer) return;  // "Match already existed"
      Uncharge(s.charged, s.weight);
    }
    s.charged = customer;
    Charge(customer, s.weight);
    IncrementLimits(matched_limits);
  }

  // ---------------------------------------------------------------- matchmakingAlgorithm
  static bool Permits(double used, double allowed, double cost) {
    if (used + cost <= allowed) return true;
    return used <= 0 && allowed > 0;
  }

  // The policy expressions, parsed once (null: not loaded).
  void ParseExpressions() {
    pre_job_rank_ = internal::ParseOrNull(cfg_.pre_job_rank.value_or(
        "(10000000 * My.Rank) + (1000000 * (RemoteOwner =?= UNDEFINED)) - (100000 * Cpus) - "
        "Memory"));
    post_job_rank_ = internal::ParseOrNull(cfg_.post_job_rank.value_or(
        "(RemoteOwner =?= UNDEFINED) * (ifthenElse(isUndefined(KFlops), 1000, Kflops) - SlotID "
        "- 1.0e10*(Offline=?=True))"));
    preemption_rank_ = internal::ParseOrNull(cfg_.preemption_rank.value_or(
        "(RemoteUserPrio * 1000000) - ifThenElse(isUndefined(TotalJobRuntime), 0, "
        "TotalJobRuntime)"));
    preemption_requirements_ =
        internal::ParseOrNull(cfg_.preemption_requirements.value_or("False"));
    rank_above_ = internal::ParseOrNull("MY.Rank > MY.CurrentRank");
    rank_at_least_ = internal::ParseOrNull("MY.Rank >= MY.CurrentRank");
  }

  // EvalNegotiatorMatchRank: MY = slot, TARGET = request; cast to float;
  // −DBL_MAX when not loaded or not a number.
  static double Rank(const classad::ExprPtr& e, const classad::ClassAd& request,
                     const classad::ClassAd& slot) {
    if (!e) return -DBL_MAX;
    double v = 0;
    if (!internal::NumberOf(classad::EvaluateExpr(*e, &slot, &request, internal::Eval()), &v)) {
      return -DBL_MAX;
    }
    return static_cast<double>(static_cast<float>(v));
  }
  double PreJobRank(const classad::ClassAd& r, const classad::ClassAd& s) const {
    return Rank(pre_job_rank_, r, s);
  }
  double PostJobRank(const classad::ClassAd& r, const classad::ClassAd& s) const {
    return Rank(post_job_rank_, r, s);
  }
  double PreemptionRank(const classad::ClassAd& r, const classad::ClassAd& s) const {
    return Rank(preemption_rank_, r, s);
  }
  // PREEMPTION_REQUIREMENTS (MY = slot, TARGET = request), strictly true;
  // nullopt when no expression is loaded.
  std::optional<bool> PreemptionRequirements(const classad::ClassAd& r,
                                             const classad::ClassAd& s) const {
    if (!preemption_requirements_) return std::nullopt;
    return internal::StrictlyTrue(
        classad::EvaluateExpr(*preemption_requirements_, &s, &r, internal::Eval()));
  }
  static bool Holds(const classad::ExprPtr& e, const classad::ClassAd& slot,
                    const classad::ClassAd& r) {
    return internal::StrictlyTrue(classad::EvaluateExpr(*e, &slot, &r, internal::Eval()));
  }

  static bool Better(const Candidate& a, const Candidate& b) {
    if (a.pre != b.pre) return a.pre > b.pre;
    if (a.job_rank != b.job_rank) return a.job_rank > b.job_rank;
    if (a.post != b.post) return a.post > b.post;
    if (a.state != b.state) return a.state > b.state;
    return a.prank > b.prank;
  }

  std::optional<Candidate> Matchmake(int s, size_t j, const classad::ClassAd& request, double prio,
                                     double used, double used_unclaimed, double limit,
                                     double limit_unclaimed, double pie_left, bool only) {
    (void)pie_left;
    const std::string& submitter = subs_[static_cast<size_t>(s)].name;
    rej_concurrency_ = 0;
    bool limits_with_match = true;
    {
      classad::Value v = classad::EvaluateAttr(request, "ConcurrencyLimits", nullptr,
                                               internal::Eval());
      if (std::optional<std::string> l = internal::StringOf(v)) {
        limits_with_match = false;
        if (RejectForLimits(*l)) {
          if (!opt_.stale_rejection_counters) rej_submitter_limit_ = 0;
          return std::nullopt;
        }
      } else if (!request.Find("ConcurrencyLimits")) {
        limits_with_match = false;
      }
    }
    const int klass = jobs_[j].klass;
    // The cached MatchList.
    if (opt_.matchlist_cache && cfg_.matchlist_caching && cache_.valid &&
        cache_.klass == klass && cache_.prio == prio &&
        cache_.only == only && cache_.sub == s && CacheStillValid(request)) {
      std::optional<Candidate> best;
      while (cache_.head < cache_.list.size()) {
        const Candidate c = cache_.list[cache_.head++];
        if (limits_with_match) {
          const classad::ClassAd slot_ad = SlotAd(c.slot);
          if (std::optional<std::string> l = internal::StringOf(classad::EvaluateAttr(
                  request, "ConcurrencyLimits", &slot_ad, internal::Eval()))) {
            if (RejectForLimits(*l)) continue;
          }
        }
        const double cost = slots_[c.slot].weight;
        if (opt_.cache_pop_limit_rule) {
          if (c.state != ModelPreempt::kNone && Permits(used, limit, cost)) {
            best = c;
            break;
          }
          if (Permits(used_unclaimed, limit_unclaimed, cost)) {
            best = c;
            break;
          }
        } else if (c.state == ModelPreempt::kRank ||
                   (c.state == ModelPreempt::kPriority && Permits(used, limit, cost)) ||
                   (c.state == ModelPreempt::kNone &&
                    Permits(used_unclaimed, limit_unclaimed, cost))) {
          best = c;
          break;
        }
        ++cache_.rej_submitter_limit;
      }
      if (!best) {
        rej_submitter_limit_ = cache_.rej_submitter_limit;
        rej_concurrency_ = cache_.rej_concurrency;
        rej_policy_ = cache_.rej_policy;
        rej_rank_ = cache_.rej_rank;
      }
      return best;
    }
    cache_ = Cache();
    rej_submitter_limit_ = rej_policy_ = rej_rank_ = 0;
    std::vector<Candidate> found;
    for (size_t i : offered_) {
      if (slots_[i].taken) continue;
      const classad::ClassAd slot = SlotAd(i);
      const classad::ClassAd matched = SlotAd(i, /*for_matching=*/true);
      if (!classad::SymmetricMatch(request, matched, internal::Eval())) continue;
      const std::string remote = cfg_.consider_preemption ? slots_[i].remote_user : std::string();
      ModelPreempt state = ModelPreempt::kNone;
      if (only) {
        if (remote.empty()) continue;
        if (!Holds(rank_above_, slot, request)) continue;
        state = ModelPreempt::kRank;
      }
      if (!remote.empty() && !only) {
        if (Holds(rank_above_, slot, request)) {
          state = ModelPreempt::kRank;
        } else if (remote != submitter) {
          state = ModelPreempt::kPriority;
          std::optional<bool> pr = PreemptionRequirements(request, slot);
          if (pr.has_value() && !*pr) {
            ++rej_policy_;
            continue;
          }
          if (!Holds(rank_at_least_, slot, request)) {
            ++rej_rank_;
            continue;
          }
        } else {
          continue;
        }
      }
      const double cost = slots_[i].weight;
      if (state == ModelPreempt::kPriority && !Permits(used, limit, cost)) {
        ++rej_submitter_limit_;
        continue;
      }
      if (state == ModelPreempt::kNone && !Permits(used_unclaimed, limit_unclaimed, cost)) {
        ++rej_submitter_limit_;
        continue;
      }
      if (limits_with_match) {
        if (std::optional<std::string> l = internal::StringOf(
                classad::EvaluateAttr(request, "ConcurrencyLimits", &slot, internal::Eval()))) {
          if (RejectForLimits(*l)) continue;
        }
      }
      Candidate c;
      c.slot = i;
      c.state = state;
      c.pre = PreJobRank(request, matched);
      double job_rank = 0;
      if (request.Find("Rank")) {
        if (!internal::NumberOf(
                classad::EvaluateAttr(request, "Rank", &matched, internal::Eval()), &job_rank)) {
          job_rank = 0;
        }
      } else if (!internal::NumberOf(
                     classad::EvaluateAttr(matched, "Rank", &request, internal::Eval()),
                     &job_rank)) {
        job_rank = 0;
      }
      c.job_rank = job_rank;
      c.post = PostJobRank(request, matched);
      c.prank = state != ModelPreempt::kNone ? PreemptionRank(request, slot) : -FLT_MAX;
      found.push_back(c);
    }
    std::stable_sort(found.begin(), found.end(), Better);
    if (!opt_.matchlist_cache || !cfg_.matchlist_caching) {
      if (found.empty()) return std::nullopt;
      return found.front();
    }
    cache_.valid = !offered_.empty() && SlotsLeft() > 0;
    cache_.klass = klass;
    cache_.prio = prio;
    cache_.only = only;
    cache_.sub = s;
    cache_.list = found;
    cache_.rej_submitter_limit = rej_submitter_limit_;
    cache_.rej_concurrency = rej_concurrency_;
    cache_.rej_policy = rej_policy_;
    cache_.rej_rank = rej_rank_;
    if (cache_.list.empty()) return std::nullopt;
    return cache_.list[cache_.head++];
  }

  bool CacheStillValid(const classad::ClassAd& request) const {
    const bool pr_unstable = !cfg_.preemption_requirements_stable;
    const bool rank_unstable = !cfg_.preemption_rank_stable;
    if (!pr_unstable && !rank_unstable) return true;
    const Candidate* next = cache_.head < cache_.list.size() ? &cache_.list[cache_.head] : nullptr;
    if (pr_unstable) {
      if (next == nullptr) return false;
      if (next->state == ModelPreempt::kPriority) {
        const classad::ClassAd slot = SlotAd(next->slot);
        std::optional<bool> pr = PreemptionRequirements(request, slot);
        if (pr.has_value() && !*pr) return false;
      }
    }
    if (next != nullptr && rank_unstable && next->state != ModelPreempt::kNone) {
      const classad::ClassAd slot = SlotAd(next->slot);
      if (PreemptionRank(request, slot) != next->prank) return false;
    }
    return true;
  }

  const ModelInput& in_;
  const ModelConfig& cfg_;
  ModelOptions opt_;
  std::vector<Slot> slots_;
  std::vector<size_t> offered_;  // the trimmed slot list, in order
  std::vector<Job> jobs_;
  std::vector<Sub> subs_;
  std::vector<int> all_subs_;
  std::vector<Group> groups_;  // [0] is "<none>" when group quotas are on
  std::vector<int> bfs_;
  bool any_accept_surplus_ = false;
  std::map<std::string, double> quota_map_;
  std::map<std::string, double> usage_;
  std::map<std::string, double> limit_counts_;
  double pool_size_ = 0;
  double min_slot_weight_ = 0;
  Cache cache_;
  classad::ExprPtr pre_job_rank_, post_job_rank_, preemption_rank_, preemption_requirements_;
  classad::ExprPtr rank_above_, rank_at_least_;
  int rej_submitter_limit_ = 0, rej_concurrency_ = 0, rej_policy_ = 0, rej_rank_ = 0;
  ModelResult result_;
};

// Runs one cycle of the model.
inline ModelResult RunReferenceCycle(const ModelInput& input, const ModelOptions& options = {}) {
  ReferenceNegotiator model(input, options);
  return model.Run();
}

}  // namespace negotiator::model

#endif  // TESTS_NEGOTIATOR_MODEL_REFERENCE_NEGOTIATOR_H_
