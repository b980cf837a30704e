// A cycle's result for people (tables) and for scripts (one JSON
// document; docs/negotiator.md describes its fields).
#ifndef NEGOTIATOR_CYCLE_OUTPUT_H_
#define NEGOTIATOR_CYCLE_OUTPUT_H_

#include <string>
#include <vector>

#include "negotiator/cycle.h"

namespace negotiator {

// The matches, then the per-group table (with group quotas), the
// per-submitter table and the unmatched autoclusters, as text. `cycle` is
// the cycle's number when several run (0: do not print one).
std::string FormatCycleText(const CycleResult& result, int cycle = 0);

// The same as one JSON object (no trailing newline). `cycle` as above.
std::string FormatCycleJson(const CycleResult& result, int cycle = 0);

// Several cycles as one JSON document: {"cycles": [...]}.
std::string FormatCyclesJson(const std::vector<CycleResult>& results);

}  // namespace negotiator

#endif  // NEGOTIATOR_CYCLE_OUTPUT_H_
