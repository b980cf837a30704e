// Copies of values and expression trees (value_copier.h).
#include "classad/value_copier.h"

#include <vector>

#include "classad/classad.h"
#include "classad/tree_builder.h"

namespace classad {
namespace {

// A string anew; every other value as it is.
Value CopyLiteral(const Value& value) {
  return value.IsString() ? Value::String(value.string()) : value;
}

// `ad` (a nested ad of an expression) copied: its attributes in order,
// each copied.
std::shared_ptr<const ClassAd> CopyAd(const ClassAd& ad) {
  auto copy = std::make_shared<ClassAd>();
  copy->Reserve(ad.size());
  for (size_t i = 0; i < ad.size(); ++i) {
    const AttrRef attribute = ad.at(i);
    if (attribute.is_literal()) {
      copy->InsertValue(ad.name(i), CopyLiteral(attribute.literal()));
    } else {
      copy->Insert(ad.name(i), CopyExpr(attribute.expr()));
    }
  }
  return copy;
}

// The bytes of the nodes CopyNode places in one builder: `node` and its
// operands, not the arguments and items, which are trees of their own.
size_t BlockBytes(const Expr& node) {
  size_t bytes = TreeBuilder::NodeBytes(node.kind());
  if (node.kind() == ExprKind::kCall || node.kind() == ExprKind::kList) return bytes;
  for (const ExprPtr& operand : node.children()) bytes += BlockBytes(*operand);
  return bytes;
}

// `node` rebuilt in `builder`, operands first.
const Expr* CopyNode(const Expr& node, TreeBuilder* builder) {
  auto operand = [&](size_t i) { return TreeBuilder::View(CopyNode(node.child(i), builder)); };
  switch (node.kind()) {
    case ExprKind::kLiteral:
      return node.reltime_text() ? builder->RelTimeLiteral(node.literal().real())
                                 : builder->Literal(CopyLiteral(node.literal()));
    case ExprKind::kAttribute:
      return builder->Attribute(node.name(), node.absolute());
    case ExprKind::kSelect:
      return builder->Select(operand(0), node.name());
    case ExprKind::kSubscript:
      return builder->Subscript(operand(0), operand(1));
    case ExprKind::kUnary:
      return builder->Unary(node.op(), operand(0));
    case ExprKind::kBinary:
      return builder->Binary(node.op(), operand(0), operand(1));
    case ExprKind::kConditional:
      return builder->Conditional(operand(0), operand(1), operand(2));
    case ExprKind::kElvis:
      return builder->Elvis(operand(0), operand(1));
    case ExprKind::kParens:
      return builder->Parens(operand(0));
    case ExprKind::kCall:
    case ExprKind::kList: {
      // Arguments and items own their nodes: each is a tree of its own.
      std::vector<ExprPtr> owned;
      owned.reserve(node.children().size());
      for (const ExprPtr& child : node.children()) owned.push_back(CopyExpr(*child));
      return node.kind() == ExprKind::kCall
                 ? builder->Call(node.name(), std::move(owned), node.builtin())
                 : builder->List(std::move(owned));
    }
    case ExprKind::kAd:
      return builder->Ad(CopyAd(*node.ad()));
  }
  return builder->Literal(Value::Error());  // not reached: every kind is above
}

}  // namespace

ExprPtr CopyExpr(const Expr& tree) {
  TreeBuilder builder(BlockBytes(tree));
  return builder.Finish(CopyNode(tree, &builder));
}

Value ValueCopier::Copy(const Value& value) {
  if (!value.IsString()) return value;
  // A string no other value holds is copied without being remembered (most
  // strings of an ad are its own: remembering them would cost more than
  // the strings).
  if (value.payload_->refs.load(std::memory_order_relaxed) == 1) return CopyLiteral(value);
  const void* key = value.payload_;
  auto [it, added] = strings_.try_emplace(key);
  if (added) it->second = {value, CopyLiteral(value)};
  return it->second.second;
}

ExprPtr ValueCopier::Copy(const ExprPtr& tree) {
  if (tree == nullptr) return nullptr;
  auto [it, added] = trees_.try_emplace(tree.get());
  if (added) it->second = {tree, CopyExpr(*tree)};
  return it->second.second;
}

void ValueCopier::Clear() {
  strings_.clear();
  trees_.clear();
}

}  // namespace classad
