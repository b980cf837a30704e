// ConfigKnobSource: a Config read as HTCondor's param() reads it, for
// KnobReader: the expanded value, an empty one counted as unset, with the
// position of its definition.
#ifndef POLICY_CONFIG_KNOB_SOURCE_H_
#define POLICY_CONFIG_KNOB_SOURCE_H_

#include <optional>
#include <string>
#include <string_view>

#include "policy/config.h"
#include "policy/knob_reader.h"

namespace policy {

// Borrows `config`, which must outlive it. Thread-safe as Config's const
// methods are.
class ConfigKnobSource : public KnobSource {
 public:
  explicit ConfigKnobSource(const Config& config) : config_(config) {}

  classad::Result<std::optional<KnobText>> Lookup(std::string_view name) const override {
    classad::Result<std::optional<ExpandedValue>> found = config_.Lookup(name);
    if (!found.ok()) return found.status();
    if (!found->has_value() || (*found)->value.empty()) return std::optional<KnobText>();
    KnobText text;
    text.value = std::move((*found)->value);
    if ((*found)->entry != nullptr) {
      text.where = (*found)->entry->value_at;
    } else {
      text.from_default = true;
    }
    return std::optional<KnobText>(std::move(text));
  }
  classad::Result<std::string> Expand(std::string_view text) const override {
    return config_.Expand(text);
  }

 private:
  const Config& config_;
};

}  // namespace policy

#endif  // POLICY_CONFIG_KNOB_SOURCE_H_
