// KnobReader: typed knob values for the Policy builder, with HTCondor's
// defaults and every problem collected (not just the first) with its
// position in the configuration.
#ifndef POLICY_KNOB_READER_H_
#define POLICY_KNOB_READER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/status.h"

namespace policy {

// A knob's expanded value and where it was set.
struct KnobText {
  std::string value;
  classad::SourceLocation where;  // the value's position; empty for a default
  bool from_default = false;      // the value is HTCondor's default, not configured
};

// Where knob values come from (the configuration; a map in tests).
class KnobSource {
 public:
  virtual ~KnobSource() = default;
  // The fully expanded, non-empty value of `name` (configuration, then the
  // param table's default), or nullopt when it is undefined or empty (as
  // HTCondor's param() treats an empty value). An expansion error is a
  // non-OK Status.
  virtual classad::Result<std::optional<KnobText>> Lookup(std::string_view name) const = 0;
  // `text` with its macros expanded (for code defaults that name a knob).
  virtual classad::Result<std::string> Expand(std::string_view text) const = 0;
};

// Problems found while building a Policy: errors (the configuration is not
// usable as written) and warnings (HTCondor goes on, but probably not as
// the administrator meant), each with its position.
class Problems {
 public:
  void Error(const classad::SourceLocation& where, std::string message);
  void Warning(const classad::SourceLocation& where, std::string message);
  void AddError(classad::Status status) { errors_.push_back(std::move(status)); }
  const std::vector<classad::Status>& errors() const { return errors_; }
  const std::vector<classad::Status>& warnings() const { return warnings_; }
  // Orders the errors and the warnings by file, line and column (problems
  // without a position last), keeping the order of those at one place.
  void SortByPosition();
  // OK when there is no error; else kInvalidArgument located at the first
  // error, whose message is that error's message followed by every other
  // error, one per line as "file:line:col: message": its ToString gives
  // each position once.
  classad::Status ToStatus() const;

 private:
  std::vector<classad::Status> errors_;
  std::vector<classad::Status> warnings_;
};

// Reads typed knobs from a KnobSource. A knob that is not set takes
// HTCondor's effective default from the knob table (KnobDefault: the
// param table's, or the daemon code's fallback); a value that does not
// read as its type, or is out of the table's range, is an error recorded
// in `problems` (HTCondor's negotiator stops at it), and the default is
// returned so that building can go on and report more. Integers are held
// to the table's range (param_integer), reals only to their caller's
// (param_double).
// Borrows both; not thread-safe.
class KnobReader {
 public:
  KnobReader(const KnobSource& source, Problems* problems)
      : source_(source), problems_(problems) {}

  // The value as set, or nullopt (with no problem) when it is not set and
  // has no default. An expansion error is recorded and gives nullopt.
  std::optional<KnobText> Text(std::string_view name);
  // HTCondor's effective default for `name` (KnobDefault: the param
  // table's, else the daemon code's fallback, which may name another
  // knob), expanded; nullopt when there is none or it expands to nothing.
  std::optional<KnobText> Fallback(std::string_view name);
  // Typed readers. `fallback` is used when the knob is not set and the
  // table has no default for it (family members such as GROUP_QUOTA_<g>).
  // Real reads a knob HTCondor reads with atof (ReadWithAtof) as atof does.
  bool Bool(std::string_view name, bool fallback = false);
  int64_t Int(std::string_view name, int64_t fallback = 0);
  double Real(std::string_view name, double fallback = 0);
  // Present only when the knob is set (configured or defaulted); range
  // checked against [min, max] (as HTCondor's param_double, not against
  // the table's range: a real knob is used as it is beyond the range the
  // table declares, as PRIORITY_HALFLIFE = 0 is).
  std::optional<double> OptionalReal(std::string_view name, double min, double max);
  std::optional<bool> OptionalBool(std::string_view name);
  std::string String(std::string_view name);
  std::vector<std::string> List(std::string_view name);

  Problems* problems() { return problems_; }

 private:
  // atof of the expanded text: the longest number at its start (`2*3` is
  // 2, `x` is 0), never an error; `fallback` when the knob is unset or
  // empty and has no default.
  double AtofReal(std::string_view name, double fallback);
  // Text(name), else Fallback(name).
  std::optional<KnobText> TextOrDefault(std::string_view name);

  const KnobSource& source_;
  Problems* problems_;
};

}  // namespace policy

#endif  // POLICY_KNOB_READER_H_
