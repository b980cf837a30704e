// The reports of policy_explain: a match explanation or a pool analysis as
// text for people or as JSON for programs (the JSON format is described in
// docs/explain.md). Pure functions of their arguments; thread-safe.
#ifndef NEGOTIATOR_EXPLAIN_REPORT_H_
#define NEGOTIATOR_EXPLAIN_REPORT_H_

#include <string>

#include "negotiator/explain/clause_explainer.h"
#include "negotiator/explain/match_explainer.h"
#include "negotiator/explain/pool_analysis.h"

namespace negotiator::explain {

// Which ads a match explanation is about, as the report names them.
struct PairLabel {
  std::string job_id;     // "1234.5", or empty
  std::string job_file;   // the file the job ad was read from
  std::string slot_name;  // the slot's Name, or empty
  std::string slot_file;
};

struct TextOptions {
  // Also the parts of clauses that are true (nested clauses, operands).
  bool verbose = false;
};

// The text report of one match: the verdict and its reasons, both
// Requirements clause by clause (`=>` marks the clauses that decided a
// value; `[not evaluated]` those a short-circuit skips), the ranks, the
// concurrency limits, the preemption and the ephemeral attributes bound.
// Ends with a newline.
std::string MatchText(const MatchExplanation& match, const PairLabel& label,
                      const TextOptions& options = {});

// The same as one JSON object (docs/explain.md). Ends with a newline.
std::string MatchJson(const MatchExplanation& match, const PairLabel& label);

// The text report of a pool analysis: the slots left out, then per job
// group the slots matched and the clauses that reject the most slots.
std::string PoolText(const PoolAnalysis& pool, const TextOptions& options = {});

// The same as one JSON object (docs/explain.md).
std::string PoolJson(const PoolAnalysis& pool);

// One explained clause tree as text lines, each starting with `indent`
// spaces (the member clauses of a chain one line each, marked as in
// MatchText). For tests and tools that show a single expression.
std::string ClauseText(const Clause& clause, int indent, const TextOptions& options = {});

}  // namespace negotiator::explain

#endif  // NEGOTIATOR_EXPLAIN_REPORT_H_
