// Tests of policy/config_source.h: logical lines (trimming, continuation,
// HTCondor's comment quirks, positions) and statements.
#include "policy/config_source.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace policy {
namespace {

std::vector<SourceLine> Lines(std::string_view text, SourceLimits limits = {}) {
  classad::Result<std::vector<SourceLine>> lines = SplitLogicalLines(text, "f.conf", limits);
  EXPECT_TRUE(lines.ok()) << lines.status().ToString();
  return lines.ok() ? std::move(lines).value() : std::vector<SourceLine>{};
}

// The texts of the logical lines.
std::vector<std::string> Texts(std::string_view text) {
  std::vector<std::string> out;
  for (const SourceLine& line : Lines(text)) out.push_back(line.content.text());
  return out;
}

std::string Where(const classad::SourceLocation& at) {
  return at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

TEST(ConfigSourceTest, LinesAreTrimmedAtBothEnds) {
  EXPECT_EQ(Texts("  X = 5  \n\tY=6\t\r\n"), (std::vector<std::string>{"X = 5", "Y=6"}));
}

TEST(ConfigSourceTest, BlankAndCommentLinesAreKept) {
  const std::vector<SourceLine> lines = Lines("# c\n\n   \nX = 5 # note\n");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_TRUE(lines[0].IsComment());
  EXPECT_TRUE(lines[1].IsBlank());
  EXPECT_TRUE(lines[2].IsBlank());
  EXPECT_FALSE(lines[3].IsComment());
  // No trailing comments: the `# note` is part of the line.
  EXPECT_EQ(lines[3].content.text(), "X = 5 # note");
}

TEST(ConfigSourceTest, ContinuationJoinsTrimmedLinesWithNothingBetween) {
  EXPECT_EQ(Texts("X = alpha \\\n   beta\n"), (std::vector<std::string>{"X = alpha beta"}));
  EXPECT_EQ(Texts("X = alpha\\\n   beta\n"), (std::vector<std::string>{"X = alphabeta"}));
  EXPECT_EQ(Texts("X = a \\\n b \\\n c\nY = 1\n"),
            (std::vector<std::string>{"X = a b c", "Y = 1"}));
}

TEST(ConfigSourceTest, ACommentEndingInBackslashDoesNotContinue) {
  EXPECT_EQ(Texts("# comment \\\nX = 1\n"), (std::vector<std::string>{"# comment ", "X = 1"}));
}

TEST(ConfigSourceTest, ACommentInsideAContinuationIsReplacedByItsLastCharacter) {
  // HTCondor's CONTINUE_MAY_BE_COMMENTED_OUT keeps the comment's last
  // character: the kept '\' continues...
  EXPECT_EQ(Texts("X = p \\\n# c \\\nq\n"), (std::vector<std::string>{"X = p q"}));
  // ...and a comment without one ends the line with its last letter.
  EXPECT_EQ(Texts("X = a \\\n# comment\nY = 2\n"), (std::vector<std::string>{"X = a t", "Y = 2"}));
}

TEST(ConfigSourceTest, ABlankLineEndsAContinuationUnlessTheTextSoFarEndsInBackslash) {
  // The blank line is taken by the continuation and ends it.
  EXPECT_EQ(Texts("X = a \\\n\nY = 1\n"), (std::vector<std::string>{"X = a ", "Y = 1"}));
  // `a\\` + newline: one '\' continues, the other is the text's last byte,
  // so the blank line continues too (HTCondor tests the whole buffer).
  EXPECT_EQ(Texts("X = a\\\\\n\nb\n"), (std::vector<std::string>{"X = ab"}));
}

TEST(ConfigSourceTest, ContinuationAtTheEndOfTheFileKeepsTheTextSoFar) {
  EXPECT_EQ(Texts("X = a \\\n"), (std::vector<std::string>{"X = a "}));
}

TEST(ConfigSourceTest, TheLastLineWithoutNewlineIsNotTrimmed) {
  const std::vector<SourceLine> lines = Lines("X = 1\nY = 5  ");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_FALSE(lines[0].unterminated);
  EXPECT_TRUE(lines[1].unterminated);
  EXPECT_EQ(lines[1].content.text(), "Y = 5  ");
  // Nor continued: its '\' stays.
  EXPECT_EQ(Texts("Y = a \\"), (std::vector<std::string>{"Y = a \\"}));
}

TEST(ConfigSourceTest, PositionsFollowContinuationLines) {
  const std::vector<SourceLine> lines = Lines("\n  X = alpha \\\n     beta\n");
  ASSERT_EQ(lines.size(), 2u);
  const PositionedText& text = lines[1].content;
  ASSERT_EQ(text.text(), "X = alpha beta");
  EXPECT_EQ(lines[1].first_line, 2);
  EXPECT_EQ(lines[1].last_line, 3);
  EXPECT_EQ(Where(text.LocationOf(0, "f")), "f:2:3");   // X
  EXPECT_EQ(Where(text.LocationOf(4, "f")), "f:2:7");   // alpha
  EXPECT_EQ(Where(text.LocationOf(10, "f")), "f:3:6");  // beta
  EXPECT_EQ(Where(text.LocationOf(13, "f")), "f:3:9");  // its last a
}

TEST(ConfigSourceTest, ColumnsCountCodePoints) {
  const std::vector<SourceLine> lines = Lines("X = \xC3\xA9t\xC3\xA9 z\n");
  ASSERT_EQ(lines.size(), 1u);
  // "X = été z": z is the 9th code point.
  EXPECT_EQ(Where(lines[0].content.LocationOf(lines[0].content.text().find('z'), "f")), "f:1:9");
}

TEST(ConfigSourceTest, TheReplacedCommentCharacterKeepsItsPosition) {
  const std::vector<SourceLine> lines = Lines("X = a \\\n  # comment\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(Where(lines[0].content.LocationOf(6, "f")), "f:2:11");
}

TEST(ConfigSourceTest, NulBytesAreALocatedError) {
  const auto result = SplitLogicalLines(std::string_view("X = 1\nY = a\0b\n", 14), "f", {});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().ToString(), "f:2:6: NUL byte in configuration text (a binary file?)");
}

TEST(ConfigSourceTest, ANulByteFirstIsAtLineOneColumnOne) {
  // Found by ConfigHostileTest: the first byte was placed after the file's
  // last newline.
  const auto result = SplitLogicalLines(std::string_view("\0X\nY\n", 5), "f", {});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().ToString(), "f:1:1: NUL byte in configuration text (a binary file?)");
}

TEST(ConfigSourceTest, BytesThatAreNotUtf8AreALocatedError) {
  for (const char* bad : {"X = \xff\n", "X = \xC3(\n", "X = \xED\xA0\x80\n", "X = \xC0\xAF\n",
                          "X = \xF4\x90\x80\x80\n", "X = \xE2\x82"}) {
    const auto result = SplitLogicalLines(bad, "f", {});
    ASSERT_FALSE(result.ok()) << bad;
    EXPECT_EQ(result.status().ToString(), "f:1:5: byte that is not UTF-8 in configuration text");
  }
  EXPECT_TRUE(SplitLogicalLines("X = \xF0\x9F\x98\x80 \xE2\x82\xAC\n", "f", {}).ok());
}

TEST(ConfigSourceTest, LimitsOnTextAndLineSize) {
  SourceLimits limits;
  limits.max_file_bytes = 10;
  auto result = SplitLogicalLines("X = 12345678\n", "f", limits);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), classad::StatusCode::kLimitExceeded);
  EXPECT_EQ(result.status().where().line, 1);

  limits = {};
  limits.max_line_bytes = 12;
  result = SplitLogicalLines("A = 1\nX = 1234 \\\n 5678\n", "f", limits);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), classad::StatusCode::kLimitExceeded);
  EXPECT_EQ(result.status().where().line, 3);
}

// ---------------------------------------------------------------- statements

Statement Parse(std::string_view text, size_t start = 0) {
  const std::vector<SourceLine> lines = Lines(std::string(text) + "\n");
  EXPECT_EQ(lines.size(), 1u);
  classad::Result<Statement> st = ParseStatement(lines[0], start, "f");
  EXPECT_TRUE(st.ok()) << st.status().ToString();
  return st.ok() ? *st : Statement{};
}

std::string ParseError(std::string_view text) {
  const std::vector<SourceLine> lines = Lines(std::string(text) + "\n");
  classad::Result<Statement> st = ParseStatement(lines.at(0), 0, "f");
  EXPECT_FALSE(st.ok()) << text;
  return st.ok() ? "" : st.status().ToString();
}

std::string NameOf(std::string_view text, const Statement& st) {
  return std::string(text.substr(st.name_begin, st.name_end - st.name_begin));
}

TEST(ConfigSourceTest, AssignmentForms) {
  Statement st = Parse("X = 5");
  EXPECT_EQ(st.kind, Statement::Kind::kAssign);
  EXPECT_EQ(st.op, '=');
  EXPECT_EQ(NameOf("X = 5", st), "X");
  EXPECT_EQ(st.value_begin, 4u);

  st = Parse("X=5");
  EXPECT_EQ(NameOf("X=5", st), "X");
  EXPECT_EQ(st.value_begin, 2u);

  st = Parse("X:5");
  EXPECT_EQ(st.kind, Statement::Kind::kAssign);
  EXPECT_EQ(st.op, ':');

  st = Parse("X =");
  EXPECT_EQ(st.value_begin, 3u);  // an empty value

  // Words between the name and the operator are ignored, as HTCondor does.
  st = Parse("X junk = 5");
  EXPECT_EQ(NameOf("X junk = 5", st), "X");
  EXPECT_EQ(st.value_begin, 9u);
}

TEST(ConfigSourceTest, PlusEqualsSeparators) {
  Statement st = Parse("L += y");
  EXPECT_EQ(st.op, '+');
  EXPECT_EQ(st.plus_separator, 0);
  st = Parse("L +,= y");
  EXPECT_EQ(st.plus_separator, ',');
  EXPECT_EQ(st.plus_count, 1);
  st = Parse("E +&&= c");
  EXPECT_EQ(st.plus_separator, '&');
  EXPECT_EQ(st.plus_count, 2);
  for (const char* sep : {";", "|", "*"}) {
    st = Parse(std::string("L +") + sep + "= y");
    EXPECT_EQ(st.plus_separator, sep[0]);
  }
  // X+=1 makes a name "X+" (checked later as an illegal name).
  st = Parse("X+=1");
  EXPECT_EQ(st.op, '=');
  EXPECT_EQ(NameOf("X+=1", st), "X+");
}

TEST(ConfigSourceTest, HereDocumentStatement) {
  const Statement st = Parse("X @=end");
  EXPECT_EQ(st.kind, Statement::Kind::kHereDocument);
  EXPECT_EQ(std::string("X @=end").substr(st.value_begin), "end");
}

TEST(ConfigSourceTest, KeywordStatements) {
  Statement st = Parse("include : a.conf");
  EXPECT_EQ(st.kind, Statement::Kind::kInclude);
  EXPECT_FALSE(st.include_if_exists);
  EXPECT_EQ(st.value_begin, 10u);
  st = Parse("INCLUDE ifexist : a.conf");
  EXPECT_TRUE(st.include_if_exists);
  st = Parse("@include ifexists: a.conf");
  EXPECT_EQ(st.kind, Statement::Kind::kInclude);
  EXPECT_TRUE(st.include_if_exists);
  st = Parse("include command : x");
  EXPECT_TRUE(st.include_command);
  st = Parse("include ifexist output : x");
  EXPECT_TRUE(st.include_command);
  // Only with ':': `include = x` defines a knob named include.
  EXPECT_EQ(Parse("include = x").kind, Statement::Kind::kAssign);

  st = Parse("use FEATURE : A(x), B");
  EXPECT_EQ(st.kind, Statement::Kind::kUse);
  EXPECT_EQ(NameOf("use FEATURE : A(x), B", st), "FEATURE");
  st = Parse("use ROLE: Execute");
  EXPECT_EQ(NameOf("use ROLE: Execute", st), "ROLE");

  st = Parse("error : stop here");
  EXPECT_EQ(st.kind, Statement::Kind::kError);
  EXPECT_EQ(st.error_code, -1);
  st = Parse("error 7 : stop");
  EXPECT_EQ(st.error_code, 7);
  EXPECT_EQ(Parse("Warning : careful").kind, Statement::Kind::kWarning);
  EXPECT_EQ(Parse("[section]").kind, Statement::Kind::kIgnored);
}

TEST(ConfigSourceTest, StatementAfterAnIgnoredColon) {
  const Statement st = Parse(":X = 1", 1);
  EXPECT_EQ(NameOf(":X = 1", st), "X");
}

TEST(ConfigSourceTest, StatementErrorsAreLocated) {
  EXPECT_EQ(ParseError("JUSTANAME"),
            "f:1:1: 'JUSTANAME' is neither a definition nor a statement: no '=' or ':'");
  EXPECT_EQ(ParseError("X Y Z"), "f:1:1: 'X Y Z' has no operator: expected '=', ':', '+=' or '@='");
  EXPECT_EQ(ParseError("X @ 5"), "f:1:3: '@' must be followed by '=' (NAME @=TAG)");
  EXPECT_EQ(ParseError("X +x= 5"),
            "f:1:3: '+' must be followed by '=' or by one of , ; | & * and '='");
  EXPECT_EQ(ParseError("include junk : f"), "f:1:9: unexpected keyword(s) 'junk' after include");
}

TEST(ConfigSourceTest, UnterminatedLastLineErrorsSayWhy) {
  // HTCondor does not trim such a line: an indented comment is no comment.
  const auto lines = SplitLogicalLines("X = 1\n  # note", "f", {});
  ASSERT_TRUE(lines.ok());
  ASSERT_EQ(lines->size(), 2u);
  EXPECT_FALSE((*lines)[1].IsComment());
  classad::Result<Statement> st = ParseStatement((*lines)[1], 0, "f");
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.status().message().find("has no newline"), std::string::npos)
      << st.status().message();
}

TEST(ConfigSourceTest, PositionedTextAppendRangeKeepsPositions) {
  PositionedText a;
  a.Append("abc", 3, 5);
  a.Append("XY", 4, 1, false);
  a.Append("def", 7, 2);
  PositionedText b;
  b.AppendRange(a, 1, 7);  // "bcXYde"
  EXPECT_EQ(b.text(), "bcXYde");
  EXPECT_EQ(Where(b.LocationOf(0, "f")), "f:3:6");
  EXPECT_EQ(Where(b.LocationOf(3, "f")), "f:4:1");  // made-up text: one place
  EXPECT_EQ(Where(b.LocationOf(5, "f")), "f:7:3");
}

}  // namespace
}  // namespace policy
