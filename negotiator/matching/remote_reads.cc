// RemoteReads and its memo (remote_reads.h).
#include "negotiator/matching/remote_reads.h"

#include <string>
#include <vector>

#include "classad/match.h"
#include "policy/ephemeral.h"

namespace negotiator {

bool NamesEphemeral(const classad::Expr& expr, bool on_slot, bool live_only) {
  std::vector<std::string> mine, theirs;
  classad::CollectReferencedNames(expr, &mine, &theirs);
  for (const auto* names : {&mine, &theirs}) {
    for (const std::string& n : *names) {
      const policy::EphemeralAttributeInfo* info = policy::FindEphemeralAttribute(n);
      if (info != nullptr && info->on_slot == on_slot && (info->live || !live_only)) return true;
    }
  }
  return false;
}

RemoteReads RemoteReadsOf(const classad::ClassAd& ad) {
  RemoteReads reads;
  for (size_t i = 0; i < ad.size() && !reads.live; ++i) {
    const classad::AttrRef ref = ad.at(i);
    if (ref.is_literal() || !NamesEphemeral(ref.expr(), /*on_slot=*/true)) continue;
    reads.any = true;
    if (NamesEphemeral(ref.expr(), /*on_slot=*/true, /*live_only=*/true)) reads.live = true;
  }
  return reads;
}

void RemoteReadsMemo::BeginCycle() {
  std::erase_if(entries_, [](const auto& entry) { return !entry.second.used; });
  for (auto& [ad, entry] : entries_) entry.used = false;
}

RemoteReads RemoteReadsMemo::Of(const std::shared_ptr<const classad::ClassAd>& ad) {
  auto [it, added] = entries_.try_emplace(ad.get());
  Entry& entry = it->second;
  if (added) {
    entry.ad = ad;
    entry.reads = RemoteReadsOf(*ad);
  }
  entry.used = true;
  return entry.reads;
}

}  // namespace negotiator
