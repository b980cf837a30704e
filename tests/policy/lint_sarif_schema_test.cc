// policy_lint --format=sarif validates against the SARIF 2.1.0 JSON schema.
//
// The schema is not kept in this repository: the test takes it at run time
// from the npm package @microsoft/jest-sarif (Microsoft's SARIF test
// matchers, which ship the 2.1.0 schema as lib/schemas/sarif-2.1.0-rtm.5.json,
// the schema json.schemastore.org serves for SARIF 2.1.0 and that the
// output's $schema names), fetched with `npm pack` (npm's cache serves it
// again offline). POLICY_LINT_SARIF_SCHEMA may name a schema file instead.
// Validation is Python's jsonschema (Debian's python3-jsonschema,
// scripts/install-deps.sh). The test skips, saying why, only when npm or
// jsonschema is not installed; a schema that cannot be fetched fails it.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/policy/config_test_util.h"
#include "tests/tool_run.h"

namespace {

using policy::testing_util::TempFolder;
using test_tools::ShellQuote;
using test_tools::Slurp;
using test_tools::ToolRun;

// The package and file the schema comes from.
constexpr const char* kSchemaPackage = "@microsoft/jest-sarif@1.0.0-beta.0";
constexpr const char* kSchemaPath = "package/lib/schemas/sarif-2.1.0-rtm.5.json";

// Runs `command` with /bin/sh; stdout and stderr captured together.
ToolRun Shell(const std::string& command) {
  ToolRun run;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// A Python 3 that has jsonschema (Debian's first), or empty.
std::string PythonWithJsonSchema() {
  for (const char* python : {"/usr/bin/python3", "python3"}) {
    if (Shell(std::string(python) + " -c 'import jsonschema'").exit_code == 0) return python;
  }
  return "";
}

// Validates the JSON file argv[2] against the schema file argv[1]; prints
// one line per violation and exits 1 when there is any (2 when the schema
// itself is not a valid schema).
constexpr const char* kValidator = R"(import json, sys
import jsonschema
with open(sys.argv[1]) as f:
    schema = json.load(f)
with open(sys.argv[2]) as f:
    log = json.load(f)
cls = jsonschema.validators.validator_for(schema)
try:
    cls.check_schema(schema)
except jsonschema.exceptions.SchemaError as e:
    print("invalid schema:", e.message)
    sys.exit(2)
validator = cls(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
for e in errors:
    print("/".join(str(p) for p in e.absolute_path) + ": " + e.message)
sys.exit(1 if errors else 0)
)";

class LintSarifSchema : public ::testing::Test {
 protected:
  // Finds the tools and fetches the schema, once for the suite.
  static void SetUpTestSuite() {
    python_ = PythonWithJsonSchema();
    if (python_.empty()) {
      skip_ =
          "no python3 with jsonschema (Debian package python3-jsonschema, "
          "scripts/install-deps.sh): cannot validate SARIF";
      return;
    }
    if (const char* given = std::getenv("POLICY_LINT_SARIF_SCHEMA"); given && *given) {
      schema_ = given;
      return;
    }
    if (Shell("npm --version").exit_code != 0) {
      skip_ = std::string("npm is not installed: cannot fetch the SARIF 2.1.0 schema from ") +
              kSchemaPackage + " (or set POLICY_LINT_SARIF_SCHEMA to a schema file)";
      return;
    }
    schema_folder_ = new TempFolder();
    const std::string dir = schema_folder_->Mkdir("npm");
    const ToolRun pack = Shell("cd " + ShellQuote(dir) + " && npm pack --prefer-offline --silent " +
                               ShellQuote(kSchemaPackage));
    if (pack.exit_code != 0) {
      failure_ = std::string("npm pack ") + kSchemaPackage + " failed:\n" + pack.out;
      return;
    }
    std::string tarball;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() == ".tgz") tarball = entry.path().string();
    }
    const ToolRun untar = Shell("tar -xzf " + ShellQuote(tarball) + " -C " + ShellQuote(dir) + " " +
                                ShellQuote(kSchemaPath));
    if (tarball.empty() || untar.exit_code != 0) {
      failure_ =
          "no " + std::string(kSchemaPath) + " in what npm pack gave:\n" + pack.out + untar.out;
      return;
    }
    schema_ = dir + "/" + kSchemaPath;
  }
  static void TearDownTestSuite() {
    delete schema_folder_;
    schema_folder_ = nullptr;
  }

  void SetUp() override {
    if (!skip_.empty()) GTEST_SKIP() << skip_;
    ASSERT_TRUE(failure_.empty()) << failure_;
    validator_ = folder_.Write("validate.py", kValidator);
  }

  // The validator's verdict on the JSON file `log` (exit code and report).
  ToolRun Validate(const std::string& log) const {
    return Shell(python_ + " " + ShellQuote(validator_) + " " + ShellQuote(schema_) + " " +
                 ShellQuote(log));
  }

  // policy_lint --format=sarif on `config_text`, written to a file; its path.
  std::string LintToSarif(const std::string& name, const std::string& config_text,
                          const std::string& extra = "") {
    const std::string config = folder_.Write(name + ".conf", config_text);
    const std::string sarif = folder_.path() + "/" + name + ".sarif";
    Shell(std::string(POLICY_LINT_BINARY) + " --format=sarif " + extra + " " + ShellQuote(config) +
          " > " + ShellQuote(sarif));
    return sarif;
  }

  static std::string python_;
  static std::string schema_;
  static std::string skip_;     // why the tooling is missing
  static std::string failure_;  // why the schema could not be fetched
  static TempFolder* schema_folder_;
  TempFolder folder_;
  std::string validator_;
};

std::string LintSarifSchema::python_;
std::string LintSarifSchema::schema_;
std::string LintSarifSchema::skip_;
std::string LintSarifSchema::failure_;
TempFolder* LintSarifSchema::schema_folder_ = nullptr;

TEST_F(LintSarifSchema, EveryKindOfResultValidates) {
  // Errors, warnings and notes, results with related locations (a macro's
  // definition, the first of two definitions), positions deep inside a
  // continued expression, text that needs escaping.
  const std::string sarif =
      LintToSarif("mixed",
                  "NEGOTIATOR_INTERVAL = 60\n"
                  "NEGOTIATOR_INTERVAL = 60\n"
                  "NEGOTIATOR_CONSIDER_PREEMPTION = Ture\n"
                  "NEGOTIATOR_MAX_TIME_PER_SUBMITER = 30\n"
                  "GROUP_NAMES = group_a\n"
                  "GROUP_QUOTA_group_b = 10\n"
                  "MY_GUARD = (time() - EnteredCurentState) > \"one hour\" \\\\ \n"
                  "PREEMPTION_REQUIREMENTS = $(MY_GUARD) && \\\n"
                  "    (Disk > 500 && Disk < 100) && RemoteUserPrio > \"\\u00e9\"\n"
                  "NEGOTIATOR_PRE_JOB_RANK = RemoteUserPrio + $(UNDEFINED_MACRO) + (1 +\n");
  const std::string text = Slurp(sarif);
  ASSERT_NE(text.find("\"results\""), std::string::npos) << text;
  for (const char* level : {"\"error\"", "\"warning\"", "\"note\"", "relatedLocations"}) {
    EXPECT_NE(text.find(level), std::string::npos) << level << "\n" << text;
  }
  const ToolRun verdict = Validate(sarif);
  EXPECT_EQ(verdict.exit_code, 0) << verdict.out << "\n" << text;
}

TEST_F(LintSarifSchema, NoResultsAndUnreadableConfigurationValidate) {
  const ToolRun clean = Validate(LintToSarif("clean", "NEGOTIATOR_INTERVAL = 60\n"));
  EXPECT_EQ(clean.exit_code, 0) << clean.out;
  // A configuration the reader refuses: one config-read error, no position
  // inside an expression.
  const ToolRun broken = Validate(LintToSarif("broken", "if true\nNEGOTIATOR_INTERVAL = 60\n"));
  EXPECT_EQ(broken.exit_code, 0) << broken.out;
}

TEST_F(LintSarifSchema, TheValidatorRejectsAnInvalidLog) {
  // The same check catches a log that breaks the schema, so that a pass
  // above means something.
  const std::string bad =
      folder_.Write("bad.sarif",
                    "{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {}}, "
                    "\"results\": [{\"level\": \"fatal\", \"message\": {}}]}]}\n");
  const ToolRun verdict = Validate(bad);
  EXPECT_EQ(verdict.exit_code, 1) << verdict.out;
  EXPECT_NE(verdict.out.find("level"), std::string::npos) << verdict.out;
  EXPECT_NE(verdict.out.find("name"), std::string::npos) << verdict.out;
}

}  // namespace
