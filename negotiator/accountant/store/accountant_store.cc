// Choosing an accountant store backend (accountant_store.h).
#include "negotiator/accountant/store/accountant_store.h"

#include "negotiator/accountant/store/postgres_store.h"
#include "negotiator/accountant/store/sqlite_store.h"

namespace negotiator {

bool IsPostgresLocation(const std::string& location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://") ||
         location.starts_with("postgresql:");
}

classad::Result<std::unique_ptr<AccountantStore>> OpenAccountantStore(const std::string& location,
                                                                      const StoreOptions& options) {
  if (location.empty()) {
    return classad::Status(classad::StatusCode::kInvalidArgument,
                           "no accountant store given (a SQLite file path or a postgresql:// URI)");
  }
  if (IsPostgresLocation(location)) return OpenPostgresStore(location, options);
  return OpenSqliteStore(location, options);
}

}  // namespace negotiator
