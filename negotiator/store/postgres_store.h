// The accountant store in PostgreSQL (libpq), for several negotiators that
// share one accountant. See accountant_store.h for the protocol.
#ifndef NEGOTIATOR_STORE_POSTGRES_STORE_H_
#define NEGOTIATOR_STORE_POSTGRES_STORE_H_

#include <memory>
#include <string>

#include "classad/status.h"
#include "negotiator/store/accountant_store.h"

namespace negotiator {

// Opens the PostgreSQL store at `location` (IsPostgresLocation is true).
classad::Result<std::unique_ptr<AccountantStore>> OpenPostgresStore(const std::string& location,
                                                                     const StoreOptions& options);

}  // namespace negotiator

#endif  // NEGOTIATOR_STORE_POSTGRES_STORE_H_
