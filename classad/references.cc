// Attribute references as HTCondor's ClassAd library reports them
// (references.h).
#include "classad/references.h"

#include <unordered_map>

#include "classad/bytes.h"
#include "classad/evaluator.h"
#include "classad/unparse.h"

namespace classad {
namespace {

// HTCondor's EvalState::depth_remaining at the start of a walk
// (MAX_CLASSAD_RECURSION).
constexpr int kDepth = 400;

// Where a name was found: an ad and its attribute, or nothing.
struct Found {
  const ClassAd* ad = nullptr;
  AttrRef ref;
};

// The state of one walk: the root ad, the ad unqualified names start in,
// the depth budget and the steps left.
class Walk {
 public:
  Walk(const ClassAd& root, bool external, bool full_names, References* refs,
       ReferenceTrace* trace)
      : root_(&root),
        cur_(&root),
        external_(external),
        full_names_(full_names),
        refs_(refs),
        trace_(trace) {}

  bool Visit(const Expr& e) {
    if (steps_ == 0) return false;
    --steps_;
    switch (e.kind()) {
      case ExprKind::kLiteral:
        return true;
      case ExprKind::kAttribute:
        return Attribute(e);
      case ExprKind::kSelect:
        return Select(e);
      case ExprKind::kCall:
        // External walks spend depth on each argument, internal ones none.
        for (const ExprPtr& arg : e.children()) {
          if (!(external_ ? Deeper(*arg) : Visit(*arg))) return false;
        }
        return true;
      case ExprKind::kList:
        for (const ExprPtr& item : e.children()) {
          if (!Deeper(*item)) return false;
        }
        return true;
      case ExprKind::kAd:
        if (!external_ && in_scope_) return true;
        return WalkAttributes(*e.ad());
      default:  // operators, subscripts, conditionals, parentheses
        for (const ExprPtr& child : e.children()) {
          if (!Visit(*child)) return false;
        }
        return true;
    }
  }

 private:
  // Visits `e` one level deeper (HTCondor's depth_remaining--).
  bool Deeper(const Expr& e) {
    if (depth_ <= 0) return false;
    --depth_;
    const bool ok = Visit(e);
    ++depth_;
    return ok;
  }

  // Walks into what `name` holds in `found.ad` (an internal name).
  bool Into(const Found& found, std::string_view name) {
    if (!external_ && found.ad == root_) refs_->emplace(name);
    if (depth_ <= 0) return false;
    if (found.ref.is_literal()) return true;
    const ClassAd* saved = cur_;
    cur_ = found.ad;
    --depth_;
    const bool ok = Visit(found.ref.expr());
    ++depth_;
    cur_ = saved;
    return ok;
  }

  // `name` looked up from `start` (HTCondor's LookupInScope): in each ad
  // of its scope chain up to the root.
  Found Lookup(const ClassAd* start, std::string_view name) {
    for (const ClassAd* ad = start; ad != root_; ad = ParentOf(ad)) {
      if (AttrRef ref = ad->Find(name)) return {ad, ref};
    }
    return RootLookup(name);
  }

  // The ad lexically enclosing `ad` (HTCondor's parentScope): for an ad
  // nested in the root's expressions (at any depth, in lists too), the ad
  // whose expression holds it, indexed the first time a nested ad is met;
  // the root for any other ad (one made by evaluation).
  const ClassAd* ParentOf(const ClassAd* ad) {
    if (!parents_indexed_) {
      parents_indexed_ = true;
      size_t budget = kMaxReferenceSteps;
      IndexNested(*root_, &budget);
    }
    auto it = parents_.find(ad);
    return it != parents_.end() ? it->second : root_;
  }
  void IndexNested(const ClassAd& ad, size_t* budget) {
    for (size_t i = 0; i < ad.size(); ++i) {
      const AttrRef ref = ad.at(i);
      if (ref.is_literal()) {
        IndexValue(ref.literal(), ad, budget);
      } else {
        IndexExpr(ref.expr(), ad, budget);
      }
    }
  }
  void IndexValue(const Value& v, const ClassAd& owner, size_t* budget) {
    if (v.IsAd()) {
      // A parent holds its child in its expressions, and no ad holds
      // itself, so following parents always ends at the root (an ad held
      // in two places keeps the first).
      parents_.emplace(&v.ad(), &owner);
      IndexNested(v.ad(), budget);
    } else if (v.IsList()) {
      for (const ExprPtr& item : v.list()) {
        if (item != nullptr) IndexExpr(*item, owner, budget);
      }
    }
  }
  void IndexExpr(const Expr& e, const ClassAd& owner, size_t* budget) {
    if (*budget == 0) return;  // bounded: unindexed ads fall back to the root
    --*budget;
    if (e.kind() == ExprKind::kAd) {
      parents_.emplace(e.ad().get(), &owner);
      IndexNested(*e.ad(), budget);
      return;
    }
    if (e.kind() == ExprKind::kLiteral) return IndexValue(e.literal(), owner, budget);
    for (const ExprPtr& child : e.children()) IndexExpr(*child, owner, budget);
  }

  // `name` in the root, noted in the trace.
  Found RootLookup(std::string_view name) const {
    const uint64_t hash = HashAttributeName(name);
    AttrRef ref = root_->Find(name, hash);
    if (trace_ != nullptr) {
      trace_->lookups.push_back({std::string(name), hash, static_cast<bool>(ref),
                                 ref && !ref.is_literal() ? &ref.expr() : nullptr});
    }
    if (ref) return {root_, ref};
    return {};
  }

  bool Attribute(const Expr& e) {
    const std::string& name = e.name();
    const ClassAd* start = e.absolute() ? root_ : cur_;
    const Found found = Lookup(start, name);
    if (found.ad != nullptr) return Into(found, name);
    switch (e.name_class()) {
      case NameClass::kSelf:
      case NameClass::kMy:
        return IntoWholeAd(*cur_);
      case NameClass::kRoot:
        return IntoWholeAd(*root_);
      case NameClass::kParent:
        if (cur_ != root_) return IntoWholeAd(*ParentOf(cur_));
        if (external_) refs_->emplace(name);  // `parent` of the root is undefined
        return true;
      case NameClass::kCurrentTime:
        return true;  // time(): it references nothing
      default:  // TARGET and names no ad binds: undefined here
        if (external_) refs_->emplace(name);
        return true;
    }
  }

  // Each attribute of `ad` one level deeper (HTCondor's walk of a
  // ClassAd node).
  bool WalkAttributes(const ClassAd& ad) {
    for (size_t i = 0; i < ad.size(); ++i) {
      if (depth_ <= 0) return false;
      const AttrRef ref = ad.at(i);
      if (ref.is_literal()) continue;
      --depth_;
      const bool ok = Visit(ref.expr());
      ++depth_;
      if (!ok) return false;
    }
    return true;
  }

  // A special name found as the ad `ad` itself (HTCondor's LookupInScope
  // gives the ad as the name's expression): walked into, one level deeper.
  bool IntoWholeAd(const ClassAd& ad) {
    if (!external_ && in_scope_) return true;
    if (trace_ != nullptr) trace_->exact = false;  // every attribute is read
    if (depth_ <= 0) return false;
    const ClassAd* saved = cur_;
    cur_ = &ad;
    --depth_;
    const bool ok = WalkAttributes(ad);
    ++depth_;
    cur_ = saved;
    return ok;
  }

  // What `base` evaluates to in the ad alone: the ad it names (MY, self,
  // root), undefined, another ad, or something else (a failure).
  enum class BaseKind { kAd, kUndefined, kOther };
  BaseKind EvaluateBase(const Expr& base, const ClassAd** ad, Value* holder) {
    if (base.kind() == ExprKind::kAttribute && !base.absolute() &&
        (cur_ == root_ ? RootLookup(base.name()).ad == nullptr : !cur_->Find(base.name()))) {
      // A name the ad lacks: a special name, or undefined (TARGET among
      // them: no ad is matched here).
      switch (base.name_class()) {
        case NameClass::kSelf:
        case NameClass::kMy:
          *ad = cur_;
          return BaseKind::kAd;
        case NameClass::kRoot:
          *ad = root_;
          return BaseKind::kAd;
        case NameClass::kParent:
          if (cur_ == root_) return BaseKind::kUndefined;
          *ad = ParentOf(cur_);
          return BaseKind::kAd;
        case NameClass::kCurrentTime:
          return BaseKind::kOther;
        default:
          return BaseKind::kUndefined;
      }
    }
    if (trace_ != nullptr) trace_->exact = false;
    EvalOptions options;
    options.now = [] { return int64_t{0}; };
    *holder = EvaluateExpr(base, cur_, nullptr, options);
    if (holder->IsUndefined()) return BaseKind::kUndefined;
    if (holder->IsAd()) {
      *ad = &holder->ad();
      return BaseKind::kAd;
    }
    return BaseKind::kOther;
  }

  bool Select(const Expr& e) {
    const Expr& base = e.child(0);
    const std::string& name = e.name();
    if (!external_) {
      const bool saved = in_scope_;
      in_scope_ = true;
      const bool ok = Visit(base);
      in_scope_ = saved;
      if (!ok) return false;
    }
    const ClassAd* start = nullptr;
    Value holder;
    switch (EvaluateBase(base, &start, &holder)) {
      case BaseKind::kUndefined:
        if (!external_) return true;
        if (full_names_) {
          std::string full;
          UnparseTo(base, &full);
          full.push_back('.');
          full += name;
          refs_->insert(std::move(full));
          return true;
        }
        return Deeper(base);
      case BaseKind::kOther:
        return false;
      case BaseKind::kAd:
        break;
    }
    const Found found = Lookup(start, name);
    if (found.ad == nullptr) {
      if (external_) refs_->emplace(name);
      return true;
    }
    return Into(found, name);
  }

  const ClassAd* root_;
  const ClassAd* cur_;
  const bool external_;
  const bool full_names_;
  References* refs_;
  ReferenceTrace* trace_;
  int depth_ = kDepth;
  size_t steps_ = kMaxReferenceSteps;
  bool in_scope_ = false;  // walking the base of `base.x` (internal walks)
  // ParentOf's index, made when first needed.
  std::unordered_map<const ClassAd*, const ClassAd*> parents_;
  bool parents_indexed_ = false;
};

// Whether `a` and `b` are the same name, ASCII letters folded.
bool SameName(std::string_view a, std::string_view b) {
  return a.size() == b.size() && bytes::SameBytesFolded(a.data(), b.data(), a.size());
}

void ScopeWalk(const Expr& e, std::string_view scope, References* refs) {
  if (e.kind() == ExprKind::kSelect) {
    const Expr& base = e.child(0);
    if (base.kind() == ExprKind::kAttribute && !base.absolute()) {
      if (SameName(base.name(), scope)) refs->emplace(e.name());
      return;
    }
    ScopeWalk(base, scope, refs);
    return;
  }
  if (e.kind() == ExprKind::kAd) {
    const ClassAd& nested = *e.ad();
    for (size_t i = 0; i < nested.size(); ++i) {
      const AttrRef ref = nested.at(i);
      if (!ref.is_literal()) ScopeWalk(ref.expr(), scope, refs);
    }
    return;
  }
  if (e.kind() == ExprKind::kLiteral || e.kind() == ExprKind::kAttribute) return;
  for (const ExprPtr& child : e.children()) ScopeWalk(*child, scope, refs);
}

}  // namespace

bool LessIgnoringCase::operator()(std::string_view a, std::string_view b) const {
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    const char x = bytes::FoldAscii(a[i]);
    const char y = bytes::FoldAscii(b[i]);
    if (x != y) return static_cast<unsigned char>(x) < static_cast<unsigned char>(y);
  }
  return a.size() < b.size();
}

bool SameLookups(const ReferenceTrace& trace, const ClassAd& ad) {
  for (const ReferenceTrace::Lookup& l : trace.lookups) {
    const AttrRef ref = ad.Find(l.name, l.hash);
    if (static_cast<bool>(ref) != l.present) return false;
    if (!ref) continue;
    if (ref.is_literal() != (l.expr == nullptr)) return false;
    if (l.expr != nullptr && &ref.expr() != l.expr && !ref.expr().SameAs(*l.expr)) return false;
  }
  return true;
}

bool ExternalReferences(const ClassAd& ad, const Expr& e, bool full_names, References* refs,
                        ReferenceTrace* trace) {
  Walk walk(ad, /*external=*/true, full_names, refs, trace);
  return walk.Visit(e);
}

bool InternalReferences(const ClassAd& ad, const Expr& e, References* refs,
                        ReferenceTrace* trace) {
  Walk walk(ad, /*external=*/false, /*full_names=*/false, refs, trace);
  return walk.Visit(e);
}

void TrimReferenceNames(References* refs, bool external) {
  References trimmed;
  for (const std::string& name : *refs) {
    std::string_view rest = name;
    if (external) {
      for (std::string_view prefix : {"target.", "other.", ".left.", ".right."}) {
        if (SameName(rest.substr(0, prefix.size()), prefix)) {
          rest.remove_prefix(prefix.size());
          break;
        }
      }
    }
    if (rest == name && !rest.empty() && rest[0] == '.') rest.remove_prefix(1);
    trimmed.emplace(rest.substr(0, rest.find_first_of(".[")));
  }
  refs->swap(trimmed);
}

void AttrRefsOfScope(const Expr& e, std::string_view scope, References* refs) {
  ScopeWalk(e, scope, refs);
}

}  // namespace classad
