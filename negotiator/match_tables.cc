// MatchTables (match_tables.h).
#include "negotiator/match_tables.h"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "classad/match.h"
#include "classad/unparse.h"
#include "negotiator/ad_reads.h"
#include "negotiator/parallel.h"
#include "policy/text_util.h"

namespace negotiator {
namespace {

using classad::AttrRef;
using classad::ClassAd;
using classad::Expr;
using classad::ExprKind;
using classad::Value;

// How deep references to an ad's own expressions are followed when
// splitting its Requirements into clauses.
constexpr int kMaxInlineDepth = 16;
// Distinct clause texts among the slots' Requirements.
constexpr size_t kMaxSlotClauseTexts = 256;
// Tables: (clause, distinct reading) pairs evaluated against the slots.
constexpr size_t kMaxTables = 8192;
// Distinct readings of the jobs' Rank.
constexpr size_t kMaxRankKeys = 64;
// Slot expressions followed to find what a slot attribute reads from a job.
constexpr size_t kMaxFollowed = 4096;

// The name a reference reads from its own ad (`name`, `MY.name`), or empty.
std::string_view OwnReference(const Expr& e) {
  if (e.kind() == ExprKind::kAttribute && !e.absolute() &&
      e.name_class() == classad::NameClass::kOrdinary) {
    return e.name();
  }
  if (e.kind() == ExprKind::kSelect) {
    const Expr& base = e.child(0);
    if (base.kind() == ExprKind::kAttribute && !base.absolute() &&
        base.name_class() == classad::NameClass::kMy) {
      return e.name();
    }
  }
  return {};
}

// Splits `e`, evaluated with `ad` as MY, into its top-level `&&` clauses,
// following references to `ad`'s own expressions (the value of such a
// reference is that expression's, evaluated in the same pair). Literal
// clauses and references to literal attributes are folded: `*never` is
// set when one is not true.
void SplitClauses(const Expr& e, const ClassAd& ad, int depth, std::vector<const Expr*>* out,
                  bool* never) {
  switch (e.kind()) {
    case ExprKind::kParens:
      return SplitClauses(e.child(0), ad, depth, out, never);
    case ExprKind::kBinary:
      if (e.op() == classad::Op::kAnd) {
        SplitClauses(e.child(0), ad, depth, out, never);
        SplitClauses(e.child(1), ad, depth, out, never);
        return;
      }
      break;
    case ExprKind::kLiteral:
      if (!classad::IsTrueValue(e.literal())) *never = true;
      return;
    default:
      break;
  }
  const std::string_view name = OwnReference(e);
  if (!name.empty() && depth < kMaxInlineDepth) {
    if (AttrRef ref = ad.Find(name)) {
      if (ref.is_literal()) {
        if (!classad::IsTrueValue(ref.literal())) *never = true;
        return;
      }
      return SplitClauses(ref.expr(), ad, depth + 1, out, never);
    }
  }
  out->push_back(&e);
}

// The names (lower case) `e` reads from its own ad and from the other.
void NamesOf(const Expr& e, std::set<std::string>* mine, std::set<std::string>* theirs) {
  std::vector<std::string> m, t;
  classad::CollectReferencedNames(e, &m, &t);
  for (const std::string& n : m) mine->insert(policy::LowerAscii(n));
  for (const std::string& n : t) theirs->insert(policy::LowerAscii(n));
}

// What a slot attribute reads from a job: the job attribute names (lower
// case) that evaluating the attribute in any of the slots may read,
// followed through the slots' own expressions. A name counts on both
// sides (a slot that lacks it reads the job's).
class SlotReads {
 public:
  SlotReads(const Pool& pool, std::span<const uint32_t> slots) : pool_(pool), slots_(slots) {}

  // Adds what slot attribute `name` (lower case) may read from a job to
  // `*job_names`; false when a slot expression on the way reads something
  // other than named attributes or there is too much to follow.
  bool Add(const std::string& name, std::set<std::string>* job_names) {
    auto it = memo_.find(name);
    if (it == memo_.end()) {
      std::set<std::string> reads;
      if (!Follow(name, &reads)) return false;
      it = memo_.emplace(name, std::move(reads)).first;
    }
    job_names->insert(it->second.begin(), it->second.end());
    return true;
  }

  // Whether any of the slots has attribute `name` (lower case).
  bool AnyHas(const std::string& name) {
    auto [it, added] = any_has_.emplace(name, false);
    if (added) {
      for (uint32_t s : slots_) {
        if (pool_.slots()[s].ad->Find(name)) {
          it->second = true;
          break;
        }
      }
    }
    return it->second;
  }

 private:
  bool Follow(const std::string& start, std::set<std::string>* reads) {
    std::vector<std::string> pending = {start};
    std::unordered_set<std::string> seen;
    std::unordered_set<const Expr*> followed;
    while (!pending.empty()) {
      std::string name = std::move(pending.back());
      pending.pop_back();
      if (!seen.insert(name).second) continue;
      reads->insert(name);
      for (uint32_t s : slots_) {
        const AttrRef ref = pool_.slots()[s].ad->Find(name);
        if (!ref || ref.is_literal() || !followed.insert(&ref.expr()).second) continue;
        if (followed.size() > kMaxFollowed || !ReadsOnlyNamedAttributes(ref.expr())) return false;
        std::set<std::string> mine, theirs;
        NamesOf(ref.expr(), &mine, &theirs);
        reads->insert(theirs.begin(), theirs.end());
        for (const std::string& n : mine) pending.push_back(n);
      }
    }
    return true;
  }

  const Pool& pool_;
  std::span<const uint32_t> slots_;
  std::unordered_map<std::string, std::set<std::string>> memo_;
  std::unordered_map<std::string, bool> any_has_;
};

// Appends to `*key` how `job` reads to a clause that reads `job_names`
// from the job and `slot_names` from the slot: the text of each job
// attribute it may read, followed through the job's expressions and the
// slots' in turn; except that a job expression that reads nothing of the
// slot (RequestMemory = ifThenElse(MemoryUsage =!= undefined, ...), where
// no slot has MemoryUsage or what it reads) stands by its value. Two jobs with the same key read
// alike to the clause. False as SlotReads::Add.
bool AppendJobReading(const ClassAd& job, std::set<std::string> job_names,
                      const std::set<std::string>& slot_names, SlotReads* slot_reads,
                      const classad::EvalOptions& options, std::string* key) {
  for (const std::string& s : slot_names) {
    if (!slot_reads->Add(s, &job_names)) return false;
  }
  std::set<std::string> own, by_value, asked_of_slots;
  std::vector<std::string> pending(job_names.begin(), job_names.end());
  while (!pending.empty()) {
    std::string name = std::move(pending.back());
    pending.pop_back();
    if (own.contains(name) || by_value.contains(name)) continue;
    std::set<std::string> own_here, of_slot;
    bool complete = true;
    FollowReads(job, name, &own_here, &of_slot, &complete);
    const AttrRef ref = job.Find(name);
    const bool reads_slots = std::any_of(of_slot.begin(), of_slot.end(), [&](const std::string& s) {
      return slot_reads->AnyHas(s);
    });
    if (ref && !ref.is_literal() && !reads_slots && complete) {
      by_value.insert(name);
      continue;
    }
    own.insert(own_here.begin(), own_here.end());
    for (const std::string& s : of_slot) {
      if (!asked_of_slots.insert(s).second) continue;
      std::set<std::string> more;
      if (!slot_reads->Add(s, &more)) return false;
      for (const std::string& m : more) {
        if (!own.contains(m)) pending.push_back(m);
      }
    }
  }
  for (const std::string& name : own) AppendAttributeText(job, name, key);
  for (const std::string& name : by_value) {
    if (own.contains(name)) continue;
    key->append(name);
    key->append("=\x04");
    classad::UnparseValueTo(classad::EvaluateExpr(job.Find(name).expr(), &job, nullptr, options),
                            key);
    key->push_back('\0');
  }
  return true;
}

// A number's value, else 0 (how the negotiator reads a slot's Rank).
double NumberOrZero(const Value& v) {
  if (v.IsInteger()) return static_cast<double>(v.integer());
  if (v.IsReal()) return v.real();
  return 0.0;
}

// How many slot Rank values the tables may hold (keys times slots).
constexpr size_t kMaxSlotRankValues = size_t{8} << 20;

// Slot expressions filed by their text (slots read from one file share
// their expressions, so each is unparsed once): the names each text reads
// and, per text, the slots holding it with the expression there.
class SlotTexts {
 public:
  // Files expression `e` of the slot at `position`; returns its text's
  // number, or -1 when `e` reads more than named attributes or it would
  // be text number `max_texts` + 1.
  int64_t Add(const Expr& e, uint32_t position, size_t max_texts) {
    auto [known, added] = text_of_expr_.emplace(&e, 0);
    if (added) {
      if (!ReadsOnlyNamedAttributes(e)) return -1;
      auto [number, new_text] =
          numbers_.emplace(classad::Unparse(e), static_cast<uint32_t>(numbers_.size()));
      if (new_text) {
        if (numbers_.size() > max_texts) return -1;
        mine_.emplace_back();
        theirs_.emplace_back();
        NamesOf(e, &mine_.back(), &theirs_.back());
        members_.emplace_back();
      }
      known->second = number->second;
    }
    members_[known->second].emplace_back(position, &e);
    return known->second;
  }
  uint32_t size() const { return static_cast<uint32_t>(members_.size()); }
  const std::set<std::string>& mine(uint32_t t) const { return mine_[t]; }
  const std::set<std::string>& theirs(uint32_t t) const { return theirs_[t]; }
  // (position, expression) of the slots holding text `t`, in position order.
  const std::vector<std::pair<uint32_t, const Expr*>>& members(uint32_t t) const {
    return members_[t];
  }

 private:
  std::unordered_map<const Expr*, uint32_t> text_of_expr_;
  std::unordered_map<std::string, uint32_t> numbers_;
  std::vector<std::set<std::string>> mine_, theirs_;
  std::vector<std::vector<std::pair<uint32_t, const Expr*>>> members_;
};

// What one table evaluates.
struct TableSpec {
  uint32_t job;                  // the job ad (index into Pool::jobs()) read
  const Expr* clause = nullptr;  // a job clause (MY = the job), or
  uint32_t slot_text = 0;        // the slots' clauses of this text (MY = the slot)
};

}  // namespace

MatchTables::MatchTables(const Pool& pool, const Autoclusters& autoclusters,
                         std::span<const uint32_t> slots, int threads,
                         const classad::EvalOptions& options) {
  const size_t n = slots.size();
  words_ = (n + 63) / 64;
  slot_ok_.assign(words_, 0);
  // The slots' clauses, by text.
  SlotTexts texts;
  std::vector<const Expr*> clauses;
  for (size_t p = 0; p < n; ++p) {
    const ClassAd& slot = *pool.slots()[slots[p]].ad;
    const AttrRef requirements = slot.Find("Requirements");
    if (!requirements) continue;
    if (requirements.is_literal()) {
      if (classad::IsTrueValue(requirements.literal())) slot_ok_[p / 64] |= uint64_t{1} << (p % 64);
      continue;
    }
    clauses.clear();
    bool never = false;
    SplitClauses(requirements.expr(), slot, 0, &clauses, &never);
    if (never) continue;
    slot_ok_[p / 64] |= uint64_t{1} << (p % 64);
    for (const Expr* clause : clauses) {
      if (texts.Add(*clause, static_cast<uint32_t>(p), kMaxSlotClauseTexts) < 0) return;
    }
  }
  slot_text_count_ = texts.size();

  // Each class's tables, and its Rank's reading.
  SlotReads slot_reads(pool, slots);
  const size_t classes = autoclusters.class_representative.size();
  std::unordered_map<std::string, uint32_t> table_numbers, rank_numbers;
  std::vector<TableSpec> specs;
  std::vector<uint32_t> rank_jobs;
  tables_of_class_.assign(classes, {});
  class_never_.assign(classes, 0);
  rank_key_of_class_.assign(classes, 0);
  std::string key;
  auto table_for = [&](const std::string& k, const TableSpec& spec) {
    auto [it, added] = table_numbers.emplace(k, static_cast<uint32_t>(specs.size()));
    if (added) specs.push_back(spec);
    return it->second;
  };
  for (size_t c = 0; c < classes; ++c) {
    const uint32_t job_index = autoclusters.class_representative[c];
    const ClassAd& job = *pool.jobs()[job_index].ad;
    std::vector<uint32_t>& mine = tables_of_class_[c];
    const AttrRef requirements = job.Find("Requirements");
    clauses.clear();
    bool never = !requirements;
    if (requirements && requirements.is_literal()) {
      never = !classad::IsTrueValue(requirements.literal());
    } else if (requirements) {
      SplitClauses(requirements.expr(), job, 0, &clauses, &never);
    }
    class_never_[c] = never ? 1 : 0;
    if (!never) {
      for (const Expr* clause : clauses) {
        if (!ReadsOnlyNamedAttributes(*clause)) return;
        std::set<std::string> job_names, slot_names;
        NamesOf(*clause, &job_names, &slot_names);
        key = "J";
        classad::UnparseTo(*clause, &key);
        key.push_back('\x03');
        if (!AppendJobReading(job, std::move(job_names), slot_names, &slot_reads, options, &key))
          return;
        mine.push_back(table_for(key, TableSpec{job_index, clause, 0}));
      }
      for (uint32_t t = 0; t < texts.size(); ++t) {
        std::set<std::string> job_names = texts.theirs(t);
        job_names.insert(texts.mine(t).begin(), texts.mine(t).end());
        key = "S" + std::to_string(t);
        key.push_back('\x03');
        if (!AppendJobReading(job, std::move(job_names), texts.mine(t), &slot_reads, options, &key))
          return;
        mine.push_back(table_for(key, TableSpec{job_index, nullptr, t}));
      }
      if (specs.size() > kMaxTables) return;
    }
    key.clear();
    if (!AppendJobReading(job, {"rank"}, {}, &slot_reads, options, &key)) return;
    auto [rank, new_rank] = rank_numbers.emplace(key, static_cast<uint32_t>(rank_jobs.size()));
    if (new_rank) {
      if (rank_jobs.size() == kMaxRankKeys) return;
      rank_jobs.push_back(job_index);
    }
    rank_key_of_class_[c] = rank->second;
  }

  // Evaluate the tables and the ranks, on the threads.
  tables_.assign(specs.size(), {});
  rank_values_.assign(rank_jobs.size(), {});
  RunOnThreads(specs.size() + rank_jobs.size(), threads, [&](size_t i) {
    if (i < specs.size()) {
      const TableSpec& spec = specs[i];
      const ClassAd& job = *pool.jobs()[spec.job].ad;
      std::vector<uint64_t>& bits = tables_[i];
      if (spec.clause != nullptr) {
        bits.assign(words_, 0);
        classad::MatchContext pair(&job, &job);
        classad::EvalContext eval(options, classad::BorrowScope(pair.my_scope()));
        for (size_t p = 0; p < n; ++p) {
          pair.Retarget(pool.slots()[slots[p]].ad.get());
          eval.Restart();
          if (classad::IsTrueValue(eval.Evaluate(*spec.clause))) {
            bits[p / 64] |= uint64_t{1} << (p % 64);
          }
        }
      } else {
        bits.assign(words_, ~uint64_t{0});
        for (auto [p, clause] : texts.members(spec.slot_text)) {
          classad::MatchContext pair(pool.slots()[slots[p]].ad.get(), &job);
          classad::EvalContext eval(options, classad::BorrowScope(pair.my_scope()));
          if (!classad::IsTrueValue(eval.Evaluate(*clause))) {
            bits[p / 64] &= ~(uint64_t{1} << (p % 64));
          }
        }
      }
      return;
    }
    const ClassAd& job = *pool.jobs()[rank_jobs[i - specs.size()]].ad;
    std::vector<double>& values = rank_values_[i - specs.size()];
    values.assign(n, 0.0);
    const AttrRef rank = job.Find("Rank");
    if (!rank) return;
    classad::MatchContext pair(&job, &job);
    classad::EvalContext eval(options, classad::BorrowScope(pair.my_scope()));
    for (size_t p = 0; p < n; ++p) {
      pair.Retarget(pool.slots()[slots[p]].ad.get());
      eval.Restart();
      values[p] = classad::RankValue(eval.Evaluate(rank));
    }
  });
  active_ = true;
  BuildSlotRanks(pool, autoclusters, slots, threads, options);
}

void MatchTables::BuildSlotRanks(const Pool& pool, const Autoclusters& autoclusters,
                                 std::span<const uint32_t> slots, int threads,
                                 const classad::EvalOptions& options) {
  const size_t n = slots.size();
  slot_rank_text_.assign(n, kLiteralRank);
  slot_rank_literal_.assign(n, 0.0);
  slot_rank_member_.assign(n, 0);
  SlotTexts texts;
  for (size_t p = 0; p < n; ++p) {
    const AttrRef rank = pool.slots()[slots[p]].ad->Find("Rank");
    if (!rank) continue;  // undefined: 0
    if (rank.is_literal()) {
      slot_rank_literal_[p] = NumberOrZero(rank.literal());
      continue;
    }
    const int64_t text = texts.Add(rank.expr(), static_cast<uint32_t>(p), SIZE_MAX);
    if (text < 0) return;
    slot_rank_text_[p] = static_cast<uint32_t>(text);
    slot_rank_member_[p] = static_cast<uint32_t>(texts.members(slot_rank_text_[p]).size() - 1);
  }
  slot_rank_texts_ = texts.size();
  // Each class's reading of each text.
  SlotReads slot_reads(pool, slots);
  const size_t classes = autoclusters.class_representative.size();
  std::unordered_map<std::string, uint32_t> key_numbers;
  std::vector<std::pair<uint32_t, uint32_t>> keys;  // (job, text)
  slot_rank_key_of_class_.assign(classes * slot_rank_texts_, 0);
  size_t stored = 0;
  std::string key;
  for (size_t c = 0; c < classes; ++c) {
    const uint32_t job_index = autoclusters.class_representative[c];
    const ClassAd& job = *pool.jobs()[job_index].ad;
    for (uint32_t t = 0; t < slot_rank_texts_; ++t) {
      std::set<std::string> job_names = texts.theirs(t);
      job_names.insert(texts.mine(t).begin(), texts.mine(t).end());
      key = std::to_string(t);
      key.push_back('\x03');
      if (!AppendJobReading(job, std::move(job_names), texts.mine(t), &slot_reads, options, &key)) {
        return;
      }
      auto [it, added] = key_numbers.emplace(key, static_cast<uint32_t>(keys.size()));
      if (added) {
        keys.emplace_back(job_index, t);
        stored += texts.members(t).size();
        if (stored > kMaxSlotRankValues) return;
      }
      slot_rank_key_of_class_[c * slot_rank_texts_ + t] = it->second;
    }
  }
  slot_rank_values_.assign(keys.size(), {});
  RunOnThreads(keys.size(), threads, [&](size_t k) {
    const ClassAd& job = *pool.jobs()[keys[k].first].ad;
    std::vector<double>& values = slot_rank_values_[k];
    values.reserve(texts.members(keys[k].second).size());
    for (auto [p, rank] : texts.members(keys[k].second)) {
      classad::MatchContext pair(pool.slots()[slots[p]].ad.get(), &job);
      classad::EvalContext eval(options, classad::BorrowScope(pair.my_scope()));
      values.push_back(NumberOrZero(eval.Evaluate(*rank)));
    }
  });
  slot_ranks_active_ = true;
}

void MatchTables::Matching(uint32_t match_class, std::vector<uint64_t>* bits) const {
  if (class_never_[match_class] != 0) {
    bits->assign(words_, 0);
    return;
  }
  bits->assign(slot_ok_.begin(), slot_ok_.end());
  uint64_t* out = bits->data();
  for (uint32_t table : tables_of_class_[match_class]) {
    const uint64_t* in = tables_[table].data();
    for (size_t w = 0; w < words_; ++w) out[w] &= in[w];
  }
}

}  // namespace negotiator
