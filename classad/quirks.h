// The HTCondor quirks an evaluation can go through: behaviours of
// HTCondor's ClassAd library that look accidental, which the engine
// reproduces (docs/compatibility.md) and policy_lint's htcondor-quirk
// checks name. Where only evaluation shows a quirk (a list computed at run
// time that holds undefined, a string read by strtod), the evaluator notes
// it in the QuirkNotes its options point to, so that a tool can say "this
// value depended on quirk X". Nothing is noted, at no cost, when no one
// asks (EvalOptions::quirk_notes null).
#ifndef CLASSAD_QUIRKS_H_
#define CLASSAD_QUIRKS_H_

#include <atomic>
#include <cstdint>
#include <string_view>
#include <vector>

namespace classad {

// One family of quirks; each is also a policy_lint check (QuirkName).
enum class Quirk : uint8_t {
  kListAggregate,      // sum/avg/min/max over undefined or booleans; anyCompare() over undefined
  kIntegerPow,         // pow() of integers computed through a double, with a lost or wrong digit
  kStringListSummary,  // stringListAvg() of integers truncated, stringListMax() of negatives 0
  kJoinEmpty,          // join() dropped leading empty items
  kRegexpOptions,      // upper-case regular-expression options, ignored
  kConversion,         // int()/real() of a string strtod reads unexpectedly
  kTimeOfString,       // absTime()/relTime() of a string computed at run time
  kQuantize,           // quantize() with a negative integer quantum
  kUnregisteredFunction,  // a daemon function called while the configuration is first read
  kCount,
};

// The policy_lint check that names `quirk`: "htcondor-quirk-list-aggregate"...
std::string_view QuirkName(Quirk quirk);
// What HTCondor does, in one sentence.
std::string_view QuirkDescription(Quirk quirk);

// The quirks noted by one or more evaluations. Thread-safe: evaluations
// on several threads may note into one (a cycle's matching does); noting
// is one atomic or, paid only on a quirk's path.
class QuirkNotes {
 public:
  QuirkNotes() = default;
  QuirkNotes(const QuirkNotes&) = delete;
  QuirkNotes& operator=(const QuirkNotes&) = delete;

  void Note(Quirk quirk) {
    bits_.fetch_or(uint32_t{1} << static_cast<unsigned>(quirk), std::memory_order_relaxed);
  }
  bool Has(Quirk quirk) const {
    return (bits_.load(std::memory_order_relaxed) >> static_cast<unsigned>(quirk)) & 1;
  }
  bool empty() const { return bits_.load(std::memory_order_relaxed) == 0; }
  void Clear() { bits_.store(0, std::memory_order_relaxed); }
  // Every quirk noted, in the enum's order.
  std::vector<Quirk> List() const;

 private:
  std::atomic<uint32_t> bits_{0};
};

}  // namespace classad

#endif  // CLASSAD_QUIRKS_H_
