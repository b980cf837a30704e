// SlotShapes (slot_shapes.h).
#include "negotiator/matching/slot_shapes.h"

namespace negotiator {
namespace {

// What position `p` of `ad` holds, as far as a shape is concerned: its
// expression, a literal list or nested ad itself, or null for any other
// literal.
const void* HeldAt(const classad::ClassAd& ad, size_t p) {
  const classad::AttrRef ref = ad.AtPosition(p);
  if (!ref.is_literal()) return &ref.expr();
  const classad::ValueType type = ref.literal().type();
  if (type == classad::ValueType::kList || type == classad::ValueType::kAd) return &ref.literal();
  return nullptr;
}

}  // namespace

void SlotShapes::Prune(const Pool& pool) {
  if (pool.identity() != pool_identity_ || shapes_.size() > 4 * pool.present_slots() + 1024) {
    pool_identity_ = pool.identity();
    entries_.clear();
    shapes_.clear();
    shapes_by_hash_.clear();
  }
  entries_.resize(pool.slots().size());
  // Slots that left keep no ad alive (a carved slot's id is never used again).
  for (size_t id = 0; id < entries_.size(); ++id) {
    if (entries_[id].ad != nullptr && !pool.slots()[id].present) entries_[id].ad.reset();
  }
}

std::vector<const classad::ClassAd*> SlotShapes::Distinct(
    const Pool& pool, std::span<const uint32_t> slots,
    std::vector<std::shared_ptr<const classad::ClassAd>>* owners) {
  if (owners != nullptr) owners->clear();
  if (pool.identity() != pool_identity_) Prune(pool);
  entries_.resize(pool.slots().size());
  std::vector<uint8_t> seen(shapes_.size(), 0);
  std::vector<const classad::ClassAd*> distinct;
  for (uint32_t id : slots) {
    const PoolSlot& slot = pool.slots()[id];
    Entry& e = entries_[id];
    if (e.ad != slot.ad) {
      e.shape = ShapeOf(slot.ad);
      e.ad = slot.ad;
      seen.resize(shapes_.size(), 0);
    }
    if (seen[e.shape] == 0) {
      seen[e.shape] = 1;
      distinct.push_back(shapes_[e.shape].get());
      if (owners != nullptr) owners->push_back(shapes_[e.shape]);
    }
  }
  return distinct;
}

uint32_t SlotShapes::ShapeOf(const std::shared_ptr<const classad::ClassAd>& ad) {
  const uint64_t hash = HashShape(*ad);
  auto [first, last] = shapes_by_hash_.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    if (SameShape(*shapes_[it->second], *ad)) return it->second;
  }
  const auto shape = static_cast<uint32_t>(shapes_.size());
  shapes_.push_back(ad);
  shapes_by_hash_.emplace(hash, shape);
  return shape;
}

bool SlotShapes::SameShape(const classad::ClassAd& a, const classad::ClassAd& b) {
  if (a.size() != b.size()) return false;
  const classad::AdLayout* la = a.layout();
  const classad::AdLayout* lb = b.layout();
  for (size_t p = 0; p < a.size(); ++p) {
    if (HeldAt(a, p) != HeldAt(b, p)) return false;
    if (la != lb && (la->hash(p) != lb->hash(p) ||
                     !classad::AttributeNamesEqual(la->name(p), lb->name(p)))) {
      return false;
    }
  }
  return true;
}

uint64_t SlotShapes::HashShape(const classad::ClassAd& ad) {
  uint64_t hash = 0xcbf29ce484222325ull ^ ad.size();
  for (size_t p = 0; p < ad.size(); ++p) {
    hash = (hash ^ ad.layout()->hash(p)) * 0x100000001b3ull;
    hash = (hash ^ reinterpret_cast<uintptr_t>(HeldAt(ad, p))) * 0x100000001b3ull;
  }
  return hash;
}

}  // namespace negotiator
