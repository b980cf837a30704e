// Metrics and files of a simulation (simulation_report.h).
#include "negotiator/simulate/simulation_report.h"

#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <cmath>
#include <cstdio>
#include <map>

#include "classad/json_writer.h"
#include "negotiator/explain/dirac_report.h"

namespace negotiator {
namespace {

WaitFigures FiguresOf(std::vector<int64_t> waits) {
  WaitFigures f;
  f.jobs = static_cast<int64_t>(waits.size());
  if (waits.empty()) return f;
  std::sort(waits.begin(), waits.end());
  double sum = 0;
  for (int64_t w : waits) sum += static_cast<double>(w);
  f.mean = sum / static_cast<double>(waits.size());
  f.p50 = NearestRank(waits, 0.50);
  f.p95 = NearestRank(waits, 0.95);
  f.p99 = NearestRank(waits, 0.99);
  f.max = waits.back();
  return f;
}

// What one party's jobs add up to.
struct JobTally {
  int64_t arrived = 0, done = 0, running = 0, idle = 0, preemptions = 0;
  std::vector<int64_t> waits;
  double slowdown_sum = 0;
  int64_t slowdowns = 0;
  double badput_hours = 0;

  void Add(const JobOutcome& job) {
    ++arrived;
    if (job.state == JobEnd::kDone) ++done;
    if (job.state == JobEnd::kRunning) ++running;
    if (job.state == JobEnd::kIdle) ++idle;
    preemptions += job.preemptions;
    badput_hours += BadputHours(job);
    if (job.first_start >= 0) waits.push_back(job.first_start - job.arrival);
    if (job.state == JobEnd::kDone && job.run_time >= 0) {
      const double response = static_cast<double>(job.end - job.arrival);
      slowdown_sum += std::max(1.0, response / std::max<double>(job.run_time, 10.0));
      ++slowdowns;
    }
  }

  void Into(PartyFigures* f) const {
    f->arrived = arrived;
    f->done = done;
    f->running = running;
    f->idle = idle;
    f->preemptions = preemptions;
    f->badput_hours = badput_hours;
    f->wait = FiguresOf(waits);
    f->mean_bounded_slowdown = slowdowns == 0 ? 0 : slowdown_sum / static_cast<double>(slowdowns);
  }
};

void WriteWait(const char* key, const WaitFigures& w, classad::JsonWriter* json) {
  json->Key(key);
  json->BeginObject();
  json->Key("jobs");
  json->Integer(w.jobs);
  json->Key("mean");
  json->Number(w.mean);
  json->Key("p50");
  json->Integer(w.p50);
  json->Key("p95");
  json->Integer(w.p95);
  json->Key("p99");
  json->Integer(w.p99);
  json->Key("max");
  json->Integer(w.max);
  json->EndObject();
}

void WriteParty(const PartyFigures& p, bool group, classad::JsonWriter* json) {
  json->BeginObject();
  json->Key("name");
  json->String(p.name);
  for (auto [key, value] : {std::pair<const char*, int64_t>{"arrived", p.arrived},
                            {"done", p.done},
                            {"running", p.running},
                            {"idle", p.idle},
                            {"preemptions", p.preemptions}}) {
    json->Key(key);
    json->Integer(value);
  }
  WriteWait("wait", p.wait, json);
  json->Key("mean_bounded_slowdown");
  json->Number(p.mean_bounded_slowdown);
  json->Key("badput_hours");
  json->Number(p.badput_hours);
  if (group) {
    json->Key("quota");
    json->Number(p.quota);
    json->Key("usage_over_quota");
    json->Number(p.usage_over_quota);
    json->Key("mean_share_deviation");
    json->Number(p.mean_share_deviation);
    json->Key("max_share_deviation");
    json->Number(p.max_share_deviation);
  }
  json->EndObject();
}

std::string Format(const char* format, ...) __attribute__((format(printf, 1, 2)));
std::string Format(const char* format, ...) {
  char buffer[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  return buffer;
}

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string Csv(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

SimulationMetrics ComputeMetrics(const SimulationResult& r) {
  SimulationMetrics m;
  m.start = r.start;
  m.end = r.end;
  m.interval = r.interval;
  m.cycles = static_cast<int64_t>(r.cycles.size());
  m.refused_by_pool = r.refused_by_pool;
  m.running_without_slot = r.running_without_slot;
  m.claims_ended_at_start = r.claims_ended_at_start;
  m.workload = r.workload;
  m.quirks = r.quirks;
  JobTally all;
  std::vector<int64_t> waiting;
  std::map<std::string, JobTally> by_submitter, by_group;
  for (const JobOutcome& job : r.jobs) {
    all.Add(job);
    by_submitter[job.submitter].Add(job);
    by_group[job.group].Add(job);
    if (job.first_start < 0) waiting.push_back(r.end - job.arrival);
  }
  m.arrived = all.arrived;
  m.done = all.done;
  m.running = all.running;
  m.idle = all.idle;
  m.preemptions = all.preemptions;
  m.badput_hours = all.badput_hours;
  m.wait = FiguresOf(all.waits);
  m.waiting_at_end = FiguresOf(std::move(waiting));
  m.mean_bounded_slowdown =
      all.slowdowns == 0 ? 0 : all.slowdown_sum / static_cast<double>(all.slowdowns);
  double busy = 0, pool = 0;
  for (const CycleSample& c : r.cycles) {
    busy += c.busy_weight;
    pool += c.pool_weight;
    m.matches += c.matches;
    m.claims_reused += c.claims_reused;
    m.refused_claims += c.refused;
    int64_t running = 0;
    for (const SubmitterSample& s : c.submitters) running += s.running;
    m.max_running = std::max(m.max_running, running);
  }
  m.utilisation = pool > 0 ? busy / pool : 0;
  for (const auto& [name, tally] : by_submitter) {
    PartyFigures& f = m.submitters.emplace_back();
    f.name = name;
    tally.Into(&f);
  }
  // Groups: in the order the cycles list them.
  std::map<std::string, size_t> group_index;
  struct GroupSums {
    int64_t cycles = 0;
    double quota = 0, ratio = 0, deviation = 0, max_deviation = 0;
  };
  std::vector<GroupSums> sums;
  for (const CycleSample& c : r.cycles) {
    for (const GroupSample& g : c.groups) {
      auto [it, added] = group_index.emplace(g.name, m.groups.size());
      if (added) {
        m.groups.emplace_back().name = g.name;
        sums.emplace_back();
      }
      if (g.running + g.idle == 0) continue;  // no jobs: nothing to be fair to
      GroupSums& s = sums[it->second];
      ++s.cycles;
      s.quota += g.quota;
      if (g.quota > 0) s.ratio += g.running_weight / g.quota;
      if (c.pool_weight > 0) {
        const double deviation = std::fabs(g.running_weight - g.quota) / c.pool_weight;
        s.deviation += deviation;
        s.max_deviation = std::max(s.max_deviation, deviation);
      }
    }
  }
  double x_sum = 0, x_squares = 0;
  int64_t n = 0;
  for (size_t i = 0; i < m.groups.size(); ++i) {
    PartyFigures& f = m.groups[i];
    if (auto t = by_group.find(f.name); t != by_group.end()) t->second.Into(&f);
    const GroupSums& s = sums[i];
    if (s.cycles == 0) continue;
    const double cycles = static_cast<double>(s.cycles);
    f.quota = s.quota / cycles;
    f.usage_over_quota = s.ratio / cycles;
    f.mean_share_deviation = s.deviation / cycles;
    f.max_share_deviation = s.max_deviation;
    if (f.quota > 0) {
      x_sum += f.usage_over_quota;
      x_squares += f.usage_over_quota * f.usage_over_quota;
      ++n;
    }
  }
  m.jain_fairness = n == 0 || x_squares == 0 ? 1.0 : x_sum * x_sum / (static_cast<double>(n) * x_squares);
  return m;
}

void WriteSeriesCsv(const SimulationResult& r, std::ostream& out) {
  out << "time,kind,name,group,running,running_weight,idle,rup,eup,quota,allocated,matches,"
         "preempted\n";
  for (const CycleSample& c : r.cycles) {
    for (const SubmitterSample& s : c.submitters) {
      out << c.time << ",submitter," << Csv(s.name) << "," << Csv(s.group) << "," << s.running
          << "," << Format("%.6g", s.running_weight) << "," << s.idle << ","
          << Format("%.6g", s.rup) << "," << Format("%.6g", s.eup) << ",,," << s.matches << ","
          << s.preempted << "\n";
    }
    for (const GroupSample& g : c.groups) {
      out << c.time << ",group," << Csv(g.name) << "," << Csv(g.name) << "," << g.running << ","
          << Format("%.6g", g.running_weight) << "," << g.idle << ",,,"
          << Format("%.6g", g.quota) << "," << Format("%.6g", g.allocated) << "," << g.matches
          << "," << g.preempted << "\n";
    }
  }
}

void WriteEventsCsv(const SimulationResult& r, std::ostream& out) {
  out << "time,event,job,submitter,slot,detail\n";
  for (const SimulationEvent& e : r.events) {
    out << e.time << "," << EventKindName(e.kind) << "," << Csv(e.job) << "," << Csv(e.submitter)
        << "," << Csv(e.slot) << "," << Csv(e.detail) << "\n";
  }
}

std::string FormatMetricsJson(const SimulationMetrics& m) {
  classad::JsonWriter json;
  json.BeginObject();
  for (auto [key, value] : {std::pair<const char*, int64_t>{"start", m.start},
                            {"end", m.end},
                            {"interval", m.interval},
                            {"cycles", m.cycles},
                            {"arrived", m.arrived},
                            {"done", m.done},
                            {"running", m.running},
                            {"idle", m.idle},
                            {"refused_by_pool", m.refused_by_pool},
                            {"running_without_slot", m.running_without_slot},
                            {"claims_ended_at_start", m.claims_ended_at_start},
                            {"matches", m.matches},
                            {"preemptions", m.preemptions},
                            {"claims_reused", m.claims_reused},
                            {"refused_claims", m.refused_claims},
                            {"max_running", m.max_running}}) {
    json.Key(key);
    json.Integer(value);
  }
  WriteWait("wait", m.wait, &json);
  WriteWait("waiting_at_end", m.waiting_at_end, &json);
  for (auto [key, value] : {std::pair<const char*, double>{"mean_bounded_slowdown",
                                                           m.mean_bounded_slowdown},
                            {"utilisation", m.utilisation},
                            {"badput_hours", m.badput_hours},
                            {"jain_fairness", m.jain_fairness}}) {
    json.Key(key);
    json.Number(value);
  }
  json.Key("workload");
  json.BeginObject();
  json.Key("records");
  json.Integer(static_cast<int64_t>(m.workload.records));
  json.Key("jobs");
  json.Integer(static_cast<int64_t>(m.workload.jobs));
  json.Key("with_run_time");
  json.Integer(static_cast<int64_t>(m.workload.with_run_time));
  json.Key("running_at_start");
  json.Integer(static_cast<int64_t>(m.workload.running_at_start));
  for (const auto* map : {&m.workload.skipped, &m.workload.assumed}) {
    json.Key(map == &m.workload.skipped ? "skipped" : "assumed");
    json.BeginObject();
    for (const auto& [reason, count] : *map) {
      json.Key(reason);
      json.Integer(static_cast<int64_t>(count));
    }
    json.EndObject();
  }
  json.EndObject();
  json.Key("groups");
  json.BeginArray();
  for (const PartyFigures& g : m.groups) WriteParty(g, true, &json);
  json.EndArray();
  json.Key("submitters");
  json.BeginArray();
  for (const PartyFigures& s : m.submitters) WriteParty(s, false, &json);
  json.EndArray();
  json.Key("htcondor_quirks");
  json.BeginArray();
  for (classad::Quirk q : m.quirks) json.String(std::string(classad::QuirkName(q)));
  json.EndArray();
  json.EndObject();
  return json.text();
}

std::string FormatMetricsText(const SimulationMetrics& m) {
  std::string out;
  out += Format("Simulated %" PRId64 " cycles every %" PRId64 " s, from %" PRId64 " to %" PRId64
                " (%.1f days)\n",
                m.cycles, m.interval, m.start, m.end,
                static_cast<double>(m.end - m.start) / 86400.0);
  out += Format("Jobs: %" PRId64 " arrived = %" PRId64 " done + %" PRId64 " running + %" PRId64
                " idle\n",
                m.arrived, m.done, m.running, m.idle);
  out += Format("Workload: %zu records, %zu jobs", m.workload.records, m.workload.jobs);
  for (const auto& [reason, count] : m.workload.skipped) {
    out += Format("; %zu skipped (%s)", count, reason.c_str());
  }
  for (const auto& [what, count] : m.workload.assumed) {
    out += Format("; %zu assumed %s", count, what.c_str());
  }
  out += "\n";
  if (m.refused_by_pool + m.running_without_slot + m.claims_ended_at_start > 0) {
    out += Format("Start: %" PRId64 " jobs left out by the pool's job constraint, %" PRId64
                  " running jobs whose slot could not take them (idle instead), %" PRId64
                  " claims of the slot ads ended\n",
                  m.refused_by_pool, m.running_without_slot, m.claims_ended_at_start);
  }
  out += Format("Matches %" PRId64 ", claims reused %" PRId64 ", preemptions %" PRId64
                " (badput %.1f core-hours), claims refused by partitionable slots %" PRId64 "\n",
                m.matches, m.claims_reused, m.preemptions, m.badput_hours, m.refused_claims);
  out += Format("Utilisation %.1f %%, at most %" PRId64 " jobs running\n", 100 * m.utilisation,
                m.max_running);
  out += Format("Wait (s), %" PRId64 " jobs that started: mean %.0f, p50 %" PRId64 ", p95 %" PRId64
                ", p99 %" PRId64 ", max %" PRId64 "; %" PRId64
                " never started (mean wait so far %.0f)\n",
                m.wait.jobs, m.wait.mean, m.wait.p50, m.wait.p95, m.wait.p99, m.wait.max,
                m.waiting_at_end.jobs, m.waiting_at_end.mean);
  out += Format("Mean bounded slowdown %.2f; Jain's fairness of group usage / quota %.3f\n",
                m.mean_bounded_slowdown, m.jain_fairness);
  auto table = [&out](const char* title, const std::vector<PartyFigures>& parties, bool group) {
    if (parties.empty()) return;
    out += Format("\n%-40s %8s %8s %8s %8s %10s %10s %8s %8s", title, "arrived", "done", "run",
                  "idle", "wait-mean", "wait-p95", "slowdn", "preempt");
    out += group ? Format(" %9s %9s %9s\n", "quota", "use/quota", "max-dev") : "\n";
    for (const PartyFigures& p : parties) {
      out += Format("%-40s %8" PRId64 " %8" PRId64 " %8" PRId64 " %8" PRId64 " %10.0f %10" PRId64
                    " %8.2f %8" PRId64,
                    p.name.c_str(), p.arrived, p.done, p.running, p.idle, p.wait.mean, p.wait.p95,
                    p.mean_bounded_slowdown, p.preemptions);
      out += group ? Format(" %9.1f %9.3f %9.3f\n", p.quota, p.usage_over_quota,
                            p.max_share_deviation)
                   : "\n";
    }
  };
  table("group", m.groups, true);
  table("submitter", m.submitters, false);
  if (!m.quirks.empty()) {
    out += "\nHTCondor quirks the cycles' decisions went through:";
    for (classad::Quirk q : m.quirks) out += " " + std::string(classad::QuirkName(q));
    out += "\n";
  }
  return out;
}

std::string FormatLastShareRecordsText(const SimulationResult& result) {
  if (result.last_share_records.empty()) return "";
  return "What the share model recorded in the last cycle (time " +
         std::to_string(result.last_share_records_time) + ")\n" +
         explain::ShareRecordsText(result.last_share_records);
}

std::string FormatLastShareRecordsJson(const SimulationResult& result) {
  classad::JsonWriter json;
  json.BeginObject();
  json.Key("time");
  json.Integer(result.last_share_records_time);
  json.Key("records");
  explain::WriteShareRecordsJson(result.last_share_records, &json);
  json.EndObject();
  return json.text();
}

}  // namespace negotiator
