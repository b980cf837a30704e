// libFuzzer target: reading ads with classad/ad_io.h. The first input byte
// chooses how: bits 0-1 the format (auto, new, old, JSON), bit 2 streaming
// from an std::istream instead of a string, bit 3 the strict lexer. Every ad
// read must unparse; a failure must be a located parse or limit error.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "classad/ad_io.h"
#include "classad/unparse.h"
#include "fuzz/fuzz_util.h"

namespace {

// The reading options the selector byte asks for.
classad::AdReadOptions OptionsFor(uint8_t selector) {
  static constexpr classad::AdFormat kFormats[] = {
      classad::AdFormat::kAuto, classad::AdFormat::kNew, classad::AdFormat::kOld,
      classad::AdFormat::kJson};
  classad::AdReadOptions options;
  options.format = kFormats[selector & 3];
  options.parse.compat = (selector & 8) == 0;
  return options;
}

// Reads every ad with `reader`, unparsing each, and checks the final status.
void Drain(classad::AdReader* reader, std::string_view text) {
  std::shared_ptr<classad::ClassAd> ad;
  while (reader->Next(&ad)) {
    classad_fuzz::Check(ad != nullptr, "AdReader::Next gave a null ad", text);
    std::string unparsed = classad::UnparseAd(*ad);
    classad_fuzz::Check(!unparsed.empty(), "UnparseAd gave empty text", text);
  }
  classad_fuzz::Check(!reader->Next(&ad), "AdReader::Next succeeded after the end", text);
  const classad::Status& status = reader->status();
  if (status.ok()) return;
  classad_fuzz::Check(status.code() == classad::StatusCode::kParseError ||
                          status.code() == classad::StatusCode::kLimitExceeded,
                      "read failure with an unexpected status code", text, status.ToString());
  classad_fuzz::Check(!status.message().empty(), "read failure without a message", text);
  classad_fuzz::Check(status.where().line >= 1, "read failure without a line", text,
                      status.ToString());
}

}  // namespace

// Entry point: selector byte, then the text of the ads.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t selector = data[0];
  const std::string_view text = classad_fuzz::AsText(data + 1, size - 1);
  const classad::AdReadOptions options = OptionsFor(selector);
  if (selector & 4) {
    std::istringstream in{std::string(text)};
    classad::AdReader reader(&in, "<fuzz>", options);
    Drain(&reader, text);
  } else {
    classad::AdReader reader(text, "<fuzz>", options);
    Drain(&reader, text);
    // The all-or-nothing reader must agree with the streaming one.
    classad::Result<std::vector<std::shared_ptr<classad::ClassAd>>> all =
        classad::ReadAdsFromString(text, options, "<fuzz>");
    classad_fuzz::Check(all.ok() == reader.status().ok(),
                        "ReadAdsFromString and AdReader disagree on success", text,
                        all.ok() ? reader.status().ToString() : all.status().ToString());
  }
  return 0;
}
