// libFuzzer target: read new-syntax ads, write each in new, old and JSON
// syntax (compact and pretty), read it back (into an arena, AdReadOptions::
// use_arena), pack the copy (AttributePacker: where its attributes are
// stored changes, nothing else may) and compare. The old format may
// refuse an ad it cannot hold (kInvalidArgument); everything else must come
// back with the same attributes: the same tree for new syntax, the same
// text for JSON (Unparse) and old syntax (AppendOldExpr), as the formats
// promise. Attributes whose text is lossy by design (a real needing 17
// digits, `- 1`; see HasLossyText) are only checked for being read back.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "classad/ad_io.h"
#include "classad/unparse.h"
#include "fuzz/fuzz_util.h"

namespace {

using AdList = std::vector<std::shared_ptr<classad::ClassAd>>;

// How one attribute must compare after a trip through `format`.
void CompareAttribute(classad::AdFormat format, const classad::Attribute& original,
                      const classad::Expr& back, std::string_view written) {
  if (classad_fuzz::HasLossyText(*original.expr)) return;
  switch (format) {
    case classad::AdFormat::kOld: {
      std::string expected, actual;
      classad_fuzz::Check(classad::AppendOldExpr(*original.expr, true, &expected),
                          "AppendOldExpr refuses an attribute AppendAd wrote", written);
      classad_fuzz::Check(classad::AppendOldExpr(back, true, &actual),
                          "AppendOldExpr refuses an attribute it read back", written);
      classad_fuzz::Check(expected == actual, "old syntax changed an attribute", expected, actual);
      break;
    }
    case classad::AdFormat::kJson: {
      const std::string expected = classad::Unparse(*original.expr);
      const std::string actual = classad::Unparse(back);
      classad_fuzz::Check(expected == actual, "JSON changed an attribute", expected, actual);
      break;
    }
    default:
      classad_fuzz::Check(original.expr->SameAs(back), "new syntax changed an attribute",
                          classad::Unparse(*original.expr), classad::Unparse(back));
  }
}

// Writes `ad` with `options`, reads it back and compares.
void TripThrough(const classad::ClassAd& ad, const classad::AdWriteOptions& options) {
  if (classad_fuzz::HasUnreadableText(ad)) return;  // HTCondor's text, by design
  std::string written;
  classad::Status status = classad::AppendAd(ad, options, &written);
  if (!status.ok()) {
    classad_fuzz::Check(options.format == classad::AdFormat::kOld &&
                            status.code() == classad::StatusCode::kInvalidArgument,
                        "AppendAd failed", classad::UnparseAd(ad), status.ToString());
    classad_fuzz::Check(written.empty(), "failed AppendAd appended text", written);
    return;
  }
  // Old syntax has no way to write an ad without attributes.
  if (ad.empty() && options.format == classad::AdFormat::kOld) return;
  classad_fuzz::Check(classad::DetectAdFormat(written) == options.format,
                      "written text is detected as another format", written,
                      classad::AdFormatName(options.format));
  classad::AdReadOptions read_options;
  read_options.format = options.format;
  // Read back into an arena (the input was read onto the heap): both ways
  // must give the same ad.
  read_options.use_arena = true;
  classad::Result<AdList> back = classad::ReadAdsFromString(written, read_options, "<written>");
  if (!back.ok()) {
    classad_fuzz::Finding("written ad does not read back", written, back.status().ToString());
  }
  classad_fuzz::Check(back->size() == 1, "written ad reads back as another number of ads",
                      written);
  classad::ClassAd& copy = *(*back)[0];
  classad_fuzz::Check(copy.size() == ad.size(), "read-back ad has another number of attributes",
                      written, classad::UnparseAd(copy));
  classad_fuzz::PackEveryOtherName(&copy);
  for (size_t i = 0; i < copy.size(); ++i) {
    const classad::AttrRef at = copy.at(i), found = copy.Find(copy.name(i));
    classad_fuzz::Check(found && at.is_literal() == found.is_literal() &&
                            (at.is_literal() ? &at.literal() == &found.literal()
                                             : &at.expr() == &found.expr()),
                        "a packed ad's attribute is not where its name is found", written,
                        copy.name(i));
  }
  const std::vector<classad::Attribute> originals = ad.Attributes();
  const std::vector<classad::Attribute> reads = copy.Attributes();
  for (size_t i = 0; i < ad.size(); ++i) {
    const classad::Attribute& original = originals[i];
    const classad::Attribute& read = reads[i];
    classad_fuzz::Check(original.name == read.name, "attribute name changed", original.name,
                        read.name);
    CompareAttribute(options.format, original, *read.expr, written);
  }
  if (classad_fuzz::HasLossyText(ad)) return;
  std::string rewritten;
  classad_fuzz::Check(classad::AppendAd(copy, options, &rewritten).ok(),
                      "read-back ad cannot be written again", written);
  classad_fuzz::Check(rewritten == written, "writing the read-back ad gives other text", written,
                      rewritten);
}

}  // namespace

// Entry point: the input is new-syntax ads.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  classad::AdReadOptions read_options;
  read_options.format = classad::AdFormat::kNew;
  classad::Result<AdList> ads =
      classad::ReadAdsFromString(classad_fuzz::AsText(data, size), read_options, "<fuzz>");
  if (!ads.ok()) return 0;
  for (const auto& ad : *ads) {
    for (classad::AdFormat format :
         {classad::AdFormat::kNew, classad::AdFormat::kOld, classad::AdFormat::kJson}) {
      for (bool pretty : {false, true}) {
        if (pretty && format == classad::AdFormat::kOld) continue;  // no pretty old form
        classad::AdWriteOptions options;
        options.format = format;
        options.order = classad::AttributeOrder::kInsertion;
        options.pretty = pretty;
        TripThrough(*ad, options);
      }
    }
  }
  return 0;
}
