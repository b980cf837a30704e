// The simulation's HTML report (simulation_html.h).
#include "negotiator/simulate/simulation_html.h"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include "classad/json_writer.h"

// Where the chart library is looked for (CMakeLists.txt compiles them in):
// the source tree's copy, the installed copy, and the installed copy's path
// relative to the installed programs' folder.
#ifndef NEGOTIATOR_CHART_LIBRARY_DIR
#define NEGOTIATOR_CHART_LIBRARY_DIR "third_party/charts/node_modules/uplot"
#endif
#ifndef NEGOTIATOR_CHART_LIBRARY_INSTALLED_DIR
#define NEGOTIATOR_CHART_LIBRARY_INSTALLED_DIR "/usr/local/share/classad-engine/uplot"
#endif
#ifndef NEGOTIATOR_CHART_LIBRARY_FROM_BINDIR
#define NEGOTIATOR_CHART_LIBRARY_FROM_BINDIR "../share/classad-engine/uplot"
#endif

namespace negotiator {
namespace {

using classad::Status;
using classad::StatusCode;

// At most this many points per series: longer runs are shown as the means
// of consecutive cycles (the page says how many per point).
constexpr size_t kMaxPoints = 2016;
// Submitters drawn one by one; the others are summed as "others".
constexpr size_t kMaxSubmitters = 12;
// Points of each wait-time distribution.
constexpr int kWaitPoints = 64;

classad::Result<std::string> ReadWhole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status(StatusCode::kNotFound,
                  path + ": cannot read the chart library (" + std::strerror(errno) +
                      "); scripts/install-deps.sh installs it, or set "
                      "NEGOTIATOR_CHART_LIBRARY to uPlot's package folder");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// Text safe inside <script>: no "</" can close the element.
std::string ScriptSafe(std::string text) {
  for (size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at + 2)) {
    text.replace(at, 2, "<\\/");
  }
  return text;
}

std::string Fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

// Cycles averaged into points: `stride` consecutive cycles per point.
struct Buckets {
  size_t cycles = 0;
  size_t stride = 1;
  size_t points = 0;
  explicit Buckets(size_t count)
      : cycles(count),
        stride(count <= kMaxPoints ? 1 : (count + kMaxPoints - 1) / kMaxPoints),
        points((count + stride - 1) / stride) {}
};

// A series of per-cycle values, averaged per bucket (or summed).
class Series {
 public:
  explicit Series(const Buckets& b) : buckets_(b), sum_(b.points, 0), count_(b.points, 0) {}
  void Add(size_t cycle, double value) {
    const size_t p = cycle / buckets_.stride;
    sum_[p] += value;
    count_[p] += 1;
  }
  // Writes the points: each bucket's mean (or sum) over the cycles it
  // holds. A bucket without values is null, or 0 when `absent_is_zero`
  // (a submitter a cycle did not list had nothing running or idle); the
  // mean then counts the cycles that did not list it as zeros.
  void Write(classad::JsonWriter* json, bool mean, bool absent_is_zero = false) const {
    json->BeginArray();
    for (size_t p = 0; p < sum_.size(); ++p) {
      if (absent_is_zero) {
        const size_t first = p * buckets_.stride;
        const double cycles =
            static_cast<double>(std::min(buckets_.stride, buckets_.cycles - first));
        const double v = mean ? sum_[p] / cycles : sum_[p];
        json->Number(std::round(v * 1000) / 1000);
      } else if (count_[p] == 0) {
        json->Null();
      } else {
        const double v = mean ? sum_[p] / count_[p] : sum_[p];
        json->Number(std::round(v * 1000) / 1000);
      }
    }
    json->EndArray();
  }
  double total() const {
    double t = 0;
    for (double s : sum_) t += s;
    return t;
  }

 private:
  const Buckets& buckets_;
  std::vector<double> sum_;
  std::vector<double> count_;
};

// The page's data: {"stride", "time", "groups": [{name, running, quota,
// idle, preempted}], "submitters": [{name, running, idle, eup}],
// "busy", "pool", "preemptions", "waits": {"x", "groups": [{name, cdf}]}}.
std::string PageData(const SimulationResult& r) {
  const Buckets buckets(r.cycles.size());
  classad::JsonWriter json;
  json.BeginObject();
  json.Key("stride");
  json.Integer(static_cast<int64_t>(buckets.stride));
  json.Key("interval");
  json.Integer(r.interval);
  json.Key("time");
  json.BeginArray();
  for (size_t p = 0; p < buckets.points; ++p) json.Integer(r.cycles[p * buckets.stride].time);
  json.EndArray();

  // Parties' series, by name, in first-seen order for groups (GROUP_NAMES
  // order) and by total running weight for submitters.
  struct PartySeries {
    Series running, quota, idle, preempted, eup;
    explicit PartySeries(const Buckets& b)
        : running(b), quota(b), idle(b), preempted(b), eup(b) {}
  };
  std::vector<std::string> group_order;
  std::map<std::string, PartySeries> groups, submitters;
  Series busy(buckets), pool(buckets), preemptions(buckets), idle_all(buckets);
  for (size_t c = 0; c < r.cycles.size(); ++c) {
    const CycleSample& cycle = r.cycles[c];
    busy.Add(c, cycle.busy_weight);
    pool.Add(c, cycle.pool_weight);
    preemptions.Add(c, static_cast<double>(cycle.preemptions));
    int64_t idle = 0;
    for (const GroupSample& g : cycle.groups) {
      auto [it, added] = groups.try_emplace(g.name, buckets);
      if (added) group_order.push_back(g.name);
      it->second.running.Add(c, g.running_weight);
      it->second.quota.Add(c, g.quota);
      it->second.idle.Add(c, static_cast<double>(g.idle));
      it->second.preempted.Add(c, static_cast<double>(g.preempted));
    }
    for (const SubmitterSample& s : cycle.submitters) {
      PartySeries& p = submitters.try_emplace(s.name, buckets).first->second;
      p.running.Add(c, s.running_weight);
      p.idle.Add(c, static_cast<double>(s.idle));
      p.eup.Add(c, s.eup);
      idle += s.idle;
    }
    idle_all.Add(c, static_cast<double>(idle));
  }
  json.Key("busy");
  busy.Write(&json, true);
  json.Key("pool");
  pool.Write(&json, true);
  json.Key("idle");
  idle_all.Write(&json, true);
  json.Key("preemptions");
  preemptions.Write(&json, false);
  json.Key("groups");
  json.BeginArray();
  for (const std::string& name : group_order) {
    const PartySeries& g = groups.at(name);
    // A group with no quota that never had a job (often the root's
    // "<none>") would only add flat lines.
    if (g.running.total() == 0 && g.idle.total() == 0 && g.quota.total() == 0) continue;
    json.BeginObject();
    json.Key("name");
    json.String(name);
    json.Key("running");
    g.running.Write(&json, true);
    json.Key("quota");
    g.quota.Write(&json, true);
    json.Key("idle");
    g.idle.Write(&json, true);
    json.Key("preempted");
    g.preempted.Write(&json, false);
    json.EndObject();
  }
  json.EndArray();

  // Submitters with the most running weight first; the rest summed.
  std::vector<std::pair<double, std::string>> by_use;
  for (const auto& [name, s] : submitters) by_use.emplace_back(-s.running.total(), name);
  std::sort(by_use.begin(), by_use.end());
  json.Key("submitters");
  json.BeginArray();
  for (size_t i = 0; i < by_use.size() && i < kMaxSubmitters; ++i) {
    const PartySeries& s = submitters.at(by_use[i].second);
    json.BeginObject();
    json.Key("name");
    json.String(by_use[i].second);
    json.Key("running");
    s.running.Write(&json, true, true);
    json.Key("idle");
    s.idle.Write(&json, true, true);
    json.Key("eup");
    s.eup.Write(&json, true);
    json.EndObject();
  }
  json.EndArray();
  json.Key("others");
  json.Integer(by_use.size() > kMaxSubmitters
                   ? static_cast<int64_t>(by_use.size() - kMaxSubmitters)
                   : 0);

  // Wait-time distributions per group (or per submitter without groups):
  // the share of the jobs that started within x seconds of arriving, x on
  // a log scale from 1 s to the longest wait.
  std::map<std::string, std::vector<int64_t>> waits;
  int64_t longest = 1;
  const bool by_group = !group_order.empty();
  for (const JobOutcome& job : r.jobs) {
    if (job.first_start < 0) continue;
    const int64_t wait = std::max<int64_t>(0, job.first_start - job.arrival);
    waits[by_group ? job.group : job.submitter].push_back(wait);
    longest = std::max(longest, wait);
  }
  std::vector<double> x;
  const double top = std::log10(static_cast<double>(std::max<int64_t>(longest, 10)));
  for (int i = 0; i < kWaitPoints; ++i) {
    x.push_back(std::round(std::pow(10.0, top * i / (kWaitPoints - 1))));
  }
  x.erase(std::unique(x.begin(), x.end()), x.end());
  json.Key("waits");
  json.BeginObject();
  json.Key("by");
  json.String(by_group ? "group" : "submitter");
  json.Key("x");
  json.BeginArray();
  for (double v : x) json.Number(v);
  json.EndArray();
  json.Key("parties");
  json.BeginArray();
  for (auto& [name, list] : waits) {
    std::sort(list.begin(), list.end());
    json.BeginObject();
    json.Key("name");
    json.String(name);
    json.Key("jobs");
    json.Integer(static_cast<int64_t>(list.size()));
    json.Key("cdf");
    json.BeginArray();
    for (double v : x) {
      const size_t within = static_cast<size_t>(
          std::upper_bound(list.begin(), list.end(), static_cast<int64_t>(v)) - list.begin());
      json.Number(std::round(1000.0 * static_cast<double>(within) /
                             static_cast<double>(list.size())) /
                  1000);
    }
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  json.EndObject();
  return json.text();
}

std::string WaitCells(const WaitFigures& w) {
  return "<td>" + Fixed(w.mean, 0) + "</td><td>" + std::to_string(w.p50) + "</td><td>" +
         std::to_string(w.p95) + "</td><td>" + std::to_string(w.p99) + "</td><td>" +
         std::to_string(w.max) + "</td>";
}

std::string PartyTable(const std::vector<PartyFigures>& parties, bool groups) {
  std::string out = "<table class=\"figures\"><thead><tr><th>" +
                    std::string(groups ? "group" : "submitter") +
                    "</th><th>arrived</th><th>done</th><th>running</th><th>idle</th>"
                    "<th>wait mean (s)</th><th>p50</th><th>p95</th><th>p99</th><th>max</th>"
                    "<th>bounded slowdown</th><th>preemptions</th><th>badput (core-h)</th>";
  if (groups) out += "<th>quota</th><th>usage / quota</th><th>max share deviation</th>";
  out += "</tr></thead><tbody>\n";
  for (const PartyFigures& p : parties) {
    out += "<tr><td>" + Escape(p.name) + "</td><td>" + std::to_string(p.arrived) + "</td><td>" +
           std::to_string(p.done) + "</td><td>" + std::to_string(p.running) + "</td><td>" +
           std::to_string(p.idle) + "</td>" + WaitCells(p.wait) + "<td>" +
           Fixed(p.mean_bounded_slowdown, 2) + "</td><td>" + std::to_string(p.preemptions) +
           "</td><td>" + Fixed(p.badput_hours, 1) + "</td>";
    if (groups) {
      out += "<td>" + Fixed(p.quota, 1) + "</td><td>" + Fixed(p.usage_over_quota, 3) +
             "</td><td>" + Fixed(p.max_share_deviation, 3) + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody></table>\n";
  return out;
}

std::string SummaryTables(const SimulationMetrics& m) {
  std::string out = "<table class=\"figures\" id=\"summary\"><tbody>\n";
  auto row = [&out](const std::string& name, const std::string& value) {
    out += "<tr><th>" + Escape(name) + "</th><td>" + Escape(value) + "</td></tr>\n";
  };
  row("cycles", std::to_string(m.cycles) + " every " + std::to_string(m.interval) + " s");
  row("jobs", std::to_string(m.arrived) + " arrived = " + std::to_string(m.done) + " done + " +
                  std::to_string(m.running) + " running + " + std::to_string(m.idle) + " idle");
  row("matches", std::to_string(m.matches));
  row("claims reused", std::to_string(m.claims_reused));
  row("preemptions", std::to_string(m.preemptions) + " (badput " + Fixed(m.badput_hours, 1) +
                         " core-hours)");
  row("utilisation", Fixed(100 * m.utilisation, 1) + " %");
  row("wait of started jobs (s)", "mean " + Fixed(m.wait.mean, 0) + ", p50 " +
                                      std::to_string(m.wait.p50) + ", p95 " +
                                      std::to_string(m.wait.p95) + ", p99 " +
                                      std::to_string(m.wait.p99) + ", max " +
                                      std::to_string(m.wait.max));
  row("never started", std::to_string(m.waiting_at_end.jobs) + " (waiting " +
                           Fixed(m.waiting_at_end.mean, 0) + " s on average)");
  row("mean bounded slowdown (10 s)", Fixed(m.mean_bounded_slowdown, 2));
  row("Jain's fairness of group usage / quota", Fixed(m.jain_fairness, 3));
  out += "</tbody></table>\n";
  if (!m.groups.empty()) out += "<h3>Groups</h3>\n" + PartyTable(m.groups, true);
  out += "<h3>Submitters</h3>\n" + PartyTable(m.submitters, false);
  return out;
}

// Set first, in the page's head: every script error and console error is
// kept in REPORT_STATUS, which the page writes into #report-status.
constexpr char kCaptureScript[] = R"JS(
window.REPORT_STATUS = { charts: [], errors: [] };
(function () {
  var status = window.REPORT_STATUS;
  function report() {
    var box = document.getElementById('report-status');
    if (box) box.textContent = JSON.stringify(status);
  }
  window.addEventListener('error', function (e) { status.errors.push(String(e.message)); report(); });
  var consoleError = console.error;
  console.error = function () {
    status.errors.push(Array.prototype.join.call(arguments, ' '));
    report();
    consoleError.apply(console, arguments);
  };
  document.addEventListener('DOMContentLoaded', report);
})();
)JS";

// What every page's charts are drawn with: REPORT.chart(id, title, x,
// series, options) draws one with uPlot and notes it in REPORT_STATUS;
// REPORT.color(i), REPORT.finish() (writes #report-status).
constexpr char kChartHelpers[] = R"JS(
(function () {
  var status = window.REPORT_STATUS;
  function report() { document.getElementById('report-status').textContent = JSON.stringify(status); }
  var palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948',
                 '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac', '#1f77b4', '#d62728', '#2ca02c'];
  function color(i) { return palette[i % palette.length]; }
  function width() { return Math.max(480, Math.min(1100, document.body.clientWidth - 40)); }

  // Draws one chart into #id: x values, then [{label, values, stroke, fill, dash}].
  function chart(id, title, x, series, opts) {
    opts = opts || {};
    var box = document.getElementById(id);
    var data = [x];
    var specs = [{}];
    var drawn = [];
    series.forEach(function (s) {
      data.push(s.values);
      specs.push({ label: s.label, stroke: s.stroke, fill: s.fill, dash: s.dash,
                   width: s.width || 1.5, points: { show: !!opts.points },
                   paths: s.paths, spanGaps: true });
      var points = 0;
      s.values.forEach(function (v) { if (v !== null && v !== undefined) points++; });
      drawn.push({ label: s.label, points: points });
    });
    var plot = new uPlot({
      title: title, width: width(), height: opts.height || 320,
      scales: { x: opts.xScale || { time: true },
                y: opts.yScale || { range: function (u, min, max) { return [0, Math.max(1, (max || 0) * 1.05)]; } } },
      axes: [opts.xAxis || {}, { label: opts.yLabel || '' }],
      series: specs,
    }, data, box);
    var link = document.createElement('a');
    link.textContent = 'PNG';
    link.className = 'png';
    link.download = id + '.png';
    link.href = '#';
    link.addEventListener('click', function () { link.href = png(plot); });
    box.appendChild(link);
    status.charts.push({ id: id, series: drawn });
    plots.push({ id: id, plot: plot });
    return plot;
  }
  var plots = [];
  // The chart's canvas on white, as a PNG data: URL.
  function png(plot) {
    var source = plot.ctx.canvas;
    var canvas = document.createElement('canvas');
    canvas.width = source.width;
    canvas.height = source.height;
    var ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(source, 0, 0);
    return canvas.toDataURL('image/png');
  }
  // With #export in the address, each chart's PNG (a data: URL) goes into
  // #report-images as JSON once drawn, for CI artefacts.
  function exportImages() {
    if (location.hash !== '#export') return;
    // uPlot sizes and draws its canvases on the next animation frame.
    requestAnimationFrame(function () { setTimeout(writeImages, 50); });
  }
  function writeImages() {
    var images = {};
    plots.forEach(function (p) { images[p.id] = png(p.plot); });
    var box = document.createElement('pre');
    box.id = 'report-images';
    box.style.display = 'none';
    box.textContent = JSON.stringify(images);
    document.body.appendChild(box);
  }
  window.REPORT = { chart: chart, color: color,
                    finish: function () { status.done = true; exportImages(); report(); } };
})();
)JS";

// The simulation page's script: its charts from DATA.
constexpr char kSimulationScript[] = R"JS(
(function () {
  var chart = REPORT.chart, color = REPORT.color;
  var d = DATA;
  if (d.stride > 1) {
    document.getElementById('stride').textContent =
        'Each point is the mean of ' + d.stride + ' consecutive cycles.';
  }
  // Running slot weight per group, stacked, with each group's quota.
  if (d.groups.length > 0) {
    var stacked = [];
    var below = d.time.map(function () { return 0; });
    d.groups.forEach(function (g, i) {
      var top = g.running.map(function (v, k) { return below[k] + (v || 0); });
      stacked.push({ label: g.name + ' (running)', values: top, stroke: color(i),
                     fill: color(i) + 'cc' });
      below = top;
    });
    // Drawn topmost first so that each band covers the one above it.
    stacked.reverse();
    d.groups.forEach(function (g, i) {
      stacked.push({ label: g.name + ' quota', values: g.quota, stroke: color(i), dash: [6, 4],
                     width: 1 });
    });
    stacked.push({ label: 'pool', values: d.pool, stroke: '#333', width: 1 });
    chart('chart-groups', 'Running slot weight per group (stacked) and quotas', d.time, stacked,
          { yLabel: 'slot weight' });
    chart('chart-group-idle', 'Idle jobs per group', d.time,
          d.groups.map(function (g, i) { return { label: g.name, values: g.idle, stroke: color(i) }; }),
          { yLabel: 'jobs' });
  } else {
    chart('chart-groups', 'Running slot weight and the pool', d.time,
          [{ label: 'running', values: d.busy, stroke: color(0), fill: color(0) + '55' },
           { label: 'pool', values: d.pool, stroke: '#333', width: 1 }], { yLabel: 'slot weight' });
    chart('chart-group-idle', 'Idle jobs', d.time,
          [{ label: 'idle', values: d.idle, stroke: color(1) }], { yLabel: 'jobs' });
  }
  var others = d.others > 0 ? ' (the ' + d.submitters.length + ' busiest; ' + d.others + ' more not shown)' : '';
  chart('chart-submitters', 'Running slot weight per submitter' + others, d.time,
        d.submitters.map(function (s, i) { return { label: s.name, values: s.running, stroke: color(i) }; }),
        { yLabel: 'slot weight' });
  chart('chart-priorities', 'Effective priority per submitter (log scale; lower is better)', d.time,
        d.submitters.map(function (s, i) {
          return { label: s.name, values: s.eup.map(function (v) { return v > 0 ? v : null; }),
                   stroke: color(i) };
        }),
        { yLabel: 'EUP', yScale: { distr: 3 } });
  chart('chart-waits', 'Wait from arrival to first start, per ' + d.waits.by +
        ' (share of started jobs that waited at most x)', d.waits.x,
        d.waits.parties.map(function (p, i) {
          return { label: p.name + ' (' + p.jobs + ' jobs)', values: p.cdf, stroke: color(i) };
        }),
        { xScale: { time: false, distr: 3 }, yScale: { range: [0, 1] }, points: true,
          xAxis: { label: 'seconds waited (log scale)' }, yLabel: 'share of jobs' });
  var preempted = d.groups.length > 0
      ? d.groups.map(function (g, i) { return { label: g.name, values: g.preempted, stroke: color(i) }; })
      : [{ label: 'preemptions', values: d.preemptions, stroke: color(2) }];
  chart('chart-preemptions', 'Jobs preempted' + (d.groups.length > 0 ? ' per group' : '') +
        (d.stride > 1 ? ' (per ' + d.stride + ' cycles)' : ' per cycle'), d.time, preempted,
        { yLabel: 'jobs' });
  REPORT.finish();
})();
)JS";

constexpr char kPageStyle[] = R"CSS(
body { font-family: sans-serif; margin: 20px; color: #222; }
h1 { font-size: 1.4em; }
.chart { margin: 18px 0; position: relative; }
a.png { font-size: 0.8em; position: absolute; right: 0; top: 0; }
table.figures { border-collapse: collapse; font-size: 0.85em; margin: 8px 0 18px; }
table.figures th, table.figures td { border: 1px solid #ccc; padding: 3px 7px; text-align: right; }
table.figures th:first-child, table.figures td:first-child { text-align: left; }
table#figures td:nth-child(2), table#knobs td { text-align: left; }
#report-status { display: none; }
.note { color: #555; font-size: 0.9em; }
)CSS";

}  // namespace

std::vector<std::string> ChartLibraryCandidates() {
  if (const char* env = std::getenv("NEGOTIATOR_CHART_LIBRARY"); env != nullptr && *env != '\0') {
    return {env};
  }
  std::vector<std::string> candidates;
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error && program.has_parent_path()) {
    candidates.push_back(
        (program.parent_path() / NEGOTIATOR_CHART_LIBRARY_FROM_BINDIR).lexically_normal().string());
  }
  for (const char* folder : {NEGOTIATOR_CHART_LIBRARY_INSTALLED_DIR, NEGOTIATOR_CHART_LIBRARY_DIR}) {
    if (std::find(candidates.begin(), candidates.end(), folder) == candidates.end()) {
      candidates.push_back(folder);
    }
  }
  return candidates;
}

classad::Result<std::string> FindChartLibraryFolder(const std::vector<std::string>& candidates) {
  std::string tried;
  for (const std::string& folder : candidates) {
    std::error_code error;
    if (std::filesystem::is_regular_file(folder + "/package.json", error)) return folder;
    tried += (tried.empty() ? "" : ", ") + folder;
  }
  return Status(StatusCode::kNotFound,
                "no chart library (uPlot's package.json) in " +
                    (tried.empty() ? std::string("no folder") : tried) +
                    "; scripts/install-deps.sh installs it, or set NEGOTIATOR_CHART_LIBRARY "
                    "to uPlot's package folder");
}

classad::Result<ChartLibrary> LoadDefaultChartLibrary() {
  classad::Result<std::string> folder = FindChartLibraryFolder(ChartLibraryCandidates());
  if (!folder.ok()) return folder.status();
  return LoadChartLibrary(*folder);
}

std::optional<ChartLibrary> ChartLibraryForPage(std::string_view page, std::string* warning) {
  classad::Result<ChartLibrary> loaded = LoadDefaultChartLibrary();
  if (loaded.ok()) return std::move(loaded).value();
  *warning = "no " + std::string(page) + ": " + loaded.status().ToString();
  return std::nullopt;
}

classad::Result<ChartLibrary> LoadChartLibrary(const std::string& folder) {
  ChartLibrary library;
  classad::Result<std::string> package = ReadWhole(folder + "/package.json");
  if (!package.ok()) return package.status();
  // "version": "1.6.32"
  const size_t key = package->find("\"version\"");
  if (key != std::string::npos) {
    const size_t open = package->find('"', package->find(':', key));
    const size_t close = open == std::string::npos ? open : package->find('"', open + 1);
    if (close != std::string::npos) library.version = package->substr(open + 1, close - open - 1);
  }
  classad::Result<std::string> script = ReadWhole(folder + "/dist/uPlot.iife.min.js");
  if (!script.ok()) return script.status();
  classad::Result<std::string> style = ReadWhole(folder + "/dist/uPlot.min.css");
  if (!style.ok()) return style.status();
  library.script = std::move(script).value();
  library.style = std::move(style).value();
  return library;
}

std::string HtmlEscape(std::string_view text) { return Escape(text); }

std::string SimulationPageData(const SimulationResult& result) { return PageData(result); }

std::string ReportPageStart(const std::string& title, const ChartLibrary& charts) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
         Escape(title) + "</title>\n<style>" + charts.style + "</style>\n<style>" + kPageStyle +
         "</style>\n<script>" + std::string(kCaptureScript) +
         "</script>\n</head>\n<body>\n<h1>" + Escape(title) + "</h1>\n";
}

std::string ReportPageEnd(const ChartLibrary& charts, const std::string& data_script,
                          const std::string& page_script) {
  return "<pre id=\"report-status\"></pre>\n<script>" + ScriptSafe(charts.script) +
         "</script>\n<script>" + std::string(kChartHelpers) + "</script>\n<script>" +
         ScriptSafe(data_script) + "</script>\n<script>" + page_script +
         "</script>\n</body>\n</html>\n";
}

std::string FormatSimulationHtml(const SimulationResult& result,
                                 const SimulationMetrics& metrics, const std::string& title,
                                 const ChartLibrary& charts) {
  std::string page = ReportPageStart(title, charts);
  page += "<p class=\"note\">" + std::to_string(metrics.cycles) + " cycles every " +
          std::to_string(metrics.interval) + " s of simulated time, from " +
          std::to_string(metrics.start) + " to " + std::to_string(metrics.end) +
          " (epoch seconds). <span id=\"stride\"></span> Charts by uPlot " +
          Escape(charts.version) + ".</p>\n";
  for (const char* id : {"chart-groups", "chart-submitters", "chart-priorities",
                         "chart-group-idle", "chart-waits", "chart-preemptions"}) {
    page += "<div class=\"chart\" id=\"" + std::string(id) + "\"></div>\n";
  }
  page += "<h2>Summary</h2>\n" + SummaryTables(metrics);
  if (!result.last_share_records.empty()) {
    page += "<h2 id=\"share-records\">Share model</h2>\n"
            "<pre class=\"records\" style=\"background: #f6f6f6; padding: 0.5em; "
            "overflow-x: auto;\">" +
            Escape(FormatLastShareRecordsText(result)) + "</pre>\n";
  }
  page += ReportPageEnd(charts, "var DATA = " + PageData(result) + ";", kSimulationScript);
  return page;
}

}  // namespace negotiator
