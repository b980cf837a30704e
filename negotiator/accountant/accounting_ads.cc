// The accounting ads (accounting_ads.h).
#include "negotiator/accountant/accounting_ads.h"

#include <string>

#include "classad/value.h"
#include "negotiator/accountant/accounting_ad_fields.h"
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
  namespace field = accounting_ad;
  classad::ClassAd ad;
  ad.InsertValue(field::kName, Value::String(c.name));
  ad.InsertValue(field::kPriority, Value::Real(a.EffectivePriority(c.name)));
  ad.InsertValue(field::kPriorityFactor, Value::Real(a.PriorityFactor(c.name)));
  ad.InsertValue(field::kCeiling, Value::Integer(a.GetCeiling(c.name)));
  ad.InsertValue(field::kFloor, Value::Integer(a.GetFloor(c.name)));
  ad.InsertValue(field::kResourcesUsed, Value::Integer(c.resources_used));
  ad.InsertValue(field::kWeightedResourcesUsed, Value::Real(c.weighted_resources_used));
  if (is_group) {
    ad.InsertValue(field::kHierWeightedResourcesUsed,
                   Value::Real(c.hier_weighted_resources_used));
  }
  for (const auto& [attribute, member] : field::kCustomerReals) {
    ad.InsertValue(attribute, Value::Real(c.*member));
  }
  for (const auto& [attribute, member] : field::kCustomerIntegers) {
    ad.InsertValue(attribute, Value::Integer(c.*member));
  }
  ad.InsertValue(field::kLastUpdate, Value::Integer(a.last_update_time()));
  ad.InsertValue(field::kIsAccountingGroup, Value::Boolean(is_group));
  ad.InsertValue(field::kAccountingGroup,
                 Value::String(config != nullptr ? std::string_view(config->name)
                                                 : policy::kRootGroupName));
  const GroupQuotaRecord* stored = nullptr;
  if (is_group) {
    if (auto it = cycle_.find(c.name); it != cycle_.end()) stored = it->second;
  }
  if (is_group && (config != nullptr || stored != nullptr)) {
    // The quota the stored cycle used, else the configuration's.
    ad.InsertValue(field::kConfigQuota,
                   Value::Real(stored != nullptr ? stored->configured_quota : config->config_quota));
  }
  if (is_group && config != nullptr) {
    ad.InsertValue(field::kSurplusPolicy, Value::String(config->autoregroup      ? "regroup"
                                                        : config->accept_surplus ? "byquota"
                                                                                 : "no"));
  }
  if (stored != nullptr) {
    // The last stored negotiation cycle's line for this group.
    ad.InsertValue(field::kEffectiveQuota, Value::Real(stored->effective_quota));
    for (const auto& [attribute, member] : field::kGroupQuotaReals) {
      ad.InsertValue(attribute, Value::Real(stored->*member));
    }
    ad.InsertValue(field::kStaticQuota, Value::Boolean(stored->static_quota));
    ad.InsertValue(field::kNegotiationCycleTime, Value::Integer(stored->cycle_time));
  }
  return ad;
}

}  // namespace negotiator
