// Tests of the classad_eval tool: runs the built binary (CLASSAD_EVAL_BINARY)
// and checks its output, byte for byte, and its exit status.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tool_run.h"

namespace {

using test_tools::ShellQuote;
using test_tools::Slurp;
using test_tools::ToolRun;

std::string DataDir() { return CLASSAD_TEST_DATA_DIR; }
std::string ConformanceAd(const std::string& name) { return DataDir() + "/conformance/" + name; }
std::string Example(const std::string& name) { return DataDir() + "/../../examples/" + name; }

class ClassAdEvalToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = ::testing::TempDir() + "classad_eval_test_XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    ASSERT_NE(mkdtemp(buffer.data()), nullptr);
    dir_ = buffer.data();
  }
  void TearDown() override { std::system(("rm -rf " + ShellQuote(dir_)).c_str()); }

  // Writes `text` to a file in the test's directory and returns its path.
  std::string WriteFile(const std::string& name, const std::string& text) {
    std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  // Runs the tool with `args`, `input` on stdin, in the C locale and UTC
  // unless `environment` says otherwise.
  ToolRun RunTool(const std::vector<std::string>& args, const std::string& input = "",
              const std::string& environment = "TZ=UTC LC_ALL=C") {
    std::string in = WriteFile("stdin.txt", input);
    std::string command = "env " + environment + " " + ShellQuote(CLASSAD_EVAL_BINARY);
    for (const std::string& arg : args) command += " " + ShellQuote(arg);
    command += " < " + ShellQuote(in) + " > " + ShellQuote(dir_ + "/out.txt") + " 2> " +
               ShellQuote(dir_ + "/err.txt");
    int status = std::system(command.c_str());
    ToolRun run;
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.out = Slurp(dir_ + "/out.txt");
    run.err = Slurp(dir_ + "/err.txt");
    return run;
  }

  std::string dir_;
};

// ---------------------------------------------------------------- HTCondor's behaviour

// -lint names, on standard error, the HTCondor quirks a value depended on;
// the values printed are the same.
TEST_F(ClassAdEvalToolTest, LintNamesTheQuirksAValueDependedOn) {
  ToolRun plain = RunTool({"-quiet", "pow(3, 38)", "sum({ 1, 2 })"});
  ToolRun linted = RunTool({"-lint", "-quiet", "pow(3, 38)", "sum({ 1, 2 })"});
  EXPECT_EQ(linted.exit_code, 0);
  EXPECT_EQ(linted.out, plain.out);
  EXPECT_EQ(plain.err, "");
  EXPECT_NE(linted.err.find("pow(3,38) depended on HTCondor's quirk htcondor-quirk-integer-pow"),
            std::string::npos)
      << linted.err;
  EXPECT_EQ(linted.err.find("sum("), std::string::npos) << linted.err;
  ToolRun batch = RunTool({"-lint", "-stdin"}, "int(\"0x10\")\n1 + 1\n");
  EXPECT_EQ(batch.out, "16\n2\n");
  EXPECT_NE(batch.err.find("htcondor-quirk-conversion"), std::string::npos) << batch.err;
}

TEST_F(ClassAdEvalToolTest, AssignmentsBuildTheContextThenExpressionsPrintIt) {
  ToolRun run = RunTool({"x = y", "y = 7", "x"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "[ x = y; y = 7 ]\n7\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(ClassAdEvalToolTest, PrintsTheContextOnlyWhenItChanged) {
  // The manual page's example (our ads print in canonical attribute order).
  ToolRun run = RunTool({"x = y", "x", "y = 7", "x", "[ x = 6; z = \"foo\"; ]", "x", "x + 1"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out,
            "[ x = y ]\nundefined\n[ x = y; y = 7 ]\n7\n[ x = 6; y = 7; z = \"foo\" ]\n6\n7\n");
}

TEST_F(ClassAdEvalToolTest, QuietStopsPrintingTheContextFromWhereItAppears) {
  ToolRun run = RunTool({"x = y", "x", "-quiet", "y = 7", "x", "[ x = 6; z = \"foo\"; ]", "x"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "[ x = y ]\nundefined\n7\n6\n");
}

TEST_F(ClassAdEvalToolTest, AcceptsTheThreeWaysOfGivingAttributes) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"[ a = 2; b = 2 ]", "a + b"},
        std::vector<std::string>{"a = 2; b = 2", "a + b"},
        std::vector<std::string>{"a = 2", "b = 2", "a + b"}}) {
    ToolRun run = RunTool(args);
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.out, "[ a = 2; b = 2 ]\n4\n");
  }
  ToolRun run = RunTool({"a=2", "a*2"});
  EXPECT_EQ(run.out, "[ a = 2 ]\n4\n");
}

TEST_F(ClassAdEvalToolTest, AnExpressionWithoutContextPrintsTheEmptyAd) {
  ToolRun run = RunTool({"strcat(\"foo\", \"bar\")"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "[  ]\n\"foobar\"\n");
}

TEST_F(ClassAdEvalToolTest, NoArgumentsDoNothing) {
  ToolRun run = RunTool({});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "");
}

TEST_F(ClassAdEvalToolTest, ArgumentsThatLookLikeNegativeNumbersAreExpressions) {
  ToolRun run = RunTool({"-quiet", "-1", "-x"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "-1\nundefined\n");
}

// ---------------------------------------------------------------- files

TEST_F(ClassAdEvalToolTest, MyAndTargetFilesAreMatched) {
  ToolRun run = RunTool({"-quiet", "-my-file", ConformanceAd("job.ad"), "-target-file", ConformanceAd("machine.ad"),
                     "RequestMemory", "TARGET.Memory", "Memory", "Requirements", "TARGET.Requirements"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "2048\n16384\n16384\ntrue\ntrue\n");
}

TEST_F(ClassAdEvalToolTest, FileReplacesTheContextWithoutMarkingItChanged) {
  ToolRun run = RunTool({"a = 1", "a", "-file", Example("slot.ad"), "Cpus", "a"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "[ a = 1 ]\n1\n32\nundefined\n");

  run = RunTool({"-file", Example("slot.ad"), "Cpus"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.rfind("[ Arch = \"X86_64\"; Cpus = 32; ", 0), 0u) << run.out;
  EXPECT_EQ(run.out.substr(run.out.size() - 4), "\n32\n");
}

TEST_F(ClassAdEvalToolTest, ReadsOldSyntaxAndJsonFiles) {
  ToolRun run = RunTool({"-quiet", "-my-file", Example("job.old.ad"), "-target-file", Example("slot.json"),
                     "Requirements", "TARGET.Requirements", "Rank", "TARGET.Rank"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "true\ntrue\n2410\n10\n");

  std::string json = WriteFile("ad.json", "  {\"a\": 5, \"b\": \"\\/Expr(a * 2)\\/\"}\n");
  run = RunTool({"-quiet", "-json", "-file", json, "b"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "10\n");
}

TEST_F(ClassAdEvalToolTest, UsesOnlyTheFirstAdOfAFile) {
  std::string list = WriteFile("list.ad", "{\n[ a = 1 ]\n,\n[ a = 2 ]\n}\n");
  ToolRun run = RunTool({"-quiet", "-file", list, "a"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "1\n");
}

TEST_F(ClassAdEvalToolTest, AcceptsAFileOfBareAttributes) {
  std::string bare = WriteFile("bare.ad", "a = 1; b = a + 1\n");
  ToolRun run = RunTool({"-quiet", "-file", bare, "b"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "2\n");
}

// ---------------------------------------------------------------- batch mode

TEST_F(ClassAdEvalToolTest, StdinPrintsExactlyOneLinePerInput) {
  ToolRun run = RunTool({"-stdin"}, "1 + 1\nx\n\"a\" +\nstrcat(\"a\", \"b\")\n\n010\n\"tab\\there\"\n1 +");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> lines;
  std::stringstream out(run.out);
  for (std::string line; std::getline(out, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 8u) << run.out;
  EXPECT_EQ(lines[0], "2");
  EXPECT_EQ(lines[1], "undefined");
  EXPECT_EQ(lines[2].rfind("PARSE_ERROR", 0), 0u);
  EXPECT_EQ(lines[3], "\"ab\"");
  EXPECT_EQ(lines[4].rfind("PARSE_ERROR", 0), 0u);
  EXPECT_EQ(lines[5].rfind("PARSE_ERROR", 0), 0u);
  EXPECT_EQ(lines[6], "\"tab\\there\"");
  EXPECT_EQ(lines[7].rfind("PARSE_ERROR", 0), 0u);
  EXPECT_EQ(run.out.back(), '\n');
}

TEST_F(ClassAdEvalToolTest, StdinEvaluatesAgainstTheAdsAndNeverPrintsThem) {
  ToolRun run = RunTool({"-stdin", "-my-file", ConformanceAd("job.ad"), "-target-file",
                     ConformanceAd("machine.ad"), "extra = Owner"},
                    "RequestMemory\nTARGET.Memory\nOwner\nextra\n");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "2048\n16384\n\"alice\"\n\"alice\"\n");
}

TEST_F(ClassAdEvalToolTest, StrictModeHasNoTargetFallback) {
  std::vector<std::string> args = {"-stdin", "-my-file", ConformanceAd("job.ad"), "-target-file",
                                   ConformanceAd("machine.ad")};
  ToolRun compat = RunTool(args, "Memory\nTARGET.Memory\n");
  EXPECT_EQ(compat.out, "16384\n16384\n");
  args.push_back("-strict");
  ToolRun strict = RunTool(args, "Memory\nTARGET.Memory\n");
  EXPECT_EQ(strict.out, "undefined\n16384\n");
}

TEST_F(ClassAdEvalToolTest, StrictModeUsesTheStrictLexer) {
  ToolRun compat = RunTool({"-stdin"}, "strcat(\"a\"; \"b\")\n");
  EXPECT_EQ(compat.out, "\"ab\"\n");
  ToolRun strict = RunTool({"-stdin", "-strict"}, "strcat(\"a\"; \"b\")\n");
  EXPECT_EQ(strict.out.rfind("PARSE_ERROR", 0), 0u) << strict.out;
}

TEST_F(ClassAdEvalToolTest, UnparsePrintsTheCanonicalForm) {
  ToolRun run = RunTool({"-stdin", "-unparse"}, "a+b*c\n(x)\n-x\na =?= b\nf(1,2)\n{1, 2}\n\"a\" \"b\"\n");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "a + b * c\n(x)\n -x\na is b\nf(1,2)\n{ 1,2 }\n\"ab\"\n");
}

TEST_F(ClassAdEvalToolTest, ConformanceCasesOfEachKind) {
  // A few cases of cases.tsv, one per mode, run the way the harness does.
  ToolRun compat = RunTool({"-stdin", "-my-file", ConformanceAd("job.ad"), "-target-file", ConformanceAd("machine.ad")},
                       "-9223372036854775808\n\"\\1\"\n");
  EXPECT_EQ(compat.out, "-9223372036854775808\n\"\\001\"\n");
  ToolRun parse_errors = RunTool({"-stdin"}, "00 + 1\n[\"a\"=1]\n");
  EXPECT_EQ(parse_errors.out.substr(0, 12), "PARSE_ERROR:");
  EXPECT_NE(parse_errors.out.find("\nPARSE_ERROR"), std::string::npos);
}

TEST_F(ClassAdEvalToolTest, OutputDoesNotDependOnTheLocale) {
  // Whatever locales this machine has, the output is the C locale's.
  const std::string input = "1.5 * 2\nstring(2.5)\nreal(\"2.5\")\nformatTime(0)\n";
  ToolRun c = RunTool({"-stdin"}, input);
  EXPECT_EQ(c.out,
            "3.000000000000000E+00\n\"2.500000000000000E+00\"\n2.500000000000000E+00\n"
            "\"Thu Jan  1 00:00:00 1970\"\n");
  for (const char* locale : {"C.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8"}) {
    ToolRun run = RunTool({"-stdin"}, input, std::string("TZ=UTC LC_ALL=") + locale + " LANG=" + locale);
    EXPECT_EQ(run.out, c.out) << locale;
  }
}

// ---------------------------------------------------------------- errors

TEST_F(ClassAdEvalToolTest, UnreadableFilesFailWithAMessage) {
  ToolRun run = RunTool({"-file", dir_ + "/missing.ad", "1"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("missing.ad"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");

  std::string bad = WriteFile("bad.ad", "[ a = 1;\n  b = (2 + ]\n");
  run = RunTool({"-target-file", bad, "1"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("Unable to turn file"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("bad.ad:2:"), std::string::npos) << run.err;

  std::string empty = WriteFile("empty.ad", "# nothing\n");
  run = RunTool({"-file", empty, "1"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("no ad"), std::string::npos) << run.err;
}

TEST_F(ClassAdEvalToolTest, OptionWithoutItsArgumentIsAUsageError) {
  for (const char* option : {"-file", "-my-file", "-target-file"}) {
    ToolRun run = RunTool({"1", option});
    EXPECT_EQ(run.exit_code, 255);
    EXPECT_NE(run.err.find("requires an argument"), std::string::npos) << run.err;
  }
}

TEST_F(ClassAdEvalToolTest, UnparsableArgumentStopsWithAMessage) {
  ToolRun run = RunTool({"a = 1", "a", "a b c", "a"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "[ a = 1 ]\n1\n");
  EXPECT_NE(run.err.find("Unable to turn 'a b c' into a ClassAd or an expression."), std::string::npos)
      << run.err;
}

// A repeated -stdin line gives the same answer each time.
TEST_F(ClassAdEvalToolTest, StdinRepeatedLinesAnswerAsTheFirstTime) {
  const std::string input = "x * 2\n1 +\nx * 2\n1 +\nstrcat(\"a\", x)\nstrcat(\"a\", x)\n";
  ToolRun run = RunTool({"x = 21", "-stdin"}, input);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::vector<std::string> lines;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 6u) << run.out;  // one line per input line
  EXPECT_EQ(lines[0], "42");
  EXPECT_EQ(lines[2], "42");
  EXPECT_EQ(lines[1].rfind("PARSE_ERROR", 0), 0u) << lines[1];
  EXPECT_EQ(lines[3], lines[1]);
  EXPECT_EQ(lines[4], "\"a21\"");
  EXPECT_EQ(lines[5], "\"a21\"");
}

// A caller may feed -stdin one line at a time and wait for each answer
// (the answers to what one read returned are written before the next).
TEST_F(ClassAdEvalToolTest, StdinAnswersEachLineBeforeTheNextArrives) {
  int to_tool[2], from_tool[2];
  ASSERT_EQ(pipe(to_tool), 0);
  ASSERT_EQ(pipe(from_tool), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    dup2(to_tool[0], STDIN_FILENO);
    dup2(from_tool[1], STDOUT_FILENO);
    close(to_tool[1]);
    close(from_tool[0]);
    execl(CLASSAD_EVAL_BINARY, CLASSAD_EVAL_BINARY, "-stdin", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(to_tool[0]);
  close(from_tool[1]);
  // Reads one answer line, waiting at most 10 s for it.
  auto answer = [&]() {
    std::string line;
    char c;
    while (true) {
      pollfd p{from_tool[0], POLLIN, 0};
      if (poll(&p, 1, 10000) != 1 || read(from_tool[0], &c, 1) != 1) return line + "<timeout>";
      if (c == '\n') return line;
      line.push_back(c);
    }
  };
  for (const auto& [in, out] : {std::pair{"1 + 2\n", "3"}, std::pair{"\"a\" + 1\n", "error"},
                                std::pair{"strcat(\"x\", \"y\")\n", "\"xy\""}}) {
    ASSERT_EQ(write(to_tool[1], in, std::strlen(in)), static_cast<ssize_t>(std::strlen(in)));
    EXPECT_EQ(answer(), out) << in;
  }
  close(to_tool[1]);
  int status = 0;
  waitpid(child, &status, 0);
  close(from_tool[0]);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST_F(ClassAdEvalToolTest, HelpPrintsUsage) {
  ToolRun run = RunTool({"-help"});
  EXPECT_EQ(run.exit_code, 255);
  EXPECT_EQ(run.out.rfind("Usage: classad_eval", 0), 0u) << run.out;
}

}  // namespace
