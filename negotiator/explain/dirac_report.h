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
#include <string_view>
#include <vector>

#include "classad/json_writer.h"
#include "negotiator/shares/dirac/dirac_share_records.h"
#include "negotiator/shares/share_model.h"

namespace negotiator::explain {

// One negotiation's records as text, ending with a newline.
std::string DiracRecordsText(const dirac::DiracShareRecords& records);

// The same as one JSON object written into `*w` (docs/dirac.md).
void WriteDiracRecordsJson(const dirac::DiracShareRecords& records, classad::JsonWriter* w);

// Why job `job_id` ("ClusterId.ProcId") got what it got in one
// negotiation, as text: its task queue, the queue's priority step by step,
// and the pilot that took it with that pilot's draw, or that no pilot did
// (how many took jobs of its queue). Empty when no queue of `records`
// holds the job.
std::string DiracJobText(const dirac::DiracShareRecords& records, std::string_view job_id);

// What the pilot of slot `slot` (its Name) got in one negotiation, as
// text: how many queues it could run, the queue it took with its chance
// of coming first among them, the priority value and the job drawn, and
// that queue's priority step by step; or that no queue it could run had
// jobs. Empty when the slot did not ask in this negotiation.
std::string DiracPilotText(const dirac::DiracShareRecords& records, std::string_view slot);

// The pilot record of the pilot that took job `job_id`, or of slot
// `slot`'s pilot; null when there is none.
const dirac::PilotRecord* PilotOfJob(const dirac::DiracShareRecords& records,
                                     std::string_view job_id);
const dirac::PilotRecord* PilotOfSlot(const dirac::DiracShareRecords& records,
                                      std::string_view slot);

// The same two as one JSON object written into `*w`; false, writing
// nothing, when DiracJobText / DiracPilotText would be empty.
bool WriteDiracJobJson(const dirac::DiracShareRecords& records, std::string_view job_id,
                       classad::JsonWriter* w);
bool WriteDiracPilotJson(const dirac::DiracShareRecords& records, std::string_view slot,
                         classad::JsonWriter* w);

// Every record of `records` that this file knows how to render (DIRAC's),
// as text, in order; empty when none.
std::string ShareRecordsText(const std::vector<std::shared_ptr<const ShareRecords>>& records);

// The same as a JSON array written into `*w` (an empty array when none).
void WriteShareRecordsJson(const std::vector<std::shared_ptr<const ShareRecords>>& records,
                           classad::JsonWriter* w);

}  // namespace negotiator::explain

#endif  // NEGOTIATOR_EXPLAIN_DIRAC_REPORT_H_
