// libFuzzer target: DIRAC configuration text (policy/dirac/cs_config.h),
// the settings read from it (dirac_settings.h) and its lint
// (dirac_lint.h). The first input byte chooses the Operations view
// (bit 0: the setup "Production", bit 1: the VO "vo", bit 2: DIRAC 9's
// layout without setups); the rest is the text, read under small limits.
// Every failure must be a located error; every success must keep the
// tree's invariants (positions inside the text, lookups that find what
// the tree holds), and the settings and the lint must not crash.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_util.h"
#include "policy/dirac/cs_config.h"
#include "policy/dirac/cs_lookup.h"
#include "policy/dirac/dirac_lint.h"
#include "policy/dirac/dirac_settings.h"

namespace {

using policy::dirac::CsOption;
using policy::dirac::CsSection;

// Every position of `section`'s subtree is inside the text's lines, and
// every entry is found again by its name.
void CheckTree(const CsSection& section, int lines, std::string_view text, int depth) {
  classad_fuzz::Check(depth <= 8, "a tree deeper than max_depth", text);
  for (const CsOption& option : section.options()) {
    classad_fuzz::Check(option.where.line >= 1 && option.where.line <= lines &&
                            option.where.column >= 1,
                        "an option outside the text", text, option.name);
    classad_fuzz::Check(option.value_where.line == option.where.line,
                        "a value on another line than its name", text, option.name);
    classad_fuzz::Check(section.FindOption(option.name) == &option, "an option not found again",
                        text, option.name);
    classad_fuzz::Check(!option.name.empty() && option.name.find('/') == std::string::npos,
                        "an option name DIRAC cannot address", text, option.name);
  }
  for (const CsSection& child : section.sections()) {
    classad_fuzz::Check(child.where().line >= 1 && child.where().line <= lines,
                        "a section outside the text", text, child.name());
    classad_fuzz::Check(section.FindSection(child.name()) == &child,
                        "a section not found again", text, child.name());
    classad_fuzz::Check(section.FindOption(child.name()) == nullptr,
                        "a name that is both an option and a section", text, child.name());
    CheckTree(child, lines, text, depth + 1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t selector = data[0];
  const std::string_view text = classad_fuzz::AsText(data + 1, size - 1);
  policy::dirac::CsLimits limits;
  limits.max_depth = 8;
  limits.max_entries = 4096;
  limits.max_value_bytes = 2048;
  limits.max_line_bytes = 4096;
  classad::Result<policy::dirac::CsConfig> config =
      policy::dirac::ReadCsText(text, "fuzz.cfg", limits);
  if (!config.ok()) {
    const classad::Status& status = config.status();
    classad_fuzz::Check(!status.message().empty(), "an error without a message", text);
    classad_fuzz::Check(status.where().file == "fuzz.cfg" && status.where().line >= 1 &&
                            status.where().column >= 1,
                        "an error without a position", text, status.ToString());
    return 0;
  }
  int lines = 1;
  for (char c : text) lines += c == '\n';
  CheckTree(config->root, lines, text, 0);

  policy::dirac::OperationsScope scope;
  if (selector & 1) scope.setup = "Production";
  if (selector & 2) scope.vo = "vo";
  if (selector & 4) scope.layout = policy::dirac::OperationsLayout::kVoOnly;
  classad::Result<policy::dirac::DiracSettings> settings =
      policy::dirac::ReadDiracSettings(*config, scope);
  if (settings.ok()) {
    for (const policy::dirac::CorrectorInstance& instance : settings->scheduling.wms_history) {
      for (const policy::dirac::CorrectorSpan& span : instance.spans) {
        classad_fuzz::Check(std::isfinite(span.normalised_weight),
                            "a normalised weight that is not finite", text, instance.name);
      }
    }
  } else {
    classad_fuzz::Check(!settings.status().message().empty(), "a settings error without a message",
                        text);
  }
  for (const policy::lint::Diagnostic& d : policy::dirac::LintDiracConfig(*config)) {
    classad_fuzz::Check(d.check.starts_with("dirac-"), "a check outside the dirac family", text,
                        d.check);
    classad_fuzz::Check(d.where.line >= 1 && d.where.line <= lines, "a diagnostic outside the text",
                        text, d.message);
  }
  return 0;
}
