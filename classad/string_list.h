// HTCondor's string lists ("a, b,c"), as its StringTokenIterator reads them.
#ifndef CLASSAD_STRING_LIST_H_
#define CLASSAD_STRING_LIST_H_

#include <string_view>
#include <vector>

namespace classad {

// The items of `list`: split at any byte of `delimiters`, white space
// trimmed from both ends of each item, empty items dropped. The views point
// into `list`. Thread-safe.
std::vector<std::string_view> SplitStringList(std::string_view list, std::string_view delimiters);

}  // namespace classad

#endif  // CLASSAD_STRING_LIST_H_
