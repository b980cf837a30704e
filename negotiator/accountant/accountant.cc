// The accountant (accountant.h), after HTCondor 25.0's Accountant.cpp.
#include "negotiator/accountant/accountant.h"

#include <algorithm>
#include <climits>
#include <iterator>
#include <cmath>
#include <cstdio>

#include "classad/evaluator.h"
#include "negotiator/pool/submitter_identity.h"
#include "policy/concurrency_limits.h"
#include "policy/text_util.h"

namespace negotiator {
namespace {

using classad::Status;
using classad::StatusCode;

using classad::EvaluateAttrNumber;
using classad::EvaluateAttrString;

}  // namespace

Accountant::Accountant(std::shared_ptr<const policy::Policy> policy) : policy_(std::move(policy)) {}

void Accountant::Initialize(int64_t now) {
  // groups() is breadth-first, the root first, as HTCondor walks the tree.
  for (const policy::GroupConfig& g : policy_->groups.tree.groups()) GetPriority(g.name);
  if (policy_->groups.tree.groups().empty()) GetPriority(policy::kRootGroupName);
  UpdatePriorities(now);
}

void Accountant::Reconfigure(std::shared_ptr<const policy::Policy> policy, int64_t now) {
  policy_ = std::move(policy);
  Initialize(now);
}

void Accountant::StartUp(int64_t now) {
  RecountUsage();
  Initialize(now);
}

int Accountant::RecountUsage() {
  struct Count {
    int64_t n = 0;
    double w = 0;
  };
  std::unordered_map<std::string, Count, RecordKeyHash, std::equal_to<>> by_user;
  std::vector<Count> by_group(std::max<size_t>(1, policy_->groups.tree.groups().size()));
  for (const auto& [name, r] : resources_) {
    if (r.remote_user.empty()) continue;
    Count& u = by_user[r.remote_user];
    u.n += 1;
    u.w += r.slot_weight;
    Count& g = by_group[static_cast<size_t>(AssignedGroupIndex(r.remote_user))];
    g.n += 1;
    g.w += r.slot_weight;
  }
  int fixed = 0;
  for (CustomerRecord& c : customers_) {
    Count really;
    if (c.name.find('@') == std::string::npos) {
      // A group name: itself when configured; a defunct group counts nothing.
      const int g = policy_->groups.tree.Find(c.name);
      if (g >= 0) {
        really = by_group[static_cast<size_t>(g)];
      } else if (c.name == policy::kRootGroupName) {
        really = by_group[0];
      }
    } else if (auto it = by_user.find(c.name); it != by_user.end()) {
      really = it->second;
    }
    if (c.resources_used != really.n || c.weighted_resources_used != really.w) {
      CustomerRecord& m = MutableCustomer(c.name);
      m.resources_used = really.n;
      m.weighted_resources_used = StoredReal(really.w);
      ++fixed;
    }
  }
  return fixed;
}

// ---- funnels

CustomerRecord& Accountant::MutableCustomer(std::string_view name) {
  return customers_[MutableCustomerIndex(name)];
}

uint32_t Accountant::MutableCustomerIndex(std::string_view name) {
  if (auto it = customer_index_.find(name); it != customer_index_.end()) {
    if (tracking_) customer_dirty_[it->second] = 1;
    return it->second;
  }
  const auto index = static_cast<uint32_t>(customers_.size());
  customer_index_.emplace(std::string(name), index);
  customers_.emplace_back();
  customers_.back().name = std::string(name);
  customer_dirty_.push_back(tracking_ ? 1 : 0);
  if (tracking_) {
    if (auto e = erased_customers_.find(name); e != erased_customers_.end()) {
      erased_customers_.erase(e);
    }
  }
  return index;
}

CustomerRecord& Accountant::MutableCustomerAt(uint32_t index) {
  if (tracking_) customer_dirty_[index] = 1;
  return customers_[index];
}

bool Accountant::EraseCustomer(std::string_view name) {
  auto it = customer_index_.find(name);
  if (it == customer_index_.end()) return false;
  const uint32_t pos = it->second;
  customer_index_.erase(it);
  if (tracking_) erased_customers_.emplace(name);
  if (pos + 1 != customers_.size()) {
    customers_[pos] = std::move(customers_.back());
    customer_dirty_[pos] = customer_dirty_.back();
    customer_index_.find(customers_[pos].name)->second = pos;
  }
  customers_.pop_back();
  customer_dirty_.pop_back();
  return true;
}

void Accountant::NoteResourceWritten(std::string_view name) {
  if (!tracking_) return;
  if (auto d = dirty_resources_.find(name); d == dirty_resources_.end()) {
    dirty_resources_.emplace(name);
  }
  if (auto e = erased_resources_.find(name); e != erased_resources_.end()) {
    erased_resources_.erase(e);
  }
}

void Accountant::PutResource(ResourceRecord record) {
  NoteResourceWritten(record.name);
  InsertResource(&resources_, std::move(record));
}

void Accountant::InsertResource(ResourceTable* table, ResourceRecord record) {
  if (auto it = table->find(record.name); it != table->end()) table->erase(it);
  // The record goes into a node of its own first, whose key then views the
  // name the node holds (a view of `record`'s would not survive the move).
  ResourceTable node_maker;
  auto made = node_maker.try_emplace(std::string_view(), std::move(record)).first;
  ResourceTable::node_type node = node_maker.extract(made);
  node.key() = node.mapped().name;
  table->insert(std::move(node));
}

void Accountant::EraseResource(std::string_view name) {
  auto it = resources_.find(name);
  if (it == resources_.end()) return;
  if (tracking_) {
    if (auto d = dirty_resources_.find(name); d != dirty_resources_.end())
      dirty_resources_.erase(d);
    erased_resources_.emplace(name);
  }
  resources_.erase(it);
}

void Accountant::SetLastUpdateTime(int64_t now) {
  last_update_time_ = now;
  if (tracking_) last_update_time_dirty_ = true;
}

namespace {

// Sorts `records` by name, keeping the last of each name.
void SortUniqueByName(std::vector<GroupQuotaRecord>* records) {
  std::stable_sort(
      records->begin(), records->end(),
      [](const GroupQuotaRecord& a, const GroupQuotaRecord& b) { return a.name < b.name; });
  std::vector<GroupQuotaRecord> unique;
  unique.reserve(records->size());
  for (GroupQuotaRecord& r : *records) {
    if (!unique.empty() && unique.back().name == r.name) {
      unique.back() = std::move(r);
    } else {
      unique.push_back(std::move(r));
    }
  }
  *records = std::move(unique);
}

}  // namespace

void Accountant::SetGroupQuotaRecords(std::vector<GroupQuotaRecord> records) {
  SortUniqueByName(&records);
  group_quotas_ = std::move(records);
  if (tracking_) group_quotas_dirty_ = true;
}

namespace {

bool RunningKeyLess(const RunningJobsRecord& a, const RunningJobsRecord& b) {
  if (a.time != b.time) return a.time < b.time;
  if (a.group != b.group) return a.group < b.group;
  return a.user < b.user;
}

bool RunningKeyEqual(const RunningJobsRecord& a, const RunningJobsRecord& b) {
  return a.time == b.time && a.group == b.group && a.user == b.user;
}

// Sorts `records` by key, keeping the last of each key.
void SortUniqueByKey(std::vector<RunningJobsRecord>* records) {
  std::stable_sort(records->begin(), records->end(), RunningKeyLess);
  std::vector<RunningJobsRecord> unique;
  unique.reserve(records->size());
  for (RunningJobsRecord& r : *records) {
    if (!unique.empty() && RunningKeyEqual(unique.back(), r)) {
      unique.back() = std::move(r);
    } else {
      unique.push_back(std::move(r));
    }
  }
  *records = std::move(unique);
}

}  // namespace

void Accountant::AddRunningJobs(int64_t now, std::vector<RunningJobsRecord> samples,
                                int64_t retention) {
  for (RunningJobsRecord& r : samples) r.time = now;
  running_history_.insert(running_history_.end(), std::make_move_iterator(samples.begin()),
                          std::make_move_iterator(samples.end()));
  SortUniqueByKey(&running_history_);
  const int64_t keep_from = retention > 0 && now > INT64_MIN + retention ? now - retention : now;
  std::erase_if(running_history_,
                [keep_from](const RunningJobsRecord& r) { return r.time < keep_from; });
  if (!tracking_) return;
  if (!samples.empty()) {
    running_dirty_since_ = running_dirty_since_ ? std::min(*running_dirty_since_, now) : now;
  }
  running_forget_before_ =
      running_forget_before_ ? std::max(*running_forget_before_, keep_from) : keep_from;
}

// ---- state as a whole

void Accountant::Restore(AccountantSnapshot snapshot) {
  // The names that exist now, to note as erased when tracking.
  std::vector<std::string> old_customers;
  std::vector<std::string> old_resources;
  if (tracking_) {
    for (CustomerRecord& c : customers_) old_customers.push_back(std::move(c.name));
    for (auto& [name, r] : resources_) old_resources.emplace_back(name);
  }
  customers_.clear();
  customer_index_.clear();
  customer_dirty_.clear();
  resources_.clear();
  limits_.clear();
  customers_.reserve(snapshot.customers.size());
  customer_index_.reserve(snapshot.customers.size());
  for (CustomerRecord& c : snapshot.customers) {
    auto [it, inserted] = customer_index_.emplace(c.name, static_cast<uint32_t>(customers_.size()));
    if (inserted) {
      customers_.push_back(std::move(c));
    } else {
      customers_[it->second] = std::move(c);
    }
  }
  resources_.reserve(snapshot.resources.size());
  for (ResourceRecord& r : snapshot.resources) InsertResource(&resources_, std::move(r));
  last_update_time_ = snapshot.last_update_time;
  SortUniqueByName(&snapshot.group_quotas);
  group_quotas_ = std::move(snapshot.group_quotas);
  SortUniqueByKey(&snapshot.running_history);
  running_history_ = std::move(snapshot.running_history);
  customer_dirty_.assign(customers_.size(), 0);
  if (!tracking_) return;
  all_customers_dirty_ = true;
  last_update_time_dirty_ = true;
  group_quotas_dirty_ = true;
  // The stored history is replaced whole.
  running_forget_before_ = INT64_MAX;
  running_dirty_since_ = INT64_MIN;
  dirty_resources_.clear();
  for (const auto& [name, r] : resources_) dirty_resources_.emplace(name);
  erased_customers_.clear();
  for (std::string& name : old_customers) {
    if (!customer_index_.contains(name)) erased_customers_.insert(std::move(name));
  }
  erased_resources_.clear();
  for (std::string& name : old_resources) {
    if (!resources_.contains(name)) erased_resources_.insert(std::move(name));
  }
}

AccountantSnapshot Accountant::Snapshot() const {
  AccountantSnapshot out;
  out.customers = customers_;
  std::sort(out.customers.begin(), out.customers.end(),
            [](const CustomerRecord& a, const CustomerRecord& b) { return a.name < b.name; });
  out.resources.reserve(resources_.size());
  for (const auto& [name, r] : resources_) out.resources.push_back(r);
  std::sort(out.resources.begin(), out.resources.end(),
            [](const ResourceRecord& a, const ResourceRecord& b) { return a.name < b.name; });
  out.last_update_time = last_update_time_;
  out.group_quotas = group_quotas_;
  out.running_history = running_history_;
  return out;
}

void Accountant::BeginTracking() {
  EndTracking();
  tracking_ = true;
}

void Accountant::EndTracking() {
  tracking_ = false;
  all_customers_dirty_ = false;
  std::fill(customer_dirty_.begin(), customer_dirty_.end(), 0);
  erased_customers_.clear();
  dirty_resources_.clear();
  erased_resources_.clear();
  last_update_time_dirty_ = false;
  group_quotas_dirty_ = false;
  running_dirty_since_.reset();
  running_forget_before_.reset();
}

AccountantChanges Accountant::TrackedChanges() const {
  AccountantChanges out;
  if (!tracking_) return out;
  for (size_t i = 0; i < customers_.size(); ++i) {
    if (all_customers_dirty_ || customer_dirty_[i] != 0)
      out.put_customers.push_back(&customers_[i]);
  }
  out.erased_customers.assign(erased_customers_.begin(), erased_customers_.end());
  std::sort(out.erased_customers.begin(), out.erased_customers.end());
  for (const std::string& name : dirty_resources_) {
    if (const ResourceRecord* r = FindResource(name)) out.put_resources.push_back(r);
  }
  std::sort(out.put_resources.begin(), out.put_resources.end(),
            [](const ResourceRecord* a, const ResourceRecord* b) { return a->name < b->name; });
  out.erased_resources.assign(erased_resources_.begin(), erased_resources_.end());
  std::sort(out.erased_resources.begin(), out.erased_resources.end());
  if (last_update_time_dirty_) out.last_update_time = last_update_time_;
  if (group_quotas_dirty_) out.group_quotas = group_quotas_;
  out.running_before = running_forget_before_;
  if (running_dirty_since_) {
    for (const RunningJobsRecord& r : running_history_) {
      if (r.time >= *running_dirty_since_) out.put_running.push_back(&r);
    }
  }
  return out;
}

// ---- reads

const CustomerRecord* Accountant::FindCustomer(std::string_view name) const {
  auto it = customer_index_.find(name);
  return it == customer_index_.end() ? nullptr : &customers_[it->second];
}

const ResourceRecord* Accountant::FindResource(std::string_view name) const {
  auto it = resources_.find(name);
  return it == resources_.end() ? nullptr : &it->second;
}

int Accountant::AssignedGroupIndex(std::string_view submitter) const {
  const policy::GroupTree& tree = policy_->groups.tree;
  return tree.groups().empty() ? 0 : tree.AssignedGroup(submitter);
}

std::string_view Accountant::GroupName(int index) const {
  const std::vector<policy::GroupConfig>& groups = policy_->groups.tree.groups();
  return groups.empty() ? policy::kRootGroupName
                        : std::string_view(groups[static_cast<size_t>(index)].name);
}

double Accountant::DefaultPriorityFactor(std::string_view name) const {
  const policy::AccountantPolicy& a = policy_->accountant;
  const std::string& nice = a.nice_user_prefix;
  if (!nice.empty() && name.substr(0, nice.size()) == nice) return a.nice_user_prio_factor;
  const policy::GroupTree& tree = policy_->groups.tree;
  if (!tree.groups().empty()) {
    const double group_factor =
        tree.groups()[static_cast<size_t>(tree.AssignedGroup(name))].prio_factor;
    if (group_factor != 0) return group_factor;
  }
  if (!a.local_domain.empty() && a.local_domain != SubmitterDomain(name, a.rules)) {
    return a.remote_prio_factor;
  }
  return a.default_prio_factor;
}

double Accountant::PriorityFactor(std::string_view name) const {
  const CustomerRecord* c = FindCustomer(name);
  if (c != nullptr && c->priority_factor >= kMinPriorityFactor) return c->priority_factor;
  // What GetPriorityFactor would store (SetPriorityFactor raises it to 1).
  const double d = DefaultPriorityFactor(name);
  return d >= kMinPriorityFactor ? d : kMinPriorityFactor;
}

double Accountant::RealPriority(std::string_view name) const {
  const CustomerRecord* c = FindCustomer(name);
  return c == nullptr ? kMinPriority : std::max(kMinPriority, c->priority);
}

double Accountant::EffectivePriority(std::string_view name) const {
  return RealPriority(name) * PriorityFactor(name);
}

double Accountant::GetPriorityFactor(std::string_view name) {
  const CustomerRecord* c = FindCustomer(name);
  if (c != nullptr && c->priority_factor >= kMinPriorityFactor) return c->priority_factor;
  SetPriorityFactor(name, DefaultPriorityFactor(name));
  return FindCustomer(name)->priority_factor;
}

double Accountant::GetPriority(std::string_view name) {
  const double factor = GetPriorityFactor(name);
  CustomerRecord& c = MutableCustomer(name);
  // A NaN is raised too (HTCondor compares with <, which a NaN fails; a
  // NaN RUP would poison every later update).
  if (!(c.priority >= kMinPriority)) c.priority = kMinPriority;
  return c.priority * factor;
}

int64_t Accountant::GetCeiling(std::string_view name) const {
  const CustomerRecord* c = FindCustomer(name);
  return c == nullptr || c->ceiling < 0 ? -1 : c->ceiling;
}

int64_t Accountant::GetFloor(std::string_view name) const {
  const CustomerRecord* c = FindCustomer(name);
  return c == nullptr || c->floor < 0 ? 0 : c->floor;
}

int64_t Accountant::GetResourcesUsed(std::string_view name) const {
  const CustomerRecord* c = FindCustomer(name);
  return c == nullptr ? 0 : c->resources_used;
}

double Accountant::GetWeightedResourcesUsed(std::string_view name) const {
  const CustomerRecord* c = FindCustomer(name);
  return c == nullptr ? 0 : c->weighted_resources_used;
}

// ---- administration

void Accountant::SetPriority(std::string_view name, double rup) {
  MutableCustomer(name).priority = StoredReal(rup);
}

bool Accountant::SetPriorityFactor(std::string_view name, double factor) {
  // As HTCondor: a factor below the minimum is raised; a NaN (or an
  // infinity) is written as text that does not read back, so the record
  // has no factor and the next read takes the default.
  const bool raised = factor < kMinPriorityFactor;
  MutableCustomer(name).priority_factor = StoredReal(raised ? kMinPriorityFactor : factor);
  return !raised && std::isfinite(factor);
}

void Accountant::SetCeiling(std::string_view name, int64_t ceiling) {
  MutableCustomer(name).ceiling = ceiling;
}

void Accountant::SetFloor(std::string_view name, int64_t floor) {
  MutableCustomer(name).floor = floor;
}

void Accountant::SetAccumUsage(std::string_view name, double usage) {
  CustomerRecord& c = MutableCustomer(name);
  // Absent, the next update starts it from AccumulatedUsage.
  c.weighted_accumulated_usage = StoredReal(usage, c.accumulated_usage);
}

void Accountant::SetBeginUsageTime(std::string_view name, int64_t when) {
  MutableCustomer(name).begin_usage_time = when;
}

void Accountant::SetLastUsageTime(std::string_view name, int64_t when) {
  MutableCustomer(name).last_usage_time = when;
}

void Accountant::ResetAccumulatedUsage(std::string_view name, int64_t now) {
  CustomerRecord& c = MutableCustomer(name);
  c.accumulated_usage = 0;
  c.weighted_accumulated_usage = 0;
  c.begin_usage_time = now;
}

void Accountant::ResetAllUsage(int64_t now) {
  for (size_t i = 0; i < customers_.size(); ++i) {
    ResetAccumulatedUsage(customers_[i].name, now);
  }
}

bool Accountant::DeleteRecord(std::string_view name) { return EraseCustomer(name); }

// ---- the cycle

void Accountant::UpdateOne(CustomerRecord& r, int64_t now, int64_t dt, double aging) const {
  const double old = std::max(kMinPriority, r.priority);
  const double seconds = static_cast<double>(dt);
  const double recent =
      static_cast<double>(r.resources_used) + static_cast<double>(r.uncharged_time) / seconds;
  double weighted_recent = r.weighted_resources_used + r.weighted_uncharged_time / seconds;
  // A group's own RUP follows the usage of its whole subtree.
  if (r.hier_weighted_resources_used > 0) weighted_recent = r.hier_weighted_resources_used;
  // HTCondor stores a value only when it changed; StoredReal of an
  // unchanged (stored) value is that value.
  r.priority = StoredReal(std::max(kMinPriority, old * aging + weighted_recent * (1 - aging)));
  r.accumulated_usage = StoredReal(
      r.accumulated_usage +
      (static_cast<double>(r.resources_used) * seconds + static_cast<double>(r.uncharged_time)));
  r.weighted_accumulated_usage = StoredReal(
      r.weighted_accumulated_usage +
          (r.weighted_resources_used * seconds + r.weighted_uncharged_time),
      r.accumulated_usage);
  if (r.accumulated_usage > 0 && r.begin_usage_time == 0) r.begin_usage_time = now;
  if (recent > 0) r.last_usage_time = now;
  r.uncharged_time = 0;
  r.weighted_uncharged_time = 0;
  // HTCondor's branch that deletes idle records needs a RUP below 0.5
  // after it was raised to 0.5: it never runs, so records are kept.
}

void Accountant::UpdatePriorities(int64_t now) {
  const int64_t dt = now - last_update_time_;
  if (dt == 0) return;
  SetLastUpdateTime(now);
  if (dt < 0) return;  // the clock went back: only the timestamp moves
  const double aging =
      std::pow(0.5, static_cast<double>(dt) / policy_->accountant.priority_halflife);
  // One pass over contiguous records: this is the whole update.
  for (CustomerRecord& r : customers_) UpdateOne(r, now, dt, aging);
  if (tracking_) all_customers_dirty_ = true;
}

void Accountant::ChargeHierarchy(int group, double weight) {
  std::vector<uint32_t> indices;
  HierarchyIndices(group, &indices);
  ChargeHierarchyAt(indices, weight);
}

void Accountant::HierarchyIndices(int group, std::vector<uint32_t>* out) {
  // As HTCondor's AddMatch and RemoveMatch: the group's name, then each
  // dotted prefix of it ("a.b.c", "a.b", "a"), records made as needed. A
  // configured parent spelled in another case than its child's prefix is
  // not reached; "<none>" only when it is the group itself.
  std::string_view name = GroupName(group);
  while (!name.empty()) {
    out->push_back(MutableCustomerIndex(name));
    const size_t dot = name.rfind('.');
    if (dot == std::string_view::npos) break;
    name = name.substr(0, dot);
  }
}

void Accountant::ChargeHierarchyAt(const std::vector<uint32_t>& indices, double weight) {
  for (uint32_t index : indices) {
    CustomerRecord& c = MutableCustomerAt(index);
    c.hier_weighted_resources_used =
        StoredReal(std::max(0.0, c.hier_weighted_resources_used + weight));
  }
}

Accountant::ChargeTargets Accountant::ChargeTargetsOf(std::string_view customer) {
  ChargeTargets t;
  t.customer = MutableCustomerIndex(customer);
  const int group = AssignedGroupIndex(customer);
  t.group = MutableCustomerIndex(GroupName(group));
  HierarchyIndices(group, &t.hierarchy);
  return t;
}

classad::Result<std::string> Accountant::ResourceName(const classad::ClassAd& slot) {
  std::string name;
  if (!EvaluateAttrString(slot, "Name", &name)) {
    return Status(StatusCode::kInvalidArgument, "slot ad has no string Name");
  }
  std::string address;
  EvaluateAttrString(slot, "StartdIpAddr", &address);
  name += '@';
  name += address;
  if (!IsStorableName(name, /*spaces_allowed=*/true)) {
    return Status(StatusCode::kInvalidArgument,
                  "slot ad's Name or StartdIpAddr holds a control character or is not UTF-8");
  }
  return name;
}

double Accountant::SlotWeight(const classad::ClassAd& slot) const {
  return SlotWeightOf(slot, policy_->accountant);
}

double SlotWeightOf(const classad::ClassAd& slot, const policy::AccountantPolicy& a) {
  if (!a.use_slot_weights) return 1;
  double weight = 0;
  bool found = EvaluateAttrNumber(slot, "SlotWeight", &weight);
  if (!found && a.slot_weight.is_set()) {
    const classad::Value v = classad::EvaluateExpr(*a.slot_weight.expr, &slot, nullptr);
    if (v.IsInteger()) {
      weight = static_cast<double>(v.integer());
      found = true;
    } else if (v.IsReal()) {
      weight = v.real();
      found = true;
    }
  }
  if (!found || !(weight >= 0)) return 1;
  return weight;
}

classad::Status Accountant::AddMatch(std::string_view customer, const classad::ClassAd& slot,
                                     int64_t now) {
  const SlotAccounting read = ReadSlotAccounting(slot, policy_->accountant);
  // No usable name: ResourceName says why.
  if (read.resource.empty()) return ResourceName(slot).status();
  AddNamedMatch(customer, read, read.resource, nullptr, now);
  return Status::Ok();
}

classad::Status Accountant::AddNewMatch(std::string_view customer, const classad::ClassAd& slot,
                                        std::string_view matched_limits, int64_t now) {
  const SlotAccounting read = ReadSlotAccounting(slot, policy_->accountant);
  if (read.resource.empty()) return ResourceName(slot).status();
  return AddNewMatch(customer, read, matched_limits, now);
}

classad::Status Accountant::AddNewMatch(std::string_view customer, const SlotAccounting& slot,
                                        std::string_view matched_limits, int64_t now) {
  if (slot.resource.empty()) {
    return Status(StatusCode::kInvalidArgument,
                  "slot ad has no usable Name (missing, not a string, a control character, not "
                  "UTF-8)");
  }
  AddNamedMatch(customer, slot, slot.resource, &matched_limits, now);
  return Status::Ok();
}

void Accountant::AddNamedMatch(std::string_view customer, const SlotAccounting& slot,
                               std::string_view name, const std::string_view* matched_limits,
                               int64_t now, ChargeTargetCache* targets) {
  double weight = 0;
  int64_t kept_cp_matches = 0;
  std::string cp_name;  // a consumption-policy match's own name
  auto record_at = resources_.end();  // the record overwritten, when there is one
  if (slot.cp_match_cost) {
    const double match_cost = *slot.cp_match_cost;
    // A consumption-policy match: each match of the partitionable slot this
    // cycle is recorded under its own pseudonym, at the match's cost.
    ResourceRecord placeholder;
    if (const ResourceRecord* existing = FindResource(name)) placeholder = *existing;
    placeholder.name = std::string(name);
    const int64_t n = placeholder.num_cp_matches++;
    PutResource(std::move(placeholder));
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, "_cp_match_%03lld", static_cast<long long>(n));
    cp_name = std::string(name) + suffix;
    name = cp_name;
    weight = match_cost;
  } else {
    record_at = resources_.find(name);
    if (record_at != resources_.end() && !record_at->second.remote_user.empty() &&
        policy_->accountant.rules == policy::AccountantRules::kBefore25_10) {
      if (record_at->second.remote_user == customer) return;  // already charged
      RemoveMatch(name, now);
      record_at = resources_.find(name);
    }
    // From 25.10 the record is overwritten: the customer it named keeps
    // the usage until the next CheckMatches recomputes it.
    if (record_at != resources_.end()) kept_cp_matches = record_at->second.num_cp_matches;
    weight = slot.weight;
  }

  const int64_t before = now - last_update_time_;
  auto charge = [&](CustomerRecord& c) {
    c.resources_used += 1;
    c.weighted_resources_used = StoredReal(c.weighted_resources_used + weight);
    // The time before the match began is not charged at the next update.
    c.uncharged_time -= before;
    c.weighted_uncharged_time =
        StoredReal(c.weighted_uncharged_time - static_cast<double>(before) * weight);
  };
  // The records charged, found once per customer when the caller keeps them.
  std::optional<ChargeTargets> found_here;
  const ChargeTargets* to = nullptr;
  if (targets != nullptr) {
    auto it = targets->find(customer);
    if (it == targets->end()) it = targets->emplace(customer, ChargeTargetsOf(customer)).first;
    to = &it->second;
  } else {
    to = &found_here.emplace(ChargeTargetsOf(customer));
  }
  charge(MutableCustomerAt(to->customer));
  charge(MutableCustomerAt(to->group));
  ChargeHierarchyAt(to->hierarchy, weight);

  // Every field but the name, written in place into an existing record
  // (the charges above touch no resource record, so `record_at` holds).
  static_assert(sizeof(ResourceRecord) == 3 * sizeof(std::string) + 3 * sizeof(int64_t),
                "a new ResourceRecord field must be written here too");
  auto fill = [&](ResourceRecord& record) {
    record.remote_user.assign(customer);
    record.slot_weight = StoredReal(weight, /*absent=*/1);
    record.start_time = now;
    record.num_cp_matches = kept_cp_matches;
    if (matched_limits != nullptr) {
      record.matched_concurrency_limits.assign(*matched_limits);
      if (!matched_limits->empty()) IncrementLimits(record.matched_concurrency_limits);
    } else if (const SlotLimitLists* lists = slot.limits.get(); lists && lists->matched) {
      record.matched_concurrency_limits.assign(*lists->matched);
      IncrementLimits(record.matched_concurrency_limits);
    } else {
      record.matched_concurrency_limits.clear();
    }
  };
  if (record_at != resources_.end()) {
    fill(record_at->second);
    NoteResourceWritten(name);
    return;
  }
  ResourceRecord record;
  record.name = std::string(name);
  fill(record);
  PutResource(std::move(record));
}

void Accountant::RemoveMatch(std::string_view resource_name, int64_t now) {
  const ResourceRecord* found = FindResource(resource_name);
  if (found == nullptr) return;
  if (found->num_cp_matches > 0 || found->remote_user.empty()) {
    // A consumption-policy placeholder (its matches are records of their
    // own) or a record charging nobody.
    EraseResource(resource_name);
    return;
  }
  const ResourceRecord r = *found;
  const int64_t start = std::max(r.start_time, last_update_time_);
  const int64_t held = now - start;
  const double w = r.slot_weight;
  auto uncharge = [&](CustomerRecord& c) {
    if (c.resources_used > 0) c.resources_used -= 1;
    c.weighted_resources_used = StoredReal(std::max(0.0, c.weighted_resources_used - w));
    c.uncharged_time += held;
    c.weighted_uncharged_time =
        StoredReal(c.weighted_uncharged_time + static_cast<double>(held) * w);
  };
  uncharge(MutableCustomer(r.remote_user));
  const int group = AssignedGroupIndex(r.remote_user);
  uncharge(MutableCustomer(GroupName(group)));
  ChargeHierarchy(group, -w);
  EraseResource(resource_name);
}

bool Accountant::ActivityCounts(const SlotAccounting& slot) const {
  // Under NEGOTIATOR_DISCOUNT_SUSPENDED_RESOURCES a slot without a string
  // Activity, or a Suspended one, is not claimed.
  return !policy_->accountant.discount_suspended_resources ||
         (slot.has_activity && !slot.suspended);
}

bool Accountant::IsClaimed(const SlotAccounting& slot) const {
  // A name the accountant cannot keep (empty, blanks, control characters,
  // not UTF-8) is not charged; CheckMatches reports it.
  return slot.claimed_or_preempting() && slot.customer_storable && ActivityCounts(slot);
}

bool Accountant::ClaimedOrMatchedBy(const SlotAccounting& slot, std::string_view customer) const {
  if (slot.state == SlotAccounting::State::kMatched) return true;
  return slot.claimed_or_preempting() && slot.customer && *slot.customer == customer &&
         ActivityCounts(slot);
}

classad::Status Accountant::CheckMatches(const std::vector<const classad::ClassAd*>& slots,
                                         int64_t now) {
  std::vector<SlotAccounting> read;
  read.reserve(slots.size());
  for (const classad::ClassAd* slot : slots) {
    read.push_back(ReadSlotAccounting(*slot, policy_->accountant));
  }
  std::vector<const SlotAccounting*> facts;
  facts.reserve(read.size());
  for (const SlotAccounting& slot : read) facts.push_back(&slot);
  return CheckMatches(facts, now);
}

namespace {

// The slots of one CheckMatches by resource name, the first of duplicates
// kept: an open-addressing table made once per call (no allocation per
// slot), probed with the names' RecordKeyHash.
class SlotsByName {
 public:
  explicit SlotsByName(size_t slots) {
    size_t capacity = 16;
    while (capacity < 2 * slots) capacity *= 2;
    entries_.resize(capacity);
  }
  // Adds `slot`, the `index`th of the call's slots, under its resource
  // name unless a slot holds the name.
  void Add(const SlotAccounting* slot, uint32_t index) {
    const size_t hash =
        slot->resource_hash != 0 ? slot->resource_hash : RecordKeyHash()(slot->resource);
    for (size_t i = hash & (entries_.size() - 1);; i = (i + 1) & (entries_.size() - 1)) {
      Entry& e = entries_[i];
      if (e.slot == nullptr) {
        e = Entry{hash, slot, index};
        return;
      }
      if (e.hash == hash && e.slot->resource == slot->resource) return;
    }
  }
  // The slot named `name` and its index (in `*index`), or null.
  const SlotAccounting* Find(std::string_view name, uint32_t* index) const {
    const size_t hash = RecordKeyHash()(name);
    for (size_t i = hash & (entries_.size() - 1);; i = (i + 1) & (entries_.size() - 1)) {
      const Entry& e = entries_[i];
      if (e.slot == nullptr) return nullptr;
      if (e.hash == hash && e.slot->resource == name) {
        *index = e.index;
        return e.slot;
      }
    }
  }

 private:
  struct Entry {
    size_t hash = 0;
    const SlotAccounting* slot = nullptr;
    uint32_t index = 0;
  };
  std::vector<Entry> entries_;
};

}  // namespace

classad::Status Accountant::CheckMatches(std::span<const SlotAccounting* const> slots,
                                         int64_t now) {
  SlotsByName by_name(slots.size());
  size_t nameless = 0;
  bool consumption_policy = false;
  for (uint32_t i = 0; i < slots.size(); ++i) {
    const SlotAccounting* slot = slots[i];
    consumption_policy = consumption_policy || slot->cp_match_cost.has_value();
    if (slot->resource.empty()) {
      ++nameless;
      continue;
    }
    by_name.Add(slot, i);  // the first of duplicates wins
  }

  // Remove the matches that ended.
  const bool since_25_10 = policy_->accountant.rules == policy::AccountantRules::kSince25_10;
  std::vector<std::string> stale;
  // By slot index: the slot's claim is its record's, which AddMatch would
  // find already charged (before 25.10, the slot claimed by the record's
  // customer, no consumption-policy pseudonyms about): skipped below.
  std::vector<uint8_t> charged_before(slots.size(), 0);
  for (const auto& [name, record] : resources_) {
    uint32_t index = 0;
    const SlotAccounting* slot = by_name.Find(name, &index);
    // From 25.10 a record naming nobody (a consumption-policy placeholder)
    // is stale whatever its slot's state.
    if (slot == nullptr || (since_25_10 && record.remote_user.empty()) ||
        !ClaimedOrMatchedBy(*slot, record.remote_user)) {
      stale.emplace_back(name);
    } else if (!since_25_10 && !consumption_policy && !record.remote_user.empty() &&
               slot->claimed_or_preempting()) {
      // ClaimedOrMatchedBy found the slot's customer to be the record's.
      charged_before[index] = 1;
    }
  }
  if (since_25_10) {
    // 25.10 on: ended matches are deleted without uncharging, and the
    // weighted usage is recomputed from the claimed slots below.
    for (const std::string& name : stale) EraseResource(name);
    for (size_t c = 0; c < customers_.size(); ++c) {
      if (customers_[c].weighted_resources_used == 0) continue;
      if (tracking_) customer_dirty_[c] = 1;
      customers_[c].weighted_resources_used = 0;
    }
  } else {
    for (const std::string& name : stale) RemoveMatch(name, now);
  }

  // Charge every claimed slot (before 25.10 AddMatch keeps existing
  // matches as they are; from 25.10 it charges each one again).
  size_t unusable_users = 0;
  ChargeTargetCache targets;
  for (uint32_t i = 0; i < slots.size(); ++i) {
    const SlotAccounting* slot = slots[i];
    if (slot->resource.empty()) continue;
    if (!IsClaimed(*slot)) {
      if (slot->claimed_or_preempting() && slot->customer && !slot->customer_storable) {
        ++unusable_users;
      }
      continue;
    }
    if (charged_before[i] != 0) continue;  // AddNamedMatch would find it charged
    AddNamedMatch(*slot->customer, *slot, slot->resource, nullptr, now, &targets);
  }

  // The concurrency-limit counts, from what the slots report.
  for (auto& [limit, count] : limits_) count = 0;
  for (const SlotAccounting* slot : slots) {
    if (const SlotLimitLists* lists = slot->limits.get()) {
      if (lists->concurrency) IncrementLimits(*lists->concurrency);
      if (lists->preempting) IncrementLimits(*lists->preempting);
    }
    if (!slot->resource.empty() && slot->state == SlotAccounting::State::kMatched) {
      if (const ResourceRecord* r = FindResource(slot->resource)) {
        IncrementLimits(r->matched_concurrency_limits);
      }
    }
  }
  std::string problems;
  if (nameless > 0) {
    problems = std::to_string(nameless) +
               " slot ad(s) without a usable Name (missing, not a string, a control character, "
               "not UTF-8) were ignored";
  }
  if (unusable_users > 0) {
    problems += (problems.empty() ? "" : "; ") + std::to_string(unusable_users) +
                " claimed slot(s) whose AccountingGroup/RemoteUser is empty, holds blanks or "
                "control characters, or is not UTF-8 were not charged";
  }
  if (!problems.empty()) return Status(StatusCode::kInvalidArgument, problems);
  return Status::Ok();
}

namespace {

// Adds the amount of every valid limit of `list` to its count in `*counts`.
void CountLimits(std::string_view list, std::map<std::string, double, std::less<>>* counts) {
  for (const policy::ConcurrencyLimit& limit : policy::ParseConcurrencyLimits(list)) {
    if (limit.valid) (*counts)[limit.name] += limit.amount;
  }
}

}  // namespace

void Accountant::IncrementLimits(std::string_view list) { CountLimits(list, &limits_); }

std::map<std::string, double, std::less<>> Accountant::RecordedLimitCounts() const {
  std::map<std::string, double, std::less<>> counts;
  for (const auto& [name, record] : resources_) CountLimits(record.matched_concurrency_limits, &counts);
  return counts;
}

double Accountant::LimitCount(std::string_view name) const {
  auto it = limits_.find(name);
  return it == limits_.end() ? 0 : it->second;
}

// ---- reports

std::vector<GroupUsage> Accountant::GroupReport(bool rollup) const {
  const std::vector<policy::GroupConfig>& groups = policy_->groups.tree.groups();
  std::vector<GroupUsage> out(groups.size());
  for (size_t i = 0; i < groups.size(); ++i) {
    const policy::GroupConfig& g = groups[i];
    GroupUsage& u = out[i];
    u.name = g.name;
    u.parent = g.parent >= 0 ? std::string_view(groups[static_cast<size_t>(g.parent)].name)
                             : std::string_view(g.name);
    const CustomerRecord* c = FindCustomer(g.name);
    u.priority = rollup ? 0 : EffectivePriority(g.name);
    u.priority_factor = rollup ? (c != nullptr ? c->priority_factor : 0) : g.prio_factor;
    if (c == nullptr) continue;
    u.resources_used = c->resources_used;
    u.weighted_resources_used = c->weighted_resources_used;
    u.hier_weighted_resources_used = c->hier_weighted_resources_used;
    u.accumulated_usage = c->accumulated_usage;
    u.weighted_accumulated_usage = c->weighted_accumulated_usage;
    u.begin_usage_time = c->begin_usage_time;
    u.last_usage_time = c->last_usage_time;
  }
  if (!rollup) return out;
  // Breadth-first order: walking it backwards reaches every child before
  // its parent, so each child is complete when it is added in.
  for (size_t i = groups.size(); i-- > 1;) {
    const GroupUsage& child = out[i];
    GroupUsage& parent = out[static_cast<size_t>(groups[i].parent)];
    parent.resources_used += child.resources_used;
    parent.weighted_resources_used += child.weighted_resources_used;
    parent.accumulated_usage += child.accumulated_usage;
    parent.weighted_accumulated_usage += child.weighted_accumulated_usage;
    parent.begin_usage_time = std::min(parent.begin_usage_time, child.begin_usage_time);
    parent.last_usage_time = std::max(parent.last_usage_time, child.last_usage_time);
  }
  return out;
}

// ---- policy::AccountingView

double Accountant::UserPriority(std::string_view user) const { return EffectivePriority(user); }

double Accountant::UserResourcesInUse(std::string_view user) const {
  return GetWeightedResourcesUsed(user);
}

bool Accountant::UserGroup(std::string_view user, policy::GroupInfo* group) const {
  return UserGroupIn(user, quotas_, group);
}

bool Accountant::GroupResourcesInUse(std::string_view group, double* usage) const {
  return GroupResourcesInUseIn(group, quotas_, usage);
}

bool Accountant::GroupResourcesInUseIn(std::string_view group,
                                       const std::map<std::string, double, std::less<>>& quotas,
                                       double* usage) const {
  if (!policy_->groups.tree.enabled() || !quotas.contains(group)) return false;
  *usage = GetWeightedResourcesUsed(group);
  return true;
}

bool Accountant::UserGroupIn(std::string_view user,
                             const std::map<std::string, double, std::less<>>& quotas,
                             policy::GroupInfo* group) const {
  const policy::GroupTree& tree = policy_->groups.tree;
  if (!tree.enabled()) return false;
  const std::string& name = tree.groups()[static_cast<size_t>(tree.AssignedGroup(user))].name;
  auto it = quotas.find(name);
  if (it == quotas.end()) return false;
  *group = policy::GroupInfo{name, it->second, GetWeightedResourcesUsed(name)};
  return true;
}

}  // namespace negotiator
