// Placeholder: being written (issue 13).
#include "policy/metaknobs.h"
namespace policy {
bool MetaknobExists(std::string_view, std::string_view) { return false; }
classad::Result<std::string> MetaknobBody(std::string_view category, std::string_view name,
                                          std::string_view) {
  return classad::Status(classad::StatusCode::kInvalidArgument,
                         "use " + std::string(category) + " : " + std::string(name) +
                             " is not supported by this tool");
}
}  // namespace policy
