// A job ad cut down to what can be read from it in a pool (job_ad_cutter.h).
#include "negotiator/pool/job_ad_cutter.h"

#include <functional>
#include <set>
#include <utility>

#include "classad/bytes.h"
#include "classad/expression_reads.h"
#include "classad/operators.h"
#include "classad/unparse.h"
#include "negotiator/pool/submitter_identity.h"

namespace negotiator {
namespace {

using classad::AttrRef;
using classad::ClassAd;
using classad::Expr;
using classad::ExprPtr;

// Past these sizes the kept expressions and layouts are dropped (they are
// only shortcuts; a pool of distinct ads would otherwise keep them all).
constexpr size_t kMaxKeptExpressions = size_t{1} << 16;
constexpr size_t kMaxKeptLayouts = size_t{1} << 12;
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

// Whether cut ads `a` and `b`, whose texts are equal, hold the very same
// values: the text of a real keeps 16 digits, so reals (alone, or in an
// expression) are compared exactly besides.
bool SameValues(const ClassAd& a, const ClassAd& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const AttrRef x = a.at(i);
    const AttrRef y = b.at(i);
    if (x.is_literal() != y.is_literal()) return false;
    if (x.is_literal() ? !classad::IdenticalValues(x.literal(), y.literal())
                       : !(&x.expr() == &y.expr() || x.expr().SameAs(y.expr()))) {
      return false;
    }
  }
  return true;
}

}  // namespace

JobAdCutter::JobAdCutter(const policy::Policy& policy) {
  for (const char* name : kAlwaysRead) WatchName(name);
  for (std::string_view name : kSubmitterIdentityNames) WatchName(std::string(name));
  const policy::MatchPolicy& m = policy.matching;
  for (const std::string& name : m.significant_attributes) WatchName(name);
  for (const std::string& name : m.add_significant_attributes) WatchName(name);
  for (const std::string& name : m.startd_job_attrs) WatchName(name);
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

bool JobAdCutter::WatchName(std::string name) {
  for (char& c : name) c = classad::bytes::FoldAscii(c);
  return Add(name);
}

bool JobAdCutter::Add(const std::string& name) {
  if (!watched_.insert(name).second) return false;
  log_.push_back(name);
  return true;
}

void JobAdCutter::ForgetWatchesSince(const WatchMark& mark) {
  reads_unknown_ = mark.reads_unknown;
  while (log_.size() > mark.names) {
    watched_.erase(log_.back());
    log_.pop_back();
  }
  layouts_.clear();  // their watched positions are out of date
}

bool JobAdCutter::Watch(const Expr& e) {
  std::set<std::string> names;
  bool grew = false;
  if (!classad::AllNamesRead(e, &names) && !reads_unknown_) {
    reads_unknown_ = true;
    grew = true;
  }
  for (const std::string& name : names) grew |= Add(name);
  return grew;
}

bool JobAdCutter::WatchSlot(const ClassAd& slot) {
  bool grew = false;
  for (size_t i = 0; i < slot.size(); ++i) {
    const AttrRef ref = slot.at(i);
    if (!ref.is_literal()) {
      const ExprNames& names = NamesOf(ref.expr_ptr());
      if (!names.known && !reads_unknown_) {
        reads_unknown_ = true;
        grew = true;
      }
      for (const std::string& name : names.names) grew |= Add(name);
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

const JobAdCutter::ExprNames& JobAdCutter::NamesOf(const ExprPtr& e) {
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

const JobAdCutter::LayoutWatch& JobAdCutter::WatchedPositions(
    const std::shared_ptr<const ClassAd>& ad) {
  const classad::AdLayout* layout = ad->layout();
  auto found = layouts_.find(layout);
  if (found != layouts_.end()) return found->second;
  if (layouts_.size() >= kMaxKeptLayouts) layouts_.clear();
  LayoutWatch watch;
  watch.holder = ad;
  for (size_t p = 0; p < layout->size(); ++p) {
    if (watched_.count(classad::bytes::FoldAsciiCopy(layout->name(p))) > 0) {
      watch.positions.push_back(static_cast<uint32_t>(p));
    }
  }
  return layouts_.emplace(layout, std::move(watch)).first->second;
}

void JobAdCutter::AppendText(const ClassAd& ad, std::string* out) {
  for (size_t i = 0; i < ad.size(); ++i) {
    out->append(ad.name(i));
    out->push_back('=');
    const AttrRef ref = ad.at(i);
    if (ref.is_literal()) {
      out->push_back('\x02');  // a literal and an expression of the same text differ
      classad::UnparseValueTo(ref.literal(), out);
    } else {
      auto [it, added] = texts_.try_emplace(&ref.expr());
      if (added) {
        it->second.first = ref.expr_ptr();
        classad::UnparseTo(ref.expr(), &it->second.second);
      }
      out->append(it->second.second);
    }
    out->push_back('\0');
  }
}

std::shared_ptr<const ClassAd> JobAdCutter::Cut(const std::shared_ptr<const ClassAd>& job,
                                                bool* cut) {
  if (cut != nullptr) *cut = false;
  if (reads_unknown_ || job->layout() == nullptr || job->layout()->size() != job->size()) {
    return job;
  }
  const classad::AdLayout& layout = *job->layout();
  // The positions kept: the watched names the job has, then what their
  // expressions read in the job, followed to any depth.
  std::vector<char> kept(layout.size(), 0);
  std::vector<uint32_t> todo = WatchedPositions(job).positions;
  for (uint32_t p : todo) kept[p] = 1;
  while (!todo.empty()) {
    const uint32_t p = todo.back();
    todo.pop_back();
    const AttrRef ref = job->AtPosition(p);
    std::set<std::string> literal_names;
    const std::vector<std::string>* names = nullptr;
    if (!ref.is_literal()) {
      const ExprNames& read = NamesOf(ref.expr_ptr());
      if (!read.known) return job;
      names = &read.names;
    } else if (ref.literal().IsList() || ref.literal().IsAd()) {
      if (!classad::LiteralNamesRead(ref.literal(), &literal_names)) return job;
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
  auto out = std::make_shared<ClassAd>();
  size_t count = 0;
  for (char k : kept) count += static_cast<size_t>(k);
  out->Reserve(count);
  for (size_t i = 0; i < job->size(); ++i) {
    const size_t p = layout.position(i);
    if (!kept[p]) continue;
    const AttrRef ref = job->AtPosition(p);
    if (ref.is_literal()) {
      out->InsertValue(layout.name(p), ref.literal());
    } else {
      out->Insert(layout.name(p), ref.expr_ptr());
    }
  }
  layout_table_.Intern(out.get());  // cut ads of the same names share their layout
  if (texts_.size() >= kMaxKeptExpressions) texts_.clear();
  std::string text;
  AppendText(*out, &text);
  const size_t hash = std::hash<std::string>()(text);
  if (cut != nullptr) *cut = true;
  std::weak_ptr<const ClassAd>& slot = shared_[hash];
  std::shared_ptr<const ClassAd> made = std::move(out);
  if (std::shared_ptr<const ClassAd> earlier = slot.lock()) {
    std::string earlier_text;
    AppendText(*earlier, &earlier_text);
    if (earlier_text == text && SameValues(*earlier, *made)) return earlier;
    return made;  // another ad of that hash is kept: this one is not shared
  }
  slot = made;
  if (++inserted_since_sweep_ >= kSweepEvery) {
    inserted_since_sweep_ = 0;
    std::erase_if(shared_, [](const auto& entry) { return entry.second.expired(); });
  }
  return made;
}

}  // namespace negotiator
