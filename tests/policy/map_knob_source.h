// A KnobSource over a map of knob values, for tests of the Policy parts
// that do not need the configuration reader.
#ifndef POLICY_TESTS_MAP_KNOB_SOURCE_H_
#define POLICY_TESTS_MAP_KNOB_SOURCE_H_

#include <map>
#include <string>

#include "policy/knob_reader.h"
#include "policy/knobs.h"

namespace policy {

class MapKnobSource : public KnobSource {
 public:
  // Knob names are compared case-insensitively; each value is "set" at
  // line N of "test.config", N being its insertion number.
  void Set(const std::string& name, const std::string& value) {
    values_[Upper(name)] = {value, ++line_};
  }
  std::vector<std::string> Names() const {
    std::vector<std::string> names;
    for (const auto& [name, v] : values_) names.push_back(name);
    return names;
  }

  classad::Result<std::optional<KnobText>> Lookup(std::string_view name) const override {
    KnobText text;
    const auto it = values_.find(Upper(std::string(name)));
    if (it != values_.end()) {
      classad::Result<std::string> expanded = Expand(it->second.first);
      if (!expanded.ok()) return expanded.status();
      text.value = *expanded;
      text.where = classad::SourceLocation{"test.config", it->second.second, 1};
    } else if (std::optional<std::string_view> d = ParamTableDefault(name)) {
      classad::Result<std::string> expanded = Expand(*d);
      if (!expanded.ok()) return expanded.status();
      text.value = *expanded;
      text.from_default = true;
    }
    if (text.value.empty()) return std::optional<KnobText>();
    return std::optional<KnobText>(std::move(text));
  }
  // Expands $(NAME) references (no defaults, no functions).
  classad::Result<std::string> Expand(std::string_view text) const override {
    std::string out(text);
    for (int round = 0; round < 20; ++round) {
      const size_t start = out.find("$(");
      if (start == std::string::npos) return out;
      const size_t end = out.find(')', start);
      if (end == std::string::npos) return out;
      const std::string name = out.substr(start + 2, end - start - 2);
      classad::Result<std::optional<KnobText>> v = Lookup(name);
      if (!v.ok()) return v.status();
      out.replace(start, end - start + 1, v->has_value() ? (*v)->value : std::string());
    }
    return classad::Status(classad::StatusCode::kInvalidArgument, "expansion loop");
  }

 private:
  static std::string Upper(std::string s) {
    for (char& c : s) {
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    return s;
  }
  std::map<std::string, std::pair<std::string, int>> values_;
  int line_ = 0;
};

}  // namespace policy

#endif  // POLICY_TESTS_MAP_KNOB_SOURCE_H_
