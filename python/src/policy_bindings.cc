// The policy layer behind classad_engine.policy: each function calls the
// library entry point the matching tool calls (policy_config,
// policy_lint), with the GIL released while it reads and computes.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "policy/config.h"
#include "policy/config_file_system.h"
#include "policy/config_reader.h"
#include "policy/lint/lint_files.h"
#include "python/src/bindings.h"
#include "python/src/handles.h"

namespace py = pybind11;

namespace classad_python {

namespace {

// A configuration as read by ReadToolConfig, shared with a Python Config.
struct ConfigHandle {
  std::shared_ptr<const policy::Config> config;
};

// "file", "metaknob", "detected" or "environment".
const char* OriginName(policy::ConfigEntry::Origin origin) {
  switch (origin) {
    case policy::ConfigEntry::Origin::kFile: return "file";
    case policy::ConfigEntry::Origin::kMetaknob: return "metaknob";
    case policy::ConfigEntry::Origin::kDetected: return "detected";
    case policy::ConfigEntry::Origin::kEnvironment: return "environment";
  }
  return "file";
}

// A place as (file, line, column); (None, 0, 0) when there is none.
py::tuple Place(const classad::SourceLocation& at) {
  py::object file = at.file.empty() ? py::object(py::none()) : py::object(py::str(at.file));
  return py::make_tuple(file, at.line, at.column);
}

// An entry as (name, raw value, origin, (file, line, column), metaknob).
py::tuple EntryTuple(const policy::ConfigEntry& entry) {
  return py::make_tuple(entry.name, entry.raw_value, OriginName(entry.origin),
                        Place(entry.name_at), entry.metaknob);
}

// A failure of the policy layer as ClassAdException, its place first.
[[noreturn]] void Raise(const classad::Status& status) {
  throw ClassAdError(status.ToString());
}

ConfigHandle LoadConfig(const std::vector<std::string>& files, const std::string& subsystem,
                        const std::string& local_name) {
  classad::Result<policy::Config> config = classad::Status();
  {
    py::gil_scoped_release release;
    config = policy::ReadToolConfig(files, policy::DaemonConfigOptions(subsystem, local_name));
  }
  if (!config.ok()) Raise(config.status());
  return ConfigHandle{std::make_shared<const policy::Config>(std::move(config).value())};
}

// Lookup: None when not defined, else (expanded value, entry or None for
// a table default).
py::object Lookup(const ConfigHandle& h, std::string_view name) {
  classad::Result<std::optional<policy::ExpandedValue>> found = h.config->Lookup(name);
  if (!found.ok()) Raise(found.status());
  if (!found->has_value()) return py::none();
  const policy::ExpandedValue& value = **found;
  py::object entry = value.entry == nullptr ? py::object(py::none())
                                            : py::object(EntryTuple(*value.entry));
  return py::make_tuple(value.value, entry);
}

// Lint: each diagnostic as (severity, check, message, (file, line,
// column), [(message, (file, line, column)), ...]).
py::list Lint(const std::vector<std::string>& files, const std::string& subsystem,
              const std::string& local_name,
              const std::vector<std::pair<bool, std::string>>& toggles) {
  policy::lint::LintOptions options;
  options.toggles = toggles;
  classad::Result<std::vector<policy::lint::Diagnostic>> linted = classad::Status();
  {
    py::gil_scoped_release release;
    linted = policy::lint::LintFiles(files, subsystem, local_name, options);
  }
  if (!linted.ok()) Raise(linted.status());
  py::list out;
  for (const policy::lint::Diagnostic& d : *linted) {
    py::list notes;
    for (const policy::lint::DiagnosticNote& note : d.notes) {
      notes.append(py::make_tuple(note.message, Place(note.where)));
    }
    out.append(py::make_tuple(std::string(policy::lint::SeverityName(d.severity)), d.check,
                              d.message, Place(d.where), notes));
  }
  return out;
}

}  // namespace

void RegisterPolicy(py::module_& m) {
  py::class_<ConfigHandle>(m, "ConfigHandle", "A configuration shared with a Config object.")
      .def("lookup", &Lookup)
      .def("entries", [](const ConfigHandle& h) {
        py::list out;
        for (const policy::ConfigEntry* entry : h.config->Entries()) out.append(EntryTuple(*entry));
        return out;
      })
      .def("warnings", [](const ConfigHandle& h) {
        py::list out;
        for (const classad::Status& w : h.config->warnings()) out.append(w.ToString());
        return out;
      });
  m.def("policy_load_config", &LoadConfig, py::arg("files"), py::arg("subsystem"),
        py::arg("local_name"));
  m.def("policy_lint", &Lint, py::arg("files"), py::arg("subsystem"), py::arg("local_name"),
        py::arg("toggles"));
}

}  // namespace classad_python
