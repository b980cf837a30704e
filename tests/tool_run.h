// Helpers shared by the tests that run a built tool as a subprocess: the
// result of a run, shell quoting and reading a whole file.
#ifndef CLASSAD_TESTS_TOOL_RUN_H_
#define CLASSAD_TESTS_TOOL_RUN_H_

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

// Runs `binary` with `args` from `folder` in a clean environment (TZ=UTC,
// LC_ALL=C and the `env` words), its output captured through files in
// `folder`.
inline ToolRun RunToolIn(const std::string& folder, const std::string& binary,
                         const std::vector<std::string>& args, const std::string& env = "") {
  std::string command =
      "cd " + ShellQuote(folder) + " && env -i TZ=UTC LC_ALL=C " + env + " " + ShellQuote(binary);
  for (const std::string& arg : args) command += " " + ShellQuote(arg);
  command += " > " + ShellQuote(folder + "/out.txt") + " 2> " + ShellQuote(folder + "/err.txt");
  const int status = std::system(command.c_str());
  ToolRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = Slurp(folder + "/out.txt");
  run.err = Slurp(folder + "/err.txt");
  return run;
}

}  // namespace test_tools

#endif  // CLASSAD_TESTS_TOOL_RUN_H_
