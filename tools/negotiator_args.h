// Reading the negotiator program's command lines: one cursor over the
// arguments, and the options every command that simulates shares, in one
// place (negotiator simulate, compare, and the files of negotiator test
// name the same things).
#ifndef TOOLS_NEGOTIATOR_ARGS_H_
#define TOOLS_NEGOTIATOR_ARGS_H_

#include <cstdint>
#include <optional>
#include <string>

#include "negotiator/shares/load_share_model.h"
#include "negotiator/simulate/simulation_files.h"
#include "negotiator/simulate/simulation_html.h"

namespace negotiator_tool {

// The arguments after the command's name. Options are spelled -name or
// --name alike. Messages go to stderr, with `usage` after the ones about
// usage.
class Args {
 public:
  Args(int argc, char** argv, const char* usage) : argc_(argc), argv_(argv), usage_(usage) {}

  // Moves to the next argument; false at the end. name() is then the
  // option with one leading '-' ("-slots" for --slots).
  bool Next();
  const std::string& name() const { return name_; }
  const char* raw() const { return argv_[i_]; }

  // The option's value (the next argument); false, saying so, when there
  // is none.
  bool Value(std::string* out);
  // A whole number of at least `min`; false, saying why, otherwise.
  bool Whole(int64_t* out, int64_t min);
  // A duration (ParseDuration); false, saying why, otherwise.
  bool Duration(int64_t* out);
  // Says the option is unknown; returns false.
  bool Unknown();

 private:
  int argc_;
  char** argv_;
  const char* usage_;
  int i_ = 0;
  std::string name_;
};

// Reads the option at `args` when it is one of the shared ones (-slots,
// -workload, -format, -swf-map, -run-time-attribute, -state, -accountant,
// -start (or -now), -duration, -interval, -no-claim-reuse, -threads,
// -htcondor-version) into `inputs`. Returns 1 when it was read, 0 when it
// is not a shared option, -1 when its value is bad (the message printed).
int ReadInputsOption(Args& args, negotiator::SimulationInputs* inputs);

// Reads the option at `args` when it chooses the share model (-model,
// -dirac-config, -dirac-setup, -dirac-vo, -seed) into `choice`. Returns
// 1 when it was read, 0 when it is not one of them, -1 when its value is
// bad (the message printed).
int ReadModelOption(Args& args, negotiator::ShareModelChoice* choice);

// The usage lines of those options (for the commands' usage texts).
extern const char kModelOptionsUsage[];

// negotiator::LoadModel(choice), printing what DIRAC reads otherwise than
// written as located warnings on stderr. Errors as LoadShareModel's.
classad::Result<std::shared_ptr<const negotiator::ShareModel>> LoadModel(
    const negotiator::ShareModelChoice& choice);

// The chart library (negotiator::LoadDefaultChartLibrary) for a page;
// when it cannot be read, says on stderr that `page` will not be written,
// and why, and returns nullopt.
std::optional<negotiator::ChartLibrary> ChartsFor(const char* page);

// Prints `status` as the program's error and returns the exit status 2.
int Fail(const classad::Status& status);

}  // namespace negotiator_tool

#endif  // TOOLS_NEGOTIATOR_ARGS_H_
