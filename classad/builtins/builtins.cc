#include "classad/builtins/builtins.h"

#include <algorithm>

#include "classad/classad.h"

namespace classad {
namespace {

// The table, built once on first use and immutable afterwards.
class BuiltinTable {
 public:
  BuiltinTable() {
    BuiltinTableBuilder builder;
    RegisterTypeBuiltins(builder);
    RegisterMathBuiltins(builder);
    RegisterListBuiltins(builder);
    RegisterStringBuiltins(builder);
    RegisterStringListBuiltins(builder);
    RegisterRegexBuiltins(builder);
    RegisterTimeBuiltins(builder);
    RegisterVersionBuiltins(builder);
    entries_ = builder.entries();
    std::sort(entries_.begin(), entries_.end(), [](const Builtin& a, const Builtin& b) {
      return Less(a.name, b.name);
    });
  }

  const Builtin* Find(std::string_view name) const {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), name,
                               [](const Builtin& b, std::string_view n) { return Less(b.name, n); });
    if (it != entries_.end() && AttributeNamesEqual(it->name, name)) return &*it;
    return nullptr;
  }

  const std::vector<Builtin>& entries() const { return entries_; }

 private:
  static bool Less(std::string_view a, std::string_view b) {
    size_t n = std::min(a.size(), b.size());
    for (size_t i = 0; i < n; ++i) {
      unsigned char x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
      if (x >= 'A' && x <= 'Z') x = static_cast<unsigned char>(x + 32);
      if (y >= 'A' && y <= 'Z') y = static_cast<unsigned char>(y + 32);
      if (x != y) return x < y;
    }
    return a.size() < b.size();
  }

  std::vector<Builtin> entries_;
};

const BuiltinTable& Table() {
  static const BuiltinTable table;
  return table;
}

}  // namespace

const Builtin* FindBuiltin(std::string_view name) { return Table().Find(name); }

std::vector<const Builtin*> AllBuiltins() {
  std::vector<const Builtin*> all;
  for (const Builtin& b : Table().entries()) all.push_back(&b);
  return all;
}

}  // namespace classad
