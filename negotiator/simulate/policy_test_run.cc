// Running `negotiator test` files (policy_test_run.h).
#include "negotiator/simulate/policy_test_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <set>
#include <unordered_map>

#include "classad/json_writer.h"
#include "negotiator/simulate/simulation_report.h"

namespace negotiator {
namespace {

using classad::Status;

constexpr double kEpsilon = 1e-9;

bool Holds(Comparator c, double measured, double promised) {
  switch (c) {
    case Comparator::kGe: return measured >= promised - kEpsilon;
    case Comparator::kLe: return measured <= promised + kEpsilon;
    case Comparator::kGt: return measured > promised + kEpsilon;
    case Comparator::kLt: return measured < promised - kEpsilon;
    case Comparator::kEq: return std::fabs(measured - promised) <= kEpsilon;
    case Comparator::kNe: return std::fabs(measured - promised) > kEpsilon;
  }
  return false;
}

// How far `measured` is from breaking the promise (lower: worse), to pick
// the worst party of `*`.
double Slack(Comparator c, double measured, double promised) {
  switch (c) {
    case Comparator::kGe:
    case Comparator::kGt: return measured - promised;
    case Comparator::kLe:
    case Comparator::kLt: return promised - measured;
    case Comparator::kEq: return -std::fabs(measured - promised);
    case Comparator::kNe: return std::fabs(measured - promised);
  }
  return 0;
}

std::optional<double> Aggregated(Aggregate a, std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  switch (a) {
    case Aggregate::kNone:
    case Aggregate::kMean: {
      double sum = 0;
      for (double v : values) sum += v;
      return sum / static_cast<double>(values.size());
    }
    case Aggregate::kTotal: {
      double sum = 0;
      for (double v : values) sum += v;
      return sum;
    }
    case Aggregate::kMin: return *std::min_element(values.begin(), values.end());
    case Aggregate::kMax: return *std::max_element(values.begin(), values.end());
    case Aggregate::kP50:
    case Aggregate::kP95:
    case Aggregate::kP99: {
      std::sort(values.begin(), values.end());
      return NearestRank(values, a == Aggregate::kP50 ? 0.50 : a == Aggregate::kP95 ? 0.95 : 0.99);
    }
  }
  return std::nullopt;
}

// Measures expectations on a simulation.
class SimulationMeasure {
 public:
  explicit SimulationMeasure(const SimulationRun& run) : run_(run), r_(run.result) {
    for (const JobOutcome& job : r_.jobs) job_index_.emplace(job.id, &job);
  }

  // The parties of `kind` the run saw, in order.
  std::vector<std::string> Parties(const std::string& kind) const {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const CycleSample& c : r_.cycles) {
      if (kind == "group") {
        for (const GroupSample& g : c.groups) {
          if (g.name == "<none>" && g.quota == 0 && g.running + g.idle == 0) continue;
          if (seen.insert(g.name).second) out.push_back(g.name);
        }
      } else {
        for (const SubmitterSample& s : c.submitters) {
          if (seen.insert(s.name).second) out.push_back(s.name);
        }
      }
    }
    return out;
  }

  // The measured value for `party` (empty with no kind: the pool).
  std::optional<double> Measure(const Expectation& e, const std::string& party,
                                std::string* why) const {
    const MetricInfo& metric = *FindMetric(e.metric);
    const Aggregate aggregate =
        e.aggregate == Aggregate::kNone ? metric.default_aggregate : e.aggregate;
    const int64_t from = r_.start + e.from.value_or(0);
    const int64_t to = e.to ? r_.start + *e.to : r_.end;
    const std::string& kind = e.party_kind;
    if (e.metric == "fairness") return run_.metrics.jain_fairness;
    if (e.metric == "badput") {
      double hours = 0;
      for (const JobOutcome& job : r_.jobs) {
        if (Of(job, kind, party)) hours += BadputHours(job);
      }
      return hours;
    }
    if (e.metric == "wait") {
      std::vector<double> waits;
      for (const JobOutcome& job : r_.jobs) {
        if (job.arrival < from || job.arrival > to || !Of(job, kind, party)) continue;
        // A job never started has waited until the end so far.
        const int64_t started = job.first_start >= 0 ? job.first_start : r_.end;
        waits.push_back(static_cast<double>(std::max<int64_t>(0, started - job.arrival)));
      }
      if (waits.empty()) *why = "no job arrived in the window";
      return Aggregated(aggregate, std::move(waits));
    }
    if (e.metric == "preemptions" || e.metric == "run_before_preemption") {
      std::unordered_map<std::string, int64_t> started;
      std::vector<double> runs;
      for (const SimulationEvent& ev : r_.events) {
        if (ev.kind == EventKind::kStart) started[ev.job] = ev.time;
        if (ev.kind != EventKind::kPreemption || ev.time < from || ev.time > to) continue;
        auto job = job_index_.find(ev.job);
        if (job == job_index_.end() || !Of(*job->second, kind, party)) continue;
        runs.push_back(static_cast<double>(ev.time - started[ev.job]));
      }
      if (e.metric == "preemptions") return static_cast<double>(runs.size());
      if (runs.empty()) *why = "no job was preempted: the promise is kept";
      return Aggregated(aggregate, std::move(runs));
    }
    // Per cycle.
    std::vector<double> values;
    double streak = 0, longest = 0;
    bool seen = kind.empty();
    const CycleSample* at = nullptr;
    for (const CycleSample& c : r_.cycles) {
      if (c.time <= to) at = &c;  // `at`: the last cycle at or before the time
    }
    for (const CycleSample& c : r_.cycles) {
      if (e.at ? &c != at : (c.time < from || c.time > to)) continue;
      double running = 0, idle = 0, matches = 0, quota = 0;
      if (kind.empty()) {
        running = c.busy_weight;
        matches = static_cast<double>(c.matches);
        for (const SubmitterSample& s : c.submitters) idle += static_cast<double>(s.idle);
      } else if (kind == "group") {
        for (const GroupSample& g : c.groups) {
          if (g.name != party) continue;
          seen = true;
          running = g.running_weight;
          idle = static_cast<double>(g.idle);
          matches = static_cast<double>(g.matches);
          quota = g.quota;
        }
      } else {
        for (const SubmitterSample& s : c.submitters) {
          if (s.name != party) continue;
          seen = true;
          running = s.running_weight;
          idle = static_cast<double>(s.idle);
          matches = static_cast<double>(s.matches);
        }
      }
      if (e.metric == "starved") {
        if (idle > 0 && running < quota - kEpsilon) {
          streak += static_cast<double>(r_.interval);
          longest = std::max(longest, streak);
        } else {
          streak = 0;
        }
        continue;
      }
      if (e.when_demanding && idle <= 0) continue;
      const double pool = c.pool_weight > 0 ? c.pool_weight : 1;
      if (e.metric == "share" || e.metric == "utilisation") {
        values.push_back(running / pool);
      } else if (e.metric == "running") {
        values.push_back(running);
      } else if (e.metric == "idle") {
        values.push_back(idle);
      } else if (e.metric == "matches") {
        values.push_back(matches);
      }
    }
    if (!seen) {
      *why = "the run has no " + kind + " '" + party + "'";
      return std::nullopt;
    }
    if (e.metric == "starved") return longest;
    if (values.empty()) {
      *why = e.when_demanding ? "it never had idle jobs in the window" : "no cycle in the window";
      if (e.metric == "matches") return 0.0;
    }
    return Aggregated(aggregate, std::move(values));
  }

 private:
  static bool Of(const JobOutcome& job, const std::string& kind, const std::string& party) {
    if (kind.empty()) return true;
    return kind == "group" ? job.group == party : job.submitter == party;
  }
  const SimulationRun& run_;
  const SimulationResult& r_;
  std::unordered_map<std::string, const JobOutcome*> job_index_;
};

// Measures expectations on a snapshot's cycle.
class CycleMeasure {
 public:
  explicit CycleMeasure(const CycleResult& c) : c_(c) {
    for (const SubmitterOutcome& s : c.submitters) group_of_[s.name] = s.group;
  }
  std::vector<std::string> Parties(const std::string& kind) const {
    std::vector<std::string> out;
    if (kind == "group") {
      for (const GroupQuotaReport& g : c_.groups) {
        if (g.name == "<none>" && g.quota == 0 && g.demand == 0) continue;
        out.push_back(g.name);
      }
    } else {
      for (const SubmitterOutcome& s : c_.submitters) out.push_back(s.name);
    }
    return out;
  }
  std::optional<double> Measure(const Expectation& e, const std::string& party,
                                std::string* why) const {
    const std::string& kind = e.party_kind;
    const double pool = c_.pool_size > 0 ? c_.pool_size : 1;
    if (e.metric == "matches" || e.metric == "preemptions") {
      double count = 0;
      for (const CycleMatch& m : c_.matches) {
        const bool preempting = !m.preempted_user.empty();
        if (e.metric == "preemptions" && !preempting) continue;
        // Matches count for whom they were made, preemptions for whom they hit.
        const std::string& user = e.metric == "matches" ? m.submitter : m.preempted_user;
        const std::string group =
            e.metric == "matches" ? m.group : GroupOf(m.preempted_user);
        if (kind.empty() || (kind == "group" ? group == party : user == party)) count += 1;
      }
      return count;
    }
    double running = 0;
    bool seen = kind.empty();
    if (kind.empty() || kind == "submitter") {
      for (const SubmitterOutcome& s : c_.submitters) {
        if (!kind.empty() && s.name != party) continue;
        seen = true;
        running += s.usage_end;
      }
    }
    for (const GroupQuotaReport& g : c_.groups) {
      if (kind != "group" || g.name != party) continue;
      seen = true;
      running = g.usage_end;
      if (e.metric == "allocation") return g.rounds.empty() ? 0 : g.rounds.back().allocated;
      if (e.metric == "quota") return g.quota;
    }
    if (!seen) {
      *why = "the cycle has no " + kind + " '" + party + "'";
      return std::nullopt;
    }
    if (e.metric == "running") return running;
    return running / pool;  // share, utilisation
  }

 private:
  std::string GroupOf(const std::string& user) const {
    auto it = group_of_.find(user);
    return it == group_of_.end() ? "<none>" : it->second;
  }
  const CycleResult& c_;
  std::map<std::string, std::string> group_of_;
};

template <typename Measure>
ExpectationResult Check(const Expectation& e, const Measure& measure) {
  ExpectationResult out;
  out.expectation = e;
  std::vector<std::string> parties;
  if (e.party_kind.empty()) {
    parties.push_back("");
  } else if (e.party == "*") {
    parties = measure.Parties(e.party_kind);
    if (parties.empty()) {
      out.detail = "the run has no " + e.party_kind;
      return out;
    }
  } else {
    parties.push_back(e.party);
  }
  std::vector<std::string> failing;
  double worst_slack = INFINITY;
  bool any_measured = false;
  for (const std::string& party : parties) {
    std::string why;
    const std::optional<double> value = measure.Measure(e, party, &why);
    bool kept;
    if (!value) {
      // Nothing to measure: kept only when there was nothing to go wrong.
      kept = e.metric == "run_before_preemption" && why.find("kept") != std::string::npos;
      if (!kept) failing.push_back(party.empty() ? why : party + " (" + why + ")");
      if (!any_measured && out.party.empty()) {
        out.party = party;
        out.detail = why;
      }
      continue;
    }
    kept = Holds(e.comparator, *value, e.value);
    if (!kept) failing.push_back(party);
    const double slack = Slack(e.comparator, *value, e.value);
    if (!any_measured || slack < worst_slack) {
      worst_slack = slack;
      out.measured = value;
      out.party = party;
      any_measured = true;
      out.detail.clear();
    }
  }
  out.passed = failing.empty();
  if (parties.size() > 1 && !failing.empty()) {
    std::string names;
    for (const std::string& f : failing) names += (names.empty() ? "" : ", ") + f;
    out.detail = std::to_string(failing.size()) + " of " + std::to_string(parties.size()) + " " +
                 e.party_kind + "s do not keep it: " + names;
  } else if (!failing.empty() && !any_measured && out.detail.empty()) {
    out.detail = failing.front();
  }
  return out;
}

std::string Measured(const ExpectationResult& r) {
  if (!r.measured) return "none";
  const MetricInfo* metric = FindMetric(r.expectation.metric);
  char buffer[96];
  const double v = *r.measured;
  if (metric != nullptr && metric->seconds) {
    std::snprintf(buffer, sizeof buffer, "%.0f s", v);
  } else if (metric != nullptr && metric->fraction) {
    std::snprintf(buffer, sizeof buffer, "%.4g (%.1f %%)", v, 100 * v);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
  }
  return buffer;
}

std::string Where(const classad::SourceLocation& at) {
  return at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

std::string XmlEscape(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // XML 1.0 allows no control characters but tab, newline and return.
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
          out += '?';
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

std::string FailureMessage(const ExpectationResult& r) {
  std::string message = "measured " + Measured(r);
  if (!r.party.empty()) message += " for " + r.party;
  message += ", expected " + std::string(ComparatorName(r.expectation.comparator)) + " " +
             r.expectation.value_text;
  if (!r.detail.empty()) message += "; " + r.detail;
  return message;
}

}  // namespace

std::vector<ExpectationResult> CheckExpectations(const PolicyTestFile& file,
                                                 const SimulationRun* run,
                                                 const CycleRun* cycle) {
  // Each measure indexes the run once, for all the file's expectations.
  std::vector<ExpectationResult> out;
  if (run != nullptr) {
    const SimulationMeasure measure(*run);
    for (const Expectation& e : file.expectations) out.push_back(Check(e, measure));
  } else if (cycle != nullptr) {
    const CycleMeasure measure(cycle->result);
    for (const Expectation& e : file.expectations) out.push_back(Check(e, measure));
  }
  return out;
}

PolicyTestResult RunPolicyTest(const std::string& path) {
  PolicyTestResult out;
  out.path = path;
  const auto began = std::chrono::steady_clock::now();
  classad::Result<PolicyTestFile> file = ReadPolicyTestFile(path);
  if (!file.ok()) {
    out.error = file.status();
    return out;
  }
  if (file->job_files.empty()) {
    classad::Result<SimulationRun> run = RunSimulationFromFiles(file->inputs);
    if (!run.ok()) {
      out.error = run.status();
    } else {
      out.results = CheckExpectations(*file, &*run, nullptr);
    }
  } else {
    const int64_t now = file->inputs.start.value_or(static_cast<int64_t>(std::time(nullptr)));
    classad::Result<CycleRun> cycle =
        RunReadOnlyCycle(file->inputs.config_files, file->inputs, file->job_files, now);
    if (!cycle.ok()) {
      out.error = cycle.status();
    } else {
      out.results = CheckExpectations(*file, nullptr, &*cycle);
    }
  }
  out.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return out;
}

std::string FormatPolicyTestText(const std::vector<PolicyTestResult>& results, bool verbose) {
  std::string out;
  size_t passed = 0, failed = 0, errors = 0;
  for (const PolicyTestResult& file : results) {
    if (!file.error.ok()) {
      ++errors;
      const classad::SourceLocation& at = file.error.where();
      out += (at.file.empty() ? file.path : Where(at)) + ": error: " + file.error.message() +
             " [negotiator-test]\n";
      continue;
    }
    for (const ExpectationResult& r : file.results) {
      const Expectation& e = r.expectation;
      if (r.passed) {
        ++passed;
        if (verbose) {
          out += Where(e.where) + ": note: " + e.name + ": passed, measured " + Measured(r) +
                 (r.party.empty() ? "" : " for " + r.party) + " (" + e.text + ")" +
                 (r.detail.empty() ? "" : "; " + r.detail) + "\n";
        }
      } else {
        ++failed;
        out += Where(e.where) + ": error: " + e.name + ": " + FailureMessage(r) + " (" + e.text +
               ") [negotiator-test]\n";
      }
    }
  }
  const size_t total = passed + failed;
  if (!out.empty()) out += "--------------------------------------------------------------------------------\n";
  out += "PASS: " + std::to_string(passed) + "/" + std::to_string(total) + "\n";
  if (failed > 0) out += "FAIL: " + std::to_string(failed) + "/" + std::to_string(total) + "\n";
  if (errors > 0) out += "ERROR: " + std::to_string(errors) + " test file(s) could not run\n";
  return out;
}

std::string FormatPolicyTestJson(const std::vector<PolicyTestResult>& results) {
  classad::JsonWriter json;
  int64_t passed = 0, failed = 0, errors = 0;
  json.BeginObject();
  json.Key("files");
  json.BeginArray();
  for (const PolicyTestResult& file : results) {
    json.BeginObject();
    json.Key("path");
    json.String(file.path);
    if (!file.error.ok()) {
      ++errors;
      json.Key("error");
      json.BeginObject();
      json.Key("message");
      json.String(file.error.message());
      json.Key("file");
      json.String(file.error.where().file);
      json.Key("line");
      json.Integer(file.error.where().line);
      json.Key("column");
      json.Integer(file.error.where().column);
      json.EndObject();
    }
    json.Key("expectations");
    json.BeginArray();
    for (const ExpectationResult& r : file.results) {
      (r.passed ? passed : failed) += 1;
      const Expectation& e = r.expectation;
      json.BeginObject();
      json.Key("name");
      json.String(e.name);
      json.Key("line");
      json.Integer(e.where.line);
      json.Key("column");
      json.Integer(e.where.column);
      json.Key("expectation");
      json.String(e.text);
      json.Key("passed");
      json.Bool(r.passed);
      json.Key("measured");
      if (r.measured) {
        json.Number(*r.measured);
      } else {
        json.Null();
      }
      json.Key("party");
      json.String(r.party);
      json.Key("expected");
      json.String(std::string(ComparatorName(e.comparator)) + " " + e.value_text);
      json.Key("detail");
      json.String(r.detail);
      json.EndObject();
    }
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
  json.Key("passed");
  json.Integer(passed);
  json.Key("failed");
  json.Integer(failed);
  json.Key("errors");
  json.Integer(errors);
  json.EndObject();
  return json.text();
}

std::string FormatPolicyTestJunit(const std::vector<PolicyTestResult>& results) {
  size_t tests = 0, failures = 0, errors = 0;
  double seconds = 0;
  std::string suites;
  char time[32];
  for (const PolicyTestResult& file : results) {
    std::snprintf(time, sizeof time, "%.3f", file.seconds);
    seconds += file.seconds;
    size_t file_failures = 0;
    std::string cases;
    if (!file.error.ok()) {
      ++errors;
      ++tests;
      cases += "    <testcase name=\"(reading and running the test file)\" classname=\"" +
               XmlEscape(file.path) + "\" time=\"" + time + "\">\n      <error message=\"" +
               XmlEscape(file.error.message()) + "\" type=\"error\">" +
               XmlEscape(file.error.ToString()) + "</error>\n    </testcase>\n";
    }
    for (const ExpectationResult& r : file.results) {
      ++tests;
      cases += "    <testcase name=\"" + XmlEscape(r.expectation.name) + "\" classname=\"" +
               XmlEscape(file.path) + "\" file=\"" + XmlEscape(file.path) + "\" line=\"" +
               std::to_string(r.expectation.where.line) + "\"";
      if (r.passed) {
        cases += "/>\n";
        continue;
      }
      ++failures;
      ++file_failures;
      cases += ">\n      <failure message=\"" + XmlEscape(FailureMessage(r)) +
               "\" type=\"expectation\">" + XmlEscape(Where(r.expectation.where) + ": " +
                                                       r.expectation.text + "\n" +
                                                       FailureMessage(r)) +
               "</failure>\n    </testcase>\n";
    }
    const size_t file_tests = file.results.size() + (file.error.ok() ? 0 : 1);
    suites += "  <testsuite name=\"" + XmlEscape(file.path) + "\" tests=\"" +
              std::to_string(file_tests) + "\" failures=\"" + std::to_string(file_failures) +
              "\" errors=\"" + (file.error.ok() ? "0" : "1") + "\" skipped=\"0\" time=\"" + time +
              "\">\n" + cases + "  </testsuite>\n";
  }
  std::snprintf(time, sizeof time, "%.3f", seconds);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"negotiator test\" tests=\"" +
         std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"" +
         std::to_string(errors) + "\" time=\"" + time + "\">\n" + suites + "</testsuites>\n";
}

int PolicyTestExitStatus(const std::vector<PolicyTestResult>& results) {
  int status = 0;
  for (const PolicyTestResult& file : results) {
    if (!file.error.ok()) return 3;
    for (const ExpectationResult& r : file.results) {
      if (!r.passed) status = 2;
    }
  }
  return status;
}

}  // namespace negotiator
