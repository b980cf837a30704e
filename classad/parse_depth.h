// HTCondor's parser depth guard, measured on our trees. HTCondor's
// recursive-descent parser (source.cpp) counts one level on entry to each
// call of parseExpression, parseUnaryExpression and parsePostfixExpression
// and fails a parse that goes past 500 levels; so 166 nested parentheses,
// 498 chained `!` or 166 nested lists fail there. We accept and reject
// exactly the same texts: the parsers (parser.cc) measure every tree they
// build with this and refuse one past the limit.
#ifndef CLASSAD_PARSE_DEPTH_H_
#define CLASSAD_PARSE_DEPTH_H_

#include "classad/expr.h"

namespace classad {

// HTCondor's MAX_PARSER_DEPTH: the deepest level its parser reaches.
inline constexpr int kHtcondorMaxParserDepth = 500;

// The deepest level HTCondor's parser reaches when it parses the text of
// `e` as a whole expression (at least 3: parseExpression, then the unary
// and postfix levels of its operand).
int HtcondorParserDepth(const Expr& e);

}  // namespace classad

#endif  // CLASSAD_PARSE_DEPTH_H_
