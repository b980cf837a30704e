// libFuzzer target: parse -> Unparse -> parse must succeed and give the same
// tree (Expr::SameAs), and unparsing that tree must give the same text
// again. Trees whose text is lossy by design (a real needing 17 digits, a
// fractional relative time, `- 1`; see HasLossyText) are checked one
// generation later, from the tree their text gives. Both lexer modes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "classad/parser.h"
#include "classad/unparse.h"
#include "fuzz/fuzz_util.h"

namespace {

// Reparses `text`, the unparsed form of a tree; it must parse.
classad::ExprPtr MustReparse(const std::string& text, const classad::ParseOptions& options,
                             std::string_view input) {
  classad::Result<classad::ExprPtr> parsed = classad::ParseExpression(text, options);
  if (!parsed.ok()) {
    classad_fuzz::Finding("unparsed text does not parse again", input,
                          text + "\n" + parsed.status().ToString());
  }
  return *parsed;
}

// Checks the round trip of `input` under the lexer mode `compat`.
void RoundTrip(std::string_view input, bool compat) {
  classad::ParseOptions options;
  options.compat = compat;
  classad::Result<classad::ExprPtr> first = classad::ParseExpression(input, options);
  if (!first.ok()) return;
  classad::ExprPtr tree = *first;
  if (classad_fuzz::HasUnreadableText(*tree)) return;  // HTCondor's text, by design
  std::string text = classad::Unparse(*tree);
  if (classad_fuzz::HasLossyText(*tree)) {
    // Start from the tree the lossy text gives; if that one is still lossy
    // (its reals do not settle in one step), only reparsing is checked.
    tree = MustReparse(text, options, input);
    text = classad::Unparse(*tree);
    if (classad_fuzz::HasLossyText(*tree)) {
      MustReparse(text, options, input);
      return;
    }
  }
  classad::ExprPtr second = MustReparse(text, options, input);
  const std::string second_text = classad::Unparse(*second);
  classad_fuzz::Check(tree->SameAs(*second), "reparsed tree differs (SameAs)", text, second_text);
  classad_fuzz::Check(second_text == text, "unparsing the reparsed tree gives other text", text,
                      second_text);
}

}  // namespace

// Entry point: the input is one expression text.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input = classad_fuzz::AsText(data, size);
  RoundTrip(input, /*compat=*/true);
  RoundTrip(input, /*compat=*/false);
  return 0;
}
