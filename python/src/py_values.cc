#include "python/src/py_values.h"

#include <string>

#include "classad/evaluator.h"
#include "classad/expr.h"
#include "classad/limits.h"

namespace py = pybind11;

namespace classad_python {

PyClasses PyClasses::Get() {
  py::module_ core = py::module_::import("classad_engine._core");
  if (!py::hasattr(core, "_ClassAd")) {
    throw ClassAdError("classad_engine._core used without the classad_engine package");
  }
  return PyClasses{core.attr("_ClassAd"), core.attr("_ExprTree"), core.attr("_Value")};
}

namespace {

py::object WrapAd(std::shared_ptr<classad::ClassAd> ad, const PyClasses& classes) {
  AdHandle handle;
  handle.ad = std::move(ad);
  return classes.classad.attr("_wrap")(std::move(handle));
}

py::object WrapExpr(classad::ExprPtr expr, std::shared_ptr<const classad::ClassAd> home,
                    const PyClasses& classes) {
  return classes.exprtree.attr("_wrap")(ExprHandle{std::move(expr), std::move(home)});
}

// Whether classad2 converts an element of this kind rather than wrapping it.
bool Convertible(const classad::Expr& expr) {
  const classad::ExprKind kind = expr.kind();
  return kind == classad::ExprKind::kLiteral || kind == classad::ExprKind::kList ||
         kind == classad::ExprKind::kAd;
}

py::object ListToPython(const classad::Value& list, const PyClasses& classes) {
  py::list out;
  const classad::EvalOptions options;
  for (const classad::ExprPtr& item : list.list()) {
    if (item->kind() == classad::ExprKind::kLiteral) {
      out.append(ValueToPython(item->literal(), classes));
    } else if (Convertible(*item)) {
      out.append(ValueToPython(classad::EvaluateExpr(*item, nullptr, nullptr, options), classes));
    } else {
      out.append(WrapExpr(item, nullptr, classes));
    }
  }
  return out;
}

}  // namespace

py::object ValueToPython(const classad::Value& value, const PyClasses& classes) {
  using classad::ValueType;
  switch (value.type()) {
    case ValueType::kUndefined:
      return classes.value.attr("Undefined");
    case ValueType::kError:
      return classes.value.attr("Error");
    case ValueType::kBoolean:
      return py::bool_(value.boolean());
    case ValueType::kInteger:
      return py::int_(value.integer());
    case ValueType::kReal:
      return py::float_(value.real());
    case ValueType::kString: {
      const std::string_view text = value.string();
      // Bytes that are not UTF-8 come back replaced, never as an exception.
      PyObject* decoded = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()),
                                               "replace");
      if (decoded == nullptr) throw py::error_already_set();
      return py::reinterpret_steal<py::object>(decoded);
    }
    case ValueType::kAbsTime: {
      py::module_ datetime = py::module_::import("datetime");
      py::object utc = datetime.attr("timezone").attr("utc");
      return datetime.attr("datetime").attr("fromtimestamp")(value.abstime().seconds, utc);
    }
    case ValueType::kRelTime:
      return py::float_(value.reltime());
    case ValueType::kList:
      return ListToPython(value, classes);
    case ValueType::kAd:
      return WrapAd(std::make_shared<classad::ClassAd>(value.ad()), classes);
  }
  throw ClassAdError("Unknown ClassAd value type");
}

py::object AttributeToPython(const std::shared_ptr<const classad::ClassAd>& ad,
                             const classad::AttrRef& attribute, std::string_view name,
                             const PyClasses& classes) {
  if (attribute.is_literal()) return ValueToPython(attribute.literal(), classes);
  if (Convertible(attribute.expr())) {
    return ValueToPython(classad::EvaluateAttr(*ad, name, nullptr), classes);
  }
  return WrapExpr(attribute.expr_ptr(), ad, classes);
}

namespace {

// PythonToExpr at nesting `depth` (lists in lists); ClassAdError past the
// parser's own nesting limit, so that a hostile structure cannot exhaust
// the C++ stack here or in the evaluator later.
classad::ExprPtr ConvertAt(const py::handle& object, const PyClasses& classes, int depth) {
  using classad::Expr;
  using classad::Value;
  if (object.is_none()) return Expr::Literal(Value::Undefined());
  if (py::isinstance(object, classes.exprtree)) {
    return object.attr("_handle").cast<const ExprHandle&>().expr;
  }
  if (py::isinstance(object, classes.classad)) {
    const AdHandle& handle = object.attr("_handle").cast<const AdHandle&>();
    return Expr::Ad(std::make_shared<const classad::ClassAd>(*handle.ad));
  }
  if (py::isinstance(object, classes.value)) {
    if (object.equal(classes.value.attr("Error"))) return Expr::Literal(Value::Error());
    return Expr::Literal(Value::Undefined());
  }
  if (py::isinstance<py::bool_>(object)) return Expr::Literal(Value::Boolean(object.cast<bool>()));
  if (py::isinstance<py::int_>(object)) {
    try {
      return Expr::Literal(Value::Integer(object.cast<int64_t>()));
    } catch (const py::cast_error&) {
      throw ClassAdError("Unable to convert Python object to a ClassAd expression: "
                         "the integer does not fit in 64 bits");
    }
  }
  if (py::isinstance<py::float_>(object)) {
    return Expr::Literal(Value::Real(object.cast<double>()));
  }
  if (py::isinstance<py::str>(object)) {
    // Strings that cannot be UTF-8 (lone surrogates) raise UnicodeEncodeError.
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(object.ptr(), &size);
    if (text == nullptr) throw py::error_already_set();
    return Expr::Literal(Value::String(std::string_view(text, static_cast<size_t>(size))));
  }
  if (py::isinstance<py::bytes>(object)) {
    return Expr::Literal(Value::String(object.cast<std::string>()));
  }
  py::module_ datetime = py::module_::import("datetime");
  if (py::isinstance(object, datetime.attr("datetime"))) {
    py::object seconds =
        py::module_::import("classad_engine").attr("_convert_local_datetime_to_utc_ts")(object);
    return Expr::Literal(Value::AbsoluteTime(classad::AbsTime{seconds.cast<int64_t>(), 0}));
  }
  if (py::isinstance<py::list>(object) || py::isinstance<py::tuple>(object)) {
    if (depth >= classad::Limits().max_nesting_depth) {
      throw ClassAdError("Unable to convert Python object to a ClassAd expression: "
                         "lists nested more than " +
                         std::to_string(classad::Limits().max_nesting_depth) + " deep");
    }
    std::vector<classad::ExprPtr> items;
    for (const py::handle item : object) items.push_back(ConvertAt(item, classes, depth + 1));
    return Expr::List(std::move(items));
  }
  throw ClassAdError("Unable to convert Python object to a ClassAd expression.");
}

}  // namespace

classad::ExprPtr PythonToExpr(const py::handle& object, const PyClasses& classes) {
  return ConvertAt(object, classes, 0);
}

}  // namespace classad_python
