// A job or slot ad cut down to what can be read from it in a pool
// (ad_cutter.h).
#include "negotiator/pool/ad_cutter.h"

#include <algorithm>
#include <bit>
#include <functional>
#include <set>
#include <utility>

#include "classad/bytes.h"
#include "classad/expression_reads.h"
#include "classad/operators.h"
#include "classad/unparse.h"
#include "negotiator/pool/submitter_identity.h"
#include "policy/text_util.h"

namespace negotiator {
namespace {

using classad::AttrRef;
using classad::ClassAd;
using classad::Expr;
using classad::ExprPtr;

// Past these sizes the kept expressions and layouts are dropped (they are
// only shortcuts; a pool of distinct ads would otherwise keep them all).
constexpr size_t kMaxKeptExpressions = size_t{1} << 16;
constexpr size_t kMaxKeptLayouts = size_t{1} << 8;
// Cut ads are looked for among those still alive; the table is swept of
// the others after this many insertions.
constexpr size_t kSweepEvery = size_t{1} << 16;

// Names every pool reads from a job ad besides what slots and the policy
// read: what the schedd always compares for autoclusters, and what a
// startd carves a dynamic slot by.
constexpr const char* kAlwaysRead[] = {
    "Requirements", "Rank",          "ConcurrencyLimits", "FlockTo",
    "RequestCpus",  "RequestMemory", "RequestDisk",       "RequestGPUs",
};

// The names the negotiator reads from a slot ad by name (ad_cutter.h), by
// reader: the pool (pool.cc: its description of a slot, carving, claims
// and their end, linking running jobs), the accountant
// (slot_accounting.cc, accountant.cc), the Remote* attributes
// (policy/ephemeral.cc), matching and preemption (match_tables.cc,
// matchmaker.cc, preemption.cc), the cycle (cycle.cc); and the names the
// pool writes.
constexpr std::string_view kSlotNames[] = {
    // What a slot is and its state.
    "Name", "State", "Activity", "PartitionableSlot", "DynamicSlot", "SlotType",
    "EnteredCurrentState", "EnteredCurrentActivity", "RetirementTimeRemaining",
    // Who runs on it, and the claim.
    "RemoteUser", "AccountingGroup", "RemoteOwner", "PreemptingAccountingGroup",
    "PreemptingUser", "PreemptingRank", "CurrentRank", "JobId", "RemoteScheddName",
    "ConcurrencyLimits", "PreemptingConcurrencyLimits", "MatchedConcurrencyLimits",
    // The accountant's resource name, weight and consumption-policy cost.
    "StartdIpAddr", "SlotWeight", "_cp_match_cost",
    // Matching, and NEGOTIATOR_CROSS_SLOT_PRIOS' count.
    "Requirements", "Rank", "TotalSlots",
    // What a dynamic slot is carved by (the startd's MODIFY_REQUEST_EXPR_*
    // read DiskQuantum), and the effective slots of group quotas.
    "Cpus", "Memory", "Disk", "DiskQuantum",
};

// The positions of `ad`'s attributes, in its order.
std::vector<uint32_t> PositionsInOrder(const ClassAd& ad) {
  std::vector<uint32_t> out(ad.size());
  for (size_t i = 0; i < ad.size(); ++i) out[i] = static_cast<uint32_t>(ad.layout()->position(i));
  return out;
}

// Whether two literal values print alike and are the very same value
// (reals bit for bit: 0.0 and -0.0 print apart; the text of a real keeps
// 16 digits).
bool SameLiteral(const classad::Value& x, const classad::Value& y) {
  if (x.type() != y.type()) return false;
  switch (x.type()) {
    case classad::ValueType::kInteger:
      return x.integer() == y.integer();
    case classad::ValueType::kBoolean:
      return x.boolean() == y.boolean();
    case classad::ValueType::kString:
      return x.string() == y.string();
    case classad::ValueType::kReal:
      return std::bit_cast<uint64_t>(x.real()) == std::bit_cast<uint64_t>(y.real());
    default: {
      std::string x_text, y_text;
      classad::UnparseValueTo(x, &x_text);
      classad::UnparseValueTo(y, &y_text);
      return x_text == y_text && classad::IdenticalValues(x, y);
    }
  }
}

// Inserts into `out` what `ref` (an attribute of another ad) holds, as
// `name`: the same literal or the same expression, shared, or copied by
// `copier` when there is one.
void InsertCopy(std::string_view name, const AttrRef& ref, ClassAd* out,
                classad::ValueCopier* copier = nullptr) {
  if (ref.is_literal()) {
    out->InsertValue(name, copier != nullptr ? copier->Copy(ref.literal()) : ref.literal());
  } else {
    out->Insert(name, copier != nullptr ? copier->Copy(ref.expr_ptr()) : ref.expr_ptr());
  }
}

}  // namespace

std::span<const std::string_view> SlotNamesReadDirectly() { return kSlotNames; }

AdCutter::AdCutter(const policy::Policy& policy, AdSide side) : side_(side) {
  const policy::MatchPolicy& m = policy.matching;
  if (side == AdSide::kJob) {
    for (const char* name : kAlwaysRead) WatchName(name);
    for (std::string_view name : kSubmitterIdentityNames) WatchName(std::string(name));
    for (const std::string& name : m.significant_attributes) WatchName(name);
    for (const std::string& name : m.add_significant_attributes) WatchName(name);
    for (const std::string& name : m.startd_job_attrs) WatchName(name);
  } else {
    for (std::string_view name : kSlotNames) WatchName(std::string(name));
    // The Remote* attributes then read <prefix><n>_RemoteUser and the like.
    if (m.cross_slot_prios) reads_unknown_ = true;
  }
  std::vector<const policy::PolicyExpression*> expressions = {
      &policy.accountant.slot_weight, &m.preemption_requirements, &m.preemption_rank,
      &m.pre_job_rank,                &m.post_job_rank,           &m.slot_constraint,
      &m.job_constraint,              &m.submitter_constraint,    &m.slot_poolsize_constraint,
      &m.start_vanilla_universe,      &policy.groups.sort_expr};
  for (const policy::PolicyExpression& e : m.match_exprs) expressions.push_back(&e);
  for (const policy::PolicyExpression* e : expressions) {
    if (e->is_set()) Watch(*e->expr);
  }
}

bool AdCutter::WatchName(std::string name) {
  for (char& c : name) c = classad::bytes::FoldAscii(c);
  return Add(name);
}

bool AdCutter::Add(const std::string& name) {
  if (!watched_.insert(name).second) return false;
  log_.push_back(name);
  return true;
}

void AdCutter::ForgetWatchesSince(const WatchMark& mark) {
  reads_unknown_ = mark.reads_unknown;
  // What was watched may be among the names forgotten.
  last_watched_.reset();
  ++watches_forgotten_;
  while (log_.size() > mark.names) {
    watched_.erase(log_.back());
    log_.pop_back();
  }
  layouts_.clear();  // their watched positions are out of date
}

void AdCutter::ForgetKeptExpressions() {
  last_watched_.reset();
  expr_names_.clear();
  texts_.clear();
  layouts_.clear();
}

bool AdCutter::Watch(const Expr& e) {
  std::set<std::string> names;
  bool grew = false;
  if (!classad::AllNamesRead(e, &names) && !reads_unknown_) {
    reads_unknown_ = true;
    grew = true;
  }
  for (const std::string& name : names) grew |= Add(name);
  return grew;
}

bool AdCutter::WatchWhatCopyWatched(const AdCutter& copy) {
  bool grew = false;
  if (copy.reads_unknown_ && !reads_unknown_) {
    reads_unknown_ = true;
    grew = true;
  }
  for (const std::string& name : copy.log_) grew |= Add(name);
  if (grew) layouts_.clear();  // their watched positions are out of date
  return grew;
}

bool AdCutter::WatchReadsOf(const std::shared_ptr<const ClassAd>& other) {
  if (other == last_watched_) return false;
  last_watched_ = other;
  bool grew = false;
  for (size_t i = 0; i < other->size(); ++i) {
    const AttrRef ref = other->at(i);
    if (!ref.is_literal()) {
      ExprNames& names = NamesOf(ref.expr_ptr());
      // Most expressions recur (the cut job ads of one queue share them).
      if (names.watched_since == watches_forgotten_) continue;
      if (!names.known && !reads_unknown_) {
        reads_unknown_ = true;
        grew = true;
      }
      for (const std::string& name : names.names) grew |= Add(name);
      names.watched_since = watches_forgotten_;
    } else if (ref.literal().IsList() || ref.literal().IsAd()) {
      std::set<std::string> names;
      if (!classad::LiteralNamesRead(ref.literal(), &names) && !reads_unknown_) {
        reads_unknown_ = true;
        grew = true;
      }
      for (const std::string& name : names) grew |= Add(name);
    }
  }
  if (grew) layouts_.clear();  // their watched positions are out of date
  return grew;
}

AdCutter::ExprNames& AdCutter::NamesOf(const ExprPtr& e) {
  auto found = expr_names_.find(e.get());
  if (found != expr_names_.end()) return found->second;
  if (expr_names_.size() >= kMaxKeptExpressions) expr_names_.clear();
  std::set<std::string> names;
  ExprNames entry;
  entry.expr = e;
  entry.known = classad::AllNamesRead(*e, &names);
  entry.names.assign(names.begin(), names.end());
  return expr_names_.emplace(e.get(), std::move(entry)).first->second;
}

const AdCutter::LayoutWatch& AdCutter::WatchedPositions(
    const std::shared_ptr<const ClassAd>& ad) {
  const classad::AdLayout* layout = ad->layout();
  auto found = layouts_.find(layout);
  if (found != layouts_.end()) return found->second;
  if (layouts_.size() >= kMaxKeptLayouts) layouts_.clear();
  LayoutWatch watch;
  watch.layout = ad->shared_layout();
  for (size_t p = 0; p < layout->size(); ++p) {
    if (watched_.count(classad::bytes::FoldAsciiCopy(layout->name(p))) > 0) {
      watch.positions.push_back(static_cast<uint32_t>(p));
    }
  }
  return layouts_.emplace(layout, std::move(watch)).first->second;
}

const std::string& AdCutter::TextOf(const AttrRef& expression) {
  auto [it, added] = texts_.try_emplace(&expression.expr());
  if (added) {
    it->second.first = expression.expr_ptr();
    classad::UnparseTo(expression.expr(), &it->second.second);
  }
  return it->second.second;
}

void AdCutter::AppendText(const ClassAd& ad, const std::vector<uint32_t>& positions,
                             std::string* out) {
  for (uint32_t p : positions) {
    out->append(ad.layout()->name(p));
    out->push_back('=');
    const AttrRef ref = ad.AtPosition(p);
    if (ref.is_literal()) {
      out->push_back('\x02');  // a literal and an expression of the same text differ
      classad::UnparseValueTo(ref.literal(), out);
    } else {
      out->append(TextOf(ref));
    }
    out->push_back('\0');
  }
}

bool AdCutter::SameCut(const ClassAd& a, const std::vector<uint32_t>& in_a, const ClassAd& b,
                          const std::vector<uint32_t>& in_b) {
  if (in_a.size() != in_b.size()) return false;
  for (size_t i = 0; i < in_a.size(); ++i) {
    if (a.layout()->name(in_a[i]) != b.layout()->name(in_b[i])) return false;
    const AttrRef x = a.AtPosition(in_a[i]);
    const AttrRef y = b.AtPosition(in_b[i]);
    if (x.is_literal() != y.is_literal()) return false;
    if (x.is_literal()) {
      if (!SameLiteral(x.literal(), y.literal())) return false;
    } else if (&x.expr() != &y.expr()) {
      // The same text, and the same reals in it (the text keeps 16 digits).
      if (TextOf(x) != TextOf(y) || !x.expr().SameAs(y.expr())) return false;
    }
  }
  return true;
}

bool AdCutter::KeptPositions(const std::shared_ptr<const ClassAd>& job,
                                std::vector<uint32_t>* positions) {
  if (reads_unknown_ || job->layout() == nullptr || job->layout()->size() != job->size()) {
    return false;
  }
  const classad::AdLayout& layout = *job->layout();
  // The positions kept: the watched names the job has, then what their
  // expressions read in the job, followed to any depth.
  std::vector<char> kept(layout.size(), 0);
  std::vector<uint32_t> todo = WatchedPositions(job).positions;
  for (uint32_t p : todo) kept[p] = 1;
  if (layout.has_special_names()) {
    // An attribute named like a special name (`target`, `my`, `parent`,
    // ...) changes what `TARGET.x` and the like resolve to in the ad's own
    // expressions, which the names they read do not show.
    for (size_t p = 0; p < layout.size(); ++p) {
      if (!kept[p] && classad::ClassifyName(layout.name(p)) != classad::NameClass::kOrdinary) {
        kept[p] = 1;
        todo.push_back(static_cast<uint32_t>(p));
      }
    }
  }
  if (side_ == AdSide::kSlot) {
    // Every expression of a slot ad but lists: the significant attributes
    // are collected from them all (autoclusters/significant_attributes.h).
    for (size_t p = 0; p < layout.size(); ++p) {
      const AttrRef ref = job->AtPosition(p);
      if (!kept[p] && !ref.is_literal() && ref.expr().kind() != classad::ExprKind::kList) {
        kept[p] = 1;
        todo.push_back(static_cast<uint32_t>(p));
      }
    }
  }
  while (!todo.empty()) {
    const uint32_t p = todo.back();
    todo.pop_back();
    const AttrRef ref = job->AtPosition(p);
    std::set<std::string> literal_names;
    const std::vector<std::string>* names = nullptr;
    if (!ref.is_literal()) {
      const ExprNames& read = NamesOf(ref.expr_ptr());
      if (!read.known) return false;
      names = &read.names;
    } else if (ref.literal().IsList() || ref.literal().IsAd()) {
      if (!classad::LiteralNamesRead(ref.literal(), &literal_names)) return false;
    }
    auto follow = [&](const std::string& name) {
      const int q = layout.Find(name, classad::HashAttributeName(name));
      if (q >= 0 && !kept[static_cast<size_t>(q)]) {
        kept[static_cast<size_t>(q)] = 1;
        todo.push_back(static_cast<uint32_t>(q));
      }
    };
    if (names != nullptr) {
      for (const std::string& name : *names) follow(name);
    }
    for (const std::string& name : literal_names) follow(name);
  }
  positions->clear();
  for (size_t i = 0; i < job->size(); ++i) {
    const size_t p = layout.position(i);
    if (kept[p]) positions->push_back(static_cast<uint32_t>(p));
  }
  return true;
}

std::shared_ptr<const ClassAd> AdCutter::Cut(const std::shared_ptr<const ClassAd>& job,
                                                bool* cut, classad::ValueCopier* copier) {
  if (cut != nullptr) *cut = false;
  // The kept attributes, in the job's order. Their text finds an equal ad
  // cut before; only a new one is built.
  std::vector<uint32_t> positions;
  if (!KeptPositions(job, &positions)) return job;
  if (texts_.size() >= kMaxKeptExpressions) texts_.clear();
  std::string text;
  AppendText(*job, positions, &text);
  const size_t hash = std::hash<std::string>()(text);
  if (cut != nullptr) *cut = true;
  std::weak_ptr<const ClassAd>& slot = shared_[hash];
  if (std::shared_ptr<const ClassAd> earlier = slot.lock()) {
    if (SameCut(*earlier, PositionsInOrder(*earlier), *job, positions)) return earlier;
    // Another ad of that hash is kept: this one is not shared.
    return Build(*job, positions, copier);
  }
  std::shared_ptr<const ClassAd> made = Build(*job, positions, copier);
  slot = made;
  if (++inserted_since_sweep_ >= kSweepEvery) {
    inserted_since_sweep_ = 0;
    std::erase_if(shared_, [](const auto& entry) { return entry.second.expired(); });
  }
  return made;
}

std::unique_ptr<AdCutter> AdCutter::ForReadingThread(
    std::span<const std::string_view> also) const {
  std::unique_ptr<AdCutter> copy(new AdCutter());
  copy->side_ = side_;
  copy->watched_ = watched_;
  copy->reads_unknown_ = reads_unknown_;
  for (std::string_view name : also) copy->WatchName(std::string(name));
  return copy;
}

std::shared_ptr<ClassAd> AdCutter::Trim(std::shared_ptr<ClassAd> ad) {
  std::vector<uint32_t> positions;
  if (!KeptPositions(ad, &positions)) return ad;
  if (positions.size() == ad->size()) return ad;  // nothing to leave out
  return Build(*ad, positions);
}

std::shared_ptr<ClassAd> AdCutter::Copy(const ClassAd& ad, classad::ValueCopier* copier) {
  auto out = std::make_shared<ClassAd>();
  out->Reserve(ad.size());
  for (size_t i = 0; i < ad.size(); ++i) InsertCopy(ad.name(i), ad.at(i), out.get(), copier);
  return out;
}

std::shared_ptr<ClassAd> AdCutter::Widen(const ClassAd& current, const ClassAd& trimmed,
                                         classad::ValueCopier* copier) {
  std::vector<size_t> missing;
  for (size_t i = 0; i < trimmed.size(); ++i) {
    const std::string_view name = trimmed.name(i);
    if (current.Find(name)) continue;
    const bool read_directly = std::any_of(
        std::begin(kSlotNames), std::end(kSlotNames),
        [name](std::string_view fixed) { return policy::EqualsNoCase(fixed, name); });
    if (!read_directly) missing.push_back(i);
  }
  if (missing.empty()) return nullptr;
  // Built at its final size: inserting into a copy would double its array.
  auto out = std::make_shared<ClassAd>();
  out->Reserve(current.size() + missing.size());
  for (size_t i = 0; i < current.size(); ++i) InsertCopy(current.name(i), current.at(i), out.get());
  for (size_t i : missing) InsertCopy(trimmed.name(i), trimmed.at(i), out.get(), copier);
  return out;
}

std::shared_ptr<ClassAd> AdCutter::Build(const ClassAd& job, const std::vector<uint32_t>& positions,
                                         classad::ValueCopier* copier) {
  auto out = std::make_shared<ClassAd>();
  out->Reserve(positions.size());
  for (uint32_t p : positions) {
    InsertCopy(job.layout()->name(p), job.AtPosition(p), out.get(), copier);
  }
  layout_table_.Intern(out.get());  // cut ads of the same names share their layout
  return out;
}

}  // namespace negotiator
