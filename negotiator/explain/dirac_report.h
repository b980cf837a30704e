// DIRAC's share records rendered (dirac_share_records.h): each task
// queue's priority step by step (group share, correction, split, owner
// correction, the weight average, the floor or background, the merge, the
// four decimals), each correction span by span, each queue's chance of
// being a pilot's first choice, and what each pilot took. Renders the
// records as they are; computes nothing again. Pure functions;
// thread-safe.
#ifndef NEGOTIATOR_EXPLAIN_DIRAC_REPORT_H_
#define NEGOTIATOR_EXPLAIN_DIRAC_REPORT_H_

#include <memory>
#include <string>
#include <vector>

#include "classad/json_writer.h"
#include "negotiator/shares/dirac/dirac_share_records.h"
#include "negotiator/shares/share_model.h"

namespace negotiator::explain {

// One negotiation's records as text, ending with a newline.
std::string DiracRecordsText(const dirac::DiracShareRecords& records);

// The same as one JSON object written into `*w` (docs/dirac.md).
void WriteDiracRecordsJson(const dirac::DiracShareRecords& records, classad::JsonWriter* w);

// Every record of `records` that this file knows how to render (DIRAC's),
// as text, in order; empty when none.
std::string ShareRecordsText(const std::vector<std::shared_ptr<const ShareRecords>>& records);

// The same as a JSON array written into `*w` (an empty array when none).
void WriteShareRecordsJson(const std::vector<std::shared_ptr<const ShareRecords>>& records,
                           classad::JsonWriter* w);

}  // namespace negotiator::explain

#endif  // NEGOTIATOR_EXPLAIN_DIRAC_REPORT_H_
