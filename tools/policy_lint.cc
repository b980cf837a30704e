// policy_lint: checks an HTCondor central manager's configuration for
// policy mistakes before it is deployed (misspelled knobs, expressions that
// do not parse, group quotas that do not add up, unguarded preemption, the
// traps of the configuration language), GCC style, JSON or SARIF.
//
//   policy_lint [options] CONFIG...
//
// --slots FILE / --jobs FILE give sample slot and job ads (new or old
// ClassAd syntax, or HTCondor's JSON; detected), whose attributes extend
// the attribute catalogue and whose literal values give attribute types.
//
// Exit status: 0 clean (notes allowed, and warnings without --werror);
// 1 warnings with --werror; 2 errors; 3 bad usage or unreadable input.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "classad/ad_io.h"
#include "policy/config.h"
#include "policy/config_file_system.h"
#include "policy/lint/diagnostic.h"
#include "policy/lint/lint_files.h"
#include "policy/lint/output.h"
#include "tools/tool_version.h"

namespace {

constexpr int kClean = 0, kWarnings = 1, kErrors = 2, kUsage = 3;

constexpr const char* kUsageText =
    "usage: policy_lint [--format=text|json|sarif] [--color=auto|always|never] [--werror]\n"
    "                   [--disable=CHECK[,CHECK...]] [--enable=CHECK[,CHECK...]]\n"
    "                   [--subsystem=NAME] [--local-name=NAME]\n"
    "                   [--slots=FILE] [--jobs=FILE] CONFIG...\n"
    "       policy_lint --list-checks\n"
    "       policy_lint --help | --version\n";

constexpr const char* kHelpText =
    "Checks HTCondor configuration files for negotiator policy mistakes. The files\n"
    "are read as a daemon reads them (several CONFIG files merge in order; a folder\n"
    "stands for its files in lexical order; LOCAL_CONFIG_DIR and LOCAL_CONFIG_FILE\n"
    "are followed).\n"
    "\n"
    "  --format=FORMAT   text (file:line:col: severity: message [check]), json,\n"
    "                    or sarif (SARIF 2.1.0, for CI code scanning)\n"
    "  --color=WHEN      colours and the source line with a caret: auto (when\n"
    "                    writing to a terminal), always, never\n"
    "  --werror          exit 1 when there are warnings\n"
    "  --disable=CHECKS  switch checks off (comma-separated; `all` for every check)\n"
    "  --enable=CHECKS   switch checks back on (applied in order with --disable)\n"
    "  --subsystem=NAME  the daemon whose SUBSYS.KNOB settings apply (NEGOTIATOR)\n"
    "  --local-name=NAME the daemon's local name (LOCALNAME.KNOB settings)\n"
    "  --slots=FILE      sample slot ads (new or old ClassAd syntax, or JSON): their\n"
    "                    attributes count as known, their values give types\n"
    "  --jobs=FILE       sample job ads, likewise (both may be given more than once)\n"
    "  --list-checks     print every check's name and description\n"
    "\n"
    "A comment `# policy_lint: disable=CHECK[,CHECK...]` on the line(s) just before\n"
    "a definition switches those checks off for it.\n"
    "\n"
    "Exit status: 0 clean (warnings allowed without --werror); 1 warnings with\n"
    "--werror; 2 errors; 3 bad usage or unreadable input.\n";

enum class Format { kText, kJson, kSarif };
enum class Color { kAuto, kAlways, kNever };

// What the command line asks for.
struct Request {
  Format format = Format::kText;
  Color color = Color::kAuto;
  bool werror = false;
  bool list_checks = false;
  bool help = false;
  std::string subsystem = "NEGOTIATOR";
  std::string local_name;
  std::vector<std::string> slot_files;
  std::vector<std::string> job_files;
  policy::lint::LintOptions lint;
  std::vector<std::string> files;
};

// Splits "a,b" into (enable, name) toggles.
void AddToggles(bool enable, const std::string& list, Request* request) {
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    if (end > start) request->lint.toggles.emplace_back(enable, list.substr(start, end - start));
    start = end + 1;
  }
}

// Parses argv; false (with a message on stderr) on bad usage.
bool ParseArguments(int argc, char** argv, Request* request) {
  bool only_files = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (only_files || arg.empty() || arg[0] != '-' || arg == "-") {
      request->files.push_back(arg);
      continue;
    }
    const size_t eq = arg.find('=');
    const std::string flag = arg.substr(0, eq);
    std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
    const bool takes_value = flag == "--format" || flag == "--color" || flag == "--disable" ||
                             flag == "--enable" || flag == "--subsystem" ||
                             flag == "--local-name" || flag == "--slots" || flag == "--jobs";
    if (takes_value && eq == std::string::npos) {
      if (i + 1 >= argc) {
        std::cerr << "policy_lint: " << flag << " needs a value\n";
        return false;
      }
      value = argv[++i];
    } else if (!takes_value && eq != std::string::npos) {
      std::cerr << "policy_lint: " << flag << " takes no value\n";
      return false;
    }
    if (arg == "--") {
      only_files = true;
    } else if (flag == "--format") {
      if (value == "text") {
        request->format = Format::kText;
      } else if (value == "json") {
        request->format = Format::kJson;
      } else if (value == "sarif") {
        request->format = Format::kSarif;
      } else {
        std::cerr << "policy_lint: unknown format " << value << " (text, json or sarif)\n";
        return false;
      }
    } else if (flag == "--color") {
      if (value == "auto") {
        request->color = Color::kAuto;
      } else if (value == "always") {
        request->color = Color::kAlways;
      } else if (value == "never") {
        request->color = Color::kNever;
      } else {
        std::cerr << "policy_lint: --color is auto, always or never, not " << value << "\n";
        return false;
      }
    } else if (flag == "--disable" || flag == "--enable") {
      AddToggles(flag == "--enable", value, request);
    } else if (flag == "--subsystem") {
      request->subsystem = value;
    } else if (flag == "--local-name") {
      request->local_name = value;
    } else if (flag == "--slots") {
      request->slot_files.push_back(value);
    } else if (flag == "--jobs") {
      request->job_files.push_back(value);
    } else if (flag == "--werror") {
      request->werror = true;
    } else if (flag == "--list-checks") {
      request->list_checks = true;
    } else if (flag == "--help" || flag == "-h") {
      request->help = true;
    } else {
      std::cerr << "policy_lint: unknown option " << arg << "\n";
      return false;
    }
  }
  for (const std::string& name : policy::lint::UnknownCheckNames(request->lint)) {
    std::cerr << "policy_lint: unknown check " << name << " (see --list-checks)\n";
    return false;
  }
  if (!request->help && !request->list_checks && request->files.empty()) {
    std::cerr << "policy_lint: give at least one configuration file or folder\n";
    return false;
  }
  return true;
}

// Reads every ad of `files` into `ads`; false (with a message on stderr)
// when one cannot be read or parsed.
bool ReadSampleAds(const std::vector<std::string>& files,
                   std::vector<std::shared_ptr<classad::ClassAd>>* ads) {
  for (const std::string& file : files) {
    classad::Result<std::vector<std::shared_ptr<classad::ClassAd>>> read =
        classad::ReadAdsFromFile(file);
    if (!read.ok()) {
      std::cerr << "policy_lint: cannot read the ads of " << file << ": "
                << read.status().ToString() << "\n";
      return false;
    }
    for (std::shared_ptr<classad::ClassAd>& ad : *read) ads->push_back(std::move(ad));
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (tools::AsksForVersion(argc, argv)) {
    std::cout << tools::VersionLine("policy_lint");
    return 0;
  }
  Request request;
  if (!ParseArguments(argc, argv, &request)) {
    std::cerr << kUsageText;
    return kUsage;
  }
  if (request.help) {
    std::cout << kUsageText << "\n" << kHelpText;
    return kClean;
  }
  if (request.list_checks) {
    for (const policy::lint::Check& check : policy::lint::AllChecks()) {
      std::cout << check.name << "\t" << check.description << "\n";
    }
    return kClean;
  }
  for (const std::string& file : request.files) {
    struct stat info;
    if (::stat(file.c_str(), &info) != 0) {
      std::cerr << "policy_lint: cannot read " << file << "\n";
      return kUsage;
    }
  }

  if (!ReadSampleAds(request.slot_files, &request.lint.sample_slots) ||
      !ReadSampleAds(request.job_files, &request.lint.sample_jobs)) {
    return kUsage;
  }

  classad::Result<std::vector<policy::lint::Diagnostic>> linted = policy::lint::LintFiles(
      request.files, request.subsystem, request.local_name, request.lint);
  if (!linted.ok()) {
    std::cerr << "policy_lint: " << linted.status().ToString() << "\n";
    return kUsage;
  }
  const std::vector<policy::lint::Diagnostic>& diagnostics = *linted;

  switch (request.format) {
    case Format::kJson:
      std::cout << policy::lint::FormatJson(diagnostics);
      break;
    case Format::kSarif:
      std::cout << policy::lint::FormatSarif(diagnostics, policy::lint::AllChecks(),
                                             classad::kEngineVersion);
      break;
    case Format::kText: {
      const bool tty = ::isatty(STDOUT_FILENO) != 0;
      const char* term = std::getenv("TERM");
      const bool color_terminal = tty && std::getenv("NO_COLOR") == nullptr &&
                                  !(term != nullptr && std::string(term) == "dumb");
      policy::lint::TextOptions text;
      text.color =
          request.color == Color::kAlways || (request.color == Color::kAuto && color_terminal);
      text.show_source = request.color == Color::kAlways || (request.color == Color::kAuto && tty);
      std::vector<std::string> files;
      for (const policy::lint::Diagnostic& d : diagnostics) {
        files.push_back(d.where.file);
        for (const policy::lint::DiagnosticNote& note : d.notes) files.push_back(note.where.file);
      }
      const policy::lint::SourceIndex sources = policy::lint::SourceIndex::Build(
          files, [](const std::string& file) -> std::optional<std::string> {
            static const policy::ConfigOptions::FileSystem fs = policy::PosixFileSystem();
            auto read = fs.read_file(file, policy::SourceLimits{}.max_file_bytes);
            if (!read.ok()) return std::nullopt;
            return std::move(read->first);
          });
      std::cout << policy::lint::FormatText(diagnostics, &sources, text);
      break;
    }
  }
  std::cout.flush();

  bool errors = false, warnings = false;
  for (const policy::lint::Diagnostic& d : diagnostics) {
    errors |= d.severity == policy::lint::Severity::kError;
    warnings |= d.severity == policy::lint::Severity::kWarning;
  }
  if (errors) return kErrors;
  if (warnings && request.werror) return kWarnings;
  return kClean;
}
