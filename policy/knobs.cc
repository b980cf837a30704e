// The knob table (see knobs.h). The rows are HTCondor facts: defaults and
// ranges from HTCondor's param table (src/condor_utils/param_info.in at
// 7491a145f6; the same in 25.0 but for the rows marked HEAD only) or, for
// kCode rows, from the param*() calls in the negotiator, accountant and
// schedd sources; the descriptions are this project's own.
//
// Notes on facts a row cannot hold:
// - Ranges are what HTCondor declares. param_integer enforces the param
//   table's range; param_double enforces only the range its caller passes,
//   so PRIORITY_HALFLIFE's declared minimum is not enforced by HTCondor,
//   nor by KnobReader (policy_lint reports it).
// - NICE_USER_PRIO_FACTOR, REMOTE_PRIO_FACTOR and DEFAULT_PRIO_FACTOR are
//   read with atof, not evaluated: "2*3" gives 2.
// - The table types of PREEMPTION_REQUIREMENTS and friends are "string" in
//   param_info.in; kExpr says how the negotiator uses them. When the
//   configuration sets one of them empty, the negotiator loads no
//   expression at all (no check, or no rank).
// - CONCURRENCY_LIMIT_DEFAULT is an int in the param table but read with
//   param_double, as are <NAME>_LIMIT and CONCURRENCY_LIMIT_DEFAULT_<SET>.
// - The per-group and per-set families are never in the param table; their
//   kCode defaults are the code's fallbacks (another knob's value, or 0).
// - Empty defaults in param_info.in (GROUP_NAMES, LOCAL_CONFIG_DIR, ...)
//   count as no default there, as in HTCondor's generated table.
#include "policy/knobs.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>

#include "policy/text_util.h"

namespace policy {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr char FoldCase(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}

// <0, 0, >0 as `a` sorts before, with, after `b`, ASCII letters folded.
constexpr int CompareNoCase(std::string_view a, std::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    const unsigned char x = static_cast<unsigned char>(FoldCase(a[i]));
    const unsigned char y = static_cast<unsigned char>(FoldCase(b[i]));
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

// One row; `min`/`max` only for ranged numbers.
constexpr KnobInfo Knob(KnobForm form, std::string_view name, KnobType type,
                        KnobDefaultSource source, std::string_view default_value,
                        std::string_view description, double min = -kInf, double max = kInf) {
  return KnobInfo{name,  type, form,        source != KnobDefaultSource::kNone, default_value,
                  min,   max,  description, source};
}

using enum KnobForm;
using enum KnobType;
using enum KnobDefaultSource;

// Sorted by name, case folded; checked at compile time below.
constexpr KnobInfo kKnobs[] = {
    Knob(kPlain, "ACCOUNTANT_DATABASE", kString, kNone,
         "",
         "This project's accountant store: a SQLite file path or a postgresql:// URI "
         "(not an HTCondor knob; HTCondor keeps ACCOUNTANT_DATABASE_FILE, a ClassAd log)"),
    Knob(kPlain, "ACCOUNTANT_DATABASE_FILE", kString, kParamTable,
         "$(SPOOL)/Accountantnew.log",
         "Path of the accountant's transaction log"),
    Knob(kPlain, "ACCOUNTANT_LOCAL_DOMAIN", kString, kNone,
         "",
         "Domain of local submitters; unset: everyone is local and REMOTE_PRIO_FACTOR is unused"),
    Knob(kPlain, "ACCOUNTING_DOMAIN", kString, kParamTable,
         "$(UID_DOMAIN)",
         "Domain the schedd appends to submitter names (owner or group @ domain)"),
    Knob(kPlain, "ActivityTimer", kExpr, kParamTable,
         "(time() - EnteredCurrentActivity)",
         "Seconds a slot has been in its current activity"),
    Knob(kPlain, "ADD_SIGNIFICANT_ATTRIBUTES", kList, kNone,
         "",
         "Schedd knob: job attributes added to the significant attributes the negotiator "
         "publishes"),
    Knob(kPlain, "ALLOW_PSLOT_PREEMPTION", kBool, kCode,
         "false",
         "Whether several dynamic slots of a partitionable slot may be preempted together for "
         "one job"),
    Knob(kPlain, "AUTO_USE_FEATURE_PelicanRetryPolicy", kBool, kParamTable,
         "$(IsSchedd)",
         "Whether FEATURE : PelicanRetryPolicy applies by itself (AUTO_USE_; a schedd's by "
         "default)"),
    Knob(kPlain, "BackgroundLoad", kReal, kParamTable,
         "0.3",
         "Load average below which a machine counts as idle, in the classic desktop policy"),
    Knob(kPlain, "BenchmarkTimer", kExpr, kParamTable,
         "(time() - LastBenchmark)",
         "Seconds since the slot last ran its benchmarks"),
    Knob(kPlain, "BigJob", kExpr, kParamTable,
         "(TARGET.ImageSize >= (50 * 1024))",
         "True for a job with an image of at least 50 MiB"),
    Knob(kPlain, "BIN", kString, kParamTable,
         "$(RELEASE_DIR)/bin",
         "Folder of the HTCondor tools"),
    Knob(kPlain, "CLAIM_RECYCLING_CONSIDER_LIMITS", kBool, kParamTable,
         "true",
         "Whether a schedd reuses a claim only for a job with the concurrency limits of the "
         "claim's first job (a simulation's schedd)"),
    Knob(kPlain, "CLAIM_WORKLIFE", kInt, kParamTable,
         "1200",
         "Seconds after a claim began during which its startd accepts another job on it; "
         "negative: no limit (a simulation's startd)"),
    Knob(kPlain, "CLASSAD_USER_MAPDATA_PRIORITY_FACTOR_AUTHORIZATION", kString, kNone,
         "",
         "The PRIORITY_FACTOR_AUTHORIZATION map written inline instead of in a file"),
    Knob(kPlain, "CLASSAD_USER_MAPFILE_PRIORITY_FACTOR_AUTHORIZATION", kString, kNone,
         "",
         "Map file naming the submitter prefixes a non-administrator may set priority factors "
         "for"),
    Knob(kPlain, "COLLECTOR.IsCollector", kBool, kParamTable,
         "true",
         "IsCollector is true for the COLLECTOR subsystem"),
    Knob(kPlain, "COLLECTOR_HOST", kString, kParamTable,
         "$(CONDOR_HOST)",
         "Address of the collector the daemons report to and query"),
    Knob(kPlain, "COLLECTOR_HOST_FOR_NEGOTIATOR", kString, kParamTable,
         "$(FULL_HOSTNAME)",
         "Collector the negotiator prefers to query when there are several"),
    Knob(kPlain, "CONCURRENCY_LIMIT_DEFAULT", kReal, kParamTable,
         "2308032",
         "Maximum of a concurrency limit that has no <NAME>_LIMIT (2308032: in effect "
         "unlimited)"),
    Knob(kPerLimitSet, "CONCURRENCY_LIMIT_DEFAULT_", kReal, kCode,
         "$(CONCURRENCY_LIMIT_DEFAULT)",
         "Maximum of the limits <SET>.x of one set that have no <NAME>_LIMIT"),
    Knob(kPlain, "CONDOR_HOST", kString, kNone,
         "",
         "Host of the central manager; other knobs (COLLECTOR_HOST) refer to it"),
    Knob(kPlain, "CONFIG_ROOT", kString, kNone,
         "",
         "Folder of the root configuration file; HTCondor sets it at startup"),
    Knob(kPlain, "ContinueIdleTime", kExpr, kParamTable,
         "5 * $(MINUTE)",
         "Idle seconds before a suspended job resumes, in the classic desktop policy"),
    Knob(kPlain, "DEFAULT_PRIO_FACTOR", kReal, kParamTable,
         "1000",
         "Priority factor of a new submitter that no other rule covers"),
    Knob(kPlain, "ETC", kString, kParamTable,
         "$(LOCAL_DIR)",
         "Folder of machine-local configuration data"),
    Knob(kPlain, "EXECUTE", kString, kParamTable,
         "$(LOCAL_DIR)/execute",
         "Folder in which jobs run on an execute machine"),
    Knob(kPlain, "FORCE_NEGOTIATOR_SLOT_WEIGHT", kBool, kParamTable,
         "false",
         "Whether the negotiator's SLOT_WEIGHT replaces the SlotWeight slots advertise (HEAD "
         "only)"),
    Knob(kPlain, "FULL_HOSTNAME", kString, kNone,
         "",
         "Fully qualified host name; HTCondor sets it at startup"),
    Knob(kPlain, "GROUP_ACCEPT_SURPLUS", kBool, kParamTable,
         "false",
         "Whether groups may use quota that other groups leave unused, unless a group says "
         "otherwise"),
    Knob(kPerGroup, "GROUP_ACCEPT_SURPLUS_", kBool, kCode,
         "$(GROUP_ACCEPT_SURPLUS)",
         "Whether group <g> may use quota that other groups leave unused"),
    Knob(kPlain, "GROUP_AUTOREGROUP", kBool, kParamTable,
         "false",
         "Whether jobs of groups may also negotiate as ungrouped once their group is done, "
         "unless a group says otherwise"),
    Knob(kPerGroup, "GROUP_AUTOREGROUP_", kBool, kCode,
         "$(GROUP_AUTOREGROUP)",
         "Whether jobs of group <g> may also negotiate as ungrouped once their group is done"),
    Knob(kPlain, "GROUP_DYNAMIC_MACH_CONSTRAINT", kExpr, kNone,
         "",
         "Obsolete name of NEGOTIATOR_SLOT_POOLSIZE_CONSTRAINT, read only when that is unset"),
    Knob(kPlain, "GROUP_NAMES", kList, kNone,
         "",
         "Accounting groups, dotted names for subgroups; empty turns group quotas off"),
    Knob(kPerGroup, "GROUP_PRIO_FACTOR_", kReal, kCode,
         "0",
         "Priority factor of new submitters of group <g> and of the group itself (0: not set)"),
    Knob(kPerGroup, "GROUP_QUOTA_", kReal, kNone,
         "",
         "Static quota of group <g>, in slot weight; wins over GROUP_QUOTA_DYNAMIC_<g>",
         0, 2147483647),
    Knob(kPerGroup, "GROUP_QUOTA_DYNAMIC_", kReal, kNone,
         "",
         "Quota of group <g> as a fraction of what its static siblings leave of the parent's "
         "quota (unset: 0)",
         0, 1),
    Knob(kPlain, "GROUP_QUOTA_MAX_ALLOCATION_ROUNDS", kInt, kParamTable,
         "3",
         "Rounds of quota allocation per cycle, for quota groups leave unused",
         1, 1000000000),
    Knob(kPlain, "GROUP_QUOTA_ROUND_ROBIN_RATE", kReal, kParamTable,
         "1.0e100",
         "Step in slot weight by which groups receive their allocation (huge: all at once)",
         1, 1e+100),
    Knob(kPlain, "GROUP_SORT_EXPR", kExpr, kParamTable,
         "ifThenElse(AccountingGroup=?=\"<none>\",3.4e+38,ifThenElse(GroupQuota>0,"
         "GroupResourcesInUse/GroupQuota,3.3e+38))",
         "Order in which groups negotiate (smaller first), evaluated in a per-group ad"),
    Knob(kPlain, "HFS_MAX_ALLOCATION_ROUNDS", kInt, kCode,
         "3",
         "Legacy name of GROUP_QUOTA_MAX_ALLOCATION_ROUNDS; ignored, as that knob always has a "
         "default",
         1, 2147483647),
    Knob(kPlain, "HFS_ROUND_ROBIN_RATE", kReal, kCode,
         "1.7976931348623157e+308",
         "Legacy name of GROUP_QUOTA_ROUND_ROBIN_RATE; ignored, as that knob always has a "
         "default",
         1, 1.7976931348623157e+308),
    Knob(kPlain, "HighLoad", kReal, kParamTable,
         "0.5",
         "Load average above which a machine counts as busy, in the classic desktop policy"),
    Knob(kPlain, "HOSTNAME", kString, kNone,
         "",
         "Short host name; HTCondor sets it at startup"),
    Knob(kPlain, "HOUR", kInt, kParamTable,
         "3600",
         "Seconds in an hour, for use in expressions"),
    Knob(kPlain, "IsCollector", kBool, kParamTable,
         "false",
         "True in the configuration of the collector daemon or tool (COLLECTOR.IsCollector)"),
    Knob(kPlain, "IsMaster", kBool, kParamTable,
         "false",
         "True in the configuration of the master daemon or tool (MASTER.IsMaster)"),
    Knob(kPlain, "IsMPI", kExpr, kParamTable,
         "(TARGET.JobUniverse == $(MPI))",
         "True for an MPI-universe job"),
    Knob(kPlain, "IsNegotiator", kBool, kParamTable,
         "false",
         "True in the configuration of the negotiator daemon or tool (NEGOTIATOR.IsNegotiator)"),
    Knob(kPlain, "IsSchedd", kBool, kParamTable,
         "false",
         "True in the configuration of the schedd daemon or tool (SCHEDD.IsSchedd)"),
    Knob(kPlain, "IsShadow", kBool, kParamTable,
         "false",
         "True in the configuration of the shadow daemon or tool (SHADOW.IsShadow)"),
    Knob(kPlain, "IsStandard", kExpr, kParamTable,
         "(TARGET.JobUniverse == $(STANDARD))",
         "True for a standard-universe job"),
    Knob(kPlain, "IsStartd", kBool, kParamTable,
         "false",
         "True in the configuration of the startd daemon or tool (STARTD.IsStartd)"),
    Knob(kPlain, "IsStarter", kBool, kParamTable,
         "false",
         "True in the configuration of the starter daemon or tool (STARTER.IsStarter)"),
    Knob(kPlain, "IsSubmit", kBool, kParamTable,
         "false",
         "True in the configuration of the submit daemon or tool (SUBMIT.IsSubmit)"),
    Knob(kPlain, "IsTool", kBool, kParamTable,
         "false",
         "True in the configuration of the tool daemon or tool (TOOL.IsTool)"),
    Knob(kPlain, "IsVanilla", kExpr, kParamTable,
         "(TARGET.JobUniverse == $(VANILLA))",
         "True for a vanilla-universe job"),
    Knob(kPlain, "IsVM", kExpr, kParamTable,
         "(TARGET.JobUniverse == $(VM))",
         "True for a VM-universe job"),
    Knob(kPlain, "IsWindows", kBool, kParamTable,
         "false",
         "True in a configuration read on Windows"),
    Knob(kPlain, "LIB", kString, kParamTable,
         "$(RELEASE_DIR)/lib",
         "Folder of the HTCondor libraries"),
    Knob(kPlain, "LIBEXEC", kString, kParamTable,
         "$(RELEASE_DIR)/libexec",
         "Folder of helper programs the daemons run"),
    Knob(kPlain, "LOCAL_CONFIG_DIR", kList, kNone,
         "",
         "Folders whose regular files are read, sorted by full path, after the root "
         "configuration file"),
    Knob(kPlain, "LOCAL_CONFIG_DIR_EXCLUDE_REGEXP", kString, kParamTable,
         R"(^((\..*)|(.*\.pl)|(.*\.py)|(.*\.sh)|(.*~)|(#.*)|(.*\.rpmsave)|(.*\.rpmnew)|)"
         R"((.*\.dpkg-old)|(.*\.dpkg-dist)|(.*\.cfsaved))$)",
         "Regular expression of file names in LOCAL_CONFIG_DIR to skip (dotfiles, scripts, "
         "backups, package leftovers)"),
    Knob(kPlain, "LOCAL_CONFIG_FILE", kList, kNone,
         "",
         "Files read after LOCAL_CONFIG_DIR (or one command when the value contains |); later "
         "files win"),
    Knob(kPlain, "LOCAL_DIR", kString, kParamTable,
         "$(TILDE)",
         "Root of the machine-local state folders (spool, log, execute)"),
    Knob(kPlain, "LOCK", kString, kParamTable,
         "$(LOG)",
         "Folder of lock files"),
    Knob(kPlain, "LOG", kString, kParamTable,
         "$(LOCAL_DIR)/log",
         "Folder of the daemon log files"),
    Knob(kPlain, "MASTER.IsMaster", kBool, kParamTable,
         "true",
         "IsMaster is true for the MASTER subsystem"),
    Knob(kPlain, "MATCH_WORKING_CM_SLOTS", kBool, kCode,
         "false",
         "Whether claimed partitionable slots that report a WorkingCM may still be matched"),
    Knob(kPlain, "MaxSuspendTime", kExpr, kParamTable,
         "10 * $(MINUTE)",
         "Seconds a job may stay suspended, in the classic desktop policy"),
    Knob(kPlain, "MaxVacateTime", kExpr, kParamTable,
         "10 * $(MINUTE)",
         "Seconds a job is given to vacate, in the classic desktop policy"),
    Knob(kPlain, "MAX_ACCOUNTANT_DATABASE_SIZE", kInt, kParamTable,
         "1000000",
         "Bytes the accountant log may reach before it is compacted"),
    Knob(kPlain, "MediumJob", kExpr, kParamTable,
         "(TARGET.ImageSize >= (15 * 1024) && TARGET.ImageSize < (50 * 1024))",
         "True for a job with an image from 15 MiB up to 50 MiB"),
    Knob(kPlain, "MINUTE", kInt, kParamTable,
         "60",
         "Seconds in a minute, for use in expressions"),
    Knob(kPlain, "MPI", kInt, kParamTable,
         "8",
         "Universe number of the MPI universe"),
    Knob(kPlain, "NEGOTIATE_ALL_JOBS_IN_CLUSTER", kBool, kCode,
         "false",
         "Schedd knob: whether every job is offered even after a job of its autocluster was "
         "rejected"),
    Knob(kPlain, "NEGOTIATION_CYCLE_STATS_LENGTH", kInt, kParamTable,
         "3",
         "Number of past cycles whose statistics the negotiator ad carries",
         0, 100),
    Knob(kPlain, "NEGOTIATOR.IsNegotiator", kBool, kParamTable,
         "true",
         "IsNegotiator is true for the NEGOTIATOR subsystem"),
    Knob(kPlain, "NEGOTIATOR_ADVERTISE_ACCOUNTING", kBool, kCode,
         "true",
         "Whether accounting ads for submitters and groups are sent to the collector after "
         "each cycle"),
    Knob(kPlain, "NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION", kBool, kParamTable,
         "true",
         "Whether static quotas are kept as configured even when they add up to more than the "
         "parent's quota"),
    Knob(kPlain, "NEGOTIATOR_CLASSAD_USER_MAP_NAMES", kList, kNone,
         "",
         "User maps the negotiator loads, such as PRIORITY_FACTOR_AUTHORIZATION and "
         "GROUP_PREFIX"),
    Knob(kPlain, "NEGOTIATOR_CONSIDER_EARLY_PREEMPTION", kBool, kParamTable,
         "false",
         "Whether slots still in their retirement time may be matched for preemption"),
    Knob(kPlain, "NEGOTIATOR_CONSIDER_PREEMPTION", kBool, kParamTable,
         "true",
         "Whether claimed slots are offered at all (false: only unclaimed slots match, which "
         "makes cycles cheaper)"),
    Knob(kPlain, "NEGOTIATOR_CROSS_SLOT_PRIOS", kBool, kParamTable,
         "false",
         "Whether every slot ad also gets the other slots' remote-user priorities "
         "(slotN_RemoteUserPrio)"),
    Knob(kPlain, "NEGOTIATOR_CYCLE_DELAY", kInt, kCode,
         "20",
         "Least seconds between the end of one cycle and the start of the next",
         0),
    Knob(kPlain, "NEGOTIATOR_DEPTH_FIRST", kBool, kParamTable,
         "false",
         "Whether the schedd is told how many jobs of the same shape fit in a matched slot"),
    Knob(kPlain, "NEGOTIATOR_DISCOUNT_SUSPENDED_RESOURCES", kBool, kParamTable,
         "false",
         "Whether claimed slots whose activity is Suspended are not charged"),
    Knob(kPlain, "NEGOTIATOR_IGNORE_JOB_RANKS", kBool, kCode,
         "false",
         "Whether job Rank is ignored, so slots are sorted once by the negotiator ranks only"),
    Knob(kPlain, "NEGOTIATOR_IGNORE_USER_PRIORITIES", kBool, kParamTable,
         "false",
         "Whether every submitter may take the whole pool (no fair share)"),
    Knob(kPlain, "NEGOTIATOR_INFORM_STARTD", kBool, kParamTable,
         "false",
         "Whether the negotiator also tells the startd about each match"),
    Knob(kPlain, "NEGOTIATOR_INTERVAL", kInt, kParamTable,
         "60",
         "Seconds between the starts of negotiation cycles"),
    Knob(kPlain, "NEGOTIATOR_JOB_CONSTRAINT", kExpr, kNone,
         "",
         "Only jobs for which this is true are considered"),
    Knob(kPlain, "NEGOTIATOR_MATCHLIST_CACHING", kBool, kParamTable,
         "true",
         "Whether the sorted list of candidate slots is reused for the next request of the "
         "same autocluster"),
    Knob(kPlain, "NEGOTIATOR_MATCH_EXPRS", kList, kNone,
         "",
         "Names of knobs whose values are added to matched slot ads as MatchExpr<name>"),
    Knob(kPlain, "NEGOTIATOR_MAX_TIME_PER_CYCLE", kInt, kParamTable,
         "1200",
         "Seconds a whole cycle may take"),
    Knob(kPlain, "NEGOTIATOR_MAX_TIME_PER_PIESPIN", kInt, kParamTable,
         "120",
         "Seconds one pie spin may take"),
    Knob(kPlain, "NEGOTIATOR_MAX_TIME_PER_SCHEDD", kInt, kParamTable,
         "120",
         "Seconds one schedd may negotiate in a cycle"),
    Knob(kPlain, "NEGOTIATOR_MAX_TIME_PER_SUBMITTER", kInt, kParamTable,
         "60",
         "Seconds one submitter may negotiate in a cycle"),
    Knob(kPlain, "NEGOTIATOR_MIN_INTERVAL", kInt, kParamTable,
         "5",
         "Least seconds between the starts of two cycles"),
    Knob(kPlain, "NEGOTIATOR_NAME", kString, kNone,
         "",
         "Name of this negotiator when several share a pool"),
    Knob(kPlain, "NEGOTIATOR_NUM_THREADS", kInt, kParamTable,
         "1",
         "Threads used to match one request against the slots"),
    Knob(kPlain, "NEGOTIATOR_POST_JOB_RANK", kExpr, kParamTable,
         "(RemoteOwner =?= UNDEFINED) * (ifthenElse(isUndefined(KFlops), 1000, Kflops) - "
         "SlotID - 1.0e10*(Offline=?=True))",
         "Slot preference applied after the job's own Rank (larger wins; MY = slot, TARGET = "
         "job)"),
    Knob(kPlain, "NEGOTIATOR_PREFETCH_REQUESTS", kBool, kParamTable,
         "true",
         "Whether resource requests are fetched from all schedds in parallel before matching"),
    Knob(kPlain, "NEGOTIATOR_PREFETCH_REQUESTS_MAX_TIME", kInt, kParamTable,
         "60",
         "Seconds the whole prefetch phase may take (0: no limit)",
         0),
    Knob(kPlain, "NEGOTIATOR_PREFETCH_REQUESTS_TIMEOUT", kInt, kCode,
         "$(NEGOTIATOR_TIMEOUT)",
         "Seconds to wait on one schedd while prefetching requests"),
    Knob(kPlain, "NEGOTIATOR_PRE_JOB_RANK", kExpr, kParamTable,
         "(10000000 * My.Rank) + (1000000 * (RemoteOwner =?= UNDEFINED)) - (100000 * Cpus) - "
         "Memory",
         "Slot preference applied before the job's own Rank (larger wins; MY = slot, TARGET = "
         "job)"),
    Knob(kPlain, "NEGOTIATOR_READ_CONFIG_BEFORE_CYCLE", kBool, kParamTable,
         "false",
         "Whether the configuration is re-read before each cycle (the group tree is not "
         "rebuilt)"),
    Knob(kPlain, "NEGOTIATOR_RESOURCE_REQUEST_LIST_SIZE", kInt, kParamTable,
         "200",
         "Resource requests fetched from a schedd at a time",
         1),
    Knob(kPlain, "NEGOTIATOR_SLOT_CONSTRAINT", kExpr, kNone,
         "",
         "Only slots for which this is true are fetched from the collector"),
    Knob(kPlain, "NEGOTIATOR_SLOT_POOLSIZE_CONSTRAINT", kExpr, kNone,
         "",
         "Only slots for which this is true count towards the pool size (they are still "
         "matched)"),
    Knob(kPlain, "NEGOTIATOR_SOCKET_CACHE_SIZE", kInt, kParamTable,
         "500",
         "Connections to schedds kept open during a cycle",
         1),
    Knob(kPlain, "NEGOTIATOR_STRICT_ENFORCE_QUOTA", kBool, kCode,
         "true",
         "Whether groups that do not accept surplus cap the allocations of their subtrees"),
    Knob(kPlain, "NEGOTIATOR_SUBMITTER_CONSTRAINT", kExpr, kNone,
         "",
         "Only submitters for which this is true are fetched from the collector"),
    Knob(kPlain, "NEGOTIATOR_TIMEOUT", kInt, kParamTable,
         "30",
         "Seconds to wait on a schedd or startd connection"),
    Knob(kPlain, "NEGOTIATOR_TRIM_SHUTDOWN_THRESHOLD", kInt, kParamTable,
         "0",
         "Slots shutting down within this many seconds are not matched (0: off); may be an "
         "expression"),
    Knob(kPlain, "NEGOTIATOR_UPDATE_AFTER_CYCLE", kBool, kParamTable,
         "false",
         "Whether the negotiator ad is sent to the collector after each cycle"),
    Knob(kPlain, "NEGOTIATOR_UPDATE_INTERVAL", kInt, kParamTable,
         "300",
         "Seconds between updates of the negotiator ad"),
    Knob(kPlain, "NEGOTIATOR_USE_NONBLOCKING_STARTD_CONTACT", kBool, kParamTable,
         "true",
         "Whether startds are contacted without blocking"),
    Knob(kPlain, "NEGOTIATOR_USE_SLOT_WEIGHTS", kBool, kParamTable,
         "true",
         "Whether slots are charged their SlotWeight (false: every slot costs 1)"),
    Knob(kPlain, "NEGOTIATOR_USE_WEIGHTED_DEMAND", kBool, kParamTable,
         "true",
         "Whether group demand counts weighted jobs (WeightedIdleJobs + WeightedRunningJobs)"),
    Knob(kPlain, "NICE_USER_ACCOUNTING_GROUP_NAME", kString, kParamTable,
         "nice-user",
         "Submit knob: accounting group given to nice_user jobs (the accountant checks the "
         "literal prefix nice-user)"),
    Knob(kPlain, "NICE_USER_PRIO_FACTOR", kReal, kParamTable,
         "1e10",
         "Priority factor of a new submitter whose name begins with nice-user"),
    Knob(kPlain, "PREEMPTION_RANK", kExpr, kParamTable,
         "(RemoteUserPrio * 1000000) - ifThenElse(isUndefined(TotalJobRuntime), 0, "
         "TotalJobRuntime)",
         "Among slots to preempt, which is preferred (larger wins; MY = slot, TARGET = job)"),
    Knob(kPlain, "PREEMPTION_RANK_STABLE", kBool, kCode,
         "true",
         "Whether PREEMPTION_RANK gives the same answer all cycle, so cached match lists need "
         "no re-check"),
    Knob(kPlain, "PREEMPTION_REQUIREMENTS", kExpr, kParamTable,
         "False",
         "Whether a claimed slot may be taken for a different user (MY = slot, TARGET = job); "
         "set empty to drop the check"),
    Knob(kPlain, "PREEMPTION_REQUIREMENTS_STABLE", kBool, kCode,
         "true",
         "Whether PREEMPTION_REQUIREMENTS gives the same answer all cycle, so cached match "
         "lists need no re-check"),
    Knob(kPlain, "PRIORITY_HALFLIFE", kReal, kParamTable,
         "86400",
         "Seconds for the effect of past usage on a real user priority to halve",
         1e-05),
    Knob(kPlain, "RELEASE_DIR", kString, kParamTable,
         "/usr",
         "Installation prefix of HTCondor (bin, sbin, lib below it)"),
    Knob(kPlain, "REMOTE_PRIO_FACTOR", kReal, kParamTable,
         "1e7",
         "Priority factor of a new submitter from outside ACCOUNTANT_LOCAL_DOMAIN"),
    Knob(kPlain, "REMOVE_SIGNIFICANT_ATTRIBUTES", kList, kParamTable,
         "CpusUsage,DiskUsage,GPUsUsage,MemoryUsage,ResidentSetSize",
         "Attributes left out of the significant attributes of autoclusters (the negotiator's "
         "from 25.5, where this default appeared; the schedd's in every release)"),
    Knob(kPlain, "REMOVE_SIGNIFICANT_ATTRIBUTES_REGEX", kString, kParamTable,
         "^Slot[0-9]*_",
         "Regular expression (case-insensitive) of attribute names the negotiator leaves out "
         "of the significant attributes it publishes (from 25.5)"),
    Knob(kPlain, "REQUIRE_LOCAL_CONFIG_FILE", kBool, kParamTable,
         "true",
         "Whether a missing local configuration file or folder is a fatal error (false on "
         "Windows)"),
    Knob(kPlain, "RUN", kString, kParamTable,
         "$(LOCK)",
         "Folder of run-time files such as the daemon address files"),
    Knob(kPlain, "SBIN", kString, kParamTable,
         "$(RELEASE_DIR)/sbin",
         "Folder of the HTCondor daemons"),
    Knob(kPlain, "SCHEDD.IsSchedd", kBool, kParamTable,
         "true",
         "IsSchedd is true for the SCHEDD subsystem"),
    Knob(kPlain, "SHADOW.IsShadow", kBool, kParamTable,
         "true",
         "IsShadow is true for the SHADOW subsystem"),
    Knob(kPlain, "SIGNIFICANT_ATTRIBUTES", kList, kNone,
         "",
         "Schedd knob: job attributes that define autoclusters (unset: learned from the "
         "negotiator)"),
    Knob(kPlain, "SLOT_WEIGHT", kExpr, kParamTable,
         "Cpus",
         "What a slot costs against a user share (the SlotWeight attribute)"),
    Knob(kPlain, "SmallJob", kExpr, kParamTable,
         "(TARGET.ImageSize <  (15 * 1024))",
         "True for a job with an image under 15 MiB"),
    Knob(kPlain, "SPOOL", kString, kParamTable,
         "$(LOCAL_DIR)/spool",
         "Folder of persistent daemon state, including the accountant database"),
    Knob(kPlain, "STANDARD", kInt, kParamTable,
         "1",
         "Universe number of the retired standard universe"),
    Knob(kPlain, "STARTD.IsStartd", kBool, kParamTable,
         "true",
         "IsStartd is true for the STARTD subsystem"),
    Knob(kPlain, "STARTD_AD_REEVAL_EXPR", kExpr, kCode,
         "target.UpdateSequenceNumber > my.UpdateSequenceNumber",
         "For slots with WantAdRevaluate: whether a newly fetched ad replaces the stashed one"),
    Knob(kPlain, "STARTD_JOB_ATTRS", kList, kNone,
         "",
         "Job attributes the startd copies into slot ads; the negotiator counts them as "
         "significant"),
    Knob(kPlain, "STARTD_JOB_EXPRS", kList, kNone,
         "",
         "Obsolete name of STARTD_JOB_ATTRS, merged with it"),
    Knob(kPlain, "STARTD_RESOURCE_PREFIX", kString, kCode,
         "slot",
         "Prefix of the per-slot attribute names published with NEGOTIATOR_CROSS_SLOT_PRIOS"),
    Knob(kPlain, "STARTER.IsStarter", kBool, kParamTable,
         "true",
         "IsStarter is true for the STARTER subsystem"),
    Knob(kPlain, "StartIdleTime", kExpr, kParamTable,
         "15 * $(MINUTE)",
         "Idle seconds before a job may start, in the classic desktop policy"),
    Knob(kPlain, "START_VANILLA_UNIVERSE", kExpr, kNone,
         "",
         "Schedd knob: whether a vanilla job may start; the JOB.x it reads are significant "
         "attributes of autoclusters"),
    Knob(kPlain, "StateTimer", kExpr, kParamTable,
         "(time() - EnteredCurrentState)",
         "Seconds a slot has been in its current state"),
    Knob(kPlain, "SUBMIT.IsSubmit", kBool, kParamTable,
         "true",
         "IsSubmit is true for the SUBMIT subsystem"),
    Knob(kPlain, "SYSTEM_STARTD_JOB_ATTRS", kList, kParamTable,
         "ImageSize, ExecutableSize, JobUniverse, NiceUser, CPUsUsage, ResidentSetSize, "
         "ProportionalSetSizeKb, MemoryUsage, DiskUsage, StdoutMtime, StderrMtime, "
         "ScratchDirFileCount",
         "Job attributes HTCondor itself copies into slot ads"),
    Knob(kPlain, "TILDE", kString, kNone,
         "",
         "Home folder of the condor user; HTCondor sets it at startup"),
    Knob(kPlain, "TOOL.IsTool", kBool, kParamTable,
         "true",
         "IsTool is true for the TOOL subsystem"),
    Knob(kPlain, "UID_DOMAIN", kString, kParamTable,
         "$(FULL_HOSTNAME)",
         "Domain within which a user name denotes the same user; ACCOUNTING_DOMAIN defaults to "
         "it"),
    Knob(kPlain, "USER_CONFIG_FILE", kString, kParamTable,
         "user_config",
         "Per-user configuration file (a relative name is in ~/.condor/), read after the local "
         "files by processes not running as root"),
    Knob(kPlain, "USE_GLOBAL_JOB_PRIOS", kBool, kParamTable,
         "false",
         "Whether job priorities are compared across a submitter's schedds (JobPrioArray)"),
    Knob(kPlain, "USE_RESOURCE_REQUEST_COUNTS", kBool, kParamTable,
         "true",
         "Whether one request may stand for several identical jobs"),
    Knob(kPlain, "VANILLA", kInt, kParamTable,
         "5",
         "Universe number of the vanilla universe"),
    Knob(kPlain, "VM", kInt, kParamTable,
         "13",
         "Universe number of the VM universe"),
    Knob(kPerLimit, "_LIMIT", kReal, kNone,
         "",
         "Maximum of concurrency limit <NAME> (unset: CONCURRENCY_LIMIT_DEFAULT_<SET>, then "
         "CONCURRENCY_LIMIT_DEFAULT)"),
};

constexpr bool SortedWithoutDuplicates() {
  for (size_t i = 1; i < std::size(kKnobs); ++i) {
    if (CompareNoCase(kKnobs[i - 1].name, kKnobs[i].name) >= 0) return false;
  }
  return true;
}
static_assert(SortedWithoutDuplicates(), "kKnobs must be sorted by folded name, no duplicates");

// Every row is consistent: a default exactly when it has a source, a range
// only on numbers, a family name that is a real prefix or suffix.
constexpr bool RowsConsistent() {
  for (const KnobInfo& k : kKnobs) {
    if (k.name.empty() || k.description.empty()) return false;
    if (k.has_default != !k.default_value.empty()) return false;
    if (k.type != kInt && k.type != kReal && (k.min != -kInf || k.max != kInf)) return false;
    if (!(k.min <= k.max)) return false;
    if (k.form == kPerLimit && k.name.front() != '_') return false;
    if ((k.form == kPerGroup || k.form == kPerLimitSet) && k.name.back() != '_') return false;
  }
  return true;
}
static_assert(RowsConsistent(), "a row of kKnobs is inconsistent");

// The family rows, prefix families first, for FindKnob's fallback.
constexpr size_t CountFamilies() {
  size_t n = 0;
  for (const KnobInfo& k : kKnobs) n += k.form != kPlain;
  return n;
}

constexpr std::array<const KnobInfo*, CountFamilies()> kFamilies = [] {
  std::array<const KnobInfo*, CountFamilies()> out{};
  size_t n = 0;
  for (const KnobInfo& k : kKnobs) {
    if (k.form != kPlain && k.form != kPerLimit) out[n++] = &k;
  }
  for (const KnobInfo& k : kKnobs) {
    if (k.form == kPerLimit) out[n++] = &k;
  }
  return out;
}();

}  // namespace

std::span<const KnobInfo> AllKnobs() { return kKnobs; }

bool ReadWithAtof(std::string_view name) {
  return EqualsNoCase(name, "NICE_USER_PRIO_FACTOR") || EqualsNoCase(name, "REMOTE_PRIO_FACTOR") ||
         EqualsNoCase(name, "DEFAULT_PRIO_FACTOR");
}

const KnobInfo* FindKnob(std::string_view name, std::string* member) {
  if (member != nullptr) member->clear();
  const KnobInfo* const end = std::end(kKnobs);
  const KnobInfo* it = std::lower_bound(
      std::begin(kKnobs), end, name,
      [](const KnobInfo& k, std::string_view n) { return CompareNoCase(k.name, n) < 0; });
  if (it != end && it->form == kPlain && EqualsNoCase(it->name, name)) return it;

  // The longest prefix family; the suffix family only when none matches.
  const KnobInfo* best = nullptr;
  for (const KnobInfo* family : kFamilies) {
    const std::string_view affix = family->name;
    if (name.size() <= affix.size()) continue;
    if (family->form == kPerLimit) {
      if (best != nullptr) break;
      if (EqualsNoCase(name.substr(name.size() - affix.size()), affix)) best = family;
    } else if (EqualsNoCase(name.substr(0, affix.size()), affix) &&
               (best == nullptr || affix.size() > best->name.size())) {
      best = family;
    }
  }
  if (best != nullptr && member != nullptr) {
    const size_t affix = best->name.size();
    *member = best->form == kPerLimit ? name.substr(0, name.size() - affix) : name.substr(affix);
  }
  return best;
}

std::optional<std::string_view> KnobDefault(std::string_view name) {
  const KnobInfo* knob = FindKnob(name);
  if (knob == nullptr || !knob->has_default) return std::nullopt;
  return knob->default_value;
}

std::optional<std::string_view> ParamTableDefault(std::string_view name) {
  const KnobInfo* knob = FindKnob(name);
  if (knob == nullptr || knob->default_source != kParamTable) return std::nullopt;
  return knob->default_value;
}

std::string_view KnobTypeName(KnobType type) {
  switch (type) {
    case kBool:
      return "boolean";
    case kInt:
      return "integer";
    case kReal:
      return "real";
    case kString:
      return "string";
    case kExpr:
      return "expression";
    case kList:
      return "list";
  }
  return "unknown";
}

}  // namespace policy
