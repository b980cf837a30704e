// The accountant's records (reference §1.2): one customer record per
// submitter and per group, one resource record per matched or claimed slot,
// and the group quota table of the last negotiation cycle. Field names
// follow HTCondor's attribute names (in comments), which a store and the
// JSON export use. Every real the accountant sets is kept as StoredReal
// gives it, as HTCondor keeps it.
#ifndef NEGOTIATOR_ACCOUNTANT_RECORDS_H_
#define NEGOTIATOR_ACCOUNTANT_RECORDS_H_

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

namespace negotiator {

// HTCondor's minimum real user priority (MinPriority).
inline constexpr double kMinPriority = 0.5;
// HTCondor's minimum priority factor (MIN_PRIORITY_FACTOR).
inline constexpr double kMinPriorityFactor = 1.0;

// The value HTCondor's accountant reads back after it stores real `value`:
// it writes every real into its log as printf's "%f"
// (SetAttributeFloat), and the entry is played into the ad it reads, so
// the rest of the cycle sees the value rounded to six decimals (a usage
// of 2.0000001 reads back as 2). An infinity or NaN is written as "inf" or
// "nan", which reads back as an attribute reference, not a number: the
// attribute is then absent, and its reader takes its default, `absent`
// here (0 for most: a priority of 0 is raised to the minimum when read, a
// factor of 0 is "not chosen yet"; a slot weight reads as 1). Idempotent.
// Thread-safe.
//
// The round trip is made with std::to_chars (fixed, precision 6: printf's
// "%f" by the standard's definition) and std::from_chars (correctly
// rounded, as strtod), several times faster; an integral value (most
// usage: slot weights are counts of cores) prints with no fraction and
// reads back as itself, so it is returned as it is. A test compares this
// with snprintf/strtod on millions of values.
inline double StoredReal(double value, double absent = 0) {
  if (!std::isfinite(value)) return absent;
  if (value == std::trunc(value)) return value;
  char text[400];  // "%f" of the largest double: 309 digits, the point, 6 decimals
  const std::to_chars_result printed =
      std::to_chars(text, text + sizeof(text), value, std::chars_format::fixed, 6);
  double read = 0;
  std::from_chars(text, printed.ptr, read);
  return read;
}

// `Customer.<name>`: a submitter ("user@domain", "group.user@domain") or a
// group ("physics.hep", "<none>"). Plain data.
struct CustomerRecord {
  std::string name;                          // the key, exact (case-sensitive)
  double priority = kMinPriority;            // Priority: the RUP as stored
  double priority_factor = 0;                // PriorityFactor; 0: not chosen yet
  int64_t ceiling = -1;                      // Ceiling; negative: unlimited
  int64_t floor = 0;                         // Floor; 0 or negative: none
  int64_t resources_used = 0;                // ResourcesUsed
  double weighted_resources_used = 0;        // WeightedResourcesUsed
  double hier_weighted_resources_used = 0;   // HierWeightedResourcesUsed (groups)
  int64_t uncharged_time = 0;                // UnchargedTime (seconds)
  double weighted_uncharged_time = 0;        // WeightedUnchargedTime
  double accumulated_usage = 0;              // AccumulatedUsage
  double weighted_accumulated_usage = 0;     // WeightedAccumulatedUsage
  int64_t begin_usage_time = 0;              // BeginUsageTime (epoch seconds)
  int64_t last_usage_time = 0;               // LastUsageTime (epoch seconds)
};

// `Resource.<SlotName>@<StartdIpAddr>`: a slot charged to a customer.
struct ResourceRecord {
  std::string name;                        // the key: `<Name>@<StartdIpAddr>`
  std::string remote_user;                 // RemoteUser: the customer charged; empty for a
                                           // consumption-policy placeholder
  double slot_weight = 1;                  // SlotWeight: the weight charged
  int64_t start_time = 0;                  // StartTime (epoch seconds)
  std::string matched_concurrency_limits;  // MatchedConcurrencyLimits (lower case)
  int64_t num_cp_matches = 0;              // NumCpMatches: the partitionable slot's
                                           // consumption-policy matches this cycle
};

// One group's line of the last negotiation cycle's group quota table (what
// `userprio -quotas` shows). HTCondor's negotiator computes these every
// cycle and condor_userprio asks it for them; here the negotiator stores
// the whole table with the accountant, in the transaction of its cycle.
// Each allocation round of a cycle allocates afresh, so the last round's
// figures are the cycle's result. Plain data.
struct GroupQuotaRecord {
  std::string name;             // the key: the group as spelled in GROUP_NAMES; "<none>"
  bool static_quota = false;    // GROUP_QUOTA_<g> (slots) rather than GROUP_QUOTA_DYNAMIC_<g>
  double configured_quota = 0;  // ConfigQuota: the configured slots, or the fraction
  double subtree_quota = 0;     // SubtreeQuota: what the subtree received from its parent
  double effective_quota = 0;   // EffectiveQuota: the quota after scaling
  double requested = 0;         // Requested: the group's demand when the cycle began
  double surplus = 0;           // surplus received in the cycle's last allocation round
  double allocated = 0;         // the last round's allocation (GroupResourcesAllocated)
  double usage = 0;             // weighted usage after the cycle (GroupResourcesInUse)
  int64_t cycle_time = 0;       // when the cycle ran (epoch seconds)
};

// One sample of the running-jobs history: how many jobs one entity had
// when one negotiation cycle ran. DIRAC's share corrector reads it as its
// WMSHistory report (negotiator/shares/dirac/running_history.h). The key is
// (time, group, user). Plain data.
struct RunningJobsRecord {
  int64_t time = 0;    // the cycle's time (epoch seconds)
  std::string group;   // the entity's group
  std::string user;    // empty: the group as a whole; else one user within it
  double running = 0;  // jobs running
  double jobs = 0;     // jobs in every status the pool holds (idle and running)
};

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_RECORDS_H_
