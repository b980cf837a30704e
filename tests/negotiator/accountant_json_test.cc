// The accountant's JSON document (negotiator/accountant_json.h): the exact
// text written, exact round trips of awkward doubles and names, defaults
// for attributes left out, the optional group quota table, and every kind
// of bad input refused with its line and column, never a crash.
#include "negotiator/accountant/accountant_json.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <stdlib.h>

#include "tests/negotiator/group_quota_record_test_util.h"

namespace negotiator {
namespace {

using classad::StatusCode;

// The bits of a double (to compare -0.0 and 0.0 apart).
uint64_t Bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

void ExpectSameCustomer(const CustomerRecord& a, const CustomerRecord& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(Bits(a.priority), Bits(b.priority)) << a.name;
  EXPECT_EQ(Bits(a.priority_factor), Bits(b.priority_factor)) << a.name;
  EXPECT_EQ(a.ceiling, b.ceiling) << a.name;
  EXPECT_EQ(a.floor, b.floor) << a.name;
  EXPECT_EQ(a.resources_used, b.resources_used) << a.name;
  EXPECT_EQ(Bits(a.weighted_resources_used), Bits(b.weighted_resources_used)) << a.name;
  EXPECT_EQ(Bits(a.hier_weighted_resources_used), Bits(b.hier_weighted_resources_used)) << a.name;
  EXPECT_EQ(a.uncharged_time, b.uncharged_time) << a.name;
  EXPECT_EQ(Bits(a.weighted_uncharged_time), Bits(b.weighted_uncharged_time)) << a.name;
  EXPECT_EQ(Bits(a.accumulated_usage), Bits(b.accumulated_usage)) << a.name;
  EXPECT_EQ(Bits(a.weighted_accumulated_usage), Bits(b.weighted_accumulated_usage)) << a.name;
  EXPECT_EQ(a.begin_usage_time, b.begin_usage_time) << a.name;
  EXPECT_EQ(a.last_usage_time, b.last_usage_time) << a.name;
}

void ExpectSameResource(const ResourceRecord& a, const ResourceRecord& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.remote_user, b.remote_user) << a.name;
  EXPECT_EQ(Bits(a.slot_weight), Bits(b.slot_weight)) << a.name;
  EXPECT_EQ(a.start_time, b.start_time) << a.name;
  EXPECT_EQ(a.matched_concurrency_limits, b.matched_concurrency_limits) << a.name;
  EXPECT_EQ(a.num_cp_matches, b.num_cp_matches) << a.name;
}

void ExpectSameSnapshot(const AccountantSnapshot& a, const AccountantSnapshot& b) {
  EXPECT_EQ(a.last_update_time, b.last_update_time);
  ASSERT_EQ(a.customers.size(), b.customers.size());
  for (size_t i = 0; i < a.customers.size(); ++i)
    ExpectSameCustomer(a.customers[i], b.customers[i]);
  ASSERT_EQ(a.resources.size(), b.resources.size());
  for (size_t i = 0; i < a.resources.size(); ++i)
    ExpectSameResource(a.resources[i], b.resources[i]);
}

// A snapshot with awkward values, its records already sorted by name.
AccountantSnapshot AwkwardSnapshot() {
  AccountantSnapshot s;
  s.last_update_time = 1700000000;
  CustomerRecord none;
  none.name = "<none>";
  none.priority_factor = 1000;
  none.hier_weighted_resources_used = 3;
  CustomerRecord alice;
  alice.name = "alice@cs.wisc.edu";
  alice.priority = 1.0 / 3.0;
  alice.priority_factor = 1e10;
  alice.ceiling = std::numeric_limits<int64_t>::max();
  alice.floor = std::numeric_limits<int64_t>::min();
  alice.resources_used = 7;
  alice.weighted_resources_used = 0.1 + 0.2;
  alice.uncharged_time = -3600;
  alice.weighted_uncharged_time = -0.0;
  alice.accumulated_usage = 5e-324;  // the smallest subnormal
  alice.weighted_accumulated_usage = std::numeric_limits<double>::max();
  alice.begin_usage_time = 1600000000;
  alice.last_usage_time = 1699999999;
  CustomerRecord quoted;
  quoted.name = "\xC3\xA9l\xC3\xA8ve\"\\/x\xF0\x9F\x98\x80@d";  // élève"\/x😀@d
  quoted.priority = 2.5e-300;
  s.customers = {none, alice, quoted};
  ResourceRecord slot;
  slot.name = "slot1@<10.0.0.1:9618?addrs=10.0.0.1-9618&noUDP>";
  slot.remote_user = "alice@cs.wisc.edu";
  slot.slot_weight = 0.7;
  slot.start_time = 1699990000;
  slot.matched_concurrency_limits = "license.matlab,db";
  slot.num_cp_matches = 2;
  ResourceRecord placeholder;
  placeholder.name = "slot1@<10.0.0.1:9618?addrs=10.0.0.1-9618&noUDP>_cp_match_001";
  placeholder.slot_weight = 4;
  s.resources = {slot, placeholder};
  return s;
}

TEST(AccountantJsonTest, ExportWritesTheDocumentExactly) {
  AccountantSnapshot s;
  s.last_update_time = 1700000000;
  CustomerRecord bob;
  bob.name = "bob@x";
  bob.priority = 5.25;
  bob.priority_factor = 1000;
  bob.resources_used = 10;
  bob.weighted_resources_used = 10;
  bob.weighted_accumulated_usage = 864000;
  bob.accumulated_usage = 864000;
  bob.begin_usage_time = 1699913600;
  bob.last_usage_time = 1700000000;
  CustomerRecord none;
  none.name = "<none>";
  none.priority_factor = 1e10;
  s.customers = {bob, none};  // written sorted by name
  ResourceRecord slot;
  slot.name = "slot1@h";
  slot.remote_user = "bob@x";
  slot.start_time = 1699913600;
  s.resources = {slot};
  EXPECT_EQ(ExportAccountantJson(s),
            "{\n"
            "  \"FormatVersion\": 1,\n"
            "  \"LastUpdateTime\": 1700000000,\n"
            "  \"Customers\": {\n"
            "    \"<none>\": {\n"
            "      \"Priority\": 0.5,\n"
            "      \"PriorityFactor\": 1e+10,\n"
            "      \"Ceiling\": -1,\n"
            "      \"Floor\": 0,\n"
            "      \"ResourcesUsed\": 0,\n"
            "      \"WeightedResourcesUsed\": 0,\n"
            "      \"HierWeightedResourcesUsed\": 0,\n"
            "      \"UnchargedTime\": 0,\n"
            "      \"WeightedUnchargedTime\": 0,\n"
            "      \"AccumulatedUsage\": 0,\n"
            "      \"WeightedAccumulatedUsage\": 0,\n"
            "      \"BeginUsageTime\": 0,\n"
            "      \"LastUsageTime\": 0\n"
            "    },\n"
            "    \"bob@x\": {\n"
            "      \"Priority\": 5.25,\n"
            "      \"PriorityFactor\": 1000,\n"
            "      \"Ceiling\": -1,\n"
            "      \"Floor\": 0,\n"
            "      \"ResourcesUsed\": 10,\n"
            "      \"WeightedResourcesUsed\": 10,\n"
            "      \"HierWeightedResourcesUsed\": 0,\n"
            "      \"UnchargedTime\": 0,\n"
            "      \"WeightedUnchargedTime\": 0,\n"
            "      \"AccumulatedUsage\": 864000,\n"
            "      \"WeightedAccumulatedUsage\": 864000,\n"
            "      \"BeginUsageTime\": 1699913600,\n"
            "      \"LastUsageTime\": 1700000000\n"
            "    }\n"
            "  },\n"
            "  \"Resources\": {\n"
            "    \"slot1@h\": {\n"
            "      \"RemoteUser\": \"bob@x\",\n"
            "      \"SlotWeight\": 1,\n"
            "      \"StartTime\": 1699913600,\n"
            "      \"MatchedConcurrencyLimits\": \"\",\n"
            "      \"NumCpMatches\": 0\n"
            "    }\n"
            "  }\n"
            "}\n");
}

TEST(AccountantJsonTest, AnEmptyAccountantHasEmptyTables) {
  AccountantSnapshot s;
  EXPECT_EQ(ExportAccountantJson(s),
            "{\n  \"FormatVersion\": 1,\n  \"LastUpdateTime\": 0,\n  \"Customers\": {},\n"
            "  \"Resources\": {}\n}\n");
  auto back = ParseAccountantJson(ExportAccountantJson(s), "empty.json");
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  ExpectSameSnapshot(*back, s);
}

TEST(AccountantJsonTest, RoundTripsExactly) {
  const AccountantSnapshot s = AwkwardSnapshot();
  const std::string text = ExportAccountantJson(s);
  auto back = ParseAccountantJson(text, "awkward.json");
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  // Parse sorts by name; AwkwardSnapshot is sorted (byte order: '<' < 'a' < 0xC3).
  ExpectSameSnapshot(*back, s);
  EXPECT_EQ(ExportAccountantJson(*back), text);
  EXPECT_NE(text.find("5e-324"), std::string::npos);
  EXPECT_NE(text.find("\xC3\xA9l\xC3\xA8ve"), std::string::npos);  // UTF-8 is written as is
  EXPECT_NE(text.find("\\\"\\\\/x"), std::string::npos);           // only " and \ escaped
}

TEST(AccountantJsonTest, RoundTripsRandomDoublesBitForBit) {
  std::mt19937_64 random(14);
  AccountantSnapshot s;
  s.last_update_time = 1;
  for (int i = 0; i < 2000; ++i) {
    CustomerRecord c;
    c.name = "u" + std::to_string(100000 + i) + "@d";
    double* fields[] = {&c.priority,
                        &c.priority_factor,
                        &c.weighted_resources_used,
                        &c.hier_weighted_resources_used,
                        &c.weighted_uncharged_time,
                        &c.accumulated_usage,
                        &c.weighted_accumulated_usage};
    for (double* f : fields) {
      double d;
      do {
        const uint64_t bits = random();
        std::memcpy(&d, &bits, sizeof d);
      } while (!std::isfinite(d));
      *f = d;
    }
    c.ceiling = static_cast<int64_t>(random());
    c.begin_usage_time = static_cast<int64_t>(random());
    s.customers.push_back(c);
  }
  auto back = ParseAccountantJson(ExportAccountantJson(s), "random.json");
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  ExpectSameSnapshot(*back, s);
}

TEST(AccountantJsonTest, AttributesLeftOutTakeTheDefaults) {
  auto parsed = ParseAccountantJson(
      R"({"FormatVersion": 1, "LastUpdateTime": 5,
          "Customers": {"a@x": {"PriorityFactor": 2000}, "b@x": {}},
          "Resources": {"s@h": {"RemoteUser": "a@x"}}})",
      "seed.json");
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  ASSERT_EQ(parsed->customers.size(), 2u);
  CustomerRecord expected;
  expected.name = "a@x";
  expected.priority_factor = 2000;
  ExpectSameCustomer(parsed->customers[0], expected);
  expected.name = "b@x";
  expected.priority_factor = 0;
  ExpectSameCustomer(parsed->customers[1], expected);
  ASSERT_EQ(parsed->resources.size(), 1u);
  EXPECT_EQ(parsed->resources[0].slot_weight, 1);
  EXPECT_EQ(parsed->resources[0].remote_user, "a@x");
  EXPECT_EQ(parsed->last_update_time, 5);

  // Tables may be left out; blanks and a byte order mark are fine.
  auto bare = ParseAccountantJson("\xEF\xBB\xBF \r\n{\"LastUpdateTime\":0,\"FormatVersion\":1}\n\t",
                                  "bare.json");
  ASSERT_TRUE(bare.ok()) << bare.status().ToString();
  EXPECT_TRUE(bare->customers.empty());
}

TEST(AccountantJsonTest, EscapesAndSurrogatesAreDecoded) {
  auto parsed = ParseAccountantJson(
      R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {
            "\u00e9\ud83d\ude00\/\"@x": {}}})",
      "escapes.json");
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  EXPECT_EQ(parsed->customers[0].name, "\xC3\xA9\xF0\x9F\x98\x80/\"@x");
}

// The error ParseAccountantJson gives for `text`: "file:line:col: message".
std::string ErrorOf(const std::string& text, const AccountantJsonOptions& options = {}) {
  auto parsed = ParseAccountantJson(text, "in.json", options);
  if (parsed.ok()) return "(no error)";
  return parsed.status().ToString();
}

// The sample group quota table with only finite doubles (JSON has no
// infinity; a cycle never computes one).
std::vector<GroupQuotaRecord> FiniteGroupQuotas() {
  std::vector<GroupQuotaRecord> table = testing_util::SampleGroupQuotas();
  table[2].effective_quota = 5e-324;
  table[0].allocated = -0.0;
  return table;
}

TEST(AccountantJsonTest, TheGroupQuotaTableIsWrittenExactlyAndOnlyWhenThere) {
  AccountantSnapshot s;
  s.last_update_time = 1700000000;
  const std::string without = ExportAccountantJson(s);
  EXPECT_EQ(without,
            "{\n"
            "  \"FormatVersion\": 1,\n"
            "  \"LastUpdateTime\": 1700000000,\n"
            "  \"Customers\": {},\n"
            "  \"Resources\": {}\n"
            "}\n");
  GroupQuotaRecord physics;
  physics.name = "group_physics";
  physics.static_quota = true;
  physics.configured_quota = 20;
  physics.subtree_quota = 20;
  physics.effective_quota = 20;
  physics.requested = 25.5;
  physics.surplus = 0.5;
  physics.allocated = 20.5;
  physics.usage = 20;
  physics.cycle_time = 1767225600;
  GroupQuotaRecord none;
  none.name = "<none>";
  none.cycle_time = 1767225600;
  s.group_quotas = {physics, none};  // written sorted by name
  EXPECT_EQ(ExportAccountantJson(s),
            "{\n"
            "  \"FormatVersion\": 1,\n"
            "  \"LastUpdateTime\": 1700000000,\n"
            "  \"Customers\": {},\n"
            "  \"Resources\": {},\n"
            "  \"GroupQuotas\": {\n"
            "    \"<none>\": {\n"
            "      \"StaticQuota\": false,\n"
            "      \"ConfigQuota\": 0,\n"
            "      \"SubtreeQuota\": 0,\n"
            "      \"EffectiveQuota\": 0,\n"
            "      \"Requested\": 0,\n"
            "      \"SurplusReceived\": 0,\n"
            "      \"Allocated\": 0,\n"
            "      \"WeightedResourcesUsed\": 0,\n"
            "      \"CycleTime\": 1767225600\n"
            "    },\n"
            "    \"group_physics\": {\n"
            "      \"StaticQuota\": true,\n"
            "      \"ConfigQuota\": 20,\n"
            "      \"SubtreeQuota\": 20,\n"
            "      \"EffectiveQuota\": 20,\n"
            "      \"Requested\": 25.5,\n"
            "      \"SurplusReceived\": 0.5,\n"
            "      \"Allocated\": 20.5,\n"
            "      \"WeightedResourcesUsed\": 20,\n"
            "      \"CycleTime\": 1767225600\n"
            "    }\n"
            "  }\n"
            "}\n");
}

TEST(AccountantJsonTest, TheGroupQuotaTableRoundTripsBitForBit) {
  AccountantSnapshot s = AwkwardSnapshot();
  s.group_quotas = FiniteGroupQuotas();
  const std::string text = ExportAccountantJson(s);
  auto back = ParseAccountantJson(text, "in.json");
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  ExpectSameSnapshot(s, *back);
  std::string why;
  EXPECT_TRUE(testing_util::SameGroupQuotas(back->group_quotas, s.group_quotas, &why)) << why;
  EXPECT_EQ(ExportAccountantJson(*back), text);
}

TEST(AccountantJsonTest, TheGroupQuotaTableIsOptionalAndItsAttributesDefault) {
  // A FormatVersion 1 document from before the table: no table.
  auto parsed = ParseAccountantJson(R"({"FormatVersion": 1, "LastUpdateTime": 5})", "in.json");
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  EXPECT_TRUE(parsed->group_quotas.empty());
  parsed = ParseAccountantJson(
      R"({"FormatVersion": 1, "LastUpdateTime": 5, "GroupQuotas": {
            "b": {"StaticQuota": true, "Requested": 3},
            "a": {}}})",
      "in.json");
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  ASSERT_EQ(parsed->group_quotas.size(), 2u);
  EXPECT_EQ(parsed->group_quotas[0].name, "a");  // sorted by name
  EXPECT_FALSE(parsed->group_quotas[0].static_quota);
  EXPECT_EQ(parsed->group_quotas[0].cycle_time, 0);
  EXPECT_EQ(parsed->group_quotas[1].name, "b");
  EXPECT_TRUE(parsed->group_quotas[1].static_quota);
  EXPECT_EQ(parsed->group_quotas[1].requested, 3);
}

TEST(AccountantJsonTest, BadGroupQuotaTablesAreRefusedWithLineAndColumn) {
  auto document = [](const std::string& groups) {
    return R"({"FormatVersion": 1, "LastUpdateTime": 0, "GroupQuotas": )" + groups + "}";
  };
  EXPECT_EQ(ErrorOf(document(R"({"g": {"StaticQuota": 1}})")),
            "in.json:1:80: StaticQuota: expected true or false, found a number");
  EXPECT_EQ(ErrorOf(document(R"({"g": {"StaticQuota": trueish}})")),
            "in.json:1:80: StaticQuota: expected true or false");
  EXPECT_EQ(ErrorOf(document(R"({"g": {"CycleTime": 1.5}})")),
            "in.json:1:78: CycleTime: expected an integer (no fraction or exponent), found 1.5");
  EXPECT_EQ(ErrorOf(document(R"({"g": {"Requested": "3"}})")),
            "in.json:1:78: Requested: expected a number, found a string");
  EXPECT_EQ(ErrorOf(document(R"({"g": {"Quota": 3}})")),
            "in.json:1:65: unknown attribute \"Quota\" in the record \"g\" (known: StaticQuota, "
            "ConfigQuota, SubtreeQuota, EffectiveQuota, Requested, SurplusReceived, Allocated, "
            "WeightedResourcesUsed, CycleTime)");
  EXPECT_EQ(ErrorOf(document(R"({"g": {}, "g": {}})")),
            "in.json:1:68: duplicate record \"g\" in GroupQuotas (first at line 1, column 59)");
  EXPECT_EQ(ErrorOf(document(R"({"a b": {}})")),
            "in.json:1:59: the group name \"a b\" holds a space (GROUP_NAMES cannot name a group "
            "with a blank)");
  EXPECT_EQ(ErrorOf(document(R"({"": {}})")), "in.json:1:59: a group name is empty");
  EXPECT_EQ(ErrorOf(document("[]")),
            "in.json:1:58: GroupQuotas: expected an object, found an array");
  EXPECT_EQ(
      ErrorOf(R"({"FormatVersion": 1, "LastUpdateTime": 0, "GroupQuotas": {}, "GroupQuotas": {}})"),
      "in.json:1:62: duplicate key \"GroupQuotas\" (first at line 1, column 43)");
  // Group quota records count toward the record limit.
  AccountantJsonOptions options;
  options.max_records = 2;
  auto limited = ParseAccountantJson(
      R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {"a@x": {}},
          "GroupQuotas": {"a": {}, "b": {}}})",
      "in.json", options);
  ASSERT_FALSE(limited.ok());
  EXPECT_EQ(limited.status().code(), StatusCode::kLimitExceeded);
}

// A one-line document with one customer whose record is `record`.
std::string WithCustomer(const std::string& record) {
  return R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {"a@x": )" + record + "}}";
}

TEST(AccountantJsonTest, UnknownKeysAreErrorsWithLineAndColumn) {
  EXPECT_EQ(ErrorOf("{\n  \"FormatVersion\": 1,\n  \"LastUpdate\": 3\n}"),
            "in.json:3:3: unknown key \"LastUpdate\" (the document has FormatVersion, "
            "LastUpdateTime, Customers, Resources and GroupQuotas)");
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Priority": 1, "priority": 2})")),
            "in.json:1:80: unknown attribute \"priority\" in the record \"a@x\" (known: Priority, "
            "PriorityFactor, Ceiling, Floor, ResourcesUsed, WeightedResourcesUsed, "
            "HierWeightedResourcesUsed, UnchargedTime, WeightedUnchargedTime, AccumulatedUsage, "
            "WeightedAccumulatedUsage, BeginUsageTime, LastUsageTime)");
  // A resource attribute is unknown on a customer.
  EXPECT_NE(ErrorOf(WithCustomer(R"({"SlotWeight": 1})")).find("unknown attribute \"SlotWeight\""),
            std::string::npos);
}

TEST(AccountantJsonTest, DuplicatesAreErrors) {
  EXPECT_EQ(ErrorOf("{\"FormatVersion\": 1,\n\"FormatVersion\": 1}"),
            "in.json:2:1: duplicate key \"FormatVersion\" (first at line 1, column 2)");
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Floor": 1, "Floor": 2})")),
            "in.json:1:77: duplicate attribute \"Floor\" in the record \"a@x\" (first at line 1, "
            "column 65)");
  EXPECT_EQ(ErrorOf(R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {"a@x": {},
 "a@x": {}}})"),
            "in.json:2:2: duplicate record \"a@x\" in Customers (first at line 1, column 57)");
  // Names are case-sensitive, as HTCondor's keys are.
  EXPECT_EQ(ErrorOf(R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {"a@x": {},
 "A@x": {}}})"),
            "(no error)");
}

TEST(AccountantJsonTest, WrongTypesAreErrors) {
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Priority": "1"})")),
            "in.json:1:77: Priority: expected a number, found a string");
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Priority": null})")),
            "in.json:1:77: Priority: expected a number, found null");
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Priority": true})")),
            "in.json:1:77: Priority: expected a number, found a boolean");
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Floor": 1.5})")),
            "in.json:1:74: Floor: expected an integer (no fraction or exponent), found 1.5");
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Floor": 1e3})")),
            "in.json:1:74: Floor: expected an integer (no fraction or exponent), found 1e3");
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Floor": 9223372036854775808})")),
            "in.json:1:74: Floor: 9223372036854775808 does not fit in a 64-bit integer");
  EXPECT_EQ(ErrorOf(WithCustomer("[]")),
            "in.json:1:64: the record \"a@x\": expected an object, found an array");
  EXPECT_EQ(ErrorOf("[]"), "in.json:1:1: the document: expected an object, found an array");
  EXPECT_EQ(
      ErrorOf(
          R"({"FormatVersion": 1, "LastUpdateTime": 0, "Resources": {"s": {"RemoteUser": 3}}})"),
      "in.json:1:77: RemoteUser: expected a string, found a number");
  EXPECT_EQ(ErrorOf(R"({"FormatVersion": "1"})"),
            "in.json:1:19: FormatVersion: expected an integer, found a string");
}

TEST(AccountantJsonTest, NonFiniteAndNonJsonNumbersAreErrors) {
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Priority": 1e400})")),
            "in.json:1:77: Priority: 1e400 is out of the range of a double (it is not finite, "
            "or not zero but rounds to zero)");
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Priority": NaN})")),
            "in.json:1:77: Priority: expected a number, found 'N'");
  EXPECT_EQ(ErrorOf(WithCustomer(R"({"Priority": -Infinity})")),
            "in.json:1:77: this is not a JSON number (JSON numbers are like -12, 0.5 or 1e+10)");
  for (const char* bad : {"01", "1.", ".5", "+1", "1e", "0x10", "1.2.3", "-"}) {
    EXPECT_NE(ErrorOf(WithCustomer(std::string(R"({"Priority": )") + bad + "}")).find("in.json:1:"),
              std::string::npos)
        << bad;
    EXPECT_EQ(ErrorOf(WithCustomer(std::string(R"({"Priority": )") + bad + "}")).find("(no error)"),
              std::string::npos)
        << bad;
  }
  // A non-finite double is exported as null, which is refused on import.
  AccountantSnapshot s;
  CustomerRecord c;
  c.name = "a@x";
  c.priority = std::numeric_limits<double>::infinity();
  s.customers = {c};
  const std::string text = ExportAccountantJson(s);
  EXPECT_NE(text.find("\"Priority\": null"), std::string::npos);
  EXPECT_NE(ErrorOf(text).find("Priority: expected a number, found null"), std::string::npos);
}

TEST(AccountantJsonTest, SyntaxErrorsSayWhere) {
  EXPECT_EQ(ErrorOf(""),
            "in.json:1:1: the document: expected an object, found the end of the input");
  EXPECT_EQ(ErrorOf("{\"FormatVersion\": 1,}"),
            "in.json:1:21: expected a key (a string) in the document, found '}'");
  EXPECT_EQ(ErrorOf("{\"FormatVersion\" 1}"),
            "in.json:1:18: expected ':' after the key, found a number");
  EXPECT_EQ(ErrorOf("{\"FormatVersion\": 1 \"x\": 2}"),
            "in.json:1:21: expected ',' or '}' in the document, found a string");
  EXPECT_EQ(ErrorOf("{\"FormatVersion\": 1"),
            "in.json:1:20: the document is not closed (expected ',' or '}')");
  EXPECT_EQ(ErrorOf("{\"FormatVersion\": 1, \"LastUpdateTime\": 0} x"),
            "in.json:1:43: found 'x' after the end of the document");
  EXPECT_EQ(ErrorOf("{\"FormatVersion\": 1, \"LastUpdateTime\": 0}{}"),
            "in.json:1:42: found an object after the end of the document");
  EXPECT_EQ(ErrorOf("{\"Format"), "in.json:1:2: this string is not closed");
  EXPECT_EQ(ErrorOf("{\"a\tb\": 1}"),
            "in.json:1:4: a control character (byte 9) must be escaped inside a string");
  EXPECT_EQ(ErrorOf("{\"a\\qb\": 1}"),
            "in.json:1:4: unknown escape \\q (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
  EXPECT_EQ(ErrorOf("{\"\\ud800\": 1}"),
            "in.json:1:3: \\u escape of a high surrogate not followed by a low one");
  EXPECT_EQ(ErrorOf("{\"\\udc00\": 1}"), "in.json:1:3: \\u escape of a lone low surrogate");
  EXPECT_EQ(ErrorOf("{\"\\u12\": 1}"), "in.json:1:3: \\u must be followed by four hex digits");
}

TEST(AccountantJsonTest, RequiredKeysAndTheVersion) {
  EXPECT_EQ(ErrorOf("{\"LastUpdateTime\": 0}"), "in.json:1:1: the document has no FormatVersion");
  EXPECT_EQ(ErrorOf(" {\"FormatVersion\": 1}"), "in.json:1:2: the document has no LastUpdateTime");
  auto parsed = ParseAccountantJson("{\"FormatVersion\": 2, \"LastUpdateTime\": 0}", "v2.json");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(parsed.status().ToString(),
            "v2.json:1:19: FormatVersion 2 is not one this program reads (it reads version 1)");
}

TEST(AccountantJsonTest, BadNamesAndBytesAreErrors) {
  EXPECT_EQ(ErrorOf(R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {"": {}}})"),
            "in.json:1:57: a customer name is empty");
  EXPECT_EQ(ErrorOf(R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {"a b@x": {}}})"),
            "in.json:1:57: the customer name \"a b@x\" holds a space (HTCondor refuses submitter "
            "names with blanks)");
  EXPECT_EQ(ErrorOf(R"({"FormatVersion": 1, "LastUpdateTime": 0, "Resources": {"s\n": {}}})"),
            "in.json:1:57: the resource name holds a control character");
  EXPECT_EQ(
      ErrorOf(
          R"({"FormatVersion": 1, "LastUpdateTime": 0, "Resources": {"s": {"RemoteUser": "a\u0000"}}})"),
      "in.json:1:77: RemoteUser: the string holds a NUL character");
  // Not UTF-8: a lone continuation byte, an overlong form, an encoded surrogate.
  for (const char* bad : {"\x80", "\xC0\xAF", "\xED\xA0\x80", "\xF5\x80\x80\x80", "\xE2\x82"}) {
    EXPECT_EQ(ErrorOf(std::string("{\"") + bad + "\": 1}"),
              "in.json:1:3: this string is not valid UTF-8")
        << bad;
  }
  EXPECT_EQ(ErrorOf(std::string("{\"FormatVersion\": 1,\0 ", 22)),
            "in.json:1:21: expected a key (a string) in the document, found the byte 0x00");
  EXPECT_EQ(ErrorOf("\xFF\xFE{}"),
            "in.json:1:1: the document: expected an object, found the byte 0xFF");
  // Columns count code points: the error after "é" is at column 3 + 2.
  EXPECT_EQ(ErrorOf("{\"\xC3\xA9\" 1}"), "in.json:1:6: expected ':' after the key, found a number");
}

TEST(AccountantJsonTest, HostileNestingIsRefusedWhereItStands) {
  // The reader never descends into a value the document does not allow, so
  // any depth is one error.
  const std::string deep(1000000, '[');
  EXPECT_EQ(ErrorOf(WithCustomer("{\"Priority\": " + deep)),
            "in.json:1:77: Priority: expected a number, found an array");
  EXPECT_EQ(ErrorOf("{\"Customers\": {\"a@x\": {\"Priority\": {\"Priority\": {}}}}}"),
            "in.json:1:36: Priority: expected a number, found an object");
  EXPECT_EQ(ErrorOf(deep), "in.json:1:1: the document: expected an object, found an array");
}

TEST(AccountantJsonTest, LimitsAreEnforced) {
  AccountantJsonOptions small;
  small.max_input_bytes = 10;
  auto parsed = ParseAccountantJson("{\"FormatVersion\": 1}", "big.json", small);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), StatusCode::kLimitExceeded);
  EXPECT_EQ(parsed.status().ToString(),
            "big.json: the document is 20 bytes, more than the limit of 10");

  AccountantJsonOptions strings;  // every string: keys, names, values
  strings.max_string_bytes = 16;
  EXPECT_EQ(
      ErrorOf(
          R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {"abcdefghijklm@xyz": {}}})",
          strings),
      "in.json:1:57: this string is longer than the limit of 16 bytes");
  EXPECT_EQ(
      ErrorOf(R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {"abcdefghijklm@xy": {}}})",
              strings),
      "(no error)");

  AccountantJsonOptions records;
  records.max_records = 2;
  EXPECT_EQ(
      ErrorOf(R"({"FormatVersion": 1, "LastUpdateTime": 0, "Customers": {"a@x": {}, "b@x": {}},
"Resources": {"s": {}}})",
              records),
      "in.json:2:15: more than 2 records (the limit)");
}

TEST(AccountantJsonTest, MutatedDocumentsNeverCrash) {
  AccountantSnapshot awkward = AwkwardSnapshot();
  awkward.group_quotas = FiniteGroupQuotas();
  const std::string good = ExportAccountantJson(awkward);
  std::mt19937 random(1414);
  const char alphabet[] = "{}[]\",:0123456789.eE+-tfnul\\ \n\x80\xC3\xFF";
  int accepted = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text = good;
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits; ++e) {
      const size_t at = random() % text.size();
      switch (random() % 3) {
        case 0:
          text[at] = alphabet[random() % (sizeof(alphabet) - 1)];
          break;
        case 1:
          text.erase(at, 1 + random() % 8);
          break;
        default:
          text.insert(at, 1, alphabet[random() % (sizeof(alphabet) - 1)]);
      }
      if (text.empty()) text = "{";
    }
    auto parsed = ParseAccountantJson(text, "mutated.json");
    if (parsed.ok()) {
      ++accepted;
      // Whatever was accepted writes and reads back the same.
      const std::string again = ExportAccountantJson(*parsed);
      auto back = ParseAccountantJson(again, "again.json");
      ASSERT_TRUE(back.ok()) << back.status().ToString();
      EXPECT_EQ(ExportAccountantJson(*back), again);
    } else {
      EXPECT_GT(parsed.status().where().line, 0) << parsed.status().ToString();
    }
  }
  EXPECT_LT(accepted, 3000);
}

TEST(AccountantJsonFileTest, ReadsABoundedRegularFile) {
  std::string folder = ::testing::TempDir() + "acct_json_XXXXXX";
  ASSERT_NE(mkdtemp(folder.data()), nullptr);
  const std::string path = folder + "/a.json";
  AccountantSnapshot snapshot;
  snapshot.last_update_time = 1700000000;
  const std::string text = ExportAccountantJson(snapshot);
  std::ofstream(path, std::ios::binary) << text;

  classad::Result<AccountantSnapshot> read = ReadAccountantJsonFile(path);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(read->last_update_time, 1700000000);

  AccountantJsonOptions small;
  small.max_input_bytes = text.size() - 1;  // refused before it is read
  read = ReadAccountantJsonFile(path, small);
  EXPECT_EQ(read.status().code(), classad::StatusCode::kLimitExceeded);
  EXPECT_NE(read.status().message().find("larger than the limit"), std::string::npos);

  read = ReadAccountantJsonFile(folder);
  EXPECT_EQ(read.status().code(), classad::StatusCode::kIoError);
  EXPECT_NE(read.status().message().find("not a regular file"), std::string::npos);
  read = ReadAccountantJsonFile(folder + "/missing.json");
  EXPECT_EQ(read.status().code(), classad::StatusCode::kIoError);
}

}  // namespace
}  // namespace negotiator
