// Accountant: user priorities and usage, in memory, computed as HTCondor
// 25.0's Accountant.cpp computes them (reference §1.1–§1.8): customer
// records for submitters and groups, resource records for charged slots,
// the half-life decay of the real user priority (RUP) over any split of
// time, sticky priority factors, charging and uncharging matches up the
// group tree, CheckMatches against the collector's slot ads, concurrency
// limit counts, floors and ceilings, and the group roll-up for reports.
//
// The clock is never read: every operation that HTCondor times with
// time(0) takes `now` (seconds since the epoch).
//
// Changes go through a few private funnels (MutableCustomer, PutResource,
// EraseResource, EraseCustomer, the last update time, and
// SetGroupQuotaRecords). While tracking
// is on (BeginTracking), the funnels note which records a change wrote, so
// that DurableAccountant can commit exactly those to its store.
//
// Deliberate differences from HTCondor (docs/compatibility.md):
//   * Floats keep full double precision. HTCondor writes every float of its
//     log with printf("%f") and reads the log back, so each stored value is
//     rounded to 1e-6 at every write; we do not write HTCondor's log.
//   * The remote domain is the text after the last `@` (HTCondor 25.0 takes
//     the first `@`; its main branch the last).
//   * HierWeightedResourcesUsed is charged to the assigned group and its
//     configured ancestors (the tree's own spellings); HTCondor walks the
//     dotted prefixes of the group's name as text, which differs only when
//     GROUP_NAMES spells a parent in another case than its children.
//   * A slot ad without a string Name is refused with an error (HTCondor
//     aborts the daemon).
//
// Thread-safety: not thread-safe to change. The const methods (including
// the policy::AccountingView ones) never write and may be called from any
// number of threads at once while no non-const method runs.
#ifndef NEGOTIATOR_ACCOUNTANT_ACCOUNTANT_H_
#define NEGOTIATOR_ACCOUNTANT_ACCOUNTANT_H_

#include <cstdint>
#include <map>
#include <optional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "classad/classad.h"
#include "classad/status.h"
#include "negotiator/accountant/records.h"
#include "negotiator/accountant/slot_accounting.h"
#include "negotiator/accountant/store/accountant_store.h"
#include "policy/accounting_view.h"
#include "policy/policy.h"

namespace negotiator {

// One group's line of the accountant's report (ReportState, §1.8).
struct GroupUsage {
  std::string_view name;       // the group (borrowed from the policy's tree)
  std::string_view parent;     // its parent; the root names itself
  double priority = 0;         // EUP; 0 in a roll-up
  double priority_factor = 0;  // GROUP_PRIO_FACTOR_<g> (0: unset); the stored factor in a roll-up
  int64_t resources_used = 0;
  double weighted_resources_used = 0;
  double hier_weighted_resources_used = 0;
  double accumulated_usage = 0;
  double weighted_accumulated_usage = 0;
  int64_t begin_usage_time = 0;
  int64_t last_usage_time = 0;
};

// The weight a match on `slot` costs under `policy` (Accountant::SlotWeight
// without an accountant).
double SlotWeightOf(const classad::ClassAd& slot, const policy::AccountantPolicy& policy);

// A hash of record keys that also takes string_views (for lookups without
// a copy).
struct RecordKeyHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
};
// The resource records, keyed by name: each key views its own record's
// name (held once: a pool of tens of thousands of claims has as many
// records, each name some hundred bytes). A record's name is never changed
// in the table; PutResource replaces a record whole.
using ResourceTable =
    std::unordered_map<std::string_view, ResourceRecord, RecordKeyHash, std::equal_to<>>;

// The accountant. Holds the policy it was built with (shared, immutable).
class Accountant : public policy::AccountingView {
 public:
  // An empty accountant (LastUpdateTime 0) under `policy`, which must not
  // be null. Call Initialize before the first cycle.
  explicit Accountant(std::shared_ptr<const policy::Policy> policy);
  Accountant(const Accountant&) = delete;
  Accountant& operator=(const Accountant&) = delete;

  // HTCondor's Initialize after the log is loaded (and its reconfig):
  // creates a record for every configured group, "<none>" included
  // (GetPriority of each, breadth-first), then UpdatePriorities(now).
  void Initialize(int64_t now);
  // A reconfiguration: the new policy (not null), then Initialize(now).
  // Existing records keep their factors (they are sticky).
  void Reconfigure(std::shared_ptr<const policy::Policy> policy, int64_t now);
  // The startup sanity check: recounts every customer's ResourcesUsed and
  // WeightedResourcesUsed from the resource records (a group's from the
  // records of the users assigned to it; a group no longer configured gets
  // 0). Returns how many records it corrected.
  int RecountUsage();
  // HTCondor's startup once its log is loaded: RecountUsage, then
  // Initialize(now) (a record for every configured group, the downtime
  // charged by UpdatePriorities).
  void StartUp(int64_t now);

  const policy::Policy& policy() const { return *policy_; }
  // The policy, shared.
  const std::shared_ptr<const policy::Policy>& policy_ptr() const { return policy_; }

  // ---- state as a whole (stores, import and export)
  // Replaces every record, the group quota table and LastUpdateTime with
  // `snapshot`'s (a later duplicate name replaces an earlier one).
  // Concurrency-limit counts are cleared (CheckMatches rebuilds them).
  // While tracking, the replacement is noted whole: every record written,
  // every old name that is gone erased, LastUpdateTime set, the group quota
  // table replaced (so a store ends up equal to `snapshot`).
  void Restore(AccountantSnapshot snapshot);
  // A copy of every record (customers, resources and group quotas, each by
  // name) and LastUpdateTime.
  AccountantSnapshot Snapshot() const;
  // Starts noting the records each change writes, forgetting what was
  // noted before.
  void BeginTracking();
  // What changed since BeginTracking: the records written (pointers valid
  // until the next change), the names erased, and LastUpdateTime if it
  // moved. Empty when tracking is off.
  AccountantChanges TrackedChanges() const;
  // Stops tracking and forgets what was noted.
  void EndTracking();

  // ---- records (reads)
  // The record of `name` (exact), or null. Valid until the next change.
  const CustomerRecord* FindCustomer(std::string_view name) const;
  // The resource record `name` (`<Name>@<StartdIpAddr>`), or null.
  const ResourceRecord* FindResource(std::string_view name) const;
  // Every customer record, in no particular order.
  const std::vector<CustomerRecord>& customers() const { return customers_; }
  // Every resource record, keyed by name.
  const ResourceTable& resources() const { return resources_; }
  // LastUpdateTime: when UpdatePriorities last charged usage.
  int64_t last_update_time() const { return last_update_time_; }

  // ---- the last negotiation cycle's group quota table
  // Replaces the table whole with `records` (kept sorted by name; a later
  // duplicate name replaces an earlier one; an empty vector empties it).
  // The negotiator calls it with each cycle's table (cycle_quota_records.h)
  // in the same update as the cycle, so a store keeps the table of the
  // last cycle it committed. Nothing else reads or changes it. Tracked: the
  // next commit replaces the stored table.
  void SetGroupQuotaRecords(std::vector<GroupQuotaRecord> records);
  // The table as last set or restored, sorted by name; empty when no cycle
  // with group quotas was stored.
  const std::vector<GroupQuotaRecord>& group_quota_records() const { return group_quotas_; }

  // ---- the running-jobs history (DIRAC's share corrector reads it)
  // Adds one cycle's samples, all at `now` (a sample of the same time,
  // group and user replaces the one held), and forgets the samples older
  // than now − retention (retention ≥ 0). Tracked: the next commit writes
  // the new samples and deletes the forgotten ones.
  void AddRunningJobs(int64_t now, std::vector<RunningJobsRecord> samples, int64_t retention);
  // The history as added or restored, sorted by time, group and user.
  const std::vector<RunningJobsRecord>& running_history() const { return running_history_; }

  // ---- priorities (§1.3)
  // GetPriority: the EUP (RUP × factor). Creates the record when missing,
  // fixes its factor (GetPriorityFactor) and raises a RUP below 0.5 to 0.5.
  double GetPriority(std::string_view name);
  // GetPriorityFactor: the stored factor; when missing or below 1, the
  // default (DefaultPriorityFactor) is written and kept.
  double GetPriorityFactor(std::string_view name);
  // The default factor for a new record of `name`: NICE_USER_PRIO_FACTOR
  // for names starting with the nice-user prefix, else the assigned
  // group's GROUP_PRIO_FACTOR when set and non-zero, else
  // REMOTE_PRIO_FACTOR when ACCOUNTANT_LOCAL_DOMAIN is set and differs from
  // the domain after the last `@`, else DEFAULT_PRIO_FACTOR.
  double DefaultPriorityFactor(std::string_view name) const;
  // The EUP GetPriority would return, without writing anything.
  double EffectivePriority(std::string_view name) const;
  // The factor GetPriorityFactor would return, without writing anything.
  double PriorityFactor(std::string_view name) const;
  // The RUP as GetPriority reads it (at least 0.5), without writing.
  double RealPriority(std::string_view name) const;
  // GetCeiling: -1 (unlimited) when missing or negative.
  int64_t GetCeiling(std::string_view name) const;
  // GetFloor: 0 (none) when missing or negative.
  int64_t GetFloor(std::string_view name) const;
  int64_t GetResourcesUsed(std::string_view name) const;
  double GetWeightedResourcesUsed(std::string_view name) const;

  // ---- administration (condor_userprio's edits; each creates the record)
  // -setprio: writes the RUP as given (a later read raises it to 0.5).
  void SetPriority(std::string_view name, double rup);
  // -setfactor: a factor below 1 is stored as 1; a NaN or an infinity
  // leaves the record without a factor (HTCondor's log cannot read it
  // back), so the next read takes the default. Returns false unless the
  // factor was stored as given.
  bool SetPriorityFactor(std::string_view name, double factor);
  void SetCeiling(std::string_view name, int64_t ceiling);
  void SetFloor(std::string_view name, int64_t floor);
  // -setaccum: sets WeightedAccumulatedUsage only.
  void SetAccumUsage(std::string_view name, double usage);
  // -setbegin / -setlast.
  void SetBeginUsageTime(std::string_view name, int64_t when);
  void SetLastUsageTime(std::string_view name, int64_t when);
  // -resetusage: both accumulated usages to 0, BeginUsageTime to `now`;
  // the RUP is untouched.
  void ResetAccumulatedUsage(std::string_view name, int64_t now);
  // -resetall: ResetAccumulatedUsage for every record.
  void ResetAllUsage(int64_t now);
  // -delete: removes the customer record only (resource records stay).
  // Returns whether there was one.
  bool DeleteRecord(std::string_view name);

  // ---- the cycle (§1.3, §1.4)
  // Ages every record's RUP by 0.5^(dt/PRIORITY_HALFLIFE) toward its recent
  // usage, dt = now − LastUpdateTime: `RUP' = max(0.5, RUP·β + ρ·(1−β))`,
  // ρ = WeightedResourcesUsed + WeightedUnchargedTime/dt (a group with
  // HierWeightedResourcesUsed > 0 uses that instead); accumulates usage,
  // sets BeginUsageTime / LastUsageTime, clears uncharged time.
  // dt == 0: nothing; dt < 0: only LastUpdateTime is reset to `now`.
  void UpdatePriorities(int64_t now);
  // Charges `slot` to `customer` from `now`. Before 25.10
  // (AccountantPolicy::rules): nothing when the slot's record already names
  // this customer, and another customer's match on it is removed first;
  // from 25.10 the record is overwritten and nothing is removed (the
  // customer it named keeps its usage until CheckMatches). Adds 1 and the
  // slot weight to the customer's and
  // its assigned group's usage, the weight to HierWeightedResourcesUsed of
  // the group and its ancestors, subtracts (now − LastUpdateTime) from
  // their uncharged time, writes the resource record and counts its
  // MatchedConcurrencyLimits. A slot with `_cp_match_cost` is a
  // consumption-policy match recorded under `<name>_cp_match_NNN`.
  // Errors: kInvalidArgument when the slot has no string Name.
  classad::Status AddMatch(std::string_view customer, const classad::ClassAd& slot, int64_t now);
  // AddMatch of a match the negotiator just made: `matched_limits` is the
  // match's MatchedConcurrencyLimits (HTCondor inserts it into its copy of
  // the slot ad before AddMatch reads it back), used instead of the slot
  // ad's. Errors as AddMatch.
  classad::Status AddNewMatch(std::string_view customer, const classad::ClassAd& slot,
                              std::string_view matched_limits, int64_t now);
  // The same for a slot read already (ReadSlotAccounting under this
  // accountant's policy, as a Pool keeps it: PoolSlot::accounting).
  classad::Status AddNewMatch(std::string_view customer, const SlotAccounting& slot,
                              std::string_view matched_limits, int64_t now);
  // Uncharges resource `resource_name` (no-op when unknown): usage down
  // (never below 0) for its customer, group and ancestors; the time since
  // max(StartTime, LastUpdateTime) into uncharged time; the record removed.
  void RemoveMatch(std::string_view resource_name, int64_t now);
  // HTCondor's CheckMatches: each resource record whose slot is gone, or
  // is neither Matched nor Claimed/Preempting by the recorded customer (a
  // Suspended activity counts as not claimed under
  // NEGOTIATOR_DISCOUNT_SUSPENDED_RESOURCES), is removed: uncharged
  // (RemoveMatch) before 25.10, deleted as it is from 25.10, which then
  // sets every WeightedResourcesUsed to 0. Then AddMatch for every
  // Claimed/Preempting slot (customer: its AccountingGroup, else
  // RemoteUser), and the concurrency limits are recounted. Slots without a string
  // Name cannot be charged: they are skipped and reported in the returned
  // error (kInvalidArgument) after everything else is done.
  classad::Status CheckMatches(const std::vector<const classad::ClassAd*>& slots, int64_t now);
  // The same for slots read already (ReadSlotAccounting under this
  // accountant's policy, as a Pool keeps them: PoolSlot::accounting), which
  // must outlive the call.
  classad::Status CheckMatches(std::span<const SlotAccounting* const> slots, int64_t now);
  // The weight a match on `slot` costs: 1 when NEGOTIATOR_USE_SLOT_WEIGHTS
  // is false; else the slot's SlotWeight evaluated (when it is not a
  // number, the policy's SLOT_WEIGHT evaluated against the slot, as the
  // negotiator inserts it); missing, not a number or negative: 1; 0 is
  // allowed.
  double SlotWeight(const classad::ClassAd& slot) const;
  // `<Name>@<StartdIpAddr>` (StartdIpAddr may be missing); kInvalidArgument
  // when the slot has no string Name.
  static classad::Result<std::string> ResourceName(const classad::ClassAd& slot);

  // ---- concurrency limits (§4.3)
  // The count of limit `name` (lower case), 0 when unknown.
  double LimitCount(std::string_view name) const;
  // Every limit counted, by lower-case name.
  const std::map<std::string, double, std::less<>>& limit_counts() const { return limits_; }
  // The counts the resource records' MatchedConcurrencyLimits add up to,
  // by lower-case name: what a tool that has no slot ads can count (the
  // cycle counts what the slots publish: CheckMatches).
  std::map<std::string, double, std::less<>> RecordedLimitCounts() const;

  // ---- reports (§1.8)
  // One line per configured group, breadth-first (the root first). Without
  // `rollup`, each group's own usage and its EUP; with it, children's
  // ResourcesUsed, WeightedResourcesUsed and both accumulated usages summed
  // into their parents, BeginUsageTime the minimum and LastUsageTime the
  // maximum (as HTCondor does, a 0 counts), and priority 0. Writes nothing.
  std::vector<GroupUsage> GroupReport(bool rollup) const;

  // ---- policy::AccountingView
  // The negotiator's quota map for this cycle: group name -> quota.
  void SetGroupQuotas(std::map<std::string, double, std::less<>> quotas) {
    quotas_ = std::move(quotas);
  }
  // EffectivePriority(user).
  double UserPriority(std::string_view user) const override;
  // GetWeightedResourcesUsed(user).
  double UserResourcesInUse(std::string_view user) const override;
  // The assigned group, its quota in the quota map and its node-only
  // WeightedResourcesUsed; false when group quotas are off or the group is
  // not in the map.
  bool UserGroup(std::string_view user, policy::GroupInfo* group) const override;
  bool GroupResourcesInUse(std::string_view group, double* usage) const override;
  // UserGroup against another quota map (`quotas` must outlive *group's
  // use of the name).
  bool UserGroupIn(std::string_view user, const std::map<std::string, double, std::less<>>& quotas,
                   policy::GroupInfo* group) const;
  // GroupResourcesInUse against another quota map.
  bool GroupResourcesInUseIn(std::string_view group,
                             const std::map<std::string, double, std::less<>>& quotas,
                             double* usage) const;

 private:
  using Index = std::unordered_map<std::string, uint32_t, RecordKeyHash, std::equal_to<>>;

  // The change funnels (see the file comment).
  CustomerRecord& MutableCustomer(std::string_view name);
  void PutResource(ResourceRecord record);
  // Puts `record` into `table` in place of any of its name, its key
  // viewing the name the table holds (see ResourceTable).
  static void InsertResource(ResourceTable* table, ResourceRecord record);
  void EraseResource(std::string_view name);
  // Tracks resource `name` as written (changed since the last commit).
  void NoteResourceWritten(std::string_view name);
  bool EraseCustomer(std::string_view name);
  void SetLastUpdateTime(int64_t now);

  // The customer records one charge of a customer writes, by index into
  // customers_: its own, its group's, and its group's hierarchy
  // (ChargeHierarchy's records, in its order).
  struct ChargeTargets {
    uint32_t customer = 0;
    uint32_t group = 0;
    std::vector<uint32_t> hierarchy;
  };
  // The charge targets of `customer`, its records made as needed (in the
  // order a charge makes them).
  ChargeTargets ChargeTargetsOf(std::string_view customer);
  // Charge targets already found, by customer, for the length of one call
  // that charges many claims (the names are borrowed from the caller).
  using ChargeTargetCache = std::unordered_map<std::string_view, ChargeTargets>;
  // The index of customer `name` in customers_, the record made when
  // missing and marked changed (MutableCustomer's funnel).
  uint32_t MutableCustomerIndex(std::string_view name);
  // customers_[index], marked changed.
  CustomerRecord& MutableCustomerAt(uint32_t index);

  // AddMatch of `slot`, whose resource name is `name`; `matched_limits`
  // null: the slot ad's MatchedConcurrencyLimits. `targets`, when given,
  // keeps the charge targets found from one call to the next.
  void AddNamedMatch(std::string_view customer, const SlotAccounting& slot, std::string_view name,
                     const std::string_view* matched_limits, int64_t now,
                     ChargeTargetCache* targets = nullptr);
  // The index of group `submitter` is charged to (0: the root).
  int AssignedGroupIndex(std::string_view submitter) const;
  // The name of group `index` ("<none>" for 0), borrowed from the policy.
  std::string_view GroupName(int index) const;
  // Adds `weight` (negative: removes, not below 0) to the hierarchical
  // usage of group `group` and of each dotted prefix of its name (its
  // ancestors, as HTCondor finds them by name).
  void ChargeHierarchy(int group, double weight);
  // The indices of the records ChargeHierarchy(group, ...) writes, made as
  // needed, into `*out` (appended).
  void HierarchyIndices(int group, std::vector<uint32_t>* out);
  // ChargeHierarchy on the records `indices` (HierarchyIndices').
  void ChargeHierarchyAt(const std::vector<uint32_t>& indices, double weight);
  // Counts (sign +1) the limits of a limit list.
  void IncrementLimits(std::string_view list);
  // Whether the slot's claim counts under
  // NEGOTIATOR_DISCOUNT_SUSPENDED_RESOURCES (a string Activity, not
  // Suspended; always when the knob is off).
  bool ActivityCounts(const SlotAccounting& slot) const;
  // HTCondor's IsClaimed (the customer charged is *slot.customer) /
  // CheckClaimedOrMatched.
  bool IsClaimed(const SlotAccounting& slot) const;
  bool ClaimedOrMatchedBy(const SlotAccounting& slot, std::string_view customer) const;
  void UpdateOne(CustomerRecord& r, int64_t now, int64_t dt, double aging) const;

  std::shared_ptr<const policy::Policy> policy_;
  std::vector<CustomerRecord> customers_;
  Index customer_index_;  // name -> position in customers_
  ResourceTable resources_;
  int64_t last_update_time_ = 0;
  std::vector<GroupQuotaRecord> group_quotas_;  // sorted by name, names unique
  std::vector<RunningJobsRecord> running_history_;  // sorted by (time, group, user), keys unique
  std::map<std::string, double, std::less<>> limits_;
  std::map<std::string, double, std::less<>> quotas_;

  // Change tracking (BeginTracking). customer_dirty_ runs parallel to
  // customers_; the sets hold names.
  bool tracking_ = false;
  bool all_customers_dirty_ = false;
  std::vector<uint8_t> customer_dirty_;
  std::unordered_set<std::string, RecordKeyHash, std::equal_to<>> erased_customers_;
  std::unordered_set<std::string, RecordKeyHash, std::equal_to<>> dirty_resources_;
  std::unordered_set<std::string, RecordKeyHash, std::equal_to<>> erased_resources_;
  bool last_update_time_dirty_ = false;
  bool group_quotas_dirty_ = false;
  // The history's samples at or after it are to be written; those before
  // running_forget_before_ to be deleted.
  std::optional<int64_t> running_dirty_since_;
  std::optional<int64_t> running_forget_before_;
};

// The accountant seen through another group quota map. A slot's Remote*
// attributes are stamped from the previous cycle's map while a request's
// Submitter* attributes read the current round's (reference §3.8: in the
// first cycle after a start the map is empty and RemoteGroup* are absent).
// Priorities and usage are the accountant's, read live. Borrows the
// accountant, which must outlive it; const methods as the accountant's.
class AccountantWithQuotas : public policy::AccountingView {
 public:
  AccountantWithQuotas(const Accountant& accountant,
                       std::map<std::string, double, std::less<>> quotas)
      : accountant_(accountant), quotas_(std::move(quotas)) {}
  double UserPriority(std::string_view user) const override {
    return accountant_.UserPriority(user);
  }
  double UserResourcesInUse(std::string_view user) const override {
    return accountant_.UserResourcesInUse(user);
  }
  bool UserGroup(std::string_view user, policy::GroupInfo* group) const override {
    return accountant_.UserGroupIn(user, quotas_, group);
  }
  bool GroupResourcesInUse(std::string_view group, double* usage) const override {
    return accountant_.GroupResourcesInUseIn(group, quotas_, usage);
  }

 private:
  const Accountant& accountant_;
  std::map<std::string, double, std::less<>> quotas_;
};

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_ACCOUNTANT_H_
