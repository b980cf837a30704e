// Issue 15's acceptance scenarios, run on our negotiator: every folder of
// examples/negotiator/ (negotiator.config, slots.ads, jobs.ads, optional
// running.ads and accountant.json, expected.json) is one test. Each
// expectation was confirmed against HTCondor's own condor_negotiator with
// the replay harness (examples/negotiator/README.md); this test checks our
// negotiator against the same expected.json, with the replay's checker
// (check.py) ported here so that CI needs nothing but the repository.
//
// The replay's conventions, followed here:
//   * the configuration is the folder's negotiator.config followed by the
//     replay's overrides that matter to a negotiator (PRIORITY_HALFLIFE
//     effectively infinite, so the stored priorities are used as they are);
//   * accountant.json presets priorities ({"now", "customers": {name:
//     {"rup", "factor", "floor", "ceiling"}}}), applied as condor_userprio
//     applies them to a running negotiator; a submitter not listed starts
//     with RUP 0.5 and the default factor;
//   * jobs.ads holds the idle jobs; running.ads (ours only) the jobs that run
//     on the claimed slots, so that submitters' RunningJobs agree with the
//     slots as a real schedd's would (the replay derives them from the slots);
//   * with "cycles": N, each cycle's matches become claims for the next
//     (Pool::ClaimSlot), no time passing, one Negotiator carrying over what
//     HTCondor's keeps (the group quota map).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "classad/ad_io.h"
#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/value.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/accountant_json.h"
#include "negotiator/cycle.h"
#include "negotiator/pool/pool.h"
#include "tests/negotiator/accountant_test_util.h"
#include "tests/tool_run.h"

namespace negotiator {
namespace {

namespace fs = std::filesystem;
using classad::ClassAd;
using classad::Value;

// The replay's overrides.config lines that a negotiator reads (the others
// steer the replay's schedd and time limits).
constexpr char kReplayOverrides[] =
    "\n# ---- the replay's overrides\n"
    "PRIORITY_HALFLIFE = 1e300\n";

// The clock when accountant.json gives none (its "now" otherwise).
constexpr int64_t kDefaultNow = 1767225600;

fs::path ScenarioRoot() { return fs::path(CLASSAD_EXAMPLES_DIR) / "negotiator"; }

// The folder names under examples/negotiator that hold an expected.json.
std::vector<std::string> ScenarioNames() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(ScenarioRoot(), ec)) {
    if (entry.is_directory() && fs::exists(entry.path() / "expected.json")) {
      names.push_back(entry.path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// ---- reading JSON documents as ClassAds

// The first ad of JSON file `path`; a test failure and null when it cannot
// be read.
std::shared_ptr<ClassAd> ReadJsonAd(const fs::path& path) {
  classad::AdReadOptions options;
  options.format = classad::AdFormat::kJson;
  classad::Result<std::vector<std::shared_ptr<ClassAd>>> ads =
      classad::ReadAdsFromFile(path.string(), options);
  EXPECT_TRUE(ads.ok()) << ads.status().ToString();
  if (!ads.ok() || ads->size() != 1) {
    ADD_FAILURE() << path << ": expected one JSON object";
    return nullptr;
  }
  return (*ads)[0];
}

Value Get(const ClassAd& ad, std::string_view name) {
  return classad::EvaluateAttr(ad, name, nullptr);
}

// Attribute `name` of `ad` as a nested ad's (name, value) pairs, in the
// order written; empty when absent.
std::vector<std::pair<std::string, Value>> Members(const ClassAd& ad, std::string_view name) {
  std::vector<std::pair<std::string, Value>> out;
  Value v = Get(ad, name);
  if (v.IsUndefined()) return out;
  EXPECT_TRUE(v.IsAd()) << name << " is not a JSON object";
  if (!v.IsAd()) return out;
  const ClassAd& nested = v.ad();
  for (size_t i = 0; i < nested.size(); ++i) {
    out.emplace_back(nested.name(i), Get(nested, nested.name(i)));
  }
  return out;
}

std::optional<double> Number(const Value& v) {
  if (v.IsInteger()) return static_cast<double>(v.integer());
  if (v.IsReal()) return v.real();
  return std::nullopt;
}

std::optional<std::string> String(const Value& v) {
  if (v.IsString()) return std::string(v.string());
  return std::nullopt;
}

// ---- the scenario as check.py reads it (independently of the negotiator)

// check.py's view of a scenario folder: the slots (holder, weight, running
// job) and the idle jobs' submitters.
struct ScenarioFiles {
  struct Slot {
    std::optional<std::string> holder;  // AccountingGroup or RemoteUser of a claimed slot
    double weight = 1;
    std::optional<std::string> job;  // JobId of a claimed slot
  };
  std::map<std::string, Slot> slots;  // by Name
  std::vector<std::string> slot_order;
  std::map<std::string, std::string> job_submitter;  // "cluster.proc" -> submitter
};

// ACCOUNTING_DOMAIN, else UID_DOMAIN, of the folder's configuration, read
// line by line as check.py does; "example.org" when neither is set.
std::string Domain(const std::string& config_text) {
  std::map<std::string, std::string> values;
  size_t start = 0;
  while (start < config_text.size()) {
    size_t end = config_text.find('\n', start);
    if (end == std::string::npos) end = config_text.size();
    std::string line = config_text.substr(start, end - start);
    start = end + 1;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    auto trim = [](std::string s) {
      const size_t a = s.find_first_not_of(" \t\r");
      const size_t b = s.find_last_not_of(" \t\r");
      return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
    };
    std::string key = trim(line.substr(0, eq));
    for (char& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    values[key] = trim(line.substr(eq + 1));
  }
  for (const char* key : {"ACCOUNTING_DOMAIN", "UID_DOMAIN"}) {
    auto it = values.find(key);
    if (it != values.end() && !it->second.empty()) return it->second;
  }
  return "example.org";
}

ScenarioFiles ReadScenarioFiles(const fs::path& dir, const std::string& config_text) {
  ScenarioFiles out;
  auto slots = classad::ReadAdsFromFile((dir / "slots.ads").string());
  EXPECT_TRUE(slots.ok()) << slots.status().ToString();
  if (slots.ok()) {
    for (const std::shared_ptr<ClassAd>& ad : *slots) {
      std::string name;
      if (!classad::EvaluateAttrString(*ad, "Name", &name)) continue;
      ScenarioFiles::Slot slot;
      std::string state;
      classad::EvaluateAttrString(*ad, "State", &state);
      state = Lower(state);
      if (state == "claimed" || state == "preempting") {
        std::string user;
        if (classad::EvaluateAttrString(*ad, "AccountingGroup", &user) ||
            classad::EvaluateAttrString(*ad, "RemoteUser", &user)) {
          slot.holder = user;
        }
        std::string job;
        if (classad::EvaluateAttrString(*ad, "JobId", &job)) slot.job = job;
      }
      double weight = 0;
      if (classad::EvaluateAttrNumber(*ad, "SlotWeight", &weight) ||
          classad::EvaluateAttrNumber(*ad, "Cpus", &weight)) {
        slot.weight = weight;
      }
      out.slot_order.push_back(name);
      out.slots[name] = std::move(slot);
    }
  }
  const std::string domain = Domain(config_text);
  auto jobs = classad::ReadAdsFromFile((dir / "jobs.ads").string());
  EXPECT_TRUE(jobs.ok()) << jobs.status().ToString();
  if (jobs.ok()) {
    for (const std::shared_ptr<ClassAd>& ad : *jobs) {
      double cluster = 0, proc = 0;
      classad::EvaluateAttrNumber(*ad, "ClusterId", &cluster);
      classad::EvaluateAttrNumber(*ad, "ProcId", &proc);
      const std::string id = std::to_string(static_cast<int64_t>(cluster)) + "." +
                             std::to_string(static_cast<int64_t>(proc));
      std::string user, owner, group, acct_group, acct_user;
      if (!classad::EvaluateAttrString(*ad, "User", &user)) {
        classad::EvaluateAttrString(*ad, "Owner", &owner);
        user = owner + "@" + domain;
      }
      if (!classad::EvaluateAttrString(*ad, "AccountingGroup", &group) &&
          classad::EvaluateAttrString(*ad, "AcctGroup", &acct_group)) {
        if (!classad::EvaluateAttrString(*ad, "AcctGroupUser", &acct_user)) {
          classad::EvaluateAttrString(*ad, "Owner", &acct_user);
        }
        group = acct_group + "." + acct_user;
      }
      if (!group.empty()) {
        const size_t at = user.rfind('@');
        out.job_submitter[id] = group + "@" + (at == std::string::npos ? user : user.substr(at + 1));
      } else {
        out.job_submitter[id] = user;
      }
    }
  }
  return out;
}

// ---- the checker (check.py's `check`, ported)

// One match as check.py reads a result.
struct ResultMatch {
  int cycle = 1;
  std::string job;
  std::string slot;
  std::string submitter;
  std::string group;
  bool preempted = false;
};

// Every difference between `matches` (with `reported_preemptions`, the sum
// of the cycles' counts) and `expected`, as check.py words them.
std::vector<std::string> Check(const std::vector<ResultMatch>& matches,
                               int64_t reported_preemptions, const ClassAd& expected,
                               const ScenarioFiles& scen) {
  std::vector<std::string> errors;
  std::map<std::string, std::string> group_of;  // lower-cased submitter -> expected group
  std::set<std::string> listed;                 // lower-cased submitters of expected.json
  for (const auto& [name, spec] : Members(expected, "submitters")) {
    listed.insert(Lower(name));
    if (spec.IsAd()) {
      if (auto g = String(Get(spec.ad(), "group"))) group_of[Lower(name)] = *g;
    }
  }
  int64_t cycles = 1;
  if (auto n = Number(Get(expected, "cycles"))) cycles = static_cast<int64_t>(*n);
  for (const ResultMatch& m : matches) {
    if (m.cycle > cycles) {
      errors.push_back("result has matches in cycle " + std::to_string(m.cycle) +
                       " but the scenario runs " + std::to_string(cycles) + " cycle(s)");
      break;
    }
  }

  std::map<std::string, std::optional<std::string>> holder;
  std::map<std::string, std::optional<std::string>> running_job;
  for (const auto& [name, slot] : scen.slots) {
    holder[name] = slot.holder;
    if (slot.holder) running_job[name] = slot.job;
  }
  std::map<std::string, std::string> job_on;         // job -> slot, for jobs the result started
  std::map<std::string, std::string> victim_owner;   // preempted job -> its submitter
  std::map<std::string, int64_t> new_matches;        // lower-cased submitter -> matches
  std::map<std::string, int64_t> preempted_from;     // lower-cased victim -> slots taken
  std::map<std::pair<int, std::string>, std::string> seen_slot, seen_job;
  int64_t flagged = 0;

  for (const ResultMatch& m : matches) {
    const std::string where =
        "match " + m.job + " -> " + m.slot + " (cycle " + std::to_string(m.cycle) + ")";
    if (!scen.slots.count(m.slot)) {
      errors.push_back(where + ": no such slot in slots.ads");
      continue;
    }
    std::string sub;
    if (auto it = scen.job_submitter.find(m.job); it != scen.job_submitter.end()) {
      sub = it->second;
    } else if (auto v = victim_owner.find(m.job); v != victim_owner.end()) {
      sub = v->second;
    } else {
      errors.push_back(where + ": job is neither an idle job of jobs.ads nor a job preempted earlier");
      continue;
    }
    if (auto it = seen_slot.find({m.cycle, m.slot}); it != seen_slot.end()) {
      errors.push_back(where + ": slot already matched in this cycle (to " + it->second + ")");
    }
    if (auto it = seen_job.find({m.cycle, m.job}); it != seen_job.end()) {
      errors.push_back(where + ": job already matched in this cycle (to " + it->second + ")");
    }
    seen_slot[{m.cycle, m.slot}] = m.job;
    seen_job[{m.cycle, m.job}] = m.slot;
    if (auto it = job_on.find(m.job); it != job_on.end()) {
      errors.push_back(where + ": job is already running on " + it->second);
    }
    if (!m.submitter.empty() && Lower(m.submitter) != Lower(sub)) {
      errors.push_back(where + ": submitter '" + m.submitter + "', but the job ad gives '" + sub +
                       "'");
    }
    if (auto g = group_of.find(Lower(sub));
        g != group_of.end() && !m.group.empty() && Lower(m.group) != Lower(g->second)) {
      errors.push_back(where + ": group '" + m.group + "', expected '" + g->second + "'");
    }
    const std::optional<std::string> prev = holder[m.slot];
    const bool was_claimed = prev.has_value();
    if (m.preempted != was_claimed) {
      errors.push_back(where + ": preempted=" + (m.preempted ? "true" : "false") +
                       " but the slot was " + (was_claimed ? "claimed by " + *prev : "unclaimed"));
    }
    if (was_claimed) {
      ++flagged;
      preempted_from[Lower(*prev)] += 1;
      const std::optional<std::string> victim = running_job[m.slot];
      if (victim) {
        if (auto it = job_on.find(*victim); it != job_on.end() && it->second == m.slot) {
          job_on.erase(it);
        }
        victim_owner[*victim] = *prev;
      }
    }
    holder[m.slot] = sub;
    running_job[m.slot] = m.job;
    job_on[m.job] = m.slot;
    new_matches[Lower(sub)] += 1;
  }

  if (reported_preemptions != flagged) {
    errors.push_back("result says " + std::to_string(reported_preemptions) +
                     " preemptions but flags " + std::to_string(flagged) +
                     " matches as preempted");
  }
  if (auto want = Number(Get(expected, "preemptions")); want && flagged != *want) {
    errors.push_back("preemptions: got " + std::to_string(flagged) + ", expected " +
                     std::to_string(static_cast<int64_t>(*want)));
  }

  std::map<std::string, int64_t> per_sub, per_group;
  std::map<std::string, double> weighted;
  for (const auto& [name, h] : holder) {
    if (!h) continue;
    const std::string key = Lower(*h);
    per_sub[key] += 1;
    weighted[key] += scen.slots.at(name).weight;
    auto g = group_of.find(key);
    per_group[g == group_of.end() ? "?(" + key + ")" : Lower(g->second)] += 1;
  }
  for (const auto& [name, spec] : Members(expected, "submitters")) {
    if (!spec.IsAd()) continue;
    const int64_t got = per_sub.count(Lower(name)) ? per_sub[Lower(name)] : 0;
    if (auto want = Number(Get(spec.ad(), "running")); want && got != *want) {
      errors.push_back("submitter " + name + ": running " + std::to_string(got) + ", expected " +
                       std::to_string(static_cast<int64_t>(*want)));
    }
    const int64_t got_new = new_matches.count(Lower(name)) ? new_matches[Lower(name)] : 0;
    if (auto want = Number(Get(spec.ad(), "new_matches")); want && got_new != *want) {
      errors.push_back("submitter " + name + ": " + std::to_string(got_new) +
                       " new matches, expected " + std::to_string(static_cast<int64_t>(*want)));
    }
  }
  for (const auto& [sub, n] : per_sub) {
    if (!listed.count(sub)) {
      errors.push_back("submitter " + sub + " runs " + std::to_string(n) +
                       " slot(s) but the scenario expects it to run none");
    }
  }
  for (const auto& [group, want] : Members(expected, "groups")) {
    const int64_t got = per_group.count(Lower(group)) ? per_group[Lower(group)] : 0;
    if (auto n = Number(want); n && got != *n) {
      errors.push_back("group " + group + ": running " + std::to_string(got) + ", expected " +
                       std::to_string(static_cast<int64_t>(*n)));
    }
  }
  int64_t total = 0, idle = 0;
  for (const auto& [sub, n] : per_sub) total += n;
  for (const auto& [name, h] : holder) idle += h ? 0 : 1;
  if (auto want = Number(Get(expected, "total_running")); want && total != *want) {
    errors.push_back("total running " + std::to_string(total) + ", expected " +
                     std::to_string(static_cast<int64_t>(*want)));
  }
  if (auto want = Number(Get(expected, "idle_slots")); want && idle != *want) {
    errors.push_back("unclaimed slots " + std::to_string(idle) + ", expected " +
                     std::to_string(static_cast<int64_t>(*want)));
  }
  std::set<std::string> expected_victims;
  for (const auto& [victim, want] : Members(expected, "preempted_from")) {
    expected_victims.insert(Lower(victim));
    const int64_t got = preempted_from.count(Lower(victim)) ? preempted_from[Lower(victim)] : 0;
    if (auto n = Number(want); n && got != *n) {
      errors.push_back("slots preempted from " + victim + ": " + std::to_string(got) +
                       ", expected " + std::to_string(static_cast<int64_t>(*n)));
    }
  }
  for (const auto& [victim, n] : preempted_from) {
    if (!expected_victims.count(victim)) {
      errors.push_back("slots preempted from " + victim + ": " + std::to_string(n) +
                       ", expected none");
    }
  }
  for (const auto& [slot, want] : Members(expected, "slots")) {
    auto it = holder.find(slot);
    if (it == holder.end()) {
      errors.push_back("expected.json names unknown slot " + slot);
      continue;
    }
    const std::string got = it->second.value_or("");
    const std::string wanted = String(want).value_or("");
    if (Lower(got) != Lower(wanted)) {
      errors.push_back("slot " + slot + ": held by " + (got.empty() ? "nobody" : got) +
                       ", expected " + (wanted.empty() ? "nobody" : wanted));
    }
  }
  for (const auto& [job, want] : Members(expected, "jobs")) {
    auto it = job_on.find(job);
    const std::string got = it == job_on.end() ? "" : it->second;
    const std::string wanted = String(want).value_or("");
    if (got != wanted) {
      errors.push_back("job " + job + ": on " + (got.empty() ? "no slot (idle)" : got) +
                       ", expected " + (wanted.empty() ? "no slot (idle)" : wanted));
    }
  }
  for (const auto& [sub, want] : Members(expected, "slot_sets")) {
    std::vector<std::string> wanted;
    if (want.IsList()) {
      for (const classad::ExprPtr& e : want.list()) {
        if (auto s = String(classad::EvaluateExpr(*e, nullptr, nullptr))) wanted.push_back(*s);
      }
    }
    std::vector<std::string> got;
    for (const auto& [name, h] : holder) {
      const std::optional<std::string>& before = scen.slots.at(name).holder;
      if (h && Lower(*h) == Lower(sub) && before != h) got.push_back(name);
    }
    std::sort(wanted.begin(), wanted.end());
    std::sort(got.begin(), got.end());
    if (wanted != got) {
      auto join = [](const std::vector<std::string>& v) {
        std::string s = "[";
        for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
        return s + "]";
      };
      errors.push_back("slots newly held by " + sub + ": " + join(got) + ", expected " +
                       join(wanted));
    }
  }
  for (const auto& [sub, want] : Members(expected, "weighted")) {
    const double got = weighted.count(Lower(sub)) ? weighted[Lower(sub)] : 0.0;
    if (auto n = Number(want); n && std::fabs(got - *n) > 1e-9) {
      errors.push_back("weighted slots held by " + sub + ": " + std::to_string(got) +
                       ", expected " + std::to_string(*n));
    }
  }
  return errors;
}

// ---- running a scenario on our negotiator

// The accountant's clock: accountant.json's "now", else kDefaultNow.
int64_t ScenarioNow(const ClassAd* accountant) {
  if (accountant == nullptr) return kDefaultNow;
  auto now = Number(Get(*accountant, "now"));
  return now ? static_cast<int64_t>(*now) : kDefaultNow;
}

// Applies accountant.json's presets as condor_userprio -setfactor,
// -setprio, -setfloor and -setceiling do.
void ApplyPresets(const ClassAd& doc, Accountant& accountant) {
  for (const auto& [name, record] : Members(doc, "customers")) {
    ASSERT_TRUE(record.IsAd()) << name;
    const ClassAd& c = record.ad();
    if (auto factor = Number(Get(c, "factor"))) accountant.SetPriorityFactor(name, *factor);
    if (auto rup = Number(Get(c, "rup"))) accountant.SetPriority(name, *rup);
    if (auto floor = Number(Get(c, "floor")); floor && *floor != 0) {
      accountant.SetFloor(name, static_cast<int64_t>(*floor));
    }
    if (auto ceiling = Number(Get(c, "ceiling")); ceiling && *ceiling != -1) {
      accountant.SetCeiling(name, static_cast<int64_t>(*ceiling));
    }
  }
}

// The matches of every cycle of our negotiator on folder `dir`, with the
// cycles' preemption counts summed; test failures when it cannot run.
struct OurRun {
  std::vector<ResultMatch> matches;
  int64_t preemptions = 0;
};

// Job ads are held as `holding` says (the tools cut them).
void RunOurNegotiator(const fs::path& dir, int64_t cycles, OurRun* out,
                      AdHolding holding = AdHolding::kCut) {
  const std::string config_text = test_tools::Slurp((dir / "negotiator.config").string());
  ASSERT_FALSE(config_text.empty()) << dir / "negotiator.config";
  std::shared_ptr<const policy::Policy> policy =
      testing_util::MakePolicy(config_text + kReplayOverrides);

  Pool pool(policy, holding);
  classad::Status slots = pool.ReadSlots((dir / "slots.ads").string());
  ASSERT_TRUE(slots.ok()) << slots.ToString();
  classad::Status jobs = pool.ReadJobs((dir / "jobs.ads").string());
  ASSERT_TRUE(jobs.ok()) << jobs.ToString();
  if (fs::exists(dir / "running.ads")) {
    classad::Status running = pool.ReadJobs((dir / "running.ads").string());
    ASSERT_TRUE(running.ok()) << running.ToString();
  }

  std::shared_ptr<ClassAd> presets;
  if (fs::exists(dir / "accountant.json")) {
    presets = ReadJsonAd(dir / "accountant.json");
    ASSERT_NE(presets, nullptr);
  }
  const int64_t now = ScenarioNow(presets.get());
  Accountant accountant(policy);
  accountant.Initialize(now);
  if (presets) ApplyPresets(*presets, accountant);

  ASSERT_GE(cycles, 1);
  ASSERT_LE(cycles, 100);
  Negotiator negotiator(policy);
  for (int cycle = 1; cycle <= cycles; ++cycle) {
    classad::Result<CycleResult> result = negotiator.RunCycle(pool, accountant, now);
    ASSERT_TRUE(result.ok()) << "cycle " << cycle << ": " << result.status().ToString();
    out->preemptions += result->preemptions;
    for (const CycleMatch& m : result->matches) {
      out->matches.push_back(ResultMatch{cycle, m.job, m.slot, m.submitter, m.group,
                                         m.reason != PreemptState::kNone});
    }
    if (cycle < cycles) {
      classad::Status claimed = ApplyMatches(*result, now, &pool);
      ASSERT_TRUE(claimed.ok()) << claimed.ToString();
    }
  }
}

int64_t Cycles(const ClassAd& expected) {
  auto n = Number(Get(expected, "cycles"));
  return n ? static_cast<int64_t>(*n) : 1;
}

class ScenarioTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ScenarioTest, OurNegotiatorAgreesWithHTCondor) {
  const std::string name = GetParam();
  const fs::path dir = ScenarioRoot() / name;
  std::shared_ptr<ClassAd> expected = ReadJsonAd(dir / "expected.json");
  ASSERT_NE(expected, nullptr);
  OurRun run;
  ASSERT_NO_FATAL_FAILURE(RunOurNegotiator(dir, Cycles(*expected), &run));

  const std::string config_text = test_tools::Slurp((dir / "negotiator.config").string());
  const std::vector<std::string> errors =
      Check(run.matches, run.preemptions, *expected, ReadScenarioFiles(dir, config_text));
  std::string report;
  for (const std::string& e : errors) report += "  - " + e + "\n";
  std::string why;
  classad::EvaluateAttrString(*expected, "why", &why);
  EXPECT_TRUE(errors.empty()) << name << " differs from HTCondor:\n"
                              << report << "  why: " << why;
}

// Job ads cut to what the pool reads (the tools' way) and whole ones
// decide alike, cycle after cycle.
TEST_P(ScenarioTest, CutJobAdsDecideAsWholeOnes) {
  const fs::path dir = ScenarioRoot() / GetParam();
  std::shared_ptr<ClassAd> expected = ReadJsonAd(dir / "expected.json");
  ASSERT_NE(expected, nullptr);
  OurRun cut, whole;
  ASSERT_NO_FATAL_FAILURE(RunOurNegotiator(dir, Cycles(*expected), &cut, AdHolding::kCut));
  ASSERT_NO_FATAL_FAILURE(RunOurNegotiator(dir, Cycles(*expected), &whole, AdHolding::kWhole));
  ASSERT_EQ(cut.matches.size(), whole.matches.size());
  for (size_t i = 0; i < cut.matches.size(); ++i) {
    const ResultMatch& a = cut.matches[i];
    const ResultMatch& b = whole.matches[i];
    EXPECT_TRUE(a.cycle == b.cycle && a.job == b.job && a.slot == b.slot &&
                a.submitter == b.submitter && a.group == b.group && a.preempted == b.preempted)
        << "match " << i << ": cut " << a.job << " -> " << a.slot << ", whole " << b.job
        << " -> " << b.slot;
  }
  EXPECT_EQ(cut.preemptions, whole.preemptions);
}

// accountant.userprio.json (what `negotiator cycle --accountant` reads)
// presets the same priorities as the replay's accountant.json.
TEST_P(ScenarioTest, UserprioPresetsAgreeWithReplayPresets) {
  const fs::path dir = ScenarioRoot() / GetParam();
  const bool replay = fs::exists(dir / "accountant.json");
  const bool ours = fs::exists(dir / "accountant.userprio.json");
  ASSERT_EQ(replay, ours) << "accountant.json and accountant.userprio.json go together";
  if (!replay) return;
  std::shared_ptr<ClassAd> presets = ReadJsonAd(dir / "accountant.json");
  ASSERT_NE(presets, nullptr);
  const std::string text = test_tools::Slurp((dir / "accountant.userprio.json").string());
  classad::Result<AccountantSnapshot> snapshot =
      ParseAccountantJson(text, (dir / "accountant.userprio.json").string());
  ASSERT_TRUE(snapshot.ok()) << snapshot.status().ToString();
  EXPECT_EQ(snapshot->last_update_time, ScenarioNow(presets.get()));
  std::map<std::string, const CustomerRecord*> records;
  for (const CustomerRecord& c : snapshot->customers) records[c.name] = &c;
  const auto customers = Members(*presets, "customers");
  EXPECT_EQ(records.size(), customers.size());
  for (const auto& [name, record] : customers) {
    ASSERT_TRUE(records.count(name)) << name;
    const CustomerRecord& c = *records[name];
    ASSERT_TRUE(record.IsAd());
    if (auto rup = Number(Get(record.ad(), "rup"))) {
      EXPECT_EQ(c.priority, *rup) << name;
    }
    if (auto factor = Number(Get(record.ad(), "factor"))) {
      EXPECT_EQ(c.priority_factor, *factor) << name;
    }
    if (auto floor = Number(Get(record.ad(), "floor"))) {
      EXPECT_EQ(c.floor, *floor) << name;
    }
    if (auto ceiling = Number(Get(record.ad(), "ceiling"))) {
      EXPECT_EQ(c.ceiling, *ceiling) << name;
    }
  }
}

// The ported checker notices each kind of difference: a run of
// 06a-rank-preemption checked against expectations that are all wrong.
TEST(ScenarioCheckTest, ReportsEveryKindOfDifference) {
  const fs::path dir = ScenarioRoot() / "06a-rank-preemption";
  ASSERT_TRUE(fs::exists(dir / "expected.json"));
  OurRun run;
  ASSERT_NO_FATAL_FAILURE(RunOurNegotiator(dir, 1, &run));
  const std::string config_text = test_tools::Slurp((dir / "negotiator.config").string());
  const ScenarioFiles files = ReadScenarioFiles(dir, config_text);
  auto parse = [](std::string_view json) {
    classad::AdReadOptions options;
    options.format = classad::AdFormat::kJson;
    auto ads = classad::ReadAdsFromString(json, options);
    EXPECT_TRUE(ads.ok()) << ads.status().ToString();
    return ads.ok() && ads->size() == 1 ? (*ads)[0] : std::make_shared<ClassAd>();
  };
  std::shared_ptr<ClassAd> right = ReadJsonAd(dir / "expected.json");
  ASSERT_NE(right, nullptr);
  EXPECT_TRUE(Check(run.matches, run.preemptions, *right, files).empty());

  std::shared_ptr<ClassAd> wrong = parse(R"({
    "submitters": {"alice@example.org": {"group": "g", "running": 2, "new_matches": 0}},
    "groups": {"<none>": 3}, "preemptions": 0, "preempted_from": {"carol@example.org": 1},
    "total_running": 1, "idle_slots": 1,
    "slots": {"slot2@node01.example.org": null, "slot9@node01.example.org": null},
    "jobs": {"602.0": null, "602.1": "slot2@node01.example.org"},
    "slot_sets": {"alice@example.org": []}, "weighted": {"alice@example.org": 2.5}})");
  const std::vector<std::string> errors = Check(run.matches, run.preemptions, *wrong, files);
  std::string all;
  for (const std::string& e : errors) all += e + "\n";
  for (const char* expected_error :
       {"group '<none>', expected 'g'", "submitter alice@example.org: running 1, expected 2",
        "submitter alice@example.org: 1 new matches, expected 0",
        "submitter bob@example.org runs 1 slot(s) but the scenario expects it to run none",
        "group <none>: running 0, expected 3", "preemptions: got 1, expected 0",
        "slots preempted from carol@example.org: 0, expected 1",
        "slots preempted from bob@example.org: 1, expected none", "total running 2, expected 1",
        "unclaimed slots 0, expected 1", "slot slot2@node01.example.org: held by bob@example.org",
        "expected.json names unknown slot slot9@node01.example.org",
        "job 602.0: on slot1@node01.example.org, expected no slot (idle)",
        "job 602.1: on no slot (idle), expected slot2@node01.example.org",
        "slots newly held by alice@example.org: [slot1@node01.example.org], expected []",
        "weighted slots held by alice@example.org: 1.000000, expected 2.500000"}) {
    EXPECT_NE(all.find(expected_error), std::string::npos) << expected_error << "\n" << all;
  }

  // A result that contradicts itself or the snapshot.
  std::vector<ResultMatch> bad = run.matches;
  ASSERT_EQ(bad.size(), 1u);
  bad.push_back(bad[0]);
  bad.push_back(ResultMatch{1, "999.0", "slot2@node01.example.org", "", "", false});
  bad.push_back(ResultMatch{1, "602.1", "slot7@node01.example.org", "", "", false});
  bad.push_back(ResultMatch{2, "602.1", "slot2@node01.example.org", "bob@example.org", "", false});
  const std::vector<std::string> bad_errors = Check(bad, 0, *right, files);
  all.clear();
  for (const std::string& e : bad_errors) all += e + "\n";
  for (const char* expected_error :
       {"result has matches in cycle 2 but the scenario runs 1 cycle(s)",
        "slot already matched in this cycle", "job already matched in this cycle",
        "job is already running on slot1@node01.example.org",
        "job is neither an idle job of jobs.ads nor a job preempted earlier",
        "no such slot in slots.ads", "submitter 'bob@example.org', but the job ad gives",
        "preempted=false but the slot was claimed by bob@example.org",
        "result says 0 preemptions but flags"}) {
    EXPECT_NE(all.find(expected_error), std::string::npos) << expected_error << "\n" << all;
  }
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string out = info.param;
  for (char& c : out) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Examples, ScenarioTest, ::testing::ValuesIn(ScenarioNames()), TestName);

// Every acceptance scenario of the issue (1-8) has at least one folder.
TEST(ScenarioFoldersTest, EveryAcceptanceScenarioHasAFolder) {
  std::set<int> numbers;
  for (const std::string& name : ScenarioNames()) {
    if (name.size() >= 2 && std::isdigit(static_cast<unsigned char>(name[0])) &&
        std::isdigit(static_cast<unsigned char>(name[1]))) {
      numbers.insert((name[0] - '0') * 10 + (name[1] - '0'));
    }
  }
  for (int n = 1; n <= 8; ++n) EXPECT_TRUE(numbers.count(n)) << "no folder for scenario " << n;
}

}  // namespace
}  // namespace negotiator
