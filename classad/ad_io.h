// Reading and writing ads in the three textual forms HTCondor uses:
//
//  * new syntax: `[ a = 1; b = "x" ]`, any number of ads in a row (also the
//    `{ [...], [...] }` list that `condor_q -long:new` may print);
//  * old syntax: one `Name = expr` line per attribute and a blank line after
//    each ad, as `condor_q -long` / `condor_status -long` print them. String
//    literals use the old escaping rule: a backslash is literal except before
//    a double quote; reals are written with %.16G and meta-comparisons as
//    `=?=` / `=!=`;
//  * HTCondor's JSON: `[ { "a": 1, "e": "\/Expr(x + 1)\/" } ]`, lists as
//    arrays, nested ads as objects, other expressions as "\/Expr(...)\/".
//
// Reading is streaming (AdReader): a large dump is never held as text, only
// one ad at a time. Every error names the input, line and column and says
// what was expected. Limits from ParseOptions::limits are enforced.
#ifndef CLASSAD_AD_IO_H_
#define CLASSAD_AD_IO_H_

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classad/attribute_packer.h"
#include "classad/classad.h"
#include "classad/expr.h"
#include "classad/parser.h"
#include "classad/status.h"

namespace classad {

enum class AdFormat {
  kAuto,  // reading only: decided from the first significant characters
  kNew,
  kOld,
  kJson,
};

// "new", "old", "json" or "auto".
const char* AdFormatName(AdFormat format);

// Decides the format of a text from its beginning (a prefix is enough):
// blank lines and comment lines (`#`, `//`, `/* */`) are skipped; then `[`
// followed by `{`, or `{` not followed by `[`, means JSON; any other `[`,
// or `{` followed by `[`, means new syntax; anything else is old syntax.
// Empty or comment-only text gives kOld (it holds no ads in any format).
// Pure function; thread-safe.
AdFormat DetectAdFormat(std::string_view prefix);

struct AdReadOptions {
  AdFormat format = AdFormat::kAuto;
  // Lexer mode and limits for the expressions in the ads. The byte limit
  // (limits.max_input_bytes) applies to each ad (new syntax, JSON) or each
  // line (old syntax), never to the whole input.
  ParseOptions parse;
  // Stores the ads read in one arena (ad_arena.h) instead of one heap block
  // each: a pool's ads end up dense and on 2 MiB pages, so that scanning
  // them (matching a job against every slot) walks the page tables far
  // less. The arena's memory returns to the system only when the last of
  // its ads is gone: for ads read, used and dropped together.
  bool use_arena = false;
  // Attribute names to store first in each ad read, in this order
  // (AttributePacker), so that evaluating expressions that read them
  // touches few cache lines of an ad: for a negotiator, the names its
  // policy reads from slots. Changes where attributes are stored, not the
  // ads. Empty: stored in the order read.
  std::vector<std::string> store_first;
};

namespace ad_io_internal {
class TextCursor;
class FormatReader;
}  // namespace ad_io_internal

// Reads ads one at a time from a stream, a file or an in-memory text.
// Not thread-safe; one reader per input. Usage:
//
//   auto reader = AdReader::OpenFile(path, options);
//   if (!reader.ok()) return reader.status();
//   std::shared_ptr<ClassAd> ad;
//   while ((*reader)->Next(&ad)) Use(ad);
//   if (!(*reader)->status().ok()) return (*reader)->status();
class AdReader {
 public:
  // Reads from `in`, which must outlive the reader. `source_name` names the
  // input in error messages (a file name, "<stdin>", or empty).
  AdReader(std::istream* in, std::string source_name, const AdReadOptions& options);
  // Reads from `text`, which must outlive the reader.
  AdReader(std::string_view text, std::string source_name, const AdReadOptions& options);
  ~AdReader();
  AdReader(const AdReader&) = delete;
  AdReader& operator=(const AdReader&) = delete;

  // Opens `path` for reading; kIoError when it cannot be opened.
  static Result<std::unique_ptr<AdReader>> OpenFile(const std::string& path,
                                                    const AdReadOptions& options);

  // Reads the next ad into `*ad` and returns true. Returns false at the end
  // of the input (status() OK) or on an error (status() says where and why;
  // the reader then stays failed and returns false from then on).
  bool Next(std::shared_ptr<ClassAd>* ad);

  // OK, or the first error met.
  const Status& status() const { return status_; }
  // The line the reader has reached: 1 + the line breaks consumed so far.
  int line() const;
  // The bytes of the input consumed so far: after Next() gave an ad, where
  // that ad's text ends (with the blank line or separator that closed it).
  size_t offset() const;
  // The format being read: options.format, or the detected one once Next()
  // has been called (kAuto before that).
  AdFormat format() const { return format_; }

 private:
  bool Start();

  std::unique_ptr<std::istream> owned_stream_;  // set by OpenFile
  std::unique_ptr<ad_io_internal::TextCursor> cursor_;
  std::unique_ptr<ad_io_internal::FormatReader> reader_;
  LayoutTable layouts_;  // shared attribute-name layouts of the ads read
  std::unique_ptr<AttributePacker> packer_;  // with options.store_first
  AdArenaRef arena_;     // with options.use_arena, made on the first ad
  AdReadOptions options_;
  AdFormat format_;
  Status status_;
  bool failed_ = false;
};

// Reads every ad of `text` (all or nothing). `source_name` is used in errors.
// Thread-safe, as are all the free functions of this header.
Result<std::vector<std::shared_ptr<ClassAd>>> ReadAdsFromString(
    std::string_view text, const AdReadOptions& options = {}, const std::string& source_name = "");
// Reads every ad of the file at `path` (all or nothing).
Result<std::vector<std::shared_ptr<ClassAd>>> ReadAdsFromFile(const std::string& path,
                                                              const AdReadOptions& options = {});

// Parses one old-syntax expression (the right-hand side of a `condor_q
// -long` line): string literals use the old escaping rule, everything else
// is the normal expression syntax of `options`. Errors locate the column in
// `text`. Thread-safe.
Result<ExprPtr> ParseOldExpression(std::string_view text, const ParseOptions& options = {});

// ----------------------------------------------------------------- writing

// The order attributes are written in at the top level of an ad (nested ads
// always use the canonical order, as HTCondor prints them).
enum class AttributeOrder {
  kCanonical,  // as UnparseAd: by name length, then case-insensitively by name
  kInsertion,  // as read or inserted
  kByName,     // case-insensitively by name, as condor_q/condor_status -long
};

struct AdWriteOptions {
  AdFormat format = AdFormat::kNew;  // kAuto is treated as kNew
  AttributeOrder order = AttributeOrder::kCanonical;
  // New syntax: one attribute per line instead of one ad per line.
  // JSON: indented, one attribute per line, as HTCondor's JSON printer;
  // otherwise each ad on one line. Old syntax: no effect.
  bool pretty = false;
};

// Appends one ad. New syntax: `[ a = 1; b = 2 ]` and a newline (exactly
// UnparseAd with the canonical order), or the pretty form `[`, one
// `  name = expr;` line per attribute, `]`. Old syntax: `Name = expr` lines
// and a blank line. JSON: one object and a newline (no enclosing array; see
// AdWriter). Fails (kInvalidArgument, nothing appended) only for old syntax
// when a string cannot be written in it (a newline or NUL byte, or a
// trailing backslash inside a larger expression).
Status AppendAd(const ClassAd& ad, const AdWriteOptions& options, std::string* out);

// Writes ads to a stream, adding what the format needs around them (the
// `[`, `,` and `]` of a JSON array). Not thread-safe.
class AdWriter {
 public:
  // `out` must outlive the writer.
  AdWriter(std::ostream* out, const AdWriteOptions& options);
  AdWriter(const AdWriter&) = delete;
  AdWriter& operator=(const AdWriter&) = delete;

  // Writes one ad; kIoError when the stream fails, or AppendAd's error.
  Status Write(const ClassAd& ad);
  // Ends the output (closes the JSON array; writes `[`+`]` when no ad was
  // written) and flushes. Call once, after the last Write.
  Status Finish();

 private:
  std::ostream* out_;
  AdWriteOptions options_;
  size_t written_ = 0;
  std::string buffer_;
};

// Appends `expr` in old syntax: %.16G reals (".0" added when needed),
// `=?=`/`=!=`, strings with only `"` escaped, nested ads `[ a = 1; b = 2 ]`.
// `string_may_end_line` tells whether a top-level string literal ends the
// line (then it may end with a backslash). Returns false, leaving `out` in
// an unspecified state, when a string cannot be written in old syntax.
bool AppendOldExpr(const Expr& expr, bool string_may_end_line, std::string* out);

// Appends a real as the old unparser and HTCondor's JSON printer write it.
void AppendOldReal(double value, std::string* out);

// Appends `expr` as a JSON value the way HTCondor's JSON printer does:
// literals as JSON scalars (undefined as null), lists as arrays, ads as
// objects, anything else as "\/Expr(<new syntax>)\/".
void AppendJsonExpr(const Expr& expr, bool pretty, std::string* out);

// Appends `text` JSON-escaped, without quotes.
void AppendJsonEscaped(std::string_view text, std::string* out);

}  // namespace classad

#endif  // CLASSAD_AD_IO_H_
