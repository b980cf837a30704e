// What an ad's expressions read (ad_reads.h).
#include "negotiator/ad_reads.h"

#include <unordered_set>
#include <vector>

#include "classad/match.h"
#include "classad/unparse.h"
#include "policy/text_util.h"

namespace negotiator {

// How far the names an expression reads are followed through the ad's own
// attributes (expressions followed, per start).
constexpr int kMaxFollowed = 64;

void FollowReads(const classad::ClassAd& ad, std::string_view start, std::set<std::string>* own,
                 std::set<std::string>* other, bool* complete) {
  std::vector<std::string> pending = {policy::LowerAscii(start)};
  std::unordered_set<std::string> seen;
  int followed = 0;
  while (!pending.empty() && followed < kMaxFollowed) {
    std::string name = std::move(pending.back());
    pending.pop_back();
    if (!seen.insert(name).second) continue;
    own->insert(name);
    classad::AttrRef attr = ad.Find(name);
    if (!attr) {
      // An unqualified name the ad lacks is looked up in the other ad.
      other->insert(name);
      continue;
    }
    if (attr.is_literal()) continue;
    ++followed;
    std::vector<std::string> mine, theirs;
    classad::CollectReferencedNames(attr.expr(), &mine, &theirs);
    for (std::string& n : mine) pending.push_back(policy::LowerAscii(n));
    for (const std::string& n : theirs) other->insert(policy::LowerAscii(n));
  }
  if (complete != nullptr) *complete = pending.empty();
}

void NamesRead(const classad::Expr& e, std::set<std::string>* mine, std::set<std::string>* theirs) {
  std::vector<std::string> m, t;
  classad::CollectReferencedNames(e, &m, &t);
  for (const std::string& n : m) mine->insert(policy::LowerAscii(n));
  for (const std::string& n : t) theirs->insert(policy::LowerAscii(n));
}

void AppendAttributeText(const classad::ClassAd& ad, const std::string& name, std::string* out) {
  out->append(name);
  out->push_back('=');
  classad::AttrRef ref = ad.Find(name);
  if (!ref) {
    out->push_back('\x01');
  } else if (ref.is_literal()) {
    classad::UnparseValueTo(ref.literal(), out);
  } else {
    classad::UnparseTo(ref.expr(), out);
  }
  out->push_back('\0');
}

void AttributeTextWriter::Append(const classad::ClassAd& ad, const std::string& name,
                                 std::string* out) {
  const classad::AttrRef ref = ad.Find(name);
  if (!ref || ref.is_literal()) return AppendAttributeText(ad, name, out);
  out->append(name);
  out->push_back('=');
  auto [it, added] = texts_.try_emplace(&ref.expr());
  if (added) classad::UnparseTo(ref.expr(), &it->second);
  out->append(it->second);
  out->push_back('\0');
}

bool ReadsOnlyNamedAttributes(const classad::Expr& e) {
  using classad::ExprKind;
  using classad::NameClass;
  switch (e.kind()) {
    case ExprKind::kAttribute:
      return !e.absolute() &&
             (e.name_class() == NameClass::kOrdinary || e.name_class() == NameClass::kCurrentTime);
    case ExprKind::kSelect: {
      const classad::Expr& base = e.child(0);
      return base.kind() == ExprKind::kAttribute && !base.absolute() &&
             (base.name_class() == NameClass::kMy || base.name_class() == NameClass::kTarget);
    }
    case ExprKind::kSubscript:
    case ExprKind::kAd:
      return false;
    case ExprKind::kCall: {
      const std::string name = policy::LowerAscii(e.name());
      if (name == "random" || name == "eval" || name == "unresolved" ||
          name == "evalineachcontext") {
        return false;
      }
      break;
    }
    default:
      break;
  }
  for (const classad::ExprPtr& child : e.children()) {
    if (!ReadsOnlyNamedAttributes(*child)) return false;
  }
  return true;
}

}  // namespace negotiator
