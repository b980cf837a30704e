// The JSON reports (report.h); the format is described in docs/explain.md.
#include <cfloat>
#include <string>

#include "classad/json_writer.h"
#include "negotiator/explain/report.h"

namespace negotiator::explain {
namespace {

using classad::JsonQuote;
using classad::JsonWriter;
using classad::Op;

void WriteClause(const Clause& c, JsonWriter* w);

void WriteOperand(const Operand& o, JsonWriter* w) {
  w->BeginObject();
  w->Key("text");
  w->String(o.text);
  w->Key("value");
  w->ClassAdValue(o.value);
  w->Key("literal");
  w->Bool(o.literal);
  w->EndObject();
}

void WriteClause(const Clause& c, JsonWriter* w) {
  w->BeginObject();
  w->Key("text");
  w->String(c.text);
  w->Key("value");
  w->ClassAdValue(c.value);
  w->Key("decided");
  w->Bool(c.decided);
  w->Key("evaluated");
  w->Bool(c.evaluated);
  if (c.chain != Op::kNone) {
    w->Key("chain");
    w->String(classad::OpSpelling(c.chain));
    w->Key("clauses");
    w->BeginArray();
    for (const Clause& m : c.clauses) WriteClause(m, w);
    w->EndArray();
  }
  if (!c.definition.empty()) {
    w->Key("definition");
    w->BeginObject();
    w->Key("attribute");
    w->String(c.defined_as);
    w->Key("expression");
    WriteClause(c.definition.front(), w);
    w->EndObject();
  }
  if (c.comparison.has_value()) {
    const Comparison& cmp = *c.comparison;
    w->Key("comparison");
    w->BeginObject();
    w->Key("left");
    WriteOperand(cmp.left, w);
    w->Key("operator");
    w->String(classad::OpSpelling(cmp.op));
    w->Key("relation");
    w->String(cmp.relation);
    w->Key("right");
    WriteOperand(cmp.right, w);
    w->Key("text");
    w->String(cmp.ToString());
    w->EndObject();
  }
  if (!c.attributes.empty()) {
    w->Key("attributes");
    w->BeginArray();
    for (const AttributeReading& a : c.attributes) {
      w->BeginObject();
      w->Key("name");
      w->String(a.name);
      w->Key("value");
      w->ClassAdValue(a.value);
      w->Key("source");
      w->String(AttributeSourceName(a.source));
      w->EndObject();
    }
    w->EndArray();
  }
  if (c.truncated) {
    w->Key("truncated");
    w->Bool(true);
  }
  w->EndObject();
}

// An optional expression: null when not set.
void WriteOptionalClause(bool set, const Clause& c, JsonWriter* w) {
  if (set) {
    WriteClause(c, w);
  } else {
    w->Null();
  }
}

void WriteRank(const RankExplanation& r, JsonWriter* w) {
  w->BeginObject();
  w->Key("name");
  w->String(r.name);
  w->Key("set");
  w->Bool(r.set);
  w->Key("rank");
  if (r.rank == -DBL_MAX) {
    w->String("-DBL_MAX");
  } else {
    w->Number(r.rank);
  }
  w->Key("expression");
  WriteOptionalClause(r.set, r.clause, w);
  w->EndObject();
}

}  // namespace

std::string MatchJson(const MatchExplanation& m, const PairLabel& label) {
  JsonWriter w;
  w.BeginObject();
  w.Key("mode");
  w.String("pair");
  w.Key("job");
  w.BeginObject();
  w.Key("id");
  w.String(label.job_id);
  w.Key("file");
  w.String(label.job_file);
  w.EndObject();
  w.Key("slot");
  w.BeginObject();
  w.Key("name");
  w.String(label.slot_name);
  w.Key("file");
  w.String(label.slot_file);
  w.EndObject();
  w.Key("submitter");
  w.String(m.submitter);
  w.Key("matches");
  w.Bool(m.matches);
  w.Key("preemption_kind");
  w.String(ClaimKindName(m.preemption.kind));
  w.Key("reasons");
  w.BeginArray();
  for (const std::string& reason : m.reasons) w.String(reason);
  w.EndArray();
  if (!m.quirks.empty()) {
    w.Key("htcondor_quirks");
    w.BeginArray();
    for (classad::Quirk quirk : m.quirks) w.String(std::string(classad::QuirkName(quirk)));
    w.EndArray();
  }
  w.Key("slot_trimmed");
  w.Bool(m.slot_trimmed);
  w.Key("slot_constraint");
  WriteOptionalClause(m.slot_constraint.has_value(),
                      m.slot_constraint.has_value() ? *m.slot_constraint : Clause{}, &w);
  w.Key("job_constraint");
  WriteOptionalClause(m.job_constraint.has_value(),
                      m.job_constraint.has_value() ? *m.job_constraint : Clause{}, &w);
  w.Key("job_requirements");
  WriteOptionalClause(!m.job_requirements.text.empty(), m.job_requirements, &w);
  w.Key("slot_requirements");
  WriteOptionalClause(!m.slot_requirements.text.empty(), m.slot_requirements, &w);
  w.Key("requirements_match");
  w.Bool(m.requirements_match);
  w.Key("job_rank");
  WriteRank(m.job_rank, &w);
  w.Key("slot_rank");
  WriteRank(m.slot_rank, &w);
  w.Key("pre_job_rank");
  WriteRank(m.pre_job_rank, &w);
  w.Key("post_job_rank");
  WriteRank(m.post_job_rank, &w);

  w.Key("concurrency_limits");
  w.BeginObject();
  w.Key("set");
  w.Bool(m.limits.set);
  w.Key("text");
  w.String(m.limits.text);
  w.Key("value");
  w.ClassAdValue(m.limits.value);
  w.Key("needs_slot");
  w.Bool(m.limits.needs_slot);
  w.Key("rejects");
  w.Bool(m.limits.rejects);
  w.Key("limits");
  w.BeginArray();
  for (const LimitUse& use : m.limits.limits) {
    w.BeginObject();
    w.Key("name");
    w.String(use.name);
    w.Key("amount");
    w.Number(use.amount);
    w.Key("in_use");
    w.Number(use.in_use);
    w.Key("max");
    w.Number(use.max);
    w.Key("valid");
    w.Bool(use.valid);
    w.Key("exceeded");
    w.Bool(use.exceeded);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();

  const PreemptionExplanation& p = m.preemption;
  w.Key("preemption");
  w.BeginObject();
  w.Key("kind");
  w.String(ClaimKindName(p.kind));
  w.Key("claimed");
  w.Bool(p.claimed);
  w.Key("remote_user");
  w.String(p.remote_user);
  w.Key("current_rank");
  w.ClassAdValue(p.current_rank);
  w.Key("rank_preempts");
  w.Bool(p.rank_preempts);
  w.Key("rank_at_least");
  w.Bool(p.rank_at_least);
  w.Key("requirements");
  WriteOptionalClause(p.requirements_set, p.requirements, &w);
  w.Key("requirements_allow");
  w.Bool(p.requirements_allow);
  w.Key("rank");
  WriteRank(p.rank, &w);
  w.EndObject();

  w.Key("bound");
  w.BeginArray();
  for (const BoundAttribute& b : m.bound) {
    w.BeginObject();
    w.Key("name");
    w.String(b.name);
    w.Key("on");
    w.String(b.on_slot ? "slot" : "job");
    w.Key("value");
    w.ClassAdValue(b.value);
    w.Key("default");
    w.Bool(b.defaulted);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return w.text();
}

std::string PoolJson(const PoolAnalysis& pool) {
  JsonWriter w;
  w.BeginObject();
  w.Key("mode");
  w.String("pool");
  w.Key("jobs");
  w.Integer(static_cast<int64_t>(pool.jobs));
  w.Key("slots");
  w.Integer(static_cast<int64_t>(pool.slots));
  w.Key("slots_considered");
  w.Integer(static_cast<int64_t>(pool.slots_considered));
  w.Key("trimmed");
  w.BeginObject();
  w.Key("slot_constraint");
  w.Integer(static_cast<int64_t>(pool.trimmed_by_constraint));
  w.Key("claimed_without_preemption");
  w.Integer(static_cast<int64_t>(pool.trimmed_claimed));
  w.Key("retiring");
  w.Integer(static_cast<int64_t>(pool.trimmed_retiring));
  w.EndObject();
  w.Key("groups");
  w.BeginArray();
  for (const JobGroup& g : pool.groups) {
    auto count = [&](const char* key, size_t n) {
      w.Key(key);
      w.Integer(static_cast<int64_t>(n));
    };
    w.BeginObject();
    w.Key("job_ids");
    w.BeginArray();
    for (const std::string& id : g.job_ids) w.String(id);
    w.EndArray();
    count("jobs", g.jobs);
    w.Key("submitter");
    w.String(g.submitter);
    w.Key("job_constraint_excludes");
    w.Bool(g.job_constraint_excludes);
    count("matched", g.matched);
    count("matched_unclaimed", g.matched_unclaimed);
    count("matched_claimed", g.matched_claimed);
    count("rejected_by_job", g.rejected_by_job);
    count("rejected_by_slot", g.rejected_by_slot);
    count("rejected_by_both", g.rejected_by_both);
    w.Key("rejections");
    w.BeginArray();
    for (const RejectingClause& r : g.rejections) {
      w.BeginObject();
      w.Key("side");
      w.String(r.slot_side ? "slot" : "job");
      w.Key("clause");
      w.String(r.text);
      w.Key("within");
      w.BeginArray();
      for (const std::string& name : r.within) w.String(name);
      w.EndArray();
      count("slots", r.slots);
      w.EndObject();
    }
    w.EndArray();
    w.Key("job_clauses");
    w.BeginArray();
    for (const ClauseTally& t : g.job_clauses) {
      w.BeginObject();
      w.Key("clause");
      w.String(t.text);
      count("true_slots", t.true_slots);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return w.text();
}

}  // namespace negotiator::explain
