// JobKeys (job_keys.h).
#include "negotiator/matching/job_keys.h"

#include <algorithm>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "classad/expression_reads.h"
#include "classad/unparse.h"
#include "policy/ephemeral.h"

namespace negotiator {
namespace {

// Slot expressions followed to find what a slot attribute reads from a job.
constexpr size_t kMaxFollowed = 4096;
// Walks remembered per set of starting names (a job of another shape is
// walked afresh, and not remembered, beyond it).
constexpr size_t kMaxWalksPerStart = 256;

}  // namespace

JobKeys::JobKeys(std::span<const classad::ClassAd* const> slot_shapes,
                 const classad::EvalOptions& options, bool remote_bound)
    : slot_shapes_(slot_shapes),
      by_value_options_(options),
      remote_bound_(remote_bound) {}

bool JobKeys::Append(const classad::ClassAd& job, std::set<std::string> job_names,
                     const std::set<std::string>& slot_names, std::string* key) {
  for (const std::string& s : slot_names) {
    if (!AddSlotReads(s, &job_names)) return false;
  }
  const Walk* walk = WalkFor(job, job_names);
  if (walk == nullptr) return false;
  for (const std::string& name : walk->own) texts_.Append(job, name, key);
  bool keepable = true;
  for (const std::string& name : walk->by_value) {
    key->append(name);
    key->append("=\x04");
    by_value_options_.Restart();
    classad::UnparseValueTo(classad::EvaluateExpr(job.Find(name).expr(), &job, nullptr,
                                                  by_value_options_.options()),
                            key);
    keepable = keepable && by_value_options_.keepable();
    key->push_back('\0');
  }
  if (!keepable) ++cycle_keys_;
  // An attribute named like a special name (`target`, `my`, ...) changes
  // what `TARGET.x` and the like resolve to in the job's own expressions,
  // which the names read do not show: such a job is keyed apart too.
  if (walk->opaque || job.has_special_names()) {
    // What it reads cannot be told from the texts: a key of this job's own.
    ++identity_keys_;
    key->append("\x05");
    key->append(std::to_string(reinterpret_cast<uintptr_t>(&job)));
  }
  return true;
}

const void* JobKeys::HeldBy(const classad::ClassAd& job, std::string_view name) {
  static constexpr char kLiteral = 0;
  const classad::AttrRef ref = job.Find(name);
  if (!ref) return nullptr;
  if (ref.is_literal()) return &kLiteral;
  return &ref.expr();
}

const JobKeys::Walk* JobKeys::WalkFor(const classad::ClassAd& job,
                                      const std::set<std::string>& job_names) {
  // The names, and what the job holds in each (the walk's first step).
  std::string start;
  for (const std::string& name : job_names) {
    start.append(name);
    start.push_back('\0');
    const void* held = HeldBy(job, name);
    start.append(reinterpret_cast<const char*>(&held), sizeof held);
  }
  std::vector<std::unique_ptr<Walk>>& known = walks_[start];
  for (const std::unique_ptr<Walk>& walk : known) {
    const bool same = std::all_of(walk->seen.begin(), walk->seen.end(), [&](const auto& held) {
      return HeldBy(job, held.first) == held.second;
    });
    if (same) return walk.get();
  }
  std::set<std::string> own, by_value, asked_of_slots, seen;
  bool opaque = false;  // a job expression reads more than the names it shows
  std::vector<std::string> pending(job_names.begin(), job_names.end());
  while (!pending.empty()) {
    std::string name = std::move(pending.back());
    pending.pop_back();
    if (own.contains(name) || by_value.contains(name)) continue;
    std::set<std::string> own_here, of_slot;
    bool complete = true;
    classad::FollowReads(job, name, &own_here, &of_slot, &complete);
    seen.insert(own_here.begin(), own_here.end());
    const bool named_only = std::all_of(own_here.begin(), own_here.end(), [&](const auto& n) {
      const classad::AttrRef r = job.Find(n);
      return !r || r.is_literal() || classad::ReadsOnlyNamedAttributes(r.expr());
    });
    opaque = opaque || !named_only;
    const classad::AttrRef ref = job.Find(name);
    const bool reads_slots = std::any_of(of_slot.begin(), of_slot.end(),
                                         [&](const std::string& s) { return AnySlotHas(s); });
    if (ref && !ref.is_literal() && !reads_slots && complete && named_only) {
      by_value.insert(name);
      continue;
    }
    own.insert(own_here.begin(), own_here.end());
    for (const std::string& s : of_slot) {
      if (!asked_of_slots.insert(s).second) continue;
      std::set<std::string> more;
      if (!AddSlotReads(s, &more)) return nullptr;
      for (const std::string& m : more) {
        if (!own.contains(m)) pending.push_back(m);
      }
    }
  }
  auto walk = std::make_unique<Walk>();
  walk->own.assign(own.begin(), own.end());
  for (const std::string& name : by_value) {
    if (!own.contains(name)) walk->by_value.push_back(name);
  }
  walk->opaque = opaque;
  for (const std::string& name : seen) walk->seen.emplace_back(name, HeldBy(job, name));
  // Jobs of many shapes: walked each time past this many.
  if (known.size() == kMaxWalksPerStart) return (scratch_ = std::move(walk)).get();
  known.push_back(std::move(walk));
  return known.back().get();
}

bool JobKeys::AppendForSlotExpression(const classad::ClassAd& job,
                                          const std::set<std::string>& mine,
                                          const std::set<std::string>& theirs, std::string* key) {
  std::set<std::string> job_names = theirs;
  job_names.insert(mine.begin(), mine.end());
  return Append(job, std::move(job_names), mine, key);
}

bool JobKeys::AddSlotReads(const std::string& name, std::set<std::string>* job_names) {
  auto it = slot_reads_.find(name);
  if (it == slot_reads_.end()) {
    std::set<std::string> reads;
    if (!FollowSlots(name, &reads)) return false;
    it = slot_reads_.emplace(name, std::move(reads)).first;
  }
  job_names->insert(it->second.begin(), it->second.end());
  return true;
}

bool JobKeys::AnySlotHas(const std::string& name) {
  auto [it, added] = any_slot_has_.emplace(name, false);
  if (added) {
    const policy::EphemeralAttributeInfo* info =
        remote_bound_ ? policy::FindEphemeralAttribute(name) : nullptr;
    if (info != nullptr && info->on_slot) {
      it->second = true;
    } else {
      for (const classad::ClassAd* slot : slot_shapes_) {
        if (slot->Find(name)) {
          it->second = true;
          break;
        }
      }
    }
  }
  return it->second;
}

bool JobKeys::FollowSlots(const std::string& start, std::set<std::string>* reads) {
  std::vector<std::string> pending = {start};
  std::unordered_set<std::string> seen;
  std::unordered_set<const classad::Expr*> followed;
  while (!pending.empty()) {
    std::string name = std::move(pending.back());
    pending.pop_back();
    if (!seen.insert(name).second) continue;
    reads->insert(name);
    for (const classad::ClassAd* slot : slot_shapes_) {
      const classad::AttrRef ref = slot->Find(name);
      if (!ref || ref.is_literal() || !followed.insert(&ref.expr()).second) continue;
      if (followed.size() > kMaxFollowed || !classad::ReadsOnlyNamedAttributes(ref.expr())) return false;
      std::set<std::string> mine, theirs;
      classad::NamesRead(ref.expr(), &mine, &theirs);
      reads->insert(theirs.begin(), theirs.end());
      for (const std::string& n : mine) pending.push_back(n);
    }
  }
  return true;
}

}  // namespace negotiator
