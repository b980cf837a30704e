// classad_eval: evaluates ClassAd expressions, compatible with HTCondor's
// tool of the same name.
//
// Arguments are handled left to right. An argument that parses as an ad
// (`[ a = 1; b = 2 ]`, or `a = 1; b = 2` once wrapped in brackets) updates
// the context ad, which starts empty; any other argument is an expression:
// the context ad is printed first when it changed since the last
// expression (unless -quiet was seen), then the expression's value.
//
//   classad_eval 'x = y' 'y = 7' 'x'      prints  [ x = y; y = 7 ]  then  7
//
// Options (HTCondor's): -quiet, -file/-my-file <f> (replaces the context
// ad), -target-file <f> (the TARGET ad), -debug, -help. Files hold new- or
// old-syntax ads or JSON; only the first ad is used.
//
// Additions for bulk and conformance use; they apply to the whole run
// wherever they appear (files are always read with the compat lexer):
//   -stdin    after the arguments, read one expression per line from stdin
//             and print exactly one line for each: its value, or a line
//             starting with PARSE_ERROR and the reason;
//   -strict   the library's strict scoping and lexer (default: compat);
//   -unparse  print the canonical form of each expression, not its value;
//   -json     read -file/-target-file as JSON without detection.
//
// Exit status: 0 on success; 1 when a file or argument cannot be turned into
// an ad or expression; 255 for a bad command line (and after -help).
// Output does not depend on the locale: the C locale is never changed.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classad/ad_io.h"
#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/text_cache.h"
#include "classad/unparse.h"
#include "tools/tool_version.h"

namespace {

using classad::AdFormat;
using classad::ClassAd;
using classad::ExprPtr;
using classad::Result;
using classad::Status;

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 255;

constexpr const char* kProgram = "classad_eval";

void PrintUsage(FILE* out) {
  std::fprintf(out,
               "Usage: %s [options] <ad|assignment|expr>[ <ad|assignment|expr>]*\n"
               "\n"
               "Evaluate ClassAd expressions.\n"
               "Ads and assignments modify the ClassAd context.\n"
               "\n"
               "Where [options] is one of\n"
               "\t-[my-]file   <file>\tA file containing the initial ClassAd context\n"
               "\t-target-file <file>\tA file containing the target ClassAd\n"
               "\t-debug             \tEnable debug mode\n"
               "\t-help              \tPrint this screen and exit\n"
               "\t-version           \tPrint the version and exit\n"
               "\n"
               "Flags may replace expressions or assignments:\n"
               "\t-quiet             \tDon't print the ClassAd context after this flag\n"
               "\n"
               "Modes (anywhere on the command line):\n"
               "\t-stdin             \tAfter the arguments, evaluate one expression per line\n"
               "\t                   \tof standard input, printing one line for each\n"
               "\t-strict            \tStrict scoping and lexer instead of HTCondor's compat mode\n"
               "\t-unparse           \tPrint expressions in canonical form instead of their values\n"
               "\t-json              \tRead ad files as JSON\n"
               "\t-lint              \tAfter a value that depended on one of HTCondor's quirks,\n"
               "\t                   \tname it on standard error (policy_lint's check)\n",
               kProgram);
}

// One line of output, never containing a line break.
std::string OneLine(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return text;
}

class ClassAdEval {
 public:
  int Run(const std::vector<std::string>& args) {
    for (const std::string& arg : args) {
      if (arg == "-strict") strict_ = true;
      if (arg == "-unparse") unparse_ = true;
      if (arg == "-stdin") batch_ = true;
      if (arg == "-json") json_ = true;
      if (arg == "-lint") lint_ = true;
    }
    if (lint_) eval_options_.quirk_notes = &quirk_notes_;
    parse_options_.compat = !strict_;
    eval_options_.mode = strict_ ? classad::ScopingMode::kStrict : classad::ScopingMode::kCompat;
    // Each expression is evaluated once: the tree walker, which gives the
    // same values as the compiled programs, saves compiling one.
    eval_options_.compiled = false;
    my_ad_ = std::make_shared<ClassAd>();

    for (size_t i = 0; i < args.size(); ++i) {
      const std::string& arg = args[i];
      if (arg == "-quiet") {
        quiet_ = true;
      } else if (arg == "-file" || arg == "-my-file" || arg == "-target-file") {
        if (i + 1 >= args.size()) {
          std::fprintf(stderr, "%s: %s requires an argument\n", kProgram, arg.c_str());
          return kExitUsage;
        }
        std::shared_ptr<ClassAd> ad;
        int status = ReadFirstAd(args[++i], &ad);
        if (status != kExitOk) return status;
        (arg == "-target-file" ? target_ad_ : my_ad_) = std::move(ad);
      } else if (arg == "-debug" || arg == "-strict" || arg == "-unparse" || arg == "-stdin" ||
                 arg == "-json" || arg == "-lint") {
        // -debug has nothing to show here; the modes were read above.
      } else if (arg == "-help") {
        Flush();
        PrintUsage(stdout);
        return kExitUsage;
      } else {
        int status = HandleArgument(arg);
        if (status != kExitOk) return status;
      }
    }
    Flush();
    if (batch_) RunBatch();
    return kExitOk;
  }

 private:
  // An ad or assignment updates the context; anything else is evaluated.
  int HandleArgument(const std::string& arg) {
    Result<std::shared_ptr<ClassAd>> ad = classad::ParseAd(arg, parse_options_);
    if (!ad.ok()) ad = classad::ParseAd("[" + arg + "]", parse_options_);
    if (ad.ok()) {
      for (const classad::Attribute& attribute : (*ad)->Attributes()) {
        my_ad_->Insert(attribute.name, attribute.expr);
      }
      updated_ = true;
      return kExitOk;
    }
    if (updated_) {
      updated_ = false;
      if (!quiet_) {
        classad::UnparseAdTo(*my_ad_, &output_);
        output_.push_back('\n');
      }
    }
    Result<ExprPtr> expr = classad::ParseExpression(arg, parse_options_);
    if (!expr.ok()) {
      Flush();
      std::fprintf(stderr, "Unable to turn '%s' into a ClassAd or an expression.\n  %s\n", arg.c_str(),
                   expr.status().ToString().c_str());
      return kExitFailure;
    }
    output_ += ResultLine(**expr);
    output_.push_back('\n');
    return kExitOk;
  }

  // The value of `expr` in the current context (or its canonical form).
  // With -lint, the quirks the evaluation went through are named on
  // standard error.
  std::string ResultLine(const classad::Expr& expr) {
    if (unparse_) return OneLine(classad::Unparse(expr));
    quirk_notes_.Clear();
    classad::Value value =
        classad::EvaluateExpr(expr, my_ad_.get(), target_ad_.get(), eval_options_);
    for (classad::Quirk quirk : quirk_notes_.List()) {
      std::fprintf(stderr, "%s: note: %s depended on HTCondor's quirk %.*s: %.*s\n", kProgram,
                   OneLine(classad::Unparse(expr)).c_str(),
                   static_cast<int>(classad::QuirkName(quirk).size()), classad::QuirkName(quirk).data(),
                   static_cast<int>(classad::QuirkDescription(quirk).size()),
                   classad::QuirkDescription(quirk).data());
    }
    return OneLine(classad::UnparseValue(value));
  }

  // Reads the first ad of `path`. Like HTCondor's tool (which parses the
  // text as a new-syntax ad, else as one with `[` and `]` around it), a
  // file of bare `a = 1; b = 2` is read as those attributes; old syntax
  // (`condor_q -long`), which HTCondor's tool does not read, is read as
  // HTCondor's daemons read it.
  int ReadFirstAd(const std::string& path, std::shared_ptr<ClassAd>* ad) {
    classad::AdReadOptions options;
    options.format = json_ ? AdFormat::kJson : AdFormat::kAuto;
    // Files come from HTCondor's tools: always read them with the compat
    // lexer (a superset of the strict one), whatever the mode.
    options.parse = file_parse_options_;
    auto reader = classad::AdReader::OpenFile(path, options);
    if (!reader.ok()) {
      Flush();
      std::fprintf(stderr, "%s: %s\n", kProgram, reader.status().message().c_str());
      return kExitFailure;
    }
    const bool read = (*reader)->Next(ad);
    if ((*reader)->format() == AdFormat::kOld && TryBareAttributes(path, ad)) return kExitOk;
    if (read) return kExitOk;
    Status status = (*reader)->status();
    if (status.ok()) status = Status(classad::StatusCode::kParseError, "the file holds no ad");
    Flush();
    std::fprintf(stderr, "Unable to turn file '%s' into a ClassAd.\n  %s\n", path.c_str(),
                 status.ToString().c_str());
    return kExitFailure;
  }

  bool TryBareAttributes(const std::string& path, std::shared_ptr<ClassAd>* ad) const {
    FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) return false;
    std::string text = "[";
    char buffer[1 << 16];
    size_t got;
    while ((got = std::fread(buffer, 1, sizeof(buffer), file)) > 0) {
      text.append(buffer, got);
      if (text.size() > parse_options_.limits.max_input_bytes) break;
    }
    std::fclose(file);
    if (text.size() > parse_options_.limits.max_input_bytes) return false;
    text += "\n]";
    Result<std::shared_ptr<ClassAd>> parsed = classad::ParseAd(text, file_parse_options_);
    if (!parsed.ok()) return false;
    *ad = std::move(parsed).value();
    return true;
  }

  // -stdin: one expression per line, exactly one output line per input.
  // Reads with read(2) so that a caller may feed lines one at a time and
  // wait for each answer: the answers to what one read returned are
  // written before the next read.
  void RunBatch() {
    const size_t limit = parse_options_.limits.max_input_bytes;
    std::string line;
    bool too_long = false;
    char buffer[1 << 16];
    for (;;) {
      ssize_t got = ::read(STDIN_FILENO, buffer, sizeof(buffer));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) break;
      size_t size = static_cast<size_t>(got);
      size_t start = 0;
      for (;;) {
        const void* newline = std::memchr(buffer + start, '\n', size - start);
        size_t end = newline ? static_cast<size_t>(static_cast<const char*>(newline) - buffer) : size;
        if (!too_long) {
          if (line.size() + (end - start) > limit) {
            too_long = true;
            line.clear();
          } else {
            line.append(buffer + start, end - start);
          }
        }
        if (newline == nullptr) break;
        EmitBatchLine(line, too_long);
        line.clear();
        too_long = false;
        start = end + 1;
      }
      Flush();
    }
    if (!line.empty() || too_long) EmitBatchLine(line, too_long);
    Flush();
  }

  void EmitBatchLine(const std::string& text, bool too_long) {
    output_ += too_long ? "PARSE_ERROR: expression is longer than the limit of " +
                              std::to_string(parse_options_.limits.max_input_bytes) + " bytes"
                        : BatchLine(text);
    output_.push_back('\n');
  }

  std::string BatchLine(const std::string& text) {
    try {
      // Lines that recur are parsed once more and then never again; distinct
      // lines cost the cache one hash (classad/text_cache.h).
      Result<ExprPtr> expr = classad::ParseExpressionCached(text, parse_options_, &line_cache_);
      if (!expr.ok()) return "PARSE_ERROR: " + OneLine(expr.status().ToString());
      return ResultLine(**expr);
    } catch (const std::exception& e) {
      // Keep the one-line-per-input contract even if something throws.
      return "INTERNAL_ERROR: " + OneLine(e.what());
    }
  }

  void Flush() {
    if (!output_.empty()) std::fwrite(output_.data(), 1, output_.size(), stdout);
    output_.clear();
    std::fflush(stdout);
  }

  classad::ParseOptions parse_options_;       // arguments and -stdin lines
  classad::ParseOptions file_parse_options_;  // -file and -target-file
  classad::EvalOptions eval_options_;
  classad::QuirkNotes quirk_notes_;  // with -lint: what the last evaluation noted
  std::shared_ptr<ClassAd> my_ad_;
  std::shared_ptr<ClassAd> target_ad_;
  classad::TextCache<ExprPtr> line_cache_;  // -stdin lines, parsed with parse_options_
  std::string output_;
  bool quiet_ = false;
  bool updated_ = true;  // print the context before the first expression
  bool strict_ = false;
  bool unparse_ = false;
  bool batch_ = false;
  bool json_ = false;
  bool lint_ = false;
};

}  // namespace

int main(int argc, char** argv) {
  if (tools::AsksForVersion(argc, argv)) {
    std::fputs(tools::VersionLine(kProgram).c_str(), stdout);
    return kExitOk;
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  return ClassAdEval().Run(args);
}
