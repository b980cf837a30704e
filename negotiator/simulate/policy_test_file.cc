// Parsing `negotiator test` files (policy_test_file.h).
#include "negotiator/simulate/policy_test_file.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "policy/policy.h"

namespace negotiator {
namespace {

using classad::Status;
using classad::StatusCode;

constexpr unsigned Bit(Aggregate a) { return 1u << static_cast<unsigned>(a); }
constexpr unsigned kSeriesAggregates = Bit(Aggregate::kMin) | Bit(Aggregate::kMax) |
                                       Bit(Aggregate::kMean) | Bit(Aggregate::kP50) |
                                       Bit(Aggregate::kP95) | Bit(Aggregate::kP99);
constexpr unsigned kTotal = Bit(Aggregate::kTotal);
constexpr unsigned kSingle = Bit(Aggregate::kNone);

// Every metric. Series are per cycle (aggregated over the window's
// cycles); wait is per job (jobs arriving in the window);
// run_before_preemption per preemption.
constexpr MetricInfo kMetrics[] = {
    {"allocation", false, true, true, true, true, false, false, false, false, Aggregate::kNone,
     kSingle, "the group's allocation in the cycle's last round (slot weight)"},
    {"badput", true, false, true, false, false, false, false, false, false, Aggregate::kTotal,
     kTotal, "run lost to preemption, core-hours (of all jobs that arrived)"},
    {"fairness", true, false, false, false, false, false, false, false, false, Aggregate::kNone,
     kSingle, "Jain's index of the groups' usage / quota over the run"},
    {"idle", true, false, true, false, false, true, true, false, false, Aggregate::kMean,
     kSeriesAggregates, "idle jobs after each cycle"},
    {"matches", true, true, true, false, false, true, false, false, false, Aggregate::kTotal,
     kTotal, "matches made"},
    {"preemptions", true, true, true, false, false, true, false, false, false, Aggregate::kTotal,
     kTotal, "jobs preempted (of the party's jobs)"},
    {"quota", false, true, true, true, true, false, false, false, false, Aggregate::kNone, kSingle,
     "the group's effective quota in the cycle (slot weight)"},
    {"run_before_preemption", true, false, true, false, false, true, false, true, false,
     Aggregate::kMin,
     Bit(Aggregate::kMin) | Bit(Aggregate::kMean) | Bit(Aggregate::kMax),
     "how long each preempted job had run (of the party's jobs); none preempted: kept"},
    {"running", true, true, true, false, false, true, true, false, false, Aggregate::kMean,
     kSeriesAggregates | kSingle, "slot weight running after each cycle"},
    {"share", true, true, true, false, false, true, true, false, true, Aggregate::kMean,
     kSeriesAggregates | kSingle, "running slot weight / the pool's, after each cycle"},
    {"starved", true, false, true, true, true, true, false, true, false, Aggregate::kMax,
     Bit(Aggregate::kMax),
     "the longest stretch the group had idle jobs while running below its quota"},
    {"utilisation", true, true, false, false, false, true, false, false, true, Aggregate::kMean,
     kSeriesAggregates | kSingle, "claimed slot weight / the pool's, after each cycle"},
    {"wait", true, false, true, false, false, true, false, true, false, Aggregate::kMax,
     kSeriesAggregates, "arrival to first start, of the jobs that arrived in the window"},
};

Status ErrorAt(const std::string& path, int line, size_t column, const std::string& message) {
  return Status(StatusCode::kParseError, message,
                classad::SourceLocation{path, line, static_cast<int>(column) + 1});
}

// A token of an expect line and its column (0-based).
struct Token {
  std::string text;
  size_t column;
};

// Splits `line` from `start` into words, with ( ) : as words of their own.
std::vector<Token> Tokens(const std::string& line, size_t start) {
  std::vector<Token> out;
  size_t i = start;
  while (i < line.size()) {
    const char c = line[i];
    if (c == '#') break;
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '(' || c == ')' || c == ':') {
      out.push_back({std::string(1, c), i});
      ++i;
      continue;
    }
    const size_t begin = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' &&
           line[i] != '(' && line[i] != ')' && line[i] != '#') {
      ++i;
    }
    out.push_back({line.substr(begin, i - begin), begin});
  }
  return out;
}

std::optional<Aggregate> AggregateOf(std::string_view word) {
  for (Aggregate a : {Aggregate::kMin, Aggregate::kMax, Aggregate::kMean, Aggregate::kP50,
                      Aggregate::kP95, Aggregate::kP99, Aggregate::kTotal}) {
    if (word == AggregateName(a)) return a;
  }
  return std::nullopt;
}

std::optional<Comparator> ComparatorOf(std::string_view word) {
  for (Comparator c : {Comparator::kGe, Comparator::kLe, Comparator::kGt, Comparator::kLt,
                       Comparator::kEq, Comparator::kNe}) {
    if (word == ComparatorName(c)) return c;
  }
  return std::nullopt;
}

// Parses one expectation from `line` (after "expect").
classad::Result<Expectation> ParseExpect(const std::string& line, size_t after_keyword,
                                         const std::string& path, int number, bool snapshot) {
  Expectation e;
  e.where = classad::SourceLocation{path, number, static_cast<int>(line.find("expect")) + 1};
  auto error = [&](size_t column, const std::string& message) {
    return ErrorAt(path, number, column, message);
  };
  // The name: a quoted string.
  size_t i = line.find_first_not_of(" \t", after_keyword);
  if (i == std::string::npos || line[i] != '"') {
    return error(i == std::string::npos ? line.size() : i,
                 "an expectation starts with its name in double quotes: expect \"NAME\": ...");
  }
  const size_t close = line.find('"', i + 1);
  if (close == std::string::npos) return error(i, "the expectation's name has no closing quote");
  e.name = line.substr(i + 1, close - i - 1);
  if (e.name.empty()) return error(i, "the expectation's name is empty");
  std::vector<Token> t = Tokens(line, close + 1);
  size_t k = 0;
  auto at_end = [&]() { return k >= t.size(); };
  auto end_column = [&]() { return t.empty() ? close + 1 : t.back().column + t.back().text.size(); };
  if (at_end() || t[k].text != ":") return error(at_end() ? end_column() : t[k].column,
                                                 "expected ':' after the expectation's name");
  ++k;
  if (!at_end()) {
    e.text = line.substr(t[k].column);
    if (const size_t hash = e.text.find('#'); hash != std::string::npos) e.text.resize(hash);
    while (!e.text.empty() && (e.text.back() == ' ' || e.text.back() == '\t')) e.text.pop_back();
  }
  if (at_end()) return error(end_column(), "expected a metric after ':'");
  size_t aggregate_column = t[k].column;
  if (std::optional<Aggregate> a = AggregateOf(t[k].text)) {
    e.aggregate = *a;
    ++k;
  }
  if (at_end()) return error(end_column(), "expected a metric");
  const size_t metric_column = t[k].column;
  e.metric = t[k].text;
  const MetricInfo* metric = FindMetric(e.metric);
  if (metric == nullptr) {
    std::string names;
    for (const MetricInfo& m : kMetrics) names += (names.empty() ? "" : ", ") + std::string(m.name);
    return error(metric_column, "unknown metric '" + e.metric + "' (" + names + ")");
  }
  if (snapshot && !metric->in_snapshot) {
    return error(metric_column, "'" + e.metric +
                                    "' is measured over a simulation: give a workload, not jobs");
  }
  if (!snapshot && !metric->in_simulation) {
    return error(metric_column, "'" + e.metric + "' is measured on a snapshot's cycle: give "
                                                 "jobs (a snapshot), not a workload");
  }
  ++k;
  if (e.aggregate != Aggregate::kNone &&
      (metric->aggregates & Bit(e.aggregate)) == 0) {
    return error(aggregate_column, "'" + e.metric + "' does not take '" +
                                       AggregateName(e.aggregate) + "'");
  }
  // The party.
  if (!at_end() && t[k].text == "(") {
    const size_t open = t[k].column;
    if (!metric->takes_party) return error(open, "'" + e.metric + "' is the pool's: no party");
    if (k + 3 >= t.size() || t[k + 3].text != ")") {
      return error(open, "a party is written (group NAME) or (submitter NAME)");
    }
    e.party_kind = t[k + 1].text;
    e.party = t[k + 2].text;
    if (e.party_kind != "group" && e.party_kind != "submitter") {
      return error(t[k + 1].column, "a party is a group or a submitter, not '" + e.party_kind + "'");
    }
    if (metric->groups_only && e.party_kind != "group") {
      return error(t[k + 1].column, "'" + e.metric + "' is measured for groups only");
    }
    k += 4;
  } else if (metric->needs_party) {
    return error(at_end() ? end_column() : t[k].column,
                 "'" + e.metric + "' needs a party: " + e.metric + "(group NAME)");
  }
  // The window and `when demanding`.
  while (!at_end() && (t[k].text == "at" || t[k].text == "after" || t[k].text == "from" ||
                       t[k].text == "when")) {
    const Token& word = t[k];
    if (word.text == "when") {
      if (k + 1 >= t.size() || t[k + 1].text != "demanding") {
        return error(word.column, "expected 'when demanding'");
      }
      if (!metric->takes_demanding) {
        return error(word.column, "'" + e.metric + "' does not take 'when demanding'");
      }
      e.when_demanding = true;
      k += 2;
      continue;
    }
    if (!metric->takes_window || snapshot) {
      return error(word.column, snapshot ? "a snapshot is one cycle: it has no window"
                                         : "'" + e.metric + "' does not take a window");
    }
    if (e.from || e.to) return error(word.column, "the window is given twice");
    auto duration = [&](size_t index) -> classad::Result<int64_t> {
      if (index >= t.size()) return error(end_column(), "expected a duration");
      if (t[index].text == "0") return int64_t{0};
      classad::Result<int64_t> d = ParseDuration(t[index].text);
      if (!d.ok()) return error(t[index].column, d.status().message());
      return d;
    };
    if (word.text == "at" || word.text == "after") {
      classad::Result<int64_t> d = duration(k + 1);
      if (!d.ok()) return d.status();
      e.from = *d;
      if (word.text == "at") {
        e.to = *d;
        e.at = true;
      }
      k += 2;
    } else {
      classad::Result<int64_t> from = duration(k + 1);
      if (!from.ok()) return from.status();
      if (k + 2 >= t.size() || t[k + 2].text != "to") {
        return error(k + 2 < t.size() ? t[k + 2].column : end_column(), "expected 'to'");
      }
      classad::Result<int64_t> to = duration(k + 3);
      if (!to.ok()) return to.status();
      if (*to < *from) return error(t[k + 3].column, "the window ends before it starts");
      e.from = *from;
      e.to = *to;
      k += 4;
    }
  }
  if (e.at && (metric->aggregates & kSingle) == 0) {
    return error(metric_column, "'" + e.metric + "' is not measured at one cycle");
  }
  // The comparison.
  if (at_end()) return error(end_column(), "expected a comparison (>=, <=, >, <, ==, !=)");
  std::optional<Comparator> comparator = ComparatorOf(t[k].text);
  if (!comparator) {
    return error(t[k].column, "expected a comparison (>=, <=, >, <, ==, !=), found '" +
                                  t[k].text + "'");
  }
  e.comparator = *comparator;
  ++k;
  if (at_end()) return error(end_column(), "expected a value");
  const Token& value = t[k];
  e.value_text = value.text;
  std::string written = value.text;
  double scale = 1;
  if (!written.empty() && written.back() == '%') {
    if (!metric->fraction) {
      return error(value.column, "'" + e.metric + "' is not a fraction: no percentage");
    }
    written.pop_back();
    scale = 0.01;
  } else if (metric->seconds && !written.empty() && std::strchr("smhdw", written.back())) {
    classad::Result<int64_t> d = ParseDuration(written);
    if (!d.ok()) return error(value.column, d.status().message());
    written = std::to_string(*d);
  }
  char* end = nullptr;
  errno = 0;
  const double v = written.empty() ? 0 : std::strtod(written.c_str(), &end);
  if (written.empty() || *end != '\0' || errno != 0 || !std::isfinite(v)) {
    return error(value.column, "'" + value.text + "' is not a number" +
                                   (metric->seconds ? " or a duration" : "") +
                                   (metric->fraction ? " or a percentage" : ""));
  }
  e.value = v * scale;
  ++k;
  if (!at_end()) return error(t[k].column, "unexpected '" + t[k].text + "' after the value");
  return e;
}

std::string Resolved(const std::filesystem::path& folder, const std::string& value) {
  const std::filesystem::path p(value);
  return p.is_absolute() ? value : (folder / p).lexically_normal().string();
}

}  // namespace

const char* AggregateName(Aggregate a) {
  switch (a) {
    case Aggregate::kNone: return "";
    case Aggregate::kMin: return "min";
    case Aggregate::kMax: return "max";
    case Aggregate::kMean: return "mean";
    case Aggregate::kP50: return "p50";
    case Aggregate::kP95: return "p95";
    case Aggregate::kP99: return "p99";
    case Aggregate::kTotal: return "total";
  }
  return "";
}

const char* ComparatorName(Comparator c) {
  switch (c) {
    case Comparator::kGe: return ">=";
    case Comparator::kLe: return "<=";
    case Comparator::kGt: return ">";
    case Comparator::kLt: return "<";
    case Comparator::kEq: return "==";
    case Comparator::kNe: return "!=";
  }
  return "";
}

const MetricInfo* FindMetric(std::string_view name) {
  for (const MetricInfo& m : kMetrics) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

classad::Result<PolicyTestFile> ParsePolicyTestFile(std::string_view text,
                                                    const std::string& path) {
  PolicyTestFile file;
  file.path = path;
  file.inputs.options.duration = 7 * 86400;
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  // Expectations are parsed once the settings are known (a snapshot or not).
  struct Pending {
    std::string line;
    size_t after;
    int number;
  };
  std::vector<Pending> pending;
  std::istringstream in{std::string(text)};
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    if (line.compare(first, 6, "expect") == 0 &&
        (line.size() == first + 6 || line[first + 6] == ' ' || line[first + 6] == '\t')) {
      pending.push_back({line, first + 6, number});
      continue;
    }
    const size_t equals = line.find('=');
    if (equals == std::string::npos) {
      return ErrorAt(path, number, first,
                     "expected a setting (name = value) or an expectation (expect \"NAME\": ...)");
    }
    std::string name = line.substr(first, equals - first);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
    std::string value = line.substr(equals + 1);
    if (const size_t hash = value.find(" #"); hash != std::string::npos) value.resize(hash);
    const size_t v0 = value.find_first_not_of(" \t");
    const size_t v1 = value.find_last_not_of(" \t\r");
    value = v0 == std::string::npos ? "" : value.substr(v0, v1 - v0 + 1);
    const size_t value_column = v0 == std::string::npos ? line.size() : equals + 1 + v0;
    if (value.empty()) return ErrorAt(path, number, value_column, "'" + name + "' has no value");
    SimulationInputs& inputs = file.inputs;
    auto duration = [&](int64_t* out) -> Status {
      classad::Result<int64_t> d = ParseDuration(value);
      if (!d.ok()) return ErrorAt(path, number, value_column, d.status().message());
      *out = *d;
      return Status::Ok();
    };
    Status bad = Status::Ok();
    if (name == "config") {
      inputs.config_files.push_back(Resolved(folder, value));
    } else if (name == "slots") {
      inputs.slot_files.push_back(Resolved(folder, value));
    } else if (name == "workload") {
      if (!inputs.workload_file.empty()) {
        return ErrorAt(path, number, first, "one workload per test file");
      }
      inputs.workload_file = Resolved(folder, value);
    } else if (name == "jobs") {
      file.job_files.push_back(Resolved(folder, value));
    } else if (name == "format") {
      if (!ParseWorkloadFormat(value, &inputs.workload_format)) {
        bad = ErrorAt(path, number, value_column, "format is history or swf");
      }
    } else if (name == "swf-map") {
      inputs.swf_map_file = Resolved(folder, value);
    } else if (name == "run-time-attribute") {
      inputs.run_time_attribute = value;
    } else if (name == "accountant") {
      inputs.accountant.json_file = Resolved(folder, value);
    } else if (name == "state") {
      inputs.accountant.store =
          value.starts_with("postgresql:") ? value : Resolved(folder, value);
    } else if (name == "start" || name == "now") {
      char* end = nullptr;
      const long long v = std::strtoll(value.c_str(), &end, 10);
      if (*end != '\0' || v < 0) {
        bad = ErrorAt(path, number, value_column, "'" + value + "' is not an epoch second");
      } else {
        inputs.start = v;
      }
    } else if (name == "duration") {
      bad = duration(&inputs.options.duration);
    } else if (name == "interval") {
      bad = duration(&inputs.options.interval);
    } else if (name == "claim-reuse") {
      if (value == "true" || value == "false") {
        inputs.options.claim_reuse = value == "true";
      } else {
        bad = ErrorAt(path, number, value_column, "claim-reuse is true or false");
      }
    } else if (name == "htcondor-version") {
      if (Status set = policy::SetHTCondorRelease(value, &inputs.policy_options); !set.ok()) {
        bad = ErrorAt(path, number, value_column, set.message());
      }
    } else {
      bad = ErrorAt(path, number, first,
                    "unknown setting '" + name +
                        "' (config, slots, workload, jobs, format, swf-map, run-time-attribute, "
                        "accountant, state, start, duration, interval, claim-reuse, "
                        "htcondor-version)");
    }
    if (!bad.ok()) return bad;
  }
  // Errors about the whole file point at its last line (an empty file: 1).
  number = std::max(number, 1);
  const bool snapshot = !file.job_files.empty();
  if (snapshot && !file.inputs.workload_file.empty()) {
    return ErrorAt(path, 1, 0, "a test runs a workload (workload =) or a snapshot (jobs =), "
                               "not both");
  }
  for (const char* missing :
       {file.inputs.config_files.empty() ? "config" : nullptr,
        file.inputs.slot_files.empty() ? "slots" : nullptr,
        !snapshot && file.inputs.workload_file.empty() ? "workload (or jobs)" : nullptr}) {
    if (missing != nullptr) {
      return ErrorAt(path, number, 0, std::string("the test file names no ") + missing);
    }
  }
  for (const Pending& p : pending) {
    classad::Result<Expectation> e = ParseExpect(p.line, p.after, path, p.number, snapshot);
    if (!e.ok()) return e.status();
    file.expectations.push_back(std::move(e).value());
  }
  if (file.expectations.empty()) {
    return ErrorAt(path, number, 0, "the test file has no expectation (expect \"NAME\": ...)");
  }
  return file;
}

classad::Result<PolicyTestFile> ReadPolicyTestFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status(StatusCode::kIoError, path + ": cannot read: " + std::strerror(errno));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return ParsePolicyTestFile(text.str(), path);
}

}  // namespace negotiator
