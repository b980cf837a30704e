// libFuzzer target: the ingest fast path against the parser. The ad readers
// build plain literals, negative numbers and lists of them without the
// parser (ad_io_internal::ParseSimpleLiteral). Whenever the fast path builds
// a tree, the parser must build the same one (Expr::SameAs) from the same
// text: ParseExpression in both lexer modes and the old-syntax path
// (ParseOldExpressionWithParser). Declining is always allowed. With the
// default limits the readers are checked whole as well: the new-syntax
// reader (which splits an ad into attributes itself) on `[ x = <text> ]`
// against ParseAd, and the old-syntax reader on the line `x = <text>`
// against the old-syntax parser path.
//
// Input: a selector byte, then the value text. A selector below 0x80 means
// the default limits (bit 0: the strict lexer for the readers). From 0x80 a
// second byte follows, and the two choose small limits (input bytes,
// tokens, string bytes, list items, nesting, tree depth), so that the fast
// path is held to every limit the parser enforces.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "classad/ad_io.h"
#include "classad/formats/ad_io_internal.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "fuzz/fuzz_util.h"

namespace {

using classad::ExprPtr;
using classad::Result;

// Small limits chosen by the 12 low bits of `bits`, two bits per limit;
// the last choice of each is the default.
classad::Limits SmallLimits(unsigned bits) {
  const classad::Limits defaults;
  const size_t input_bytes[] = {2, 6, 24, defaults.max_input_bytes};
  const size_t tokens[] = {1, 3, 8, defaults.max_tokens};
  const size_t string_bytes[] = {0, 2, 8, defaults.max_string_bytes};
  const size_t list_items[] = {0, 1, 3, defaults.max_list_items};
  const int nesting[] = {0, 1, 2, defaults.max_nesting_depth};
  const int tree_depth[] = {0, 1, 2, defaults.max_tree_depth};
  classad::Limits limits;
  limits.max_input_bytes = input_bytes[bits & 3];
  limits.max_tokens = tokens[(bits >> 2) & 3];
  limits.max_string_bytes = string_bytes[(bits >> 4) & 3];
  limits.max_list_items = list_items[(bits >> 6) & 3];
  limits.max_nesting_depth = nesting[(bits >> 8) & 3];
  limits.max_tree_depth = tree_depth[(bits >> 10) & 3];
  return limits;
}

// `fast`, built by the fast path from `text`, against what `parser` made of
// the same text (`which` names the parser in the report).
void MustMatch(const ExprPtr& fast, const Result<ExprPtr>& parsed, std::string_view text,
               std::string_view which) {
  const std::string fast_text = classad::Unparse(*fast);
  if (!parsed.ok()) {
    classad_fuzz::Finding(std::string("fast path built a tree ") + std::string(which) +
                              " rejects",
                          text, fast_text + "\n" + parsed.status().ToString());
  }
  classad_fuzz::Check(fast->SameAs(**parsed),
                      std::string("fast path and ") + std::string(which) + " build other trees",
                      text, fast_text + "\n" + classad::Unparse(**parsed));
}

// The fast path on `text` against the three parser paths, under `limits`.
void CheckValue(std::string_view text, const classad::Limits& limits) {
  const ExprPtr fast = classad::ad_io_internal::ParseSimpleLiteral(text, limits);
  if (!fast) return;
  classad::ParseOptions options;
  options.limits = limits;
  options.compat = true;
  MustMatch(fast, classad::ParseExpression(text, options), text, "ParseExpression (compat)");
  MustMatch(fast, classad::ad_io_internal::ParseOldExpressionWithParser(text, options), text,
            "the old-syntax parser");
  options.compat = false;
  MustMatch(fast, classad::ParseExpression(text, options), text, "ParseExpression (strict)");
}

// Whether two ads hold the same attributes with the same trees.
bool SameAd(const std::shared_ptr<classad::ClassAd>& a,
            const std::shared_ptr<classad::ClassAd>& b) {
  return classad::Expr::Ad(a)->SameAs(*classad::Expr::Ad(b));
}

// The new-syntax reader on `[ x = <text> ]` against ParseAd: when ParseAd
// accepts it, the reader must read that one ad; when the reader reads one
// ad from it, ParseAd must accept it, unless `text` holds a `]` (then the
// reader may have read a shorter ad followed by separators and comments).
void CheckNewReader(std::string_view text, const classad::ParseOptions& parse) {
  const std::string ad_text = "[ x = " + std::string(text) + " ]";
  classad::AdReadOptions options;
  options.format = classad::AdFormat::kNew;
  options.parse = parse;
  auto read = classad::ReadAdsFromString(ad_text, options, "<fuzz>");
  Result<std::shared_ptr<classad::ClassAd>> parsed = classad::ParseAd(ad_text, parse);
  const bool read_one = read.ok() && read->size() == 1;
  if (!parsed.ok() && (!read_one || text.find(']') != std::string_view::npos)) return;
  if (!parsed.ok()) {
    classad_fuzz::Finding("the new-syntax reader accepts an ad ParseAd rejects", ad_text,
                          classad::UnparseAd(*(*read)[0]) + "\n" + parsed.status().ToString());
  }
  if (!read_one) {
    classad_fuzz::Finding("the new-syntax reader does not read an ad ParseAd accepts", ad_text,
                          read.ok() ? std::to_string(read->size()) + " ads"
                                    : read.status().ToString());
  }
  classad_fuzz::Check(SameAd((*read)[0], *parsed), "the new-syntax reader and ParseAd differ",
                      classad::UnparseAd(*(*read)[0]), classad::UnparseAd(**parsed));
}

// The old-syntax reader on the line `x = <text>` against the old-syntax
// parser path on `text`: both accept with the same tree, or both refuse.
void CheckOldReader(std::string_view text, const classad::ParseOptions& parse) {
  if (text.find_first_of("\r\n") != std::string_view::npos) return;
  const std::string line = "x = " + std::string(text) + "\n";
  classad::AdReadOptions options;
  options.format = classad::AdFormat::kOld;
  options.parse = parse;
  auto read = classad::ReadAdsFromString(line, options, "<fuzz>");
  Result<ExprPtr> parsed = classad::ad_io_internal::ParseOldExpressionWithParser(text, parse);
  if (!read.ok() && !parsed.ok()) return;
  if (!parsed.ok()) {
    classad_fuzz::Finding("the old-syntax reader accepts a value the old-syntax parser rejects",
                          line, parsed.status().ToString());
  }
  if (!read.ok()) {
    classad_fuzz::Finding("the old-syntax reader rejects a value the old-syntax parser accepts",
                          line, read.status().ToString());
  }
  classad_fuzz::Check(read->size() == 1 && (*read)[0]->size() == 1,
                      "the old-syntax reader read other than one ad of one attribute", line);
  const classad::ExprPtr x = (*read)[0]->LookupPtr("x");
  classad_fuzz::Check(x != nullptr && x->SameAs(**parsed),
                      "the old-syntax reader and the old-syntax parser differ", line,
                      classad::Unparse(**parsed));
}

}  // namespace

// Entry point: selector byte(s), then one value text.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t selector = data[0];
  if (selector < 0x80) {
    const std::string_view text = classad_fuzz::AsText(data + 1, size - 1);
    CheckValue(text, classad::Limits());
    classad::ParseOptions parse;
    parse.compat = (selector & 1) == 0;
    CheckNewReader(text, parse);
    CheckOldReader(text, parse);
    return 0;
  }
  if (size < 2) return 0;
  const unsigned bits = (static_cast<unsigned>(selector & 0x7F) << 8) | data[1];
  CheckValue(classad_fuzz::AsText(data + 2, size - 2), SmallLimits(bits));
  return 0;
}
