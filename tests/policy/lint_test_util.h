// Helpers shared by policy_lint's tests: linting a configuration text
// (read as test.conf, its source served from memory) and summarising
// diagnostics as "line:col check" strings.
#ifndef TESTS_POLICY_LINT_TEST_UTIL_H_
#define TESTS_POLICY_LINT_TEST_UTIL_H_

#include <string>
#include <string_view>
#include <vector>

#include "policy/lint/diagnostic.h"
#include "tests/policy/config_test_util.h"

namespace policy::lint::testing_util {

// The diagnostics of `text` read as "test.conf".
inline std::vector<Diagnostic> LintText(std::string_view text, LintOptions options = {}) {
  Config config = policy::testing_util::MustRead(text);
  options.read_source =
      [copy = std::string(text)](const std::string& file) -> std::optional<std::string> {
    if (file == "test.conf") return copy;
    return std::nullopt;
  };
  return Lint(config, options);
}

// "line:col" of every diagnostic of check `check`, in order.
inline std::vector<std::string> At(const std::vector<Diagnostic>& diagnostics,
                                   std::string_view check) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics) {
    if (d.check == check)
      out.push_back(std::to_string(d.where.line) + ":" + std::to_string(d.where.column));
  }
  return out;
}

// Every diagnostic as "line:col: severity: message [check]", for failure messages.
inline std::string Dump(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    out += d.where.file + ":" + std::to_string(d.where.line) + ":" +
           std::to_string(d.where.column) + ": " + std::string(SeverityName(d.severity)) + ": " +
           d.message + " [" + d.check + "]\n";
  }
  return out;
}

// The first diagnostic of `check`, or null.
inline const Diagnostic* First(const std::vector<Diagnostic>& diagnostics, std::string_view check) {
  for (const Diagnostic& d : diagnostics) {
    if (d.check == check) return &d;
  }
  return nullptr;
}

}  // namespace policy::lint::testing_util

#endif  // TESTS_POLICY_LINT_TEST_UTIL_H_
