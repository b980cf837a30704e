// MatchTableCache (match_table_cache.h).
#include "negotiator/matching/match_table_cache.h"

#include <algorithm>

namespace negotiator {

void MatchTableCache::BeginCycle(const Pool& pool, std::span<const uint32_t> slots,
                                 std::span<const std::shared_ptr<const classad::ClassAd>> slot_shapes) {
  if (pool.identity() != pool_identity_) {
    class_keys_.clear();
    key_numbers_.Clear();
    keys_slot_texts_.clear();
    keys_slot_shapes_.clear();
    pool_identity_ = pool.identity();
    ads_.clear();
    changed_at_.clear();
    rows_.clear();
    clauses_.clear();
    readings_.clear();
    numbers_.Clear();
    change_log_.clear();
    log_covers_after_ = 0;
  }
  ++cycle_;
  cycle_slot_shapes_.assign(slot_shapes.begin(), slot_shapes.end());
  std::erase_if(class_keys_, [this](const auto& entry) {
    return cycle_ - entry.second.last_used > kUnusedCyclesKept;
  });
  // A row not asked for lately goes (its jobs may come back: an
  // autocluster whose idle jobs all ran and then gets more).
  std::erase_if(rows_, [this](const auto& entry) {
    const Row& row = *entry.second;
    return row.unkept || cycle_ - row.last_used > kUnusedCyclesKept;
  });
  const size_t ids = pool.slots().size();
  ads_.resize(ids);
  changed_at_.resize(ids, 0);
  // Slots that left keep no ad alive (their ids are never used again).
  for (size_t id = 0; id < ids; ++id) {
    if (ads_[id] != nullptr && !pool.slots()[id].present) {
      ads_[id].reset();
      if (id < clauses_.size()) clauses_[id] = SlotClauses();
      if (id < readings_.size()) readings_[id] = SlotReadings();
    }
  }
  // The numbers are forgotten, and the readings that hold them, when
  // texts of ads long gone have made them many.
  if (numbers_.size() > 4 * ids + 4096) {
    numbers_.Clear();
    for (SlotReadings& r : readings_) {
      r.claim_read = false;
      r.slot_clauses = SlotReadings::kNoKey;
    }
  }
  changed_slots_ = 0;
  for (uint32_t id : slots) {
    if (ads_[id] == pool.slots()[id].ad) continue;
    ads_[id] = pool.slots()[id].ad;
    changed_at_[id] = cycle_;
    change_log_.push_back({cycle_, id});
    ++changed_slots_;
  }
  // The log reaches back to the oldest filling of a kept row (older rows
  // forget everything: RowFor).
  uint64_t oldest = cycle_;
  for (const auto& [key, row] : rows_) {
    if (row->cycle != 0) oldest = std::min(oldest, row->cycle);
  }
  const auto first_needed = std::find_if(change_log_.begin(), change_log_.end(),
                                         [oldest](const Change& c) { return c.cycle > oldest; });
  change_log_.erase(change_log_.begin(), first_needed);
  log_covers_after_ = std::max(log_covers_after_, oldest);
}

MatchTableCache::SlotReadings& MatchTableCache::ReadingsOf(uint32_t slot) {
  if (readings_.size() <= slot) readings_.resize(ads_.size());
  SlotReadings& r = readings_[slot];
  if (r.cycle < changed_at_[slot]) {
    r = SlotReadings();
    r.cycle = cycle_;
  }
  return r;
}

uint32_t KeyNumbers::Number(std::string_view key) {
  auto it = numbers_.find(key);
  if (it == numbers_.end()) {
    it = numbers_.emplace(std::string(key), static_cast<uint32_t>(texts_.size())).first;
    texts_.push_back(&it->first);
  }
  return it->second;
}

bool MatchTableCache::KeyClassesAgainst(std::string slot_texts) {
  if (cycle_slot_shapes_.empty()) return false;
  // The numbers of keys of classes long gone are let go of too, once many.
  if (slot_texts != keys_slot_texts_ || cycle_slot_shapes_ != keys_slot_shapes_ ||
      key_numbers_.size() > kMaxKeyNumbers) {
    class_keys_.clear();
    key_numbers_.Clear();
    keys_slot_texts_ = std::move(slot_texts);
    keys_slot_shapes_ = cycle_slot_shapes_;
  }
  return true;
}

const MatchTableCache::ClassKeys* MatchTableCache::ClassKeysOf(
    const std::shared_ptr<const classad::ClassAd>& job) {
  auto it = class_keys_.find(job.get());
  if (it == class_keys_.end()) return nullptr;
  it->second.last_used = cycle_;
  return &it->second.keys;
}

void MatchTableCache::KeepClassKeys(const std::shared_ptr<const classad::ClassAd>& job,
                                    const ClassKeys& keys) {
  class_keys_[job.get()] = KeptClassKeys{job, keys, cycle_};
}

MatchTableCache::Row* MatchTableCache::RowFor(const std::string& key, Holds holds) {
  std::unique_ptr<Row>& row = rows_[key];
  if (row == nullptr) row = std::make_unique<Row>();
  row->last_used = cycle_;
  if (row->cycle != 0 && row->cycle < cycle_) {
    // A slot whose ad changed since the row was filled may not be filled
    // again (a table evaluates a clause only where the clauses before it
    // held): its old result is forgotten now, not trusted later.
    if (row->cycle < log_covers_after_) {
      std::fill(row->known.begin(), row->known.end(), 0);
    } else {
      auto c = std::upper_bound(change_log_.begin(), change_log_.end(), row->cycle,
                                [](uint64_t cycle, const Change& change) { return cycle < change.cycle; });
      for (; c != change_log_.end(); ++c) {
        if (c->slot / 64 < row->known.size()) {
          row->known[c->slot / 64] &= ~(uint64_t{1} << (c->slot % 64));
        }
      }
    }
  }
  const size_t ids = ads_.size();
  const size_t words = (ids + 63) / 64;
  row->known.resize(words, 0);
  switch (holds) {
    case Holds::kBits:
      row->bits.resize(words, 0);
      break;
    case Holds::kNumbers:
      row->values.resize(ids, 0.0);
      break;
    case Holds::kSideValues:
      row->side_values.resize(ids);
      break;
  }
  return row.get();
}

WatchedEvalOptions::WatchedEvalOptions(const classad::EvalOptions& cycle)
    : cycle_(cycle), options_(cycle) {
  options_.quirk_notes = &notes_;
  if (cycle.now) {
    options_.now = [this] {
      clock_read_ = true;
      return cycle_.now();
    };
  } else {
    clock_read_ = true;  // the system clock would be read: nothing is kept
  }
}

WatchedEvalOptions::~WatchedEvalOptions() { Restart(); }

void WatchedEvalOptions::Restart() {
  if (cycle_.quirk_notes != nullptr && !notes_.empty()) {
    for (classad::Quirk quirk : notes_.List()) cycle_.quirk_notes->Note(quirk);
  }
  notes_.Clear();
  clock_read_ = !cycle_.now;  // no clock named: the system clock would be read
}

}  // namespace negotiator
