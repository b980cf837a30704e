// Tests of the configuration's macro functions ($INT, $CHOICE, $F...), each
// expected value worked out from HTCondor's config.cpp (the
// evaluate_macro_func that param() uses).
#include "policy/macro_functions.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace policy {
namespace {

// A fake configuration: knobs (already expanded values), an environment
// and a fixed random number.
class MacroFunctionsTest : public ::testing::Test {
 protected:
  MacroFunctionsTest() {
    context_.lookup =
        [this](std::string_view name) -> classad::Result<std::optional<std::string>> {
      lookups_.push_back(std::string(name));
      if (name == "LOOP") {
        return classad::Status(classad::StatusCode::kInvalidArgument, "expansion loop at LOOP");
      }
      auto it = knobs_.find(std::string(name));
      if (it == knobs_.end()) return std::optional<std::string>();
      return std::optional<std::string>(it->second);
    };
    context_.expand = [this](std::string_view text) -> classad::Result<std::string> {
      // $(NAME) only, enough for these tests.
      std::string out;
      size_t pos = 0;
      while (pos < text.size()) {
        size_t open = text.find("$(", pos);
        size_t close = open == std::string_view::npos ? open : text.find(')', open);
        if (close == std::string_view::npos) {
          out.append(text.substr(pos));
          break;
        }
        out.append(text.substr(pos, open - pos));
        auto it = knobs_.find(std::string(text.substr(open + 2, close - open - 2)));
        if (it != knobs_.end()) out += it->second;
        pos = close + 1;
      }
      return out;
    };
    context_.raw_lookup = [this](std::string_view name) -> std::optional<std::string_view> {
      auto it = raw_knobs_.find(std::string(name));
      if (it != raw_knobs_.end()) return it->second;
      auto known = knobs_.find(std::string(name));
      if (known == knobs_.end()) return std::nullopt;
      return known->second;
    };
    context_.getenv = [this](std::string_view name) -> std::optional<std::string> {
      auto it = env_.find(std::string(name));
      if (it == env_.end()) return std::nullopt;
      return it->second;
    };
    context_.random = [this]() { return random_; };
  }

  // The expansion, or "ERROR: message".
  std::string Eval(std::string_view name, std::string_view body) {
    classad::Result<std::string> r = EvaluateMacroFunction(name, body, context_);
    if (!r.ok()) return "ERROR: " + r.status().message();
    return *r;
  }
  // The error message ("" when the call succeeds).
  std::string Error(std::string_view name, std::string_view body) {
    classad::Result<std::string> r = EvaluateMacroFunction(name, body, context_);
    if (r.ok()) return "";
    EXPECT_EQ(r.status().code(), classad::StatusCode::kInvalidArgument);
    return r.status().message();
  }

  std::map<std::string, std::string> knobs_;
  // Unexpanded values, where they differ from the expanded knobs_.
  std::map<std::string, std::string> raw_knobs_;
  std::map<std::string, std::string> env_;
  uint64_t random_ = 0;
  std::vector<std::string> lookups_;
  MacroFunctionContext context_;
};

TEST_F(MacroFunctionsTest, IsMacroFunctionKnowsHTCondorsNames) {
  for (const char* name : {"ENV", "RANDOM_CHOICE", "RANDOM_INTEGER", "CHOICE", "SUBSTR", "INT",
                           "REAL", "STRING", "EVAL", "BASENAME", "DIRNAME", "F", "Fpnx", "FPNX",
                           "Fqa", "Fddb", "Ffwu"}) {
    EXPECT_TRUE(IsMacroFunction(name)) << name;
  }
  for (const char* name : {"", "int", "Int", "DOLLAR", "FOO", "Fz", "fpn", "F_x", "ENV2", "$INT"}) {
    EXPECT_FALSE(IsMacroFunction(name)) << name;
  }
  EXPECT_NE(Error("FOO", "x").find("not a macro function"), std::string::npos);
}

TEST_F(MacroFunctionsTest, Env) {
  env_["HOME"] = "/home/u";
  env_["EMPTY"] = "";
  EXPECT_EQ(Eval("ENV", "HOME"), "/home/u");
  EXPECT_EQ(Eval("ENV", "HOME:/root"), "/home/u");
  EXPECT_EQ(Eval("ENV", "NOPE"), "UNDEFINED");
  EXPECT_EQ(Eval("ENV", "NOPE:fallback"), "fallback");
  EXPECT_EQ(Eval("ENV", "NOPE:"), "");
  EXPECT_EQ(Eval("ENV", "NOPE:a:b"), "a:b");
  EXPECT_EQ(Eval("ENV", "EMPTY:x"), "");  // set but empty: no default
  EXPECT_EQ(Eval("ENV", ""), "UNDEFINED");
}

TEST_F(MacroFunctionsTest, IntReadsKnobsLiteralsAndExpressions) {
  knobs_["X"] = "6 * 7";
  knobs_["Y"] = "12";
  EXPECT_EQ(Eval("INT", "42"), "42");
  EXPECT_EQ(Eval("INT", "  7  "), "7");
  EXPECT_EQ(Eval("INT", "-3"), "-3");
  EXPECT_EQ(Eval("INT", "X"), "42");
  EXPECT_EQ(Eval("INT", "Y"), "12");
  EXPECT_EQ(Eval("INT", "2.9"), "2");     // an expression giving a real: truncated
  EXPECT_EQ(Eval("INT", "-2.9"), "-2");
  EXPECT_EQ(Eval("INT", "true"), "1");
  EXPECT_EQ(Eval("INT", "1e3"), "1000");
  EXPECT_EQ(Eval("INT", "$(Y)"), "12");   // a literal with a macro is expanded
  EXPECT_EQ(Eval("INT", "08"), "8");
  EXPECT_EQ(Eval("INT", "99999999999999999999"), "9223372036854775807");  // strtoll clamps
}

TEST_F(MacroFunctionsTest, IntErrors) {
  EXPECT_EQ(Error("INT", "abc"), "$INT(abc): \"abc\" does not evaluate to an integer");
  knobs_["S"] = "\"text\"";
  EXPECT_NE(Error("INT", "S").find("\"\"text\"\" does not evaluate to an integer"),
            std::string::npos);
  EXPECT_NE(Error("INT", "").find("does not evaluate to an integer"), std::string::npos);
  EXPECT_NE(Error("INT", "undefined").find("does not evaluate"), std::string::npos);
  EXPECT_NE(Error("INT", "1e300").find("not supported by this tool"), std::string::npos);
  EXPECT_NE(Error("INT", "LOOP").find("expansion loop at LOOP"), std::string::npos);
}

TEST_F(MacroFunctionsTest, IntFormats) {
  EXPECT_EQ(Eval("INT", "42,%05d"), "00042");
  EXPECT_EQ(Eval("INT", "255,%x"), "ff");
  EXPECT_EQ(Eval("INT", "255,%#X"), "0XFF");
  EXPECT_EQ(Eval("INT", "8,%o"), "10");
  EXPECT_EQ(Eval("INT", "-5,%+d"), "-5");
  EXPECT_EQ(Eval("INT", "5,%-4d|"), "5   |");
  EXPECT_EQ(Eval("INT", "5, %d"), " 5");  // the format is taken as written
  EXPECT_EQ(Eval("INT", "5,value=%d%%"), "value=5%");
  EXPECT_EQ(Eval("INT", "5,%.3d"), "005");
  EXPECT_EQ(Eval("INT", "1234567,%'d"), "1234567");  // C locale: no grouping
  // Without a length the long long is read as an int: its low 32 bits.
  EXPECT_EQ(Eval("INT", "4294967301,%d"), "5");
  EXPECT_EQ(Eval("INT", "4294967301,%lld"), "4294967301");
  EXPECT_EQ(Eval("INT", "4294967301,%ld"), "4294967301");
  EXPECT_EQ(Eval("INT", "-1,%u"), "4294967295");
  EXPECT_EQ(Eval("INT", "-1,%llu"), "18446744073709551615");
  EXPECT_EQ(Eval("INT", "65537,%hd"), "1");
  EXPECT_EQ(Eval("INT", "65,%c"), "A");
  EXPECT_EQ(Eval("INT", "65,<%c>"), "<A>");
  EXPECT_EQ(Eval("INT", "0,x%cy"), "x");  // the NUL %c prints ends HTCondor's C string
  EXPECT_EQ(Eval("INT", "255,%p"), "0xff");
  EXPECT_EQ(Eval("INT", "0,%p"), "(nil)");
  // HTCondor's buffer keeps 55 characters.
  EXPECT_EQ(Eval("INT", "7,%60d"), std::string(55, ' '));
  EXPECT_EQ(Eval("INT", "7,%-60d"), "7" + std::string(54, ' '));
}

TEST_F(MacroFunctionsTest, IntRefusesBadFormats) {
  struct Case {
    const char* body;
    const char* message_part;
  } cases[] = {
      {"5,%s", "%s does not print an integer"},
      {"5,%f", "%f does not print an integer"},
      {"5,%n", "%n is refused"},
      {"5,%hn", "%n is refused"},
      {"5,%d%d", "more than one conversion"},
      {"5,%d%s", "more than one conversion"},
      {"5,%*d", "'*'"},
      {"5,%.*d", "'*'"},
      {"5,abc", "no conversion"},
      {"5,", "no conversion"},
      {"5,%", "incomplete"},
      {"5,%5", "incomplete"},
      {"5,%d%", "incomplete"},
      {"5,%y", "unknown conversion"},
      {"5,%d%y", "not supported by this tool"},
      {"5,%5%d", "'%' conversion"},
      {"5,%5000d", "limit of 4096"},
      {"5,%.5000d", "limit of 4096"},
      {"5,%99999999999999999999d", "limit of 4096"},
      {"5,%#d", "not supported by this tool"},
      {"5,%'x", "not supported by this tool"},
      {"5,%Ld", "not supported by this tool"},
      {"5,%lc", "not supported by this tool"},
      {"5,%.2c", "not supported by this tool"},
      {"5,%05c", "not supported by this tool"},
      {"5,%lp", "not supported by this tool"},
      {"5,%#p", "not supported by this tool"},
      {"5,%V", "does not print an integer"},
      {"5,%S", "does not print an integer"},
  };
  for (const Case& c : cases) {
    std::string message = Error("INT", c.body);
    EXPECT_NE(message.find(c.message_part), std::string::npos) << c.body << " -> " << message;
    EXPECT_EQ(message.rfind("$INT(", 0), 0u) << message;
  }
  // The format is checked before the value is looked at.
  EXPECT_NE(Error("INT", "abc,%s").find("%s does not print"), std::string::npos);
  context_.limits.max_format_width = 10;
  EXPECT_NE(Error("INT", "5,%11d").find("limit of 10"), std::string::npos);
  EXPECT_EQ(Eval("INT", "5,%10d"), "         5");
}

TEST_F(MacroFunctionsTest, Real) {
  knobs_["R"] = "1.0 / 4";
  EXPECT_EQ(Eval("REAL", "2.5"), "2.5");
  EXPECT_EQ(Eval("REAL", "3"), "3");  // no format: no ".0"
  EXPECT_EQ(Eval("REAL", "R"), "0.25");
  EXPECT_EQ(Eval("REAL", "1/3.0"), "0.3333333333333333");
  EXPECT_EQ(Eval("REAL", "1e20"), "1E+20");
  EXPECT_EQ(Eval("REAL", "inf"), "INF");
  EXPECT_EQ(Eval("REAL", "0x10"), "16");  // strtod reads hexadecimal
  EXPECT_EQ(Eval("REAL", "true"), "1");
  EXPECT_EQ(Eval("REAL", "3,%.2f"), "3.00");
  EXPECT_EQ(Eval("REAL", "3,%.0f"), "3.0");  // a format without '.' output gets ".0"
  EXPECT_EQ(Eval("REAL", "3,%g"), "3.0");
  EXPECT_EQ(Eval("REAL", "3.14159,%08.2f"), "00003.14");
  EXPECT_EQ(Eval("REAL", "3.14159,%.3e"), "3.142e+00");
  EXPECT_EQ(Eval("REAL", "2.5,%lf"), "2.500000");
  EXPECT_EQ(Eval("REAL", "1e300,%.3g"), "1e+300.0");
  EXPECT_NE(Error("REAL", "x").find("\"x\" does not evaluate to a real"), std::string::npos);
  EXPECT_NE(Error("REAL", "2.5,%d").find("%d does not print a real"), std::string::npos);
  EXPECT_NE(Error("REAL", "2.5,%Lf").find("not supported by this tool"), std::string::npos);
  EXPECT_NE(Error("REAL", "2.5,%p").find("not supported by this tool"), std::string::npos);
  EXPECT_NE(Error("REAL", "2.5,%'e").find("not supported by this tool"), std::string::npos);
  // 55 digits and no '.': HTCondor's ".0" would overflow its buffer.
  EXPECT_NE(Error("REAL", "1e300,%f").find("overflows"), std::string::npos);
  EXPECT_EQ(Eval("REAL", "1e50,%f").size(), 55u);  // 58 characters, cut to 55 (with a '.')
}

TEST_F(MacroFunctionsTest, String) {
  knobs_["Q"] = "\"quoted\"";
  knobs_["C"] = "strcat(\"a\", \"b\")";
  knobs_["W"] = "plain words";
  EXPECT_EQ(Eval("STRING", "\"abc\""), "abc");
  EXPECT_EQ(Eval("STRING", "Q"), "quoted");
  EXPECT_EQ(Eval("STRING", "C"), "ab");
  EXPECT_EQ(Eval("STRING", "W"), "plain words");
  EXPECT_EQ(Eval("STRING", "1+2"), "1+2");  // not a string: the text itself
  EXPECT_EQ(Eval("STRING", "Q,[%s]"), "[quoted]");
  EXPECT_EQ(Eval("STRING", "abc,%6s"), "   abc");
  EXPECT_EQ(Eval("STRING", "abc,%-6s|"), "abc   |");
  EXPECT_EQ(Eval("STRING", "abcdef,%.2s"), "ab");
  EXPECT_EQ(Eval("STRING", ""), "");
  EXPECT_NE(Error("STRING", "abc,%d").find("%d does not print a string"), std::string::npos);
  EXPECT_NE(Error("STRING", "abc,%ls").find("not supported by this tool"), std::string::npos);
  EXPECT_NE(Error("STRING", "abc,%S").find("not supported by this tool"), std::string::npos);
  EXPECT_NE(Error("STRING", "abc,%p").find("not supported by this tool"), std::string::npos);
  EXPECT_NE(Error("STRING", "abc,%05s").find("not supported by this tool"), std::string::npos);
  EXPECT_NE(Error("STRING", "abc,%s%s").find("more than one"), std::string::npos);
  EXPECT_EQ(Eval("STRING", "abc,%4000s").size(), 4000u);
}

TEST_F(MacroFunctionsTest, EvalEvaluatesClassAdExpressions) {
  knobs_["X"] = "2 * 3";
  knobs_["S"] = "strcat(\"x\", \"y\")";
  knobs_["Z"] = "a";
  knobs_["WORDS"] = "a b";
  EXPECT_EQ(Eval("EVAL", "1+2"), "3");
  EXPECT_EQ(Eval("EVAL", "X"), "6");
  EXPECT_EQ(Eval("EVAL", "S"), "xy");
  EXPECT_EQ(Eval("EVAL", "\"str\""), "str");
  EXPECT_EQ(Eval("EVAL", "undefined"), "undefined");
  EXPECT_EQ(Eval("EVAL", "foo"), "undefined");  // no ad: every attribute is undefined
  EXPECT_EQ(Eval("EVAL", "1/0"), "error");
  EXPECT_EQ(Eval("EVAL", "3 > 2"), "true");
  EXPECT_EQ(Eval("EVAL", "1.5"), "1.500000000000000E+00");
  EXPECT_EQ(Eval("EVAL", "{1, 2}"), "{ 1,2 }");
  EXPECT_EQ(Eval("EVAL", "isUndefined(foo)"), "true");
  // Not an expression: nothing, unless the text held a macro.
  EXPECT_EQ(Eval("EVAL", "a b"), "");
  EXPECT_EQ(Eval("EVAL", ""), "");
  EXPECT_EQ(Eval("EVAL", "$(Z) b"), "a b");
  // A knob whose value is not an expression: its expanded value when its
  // own text held a macro, else nothing (HTCondor 25.13.2's
  // condor_config_val gives the same).
  EXPECT_EQ(Eval("EVAL", "WORDS"), "");
  knobs_["MACRO_WORDS"] = "a b";
  raw_knobs_["MACRO_WORDS"] = "$(Z) b";
  EXPECT_EQ(Eval("EVAL", "MACRO_WORDS"), "a b");
}

TEST_F(MacroFunctionsTest, Choice) {
  knobs_["LIST"] = "x, y ,z";
  knobs_["SPACED"] = "a b c";
  knobs_["IDX"] = "2";
  EXPECT_EQ(Eval("CHOICE", "1, a, b, c"), "b");
  EXPECT_EQ(Eval("CHOICE", "0,a,b"), "a");
  EXPECT_EQ(Eval("CHOICE", "0,LIST"), "x");
  EXPECT_EQ(Eval("CHOICE", "1, LIST "), "y");
  EXPECT_EQ(Eval("CHOICE", "IDX,a,b,c"), "c");
  EXPECT_EQ(Eval("CHOICE", "1+1,a,b,c"), "c");
  EXPECT_EQ(Eval("CHOICE", "1,a,,c"), "");   // empty items count
  EXPECT_EQ(Eval("CHOICE", "0,SPACED"), "a b c");  // a knob's list is split on commas only
  EXPECT_EQ(Eval("CHOICE", "0,a b"), "ERROR: $CHOICE(0,a b): there is no list named \"a b\"");
  EXPECT_NE(Error("CHOICE", "1,SPACED").find("index 1 is out of range"), std::string::npos);
  EXPECT_NE(Error("CHOICE", "3,a,b,c").find("index 3 is out of range"), std::string::npos);
  EXPECT_NE(Error("CHOICE", "-1,a,b").find("out of range for the index"), std::string::npos);
  EXPECT_NE(Error("CHOICE", "x,a,b").find("\"x\" is not a valid index"), std::string::npos);
  EXPECT_NE(Error("CHOICE", "0").find("there is no list"), std::string::npos);
  EXPECT_NE(Error("CHOICE", "").find("not a valid index"), std::string::npos);
  EXPECT_NE(Error("CHOICE", "0,NOLIST").find("no list named \"NOLIST\""), std::string::npos);
  EXPECT_NE(Error("CHOICE", "0, ").find("no list named"), std::string::npos);
}

TEST_F(MacroFunctionsTest, Substr) {
  knobs_["X"] = "abcdef";
  knobs_["START"] = "2";
  EXPECT_EQ(Eval("SUBSTR", "X,2"), "cdef");
  EXPECT_EQ(Eval("SUBSTR", "X,1,3"), "bcd");
  EXPECT_EQ(Eval("SUBSTR", "X,-2"), "ef");
  EXPECT_EQ(Eval("SUBSTR", "X,1,-1"), "bcde");
  EXPECT_EQ(Eval("SUBSTR", "X,-100,2"), "ab");
  EXPECT_EQ(Eval("SUBSTR", "X,10"), "");
  EXPECT_EQ(Eval("SUBSTR", "X,0,100"), "abcdef");
  EXPECT_EQ(Eval("SUBSTR", "X,START"), "cdef");
  EXPECT_EQ(Eval("SUBSTR", "X, 1"), "bcdef");
  EXPECT_EQ(Eval("SUBSTR", "X,1+1,1*2"), "cd");
  EXPECT_EQ(Eval("SUBSTR", "UNDEFINED_KNOB,1"), "");
  EXPECT_EQ(Eval("SUBSTR", " X,1"), "");  // the name is not trimmed: " X" is no knob
  EXPECT_EQ(Eval("SUBSTR", "abcdef,1"), "");  // the first argument must be a knob
  EXPECT_NE(Error("SUBSTR", "X").find("no start position"), std::string::npos);
  EXPECT_NE(Error("SUBSTR", "X,a").find("\"a\" is not a valid start"), std::string::npos);
  EXPECT_NE(Error("SUBSTR", "X,1,b").find("\"b\" is not a valid length"), std::string::npos);
  EXPECT_NE(Error("SUBSTR", "X,3000000000").find("out of range"), std::string::npos);
}

TEST_F(MacroFunctionsTest, RandomChoice) {
  knobs_["LIST"] = "p q, r";
  knobs_["EMPTY"] = "";
  random_ = 1;
  EXPECT_EQ(Eval("RANDOM_CHOICE", "a,b,c"), "b");
  EXPECT_EQ(Eval("RANDOM_CHOICE", " a , b ,c"), "b");
  EXPECT_EQ(Eval("RANDOM_CHOICE", "a,,b,c"), "b");  // empty items are skipped
  EXPECT_EQ(Eval("RANDOM_CHOICE", "LIST"), "q");  // a knob's list splits on blanks too
  EXPECT_EQ(Eval("RANDOM_CHOICE", "single"), "single");
  random_ = 0xFFFFFFFF80000002ull;  // only the low 31 bits count
  EXPECT_EQ(Eval("RANDOM_CHOICE", "a,b,c"), "c");
  EXPECT_NE(Error("RANDOM_CHOICE", "").find("nothing to choose from"), std::string::npos);
  EXPECT_NE(Error("RANDOM_CHOICE", "EMPTY").find("nothing to choose from"), std::string::npos);
}

TEST_F(MacroFunctionsTest, RandomInteger) {
  random_ = 7;
  EXPECT_EQ(Eval("RANDOM_INTEGER", "10,20"), "17");
  EXPECT_EQ(Eval("RANDOM_INTEGER", "0,100,10"), "70");
  EXPECT_EQ(Eval("RANDOM_INTEGER", "-5,-5"), "-5");
  EXPECT_EQ(Eval("RANDOM_INTEGER", "5x,5"), "5");  // strtol: the digits are enough
  random_ = 12;
  EXPECT_EQ(Eval("RANDOM_INTEGER", "0,100,10"), "10");
  EXPECT_NE(Error("RANDOM_INTEGER", "5,1").find("minimum is larger"), std::string::npos);
  EXPECT_NE(Error("RANDOM_INTEGER", "a,5").find("minimum is not an integer"), std::string::npos);
  EXPECT_NE(Error("RANDOM_INTEGER", "1").find("maximum is not an integer"), std::string::npos);
  EXPECT_NE(Error("RANDOM_INTEGER", "").find("minimum"), std::string::npos);
  EXPECT_NE(Error("RANDOM_INTEGER", "1,5,0").find("step must be at least 1"), std::string::npos);
  EXPECT_NE(Error("RANDOM_INTEGER", "1,5,x").find("step is not an integer"), std::string::npos);
  EXPECT_NE(Error("RANDOM_INTEGER", "-9223372036854775808,9223372036854775807")
                .find("not supported by this tool"),
            std::string::npos);
}

TEST_F(MacroFunctionsTest, BasenameAndDirname) {
  knobs_["FILE"] = "/data/run/out.tar.gz";
  EXPECT_EQ(Eval("BASENAME", "/a/b/file.tar.gz"), "file.tar.gz");
  EXPECT_EQ(Eval("BASENAME", "/a/b/file.tar.gz, .tar.gz"), "file");
  EXPECT_EQ(Eval("BASENAME", "file.TXT,.txt"), "file");  // the suffix ignores case
  EXPECT_EQ(Eval("BASENAME", "file.txt,.gz"), "file.txt");
  EXPECT_EQ(Eval("BASENAME", "FILE"), "out.tar.gz");
  EXPECT_EQ(Eval("BASENAME", "FILE,.gz"), "out.tar");
  EXPECT_EQ(Eval("BASENAME", ""), "");
  EXPECT_EQ(Eval("DIRNAME", "/a/b/c.txt"), "/a/b/");
  EXPECT_EQ(Eval("DIRNAME", "c.txt"), "");
  EXPECT_EQ(Eval("DIRNAME", "FILE"), "/data/run/");
}

TEST_F(MacroFunctionsTest, FileNameFlags) {
  const std::string path = "/a/b/c.txt";
  struct Case {
    const char* flags;
    const char* expected;
  } cases[] = {
      {"F", "/a/b/c.txt"},      {"Fn", "c"},          {"Fx", ".txt"},
      {"Fxb", "txt"},           {"Fnx", "c.txt"},     {"Fp", "/a/b/"},
      {"Fpb", "/a/b"},          {"Fpn", "/a/b/c"},    {"Fpnx", "/a/b/c.txt"},
      {"Fd", "b/"},             {"Fdb", "b"},         {"Fdd", "a/b/"},
      {"Fdn", "b/c"},           {"Fq", "\"/a/b/c.txt\""}, {"Fqn", "\"c\""},
      {"Fqa", "'/a/b/c.txt'"},  {"Fqd", "\"b/\""},    {"Fw", "\\a\\b\\c.txt"},
      {"Fwn", "\\a\\b\\c"},     {"Ff", "/a/b/c.txt"}, {"FPN", "/a/b/c"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(Eval(c.flags, path), c.expected) << c.flags;
  }
  EXPECT_EQ(Eval("Fn", "plain"), "plain");
  EXPECT_EQ(Eval("Fx", "plain"), "");
  EXPECT_EQ(Eval("Fp", "plain"), "");
  EXPECT_EQ(Eval("Fx", ".bashrc"), "");  // a leading '.' is not an extension
  EXPECT_EQ(Eval("Fqx", "dir/file"), "\"");  // HTCondor's quoting of an empty part
  EXPECT_EQ(Eval("Fu", "a\\b\\c"), "a/b/c");
  EXPECT_EQ(Eval("F", "\"quoted path\""), "quoted path");
  EXPECT_EQ(Eval("F", "'single'"), "single");
  EXPECT_EQ(Eval("F", "\"unbalanced"), "unbalanced");
  EXPECT_EQ(Eval("Fq", "\"x\""), "\"x\"");
  EXPECT_EQ(Eval("Fq", ""), "\"\"");
  knobs_["F1"] = "/x/y.z";
  EXPECT_EQ(Eval("Fn", "F1"), "y");
  EXPECT_NE(Error("Fdd", "a/b").find("not supported by this tool"), std::string::npos);
  EXPECT_NE(Error("F", "\"\"").find("not supported by this tool"), std::string::npos);
}

TEST_F(MacroFunctionsTest, HostileBodies) {
  std::string huge(1 << 20, 'x');
  std::string message = Error("INT", huge);
  EXPECT_LT(message.size(), 400u);  // the body is cut in the message
  EXPECT_NE(message.find("..."), std::string::npos);
  EXPECT_NE(Error("INT", std::string("5\0", 2)).find("NUL"), std::string::npos);
  EXPECT_EQ(Eval("ENV", "A\x01"), "UNDEFINED");
  EXPECT_NE(Error("INT", "\x01\x02").find("\\x01\\x02"), std::string::npos);
  // Unbalanced or deeply nested text is just text.
  EXPECT_NE(Error("INT", std::string(10000, '(')).find("does not evaluate"), std::string::npos);
  EXPECT_EQ(Eval("BASENAME", std::string(100000, '/') + "f"), "f");
}

TEST_F(MacroFunctionsTest, OnlyKnobNamesAreLookedUp) {
  Eval("EVAL", "1 + 2");
  Eval("INT", "X");
  Eval("CHOICE", "0, a b");
  // "0" could be a knob's name, so $CHOICE's index is looked up.
  EXPECT_EQ(lookups_, std::vector<std::string>({"X", "0"}));
}

}  // namespace
}  // namespace policy
