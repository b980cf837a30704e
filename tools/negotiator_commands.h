// The negotiator program's commands, one file each (negotiator_<name>.cc);
// tools/negotiator.cc picks one by the first argument.
#ifndef TOOLS_NEGOTIATOR_COMMANDS_H_
#define TOOLS_NEGOTIATOR_COMMANDS_H_

// Each command takes the arguments from its own name on (argv[0] is
// "cycle", "simulate", ...) and returns the program's exit status: 0 done,
// 2 an input could not be read or an output written, 3 bad usage (with
// `negotiator simulate`, 1 is never used; `negotiator test` uses 1 for a
// failed assertion, as policy_lint does for a finding).
int RunCycleCommand(int argc, char** argv);
int RunSimulateCommand(int argc, char** argv);
int RunCompareCommand(int argc, char** argv);

// Each command's usage text, for the program's own help.
const char* CycleUsage();
const char* SimulateUsage();
const char* CompareUsage();

#endif  // TOOLS_NEGOTIATOR_COMMANDS_H_
