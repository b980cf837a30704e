// policy_config: prints configuration values the way condor_config_val
// does, read as an HTCondor daemon reads its configuration (the root file
// from CONDOR_CONFIG or the standard places, LOCAL_CONFIG_DIR,
// LOCAL_CONFIG_FILE, _condor_ variables).
//
//   policy_config [options] NAME...       each value, fully expanded, one a line
//   policy_config [options] -dump [PREFIX]   every knob the files set, expanded
//   policy_config [options] -negotiator      every negotiator knob and its origin
//   policy_config [options] -check           build the negotiator's Policy, print
//                                            every problem
//
// Exit status: 0 all printed; 1 some NAME not defined (or defined empty);
// 2 the configuration cannot be read (or a value cannot be expanded);
// 3 bad usage.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "policy/config.h"
#include "policy/config_file_system.h"
#include "policy/config_reader.h"
#include "policy/config_source.h"
#include "policy/knobs.h"
#include "policy/policy.h"
#include "tools/tool_version.h"

namespace {

constexpr int kOk = 0, kNotDefined = 1, kUnreadable = 2, kUsage = 3;

constexpr const char* kUsageText =
    "usage: policy_config [-config FILE]... [-subsystem NAME] [-local-name NAME] [-v] NAME...\n"
    "       policy_config [-config FILE]... [-subsystem NAME] [-local-name NAME] -dump [PREFIX]\n"
    "       policy_config [-config FILE]... [-subsystem NAME] [-local-name NAME] -negotiator\n"
    "       policy_config [-config FILE]... [-subsystem NAME] [-local-name NAME] -check\n"
    "       policy_config -help | -version\n";

constexpr const char* kHelpText =
    "Prints HTCondor configuration values as condor_config_val does, reading the\n"
    "configuration as a daemon reads it: the file named by CONDOR_CONFIG (or\n"
    "/etc/condor/condor_config, /usr/local/etc/condor_config, ~condor/condor_config),\n"
    "then LOCAL_CONFIG_DIR, LOCAL_CONFIG_FILE and the _condor_ environment variables.\n"
    "\n"
    "  NAME...           print each knob's fully expanded value on a line\n"
    "  -v                after each value, where it was set (# at FILE, line N)\n"
    "  -dump [PREFIX]    every knob the files set (starting with PREFIX), as NAME = value\n"
    "  -negotiator       every negotiator knob with its value and origin\n"
    "  -check            build the negotiator's policy (typed values, expressions,\n"
    "                    group quotas, limits, the accounting-group map) and print\n"
    "                    every problem as FILE:LINE:COL: error|warning: message\n"
    "  -config FILE      read FILE (a folder: its files) instead of CONDOR_CONFIG's;\n"
    "                    may be repeated\n"
    "  -subsystem NAME   the daemon whose SUBSYS.KNOB settings apply (NEGOTIATOR)\n"
    "  -local-name NAME  the daemon's local name (LOCALNAME.KNOB settings)\n"
    "\n"
    "Exit status: 0 done; 1 a NAME is not defined or empty; 2 the configuration\n"
    "cannot be read (or, with -check, the policy has errors); 3 bad usage.\n";

// What the command line asks for.
struct Request {
  std::vector<std::string> config_files;
  std::string subsystem = "NEGOTIATOR";
  std::string local_name;
  bool verbose = false;
  bool dump = false;
  std::string dump_prefix;
  bool negotiator = false;
  bool check = false;
  bool help = false;
  std::vector<std::string> names;
};

// Parses argv; false (with a message on stderr) on bad usage.
bool ParseArguments(int argc, char** argv, Request* request) {
  const auto value_of = [&](int* i, const std::string& flag, std::string* out) {
    if (*i + 1 >= argc) {
      std::cerr << "policy_config: " << flag << " needs a value\n";
      return false;
    }
    *out = argv[++*i];
    return true;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-config" || arg == "--config") {
      std::string file;
      if (!value_of(&i, arg, &file)) return false;
      request->config_files.push_back(file);
    } else if (arg == "-subsystem" || arg == "--subsystem") {
      if (!value_of(&i, arg, &request->subsystem)) return false;
    } else if (arg == "-local-name" || arg == "--local-name") {
      if (!value_of(&i, arg, &request->local_name)) return false;
    } else if (arg == "-v" || arg == "-verbose") {
      request->verbose = true;
    } else if (arg == "-dump") {
      request->dump = true;
      if (i + 1 < argc && argv[i + 1][0] != '-') request->dump_prefix = argv[++i];
    } else if (arg == "-negotiator") {
      request->negotiator = true;
    } else if (arg == "-check") {
      request->check = true;
    } else if (arg == "-help" || arg == "--help" || arg == "-h") {
      request->help = true;
    } else if (!arg.empty() && arg[0] == '-') {
      std::cerr << "policy_config: unknown option " << arg << "\n";
      return false;
    } else {
      request->names.push_back(arg);
    }
  }
  const int modes = (request->dump ? 1 : 0) + (request->negotiator ? 1 : 0) +
                    (request->check ? 1 : 0) + (request->names.empty() ? 0 : 1);
  if (!request->help && modes != 1) {
    std::cerr << "policy_config: give knob names, -dump, -negotiator or -check (one of them)\n";
    return false;
  }
  return true;
}

// "# at FILE, line N" (or where else the value came from).
std::string Origin(const policy::ConfigEntry* entry) {
  if (entry == nullptr) return "# default";
  switch (entry->origin) {
    case policy::ConfigEntry::Origin::kDetected:
      return "# detected";
    case policy::ConfigEntry::Origin::kEnvironment:
      return "# environment (_condor_" + entry->name + ")";
    case policy::ConfigEntry::Origin::kMetaknob:
      return "# at " + entry->name_at.file + ", line " + std::to_string(entry->name_at.line) +
             " (use " + entry->metaknob + ")";
    case policy::ConfigEntry::Origin::kFile:
      break;
  }
  return "# at " + entry->name_at.file + ", line " + std::to_string(entry->name_at.line);
}

// Prints NAME's value (and origin): kOk, kNotDefined or kUnreadable.
int PrintValue(const policy::Config& config, const std::string& name, bool verbose) {
  classad::Result<std::optional<policy::ExpandedValue>> found = config.Lookup(name);
  if (!found.ok()) {
    std::cerr << found.status().ToString() << "\n";
    return kUnreadable;
  }
  if (!found->has_value() || (*found)->value.empty()) {
    std::cerr << "Not defined: " << name << "\n";
    return kNotDefined;
  }
  std::cout << (*found)->value << "\n";
  if (verbose) std::cout << "  " << Origin((*found)->entry) << "\n";
  return kOk;
}

// -dump: every knob the files set whose name starts with `prefix`.
int Dump(const policy::Config& config, const std::string& prefix) {
  int status = kOk;
  for (const policy::ConfigEntry* entry : config.Entries()) {
    if (entry->origin != policy::ConfigEntry::Origin::kFile &&
        entry->origin != policy::ConfigEntry::Origin::kMetaknob) {
      continue;
    }
    if (!policy::StartsWithNoCase(entry->name, prefix)) continue;
    classad::Result<std::string> value = config.Expand(entry->raw_value);
    if (!value.ok()) {
      std::cerr << entry->name << ": " << value.status().ToString() << "\n";
      status = kUnreadable;
      continue;
    }
    std::cout << entry->name << " = " << *value << "\n";
  }
  return status;
}

// -negotiator: every plain knob of the table, its value and its origin.
int Negotiator(const policy::Config& config) {
  int status = kOk;
  for (const policy::KnobInfo& knob : policy::AllKnobs()) {
    if (knob.form != policy::KnobForm::kPlain) continue;
    const std::string name(knob.name);
    classad::Result<std::optional<policy::ExpandedValue>> found = config.Lookup(name);
    if (!found.ok()) {
      std::cerr << name << ": " << found.status().ToString() << "\n";
      status = kUnreadable;
      continue;
    }
    if (!found->has_value()) {
      std::cout << name << " =\n  # not defined\n";
      continue;
    }
    std::cout << name << " = " << (*found)->value << "\n  " << Origin((*found)->entry) << "\n";
  }
  return status;
}

// -check: builds the Policy; prints its problems, errors and warnings in
// file order, GCC style.
int Check(const policy::Config& config) {
  policy::Problems problems;
  classad::Result<policy::Policy> built = policy::Policy::Build(config, {}, &problems);
  auto print = [](const classad::Status& problem, const char* severity) {
    const classad::SourceLocation& at = problem.where();
    if (at.line > 0) {
      std::cout << at.file << ":" << at.line << ":" << at.column << ": ";
    } else if (!at.file.empty()) {
      std::cout << at.file << ": ";
    }
    std::cout << severity << ": " << problem.message() << "\n";
  };
  for (const classad::Status& e : problems.errors()) print(e, "error");
  for (const classad::Status& w : problems.warnings()) print(w, "warning");
  std::cout << problems.errors().size() << " errors, " << problems.warnings().size()
            << " warnings\n";
  return built.ok() ? kOk : kUnreadable;
}

}  // namespace

int main(int argc, char** argv) {
  if (tools::AsksForVersion(argc, argv)) {
    std::cout << tools::VersionLine("policy_config");
    return 0;
  }
  Request request;
  if (!ParseArguments(argc, argv, &request)) {
    std::cerr << kUsageText;
    return kUsage;
  }
  if (request.help) {
    std::cout << kUsageText << "\n" << kHelpText;
    return kOk;
  }

  const policy::ConfigOptions options =
      policy::DaemonConfigOptions(request.subsystem, request.local_name);
  classad::Result<policy::Config> config = policy::ReadToolConfig(request.config_files, options);
  if (!config.ok()) {
    std::cerr << config.status().ToString() << "\n";
    return kUnreadable;
  }
  for (const classad::Status& warning : config->warnings()) {
    std::cerr << warning.ToString() << "\n";
  }

  if (request.dump) return Dump(*config, request.dump_prefix);
  if (request.negotiator) return Negotiator(*config);
  if (request.check) return Check(*config);
  int status = kOk;
  for (const std::string& name : request.names) {
    status = std::max(status, PrintValue(*config, name, request.verbose));
  }
  return status;
}
