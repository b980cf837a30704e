// The ephemeral attributes: what HTCondor's negotiator inserts into the
// ads it evaluates policy with (§3.8 of the reference), bound here as
// overlays (classad/overlay.h) so that the ads are neither copied nor
// changed. Evaluate PREEMPTION_REQUIREMENTS, PREEMPTION_RANK and the
// pre/post job ranks in a classad::MatchContext whose overlays are
// RemoteAttributes (over the slot) and SubmitterAttributes (over the job).
#ifndef POLICY_EPHEMERAL_H_
#define POLICY_EPHEMERAL_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/classad.h"
#include "classad/overlay.h"
#include "classad/status.h"
#include "policy/accounting_view.h"

namespace policy {

// The attribute names (HTCondor's spelling).
inline constexpr std::string_view kSubmitterNegotiatingGroup = "SubmitterNegotiatingGroup";
inline constexpr std::string_view kSubmitterAutoregroup = "SubmitterAutoregroup";
inline constexpr std::string_view kSubmittorPrio = "SubmittorPrio";
inline constexpr std::string_view kSubmitterUserPrio = "SubmitterUserPrio";
inline constexpr std::string_view kSubmitterUserResourcesInUse = "SubmitterUserResourcesInUse";
inline constexpr std::string_view kSubmitterGroup = "SubmitterGroup";
inline constexpr std::string_view kSubmitterGroupResourcesInUse = "SubmitterGroupResourcesInUse";
inline constexpr std::string_view kSubmitterGroupQuota = "SubmitterGroupQuota";
inline constexpr std::string_view kRemoteUserPrio = "RemoteUserPrio";
inline constexpr std::string_view kRemoteUserResourcesInUse = "RemoteUserResourcesInUse";
inline constexpr std::string_view kRemoteGroup = "RemoteGroup";
inline constexpr std::string_view kRemoteGroupResourcesInUse = "RemoteGroupResourcesInUse";
inline constexpr std::string_view kRemoteGroupQuota = "RemoteGroupQuota";
inline constexpr std::string_view kRemoteNegotiatingGroup = "RemoteNegotiatingGroup";
inline constexpr std::string_view kRemoteAutoregroup = "RemoteAutoregroup";
inline constexpr std::string_view kCurrentRank = "CurrentRank";

// Which side of a match an ephemeral attribute is inserted on, and when.
struct EphemeralAttributeInfo {
  std::string_view name;
  bool on_slot;            // false: on the request (job) ad
  bool group_quotas_only;  // present only with group quotas (and the group in the quota map)
  bool needs_preemption;   // present only when NEGOTIATOR_CONSIDER_PREEMPTION is true
  bool claimed_only;       // present only on a slot that is claimed (has a remote user)
  bool live;               // computed when read (reads the accountant as the cycle goes)
  bool offer_only;         // set on the matched offer sent to the schedd, not while matching
};

// Every ephemeral attribute HTCondor's negotiator inserts (the table of
// §3.8; the Slot<N>_ cross-slot forms are described by their base names).
// For the linter and for documentation. Thread-safe.
const std::vector<EphemeralAttributeInfo>& EphemeralAttributes();
// The row for `name` (case-insensitive; a `<prefix><N>_` cross-slot form
// gives its base row), or null.
const EphemeralAttributeInfo* FindEphemeralAttribute(std::string_view name);

// What negotiate() knows about the submitter of the request it is
// matching (HTCondor's negotiate(), before matchmakingAlgorithm).
struct SubmitterContext {
  std::string_view submitter;          // the submitter name (accountant key)
  double priority = 0;                 // the submitter's EUP this spin
  // The group being negotiated: the group's name, or "<none>" for the root
  // (also when HTCondor passes a NULL name under autoregroup).
  std::string_view negotiating_group = "<none>";
  bool autoregroup = false;            // autoregroup is on for some group (the global flag)
};

// The job-side overlay: SubmitterNegotiatingGroup, SubmitterAutoregroup,
// SubmittorPrio, SubmitterUserPrio, SubmitterUserResourcesInUse (always),
// and SubmitterGroup, SubmitterGroupResourcesInUse, SubmitterGroupQuota
// (only when the accountant reports the submitter's group: group quotas
// on and the group in the quota map). Values are snapshots taken at Bind,
// as HTCondor assigns literals. Not thread-safe; one per thread.
class SubmitterAttributes {
 public:
  SubmitterAttributes();
  SubmitterAttributes(const SubmitterAttributes&) = delete;
  SubmitterAttributes& operator=(const SubmitterAttributes&) = delete;

  // Binds the attributes for a request of `submitter`, reading `accounting`
  // now. Allocates only for the group name.
  void Bind(const SubmitterContext& submitter, const AccountingView& accounting);
  // Makes every attribute absent (outside negotiation).
  void Clear() { overlay_.ClearAll(); }
  const classad::AttributeOverlay& overlay() const { return overlay_; }

 private:
  classad::AttributeOverlay overlay_;
  int negotiating_group_, autoregroup_, submittor_prio_, user_prio_, user_usage_;
  int group_, group_usage_, group_quota_;
};

// Options of the slot side, from the configuration.
struct RemoteAttributeOptions {
  // NEGOTIATOR_CONSIDER_PREEMPTION: without it nothing is inserted.
  bool consider_preemption = true;
  // NEGOTIATOR_CROSS_SLOT_PRIOS: also <prefix><N>_RemoteUserPrio ... for
  // every slot N of the machine (1..TotalSlots), from <prefix><N>_RemoteUser
  // and friends in the same ad.
  bool cross_slot_prios = false;
  // STARTD_RESOURCE_PREFIX.
  std::string resource_prefix = "slot";
  // The most slots (a slot ad's TotalSlots) whose cross-slot forms Bind
  // looks for: a hostile TotalSlots of billions would otherwise cost
  // billions of lookups per slot ad. Far above any real machine.
  int max_cross_slots = 4096;
};

// The rank a pending preemption of `slot` brings (its PreemptingRank, when
// a number), which stands in for the slot's CurrentRank while matching.
std::optional<double> PreemptingRankOf(const classad::ClassAd& slot);

struct MatchPolicy;  // policy.h

// The slot side's options as `matching` configures them
// (NEGOTIATOR_CONSIDER_PREEMPTION, NEGOTIATOR_CROSS_SLOT_PRIOS,
// STARTD_RESOURCE_PREFIX). Pure function.
RemoteAttributeOptions RemoteOptionsOf(const MatchPolicy& matching);

// The user whose claim `slot` carries, as the negotiator and the
// accountant find it: the first string among PreemptingAccountingGroup,
// PreemptingUser, AccountingGroup, RemoteUser; empty for an unclaimed
// slot. Pure function; the one place this order is written.
std::string RemoteUserOf(const classad::ClassAd& slot);

// The slot-side overlay (HTCondor's addRemoteUserPrios), for a claimed
// slot: RemoteUserPrio (the remote user's EUP as a float),
// RemoteUserResourcesInUse (live: the accountant's usage when read),
// RemoteGroup, RemoteGroupResourcesInUse (live), RemoteGroupQuota (group
// quotas on and the group in the quota map: absent on the first cycle
// after a start or reconfiguration, whose map is empty), CurrentRank
// replaced by PreemptingRank when the slot has one, and the cross-slot
// forms. The remote user is the first string of PreemptingAccountingGroup,
// PreemptingUser, AccountingGroup, RemoteUser. Nothing is bound for an
// unclaimed slot or when preemption is not considered. The accountant view
// is borrowed by the live entries: it must outlive the evaluations. Not
// thread-safe; one per slot being evaluated (or rebound per slot).
class RemoteAttributes {
 public:
  RemoteAttributes();
  RemoteAttributes(const RemoteAttributes&) = delete;
  RemoteAttributes& operator=(const RemoteAttributes&) = delete;

  // Binds the attributes for `slot`. Fails (kLimitExceeded) only with
  // cross-slot forms, when the slot's TotalSlots is above
  // options.max_cross_slots or the forms of a machine with very many
  // claimed slots do not fit in one overlay; the attributes bound so far
  // stay.
  classad::Status Bind(const classad::ClassAd& slot, const AccountingView& accounting,
                       const RemoteAttributeOptions& options);
  void Clear();
  // What Bind reads of `slot` under `options`, written to `*key`: slots
  // with the same key get the same attributes bound (the same remote
  // user, found or not, and the same PreemptingRank), so one binding may
  // serve them all. False when no key stands for the slot: the cross-slot
  // forms read the users of every slot of its machine.
  static bool BindingKey(const classad::ClassAd& slot, const RemoteAttributeOptions& options,
                         std::string* key);
  // Whether every attribute BindingKey reads of `slot` is a literal or
  // absent: its key is then the same for as long as the ad is, whatever
  // the clock (a caller may keep it between cycles). Thread-safe.
  static bool BindingKeyIsFixed(const classad::ClassAd& slot);
  const classad::AttributeOverlay& overlay() const { return overlay_; }
  // The remote user found by the last Bind (empty for an unclaimed slot).
  const std::string& remote_user() const { return remote_user_; }

 private:
  // What a live entry reads: the accountant and the user.
  struct Live {
    const AccountingView* accounting = nullptr;
    std::string user;
    std::string group;  // the user's group, as UserGroup named it when bound
  };
  static classad::Value UserUsage(const void* live);
  static classad::Value GroupUsage(const void* live);
  // Binds the attributes of one user under `prefix` ("" or "slot3_").
  bool BindUser(std::string_view prefix, std::string user, const AccountingView& accounting);
  int Entry(std::string_view prefix, std::string_view name);

  classad::AttributeOverlay overlay_;
  // One per user bound (stable addresses: the live entries point here).
  std::vector<std::unique_ptr<Live>> users_;
  size_t users_in_use_ = 0;
  std::string remote_user_;
  std::string scratch_;
};

// The attributes HTCondor sets on a matched offer before sending it to the
// schedd (matchmakingProtocol): RemoteGroup from the request's
// SubmitterGroup, RemoteNegotiatingGroup from SubmitterNegotiatingGroup,
// and no RemoteAutoregroup (HTCondor copies it from the offer's own,
// nonexistent SubmitterAutoregroup, so it is deleted — see
// docs/compatibility.md). `submitter` is the overlay bound for the request.
// Returns the (name, value) pairs to set on the slot that the match
// claims; a name with an undefined value is to be removed.
std::vector<std::pair<std::string, classad::Value>> MatchedOfferAttributes(
    const SubmitterAttributes& submitter);

}  // namespace policy

#endif  // POLICY_EPHEMERAL_H_
