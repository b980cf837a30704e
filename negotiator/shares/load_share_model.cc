// Choosing a share model (load_share_model.h).
#include "negotiator/shares/load_share_model.h"

#include <utility>

#include "negotiator/shares/dirac/dirac_share_model.h"
#include "policy/dirac/cs_config.h"
#include "policy/dirac/dirac_settings.h"

namespace negotiator {

const char* ShareModelKindName(ShareModelKind kind) {
  return kind == ShareModelKind::kDirac ? "dirac" : "htcondor";
}

bool ParseShareModelKind(std::string_view name, ShareModelKind* kind) {
  if (name == "htcondor") {
    *kind = ShareModelKind::kHTCondor;
  } else if (name == "dirac") {
    *kind = ShareModelKind::kDirac;
  } else {
    return false;
  }
  return true;
}

classad::Result<std::shared_ptr<const ShareModel>> LoadShareModel(
    const ShareModelChoice& choice, std::vector<policy::lint::Diagnostic>* diagnostics) {
  if (choice.kind == ShareModelKind::kHTCondor) return std::shared_ptr<const ShareModel>();
  if (choice.dirac_config.empty()) {
    return classad::Status(classad::StatusCode::kInvalidArgument,
                           "the DIRAC model needs DIRAC's configuration (--dirac-config FILE)");
  }
  classad::Result<policy::dirac::CsConfig> config = policy::dirac::ReadCsFiles(choice.dirac_config);
  if (!config.ok()) return config.status();
  policy::dirac::OperationsScope scope;
  scope.setup = choice.dirac_setup;
  scope.vo = choice.dirac_vo;
  classad::Result<policy::dirac::DiracSettings> settings =
      policy::dirac::ReadDiracSettings(*config, scope);
  if (!settings.ok()) return settings.status();
  if (diagnostics != nullptr) {
    diagnostics->insert(diagnostics->end(), settings->diagnostics.begin(),
                        settings->diagnostics.end());
  }
  auto shared = std::make_shared<const policy::dirac::DiracSettings>(std::move(settings).value());
  return std::shared_ptr<const ShareModel>(
      std::make_shared<const dirac::DiracShareModel>(std::move(shared), choice.seed));
}

std::string FormatShareModelDiagnostic(const policy::lint::Diagnostic& d) {
  return std::string(policy::lint::SeverityName(d.severity)) + ": " +
         classad::Status(classad::StatusCode::kInvalidArgument, d.message, d.where).ToString() +
         " [" + d.check + "]";
}

classad::Result<std::shared_ptr<const ShareModel>> LoadModel(const ShareModelChoice& choice,
                                                             std::vector<std::string>* warnings) {
  std::vector<policy::lint::Diagnostic> diagnostics;
  classad::Result<std::shared_ptr<const ShareModel>> model = LoadShareModel(choice, &diagnostics);
  for (const policy::lint::Diagnostic& d : diagnostics) {
    warnings->push_back(FormatShareModelDiagnostic(d));
  }
  return model;
}

}  // namespace negotiator
