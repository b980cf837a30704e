// Helpers shared by the accountant's tests: a Policy from configuration
// text, slot ads, resource keys, and comparing whole accountant states.
#ifndef TESTS_NEGOTIATOR_ACCOUNTANT_TEST_UTIL_H_
#define TESTS_NEGOTIATOR_ACCOUNTANT_TEST_UTIL_H_

#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "classad/classad.h"
#include "classad/value.h"
#include "negotiator/accountant/store/accountant_store.h"
#include "policy/config_reader.h"
#include "policy/policy.h"

namespace negotiator::testing_util {

// The tables of the store's schema version 1, written out as this
// program's first schema made them (tests build version-1 stores by hand
// to check the migration), followed by INSERTs of the test's own.
inline constexpr char kVersion1Tables[] =
    "CREATE TABLE accountant_meta ("
    " id BIGINT PRIMARY KEY CHECK (id = 1), schema_version BIGINT NOT NULL,"
    " generation BIGINT NOT NULL, last_update_time BIGINT NOT NULL);"
    "CREATE TABLE customers ("
    " name TEXT PRIMARY KEY, priority DOUBLE PRECISION NOT NULL,"
    " priority_factor DOUBLE PRECISION NOT NULL, ceiling BIGINT NOT NULL,"
    " floor BIGINT NOT NULL, resources_used BIGINT NOT NULL,"
    " weighted_resources_used DOUBLE PRECISION NOT NULL,"
    " hier_weighted_resources_used DOUBLE PRECISION NOT NULL,"
    " uncharged_time BIGINT NOT NULL, weighted_uncharged_time DOUBLE PRECISION NOT NULL,"
    " accumulated_usage DOUBLE PRECISION NOT NULL,"
    " weighted_accumulated_usage DOUBLE PRECISION NOT NULL,"
    " begin_usage_time BIGINT NOT NULL, last_usage_time BIGINT NOT NULL);"
    "CREATE TABLE resources ("
    " name TEXT PRIMARY KEY, remote_user TEXT NOT NULL,"
    " slot_weight DOUBLE PRECISION NOT NULL, start_time BIGINT NOT NULL,"
    " matched_concurrency_limits TEXT NOT NULL, num_cp_matches BIGINT NOT NULL);";

// A Policy built from configuration `text` read in a sealed environment (no
// process environment, fixed randomness), with `policy_options`. Adds a
// test failure and falls back to the empty configuration when `text` is
// bad.
inline std::shared_ptr<const policy::Policy> MakePolicy(
    std::string_view text, const policy::PolicyOptions& policy_options = {}) {
  policy::ConfigOptions options;
  options.getenv = [](std::string_view) { return std::optional<std::string>(); };
  options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  options.random = [] { return uint64_t{4}; };
  classad::Result<policy::Config> config =
      policy::ReadConfigText(text, "accountant.config", options);
  EXPECT_TRUE(config.ok()) << config.status().ToString();
  if (!config.ok()) config = policy::ReadConfigText("", "empty", options);
  classad::Result<policy::Policy> p = policy::Policy::Build(*config, policy_options);
  EXPECT_TRUE(p.ok()) << p.status().ToString();
  return std::make_shared<const policy::Policy>(std::move(p).value());
}

// A slot ad: `name` at a fixed address, in `state`, claimed by `user`
// (none when empty), with SlotWeight `weight` (none when NaN).
inline classad::ClassAd Slot(const std::string& name, const std::string& state,
                             const std::string& user, double weight = 1) {
  using classad::Value;
  classad::ClassAd ad;
  ad.InsertValue("Name", Value::String(name));
  ad.InsertValue("StartdIpAddr", Value::String("<10.0.0.1:9618>"));
  ad.InsertValue("State", Value::String(state));
  ad.InsertValue("Activity", Value::String(state == "Claimed" ? "Busy" : "Idle"));
  if (!user.empty()) ad.InsertValue("RemoteUser", Value::String(user));
  if (!std::isnan(weight)) ad.InsertValue("SlotWeight", Value::Real(weight));
  return ad;
}

// The resource record key of a Slot() named `name`.
inline std::string Key(const std::string& name) { return name + "@<10.0.0.1:9618>"; }

// Whether two states are identical, field by field (doubles bit-exact);
// the first difference is described in `*why`.
inline bool SameState(const AccountantSnapshot& a, const AccountantSnapshot& b, std::string* why) {
  auto differ = [why](const std::string& what) {
    *why = what;
    return false;
  };
  if (a.last_update_time != b.last_update_time) {
    return differ("LastUpdateTime " + std::to_string(a.last_update_time) + " vs " +
                  std::to_string(b.last_update_time));
  }
  if (a.customers.size() != b.customers.size()) {
    return differ("customer count " + std::to_string(a.customers.size()) + " vs " +
                  std::to_string(b.customers.size()));
  }
  for (size_t i = 0; i < a.customers.size(); ++i) {
    const CustomerRecord& x = a.customers[i];
    const CustomerRecord& y = b.customers[i];
    if (x.name != y.name || x.priority != y.priority || x.priority_factor != y.priority_factor ||
        x.ceiling != y.ceiling || x.floor != y.floor || x.resources_used != y.resources_used ||
        x.weighted_resources_used != y.weighted_resources_used ||
        x.hier_weighted_resources_used != y.hier_weighted_resources_used ||
        x.uncharged_time != y.uncharged_time ||
        x.weighted_uncharged_time != y.weighted_uncharged_time ||
        x.accumulated_usage != y.accumulated_usage ||
        x.weighted_accumulated_usage != y.weighted_accumulated_usage ||
        x.begin_usage_time != y.begin_usage_time || x.last_usage_time != y.last_usage_time) {
      return differ("customer " + x.name + " / " + y.name);
    }
  }
  if (a.resources.size() != b.resources.size()) {
    return differ("resource count " + std::to_string(a.resources.size()) + " vs " +
                  std::to_string(b.resources.size()));
  }
  for (size_t i = 0; i < a.resources.size(); ++i) {
    const ResourceRecord& x = a.resources[i];
    const ResourceRecord& y = b.resources[i];
    if (x.name != y.name || x.remote_user != y.remote_user || x.slot_weight != y.slot_weight ||
        x.start_time != y.start_time ||
        x.matched_concurrency_limits != y.matched_concurrency_limits ||
        x.num_cp_matches != y.num_cp_matches) {
      return differ("resource " + x.name + " / " + y.name);
    }
  }
  return true;
}

}  // namespace negotiator::testing_util

#endif  // TESTS_NEGOTIATOR_ACCOUNTANT_TEST_UTIL_H_
