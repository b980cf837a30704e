// Tests of map files (HTCondor's MapFile with assume_hash, as usermaps are
// read) and of userMap()'s group choice.
#include "policy/usermap.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

namespace policy {
namespace {

UserMap MustParse(std::string_view text, const UserMap::Options& options = {}) {
  classad::Result<UserMap> map = UserMap::Parse(text, "test.map", options);
  EXPECT_TRUE(map.ok()) << map.status().ToString();
  if (!map.ok()) return *UserMap::Parse("", "empty");
  return std::move(*map);
}

// The error of reading `text`, as "line:column: message".
std::string ParseError(std::string_view text, const UserMap::Options& options = {}) {
  classad::Result<UserMap> map = UserMap::Parse(text, "test.map", options);
  if (map.ok()) return "";
  const classad::SourceLocation& at = map.status().where();
  EXPECT_EQ(at.file, "test.map");
  return std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
         map.status().message();
}

std::string Show(const std::optional<std::string>& value) { return value.value_or("<none>"); }

// A fresh folder under the test temporary directory.
std::string MakeTempDir() {
  std::string pattern = testing::TempDir() + "/usermap_test_XXXXXX";
  char* dir = mkdtemp(pattern.data());
  EXPECT_NE(dir, nullptr);
  return pattern;
}

void WriteFile(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

TEST(UserMapTest, LiteralsAndGroups) {
  UserMap map = MustParse(
      "* alice group_physics.hep,group_physics\n"
      "* bob group_bio\n"
      "* carol ,group_a,,group_b,\n"
      "* empty ,\n");
  EXPECT_EQ(map.size(), 4u);
  EXPECT_EQ(Show(map.Map("*", "alice")), "group_physics.hep,group_physics");
  EXPECT_EQ(Show(map.Map("*", "Alice")), "<none>");  // principals are case-sensitive
  EXPECT_EQ(Show(map.Map("*", "nobody")), "<none>");
  EXPECT_EQ(Show(map.MapGroup("alice", "")), "group_physics.hep");
  EXPECT_EQ(Show(map.MapGroup("alice", "group_physics")), "group_physics");
  EXPECT_EQ(Show(map.MapGroup("alice", "GROUP_Physics")), "group_physics");  // as the map spells it
  EXPECT_EQ(Show(map.MapGroup("alice", "group_bio")), "group_physics.hep");  // not allowed: first
  EXPECT_EQ(Show(map.MapGroup("bob", "group_physics")), "group_bio");
  EXPECT_EQ(Show(map.MapGroup("carol", "GROUP_B")), "group_b");
  EXPECT_EQ(Show(map.MapGroup("carol", "")), "group_a");
  EXPECT_EQ(Show(map.MapGroup("empty", "")), "<none>");  // only empty items
  EXPECT_EQ(Show(map.MapGroup("nobody", "group_bio")), "<none>");
}

TEST(UserMapTest, MethodsAreSubmapsComparedWithoutCase) {
  UserMap map = MustParse(
      "* alice all_alice\n"
      "SSL alice ssl_alice\n"
      "ssl /^b/ ssl_b\n"
      "alt alice math,hacking\n");
  EXPECT_EQ(Show(map.Map("*", "alice")), "all_alice");
  EXPECT_EQ(Show(map.Map("ssl", "alice")), "ssl_alice");
  EXPECT_EQ(Show(map.Map("Ssl", "bob")), "ssl_b");
  // `*` is the name of a submap, not a wildcard.
  EXPECT_EQ(Show(map.Map("KERBEROS", "alice")), "<none>");
  EXPECT_EQ(Show(map.Map("*", "bob")), "<none>");
  EXPECT_EQ(Show(map.MapGroup("alt", "alice", "HACKING")), "hacking");
  EXPECT_EQ(Show(map.MapGroup("alt", "bob", "")), "<none>");
}

TEST(UserMapTest, FirstMatchInFileOrderWins) {
  UserMap map = MustParse(
      "* alice first\n"
      "* alice second\n"  // same literal block: the first stays
      "* /^a/ regex\n"
      "* andy after_regex\n"
      "* /.*/ catch_all\n");
  EXPECT_EQ(Show(map.Map("*", "alice")), "first");
  EXPECT_EQ(Show(map.Map("*", "andy")), "regex");  // the regex line comes first
  EXPECT_EQ(Show(map.Map("*", "zed")), "catch_all");
  EXPECT_EQ(Show(map.Map("*", "")), "catch_all");
}

TEST(UserMapTest, RegexGroupsAndFlags) {
  UserMap map = MustParse(
      "* /^([a-z]+)@(cern|fnal)\\.ch$/ \\1_at_\\2\n"
      "* /^x(y)?z/ [\\0][\\1][\\2]\n"
      "* /^CASE/i caseless\n"
      "* /^(a+)/U ungreedy:\\1\n"
      "* /b+c/ unanchored\\\\literal\\q\n"
      "* literal \\0-\\1\n");
  EXPECT_EQ(Show(map.Map("*", "alice@cern.ch")), "alice_at_cern");
  EXPECT_EQ(Show(map.Map("*", "zed@cernxch")), "<none>");
  // PCRE2 reports groups up to the last one that took part: here none, so
  // \1 and \2 stay as they are.
  EXPECT_EQ(Show(map.Map("*", "xzz")), "[xz][\\1][\\2]");
  EXPECT_EQ(Show(map.Map("*", "xyz")), "[xyz][y][\\2]");
  EXPECT_EQ(Show(map.Map("*", "case")), "caseless");
  EXPECT_EQ(Show(map.Map("*", "aaa")), "ungreedy:a");
  EXPECT_EQ(Show(map.Map("*", "zzbbbcz")), "unanchored\\\\literal\\q");
  EXPECT_EQ(Show(map.Map("*", "literal")), "literal-\\1");  // a literal's \0 is itself
}

TEST(UserMapTest, QuotesAndEscapes) {
  UserMap map = MustParse(
      "* \"John Smith\" js\n"
      "* \"say \\\"hi\\\"\" quoted\n"
      "* \"back\\\\slash\" one_backslash\n"
      "* \"keep\\x\" kept\n"
      "* /a\\/b/ slash\n"
      "* /^c\\\\.d$/ escaped_dot\n"
      "\"two words\" user spaced_method\n"
      "* u \"group one, group two\"\n"
      "* /^(m)?(n)/ [\\1][\\2]\n");
  EXPECT_EQ(Show(map.Map("*", "John Smith")), "js");
  EXPECT_EQ(Show(map.Map("*", "say \"hi\"")), "quoted");
  EXPECT_EQ(Show(map.Map("*", "back\\slash")), "one_backslash");
  EXPECT_EQ(Show(map.Map("*", "keep\\x")), "kept");
  EXPECT_EQ(Show(map.Map("*", "xa/bx")), "slash");
  // `\\.` in the file is `\.` in the pattern: a literal dot.
  EXPECT_EQ(Show(map.Map("*", "c.d")), "escaped_dot");
  EXPECT_EQ(Show(map.Map("*", "cxd")), "<none>");
  EXPECT_EQ(Show(map.Map("two words", "user")), "spaced_method");
  EXPECT_EQ(Show(map.MapGroup("u", "group two")), "group two");
  // A group before the last one that took part, but not itself: "".
  EXPECT_EQ(Show(map.Map("*", "n")), "[][n]");
}

TEST(UserMapTest, CommentsAndBlankLines) {
  UserMap map = MustParse(
      "# a comment\n"
      "\n"
      "   \t  \n"
      "   # indented comment\n"
      "#* alice commented_out\n"
      "\t*\talice\tgroup_a\t\n"
      "* bob group_b");  // no final newline
  EXPECT_EQ(map.size(), 2u);
  EXPECT_EQ(Show(map.Map("*", "alice")), "group_a");
  EXPECT_EQ(Show(map.Map("*", "bob")), "group_b");
  EXPECT_TRUE(map.warnings().empty());
  EXPECT_EQ(MustParse("").size(), 0u);
}

TEST(UserMapTest, Warnings) {
  UserMap map = MustParse("* alice group_a group_b\r\n* bob g\r\n");
  EXPECT_EQ(Show(map.Map("*", "alice")), "group_a");
  EXPECT_EQ(Show(map.Map("*", "bob")), "g\r");  // HTCondor keeps the \r
  ASSERT_EQ(map.warnings().size(), 2u);
  EXPECT_NE(map.warnings()[0].message().find("CRLF"), std::string::npos);
  EXPECT_EQ(map.warnings()[1].where().line, 1);
  EXPECT_EQ(map.warnings()[1].where().column, 17);
  EXPECT_NE(map.warnings()[1].message().find("ignored"), std::string::npos);
}

// The warnings of `map`, each as "line:column: message".
std::vector<std::string> WarningsOf(const UserMap& map) {
  std::vector<std::string> out;
  for (const classad::Status& w : map.warnings()) {
    out.push_back(std::to_string(w.where().line) + ":" + std::to_string(w.where().column) + ": " +
                  w.message());
  }
  return out;
}

// MapFile::ParseCanonicalization and ParseField: a line with a field
// missing is logged and skipped; a quote or regex left open runs to the
// end of the line, its newline included; a closing quote or slash ends its
// field, and what follows at once is the next field.
TEST(UserMapTest, OddLinesAreReadAsHTCondorReadsThem) {
  using V = std::vector<std::string>;
  UserMap map = MustParse("* alice group\n*\n# ok\n* bob\n");
  EXPECT_EQ(map.size(), 1u);
  EXPECT_EQ(WarningsOf(map),
            (V{"2:2: the line has a method but no principal: HTCondor skips it",
               "4:6: the line has no canonical name: HTCondor skips it"}));
  // An empty regex is an empty principal.
  EXPECT_EQ(MustParse("* // g\n").size(), 0u);

  map = MustParse("* carol \"group one\n* \"open quote g\n* /open g\n");
  EXPECT_EQ(Show(map.Map("*", "carol")), "group one\n");
  EXPECT_EQ(map.size(), 1u);  // the open principals leave no canonical name
  ASSERT_EQ(map.warnings().size(), 5u);
  EXPECT_NE(map.warnings()[0].message().find("no closing \": HTCondor takes the rest of the line"),
            std::string::npos);
  EXPECT_NE(map.warnings()[3].message().find("no closing /"), std::string::npos);

  map = MustParse("* /abc/x g\n* \"dan\"def g\n* /path/to file_like\n");
  EXPECT_EQ(Show(map.Map("*", "zabcz")), "x");
  EXPECT_EQ(Show(map.Map("*", "dan")), "def");
  EXPECT_EQ(Show(map.Map("*", "/a/path/b")), "to");
  EXPECT_EQ(WarningsOf(map)[0],
            "1:8: 'x' right after the regular expression (its flags are i and U) starts the next "
            "field, as in HTCondor");
  EXPECT_EQ(WarningsOf(map)[2],
            "2:8: 'd' right after the closing quote starts the next field, as in HTCondor");

  // Still an error: HTCondor's substitution reads past the end of the name.
  EXPECT_EQ(ParseError("* alice group\\\n"),
            "1:9: the canonical name ends with a lone backslash (HTCondor reads past its end)");
}

TEST(UserMapTest, RegexesRE2CannotMatchLikePCRE2AreRefused) {
  struct Case {
    const char* line;
    const char* message_part;
  } cases[] = {
      {"* /(a)\\\\1/ g", "\\1 (a backreference"},
      {"* /(?=a)b/ g", "RE2 cannot compile it"},
      {"* /(?<=a)b/ g", "RE2 cannot compile it"},
      {"* /a++/ g", "RE2 cannot compile it"},
      {"* /(?>a)/ g", "RE2 cannot compile it"},
      {"* /a\\\\vb/ g", "\\v is not supported"},
      {"* /a\\\\hb/ g", "\\h is not supported"},
      {"* /\\\\p{L}/ g", "\\p is not supported"},
      {"* /a{,3}/ g", "{,n}"},
      {"* /[\\\\S]/ g", "\\S inside a character class"},
      {"* /caf\xc3\xa9/i g", "case-insensitive matching of a byte above 0x7f"},
      {"* /(?i)caf\xc3\xa9/ g", "case-insensitive"},
      {"* /\\\\xe9/i g", "case-insensitive"},
      {"* /a{2000}/ g", "RE2 cannot compile it"},
      {"* /(/ g", "RE2 cannot compile it"},
      {"* /a(?i)b/ g", "case-insensitive inline group"},
      {"* /a|(?i:b)/ g", "case-insensitive inline group"},
      {"* /\\b*/ g", "repeated assertion"},
      {"* /^?a/ g", "repeated assertion"},
      {"* /(?s)+a/ g", "repeated assertion"},
      {"* /[\\d-z]/ g", "range starting with a class"},
      {"* /[a-\\d]/ g", "range ending in a class"},
      {"* /[:alpha:]/ g", "POSIX class syntax outside"},
      {"* /[[.a.]]/ g", "collating element"},
  };
  for (const Case& c : cases) {
    std::string message = ParseError(c.line);
    EXPECT_NE(message.find(c.message_part), std::string::npos) << c.line << " -> " << message;
    EXPECT_EQ(message.rfind("1:3: the regular expression /", 0), 0u) << message;
  }
  // Non-ASCII bytes are fine when case matters, each byte one character
  // as in PCRE2 (and alternatives sharing a first byte above 0x7f match:
  // RE2's Latin-1 mode gets those wrong).
  UserMap map = MustParse(
      "* /^caf\xc3\xa9$/ accented\n* /\\s/ has_blank\n* /^\xc3\xa9x|^\xc3\xa9y/ shared\n"
      "* /^(.)(.)$/ \\2\\1\n* /^[[:alpha:]_-]+$/i posix\n* /(?i)^MiXeD\\.x$/ leading_flag\n");
  EXPECT_EQ(Show(map.Map("*", "caf\xc3\xa9")), "accented");
  EXPECT_EQ(Show(map.Map("*", "\xc3\xa9y")), "shared");
  EXPECT_EQ(Show(map.Map("*", "\xc3\xa9")), "\xa9\xc3");  // two bytes, swapped
  EXPECT_EQ(Show(map.Map("*", "Some_Name-x")), "posix");
  EXPECT_EQ(Show(map.Map("*", "mixed.X")), "leading_flag");
  // PCRE2's \s includes the vertical tab.
  EXPECT_EQ(Show(map.Map("*", "a\vb")), "has_blank");
}

TEST(UserMapTest, NewlinesInPrincipalsAgainstDollar) {
  UserMap map = MustParse("* /^alice$/ anchored\n* /^bob/ plain\n");
  classad::Result<std::optional<std::string>> r = map.TryMap("*", "alice\n");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("not supported by this tool"), std::string::npos);
  EXPECT_EQ(Show(map.Map("*", "alice\n")), "<none>");
  EXPECT_EQ(Show(map.Map("*", "alice")), "anchored");
  // A regex without $ matches newlines as PCRE2 does.
  UserMap plain = MustParse("* /^bob/ plain\n");
  EXPECT_EQ(Show(plain.Map("*", "bob\nx")), "plain");
}

TEST(UserMapTest, HostileInput) {
  EXPECT_EQ(ParseError(std::string("* alice g\n* b\0b g\n", 18)), "2:4: NUL byte in a map file");
  EXPECT_EQ(ParseError("* alice g\n* \xff g\n"), "2:3: a byte that is not UTF-8 in a map file");
  EXPECT_EQ(ParseError("* \xc0\xaf g\n"), "1:3: a byte that is not UTF-8 in a map file");
  UserMap::Options small;
  small.max_bytes = 10;
  classad::Result<UserMap> big = UserMap::Parse("* alice group_a\n", "test.map", small);
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.status().code(), classad::StatusCode::kLimitExceeded);
  UserMap::Options few;
  few.max_entries = 2;
  classad::Result<UserMap> many = UserMap::Parse("* a g\n* b g\n* c g\n", "test.map", few);
  ASSERT_FALSE(many.ok());
  EXPECT_EQ(many.status().code(), classad::StatusCode::kLimitExceeded);
  EXPECT_EQ(many.status().where().line, 3);

  // A huge line, and a regex that backtracking engines take exponential
  // time on: RE2 is linear.
  std::string line = "* " + std::string(1 << 20, 'u') + " g\n";
  EXPECT_EQ(MustParse(line).size(), 1u);
  UserMap evil = MustParse("* /^(a+)+$/ evil\n");
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(Show(evil.Map("*", std::string(100000, 'a') + "b")), "<none>");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(UserMapTest, IncludeRefusedWhenDepthIsZero) {
  UserMap::Options none;
  none.max_include_depth = 0;
  UserMap map = MustParse("* a g\n@include other.map\n", none);
  EXPECT_EQ(Show(map.Map("*", "a")), "g");
  ASSERT_EQ(map.warnings().size(), 1u);
  EXPECT_EQ(map.warnings()[0].ToString().rfind("test.map:2:10: @include is not allowed here", 0),
            0u)
      << map.warnings()[0].ToString();
  EXPECT_EQ(MustParse("@include\n").warnings()[0].ToString(),
            "test.map:1:9: @include needs a file or folder: HTCondor skips it");
}

TEST(UserMapTest, IncludeFilesAndFolders) {
  const std::string dir = MakeTempDir();
  WriteFile(dir + "/main.map",
            "* alice from_main\n"
            "@include part.map\n"
            "@include parts.d\n"
            "* zed from_main_after\n");
  WriteFile(dir + "/part.map", "* bob from_part\n* alice shadowed\n");
  std::filesystem::create_directory(dir + "/parts.d");
  WriteFile(dir + "/parts.d/20-second.map", "* carol from_second\n* dave second_dave\n");
  WriteFile(dir + "/parts.d/10-first.map", "* dave first_dave\n");
  WriteFile(dir + "/parts.d/30-old.map.rpmsave", "* erin excluded\n");
  WriteFile(dir + "/parts.d/.hidden", "* erin excluded\n");
  WriteFile(dir + "/parts.d/backup~", "* erin excluded\n");
  std::filesystem::create_directory(dir + "/parts.d/subdir");
  classad::Result<UserMap> map = UserMap::Load(dir + "/main.map");
  ASSERT_TRUE(map.ok()) << map.status().ToString();
  EXPECT_EQ(map->size(), 7u);
  EXPECT_EQ(Show(map->Map("*", "alice")), "from_main");
  EXPECT_EQ(Show(map->Map("*", "bob")), "from_part");
  EXPECT_EQ(Show(map->Map("*", "carol")), "from_second");
  EXPECT_EQ(Show(map->Map("*", "dave")), "first_dave");  // 10-first is read before 20-second
  EXPECT_EQ(Show(map->Map("*", "erin")), "<none>");
  EXPECT_EQ(Show(map->Map("*", "zed")), "from_main_after");

  // Text read with Parse resolves relative includes against its name's folder.
  classad::Result<UserMap> parsed =
      UserMap::Parse("@include part.map\n", dir + "/virtual.map");
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  EXPECT_EQ(Show(parsed->Map("*", "bob")), "from_part");
  // An absolute path is used as it is.
  parsed = UserMap::Parse("@include " + dir + "/part.map\n", "elsewhere/x.map");
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  EXPECT_EQ(Show(parsed->Map("*", "bob")), "from_part");
  std::filesystem::remove_all(dir);
}

// What HTCondor logs and skips (an included file's @include, an include it
// cannot read) is a warning; a cycle, possible only with deeper nesting
// than HTCondor's, is an error.
TEST(UserMapTest, IncludeProblems) {
  const std::string dir = MakeTempDir();
  WriteFile(dir + "/nested.map", "* a g\n@include inner.map\n");
  WriteFile(dir + "/inner.map", "* b g\n@include nested.map\n");
  WriteFile(dir + "/top.map", "@include nested.map\n");
  // HTCondor reads an included file with @include disabled.
  classad::Result<UserMap> map = UserMap::Load(dir + "/top.map");
  ASSERT_TRUE(map.ok()) << map.status().ToString();
  EXPECT_EQ(Show(map->Map("*", "a")), "g");
  EXPECT_EQ(Show(map->Map("*", "b")), "<none>");
  ASSERT_EQ(map->warnings().size(), 1u);
  EXPECT_EQ(map->warnings()[0].where().file, dir + "/nested.map");
  EXPECT_EQ(map->warnings()[0].where().line, 2);
  EXPECT_NE(map->warnings()[0].message().find("@include in an included map file: HTCondor skips"),
            std::string::npos);
  // Deeper nesting, when allowed, stops at a cycle.
  UserMap::Options deep;
  deep.max_include_depth = 10;
  map = UserMap::Load(dir + "/top.map", deep);
  ASSERT_FALSE(map.ok());
  EXPECT_NE(map.status().message().find("@include cycle"), std::string::npos)
      << map.status().ToString();
  // A missing include.
  WriteFile(dir + "/missing.map", "* a g\n@include no_such.map\n* c h\n");
  map = UserMap::Load(dir + "/missing.map");
  ASSERT_TRUE(map.ok()) << map.status().ToString();
  EXPECT_EQ(Show(map->Map("*", "c")), "h");
  ASSERT_EQ(map->warnings().size(), 1u);
  EXPECT_EQ(map->warnings()[0].where().line, 2);
  EXPECT_EQ(map->warnings()[0].where().column, 10);
  EXPECT_NE(map->warnings()[0].message().find("cannot read the map file"), std::string::npos);
  // A named pipe is not read (it could block forever).
  ASSERT_EQ(mkfifo((dir + "/pipe.map").c_str(), 0600), 0);
  WriteFile(dir + "/pipe_user.map", "@include pipe.map\n");
  map = UserMap::Load(dir + "/pipe_user.map");
  ASSERT_TRUE(map.ok()) << map.status().ToString();
  ASSERT_EQ(map->warnings().size(), 1u);
  EXPECT_NE(map->warnings()[0].message().find("not a regular file"), std::string::npos);
  // Load itself.
  EXPECT_EQ(UserMap::Load(dir + "/absent.map").status().code(), classad::StatusCode::kIoError);
  EXPECT_EQ(UserMap::Load(dir).status().code(), classad::StatusCode::kIoError);
  std::filesystem::remove_all(dir);
}

TEST(UserMapTest, ExampleAccountingGroupsMap) {
  classad::Result<UserMap> map =
      UserMap::Load(std::string(CLASSAD_EXAMPLES_DIR) + "/policy/accounting_groups.map");
  ASSERT_TRUE(map.ok()) << map.status().ToString();
  EXPECT_TRUE(map->warnings().empty());
  EXPECT_EQ(map->size(), 11u);
  EXPECT_EQ(Show(map->MapGroup("alice", "")), "group_physics.hep");
  EXPECT_EQ(Show(map->MapGroup("alice", "group_physics")), "group_physics");
  EXPECT_EQ(Show(map->MapGroup("alice", "group_bio")), "group_physics.hep");
  EXPECT_EQ(Show(map->MapGroup("bob", "")), "group_physics.lep");
  EXPECT_EQ(Show(map->MapGroup("carol", "group_physics.lep")), "group_physics.lep");
  EXPECT_EQ(Show(map->MapGroup("frank", "group_chemistry")), "group_chemistry");
  EXPECT_EQ(Show(map->MapGroup("grace", "")), "group_bio");
  EXPECT_EQ(Show(map->MapGroup("cmsprod", "")), "group_physics.hep");
  EXPECT_EQ(Show(map->MapGroup("LHCbSoft", "")), "group_physics.hep");
  EXPECT_EQ(Show(map->MapGroup("lep42", "")), "group_physics.lep");
  EXPECT_EQ(Show(map->MapGroup("lep420", "")), "<none>");
  EXPECT_EQ(Show(map->MapGroup("chem101_zoe", "")), "group_chemistry");
  EXPECT_EQ(Show(map->MapGroup("mallory", "group_physics")), "<none>");
}

TEST(UserMapTest, ConcurrentLookups) {
  UserMap map = MustParse("* alice a\n* /^u([0-9]+)$/ g\\1\n");
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&map, &wrong, t]() {
      for (int i = 0; i < 2000; ++i) {
        std::string user = "u" + std::to_string(i * 4 + t);
        if (map.Map("*", user) != "g" + std::to_string(i * 4 + t)) ++wrong;
        if (map.MapGroup("alice", "") != "a") ++wrong;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
  UserMap copy = map;  // copies share the entries
  EXPECT_EQ(Show(copy.Map("*", "u7")), "g7");
}

}  // namespace
}  // namespace policy
