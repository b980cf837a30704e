// Hostile configuration input: each must give a clear, located error (or a
// value) quickly, never a crash, a hang or runaway memory.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "policy/config_reader.h"
#include "tests/policy/config_test_util.h"

namespace policy {
namespace {

using testing_util::MustRead;
using testing_util::ReadError;
using testing_util::TempFolder;
using testing_util::TestOptions;
using testing_util::ValueIn;
using testing_util::ValueOf;

// Fails the test when `body` takes more than `seconds`.
template <typename Body>
void WithinSeconds(double seconds, Body body) {
  const auto start = std::chrono::steady_clock::now();
  body();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  EXPECT_LT(took.count(), seconds);
}

TEST(ConfigHostileTest, AThousandDeepIncludeChain) {
  TempFolder folder;
  for (int i = 0; i < 1000; ++i) {
    folder.Write("f" + std::to_string(i),
                 "include : " + folder.path() + "/f" + std::to_string(i + 1) + "\n");
  }
  folder.Write("f1000", "END = 1\n");
  WithinSeconds(5, [&] {
    auto config = ReadConfigFiles({folder.path() + "/f0"}, TestOptions());
    ASSERT_FALSE(config.ok());
    EXPECT_EQ(config.status().code(), classad::StatusCode::kLimitExceeded);
    EXPECT_EQ(config.status().where().file, folder.path() + "/f19");
    EXPECT_EQ(config.status().where().line, 1);
  });
}

TEST(ConfigHostileTest, DoublingMacrosAtUse) {
  std::string text = "A0 = $(A0:x)y\n";
  for (int i = 1; i < 64; ++i) {
    text += "A" + std::to_string(i) + " = $(A" + std::to_string(i - 1) + ")$(A" +
            std::to_string(i - 1) + ")$(A" + std::to_string(i - 1) + ")\n";
  }
  WithinSeconds(5, [&] {
    const std::string value = ValueIn(text, "A63");
    EXPECT_EQ(value.substr(0, 7), "<error:") << value.substr(0, 200);
  });
}

TEST(ConfigHostileTest, DoublingMacrosAtDefinition) {
  std::string text = "A = x\n";
  for (int i = 0; i < 200; ++i) text += "A = $(A)$(A)$(A)$(A)\n";
  WithinSeconds(5, [&] {
    const std::string error = ReadError(text);
    EXPECT_NE(error.find("ConfigOptions::max_expanded_bytes"), std::string::npos) << error;
  });
}

TEST(ConfigHostileTest, ManyCopiesOfALargeValueAreBounded) {
  // Each line stores another copy of a large value in History().
  std::string text = "A = " + std::string(200000, 'x') + "\n";
  for (int i = 0; i < 2000; ++i) text += "B" + std::to_string(i) + " = $(A)\nA = $(A)\n";
  ConfigOptions options = TestOptions();
  options.max_total_value_bytes = 32 << 20;
  WithinSeconds(10, [&] {
    const std::string error = ReadError(text, options);
    EXPECT_NE(error.find("ConfigOptions::max_total_value_bytes"), std::string::npos) << error;
  });
}

TEST(ConfigHostileTest, AMillionCharacterLine) {
  const std::string text = "X = 1\nY = " + std::string(1000000, 'y') + "\n";
  EXPECT_EQ(ReadError(text),
            "test.conf:2:1: logical line is longer than 262144 bytes "
            "(SourceLimits::max_line_bytes)");
  // Also built from continuation lines.
  std::string continued = "Y = \\\n";
  for (int i = 0; i < 10000; ++i) continued += std::string(100, 'c') + " \\\n";
  const std::string error = ReadError(continued);
  EXPECT_NE(error.find("SourceLimits::max_line_bytes"), std::string::npos) << error;
}

TEST(ConfigHostileTest, NulBytesAndBinaryFiles) {
  EXPECT_EQ(ReadError(std::string("X = 1\nY = \0\n", 12)),
            "test.conf:2:5: NUL byte in configuration text (a binary file?)");
  TempFolder folder;
  std::string binary;
  for (int i = 0; i < 4096; ++i) binary += static_cast<char>((i * 7919) % 256);
  const std::string path = folder.Write("binary", binary);
  const std::string error = ReadError("include : " + path + "\n");
  EXPECT_EQ(error.substr(0, path.size() + 5), path + ":1:1:") << error;
}

TEST(ConfigHostileTest, InvalidUtf8) {
  EXPECT_EQ(ReadError("X = 1\n# caf\xe9 (Latin-1)\n"),
            "test.conf:2:6: byte that is not UTF-8 in configuration text");
}

TEST(ConfigHostileTest, DeeplyNestedIfs) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "if true\n";
  WithinSeconds(
      5, [&] { EXPECT_EQ(ReadError(text).substr(0, 35), "test.conf:64:1: if nesting too deep"); });
}

TEST(ConfigHostileTest, DeeplyNestedMacroText) {
  std::string value;
  for (int i = 0; i < 60000; ++i) value += "$(";
  value += "X";
  for (int i = 0; i < 60000; ++i) value += ")";
  WithinSeconds(5, [&] { EXPECT_EQ(ValueIn("V = " + value + "\n", "V"), ""); });
  std::string unclosed;
  for (int i = 0; i < 40000; ++i) unclosed += "$(A:(";
  WithinSeconds(5, [&] { EXPECT_TRUE(ValueIn("V = " + unclosed + "\n", "V") == unclosed); });
}

TEST(ConfigHostileTest, ManyEmptyMacrosInOneValue) {
  std::string value;
  for (int i = 0; i < 2000; ++i) value += "$(E)";
  WithinSeconds(5, [&] { EXPECT_EQ(ValueIn("E =\nV = a" + value + "b\n", "V"), "ab"); });
}

TEST(ConfigHostileTest, DefinitionCountLimit) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += "K" + std::to_string(i) + " = 1\n";
  ConfigOptions options = TestOptions();
  options.max_definitions = 500;
  EXPECT_EQ(ReadError(text, options),
            "test.conf:499:1: more than 500 definitions (ConfigOptions::max_definitions)");
}

TEST(ConfigHostileTest, FileSizeLimit) {
  ConfigOptions options = TestOptions();
  options.source.max_file_bytes = 1000;
  TempFolder folder;
  const std::string big = folder.Write("big", std::string(2000, '#') + "\n");
  EXPECT_EQ(ReadError("include : " + big + "\n", options),
            "test.conf:1:11: cannot include '" + big +
                "': is larger than 1000 bytes (SourceLimits::max_file_bytes)");
}

TEST(ConfigHostileTest, AHugeHereDocumentWithoutEnd) {
  std::string text = "X @=never\n";
  for (int i = 0; i < 100000; ++i) text += "line " + std::to_string(i) + "\n";
  WithinSeconds(5, [&] {
    EXPECT_EQ(ReadError(text).substr(0, 51), "test.conf:1:1: end of file while looking for '@neve");
  });
}

TEST(ConfigHostileTest, ExpansionOfEveryDefinitionOfARandomishText) {
  // A mix of everything, read and every knob expanded: no crash.
  const std::string text =
      "A = $(B:$(C:$(A)))\nB = $$(x) $(DOLLAR)(A) $ENV(PATH:$(A))\nC = $(A$(B))\n"
      "D = $(\nE = )\nF = $(D)$(E)$(D)F$(E)\nif defined A\nG @=x\n$(G)\n@x\nendif\n";
  const Config config = MustRead(text);
  for (const ConfigEntry* entry : config.Entries()) {
    (void)ValueOf(config, entry->name);
  }
  EXPECT_NE(ValueOf(config, "A").find("macro expansion loop"), std::string::npos);
}

}  // namespace
}  // namespace policy
