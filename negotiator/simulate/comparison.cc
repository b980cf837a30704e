// `negotiator compare` (comparison.h).
#include "negotiator/simulate/comparison.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "classad/json_writer.h"
#include "negotiator/explain/dirac_report.h"
#include "negotiator/snapshot_cycle.h"
#include "policy/config_file_system.h"
#include "policy/config_reader.h"
#include "policy/load_policy.h"

namespace negotiator {
namespace {

using classad::Status;
using classad::StatusCode;

// Collects figures in the order first added, each party's under A and B.
class FigureTable {
 public:
  void Set(const std::string& kind, const std::string& party, const std::string& figure,
           bool side_b, double value) {
    const auto key = std::make_tuple(kind, party, figure);
    auto it = index_.find(key);
    if (it == index_.end()) {
      it = index_.emplace(key, rows_.size()).first;
      rows_.push_back(ComparedFigure{kind, party, figure, std::nullopt, std::nullopt});
    }
    (side_b ? rows_[it->second].b : rows_[it->second].a) = value;
  }
  // The rows: the pool's, then groups', then submitters', each kind in the
  // order its parties were first seen.
  std::vector<ComparedFigure> Take() {
    std::stable_sort(rows_.begin(), rows_.end(), [](const auto& x, const auto& y) {
      auto rank = [](const std::string& kind) { return kind == "pool" ? 0 : kind == "group" ? 1 : 2; };
      return rank(x.kind) < rank(y.kind);
    });
    return std::move(rows_);
  }

 private:
  std::map<std::tuple<std::string, std::string, std::string>, size_t> index_;
  std::vector<ComparedFigure> rows_;
};

// Mean running weight (and allocation, for groups) per party over the cycles.
struct MeanUse {
  std::map<std::string, double> group_running, group_allocated, submitter_running;
};
MeanUse MeanUseOf(const SimulationResult& r) {
  MeanUse out;
  for (const CycleSample& c : r.cycles) {
    for (const GroupSample& g : c.groups) {
      out.group_running[g.name] += g.running_weight;
      out.group_allocated[g.name] += g.allocated;
    }
    for (const SubmitterSample& s : c.submitters) out.submitter_running[s.name] += s.running_weight;
  }
  const double cycles = r.cycles.empty() ? 1 : static_cast<double>(r.cycles.size());
  for (auto* m : {&out.group_running, &out.group_allocated, &out.submitter_running}) {
    for (auto& [name, v] : *m) v /= cycles;
  }
  return out;
}

void AddSimulation(const SimulationRun& run, bool side_b, FigureTable* t) {
  const SimulationMetrics& m = run.metrics;
  auto pool = [&](const char* figure, double v) { t->Set("pool", "", figure, side_b, v); };
  pool("utilisation (%)", 100 * m.utilisation);
  pool("mean wait (s)", m.wait.mean);
  pool("p95 wait (s)", static_cast<double>(m.wait.p95));
  pool("max wait (s)", static_cast<double>(m.wait.max));
  pool("jobs done", static_cast<double>(m.done));
  pool("jobs never started", static_cast<double>(m.waiting_at_end.jobs));
  pool("mean bounded slowdown", m.mean_bounded_slowdown);
  pool("preemptions", static_cast<double>(m.preemptions));
  pool("badput (core-hours)", m.badput_hours);
  pool("Jain's fairness (usage / quota)", m.jain_fairness);
  pool("matches", static_cast<double>(m.matches));
  pool("claims reused", static_cast<double>(m.claims_reused));
  const MeanUse use = MeanUseOf(run.result);
  for (const PartyFigures& g : m.groups) {
    if (g.arrived == 0 && g.quota == 0) continue;  // nothing to compare (often "<none>")
    auto set = [&](const char* figure, double v) { t->Set("group", g.name, figure, side_b, v); };
    if (auto it = use.group_running.find(g.name); it != use.group_running.end()) {
      set("mean running weight", it->second);
    }
    if (auto it = use.group_allocated.find(g.name); it != use.group_allocated.end()) {
      set("mean allocation", it->second);
    }
    set("usage / quota", g.usage_over_quota);
    set("max share deviation", g.max_share_deviation);
    set("mean wait (s)", g.wait.mean);
    set("p95 wait (s)", static_cast<double>(g.wait.p95));
    set("jobs done", static_cast<double>(g.done));
    set("preemptions", static_cast<double>(g.preemptions));
  }
  for (const PartyFigures& s : m.submitters) {
    auto set = [&](const char* figure, double v) { t->Set("submitter", s.name, figure, side_b, v); };
    if (auto it = use.submitter_running.find(s.name); it != use.submitter_running.end()) {
      set("mean running weight", it->second);
    }
    set("mean wait (s)", s.wait.mean);
    set("p95 wait (s)", static_cast<double>(s.wait.p95));
    set("jobs done", static_cast<double>(s.done));
    set("preemptions", static_cast<double>(s.preemptions));
  }
}

void AddCycle(const CycleResult& c, bool side_b, FigureTable* t) {
  double claimed = 0;
  for (const SubmitterOutcome& s : c.submitters) claimed += s.usage_end;
  t->Set("pool", "", "matches", side_b, static_cast<double>(c.matches.size()));
  t->Set("pool", "", "preemptions", side_b, static_cast<double>(c.preemptions));
  t->Set("pool", "", "claimed weight after", side_b, claimed);
  t->Set("pool", "", "pool weight", side_b, c.pool_size);
  std::map<std::string, int64_t> group_matches;
  for (const CycleMatch& m : c.matches) ++group_matches[m.group];
  for (const GroupQuotaReport& g : c.groups) {
    auto set = [&](const char* figure, double v) { t->Set("group", g.name, figure, side_b, v); };
    set("effective quota", g.quota);
    set("demand", g.demand);
    set("allocation", g.rounds.empty() ? 0 : g.rounds.back().allocated);
    set("usage after", g.usage_end);
    set("matches", static_cast<double>(group_matches[g.name]));
  }
  for (const SubmitterOutcome& s : c.submitters) {
    auto set = [&](const char* figure, double v) { t->Set("submitter", s.name, figure, side_b, v); };
    // A share model's own priority (DIRAC's: the sum of the submitter's
    // task-queue priorities) is another figure than the pie's EUP.
    set(c.share_records.empty() ? "EUP" : "task-queue priority", s.priority);
    set("share", s.share);
    set("limit", s.limit);
    set("matches", static_cast<double>(s.matches));
    set("usage after", s.usage_end);
  }
}

// Adds "configuration A: " to an error's message.
Status Named(const std::string& label, const Status& s) {
  return Status(s.code(), "configuration " + label + ": " + s.message(), s.where());
}

std::string Number(std::optional<double> v) {
  if (!v) return "-";
  char buffer[64];
  if (std::fabs(*v) >= 1e6 || (*v != 0 && std::fabs(*v) < 1e-3)) {
    std::snprintf(buffer, sizeof buffer, "%.4g", *v);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.3f", *v);
    std::string text = buffer;
    while (text.find('.') != std::string::npos && (text.back() == '0' || text.back() == '.')) {
      const bool dot = text.back() == '.';
      text.pop_back();
      if (dot) break;
    }
    return text == "-0" ? "0" : text;
  }
  return buffer;
}

std::optional<double> Difference(const ComparedFigure& f) {
  if (!f.a || !f.b) return std::nullopt;
  return *f.b - *f.a;
}

std::string Where(const policy::KnobSide& side) {
  if (!side.error.empty()) return "error: " + side.error;
  if (side.where.file.empty()) return side.value ? "default" : "not set";
  return side.where.file + ":" + std::to_string(side.where.line);
}

std::string PartyTitle(const ComparedFigure& f) {
  return f.kind == "pool" ? std::string("pool") : f.kind + " " + f.party;
}

// What one side's share model recorded: a snapshot's cycle, or a
// simulation's last cycle (with `*time` set); null when that side ran
// neither.
const std::vector<std::shared_ptr<const ShareRecords>>* SideRecords(const Comparison& c,
                                                                     bool side_b,
                                                                     std::optional<int64_t>* time) {
  const std::optional<CycleRun>& cycle = side_b ? c.cycle_b : c.cycle_a;
  if (cycle.has_value()) return &cycle->result.share_records;
  const std::optional<SimulationRun>& run = side_b ? c.simulation_b : c.simulation_a;
  if (!run.has_value()) return nullptr;
  *time = run->result.last_share_records_time;
  return &run->result.last_share_records;
}

// The heading of one side's records: "dirac: what its share model
// recorded", and for a simulation "in the simulation's last cycle (time T)".
std::string RecordsHeading(const Comparison& c, bool side_b, std::optional<int64_t> time) {
  std::string out = (side_b ? c.label_b : c.label_a) + ": what its share model recorded";
  if (time) out += " in the simulation's last cycle (time " + std::to_string(*time) + ")";
  return out;
}

}  // namespace

std::vector<ComparedFigure> CompareSimulations(const SimulationRun& a, const SimulationRun& b) {
  FigureTable table;
  AddSimulation(a, false, &table);
  AddSimulation(b, true, &table);
  return table.Take();
}

std::vector<ComparedFigure> CompareCycles(const CycleResult& a, const CycleResult& b) {
  FigureTable table;
  AddCycle(a, false, &table);
  AddCycle(b, true, &table);
  return table.Take();
}

classad::Result<CycleRun> RunReadOnlyCycle(const std::vector<std::string>& config,
                                           const SimulationInputs& inputs,
                                           const std::vector<std::string>& job_files,
                                           int64_t now) {
  SnapshotCycleInputs in;
  in.config_files = config;
  in.policy_options = inputs.policy_options;
  in.slot_files = inputs.slot_files;
  in.job_files = job_files;
  in.accountant_json = inputs.accountant.json_file;
  in.state = inputs.accountant.store;
  in.commit = false;
  in.now = now;
  in.threads = inputs.options.threads;
  // The stored table is the quota map of the cycle before: the next cycle
  // of a running negotiator, after a reconfiguration for configuration B.
  in.restarted = inputs.options.restarted;
  in.share_model = inputs.options.share_model;
  classad::Result<SnapshotCycles> ran = RunSnapshotCycles(in);
  if (!ran.ok()) return ran.status();
  return CycleRun{ran->policy, std::move(ran->cycles.front())};
}

ComparisonInputProblem FindComparisonInputProblem(const ComparisonInputs& inputs,
                                                  bool models_differ) {
  using Problem = ComparisonInputProblem;
  if (inputs.config_a.empty()) return Problem::kNoConfigA;
  if (inputs.config_b.empty() && !models_differ) return Problem::kNoConfigB;
  if (inputs.simulation.slot_files.empty()) return Problem::kNoSlots;
  if (inputs.job_files.empty() == inputs.simulation.workload_file.empty()) {
    return Problem::kNotJobsOrWorkload;
  }
  if (!inputs.simulation.accountant.store.empty() &&
      !inputs.simulation.accountant.json_file.empty()) {
    return Problem::kStateAndAccountant;
  }
  return Problem::kNone;
}

const char* ComparisonInputProblemText(ComparisonInputProblem problem) {
  switch (problem) {
    case ComparisonInputProblem::kNone:
      return "the comparison's inputs can run";
    case ComparisonInputProblem::kNoConfigA:
      return "side A's configuration (config_a) is required";
    case ComparisonInputProblem::kNoConfigB:
      return "side B's configuration (config_b) is required unless the sides' models differ";
    case ComparisonInputProblem::kNoSlots:
      return "slot ads are required";
    case ComparisonInputProblem::kNotJobsOrWorkload:
      return "give job ads (a snapshot) or a workload (a simulation), one of them";
    case ComparisonInputProblem::kStateAndAccountant:
      return "give an accountant store or an accountant file, not both";
  }
  return "unknown problem";
}

std::string DefaultComparisonTitle(const std::string& label_a, const std::string& label_b) {
  return "Comparison of " + label_a + " and " + label_b;
}

classad::Result<Comparison> RunComparison(const ComparisonInputs& inputs) {
  if (const ComparisonInputProblem problem =
          FindComparisonInputProblem(inputs, inputs.model_a != inputs.model_b);
      problem != ComparisonInputProblem::kNone) {
    return Status(StatusCode::kInvalidArgument, ComparisonInputProblemText(problem));
  }
  Comparison out;
  out.label_a = inputs.label_a;
  out.label_b = inputs.label_b;
  out.model_a = inputs.model_a;
  out.model_b = inputs.model_b;
  const std::vector<std::string>& config_b_files =
      inputs.config_b.empty() ? inputs.config_a : inputs.config_b;
  SimulationInputs side_a = inputs.simulation;
  side_a.options.share_model = inputs.share_model_a;
  side_a.config_files = inputs.config_a;
  SimulationInputs side_b = inputs.simulation;
  side_b.options.share_model = inputs.share_model_b;
  side_b.config_files = config_b_files;
  // The knobs first: a configuration that cannot be read is known at once.
  const policy::ConfigOptions options = policy::DaemonConfigOptions("NEGOTIATOR");
  classad::Result<policy::Config> config_a = policy::ReadToolConfig(inputs.config_a, options);
  if (!config_a.ok()) return Named(inputs.label_a, config_a.status());
  classad::Result<policy::Config> config_b = policy::ReadToolConfig(config_b_files, options);
  if (!config_b.ok()) return Named(inputs.label_b, config_b.status());
  out.knobs = policy::DiffConfigs(*config_a, *config_b);

  if (!inputs.job_files.empty()) {
    const int64_t now =
        inputs.simulation.start.value_or(static_cast<int64_t>(std::time(nullptr)));
    classad::Result<CycleRun> a = RunReadOnlyCycle(inputs.config_a, side_a, inputs.job_files, now);
    if (!a.ok()) return Named(inputs.label_a, a.status());
    classad::Result<CycleRun> b = RunReadOnlyCycle(config_b_files, side_b, inputs.job_files, now);
    if (!b.ok()) return Named(inputs.label_b, b.status());
    out.figures = CompareCycles(a->result, b->result);
    out.cycle_a = std::move(a).value();
    out.cycle_b = std::move(b).value();
    return out;
  }
  out.simulated = true;
  classad::Result<SimulationRun> a = RunSimulationFromFiles(side_a);
  if (!a.ok()) return Named(inputs.label_a, a.status());
  classad::Result<SimulationRun> b = RunSimulationFromFiles(side_b);
  if (!b.ok()) return Named(inputs.label_b, b.status());
  out.figures = CompareSimulations(*a, *b);
  out.simulation_a = std::move(a).value();
  out.simulation_b = std::move(b).value();
  return out;
}

std::string FormatComparisonText(const Comparison& c) {
  std::string out = "Comparing A = " + c.label_a + " with B = " + c.label_b + ", " +
                    (c.simulated ? "each simulated on the same workload"
                                 : "each running one cycle on the same snapshot") +
                    "\n\n";
  if (c.model_a != c.model_b) {
    out += "Share models: A " + c.model_a + ", B " + c.model_b + "\n";
  }
  char line[512];
  if (c.knobs.empty()) {
    out += "No knob differs.\n";
  } else {
    out += "Knobs that differ (" + std::to_string(c.knobs.size()) + "):\n";
    for (const policy::KnobDifference& k : c.knobs) {
      out += "  " + k.name + (k.negotiator_reads ? "" : " (not read by the negotiator)") + "\n";
      out += "    A: " + k.a.value.value_or("(not set)") + "  [" + Where(k.a) + "]\n";
      out += "    B: " + k.b.value.value_or("(not set)") + "  [" + Where(k.b) + "]\n";
    }
  }
  std::string party;
  for (const ComparedFigure& f : c.figures) {
    const std::string title = PartyTitle(f);
    if (title != party) {
      party = title;
      std::snprintf(line, sizeof line, "\n%-40.40s %14s %14s %14s\n", title.c_str(), "A", "B",
                    "B - A");
      out += line;
    }
    std::snprintf(line, sizeof line, "  %-38.38s %14s %14s %14s\n", f.figure.c_str(),
                  Number(f.a).c_str(), Number(f.b).c_str(), Number(Difference(f)).c_str());
    out += line;
  }
  // What each side's share model recorded (DIRAC's task queues, step by
  // step): a snapshot's cycle, or a simulation's last.
  for (bool side_b : {false, true}) {
    std::optional<int64_t> time;
    const auto* records = SideRecords(c, side_b, &time);
    if (records == nullptr || records->empty()) continue;
    out += "\n== " + RecordsHeading(c, side_b, time) + "\n";
    out += explain::ShareRecordsText(*records);
  }
  return out;
}

std::string FormatComparisonJson(const Comparison& c) {
  classad::JsonWriter json;
  json.BeginObject();
  json.Key("a");
  json.String(c.label_a);
  json.Key("b");
  json.String(c.label_b);
  json.Key("mode");
  json.String(c.simulated ? "simulation" : "cycle");
  json.Key("model_a");
  json.String(c.model_a);
  json.Key("model_b");
  json.String(c.model_b);
  json.Key("knobs");
  json.BeginArray();
  for (const policy::KnobDifference& k : c.knobs) {
    json.BeginObject();
    json.Key("name");
    json.String(k.name);
    json.Key("negotiator_reads");
    json.Bool(k.negotiator_reads);
    for (auto [key, side] : {std::pair<const char*, const policy::KnobSide*>{"a", &k.a},
                             {"b", &k.b}}) {
      json.Key(key);
      json.BeginObject();
      json.Key("value");
      if (side->value) {
        json.String(*side->value);
      } else {
        json.Null();
      }
      json.Key("file");
      json.String(side->where.file);
      json.Key("line");
      json.Integer(side->where.line);
      if (!side->error.empty()) {
        json.Key("error");
        json.String(side->error);
      }
      json.EndObject();
    }
    json.EndObject();
  }
  json.EndArray();
  json.Key("figures");
  json.BeginArray();
  for (const ComparedFigure& f : c.figures) {
    json.BeginObject();
    json.Key("kind");
    json.String(f.kind);
    json.Key("party");
    json.String(f.party);
    json.Key("figure");
    json.String(f.figure);
    for (auto [key, v] : {std::pair<const char*, std::optional<double>>{"a", f.a},
                          {"b", f.b},
                          {"difference", Difference(f)}}) {
      json.Key(key);
      if (v) {
        json.Number(*v);
      } else {
        json.Null();
      }
    }
    json.EndObject();
  }
  json.EndArray();
  // Each side's share-model records (explain/dirac_report.h; an empty
  // array under HTCondor's pie), with a simulation's last cycle's time.
  json.Key("share_model");
  json.BeginObject();
  for (bool side_b : {false, true}) {
    std::optional<int64_t> time;
    const auto* records = SideRecords(c, side_b, &time);
    json.Key(side_b ? "b" : "a");
    json.BeginObject();
    json.Key("time");
    if (time) {
      json.Integer(*time);
    } else {
      json.Null();
    }
    json.Key("records");
    const std::vector<std::shared_ptr<const ShareRecords>> none;
    explain::WriteShareRecordsJson(records != nullptr ? *records : none, &json);
    json.EndObject();
  }
  json.EndObject();
  json.EndObject();
  return json.text();
}

namespace {

// The comparison page's script: each group's (or the pool's) running
// weight under A (solid) and B (dashed) on one time axis, and the wait
// distributions likewise.
constexpr char kComparisonScript[] = R"JS(
(function () {
  var chart = REPORT.chart, color = REPORT.color;
  // The union of both runs' times, each series put on it (null where a
  // run has no point).
  function align(times, values, axis) {
    var at = {};
    times.forEach(function (t, i) { at[t] = values[i]; });
    return axis.map(function (t) { return t in at ? at[t] : null; });
  }
  var axis = Array.from(new Set(A.time.concat(B.time))).sort(function (x, y) { return x - y; });
  var running = [];
  var groups = A.groups.length > 0 || B.groups.length > 0;
  if (groups) {
    var names = [];
    A.groups.concat(B.groups).forEach(function (g) { if (names.indexOf(g.name) < 0) names.push(g.name); });
    names.forEach(function (name, i) {
      [[A, LABELS[0], null], [B, LABELS[1], [6, 4]]].forEach(function (side) {
        var g = side[0].groups.filter(function (x) { return x.name === name; })[0];
        if (!g) return;
        running.push({ label: name + ' (' + side[1] + ')', values: align(side[0].time, g.running, axis),
                       stroke: color(i), dash: side[2] });
      });
    });
  } else {
    [[A, LABELS[0], null], [B, LABELS[1], [6, 4]]].forEach(function (side, i) {
      running.push({ label: 'running (' + side[1] + ')', values: align(side[0].time, side[0].busy, axis),
                     stroke: color(0), dash: side[2] });
    });
  }
  chart('chart-compare-running', 'Running slot weight per ' + (groups ? 'group' : 'pool') +
        ': ' + LABELS[0] + ' solid, ' + LABELS[1] + ' dashed', axis, running, { yLabel: 'slot weight' });
  var waits = [];
  var parties = [];
  A.waits.parties.concat(B.waits.parties).forEach(function (p) { if (parties.indexOf(p.name) < 0) parties.push(p.name); });
  var x = Array.from(new Set(A.waits.x.concat(B.waits.x))).sort(function (p, q) { return p - q; });
  parties.forEach(function (name, i) {
    [[A, LABELS[0], null], [B, LABELS[1], [6, 4]]].forEach(function (side) {
      var p = side[0].waits.parties.filter(function (w) { return w.name === name; })[0];
      if (!p) return;
      // The share waiting at most x, carried to the union's points.
      var values = x.map(function (v) {
        var share = 0;
        side[0].waits.x.forEach(function (w, k) { if (w <= v) share = p.cdf[k]; });
        return share;
      });
      waits.push({ label: name + ' (' + side[1] + ')', values: values, stroke: color(i), dash: side[2] });
    });
  });
  chart('chart-compare-waits', 'Wait from arrival to first start (share of started jobs that waited at most x)',
        x, waits, { xScale: { time: false, distr: 3 }, yScale: { range: [0, 1] },
                    xAxis: { label: 'seconds waited (log scale)' }, yLabel: 'share of jobs' });
  REPORT.finish();
})();
)JS";

std::string Cell(const std::string& text) { return "<td>" + HtmlEscape(text) + "</td>"; }

}  // namespace

std::string FormatComparisonHtml(const Comparison& c, const std::string& title,
                                 const ChartLibrary& charts) {
  std::string page = ReportPageStart(title, charts);
  page += "<p class=\"note\">A = " + HtmlEscape(c.label_a) + ", B = " + HtmlEscape(c.label_b) +
          ", " +
          (c.simulated ? "each simulated on the same workload"
                       : "each running one cycle on the same snapshot") +
          ". Charts by uPlot " + HtmlEscape(charts.version) + ".</p>\n";
  page += "<h2>Knobs that differ</h2>\n";
  if (c.knobs.empty()) {
    page += "<p>None.</p>\n";
  } else {
    page += "<table class=\"figures\" id=\"knobs\"><thead><tr><th>knob</th><th>A</th><th>where</th>"
            "<th>B</th><th>where</th></tr></thead><tbody>\n";
    for (const policy::KnobDifference& k : c.knobs) {
      page += "<tr>" + Cell(k.name + (k.negotiator_reads ? "" : " (not read)")) +
              Cell(k.a.value.value_or("(not set)")) + Cell(Where(k.a)) +
              Cell(k.b.value.value_or("(not set)")) + Cell(Where(k.b)) + "</tr>\n";
    }
    page += "</tbody></table>\n";
  }
  if (c.simulated) {
    page += "<div class=\"chart\" id=\"chart-compare-running\"></div>\n"
            "<div class=\"chart\" id=\"chart-compare-waits\"></div>\n";
  }
  page += "<h2>Figures</h2>\n<table class=\"figures\" id=\"figures\"><thead><tr><th>party</th>"
          "<th>figure</th><th>A</th><th>B</th><th>B - A</th></tr></thead><tbody>\n";
  for (const ComparedFigure& f : c.figures) {
    const std::optional<double> d = Difference(f);
    const bool differs = !d || std::fabs(*d) > 1e-9;
    page += std::string(differs ? "<tr class=\"differs\">" : "<tr>") + Cell(PartyTitle(f)) +
            Cell(f.figure) + Cell(Number(f.a)) + Cell(Number(f.b)) + Cell(Number(d)) + "</tr>\n";
  }
  page += "</tbody></table>\n<style>tr.differs td { background: #fff4d6; }\n"
          "pre.records { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }</style>\n";
  // What each side's share model recorded, as `negotiator cycle` prints it.
  for (bool side_b : {false, true}) {
    std::optional<int64_t> time;
    const auto* records = SideRecords(c, side_b, &time);
    if (records == nullptr || records->empty()) continue;
    page += std::string("<h2 id=\"share-records-") + (side_b ? "b" : "a") + "\">" +
            HtmlEscape(RecordsHeading(c, side_b, time)) + "</h2>\n<pre class=\"records\">" +
            HtmlEscape(explain::ShareRecordsText(*records)) + "</pre>\n";
  }
  std::string data = "var LABELS = [" + classad::JsonQuote(c.label_a) + ", " +
                     classad::JsonQuote(c.label_b) + "];\n";
  std::string script = "REPORT.finish();";
  if (c.simulated) {
    data += "var A = " + SimulationPageData(c.simulation_a->result) + ";\nvar B = " +
            SimulationPageData(c.simulation_b->result) + ";\n";
    script = kComparisonScript;
  }
  page += ReportPageEnd(charts, data, script);
  return page;
}

classad::Status WriteComparisonOutputs(const Comparison& c, const std::string& folder,
                                       const std::string& title, const ChartLibrary* charts) {
  if (Status s = MakeOutputFolder(folder); !s.ok()) return s;
  const std::filesystem::path dir(folder);
  std::vector<std::pair<const char*, std::string>> files = {
      {kComparisonTextFile, FormatComparisonText(c)}, {kComparisonJsonFile, FormatComparisonJson(c)}};
  if (charts != nullptr) files.emplace_back(kComparisonReportFile, FormatComparisonHtml(c, title, *charts));
  for (const auto& [name, text] : files) {
    if (Status s = WriteOutputFile((dir / name).string(), text); !s.ok()) return s;
  }
  if (!c.simulated) return Status::Ok();
  if (Status s = WriteSimulationOutputs(*c.simulation_a, (dir / "a").string(),
                                        title + ": " + c.label_a, charts);
      !s.ok()) {
    return s;
  }
  return WriteSimulationOutputs(*c.simulation_b, (dir / "b").string(), title + ": " + c.label_b,
                                charts);
}

}  // namespace negotiator
