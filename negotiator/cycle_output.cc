// Writing a cycle's result (cycle_output.h).
#include "negotiator/cycle_output.h"

#include <cinttypes>

#include "classad/json_writer.h"
#include "classad/quirks.h"
#include "negotiator/explain/dirac_report.h"
#include "negotiator/explain/string_printf.h"
#include "negotiator/quotas/group_quota_allocator.h"

namespace negotiator {
namespace {

using classad::JsonWriter;
using explain::StringPrintf;

void WriteGroupJson(const GroupQuotaReport& g, JsonWriter* w) {
  w->BeginObject();
  w->Key("name");
  w->String(g.name);
  w->Key("quota_kind");
  w->String(g.static_quota ? "static" : "dynamic");
  w->Key("configured_quota");
  w->Number(g.config_quota);
  w->Key("subtree_quota");
  w->Number(g.subtree_quota);
  w->Key("effective_quota");
  w->Number(g.quota);
  w->Key("accept_surplus");
  w->Bool(g.accept_surplus);
  w->Key("autoregroup");
  w->Bool(g.autoregroup);
  w->Key("demand");
  w->Number(g.demand);
  w->Key("usage_start");
  w->Number(g.usage_start);
  w->Key("usage_end");
  w->Number(g.usage_end);
  w->Key("sort_key");
  w->Number(g.sort_key);
  w->Key("rounds");
  w->BeginArray();
  for (const GroupQuotaRound& round : g.rounds) {
    w->BeginObject();
    w->Key("round");
    w->Integer(round.round);
    w->Key("requested");
    w->Number(round.requested);
    w->Key("fairshare");
    w->Number(round.fairshare);
    w->Key("surplus");
    w->Number(round.surplus);
    w->Key("remainder");
    w->Number(round.remainder);
    w->Key("allocated");
    w->Number(round.allocated);
    w->Key("limits");
    w->BeginArray();
    for (int64_t limit : round.limits) w->Integer(limit);
    w->EndArray();
    w->Key("usage_after");
    w->Number(round.usage_after);
    w->EndObject();
  }
  w->EndArray();
  w->Key("notes");
  w->BeginArray();
  for (const std::string& note : g.notes) w->String(note);
  w->EndArray();
  w->EndObject();
}

std::string GroupsText(const std::vector<GroupQuotaReport>& groups) {
  std::string out =
      StringPrintf("  %-24s %-8s %9s %9s %9s %9s %9s %9s %9s\n", "group", "kind", "config", "quota",
                   "demand", "surplus", "allocated", "use-start", "use-end");
  for (const GroupQuotaReport& g : groups) {
    double surplus = 0;
    double allocated = 0;
    for (const GroupQuotaRound& round : g.rounds) {
      surplus += round.surplus;
      allocated = round.allocated;
    }
    out += StringPrintf("  %-24s %-8s %9g %9.2f %9.2f %9.2f %9.2f %9.2f %9.2f\n", g.name.c_str(),
                        g.static_quota ? "static" : "dynamic", g.config_quota, g.quota, g.demand,
                        surplus, allocated, g.usage_start, g.usage_end);
  }
  // The notes, after the table.
  for (const GroupQuotaReport& g : groups) {
    for (const std::string& note : g.notes) out += "  note: " + g.name + ": " + note + "\n";
  }
  return out;
}

void WriteCycle(const CycleResult& r, int cycle, JsonWriter* w) {
  w->BeginObject();
  if (cycle > 0) {
    w->Key("cycle");
    w->Integer(cycle);
  }
  w->Key("now");
  w->Integer(r.now);
  w->Key("pool_size");
  w->Number(r.pool_size);
  w->Key("slots");
  w->Integer(static_cast<int64_t>(r.slots_total));
  w->Key("slots_considered");
  w->Integer(static_cast<int64_t>(r.slots_considered));
  w->Key("autoclusters");
  w->Integer(static_cast<int64_t>(r.autoclusters));
  w->Key("match_classes");
  w->Integer(static_cast<int64_t>(r.match_classes));
  w->Key("significant_attributes");
  w->BeginArray();
  for (const std::string& name : r.significant_attributes) w->String(name);
  w->EndArray();
  w->Key("matches");
  w->BeginArray();
  for (const CycleMatch& m : r.matches) {
    w->BeginObject();
    w->Key("job");
    w->String(m.job);
    w->Key("slot");
    w->String(m.slot);
    w->Key("submitter");
    w->String(m.submitter);
    w->Key("group");
    w->String(m.group);
    w->Key("reason");
    w->String(PreemptStateName(m.reason));
    w->Key("preempted");
    w->Bool(m.reason != PreemptState::kNone);
    w->Key("preempts");
    if (m.reason == PreemptState::kNone) {
      w->Null();
    } else {
      w->BeginObject();
      w->Key("user");
      w->String(m.preempted_user);
      w->Key("job");
      if (m.preempted_job.empty()) {
        w->Null();
      } else {
        w->String(m.preempted_job);
      }
      w->EndObject();
    }
    w->Key("cost");
    w->Number(m.cost);
    w->Key("concurrency_limits");
    w->String(m.concurrency_limits);
    w->EndObject();
  }
  w->EndArray();
  w->Key("preemptions");
  w->Integer(r.preemptions);
  w->Key("groups");
  w->BeginArray();
  for (const GroupQuotaReport& g : r.groups) WriteGroupJson(g, w);
  w->EndArray();
  w->Key("submitters");
  w->BeginArray();
  for (const SubmitterOutcome& s : r.submitters) {
    w->BeginObject();
    w->Key("name");
    w->String(s.name);
    w->Key("group");
    w->String(s.group);
    w->Key("priority");
    w->Number(s.priority);
    w->Key("share");
    w->Number(s.share);
    w->Key("limit");
    w->Number(s.limit);
    w->Key("usage_start");
    w->Number(s.usage_start);
    w->Key("usage_end");
    w->Number(s.usage_end);
    w->Key("idle_jobs");
    w->Integer(s.idle);
    w->Key("running_jobs");
    w->Integer(s.running);
    w->Key("matches");
    w->Integer(s.matches);
    w->Key("matched_weight");
    w->Number(s.matched_weight);
    w->Key("floor");
    w->Integer(s.floor);
    w->Key("ceiling");
    w->Integer(s.ceiling);
    w->Key("stopped");
    w->String(StopReasonText(s.stopped));
    w->EndObject();
  }
  w->EndArray();
  w->Key("unmatched");
  w->BeginArray();
  for (const UnmatchedAutocluster& u : r.unmatched) {
    w->BeginObject();
    w->Key("submitter");
    w->String(u.submitter);
    w->Key("autocluster");
    w->Integer(u.autocluster);
    w->Key("example_job");
    w->String(u.example_job);
    w->Key("rejections");
    w->Integer(u.rejections);
    w->Key("reason");
    w->String(u.reason);
    w->EndObject();
  }
  w->EndArray();
  if (r.requests_recorded) {
    w->Key("requests");
    w->BeginArray();
    for (const RequestRecord& q : r.requests) {
      w->BeginObject();
      w->Key("job");
      w->String(q.job_name);
      w->Key("submitter");
      w->String(q.submitter);
      w->Key("group");
      w->String(q.group);
      w->Key("spin");
      w->Integer(q.spin);
      w->Key("floor_round");
      w->Bool(q.floor_round);
      w->Key("limit");
      w->Number(q.limit);
      w->Key("limit_used");
      w->Number(q.limit_used);
      w->Key("only_rank_preemption");
      w->Bool(q.only_rank_preemption);
      if (q.matched) {
        w->Key("slot");
        w->String(q.slot_name);
        w->Key("preemption");
        w->String(PreemptStateName(q.preemption));
      } else {
        w->Key("refused");
        w->String(q.refusal);
      }
      w->EndObject();
    }
    w->EndArray();
  }
  if (!r.quirks.empty()) {
    // The HTCondor quirks the cycle's evaluations went through (the names
    // of policy_lint's checks, as policy_explain's "htcondor_quirks").
    w->Key("htcondor_quirks");
    w->BeginArray();
    for (classad::Quirk quirk : r.quirks) w->String(std::string(classad::QuirkName(quirk)));
    w->EndArray();
  }
  if (!r.share_records.empty()) {
    w->Key("share_model");
    explain::WriteShareRecordsJson(r.share_records, w);
  }
  w->Key("phases_ms");
  w->BeginObject();
  w->Key("accountant");
  w->Number(r.phases.accountant);
  w->Key("autoclusters");
  w->Number(r.phases.autoclusters);
  w->Key("matching");
  w->Number(r.phases.matching);
  w->Key("negotiation");
  w->Number(r.phases.negotiation);
  w->Key("total");
  w->Number(r.phases.total);
  w->EndObject();
  w->EndObject();
}

}  // namespace

std::string FormatCycleText(const CycleResult& r, int cycle) {
  std::string out;
  if (cycle > 0) out += StringPrintf("== cycle %d (now %" PRId64 ")\n", cycle, r.now);
  out += StringPrintf(
      "pool: %zu slots (%zu considered), size %g; %zu autoclusters; %zu matches, %" PRId64
      " preemptions\n",
      r.slots_total, r.slots_considered, r.pool_size, r.autoclusters, r.matches.size(),
      r.preemptions);
  if (!r.matches.empty()) {
    out += "\nMatches\n";
    out += StringPrintf("  %-10s %-34s %-34s %-14s %s\n", "job", "slot", "submitter", "reason",
                        "preempts");
    for (const CycleMatch& m : r.matches) {
      std::string preempts = m.preempted_user;
      if (!m.preempted_job.empty()) preempts += " (job " + m.preempted_job + ")";
      out += StringPrintf("  %-10s %-34s %-34s %-14s %s\n", m.job.c_str(), m.slot.c_str(),
                          m.submitter.c_str(), PreemptStateName(m.reason), preempts.c_str());
    }
  }
  if (!r.groups.empty()) {
    out += "\nGroups\n";
    out += GroupsText(r.groups);
  }
  if (!r.submitters.empty()) {
    out += "\nSubmitters\n";
    // A share model's own priorities (DIRAC's: the sum of the submitter's
    // task-queue priorities) stand where the pie's EUP stands.
    const char* priority = r.share_records.empty() ? "EUP" : "priority";
    out += StringPrintf("  %-34s %-16s %12s %7s %9s %9s %9s %6s %6s  %s\n", "submitter", "group",
                        priority, "share", "limit", "use-start", "use-end", "idle", "match",
                        "stopped");
    for (const SubmitterOutcome& s : r.submitters) {
      out += StringPrintf("  %-34s %-16s %12.2f %7.4f %9.2f %9.2f %9.2f %6" PRId64 " %6" PRId64
                          "  %s\n",
                          s.name.c_str(), s.group.c_str(), s.priority, s.share, s.limit,
                          s.usage_start, s.usage_end, s.idle, s.matches, StopReasonText(s.stopped));
    }
  }
  if (!r.unmatched.empty()) {
    out += "\nUnmatched autoclusters\n";
    for (const UnmatchedAutocluster& u : r.unmatched) {
      out += StringPrintf("  %-34s autocluster %-5u (job %s): %s\n", u.submitter.c_str(),
                          u.autocluster, u.example_job.c_str(), u.reason.c_str());
    }
  }
  out += explain::ShareRecordsText(r.share_records);
  if (!r.quirks.empty()) {
    out += "\nHTCondor quirks met by this cycle's evaluations (its decisions may depend on them)\n";
    for (classad::Quirk quirk : r.quirks) {
      out += "  " + std::string(classad::QuirkName(quirk)) + ": " +
             std::string(classad::QuirkDescription(quirk)) + "\n";
    }
  }
  return out;
}

std::string FormatCycleJson(const CycleResult& result, int cycle) {
  JsonWriter w;
  WriteCycle(result, cycle, &w);
  std::string text = w.text();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

std::string FormatCyclesJson(const std::vector<CycleResult>& results) {
  JsonWriter w;
  w.BeginObject();
  w.Key("cycles");
  w.BeginArray();
  for (size_t i = 0; i < results.size(); ++i) WriteCycle(results[i], static_cast<int>(i + 1), &w);
  w.EndArray();
  w.EndObject();
  return w.text();
}

}  // namespace negotiator
