// Choosing a share model by name, for the tools (`--model htcondor|dirac`,
// `--dirac-config FILE`, `--dirac-setup NAME`, `--dirac-vo NAME`,
// `--seed N`): one home for reading DIRAC's configuration into a model.
#ifndef NEGOTIATOR_SHARES_LOAD_SHARE_MODEL_H_
#define NEGOTIATOR_SHARES_LOAD_SHARE_MODEL_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "negotiator/shares/share_model.h"
#include "policy/lint/diagnostic.h"

namespace negotiator {

enum class ShareModelKind { kHTCondor, kDirac };

// "htcondor" or "dirac".
const char* ShareModelKindName(ShareModelKind kind);
// The kind named `name` (as ShareModelKindName spells it); false for any
// other text.
bool ParseShareModelKind(std::string_view name, ShareModelKind* kind);

// A share model as a command line names it. Plain value type.
struct ShareModelChoice {
  ShareModelKind kind = ShareModelKind::kHTCondor;
  // DIRAC: its configuration files (CS syntax), merged in order as DIRAC
  // merges them; at least one.
  std::vector<std::string> dirac_config;
  std::string dirac_setup;  // the Operations setup (empty: Defaults only)
  std::string dirac_vo;     // the Operations VO (empty: none)
  uint64_t seed = 0;        // DIRAC's pilots' draws
};

// The model `choice` names: null for HTCondor's pie (the cycle's
// default), else DIRAC's model under the settings read from its files.
// What DIRAC silently reads otherwise than written (dirac_settings.h) is
// appended to `*diagnostics` when not null. Errors: a DIRAC file that
// cannot be read or parsed (file:line:col), Operations sections that
// cannot be merged, DIRAC without a file (kInvalidArgument).
classad::Result<std::shared_ptr<const ShareModel>> LoadShareModel(
    const ShareModelChoice& choice, std::vector<policy::lint::Diagnostic>* diagnostics = nullptr);

// One of LoadShareModel's diagnostics as the tools print it, one line
// without its newline: "warning: FILE:LINE:COL: message [check]".
std::string FormatShareModelDiagnostic(const policy::lint::Diagnostic& diagnostic);

// LoadShareModel(choice), each diagnostic appended to `*warnings` (not
// null) as FormatShareModelDiagnostic writes it: what a library caller
// (a tool, the Python module) needs to pick a share model and say what
// DIRAC reads otherwise than written. Errors as LoadShareModel's.
classad::Result<std::shared_ptr<const ShareModel>> LoadModel(const ShareModelChoice& choice,
                                                             std::vector<std::string>* warnings);

}  // namespace negotiator

#endif  // NEGOTIATOR_SHARES_LOAD_SHARE_MODEL_H_
