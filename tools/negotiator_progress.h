// A progress bar for simulations on a terminal (negotiator simulate,
// compare): the simulated day, cycles per second and the time left,
// redrawn on stderr at most ten times a second; nothing when stderr is not
// a terminal.
#ifndef TOOLS_NEGOTIATOR_PROGRESS_H_
#define TOOLS_NEGOTIATOR_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <string>

#include "negotiator/simulate/simulation.h"

namespace negotiator_tool {

class ProgressBar {
 public:
  // `label` starts each line ("A: ", or empty). Not thread-safe.
  explicit ProgressBar(std::string label = "") : label_(std::move(label)) {}
  // Sets `options->progress` to this bar when stderr is a terminal. The
  // bar must outlive the simulation.
  void Attach(negotiator::SimulationOptions* options);
  // Cycle `cycle` of `cycles` ran at simulated `time`.
  void Update(int64_t cycle, int64_t cycles, int64_t time);

 private:
  std::string label_;
  std::chrono::steady_clock::time_point began_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_{};
  int64_t start_ = 0;
};

}  // namespace negotiator_tool

#endif  // TOOLS_NEGOTIATOR_PROGRESS_H_
