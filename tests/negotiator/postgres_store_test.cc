// The PostgreSQL accountant store (negotiator/store/postgres_store.h)
// against a real server: schema creation (once, however many processes
// open at the same time), the newer-schema refusal, records round-tripping
// bit for bit, upserts and erasures, failed commits storing nothing, the
// busy timeout, read-only opens, reconnecting, the last cycle's group
// quota table (replaced whole; migrated into a version-1 store), and two
// processes updating the same users through the store and through
// DurableAccountant without losing an update (and the same race on SQLite).
//
// The server comes from ACCOUNTANT_TEST_POSTGRES (scripts/with-postgres.sh
// starts a throw-away one and sets it); without it the tests that need a
// server are skipped. Every test works in a schema of its own (through the
// connection's search_path), so tests running at the same time never share
// tables.
#include "negotiator/accountant/store/postgres_store.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "negotiator/accountant/durable_accountant.h"
#include "negotiator/accountant/store/accountant_store.h"
#include "tests/negotiator/accountant_test_util.h"
#include "tests/negotiator/group_quota_record_test_util.h"

namespace negotiator {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;

constexpr const char* kNoServer =
    "ACCOUNTANT_TEST_POSTGRES is not set: no PostgreSQL server to test against (run the tests "
    "through scripts/with-postgres.sh, which starts one)";

// The test server's location, or null.
const char* ServerLocation() {
  const char* v = std::getenv("ACCOUNTANT_TEST_POSTGRES");
  return v != nullptr && v[0] != '\0' ? v : nullptr;
}

std::string PercentEncode(const std::string& text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) != 0 || c == '_' || c == '.' || c == '-') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

// `base` (a URI or `postgresql:` conninfo) with more libpq parameters.
std::string WithParameters(const std::string& base,
                           const std::vector<std::pair<std::string, std::string>>& params) {
  const bool uri = base.starts_with("postgresql://") || base.starts_with("postgres://");
  std::string out = base;
  for (const auto& [key, value] : params) {
    if (uri) {
      out += out.find('?') == std::string::npos ? '?' : '&';
      out += key + "=" + PercentEncode(value);
    } else {
      out += " " + key + "='";
      for (char c : value) {
        if (c == '\'' || c == '\\') out += '\\';
        out += c;
      }
      out += "'";
    }
  }
  return out;
}

// Runs `body` in `n` child processes that start together (they wait on a
// pipe the parent closes once all are forked). Returns their exit codes
// (-1 when one did not exit normally). A child opens its own connections.
std::vector<int> RunChildren(int n, const std::function<int(int)>& body) {
  int barrier[2];
  if (pipe(barrier) != 0) return std::vector<int>(static_cast<size_t>(n), -1);
  std::vector<pid_t> pids;
  for (int i = 0; i < n; ++i) {
    pid_t pid = fork();
    if (pid == 0) {
      close(barrier[1]);
      char c;
      while (read(barrier[0], &c, 1) > 0) {
      }
      int code = body(i);
      std::fflush(stderr);
      _exit(code);
    }
    pids.push_back(pid);
  }
  close(barrier[0]);
  close(barrier[1]);
  std::vector<int> codes;
  for (pid_t pid : pids) {
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
      codes.push_back(-1);
    } else {
      codes.push_back(WEXITSTATUS(status));
    }
  }
  return codes;
}

// A child's failure: printed (the parent's test log shows it) and a code.
int ChildFails(int code, const std::string& what, const Status& status) {
  std::fprintf(stderr, "child %d: %s: %s\n", static_cast<int>(getpid()), what.c_str(),
               status.ToString().c_str());
  return code;
}

CustomerRecord Customer(const std::string& name, double usage) {
  CustomerRecord c;
  c.name = name;
  c.accumulated_usage = usage;
  c.weighted_accumulated_usage = usage / 2;
  return c;
}

ResourceRecord Resource(const std::string& name, const std::string& user, double weight) {
  ResourceRecord r;
  r.name = name;
  r.remote_user = user;
  r.slot_weight = weight;
  r.start_time = 1700000000;
  r.matched_concurrency_limits = "license_a,license_b";
  return r;
}

void SortByName(AccountantSnapshot* s) {
  auto by_name = [](const auto& a, const auto& b) { return a.name < b.name; };
  std::sort(s->customers.begin(), s->customers.end(), by_name);
  std::sort(s->resources.begin(), s->resources.end(), by_name);
}

bool SameBits(double a, double b) {
  return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b);
}

// Whether two customer records are identical, doubles bit for bit.
bool SameCustomer(const CustomerRecord& x, const CustomerRecord& y) {
  return x.name == y.name && SameBits(x.priority, y.priority) &&
         SameBits(x.priority_factor, y.priority_factor) && x.ceiling == y.ceiling &&
         x.floor == y.floor && x.resources_used == y.resources_used &&
         SameBits(x.weighted_resources_used, y.weighted_resources_used) &&
         SameBits(x.hier_weighted_resources_used, y.hier_weighted_resources_used) &&
         x.uncharged_time == y.uncharged_time &&
         SameBits(x.weighted_uncharged_time, y.weighted_uncharged_time) &&
         SameBits(x.accumulated_usage, y.accumulated_usage) &&
         SameBits(x.weighted_accumulated_usage, y.weighted_accumulated_usage) &&
         x.begin_usage_time == y.begin_usage_time && x.last_usage_time == y.last_usage_time;
}

bool SameResource(const ResourceRecord& x, const ResourceRecord& y) {
  return x.name == y.name && x.remote_user == y.remote_user &&
         SameBits(x.slot_weight, y.slot_weight) && x.start_time == y.start_time &&
         x.matched_concurrency_limits == y.matched_concurrency_limits &&
         x.num_cp_matches == y.num_cp_matches;
}

// A change: the records written, the names erased, LastUpdateTime.
AccountantChanges Change(std::vector<const CustomerRecord*> customers,
                         std::vector<const ResourceRecord*> resources = {},
                         std::vector<std::string> erased_customers = {},
                         std::vector<std::string> erased_resources = {},
                         std::optional<int64_t> last_update_time = std::nullopt) {
  AccountantChanges c;
  c.put_customers = std::move(customers);
  c.put_resources = std::move(resources);
  c.erased_customers = std::move(erased_customers);
  c.erased_resources = std::move(erased_resources);
  c.last_update_time = last_update_time;
  return c;
}

const CustomerRecord* FindCustomer(const AccountantSnapshot& s, const std::string& name) {
  for (const CustomerRecord& c : s.customers) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

// One test's own schema in the test database.
class PostgresStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* server = ServerLocation();
    if (server == nullptr) GTEST_SKIP() << kNoServer;
    server_ = server;
    static int counter = 0;
    schema_ = "acct_test_" + std::to_string(getpid()) + "_" + std::to_string(++counter) + "_" +
              std::to_string(std::chrono::steady_clock::now().time_since_epoch().count() %
                             1000000007);
    Result<std::string> made = ExecutePostgresSql(server_, "CREATE SCHEMA " + schema_);
    ASSERT_TRUE(made.ok()) << made.status().ToString();
    location_ = WithParameters(
        server_, {{"options", "-csearch_path=" + schema_}, {"application_name", schema_}});
  }

  void TearDown() override {
    if (!schema_.empty()) ExecutePostgresSql(server_, "DROP SCHEMA " + schema_ + " CASCADE");
  }

  // The store in this test's schema; null (and a test failure) on error.
  std::unique_ptr<AccountantStore> Open(const StoreOptions& options = {}) {
    Result<std::unique_ptr<AccountantStore>> store = OpenPostgresStore(location_, options);
    EXPECT_TRUE(store.ok()) << store.status().ToString();
    return store.ok() ? std::move(store).value() : nullptr;
  }

  // The first value `sql` returns, run in this test's schema.
  std::string Sql(const std::string& sql) {
    Result<std::string> r = ExecutePostgresSql(location_, sql);
    EXPECT_TRUE(r.ok()) << sql << ": " << r.status().ToString();
    return r.ok() ? *r : "<error>";
  }

  // Commits `changes` in one transaction; the new generation or -1.
  static int64_t CommitChanges(AccountantStore& store, const AccountantChanges& changes) {
    Result<int64_t> begun = store.BeginWrite();
    EXPECT_TRUE(begun.ok()) << begun.status().ToString();
    if (!begun.ok()) return -1;
    Result<int64_t> committed = store.Commit(changes);
    EXPECT_TRUE(committed.ok()) << committed.status().ToString();
    return committed.ok() ? *committed : -1;
  }

  static AccountantSnapshot Load(AccountantStore& store) {
    AccountantSnapshot s;
    Status status = store.LoadAll(&s);
    EXPECT_TRUE(status.ok()) << status.ToString();
    SortByName(&s);
    return s;
  }

  std::string server_;
  std::string schema_;
  std::string location_;
};

TEST_F(PostgresStoreTest, CreatesTheSchemaAndReopensIt) {
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  Result<int64_t> generation = store->Generation();
  ASSERT_TRUE(generation.ok()) << generation.status().ToString();
  EXPECT_EQ(*generation, 0);
  AccountantSnapshot s = Load(*store);
  EXPECT_TRUE(s.customers.empty());
  EXPECT_TRUE(s.resources.empty());
  EXPECT_EQ(s.last_update_time, 0);
  EXPECT_EQ(Sql("SELECT schema_version FROM accountant_meta"), "3");
  EXPECT_EQ(store->schema_version(), 3);
  EXPECT_EQ(Sql("SELECT count(*) FROM accountant_meta"), "1");
  // The tables are in this test's schema, nowhere else.
  EXPECT_EQ(Sql("SELECT count(*) FROM pg_tables WHERE schemaname = '" + schema_ + "'"), "5");

  ASSERT_EQ(CommitChanges(*store, Change({}, {}, {}, {}, 42)),
            1);
  store.reset();
  store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(Load(*store).last_update_time, 42);
  EXPECT_EQ(Sql("SELECT count(*) FROM accountant_meta"), "1");
}

TEST_F(PostgresStoreTest, MissingStoreIsNotCreatedUnlessAllowed) {
  StoreOptions no_create;
  no_create.create_if_missing = false;
  Result<std::unique_ptr<AccountantStore>> store = OpenPostgresStore(location_, no_create);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kNotFound) << store.status().ToString();

  StoreOptions read_only;
  read_only.read_only = true;
  store = OpenPostgresStore(location_, read_only);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kNotFound) << store.status().ToString();
  EXPECT_EQ(Sql("SELECT to_regclass('accountant_meta') IS NULL"), "t");
}

TEST_F(PostgresStoreTest, NewerSchemaIsRefusedAndLeftUntouched) {
  {
    std::unique_ptr<AccountantStore> store = Open();
    ASSERT_NE(store, nullptr);
    CustomerRecord alice = Customer("alice@example.org", 5);
    ASSERT_EQ(CommitChanges(*store, Change({&alice})), 1);
  }
  Sql("UPDATE accountant_meta SET schema_version = 4");
  for (bool read_only : {false, true}) {
    StoreOptions options;
    options.read_only = read_only;
    Result<std::unique_ptr<AccountantStore>> store = OpenPostgresStore(location_, options);
    ASSERT_FALSE(store.ok());
    EXPECT_EQ(store.status().code(), StatusCode::kFailedPrecondition)
        << store.status().ToString();
    EXPECT_NE(store.status().message().find("schema 4; this one knows up to 3"),
              std::string::npos)
        << store.status().ToString();
  }
  Sql("UPDATE accountant_meta SET schema_version = 99");
  for (bool read_only : {false, true}) {
    StoreOptions options;
    options.read_only = read_only;
    Result<std::unique_ptr<AccountantStore>> store = OpenPostgresStore(location_, options);
    ASSERT_FALSE(store.ok());
    EXPECT_EQ(store.status().code(), StatusCode::kFailedPrecondition)
        << store.status().ToString();
    EXPECT_NE(store.status().message().find("newer"), std::string::npos)
        << store.status().ToString();
    EXPECT_NE(store.status().message().find("untouched"), std::string::npos);
  }
  EXPECT_EQ(Sql("SELECT schema_version || ',' || generation FROM accountant_meta"), "99,1");
  EXPECT_EQ(Sql("SELECT count(*) FROM customers"), "1");
}

TEST_F(PostgresStoreTest, TheGroupQuotaTableRoundTripsBitForBitAndIsReplacedWhole) {
  using testing_util::SameGroupQuotas;
  using testing_util::SampleGroupQuotas;
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_TRUE(Load(*store).group_quotas.empty());
  std::vector<GroupQuotaRecord> table = SampleGroupQuotas();
  table[0].allocated = -0.0;
  table[2].requested = -std::numeric_limits<double>::infinity();
  AccountantChanges changes;
  changes.group_quotas = table;
  // A name twice: the later record wins, as for the other tables.
  changes.group_quotas->push_back(table[1]);
  changes.group_quotas->back().requested = 42;
  table[1].requested = 42;
  ASSERT_EQ(CommitChanges(*store, changes), 1);
  std::string why;
  std::unique_ptr<AccountantStore> other = Open();  // a new connection
  ASSERT_NE(other, nullptr);
  EXPECT_TRUE(SameGroupQuotas(Load(*other).group_quotas, table, &why)) << why;

  // A change without the table keeps it; a new table replaces it whole.
  CustomerRecord a = Customer("a@x", 1);
  ASSERT_EQ(CommitChanges(*store, Change({&a})), 2);
  EXPECT_TRUE(SameGroupQuotas(Load(*other).group_quotas, table, &why)) << why;
  std::vector<GroupQuotaRecord> next = SampleGroupQuotas(1767229200);
  next.erase(next.begin());
  changes.group_quotas = next;
  ASSERT_EQ(CommitChanges(*store, changes), 3);
  EXPECT_TRUE(SameGroupQuotas(Load(*other).group_quotas, next, &why)) << why;
  EXPECT_EQ(Sql("SELECT count(*) FROM group_quotas"), "2");
  EXPECT_EQ(Sql("SELECT static_quota FROM group_quotas WHERE name = 'group_physics'"), "1");

  // An empty table empties it.
  changes.group_quotas = std::vector<GroupQuotaRecord>();
  ASSERT_EQ(CommitChanges(*store, changes), 4);
  EXPECT_TRUE(Load(*other).group_quotas.empty());

  // A NaN or a NUL is refused and nothing of the change is stored.
  changes.group_quotas = SampleGroupQuotas();
  ASSERT_EQ(CommitChanges(*store, changes), 5);
  for (int bad = 0; bad < 2; ++bad) {
    AccountantChanges refused;
    refused.group_quotas = SampleGroupQuotas(1);
    if (bad == 0) {
      (*refused.group_quotas)[2].usage = std::nan("");
    } else {
      (*refused.group_quotas)[2].name = std::string("lep\0x", 5);
    }
    ASSERT_TRUE(store->BeginWrite().ok());
    Result<int64_t> committed = store->Commit(refused);
    ASSERT_FALSE(committed.ok());
    EXPECT_EQ(committed.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(committed.status().message().find(bad == 0 ? "group quota group_physics.lep: usage is NaN"
                                                         : "NUL"),
              std::string::npos)
        << committed.status().ToString();
    EXPECT_TRUE(SameGroupQuotas(Load(*other).group_quotas, SampleGroupQuotas(), &why)) << why;
    EXPECT_EQ(*store->Generation(), 5);
  }
}

TEST_F(PostgresStoreTest, TheRunningJobsHistoryRoundTripsAndIsBounded) {
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_TRUE(Load(*store).running_history.empty());
  RunningJobsRecord a{100, "g", "", 2, 3}, b{100, "g", "alice", 2, 3}, c{200, "g", "", 4, 4};
  AccountantChanges changes;
  changes.put_running = {&c, &b, &a};
  ASSERT_EQ(CommitChanges(*store, changes), 1);
  AccountantSnapshot loaded = Load(*store);
  ASSERT_EQ(loaded.running_history.size(), 3u);
  EXPECT_EQ(loaded.running_history[0].user, "");  // sorted by time, group, user
  EXPECT_EQ(loaded.running_history[1].user, "alice");
  EXPECT_EQ(loaded.running_history[2].time, 200);
  // Forget before 150, then replace the sample at 200 (ON CONFLICT).
  RunningJobsRecord replaced{200, "g", "", 5, 6};
  AccountantChanges second;
  second.running_before = 150;
  second.put_running = {&replaced};
  ASSERT_EQ(CommitChanges(*store, second), 2);
  loaded = Load(*store);
  ASSERT_EQ(loaded.running_history.size(), 1u);
  EXPECT_EQ(loaded.running_history[0].running, 5);
  EXPECT_EQ(loaded.running_history[0].jobs, 6);
  EXPECT_EQ(Sql("SELECT count(*) FROM running_jobs"), "1");
}

TEST_F(PostgresStoreTest, AVersion1StoreIsMigratedInPlaceKeepingItsRecords) {
  using testing_util::SameGroupQuotas;
  using testing_util::SampleGroupQuotas;
  // Version 1 as this program's first schema made it, by hand.
  Sql(std::string(testing_util::kVersion1Tables) +
      "INSERT INTO accountant_meta VALUES (1, 1, 7, 1700000000);"
      "INSERT INTO customers VALUES ('alice@x', 12.5, 1000, -1, 0, 1, 2.5, 0, 0, 0,"
      " 3600.25, 9000.5, 1699000000, 1700000000);"
      "INSERT INTO resources VALUES ('slot1@h', 'alice@x', 2.5, 1699990000, 'matlab', 0)");

  // Read-only: read as it is, nothing created.
  StoreOptions read_only;
  read_only.read_only = true;
  AccountantSnapshot before;
  {
    std::unique_ptr<AccountantStore> reader = Open(read_only);
    ASSERT_NE(reader, nullptr);
    EXPECT_EQ(reader->schema_version(), 1);
    before = Load(*reader);
    ASSERT_EQ(before.customers.size(), 1u);
    EXPECT_EQ(before.customers[0].weighted_accumulated_usage, 9000.5);
    ASSERT_EQ(before.resources.size(), 1u);
    EXPECT_TRUE(before.group_quotas.empty());
    EXPECT_EQ(*reader->Generation(), 7);
  }
  EXPECT_EQ(Sql("SELECT to_regclass('group_quotas') IS NULL"), "t");
  EXPECT_EQ(Sql("SELECT schema_version FROM accountant_meta"), "1");

  // Writable: migrated, everything kept.
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->schema_version(), 3);
  EXPECT_EQ(Sql("SELECT schema_version || ',' || generation FROM accountant_meta"), "3,7");
  EXPECT_EQ(Sql("SELECT to_regclass('running_jobs') IS NOT NULL"), "t");
  EXPECT_EQ(Sql("SELECT to_regclass('group_quotas') IS NOT NULL"), "t");
  AccountantSnapshot after = Load(*store);
  std::string why;
  EXPECT_TRUE(testing_util::SameState(before, after, &why)) << why;
  EXPECT_TRUE(after.group_quotas.empty());
  AccountantChanges changes;
  changes.group_quotas = SampleGroupQuotas();
  ASSERT_EQ(CommitChanges(*store, changes), 8);
  // Reopening a current store migrates nothing more.
  store.reset();
  store = Open();
  ASSERT_NE(store, nullptr);
  after = Load(*store);
  EXPECT_TRUE(SameGroupQuotas(after.group_quotas, SampleGroupQuotas(), &why)) << why;
  EXPECT_TRUE(testing_util::SameState(before, after, &why)) << why;
}

TEST_F(PostgresStoreTest, ProcessesOpeningAnEmptyDatabaseTogetherCreateTheSchemaOnce) {
  const std::string location = location_;
  std::vector<int> codes = RunChildren(4, [&location](int) {
    Result<std::unique_ptr<AccountantStore>> store = OpenPostgresStore(location, {});
    if (!store.ok()) return ChildFails(1, "opening", store.status());
    Result<int64_t> generation = (*store)->Generation();
    if (!generation.ok()) return ChildFails(2, "reading the generation", generation.status());
    return *generation == 0 ? 0 : 3;
  });
  EXPECT_EQ(codes, std::vector<int>(4, 0));
  EXPECT_EQ(Sql("SELECT count(*) FROM accountant_meta"), "1");
}

TEST_F(PostgresStoreTest, RecordsRoundTripBitForBit) {
  const double kDoubles[] = {0.1,
                             1.0 / 3,
                             -0.0,
                             DBL_MIN,
                             std::numeric_limits<double>::denorm_min(),
                             DBL_MAX,
                             -DBL_MAX,
                             HUGE_VAL,
                             -HUGE_VAL,
                             1e-300,
                             123456789.123456789,
                             std::nextafter(1.0, 2.0),
                             0.5};
  const int64_t kInts[] = {std::numeric_limits<int64_t>::min(),
                           std::numeric_limits<int64_t>::max(), -1, 0, 1700000000};
  const std::string kNames[] = {"alice@example.org",
                                "quote\"d@x",
                                "back\\slash@x",
                                "{braces},comma@x",
                                "NULL",
                                "",
                                "\xc3\xbc\xc3\xb1\xc3\xad \xc2\xa9ode@x",
                                "tab\tnew\nline",
                                "'single'",
                                "group.physics",
                                "<none>",
                                std::string(3000, 'x')};
  std::vector<CustomerRecord> customers;
  std::vector<ResourceRecord> resources;
  const size_t nd = std::size(kDoubles);
  const size_t ni = std::size(kInts);
  for (size_t i = 0; i < std::size(kNames); ++i) {
    CustomerRecord c;
    c.name = kNames[i];
    c.priority = kDoubles[i % nd];
    c.priority_factor = kDoubles[(i + 1) % nd];
    c.ceiling = kInts[i % ni];
    c.floor = kInts[(i + 1) % ni];
    c.resources_used = kInts[(i + 2) % ni];
    c.weighted_resources_used = kDoubles[(i + 2) % nd];
    c.hier_weighted_resources_used = kDoubles[(i + 3) % nd];
    c.uncharged_time = kInts[(i + 3) % ni];
    c.weighted_uncharged_time = kDoubles[(i + 4) % nd];
    c.accumulated_usage = kDoubles[(i + 5) % nd];
    c.weighted_accumulated_usage = kDoubles[(i + 6) % nd];
    c.begin_usage_time = kInts[(i + 4) % ni];
    c.last_usage_time = kInts[i % ni];
    customers.push_back(c);
    ResourceRecord r;
    r.name = "slot1@" + kNames[i];
    r.remote_user = kNames[(i + 1) % std::size(kNames)];
    r.slot_weight = kDoubles[(i + 7) % nd];
    r.start_time = kInts[(i + 1) % ni];
    r.matched_concurrency_limits = kNames[(i + 2) % std::size(kNames)];
    r.num_cp_matches = kInts[(i + 2) % ni];
    resources.push_back(r);
  }
  AccountantChanges changes;
  for (const CustomerRecord& c : customers) changes.put_customers.push_back(&c);
  for (const ResourceRecord& r : resources) changes.put_resources.push_back(&r);
  changes.last_update_time = std::numeric_limits<int64_t>::max();
  {
    std::unique_ptr<AccountantStore> store = Open();
    ASSERT_NE(store, nullptr);
    ASSERT_EQ(CommitChanges(*store, changes), 1);
  }
  std::unique_ptr<AccountantStore> store = Open();  // a new connection
  ASSERT_NE(store, nullptr);
  AccountantSnapshot s = Load(*store);
  AccountantSnapshot expected{customers, resources, std::numeric_limits<int64_t>::max(), {}};
  SortByName(&expected);
  EXPECT_EQ(s.last_update_time, expected.last_update_time);
  ASSERT_EQ(s.customers.size(), expected.customers.size());
  for (size_t i = 0; i < s.customers.size(); ++i) {
    EXPECT_TRUE(SameCustomer(s.customers[i], expected.customers[i]))
        << "customer " << i << " " << expected.customers[i].name;
  }
  ASSERT_EQ(s.resources.size(), expected.resources.size());
  for (size_t i = 0; i < s.resources.size(); ++i) {
    EXPECT_TRUE(SameResource(s.resources[i], expected.resources[i]))
        << "resource " << i << " " << expected.resources[i].name;
  }
}

TEST_F(PostgresStoreTest, CommitsReplaceAndEraseRecords) {
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  CustomerRecord a = Customer("a@x", 1), b = Customer("b@x", 2);
  ResourceRecord r1 = Resource("slot1@h", "a@x", 1), r2 = Resource("slot2@h", "b@x", 2);
  ASSERT_EQ(CommitChanges(*store, Change({&a, &b}, {&r1, &r2}, {}, {}, 100)),
            1);
  CustomerRecord a10 = Customer("a@x", 10), a20 = Customer("a@x", 20);
  ResourceRecord r2b = Resource("slot2@h", "a@x", 0.25);
  // A name written twice in one change: the later record wins.
  ASSERT_EQ(CommitChanges(*store, Change({&a10, &a20}, {&r2b}, {"b@x", "nobody@x"},
                                          {"slot1@h"})),
            2);
  AccountantSnapshot s = Load(*store);
  ASSERT_EQ(s.customers.size(), 1u);
  EXPECT_TRUE(SameCustomer(s.customers[0], a20));
  ASSERT_EQ(s.resources.size(), 1u);
  EXPECT_TRUE(SameResource(s.resources[0], r2b));
  EXPECT_EQ(s.last_update_time, 100);  // not in the second change: kept
}

TEST_F(PostgresStoreTest, GenerationCountsCommitsOfEveryConnection) {
  std::unique_ptr<AccountantStore> one = Open();
  std::unique_ptr<AccountantStore> two = Open();
  ASSERT_NE(one, nullptr);
  ASSERT_NE(two, nullptr);
  CustomerRecord a = Customer("a@x", 1);
  EXPECT_EQ(CommitChanges(*one, Change({&a})), 1);
  EXPECT_EQ(*two->Generation(), 1);
  Result<int64_t> begun = two->BeginWrite();
  ASSERT_TRUE(begun.ok()) << begun.status().ToString();
  EXPECT_EQ(*begun, 1);
  Result<int64_t> committed = two->Commit(Change({&a}));
  ASSERT_TRUE(committed.ok()) << committed.status().ToString();
  EXPECT_EQ(*committed, 2);
  EXPECT_EQ(*one->Generation(), 2);
  // An empty change commits and raises nothing.
  EXPECT_EQ(CommitChanges(*one, {}), 2);
  EXPECT_EQ(*two->Generation(), 2);
}

TEST_F(PostgresStoreTest, FailedCommitStoresNothing) {
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  CustomerRecord base = Customer("base@x", 1);
  ASSERT_EQ(CommitChanges(*store, Change({&base}, {}, {}, {}, 100)),
            1);
  AccountantSnapshot before = Load(*store);
  Sql("ALTER TABLE resources ADD CONSTRAINT no_poison CHECK (name <> 'poison')");

  auto expect_refused = [&](const AccountantChanges& changes, const std::string& needle) {
    Result<int64_t> begun = store->BeginWrite();
    ASSERT_TRUE(begun.ok()) << begun.status().ToString();
    Result<int64_t> committed = store->Commit(changes);
    ASSERT_FALSE(committed.ok());
    EXPECT_EQ(committed.status().code(), StatusCode::kInvalidArgument)
        << committed.status().ToString();
    EXPECT_NE(committed.status().message().find(needle), std::string::npos)
        << committed.status().ToString();
    EXPECT_NE(committed.status().message().find(store->Describe()), std::string::npos);
    AccountantSnapshot after = Load(*store);
    ASSERT_EQ(after.customers.size(), 1u);
    EXPECT_TRUE(SameCustomer(after.customers[0], before.customers[0]));
    EXPECT_TRUE(after.resources.empty());
    EXPECT_EQ(after.last_update_time, 100);
    EXPECT_EQ(*store->Generation(), 1);
  };
  CustomerRecord x = Customer("x@x", 7);
  ResourceRecord poison = Resource("poison", "x@x", 1);
  ResourceRecord fine = Resource("fine", "x@x", 1);
  // The server refuses the last statement: everything before it is undone.
  expect_refused(Change({&x}, {&fine, &poison}, {"base@x"}, {}, 200),
                 "no_poison");
  CustomerRecord nan = Customer("nan@x", std::nan(""));
  expect_refused(Change({&x, &nan}), "NaN");
  ResourceRecord nan_weight = Resource("slot@h", "x@x", std::nan(""));
  expect_refused(Change({&x}, {&nan_weight}),
                 "NaN");
  CustomerRecord nul = Customer(std::string("nul\0byte", 8), 1);
  expect_refused(Change({&x, &nul}), "NUL");
  if (Sql("SHOW server_encoding") == "UTF8") {
    CustomerRecord bad_utf8 = Customer("bad\xff@x", 1);
    expect_refused(Change({&x, &bad_utf8}), "UTF8");
  }
  // The store goes on working.
  EXPECT_EQ(CommitChanges(*store, Change({&x})), 2);
}

TEST_F(PostgresStoreTest, BusyWriteLockTimesOut) {
  std::unique_ptr<AccountantStore> holder = Open();
  ASSERT_NE(holder, nullptr);
  ASSERT_TRUE(holder->BeginWrite().ok());

  StoreOptions patient;
  patient.busy_timeout_ms = 300;
  std::unique_ptr<AccountantStore> waiter = Open(patient);
  ASSERT_NE(waiter, nullptr);
  auto start = std::chrono::steady_clock::now();
  Result<int64_t> begun = waiter->BeginWrite();
  auto waited = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(begun.ok());
  EXPECT_EQ(begun.status().code(), StatusCode::kUnavailable) << begun.status().ToString();
  EXPECT_NE(begun.status().message().find("busy"), std::string::npos);
  EXPECT_NE(begun.status().message().find("300 ms"), std::string::npos);
  EXPECT_NE(begun.status().message().find(waiter->Describe()), std::string::npos);
  EXPECT_GE(waited, std::chrono::milliseconds(250));
  EXPECT_LT(waited, std::chrono::seconds(20));

  StoreOptions impatient;
  impatient.busy_timeout_ms = 0;
  std::unique_ptr<AccountantStore> hasty = Open(impatient);
  ASSERT_NE(hasty, nullptr);
  begun = hasty->BeginWrite();
  ASSERT_FALSE(begun.ok());
  EXPECT_EQ(begun.status().code(), StatusCode::kUnavailable) << begun.status().ToString();

  // Readers do not wait for the writer.
  AccountantSnapshot s;
  Status read = hasty->LoadAll(&s);
  EXPECT_TRUE(read.ok()) << read.ToString();
  EXPECT_TRUE(hasty->Generation().ok());

  holder->Rollback();
  begun = waiter->BeginWrite();
  ASSERT_TRUE(begun.ok()) << begun.status().ToString();
  EXPECT_EQ(*begun, 0);
  waiter->Rollback();
}

TEST_F(PostgresStoreTest, ReadOnlyStoreRefusesWrites) {
  {
    std::unique_ptr<AccountantStore> writer = Open();
    ASSERT_NE(writer, nullptr);
    CustomerRecord a = Customer("a@x", 1);
    ASSERT_EQ(CommitChanges(*writer, Change({&a})), 1);
  }
  StoreOptions options;
  options.read_only = true;
  std::unique_ptr<AccountantStore> reader = Open(options);
  ASSERT_NE(reader, nullptr);
  Result<int64_t> begun = reader->BeginWrite();
  ASSERT_FALSE(begun.ok());
  EXPECT_EQ(begun.status().code(), StatusCode::kFailedPrecondition);
  Result<int64_t> committed = reader->Commit({});
  ASSERT_FALSE(committed.ok());
  EXPECT_EQ(committed.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(Load(*reader).customers.size(), 1u);
  EXPECT_EQ(*reader->Generation(), 1);
}

TEST_F(PostgresStoreTest, ProtocolMisuseIsAnError) {
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  Result<int64_t> committed = store->Commit({});
  ASSERT_FALSE(committed.ok());
  EXPECT_EQ(committed.status().code(), StatusCode::kFailedPrecondition);
  ASSERT_TRUE(store->BeginWrite().ok());
  Result<int64_t> again = store->BeginWrite();
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().code(), StatusCode::kFailedPrecondition);
  store->Rollback();
  store->Rollback();  // a second one does nothing
  EXPECT_TRUE(store->BeginWrite().ok());
}

TEST_F(PostgresStoreTest, ReconnectsAfterTheServerDropsTheConnection) {
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  ASSERT_TRUE(store->Generation().ok());
  EXPECT_EQ(Sql("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE application_name = '" + schema_ + "' AND pid <> pg_backend_pid()"),
            "1");
  // Give the backend a moment to go.
  for (int i = 0; i < 100; ++i) {
    if (Sql("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + schema_ +
            "' AND pid <> pg_backend_pid()") == "0") {
      break;
    }
    usleep(10000);
  }
  Result<int64_t> generation = store->Generation();
  EXPECT_TRUE(generation.ok()) << generation.status().ToString();
  CustomerRecord a = Customer("a@x", 1);
  EXPECT_EQ(CommitChanges(*store, Change({&a})), 1);
}

TEST_F(PostgresStoreTest, DescribeShowsNoPassword) {
  Result<std::unique_ptr<AccountantStore>> store =
      OpenPostgresStore(WithParameters(location_, {{"password", "hunter2"}}), {});
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  const std::string description = (*store)->Describe();
  EXPECT_EQ(description.find("hunter2"), std::string::npos) << description;
  EXPECT_NE(description.find(schema_), std::string::npos) << description;
  EXPECT_TRUE(description.starts_with("postgresql:")) << description;
}

TEST_F(PostgresStoreTest, LargeCommitAndLoad) {
  constexpr int kCustomers = 100000;
  std::vector<CustomerRecord> customers;
  customers.reserve(kCustomers);
  for (int i = 0; i < kCustomers; ++i) {
    customers.push_back(Customer("user" + std::to_string(i) + "@example.org", i * 0.1));
  }
  AccountantChanges changes;
  for (const CustomerRecord& c : customers) changes.put_customers.push_back(&c);
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(CommitChanges(*store, changes), 1);
  auto committed = std::chrono::steady_clock::now();
  AccountantSnapshot s = Load(*store);
  auto loaded = std::chrono::steady_clock::now();
  ASSERT_EQ(s.customers.size(), static_cast<size_t>(kCustomers));
  const CustomerRecord* last = FindCustomer(s, "user99999@example.org");
  ASSERT_NE(last, nullptr);
  EXPECT_TRUE(SameBits(last->accumulated_usage, 99999 * 0.1));
  using std::chrono::duration_cast;
  using std::chrono::milliseconds;
  std::printf("100,000 customers: commit %lld ms, load %lld ms\n",
              static_cast<long long>(duration_cast<milliseconds>(committed - start).count()),
              static_cast<long long>(duration_cast<milliseconds>(loaded - committed).count()));
}

// ---- two processes updating the same users -------------------------------

constexpr int kRaceUpdates = 200;
const char* const kRaceUsers[] = {"alice@example.org", "bob@example.org", "carol@example.org"};

// One racer through the store alone: read-modify-write of a user's usage in
// each transaction, reloading when the generation moved.
int StoreRacer(const std::string& location) {
  StoreOptions options;
  options.busy_timeout_ms = 60000;
  Result<std::unique_ptr<AccountantStore>> opened = OpenAccountantStore(location, options);
  if (!opened.ok()) return ChildFails(10, "opening", opened.status());
  AccountantStore& store = **opened;
  AccountantSnapshot snapshot;
  int64_t seen = -1;
  for (int i = 0; i < kRaceUpdates; ++i) {
    Result<int64_t> generation = store.BeginWrite();
    if (!generation.ok()) return ChildFails(11, "BeginWrite", generation.status());
    if (*generation != seen) {
      if (Status s = store.LoadAll(&snapshot); !s.ok()) return ChildFails(12, "LoadAll", s);
    }
    const std::string user = kRaceUsers[i % 3];
    CustomerRecord* record = nullptr;
    for (CustomerRecord& c : snapshot.customers) {
      if (c.name == user) record = &c;
    }
    if (record == nullptr) {
      snapshot.customers.push_back(Customer(user, 0));
      record = &snapshot.customers.back();
    }
    record->accumulated_usage += 1;
    Result<int64_t> committed = store.Commit(Change({record}));
    if (!committed.ok()) return ChildFails(13, "Commit", committed.status());
    seen = *committed;
  }
  return 0;
}

// One racer through DurableAccountant: SetAccumUsage(user, old + 1).
int AccountantRacer(const std::string& location,
                    const std::shared_ptr<const policy::Policy>& policy) {
  StoreOptions options;
  options.busy_timeout_ms = 60000;
  Result<std::unique_ptr<AccountantStore>> store = OpenAccountantStore(location, options);
  if (!store.ok()) return ChildFails(20, "opening", store.status());
  Result<std::unique_ptr<DurableAccountant>> accountant =
      DurableAccountant::Open(policy, std::move(store).value(), 1700000000);
  if (!accountant.ok()) return ChildFails(21, "opening the accountant", accountant.status());
  for (int i = 0; i < kRaceUpdates; ++i) {
    const std::string user = kRaceUsers[i % 3];
    Status s = (*accountant)->Update([&user](Accountant& a) {
      const CustomerRecord* c = a.FindCustomer(user);
      a.SetAccumUsage(user, (c != nullptr ? c->weighted_accumulated_usage : 0) + 1);
      return Status::Ok();
    });
    if (!s.ok()) return ChildFails(22, "Update", s);
  }
  return 0;
}

// What each user must have after two racers: every update counted once.
double ExpectedRaceTotal(int user) {
  int per_racer = kRaceUpdates / 3 + (user < kRaceUpdates % 3 ? 1 : 0);
  return 2.0 * per_racer;
}

TEST_F(PostgresStoreTest, TwoProcessesThroughTheStoreLoseNoUpdate) {
  const std::string location = location_;
  ASSERT_NE(Open(), nullptr);  // the schema exists before the race
  std::vector<int> codes = RunChildren(2, [&location](int) { return StoreRacer(location); });
  EXPECT_EQ(codes, std::vector<int>(2, 0));
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  AccountantSnapshot s = Load(*store);
  for (int u = 0; u < 3; ++u) {
    const CustomerRecord* c = FindCustomer(s, kRaceUsers[u]);
    ASSERT_NE(c, nullptr) << kRaceUsers[u];
    EXPECT_EQ(c->accumulated_usage, ExpectedRaceTotal(u)) << kRaceUsers[u];
  }
  EXPECT_EQ(*store->Generation(), 2 * kRaceUpdates);
}

TEST_F(PostgresStoreTest, TwoProcessesThroughDurableAccountantLoseNoUpdate) {
  const std::string location = location_;
  std::shared_ptr<const policy::Policy> policy = testing_util::MakePolicy("");
  std::vector<int> codes = RunChildren(
      2, [&location, &policy](int) { return AccountantRacer(location, policy); });
  EXPECT_EQ(codes, std::vector<int>(2, 0));
  std::unique_ptr<AccountantStore> store = Open();
  ASSERT_NE(store, nullptr);
  AccountantSnapshot s = Load(*store);
  for (int u = 0; u < 3; ++u) {
    const CustomerRecord* c = FindCustomer(s, kRaceUsers[u]);
    ASSERT_NE(c, nullptr) << kRaceUsers[u];
    EXPECT_EQ(c->weighted_accumulated_usage, ExpectedRaceTotal(u)) << kRaceUsers[u];
  }
}

// ---- without a server --------------------------------------------------

TEST(PostgresStoreLocationTest, MalformedLocationsAreRefused) {
  for (const std::string location :
       {"postgresql:host", "postgresql:nosuchoption=1", "mysql://x/y", "postgresql://[::1"}) {
    Result<std::unique_ptr<AccountantStore>> store = OpenPostgresStore(location, {});
    ASSERT_FALSE(store.ok()) << location;
    EXPECT_EQ(store.status().code(), StatusCode::kInvalidArgument)
        << location << ": " << store.status().ToString();
  }
}

TEST(PostgresStoreLocationTest, UnreachableServerIsUnavailableWithoutThePassword) {
  for (const std::string location :
       {"postgresql:host=127.0.0.1 port=1 dbname=acct user=bob password=hunter2 "
        "connect_timeout=5",
        "postgresql://bob:hunter2@127.0.0.1:1/acct?connect_timeout=5"}) {
    Result<std::unique_ptr<AccountantStore>> store = OpenPostgresStore(location, {});
    ASSERT_FALSE(store.ok()) << location;
    EXPECT_EQ(store.status().code(), StatusCode::kUnavailable) << store.status().ToString();
    const std::string& message = store.status().message();
    EXPECT_EQ(message.find("hunter2"), std::string::npos) << message;
    EXPECT_NE(message.find("cannot connect"), std::string::npos) << message;
    EXPECT_NE(message.find("dbname=acct"), std::string::npos) << message;
    EXPECT_NE(message.find("user=bob"), std::string::npos) << message;
  }
}

// The same race through SQLite: the file lock serialises the writers.
TEST(PostgresStoreSqliteRaceTest, TwoProcessesThroughSqliteLoseNoUpdate) {
  std::string dir = ::testing::TempDir() + "pg_sqlite_race_XXXXXX";
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const std::string location = dir + "/accountant.db";
  {
    Result<std::unique_ptr<AccountantStore>> store = OpenAccountantStore(location, {});
    ASSERT_TRUE(store.ok()) << store.status().ToString();
  }
  std::shared_ptr<const policy::Policy> policy = testing_util::MakePolicy("");
  std::vector<int> codes = RunChildren(2, [&location, &policy](int child) {
    return child == 0 ? StoreRacer(location) : AccountantRacer(location, policy);
  });
  EXPECT_EQ(codes, std::vector<int>(2, 0));
  Result<std::unique_ptr<AccountantStore>> store = OpenAccountantStore(location, {});
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  AccountantSnapshot s;
  ASSERT_TRUE((*store)->LoadAll(&s).ok());
  for (int u = 0; u < 3; ++u) {
    const CustomerRecord* c = FindCustomer(s, kRaceUsers[u]);
    ASSERT_NE(c, nullptr) << kRaceUsers[u];
    // The store racer counted in accumulated_usage, the accountant racer
    // in weighted_accumulated_usage: each half of the total.
    EXPECT_EQ(c->accumulated_usage, ExpectedRaceTotal(u) / 2) << kRaceUsers[u];
    EXPECT_EQ(c->weighted_accumulated_usage, ExpectedRaceTotal(u) / 2) << kRaceUsers[u];
  }
  std::remove((location + "-wal").c_str());
  std::remove((location + "-shm").c_str());
  std::remove(location.c_str());
  rmdir(dir.c_str());
}

}  // namespace
}  // namespace negotiator
