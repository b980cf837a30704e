#include "classad/classad.h"

#include <cassert>
#include <cstring>

namespace classad {

namespace {
inline char FoldAscii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }
}  // namespace

bool AttributeNamesEqual(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  // Most lookups spell the name as the ad does: try the exact match first.
  if (std::memcmp(a.data(), b.data(), a.size()) == 0) return true;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i] && FoldAscii(a[i]) != FoldAscii(b[i])) return false;
  }
  return true;
}

int ClassAd::FindIndex(std::string_view name, uint64_t hash) const {
  if (index_.empty()) {
    for (size_t i = 0; i < attributes_.size(); ++i) {
      const Attribute& a = attributes_[i];
      if (a.hash == hash && AttributeNamesEqual(a.name, name)) return static_cast<int>(i);
    }
    return -1;
  }
  const size_t mask = index_.size() - 1;
  for (size_t slot = hash & mask;; slot = (slot + 1) & mask) {
    int32_t i = index_[slot];
    if (i < 0) return -1;
    const Attribute& a = attributes_[i];
    if (a.hash == hash && AttributeNamesEqual(a.name, name)) return i;
  }
}

void ClassAd::Rehash(size_t buckets) {
  index_.assign(buckets, -1);
  const size_t mask = buckets - 1;
  for (size_t i = 0; i < attributes_.size(); ++i) {
    size_t slot = attributes_[i].hash & mask;
    while (index_[slot] >= 0) slot = (slot + 1) & mask;
    index_[slot] = static_cast<int32_t>(i);
  }
}

void ClassAd::Insert(std::string_view name, ExprPtr expr) {
  assert(expr != nullptr);
  const uint64_t hash = HashAttributeName(name);
  int i = FindIndex(name, hash);
  if (i >= 0) {
    attributes_[i].expr = std::move(expr);
    return;
  }
  attributes_.push_back(Attribute{std::string(name), hash, std::move(expr)});
  if (ClassifyName(name) != NameClass::kOrdinary) ++special_names_;
  if (attributes_.size() > kLinearScanLimit) {
    if (index_.size() < 2 * attributes_.size()) {
      size_t buckets = 16;
      while (buckets < 2 * attributes_.size()) buckets *= 2;
      Rehash(buckets);
    } else {
      const size_t mask = index_.size() - 1;
      size_t slot = hash & mask;
      while (index_[slot] >= 0) slot = (slot + 1) & mask;
      index_[slot] = static_cast<int32_t>(attributes_.size() - 1);
    }
  }
}

void ClassAd::InsertValue(std::string_view name, Value value) {
  Insert(name, Expr::Literal(std::move(value)));
}

bool ClassAd::Remove(std::string_view name) {
  int i = FindIndex(name, HashAttributeName(name));
  if (i < 0) return false;
  if (ClassifyName(attributes_[i].name) != NameClass::kOrdinary) --special_names_;
  attributes_.erase(attributes_.begin() + i);
  if (!index_.empty()) Rehash(index_.size());
  return true;
}

const Expr* ClassAd::Lookup(std::string_view name) const {
  return Lookup(name, HashAttributeName(name));
}

const Expr* ClassAd::Lookup(std::string_view name, uint64_t hash) const {
  int i = FindIndex(name, hash);
  return i < 0 ? nullptr : attributes_[i].expr.get();
}

ExprPtr ClassAd::LookupPtr(std::string_view name) const {
  int i = FindIndex(name, HashAttributeName(name));
  return i < 0 ? nullptr : attributes_[i].expr;
}

void ClassAd::ShrinkToFit() {
  attributes_.shrink_to_fit();
  if (!index_.empty()) {
    size_t buckets = 16;
    while (buckets < 2 * attributes_.size()) buckets *= 2;
    if (buckets < index_.size()) Rehash(buckets);
    index_.shrink_to_fit();
  }
}

void ClassAd::Clear() {
  attributes_.clear();
  index_.clear();
  special_names_ = 0;
}

}  // namespace classad
