// JobAdCutter: a job ad cut down to what can be read from it in a pool,
// so that a pool of hundreds of thousands of jobs does not hold every ad
// whole (a job ad has about a hundred attributes; matching, autoclusters
// and the pool's own bookkeeping read a few dozen names, on which the jobs
// of one autocluster agree by construction).
//
// What can be read from a job ad in a pool (the watched names): every
// name any expression of any slot ad names (in any scope: a slot's
// expressions are evaluated against jobs); every name the policy's
// expressions name; the names the schedd always compares for autoclusters
// (Requirements, Rank, ConcurrencyLimits, FlockTo), SIGNIFICANT_ATTRIBUTES,
// ADD_SIGNIFICANT_ATTRIBUTES and STARTD_JOB_ATTRS; what a startd carves a
// dynamic slot by (RequestCpus, RequestMemory, RequestDisk, RequestGPUs);
// and the names a submitter is named from (submitter_identity.h). A job
// ad is cut to the attributes of those names it has, and, followed through
// the job's own expressions, every attribute those read (at any depth).
// Evaluating anything the pool evaluates then gives the same result with
// the cut ad as with the whole one: every lookup it makes finds what the
// whole ad holds, or is absent from both.
//
// Equal cut ads (same names as spelled, same order, same expression texts,
// values identical: reals compared exactly, not by their text) are one
// object, shared: the jobs of an autocluster usually hold one ad between
// them.
//
// When the names cannot be told from an expression's text (it calls
// eval(), or names an ad as a whole: classad::AllNamesRead), nothing is
// cut: a job whose own expressions do so is held whole, and a slot or
// policy expression that does so makes every job held whole.
//
// Not thread-safe: one per pool, used by the thread that changes it; the
// threads that read a job file each use a copy of their own
// (ForReadingThread).
#ifndef NEGOTIATOR_POOL_JOB_AD_CUTTER_H_
#define NEGOTIATOR_POOL_JOB_AD_CUTTER_H_

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "classad/classad.h"
#include "policy/policy.h"

namespace negotiator {

class JobAdCutter {
 public:
  // Watches the names `policy`'s expressions read and the fixed names
  // above. Borrows nothing.
  explicit JobAdCutter(const policy::Policy& policy);
  JobAdCutter(const JobAdCutter&) = delete;
  JobAdCutter& operator=(const JobAdCutter&) = delete;

  // Adds the names `slot`'s expressions read to the watched names.
  // Returns whether the watched names grew (ads cut before no longer
  // hold everything that may be read: the caller cuts them again from
  // whole ads).
  bool WatchSlot(const classad::ClassAd& slot);

  // A mark of the watched names as they are now, and the way back to it:
  // the names WatchSlot added since `mark` are no longer watched (for a
  // slot the caller refuses after all).
  struct WatchMark {
    size_t names = 0;
    bool reads_unknown = false;
  };
  WatchMark Mark() const { return WatchMark{log_.size(), reads_unknown_}; }
  void ForgetWatchesSince(const WatchMark& mark);

  // `job` cut (a shared ad; see the file comment), or `job` itself when it
  // cannot be cut. `*cut` (when not null) is set to whether it was cut.
  std::shared_ptr<const classad::ClassAd> Cut(const std::shared_ptr<const classad::ClassAd>& job,
                                              bool* cut = nullptr);

  // A cutter for one thread reading a job file while this one is not
  // changed: the same watched names, and `also` (as spelled) besides,
  // with caches of its own. Its Trim keeps what this cutter's Cut keeps
  // and more, so that Cut gives the same ad from the trimmed one as from
  // the whole one, and reading threads hold only that much of each ad.
  std::unique_ptr<JobAdCutter> ForReadingThread(std::span<const std::string_view> also) const;

  // `job` cut as Cut selects (the watched names it has and what they
  // read, in its order) in a new ad shared with nothing, or `job` itself
  // when it cannot be cut.
  std::shared_ptr<classad::ClassAd> Trim(std::shared_ptr<classad::ClassAd> job);

 private:
  // The names (lower case) an expression reads, and whether they could be
  // told (classad::AllNamesRead); kept with the expression, which the
  // entry keeps alive so that its address is not reused.
  struct ExprNames {
    classad::ExprPtr expr;
    std::vector<std::string> names;
    bool known = true;
  };
  // The positions of a layout whose names are watched; kept with an ad of
  // that layout, which keeps the layout alive.
  struct LayoutWatch {
    std::shared_ptr<const classad::ClassAd> holder;
    std::vector<uint32_t> positions;
  };
  // Adds `e`'s names to the watched names; returns whether they grew.
  bool Watch(const classad::Expr& e);
  bool WatchName(std::string name);
  // The names `e` reads, kept.
  const ExprNames& NamesOf(const classad::ExprPtr& e);
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
  JobAdCutter() = default;
  // The positions of `job`'s layout kept by a cut, in the job's order
  // (the watched names it has and, to any depth, what their expressions
  // read in it). False when the ad cannot be cut (see the file comment).
  bool KeptPositions(const std::shared_ptr<const classad::ClassAd>& job,
                     std::vector<uint32_t>* positions);
  // A new ad of `job`'s attributes at `positions`, in that order, its
  // layout shared with earlier ads of the same names.
  std::shared_ptr<classad::ClassAd> Build(const classad::ClassAd& job,
                                          const std::vector<uint32_t>& positions);

  // Adds `name` (lower case) to the watched names; whether it was new.
  bool Add(const std::string& name);

  std::unordered_set<std::string> watched_;  // lower case
  std::vector<std::string> log_;             // the names watched, in the order added
  bool reads_unknown_ = false;
  std::unordered_map<const classad::Expr*, ExprNames> expr_names_;
  std::unordered_map<const classad::Expr*, std::pair<classad::ExprPtr, std::string>> texts_;
  std::unordered_map<const classad::AdLayout*, LayoutWatch> layouts_;
  classad::LayoutTable layout_table_;
  // Cut ads by the hash of their text.
  std::unordered_map<size_t, std::weak_ptr<const classad::ClassAd>> shared_;
  size_t inserted_since_sweep_ = 0;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_POOL_JOB_AD_CUTTER_H_
