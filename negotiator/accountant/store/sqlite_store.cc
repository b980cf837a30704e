// The SQLite accountant store (sqlite_store.h).
#include "negotiator/accountant/store/sqlite_store.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <cmath>
#include <string_view>
#include <utility>
#include <vector>

#include "negotiator/accountant/store/schema.h"

namespace negotiator {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;

// A prepared statement, finalized on destruction.
class Statement {
 public:
  Statement() = default;
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  sqlite3_stmt* get() const { return stmt_; }
  sqlite3_stmt** out() {
    sqlite3_finalize(stmt_);
    stmt_ = nullptr;
    return &stmt_;
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

// Resets a statement (and clears its bindings) when the scope ends, so a
// statement is never left mid-step holding a read lock.
class ResetOnExit {
 public:
  explicit ResetOnExit(sqlite3_stmt* stmt) : stmt_(stmt) {}
  ~ResetOnExit() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  ResetOnExit(const ResetOnExit&) = delete;
  ResetOnExit& operator=(const ResetOnExit&) = delete;

 private:
  sqlite3_stmt* stmt_;
};

bool FileExists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

class SqliteStore final : public AccountantStore {
 public:
  SqliteStore(std::string path, const StoreOptions& options)
      : path_(std::move(path)), options_(options) {}
  ~SqliteStore() override {
    if (in_transaction_) Rollback();
    // Statements first: sqlite3_close_v2 would otherwise keep the handle
    // open as a zombie until they are finalized.
    put_customer_.out();
    erase_customer_.out();
    put_resource_.out();
    erase_resource_.out();
    bump_generation_.out();
    set_update_time_.out();
    read_generation_.out();
    put_group_quota_.out();
    clear_group_quotas_.out();
    put_running_.out();
    forget_running_.out();
    sqlite3_close_v2(db_);
  }

  Status Open();

  Result<int64_t> BeginWrite() override;
  Status LoadAll(AccountantSnapshot* out) override;
  Result<int64_t> Generation() override;
  Result<int64_t> Commit(const AccountantChanges& changes) override;
  void Rollback() override;
  std::string Describe() const override { return path_; }
  int schema_version() const override { return schema_version_; }

 private:
  // The error of SQLite result `rc` while `doing` something, as a Status
  // naming the file.
  Status Error(int rc, std::string_view doing) const;
  // Runs statements without results.
  Status Exec(const char* sql, std::string_view doing);
  Status Prepare(std::string_view sql, Statement* out);
  // 0 for an empty database, else accountant_meta.schema_version.
  Result<int> SchemaVersion();
  // Takes the database from `from` to kSchemaVersion in one transaction.
  Status Migrate();
  Status PrepareWriteStatements();
  Result<int64_t> ReadGeneration();
  Status WriteChanges(const AccountantChanges& changes);
  // Replaces the group quota table with `records` (the last of a name wins).
  Status WriteGroupQuotas(const std::vector<GroupQuotaRecord>& records);
  Status ReadAll(AccountantSnapshot* out);
  Status ReadGroupQuotas(std::vector<GroupQuotaRecord>* out);
  // The running-jobs history: deletes the samples before `before` (when
  // set), then writes `records`; reads it back, sorted by key.
  Status WriteRunningJobs(std::optional<int64_t> before,
                          const std::vector<const RunningJobsRecord*>& records);
  Status ReadRunningJobs(std::vector<RunningJobsRecord>* out);

  std::string path_;
  StoreOptions options_;
  sqlite3* db_ = nullptr;
  bool in_transaction_ = false;
  int schema_version_ = 0;  // as opened (schema_version())
  Statement put_customer_, erase_customer_, put_resource_, erase_resource_;
  Statement bump_generation_, set_update_time_, read_generation_;
  Statement put_group_quota_, clear_group_quotas_;
  Statement put_running_, forget_running_;
};

Status SqliteStore::Error(int rc, std::string_view doing) const {
  const std::string what = path_ + ": " + std::string(doing) + ": ";
  const char* message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return Status(StatusCode::kUnavailable,
                    what + "the database is busy: another process holds its lock (waited " +
                        std::to_string(options_.busy_timeout_ms) + " ms)");
    case SQLITE_NOTADB:
      return Status(StatusCode::kDataLoss,
                    what + "the file is not a SQLite database (it was left untouched)");
    case SQLITE_CORRUPT:
      return Status(StatusCode::kDataLoss,
                    what + "the database is corrupt: " + message + " (it was left untouched)");
    case SQLITE_CANTOPEN:
      return Status(StatusCode::kIoError, what + "cannot open the file: " + message);
    default:
      return Status(StatusCode::kIoError, what + message);
  }
}

Status SqliteStore::Exec(const char* sql, std::string_view doing) {
  const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
  return rc == SQLITE_OK ? Status::Ok() : Error(rc, doing);
}

Status SqliteStore::Prepare(std::string_view sql, Statement* out) {
  const int rc =
      sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), out->out(), nullptr);
  return rc == SQLITE_OK ? Status::Ok() : Error(rc, "preparing a statement");
}

Result<int> SqliteStore::SchemaVersion() {
  Statement tables;
  if (Status s = Prepare("SELECT name FROM sqlite_master WHERE type = 'table'", &tables); !s.ok()) {
    return s;
  }
  bool has_meta = false;
  bool has_others = false;
  {
    ResetOnExit reset(tables.get());
    int rc;
    while ((rc = sqlite3_step(tables.get())) == SQLITE_ROW) {
      const auto* name = reinterpret_cast<const char*>(sqlite3_column_text(tables.get(), 0));
      if (name != nullptr && std::string_view(name) == "accountant_meta") {
        has_meta = true;
      } else {
        has_others = true;
      }
    }
    if (rc != SQLITE_DONE) return Error(rc, "reading the schema");
  }
  if (!has_meta) {
    if (has_others) {
      return Status(StatusCode::kFailedPrecondition,
                    path_ +
                        ": a SQLite database, but not an accountant store (it has other "
                        "tables and no accountant_meta); it was left untouched");
    }
    return 0;
  }
  Statement version;
  if (Status s = Prepare("SELECT schema_version FROM accountant_meta WHERE id = 1", &version);
      !s.ok()) {
    return s;
  }
  ResetOnExit reset(version.get());
  const int rc = sqlite3_step(version.get());
  if (rc == SQLITE_DONE) {
    return Status(StatusCode::kDataLoss,
                  path_ + ": accountant_meta has no row; the store is damaged (left untouched)");
  }
  if (rc != SQLITE_ROW) return Error(rc, "reading the schema version");
  if (sqlite3_column_type(version.get(), 0) != SQLITE_INTEGER) {
    return Status(StatusCode::kDataLoss, path_ +
                                             ": the schema version is not an integer; the "
                                             "store is damaged (left untouched)");
  }
  const int64_t v = sqlite3_column_int64(version.get(), 0);
  if (v < 1 || v > 1'000'000) {
    return Status(StatusCode::kDataLoss, path_ + ": schema version " + std::to_string(v) +
                                             " makes no sense; the store is damaged");
  }
  return static_cast<int>(v);
}

Status SqliteStore::Migrate() {
  if (Status s = Exec("BEGIN IMMEDIATE", "locking the database to create its tables"); !s.ok()) {
    return s;
  }
  in_transaction_ = true;
  // Another process may have migrated while this one waited for the lock.
  Result<int> version = SchemaVersion();
  if (!version.ok()) {
    Rollback();
    return version.status();
  }
  if (*version > store_schema::kSchemaVersion) {
    Rollback();
    return Status(StatusCode::kFailedPrecondition,
                  path_ + ": written by a newer version of this program (schema " +
                      std::to_string(*version) + "; this one knows up to " +
                      std::to_string(store_schema::kSchemaVersion) + "); it was left untouched");
  }
  for (int to = *version + 1; to <= store_schema::kSchemaVersion; ++to) {
    for (std::string_view sql : store_schema::Migration(to)) {
      Statement step;
      Status s = Prepare(sql, &step);
      if (s.ok()) {
        const int rc = sqlite3_step(step.get());
        if (rc != SQLITE_DONE)
          s = Error(rc, "creating the tables (schema " + std::to_string(to) + ")");
      }
      if (!s.ok()) {
        Rollback();
        return s;
      }
    }
  }
  const int rc = sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) {
    Status s = Error(rc, "committing the new tables");
    Rollback();
    return s;
  }
  in_transaction_ = false;
  return Status::Ok();
}

Status SqliteStore::Open() {
  const bool exists = FileExists(path_);
  if (!exists && (!options_.create_if_missing || options_.read_only)) {
    return Status(StatusCode::kNotFound, path_ + ": no such accountant database");
  }
  const int flags = options_.read_only ? SQLITE_OPEN_READONLY
                                       : SQLITE_OPEN_READWRITE |
                                             (options_.create_if_missing ? SQLITE_OPEN_CREATE : 0);
  int rc = sqlite3_open_v2(path_.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) return Error(rc, "opening");
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, options_.busy_timeout_ms);

  // Reads only, until the file is known to be a store this program knows.
  if (exists && options_.check_integrity_on_open) {
    Statement check;
    if (Status s = Prepare("PRAGMA quick_check", &check); !s.ok()) return s;
    ResetOnExit reset(check.get());
    rc = sqlite3_step(check.get());
    if (rc != SQLITE_ROW) return Error(rc, "checking the database");
    const auto* verdict = reinterpret_cast<const char*>(sqlite3_column_text(check.get(), 0));
    if (verdict == nullptr || std::string_view(verdict) != "ok") {
      return Status(StatusCode::kDataLoss,
                    path_ + ": the database is corrupt: " +
                        (verdict != nullptr ? std::string(verdict) : std::string("?")) +
                        " (it was left untouched)");
    }
  }
  Result<int> version = SchemaVersion();
  if (!version.ok()) return version.status();
  if (*version > store_schema::kSchemaVersion) {
    return Status(StatusCode::kFailedPrecondition,
                  path_ + ": written by a newer version of this program (schema " +
                      std::to_string(*version) + "; this one knows up to " +
                      std::to_string(store_schema::kSchemaVersion) + "); it was left untouched");
  }
  if (options_.read_only) {
    if (*version == 0) {
      return Status(StatusCode::kNotFound, path_ + ": an empty database, not an accountant store");
    }
    // An older schema is read as it is: its missing tables read as empty.
    schema_version_ = *version;
    return Prepare("SELECT generation FROM accountant_meta WHERE id = 1", &read_generation_);
  }

  // Durable commits: the write-ahead log, synced at every commit.
  Statement journal;
  if (Status s = Prepare("PRAGMA journal_mode = WAL", &journal); !s.ok()) return s;
  {
    ResetOnExit reset(journal.get());
    rc = sqlite3_step(journal.get());
    if (rc != SQLITE_ROW) return Error(rc, "switching to write-ahead logging");
    const auto* mode = reinterpret_cast<const char*>(sqlite3_column_text(journal.get(), 0));
    if (mode == nullptr || std::string_view(mode) != "wal") {
      return Status(StatusCode::kIoError,
                    path_ +
                        ": SQLite refused write-ahead logging (a network file system?); "
                        "use a local file or the PostgreSQL store");
    }
  }
  if (Status s = Exec("PRAGMA synchronous = FULL", "setting durable commits"); !s.ok()) return s;
  if (*version < store_schema::kSchemaVersion) {
    if (Status s = Migrate(); !s.ok()) return s;
  }
  schema_version_ = store_schema::kSchemaVersion;
  return PrepareWriteStatements();
}

Status SqliteStore::PrepareWriteStatements() {
  const std::string put_customer = "INSERT OR REPLACE INTO customers (" +
                                   std::string(store_schema::kCustomerColumns) +
                                   ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
  const std::string put_resource = "INSERT OR REPLACE INTO resources (" +
                                   std::string(store_schema::kResourceColumns) +
                                   ") VALUES (?,?,?,?,?,?)";
  Status s = Prepare(put_customer, &put_customer_);
  if (s.ok()) s = Prepare("DELETE FROM customers WHERE name = ?", &erase_customer_);
  if (s.ok()) s = Prepare(put_resource, &put_resource_);
  if (s.ok()) s = Prepare("DELETE FROM resources WHERE name = ?", &erase_resource_);
  if (s.ok()) {
    s = Prepare("UPDATE accountant_meta SET generation = generation + 1 WHERE id = 1",
                &bump_generation_);
  }
  if (s.ok()) {
    s = Prepare("UPDATE accountant_meta SET last_update_time = ? WHERE id = 1", &set_update_time_);
  }
  if (s.ok()) s = Prepare("SELECT generation FROM accountant_meta WHERE id = 1", &read_generation_);
  if (s.ok()) {
    s = Prepare("INSERT OR REPLACE INTO group_quotas (" +
                    std::string(store_schema::kGroupQuotaColumns) + ") VALUES (?,?,?,?,?,?,?,?,?,?)",
                &put_group_quota_);
  }
  if (s.ok()) s = Prepare("DELETE FROM group_quotas", &clear_group_quotas_);
  if (s.ok()) {
    s = Prepare("INSERT OR REPLACE INTO running_jobs (" +
                    std::string(store_schema::kRunningJobsColumns) + ") VALUES (?,?,?,?,?)",
                &put_running_);
  }
  if (s.ok()) s = Prepare("DELETE FROM running_jobs WHERE time < ?", &forget_running_);
  return s;
}

Result<int64_t> SqliteStore::ReadGeneration() {
  ResetOnExit reset(read_generation_.get());
  const int rc = sqlite3_step(read_generation_.get());
  if (rc == SQLITE_DONE) {
    return Status(StatusCode::kDataLoss,
                  path_ + ": accountant_meta has no row; the store is damaged");
  }
  if (rc != SQLITE_ROW) return Error(rc, "reading the generation");
  return static_cast<int64_t>(sqlite3_column_int64(read_generation_.get(), 0));
}

Result<int64_t> SqliteStore::Generation() { return ReadGeneration(); }

Result<int64_t> SqliteStore::BeginWrite() {
  if (options_.read_only) {
    return Status(StatusCode::kFailedPrecondition, path_ + ": opened read-only");
  }
  if (in_transaction_) {
    return Status(StatusCode::kFailedPrecondition, path_ + ": a transaction is already open");
  }
  if (Status s = Exec("BEGIN IMMEDIATE", "taking the write lock"); !s.ok()) return s;
  in_transaction_ = true;
  Result<int64_t> generation = ReadGeneration();
  if (!generation.ok()) Rollback();
  return generation;
}

Status SqliteStore::WriteChanges(const AccountantChanges& changes) {
  auto step = [this](sqlite3_stmt* stmt, std::string_view doing) -> Status {
    const int rc = sqlite3_step(stmt);
    return rc == SQLITE_DONE ? Status::Ok() : Error(rc, doing);
  };
  auto text = [](sqlite3_stmt* stmt, int column, const std::string& value) {
    sqlite3_bind_text(stmt, column, value.data(), static_cast<int>(value.size()), SQLITE_STATIC);
  };
  // SQLite would store a NaN as NULL, which the schema refuses with a
  // vague message: say what it is, as the PostgreSQL store does.
  auto nan = [this](const std::string& what, std::string_view column) {
    return Status(StatusCode::kInvalidArgument, path_ + ": " + what + ": " + std::string(column) +
                                                    " is NaN, which the store does not keep");
  };
  sqlite3_stmt* put = put_customer_.get();
  for (const CustomerRecord* c : changes.put_customers) {
    const std::pair<std::string_view, double> doubles[] = {
        {"priority", c->priority},
        {"priority_factor", c->priority_factor},
        {"weighted_resources_used", c->weighted_resources_used},
        {"hier_weighted_resources_used", c->hier_weighted_resources_used},
        {"weighted_uncharged_time", c->weighted_uncharged_time},
        {"accumulated_usage", c->accumulated_usage},
        {"weighted_accumulated_usage", c->weighted_accumulated_usage}};
    for (const auto& [column, value] : doubles) {
      if (std::isnan(value)) return nan("customer " + c->name, column);
    }
    ResetOnExit reset(put);
    text(put, 1, c->name);
    sqlite3_bind_double(put, 2, c->priority);
    sqlite3_bind_double(put, 3, c->priority_factor);
    sqlite3_bind_int64(put, 4, c->ceiling);
    sqlite3_bind_int64(put, 5, c->floor);
    sqlite3_bind_int64(put, 6, c->resources_used);
    sqlite3_bind_double(put, 7, c->weighted_resources_used);
    sqlite3_bind_double(put, 8, c->hier_weighted_resources_used);
    sqlite3_bind_int64(put, 9, c->uncharged_time);
    sqlite3_bind_double(put, 10, c->weighted_uncharged_time);
    sqlite3_bind_double(put, 11, c->accumulated_usage);
    sqlite3_bind_double(put, 12, c->weighted_accumulated_usage);
    sqlite3_bind_int64(put, 13, c->begin_usage_time);
    sqlite3_bind_int64(put, 14, c->last_usage_time);
    if (Status s = step(put, "writing customer " + c->name); !s.ok()) return s;
  }
  for (const std::string& name : changes.erased_customers) {
    ResetOnExit reset(erase_customer_.get());
    text(erase_customer_.get(), 1, name);
    if (Status s = step(erase_customer_.get(), "deleting customer " + name); !s.ok()) return s;
  }
  sqlite3_stmt* res = put_resource_.get();
  for (const ResourceRecord* r : changes.put_resources) {
    if (std::isnan(r->slot_weight)) return nan("resource " + r->name, "slot_weight");
    ResetOnExit reset(res);
    text(res, 1, r->name);
    text(res, 2, r->remote_user);
    sqlite3_bind_double(res, 3, r->slot_weight);
    sqlite3_bind_int64(res, 4, r->start_time);
    text(res, 5, r->matched_concurrency_limits);
    sqlite3_bind_int64(res, 6, r->num_cp_matches);
    if (Status s = step(res, "writing resource " + r->name); !s.ok()) return s;
  }
  for (const std::string& name : changes.erased_resources) {
    ResetOnExit reset(erase_resource_.get());
    text(erase_resource_.get(), 1, name);
    if (Status s = step(erase_resource_.get(), "deleting resource " + name); !s.ok()) return s;
  }
  if (changes.group_quotas.has_value()) {
    if (Status s = WriteGroupQuotas(*changes.group_quotas); !s.ok()) return s;
  }
  if (changes.running_before.has_value() || !changes.put_running.empty()) {
    if (Status s = WriteRunningJobs(changes.running_before, changes.put_running); !s.ok()) {
      return s;
    }
  }
  if (changes.last_update_time.has_value()) {
    ResetOnExit reset(set_update_time_.get());
    sqlite3_bind_int64(set_update_time_.get(), 1, *changes.last_update_time);
    if (Status s = step(set_update_time_.get(), "writing LastUpdateTime"); !s.ok()) return s;
  }
  ResetOnExit reset(bump_generation_.get());
  return step(bump_generation_.get(), "raising the generation");
}

Status SqliteStore::WriteRunningJobs(std::optional<int64_t> before,
                                     const std::vector<const RunningJobsRecord*>& records) {
  auto step = [this](sqlite3_stmt* stmt, std::string_view doing) -> Status {
    const int rc = sqlite3_step(stmt);
    return rc == SQLITE_DONE ? Status::Ok() : Error(rc, doing);
  };
  if (before.has_value()) {
    ResetOnExit reset(forget_running_.get());
    sqlite3_bind_int64(forget_running_.get(), 1, *before);
    if (Status s = step(forget_running_.get(), "forgetting old running-jobs samples"); !s.ok()) {
      return s;
    }
  }
  sqlite3_stmt* put = put_running_.get();
  for (const RunningJobsRecord* r : records) {
    if (std::isnan(r->running) || std::isnan(r->jobs)) {
      return Status(StatusCode::kInvalidArgument,
                    path_ + ": running-jobs sample of " + r->group + "/" + r->user +
                        ": a count is NaN, which the store does not keep");
    }
    ResetOnExit reset(put);
    sqlite3_bind_int64(put, 1, r->time);
    sqlite3_bind_text(put, 2, r->group.data(), static_cast<int>(r->group.size()), SQLITE_STATIC);
    sqlite3_bind_text(put, 3, r->user.data(), static_cast<int>(r->user.size()), SQLITE_STATIC);
    sqlite3_bind_double(put, 4, r->running);
    sqlite3_bind_double(put, 5, r->jobs);
    if (Status s = step(put, "writing a running-jobs sample of " + r->group); !s.ok()) return s;
  }
  return Status::Ok();
}

Status SqliteStore::ReadRunningJobs(std::vector<RunningJobsRecord>* out) {
  Statement select;
  if (Status s = Prepare("SELECT " + std::string(store_schema::kRunningJobsColumns) +
                             " FROM running_jobs ORDER BY time, entity_group, entity_user",
                         &select);
      !s.ok()) {
    return s;
  }
  sqlite3_stmt* q = select.get();
  auto text = [q](int column) {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(q, column));
    return p == nullptr ? std::string()
                        : std::string(p, static_cast<size_t>(sqlite3_column_bytes(q, column)));
  };
  int rc;
  while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
    for (int i : {0, 3, 4}) {
      const int type = sqlite3_column_type(q, i);
      if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) {
        return Status(StatusCode::kDataLoss, path_ + ": running_jobs column " +
                                                 sqlite3_column_name(q, i) +
                                                 " holds a value that is not a number");
      }
    }
    RunningJobsRecord r;
    r.time = sqlite3_column_int64(q, 0);
    r.group = text(1);
    r.user = text(2);
    r.running = sqlite3_column_double(q, 3);
    r.jobs = sqlite3_column_double(q, 4);
    out->push_back(std::move(r));
  }
  return rc == SQLITE_DONE ? Status::Ok() : Error(rc, "reading the running-jobs history");
}

Status SqliteStore::WriteGroupQuotas(const std::vector<GroupQuotaRecord>& records) {
  auto step = [this](sqlite3_stmt* stmt, std::string_view doing) -> Status {
    const int rc = sqlite3_step(stmt);
    return rc == SQLITE_DONE ? Status::Ok() : Error(rc, doing);
  };
  {
    ResetOnExit reset(clear_group_quotas_.get());
    if (Status s = step(clear_group_quotas_.get(), "emptying the group quota table"); !s.ok()) {
      return s;
    }
  }
  sqlite3_stmt* put = put_group_quota_.get();
  for (const GroupQuotaRecord& g : records) {
    const std::pair<std::string_view, double> doubles[] = {
        {"configured_quota", g.configured_quota}, {"subtree_quota", g.subtree_quota},
        {"effective_quota", g.effective_quota},   {"requested", g.requested},
        {"surplus", g.surplus},                   {"allocated", g.allocated},
        {"usage", g.usage}};
    for (const auto& [column, value] : doubles) {
      if (std::isnan(value)) {
        return Status(StatusCode::kInvalidArgument, path_ + ": group quota " + g.name + ": " +
                                                        std::string(column) +
                                                        " is NaN, which the store does not keep");
      }
    }
    ResetOnExit reset(put);
    sqlite3_bind_text(put, 1, g.name.data(), static_cast<int>(g.name.size()), SQLITE_STATIC);
    sqlite3_bind_int64(put, 2, g.static_quota ? 1 : 0);
    sqlite3_bind_double(put, 3, g.configured_quota);
    sqlite3_bind_double(put, 4, g.subtree_quota);
    sqlite3_bind_double(put, 5, g.effective_quota);
    sqlite3_bind_double(put, 6, g.requested);
    sqlite3_bind_double(put, 7, g.surplus);
    sqlite3_bind_double(put, 8, g.allocated);
    sqlite3_bind_double(put, 9, g.usage);
    sqlite3_bind_int64(put, 10, g.cycle_time);
    if (Status s = step(put, "writing group quota " + g.name); !s.ok()) return s;
  }
  return Status::Ok();
}

Result<int64_t> SqliteStore::Commit(const AccountantChanges& changes) {
  if (!in_transaction_) {
    return Status(StatusCode::kFailedPrecondition, path_ + ": Commit without BeginWrite");
  }
  if (changes.empty()) {
    Result<int64_t> generation = ReadGeneration();
    Rollback();
    return generation;
  }
  Status s = WriteChanges(changes);
  Result<int64_t> generation = s.ok() ? ReadGeneration() : Result<int64_t>(s);
  if (!generation.ok()) {
    Rollback();
    return generation.status();
  }
  const int rc = sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) {
    s = Error(rc, "committing");
    Rollback();
    return s;
  }
  in_transaction_ = false;
  return generation;
}

void SqliteStore::Rollback() {
  if (!in_transaction_) return;
  // Fails only when SQLite already rolled back (after some I/O errors).
  sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  in_transaction_ = false;
}

Status SqliteStore::ReadAll(AccountantSnapshot* out) {
  out->customers.clear();
  out->resources.clear();
  out->group_quotas.clear();
  out->running_history.clear();
  auto column_text = [](sqlite3_stmt* stmt, int column) {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt, column));
    return p == nullptr ? std::string()
                        : std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt, column)));
  };
  // A number column that holds text or NULL was edited by hand or damaged.
  auto check_numbers = [this](sqlite3_stmt* stmt, int first, int count,
                              std::string_view table) -> Status {
    for (int i = first; i < count; ++i) {
      const int type = sqlite3_column_type(stmt, i);
      if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) {
        return Status(StatusCode::kDataLoss, path_ + ": " + std::string(table) + " column " +
                                                 sqlite3_column_name(stmt, i) +
                                                 " holds a value that is not a number");
      }
    }
    return Status::Ok();
  };

  Statement customers;
  if (Status s = Prepare(
          "SELECT " + std::string(store_schema::kCustomerColumns) + " FROM customers", &customers);
      !s.ok()) {
    return s;
  }
  sqlite3_stmt* c = customers.get();
  int rc;
  while ((rc = sqlite3_step(c)) == SQLITE_ROW) {
    if (Status s = check_numbers(c, 1, store_schema::kCustomerColumnCount, "customers"); !s.ok()) {
      return s;
    }
    CustomerRecord r;
    r.name = column_text(c, 0);
    r.priority = sqlite3_column_double(c, 1);
    r.priority_factor = sqlite3_column_double(c, 2);
    r.ceiling = sqlite3_column_int64(c, 3);
    r.floor = sqlite3_column_int64(c, 4);
    r.resources_used = sqlite3_column_int64(c, 5);
    r.weighted_resources_used = sqlite3_column_double(c, 6);
    r.hier_weighted_resources_used = sqlite3_column_double(c, 7);
    r.uncharged_time = sqlite3_column_int64(c, 8);
    r.weighted_uncharged_time = sqlite3_column_double(c, 9);
    r.accumulated_usage = sqlite3_column_double(c, 10);
    r.weighted_accumulated_usage = sqlite3_column_double(c, 11);
    r.begin_usage_time = sqlite3_column_int64(c, 12);
    r.last_usage_time = sqlite3_column_int64(c, 13);
    out->customers.push_back(std::move(r));
  }
  if (rc != SQLITE_DONE) return Error(rc, "reading customers");

  Statement resources;
  if (Status s = Prepare(
          "SELECT " + std::string(store_schema::kResourceColumns) + " FROM resources", &resources);
      !s.ok()) {
    return s;
  }
  sqlite3_stmt* r = resources.get();
  while ((rc = sqlite3_step(r)) == SQLITE_ROW) {
    for (int column : {2, 3, 5}) {
      if (Status s = check_numbers(r, column, column + 1, "resources"); !s.ok()) return s;
    }
    ResourceRecord record;
    record.name = column_text(r, 0);
    record.remote_user = column_text(r, 1);
    record.slot_weight = sqlite3_column_double(r, 2);
    record.start_time = sqlite3_column_int64(r, 3);
    record.matched_concurrency_limits = column_text(r, 4);
    record.num_cp_matches = sqlite3_column_int64(r, 5);
    out->resources.push_back(std::move(record));
  }
  if (rc != SQLITE_DONE) return Error(rc, "reading resources");

  Statement meta;
  if (Status s = Prepare("SELECT last_update_time FROM accountant_meta WHERE id = 1", &meta);
      !s.ok()) {
    return s;
  }
  rc = sqlite3_step(meta.get());
  if (rc != SQLITE_ROW) {
    return rc == SQLITE_DONE ? Status(StatusCode::kDataLoss, path_ + ": accountant_meta has no row")
                             : Error(rc, "reading LastUpdateTime");
  }
  out->last_update_time = sqlite3_column_int64(meta.get(), 0);
  if (schema_version_ < store_schema::kGroupQuotasSince) return Status::Ok();
  if (Status s = ReadGroupQuotas(&out->group_quotas); !s.ok()) return s;
  if (schema_version_ < store_schema::kRunningJobsSince) return Status::Ok();
  return ReadRunningJobs(&out->running_history);
}

Status SqliteStore::ReadGroupQuotas(std::vector<GroupQuotaRecord>* out) {
  Statement select;
  if (Status s = Prepare("SELECT " + std::string(store_schema::kGroupQuotaColumns) +
                             " FROM group_quotas ORDER BY name",
                         &select);
      !s.ok()) {
    return s;
  }
  sqlite3_stmt* g = select.get();
  int rc;
  while ((rc = sqlite3_step(g)) == SQLITE_ROW) {
    for (int i = 1; i < store_schema::kGroupQuotaColumnCount; ++i) {
      const int type = sqlite3_column_type(g, i);
      if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) {
        return Status(StatusCode::kDataLoss, path_ + ": group_quotas column " +
                                                 sqlite3_column_name(g, i) +
                                                 " holds a value that is not a number");
      }
    }
    GroupQuotaRecord r;
    const auto* name = reinterpret_cast<const char*>(sqlite3_column_text(g, 0));
    if (name != nullptr) r.name.assign(name, static_cast<size_t>(sqlite3_column_bytes(g, 0)));
    r.static_quota = sqlite3_column_int64(g, 1) != 0;
    r.configured_quota = sqlite3_column_double(g, 2);
    r.subtree_quota = sqlite3_column_double(g, 3);
    r.effective_quota = sqlite3_column_double(g, 4);
    r.requested = sqlite3_column_double(g, 5);
    r.surplus = sqlite3_column_double(g, 6);
    r.allocated = sqlite3_column_double(g, 7);
    r.usage = sqlite3_column_double(g, 8);
    r.cycle_time = sqlite3_column_int64(g, 9);
    out->push_back(std::move(r));
  }
  return rc == SQLITE_DONE ? Status::Ok() : Error(rc, "reading group quotas");
}

Status SqliteStore::LoadAll(AccountantSnapshot* out) {
  if (in_transaction_) return ReadAll(out);
  // One read transaction, so the three tables agree.
  if (Status s = Exec("BEGIN", "starting a read"); !s.ok()) return s;
  in_transaction_ = true;
  Status s = ReadAll(out);
  Rollback();
  return s;
}

}  // namespace

Result<std::unique_ptr<AccountantStore>> OpenSqliteStore(const std::string& path,
                                                         const StoreOptions& options) {
  auto store = std::make_unique<SqliteStore>(path, options);
  if (Status s = store->Open(); !s.ok()) return s;
  return std::unique_ptr<AccountantStore>(std::move(store));
}

}  // namespace negotiator
