// DIRAC's task-queue priorities, as its periodic recalculation computes
// them (TaskQueueDB.recalculateTQSharesForAll; ../shared/reference/
// dirac-shares.md §2 and §3), every step recorded per task queue so that
// an explainer can show why a queue has its priority without computing
// anything again:
//  1. the group's share: JobShare (1000 when the group is not in the
//     Registry), times the groups' correction factor when a corrector for
//     the groups runs and the group is in the Registry;
//  2. the entity's share E: a JobSharing group is one entity with the
//     whole share; otherwise each owner with a task-queue row in the group
//     (empty rows included: U counts them) gets share / U, times the
//     owner's correction factor when a corrector for that group's users
//     runs;
//  3. a queue's weight W: the average of its jobs' weights (§1);
//  4. priority E / ΣW × W (ΣW over the entity's queues that are not
//     background), at least 0.001; with the group's AllowBackgroundTQs, a
//     queue with W ≤ 0.1 is a background queue: exactly 0.001 and left out
//     of ΣW;
//  5. queues of one entity that differ only in sites or banned sites each
//     get the sum of their (floored) priorities;
//  6. stored with four decimals (Python's "%.4f": the double rounded
//     correctly, ties to even on its exact binary value).
// A queue without jobs is not recalculated (DIRAC's query joins the jobs):
// it keeps whatever priority it had; its record says so.
#ifndef NEGOTIATOR_SHARES_DIRAC_DIRAC_PRIORITIES_H_
#define NEGOTIATOR_SHARES_DIRAC_DIRAC_PRIORITIES_H_

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "negotiator/shares/dirac/task_queues.h"
#include "policy/dirac/dirac_settings.h"

namespace negotiator::dirac {

// DIRAC's lowest priority of a task queue (TQ_MIN_SHARE), and the weight
// at or below which a queue is background when its group allows it.
inline constexpr double kMinTaskQueuePriority = 0.001;
inline constexpr double kBackgroundWeight = 0.1;

// The correction factors the share corrector computed (share_corrector.h):
// a factor missing from a map is 1. Used only where DIRAC applies them
// (the settings' GroupsCorrector / UsersCorrector exist).
struct CorrectionFactors {
  std::map<std::string, double> groups;                        // group -> factor
  std::map<std::string, std::map<std::string, double>> users;  // group -> owner -> factor
};

// Every step of one task queue's priority.
struct TaskQueuePriorityRecord {
  int64_t task_queue = 0;  // its id
  std::string owner;
  std::string group;
  // Step 1: the group's share.
  bool group_in_registry = false;
  bool job_sharing = false;
  double group_share = 0;            // JobShare, or 1000 outside the Registry
  double group_correction = 1;       // the groups' correction factor (1: none applied)
  double corrected_group_share = 0;  // group_share × group_correction
  // Step 2: the entity and its share.
  std::string entity;          // the group (JobSharing) or the owner
  int64_t owners_in_group = 0; // U (0 for a JobSharing group: no split)
  double split_share = 0;      // corrected_group_share / U (the share itself for JobSharing)
  double user_correction = 1;  // the owner's correction factor (1: none applied)
  double entity_share = 0;     // E = split_share × user_correction
  // Steps 3 and 4.
  bool recalculated = false;       // false: no jobs, DIRAC leaves its priority as it was
  size_t jobs = 0;
  double weight = 0;               // W, the average job weight
  bool background_allowed = false; // the group's AllowBackgroundTQs
  bool background = false;         // W ≤ 0.1 with background allowed: priority 0.001
  double entity_weight_sum = 0;    // ΣW over the entity's queues that are not background
  double raw_priority = 0;         // E / ΣW × W (0 for a background queue)
  bool floor_applied = false;      // raw_priority was below 0.001 (or background)
  double floored_priority = 0;     // max(raw_priority, 0.001); 0.001 when background
  // Step 5: the merge.
  std::vector<int64_t> merged_with;  // the other queues of its merge group, by id
  double merged_priority = 0;        // Σ floored_priority over the merge group
  // Step 6.
  double stored_priority = 0;  // merged_priority with four decimals
};

// The priorities of a set of task queues; records in the order of the
// queues given.
struct DiracPriorities {
  std::vector<TaskQueuePriorityRecord> task_queues;
};

// Computes every queue's priority (see the header comment). `corrections`
// may be empty (no correction). Task queue ids must be distinct. Pure;
// safe from any thread.
DiracPriorities ComputeTaskQueuePriorities(std::span<const TaskQueue> task_queues,
                                           const policy::dirac::DiracSettings& settings,
                                           const CorrectionFactors& corrections = {});

// What the corrector for the groups is given (dirac-shares.md §3.1): the
// groups that have task queues and are in the Registry, with their
// JobShare, in the order of the Registry.
std::vector<std::pair<std::string, double>> GroupSharesToCorrect(
    std::span<const TaskQueue> task_queues, const policy::dirac::DiracSettings& settings);

// What the corrector for `group`'s users is given (§3.2): each owner with
// a task-queue row in the group, with share `corrected_group_share` / U, in
// the order of first appearance.
std::vector<std::pair<std::string, double>> OwnerSharesToCorrect(
    std::span<const TaskQueue> task_queues, const std::string& group,
    double corrected_group_share);

// `value` as DIRAC stores it: formatted with four decimals ("%.4f",
// correctly rounded) and read back.
double RoundToFourDecimals(double value);

}  // namespace negotiator::dirac

#endif  // NEGOTIATOR_SHARES_DIRAC_DIRAC_PRIORITIES_H_
