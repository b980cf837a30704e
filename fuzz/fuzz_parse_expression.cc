// libFuzzer target: ParseExpression in compat and strict modes on arbitrary
// bytes. A parse must either succeed (and then unparse) or fail with a
// located kParseError / kLimitExceeded; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "classad/parser.h"
#include "classad/unparse.h"
#include "fuzz/fuzz_util.h"

namespace {

// Parses `text` with the lexer mode `compat` and checks the outcome.
void ParseOnce(std::string_view text, bool compat) {
  classad::ParseOptions options;
  options.compat = compat;
  classad::Result<classad::ExprPtr> parsed = classad::ParseExpression(text, options);
  if (parsed.ok()) {
    classad_fuzz::Check(*parsed != nullptr, "ParseExpression returned a null tree", text);
    std::string unparsed = classad::Unparse(**parsed);
    classad_fuzz::Check(!unparsed.empty(), "Unparse gave empty text", text);
    return;
  }
  const classad::Status& status = parsed.status();
  classad_fuzz::Check(status.code() == classad::StatusCode::kParseError ||
                          status.code() == classad::StatusCode::kLimitExceeded,
                      "parse failure with an unexpected status code", text, status.ToString());
  classad_fuzz::Check(!status.message().empty(), "parse failure without a message", text);
  classad_fuzz::Check(status.where().line >= 1 && status.where().column >= 1,
                      "parse failure without a line and column", text, status.ToString());
}

}  // namespace

// Entry point: the input is one expression text.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = classad_fuzz::AsText(data, size);
  ParseOnce(text, /*compat=*/true);
  ParseOnce(text, /*compat=*/false);
  return 0;
}
