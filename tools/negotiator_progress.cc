// A progress bar for simulations (negotiator_progress.h).
#include "tools/negotiator_progress.h"

#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace negotiator_tool {

void ProgressBar::Attach(negotiator::SimulationOptions* options) {
  if (!isatty(STDERR_FILENO)) return;
  options->progress = [this](int64_t cycle, int64_t cycles, int64_t time) {
    Update(cycle, cycles, time);
  };
}

void ProgressBar::Update(int64_t cycle, int64_t cycles, int64_t time) {
  const auto now = std::chrono::steady_clock::now();
  if (cycle == 1) {
    start_ = time;
    began_ = now;
  }
  if (cycle < cycles && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - began_).count();
  const double rate = elapsed > 0 ? static_cast<double>(cycle) / elapsed : 0;
  const double left = rate > 0 ? static_cast<double>(cycles - cycle) / rate : 0;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(kWidth * cycle / std::max<int64_t>(cycles, 1));
  std::fprintf(stderr,
               "\r%s[%.*s%*s] day %.2f, cycle %" PRId64 "/%" PRId64 ", %.0f cycles/s, %.0f s left ",
               label_.c_str(), filled, "==============================", kWidth - filled, "",
               static_cast<double>(time - start_) / 86400.0, cycle, cycles, rate, left);
  if (cycle == cycles) std::fputc('\n', stderr);
  std::fflush(stderr);
}

}  // namespace negotiator_tool
