// The quota-driven PREEMPTION_REQUIREMENTS of the published recipe, on top
// of a realistic base (UWCS's running-time guard and priority margin),
// evaluated with the ephemeral attributes bound as overlays: MY = a claimed
// pool slot, TARGET = a pool job (issue 13's figure).
//
// Usage: policy_bench POOL_DIR [seconds [CONDOR_CONFIG]]
//   POOL_DIR from gen_pool.py; the configuration defaults to the bundled
//   examples/policy/condor_config, whose PREEMPTION_REQUIREMENTS is the
//   recipe's clause appended ($(PREEMPTION_REQUIREMENTS) && ...) to the
//   UWCS-style base. The expression evaluated is the Policy's, as built
//   from that configuration.
//
// Prints evaluations per second (median of rounds) and heap allocations
// per evaluation, for:
//   overlay   the ads untouched, the attributes bound in overlays
//             (policy/ephemeral.h), one pair after another over the pool;
//   inserted  HTCondor's way: the attributes inserted into copies of the
//             ads (a copy of the request per request, as HTCondor's
//             negotiator makes; the slot ads changed once per cycle), then
//             evaluated;
// and the cost of binding (overlays) against inserting (copies) per
// request and per slot.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "classad/ad_io.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "policy/config_reader.h"
#include "policy/ephemeral.h"
#include "policy/policy.h"

// Every heap allocation of the process is counted, to show that an
// evaluation makes none. (g++ sees the standard allocator's inlined calls
// reach free() through these and warns of a mismatch that is not one: new
// is malloc here.)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
namespace {
std::atomic<uint64_t> g_allocations{0};
}  // namespace
void* operator new(size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

namespace {

using classad::ClassAd;
using classad::Value;

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Every ad of `path`, read with `options`.
std::vector<std::shared_ptr<ClassAd>> ReadAll(const std::string& path,
                                              const classad::AdReadOptions& options = {}) {
  std::vector<std::shared_ptr<ClassAd>> ads;
  auto reader = classad::AdReader::OpenFile(path, options);
  if (!reader.ok()) {
    std::fprintf(stderr, "policy_bench: %s\n", reader.status().ToString().c_str());
    std::exit(1);
  }
  std::shared_ptr<ClassAd> ad;
  while ((*reader)->Next(&ad)) ads.push_back(ad);
  if (!(*reader)->status().ok()) {
    std::fprintf(stderr, "policy_bench: %s\n", (*reader)->status().ToString().c_str());
    std::exit(1);
  }
  return ads;
}

std::string StringAttr(const ClassAd& ad, std::string_view name) {
  const Value v = classad::EvaluateAttr(ad, name, nullptr);
  return v.IsString() ? std::string(v.string()) : std::string();
}

// The group part of a submitter name "group.sub.user@domain" (as the
// accountant assigns it when every prefix is a configured group), or "".
std::string GroupOf(const std::string& submitter) {
  const std::string local = submitter.substr(0, submitter.rfind('@'));
  const size_t dot = local.rfind('.');
  return dot == std::string::npos ? std::string() : local.substr(0, dot);
}

struct Request {
  std::shared_ptr<ClassAd> job;
  std::string submitter;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: policy_bench POOL_DIR [seconds [CONDOR_CONFIG]]\n");
    return 2;
  }
  const std::string dir = argv[1];
  const double seconds = argc > 2 ? std::atof(argv[2]) : 1.0;
  const std::string config_path = argc > 3 ? argv[3] : "examples/policy/condor_config";
  policy::ConfigOptions config_options;
  config_options.environment = [] { return std::vector<std::pair<std::string, std::string>>(); };
  classad::Result<policy::Config> config = policy::ReadConfigFiles({config_path}, config_options);
  if (!config.ok()) {
    std::fprintf(stderr, "policy_bench: %s\n", config.status().ToString().c_str());
    return 1;
  }
  classad::Result<policy::Policy> built = policy::Policy::Build(*config);
  if (!built.ok()) {
    std::fprintf(stderr, "policy_bench: %s\n", built.status().ToString().c_str());
    return 1;
  }
  const policy::PolicyExpression& preemption = built->matching.preemption_requirements;
  if (!preemption.is_set()) {
    std::fprintf(stderr, "policy_bench: %s sets no PREEMPTION_REQUIREMENTS\n", config_path.c_str());
    return 1;
  }
  // The slot ads as a negotiator reads a large pool: into an arena, each
  // packed with the names the policy reads from it first (README).
  classad::AdReadOptions slot_options;
  slot_options.use_arena = true;
  for (const classad::Expr* load : preemption.expr->program().reads(classad::LoadSide::kMine)) {
    slot_options.store_first.push_back(load->name());
  }
  auto slots_all = ReadAll(dir + "/slots.ads", slot_options);
  auto jobs_all = ReadAll(dir + "/jobs.ads");

  // The claimed slots (preemption candidates) and up to 1,000 jobs.
  std::vector<std::shared_ptr<ClassAd>> slots;
  for (const auto& s : slots_all) {
    if (StringAttr(*s, "State") == "Claimed" && !StringAttr(*s, "RemoteUser").empty()) {
      slots.push_back(s);
    }
  }
  std::vector<Request> requests;
  for (const auto& j : jobs_all) {
    if (requests.size() == 1000) break;
    std::string user = StringAttr(*j, "AccountingGroup");
    if (user.empty()) user = StringAttr(*j, "Owner");
    requests.push_back({j, user + "@pool.example.org"});
  }
  if (slots.empty() || requests.empty()) {
    std::fprintf(stderr, "policy_bench: no claimed slot or no job in %s\n", dir.c_str());
    return 1;
  }

  // The accountant: every user and group with a priority, usage and quota.
  policy::StaticAccounting accounting;
  std::vector<std::string> users;
  for (const auto& r : requests) users.push_back(r.submitter);
  for (const auto& s : slots) users.push_back(StringAttr(*s, "RemoteUser"));
  std::sort(users.begin(), users.end());
  users.erase(std::unique(users.begin(), users.end()), users.end());
  for (size_t i = 0; i < users.size(); ++i) {
    accounting.SetUser(users[i], 500 + 137.0 * static_cast<double>(i % 23),
                       static_cast<double>(i % 40));
    const std::string group = GroupOf(users[i]);
    accounting.SetUserGroup(users[i], group.empty() ? "<none>" : group);
    accounting.SetGroup(group.empty() ? "<none>" : group, 20 + static_cast<double>(i % 7) * 10,
                        static_cast<double>(i % 50));
  }

  const classad::Expr& policy = *preemption.expr;
  classad::EvalOptions options;
  options.now = [] { return int64_t{1732000000}; };

  // ---- overlays: bind per request (job side) and per slot (slot side).
  const size_t n_slots = slots.size();
  std::vector<std::unique_ptr<policy::RemoteAttributes>> remote(n_slots);
  auto t0 = std::chrono::steady_clock::now();
  for (size_t i = 0; i < n_slots; ++i) {
    remote[i] = std::make_unique<policy::RemoteAttributes>();
    if (!remote[i]->Bind(*slots[i], accounting, {}).ok()) return 1;
  }
  const double bind_slots_us = SecondsSince(t0) * 1e6 / static_cast<double>(n_slots);
  policy::SubmitterAttributes submitter;
  t0 = std::chrono::steady_clock::now();
  for (int round = 0; round < 10; ++round) {
    for (const Request& r : requests) {
      submitter.Bind({r.submitter, accounting.UserPriority(r.submitter), GroupOf(r.submitter), false},
                     accounting);
    }
  }
  const double bind_request_us =
      SecondsSince(t0) * 1e6 / static_cast<double>(requests.size() * 10);

  // ---- HTCondor's way: copies with the attributes inserted.
  t0 = std::chrono::steady_clock::now();
  std::vector<std::shared_ptr<ClassAd>> inserted_slots(n_slots);
  for (size_t i = 0; i < n_slots; ++i) {
    inserted_slots[i] = std::make_shared<ClassAd>(*slots[i]);
    const classad::AttributeOverlay& o = remote[i]->overlay();
    for (size_t e = 0; e < o.size(); ++e) {
      const auto& entry = o.entry(e);
      if (!entry.present) continue;
      Value scratch;
      inserted_slots[i]->InsertValue(entry.name, *entry.Get(&scratch));
    }
  }
  const double insert_slots_us = SecondsSince(t0) * 1e6 / static_cast<double>(n_slots);
  std::vector<std::shared_ptr<ClassAd>> inserted_requests(requests.size());
  t0 = std::chrono::steady_clock::now();
  for (size_t i = 0; i < requests.size(); ++i) {
    const Request& r = requests[i];
    submitter.Bind({r.submitter, accounting.UserPriority(r.submitter), GroupOf(r.submitter), false},
                   accounting);
    inserted_requests[i] = std::make_shared<ClassAd>(*r.job);
    const classad::AttributeOverlay& o = submitter.overlay();
    for (size_t e = 0; e < o.size(); ++e) {
      const auto& entry = o.entry(e);
      if (entry.present) inserted_requests[i]->InsertValue(entry.name, entry.value);
    }
  }
  const double insert_request_us =
      SecondsSince(t0) * 1e6 / static_cast<double>(requests.size());

  // ---- evaluation rounds: each round evaluates request r against every
  // claimed slot, r after r, for `seconds`.
  auto run = [&](bool overlays, uint64_t* evaluations, uint64_t* allocations, uint64_t* trues) {
    *evaluations = 0;
    *trues = 0;
    uint64_t allocs = 0;
    const auto start = std::chrono::steady_clock::now();
    size_t r = 0;
    while (SecondsSince(start) < seconds) {
      const Request& request = requests[r % requests.size()];
      if (overlays) {
        submitter.Bind({request.submitter, accounting.UserPriority(request.submitter),
                        GroupOf(request.submitter), false},
                       accounting);
      }
      const ClassAd* job = overlays ? request.job.get() : inserted_requests[r % requests.size()].get();
      const uint64_t before = g_allocations.load(std::memory_order_relaxed);
      for (size_t i = 0; i < n_slots; ++i) {
        // Retarget the pair in place: MY = slot i, TARGET = the request.
        classad::MatchContext pair(overlays ? slots[i].get() : inserted_slots[i].get(), job);
        if (overlays) pair.SetOverlays(&remote[i]->overlay(), &submitter.overlay());
        classad::EvalContext eval(options, classad::BorrowScope(pair.my_scope()));
        const Value v = eval.Evaluate(policy);
        if (v.IsBoolean() && v.boolean()) ++*trues;
      }
      allocs += g_allocations.load(std::memory_order_relaxed) - before;
      *evaluations += n_slots;
      ++r;
    }
    *allocations = allocs;
    return SecondsSince(start);
  };

  // One pair, evaluated again and again: the evaluation's own cost, its
  // data in the caches.
  auto run_pair = [&](bool overlays) {
    const Request& request = requests[0];
    submitter.Bind({request.submitter, accounting.UserPriority(request.submitter),
                    GroupOf(request.submitter), false},
                   accounting);
    classad::MatchContext pair(overlays ? slots[0].get() : inserted_slots[0].get(),
                               overlays ? request.job.get() : inserted_requests[0].get());
    if (overlays) pair.SetOverlays(&remote[0]->overlay(), &submitter.overlay());
    classad::EvalContext eval(options, classad::BorrowScope(pair.my_scope()));
    uint64_t n = 0;
    const auto start = std::chrono::steady_clock::now();
    while (SecondsSince(start) < seconds / 2) {
      for (int i = 0; i < 1000; ++i) {
        eval.Restart();
        const Value v = eval.Evaluate(policy);
        n += v.IsBoolean();
      }
    }
    return static_cast<double>(n) / SecondsSince(start);
  };
  std::vector<double> pair_overlay, pair_inserted;
  for (int round = 0; round < 5; ++round) {
    pair_overlay.push_back(run_pair(true));
    pair_inserted.push_back(run_pair(false));
  }
  std::sort(pair_overlay.begin(), pair_overlay.end());
  std::sort(pair_inserted.begin(), pair_inserted.end());

  std::printf("policy_bench: %zu claimed slots x %zu requests, %zu users\n", n_slots,
              requests.size(), users.size());
  std::printf("PREEMPTION_REQUIREMENTS (%s, line %d) = %s\n", preemption.where.file.c_str(),
              preemption.where.line, preemption.text.c_str());
  std::vector<double> overlay_rates, inserted_rates;
  uint64_t trues_overlay = 0, trues_inserted = 0, allocs_overlay = 0, allocs_inserted = 0;
  uint64_t evals_overlay = 0, evals_inserted = 0, last_overlay = 1, last_inserted = 1;
  for (int round = 0; round < 5; ++round) {
    uint64_t n, a, t;
    double s = run(true, &n, &a, &t);
    overlay_rates.push_back(static_cast<double>(n) / s);
    evals_overlay += n, allocs_overlay += a, trues_overlay = t, last_overlay = n;
    s = run(false, &n, &a, &t);
    inserted_rates.push_back(static_cast<double>(n) / s);
    evals_inserted += n, allocs_inserted += a, trues_inserted = t, last_inserted = n;
  }
  std::sort(overlay_rates.begin(), overlay_rates.end());
  std::sort(inserted_rates.begin(), inserted_rates.end());
  std::printf("one pair, overlay:  %.2f M evaluations/s (median of 5; %.2f-%.2f)\n",
              pair_overlay[2] / 1e6, pair_overlay.front() / 1e6, pair_overlay.back() / 1e6);
  std::printf("one pair, inserted: %.2f M evaluations/s (median of 5; %.2f-%.2f)\n",
              pair_inserted[2] / 1e6, pair_inserted.front() / 1e6, pair_inserted.back() / 1e6);
  std::printf("every claimed slot, overlay:  %.2f M evaluations/s (median of 5; %.2f-%.2f), %.3f allocations/evaluation\n",
              overlay_rates[2] / 1e6, overlay_rates.front() / 1e6, overlay_rates.back() / 1e6,
              static_cast<double>(allocs_overlay) / static_cast<double>(evals_overlay));
  std::printf("every claimed slot, inserted: %.2f M evaluations/s (median of 5; %.2f-%.2f), %.3f allocations/evaluation\n",
              inserted_rates[2] / 1e6, inserted_rates.front() / 1e6, inserted_rates.back() / 1e6,
              static_cast<double>(allocs_inserted) / static_cast<double>(evals_inserted));
  std::printf("true in the last round: %.1f%% (overlay), %.1f%% (inserted)\n",
              100.0 * static_cast<double>(trues_overlay) / static_cast<double>(last_overlay),
              100.0 * static_cast<double>(trues_inserted) / static_cast<double>(last_inserted));
  std::printf("set-up per request: bind %.2f us, copy+insert %.2f us\n", bind_request_us,
              insert_request_us);
  std::printf("set-up per slot:    bind %.2f us, copy+insert %.2f us\n", bind_slots_us,
              insert_slots_us);

  // Both ways must decide alike, pair for pair.
  for (size_t r = 0; r < std::min<size_t>(requests.size(), 50); ++r) {
    const Request& request = requests[r];
    submitter.Bind({request.submitter, accounting.UserPriority(request.submitter),
                    GroupOf(request.submitter), false},
                   accounting);
    for (size_t i = 0; i < n_slots; ++i) {
      classad::MatchContext a(slots[i].get(), request.job.get());
      a.SetOverlays(&remote[i]->overlay(), &submitter.overlay());
      classad::EvalContext ea(options, classad::BorrowScope(a.my_scope()));
      classad::MatchContext b(inserted_slots[i].get(), inserted_requests[r].get());
      classad::EvalContext eb(options, classad::BorrowScope(b.my_scope()));
      const Value va = ea.Evaluate(policy), vb = eb.Evaluate(policy);
      if (va.type() != vb.type() || (va.IsBoolean() && va.boolean() != vb.boolean())) {
        std::fprintf(stderr, "policy_bench: overlay and inserted disagree (request %zu, slot %zu)\n",
                     r, i);
        return 1;
      }
    }
  }
  std::printf("overlay and inserted agree on %zu x %zu pairs\n",
              std::min<size_t>(requests.size(), 50), n_slots);
  return 0;
}
