// The accountant kept in SQLite (negotiator/durable_accountant.h,
// negotiator/store/sqlite_store.h): change tracking, one transaction per
// update, reopening, the startup recount and downtime charge, corrupt and
// newer databases left untouched, the busy lock, several accountants on
// one file, the last cycle's group quota table (stored, replaced whole,
// migrated into a version-1 store), and issue 14's kill test (acceptance
// item 4).
#include "negotiator/accountant/durable_accountant.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/store/accountant_store.h"
#include "negotiator/accountant/store/schema.h"
#include "tests/negotiator/accountant_test_util.h"
#include "tests/negotiator/group_quota_record_test_util.h"

namespace negotiator {
namespace {

using classad::Status;
using classad::StatusCode;
using testing_util::Key;
using testing_util::MakePolicy;
using testing_util::SameGroupQuotas;
using testing_util::SameState;
using testing_util::SampleGroupQuotas;
using testing_util::Slot;

constexpr int64_t kT0 = 1700000000;
constexpr int64_t kDay = 86400;

// A fresh folder for one test's database files.
std::string TempDir() {
  std::string pattern = ::testing::TempDir() + "durable_XXXXXX";
  char* made = mkdtemp(pattern.data());
  EXPECT_NE(made, nullptr);
  return pattern;
}

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// Runs SQL on `path` directly (the test's own connection).
void RunSql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK)
      << (error ? error : "");
  sqlite3_free(error);
  sqlite3_close(db);
}

// The first column of the first row `sql` returns on `path`, as text ("" for
// none).
std::string QuerySql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  std::string out;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    ADD_FAILURE() << "cannot open " << path;
    return out;
  }
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  if (stmt != nullptr && sqlite3_step(stmt) == SQLITE_ROW) {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    if (text != nullptr) out = text;
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return out;
}

// A version-1 store as this program's first schema made it, written by hand
// (kVersion1Tables, not schema.cc), holding one customer, one resource and a
// LastUpdateTime, in the rollback journal mode a fresh SQLite file has.
void MakeVersion1Store(const std::string& path) {
  RunSql(path,
         std::string(testing_util::kVersion1Tables) +
         "INSERT INTO accountant_meta VALUES (1, 1, 7, 1700000000);"
         "INSERT INTO customers VALUES ('alice@x', 12.5, 1000, -1, 0, 1, 2.5, 0, 0, 0,"
         " 3600.25, 9000.5, 1699000000, 1700000000);"
         "INSERT INTO resources VALUES ('slot1@<10.0.0.1:9618>', 'alice@x', 2.5, 1699990000,"
         " 'matlab', 0);");
}

// Commits `records` as the group quota table of `store`; the new
// generation or -1.
int64_t CommitGroupQuotas(AccountantStore& store, std::vector<GroupQuotaRecord> records) {
  classad::Result<int64_t> begun = store.BeginWrite();
  EXPECT_TRUE(begun.ok()) << begun.status().ToString();
  if (!begun.ok()) return -1;
  AccountantChanges changes;
  changes.group_quotas = std::move(records);
  classad::Result<int64_t> committed = store.Commit(changes);
  EXPECT_TRUE(committed.ok()) << committed.status().ToString();
  return committed.ok() ? *committed : -1;
}

std::unique_ptr<AccountantStore> OpenStore(const std::string& path, StoreOptions options = {}) {
  classad::Result<std::unique_ptr<AccountantStore>> store = OpenAccountantStore(path, options);
  EXPECT_TRUE(store.ok()) << store.status().ToString();
  return store.ok() ? std::move(store).value() : nullptr;
}

std::unique_ptr<DurableAccountant> OpenDurable(const std::string& path,
                                               std::shared_ptr<const policy::Policy> policy,
                                               int64_t now, bool initialize = true) {
  std::unique_ptr<AccountantStore> store = OpenStore(path);
  if (store == nullptr) return nullptr;
  auto durable = DurableAccountant::Open(std::move(policy), std::move(store), now,
                                         DurableAccountantOptions{.initialize = initialize});
  EXPECT_TRUE(durable.ok()) << durable.status().ToString();
  return durable.ok() ? std::move(durable).value() : nullptr;
}

// ---- change tracking (the in-memory half)

TEST(AccountantTrackingTest, NotesExactlyTheRecordsAChangeWrites) {
  Accountant a(MakePolicy("GROUP_NAMES = physics\nGROUP_QUOTA_physics = 10\n"));
  a.Initialize(kT0);
  a.BeginTracking();
  ASSERT_TRUE(a.AddMatch("physics.alice@x", Slot("slot1", "Claimed", "physics.alice@x"), kT0).ok());
  AccountantChanges changes = a.TrackedChanges();
  std::vector<std::string> names;
  for (const CustomerRecord* c : changes.put_customers) names.push_back(c->name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"physics", "physics.alice@x"}));
  ASSERT_EQ(changes.put_resources.size(), 1u);
  EXPECT_EQ(changes.put_resources[0]->name, Key("slot1"));
  EXPECT_FALSE(changes.last_update_time.has_value());

  a.BeginTracking();  // forgets the above
  a.RemoveMatch(Key("slot1"), kT0 + 10);
  a.DeleteRecord("physics.alice@x");
  changes = a.TrackedChanges();
  EXPECT_EQ(changes.erased_resources, std::vector<std::string>{Key("slot1")});
  EXPECT_EQ(changes.erased_customers, std::vector<std::string>{"physics.alice@x"});
  for (const CustomerRecord* c : changes.put_customers) EXPECT_EQ(c->name, "physics");

  a.BeginTracking();
  a.UpdatePriorities(kT0 + 100);
  changes = a.TrackedChanges();
  EXPECT_EQ(changes.put_customers.size(), a.customers().size());
  EXPECT_EQ(changes.last_update_time, kT0 + 100);
  a.EndTracking();
  EXPECT_TRUE(a.TrackedChanges().empty());
}

TEST(AccountantTrackingTest, TheGroupQuotaTableIsOneTrackedChange) {
  Accountant a(MakePolicy(""));
  a.Initialize(kT0);
  a.BeginTracking();
  a.SetPriority("u@x", 3);
  EXPECT_FALSE(a.TrackedChanges().group_quotas.has_value()) << "not set: not written";

  // Set out of order with a duplicate: kept sorted by name, the last wins.
  std::vector<GroupQuotaRecord> table = SampleGroupQuotas();
  std::vector<GroupQuotaRecord> given = {table[2], table[0], table[1]};
  given.push_back(table[1]);
  given.back().requested = 99;
  given.front().requested = 1;  // group_physics.lep, replaced below
  given.push_back(table[2]);
  a.SetGroupQuotaRecords(given);
  table[1].requested = 99;
  std::string why;
  EXPECT_TRUE(SameGroupQuotas(a.group_quota_records(), table, &why)) << why;
  AccountantChanges changes = a.TrackedChanges();
  ASSERT_TRUE(changes.group_quotas.has_value());
  EXPECT_TRUE(SameGroupQuotas(*changes.group_quotas, table, &why)) << why;
  EXPECT_FALSE(changes.empty());

  // Emptying the table is a change too (the store empties its table).
  a.BeginTracking();
  EXPECT_TRUE(a.TrackedChanges().empty());
  a.SetGroupQuotaRecords({});
  changes = a.TrackedChanges();
  ASSERT_TRUE(changes.group_quotas.has_value());
  EXPECT_TRUE(changes.group_quotas->empty());
  EXPECT_FALSE(changes.empty());
  a.EndTracking();
  EXPECT_FALSE(a.TrackedChanges().group_quotas.has_value());

  // Untracked changes are not noted; Restore while tracking replaces it.
  a.SetGroupQuotaRecords(SampleGroupQuotas());
  EXPECT_EQ(a.group_quota_records().size(), 3u);
  AccountantSnapshot snapshot = a.Snapshot();
  EXPECT_TRUE(SameGroupQuotas(snapshot.group_quotas, SampleGroupQuotas(), &why)) << why;
  snapshot.group_quotas.resize(1);
  a.BeginTracking();
  a.Restore(snapshot);
  changes = a.TrackedChanges();
  ASSERT_TRUE(changes.group_quotas.has_value());
  EXPECT_EQ(changes.group_quotas->size(), 1u);
  EXPECT_EQ(a.group_quota_records().size(), 1u);
}

TEST(AccountantTrackingTest, OtherChangesLeaveTheGroupQuotaTableAlone) {
  Accountant a(MakePolicy("GROUP_NAMES = physics\nGROUP_QUOTA_physics = 10\n"));
  a.SetGroupQuotaRecords(SampleGroupQuotas());
  a.Initialize(kT0);
  ASSERT_TRUE(a.AddMatch("physics.u@x", Slot("s1", "Claimed", "physics.u@x"), kT0).ok());
  a.RecountUsage();
  a.UpdatePriorities(kT0 + 600);
  a.ResetAllUsage(kT0 + 600);
  std::string why;
  EXPECT_TRUE(SameGroupQuotas(a.group_quota_records(), SampleGroupQuotas(), &why)) << why;
}

TEST(AccountantTrackingTest, SnapshotAndRestoreRoundTrip) {
  Accountant a(MakePolicy(""));
  a.Initialize(kT0);
  ASSERT_TRUE(a.AddMatch("u@x", Slot("s1", "Claimed", "u@x", 2.5), kT0).ok());
  a.SetPriorityFactor("v@x", 1234);
  a.UpdatePriorities(kT0 + 600);
  Accountant b(MakePolicy(""));
  b.Restore(a.Snapshot());
  std::string why;
  EXPECT_TRUE(SameState(a.Snapshot(), b.Snapshot(), &why)) << why;
}

// ---- the SQLite store

TEST(DurableAccountantTest, EveryUpdateIsStoredAndReopensIdentical) {
  const std::string path = TempDir() + "/acct.db";
  auto policy = MakePolicy("GROUP_NAMES = a, b\nGROUP_QUOTA_a = 5\nGROUP_QUOTA_b = 5\n");
  AccountantSnapshot expected;
  {
    auto durable = OpenDurable(path, policy, kT0);
    ASSERT_NE(durable, nullptr);
    ASSERT_TRUE(durable
                    ->Update([](Accountant& a) {
                      return a.AddMatch("a.u@x", Slot("s1", "Claimed", "a.u@x", 0.1), kT0 + 5);
                    })
                    .ok());
    ASSERT_TRUE(durable
                    ->Update([](Accountant& a) {
                      a.SetPriorityFactor("b.v@x", 3000);
                      a.SetCeiling("b.v@x", 7);
                      a.UpdatePriorities(kT0 + 3600);
                      return Status::Ok();
                    })
                    .ok());
    expected = durable->accountant().Snapshot();
  }
  auto reopened = OpenDurable(path, policy, kT0 + 3600, /*initialize=*/false);
  ASSERT_NE(reopened, nullptr);
  std::string why;
  EXPECT_TRUE(SameState(expected, reopened->accountant().Snapshot(), &why)) << why;
  EXPECT_EQ(reopened->accountant().GetCeiling("b.v@x"), 7);
}

TEST(DurableAccountantTest, AFailedChangeStoresNothingAndRevertsMemory) {
  const std::string path = TempDir() + "/acct.db";
  auto durable = OpenDurable(path, MakePolicy(""), kT0);
  ASSERT_NE(durable, nullptr);
  const AccountantSnapshot before = durable->accountant().Snapshot();
  Status s = durable->Update([](Accountant& a) {
    a.SetPriority("u@x", 99);
    return Status(StatusCode::kInvalidArgument, "changed my mind");
  });
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  std::string why;
  EXPECT_TRUE(SameState(before, durable->accountant().Snapshot(), &why)) << why;
  auto reopened = OpenDurable(path, MakePolicy(""), kT0, false);
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(reopened->accountant().FindCustomer("u@x"), nullptr);
}

TEST(DurableAccountantTest, OpeningRecountsUsageAndChargesTheDowntime) {
  const std::string path = TempDir() + "/acct.db";
  auto policy = MakePolicy("");
  {
    auto durable = OpenDurable(path, policy, kT0);
    ASSERT_NE(durable, nullptr);
    ASSERT_TRUE(durable
                    ->Update([](Accountant& a) {
                      for (int i = 0; i < 10; ++i) {
                        Status s =
                            a.AddMatch("u@x", Slot("s" + std::to_string(i), "Claimed", "u@x"), kT0);
                        if (!s.ok()) return s;
                      }
                      return Status::Ok();
                    })
                    .ok());
  }
  // Damage the count by hand, as a crash of HTCondor's non-durable match
  // commits could: the recount must fix it from the resource records.
  RunSql(path,
         "UPDATE customers SET resources_used = 3, weighted_resources_used = 3 "
         "WHERE name = 'u@x'");
  // Down for one half-life: the 10 slots are charged for all of it.
  auto durable = OpenDurable(path, policy, kT0 + kDay);
  ASSERT_NE(durable, nullptr);
  const CustomerRecord* u = durable->accountant().FindCustomer("u@x");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->resources_used, 10);
  EXPECT_NEAR(u->priority, 5.25, 1e-9);  // 0.5 · ½ + 10 · ½
  EXPECT_EQ(durable->accountant().last_update_time(), kT0 + kDay);
}

TEST(DurableAccountantTest, TwoAccountantsOnOneFileSeeEachOthersCommits) {
  const std::string path = TempDir() + "/acct.db";
  auto policy = MakePolicy("");
  auto first = OpenDurable(path, policy, kT0);
  auto second = OpenDurable(path, policy, kT0);
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  for (int i = 0; i < 20; ++i) {
    DurableAccountant* d = i % 2 == 0 ? first.get() : second.get();
    ASSERT_TRUE(d->Update([](Accountant& a) {
                   const CustomerRecord* c = a.FindCustomer("u@x");
                   a.SetAccumUsage("u@x", (c ? c->weighted_accumulated_usage : 0) + 1);
                   return Status::Ok();
                 }).ok());
  }
  ASSERT_TRUE(first->Refresh().ok());
  EXPECT_EQ(first->accountant().FindCustomer("u@x")->weighted_accumulated_usage, 20);
}

TEST(DurableAccountantTest, ABusyDatabaseGivesAClearErrorAfterTheTimeout) {
  const std::string path = TempDir() + "/acct.db";
  auto durable = OpenDurable(path, MakePolicy(""), kT0);
  ASSERT_NE(durable, nullptr);
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);

  auto store = OpenStore(path, StoreOptions{.busy_timeout_ms = 50});
  ASSERT_NE(store, nullptr);
  classad::Result<int64_t> begun = store->BeginWrite();
  ASSERT_FALSE(begun.ok());
  EXPECT_EQ(begun.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(begun.status().message().find("busy"), std::string::npos) << begun.status().message();
  // Readers are not blocked by the writer (WAL).
  AccountantSnapshot snapshot;
  EXPECT_TRUE(store->LoadAll(&snapshot).ok());

  ASSERT_EQ(sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(other);
  begun = store->BeginWrite();
  EXPECT_TRUE(begun.ok()) << begun.status().ToString();
  store->Rollback();
}

TEST(DurableAccountantTest, AFileThatIsNotADatabaseIsRefusedAndLeftAlone) {
  const std::string path = TempDir() + "/acct.db";
  std::string garbage(8192, '\0');
  std::mt19937 random(7);
  for (char& c : garbage) c = static_cast<char>(random());
  WriteBytes(path, garbage);
  classad::Result<std::unique_ptr<AccountantStore>> store = OpenAccountantStore(path);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kDataLoss);
  EXPECT_NE(store.status().message().find("not a SQLite database"), std::string::npos)
      << store.status().message();
  EXPECT_EQ(ReadBytes(path), garbage);
}

TEST(DurableAccountantTest, ADamagedDatabaseIsRefusedAndLeftAlone) {
  const std::string path = TempDir() + "/acct.db";
  {
    auto durable = OpenDurable(path, MakePolicy(""), kT0);
    ASSERT_NE(durable, nullptr);
    ASSERT_TRUE(durable
                    ->Update([](Accountant& a) {
                      for (int i = 0; i < 2000; ++i)
                        a.SetPriority("user" + std::to_string(i) + "@x", i);
                      return Status::Ok();
                    })
                    .ok());
  }
  RunSql(path, "PRAGMA wal_checkpoint(TRUNCATE)");
  std::string bytes = ReadBytes(path);
  ASSERT_GT(bytes.size(), 4u * 4096);
  // Scribble over the middle pages, keeping the header valid.
  for (size_t i = 2 * 4096; i < bytes.size() - 4096; i += 7) bytes[i] = static_cast<char>(0xA5);
  WriteBytes(path, bytes);
  classad::Result<std::unique_ptr<AccountantStore>> store = OpenAccountantStore(path);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kDataLoss) << store.status().ToString();
  EXPECT_NE(store.status().message().find("corrupt"), std::string::npos)
      << store.status().message();
  EXPECT_EQ(ReadBytes(path), bytes);
}

TEST(DurableAccountantTest, ANewerSchemaIsRefusedAndLeftAlone) {
  const std::string path = TempDir() + "/acct.db";
  { ASSERT_NE(OpenStore(path), nullptr); }
  RunSql(path, "UPDATE accountant_meta SET schema_version = 99; PRAGMA wal_checkpoint(TRUNCATE)");
  const std::string bytes = ReadBytes(path);
  classad::Result<std::unique_ptr<AccountantStore>> store = OpenAccountantStore(path);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(store.status().message().find("newer"), std::string::npos) << store.status().message();
  EXPECT_EQ(ReadBytes(path), bytes);
}

TEST(DurableAccountantTest, ADatabaseOfSomethingElseIsRefused) {
  const std::string path = TempDir() + "/other.db";
  RunSql(path, "CREATE TABLE recipes (name TEXT)");
  classad::Result<std::unique_ptr<AccountantStore>> store = OpenAccountantStore(path);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(store.status().message().find("not an accountant store"), std::string::npos);
}

TEST(DurableAccountantTest, MissingStoresAreCreatedOnlyWhenAllowed) {
  const std::string path = TempDir() + "/none.db";
  classad::Result<std::unique_ptr<AccountantStore>> store =
      OpenAccountantStore(path, StoreOptions{.create_if_missing = false});
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kNotFound);
  store = OpenAccountantStore(path, StoreOptions{.read_only = true});
  EXPECT_EQ(store.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(access(path.c_str(), F_OK), -1);
  // Read-only stores read but never write.
  { ASSERT_NE(OpenStore(path), nullptr); }
  auto reader = OpenStore(path, StoreOptions{.read_only = true});
  ASSERT_NE(reader, nullptr);
  EXPECT_EQ(reader->BeginWrite().status().code(), StatusCode::kFailedPrecondition);
}

TEST(DurableAccountantTest, RestoreInsideAnUpdateReplacesTheWholeStore) {
  const std::string path = TempDir() + "/acct.db";
  auto policy = MakePolicy("");
  auto durable = OpenDurable(path, policy, kT0);
  ASSERT_NE(durable, nullptr);
  ASSERT_TRUE(durable
                  ->Update([](Accountant& a) {
                    a.SetPriority("old@x", 3);
                    return a.AddMatch("old@x", Slot("s1", "Claimed", "old@x"), kT0);
                  })
                  .ok());
  Accountant seed(policy);
  seed.SetPriority("new@x", 7);
  ASSERT_TRUE(seed.AddMatch("new@x", Slot("s2", "Claimed", "new@x"), kT0 + 9).ok());
  seed.UpdatePriorities(kT0 + 60);
  const AccountantSnapshot wanted = seed.Snapshot();
  ASSERT_TRUE(durable
                  ->Update([&](Accountant& a) {
                    a.Restore(wanted);
                    return Status::Ok();
                  })
                  .ok());
  auto reopened = OpenDurable(path, policy, kT0, /*initialize=*/false);
  ASSERT_NE(reopened, nullptr);
  std::string why;
  EXPECT_TRUE(SameState(wanted, reopened->accountant().Snapshot(), &why)) << why;
}

TEST(DurableAccountantTest, ANanIsStoredAsHTCondorStoresIt) {
  // HTCondor writes a NaN into its log as "nan", which does not read back:
  // the attribute is absent, and WeightedAccumulatedUsage then starts from
  // AccumulatedUsage.
  const std::string path = TempDir() + "/acct.db";
  auto durable = OpenDurable(path, MakePolicy(""), kT0);
  ASSERT_NE(durable, nullptr);
  Status s = durable->Update([](Accountant& a) {
    a.SetPriority("ok@x", 3);
    a.SetAccumUsage("bad@x", std::nan(""));
    return Status::Ok();
  });
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(durable->accountant().FindCustomer("bad@x")->weighted_accumulated_usage, 0);
}

TEST(DurableAccountantTest, TheStoreRefusesANanAndStoresNothing) {
  const std::string path = TempDir() + "/acct.db";
  auto store = OpenStore(path);
  ASSERT_NE(store, nullptr);
  CustomerRecord good;
  good.name = "ok@x";
  CustomerRecord bad;
  bad.name = "bad@x";
  bad.weighted_accumulated_usage = std::nan("");
  AccountantChanges changes;
  changes.put_customers = {&good, &bad};
  ASSERT_TRUE(store->BeginWrite().ok());
  classad::Result<int64_t> committed = store->Commit(changes);
  ASSERT_FALSE(committed.ok());
  EXPECT_EQ(committed.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(committed.status().message().find("weighted_accumulated_usage is NaN"),
            std::string::npos)
      << committed.status().message();
  AccountantSnapshot loaded;
  ASSERT_TRUE(store->LoadAll(&loaded).ok());
  EXPECT_TRUE(loaded.customers.empty());
}

// ---- the last cycle's group quota table (schema version 2)

TEST(DurableAccountantTest, TheGroupQuotaTableRoundTripsAndIsReplacedWhole) {
  const std::string path = TempDir() + "/acct.db";
  auto store = OpenStore(path);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->schema_version(), store_schema::kSchemaVersion);
  AccountantSnapshot loaded;
  ASSERT_TRUE(store->LoadAll(&loaded).ok());
  EXPECT_TRUE(loaded.group_quotas.empty());

  ASSERT_EQ(CommitGroupQuotas(*store, SampleGroupQuotas()), 1);
  ASSERT_TRUE(store->LoadAll(&loaded).ok());
  std::string why;
  EXPECT_TRUE(SameGroupQuotas(loaded.group_quotas, SampleGroupQuotas(), &why)) << why;

  // A change without the table leaves it as it is.
  ASSERT_TRUE(store->BeginWrite().ok());
  AccountantChanges other;
  other.last_update_time = kT0;
  ASSERT_TRUE(store->Commit(other).ok());
  ASSERT_TRUE(store->LoadAll(&loaded).ok());
  EXPECT_TRUE(SameGroupQuotas(loaded.group_quotas, SampleGroupQuotas(), &why)) << why;

  // A new table replaces the old whole: a group gone from it is gone.
  std::vector<GroupQuotaRecord> next = SampleGroupQuotas(kT0 + 60);
  next.erase(next.begin() + 1);
  GroupQuotaRecord added;
  added.name = "group_bio";
  added.configured_quota = 0.2;
  added.cycle_time = kT0 + 60;
  next.push_back(added);
  ASSERT_EQ(CommitGroupQuotas(*store, next), 3);
  store.reset();
  store = OpenStore(path);
  ASSERT_NE(store, nullptr);
  ASSERT_TRUE(store->LoadAll(&loaded).ok());
  std::sort(next.begin(), next.end(),
            [](const GroupQuotaRecord& x, const GroupQuotaRecord& y) { return x.name < y.name; });
  EXPECT_TRUE(SameGroupQuotas(loaded.group_quotas, next, &why)) << why;
  EXPECT_EQ(QuerySql(path, "SELECT count(*) FROM group_quotas"), "3");

  // An empty table empties it.
  ASSERT_EQ(CommitGroupQuotas(*store, {}), 4);
  ASSERT_TRUE(store->LoadAll(&loaded).ok());
  EXPECT_TRUE(loaded.group_quotas.empty());
  EXPECT_EQ(QuerySql(path, "SELECT count(*) FROM group_quotas"), "0");
}

TEST(DurableAccountantTest, AGroupQuotaNanIsRefusedAndNothingIsStored) {
  const std::string path = TempDir() + "/acct.db";
  auto store = OpenStore(path);
  ASSERT_NE(store, nullptr);
  ASSERT_EQ(CommitGroupQuotas(*store, SampleGroupQuotas()), 1);
  std::vector<GroupQuotaRecord> bad = SampleGroupQuotas();
  bad[1].surplus = std::nan("");
  ASSERT_TRUE(store->BeginWrite().ok());
  AccountantChanges changes;
  changes.group_quotas = bad;
  classad::Result<int64_t> committed = store->Commit(changes);
  ASSERT_FALSE(committed.ok());
  EXPECT_EQ(committed.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(committed.status().message().find("group quota group_physics: surplus is NaN"),
            std::string::npos)
      << committed.status().message();
  AccountantSnapshot loaded;
  ASSERT_TRUE(store->LoadAll(&loaded).ok());
  std::string why;
  EXPECT_TRUE(SameGroupQuotas(loaded.group_quotas, SampleGroupQuotas(), &why)) << why;
  EXPECT_EQ(*store->Generation(), 1);
}

TEST(DurableAccountantTest, TheGroupQuotaTableIsCommittedWithItsUpdate) {
  const std::string path = TempDir() + "/acct.db";
  auto policy = MakePolicy("");
  auto durable = OpenDurable(path, policy, kT0);
  ASSERT_NE(durable, nullptr);
  ASSERT_TRUE(durable
                  ->Update([](Accountant& a) {
                    a.SetPriority("u@x", 2);
                    a.SetGroupQuotaRecords(SampleGroupQuotas());
                    return Status::Ok();
                  })
                  .ok());
  // A failed update stores none of its table, and memory goes back.
  Status failed = durable->Update([](Accountant& a) {
    a.SetGroupQuotaRecords({});
    return Status(StatusCode::kNotFound, "the cycle failed");
  });
  EXPECT_EQ(failed.code(), StatusCode::kNotFound);
  std::string why;
  EXPECT_TRUE(SameGroupQuotas(durable->accountant().group_quota_records(), SampleGroupQuotas(),
                              &why))
      << why;

  // Another accountant on the same file sees it, and sees it replaced.
  auto other = OpenDurable(path, policy, kT0, /*initialize=*/false);
  ASSERT_NE(other, nullptr);
  EXPECT_TRUE(SameGroupQuotas(other->accountant().group_quota_records(), SampleGroupQuotas(),
                              &why))
      << why;
  std::vector<GroupQuotaRecord> next = SampleGroupQuotas(kT0 + 60);
  next.resize(1);
  ASSERT_TRUE(durable
                  ->Update([&](Accountant& a) {
                    a.SetGroupQuotaRecords(next);
                    return Status::Ok();
                  })
                  .ok());
  ASSERT_TRUE(other->Refresh().ok());
  EXPECT_TRUE(SameGroupQuotas(other->accountant().group_quota_records(), next, &why)) << why;
  // An update by the other that does not touch the table keeps it.
  ASSERT_TRUE(other
                  ->Update([](Accountant& a) {
                    a.SetPriority("v@x", 4);
                    return Status::Ok();
                  })
                  .ok());
  auto reopened = OpenDurable(path, policy, kT0, /*initialize=*/false);
  ASSERT_NE(reopened, nullptr);
  EXPECT_TRUE(SameGroupQuotas(reopened->accountant().group_quota_records(), next, &why)) << why;
  EXPECT_NE(reopened->accountant().FindCustomer("v@x"), nullptr);
}

TEST(DurableAccountantTest, AVersion1StoreIsMigratedInPlaceKeepingItsRecords) {
  const std::string path = TempDir() + "/v1.db";
  MakeVersion1Store(path);
  const std::string bytes = ReadBytes(path);

  // Read-only: read as it is, with an empty group quota table, untouched.
  {
    auto reader = OpenStore(path, StoreOptions{.read_only = true});
    ASSERT_NE(reader, nullptr);
    EXPECT_EQ(reader->schema_version(), 1);
    AccountantSnapshot loaded;
    ASSERT_TRUE(reader->LoadAll(&loaded).ok());
    ASSERT_EQ(loaded.customers.size(), 1u);
    EXPECT_EQ(loaded.customers[0].weighted_accumulated_usage, 9000.5);
    EXPECT_TRUE(loaded.group_quotas.empty());
    EXPECT_EQ(*reader->Generation(), 7);
  }
  EXPECT_EQ(ReadBytes(path), bytes);
  EXPECT_EQ(QuerySql(path, "SELECT count(*) FROM sqlite_master WHERE name = 'group_quotas'"), "0");

  // Writable: migrated to version 2, the records and the generation kept.
  AccountantSnapshot before;
  {
    auto reader = OpenStore(path, StoreOptions{.read_only = true});
    ASSERT_NE(reader, nullptr);
    ASSERT_TRUE(reader->LoadAll(&before).ok());
  }
  auto store = OpenStore(path);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->schema_version(), 3);
  EXPECT_EQ(QuerySql(path, "SELECT schema_version FROM accountant_meta"), "3");
  EXPECT_EQ(QuerySql(path, "SELECT count(*) FROM sqlite_master WHERE name = 'running_jobs'"), "1");
  EXPECT_EQ(QuerySql(path, "SELECT count(*) FROM sqlite_master WHERE name = 'group_quotas'"), "1");
  EXPECT_EQ(*store->Generation(), 7);
  AccountantSnapshot after;
  ASSERT_TRUE(store->LoadAll(&after).ok());
  std::string why;
  EXPECT_TRUE(SameState(before, after, &why)) << why;
  EXPECT_EQ(after.last_update_time, 1700000000);
  ASSERT_EQ(after.resources.size(), 1u);
  EXPECT_EQ(after.resources[0].matched_concurrency_limits, "matlab");
  EXPECT_TRUE(after.group_quotas.empty());

  // The migrated store keeps a table like a new one.
  ASSERT_EQ(CommitGroupQuotas(*store, SampleGroupQuotas()), 8);
  store.reset();
  auto reopened = OpenStore(path);
  ASSERT_NE(reopened, nullptr);
  ASSERT_TRUE(reopened->LoadAll(&after).ok());
  EXPECT_TRUE(SameGroupQuotas(after.group_quotas, SampleGroupQuotas(), &why)) << why;
  EXPECT_TRUE(SameState(before, after, &why)) << why;
}

TEST(DurableAccountantTest, AVersion1StoreOpensThroughDurableAccountant) {
  const std::string path = TempDir() + "/v1.db";
  MakeVersion1Store(path);
  // A listing (read-only, no startup steps) sees the version-1 records.
  {
    auto store = OpenStore(path, StoreOptions{.read_only = true});
    ASSERT_NE(store, nullptr);
    auto durable = DurableAccountant::Open(MakePolicy(""), std::move(store), kT0,
                                           DurableAccountantOptions{.initialize = false});
    ASSERT_TRUE(durable.ok()) << durable.status().ToString();
    ASSERT_NE((*durable)->accountant().FindCustomer("alice@x"), nullptr);
    EXPECT_TRUE((*durable)->accountant().group_quota_records().empty());
  }
  // A negotiator (writable, startup steps) migrates and stores a cycle.
  auto durable = OpenDurable(path, MakePolicy(""), 1700000600);
  ASSERT_NE(durable, nullptr);
  ASSERT_TRUE(durable
                  ->Update([](Accountant& a) {
                    a.SetGroupQuotaRecords(SampleGroupQuotas());
                    return Status::Ok();
                  })
                  .ok());
  auto reopened = OpenDurable(path, MakePolicy(""), kT0, /*initialize=*/false);
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(reopened->accountant().group_quota_records().size(), 3u);
  EXPECT_EQ(reopened->accountant().last_update_time(), 1700000600);
}

TEST(DurableAccountantTest, SchemaVersionsAboveThreeAreRefusedAsNewer) {
  for (int version : {4, 99}) {
    const std::string path = TempDir() + "/acct.db";
    { ASSERT_NE(OpenStore(path), nullptr); }
    RunSql(path, "UPDATE accountant_meta SET schema_version = " + std::to_string(version) +
                     "; PRAGMA wal_checkpoint(TRUNCATE)");
    const std::string bytes = ReadBytes(path);
    for (bool read_only : {false, true}) {
      classad::Result<std::unique_ptr<AccountantStore>> store =
          OpenAccountantStore(path, StoreOptions{.read_only = read_only});
      ASSERT_FALSE(store.ok());
      EXPECT_EQ(store.status().code(), StatusCode::kFailedPrecondition);
      EXPECT_NE(store.status().message().find("schema " + std::to_string(version) +
                                              "; this one knows up to 3"),
                std::string::npos)
          << store.status().message();
    }
    EXPECT_EQ(ReadBytes(path), bytes);
  }
}

TEST(AccountantTrackingTest, TheRunningJobsHistoryIsTrackedAndBounded) {
  Accountant a(MakePolicy(""));
  a.BeginTracking();
  EXPECT_TRUE(a.TrackedChanges().empty());
  // Two samples at 1000 kept 600 s; the time given to the call wins.
  a.AddRunningJobs(1000, {{0, "g", "", 1, 2}, {0, "g", "u", 1, 2}}, 600);
  AccountantChanges changes = a.TrackedChanges();
  ASSERT_EQ(changes.put_running.size(), 2u);
  EXPECT_EQ(changes.put_running[0]->time, 1000);
  EXPECT_EQ(changes.put_running[0]->user, "");
  EXPECT_EQ(changes.running_before, 400);
  a.EndTracking();
  a.BeginTracking();
  // 1700: the samples of 1000 are older than 1700 - 600 and forgotten; a
  // second sample of one key at one time replaces the first.
  a.AddRunningJobs(1700, {{0, "g", "", 3, 3}, {0, "g", "", 4, 4}}, 600);
  ASSERT_EQ(a.running_history().size(), 1u);
  EXPECT_EQ(a.running_history()[0].running, 4);
  changes = a.TrackedChanges();
  ASSERT_EQ(changes.put_running.size(), 1u);
  EXPECT_EQ(changes.running_before, 1100);
  // Restore replaces the stored history whole.
  AccountantSnapshot snapshot = a.Snapshot();
  ASSERT_EQ(snapshot.running_history.size(), 1u);
  a.Restore(snapshot);
  changes = a.TrackedChanges();
  EXPECT_EQ(changes.running_before, INT64_MAX);
  EXPECT_EQ(changes.put_running.size(), 1u);
}

TEST(DurableAccountantTest, TheRunningJobsHistoryIsStoredBoundedAndReopened) {
  const std::string path = TempDir() + "/acct.db";
  auto store = OpenStore(path);
  ASSERT_NE(store, nullptr);
  RunningJobsRecord a{100, "g", "", 2, 3}, b{100, "g", "alice", 2, 3}, c{200, "g", "", 4, 4};
  {
    ASSERT_TRUE(store->BeginWrite().ok());
    AccountantChanges changes;
    changes.put_running = {&c, &b, &a};
    ASSERT_TRUE(store->Commit(changes).ok());
  }
  AccountantSnapshot loaded;
  ASSERT_TRUE(store->LoadAll(&loaded).ok());
  ASSERT_EQ(loaded.running_history.size(), 3u);
  EXPECT_EQ(loaded.running_history[0].user, "");  // sorted by time, group, user
  EXPECT_EQ(loaded.running_history[1].user, "alice");
  EXPECT_EQ(loaded.running_history[2].time, 200);
  EXPECT_EQ(loaded.running_history[2].jobs, 4);
  {
    // Forget before 150, then replace the sample at 200.
    RunningJobsRecord replaced{200, "g", "", 5, 6};
    ASSERT_TRUE(store->BeginWrite().ok());
    AccountantChanges changes;
    changes.running_before = 150;
    changes.put_running = {&replaced};
    ASSERT_TRUE(store->Commit(changes).ok());
  }
  ASSERT_TRUE(store->LoadAll(&loaded).ok());
  ASSERT_EQ(loaded.running_history.size(), 1u);
  EXPECT_EQ(loaded.running_history[0].running, 5);
  EXPECT_EQ(loaded.running_history[0].jobs, 6);
  {
    RunningJobsRecord nan{300, "g", "", std::nan(""), 1};
    ASSERT_TRUE(store->BeginWrite().ok());
    AccountantChanges changes;
    changes.put_running = {&nan};
    EXPECT_EQ(store->Commit(changes).status().code(), StatusCode::kInvalidArgument);
  }
  store.reset();

  // Through a DurableAccountant: each update's samples are committed with it.
  auto durable = OpenDurable(path, MakePolicy(""), kT0);
  ASSERT_NE(durable, nullptr);
  EXPECT_EQ(durable->accountant().running_history().size(), 1u);
  ASSERT_TRUE(durable
                  ->Update([](Accountant& acc) {
                    acc.AddRunningJobs(kT0, {{0, "lhcb", "", 7, 9}}, kDay);
                    return Status::Ok();
                  })
                  .ok());
  auto reopened = OpenDurable(path, MakePolicy(""), kT0, /*initialize=*/false);
  ASSERT_NE(reopened, nullptr);
  ASSERT_EQ(reopened->accountant().running_history().size(), 1u);  // 200 is older than a day
  EXPECT_EQ(reopened->accountant().running_history()[0].group, "lhcb");
  EXPECT_EQ(reopened->accountant().running_history()[0].running, 7);
}

TEST(DurableAccountantTest, AHandEditedGroupQuotaTableIsReportedNotMisread) {
  const std::string path = TempDir() + "/acct.db";
  {
    auto store = OpenStore(path);
    ASSERT_NE(store, nullptr);
    ASSERT_EQ(CommitGroupQuotas(*store, SampleGroupQuotas()), 1);
  }
  RunSql(path, "UPDATE group_quotas SET requested = 'lots' WHERE name = 'group_physics'");
  auto store = OpenStore(path);
  ASSERT_NE(store, nullptr);
  AccountantSnapshot loaded;
  Status s = store->LoadAll(&loaded);
  EXPECT_EQ(s.code(), StatusCode::kDataLoss);
  EXPECT_NE(s.message().find("group_quotas column requested"), std::string::npos) << s.message();
}

// ---- acceptance item 4: the kill test

// The deterministic change number `k` of the kill test: a marker record
// holding k (so the stored state says how many changes it holds), and
// matches, unmatches, admin edits and priority updates spread over users.
Status KillTestChange(Accountant& a, int64_t k) {
  a.SetFloor("marker@x", k);  // a field UpdatePriorities leaves alone
  const std::string user = "user" + std::to_string(k % 5) + "@x";
  const std::string slot = "slot" + std::to_string(k % 37);
  const int64_t now = kT0 + 10 * k;
  if (k % 3 == 0) {
    a.RemoveMatch(Key(slot), now);
  } else {
    Status s = a.AddMatch(user, Slot(slot, "Claimed", user, 1 + (k % 4) * 0.25), now);
    if (!s.ok()) return s;
  }
  if (k % 7 == 0) a.UpdatePriorities(now);
  if (k % 11 == 0) a.SetPriorityFactor(user, 1000 + static_cast<double>(k));
  if (k % 13 == 0) a.ResetAccumulatedUsage(user, now);
  // Now and then a wide change, so that kills also land while a
  // transaction writes many rows.
  if (k % 50 == 1) {
    for (int i = 0; i < 300; ++i)
      a.SetAccumUsage("bulk" + std::to_string(i) + "@x", static_cast<double>(k + i));
  }
  // A cycle's group quota table, of 0 to 3 groups, replaced whole.
  if (k % 4 == 2) {
    std::vector<GroupQuotaRecord> table = SampleGroupQuotas(kT0 + k);
    table.resize(static_cast<size_t>(k % 16) / 4);
    a.SetGroupQuotaRecords(std::move(table));
  }
  return Status::Ok();
}

int64_t MarkerOf(const Accountant& a) {
  const CustomerRecord* marker = a.FindCustomer("marker@x");
  return marker == nullptr ? 0 : marker->floor;
}

// The child: applies changes after the stored ones until killed, writing
// each committed change number to `report` after its commit returned.
[[noreturn]] void KillTestChild(const std::string& path, int report) {
  classad::Result<std::unique_ptr<AccountantStore>> store = OpenAccountantStore(path);
  if (!store.ok()) _exit(3);
  auto durable = DurableAccountant::Open(MakePolicy(""), std::move(store).value(), kT0,
                                         DurableAccountantOptions{.initialize = false});
  if (!durable.ok()) _exit(4);
  const int64_t ready = -1;  // opened: the parent starts its clock now
  if (write(report, &ready, sizeof ready) != sizeof ready) _exit(6);
  for (int64_t k = MarkerOf((*durable)->accountant()) + 1;; ++k) {
    Status s = (*durable)->Update([k](Accountant& a) { return KillTestChange(a, k); });
    if (!s.ok()) _exit(5);
    if (write(report, &k, sizeof k) != sizeof k) _exit(6);
    // Time between transactions too, so that kills land there as well.
    if (k % 4 == 0) usleep(200);
  }
}

TEST(DurableAccountantKillTest, SigkillNeverLosesACommitOrLeavesAPartialOne) {
  const std::string path = TempDir() + "/acct.db";
  { ASSERT_NE(OpenStore(path), nullptr); }
  auto policy = MakePolicy("");
  Accountant model(policy);  // the changes applied in memory, never killed
  int64_t model_k = 0;
  std::mt19937 random(20261125);
  int kills = 0;
  // Kills after which the store held one change more than the child had
  // reported: the kill landed inside the commit (SQLite had written the
  // transaction; the call had not returned). The others landed between
  // transactions or before a commit wrote.
  int in_commit = 0;
  int64_t last_reported = 0;
  for (; kills < 220; ++kills) {
    int pipe_fds[2];
    ASSERT_EQ(pipe(pipe_fds), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      close(pipe_fds[0]);
      KillTestChild(path, pipe_fds[1]);
    }
    close(pipe_fds[1]);
    // The kill lands a random time after the child has opened the store,
    // so that a loaded machine's slow starts do not eat the window.
    int64_t first = 0;
    ASSERT_EQ(read(pipe_fds[0], &first, sizeof first), static_cast<ssize_t>(sizeof first))
        << "the child could not open the store";
    usleep(static_cast<useconds_t>(random() % 40000));
    kill(child, SIGKILL);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the child stopped by itself, status " << status;
    int64_t k = 0;
    while (read(pipe_fds[0], &k, sizeof k) == sizeof k) {
      if (k > 0) last_reported = k;
    }
    close(pipe_fds[0]);

    // Every reported commit is there; at most one more (committed, not yet
    // reported); and the state is exactly the model's after that many.
    auto store = OpenStore(path);
    ASSERT_NE(store, nullptr);
    AccountantSnapshot stored;
    ASSERT_TRUE(store->LoadAll(&stored).ok());
    Accountant reopened(policy);
    reopened.Restore(stored);
    const int64_t stored_k = MarkerOf(reopened);
    ASSERT_GE(stored_k, last_reported) << "a committed update was lost after kill " << kills;
    ASSERT_LE(stored_k, last_reported + 1) << "after kill " << kills;
    if (stored_k == last_reported + 1) ++in_commit;
    last_reported = stored_k;
    for (; model_k < stored_k; ++model_k) ASSERT_TRUE(KillTestChange(model, model_k + 1).ok());
    std::string why;
    ASSERT_TRUE(SameState(model.Snapshot(), reopened.Snapshot(), &why))
        << "partial or wrong state after kill " << kills << " at change " << stored_k << ": "
        << why;
    ASSERT_TRUE(SameGroupQuotas(model.group_quota_records(), reopened.group_quota_records(), &why))
        << "partial or wrong group quota table after kill " << kills << " at change "
        << stored_k << ": " << why;
  }
  EXPECT_GE(kills, 200);
  EXPECT_GT(model_k, kills / 2) << "the children made too little progress to test anything";
  RecordProperty("changes", static_cast<int>(model_k));
  RecordProperty("kills_inside_a_commit", in_commit);
  RecordProperty("kills_elsewhere", kills - in_commit);
}

}  // namespace
}  // namespace negotiator
