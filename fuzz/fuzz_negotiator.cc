// libFuzzer target: one negotiation cycle (negotiator/cycle.h) on a small
// fuzzed pool snapshot, and its text and JSON output.
//
// The input is up to four parts separated by lines holding only "%%":
//   1. a configuration text, read with ReadConfigText over the fuzz
//      targets' virtual files (config_fuzz_options.h) and built into a
//      Policy (a configuration that does not build ends the run: fuzz_lint
//      checks Build's errors);
//   2. slot ads, 3. job ads, each in any format the readers detect (old,
//      new, JSON), at most kMaxAds ads each; a reader error or a refused
//      ad keeps the ads read before it, as a snapshot cut short would;
//   4. optionally, the accountant as `userprio --export` writes it
//      (ParseAccountantJson; refused text means a fresh accountant).
// Each part is cut at kMaxPartBytes. The first line of the configuration
// may be "#flags N": bit 0 matches autoclusters on two threads, bit 1 runs
// a second cycle after the first's matches become claims (ApplyMatches,
// as `negotiator cycle --cycles 2` does), bit 2 lets 3600 s pass before it,
// bit 3 runs four cycles and changes the pool between them as a simulator
// does (claims end as completions or preemptions, idle jobs leave, a slot
// leaves, a job arrives again), the choices taken from the input's bytes,
// bit 4 runs the first cycle again on two pools that read the slot and
// job ads from files, one holding them whole and one cut to what it reads
// (AdHolding): both must make the same matches and find the same
// significant attributes.
//
// No input may crash, hang or trip a sanitizer. Besides, every cycle must
// make the same matches as a new negotiator with the matchmaker's
// shortcuts off (every expression pair by pair, nothing kept from earlier
// cycles), and the result must hold together: every match names a slot
// and an idle job of the pool, each slot and each job once; the
// accountant's state exports to JSON that reads back (it never stores a
// non-finite number); the text and JSON outputs are not empty; after
// every change the pool's state agrees with its ads
// (Pool::CheckConsistency).
#include <stdlib.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "classad/ad_io.h"
#include "classad/unparse.h"
#include "fuzz/config_fuzz_options.h"
#include "fuzz/fuzz_util.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/accountant/accountant_json.h"
#include "negotiator/autoclusters/autoclusters.h"
#include "negotiator/cycle.h"
#include "negotiator/cycle_output.h"
#include "negotiator/pool/pool.h"
#include "policy/config_reader.h"
#include "policy/policy.h"

namespace {

// At most this many slot ads and this many job ads are read.
constexpr size_t kMaxAds = 64;
// Each part of the input is cut at this many bytes.
constexpr size_t kMaxPartBytes = 4096;
// The clock of the first cycle.
constexpr int64_t kNow = 1700000000;

// Splits `input` at lines holding only "%%" (at most four parts).
std::vector<std::string_view> SplitParts(std::string_view input) {
  std::vector<std::string_view> parts;
  std::string_view rest = input;
  while (parts.size() < 3) {
    if (rest.substr(0, 3) == "%%\n") {  // an empty part
      parts.push_back(rest.substr(0, 0));
      rest.remove_prefix(3);
      continue;
    }
    const size_t at = rest.find("\n%%\n");
    if (at == std::string_view::npos) break;
    parts.push_back(rest.substr(0, at + 1));
    rest.remove_prefix(at + 4);
  }
  parts.push_back(rest);
  for (std::string_view& part : parts) part = part.substr(0, kMaxPartBytes);
  return parts;
}

// The flags of a first line "#flags N" (0 without one).
unsigned Flags(std::string_view config) {
  constexpr std::string_view kPrefix = "#flags ";
  if (config.substr(0, kPrefix.size()) != kPrefix) return 0;
  unsigned flags = 0;
  for (size_t i = kPrefix.size(); i < config.size() && i < kPrefix.size() + 3; ++i) {
    if (config[i] < '0' || config[i] > '9') break;
    flags = flags * 10 + static_cast<unsigned>(config[i] - '0');
  }
  return flags;
}

// Reads at most kMaxAds ads of `text` into `pool` (slots or jobs). Stops
// at the first reader error or refused ad.
void AddAds(std::string_view text, bool slots, negotiator::Pool* pool, std::string_view input) {
  classad::AdReader reader(text, slots ? "slots" : "jobs", classad::AdReadOptions());
  std::shared_ptr<classad::ClassAd> ad;
  for (size_t n = 0; n < kMaxAds && reader.Next(&ad); ++n) {
    const std::string where = (slots ? "slot ad " : "job ad ") + std::to_string(n + 1);
    classad::Status added =
        slots ? pool->AddSlot(ad, where).status() : pool->AddJob(ad, where).status();
    if (!added.ok()) {
      classad_fuzz::Check(!added.message().empty(), "a refused ad without a message",
                          input);
      return;
    }
  }
  if (!reader.status().ok()) {
    classad_fuzz::Check(!reader.status().message().empty(), "a reader error without a message",
                        input);
  }
}

// The matches of a cycle, one line each: job, slot, submitter, reason.
std::string MatchesText(const negotiator::CycleResult& result) {
  std::string out;
  for (const negotiator::CycleMatch& m : result.matches) {
    out += m.job + " " + m.slot + " " + m.submitter + " " + negotiator::PreemptStateName(m.reason) +
           "\n";
  }
  return out;
}

// The invariants of one cycle's result over `pool`.
void CheckResult(const negotiator::CycleResult& result, const negotiator::Pool& pool,
                 std::string_view input) {
  std::set<uint32_t> slots;
  std::set<uint32_t> jobs;
  int64_t preemptions = 0;
  for (const negotiator::CycleMatch& m : result.matches) {
    classad_fuzz::Check(m.slot_index < pool.slots().size(), "a match of no slot", input, m.slot);
    classad_fuzz::Check(m.job_index < pool.jobs().size(), "a match of no job", input, m.job);
    classad_fuzz::Check(pool.slots()[m.slot_index].present, "a match of a slot that left", input,
                        m.slot);
    classad_fuzz::Check(slots.insert(m.slot_index).second, "a slot matched twice", input, m.slot);
    classad_fuzz::Check(jobs.insert(m.job_index).second, "a job matched twice", input, m.job);
    classad_fuzz::Check(pool.jobs()[m.job_index].status == 1, "a job matched that is not idle",
                        input, m.job);
    classad_fuzz::Check(m.slot == pool.slots()[m.slot_index].name, "a match names another slot",
                        input, m.slot);
    if (m.reason != negotiator::PreemptState::kNone) ++preemptions;
  }
  classad_fuzz::Check(preemptions == result.preemptions, "the preemption count is off", input);
  classad_fuzz::Check(!negotiator::FormatCycleText(result).empty(), "empty text output", input);
  classad_fuzz::Check(!negotiator::FormatCycleJson(result).empty(), "empty JSON output", input);
}

// Changes `pool` between cycles as a simulator would, each choice taken
// from the next byte of `input` (cycling): claims end (the job done or
// preempted), idle jobs leave, one slot leaves, and a job that left
// arrives again as a new job. Every change must succeed, and the pool must
// stay consistent.
void ChangePool(negotiator::Pool* pool, std::string_view input, int64_t now, size_t* cursor) {
  auto next = [&]() -> unsigned {
    if (input.empty()) return 0;
    return static_cast<unsigned char>(input[(*cursor)++ % input.size()]);
  };
  auto must = [&](const classad::Status& s, const char* what) {
    classad_fuzz::Check(s.ok(), what, input, s.ok() ? std::string_view() : s.message());
  };
  std::shared_ptr<const classad::ClassAd> again;
  for (negotiator::SlotId i = 0; i < pool->slots().size(); ++i) {
    const negotiator::PoolSlot& slot = pool->slots()[i];
    if (!slot.present) continue;
    const bool claimed = slot.state == negotiator::SlotState::kClaimed ||
                         slot.state == negotiator::SlotState::kPreempting;
    const unsigned choice = next() % 4;
    if (claimed && choice == 1) {
      must(pool->EndClaim(i, negotiator::ClaimEnd::kJobDone, now), "EndClaim (done) failed");
    } else if (claimed && choice == 2) {
      must(pool->EndClaim(i, negotiator::ClaimEnd::kPreempted, now), "EndClaim (preempted) failed");
    }
  }
  for (negotiator::JobId j = 0; j < pool->jobs().size(); ++j) {
    const negotiator::PoolJob& job = pool->jobs()[j];
    if (!job.present || next() % 5 != 0) continue;
    if (again == nullptr) again = job.ad;
    must(pool->RemoveJob(j, now), "RemoveJob failed");
  }
  if (pool->present_slots() > 0 && next() % 3 == 0) {
    for (negotiator::SlotId i = 0; i < pool->slots().size(); ++i) {
      if (!pool->slots()[i].present) continue;
      must(pool->RemoveSlot(i, now), "RemoveSlot failed");
      break;
    }
  }
  if (again != nullptr) {
    classad::Result<std::optional<negotiator::JobId>> added = pool->AddJob(again, "again");
    classad_fuzz::Check(added.ok(), "a job that was in the pool is refused again", input);
  }
  const classad::Status consistent = pool->CheckConsistency();
  classad_fuzz::Check(consistent.ok(), "the pool's state disagrees with its ads", input,
                      consistent.ok() ? std::string_view() : consistent.message());
}

// Autoclusters kept across the pool's changes must be exactly those built
// afresh.
void CheckKeptAutoclusters(negotiator::AutoclusterKeeper* keeper, const negotiator::Pool& pool,
                           std::string_view input) {
  const negotiator::Autoclusters kept = keeper->Build(pool, 1);
  classad_fuzz::Check(kept == negotiator::BuildAutoclusters(pool, 1, &keeper->schedd()),
                      "kept autoclusters differ from fresh ones", input);
}

// The accountant's state must export to JSON that reads back.
void CheckAccountant(const negotiator::Accountant& accountant, std::string_view input) {
  const std::string json = negotiator::ExportAccountantJson(accountant.Snapshot());
  classad::Result<negotiator::AccountantSnapshot> back =
      negotiator::ParseAccountantJson(json, "export");
  classad_fuzz::Check(back.ok(), "the accountant's export does not read back", input,
                      back.ok() ? std::string_view() : back.status().message());
}

// The path of a file this process writes ads to (made once per `what`).
std::string MakeFilePath(const char* what) {
  const char* dir = getenv("TMPDIR");
  std::string pattern = std::string(dir != nullptr && *dir != '\0' ? dir : "/tmp") +
                        "/fuzz_negotiator_" + what + "_XXXXXX";
  const int fd = mkstemp(pattern.data());
  if (fd >= 0) close(fd);
  return fd >= 0 ? pattern : std::string();
}

// The first cycle on `pool`'s slot and job ads read from files, whole and
// cut: the same matches and significant attributes.
void CheckCutAds(const std::shared_ptr<const policy::Policy>& policy, const negotiator::Pool& pool,
                 const negotiator::Accountant& accountant, int64_t now, std::string_view input) {
  static const std::string job_path = MakeFilePath("jobs");
  static const std::string slot_path = MakeFilePath("slots");
  if (job_path.empty() || slot_path.empty()) return;
  {
    std::ofstream out(job_path, std::ios::binary | std::ios::trunc);
    for (const negotiator::PoolJob& job : pool.jobs()) {
      if (job.present) out << classad::UnparseAd(*job.ad) << "\n";
    }
  }
  {
    std::ofstream out(slot_path, std::ios::binary | std::ios::trunc);
    for (const negotiator::PoolSlot& slot : pool.slots()) {
      if (slot.present) out << classad::UnparseAd(*slot.ad) << "\n";
    }
  }
  std::string matches[2];
  for (int k = 0; k < 2; ++k) {
    negotiator::Pool read(policy,
                          k == 0 ? negotiator::AdHolding::kWhole : negotiator::AdHolding::kCut);
    // The cut pool reads as on several threads: it keeps copies of what
    // it read (classad/value_copier.h). What does not read back is
    // fuzz_ad_roundtrip's.
    negotiator::PoolOptions options;
    options.read_threads = k == 0 ? 1 : 2;
    if (!read.ReadSlots(slot_path, options).ok() || !read.ReadJobs(job_path, options).ok()) return;
    negotiator::Accountant copy(policy);
    copy.Restore(accountant.Snapshot());
    negotiator::Negotiator negotiator(policy, negotiator::NegotiatorOptions{.threads = 1});
    classad::Result<negotiator::CycleResult> result = negotiator.RunCycle(read, copy, now);
    if (!result.ok()) return;
    matches[k] = MatchesText(*result);
    for (const std::string& name : result->significant_attributes) matches[k] += name + ",";
  }
  classad_fuzz::Check(matches[0] == matches[1], "cut ads changed the matches", input,
                      matches[1] + "\n--- whole:\n" + matches[0]);
}

// The matches of a cycle on `pool` by a new negotiator with the
// matchmaker's shortcuts off, from a copy of `accountant`; nullopt when
// that cycle fails.
std::optional<std::string> PairwiseMatches(const std::shared_ptr<const policy::Policy>& policy,
                                           const negotiator::Pool& pool,
                                           const negotiator::Accountant& accountant,
                                           int64_t now) {
  negotiator::Accountant plain(policy);
  plain.Restore(accountant.Snapshot());
  negotiator::Negotiator pairwise(policy,
                                  negotiator::NegotiatorOptions{.threads = 1, .shortcuts = false});
  classad::Result<negotiator::CycleResult> result = pairwise.RunCycle(pool, plain, now);
  if (!result.ok()) return std::nullopt;
  return MatchesText(*result);
}

void FuzzNegotiator(std::string_view input) {
  const std::vector<std::string_view> parts = SplitParts(input);
  const std::string_view config_text = parts[0];
  const unsigned flags = Flags(config_text);

  classad::Result<policy::Config> config =
      policy::ReadConfigText(config_text, "fuzz.conf", classad_fuzz::FuzzOptions());
  if (!config.ok()) return;  // fuzz_config checks the reader's errors
  classad::Result<policy::Policy> built = policy::Policy::Build(*config);
  if (!built.ok()) return;  // fuzz_lint checks Build's errors
  auto policy = std::make_shared<const policy::Policy>(std::move(built).value());

  negotiator::Pool pool(policy);
  if (parts.size() > 1) AddAds(parts[1], /*slots=*/true, &pool, input);
  if (parts.size() > 2) AddAds(parts[2], /*slots=*/false, &pool, input);

  negotiator::Accountant accountant(policy);
  if (parts.size() > 3) {
    classad::Result<negotiator::AccountantSnapshot> snapshot =
        negotiator::ParseAccountantJson(parts[3], "accountant.json");
    if (snapshot.ok()) {
      accountant.Restore(std::move(snapshot).value());
      accountant.RecountUsage();
    } else {
      classad_fuzz::Check(!snapshot.status().message().empty(),
                          "an accountant error without a message", input);
    }
  }
  int64_t now = kNow;
  accountant.Initialize(now);

  if ((flags & 16) != 0) CheckCutAds(policy, pool, accountant, now, input);
  negotiator::Negotiator negotiator(
      policy, negotiator::NegotiatorOptions{.threads = (flags & 1) != 0 ? 2 : 1});
  const bool changes = (flags & 8) != 0;
  const int cycles = changes ? 4 : (flags & 2) != 0 ? 2 : 1;
  size_t cursor = 0;
  negotiator::AutoclusterKeeper keeper;
  for (int cycle = 1; cycle <= cycles; ++cycle) {
    // The same cycle with every expression evaluated pair by pair
    // (NegotiatorOptions::shortcuts off) by a negotiator that keeps
    // nothing from earlier cycles must make the very same matches: what
    // the kept negotiator carries between cycles (match tables, class
    // keys) changes no decision.
    const std::optional<std::string> plain_matches = PairwiseMatches(policy, pool, accountant, now);
    classad::Result<negotiator::CycleResult> result = negotiator.RunCycle(pool, accountant, now);
    if (!result.ok()) {
      classad_fuzz::Check(!result.status().message().empty(), "a failed cycle without a message",
                          input);
      return;
    }
    CheckResult(*result, pool, input);
    CheckAccountant(accountant, input);
    if (plain_matches) {
      classad_fuzz::Check(MatchesText(*result) == *plain_matches,
                          "the shortcuts changed the matches", input,
                          MatchesText(*result) + "\n--- pair by pair:\n" + *plain_matches);
    }
    if (cycle == cycles) break;
    // A claim a startd would refuse is skipped; any other error is a bug.
    const classad::Status claimed = negotiator::ApplyMatches(*result, now, &pool);
    classad_fuzz::Check(claimed.ok(), "the cycle's matches could not be claimed", input,
                        claimed.ok() ? std::string_view() : claimed.message());
    if ((flags & 4) != 0) now += 3600;
    if (changes) {
      ChangePool(&pool, input, now, &cursor);
      CheckKeptAutoclusters(&keeper, pool, input);
    }
  }
}

}  // namespace

// Entry point: the input is a snapshot, in parts (see the file comment).
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzNegotiator(classad_fuzz::AsText(data, size));
  return 0;
}
