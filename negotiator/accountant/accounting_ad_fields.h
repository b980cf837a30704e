// The attribute names of the accounting ads (accounting_ads.h writes them,
// accounting_ads_reader.h reads them back, HTCondor's condor_userprio
// prints them), and the fields each one stores as it is, so that writing
// and reading name them in one place.
#ifndef NEGOTIATOR_ACCOUNTANT_ACCOUNTING_AD_FIELDS_H_
#define NEGOTIATOR_ACCOUNTANT_ACCOUNTING_AD_FIELDS_H_

#include <cstdint>

#include "negotiator/accountant/records.h"

namespace negotiator::accounting_ad {

// Names whose values are worked out rather than stored as they are (the
// writer computes them, the reader converts them).
inline constexpr const char kName[] = "Name";
inline constexpr const char kPriority[] = "Priority";  // the effective priority
inline constexpr const char kPriorityFactor[] = "PriorityFactor";
inline constexpr const char kCeiling[] = "Ceiling";
inline constexpr const char kFloor[] = "Floor";
inline constexpr const char kResourcesUsed[] = "ResourcesUsed";
inline constexpr const char kWeightedResourcesUsed[] = "WeightedResourcesUsed";
inline constexpr const char kHierWeightedResourcesUsed[] = "HierWeightedResourcesUsed";
inline constexpr const char kLastUpdate[] = "LastUpdate";
inline constexpr const char kIsAccountingGroup[] = "IsAccountingGroup";
inline constexpr const char kAccountingGroup[] = "AccountingGroup";
inline constexpr const char kSurplusPolicy[] = "SurplusPolicy";
// A group's line of the last stored cycle: its presence marks the line.
inline constexpr const char kEffectiveQuota[] = "EffectiveQuota";
// The configured quota: the stored cycle's, else the configuration's.
inline constexpr const char kConfigQuota[] = "ConfigQuota";
inline constexpr const char kStaticQuota[] = "StaticQuota";
inline constexpr const char kNegotiationCycleTime[] = "NegotiationCycleTime";

// A customer record's field an ad holds as it is.
template <typename T>
struct CustomerField {
  const char* attribute;
  T CustomerRecord::*field;
};
inline constexpr CustomerField<double> kCustomerReals[] = {
    {"AccumulatedUsage", &CustomerRecord::accumulated_usage},
    {"WeightedAccumulatedUsage", &CustomerRecord::weighted_accumulated_usage},
};
inline constexpr CustomerField<int64_t> kCustomerIntegers[] = {
    {"BeginUsageTime", &CustomerRecord::begin_usage_time},
    {"LastUsageTime", &CustomerRecord::last_usage_time},
};

// A group quota record's field a group's ad holds as it is (besides
// EffectiveQuota, ConfigQuota, StaticQuota and NegotiationCycleTime).
struct GroupQuotaField {
  const char* attribute;
  double GroupQuotaRecord::*field;
};
inline constexpr GroupQuotaField kGroupQuotaReals[] = {
    {"SubtreeQuota", &GroupQuotaRecord::subtree_quota},
    {"Requested", &GroupQuotaRecord::requested},
    {"SurplusReceived", &GroupQuotaRecord::surplus},
    {"GroupResourcesAllocated", &GroupQuotaRecord::allocated},
    {"GroupResourcesInUse", &GroupQuotaRecord::usage},
};

}  // namespace negotiator::accounting_ad

#endif  // NEGOTIATOR_ACCOUNTANT_ACCOUNTING_AD_FIELDS_H_
