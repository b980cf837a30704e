// What the Python objects of classad_engine hold: an ad or an expression of
// the engine, shared. The pure-Python classes (ClassAd, ExprTree) keep one
// of these in their `_handle`.
#ifndef PYTHON_SRC_HANDLES_H_
#define PYTHON_SRC_HANDLES_H_

#include <memory>
#include <stdexcept>
#include <string>

#include "classad/classad.h"
#include "classad/expr.h"

namespace classad_python {

// An ad owned (shared) by a Python ClassAd; never null. Mutated only under
// the GIL; read without it by the bulk calls while the caller keeps the
// Python objects alive (the GIL released, no Python code can mutate it).
struct AdHandle {
  std::shared_ptr<classad::ClassAd> ad = std::make_shared<classad::ClassAd>();
};

// An expression held by a Python ExprTree; never null. `home` is the ad it
// was looked up in (null for a parsed expression): the scope an eval()
// without one uses, as HTCondor's ExprTree keeps its parent ad.
struct ExprHandle {
  classad::ExprPtr expr;
  std::shared_ptr<const classad::ClassAd> home;
};

// Raised as classad_engine.ClassAdException (HTCondor's classad2 name),
// registered in module.cc. The message says what failed and, for text,
// where ("line:column: ...").
class ClassAdError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace classad_python

#endif  // PYTHON_SRC_HANDLES_H_
