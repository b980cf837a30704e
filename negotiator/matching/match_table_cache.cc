// MatchTableCache (match_table_cache.h).
#include "negotiator/matching/match_table_cache.h"

namespace negotiator {

void MatchTableCache::BeginCycle(const Pool& pool, std::span<const uint32_t> slots) {
  if (pool.identity() != pool_identity_) {
    pool_identity_ = pool.identity();
    ads_.clear();
    changed_at_.clear();
    rows_.clear();
    clauses_.clear();
    readings_.clear();
    numbers_.clear();
  }
  ++cycle_;
  std::erase_if(rows_, [](const auto& entry) { return !entry.second->used || entry.second->unkept; });
  for (auto& [key, row] : rows_) row->used = false;
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
    numbers_.clear();
    for (SlotReadings& r : readings_) r.claim_read = false;
  }
  changed_slots_ = 0;
  for (uint32_t id : slots) {
    if (ads_[id] == pool.slots()[id].ad) continue;
    ads_[id] = pool.slots()[id].ad;
    changed_at_[id] = cycle_;
    ++changed_slots_;
  }
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

uint32_t MatchTableCache::Number(std::string_view text) {
  auto it = numbers_.find(text);
  if (it == numbers_.end()) {
    it = numbers_.emplace(std::string(text), static_cast<uint32_t>(numbers_.size())).first;
  }
  return it->second;
}

MatchTableCache::Row* MatchTableCache::RowFor(const std::string& key, Holds holds) {
  std::unique_ptr<Row>& row = rows_[key];
  if (row == nullptr) row = std::make_unique<Row>();
  row->used = true;
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

WatchedEvalOptions::~WatchedEvalOptions() {
  if (cycle_.quirk_notes == nullptr) return;
  for (classad::Quirk quirk : notes_.List()) cycle_.quirk_notes->Note(quirk);
}

}  // namespace negotiator
