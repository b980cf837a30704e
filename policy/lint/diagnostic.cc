// The check registry and Lint (diagnostic.h).
#include "policy/lint/diagnostic.h"

#include <algorithm>
#include <array>

#include "policy/config_file_system.h"
#include "policy/lint/checks.h"
#include "policy/lint/lint_util.h"
#include "policy/policy.h"
#include "policy/text_util.h"

namespace policy::lint {

namespace {

constexpr std::array kChecks = {
    Check{"expr-syntax", "an expression-valued knob does not parse as a ClassAd expression",
          &CheckExpressionSyntax},
    Check{"unknown-knob",
          "a negotiator, group, preemption or concurrency knob name that HTCondor does not know "
          "(did you mean ...?), or a per-group form of a knob that has none",
          &CheckKnobNames},
    Check{"knob-type", "a boolean, integer or real knob whose value is not of its type or range",
          &CheckKnobTypes},
    Check{"undefined-macro", "$(NAME) without a default, where NAME is never defined",
          &CheckUndefinedMacros},
    Check{"redefinition", "a knob set again without referring to its previous value, which is lost",
          &CheckRedefinitions},
    Check{"group-quota",
          "group quotas that do not add up: unknown groups, missing parents, oversubscribed "
          "parents, dynamic fractions outside (0, 1]",
          &CheckGroupQuotas},
    Check{"concurrency-limit",
          "an invalid concurrency limit name or a maximum that is not a "
          "non-negative number",
          &CheckConcurrencyLimits},
    Check{"preemption-guard",
          "PREEMPTION_REQUIREMENTS that lets jobs preempt with no running-time guard, empty or "
          "True",
          &CheckPreemptionGuard},
    Check{"autocluster-merge",
          "SIGNIFICANT_ATTRIBUTES without Requirements, Rank or ConcurrencyLimits, or "
          "REMOVE_SIGNIFICANT_ATTRIBUTES with one: jobs that differ there share an autocluster "
          "and are matched as its first job; PREEMPTION_REQUIREMENTS or PREEMPTION_RANK reading "
          "a job attribute left out of the significant attributes",
          &CheckAutoclusterMerges},
    Check{"trailing-comment", "a '#' after a value, which HTCondor keeps as part of the value",
          &CheckTrailingComments},
    Check{"self-reference-default",
          "a self-reference or += whose only earlier value is HTCondor's built-in default",
          &CheckSelfReferenceDefault},
    Check{"continuation-glue", "a continuation line that glues two words together",
          &CheckContinuationGlue},
    Check{"if-empty", "an if on a name that is defined but empty", &CheckIfOnEmpty},
    Check{"unknown-attribute",
          "an attribute no ad in the expression's scope has: a near-miss of a known name "
          "(did you mean ...?), a slot attribute where only a job ad is in scope, TARGET in a "
          "one-ad knob",
          &CheckUnknownAttributes},
    Check{"ephemeral-never",
          "a negotiator-inserted attribute (Submitter*, Remote*) in a knob or on a side where "
          "HTCondor never sets it",
          &CheckEphemeralNever},
    Check{"ephemeral-unguarded",
          "a claimed-slot attribute (RemoteUserPrio, ...) in a job rank that is also evaluated "
          "for unclaimed slots, without a guard for undefined",
          &CheckEphemeralUnguarded},
    Check{"type-mismatch",
          "an operation that is an error or never true for its operand types (a string "
          "compared with a number, arithmetic on a string, wrong argument types, == UNDEFINED)",
          &CheckTypes},
    Check{"contradiction",
          "comparisons of one attribute in an && chain that can never hold together, or in an "
          "|| chain that always hold",
          &CheckContradictions},
    Check{"redundant-clause",
          "a comparison implied by, covered by or repeating another in the same && / || chain",
          &CheckRedundantClauses},
    Check{"htcondor-quirk-reltime-literal",
          "relTime(\"...\"), which HTCondor folds to a plain real (relTime(\"2:00:00\") is "
          "7200, not a relative time)",
          &CheckQuirkRelTimeLiteral},
    Check{"htcondor-quirk-shift-count",
          "a shift count outside 0..63, which HTCondor masks to its low 6 bits (1 << 64 is 1)",
          &CheckQuirkShiftCount},
    Check{"htcondor-quirk-unary-boolean", "unary - or + of a boolean, an error in HTCondor",
          &CheckQuirkUnaryBoolean},
    Check{"htcondor-quirk-integer-pow",
          "pow() of integers that HTCondor computes through a double (pow(3, 38) loses digits, "
          "pow(-2, 3) is -7)",
          &CheckQuirkIntegerPow},
    Check{"htcondor-quirk-list-aggregate",
          "sum/avg/min/max of undefined values or booleans, anyCompare() over undefined "
          "(sum({undefined}) is 0, sum({true}) is true)",
          &CheckQuirkListAggregate},
    Check{"htcondor-quirk-join-empty", "join() with leading empty items, which HTCondor drops",
          &CheckQuirkJoinEmpty},
    Check{"htcondor-quirk-regexp-options",
          "upper-case regular-expression options, which HTCondor ignores",
          &CheckQuirkRegexpOptions},
    Check{"htcondor-quirk-integer-literal",
          "an integer literal beyond 64 bits, which HTCondor reads as 0",
          &CheckQuirkIntegerLiteral},
    Check{"htcondor-quirk-stringlist-summary",
          "stringListAvg() of integers (truncated), stringListMax() of negative numbers (0)",
          &CheckQuirkStringListSummary},
    Check{"htcondor-quirk-abstime-literal",
          "absTime() of a partial date (day 0: absTime(\"2020-06\") is 2020-05-31) or of "
          "fields out of range (carried over)",
          &CheckQuirkAbsTimeLiteral},
    Check{"htcondor-quirk-reltime-conversion",
          "floor/ceiling/round/real/string of a relative time, which see only whole seconds",
          &CheckQuirkRelTimeConversion},
    Check{"htcondor-quirk-conversion",
          "int()/real() of a string strtod() reads unexpectedly (hexadecimal, inf, nan, "
          "integers beyond 2^53)",
          &CheckQuirkConversionString},
    Check{"htcondor-quirk-trailing-text",
          "text after a top-level c ? a : b, which HTCondor's parser ignores",
          &CheckQuirkTrailingText},
    Check{"htcondor-quirk-versioncmp",
          "versioncmp() compared with a non-zero constant (HTCondor returns a raw difference)",
          &CheckQuirkVersionCompare},
    Check{"htcondor-quirk-time-zone",
          "formatTime() with %z, %Z or %s and get*() of an absTime with an offset, which "
          "HTCondor reads in its own time zone",
          &CheckQuirkTimeZone},
    Check{"htcondor-quirk-match-wrapper",
          "other, LEFT, symmetricMatch, root and .name, which in a match reach HTCondor's "
          "internal MatchClassAd wrapper",
          &CheckQuirkMatchWrapper},
    Check{"htcondor-quirk-time-of-string",
          "absTime()/relTime() of a string computed at run time (HTCondor gives the string "
          "itself / relTime(0))",
          &CheckQuirkTimeOfString},
    Check{"htcondor-quirk-32-bits",
          "an integer beyond 32 bits where HTCondor reads an int (a list index, substr(), "
          "interval(), absTime(), relTime()), a real one where it casts to an int "
          "(splitTime(), formatTime(), relTime()'s whole seconds)",
          &CheckQuirkThirtyTwoBits},
    Check{"htcondor-quirk-time-overflow",
          "splitTime()/formatTime() of a time beyond the years a struct tm holds, or "
          "formatTime() with a result over 1,022 bytes: HTCondor returns what its stack held",
          &CheckQuirkTimeOverflow},
    Check{"htcondor-quirk-subscript-select", "ad[\"x\"].y, which is undefined in HTCondor",
          &CheckQuirkSubscriptSelect},
    Check{"htcondor-quirk-quantize",
          "quantize() with a negative integer quantum, which does not round up in HTCondor",
          &CheckQuirkQuantize},
    Check{"htcondor-quirk-elvis-precedence",
          "?: after the operand of another operator, which HTCondor binds to that operand "
          "alone (x + 1 ?: 5 is x + (1 ?: 5))",
          &CheckQuirkElvisPrecedence},
    Check{"htcondor-quirk-unregistered-function",
          "userMap(), split(), a stringList* function or another function HTCondor's daemons "
          "register only once the configuration is read, called while it is read (an if "
          "condition, a self-reference, an AUTO_USE_ trigger): error",
          &CheckQuirkUnregisteredFunction},
    Check{"policy-build", "a problem building the negotiator's policy that no other check reports",
          &CheckPolicyBuild},
    // Made by the tool, not by Lint: the configuration cannot be read at all.
    Check{"config-read",
          "the configuration cannot be read (a syntax error of the configuration "
          "language, a missing include, an error statement)",
          nullptr},
};

// The checks an inline `# policy_lint: disable=A,B` comment names.
std::vector<std::string> DisabledByComment(std::string_view comment) {
  std::vector<std::string> names;
  constexpr std::string_view kMarker = "policy_lint:";
  const size_t marker = comment.find(kMarker);
  if (marker == std::string_view::npos) return names;
  std::string_view rest = TrimSpace(comment.substr(marker + kMarker.size()));
  constexpr std::string_view kDisable = "disable=";
  if (!StartsWithNoCase(rest, kDisable)) return names;
  rest.remove_prefix(kDisable.size());
  size_t start = 0;
  while (start <= rest.size()) {
    size_t end = rest.find_first_of(", \t", start);
    if (end == std::string_view::npos) end = rest.size();
    if (end > start) names.emplace_back(rest.substr(start, end - start));
    if (end < rest.size() && rest[end] != ',') break;  // a blank ends the list
    start = end + 1;
  }
  return names;
}

std::optional<std::string> ReadFromDisk(const std::string& file) {
  static const ConfigOptions::FileSystem* const kFs =
      new ConfigOptions::FileSystem(PosixFileSystem());
  classad::Result<std::pair<std::string, std::string>> read =
      kFs->read_file(file, SourceLimits{}.max_file_bytes);
  if (!read.ok()) return std::nullopt;
  return std::move(read->first);
}

}  // namespace

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
      return "note";
  }
  return "note";
}

void SortDiagnostics(std::vector<Diagnostic>* diagnostics) {
  std::stable_sort(diagnostics->begin(), diagnostics->end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     if (a.where.file.empty() != b.where.file.empty()) return b.where.file.empty();
                     if (a.where.file != b.where.file) return a.where.file < b.where.file;
                     if (a.where.line != b.where.line) return a.where.line < b.where.line;
                     return a.where.column < b.where.column;
                   });
}

std::span<const Check> AllChecks() { return kChecks; }

const Check* FindCheck(std::string_view name) {
  for (const Check& check : kChecks) {
    if (check.name == name) return &check;
  }
  return nullptr;
}

bool CheckEnabled(const LintOptions& options, std::string_view name) {
  bool enabled = true;
  for (const auto& [enable, toggled] : options.toggles) {
    if (toggled == "all" || toggled == name) enabled = enable;
  }
  return enabled;
}

std::vector<std::string> UnknownCheckNames(const LintOptions& options) {
  std::vector<std::string> unknown;
  for (const auto& toggle : options.toggles) {
    if (toggle.second != "all" && FindCheck(toggle.second) == nullptr) {
      unknown.push_back(toggle.second);
    }
  }
  return unknown;
}

std::vector<Diagnostic> Lint(const Config& config, const LintOptions& options) {
  Problems problems;
  (void)Policy::Build(config, PolicyOptions{}, &problems);
  problems.SortByPosition();
  const SourceIndex sources = SourceIndex::Build(
      config.sources(), options.read_source ? options.read_source : ReadFromDisk);
  const AttributeCatalogue attributes(options.sample_slots, options.sample_jobs);
  const LintContext context{config, problems, AllKnobs(), sources, attributes, options};

  std::vector<Diagnostic> found;
  std::vector<Diagnostic> from_policy;
  for (const Check& check : kChecks) {
    if (check.run == nullptr || !CheckEnabled(options, check.name)) continue;
    check.run(context, check.run == &CheckPolicyBuild ? &from_policy : &found);
  }
  // Policy::Build's problems only where no other check said something at
  // least as severe about the same definition (or line).
  for (Diagnostic& d : from_policy) {
    int first = d.where.line, last = d.where.line;
    for (const ConfigEntry& entry : config.History()) {
      if (entry.origin == ConfigEntry::Origin::kFile && entry.name_at.file == d.where.file &&
          entry.name_at.line <= d.where.line && d.where.line <= LastLineOf(entry)) {
        first = entry.name_at.line;
        last = LastLineOf(entry);
      }
    }
    const bool covered = std::any_of(found.begin(), found.end(), [&](const Diagnostic& other) {
      return other.where.file == d.where.file && other.where.line >= first &&
             other.where.line <= last && other.severity <= d.severity;
    });
    if (!covered) found.push_back(std::move(d));
  }

  // Inline suppressions: the comments just before a definition cover its lines.
  for (const ConfigEntry& entry : config.History()) {
    if (entry.origin != ConfigEntry::Origin::kFile || entry.leading_comments.empty()) continue;
    std::vector<std::string> names;
    for (const std::string& comment : entry.leading_comments) {
      for (std::string& name : DisabledByComment(comment)) names.push_back(std::move(name));
    }
    if (names.empty()) continue;
    const int first = entry.name_at.line, last = LastLineOf(entry);
    std::erase_if(found, [&](const Diagnostic& d) {
      if (d.where.file != entry.name_at.file || d.where.line < first || d.where.line > last) {
        return false;
      }
      return std::find(names.begin(), names.end(), d.check) != names.end() ||
             std::find(names.begin(), names.end(), "all") != names.end();
    });
  }
  SortDiagnostics(&found);
  return found;
}

}  // namespace policy::lint
