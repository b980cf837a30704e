// The negotiator behind classad_engine.negotiator: cycles on a snapshot
// (negotiator::RunSnapshotCycles, what `negotiator cycle` calls), the
// simulator (negotiator::RunSimulationFromFiles, what `negotiator
// simulate` calls) and comparisons (negotiator::RunComparison, what
// `negotiator compare` calls), with the GIL released while they read and
// compute.
// Bad input raises NegotiatorInputError (a ClassAdException and a
// ValueError) or, for a file or store that cannot be read or written,
// NegotiatorFileError (a ClassAdException and an OSError).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "negotiator/cycle_output.h"
#include "negotiator/shares/load_share_model.h"
#include "negotiator/simulate/comparison.h"
#include "negotiator/simulate/simulation_files.h"
#include "negotiator/simulate/simulation_html.h"
#include "negotiator/simulate/simulation_report.h"
#include "negotiator/snapshot_cycle.h"
#include "policy/policy.h"
#include "python/src/bindings.h"
#include "python/src/handles.h"

namespace py = pybind11;

namespace classad_python {

namespace {

// Bad input to the negotiator (raised as _core.NegotiatorInputError).
class NegotiatorInputError : public ClassAdError {
 public:
  using ClassAdError::ClassAdError;
};
// A file or store that could not be read or written (raised as
// _core.NegotiatorFileError).
class NegotiatorFileError : public ClassAdError {
 public:
  using ClassAdError::ClassAdError;
};

// `status` (not OK) raised as the exception its code calls for, its text
// starting with file:line:col where the input has one.
[[noreturn]] void Raise(const classad::Status& status) {
  switch (status.code()) {
    case classad::StatusCode::kIoError:
    case classad::StatusCode::kNotFound:
    case classad::StatusCode::kUnavailable:
    case classad::StatusCode::kDataLoss:
      throw NegotiatorFileError(status.ToString());
    default:
      throw NegotiatorInputError(status.ToString());
  }
}

// The share model and the HTCondor release as the command lines name them.
struct ModelArgs {
  std::string model;  // "htcondor" or "dirac"
  std::vector<std::string> dirac_config;
  std::string dirac_setup, dirac_vo;
  uint64_t seed = 0;
  std::string htcondor_version;  // empty: the default (25.0)
};

// The choice `args` names; NegotiatorInputError for an unknown model.
negotiator::ShareModelChoice ChoiceOf(const ModelArgs& args) {
  negotiator::ShareModelChoice choice;
  if (!negotiator::ParseShareModelKind(args.model, &choice.kind)) {
    throw NegotiatorInputError("model: '" + args.model + "' is not htcondor or dirac");
  }
  choice.dirac_config = args.dirac_config;
  choice.dirac_setup = args.dirac_setup;
  choice.dirac_vo = args.dirac_vo;
  choice.seed = args.seed;
  return choice;
}

// The policy options `args` names; NegotiatorInputError for a bad release.
policy::PolicyOptions PolicyOptionsOf(const ModelArgs& args) {
  policy::PolicyOptions options;
  if (args.htcondor_version.empty()) return options;
  if (classad::Status set = policy::SetHTCondorRelease(args.htcondor_version, &options);
      !set.ok()) {
    throw NegotiatorInputError("htcondor_version: " + set.message());
  }
  return options;
}

py::list Texts(const std::vector<std::string>& texts) {
  py::list out;
  for (const std::string& text : texts) out.append(text);
  return out;
}

using ModelPtr = std::shared_ptr<const negotiator::ShareModel>;

// Loads the share models `args` names (one per side of a run) and calls
// `run` with them in that order, with the GIL released (the caller holds
// it); what the models warned about is appended to `*warnings`. Returns
// the first model's error or run's.
classad::Status RunWithModels(const std::vector<ModelArgs>& args,
                              std::vector<std::string>* warnings,
                              const std::function<classad::Status(std::vector<ModelPtr>)>& run) {
  std::vector<negotiator::ShareModelChoice> choices;
  for (const ModelArgs& a : args) choices.push_back(ChoiceOf(a));
  py::gil_scoped_release release;
  std::vector<ModelPtr> models;
  for (const negotiator::ShareModelChoice& choice : choices) {
    classad::Result<ModelPtr> model = negotiator::LoadModel(choice, warnings);
    if (!model.ok()) return model.status();
    models.push_back(*std::move(model));
  }
  return run(std::move(models));
}

// The chart library for the report `page`, or null with a warning (in
// `*warnings`) saying why there is no such page: the tools' ChartsFor.
std::optional<negotiator::ChartLibrary> ChartsFor(const char* page,
                                                  std::vector<std::string>* warnings) {
  std::string warning;
  std::optional<negotiator::ChartLibrary> charts = negotiator::ChartLibraryForPage(page, &warning);
  if (!charts) warnings->push_back(std::move(warning));
  return charts;
}

// Cycles on a snapshot: (the cycles as `negotiator cycle --json` prints
// them, the warnings). `numbered`: several cycles' document
// ({"cycles": [...]}), else the one cycle's.
py::tuple Cycles(negotiator::SnapshotCycleInputs inputs, const ModelArgs& model_args,
                 bool numbered) {
  inputs.policy_options = PolicyOptionsOf(model_args);
  std::vector<std::string> warnings;
  std::string json;
  classad::Status failed = RunWithModels({model_args}, &warnings, [&](auto models) {
    inputs.share_model = std::move(models.front());
    classad::Result<negotiator::SnapshotCycles> ran = negotiator::RunSnapshotCycles(inputs);
    if (!ran.ok()) return ran.status();
    for (const classad::Status& w : ran->warnings) warnings.push_back(w.ToString());
    json = numbered ? negotiator::FormatCyclesJson(ran->cycles)
                    : negotiator::FormatCycleJson(ran->cycles.front());
    return classad::Status::Ok();
  });
  if (!failed.ok()) Raise(failed);
  return py::make_tuple(json, Texts(warnings));
}

// A duration as the commands take it ("90m", "7d", seconds);
// NegotiatorInputError naming `what` otherwise.
int64_t Duration(const std::string& what, const std::string& text) {
  classad::Result<int64_t> d = negotiator::ParseDuration(text);
  if (!d.ok()) throw NegotiatorInputError(what + ": " + d.status().message());
  return *d;
}

// The per-cycle series: one dict per cycle, its submitters and groups
// (the figures of series.csv).
py::list Series(const negotiator::SimulationResult& result) {
  py::list out;
  for (const negotiator::CycleSample& c : result.cycles) {
    py::list submitters, groups;
    for (const negotiator::SubmitterSample& s : c.submitters) {
      submitters.append(py::dict(
          py::arg("name") = s.name, py::arg("group") = s.group, py::arg("running") = s.running,
          py::arg("running_weight") = s.running_weight, py::arg("idle") = s.idle,
          py::arg("rup") = s.rup, py::arg("eup") = s.eup, py::arg("matches") = s.matches,
          py::arg("preempted") = s.preempted));
    }
    for (const negotiator::GroupSample& g : c.groups) {
      groups.append(py::dict(
          py::arg("name") = g.name, py::arg("quota") = g.quota, py::arg("allocated") = g.allocated,
          py::arg("demand") = g.demand, py::arg("running") = g.running,
          py::arg("running_weight") = g.running_weight, py::arg("idle") = g.idle,
          py::arg("matches") = g.matches, py::arg("preempted") = g.preempted));
    }
    out.append(py::dict(
        py::arg("time") = c.time, py::arg("pool_weight") = c.pool_weight,
        py::arg("busy_weight") = c.busy_weight, py::arg("arrivals") = c.arrivals,
        py::arg("completions") = c.completions, py::arg("claims_reused") = c.claims_reused,
        py::arg("matches") = c.matches, py::arg("preemptions") = c.preemptions,
        py::arg("refused") = c.refused, py::arg("submitters") = submitters,
        py::arg("groups") = groups));
  }
  return out;
}

// The events (the rows of events.csv).
py::list Events(const negotiator::SimulationResult& result) {
  py::list out;
  for (const negotiator::SimulationEvent& e : result.events) {
    out.append(py::dict(py::arg("time") = e.time,
                        py::arg("event") = negotiator::EventKindName(e.kind),
                        py::arg("job") = e.job, py::arg("submitter") = e.submitter,
                        py::arg("slot") = e.slot, py::arg("detail") = e.detail));
  }
  return out;
}

// The simulation's inputs from the keyword arguments of
// negotiator.simulate; NegotiatorInputError for a value out of range.
struct SimulateArgs {
  std::vector<std::string> config, slots;
  std::string workload, format, swf_map, run_time_attribute, state, accountant;
  std::optional<int64_t> start;
  std::string duration, interval;
  bool claim_reuse = true, restarted = false;
  int threads = 2;
  std::string out, title;
};

negotiator::SimulationInputs InputsOf(const SimulateArgs& a) {
  negotiator::SimulationInputs in;
  in.config_files = a.config;
  in.slot_files = a.slots;
  in.workload_file = a.workload;
  if (!a.format.empty() && !negotiator::ParseWorkloadFormat(a.format, &in.workload_format)) {
    throw NegotiatorInputError("format: '" + a.format + "' is not history or swf");
  }
  in.swf_map_file = a.swf_map;
  in.run_time_attribute = a.run_time_attribute;
  in.accountant.store = a.state;
  in.accountant.json_file = a.accountant;
  if (a.start && *a.start < 0) throw NegotiatorInputError("start: must not be negative");
  in.start = a.start;
  in.options.duration = Duration("duration", a.duration);
  if (!a.interval.empty()) in.options.interval = Duration("interval", a.interval);
  in.options.claim_reuse = a.claim_reuse;
  in.options.restarted = a.restarted;
  if (a.threads < 1) throw NegotiatorInputError("threads: must be at least 1");
  in.options.threads = a.threads;
  return in;
}

// A simulation's outcome as simulate returns it: (summary as `negotiator
// simulate --json` prints it, series, events, warnings, slots read,
// seconds); `warnings` what the run and its caller warned about.
py::tuple SimulationTuple(const negotiator::SimulationRun& run,
                          std::vector<std::string> warnings) {
  for (const classad::Status& w : run.warnings) warnings.push_back(w.ToString());
  return py::make_tuple(negotiator::FormatMetricsJson(run.metrics), Series(run.result),
                        Events(run.result), Texts(warnings), run.slots, run.seconds);
}

// A simulation as SimulationTuple returns it, the outputs written into
// `out` when given (report.html only with the chart library).
py::tuple Simulate(const SimulateArgs& args, const ModelArgs& model_args) {
  negotiator::SimulationInputs inputs = InputsOf(args);
  inputs.policy_options = PolicyOptionsOf(model_args);
  std::vector<std::string> warnings;
  std::optional<negotiator::SimulationRun> run;
  classad::Status failed = RunWithModels({model_args}, &warnings, [&](auto models) {
    inputs.options.share_model = std::move(models.front());
    classad::Result<negotiator::SimulationRun> ran = negotiator::RunSimulationFromFiles(inputs);
    if (!ran.ok()) return ran.status();
    run = std::move(ran).value();
    if (args.out.empty()) return classad::Status::Ok();
    const std::optional<negotiator::ChartLibrary> charts =
        ChartsFor(negotiator::kReportFile, &warnings);
    const std::string title =
        !args.title.empty() ? args.title : "Simulation of " + inputs.workload_file;
    return negotiator::WriteSimulationOutputs(*run, args.out, title,
                                              charts ? &*charts : nullptr);
  });
  if (!failed.ok()) Raise(failed);
  return SimulationTuple(*run, std::move(warnings));
}

// The comparison's own inputs from the keyword arguments of
// negotiator.compare (the rest are a SimulateArgs, its config unused).
struct CompareArgs {
  std::vector<std::string> config_a, config_b, jobs;
  std::optional<std::string> label_a, label_b;  // nullopt: the tool's default
};

// A comparison: (the comparison as `negotiator compare --json` prints it,
// side A, side B, warnings), each side a SimulationTuple for a workload or
// the cycle as `negotiator cycle --json` prints it for a snapshot; the
// outputs written into `out` when given (compare.html and each side's
// report.html only with the chart library). The checks are the tool's.
py::tuple Compare(const CompareArgs& args, const SimulateArgs& sim, const ModelArgs& model_a,
                  const std::string& model_b) {
  negotiator::ComparisonInputs in;
  in.simulation = InputsOf(sim);
  in.simulation.policy_options = PolicyOptionsOf(model_a);
  in.config_a = args.config_a;
  in.config_b = args.config_b;
  in.job_files = args.jobs;
  ModelArgs side_b = model_a;
  side_b.model = model_b;
  const negotiator::ShareModelChoice choice_a = ChoiceOf(model_a), choice_b = ChoiceOf(side_b);
  in.model_a = negotiator::ShareModelKindName(choice_a.kind);
  in.model_b = negotiator::ShareModelKindName(choice_b.kind);
  // A side's label defaults to its model's name when the models differ.
  const bool differ = choice_a.kind != choice_b.kind;
  in.label_a = args.label_a.value_or(differ ? in.model_a : "A");
  in.label_b = args.label_b.value_or(differ ? in.model_b : "B");
  // Each problem in the keyword arguments' own names.
  switch (negotiator::FindComparisonInputProblem(in, differ)) {
    case negotiator::ComparisonInputProblem::kNone:
      break;
    case negotiator::ComparisonInputProblem::kNoConfigA:
      throw NegotiatorInputError("config_a: required");
    case negotiator::ComparisonInputProblem::kNoConfigB:
      throw NegotiatorInputError("config_b: required unless model_a and model_b differ");
    case negotiator::ComparisonInputProblem::kNoSlots:
      throw NegotiatorInputError("slots: required");
    case negotiator::ComparisonInputProblem::kNotJobsOrWorkload:
      throw NegotiatorInputError("give jobs (a snapshot) or workload (a simulation), one of them");
    case negotiator::ComparisonInputProblem::kStateAndAccountant:
      throw NegotiatorInputError("give state or accountant, not both");
  }
  std::vector<std::string> warnings;
  std::optional<negotiator::Comparison> compared;
  std::string summary;
  classad::Status failed = RunWithModels({model_a, side_b}, &warnings, [&](auto models) {
    in.share_model_a = std::move(models[0]);
    in.share_model_b = std::move(models[1]);
    classad::Result<negotiator::Comparison> ran = negotiator::RunComparison(in);
    if (!ran.ok()) return ran.status();
    compared = std::move(ran).value();
    summary = negotiator::FormatComparisonJson(*compared);
    if (sim.out.empty()) return classad::Status::Ok();
    const std::optional<negotiator::ChartLibrary> charts =
        ChartsFor(negotiator::kComparisonReportFile, &warnings);
    const std::string title = !sim.title.empty()
                                  ? sim.title
                                  : negotiator::DefaultComparisonTitle(in.label_a, in.label_b);
    return negotiator::WriteComparisonOutputs(*compared, sim.out, title,
                                              charts ? &*charts : nullptr);
  });
  if (!failed.ok()) Raise(failed);
  const negotiator::Comparison& c = *compared;
  if (c.simulated) {
    return py::make_tuple(summary, SimulationTuple(*c.simulation_a, {}),
                          SimulationTuple(*c.simulation_b, {}), Texts(warnings));
  }
  return py::make_tuple(summary, negotiator::FormatCycleJson(c.cycle_a->result),
                        negotiator::FormatCycleJson(c.cycle_b->result), Texts(warnings));
}

}  // namespace

void RegisterNegotiator(py::module_& m) {
  const py::object base = m.attr("ClassAdException");
  py::register_exception<NegotiatorInputError>(
      m, "NegotiatorInputError", py::make_tuple(base, py::handle(PyExc_ValueError)));
  py::register_exception<NegotiatorFileError>(
      m, "NegotiatorFileError", py::make_tuple(base, py::handle(PyExc_OSError)));
  py::class_<ModelArgs>(m, "_ModelArgs", "The share model and HTCondor release of a run.")
      .def(py::init([](std::string model, std::vector<std::string> dirac_config,
                       std::string dirac_setup, std::string dirac_vo, uint64_t seed,
                       std::string htcondor_version) {
             return ModelArgs{std::move(model), std::move(dirac_config), std::move(dirac_setup),
                              std::move(dirac_vo), seed, std::move(htcondor_version)};
           }),
           py::arg("model"), py::arg("dirac_config"), py::arg("dirac_setup"),
           py::arg("dirac_vo"), py::arg("seed"), py::arg("htcondor_version"));
  m.def(
      "negotiator_cycle",
      [](std::vector<std::string> config_files, std::vector<std::string> slot_files,
         std::vector<std::string> job_files, std::string accountant_json, std::string state,
         int64_t now, int threads, bool restarted, std::optional<int> cycles, int64_t interval,
         bool requests, ModelArgs model) {
        negotiator::SnapshotCycleInputs inputs;
        inputs.config_files = std::move(config_files);
        inputs.slot_files = std::move(slot_files);
        inputs.job_files = std::move(job_files);
        inputs.accountant_json = std::move(accountant_json);
        inputs.state = std::move(state);
        inputs.now = now;
        if (threads < 1) throw NegotiatorInputError("threads: must be at least 1");
        inputs.threads = threads;
        inputs.restarted = restarted;
        inputs.cycles = cycles.value_or(1);
        if (interval < 0) throw NegotiatorInputError("interval: must not be negative");
        inputs.interval = interval;
        inputs.record_requests = requests;
        return Cycles(std::move(inputs), model, cycles.has_value());
      },
      py::arg("config"), py::arg("slots"), py::arg("jobs"), py::arg("accountant"),
      py::arg("state"), py::arg("now"), py::arg("threads"), py::arg("restarted"),
      py::arg("cycles"), py::arg("interval"), py::arg("requests"), py::arg("model"));
  py::class_<SimulateArgs>(m, "_SimulateArgs",
                           "The options of a simulation (negotiator simulate's).")
      .def(py::init([](std::vector<std::string> config, std::vector<std::string> slots,
                       std::string workload, std::string format, std::string swf_map,
                       std::string run_time_attribute, std::string state,
                       std::string accountant, std::optional<int64_t> start,
                       std::string duration, std::string interval, bool claim_reuse,
                       bool restarted, int threads, std::string out, std::string title) {
             return SimulateArgs{std::move(config), std::move(slots), std::move(workload),
                                 std::move(format), std::move(swf_map),
                                 std::move(run_time_attribute), std::move(state),
                                 std::move(accountant), start, std::move(duration),
                                 std::move(interval), claim_reuse, restarted, threads,
                                 std::move(out), std::move(title)};
           }),
           py::arg("config"), py::arg("slots"), py::arg("workload"), py::arg("format"),
           py::arg("swf_map"), py::arg("run_time_attribute"), py::arg("state"),
           py::arg("accountant"), py::arg("start"), py::arg("duration"), py::arg("interval"),
           py::arg("claim_reuse"), py::arg("restarted"), py::arg("threads"), py::arg("out"),
           py::arg("title"));
  m.def("negotiator_simulate", &Simulate, py::arg("args"), py::arg("model"));
  m.def(
      "negotiator_compare",
      [](std::vector<std::string> config_a, std::vector<std::string> config_b,
         std::vector<std::string> jobs, std::optional<std::string> label_a,
         std::optional<std::string> label_b, const SimulateArgs& sim, const ModelArgs& model_a,
         const std::string& model_b) {
        const CompareArgs args{std::move(config_a), std::move(config_b), std::move(jobs),
                               std::move(label_a), std::move(label_b)};
        return Compare(args, sim, model_a, model_b);
      },
      py::arg("config_a"), py::arg("config_b"), py::arg("jobs"), py::arg("label_a"),
      py::arg("label_b"), py::arg("simulation"), py::arg("model_a"), py::arg("model_b"));
}

}  // namespace classad_python
