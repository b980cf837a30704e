// The negotiator program's commands, one file each (negotiator_<name>.cc);
// tools/negotiator.cc picks one by the first argument.
#ifndef TOOLS_NEGOTIATOR_COMMANDS_H_
#define TOOLS_NEGOTIATOR_COMMANDS_H_

// Each command takes the arguments from its own name on (argv[0] is
// "cycle", "simulate", ...) and returns the program's exit status: 0 done,
// 2 an input could not be read or an output written, 3 bad usage.
// `negotiator test` follows policy_lint instead: 0 every promise kept, 2
// one was not, 3 bad usage or a test that could not run.
int RunCycleCommand(int argc, char** argv);
int RunSimulateCommand(int argc, char** argv);
int RunCompareCommand(int argc, char** argv);
int RunTestCommand(int argc, char** argv);
int RunSweepCommand(int argc, char** argv);

// Each command's usage text, for the program's own help.
const char* CycleUsage();
const char* SimulateUsage();
const char* CompareUsage();
const char* TestUsage();
const char* SweepUsage();

#endif  // TOOLS_NEGOTIATOR_COMMANDS_H_
