#include "classad/attribute_packer.h"

#include <utility>

namespace classad {

AttributePacker::AttributePacker(std::vector<std::string> first) : first_(std::move(first)) {}

void AttributePacker::Pack(ClassAd* ad) {
  if (!ad->layout_) return;
  auto it = packings_.find(ad->layout_.get());
  if (it == packings_.end()) {
    if (packings_.size() >= kMaxLayouts) packings_.clear();
    Packing packing;
    packing.source = ad->layout_;
    packing.packed = packing.source->StoringFirst(first_, &packing.from);
    if (packing.packed->SameNames(*packing.source)) {
      packing.packed = packing.source;  // already packed
    } else {
      // Ads already packed (this layout's, packed again) stay as they are.
      Packing settled;
      settled.source = settled.packed = packing.packed;
      packings_.emplace(packing.packed.get(), std::move(settled));
    }
    it = packings_.emplace(packing.source.get(), std::move(packing)).first;
  }
  const Packing& packing = it->second;
  if (packing.packed == ad->layout_) return;
  ad->slots_.Permute(packing.from);
  ad->layout_ = packing.packed;
}

}  // namespace classad
