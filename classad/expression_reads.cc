// What an ad's expressions read (expression_reads.h).
#include "classad/expression_reads.h"

#include <unordered_set>
#include <vector>

#include "classad/bytes.h"
#include "classad/match.h"
#include "classad/scope.h"
#include "classad/unparse.h"

namespace classad {

// How far the names an expression reads are followed through the ad's own
// attributes (expressions followed, per start).
constexpr int kMaxFollowed = 64;

void FollowReads(const ClassAd& ad, std::string_view start, std::set<std::string>* own,
                 std::set<std::string>* other, bool* complete) {
  std::vector<std::string> pending = {bytes::FoldAsciiCopy(start)};
  std::unordered_set<std::string> seen;
  int followed = 0;
  while (!pending.empty() && followed < kMaxFollowed) {
    std::string name = std::move(pending.back());
    pending.pop_back();
    if (!seen.insert(name).second) continue;
    own->insert(name);
    AttrRef attr = ad.Find(name);
    if (!attr) {
      // An unqualified name the ad lacks is looked up in the other ad.
      other->insert(name);
      continue;
    }
    if (attr.is_literal()) continue;
    ++followed;
    std::vector<std::string> mine, theirs;
    CollectReferencedNames(attr.expr(), &mine, &theirs);
    for (std::string& n : mine) pending.push_back(bytes::FoldAsciiCopy(n));
    for (const std::string& n : theirs) other->insert(bytes::FoldAsciiCopy(n));
  }
  if (complete != nullptr) *complete = pending.empty();
}

void NamesRead(const Expr& e, std::set<std::string>* mine, std::set<std::string>* theirs) {
  std::vector<std::string> m, t;
  CollectReferencedNames(e, &m, &t);
  for (const std::string& n : m) mine->insert(bytes::FoldAsciiCopy(n));
  for (const std::string& n : t) theirs->insert(bytes::FoldAsciiCopy(n));
}

namespace {

// `name`, '=', what `ref` holds (a \x01 mark when absent, a literal's
// value, an expression's text as `append_expression` writes it) and a NUL.
template <typename AppendExpression>
void AppendHeldText(const std::string& name, const AttrRef& ref,
                    AppendExpression&& append_expression, std::string* out) {
  out->append(name);
  out->push_back('=');
  if (!ref) {
    out->push_back('\x01');
  } else if (ref.is_literal()) {
    UnparseValueTo(ref.literal(), out);
  } else {
    append_expression(ref.expr());
  }
  out->push_back('\0');
}

}  // namespace

void AppendAttributeText(const ClassAd& ad, const std::string& name, std::string* out) {
  AppendHeldText(name, ad.Find(name), [out](const Expr& e) { UnparseTo(e, out); }, out);
}

void AttributeTextWriter::Append(const ClassAd& ad, const std::string& name,
                                 std::string* out) {
  AppendHeldText(
      name, ad.Find(name),
      [&](const Expr& e) {
        auto [it, added] = texts_.try_emplace(&e);
        if (added) UnparseTo(e, &it->second);
        out->append(it->second);
      },
      out);
}

bool LiteralNamesRead(const Value& v, std::set<std::string>* names) {
  bool known = true;
  if (v.IsList()) {
    for (const ExprPtr& item : v.list()) {
      if (item != nullptr && !AllNamesRead(*item, names)) known = false;
    }
  } else if (v.IsAd()) {
    for (const Attribute& a : v.ad().Attributes()) {
      if (a.expr != nullptr && !AllNamesRead(*a.expr, names)) known = false;
    }
  }
  return known;
}

bool AllNamesRead(const Expr& e, std::set<std::string>* names) {
  bool known = true;
  switch (e.kind()) {
    case ExprKind::kLiteral:
      return LiteralNamesRead(e.literal(), names);
    case ExprKind::kAttribute:
      if (e.name_class() == NameClass::kOrdinary || e.name_class() == NameClass::kCurrentTime) {
        names->insert(bytes::FoldAsciiCopy(e.name()));
        // Where no ad binds it, a name of the match wrapper: an ad as a
        // whole, or a match attribute reading both ads' Requirements or
        // Rank (both named, a superset).
        switch (KindOfMatchWrapperName(e.name())) {
          case MatchWrapperName::kNone:
            return true;
          case MatchWrapperName::kRequirements:
          case MatchWrapperName::kRank:
            names->insert("requirements");
            names->insert("rank");
            return true;
          default:
            return false;
        }
      }
      return false;  // an ad as a whole
    case ExprKind::kSelect: {
      names->insert(bytes::FoldAsciiCopy(e.name()));
      // A name missing from the selected ad climbs to the match wrapper.
      if (IsMatchWrapperName(e.name())) return false;
      const Expr& base = e.child(0);
      if (base.kind() == ExprKind::kAttribute && base.name_class() != NameClass::kOrdinary &&
          base.name_class() != NameClass::kCurrentTime) {
        return true;  // MY.x, TARGET.x, self.x, parent.x, root.x
      }
      if (base.kind() == ExprKind::kAttribute && base.name_class() == NameClass::kOrdinary) {
        switch (KindOfMatchWrapperName(base.name())) {
          case MatchWrapperName::kOwnAd:
          case MatchWrapperName::kOtherAd:
          case MatchWrapperName::kLeftOrRight:
            names->insert(bytes::FoldAsciiCopy(base.name()));
            return true;  // other.x, ad.x, LEFT.x, RIGHT.x: x of one of the two ads
          default:
            break;
        }
      }
      return AllNamesRead(base, names);
    }
    case ExprKind::kSubscript: {
      const Expr& index = e.child(1);
      if (index.kind() != ExprKind::kLiteral) {
        known = false;  // a computed index may name any attribute
      } else if (index.literal().IsString()) {
        names->insert(bytes::FoldAsciiCopy(index.literal().string()));
      }
      const Expr& base = e.child(0);
      if (base.kind() == ExprKind::kAttribute && base.name_class() != NameClass::kOrdinary &&
          base.name_class() != NameClass::kCurrentTime) {
        return known;  // MY["x"], TARGET["x"]
      }
      return AllNamesRead(base, names) && known;
    }
    case ExprKind::kAd:
      for (const Attribute& a : e.ad()->Attributes()) {
        if (a.expr != nullptr && !AllNamesRead(*a.expr, names)) known = false;
      }
      return known;
    case ExprKind::kCall: {
      const std::string name = bytes::FoldAsciiCopy(e.name());
      if (name == "eval" || name == "unresolved" || name == "evalineachcontext") known = false;
      break;
    }
    default:
      break;
  }
  for (const ExprPtr& child : e.children()) {
    if (!AllNamesRead(*child, names)) known = false;
  }
  return known;
}

bool ReadsOnlyNamedAttributes(const Expr& e) {
  switch (e.kind()) {
    case ExprKind::kAttribute:
      // Not the match wrapper's names: they read ads as a whole or both
      // ads' Requirements or Rank where no ad binds them.
      return !e.absolute() &&
             (e.name_class() == NameClass::kOrdinary || e.name_class() == NameClass::kCurrentTime) &&
             !IsMatchWrapperName(e.name());
    case ExprKind::kSelect: {
      const Expr& base = e.child(0);
      return base.kind() == ExprKind::kAttribute && !base.absolute() &&
             (base.name_class() == NameClass::kMy || base.name_class() == NameClass::kTarget) &&
             !IsMatchWrapperName(e.name());
    }
    case ExprKind::kSubscript:
    case ExprKind::kAd:
      return false;
    case ExprKind::kCall: {
      const std::string name = bytes::FoldAsciiCopy(e.name());
      if (name == "random" || name == "eval" || name == "unresolved" ||
          name == "evalineachcontext") {
        return false;
      }
      break;
    }
    default:
      break;
  }
  for (const ExprPtr& child : e.children()) {
    if (!ReadsOnlyNamedAttributes(*child)) return false;
  }
  return true;
}

}  // namespace classad
