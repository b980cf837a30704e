// DIRAC's task-queue priorities, recorded step by step (dirac_priorities.h).
#include "negotiator/shares/dirac/dirac_priorities.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>

namespace negotiator::dirac {
namespace {

using policy::dirac::DiracGroup;
using policy::dirac::DiracSettings;

// Step 1 for every queue of one group, and the group-wide fields.
void FillGroupShare(const DiracSettings& settings, const CorrectionFactors& corrections,
                    TaskQueuePriorityRecord* record) {
  const DiracGroup* group = settings.FindGroup(record->group);
  record->group_in_registry = group != nullptr;
  record->job_sharing = group != nullptr && group->job_sharing;
  record->background_allowed = group != nullptr && group->allow_background_tqs;
  record->group_share = group != nullptr ? static_cast<double>(group->job_share)
                                         : static_cast<double>(policy::dirac::kDefaultJobShare);
  record->group_correction = 1;
  if (group != nullptr && settings.GroupsCorrector() != nullptr) {
    auto it = corrections.groups.find(record->group);
    if (it != corrections.groups.end()) record->group_correction = it->second;
  }
  record->corrected_group_share = record->group_share * record->group_correction;
}

// Steps 3 to 6 for the queues of one entity (indices into `records`,
// parallel to `task_queues`), given its share in each record.
void PrioritiesOfEntity(std::span<const TaskQueue> task_queues, std::vector<size_t> members,
                        std::vector<TaskQueuePriorityRecord>* records) {
  // DIRAC walks the entity's queues in the order of their ids.
  std::sort(members.begin(), members.end(), [&](size_t a, size_t b) {
    return task_queues[a].id < task_queues[b].id;
  });
  std::vector<size_t> with_jobs;
  for (size_t i : members) {
    TaskQueuePriorityRecord& record = (*records)[i];
    const TaskQueue& task_queue = task_queues[i];
    record.jobs = task_queue.jobs.size();
    if (task_queue.jobs.empty()) continue;  // not recalculated
    record.recalculated = true;
    double sum = 0;
    for (const DiracJob& job : task_queue.jobs) sum += JobPriorityWeight(job.priority);
    record.weight = sum / static_cast<double>(task_queue.jobs.size());
    record.background = record.background_allowed && record.weight <= kBackgroundWeight;
    with_jobs.push_back(i);
  }
  double total = 0;
  for (size_t i : with_jobs) {
    if (!(*records)[i].background) total += (*records)[i].weight;
  }
  for (size_t i : with_jobs) {
    TaskQueuePriorityRecord& record = (*records)[i];
    record.entity_weight_sum = total;
    if (record.background) {
      record.raw_priority = 0;
      record.floor_applied = true;
      record.floored_priority = kMinTaskQueuePriority;
      continue;
    }
    record.raw_priority = (record.entity_share / total) * record.weight;
    record.floor_applied = !(record.raw_priority >= kMinTaskQueuePriority);
    record.floored_priority = std::max(record.raw_priority, kMinTaskQueuePriority);
  }
  // Step 5: merge the queues that differ only in sites and banned sites.
  std::map<std::string, std::vector<size_t>> merge_groups;
  for (size_t i : with_jobs) merge_groups[MergeKey(task_queues[i])].push_back(i);
  for (const auto& [key, group] : merge_groups) {
    double merged = 0;
    for (size_t i : group) merged += (*records)[i].floored_priority;
    for (size_t i : group) {
      TaskQueuePriorityRecord& record = (*records)[i];
      record.merged_priority = merged;
      for (size_t j : group) {
        if (j != i) record.merged_with.push_back(task_queues[j].id);
      }
      record.stored_priority = RoundToFourDecimals(merged);
    }
  }
}

}  // namespace

double RoundToFourDecimals(double value) {
  if (!std::isfinite(value)) return value;
  char buffer[400];
  const auto written =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 4);
  if (written.ec != std::errc()) return value;
  double rounded = value;
  std::from_chars(buffer, written.ptr, rounded);
  return rounded;
}

DiracPriorities ComputeTaskQueuePriorities(std::span<const TaskQueue> task_queues,
                                           const DiracSettings& settings,
                                           const CorrectionFactors& corrections) {
  DiracPriorities out;
  out.task_queues.resize(task_queues.size());
  // The queues of each group, and of each (group, owner), in input order.
  std::map<std::string, std::vector<size_t>> by_group;
  for (size_t i = 0; i < task_queues.size(); ++i) {
    TaskQueuePriorityRecord& record = out.task_queues[i];
    record.task_queue = task_queues[i].id;
    record.owner = task_queues[i].owner;
    record.group = task_queues[i].group;
    FillGroupShare(settings, corrections, &record);
    by_group[record.group].push_back(i);
  }
  for (const auto& [group, members] : by_group) {
    const TaskQueuePriorityRecord& first = out.task_queues[members.front()];
    if (first.job_sharing) {
      for (size_t i : members) {
        TaskQueuePriorityRecord& record = out.task_queues[i];
        record.entity = group;
        record.owners_in_group = 0;
        record.split_share = record.corrected_group_share;
        record.entity_share = record.split_share;
      }
      PrioritiesOfEntity(task_queues, members, &out.task_queues);
      continue;
    }
    // U: every owner with a row in the group, empty rows included.
    std::map<std::string, std::vector<size_t>> by_owner;
    for (size_t i : members) by_owner[task_queues[i].owner].push_back(i);
    const int64_t owners = static_cast<int64_t>(by_owner.size());
    const policy::dirac::CorrectorInstance* users = settings.UsersCorrector(group);
    const auto group_factors = corrections.users.find(group);
    for (const auto& [owner, owned] : by_owner) {
      double factor = 1;
      if (users != nullptr && group_factors != corrections.users.end()) {
        auto it = group_factors->second.find(owner);
        if (it != group_factors->second.end()) factor = it->second;
      }
      for (size_t i : owned) {
        TaskQueuePriorityRecord& record = out.task_queues[i];
        record.entity = owner;
        record.owners_in_group = owners;
        record.split_share = record.corrected_group_share / static_cast<double>(owners);
        record.user_correction = factor;
        record.entity_share = record.split_share * factor;
      }
      PrioritiesOfEntity(task_queues, owned, &out.task_queues);
    }
  }
  return out;
}

std::vector<std::pair<std::string, double>> GroupSharesToCorrect(
    std::span<const TaskQueue> task_queues, const DiracSettings& settings) {
  std::set<std::string> active;
  for (const TaskQueue& task_queue : task_queues) active.insert(task_queue.group);
  std::vector<std::pair<std::string, double>> shares;
  for (const DiracGroup& group : settings.groups) {
    if (active.count(group.name) != 0) {
      shares.emplace_back(group.name, static_cast<double>(group.job_share));
    }
  }
  return shares;
}

std::vector<std::pair<std::string, double>> OwnerSharesToCorrect(
    std::span<const TaskQueue> task_queues, const std::string& group,
    double corrected_group_share) {
  std::vector<std::string> owners;
  for (const TaskQueue& task_queue : task_queues) {
    if (task_queue.group != group) continue;
    if (std::find(owners.begin(), owners.end(), task_queue.owner) == owners.end()) {
      owners.push_back(task_queue.owner);
    }
  }
  std::vector<std::pair<std::string, double>> shares;
  for (std::string& owner : owners) {
    shares.emplace_back(std::move(owner),
                        corrected_group_share / static_cast<double>(owners.size()));
  }
  return shares;
}

}  // namespace negotiator::dirac
