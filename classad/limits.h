// Limits: every bound the engine enforces, with its default, in one place.
// Hitting a parse limit gives a kLimitExceeded Status with a location;
// hitting an evaluation limit makes the evaluation's result `error` (and the
// EvalContext records why). None of these can be hit by ordinary policy.
#ifndef CLASSAD_LIMITS_H_
#define CLASSAD_LIMITS_H_

#include <cstddef>
#include <cstdint>

namespace classad {

struct Limits {
  // Bytes of one expression or ad text handed to the parser (1 MiB). The
  // readers of ad files hand the parser one attribute at a time, so this
  // bounds a single value, not a file. The generated parser needs a few
  // hundred bytes of memory per input byte.
  size_t max_input_bytes = size_t{1} << 20;
  // Tokens in one text handed to the parser, checked after lexing and
  // before the parse tree is built (which costs far more than the tokens).
  size_t max_tokens = 200'000;
  // Nesting of brackets, prefix operators and ?: in one expression, counted
  // on the tokens before the generated parser runs. The generated parser is
  // recursive: this keeps it far from the stack's end (an 8 MiB stack
  // overflows near 10,000 levels, 2,000 under ASan). 500 lets through every
  // text HTCondor's parser accepts (its own guard, which parse_depth.h
  // reproduces on the tree, counts at least one level for each of these).
  int max_nesting_depth = 500;
  // Depth of the expression tree built from one text: a chain of binary
  // operators `a || b || ...` is as deep as it is long, and evaluation and
  // unparsing recurse over the tree. Kept well below max_eval_depth so that
  // any tree the parser accepts can be evaluated.
  int max_tree_depth = 1000;
  // Bytes in one string literal or string value (16 MiB).
  size_t max_string_bytes = size_t{16} << 20;
  // Items in one list literal or list value.
  size_t max_list_items = size_t{1} << 20;
  // Attributes in one ad.
  size_t max_ad_attributes = size_t{1} << 20;
  // Recursion depth of one evaluation: expression nesting plus attribute
  // references followed (a -> b -> c ...) plus nested eval() calls. Sized
  // so that an evaluation fits in a 2 MiB thread stack.
  int max_eval_depth = 2000;
  // Work units one evaluation may spend (roughly one per compiled
  // instruction or tree node, charged for a whole program when it starts,
  // and one per list item / string byte processed by a built-in); beyond it the
  // evaluation gives `error` instead of running for minutes.
  uint64_t max_eval_steps = 50'000'000;
};

}  // namespace classad

#endif  // CLASSAD_LIMITS_H_
