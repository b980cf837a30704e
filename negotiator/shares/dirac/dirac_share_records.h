// What DIRAC's share model records for one negotiation (ShareRecords):
// the task queues it formed, every queue's priority step by step
// (TaskQueuePriorityRecord), the corrections (CorrectionRecord), each
// queue's closed-form chance of being a pilot's first choice, and every
// pilot's draw. The explainers (negotiator/explain/dirac_report.h) render
// these and compute nothing again.
#ifndef NEGOTIATOR_SHARES_DIRAC_DIRAC_SHARE_RECORDS_H_
#define NEGOTIATOR_SHARES_DIRAC_DIRAC_SHARE_RECORDS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "negotiator/shares/dirac/dirac_priorities.h"
#include "negotiator/shares/dirac/share_corrector.h"
#include "negotiator/shares/dirac/task_queues.h"
#include "negotiator/shares/share_model.h"

namespace negotiator::dirac {

// One pilot: a free slot that asked for work.
struct PilotRecord {
  std::string slot;     // the slot's Name
  size_t eligible = 0;  // task queues with jobs left that the slot can run
  // The queue taken (0: none could run there) and its probability of
  // coming first among the eligible ones (closed form).
  int64_t task_queue = 0;
  double first_choice = 0;
  std::string job;             // "ClusterId.ProcId" of the job started
  std::string submitter;       // its HTCondor submitter
  int64_t priority_drawn = 0;  // the JDL priority value drawn inside the queue
  size_t candidates = 0;       // jobs with that value it was drawn among (at most 50)
  double cost = 0;             // the slot weight charged
};

// An HTCondor job's id (ClusterId, ProcId).
struct CondorJobId {
  int64_t cluster = 0;
  int64_t proc = 0;
};

// One negotiation shared by DIRAC's model. Plain data.
struct DiracShareRecords : ShareRecords {
  std::string group;                    // the negotiation's group ("<none>": the whole pool)
  uint64_t seed = 0;                    // the seed of this negotiation's draws
  std::vector<TaskQueue> task_queues;   // as formed, with their jobs' DIRAC ids
  std::vector<std::string> submitters;  // by queue: its HTCondor submitter
  // By queue: the HTCondor id of each of its jobs, in the order of
  // task_queues[q].jobs.
  std::vector<std::vector<CondorJobId>> job_ids;
  DiracPriorities priorities;           // by queue, in the same order
  // By queue: its probability of being a pilot's first choice when the
  // pilot can run every queue (FirstChoiceProbabilities of the stored
  // priorities).
  std::vector<double> first_choice;
  // The corrections applied (the groups' instance first, then each
  // group's users'), and, when correction is configured but none was
  // applied, why not.
  std::vector<CorrectionRecord> corrections;
  std::string correction_note;
  std::vector<PilotRecord> pilots;  // in the order the slots asked
};

}  // namespace negotiator::dirac

#endif  // NEGOTIATOR_SHARES_DIRAC_DIRAC_SHARE_RECORDS_H_
