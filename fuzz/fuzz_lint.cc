// libFuzzer target: the negotiator's Policy and the linter over random
// configurations. The input is a configuration text, read with
// ReadConfigText over the fuzz targets' virtual files
// (config_fuzz_options.h); when it reads, Policy::Build and every check of
// policy_lint run on it (with a sample slot and job ad, as --slots and
// --jobs give), and the diagnostics are written in the three output
// formats. No input may crash, hang or give a diagnostic without a
// message, a known check or a sane position; a failed Build must say why.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "classad/parser.h"
#include "fuzz/config_fuzz_options.h"
#include "fuzz/fuzz_util.h"
#include "policy/config_reader.h"
#include "policy/lint/diagnostic.h"
#include "policy/lint/output.h"
#include "policy/lint/source_index.h"
#include "policy/policy.h"

namespace {

// A sample ad parsed once (the fuzz input is the configuration only).
std::shared_ptr<classad::ClassAd> SampleAd(std::string_view text) {
  classad::Result<std::shared_ptr<classad::ClassAd>> ad = classad::ParseAd(text);
  return ad.ok() ? *ad : std::make_shared<classad::ClassAd>();
}

void FuzzLint(std::string_view text) {
  const policy::ConfigOptions options = classad_fuzz::FuzzOptions();
  classad::Result<policy::Config> read = policy::ReadConfigText(text, "fuzz.conf", options);
  if (!read.ok()) return;  // fuzz_config checks the reader's errors
  const policy::Config& config = *read;

  policy::Problems problems;
  classad::Result<policy::Policy> built = policy::Policy::Build(config, {}, &problems);
  if (!built.ok()) {
    classad_fuzz::Check(!built.status().message().empty(), "a failed Build without a message",
                        text);
    classad_fuzz::Check(!problems.errors().empty(), "a failed Build without an error", text,
                        built.status().ToString());
  }
  for (const classad::Status& problem : problems.errors()) {
    classad_fuzz::Check(!problem.message().empty(), "a Build error without a message", text);
  }

  const std::string source(text);
  policy::lint::LintOptions lint_options;
  static const std::shared_ptr<classad::ClassAd> slot = SampleAd(
      "[ Name = \"slot1@x\"; Memory = 2048; LabNode = true; GpuModel = \"A100\"; "
      "RemoteOwner = \"a@x\"; Requirements = TARGET.RequestMemory <= Memory ]");
  static const std::shared_ptr<classad::ClassAd> job =
      SampleAd("[ Owner = \"a\"; RequestMemory = 1024; Project = \"p\"; Tags = { \"a\", 1 } ]");
  lint_options.sample_slots = {slot};
  lint_options.sample_jobs = {job};
  lint_options.read_source = [&source](const std::string& file) -> std::optional<std::string> {
    if (file == "fuzz.conf") return source;
    const auto it = classad_fuzz::VirtualFiles().find(file);
    if (it == classad_fuzz::VirtualFiles().end()) return std::nullopt;
    return it->second;
  };
  const std::vector<policy::lint::Diagnostic> diagnostics =
      policy::lint::Lint(config, lint_options);
  for (const policy::lint::Diagnostic& d : diagnostics) {
    classad_fuzz::Check(!d.message.empty(), "a diagnostic without a message", text, d.check);
    classad_fuzz::Check(policy::lint::FindCheck(d.check) != nullptr, "a diagnostic of no check",
                        text, d.check);
    classad_fuzz::Check(d.where.line >= 0 && d.where.column >= 0, "a negative position", text,
                        d.message);
  }
  const policy::lint::SourceIndex sources =
      policy::lint::SourceIndex::Build(config.sources(), lint_options.read_source);
  policy::lint::TextOptions text_options;
  text_options.show_source = true;
  text_options.color = true;
  (void)policy::lint::FormatText(diagnostics, &sources, text_options);
  classad_fuzz::Check(!policy::lint::FormatJson(diagnostics).empty(), "empty JSON output", text);
  (void)policy::lint::FormatSarif(diagnostics, policy::lint::AllChecks(), "fuzz");
}

}  // namespace

// Entry point: the input is a configuration text.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzLint(classad_fuzz::AsText(data, size));
  return 0;
}
