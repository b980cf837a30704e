// Paths and the Operations view of a DIRAC configuration (cs_lookup.h).
#include "policy/dirac/cs_lookup.h"

#include "policy/dirac/cs_values.h"

namespace policy::dirac {

std::vector<std::string> SplitCsPath(std::string_view path) { return SplitDiracList(path, '/'); }

const CsSection* FindSectionAt(const CsSection& root, std::string_view path) {
  const CsSection* at = &root;
  for (const std::string& name : SplitCsPath(path)) {
    at = at->FindSection(name);
    if (at == nullptr) return nullptr;
  }
  return at;
}

const CsOption* FindOptionAt(const CsSection& root, std::string_view path) {
  std::vector<std::string> names = SplitCsPath(path);
  if (names.empty()) return nullptr;
  const CsSection* at = &root;
  for (size_t i = 0; i + 1 < names.size(); ++i) {
    at = at->FindSection(names[i]);
    if (at == nullptr) return nullptr;
  }
  return at->FindOption(names.back());
}

std::vector<std::string> OperationsSearchPaths(const OperationsScope& scope) {
  std::vector<std::string> paths = {"/Operations/Defaults"};
  if (scope.layout == OperationsLayout::kVoOnly) {
    if (!scope.vo.empty()) paths.push_back("/Operations/" + scope.vo);
    return paths;
  }
  if (!scope.setup.empty()) paths.push_back("/Operations/" + scope.setup);
  if (!scope.vo.empty()) {
    paths.push_back("/Operations/" + scope.vo + "/Defaults");
    if (!scope.setup.empty()) paths.push_back("/Operations/" + scope.vo + "/" + scope.setup);
  }
  return paths;
}

classad::Result<CsSection> MergedOperations(const CsConfig& config, const OperationsScope& scope) {
  CsSection merged("Operations", {});
  for (const std::string& path : OperationsSearchPaths(scope)) {
    const CsSection* section = FindSectionAt(config.root, path);
    if (section == nullptr) continue;
    classad::Result<CsSection> next = MergeCsSections(merged, *section);
    if (!next.ok()) return next.status();
    merged = std::move(next).value();
  }
  return merged;
}

}  // namespace policy::dirac
