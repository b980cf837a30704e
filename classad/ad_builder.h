// AdBuilder: fills ads attribute by attribute the way readers do, expecting
// each ad to have the names of the one before in the same order (the ads of
// a dump are alike: every job ad of a schedd has the same eighty names).
// While names come as expected, an attribute costs one comparison of its
// name and the ad ends up sharing the previous ad's layout, with no index
// built, no name copied and nothing left to intern; the first name that
// differs gives the ad a layout of its own, with the names matched so far,
// and insertion goes on as ClassAd::Insert does.
//
// The ads it finishes are ordinary ads, exactly what inserting the same
// attributes one by one into a new ClassAd gives (same names, same
// spelling, same order, a repeated name replacing the earlier value).
// Not thread-safe; one per reader.
#ifndef CLASSAD_AD_BUILDER_H_
#define CLASSAD_AD_BUILDER_H_

#include <cstddef>
#include <memory>
#include <string_view>

#include "classad/classad.h"

namespace classad {

class AdBuilder {
 public:
  AdBuilder() = default;
  AdBuilder(const AdBuilder&) = delete;
  AdBuilder& operator=(const AdBuilder&) = delete;

  // Inserts or replaces `name` in the ad being built (one is started on
  // the first call after Finish).
  void Insert(std::string_view name, const StoredAttr& stored);
  // Whether the ad being built has `name`.
  bool Has(std::string_view name) const;
  // Attributes in the ad being built.
  size_t size() const;
  // The ad built (null when nothing was inserted); the next ad expects its
  // names.
  std::shared_ptr<ClassAd> Finish();

 private:
  // Gives the ad a layout of its own holding the names matched so far.
  void Diverge();
  // Before Diverge: the position of `name` among the names matched so far,
  // or -1.
  int MatchedPosition(std::string_view name) const;

  std::shared_ptr<ClassAd> ad_;
  // The names expected (the last ad's layout, in insertion order), or null.
  std::shared_ptr<AdLayout> expected_;
  // Attributes of the ad that matched expected_'s first names, while the
  // ad has no layout of its own.
  size_t matched_ = 0;
  bool diverged_ = false;
};

}  // namespace classad

#endif  // CLASSAD_AD_BUILDER_H_
