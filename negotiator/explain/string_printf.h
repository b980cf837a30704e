// printf into a std::string, for the reports' fixed-width tables (the
// cycle's tables, DIRAC's records). One home for it.
#ifndef NEGOTIATOR_EXPLAIN_STRING_PRINTF_H_
#define NEGOTIATOR_EXPLAIN_STRING_PRINTF_H_

#include <string>

namespace negotiator::explain {

// `format` with its arguments, as std::snprintf formats them, whole (no
// length limit); empty on a formatting error. Thread-safe.
std::string StringPrintf(const char* format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace negotiator::explain

#endif  // NEGOTIATOR_EXPLAIN_STRING_PRINTF_H_
