#include "negotiator/explain/clause_explainer.h"

#include <memory>
#include <utility>

#include "classad/match.h"
#include "classad/operators.h"
#include "classad/scope.h"
#include "classad/unparse.h"
#include "negotiator/explain/display_text.h"
#include "policy/text_util.h"

namespace negotiator::explain {

using policy::EqualsNoCase;
namespace {

using classad::Expr;
using classad::ExprKind;
using classad::Op;
using classad::Value;

// `expr` without the parentheses around it.
const Expr& StripParens(const Expr& expr) {
  const Expr* e = &expr;
  while (e->kind() == ExprKind::kParens) e = &e->child(0);
  return *e;
}

bool IsChain(const Expr& bare) {
  return bare.kind() == ExprKind::kBinary && (bare.op() == Op::kAnd || bare.op() == Op::kOr);
}

bool IsComparison(Op op) {
  switch (op) {
    case Op::kEqual: case Op::kNotEqual: case Op::kIs: case Op::kIsnt:
    case Op::kLess: case Op::kLessEq: case Op::kGreater: case Op::kGreaterEq:
      return true;
    default:
      return false;
  }
}

// The members of the chain `bare` (a && or || node), left to right: the
// operands of unparenthesised nodes of the same operator, found without
// recursion (a chain is as deep as it is long).
std::vector<const Expr*> ChainMembers(const Expr& bare) {
  std::vector<const Expr*> members;
  std::vector<const Expr*> stack = {&bare};
  while (!stack.empty()) {
    const Expr* e = stack.back();
    stack.pop_back();
    if (e->kind() == ExprKind::kBinary && e->op() == bare.op()) {
      stack.push_back(&e->child(1));
      stack.push_back(&e->child(0));
    } else {
      members.push_back(e);
    }
  }
  return members;
}

// Marks the members of a chain of `op` that decided its value, and those
// the real evaluation never reaches, by folding the members' values with
// the operator's truth table (ApplyBinaryOp) from the left as the
// evaluator does, and short-circuiting where it does. Returns the value
// the fold gives: the chain's value.
Value MarkDeciders(Op op, std::vector<Clause>* members) {
  std::vector<Clause>& m = *members;
  for (Clause& c : m) c.decided = false;
  if (m.empty()) return Value::Undefined();
  const bool is_or = op == Op::kOr;
  Value acc = m[0].value;
  std::vector<size_t> deciders = {0};
  for (size_t i = 1; i < m.size(); ++i) {
    bool truth = false;
    const bool acc_is_condition = classad::ValueAsCondition(acc, &truth);
    if (acc_is_condition && truth == is_or) {
      for (size_t j = i; j < m.size(); ++j) m[j].evaluated = false;
      acc = Value::Boolean(truth);
      break;
    }
    const Value& v = m[i].value;
    Value next = classad::ApplyBinaryOp(op, acc, v);
    if (next.IsBoolean()) {
      if (next.boolean() == is_or) {
        deciders = {i};  // `false` of && (true of ||): this member made it so
      } else {
        deciders.push_back(i);  // every member so far was needed
      }
    } else if (next.IsError()) {
      // An error that was already there stays decided by its makers; else
      // this member (an error, or a value that is no condition) made it.
      const bool acc_made_error = acc.IsError() || (!acc_is_condition && !acc.IsUndefined());
      if (!acc_made_error) deciders = {i};
    } else {  // undefined: the undefined members decided it
      std::vector<size_t> undefined;
      if (acc.IsUndefined()) undefined = deciders;
      if (v.IsUndefined()) undefined.push_back(i);
      deciders = std::move(undefined);
    }
    acc = std::move(next);
  }
  for (size_t i : deciders) m[i].decided = true;
  return acc;
}

// What holds between two compared values (see Comparison::relation).
std::string Relation(Op op, const Value& left, const Value& right) {
  if (op == Op::kIs || op == Op::kIsnt) {
    return classad::IdenticalValues(left, right) ? "=?=" : "=!=";
  }
  const Value eq = classad::ApplyBinaryOp(Op::kEqual, left, right);
  if (!eq.IsBoolean()) return classad::OpSpelling(op);
  if (eq.boolean()) return "==";
  // For == and !=, that they differ is the whole story (an order of two
  // strings would only distract).
  if (op == Op::kEqual || op == Op::kNotEqual) return "!=";
  const Value lt = classad::ApplyBinaryOp(Op::kLess, left, right);
  const Value gt = classad::ApplyBinaryOp(Op::kGreater, left, right);
  if (lt.IsBoolean() && lt.boolean()) return "<";
  if (gt.IsBoolean() && gt.boolean()) return ">";
  return "!=";
}

// Where `name` (read from MY when !target, else from TARGET) is found in
// the scope `s`.
AttributeSource SourceOf(const classad::Scope* s, const std::string& name, bool target,
                         bool compat) {
  const uint64_t hash = classad::HashAttributeName(name);
  if (!target) {
    if (s->overlay != nullptr && s->overlay->Find(name, hash) != nullptr) {
      return AttributeSource::kMyBound;
    }
    if (s->ad != nullptr && s->ad->Find(name, hash)) return AttributeSource::kMyAd;
    if (!compat || !s->is_top_level()) return AttributeSource::kAbsent;
  }
  const classad::Scope* t = s->is_top_level() ? s->target : nullptr;
  if (t == nullptr) return AttributeSource::kAbsent;
  if (t->overlay != nullptr && t->overlay->Find(name, hash) != nullptr) {
    return AttributeSource::kTargetBound;
  }
  if (t->ad != nullptr && t->ad->Find(name, hash)) return AttributeSource::kTargetAd;
  return AttributeSource::kAbsent;
}

class Explainer {
 public:
  explicit Explainer(const ExplainOptions& options) : options_(options) {}

  // `expr` explained in `context`; `depth` levels are used above it.
  Clause Explain(const Expr& expr, classad::EvalContext* context, int depth) {
    Clause clause;
    ++clauses_;
    if (options_.keep_text) clause.text = DisplayText(expr);
    clause.expr = &expr;
    // The value of a chain is the fold of its members' values, and that of
    // a reference its definition's: each part is evaluated once.
    const Expr& bare = StripParens(expr);
    bool valued = false;
    if (IsChain(bare)) {
      valued = ExplainChain(bare, context, depth, &clause);
    } else if (options_.expand_attributes && IsReference(bare)) {
      valued = ExplainDefinition(bare, context, depth, &clause);
    }
    if (!valued) clause.value = Evaluate(expr, context);
    if (options_.details) AddDetails(bare, context, &clause);
    return clause;
  }

 private:
  static Value Evaluate(const Expr& expr, classad::EvalContext* context) {
    context->Restart();
    return context->Evaluate(expr);
  }

  static bool IsReference(const Expr& bare) {
    if (bare.kind() == ExprKind::kAttribute) {
      return bare.name_class() == classad::NameClass::kOrdinary;
    }
    if (bare.kind() == ExprKind::kSelect) {
      const Expr& base = bare.child(0);
      return base.kind() == ExprKind::kAttribute &&
             (base.name_class() == classad::NameClass::kMy ||
              base.name_class() == classad::NameClass::kTarget);
    }
    return false;
  }

  // Explains the members of the chain `bare` and sets the clause's value;
  // false (truncated) when a limit forbids.
  bool ExplainChain(const Expr& bare, classad::EvalContext* context, int depth, Clause* clause) {
    std::vector<const Expr*> members = ChainMembers(bare);
    if (depth + 1 > options_.max_depth || clauses_ + members.size() > options_.max_clauses) {
      clause->truncated = true;
      return false;
    }
    clause->chain = bare.op();
    clause->clauses.reserve(members.size());
    clauses_ += members.size();  // reserved up front, so that nested chains see the budget
    for (const Expr* member : members) {
      --clauses_;
      clause->clauses.push_back(Explain(*member, context, depth + 1));
    }
    clause->value = MarkDeciders(bare.op(), &clause->clauses);
    return true;
  }

  // Explains the expression the reference `bare` names, in the ad that
  // holds it, and sets the clause's value; false when there is none to
  // follow (a literal, a bound or missing attribute) or a limit forbids.
  bool ExplainDefinition(const Expr& bare, classad::EvalContext* context, int depth,
                         Clause* clause) {
    std::shared_ptr<const classad::Scope> found_in;
    context->Restart();
    classad::ExprPtr definition = context->FindReferencedExpr(bare, &found_in);
    if (definition == nullptr || found_in == nullptr ||
        StripParens(*definition).kind() == ExprKind::kLiteral) {
      return false;
    }
    const Following following{found_in->ad, definition.get()};
    bool cycle = false;
    for (const Following& f : following_) cycle |= f.ad == following.ad && f.expr == following.expr;
    if (cycle || depth + 1 > options_.max_depth || clauses_ + 1 > options_.max_clauses) {
      clause->truncated = true;
      return false;
    }
    following_.push_back(following);
    classad::EvalContext inner(context->options(), found_in);
    clause->defined_as = bare.name();
    clause->definition.push_back(Explain(*definition, &inner, depth + 1));
    clause->value = clause->definition.front().value;
    following_.pop_back();
    return true;
  }

  void AddDetails(const Expr& bare, classad::EvalContext* context, Clause* clause) {
    if (bare.kind() == ExprKind::kBinary && IsComparison(bare.op())) {
      Comparison cmp;
      cmp.op = bare.op();
      for (int side = 0; side < 2; ++side) {
        const Expr& operand = bare.child(static_cast<size_t>(side));
        Operand& o = side == 0 ? cmp.left : cmp.right;
        o.text = DisplayText(operand);
        o.literal = StripParens(operand).kind() == ExprKind::kLiteral;
        o.value = o.literal ? StripParens(operand).literal() : Evaluate(operand, context);
      }
      cmp.relation = Relation(cmp.op, cmp.left.value, cmp.right.value);
      clause->comparison = std::move(cmp);
    }
    if (clause->IsTrue() || clause->chain != Op::kNone || !clause->definition.empty()) return;
    std::vector<std::string> mine, theirs;
    classad::CollectReferencedNames(bare, &mine, &theirs);
    const bool compat = context->compat();
    auto add = [&](const std::string& name, bool target) {
      if (clause->attributes.size() >= options_.max_attributes) return;
      const std::string shown = target ? "TARGET." + name : name;
      for (const AttributeReading& r : clause->attributes) {
        if (EqualsNoCase(r.name, shown)) return;
      }
      if (clause->comparison.has_value() && (EqualsNoCase(clause->comparison->left.text, shown) ||
                                             EqualsNoCase(clause->comparison->right.text, shown))) {
        return;
      }
      classad::ExprPtr ref = target ? Expr::Select(Expr::Attribute("TARGET", false), name)
                                    : Expr::Attribute(name, false);
      AttributeReading reading;
      reading.name = shown;
      reading.value = Evaluate(*ref, context);
      reading.source = SourceOf(context->current_scope(), name, target, compat);
      clause->attributes.push_back(std::move(reading));
    };
    for (const std::string& name : mine) add(name, false);
    for (const std::string& name : theirs) add(name, true);
  }

  // A definition being explained on the current path (cycle guard).
  struct Following {
    const classad::ClassAd* ad;
    const Expr* expr;
  };

  const ExplainOptions& options_;
  size_t clauses_ = 0;
  std::vector<Following> following_;
};

void CollectLeaves(const Clause& clause, std::vector<std::string>* within,
                   std::vector<DecidingLeaf>* out) {
  if (!clause.definition.empty()) {
    within->push_back(clause.defined_as);
    CollectLeaves(clause.definition.front(), within, out);
    within->pop_back();
    return;
  }
  bool below = false;
  for (const Clause& member : clause.clauses) {
    if (!member.decided) continue;
    below = true;
    CollectLeaves(member, within, out);
  }
  if (below) return;
  for (const DecidingLeaf& leaf : *out) {
    if (leaf.expr == clause.expr && leaf.text == clause.text && leaf.within == *within) return;
  }
  out->push_back(DecidingLeaf{clause.text, clause.expr, *within});
}

}  // namespace

const char* AttributeSourceName(AttributeSource source) {
  switch (source) {
    case AttributeSource::kMyAd: return "my ad";
    case AttributeSource::kTargetAd: return "target ad";
    case AttributeSource::kMyBound: return "bound on my ad";
    case AttributeSource::kTargetBound: return "bound on target ad";
    case AttributeSource::kAbsent: return "absent";
  }
  return "absent";
}

std::string Comparison::ToString() const {
  auto side = [](const Operand& o) {
    return o.literal ? o.text : o.text + " = " + FormatValue(o.value);
  };
  return side(left) + " " + relation + " " + side(right);
}

bool Clause::IsTrue() const { return classad::IsTrueValue(value); }

Clause ExplainExpression(const classad::Expr& expr, classad::EvalContext* context,
                         const ExplainOptions& options) {
  Explainer explainer(options);
  return explainer.Explain(expr, context, 0);
}

std::string FormatValue(const classad::Value& value) {
  switch (value.type()) {
    case classad::ValueType::kUndefined:
      return "undefined";
    case classad::ValueType::kError:
      return "error";
    case classad::ValueType::kBoolean:
      return value.boolean() ? "true" : "false";
    case classad::ValueType::kInteger:
      return std::to_string(value.integer());
    default:
      return DisplayValue(value);
  }
}

std::vector<const classad::Expr*> ChainClauses(const classad::Expr& expr) {
  const Expr& bare = StripParens(expr);
  if (!IsChain(bare)) return {&expr};
  return ChainMembers(bare);
}

std::vector<DecidingLeaf> DecidingLeaves(const Clause& root) {
  std::vector<DecidingLeaf> leaves;
  std::vector<std::string> within;
  CollectLeaves(root, &within, &leaves);
  return leaves;
}

}  // namespace negotiator::explain
