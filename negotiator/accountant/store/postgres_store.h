// The accountant store in PostgreSQL (libpq), for several negotiators that
// share one accountant. See accountant_store.h for the protocol.
//
// How writers serialise: BeginWrite begins a READ COMMITTED transaction and
// locks the single accountant_meta row (`SELECT generation ... FOR
// UPDATE`). That row lock is the store's write lock: every writer of every
// process takes it first, so writers run one at a time, and the generation
// read under the lock is the latest committed one. The wait for the lock is
// bounded by StoreOptions::busy_timeout_ms (the transaction's lock_timeout;
// 0 means do not wait at all); when it runs out BeginWrite fails with
// kUnavailable ("busy"). A serialisation failure or deadlock (SQLSTATE
// 40001, 40P01) while taking the lock is retried up to
// StoreOptions::max_conflict_retries times, then reported as kAborted.
//
// Opening creates (or migrates) the tables of schema.h in one transaction
// under a transaction-scoped advisory lock, so processes opening an empty
// database at once create the schema once. A read-only open migrates
// nothing and reads an older schema as it is. The tables live where unqualified
// names resolve: the connection's search_path (set it with libpq's
// `options='-c search_path=...'` to keep several accountants in one
// database).
//
// Records are written with one upsert per table whose rows travel as
// array parameters (`INSERT ... SELECT * FROM unnest($1::text[], ...) ON
// CONFLICT (name) DO UPDATE`), so a commit is at most six round trips
// whatever its size, and two more (a DELETE and one INSERT) when it
// replaces the group quota table. Doubles are sent with 17 significant digits and read
// back with extra_float_digits = 3, so they round-trip bit for bit; the
// infinities are stored as PostgreSQL's Infinity. A NaN field, or a NUL
// byte in a name, is refused (kInvalidArgument) and nothing is committed.
#ifndef NEGOTIATOR_ACCOUNTANT_STORE_POSTGRES_STORE_H_
#define NEGOTIATOR_ACCOUNTANT_STORE_POSTGRES_STORE_H_

#include <memory>
#include <string>

#include "classad/status.h"
#include "negotiator/accountant/store/accountant_store.h"

namespace negotiator {

// Opens the PostgreSQL store at `location`: `postgresql://...` or
// `postgres://...` (a libpq URI), or `postgresql:` followed by a libpq
// conninfo string (`postgresql:host=127.0.0.1 port=5432 dbname=acct`).
// Creates and migrates the schema as `options` allow (see
// OpenAccountantStore). Errors: kInvalidArgument (a malformed location),
// kUnavailable (the server is unreachable or refused the connection, with
// libpq's message; or busy), kNotFound, kFailedPrecondition (a newer
// schema; nothing is changed), kDataLoss (the tables are not the
// accountant's). The store owns its connection; one thread at a time.
classad::Result<std::unique_ptr<AccountantStore>> OpenPostgresStore(const std::string& location,
                                                                     const StoreOptions& options);

// Runs `sql` (one or more statements, in one implicit transaction) on a new
// connection to the database at `location` (a form OpenPostgresStore
// accepts) and returns the first column of the last statement's first row,
// or "" when it returned no rows (or NULL). For setup scripts and tests
// (creating a schema, inspecting a store); the accountant never needs it.
// Errors: those of OpenPostgresStore's connection, and the server's error
// for `sql`, mapped as the store maps it (kInvalidArgument for bad data or
// SQL, kUnavailable, kIoError).
classad::Result<std::string> ExecutePostgresSql(const std::string& location,
                                                const std::string& sql);

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_STORE_POSTGRES_STORE_H_
