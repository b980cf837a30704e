// The knob table: its shape (sorted, no duplicates, described, defaults
// well-formed for their types), HTCondor's defaults as the reference gives
// them, and the lookups (case, families, precedence).
#include "policy/knobs.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include <algorithm>
#include <re2/re2.h>

#include "classad/parser.h"

namespace policy {
namespace {

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// `text` with every $(NAME) replaced by `placeholder`.
std::string SubstituteMacros(std::string_view text, std::string_view placeholder) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    if (text.compare(i, 2, "$(") == 0) {
      const size_t close = text.find(')', i);
      if (close != std::string_view::npos) {
        out += placeholder;
        i = close + 1;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

// The NAME of every $(NAME) in `text`.
std::vector<std::string> MacroNames(std::string_view text) {
  std::vector<std::string> names;
  for (size_t i = text.find("$("); i != std::string_view::npos; i = text.find("$(", i + 2)) {
    const size_t close = text.find(')', i);
    if (close == std::string_view::npos) break;
    names.emplace_back(text.substr(i + 2, close - i - 2));
  }
  return names;
}

// The row named exactly `name` (no family fallback), or null.
const KnobInfo* Row(std::string_view name) {
  for (const KnobInfo& k : AllKnobs()) {
    if (Upper(k.name) == Upper(name)) return &k;
  }
  return nullptr;
}

TEST(KnobTableTest, IsSortedCaseInsensitivelyWithoutDuplicates) {
  const auto knobs = AllKnobs();
  ASSERT_GT(knobs.size(), 100u);
  std::set<std::string> seen;
  for (size_t i = 0; i < knobs.size(); ++i) {
    EXPECT_TRUE(seen.insert(Upper(knobs[i].name)).second) << knobs[i].name;
    if (i > 0) {
      EXPECT_LT(Upper(knobs[i - 1].name), Upper(knobs[i].name)) << knobs[i].name;
    }
  }
}

TEST(KnobTableTest, EveryRowIsDescribedAndConsistent) {
  for (const KnobInfo& k : AllKnobs()) {
    SCOPED_TRACE(std::string(k.name));
    EXPECT_FALSE(k.name.empty());
    EXPECT_GE(k.description.size(), 10u);
    EXPECT_EQ(k.description.find('\n'), std::string_view::npos);
    EXPECT_EQ(k.has_default, k.default_source != KnobDefaultSource::kNone);
    EXPECT_EQ(k.has_default, !k.default_value.empty());
    EXPECT_EQ(k.default_value.find('\n'), std::string_view::npos);
    EXPECT_LE(k.min, k.max);
    if (k.type != KnobType::kInt && k.type != KnobType::kReal) {
      EXPECT_EQ(k.min, -INFINITY);
      EXPECT_EQ(k.max, INFINITY);
    }
    // Names are valid HTCondor knob names (or affixes of them); a '.'
    // only in a subsystem's own default (SCHEDD.IsSchedd).
    for (char c : k.name) {
      EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.');
    }
    EXPECT_LE(std::count(k.name.begin(), k.name.end(), '.'), 1);
    // Every plain row is found by its own name, in any case.
    if (k.form == KnobForm::kPlain) {
      EXPECT_EQ(FindKnob(k.name), &k);
      EXPECT_EQ(FindKnob(Upper(k.name)), &k);
    } else {
      // A family's own affix is no member of it (GROUP_QUOTA_DYNAMIC_ alone
      // is the static quota of a group DYNAMIC_); one with a member is.
      EXPECT_NE(FindKnob(k.name), &k);
      const std::string sample =
          k.form == KnobForm::kPerLimit ? "sample" + std::string(k.name) : std::string(k.name) + "sample";
      std::string member;
      EXPECT_EQ(FindKnob(sample, &member), &k);
      EXPECT_EQ(member, "sample");
    }
  }
}

// Every typed default is well-formed: booleans are true/false, integers and
// reals parse and lie in the declared range, expressions parse as ClassAd
// expressions. $(...) references are replaced by a placeholder of the type.
TEST(KnobTableTest, DefaultsAreWellFormedForTheirType) {
  for (const KnobInfo& k : AllKnobs()) {
    if (!k.has_default) continue;
    SCOPED_TRACE(std::string(k.name) + " = " + std::string(k.default_value));
    switch (k.type) {
      case KnobType::kBool: {
        const std::string v = Upper(SubstituteMacros(k.default_value, "true"));
        EXPECT_TRUE(v == "TRUE" || v == "FALSE");
        break;
      }
      case KnobType::kInt: {
        const std::string v = SubstituteMacros(k.default_value, "1");
        long long n = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        EXPECT_TRUE(ec == std::errc() && end == v.data() + v.size());
        EXPECT_GE(static_cast<double>(n), k.min);
        EXPECT_LE(static_cast<double>(n), k.max);
        break;
      }
      case KnobType::kReal: {
        const std::string v = SubstituteMacros(k.default_value, "1");
        char* end = nullptr;
        const double d = std::strtod(v.c_str(), &end);
        EXPECT_TRUE(end == v.c_str() + v.size() && !v.empty());
        EXPECT_GE(d, k.min);
        EXPECT_LE(d, k.max);
        break;
      }
      case KnobType::kExpr: {
        const auto parsed = classad::ParseExpression(SubstituteMacros(k.default_value, "1"));
        EXPECT_TRUE(parsed.ok()) << parsed.status().ToString();
        break;
      }
      case KnobType::kString:
      case KnobType::kList:
        break;
    }
  }
}

// A default that refers to another knob refers to one the table knows.
TEST(KnobTableTest, MacrosInDefaultsNameKnobsOfTheTable) {
  for (const KnobInfo& k : AllKnobs()) {
    for (const std::string& name : MacroNames(k.default_value)) {
      EXPECT_NE(FindKnob(name), nullptr) << k.name << " refers to $(" << name << ")";
    }
  }
}

// The defaults of the reference's knob tables, exactly as stated there
// (htcondor-negotiator.md §1.1, §2, §3.1, §4.2 and the knobs named in §0).
TEST(KnobTableTest, ReferenceDefaults) {
  const std::vector<std::pair<std::string_view, std::string_view>> expected = {
      // §1.1
      {"PRIORITY_HALFLIFE", "86400"},
      {"DEFAULT_PRIO_FACTOR", "1000"},
      {"NICE_USER_PRIO_FACTOR", "1e10"},
      {"REMOTE_PRIO_FACTOR", "1e7"},
      {"ACCOUNTANT_DATABASE_FILE", "$(SPOOL)/Accountantnew.log"},
      {"MAX_ACCOUNTANT_DATABASE_SIZE", "1000000"},
      {"NEGOTIATOR_DISCOUNT_SUSPENDED_RESOURCES", "false"},
      {"NEGOTIATOR_USE_SLOT_WEIGHTS", "true"},
      {"NICE_USER_ACCOUNTING_GROUP_NAME", "nice-user"},
      {"ACCOUNTING_DOMAIN", "$(UID_DOMAIN)"},
      {"SLOT_WEIGHT", "Cpus"},
      // §2
      {"GROUP_ACCEPT_SURPLUS", "false"},
      {"GROUP_AUTOREGROUP", "false"},
      {"NEGOTIATOR_USE_WEIGHTED_DEMAND", "true"},
      {"NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION", "true"},
      {"GROUP_QUOTA_MAX_ALLOCATION_ROUNDS", "3"},
      {"GROUP_QUOTA_ROUND_ROBIN_RATE", "1.0e100"},
      {"NEGOTIATOR_STRICT_ENFORCE_QUOTA", "true"},
      {"GROUP_SORT_EXPR",
       "ifThenElse(AccountingGroup=?=\"<none>\",3.4e+38,"
       "ifThenElse(GroupQuota>0,GroupResourcesInUse/GroupQuota,3.3e+38))"},
      // §3.1
      {"NEGOTIATOR_CONSIDER_PREEMPTION", "true"},
      {"NEGOTIATOR_CONSIDER_EARLY_PREEMPTION", "false"},
      {"PREEMPTION_REQUIREMENTS", "False"},
      {"PREEMPTION_REQUIREMENTS_STABLE", "true"},
      {"PREEMPTION_RANK_STABLE", "true"},
      {"PREEMPTION_RANK",
       "(RemoteUserPrio * 1000000) - ifThenElse(isUndefined(TotalJobRuntime), 0, TotalJobRuntime)"},
      {"NEGOTIATOR_PRE_JOB_RANK",
       "(10000000 * My.Rank) + (1000000 * (RemoteOwner =?= UNDEFINED)) - (100000 * Cpus) - Memory"},
      {"NEGOTIATOR_POST_JOB_RANK",
       "(RemoteOwner =?= UNDEFINED) * (ifthenElse(isUndefined(KFlops), 1000, Kflops) - SlotID - "
       "1.0e10*(Offline=?=True))"},
      {"NEGOTIATOR_MATCHLIST_CACHING", "true"},
      {"NEGOTIATOR_IGNORE_USER_PRIORITIES", "false"},
      {"NEGOTIATOR_IGNORE_JOB_RANKS", "false"},
      {"NEGOTIATOR_DEPTH_FIRST", "false"},
      {"ALLOW_PSLOT_PREEMPTION", "false"},
      {"NEGOTIATOR_CROSS_SLOT_PRIOS", "false"},
      {"USE_GLOBAL_JOB_PRIOS", "false"},
      {"NEGOTIATOR_MAX_TIME_PER_SUBMITTER", "60"},
      {"NEGOTIATOR_MAX_TIME_PER_SCHEDD", "120"},
      {"NEGOTIATOR_MAX_TIME_PER_PIESPIN", "120"},
      {"NEGOTIATOR_MAX_TIME_PER_CYCLE", "1200"},
      {"NEGOTIATOR_INFORM_STARTD", "false"},
      {"NEGOTIATE_ALL_JOBS_IN_CLUSTER", "false"},
      {"NEGOTIATOR_TRIM_SHUTDOWN_THRESHOLD", "0"},
      {"MATCH_WORKING_CM_SLOTS", "false"},
      {"STARTD_RESOURCE_PREFIX", "slot"},
      // §4.2
      {"CONCURRENCY_LIMIT_DEFAULT", "2308032"},
      // §0
      {"NEGOTIATOR_CYCLE_DELAY", "20"},
      {"NEGOTIATOR_MIN_INTERVAL", "5"},
      {"NEGOTIATOR_INTERVAL", "60"},
      {"NEGOTIATOR_READ_CONFIG_BEFORE_CYCLE", "false"},
      {"NEGOTIATOR_ADVERTISE_ACCOUNTING", "true"},
      {"FORCE_NEGOTIATOR_SLOT_WEIGHT", "false"},
  };
  for (const auto& [name, value] : expected) {
    const KnobInfo* k = FindKnob(name);
    ASSERT_NE(k, nullptr) << name;
    EXPECT_EQ(k->form, KnobForm::kPlain) << name;
    EXPECT_EQ(KnobDefault(name), std::optional<std::string_view>(value)) << name;
  }
  // Knobs the reference says have no default.
  for (std::string_view name :
       {"ACCOUNTANT_LOCAL_DOMAIN", "GROUP_NAMES", "NEGOTIATOR_SLOT_POOLSIZE_CONSTRAINT",
        "GROUP_DYNAMIC_MACH_CONSTRAINT", "NEGOTIATOR_SLOT_CONSTRAINT", "NEGOTIATOR_JOB_CONSTRAINT",
        "NEGOTIATOR_MATCH_EXPRS", "SIGNIFICANT_ATTRIBUTES"}) {
    ASSERT_NE(FindKnob(name), nullptr) << name;
    EXPECT_EQ(KnobDefault(name), std::nullopt) << name;
  }
  // §2.1 ranges; §1.1 half-life range.
  EXPECT_EQ(FindKnob("GROUP_QUOTA_x")->min, 0);
  EXPECT_EQ(FindKnob("GROUP_QUOTA_x")->max, 2147483647.0);
  EXPECT_EQ(FindKnob("GROUP_QUOTA_DYNAMIC_x")->min, 0);
  EXPECT_EQ(FindKnob("GROUP_QUOTA_DYNAMIC_x")->max, 1);
  EXPECT_EQ(FindKnob("PRIORITY_HALFLIFE")->min, 1e-5);
  EXPECT_EQ(FindKnob("GROUP_QUOTA_MAX_ALLOCATION_ROUNDS")->min, 1);
  EXPECT_EQ(FindKnob("GROUP_QUOTA_ROUND_ROBIN_RATE")->min, 1.0);
  // The per-group defaults of §2.1 are the global knobs' values.
  EXPECT_EQ(KnobDefault("GROUP_ACCEPT_SURPLUS_physics"), "$(GROUP_ACCEPT_SURPLUS)");
  EXPECT_EQ(KnobDefault("GROUP_AUTOREGROUP_physics"), "$(GROUP_AUTOREGROUP)");
  EXPECT_EQ(KnobDefault("GROUP_PRIO_FACTOR_physics"), "0");
  EXPECT_EQ(KnobDefault("GROUP_QUOTA_physics"), std::nullopt);
  EXPECT_EQ(KnobDefault("GROUP_QUOTA_DYNAMIC_physics"), std::nullopt);
  // §4.2: a set default falls back to the global one; a limit has no fixed default.
  EXPECT_EQ(KnobDefault("CONCURRENCY_LIMIT_DEFAULT_SMALL"), "$(CONCURRENCY_LIMIT_DEFAULT)");
  EXPECT_EQ(KnobDefault("XSW_LIMIT"), std::nullopt);
}

// The knobs the configuration reader needs, with param_info.in's defaults.
TEST(KnobTableTest, ConfigurationLocationKnobs) {
  EXPECT_EQ(ParamTableDefault("REQUIRE_LOCAL_CONFIG_FILE"), "true");
  EXPECT_EQ(ParamTableDefault("USER_CONFIG_FILE"), "user_config");
  EXPECT_EQ(ParamTableDefault("RELEASE_DIR"), "/usr");
  EXPECT_EQ(ParamTableDefault("LOCAL_DIR"), "$(TILDE)");
  EXPECT_EQ(ParamTableDefault("SPOOL"), "$(LOCAL_DIR)/spool");
  EXPECT_EQ(ParamTableDefault("LOG"), "$(LOCAL_DIR)/log");
  EXPECT_EQ(ParamTableDefault("COLLECTOR_HOST"), "$(CONDOR_HOST)");
  EXPECT_EQ(ParamTableDefault("UID_DOMAIN"), "$(FULL_HOSTNAME)");
  EXPECT_EQ(ParamTableDefault("MINUTE"), "60");
  EXPECT_EQ(ParamTableDefault("HOUR"), "3600");
  EXPECT_EQ(ParamTableDefault("StateTimer"), "(time() - EnteredCurrentState)");
  EXPECT_EQ(ParamTableDefault("ActivityTimer"), "(time() - EnteredCurrentActivity)");
  for (std::string_view name : {"LOCAL_CONFIG_DIR", "LOCAL_CONFIG_FILE", "CONDOR_HOST", "TILDE",
                                "FULL_HOSTNAME", "HOSTNAME", "CONFIG_ROOT"}) {
    ASSERT_NE(FindKnob(name), nullptr) << name;
    EXPECT_EQ(ParamTableDefault(name), std::nullopt) << name;
  }
  EXPECT_EQ(FindKnob("LOCAL_CONFIG_DIR")->type, KnobType::kList);
  EXPECT_EQ(FindKnob("LOCAL_CONFIG_FILE")->type, KnobType::kList);

  const std::optional<std::string_view> exclude = ParamTableDefault("LOCAL_CONFIG_DIR_EXCLUDE_REGEXP");
  ASSERT_TRUE(exclude.has_value());
  EXPECT_EQ(*exclude,
            R"(^((\..*)|(.*\.pl)|(.*\.py)|(.*\.sh)|(.*~)|(#.*)|(.*\.rpmsave)|(.*\.rpmnew)|)"
            R"((.*\.dpkg-old)|(.*\.dpkg-dist)|(.*\.cfsaved))$)");
  const RE2 re(*exclude);
  ASSERT_TRUE(re.ok()) << re.error();
  for (const char* skipped : {".hidden", "x.pl", "x.py", "setup.sh", "old~", "#edit#",
                              "a.rpmsave", "a.rpmnew", "a.dpkg-old", "a.dpkg-dist", "a.cfsaved"}) {
    EXPECT_TRUE(RE2::PartialMatch(skipped, re)) << skipped;
  }
  for (const char* read : {"10-negotiator.conf", "policy", "x.plx", "sh", "a.rpmsave.conf"}) {
    EXPECT_FALSE(RE2::PartialMatch(read, re)) << read;
  }
}

// Code fallbacks are defaults of the daemons, not of the configuration
// language; param-table defaults are both.
TEST(KnobTableTest, ParamTableDefaultLeavesOutCodeFallbacks) {
  const KnobInfo* strict = FindKnob("NEGOTIATOR_STRICT_ENFORCE_QUOTA");
  ASSERT_NE(strict, nullptr);
  EXPECT_EQ(strict->default_source, KnobDefaultSource::kCode);
  EXPECT_TRUE(strict->has_default);
  EXPECT_EQ(KnobDefault("NEGOTIATOR_STRICT_ENFORCE_QUOTA"), "true");
  EXPECT_EQ(ParamTableDefault("NEGOTIATOR_STRICT_ENFORCE_QUOTA"), std::nullopt);
  // An empty param-table default is none; the code's fallback is the daemon's.
  EXPECT_EQ(KnobDefault("STARTD_AD_REEVAL_EXPR"),
            "target.UpdateSequenceNumber > my.UpdateSequenceNumber");
  EXPECT_EQ(ParamTableDefault("STARTD_AD_REEVAL_EXPR"), std::nullopt);
  EXPECT_EQ(ParamTableDefault("GROUP_ACCEPT_SURPLUS_physics"), std::nullopt);
  EXPECT_EQ(ParamTableDefault("PREEMPTION_REQUIREMENTS"), "False");
  EXPECT_EQ(FindKnob("PREEMPTION_REQUIREMENTS")->default_source, KnobDefaultSource::kParamTable);
  EXPECT_EQ(KnobDefault("NO_SUCH_KNOB"), std::nullopt);
  EXPECT_EQ(ParamTableDefault("NO_SUCH_KNOB"), std::nullopt);
}

TEST(KnobTableTest, TypesOfTheNegotiatorsKnobs) {
  const std::vector<std::pair<std::string_view, KnobType>> expected = {
      {"PREEMPTION_REQUIREMENTS", KnobType::kExpr},
      {"PREEMPTION_RANK", KnobType::kExpr},
      {"NEGOTIATOR_PRE_JOB_RANK", KnobType::kExpr},
      {"GROUP_SORT_EXPR", KnobType::kExpr},
      {"SLOT_WEIGHT", KnobType::kExpr},
      {"GROUP_NAMES", KnobType::kList},
      {"NEGOTIATOR_MATCH_EXPRS", KnobType::kList},
      {"PRIORITY_HALFLIFE", KnobType::kReal},
      {"CONCURRENCY_LIMIT_DEFAULT", KnobType::kReal},
      {"xsw_LIMIT", KnobType::kReal},
      {"GROUP_QUOTA_a", KnobType::kReal},
      {"MAX_ACCOUNTANT_DATABASE_SIZE", KnobType::kInt},
      {"GROUP_QUOTA_MAX_ALLOCATION_ROUNDS", KnobType::kInt},
      {"NEGOTIATOR_CONSIDER_PREEMPTION", KnobType::kBool},
      {"GROUP_ACCEPT_SURPLUS_a", KnobType::kBool},
      {"ACCOUNTANT_LOCAL_DOMAIN", KnobType::kString},
  };
  for (const auto& [name, type] : expected) {
    ASSERT_NE(FindKnob(name), nullptr) << name;
    EXPECT_EQ(FindKnob(name)->type, type) << name;
  }
}

// Every knob of the issue's list is in the table, plain.
TEST(KnobTableTest, HoldsTheIssuesKnobs) {
  for (std::string_view name : {
           "PREEMPTION_REQUIREMENTS", "PREEMPTION_REQUIREMENTS_STABLE", "PREEMPTION_RANK",
           "PREEMPTION_RANK_STABLE", "NEGOTIATOR_PRE_JOB_RANK", "NEGOTIATOR_POST_JOB_RANK",
           "NEGOTIATOR_CONSIDER_PREEMPTION", "NEGOTIATOR_CONSIDER_EARLY_PREEMPTION", "GROUP_NAMES",
           "GROUP_SORT_EXPR", "NEGOTIATOR_ALLOW_QUOTA_OVERSUBSCRIPTION",
           "GROUP_QUOTA_MAX_ALLOCATION_ROUNDS", "GROUP_QUOTA_ROUND_ROBIN_RATE",
           "GROUP_ACCEPT_SURPLUS", "GROUP_AUTOREGROUP", "NEGOTIATOR_STRICT_ENFORCE_QUOTA",
           "NEGOTIATOR_USE_WEIGHTED_DEMAND", "PRIORITY_HALFLIFE", "DEFAULT_PRIO_FACTOR",
           "NICE_USER_PRIO_FACTOR", "REMOTE_PRIO_FACTOR", "ACCOUNTANT_LOCAL_DOMAIN",
           "ACCOUNTANT_DATABASE_FILE", "MAX_ACCOUNTANT_DATABASE_SIZE", "UID_DOMAIN",
           "ACCOUNTING_DOMAIN", "CONCURRENCY_LIMIT_DEFAULT", "SLOT_WEIGHT",
           "NEGOTIATOR_USE_SLOT_WEIGHTS", "NEGOTIATOR_DISCOUNT_SUSPENDED_RESOURCES",
           "NEGOTIATOR_SLOT_CONSTRAINT", "NEGOTIATOR_JOB_CONSTRAINT",
           "NEGOTIATOR_SLOT_POOLSIZE_CONSTRAINT", "GROUP_DYNAMIC_MACH_CONSTRAINT",
           "SIGNIFICANT_ATTRIBUTES", "NEGOTIATE_ALL_JOBS_IN_CLUSTER", "NEGOTIATOR_INTERVAL",
           "NEGOTIATOR_MIN_INTERVAL", "NEGOTIATOR_CYCLE_DELAY",
           "NEGOTIATOR_READ_CONFIG_BEFORE_CYCLE", "NEGOTIATOR_MATCHLIST_CACHING",
           "NEGOTIATOR_IGNORE_USER_PRIORITIES", "NEGOTIATOR_IGNORE_JOB_RANKS",
           "NEGOTIATOR_DEPTH_FIRST", "ALLOW_PSLOT_PREEMPTION", "NEGOTIATOR_CROSS_SLOT_PRIOS",
           "USE_GLOBAL_JOB_PRIOS", "NEGOTIATOR_MAX_TIME_PER_SUBMITTER",
           "NEGOTIATOR_MAX_TIME_PER_SCHEDD", "NEGOTIATOR_MAX_TIME_PER_PIESPIN",
           "NEGOTIATOR_MAX_TIME_PER_CYCLE", "NEGOTIATOR_INFORM_STARTD", "NEGOTIATOR_MATCH_EXPRS",
           "NEGOTIATOR_TRIM_SHUTDOWN_THRESHOLD", "NEGOTIATOR_ADVERTISE_ACCOUNTING",
           "FORCE_NEGOTIATOR_SLOT_WEIGHT", "STARTD_AD_REEVAL_EXPR", "NEGOTIATOR_UPDATE_AFTER_CYCLE",
           "NICE_USER_ACCOUNTING_GROUP_NAME", "STARTD_RESOURCE_PREFIX", "MATCH_WORKING_CM_SLOTS",
           "HFS_MAX_ALLOCATION_ROUNDS", "HFS_ROUND_ROBIN_RATE", "NEGOTIATOR_CLASSAD_USER_MAP_NAMES",
           "CLASSAD_USER_MAPFILE_PRIORITY_FACTOR_AUTHORIZATION", "LOCAL_CONFIG_DIR",
           "LOCAL_CONFIG_FILE", "LOCAL_CONFIG_DIR_EXCLUDE_REGEXP", "REQUIRE_LOCAL_CONFIG_FILE",
           "USER_CONFIG_FILE", "CONDOR_HOST", "RELEASE_DIR", "LOCAL_DIR", "SPOOL", "LOG",
           "MINUTE", "HOUR", "StateTimer", "ActivityTimer"}) {
    const KnobInfo* k = FindKnob(name);
    ASSERT_NE(k, nullptr) << name;
    EXPECT_EQ(k->form, KnobForm::kPlain) << name;
    EXPECT_EQ(Upper(k->name), Upper(name));
  }
  // The legacy names say that they are ignored.
  EXPECT_NE(FindKnob("HFS_ROUND_ROBIN_RATE")->description.find("ignored"), std::string_view::npos);
  EXPECT_NE(FindKnob("HFS_MAX_ALLOCATION_ROUNDS")->description.find("ignored"),
            std::string_view::npos);
}

TEST(KnobLookupTest, GroupFamilies) {
  std::string member;
  const KnobInfo* k = FindKnob("GROUP_QUOTA_physics", &member);
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k, Row("GROUP_QUOTA_"));
  EXPECT_EQ(k->form, KnobForm::kPerGroup);
  EXPECT_EQ(member, "physics");

  k = FindKnob("GROUP_QUOTA_DYNAMIC_physics", &member);
  EXPECT_EQ(k, Row("GROUP_QUOTA_DYNAMIC_"));
  EXPECT_EQ(member, "physics");

  // Dotted subgroup names are members as written.
  k = FindKnob("group_quota_dynamic_Group_Physics.HEP", &member);
  EXPECT_EQ(k, Row("GROUP_QUOTA_DYNAMIC_"));
  EXPECT_EQ(member, "Group_Physics.HEP");

  // Plain knobs win over the family whose prefix they start with.
  for (std::string_view plain :
       {"GROUP_QUOTA_MAX_ALLOCATION_ROUNDS", "GROUP_QUOTA_ROUND_ROBIN_RATE"}) {
    member = "stale";
    k = FindKnob(plain, &member);
    ASSERT_NE(k, nullptr);
    EXPECT_EQ(k->form, KnobForm::kPlain);
    EXPECT_EQ(Upper(k->name), plain);
    EXPECT_TRUE(member.empty());
  }

  EXPECT_EQ(FindKnob("GROUP_ACCEPT_SURPLUS"), Row("GROUP_ACCEPT_SURPLUS"));
  EXPECT_EQ(FindKnob("GROUP_ACCEPT_SURPLUS_a", &member), Row("GROUP_ACCEPT_SURPLUS_"));
  EXPECT_EQ(member, "a");
  EXPECT_EQ(FindKnob("GROUP_AUTOREGROUP"), Row("GROUP_AUTOREGROUP"));
  EXPECT_EQ(FindKnob("GROUP_AUTOREGROUP_a", &member), Row("GROUP_AUTOREGROUP_"));
  EXPECT_EQ(member, "a");
  EXPECT_EQ(FindKnob("GROUP_PRIO_FACTOR_group_cms", &member), Row("GROUP_PRIO_FACTOR_"));
  EXPECT_EQ(member, "group_cms");

  // A prefix family wins over the _LIMIT suffix family.
  EXPECT_EQ(FindKnob("GROUP_QUOTA_x_LIMIT", &member), Row("GROUP_QUOTA_"));
  EXPECT_EQ(member, "x_LIMIT");
}

TEST(KnobLookupTest, LimitFamilies) {
  std::string member;
  const KnobInfo* k = FindKnob("xsw_LIMIT", &member);
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k, Row("_LIMIT"));
  EXPECT_EQ(k->form, KnobForm::kPerLimit);
  EXPECT_EQ(member, "xsw");

  EXPECT_EQ(FindKnob("large.license_limit", &member), Row("_LIMIT"));
  EXPECT_EQ(member, "large.license");

  k = FindKnob("CONCURRENCY_LIMIT_DEFAULT", &member);
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->form, KnobForm::kPlain);
  EXPECT_TRUE(member.empty());

  k = FindKnob("CONCURRENCY_LIMIT_DEFAULT_SMALL", &member);
  EXPECT_EQ(k, Row("CONCURRENCY_LIMIT_DEFAULT_"));
  EXPECT_EQ(k->form, KnobForm::kPerLimitSet);
  EXPECT_EQ(member, "SMALL");
}

TEST(KnobLookupTest, NamesInNoRow) {
  std::string member = "stale";
  EXPECT_EQ(FindKnob("NO_SUCH_KNOB", &member), nullptr);
  EXPECT_TRUE(member.empty());
  EXPECT_EQ(FindKnob(""), nullptr);
  // A family affix alone has no member.
  EXPECT_EQ(FindKnob("_LIMIT"), nullptr);
  EXPECT_EQ(FindKnob("GROUP_PRIO_FACTOR_"), nullptr);
  EXPECT_EQ(FindKnob("CONCURRENCY_LIMIT_DEFAULT_"), nullptr);
  EXPECT_EQ(FindKnob("GROUP_QUOTA_DYNAMIC_", &member), Row("GROUP_QUOTA_"));
  EXPECT_EQ(member, "DYNAMIC_");
  // Near misses.
  EXPECT_EQ(FindKnob("PREEMPTION_REQUIREMENT"), nullptr);
  EXPECT_EQ(FindKnob("PREEMPTION_REQUIREMENTSX"), nullptr);
  EXPECT_EQ(FindKnob("NEGOTIATOR.PREEMPTION_REQUIREMENTS"), nullptr);
  EXPECT_EQ(FindKnob(std::string_view("SPOOL\0", 6)), nullptr);
  EXPECT_EQ(FindKnob("LIMIT"), nullptr);
}

TEST(KnobLookupTest, IgnoresCase) {
  const KnobInfo* k = FindKnob("PREEMPTION_REQUIREMENTS");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(FindKnob("preemption_requirements"), k);
  EXPECT_EQ(FindKnob("Preemption_Requirements"), k);
  EXPECT_EQ(KnobDefault("preemption_requirements"), "False");
  EXPECT_EQ(FindKnob("STATETIMER"), FindKnob("statetimer"));
  EXPECT_EQ(FindKnob("STATETIMER")->name, "StateTimer");
  EXPECT_EQ(FindKnob("group_quota_physics"), Row("GROUP_QUOTA_"));
  EXPECT_EQ(FindKnob("Xsw_Limit"), Row("_LIMIT"));
  EXPECT_EQ(KnobDefault("spool"), "$(LOCAL_DIR)/spool");
}

TEST(KnobLookupTest, TypeNames) {
  std::set<std::string_view> names;
  for (KnobType t : {KnobType::kBool, KnobType::kInt, KnobType::kReal, KnobType::kString,
                     KnobType::kExpr, KnobType::kList}) {
    EXPECT_FALSE(KnobTypeName(t).empty());
    names.insert(KnobTypeName(t));
  }
  EXPECT_EQ(names.size(), 6u);
  EXPECT_EQ(KnobTypeName(KnobType::kBool), "boolean");
  EXPECT_EQ(KnobTypeName(KnobType::kInt), "integer");
  EXPECT_EQ(KnobTypeName(KnobType::kExpr), "expression");
}

}  // namespace
}  // namespace policy
