// The significant attributes of autoclusters, as HTCondor's negotiator and
// schedd work them out together: the negotiator publishes the job
// attributes its slots and policy reference (matchmaker.cpp
// compute_significant_attrs), the schedd merges them into the list it
// keeps (autocluster.cpp AutoCluster::config), and two idle jobs share an
// autocluster when they agree on every name of that list and on what
// those names' expressions reference in the job (JobCluster::
// getClusterid with its references expanded).
#ifndef NEGOTIATOR_AUTOCLUSTERS_SIGNIFICANT_ATTRIBUTES_H_
#define NEGOTIATOR_AUTOCLUSTERS_SIGNIFICANT_ATTRIBUTES_H_

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "classad/classad.h"
#include "classad/references.h"
#include "negotiator/autoclusters/slot_name_sets.h"
#include "negotiator/pool/pool.h"
#include "policy/policy.h"

namespace negotiator {

// The names the negotiator publishes for `pool` (compute_significant_attrs):
// the external references of every attribute of every slot ad (list values
// left out), of PREEMPTION_REQUIREMENTS, PREEMPTION_RANK and
// NEGOTIATOR_PRE/POST_JOB_RANK in the first slot ad with STARTD_JOB_ATTRS,
// STARTD_JOB_EXPRS and SYSTEM_STARTD_JOB_ATTRS set in it, and of
// NEGOTIATOR_JOB_CONSTRAINT; trimmed (TARGET.x is x), less the names the
// release leaves out (policy::SignificantAttributeRules). In HTCondor's
// order (case-insensitive), each as first spelled. Empty when the pool has
// no slot. Thread-safe for a pool no one changes.
std::vector<std::string> PublishedSignificantAttributes(const Pool& pool);

// The external references of a pool's slot ads (the first part of what
// the negotiator publishes), kept by slot id while a slot's ad stays the
// same, so that a cycle after few changes walks only the new and changed
// ads. Not thread-safe.
class SlotReferenceCache {
 public:
  // Adds the references of every present slot of `pool` to `*refs`.
  void Collect(const Pool& pool, classad::References* refs);

 private:
  SlotNameSets sets_;
};

// PublishedSignificantAttributes, with the slots' references taken from
// `cache` (null: walked afresh).
std::vector<std::string> PublishedSignificantAttributes(const Pool& pool,
                                                        SlotReferenceCache* cache);

// The schedd's list of significant attributes, kept from one cycle to the
// next as a schedd keeps it. Not thread-safe.
class ScheddSignificantAttributes {
 public:
  // Takes the negotiator's `published` names for a cycle under `matching`
  // (AutoCluster::config): SIGNIFICANT_ATTRIBUTES when configured (the
  // list is then exactly that); otherwise `published` less
  // REMOVE_SIGNIFICANT_ATTRIBUTES, with Requirements, Rank,
  // ConcurrencyLimits, FlockTo, the JOB.x of START_VANILLA_UNIVERSE and
  // ADD_SIGNIFICANT_ATTRIBUTES appended when missing, merged into the list
  // kept (names not in it appended; an empty `published` changes nothing,
  // as the schedd is then not told anything). Returns whether the list
  // changed (the schedd then forgets its autoclusters).
  bool Update(const policy::MatchPolicy& matching, const std::vector<std::string>& published);

  // The list, in the schedd's order.
  const std::vector<std::string>& names() const { return names_; }

 private:
  std::vector<std::string> names_;
  bool from_config_ = false;
};

// The names a job's signature adds to significant attributes `names`
// (getClusterid, its references expanded): what the job's expressions for
// those names reference in the job, its internal references and the plain
// names it lacks, less `names` themselves; in HTCondor's order, as first
// spelled. Two jobs share an autocluster when they agree on every name of
// `names` and of this list, and have the same list. `trace` receives what
// the walks looked up (classad::ReferenceTrace), so that a caller may
// reuse the list for a job that gives the same answers.
std::vector<std::string> ExpandedNames(const classad::ClassAd& job,
                                       const std::vector<std::string>& names,
                                       classad::ReferenceTrace* trace);

}  // namespace negotiator

#endif  // NEGOTIATOR_AUTOCLUSTERS_SIGNIFICANT_ATTRIBUTES_H_
