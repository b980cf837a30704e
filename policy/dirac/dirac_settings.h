// The DIRAC settings the task-queue priorities read, taken from a DIRAC
// configuration exactly as DIRAC's code reads them (TaskQueueDB,
// SharesCorrector, BaseHistoryCorrector; ../shared/reference/dirac-shares.md
// §2 and §4):
//  - /Registry/Groups/<g>: JobShare as an integer (default 1000, also for
//    text that is not an integer), Properties as a list (JobSharing among
//    them makes the group one entity), AllowBackgroundTQs as a boolean
//    (DIRAC reads it here, per group, and nowhere in Operations);
//  - the Operations view (cs_lookup.h) JobScheduling/EnableSharesCorrection
//    (boolean, default false) and JobScheduling/ShareCorrections:
//    ShareCorrectorsToStart (a list) and the WMSHistory instances, each with
//    its Group, MaxGlobalCorrection (the global clamp; MaxGlobalCorrection-
//    Factor, the name DIRAC's page uses, is never read), UpdateHistoryPeriod
//    and its time spans (every subsection: TimeSpan, Weight, MaxCorrection).
// Where DIRAC silently takes a default for text that is not an integer,
// this reader takes it too and records a diagnostic at the value.
#ifndef POLICY_DIRAC_DIRAC_SETTINGS_H_
#define POLICY_DIRAC_DIRAC_SETTINGS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"
#include "policy/dirac/cs_config.h"
#include "policy/dirac/cs_lookup.h"
#include "policy/lint/diagnostic.h"

namespace policy::dirac {

// DIRAC's defaults (dirac-shares.md §2, §4).
inline constexpr int64_t kDefaultJobShare = 1000;
inline constexpr int64_t kDefaultTimeSpan = 604800;  // a week, in seconds
inline constexpr int64_t kDefaultSpanWeight = 1;
inline constexpr int64_t kDefaultSpanMaxCorrection = 3;
inline constexpr int64_t kDefaultMaxGlobalCorrection = 5;
inline constexpr int64_t kDefaultUpdateHistoryPeriod = 900;  // seconds
// The property that makes a group one entity.
inline constexpr std::string_view kJobSharingProperty = "JobSharing";
// The one corrector this project models.
inline constexpr std::string_view kWmsHistoryCorrector = "WMSHistory";

// One group of /Registry/Groups.
struct DiracGroup {
  std::string name;
  classad::SourceLocation where;      // the section's name
  int64_t job_share = kDefaultJobShare;
  std::vector<std::string> properties;
  bool job_sharing = false;           // JobSharing is among the properties (case sensitive)
  bool allow_background_tqs = false;  // /Registry/Groups/<g>/AllowBackgroundTQs
};

// One time span of a corrector instance.
struct CorrectorSpan {
  std::string name;
  classad::SourceLocation where;
  int64_t time_span = kDefaultTimeSpan;
  int64_t weight = kDefaultSpanWeight;
  int64_t max_correction = kDefaultSpanMaxCorrection;
  // weight / (sum of the instance's weights), as DIRAC normalises them;
  // 0 when that sum is 0 (the instance is then not usable).
  double normalised_weight = 0;
};

// One WMSHistory instance (a subsection of ShareCorrections/WMSHistory).
struct CorrectorInstance {
  std::string name;
  classad::SourceLocation where;
  std::string group;  // its Group option: corrects that group's users; empty: corrects the groups
  int64_t max_global_correction = kDefaultMaxGlobalCorrection;
  int64_t update_history_period = kDefaultUpdateHistoryPeriod;
  std::vector<CorrectorSpan> spans;  // in the order written
  int64_t weight_sum = 0;            // sum of the spans' weights
  // Whether DIRAC runs it: false for a second instance for the same
  // entities (DIRAC keeps the first and logs an error), and when the
  // weights sum to 0 (DIRAC's normalisation divides by zero and its
  // recalculation fails).
  bool usable = true;
  std::string unusable_reason;  // why not, when !usable
};

// Operations/.../JobScheduling.
struct JobSchedulingSettings {
  bool enable_shares_correction = false;
  std::vector<std::string> correctors_to_start;  // ShareCorrectorsToStart
  // Every instance under ShareCorrections/WMSHistory, in order, usable or
  // not; DIRAC starts them only when WMSHistory is among
  // correctors_to_start.
  std::vector<CorrectorInstance> wms_history;
};

// Everything the priorities read. Plain value type.
struct DiracSettings {
  std::vector<DiracGroup> groups;  // the sections of /Registry/Groups, in order
  JobSchedulingSettings scheduling;
  // What was read other than as written: a default taken for text that
  // is not an integer, an instance DIRAC does not start, ... (checks
  // dirac-non-integer, dirac-duplicate-corrector, dirac-span-weights).
  std::vector<lint::Diagnostic> diagnostics;

  // The group named exactly `name`, or null (not in the Registry: share
  // 1000, not JobSharing, no background TQs).
  const DiracGroup* FindGroup(std::string_view name) const;
  // Whether DIRAC corrects shares at all: EnableSharesCorrection and
  // WMSHistory among ShareCorrectorsToStart.
  bool CorrectionActive() const;
  // The usable instance without a Group option (it corrects the groups),
  // or null; null too when !CorrectionActive().
  const CorrectorInstance* GroupsCorrector() const;
  // The usable instance for the users of `group`, or null; null too when
  // !CorrectionActive().
  const CorrectorInstance* UsersCorrector(std::string_view group) const;
};

// Reads the settings from `config`, the Operations view taken for
// `scope`. Error: only when the Operations sections cannot be merged (a
// name that is an option in one and a section in another); every other
// oddity is a diagnostic in the result.
classad::Result<DiracSettings> ReadDiracSettings(const CsConfig& config,
                                                 const OperationsScope& scope);

// The pieces of ReadDiracSettings, for the linter, which reads every
// JobScheduling section of /Operations on its own: the groups of
// /Registry/Groups, and one JobScheduling section. Diagnostics are
// appended to `*diagnostics` (unsorted).
std::vector<DiracGroup> ReadRegistryGroups(const CsConfig& config,
                                           std::vector<lint::Diagnostic>* diagnostics);
JobSchedulingSettings ReadJobScheduling(const CsSection& job_scheduling,
                                        std::vector<lint::Diagnostic>* diagnostics);

// The Operations path of the share-correction section, relative to the
// Operations view ("JobScheduling/ShareCorrections").
inline constexpr std::string_view kShareCorrectionsPath = "JobScheduling/ShareCorrections";

}  // namespace policy::dirac

#endif  // POLICY_DIRAC_DIRAC_SETTINGS_H_
