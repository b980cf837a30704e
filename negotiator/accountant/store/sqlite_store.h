// The accountant store in a SQLite file: the embedded default. See
// accountant_store.h for the protocol.
//
// The file is opened in WAL mode with synchronous=FULL, so a commit that
// returned is on disk and survives a crash of the process or the machine;
// a transaction that did not commit leaves no trace. The write lock is
// SQLite's (BEGIN IMMEDIATE), shared correctly by every process on one
// machine; readers never block the writer. SQLite over a network file
// system is not supported (its locks are not reliable there): use the
// PostgreSQL store to share an accountant between machines.
//
// Opening never writes to a file that is not an accountant store of a
// version this program knows: a file that is not a SQLite database, a
// database that fails SQLite's quick_check, a database with other tables
// or a newer schema are refused with the file untouched.
#ifndef NEGOTIATOR_ACCOUNTANT_STORE_SQLITE_STORE_H_
#define NEGOTIATOR_ACCOUNTANT_STORE_SQLITE_STORE_H_

#include <memory>
#include <string>

#include "classad/status.h"
#include "negotiator/accountant/store/accountant_store.h"

namespace negotiator {

// Opens (creating and migrating as `options` allow) the SQLite store at
// file `path`. Errors as OpenAccountantStore's.
classad::Result<std::unique_ptr<AccountantStore>> OpenSqliteStore(const std::string& path,
                                                                   const StoreOptions& options);

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_STORE_SQLITE_STORE_H_
