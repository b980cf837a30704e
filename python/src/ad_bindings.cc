// The functions on ads behind classad_engine.ClassAd.
#include <string>

#include "classad/ad_io.h"
#include "classad/evaluator.h"
#include "classad/flatten.h"
#include "classad/parser.h"
#include "classad/references.h"
#include "classad/unparse.h"
#include "python/src/bindings.h"
#include "python/src/py_values.h"

namespace py = pybind11;

namespace classad_python {

namespace {

AdHandle ParseNewAd(std::string_view text) {
  auto parsed = classad::ParseAd(text);
  if (!parsed.ok()) {
    throw ClassAdError("Unable to parse string into a ClassAd: " + parsed.status().ToString());
  }
  AdHandle handle;
  handle.ad = std::move(parsed).value();
  return handle;
}

py::object GetItem(const AdHandle& handle, std::string_view key, bool convert) {
  const classad::AttrRef attribute = handle.ad->Find(key);
  if (!attribute) throw py::key_error(std::string(key));
  const PyClasses classes = PyClasses::Get();
  if (convert) return AttributeToPython(handle.ad, attribute, key, classes);
  return classes.exprtree.attr("_wrap")(ExprHandle{attribute.ToExpr(), handle.ad});
}

// The ad written by the engine's writer in HTCondor's unparser order.
std::string Written(const classad::ClassAd& ad, classad::AdFormat format, bool pretty) {
  classad::AdWriteOptions options;
  options.format = format;
  options.order = classad::AttributeOrder::kCanonical;
  options.pretty = pretty;
  std::string out;
  const classad::Status status = classad::AppendAd(ad, options, &out);
  if (!status.ok()) throw ClassAdError(status.ToString());
  return out;
}

py::list ReferenceList(const classad::References& refs) {
  py::list out;
  for (const std::string& name : refs) out.append(name);
  return out;
}

}  // namespace

void RegisterAds(py::module_& m) {
  py::class_<AdHandle>(m, "AdHandle", "An ad shared with a ClassAd object.")
      .def(py::init<>());
  m.def("ad_parse", &ParseNewAd, "An ad from new-syntax text; ClassAdException when invalid.");
  m.def("ad_copy", [](const AdHandle& h) {
    AdHandle copy;
    copy.ad = std::make_shared<classad::ClassAd>(*h.ad);
    return copy;
  });
  m.def("ad_size", [](const AdHandle& h) { return h.ad->size(); });
  m.def("ad_keys", [](const AdHandle& h) {
    py::list keys;
    for (size_t i = 0; i < h.ad->size(); ++i) keys.append(h.ad->name(i));
    return keys;
  });
  m.def("ad_contains", [](const AdHandle& h, std::string_view key) {
    return static_cast<bool>(h.ad->Find(key));
  });
  m.def("ad_get", &GetItem, "An attribute, converted or as an ExprTree; KeyError when absent.");
  m.def("ad_set", [](AdHandle& h, std::string_view key, py::handle value) {
    h.ad->Insert(key, PythonToExpr(value, PyClasses::Get()));
  });
  m.def("ad_del", [](AdHandle& h, std::string_view key) {
    if (!h.ad->Remove(key)) throw py::key_error(std::string(key));
  });
  m.def("ad_repr", [](const AdHandle& h) { return classad::UnparseAd(*h.ad); });
  // classad2's str(): HTCondor's PrettyPrint unparser.
  m.def("ad_str", [](const AdHandle& h) {
    std::string out;
    classad::UnparsePrettyTo(*classad::Expr::Ad(h.ad), &out);
    return out;
  });
  // classad2's printOld(): the old unparser's `Name = expr` lines, without
  // the blank line that separates ads in a dump.
  m.def("ad_print_old", [](const AdHandle& h) {
    std::string out = Written(*h.ad, classad::AdFormat::kOld, false);
    if (out.size() >= 2 && out.compare(out.size() - 2, 2, "\n\n") == 0) out.pop_back();
    return out;
  });
  m.def("ad_print_json", [](const AdHandle& h) {
    return Written(*h.ad, classad::AdFormat::kJson, /*pretty=*/true);
  });
  // classad2's ClassAd.__eq__: HTCondor's SameAs of the two ads (same
  // attributes, found in any case, whose expressions are the same trees).
  m.def("ad_eq", [](const AdHandle& a, const AdHandle& b) {
    return classad::Expr::Ad(a.ad)->SameAs(*classad::Expr::Ad(b.ad),
                                           classad::Expr::Names::kExactCase);
  });
  // classad2's ClassAd.flatten: a Python value when the expression reduced
  // to one, else the ExprTree left; ValueError when flattening fails.
  m.def("ad_flatten", [](const AdHandle& h, const ExprHandle& e) -> py::object {
    classad::Result<classad::Flattened> flat = classad::Flatten(*e.expr, *h.ad);
    if (!flat.ok()) {
      throw py::value_error("Unable to flatten expression: " + flat.status().ToString());
    }
    const PyClasses classes = PyClasses::Get();
    if (flat->residual == nullptr) return ValueToPython(flat->value, classes);
    return classes.exprtree.attr("_wrap")(ExprHandle{flat->residual, nullptr});
  });
  m.def("ad_left_matches_right", [](const AdHandle& left, const AdHandle& right) {
    return classad::LeftMatchesRight(*left.ad, *right.ad);
  }, "Whether left's Requirements hold against right (IsTrueValue).");
  m.def("ad_symmetric_match", [](const AdHandle& a, const AdHandle& b) {
    return classad::SymmetricMatch(*a.ad, *b.ad);
  });
  m.def("ad_external_refs", [](const AdHandle& h, const ExprHandle& e) {
    classad::References refs;
    if (!classad::ExternalReferences(*h.ad, *e.expr, /*full_names=*/true, &refs)) {
      throw py::value_error("Unable to determine external references.");
    }
    return ReferenceList(refs);
  });
  m.def("ad_internal_refs", [](const AdHandle& h, const ExprHandle& e) {
    classad::References refs;
    if (!classad::InternalReferences(*h.ad, *e.expr, &refs)) {
      throw py::value_error("Unable to determine internal references.");
    }
    return ReferenceList(refs);
  });
}

}  // namespace classad_python
