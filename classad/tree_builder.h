// TreeBuilder: builds one expression tree whose nodes lie together in one
// block of memory, freed at once when the last ExprPtr into the tree goes.
//
// Every node is built here: the Expr factories build trees of one node,
// the fast parser (fast_parser.h) builds a whole tree in one block, so that
// a parse costs one allocation instead of one per node, and freeing the
// tree one instead of one per node.
//
// Operands are ExprPtrs. What a builder method returns is a view: an
// ExprPtr that points to the new node without owning it (the block owns
// it). A view passed back as an operand of the same builder links two
// nodes of one block; an owning ExprPtr passed as an operand (another
// tree) is kept by the node. So the ExprPtrs of a parsed tree's
// Expr::children() are mostly views: whoever keeps a subtree keeps the
// root of its tree.
//
// Call arguments and list items are always owning ExprPtrs (each its own
// tree): a list value (Value::List) shares its items beyond the life of
// the tree that held them.
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

  // The node makers: each returns a view of the new node (see above).
  // They mirror Expr's factories of the same names.
  ExprPtr Literal(Value value);
  ExprPtr Attribute(std::string_view name, bool absolute);
  ExprPtr Select(ExprPtr base, std::string_view name);
  ExprPtr Subscript(ExprPtr base, ExprPtr index);
  ExprPtr Unary(Op op, ExprPtr operand);
  ExprPtr Binary(Op op, ExprPtr left, ExprPtr right);
  ExprPtr Conditional(ExprPtr cond, ExprPtr if_true, ExprPtr if_false);
  ExprPtr Elvis(ExprPtr left, ExprPtr right);
  // `args` must own their nodes (not views of this builder).
  ExprPtr Call(std::string name, std::vector<ExprPtr> args, const Builtin* builtin);
  // `items` must own their nodes (not views of this builder).
  ExprPtr List(std::vector<ExprPtr> items);
  ExprPtr Ad(std::shared_ptr<const ClassAd> ad);
  ExprPtr Parens(ExprPtr inner);

  // The tree whose root is `root`, a node of this builder: an ExprPtr that
  // owns the block. The builder is spent: call nothing else on it after.
  ExprPtr Finish(const ExprPtr& root);

 private:
  class Block;
  // Room for a node of `kind` (Expr::NodeBytes) in the block.
  void* Room(ExprKind kind);
  // Counts the node just placed in the room Room returned (a node is
  // counted only once built, so the block never destroys a half-built one).
  void Placed(size_t bytes);
  template <typename N>
  Expr::Packed<N>* Place(ExprKind kind, Op op);
  ExprPtr MakeOperator(ExprKind kind, Op op, ExprPtr* operands);
  static ExprPtr View(const Expr* node) { return ExprPtr(ExprPtr(), node); }

  std::shared_ptr<Block> block_;
  Block* raw_block_;  // block_.get(), kept to avoid reloading it per node
};

}  // namespace classad

#endif  // CLASSAD_TREE_BUILDER_H_
