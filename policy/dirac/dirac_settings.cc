// Reading the DIRAC settings as DIRAC's code reads them (dirac_settings.h).
#include "policy/dirac/dirac_settings.h"

#include <algorithm>
#include <map>

#include "policy/dirac/cs_values.h"
#include "policy/dirac/dirac_diagnostic.h"

namespace policy::dirac {
namespace {

using lint::Severity;

// Reads integer option `name` of `section` as DIRAC's getValue(path,
// default) does; a text int() refuses gives `fallback` and a diagnostic.
// `path` names the option in messages.
int64_t ReadInteger(const CsSection& section, std::string_view name, int64_t fallback,
                    const std::string& path, std::vector<lint::Diagnostic>* diagnostics) {
  const CsOption* option = section.FindOption(name);
  if (option == nullptr) return fallback;
  const ParsedInteger parsed = ParseDiracInteger(option->value);
  if (parsed.reading == IntegerReading::kInteger) return parsed.value;
  const std::string fallback_text = std::to_string(fallback);
  if (parsed.reading == IntegerReading::kOutOfRange) {
    diagnostics->push_back(MakeDiracDiagnostic(
        option->value_where, Severity::kWarning, "dirac-non-integer",
        path + " = " + option->value + " is beyond 64-bit integers: read as the default " +
            fallback_text + " here (DIRAC would take the huge number)",
        "write a smaller integer"));
    return fallback;
  }
  diagnostics->push_back(MakeDiracDiagnostic(
      option->value_where, Severity::kWarning, "dirac-non-integer",
      path + " = " + option->value +
          " is not an integer: DIRAC reads this option with int() and silently takes the "
          "default " + fallback_text,
      "write a whole number (digits only, e.g. " + std::string(name) + " = " + fallback_text +
          "), or remove the option to mean the default"));
  return fallback;
}

// A boolean option read as DIRAC reads it (false when absent).
bool ReadBoolean(const CsSection& section, std::string_view name) {
  const CsOption* option = section.FindOption(name);
  return option != nullptr && ParseDiracBoolean(option->value);
}

}  // namespace

std::vector<DiracGroup> ReadRegistryGroups(const CsConfig& config,
                                           std::vector<lint::Diagnostic>* diagnostics) {
  std::vector<DiracGroup> groups;
  const CsSection* registry = FindSectionAt(config.root, "/Registry/Groups");
  if (registry == nullptr) return groups;
  for (const CsSection& section : registry->sections()) {
    DiracGroup group;
    group.name = section.name();
    group.where = section.where();
    const std::string base = "/Registry/Groups/" + group.name + "/";
    group.job_share =
        ReadInteger(section, "JobShare", kDefaultJobShare, base + "JobShare", diagnostics);
    if (const CsOption* properties = section.FindOption("Properties")) {
      group.properties = SplitDiracList(properties->value);
    }
    group.job_sharing = std::find(group.properties.begin(), group.properties.end(),
                                  kJobSharingProperty) != group.properties.end();
    group.allow_background_tqs = ReadBoolean(section, "AllowBackgroundTQs");
    groups.push_back(std::move(group));
  }
  return groups;
}

namespace {

// One WMSHistory instance.
CorrectorInstance ReadInstance(const CsSection& section, const std::string& base,
                               std::vector<lint::Diagnostic>* diagnostics) {
  CorrectorInstance instance;
  instance.name = section.name();
  instance.where = section.where();
  if (const CsOption* group = section.FindOption("Group")) instance.group = group->value;
  instance.max_global_correction =
      ReadInteger(section, "MaxGlobalCorrection", kDefaultMaxGlobalCorrection,
                  base + "MaxGlobalCorrection", diagnostics);
  instance.update_history_period =
      ReadInteger(section, "UpdateHistoryPeriod", kDefaultUpdateHistoryPeriod,
                  base + "UpdateHistoryPeriod", diagnostics);
  for (const CsSection& span_section : section.sections()) {
    CorrectorSpan span;
    span.name = span_section.name();
    span.where = span_section.where();
    const std::string span_base = base + span.name + "/";
    span.time_span = ReadInteger(span_section, "TimeSpan", kDefaultTimeSpan,
                                 span_base + "TimeSpan", diagnostics);
    span.weight = ReadInteger(span_section, "Weight", kDefaultSpanWeight, span_base + "Weight",
                              diagnostics);
    span.max_correction = ReadInteger(span_section, "MaxCorrection", kDefaultSpanMaxCorrection,
                                      span_base + "MaxCorrection", diagnostics);
    instance.weight_sum += span.weight;
    instance.spans.push_back(std::move(span));
  }
  if (!instance.spans.empty() && instance.weight_sum == 0) {
    instance.usable = false;
    instance.unusable_reason = "its span weights sum to 0";
    diagnostics->push_back(MakeDiracDiagnostic(
        instance.where, Severity::kError, "dirac-span-weights",
        "the Weight options of corrector instance " + instance.name +
            " sum to 0: DIRAC divides by that sum to normalise them and its periodic "
            "recalculation of priorities fails; modelled as no correction",
        "give the spans positive weights"));
    return instance;
  }
  for (CorrectorSpan& span : instance.spans) {
    span.normalised_weight =
        static_cast<double>(span.weight) / static_cast<double>(instance.weight_sum);
  }
  return instance;
}

}  // namespace

JobSchedulingSettings ReadJobScheduling(const CsSection& job_scheduling,
                                        std::vector<lint::Diagnostic>* diagnostics) {
  JobSchedulingSettings scheduling;
  scheduling.enable_shares_correction = ReadBoolean(job_scheduling, "EnableSharesCorrection");
  const CsSection* corrections = job_scheduling.FindSection("ShareCorrections");
  if (corrections == nullptr) return scheduling;
  if (const CsOption* start = corrections->FindOption("ShareCorrectorsToStart")) {
    scheduling.correctors_to_start = SplitDiracList(start->value);
  }
  const CsSection* wms = corrections->FindSection(kWmsHistoryCorrector);
  if (wms == nullptr) return scheduling;
  const std::string base = "JobScheduling/ShareCorrections/WMSHistory/";
  std::map<std::string, std::string> first_for_key;  // Group value -> first instance's name
  for (const CsSection& section : wms->sections()) {
    CorrectorInstance instance = ReadInstance(section, base + section.name() + "/", diagnostics);
    // DIRAC keys instances by their Group ("" for the groups): a second
    // one for the same key is refused (SharesCorrector logs an error).
    auto [first, inserted] = first_for_key.emplace(instance.group, instance.name);
    if (!inserted) {
      const std::string target =
          instance.group.empty() ? "the groups" : "the users of group " + instance.group;
      instance.usable = false;
      instance.unusable_reason =
          "a second instance for " + target + " (" + first->second + " comes first)";
      diagnostics->push_back(MakeDiracDiagnostic(
          instance.where, Severity::kWarning, "dirac-duplicate-corrector",
          "corrector instance " + instance.name + " corrects " + target + " like " +
              first->second + ", defined before it: DIRAC starts only the first",
          "merge the two instances into one"));
    }
    scheduling.wms_history.push_back(std::move(instance));
  }
  return scheduling;
}

const DiracGroup* DiracSettings::FindGroup(std::string_view name) const {
  for (const DiracGroup& group : groups) {
    if (group.name == name) return &group;
  }
  return nullptr;
}

bool DiracSettings::CorrectionActive() const {
  const auto& start = scheduling.correctors_to_start;
  return scheduling.enable_shares_correction &&
         std::find(start.begin(), start.end(), kWmsHistoryCorrector) != start.end();
}

const CorrectorInstance* DiracSettings::GroupsCorrector() const {
  return UsersCorrector("");
}

const CorrectorInstance* DiracSettings::UsersCorrector(std::string_view group) const {
  if (!CorrectionActive()) return nullptr;
  for (const CorrectorInstance& instance : scheduling.wms_history) {
    if (instance.usable && instance.group == group) return &instance;
  }
  return nullptr;
}

classad::Result<DiracSettings> ReadDiracSettings(const CsConfig& config,
                                                 const OperationsScope& scope) {
  classad::Result<CsSection> operations = MergedOperations(config, scope);
  if (!operations.ok()) return operations.status();
  DiracSettings settings;
  settings.groups = ReadRegistryGroups(config, &settings.diagnostics);
  if (const CsSection* job_scheduling = operations->FindSection("JobScheduling")) {
    settings.scheduling = ReadJobScheduling(*job_scheduling, &settings.diagnostics);
  }
  lint::SortDiagnostics(&settings.diagnostics);
  return settings;
}

}  // namespace policy::dirac
