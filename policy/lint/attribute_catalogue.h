// The attributes policy_lint knows: HTCondor's standard job, slot,
// submitter and group-sort attributes with their value types (a data
// table, attribute_catalogue.cc), the ephemeral attributes the negotiator
// inserts (policy/ephemeral.h), and the attributes of sample ads given on
// the command line. The unknown-attribute check looks names up here (with
// a did-you-mean), the type checks read their types.
#ifndef POLICY_LINT_ATTRIBUTE_CATALOGUE_H_
#define POLICY_LINT_ATTRIBUTE_CATALOGUE_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "classad/classad.h"

namespace policy::lint {

// The type of an attribute's value, as far as the linter knows it. Numbers
// are integers and reals alike (ClassAd arithmetic mixes them freely).
enum class AttributeType : uint8_t { kUnknown, kBoolean, kNumber, kString, kList, kAd };

// "unknown", "boolean", "number", "string", "list" or "ad".
std::string_view AttributeTypeName(AttributeType type);

// The kinds of ad an attribute appears in, as bits of a uint8_t.
inline constexpr uint8_t kSlotAd = 1;       // a machine (slot) ad
inline constexpr uint8_t kJobAd = 2;        // a job (request) ad
inline constexpr uint8_t kSubmitterAd = 4;  // a submitter ad (NEGOTIATOR_SUBMITTER_CONSTRAINT)
inline constexpr uint8_t kGroupSortAd = 8;  // the per-group ad GROUP_SORT_EXPR is evaluated in
inline constexpr uint8_t kAnyAd = kSlotAd | kJobAd | kSubmitterAd | kGroupSortAd;

// One row of the standard table. `ads` is kAnyAd for a name HTCondor
// defines (condor_attributes.h) whose ad this table does not record.
struct StandardAttribute {
  std::string_view name;  // HTCondor's spelling
  AttributeType type;     // kUnknown when it varies or is not recorded
  uint8_t ads;
};

// Every standard attribute, sorted by name with ASCII letters folded, no
// duplicates. Static data; thread-safe.
std::span<const StandardAttribute> StandardAttributes();

// The catalogue of one lint run: the standard table, the ephemeral
// attributes and the sample ads' attributes. Immutable once built;
// thread-safe to read.
class AttributeCatalogue {
 public:
  // What the catalogue knows about one name.
  struct Entry {
    std::string name;  // as spelled by the first source that knew it
    AttributeType type = AttributeType::kUnknown;
    uint8_t ads = 0;              // where the standard table or the samples put it
    bool standard = false;        // in the standard table
    bool ephemeral = false;       // inserted by the negotiator (policy/ephemeral.h)
    bool in_sample_slot = false;  // set in at least one sample slot ad
    bool in_sample_job = false;   // set in at least one sample job ad
  };

  // The standard table and the ephemeral attributes only.
  AttributeCatalogue();
  // Also the attributes of `slots` and `jobs` (borrowed only while
  // building): a sample attribute whose value is a literal gives its type;
  // types that disagree (between samples, or with the table) make the
  // entry kUnknown, so that no type check relies on it.
  AttributeCatalogue(std::span<const std::shared_ptr<classad::ClassAd>> slots,
                     std::span<const std::shared_ptr<classad::ClassAd>> jobs);

  // The entry for `name` (case-insensitive), or null. A cross-slot form
  // `<letters><N>_<name>` of an ephemeral attribute gives the ephemeral's
  // entry.
  const Entry* Find(std::string_view name) const;

  // Whether sample slot / job ads were given.
  bool has_sample_slots() const { return has_sample_slots_; }
  bool has_sample_jobs() const { return has_sample_jobs_; }

  // The known names closest to `name` by EditDistance (letters compared
  // without case) among the entries whose ads intersect `ads` (kAnyAd
  // entries always count), nearest first, at most `max` of them. A name is
  // close when it is 1 edit away, or 2 for a name of 8 characters or more
  // with the same first letter; names of 3 characters or fewer get no
  // suggestion, and neither does a numbered variant (Disk2 of Disk).
  std::vector<std::string> Suggest(std::string_view name, uint8_t ads, size_t max = 3) const;

 private:
  void AddStandard();
  void AddSamples(std::span<const std::shared_ptr<classad::ClassAd>> ads, bool slots);
  Entry& Insert(std::string_view name);

  std::vector<Entry> entries_;
  std::unordered_map<std::string, size_t> index_;  // lower-cased name -> entries_
  bool has_sample_slots_ = false;
  bool has_sample_jobs_ = false;
};

}  // namespace policy::lint

#endif  // POLICY_LINT_ATTRIBUTE_CATALOGUE_H_
