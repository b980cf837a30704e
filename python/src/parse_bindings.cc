// Parsing ad texts and files (parseAds, parseOne, parseNext, the bulk
// dump reader) and quote/unquote.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "classad/ad_io.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "python/src/bindings.h"
#include "python/src/py_values.h"

namespace py = pybind11;

namespace classad_python {

namespace {

// HTCondor's ParserType values as our formats (Auto -1, Old 0, XML 1,
// JSON 2, New 3, FileAuto 4).
classad::AdFormat FormatOf(int parser) {
  switch (parser) {
    case -1: case 4: return classad::AdFormat::kAuto;
    case 0: return classad::AdFormat::kOld;
    case 2: return classad::AdFormat::kJson;
    case 3: return classad::AdFormat::kNew;
    case 1: throw ClassAdError("ParserType.XML is not supported");
    default: throw py::value_error("unknown parser type " + std::to_string(parser));
  }
}

py::list Handles(std::vector<std::shared_ptr<classad::ClassAd>>&& ads) {
  py::list out;
  for (auto& ad : ads) {
    AdHandle handle;
    handle.ad = std::move(ad);
    out.append(std::move(handle));
  }
  return out;
}

// Every ad of `text`, the GIL released while reading; ValueError (as
// classad2's parsers raise) with where the text is wrong.
py::list ParseText(const std::string& text, int parser) {
  classad::AdReadOptions options;
  options.format = FormatOf(parser);
  classad::Result<std::vector<std::shared_ptr<classad::ClassAd>>> ads = classad::Status();
  {
    py::gil_scoped_release release;
    ads = classad::ReadAdsFromString(text, options, "<string>");
  }
  if (!ads.ok()) {
    throw py::value_error("Unable to parse input stream into a ClassAd: " +
                          ads.status().ToString());
  }
  return Handles(std::move(ads).value());
}

// Every ad of the file at `path` (a condor_status/condor_q -long or -json
// dump), read without the GIL into one arena.
py::list ParseFile(const std::string& path, int parser) {
  classad::AdReadOptions options;
  options.format = FormatOf(parser);
  options.use_arena = true;
  classad::Result<std::vector<std::shared_ptr<classad::ClassAd>>> ads = classad::Status();
  {
    py::gil_scoped_release release;
    ads = classad::ReadAdsFromFile(path, options);
  }
  if (!ads.ok()) {
    if (ads.status().code() == classad::StatusCode::kIoError) {
      PyErr_SetString(PyExc_OSError, ads.status().ToString().c_str());
      throw py::error_already_set();
    }
    throw py::value_error("Unable to parse input stream into a ClassAd: " +
                          ads.status().ToString());
  }
  return Handles(std::move(ads).value());
}

// classad2's one-ad-at-a-time parse (its _classad_parse_next): a text
// read ad by ad, with the bytes consumed after each (so that a file
// object can be left just past the last ad read).
class AdStream {
 public:
  AdStream(std::string text, int parser)
      : text_(std::move(text)), options_(OptionsFor(parser)),
        reader_(std::make_unique<classad::AdReader>(text_, "<string>", options_)) {}

  // The next ad, or None at the end; ValueError where the text is wrong.
  py::object Next() {
    std::shared_ptr<classad::ClassAd> ad;
    if (!reader_->Next(&ad)) {
      if (!reader_->status().ok()) {
        throw py::value_error("Unable to parse input stream into a ClassAd: " +
                              reader_->status().ToString());
      }
      return py::none();
    }
    AdHandle handle;
    handle.ad = std::move(ad);
    return py::cast(std::move(handle));
  }
  // UTF-8 bytes of the text consumed so far.
  size_t offset() const { return reader_->offset(); }

 private:
  static classad::AdReadOptions OptionsFor(int parser) {
    classad::AdReadOptions options;
    options.format = FormatOf(parser);
    return options;
  }
  std::string text_;
  classad::AdReadOptions options_;
  std::unique_ptr<classad::AdReader> reader_;  // reads text_
};

std::string Quote(std::string_view text) {
  std::string out;
  classad::AppendQuotedString(text, '"', &out);
  return out;
}

std::string Unquote(std::string_view text) {
  auto parsed = classad::ParseExpression(text);
  if (!parsed.ok()) throw py::value_error("Invalid string to unquote");
  const classad::Expr& expr = **parsed;
  if (expr.kind() != classad::ExprKind::kLiteral) {
    throw py::value_error("String does not parse to a ClassAd literal");
  }
  if (!expr.literal().IsString()) throw py::value_error("ClassAd literal is not a string value");
  return std::string(expr.literal().string());
}

}  // namespace

void RegisterParsing(py::module_& m) {
  m.def("parse_text", &ParseText, py::arg("text"), py::arg("parser") = -1);
  m.def("parse_file", &ParseFile, py::arg("path"), py::arg("parser") = -1);
  py::class_<AdStream>(m, "AdStream", "A text read one ad at a time (parseAds, parseNext).")
      .def(py::init<std::string, int>(), py::arg("text"), py::arg("parser") = -1)
      .def("next", &AdStream::Next)
      .def("offset", &AdStream::offset);
  m.def("quote", &Quote);
  m.def("unquote", &Unquote);
}

}  // namespace classad_python
