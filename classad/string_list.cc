#include "classad/string_list.h"

namespace classad {
namespace {

bool IsListSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

bool IsDelimiter(char c, std::string_view delimiters) {
  return delimiters.find(c) != std::string_view::npos;
}

}  // namespace

std::vector<std::string_view> SplitStringList(std::string_view list, std::string_view delimiters) {
  std::vector<std::string_view> items;
  size_t i = 0;
  const size_t n = list.size();
  while (i < n) {
    while (i < n && (IsDelimiter(list[i], delimiters) || IsListSpace(list[i]))) ++i;
    if (i >= n) break;
    const size_t begin = i;
    size_t last = i;  // last byte that is not white space
    while (i < n && !IsDelimiter(list[i], delimiters)) {
      if (!IsListSpace(list[i])) last = i;
      ++i;
    }
    items.push_back(list.substr(begin, last + 1 - begin));
  }
  return items;
}

}  // namespace classad
