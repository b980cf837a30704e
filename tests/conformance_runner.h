// Loads ../shared/conformance-style case files (tests/data/conformance) and
// runs each case through the library, producing the one output line the
// reference prints. Used by conformance_test.cc.
#ifndef CLASSAD_TESTS_CONFORMANCE_RUNNER_H_
#define CLASSAD_TESTS_CONFORMANCE_RUNNER_H_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "classad/classad.h"
#include "classad/status.h"

namespace classad::testing {

// One line of cases.tsv (or of quirks.tsv, whose seventh field, the
// reason, is not kept).
struct ConformanceCase {
  std::string id;
  std::string kind;  // eval-compat | eval-strict | unparse | parse-error
  std::string my_ad;      // file name or "-"
  std::string target_ad;  // file name or "-"
  std::string expression;
  std::string expected;
};

// Reads `path`; skips comments. Fails on a malformed line (one with fewer
// than six or more than seven tab-separated fields).
Result<std::vector<ConformanceCase>> LoadCases(const std::string& path);

// The ads a case refers to, parsed once.
class AdLibrary {
 public:
  explicit AdLibrary(std::string dir) : dir_(std::move(dir)) {}
  // The ad in `name` ("-" gives null). Fails when unreadable or invalid.
  Result<const ClassAd*> Get(const std::string& name);

 private:
  std::string dir_;
  std::map<std::string, std::shared_ptr<ClassAd>> ads_;
};

// How a case goes through the library.
struct LibraryPath {
  bool compiled = true;   // compiled programs; false: the tree walker alone
  bool fast_path = true;  // the hand-written parser first; false: ANTLR alone
};

// The output line of one case, computed with the library along `path`.
std::string RunCaseWithLibrary(const ConformanceCase& c, AdLibrary& ads,
                               const LibraryPath& path = {});

}  // namespace classad::testing

#endif  // CLASSAD_TESTS_CONFORMANCE_RUNNER_H_
