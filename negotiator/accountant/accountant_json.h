// The accountant's state as JSON: what `userprio --export` writes and
// `userprio --import` reads, so that administrators can back up, diff and
// seed the accountant, and tests and examples can start from a known state.
//
// The document (docs/userprio.md describes it for administrators):
//
//   {
//     "FormatVersion": 1,
//     "LastUpdateTime": 1700000000,
//     "Customers": {
//       "<none>": { "Priority": 0.5, "PriorityFactor": 1000, ... },
//       "alice@cs.wisc.edu": { ... }
//     },
//     "Resources": {
//       "slot1@<10.0.0.1:9618>": { "RemoteUser": "alice@cs.wisc.edu", ... }
//     },
//     "GroupQuotas": {
//       "group_physics": { "StaticQuota": true, "ConfigQuota": 20, ... }
//     }
//   }
//
// Records are keyed by name and carry HTCondor's attribute names (reference
// §1.2). A customer has Priority (the RUP as stored, as in HTCondor's log),
// PriorityFactor, Ceiling, Floor, ResourcesUsed, WeightedResourcesUsed,
// HierWeightedResourcesUsed, UnchargedTime, WeightedUnchargedTime,
// AccumulatedUsage, WeightedAccumulatedUsage, BeginUsageTime and
// LastUsageTime; a resource has RemoteUser, SlotWeight, StartTime,
// MatchedConcurrencyLimits and NumCpMatches. GroupQuotas is the last
// negotiation cycle's group quota table (GroupQuotaRecord): per group
// StaticQuota (a boolean), ConfigQuota, SubtreeQuota, EffectiveQuota,
// Requested, SurplusReceived, Allocated, WeightedResourcesUsed and
// CycleTime. It is written only when the table is not empty, so a state
// without one exports exactly as before the key existed; it is optional on
// import (FormatVersion stays 1), and a document without it imports an
// empty table.
//
// Reading is strict: the text must be RFC 8259 JSON (a UTF-8 byte order
// mark at the start is skipped), every key must be one of the above, each
// at most once; integers (times, counts, Ceiling, Floor) must be written
// without a fraction or exponent and fit in 64 bits; every number must be
// finite; StaticQuota must be true or false. A record may leave attributes out: they take the values a new
// record has (CustomerRecord / ResourceRecord). FormatVersion and
// LastUpdateTime are required. Every error names the source, line and
// column (columns count UTF-8 code points).
#ifndef NEGOTIATOR_ACCOUNTANT_ACCOUNTANT_JSON_H_
#define NEGOTIATOR_ACCOUNTANT_ACCOUNTANT_JSON_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "classad/status.h"
#include "negotiator/accountant/store/accountant_store.h"

namespace negotiator {

// The FormatVersion this program writes and the only one it reads.
inline constexpr int kAccountantJsonFormatVersion = 1;

// Limits of ParseAccountantJson, each with its default. A document over a
// limit is refused with kLimitExceeded; nothing is partly read.
struct AccountantJsonOptions {
  // Bytes of the whole document (1 GiB; a pool of 100,000 submitters and
  // 200,000 claimed slots exports to about 100 MB).
  size_t max_input_bytes = size_t{1} << 30;
  // Bytes of one string after unescaping: a record name or a string value.
  size_t max_string_bytes = 64 * 1024;
  // Customer, resource and group quota records together.
  size_t max_records = 10'000'000;
};

// The whole snapshot as a JSON document: pretty-printed (two-space indent,
// one attribute a line), records sorted by name (byte order), attributes in
// the fixed order listed in the file comment, a newline at the end. Doubles
// are written in the shortest form that reads back to the same bits, so
// Parse(Export(s)) == s exactly. The output is a pure function of the
// snapshot. Names must be unique within customers and within resources
// (Accountant::Snapshot guarantees it; duplicates would be written twice
// and refused when read). A non-finite double, which the accountant never
// stores, is written as null, which ParseAccountantJson refuses.
// Thread-safe.
std::string ExportAccountantJson(const AccountantSnapshot& snapshot);

// Reads a document written by ExportAccountantJson (or by hand, see the
// file comment). `source_name` names the input in error messages (a file
// name, or "<stdin>"). Records come back sorted by name. Errors:
// kParseError for anything that is not a valid document (with
// source:line:col), kLimitExceeded for a limit of `options`,
// kFailedPrecondition for a FormatVersion other than
// kAccountantJsonFormatVersion. Never crashes or recurses on hostile input:
// the reader follows the document's fixed shape and refuses any other
// value where it stands. Thread-safe.
classad::Result<AccountantSnapshot> ParseAccountantJson(std::string_view text,
                                                        const std::string& source_name,
                                                        const AccountantJsonOptions& options = {});

// ParseAccountantJson of the regular file `path` ("-": standard input,
// named "<stdin>"). The size is checked against options.max_input_bytes
// before reading (kLimitExceeded); a file that cannot be read, or is not a
// regular file, is kIoError. Not thread-safe for "-".
classad::Result<AccountantSnapshot> ReadAccountantJsonFile(const std::string& path,
                                                           const AccountantJsonOptions& options = {});

}  // namespace negotiator

#endif  // NEGOTIATOR_ACCOUNTANT_ACCOUNTANT_JSON_H_
