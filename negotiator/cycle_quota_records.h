// The group quota table of one negotiation cycle as the accountant keeps it
// (GroupQuotaRecord, records.h): what `userprio -quotas` shows
// after the negotiator stored a cycle.
#ifndef NEGOTIATOR_CYCLE_QUOTA_RECORDS_H_
#define NEGOTIATOR_CYCLE_QUOTA_RECORDS_H_

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "negotiator/accountant/records.h"
#include "negotiator/cycle.h"

namespace negotiator {

// One record per group of `result.groups` (empty without group quotas), in
// the same order, stamped with the cycle's time (`result.now`):
//   configured_quota, static_quota   GroupQuotaReport::config_quota, static_quota
//   subtree_quota, effective_quota   subtree_quota, quota
//   requested                        demand (the demand when the cycle began)
//   surplus, allocated               the last allocation round's surplus and
//                                    allocation (each round allocates afresh,
//                                    so the last one is the cycle's result; 0
//                                    when no round ran)
//   usage                            usage_end (weighted usage after the cycle)
// Pure; thread-safe.
std::vector<GroupQuotaRecord> GroupQuotaRecordsOf(const CycleResult& result);

// The quota map of the cycle `records` were stored from (for
// Negotiator::ResumeWithQuotaMap): each record's name -> effective_quota,
// which is the last allocation round's quota. Empty for no records; a later
// duplicate name is ignored. Pure; thread-safe.
std::map<std::string, double, std::less<>> QuotaMapOf(const std::vector<GroupQuotaRecord>& records);

}  // namespace negotiator

#endif  // NEGOTIATOR_CYCLE_QUOTA_RECORDS_H_
