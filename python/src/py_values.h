// Conversions between the engine's values and expressions and Python
// objects, as HTCondor's classad2 performs them. Every function here needs
// the GIL.
#ifndef PYTHON_SRC_PY_VALUES_H_
#define PYTHON_SRC_PY_VALUES_H_

#include <pybind11/pybind11.h>

#include "classad/value.h"
#include "python/src/handles.h"

namespace classad_python {

// The Python classes values turn into (set by the package's __init__ through
// _core._register; looked up on the module per call, so no C++ state).
struct PyClasses {
  pybind11::object classad;  // classad_engine.ClassAd (has _wrap(handle))
  pybind11::object exprtree; // classad_engine.ExprTree (has _wrap(handle))
  pybind11::object value;    // classad_engine.Value (Undefined, Error)
  // Reads them from the _core module; ClassAdError when not registered.
  static PyClasses Get();
};

// A value as a Python object: undefined/error as Value.Undefined/Error,
// booleans, integers, reals and strings as bool, int, float and str, an
// absolute time as a UTC datetime, a relative time as float seconds, a list
// as a list (elements that are literals, lists or ads converted, others as
// ExprTree), an ad as a ClassAd (a copy).
pybind11::object ValueToPython(const classad::Value& value, const PyClasses& classes);

// An attribute's content as __getitem__ gives it: literals, lists and ads
// converted (evaluated in `ad`), anything else as an ExprTree homed in `ad`.
pybind11::object AttributeToPython(const std::shared_ptr<const classad::ClassAd>& ad,
                                   const classad::AttrRef& attribute, std::string_view name,
                                   const PyClasses& classes);

// A Python object as an expression: None as undefined, Value.Error and
// Value.Undefined, bool, int, float, str, bytes, a datetime (as an absolute
// time, a naive one taken as local time), ExprTree and ClassAd (shared),
// and sequences of these as lists. ClassAdError for anything else (dicts
// are made ClassAds by the Python layer first).
classad::ExprPtr PythonToExpr(const pybind11::handle& object, const PyClasses& classes);

}  // namespace classad_python

#endif  // PYTHON_SRC_PY_VALUES_H_
