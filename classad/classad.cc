#include "classad/classad.h"

#include <cassert>
#include <cstring>

namespace classad {

// ---------------------------------------------------------------- AdLayout

size_t AdLayout::BucketsFor(size_t names) {
  size_t buckets = kMinBuckets;
  while (buckets < 2 * names) buckets *= 2;
  return buckets;
}

void AdLayout::IndexPosition(size_t i) {
  const std::string& name = names_[i];
  Bucket bucket;
  bucket.tag = static_cast<uint32_t>(hashes_[i]);
  bucket.position = static_cast<int32_t>(i);
  if (name.size() <= kInlineName) {
    bucket.length = static_cast<uint8_t>(name.size());
    std::memcpy(bucket.name, name.data(), name.size());
  } else {
    bucket.length = kLongName;
  }
  const size_t mask = index_.size() - 1;
  size_t slot = HomeBucket(hashes_[i]);
  while (index_[slot].position >= 0) slot = (slot + 1) & mask;
  index_[slot] = bucket;
}

void AdLayout::Rehash(size_t buckets) {
  index_.assign(buckets, Bucket{});
  for (size_t i = 0; i < names_.size(); ++i) IndexPosition(i);
}

void AdLayout::Append(std::string_view name, uint64_t hash) {
  names_.emplace_back(name);
  hashes_.push_back(hash);
  names_fold_ = FoldHash(names_fold_, hash);
  if (!order_.empty()) {
    // Last in both orders.
    order_.push_back(static_cast<uint32_t>(names_.size() - 1));
    order_fold_ = FoldHash(order_fold_, order_.back());
  }
  if (ClassifyName(name) != NameClass::kOrdinary) ++special_names_;
  if (index_.size() < 2 * names_.size()) {
    Rehash(BucketsFor(names_.size()));
  } else {
    IndexPosition(names_.size() - 1);
  }
}

void AdLayout::Erase(size_t p) {
  if (ClassifyName(names_[p]) != NameClass::kOrdinary) --special_names_;
  names_.erase(names_.begin() + static_cast<ptrdiff_t>(p));
  hashes_.erase(hashes_.begin() + static_cast<ptrdiff_t>(p));
  names_fold_ = kFoldSeed;
  for (uint64_t x : hashes_) names_fold_ = FoldHash(names_fold_, x);
  if (!order_.empty()) {
    // The attribute leaves the order; the positions after it move down.
    std::erase(order_, static_cast<uint32_t>(p));
    for (uint32_t& position : order_) position -= position > p ? 1 : 0;
    RefoldOrder();
  }
  Rehash(index_.size());
}

void AdLayout::RefoldOrder() {
  bool identity = true;
  for (size_t i = 0; i < order_.size() && identity; ++i) identity = order_[i] == i;
  if (identity) order_.clear();
  order_fold_ = 0;
  if (order_.empty()) return;
  order_fold_ = kFoldSeed;
  for (uint32_t position : order_) order_fold_ = FoldHash(order_fold_, position);
}

std::shared_ptr<AdLayout> AdLayout::StoringFirst(const std::vector<std::string>& first,
                                                 std::vector<uint32_t>* from) const {
  const size_t n = names_.size();
  from->clear();
  from->reserve(n);
  std::vector<bool> placed(n, false);
  for (const std::string& name : first) {
    const int p = Find(name, HashAttributeName(name));
    if (p < 0 || placed[static_cast<size_t>(p)]) continue;
    placed[static_cast<size_t>(p)] = true;
    from->push_back(static_cast<uint32_t>(p));
  }
  for (size_t p = 0; p < n; ++p) {
    if (!placed[p]) from->push_back(static_cast<uint32_t>(p));
  }
  auto packed = std::make_shared<AdLayout>();
  packed->names_.reserve(n);
  packed->hashes_.reserve(n);
  std::vector<uint32_t> to(n);  // position here -> position there
  for (size_t q = 0; q < n; ++q) {
    const uint32_t p = (*from)[q];
    to[p] = static_cast<uint32_t>(q);
    packed->names_.push_back(names_[p]);
    packed->hashes_.push_back(hashes_[p]);
    packed->names_fold_ = FoldHash(packed->names_fold_, hashes_[p]);
  }
  packed->special_names_ = special_names_;
  packed->order_.resize(n);
  for (size_t i = 0; i < n; ++i) packed->order_[i] = to[position(i)];
  packed->RefoldOrder();
  packed->Rehash(BucketsFor(n));
  return packed;
}

void AdLayout::Reserve(size_t names) {
  names_.reserve(names);
  hashes_.reserve(names);
  const size_t buckets = BucketsFor(names);
  if (buckets > index_.size()) Rehash(buckets);
}

void AdLayout::ShrinkToFit() {
  names_.shrink_to_fit();
  hashes_.shrink_to_fit();
  const size_t buckets = BucketsFor(names_.size());
  if (buckets < index_.size()) Rehash(buckets);
  index_.shrink_to_fit();
}

bool AdLayout::SameNames(const AdLayout& other) const {
  return hashes_ == other.hashes_ && names_ == other.names_ && order_ == other.order_;
}

uint64_t AdLayout::Fingerprint() const {
  return names_fold_ ^ (names_.size() * 0x9e3779b97f4a7c15ull) ^ order_fold_;
}

// ---------------------------------------------------------------- ClassAd

AdLayout& ClassAd::MutableLayout() {
  if (!layout_) {
    layout_ = std::make_shared<AdLayout>();
  } else if (layout_.use_count() > 1) {
    // Shared with other ads (or a LayoutTable): this ad gets its own copy.
    layout_ = std::make_shared<AdLayout>(*layout_);
  }
  return *layout_;
}

void ClassAd::InsertSlot(std::string_view name, Value slot) {
  const uint64_t hash = HashAttributeName(name);
  const int i = IndexOf(name, hash);
  if (i >= 0) {
    slots_[static_cast<size_t>(i)] = std::move(slot);
    return;
  }
  MutableLayout().Append(name, hash);
  slots_.push_back(std::move(slot));
}

// A literal is kept as its value, except a folded relTime("...") literal,
// whose value (a real) would not print as it was written.
StoredAttr::StoredAttr(ExprPtr expr)
    : slot_(expr->kind() == ExprKind::kLiteral && !expr->reltime_text()
                ? expr->literal()
                : Value::HoldExpr(std::move(expr))) {}

void ClassAd::Insert(std::string_view name, ExprPtr expr) {
  assert(expr != nullptr);
  if (expr->kind() == ExprKind::kLiteral && !expr->reltime_text()) {
    InsertSlot(name, expr->literal());
  } else {
    InsertSlot(name, Value::HoldExpr(std::move(expr)));
  }
}

void ClassAd::InsertValue(std::string_view name, Value value) {
  InsertSlot(name, std::move(value));
}

bool ClassAd::Remove(std::string_view name) {
  const int i = IndexOf(name, HashAttributeName(name));
  if (i < 0) return false;
  MutableLayout().Erase(static_cast<size_t>(i));
  slots_.erase(static_cast<size_t>(i));
  return true;
}

std::vector<Attribute> ClassAd::Attributes() const {
  std::vector<Attribute> out;
  out.reserve(slots_.size());
  for (size_t i = 0; i < slots_.size(); ++i) out.push_back(Attribute{name(i), at(i).ToExpr()});
  return out;
}

ExprPtr ClassAd::LookupPtr(std::string_view name) const {
  AttrRef ref = Find(name);
  return ref ? ref.ToExpr() : nullptr;
}

void ClassAd::Reserve(size_t attributes) {
  slots_.reserve(attributes);
  MutableLayout().Reserve(attributes);
}

void ClassAd::ShrinkToFit() {
  slots_.shrink_to_fit();
  if (layout_ && layout_.use_count() == 1) layout_->ShrinkToFit();
}

std::shared_ptr<ClassAd> ClassAd::MoveToArena(ClassAd&& ad, const AdArenaRef& arena) {
  auto moved = std::allocate_shared<ClassAd>(ArenaAllocator<ClassAd>(arena), std::move(ad));
  moved->slots_.MoveToArena(arena);
  return moved;
}

void ClassAd::Clear() {
  slots_.clear();
  layout_.reset();
}

// ---------------------------------------------------------------- LayoutTable

void LayoutTable::Intern(ClassAd* ad) {
  if (!ad->layout_) return;
  const uint64_t fingerprint = ad->layout_->Fingerprint();
  auto [begin, end] = layouts_.equal_range(fingerprint);
  for (auto it = begin; it != end; ++it) {
    if (it->second == ad->layout_) return;
    if (it->second->SameNames(*ad->layout_)) {
      ad->layout_ = it->second;
      return;
    }
  }
  if (layouts_.size() >= kMaxLayouts) layouts_.clear();
  ad->layout_->ShrinkToFit();
  layouts_.emplace(fingerprint, ad->layout_);
}

}  // namespace classad
