// Helpers shared by the libFuzzer targets: reporting a finding, telling
// which trees can survive a trip through text exactly, and packing an ad.
#ifndef CLASSAD_FUZZ_FUZZ_UTIL_H_
#define CLASSAD_FUZZ_FUZZ_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "classad/classad.h"
#include "classad/expr.h"

namespace classad_fuzz {

// The fuzzer's input as text.
inline std::string_view AsText(const uint8_t* data, size_t size) {
  return std::string_view(reinterpret_cast<const char*>(data), size);
}

// Reports a broken invariant (`what`, with the texts involved) on stderr
// and aborts, which libFuzzer records as a crash.
[[noreturn]] void Finding(std::string_view what, std::string_view first = {},
                          std::string_view second = {});

// Aborts with Finding(what, ...) unless `condition` holds.
inline void Check(bool condition, std::string_view what, std::string_view first = {},
                  std::string_view second = {}) {
  if (!condition) Finding(what, first, second);
}

// True when the canonical text of `expr` does not give back the same tree,
// by design of the HTCondor formats: a real that 16 significant digits do
// not pin down (or that is not finite), a relative time with a fraction
// (printed with %g) or out of range, a folded relTime("...") literal
// (written to JSON as its value, a real, as HTCondor writes it), or a
// unary minus applied to an operand whose text starts with a number (`- 1`
// prints as ` -1`, which reads back as the literal -1, and `- 2 ?: 3` as
// ` -2 ?: 3`, which reads back as `(-2) ?: 3`: HTCondor's lexer glues the
// two; see FuzzRegressions.UnaryMinusOfANumberSettlesAfterOneRoundTrip).
bool HasLossyText(const classad::Expr& expr);
// The same for any attribute of `ad`.
bool HasLossyText(const classad::ClassAd& ad);

// True when the canonical text of `expr` may not parse at all, by design:
// HTCondor's unparser, which ours reproduces, prints a relative time with
// "%02g" and its whole seconds through an int (`relTime("1e-05")`, garbage
// beyond 2^31), and selection names without quotes (`a.b c`, `a.true`);
// and a tree near HTCondor's parser depth limit may go past it with the
// parentheses its text adds.
bool HasUnreadableText(const classad::Expr& expr);
// The same for any attribute of `ad`.
bool HasUnreadableText(const classad::ClassAd& ad);

// Packs `ad` (AttributePacker) with every other attribute name, the last
// first, and a name it lacks: its attributes end up stored in another
// order than they are listed, which must change nothing else.
void PackEveryOtherName(classad::ClassAd* ad);

}  // namespace classad_fuzz

#endif  // CLASSAD_FUZZ_FUZZ_UTIL_H_
