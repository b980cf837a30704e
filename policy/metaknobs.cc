#include "policy/metaknobs.h"

#include <climits>
#include <cstdint>
#include <optional>
#include <vector>

#include "policy/text_util.h"

namespace policy {
namespace {

using classad::Result;
using classad::Status;
using classad::StatusCode;

// One category of HTCondor's metaknob table and the names in it, spelled
// as param_info.in spells them (htcondor/htcondor 7491a145f6).
struct Category {
  std::string_view name;
  std::vector<std::string_view> knobs;
};

const std::vector<Category>& Categories() {
  static const std::vector<Category> kCategories = {
      {"ROLE",
       {"Personal", "Execute", "Submit", "CentralManager", "get_htcondor_central_manager",
        "get_htcondor_submit", "get_htcondor_execute"}},
      {"FEATURE",
       {"POLICY_EXPR_FRAGMENTS", "POLICY_HOURS_TO_START", "TESTINGMODE_POLICY_VALUES",
        "UWCS_DESKTOP_POLICY_VALUES", "AssignAccountingGroup", "AssignProjectName",
        "SetJobAttrFromUsermap", "ScheddUsermapFile", "REMOTE_RUNTIME_CONFIG", "REMOTE_CONFIG",
        "GPUs", "Monitor", "GPUsMonitor", "PelicanCache", "PartitionableSlot", "StaticSlots",
        "OneShotCronHook", "PeriodicCronHook", "ContinuousCronHook", "StartdCronPeriodic",
        "ScheddCronPeriodic", "StartdCronOneShot", "ScheddCronOneShot", "StartdCronContinuous",
        "ScheddCronContinuous", "ChildCollector", "LIBRARIAN", "KRB", "OAUTH", "ADSTASH",
        "CommonCloudAttributesGoogle", "JobsHaveInstanceIDs", "CommonCloudAttributesAWS",
        "HPC_ANNEX", "PelicanRetryPolicy", "GANGLIA", "DefaultCheckpointDestination"}},
      {"POLICY",
       {"DESKTOP", "DESKTOP_IDLE", "DESKTOP_HOURS", "ALWAYS_RUN_JOBS", "UWCS_DESKTOP",
        "LIMIT_JOB_RUNTIMES", "PREEMPT_IF_RUNTIME_EXCEEDS", "HOLD_IF_RUNTIME_EXCEEDS",
        "STARTD_PUBLISH_CpusUsage", "PREEMPT_IF_CPUS_EXCEEDED", "HOLD_IF_CPUS_EXCEEDED",
        "PREEMPT_IF_DISK_EXCEEDED", "HOLD_IF_DISK_EXCEEDED", "PREEMPT_IF_MEMORY_EXCEEDED",
        "HOLD_IF_MEMORY_EXCEEDED", "PREEMPT_IF", "WANT_HOLD_IF",
        "OnlyRegisteredCheckpointDestinations"}},
      {"SECURITY",
       {"HOST_BASED", "WITH_AUTHENTICATION", "STRONG", "USER_BASED", "get_htcondor_idtokens",
        "recommended_v9_0", "recommended_v24_0", "recommended", "FIPS"}},
      {"UPGRADE", {"DISCARD", "DISCARDX", "DISCARDIF", "DISCARDIFX", "DISCARD_VMWARE"}},
      {"EXPERIMENTAL", {"CollectorNode", "HAD", "HADSharedPort", "HADFixedPort", "HADReplication"}},
  };
  return kCategories;
}

const Category* FindCategory(std::string_view name) {
  for (const Category& category : Categories()) {
    if (EqualsNoCase(category.name, name)) return &category;
  }
  return nullptr;
}

std::optional<std::string_view> FindKnob(const Category& category, std::string_view name) {
  for (std::string_view knob : category.knobs) {
    if (EqualsNoCase(knob, name)) return knob;
  }
  return std::nullopt;
}

// The bodies this tool implements, written from HTCondor's definitions
// (param_info.in [$FEATURE.ScheddUsermapFile] and
// [$FEATURE.AssignAccountingGroup]): the same knobs with the same values,
// the same conditions and `error :` texts.
// The roles every pool's configuration uses, and the no-preemption policy
// (HTCondor's default, which a `use` can restore): the knobs each sets, as
// its manual's configuration templates give them.
constexpr std::string_view kRolePersonal = R"(CONDOR_HOST=127.0.0.1
COLLECTOR_HOST=$(CONDOR_HOST):0
DAEMON_LIST=MASTER COLLECTOR NEGOTIATOR STARTD SCHEDD
RunBenchmarks=0
)";
constexpr std::string_view kRoleExecute = "DAEMON_LIST=$(DAEMON_LIST) STARTD\n";
constexpr std::string_view kRoleSubmit = "DAEMON_LIST=$(DAEMON_LIST) SCHEDD\n";
constexpr std::string_view kRoleCentralManager =
    "DAEMON_LIST=$(DAEMON_LIST) COLLECTOR NEGOTIATOR\n";
constexpr std::string_view kPolicyAlwaysRunJobs = R"(WANT_SUSPEND=False
WANT_VACATE=True
SUSPEND=False
CONTINUE=True
PREEMPT=False
START=True
KILL=False
PREEMPTION_REQUIREMENTS=False
NEGOTIATOR_CONSIDER_PREEMPTION=False
MaxJobRetirementTime=2147483647
CLAIM_WORKLIFE=1200
)";

constexpr std::string_view kScheddUsermapFile = R"(if ! $(2?)
  error : use FEATURE : ScheddUsermapFile requires 2 arguments: map_name, map_file
endif
SCHEDD_CLASSAD_USER_MAP_NAMES = $(SCHEDD_CLASSAD_USER_MAP_NAMES) $(1)
CLASSAD_USER_MAPFILE_$(1) = $(2)
)";

constexpr std::string_view kAssignAccountingGroup = R"(if ! $(1?)
  error : use FEATURE : AssignAccountingGroup requires a map_file argument
endif
use FEATURE : ScheddUsermapFile(AssignAccountingGroup, $(1))
JOB_TRANSFORM_NAMES = $(JOB_TRANSFORM_NAMES) AssignAccountingGroup
JOB_TRANSFORM_AssignAccountingGroup @=end
  COPY Owner = AcctGroupUser
  COPY AcctGroup = RequestedAcctGroup
  EVALSET AcctGroup = usermap("AssignAccountingGroup",AcctGroupUser,AcctGroup)
  EVALSET AccountingGroup = join(".",AcctGroup,AcctGroupUser)
@end
# users may not change these once the transform has set them
IMMUTABLE_JOB_ATTRS = $(IMMUTABLE_JOB_ATTRS) AcctGroup AcctGroupUser AccountingGroup
# check_request (default True): a requested group must be the one the map gives
if $(2:True)
  SUBMIT_REQUIREMENT_NAMES = $(SUBMIT_REQUIREMENT_NAMES) CheckRequestedGroup
  SUBMIT_REQUIREMENT_CheckRequestedGroup = RequestedAcctGroup is undefined || RequestedAcctGroup == AcctGroup
  SUBMIT_REQUIREMENT_CheckRequestedGroup_REASON = strcat("Permission denied setting accounting_group to ", RequestedAcctGroup)
endif
# every job must map to a group
SUBMIT_REQUIREMENT_NAMES = $(SUBMIT_REQUIREMENT_NAMES) AssignAccountingGroup
SUBMIT_REQUIREMENT_AssignAccountingGroup = AcctGroup isnt undefined && AccountingGroup isnt undefined
SUBMIT_REQUIREMENT_AssignAccountingGroup_REASON = strcat("Submit requirement AssignAccountingGroup not met - Could not map '", Owner, "' to an accounting group ", RequestedAcctGroup)
)";

// HTCondor's StringTokenIterator over `args` with "," as the delimiter:
// next() gives the next trimmed non-empty item; remain() the text after
// the last item given (nullopt at the end).
class ArgIterator {
 public:
  explicit ArgIterator(std::string_view args) : args_(args) {}
  std::optional<std::string_view> Next() {
    size_t pos = next_;
    while (pos < args_.size() && (args_[pos] == ',' || IsAsciiSpace(args_[pos]))) ++pos;
    size_t start = pos;
    size_t last = std::string_view::npos;
    while (pos < args_.size() && args_[pos] != ',') {
      if (!IsAsciiSpace(args_[pos])) last = pos;
      ++pos;
    }
    if (last == std::string_view::npos) {
      next_ = pos;
      return std::nullopt;
    }
    next_ = pos;
    return args_.substr(start, last - start + 1);
  }
  std::optional<std::string_view> Remain() const {
    if (next_ >= args_.size()) return std::nullopt;
    return args_.substr(next_);
  }

 private:
  std::string_view args_;
  size_t next_ = 0;
};

// One `$(...)` argument reference found in a text.
struct ArgRef {
  size_t dollar = 0;  // offset of '$'
  size_t end = 0;     // offset just past ')'
  int index = 0;
  bool empty_check = false;  // '?'
  bool num_args = false;     // '#' or '+'
  std::optional<std::string_view> def;
};

// HTCondor's next_config_macro with is_meta_arg_macro and MetaArgOnlyBody:
// the leftmost argument reference in `text`, if any.
std::optional<ArgRef> FindArgRef(std::string_view text) {
  const size_t n = text.size();
  size_t from = 0;
  while (true) {
    size_t dollar = text.find('$', from);
    if (dollar == std::string_view::npos) return std::nullopt;
    size_t p = dollar + 1;
    if (p < n && text[p] == '$') ++p;
    while (p < n && (IsAsciiAlnum(text[p]) || text[p] == '_')) ++p;
    if (p >= n || text[p] != '(' || p - dollar != 1) {
      from = p;
      continue;
    }
    const size_t body = p + 1;
    size_t v = body;
    size_t after_colon = 0;
    bool retry = false;
    while (v < n && text[v] != ')') {
      char c = text[v++];
      if (c == ':' && after_colon == 0) {
        after_colon = v - body;
        continue;
      }
      if (after_colon != 0) {
        if (c == '(') {
          size_t close = text.find(')', v);
          if (close != std::string_view::npos) {
            v = close + 1;
            continue;
          }
        } else {
          continue;
        }
      }
      if (!IsAsciiDigit(c) && c != '?' && c != '#' && c != '+') {
        retry = true;
        break;
      }
    }
    if (retry || v >= n) {
      from = body;
      continue;
    }
    // text[v] == ')'
    if (!IsAsciiDigit(text[body])) {
      from = v;
      continue;
    }
    ArgRef ref;
    ref.dollar = dollar;
    ref.end = v + 1;
    // strtol into an int: clamped to LONG_MAX, then the low 32 bits.
    size_t q = body;
    uint64_t value = 0;
    bool clamped = false;
    while (q < v && IsAsciiDigit(text[q])) {
      if (!clamped) {
        value = value * 10 + static_cast<uint64_t>(text[q] - '0');
        if (value > static_cast<uint64_t>(LONG_MAX)) clamped = true;
      }
      ++q;
    }
    if (clamped) value = static_cast<uint64_t>(LONG_MAX);
    ref.index = static_cast<int32_t>(static_cast<uint32_t>(value));
    if (q < v && text[q] == '?') {
      ref.empty_check = true;
      ++q;
    } else if (q < v && (text[q] == '#' || text[q] == '+')) {
      ref.num_args = true;
      ++q;
    }
    if (q < v && text[q] == ':') ref.def = text.substr(q + 1, v - q - 1);
    return ref;
  }
}

// The text that replaces `ref` (expand_meta_args).
std::string Substitute(const ArgRef& ref, std::string_view args) {
  ArgIterator it(args);
  std::string buf;
  if (ref.index <= 0) {
    if (ref.num_args) {
      int count = 0;
      while (it.Next().has_value()) ++count;
      buf = std::to_string(count);
    } else {
      buf = std::string(args);
    }
  } else if (ref.num_args) {
    int ix = 1;
    std::optional<std::string_view> remain = it.Remain();
    while (remain.has_value() && ix < ref.index) {
      ++ix;
      it.Next();
      remain = it.Remain();
    }
    if (remain.has_value()) {
      std::string_view r = *remain;
      if (!r.empty() && r.front() == ',') r.remove_prefix(1);
      buf = std::string(r);
    }
    if (ref.def.has_value() && buf.empty()) buf = std::string(*ref.def);
  } else {
    int ix = 1;
    std::optional<std::string_view> item = it.Next();
    while (item.has_value() && ix < ref.index) {
      ++ix;
      item = it.Next();
    }
    if (item.has_value()) {
      buf = std::string(*item);
    } else if (ref.def.has_value()) {
      buf = std::string(*ref.def);
    }
  }
  std::string_view value = TrimSpace(buf);
  if (ref.empty_check) return value.empty() ? "0" : "1";
  return std::string(value);
}

Status Invalid(std::string message) {
  return Status(StatusCode::kInvalidArgument, std::move(message));
}

}  // namespace

bool MetaknobExists(std::string_view category, std::string_view name) {
  const Category* found = FindCategory(category);
  if (found == nullptr) return false;
  return name.empty() || FindKnob(*found, name).has_value();
}

classad::Result<std::string> ExpandMetaArgs(std::string_view text, std::string_view args,
                                            const MetaArgLimits& limits) {
  std::string out(text);
  size_t substitutions = 0;
  while (std::optional<ArgRef> ref = FindArgRef(out)) {
    if (++substitutions > limits.max_substitutions) {
      return Status(StatusCode::kLimitExceeded,
                    "metaknob arguments expand without end (more than " +
                        std::to_string(limits.max_substitutions) +
                        " substitutions; an argument holding $(N) expands again, and HTCondor "
                        "would loop forever)");
    }
    std::string value = Substitute(*ref, args);
    if (out.size() - (ref->end - ref->dollar) + value.size() > limits.max_bytes) {
      return Status(StatusCode::kLimitExceeded,
                    "metaknob arguments expand to more than " + std::to_string(limits.max_bytes) +
                        " bytes");
    }
    out.replace(ref->dollar, ref->end - ref->dollar, value);
  }
  return out;
}

classad::Result<std::string> MetaknobBody(std::string_view category, std::string_view name,
                                          std::string_view args) {
  const std::string cat(category);
  const std::string knob(name);
  const Category* found_category = FindCategory(category);
  if (found_category == nullptr) {
    return Invalid("use " + cat + ": does not recognise " + knob + " (there is no metaknob "
                   "category " + cat + "; HTCondor has ROLE, FEATURE, POLICY, SECURITY, UPGRADE "
                   "and EXPERIMENTAL)");
  }
  if (name.empty()) return Invalid("use " + cat + ": needs a metaknob name after the ':'");
  std::optional<std::string_view> found = FindKnob(*found_category, name);
  if (!found.has_value()) return Invalid("use " + cat + ": does not recognise " + knob);

  const std::string canonical =
      std::string(found_category->name) + " : " + std::string(*found);
  std::string_view body;
  std::string_view required;  // the argument reference that must be non-empty
  std::string missing;
  if (found_category->name == "FEATURE" && *found == "AssignAccountingGroup") {
    body = kAssignAccountingGroup;
    required = "$(1?)";
    missing = "use FEATURE : AssignAccountingGroup requires a map_file argument";
  } else if (found_category->name == "FEATURE" && *found == "ScheddUsermapFile") {
    body = kScheddUsermapFile;
    required = "$(2?)";
    missing = "use FEATURE : ScheddUsermapFile requires 2 arguments: map_name, map_file";
  } else {
    // The templates without arguments.
    static constexpr std::pair<std::string_view, std::string_view> kPlain[] = {
        {"ROLE : Personal", kRolePersonal},
        {"ROLE : Execute", kRoleExecute},
        {"ROLE : Submit", kRoleSubmit},
        {"ROLE : CentralManager", kRoleCentralManager},
        {"POLICY : ALWAYS_RUN_JOBS", kPolicyAlwaysRunJobs},
    };
    for (const auto& [which, text] : kPlain) {
      if (which == canonical) return std::string(text);
    }
    return Invalid("use " + canonical + " is not supported by this tool");
  }
  Result<std::string> present = ExpandMetaArgs(required, args);
  if (!present.ok()) return present.status();
  if (*present != "1") return Invalid(missing);
  return ExpandMetaArgs(body, args);
}

}  // namespace policy
