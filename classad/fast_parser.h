// FastParseExpression: a hand-written parser for the expressions that
// policy and ads are mostly made of, in front of the ANTLR parser (the
// grammar of record, grammar/ClassAd.g4).
//
// It accepts most of the language: ASCII text with comments; literals
// (integers, reals, strings with escapes, true, false, undefined, error),
// attribute names, `base.name`, `base[index]`, calls, lists, parentheses,
// every unary and binary operator, `c ? a : b` and the elvis operator
// (`a ?: b`, `c ? : d`). Not nested ads, quoted names, `.name`, `;` between
// arguments, or absTime/relTime calls (which may become time literals).
// For such text it builds exactly the tree ParseExpression's ANTLR path
// builds (the same factories, the same negative literals, the same limits).
// For anything else -- anything outside the subset, any syntax error, any
// limit reached -- it returns nullopt and builds nothing, and the caller
// runs the ANTLR parser, which also gives every error message.
//
// Internal to classad/ (parser.cc calls it). Thread-safe (no shared state).
#ifndef CLASSAD_FAST_PARSER_H_
#define CLASSAD_FAST_PARSER_H_

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classad/expr.h"
#include "classad/parser.h"

namespace classad {

// The tree of `text`, or nullopt when the ANTLR parser must decide.
std::optional<ExprPtr> FastParseExpression(std::string_view text, const ParseOptions& options);

// The nesting both parsers measure before they parse (Limits::
// max_nesting_depth): an opening bracket starts a level; within a level
// every prefix operator and `?` (or `?:`) adds one until its bracket
// closes. Feed it the tokens in order.
class NestingCounter {
 public:
  NestingCounter() { in_place_[0] = 0; }
  void Open() {
    if (levels_ >= kInPlace && levels_ - kInPlace == spilled_.size()) {
      spilled_.resize(std::max(kInPlace, 2 * spilled_.size()));
    }
    Extra(levels_++) = 0;
    ++depth_;
  }
  void Close() {
    if (levels_ > 1) {
      depth_ -= 1 + Extra(--levels_);
    }
  }
  void Prefix() {
    ++Extra(levels_ - 1);
    ++depth_;
  }
  int depth() const { return depth_; }

 private:
  // The prefix operators counted within level `i` (0: outside brackets):
  // in place for the nesting of ads and policy, on the heap past that.
  int& Extra(size_t i) { return i < kInPlace ? in_place_[i] : spilled_[i - kInPlace]; }

  static constexpr size_t kInPlace = 32;
  int in_place_[kInPlace];  // [0, levels_) in use; each set by Open

  std::vector<int> spilled_;
  size_t levels_ = 1;
  int depth_ = 0;
};

// Appends the characters of a quoted literal's body (the text between the
// quotes) to `*out`, escapes decoded: \a \b \f \n \r \t \v, octal (up
// to three digits when the first is 0-3, else up to two), and any other
// escaped character standing for itself. Stops when `*out` passes
// `max_bytes`. Returns false when an octal escape is NUL (not allowed in a
// string). Both parsers use it.
bool AppendDecodedQuoted(std::string_view body, size_t max_bytes, std::string* out);

// White space as HTCondor's lexer (isspace) and the grammar's WS see it
// (both parsers use it).
inline bool IsHtcondorSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// The value of a real literal's text (`1.5e3`), locale-independent, with
// IEEE results for subnormals and overflow (both parsers use it).
double ParseRealLiteralText(const std::string& text);

}  // namespace classad

#endif  // CLASSAD_FAST_PARSER_H_
