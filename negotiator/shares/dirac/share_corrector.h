// DIRAC's WMSHistory share corrector (BaseHistoryCorrector.applyCorrection;
// ../shared/reference/dirac-shares.md §4): one instance's correction
// factors for a set of entities (the groups, or one group's owners), from
// their shares and, per time span, the average number of jobs each entity
// ran over [now − span, now]. Every span's factor per entity is recorded.
//
// For the entities given (those active now; history of others is ignored):
//  - shares are normalised over them; in each span, usage is normalised
//    over those of them that appear in it;
//  - an entity in a span: clamp(normalised share / normalised usage,
//    1/MaxCorrection, MaxCorrection) × the span's normalised weight;
//  - an entity absent from a span that has some of them: the span's
//    MaxCorrection, not weighted;
//  - a span where the entities' usage sums to 0 is skipped, and the other
//    weights are not renormalised;
//  - the factor is clamp(sum of the span factors, 1/MaxGlobalCorrection,
//    MaxGlobalCorrection); an entity no span applies to keeps factor 1;
//  - when any span has no data at all, the instance corrects nothing.
// Where DIRAC divides by zero (an entity in a span with no usage while
// others have some; shares summing to 0; a MaxCorrection or
// MaxGlobalCorrection of 0), this corrector does what the code evidently
// meant, or nothing, and records a warning (see docs/dirac.md).
#ifndef NEGOTIATOR_SHARES_DIRAC_SHARE_CORRECTOR_H_
#define NEGOTIATOR_SHARES_DIRAC_SHARE_CORRECTOR_H_

#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "policy/dirac/dirac_settings.h"

namespace negotiator::dirac {

// One span's history, as DIRAC's WMSHistory report gives it.
struct SpanHistory {
  // False: the report had no data at all for the span (no entity of any
  // kind ran in it); then the whole instance corrects nothing.
  bool has_data = false;
  // Entity -> average number of jobs over [now − span, now]. Entities
  // not being corrected may appear (they are ignored); an entity missing
  // here is absent from the span.
  std::map<std::string, double> average_jobs;
};

// How one entity fared in one span.
struct SpanFactorRecord {
  std::string span;
  bool skipped = false;             // the entities' usage sums to 0 in this span
  double usage_total = 0;           // Σ usage over the entities being corrected
  bool present = false;             // the entity appears in the span's history
  double usage = 0;                 // its average jobs (when present)
  double normalised_usage = 0;      // usage / usage_total
  double ratio = 0;                 // normalised share / normalised usage
  bool zero_usage = false;          // present with 0 while usage_total > 0 (DIRAC divides by 0)
  double clamped = 0;               // ratio clamped to [1/MaxCorrection, MaxCorrection]
  double weight = 0;                // the span's normalised weight
  double factor = 0;                // what the span adds: clamped × weight, or MaxCorrection
};

// One entity's correction.
struct EntityCorrectionRecord {
  std::string entity;
  double share = 0;             // the share given
  double normalised_share = 0;  // share / Σ shares
  std::vector<SpanFactorRecord> spans;  // one per span of the instance, in order
  double span_sum = 0;          // Σ of the factors of the spans not skipped
  bool corrected = false;       // some span applied (else the factor is 1)
  bool clamped_globally = false;  // span_sum was outside [1/global, global]
  double factor = 1;            // the final factor
  double corrected_share = 0;   // share × factor
};

// One instance's correction of a set of entities.
struct CorrectionRecord {
  std::string instance;
  // False: nothing was corrected (every factor 1); `why_not` says why
  // (no span, a span without data, an unusable instance, ...).
  bool applied = false;
  std::string why_not;
  std::vector<EntityCorrectionRecord> entities;  // in the order given
  // DIRAC's divisions by zero met, in words.
  std::vector<std::string> warnings;

  // The factor of `entity` (1 when it is not here).
  double FactorOf(const std::string& entity) const;
};

// Corrects `entity_shares` (entity, share; in DIRAC's order, which fixes
// the order of sums) with `instance`, given one SpanHistory per span of the
// instance, in the same order. A history list of another length is
// treated as "no history" (nothing corrected). Pure; safe from any thread.
CorrectionRecord ApplyHistoryCorrection(
    const policy::dirac::CorrectorInstance& instance,
    std::span<const std::pair<std::string, double>> entity_shares,
    std::span<const SpanHistory> history);

}  // namespace negotiator::dirac

#endif  // NEGOTIATOR_SHARES_DIRAC_SHARE_CORRECTOR_H_
