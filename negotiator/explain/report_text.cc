// The text reports (report.h).
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <string>

#include "negotiator/explain/report.h"

namespace negotiator::explain {
namespace {

using classad::Op;
using classad::Value;

// The column the clause text starts at after the mark and the value.
constexpr int kMarkWidth = 3;
constexpr size_t kValueWidth = 9;

void Line(int indent, const std::string& text, std::string* out) {
  out->append(static_cast<size_t>(indent), ' ');
  *out += text;
  *out += '\n';
}

std::string Padded(std::string text, size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

const char* SourceNote(AttributeSource source) {
  switch (source) {
    case AttributeSource::kMyBound:
    case AttributeSource::kTargetBound:
      return "  (ephemeral, bound)";
    case AttributeSource::kAbsent:
      return "  (in neither ad)";
    default:
      return "";
  }
}

// A number of slots, licences...: whole numbers without a fraction.
std::string Quantity(double x) {
  if (x == std::floor(x) && std::fabs(x) < 1e15) return std::to_string(static_cast<int64_t>(x));
  return FormatValue(Value::Real(x));
}

void Member(const Clause& m, int indent, classad::Op chain, const TextOptions& options,
            std::string* out);

// Whether the operands of `c`'s comparison say no more than its text: a
// true equality of an attribute with a constant (`TARGET.Arch == "X86_64"`).
bool Redundant(const Clause& c) {
  if (!c.comparison.has_value()) return true;
  const Comparison& cmp = *c.comparison;
  return (cmp.left.literal || cmp.right.literal) && (cmp.relation == "==" || cmp.relation == "=?=");
}

// What is below clause `c` (whose own line is written): its operands
// (when `operands`), the attributes it read, and when `expand` its
// definition and its members.
void Body(const Clause& c, int indent, bool operands, bool expand, const TextOptions& options,
          std::string* out) {
  if (operands && c.comparison.has_value() &&
      !(c.comparison->left.literal && c.comparison->right.literal)) {
    Line(indent, c.comparison->ToString(), out);
  }
  for (const AttributeReading& a : c.attributes) {
    Line(indent, a.name + " = " + FormatValue(a.value) + SourceNote(a.source), out);
  }
  if (!expand) return;
  if (!c.definition.empty()) {
    const Clause& d = c.definition.front();
    Line(indent, c.defined_as + " = " + d.text, out);
    Body(d, indent + 2, true, true, options, out);
  }
  for (const Clause& m : c.clauses) Member(m, indent, c.chain, options, out);
  if (c.truncated) Line(indent, "(not explained further: an explainer limit was reached)", out);
}

// One member of a chain of `chain`: its line, then what is below it when
// it is worth showing: everything when it is not true, when verbose, for
// the member that decided an `||` and for a deciding member that is itself
// a chain (how it decided); the operands of every deciding comparison that
// are not plain in its text.
void Member(const Clause& m, int indent, classad::Op chain, const TextOptions& options,
            std::string* out) {
  std::string line = m.decided ? "=> " : "   ";
  line += Padded(FormatValue(m.value), kValueWidth);
  line += ' ';
  line += m.text;
  if (!m.evaluated) line += "  [not evaluated]";
  Line(indent, line, out);
  const bool expand = !m.IsTrue() || options.verbose ||
                      (m.decided && (chain == classad::Op::kOr || m.chain != classad::Op::kNone));
  const bool operands = expand || (m.decided && !Redundant(m));
  Body(m, indent + kMarkWidth + static_cast<int>(kValueWidth) + 1, operands, expand, options,
       out);
}

// A titled expression: its value, its text, then its members or details.
void Section(const std::string& title, bool set, const Clause& root, const TextOptions& options,
             std::string* out) {
  if (!set) {
    Line(0, title + ": not set", out);
    return;
  }
  Line(0, title + ": " + FormatValue(root.value), out);
  Line(2, root.text, out);
  Body(root, 2, true, true, options, out);
}

std::string RankNumber(const RankExplanation& rank) {
  if (rank.rank == -DBL_MAX) return "-DBL_MAX";
  return FormatValue(Value::Real(rank.rank));
}

void Ranks(const MatchExplanation& m, const TextOptions& options, std::string* out) {
  Line(0, "Ranks:", out);
  auto one = [&](const std::string& label, const RankExplanation& r, const std::string& note) {
    if (!r.set) {
      Line(2, label + ": not set" + note, out);
      return;
    }
    Line(2, label + " = " + FormatValue(r.clause.value) + note, out);
    if (r.clause.text != FormatValue(r.clause.value)) Line(4, r.clause.text, out);
    if (options.verbose || !(r.clause.value.IsNumber() || r.clause.value.IsBoolean())) {
      Body(r.clause, 4, true, true, options, out);
    }
  };
  one("the job's Rank (MY = job)", m.job_rank,
      !m.job_rank.set ||
              !(m.job_rank.clause.value.IsNumber() || m.job_rank.clause.value.IsBoolean())
          ? " (counts as 0)"
          : "");
  one("the slot's Rank (MY = slot)", m.slot_rank,
      ", CurrentRank = " + FormatValue(m.preemption.current_rank));
  one("NEGOTIATOR_PRE_JOB_RANK", m.pre_job_rank, " (as float: " + RankNumber(m.pre_job_rank) + ")");
  one("NEGOTIATOR_POST_JOB_RANK", m.post_job_rank,
      " (as float: " + RankNumber(m.post_job_rank) + ")");
}

void Limits(const LimitsExplanation& limits, std::string* out) {
  if (!limits.set) {
    Line(0, "Concurrency limits: none", out);
    return;
  }
  Line(0, "Concurrency limits: " + FormatValue(limits.value) +
              (limits.needs_slot ? " (depends on the slot: checked per candidate)" : ""), out);
  if (FormatValue(limits.value) != limits.text) Line(2, "ConcurrencyLimits = " + limits.text, out);
  for (const LimitUse& use : limits.limits) {
    if (!use.valid) {
      Line(2, use.name + ": not a valid limit name: the negotiator skips it", out);
      continue;
    }
    Line(2, use.name + ": needs " + Quantity(use.amount) + ", " + Quantity(use.in_use) +
                " in use of " + Quantity(use.max) + (use.exceeded ? ": reached" : ": fits"),
         out);
  }
}

void Preemption(const MatchExplanation& m, const TextOptions& options, std::string* out) {
  const PreemptionExplanation& p = m.preemption;
  std::string head = "Preemption: ";
  switch (p.kind) {
    case ClaimKind::kUnclaimed:
      head += "none: the slot is unclaimed";
      break;
    case ClaimKind::kNotConsidered:
      head += "not considered (NEGOTIATOR_CONSIDER_PREEMPTION is false); the slot is claimed by " +
              p.remote_user;
      break;
    case ClaimKind::kRank:
      head += "by rank: the slot prefers the job to the one of " + p.remote_user;
      break;
    case ClaimKind::kPriority:
      head += "by priority: the slot is claimed by " + p.remote_user;
      break;
    case ClaimKind::kOwnClaim:
      head += "none: the slot is claimed by the submitter itself";
      break;
  }
  Line(0, head, out);
  if (p.claimed) {
    Line(2, std::string("MY.Rank > MY.CurrentRank: ") + (p.rank_preempts ? "true" : "false") +
                " (Rank = " + FormatValue(m.slot_rank.clause.value) +
                ", CurrentRank = " + FormatValue(p.current_rank) + ")",
         out);
  }
  if (p.kind == ClaimKind::kPriority) {
    Line(2, std::string("MY.Rank >= MY.CurrentRank: ") + (p.rank_at_least ? "true" : "false"),
         out);
  }
  std::string note;
  if (p.kind != ClaimKind::kPriority) note = " (counts only for a priority preemption)";
  if (!p.requirements_set) {
    Line(2, "PREEMPTION_REQUIREMENTS: not set: any claim of another user may be preempted" + note,
         out);
  } else {
    Line(2, "PREEMPTION_REQUIREMENTS (MY = slot, TARGET = job): " +
                FormatValue(p.requirements.value) + note, out);
    Line(4, p.requirements.text, out);
    Body(p.requirements, 4, true, true, options, out);
  }
  if (p.rank.set) {
    Line(2, "PREEMPTION_RANK = " + FormatValue(p.rank.clause.value) + " (as float: " +
                RankNumber(p.rank) + ")" +
                (p.kind == ClaimKind::kUnclaimed ? "; not used without a preemption" : ""),
         out);
    Line(4, p.rank.clause.text, out);
    if (options.verbose) Body(p.rank.clause, 4, true, true, options, out);
  }
}

void Bound(const MatchExplanation& m, std::string* out) {
  Line(0, "Ephemeral attributes bound:", out);
  for (bool on_slot : {false, true}) {
    std::string line = on_slot ? "on the slot:" : "on the job:";
    bool any = false;
    for (const BoundAttribute& b : m.bound) {
      if (b.on_slot != on_slot) continue;
      line += (any ? ", " : " ") + b.name + " = " + FormatValue(b.value) +
              (b.defaulted ? " (default)" : "");
      any = true;
    }
    if (!any) line += " none";
    Line(2, line, out);
  }
}

std::string Plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::string ClauseText(const Clause& clause, int indent, const TextOptions& options) {
  std::string out;
  Body(clause, indent, true, true, options, &out);
  return out;
}

std::string MatchText(const MatchExplanation& m, const PairLabel& label,
                      const TextOptions& options) {
  std::string out;
  std::string head = "Job";
  if (!label.job_id.empty()) head += " " + label.job_id;
  if (!label.job_file.empty()) head += " (" + label.job_file + ")";
  head += " on slot";
  if (!label.slot_name.empty()) head += " " + label.slot_name;
  if (!label.slot_file.empty()) head += " (" + label.slot_file + ")";
  Line(0, head, &out);
  Line(0, "Submitter: " + (m.submitter.empty() ? std::string("(unknown)") : m.submitter), &out);
  std::string verdict = "Result: ";
  if (!m.matches) {
    verdict += "no match";
  } else {
    switch (m.preemption.kind) {
      case ClaimKind::kRank: verdict += "match, by preempting for rank"; break;
      case ClaimKind::kPriority: verdict += "match, by preempting for priority"; break;
      default: verdict += "match"; break;
    }
  }
  Line(0, verdict, &out);
  for (const std::string& reason : m.reasons) Line(2, "- " + reason, &out);
  for (classad::Quirk quirk : m.quirks) {
    Line(2, "- this depended on HTCondor's quirk " + std::string(classad::QuirkName(quirk)) + ": " +
                std::string(classad::QuirkDescription(quirk)),
         &out);
  }
  out += '\n';
  if (m.slot_constraint.has_value()) {
    Section("NEGOTIATOR_SLOT_CONSTRAINT (MY = slot)", true, *m.slot_constraint, options, &out);
    out += '\n';
  }
  if (m.job_constraint.has_value()) {
    Section("NEGOTIATOR_JOB_CONSTRAINT (MY = job)", true, *m.job_constraint, options, &out);
    out += '\n';
  }
  Section("The job's Requirements (MY = job, TARGET = slot)", !m.job_requirements.text.empty(),
          m.job_requirements, options, &out);
  out += '\n';
  Section("The slot's Requirements (MY = slot, TARGET = job)", !m.slot_requirements.text.empty(),
          m.slot_requirements, options, &out);
  out += '\n';
  Ranks(m, options, &out);
  out += '\n';
  Limits(m.limits, &out);
  out += '\n';
  Preemption(m, options, &out);
  out += '\n';
  Bound(m, &out);
  return out;
}

std::string PoolText(const PoolAnalysis& pool, const TextOptions& options) {
  std::string out;
  std::string head = "Pool: " + Plural(pool.slots, "slot", "slots") + ", " +
                     std::to_string(pool.slots_considered) + " considered";
  std::string left_out;
  auto add = [&](size_t n, const char* why) {
    if (n == 0) return;
    left_out += (left_out.empty() ? "" : ", ") + std::to_string(n) + " " + why;
  };
  add(pool.trimmed_by_constraint, "left out by NEGOTIATOR_SLOT_CONSTRAINT");
  add(pool.trimmed_claimed, "claimed, without preemption");
  add(pool.trimmed_retiring, "retiring, without early preemption");
  if (!left_out.empty()) head += " (" + left_out + ")";
  Line(0, head, &out);
  Line(0, "Jobs: " + Plural(pool.jobs, "job", "jobs") + " in " +
              Plural(pool.groups.size(), "group", "groups"), &out);
  for (const JobGroup& g : pool.groups) {
    out += '\n';
    std::string ids;
    for (const std::string& id : g.job_ids) ids += (ids.empty() ? "" : " ") + id;
    if (g.jobs > g.job_ids.size()) ids += " ...";
    Line(0, std::string(g.jobs == 1 ? "Job " : "Jobs ") + ids + " (" +
                Plural(g.jobs, "job", "jobs") + ", submitter " +
                (g.submitter.empty() ? std::string("unknown") : g.submitter) + ")",
         &out);
    if (g.job_constraint_excludes) {
      Line(2, "left out by NEGOTIATOR_JOB_CONSTRAINT: never matched", &out);
      continue;
    }
    if (g.matched == 0) {
      Line(2, "matches no slot", &out);
    } else {
      Line(2, "matches " + std::to_string(g.matched) + " of " +
                  Plural(pool.slots_considered, "slot", "slots") + ": " +
                  std::to_string(g.matched_unclaimed) + " unclaimed, " +
                  std::to_string(g.matched_claimed) + " claimed (a preemption is needed)",
           &out);
    }
    const size_t rejected = g.rejected_by_job + g.rejected_by_slot - g.rejected_by_both;
    if (rejected > 0) {
      Line(2, "rejected by the job's Requirements: " + Plural(g.rejected_by_job, "slot", "slots") +
                  "; by the slot's Requirements: " + Plural(g.rejected_by_slot, "slot", "slots") +
                  "; by both: " + std::to_string(g.rejected_by_both),
           &out);
      Line(2, "rejections by the clause that decided them:", &out);
      for (const RejectingClause& r : g.rejections) {
        std::string line = Padded(std::to_string(r.slots), 6) + (r.slot_side ? "slot  " : "job   ") +
                           r.text;
        if (!r.within.empty()) {
          std::string within;
          for (const std::string& w : r.within) within += (within.empty() ? "" : " > ") + w;
          line += "  (in " + within + ")";
        }
        Line(4, line, &out);
      }
    }
    if (g.job_clauses.size() > 1 || options.verbose) {
      Line(2, "the job's Requirements, clause by clause (slots for which it is true):", &out);
      for (const ClauseTally& t : g.job_clauses) {
        Line(4, Padded(std::to_string(t.true_slots), 6) + t.text, &out);
      }
    }
  }
  return out;
}

}  // namespace negotiator::explain
