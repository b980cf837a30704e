// AdBuilder (ad_builder.h).
#include "classad/ad_builder.h"

#include <utility>

namespace classad {

void AdBuilder::Insert(std::string_view name, const StoredAttr& stored) {
  if (ad_ == nullptr) {
    ad_ = std::make_shared<ClassAd>();
    matched_ = 0;
    // Only a layout in insertion order can be followed name by name.
    diverged_ = expected_ == nullptr || !expected_->order_.empty();
    ad_->slots_.reserve(expected_ != nullptr ? expected_->size() : 0);
  }
  if (!diverged_) {
    if (matched_ < expected_->size() && expected_->name(matched_) == name) {
      ad_->slots_.push_back(stored.slot_);
      ++matched_;
      return;
    }
    const int earlier = MatchedPosition(name);
    if (earlier >= 0) {
      ad_->slots_[static_cast<size_t>(earlier)] = stored.slot_;  // a repeated name
      return;
    }
    Diverge();
  }
  ad_->Insert(name, stored);
}

void AdBuilder::Diverge() {
  diverged_ = true;
  if (matched_ == 0) return;
  auto own = std::make_shared<AdLayout>();
  own->Reserve(expected_->size());
  for (size_t p = 0; p < matched_; ++p) own->Append(expected_->name(p), expected_->hash(p));
  ad_->layout_ = std::move(own);
}

int AdBuilder::MatchedPosition(std::string_view name) const {
  const int p = expected_->Find(name, HashAttributeName(name));
  return p >= 0 && static_cast<size_t>(p) < matched_ ? p : -1;
}

bool AdBuilder::Has(std::string_view name) const {
  if (ad_ == nullptr) return false;
  if (diverged_) return static_cast<bool>(ad_->Find(name));
  return MatchedPosition(name) >= 0;
}

size_t AdBuilder::size() const { return ad_ == nullptr ? 0 : ad_->size(); }

std::shared_ptr<ClassAd> AdBuilder::Finish() {
  if (ad_ == nullptr) return nullptr;
  if (!diverged_) {
    if (matched_ == expected_->size()) {
      ad_->layout_ = expected_;
    } else {
      Diverge();
    }
  }
  if (ad_->layout_ != nullptr) expected_ = ad_->layout_;
  return std::move(ad_);
}

}  // namespace classad
