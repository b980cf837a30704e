// DisplayText: an expression written for people, as administrators write
// it in configurations: `=?=` and `=!=` rather than `is` and `isnt`, reals
// in their shortest exact form (0.5, not 5.000000000000000E-01), `, `
// between function arguments, parentheses exactly as in the source (the
// tree keeps them). The text parses back to the same expression.
#ifndef NEGOTIATOR_EXPLAIN_DISPLAY_TEXT_H_
#define NEGOTIATOR_EXPLAIN_DISPLAY_TEXT_H_

#include <string>

#include "classad/expr.h"
#include "classad/value.h"

namespace negotiator::explain {

// `expr` as text for people (see above). Recursion is bounded by the
// parser's tree depth limit. Pure function; thread-safe.
std::string DisplayText(const classad::Expr& expr);

// A literal value as DisplayText writes it: a real always with a `.` or
// an exponent (1500.0), so that its type shows; strings quoted and
// escaped; lists and nested ads in ClassAd syntax.
std::string DisplayValue(const classad::Value& value);

}  // namespace negotiator::explain

#endif  // NEGOTIATOR_EXPLAIN_DISPLAY_TEXT_H_
