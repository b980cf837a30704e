// DIRAC's WMSHistory share corrector (share_corrector.h).
#include "negotiator/shares/dirac/share_corrector.h"

#include <algorithm>

namespace negotiator::dirac {
namespace {

using policy::dirac::CorrectorInstance;
using policy::dirac::CorrectorSpan;

// Every entity with factor 1 and its share unchanged; `why` says why.
void CorrectNothing(std::string why, CorrectionRecord* record) {
  record->applied = false;
  record->why_not = std::move(why);
  for (EntityCorrectionRecord& entity : record->entities) {
    entity.spans.clear();
    entity.span_sum = 0;
    entity.corrected = false;
    entity.clamped_globally = false;
    entity.factor = 1;
    entity.corrected_share = entity.share;
  }
}

// The span factors of every entity for span `span` of history `history`.
void CorrectSpan(const CorrectorSpan& span, const SpanHistory& history,
                 CorrectionRecord* record) {
  double total = 0;
  for (const EntityCorrectionRecord& entity : record->entities) {
    auto it = history.average_jobs.find(entity.entity);
    if (it != history.average_jobs.end()) total += it->second;
  }
  const double max_correction = static_cast<double>(span.max_correction);
  const double min_correction = 1.0 / max_correction;
  for (EntityCorrectionRecord& entity : record->entities) {
    SpanFactorRecord factor;
    factor.span = span.name;
    factor.usage_total = total;
    factor.weight = span.normalised_weight;
    auto it = history.average_jobs.find(entity.entity);
    factor.present = it != history.average_jobs.end();
    if (total == 0.0) {
      factor.skipped = true;
      if (factor.present) factor.usage = it->second;
      entity.spans.push_back(std::move(factor));
      continue;
    }
    if (!factor.present) {
      factor.factor = max_correction;  // not weighted
    } else {
      factor.usage = it->second;
      factor.normalised_usage = factor.usage / total;
      if (factor.normalised_usage == 0.0) {
        // DIRAC divides by zero here; the ratio it means is unbounded.
        factor.zero_usage = true;
        factor.clamped = max_correction;
        record->warnings.push_back(
            "entity " + entity.entity + " ran no jobs in span " + span.name +
            " while others did: DIRAC divides by zero there; given the span's MaxCorrection " +
            std::to_string(span.max_correction) + ", weighted");
      } else {
        factor.ratio = entity.normalised_share / factor.normalised_usage;
        factor.clamped = std::max(std::min(factor.ratio, max_correction), min_correction);
      }
      factor.factor = factor.clamped * factor.weight;
    }
    entity.spans.push_back(std::move(factor));
  }
}

}  // namespace

double CorrectionRecord::FactorOf(const std::string& entity) const {
  for (const EntityCorrectionRecord& e : entities) {
    if (e.entity == entity) return e.factor;
  }
  return 1;
}

CorrectionRecord ApplyHistoryCorrection(
    const CorrectorInstance& instance,
    std::span<const std::pair<std::string, double>> entity_shares,
    std::span<const SpanHistory> history) {
  CorrectionRecord record;
  record.instance = instance.name;
  double total_share = 0;
  for (const auto& [entity, share] : entity_shares) {
    EntityCorrectionRecord e;
    e.entity = entity;
    e.share = share;
    e.corrected_share = share;
    record.entities.push_back(std::move(e));
    total_share += share;
  }
  if (!instance.usable) {
    CorrectNothing("instance " + instance.name + " does not run: " + instance.unusable_reason,
                   &record);
    return record;
  }
  if (!record.entities.empty() && total_share == 0.0) {
    record.warnings.push_back("the shares sum to 0: DIRAC divides by zero normalising them");
    CorrectNothing("the shares sum to 0", &record);
    return record;
  }
  for (EntityCorrectionRecord& e : record.entities) e.normalised_share = e.share / total_share;
  if (instance.spans.empty()) {
    CorrectNothing("instance " + instance.name + " has no time span", &record);
    return record;
  }
  if (history.size() != instance.spans.size()) {
    CorrectNothing("no history for the spans of instance " + instance.name, &record);
    return record;
  }
  for (size_t k = 0; k < history.size(); ++k) {
    if (!history[k].has_data) {
      CorrectNothing("span " + instance.spans[k].name + " has no data at all", &record);
      return record;
    }
  }
  for (size_t k = 0; k < history.size(); ++k) {
    const CorrectorSpan& span = instance.spans[k];
    if (span.max_correction == 0) {
      // Skipped spans never reach DIRAC's division by MaxCorrection.
      bool reached = false;
      for (const EntityCorrectionRecord& e : record.entities) {
        auto it = history[k].average_jobs.find(e.entity);
        reached = reached || (it != history[k].average_jobs.end() && it->second != 0.0);
      }
      if (reached) {
        record.warnings.push_back("span " + span.name +
                                  " has MaxCorrection 0: DIRAC divides by zero");
        CorrectNothing("span " + span.name + " has MaxCorrection 0", &record);
        return record;
      }
    }
    CorrectSpan(span, history[k], &record);
  }
  bool any_span = false;
  for (const EntityCorrectionRecord& e : record.entities) {
    for (const SpanFactorRecord& s : e.spans) any_span = any_span || !s.skipped;
  }
  if (!any_span) {
    record.applied = false;
    record.why_not = "no span has usage by these entities";
    return record;  // factors stay 1, the span records stay
  }
  if (instance.max_global_correction == 0) {
    record.warnings.push_back("MaxGlobalCorrection is 0: DIRAC divides by zero");
    CorrectNothing("MaxGlobalCorrection is 0", &record);
    return record;
  }
  const double max_global = static_cast<double>(instance.max_global_correction);
  const double min_global = 1.0 / max_global;
  for (EntityCorrectionRecord& e : record.entities) {
    double sum = 0;
    for (const SpanFactorRecord& s : e.spans) {
      if (!s.skipped) sum += s.factor;
    }
    e.span_sum = sum;
    e.corrected = true;
    e.factor = std::max(std::min(sum, max_global), min_global);
    e.clamped_globally = e.factor != sum;
    e.corrected_share = e.share * e.factor;
  }
  record.applied = true;
  return record;
}

}  // namespace negotiator::dirac
