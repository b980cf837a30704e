// libFuzzer target: the hand-written parser (classad/fast_parser.h) against
// the ANTLR parser, the grammar of record. Wherever the hand-written one
// accepts a text, ANTLR must accept it too and build the very same tree
// (same shape, names with the same case, identical literals); where it
// declines, ParseExpression must give exactly ANTLR's result.
#include <cstddef>
#include <cstdint>
#include <string>

#include "classad/fast_parser.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "fuzz/fuzz_util.h"

namespace {

void CompareOnce(std::string_view text, bool compat) {
  classad::ParseOptions options;
  options.compat = compat;
  classad::ParseOptions antlr_only = options;
  antlr_only.fast_path = false;
  const std::optional<classad::ExprPtr> fast = classad::FastParseExpression(text, options);
  const classad::Result<classad::ExprPtr> antlr = classad::ParseExpression(text, antlr_only);
  if (fast.has_value()) {
    classad_fuzz::Check(antlr.ok(), "the fast parser accepted what ANTLR refuses", text,
                        antlr.ok() ? std::string() : antlr.status().ToString());
    const std::string fast_text = classad::Unparse(**fast);
    const std::string antlr_text = classad::Unparse(**antlr);
    classad_fuzz::Check((*fast)->SameAs(**antlr) && fast_text == antlr_text,
                        "the fast parser built another tree than ANTLR", text,
                        "fast: " + fast_text + "\nantlr: " + antlr_text);
    return;
  }
  // Declined: ParseExpression falls back to ANTLR, with ANTLR's answer.
  const classad::Result<classad::ExprPtr> both = classad::ParseExpression(text, options);
  classad_fuzz::Check(both.ok() == antlr.ok(), "the fallback changed whether the text parses",
                      text);
  if (!both.ok()) {
    classad_fuzz::Check(both.status().ToString() == antlr.status().ToString(),
                        "the fallback changed the error", text,
                        both.status().ToString() + " / " + antlr.status().ToString());
  }
}

}  // namespace

// Entry point: the input is one expression text.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = classad_fuzz::AsText(data, size);
  CompareOnce(text, /*compat=*/true);
  CompareOnce(text, /*compat=*/false);
  return 0;
}
