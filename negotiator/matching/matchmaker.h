// Matchmaker: the best slot for one request (HTCondor's
// matchmakingAlgorithm, reference §3.5–§3.7, §4.3), over the slots not yet
// matched this cycle.
//
// For each match class of autoclusters (submitters.h) the slots that
// match it (both Requirements: clause by clause through MatchTables where
// the expressions allow, else pair by pair through the language floor's
// MatchKernel) are found once per cycle, with the
// ranks that order them (NEGOTIATOR_PRE_JOB_RANK, the job's Rank,
// NEGOTIATOR_POST_JOB_RANK; pre and post cast to float as HTCondor casts
// them) and, for claimed slots, the slot's Rank of the job; all
// autoclusters are matched up front on as many threads as asked, since
// they are independent until a match is made. This plays the part of
// HTCondor's MatchList cache, kept for the whole cycle: valid because
// every attribute those expressions read from a job is compared for match
// classes, and what is left (PREEMPTION_REQUIREMENTS, PREEMPTION_RANK,
// ConcurrencyLimits) is evaluated with each request's ad (the first job of
// its run, MatchRequest::ad_job); when
// matching or the ranks read a request's ephemeral Submitter* attributes
// the lists are kept per submitter instead.
//
// A request then walks its autocluster's list in rank order and takes the
// first candidate group of equal (pre, job, post) ranks holding a slot it
// may have, best by preemption state (none, rank, priority) and then
// PREEMPTION_RANK: unclaimed slots within the unclaimed limit; a claimed
// slot whose Rank of the job beats its CurrentRank (rank preemption, no
// other test); or, with another user on it, priority preemption under
// PREEMPTION_REQUIREMENTS (with the slot's Remote* and the request's
// Submitter* attributes bound through overlays), a Rank at least the
// CurrentRank and the submitter limit (with HTCondor's "crumbs" rule).
// Concurrency limits are checked before the walk when the job's
// ConcurrencyLimits is a plain string, per candidate when it reads the
// slot. Claims that a request is refused whatever it is (the Rank of its
// job does not beat the CurrentRank, and it may not preempt for priority,
// or the slot's clauses of PREEMPTION_REQUIREMENTS fail, or its remote
// user's fail for the request) are passed over without judging each one,
// with the reason judging would give.
//
// Not thread-safe (one negotiation drives it); PrepareAll uses its own
// threads internally.
#ifndef NEGOTIATOR_MATCHING_MATCHMAKER_H_
#define NEGOTIATOR_MATCHING_MATCHMAKER_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "classad/evaluator.h"
#include "negotiator/accountant/accountant.h"
#include "negotiator/autoclusters/autoclusters.h"
#include "negotiator/matching/job_keys.h"
#include "negotiator/matching/match_table_cache.h"
#include "negotiator/matching/remote_reads.h"
#include "negotiator/matching/match_tables.h"
#include "negotiator/matching/preemption.h"
#include "negotiator/matching/slot_shapes.h"
#include "negotiator/pool/pool.h"
#include "policy/ephemeral.h"
#include "policy/policy.h"

namespace negotiator {

// One request (a job of a submitter) and the limits it is matched under.
struct MatchRequest {
  uint32_t job = 0;          // index into Pool::jobs()
  // The job whose ad the request is evaluated with (PREEMPTION_REQUIREMENTS,
  // PREEMPTION_RANK, ConcurrencyLimits): the first job of the run of its
  // autocluster's jobs in the submitter's order, as HTCondor's schedd
  // sends one request for the run and the negotiator repeats it. UINT32_MAX:
  // `job` itself.
  uint32_t ad_job = UINT32_MAX;
  uint32_t AdJob() const { return ad_job == UINT32_MAX ? job : ad_job; }
  uint32_t autocluster = 0;  // its autocluster
  uint32_t submitter = 0;    // index of its submitter (for per-submitter lists)
  std::string_view submitter_name;
  // The request's ephemeral attributes, bound for this submitter.
  const classad::AttributeOverlay* request_overlay = nullptr;
  double eup = 0;  // the submitter's EUP this spin (a MatchList is kept per EUP)
  bool only_startd_rank = false;  // past the limit on spin 1: rank preemption only
  double limit = 0;               // the submitter limit
  double limit_used = 0;          // weight matched in this negotiate() call
  double limit_unclaimed = 0;
  double limit_used_unclaimed = 0;
};

// Why no slot was offered (the reasons HTCondor reports, §3.4).
struct Rejection {
  bool concurrency_limit = false;
  bool preemption_policy = false;  // PREEMPTION_REQUIREMENTS was not true
  // The slot's Rank was below its CurrentRank (HTCondor counts it but
  // names no reason for it: alone it reads "no match found").
  bool preemption_rank = false;
  bool submitter_limit = false;
  std::set<std::string> limits;  // the concurrency limits that were full
  // HTCondor's reason text, the first that applies.
  std::string Reason() const;
};

// The slot offered to a request.
struct Offer {
  uint32_t slot = 0;
  PreemptState state = PreemptState::kNone;
  double slot_rank = 0;        // the slot's Rank of the job (its new CurrentRank)
  std::string matched_limits;  // MatchedConcurrencyLimits (lower case), may be empty
  double cost = 1;             // the slot's weight
};

// What matchmakers keep from one cycle to the next (the slots' shapes,
// the match tables' results for slots that did not change): kept by the
// caller, given to each cycle's matchmaker in turn.
struct MatchmakerMemory {
  SlotShapes shapes;
  MatchTableCache tables;
  RemoteReadsMemo remote_reads;  // of the match classes' job ads and the slot shapes
};

struct MatchmakerOptions {
  int threads = 2;  // for PrepareAll
  // Share work between pairs where the expressions allow: the matching
  // slots and the ranks found clause by clause (match_tables.h), the
  // policy ranks per slot, PREEMPTION_REQUIREMENTS' clauses per slot or
  // per remote user, PREEMPTION_RANK per slot. False: every expression
  // evaluated pair by pair (for tests comparing the two: the results must
  // be the same).
  bool shortcuts = true;
  // How every expression is evaluated: set `eval.now` to the cycle's time
  // (CurrentTime and time() then read it; empty: the system clock).
  classad::EvalOptions eval;
};

class Matchmaker {
 public:
  // Borrows everything; `slots` lists the slot indices that may be matched
  // this cycle (the trimmed list), in the order HTCondor would scan them.
  // `remote_view` is what the slots' Remote* attributes are bound from (the
  // accountant with the previous cycle's quota map); null: `accountant`.
  // `memory` is what the last cycles' matchmakers kept (slot shapes,
  // match table results): kept by the caller between cycles so that only
  // changed slot ads are looked at again; it must outlive this matchmaker
  // and serve no other meanwhile. Null: nothing is kept.
  Matchmaker(const Pool& pool, const Autoclusters& autoclusters, const Accountant& accountant,
             std::vector<uint32_t> slots, const MatchmakerOptions& options = {},
             const policy::AccountingView* remote_view = nullptr,
             MatchmakerMemory* memory = nullptr);
  Matchmaker(const Matchmaker&) = delete;
  Matchmaker& operator=(const Matchmaker&) = delete;

  // Matches every autocluster against the slots now, on the configured
  // threads (otherwise each is matched when first asked for).
  void PrepareAll();

  // The best slot for `request`, or nothing with `*why` filled in.
  std::optional<Offer> FindOffer(const MatchRequest& request, Rejection* why);

  // Drops the MatchList kept between consecutive requests (HTCondor
  // clears its cache at the start of each pie spin): the next request
  // judges the slots afresh.
  void ForgetMatchList() { match_list_.valid = false; }

  // Slot `slot` was matched: it is no longer offered.
  void Take(uint32_t slot) {
    if (taken_[slot] == 0) --remaining_;
    taken_[slot] = 1;
  }
  bool taken(uint32_t slot) const { return taken_[slot] != 0; }
  // The slots on offer this cycle (indices into the pool's slots), in the
  // order the constructor was given them.
  const std::vector<uint32_t>& slots() const { return slots_; }
  // How many slots are still on offer.
  size_t remaining() const { return remaining_; }

 private:
  // A slot that matches an autocluster, with its ranks.
  struct Candidate {
    uint32_t slot;
    float pre;                     // NEGOTIATOR_PRE_JOB_RANK (float, as HTCondor)
    float post;                    // NEGOTIATOR_POST_JOB_RANK
    bool slot_rank_known = false;  // slot_rank was computed (when first needed)
    double job_rank;               // the job's Rank of the slot (0 when not a number)
    // The slot's Rank of the job (claimed slots), as RankForComparison
    // keeps it (NaN: not comparable as a double).
    double slot_rank = 0;
  };
  // A rank policy expression (MY = the slot, TARGET = the job) evaluated
  // once per slot for each distinct way the match classes' jobs look to
  // it (their keys from `readings`, job_keys.h). Inactive (evaluated
  // per candidate) when the lists are per submitter, when it reads more
  // than named attributes, or when the jobs look too many ways.
  struct SlotRankTable {
    bool active = false;
    std::vector<uint32_t> key_of_class;      // match class -> index into values
    std::vector<std::vector<float>> values;  // [key][slot]; kNoRank when not a number
  };
  void BuildRankTable(const policy::PolicyExpression& e, JobKeys* readings,
                      SlotRankTable* table);
  // The slot's Rank of the request's job, computed when first needed.
  double SlotRankOf(Candidate& c, uint32_t match_class, const MatchRequest& request);
  // A slot in a shared order, with the ranks the order's classes all give
  // it (they read the three ranks alike).
  struct OrderEntry {
    uint32_t position;  // in slots_
    uint32_t slot;
    float pre;
    float post;
    double job_rank;
  };
  // The slots that match a match class, best ranks first: candidates, or,
  // when the class walks a shared order of the slots and its ranks are all
  // tabled, that order with a bit per slot position saying which entries
  // match (a bit a slot instead of a Candidate: the order holds the ranks
  // the classes share, and the slot's Rank is looked up as the list is
  // walked). The entries of a list by order are the order's, and an entry
  // belongs to the list when its position's bit is set (Member).
  struct CandidateList {
    std::vector<Candidate> candidates;
    const std::vector<OrderEntry>* order = nullptr;
    std::vector<uint64_t> matching;  // with order: by position in slots_
    // Entries before it are all taken (or not members); kept by the walks
    // that judge entry by entry.
    size_t head = 0;
    // Which entries every request that may not preempt for priority is
    // refused (SplitByClaims), made when first needed. A list of
    // candidates: a bit per entry, set for a claim whose Rank of the job
    // does not beat its CurrentRank ("closed"; what the claim means
    // otherwise is its slot's ClaimCodeOf); clear for an unclaimed slot or
    // a claim whose Rank of the job may beat its CurrentRank ("open":
    // judged). A list by order takes the split of its order (OrderSplit).
    enum class Split : uint8_t { kNotYet, kReady, kUnusable };
    Split split = Split::kNotYet;
    std::vector<uint64_t> closed;
    uint32_t open_end = 0;  // one past the last open entry
    // A list by order with its split: in the split's fixed and variable
    // pieces, the open entries before these are all taken (or not members).
    uint32_t open_cursor[2] = {0, 0};
    bool by_order() const { return order != nullptr; }
    // The entries to walk (a list by order: the order's, members or not).
    size_t size() const { return by_order() ? order->size() : candidates.size(); }
    // For a list by order: whether entry `i` of the order matches.
    bool Member(size_t i) const {
      const uint32_t p = (*order)[i].position;
      return ((matching[p / 64] >> (p % 64)) & 1) != 0;
    }
    // Empties the list (a list made again).
    void Reset() {
      candidates.clear();
      order = nullptr;
      matching.clear();
      head = 0;
      split = Split::kNotYet;
      closed.clear();
      open_end = 0;
      open_cursor[0] = open_cursor[1] = 0;
    }
  };
  // Entry `i` of `list`, a list by order (of class `match_class`): true
  // with `*out` set when it is a member and its slot is not taken.
  bool CandidateAt(const CandidateList& list, uint32_t match_class, size_t i,
                   Candidate* out) const;
  // Slot `slot` as a candidate for `match_class`, with its job rank
  // `job_rank` and the policy ranks looked up or evaluated; with
  // `slot_rank_tabled`, the slot's Rank too, from the tables at `position`
  // (its index in slots_).
  Candidate MakeCandidate(uint32_t match_class, uint32_t slot, size_t position, double job_rank,
                          const classad::AttributeOverlay* request_overlay,
                          bool slot_rank_tabled) const;
  // Builds the list of match class `match_class` (for `request_overlay`'s
  // submitter when the lists are per submitter).
  void Build(uint32_t match_class, const classad::AttributeOverlay* request_overlay,
             CandidateList* out) const;
  // The list of `request`'s class (its submitter's when the lists are per
  // submitter), made when first asked for; with `rescan` (a new MatchList)
  // made again when matching reads a live Remote* value.
  CandidateList& ListFor(const MatchRequest& request, bool rescan = false);
  // Builds tables_ the first time (when the lists are shared and the
  // options allow), and the shared orders.
  void BuildTables();
  // With the tables and the policy ranks all tabled, the classes that
  // read the three ranks alike share one order of the slots (stable, by
  // pre, job and post rank): their lists are that order filtered, with no
  // sort of their own.
  void BuildOrders();
  // Whether the jobs' or the slots' Requirements or Rank may read an
  // on-slot ephemeral attribute (policy/ephemeral.h), and a live one
  // (RemoteUserResourcesInUse...), or the policy ranks a live one: found in
  // every expression of the match classes' jobs and of the slots
  // considered (a superset: it costs speed, never a result).
  RemoteReads MatchingRemoteReads();
  // Whether every limit of `list` has room for its amount (count + amount
  // <= max, and the count not negative); the full ones go into `*why`.
  bool LimitsFit(std::string_view list, Rejection* why) const;
  // HTCondor's SubmitterLimitPermits.
  static bool SubmitterLimitPermits(double used, double allowed, double cost);
  // What a policy expression evaluated with MY = a claimed slot and
  // TARGET = the job reads of the slot: only literals of the slot and
  // Remote* attributes fixed for the cycle (kSlot: one value per slot);
  // only Remote* attributes bound from the slot's remote user, besides
  // the request (kRemoteUser: one value per remote user and request); or
  // anything else (kPair).
  enum class Reading { kSlot, kRemoteUser, kPair };
  Reading ReadingOf(const classad::Expr& e) const;
  // Whether no idle job of the pool has attribute `name`.
  bool NoIdleJobHas(const std::string& name) const;

  // Splits PREEMPTION_REQUIREMENTS into its top-level `&&` clauses: those
  // that read only the request (the job and its Submitter* attributes:
  // names no slot of the pool has and that are not Remote* attributes,
  // TARGET.x, literals, operators and a few pure functions); those that
  // read only the slot and nothing that changes during the cycle (kept
  // per slot); those that read the slot only through its remote user
  // (kept per remote user while one request is matched); and the others.
  void SplitPreemptionRequirements();
  // Whether every request-only clause is true for `request` (else no slot
  // can pass PREEMPTION_REQUIREMENTS for it: an `&&` is true only when
  // each of its clauses is).
  bool RequestClausesHold(const MatchRequest& request) const;
  // PREEMPTION_REQUIREMENTS' slot clauses for claimed slot `slot` (with the slot's Remote*
  // overlay), evaluated once per slot for the cycle.
  bool SlotClausesHold(uint32_t slot, const classad::AttributeOverlay* slot_overlay);
  // PREEMPTION_REQUIREMENTS' remote-user clauses for claimed slot `slot` and `request`, kept
  // per remote user for the request whose stamp is `stamp` (evaluated for
  // the slot itself when its Remote* attributes could not be bound).
  bool UserClausesHold(uint32_t slot, const classad::ClassAd& job,
                       const classad::AttributeOverlay* slot_overlay, const MatchRequest& request,
                       uint64_t stamp);
  // PREEMPTION_REQUIREMENTS for claimed slot `slot` and `request` (whose
  // request-only clauses hold), the slot's clauses taken from the cache;
  // `stamp` names the request's Submitter* values for the per-remote-user
  // memo.
  bool PreemptionRequirementsHold(uint32_t slot, const classad::ClassAd& job,
                                  const classad::AttributeOverlay* slot_overlay,
                                  const MatchRequest& request, uint64_t stamp);

  // A candidate as HTCondor's scan judges it for a request: acceptable,
  // in which preemption state, with which PREEMPTION_RANK and limits.
  struct Judged {
    Candidate candidate;
    PreemptState state = PreemptState::kNone;
    float prank = 0;
    std::string matched_limits;
  };
  // How a request is judged (HTCondor's scan in matchmakingAlgorithm).
  struct Judge {
    const MatchRequest* request = nullptr;
    uint64_t stamp = 0;  // for the per-remote-user memo
    bool priority_preemption_possible = true;
    std::string plain_limits;  // its ConcurrencyLimits when a plain string
    bool limits_need_slot = false;
  };
  // Judges candidate `c` of `match_class` (its slot not taken): true with
  // `*out` set when acceptable; else the reason goes into `*why`.
  bool JudgeCandidate(Candidate& c, uint32_t match_class, const Judge& judge, Rejection* why,
                      Judged* out);

  // HTCondor's MatchList (reference §3.5 item 2): a request that does not
  // continue the last list scans every candidate, orders the acceptable
  // ones best first (ranks, then preemption state, then PREEMPTION_RANK)
  // and keeps the rest; the next requests of the same autocluster,
  // submitter, EUP and rank-only state take slots off it without judging
  // them again (PREEMPTION_REQUIREMENTS is not evaluated again while it is
  // stable), under HTCondor's pop-time limit rule. The whole list is
  // judged when it is made, as HTCondor's scan judges it (with the values
  // of then: the live usage, the limit counts, the request's Submitter*
  // values); each rank group
  // is put in order when it is first popped from (the best moved to the
  // front, the rest sorted only when a second slot is wanted).
  struct MatchList {
    bool valid = false;
    uint32_t autocluster = 0;
    uint32_t submitter = 0;
    double eup = 0;
    bool only_startd_rank = false;
    std::vector<Judged> group;   // judged acceptable; from group_head on, not taken yet
    size_t group_head = 0;
    bool group_sorted = false;   // past its best (at 0), the group is in order
    // Rank groups judged ahead (JudgeWholeMatchList), not yet in `group`.
    std::vector<std::vector<Judged>> ahead;
    size_t ahead_head = 0;
    Rejection why;               // what the scan rejected
    bool pop_submitter_limit = false;  // a pop refused by the limit rule
  };
  // The rank groups of a MatchList as its entries are judged in list
  // order: a group is the entries of equal (pre, job, post) ranks, and its
  // acceptable ones go into match_list_.ahead when the ranks change
  // (JudgeIntoGroups) or the walk ends (CloseGroups).
  struct GroupBuilder {
    std::vector<Judged> group;       // the acceptable entries of the current rank group
    std::optional<Candidate> first;  // the current rank group's first entry
  };
  void JudgeIntoGroups(Candidate& c, uint32_t match_class, const Judge& judge,
                       GroupBuilder* groups);
  void CloseGroups(GroupBuilder* groups);
  // Judges every entry of `list` from its head with `judge`, as HTCondor's
  // scan does, into match_list_: its acceptable candidates by rank group
  // (`ahead`, in list order) and the reasons of the others (`why`). What
  // judging reads may change with each match (the live Remote* usage, the
  // limit counts), so the whole list is judged when it is made.
  void JudgeWholeMatchList(CandidateList& list, const Judge& judge);
  // Splits `list` (of class `match_class`, judged for `request`) into its
  // open and closed entries (CandidateList::closed) once; false when the split cannot stand in
  // for judging each entry: a rank that is NaN (the rank groups then
  // depend on which entries are judged) or slot Ranks that read the
  // Remote* attributes (their value depends on when they are computed).
  bool SplitByClaims(CandidateList& list, uint32_t match_class, const MatchRequest& request);
  // SplitByClaims for the entries of a shared order: the open entries
  // (unclaimed slots, claims whose Rank of the job may beat their
  // CurrentRank) and the closed claims grouped by their claim user and
  // what the claim means (ClaimCodeOf), so that a request decides once
  // per group what its claims mean to it instead of once per entry. A
  // piece of a split covers some entries of the order.
  struct SplitPiece {
    std::vector<uint32_t> open;  // entries (indices into the order), ascending
    struct ClosedGroup {
      uint32_t user = 0;  // into claim_users_
      uint32_t code = 0;  // kRefused, kByUser or kJudged
      uint32_t begin = 0, end = 0;  // into closed, ascending entries
    };
    std::vector<ClosedGroup> groups;
    std::vector<uint32_t> closed;
  };
  // The split of a shared order in two pieces: the entries whose slot
  // Rank every class reads alike (a literal Rank, or no claim), worked out
  // once per order; the claims whose slot Rank depends on the class
  // (`variable`), worked out once per slot-Rank signature (MatchTables::
  // SlotRankSignature) into variable_pieces_. `nan`: the entries whose
  // ranks hold a NaN (a list holding one cannot be split).
  struct OrderSplit {
    std::vector<uint32_t> nan;
    SplitPiece fixed;
    std::vector<uint32_t> variable;
  };
  // The split of `match_class`'s order, and the piece of its signature;
  // made when first asked for, kept for the cycle.
  const OrderSplit& OrderSplitFor(uint32_t match_class);
  const SplitPiece& VariablePieceFor(uint32_t match_class);
  // Adds the claimed entries `entries` (ascending) of the order `order` of
  // class `match_class` to `*piece`, open or closed by the slot's Rank of
  // the class's jobs: the open ones merged into piece->open (kept
  // ascending), the closed ones as the piece's groups (made once: a piece
  // takes one call with closed claims).
  void SplitClaims(uint32_t match_class, const std::vector<OrderEntry>& order,
                   const std::vector<uint32_t>& entries, SplitPiece* piece);
  std::vector<std::unique_ptr<OrderSplit>> order_splits_;  // by order
  std::unordered_map<uint64_t, SplitPiece> variable_pieces_;  // by order << 32 | signature
  // JudgeWholeMatchList for a list by order whose split is ready: only the
  // open entries and the closed claims a group's verdict leaves to judge
  // are walked, in order; the reasons the refused groups give go into
  // match_list_.why.
  void JudgeSplitOrderList(CandidateList& list, const Judge& judge);
  // Of piece `piece` of `list`'s split, for `judge`: the open entries
  // available into `*open` (from `*open_cursor`, the list's cursor in that
  // piece, which it moves past the leading ones taken), the closed ones
  // to be judged into `*closed`; what the refused ones say into
  // match_list_.why.
  void CollectFromPiece(const CandidateList& list, const SplitPiece& piece,
                        uint32_t* open_cursor, const Judge& judge, std::vector<uint32_t>* open,
                        std::vector<uint32_t>* closed);
  // JudgeSplitOrderList's, kept for their capacity.
  std::vector<uint32_t> judge_open_, judge_closed_;
  // The slot of entry `i` of `list`.
  uint32_t SlotOfEntry(const CandidateList& list, size_t i) const;
  // What a claim means to a request that may preempt for priority (the
  // low two bits of ClaimCodeOf): kRefused, the slot's clauses of
  // PREEMPTION_REQUIREMENTS fail (every other submitter is refused it);
  // kByUser, judged only when its claim user's clauses hold for the
  // request; kJudged, judged.
  static constexpr uint32_t kRefused = 1, kByUser = 2, kJudged = 3;
  // The users of the claims met in split lists: the claim's remote user
  // (as KindOfClaim compares it) and one of their slots, numbered by
  // remote user and by the user their Remote* attributes were bound for
  // (remote_user_id_), and what they mean to the request whose stamp they
  // carry.
  enum class ClaimVerdict : uint8_t { kJudge, kOwn, kRefused };
  struct ClaimUser {
    std::string_view remote_user;
    uint32_t sample_slot = 0;
    uint64_t stamp = 0;
    ClaimVerdict verdict = ClaimVerdict::kJudge;
  };
  // The code of claimed slot `slot`: the number of its claim user
  // (claim_users_) shifted left by two, or'ed with what the claim means
  // (kRefused, kByUser or kJudged); computed once per slot for the cycle;
  // kNotClaimed when its claim is not considered.
  static constexpr uint32_t kNotClaimed = UINT32_MAX, kNotYetCoded = UINT32_MAX - 1;
  uint32_t ClaimCodeOf(uint32_t slot);
  // What the entries coded kByUser of claim user `user` mean to the
  // request of `judge`: its own claims (refused without a word), refused
  // by the remote-user clauses of PREEMPTION_REQUIREMENTS, or to be judged.
  ClaimVerdict VerdictFor(uint32_t user, const Judge& judge);
  // Whether `a` comes before `b` in a rank group of a MatchList: no
  // preemption, then rank, then priority preemption; then PREEMPTION_RANK.
  static bool BetterJudged(const Judged& a, const Judged& b);
  // The next acceptable candidate of match_list_ (taking the next rank
  // group when the current one is used up), or null at the end.
  Judged* PeekMatchList();
  // Whether match_list_ may serve `request` (HTCondor's checks when
  // PREEMPTION_REQUIREMENTS_STABLE or PREEMPTION_RANK_STABLE is false).
  bool MatchListStillValid(const MatchRequest& request, uint64_t stamp);
  // The PREEMPTION_RANK of a preempting candidate for `request`.
  float PreemptionRankOf(uint32_t slot, const classad::ClassAd& job,
                         const classad::AttributeOverlay* slot_overlay,
                         const MatchRequest& request);
  MatchList match_list_;
  std::vector<ClaimUser> claim_users_;
  // By the slot's remote user's number (ClaimReadingsOf) and the bound
  // user's (remote_user_id_), in the high and low halves.
  std::unordered_map<uint64_t, uint32_t> claim_user_ids_;
  std::vector<uint32_t> claim_code_of_slot_;  // by slot: ClaimCodeOf, or kNotYetCoded

  const Pool& pool_;
  const Autoclusters& autoclusters_;
  const Accountant& accountant_;
  const policy::AccountingView& remote_view_;
  const policy::Policy& policy_;
  std::vector<uint32_t> slots_;
  // One ad for each distinct shape among slots_ (slot_shapes.h), for what
  // is asked of the slots as a whole; kept alive by memory_.shapes.
  std::vector<const classad::ClassAd*> slot_shapes_;
  std::vector<std::shared_ptr<const classad::ClassAd>> slot_shape_owners_;  // the same, shared
  // One ad for each distinct shape among the claimed slots of slots_ (for
  // ReadingOf); kept alive by memory_->shapes.
  std::vector<const classad::ClassAd*> claimed_shapes_;
  MatchmakerMemory* memory_;                    // the caller's, or own_memory_
  std::unique_ptr<MatchmakerMemory> own_memory_;  // when the caller keeps none
  std::vector<uint8_t> taken_;
  size_t remaining_;
  MatchmakerOptions options_;
  bool per_submitter_ = false;      // the lists depend on the request's Submitter* attributes
  bool ranks_read_remote_ = false;  // rank expressions read the slot's Remote* attributes
  // Requirements or Rank of a job or a slot may read a claimed slot's
  // Remote* attributes: matching sees them (HTCondor inserts them into
  // its copies of the slot ads before it matches), pair by pair.
  bool matching_reads_remote_ = false;
  // ... and a live one, which changes as the cycle goes: the class lists
  // are made again for each new MatchList, and the policy ranks are not
  // tabled.
  bool matching_reads_live_ = false;
  std::vector<std::unique_ptr<CandidateList>> lists_;  // by match class (shared lists)
  std::unique_ptr<MatchTables> tables_;                // null: not built (yet), or not used
  static constexpr uint32_t kNoOrder = UINT32_MAX;
  std::vector<std::vector<OrderEntry>> orders_;  // best first
  std::vector<uint32_t> order_of_class_;       // by match class; kNoOrder: sort its own
  bool tables_tried_ = false;
  std::unordered_map<uint64_t, std::unique_ptr<CandidateList>> submitter_lists_;
  // The Remote* attributes of claimed slots, bound once per cycle when
  // first needed (RemoteUserPrio is fixed for the cycle; the usage
  // attributes are computed when read).
  // Slots whose ads give Bind the same inputs (RemoteAttributes::
  // BindingKey: the remote user and PreemptingRank) share one binding.
  const classad::AttributeOverlay* RemoteOverlay(uint32_t slot);
  // What the claim of slot `slot` is read as (its binding key and remote
  // user, numbered), kept between cycles with the slot's ad.
  MatchTableCache::SlotReadings& ClaimReadingsOf(uint32_t slot);
  static constexpr uint32_t kNoBinding = UINT32_MAX;
  std::vector<std::unique_ptr<policy::RemoteAttributes>> bindings_;
  std::vector<uint8_t> binding_failed_;          // by binding: Bind failed
  std::vector<uint32_t> remote_user_of_binding_;  // by binding: its remote user's number
  // The binding of each key this cycle: by the key's number when it is
  // fixed, by its text when it is read afresh.
  std::unordered_map<uint32_t, uint32_t> binding_of_key_number_;
  std::unordered_map<std::string, uint32_t> binding_of_key_;
  std::vector<uint32_t> remote_;       // by slot: its binding (once bound)
  std::vector<uint8_t> remote_bound_;  // 0: not yet; 1: bound; 2: failed
  // Bound already (PrepareAll binds every claimed slot's first when the
  // ranks read them, so that its threads only read them): null otherwise.
  const classad::AttributeOverlay* BoundRemoteOverlay(uint32_t slot) const {
    return remote_bound_[slot] == 1 ? &bindings_[remote_[slot]]->overlay() : nullptr;
  }
  SlotRankTable pre_ranks_, post_ranks_;
  // By slot: what its Rank is compared with (claimed slots), its
  // CurrentRankValue as RankForComparison keeps it.
  std::vector<double> current_rank_;
  // The rank conditions evaluated, for ranks not comparable as doubles.
  RankConditionEvaluator rank_conditions_;
  // PREEMPTION_REQUIREMENTS' clauses (SplitPreemptionRequirements): those
  // that read only the request are evaluated once per request, those that
  // read only the slot once per slot (an empty ad stands in for the side
  // they do not read); pr_split_ when the clauses are taken one by one (two
  // or more of them).
  std::vector<const classad::Expr*> request_clauses_;
  std::vector<const classad::Expr*> slot_clauses_;
  std::vector<const classad::Expr*> user_clauses_;  // kRemoteUser (memo per request)
  std::vector<const classad::Expr*> pair_clauses_;
  bool pr_split_ = false;
  std::vector<uint8_t> slot_clauses_state_;  // by slot: 0 not yet, 1 hold, 2 fail
  // Whether slot_clauses_' results are kept with the slots' ads, and the
  // number they are filed under (MatchTableCache::SlotReadings).
  bool slot_clauses_kept_ = false;
  uint32_t slot_clauses_number_ = 0;
  // The remote users of the slots bound so far (RemoteOverlay), numbered;
  // the user clauses' result per user for the request whose stamp it has.
  std::unordered_map<std::string, uint32_t> remote_user_ids_;
  std::vector<uint32_t> remote_user_id_;  // by slot
  std::vector<uint8_t> user_memo_;
  std::vector<uint64_t> user_memo_stamp_;
  uint64_t request_stamp_ = 0;  // FindOffer calls so far
  // PREEMPTION_RANK per slot, when it reads only the slot (kSlot).
  bool preemption_rank_per_slot_ = false;
  std::vector<uint8_t> preemption_rank_known_;
  std::vector<float> preemption_rank_;
  classad::ClassAd empty_ad_;
  classad::EvalOptions eval_options_;
  policy::RemoteAttributeOptions remote_options_;  // of policy_.matching
};

}  // namespace negotiator

#endif  // NEGOTIATOR_MATCHING_MATCHMAKER_H_
