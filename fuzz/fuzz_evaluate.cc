// libFuzzer target: parse an expression, then evaluate it against the
// conformance job and slot ads in both scoping modes (and with no ads), with
// small limits so that expensive inputs end quickly; every result unparses.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "fuzz/conformance_ads.h"
#include "fuzz/fuzz_util.h"

namespace {

// The fixed MY/TARGET ads, parsed once.
struct Ads {
  std::shared_ptr<const classad::ClassAd> job;
  std::shared_ptr<const classad::ClassAd> machine;
};

// Parses an embedded ad; a failure is a broken build, not a finding.
std::shared_ptr<classad::ClassAd> MustParse(std::string_view text) {
  classad::Result<std::shared_ptr<classad::ClassAd>> ad = classad::ParseAd(text);
  if (!ad.ok()) classad_fuzz::Finding("embedded ad does not parse", ad.status().ToString());
  return *ad;
}

// The ads, built on first use and never changed.
const Ads& TheAds() {
  static const Ads ads{MustParse(classad_fuzz::kJobAdText),
                       MustParse(classad_fuzz::kMachineAdText)};
  return ads;
}

// Evaluation options for `mode`: small budgets and a fixed clock.
classad::EvalOptions OptionsFor(classad::ScopingMode mode) {
  classad::EvalOptions options;
  options.mode = mode;
  options.limits.max_eval_steps = 100'000;
  options.limits.max_string_bytes = size_t{1} << 20;
  options.limits.max_list_items = size_t{1} << 16;
  options.now = [] { return int64_t{1'732'000'000}; };
  return options;
}

// Evaluates `expr` with the given ads and unparses the result.
void EvaluateOnce(const classad::Expr& expr, const classad::ClassAd* my,
                  const classad::ClassAd* target, const classad::EvalOptions& options) {
  classad::Value value = classad::EvaluateExpr(expr, my, target, options);
  std::string text = classad::UnparseValue(value);
  classad_fuzz::Check(!text.empty(), "UnparseValue gave empty text");
}

}  // namespace

// Entry point: the input is one expression (compat lexer).
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Ads& ads = TheAds();
  classad::Result<classad::ExprPtr> parsed =
      classad::ParseExpression(classad_fuzz::AsText(data, size));
  if (!parsed.ok()) return 0;
  const classad::Expr& expr = **parsed;
  for (classad::ScopingMode mode : {classad::ScopingMode::kCompat, classad::ScopingMode::kStrict}) {
    const classad::EvalOptions options = OptionsFor(mode);
    EvaluateOnce(expr, ads.job.get(), ads.machine.get(), options);
    EvaluateOnce(expr, ads.machine.get(), ads.job.get(), options);
  }
  EvaluateOnce(expr, nullptr, nullptr, OptionsFor(classad::ScopingMode::kCompat));
  return 0;
}
