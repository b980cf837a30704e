// The accounting ads (accounting_ads.h).
#include "negotiator/accountant/accounting_ads.h"

#include <string>

#include "classad/value.h"
#include "policy/group_tree.h"

namespace negotiator {

AccountingAdMaker::AccountingAdMaker(const Accountant& accountant) : accountant_(accountant) {
  for (const GroupQuotaRecord& g : accountant.group_quota_records()) cycle_.emplace(g.name, &g);
}

classad::ClassAd AccountingAdMaker::Make(const CustomerRecord& c) const {
  using classad::Value;
  const Accountant& a = accountant_;
  const policy::GroupTree& tree = a.policy().groups.tree;
  const bool is_group = c.name.find('@') == std::string::npos;
  int group = 0;
  if (is_group) {
    group = c.name == policy::kRootGroupName ? 0 : tree.Find(c.name);
  } else if (!tree.groups().empty()) {
    group = tree.AssignedGroup(c.name);
  }
  const policy::GroupConfig* config =
      group >= 0 && static_cast<size_t>(group) < tree.groups().size()
          ? &tree.groups()[static_cast<size_t>(group)]
          : nullptr;
  classad::ClassAd ad;
  ad.InsertValue("Name", Value::String(c.name));
  ad.InsertValue("Priority", Value::Real(a.EffectivePriority(c.name)));
  ad.InsertValue("PriorityFactor", Value::Real(a.PriorityFactor(c.name)));
  ad.InsertValue("Ceiling", Value::Integer(a.GetCeiling(c.name)));
  ad.InsertValue("Floor", Value::Integer(a.GetFloor(c.name)));
  ad.InsertValue("ResourcesUsed", Value::Integer(c.resources_used));
  ad.InsertValue("WeightedResourcesUsed", Value::Real(c.weighted_resources_used));
  if (is_group) {
    ad.InsertValue("HierWeightedResourcesUsed", Value::Real(c.hier_weighted_resources_used));
  }
  ad.InsertValue("AccumulatedUsage", Value::Real(c.accumulated_usage));
  ad.InsertValue("WeightedAccumulatedUsage", Value::Real(c.weighted_accumulated_usage));
  ad.InsertValue("BeginUsageTime", Value::Integer(c.begin_usage_time));
  ad.InsertValue("LastUsageTime", Value::Integer(c.last_usage_time));
  ad.InsertValue("LastUpdate", Value::Integer(a.last_update_time()));
  ad.InsertValue("IsAccountingGroup", Value::Boolean(is_group));
  ad.InsertValue("AccountingGroup", Value::String(config != nullptr ? std::string_view(config->name)
                                                                    : policy::kRootGroupName));
  const GroupQuotaRecord* stored = nullptr;
  if (is_group) {
    if (auto it = cycle_.find(c.name); it != cycle_.end()) stored = it->second;
  }
  if (is_group && (config != nullptr || stored != nullptr)) {
    // The quota the stored cycle used, else the configuration's.
    ad.InsertValue("ConfigQuota",
                   Value::Real(stored != nullptr ? stored->configured_quota : config->config_quota));
  }
  if (is_group && config != nullptr) {
    ad.InsertValue("SurplusPolicy", Value::String(config->autoregroup      ? "regroup"
                                                  : config->accept_surplus ? "byquota"
                                                                           : "no"));
  }
  if (stored != nullptr) {
    // The last stored negotiation cycle's line for this group.
    ad.InsertValue("EffectiveQuota", Value::Real(stored->effective_quota));
    ad.InsertValue("SubtreeQuota", Value::Real(stored->subtree_quota));
    ad.InsertValue("Requested", Value::Real(stored->requested));
    ad.InsertValue("SurplusReceived", Value::Real(stored->surplus));
    ad.InsertValue("GroupResourcesAllocated", Value::Real(stored->allocated));
    ad.InsertValue("GroupResourcesInUse", Value::Real(stored->usage));
    ad.InsertValue("StaticQuota", Value::Boolean(stored->static_quota));
    ad.InsertValue("NegotiationCycleTime", Value::Integer(stored->cycle_time));
  }
  return ad;
}

}  // namespace negotiator
