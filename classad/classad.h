// ClassAd: an ad, a set of named expressions with case-insensitive names.
#ifndef CLASSAD_CLASSAD_H_
#define CLASSAD_CLASSAD_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classad/expr.h"

namespace classad {

// One attribute: its name as first spelled and its expression.
struct Attribute {
  std::string name;
  uint64_t hash;  // HashAttributeName(name)
  ExprPtr expr;
};

// An ad: attributes in insertion order with a hash index for lookups.
// Names compare case-insensitively (ASCII); re-inserting a name replaces the
// expression and keeps the first spelling. Not thread-safe to mutate; const
// access is safe from many threads. Nested ads are held by ExprKind::kAd
// expressions; the scope they are evaluated in is supplied at evaluation
// (see scope.h), so one ad may be shared between many parents.
class ClassAd {
 public:
  ClassAd() = default;
  ClassAd(const ClassAd&) = default;
  ClassAd& operator=(const ClassAd&) = default;
  ClassAd(ClassAd&&) = default;
  ClassAd& operator=(ClassAd&&) = default;

  // Inserts or replaces `name`. `expr` must not be null.
  void Insert(std::string_view name, ExprPtr expr);
  // Convenience: Insert(name, Expr::Literal(value)).
  void InsertValue(std::string_view name, Value value);
  // Removes `name`; returns whether it was present.
  bool Remove(std::string_view name);

  // The expression of `name`, or null when absent.
  const Expr* Lookup(std::string_view name) const;
  // Same, with the hash precomputed by HashAttributeName(name).
  const Expr* Lookup(std::string_view name, uint64_t hash) const;
  // The shared pointer of `name`'s expression, or null.
  ExprPtr LookupPtr(std::string_view name) const;

  // Whether some attribute is named like a special name (MY, TARGET,
  // parent, self, root, toplevel, CurrentTime). When false, the evaluator
  // need not look for such a name in this ad before resolving it.
  bool has_special_names() const { return special_names_ > 0; }

  size_t size() const { return attributes_.size(); }
  bool empty() const { return attributes_.empty(); }
  // Attributes in insertion order.
  const std::vector<Attribute>& attributes() const { return attributes_; }
  void Clear();
  // Releases the spare capacity left by growing the ad attribute by
  // attribute (call once an ad is complete and will be kept).
  void ShrinkToFit();

 private:
  int FindIndex(std::string_view name, uint64_t hash) const;
  void Rehash(size_t buckets);

  std::vector<Attribute> attributes_;
  // Open-addressing index into attributes_ (-1 = empty). Size is a power of
  // two, at least twice the number of attributes; built once there are more
  // than kLinearScanLimit attributes.
  std::vector<int32_t> index_;
  static constexpr size_t kLinearScanLimit = 8;
  uint32_t special_names_ = 0;  // attributes whose name is a special name
};

// Case-insensitive ASCII equality of attribute names.
bool AttributeNamesEqual(std::string_view a, std::string_view b);

}  // namespace classad

#endif  // CLASSAD_CLASSAD_H_
