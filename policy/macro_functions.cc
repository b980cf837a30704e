// Placeholder: being written (issue 13).
#include "policy/macro_functions.h"
namespace policy {
bool IsMacroFunction(std::string_view) { return false; }
classad::Result<std::string> EvaluateMacroFunction(std::string_view name, std::string_view,
                                                   const MacroFunctionContext&) {
  return classad::Status(classad::StatusCode::kInvalidArgument,
                         "$" + std::string(name) + "() is not supported by this tool");
}
}  // namespace policy
