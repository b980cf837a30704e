// A cycle's group quota table as accountant records (cycle_quota_records.h).
#include "negotiator/cycle_quota_records.h"

namespace negotiator {

std::vector<GroupQuotaRecord> GroupQuotaRecordsOf(const CycleResult& result) {
  std::vector<GroupQuotaRecord> records;
  records.reserve(result.groups.size());
  for (const GroupQuotaReport& g : result.groups) {
    GroupQuotaRecord r;
    r.name = g.name;
    r.static_quota = g.static_quota;
    r.configured_quota = g.config_quota;
    r.subtree_quota = g.subtree_quota;
    r.effective_quota = g.quota;
    r.requested = g.demand;
    if (!g.rounds.empty()) {
      r.surplus = g.rounds.back().surplus;
      r.allocated = g.rounds.back().allocated;
    }
    r.usage = g.usage_end;
    r.cycle_time = result.now;
    records.push_back(std::move(r));
  }
  return records;
}

std::map<std::string, double, std::less<>> QuotaMapOf(
    const std::vector<GroupQuotaRecord>& records) {
  std::map<std::string, double, std::less<>> out;
  for (const GroupQuotaRecord& r : records) out.emplace(r.name, r.effective_quota);
  return out;
}

}  // namespace negotiator
