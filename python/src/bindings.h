// The parts of the _core extension module, each registered by one function
// (called once from module.cc's PYBIND11_MODULE).
#ifndef PYTHON_SRC_BINDINGS_H_
#define PYTHON_SRC_BINDINGS_H_

#include <pybind11/pybind11.h>

namespace classad_python {

// AdHandle and the functions on ads (ad_bindings.cc).
void RegisterAds(pybind11::module_& m);
// ExprHandle and the functions on expressions (expr_bindings.cc).
void RegisterExprs(pybind11::module_& m);
// Parsing of ad texts and files, quote/unquote (parse_bindings.cc).
void RegisterParsing(pybind11::module_& m);
// The bulk calls that release the GIL (bulk_bindings.cc).
void RegisterBulk(pybind11::module_& m);
// The policy layer (policy_bindings.cc).
void RegisterPolicy(pybind11::module_& m);
// The negotiator: cycles on a snapshot, the simulator
// (negotiator_bindings.cc); after the ClassAdException is registered.
void RegisterNegotiator(pybind11::module_& m);

}  // namespace classad_python

#endif  // PYTHON_SRC_BINDINGS_H_
