// The compiled part of classad_engine: classad_engine._core.
#include <pybind11/pybind11.h>

#include "python/src/bindings.h"
#include "python/src/handles.h"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() = "The ClassAd engine's compiled core; use the classad_engine package.";
  py::register_exception<classad_python::ClassAdError>(m, "ClassAdException", PyExc_Exception);
  // The package's classes, for the conversions (see PyClasses).
  m.def("_register", [m](py::object classad, py::object exprtree, py::object value) mutable {
    m.attr("_ClassAd") = std::move(classad);
    m.attr("_ExprTree") = std::move(exprtree);
    m.attr("_Value") = std::move(value);
  });
  classad_python::RegisterAds(m);
  classad_python::RegisterExprs(m);
  classad_python::RegisterParsing(m);
  classad_python::RegisterBulk(m);
  classad_python::RegisterPolicy(m);
  classad_python::RegisterNegotiator(m);
}
