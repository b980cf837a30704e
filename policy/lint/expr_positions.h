// Where each node of a parsed ClassAd expression starts in the text it was
// parsed from. The parser's tree carries no positions; this walks the tree
// along the text's tokens (the grammar of grammar/ClassAd.g4), so that a
// check can point at the column of an attribute deep inside a multi-line
// expression.
#ifndef POLICY_LINT_EXPR_POSITIONS_H_
#define POLICY_LINT_EXPR_POSITIONS_H_

#include <cstddef>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "classad/expr.h"

namespace policy::lint {

// The byte offsets of the nodes of one expression. Immutable once
// computed; thread-safe to read. Borrows nothing: keyed by node address,
// valid while the tree lives.
class ExprPositions {
 public:
  // Walks `expr`, which classad::ParseExpression built from `text`. When
  // the walk cannot follow the text (they do not belong together), no
  // position is known: every lookup gives nullopt.
  static ExprPositions Compute(std::string_view text, const classad::Expr& expr);

  // The offset of the first byte of `node` (its first token), or nullopt.
  std::optional<size_t> Begin(const classad::Expr& node) const;
  // For an attribute, a `base.name` select or a call: the offset of the
  // name itself; otherwise Begin.
  std::optional<size_t> NameAt(const classad::Expr& node) const;
  // Whether the walk followed the whole text.
  bool complete() const { return complete_; }

 private:
  struct Place {
    size_t begin = 0;
    size_t name = 0;
  };
  std::unordered_map<const classad::Expr*, Place> places_;
  bool complete_ = false;
};

}  // namespace policy::lint

#endif  // POLICY_LINT_EXPR_POSITIONS_H_
