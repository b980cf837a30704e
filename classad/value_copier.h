// Copies of values and expression trees, allocated by the calling thread.
//
// What for: glibc's allocator serves each thread from an arena of its own.
// A file read on worker threads (ad_file_reader.h) leaves in their arenas,
// besides the whole ads they parsed and dropped, the values a reader keeps
// (the attributes a pool holds of each ad). Each kept value holds its page
// resident among freed memory, so giving the freed memory back
// (freed_memory.h) gives back little: on a 20,000-slot, 200,000-job pool the
// workers' arenas stayed at 40 MB resident for 6 MB of kept values. A
// reader that copies what it keeps on the thread that keeps it leaves the
// workers' arenas free, and they go back to the system whole.
#ifndef CLASSAD_VALUE_COPIER_H_
#define CLASSAD_VALUE_COPIER_H_

#include <unordered_map>
#include <utility>

#include "classad/expr.h"
#include "classad/value.h"

namespace classad {

// A copy of `tree` whose nodes, names and string literals are allocated
// anew: the same in every respect the language can see (kinds, operators,
// names as written and their classes, literals, folded relTime literals,
// the built-ins calls resolved to), so `SameAs(copy, Names::kExactCase)`
// holds and both unparse alike. Nested ads (`[...]` inside an expression)
// are copied too, attribute by attribute in their order. Recursion follows
// the tree's depth, which the parser bounds (Limits::max_tree_depth).
// Thread-safe (trees are immutable).
ExprPtr CopyExpr(const Expr& tree);

// Copies values and trees once each, keeping what was shared shared: a
// string several values held, or a tree, is copied once, and every copy
// made from it holds that one copy (a string no other value holds is
// copied without being remembered). Each original is kept alive until
// Clear() or destruction (so that no address is reused while it is
// remembered). Scalars are returned as they are; list and ad values are
// shared, not copied (a reader's ads hold them only in rare attributes).
// Not thread-safe: one copier per thread.
class ValueCopier {
 public:
  ValueCopier() = default;
  ValueCopier(const ValueCopier&) = delete;
  ValueCopier& operator=(const ValueCopier&) = delete;

  // `value` copied (strings anew; see the class comment for the rest).
  Value Copy(const Value& value);
  // `tree` copied as CopyExpr copies it; null for null.
  ExprPtr Copy(const ExprPtr& tree);
  // Forgets every original (and lets it go).
  void Clear();
  // How many originals are remembered.
  size_t size() const { return strings_.size() + trees_.size(); }

 private:
  // By the original's address: the original (kept alive) and its copy.
  std::unordered_map<const void*, std::pair<Value, Value>> strings_;
  std::unordered_map<const Expr*, std::pair<ExprPtr, ExprPtr>> trees_;
};

}  // namespace classad

#endif  // CLASSAD_VALUE_COPIER_H_
