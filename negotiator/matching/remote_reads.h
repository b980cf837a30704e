// RemoteReads: whether an ad's expressions name a claimed slot's Remote*
// attributes (policy/ephemeral.h), which HTCondor inserts into its copies
// of the claimed slots' ads before it matches; and a memo of it per ad
// (job ads, slot shapes) kept between cycles (an ad's answer never
// changes).
#ifndef NEGOTIATOR_MATCHING_REMOTE_READS_H_
#define NEGOTIATOR_MATCHING_REMOTE_READS_H_

#include <memory>
#include <unordered_map>

#include "classad/classad.h"
#include "classad/expr.h"

namespace negotiator {

// Whether `expr` names an ephemeral attribute of the slot side (`on_slot`,
// Remote*) or of the request side (Submitter*); with `live_only`, only one
// that changes as the cycle goes. Thread-safe.
bool NamesEphemeral(const classad::Expr& expr, bool on_slot, bool live_only = false);

// What an ad's expressions name of the Remote* attributes.
struct RemoteReads {
  bool any = false;   // some Remote* attribute
  bool live = false;  // one that changes as the cycle goes
  void Add(const RemoteReads& other) {
    any = any || other.any;
    live = live || other.live;
  }
};

// What every expression of `ad` names (literals name nothing). Thread-safe.
RemoteReads RemoteReadsOf(const classad::ClassAd& ad);

// RemoteReadsOf for ads (the match classes' job ads, the slot shapes),
// found once per ad object and kept (with the ad, so that another ad is
// never taken for it) while the ad is asked for in every cycle. Not
// thread-safe.
class RemoteReadsMemo {
 public:
  // Forgets the ads not asked for since the last BeginCycle.
  void BeginCycle();
  // RemoteReadsOf(*ad). `ad` must not be null.
  RemoteReads Of(const std::shared_ptr<const classad::ClassAd>& ad);
  size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::shared_ptr<const classad::ClassAd> ad;
    RemoteReads reads;
    bool used = true;
  };
  std::unordered_map<const classad::ClassAd*, Entry> entries_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_REMOTE_READS_H_
