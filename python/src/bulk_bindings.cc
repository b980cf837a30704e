// The bulk calls HTCondor's module does not have: one Python call for work
// a script would otherwise loop over, run with the GIL released. Contract:
// no other thread changes the ads passed while a call runs (they are kept
// alive by the call, not locked).
#include <memory>
#include <vector>

#include <pybind11/stl.h>

#include "classad/evaluator.h"
#include "classad/match.h"
#include "python/src/bindings.h"
#include "python/src/py_values.h"

namespace py = pybind11;

namespace classad_python {

namespace {

// The ads of a list of AdHandles, shared (kept alive while the GIL is
// released), and plain pointers to them for the engine's spans.
struct AdList {
  std::vector<std::shared_ptr<classad::ClassAd>> owned;
  std::vector<const classad::ClassAd*> pointers;
};

AdList Collect(const py::list& handles) {
  AdList out;
  out.owned.reserve(handles.size());
  out.pointers.reserve(handles.size());
  for (const py::handle item : handles) {
    const AdHandle& handle = item.cast<const AdHandle&>();
    out.owned.push_back(handle.ad);
    out.pointers.push_back(handle.ad.get());
  }
  return out;
}

// eval_over(expr, ads, target): the expression evaluated with MY = each ad
// and TARGET = `target` (or none), as Python values in the ads' order.
py::list EvalOver(const ExprHandle& e, const py::list& ads, const AdHandle* target) {
  const AdList list = Collect(ads);
  const std::shared_ptr<classad::ClassAd> other = target ? target->ad : nullptr;
  std::vector<classad::Value> values(list.pointers.size());
  {
    py::gil_scoped_release release;
    const classad::EvalOptions options;
    for (size_t i = 0; i < values.size(); ++i) {
      values[i] = classad::EvaluateExpr(*e.expr, list.pointers[i], other.get(), options);
    }
  }
  const PyClasses classes = PyClasses::Get();
  py::list out;
  for (const classad::Value& value : values) out.append(ValueToPython(value, classes));
  return out;
}

// For each job, the slots it matches both ways (the negotiator's match:
// both Requirements true), through the engine's MatchKernel. `on_match`
// is called (GIL released) with the job's and the slot's indices.
template <typename OnMatch>
void MatchAll(const AdList& jobs, const AdList& slots, OnMatch on_match) {
  const classad::EvalOptions options;
  std::vector<classad::MatchResult> results;
  for (size_t j = 0; j < jobs.pointers.size(); ++j) {
    classad::MatchKernel kernel(jobs.pointers[j], options);
    kernel.Match(slots.pointers, &results);
    for (size_t s = 0; s < results.size(); ++s) {
      if (results[s].matched) on_match(j, s);
    }
  }
}

std::vector<size_t> CountMatches(const py::list& jobs, const py::list& slots) {
  const AdList job_ads = Collect(jobs);
  const AdList slot_ads = Collect(slots);
  std::vector<size_t> counts(job_ads.pointers.size(), 0);
  py::gil_scoped_release release;
  MatchAll(job_ads, slot_ads, [&counts](size_t j, size_t) { ++counts[j]; });
  return counts;
}

std::vector<std::vector<size_t>> ListMatches(const py::list& jobs, const py::list& slots) {
  const AdList job_ads = Collect(jobs);
  const AdList slot_ads = Collect(slots);
  std::vector<std::vector<size_t>> matches(job_ads.pointers.size());
  py::gil_scoped_release release;
  MatchAll(job_ads, slot_ads, [&matches](size_t j, size_t s) { matches[j].push_back(s); });
  return matches;
}

}  // namespace

void RegisterBulk(py::module_& m) {
  m.def("eval_over", &EvalOver, py::arg("expr"), py::arg("ads"), py::arg("target").none(true));
  m.def("count_matches", &CountMatches, py::arg("jobs"), py::arg("slots"));
  m.def("list_matches", &ListMatches, py::arg("jobs"), py::arg("slots"));
}

}  // namespace classad_python
