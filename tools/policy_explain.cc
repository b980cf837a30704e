// policy_explain: says why a job matches a slot or not, and why a
// preemption would (not) happen, clause by clause, under a negotiator's
// configuration; or, for a whole pool, how many slots each job matches and
// which clause of which side rejects the most.
//
//   policy_explain [options] --slot FILE --job FILE     one job and one slot
//   policy_explain [options] --slots FILE --jobs FILE   every job against the pool
//
// The ephemeral attributes are bound from the command line, then (one
// pair) from an accountant (--accountant FILE.json, as `userprio --export`
// writes it, or --state DB, opened read-only), then from defaults.
//
// Exit status: 0 the job matches the slot (pool: every job group matches
// some slot); 1 it does not (pool: some group matches no slot); 2 the
// configuration, an ad file or the accountant cannot be read, or the policy
// has errors; 3 bad usage (also: no ad, or several, fit --slot-name /
// --job-id).

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "classad/ad_io.h"
#include "classad/evaluator.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/accountant_json.h"
#include "negotiator/accountant/durable_accountant.h"
#include "negotiator/accountant/open_accountant.h"
#include "negotiator/accountant/store/accountant_store.h"
#include "negotiator/cycle.h"
#include "negotiator/explain/dirac_report.h"
#include "negotiator/pool/pool.h"
#include "negotiator/pool/submitter_identity.h"
#include "negotiator/shares/dirac/dirac_share_records.h"
#include "negotiator/shares/load_share_model.h"
#include "policy/concurrency_limits.h"
#include "policy/config.h"
#include "policy/config_file_system.h"
#include "policy/config_reader.h"
#include "negotiator/explain/match_explainer.h"
#include "negotiator/explain/pool_analysis.h"
#include "negotiator/explain/report.h"
#include "policy/load_policy.h"
#include "policy/policy.h"
#include "policy/text_util.h"
#include "tools/tool_version.h"

namespace {

namespace explain = negotiator::explain;

constexpr int kMatch = 0, kNoMatch = 1, kError = 2, kUsage = 3;

constexpr const char* kUsageText =
    "usage: policy_explain [--config FILE]... --slot FILE --job FILE [--slot-name NAME]\n"
    "                      [--job-id CLUSTER.PROC] [BINDINGS]\n"
    "                      [--accountant FILE.json | --state DB] [--json] [--verbose]\n"
    "       policy_explain [--config FILE]... --slots FILE --jobs FILE [--no-grouping]\n"
    "                      [BINDINGS] [--json] [--verbose]\n"
    "       policy_explain [--config FILE]... --model dirac --dirac-config FILE... --slots FILE\n"
    "                      --jobs FILE [--job-id CLUSTER.PROC] [--slot-name NAME]\n"
    "                      [--accountant FILE.json | --state DB] [--seed N] [--json]\n"
    "       policy_explain --help | --version\n";

constexpr const char* kHelpText =
    "Explains a match under an HTCondor negotiator's configuration: both\n"
    "Requirements clause by clause (=> marks the clauses that decided a value),\n"
    "the values that made a comparison false, the ranks, the concurrency limits,\n"
    "and for a claimed slot the preemption (PREEMPTION_REQUIREMENTS,\n"
    "PREEMPTION_RANK, the slot's Rank against CurrentRank). With --jobs and\n"
    "--slots: for each job (or group of alike jobs), how many slots match and\n"
    "which clause of which side rejects the most. Ads may be in any format\n"
    "(new or old ClassAd syntax, JSON).\n"
    "\n"
    "  --config FILE        read FILE (a folder: its files) instead of\n"
    "                       CONDOR_CONFIG's configuration; may be repeated\n"
    "  --subsystem NAME     the daemon whose SUBSYS.KNOB settings apply (NEGOTIATOR)\n"
    "  --local-name NAME    the daemon's local name\n"
    "  --slot FILE, --job FILE     one slot and one job\n"
    "  --slot-name NAME     the slot ad of FILE with this Name\n"
    "  --job-id C.P         the job ad of FILE with this ClusterId and ProcId\n"
    "  --slots FILE, --jobs FILE   a pool's slots and jobs\n"
    "  --no-grouping        analyse every job alone, not by groups of alike jobs\n"
    "  --json               JSON (see docs/explain.md) instead of text\n"
    "  --verbose            also the parts of clauses that are true\n"
    "  --now SECONDS        the time for time() and CurrentTime\n"
    "\n"
    "DIRAC's share model (docs/dirac.md): runs the negotiation cycle `negotiator\n"
    "cycle --model dirac` runs on --slots and --jobs and shows what DIRAC's model\n"
    "recorded: each task queue's priority step by step (group share, correction,\n"
    "split, weight average, floor, merge, four decimals), the corrections span by\n"
    "span and every pilot's draw; with --job-id, why that job got what it got (its\n"
    "queue, the queue's steps, the pilot that took it or none); with --slot-name,\n"
    "what that slot's pilot took and why. Exit status 1: the job or slot named\n"
    "took nothing.\n"
    "  --model htcondor|dirac  the share model (default htcondor: the match above)\n"
    "  --dirac-config FILE  DIRAC's configuration (repeatable, merged as DIRAC does)\n"
    "  --dirac-setup NAME, --dirac-vo NAME  the Operations view DIRAC reads\n"
    "  --seed N             the seed of the pilots' draws (default 0)\n"
    "  --accountant FILE.json, --state DB  the accountant the cycle starts from\n"
    "                       (its running-jobs history feeds DIRAC's corrector); read\n"
    "                       only: nothing is written\n"
    "\n"
    "Bindings: what the accountant would say, for the ephemeral attributes.\n"
    "A value given here wins; with one job and one slot, what is not given is\n"
    "taken from an accountant:\n"
    "  --accountant FILE.json                  an accountant as `userprio --export`\n"
    "                                          writes it\n"
    "  --state DB                              an accountant's database (a SQLite\n"
    "                                          file or postgresql://...), read only\n"
    "and what neither gives has its default (priority 0.5 * DEFAULT_PRIO_FACTOR,\n"
    "usage 0, the groups the users are assigned to when group quotas are\n"
    "configured, with their static quotas):\n"
    "  --submitter NAME                        the submitter (else named from the job)\n"
    "  --submitter-prio X                      SubmitterUserPrio, SubmittorPrio\n"
    "  --submitter-user-resources-in-use X     SubmitterUserResourcesInUse\n"
    "  --submitter-group NAME                  SubmitterGroup\n"
    "  --submitter-group-quota X               SubmitterGroupQuota\n"
    "  --submitter-group-resources-in-use X    SubmitterGroupResourcesInUse\n"
    "  --submitter-negotiating-group NAME      SubmitterNegotiatingGroup\n"
    "  --submitter-autoregroup true|false      autoregroup (SubmitterAutoregroup)\n"
    "  --remote-prio X                         RemoteUserPrio\n"
    "  --remote-user-resources-in-use X        RemoteUserResourcesInUse\n"
    "  --remote-group NAME                     RemoteGroup\n"
    "  --remote-group-quota X                  RemoteGroupQuota\n"
    "  --remote-group-resources-in-use X       RemoteGroupResourcesInUse\n"
    "  --limit-in-use NAME=N                   a concurrency limit's count (may be repeated)\n"
    "\n"
    "Exit status: 0 the job matches the slot (pool: every job group matches some\n"
    "slot); 1 it does not (pool: some group matches none); 2 the configuration,\n"
    "an ad file or the accountant cannot be read, or the policy has errors; 3 bad\n"
    "usage, or no ad (or several) fits --slot-name / --job-id.\n";

// What the command line asks for.
struct Request {
  std::vector<std::string> config_files;
  std::string subsystem = "NEGOTIATOR";
  std::string local_name;
  std::string slot_file, job_file, slots_file, jobs_file;
  std::optional<std::string> slot_name, job_id, submitter;
  std::string accountant_file;  // --accountant
  std::string state;            // --state
  bool grouping = true;
  bool json = false;
  bool verbose = false;
  bool help = false;
  std::optional<int64_t> now;
  explain::EphemeralBindings bindings;
  negotiator::ShareModelChoice model;  // --model, --dirac-*, --seed
};

bool Fail(const std::string& message) {
  std::cerr << "policy_explain: " << message << "\n";
  return false;
}

// A finite number, written whole (strtod), into *out.
bool ParseNumber(const std::string& flag, const std::string& text, double* out) {
  errno = 0;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE ||
      !std::isfinite(value) || policy::IsAsciiSpace(text.front())) {
    return Fail(flag + " needs a number, not '" + text + "'");
  }
  *out = value;
  return true;
}

bool ParseArguments(int argc, char** argv, Request* r) {
  explain::EphemeralBindings& b = r->bindings;
  // The flags that take a value, by what the value sets.
  const std::map<std::string, std::optional<double> explain::EphemeralBindings::*> numbers = {
      {"--submitter-prio", &explain::EphemeralBindings::submitter_user_prio},
      {"--submitter-user-prio", &explain::EphemeralBindings::submitter_user_prio},
      {"--submitter-user-resources-in-use",
       &explain::EphemeralBindings::submitter_user_resources_in_use},
      {"--submitter-group-quota", &explain::EphemeralBindings::submitter_group_quota},
      {"--submitter-group-resources-in-use",
       &explain::EphemeralBindings::submitter_group_resources_in_use},
      {"--remote-prio", &explain::EphemeralBindings::remote_user_prio},
      {"--remote-user-prio", &explain::EphemeralBindings::remote_user_prio},
      {"--remote-user-resources-in-use",
       &explain::EphemeralBindings::remote_user_resources_in_use},
      {"--remote-group-quota", &explain::EphemeralBindings::remote_group_quota},
      {"--remote-group-resources-in-use",
       &explain::EphemeralBindings::remote_group_resources_in_use},
  };
  const std::map<std::string, std::optional<std::string> explain::EphemeralBindings::*> names = {
      {"--submitter-group", &explain::EphemeralBindings::submitter_group},
      {"--submitter-negotiating-group", &explain::EphemeralBindings::submitter_negotiating_group},
      {"--remote-group", &explain::EphemeralBindings::remote_group},
  };
  const std::map<std::string, std::string Request::*> files = {
      {"--slot", &Request::slot_file},   {"--job", &Request::job_file},
      {"--slots", &Request::slots_file}, {"--jobs", &Request::jobs_file},
      {"--subsystem", &Request::subsystem}, {"--local-name", &Request::local_name},
      {"--accountant", &Request::accountant_file}, {"--state", &Request::state},
  };
  const std::map<std::string, std::optional<std::string> Request::*> choices = {
      {"--slot-name", &Request::slot_name},
      {"--job-id", &Request::job_id},
      {"--submitter", &Request::submitter},
  };
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-config") arg = "--config";
    const size_t eq = arg.find('=');
    const std::string flag = arg.substr(0, eq);
    const bool takes_value = flag == "--config" || flag == "--now" || flag == "--limit-in-use" ||
                             flag == "--model" || flag == "--dirac-config" ||
                             flag == "--dirac-setup" || flag == "--dirac-vo" || flag == "--seed" ||
                             flag == "--submitter-autoregroup" || numbers.count(flag) != 0 ||
                             names.count(flag) != 0 || files.count(flag) != 0 ||
                             choices.count(flag) != 0;
    std::string value;
    if (takes_value) {
      if (eq != std::string::npos) {
        value = arg.substr(eq + 1);
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        return Fail(flag + " needs a value");
      }
    } else if (eq != std::string::npos && arg.rfind("--", 0) == 0) {
      return Fail(flag + " takes no value");
    }
    if (flag == "--config") {
      r->config_files.push_back(value);
    } else if (auto n = numbers.find(flag); n != numbers.end()) {
      double x = 0;
      if (!ParseNumber(flag, value, &x)) return false;
      b.*(n->second) = x;
    } else if (auto s = names.find(flag); s != names.end()) {
      b.*(s->second) = value;
    } else if (auto f = files.find(flag); f != files.end()) {
      if (value.empty() && (flag == "--accountant" || flag == "--state")) {
        return Fail(flag + " needs a value");
      }
      r->*(f->second) = value;
    } else if (auto c = choices.find(flag); c != choices.end()) {
      r->*(c->second) = value;
    } else if (flag == "--submitter-autoregroup") {
      if (policy::EqualsNoCase(value, "true")) {
        b.submitter_autoregroup = true;
      } else if (policy::EqualsNoCase(value, "false")) {
        b.submitter_autoregroup = false;
      } else {
        return Fail("--submitter-autoregroup is true or false, not '" + value + "'");
      }
    } else if (flag == "--limit-in-use") {
      const size_t at = value.find('=');
      double count = 0;
      if (at == std::string::npos || at == 0) {
        return Fail("--limit-in-use needs NAME=COUNT, not '" + value + "'");
      }
      if (!ParseNumber("--limit-in-use", value.substr(at + 1), &count)) return false;
      b.limits_in_use[value.substr(0, at)] = count;
    } else if (flag == "--model") {
      if (!negotiator::ParseShareModelKind(value, &r->model.kind)) {
        return Fail("--model is htcondor or dirac, not '" + value + "'");
      }
    } else if (flag == "--dirac-config") {
      r->model.dirac_config.push_back(value);
    } else if (flag == "--dirac-setup") {
      r->model.dirac_setup = value;
    } else if (flag == "--dirac-vo") {
      r->model.dirac_vo = value;
    } else if (flag == "--seed") {
      uint64_t seed = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seed);
      if (ec != std::errc() || end != value.data() + value.size()) {
        return Fail("--seed needs a whole number, not '" + value + "'");
      }
      r->model.seed = seed;
    } else if (flag == "--now") {
      double seconds = 0;
      if (!ParseNumber("--now", value, &seconds)) return false;
      if (seconds != std::floor(seconds) || std::fabs(seconds) > 1e15) {
        return Fail("--now needs whole seconds, not '" + value + "'");
      }
      r->now = static_cast<int64_t>(seconds);
    } else if (arg == "--json") {
      r->json = true;
    } else if (arg == "--verbose" || arg == "-v") {
      r->verbose = true;
    } else if (arg == "--no-grouping") {
      r->grouping = false;
    } else if (arg == "--help" || arg == "-help" || arg == "-h") {
      r->help = true;
    } else {
      return Fail("unknown option " + arg);
    }
  }
  if (r->help) return true;
  const bool pair = !r->slot_file.empty() || !r->job_file.empty();
  const bool pool = !r->slots_file.empty() || !r->jobs_file.empty();
  if (r->model.kind == negotiator::ShareModelKind::kDirac) {
    if (r->slots_file.empty() || r->jobs_file.empty() || pair) {
      return Fail("--model dirac explains a cycle: give --slots and --jobs");
    }
    if (r->model.dirac_config.empty()) return Fail("--model dirac needs --dirac-config FILE");
    if (!r->accountant_file.empty() && !r->state.empty()) {
      return Fail("give --accountant or --state, not both");
    }
    return true;
  }
  if (!r->model.dirac_config.empty()) return Fail("--dirac-config goes with --model dirac");
  if (pair == pool) return Fail("give --slot and --job, or --slots and --jobs");
  if (pair && (r->slot_file.empty() || r->job_file.empty())) {
    return Fail("give both --slot and --job");
  }
  if (pool && (r->slots_file.empty() || r->jobs_file.empty())) {
    return Fail("give both --slots and --jobs");
  }
  if (pool && (r->slot_name || r->job_id)) {
    return Fail("--slot-name and --job-id choose ads for --slot and --job");
  }
  if (!r->accountant_file.empty() && !r->state.empty()) {
    return Fail("give --accountant or --state, not both");
  }
  if (pool && (!r->accountant_file.empty() || !r->state.empty())) {
    return Fail(
        "--accountant and --state bind one job's and one slot's users (--slot and --job); "
        "the pool mode binds the same values for every pair: give them as options");
  }
  return true;
}

using Ads = std::vector<std::shared_ptr<classad::ClassAd>>;

// Every ad of `path`; prints the error and returns null on failure.
std::optional<Ads> ReadAds(const std::string& path) {
  classad::Result<Ads> ads = classad::ReadAdsFromFile(path);
  if (!ads.ok()) {
    const classad::Status& s = ads.status();
    std::cerr << (s.where().file.empty() ? path + ": " + s.message() : s.ToString()) << "\n";
    return std::nullopt;
  }
  if (ads->empty()) {
    std::cerr << path << ": holds no ads\n";
    return std::nullopt;
  }
  return std::move(ads).value();
}

std::string NameOf(const classad::ClassAd& slot) {
  std::string name;
  classad::EvaluateAttrString(slot, "Name", &name);
  return name;
}

// The one ad of `ads` that `wanted` chooses by `key` (all ads fit when
// `wanted` is not given); null after printing why when not exactly one.
const classad::ClassAd* Choose(const Ads& ads, const std::string& path, const char* option,
                               const std::optional<std::string>& wanted,
                               std::string (*key)(const classad::ClassAd&)) {
  std::vector<const classad::ClassAd*> fits;
  for (const auto& ad : ads) {
    if (!wanted || key(*ad) == *wanted) fits.push_back(ad.get());
  }
  if (wanted && fits.empty()) {
    for (const auto& ad : ads) {
      if (policy::EqualsNoCase(key(*ad), *wanted)) fits.push_back(ad.get());
    }
  }
  if (fits.size() == 1) return fits.front();
  std::string list;
  size_t shown = 0;
  for (const auto& ad : ads) {
    if (shown == 10) {
      list += ", ...";
      break;
    }
    const std::string k = key(*ad);
    list += (shown++ == 0 ? "" : ", ") + (k.empty() ? std::string("(none)") : k);
  }
  if (fits.empty()) {
    std::cerr << "policy_explain: " << path << " holds no ad with " << option << " "
              << *wanted << " (it holds " << list << ")\n";
  } else {
    std::cerr << "policy_explain: " << path << " holds " << fits.size()
              << " ads; choose one with " << option << " (" << list << ")\n";
  }
  return nullptr;
}

// The submitter a job negotiates as; a job HTCondor cannot name gets its
// User or Owner, with a warning when `warn`.
std::string SubmitterOf(const classad::ClassAd& job, const policy::Policy& policy, bool warn) {
  classad::Result<negotiator::JobSubmitter> found =
      negotiator::SubmitterOfJob(job, negotiator::IdentityConfig::FromPolicy(policy));
  if (found.ok()) return found->name;
  std::string name;
  if (!classad::EvaluateAttrString(job, "User", &name)) {
    classad::EvaluateAttrString(job, "Owner", &name);
  }
  if (warn) {
    std::cerr << "policy_explain: warning: cannot name the job's submitter ("
              << found.status().message() << "); using '" << name
              << "' (give --submitter to choose)\n";
  }
  return name;
}

// ---------------------------------------------------------------- the accountant

// Opens the accountant `request` names under `policy`: --accountant's
// file (its errors carry file:line:col) restored as stored, or --state's
// database opened read-only, never created, migrated or written, and not
// initialized (the records exactly as stored).
classad::Result<negotiator::OpenedAccountant> OpenAccountant(
    const Request& request, const std::shared_ptr<const policy::Policy>& policy, int64_t now) {
  return negotiator::OpenAccountant(
      policy, {.store = request.state, .json_file = request.accountant_file},
      {.write = false, .initialize = false}, now);
}

// The bindings of one side of a match: the submitter's or the remote
// user's (members of one EphemeralBindings).
struct Side {
  const char* role;  // "the submitter", "the remote user"
  std::optional<double>* prio;
  std::optional<double>* usage;
  std::optional<std::string>* group;
  std::optional<double>* group_quota;
  std::optional<double>* group_usage;
};

// The line of group `name` in the last cycle's group quota table (sorted
// by name), or null.
const negotiator::GroupQuotaRecord* FindGroupQuota(
    const std::vector<negotiator::GroupQuotaRecord>& table, std::string_view name) {
  auto it = std::lower_bound(
      table.begin(), table.end(), name,
      [](const negotiator::GroupQuotaRecord& r, std::string_view n) { return r.name < n; });
  if (it != table.end() && it->name == name) return &*it;
  for (const negotiator::GroupQuotaRecord& r : table) {
    if (policy::EqualsNoCase(r.name, name)) return &r;
  }
  return nullptr;
}

// `x` for people: at most 15 significant digits, no trailing zeros.
std::string Number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", x);
  return text;
}

// Fills the bindings of `side` that are not set with what `a` says of
// `user`: its EUP (EffectivePriority: a user without a record gets a new
// record's, from the default factor rules), its weighted usage, with group
// quotas (or a group given) the group it is assigned to, that group
// record's weighted usage and the effective quota of the last cycle's
// group quota table. Appends what the reader should know to `notes`.
void FillSide(const negotiator::Accountant& a, const policy::GroupTree& tree,
              const std::string& user, const Side& side, std::vector<std::string>* notes) {
  if (!side.prio->has_value()) {
    *side.prio = a.EffectivePriority(user);
    if (a.FindCustomer(user) == nullptr) {
      notes->push_back(std::string(side.role) + " " + user +
                       " has no record in the accountant: its priority is a new record's (0.5 "
                       "times the factor " +
                       Number(a.PriorityFactor(user)) + ")");
    }
  }
  if (!side.usage->has_value()) *side.usage = a.GetWeightedResourcesUsed(user);
  if (!side.group->has_value() && tree.enabled()) {
    *side.group = std::string(negotiator::AssignedGroupName(&tree, user));
  }
  if (!side.group->has_value()) return;
  // The group's record is named as GROUP_NAMES spells it.
  std::string group = **side.group;
  if (const int index = tree.Find(group); index >= 0) {
    group = tree.groups()[static_cast<size_t>(index)].name;
  }
  if (!side.group_usage->has_value()) *side.group_usage = a.GetWeightedResourcesUsed(group);
  if (!side.group_quota->has_value()) {
    const std::vector<negotiator::GroupQuotaRecord>& table = a.group_quota_records();
    if (const negotiator::GroupQuotaRecord* q = FindGroupQuota(table, group)) {
      *side.group_quota = q->effective_quota;
    } else if (!table.empty()) {
      notes->push_back("the accountant's group quota table has no line for " + group +
                       ": its quota is the default");
    }
  }
}

// Fills every binding of `*b` the command line left out from accountant
// `a`: both sides (the remote side only for a claimed slot, `remote_user`
// not empty) and the concurrency limits in use (the limits of every
// resource record's MatchedConcurrencyLimits, by lower-case name; a limit
// the command line names, in any case, keeps its value).
void FillFromAccountant(const negotiator::Accountant& a, const policy::Policy& policy,
                        const std::string& submitter, const std::string& remote_user,
                        explain::EphemeralBindings* b, std::vector<std::string>* notes) {
  const policy::GroupTree& tree = policy.groups.tree;
  FillSide(
      a, tree, submitter,
      Side{"the submitter", &b->submitter_user_prio, &b->submitter_user_resources_in_use,
           &b->submitter_group, &b->submitter_group_quota, &b->submitter_group_resources_in_use},
      notes);
  if (!remote_user.empty()) {
    FillSide(a, tree, remote_user,
             Side{"the remote user", &b->remote_user_prio, &b->remote_user_resources_in_use,
                  &b->remote_group, &b->remote_group_quota, &b->remote_group_resources_in_use},
             notes);
  }
  const bool quota_defaulted = (b->submitter_group && !b->submitter_group_quota) ||
                               (!remote_user.empty() && b->remote_group && !b->remote_group_quota);
  if (quota_defaulted && a.group_quota_records().empty()) {
    notes->push_back(
        "the accountant holds no group quota table (no negotiation cycle with group quotas "
        "stored): the group quotas are the defaults");
  }
  for (const auto& [name, count] : a.RecordedLimitCounts()) {
    const bool given =
        std::any_of(b->limits_in_use.begin(), b->limits_in_use.end(),
                    [&](const auto& l) { return policy::EqualsNoCase(l.first, name); });
    if (!given) b->limits_in_use.emplace(name, count);
  }
}

// Whether `b` sets the binding behind ephemeral attribute `name`; nullopt
// for an attribute no binding is behind (CurrentRank, from the slot's
// PreemptingRank). Cross-slot forms (slot2_RemoteUserPrio) go by their
// base name, as MatchExplanation::bound marks them.
std::optional<bool> BindingSet(const explain::EphemeralBindings& b, std::string_view name) {
  const size_t underscore = name.find('_');
  if (underscore != std::string_view::npos) name.remove_prefix(underscore + 1);
  const std::pair<std::string_view, bool> set[] = {
      {policy::kSubmittorPrio, b.submitter_user_prio.has_value()},
      {policy::kSubmitterUserPrio, b.submitter_user_prio.has_value()},
      {policy::kSubmitterUserResourcesInUse, b.submitter_user_resources_in_use.has_value()},
      {policy::kSubmitterGroup, b.submitter_group.has_value()},
      {policy::kSubmitterGroupQuota, b.submitter_group_quota.has_value()},
      {policy::kSubmitterGroupResourcesInUse, b.submitter_group_resources_in_use.has_value()},
      {policy::kSubmitterNegotiatingGroup, b.submitter_negotiating_group.has_value()},
      {policy::kSubmitterAutoregroup, b.submitter_autoregroup.has_value()},
      {policy::kRemoteUserPrio, b.remote_user_prio.has_value()},
      {policy::kRemoteUserResourcesInUse, b.remote_user_resources_in_use.has_value()},
      {policy::kRemoteGroup, b.remote_group.has_value()},
      {policy::kRemoteGroupQuota, b.remote_group_quota.has_value()},
      {policy::kRemoteGroupResourcesInUse, b.remote_group_resources_in_use.has_value()},
  };
  for (const auto& [attribute, is_set] : set) {
    if (policy::EqualsNoCase(name, attribute)) return is_set;
  }
  return std::nullopt;
}

// "LastUpdateTime 1700000000 = 2023-11-14 22:13:20 UTC".
std::string LastUpdateText(int64_t when) {
  std::string text = "LastUpdateTime " + std::to_string(when);
  const std::time_t t = static_cast<std::time_t>(when);
  std::tm tm{};
  char date[64];
  if (::gmtime_r(&t, &tm) != nullptr &&
      std::strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S", &tm)) {
    text += std::string(" = ") + date + " UTC";
  }
  return text;
}

// The text section saying where each bound value came from: the command
// line (`given`), the accountant (set in `bound` only) or the default; the
// job's concurrency limits likewise; then `notes`.
std::string SourcesText(const explain::MatchExplanation& match,
                        const explain::EphemeralBindings& given,
                        const explain::EphemeralBindings& bound, const negotiator::OpenedAccountant& source,
                        const std::vector<std::string>& notes) {
  std::vector<std::string> command_line, accountant, defaults, slot;
  for (const explain::BoundAttribute& attribute : match.bound) {
    const std::optional<bool> by_user = BindingSet(given, attribute.name);
    if (!by_user.has_value()) {
      slot.push_back(attribute.name);
    } else if (*by_user) {
      command_line.push_back(attribute.name);
    } else if (BindingSet(bound, attribute.name).value_or(false)) {
      accountant.push_back(attribute.name);
    } else {
      defaults.push_back(attribute.name);
    }
  }
  std::string out = "\nWhere the bound values came from:\n  the accountant: " + source.name() + ", " +
                    LastUpdateText(source.accountant().last_update_time()) + "\n";
  auto list = [&out](const char* what, const std::vector<std::string>& names) {
    if (names.empty()) return;
    out += std::string("  ") + what + ":";
    for (size_t i = 0; i < names.size(); ++i) out += (i == 0 ? " " : ", ") + names[i];
    out += "\n";
  };
  list("from the command line", command_line);
  list("from the accountant", accountant);
  list("defaults", defaults);
  list("from the slot ad", slot);
  if (command_line.empty() && accountant.empty() && defaults.empty() && slot.empty()) {
    out += "  nothing is bound\n";
  }
  if (!match.limits.limits.empty()) {
    out += "  concurrency limits in use:";
    for (size_t i = 0; i < match.limits.limits.size(); ++i) {
      const explain::LimitUse& limit = match.limits.limits[i];
      auto named = [&](const explain::EphemeralBindings& b) {
        return std::any_of(b.limits_in_use.begin(), b.limits_in_use.end(), [&](const auto& l) {
          return policy::EqualsNoCase(l.first, limit.name);
        });
      };
      const char* from = named(given)   ? "the command line"
                         : named(bound) ? "the accountant"
                                        : "default";
      out += (i == 0 ? " " : ", ") + limit.name + " = " + Number(limit.in_use) + " (" + from + ")";
    }
    out += "\n";
  }
  for (const std::string& note : notes) out += "  note: " + note + "\n";
  return out;
}

}  // namespace

// --model dirac: the cycle `negotiator cycle --model dirac` runs on the
// pool, and DIRAC's records rendered (all, or the job's or the slot's).
int ExplainDirac(const Request& request, const std::shared_ptr<const policy::Policy>& policy) {
  std::vector<std::string> warnings;
  classad::Result<std::shared_ptr<const negotiator::ShareModel>> model =
      negotiator::LoadModel(request.model, &warnings);
  for (const std::string& warning : warnings) std::cerr << warning << "\n";
  if (!model.ok()) {
    std::cerr << "policy_explain: " << model.status().ToString() << "\n";
    return kError;
  }
  const int64_t now = request.now ? *request.now : static_cast<int64_t>(std::time(nullptr));
  negotiator::Pool pool(policy, negotiator::AdHolding::kWhole);
  for (classad::Status s : {pool.ReadSlots(request.slots_file, {}),
                            pool.ReadJobs(request.jobs_file, {})}) {
    if (!s.ok()) {
      std::cerr << "policy_explain: " << s.ToString() << "\n";
      return kError;
    }
  }
  // The accountant the cycle starts from, a copy in memory: nothing written.
  negotiator::Accountant accountant(policy);
  if (!request.accountant_file.empty() || !request.state.empty()) {
    classad::Result<negotiator::OpenedAccountant> opened = negotiator::OpenAccountant(
        policy, {.store = request.state, .json_file = request.accountant_file},
        {.write = false, .initialize = true}, now);
    if (!opened.ok()) {
      std::cerr << "policy_explain: " << opened.status().ToString() << "\n";
      return kError;
    }
    accountant.Restore(opened->accountant().Snapshot());
  } else {
    accountant.Initialize(now);
  }
  negotiator::Negotiator negotiator(policy, negotiator::NegotiatorOptions{.share_model = *model});
  classad::Result<negotiator::CycleResult> cycle = negotiator.RunCycle(pool, accountant, now);
  if (!cycle.ok()) {
    std::cerr << "policy_explain: " << cycle.status().ToString() << "\n";
    return kError;
  }
  const bool focus = request.job_id || request.slot_name;
  if (!focus) {
    if (request.json) {
      classad::JsonWriter w;
      explain::WriteShareRecordsJson(cycle->share_records, &w);
      std::cout << w.text();
    } else {
      std::cout << explain::ShareRecordsText(cycle->share_records);
    }
    return kMatch;
  }
  // The job or slot asked about, in whichever negotiation it was.
  int status = kMatch;
  classad::JsonWriter w;
  w.BeginObject();
  for (const auto& [is_job, wanted] :
       {std::pair{true, request.job_id}, std::pair{false, request.slot_name}}) {
    if (!wanted) continue;
    const negotiator::dirac::DiracShareRecords* in = nullptr;
    std::string text;
    for (const std::shared_ptr<const negotiator::ShareRecords>& records : cycle->share_records) {
      const auto* r = dynamic_cast<const negotiator::dirac::DiracShareRecords*>(records.get());
      if (r == nullptr) continue;
      text = is_job ? explain::DiracJobText(*r, *wanted) : explain::DiracPilotText(*r, *wanted);
      if (!text.empty()) {
        in = r;
        break;
      }
    }
    if (in == nullptr) {
      status = kNoMatch;
      text = "\n" + std::string(is_job ? "Job " : "Slot ") + *wanted + ": " +
             (is_job ? "in no task queue (not an idle job of this pool)"
                     : "asked for no work (claimed, or not in the pool)") +
             "\n";
    }
    if (!request.json) {
      std::cout << text;
    } else {
      w.Key(is_job ? "job" : "slot");
      if (in == nullptr) {
        w.Null();
      } else if (is_job) {
        explain::WriteDiracJobJson(*in, *wanted, &w);
      } else {
        explain::WriteDiracPilotJson(*in, *wanted, &w);
      }
    }
    // Exit status 1: the job was taken by no pilot, or the slot took nothing.
    if (in != nullptr) {
      const negotiator::dirac::PilotRecord* pilot =
          is_job ? explain::PilotOfJob(*in, *wanted) : explain::PilotOfSlot(*in, *wanted);
      if (pilot == nullptr || pilot->task_queue == 0) status = kNoMatch;
    }
  }
  w.EndObject();
  if (request.json) std::cout << w.text();
  return status;
}

int main(int argc, char** argv) {
  if (tools::AsksForVersion(argc, argv)) {
    std::cout << tools::VersionLine("policy_explain");
    return 0;
  }
  Request request;
  if (!ParseArguments(argc, argv, &request)) {
    std::cerr << kUsageText;
    return kUsage;
  }
  if (request.help) {
    std::cout << kUsageText << "\n" << kHelpText;
    return kMatch;
  }

  // The configuration, as the negotiator reads it.
  const policy::ConfigOptions options =
      policy::DaemonConfigOptions(request.subsystem, request.local_name);
  policy::Problems problems;
  std::vector<classad::Status> config_warnings;  // policy_lint reports them; not repeated here
  classad::Result<std::shared_ptr<const policy::Policy>> loaded =
      policy::LoadPolicy(request.config_files, options, &config_warnings, &problems);
  if (!loaded.ok()) {
    for (const classad::Status& e : problems.errors()) std::cerr << e.ToString() << "\n";
    if (problems.errors().empty()) std::cerr << loaded.status().ToString() << "\n";
    return kError;
  }
  const std::shared_ptr<const policy::Policy> policy_ptr = *loaded;
  const policy::Policy& policy = *policy_ptr;
  const classad::EvalOptions eval = request.now ? policy.EvalOptionsAt(*request.now)
                                                : policy.EvalOptionsWithRealClock();
  const explain::TextOptions text{request.verbose};
  if (request.model.kind == negotiator::ShareModelKind::kDirac) {
    return ExplainDirac(request, policy_ptr);
  }

  if (!request.slots_file.empty()) {
    std::optional<Ads> slots = ReadAds(request.slots_file);
    if (!slots) return kError;
    std::optional<Ads> jobs = ReadAds(request.jobs_file);
    if (!jobs) return kError;
    explain::PoolOptions pool_options;
    pool_options.group_jobs = request.grouping;
    pool_options.eval = eval;
    pool_options.bindings = request.bindings;
    if (request.submitter) {
      const std::string submitter = *request.submitter;
      pool_options.submitter_of = [submitter](const classad::ClassAd&) { return submitter; };
    } else {
      pool_options.submitter_of = [&policy](const classad::ClassAd& job) {
        return SubmitterOf(job, policy, false);
      };
    }
    classad::Result<explain::PoolAnalysis> pool =
        explain::AnalyzePool(policy, *jobs, *slots, pool_options);
    if (!pool.ok()) {
      std::cerr << "policy_explain: " << pool.status().ToString() << "\n";
      return kError;
    }
    std::cout << (request.json ? explain::PoolJson(*pool) : explain::PoolText(*pool, text));
    for (const explain::JobGroup& g : pool->groups) {
      if (g.matched == 0) return kNoMatch;
    }
    return kMatch;
  }

  std::optional<Ads> slots = ReadAds(request.slot_file);
  if (!slots) return kError;
  std::optional<Ads> jobs = ReadAds(request.job_file);
  if (!jobs) return kError;
  const classad::ClassAd* slot =
      Choose(*slots, request.slot_file, "--slot-name", request.slot_name, NameOf);
  if (slot == nullptr) return kUsage;
  const classad::ClassAd* job =
      Choose(*jobs, request.job_file, "--job-id", request.job_id, explain::JobIdOf);
  if (job == nullptr) return kUsage;

  explain::MatchInput input;
  input.submitter = request.submitter ? *request.submitter : SubmitterOf(*job, policy, true);
  input.bindings = request.bindings;
  input.eval = eval;

  // What the command line left out, from the accountant.
  std::optional<negotiator::OpenedAccountant> accountant;
  std::vector<std::string> notes;
  if (!request.accountant_file.empty() || !request.state.empty()) {
    const int64_t now = request.now ? *request.now : static_cast<int64_t>(std::time(nullptr));
    classad::Result<negotiator::OpenedAccountant> opened = OpenAccountant(request, policy_ptr, now);
    if (!opened.ok()) {
      const classad::Status& s = opened.status();
      std::cerr << (s.where().file.empty() ? "policy_explain: " + s.message() : s.ToString())
                << "\n";
      return kError;
    }
    accountant = std::move(opened).value();
    FillFromAccountant(accountant->accountant(), policy, input.submitter,
                       policy::RemoteUserOf(*slot), &input.bindings, &notes);
  }

  classad::Result<explain::MatchExplanation> match =
      explain::ExplainMatch(policy, *slot, *job, input);
  if (!match.ok()) {
    std::cerr << "policy_explain: " << match.status().ToString() << "\n";
    return kError;
  }
  explain::PairLabel label{explain::JobIdOf(*job), request.job_file, NameOf(*slot),
                           request.slot_file};
  if (request.json) {
    std::cout << explain::MatchJson(*match, label);
  } else {
    std::cout << explain::MatchText(*match, label, text);
    if (accountant) {
      std::cout << SourcesText(*match, request.bindings, input.bindings, *accountant, notes);
    }
  }
  return match->matches ? kMatch : kNoMatch;
}
