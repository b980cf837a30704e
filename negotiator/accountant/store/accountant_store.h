// Where an accountant's records live between runs: one small interface with
// two backends, SQLite (the embedded default, sqlite_store.h) and
// PostgreSQL (postgres_store.h, for several negotiators sharing one state).
// Both use the same schema and migrations (schema.h).
//
// The protocol (DurableAccountant drives it):
//   BeginWrite()   takes the store's write lock for one transaction, waiting
//                  up to StoreOptions::busy_timeout_ms, and returns the
//                  store's generation (a counter every commit of any
//                  process raises by one);
//   LoadAll()      when that generation is not the one the caller last saw,
//                  reads everything again inside the same transaction;
//   Commit(c)      writes one unit of change and the new generation, and
//                  commits durably; or
//   Rollback()     abandons the transaction.
// Because the lock is held from BeginWrite to Commit and the caller reloads
// whenever another writer committed in between, writers serialise and no
// update is lost, whatever number of processes share the store.
//
// Thread-safety: a store object is used by one thread at a time.
#ifndef NEGOTIATOR_ACCOUNTANT_STORE_ACCOUNTANT_STORE_H_
#define NEGOTIATOR_ACCOUNTANT_STORE_ACCOUNTANT_STORE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "classad/status.h"
#include "negotiator/accountant/records.h"

namespace negotiator {

// The whole persisted state of an accountant.
struct AccountantSnapshot {
  std::vector<CustomerRecord> customers;
  std::vector<ResourceRecord> resources;
  int64_t last_update_time = 0;  // the accountant's LastUpdateTime
  // The last negotiation cycle's group quota table; empty when no cycle
  // with group quotas was stored (or the store's schema predates it).
  std::vector<GroupQuotaRecord> group_quotas;
  // The running-jobs history, sorted by time, group and user; empty when
  // none was stored (or the store's schema predates it).
  std::vector<RunningJobsRecord> running_history;
};

// One unit of change, as the accountant tracked it. The record pointers
// are borrowed from the accountant and valid until its next change.
struct AccountantChanges {
  std::vector<const CustomerRecord*> put_customers;  // inserted or replaced whole
  std::vector<std::string> erased_customers;
  std::vector<const ResourceRecord*> put_resources;
  std::vector<std::string> erased_resources;
  std::optional<int64_t> last_update_time;  // set when it changed
  // When set, the group quota table is replaced whole by these records (an
  // empty vector empties it). A later duplicate name replaces an earlier.
  std::optional<std::vector<GroupQuotaRecord>> group_quotas;
  // The running-jobs history: first the samples older than
  // `running_before` are deleted (when set), then `put_running` are
  // inserted or replaced by their key (time, group, user).
  std::optional<int64_t> running_before;
  std::vector<const RunningJobsRecord*> put_running;

  bool empty() const {
    return put_customers.empty() && erased_customers.empty() && put_resources.empty() &&
           erased_resources.empty() && !last_update_time.has_value() &&
           !group_quotas.has_value() && !running_before.has_value() && put_running.empty();
  }
};

// How a store is opened. Every limit has its default here.
struct StoreOptions {
  // How long BeginWrite (and a read) waits for another process's write
  // lock before failing with kUnavailable ("busy").
  int busy_timeout_ms = 5000;
  // Whether a missing SQLite file (or an empty PostgreSQL schema) is
  // created. When false, a missing store is kNotFound.
  bool create_if_missing = true;
  // Open for reading only: BeginWrite and Commit fail with
  // kFailedPrecondition. A read-only open never creates or migrates.
  bool read_only = false;
  // PostgreSQL: how many times a transaction that lost a serialisation
  // conflict or a deadlock is retried before kAborted reaches the caller.
  int max_conflict_retries = 20;
  // SQLite: run PRAGMA quick_check on an existing file before anything is
  // written to it (O(size of the file); about 20 ms for 100,000 records).
  bool check_integrity_on_open = true;
};

// A store of accountant records. See the file comment for the protocol.
class AccountantStore {
 public:
  virtual ~AccountantStore() = default;

  // Takes the write lock and begins a transaction. Returns the store's
  // generation. Errors: kUnavailable when another process held the lock
  // for longer than the busy timeout (the message says so), kIoError and
  // others for a broken store. Calling it inside a transaction is an error
  // (kFailedPrecondition).
  virtual classad::Result<int64_t> BeginWrite() = 0;

  // Reads every record into `*out` (replacing its contents). Inside a
  // transaction it reads that transaction's view; outside one it reads a
  // consistent snapshot on its own. Errors leave `*out` unspecified.
  virtual classad::Status LoadAll(AccountantSnapshot* out) = 0;

  // The store's generation, read on its own (no transaction needed).
  virtual classad::Result<int64_t> Generation() = 0;

  // Writes `changes` in the transaction BeginWrite began, raises the
  // generation by one, and commits durably; returns the new generation.
  // On any error the transaction is rolled back and nothing of `changes`
  // is stored. An empty change set still commits (and bumps nothing).
  virtual classad::Result<int64_t> Commit(const AccountantChanges& changes) = 0;

  // Abandons the current transaction, if any. Never fails.
  virtual void Rollback() = 0;

  // The schema version of the store as it was opened (schema.h). A
  // writable open migrates, so it is store_schema::kSchemaVersion; a
  // read-only open never migrates and may find an older version, whose
  // missing tables LoadAll reads as empty (a version-1 store has no group
  // quota table).
  virtual int schema_version() const = 0;

  // Where the store is, for messages: the SQLite path, or the PostgreSQL
  // connection without its password.
  virtual std::string Describe() const = 0;
};

// Whether `location` names a PostgreSQL database (`postgresql://…`,
// `postgres://…`, or `postgresql:` followed by a libpq conninfo string)
// rather than a SQLite file path.
bool IsPostgresLocation(const std::string& location);

// Opens the store at `location`: PostgreSQL when IsPostgresLocation, else
// a SQLite file. Creates and migrates the schema as `options` allow.
// A writable open migrates an older schema in place, in one transaction;
// a read-only open reads it as it is (see schema_version()).
// Errors: kNotFound (missing and not to be created), kDataLoss (not a
// database, or corrupt: the file is left untouched), kFailedPrecondition
// (written by a newer schema than this program knows; left untouched),
// kUnavailable (busy or the server is unreachable), kIoError.
classad::Result<std::unique_ptr<AccountantStore>> OpenAccountantStore(
    const std::string& location, const StoreOptions& options = {});

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_STORE_ACCOUNTANT_STORE_H_
