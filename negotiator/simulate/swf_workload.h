// A workload from a trace in the Standard Workload Format (SWF) of the
// Parallel Workloads Archive: `;` header comments, then one job per line
// in 18 whitespace-separated numeric fields (-1: not known):
//
//    1 job number         7 used memory (KB/proc)    13 group id
//    2 submit time (s)    8 requested processors     14 executable number
//    3 wait time          9 requested time (s)       15 queue number
//    4 run time (s)      10 requested memory (KB/proc) 16 partition number
//    5 allocated procs   11 status                   17 preceding job
//    6 average CPU time  12 user id                  18 think time
//
// Each line becomes an HTCondor job: arriving at the header's
// UnixStartTime (or SwfOptions::start) plus the submit time, running for
// the run time, asking for RequestCpus = the requested processors (the
// allocated ones when not given) and RequestMemory = the requested memory
// (the used memory when not given) times the processors, in MiB rounded
// up, with Requirements `(TARGET.Cpus >= RequestCpus) && (TARGET.Memory >=
// RequestMemory)` (a trace says nothing of architectures or disks; only
// the Cpus clause when it has no memory). Owner and AccountingGroup come
// from the user and group numbers through SwfOptions' maps (unmapped:
// `user<N>` and `group<N>`; group -1 gives no group), User is
// Owner@uid_domain, ClusterId the job number, ProcId 0; the requested time,
// queue and partition are kept as SwfRequestedTime, SwfQueue and
// SwfPartition when known.
//
// Left out and counted: jobs cancelled before they ran (status 5 with no
// positive run time), and jobs with no run time (-1). Errors, with file,
// line and column: a line without exactly 18 fields, a field that is not a
// number or is out of range (a processor count above 10^6, any other field
// above 10^12 in magnitude), a negative submit time, a job number seen
// before.
// Thread-safe.
#ifndef NEGOTIATOR_SIMULATE_SWF_WORKLOAD_H_
#define NEGOTIATOR_SIMULATE_SWF_WORKLOAD_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "classad/status.h"
#include "negotiator/simulate/workload.h"

namespace negotiator {

struct SwfOptions {
  // The epoch second of the trace's time 0 when its header has no
  // `; UnixStartTime:`.
  int64_t start = 0;
  std::string uid_domain = "example.org";  // users are Owner@uid_domain
  // User and group numbers to names (ReadSwfMapping); a group name is an
  // accounting group as GROUP_NAMES spells it.
  std::map<int64_t, std::string> users;
  std::map<int64_t, std::string> groups;
};

// Reads a mapping file into `options`' maps: one `user N NAME` or `group N
// NAME` per line, `#` comments and blank lines ignored. Errors with file,
// line and column: another keyword, a number that is not an integer, a
// name that is not a word of letters, digits, `_`, `-` and `.` (a group
// name) or `@`-free (a user name), a number mapped twice.
classad::Status ReadSwfMapping(const std::string& path, SwfOptions* options);
classad::Status ReadSwfMappingText(std::string_view text, const std::string& source_name,
                                   SwfOptions* options);

// Reads the trace at `path`.
classad::Result<Workload> ReadSwfWorkload(const std::string& path, const SwfOptions& options);
classad::Result<Workload> ReadSwfWorkloadText(std::string_view text,
                                              const std::string& source_name,
                                              const SwfOptions& options);

}  // namespace negotiator

#endif  // NEGOTIATOR_SIMULATE_SWF_WORKLOAD_H_
