// negotiator: HTCondor's negotiator on files, as commands.
//
//   negotiator cycle ...      one or more cycles on a pool snapshot
//   negotiator simulate ...   days of cycles with a workload arriving
//   negotiator compare ...    a snapshot or workload under two configurations
//   negotiator test FILE...   policy promises checked on simulations, for CI
//   negotiator sweep ...      a grid of simulations, locally or on HTCondor
//
// `negotiator COMMAND -help` prints the command's options.
#include <iostream>
#include <string>

#include "tools/negotiator_commands.h"
#include "tools/tool_version.h"

int main(int argc, char** argv) {
  if (tools::AsksForVersion(argc, argv)) {
    std::cout << tools::VersionLine("negotiator");
    return 0;
  }
  const std::string command = argc >= 2 ? argv[1] : "";
  if (command == "cycle") return RunCycleCommand(argc - 1, argv + 1);
  if (command == "simulate") return RunSimulateCommand(argc - 1, argv + 1);
  if (command == "compare") return RunCompareCommand(argc - 1, argv + 1);
  if (command == "test") return RunTestCommand(argc - 1, argv + 1);
  if (command == "sweep") return RunSweepCommand(argc - 1, argv + 1);
  if (command == "-help" || command == "--help" || command == "-h") {
    std::cout << "Runs HTCondor's negotiator on files: cycles on a pool snapshot (cycle), days\n"
                 "of cycles with a workload arriving (simulate), a snapshot or workload under\n"
                 "two configurations (compare), policy promises checked on simulations (test),\n"
                 "a grid of simulations (sweep). `negotiator COMMAND -help` prints one\n"
                 "command's options; `negotiator -version` the version.\n\n"
              << CycleUsage() << "\n" << SimulateUsage() << "\n" << CompareUsage() << "\n"
              << TestUsage() << "\n" << SweepUsage();
    return 0;
  }
  std::cerr << (command.empty() ? "negotiator: no command\n"
                                : "negotiator: unknown command '" + command + "'\n")
            << CycleUsage() << "\n"
            << SimulateUsage() << "\n"
            << CompareUsage() << "\n"
            << TestUsage() << "\n"
            << SweepUsage();
  return 3;
}
