// The quirks an evaluation can go through (quirks.h).
#include "classad/quirks.h"

namespace classad {

std::string_view QuirkName(Quirk quirk) {
  switch (quirk) {
    case Quirk::kListAggregate: return "htcondor-quirk-list-aggregate";
    case Quirk::kIntegerPow: return "htcondor-quirk-integer-pow";
    case Quirk::kStringListSummary: return "htcondor-quirk-stringlist-summary";
    case Quirk::kJoinEmpty: return "htcondor-quirk-join-empty";
    case Quirk::kRegexpOptions: return "htcondor-quirk-regexp-options";
    case Quirk::kConversion: return "htcondor-quirk-conversion";
    case Quirk::kTimeOfString: return "htcondor-quirk-time-of-string";
    case Quirk::kQuantize: return "htcondor-quirk-quantize";
    case Quirk::kUnregisteredFunction: return "htcondor-quirk-unregistered-function";
    case Quirk::kCount: break;
  }
  return "htcondor-quirk";
}

std::string_view QuirkDescription(Quirk quirk) {
  switch (quirk) {
    case Quirk::kListAggregate:
      return "sum/avg/min/max skipped undefined elements or kept a boolean, or anyCompare() "
             "stopped at an undefined element";
    case Quirk::kIntegerPow:
      return "pow() of integers went through a double and lost a digit or its sign";
    case Quirk::kStringListSummary:
      return "stringListAvg() truncated an average of integers, or stringListMax() of negative "
             "numbers gave 0";
    case Quirk::kJoinEmpty: return "join() dropped empty items before the first non-empty one";
    case Quirk::kRegexpOptions: return "upper-case regular-expression options were ignored";
    case Quirk::kConversion:
      return "int() or real() read a string as strtod() does (hexadecimal, inf, nan, or an "
             "integer beyond 2^53)";
    case Quirk::kTimeOfString:
      return "absTime() or relTime() of a string computed at run time gave the string itself or "
             "relTime(0)";
    case Quirk::kQuantize: return "quantize() with a negative integer quantum did not round up";
    case Quirk::kUnregisteredFunction:
      return "a function HTCondor registers only once its configuration is read (userMap, split, "
             "the stringList* family, ...) was called while it was first read, and gave error";
    case Quirk::kCount: break;
  }
  return "";
}

std::vector<Quirk> QuirkNotes::List() const {
  std::vector<Quirk> out;
  for (unsigned q = 0; q < static_cast<unsigned>(Quirk::kCount); ++q) {
    if (Has(static_cast<Quirk>(q))) out.push_back(static_cast<Quirk>(q));
  }
  return out;
}

}  // namespace classad
