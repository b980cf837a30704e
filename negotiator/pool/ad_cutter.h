// AdCutter: a job ad or a slot ad cut down to what can be read from it in
// a pool, so that a pool of hundreds of thousands of jobs and tens of
// thousands of slots does not hold every ad whole (a job ad has about a
// hundred attributes, a slot ad about 150, a partitionable one long lists
// of its children's; matching, autoclusters, the accountant and the pool's
// own bookkeeping read a few dozen names).
//
// What can be read from an ad of one side in a pool (the watched names):
// every name any expression of any ad of the other side names (in any
// scope: a slot's expressions are evaluated against jobs, and a job's
// against slots); every name the policy's expressions name; and the names
// the negotiator reads from that side directly. For jobs: what the schedd
// always compares for autoclusters (Requirements, Rank, ConcurrencyLimits,
// FlockTo), SIGNIFICANT_ATTRIBUTES, ADD_SIGNIFICANT_ATTRIBUTES and
// STARTD_JOB_ATTRS; what a startd carves a dynamic slot by (RequestCpus,
// RequestMemory, RequestDisk, RequestGPUs); the names a submitter is named
// from (submitter_identity.h). For slots: what the pool, the accountant,
// the Remote* attributes, preemption and matching read (SlotNamesReadDirectly()),
// which include every name the pool itself writes into a slot ad, and
// every expression of a slot ad but lists (the significant attributes
// are collected from the names they all reference). An ad is cut to the
// attributes of those names it has, any attribute named like a special
// name (`target`, `my`, `parent`, `self`, `root`, `toplevel`,
// `CurrentTime`: it changes what `TARGET.x` and the like resolve to in the
// ad), and, followed through the ad's own expressions, every attribute
// those read (at any depth).
// Evaluating anything the pool evaluates then gives the same result with
// the cut ad as with the whole one: every lookup it makes finds what the
// whole ad holds, or is absent from both.
//
// Equal cut job ads (same names as spelled, same order, same expression
// texts, values identical: reals compared exactly, not by their text) are
// one object, shared (Cut): the jobs of an autocluster usually hold one ad
// between them. Slot ads are all different (each has its Name) and are
// only trimmed (Trim).
//
// When the names cannot be told from an expression's text (it calls
// eval(), or names an ad as a whole: classad::AllNamesRead), nothing is
// cut: an ad whose own expressions do so is held whole, and an expression
// of the other side or of the policy that does so makes every ad of this
// side held whole. Slots are also held whole under
// NEGOTIATOR_CROSS_SLOT_PRIOS (the Remote* attributes then read names made
// of STARTD_RESOURCE_PREFIX and a slot number).
//
// Not thread-safe: one per side per pool, used by the thread that changes
// it; the threads that read a file each use a copy of their own
// (ForReadingThread).
#ifndef NEGOTIATOR_POOL_AD_CUTTER_H_
#define NEGOTIATOR_POOL_AD_CUTTER_H_

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "classad/classad.h"
#include "classad/value_copier.h"
#include "policy/policy.h"

namespace negotiator {

// The side of the match an AdCutter cuts the ads of.
enum class AdSide { kJob, kSlot };

// The names the negotiator reads from a slot ad by name, besides what
// expressions read (see the file comment): a slot cut keeps them. Every
// name the pool writes into a slot ad (a claim, its end, a carved dynamic
// slot) is among them, so that what a cut slot ad lacks is never what the
// pool changed.
std::span<const std::string_view> SlotNamesReadDirectly();

class AdCutter {
 public:
  // Watches the names `policy`'s expressions read and the fixed names of
  // `side` above. Borrows nothing.
  AdCutter(const policy::Policy& policy, AdSide side);
  AdCutter(const AdCutter&) = delete;
  AdCutter& operator=(const AdCutter&) = delete;

  // Adds the names the expressions of `other` (an ad of the other side:
  // a slot ad when cutting jobs) read to the watched names. Returns
  // whether the watched names grew (ads cut before no longer hold
  // everything that may be read: the caller cuts them again from whole
  // ads). Remembers the last ad object it was given, and does nothing when
  // given it again (the cut job ads of an autocluster are one object).
  bool WatchReadsOf(const std::shared_ptr<const classad::ClassAd>& other);

  // Adds the names `copy` (made by ForReadingThread of this cutter, and
  // given ads of the other side on its thread) came to watch, its `also`
  // included. Returns whether the watched names grew.
  bool WatchWhatCopyWatched(const AdCutter& copy);

  // A mark of the watched names as they are now, and the way back to it:
  // the names WatchReadsOf added since `mark` are no longer watched (for
  // an ad the caller refuses after all).
  struct WatchMark {
    size_t names = 0;
    bool reads_unknown = false;
  };
  WatchMark Mark() const { return WatchMark{log_.size(), reads_unknown_}; }
  void ForgetWatchesSince(const WatchMark& mark);

  // Drops what is kept per expression and per layout to save work (and
  // keeps them alive): after a file was read on several threads, what they
  // parsed (see classad/value_copier.h). Changes no result.
  void ForgetKeptExpressions();

  // `job` cut (a shared ad; see the file comment), or `job` itself when it
  // cannot be cut. `*cut` (when not null) is set to whether it was cut.
  // A new cut ad holds copies `copier` makes of `job`'s values when one is
  // given (see classad/value_copier.h: a reader keeps the values it parsed
  // on other threads so), else the values themselves. Meant for job ads
  // (slot ads are trimmed).
  std::shared_ptr<const classad::ClassAd> Cut(const std::shared_ptr<const classad::ClassAd>& job,
                                              bool* cut = nullptr,
                                              classad::ValueCopier* copier = nullptr);

  // A cutter for one thread reading a file while this one is not
  // changed: the same watched names, and `also` (as spelled) besides,
  // with caches of its own. Its Trim keeps what this cutter's Cut keeps
  // and more, so that Cut gives the same ad from the trimmed one as from
  // the whole one, and reading threads hold only that much of each ad.
  std::unique_ptr<AdCutter> ForReadingThread(std::span<const std::string_view> also) const;

  // `ad` cut as Cut selects (the watched names it has and what they
  // read, in its order) in a new ad shared with nothing, or `ad` itself
  // when it cannot be cut or nothing is left out.
  std::shared_ptr<classad::ClassAd> Trim(std::shared_ptr<classad::ClassAd> ad);

  // `current` (a slot ad cut before and changed by the pool since) with
  // what `trimmed` (the same slot's ad as read, trimmed with names watched
  // since) holds and `current` lacks, but for names read directly (which
  // the earlier cut kept, and which the pool may have removed): the cut
  // widened to the names watched now, with the pool's changes kept. Null
  // when nothing is missing.
  // What `trimmed` adds is copied by `copier` when one is given (as Cut
  // copies); what `current` holds is shared.
  static std::shared_ptr<classad::ClassAd> Widen(const classad::ClassAd& current,
                                                 const classad::ClassAd& trimmed,
                                                 classad::ValueCopier* copier = nullptr);

  // A new ad of `ad`'s attributes in its order, each value copied by
  // `copier` (see Cut), its layout its own.
  static std::shared_ptr<classad::ClassAd> Copy(const classad::ClassAd& ad,
                                                classad::ValueCopier* copier);

 private:
  // The names (lower case) an expression reads, and whether they could be
  // told (classad::AllNamesRead); kept with the expression, which the
  // entry keeps alive so that its address is not reused.
  struct ExprNames {
    classad::ExprPtr expr;
    std::vector<std::string> names;
    bool known = true;
    // The names are watched since this forgetting (watches_forgotten_):
    // WatchReadsOf need not add them again.
    uint64_t watched_since = UINT64_MAX;
  };
  // The positions of a layout whose names are watched; kept with the
  // layout, so that its address is not reused (not with an ad of it: a
  // reading thread's cache would keep thousands of whole ads).
  struct LayoutWatch {
    std::shared_ptr<const classad::AdLayout> layout;
    std::vector<uint32_t> positions;
  };
  // Adds `e`'s names to the watched names; returns whether they grew.
  bool Watch(const classad::Expr& e);
  bool WatchName(std::string name);
  // The names `e` reads, kept.
  ExprNames& NamesOf(const classad::ExprPtr& e);
  // The positions of `ad`'s layout whose names are watched, kept.
  const LayoutWatch& WatchedPositions(const std::shared_ptr<const classad::ClassAd>& ad);
  // The text of `ad`'s attributes at `positions`, in that order: what
  // makes two cut ads one.
  void AppendText(const classad::ClassAd& ad, const std::vector<uint32_t>& positions,
                  std::string* out);
  // The text of an expression (not a literal), unparsed once and kept.
  const std::string& TextOf(const classad::AttrRef& expression);
  // Whether `a`'s attributes at `in_a` and `b`'s at `in_b` give the same
  // text (AppendText) and hold the very same values: names alike, literals
  // identical, expressions of one text and the same reals (the text keeps
  // 16 digits of a real).
  bool SameCut(const classad::ClassAd& a, const std::vector<uint32_t>& in_a,
               const classad::ClassAd& b, const std::vector<uint32_t>& in_b);
  AdCutter() = default;
  // The positions of `job`'s layout kept by a cut, in the job's order
  // (the watched names it has and, to any depth, what their expressions
  // read in it). False when the ad cannot be cut (see the file comment).
  bool KeptPositions(const std::shared_ptr<const classad::ClassAd>& job,
                     std::vector<uint32_t>* positions);
  // A new ad of `job`'s attributes at `positions`, in that order, its
  // layout shared with earlier ads of the same names.
  // Values are copied by `copier` when one is given (see Cut).
  std::shared_ptr<classad::ClassAd> Build(const classad::ClassAd& job,
                                          const std::vector<uint32_t>& positions,
                                          classad::ValueCopier* copier = nullptr);

  // Adds `name` (lower case) to the watched names; whether it was new.
  bool Add(const std::string& name);

  AdSide side_ = AdSide::kJob;
  std::unordered_set<std::string> watched_;  // lower case
  std::vector<std::string> log_;             // the names watched, in the order added
  bool reads_unknown_ = false;
  std::shared_ptr<const classad::ClassAd> last_watched_;  // WatchReadsOf's last ad
  uint64_t watches_forgotten_ = 0;  // how many times ForgetWatchesSince ran
  std::unordered_map<const classad::Expr*, ExprNames> expr_names_;
  std::unordered_map<const classad::Expr*, std::pair<classad::ExprPtr, std::string>> texts_;
  std::unordered_map<const classad::AdLayout*, LayoutWatch> layouts_;
  classad::LayoutTable layout_table_;
  // Cut ads by the hash of their text.
  std::unordered_map<size_t, std::weak_ptr<const classad::ClassAd>> shared_;
  size_t inserted_since_sweep_ = 0;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_POOL_AD_CUTTER_H_
