// MatchTables (match_tables.h).
#include "negotiator/matching/match_tables.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include "classad/address_table.h"
#include "classad/and_clauses.h"
#include "classad/expression_reads.h"
#include "classad/match.h"
#include "classad/operators.h"
#include "classad/unparse.h"
#include "negotiator/matching/job_keys.h"
#include "negotiator/matching/match_sides.h"
#include "negotiator/matching/preemption.h"
#include "negotiator/parallel.h"

namespace negotiator {
namespace {

using classad::AttrRef;
using classad::ClassAd;
using classad::Expr;

// Distinct clause texts among the slots' Requirements.
constexpr size_t kMaxSlotClauseTexts = 256;
// Tables: (clause, distinct reading) pairs evaluated against the slots.
constexpr size_t kMaxTables = 8192;
// Distinct readings of the jobs' Rank.
constexpr size_t kMaxRankKeys = 64;
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
    const uintptr_t key = classad::AddressTable<uint32_t>::Key(&e);
    uint32_t text = 0;
    if (const uint32_t* known = text_of_expr_.Find(key)) {
      text = *known;
    } else {
      if (!classad::ReadsOnlyNamedAttributes(e)) return -1;
      auto [number, new_text] =
          numbers_.emplace(classad::Unparse(e), static_cast<uint32_t>(numbers_.size()));
      if (new_text) {
        if (numbers_.size() > max_texts) return -1;
        texts_.push_back(&number->first);
        mine_.emplace_back();
        theirs_.emplace_back();
        classad::NamesRead(e, &mine_.back(), &theirs_.back());
        members_.emplace_back();
      }
      text = number->second;
      text_of_expr_.Add(key, text);
    }
    members_[text].emplace_back(position, &e);
    return text;
  }
  uint32_t size() const { return static_cast<uint32_t>(members_.size()); }
  // Text `t` itself.
  const std::string& text(uint32_t t) const { return *texts_[t]; }
  const std::set<std::string>& mine(uint32_t t) const { return mine_[t]; }
  const std::set<std::string>& theirs(uint32_t t) const { return theirs_[t]; }
  // (position, expression) of the slots holding text `t`, in position order.
  const std::vector<std::pair<uint32_t, const Expr*>>& members(uint32_t t) const {
    return members_[t];
  }

 private:
  classad::AddressTable<uint32_t> text_of_expr_;  // each expression's text number
  std::unordered_map<std::string, uint32_t> numbers_;
  std::vector<const std::string*> texts_;  // by number, into numbers_' keys
  std::vector<std::set<std::string>> mine_, theirs_;
  std::vector<std::vector<std::pair<uint32_t, const Expr*>>> members_;
};

// What one table evaluates.
struct TableSpec {
  uint32_t job = 0;              // the job ad (index into Pool::jobs()) read
  const Expr* clause = nullptr;  // a job clause (MY = the job), or
  uint32_t slot_text = 0;        // the slots' clauses of this text (MY = the slot)
  // How (match_sides.h): the clause reads only the job, so it is evaluated
  // once; or it is a comparison of a slot side, whose values are in
  // column `column`, with a job side evaluated once; or neither, and it is
  // evaluated against each slot.
  bool reads_only_job = false;
  std::optional<SplitComparison> split = std::nullopt;
  uint32_t column = kNoColumn;
  static constexpr uint32_t kNoColumn = UINT32_MAX;
};

// The values of a comparison's slot side, one per slot: for a job clause
// by position, for a slot text by member. Shared by the tables of every
// job that reads the comparison's job side another way.
struct SlotSideColumn {
  uint32_t job = 0;                // the job of the first table using it (any job reads alike)
  const Expr* side = nullptr;      // a job clause: the slot side, or
  uint32_t slot_text = 0;          // a slot text: its members' clauses, side `left` or not
  bool left = false;
  uint32_t uses = 0;               // tables that read it
  std::vector<classad::Value> values;
};

// The operand of the (unparenthesised) comparison `clause`: its left one
// when `left`.
const Expr& ComparisonOperand(const Expr& clause, bool left) {
  const Expr* x = &clause;
  while (x->kind() == classad::ExprKind::kParens) x = &x->child(0);
  return x->child(left ? 0 : 1);
}

// The comparison's value from its two sides' values.
classad::Value Compare(const SplitComparison& split, const classad::Value& slot_side,
                       const classad::Value& job_side) {
  return split.slot_side_left ? classad::ApplyBinaryOp(split.op, slot_side, job_side)
                              : classad::ApplyBinaryOp(split.op, job_side, slot_side);
}

// A Requirements clause's result for each slot position `p` of `slots`:
// `evaluate(p)` for the slots `row` does not hold (recorded in it), the
// row's for the others; `use(p, result)` gets each.
// `*reused` counts the row's.
template <typename Evaluate, typename Use>
void ClauseResults(std::span<const uint32_t> slots, const std::vector<uint32_t>& positions,
                   MatchTableCache* cache, MatchTableCache::Row* row, size_t* reused,
                   Evaluate evaluate, Use use) {
  for (uint32_t p : positions) {
    const uint32_t slot = slots[p];
    if (row != nullptr && cache->Fresh(*row, slot)) {
      use(p, row->Bit(slot));
      ++*reused;
      continue;
    }
    const bool result = evaluate(p);
    if (row != nullptr) row->SetBit(slot, result);
    use(p, result);
  }
}

}  // namespace

MatchTables::MatchTables(const Pool& pool, const Autoclusters& autoclusters,
                         std::span<const uint32_t> slots,
                         std::span<const classad::ClassAd* const> slot_shapes, int threads,
                         const classad::EvalOptions& options, MatchTableCache* cache) {
  const size_t n = slots.size();
  words_ = (n + 63) / 64;
  slot_ok_.assign(words_, 0);
  // The slots' clauses, by text.
  SlotTexts texts;
  using SlotClauses = MatchTableCache::SlotClauses;
  SlotClauses split;
  for (size_t p = 0; p < n; ++p) {
    // The slot's Requirements split (kept with the cache while its ad stays).
    const SlotClauses* known = cache != nullptr ? cache->ClausesOf(slots[p]) : nullptr;
    if (known == nullptr) {
      const ClassAd& slot = *pool.slots()[slots[p]].ad;
      const AttrRef requirements = slot.Find("Requirements");
      split = SlotClauses();
      if (!requirements) {
        split.kind = SlotClauses::Kind::kLiteral;  // never holds
      } else if (requirements.is_literal()) {
        split.kind = SlotClauses::Kind::kLiteral;
        split.may_hold = classad::IsTrueValue(requirements.literal());
      } else {
        split.kind = SlotClauses::Kind::kSplit;
        split.may_hold = classad::SplitConjuncts(
            requirements.expr(), {.inline_from = &slot, .fold_literals = true}, &split.clauses);
      }
      if (cache != nullptr) {
        cache->KeepClauses(slots[p], std::move(split));
        known = cache->ClausesOf(slots[p]);
      } else {
        known = &split;
      }
    }
    if (!known->may_hold) continue;
    slot_ok_[p / 64] |= uint64_t{1} << (p % 64);
    for (const Expr* clause : known->clauses) {
      if (texts.Add(*clause, static_cast<uint32_t>(p), kMaxSlotClauseTexts) < 0) return;
    }
  }
  slot_text_count_ = texts.size();

  // Each class's tables, and its Rank's reading.
  JobKeys readings(slot_shapes, options);
  const size_t classes = autoclusters.class_representative.size();
  std::vector<TableSpec> specs;
  std::vector<uint32_t> rank_jobs;
  // Each table's and rank's key as the cache files it: empty when it must
  // not outlive the cycle (a key made of a job's identity).
  std::vector<std::string> spec_keys, rank_keys;
  tables_of_class_.assign(classes, {});
  class_never_.assign(classes, 0);
  rank_key_of_class_.assign(classes, 0);
  std::string key;
  // How each new table is evaluated (see TableSpec), and the slot-side
  // columns the comparisons share.
  MatchSides sides(slot_shapes);
  std::unordered_map<std::string, uint32_t> column_numbers;
  std::vector<SlotSideColumn> columns;
  std::vector<std::string> column_keys;  // as the cache files them
  auto plan = [&](TableSpec* spec) {
    const ClassAd& job = *pool.jobs()[spec->job].ad;
    const bool job_clause = spec->clause != nullptr;
    const Expr& clause =
        job_clause ? *spec->clause : *texts.members(spec->slot_text).front().second;
    const MyAd my = job_clause ? MyAd::kJob : MyAd::kSlot;
    if (sides.ReadsOnlyJob(clause, job, my)) {
      spec->reads_only_job = true;
      return;
    }
    spec->split = sides.Split(clause, job, my);
    if (!spec->split) return;
    SlotSideColumn column;
    column.job = spec->job;
    column.slot_text = spec->slot_text;
    column.left = spec->split->slot_side_left;
    std::string column_key;
    if (job_clause) {
      column.side = spec->split->slot_side;
      column_key = "J" + classad::Unparse(*column.side);
    } else {
      column_key = "S" + texts.text(spec->slot_text) + (column.left ? "L" : "R");
    }
    auto [it, added] = column_numbers.emplace(column_key, static_cast<uint32_t>(columns.size()));
    if (added) {
      columns.push_back(std::move(column));
      column_keys.push_back("C" + column_key);
    }
    spec->column = it->second;
    ++columns[it->second].uses;
  };
  // The keys' numbers: the cache's (kept with the class keys), or this
  // cycle's own. By key number, its table or rank this cycle.
  KeyNumbers own_numbers;
  KeyNumbers& numbers = cache != nullptr ? cache->key_numbers() : own_numbers;
  constexpr uint32_t kNone = UINT32_MAX;
  std::vector<uint32_t> table_of_key, rank_of_key;
  auto table_for = [&](uint32_t k, const TableSpec& spec, bool keepable) {
    if (table_of_key.size() <= k) table_of_key.resize(numbers.size(), kNone);
    if (table_of_key[k] != kNone) return table_of_key[k];
    const uint32_t number = static_cast<uint32_t>(specs.size());
    table_of_key[k] = number;
    specs.push_back(spec);
    plan(&specs.back());
    spec_keys.push_back(keepable ? std::string(numbers.Text(k)) : std::string());
    return number;
  };
  // The keys of a class's representative job (see ClassKeys); false when
  // the jobs cannot be keyed. `*identity`: a key is made of the job's
  // identity (its tables' rows must not outlive the cycle); `*for_cycle`:
  // a key holds for this cycle only.
  using ClassKeys = MatchTableCache::ClassKeys;
  auto make_keys = [&](const ClassAd& job, ClassKeys* made, bool* identity, bool* for_cycle) {
    const size_t identity_keys = readings.identity_keys();
    const size_t cycle_keys = readings.cycle_keys();
    const AttrRef requirements = job.Find("Requirements");
    made->clauses.clear();
    made->never = !requirements;
    if (requirements && requirements.is_literal()) {
      made->never = !classad::IsTrueValue(requirements.literal());
    } else if (requirements) {
      made->never = !classad::SplitConjuncts(
          requirements.expr(), {.inline_from = &job, .fold_literals = true}, &made->clauses);
    }
    if (!made->never) {
      for (const Expr* clause : made->clauses) {
        if (!classad::ReadsOnlyNamedAttributes(*clause)) return false;
        std::set<std::string> job_names, slot_names;
        classad::NamesRead(*clause, &job_names, &slot_names);
        key = "J";
        classad::UnparseTo(*clause, &key);
        key.push_back('\x03');
        if (!readings.Append(job, std::move(job_names), slot_names, &key)) return false;
        made->keys.push_back(numbers.Number(key));
      }
      for (uint32_t t = 0; t < texts.size(); ++t) {
        key = "S" + texts.text(t);
        key.push_back('\x03');
        if (!readings.AppendForSlotExpression(job, texts.mine(t), texts.theirs(t), &key)) {
          return false;
        }
        made->keys.push_back(numbers.Number(key));
      }
    }
    key = "R";
    if (!readings.Append(job, {"rank"}, {}, &key)) return false;
    made->rank_key = numbers.Number(key);
    *identity = readings.identity_keys() != identity_keys;
    *for_cycle = readings.cycle_keys() != cycle_keys;
    return true;
  };
  // Keys are kept from cycle to cycle while the slots' texts stay.
  bool keep_keys = false;
  if (cache != nullptr) {
    std::string slot_texts;
    for (uint32_t t = 0; t < texts.size(); ++t) {
      slot_texts += texts.text(t);
      slot_texts.push_back('\0');
    }
    keep_keys = cache->KeyClassesAgainst(std::move(slot_texts));
  }
  ClassKeys made;
  for (size_t c = 0; c < classes; ++c) {
    const uint32_t job_index = autoclusters.class_representative[c];
    const std::shared_ptr<const ClassAd>& job = pool.jobs()[job_index].ad;
    const ClassKeys* keys = keep_keys ? cache->ClassKeysOf(job) : nullptr;
    bool identity = false, for_cycle = false;
    if (keys != nullptr) {
      ++class_keys_from_cache_;
    } else {
      made.Clear();
      if (!make_keys(*job, &made, &identity, &for_cycle)) return;
      if (keep_keys && !identity && !for_cycle) {
        cache->KeepClassKeys(job, made);
        keys = cache->ClassKeysOf(job);
      } else {
        keys = &made;
      }
    }
    std::vector<uint32_t>& mine = tables_of_class_[c];
    class_never_[c] = keys->never ? 1 : 0;
    if (!keys->never) {
      const size_t clause_count = keys->clauses.size();
      for (size_t i = 0; i < clause_count; ++i) {
        mine.push_back(table_for(keys->keys[i],
                                 TableSpec{.job = job_index, .clause = keys->clauses[i]},
                                 !identity));
      }
      for (uint32_t t = 0; t < texts.size(); ++t) {
        mine.push_back(table_for(keys->keys[clause_count + t],
                                 TableSpec{.job = job_index, .slot_text = t}, !identity));
      }
      if (specs.size() > kMaxTables) return;
    }
    const uint32_t rank_key = keys->rank_key;
    if (rank_of_key.size() <= rank_key) rank_of_key.resize(numbers.size(), kNone);
    if (rank_of_key[rank_key] == kNone) {
      rank_of_key[rank_key] = static_cast<uint32_t>(rank_jobs.size());
      if (rank_jobs.size() == kMaxRankKeys) return;
      rank_jobs.push_back(job_index);
      rank_keys.push_back(identity ? std::string() : std::string(numbers.Text(rank_key)));
    }
    rank_key_of_class_[c] = rank_of_key[rank_key];
  }

  // The slot-side columns that more than one table reads, then the tables
  // and the ranks, on the threads.
  std::vector<uint32_t> shared_columns;
  for (uint32_t c = 0; c < columns.size(); ++c) {
    if (columns[c].uses > 1) shared_columns.push_back(c);
  }
  // A column's values read only the slot (match_sides.h): kept in the
  // cache by slot, whatever job is matched.
  std::vector<MatchTableCache::Row*> column_rows(shared_columns.size(), nullptr);
  if (cache != nullptr) {
    for (size_t i = 0; i < shared_columns.size(); ++i) {
      column_rows[i] =
          cache->RowFor(column_keys[shared_columns[i]], MatchTableCache::Holds::kSideValues);
    }
  }
  std::vector<size_t> column_reused(shared_columns.size(), 0);
  // By column: its evaluations neither read the clock nor noted a quirk
  // (the tables comparing with it are kept only then).
  std::vector<uint8_t> column_keepable(columns.size(), 0);
  RunOnThreads(shared_columns.size(), threads, [&](size_t i) {
    SlotSideColumn& column = columns[shared_columns[i]];
    MatchTableCache::Row* row = column_rows[i];
    WatchedEvalOptions watched(options);
    const ClassAd& job = *pool.jobs()[column.job].ad;
    classad::MatchContext side_pair(&job, &job);  // a job clause's side: MY = the job
    classad::EvalContext side_eval(watched.options(), classad::BorrowScope(side_pair.my_scope()));
    // The value of the slot at position `p` (its clause `clause` when the
    // column is a slot text's), from the row when it holds it.
    auto value_at = [&](size_t p, const Expr* clause) {
      const uint32_t slot = slots[p];
      if (row != nullptr && cache->Fresh(*row, slot)) {
        ++column_reused[i];
        return row->side_values[slot];
      }
      classad::Value value;
      if (column.side != nullptr) {
        side_pair.Retarget(pool.slots()[slot].ad.get());
        side_eval.Restart();
        value = side_eval.Evaluate(*column.side);
      } else {
        // A clause of the slot's Requirements: matched as HTCondor's
        // IsAMatch(job, slot) does, with the job LEFT.
        classad::MatchContext pair(pool.slots()[slot].ad.get(), &job,
                                   classad::MatchLeft::kTarget);
        classad::EvalContext eval(watched.options(), classad::BorrowScope(pair.my_scope()));
        value = eval.Evaluate(ComparisonOperand(*clause, column.left));
      }
      if (row != nullptr) row->SetSideValue(slot, value);
      return value;
    };
    if (column.side != nullptr) {
      column.values.resize(n);
      for (size_t p = 0; p < n; ++p) column.values[p] = value_at(p, nullptr);
    } else {
      for (auto [p, clause] : texts.members(column.slot_text)) {
        column.values.push_back(value_at(p, clause));
      }
    }
    if (row != nullptr) cache->Filled(row, watched.keepable());
    column_keepable[shared_columns[i]] = watched.keepable() ? 1 : 0;
  });
  for (const TableSpec& spec : specs) {
    if (spec.reads_only_job) ++tables_evaluated_once_;
    if (spec.column != TableSpec::kNoColumn && columns[spec.column].uses > 1) {
      ++tables_from_columns_;
    }
  }
  tables_.assign(specs.size(), {});
  rank_values_.assign(rank_jobs.size(), {});
  // The cache's rows of the tables evaluated against each slot, and of the
  // ranks, found before the threads start.
  std::vector<MatchTableCache::Row*> rows(specs.size() + rank_jobs.size(), nullptr);
  if (cache != nullptr) {
    for (size_t i = 0; i < specs.size(); ++i) {
      if (!specs[i].reads_only_job && !spec_keys[i].empty()) {
        rows[i] = cache->RowFor(spec_keys[i], MatchTableCache::Holds::kBits);
      }
    }
    for (size_t k = 0; k < rank_jobs.size(); ++k) {
      if (!rank_keys[k].empty()) {
        rows[specs.size() + k] = cache->RowFor(rank_keys[k], MatchTableCache::Holds::kNumbers);
      }
    }
  }
  std::vector<uint32_t> all_positions(n);
  for (uint32_t p = 0; p < n; ++p) all_positions[p] = p;
  std::vector<size_t> reused(rows.size(), 0);  // by table and rank, one thread each
  RunOnThreads(specs.size() + rank_jobs.size(), threads, [&](size_t i) {
    MatchTableCache::Row* row = rows[i];
    WatchedEvalOptions watched(options);
    const classad::EvalOptions& table_options = watched.options();
    if (i < specs.size()) {
      const TableSpec& spec = specs[i];
      const ClassAd& job = *pool.jobs()[spec.job].ad;
      const SlotSideColumn* column =
          spec.column != TableSpec::kNoColumn && columns[spec.column].uses > 1
              ? &columns[spec.column]
              : nullptr;
      std::vector<uint64_t>& bits = tables_[i];
      auto set = [&bits](size_t p) { bits[p / 64] |= uint64_t{1} << (p % 64); };
      auto clear = [&bits](size_t p) { bits[p / 64] &= ~(uint64_t{1} << (p % 64)); };
      if (spec.clause != nullptr) {
        bits.assign(words_, 0);
        if (n == 0) return;
        if (spec.reads_only_job || column != nullptr) {
          // One evaluation against any slot: what it reads of a slot is
          // the same in all.
          const ClassAd* any_slot = pool.slots()[slots[0]].ad.get();
          const Expr& once = spec.reads_only_job ? *spec.clause : *spec.split->job_side;
          const classad::Value value = classad::EvaluateExpr(once, &job, any_slot, table_options);
          if (spec.reads_only_job) {
            if (classad::IsTrueValue(value)) {
              for (size_t p = 0; p < n; ++p) set(p);
            }
            return;
          }
          // The comparison of each slot's side with the job's: kept by
          // slot (with the column's own keepability).
          ClauseResults(
              slots, all_positions, cache, row, &reused[i],
              [&](size_t p) {
                return classad::IsTrueValue(Compare(*spec.split, column->values[p], value));
              },
              [&set](size_t p, bool result) {
                if (result) set(p);
              });
          if (row != nullptr) {
            cache->Filled(row, watched.keepable() && column_keepable[spec.column] != 0);
          }
          return;
        }
        classad::MatchContext pair(&job, &job);
        classad::EvalContext eval(table_options, classad::BorrowScope(pair.my_scope()));
        ClauseResults(
            slots, all_positions, cache, row, &reused[i],
            [&](size_t p) {
              pair.Retarget(pool.slots()[slots[p]].ad.get());
              eval.Restart();
              return classad::IsTrueValue(eval.Evaluate(*spec.clause));
            },
            [&set](size_t p, bool result) {
              if (result) set(p);
            });
        if (row != nullptr) cache->Filled(row, watched.keepable());
      } else {
        bits.assign(words_, ~uint64_t{0});
        const auto& members = texts.members(spec.slot_text);
        std::vector<uint32_t> positions;  // the members' positions, in member order
        positions.reserve(members.size());
        for (const auto& member : members) positions.push_back(member.first);
        if (spec.reads_only_job || column != nullptr) {
          // The job side (or the whole clause) evaluated once, in the first
          // member slot: it reads nothing of a slot.
          const auto [first, first_clause] = members.front();
          const ClassAd* first_slot = pool.slots()[slots[first]].ad.get();
          const Expr& once = spec.reads_only_job ? *first_clause : *spec.split->job_side;
          const classad::Value value =
              classad::EvaluateExpr(once, first_slot, &job, table_options);
          if (spec.reads_only_job) {
            if (!classad::IsTrueValue(value)) {
              for (const auto& member : members) clear(member.first);
            }
            return;
          }
          size_t m = 0;  // the member compared (positions in member order)
          ClauseResults(
              slots, positions, cache, row, &reused[i],
              [&](size_t p) {
                while (members[m].first != p) ++m;
                return classad::IsTrueValue(Compare(*spec.split, column->values[m], value));
              },
              [&clear](size_t p, bool result) {
                if (!result) clear(p);
              });
          if (row != nullptr) {
            cache->Filled(row, watched.keepable() && column_keepable[spec.column] != 0);
          }
          return;
        }
        size_t m = 0;  // the member being evaluated (positions in member order)
        ClauseResults(
            slots, positions, cache, row, &reused[i],
            [&](size_t p) {
              while (members[m].first != p) ++m;
              classad::MatchContext pair(pool.slots()[slots[p]].ad.get(), &job,
                                         classad::MatchLeft::kTarget);  // as above
              classad::EvalContext eval(table_options, classad::BorrowScope(pair.my_scope()));
              return classad::IsTrueValue(eval.Evaluate(*members[m].second));
            },
            [&clear](size_t p, bool result) {
              if (!result) clear(p);
            });
        if (row != nullptr) cache->Filled(row, watched.keepable());
      }
      return;
    }
    const ClassAd& job = *pool.jobs()[rank_jobs[i - specs.size()]].ad;
    std::vector<double>& values = rank_values_[i - specs.size()];
    values.assign(n, 0.0);
    const AttrRef rank = job.Find("Rank");
    if (!rank) return;
    classad::MatchContext pair(&job, &job);
    classad::EvalContext eval(table_options, classad::BorrowScope(pair.my_scope()));
    for (size_t p = 0; p < n; ++p) {
      const uint32_t slot = slots[p];
      if (row != nullptr && cache->Fresh(*row, slot)) {
        values[p] = row->values[slot];
        ++reused[i];
        continue;
      }
      pair.Retarget(pool.slots()[slot].ad.get());
      eval.Restart();
      values[p] = classad::RankValue(eval.Evaluate(rank));
      if (row != nullptr) row->SetValue(slot, values[p]);
    }
    if (row != nullptr) cache->Filled(row, watched.keepable());
  });
  for (size_t r : reused) results_from_cache_ += r;
  for (size_t r : column_reused) results_from_cache_ += r;
  active_ = true;
  BuildSlotRanks(pool, autoclusters, slots, slot_shapes, threads, options, &readings, cache);
}

void MatchTables::BuildSlotRanks(const Pool& pool, const Autoclusters& autoclusters,
                                 std::span<const uint32_t> slots,
                                 std::span<const classad::ClassAd* const> slot_shapes, int threads,
                                 const classad::EvalOptions& options, JobKeys* readings,
                                 MatchTableCache* cache) {
  const size_t n = slots.size();
  slot_rank_text_.assign(n, kLiteralRank);
  slot_rank_literal_.assign(n, 0.0);
  slot_rank_member_.assign(n, 0);
  SlotTexts texts;
  auto rank_of = [&](uint32_t slot) {
    if (cache == nullptr) return pool.slots()[slot].ad->Find("Rank");
    MatchTableCache::SlotReadings& readings = cache->ReadingsOf(slot);
    if (!readings.rank_read) {
      readings.rank = pool.slots()[slot].ad->Find("Rank");
      readings.rank_read = true;
    }
    return readings.rank;
  };
  for (size_t p = 0; p < n; ++p) {
    const AttrRef rank = rank_of(slots[p]);
    if (!rank) {  // undefined
      slot_rank_literal_[p] = RankForComparison(classad::Value::Undefined());
      continue;
    }
    if (rank.is_literal()) {
      slot_rank_literal_[p] = RankForComparison(rank.literal());
      continue;
    }
    const int64_t text = texts.Add(rank.expr(), static_cast<uint32_t>(p), SIZE_MAX);
    if (text < 0) return;
    slot_rank_text_[p] = static_cast<uint32_t>(text);
    slot_rank_member_[p] = static_cast<uint32_t>(texts.members(slot_rank_text_[p]).size() - 1);
  }
  slot_rank_texts_ = texts.size();
  // Each class's reading of each text.
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
      key = std::to_string(t);
      key.push_back('\x03');
      if (!readings->AppendForSlotExpression(job, texts.mine(t), texts.theirs(t), &key)) return;
      auto [it, added] = key_numbers.emplace(key, static_cast<uint32_t>(keys.size()));
      if (added) {
        keys.emplace_back(job_index, t);
        stored += texts.members(t).size();
        if (stored > kMaxSlotRankValues) return;
      }
      slot_rank_key_of_class_[c * slot_rank_texts_ + t] = it->second;
    }
  }
  // A key whose Rank reads only the job has one value in every slot of
  // its text (match_sides.h): evaluated once.
  std::vector<uint8_t> once(keys.size(), 0);
  MatchSides sides(slot_shapes);
  for (size_t k = 0; k < keys.size(); ++k) {
    const ClassAd& job = *pool.jobs()[keys[k].first].ad;
    once[k] = sides.ReadsOnlyJob(*texts.members(keys[k].second).front().second, job, MyAd::kSlot);
  }
  slot_rank_values_.assign(keys.size(), {});
  RunOnThreads(keys.size(), threads, [&](size_t k) {
    const ClassAd& job = *pool.jobs()[keys[k].first].ad;
    std::vector<double>& values = slot_rank_values_[k];
    const auto& members = texts.members(keys[k].second);
    if (once[k] != 0) {
      const auto [p, rank] = members.front();
      values.assign(members.size(), RankForComparison(classad::EvaluateExpr(
                                        *rank, pool.slots()[slots[p]].ad.get(), &job, options)));
      return;
    }
    values.reserve(members.size());
    for (auto [p, rank] : members) {
      classad::MatchContext pair(pool.slots()[slots[p]].ad.get(), &job);
      classad::EvalContext eval(options, classad::BorrowScope(pair.my_scope()));
      values.push_back(RankForComparison(eval.Evaluate(*rank)));
    }
  });
  // Classes that read every slot Rank text alike share a signature.
  std::map<std::vector<uint32_t>, uint32_t> signatures;
  slot_rank_signature_of_class_.assign(classes, 0);
  for (size_t c = 0; c < classes; ++c) {
    const auto first = slot_rank_key_of_class_.begin() + static_cast<ptrdiff_t>(c * slot_rank_texts_);
    std::vector<uint32_t> keys_of_class(first, first + slot_rank_texts_);
    slot_rank_signature_of_class_[c] =
        signatures.emplace(std::move(keys_of_class), static_cast<uint32_t>(signatures.size()))
            .first->second;
  }
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
