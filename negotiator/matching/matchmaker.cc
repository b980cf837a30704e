// The matchmaker (matchmaker.h).
#include "negotiator/matching/matchmaker.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <unordered_set>
#include <tuple>

#include "classad/and_clauses.h"
#include "classad/expression_reads.h"
#include "classad/match.h"
#include "classad/unparse.h"
#include "classad/value.h"
#include "negotiator/matching/group_by_key.h"
#include "negotiator/matching/job_keys.h"
#include "negotiator/matching/remote_reads.h"
#include "negotiator/parallel.h"
#include "policy/concurrency_limits.h"
#include "policy/text_util.h"

namespace negotiator {
namespace {

using classad::ClassAd;
using classad::Value;

constexpr float kNoRank = -std::numeric_limits<float>::infinity();

// Evaluates `expr` with MY = `my`, TARGET = `target` and the overlays.
Value EvaluateIn(const classad::Expr& expr, const ClassAd* my, const ClassAd* target,
                 const classad::AttributeOverlay* my_overlay,
                 const classad::AttributeOverlay* target_overlay,
                 const classad::EvalOptions& options) {
  classad::MatchContext pair(my, target);
  pair.SetOverlays(my_overlay, target_overlay);
  classad::EvalContext eval(options, classad::BorrowScope(pair.my_scope()));
  return eval.Evaluate(expr);
}

// An attribute of `my` evaluated in the pair (undefined when absent).
Value EvaluateAttrIn(const ClassAd& my, std::string_view name, const ClassAd* target,
                     const classad::AttributeOverlay* my_overlay,
                     const classad::AttributeOverlay* target_overlay,
                     const classad::EvalOptions& options) {
  classad::AttrRef ref = my.Find(name);
  if (!ref) return Value::Undefined();
  if (ref.is_literal()) return ref.literal();
  return EvaluateIn(ref.expr(), &my, target, my_overlay, target_overlay, options);
}

// A rank policy expression (MY = slot, TARGET = job) cast to float;
// kNoRank when unset or not a number.
float PolicyRank(const policy::PolicyExpression& e, const ClassAd& slot, const ClassAd& job,
                 const classad::AttributeOverlay* slot_overlay,
                 const classad::AttributeOverlay* job_overlay,
                 const classad::EvalOptions& options) {
  if (!e.is_set()) return kNoRank;
  std::optional<double> v =
      classad::RankNumber(EvaluateIn(*e.expr, &slot, &job, slot_overlay, job_overlay, options));
  return v ? static_cast<float>(*v) : kNoRank;
}

// How many ways the match classes' jobs may look to a rank expression
// before it is evaluated per candidate instead of once per slot and way.
constexpr size_t kMaxRankTableKeys = 64;

}  // namespace

std::string Rejection::Reason() const {
  if (concurrency_limit) {
    std::string names;
    for (const std::string& n : limits) names += (names.empty() ? "" : ", ") + n;
    // A MatchList that ran out reports the names of its last request's
    // pops, which may be none.
    return names.empty() ? "concurrency limit reached" : "concurrency limit " + names + " reached";
  }
  if (preemption_policy) return "PREEMPTION_REQUIREMENTS == False";
  if (submitter_limit) return "submitter limit exceeded";
  return "no match found";
}

Matchmaker::Matchmaker(const Pool& pool, const Autoclusters& autoclusters,
                       const Accountant& accountant, std::vector<uint32_t> slots,
                       const MatchmakerOptions& options, const policy::AccountingView* remote_view,
                       MatchmakerMemory* memory)
    : pool_(pool),
      autoclusters_(autoclusters),
      accountant_(accountant),
      remote_view_(remote_view != nullptr ? *remote_view : accountant),
      policy_(pool.policy()),
      slots_(std::move(slots)),
      taken_(pool.slots().size(), 0),
      remaining_(slots_.size()),
      options_(options),
      eval_options_(options.eval),
      remote_options_(policy::RemoteOptionsOf(policy_.matching)) {
  memory_ = memory != nullptr ? memory : (own_memory_ = std::make_unique<MatchmakerMemory>()).get();
  memory_->shapes.Prune(pool);
  slot_shapes_ = memory_->shapes.Distinct(pool, slots_, &slot_shape_owners_);
  memory_->tables.BeginCycle(pool, slots_, slot_shape_owners_);
  memory_->remote_reads.BeginCycle();
  lists_.resize(autoclusters.class_representative.size());
  remote_.assign(pool.slots().size(), 0);
  remote_bound_.assign(pool.slots().size(), 0);
  remote_user_id_.assign(pool.slots().size(), 0);
  claim_code_of_slot_.assign(pool.slots().size(), kNotYetCoded);
  // The lists are per submitter when matching or ranking reads a request's
  // Submitter* attributes.
  for (const std::string& name : autoclusters.matching_names) {
    const policy::EphemeralAttributeInfo* info = policy::FindEphemeralAttribute(name);
    if (info != nullptr && !info->on_slot) per_submitter_ = true;
  }
  const policy::MatchPolicy& m = policy_.matching;
  for (const policy::PolicyExpression* e : {&m.pre_job_rank, &m.post_job_rank}) {
    if (!e->is_set()) continue;
    if (NamesEphemeral(*e->expr, /*on_slot=*/false)) per_submitter_ = true;
    if (NamesEphemeral(*e->expr, /*on_slot=*/true)) ranks_read_remote_ = true;
  }
  // HTCondor inserts the Remote* attributes into its copies of the
  // claimed slots' ads before it matches (addRemoteUserPrios): the job's
  // and the slot's Requirements and Rank see them as the policy ranks do.
  const RemoteReads remote_reads = MatchingRemoteReads();
  matching_reads_remote_ = remote_reads.any;
  matching_reads_live_ = remote_reads.live;
  if (matching_reads_remote_) ranks_read_remote_ = true;
  std::vector<uint32_t> claimed;
  for (uint32_t s : slots_) {
    if (!pool_.slots()[s].remote_user.empty()) claimed.push_back(s);
  }
  claimed_shapes_ = memory_->shapes.Distinct(pool_, claimed);
  SplitPreemptionRequirements();
  if (options_.shortcuts && m.preemption_rank.is_set() &&
      ReadingOf(*m.preemption_rank.expr) == Reading::kSlot) {
    preemption_rank_per_slot_ = true;
    preemption_rank_known_.assign(pool.slots().size(), 0);
    preemption_rank_.assign(pool.slots().size(), kNoRank);
  }
  // What claimed slots' ranks compare against, and (when the ranks read
  // them) their Remote* attributes, bound now so that PrepareAll's
  // threads only read them.
  current_rank_.assign(pool.slots().size(), 0.0);
  for (uint32_t s : slots_) {
    const PoolSlot& slot = pool_.slots()[s];
    if (slot.remote_user.empty()) continue;
    // Kept with the slot's ad unless the clock was read or a quirk noted.
    MatchTableCache::SlotReadings& readings = memory_->tables.ReadingsOf(s);
    if (!readings.current_rank_kept) {
      WatchedEvalOptions watched(eval_options_);
      readings.current_rank = RankForComparison(CurrentRankValue(*slot.ad, watched.options()));
      readings.current_rank_kept = watched.keepable();
    }
    current_rank_[s] = readings.current_rank;
    if (ranks_read_remote_) RemoteOverlay(s);
  }
  JobKeys readings(slot_shapes_, eval_options_, ranks_read_remote_);
  BuildRankTable(m.pre_job_rank, &readings, &pre_ranks_);
  BuildRankTable(m.post_job_rank, &readings, &post_ranks_);
}

RemoteReads Matchmaker::MatchingRemoteReads() {
  // Every expression of the classes' jobs and of the slots (one of each
  // shape holds them all; each ad's answer kept between cycles): a
  // superset of what matching reads (a slot's TARGET.x may read a job's x,
  // which may read a Remote* attribute it lacks).
  RemoteReads reads;
  RemoteReadsMemo& memo = memory_->remote_reads;
  for (uint32_t job : autoclusters_.class_representative) {
    reads.Add(memo.Of(pool_.jobs()[job].ad));
  }
  for (const std::shared_ptr<const ClassAd>& slot : slot_shape_owners_) reads.Add(memo.Of(slot));
  const policy::MatchPolicy& m = policy_.matching;
  for (const policy::PolicyExpression* e : {&m.pre_job_rank, &m.post_job_rank}) {
    if (e->is_set() && NamesEphemeral(*e->expr, /*on_slot=*/true, /*live_only=*/true)) {
      reads.live = true;
    }
  }
  return reads;
}

void Matchmaker::BuildRankTable(const policy::PolicyExpression& e, JobKeys* readings,
                                SlotRankTable* table) {
  table->active = false;
  // A live Remote* attribute changes as the cycle goes: evaluated per candidate.
  if (!e.is_set() || per_submitter_ || !options_.shortcuts || matching_reads_live_ ||
      !classad::ReadsOnlyNamedAttributes(*e.expr)) {
    return;
  }
  std::set<std::string> mine, theirs;
  classad::NamesRead(*e.expr, &mine, &theirs);
  // One key per distinct way the match classes' jobs look to it.
  const size_t classes = autoclusters_.class_representative.size();
  std::unordered_map<std::string, uint32_t> keys;
  std::vector<uint32_t> key_job;
  std::vector<const std::string*> key_text;  // by key, into `keys`
  const size_t identity_keys = readings->identity_keys();
  table->key_of_class.resize(classes);
  std::string key;
  for (size_t c = 0; c < classes; ++c) {
    const uint32_t job = autoclusters_.class_representative[c];
    const ClassAd& ad = *pool_.jobs()[job].ad;
    key.clear();
    if (!readings->AppendForSlotExpression(ad, mine, theirs, &key)) return;
    auto [it, added] = keys.emplace(key, static_cast<uint32_t>(key_job.size()));
    if (added) {
      if (key_job.size() == kMaxRankTableKeys) return;
      key_job.push_back(job);
      key_text.push_back(&it->first);
    }
    table->key_of_class[c] = it->second;
  }
  table->values.assign(key_job.size(), std::vector<float>(pool_.slots().size(), kNoRank));
  // Values kept from the last cycles for slots that did not change, unless
  // the ranks read the slots' Remote* attributes (bound afresh each cycle)
  // or a key is made of a job's identity.
  MatchTableCache& cache = memory_->tables;
  const bool cached = !ranks_read_remote_ && readings->identity_keys() == identity_keys;
  std::string prefix(1, 'P');  // the rows' keys: P, the expression, the job's key
  if (cached) {
    classad::UnparseTo(*e.expr, &prefix);
    prefix.push_back('\x03');
  }
  for (size_t k = 0; k < key_job.size(); ++k) {
    const ClassAd& job = *pool_.jobs()[key_job[k]].ad;
    MatchTableCache::Row* row =
        cached ? cache.RowFor(prefix + *key_text[k], MatchTableCache::Holds::kNumbers) : nullptr;
    WatchedEvalOptions watched(eval_options_);
    for (uint32_t s : slots_) {
      if (row != nullptr && cache.Fresh(*row, s)) {
        table->values[k][s] = static_cast<float>(row->values[s]);
        continue;
      }
      const PoolSlot& slot = pool_.slots()[s];
      const classad::AttributeOverlay* overlay =
          ranks_read_remote_ && !slot.remote_user.empty() ? BoundRemoteOverlay(s) : nullptr;
      table->values[k][s] = PolicyRank(e, *slot.ad, job, overlay, nullptr, watched.options());
      if (row != nullptr) row->SetValue(s, table->values[k][s]);
    }
    if (row != nullptr) cache.Filled(row, watched.keepable());
  }
  table->active = true;
}

namespace {

// Whether `e` reads nothing but the request: `request_side(name)` says
// for an unqualified name; TARGET.x is the job; MY.x, other selections,
// subscripts, nested ads and functions other than a few pure ones are not
// known to be (so the clause is left to the per-slot evaluation).
template <typename RequestSide>
bool ReadsOnlyRequest(const classad::Expr& e, const RequestSide& request_side) {
  using classad::ExprKind;
  switch (e.kind()) {
    case ExprKind::kLiteral:
      return true;
    case ExprKind::kAttribute:
      return !e.absolute() && e.name_class() == classad::NameClass::kOrdinary &&
             request_side(e.name());
    case ExprKind::kSelect:
      return e.child(0).kind() == ExprKind::kAttribute &&
             e.child(0).name_class() == classad::NameClass::kTarget;
    case ExprKind::kCall: {
      static constexpr std::string_view kPure[] = {
          "isundefined", "iserror", "ifthenelse", "isinteger", "isreal", "isstring", "isboolean"};
      const std::string name = policy::LowerAscii(e.name());
      if (std::find(std::begin(kPure), std::end(kPure), name) == std::end(kPure)) return false;
      break;
    }
    case ExprKind::kUnary:
    case ExprKind::kBinary:
    case ExprKind::kConditional:
    case ExprKind::kElvis:
    case ExprKind::kParens:
      break;
    default:
      return false;
  }
  for (const classad::ExprPtr& child : e.children()) {
    if (!ReadsOnlyRequest(*child, request_side)) return false;
  }
  return true;
}

// The names `e` reads: `MY.x` (`my`: from the slot only), unqualified
// names (`unqualified`: the slot's, else the job's) and `TARGET.x`
// (`target`), lower case.
void CollectSides(const classad::Expr& e, std::set<std::string>* my,
                  std::set<std::string>* unqualified, std::set<std::string>* target) {
  using classad::ExprKind;
  using classad::NameClass;
  if (e.kind() == ExprKind::kAttribute && !e.absolute() && e.name_class() == NameClass::kOrdinary) {
    unqualified->insert(policy::LowerAscii(e.name()));
    return;
  }
  if (e.kind() == ExprKind::kSelect && e.child(0).kind() == ExprKind::kAttribute &&
      !e.child(0).absolute()) {
    if (e.child(0).name_class() == NameClass::kMy) {
      my->insert(policy::LowerAscii(e.name()));
      return;
    }
    if (e.child(0).name_class() == NameClass::kTarget) {
      target->insert(policy::LowerAscii(e.name()));
      return;
    }
  }
  for (const classad::ExprPtr& child : e.children()) CollectSides(*child, my, unqualified, target);
}

// Whether `name` is one of the Remote* attributes bound from the slot's
// remote user alone (not a cross-slot form, not offered-only).
bool FromRemoteUser(const std::string& name) {
  const policy::EphemeralAttributeInfo* info = policy::FindEphemeralAttribute(name);
  return info != nullptr && info->on_slot && !info->offer_only &&
         policy::LowerAscii(info->name) == name;
}

}  // namespace

bool Matchmaker::NoIdleJobHas(const std::string& name) const {
  for (const PoolJob& job : pool_.jobs()) {
    if (job.status == 1 && job.ad->Find(name)) return false;
  }
  return true;
}

Matchmaker::Reading Matchmaker::ReadingOf(const classad::Expr& e) const {
  if (!classad::ReadsOnlyNamedAttributes(e)) return Reading::kPair;
  std::set<std::string> my, unqualified, target;
  CollectSides(e, &my, &unqualified, &target);
  bool reads_request = !target.empty();
  bool reads_slot = false;  // a literal attribute of the slot
  bool reads_live = false;
  // How the claimed slots hold an ordinary attribute: a literal in every
  // one, in none, a literal in some, or an expression in one at least.
  enum class Held { kEverywhere, kNowhere, kSome, kExpression };
  // Asked of one ad per shape of the claimed slots: a shape holds a name
  // as a literal, as an expression or not at all in each of its ads.
  auto held = [&](const std::string& name) {
    bool some = false, all = true;
    for (const ClassAd* shape : claimed_shapes_) {
      const classad::AttrRef ref = shape->Find(name);
      if (ref && !ref.is_literal()) return Held::kExpression;
      some = some || ref;
      all = all && ref;
    }
    return all ? Held::kEverywhere : some ? Held::kSome : Held::kNowhere;
  };
  for (const std::set<std::string>* names : {&my, &unqualified}) {
    const bool qualified = names == &my;
    for (const std::string& name : *names) {
      if (const policy::EphemeralAttributeInfo* info = policy::FindEphemeralAttribute(name)) {
        if (!info->on_slot) {
          reads_request = true;  // a Submitter* attribute
        } else if (FromRemoteUser(name)) {
          reads_live = reads_live || info->live;
        } else {
          return Reading::kPair;
        }
        continue;
      }
      // An unqualified name a slot lacks is the job's: undefined as well
      // when no idle job has it.
      switch (held(name)) {
        case Held::kEverywhere:
          reads_slot = true;
          break;
        case Held::kNowhere:
          if (!qualified && !NoIdleJobHas(name)) reads_request = true;
          break;
        case Held::kSome:
          if (!qualified && !NoIdleJobHas(name)) return Reading::kPair;  // some read the job's
          reads_slot = true;                                             // a literal, or undefined
          break;
        case Held::kExpression:
          return Reading::kPair;
      }
    }
  }
  if (!reads_request && !reads_live) return Reading::kSlot;
  if (!reads_slot) return Reading::kRemoteUser;
  return Reading::kPair;
}

void Matchmaker::SplitPreemptionRequirements() {
  const policy::PolicyExpression& pr = policy_.matching.preemption_requirements;
  if (!pr.is_set()) return;
  std::vector<const classad::Expr*> clauses;
  classad::SplitConjuncts(*pr.expr, {}, &clauses);
  if (clauses.size() < 2 && clauses[0]->kind() == classad::ExprKind::kLiteral) return;
  // An unqualified name reads the request when no slot of the pool has it
  // (asked of one ad per shape of its present slots) and it is not one of
  // the Remote* attributes bound on slots.
  std::vector<uint32_t> present;
  present.reserve(pool_.present_slots());
  for (uint32_t s = 0; s < pool_.slots().size(); ++s) {
    if (pool_.slots()[s].present) present.push_back(s);
  }
  const std::vector<const ClassAd*> pool_shapes = memory_->shapes.Distinct(pool_, present);
  std::unordered_map<std::string, bool> known;
  auto request_side = [&](const std::string& name) {
    const std::string key = policy::LowerAscii(name);
    auto it = known.find(key);
    if (it != known.end()) return it->second;
    const policy::EphemeralAttributeInfo* info = policy::FindEphemeralAttribute(name);
    bool request = info == nullptr || !info->on_slot;
    for (size_t i = 0; request && i < pool_shapes.size(); ++i) {
      if (pool_shapes[i]->Find(name)) request = false;
    }
    known.emplace(key, request);
    return request;
  };
  for (const classad::Expr* clause : clauses) {
    if (ReadsOnlyRequest(*clause, request_side)) {
      request_clauses_.push_back(clause);
      continue;
    }
    switch (clauses.size() >= 2 && options_.shortcuts ? ReadingOf(*clause) : Reading::kPair) {
      case Reading::kSlot:
        slot_clauses_.push_back(clause);
        break;
      case Reading::kRemoteUser:
        user_clauses_.push_back(clause);
        break;
      case Reading::kPair:
        pair_clauses_.push_back(clause);
        break;
    }
  }
  // With two clauses or more, the whole is true exactly when each clause
  // is (numbers counting as conditions); a single clause must be true
  // itself.
  pr_split_ = clauses.size() >= 2;
  slot_clauses_state_.assign(pool_.slots().size(), 0);
  // The slot clauses' result is kept with each slot's ad when they read no
  // Remote* attribute (bound afresh each cycle), directly or through an
  // expression of the slots or jobs; filed under these clauses (the split
  // may differ from cycle to cycle as the pool's shapes do).
  slot_clauses_kept_ = !slot_clauses_.empty() && !matching_reads_remote_;
  std::string key(1, '\x02');
  for (const classad::Expr* clause : slot_clauses_) {
    if (NamesEphemeral(*clause, /*on_slot=*/true)) slot_clauses_kept_ = false;
    key.append(reinterpret_cast<const char*>(&clause), sizeof clause);
  }
  if (slot_clauses_kept_) slot_clauses_number_ = memory_->tables.Number(key);
}

bool Matchmaker::RequestClausesHold(const MatchRequest& r) const {
  const ClassAd& job = *pool_.jobs()[r.AdJob()].ad;
  for (const classad::Expr* clause : request_clauses_) {
    const Value v =
        EvaluateIn(*clause, &empty_ad_, &job, nullptr, r.request_overlay, eval_options_);
    if (!(pr_split_ ? classad::IsTrueValue(v) : v.IsBoolean() && v.boolean())) return false;
  }
  return true;
}

bool Matchmaker::SlotClausesHold(uint32_t slot, const classad::AttributeOverlay* slot_overlay) {
  uint8_t& state = slot_clauses_state_[slot];
  if (state != 0) return state == 1;
  MatchTableCache::SlotReadings* readings =
      slot_clauses_kept_ ? &memory_->tables.ReadingsOf(slot) : nullptr;
  if (readings != nullptr && readings->slot_clauses == slot_clauses_number_) {
    state = readings->slot_clauses_hold ? 1 : 2;
    return state == 1;
  }
  state = 1;
  const ClassAd& slot_ad = *pool_.slots()[slot].ad;
  WatchedEvalOptions watched(eval_options_);
  for (const classad::Expr* clause : slot_clauses_) {
    const Value v =
        EvaluateIn(*clause, &slot_ad, &empty_ad_, slot_overlay, nullptr, watched.options());
    if (!classad::IsTrueValue(v)) state = 2;
  }
  // Kept unless the clock was read or a quirk noted (noted again next time).
  if (readings != nullptr && watched.keepable()) {
    readings->slot_clauses = slot_clauses_number_;
    readings->slot_clauses_hold = state == 1;
  }
  return state == 1;
}

bool Matchmaker::UserClausesHold(uint32_t slot, const ClassAd& job,
                                 const classad::AttributeOverlay* slot_overlay,
                                 const MatchRequest& r, uint64_t stamp) {
  if (user_clauses_.empty()) return true;
  const ClassAd& slot_ad = *pool_.slots()[slot].ad;
  auto all_hold = [&] {
    for (const classad::Expr* clause : user_clauses_) {
      const Value v =
          EvaluateIn(*clause, &slot_ad, &job, slot_overlay, r.request_overlay, eval_options_);
      if (!classad::IsTrueValue(v)) return false;
    }
    return true;
  };
  if (remote_bound_[slot] != 1) return all_hold();
  // Within one request (the accountant fixed) these clauses read the slot
  // only through its remote user.
  const uint32_t user = remote_user_id_[slot];
  if (user_memo_stamp_[user] != stamp) {
    user_memo_stamp_[user] = stamp;
    user_memo_[user] = all_hold() ? 1 : 0;
  }
  return user_memo_[user] != 0;
}

bool Matchmaker::PreemptionRequirementsHold(uint32_t slot, const ClassAd& job,
                                            const classad::AttributeOverlay* slot_overlay,
                                            const MatchRequest& r, uint64_t stamp) {
  const ClassAd& slot_ad = *pool_.slots()[slot].ad;
  if (!pr_split_) {
    const Value v = EvaluateIn(*policy_.matching.preemption_requirements.expr, &slot_ad, &job,
                               slot_overlay, r.request_overlay, eval_options_);
    return v.IsBoolean() && v.boolean();
  }
  // The request's clauses hold (the caller checked RequestClausesHold).
  if (!SlotClausesHold(slot, slot_overlay)) return false;
  if (!UserClausesHold(slot, job, slot_overlay, r, stamp)) return false;
  for (const classad::Expr* clause : pair_clauses_) {
    const Value v =
        EvaluateIn(*clause, &slot_ad, &job, slot_overlay, r.request_overlay, eval_options_);
    if (!classad::IsTrueValue(v)) return false;
  }
  return true;
}

void Matchmaker::Build(uint32_t match_class, const classad::AttributeOverlay* request_overlay,
                       CandidateList* out) const {
  const ClassAd& job = *pool_.jobs()[autoclusters_.class_representative[match_class]].ad;
  std::vector<const ClassAd*> ads;
  std::vector<uint32_t> index;
  std::vector<classad::MatchResult> results;
  const bool from_tables = request_overlay == nullptr && tables_ != nullptr && tables_->active();
  // The tables evaluate the slots' Rank without the Remote* overlay.
  const bool slot_ranks_from_tables =
      from_tables && tables_->slot_ranks_active() && !ranks_read_remote_;
  std::vector<uint32_t> positions;  // in slots_, with the tables
  bool sorted = false;              // taken in a shared order already
  std::vector<uint64_t> bits;       // with the tables: the positions that match
  if (from_tables) {
    // Clause by clause: the matching slots are known; only the ranks are
    // looked up.
    tables_->Matching(match_class, &bits);
    auto take = [&](size_t p) {
      const uint32_t s = slots_[p];
      if (taken_[s] != 0) return;
      index.push_back(s);
      positions.push_back(static_cast<uint32_t>(p));
      results.push_back(classad::MatchResult{true, tables_->JobRank(match_class, p)});
    };
    if (!order_of_class_.empty() && order_of_class_[match_class] != kNoOrder) {
      const std::vector<OrderEntry>& order = orders_[order_of_class_[match_class]];
      if (slot_ranks_from_tables) {
        // The order and the matching bits are the list (taken slots are
        // passed over as it is walked).
        out->Reset();
        out->order = &order;
        out->matching = std::move(bits);
        return;
      }
      for (const OrderEntry& e : order) {
        if ((bits[e.position / 64] >> (e.position % 64)) & 1) take(e.position);
      }
      sorted = true;
    } else {
      for (size_t w = 0; w < bits.size(); ++w) {
        for (uint64_t word = bits[w]; word != 0; word &= word - 1) {
          take(w * 64 + static_cast<size_t>(__builtin_ctzll(word)));
        }
      }
    }
  } else {
    ads.reserve(slots_.size());
    index.reserve(slots_.size());
    for (uint32_t s : slots_) {
      if (taken_[s] != 0) continue;
      ads.push_back(pool_.slots()[s].ad.get());
      index.push_back(s);
    }
    if (request_overlay == nullptr && !matching_reads_remote_) {
      classad::MatchKernel kernel(&job, eval_options_);
      kernel.Match(ads, &results);
    } else {
      // The request's Submitter* attributes or the slots' Remote* ones take
      // part: match pair by pair with them bound.
      results.resize(ads.size());
      for (size_t i = 0; i < ads.size(); ++i) {
        const classad::AttributeOverlay* slot_overlay =
            matching_reads_remote_ ? BoundRemoteOverlay(index[i]) : nullptr;
        const Value left = EvaluateAttrIn(job, "Requirements", ads[i], request_overlay,
                                          slot_overlay, eval_options_);
        if (!classad::IsTrueValue(left)) continue;
        const Value right = EvaluateAttrIn(*ads[i], "Requirements", &job, slot_overlay,
                                           request_overlay, eval_options_);
        if (!classad::IsTrueValue(right)) continue;
        results[i].matched = true;
        results[i].rank = classad::RankValue(EvaluateAttrIn(job, "Rank", ads[i], request_overlay,
                                                            slot_overlay, eval_options_));
      }
    }
  }
  out->Reset();
  for (size_t i = 0; i < index.size(); ++i) {
    if (!results[i].matched) continue;
    // Positions are known (and the slot's Rank tabled) with the tables only.
    out->candidates.push_back(MakeCandidate(match_class, index[i], from_tables ? positions[i] : 0,
                                            results[i].rank, request_overlay,
                                            slot_ranks_from_tables));
  }
  if (sorted) return;
  std::stable_sort(out->candidates.begin(), out->candidates.end(),
                   [](const Candidate& a, const Candidate& b) {
                     if (a.pre != b.pre) return a.pre > b.pre;
                     if (a.job_rank != b.job_rank) return a.job_rank > b.job_rank;
                     return a.post > b.post;
                   });
}

Matchmaker::Candidate Matchmaker::MakeCandidate(uint32_t match_class, uint32_t s,
                                                size_t position, double job_rank,
                                                const classad::AttributeOverlay* request_overlay,
                                                bool slot_rank_tabled) const {
  const policy::MatchPolicy& m = policy_.matching;
  const PoolSlot& slot = pool_.slots()[s];
  const ClassAd& job = *pool_.jobs()[autoclusters_.class_representative[match_class]].ad;
  const classad::AttributeOverlay* slot_overlay =
      ranks_read_remote_ && !slot.remote_user.empty() ? BoundRemoteOverlay(s) : nullptr;
  Candidate c;
  c.slot = s;
  c.pre = pre_ranks_.active ? pre_ranks_.values[pre_ranks_.key_of_class[match_class]][s]
                            : PolicyRank(m.pre_job_rank, *slot.ad, job, slot_overlay,
                                         request_overlay, eval_options_);
  c.job_rank = job_rank;
  c.post = post_ranks_.active ? post_ranks_.values[post_ranks_.key_of_class[match_class]][s]
                              : PolicyRank(m.post_job_rank, *slot.ad, job, slot_overlay,
                                           request_overlay, eval_options_);
  if (slot_rank_tabled) {
    c.slot_rank = tables_->SlotRank(match_class, position);
    c.slot_rank_known = true;
  }
  return c;
}

bool Matchmaker::CandidateAt(const CandidateList& list, uint32_t match_class, size_t i,
                             Candidate* out) const {
  const OrderEntry& e = (*list.order)[i];
  if (taken_[e.slot] != 0 || !list.Member(i)) return false;
  out->slot = e.slot;
  out->pre = e.pre;
  out->post = e.post;
  out->job_rank = e.job_rank;
  out->slot_rank = tables_->SlotRank(match_class, e.position);
  out->slot_rank_known = true;
  return true;
}

void Matchmaker::BuildOrders() {
  const policy::MatchPolicy& m = policy_.matching;
  if (tables_ == nullptr || !tables_->active()) return;
  if (m.pre_job_rank.is_set() && !pre_ranks_.active) return;
  if (m.post_job_rank.is_set() && !post_ranks_.active) return;
  const size_t classes = autoclusters_.class_representative.size();
  order_of_class_.assign(classes, kNoOrder);
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t> keys;
  std::vector<float> pre(slots_.size(), kNoRank), post(slots_.size(), kNoRank);
  std::vector<double> job(slots_.size());
  for (uint32_t c = 0; c < classes; ++c) {
    const uint32_t pre_key = pre_ranks_.active ? pre_ranks_.key_of_class[c] : 0;
    const uint32_t post_key = post_ranks_.active ? post_ranks_.key_of_class[c] : 0;
    auto [it, added] = keys.emplace(std::make_tuple(pre_key, tables_->RankKey(c), post_key),
                                    static_cast<uint32_t>(orders_.size()));
    order_of_class_[c] = it->second;
    if (!added) continue;
    bool any_nan = false;
    for (size_t p = 0; p < slots_.size(); ++p) {
      if (pre_ranks_.active) pre[p] = pre_ranks_.values[pre_key][slots_[p]];
      if (post_ranks_.active) post[p] = post_ranks_.values[post_key][slots_[p]];
      job[p] = tables_->JobRank(c, p);
      any_nan = any_nan || std::isnan(pre[p]) || std::isnan(post[p]) || std::isnan(job[p]);
    }
    std::vector<uint32_t> order(slots_.size());
    for (uint32_t p = 0; p < order.size(); ++p) order[p] = p;
    auto better = [&](uint32_t a, uint32_t b) {
      if (pre[a] != pre[b]) return pre[a] > pre[b];
      if (job[a] != job[b]) return job[a] > job[b];
      return post[a] > post[b];
    };
    // Slots in order already (often: ranks that do not tell the slots
    // apart) stay as they are, as the stable sort would keep them; with a
    // NaN the order is the sort's own.
    if (any_nan || !std::is_sorted(order.begin(), order.end(), better)) {
      std::stable_sort(order.begin(), order.end(), better);
    }
    std::vector<OrderEntry>& entries = orders_.emplace_back();
    entries.reserve(order.size());
    for (uint32_t p : order) entries.push_back(OrderEntry{p, slots_[p], pre[p], post[p], job[p]});
  }
}

void Matchmaker::BuildTables() {
  if (tables_tried_) return;
  tables_tried_ = true;
  // The tables evaluate without the Remote* attributes.
  if (per_submitter_ || !options_.shortcuts || matching_reads_remote_) return;
  // Results kept from the last cycles for slots that did not change.
  MatchTableCache* cache = &memory_->tables;
  tables_ =
      std::make_unique<MatchTables>(pool_, autoclusters_, slots_, slot_shapes_, options_.threads,
                                    eval_options_, cache);
  BuildOrders();
}

void Matchmaker::PrepareAll() {
  if (per_submitter_) return;  // built per submitter, when asked
  BuildTables();
  std::vector<uint32_t> todo;
  for (uint32_t ac = 0; ac < lists_.size(); ++ac) {
    if (lists_[ac] == nullptr) todo.push_back(ac);
  }
  for (uint32_t ac : todo) lists_[ac] = std::make_unique<CandidateList>();
  RunOnThreads(todo.size(), options_.threads,
               [&](size_t i) { Build(todo[i], nullptr, lists_[todo[i]].get()); });
}

Matchmaker::CandidateList& Matchmaker::ListFor(const MatchRequest& request, bool rescan) {
  const uint32_t match_class = autoclusters_.match_class[request.autocluster];
  // A list whose matching read a live Remote* value is made again for each
  // scan, as HTCondor evaluates Requirements and ranks at each scan.
  const bool again = rescan && matching_reads_live_;
  if (!per_submitter_) {
    std::unique_ptr<CandidateList>& list = lists_[match_class];
    if (list == nullptr || again) {
      BuildTables();
      if (list == nullptr) list = std::make_unique<CandidateList>();
      Build(match_class, nullptr, list.get());
    }
    return *list;
  }
  const uint64_t key = (static_cast<uint64_t>(request.submitter) << 32) | match_class;
  std::unique_ptr<CandidateList>& list = submitter_lists_[key];
  if (list == nullptr || again) {
    if (list == nullptr) list = std::make_unique<CandidateList>();
    Build(match_class, request.request_overlay, list.get());
  }
  return *list;
}

double Matchmaker::SlotRankOf(Candidate& c, uint32_t match_class, const MatchRequest& r) {
  if (!c.slot_rank_known) {
    // Every job of the class reads the same to the slot's Rank (the class
    // compares what the slots' Rank reads); per-submitter lists are the
    // request's submitter's.
    const PoolSlot& slot = pool_.slots()[c.slot];
    const ClassAd& job = *pool_.jobs()[autoclusters_.class_representative[match_class]].ad;
    const classad::AttributeOverlay* slot_overlay =
        ranks_read_remote_ ? BoundRemoteOverlay(c.slot) : nullptr;
    c.slot_rank = RankForComparison(EvaluateAttrIn(
        *slot.ad, "Rank", &job, slot_overlay, per_submitter_ ? r.request_overlay : nullptr,
        eval_options_));
    c.slot_rank_known = true;
  }
  return c.slot_rank;
}

MatchTableCache::SlotReadings& Matchmaker::ClaimReadingsOf(uint32_t slot) {
  MatchTableCache& cache = memory_->tables;
  MatchTableCache::SlotReadings& readings = cache.ReadingsOf(slot);
  if (!readings.claim_read) {
    const PoolSlot& pool_slot = pool_.slots()[slot];
    std::string key;
    if (policy::RemoteAttributes::BindingKey(*pool_slot.ad, remote_options_, &key) &&
        policy::RemoteAttributes::BindingKeyIsFixed(*pool_slot.ad)) {
      readings.binding_key = cache.Number(key);
    }
    // Numbered apart from the keys ('\x01' starts no key).
    key.assign(1, '\x01');
    key += pool_slot.remote_user;
    readings.remote_user = cache.Number(key);
    readings.claim_read = true;
  }
  return readings;
}

const classad::AttributeOverlay* Matchmaker::RemoteOverlay(uint32_t slot) {
  if (remote_bound_[slot] == 0) {
    const ClassAd& ad = *pool_.slots()[slot].ad;
    // The binding of the slot's key this cycle, or a new one. A key read
    // afresh (not fixed) is looked up by its text.
    const uint32_t number = ClaimReadingsOf(slot).binding_key;
    uint32_t* binding = nullptr;
    std::string key;
    if (number != MatchTableCache::SlotReadings::kNoKey) {
      binding = &binding_of_key_number_.try_emplace(number, kNoBinding).first->second;
    } else if (policy::RemoteAttributes::BindingKey(ad, remote_options_, &key)) {
      binding = &binding_of_key_.try_emplace(std::move(key), kNoBinding).first->second;
    }
    if (binding == nullptr || *binding == kNoBinding) {
      const uint32_t b = static_cast<uint32_t>(bindings_.size());
      if (binding != nullptr) *binding = b;
      bindings_.push_back(std::make_unique<policy::RemoteAttributes>());
      // A failure is the binding's: every slot of its key shares it.
      binding_failed_.push_back(!bindings_.back()->Bind(ad, remote_view_, remote_options_).ok());
      auto [it, added] = remote_user_ids_.emplace(bindings_.back()->remote_user(),
                                                  static_cast<uint32_t>(remote_user_ids_.size()));
      remote_user_of_binding_.push_back(it->second);
      if (added) {
        user_memo_.push_back(0);
        user_memo_stamp_.push_back(0);
      }
      remote_[slot] = b;
    } else {
      remote_[slot] = *binding;
    }
    remote_bound_[slot] = binding_failed_[remote_[slot]] ? 2 : 1;
    remote_user_id_[slot] = remote_user_of_binding_[remote_[slot]];
  }
  return remote_bound_[slot] == 1 ? &bindings_[remote_[slot]]->overlay() : nullptr;
}

bool Matchmaker::SubmitterLimitPermits(double used, double allowed, double cost) {
  if (used + cost <= allowed) return true;
  // The "crumbs" rule: one slot through when nothing was matched yet.
  return used <= 0 && allowed > 0;
}

bool Matchmaker::LimitsFit(std::string_view list, Rejection* why) const {
  bool fit = true;
  for (const policy::ConcurrencyLimit& limit : policy::ParseConcurrencyLimits(list)) {
    if (!limit.valid) continue;
    const double count = accountant_.LimitCount(limit.name);
    if (!policy::LimitHasRoom(count, limit.amount, policy_.limits.MaxFor(limit.name))) {
      why->concurrency_limit = true;
      why->limits.insert(limit.name);
      fit = false;
    }
  }
  return fit;
}

float Matchmaker::PreemptionRankOf(uint32_t slot, const ClassAd& job,
                                   const classad::AttributeOverlay* slot_overlay,
                                   const MatchRequest& r) {
  const policy::MatchPolicy& m = policy_.matching;
  if (!m.preemption_rank.is_set()) return kNoRank;
  const ClassAd& slot_ad = *pool_.slots()[slot].ad;
  if (!preemption_rank_per_slot_) {
    return PolicyRank(m.preemption_rank, slot_ad, job, slot_overlay, r.request_overlay,
                      eval_options_);
  }
  // It reads only the slot: once per slot (an empty ad for the job).
  if (preemption_rank_known_[slot] == 0) {
    preemption_rank_known_[slot] = 1;
    preemption_rank_[slot] =
        PolicyRank(m.preemption_rank, slot_ad, empty_ad_, slot_overlay, nullptr, eval_options_);
  }
  return preemption_rank_[slot];
}

bool Matchmaker::JudgeCandidate(Candidate& c, uint32_t match_class, const Judge& judge,
                                Rejection* why, Judged* out) {
  const MatchRequest& r = *judge.request;
  const policy::MatchPolicy& m = policy_.matching;
  const ClassAd& job = *pool_.jobs()[r.AdJob()].ad;
  const PoolSlot& slot = pool_.slots()[c.slot];
  const double cost = slot.weight;
  const bool claimed = ClaimConsidered(m, slot.remote_user);
  PreemptState state = PreemptState::kNone;
  const classad::AttributeOverlay* slot_overlay = nullptr;
  if (!claimed) {
    if (r.only_startd_rank) return false;
    if (!SubmitterLimitPermits(r.limit_used_unclaimed, r.limit_unclaimed, cost)) {
      why->submitter_limit = true;
      return false;
    }
  } else {
    std::optional<RankConditions> ranks =
        CompareRanks(SlotRankOf(c, match_class, r), current_rank_[c.slot]);
    if (!ranks) {
      slot_overlay = RemoteOverlay(c.slot);
      ranks = rank_conditions_.Evaluate(*slot.ad, job, slot_overlay, r.request_overlay,
                                        eval_options_);
    }
    const ClaimKind kind = KindOfClaim(m, slot.remote_user, r.submitter_name, ranks->above);
    if (kind == ClaimKind::kRank) {
      state = PreemptState::kRank;
    } else if (r.only_startd_rank || kind == ClaimKind::kOwnClaim) {
      return false;
    } else {
      state = PreemptState::kPriority;
      if (!judge.priority_preemption_possible) {
        why->preemption_policy = true;
        return false;
      }
      if (slot_overlay == nullptr) slot_overlay = RemoteOverlay(c.slot);
      if (m.preemption_requirements.is_set() &&
          !PreemptionRequirementsHold(c.slot, job, slot_overlay, r, judge.stamp)) {
        why->preemption_policy = true;
        return false;
      }
      if (!ranks->at_least) {
        why->preemption_rank = true;
        return false;
      }
      if (!SubmitterLimitPermits(r.limit_used, r.limit, cost)) {
        why->submitter_limit = true;
        return false;
      }
    }
  }
  out->matched_limits = judge.plain_limits;
  if (judge.limits_need_slot) {
    const Value v = EvaluateAttrIn(job, "ConcurrencyLimits", slot.ad.get(), r.request_overlay,
                                   nullptr, eval_options_);
    if (v.IsString()) {
      out->matched_limits = policy::LowerAscii(v.string());
      if (!LimitsFit(out->matched_limits, why)) return false;
    } else {
      out->matched_limits.clear();
    }
  }
  out->candidate = c;
  out->state = state;
  out->prank = kNoRank;
  if (state != PreemptState::kNone) {
    if (slot_overlay == nullptr) slot_overlay = RemoteOverlay(c.slot);
    out->prank = PreemptionRankOf(c.slot, job, slot_overlay, r);
  }
  return true;
}

bool Matchmaker::BetterJudged(const Judged& a, const Judged& b) {
  if (a.state != b.state) return a.state > b.state;
  return a.prank > b.prank;
}

bool Matchmaker::SplitByClaims(CandidateList& list, uint32_t match_class,
                               const MatchRequest& request) {
  using Split = CandidateList::Split;
  if (list.split != Split::kNotYet) return list.split == Split::kReady;
  list.split = Split::kUnusable;
  if (list.by_order()) {
    // What each entry of the shared order means is worked out once for
    // every class of the same order and slot Ranks (OrderSplitFor); the
    // list can take it unless one of its members has a NaN rank.
    const OrderSplit& split = OrderSplitFor(match_class);
    for (uint32_t e : split.nan) {
      if (list.Member(e)) return false;
    }
    list.split = Split::kReady;
    return true;
  }
  // A list of its own candidates.
  if (ranks_read_remote_) return false;
  std::vector<uint64_t> closed((list.size() + 63) / 64, 0);
  uint32_t open_end = 0;
  for (uint32_t i = 0; i < list.size(); ++i) {
    Candidate& c = list.candidates[i];
    if (std::isnan(c.pre) || std::isnan(c.post) || std::isnan(c.job_rank)) return false;
    if (ClaimCodeOf(c.slot) == kNotClaimed) {
      open_end = i + 1;
      continue;
    }
    const std::optional<RankConditions> ranks =
        CompareRanks(SlotRankOf(c, match_class, request), current_rank_[c.slot]);
    if (!ranks || ranks->above) {
      open_end = i + 1;
      continue;
    }
    closed[i / 64] |= uint64_t{1} << (i % 64);
  }
  list.closed = std::move(closed);
  list.open_end = open_end;
  list.split = Split::kReady;
  return true;
}

const Matchmaker::OrderSplit& Matchmaker::OrderSplitFor(uint32_t match_class) {
  const uint32_t order_index = order_of_class_[match_class];
  if (order_splits_.size() <= order_index) order_splits_.resize(order_index + 1);
  std::unique_ptr<OrderSplit>& made = order_splits_[order_index];
  if (made != nullptr) return *made;
  made = std::make_unique<OrderSplit>();
  OrderSplit& split = *made;
  const std::vector<OrderEntry>& order = orders_[order_index];
  std::vector<uint32_t> fixed_claims;
  for (uint32_t j = 0; j < order.size(); ++j) {
    const OrderEntry& e = order[j];
    if (std::isnan(e.pre) || std::isnan(e.post) || std::isnan(e.job_rank)) {
      split.nan.push_back(j);
    } else if (ClaimCodeOf(e.slot) == kNotClaimed) {
      split.fixed.open.push_back(j);
    } else if (tables_->SlotRankFixed(e.position)) {
      fixed_claims.push_back(j);
    } else {
      split.variable.push_back(j);
    }
  }
  // The fixed claims, merged into the open entries by SplitClaims.
  SplitClaims(match_class, order, fixed_claims, &split.fixed);
  return split;
}

const Matchmaker::SplitPiece& Matchmaker::VariablePieceFor(uint32_t match_class) {
  const uint32_t order_index = order_of_class_[match_class];
  const OrderSplit& split = OrderSplitFor(match_class);
  const uint64_t key =
      (static_cast<uint64_t>(order_index) << 32) | tables_->SlotRankSignature(match_class);
  auto [it, added] = variable_pieces_.try_emplace(key);
  if (added) SplitClaims(match_class, orders_[order_index], split.variable, &it->second);
  return it->second;
}

void Matchmaker::SplitClaims(uint32_t match_class, const std::vector<OrderEntry>& order,
                             const std::vector<uint32_t>& entries, SplitPiece* piece) {
  // The closed entries with their group's key (claim code), in order, to
  // be grouped below.
  std::vector<std::pair<uint32_t, uint32_t>> closed;  // (ClaimCodeOf, entry)
  std::vector<uint32_t> opened;
  for (uint32_t j : entries) {
    const OrderEntry& e = order[j];
    const std::optional<RankConditions> ranks =
        CompareRanks(tables_->SlotRank(match_class, e.position), current_rank_[e.slot]);
    if (ranks && !ranks->above) {
      closed.emplace_back(ClaimCodeOf(e.slot), j);
    } else {
      opened.push_back(j);
    }
  }
  if (!opened.empty()) {
    const size_t before = piece->open.size();
    piece->open.insert(piece->open.end(), opened.begin(), opened.end());
    std::inplace_merge(piece->open.begin(), piece->open.begin() + static_cast<ptrdiff_t>(before),
                       piece->open.end());
  }
  // Grouped by code (below 4 x the claim users numbered so far), each
  // group's entries kept ascending.
  GroupByKey(&closed, claim_users_.size() * 4);
  piece->closed.reserve(closed.size());
  for (size_t k = 0; k < closed.size(); ++k) {
    const uint32_t code = closed[k].first;
    if (k == 0 || code != closed[k - 1].first) {
      const auto at = static_cast<uint32_t>(piece->closed.size());
      piece->groups.push_back(SplitPiece::ClosedGroup{code >> 2, code & 3, at, at});
    }
    piece->closed.push_back(closed[k].second);
    piece->groups.back().end = static_cast<uint32_t>(piece->closed.size());
  }
}

uint32_t Matchmaker::ClaimCodeOf(uint32_t slot) {
  uint32_t& known = claim_code_of_slot_[slot];
  if (known != kNotYetCoded) return known;
  const policy::MatchPolicy& m = policy_.matching;
  const std::string& remote_user = pool_.slots()[slot].remote_user;
  if (!ClaimConsidered(m, remote_user)) {
    known = kNotClaimed;
    return known;
  }
  const bool by_users = pr_split_ && m.preemption_requirements.is_set();
  const classad::AttributeOverlay* slot_overlay = RemoteOverlay(slot);
  uint32_t code = kJudged;
  if (by_users && !SlotClausesHold(slot, slot_overlay)) {
    code = kRefused;
  } else if (by_users && remote_bound_[slot] == 1) {
    code = kByUser;
  }
  const uint64_t key =
      (uint64_t{ClaimReadingsOf(slot).remote_user} << 32) | remote_user_id_[slot];
  auto [it, added] = claim_user_ids_.emplace(key, static_cast<uint32_t>(claim_users_.size()));
  if (added) claim_users_.push_back(ClaimUser{remote_user, slot, 0, ClaimVerdict::kJudge});
  known = (it->second << 2) | code;
  return known;
}

uint32_t Matchmaker::SlotOfEntry(const CandidateList& list, size_t i) const {
  return list.by_order() ? (*list.order)[i].slot : list.candidates[i].slot;
}

Matchmaker::ClaimVerdict Matchmaker::VerdictFor(uint32_t user, const Judge& judge) {
  ClaimUser& u = claim_users_[user];
  if (u.stamp != judge.stamp) {
    const MatchRequest& r = *judge.request;
    u.stamp = judge.stamp;
    if (u.remote_user == r.submitter_name) {
      u.verdict = ClaimVerdict::kOwn;
    } else if (!UserClausesHold(u.sample_slot, *pool_.jobs()[r.AdJob()].ad,
                                RemoteOverlay(u.sample_slot), r, judge.stamp)) {
      u.verdict = ClaimVerdict::kRefused;
    } else {
      u.verdict = ClaimVerdict::kJudge;
    }
  }
  return u.verdict;
}

void Matchmaker::JudgeWholeMatchList(CandidateList& list, const Judge& judge) {
  MatchList& ml = match_list_;
  const uint32_t match_class = autoclusters_.match_class[ml.autocluster];
  const MatchRequest& r = *judge.request;
  // With the list split by what its claims mean to every request
  // (SplitByClaims), the entries whose verdict is known are not judged:
  // refused, their reason goes into ml.why as judging them would put it
  // (nothing for the submitter's own claims or a request past its limit
  // on spin 1, "preemption policy" otherwise). Skipping refused entries
  // leaves the rank groups as they are: the split is made only when the
  // ranks are ordered without NaN, so that equal ranks are neighbours.
  const bool claims_refused = r.only_startd_rank || !judge.priority_preemption_possible;
  const bool split = options_.shortcuts && SplitByClaims(list, match_class, r);
  if (split && list.by_order()) {
    JudgeSplitOrderList(list, judge);
    return;
  }
  // Entries before the head are all taken (or not in the list).
  for (; list.head < list.size(); ++list.head) {
    if (taken_[SlotOfEntry(list, list.head)] == 0 &&
        (!list.by_order() || list.Member(list.head))) {
      break;
    }
  }
  Candidate by_order;
  GroupBuilder groups;
  for (size_t i = list.head; i < list.size(); ++i) {
    // Past the last open entry, a request refused every claim has nothing
    // left to judge once the reason is known.
    if (split && claims_refused && i >= list.open_end &&
        (r.only_startd_rank || ml.why.preemption_policy)) {
      break;
    }
    if (split && ((list.closed[i / 64] >> (i % 64)) & 1) != 0) {
      const uint32_t slot = SlotOfEntry(list, i);
      const uint32_t code = claim_code_of_slot_[slot] & 3;
      const uint32_t user_number = claim_code_of_slot_[slot] >> 2;
      const ClaimUser& user = claim_users_[user_number];
      ClaimVerdict verdict = ClaimVerdict::kJudge;
      if (claims_refused || code == kRefused) {
        // Refused; the reason is known once said.
        if (r.only_startd_rank || ml.why.preemption_policy) continue;
        verdict = user.remote_user == r.submitter_name ? ClaimVerdict::kOwn
                                                       : ClaimVerdict::kRefused;
      } else if (code == kByUser) {
        verdict = VerdictFor(user_number, judge);
      }
      if (verdict == ClaimVerdict::kOwn) continue;
      if (verdict == ClaimVerdict::kRefused) {
        if (taken_[slot] == 0) ml.why.preemption_policy = true;
        continue;
      }
    }
    Candidate* at = &by_order;
    if (!list.by_order()) {
      at = &list.candidates[i];  // its slot's Rank is kept there once computed
      if (taken_[at->slot] != 0) continue;
    } else if (!CandidateAt(list, match_class, i, &by_order)) {
      continue;  // taken
    }
    JudgeIntoGroups(*at, match_class, judge, &groups);
  }
  CloseGroups(&groups);
}

void Matchmaker::JudgeIntoGroups(Candidate& c, uint32_t match_class, const Judge& judge,
                                 GroupBuilder* groups) {
  MatchList& ml = match_list_;
  std::optional<Candidate>& first = groups->first;
  if (first && (c.pre != first->pre || c.job_rank != first->job_rank || c.post != first->post)) {
    CloseGroups(groups);
  }
  if (!first) first = c;
  Judged judged;
  if (JudgeCandidate(c, match_class, judge, &ml.why, &judged)) {
    groups->group.push_back(std::move(judged));
  }
}

void Matchmaker::CloseGroups(GroupBuilder* groups) {
  if (!groups->group.empty()) match_list_.ahead.push_back(std::move(groups->group));
  groups->group.clear();
  groups->first.reset();
}

void Matchmaker::CollectFromPiece(const CandidateList& list, const SplitPiece& piece,
                                  uint32_t* open_cursor, const Judge& judge,
                                  std::vector<uint32_t>* open, std::vector<uint32_t>* closed) {
  MatchList& ml = match_list_;
  const MatchRequest& r = *judge.request;
  const bool claims_refused = r.only_startd_rank || !judge.priority_preemption_possible;
  const std::vector<OrderEntry>& order = *list.order;
  auto member = [&](uint32_t e) { return list.Member(e); };
  auto available = [&](uint32_t e) { return taken_[order[e].slot] == 0 && list.Member(e); };
  // Open entries before the cursor are all taken (or not in the list).
  uint32_t& cursor = *open_cursor;
  while (cursor < piece.open.size() && !available(piece.open[cursor])) ++cursor;
  for (size_t k = cursor; k < piece.open.size(); ++k) {
    if (available(piece.open[k])) open->push_back(piece.open[k]);
  }
  for (const SplitPiece::ClosedGroup& g : piece.groups) {
    const bool refused = claims_refused || g.code == kRefused;
    // Refused, and the reason is known once said.
    if (refused && (r.only_startd_rank || ml.why.preemption_policy)) continue;
    const uint32_t* end = piece.closed.data() + g.end;
    const uint32_t* first = std::find_if(piece.closed.data() + g.begin, end, member);
    if (first == end) continue;  // none of the group's claims is in the list
    ClaimVerdict verdict = ClaimVerdict::kJudge;
    if (refused) {
      verdict = claim_users_[g.user].remote_user == r.submitter_name ? ClaimVerdict::kOwn
                                                                     : ClaimVerdict::kRefused;
    } else if (g.code == kByUser) {
      verdict = VerdictFor(g.user, judge);
    }
    if (verdict == ClaimVerdict::kOwn) continue;
    if (verdict == ClaimVerdict::kRefused) {
      if (std::find_if(first, end, available) != end) ml.why.preemption_policy = true;
      continue;
    }
    for (const uint32_t* e = first; e != end; ++e) {
      if (available(*e)) closed->push_back(*e);
    }
  }
}

void Matchmaker::JudgeSplitOrderList(CandidateList& list, const Judge& judge) {
  const uint32_t match_class = autoclusters_.match_class[match_list_.autocluster];
  // The entries to judge, in order: the open ones of both pieces and the
  // closed claims of the groups whose verdict is "judge", merged.
  std::vector<uint32_t>& entries = judge_open_;
  std::vector<uint32_t>& closed = judge_closed_;
  entries.clear();
  closed.clear();
  CollectFromPiece(list, OrderSplitFor(match_class).fixed, &list.open_cursor[0], judge, &entries,
                   &closed);
  const size_t fixed_open = entries.size();
  CollectFromPiece(list, VariablePieceFor(match_class), &list.open_cursor[1], judge, &entries,
                   &closed);
  const auto middle = entries.begin() + static_cast<ptrdiff_t>(fixed_open);
  if (middle != entries.end()) std::inplace_merge(entries.begin(), middle, entries.end());
  if (!closed.empty()) {
    std::sort(closed.begin(), closed.end());
    const size_t open_count = entries.size();
    entries.insert(entries.end(), closed.begin(), closed.end());
    std::inplace_merge(entries.begin(), entries.begin() + static_cast<ptrdiff_t>(open_count),
                       entries.end());
  }
  GroupBuilder groups;
  Candidate c;
  for (uint32_t e : entries) {
    if (CandidateAt(list, match_class, e, &c)) JudgeIntoGroups(c, match_class, judge, &groups);
  }
  CloseGroups(&groups);
}

Matchmaker::Judged* Matchmaker::PeekMatchList() {
  MatchList& ml = match_list_;
  if (ml.group_head < ml.group.size()) {
    if (!ml.group_sorted) {
      // The rest of the group, now that a second slot is wanted from it.
      std::stable_sort(ml.group.begin() + static_cast<ptrdiff_t>(ml.group_head), ml.group.end(),
                       BetterJudged);
      ml.group_sorted = true;
    }
    return &ml.group[ml.group_head];
  }
  while (true) {
    ml.group_head = 0;
    if (ml.ahead_head == ml.ahead.size()) {
      ml.group.clear();
      return nullptr;
    }
    ml.group = std::move(ml.ahead[ml.ahead_head++]);
    if (ml.group.empty()) continue;
    // Best first within the group (BetterJudged, ties in list order). Most
    // groups give one slot: the best is moved to the front, and the rest is
    // sorted only when a second one is asked for (the same order as sorting
    // the whole group, the order of the others being kept).
    auto best = ml.group.begin();
    for (auto it = ml.group.begin() + 1; it != ml.group.end(); ++it) {
      if (BetterJudged(*it, *best)) best = it;
    }
    std::rotate(ml.group.begin(), best, best + 1);
    ml.group_sorted = ml.group.size() <= 2;
    return &ml.group[0];
  }
}

bool Matchmaker::MatchListStillValid(const MatchRequest& r, uint64_t stamp) {
  const policy::MatchPolicy& m = policy_.matching;
  const bool requirements_stable = m.preemption_requirements_stable;
  const bool rank_stable = m.preemption_rank_stable;
  if (requirements_stable && rank_stable) return true;
  const Judged* next = PeekMatchList();
  const ClassAd& job = *pool_.jobs()[r.AdJob()].ad;
  if (!requirements_stable) {
    if (next == nullptr) return false;
    if (next->state == PreemptState::kPriority && m.preemption_requirements.is_set()) {
      // HTCondor evaluates the whole expression again for the new request.
      const uint32_t slot = next->candidate.slot;
      if (!RequestClausesHold(r) ||
          !PreemptionRequirementsHold(slot, job, RemoteOverlay(slot), r, stamp)) {
        return false;
      }
    }
  }
  if (next != nullptr && !rank_stable && next->state != PreemptState::kNone) {
    const uint32_t slot = next->candidate.slot;
    if (PreemptionRankOf(slot, job, RemoteOverlay(slot), r) != next->prank) return false;
  }
  return true;
}

std::optional<Offer> Matchmaker::FindOffer(const MatchRequest& r, Rejection* why) {
  const uint64_t stamp = ++request_stamp_;
  const ClassAd& job = *pool_.jobs()[r.AdJob()].ad;
  // Concurrency limits that need no slot are checked once, up front.
  std::string plain_limits;
  bool limits_need_slot = false;
  if (job.Find("ConcurrencyLimits")) {
    const Value v = EvaluateAttrIn(job, "ConcurrencyLimits", nullptr, r.request_overlay, nullptr,
                                   eval_options_);
    if (v.IsString()) {
      plain_limits = policy::LowerAscii(v.string());
      if (!LimitsFit(plain_limits, why)) return std::nullopt;
    } else {
      limits_need_slot = true;
    }
  }
  MatchList& ml = match_list_;
  const bool continues = ml.valid && ml.autocluster == r.autocluster &&
                         ml.submitter == r.submitter && ml.eup == r.eup &&
                         ml.only_startd_rank == r.only_startd_rank &&
                         MatchListStillValid(r, stamp);
  CandidateList& list = ListFor(r, /*rescan=*/!continues);
  std::optional<Offer> offer;
  if (continues) {
    // Pops off the list: HTCondor's limit rule, and the limits checked
    // again with the request's own ConcurrencyLimits.
    Rejection popped;  // the limits the pops found full
    for (Judged* next = PeekMatchList(); next != nullptr; next = PeekMatchList()) {
      Judged taken = std::move(*next);
      ++ml.group_head;
      const PoolSlot& slot = pool_.slots()[taken.candidate.slot];
      std::string matched_limits = plain_limits;
      if (limits_need_slot) {
        const Value v = EvaluateAttrIn(job, "ConcurrencyLimits", slot.ad.get(),
                                       r.request_overlay, nullptr, eval_options_);
        matched_limits = v.IsString() ? policy::LowerAscii(v.string()) : std::string();
        if (!matched_limits.empty() && !LimitsFit(matched_limits, &popped)) continue;
      }
      const double cost = slot.weight;
      if ((taken.state != PreemptState::kNone &&
           SubmitterLimitPermits(r.limit_used, r.limit, cost)) ||
          SubmitterLimitPermits(r.limit_used_unclaimed, r.limit_unclaimed, cost)) {
        offer = Offer{taken.candidate.slot, taken.state, taken.candidate.slot_rank,
                      std::move(matched_limits), cost};
        break;
      }
      ml.pop_submitter_limit = true;
    }
    if (!offer) {
      // HTCondor reports the scan's counts, but the limit names of this
      // request's pops (it clears the names before the cache is used).
      *why = ml.why;
      why->submitter_limit = why->submitter_limit || ml.pop_submitter_limit;
      why->limits = std::move(popped.limits);
    }
  } else {
    // A new list, judged whole with this request's values.
    ml = MatchList();
    ml.autocluster = r.autocluster;
    ml.submitter = r.submitter;
    ml.eup = r.eup;
    ml.only_startd_rank = r.only_startd_rank;
    Judge judge;
    judge.request = &r;
    judge.stamp = stamp;
    judge.priority_preemption_possible =
        !policy_.matching.preemption_requirements.is_set() || RequestClausesHold(r);
    judge.plain_limits = plain_limits;
    judge.limits_need_slot = limits_need_slot;
    JudgeWholeMatchList(list, judge);
    if (Judged* best = PeekMatchList(); best != nullptr) {
      ++ml.group_head;
      offer = Offer{best->candidate.slot, best->state, best->candidate.slot_rank,
                    std::move(best->matched_limits), pool_.slots()[best->candidate.slot].weight};
    } else {
      *why = ml.why;
    }
    // Kept when NEGOTIATOR_MATCHLIST_CACHING allows and the scan had slots
    // to offer (HTCondor then makes the list).
    ml.valid = policy_.matching.matchlist_caching && remaining_ > 0;
  }
  if (offer && (offer->state == PreemptState::kNone || std::isnan(offer->slot_rank))) {
    // An unclaimed slot's Rank of the job becomes its CurrentRank; a
    // claimed slot's is the Rank the candidate was judged with (when it
    // was kept as a double).
    const PoolSlot& slot = pool_.slots()[offer->slot];
    const classad::AttributeOverlay* slot_overlay =
        offer->state == PreemptState::kNone || !ranks_read_remote_
            ? nullptr
            : BoundRemoteOverlay(offer->slot);
    offer->slot_rank = classad::RankValue(
        EvaluateAttrIn(*slot.ad, "Rank", &job, slot_overlay, r.request_overlay, eval_options_));
  }
  return offer;
}

}  // namespace negotiator
