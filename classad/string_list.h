// HTCondor's string lists ("a, b,c"), as its StringTokenIterator reads them.
#ifndef CLASSAD_STRING_LIST_H_
#define CLASSAD_STRING_LIST_H_

#include <optional>
#include <string_view>
#include <vector>

namespace classad {

// The items of `list`: split at any byte of `delimiters`, white space
// trimmed from both ends of each item, empty items dropped. The views point
// into `list`. Thread-safe.
std::vector<std::string_view> SplitStringList(std::string_view list, std::string_view delimiters);

// The item of the comma list `groups` (SplitStringList) that HTCondor's
// userMap() chooses in its 3- and 4-argument forms: the one equal to
// `preferred` without regard to case (as the list spells it), else the
// first; nullopt when the list has no item. Thread-safe.
std::optional<std::string_view> ChooseUserMapItem(std::string_view groups,
                                                  std::string_view preferred);

}  // namespace classad

#endif  // CLASSAD_STRING_LIST_H_
