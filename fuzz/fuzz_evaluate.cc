// libFuzzer target: parse an expression, then evaluate it against the
// conformance job and slot ads in both scoping modes (and with no ads, the
// daemons' functions registered and not, as while a configuration is first
// read), with small limits so that expensive inputs end quickly; every
// result unparses.
// Each evaluation runs twice, through the compiled programs and through the
// tree walker alone: unless a limit was reached (the two paths count work
// differently) or the input may draw random numbers, any difference between
// the two results is a finding. The bound programs run against packed copies
// of the ads (AttributePacker: attributes stored in another order), which
// must change no result. Attributes bound by overlays (classad/overlay.h,
// as the negotiator binds its ephemeral attributes) must give what the
// same attributes inserted into copies of the ads give.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "classad/evaluator.h"
#include "classad/load_cache.h"
#include "classad/overlay.h"
#include "classad/program.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "fuzz/conformance_ads.h"
#include "fuzz/fuzz_util.h"

namespace {

// The fixed MY/TARGET ads, parsed once, packed copies of them, overlays
// over each, and copies with the overlays' attributes inserted.
struct Ads {
  std::shared_ptr<const classad::ClassAd> job;
  std::shared_ptr<const classad::ClassAd> machine;
  std::shared_ptr<const classad::ClassAd> packed_job;
  std::shared_ptr<const classad::ClassAd> packed_machine;
  std::shared_ptr<classad::AttributeOverlay> job_overlay;
  std::shared_ptr<classad::AttributeOverlay> machine_overlay;
  std::shared_ptr<const classad::ClassAd> inserted_job;
  std::shared_ptr<const classad::ClassAd> inserted_machine;
};

// What the computed overlay entry gives (a live value, as
// RemoteUserResourcesInUse is).
classad::Value LiveUsage(const void*) { return classad::Value::Real(7.5); }

// An overlay over the job ad (a shadowed attribute, new ones, an absent
// one) or over the machine ad (the same, and a computed one).
std::shared_ptr<classad::AttributeOverlay> MakeOverlay(bool machine) {
  auto overlay = std::make_shared<classad::AttributeOverlay>();
  if (machine) {
    overlay->Set(overlay->Add("Memory"), classad::Value::Integer(512));
    overlay->Set(overlay->Add("RemoteUserPrio"), classad::Value::Real(150.5));
    overlay->Set(overlay->Add("RemoteGroup"), classad::Value::String("group_b"));
    overlay->Compute(overlay->Add("RemoteUserResourcesInUse"), &LiveUsage, nullptr);
    overlay->Add("RemoteGroupQuota");  // absent
  } else {
    overlay->Set(overlay->Add("Owner"), classad::Value::String("bob"));
    overlay->Set(overlay->Add("SubmitterUserPrio"), classad::Value::Real(500));
    overlay->Set(overlay->Add("SubmitterGroup"), classad::Value::String("group_b"));
    overlay->Set(overlay->Add("SubmitterAutoregroup"), classad::Value::Boolean(false));
    overlay->Add("SubmitterGroupQuota");  // absent
  }
  return overlay;
}

// A copy of `ad` with the present attributes of `overlay` inserted.
std::shared_ptr<classad::ClassAd> Inserted(const classad::ClassAd& ad,
                                           const classad::AttributeOverlay& overlay) {
  auto copy = std::make_shared<classad::ClassAd>(ad);
  for (size_t i = 0; i < overlay.size(); ++i) {
    const classad::AttributeOverlay::Entry& e = overlay.entry(i);
    if (!e.present) continue;
    classad::Value scratch;
    copy->InsertValue(e.name, *e.Get(&scratch));
  }
  return copy;
}

// Parses an embedded ad; a failure is a broken build, not a finding.
std::shared_ptr<classad::ClassAd> MustParse(std::string_view text) {
  classad::Result<std::shared_ptr<classad::ClassAd>> ad = classad::ParseAd(text);
  if (!ad.ok()) classad_fuzz::Finding("embedded ad does not parse", ad.status().ToString());
  return *ad;
}

// `text` parsed and packed (PackEveryOtherName).
std::shared_ptr<classad::ClassAd> MustParsePacked(std::string_view text) {
  std::shared_ptr<classad::ClassAd> ad = MustParse(text);
  classad_fuzz::PackEveryOtherName(ad.get());
  return ad;
}

// The ads, built on first use and never changed.
const Ads& TheAds() {
  static const Ads ads = [] {
    Ads a{MustParse(classad_fuzz::kJobAdText), MustParse(classad_fuzz::kMachineAdText),
          MustParsePacked(classad_fuzz::kJobAdText),
          MustParsePacked(classad_fuzz::kMachineAdText),
          MakeOverlay(false),
          MakeOverlay(true),
          nullptr,
          nullptr};
    a.inserted_job = Inserted(*a.job, *a.job_overlay);
    a.inserted_machine = Inserted(*a.machine, *a.machine_overlay);
    return a;
  }();
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

// Whether `text` may call random() (whose results differ run to run).
bool MayDrawRandomNumbers(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("random") != std::string::npos;
}

// Evaluates `expr` with MY = `my` (an empty ad when null) and TARGET =
// `target`, and unparses the result; sets *limited when a limit was reached.
// With `bound`, runs the program Program::CompileBound makes for MY instead,
// with a LoadCache attached (as MatchKernel runs it), twice: the second run
// takes every position from what the first learned.
std::string EvaluateWith(const classad::Expr& expr, std::string_view text,
                         const classad::ClassAd* my, const classad::ClassAd* target,
                         const classad::EvalOptions& options, bool bound, bool* limited) {
  const classad::ClassAd empty;
  const classad::ClassAd& mine = my != nullptr ? *my : empty;
  classad::MatchContext match(&mine, target);
  classad::EvalContext ctx(options, classad::BorrowScope(match.my_scope()));
  classad::Value value;
  if (bound) {
    const std::unique_ptr<classad::Program> program = classad::Program::CompileBound(expr, mine);
    classad::LoadCache cache;
    ctx.UseLoadCache(&cache);
    const std::string first = classad::UnparseValue(ctx.EvaluateBound(*program, expr));
    const bool first_limited = !ctx.limit_message().empty();
    ctx.Restart();
    value = ctx.EvaluateBound(*program, expr);
    if (!first_limited && ctx.limit_message().empty() && !MayDrawRandomNumbers(text)) {
      classad_fuzz::Check(first == classad::UnparseValue(value),
                          "a run with learned load positions differs from the first", text,
                          first + "\n" + classad::UnparseValue(value));
    }
  } else {
    value = ctx.Evaluate(expr);
  }
  *limited = !ctx.limit_message().empty();
  return classad::UnparseValue(value);
}

// Evaluates `expr` three ways (compiled, compiled with MY's literals bound
// and a load cache against the packed copies of the ads, tree walker),
// checks the results unparse and agree.
void EvaluateOnce(const classad::Expr& expr, std::string_view text, const classad::ClassAd* my,
                  const classad::ClassAd* target, const classad::ClassAd* packed_my,
                  const classad::ClassAd* packed_target, classad::EvalOptions options) {
  bool compiled_limited = false, bound_limited = false, tree_limited = false;
  options.compiled = true;
  const std::string compiled =
      EvaluateWith(expr, text, my, target, options, false, &compiled_limited);
  classad_fuzz::Check(!compiled.empty(), "UnparseValue gave empty text", text);
  const std::string bound =
      EvaluateWith(expr, text, packed_my, packed_target, options, true, &bound_limited);
  options.compiled = false;
  const std::string tree = EvaluateWith(expr, text, my, target, options, false, &tree_limited);
  if (compiled_limited || bound_limited || tree_limited || MayDrawRandomNumbers(text)) return;
  classad_fuzz::Check(compiled == tree, "the compiled path and the tree walker disagree", text,
                      "compiled: " + compiled + "\ntree walker: " + tree);
  classad_fuzz::Check(bound == tree, "the bound program and the tree walker disagree", text,
                      "bound: " + bound + "\ntree walker: " + tree);
}

// Evaluates `expr` with MY = `my` and TARGET = `target` under the overlays
// `mine` and `theirs`; sets *limited when a limit was reached.
std::string EvaluateOverlaid(const classad::Expr& expr, const classad::ClassAd& my,
                             const classad::ClassAd& target,
                             const classad::AttributeOverlay* mine,
                             const classad::AttributeOverlay* theirs,
                             const classad::EvalOptions& options, bool* limited) {
  classad::MatchContext match(&my, &target);
  match.SetOverlays(mine, theirs);
  classad::EvalContext ctx(options, classad::BorrowScope(match.my_scope()));
  const std::string result = classad::UnparseValue(ctx.Evaluate(expr));
  *limited = !ctx.limit_message().empty();
  return result;
}

// The overlays' oracle: overlays over the ads (compiled and tree walker)
// give what copies of the ads with the attributes inserted give. Results
// that hold an ad are not compared (an ad value prints the ad itself,
// which the overlay leaves unchanged by design).
void CheckOverlays(const classad::Expr& expr, std::string_view text, bool job_is_my,
                   classad::EvalOptions options) {
  const Ads& ads = TheAds();
  const classad::ClassAd& my = job_is_my ? *ads.job : *ads.machine;
  const classad::ClassAd& target = job_is_my ? *ads.machine : *ads.job;
  const classad::AttributeOverlay* mine =
      job_is_my ? ads.job_overlay.get() : ads.machine_overlay.get();
  const classad::AttributeOverlay* theirs =
      job_is_my ? ads.machine_overlay.get() : ads.job_overlay.get();
  const classad::ClassAd& inserted_my = job_is_my ? *ads.inserted_job : *ads.inserted_machine;
  const classad::ClassAd& inserted_target = job_is_my ? *ads.inserted_machine : *ads.inserted_job;
  bool limited[3] = {false, false, false};
  options.compiled = true;
  const std::string overlaid = EvaluateOverlaid(expr, my, target, mine, theirs, options, &limited[0]);
  const std::string inserted =
      EvaluateOverlaid(expr, inserted_my, inserted_target, nullptr, nullptr, options, &limited[1]);
  options.compiled = false;
  const std::string tree = EvaluateOverlaid(expr, my, target, mine, theirs, options, &limited[2]);
  if (limited[0] || limited[1] || limited[2] || MayDrawRandomNumbers(text)) return;
  if (inserted.find('[') != std::string::npos || overlaid.find('[') != std::string::npos) return;
  classad_fuzz::Check(overlaid == inserted, "overlays and inserted attributes disagree", text,
                      "overlays: " + overlaid + "\ninserted: " + inserted);
  classad_fuzz::Check(tree == overlaid, "overlays: the compiled path and the tree walker disagree",
                      text, "compiled: " + overlaid + "\ntree walker: " + tree);
}

}  // namespace

// Entry point: the input is one expression (compat lexer).
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Ads& ads = TheAds();
  classad::Result<classad::ExprPtr> parsed =
      classad::ParseExpression(classad_fuzz::AsText(data, size));
  if (!parsed.ok()) return 0;
  const classad::Expr& expr = **parsed;
  const std::string_view text = classad_fuzz::AsText(data, size);
  for (classad::ScopingMode mode : {classad::ScopingMode::kCompat, classad::ScopingMode::kStrict}) {
    const classad::EvalOptions options = OptionsFor(mode);
    EvaluateOnce(expr, text, ads.job.get(), ads.machine.get(), ads.packed_job.get(),
                 ads.packed_machine.get(), options);
    EvaluateOnce(expr, text, ads.machine.get(), ads.job.get(), ads.packed_machine.get(),
                 ads.packed_job.get(), options);
    CheckOverlays(expr, text, /*job_is_my=*/true, options);
    CheckOverlays(expr, text, /*job_is_my=*/false, options);
  }
  classad::EvalOptions no_ads = OptionsFor(classad::ScopingMode::kCompat);
  EvaluateOnce(expr, text, nullptr, nullptr, nullptr, nullptr, no_ads);
  // As while a configuration is first read: the daemons' functions unknown.
  no_ads.daemon_functions_registered = false;
  EvaluateOnce(expr, text, nullptr, nullptr, nullptr, nullptr, no_ads);
  return 0;
}
