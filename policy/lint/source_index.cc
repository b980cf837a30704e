// SourceIndex (source_index.h).
#include "policy/lint/source_index.h"

namespace policy::lint {

SourceIndex SourceIndex::Build(
    const std::vector<std::string>& files,
    const std::function<std::optional<std::string>(const std::string&)>& read) {
  SourceIndex index;
  for (const std::string& name : files) {
    if (index.files_.count(name) != 0) continue;
    std::optional<std::string> bytes = read(name);
    if (!bytes) continue;
    File& file = index.files_[name];
    file.bytes = std::move(*bytes);
    const std::string_view all = file.bytes;
    size_t start = 0;
    while (start < all.size()) {
      size_t end = all.find('\n', start);
      if (end == std::string_view::npos) end = all.size();
      std::string_view line = all.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      file.physical.push_back(line);
      start = end + 1;
    }
    file.logical_of_line.assign(file.physical.size(), -1);
    classad::Result<std::vector<SourceLine>> lines = SplitLogicalLines(all, name, SourceLimits{});
    if (!lines.ok()) continue;
    file.logical = std::move(*lines);
    for (size_t i = 0; i < file.logical.size(); ++i) {
      const SourceLine& l = file.logical[i];
      for (int p = l.first_line; p <= l.last_line; ++p) {
        if (p >= 1 && static_cast<size_t>(p) <= file.logical_of_line.size()) {
          file.logical_of_line[p - 1] = static_cast<int>(i);
        }
      }
    }
  }
  return index;
}

std::optional<std::string_view> SourceIndex::PhysicalLine(const std::string& file, int line) const {
  auto it = files_.find(file);
  if (it == files_.end() || line < 1 || static_cast<size_t>(line) > it->second.physical.size()) {
    return std::nullopt;
  }
  return it->second.physical[line - 1];
}

const SourceLine* SourceIndex::LogicalLine(const std::string& file, int line) const {
  auto it = files_.find(file);
  if (it == files_.end() || line < 1 ||
      static_cast<size_t>(line) > it->second.logical_of_line.size()) {
    return nullptr;
  }
  const int index = it->second.logical_of_line[line - 1];
  return index < 0 ? nullptr : &it->second.logical[index];
}

const std::vector<SourceLine>& SourceIndex::LogicalLines(const std::string& file) const {
  static const std::vector<SourceLine>* const kEmpty = new std::vector<SourceLine>();
  auto it = files_.find(file);
  return it == files_.end() ? *kEmpty : it->second.logical;
}

}  // namespace policy::lint
