// -version, as HTCondor's tools answer it: one line naming the program and
// the engine's version (classad/version.h, from the project's CMake
// version). Header-only; used by every tool's main.
#ifndef TOOLS_TOOL_VERSION_H_
#define TOOLS_TOOL_VERSION_H_

#include <string>
#include <string_view>

#include "classad/version.h"

namespace tools {

// True when an argument after the program name is -version or --version
// (wherever it stands, as HTCondor's tools take it); the caller then
// prints VersionLine and exits 0.
inline bool AsksForVersion(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-version" || arg == "--version") return true;
  }
  return false;
}

// "PROGRAM (classad_engine) X.Y.Z" followed by a line break.
inline std::string VersionLine(std::string_view program) {
  return std::string(program) + " (classad_engine) " + classad::kEngineVersion + "\n";
}

}  // namespace tools

#endif  // TOOLS_TOOL_VERSION_H_
