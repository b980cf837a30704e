// How DIRAC turns an option's text into a value. DIRAC's getValue and
// getOption (CFG.getOption, ConfigurationClient.getOption) cast the text
// to the type of the default given: an integer default gives Python's
// int(text), and a text int() refuses gives the default, silently; a
// boolean default gives true exactly for y, yes, true, 1 (any case) and
// false for anything else, never the default; a list default gives the
// text split at ',' with the pieces trimmed and the empty ones dropped.
// Pure functions; safe from any thread.
#ifndef POLICY_DIRAC_CS_VALUES_H_
#define POLICY_DIRAC_CS_VALUES_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace policy::dirac {

// What Python's int() makes of an option's text.
enum class IntegerReading {
  kInteger,     // an integer, in `value`
  kNotInteger,  // int() refuses it ("0.5", "", "ten"): DIRAC takes the default
  kOutOfRange,  // an integer int() accepts but beyond int64 (we take the default too)
};

struct ParsedInteger {
  IntegerReading reading = IntegerReading::kNotInteger;
  int64_t value = 0;
};

// Python's int(text) in base 10 over ASCII: blanks around, an optional
// sign, ASCII digits with single '_' between digits ("1_000"); leading
// zeros allowed. (Python also takes non-ASCII digits and blanks; those
// give kNotInteger here.)
ParsedInteger ParseDiracInteger(std::string_view text);

// DIRAC's boolean reading: true for y, yes, true, 1 in any ASCII case
// (after trimming), false for anything else.
bool ParseDiracBoolean(std::string_view text);

// Whether `text` is a spelling DIRAC means as a boolean: one of the true
// spellings above or n, no, false, 0 (any case). Others read as false,
// which may not be what was meant.
bool IsDiracBooleanSpelling(std::string_view text);

// DIRAC's List.fromChar(text, separator): split at `separator`, each
// piece trimmed, empty pieces dropped.
std::vector<std::string> SplitDiracList(std::string_view text, char separator = ',');

}  // namespace policy::dirac

#endif  // POLICY_DIRAC_CS_VALUES_H_
