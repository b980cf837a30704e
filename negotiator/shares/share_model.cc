// The share model's reasons (share_model.h).
#include "negotiator/shares/share_model.h"

namespace negotiator {

const char* StopReasonText(StopReason reason) {
  switch (reason) {
    case StopReason::kNotNegotiated:
      return "not negotiated";
    case StopReason::kNoMoreJobs:
      return "no more jobs";
    case StopReason::kSubmitterLimit:
      return "submitter limit reached";
    case StopReason::kCeiling:
      return "ceiling reached";
    case StopReason::kNoMatchingSlot:
      return "no matching slot";
    case StopReason::kConcurrencyLimit:
      return "concurrency limit";
    case StopReason::kPieExhausted:
      return "pie exhausted";
    case StopReason::kGroupLimit:
      return "group limit reached";
  }
  return "not negotiated";
}

}  // namespace negotiator
