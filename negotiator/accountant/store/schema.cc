// The accountant store's migrations (schema.h).
#include "negotiator/accountant/store/schema.h"

#include <array>

namespace negotiator::store_schema {
namespace {

constexpr std::array<std::string_view, 4> kVersion1 = {
    "CREATE TABLE accountant_meta ("
    " id BIGINT PRIMARY KEY CHECK (id = 1),"
    " schema_version BIGINT NOT NULL,"
    " generation BIGINT NOT NULL,"
    " last_update_time BIGINT NOT NULL)",
    "CREATE TABLE customers ("
    " name TEXT PRIMARY KEY,"
    " priority DOUBLE PRECISION NOT NULL,"
    " priority_factor DOUBLE PRECISION NOT NULL,"
    " ceiling BIGINT NOT NULL,"
    " floor BIGINT NOT NULL,"
    " resources_used BIGINT NOT NULL,"
    " weighted_resources_used DOUBLE PRECISION NOT NULL,"
    " hier_weighted_resources_used DOUBLE PRECISION NOT NULL,"
    " uncharged_time BIGINT NOT NULL,"
    " weighted_uncharged_time DOUBLE PRECISION NOT NULL,"
    " accumulated_usage DOUBLE PRECISION NOT NULL,"
    " weighted_accumulated_usage DOUBLE PRECISION NOT NULL,"
    " begin_usage_time BIGINT NOT NULL,"
    " last_usage_time BIGINT NOT NULL)",
    "CREATE TABLE resources ("
    " name TEXT PRIMARY KEY,"
    " remote_user TEXT NOT NULL,"
    " slot_weight DOUBLE PRECISION NOT NULL,"
    " start_time BIGINT NOT NULL,"
    " matched_concurrency_limits TEXT NOT NULL,"
    " num_cp_matches BIGINT NOT NULL)",
    "INSERT INTO accountant_meta (id, schema_version, generation, last_update_time)"
    " VALUES (1, 1, 0, 0)",
};

// Version 2: the group quota table of the last negotiation cycle.
constexpr std::array<std::string_view, 2> kVersion2 = {
    "CREATE TABLE group_quotas ("
    " name TEXT PRIMARY KEY,"
    " static_quota BIGINT NOT NULL CHECK (static_quota IN (0, 1)),"
    " configured_quota DOUBLE PRECISION NOT NULL,"
    " subtree_quota DOUBLE PRECISION NOT NULL,"
    " effective_quota DOUBLE PRECISION NOT NULL,"
    " requested DOUBLE PRECISION NOT NULL,"
    " surplus DOUBLE PRECISION NOT NULL,"
    " allocated DOUBLE PRECISION NOT NULL,"
    " usage DOUBLE PRECISION NOT NULL,"
    " cycle_time BIGINT NOT NULL)",
    "UPDATE accountant_meta SET schema_version = 2 WHERE id = 1",
};

// Version 3: the running-jobs history.
constexpr std::array<std::string_view, 2> kVersion3 = {
    "CREATE TABLE running_jobs ("
    " time BIGINT NOT NULL,"
    " entity_group TEXT NOT NULL,"
    " entity_user TEXT NOT NULL,"
    " running DOUBLE PRECISION NOT NULL,"
    " jobs DOUBLE PRECISION NOT NULL,"
    " PRIMARY KEY (time, entity_group, entity_user))",
    "UPDATE accountant_meta SET schema_version = 3 WHERE id = 1",
};

}  // namespace

std::span<const std::string_view> Migration(int to) {
  switch (to) {
    case 1:
      return kVersion1;
    case 2:
      return kVersion2;
    case 3:
      return kVersion3;
    default:
      return {};
  }
}

}  // namespace negotiator::store_schema
