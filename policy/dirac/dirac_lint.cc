// The dirac-* checks (dirac_lint.h).
#include "policy/dirac/dirac_lint.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "policy/dirac/cs_lookup.h"
#include "policy/dirac/cs_values.h"
#include "policy/dirac/dirac_diagnostic.h"
#include "policy/dirac/dirac_settings.h"
#include "policy/lint/lint_util.h"

namespace policy::dirac {
namespace {

using lint::Diagnostic;
using lint::Severity;

constexpr std::array kChecks = {
    DiracCheck{"dirac-global-clamp-name",
               "MaxGlobalCorrectionFactor, the name DIRAC's page uses, which DIRAC never reads: "
               "the global clamp is MaxGlobalCorrection (default 5)"},
    DiracCheck{"dirac-non-integer",
               "an option DIRAC reads with int() whose text is not an integer: DIRAC silently "
               "takes the default"},
    DiracCheck{"dirac-corrector-job-sharing",
               "a corrector instance for the users of a JobSharing group, which does nothing"},
    DiracCheck{"dirac-corrector-unknown-group",
               "a corrector instance whose Group is not a group of /Registry/Groups"},
    DiracCheck{"dirac-span-weights",
               "span weights that do not sum to 100 or 1 (DIRAC normalises them), that are "
               "negative, or that sum to 0 (DIRAC's recalculation fails)"},
    DiracCheck{"dirac-max-correction",
               "a MaxCorrection or MaxGlobalCorrection of 0 or less (DIRAC divides by it) or of "
               "1 (no correction possible)"},
    DiracCheck{"dirac-time-span", "a TimeSpan of 0 seconds or less"},
    DiracCheck{"dirac-unknown-option",
               "an option DIRAC does not read in a corrector instance, a time span or "
               "ShareCorrections, or a near miss of an option it reads (did you mean ...?)"},
    DiracCheck{"dirac-misplaced-option",
               "AllowBackgroundTQs in Operations' JobScheduling, where DIRAC never reads it (it "
               "reads /Registry/Groups/<group>/AllowBackgroundTQs)"},
    DiracCheck{"dirac-property-spelling",
               "a group property that is a near miss of JobSharing (DIRAC compares exactly; "
               "its page writes JOB_SHARING)"},
    DiracCheck{"dirac-boolean-spelling",
               "a boolean DIRAC reads as false because it is not y, yes, true or 1"},
    DiracCheck{"dirac-unknown-corrector",
               "a name in ShareCorrectorsToStart other than WMSHistory"},
    DiracCheck{"dirac-corrector-not-started",
               "WMSHistory instances that never run: EnableSharesCorrection is not true or "
               "WMSHistory is not in ShareCorrectorsToStart"},
    DiracCheck{"dirac-duplicate-corrector",
               "a second corrector instance for the same entities, which DIRAC does not start"},
    DiracCheck{"dirac-user-corrector-head",
               "a corrector instance for a group's users, which DIRAC's head (9.x) never applies "
               "(history by certificate DN, task queues by user name)"},
    DiracCheck{"dirac-job-share", "a JobShare of 0 (every task queue at the floor) or below"},
    DiracCheck{"dirac-inline-comment",
               "a '#' inside a value: DIRAC keeps it as part of the value (comments are lines "
               "that start with '#')"},
    DiracCheck{"dirac-redefined-option",
               "an option set twice in one section: the last value wins"},
};

// Formats `x` with up to 3 decimals ("0.8", "0.727").
std::string Short(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", x);
  std::string text(buffer);
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

// The lint of one section tree's options everywhere: inline comments and
// redefinitions.
void LintAllOptions(const CsSection& section, std::vector<Diagnostic>* out) {
  for (const CsOption& option : section.options()) {
    const size_t hash = option.value.find('#');
    if (hash != std::string::npos) {
      classad::SourceLocation at = option.value_where;
      // The first line's value is on one line (a "+=" line's is elsewhere).
      const size_t on_first_line = option.appended.empty() ? hash : 0;
      for (size_t i = 0; i < on_first_line; ++i) {
        if ((static_cast<unsigned char>(option.value[i]) & 0xC0) != 0x80) ++at.column;
      }
      out->push_back(MakeDiracDiagnostic(
          at, Severity::kWarning, "dirac-inline-comment",
          "'#' in the value of " + option.name +
              ": DIRAC keeps it and what follows as part of the value (\"" + option.value +
              "\")",
          "move the comment to a line of its own, starting with '#'"));
    }
    if (!option.replaced.empty()) {
      Diagnostic d = MakeDiracDiagnostic(
          option.where, Severity::kWarning, "dirac-redefined-option",
          option.name + " is set again in the same section: DIRAC keeps only this value",
          "remove the earlier definition, or use += to append to a list");
      for (const classad::SourceLocation& earlier : option.replaced) {
        d.notes.push_back({earlier, "earlier definition"});
      }
      out->push_back(std::move(d));
    }
  }
  for (const CsSection& child : section.sections()) LintAllOptions(child, out);
}

// Flags the options of `section` that are not in `known`; a near miss of
// a known name names it. With `only_near_misses`, other names pass (a
// section with many options this project does not model).
void LintOptionNames(const CsSection& section, std::span<const std::string_view> known,
                     bool only_near_misses, std::string_view where_text,
                     std::vector<Diagnostic>* out) {
  for (const CsOption& option : section.options()) {
    if (option.name == "MaxGlobalCorrectionFactor") continue;  // its own check
    if (std::find(known.begin(), known.end(), option.name) != known.end()) continue;
    std::string_view closest;
    for (std::string_view name : known) {
      if (lint::EditDistance(option.name, name, 2) <= 2) {
        closest = name;
        break;
      }
    }
    if (closest.empty() && only_near_misses) continue;
    std::string message = option.name + " is not an option DIRAC reads in " +
                          std::string(where_text);
    std::string fix;
    if (!closest.empty()) {
      message += " (did you mean " + std::string(closest) + "? DIRAC's names are case sensitive)";
      fix = "rename it to " + std::string(closest);
    } else {
      fix = "remove it";
    }
    out->push_back(MakeDiracDiagnostic(option.where, Severity::kWarning, "dirac-unknown-option",
                                       std::move(message), fix));
  }
}

// A boolean option DIRAC reads: a spelling it does not know reads false.
void LintBoolean(const CsSection& section, std::string_view name, std::vector<Diagnostic>* out) {
  const CsOption* option = section.FindOption(name);
  if (option == nullptr || IsDiracBooleanSpelling(option->value)) return;
  out->push_back(MakeDiracDiagnostic(
      option->value_where, Severity::kWarning, "dirac-boolean-spelling",
      std::string(name) + " = " + option->value +
          ": DIRAC reads true only from y, yes, true or 1, so this is false",
      "write " + std::string(name) + " = True (or False)"));
}

void LintGroups(const CsConfig& config, const std::vector<DiracGroup>& groups,
                std::vector<Diagnostic>* out) {
  static constexpr std::array<std::string_view, 3> kRead = {"JobShare", "Properties",
                                                           "AllowBackgroundTQs"};
  for (const DiracGroup& group : groups) {
    const CsSection* section = FindSectionAt(config.root, "/Registry/Groups/" + group.name);
    if (section == nullptr) continue;
    LintOptionNames(*section, kRead, /*only_near_misses=*/true, "a Registry group", out);
    LintBoolean(*section, "AllowBackgroundTQs", out);
    if (const CsOption* share = section->FindOption("JobShare")) {
      const ParsedInteger parsed = ParseDiracInteger(share->value);
      if (parsed.reading == IntegerReading::kInteger && parsed.value == 0) {
        out->push_back(MakeDiracDiagnostic(
            share->value_where, Severity::kNote, "dirac-job-share",
            "JobShare = 0: every task queue of group " + group.name +
                " stays at the floor priority 0.001",
            ""));
      } else if (parsed.reading == IntegerReading::kInteger && parsed.value < 0) {
        out->push_back(MakeDiracDiagnostic(
            share->value_where, Severity::kWarning, "dirac-job-share",
            "JobShare = " + share->value + " is negative: every task queue of group " +
                group.name + " stays at the floor priority 0.001, and a corrector's "
                "normalisation of shares goes wrong",
            "use 0 for a group that should run only when nothing else waits"));
      }
    }
    const CsOption* properties = section->FindOption("Properties");
    if (properties == nullptr) continue;
    for (const std::string& property : group.properties) {
      if (property == kJobSharingProperty) continue;
      std::string folded;
      for (char c : property) {
        if (c != '_') folded += c;
      }
      if (lint::EditDistance(folded, kJobSharingProperty, 2) > 2) continue;
      out->push_back(MakeDiracDiagnostic(
          properties->value_where, Severity::kWarning, "dirac-property-spelling",
          "property " + property + " of group " + group.name +
              " is not JobSharing: DIRAC compares property names exactly, so the group's "
              "users are split, not shared",
          "write JobSharing"));
    }
  }
}

// The checks of one corrector instance.
void LintInstance(const CsSection& section, const CorrectorInstance& instance,
                  const std::vector<DiracGroup>& groups, std::vector<Diagnostic>* out) {
  static constexpr std::array<std::string_view, 3> kInstanceOptions = {
      "Group", "MaxGlobalCorrection", "UpdateHistoryPeriod"};
  static constexpr std::array<std::string_view, 3> kSpanOptions = {"TimeSpan", "Weight",
                                                                   "MaxCorrection"};
  LintOptionNames(section, kInstanceOptions, false, "a corrector instance", out);
  if (const CsOption* factor = section.FindOption("MaxGlobalCorrectionFactor")) {
    const CsOption* clamp = section.FindOption("MaxGlobalCorrection");
    out->push_back(MakeDiracDiagnostic(
        factor->where, Severity::kWarning, "dirac-global-clamp-name",
        "DIRAC never reads MaxGlobalCorrectionFactor (the name its page uses): the global "
        "clamp of instance " + instance.name + " is MaxGlobalCorrection, so it clamps at " +
            std::to_string(instance.max_global_correction) +
            (clamp == nullptr ? " (the default)" : "") + ", not " + factor->value,
        "rename it to MaxGlobalCorrection"));
  }
  if (const CsOption* global = section.FindOption("MaxGlobalCorrection")) {
    if (instance.max_global_correction <= 0) {
      out->push_back(MakeDiracDiagnostic(
          global->value_where, Severity::kError, "dirac-max-correction",
          "MaxGlobalCorrection = " + global->value +
              ": DIRAC clamps the final factor to [1/" + global->value + ", " + global->value +
              "], dividing by it (0 fails DIRAC's recalculation; below 0 gives negative "
              "shares)",
          "use an integer of 2 or more"));
    } else if (instance.max_global_correction == 1) {
      out->push_back(MakeDiracDiagnostic(global->value_where, Severity::kNote,
                                         "dirac-max-correction",
                                         "MaxGlobalCorrection = 1: this instance can never "
                                         "correct anything (its factor is always 1)",
                                         ""));
    }
  }
  if (!instance.group.empty()) {
    const auto group = std::find_if(groups.begin(), groups.end(),
                                    [&](const DiracGroup& g) { return g.name == instance.group; });
    const CsOption* group_option = section.FindOption("Group");
    if (group == groups.end()) {
      out->push_back(MakeDiracDiagnostic(
          group_option->value_where, Severity::kWarning, "dirac-corrector-unknown-group",
          "Group = " + instance.group + " is not a group of /Registry/Groups",
          "name a group of /Registry/Groups"));
    } else if (group->job_sharing) {
      out->push_back(MakeDiracDiagnostic(
          group_option->value_where, Severity::kWarning, "dirac-corrector-job-sharing",
          "group " + instance.group +
              " has the JobSharing property: its task queues share one priority, so DIRAC "
              "never asks this instance to correct its users; it does nothing",
          "remove instance " + instance.name + ", or correct the group in the groups' instance"));
    } else {
      out->push_back(MakeDiracDiagnostic(
          group_option->value_where, Severity::kNote, "dirac-user-corrector-head",
          "instance " + instance.name + " corrects the users of " + instance.group +
              " as DIRAC 8.0 does; DIRAC's head maps the history's user names to certificate "
              "DNs while task queues are owned by user names, so there it never corrects",
          ""));
    }
  }
  // The spans.
  bool any_negative = false;
  for (size_t i = 0; i < section.sections().size() && i < instance.spans.size(); ++i) {
    const CsSection& span_section = section.sections()[i];
    const CorrectorSpan& span = instance.spans[i];
    LintOptionNames(span_section, kSpanOptions, false, "a time span", out);
    for (const CsSection& inner : span_section.sections()) {
      out->push_back(MakeDiracDiagnostic(inner.where(), Severity::kWarning,
                                         "dirac-unknown-option",
                                         "section " + inner.name() +
                                             " inside time span " + span.name +
                                             " is never read by DIRAC",
                                         "remove it"));
    }
    if (const CsOption* max = span_section.FindOption("MaxCorrection")) {
      if (span.max_correction <= 0) {
        out->push_back(MakeDiracDiagnostic(
            max->value_where, Severity::kError, "dirac-max-correction",
            "MaxCorrection = " + max->value +
                ": DIRAC clamps each factor to [1/MaxCorrection, MaxCorrection], dividing by it "
                "(0 fails DIRAC's recalculation once the span has data; below 0 gives negative "
                "factors)",
            "use an integer of 2 or more"));
      } else if (span.max_correction == 1) {
        out->push_back(MakeDiracDiagnostic(
            max->value_where, Severity::kNote, "dirac-max-correction",
            "MaxCorrection = 1: span " + span.name +
                " only adds its weight (1 for an entity absent from it)",
            ""));
      }
    }
    if (const CsOption* time_span = span_section.FindOption("TimeSpan")) {
      if (span.time_span <= 0) {
        out->push_back(MakeDiracDiagnostic(time_span->value_where, Severity::kWarning,
                                           "dirac-time-span",
                                           "TimeSpan = " + time_span->value +
                                               ": the span covers no time, so it has no history "
                                               "and the whole instance applies no correction",
                                           "give the span's length in seconds"));
      }
    }
    if (span.weight < 0) {
      any_negative = true;
      const CsOption* weight = span_section.FindOption("Weight");
      out->push_back(MakeDiracDiagnostic(
          weight != nullptr ? weight->value_where : span.where, Severity::kWarning,
          "dirac-span-weights", "span " + span.name + " has a negative weight",
          "use a positive weight"));
    }
  }
  if (!instance.usable || any_negative || instance.spans.empty()) return;
  if (instance.weight_sum == 100 || instance.weight_sum == 1) return;
  std::string parts;
  for (const CorrectorSpan& span : instance.spans) {
    if (!parts.empty()) parts += ", ";
    parts += span.name + " " + std::to_string(span.weight) + " -> " + Short(span.normalised_weight);
  }
  out->push_back(MakeDiracDiagnostic(
      instance.where, Severity::kWarning, "dirac-span-weights",
      "the span weights of instance " + instance.name + " sum to " +
          std::to_string(instance.weight_sum) +
          ", not 100 or 1: DIRAC divides each by the sum (" + parts + ")",
      "write weights that sum to 100, as percentages"));
}

// The checks of one JobScheduling section.
void LintJobScheduling(const CsSection& section, const std::vector<DiracGroup>& groups,
                       std::vector<Diagnostic>* out) {
  static constexpr std::array<std::string_view, 2> kRead = {"EnableSharesCorrection",
                                                           "ShareCorrections"};
  std::vector<Diagnostic> read;
  const JobSchedulingSettings settings = ReadJobScheduling(section, &read);
  for (Diagnostic& d : read) out->push_back(std::move(d));
  LintOptionNames(section, kRead, true, "JobScheduling", out);
  LintBoolean(section, "EnableSharesCorrection", out);
  if (const CsOption* background = section.FindOption("AllowBackgroundTQs")) {
    out->push_back(MakeDiracDiagnostic(
        background->where, Severity::kWarning, "dirac-misplaced-option",
        "DIRAC never reads AllowBackgroundTQs here: it reads it per group, as "
        "/Registry/Groups/<group>/AllowBackgroundTQs",
        "set AllowBackgroundTQs in each group of /Registry/Groups that should have "
        "background task queues"));
  }
  const CsSection* corrections = section.FindSection("ShareCorrections");
  if (corrections == nullptr) return;
  static constexpr std::array<std::string_view, 1> kCorrectionOptions = {
      "ShareCorrectorsToStart"};
  LintOptionNames(*corrections, kCorrectionOptions, false, "ShareCorrections", out);
  if (const CsOption* start = corrections->FindOption("ShareCorrectorsToStart")) {
    for (const std::string& name : settings.correctors_to_start) {
      if (name == kWmsHistoryCorrector) continue;
      std::string message = "corrector " + name + " is not modelled here";
      if (name == "MonitoringHistory") {
        message += " (DIRAC has it: the same arithmetic as WMSHistory, with the history from "
                   "its Monitoring system)";
      } else {
        message += " and is not one of DIRAC's correctors (WMSHistory, MonitoringHistory): "
                   "DIRAC logs an error and skips it";
      }
      out->push_back(MakeDiracDiagnostic(start->value_where, Severity::kWarning,
                                         "dirac-unknown-corrector", std::move(message),
                                         "list WMSHistory"));
    }
  }
  const CsSection* wms = corrections->FindSection(kWmsHistoryCorrector);
  if (wms == nullptr) return;
  for (size_t i = 0; i < wms->sections().size() && i < settings.wms_history.size(); ++i) {
    LintInstance(wms->sections()[i], settings.wms_history[i], groups, out);
  }
}

// Every JobScheduling section under /Operations: /Operations/X/JobScheduling
// and /Operations/X/Y/JobScheduling.
std::vector<const CsSection*> JobSchedulingSections(const CsConfig& config) {
  std::vector<const CsSection*> found;
  const CsSection* operations = config.root.FindSection("Operations");
  if (operations == nullptr) return found;
  for (const CsSection& level1 : operations->sections()) {
    if (const CsSection* js = level1.FindSection("JobScheduling")) found.push_back(js);
    for (const CsSection& level2 : level1.sections()) {
      if (const CsSection* js = level2.FindSection("JobScheduling")) found.push_back(js);
    }
  }
  return found;
}

// Instances that never run: nowhere is correction enabled with WMSHistory
// started.
void LintNotStarted(const std::vector<const CsSection*>& sections, std::vector<Diagnostic>* out) {
  bool enabled = false;
  bool started = false;
  for (const CsSection* section : sections) {
    std::vector<Diagnostic> ignored;
    const JobSchedulingSettings settings = ReadJobScheduling(*section, &ignored);
    enabled = enabled || settings.enable_shares_correction;
    const auto& list = settings.correctors_to_start;
    started = started || std::find(list.begin(), list.end(), kWmsHistoryCorrector) != list.end();
  }
  if (enabled && started) return;
  for (const CsSection* section : sections) {
    const CsSection* wms = FindSectionAt(*section, "ShareCorrections/WMSHistory");
    if (wms == nullptr || wms->sections().empty()) continue;
    std::string why = !enabled ? "EnableSharesCorrection is not true in any JobScheduling section"
                               : "WMSHistory is not in any ShareCorrectorsToStart";
    out->push_back(MakeDiracDiagnostic(
        wms->where(), Severity::kWarning, "dirac-corrector-not-started",
        "the WMSHistory instances here never run: " + why,
        !enabled ? "set EnableSharesCorrection = True in JobScheduling"
                 : "set ShareCorrectorsToStart = WMSHistory in ShareCorrections"));
  }
}

}  // namespace

std::span<const DiracCheck> AllDiracChecks() { return kChecks; }

std::vector<Diagnostic> LintDiracConfig(const CsConfig& config) {
  std::vector<Diagnostic> out;
  const std::vector<DiracGroup> groups = ReadRegistryGroups(config, &out);
  LintGroups(config, groups, &out);
  const std::vector<const CsSection*> job_scheduling = JobSchedulingSections(config);
  for (const CsSection* section : job_scheduling) LintJobScheduling(*section, groups, &out);
  LintNotStarted(job_scheduling, &out);
  LintAllOptions(config.root, &out);
  lint::SortDiagnostics(&out);
  return out;
}

}  // namespace policy::dirac
