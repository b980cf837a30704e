// Scope: the chain of ads an expression's names are looked up in.
#ifndef CLASSAD_SCOPE_H_
#define CLASSAD_SCOPE_H_

#include <memory>
#include <string_view>

#include "classad/classad.h"
#include "classad/overlay.h"

namespace classad {

// One link of a lookup chain: an ad and the ad that lexically encloses it.
// A top-level ad has no parent; in a match its `target` is the other ad
// (what TARGET names). Scopes made during evaluation for nested ads are
// heap-allocated and shared by the values that refer to them; top-level
// scopes usually live on the caller's stack (see MatchContext), and values
// borrowing them are valid only while they live.
struct Scope {
  const ClassAd* ad = nullptr;
  // Keeps `ad` alive when it is owned by an expression or a value; empty
  // when the ad is borrowed from the caller.
  std::shared_ptr<const void> keep_alive;
  std::shared_ptr<const Scope> parent;
  // Top-level only: the other ad of a match, or null.
  const Scope* target = nullptr;
  // Top-level only: attributes bound over `ad` (see overlay.h), seen by
  // every name lookup in this scope before the ad's own; null for none.
  // Borrowed.
  const AttributeOverlay* overlay = nullptr;
  // Top-level only, in a match: this is the LEFT ad of HTCondor's
  // MatchClassAd (see MatchLeft and match_wrapper.cc); its target is the
  // RIGHT ad. Exactly one side of a match is LEFT.
  bool left = false;
  // Top-level only: set when this scope is HTCondor's MatchClassAd wrapper
  // ad itself (built when `root`, `parent` of a side, lCtx or rCtx ask for
  // it; see match_wrapper.cc): the live LEFT side of the match it wraps,
  // whose target is the RIGHT side. LEFT and RIGHT looked up in this scope
  // are these sides, not the copies its ad holds for printing. Null
  // otherwise.
  std::shared_ptr<const Scope> wrapped_left;

  bool is_top_level() const { return parent == nullptr; }
  // The outermost scope of this chain.
  const Scope* TopLevel() const;
};

// What a name of HTCondor's MatchClassAd wrapper or of its two context
// ads (which names in a match can reach) stands for, when no ad binds it.
enum class MatchWrapperName {
  kNone,          // not such a name
  kOwnAd,         // ad: the ad the name is looked up from
  kOtherAd,       // other: the other ad of the match
  kLeftOrRight,   // LEFT, RIGHT: either ad, by which one is LEFT
  kContext,       // lCtx, rCtx: a context ad
  kRequirements,  // symmetricMatch, leftMatchesRight, rightMatchesLeft
  kRank,          // leftRankValue, rightRankValue
};

// Which wrapper name `name` (any case) is.
MatchWrapperName KindOfMatchWrapperName(std::string_view name);

// Whether `name` (any case) is an attribute of the wrapper or its context
// ads: ad, other, LEFT, RIGHT, lCtx, rCtx, symmetricMatch, leftMatchesRight,
// rightMatchesLeft, leftRankValue, rightRankValue.
inline bool IsMatchWrapperName(std::string_view name) {
  return KindOfMatchWrapperName(name) != MatchWrapperName::kNone;
}

// A non-owning shared_ptr to a scope that the caller keeps alive.
std::shared_ptr<const Scope> BorrowScope(const Scope* scope);

}  // namespace classad

#endif  // CLASSAD_SCOPE_H_
