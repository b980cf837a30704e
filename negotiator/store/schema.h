// The accountant store's schema, shared by the SQLite and PostgreSQL
// backends: a numbered list of migrations, each a list of SQL statements
// that both databases accept (BIGINT, DOUBLE PRECISION and TEXT columns,
// no backend-specific clauses).
//
// Tables (version 1):
//   accountant_meta  one row (id = 1): schema_version, generation (raised
//                    by every commit), last_update_time (LastUpdateTime)
//   customers        one row per CustomerRecord, keyed by name
//   resources        one row per ResourceRecord, keyed by name
// Column names are the records' field names (accountant_records.h), which
// are HTCondor's attribute names in snake case.
#ifndef NEGOTIATOR_STORE_SCHEMA_H_
#define NEGOTIATOR_STORE_SCHEMA_H_

#include <span>
#include <string_view>

namespace negotiator::store_schema {

// The schema version this program writes. A store at a higher version is
// refused (kFailedPrecondition); a lower one is migrated up.
inline constexpr int kSchemaVersion = 1;

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

}  // namespace negotiator::store_schema

#endif  // NEGOTIATOR_STORE_SCHEMA_H_
