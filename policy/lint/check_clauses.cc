// contradiction and redundant-clause: comparisons of one attribute with
// constants in one && or || chain that can never hold together, that
// together always hold, or of which one adds nothing (checks.h). Numbers
// by interval reasoning (every comparison is a set of reals: integers are
// not assumed, so Cpus > 1 && Cpus < 2 is not a contradiction); strings by
// set reasoning, == and != ignoring case as the ClassAd operators do, =?=
// and =!= exact. Undefined is left out of the sets: an attribute that is
// not there makes such a chain undefined, which the messages say.
#include <algorithm>
#include <limits>
#include <set>

#include "classad/unparse.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/lint/policy_expressions.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kContradiction = "contradiction";
constexpr std::string_view kRedundant = "redundant-clause";

constexpr double kInf = std::numeric_limits<double>::infinity();

// A set of real numbers: sorted, disjoint, non-empty intervals.
class RealSet {
 public:
  struct Interval {
    double lo, hi;
    bool lo_closed, hi_closed;
  };

  static RealSet All() { return RealSet({{-kInf, kInf, false, false}}); }
  // {x : x `op` value}; `op` is one of == != < <= > >=.
  static RealSet Of(classad::Op op, double v) {
    using classad::Op;
    switch (op) {
      case Op::kEqual:
        return RealSet({{v, v, true, true}});
      case Op::kNotEqual:
        return RealSet({{-kInf, v, false, false}, {v, kInf, false, false}});
      case Op::kLess:
        return RealSet({{-kInf, v, false, false}});
      case Op::kLessEq:
        return RealSet({{-kInf, v, false, true}});
      case Op::kGreater:
        return RealSet({{v, kInf, false, false}});
      default:
        return RealSet({{v, kInf, true, false}});
    }
  }

  bool empty() const { return parts_.empty(); }
  RealSet Intersect(const RealSet& other) const {
    std::vector<Interval> out;
    for (const Interval& a : parts_) {
      for (const Interval& b : other.parts_) {
        Interval c{std::max(a.lo, b.lo), std::min(a.hi, b.hi), false, false};
        c.lo_closed = (a.lo == c.lo ? a.lo_closed : true) && (b.lo == c.lo ? b.lo_closed : true);
        c.hi_closed = (a.hi == c.hi ? a.hi_closed : true) && (b.hi == c.hi ? b.hi_closed : true);
        if (c.lo < c.hi || (c.lo == c.hi && c.lo_closed && c.hi_closed)) out.push_back(c);
      }
    }
    std::sort(out.begin(), out.end(), [](const Interval& x, const Interval& y) {
      return x.lo < y.lo || (x.lo == y.lo && x.lo_closed && !y.lo_closed);
    });
    return RealSet(std::move(out));
  }
  RealSet Complement() const {
    std::vector<Interval> out;
    double lo = -kInf;
    bool lo_closed = false;
    for (const Interval& p : parts_) {
      Interval gap{lo, p.lo, lo_closed, !p.lo_closed};
      if (gap.lo < gap.hi || (gap.lo == gap.hi && gap.lo_closed && gap.hi_closed)) {
        out.push_back(gap);
      }
      lo = p.hi;
      lo_closed = !p.hi_closed;
    }
    Interval last{lo, kInf, lo_closed, false};
    if (last.lo < last.hi) out.push_back(last);
    return RealSet(std::move(out));
  }
  bool SubsetOf(const RealSet& other) const { return Intersect(other.Complement()).empty(); }

 private:
  explicit RealSet(std::vector<Interval> parts) : parts_(std::move(parts)) {}
  std::vector<Interval> parts_;
};

// A set of strings: == / != (letters compared without case) or =?= / =!=
// (exact) against one string.
struct StringSet {
  enum class Kind { kEqualNoCase, kNotEqualNoCase, kIs, kIsnt };
  Kind kind;
  std::string value;

  StringSet Complement() const {
    switch (kind) {
      case Kind::kEqualNoCase:
        return {Kind::kNotEqualNoCase, value};
      case Kind::kNotEqualNoCase:
        return {Kind::kEqualNoCase, value};
      case Kind::kIs:
        return {Kind::kIsnt, value};
      case Kind::kIsnt:
        break;
    }
    return {Kind::kIs, value};
  }
  bool SubsetOf(const StringSet& o) const {
    const bool same_folded = EqualsNoCase(value, o.value);
    const bool same = value == o.value;
    // A string without letters is the only member of its case class.
    const bool single = std::none_of(value.begin(), value.end(), IsAsciiLetter);
    using K = Kind;
    switch (kind) {
      case K::kEqualNoCase:
        switch (o.kind) {
          case K::kEqualNoCase:
            return same_folded;
          case K::kNotEqualNoCase:
            return !same_folded;
          case K::kIs:
            return single && same;
          case K::kIsnt:
            return !same_folded;
        }
        break;
      case K::kNotEqualNoCase:
        return (o.kind == K::kNotEqualNoCase || o.kind == K::kIsnt) && same_folded;
      case K::kIs:
        switch (o.kind) {
          case K::kEqualNoCase:
            return same_folded;
          case K::kNotEqualNoCase:
            return !same_folded;
          case K::kIs:
            return same;
          case K::kIsnt:
            return !same;
        }
        break;
      case K::kIsnt:
        return (o.kind == K::kIsnt && same) ||
               (o.kind == K::kNotEqualNoCase && same_folded && single);
    }
    return false;
  }
};

// One clause of a chain that compares an attribute with a constant.
struct Constraint {
  const classad::Expr* clause = nullptr;
  std::string key;  // scope and attribute, folded
  std::string attribute;
  bool numeric = false;
  std::optional<RealSet> numbers;
  std::optional<StringSet> strings;

  bool SubsetOf(const Constraint& o) const {
    return numeric ? numbers->SubsetOf(*o.numbers) : strings->SubsetOf(*o.strings);
  }
  bool Disjoint(const Constraint& o) const {
    return numeric ? numbers->Intersect(*o.numbers).empty()
                   : strings->SubsetOf(o.strings->Complement());
  }
  bool CoversWith(const Constraint& o) const {  // this ∪ o is everything
    return numeric ? numbers->Complement().SubsetOf(*o.numbers)
                   : strings->Complement().SubsetOf(*o.strings);
  }
};

// `op` with its operands swapped (a < b is b > a).
classad::Op Swapped(classad::Op op) {
  using classad::Op;
  switch (op) {
    case Op::kLess:
      return Op::kGreater;
    case Op::kLessEq:
      return Op::kGreaterEq;
    case Op::kGreater:
      return Op::kLess;
    case Op::kGreaterEq:
      return Op::kLessEq;
    default:
      return op;
  }
}

std::optional<Constraint> ConstraintOf(const classad::Expr& clause) {
  using classad::Op;
  const classad::Expr& bare = Unparenthesized(clause);
  if (bare.kind() != classad::ExprKind::kBinary) return std::nullopt;
  Op op = bare.op();
  if (op != Op::kEqual && op != Op::kNotEqual && op != Op::kLess && op != Op::kLessEq &&
      op != Op::kGreater && op != Op::kGreaterEq && op != Op::kIs && op != Op::kIsnt) {
    return std::nullopt;
  }
  const classad::Expr* attr = &Unparenthesized(bare.child(0));
  const classad::Expr* constant = &Unparenthesized(bare.child(1));
  if (attr->kind() == classad::ExprKind::kLiteral) {
    std::swap(attr, constant);
    op = Swapped(op);
  }
  const std::optional<AttributeRef> ref = AsAttributeRef(*attr);
  if (!ref || constant->kind() != classad::ExprKind::kLiteral) return std::nullopt;
  Constraint c;
  c.clause = &clause;
  c.attribute = classad::Unparse(*attr);
  c.key = std::to_string(static_cast<int>(ref->scope)) + LowerAscii(ref->name);
  const classad::Value& v = constant->literal();
  if (v.IsNumber() && op != Op::kIs && op != Op::kIsnt) {
    double x = 0;
    v.ToReal(&x);
    c.numeric = true;
    c.numbers = RealSet::Of(op, x);
    return c;
  }
  if (!v.IsString()) return std::nullopt;
  using K = StringSet::Kind;
  switch (op) {
    case Op::kEqual:
      c.strings = StringSet{K::kEqualNoCase, std::string(v.string())};
      return c;
    case Op::kNotEqual:
      c.strings = StringSet{K::kNotEqualNoCase, std::string(v.string())};
      return c;
    case Op::kIs:
      c.strings = StringSet{K::kIs, std::string(v.string())};
      return c;
    case Op::kIsnt:
      c.strings = StringSet{K::kIsnt, std::string(v.string())};
      return c;
    default:
      return std::nullopt;  // string order comparisons: not modelled
  }
}

// The operands of the chain of `op` rooted at `node`, through parentheses.
void Flatten(const classad::Expr& node, classad::Op op, std::vector<const classad::Expr*>* out) {
  const classad::Expr& bare = Unparenthesized(node);
  if (bare.kind() == classad::ExprKind::kBinary && bare.op() == op) {
    Flatten(bare.child(0), op, out);
    Flatten(bare.child(1), op, out);
    return;
  }
  out->push_back(&node);
}

class ChainChecker {
 public:
  // `opposed`: report contradictions and tautologies; `redundant`: clauses
  // that add nothing.
  ChainChecker(const LintedExpression& e, bool opposed, bool redundant, size_t max_compared,
               std::vector<Diagnostic>* out)
      : e_(e), opposed_(opposed), redundant_(redundant), max_compared_(max_compared), out_(out) {}

  void Check(const classad::Expr& root) {
    const bool conjunction = Unparenthesized(root).op() == classad::Op::kAnd;
    std::vector<const classad::Expr*> operands;
    Flatten(root, Unparenthesized(root).op(), &operands);
    std::vector<Constraint> constraints;
    for (const classad::Expr* operand : operands) {
      if (std::optional<Constraint> c = ConstraintOf(*operand))
        constraints.push_back(std::move(*c));
    }
    std::set<std::string> keys;
    for (const Constraint& c : constraints) keys.insert(c.key);
    for (const std::string& key : keys) {
      std::vector<const Constraint*> group;
      for (const Constraint& c : constraints) {
        if (c.key == key && group.size() < max_compared_) group.push_back(&c);
      }
      if (group.size() < 2) continue;
      const bool numeric = group[0]->numeric;
      if (std::any_of(group.begin(), group.end(),
                      [&](const Constraint* c) { return c->numeric != numeric; })) {
        continue;  // a number and a string: type-mismatch's business
      }
      if (!Opposed(group, conjunction) && redundant_) Redundant(group, conjunction);
    }
  }

 private:
  std::string Text(const Constraint& c) const {
    return classad::Unparse(Unparenthesized(*c.clause));
  }
  void Report(const Constraint& at, const Constraint& other, std::string_view check,
              std::string message, std::string note) {
    if (check == kContradiction ? !opposed_ : !redundant_) return;
    const std::optional<size_t> offset = e_.positions().Begin(Unparenthesized(*at.clause));
    if (e_.FromLintedMacro(offset)) return;  // reported where the macro is linted
    Diagnostic d = e_.MakeAt(offset, Severity::kWarning, e_.knob() + ": " + message, check);
    const std::optional<size_t> other_at = e_.positions().Begin(Unparenthesized(*other.clause));
    Diagnostic where = e_.MakeAt(other_at, Severity::kNote, "", check);
    d.notes.push_back({where.where, std::move(note)});
    out_->push_back(std::move(d));
  }
  // A contradiction (&&) or a tautology (||) between two clauses.
  bool Opposed(const std::vector<const Constraint*>& group, bool conjunction) {
    for (size_t j = 1; j < group.size(); ++j) {
      for (size_t i = 0; i < j; ++i) {
        const Constraint& a = *group[i];
        const Constraint& b = *group[j];
        if (conjunction && a.Disjoint(b)) {
          Report(b, a, kContradiction,
                 Text(b) + " contradicts " + Text(a) +
                     " in the same && chain: the chain is "
                     "never true (false, or undefined without " +
                     a.attribute + ")",
                 "the clause it contradicts");
          return true;
        }
        if (!conjunction && a.CoversWith(b)) {
          Report(b, a, kContradiction,
                 Text(a) + " || " + Text(b) + " holds for every value of " + a.attribute +
                     ": the || chain is always true (undefined without " + a.attribute + ")",
                 "the other clause");
          return true;
        }
      }
    }
    return false;
  }
  // A clause implied by (&&) or covered by (||) another one: the first
  // found (one report per attribute and chain).
  void Redundant(const std::vector<const Constraint*>& group, bool conjunction) {
    for (size_t j = 1; j < group.size(); ++j) {
      for (size_t i = 0; i < j; ++i) {
        const Constraint& a = *group[i];
        const Constraint& b = *group[j];
        const bool a_in_b = a.SubsetOf(b), b_in_a = b.SubsetOf(a);
        if (a_in_b && b_in_a) {
          Report(b, a, kRedundant, Text(b) + " repeats " + Text(a) + " in the same chain",
                 "the clause it repeats");
          return;
        }
        // In &&, the larger set adds nothing; in ||, the smaller one.
        const Constraint* useless = nullptr;
        const Constraint* because = nullptr;
        if (a_in_b) {
          useless = conjunction ? &b : &a;
          because = conjunction ? &a : &b;
        } else if (b_in_a) {
          useless = conjunction ? &a : &b;
          because = conjunction ? &b : &a;
        }
        if (useless == nullptr) continue;
        Report(*useless, *because, kRedundant,
               Text(*useless) + (conjunction ? " is implied by " : " is covered by ") +
                   Text(*because) + " in the same " + (conjunction ? "&&" : "||") +
                   " chain: it adds nothing (was another bound meant?)",
               conjunction ? "the clause that implies it" : "the clause that covers it");
        return;
      }
    }
  }

  const LintedExpression& e_;
  bool opposed_, redundant_;
  size_t max_compared_;
  std::vector<Diagnostic>* out_;
};

bool IsChainOp(const classad::Expr& node, classad::Op op) {
  return node.kind() == classad::ExprKind::kBinary && node.op() == op;
}

void Run(const LintContext& context, bool opposed, bool redundant, std::vector<Diagnostic>* out) {
  for (const LintedExpression& e : LintedExpressions(context.config)) {
    ChainChecker checker(e, opposed, redundant, context.options.max_compared_clauses, out);
    VisitNodes(e.expr(), [&](const classad::Expr& node, const auto& ancestors) {
      if (!IsChainOp(node, classad::Op::kAnd) && !IsChainOp(node, classad::Op::kOr)) return true;
      // The root of a chain: its nearest non-parenthesis ancestor is not
      // the same operator.
      for (size_t i = ancestors.size(); i-- > 0;) {
        if (ancestors[i]->kind() == classad::ExprKind::kParens) continue;
        if (IsChainOp(*ancestors[i], node.op())) return true;
        break;
      }
      checker.Check(node);
      return true;
    });
  }
}

}  // namespace

void CheckContradictions(const LintContext& context, std::vector<Diagnostic>* out) {
  Run(context, true, false, out);
}

void CheckRedundantClauses(const LintContext& context, std::vector<Diagnostic>* out) {
  Run(context, false, true, out);
}

}  // namespace policy::lint
