// PLACEHOLDER until the PostgreSQL backend lands (being written now).
#include "negotiator/store/postgres_store.h"

namespace negotiator {

classad::Result<std::unique_ptr<AccountantStore>> OpenPostgresStore(const std::string& location,
                                                                     const StoreOptions&) {
  return classad::Status(classad::StatusCode::kUnavailable,
                         "PostgreSQL store not built yet: " + location);
}

}  // namespace negotiator
