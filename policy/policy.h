// Policy: the negotiator's and the accountant's configuration, read once
// from a Config, checked and compiled: typed values with HTCondor's
// effective defaults, every policy expression parsed and compiled to a
// program, the group tree with its quotas, the concurrency-limit table and
// the accounting-group map. The negotiator holds one Policy per
// configuration; building it reports every problem at once, each with its
// file, line and column.
//
// Thread-safety: a built Policy is immutable; any number of threads may
// read it and evaluate its expressions at once (the expressions' programs
// are compiled while building, and Expr::program() is safe to share).
#ifndef POLICY_POLICY_H_
#define POLICY_POLICY_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/parser.h"
#include "classad/status.h"
#include "policy/concurrency_limits.h"
#include "policy/config.h"
#include "policy/group_tree.h"
#include "policy/user_maps.h"
#include "policy/usermap.h"
#include "policy/usermap_regex.h"

namespace policy {

// One expression-valued knob, compiled.
struct PolicyExpression {
  std::string knob;               // its name, as HTCondor spells it
  std::string text;               // the expanded text; empty when not set
  classad::ExprPtr expr;          // null when not set: HTCondor loads no expression
  classad::SourceLocation where;  // where it was set; empty for a default
  bool from_default = false;      // text is HTCondor's default
  bool is_set() const { return expr != nullptr; }
};

// What the accountant reads (reference §1.1, §1.5).
// Which HTCondor releases' accountant the policy runs under: they charge
// usage differently (HTCONDOR-3499, in 25.10).
enum class AccountantRules {
  // 25.0 LTS and every release before 25.10: AddMatch first removes
  // another customer's match on the slot (uncharging it), and CheckMatches
  // uncharges the matches that ended.
  kBefore25_10,
  // 25.10 and later: AddMatch never removes the match it replaces, so a
  // preempted customer keeps its usage until the next CheckMatches; that
  // deletes ended matches without uncharging them, sets every
  // WeightedResourcesUsed to 0 and charges every claimed slot again.
  // ResourcesUsed and HierWeightedResourcesUsed are never reset, so they
  // grow by the claimed slots at every cycle (and a group's priority,
  // which follows HierWeightedResourcesUsed, with them).
  kSince25_10,
};

// The rules of HTCondor release `version` ("25.0.13", "25.13", "24"):
// kSince25_10 from 25.10 on. Errors: kInvalidArgument when `version` is
// not MAJOR[.MINOR[.PATCH]] in digits.
classad::Result<AccountantRules> AccountantRulesOf(std::string_view version);

// Which HTCondor releases' significant attributes of autoclusters the
// policy reproduces: the negotiator leaves different names out of those it
// publishes (HTCONDOR-3358, in 25.5).
enum class SignificantAttributeRules {
  // Before 25.5: the negotiator leaves out CurrentTime and the Remote*,
  // Submitter* and SubmittorPrio attributes of priority and usage; only
  // the schedd honours REMOVE_SIGNIFICANT_ATTRIBUTES, which has no
  // default.
  kBefore25_5,
  // 25.5 and later: the negotiator also leaves out LastHeardFrom,
  // RemoteUser, RemoteOwner, RemoteUserFloor, TotalJobRunTime,
  // MachineLastMatchTime, JobCurrentStartDate, JobState, Mips, KFlops,
  // SlotID, DSlotId, PartitionableSlot, DynamicSlot, Offline and
  // PelicanPluginVersion, and the names of REMOVE_SIGNIFICANT_ATTRIBUTES
  // (default CpusUsage, DiskUsage, GPUsUsage, MemoryUsage,
  // ResidentSetSize) and REMOVE_SIGNIFICANT_ATTRIBUTES_REGEX (default
  // ^Slot[0-9]*_).
  kSince25_5,
};

// The rules of HTCondor release `version` (as AccountantRulesOf reads it).
classad::Result<SignificantAttributeRules> SignificantAttributeRulesOf(std::string_view version);

struct AccountantPolicy {
  AccountantRules rules = AccountantRules::kBefore25_10;
  double priority_halflife = 86400;
  double default_prio_factor = 1000;
  double nice_user_prio_factor = 1e10;
  double remote_prio_factor = 1e7;
  std::string local_domain;     // ACCOUNTANT_LOCAL_DOMAIN; empty: every user is local
  std::string uid_domain;       // UID_DOMAIN
  std::string accounting_domain;  // ACCOUNTING_DOMAIN (defaults to UID_DOMAIN)
  std::string database_file;    // ACCOUNTANT_DATABASE_FILE (HTCondor's log; not read)
  std::string database;         // ACCOUNTANT_DATABASE: our store (SQLite path or postgresql:// URI)
  int64_t max_database_size = 1000000;
  bool discount_suspended_resources = false;
  bool use_slot_weights = true;  // NEGOTIATOR_USE_SLOT_WEIGHTS
  PolicyExpression slot_weight;  // SLOT_WEIGHT (Cpus)
  // The prefix of the submitter names NICE_USER_PRIO_FACTOR applies to:
  // HTCondor's accountant hard-codes "nice-user" and ignores the submit
  // knob NICE_USER_ACCOUNTING_GROUP_NAME (reference §1.1, §1.3), so this is
  // never read from the configuration.
  std::string nice_user_prefix = "nice-user";
};

// What matchmaking reads (reference §3.1, §3.5–3.9).
struct MatchPolicy {
  bool consider_preemption = true;
  bool consider_early_preemption = false;
  PolicyExpression preemption_requirements;
  bool preemption_requirements_stable = true;
  PolicyExpression preemption_rank;
  bool preemption_rank_stable = true;
  PolicyExpression pre_job_rank;
  PolicyExpression post_job_rank;
  bool ignore_user_priorities = false;
  bool ignore_job_ranks = false;
  bool depth_first = false;
  bool allow_pslot_preemption = false;
  bool cross_slot_prios = false;
  std::string resource_prefix = "slot";  // STARTD_RESOURCE_PREFIX
  bool use_global_job_prios = false;
  bool matchlist_caching = true;
  bool inform_startd = false;
  PolicyExpression slot_constraint;           // NEGOTIATOR_SLOT_CONSTRAINT
  PolicyExpression job_constraint;            // NEGOTIATOR_JOB_CONSTRAINT
  PolicyExpression submitter_constraint;      // NEGOTIATOR_SUBMITTER_CONSTRAINT
  PolicyExpression slot_poolsize_constraint;  // NEGOTIATOR_SLOT_POOLSIZE_CONSTRAINT, or its
                                              // old name GROUP_DYNAMIC_MACH_CONSTRAINT
  std::vector<PolicyExpression> match_exprs;  // NEGOTIATOR_MATCH_EXPRS, each knob named there
  // The significant attributes of autoclusters (negotiator/autoclusters/
  // significant_attributes.h says how HTCondor combines them).
  SignificantAttributeRules significant_attribute_rules = SignificantAttributeRules::kBefore25_5;
  std::vector<std::string> significant_attributes;      // SIGNIFICANT_ATTRIBUTES (the schedd's)
  std::vector<std::string> add_significant_attributes;  // ADD_SIGNIFICANT_ATTRIBUTES
  // REMOVE_SIGNIFICANT_ATTRIBUTES as the release reads it (before 25.5:
  // only when configured).
  std::vector<std::string> remove_significant_attributes;
  // REMOVE_SIGNIFICANT_ATTRIBUTES_REGEX, compiled caseless (from 25.5; null
  // before, or when it is empty or does not compile: a warning says so).
  std::shared_ptr<const MapRegex> remove_significant_attributes_regex;
  // STARTD_JOB_ATTRS, STARTD_JOB_EXPRS and SYSTEM_STARTD_JOB_ATTRS, in that
  // order: names the negotiator sets in its sample slot ad before it reads
  // what PREEMPTION_REQUIREMENTS and the ranks reference.
  std::vector<std::string> startd_job_attrs;
  PolicyExpression start_vanilla_universe;  // START_VANILLA_UNIVERSE (the schedd's)
  bool negotiate_all_jobs_in_cluster = false;
  int64_t trim_shutdown_threshold = 0;
};

// The cycle's timing (reference §0).
struct CyclePolicy {
  int64_t interval = 60;           // NEGOTIATOR_INTERVAL
  int64_t min_interval = 5;        // NEGOTIATOR_MIN_INTERVAL
  int64_t cycle_delay = 20;        // NEGOTIATOR_CYCLE_DELAY
  int64_t max_time_per_submitter = 60;
  int64_t max_time_per_schedd = 120;
  int64_t max_time_per_piespin = 120;
  int64_t max_time_per_cycle = 1200;
  bool read_config_before_cycle = false;
  bool advertise_accounting = true;
};

// What the schedd and the startd do with a claim between cycles: a
// simulation's model of them (negotiator/simulate/), not the negotiator's.
struct ClaimPolicy {
  // CLAIM_WORKLIFE: seconds after the claim began during which the startd
  // lets the schedd start another job on it when one completes; negative:
  // no limit.
  int64_t worklife = 1200;
  bool recycling_considers_limits = true;  // CLAIM_RECYCLING_CONSIDER_LIMITS
};

// Hierarchical group quotas (reference §2).
struct GroupQuotaPolicy {
  GroupTree tree;
  PolicyExpression sort_expr;               // GROUP_SORT_EXPR
  bool allow_quota_oversubscription = true;
  int64_t max_allocation_rounds = 3;
  double round_robin_rate = 1e100;
  bool strict_enforce_quota = true;
  bool use_weighted_demand = true;
};

// How to build a Policy.
struct PolicyOptions {
  // How expressions are parsed (limits; HTCondor's daemon lexer).
  classad::ParseOptions parse;
  // Options for reading the accounting-group map file.
  UserMap::Options user_map;
  // The HTCondor release whose accountant is reproduced (not a knob: the
  // configuration does not say which release reads it).
  AccountantRules accountant_rules = AccountantRules::kBefore25_10;
  // ... and whose significant attributes of autoclusters.
  SignificantAttributeRules significant_attribute_rules = SignificantAttributeRules::kBefore25_5;
};

// Sets every rule of `options` that depends on the HTCondor release to
// those of release `version` (MAJOR[.MINOR[.PATCH]]). Errors: as
// AccountantRulesOf (`options` unchanged).
classad::Status SetHTCondorRelease(std::string_view version, PolicyOptions* options);

// The negotiator's policy. Build it with Policy::Build.
class Policy {
 public:
  // Reads every knob of the negotiator and the accountant from `config`.
  // On success the Policy; its warnings() list what HTCondor would accept
  // but an administrator probably did not mean (a group without a quota).
  // On failure a Status (kInvalidArgument) whose message lists every
  // problem found, in file and line order, one per line as
  // "file:line:col: KNOB: message" (a
  // boolean such as `Flase`, an expression that does not parse, a quota
  // that is not a number or is out of range, a map file that cannot be
  // read), located at the first. `problems`, when given, receives them
  // all, errors and warnings apart.
  static classad::Result<Policy> Build(const Config& config, const PolicyOptions& options = {},
                                       Problems* problems = nullptr);

  AccountantPolicy accountant;
  MatchPolicy matching;
  CyclePolicy cycle;
  ClaimPolicy claims;
  GroupQuotaPolicy groups;
  ConcurrencyLimitTable limits;
  // The map of `use FEATURE : AssignAccountingGroup(file)`
  // (CLASSAD_USER_MAPFILE_AssignAccountingGroup), shared; null when none.
  std::shared_ptr<const UserMap> accounting_group_map;
  classad::SourceLocation accounting_group_map_at;
  // The maps the daemon's userMap() reads (user_maps.h), as its
  // configuration loaded them (Config::user_maps); null when it names
  // none. Evaluations of the daemon's expressions take
  // it as EvalOptions::user_maps (EvalOptionsAt).
  std::shared_ptr<const ConfiguredUserMaps> user_maps;

  // Options for evaluating this daemon's expressions at `now` (seconds
  // since the epoch): that clock, and the daemon's user maps (borrowed
  // from this policy, which must outlive the evaluations).
  classad::EvalOptions EvalOptionsAt(int64_t now) const;
  // The same with the process's clock (EvalOptions' default).
  classad::EvalOptions EvalOptionsWithRealClock() const;

  const std::vector<classad::Status>& warnings() const { return warnings_; }

 private:
  std::vector<classad::Status> warnings_;
};

}  // namespace policy

#endif  // POLICY_POLICY_H_
