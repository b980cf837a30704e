// The accountant store in PostgreSQL (postgres_store.h).
#include "negotiator/accountant/store/postgres_store.h"

#include <libpq-fe.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "negotiator/accountant/store/schema.h"

namespace negotiator {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using PgResult = std::unique_ptr<PGresult, ResultDeleter>;

struct ConnDeleter {
  void operator()(PGconn* c) const { PQfinish(c); }
};
using PgConn = std::unique_ptr<PGconn, ConnDeleter>;

// The first key of the advisory lock that serialises schema creation and
// migration ("NEGO" in ASCII); the second is the hash of the schema the
// tables live in, so that stores in other schemas of the database (other
// accountants, other tests) neither wait for it nor fail on it.
constexpr int32_t kSchemaLockKey = 0x4e45474f;

// Column types, in schema.h's column order.
constexpr std::string_view kCustomerTypes[] = {
    "text", "float8", "float8", "int8",   "int8",   "int8", "float8",
    "float8", "int8", "float8", "float8", "float8", "int8", "int8"};
static_assert(std::size(kCustomerTypes) == store_schema::kCustomerColumnCount);
constexpr std::string_view kResourceTypes[] = {"text", "text", "float8", "int8", "text", "int8"};
static_assert(std::size(kResourceTypes) == store_schema::kResourceColumnCount);
constexpr std::string_view kGroupQuotaTypes[] = {"text",   "int8",   "float8", "float8", "float8",
                                                 "float8", "float8", "float8", "float8", "int8"};
static_assert(std::size(kGroupQuotaTypes) == store_schema::kGroupQuotaColumnCount);
constexpr std::string_view kRunningJobsTypes[] = {"int8", "text", "text", "float8", "float8"};
static_assert(std::size(kRunningJobsTypes) == store_schema::kRunningJobsColumnCount);

// libpq's messages end in a newline; messages here do not.
std::string Trim(const char* message) {
  std::string s = message == nullptr ? "" : message;
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// A conninfo value, quoted when libpq needs it.
std::string QuoteConninfoValue(std::string_view value) {
  bool plain = !value.empty();
  for (char c : value) {
    if (c == ' ' || c == '\'' || c == '\\' || c == '\t' || c == '\n') plain = false;
  }
  if (plain) return std::string(value);
  std::string out = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// A location in libpq's terms.
struct Location {
  std::string conninfo;     // a conninfo string or URI, for PQconnectdb
  std::string description;  // for messages: the explicit options, no password
};

// Splits `location` into the conninfo libpq takes and a description
// without passwords. kInvalidArgument when it is not a PostgreSQL location
// or libpq cannot parse it.
Result<Location> ParseLocation(const std::string& location) {
  if (location.find('\0') != std::string::npos) {
    return Status(StatusCode::kInvalidArgument, "PostgreSQL location contains a NUL byte");
  }
  Location out;
  if (location.starts_with("postgresql://") || location.starts_with("postgres://")) {
    out.conninfo = location;
  } else if (location.starts_with("postgresql:")) {
    out.conninfo = location.substr(std::strlen("postgresql:"));
  } else {
    return Status(StatusCode::kInvalidArgument,
                  "not a PostgreSQL location (postgresql://..., postgres://... or "
                  "postgresql:<conninfo>)");
  }
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(out.conninfo.c_str(), &error);
  if (options == nullptr) {
    std::string message = error != nullptr ? Trim(error) : "out of memory";
    if (error != nullptr) PQfreemem(error);
    return Status(StatusCode::kInvalidArgument, "malformed PostgreSQL location: " + message);
  }
  std::string description;
  for (const PQconninfoOption* o = options; o->keyword != nullptr; ++o) {
    if (o->val == nullptr || o->val[0] == '\0') continue;
    std::string_view key = o->keyword;
    if (key == "password" || key == "sslpassword") continue;
    if (!description.empty()) description += ' ';
    description += std::string(key) + "=" + QuoteConninfoValue(o->val);
  }
  PQconninfoFree(options);
  out.description = "postgresql:" + (description.empty() ? "(libpq defaults)" : description);
  return out;
}

// Discards the server's notices (libpq would print them on stderr).
void IgnoreNotice(void*, const char*) {}

// Connects to `location`; kUnavailable with libpq's message on failure.
Result<PgConn> Connect(const Location& location) {
  PgConn conn(PQconnectdb(location.conninfo.c_str()));
  if (conn == nullptr) {
    return Status(StatusCode::kUnavailable, location.description + ": cannot connect: out of memory");
  }
  if (PQstatus(conn.get()) != CONNECTION_OK) {
    return Status(StatusCode::kUnavailable, location.description + ": cannot connect: " +
                                                Trim(PQerrorMessage(conn.get())));
  }
  PQsetNoticeProcessor(conn.get(), IgnoreNotice, nullptr);
  return conn;
}

// The status for a failed command: `res` is its result (null when libpq
// could not even send it). `what` names the step for the message.
Status CommandError(PGconn* conn, const PGresult* res, const std::string& description,
                    std::string_view what, int busy_timeout_ms) {
  const char* state_field = res != nullptr ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
  std::string state = state_field != nullptr ? state_field : "";
  std::string detail = res != nullptr ? Trim(PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY)) : "";
  if (detail.empty()) {
    detail = res != nullptr ? Trim(PQresultErrorMessage(res)) : "";
  }
  if (detail.empty()) detail = Trim(PQerrorMessage(conn));
  const std::string where = description + ": " + std::string(what) + ": ";
  if (PQstatus(conn) == CONNECTION_BAD || state.starts_with("08") || state == "57P01" ||
      state == "57P02" || state == "57P03") {
    return Status(StatusCode::kUnavailable,
                  where + "the connection to the server was lost: " + detail);
  }
  if (state == "55P03") {
    return Status(StatusCode::kUnavailable,
                  where + "the database is busy: another process holds its lock (waited " +
                      std::to_string(busy_timeout_ms) + " ms)");
  }
  std::string message = where + detail;
  if (!state.empty()) message += " (SQLSTATE " + state + ")";
  if (state == "40001" || state == "40P01") return Status(StatusCode::kAborted, message);
  if (state.starts_with("53") || state == "57014") {
    return Status(StatusCode::kUnavailable, message);
  }
  if (state == "42P01" || state == "42703" || state == "XX001" || state == "XX002") {
    return Status(StatusCode::kDataLoss, message);
  }
  if (state == "25006") return Status(StatusCode::kFailedPrecondition, message);
  if (state.starts_with("22") || state.starts_with("23") || state.starts_with("42")) {
    return Status(StatusCode::kInvalidArgument, message);
  }
  return Status(StatusCode::kIoError, message);
}

// A PostgreSQL array literal (`{...}`), built one element at a time.
class ArrayLiteral {
 public:
  ArrayLiteral() : text_("{") {}

  void AddText(std::string_view s) {
    Separate();
    text_ += '"';
    for (char c : s) {
      if (c == '"' || c == '\\') text_ += '\\';
      text_ += c;
    }
    text_ += '"';
  }
  void AddInt(int64_t v) {
    Separate();
    char buffer[24];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    text_.append(buffer, end);
  }
  // The shortest text that reads back as exactly `v`; NaN and the
  // infinities in PostgreSQL's spelling.
  void AddDouble(double v) {
    Separate();
    if (std::isnan(v)) {
      text_ += "NaN";
    } else if (std::isinf(v)) {
      text_ += v > 0 ? "Infinity" : "-Infinity";
    } else {
      char buffer[32];
      auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
      text_.append(buffer, end);
    }
  }
  std::string Finish() && {
    text_ += '}';
    return std::move(text_);
  }

 private:
  void Separate() {
    if (text_.size() > 1) text_ += ',';
  }
  std::string text_;
};

// The names in a schema.h column list ("a, b, c").
std::vector<std::string_view> SplitColumns(std::string_view columns) {
  std::vector<std::string_view> names;
  for (size_t start = 0; start <= columns.size();) {
    size_t comma = columns.find(", ", start);
    if (comma == std::string_view::npos) comma = columns.size();
    names.push_back(columns.substr(start, comma - start));
    start = comma + 2;
  }
  return names;
}

// `INSERT INTO table (cols) SELECT * FROM unnest($1::t1[], ...) ON CONFLICT
// (name) DO UPDATE SET col = EXCLUDED.col, ...` for schema.h's columns.
std::string UpsertSql(std::string_view table, std::string_view columns,
                      const std::string_view* types, int count) {
  std::vector<std::string_view> names = SplitColumns(columns);
  std::string sql = "INSERT INTO " + std::string(table) + " (" + std::string(columns) +
                    ") SELECT * FROM unnest(";
  for (int i = 0; i < count; ++i) {
    if (i > 0) sql += ", ";
    sql += "$" + std::to_string(i + 1) + "::" + std::string(types[i]) + "[]";
  }
  sql += ") ON CONFLICT (name) DO UPDATE SET ";
  for (size_t i = 1; i < names.size(); ++i) {
    if (i > 1) sql += ", ";
    sql += std::string(names[i]) + " = EXCLUDED." + std::string(names[i]);
  }
  return sql;
}

// Field parsers for result text. False when the text is not a number.
bool ParseInt(const char* text, int64_t* out) {
  const char* end = text + std::strlen(text);
  auto [ptr, ec] = std::from_chars(text, end, *out);
  return ec == std::errc() && ptr == end && ptr != text;
}

bool ParseDouble(const char* text, double* out) {
  std::string_view s = text;
  if (s == "NaN") {
    *out = std::nan("");
    return true;
  }
  if (s == "Infinity") {
    *out = HUGE_VAL;
    return true;
  }
  if (s == "-Infinity") {
    *out = -HUGE_VAL;
    return true;
  }
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && ptr == s.data() + s.size() && !s.empty();
}

// Reads one result row's fields in order, noting the first bad one.
class RowReader {
 public:
  RowReader(const PGresult* res, int row) : res_(res), row_(row) {}

  void Text(std::string* out) {
    if (const char* v = Next()) *out = std::string(v, PQgetlength(res_, row_, column_ - 1));
  }
  void Int(int64_t* out) {
    if (const char* v = Next(); v != nullptr && !ParseInt(v, out)) Fail();
  }
  void Double(double* out) {
    if (const char* v = Next(); v != nullptr && !ParseDouble(v, out)) Fail();
  }
  // -1 when every field read well, else the first bad column.
  int bad_column() const { return bad_column_; }

 private:
  const char* Next() {
    int column = column_++;
    if (bad_column_ >= 0) return nullptr;
    if (column >= PQnfields(res_) || PQgetisnull(res_, row_, column)) {
      bad_column_ = column;
      return nullptr;
    }
    return PQgetvalue(res_, row_, column);
  }
  void Fail() { bad_column_ = column_ - 1; }

  const PGresult* res_;
  int row_;
  int column_ = 0;
  int bad_column_ = -1;
};

class PostgresStore : public AccountantStore {
 public:
  PostgresStore(Location location, const StoreOptions& options, PgConn conn)
      : location_(std::move(location)), options_(options), conn_(std::move(conn)) {}
  ~PostgresStore() override { Rollback(); }

  // Applies the session settings and creates, migrates or checks the
  // schema as the options say.
  Status Prepare();

  Result<int64_t> BeginWrite() override;
  Status LoadAll(AccountantSnapshot* out) override;
  Result<int64_t> Generation() override;
  Result<int64_t> Commit(const AccountantChanges& changes) override;
  void Rollback() override;
  std::string Describe() const override { return location_.description; }
  int schema_version() const override { return schema_version_; }

 private:
  // Runs `sql` (one or more statements, no parameters); the result of the
  // last one, or the error.
  Result<PgResult> Exec(const std::string& sql, std::string_view what);
  // Runs one statement with text parameters (nullptr for NULL).
  Result<PgResult> ExecParams(const std::string& sql, const std::vector<const char*>& params,
                              std::string_view what);
  // Sets what every session needs (after connecting or reconnecting).
  Status ApplySessionSettings();
  // When the connection broke (and no transaction is open), connects
  // again; true when it did.
  bool Reconnect();
  // `SET LOCAL lock_timeout` for the current busy timeout.
  std::string LockTimeoutSql() const;
  // One attempt of BeginWrite.
  Result<int64_t> TryBeginWrite();
  // Reads the first column of a one-row result as an integer.
  Result<int64_t> SingleInt(const PGresult* res, std::string_view what) const;
  // LoadAll inside an open transaction.
  Status LoadInTransaction(AccountantSnapshot* out);
  // Commit's statements before COMMIT; the new generation.
  Result<int64_t> WriteChanges(const AccountantChanges& changes);
  Status WriteCustomers(const std::vector<const CustomerRecord*>& records);
  Status WriteResources(const std::vector<const ResourceRecord*>& records);
  // Replaces the group quota table with `records` (the last of a name wins).
  Status WriteGroupQuotas(const std::vector<GroupQuotaRecord>& records);
  Status LoadGroupQuotas(std::vector<GroupQuotaRecord>* out);
  // The running-jobs history: deletes the samples before `before` (when
  // set), then inserts or replaces `records`; reads it back, sorted by key.
  Status WriteRunningJobs(std::optional<int64_t> before,
                          const std::vector<const RunningJobsRecord*>& records);
  Status LoadRunningJobs(std::vector<RunningJobsRecord>* out);
  Status DeleteNames(std::string_view table, const std::vector<std::string>& names);
  Status CheckText(std::string_view kind, const std::string& text) const;
  Status Error(StatusCode code, const std::string& message) const {
    return Status(code, location_.description + ": " + message);
  }

  Location location_;
  StoreOptions options_;
  PgConn conn_;
  bool in_transaction_ = false;
  int64_t begin_generation_ = 0;  // the generation BeginWrite returned
  int schema_version_ = 0;        // as opened (schema_version())
};

Result<PgResult> PostgresStore::Exec(const std::string& sql, std::string_view what) {
  PgResult res(PQexec(conn_.get(), sql.c_str()));
  ExecStatusType status = res != nullptr ? PQresultStatus(res.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    return CommandError(conn_.get(), res.get(), location_.description, what,
                        options_.busy_timeout_ms);
  }
  return res;
}

Result<PgResult> PostgresStore::ExecParams(const std::string& sql,
                                           const std::vector<const char*>& params,
                                           std::string_view what) {
  PgResult res(PQexecParams(conn_.get(), sql.c_str(), static_cast<int>(params.size()), nullptr,
                            params.data(), nullptr, nullptr, 0));
  ExecStatusType status = res != nullptr ? PQresultStatus(res.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    return CommandError(conn_.get(), res.get(), location_.description, what,
                        options_.busy_timeout_ms);
  }
  return res;
}

Status PostgresStore::ApplySessionSettings() {
  // extra_float_digits = 3: doubles come back exact (shortest exact text on
  // PostgreSQL 12 and later, 17 digits before).
  std::string sql = "SET extra_float_digits = 3; SET client_encoding = 'UTF8'";
  if (options_.read_only) sql += "; SET default_transaction_read_only = on";
  Result<PgResult> r = Exec(sql, "setting up the session");
  return r.ok() ? Status::Ok() : r.status();
}

bool PostgresStore::Reconnect() {
  if (in_transaction_ || PQstatus(conn_.get()) == CONNECTION_OK) return false;
  PQreset(conn_.get());
  return PQstatus(conn_.get()) == CONNECTION_OK && ApplySessionSettings().ok();
}

std::string PostgresStore::LockTimeoutSql() const {
  int ms = options_.busy_timeout_ms > 0 ? options_.busy_timeout_ms : 1;
  return "SET LOCAL lock_timeout = " + std::to_string(ms);
}

Result<int64_t> PostgresStore::SingleInt(const PGresult* res, std::string_view what) const {
  int64_t value = 0;
  if (PQntuples(res) != 1 || PQnfields(res) < 1 || PQgetisnull(res, 0, 0) ||
      !ParseInt(PQgetvalue(res, 0, 0), &value)) {
    return Error(StatusCode::kDataLoss,
                 std::string(what) + ": accountant_meta has no row with id 1 or a bad value");
  }
  return value;
}

Status PostgresStore::Prepare() {
  if (Status s = ApplySessionSettings(); !s.ok()) return s;
  const bool writable = !options_.read_only;
  if (writable) {
    // One creator or migrator at a time per schema; the lock ends with the
    // transaction.
    Result<PgResult> begin =
        Exec("BEGIN; " + LockTimeoutSql() + "; SELECT pg_advisory_xact_lock(" +
                 std::to_string(kSchemaLockKey) + ", hashtext(coalesce(current_schema(), '')))",
             "locking the schema");
    in_transaction_ = true;
    if (!begin.ok()) {
      Rollback();
      return begin.status();
    }
  }
  auto fail = [this](Status s) {
    Rollback();
    return s;
  };
  Result<PgResult> exists =
      Exec("SELECT to_regclass('accountant_meta') IS NOT NULL", "looking for the schema");
  if (!exists.ok()) return fail(exists.status());
  int64_t version = 0;
  if (std::string_view(PQgetvalue(exists->get(), 0, 0)) == "t") {
    Result<PgResult> row =
        Exec("SELECT schema_version FROM accountant_meta WHERE id = 1", "reading schema_version");
    if (!row.ok()) return fail(row.status());
    Result<int64_t> v = SingleInt(row->get(), "reading schema_version");
    if (!v.ok()) return fail(v.status());
    version = *v;
    if (version < 1) {
      return fail(Error(StatusCode::kDataLoss,
                        "schema_version " + std::to_string(version) + " is not a valid version"));
    }
  } else if (!writable || !options_.create_if_missing) {
    return fail(Error(StatusCode::kNotFound,
                      "no accountant store here (no accountant_meta table in the search_path)" +
                          std::string(writable ? "" : "; a read-only open does not create one")));
  }
  if (version > store_schema::kSchemaVersion) {
    return fail(Error(StatusCode::kFailedPrecondition,
                      "written by a newer version of this program (schema " +
                          std::to_string(version) + "; this one knows up to " +
                          std::to_string(store_schema::kSchemaVersion) +
                          "); it was left untouched"));
  }
  if (!writable) {
    // An older schema is read as it is: its missing tables read as empty.
    schema_version_ = static_cast<int>(version);
    return Status::Ok();
  }
  for (int to = static_cast<int>(version) + 1; to <= store_schema::kSchemaVersion; ++to) {
    for (std::string_view statement : store_schema::Migration(to)) {
      Result<PgResult> r =
          Exec(std::string(statement), "migrating to schema version " + std::to_string(to));
      if (!r.ok()) return fail(r.status());
    }
  }
  Result<PgResult> commit = Exec("COMMIT", "committing the schema");
  in_transaction_ = false;
  if (!commit.ok()) return commit.status();
  schema_version_ = store_schema::kSchemaVersion;
  return Status::Ok();
}

Result<int64_t> PostgresStore::TryBeginWrite() {
  // The meta row's lock is the store's write lock (postgres_store.h).
  std::string sql = "BEGIN ISOLATION LEVEL READ COMMITTED; " + LockTimeoutSql() +
                    "; SET LOCAL synchronous_commit = on; "
                    "SELECT generation FROM accountant_meta WHERE id = 1 FOR UPDATE";
  if (options_.busy_timeout_ms <= 0) sql += " NOWAIT";
  in_transaction_ = true;
  Result<PgResult> r = Exec(sql, "taking the write lock");
  if (!r.ok()) {
    Rollback();
    return r.status();
  }
  Result<int64_t> generation = SingleInt(r->get(), "taking the write lock");
  if (!generation.ok()) {
    Rollback();
    return generation.status();
  }
  begin_generation_ = *generation;
  return *generation;
}

Result<int64_t> PostgresStore::BeginWrite() {
  if (options_.read_only) {
    return Error(StatusCode::kFailedPrecondition, "opened read-only");
  }
  if (in_transaction_) {
    return Error(StatusCode::kFailedPrecondition, "a transaction is already open");
  }
  Reconnect();
  Result<int64_t> r = TryBeginWrite();
  // A dropped connection (a server restart) is retried once on a new one.
  if (!r.ok() && r.status().code() == StatusCode::kUnavailable && Reconnect()) r = TryBeginWrite();
  for (int retry = 0; !r.ok() && r.status().code() == StatusCode::kAborted &&
                      retry < options_.max_conflict_retries;
       ++retry) {
    r = TryBeginWrite();
  }
  return r;
}

Status PostgresStore::LoadInTransaction(AccountantSnapshot* out) {
  out->customers.clear();
  out->resources.clear();
  out->group_quotas.clear();
  out->running_history.clear();
  Result<PgResult> meta =
      Exec("SELECT last_update_time FROM accountant_meta WHERE id = 1", "reading accountant_meta");
  if (!meta.ok()) return meta.status();
  Result<int64_t> last_update = SingleInt(meta->get(), "reading accountant_meta");
  if (!last_update.ok()) return last_update.status();
  out->last_update_time = *last_update;

  Result<PgResult> customers =
      Exec("SELECT " + std::string(store_schema::kCustomerColumns) + " FROM customers",
           "reading customers");
  if (!customers.ok()) return customers.status();
  const PGresult* res = customers->get();
  int rows = PQntuples(res);
  out->customers.resize(static_cast<size_t>(rows));
  for (int i = 0; i < rows; ++i) {
    CustomerRecord& c = out->customers[static_cast<size_t>(i)];
    RowReader row(res, i);
    row.Text(&c.name);
    row.Double(&c.priority);
    row.Double(&c.priority_factor);
    row.Int(&c.ceiling);
    row.Int(&c.floor);
    row.Int(&c.resources_used);
    row.Double(&c.weighted_resources_used);
    row.Double(&c.hier_weighted_resources_used);
    row.Int(&c.uncharged_time);
    row.Double(&c.weighted_uncharged_time);
    row.Double(&c.accumulated_usage);
    row.Double(&c.weighted_accumulated_usage);
    row.Int(&c.begin_usage_time);
    row.Int(&c.last_usage_time);
    if (row.bad_column() >= 0) {
      return Error(StatusCode::kDataLoss, "customers row " + std::to_string(i + 1) + " (" +
                                              c.name + "): column " +
                                              PQfname(res, row.bad_column()) +
                                              " is missing or not a number");
    }
  }

  Result<PgResult> resources =
      Exec("SELECT " + std::string(store_schema::kResourceColumns) + " FROM resources",
           "reading resources");
  if (!resources.ok()) return resources.status();
  res = resources->get();
  rows = PQntuples(res);
  out->resources.resize(static_cast<size_t>(rows));
  for (int i = 0; i < rows; ++i) {
    ResourceRecord& r = out->resources[static_cast<size_t>(i)];
    RowReader row(res, i);
    row.Text(&r.name);
    row.Text(&r.remote_user);
    row.Double(&r.slot_weight);
    row.Int(&r.start_time);
    row.Text(&r.matched_concurrency_limits);
    row.Int(&r.num_cp_matches);
    if (row.bad_column() >= 0) {
      return Error(StatusCode::kDataLoss, "resources row " + std::to_string(i + 1) + " (" +
                                              r.name + "): column " +
                                              PQfname(res, row.bad_column()) +
                                              " is missing or not a number");
    }
  }
  if (schema_version_ < store_schema::kGroupQuotasSince) return Status::Ok();
  if (Status s = LoadGroupQuotas(&out->group_quotas); !s.ok()) return s;
  if (schema_version_ < store_schema::kRunningJobsSince) return Status::Ok();
  return LoadRunningJobs(&out->running_history);
}

Status PostgresStore::LoadRunningJobs(std::vector<RunningJobsRecord>* out) {
  Result<PgResult> samples =
      Exec("SELECT " + std::string(store_schema::kRunningJobsColumns) +
               " FROM running_jobs ORDER BY time, entity_group COLLATE \"C\", "
               "entity_user COLLATE \"C\"",
           "reading the running-jobs history");
  if (!samples.ok()) return samples.status();
  const PGresult* res = samples->get();
  const int rows = PQntuples(res);
  out->resize(static_cast<size_t>(rows));
  for (int i = 0; i < rows; ++i) {
    RunningJobsRecord& r = (*out)[static_cast<size_t>(i)];
    RowReader row(res, i);
    row.Int(&r.time);
    row.Text(&r.group);
    row.Text(&r.user);
    row.Double(&r.running);
    row.Double(&r.jobs);
    if (row.bad_column() >= 0) {
      return Error(StatusCode::kDataLoss, "running_jobs row " + std::to_string(i + 1) +
                                              ": column " + PQfname(res, row.bad_column()) +
                                              " is missing or not a number");
    }
  }
  return Status::Ok();
}

Status PostgresStore::LoadGroupQuotas(std::vector<GroupQuotaRecord>* out) {
  Result<PgResult> groups =
      Exec("SELECT " + std::string(store_schema::kGroupQuotaColumns) +
               " FROM group_quotas ORDER BY name COLLATE \"C\"",
           "reading group quotas");
  if (!groups.ok()) return groups.status();
  const PGresult* res = groups->get();
  const int rows = PQntuples(res);
  out->resize(static_cast<size_t>(rows));
  for (int i = 0; i < rows; ++i) {
    GroupQuotaRecord& g = (*out)[static_cast<size_t>(i)];
    RowReader row(res, i);
    int64_t static_quota = 0;
    row.Text(&g.name);
    row.Int(&static_quota);
    row.Double(&g.configured_quota);
    row.Double(&g.subtree_quota);
    row.Double(&g.effective_quota);
    row.Double(&g.requested);
    row.Double(&g.surplus);
    row.Double(&g.allocated);
    row.Double(&g.usage);
    row.Int(&g.cycle_time);
    if (row.bad_column() >= 0) {
      return Error(StatusCode::kDataLoss, "group_quotas row " + std::to_string(i + 1) + " (" +
                                              g.name + "): column " +
                                              PQfname(res, row.bad_column()) +
                                              " is missing or not a number");
    }
    g.static_quota = static_quota != 0;
  }
  return Status::Ok();
}

Status PostgresStore::LoadAll(AccountantSnapshot* out) {
  if (in_transaction_) return LoadInTransaction(out);
  Reconnect();
  std::string begin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; " + LockTimeoutSql();
  Result<PgResult> r = Exec(begin, "beginning a read");
  if (!r.ok() && r.status().code() == StatusCode::kUnavailable && Reconnect()) {
    r = Exec(begin, "beginning a read");
  }
  in_transaction_ = true;
  if (!r.ok()) {
    Rollback();
    return r.status();
  }
  Status s = LoadInTransaction(out);
  Rollback();  // nothing was written; ending the read either way
  return s;
}

Result<int64_t> PostgresStore::Generation() {
  const std::string sql = "SELECT generation FROM accountant_meta WHERE id = 1";
  if (!in_transaction_) Reconnect();
  Result<PgResult> r = Exec(sql, "reading the generation");
  if (!r.ok() && r.status().code() == StatusCode::kUnavailable && Reconnect()) {
    r = Exec(sql, "reading the generation");
  }
  if (!r.ok()) return r.status();
  return SingleInt(r->get(), "reading the generation");
}

Status PostgresStore::CheckText(std::string_view kind, const std::string& text) const {
  if (text.find('\0') == std::string::npos) return Status::Ok();
  return Error(StatusCode::kInvalidArgument,
               std::string(kind) + " contains a NUL byte, which PostgreSQL cannot store: \"" +
                   text.substr(0, text.find('\0')) + "\\0...\"");
}

Status PostgresStore::DeleteNames(std::string_view table, const std::vector<std::string>& names) {
  if (names.empty()) return Status::Ok();
  ArrayLiteral array;
  for (const std::string& name : names) {
    if (Status s = CheckText(std::string(table) + " name", name); !s.ok()) return s;
    array.AddText(name);
  }
  std::string literal = std::move(array).Finish();
  Result<PgResult> r = ExecParams("DELETE FROM " + std::string(table) + " WHERE name = ANY($1::text[])",
                                  {literal.c_str()}, "erasing " + std::string(table));
  return r.ok() ? Status::Ok() : r.status();
}

// Keeps the last of several records with one name (one upsert cannot
// write a row twice).
template <typename Record>
std::vector<const Record*> LastPerName(const std::vector<const Record*>& records) {
  std::unordered_map<std::string_view, size_t> index;
  std::vector<const Record*> out;
  out.reserve(records.size());
  for (const Record* r : records) {
    auto [it, inserted] = index.emplace(r->name, out.size());
    if (inserted) {
      out.push_back(r);
    } else {
      out[it->second] = r;
    }
  }
  return out;
}

Status PostgresStore::WriteCustomers(const std::vector<const CustomerRecord*>& records) {
  if (records.empty()) return Status::Ok();
  std::vector<ArrayLiteral> a(store_schema::kCustomerColumnCount);
  int nan_column = -1;
  auto number = [&a, &nan_column](int column, double v) {
    if (std::isnan(v)) nan_column = column;
    a[static_cast<size_t>(column)].AddDouble(v);
  };
  for (const CustomerRecord* c : LastPerName(records)) {
    if (Status s = CheckText("customer name", c->name); !s.ok()) return s;
    a[0].AddText(c->name);
    number(1, c->priority);
    number(2, c->priority_factor);
    a[3].AddInt(c->ceiling);
    a[4].AddInt(c->floor);
    a[5].AddInt(c->resources_used);
    number(6, c->weighted_resources_used);
    number(7, c->hier_weighted_resources_used);
    a[8].AddInt(c->uncharged_time);
    number(9, c->weighted_uncharged_time);
    number(10, c->accumulated_usage);
    number(11, c->weighted_accumulated_usage);
    a[12].AddInt(c->begin_usage_time);
    a[13].AddInt(c->last_usage_time);
    if (nan_column >= 0) {
      return Error(StatusCode::kInvalidArgument,
                   "customer " + c->name + ": " +
                       std::string(SplitColumns(store_schema::kCustomerColumns)
                                       [static_cast<size_t>(nan_column)]) +
                       " is NaN, which the store does not keep");
    }
  }
  static const std::string sql = UpsertSql("customers", store_schema::kCustomerColumns,
                                           kCustomerTypes, store_schema::kCustomerColumnCount);
  std::vector<std::string> literals;
  std::vector<const char*> params;
  literals.reserve(a.size());
  for (ArrayLiteral& array : a) literals.push_back(std::move(array).Finish());
  for (const std::string& literal : literals) params.push_back(literal.c_str());
  Result<PgResult> r = ExecParams(sql, params, "writing customers");
  return r.ok() ? Status::Ok() : r.status();
}

Status PostgresStore::WriteResources(const std::vector<const ResourceRecord*>& records) {
  if (records.empty()) return Status::Ok();
  std::vector<ArrayLiteral> a(store_schema::kResourceColumnCount);
  for (const ResourceRecord* r : LastPerName(records)) {
    if (Status s = CheckText("resource name", r->name); !s.ok()) return s;
    if (Status s = CheckText("resource " + r->name + " RemoteUser", r->remote_user); !s.ok()) {
      return s;
    }
    if (Status s = CheckText("resource " + r->name + " MatchedConcurrencyLimits",
                             r->matched_concurrency_limits);
        !s.ok()) {
      return s;
    }
    if (std::isnan(r->slot_weight)) {
      return Error(StatusCode::kInvalidArgument,
                   "resource " + r->name + ": slot_weight is NaN, which the store does not keep");
    }
    a[0].AddText(r->name);
    a[1].AddText(r->remote_user);
    a[2].AddDouble(r->slot_weight);
    a[3].AddInt(r->start_time);
    a[4].AddText(r->matched_concurrency_limits);
    a[5].AddInt(r->num_cp_matches);
  }
  static const std::string sql = UpsertSql("resources", store_schema::kResourceColumns,
                                           kResourceTypes, store_schema::kResourceColumnCount);
  std::vector<std::string> literals;
  std::vector<const char*> params;
  literals.reserve(a.size());
  for (ArrayLiteral& array : a) literals.push_back(std::move(array).Finish());
  for (const std::string& literal : literals) params.push_back(literal.c_str());
  Result<PgResult> r = ExecParams(sql, params, "writing resources");
  return r.ok() ? Status::Ok() : r.status();
}

Status PostgresStore::WriteGroupQuotas(const std::vector<GroupQuotaRecord>& records) {
  Result<PgResult> cleared = Exec("DELETE FROM group_quotas", "emptying the group quota table");
  if (!cleared.ok()) return cleared.status();
  if (records.empty()) return Status::Ok();
  std::vector<const GroupQuotaRecord*> pointers;
  pointers.reserve(records.size());
  for (const GroupQuotaRecord& g : records) pointers.push_back(&g);
  std::vector<ArrayLiteral> a(store_schema::kGroupQuotaColumnCount);
  for (const GroupQuotaRecord* g : LastPerName(pointers)) {
    if (Status s = CheckText("group quota name", g->name); !s.ok()) return s;
    const std::pair<std::string_view, double> doubles[] = {
        {"configured_quota", g->configured_quota}, {"subtree_quota", g->subtree_quota},
        {"effective_quota", g->effective_quota},   {"requested", g->requested},
        {"surplus", g->surplus},                   {"allocated", g->allocated},
        {"usage", g->usage}};
    a[0].AddText(g->name);
    a[1].AddInt(g->static_quota ? 1 : 0);
    size_t column = 2;
    for (const auto& [name, value] : doubles) {
      if (std::isnan(value)) {
        return Error(StatusCode::kInvalidArgument,
                     "group quota " + g->name + ": " + std::string(name) +
                         " is NaN, which the store does not keep");
      }
      a[column++].AddDouble(value);
    }
    a[9].AddInt(g->cycle_time);
  }
  std::string sql = "INSERT INTO group_quotas (" + std::string(store_schema::kGroupQuotaColumns) +
                    ") SELECT * FROM unnest(";
  for (int i = 0; i < store_schema::kGroupQuotaColumnCount; ++i) {
    if (i > 0) sql += ", ";
    sql += "$" + std::to_string(i + 1) + "::" + std::string(kGroupQuotaTypes[i]) + "[]";
  }
  sql += ")";
  std::vector<std::string> literals;
  std::vector<const char*> params;
  literals.reserve(a.size());
  for (ArrayLiteral& array : a) literals.push_back(std::move(array).Finish());
  for (const std::string& literal : literals) params.push_back(literal.c_str());
  Result<PgResult> r = ExecParams(sql, params, "writing group quotas");
  return r.ok() ? Status::Ok() : r.status();
}

Status PostgresStore::WriteRunningJobs(std::optional<int64_t> before,
                                       const std::vector<const RunningJobsRecord*>& records) {
  if (before.has_value()) {
    const std::string text = std::to_string(*before);
    Result<PgResult> r = ExecParams("DELETE FROM running_jobs WHERE time < $1::int8",
                                    {text.c_str()}, "forgetting old running-jobs samples");
    if (!r.ok()) return r.status();
  }
  if (records.empty()) return Status::Ok();
  std::vector<ArrayLiteral> a(store_schema::kRunningJobsColumnCount);
  for (const RunningJobsRecord* r : records) {
    if (Status s = CheckText("running-jobs group", r->group); !s.ok()) return s;
    if (Status s = CheckText("running-jobs user", r->user); !s.ok()) return s;
    if (std::isnan(r->running) || std::isnan(r->jobs)) {
      return Error(StatusCode::kInvalidArgument,
                   "running-jobs sample of " + r->group + "/" + r->user +
                       ": a count is NaN, which the store does not keep");
    }
    a[0].AddInt(r->time);
    a[1].AddText(r->group);
    a[2].AddText(r->user);
    a[3].AddDouble(r->running);
    a[4].AddDouble(r->jobs);
  }
  std::string sql = "INSERT INTO running_jobs (" + std::string(store_schema::kRunningJobsColumns) +
                    ") SELECT * FROM unnest(";
  for (int i = 0; i < store_schema::kRunningJobsColumnCount; ++i) {
    if (i > 0) sql += ", ";
    sql += "$" + std::to_string(i + 1) + "::" + std::string(kRunningJobsTypes[i]) + "[]";
  }
  sql += ") ON CONFLICT (time, entity_group, entity_user) DO UPDATE SET "
         "running = EXCLUDED.running, jobs = EXCLUDED.jobs";
  std::vector<std::string> literals;
  std::vector<const char*> params;
  literals.reserve(a.size());
  for (ArrayLiteral& array : a) literals.push_back(std::move(array).Finish());
  for (const std::string& literal : literals) params.push_back(literal.c_str());
  Result<PgResult> r = ExecParams(sql, params, "writing running-jobs samples");
  return r.ok() ? Status::Ok() : r.status();
}

Result<int64_t> PostgresStore::WriteChanges(const AccountantChanges& changes) {
  if (changes.empty()) return begin_generation_;
  if (Status s = DeleteNames("customers", changes.erased_customers); !s.ok()) return s;
  if (Status s = WriteCustomers(changes.put_customers); !s.ok()) return s;
  if (Status s = DeleteNames("resources", changes.erased_resources); !s.ok()) return s;
  if (Status s = WriteResources(changes.put_resources); !s.ok()) return s;
  if (changes.group_quotas.has_value()) {
    if (Status s = WriteGroupQuotas(*changes.group_quotas); !s.ok()) return s;
  }
  if (changes.running_before.has_value() || !changes.put_running.empty()) {
    if (Status s = WriteRunningJobs(changes.running_before, changes.put_running); !s.ok()) {
      return s;
    }
  }
  std::string last_update;
  if (changes.last_update_time.has_value()) {
    last_update = std::to_string(*changes.last_update_time);
  }
  Result<PgResult> r = ExecParams(
      "UPDATE accountant_meta SET generation = generation + 1, "
      "last_update_time = COALESCE($1::int8, last_update_time) WHERE id = 1 RETURNING generation",
      {changes.last_update_time.has_value() ? last_update.c_str() : nullptr},
      "raising the generation");
  if (!r.ok()) return r.status();
  return SingleInt(r->get(), "raising the generation");
}

Result<int64_t> PostgresStore::Commit(const AccountantChanges& changes) {
  if (options_.read_only) {
    return Error(StatusCode::kFailedPrecondition, "opened read-only");
  }
  if (!in_transaction_) {
    return Error(StatusCode::kFailedPrecondition, "Commit without BeginWrite");
  }
  Result<int64_t> generation = WriteChanges(changes);
  if (!generation.ok()) {
    Rollback();
    return generation.status();
  }
  Result<PgResult> r = Exec("COMMIT", "committing");
  in_transaction_ = false;
  if (!r.ok()) {
    if (r.status().code() == StatusCode::kUnavailable) {
      return Status(StatusCode::kUnavailable,
                    r.status().message() + " (whether the commit happened is unknown)");
    }
    return r.status();
  }
  // COMMIT of a transaction that failed is answered with ROLLBACK.
  if (std::string_view(PQcmdStatus(r->get())) != "COMMIT") {
    return Error(StatusCode::kAborted, "the transaction was rolled back instead of committed");
  }
  return generation;
}

void PostgresStore::Rollback() {
  if (!in_transaction_) return;
  in_transaction_ = false;
  PgResult res(PQexec(conn_.get(), "ROLLBACK"));
}

}  // namespace

classad::Result<std::unique_ptr<AccountantStore>> OpenPostgresStore(const std::string& location,
                                                                     const StoreOptions& options) {
  Result<Location> parsed = ParseLocation(location);
  if (!parsed.ok()) return parsed.status();
  Result<PgConn> conn = Connect(*parsed);
  if (!conn.ok()) return conn.status();
  auto store = std::make_unique<PostgresStore>(std::move(parsed).value(), options,
                                               std::move(conn).value());
  if (Status s = store->Prepare(); !s.ok()) return s;
  return std::unique_ptr<AccountantStore>(std::move(store));
}

classad::Result<std::string> ExecutePostgresSql(const std::string& location,
                                                const std::string& sql) {
  Result<Location> parsed = ParseLocation(location);
  if (!parsed.ok()) return parsed.status();
  Result<PgConn> conn = Connect(*parsed);
  if (!conn.ok()) return conn.status();
  if (sql.find('\0') != std::string::npos) {
    return Status(StatusCode::kInvalidArgument, "SQL text contains a NUL byte");
  }
  PgResult res(PQexec(conn->get(), sql.c_str()));
  ExecStatusType status = res != nullptr ? PQresultStatus(res.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    return CommandError(conn->get(), res.get(), parsed->description, "running SQL", 0);
  }
  if (status != PGRES_TUPLES_OK || PQntuples(res.get()) == 0 || PQnfields(res.get()) == 0 ||
      PQgetisnull(res.get(), 0, 0)) {
    return std::string();
  }
  return std::string(PQgetvalue(res.get(), 0, 0), PQgetlength(res.get(), 0, 0));
}

}  // namespace negotiator
