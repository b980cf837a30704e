// Tests of the checked printf formats behind $INT, $REAL and $STRING.
#include "policy/printf_format.h"

#include <gtest/gtest.h>

#include <string>

namespace policy {
namespace {

PrintfFormat Checked(std::string_view format, FormatArg arg) {
  classad::Result<PrintfFormat> f = CheckPrintfFormat(format, arg, 4096);
  EXPECT_TRUE(f.ok()) << format << ": " << f.status().message();
  return f.ok() ? *f : PrintfFormat{};
}

std::string Why(std::string_view format, FormatArg arg, int max_width = 4096) {
  classad::Result<PrintfFormat> f = CheckPrintfFormat(format, arg, max_width);
  return f.ok() ? "" : f.status().message();
}

TEST(PrintfFormatTest, RecordsTheConversion) {
  PrintfFormat f = Checked("x=%-08lld%%", FormatArg::kInteger);
  EXPECT_EQ(f.text, "x=%-08lld%%");
  EXPECT_EQ(f.conversion, 'd');
  EXPECT_EQ(f.length, "ll");
  EXPECT_EQ(Checked("%%%.3e", FormatArg::kReal).conversion, 'e');
  EXPECT_EQ(Checked("[%s]", FormatArg::kString).conversion, 's');
}

TEST(PrintfFormatTest, AcceptsWhatHTCondorAcceptsWhenDefined) {
  for (const char* f : {"%d", "%i", "%o", "%u", "%x", "%X", "%c", "%p", "%5d", "%-5d", "%+d",
                        "% d", "%05d", "%.3d", "%#x", "%#o", "%'d", "%hd", "%hhd", "%ld", "%lld",
                        "%qd", "%jd", "%zd", "%td", "%%%d%%"}) {
    EXPECT_EQ(Why(f, FormatArg::kInteger), "") << f;
  }
  for (const char* f : {"%e", "%E", "%f", "%F", "%g", "%G", "%a", "%A", "%lf", "%08.2f", "%#g",
                        "%'f", "%+.1e"}) {
    EXPECT_EQ(Why(f, FormatArg::kReal), "") << f;
  }
  for (const char* f : {"%s", "%10s", "%-10s", "%.2s", "<%s>"}) {
    EXPECT_EQ(Why(f, FormatArg::kString), "") << f;
  }
}

TEST(PrintfFormatTest, RefusesWithReasons) {
  EXPECT_EQ(Why("%d", FormatArg::kString), "'%d' is not a valid format: %d does not print a string");
  EXPECT_EQ(Why("abc", FormatArg::kInteger), "'abc' is not a valid format: it has no conversion");
  EXPECT_NE(Why("%n", FormatArg::kInteger).find("%n is refused"), std::string::npos);
  EXPECT_NE(Why("%d %n", FormatArg::kInteger).find("%n is refused"), std::string::npos);
  EXPECT_NE(Why("%*d", FormatArg::kInteger).find("'*'"), std::string::npos);
  EXPECT_NE(Why("%d%d", FormatArg::kInteger).find("more than one"), std::string::npos);
  EXPECT_NE(Why("%10d", FormatArg::kInteger, 9).find("limit of 9"), std::string::npos);
  EXPECT_NE(Why(std::string("%d\0", 3), FormatArg::kInteger).find("NUL"), std::string::npos);
  for (const char* f : {"%#d", "%Ld", "%lc", "%#p", "%'x", "%d%y"}) {
    EXPECT_NE(Why(f, FormatArg::kInteger).find("not supported by this tool"), std::string::npos)
        << f;
  }
  for (const char* f : {"%Lf", "%hf", "%p", "%'e"}) {
    EXPECT_NE(Why(f, FormatArg::kReal).find("not supported by this tool"), std::string::npos)
        << f;
  }
  for (const char* f : {"%ls", "%S", "%p", "%05s", "%+s"}) {
    EXPECT_NE(Why(f, FormatArg::kString).find("not supported by this tool"), std::string::npos)
        << f;
  }
}

TEST(PrintfFormatTest, Formats) {
  EXPECT_EQ(FormatInteger(Checked("%05d", FormatArg::kInteger), 42), "00042");
  EXPECT_EQ(FormatInteger(Checked("%d", FormatArg::kInteger), (int64_t{1} << 32) + 7), "7");
  EXPECT_EQ(FormatInteger(Checked("%lld", FormatArg::kInteger), (int64_t{1} << 32) + 7),
            "4294967303");
  EXPECT_EQ(FormatInteger(Checked("%x", FormatArg::kInteger), -1), "ffffffff");
  EXPECT_EQ(FormatInteger(Checked("%llx", FormatArg::kInteger), -1), "ffffffffffffffff");
  EXPECT_EQ(FormatInteger(Checked("%c", FormatArg::kInteger), 0), std::string(1, '\0'));
  EXPECT_EQ(FormatInteger(Checked("%p", FormatArg::kInteger), 16), "0x10");
  EXPECT_EQ(FormatReal(Checked("%.2f", FormatArg::kReal), 2.345), "2.35");
  EXPECT_EQ(FormatReal(Checked("%g", FormatArg::kReal), 1e100), "1e+100");
  EXPECT_EQ(FormatString(Checked("<%-4s>", FormatArg::kString), "ab"), "<ab  >");
  EXPECT_EQ(FormatString(Checked("%s", FormatArg::kString), std::string("a\0b", 3)), "a");
  EXPECT_EQ(FormatString(Checked("%.0s", FormatArg::kString), "abc"), "");
}

}  // namespace
}  // namespace policy
