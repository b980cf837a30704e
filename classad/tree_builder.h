// TreeBuilder: builds one expression tree whose nodes lie together in one
// block of memory, freed at once when the last ExprPtr into the tree goes.
//
// Every node is built here: the Expr factories build trees of one node,
// the fast parser (fast_parser.h) builds a whole tree in one block, so that
// a parse costs one allocation instead of one per node, and freeing the
// tree one instead of one per node.
//
// A builder method returns the new node, owned by the block. Operands are
// ExprPtrs: View(node) of a node of the same builder links two nodes of
// one block (a view points without owning); an owning ExprPtr (another
// tree) is kept by the node. So the ExprPtrs of a parsed tree's
// Expr::children() are mostly views: whoever keeps a subtree keeps the
// root of its tree.
//
// Call arguments and list items are always owning ExprPtrs (trees of
// their own: the parser builds those of one call or list in one block,
// each shared with Share): a list value (Value::List) shares its items
// beyond the life of the tree that held them.
//
// Not thread-safe while building; the finished tree is immutable and may
// be shared between threads like any other.
#ifndef CLASSAD_TREE_BUILDER_H_
#define CLASSAD_TREE_BUILDER_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classad/expr.h"
#include "classad/value.h"

namespace classad {

class TreeBuilder {
 public:
  // The bytes a node of `kind` takes in a tree's block (a multiple of 8).
  static constexpr size_t NodeBytes(ExprKind kind) { return Expr::NodeBytes(kind); }

  // Reserves `expected_bytes` for the nodes to come (the sum of their
  // NodeBytes); when the estimate falls short, further nodes go to
  // extra chunks of the same block, so an estimate costs memory or an
  // allocation, never correctness. Throws std::bad_alloc like new.
  explicit TreeBuilder(size_t expected_bytes);
  TreeBuilder(const TreeBuilder&) = delete;
  TreeBuilder& operator=(const TreeBuilder&) = delete;
  // An unfinished tree's nodes are destroyed with the builder.
  ~TreeBuilder();

  // An operand that links to `node`, a node of this builder, without
  // owning it.
  static ExprPtr View(const Expr* node) { return ExprPtr(ExprPtr(), node); }

  // The node makers: each returns the new node (see above). They mirror
  // Expr's factories of the same names.
  const Expr* Literal(Value value);
  // relTime("...") folded at parse time: see Expr::reltime_text().
  const Expr* RelTimeLiteral(double seconds);
  const Expr* Attribute(std::string_view name, bool absolute);
  const Expr* Select(ExprPtr base, std::string_view name);
  const Expr* Subscript(ExprPtr base, ExprPtr index);
  const Expr* Unary(Op op, ExprPtr operand);
  const Expr* Binary(Op op, ExprPtr left, ExprPtr right);
  const Expr* Conditional(ExprPtr cond, ExprPtr if_true, ExprPtr if_false);
  const Expr* Elvis(ExprPtr left, ExprPtr right);
  // `args` must own their nodes (not views of this builder).
  const Expr* Call(std::string name, std::vector<ExprPtr> args, const Builtin* builtin);
  // `items` must own their nodes (not views of this builder).
  const Expr* List(std::vector<ExprPtr> items);
  const Expr* Ad(std::shared_ptr<const ClassAd> ad);
  const Expr* Parens(ExprPtr inner);

  // An owning pointer to `node`, a node of this builder: it keeps the whole
  // block alive. Building may go on.
  ExprPtr Share(const Expr* node) const { return ExprPtr(block_, node); }

  // The tree whose root is `root`, a node of this builder: an ExprPtr that
  // owns the block. The builder is spent: call nothing else on it after.
  ExprPtr Finish(const Expr* root);

 private:
  class Block;
  // Builds a node of `kind` in the block: T is Expr for a literal, else
  // Expr::Packed of the kind's shape.
  template <typename T>
  T* Place(ExprKind kind, Op op);
  const Expr* MakeOperator(ExprKind kind, Op op, ExprPtr* operands);

  std::shared_ptr<Block> block_;
};

}  // namespace classad

#endif  // CLASSAD_TREE_BUILDER_H_
