// ClassAd: an ad, a set of named expressions with case-insensitive names.
#ifndef CLASSAD_CLASSAD_H_
#define CLASSAD_CLASSAD_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "classad/ad_arena.h"
#include "classad/bytes.h"
#include "classad/expr.h"
#include "classad/slot_vector.h"

namespace classad {

class ClassAd;

// The attribute names of an ad with a case-insensitive hash index, and two
// orders of them: the attributes' order (insertion order: what iteration
// and writers see) and their positions (where each is stored in the ad's
// array: what Find gives). The two are the same unless the layout was made
// by StoringFirst (see AttributePacker), which puts chosen names at the
// first positions so that evaluation reads few cache lines of an ad. Ads
// whose names are the same, in the same orders and spelling, may share one
// layout (see LayoutTable): in a pool dump, thousands of slot ads have a
// few dozen layouts between them. Immutable while shared; only ClassAd
// changes one, and only while it is the sole owner.
class AdLayout {
 public:
  AdLayout() { Rehash(kMinBuckets); }

  size_t size() const { return names_.size(); }
  // The position of attribute `i` (in attribute order, i < size()).
  size_t position(size_t i) const { return order_.empty() ? i : order_[i]; }
  // The name at position `p` as first spelled, and its HashAttributeName.
  const std::string& name(size_t p) const { return names_[p]; }
  uint64_t hash(size_t p) const { return hashes_[p]; }
  // The position of `name` (hash from HashAttributeName), or -1.
  int Find(std::string_view name, uint64_t hash) const;
  // Whether some name is a special name (MY, TARGET, parent, ...).
  bool has_special_names() const { return special_names_ > 0; }
  // Same names at the same positions and in the same order, spelled byte
  // for byte alike.
  bool SameNames(const AdLayout& other) const;
  // A hash of the names by position and of their order (for LayoutTable,
  // and MatchKernel's check of what it kept for a layout address); kept up
  // to date as names are added, so it costs nothing to ask.
  uint64_t Fingerprint() const;
  // A layout of the same names in the same order whose first positions
  // hold the names of `first` that this layout has (compared as attribute
  // names are; in the order given, repeats ignored), the others following
  // in the positions' present order. (*from)[q] is set to the position
  // here of the name at position q there. Never fails.
  std::shared_ptr<AdLayout> StoringFirst(const std::vector<std::string>& first,
                                         std::vector<uint32_t>* from) const;

 private:
  friend class AdBuilder;
  friend class ClassAd;
  friend class LayoutTable;
  // One entry of the index: enough of a name to recognise it without
  // leaving the bucket (a name of up to kInlineName bytes is kept there as
  // first spelled), so that a lookup reads one cache line of the layout.
  static constexpr size_t kInlineName = 23;
  static constexpr uint8_t kLongName = 0xff;  // `length` of a longer name
  struct Bucket {
    uint32_t tag = 0;        // the low half of the name's hash
    int32_t position = -1;   // the name's index; -1 for an empty bucket
    uint8_t length = 0;      // the name's length, or kLongName
    char name[kInlineName] = {};  // the name (short names)
  };
  static_assert(sizeof(Bucket) == 32, "two buckets to a cache line");
  static constexpr size_t kMinBuckets = 16;

  void Append(std::string_view name, uint64_t hash);
  void Erase(size_t p);
  void Reserve(size_t names);
  void ShrinkToFit();
  // Rebuilds the index with `buckets` buckets (a power of two).
  void Rehash(size_t buckets);
  // Enters name `i` into the index (which has room for it).
  void IndexPosition(size_t i);
  // The first bucket to probe for `hash` (HashAttributeName's; both halves
  // mixed, so that the index does not rest on the low bits alone).
  size_t HomeBucket(uint64_t hash) const {
    return static_cast<size_t>((hash ^ (hash >> 32)) & (index_.size() - 1));
  }
  // Whether `bucket` (in use) holds `name`.
  bool Holds(const Bucket& bucket, std::string_view name) const;
  // The index size for `names` names: a power of two, at least kMinBuckets
  // and at least twice `names`.
  static size_t BucketsFor(size_t names);

  std::vector<std::string> names_;
  std::vector<uint64_t> hashes_;
  // Open addressing with linear probing; never empty, at most half full.
  std::vector<Bucket> index_;
  uint32_t special_names_ = 0;
  // The names' hashes folded in order (FNV-1a style), for Fingerprint().
  static constexpr uint64_t kFoldSeed = 0xcbf29ce484222325ull;
  static uint64_t FoldHash(uint64_t fold, uint64_t hash) {
    return (fold ^ hash) * 0x100000001b3ull;
  }
  uint64_t names_fold_ = kFoldSeed;
  // The attributes' order when it is not their positions' (order_[i] is
  // the position of attribute i); empty when attribute i is at position i.
  std::vector<uint32_t> order_;
  // order_ folded like the names (0 when order_ is empty).
  uint64_t order_fold_ = 0;
  // Recomputes order_fold_, emptying order_ first if it is the identity.
  void RefoldOrder();
};

// What one attribute holds, borrowed from its ad: a literal value (most
// attributes of real ads) or an expression. Valid while the ad lives and the
// attribute is neither replaced nor removed. Empty (false) when the
// attribute does not exist.
class AttrRef {
 public:
  AttrRef() = default;
  explicit operator bool() const { return literal_ != nullptr || expr_ != nullptr; }
  bool is_literal() const { return literal_ != nullptr; }
  // The literal value; only when is_literal().
  const Value& literal() const { return *literal_; }
  // The expression; only when !is_literal().
  const Expr& expr() const { return **expr_; }
  const ExprPtr& expr_ptr() const { return *expr_; }
  // The content as a shareable expression: the stored expression, or a new
  // literal node holding (and sharing) the value.
  ExprPtr ToExpr() const { return literal_ != nullptr ? Expr::Literal(*literal_) : *expr_; }

 private:
  friend class ClassAd;
  const Value* literal_ = nullptr;
  const ExprPtr* expr_ = nullptr;
};

// One attribute as writers and tools see it: its name as first spelled and
// its content as an expression.
struct Attribute {
  std::string_view name;  // borrowed from the ad
  ExprPtr expr;
};

// What an ad stores for one attribute, made once and then inserted into any
// number of ads for a reference count each (readers keep these in their
// caches, so that an expression repeated across ads costs one shared copy).
// Immutable; safe to share between threads.
class StoredAttr {
 public:
  // `expr` must not be null; a literal is stored as its value.
  explicit StoredAttr(ExprPtr expr);

 private:
  friend class AdBuilder;
  friend class ClassAd;
  Value slot_;
};

// An ad: attributes in insertion order. Names compare case-insensitively
// (ASCII); re-inserting a name replaces the content and keeps the first
// spelling. Each attribute costs 16 bytes in the ad: a literal is stored as
// its value, an expression as a shared reference; the names live in an
// AdLayout that ads may share. Not thread-safe to mutate; const access is
// safe from many threads. Nested ads are held by ExprKind::kAd expressions;
// the scope they are evaluated in is supplied at evaluation (see scope.h),
// so one ad may be shared between many parents.
class ClassAd {
 public:
  ClassAd() = default;
  ClassAd(const ClassAd&) = default;
  ClassAd& operator=(const ClassAd&) = default;
  ClassAd(ClassAd&&) = default;
  ClassAd& operator=(ClassAd&&) = default;

  // Inserts or replaces `name`. `expr` must not be null; a literal is
  // stored as its value.
  void Insert(std::string_view name, ExprPtr expr);
  // Inserts or replaces `name` with a literal value.
  void InsertValue(std::string_view name, Value value);
  // Inserts or replaces `name` with a stored content, shared.
  void Insert(std::string_view name, const StoredAttr& stored) { InsertSlot(name, stored.slot_); }
  // Removes `name`; returns whether it was present.
  bool Remove(std::string_view name);

  // What `name` holds; empty when absent.
  AttrRef Find(std::string_view name) const { return Find(name, HashAttributeName(name)); }
  // Same, with the hash precomputed by HashAttributeName(name).
  AttrRef Find(std::string_view name, uint64_t hash) const;
  // `name`'s content as a shareable expression (see AttrRef::ToExpr), or
  // null when absent.
  ExprPtr LookupPtr(std::string_view name) const;

  // Whether some attribute is named like a special name (MY, TARGET,
  // parent, self, root, toplevel, CurrentTime). When false, the evaluator
  // need not look for such a name in this ad before resolving it.
  bool has_special_names() const { return layout_ && layout_->has_special_names(); }

  size_t size() const { return slots_.size(); }
  bool empty() const { return slots_.empty(); }
  // Attribute `i` (insertion order, i < size()): its name and content.
  const std::string& name(size_t i) const { return layout_->name(layout_->position(i)); }
  AttrRef at(size_t i) const { return RefTo(slots_[layout_->position(i)]); }
  // The attribute at position `p` (< size(); a position as the layout's
  // Find gives it, which is not insertion order in a packed ad, see
  // AttributePacker): for evaluators that learned where a name sits.
  AttrRef AtPosition(size_t p) const { return RefTo(slots_[p]); }
  // A hint that the attribute at position `p` (< size()) will be read
  // soon: starts fetching it into the cache. No effect on results.
  void Prefetch(size_t p) const { __builtin_prefetch(&slots_[p]); }
  // Every attribute in insertion order, as (name, expression) pairs; a
  // literal attribute gets a new literal node, so this allocates: for
  // writers and tools, not for evaluation. Names are borrowed from the ad.
  std::vector<Attribute> Attributes() const;
  // The layout (null for an ad that never had attributes).
  const AdLayout* layout() const { return layout_.get(); }
  // The layout, owned with the ad (null likewise): for a cache keyed by
  // layout that must keep the layout's address from being reused without
  // keeping the ad. The ad copies a layout it shares before changing it,
  // so the one returned never changes.
  std::shared_ptr<const AdLayout> shared_layout() const { return layout_; }

  void Clear();
  // Makes room for `attributes` attributes in all, so that inserting up to
  // that many allocates nothing more (readers call it with the size of the
  // ad they read before). No effect on the content.
  void Reserve(size_t attributes);
  // Releases the spare capacity left by growing the ad attribute by
  // attribute (call once an ad is complete and will be kept).
  void ShrinkToFit();

  // Moves `ad` (left empty) into a new ad whose object and attribute array
  // are in `arena` (see ad_arena.h); the new ad keeps the arena alive. Its
  // content is `ad`'s; changing it later works as for any ad (an array
  // that must grow moves back to the heap). Throws std::bad_alloc only
  // when out of memory. Not thread-safe with other builders of `arena`.
  static std::shared_ptr<ClassAd> MoveToArena(ClassAd&& ad, const AdArenaRef& arena);
  // Whether this ad's attribute array is in an arena.
  bool in_arena() const { return slots_.in_arena(); }

 private:
  friend class AdBuilder;
  friend class LayoutTable;
  friend class AttributePacker;
  static AttrRef RefTo(const Value& slot);
  // The position of `name` (hash from HashAttributeName), or -1.
  int IndexOf(std::string_view name, uint64_t hash) const {
    return layout_ ? layout_->Find(name, hash) : -1;
  }
  // The layout, copied first when it is shared with other ads.
  AdLayout& MutableLayout();
  void InsertSlot(std::string_view name, Value slot);

  std::shared_ptr<AdLayout> layout_;
  // One per attribute, by position (parallel to the layout's names): the
  // literal value, or the expression held (Value::HoldExpr).
  SlotVector slots_;
};

// Interns layouts: ads given to Intern() that have the same names in the
// same order end up sharing one AdLayout. Remembers at most kMaxLayouts
// layouts (then starts afresh), so that a stream of ads that all differ
// costs bounded memory. Not thread-safe; one per reader.
class LayoutTable {
 public:
  // Makes `ad` share an equal layout seen before, or remembers `ad`'s own.
  void Intern(ClassAd* ad);

 private:
  static constexpr size_t kMaxLayouts = 4096;
  std::unordered_multimap<uint64_t, std::shared_ptr<AdLayout>> layouts_;
};

// ---------------------------------------------------------------- inline
// The lookup path, inline: it runs for every attribute reference evaluated.

// Case-insensitive ASCII equality of attribute names.
inline bool AttributeNamesEqual(std::string_view a, std::string_view b) {
  return a.size() == b.size() && bytes::SameBytesFolded(a.data(), b.data(), a.size());
}

[[gnu::always_inline]] inline bool AdLayout::Holds(const Bucket& bucket,
                                                   std::string_view name) const {
  if (bucket.length != kLongName) {
    return name.size() == bucket.length &&
           bytes::SameBytesFolded(name.data(), bucket.name, name.size());
  }
  return AttributeNamesEqual(names_[static_cast<size_t>(bucket.position)], name);
}

[[gnu::always_inline]] inline int AdLayout::Find(std::string_view name, uint64_t hash) const {
  const uint32_t tag = static_cast<uint32_t>(hash);
  const size_t mask = index_.size() - 1;
  for (size_t slot = HomeBucket(hash);; slot = (slot + 1) & mask) {
    const Bucket& bucket = index_[slot];
    if (bucket.position < 0) return -1;
    if (bucket.tag == tag && Holds(bucket, name)) return bucket.position;
  }
}

inline AttrRef ClassAd::RefTo(const Value& slot) {
  AttrRef ref;
  if (slot.holds_expr()) {
    ref.expr_ = &slot.held_expr();
  } else {
    ref.literal_ = &slot;
  }
  return ref;
}

[[gnu::always_inline]] inline AttrRef ClassAd::Find(std::string_view name, uint64_t hash) const {
  // IndexOf written out: through the helper, even forced inline, g++ 12
  // makes the evaluation loop 1.5% longer (callgrind, match_bench).
  const int i = layout_ ? layout_->Find(name, hash) : -1;
  return i < 0 ? AttrRef() : RefTo(slots_[static_cast<size_t>(i)]);
}

}  // namespace classad

#endif  // CLASSAD_CLASSAD_H_
