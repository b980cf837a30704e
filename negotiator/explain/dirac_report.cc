// DIRAC's share records rendered (dirac_report.h).
#include "negotiator/explain/dirac_report.h"

#include <algorithm>
#include <cinttypes>
#include <optional>

#include "negotiator/explain/string_printf.h"

namespace negotiator::explain {
namespace {

using classad::JsonWriter;
using dirac::CorrectionRecord;
using dirac::DiracShareRecords;
using dirac::EntityCorrectionRecord;
using dirac::PilotRecord;
using dirac::SpanFactorRecord;
using dirac::TaskQueue;
using dirac::TaskQueuePriorityRecord;

std::string Joined(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& v : values) out += (out.empty() ? "" : ",") + v;
  return out.empty() ? "-" : out;
}

std::string Ids(const std::vector<int64_t>& ids) {
  std::string out;
  for (int64_t id : ids) out += (out.empty() ? "" : ", ") + std::to_string(id);
  return out;
}

// One queue's steps, in the order DIRAC takes them.
void AppendSteps(const TaskQueuePriorityRecord& p, double first_choice, std::string* out) {
  *out += StringPrintf("    1. group %s: JobShare %g%s%s", p.group.c_str(), p.group_share,
                       p.group_in_registry ? "" : " (not in the Registry: the default)",
                       p.job_sharing ? ", JobSharing" : "");
  if (p.group_correction != 1) {
    *out += StringPrintf(" x groups' correction %.6g = %g", p.group_correction,
                         p.corrected_group_share);
  }
  *out += "\n";
  if (p.job_sharing) {
    *out += StringPrintf("    2. one entity, the group: E = %g\n", p.entity_share);
  } else {
    *out +=
        StringPrintf("    2. entity %s: %g / U = %" PRId64 " owners with a queue = %g",
                     p.entity.c_str(), p.corrected_group_share, p.owners_in_group, p.split_share);
    if (p.user_correction != 1)
      *out += StringPrintf(" x owner's correction %.6g", p.user_correction);
    *out += StringPrintf(": E = %g\n", p.entity_share);
  }
  if (!p.recalculated) {
    *out += "    3. no jobs: not recalculated, its priority kept\n";
    return;
  }
  *out += StringPrintf("    3. W = average weight of its %zu jobs = %g%s\n", p.jobs, p.weight,
                       p.background ? " (<= 0.1 with AllowBackgroundTQs: a background queue)" : "");
  if (p.background) {
    *out += "    4. background: priority 0.001, left out of the entity's sum\n";
  } else {
    *out += StringPrintf("    4. E / sum W x W = %g / %g x %g = %.6g", p.entity_share,
                         p.entity_weight_sum, p.weight, p.raw_priority);
    *out += p.floor_applied ? StringPrintf("; below the floor: %g\n", p.floored_priority) : "\n";
  }
  if (p.merged_with.empty()) {
    *out += "    5. no queue of the entity differs only in sites: not merged\n";
  } else {
    *out += StringPrintf(
        "    5. merged with queue(s) %s (differing only in sites or requirements): "
        "sum %.6g\n",
        Ids(p.merged_with).c_str(), p.merged_priority);
  }
  *out += StringPrintf(
      "    6. stored with four decimals: %.4f; a pilot that can run every queue takes "
      "it first with probability %.4f\n",
      p.stored_priority, first_choice);
}

void AppendCorrection(const CorrectionRecord& c, std::string* out) {
  *out += StringPrintf("  instance %s: %s\n", c.instance.c_str(),
                       c.applied ? "applied" : ("not applied: " + c.why_not).c_str());
  for (const EntityCorrectionRecord& e : c.entities) {
    *out += StringPrintf("    %s: share %g (normalised %.6g)\n", e.entity.c_str(), e.share,
                         e.normalised_share);
    for (const SpanFactorRecord& s : e.spans) {
      if (s.skipped) {
        *out +=
            StringPrintf("      span %s: skipped (no usage among the entities)\n", s.span.c_str());
      } else if (!s.present) {
        *out += StringPrintf("      span %s: absent, the span's maximum %g\n", s.span.c_str(),
                             s.factor);
      } else {
        *out += StringPrintf(
            "      span %s: usage %g (normalised %.6g), ratio %.6g, clamped %.6g x "
            "weight %.6g = %.6g%s\n",
            s.span.c_str(), s.usage, s.normalised_usage, s.ratio, s.clamped, s.weight, s.factor,
            s.zero_usage ? " (zero usage: DIRAC divides by 0)" : "");
      }
    }
    *out += StringPrintf("      sum %.6g%s: factor %.6g, corrected share %g\n", e.span_sum,
                         e.clamped_globally ? ", clamped by MaxGlobalCorrection" : "", e.factor,
                         e.corrected_share);
  }
  for (const std::string& w : c.warnings) *out += "    warning: " + w + "\n";
}

void WriteQueueJson(const TaskQueue& q, const TaskQueuePriorityRecord& p, const std::string& sub,
                    double first_choice, JsonWriter* w) {
  auto list = [&](const char* key, const std::vector<std::string>& values) {
    w->Key(key);
    w->BeginArray();
    for (const std::string& v : values) w->String(v);
    w->EndArray();
  };
  w->BeginObject();
  w->Key("id");
  w->Integer(q.id);
  w->Key("owner");
  w->String(q.owner);
  w->Key("group");
  w->String(q.group);
  w->Key("submitter");
  w->String(sub);
  w->Key("cpu_time");
  w->Integer(q.cpu_time);
  list("sites", q.sites);
  list("banned_sites", q.banned_sites);
  list("grid_ces", q.grid_ces);
  list("platforms", q.platforms);
  list("job_types", q.job_types);
  list("tags", q.tags);
  w->Key("jobs");
  w->Integer(static_cast<int64_t>(q.jobs.size()));
  w->Key("steps");
  w->BeginObject();
  w->Key("group_in_registry");
  w->Bool(p.group_in_registry);
  w->Key("job_sharing");
  w->Bool(p.job_sharing);
  w->Key("group_share");
  w->Number(p.group_share);
  w->Key("group_correction");
  w->Number(p.group_correction);
  w->Key("corrected_group_share");
  w->Number(p.corrected_group_share);
  w->Key("entity");
  w->String(p.entity);
  w->Key("owners_in_group");
  w->Integer(p.owners_in_group);
  w->Key("split_share");
  w->Number(p.split_share);
  w->Key("user_correction");
  w->Number(p.user_correction);
  w->Key("entity_share");
  w->Number(p.entity_share);
  w->Key("recalculated");
  w->Bool(p.recalculated);
  w->Key("weight");
  w->Number(p.weight);
  w->Key("background");
  w->Bool(p.background);
  w->Key("entity_weight_sum");
  w->Number(p.entity_weight_sum);
  w->Key("raw_priority");
  w->Number(p.raw_priority);
  w->Key("floor_applied");
  w->Bool(p.floor_applied);
  w->Key("floored_priority");
  w->Number(p.floored_priority);
  w->Key("merged_with");
  w->BeginArray();
  for (int64_t id : p.merged_with) w->Integer(id);
  w->EndArray();
  w->Key("merged_priority");
  w->Number(p.merged_priority);
  w->Key("stored_priority");
  w->Number(p.stored_priority);
  w->EndObject();
  w->Key("first_choice");
  w->Number(first_choice);
  w->EndObject();
}

void WriteCorrectionJson(const CorrectionRecord& c, JsonWriter* w) {
  w->BeginObject();
  w->Key("instance");
  w->String(c.instance);
  w->Key("applied");
  w->Bool(c.applied);
  w->Key("why_not");
  w->String(c.why_not);
  w->Key("entities");
  w->BeginArray();
  for (const EntityCorrectionRecord& e : c.entities) {
    w->BeginObject();
    w->Key("entity");
    w->String(e.entity);
    w->Key("share");
    w->Number(e.share);
    w->Key("spans");
    w->BeginArray();
    for (const SpanFactorRecord& s : e.spans) {
      w->BeginObject();
      w->Key("span");
      w->String(s.span);
      w->Key("skipped");
      w->Bool(s.skipped);
      w->Key("present");
      w->Bool(s.present);
      w->Key("usage");
      w->Number(s.usage);
      w->Key("ratio");
      w->Number(s.ratio);
      w->Key("clamped");
      w->Number(s.clamped);
      w->Key("weight");
      w->Number(s.weight);
      w->Key("factor");
      w->Number(s.factor);
      w->EndObject();
    }
    w->EndArray();
    w->Key("factor");
    w->Number(e.factor);
    w->Key("clamped_globally");
    w->Bool(e.clamped_globally);
    w->Key("corrected_share");
    w->Number(e.corrected_share);
    w->EndObject();
  }
  w->EndArray();
  w->Key("warnings");
  w->BeginArray();
  for (const std::string& warning : c.warnings) w->String(warning);
  w->EndArray();
  w->EndObject();
}

std::string JobIdText(const dirac::CondorJobId& id) {
  return StringPrintf("%" PRId64 ".%" PRId64, id.cluster, id.proc);
}

// Where job `job_id` is in the records: its queue and its index there.
struct JobPlace {
  size_t queue = 0;
  size_t job = 0;
};
std::optional<JobPlace> FindJob(const DiracShareRecords& r, std::string_view job_id) {
  const size_t n = std::min(r.task_queues.size(), r.job_ids.size());
  for (size_t q = 0; q < n; ++q) {
    for (size_t j = 0; j < r.job_ids[q].size(); ++j) {
      if (JobIdText(r.job_ids[q][j]) == job_id) return JobPlace{q, j};
    }
  }
  return std::nullopt;
}

// The queue (index into the records' queues) of id `task_queue`, or n.
size_t QueueIndex(const DiracShareRecords& r, int64_t task_queue) {
  const size_t n = std::min(r.task_queues.size(), r.priorities.task_queues.size());
  for (size_t q = 0; q < n; ++q) {
    if (r.task_queues[q].id == task_queue) return q;
  }
  return n;
}

std::string PilotDrawText(const PilotRecord& p) {
  return StringPrintf(
      "TQ %" PRId64 " came first with probability %.4f among the %zu queue(s) with jobs that "
      "slot could run; priority value %" PRId64 " drawn, the job among %zu with that value "
      "(the 50 lowest ids at most); slot weight charged %g",
      p.task_queue, p.first_choice, p.eligible, p.priority_drawn, p.candidates, p.cost);
}

void WritePilotFields(const PilotRecord& p, JsonWriter* w) {
  w->Key("slot");
  w->String(p.slot);
  w->Key("eligible");
  w->Integer(static_cast<int64_t>(p.eligible));
  w->Key("task_queue");
  w->Integer(p.task_queue);
  if (p.task_queue != 0) {
    w->Key("first_choice");
    w->Number(p.first_choice);
    w->Key("job");
    w->String(p.job);
    w->Key("submitter");
    w->String(p.submitter);
    w->Key("priority_drawn");
    w->Integer(p.priority_drawn);
    w->Key("candidates");
    w->Integer(static_cast<int64_t>(p.candidates));
    w->Key("cost");
    w->Number(p.cost);
  }
}

}  // namespace

const PilotRecord* PilotOfJob(const DiracShareRecords& r, std::string_view job_id) {
  for (const PilotRecord& p : r.pilots) {
    if (p.task_queue != 0 && p.job == job_id) return &p;
  }
  return nullptr;
}

const PilotRecord* PilotOfSlot(const DiracShareRecords& r, std::string_view slot) {
  for (const PilotRecord& p : r.pilots) {
    if (p.slot == slot) return &p;
  }
  return nullptr;
}

std::string DiracJobText(const DiracShareRecords& r, std::string_view job_id) {
  const std::optional<JobPlace> place = FindJob(r, job_id);
  if (!place) return "";
  const TaskQueue& t = r.task_queues[place->queue];
  const dirac::DiracJob& job = t.jobs[place->job];
  std::string out = StringPrintf(
      "\nJob %s (negotiation %s): DIRAC job %" PRId64 ", JDL priority %" PRId64
      " (weight %g), in TQ %" PRId64 " (%s, %s; submitter %s; %zu jobs)\n",
      std::string(job_id).c_str(), r.group.c_str(), job.id, job.priority,
      dirac::JobPriorityWeight(job.priority), t.id, t.owner.c_str(), t.group.c_str(),
      r.submitters[place->queue].c_str(), t.jobs.size());
  if (place->queue < r.priorities.task_queues.size()) {
    out += StringPrintf("  TQ %" PRId64 "'s priority, step by step\n", t.id);
    AppendSteps(r.priorities.task_queues[place->queue], r.first_choice[place->queue], &out);
  }
  if (const PilotRecord* p = PilotOfJob(r, job_id); p != nullptr) {
    out += "  Taken by the pilot of " + p->slot + ": " + PilotDrawText(*p) + "\n";
  } else {
    size_t from_queue = 0;
    for (const PilotRecord& p : r.pilots) from_queue += p.task_queue == t.id ? 1 : 0;
    out += StringPrintf(
        "  No pilot took it: %zu of the %zu slots that asked took a job of TQ %" PRId64
        ", each drawn among the 50 lowest ids of the priority value drawn\n",
        from_queue, r.pilots.size(), t.id);
  }
  return out;
}

std::string DiracPilotText(const DiracShareRecords& r, std::string_view slot) {
  const PilotRecord* p = PilotOfSlot(r, slot);
  if (p == nullptr) return "";
  std::string out = StringPrintf(
      "\nSlot %s (negotiation %s): %zu task queue(s) with jobs left could run there\n",
      p->slot.c_str(), r.group.c_str(), p->eligible);
  if (p->task_queue == 0) {
    out += "  It took nothing: no queue it could run had jobs left\n";
    return out;
  }
  out += StringPrintf("  It took job %s of %s: ", p->job.c_str(), p->submitter.c_str()) +
         PilotDrawText(*p) + "\n";
  const size_t q = QueueIndex(r, p->task_queue);
  if (q < r.priorities.task_queues.size()) {
    const TaskQueue& t = r.task_queues[q];
    out += StringPrintf("  TQ %" PRId64 " (%s, %s)'s priority, step by step\n", t.id,
                        t.owner.c_str(), t.group.c_str());
    AppendSteps(r.priorities.task_queues[q], r.first_choice[q], &out);
  }
  return out;
}

bool WriteDiracJobJson(const DiracShareRecords& r, std::string_view job_id, JsonWriter* w) {
  const std::optional<JobPlace> place = FindJob(r, job_id);
  if (!place) return false;
  const TaskQueue& t = r.task_queues[place->queue];
  w->BeginObject();
  w->Key("job");
  w->String(std::string(job_id));
  w->Key("negotiation");
  w->String(r.group);
  w->Key("dirac_job");
  w->Integer(t.jobs[place->job].id);
  w->Key("jdl_priority");
  w->Integer(t.jobs[place->job].priority);
  w->Key("task_queue");
  if (place->queue < r.priorities.task_queues.size()) {
    WriteQueueJson(t, r.priorities.task_queues[place->queue], r.submitters[place->queue],
                   r.first_choice[place->queue], w);
  } else {
    w->Integer(t.id);
  }
  w->Key("pilot");
  if (const PilotRecord* p = PilotOfJob(r, job_id); p != nullptr) {
    w->BeginObject();
    WritePilotFields(*p, w);
    w->EndObject();
  } else {
    w->Null();
  }
  w->EndObject();
  return true;
}

bool WriteDiracPilotJson(const DiracShareRecords& r, std::string_view slot, JsonWriter* w) {
  const PilotRecord* p = PilotOfSlot(r, slot);
  if (p == nullptr) return false;
  w->BeginObject();
  w->Key("negotiation");
  w->String(r.group);
  WritePilotFields(*p, w);
  const size_t q = p->task_queue != 0 ? QueueIndex(r, p->task_queue) : r.task_queues.size();
  if (q < r.priorities.task_queues.size()) {
    w->Key("queue");
    WriteQueueJson(r.task_queues[q], r.priorities.task_queues[q], r.submitters[q],
                   r.first_choice[q], w);
  }
  w->EndObject();
  return true;
}

std::string DiracRecordsText(const DiracShareRecords& r) {
  std::string out = StringPrintf("\nDIRAC task queues (negotiation %s, seed %" PRIu64 ")\n",
                                 r.group.c_str(), r.seed);
  out += StringPrintf("  %4s %-16s %-16s %-28s %5s %10s %8s  %s\n", "TQ", "owner", "group",
                      "submitter", "jobs", "priority", "first", "sites / banned");
  const size_t n = std::min(r.task_queues.size(), r.priorities.task_queues.size());
  for (size_t q = 0; q < n; ++q) {
    const TaskQueue& t = r.task_queues[q];
    out += StringPrintf("  %4" PRId64 " %-16s %-16s %-28s %5zu %10.4f %8.4f  %s / %s\n", t.id,
                        t.owner.c_str(), t.group.c_str(), r.submitters[q].c_str(), t.jobs.size(),
                        r.priorities.task_queues[q].stored_priority, r.first_choice[q],
                        Joined(t.sites).c_str(), Joined(t.banned_sites).c_str());
  }
  if (!r.correction_note.empty()) out += "\n  Share correction: " + r.correction_note + "\n";
  if (!r.corrections.empty()) {
    out += "\nShare corrections\n";
    for (const CorrectionRecord& c : r.corrections) AppendCorrection(c, &out);
  }
  out += "\nEach task queue's priority, step by step\n";
  for (size_t q = 0; q < n; ++q) {
    const TaskQueuePriorityRecord& p = r.priorities.task_queues[q];
    out +=
        StringPrintf("  TQ %" PRId64 " (%s, %s)\n", p.task_queue, p.owner.c_str(), p.group.c_str());
    AppendSteps(p, r.first_choice[q], &out);
  }
  size_t idle_pilots = 0;
  for (const PilotRecord& p : r.pilots) idle_pilots += p.task_queue == 0 ? 1 : 0;
  out += StringPrintf("\nPilots (%zu slots asked; %zu found no queue they could run)\n",
                      r.pilots.size(), idle_pilots);
  for (const PilotRecord& p : r.pilots) {
    if (p.task_queue == 0) continue;
    out +=
        StringPrintf("  %-34s TQ %-4" PRId64
                     " (first with p %.4f among %zu) job %-10s priority %" PRId64 " (among %zu)\n",
                     p.slot.c_str(), p.task_queue, p.first_choice, p.eligible, p.job.c_str(),
                     p.priority_drawn, p.candidates);
  }
  return out;
}

void WriteDiracRecordsJson(const DiracShareRecords& r, JsonWriter* w) {
  w->BeginObject();
  w->Key("model");
  w->String("dirac");
  w->Key("negotiation");
  w->String(r.group);
  w->Key("seed");
  w->String(std::to_string(r.seed));
  w->Key("task_queues");
  w->BeginArray();
  const size_t n = std::min(r.task_queues.size(), r.priorities.task_queues.size());
  for (size_t q = 0; q < n; ++q) {
    WriteQueueJson(r.task_queues[q], r.priorities.task_queues[q], r.submitters[q],
                   r.first_choice[q], w);
  }
  w->EndArray();
  w->Key("correction_note");
  w->String(r.correction_note);
  w->Key("corrections");
  w->BeginArray();
  for (const CorrectionRecord& c : r.corrections) WriteCorrectionJson(c, w);
  w->EndArray();
  w->Key("pilots");
  w->BeginArray();
  for (const PilotRecord& p : r.pilots) {
    w->BeginObject();
    WritePilotFields(p, w);
    w->EndObject();
  }
  w->EndArray();
  w->EndObject();
}

std::string ShareRecordsText(const std::vector<std::shared_ptr<const ShareRecords>>& records) {
  std::string out;
  for (const std::shared_ptr<const ShareRecords>& r : records) {
    if (const auto* d = dynamic_cast<const DiracShareRecords*>(r.get()))
      out += DiracRecordsText(*d);
  }
  return out;
}

void WriteShareRecordsJson(const std::vector<std::shared_ptr<const ShareRecords>>& records,
                           JsonWriter* w) {
  w->BeginArray();
  for (const std::shared_ptr<const ShareRecords>& r : records) {
    if (const auto* d = dynamic_cast<const DiracShareRecords*>(r.get())) {
      WriteDiracRecordsJson(*d, w);
    }
  }
  w->EndArray();
}

}  // namespace negotiator::explain
