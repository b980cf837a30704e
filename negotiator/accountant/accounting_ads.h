// The accounting ads HTCondor's negotiator reports to condor_userprio
// (-long): one ClassAd per accountant record, with HTCondor's attribute
// names, the effective values (priority, ceiling, floor) and, for groups,
// the configuration and the last stored negotiation cycle's quotas.
#ifndef NEGOTIATOR_ACCOUNTANT_ACCOUNTING_ADS_H_
#define NEGOTIATOR_ACCOUNTANT_ACCOUNTING_ADS_H_

#include <map>
#include <string_view>

#include "classad/classad.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/records.h"

namespace negotiator {

// Makes the accounting ads of one accountant. Borrows the accountant,
// which must not change while the maker is used. Not thread-safe.
class AccountingAdMaker {
 public:
  explicit AccountingAdMaker(const Accountant& accountant);

  // The ad of record `c` (one of the accountant's): Name; Priority holding
  // the effective priority; PriorityFactor; the effective Ceiling and
  // Floor; ResourcesUsed, WeightedResourcesUsed (and
  // HierWeightedResourcesUsed for a group); AccumulatedUsage,
  // WeightedAccumulatedUsage, BeginUsageTime, LastUsageTime; LastUpdate;
  // IsAccountingGroup and AccountingGroup. A configured group also has
  // ConfigQuota and SurplusPolicy; a group of the last stored cycle has
  // ConfigQuota as that cycle used it, EffectiveQuota, SubtreeQuota,
  // Requested, SurplusReceived, GroupResourcesAllocated,
  // GroupResourcesInUse, StaticQuota and NegotiationCycleTime. The
  // uncharged times are left out, as HTCondor leaves them out.
  classad::ClassAd Make(const CustomerRecord& c) const;

 private:
  const Accountant& accountant_;
  // The last stored cycle's group quota records, by group name.
  std::map<std::string_view, const GroupQuotaRecord*> cycle_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_ACCOUNTING_ADS_H_
