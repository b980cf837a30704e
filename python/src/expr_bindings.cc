// The functions on expressions behind classad_engine.ExprTree.
#include <optional>
#include <string>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "python/src/bindings.h"
#include "python/src/py_values.h"

namespace py = pybind11;

namespace classad_python {

namespace {

ExprHandle ParseExpr(std::string_view text) {
  auto parsed = classad::ParseExpression(text);
  if (!parsed.ok()) {
    throw ClassAdError("Unable to parse string into an expression: " +
                       parsed.status().ToString());
  }
  return ExprHandle{std::move(parsed).value(), nullptr};
}

// eval(scope, target): the expression evaluated with MY = scope and TARGET
// = target; without a scope, in its home ad (or none) and with no TARGET:
// classad2's exprtree.cpp ignores the target when no scope is given.
py::object Eval(const ExprHandle& e, const AdHandle* scope, const AdHandle* target) {
  const classad::ClassAd* my = scope != nullptr ? scope->ad.get() : e.home.get();
  const classad::ClassAd* other =
      scope != nullptr && target != nullptr ? target->ad.get() : nullptr;
  const classad::Value value = classad::EvaluateExpr(*e.expr, my, other);
  return ValueToPython(value, PyClasses::Get());
}

}  // namespace

void RegisterExprs(py::module_& m) {
  py::class_<ExprHandle>(m, "ExprHandle", "An expression shared with an ExprTree object.");
  m.def("expr_parse", &ParseExpr, "An expression from text; ClassAdException when invalid.");
  m.def("expr_undefined", [] {
    return ExprHandle{classad::Expr::Literal(classad::Value::Undefined()), nullptr};
  });
  m.def("expr_from_python", [](py::handle value) {
    return ExprHandle{PythonToExpr(value, PyClasses::Get()), nullptr};
  });
  m.def("expr_str", [](const ExprHandle& e) { return classad::Unparse(*e.expr); });
  m.def("expr_eval", &Eval, py::arg("expr"), py::arg("scope").none(true),
        py::arg("target").none(true));
  // classad2's ExprTree.__eq__: HTCondor's SameAs (the same tree, names
  // compared byte for byte), not an `==` expression.
  m.def("expr_eq", [](const ExprHandle& a, const ExprHandle& b) {
    return a.expr->SameAs(*b.expr, classad::Expr::Names::kExactCase);
  });
}

}  // namespace classad_python
