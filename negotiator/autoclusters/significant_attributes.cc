// The significant attributes of autoclusters (significant_attributes.h).
#include "negotiator/autoclusters/significant_attributes.h"

#include <string_view>

#include "classad/value.h"
#include "policy/text_util.h"

namespace negotiator {
namespace {

using classad::References;

// The names every release's negotiator leaves out (matchmaker.cpp).
constexpr std::string_view kAlwaysLeftOut[] = {
    "CurrentTime",          "RemoteUserPrio",          "RemoteUserResourcesInUse",
    "RemoteGroupResourcesInUse", "SubmittorPrio",      "SubmitterUserPrio",
    "SubmitterUserResourcesInUse", "SubmitterGroupResourcesInUse",
};
// ... and those 25.5 and later leave out too.
constexpr std::string_view kLeftOutSince25_5[] = {
    "LastHeardFrom", "RemoteUser",  "RemoteOwner",       "RemoteUserFloor",
    "TotalJobRunTime", "MachineLastMatchTime", "JobCurrentStartDate", "JobState",
    "Mips",          "KFlops",      "SlotID",            "DSlotId",
    "PartitionableSlot", "DynamicSlot", "Offline",     "PelicanPluginVersion",
};

bool Contains(const std::vector<std::string>& list, std::string_view name) {
  for (const std::string& n : list) {
    if (policy::EqualsNoCase(n, name)) return true;
  }
  return false;
}

// The external references of one slot ad: of every attribute but lists
// (Child* and AvailableGPUs would pollute the list; a literal references
// nothing).
void SlotReferences(const classad::ClassAd& ad, References* refs) {
  for (size_t i = 0; i < ad.size(); ++i) {
    const classad::AttrRef ref = ad.at(i);
    if (ref.is_literal() || ref.expr().kind() == classad::ExprKind::kList) continue;
    classad::ExternalReferences(ad, ref.expr(), /*full_names=*/true, refs);
  }
}

}  // namespace

void SlotReferenceCache::Collect(const Pool& pool, References* refs) {
  // In slot order, as HTCondor walks them: a name keeps the spelling of
  // the first slot that references it.
  sets_.Collect(
      pool,
      [](const classad::ClassAd& ad) {
        References found;
        SlotReferences(ad, &found);
        return std::vector<std::string>(found.begin(), found.end());
      },
      [&](const std::vector<std::string>& names) { refs->insert(names.begin(), names.end()); });
}

std::vector<std::string> PublishedSignificantAttributes(const Pool& pool) {
  return PublishedSignificantAttributes(pool, nullptr);
}

std::vector<std::string> PublishedSignificantAttributes(const Pool& pool,
                                                        SlotReferenceCache* cache) {
  References refs;
  const PoolSlot* first = nullptr;
  for (const PoolSlot& slot : pool.slots()) {
    if (!slot.present) continue;
    first = &slot;
    break;
  }
  if (first == nullptr) return {};
  if (cache != nullptr) {
    cache->Collect(pool, &refs);
  } else {
    for (const PoolSlot& slot : pool.slots()) {
      if (slot.present) SlotReferences(*slot.ad, &refs);
    }
  }
  const policy::MatchPolicy& m = pool.policy().matching;
  // The policy expressions are read in a sample slot ad: the first, with
  // the job attributes a startd copies into slot ads set in it.
  classad::ClassAd sample = *first->ad;
  for (const std::string& name : m.startd_job_attrs) {
    sample.InsertValue(name, classad::Value::Boolean(true));
  }
  for (const policy::PolicyExpression* e :
       {&m.preemption_requirements, &m.preemption_rank, &m.pre_job_rank, &m.post_job_rank}) {
    if (e->is_set()) classad::ExternalReferences(sample, *e->expr, true, &refs);
  }
  if (m.job_constraint.is_set()) {
    const classad::ClassAd empty;
    classad::ExternalReferences(empty, *m.job_constraint.expr, true, &refs);
  }
  classad::TrimReferenceNames(&refs, /*external=*/true);

  const bool since25_5 =
      m.significant_attribute_rules == policy::SignificantAttributeRules::kSince25_5;
  for (std::string_view name : kAlwaysLeftOut) refs.erase(std::string(name));
  if (since25_5) {
    for (std::string_view name : kLeftOutSince25_5) refs.erase(std::string(name));
    for (const std::string& name : m.remove_significant_attributes) refs.erase(name);
  }
  std::vector<std::string> out;
  std::vector<std::string> groups;
  for (const std::string& name : refs) {
    if (since25_5 && m.remove_significant_attributes_regex != nullptr &&
        m.remove_significant_attributes_regex->Match(name, &groups)) {
      continue;
    }
    out.push_back(name);
  }
  return out;
}

bool ScheddSignificantAttributes::Update(const policy::MatchPolicy& matching,
                                         const std::vector<std::string>& published) {
  if (!matching.significant_attributes.empty()) {
    // From the configuration: exactly that list, replacing what was kept.
    const bool changed = !from_config_ || names_ != matching.significant_attributes;
    from_config_ = true;
    names_ = matching.significant_attributes;
    return changed;
  }
  bool changed = false;
  if (from_config_) {
    // SIGNIFICANT_ATTRIBUTES was removed: the slate is wiped.
    from_config_ = false;
    names_.clear();
    changed = true;
  }
  if (published.empty()) return changed;
  // The attributes the schedd always wants: Requirements, Rank,
  // ConcurrencyLimits, FlockTo, START_VANILLA_UNIVERSE's JOB.x, and
  // ADD_SIGNIFICANT_ATTRIBUTES, those not published appended (in
  // HTCondor's order), those REMOVE_SIGNIFICANT_ATTRIBUTES names dropped.
  References required = {"Requirements", "Rank", "ConcurrencyLimits", "FlockTo"};
  if (matching.start_vanilla_universe.is_set()) {
    classad::AttrRefsOfScope(*matching.start_vanilla_universe.expr, "JOB", &required);
  }
  for (const std::string& name : matching.add_significant_attributes) required.insert(name);
  for (const std::string& name : published) required.erase(name);
  std::vector<std::string> fresh;
  References banned;
  for (const std::string& name : matching.remove_significant_attributes) {
    if (required.erase(name) == 0) banned.insert(name);
  }
  for (const std::string& name : published) {
    if (!banned.contains(name)) fresh.push_back(name);
  }
  for (const std::string& name : required) fresh.push_back(name);

  if (names_.empty()) {
    names_ = std::move(fresh);
    return true;
  }
  // Merged into the kept list: names it lacks appended in order.
  for (std::string& name : fresh) {
    if (!Contains(names_, name)) {
      names_.push_back(std::move(name));
      changed = true;
    }
  }
  return changed;
}

std::vector<std::string> ExpandedNames(const classad::ClassAd& job,
                                       const std::vector<std::string>& names,
                                       classad::ReferenceTrace* trace) {
  References expanded;
  for (const std::string& name : names) {
    const uint64_t hash = classad::HashAttributeName(name);
    const classad::AttrRef ref = job.Find(name, hash);
    if (trace != nullptr) {
      trace->lookups.push_back({name, hash, static_cast<bool>(ref),
                                ref && !ref.is_literal() ? &ref.expr() : nullptr});
    }
    if (!ref || ref.is_literal()) continue;
    // Plain names the job lacks show up as external references, and so
    // does MY.x for an x it lacks; TARGET.x and other dotted names do not
    // count.
    classad::ExternalReferences(job, ref.expr(), /*full_names=*/true, &expanded, trace);
    std::erase_if(expanded, [](const std::string& n) { return n.find('.') != std::string::npos; });
    classad::InternalReferences(job, ref.expr(), &expanded, trace);
  }
  std::vector<std::string> out;
  for (const std::string& name : expanded) {
    if (!Contains(names, name)) out.push_back(name);
  }
  return out;
}

}  // namespace negotiator
