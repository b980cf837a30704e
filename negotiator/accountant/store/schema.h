// The accountant store's schema, shared by the SQLite and PostgreSQL
// backends: a numbered list of migrations, each a list of SQL statements
// that both databases accept (BIGINT, DOUBLE PRECISION and TEXT columns,
// no backend-specific clauses).
//
// Tables:
//   accountant_meta  one row (id = 1): schema_version, generation (raised
//                    by every commit), last_update_time (LastUpdateTime)
//   customers        one row per CustomerRecord, keyed by name
//   resources        one row per ResourceRecord, keyed by name
//   group_quotas     (version 2) one row per GroupQuotaRecord of the last
//                    negotiation cycle, keyed by name; replaced whole by
//                    the commit of each cycle
//   running_jobs     (version 3) one row per RunningJobsRecord, keyed by
//                    (time, entity_group, entity_user): the running-jobs
//                    history, bounded by its writer's retention
// Column names are the records' field names (records.h), which
// are HTCondor's attribute names in snake case.
//
// Versions: 1 made accountant_meta, customers and resources; 2 added
// group_quotas; 3 added running_jobs (an older store opened for writing is
// migrated in place, its records kept).
#ifndef NEGOTIATOR_ACCOUNTANT_STORE_SCHEMA_H_
#define NEGOTIATOR_ACCOUNTANT_STORE_SCHEMA_H_

#include <span>
#include <string_view>

namespace negotiator::store_schema {

// The schema version this program writes. A store at a higher version is
// refused (kFailedPrecondition); a lower one is migrated up.
inline constexpr int kSchemaVersion = 3;

// The statements that take a store from version `to - 1` to `to`
// (1 <= to <= kSchemaVersion). Version 0 is an empty database. The last
// statement of each migration sets accountant_meta.schema_version.
std::span<const std::string_view> Migration(int to);

// Column lists, in the order the backends bind and read them.
inline constexpr std::string_view kCustomerColumns =
    "name, priority, priority_factor, ceiling, floor, resources_used, weighted_resources_used, "
    "hier_weighted_resources_used, uncharged_time, weighted_uncharged_time, accumulated_usage, "
    "weighted_accumulated_usage, begin_usage_time, last_usage_time";
inline constexpr int kCustomerColumnCount = 14;
inline constexpr std::string_view kResourceColumns =
    "name, remote_user, slot_weight, start_time, matched_concurrency_limits, num_cp_matches";
inline constexpr int kResourceColumnCount = 6;
// group_quotas (version 2 and later); static_quota is 0 or 1.
inline constexpr std::string_view kGroupQuotaColumns =
    "name, static_quota, configured_quota, subtree_quota, effective_quota, requested, surplus, "
    "allocated, usage, cycle_time";
inline constexpr int kGroupQuotaColumnCount = 10;
// The first schema version with group_quotas.
inline constexpr int kGroupQuotasSince = 2;
// running_jobs (version 3 and later).
inline constexpr std::string_view kRunningJobsColumns =
    "time, entity_group, entity_user, running, jobs";
inline constexpr int kRunningJobsColumnCount = 5;
inline constexpr int kRunningJobsSince = 3;

}  // namespace negotiator::store_schema

#endif  // NEGOTIATOR_ACCOUNTANT_STORE_SCHEMA_H_
