// Helpers shared by the tests that run a built tool as a subprocess: the
// result of a run, shell quoting and reading a whole file.
#ifndef CLASSAD_TESTS_TOOL_RUN_H_
#define CLASSAD_TESTS_TOOL_RUN_H_

#include <fstream>
#include <sstream>
#include <string>

namespace test_tools {

// What a tool run gave: its exit status (-1 when it did not exit normally),
// standard output and standard error.
struct ToolRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `text` quoted for /bin/sh as one word.
inline std::string ShellQuote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// The bytes of the file at `path` (empty when it cannot be read).
inline std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace test_tools

#endif  // CLASSAD_TESTS_TOOL_RUN_H_
