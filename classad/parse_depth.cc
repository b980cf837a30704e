#include "classad/parse_depth.h"

#include <algorithm>
#include <vector>

#include "classad/classad.h"

namespace classad {
namespace {

int Full(const Expr& e);
int Chain(const Expr& e);

// The levels of a parseUnaryExpression call that reads `e`: one for each
// prefix operator, then one for the postfix call and what its chain reaches.
int UnaryLevel(const Expr& e) {
  if (e.kind() == ExprKind::kUnary) return 1 + UnaryLevel(e.child(0));
  return 2 + Chain(e);
}

// The levels of the binary-operator cascade reading `e`: iterative in
// HTCondor, so the deepest operand decides.
int BinaryLevel(const Expr& e) {
  if (e.kind() == ExprKind::kBinary) return std::max(BinaryLevel(e.child(0)), BinaryLevel(e.child(1)));
  return UnaryLevel(e);
}

// The levels of a parsePostfixExpression call reading `e` (the right
// operand of `?:`).
int PostfixLevel(const Expr& e) {
  if (e.kind() == ExprKind::kUnary) return UnaryLevel(e);
  return 1 + Chain(e);
}

// The levels below a postfix call: its primary and the `[index]`, `.name`
// and `?:` that follow it.
int Chain(const Expr& e) {
  switch (e.kind()) {
    case ExprKind::kLiteral:
      // absTime("...")/relTime("...") folded at parse time: their argument
      // was parsed as an expression.
      return e.literal().IsAbsTime() || e.reltime_text() ? 3 : 0;
    case ExprKind::kAttribute:
      return 0;
    case ExprKind::kSelect:
      return Chain(e.child(0));
    case ExprKind::kSubscript:
      return std::max(Chain(e.child(0)), Full(e.child(1)));
    case ExprKind::kElvis: {
      // `a ?: b ?: c` is left-nested here; HTCondor reads each right operand
      // with a postfix call inside the previous one.
      std::vector<const Expr*> rights;
      const Expr* head = &e;
      while (head->kind() == ExprKind::kElvis) {
        rights.push_back(&head->child(1));
        head = &head->child(0);
      }
      int depth = Chain(*head);
      for (size_t i = 0; i < rights.size(); ++i) {
        const int enclosing = static_cast<int>(rights.size() - 1 - i);
        depth = std::max(depth, enclosing + PostfixLevel(*rights[i]));
      }
      return depth;
    }
    case ExprKind::kParens:
      return Full(e.child(0));
    case ExprKind::kCall:
    case ExprKind::kList: {
      int depth = 0;
      for (const ExprPtr& item : e.children()) depth = std::max(depth, Full(*item));
      return depth;
    }
    case ExprKind::kAd: {
      int depth = 0;
      for (const Attribute& a : e.ad()->Attributes()) depth = std::max(depth, Full(*a.expr));
      return depth;
    }
    case ExprKind::kUnary:
    case ExprKind::kBinary:
    case ExprKind::kConditional:
      return Full(e);  // only under parentheses in a parsed tree
  }
  return 0;
}

// The levels of a parseExpression call reading `e`.
int Full(const Expr& e) {
  if (e.kind() == ExprKind::kConditional) {
    return 1 + std::max({BinaryLevel(e.child(0)), Full(e.child(1)), Full(e.child(2))});
  }
  return 1 + BinaryLevel(e);
}

}  // namespace

int HtcondorParserDepth(const Expr& e) { return Full(e); }

}  // namespace classad
