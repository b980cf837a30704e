// type-mismatch: type inference over policy expressions (checks.h). The
// rules are the ClassAd evaluator's (classad/operators.cc, builtins*.cc):
// booleans count as numbers in arithmetic and comparisons (HTCondor's own
// defaults multiply them), strings do not; == and < between a string and
// a number are errors, =?= between them is never true. Only operands whose
// type is known (a literal, a catalogued attribute, an operator's result)
// are judged; an attribute of unknown type is never a mistake.
#include <array>

#include "classad/unparse.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/lint/policy_expressions.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::string_view kCheck = "type-mismatch";

using enum AttributeType;

// Argument kinds a built-in accepts.
constexpr uint8_t kAcceptString = 1, kAcceptNumber = 2, kAcceptBoolean = 4, kAcceptList = 8,
                  kAcceptAd = 16;
constexpr uint8_t kAcceptAny = 31;
constexpr uint8_t kAcceptNumeric = kAcceptNumber | kAcceptBoolean;
// Conversions accept strings that read as numbers: any scalar.
constexpr uint8_t kAcceptScalar = kAcceptString | kAcceptNumber | kAcceptBoolean;

// What a built-in takes and gives, for the built-ins whose argument types
// are strict (checked with classad_eval: substr(3, 1), size(3),
// regexp(1, "x"), member(1, 2), max(1, 2) are errors).
struct Signature {
  std::string_view name;
  uint8_t min_args, max_args;
  std::array<uint8_t, 4> accepts;  // per argument; the last repeats
  AttributeType result;
};

constexpr Signature kSignatures[] = {
    {"ifThenElse", 3, 3, {kAcceptNumeric, kAcceptAny, kAcceptAny, kAcceptAny}, kUnknown},
    {"substr", 2, 3, {kAcceptString, kAcceptNumeric, kAcceptNumeric, kAcceptNumeric}, kString},
    {"size", 1, 1, {kAcceptString | kAcceptList | kAcceptAd, 0, 0, 0}, kNumber},
    {"regexp", 2, 3, {kAcceptString, kAcceptString, kAcceptString, kAcceptString}, kBoolean},
    {"regexps", 3, 4, {kAcceptString, kAcceptString, kAcceptString, kAcceptString}, kString},
    {"stringListMember", 2, 3, {kAcceptString, kAcceptString, kAcceptString, 0}, kBoolean},
    {"stringListIMember", 2, 3, {kAcceptString, kAcceptString, kAcceptString, 0}, kBoolean},
    {"stringListSubsetMatch", 2, 3, {kAcceptString, kAcceptString, kAcceptString, 0}, kBoolean},
    {"stringListISubsetMatch", 2, 3, {kAcceptString, kAcceptString, kAcceptString, 0}, kBoolean},
    {"stringListsIntersect", 2, 3, {kAcceptString, kAcceptString, kAcceptString, 0}, kBoolean},
    {"stringListSize", 1, 2, {kAcceptString, kAcceptString, 0, 0}, kNumber},
    {"member", 2, 2, {kAcceptScalar, kAcceptList, 0, 0}, kBoolean},
    {"identicalMember", 2, 2, {kAcceptScalar, kAcceptList, 0, 0}, kBoolean},
    {"sum", 1, 1, {kAcceptList, 0, 0, 0}, kNumber},
    {"avg", 1, 1, {kAcceptList, 0, 0, 0}, kNumber},
    {"min", 1, 1, {kAcceptList, 0, 0, 0}, kNumber},
    {"max", 1, 1, {kAcceptList, 0, 0, 0}, kNumber},
    {"split", 1, 2, {kAcceptString, kAcceptString, 0, 0}, kList},
    {"splitUserName", 1, 1, {kAcceptString, 0, 0, 0}, kList},
    {"splitSlotName", 1, 1, {kAcceptString, 0, 0, 0}, kList},
    {"replace", 3, 4, {kAcceptString, kAcceptString, kAcceptString, kAcceptString}, kString},
    {"replaceAll", 3, 4, {kAcceptString, kAcceptString, kAcceptString, kAcceptString}, kString},
    {"pow", 2, 2, {kAcceptNumeric, kAcceptNumeric, 0, 0}, kNumber},
    {"floor", 1, 1, {kAcceptScalar, 0, 0, 0}, kNumber},
    {"ceiling", 1, 1, {kAcceptScalar, 0, 0, 0}, kNumber},
    {"round", 1, 1, {kAcceptScalar, 0, 0, 0}, kNumber},
    {"int", 1, 1, {kAcceptScalar, 0, 0, 0}, kNumber},
    {"real", 1, 1, {kAcceptScalar, 0, 0, 0}, kNumber},
    {"string", 1, 1, {kAcceptAny, 0, 0, 0}, kString},
    {"strcat", 0, 255, {kAcceptAny, kAcceptAny, kAcceptAny, kAcceptAny}, kString},
    {"toUpper", 1, 1, {kAcceptAny, 0, 0, 0}, kString},
    {"toLower", 1, 1, {kAcceptAny, 0, 0, 0}, kString},
    {"strcmp", 2, 2, {kAcceptAny, kAcceptAny, 0, 0}, kNumber},
    {"stricmp", 2, 2, {kAcceptAny, kAcceptAny, 0, 0}, kNumber},
    {"time", 0, 0, {0, 0, 0, 0}, kNumber},
    {"isUndefined", 1, 1, {kAcceptAny, 0, 0, 0}, kBoolean},
    {"isError", 1, 1, {kAcceptAny, 0, 0, 0}, kBoolean},
    {"isString", 1, 1, {kAcceptAny, 0, 0, 0}, kBoolean},
    {"isInteger", 1, 1, {kAcceptAny, 0, 0, 0}, kBoolean},
    {"isReal", 1, 1, {kAcceptAny, 0, 0, 0}, kBoolean},
    {"isBoolean", 1, 1, {kAcceptAny, 0, 0, 0}, kBoolean},
    {"isList", 1, 1, {kAcceptAny, 0, 0, 0}, kBoolean},
    {"isClassAd", 1, 1, {kAcceptAny, 0, 0, 0}, kBoolean},
};

const Signature* FindSignature(std::string_view name) {
  for (const Signature& s : kSignatures) {
    if (EqualsNoCase(s.name, name)) return &s;
  }
  return nullptr;
}

uint8_t AcceptBit(AttributeType type) {
  switch (type) {
    case kString:
      return kAcceptString;
    case kNumber:
      return kAcceptNumber;
    case kBoolean:
      return kAcceptBoolean;
    case kList:
      return kAcceptList;
    case kAd:
      return kAcceptAd;
    case kUnknown:
      break;
  }
  return kAcceptAny;
}

// "a string", "a number", ...
std::string A(AttributeType type) {
  return (type == kAd ? "an " : "a ") + std::string(AttributeTypeName(type));
}

bool Numeric(AttributeType t) { return t == kNumber || t == kBoolean; }
bool NotScalar(AttributeType t) { return t == kList || t == kAd; }

// Infers types bottom-up and reports the operations that are errors.
class Inference {
 public:
  Inference(const LintContext& context, const LintedExpression& e, std::vector<Diagnostic>* out)
      : context_(context), e_(e), out_(out) {}

  AttributeType Infer(const classad::Expr& node);

 private:
  // How `node` reads in a message: `Owner (a string)`, `"x" (a string)`.
  std::string Describe(const classad::Expr& node, AttributeType type) const {
    const classad::Expr& bare = Unparenthesized(node);
    if (std::optional<AttributeRef> ref = AsAttributeRef(bare)) {
      return std::string(ref->name) + " (" + A(type) + ")";
    }
    if (bare.kind() == classad::ExprKind::kLiteral) {
      return classad::Unparse(bare) + " (" + A(type) + ")";
    }
    return "a value of type " + std::string(AttributeTypeName(type));
  }
  void Report(const classad::Expr& at, std::string message) {
    const std::optional<size_t> offset = e_.positions().Begin(at);
    if (e_.FromLintedMacro(offset)) return;  // reported where the macro is linted
    out_->push_back(e_.MakeAt(offset, Severity::kWarning, e_.knob() + ": " + message, kCheck));
  }
  AttributeType Literal(const classad::Value& v) const {
    if (v.IsBoolean()) return kBoolean;
    if (v.IsNumber()) return kNumber;
    if (v.IsString()) return kString;
    if (v.IsList()) return kList;
    if (v.IsAd()) return kAd;
    return kUnknown;
  }
  AttributeType Binary(const classad::Expr& node);
  AttributeType Call(const classad::Expr& node);

  const LintContext& context_;
  const LintedExpression& e_;
  std::vector<Diagnostic>* out_;
};

AttributeType Inference::Binary(const classad::Expr& node) {
  using classad::Op;
  const classad::Expr& left = node.child(0);
  const classad::Expr& right = node.child(1);
  const AttributeType l = Infer(left), r = Infer(right);
  const std::string op = classad::OpSpelling(node.op());
  const classad::Expr& bare_left = Unparenthesized(left);
  const classad::Expr& bare_right = Unparenthesized(right);
  const bool undefined_operand =
      (bare_left.kind() == classad::ExprKind::kLiteral && bare_left.literal().IsUndefined()) ||
      (bare_right.kind() == classad::ExprKind::kLiteral && bare_right.literal().IsUndefined());
  switch (node.op()) {
    case Op::kAnd:
    case Op::kOr:
      for (const auto& [operand, type] : {std::pair{&left, l}, std::pair{&right, r}}) {
        if (type == kString || NotScalar(type)) {
          Report(*operand, Describe(*operand, type) + " is an operand of " + op +
                               ", which needs booleans: the result is an error");
          return kUnknown;
        }
      }
      return kBoolean;
    case Op::kEqual:
    case Op::kNotEqual:
    case Op::kLess:
    case Op::kLessEq:
    case Op::kGreater:
    case Op::kGreaterEq:
      if (undefined_operand) {
        const bool equality = node.op() == Op::kEqual || node.op() == Op::kNotEqual;
        Report(node,
               classad::Unparse(node) + " is always undefined, never true" +
                   (equality ? std::string("; use ") + (node.op() == Op::kEqual ? "=?=" : "=!=") +
                                   " (or isUndefined())"
                             : std::string()));
        return kUnknown;
      }
      if ((l == kString && Numeric(r)) || (Numeric(l) && r == kString) || NotScalar(l) ||
          NotScalar(r)) {
        Report(node, Describe(left, l) + " is compared with " + Describe(right, r) + " by " + op +
                         ": the result is an error");
        return kUnknown;
      }
      return kBoolean;
    case Op::kIs:
    case Op::kIsnt:
      if ((l == kString && Numeric(r)) || (Numeric(l) && r == kString)) {
        Report(node, Describe(left, l) + " and " + Describe(right, r) + " are never identical: " +
                         (node.op() == Op::kIs ? "=?= is always false" : "=!= is always true"));
        return kUnknown;
      }
      return kBoolean;
    default:
      break;
  }
  // Arithmetic, bit operations and shifts need numbers.
  for (const auto& [operand, type] : {std::pair{&left, l}, std::pair{&right, r}}) {
    if (type == kString || NotScalar(type)) {
      Report(*operand, Describe(*operand, type) + " is an operand of " + op +
                           ", which needs numbers: the result is an error");
      return kUnknown;
    }
  }
  if (undefined_operand) return kUnknown;
  return Numeric(l) && Numeric(r) ? kNumber : kUnknown;
}

AttributeType Inference::Call(const classad::Expr& node) {
  const auto& args = node.children();
  std::vector<AttributeType> types;
  types.reserve(args.size());
  for (const classad::ExprPtr& arg : args) types.push_back(arg ? Infer(*arg) : kUnknown);
  const Signature* s = FindSignature(node.name());
  if (s == nullptr || node.builtin() == nullptr) return kUnknown;
  if (args.size() < s->min_args || args.size() > s->max_args) {
    const std::string wanted = s->min_args == s->max_args ? std::to_string(s->min_args)
                                                          : std::to_string(s->min_args) + " to " +
                                                                std::to_string(s->max_args);
    const std::optional<size_t> at = e_.positions().NameAt(node);
    if (!e_.FromLintedMacro(at)) {
      out_->push_back(e_.MakeAt(at, Severity::kWarning,
                                e_.knob() + ": " + node.name() + "() takes " + wanted +
                                    " argument" + (wanted == "1" ? "" : "s") + ", not " +
                                    std::to_string(args.size()) + ": the result is an error",
                                kCheck));
    }
    return kUnknown;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const uint8_t accepts = s->accepts[std::min<size_t>(i, s->accepts.size() - 1)];
    if (types[i] == kUnknown || (accepts & AcceptBit(types[i])) != 0) continue;
    Report(*args[i], Describe(*args[i], types[i]) + " is argument " + std::to_string(i + 1) +
                         " of " + node.name() + "(), which does not take " + A(types[i]) +
                         ": the result is an error");
    return kUnknown;
  }
  if (EqualsNoCase(s->name, "ifThenElse")) return types[1] == types[2] ? types[1] : kUnknown;
  return s->result;
}

AttributeType Inference::Infer(const classad::Expr& node) {
  using classad::ExprKind;
  switch (node.kind()) {
    case ExprKind::kLiteral:
      return Literal(node.literal());
    case ExprKind::kParens:
      return Infer(node.child(0));
    case ExprKind::kAttribute:
    case ExprKind::kSelect: {
      const std::optional<AttributeRef> ref = AsAttributeRef(node);
      if (!ref) {
        if (node.kind() == ExprKind::kSelect) Infer(node.child(0));
        return node.name_class() == classad::NameClass::kCurrentTime ? kNumber : kUnknown;
      }
      const AttributeCatalogue::Entry* entry = context_.attributes.Find(ref->name);
      return entry == nullptr ? kUnknown : entry->type;
    }
    case ExprKind::kUnary: {
      const AttributeType t = Infer(node.child(0));
      if (t == kString || NotScalar(t)) {
        Report(node.child(0), Describe(node.child(0), t) + " is the operand of unary " +
                                  classad::OpSpelling(node.op()) + ": the result is an error");
        return kUnknown;
      }
      if (t == kUnknown) return kUnknown;
      return node.op() == classad::Op::kNot ? kBoolean : kNumber;
    }
    case ExprKind::kBinary:
      return Binary(node);
    case ExprKind::kConditional: {
      const AttributeType c = Infer(node.child(0));
      const AttributeType t = Infer(node.child(1)), f = Infer(node.child(2));
      if (c == kString || NotScalar(c)) {
        Report(node.child(0), Describe(node.child(0), c) +
                                  " is the condition of ?:, which needs a boolean: the result "
                                  "is an error");
        return kUnknown;
      }
      return t == f ? t : kUnknown;
    }
    case ExprKind::kElvis: {
      const AttributeType l = Infer(node.child(0)), r = Infer(node.child(1));
      return l == r ? l : kUnknown;
    }
    case ExprKind::kCall:
      return Call(node);
    case ExprKind::kList:
      for (const classad::ExprPtr& item : node.children()) {
        if (item) Infer(*item);
      }
      return kList;
    case ExprKind::kSubscript:
      Infer(node.child(0));
      Infer(node.child(1));
      return kUnknown;
    case ExprKind::kAd:
      return kAd;
  }
  return kUnknown;
}

}  // namespace

void CheckTypes(const LintContext& context, std::vector<Diagnostic>* out) {
  for (const LintedExpression& e : LintedExpressions(context.config)) {
    Inference(context, e, out).Infer(e.expr());
  }
}

}  // namespace policy::lint
