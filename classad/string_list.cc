#include "classad/string_list.h"

namespace classad {
namespace {

bool IsListSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

char AsciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

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

std::optional<std::string_view> ChooseUserMapItem(std::string_view groups,
                                                  std::string_view preferred) {
  const std::vector<std::string_view> items = SplitStringList(groups, ",");
  if (items.empty()) return std::nullopt;
  for (std::string_view item : items) {
    if (item.size() != preferred.size()) continue;
    bool same = true;
    for (size_t i = 0; i < item.size() && same; ++i) {
      same = AsciiLower(item[i]) == AsciiLower(preferred[i]);
    }
    if (same) return item;
  }
  return items.front();
}

}  // namespace classad
