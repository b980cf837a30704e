// The ClassAd parser front-end: text in, our own AST out. ANTLR is an
// implementation detail of parser.cc and never appears in this interface.
#ifndef CLASSAD_PARSER_H_
#define CLASSAD_PARSER_H_

#include <memory>
#include <string_view>

#include "classad/classad.h"
#include "classad/limits.h"
#include "classad/status.h"

namespace classad {

struct ParseOptions {
  Limits limits;
  // HTCondor's daemon ("old ClassAd") lexer, the default of its tools:
  // integer literals may not start with 0 (no octal/hex) and `;` separates
  // function arguments as well as `,`. Off gives the library's strict lexer,
  // where `;` is not an argument separator (leading zeros still rejected).
  bool compat = true;
  // Expressions go to the hand-written parser first (fast_parser.h) and to
  // the ANTLR parser only when it declines; the two build the same tree.
  // False: the ANTLR parser only (for tests that compare the two).
  bool fast_path = true;
  // HTCondor's parser ends a top-level `c ? a : b` at its last operand and
  // ignores the text after it (`1 ? 2 : 3 : 4` is 2): ParseExpression does
  // the same. False where the text is one part of a larger one (the value
  // of an attribute in a new-syntax ad), where HTCondor's parser goes on and
  // the extra tokens are an error.
  bool ignore_text_after_conditional = true;
  // HTCondor's ParseExpression(text, full = false), with which it reads the
  // value of an old-syntax ad line (InsertLongFormAttrValue): the
  // expression ends before the first token that cannot continue it, and
  // whatever follows is ignored (`1 2` is 1). Off by default.
  bool ignore_text_after_expression = false;
};

// Parses one expression. On failure the Status is kParseError (or
// kLimitExceeded) with the line and column in `text` and what was expected.
// There is no error recovery: parsing stops at the first syntax error, so
// refusing bad input costs no more than reading up to the error.
// Thread-safe (no shared state).
Result<ExprPtr> ParseExpression(std::string_view text, const ParseOptions& options = {});

// Parses one new-syntax ad, `[ name = expr; ... ]`, with optional
// surrounding white space and comments. Same error contract.
Result<std::shared_ptr<ClassAd>> ParseAd(std::string_view text, const ParseOptions& options = {});

// Parses a sequence of new-syntax ads, `[...] [...]` with white space or
// comments between them. Same error contract; no partial result on error.
Result<std::vector<std::shared_ptr<ClassAd>>> ParseAdSequence(std::string_view text,
                                                              const ParseOptions& options = {});

}  // namespace classad

#endif  // CLASSAD_PARSER_H_
