#include "classad/match.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_set>

#include "classad/operators.h"
#include "classad/scope.h"
#include "classad/unparse.h"

namespace classad {

namespace {

const Expr& WithoutParens(const Expr& e) {
  const Expr* p = &e;
  while (p->kind() == ExprKind::kParens) p = &p->child(0);
  return *p;
}

// Bounds on learning what to fetch ahead for one layout.
constexpr size_t kMaxFollowed = 64;  // slot expressions followed
constexpr size_t kMaxFetched = 48;   // attributes fetched ahead per slot
// Fetch lists kept across passes (one per slot layout seen).
constexpr size_t kMaxKeptFetchLists = 4096;

}  // namespace

std::vector<std::string> NamesJobsReadFromSlots(std::span<const ClassAd* const> jobs,
                                                std::span<const ClassAd* const> slots,
                                                const EvalOptions& options) {
  std::vector<const ClassAd*> one_slot_per_layout;
  std::unordered_set<const AdLayout*> layouts;
  for (const ClassAd* slot : slots) {
    if (layouts.insert(slot->layout()).second) one_slot_per_layout.push_back(slot);
  }
  std::unordered_set<std::string> expressions_seen;
  std::map<std::string, size_t> readers;  // name -> pairs that read it
  for (const ClassAd* job : jobs) {
    std::string key;
    for (const char* name : {"Requirements", "Rank"}) {
      const ExprPtr expr = job->LookupPtr(name);
      key += expr ? Unparse(*expr) : "-";
      key += '\n';
    }
    if (!expressions_seen.insert(std::move(key)).second) continue;
    const MatchKernel kernel(job, options);
    for (const ClassAd* slot : one_slot_per_layout) {
      for (std::string& name : kernel.SlotReads(*slot)) ++readers[std::move(name)];
    }
  }
  // Spellings that differ only in case name one attribute: counted
  // together, under the first spelling in byte order.
  std::vector<std::pair<size_t, std::string>> ranked;
  std::unordered_map<std::string, size_t> folded;  // lower-case name -> index
  for (auto& [name, count] : readers) {
    std::string lower = name;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto [it, added] = folded.try_emplace(std::move(lower), ranked.size());
    if (added) {
      ranked.emplace_back(count, name);
    } else {
      ranked[it->second].first += count;
    }
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> names;
  names.reserve(ranked.size());
  for (auto& entry : ranked) names.push_back(std::move(entry.second));
  return names;
}

void CollectReferencedNames(const Expr& expr, std::vector<std::string>* mine,
                            std::vector<std::string>* theirs) {
  const Expr& e = WithoutParens(expr);
  switch (e.kind()) {
    case ExprKind::kAttribute:
      if (!e.absolute() && e.name_class() == NameClass::kOrdinary) {
        mine->push_back(e.name());
        // The match wrapper's attributes read both ads' Requirements or
        // Rank (when the ad lacks the name; match_wrapper.cc).
        const MatchWrapperName kind = KindOfMatchWrapperName(e.name());
        if (kind == MatchWrapperName::kRequirements || kind == MatchWrapperName::kRank) {
          const char* read = kind == MatchWrapperName::kRank ? "Rank" : "Requirements";
          mine->push_back(read);
          theirs->push_back(read);
        }
      }
      return;
    case ExprKind::kSelect: {
      const Expr& base = WithoutParens(e.child(0));
      if (base.kind() == ExprKind::kAttribute && !base.absolute()) {
        if (base.name_class() == NameClass::kTarget) {
          theirs->push_back(e.name());
          return;
        }
        if (base.name_class() == NameClass::kMy) {
          mine->push_back(e.name());
          return;
        }
        // The match wrapper's ads (when the ad lacks the base's name):
        // `other.x` is TARGET.x, `ad.x` MY.x, LEFT.x and RIGHT.x either.
        const MatchWrapperName kind = base.name_class() == NameClass::kOrdinary
                                          ? KindOfMatchWrapperName(base.name())
                                          : MatchWrapperName::kNone;
        if (kind != MatchWrapperName::kNone) {
          if (kind != MatchWrapperName::kOtherAd) mine->push_back(e.name());
          if (kind != MatchWrapperName::kOwnAd) theirs->push_back(e.name());
        }
      }
      CollectReferencedNames(base, mine, theirs);
      return;
    }
    case ExprKind::kAd:
      return;  // names inside nested ads resolve there first
    default:
      for (const ExprPtr& child : e.children()) CollectReferencedNames(*child, mine, theirs);
      return;
  }
}

MatchKernel::MatchKernel(const ClassAd* job, const EvalOptions& options)
    : job_requirements_(job->Find("Requirements")),
      job_rank_(job->Find("Rank")),
      requirements_hash_(HashAttributeName("Requirements")),
      match_(job, job),
      job_context_(options, BorrowScope(match_.my_scope())),
      slot_context_(options, BorrowScope(match_.target_scope())) {
  std::vector<std::string> mine;
  for (auto [attribute, program] : {std::pair{job_requirements_, &requirements_program_},
                                    std::pair{job_rank_, &rank_program_}}) {
    if (attribute && !attribute.is_literal()) {
      CollectReferencedNames(attribute.expr(), &mine, &job_reads_);
      *program = Program::CompileBound(attribute.expr(), *job);
    }
  }
  // An unqualified name the job does not define is looked up in the slot.
  for (std::string& name : mine) {
    if (!job->Find(name)) job_reads_.push_back(std::move(name));
  }
}

const std::vector<uint32_t>& MatchKernel::AttributesToFetch(const ClassAd& slot) {
  const std::vector<uint32_t>* list = fetch_lists_.Get(
      slot.layout(), [&](const AdLayout* layout, const std::vector<uint32_t>** out) {
        // Kept from an earlier pass if the layout there has the same names
        // (a freed layout's address may have been reused).
        const uint64_t fingerprint = layout != nullptr ? layout->Fingerprint() : 0;
        auto [it, added] = kept_fetch_lists_.try_emplace(layout);
        KeptFetchList& kept = it->second;
        *out = &kept.positions;
        if (!added && kept.fingerprint == fingerprint) return;
        kept.fingerprint = fingerprint;
        kept.positions.clear();
        LearnFetchList(slot, &kept.positions);
      });
  return *list;
}

std::vector<uint32_t> MatchKernel::SlotReadPositions(const ClassAd& slot) const {
  // Breadth first from what the job reads and the slot's Requirements,
  // through the slot's own expressions.
  std::vector<uint32_t> found;
  const AdLayout* layout = slot.layout();
  if (layout == nullptr) return found;
  std::unordered_set<int> seen;
  std::vector<std::string> pending = job_reads_;
  pending.push_back("Requirements");
  size_t followed = 0;
  for (size_t next = 0; next < pending.size() && found.size() < kMaxFetched; ++next) {
    const int p = layout->Find(pending[next], HashAttributeName(pending[next]));
    if (p < 0 || !seen.insert(p).second) continue;
    found.push_back(static_cast<uint32_t>(p));
    const AttrRef attribute = slot.AtPosition(static_cast<size_t>(p));
    if (!attribute.is_literal() && followed++ < kMaxFollowed) {
      std::vector<std::string> theirs;
      CollectReferencedNames(attribute.expr(), &pending, &theirs);
    }
  }
  return found;
}

std::vector<std::string> MatchKernel::SlotReads(const ClassAd& slot) const {
  std::vector<std::string> names;
  for (uint32_t p : SlotReadPositions(slot)) names.push_back(slot.layout()->name(p));
  return names;
}

void MatchKernel::LearnFetchList(const ClassAd& slot, std::vector<uint32_t>* list) const {
  // Learned from the first slot of this layout. (A later slot of the
  // layout may read other attributes: fetching is only a hint.)
  *list = SlotReadPositions(slot);
  std::sort(list->begin(), list->end());
}

void MatchKernel::FetchAhead(const ClassAd& slot) {
  // A list is sorted: when its last position is within the slot, all are
  // (a list kept from an earlier pass is only a hint).
  const std::vector<uint32_t>& list = AttributesToFetch(slot);
  if (list.empty() || list.back() >= slot.size()) return;
  for (uint32_t i : list) slot.Prefetch(i);
}

Value MatchKernel::EvaluateJobAttr(const AttrRef& attribute, const Program* program) {
  if (attribute.is_literal()) return attribute.literal();
  // As a new context's Evaluate(attribute) would, with the job's literals
  // bound.
  job_context_.Restart();
  return job_context_.EvaluateBound(*program, attribute.expr());
}

AttrRef MatchKernel::SlotRequirements(const ClassAd& slot, bool in_pass) {
  if (!in_pass) return slot.Find("Requirements", requirements_hash_);
  const int32_t position =
      requirements_at_.Get(slot.layout(), [this](const AdLayout* layout, int32_t* position) {
        *position = layout != nullptr ? layout->Find("Requirements", requirements_hash_) : -1;
      });
  return position >= 0 ? slot.AtPosition(static_cast<size_t>(position)) : AttrRef();
}

MatchResult MatchKernel::MatchOne(const ClassAd& slot) { return Evaluate(slot, false); }

MatchResult MatchKernel::Evaluate(const ClassAd& slot, bool in_pass) {
  MatchResult result;
  if (!job_requirements_) return result;
  match_.Retarget(&slot);
  if (!IsTrueValue(EvaluateJobAttr(job_requirements_, requirements_program_.get()))) {
    return result;
  }
  {
    const AttrRef slot_requirements = SlotRequirements(slot, in_pass);
    if (!slot_requirements) return result;
    slot_context_.Restart();
    if (!IsTrueValue(slot_context_.Evaluate(slot_requirements))) return result;
  }
  result.matched = true;
  if (job_rank_) result.rank = RankValue(EvaluateJobAttr(job_rank_, rank_program_.get()));
  return result;
}

void MatchKernel::Match(std::span<const ClassAd* const> slots, std::vector<MatchResult>* out) {
  // Two stages ahead of the evaluation: the ad object eight slots ahead,
  // then (its layout known) the attributes four slots ahead.
  constexpr size_t kObjectsAhead = 8;
  constexpr size_t kAttributesAhead = 4;
  const size_t n = slots.size();
  out->resize(n);
  // What is learned during the pass is right only for its ads: it starts
  // empty and is forgotten at the end.
  ForgetPass();
  if (kept_fetch_lists_.size() > kMaxKeptFetchLists) kept_fetch_lists_.clear();
  job_context_.UseLoadCache(&load_cache_);
  slot_context_.UseLoadCache(&load_cache_);
  for (size_t i = 0; i < n; ++i) {
    if (i + kObjectsAhead < n) __builtin_prefetch(slots[i + kObjectsAhead]);
    if (i + kAttributesAhead < n) FetchAhead(*slots[i + kAttributesAhead]);
    (*out)[i] = Evaluate(*slots[i], true);
  }
  job_context_.UseLoadCache(nullptr);
  slot_context_.UseLoadCache(nullptr);
  ForgetPass();
}

void MatchKernel::ForgetPass() {
  fetch_lists_.Clear();
  load_cache_.Clear();
  requirements_at_.Clear();
}

}  // namespace classad
