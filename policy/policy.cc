// Policy::Build (policy.h): every knob of the negotiator and the
// accountant read through a KnobReader over the configuration.
#include "policy/policy.h"

#include <array>
#include <cmath>

#include "policy/config_knob_source.h"
#include "policy/knob_value.h"
#include "policy/knobs.h"
#include "policy/text_util.h"

namespace policy {

namespace {

// The byte offset of (line, column), both from 1, in `text`.
size_t OffsetOf(std::string_view text, int line, int column) {
  size_t offset = 0;
  for (int l = 1; l < line && offset < text.size(); ++offset) {
    if (text[offset] == '\n') ++l;
  }
  return std::min(text.size(), offset + static_cast<size_t>(std::max(column, 1) - 1));
}

// Reads and compiles the expression knob `name`. HTCondor loads no
// expression when the knob is set to an empty value; when it is unset, the
// param table's default applies, or the daemon's own fallback.
PolicyExpression ReadExpression(const Config& config, KnobReader& knobs, std::string_view name,
                                const classad::ParseOptions& parse, Problems* problems) {
  PolicyExpression out;
  out.knob = std::string(name);
  classad::Result<std::optional<ExpandedValue>> found = config.Lookup(name);
  if (!found.ok()) {
    problems->AddError(found.status());
    return out;
  }
  const ConfigEntry* entry = nullptr;
  if (found->has_value()) {
    out.text = std::move((*found)->value);
    entry = (*found)->entry;
    out.from_default = entry == nullptr;
  }
  if (out.text.empty()) {
    // Unset or empty: the daemon's own fallback, if it has one.
    const KnobInfo* info = FindKnob(name);
    const bool code_default = info != nullptr && info->default_source == KnobDefaultSource::kCode;
    if (!code_default) return out;
    std::optional<KnobText> fallback = knobs.Fallback(name);
    if (!fallback) return out;
    out.text = std::move(fallback->value);
    out.from_default = true;
    entry = nullptr;
  }
  if (entry != nullptr) out.where = entry->value_at;
  classad::Result<classad::ExprPtr> expr = classad::ParseExpression(out.text, parse);
  if (!expr.ok()) {
    const classad::SourceLocation& inner = expr.status().where();
    std::string message = std::string(name) + ": " + expr.status().message();
    classad::SourceLocation at = out.where;
    if (entry != nullptr && entry->raw_value == out.text) {
      // No macro in the way: the error's own place in the file.
      at = entry->LocationOf(OffsetOf(out.text, inner.line, inner.column));
    } else if (entry != nullptr) {
      message += " (at column " + std::to_string(OffsetOf(out.text, inner.line, inner.column) + 1) +
                 " of the value after macro expansion: " + out.text + ")";
    } else {
      message += " (in HTCondor's default: " + out.text + ")";
    }
    problems->Error(at, std::move(message));
    return out;
  }
  out.expr = std::move(*expr);
  // Compile now, so that evaluating threads share a finished program.
  if (out.expr->kind() != classad::ExprKind::kLiteral) (void)out.expr->program();
  return out;
}

}  // namespace

namespace {

// MAJOR[.MINOR[.PATCH]] in digits; missing parts are 0.
classad::Result<std::array<int, 3>> ParseRelease(std::string_view version) {
  auto digit = [&](size_t at) { return at < version.size() && version[at] >= '0' && version[at] <= '9'; };
  std::array<int, 3> parts = {0, 0, 0};
  size_t n = 0;
  size_t i = 0;
  bool well_formed = digit(0);
  while (well_formed && n < 3) {
    int64_t value = 0;
    while (digit(i) && value < 100000) value = value * 10 + (version[i++] - '0');
    parts[n++] = static_cast<int>(value);
    if (i == version.size()) break;
    // A part is followed by the end, or by a dot and another part.
    well_formed = n < 3 && version[i] == '.' && digit(i + 1);
    ++i;
  }
  if (!well_formed || i != version.size()) {
    return classad::Status(
        classad::StatusCode::kInvalidArgument,
        "an HTCondor version is MAJOR[.MINOR[.PATCH]] in digits, such as 25.0.13 or 25.13; got \"" +
        std::string(version) + "\"");
  }
  return parts;
}

// Whether release `parts` is `major`.`minor` or later.
bool AtLeast(const std::array<int, 3>& parts, int major, int minor) {
  return parts[0] > major || (parts[0] == major && parts[1] >= minor);
}

}  // namespace

classad::Result<AccountantRules> AccountantRulesOf(std::string_view version) {
  classad::Result<std::array<int, 3>> parts = ParseRelease(version);
  if (!parts.ok()) return parts.status();
  return AtLeast(*parts, 25, 10) ? AccountantRules::kSince25_10 : AccountantRules::kBefore25_10;
}

classad::Result<SignificantAttributeRules> SignificantAttributeRulesOf(std::string_view version) {
  classad::Result<std::array<int, 3>> parts = ParseRelease(version);
  if (!parts.ok()) return parts.status();
  return AtLeast(*parts, 25, 5) ? SignificantAttributeRules::kSince25_5
                                : SignificantAttributeRules::kBefore25_5;
}

classad::Status SetHTCondorRelease(std::string_view version, PolicyOptions* options) {
  classad::Result<AccountantRules> accountant = AccountantRulesOf(version);
  if (!accountant.ok()) return accountant.status();
  classad::Result<SignificantAttributeRules> significant = SignificantAttributeRulesOf(version);
  if (!significant.ok()) return significant.status();
  options->accountant_rules = *accountant;
  options->significant_attribute_rules = *significant;
  return classad::Status::Ok();
}

classad::Result<Policy> Policy::Build(const Config& config, const PolicyOptions& options,
                                      Problems* problems_out) {
  Problems local;
  Problems& problems = problems_out != nullptr ? *problems_out : local;
  ConfigKnobSource source(config);
  KnobReader knobs(source, &problems);
  auto expression = [&](std::string_view name) {
    return ReadExpression(config, knobs, name, options.parse, &problems);
  };
  Policy p;

  // ---- the accountant
  AccountantPolicy& a = p.accountant;
  a.rules = options.accountant_rules;
  a.priority_halflife = knobs.Real("PRIORITY_HALFLIFE", a.priority_halflife);
  // Read with atof, as HTCondor's Accountant::Initialize reads them
  // (policy::ReadWithAtof).
  a.default_prio_factor = knobs.Real("DEFAULT_PRIO_FACTOR", a.default_prio_factor);
  a.nice_user_prio_factor = knobs.Real("NICE_USER_PRIO_FACTOR", a.nice_user_prio_factor);
  a.remote_prio_factor = knobs.Real("REMOTE_PRIO_FACTOR", a.remote_prio_factor);
  a.local_domain = knobs.String("ACCOUNTANT_LOCAL_DOMAIN");
  a.uid_domain = knobs.String("UID_DOMAIN");
  a.accounting_domain = knobs.String("ACCOUNTING_DOMAIN");
  a.database_file = knobs.String("ACCOUNTANT_DATABASE_FILE");
  a.database = knobs.String("ACCOUNTANT_DATABASE");
  a.max_database_size = knobs.Int("MAX_ACCOUNTANT_DATABASE_SIZE", a.max_database_size);
  a.discount_suspended_resources = knobs.Bool("NEGOTIATOR_DISCOUNT_SUSPENDED_RESOURCES");
  a.use_slot_weights = knobs.Bool("NEGOTIATOR_USE_SLOT_WEIGHTS", true);
  a.slot_weight = expression("SLOT_WEIGHT");

  // ---- matchmaking
  MatchPolicy& m = p.matching;
  m.consider_preemption = knobs.Bool("NEGOTIATOR_CONSIDER_PREEMPTION", true);
  m.consider_early_preemption = knobs.Bool("NEGOTIATOR_CONSIDER_EARLY_PREEMPTION");
  m.preemption_requirements = expression("PREEMPTION_REQUIREMENTS");
  m.preemption_requirements_stable = knobs.Bool("PREEMPTION_REQUIREMENTS_STABLE", true);
  m.preemption_rank = expression("PREEMPTION_RANK");
  m.preemption_rank_stable = knobs.Bool("PREEMPTION_RANK_STABLE", true);
  m.pre_job_rank = expression("NEGOTIATOR_PRE_JOB_RANK");
  m.post_job_rank = expression("NEGOTIATOR_POST_JOB_RANK");
  m.ignore_user_priorities = knobs.Bool("NEGOTIATOR_IGNORE_USER_PRIORITIES");
  m.ignore_job_ranks = knobs.Bool("NEGOTIATOR_IGNORE_JOB_RANKS");
  m.depth_first = knobs.Bool("NEGOTIATOR_DEPTH_FIRST");
  m.allow_pslot_preemption = knobs.Bool("ALLOW_PSLOT_PREEMPTION");
  m.cross_slot_prios = knobs.Bool("NEGOTIATOR_CROSS_SLOT_PRIOS");
  if (std::string prefix = knobs.String("STARTD_RESOURCE_PREFIX"); !prefix.empty()) {
    m.resource_prefix = std::move(prefix);
  }
  m.use_global_job_prios = knobs.Bool("USE_GLOBAL_JOB_PRIOS");
  m.matchlist_caching = knobs.Bool("NEGOTIATOR_MATCHLIST_CACHING", true);
  m.inform_startd = knobs.Bool("NEGOTIATOR_INFORM_STARTD");
  m.slot_constraint = expression("NEGOTIATOR_SLOT_CONSTRAINT");
  m.job_constraint = expression("NEGOTIATOR_JOB_CONSTRAINT");
  m.submitter_constraint = expression("NEGOTIATOR_SUBMITTER_CONSTRAINT");
  m.slot_poolsize_constraint = expression("NEGOTIATOR_SLOT_POOLSIZE_CONSTRAINT");
  if (!m.slot_poolsize_constraint.is_set()) {
    m.slot_poolsize_constraint = expression("GROUP_DYNAMIC_MACH_CONSTRAINT");
  }
  const std::optional<KnobText> match_exprs = knobs.Text("NEGOTIATOR_MATCH_EXPRS");
  for (const std::string& name :
       match_exprs ? SplitKnobList(match_exprs->value) : std::vector<std::string>{}) {
    PolicyExpression e = expression(name);
    if (!e.is_set() && e.text.empty()) {
      problems.Warning(match_exprs->where, "NEGOTIATOR_MATCH_EXPRS names " + name +
                                               ", which is not set: nothing is inserted");
      continue;
    }
    m.match_exprs.push_back(std::move(e));
  }
  m.significant_attribute_rules = options.significant_attribute_rules;
  m.significant_attributes = knobs.List("SIGNIFICANT_ATTRIBUTES");
  m.add_significant_attributes = knobs.List("ADD_SIGNIFICANT_ATTRIBUTES");
  const bool since25_5 = m.significant_attribute_rules == SignificantAttributeRules::kSince25_5;
  if (since25_5) {
    m.remove_significant_attributes = knobs.List("REMOVE_SIGNIFICANT_ATTRIBUTES");
    // Its default too (^Slot[0-9]*_).
    std::optional<KnobText> regex = knobs.Text("REMOVE_SIGNIFICANT_ATTRIBUTES_REGEX");
    if (regex && !regex->value.empty()) {
      classad::Result<std::unique_ptr<MapRegex>> compiled =
          MapRegex::Compile(regex->value, /*caseless=*/true, /*ungreedy=*/false);
      if (compiled.ok()) {
        m.remove_significant_attributes_regex = std::move(*compiled);
      } else {
        problems.Warning(regex->where, "REMOVE_SIGNIFICANT_ATTRIBUTES_REGEX does not compile (" +
                                           compiled.status().message() +
                                           "): no attribute is left out by it, as HTCondor "
                                           "logs the error and goes on");
      }
    }
  } else if (std::optional<KnobText> removed = knobs.Text("REMOVE_SIGNIFICANT_ATTRIBUTES");
             removed && !removed->from_default) {
    // Before 25.5 the knob has no default: only a configured value counts.
    m.remove_significant_attributes = SplitKnobList(removed->value);
  }
  for (const char* name : {"STARTD_JOB_ATTRS", "STARTD_JOB_EXPRS", "SYSTEM_STARTD_JOB_ATTRS"}) {
    for (std::string& attr : knobs.List(name)) m.startd_job_attrs.push_back(std::move(attr));
  }
  m.start_vanilla_universe = expression("START_VANILLA_UNIVERSE");
  m.negotiate_all_jobs_in_cluster = knobs.Bool("NEGOTIATE_ALL_JOBS_IN_CLUSTER");
  m.trim_shutdown_threshold = knobs.Int("NEGOTIATOR_TRIM_SHUTDOWN_THRESHOLD");

  // ---- the cycle
  CyclePolicy& c = p.cycle;
  c.interval = knobs.Int("NEGOTIATOR_INTERVAL", c.interval);
  c.min_interval = knobs.Int("NEGOTIATOR_MIN_INTERVAL", c.min_interval);
  c.cycle_delay = knobs.Int("NEGOTIATOR_CYCLE_DELAY", c.cycle_delay);
  c.max_time_per_submitter = knobs.Int("NEGOTIATOR_MAX_TIME_PER_SUBMITTER", c.max_time_per_submitter);
  c.max_time_per_schedd = knobs.Int("NEGOTIATOR_MAX_TIME_PER_SCHEDD", c.max_time_per_schedd);
  c.max_time_per_piespin = knobs.Int("NEGOTIATOR_MAX_TIME_PER_PIESPIN", c.max_time_per_piespin);
  c.max_time_per_cycle = knobs.Int("NEGOTIATOR_MAX_TIME_PER_CYCLE", c.max_time_per_cycle);
  c.read_config_before_cycle = knobs.Bool("NEGOTIATOR_READ_CONFIG_BEFORE_CYCLE");
  c.advertise_accounting = knobs.Bool("NEGOTIATOR_ADVERTISE_ACCOUNTING", true);

  // ---- claims between cycles (a simulation's schedd and startd)
  p.claims.worklife = knobs.Int("CLAIM_WORKLIFE", p.claims.worklife);
  p.claims.recycling_considers_limits = knobs.Bool("CLAIM_RECYCLING_CONSIDER_LIMITS", true);

  // ---- group quotas
  GroupQuotaPolicy& g = p.groups;
  g.tree = GroupTree::Build(knobs);
  g.sort_expr = expression("GROUP_SORT_EXPR");
  g.allow_quota_oversubscription = knobs.Bool("NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION", true);
  g.max_allocation_rounds = knobs.Int("GROUP_QUOTA_MAX_ALLOCATION_ROUNDS", 3);
  g.round_robin_rate = knobs.Real("GROUP_QUOTA_ROUND_ROBIN_RATE", 1e100);
  g.strict_enforce_quota = knobs.Bool("NEGOTIATOR_STRICT_ENFORCE_QUOTA", true);
  g.use_weighted_demand = knobs.Bool("NEGOTIATOR_USE_WEIGHTED_DEMAND", true);

  // ---- concurrency limits: every configured knob of the two families,
  // also those set only as SUBSYSTEM.KNOB or LOCALNAME.KNOB (param() finds
  // them under the plain name).
  std::vector<std::string> names;
  for (const ConfigEntry* entry : config.Entries()) {
    names.push_back(entry->name);
    for (const std::string* prefix : {&config.local_name(), &config.subsystem()}) {
      const std::string_view name = entry->name;
      if (!prefix->empty() && name.size() > prefix->size() + 1 && name[prefix->size()] == '.' &&
          EqualsNoCase(name.substr(0, prefix->size()), *prefix)) {
        names.emplace_back(name.substr(prefix->size() + 1));
      }
    }
  }
  p.limits = ConcurrencyLimitTable::Build(knobs, names);

  // ---- the accounting-group map (use FEATURE : AssignAccountingGroup)
  std::optional<KnobText> map = knobs.Text("CLASSAD_USER_MAPFILE_AssignAccountingGroup");
  if (map.has_value() && !config.options().read_user_map_files) {
    problems.Warning(map->where,
                     "CLASSAD_USER_MAPFILE_AssignAccountingGroup: map file not read "
                     "(ConfigOptions::read_user_map_files is false)");
    map.reset();
  }
  if (map.has_value()) {
    p.accounting_group_map_at = map->where;
    classad::Result<UserMap> loaded = UserMap::Load(map->value, options.user_map);
    if (loaded.ok()) {
      for (const classad::Status& odd : loaded->warnings()) {
        problems.Warning(odd.where(), "CLASSAD_USER_MAPFILE_AssignAccountingGroup: " +
                                          odd.message());
      }
      p.accounting_group_map = std::make_shared<const UserMap>(std::move(*loaded));
    } else {
      problems.Error(map->where, "CLASSAD_USER_MAPFILE_AssignAccountingGroup: " +
                                     loaded.status().ToString());
    }
  }

  // ---- the maps userMap() reads, loaded with the configuration
  p.user_maps = config.user_maps();

  problems.SortByPosition();
  p.warnings_ = problems.warnings();
  if (!problems.errors().empty()) return problems.ToStatus();
  return p;
}

classad::EvalOptions Policy::EvalOptionsAt(int64_t now) const {
  classad::EvalOptions options = EvalOptionsWithRealClock();
  options.now = [now] { return now; };
  return options;
}

classad::EvalOptions Policy::EvalOptionsWithRealClock() const {
  classad::EvalOptions options;
  options.user_maps = user_maps.get();
  return options;
}

}  // namespace policy
