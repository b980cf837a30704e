#include "tests/conformance_runner.h"

#include <fstream>
#include <sstream>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"

namespace classad::testing {

Result<std::vector<ConformanceCase>> LoadCases(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Status(StatusCode::kIoError, "cannot open " + path);
  std::vector<ConformanceCase> cases;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    size_t start = 0;
    for (;;) {
      size_t tab = line.find('\t', start);
      if (tab == std::string::npos) {
        fields.push_back(line.substr(start));
        break;
      }
      fields.push_back(line.substr(start, tab - start));
      start = tab + 1;
    }
    if (fields.size() != 6 && fields.size() != 7) {
      return Status(StatusCode::kParseError, "expected 6 or 7 tab-separated fields",
                    {path, line_no, 1});
    }
    cases.push_back({fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]});
  }
  return cases;
}

Result<const ClassAd*> AdLibrary::Get(const std::string& name) {
  if (name == "-") return static_cast<const ClassAd*>(nullptr);
  auto it = ads_.find(name);
  if (it != ads_.end()) return static_cast<const ClassAd*>(it->second.get());
  std::ifstream in(dir_ + "/" + name);
  if (!in) return Status(StatusCode::kIoError, "cannot open " + dir_ + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  Result<std::shared_ptr<ClassAd>> ad = ParseAd(text.str());
  if (!ad.ok()) return ad.status().WithOrigin(dir_ + "/" + name, 1, 1);
  ads_[name] = *ad;
  return static_cast<const ClassAd*>(ad->get());
}

std::string RunCaseWithLibrary(const ConformanceCase& c, AdLibrary& ads, const LibraryPath& path) {
  const bool strict = c.kind == "eval-strict";
  ParseOptions parse_options;
  parse_options.compat = !strict;
  parse_options.fast_path = path.fast_path;
  Result<ExprPtr> expr = ParseExpression(c.expression, parse_options);
  if (!expr.ok()) return "PARSE_ERROR";
  if (c.kind == "unparse") return Unparse(**expr);
  if (c.kind == "parse-error") return "parsed: " + Unparse(**expr);
  Result<const ClassAd*> my = ads.Get(c.my_ad);
  Result<const ClassAd*> target = ads.Get(c.target_ad);
  if (!my.ok()) return "AD_ERROR " + my.status().ToString();
  if (!target.ok()) return "AD_ERROR " + target.status().ToString();
  EvalOptions options;
  options.mode = strict ? ScopingMode::kStrict : ScopingMode::kCompat;
  options.compiled = path.compiled;
  options.now = [] { return int64_t{1700000000}; };
  return UnparseValue(EvaluateExpr(**expr, *my, *target, options));
}

}  // namespace classad::testing
