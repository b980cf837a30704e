// negotiator test: policy promises checked in CI
// (negotiator/simulate/policy_test_file.h, policy_test_run.h).
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "negotiator/simulate/policy_test_run.h"
#include "tools/negotiator_args.h"
#include "tools/negotiator_commands.h"

namespace {

constexpr int kOk = 0;
constexpr int kUsage = 3;

constexpr char kUsageText[] =
    "usage: negotiator test [--format=text|json|junit] [--junit FILE] [-v] TESTFILE...\n"
    "\n"
    "  TESTFILE            a test file: what to run (config, slots, and a workload or a\n"
    "                      snapshot's jobs) and `expect \"NAME\": ...` promises\n"
    "                      (docs/simulate.md)\n"
    "  --format=FORMAT     text (file:line:col: error: NAME: measured X, expected ...),\n"
    "                      json, or junit (JUnit XML) on standard output (default text)\n"
    "  --junit FILE        also write JUnit XML to FILE\n"
    "  -v, --verbose       text: list the promises kept too, with what was measured\n"
    "\n"
    "Exit status: 0 every promise kept; 2 one was not; 3 bad usage, or a test file\n"
    "(or what it names) could not be read or run.\n";

enum class Format { kText, kJson, kJunit };

struct Request {
  std::vector<std::string> files;
  Format format = Format::kText;
  std::string junit;
  bool verbose = false;
};

bool ParseArgs(int argc, char** argv, Request* r) {
  negotiator_tool::Args args(argc, argv, kUsageText);
  while (args.Next()) {
    std::string arg = args.name();
    std::string value;
    bool has_value = false;
    if (const size_t equals = arg.find('='); arg.starts_with("-") && equals != std::string::npos) {
      value = arg.substr(equals + 1);
      arg = arg.substr(0, equals);
      has_value = true;
    }
    if (arg == "-format") {
      if (!has_value && !args.Value(&value)) return false;
      if (value == "text") {
        r->format = Format::kText;
      } else if (value == "json") {
        r->format = Format::kJson;
      } else if (value == "junit") {
        r->format = Format::kJunit;
      } else {
        std::cerr << "negotiator: unknown format '" << value << "' (text, json or junit)\n";
        return false;
      }
    } else if (arg == "-junit") {
      if (!has_value && !args.Value(&value)) return false;
      r->junit = value;
    } else if (arg == "-v" || arg == "-verbose") {
      r->verbose = true;
    } else if (arg == "-help" || arg == "-h") {
      std::cout << kUsageText;
      std::exit(kOk);
    } else if (arg.starts_with("-") && arg != "-") {
      return args.Unknown();
    } else {
      r->files.push_back(args.raw());
    }
  }
  if (r->files.empty()) {
    std::cerr << "negotiator: no test file\n" << kUsageText;
    return false;
  }
  return true;
}

}  // namespace

const char* TestUsage() { return kUsageText; }

int RunTestCommand(int argc, char** argv) {
  Request r;
  if (!ParseArgs(argc, argv, &r)) return kUsage;
  std::vector<negotiator::PolicyTestResult> results;
  for (const std::string& file : r.files) {
    if (r.format == Format::kText && isatty(STDERR_FILENO)) std::cerr << "negotiator: running " << file << "\n";
    results.push_back(negotiator::RunPolicyTest(file));
  }
  switch (r.format) {
    case Format::kText:
      std::cout << negotiator::FormatPolicyTestText(results, r.verbose);
      break;
    case Format::kJson:
      std::cout << negotiator::FormatPolicyTestJson(results);
      break;
    case Format::kJunit:
      std::cout << negotiator::FormatPolicyTestJunit(results);
      break;
  }
  if (!r.junit.empty()) {
    std::ofstream out(r.junit, std::ios::binary | std::ios::trunc);
    out << negotiator::FormatPolicyTestJunit(results);
    out.close();
    if (!out) {
      std::cerr << "negotiator: " << r.junit << ": cannot write the JUnit report\n";
      return kUsage;
    }
  }
  return negotiator::PolicyTestExitStatus(results);
}
