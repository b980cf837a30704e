// policy_lint's speed on a large configuration (issue 16): a pool with
// 1,000 groups (a three-level tree with static and dynamic quotas and
// per-group surplus flags, priority factors and limits) and about 10,000
// knobs in all, read from text and linted with every check.
//
// Usage: lint_bench [groups [rounds]]   (default 1000 groups, 5 rounds)
//
// Prints the knob count, the diagnostics found (the configuration is meant
// to be clean: a count above zero is printed with the first few), and the
// median and best time of reading + linting, of reading alone and of
// linting alone.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "policy/config_reader.h"
#include "policy/lint/diagnostic.h"

namespace {

double MillisSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// The configuration: `groups` groups under 10 top-level ones (dynamic
// quotas summing to 1), 100 second-level ones (a third static), the rest
// third-level (dynamic), each with its quota, surplus flag and factor, plus
// site macros, a limit and a limit set: about ten knobs per group, and
// nothing a check should report.
std::string MakeConfig(int groups) {
  std::string text =
      "UID_DOMAIN = pool.example.org\n"
      "NEGOTIATOR_INTERVAL = 60\n"
      "PRIORITY_HALFLIFE = 86400\n"
      "GROUP_ACCEPT_SURPLUS = True\n"
      "StateTimer = (time() - EnteredCurrentState)\n"
      "PREEMPTION_REQUIREMENTS = ($(StateTimer) > 1 * $(HOUR)) && "
      "(RemoteUserPrio > TARGET.SubmitterUserPrio * 1.2)\n"
      "PREEMPTION_REQUIREMENTS = $(PREEMPTION_REQUIREMENTS) && "
      "(((SubmitterGroupResourcesInUse < SubmitterGroupQuota) && "
      "(RemoteGroupResourcesInUse > RemoteGroupQuota)) || (SubmitterGroup =?= RemoteGroup))\n"
      "CONCURRENCY_LIMIT_DEFAULT = 1000\n";
  std::vector<std::string> names;
  const int top = 10;
  for (int t = 0; t < top; ++t) names.push_back("group_t" + std::to_string(t));
  for (int i = top; i < groups; ++i) {
    const std::string parent = names[static_cast<size_t>((i - top) % (i < 110 ? top : 100) +
                                                         (i < 110 ? 0 : top))];
    names.push_back(parent + ".g" + std::to_string(i));
  }
  text += "GROUP_NAMES = ";
  for (size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : ", \\\n  ") + names[i];
  }
  text += "\n";
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& g = names[i];
    const bool top_level = g.find('.') == std::string::npos;
    const bool second_level = !top_level && i < 110;
    if (top_level) {
      text += "GROUP_QUOTA_DYNAMIC_" + g + " = 0.1\n";
    } else if (second_level && i % 3 == 0) {  // static under a dynamic parent
      text += "GROUP_QUOTA_" + g + " = " + std::to_string(1 + i % 7) + "\n";
    } else {
      text += "GROUP_QUOTA_DYNAMIC_" + g + " = 0.01\n";
    }
    text += "GROUP_ACCEPT_SURPLUS_" + g + " = " + (i % 2 ? "True" : "False") + "\n";
    text += "GROUP_AUTOREGROUP_" + g + " = False\n";
    text += "GROUP_PRIO_FACTOR_" + g + " = " + std::to_string(1000 + i) + "\n";
    // Site macros that refer to each other, a limit and a limit set.
    text += "SITE_OWNER_" + std::to_string(i) + " = owner" + std::to_string(i) + "@$(UID_DOMAIN)\n";
    text += "SITE_NOTE_" + std::to_string(i) + " = group $(SITE_OWNER_" + std::to_string(i) + ")\n";
    text += "LIC" + std::to_string(i) + "_LIMIT = " + std::to_string(10 + i % 50) + "\n";
    text += "CONCURRENCY_LIMIT_DEFAULT_SET" + std::to_string(i) + " = 20\n";
    text += "SITE_FLAG_" + std::to_string(i) + " = " + (i % 2 ? "true" : "false") + "\n";
    text += "SITE_MAIL_" + std::to_string(i) + " = admin" + std::to_string(i % 10) + "@$(UID_DOMAIN)\n";
  }
  return text;
}

struct Figures {
  double median;
  double best;
};

Figures Summarise(std::vector<double>* millis) {
  std::sort(millis->begin(), millis->end());
  return {(*millis)[millis->size() / 2], millis->front()};
}

}  // namespace

int main(int argc, char** argv) {
  const int groups = argc > 1 ? std::max(10, std::atoi(argv[1])) : 1000;
  const int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
  const std::string text = MakeConfig(groups);
  policy::ConfigOptions options;
  options.getenv = [](std::string_view) { return std::optional<std::string>(); };
  options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  policy::lint::LintOptions lint_options;
  lint_options.read_source = [&text](const std::string& file) -> std::optional<std::string> {
    if (file == "bench.config") return text;
    return std::nullopt;
  };

  std::vector<double> read_ms, lint_ms, total_ms;
  size_t knobs = 0, diagnostics = 0;
  std::vector<policy::lint::Diagnostic> first;
  for (int r = 0; r < rounds; ++r) {
    const auto start = std::chrono::steady_clock::now();
    classad::Result<policy::Config> config = policy::ReadConfigText(text, "bench.config", options);
    if (!config.ok()) {
      std::fprintf(stderr, "lint_bench: %s\n", config.status().ToString().c_str());
      return 1;
    }
    read_ms.push_back(MillisSince(start));
    const auto lint_start = std::chrono::steady_clock::now();
    std::vector<policy::lint::Diagnostic> found = policy::lint::Lint(*config, lint_options);
    lint_ms.push_back(MillisSince(lint_start));
    total_ms.push_back(MillisSince(start));
    knobs = config->History().size();
    diagnostics = found.size();
    if (r == 0) first = std::move(found);
  }
  const Figures total = Summarise(&total_ms), read = Summarise(&read_ms), lint = Summarise(&lint_ms);
  std::printf("lint_bench: %d groups, %zu knob definitions, %zu bytes; %zu diagnostics\n", groups,
              knobs, text.size(), diagnostics);
  for (size_t i = 0; i < std::min<size_t>(first.size(), 5); ++i) {
    std::printf("  %s:%d:%d: %s [%s]\n", first[i].where.file.c_str(), first[i].where.line,
                first[i].where.column, first[i].message.c_str(), first[i].check.c_str());
  }
  std::printf("read + lint: median %.1f ms (best %.1f) over %d rounds; read %.1f ms, lint %.1f ms\n",
              total.median, total.best, rounds, read.median, lint.median);
  return 0;
}
